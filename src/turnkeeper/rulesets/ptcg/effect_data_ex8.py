"""Card effects of EX Deoxys (ex8) as data in the effect vocabulary (``vocab.py``,
``search.py``, ``vocab_sets.py``, ``vocab_ex8.py``); facts in data/sets/ex8.json. The effects
are described in the project's own words (card text is never stored). Cards not listed here
stay unimplemented: ``ptcg coverage --set ex8`` lists them and a deck holding one is refused at
set-up.

An effect printed for "each Defending Pokémon" (a double battle) is resolved for the one
Defending Pokémon of the game played here (docs/rulesets/ptcg.md, Effect vocabulary)."""

from __future__ import annotations

from collections.abc import Callable

from turnkeeper.rulesets.ptcg import effect_questions as _ex1_to_ex4  # noqa: F401 (reprints)
from turnkeeper.rulesets.ptcg import registry as reg
from turnkeeper.rulesets.ptcg.bench import bench_power_rule
from turnkeeper.rulesets.ptcg.board import max_hp, provides
from turnkeeper.rulesets.ptcg.cards import ANY, bundled_cards
from turnkeeper.rulesets.ptcg.context import Ctx
from turnkeeper.rulesets.ptcg.damage import PREVENT_ALL, heal
from turnkeeper.rulesets.ptcg.power import PowerParams
from turnkeeper.rulesets.ptcg.registry import DamageBody
from turnkeeper.rulesets.ptcg.search import (
    BoostNextTurn,
    Cards,
    DefendingEnergy,
    DiscardStadium,
    ForbidAttack,
    Gust,
    MoveTargetEnergy,
    OpponentSwitch,
    PickCondition,
    PickTargets,
    Search,
    SelfSwitch,
    ShuffleFromOpponentHand,
    TargetEnergy,
    Usable,
    trainer_program,
)
from turnkeeper.rulesets.ptcg.set_data import SetEffects, register_set
from turnkeeper.rulesets.ptcg.state import SEATS, SPECIAL_CARDS, Mon, PtcgState
from turnkeeper.rulesets.ptcg.vocab import (
    BaseIf,
    BenchDamage,
    BoostNextTurnAll,
    Condition,
    CountersOn,
    CountersToHp,
    CureSelf,
    DiscardDefendingEnergy,
    DiscardEnergy,
    DiscardFromOpponentHand,
    Draw,
    Flip,
    Guard,
    Heal,
    HealEach,
    Hit,
    If,
    Later,
    MayDiscard,
    MinusPer,
    NoRetreat,
    PlusIf,
    PlusIfHeads,
    PlusPer,
    PlusPerHeads,
    Run,
    SelfDamage,
    Step,
    TailsNothing,
    TargetHit,
    TimesCount,
    TimesHeads,
    _all_steps,
    cure_on_attach,
    register_program,
    run_program,
)
from turnkeeper.rulesets.ptcg.vocab_ex7 import PlusPerNow
from turnkeeper.rulesets.ptcg.vocab_ex8 import (
    AllHeads,
    AttachToActive,
    CardToDeckTop,
    CountersPerOwnHand,
    DiscardDefendingEnergyAll,
    DiscardHandToHeal,
    DrawBottom,
    DrawPer,
    EvolveFromDeck,
    FormChange,
    GatherBasicEnergy,
    HitEach,
    IfDefendingStage,
    IfDiscarded,
    IfEnergy,
    IfHeadsAtLeast,
    MayDo,
    MayOpponentSwitch,
    OpponentDiscardsTo,
    PlusIfDefendingHas,
    PlusIfStadium,
    PlusPerHeadsPerEnergy,
    PlusPerOpponentTrainers,
    ReorderEitherTop,
    ShieldFrom,
    ShowOpponentHand,
    TargetHitPerNamed,
    TimesCountersOnNamed,
    TimesOthersInPlay,
    TopSearch,
    TrainerLock,
    Vulnerable,
    form_change_usable,
)
from turnkeeper.rulesets.ptcg.vocab_sets import PlusPerCard, ShuffleHandIntoDeck

_ALL_CONDITIONS = frozenset({"asleep", "burned", "confused", "paralyzed", "poisoned"})


def _c(*which: str) -> Condition:
    return Condition(which)


def _on_heads(*which: str) -> Flip:
    return Flip(heads=(Condition(which),))


# "10 damage to each of the opponent's Pokémon": the Active with Weakness and Resistance,
# the Bench without (the card's own reminder)
def _each_opponent(amount: int) -> tuple[Step, ...]:
    return (Hit(amount), BenchDamage(amount))


ATTACK_STEPS: dict[tuple[str, str], tuple[Step, ...]] = {
    # the player may discard a Darkness Energy (the attack's card): then 20 more, and after
    # the damage an Energy card of the Defending Pokémon (the player's pick) discarded
    ("ex8-104", "Darkness Blast"): (
        MayDiscard("Darkness", then=(PlusIf(20, "always"),)),
        Hit(),
        IfDiscarded(then=(DefendingEnergy(),)),
    ),
    ("ex8-36", "Foresight"): (ReorderEitherTop(5),),
    ("ex8-36", "Target Beam"): (PlusPerCard(10, "in_play", Cards(names=("Solrock",))),),
    ("ex8-46", "Advanced Armor"): (ShieldFrom("evolved"),),
    ("ex8-47", "Reflected Beam"): (
        TargetHitPerNamed(10, bench_only=True, wr=False, name="Lunatone"),
    ),
    ("ex8-99", "Psychic Shield"): (Hit(), ShieldFrom("ex")),
    ("ex8-100", "Pivot Throw"): (Hit(), Vulnerable(10)),
    ("ex8-2", "Luring Antenna"): (Gust(optional=True), Hit()),
    ("ex8-3", "Leaf Poison"): (Hit(), IfEnergy("Grass", (_c("poisoned"),))),
    ("ex8-5", "Ancient Mantra"): (
        IfEnergy("Fighting", (PlusIf(20, "always"),)),
        Hit(),
        IfEnergy("Psychic", (_c("confused"),)),
    ),
    ("ex8-7", "Psychic Removal"): (Hit(), AllHeads(2, (DiscardDefendingEnergyAll(),))),
    ("ex8-7", "Powerful Hand"): (CountersPerOwnHand(7),),
    ("ex8-8", "Full Retaliation"): (TimesCountersOnNamed("Magikarp"),),
    ("ex8-9", "Metallic Blow"): (PlusIfDefendingHas(30, "body"),),
    ("ex8-10", "Healing Steps"): (Hit(), DiscardHandToHeal()),
    ("ex8-10", "Circular Steps"): (TimesOthersInPlay(),),
    ("ex8-12", "Pull Away"): (Hit(), OpponentDiscardsTo(5, 4)),
    # one Defending Pokémon here: heads or tails, it takes 10 per counter on Whiscash (the
    # coin decides only whether a second Defending Pokémon would be hit, so none is flipped)
    ("ex8-28", "Raging Tremble"): (PlusPer(10, "own_counters"),),
    ("ex8-29", "Psyloop"): (PlusPerOpponentTrainers(30),),
    ("ex8-37", "Burning Ball"): (Hit(), IfEnergy("Fire", (_c("burned"),), at_least=2)),
    ("ex8-41", "Negative Spark"): (HitEach(20, "body"),),
    ("ex8-44", "Positive Spark"): (HitEach(20, "power"),),
    ("ex8-51", "Smogscreen"): (Hit(), _c("poisoned"), Later("smokescreen")),
    ("ex8-82", "Ascension"): (EvolveFromDeck(),),
    # one Defending Pokémon: "each Defending Pokémon" is it
    ("ex8-82", "Miracle Essence"): (Flip(heads=(PickCondition(),)),),
    ("ex8-27", "Miracle Blow"): (Flip(heads=(PickCondition(),)),),
    ("ex8-96", "Cross Attack"): (TimesHeads(4), Hit(), IfHeadsAtLeast(2, (_c("confused"),))),
    ("ex8-98", "Psyburst"): (
        MayDo(
            (DiscardEnergy(2), PlusPer(20, "defending_energy"), Hit()),
            otherwise=(Hit(),),
        ),
    ),
    ("ex8-106", "Shining Star"): (
        IfDefendingStage("stage2", (DiscardEnergy(0), PlusIf(100, "always"))),
        Hit(),
    ),
    ("ex8-107", "Holy Star"): (DiscardEnergy(0), HitEach(100, "ex", wr=True)),
    # one Defending Pokémon here: "20 to each Defending Pokémon" is 20 to it
    ("ex8-1", "Double Wing Attack"): (Hit(20),),
    # "during your next turn the base damage is 50": the boost flag of its next turn
    ("ex8-3", "Hustle Punch"): (BaseIf(50, "own_boosted"), Hit(), BoostNextTurn()),
    ("ex8-4", "Back Burner"): (
        Search((Cards(basic_energy=True),), n=2, src=("discard",), dest="attach_own"),
    ),
    ("ex8-4", "Split Bomb"): (PickTargets(2, 30, anywhere=True),),
    ("ex8-6", "Bubblebeam"): (_on_heads("paralyzed"),),
    ("ex8-6", "Cross-Cut"): (PlusIf(20, "defending_evolved"),),
    ("ex8-8", "Dragon Spark"): _each_opponent(10),
    ("ex8-8", "Pulverize"): (PlusIf(50, "defending_2_counters"),),
    ("ex8-11", "Link Blast"): (BaseIf(40, "energy_differs"),),
    ("ex8-12", "Seek Out"): (Search((Cards(),)),),
    # 2 damage counters; 4 on a Pokémon-ex (2, then 2 more)
    ("ex8-14", "Extra Curse"): (CountersOn(2), If("defending_ex", (CountersOn(2),))),
    ("ex8-13", "Swords Dance"): (BoostNextTurn(),),
    ("ex8-13", "Slash"): (BaseIf(80, "own_boosted"),),
    ("ex8-15", "Amnesia"): (Hit(), ForbidAttack()),
    ("ex8-15", "Lazy Headbutt"): (Hit(), Condition(("asleep",), who="self")),
    ("ex8-16", "Link Blast"): (BaseIf(20, "energy_differs"),),
    ("ex8-17", "Energy Crush"): (PlusPer(10, "opponent_side_energy"),),
    ("ex8-18", "Barrier Attack"): (Hit(), Guard(30)),
    ("ex8-19", "Water Punch"): (PlusPerHeadsPerEnergy(20, "Water"),),
    ("ex8-20", "Knock Over"): (Hit(), DiscardStadium()),
    ("ex8-21", "Bay Dance"): (Hit(), BoostNextTurnAll(30)),
    ("ex8-21", "Aqua Sonic"): (Hit(resistance=False),),
    ("ex8-22", "Tumbling Attack"): (PlusIfHeads(20),),
    ("ex8-24", "Triple Breach"): (PickTargets(3, 10, anywhere=True),),
    ("ex8-24", "Rend"): (PlusIf(20, "defending_damaged"),),
    ("ex8-25", "Stadium Power"): (PlusIfStadium(20),),
    ("ex8-26", "Spearhead"): (Draw(1),),
    ("ex8-26", "Heavy Metal"): (PlusPerHeadsPerEnergy(20, "Metal"),),
    ("ex8-27", "Stomp"): (PlusIfHeads(20),),
    ("ex8-28", "Dwindling Wave"): (MinusPer(10, "own_counters"),),
    ("ex8-29", "Dazzle Dance"): (_c("confused"),),
    ("ex8-30", "Spinning Horn"): _each_opponent(10),
    ("ex8-30", "Rock Hurl"): (Hit(resistance=False),),
    ("ex8-31", "Spiral Drain"): (Hit(), Heal(1)),
    ("ex8-32", "Hypnoblast"): (_c("asleep"),),
    ("ex8-32", "Extra Ball"): (PlusIf(30, "defending_ex"),),
    ("ex8-33", "Ambush"): (PlusIfHeads(20),),
    ("ex8-34", "Blot"): (Hit(), Heal(2)),
    ("ex8-35", "Surprise"): (Hit(), ShuffleFromOpponentHand()),
    ("ex8-38", "Thunder Spear"): (TargetHit(20),),
    # the player may decline: then nothing at all (no damage, none to itself)
    ("ex8-38", "Magnetic Tackle"): (
        MayDo((PlusPer(10, "own_energy", "Lightning"), Hit(), SelfDamage(1))),
    ),
    ("ex8-39", "Stun Spore"): (_on_heads("paralyzed"),),
    ("ex8-40", "Psychic Boom"): (PlusPer(10, "defending_energy"),),
    ("ex8-40", "Quick Blow"): (PlusIfHeads(20),),
    ("ex8-41", "Sniff Out"): (Search((Cards(),), src=("discard",), must=True),),
    ("ex8-43", "Eerie Light"): (_c("confused"),),
    ("ex8-43", "One-Two Strike"): (PlusPerHeads(2, 20),),
    ("ex8-44", "Call for Family"): (Search((Cards(stage="basic"),), n=2, dest="bench"),),
    ("ex8-45", "Rock Smash"): (PlusIfHeads(10),),
    ("ex8-47", "Scorching Light"): (
        Flip(heads=(Condition(("paralyzed",)),), tails=(Condition(("burned",)),)),
    ),
    ("ex8-48", "Energy Flip"): (TargetHit(10, bench_only=True, wr=False), MoveTargetEnergy()),
    ("ex8-48", "Psychic Boom"): (PlusPer(10, "defending_energy"),),
    ("ex8-49", "Mid-air Crush"): (TargetHit(20), Flip(heads=(TargetEnergy(),))),
    ("ex8-49", "Nosedive"): (Hit(), Flip(tails=(SelfDamage(1),))),
    ("ex8-51", "Liability"): (CountersToHp(10), SelfDamage(7)),
    ("ex8-52", "Singe"): (_on_heads("burned"),),
    ("ex8-52", "Doubleslap"): (TimesHeads(2),),
    ("ex8-53", "Selfdestruct"): (Hit(), BenchDamage(10, side="both"), SelfDamage(5)),
    ("ex8-54", "Amnesia"): (ForbidAttack(),),
    ("ex8-55", "Flip Over"): (Hit(), SelfDamage(1)),
    ("ex8-56", "Rage"): (PlusPer(10, "own_counters"),),
    ("ex8-57", "Double Chop"): (TimesHeads(2),),
    ("ex8-58", "Paralyzing Gaze"): (_on_heads("paralyzed"),),
    ("ex8-60", "Recharge"): (
        Search((Cards(basic_energy=True, type="Lightning"),), dest="attach_self"),
    ),
    ("ex8-60", "Quick Attack"): (PlusIfHeads(20),),
    ("ex8-61", "Supersonic"): (_on_heads("confused"),),
    ("ex8-62", "Smog"): (_c("poisoned"),),
    ("ex8-63", "Aqua Wave"): (PlusIfHeads(10),),
    ("ex8-64", "Leap Out"): (SelfSwitch(optional=False),),
    ("ex8-64", "Rage"): (PlusPer(10, "own_counters"),),
    ("ex8-65", "Thrust"): (TailsNothing(), DiscardDefendingEnergy()),
    ("ex8-65", "Rising Lunge"): (PlusIfHeads(10),),
    ("ex8-66", "Razor Wind"): (TailsNothing(),),
    ("ex8-67", "Dig Under"): (TargetHit(10, wr=False),),
    ("ex8-69", "Double Spin"): (TimesHeads(2),),
    ("ex8-70", "Surprise"): (ShuffleFromOpponentHand(),),
    ("ex8-71", "Collect"): (Draw(1),),
    ("ex8-71", "Quick Attack"): (PlusIfHeads(10),),
    ("ex8-72", "Stun Spore"): (_on_heads("paralyzed"),),
    ("ex8-72", "Trip Over"): (PlusIfHeads(10),),
    ("ex8-73", "Yawn"): (_c("asleep"),),
    ("ex8-73", "Flail"): (TimesCount("own_counters"),),
    ("ex8-74", "Collect"): (Draw(1),),
    ("ex8-75", "Magma Ring"): (Hit(), NoRetreat()),
    ("ex8-76", "Hypnotic Gaze"): (_c("asleep"),),
    ("ex8-77", "Rapid Spin"): (Hit(), OpponentSwitch(), SelfSwitch(optional=False)),
    ("ex8-78", "Agility"): (Hit(), Flip(heads=(Guard(effects=True),))),
    # tails: nothing at all; heads: the damage, and nothing from attacks next turn
    ("ex8-80", "Fly"): (TailsNothing(), Hit(), Guard(effects=True)),
    ("ex8-81", "Quick Attack"): (PlusIfHeads(10),),
    ("ex8-96", "Pester"): (PlusIf(40, "defending_condition"),),
    ("ex8-97", "Energy Burst"): (PlusPer(10, "both_energy"),),
    ("ex8-100", "Knock Off"): (Hit(), DiscardFromOpponentHand()),
    ("ex8-23", "Limitation"): (TrainerLock("supporter"),),
    ("ex8-59", "High Voltage"): (Flip(heads=(TrainerLock("all"),)),),
    ("ex8-101", "Disconnect"): (Hit(), TrainerLock("not_supporter")),
    # 20 per basic Energy card attached to it (the printed 20 is the "each")
    ("ex8-102", "Spiral Blast"): (BaseIf(0, "always"), PlusPerNow(20, "own_active_basic_energy")),
    ("ex8-101", "Mega Shot"): (DiscardEnergy(0, "Lightning"), TargetHit(80)),
    ("ex8-103", "Flame Jet"): (TargetHit(40, wr=False),),
    ("ex8-103", "Bright Flame"): (Hit(), DiscardEnergy(2)),
    # the player may first switch one of the opponent's Benched Pokémon in (one Defending
    # Pokémon: nothing for the opponent to pick); the damage goes to the new one
    ("ex8-104", "Drag Off"): (Gust(optional=True), Hit()),
    ("ex8-105", "Healing Light"): (Hit(), HealEach(1)),
    ("ex8-105", "Shooting Star"): (
        If("defending_ex", (DiscardEnergy(0), PlusIf(100, "always"))),
        Hit(),
    ),
    ("ex8-106", "Miraculous Light"): (Hit(), Heal(1), CureSelf()),
    ("ex8-107", "Spiral Rush"): (TimesHeads("until_tails"),),
    ("ex8-108", "Thunderous Blow"): (PlusPer(10, "own_energy", "Lightning"),),
}


# ---------------------------------------------------------------------------- Poké-Powers
def _active_with_opponent_bench(s: PtcgState, seat: int, slot: int) -> str | None:
    if slot != 0:
        return "it works only while this Pokémon is the Active Pokémon"
    return None if s.sides[1 - seat].bench else "the opponent has no Benched Pokémon"


def _no_happy_dance_yet(s: PtcgState, seat: int, slot: int) -> str | None:
    """Happy Dance: one a turn per player (whichever Ludicolo), and something to heal."""
    if any(used.endswith(":Happy Dance") for used in s.powers_used):
        return "a Happy Dance was used this turn already (one a turn per player)"
    if not any(m.damage for _, m in s.sides[seat].in_play()):
        return "none of the player's Pokémon has damage counters"
    return None


def _opponent_bench(s: PtcgState, seat: int, slot: int) -> str | None:
    return None if s.sides[1 - seat].bench else "the opponent has no Benched Pokémon"


def _deck(s: PtcgState, seat: int, slot: int) -> str | None:
    return None if s.sides[seat].deck else "the deck is empty"


def _active(s: PtcgState, seat: int, slot: int) -> str | None:
    return None if slot == 0 else "it works only while this Pokémon is the Active Pokémon"


def _active_with_deck(s: PtcgState, seat: int, slot: int) -> str | None:
    return _active(s, seat, slot) or _deck(s, seat, slot)


_PSYCHIC_OR_METAL = (Cards(kind="energy", type="Psychic"), Cards(kind="energy", type="Metal"))


def _psychic_or_metal_in_discard(s: PtcgState, seat: int, slot: int) -> str | None:
    if AttachToActive(_PSYCHIC_OR_METAL).found(s, seat):
        return None
    return "no Psychic or Metal Energy card in the discard pile"


_FORM_USABLE = form_change_usable("Deoxys")
_FORM_EX_USABLE = form_change_usable("Deoxys ex")
_FORM_CHANGE = "search the deck for another Deoxys and swap it in (one Form Change a turn)"
_FORM_CHANGE_EX = "search the deck for another Deoxys ex and swap it in (one Form Change a turn)"


def _active_only(s: PtcgState, seat: int, slot: int) -> str | None:
    return None if slot == 0 else "only while it is the Active Pokémon"


POWER_STEPS: dict[tuple[str, str], tuple[str, tuple[Step, ...], Usable]] = {
    ("ex8-23", "Night Vision"): (
        "while it is the Active Pokémon: look at the opponent's hand",
        (ShowOpponentHand(),),
        _active_only,
    ),
    **{
        (card_id, "Form Change"): (_FORM_CHANGE, (FormChange("Deoxys"),), _FORM_USABLE)
        for card_id in ("ex8-16", "ex8-17", "ex8-18")
    },
    **{
        (card_id, "Form Change"): (_FORM_CHANGE_EX, (FormChange("Deoxys ex"),), _FORM_EX_USABLE)
        for card_id in ("ex8-97", "ex8-98", "ex8-99")
    },
    ("ex8-25", "Fan Action"): (
        "the opponent switches their Defending Pokémon with a Benched one of their pick",
        (OpponentSwitch(),),
        _opponent_bench,
    ),
    ("ex8-10", "Swing Dance"): ("draw a card", (Draw(1),), _deck),
    ("ex8-5", "Psychic Trace"): (
        "while Active: the hand shuffled into the deck, then draw as many as the opponent holds",
        (ShuffleHandIntoDeck(), DrawPer("opponent_hand")),
        _active,
    ),
    ("ex8-9", "Wishing Star"): (
        "while Active: one of the top 5 cards into the hand, the deck shuffled; then it is Asleep",
        (TopSearch((Cards(),), must=True, top=5), Condition(("asleep",), who="self")),
        _active_with_deck,
    ),
    ("ex8-11", "Super Connectivity"): (
        "a Psychic or Metal Energy card from the discard pile to the Active, then 1 counter on it",
        (AttachToActive(_PSYCHIC_OR_METAL),),
        _psychic_or_metal_in_discard,
    ),
    ("ex8-20", "Smooth Over"): (
        "any card of the deck put on top after shuffling",
        (CardToDeckTop(),),
        _deck,
    ),
    ("ex8-96", "Distortion"): (
        "while Active: 1 damage counter on one of the opponent's Pokémon (the player's pick)",
        (PickTargets(1, 10, counters=True, anywhere=True),),
        _active,
    ),
    ("ex8-19", "Happy Dance"): (
        "1 damage counter off each of the player's Pokémon (one Happy Dance a turn)",
        (HealEach(1),),
        _no_happy_dance_yet,
    ),
    ("ex8-42", "Magnetic Reversal"): (
        "while Active, heads: one of the opponent's Benched Pokémon (the player's pick) "
        "becomes their Active",
        (Flip(heads=(Gust(),)),),
        _active_with_opponent_bench,
    ),
}


def _fire_and_lightning(s: PtcgState, mon: Mon, attacker: Mon) -> bool:
    """Dragon Aura: a basic Fire and a basic Lightning Energy card attached to it."""
    basics = [s.card(c) for c in mon.energy if s.card(c).basic_energy]
    return any("Fire" in c.provides for c in basics) and any(
        "Lightning" in c.provides for c in basics
    )


def _psychic_energy(s: PtcgState, mon: Mon, attacker: Mon) -> bool:
    return any("Psychic" in provides(s, c) for c in mon.energy)


def _evolved_attacker(s: PtcgState, mon: Mon, attacker: Mon) -> bool:
    return len(attacker.stack) > 1


DAMAGE_BODIES: dict[tuple[str, str], tuple[str, DamageBody]] = {
    ("ex8-6", "Dark Protection"): (
        "10 less damage from attacks per Darkness Energy on it (at most 20), after W/R",
        DamageBody(reduce=20, per_energy="Darkness"),
    ),
    ("ex8-13", "Fast Protection"): (
        "nothing from the attacks of the opponent's Basic Pokémon",
        DamageBody(prevent_from="basic"),
    ),
    ("ex8-45", "Hard Protection"): (
        "no damage from its own player's attacks",
        DamageBody(reduce=PREVENT_ALL, attacks_of="own"),
    ),
    ("ex8-48", "Core Guard"): (
        "with Psychic Energy attached: 10 less damage from attacks, after W/R",
        DamageBody(reduce=10, when=_psychic_energy),
    ),
    ("ex8-1", "Safeguard"): (
        "nothing from the attacks of Pokémon-ex",
        DamageBody(prevent_from="ex"),
    ),
    ("ex8-57", "Exoskeleton"): ("10 less damage from attacks", DamageBody(reduce=10)),
    ("ex8-22", "Dragon Aura"): (
        "with basic Fire and basic Lightning Energy cards attached: no effect of the "
        "opponent's attacks on it but their damage",
        DamageBody(effects_proof=True, when=_fire_and_lightning),
    ),
    ("ex8-68", "Dense"): (
        "20 less damage from the attacks of Evolved Pokémon (either player's), after W/R",
        DamageBody(reduce=20, when=_evolved_attacker, attacks_of="both"),
    ),
}
CONDITION_IMMUNE: dict[tuple[str, str], frozenset[str]] = {
    ("ex8-31", "Self-control"): frozenset({"paralyzed"}),
    ("ex8-83", "Self-control"): frozenset({"paralyzed"}),
    ("ex8-32", "Carefree"): frozenset({"confused"}),
}


def _deck_not_empty(s: PtcgState, seat: int) -> str | None:
    return None if s.sides[seat].deck else "the deck is empty"


_ENERGY = Cards(kind="energy")


def _energy_in_discard(s: PtcgState, seat: int) -> str | None:
    if any(s.card(c).kind == "energy" for c in s.sides[seat].discard):
        return None
    return "no Energy card in the discard pile"


def _trainers() -> dict[str, reg.TrainerEffect]:
    return {
        "ex8-86": trainer_program(
            "ex8-86",
            "heads: 2 Energy cards from the discard pile (1 if only 1) shuffled into the deck",
            (
                Flip(
                    heads=(
                        Search(
                            (Cards(kind="energy"),), n=2, src=("discard",), dest="deck", must=True
                        ),
                    )
                ),
            ),
            _energy_in_discard,
        ),
        "ex8-90": trainer_program(
            "ex8-90",
            "Supporter: heads, draw the bottom 3 cards of the deck; tails, the top 2",
            (Flip(heads=(DrawBottom(3),), tails=(Draw(2),)),),
            _deck_not_empty,
        ),
        "ex8-88": trainer_program(
            "ex8-88",
            "look at the top 7 cards: a Basic Pokémon or Evolution card of them into the hand "
            "(if any), then shuffle the deck",
            (
                TopSearch(
                    (Cards(kind="pokemon", stage="basic"), Cards(stage="evolution")), must=True
                ),
            ),
        ),
    }


# ex8 reprints whose effect is the same as an earlier card's (the handler is shared)
REPRINTS: dict[str, str] = {
    "ex8-87": "ex1-83",  # Lady Outing
}
# ex8 Pokémon Tools reprinted from an earlier set: the Tool's handler (and its damage
# modifier, if any) is shared
TOOL_REPRINTS: dict[str, str] = {}
# Strength Charm ex8-92 is no reprint of ex4-74 (which adds its 10 after Weakness and
# Resistance): it adds it before them, as ex15-81 does, and shares that card's handler
# (registered by effect_data_ex15b).


def _water_energy(s: PtcgState, mon: Mon) -> bool:
    return any("Water" in provides(s, c) for c in mon.energy)


def _metal_energy(s: PtcgState, mon: Mon) -> bool:
    return any("Metal" in provides(s, c) for c in mon.energy)


# card id -> (summary, the Poké-Body that makes its Retreat Cost 0 while a test holds)
RETREAT_BODIES: dict[str, tuple[str, reg.RetreatBody]] = {
    "ex8-33": (
        "Retreat Cost 0 with Water Energy attached",
        reg.RetreatBody("Aqua Lift", _water_energy),
    ),
    "ex8-26": (
        "Retreat Cost 0 with Metal Energy attached",
        reg.RetreatBody("Metallic Lift", _metal_energy),
    ),
}


def _hunch(s: PtcgState, attacker: Mon, target: Mon) -> bool:
    return max_hp(s, attacker) - attacker.damage <= 40


def _ex_attacker(s: PtcgState, attacker: Mon, target: Mon) -> bool:
    return s.top(attacker).ex


def _not_ex_or_baby(s: PtcgState, mon: Mon) -> bool:
    card = s.top(mon)
    return not card.ex and not any(p.name == "Baby Evolution" for p in card.powers)


def _solrock(s: PtcgState, mon: Mon) -> bool:
    return s.top(mon).name == "Solrock"


def _lunatone_80(s: PtcgState, mon: Mon) -> int:
    return 80 if s.top(mon).name == "Lunatone" else 0


# card id -> (summary, a Poké-Body making other Pokémon of its player retreat for free)
RETREAT_AURAS: dict[str, tuple[str, reg.RetreatBody]] = {
    "ex8-103": (
        "Retreat Cost 0 for each of the player's Pokémon but Pokémon-ex and Baby Pokémon",
        reg.RetreatBody("Dragon Lift", _not_ex_or_baby),
    ),
    "ex8-36": (
        "Retreat Cost 0 for each of the player's Solrock",
        reg.RetreatBody("Moonglow", _solrock),
    ),
}
# card id -> (Poké-Body name, the maximum HP it gives the player's Pokémon)
HP_AURAS: dict[str, tuple[str, Callable[[PtcgState, Mon], int]]] = {
    "ex8-47": ("Sunbeam", _lunatone_80),
}
# card id -> Poké-Body name: while Active, its attacks ignore the Defending's Resistance
NO_RESISTANCE_ACTIVE: dict[str, str] = {"ex8-27": "Tropical Motion"}
# card id -> (summary, the rule its Poké-Body changes)
RULE_BODIES: dict[str, tuple[str, reg.RuleBody]] = {
    "ex8-100": (
        "while Active: the opponent can't play Stadium cards",
        reg.RuleBody("Commanding Aura", "stadium"),
    ),
}
# card id -> (summary, how its Poké-Body changes the damage of attacks)
DAMAGE_MODS: dict[str, tuple[str, reg.DamageMod]] = {
    "ex8-2": (
        "with 40 HP or less left: its attacks do 40 more to the Defending Pokémon, before W/R",
        reg.DamageMod(
            "attacker_active", 40, before=True, active_only=True, name="Hunch", when=_hunch
        ),
    ),
    "ex8-15": (
        "while Active: 30 less damage to the player's Pokémon from the attacks of Pokémon-ex, "
        "before W/R",
        reg.DamageMod("defender_active", -30, before=True, name="Lazy Aura", when=_ex_attacker),
    ),
    "ex8-50": (
        "while Active: every Active Pokémon's attacks do 10 more to the Active Pokémon, before W/R",
        reg.DamageMod("any_active", 10, before=True, active_only=True, name="Vigorous Aura"),
    ),
    "ex8-39": (
        "while Active: 20 less damage to the player's Pokémon from attacks, before W/R",
        reg.DamageMod("defender_active", -20, before=True, name="Intimidating Pattern"),
    ),
}


def _evolved_only(s: PtcgState, mon: Mon) -> str | None:
    return None if len(mon.stack) > 1 else f"only onto an Evolved Pokémon ({s.top(mon).name})"


def _evolved_not_ex(s: PtcgState, mon: Mon) -> str | None:
    if len(mon.stack) < 2:
        return f"only onto an Evolved Pokémon ({s.top(mon).name} is not)"
    return f"not onto a Pokémon-ex ({s.top(mon).name})" if s.top(mon).ex else None


def _three_colorless(s: PtcgState, mon: Mon, card: int) -> list[tuple[str, ...]]:
    return [("Colorless",)] * 3


def _scramble_units(s: PtcgState, mon: Mon, card: int) -> list[tuple[str, ...]]:
    """Scramble Energy: Colorless; 3 Energy of any types while its player is behind on
    Prizes (more left than the opponent)."""
    seat = 0 if any(m is mon for _, m in s.sides[0].in_play()) else 1
    if len(s.sides[seat].prizes) > len(s.sides[1 - seat].prizes):
        return [(ANY,)] * 3
    return [("Colorless",)]


# special Energy card ids: discarded at the end of their owner's turn / once their Pokémon is
# not Evolved / once it evolves into a Pokémon-ex / their Pokémon cannot retreat
END_OF_TURN_ENERGY = ("ex8-93",)
EVOLVED_ONLY_ENERGY = ("ex8-93", "ex8-95")
NOT_EX_ENERGY = ("ex8-95",)
NO_RETREAT_ENERGY = ("ex8-93",)


def _heal_energy(ctx: Ctx, seat: int, slot: int, card: int) -> None:
    """Heal Energy, attached from the hand: 1 damage counter and every Special Condition off
    its Pokémon (nothing more on a Pokémon-ex)."""
    mon = ctx.s.sides[seat].mon(slot)
    if mon is None or ctx.s.top(mon).ex:
        return
    heal(ctx, seat, slot, 1)
    if mon.has_condition():
        ctx.emit("cure", p=SEATS[seat], slot=slot, which=mon.conditions())


ENERGIES: dict[str, reg.EnergyEffect] = {
    "ex8-93": reg.EnergyEffect(
        "onto an Evolved Pokémon only; 3 Colorless Energy; its Pokémon can't retreat; "
        "discarded at the end of the turn, or once its Pokémon is no longer Evolved",
        attach_to=_evolved_only,
        units=_three_colorless,
    ),
    "ex8-95": reg.EnergyEffect(
        "onto an Evolved Pokémon that is not a Pokémon-ex only; Colorless, or while its "
        "player has more Prize cards left than the opponent 3 Energy of any types; discarded "
        "once its Pokémon is no longer Evolved or evolves into a Pokémon-ex",
        attach_to=_evolved_not_ex,
        units=_scramble_units,
    ),
    "ex8-94": reg.EnergyEffect(
        "Colorless; attached from the hand: 1 damage counter and the Special Conditions off "
        "(not on a Pokémon-ex)",
        on_attach=_heal_energy,
    ),
}
# card id -> Poké-Body name: damaged already, a coin keeps an attack off it (Fluff)
FLUFF_BODIES: dict[str, str] = {"ex8-79": "Fluff"}
# card id -> Poké-Body name: the opponent takes no Prize card for it (Empty Shell)
NO_PRIZE_BODIES: dict[str, str] = {"ex8-14": "Empty Shell"}
# card id -> Poké-Body name: Burned or Poisoned by an attack, it gives the attacker the same
MIRROR_BODIES: dict[str, str] = {"ex8-29": "Mirror Coat", "ex8-66": "Mirror Coat"}
def _space_center_ignores(s: PtcgState, mon: Mon) -> bool:
    """Space Center (ex8-91): the Poké-Bodies of every Basic Pokémon in play, either
    player's, are off, except a Pokémon-ex's and one with an owner in its name (Team Aqua's,
    Rocket's ...). Its Poké-Powers stay. Asked through ``board.body_off``, like Battle
    Frontier (ex9-75), so every Poké-Body lookup honours it."""
    card = s.top(mon)
    return s.is_basic(mon) and not card.ex and "'s " not in card.name


STADIUMS: dict[str, reg.StadiumEffect] = {
    "ex8-89": reg.StadiumEffect(
        "each Active Evolved Pokémon (not ex) may also use the attacks of the cards below it",
        below_attacks=True,
    ),
    "ex8-91": reg.StadiumEffect(
        "the Poké-Bodies of Basic Pokémon in play (not ex, no owner in the name) are off",
        body_block=_space_center_ignores,
    ),
}
# (card id, Poké-Body name) -> the Energy type whose attachment from the hand cures it
CURE_ON_ATTACH: dict[tuple[str, str], str] = {("ex8-34", "Natural Cure"): "Water"}


def _new_body(card_id: str, name: str) -> None:
    card = bundled_cards().get(card_id)
    power = card.power(name) if card is not None else None
    if power is None or power.kind != "body" or (card_id, name) in reg.BODIES:
        raise ValueError(f"effect_data_ex8: {card_id} has no Poké-Body {name!r} to add")


def _register_bodies() -> None:
    for card_id, name in FLUFF_BODIES.items():
        _new_body(card_id, name)
        reg.BODIES[(card_id, name)] = reg.BodyEffect(
            "with damage counters on it, a coin per opponent's attack: heads, nothing of it"
        )
        reg.FLUFF_BODIES[card_id] = name
        SPECIAL_CARDS.add(card_id)  # asked only in games holding it (damage.fluffed)
    for card_id, (summary, aura) in RETREAT_AURAS.items():
        _new_body(card_id, aura.name)
        reg.BODIES[(card_id, aura.name)] = reg.BodyEffect(summary)
        reg.RETREAT_AURAS[card_id] = aura
        SPECIAL_CARDS.add(card_id)
    for card_id, (name, hp) in HP_AURAS.items():
        _new_body(card_id, name)
        reg.BODIES[(card_id, name)] = reg.BodyEffect("the player's Lunatone have 80 HP")
        reg.HP_AURAS[card_id] = (name, hp)
        SPECIAL_CARDS.add(card_id)
    for card_id, name in NO_RESISTANCE_ACTIVE.items():
        _new_body(card_id, name)
        reg.BODIES[(card_id, name)] = reg.BodyEffect(
            "while Active: the opponent's Active Pokémon has no Resistance"
        )
        reg.NO_RESISTANCE_ACTIVE[card_id] = name
        SPECIAL_CARDS.add(card_id)
    for card_id, (summary, rule) in RULE_BODIES.items():
        _new_body(card_id, rule.name)
        reg.BODIES[(card_id, rule.name)] = reg.BodyEffect(summary)
        reg.RULE_BODIES[card_id] = rule
        SPECIAL_CARDS.add(card_id)
    for card_id, (summary, retreat) in RETREAT_BODIES.items():
        _new_body(card_id, retreat.name)
        reg.BODIES[(card_id, retreat.name)] = reg.BodyEffect(summary)
        reg.RETREAT_BODIES[card_id] = retreat
        SPECIAL_CARDS.add(card_id)
    for card_id, (summary, mod) in DAMAGE_MODS.items():
        _new_body(card_id, mod.name)
        if card_id in reg.DAMAGE_MODS:
            raise ValueError(f"effect_data_ex8: {card_id} has a damage modifier already")
        reg.BODIES[(card_id, mod.name)] = reg.BodyEffect(summary)
        reg.DAMAGE_MODS[card_id] = mod
    for card_id, energy in ENERGIES.items():
        if bundled_cards()[card_id].kind != "energy" or card_id in reg.ENERGIES:
            raise ValueError(f"effect_data_ex8: {card_id} is no Energy, or has a handler")
        reg.ENERGIES[card_id] = energy
        SPECIAL_CARDS.add(card_id)
    reg.END_OF_TURN_ENERGY.update(END_OF_TURN_ENERGY)
    reg.EVOLVED_ONLY_ENERGY.update(EVOLVED_ONLY_ENERGY)
    reg.NOT_EX_ENERGY.update(NOT_EX_ENERGY)
    reg.NO_RETREAT_ENERGY.update(NO_RETREAT_ENERGY)
    for (card_id, _name), steps in ATTACK_STEPS.items():
        if any(isinstance(step, Later) for step in steps):
            SPECIAL_CARDS.add(card_id)  # its delayed effect is asked by lasting.py
        if any(isinstance(step, TrainerLock) for step in _all_steps(steps)):
            SPECIAL_CARDS.add(card_id)  # its lock is asked by trainer.trainer_rule
    for card_id, name in NO_PRIZE_BODIES.items():
        _new_body(card_id, name)
        reg.BODIES[(card_id, name)] = reg.BodyEffect("Knocked Out: no Prize card for it")
        reg.NO_PRIZE_BODIES[card_id] = name
    for card_id, name in MIRROR_BODIES.items():
        _new_body(card_id, name)
        reg.BODIES[(card_id, name)] = reg.BodyEffect(
            "Burned or Poisoned by an attack: the attacker gets the same"
        )
        reg.MIRROR_BODIES[card_id] = name
    cards = bundled_cards()
    for card_id, stadium in STADIUMS.items():
        if cards[card_id].trainer != "stadium" or card_id in reg.STADIUMS:
            raise ValueError(f"effect_data_ex8: {card_id} is no Stadium, or has a handler")
        reg.STADIUMS[card_id] = stadium
        SPECIAL_CARDS.add(card_id)
    for (card_id, name), kind in CURE_ON_ATTACH.items():
        _new_body(card_id, name)
        reg.BODIES[(card_id, name)] = cure_on_attach(kind, name)


def _crystal_shard_attacks(ctx: Ctx, seat: int, slot: int) -> None:
    """Crystal Shard's Pokémon attacks: the Tool goes at the end of this turn (a "tool:discard"
    timer of this turn, done by lasting.turn_end; it stays with the Pokémon if the attack
    moves it to the Bench)."""
    ctx.emit(
        "flag", p=SEATS[seat], slot=slot, flag="later", what="tool:discard", turn=ctx.s.turn
    )


def _register_crystal_shard() -> None:
    """Crystal Shard (ex8-85): while attached its Pokémon is Colorless (reg.TOOL_TYPES, read by
    board.types_of wherever a Pokémon's type is asked: Weakness, Resistance, effects that
    count a type); discarded at the end of a turn in which its Pokémon attacked."""
    card = bundled_cards()["ex8-85"]
    if card.trainer != "tool" or card.id in reg.TOOLS:
        raise ValueError("effect_data_ex8: ex8-85 is no Tool, or has a handler")
    reg.TOOLS[card.id] = reg.ToolEffect(
        "its Pokémon is Colorless; discarded at the end of a turn in which it attacked",
        on_attack=_crystal_shard_attacks,
    )
    reg.TOOL_TYPES[card.id] = ("Colorless",)
    SPECIAL_CARDS.add(card.id)


def _power_refused(ctx: Ctx, seat: int, slot: int, params: PowerParams) -> None:
    raise AssertionError("refused as an action (_used_by_itself)")  # pragma: no cover


def _used_by_itself(s: PtcgState, seat: int, slot: int) -> str | None:
    return "it is used only as the card says: as its Pokémon is benched or gets Energy"


_DRAGON_BOOST: tuple[Step, ...] = (GatherBasicEnergy("Dragon Boost"),)
_LIGHTNING_BURST: tuple[Step, ...] = (MayOpponentSwitch(name="Lightning Burst"),)


def _dragon_boost(ctx: Ctx, seat: int, slot: int) -> None:
    r = Run(0, attack="Dragon Boost", prog="ex8-102:Dragon Boost")
    r.slot = slot
    run_program(ctx, seat, _DRAGON_BOOST, r)


def _lightning_burst(ctx: Ctx, seat: int, slot: int, energy: int) -> None:
    """As a Darkness Energy card from the hand is attached to Rocket's Raikou ex: as every
    Poké-Power, not under a Special Condition, a Poké-Body or Stadium that stops powers."""
    s = ctx.s
    mon = s.sides[seat].mon(slot)
    if mon is None or s.card(energy).name != "Darkness Energy" or mon.has_condition():
        return
    if bench_power_rule(s, seat, slot) is not None:
        return
    r = Run(0, attack="Lightning Burst", prog="ex8-108:Lightning Burst")
    r.slot = slot
    run_program(ctx, seat, _LIGHTNING_BURST, r)


def _register_triggered_powers() -> None:
    """Rayquaza ex's Dragon Boost (as it is benched from the hand: reg.BENCH_POWERS) and
    Rocket's Raikou ex's Lightning Burst (as a Darkness Energy card from the hand is attached
    to it: reg.ATTACH_POWERS): Poké-Powers the card triggers, never a use_power action."""
    cards = bundled_cards()
    for (card_id, name), summary, steps in (
        (
            ("ex8-102", "Dragon Boost"),
            "as it is benched from the hand: basic Energy cards from the player's other "
            "Pokémon may move to it (one Dragon Boost a turn)",
            _DRAGON_BOOST,
        ),
        (
            ("ex8-108", "Lightning Burst"),
            "as a Darkness Energy card from the hand is attached to it: the player may have "
            "the opponent switch the Defending Pokémon (the opponent picks)",
            _LIGHTNING_BURST,
        ),
    ):
        power = cards[card_id].power(name)
        if power is None or power.kind != "power" or (card_id, name) in reg.POWERS:
            raise ValueError(f"effect_data_ex8: {card_id} has no Poké-Power {name!r} to add")
        register_program(f"{card_id}:{name}", "power", name, steps)
        reg.POWERS[(card_id, name)] = reg.PowerEffect(summary, _power_refused, _used_by_itself)
        SPECIAL_CARDS.add(card_id)
    reg.BENCH_POWERS["ex8-102"] = ("Dragon Boost", _dragon_boost)
    reg.ATTACH_POWERS["ex8-108"] = ("Lightning Burst", _lightning_burst)


BALLOON_BERRY = "ex8-84"


def _register_balloon_berry() -> None:
    """Balloon Berry as ex8 prints it: no reprint of ex3-82 (which is discarded instead of
    the Energy a retreat costs): while attached, its Pokémon's Retreat Cost is 0 (what an
    attack counting the Retreat Cost reads too: Breaking Impact, Slimy Water), and it is
    discarded as its Pokémon retreats."""
    card = bundled_cards()[BALLOON_BERRY]
    if card.trainer != "tool" or BALLOON_BERRY in reg.TOOLS:
        raise ValueError(f"effect_data_ex8: {BALLOON_BERRY} is no Tool, or has a handler")
    reg.TOOLS[BALLOON_BERRY] = reg.ToolEffect(
        "its Pokémon's Retreat Cost is 0; discarded as its Pokémon retreats",
        pays_retreat=True,  # retreat.run_retreat discards it as the Pokémon retreats
        free_retreat=True,  # board.retreat_cost: 0 (special games)
    )
    SPECIAL_CARDS.add(BALLOON_BERRY)


def _register_tool_reprints() -> None:
    cards = bundled_cards()
    for card_id, same_as in TOOL_REPRINTS.items():
        card, original = cards.get(card_id), cards.get(same_as)
        if card is None or original is None or card.trainer != "tool" or original.name != card.name:
            raise ValueError(f"effect_data_ex8: {card_id} is no reprint of the Tool {same_as}")
        if same_as not in reg.TOOLS or card_id in reg.TOOLS or card_id in reg.DAMAGE_MODS:
            raise ValueError(f"effect_data_ex8: {same_as} has no Tool handler, or {card_id} has")
        reg.TOOLS[card_id] = reg.TOOLS[same_as]
        if same_as in reg.DAMAGE_MODS:
            reg.DAMAGE_MODS[card_id] = reg.DAMAGE_MODS[same_as]
        if same_as in SPECIAL_CARDS:
            SPECIAL_CARDS.add(card_id)


def register() -> None:
    register_set(
        SetEffects(
            "effect_data_ex8",
            attacks=ATTACK_STEPS,
            powers=POWER_STEPS,
            trainers=_trainers(),
            damage_bodies=DAMAGE_BODIES,
            condition_immune=CONDITION_IMMUNE,
            reprints=REPRINTS,
        )
    )
    _register_tool_reprints()
    _register_balloon_berry()
    _register_bodies()
    _register_crystal_shard()
    _register_triggered_powers()


register()
