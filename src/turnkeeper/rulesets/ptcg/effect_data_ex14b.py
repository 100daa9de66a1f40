"""Card effects of EX Crystal Guardians (ex14) cards 31-100, the second half of the set by
number (the first half is ``effect_data_ex14.py``), as data in the effect vocabulary
(``vocab.py``, ``search.py``, ``vocab_ex6.py`` ... ``vocab_ex14b.py``); facts in
data/sets/ex14.json. The effects are described in the project's own words (card text is never
stored). Cards not listed here stay unimplemented: ``ptcg coverage --set ex14`` lists them and
a deck holding one is refused at set-up."""

from __future__ import annotations

from collections.abc import Callable

import msgspec

from turnkeeper.rulesets.ptcg import effect_data as _ex1_to_ex4_data  # noqa: F401 (reprints)
from turnkeeper.rulesets.ptcg import effect_data_ex8 as _ex8  # noqa: F401 (reprints)
from turnkeeper.rulesets.ptcg import effect_data_ex9 as _ex9  # noqa: F401 (reprints)
from turnkeeper.rulesets.ptcg import effect_data_ex10 as _ex10  # noqa: F401 (reprints)
from turnkeeper.rulesets.ptcg import effect_questions as _ex1_to_ex4  # noqa: F401 (reprints)
from turnkeeper.rulesets.ptcg import effect_rules as _ex1_to_ex4_rules  # noqa: F401 (reprints)
from turnkeeper.rulesets.ptcg import effect_rules_ex6 as _ex6  # noqa: F401 (reprints)
from turnkeeper.rulesets.ptcg import registry as reg
from turnkeeper.rulesets.ptcg.actions import AttackParams
from turnkeeper.rulesets.ptcg.board import body_off, can_pay, energy_of_type, max_hp, powers_off
from turnkeeper.rulesets.ptcg.by_hand import resolve_by_hand
from turnkeeper.rulesets.ptcg.cards import Attack, CardDef, bundled_cards
from turnkeeper.rulesets.ptcg.context import Ctx
from turnkeeper.rulesets.ptcg.damage import hit
from turnkeeper.rulesets.ptcg.effect_data_ex7 import COPYING, copy_attack
from turnkeeper.rulesets.ptcg.lasting import (
    basic_banned,
    power_aura,
    rule_body,
    stadium_blocks_power,
)
from turnkeeper.rulesets.ptcg.power import PowerParams
from turnkeeper.rulesets.ptcg.registry import DamageBody
from turnkeeper.rulesets.ptcg.search import (
    Cards,
    ForbidAttack,
    Gust,
    OpponentSwitch,
    PickTargets,
    Search,
    Usable,
    trainer_program,
)
from turnkeeper.rulesets.ptcg.set_data import SetEffects, register_set
from turnkeeper.rulesets.ptcg.state import SEATS, SPECIAL_CARDS, Mon, PtcgState
from turnkeeper.rulesets.ptcg.vocab import (
    AttachFromHand,
    Condition,
    DiscardDefendingTool,
    DiscardEnergy,
    Draw,
    Flip,
    Guard,
    Heal,
    Hit,
    Later,
    NoAttackNextTurn,
    NoRetreat,
    PlusIfHeads,
    Run,
    SelfDamage,
    Step,
    TailsNothing,
    TargetHit,
    TimesCount,
    register_program,
    run_program,
)
from turnkeeper.rulesets.ptcg.vocab_ex5 import DefendingNoAttack, EvolveFromDeck
from turnkeeper.rulesets.ptcg.vocab_ex8 import MayDo
from turnkeeper.rulesets.ptcg.vocab_ex10 import DefendingSpecialEnergy
from turnkeeper.rulesets.ptcg.vocab_ex10_more import ToDeckBottom
from turnkeeper.rulesets.ptcg.vocab_ex12 import seat_of
from turnkeeper.rulesets.ptcg.vocab_ex14b import (
    BothDiscardTo,
    CountersPerOwnEnergyOnPick,
    DiscardToolsOrStadium,
    HitThenRecoil,
    MayDiscardForMore,
    OpponentNoPowersNextTurn,
    PlusIfDefendingPowered,
    PlusPerPrizeTaken,
    SearchThenEndTurn,
    TimesEnergyFromDiscardToDeck,
    dark_eyes,
    energy_in_discard,
    extra_noise,
    groudons_hard_rock,
    hands_over,
    star_light_cost,
    tool_or_stadium_in_play,
)
from turnkeeper.rulesets.ptcg.vocab_sets import TrainerOf

_BASIC = Cards(stage="basic")


def _c(*which: str) -> Condition:
    return Condition(which)


def _on_heads(*which: str) -> Flip:
    """Flip a coin: heads, the Defending Pokémon gets these Special Conditions."""
    return Flip(heads=(Condition(which),))


# heads: no damage or other effect of the opponent's attacks on it during their next turn
_DETECT = Flip(heads=(Guard(effects=True),))

# (card id, attack name) -> the steps of the attack
ATTACK_STEPS: dict[tuple[str, str], tuple[Step, ...]] = {
    # theme deck Green Cyclone (d-ex14-1)
    ("ex14-45", "Poisonpowder"): (_c("poisoned"),),
    ("ex14-34", "Sleep Powder"): (_c("asleep"),),
    ("ex14-69", "Supersonic"): (_on_heads("confused"),),
    ("ex14-67", "Paralyzing Gaze"): (_on_heads("paralyzed"),),
    ("ex14-32", "Detect"): (_DETECT,),
    ("ex14-53", "Hypnoblast"): (_c("asleep"),),
    ("ex14-33", "Amnesia"): (ForbidAttack(),),
    # theme deck Storm Surge (d-ex14-2)
    ("ex14-43", "Tail Whip"): (Flip(heads=(DefendingNoAttack(),)),),
    ("ex14-61", "Spearhead"): (Draw(1),),
    ("ex14-54", "Vital Pinchers"): (PlusIfHeads(10),),
    # theme deck Earth Shower (d-ex14-3)
    ("ex14-58", "Nap"): (Heal(2),),
    ("ex14-38", "Hug"): (Hit(), NoRetreat()),
    ("ex14-50", "Sand Pit"): (Hit(), NoRetreat()),
    ("ex14-56", "Pure Power"): (PickTargets(2, 10, counters=True, anywhere=True, distinct=False),),
    ("ex14-44", "Flail"): (TimesCount("own_counters"),),
    ("ex14-36", "Roar"): (OpponentSwitch(),),
    ("ex14-36", "Metal Charge"): (Hit(), SelfDamage(1)),
    # the rest, in number order
    ("ex14-31", "Searing Flame"): (Hit(), _c("burned")),
    ("ex14-31", "Firebreathing"): (PlusIfHeads(20),),
    ("ex14-35", "Stretch Vine"): (TargetHit(30, bench_only=True),),
    ("ex14-35", "Sharp Leaf"): (PlusIfHeads(20),),
    ("ex14-37", "Plunder"): (DiscardDefendingTool(), Hit()),  # the Tool goes before the damage
    ("ex14-39", "Self Charge"): (
        Search((Cards(kind="energy", type="Darkness"),), src=("hand",), dest="attach_self"),
    ),
    ("ex14-40", "Ascension"): (EvolveFromDeck("self"),),
    ("ex14-41", "Feint Attack"): (TargetHit(20, wr=False, effects=False),),  # as ex3-34's
    ("ex14-42", "Bubble"): (_on_heads("paralyzed"),),
    ("ex14-46", "Growth"): (AttachFromHand("Grass"),),
    ("ex14-47", "Call for Family"): (Search((_BASIC,), dest="bench"),),
    ("ex14-47", "Rising Lunge"): (PlusIfHeads(20),),
    ("ex14-48", "Retaliate"): (TimesCount("own_counters"),),
    ("ex14-51", "Collect"): (Draw(1),),
    ("ex14-52", "Sniff Out"): (Search((Cards(),), src=("discard",), must=True),),  # as ex8-41's
    ("ex14-52", "Quick Blow"): (PlusIfHeads(10),),
    ("ex14-59", "Take Down"): (SelfDamage(1),),
    ("ex14-62", "Psywave"): (TimesCount("defending_energy"),),
    ("ex14-64", "Bubblebeam"): (_on_heads("paralyzed"),),
    ("ex14-65", "Claw"): (TailsNothing(),),
    ("ex14-66", "Sand Attack"): (Hit(), Later("smokescreen")),  # as ex11-75's
    ("ex14-68", "Shining Claws"): (_on_heads("confused"),),
    # the Pokémon-ex
    ("ex14-89", "Split Bomb"): (PickTargets(2, 30, anywhere=True),),  # as ex13-41's
    ("ex14-89", "Mega Burn"): (Hit(), NoAttackNextTurn(only_this=True)),
    # the opponent picks nothing here: with one Active Pokémon there is one Defending Pokémon
    ("ex14-90", "Drag Off"): (Gust(optional=True), Hit()),
    ("ex14-90", "Burn Away"): (HitThenRecoil(),),
    ("ex14-91", "Upstream"): (TimesEnergyFromDiscardToDeck(10),),
    ("ex14-92", "Derail"): (Hit(), DefendingSpecialEnergy()),  # as ex10-111's
    ("ex14-92", "Hyper Tail"): (PlusIfDefendingPowered(20),),
    ("ex14-93", "Power Blast"): (DiscardEnergy(2),),
    ("ex14-95", "Hydro Shot"): (DiscardEnergy(2), TargetHit(70)),
    ("ex14-94", "Shield Beam"): (Hit(), OpponentNoPowersNextTurn()),
    ("ex14-96", "Power Revenge"): (PlusPerPrizeTaken(10),),
    # 30 to the picked Pokémon, 50 if it has damage counters already (as ex11-2's)
    ("ex14-97", "Target Attack"): (TargetHit(30, bonus=20, bonus_if="damaged"),),
    ("ex14-98", "Ultra Pump"): (MayDiscardForMore(2, 20, 20), Hit()),
    ("ex14-99", "Psychic Select"): (Search((Cards(),), src=("discard",), must=True),),
    ("ex14-100", "Leaf Shade"): (CountersPerOwnEnergyOnPick(),),
}


POWER_STEPS: dict[tuple[str, str], tuple[str, tuple[Step, ...], Usable]] = {
    ("ex14-98", "Energy Recycle"): (
        "3 Energy cards from the discard pile attached to the player's Pokémon as they like; "
        "then the turn ends",
        (
            SearchThenEndTurn(
                (Cards(kind="energy"),), n=3, src=("discard",), dest="attach_own", must=True
            ),
        ),
        energy_in_discard,
    ),
    ("ex14-91", "Constrain"): (
        "each player discards down to 6 cards in the hand, its player first",
        (BothDiscardTo(6),),
        hands_over(6),
    ),
}


# (card id, Poké-Body name) -> (summary, how it changes the damage its Pokémon takes)
DAMAGE_BODIES: dict[tuple[str, str], tuple[str, DamageBody]] = {
    ("ex14-64", "Solid Shell"): ("10 less damage from attacks, after W/R", DamageBody(reduce=10)),
    # the same Body as Feebas ex9-49's (both players' attacks, only while Benched)
    ("ex14-57", "Submerge"): (
        "no damage from attacks (either player's) while Benched",
        reg.DAMAGE_BODIES["ex9-49"],
    ),
    # the once-a-turn mark keeps a second Groudon ex's Hard Rock from acting the same turn
    ("ex14-93", "Hard Rock"): (
        "while a Groudon ex of its player has 1 Energy or less: 20 less damage to its "
        "player's Groudon ex from attacks, after W/R; one Hard Rock a turn",
        DamageBody(reduce=20, when=groudons_hard_rock("ex14-93"), once_a_turn=True),
    ),
}


def _water_energy(s: PtcgState, mon: Mon) -> bool:
    return energy_of_type(s, mon, "Water") > 0


# card id -> (summary, the Poké-Body that makes its Retreat Cost 0 while a test holds)
RETREAT_BODIES: dict[str, tuple[str, reg.RetreatBody]] = {
    "ex14-55": (
        "Retreat Cost 0 with Water Energy attached",
        reg.RetreatBody("Aqua Lift", _water_energy),
    ),
}


def _flotation(s: PtcgState, mon: Mon) -> bool:
    """Flotation (Kyogre ex ex14-95): while one of its player's Kyogre ex of this card, its
    Body on, has 1 Energy or less, each of that player's Kyogre ex retreats for free (a
    reg.RETREAT_AURAS entry: board.retreat_cost asks it for every Pokémon of the side, the
    Kyogre ex itself included)."""
    if s.top(mon).name != "Kyogre ex":
        return False
    owner = seat_of(s, mon)
    return any(
        s.cards[m.stack[-1]] == "ex14-95" and len(m.energy) <= 1 and not body_off(s, m)
        for _, m in s.sides[owner].in_play()
    )


RETREAT_AURAS: dict[str, tuple[str, reg.RetreatBody]] = {
    "ex14-95": (
        "while a Kyogre ex of its player has 1 Energy or less: that player's Kyogre ex "
        "retreat for free",
        reg.RetreatBody("Flotation", _flotation),
    ),
}

# card id -> (summary, Poké-Body name): while it is its player's Active, the opponent's Basic
# Pokémon cannot attack or use Poké-Powers (reg.BASIC_BANS) and their Poké-Bodies are off
# (reg.ABILITY_OFF_AURAS)
BASIC_LOCKS: dict[str, tuple[str, str]] = {
    "ex14-89": (
        "while Active: the opponent's Basic Pokémon cannot attack, and have no Poké-Powers or "
        "Poké-Bodies",
        "Intimidating Armor",
    ),
}


def _opponents_basic(card_id: str) -> Callable[[PtcgState, Mon], bool]:
    def reaches(s: PtcgState, mon: Mon) -> bool:
        # an unevolved Basic Pokémon whose opponent's Active is this card
        if not s.is_unevolved_basic(mon):
            return False
        active = s.sides[1 - seat_of(s, mon)].active
        return active is not None and s.cards[active.stack[-1]] == card_id

    return reaches


# card id -> (Poké-Body name, what it does between turns: lasting.turn_end asks it for every
# Pokémon in play, its Poké-Bodies on)
BETWEEN_TURNS: dict[str, tuple[str, str, Callable[[Ctx, int, int], None]]] = {
    "ex14-92": (
        "Extra Noise",
        "between turns, while Active: 1 damage counter on each of the opponent's Pokémon-ex",
        extra_noise,
    ),
}


# card id -> (summary, Poké-Body name): while its Pokémon is in play, every Pokémon-ex in play
# has no Poké-Powers and pays one Colorless more for its attacks (reg.EX_TAX_BODIES)
EX_TAXES: dict[str, tuple[str, str]] = {
    "ex14-96": (
        "while in play: every Pokémon-ex in play (either player's, this one too) uses no "
        "Poké-Powers and pays one Colorless Energy more for its attacks (one such Body counts)",
        "Extra Liquid",
    ),
}


# card id -> (Poké-Body name, summary, what it does right after an opponent's Pokémon uses a
# Poké-Power: power.after_power_bodies asks it, its Poké-Bodies on)
AFTER_POWER: dict[str, tuple[str, str, Callable[[Ctx, int, int, int, int], None]]] = {
    "ex14-97": (
        "Dark Eyes",
        "2 damage counters on each opposing Pokémon right after it uses a Poké-Power",
        dark_eyes,
    ),
}


# (card id, Poké-Body, attack) -> what the attack costs while the Body works, made from its
# printed cost (reg.COST_OVERRIDES, asked by attack.attack_rule with the Body on)
COST_AURAS: dict[tuple[str, str, str], Callable[[tuple[str, ...]], reg.CostNow]] = {
    ("ex14-94", "Star Light", "Shield Beam"): star_light_cost,
    ("ex14-94", "Star Light", "Super Psy Bolt"): star_light_cost,
}


# Time Travel (Celebi ★): as the opponent's attack's damage would Knock it Out, its player may
# flip a coin; heads, the cards attached to it are discarded and it goes to the bottom of the
# deck instead (reg.AFTER_ATTACK, as Ho-Oh ex's Golden Wing ex10-104: asked as the attack
# ends, before Knock Outs are settled, unless its Poké-Powers are stopped now)
_TIME_TRAVEL_KEY = "ex14-100:Time Travel"
_TIME_TRAVEL: tuple[Step, ...] = (MayDo(then=(Flip(heads=(ToDeckBottom(),)),)),)


def _time_travel(ctx: Ctx, seat: int, slot: int, was_active: bool, attacker: int) -> bool:
    s = ctx.s
    mon = s.sides[seat].mon(slot)
    if mon is None or mon.damage < max_hp(s, mon):
        return False
    if mon.has_condition() or rule_body(s, seat, "power") or stadium_blocks_power(s, mon):
        return False
    if power_aura(s, mon) or basic_banned(s, mon):  # Wise Aura, Intimidating Armor
        return False
    if powers_off(s, mon)[0] or ("no_powers", s.turn) in s.sides[seat].later:
        return False  # its Tool or an Active's Body, or Shield Beam's lock on the player
    ctx.emit("power", p=SEATS[seat], card=mon.stack[0], name="Time Travel")
    r = Run(0, attack="Time Travel", prog=_TIME_TRAVEL_KEY)
    r.slot = slot
    run_program(ctx, seat, _TIME_TRAVEL, r)
    return s.pending is not None


def _only_as_knocked_out(s: PtcgState, seat: int, slot: int) -> str | None:
    return "it is used only as this Pokémon would be Knocked Out by an opponent's attack"


def _never(ctx: Ctx, seat: int, slot: int, params: PowerParams) -> None:
    raise AssertionError("refused as an action (_only_as_knocked_out)")  # pragma: no cover


def _register_time_travel() -> None:
    celebi = "ex14-100"
    power = bundled_cards()[celebi].power("Time Travel")
    if power is None or power.kind != "power" or (celebi, power.name) in reg.POWERS:
        raise ValueError(f"effect_data_ex14b: {celebi} has no Poké-Power Time Travel to add")
    register_program(_TIME_TRAVEL_KEY, "attack", "Time Travel", _TIME_TRAVEL)
    reg.POWERS[(celebi, power.name)] = reg.PowerEffect(
        "as an opponent's attack's damage would Knock it Out: its player may flip a coin; "
        "heads, its attached cards are discarded and it goes to the bottom of the deck",
        _never,
        _only_as_knocked_out,
    )
    reg.AFTER_ATTACK[celebi] = (power.name, _time_travel)
    SPECIAL_CARDS.add(celebi)


# Skill Copy (Alakazam ★ ex14-99): one attack of a Basic Pokémon or Evolution card of the
# hand, used as Mini-Metronome uses one (``effect_data_ex7.copy_attack``: the "copy"
# parameter names "card id:attack", its own choices made, Alakazam ★ keeping its type); the
# card is discarded first, and the attack does nothing unless Alakazam ★ has the Energy that
# attack costs (as Ditto's Copy ex11-38)
SKILL_COPY = ("ex14-99", "Skill Copy")


def _hand_attacks(s: PtcgState, seat: int) -> list[tuple[str, Attack]]:
    """The attacks of the Basic Pokémon and Evolution cards of the player's hand (one entry
    per card id), Skill Copy itself left out."""
    found: dict[str, CardDef] = {}
    for inst in s.sides[seat].hand:
        card = s.card(inst)
        if card.kind == "pokemon" and (card.is_basic_pokemon or card.is_evolution):
            found.setdefault(card.id, card)
    return [
        (card_id, a)
        for card_id, card in found.items()
        for a in card.attacks
        if (card_id, a.name) != SKILL_COPY
    ]


def _skill_copy() -> reg.AttackEffect:
    base = copy_attack(
        "discard a Basic Pokémon or Evolution card from the hand and use one of its attacks, "
        "if Alakazam ★ has the Energy for it (copy)",
        _hand_attacks,
        coin=False,
    )

    def run(ctx: Ctx, seat: int, params: AttackParams) -> None:
        s = ctx.s
        mon = s.sides[seat].active
        key = params.copy or ""
        copied = {f"{cid}:{a.name}": a for cid, a in _hand_attacks(s, seat)}.get(key)
        if mon is None or copied is None:
            return  # nothing to copy: the attack does nothing
        card_id = key.split(":", 1)[0]
        inst = next(c for c in s.sides[seat].hand if s.cards[c] == card_id)
        ctx.emit("move", p=SEATS[seat], card=inst, src="hand", dst="discard")
        if not can_pay(s, mon, copied.cost):
            return  # not the Energy for it: the card is gone, the attack does nothing
        # the copied attack runs as Mini-Metronome runs one (its card left the hand now)
        handler = reg.ATTACKS.get((card_id, copied.name))
        if handler is not None:
            handler.run(ctx, seat, msgspec.structs.replace(params, attack=copied.name))
        elif copied.effect:  # no handler: in the game only by allow_unimplemented
            resolve_by_hand(ctx, seat, mon.stack[-1], f"attack {copied.name}", copied.name)
        else:
            hit(ctx, seat, copied.damage)

    return reg.AttackEffect(base.summary, run, base.options, base.check)


def _register_skill_copy() -> None:
    card_id, name = SKILL_COPY
    if bundled_cards()[card_id].attack(name) is None or SKILL_COPY in reg.ATTACKS:
        raise ValueError(f"effect_data_ex14b: {card_id} has no attack {name!r} to add")
    reg.ATTACKS[SKILL_COPY] = _skill_copy()
    # another copying attack (Mini-Metronome on a Defending Alakazam ★) does not copy it: a
    # copy of it would need a second 'copy' parameter
    COPYING.add(SKILL_COPY)


def _deck(s: PtcgState, seat: int) -> str | None:
    # Castaway's cost is none; with an empty deck there is nothing to search
    return None if s.sides[seat].deck else "the deck is empty"


def _trainers() -> dict[str, reg.TrainerEffect]:
    return {
        "ex14-72": trainer_program(
            "ex14-72",
            "Supporter: a Supporter, a Pokémon Tool and a basic Energy card from the deck into "
            "the hand",
            (
                Search((TrainerOf(trainer="supporter"),)),
                Search((TrainerOf(trainer="tool"),)),
                Search((Cards(basic_energy=True),)),
            ),
            _deck,
        ),
        "ex14-85": trainer_program(
            "ex14-85",
            "discard up to 2 Pokémon Tools or Stadium cards in play, either player's",
            (DiscardToolsOrStadium(2),),
            tool_or_stadium_in_play,
        ),
    }


# ex14 Trainer cards reprinted with the same effect as an earlier print (the handler is shared)
REPRINTS: dict[str, str] = {
    "ex14-71": "ex6-87",  # Bill's Maintenance
    "ex14-73": "ex6-88",  # Celio's Network
    "ex14-77": "ex2-86",  # Double Full Heal
    "ex14-78": "ex4-72",  # Dual Ball
    "ex14-82": "ex10-87",  # Poké Ball
    "ex14-83": "ex1-88",  # PokéNav
    "ex14-84": "ex4-85",  # Warp Point
    "ex14-86": "ex1-90",  # Energy Search
    "ex14-87": "ex1-91",  # Potion
}

# ex14 special Energy cards reprinted with the same effect as an earlier print: the handler,
# its damage modifier and its attach rules are shared (Double Rainbow Energy: 10 less before
# Weakness and Resistance, as ex9-87, not after as ex4-88)
ENERGY_REPRINTS: dict[str, str] = {
    "ex14-88": "ex9-87",  # Double Rainbow Energy
}


def _register_energies() -> None:
    cards = bundled_cards()
    for card_id, same_as in ENERGY_REPRINTS.items():
        card, original = cards[card_id], cards[same_as]
        if card.kind != "energy" or card.name != original.name or card_id in reg.ENERGIES:
            raise ValueError(f"effect_data_ex14b: {card_id} is no reprint of {same_as}")
        reg.ENERGIES[card_id] = reg.ENERGIES[same_as]
        if same_as in reg.DAMAGE_MODS:
            reg.DAMAGE_MODS[card_id] = reg.DAMAGE_MODS[same_as]
        for rule in (
            reg.EVOLVED_ONLY_ENERGY,
            reg.NOT_EX_ENERGY,
            reg.NO_RETREAT_ENERGY,
            reg.END_OF_TURN_ENERGY,
            SPECIAL_CARDS,
        ):
            if same_as in rule:
                rule.add(card_id)


# ex14 Pokémon Tools reprinted from an earlier set: the handler, the types it gives and its
# place among the special cards are shared (Crystal Shard: Colorless, discarded at the end
# of a turn in which its Pokémon attacked)
TOOL_REPRINTS: dict[str, str] = {
    "ex14-76": "ex8-85",  # Crystal Shard
}


def _not_onto_ex(s: PtcgState, mon: Mon) -> str | None:
    card = s.top(mon)
    return f"not onto a Pokémon-ex ({card.name})" if card.ex else None


def _discard_after_attacking(ctx: Ctx, seat: int, slot: int) -> None:
    """Its Pokémon attacks: the Tool goes at the end of this turn (a "tool:discard" timer of
    this turn, done by lasting.turn_end; it stays with the Pokémon if it moves to the Bench)."""
    ctx.emit(
        "flag", p=SEATS[seat], slot=slot, flag="later", what="tool:discard", turn=ctx.s.turn
    )


def _discard_after_opponents_turn(ctx: Ctx, seat: int, slot: int) -> None:
    """Attached: the Tool goes at the end of the opponent's next turn (as Buffer Piece's)."""
    ctx.emit(
        "flag", p=SEATS[seat], slot=slot, flag="later", what="tool:discard", turn=ctx.s.turn + 1
    )


TOOLS: dict[str, reg.ToolEffect] = {
    # while attached to an Active Pokémon: no Poké-Powers or Poké-Bodies for any Pokémon in
    # play (reg.GAS_TOOLS, read by board.gassed)
    "ex14-74": reg.ToolEffect(
        "while its Pokémon is Active: no Poké-Powers or Poké-Bodies for any Pokémon in play; "
        "not onto a Pokémon-ex (discarded once its Pokémon is one)",
        attach_to=_not_onto_ex,
        leaves_when_unfit=True,
    ),
    "ex14-80": reg.ToolEffect(
        "its Pokémon may use the attacks of its Basic and Stage 1 cards; discarded at the end "
        "of a turn in which it attacked",
        on_attack=_discard_after_attacking,
        below_attacks=True,
    ),
    "ex14-81": reg.ToolEffect(
        "nothing from the attacks of the opponent's Pokémon-ex reaches its Pokémon; not onto a "
        "Pokémon-ex (discarded once its Pokémon is one); discarded at the end of the "
        "opponent's next turn",
        on_attach=_discard_after_opponents_turn,
        attach_to=_not_onto_ex,
        leaves_when_unfit=True,
        shields_from="ex",
    ),
}


STADIUMS: dict[str, reg.StadiumEffect] = {
    "ex14-75": reg.StadiumEffect(
        "each special Energy card providing 2 or more Energy, either player's, provides one "
        "Colorless Energy only",
        flattens_special_energy=True,
    ),
    "ex14-79": reg.StadiumEffect(
        "an attack of either player's Active Pokémon does nothing: it ends as it is used and "
        "the Stadium is discarded",
        ends_attacks=True,
    ),
}


def _register_stadiums() -> None:
    cards = bundled_cards()
    for card_id, stadium in STADIUMS.items():
        if cards[card_id].trainer != "stadium" or card_id in reg.STADIUMS:
            raise ValueError(f"effect_data_ex14b: {card_id} is no Stadium, or has a handler")
        reg.STADIUMS[card_id] = stadium
        if stadium.flattens_special_energy:
            SPECIAL_CARDS.add(card_id)  # the full listing asks every Energy's amount


def _register_tools() -> None:
    cards = bundled_cards()
    for card_id, tool in TOOLS.items():
        if cards[card_id].trainer != "tool" or card_id in reg.TOOLS:
            raise ValueError(f"effect_data_ex14b: {card_id} is no Tool, or has a handler")
        reg.TOOLS[card_id] = tool
        SPECIAL_CARDS.add(card_id)  # its rules are asked only in games of special cards
    cessation = cards["ex14-74"]
    reg.GAS_TOOLS[cessation.id] = cessation.name
    cards = bundled_cards()
    for card_id, same_as in TOOL_REPRINTS.items():
        card, original = cards[card_id], cards[same_as]
        if card.trainer != "tool" or card.name != original.name or card_id in reg.TOOLS:
            raise ValueError(f"effect_data_ex14b: {card_id} is no Tool reprint of {same_as}")
        reg.TOOLS[card_id] = reg.TOOLS[same_as]
        if same_as in reg.TOOL_TYPES:
            reg.TOOL_TYPES[card_id] = reg.TOOL_TYPES[same_as]
        if same_as in reg.DAMAGE_MODS:
            reg.DAMAGE_MODS[card_id] = reg.DAMAGE_MODS[same_as]
        if same_as in SPECIAL_CARDS:
            SPECIAL_CARDS.add(card_id)


def _new_body(card_id: str, name: str) -> None:
    power = bundled_cards()[card_id].power(name)
    if power is None or power.kind != "body" or (card_id, name) in reg.BODIES:
        raise ValueError(f"effect_data_ex14b: {card_id} has no Poké-Body {name!r} to add")


def _register_bodies() -> None:
    for card_id, (summary, aura) in RETREAT_AURAS.items():
        _new_body(card_id, aura.name)
        reg.BODIES[(card_id, aura.name)] = reg.BodyEffect(summary)
        reg.RETREAT_AURAS[card_id] = aura
        SPECIAL_CARDS.add(card_id)
    for card_id, (summary, name) in BASIC_LOCKS.items():
        _new_body(card_id, name)
        reg.BODIES[(card_id, name)] = reg.BodyEffect(summary)
        reg.BASIC_BANS[card_id] = name
        reg.ABILITY_OFF_AURAS[card_id] = (name, _opponents_basic(card_id))
        SPECIAL_CARDS.add(card_id)
    for (card_id, name, attack), cost in COST_AURAS.items():
        printed = bundled_cards()[card_id].attack(attack)
        if printed is None or (card_id, attack) in reg.COST_OVERRIDES:
            raise ValueError(f"effect_data_ex14b: {card_id} has no attack {attack!r} to change")
        if (card_id, name) not in reg.BODIES:
            _new_body(card_id, name)
            reg.BODIES[(card_id, name)] = reg.BodyEffect(
                "while the opponent has a Pokémon-ex or a Stage 2 Evolved Pokémon in play, its "
                "attacks cost one Colorless Energy less"
            )
        reg.COST_OVERRIDES[(card_id, attack)] = cost(tuple(printed.cost))
        SPECIAL_CARDS.add(card_id)
    for card_id, (summary, name) in EX_TAXES.items():
        _new_body(card_id, name)
        reg.BODIES[(card_id, name)] = reg.BodyEffect(summary)
        reg.EX_TAX_BODIES[card_id] = name
        SPECIAL_CARDS.add(card_id)
    for card_id, (name, summary, punish) in AFTER_POWER.items():
        _new_body(card_id, name)
        reg.BODIES[(card_id, name)] = reg.BodyEffect(summary)
        reg.AFTER_POWER_BODIES[card_id] = (name, punish)
        SPECIAL_CARDS.add(card_id)
    for card_id, (name, summary, run) in BETWEEN_TURNS.items():
        _new_body(card_id, name)
        reg.BODIES[(card_id, name)] = reg.BodyEffect(summary)
        reg.BETWEEN_TURNS_BODIES[card_id] = (name, run)
        SPECIAL_CARDS.add(card_id)


def _register_retreat_bodies() -> None:
    cards = bundled_cards()
    for card_id, (summary, free) in RETREAT_BODIES.items():
        power = cards[card_id].power(free.name)
        if power is None or power.kind != "body" or (card_id, free.name) in reg.BODIES:
            raise ValueError(f"effect_data_ex14b: {card_id} has no Poké-Body {free.name!r} to add")
        reg.BODIES[(card_id, free.name)] = reg.BodyEffect(summary)
        reg.RETREAT_BODIES[card_id] = free
        SPECIAL_CARDS.add(card_id)


def register() -> None:
    register_set(
        SetEffects(
            "effect_data_ex14b",
            attacks=ATTACK_STEPS,
            powers=POWER_STEPS,
            trainers=_trainers(),
            damage_bodies=DAMAGE_BODIES,
            reprints=REPRINTS,
        )
    )
    _register_retreat_bodies()
    _register_bodies()
    _register_tools()
    _register_stadiums()
    _register_time_travel()
    _register_skill_copy()
    _register_energies()


register()
