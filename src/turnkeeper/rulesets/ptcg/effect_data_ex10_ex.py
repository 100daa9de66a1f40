"""EX Unseen Forces (ex10): Granbull's attacks, the Pokémon-ex and the Pokémon ★ (facts in
data/sets/ex10.json; effects in the project's own words, never the card text). Built from the
effect vocabulary (``vocab.py``, ``search.py``, the later sets' steps) and the steps of
``vocab_ex10_ex.py``; cards not listed here stay unimplemented (``ptcg coverage --set ex10``
lists them).

Readings:
- A Poké-Power used "when its Pokémon is played from the hand to evolve" (Blissful Support,
  Devo Flash, Bursting Up, Darker Ring) is a ``use_power`` action usable once in the turn its
  Pokémon evolved, as Loose Shell is (``vocab_ex10_ex.evolved_this_turn``).
- Darker Ring: the opponent would pick which Defending Pokémon goes (a double battle); with one
  Defending Pokémon here, the player picks the Benched Pokémon that comes in.
- Meta Voltage (Raikou ★): with fewer Prize cards left than the opponent, 40 damage to each of
  the player's own Pokémon, Raikou ★ too (the drawback the set's other ★ share: Detonation,
  Cross Wind); no Weakness or Resistance on the player's own Pokémon.
- Elemental Blast: one Fire, one Water and one Lightning Energy discarded (the player picks
  where the candidates differ: ``DiscardEachType``).
"""

from __future__ import annotations

from turnkeeper.rulesets.ptcg import effect_data_ex10 as _ex10  # noqa: F401 (ex10's own cards)
from turnkeeper.rulesets.ptcg import registry as reg
from turnkeeper.rulesets.ptcg.board import body_off, gassed, max_hp
from turnkeeper.rulesets.ptcg.cards import bundled_cards
from turnkeeper.rulesets.ptcg.context import Ctx
from turnkeeper.rulesets.ptcg.damage import body_acted
from turnkeeper.rulesets.ptcg.power import PowerParams, power_stopped
from turnkeeper.rulesets.ptcg.search import (
    Cards,
    DefendingEnergy,
    DiscardEachType,
    DiscardOwn,
    Gust,
    Search,
    SelfSwitch,
    Usable,
)
from turnkeeper.rulesets.ptcg.set_data import SetEffects, register_set
from turnkeeper.rulesets.ptcg.state import SEATS, SPECIAL_CARDS, Mon, PtcgState
from turnkeeper.rulesets.ptcg.vocab import (
    BenchDamage,
    Condition,
    CountersOn,
    DiscardDefendingEnergy,
    DiscardEnergy,
    Flip,
    Guard,
    HealEach,
    Hit,
    NoRetreat,
    PlusIf,
    PlusPer,
    Run,
    SelfDamage,
    Step,
    TargetHit,
    TimesHeads,
    Toxic,
    register_program,
    run_program,
)
from turnkeeper.rulesets.ptcg.vocab_ex7 import PlusIfNow
from turnkeeper.rulesets.ptcg.vocab_ex8 import PlusPerOpponentTrainers
from turnkeeper.rulesets.ptcg.vocab_ex10 import IfFewerPrizes
from turnkeeper.rulesets.ptcg.vocab_ex10_ex import (
    AttachFromHandAndHeal,
    DevolveBenchPick,
    MoveOwnEnergyUpTo,
    NoPowersNextTurn,
    ReorderOpponentTop,
    ResetOwnPick,
    ReturnAttackerEnergy,
    SearchAttachToOne,
    evolved_this_turn,
    hp_left_at_most,
)
from turnkeeper.rulesets.ptcg.vocab_sets import ReorderTop

ATTACK_STEPS: dict[tuple[str, str], tuple[Step, ...]] = {
    # Granbull (Silvery Ocean): heads, an Energy card of the Defending Pokémon is discarded
    ("ex10-39", "Crushing Blow"): (Flip(heads=(DiscardDefendingEnergy(),)),),
    ("ex10-39", "Double Lariat"): (TimesHeads(2),),
    # Blissey ex: up to 3 Energy cards from the discard pile onto itself
    ("ex10-101", "Energy Absorption"): (
        Search((Cards(kind="energy"),), n=3, src=("discard",), dest="attach_self"),
    ),
    # Espeon ex
    ("ex10-102", "Snap Tail"): (TargetHit(30),),
    ("ex10-102", "Psyloop"): (PlusPerOpponentTrainers(30),),
    # Feraligatr ex's attacks (its Poké-Body Overpowering Fang: _register_fang)
    ("ex10-103", "Tsunami"): (Hit(), BenchDamage(10)),
    ("ex10-103", "Sore Spot"): (PlusPer(10, "defending_counters"),),
    # Ho-Oh ex's attack (its Poké-Power is not done)
    ("ex10-104", "Rainbow Burn"): (PlusPer(20, "own_basic_types"),),
    # Lugia ex's attack (its Poké-Body is not done)
    ("ex10-105", "Elemental Blast"): (Hit(), DiscardEachType(("Fire", "Water", "Lightning"))),
    # Meganium ex
    ("ex10-106", "Power Poison"): (Hit(), DiscardEnergy(1), Condition(("poisoned",))),
    # Politoed ex: 30 to the pick, 50 if it is a Stage 2 (no W/R on the Bench)
    ("ex10-107", "Upward Lick"): (TargetHit(30, bonus=20, bonus_if="stage2"),),
    ("ex10-107", "Punch and Run"): (Hit(), SelfSwitch(optional=False)),
    # 120 instead of 70 when the Defending Pokémon has fewer HP left than Politoed ex
    ("ex10-107", "Swallow Up"): (PlusIfNow(50, "defending_fewer_hp_left"),),
    # Scizor ex: 20 less damage to it from attacks in the opponent's next turn, after W/R
    ("ex10-108", "Steel Wing"): (Hit(), Guard(20)),
    ("ex10-108", "Cross-Cut"): (PlusIf(30, "defending_evolved"),),
    # Steelix ex
    ("ex10-109", "Metal Charge"): (Hit(), SelfDamage(1)),
    ("ex10-109", "Mudslide"): (DiscardEnergy(2, "Fighting"), TargetHit(100)),
    # Typhlosion ex: the player discards an Energy card of its own, then one of the Defending
    # Pokémon's (their picks)
    ("ex10-110", "Kindle"): (Hit(), DiscardOwn(1), DefendingEnergy(dest="discard")),
    # Raikou ★ (reading in the module doc)
    ("ex10-114", "Meta Voltage"): (
        Hit(),
        IfFewerPrizes((SelfDamage(4), BenchDamage(40, side="own"))),
    ),
    # Umbreon ex: in the opponent's next turn the Defending Pokémon can't retreat or use
    # Poké-Powers
    ("ex10-112", "Black Cry"): (Hit(), NoRetreat(), NoPowersNextTurn()),
    # Rocket's Persian ex: Poisoned, 2 counters between turns
    ("ex10-116", "Toxic Claws"): (Hit(), Toxic()),
    # Celebi ex: heads, 1 counter on each of the opponent's Pokémon; tails, 1 off each of own
    ("ex10-117", "Spiral Leaf"): (Flip(heads=(CountersOn(1, each=True),), tails=(HealEach(1),)),),
    # heads: the opponent's top 4 cards put back in the player's order; tails: their own
    ("ex10-117", "Time Trap"): (
        Hit(),
        Flip(heads=(ReorderOpponentTop(4),), tails=(ReorderTop(4),)),
    ),
}


def _all(*tests: Usable) -> Usable:
    def usable(s: PtcgState, seat: int, slot: int) -> str | None:
        for check in tests:
            found = check(s, seat, slot)
            if found is not None:
                return found
        return None

    return usable


def _something_to_reset(s: PtcgState, seat: int, slot: int) -> str | None:
    found = any(m.energy or m.damage for _, m in s.sides[seat].in_play())
    return None if found else "none of the player's Pokémon has Energy or damage counters"


def _opponent_benched_evolved(s: PtcgState, seat: int, slot: int) -> str | None:
    found = any(len(m.stack) > 1 for m in s.sides[1 - seat].bench)
    return None if found else "the opponent has no Benched Evolved Pokémon"


def _opponent_bench(s: PtcgState, seat: int, slot: int) -> str | None:
    return None if s.sides[1 - seat].bench else "the opponent has no Benched Pokémon"


def _grass_in_hand(s: PtcgState, seat: int, slot: int) -> str | None:
    found = any(
        s.card(c).basic_energy and "Grass" in s.card(c).provides for c in s.sides[seat].hand
    )
    return None if found else "no Grass Energy card in the hand"


def _benched_with_deck(s: PtcgState, seat: int, slot: int) -> str | None:
    if slot == 0:
        return "only while it is on the Bench"
    return None if s.sides[seat].deck else "the deck is empty"


# (card id, Poké-Power) -> (summary, steps run for the Pokémon using it, usable)
POWER_STEPS: dict[tuple[str, str], tuple[str, tuple[Step, ...], Usable]] = {
    ("ex10-101", "Blissful Support"): (
        "in the turn it evolved from the hand: any number of the player's Pokémon lose all "
        "their Energy and all their damage counters",
        (ResetOwnPick(),),
        _all(evolved_this_turn, _something_to_reset),
    ),
    ("ex10-102", "Devo Flash"): (
        "in the turn it evolved from the hand: one of the opponent's Benched Evolved Pokémon "
        "loses its top card to their hand",
        (DevolveBenchPick(),),
        _all(evolved_this_turn, _opponent_benched_evolved),
    ),
    ("ex10-106", "Nurture and Heal"): (
        "a Grass Energy card from the hand onto one of the player's Pokémon, then 1 damage "
        "counter off it",
        (AttachFromHandAndHeal("Grass"),),
        _grass_in_hand,
    ),
    ("ex10-110", "Bursting Up"): (
        "in the turn it evolved from the hand: up to one Fire Energy card from the deck per "
        "opponent's Benched Pokémon, all onto one of the player's Fire Pokémon",
        (SearchAttachToOne("Fire"),),
        _all(evolved_this_turn, _opponent_bench),
    ),
    ("ex10-112", "Darker Ring"): (
        "in the turn it evolved from the hand: one of the opponent's Benched Pokémon (the "
        "player's pick) switched in as the Defending Pokémon",
        (Gust(),),
        _all(evolved_this_turn, _opponent_bench),
    ),
    ("ex10-116", "Night Cry"): (
        "while Benched: a Pokémon with Dark or Rocket's in its name from the deck into the hand",
        (Search((Cards(kind="pokemon", team="Dark"), Cards(kind="pokemon", team="Rocket's"))),),
        _benched_with_deck,
    ),
}

# card id -> (summary, how its Poké-Body changes the damage of its attacks)
DAMAGE_MODS: dict[str, tuple[str, reg.DamageMod]] = {
    "ex10-108": (
        "with 60 HP or less left: 40 more damage to the Defending Pokémon, before W/R",
        reg.DamageMod(
            "attacker_active",
            40,
            before=True,
            active_only=True,
            name="Danger Perception",
            when=hp_left_at_most(60),
        ),
    ),
}
# (card id, Poké-Body) -> the Special Conditions it keeps off its Pokémon
CONDITION_IMMUNE: dict[tuple[str, str], frozenset[str]] = {
    ("ex10-109", "Poison Resistance"): frozenset({"poisoned"}),
}


# ---------------------------------------------------------------------------- as an attack ends
# Silver Sparkle (Lugia ex) and Golden Wing (Ho-Oh ex) react to the opponent's attack that
# damaged their Pokémon; they act as that attack ends, before Knock Outs are settled
# (reg.AFTER_ATTACK, lasting.after_attack), and their questions are asked of their player.
_SILVER_SPARKLE_KEY = "ex10-105:Silver Sparkle"
_SILVER_SPARKLE: tuple[Step, ...] = (ReturnAttackerEnergy(),)
_GOLDEN_WING_KEY = "ex10-104:Golden Wing"
_GOLDEN_WING: tuple[Step, ...] = (MoveOwnEnergyUpTo(2),)


def _silver_sparkle(ctx: Ctx, seat: int, slot: int, was_active: bool, attacker: int) -> bool:
    """Damaged by the attack while Active (even if Knocked Out): a coin; heads, an Energy
    card of the attacking Pokémon goes back to its player's hand (this player's pick)."""
    s = ctx.s
    mon = s.sides[seat].mon(slot)
    if not was_active or mon is None or gassed(s) or body_off(s, mon):
        return False
    body_acted(ctx, seat, mon, "Silver Sparkle")
    if not ctx.flip("Silver Sparkle"):
        return False
    # Run.target carries the attacking Pokémon's first card to the question
    r = Run(0, target=attacker, attack="Silver Sparkle", prog=_SILVER_SPARKLE_KEY)
    r.slot = slot
    run_program(ctx, seat, _SILVER_SPARKLE, r)
    return s.pending is not None


def _golden_wing(ctx: Ctx, seat: int, slot: int, was_active: bool, attacker: int) -> bool:
    """Damaged by the attack so that it will be Knocked Out: its player may move up to 2 of
    its Energy cards to their other Pokémon, unless its Poké-Powers are stopped now (a
    Special Condition, a Poké-Body such as Lazy or Toxic Gas, Mt. Moon)."""
    s = ctx.s
    mon = s.sides[seat].mon(slot)
    if mon is None or mon.damage < max_hp(s, mon) or not mon.energy:
        return False
    if power_stopped(s, seat, slot, mon, "Golden Wing") is not None:
        return False  # as every Poké-Power (power.power_stopped)
    if not any(other for other, _ in s.sides[seat].in_play() if other != slot):
        return False  # no other Pokémon to take the Energy
    ctx.emit("power", p=SEATS[seat], card=mon.stack[0], name="Golden Wing")
    r = Run(0, attack="Golden Wing", prog=_GOLDEN_WING_KEY)
    r.slot = slot
    run_program(ctx, seat, _GOLDEN_WING, r)
    return s.pending is not None


def _only_as_knocked_out(s: PtcgState, seat: int, slot: int) -> str | None:
    return "it is used only as this Pokémon would be Knocked Out by an opponent's attack"


def _never(ctx: Ctx, seat: int, slot: int, params: PowerParams) -> None:
    raise AssertionError("refused as an action (_only_as_knocked_out)")  # pragma: no cover


def _register_after_attack() -> None:
    cards = bundled_cards()
    register_program(_SILVER_SPARKLE_KEY, "attack", "Silver Sparkle", _SILVER_SPARKLE)
    register_program(_GOLDEN_WING_KEY, "attack", "Golden Wing", _GOLDEN_WING)
    lugia, ho_oh = "ex10-105", "ex10-104"
    body, power = cards[lugia].power("Silver Sparkle"), cards[ho_oh].power("Golden Wing")
    if body is None or body.kind != "body" or (lugia, body.name) in reg.BODIES:
        raise ValueError(f"effect_data_ex10_ex: {lugia} has no Poké-Body Silver Sparkle to add")
    if power is None or power.kind != "power" or (ho_oh, power.name) in reg.POWERS:
        raise ValueError(f"effect_data_ex10_ex: {ho_oh} has no Poké-Power Golden Wing to add")
    reg.BODIES[(lugia, body.name)] = reg.BodyEffect(
        "damaged by an attack while Active: heads, an Energy card of the attacker (the "
        "player's pick) back to its player's hand"
    )
    reg.POWERS[(ho_oh, power.name)] = reg.PowerEffect(
        "as an attack's damage would Knock it Out: up to 2 of its Energy cards moved to the "
        "player's other Pokémon",
        _never,
        _only_as_knocked_out,
    )
    reg.AFTER_ATTACK[lugia] = (body.name, _silver_sparkle)
    reg.AFTER_ATTACK[ho_oh] = (power.name, _golden_wing)
    SPECIAL_CARDS.update((lugia, ho_oh))


def _register_bodies() -> None:
    cards = bundled_cards()
    for card_id, (summary, mod) in DAMAGE_MODS.items():
        power = cards[card_id].power(mod.name)
        if power is None or power.kind != "body" or (card_id, mod.name) in reg.BODIES:
            raise ValueError(f"effect_data_ex10_ex: {card_id} has no Poké-Body {mod.name!r}")
        if card_id in reg.DAMAGE_MODS:
            raise ValueError(f"effect_data_ex10_ex: {card_id} has a damage modifier already")
        reg.BODIES[(card_id, mod.name)] = reg.BodyEffect(summary)
        reg.DAMAGE_MODS[card_id] = mod
    for (card_id, _name), steps in ATTACK_STEPS.items():
        if any(isinstance(step, NoPowersNextTurn) for step in steps):
            SPECIAL_CARDS.add(card_id)  # its lasting effect is cleared by lasting.turn_end


FERALIGATR_EX = "ex10-103"


def _not_ex(s: PtcgState, mon: Mon) -> bool:
    """Overpowering Fang reaches every Pokémon in play, either player's, but Pokémon-ex."""
    return not s.top(mon).ex


def _register_fang() -> None:
    """Overpowering Fang: while Feraligatr ex is its player's Active Pokémon, the Poké-Powers
    and Poké-Bodies of every Pokémon that is not a Pokémon-ex are off (board.bodies_off and
    board.powers_off ask ``reg.ABILITY_OFF_AURAS``; refused with ``ptcg.power.body``)."""
    body = bundled_cards()[FERALIGATR_EX].power("Overpowering Fang")
    if body is None or body.kind != "body" or (FERALIGATR_EX, body.name) in reg.BODIES:
        raise ValueError(f"effect_data_ex10_ex: {FERALIGATR_EX} has no Poké-Body to add")
    reg.BODIES[(FERALIGATR_EX, body.name)] = reg.BodyEffect(
        "while Active: no Poké-Powers or Poké-Bodies for any Pokémon in play but Pokémon-ex"
    )
    reg.ABILITY_OFF_AURAS[FERALIGATR_EX] = (body.name, _not_ex)
    SPECIAL_CARDS.add(FERALIGATR_EX)  # board.bodies_off / powers_off ask it in special games


def register() -> None:
    register_set(
        SetEffects(
            "effect_data_ex10_ex",
            attacks=ATTACK_STEPS,
            powers=POWER_STEPS,
            condition_immune=CONDITION_IMMUNE,
        )
    )
    _register_bodies()
    _register_after_attack()
    _register_fang()


register()
