"""EX Dragon Frontiers (ex15) cards 51-101 as data in the effect vocabulary and the era's rules
of ``holon.py`` (facts in data/sets/ex15.json; cards 1-50 are effect_data_ex15.py's). The
effects are described in the project's own words (card text is never stored). Cards not
listed here stay unimplemented: ``ptcg coverage --set ex15`` lists them and a deck holding one
is refused at set-up.

Reprints (the printed texts compared in the card database) share the original's handler:
Ralts ex15-60 (ex2-74), the Trainers of :data:`REPRINTS`, the Pokémon Tools Buffer Piece and
... and the special Energy of :data:`ENERGY_REPRINTS` (Holon Energy FF and GL,
Boost and Scramble Energy). New here: Old Rod (two coins: both heads, a Pokémon card from the
discard pile; both tails, a Trainer card; otherwise nothing: ``vocab_ex15b.TwoCoinsSearch``),
Mr. Stone's Project (this print: basic Energy cards only), Professor Oak's Research and the
Stadium Holon Legacy (every δ Pokémon in play, either player's, has no Weakness and cannot
use Poké-Powers)."""

from __future__ import annotations

from turnkeeper.rulesets.ptcg import effect_data as _ex1_to_ex4_data  # noqa: F401 (reprints)
from turnkeeper.rulesets.ptcg import effect_data_ex7 as _ex7
from turnkeeper.rulesets.ptcg import effect_data_ex8 as _ex8  # noqa: F401 (reprints)
from turnkeeper.rulesets.ptcg import effect_data_ex10_energy as _ex10e  # noqa: F401 (reprints)
from turnkeeper.rulesets.ptcg import effect_data_ex10_trainers as _ex10t  # noqa: F401 (reprints)
from turnkeeper.rulesets.ptcg import effect_data_ex11 as _ex11  # noqa: F401 (reprints)
from turnkeeper.rulesets.ptcg import effect_questions as _ex1_to_ex4  # noqa: F401 (reprints)
from turnkeeper.rulesets.ptcg import effect_rules as _ex1_to_ex4_rules  # noqa: F401 (reprints)
from turnkeeper.rulesets.ptcg import holon as _holon  # noqa: F401 (Holon Energy FF, GL)
from turnkeeper.rulesets.ptcg import registry as reg
from turnkeeper.rulesets.ptcg.actions import AttackParams
from turnkeeper.rulesets.ptcg.board import can_pay
from turnkeeper.rulesets.ptcg.cards import Attack, CardDef, bundled_cards
from turnkeeper.rulesets.ptcg.context import Ctx
from turnkeeper.rulesets.ptcg.delta_veil import mon_is_delta
from turnkeeper.rulesets.ptcg.effect_data_ex7 import copy_attack
from turnkeeper.rulesets.ptcg.markers import IMPRISON, SHOCK_WAVE
from turnkeeper.rulesets.ptcg.markers_ex15b import KnockOutMarked, PlaceMarker
from turnkeeper.rulesets.ptcg.search import (
    Cards,
    DiscardTop,
    EvolveFromHand,
    ForbidAttack,
    Search,
    Usable,
    trainer_program,
)
from turnkeeper.rulesets.ptcg.set_data import SetEffects, register_set
from turnkeeper.rulesets.ptcg.state import SEATS, SPECIAL_CARDS, Mon, PtcgState
from turnkeeper.rulesets.ptcg.vocab import (
    BenchDamage,
    Condition,
    DiscardDefendingEnergy,
    DiscardEnergy,
    Draw,
    Flip,
    Heal,
    HealEach,
    Hit,
    PlusIfHeads,
    PlusPer,
    Step,
    TargetHit,
    TypeThisTurn,
)
from turnkeeper.rulesets.ptcg.vocab_ex5 import DefendingNoAttack, PlusWhen
from turnkeeper.rulesets.ptcg.vocab_ex7 import sand_damage
from turnkeeper.rulesets.ptcg.vocab_ex8 import ShieldFrom, TrainerLock
from turnkeeper.rulesets.ptcg.vocab_ex13 import NoWeaknessNextTurn, PlusIfDefendingStage2
from turnkeeper.rulesets.ptcg.vocab_ex15b import (
    AttachBasicFromHand,
    EndTurnNow,
    HitEachOfEnergyType,
    IfDefendingOut,
    MayMoveEnergyToBench,
    SpillCounters,
    SplitDamage,
    SwapEnergyWithDiscard,
    TurnPrizesUp,
    TwoCoinsSearch,
    register_energy_reprint,
    register_pokemon_reprint,
    register_tool_reprint,
)
from turnkeeper.rulesets.ptcg.vocab_sets import ShuffleHandIntoDeck

_WHERE = "effect_data_ex15b"


def _c(*which: str) -> Condition:
    return Condition(which)


def _on_heads(*which: str) -> Flip:
    """Flip a coin: heads, the Defending Pokémon gets these Special Conditions."""
    return Flip(heads=(Condition(which),))


# (card id, attack name) -> the steps of the attack
ATTACK_STEPS: dict[tuple[str, str], tuple[Step, ...]] = {
    # theme deck Power Wave (d-ex15-1)
    ("ex15-52", "Paralyzing Gaze"): (_on_heads("paralyzed"),),
    ("ex15-59", "Hyper Beam"): (Hit(), Flip(heads=(DiscardDefendingEnergy(),))),
    ("ex15-63", "Shell Grab"): (_on_heads("paralyzed"),),
    ("ex15-67", "Rage"): (PlusPer(10, "own_counters"),),
    # theme deck Shadow Blaze (d-ex15-2)
    ("ex15-61", "Calm Mind"): (Heal(2),),
    ("ex15-70", "Hypnotic Gaze"): (_c("asleep"),),
    # the rest, in number order
    ("ex15-53", "Supersonic"): (_on_heads("confused"),),
    ("ex15-56", "Tail Whip"): (Flip(heads=(DefendingNoAttack(),)),),
    ("ex15-57", "Poison Horn"): (_on_heads("poisoned"),),
    # a Basic Pokémon, then a basic Energy card (each search shows the deck once)
    ("ex15-64", "Alluring Kiss"): (
        Search((Cards(kind="pokemon", stage="basic"),)),
        Search((Cards(basic_energy=True),)),
    ),
    ("ex15-65", "Splash About"): (PlusWhen(10, "less_energy_than_defending"),),
    ("ex15-66", "Quick Attack"): (PlusIfHeads(10),),
    # 10 to any of the opponent's Pokémon, untouched by W/R and by effects on it
    ("ex15-69", "Quick Bind"): (TargetHit(10, wr=False, effects=False),),
    ("ex15-71", "Amnesia"): (Hit(), ForbidAttack()),
    # the Pokémon-ex and Pokémon ★
    ("ex15-90", "Healing Light"): (Hit(), HealEach(1)),
    ("ex15-91", "Deafen"): (Hit(), TrainerLock("not_supporter")),
    ("ex15-91", "Dragon Roar"): (SpillCounters(8),),
    ("ex15-92", "Psychic Pulse"): (Hit(), BenchDamage(10, only="damaged")),
    ("ex15-94", "Energy Link"): (
        Hit(),
        Search((Cards(kind="energy"),), src=("discard",), dest="attach_self"),
    ),
    ("ex15-94", "Protective Swirl"): (Hit(), NoWeaknessNextTurn()),
    ("ex15-95", "Power Crush"): (Hit(), IfDefendingOut((DiscardEnergy(2, "Fire"),))),
    ("ex15-96", "Ice Barrier"): (Hit(), ShieldFrom("ex")),  # as Psychic Shield ex8-99
    # 30 to the picked Pokémon, 50 if it has a Poké-Power or Poké-Body (no W/R on the Bench)
    ("ex15-97", "Special Circuit"): (TargetHit(30, bonus=20, bonus_if="powered"),),
    ("ex15-98", "Dual Stream"): (SplitDamage(40), Hit()),
    ("ex15-100", "Rotating Claws"): (Hit(), SwapEnergyWithDiscard()),
    ("ex15-100", "Dark Swirl"): (Hit(), DiscardEnergy(0), DiscardTop(3, "opponent")),
    ("ex15-93", "Flame Ball"): (Hit(), MayMoveEnergyToBench("Fire Energy")),
    ("ex15-99", "Electromark"): (PlaceMarker(SHOCK_WAVE),),
    ("ex15-99", "Hyper Claws"): (PlusIfDefendingStage2(20),),
    ("ex15-99", "Shock-wave"): (KnockOutMarked(SHOCK_WAVE),),
    ("ex15-101", "Rainbow Wave"): (HitEachOfEnergyType(20),),
}


def _jynx_in_hand(s: PtcgState, seat: int, slot: int) -> str | None:
    if any(s.card(c).name == "Jynx" for c in s.sides[seat].hand):
        return None
    return "no Jynx in the hand"


def _stage2_ex(card: CardDef, mon: Mon) -> bool:
    # (a lone card counts as a Basic: PtcgState.stage_in_play)
    return card.ex and card.stage == "stage2" and len(mon.stack) > 1


_LATI = ("Latias", "Latias ex", "Latios", "Latios ex")


def _lati(card: CardDef, mon: Mon) -> bool:
    return card.name in _LATI


_EXTRA_BOOST = AttachBasicFromHand(_stage2_ex, "a Stage 2 Pokémon-ex of the player's")
_FELLOW_BOOST = AttachBasicFromHand(_lati, "the player's Latias, Latias ex, Latios or Latios ex")


def _can_attach(question: AttachBasicFromHand) -> Usable:
    def usable(s: PtcgState, seat: int, slot: int) -> str | None:
        if question.pairs(s, seat):
            return None
        return f"no basic Energy card in the hand, or no {question.what} in play"

    return usable


def _any_time(s: PtcgState, seat: int, slot: int) -> str | None:
    return None


def _imprison(s: PtcgState, seat: int, slot: int) -> str | None:
    if slot != 0:
        return "only while Gardevoir ex is the Active Pokémon"
    return None if s.sides[1 - seat].in_play() else "the opponent has no Pokémon in play"


POWER_STEPS: dict[tuple[str, str], tuple[str, tuple[Step, ...], Usable]] = {
    ("ex15-64", "Baby Evolution"): (
        "put Jynx from the hand onto it (evolving) and remove its damage counters",
        (EvolveFromHand("Jynx"),),
        _jynx_in_hand,
    ),
    ("ex15-90", "Extra Boost"): (
        "a basic Energy card from the hand to one of the player's Stage 2 Pokémon-ex",
        (_EXTRA_BOOST,),
        _can_attach(_EXTRA_BOOST),
    ),
    ("ex15-95", "Fellow Boost"): (
        "a basic Energy card from the hand to the player's Latias or Latios (ex or not); then "
        "the turn ends",
        (_FELLOW_BOOST, EndTurnNow()),
        _can_attach(_FELLOW_BOOST),
    ),
    ("ex15-93", "Imprison"): (
        "while Active: an Imprison marker on one of the opponent's Pokémon (no Poké-Powers or "
        "Poké-Bodies for it while the marker stays)",
        (PlaceMarker(IMPRISON),),
        _imprison,
    ),
    ("ex15-98", "Type Shift"): (
        "Salamence ex is a Fire Pokémon until the end of the turn",
        (TypeThisTurn("Fire"),),
        _any_time,
    ),
}

# Pokémon reprinted with the same attacks (each attack's handler is shared)
POKEMON_REPRINTS: dict[str, str] = {"ex15-60": "ex2-74"}  # Ralts

# ex15 Trainers reprinted with the same effect as an earlier print (the handler is shared)
REPRINTS: dict[str, str] = {
    "ex15-73": "ex7-83",  # Copycat
    "ex15-75": "ex11-93",  # Holon Mentor
    "ex15-79": "ex10-89",  # Professor Elm's Training Method
    "ex15-82": "ex3-88",  # TV Reporter
    "ex15-83": "ex1-92",  # Switch
    "ex15-77": "ex13-88",  # Mr. Stone's Project (the ex13 print, basic Energy only)
}
TOOL_REPRINTS: dict[str, str] = {"ex15-72": "ex3-83"}  # Buffer Piece
# special Energy reprinted with the same effect; what they provide is in data/sets/ex15.json
ENERGY_REPRINTS: dict[str, str] = {
    "ex15-86": "ex11-106",  # Holon Energy WP
    "ex15-88": "ex13-98",  # δ Rainbow Energy
    "ex15-84": "ex11-104",  # Holon Energy FF
    "ex15-85": "ex11-105",  # Holon Energy GL
    "ex15-87": "ex8-93",  # Boost Energy
    "ex15-89": "ex8-95",  # Scramble Energy
}

OLD_ROD = "ex15-78"
PROFESSOR_OAKS_RESEARCH = "ex15-80"
ISLAND_HERMIT = "ex15-76"
HOLON_LEGACY = "ex15-74"

_POKEMON_CARD = (Cards(kind="pokemon"),)  # a Basic Pokémon or an Evolution card
_OLD_ROD = TwoCoinsSearch(
    Search(_POKEMON_CARD, src=("discard",)),
    # not Old Rod itself, on top of the discard pile as it resolves
    Search((Cards(kind="trainer"),), src=("discard",), not_last_discarded=True),
)


def _old_rod_playable(s: PtcgState, seat: int) -> str | None:
    # the Item itself is still in the hand: the discard pile is what may give something
    kinds = {s.card(c).kind for c in s.sides[seat].discard}
    if kinds & {"pokemon", "trainer"}:
        return None
    return "the discard pile holds no Pokémon or Trainer card"


def _island_hermit_playable(s: PtcgState, seat: int) -> str | None:
    side = s.sides[seat]
    return None if side.deck or side.prizes else "no Prize card to turn and no card to draw"


def _oaks_research_playable(s: PtcgState, seat: int) -> str | None:
    side = s.sides[seat]
    # the Supporter itself leaves the hand first: something else must be there to draw
    return None if side.deck or len(side.hand) > 1 else "there is no card to draw"


def _trainers() -> dict[str, reg.TrainerEffect]:
    return {
        OLD_ROD: trainer_program(
            OLD_ROD,
            "2 coins: both heads, a Pokémon card from the discard pile into the hand; both "
            "tails, a Trainer card from the discard pile into the hand",
            (_OLD_ROD,),
            _old_rod_playable,
        ),
        ISLAND_HERMIT: trainer_program(
            ISLAND_HERMIT,
            "Supporter: up to 2 of the player's Prize cards face up for the rest of the game, "
            "then draw 2",
            (TurnPrizesUp(2), Draw(2)),
            _island_hermit_playable,
        ),
        PROFESSOR_OAKS_RESEARCH: trainer_program(
            PROFESSOR_OAKS_RESEARCH,
            "Supporter: shuffle the hand into the deck, then draw 5",
            (ShuffleHandIntoDeck(), Draw(5)),
            _oaks_research_playable,
        ),
    }


STRENGTH_CHARM = "ex15-81"
# earlier prints of Strength Charm that read as ex15-81 does (10 before Weakness and
# Resistance, discarded the turn its Pokémon attacks), unlike ex4-74
STRENGTH_CHARM_PRINTS = ("ex8-92",)


def _strength_charm_attacks(ctx: Ctx, seat: int, slot: int) -> None:
    """Its Pokémon attacks: the Tool goes at the end of this turn (a "tool:discard" timer of
    this turn, done by lasting.turn_end), whether or not the attack did damage."""
    ctx.emit(
        "flag", p=SEATS[seat], slot=slot, flag="later", what="tool:discard", turn=ctx.s.turn
    )


def _register_strength_charm() -> None:
    """Strength Charm as ex15 prints it: 10 more damage to the Active Pokémon BEFORE Weakness
    and Resistance (ex4-74 adds it after them, so this print has a handler of its own), and
    discarded at the end of the turn its Pokémon attacks (ex4-74: once it added damage)."""
    card = bundled_cards()[STRENGTH_CHARM]
    if card.trainer != "tool" or STRENGTH_CHARM in reg.TOOLS or STRENGTH_CHARM in reg.DAMAGE_MODS:
        raise ValueError(f"{_WHERE}: {STRENGTH_CHARM} is no Tool, or has a handler")
    reg.TOOLS[STRENGTH_CHARM] = reg.ToolEffect(
        "+10 to the Active Pokémon before W/R; discarded at the end of a turn its Pokémon "
        "attacked in",
        on_attack=_strength_charm_attacks,
    )
    reg.DAMAGE_MODS[STRENGTH_CHARM] = reg.DamageMod(
        "attacker_tool", 10, before=True, active_only=True
    )
    SPECIAL_CARDS.add(STRENGTH_CHARM)  # on_attack is asked in games with special cards


# ---------------------------------------------------------------------------- Mimicry
MEW_STAR = "ex15-101"


def _opponents_attacks(s: PtcgState, seat: int) -> list[tuple[str, Attack]]:
    """Mimicry's choices: the attacks of each of the opponent's Pokémon in play (its top card;
    the same card twice is offered once)."""
    seen: dict[str, tuple[str, Attack]] = {}
    for _, mon in s.sides[1 - seat].in_play():
        card_id = s.cards[mon.stack[-1]]
        for found in s.top(mon).attacks:
            seen.setdefault(f"{card_id}:{found.name}", (card_id, found))
    return list(seen.values())


def _mimicry() -> reg.AttackEffect:
    """Mew ★ δ's Mimicry (ex15-101): one attack of any of the opponent's Pokémon in play, used
    as Ditto's Copy uses the Defending Pokémon's (``effect_data_ex7.copy_attack``: its own
    choices made, Mew keeping its type), only if Mew has the Energy that attack costs; if not,
    the attack does nothing."""
    base = copy_attack(
        "use an attack of one of the opponent's Pokémon in play, if it has the Energy for it",
        _opponents_attacks,
        coin=False,
    )

    def run(ctx: Ctx, seat: int, params: AttackParams) -> None:
        mon = ctx.s.sides[seat].active
        copied = dict(
            (f"{cid}:{a.name}", a) for cid, a in _opponents_attacks(ctx.s, seat)
        ).get(params.copy or "")
        if mon is None or copied is None or not can_pay(ctx.s, mon, copied.cost):
            return  # nothing to copy, or not the Energy for it: the attack does nothing
        base.run(ctx, seat, params)

    return reg.AttackEffect(base.summary, run, base.options, base.check)


def _register_mimicry() -> None:
    if (MEW_STAR, "Mimicry") in reg.ATTACKS or bundled_cards()[MEW_STAR].attack("Mimicry") is None:
        raise ValueError(f"{_WHERE}: {MEW_STAR} has no Mimicry to add, or it has a handler")
    reg.ATTACKS[(MEW_STAR, "Mimicry")] = _mimicry()
    _ex7.COPYING.add((MEW_STAR, "Mimicry"))  # a copying attack is never offered for copying


# ---------------------------------------------------------------------------- Poké-Bodies
def _own_side(s: PtcgState, mon: Mon) -> int:
    return 0 if any(m is mon for _, m in s.sides[0].in_play()) else 1


def _rage_aura(cost: tuple[str, ...]) -> reg.CostNow:
    """Rage Aura (ex15-97): with more Prize cards left than the opponent, the attack's
    Colorless Energy is not needed (attack.attack_rule asks it, and board.body_off)."""

    def cost_now(s: PtcgState, mon: Mon) -> tuple[str, ...] | None:
        seat = _own_side(s, mon)
        if len(s.sides[seat].prizes) > len(s.sides[1 - seat].prizes):
            return tuple(kind for kind in cost if kind != "Colorless")
        return None

    return cost_now


def _extra_smoke(s: PtcgState, attacker: Mon, target: Mon) -> bool:
    return s.top(target).ex and s.stage_in_play(target) == "stage2"


def _link_wing(s: PtcgState, mon: Mon) -> bool:
    return s.top(mon).name in _LATI


def _new_body(card_id: str, name: str, summary: str) -> None:
    power = bundled_cards()[card_id].power(name)
    if power is None or power.kind != "body" or (card_id, name) in reg.BODIES:
        raise ValueError(f"{_WHERE}: {card_id} has no Poké-Body {name!r} to add")
    reg.BODIES[(card_id, name)] = reg.BodyEffect(summary)
    SPECIAL_CARDS.add(card_id)  # each Body's table is asked in games with special cards


def _register_bodies() -> None:
    _new_body(
        "ex15-92",
        "Sand Damage",
        "between turns, while Active: 1 damage counter on each of the opponent's Benched Basics",
    )
    reg.BETWEEN_TURNS_BODIES["ex15-92"] = ("Sand Damage", sand_damage)  # as ex7-20's
    _new_body(
        "ex15-94",
        "Extra Smoke",
        "10 less damage, before W/R, to each of the player's Stage 2 Pokémon-ex from attacks",
    )
    if "ex15-94" in reg.DAMAGE_MODS:
        raise ValueError(f"{_WHERE}: ex15-94 has a damage modifier already")
    reg.DAMAGE_MODS["ex15-94"] = reg.DamageMod(
        "target_side", -10, before=True, name="Extra Smoke", when=_extra_smoke
    )
    _new_body("ex15-96", "Link Wing", "Retreat Cost 0 for the player's Latias and Latios")
    reg.RETREAT_AURAS["ex15-96"] = reg.RetreatBody("Link Wing", _link_wing)
    _new_body(
        "ex15-97",
        "Rage Aura",
        "with more Prize cards left than the opponent: no Colorless Energy needed for Special "
        "Circuit and Sky-high Claws",
    )
    card = bundled_cards()["ex15-97"]
    for attack in card.attacks:
        if (card.id, attack.name) in reg.COST_OVERRIDES:
            raise ValueError(f"{_WHERE}: {card.id} {attack.name!r} has a cost override already")
        reg.COST_OVERRIDES[(card.id, attack.name)] = _rage_aura(attack.cost)
    SPECIAL_CARDS.add("ex15-91")  # Deafen's lock is asked by trainer.trainer_rule


def _legacy_power_block(s: PtcgState, mon: Mon) -> str | None:
    card = s.top(mon)
    if not mon_is_delta(s, mon):  # the printed mark, or Holon Veil (delta_veil.py)
        return None
    return f"{card.name} is a δ Pokémon: it cannot use Poké-Powers under Holon Legacy"


STADIUMS: dict[str, reg.StadiumEffect] = {
    HOLON_LEGACY: reg.StadiumEffect(
        "each δ Pokémon in play (either player's) has no Weakness and cannot use Poké-Powers",
        no_weakness=mon_is_delta,  # the printed mark, or Holon Veil (delta_veil.py)
        power_block=_legacy_power_block,
    ),
}


def _register_stadiums() -> None:
    cards = bundled_cards()
    for card_id, stadium in STADIUMS.items():
        if cards[card_id].trainer != "stadium" or card_id in reg.STADIUMS:
            raise ValueError(f"{_WHERE}: {card_id} is no Stadium, or has a handler")
        reg.STADIUMS[card_id] = stadium
        SPECIAL_CARDS.add(card_id)  # no_weakness is asked by damage.hit in special games


def register() -> None:
    register_set(
        SetEffects(
            _WHERE,
            attacks=ATTACK_STEPS,
            powers=POWER_STEPS,
            trainers=_trainers(),
            reprints=REPRINTS,
        )
    )
    for card_id, same_as in POKEMON_REPRINTS.items():
        register_pokemon_reprint(_WHERE, card_id, same_as)
    for card_id, same_as in TOOL_REPRINTS.items():
        register_tool_reprint(_WHERE, card_id, same_as)
    for card_id, same_as in ENERGY_REPRINTS.items():
        register_energy_reprint(_WHERE, card_id, same_as)
    _register_stadiums()
    _register_strength_charm()
    for card_id in STRENGTH_CHARM_PRINTS:
        register_tool_reprint(_WHERE, card_id, STRENGTH_CHARM)
    _register_bodies()
    _register_mimicry()
    SPECIAL_CARDS.add("ex15-93")  # an Imprison marker is asked by board.bodies_off (special games)


register()
