"""Card effects of EX Team Rocket Returns (ex7) as data in the effect vocabulary
(``vocab.py``, ``search.py``, ``vocab_sets.py``, ``vocab_ex7.py``); facts in
data/sets/ex7.json; the rules of Dark Pokémon and Rocket's cards in ``rockets.py``. The
effects are described in the project's own words (card text is never stored). Cards not
listed here stay unimplemented: ``ptcg coverage --set ex7`` lists them and a deck holding one
is refused at set-up.

"Each Defending Pokémon" is the one Defending Pokémon of the game played here (double battles
are not played; docs/rulesets/ptcg.md)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

import msgspec

from turnkeeper.core.model import BadActionError
from turnkeeper.rulesets.ptcg import effect_questions as _ex1_to_ex4  # noqa: F401 (reprints)
from turnkeeper.rulesets.ptcg import registry as reg
from turnkeeper.rulesets.ptcg import rockets
from turnkeeper.rulesets.ptcg.actions import AttackParams
from turnkeeper.rulesets.ptcg.by_hand import resolve_by_hand
from turnkeeper.rulesets.ptcg.cards import Attack, bundled_cards
from turnkeeper.rulesets.ptcg.context import Ctx
from turnkeeper.rulesets.ptcg.damage import hit
from turnkeeper.rulesets.ptcg.registry import DamageBody
from turnkeeper.rulesets.ptcg.search import (
    Cards,
    DiscardOwn,
    EvolveFromHand,
    ForbidAttack,
    Gust,
    PickCondition,
    PickTargets,
    Search,
    SelfSwitch,
    Usable,
    power_program,
    trainer_program,
)
from turnkeeper.rulesets.ptcg.set_data import SetEffects, register_set
from turnkeeper.rulesets.ptcg.state import CONDITIONS, SPECIAL_CARDS, Mon, PtcgState
from turnkeeper.rulesets.ptcg.vocab import (
    AttachFromDiscard,
    BenchDamage,
    Condition,
    CureSelf,
    DiscardDefendingEnergy,
    DiscardEnergy,
    DiscardFromOpponentHand,
    Draw,
    Flip,
    Guard,
    Heal,
    Hit,
    If,
    Later,
    NoAttackNextTurn,
    NoRetreat,
    PlusIf,
    PlusIfHeads,
    PlusPer,
    SelfDamage,
    Step,
    TailsNothing,
    TargetHit,
    TimesCount,
    TimesHeads,
    attack_effect,
)
from turnkeeper.rulesets.ptcg.vocab_ex5 import UseSupporterFrom
from turnkeeper.rulesets.ptcg.vocab_ex7 import (
    BothDrawUpToPrizes,
    CountersOnOwnPick,
    DamageOwnPick,
    DefendingNoAttack,
    DelayedCounters,
    DevolveThenEvolve,
    DiscardDefendingPerHeads,
    DiscardEnergyFromHandToDraw,
    DiscardFromHandForDamage,
    DiscardFromHandOrNothing,
    DiscardOwnThenDefending,
    DrawByDiscardedDark,
    DrawPerOpponentHand,
    EvolveFromDeck,
    HandToDeckThenSearch,
    HeadsHitTailsSelf,
    HealOtherPick,
    HealPerOpponentInPlay,
    IfNow,
    MayBoost,
    MayDiscardOf,
    MayGamble,
    MoveAllEnergyToBench,
    MoveCardsNamed,
    MoveDefendingBasicEnergy,
    MoveDefendingEnergyToBench,
    MoveEnergyOrGust,
    PeekOpponentTop,
    PickFromTop,
    PlusIfNow,
    PlusPerHeadsOfEnergy,
    PlusPerNow,
    PrizesFaceUp,
    RecoverOneOrThree,
    SearchThenSwitch,
    ShuffleBothHands,
    Souvenir,
    SwapBasicFromDeck,
    SwapCountersWithDefending,
    SwapEnergyWithDiscard,
    dark_healer,
    free_against_ex,
    free_with_darkness,
    has_darkness_energy,
    methane_leak,
    no_weakness_for_active,
    no_weakness_if_darkness,
    prizes_face_up,
    sand_damage,
    saturation,
    types_with,
)
from turnkeeper.rulesets.ptcg.vocab_ex8 import TrainerLock
from turnkeeper.rulesets.ptcg.vocab_sets import RevealUntil, ShuffleHandIntoDeck

_BASIC = Cards(stage="basic")
_BASIC_ENERGY = Cards(basic_energy=True)
_SWIFT = Hit(wr=False, effects=False)
_BUFFER = reg.KnockoutBody("Buffer", survive_on_heads=True)


def _c(*which: str) -> Condition:
    return Condition(which)


def _on_heads(*which: str) -> Flip:
    return Flip(heads=(Condition(which),))


def _spring_back(condition: str) -> tuple[Step, ...]:
    """Spring Back: with the opponent at 1 Prize card left, +50 and a Special Condition."""
    return (
        PlusIfNow(50, "opponent_one_prize"),
        Hit(),
        IfNow("opponent_one_prize", (Condition((condition,)),)),
    )


ATTACK_STEPS: dict[tuple[str, str], tuple[Step, ...]] = {
    # "until the end of the opponent's next turn": the same lock as High Voltage's (ex8-59)
    ("ex7-70", "Headache"): (Flip(heads=(TrainerLock("all"),)),),
    ("ex7-24", "Detour"): (UseSupporterFrom("own_in_play"),),
    ("ex7-1", "Water Punch"): (PlusPerHeadsOfEnergy(20, "Water"),),
    ("ex7-2", "Shock Bolt"): (Hit(), DiscardEnergy(0, "Lightning")),
    ("ex7-3", "Dark Drain"): (Hit(10), BenchDamage(10), HealPerOpponentInPlay()),
    ("ex7-3", "Skill Dive"): (TargetHit(30),),
    ("ex7-5", "Shakedown"): (Hit(), DiscardFromOpponentHand()),
    ("ex7-6", "Black Magic"): (TimesCount("opponent_benched"),),
    # not changed by Resistance, nor by anything on the Defending Pokémon (Weakness applies)
    ("ex7-7", "Brick Smash"): (Hit(resistance=False, effects=False),),
    ("ex7-8", "Black Suction Cups"): (Hit(10), _on_heads("paralyzed")),
    ("ex7-8", "Ink Blast"): (PlusPer(10, "own_energy", beyond_cost=True, cap=20),),
    ("ex7-10", "Energy Link"): (
        Hit(),
        Search((Cards(kind="energy"),), src=("discard",), dest="attach_self", must=True),
    ),
    ("ex7-11", "Energy Crush"): (PlusPer(10, "opponent_side_energy"),),
    ("ex7-12", "Aqua Sonic"): (Hit(resistance=False),),
    ("ex7-15", "Double Wing Attack"): (Hit(30),),
    ("ex7-16", "Slimy Water"): (TimesCount("defending_retreat"),),
    ("ex7-16", "Acidic Poison"): (_c("burned", "poisoned"),),
    ("ex7-17", "Spread Poison"): (Hit(), _c("poisoned"), TargetHit(20, bench_only=True)),
    ("ex7-18", "Swift"): (_SWIFT,),
    ("ex7-19", "Grind"): (PlusPer(10, "own_energy"),),
    ("ex7-19", "Spinning Tail"): (Hit(20), BenchDamage(20)),
    ("ex7-19", "Bite Off"): (PlusIf(50, "defending_ex"),),
    ("ex7-20", "Second Strike"): (PlusIf(20, "defending_2_counters"),),
    ("ex7-23", "Split Spiral Punch"): (_on_heads("confused"),),
    ("ex7-25", "Hide in Shadows"): (Hit(), SelfSwitch(optional=False)),
    ("ex7-27", "Stun Poison"): (_on_heads("paralyzed", "poisoned"),),
    ("ex7-28", "Quick Charge"): (Search((_BASIC_ENERGY,), n=4, distinct=True),),
    ("ex7-28", "Swift"): (_SWIFT,),
    ("ex7-29", "Swallow Up"): (PlusIfNow(30, "defending_fewer_hp_left"),),
    ("ex7-29", "Extra Poison"): (Hit(), If("defending_ex", (_c("asleep", "poisoned"),))),
    ("ex7-30", "Super Poison Breath"): (_c("poisoned"),),
    ("ex7-30", "Breaking Impact"): (TargetHit(0, per_retreat=20),),
    ("ex7-31", "Dragon Rage"): (Hit(),),
    ("ex7-32", "Double Tackle"): (Hit(20),),
    ("ex7-32", "Crushing Blow"): (Hit(), Flip(heads=(DiscardDefendingEnergy(),))),
    ("ex7-33", "Thunder Slash"): (
        Hit(),
        IfNow("defending_basic", (_c("paralyzed"),)),
        NoAttackNextTurn(only_this=True),
    ),
    ("ex7-34", "Night Ambush"): (TargetHit(30), NoAttackNextTurn()),
    ("ex7-35", "Darkness Shield"): (Hit(), Flip(heads=(Guard(0, effects=True),))),
    ("ex7-36", "Dark Streak"): (Hit(), _on_heads("paralyzed")),
    ("ex7-37", "Fire Payback"): (PlusIfNow(20, "fewer_benched"),),
    ("ex7-38", "Energy Press"): (PlusPerNow(10, "own_active_basic_energy"),),
    ("ex7-38", "Linear Attack"): (TargetHit(40),),
    ("ex7-39", "Poison Pulse"): (_c("poisoned"),),
    ("ex7-40", "Double Tackle"): (Hit(20),),
    ("ex7-41", "Dark Streak"): (Hit(), _on_heads("paralyzed")),
    ("ex7-41", "Rock Tumble"): (Hit(resistance=False),),
    ("ex7-42", "Smog"): (_c("poisoned"),),
    ("ex7-42", "Darkness Charge"): (SelfDamage(2),),
    ("ex7-43", "Get Even"): (PlusPerNow(10, "prize_lead"),),
    ("ex7-45", "Aqua Slash"): (NoAttackNextTurn(),),
    ("ex7-46", "Miraculous Comeback"): (HeadsHitTailsSelf(10),),
    ("ex7-47", "Amnesia"): (Hit(), ForbidAttack()),
    ("ex7-48", "Confuse Ray"): (_c("confused"),),
    ("ex7-49", "Miracle Powder"): (Hit(), Flip(heads=(PickCondition(),))),
    ("ex7-50", "Yawn"): (_c("asleep"),),
    ("ex7-51", "Look for Friends"): (RevealUntil(_BASIC),),
    ("ex7-51", "Bonemerang"): (TimesHeads(2),),
    ("ex7-52", "Pound"): (Hit(),),
    ("ex7-53", "Dragon Song"): (_c("asleep"),),
    ("ex7-53", "Tail Strike"): (PlusIfHeads(10),),
    ("ex7-54", "Soothing Wave"): (Hit(), _on_heads("asleep")),
    ("ex7-55", "Tail Wrap"): (_on_heads("paralyzed"),),
    ("ex7-56", "Taunt"): (Gust(),),
    ("ex7-56", "Spit Poison"): (_c("poisoned"),),
    ("ex7-57", "Miracle Powder"): (Flip(heads=(PickCondition(),)),),
    ("ex7-58", "Water Plant"): (
        Search((Cards(kind="energy", type="Water"),), n=2, src=("discard",)),
    ),
    ("ex7-58", "Swift"): (_SWIFT,),
    ("ex7-59", "Smokescreen"): (Later("smokescreen"),),
    ("ex7-60", "Firebreathing"): (PlusIfHeads(10),),
    ("ex7-62", "Fury Attack"): (TimesHeads(3),),
    ("ex7-63", "Dig Drain"): (Hit(), Heal(1)),
    ("ex7-64", "Call for Family"): (Search((Cards(stage="basic", type="Grass"),), dest="bench"),),
    ("ex7-65", "Call for Friends"): (Search((_BASIC,), n=2, dest="bench"),),
    ("ex7-66", "Sonicboom"): (Hit(wr=False),),
    ("ex7-67", "Minor Errand-Running"): (Search((_BASIC_ENERGY,)),),
    ("ex7-67", "Quick Attack"): (PlusIfHeads(10),),
    ("ex7-68", "Minor Errand-Running"): (Search((_BASIC_ENERGY,), n=2),),
    ("ex7-69", "Horn Rush"): (TailsNothing(),),
    ("ex7-69", "Granite Head"): (Hit(), Guard(10)),
    ("ex7-71", "Fury Swipes"): (TimesHeads(3),),
    ("ex7-72", "Call for Family"): (Search((_BASIC,), dest="bench"),),
    ("ex7-72", "Snarl"): (Flip(heads=(Hit(10),), tails=(Condition(("paralyzed",)),)),),
    ("ex7-73", "Energy Draw"): (Flip(heads=(Search((_BASIC_ENERGY,), dest="attach_self"),)),),
    ("ex7-74", "Swift"): (_SWIFT,),
    ("ex7-75", "Surprise Attack"): (TailsNothing(),),
    ("ex7-77", "Singe"): (_on_heads("burned"),),
    ("ex7-77", "Heat Tackle"): (SelfDamage(1),),
    ("ex7-78", "Collect"): (Draw(1),),
    ("ex7-78", "Rising Lunge"): (PlusIfHeads(10),),
    ("ex7-79", "Rest"): (CureSelf(), Heal(0), Condition(("asleep",), who="self")),
    ("ex7-80", "Psycho Waves"): (DiscardEnergy(1), _c("confused")),
    ("ex7-80", "Thunder Wave"): (Hit(), _on_heads("paralyzed")),
    ("ex7-82", "Dark Streak"): (_on_heads("paralyzed"),),
    ("ex7-82", "Ambush"): (PlusIfHeads(10),),
    ("ex7-96", "Freeze Solid"): (Hit(), AttachFromDiscard(1, "Water")),
    ("ex7-97", "Energy Link"): (
        Hit(),
        Search((Cards(kind="energy"),), src=("discard",), dest="attach_self", must=True),
    ),
    ("ex7-97", "Volcanic Ash"): (DiscardOwn(2), TargetHit(60)),
    ("ex7-98", "Mach Punch"): (TargetHit(10, bench_only=True),),
    ("ex7-99", "Hypnoblast"): (Hit(), _on_heads("asleep")),
    ("ex7-100", "Fire Dance"): (
        Hit(),
        Search(
            (Cards(kind="energy", type="Fire"),), src=("discard",), dest="attach_own", must=True
        ),
    ),
    ("ex7-102", "Bounce"): (Hit(), SelfSwitch()),
    ("ex7-102", "Slashing Strike"): (NoAttackNextTurn(only_this=True),),
    ("ex7-103", "Drag Off"): (Gust(optional=True), Hit()),
    ("ex7-103", "Dark Ring"): (PlusPerNow(10, "own_darkness_in_play"),),
    ("ex7-104", "Poison Claws"): (_on_heads("poisoned"),),
    ("ex7-104", "Collapse"): (Hit(), Condition(("asleep",), who="self")),
    ("ex7-105", "Icy Wind"): (_c("asleep"),),
    ("ex7-105", "Hyper Splash"): (PlusIfNow(40, "defending_stage2"),),
    ("ex7-106", "Plasma"): (Hit(), AttachFromDiscard(1, "Lightning")),
    ("ex7-107", "Whirlpool"): (Flip(heads=(DiscardDefendingEnergy(),)),),
    ("ex7-107", "Spring Back"): _spring_back("asleep"),
    ("ex7-108", "Fireworks"): (Hit(), Flip(tails=(DiscardEnergy(1, "Fire"),))),
    ("ex7-108", "Spring Back"): _spring_back("confused"),
    ("ex7-109", "Spring Back"): _spring_back("poisoned"),
    ("ex7-110", "Smokescreen"): (Later("smokescreen"),),
    ("ex7-110", "Fireworks"): (Hit(), Flip(tails=(DiscardEnergy(1, "Fire"),))),
    ("ex7-7", "Hard Bone"): (DiscardFromHandOrNothing((Cards(kind="pokemon"),)), Hit()),
    ("ex7-26", "Hyper Pump"): (PlusPer(20, "own_energy", beyond_cost=True, cap=60, basic=True),),
    ("ex7-39", "Magnetic Lines"): (Hit(), MoveDefendingBasicEnergy()),
    # heads: 10 to each of the opponent's Pokémon (no W/R); then the evolving search
    ("ex7-40", "Explosive Evolution"): (
        Flip(heads=(Hit(10, wr=False), BenchDamage(10))),
        EvolveFromDeck(),
    ),
    ("ex7-46", "Snatch and Run"): (SearchThenSwitch((rockets.ToolOrMachine(),)),),
    ("ex7-47", "Dark Aid"): (RecoverOneOrThree((rockets.ToolOrMachine(),)),),
    ("ex7-75", "Friend Search"): (PickFromTop(5, (Cards(kind="pokemon"),)),),
    ("ex7-5", "Dark Fire"): (
        MayDiscardOf(kinds=("Fire", "Darkness"), then=(PlusIf(20, "always"),)),
    ),
    ("ex7-13", "Sheer Cold"): (Hit(), Flip(heads=(DefendingNoAttack(),))),
    ("ex7-21", "Souvenir"): (Souvenir(),),
    ("ex7-48", "Aqua Trick"): (Hit(), MoveDefendingEnergyToBench()),
    # a required discard; without it (no Energy) the attack does nothing
    ("ex7-99", "Darkness Switch"): (
        DiscardEnergy(1, required=True, then=(SwapCountersWithDefending(),)),
    ),
    ("ex7-106", "Raging Thunder"): (Hit(), DamageOwnPick(30)),
    ("ex7-12", "Hyper Whirlpool"): (Hit(), DiscardDefendingPerHeads()),
    ("ex7-13", "Tonnage"): (MayBoost(40, 30), Hit()),
    ("ex7-17", "Dark Seed"): (NoRetreat(), DelayedCounters(5)),
    ("ex7-35", "Cold Crush"): (Hit(), DiscardOwnThenDefending()),
    ("ex7-44", "Dump and Draw"): (DiscardEnergyFromHandToDraw(),),
    ("ex7-101", "Rotating Claws"): (Hit(), SwapEnergyWithDiscard()),
    ("ex7-4", "Energy Bomb"): (Hit(), MoveAllEnergyToBench()),
    ("ex7-9", "Litter"): (DiscardFromHandForDamage((rockets.ToolOrMachine(),)), Hit()),
    ("ex7-22", "Quick Change"): (HandToDeckThenSearch(3),),
    ("ex7-22", "Quick Tail Smash"): (MayGamble(80), Hit()),
}


# ---------------------------------------------------------------------------- Poké-Powers
def _active_only(s: PtcgState, seat: int, slot: int) -> str | None:
    return None if slot == 0 else "it works only while this Pokémon is the Active Pokémon"


def _active_and_deck(s: PtcgState, seat: int, slot: int) -> str | None:
    if not s.sides[seat].deck:
        return "the deck is empty"
    return _active_only(s, seat, slot)


def _evolved_as_active(s: PtcgState, seat: int, slot: int) -> str | None:
    """Froth: only right after it was played from the hand to evolve the Active Pokémon (read
    as: in the turn it evolved, while it is still the Active Pokémon)."""
    mon = s.sides[seat].mon(slot)
    if slot != 0 or mon is None or mon.evolved != s.turn:
        return "only in the turn it evolved the Active Pokémon"
    return None


def _active_and_hand(s: PtcgState, seat: int, slot: int) -> str | None:
    if not s.sides[seat].hand:
        return "the hand is empty"
    return _active_only(s, seat, slot)


def _another_damaged(s: PtcgState, seat: int, slot: int) -> str | None:
    if any(m.damage for other, m in s.sides[seat].in_play() if other != slot):
        return None
    return "none of the player's other Pokémon has damage counters"


def _no_energy_and_deck(s: PtcgState, seat: int, slot: int) -> str | None:
    mon = s.sides[seat].mon(slot)
    if mon is None or mon.energy:
        return "it has Energy attached"
    return None if s.sides[seat].deck else "the deck is empty"


def _opponent_deck(s: PtcgState, seat: int, slot: int) -> str | None:
    return None if s.sides[1 - seat].deck else "the opponent's deck is empty"


def _magmar_in_hand(s: PtcgState, seat: int, slot: int) -> str | None:
    found = any(s.card(c).name == "Magmar" for c in s.sides[seat].hand)
    return None if found else "no Magmar in the hand"


POWER_STEPS: dict[tuple[str, str], tuple[str, tuple[Step, ...], Usable]] = {
    # Baby Evolution, as Igglybuff's (ex5-37): search.EvolveFromHand
    ("ex7-24", "Baby Evolution"): (
        "put Magmar from the hand onto it (evolving) and remove its damage counters",
        (EvolveFromHand("Magmar"),),
        _magmar_in_hand,
    ),
    ("ex7-4", "Darkness Navigation"): (
        "with no Energy attached: a Darkness or Dark Metal Energy from the deck onto it",
        (
            Search(
                (Cards(names=("Darkness Energy", "Dark Metal Energy")),),
                dest="attach_self",
            ),
        ),
        _no_energy_and_deck,
    ),
    ("ex7-9", "Cunning"): (
        "look at the top card of the opponent's deck; the player may shuffle that deck",
        (PeekOpponentTop(),),
        _opponent_deck,
    ),
    ("ex7-21", "Gift Exchange"): (
        "while Active: a card from the hand shuffled into the deck, then draw a card",
        (Search((Cards(),), src=("hand",), dest="deck", must=True), Draw(1)),
        _active_and_hand,
    ),
    ("ex7-25", "Dark Spell"): (
        "while Active: a coin; heads, 1 damage counter on one of the opponent's Pokémon",
        (Flip(heads=(PickTargets(1, 10, counters=True, anywhere=True),)),),
        _active_only,
    ),
    ("ex7-45", "Ripples"): (
        "1 damage counter off one of the player's other Pokémon",
        (HealOtherPick(1),),
        _another_damaged,
    ),
    ("ex7-1", "Froth"): (
        "in the turn it evolved the Active Pokémon: the Defending Pokémon is Paralyzed",
        (Condition(("paralyzed",)),),
        _evolved_as_active,
    ),
    ("ex7-3", "Black Beam"): (
        "while Active: the Defending Pokémon is Poisoned",
        (Condition(("poisoned",)),),
        _active_only,
    ),
    ("ex7-31", "Evolutionary Light"): (
        "while Active: an Evolution card from the deck into the hand",
        (Search((Cards(stage="evolution"),)),),
        _active_and_deck,
    ),
    ("ex7-37", "Fire Breath"): (
        "while Active: a coin; heads, the Defending Pokémon is Burned",
        (Flip(heads=(Condition(("burned",)),)),),
        _active_only,
    ),
}


def _darkness_card_to_move(s: PtcgState, seat: int, slot: int) -> str | None:
    return None if _DARK_TRANCE.moves(s, seat, slot) else "no Darkness Energy card to move"


_DARK_TRANCE = MoveCardsNamed(src="any", dst="any", optional=False)
# (card id, Poké-Power) -> (summary, steps, usable): usable as often as the player likes
UNLIMITED_POWERS: dict[tuple[str, str], tuple[str, tuple[Step, ...], Usable]] = {
    ("ex7-15", "Dark Trance"): (
        "as often as the player likes: a Darkness Energy card from one of their Pokémon to another",
        (_DARK_TRANCE,),
        _darkness_card_to_move,
    ),
}


# ---------------------------------------------------------------------------- Trainers
def _a_card_to_discard(s: PtcgState, seat: int) -> str | None:
    # the Supporter itself is still in the hand when this is asked
    return None if len(s.sides[seat].hand) >= 2 else "there is no other card in the hand"


_RETRIEVED = RecoverOneOrThree((Cards(stage="basic"), Cards(stage="evolution")))


def _pokemon_in_discard(s: PtcgState, seat: int) -> str | None:
    return None if _RETRIEVED.found(s, seat) else "no Pokémon card in the discard pile"


def _anything(s: PtcgState, seat: int) -> str | None:
    return None


def _pow_hand_extension(s: PtcgState, seat: int) -> str | None:
    if len(s.sides[seat].prizes) <= len(s.sides[1 - seat].prizes):
        return "only with more Prize cards left than the opponent"
    return None if s.sides[1 - seat].bench else "the opponent has no Benched Pokémon"


_TELEPORTER = SwapBasicFromDeck()
_TIME_MACHINE = DevolveThenEvolve()


def _teleporter(s: PtcgState, seat: int) -> str | None:
    if not s.sides[seat].deck:
        return "the deck is empty"
    return None if _TELEPORTER.places(s, seat) else "no Basic Pokémon (not ex) in play"


def _time_machine(s: PtcgState, seat: int) -> str | None:
    return None if _TIME_MACHINE.places(s, seat) else "no Evolved Pokémon in play"


def _prizes_hidden(s: PtcgState, seat: int) -> str | None:
    if all(prizes_face_up(s, who) for who in (0, 1)):
        return "every Prize card is face up already"
    return None


def _trainers() -> dict[str, reg.TrainerEffect]:
    return {
        "ex7-91": trainer_program(
            "ex7-91",
            "Rocket's Secret Machine: one of the player's Evolved Pokémon devolves (the card "
            "shuffled into the deck), then may evolve with a card from the deck",
            (_TIME_MACHINE,),
            _time_machine,
        ),
        "ex7-92": trainer_program(
            "ex7-92",
            "Rocket's Secret Machine: a Basic Pokémon (not ex) of the deck takes the place of "
            "one of the player's Basic Pokémon (not ex), everything on it staying; the old "
            "card is discarded",
            (_TELEPORTER,),
            _teleporter,
        ),
        "ex7-111": trainer_program(
            "ex7-111",
            "Supporter: each player's Prize cards are face up for the rest of the game",
            (PrizesFaceUp(),),
            _prizes_hidden,
        ),
        "ex7-85": trainer_program(
            "ex7-85",
            "Rocket's Secret Machine, with more Prize cards left than the opponent: move an "
            "Energy card of the Defending Pokémon to another of theirs, or switch one of "
            "their Benched Pokémon in as Defending",
            (MoveEnergyOrGust(),),
            _pow_hand_extension,
        ),
        "ex7-86": trainer_program(
            "ex7-86",
            "Supporter: each player shuffles their hand into their deck, then draws up to their "
            "Prize cards left (the player first)",
            (ShuffleBothHands(), BothDrawUpToPrizes()),
            _anything,
        ),
        "ex7-83": trainer_program(
            "ex7-83",
            "Supporter: shuffle the hand into the deck, then draw as many as the opponent holds",
            (ShuffleHandIntoDeck(), DrawPerOpponentHand()),
            _anything,
        ),
        "ex7-93": trainer_program(
            "ex7-93",
            "Rocket's Secret Machine: a coin; heads, 1 damage counter on one of the opponent's "
            "Pokémon; tails, on one of the player's own",
            (
                Flip(
                    heads=(PickTargets(1, 10, counters=True, anywhere=True),),
                    tails=(CountersOnOwnPick(),),
                ),
            ),
            _anything,
        ),
        "ex7-84": trainer_program(
            "ex7-84",
            "Rocket's Secret Machine: 1 Pokémon card from the discard pile into the hand, or 3 "
            "shuffled into the deck",
            (_RETRIEVED,),
            _pokemon_in_discard,
        ),
        "ex7-88": trainer_program(
            "ex7-88",
            "Supporter: discard a card from the hand, then draw 3 (4 if it was a Dark or "
            "Rocket's Pokémon)",
            (
                Search((Cards(),), src=("hand",), dest="discard", must=True),
                DrawByDiscardedDark(3, 4),
            ),
            _a_card_to_discard,
        ),
        "ex7-89": trainer_program(
            "ex7-89",
            "a Pokémon with Dark in its name from the deck into the hand",
            (Search((rockets.DarkCards(),)),),
        ),
    }


DAMAGE_BODIES: dict[tuple[str, str], tuple[str, DamageBody]] = {
    ("ex7-18", "Poison Payback"): (
        "damaged while Active: the attacker is Poisoned",
        DamageBody(react="poisoned"),
    ),
    ("ex7-43", "Crust"): (
        "20 less damage from the attacks of Basic Pokémon, after W/R",
        DamageBody(reduce=20, from_attacker="basic"),
    ),
    ("ex7-76", "Dense"): (
        "10 less damage from the attacks of Evolved Pokémon, after W/R",
        DamageBody(reduce=10, from_attacker="evolved"),
    ),
    ("ex7-23", "Powder Protection"): (
        "40 less damage from the attacks of Pokémon with an owner in the name (Rocket's ...)",
        DamageBody(reduce=40, from_attacker="owner"),
    ),
    ("ex7-14", "Holy Shield"): (
        "nothing from the attacks of Dark Pokémon, damage or effects",
        DamageBody(prevent_from="dark"),
    ),
    ("ex7-106", "Darkness Guard"): (
        "with Darkness Energy attached: 10 less damage from attacks, after W/R",
        DamageBody(reduce=10, needs_energy="darkness"),
    ),
    ("ex7-96", "Darkness Veil"): (
        "with Darkness Energy attached: no effect of attacks but their damage",
        DamageBody(effects_proof=True, needs_energy="darkness"),
    ),
    ("ex7-27", "Spiny"): (
        "damaged while Active: flip until tails, a damage counter on the attacker per heads",
        DamageBody(react_coins=True),
    ),
    ("ex7-98", "Strikes Back"): (
        "damaged while Active: 2 damage counters on the attacker",
        DamageBody(react_counters=2),
    ),
}
# (card id, Poké-Body) -> how it acts on a Knock Out by an attack (damage.hit)
KNOCKOUT_BODIES: dict[tuple[str, str], tuple[str, reg.KnockoutBody]] = {
    ("ex7-11", "Buffer"): ("heads: not Knocked Out by an attack, 10 HP left", _BUFFER),
    ("ex7-49", "Buffer"): ("heads: not Knocked Out by an attack, 10 HP left", _BUFFER),
    ("ex7-57", "Buffer"): ("heads: not Knocked Out by an attack, 10 HP left", _BUFFER),
    ("ex7-61", "Knockout Gas"): (
        "Knocked Out by an attack while Active: the attacker is Confused and Poisoned",
        reg.KnockoutBody("Knockout Gas", conditions=("confused", "poisoned")),
    ),
    ("ex7-36", "Dark Scale"): (
        "Knocked Out by an attack while Active: 3 damage counters on the attacker",
        reg.KnockoutBody("Dark Scale", counters=3),
    ),
}
# (card id, Poké-Body) -> (summary, what it does between turns)
BETWEEN_TURNS: dict[tuple[str, str], tuple[str, Callable[[Ctx, int, int], None]]] = {
    ("ex7-20", "Sand Damage"): (
        "between turns, while Active: 1 damage counter on each of the opponent's Benched Basics",
        sand_damage,
    ),
    ("ex7-42", "Methane Leak"): (
        "between turns, while Active: 1 more damage counter on each Poisoned Pokémon",
        methane_leak,
    ),
    ("ex7-104", "Dark Healer"): (
        "between turns, with Darkness Energy attached: 1 damage counter off it",
        dark_healer,
    ),
}
# (card id, Poké-Body) -> (summary, when its Retreat Cost is 0)
RETREAT_BODIES: dict[tuple[str, str], tuple[str, Callable[[PtcgState, Mon], bool]]] = {
    ("ex7-60", "Dark Lift"): ("Retreat Cost 0 with Darkness Energy attached", free_with_darkness),
    ("ex7-100", "Dark Lift"): ("Retreat Cost 0 with Darkness Energy attached", free_with_darkness),
    ("ex7-71", "Scramble"): (
        "Retreat Cost 0 while the opponent's Active is a Pokémon-ex",
        free_against_ex,
    ),
}
# (card id, Poké-Body) -> (summary, its types now; () keeps the card's)
TYPE_BODIES: dict[tuple[str, str], tuple[str, Callable[[PtcgState, Mon], tuple[str, ...]]]] = {
    ("ex7-102", "Dual Armor"): (
        "with Grass Energy attached: Grass and Darkness",
        types_with("Grass", ("Grass", "Darkness")),
    ),
    ("ex7-101", "Dual Armor"): (
        "with Metal Energy attached: Darkness and Metal",
        types_with("Metal", ("Darkness", "Metal")),
    ),
}
# (card id, Poké-Body) -> its effect when Energy is attached from the hand
ON_ATTACH: dict[tuple[str, str], reg.BodyEffect] = {
    ("ex7-81", "Saturation"): saturation(1, "Saturation"),
    ("ex7-26", "Saturation"): saturation(2, "Saturation"),
}
# (card id, Poké-Body) -> (summary, whether its owner's Active has no Weakness now)
NO_WEAKNESS: dict[tuple[str, str], tuple[str, Callable[[PtcgState, Mon, Mon], bool]]] = {
    ("ex7-97", "Dark Condition"): (
        "with Darkness Energy attached: no Weakness",
        no_weakness_if_darkness,
    ),
    ("ex7-12", "Dragon Veil"): (
        "while in play: the player's Active Pokémon has no Weakness",
        no_weakness_for_active,
    ),
}
# (card id, Poké-Body) -> (summary, Colorless more for the opponent's Active to retreat)
RETREAT_TAXES: dict[tuple[str, str], tuple[str, int]] = {
    ("ex7-16", "Sticky Goo"): ("while Active: the opponent's Active retreats for 2 more", 2),
}
# (card id, Poké-Body) -> (summary, damage counters on an opponent's Pokémon evolved from
# the hand while it is in play)
EVOLVE_PUNISHERS: dict[tuple[str, str], tuple[str, int]] = {
    ("ex7-2", "Darkest Impulse"): (
        "while in play: an opponent's Pokémon evolved from the hand gets 2 damage counters "
        "(once, however many are in play)",
        2,
    ),
}
# (card id, Poké-Body) -> (summary, when it keeps every Special Condition off)
IMMUNE_WHEN: dict[tuple[str, str], tuple[str, Callable[[PtcgState, Mon], bool]]] = {
    ("ex7-105", "Dark and Clear"): (
        "with Darkness Energy attached: no Special Condition",
        has_darkness_energy,
    ),
}
CONDITION_IMMUNE: dict[tuple[str, str], frozenset[str]] = {
    ("ex7-54", "Insomnia"): frozenset({"asleep"}),
}


# ---------------------------------------------------------------------------- copied attacks
# Sources of the attacks a copying attack may use: (state, seat) -> (card id, attack) pairs,
# read from the top card of each Pokémon named.
Sources = Callable[[PtcgState, int], list[tuple[str, Attack]]]


def _top_attacks(s: PtcgState, mons: list[Mon]) -> list[tuple[str, Attack]]:
    return [(s.cards[m.stack[-1]], a) for m in mons for a in s.top(m).attacks]


def _own_dark_benched(s: PtcgState, seat: int) -> list[tuple[str, Attack]]:
    """Dark Link: the attacks of the player's other Pokémon with Dark in the name."""
    side = s.sides[seat]
    return _top_attacks(s, [m for m in side.bench if rockets.is_dark(s.top(m).name)])


def _defending(s: PtcgState, seat: int) -> list[tuple[str, Attack]]:
    """Mini-Metronome: the Defending Pokémon's attacks."""
    active = s.sides[1 - seat].active
    return _top_attacks(s, [active] if active is not None else [])


def _opponent_benched(s: PtcgState, seat: int) -> list[tuple[str, Attack]]:
    """Rainbow Moves: the attacks of the opponent's Benched Pokémon."""
    return _top_attacks(s, list(s.sides[1 - seat].bench))


def copy_attack(summary: str, sources: Sources, coin: bool) -> reg.AttackEffect:
    """An attack that uses another Pokémon's attack, named in ``copy`` ("card id:attack"),
    without its Energy cost (its own choices still made: a target...); ``coin``: a coin
    first, tails and it does nothing. The copier keeps its own type. With nothing to copy
    the attack does nothing."""

    def found(s: PtcgState, seat: int) -> dict[str, tuple[str, Attack]]:
        # (another copying attack is not offered: its own 'copy' would clash with this one's)
        return {
            f"{cid}:{a.name}": (cid, a)
            for cid, a in sources(s, seat)
            if (cid, a.name) not in COPYING
        }

    def options(s: PtcgState, seat: int) -> list[dict[str, Any]]:
        picks: list[dict[str, Any]] = []
        for key, (card_id, attack) in found(s, seat).items():
            handler = reg.ATTACKS.get((card_id, attack.name))
            if handler is not None and handler.options is not None:
                picks += [{"copy": key, **extra} for extra in handler.options(s, seat)]
            else:
                picks.append({"copy": key})
        return picks or [{}]

    def check(s: PtcgState, seat: int, params: AttackParams) -> tuple[str, str] | None:
        known = found(s, seat)
        if not known:
            return None  # nothing to copy: the attack is still used, and does nothing
        names = ", ".join(known)
        if params.copy is None:
            raise BadActionError(f"attack: name the attack it uses in 'copy' (one of: {names})")
        if params.copy not in known:
            return ("ptcg.attack.known", f"{params.copy!r} cannot be copied now (one of: {names})")
        card_id, attack = known[params.copy]
        handler = reg.ATTACKS.get((card_id, attack.name))
        if handler is not None and handler.check is not None:
            return handler.check(s, seat, msgspec.structs.replace(params, attack=attack.name))
        return None

    def run(ctx: Ctx, seat: int, params: AttackParams) -> None:
        known = found(ctx.s, seat)
        if params.copy is None or params.copy not in known:
            return
        if coin and not ctx.flip(summary):
            return
        card_id, attack = known[params.copy]
        handler = reg.ATTACKS.get((card_id, attack.name))
        if handler is not None:
            handler.run(ctx, seat, msgspec.structs.replace(params, attack=attack.name))
            return
        mon = ctx.s.sides[seat].active
        assert mon is not None
        if attack.effect:  # no handler: in the game only by allow_unimplemented
            resolve_by_hand(ctx, seat, mon.stack[-1], f"attack {attack.name}", attack.name)
        else:
            hit(ctx, seat, attack.damage)

    return reg.AttackEffect(summary, run, options, check)


# the attacks that copy another (a copy of one of them would need two 'copy' parameters)
COPYING = {("ex3-92", "Genetic Memory"), ("ex7-6", "Dark Link"), ("ex7-50", "Mini-Metronome")}
COPYING.add(("ex7-14", "Rainbow Moves"))
COPY_ATTACKS: dict[tuple[str, str], reg.AttackEffect] = {
    ("ex7-6", "Dark Link"): copy_attack(
        "a coin; heads, use an attack of one of the player's other Dark Pokémon (copy)",
        _own_dark_benched,
        coin=True,
    ),
    ("ex7-50", "Mini-Metronome"): copy_attack(
        "a coin; heads, use an attack of the Defending Pokémon (copy)", _defending, coin=True
    ),
    ("ex7-14", "Rainbow Moves"): copy_attack(
        "use an attack of one of the opponent's Benched Pokémon (copy)",
        _opponent_benched,
        coin=False,
    ),
}


def _new_body(card_id: str, name: str) -> None:
    card = bundled_cards().get(card_id)
    power = card.power(name) if card is not None else None
    if power is None or power.kind != "body" or (card_id, name) in reg.BODIES:
        raise ValueError(f"effect_data_ex7: {card_id} has no Poké-Body {name!r} to add")


def _dark_or_rockets_mon(s: PtcgState, mon: Mon) -> bool:
    return rockets.dark_or_rockets(s.top(mon).name)


def _register_tricky_gym() -> None:
    """Rocket's Tricky Gym (ex7-90, rockets.py ``ptcg.ex7.tricky-gym``): a Stadium whose
    printed attack, Feint Attack (20 to one of the opponent's Pokémon, untouched by Weakness,
    Resistance and every effect on it), any Dark or Rocket's Pokémon in play, either
    player's, may use instead of its own (lasting.below_attacks, StadiumEffect.attacks_for)."""
    card = bundled_cards()[rockets.TRICKY_GYM]
    attack = card.attack("Feint Attack")
    if card.trainer != "stadium" or attack is None or card.id in reg.STADIUMS:
        raise ValueError("effect_data_ex7: ex7-90 is no Stadium with Feint Attack, or handled")
    reg.ATTACKS[(card.id, attack.name)] = attack_effect(
        attack.name,
        attack.damage,
        attack.cost,
        (TargetHit(20, wr=False, effects=False),),
        key=f"{card.id}:{attack.name}",
    )
    reg.STADIUMS[card.id] = reg.StadiumEffect(
        "every Dark or Rocket's Pokémon in play may use its attack Feint Attack instead of "
        "its own",
        attacks_for=_dark_or_rockets_mon,
    )
    SPECIAL_CARDS.add(card.id)


def register() -> None:
    register_set(
        SetEffects(
            "effect_data_ex7",
            attacks=ATTACK_STEPS,
            powers=POWER_STEPS,
            trainers=_trainers(),
            damage_bodies=DAMAGE_BODIES,
            condition_immune=CONDITION_IMMUNE,
        )
    )
    SPECIAL_CARDS.add("ex7-70")  # Headache's Trainer lock is asked by trainer.trainer_rule
    _register_tricky_gym()
    for (card_id, name), (summary, steps, usable) in UNLIMITED_POWERS.items():
        power = bundled_cards()[card_id].power(name)
        if power is None or power.kind != "power" or (card_id, name) in reg.POWERS:
            raise ValueError(f"effect_data_ex7: {card_id} has no Poké-Power {name!r} to add")
        effect = power_program(f"{card_id}:{name}", summary, steps, usable)
        reg.POWERS[(card_id, name)] = dataclasses.replace(effect, once=False)
    for key, handler in COPY_ATTACKS.items():
        if bundled_cards()[key[0]].attack(key[1]) is None or key in reg.ATTACKS:
            raise ValueError(f"effect_data_ex7: {key} is no attack, or has a handler")
        reg.ATTACKS[key] = handler
    for (card_id, name), (summary, body) in KNOCKOUT_BODIES.items():
        _new_body(card_id, name)
        reg.BODIES[(card_id, name)] = reg.BodyEffect(summary)
        reg.KNOCKOUT_BODIES[card_id] = body
        SPECIAL_CARDS.add(card_id)
    for (card_id, name), (summary, run) in BETWEEN_TURNS.items():
        _new_body(card_id, name)
        reg.BODIES[(card_id, name)] = reg.BodyEffect(summary)
        reg.BETWEEN_TURNS_BODIES[card_id] = (name, run)
        SPECIAL_CARDS.add(card_id)
    for (card_id, name), (summary, free) in RETREAT_BODIES.items():
        _new_body(card_id, name)
        reg.BODIES[(card_id, name)] = reg.BodyEffect(summary)
        reg.RETREAT_BODIES[card_id] = reg.RetreatBody(name, free)
        SPECIAL_CARDS.add(card_id)
    for (card_id, name), (summary, types) in TYPE_BODIES.items():
        _new_body(card_id, name)
        reg.BODIES[(card_id, name)] = reg.BodyEffect(summary)
        reg.TYPE_BODIES[card_id] = (name, types)
        SPECIAL_CARDS.add(card_id)
    for (card_id, name), (summary, off) in NO_WEAKNESS.items():
        _new_body(card_id, name)
        reg.BODIES[(card_id, name)] = reg.BodyEffect(summary)
        reg.NO_WEAKNESS_BODIES[card_id] = (name, off)
        SPECIAL_CARDS.add(card_id)
    for (card_id, name), (summary, tax) in RETREAT_TAXES.items():
        _new_body(card_id, name)
        reg.BODIES[(card_id, name)] = reg.BodyEffect(summary)
        reg.RETREAT_TAXES[card_id] = (name, tax)
        SPECIAL_CARDS.add(card_id)
    for (card_id, name), (summary, n) in EVOLVE_PUNISHERS.items():
        _new_body(card_id, name)
        reg.BODIES[(card_id, name)] = reg.BodyEffect(summary)
        reg.EVOLVE_PUNISHERS[card_id] = (name, n)
        SPECIAL_CARDS.add(card_id)
    for (card_id, name), (summary, when) in IMMUNE_WHEN.items():
        _new_body(card_id, name)
        reg.BODIES[(card_id, name)] = reg.BodyEffect(summary)
        reg.CONDITION_IMMUNE[card_id] = (name, frozenset(CONDITIONS))
        reg.IMMUNE_ONLY_WHEN[card_id] = when
    for (card_id, name), on_attach in ON_ATTACH.items():
        _new_body(card_id, name)
        reg.BODIES[(card_id, name)] = on_attach
    for (card_id, _), steps in ATTACK_STEPS.items():
        if any(isinstance(step, (Later, DelayedCounters)) for step in steps):
            SPECIAL_CARDS.add(card_id)  # a delayed effect: the game leaves the fast path


register()
