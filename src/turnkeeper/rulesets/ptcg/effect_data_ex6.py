"""Card effects of EX FireRed & LeafGreen (ex6) as data in the effect vocabulary
(``vocab.py``, ``search.py``, ``vocab_sets.py``); facts in data/sets/ex6.json. The effects
are described in the project's own words (card text is never stored). Cards not listed here
stay unimplemented: ``ptcg coverage --set ex6`` lists them and a deck holding one is refused at
set-up."""

from __future__ import annotations

from turnkeeper.rulesets.ptcg import effect_questions as _ex1_to_ex4  # noqa: F401 (reprints)
from turnkeeper.rulesets.ptcg import registry as reg
from turnkeeper.rulesets.ptcg.questions_nested import EvolveFromDeck
from turnkeeper.rulesets.ptcg.registry import DamageBody
from turnkeeper.rulesets.ptcg.search import (
    Cards,
    DiscardStadium,
    Gust,
    OpponentSwitch,
    PickTargets,
    Search,
    SelfSwitch,
    Usable,
    trainer_program,
)
from turnkeeper.rulesets.ptcg.set_data import SetEffects, register_set
from turnkeeper.rulesets.ptcg.state import PtcgState
from turnkeeper.rulesets.ptcg.vocab import (
    AttachFromDiscard,
    Condition,
    CountersOn,
    DiscardEnergy,
    Draw,
    Flip,
    Guard,
    Heal,
    Hit,
    If,
    IfAnyHeads,
    MayDiscard,
    NoAttackNextTurn,
    NoRetreat,
    PlusIf,
    PlusIfHeads,
    PlusPer,
    PlusPerHeads,
    SelfDamage,
    Step,
    TailsNothing,
    TargetHit,
    TimesHeads,
    Toxic,
)
from turnkeeper.rulesets.ptcg.vocab_ex6 import PlusByHeads, PlusPerOwnEvolved
from turnkeeper.rulesets.ptcg.vocab_sets import (
    CardsNotEx,
    CureOnePick,
    DrawToHandSize,
    HealAndCurePick,
    PlusPerCard,
    ReorderTop,
    RevealUntil,
    ShuffleDeck,
    ShuffleHandIntoDeck,
    SwapPrizeWithTop,
    TrainerOf,
)

_BASIC = Cards(stage="basic")
_BASIC_ENERGY = Cards(basic_energy=True)
_ALL_CONDITIONS = frozenset({"asleep", "burned", "confused", "paralyzed", "poisoned"})


def _c(*which: str) -> Condition:
    return Condition(which)


def _on_heads(*which: str) -> Flip:
    return Flip(heads=(Condition(which),))


ATTACK_STEPS: dict[tuple[str, str], tuple[Step, ...]] = {
    ("ex6-1", "Poison Sting"): (_c("poisoned"),),
    ("ex6-1", "Link Needle"): (PlusPerCard(30, "in_play", Cards(names=("Beedrill",))),),
    ("ex6-2", "Whirlwind"): (Hit(), OpponentSwitch()),
    ("ex6-3", "Cold Breath"): (_c("asleep"),),
    ("ex6-5", "Psychic Exchange"): (ShuffleHandIntoDeck(), Draw(8)),
    ("ex6-5", "Big Eggsplosion"): (TimesHeads("own_energy"),),
    ("ex6-6", "Fetch"): (Draw(1),),
    ("ex6-6", "One-Two Punch"): (PlusIfHeads(20),),
    ("ex6-7", "Linear Attack"): (TargetHit(30),),
    ("ex6-7", "Vengeance"): (PlusPerCard(10, "discard", Cards(kind="pokemon"), cap=60),),
    ("ex6-8", "Earth Poison"): (If("defending_damaged", (_c("poisoned"),)), Hit()),
    ("ex6-8", "Bound Crush"): (TargetHit(60), NoAttackNextTurn(only_this=True)),
    ("ex6-10", "Clutch"): (NoRetreat(),),
    ("ex6-12", "Recharge"): (
        Search((Cards(basic_energy=True, type="Lightning"),), n=2, dest="attach_self"),
    ),
    ("ex6-16", "Knock Over"): (Hit(), DiscardStadium()),
    ("ex6-16", "Rampage"): (
        PlusPer(10, "own_counters"),
        Hit(),
        Flip(tails=(Condition(("confused",), who="self"),)),
    ),
    ("ex6-18", "Heat Tackle"): (SelfDamage(1),),
    ("ex6-19", "Sing"): (_c("asleep"),),
    ("ex6-19", "Egg Surprise"): (Flip(heads=(Hit(50),), tails=(Heal(5),)),),
    ("ex6-20", "Double Bubble"): (TimesHeads(2), Hit(), IfAnyHeads((_c("paralyzed"),))),
    ("ex6-22", "Sonicboom"): (Hit(wr=False),),
    ("ex6-22", "Rumble"): (NoRetreat(),),
    ("ex6-23", "Cross-Cut"): (PlusIf(20, "defending_evolved"),),
    ("ex6-24", "Shot Air"): (Hit(), TargetHit(20, bench_only=True)),
    ("ex6-26", "Salt Water"): (
        Search((Cards(basic_energy=True, type="Water"),), n=2, dest="attach_self"),
    ),
    ("ex6-26", "Hyper Pump"): (PlusPer(20, "own_energy", beyond_cost=True, cap=40, basic=True),),
    ("ex6-27", "Thundershock"): (_on_heads("paralyzed"),),
    ("ex6-27", "Speed Shot"): (TargetHit(40, wr=False, effects=False),),
    ("ex6-30", "Vine Tease"): (SwapPrizeWithTop(),),
    ("ex6-30", "Wiggle"): (
        Flip(heads=(Condition(("confused",)),), tails=(Condition(("poisoned",)),)),
    ),
    ("ex6-31", "Damage Burn"): (PlusIf(20, "defending_damaged"),),
    ("ex6-32", "Hypnosis"): (_c("asleep"),),
    ("ex6-32", "Ambush"): (PlusIfHeads(10),),
    ("ex6-33", "Psybeam"): (_on_heads("confused"),),
    ("ex6-33", "Double Spin"): (TimesHeads(2),),
    ("ex6-34", "Confuse Ray"): (_on_heads("confused"),),
    ("ex6-35", "Poison Seed"): (_c("poisoned"),),
    ("ex6-37", "Lick"): (_on_heads("paralyzed"),),
    ("ex6-37", "Tongue Whip"): (TargetHit(20),),
    ("ex6-38", "Mischief"): (ShuffleDeck(),),
    ("ex6-40", "Fast Evolution"): (Search((Cards(stage="evolution"),), n=2),),
    ("ex6-41", "Double Stab"): (TimesHeads(2),),
    ("ex6-41", "Rend"): (PlusIf(30, "defending_damaged"),),
    ("ex6-42", "Tunneling"): (PickTargets(2, 10), NoAttackNextTurn()),
    ("ex6-44", "Poison Claws"): (_c("poisoned"),),
    ("ex6-44", "Shining Claws"): (_c("confused"),),
    ("ex6-45", "Clutch"): (NoRetreat(),),
    ("ex6-46", "Energy Stream"): (
        Hit(),
        Search((_BASIC_ENERGY,), src=("discard",), dest="attach_self", must=True),
    ),
    ("ex6-46", "Bubble"): (_on_heads("paralyzed"),),
    ("ex6-47", "Data Retrieval"): (DrawToHandSize(4),),
    ("ex6-47", "Confuse Ray"): (_c("confused"),),
    ("ex6-48", "Pickup"): (
        Search((Cards(kind="pokemon"),), src=("discard",), must=True),
        Search((Cards(kind="trainer"),), src=("discard",), must=True),
        Search((Cards(kind="energy"),), src=("discard",), must=True),
    ),
    ("ex6-48", "Quick Attack"): (PlusIfHeads(40),),
    ("ex6-50", "Water Gun"): (PlusPer(10, "own_energy", "Water", beyond_cost=True, cap=20),),
    ("ex6-50", "Smash Turn"): (Hit(), SelfSwitch()),
    ("ex6-51", "Corrosive Acid"): (_c("burned"),),
    ("ex6-52", "Expand"): (Hit(), Guard(10)),
    ("ex6-54", "Sleep Poison"): (_on_heads("asleep", "poisoned"),),
    ("ex6-55", "Gouge"): (PlusIfHeads(10),),
    ("ex6-56", "Signs of Evolution"): (
        Search((Cards(names=("Metapod",)),)),
        Search((Cards(names=("Butterfree",)),)),
    ),
    ("ex6-56", "String Shot"): (_on_heads("paralyzed"),),
    ("ex6-57", "Singe"): (_c("burned"),),
    ("ex6-59", "Gesture"): (Gust(),),
    ("ex6-60", "Linear Attack"): (TargetHit(20),),
    ("ex6-61", "Dig Under"): (TargetHit(10, wr=False),),
    ("ex6-62", "Run Around"): (SelfSwitch(optional=False),),
    ("ex6-62", "Random Peck"): (PlusPerHeads(2, 10),),
    ("ex6-65", "Sleep Inducer"): (Gust(), _c("asleep")),
    ("ex6-65", "Quick Blow"): (PlusIfHeads(20),),
    ("ex6-66", "Nap"): (Heal(2),),
    ("ex6-67", "Surprise Attack"): (TailsNothing(),),
    ("ex6-68", "Supersonic"): (_on_heads("confused"),),
    ("ex6-69", "Collect"): (Draw(1),),
    ("ex6-70", "Look for Friends"): (RevealUntil(_BASIC),),
    ("ex6-71", "Call for Family"): (
        Search((Cards(names=("Nidoran ♀", "Nidoran ♂")),), dest="bench"),
    ),
    ("ex6-71", "Double Stab"): (TimesHeads(2),),
    ("ex6-72", "Call for Family"): (Search((_BASIC,), n=2, dest="bench"),),
    ("ex6-72", "Toxic Spore"): (_on_heads("poisoned"),),
    ("ex6-73", "Corner"): (NoRetreat(),),
    ("ex6-74", "Plasma"): (Hit(), Flip(heads=(AttachFromDiscard(1, "Lightning"),))),
    ("ex6-75", "Spiral Attack"): (_on_heads("confused"),),
    ("ex6-76", "Stomp"): (PlusIfHeads(10),),
    ("ex6-77", "Collect"): (Draw(1),),
    ("ex6-78", "Horn Hazard"): (TailsNothing(),),
    ("ex6-79", "Minimize"): (Guard(20),),
    ("ex6-80", "Confusion Wave"): (_c("confused"), Condition(("confused",), who="self")),
    ("ex6-81", "Claw"): (TailsNothing(),),
    ("ex6-82", "Sleepy Ball"): (_on_heads("asleep"),),
    ("ex6-83", "Bubble"): (_on_heads("paralyzed"),),
    ("ex6-83", "Smash Turn"): (Hit(), SelfSwitch()),
    ("ex6-84", "Psycho Waves"): (DiscardEnergy(1), _c("confused")),
    ("ex6-86", "Call for Family"): (
        Search((Cards(stage="basic", type="Grass"),), n=2, dest="bench"),
    ),
    ("ex6-86", "Poison Spurt"): (DiscardEnergy(1, "Grass"), _c("poisoned")),
    ("ex6-108", "Poltergeist"): (PlusPerCard(10, "hand", Cards(kind="trainer"), "opponent"),),
    ("ex6-108", "Prize Count"): (PlusIf(40, "more_prizes"),),
    ("ex6-110", "Breakdown"): (CountersOn(0, per="opponent_hand"),),
    ("ex6-111", "Breakdown"): (CountersOn(0, per="opponent_hand"),),
    ("ex6-112", "Pollen Hazard"): (_c("poisoned", "burned", "confused"),),
    ("ex6-113", "Rage"): (PlusPer(10, "own_counters"),),
    # -- session 4 (issue 19): attacks of cards whose other effects came with them
    ("ex6-4", "Energy Ball"): (PlusPer(10, "own_energy", beyond_cost=True, cap=20),),
    ("ex6-9", "Toxic"): (Toxic(),),
    ("ex6-9", "Power Lariat"): (PlusPerOwnEvolved(10),),
    ("ex6-11", "Split Spiral Punch"): (_c("confused"),),
    ("ex6-11", "Mega Throw"): (PlusIf(30, "defending_ex"),),
    ("ex6-13", "Searing Flame"): (_c("burned"),),
    ("ex6-14", "Psyshock"): (_on_heads("paralyzed"),),
    ("ex6-15", "Collapse"): (Hit(), Condition(("asleep",), who="self")),
    ("ex6-17", "Acid"): (Hit(), NoRetreat()),
    ("ex6-21", "Tri Attack"): (TimesHeads(3),),
    ("ex6-25", "Hypnotic Ray"): (_c("asleep"),),
    ("ex6-29", "Fury Cutter"): (PlusByHeads(3, (0, 10, 20, 40)),),
    ("ex6-43", "Toxic Spore"): (_c("poisoned"),),
    ("ex6-49", "Sleep Poison"): (_c("asleep", "poisoned"),),
    ("ex6-49", "Razor Wind"): (TailsNothing(),),
    ("ex6-67", "Ascension"): (EvolveFromDeck(),),
    ("ex6-85", "Thundershock"): (_on_heads("paralyzed"),),
    ("ex6-115", "Crushing Flames"): (Hit(), MayDiscard(then=(_c("confused"),))),
    ("ex6-116", "Electron Crush"): (MayDiscard(then=(PlusIf(20, "always"),)),),
}


# ---------------------------------------------------------------------------- Poké-Powers
def _quick_search(s: PtcgState, seat: int, slot: int) -> str | None:
    """Quick Search: something in the deck, and no Quick Search used yet this turn (by any
    Pidgeot: the limit is per player and turn, not per Pokémon)."""
    if not s.sides[seat].deck:
        return "the deck is empty"
    if any(used.endswith(":Quick Search") for used in s.powers_used):
        return "a Quick Search was used this turn already"
    return None


def _benched(s: PtcgState, seat: int, slot: int) -> str | None:
    return None if slot != 0 else "it works only while this Pokémon is on the Bench"


def _benched_and_active_condition(s: PtcgState, seat: int, slot: int) -> str | None:
    active = s.sides[seat].active
    if active is None or not active.has_condition():
        return "the Active Pokémon has no Special Condition"
    return _benched(s, seat, slot)


POWER_STEPS: dict[tuple[str, str], tuple[str, tuple[Step, ...], Usable]] = {
    ("ex6-10", "Quick Search"): (
        "any 1 card from the deck into the hand (one Quick Search a turn)",
        (Search((Cards(),)),),
        _quick_search,
    ),
    ("ex6-34", "Head Trip"): (
        "while Benched: the player's own Active Pokémon is Confused",
        (Condition(("confused",), who="self"),),
        _benched,
    ),
    ("ex6-52", "Assistance"): (
        "while Benched: one Special Condition of the Active Pokémon removed (the player's pick)",
        (CureOnePick(),),
        _benched_and_active_condition,
    ),
}


# ---------------------------------------------------------------------------- Trainers
def _anything(s: PtcgState, seat: int) -> str | None:
    return None


def _deck_not_empty(s: PtcgState, seat: int) -> str | None:
    return None if s.sides[seat].deck else "the deck is empty"


def _opponent_bench(s: PtcgState, seat: int) -> str | None:
    return None if s.sides[1 - seat].bench else "the opponent has no Benched Pokémon"


def _life_herb(s: PtcgState, seat: int) -> str | None:
    if HealAndCurePick(6).slots(s, seat):
        return None
    return "none of the player's Pokémon (not ex) has damage or a Special Condition"


def _trainers() -> dict[str, reg.TrainerEffect]:
    return {
        "ex6-87": trainer_program(
            "ex6-87",
            "Supporter: a card from the hand shuffled into the deck (if any), then draw 3",
            (Search((Cards(),), src=("hand",), dest="deck", must=True), Draw(3)),
            _anything,
        ),
        "ex6-88": trainer_program(
            "ex6-88",
            "Supporter: a Pokémon (not a Pokémon-ex) from the deck into the hand",
            (Search((CardsNotEx(kind="pokemon"),)),),
        ),
        "ex6-92": trainer_program(
            "ex6-92",
            "a Basic Pokémon (not a Pokémon-ex) from the deck onto the Bench",
            (Search((CardsNotEx(stage="basic"),), dest="bench"),),
        ),
        "ex6-93": trainer_program(
            "ex6-93",
            "heads: one of the player's Pokémon (not ex) loses its Special Conditions and 6 "
            "damage counters",
            (Flip(heads=(HealAndCurePick(6),)),),
            _life_herb,
        ),
        "ex6-96": trainer_program(
            "ex6-96",
            "shuffle the deck, then put its top 6 cards back in the order the player picks",
            (ShuffleDeck("own"), ReorderTop(6)),
            _deck_not_empty,
        ),
        "ex6-97": trainer_program(
            "ex6-97",
            "heads: the player picks one of the opponent's Benched Pokémon to become Defending",
            (Flip(heads=(Gust(),)),),
            _opponent_bench,
        ),
        "ex6-98": trainer_program(
            "ex6-98",
            "Supporter: shuffle the hand into the deck, then draw 5",
            (ShuffleHandIntoDeck(), Draw(5)),
            _anything,
        ),
        "ex6-100": trainer_program(
            "ex6-100",
            "a Supporter from the discard pile into the hand",
            (Search((TrainerOf(trainer="supporter"),), src=("discard",), must=True),),
        ),
    }


DAMAGE_BODIES: dict[tuple[str, str], tuple[str, DamageBody]] = {
    ("ex6-3", "Safeguard"): (
        "nothing from the attacks of Pokémon-ex",
        DamageBody(prevent_from="ex"),
    ),
    ("ex6-20", "Exoskeleton"): ("20 less damage from attacks", DamageBody(reduce=20)),
    ("ex6-36", "Poison Payback"): (
        "damaged while Active: the attacker is Poisoned",
        DamageBody(react="poisoned"),
    ),
    ("ex6-39", "Energy Protection"): (
        "10 less damage from attacks per Energy attached to it, at most 30 less",
        DamageBody(reduce_per_energy=10, reduce_cap=30),
    ),
    ("ex6-110", "Magic Odds"): (
        "no damage from an attack doing 10, 30, 50 .. 170",
        DamageBody(prevent_parity="odd"),
    ),
    ("ex6-111", "Magic Evens"): (
        "no damage from an attack doing 20, 40, 60 .. 180",
        DamageBody(prevent_parity="even"),
    ),
    ("ex6-49", "Protective Dust"): (
        "no effect of the opponent's attacks on it but their damage",
        DamageBody(effects_proof=True),
    ),
}
CONDITION_IMMUNE: dict[tuple[str, str], frozenset[str]] = {
    ("ex6-44", "Thick Skin"): _ALL_CONDITIONS,
    ("ex6-48", "Thick Skin"): _ALL_CONDITIONS,
}
# ex6 reprints whose effect is the same as an ex1 card's (the handler is shared)
REPRINTS: dict[str, str] = {
    "ex6-89": "ex1-80",  # Energy Removal 2
    "ex6-90": "ex1-82",  # Energy Switch
    "ex6-95": "ex1-86",  # Poké Ball
    "ex6-101": "ex1-91",  # Potion
    "ex6-102": "ex1-92",  # Switch
}


def register() -> None:
    register_set(
        SetEffects(
            "effect_data_ex6",
            attacks=ATTACK_STEPS,
            powers=POWER_STEPS,
            trainers=_trainers(),
            damage_bodies=DAMAGE_BODIES,
            condition_immune=CONDITION_IMMUNE,
            reprints=REPRINTS,
        )
    )


register()
