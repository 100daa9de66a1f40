"""Card effects of EX Dragon Frontiers (ex15), cards 1-50, as data in the effect vocabulary
(``vocab.py``, ``search.py``, ``vocab_ex5.py`` ... ``vocab_ex15.py``) and the era's rules of
``holon.py``; facts in data/sets/ex15.json (cards 51-101: ``effect_data_ex15b.py``). The
effects are described in the project's own words (card text is never stored). Cards not
listed here stay unimplemented: ``ptcg coverage --set ex15`` lists them and a deck holding
one is refused at set-up.

Dragon Frontiers' δ Pokémon are single-typed; "has δ on its card" is ``holon.is_delta``."""

from __future__ import annotations

from collections.abc import Callable

from turnkeeper.rulesets.ptcg import effect_data as _ex1_to_ex4  # noqa: F401 (reprints)
from turnkeeper.rulesets.ptcg import effect_data_ex7 as _ex7
from turnkeeper.rulesets.ptcg import effect_data_ex11 as _ex11  # noqa: F401 (reprints)
from turnkeeper.rulesets.ptcg import registry as reg
from turnkeeper.rulesets.ptcg.baby import baby_evolution
from turnkeeper.rulesets.ptcg.board import energy_of_type, types_of
from turnkeeper.rulesets.ptcg.cards import Attack, bundled_cards
from turnkeeper.rulesets.ptcg.context import Ctx
from turnkeeper.rulesets.ptcg.damage import counters
from turnkeeper.rulesets.ptcg.markers import any_marked
from turnkeeper.rulesets.ptcg.power import PowerParams
from turnkeeper.rulesets.ptcg.questions_nested import UseOpponentSupporter
from turnkeeper.rulesets.ptcg.registry import DamageBody
from turnkeeper.rulesets.ptcg.search import Cards, Gust, Search, SelfSwitch, Usable
from turnkeeper.rulesets.ptcg.set_data import SetEffects, register_set
from turnkeeper.rulesets.ptcg.state import SPECIAL_CARDS, Mon, PtcgState
from turnkeeper.rulesets.ptcg.vocab import (
    Condition,
    Draw,
    Flip,
    Guard,
    Heal,
    Hit,
    If,
    Later,
    NoRetreat,
    PlusIf,
    PlusIfHeads,
    PlusPer,
    Run,
    SelfDamage,
    Step,
    TargetHit,
    TimesCount,
    register_program,
    run_program,
)
from turnkeeper.rulesets.ptcg.vocab_ex5 import DefendingNoAttack
from turnkeeper.rulesets.ptcg.vocab_ex8 import DrawBottom, IfEnergy, MayDo
from turnkeeper.rulesets.ptcg.vocab_ex11 import top_is_delta
from turnkeeper.rulesets.ptcg.vocab_ex12 import (
    DiscardEnergyToDeckTop,
    MoveOneCounter,
    basic_energy_in_discard,
    seat_of,
)
from turnkeeper.rulesets.ptcg.vocab_ex13 import PlusPerOwnDelta
from turnkeeper.rulesets.ptcg.vocab_ex15 import (
    CureAndUnmarkOwn,
    DeltaMindCounters,
    DiscardPokemonForBenchHit,
    IfOwnTool,
    PlusIfDefendingDelta,
    VolunteerSwap,
    WeakenDefendingNextTurn,
)
from turnkeeper.rulesets.ptcg.vocab_sets import PlusPerCard, TrainerOf


def _c(*which: str) -> Condition:
    return Condition(which)


def _on_heads(*which: str) -> Flip:
    """Flip a coin: heads, the Defending Pokémon gets these Special Conditions."""
    return Flip(heads=(Condition(which),))


# (card id, attack name) -> the steps of the attack
ATTACK_STEPS: dict[tuple[str, str], tuple[Step, ...]] = {
    # 10 more per δ Pokémon of the player in play (all of them under its own Holon Veil)
    ("ex15-1", "Delta Circle"): (PlusPerOwnDelta(10),),
    # theme deck Power Wave (d-ex15-1)
    ("ex15-2", "Drag Off"): (Gust(optional=True), Hit()),  # as ex12-23's
    ("ex15-14", "Grind"): (PlusPer(10, "own_energy"),),
    ("ex15-20", "Spiral Drain"): (Hit(), Heal(1)),
    ("ex15-22", "Smokescreen"): (Hit(), Later("smokescreen")),
    ("ex15-27", "Scary Face"): (Flip(heads=(DefendingNoAttack(), NoRetreat())),),  # as ex9-15's
    ("ex15-50", "Sleepy Ball"): (Hit(), _c("asleep")),
    # theme deck Shadow Blaze (d-ex15-2)
    ("ex15-12", "Burning Ball"): (Hit(), IfEnergy("Fire", (_c("burned"),), at_least=2)),
    ("ex15-13", "Burning Venom"): (_c("burned", "poisoned"),),
    ("ex15-13", "Strangle"): (PlusIfDefendingDelta(30),),
    ("ex15-19", "Lap Up"): (Draw(2),),
    ("ex15-19", "Delta Mind"): (DeltaMindCounters(1, delta_n=3),),
    ("ex15-24", "Quick Blow"): (PlusIfHeads(20),),
    ("ex15-33", "Flickering Flames"): (Hit(), _c("asleep")),
    ("ex15-36", "Quick Attack"): (PlusIfHeads(20),),
    ("ex15-45", "Swift"): (Hit(wr=False, effects=False),),
    # the rest, in number order
    ("ex15-3", "Dig Deep"): (Search((Cards(kind="energy"),), src=("discard",), must=True),),
    ("ex15-3", "Extra Claws"): (PlusIf(20, "defending_ex"),),
    ("ex15-4", "Delta Reduction"): (Hit(), WeakenDefendingNextTurn(30)),
    ("ex15-6", "Linear Attack"): (TargetHit(30),),  # as ex6-7's
    ("ex15-6", "Dark Horn"): (Hit(), DiscardPokemonForBenchHit(20)),
    ("ex15-7", "Vengeance"): (PlusPerCard(10, "discard", Cards(kind="pokemon"), cap=60),),
    ("ex15-8", "Trick Tail"): (
        Hit(),
        Search((Cards(kind="energy"),), src=("discard",), dest="attach_own"),
    ),
    ("ex15-9", "Delta Call"): (Search((Cards(kind="pokemon", delta=True),)),),
    ("ex15-15", "Ice Beam"): (Hit(), _on_heads("paralyzed")),
    ("ex15-15", "Surge"): (IfEnergy("Water", (PlusIf(20, "always"),), at_least=2), Hit()),
    ("ex15-16", "Sting Turn"): (
        Flip(heads=(Condition(("paralyzed",)), SelfSwitch(optional=False))),
    ),
    ("ex15-16", "Tail Sting"): (
        PlusIf(10, "defending_ex"),
        Hit(),
        If("defending_ex", (_c("poisoned"),)),
    ),
    ("ex15-18", "Metal Star"): (Hit(), IfOwnTool((Draw(3),))),
    ("ex15-21", "Pump Out"): (IfOwnTool((PlusIf(20, "always"),)), Hit()),
    ("ex15-23", "Grind"): (TimesCount("own_energy"),),
    ("ex15-25", "Confuse Ray"): (Hit(), _on_heads("confused")),
    ("ex15-26", "Poisonpowder"): (Hit(), _c("poisoned")),
    ("ex15-28", "Wrap"): (_on_heads("paralyzed"),),
    ("ex15-29", "Swift"): (Hit(wr=False, effects=False),),
    ("ex15-30", "Thundershock"): (Hit(), _on_heads("paralyzed")),
    ("ex15-31", "Reverse Thrust"): (Hit(), SelfSwitch(optional=False)),
    ("ex15-34", "Poison Sting"): (Hit(), _c("poisoned")),
    ("ex15-35", "Rage"): (PlusPer(10, "own_counters"),),
    ("ex15-37", "Extra Ball"): (PlusIf(30, "defending_ex"),),
    ("ex15-38", "Double-edge"): (Hit(), SelfDamage(1)),
    ("ex15-39", "Collect"): (Draw(1),),
    ("ex15-39", "Flickering Tail"): (
        PlusIf(10, "defending_ex"),
        Hit(),
        If("defending_ex", (_c("asleep"),)),
    ),
    ("ex15-40", "Agility"): (Hit(), Flip(heads=(Guard(effects=True),))),
    ("ex15-41", "Charm"): (WeakenDefendingNextTurn(20),),
    ("ex15-42", "Sonic Noise"): (Hit(), If("defending_ex", (_c("confused"),))),
    ("ex15-43", "Granite Head"): (Hit(), Guard(10)),  # a Guard is taken off after W/R
    ("ex15-44", "Sleep Powder"): (_c("asleep"),),
    ("ex15-48", "Thunder Spear"): (TargetHit(10),),
    ("ex15-49", "Flail"): (TimesCount("own_counters"),),
}


def _deck(s: PtcgState, seat: int, slot: int) -> str | None:
    return None if s.sides[seat].deck else "the deck is empty"


def _just_evolved(s: PtcgState, seat: int, slot: int) -> str | None:
    """A Poké-Power used "when you play it from your hand to evolve": only in the turn it
    evolved (read as ex11's Prowl and the Evolutionary Powers are)."""
    mon = s.sides[seat].mon(slot)
    if mon is None or mon.evolved != s.turn:
        return "only in the turn it was played from the hand to evolve"
    return None


def _just_evolved_with_deck(s: PtcgState, seat: int, slot: int) -> str | None:
    return _just_evolved(s, seat, slot) or _deck(s, seat, slot)


_TOOL = TrainerOf(trainer="tool")


def _dig_up(s: PtcgState, seat: int, slot: int) -> str | None:
    if any(_TOOL.matches(s.card(c)) for c in s.sides[seat].discard):
        return _just_evolved(s, seat, slot)
    return _just_evolved(s, seat, slot) or "no Pokémon Tool card in the discard pile"


def _shady_move(s: PtcgState, seat: int, slot: int) -> str | None:
    """Shady Move (as Banette ex's, ex12-85): only while Typhlosion is the Active Pokémon,
    with a damage counter in play to move."""
    if slot != 0:
        return "Typhlosion is not the Active Pokémon"
    damaged = any(m.damage for side in s.sides for _, m in side.in_play())
    return None if damaged else "no Pokémon in play has a damage counter"


def _basic_energy_discarded(s: PtcgState, seat: int, slot: int) -> str | None:
    return None if basic_energy_in_discard(s, seat) else "no basic Energy card in the discard pile"


def _on_vulpix(s: PtcgState, seat: int, slot: int) -> str | None:
    """Volunteer: Ninetales must sit on a Vulpix (an Evolved Pokémon)."""
    mon = s.sides[seat].mon(slot)
    if mon is None or len(mon.stack) < 2 or s.card(mon.stack[-2]).name != "Vulpix":
        return "Ninetales is not on a Vulpix"
    return None


def _one_sharing(s: PtcgState, seat: int, slot: int) -> str | None:
    """Sharing's limit: one Sharing Poké-Power a turn per player, whichever card uses it."""
    if any(used.endswith(":Sharing") for used in s.powers_used):
        return "a Sharing was used this turn already (one a turn per player)"
    return None


def _active_snorlax(s: PtcgState, seat: int, slot: int) -> str | None:
    return None if slot == 0 else "Snorlax is not the Active Pokémon"


def _evolved_with_deck(s: PtcgState, seat: int, slot: int) -> str | None:
    """Power of Evolution: only while Electabuzz is an Evolved Pokémon (on an Elekid), with
    a deck to draw from."""
    mon = s.sides[seat].mon(slot)
    if mon is None or len(mon.stack) < 2:
        return "Electabuzz is not an Evolved Pokémon"
    return _deck(s, seat, slot)


# (card id, Poké-Power) -> (summary, steps, usable); a Special Condition on the Pokémon and
# the once-a-turn limit are the engine's (power.py)
POWER_STEPS: dict[tuple[str, str], tuple[str, tuple[Step, ...], Usable]] = {
    ("ex15-4", "Evolutionary Call"): (
        "in the turn it evolved from the hand: up to 3 Pokémon cards from the deck into the hand",
        (Search((Cards(kind="pokemon"),), n=3),),
        _just_evolved_with_deck,
    ),
    ("ex15-7", "Invitation"): (
        "a Pokémon card (Basic or Evolution) from the deck into the hand",
        (Search((Cards(kind="pokemon"),)),),
        _deck,
    ),
    ("ex15-12", "Shady Move"): (
        "while Active: move 1 damage counter from a Pokémon in play to another (either "
        "player's)",
        (MoveOneCounter(),),
        _shady_move,
    ),
    ("ex15-18", "Prowl"): (  # as ex11-50's
        "in the turn it evolved from the hand: any 1 card of the deck into the hand",
        (Search((Cards(),)),),
        _just_evolved_with_deck,
    ),
    ("ex15-20", "Power Circulation"): (  # as ex12-43's
        "a basic Energy card from the discard pile on top of the deck, then 1 damage counter "
        "on Mantine",
        (DiscardEnergyToDeckTop(),),
        _basic_energy_discarded,
    ),
    ("ex15-21", "Dig Up"): (
        "in the turn it evolved from the hand: up to 2 Pokémon Tool cards from the discard "
        "pile into the hand",
        (Search((_TOOL,), n=2, src=("discard",)),),
        _dig_up,
    ),
    ("ex15-29", "Power of Evolution"): (
        "while an Evolved Pokémon: draw the bottom card of the deck",
        (DrawBottom(1),),
        _evolved_with_deck,
    ),
    ("ex15-48", "Baby Evolution"): baby_evolution("Electabuzz"),
    # the opponent's hand is shown; a Supporter's effect there may be used by the player, as
    # Sableye's Supernatural does (questions_nested.py): no Supporter card is played
    ("ex15-5", "Sharing"): (
        "look at the opponent's hand and use the effect of a Supporter there (one Sharing a "
        "turn)",
        (UseOpponentSupporter(),),
        _one_sharing,
    ),
    ("ex15-8", "Volunteer"): (
        "4 damage counters off Ninetales, which is discarded from its Vulpix; then Ninetales "
        "or Ninetales ex from the deck onto that Vulpix (evolving)",
        (VolunteerSwap(),),
        _on_vulpix,
    ),
    # usable with no damage counter on it too: it still falls Asleep (Bedhead's way in)
    ("ex15-10", "Dozing"): (
        "while Active: 2 damage counters off Snorlax, and it is now Asleep",
        (Heal(2), Condition(("asleep",), who="self")),
        _active_snorlax,
    ),
}


def _opponent_hand_5(s: PtcgState, mon: Mon, attacker: Mon) -> bool:
    # Armor: while the opponent of Pinsir's player holds 5 or more cards
    return len(s.sides[1 - seat_of(s, mon)].hand) >= 5


def _delta_attacker(s: PtcgState, mon: Mon, attacker: Mon) -> bool:
    return top_is_delta(s, attacker)


# (card id, Poké-Body) -> (summary, how it changes the damage its Pokémon takes)
DAMAGE_BODIES: dict[tuple[str, str], tuple[str, DamageBody]] = {
    ("ex15-9", "Armor"): (
        "while the opponent holds 5 or more cards: 30 less damage from attacks, after W/R",
        DamageBody(reduce=30, when=_opponent_hand_5),
    ),
    ("ex15-15", "Delta Protection"): (
        "40 less damage from attacks of the opponent's δ Pokémon, after W/R",
        DamageBody(reduce=40, when=_delta_attacker),
    ),
}


def _delta_attacking(s: PtcgState, attacker: Mon, target: Mon) -> bool:
    return top_is_delta(s, attacker)


def _stage2_ex_attacking(s: PtcgState, attacker: Mon, target: Mon) -> bool:
    return s.top(attacker).ex and s.stage_in_play(attacker) == "stage2"


# (card id, Poké-Body) -> (summary, a damage modifier of the attacker's side: "attacker_side"
# with a ``when`` on the attacking Pokémon, read by damage.hit with board.body_off)
SIDE_DAMAGE_MODS: dict[tuple[str, str], tuple[str, reg.DamageMod]] = {
    ("ex15-2", "Battle Aura"): (
        "each of its player's δ Pokémon does 10 more to the Defending Pokémon (before W/R)",
        reg.DamageMod(
            "attacker_side",
            10,
            before=True,
            active_only=True,
            name="Battle Aura",
            when=_delta_attacking,
        ),
    ),
    ("ex15-25", "Extra Feather"): (
        "each of its player's Stage 2 Pokémon-ex does 10 more to the Defending Pokémon "
        "(before W/R)",
        reg.DamageMod(
            "attacker_side",
            10,
            before=True,
            active_only=True,
            name="Extra Feather",
            when=_stage2_ex_attacking,
        ),
    ),
}


def _psychic_energy(s: PtcgState, mon: Mon) -> bool:
    return energy_of_type(s, mon, "Psychic") > 0


# card id -> (summary, the Poké-Body that makes its own Retreat Cost 0 while a test holds)
RETREAT_BODIES: dict[str, tuple[str, reg.RetreatBody]] = {
    "ex15-24": (
        "Retreat Cost 0 with Psychic Energy attached",
        reg.RetreatBody("Psychic Wing", _psychic_energy),
    ),
}


def _stage2_ex(s: PtcgState, mon: Mon) -> bool:
    return s.top(mon).ex and s.stage_in_play(mon) == "stage2"


# card id -> (summary, a Poké-Body making the Retreat Cost of its player's other Pokémon 0
# while a test holds for that Pokémon)
RETREAT_AURAS: dict[str, tuple[str, reg.RetreatBody]] = {
    "ex15-40": (
        "its player's Stage 2 Pokémon-ex have Retreat Cost 0",
        reg.RetreatBody("Extra Wing", _stage2_ex),
    ),
}


def _fire_or_psychic(s: PtcgState, mon: Mon, active: bool) -> int:
    """Stages of Evolution (Jynx δ ex15-17): 1 Colorless less for a Fire or Psychic Pokémon
    of its player (``where="evolved"``: only while Jynx is an Evolved Pokémon)."""
    kinds = types_of(s, mon)
    return 1 if "Fire" in kinds or "Psychic" in kinds else 0


def _fire_or_psychic_self(s: PtcgState, jynx: Mon, active: bool) -> int:
    """Stages of Evolution on Jynx δ itself (a Fire Pokémon of its player), while Evolved."""
    return _fire_or_psychic(s, jynx, active) if len(jynx.stack) > 1 else 0


# card id -> (summary, a Poké-Body lowering the Retreat Cost of its player's other Pokémon
# (reg.RETREAT_HELPS) and of its own (reg.RETREAT_SELF_HELPS))
RETREAT_HELPS: dict[str, tuple[str, reg.RetreatHelp, reg.RetreatHelp]] = {
    "ex15-17": (
        "while Jynx is an Evolved Pokémon: its player's Fire and Psychic Pokémon, Jynx "
        "included, retreat for 1 Colorless less",
        reg.RetreatHelp("Stages of Evolution", "evolved", _fire_or_psychic),
        reg.RetreatHelp("Stages of Evolution", "evolved", _fire_or_psychic_self),
    ),
}


# (card id, Poké-Body) -> summary: while it is its player's only Pokémon in play, the
# opponent's Basic Pokémon cannot attack (reg.LONE_BASIC_BANS, as Skarmory's ex11-55)
LONE_BASIC_BANS: dict[tuple[str, str], str] = {
    ("ex15-3", "Shining Horn"): "as its player's only Pokémon: the opponent's Basics can't attack",
}


def _delta_benched(s: PtcgState, mon: Mon) -> bool:
    return top_is_delta(s, mon)


# card id -> (Poké-Body name, which of its player's Benched Pokémon every effect of the
# opponent's attacks is kept off: reg.BENCH_GUARDS)
BENCH_GUARDS: dict[str, tuple[str, Callable[[PtcgState, Mon], bool]]] = {
    "ex15-14": ("Solid Shell", _delta_benched),
}

def _bedhead(ctx: Ctx, seat: int, asleep_seat: int) -> bool:
    """Bedhead (Snorlax δ ex15-10): Snorlax itself still Asleep after its coin between turns:
    2 damage counters on the opponent's Active (Defending) Pokémon."""
    if seat != asleep_seat or ctx.s.sides[1 - seat].active is None:
        return False
    counters(ctx, 1 - seat, 0, 2)
    return True


# card id -> (summary, its between-turns Poké-Body: reg.CHECKUP_BODIES, while Active)
CHECKUP_BODIES: dict[str, tuple[str, reg.CheckupBody]] = {
    "ex15-10": (
        "still Asleep after its coin between turns: 2 damage counters on the Defending Pokémon",
        reg.CheckupBody("Bedhead", stays_asleep=_bedhead),
    ),
}


def _power_refused(ctx: Ctx, seat: int, slot: int, params: PowerParams) -> None:
    raise AssertionError("refused as an action (_used_by_itself)")  # pragma: no cover


def _used_by_itself(s: PtcgState, seat: int, slot: int) -> str | None:
    return "it is used only as the card says: as its Pokémon is benched from the hand"


_TROPICAL_HEAL = (MayDo((CureAndUnmarkOwn(),)),)


def _tropical_heal(ctx: Ctx, seat: int, slot: int) -> None:
    """Tropical Heal (Tropius δ ex15-23), as Tropius is benched from the hand: the player is
    asked whether to use it only when one of their Pokémon has a Special Condition or a
    marker (markers.py)."""
    side = ctx.s.sides[seat]
    if not any(m.has_condition() for _, m in side.in_play()) and not any_marked(ctx.s, seat):
        return
    r = Run(0, attack="Tropical Heal", prog="ex15-23:Tropical Heal")
    r.slot = slot
    run_program(ctx, seat, _TROPICAL_HEAL, r)


def _register_bench_power() -> None:
    card_id, name = "ex15-23", "Tropical Heal"
    power = bundled_cards()[card_id].power(name)
    if power is None or power.kind != "power" or (card_id, name) in reg.POWERS:
        raise ValueError(f"effect_data_ex15: {card_id} has no Poké-Power {name!r} to add")
    register_program(f"{card_id}:{name}", "power", name, _TROPICAL_HEAL)
    reg.POWERS[(card_id, name)] = reg.PowerEffect(
        "as it is benched from the hand: every Special Condition and marker may come off the "
        "player's Pokémon",
        _power_refused,
        _used_by_itself,
    )
    reg.BENCH_POWERS[card_id] = (name, _tropical_heal)
    SPECIAL_CARDS.add(card_id)  # bench.run_bench asks BENCH_POWERS in special games only


# Pokémon reprinted with the same attacks (and Powers, Bodies) as an earlier print: each of
# its effects shares the earlier card's handler
POKEMON_REPRINTS: dict[str, str] = {
    "ex15-32": "ex2-40",  # Kirlia: Psyshock, Link Blast
}


def _new_body(card_id: str, name: str) -> None:
    power = bundled_cards()[card_id].power(name)
    if power is None or power.kind != "body" or (card_id, name) in reg.BODIES:
        raise ValueError(f"effect_data_ex15: {card_id} has no Poké-Body {name!r} to add")


def _register_bodies() -> None:
    for (card_id, name), (summary, mod) in SIDE_DAMAGE_MODS.items():
        _new_body(card_id, name)
        if card_id in reg.DAMAGE_MODS:
            raise ValueError(f"effect_data_ex15: {card_id} has a damage modifier already")
        reg.BODIES[(card_id, name)] = reg.BodyEffect(summary)
        reg.DAMAGE_MODS[card_id] = mod
        SPECIAL_CARDS.add(card_id)  # damage.hit reads the attacker's side in special games
    for card_id, (summary, free) in RETREAT_BODIES.items():
        _new_body(card_id, free.name)
        reg.BODIES[(card_id, free.name)] = reg.BodyEffect(summary)
        reg.RETREAT_BODIES[card_id] = free
        SPECIAL_CARDS.add(card_id)
    for card_id, (summary, aura) in RETREAT_AURAS.items():
        _new_body(card_id, aura.name)
        reg.BODIES[(card_id, aura.name)] = reg.BodyEffect(summary)
        reg.RETREAT_AURAS[card_id] = aura
        SPECIAL_CARDS.add(card_id)
    for card_id, (summary, others, itself) in RETREAT_HELPS.items():
        _new_body(card_id, others.name)
        if card_id in reg.RETREAT_HELPS or card_id in reg.RETREAT_SELF_HELPS:
            raise ValueError(f"effect_data_ex15: {card_id} has a Retreat help already")
        reg.BODIES[(card_id, others.name)] = reg.BodyEffect(summary)
        reg.RETREAT_HELPS[card_id] = others
        reg.RETREAT_SELF_HELPS[card_id] = itself
        SPECIAL_CARDS.add(card_id)  # board.retreat_cost reads them in special games only
    for (card_id, name), summary in LONE_BASIC_BANS.items():
        _new_body(card_id, name)
        reg.BODIES[(card_id, name)] = reg.BodyEffect(summary)
        reg.LONE_BASIC_BANS[card_id] = name
        SPECIAL_CARDS.add(card_id)
    for card_id, (summary, checkup) in CHECKUP_BODIES.items():
        _new_body(card_id, checkup.name)
        reg.BODIES[(card_id, checkup.name)] = reg.BodyEffect(summary)
        reg.CHECKUP_BODIES[card_id] = checkup
        SPECIAL_CARDS.add(card_id)
    for card_id, (name, which) in BENCH_GUARDS.items():
        _new_body(card_id, name)
        reg.BODIES[(card_id, name)] = reg.BodyEffect(
            "every effect of the opponent's attacks, damage included, is kept off its "
            "player's Benched δ Pokémon"
        )
        reg.BENCH_GUARDS[card_id] = (name, which)
        SPECIAL_CARDS.add(card_id)


def _opponent_delta_attacks(s: PtcgState, seat: int) -> list[tuple[str, Attack]]:
    """Delta Copy's choices: the attacks of the opponent's δ Pokémon in play (Active or
    Benched), by their top card."""
    return [
        (s.cards[mon.stack[-1]], attack)
        for _, mon in s.sides[1 - seat].in_play()
        if top_is_delta(s, mon)
        for attack in s.top(mon).attacks
    ]


def _register_delta_copy() -> None:
    """Togetic δ's Delta Copy (ex15-11): one attack of the opponent's δ Pokémon in play, used
    as Mini-Metronome uses one (``effect_data_ex7.copy_attack``: without its Energy cost, its
    own choices made, Togetic keeping its type); with no δ Pokémon there it does nothing."""
    key = ("ex15-11", "Delta Copy")
    if key in reg.ATTACKS or bundled_cards()[key[0]].attack(key[1]) is None:
        raise ValueError("effect_data_ex15: ex15-11 has no Delta Copy to add, or a handler")
    reg.ATTACKS[key] = _ex7.copy_attack(
        "use an attack of one of the opponent's δ Pokémon in play (copy)",
        _opponent_delta_attacks,
        coin=False,
    )
    _ex7.COPYING.add(key)  # a copying attack is never offered for copying


def _register_pokemon_reprints() -> None:
    cards = bundled_cards()
    for card_id, same_as in POKEMON_REPRINTS.items():
        card, original = cards[card_id], cards[same_as]
        names = [a.name for a in card.attacks]
        if card.name != original.name or names != [a.name for a in original.attacks]:
            raise ValueError(f"effect_data_ex15: {card_id} is no reprint of {same_as}")
        if card.powers or original.powers:
            raise ValueError(f"effect_data_ex15: {card_id}: Powers and Bodies are not mapped")
        for name in names:
            attack = card.attack(name)
            if attack is None or not attack.effect:
                continue
            if (card_id, name) in reg.ATTACKS or (same_as, name) not in reg.ATTACKS:
                raise ValueError(f"effect_data_ex15: {card_id} {name!r} cannot share a handler")
            reg.ATTACKS[(card_id, name)] = reg.ATTACKS[(same_as, name)]


# Holon Veil (Ampharos δ ex15-1): while it works, every Pokémon card of its player is δ
# Species (reading ptcg.ex15.holon-veil: delta_veil.py; reg.DELTA_VEIL_BODIES)
HOLON_VEILS: dict[str, str] = {"ex15-1": "Holon Veil"}


def _register_holon_veil() -> None:
    for card_id, name in HOLON_VEILS.items():
        _new_body(card_id, name)
        reg.BODIES[(card_id, name)] = reg.BodyEffect(
            "while it is in play: every Pokémon card of its player (deck, discard pile, hand, "
            "in play) counts as a δ Pokémon"
        )
        reg.DELTA_VEIL_BODIES[card_id] = name
        SPECIAL_CARDS.add(card_id)  # delta_veil.delta_veiled asks it in special games only


def register() -> None:
    register_set(
        SetEffects(
            "effect_data_ex15",
            attacks=ATTACK_STEPS,
            powers=POWER_STEPS,
            damage_bodies=DAMAGE_BODIES,
        )
    )
    _register_bodies()
    _register_pokemon_reprints()
    _register_bench_power()
    _register_delta_copy()
    _register_holon_veil()


register()
