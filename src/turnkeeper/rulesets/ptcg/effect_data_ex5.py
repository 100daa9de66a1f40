"""Card effects of EX Hidden Legends (ex5) as data in the effect vocabulary (``vocab.py``,
``search.py``, ``vocab_sets.py``, ``vocab_ex5.py``); facts in data/sets/ex5.json. The effects
are described in the project's own words (card text is never stored). Cards not listed here
stay unimplemented: ``ptcg coverage --set ex5`` lists them and a deck holding one is refused at
set-up.

An effect printed for "each Defending Pokémon" (a double battle) is written for the one
Defending Pokémon of the game played here (Sleepy Song, Cracking Voice, Sheer Cold), and
"switch 1 of the opponent's Benched Pokémon with 1 of the Defending Pokémon, the opponent
choosing the Defending one" is the player's pick of the Benched Pokémon (one Defending).
"""

from __future__ import annotations

import dataclasses

from turnkeeper.rulesets.ptcg import effect_data_ex6 as _ex6  # noqa: F401 (reprints)
from turnkeeper.rulesets.ptcg import registry as reg
from turnkeeper.rulesets.ptcg.board import bench_limit, max_hp, types_of
from turnkeeper.rulesets.ptcg.board_moves import DevolveEach
from turnkeeper.rulesets.ptcg.cards import CardDef, bundled_cards
from turnkeeper.rulesets.ptcg.context import Ctx
from turnkeeper.rulesets.ptcg.registry import DamageBody
from turnkeeper.rulesets.ptcg.search import (
    BoostNextTurn,
    Cards,
    DefendingEnergy,
    DiscardForDamage,
    DrawUpTo,
    EvolveFromHand,
    ForbidAttack,
    Gust,
    HealDealt,
    HealPick,
    OpponentSwitch,
    PickCondition,
    PickTargets,
    Search,
    ShuffleFromOpponentHand,
    Usable,
    power_program,
    trainer_program,
)
from turnkeeper.rulesets.ptcg.set_data import SetEffects, register_set
from turnkeeper.rulesets.ptcg.state import SEATS, SPECIAL_CARDS, Mon, PtcgState
from turnkeeper.rulesets.ptcg.vocab import (
    AttachFromHand,
    BenchDamage,
    Condition,
    CountersOn,
    DiscardDefendingEnergy,
    DiscardEnergy,
    Flip,
    Guard,
    Heal,
    Hit,
    MinusPer,
    NoAttackNextTurn,
    PlusIf,
    PlusIfHeads,
    PlusPer,
    SelfDamage,
    Step,
    TargetHit,
    TimesCount,
    TimesHeads,
    Toxic,
)
from turnkeeper.rulesets.ptcg.vocab_ex5 import (
    BenchCounters,
    BenchSameType,
    CardsSpecialEnergy,
    ChooseBoost,
    CountersPerCard,
    DefendingNoAttack,
    DiscardOpponentTrainers,
    DiscardThenOpponentDiscards,
    DrawToMatch,
    DrawUpToCounted,
    EnergyFromHandForDamage,
    EvolveFromDeck,
    ExposeDefending,
    HealAll,
    HealDefending,
    KnockOutBoth,
    MoveEnergyAndHeal,
    MoveEnergyToActive,
    NoEnergyFromHand,
    OnlyWhen,
    OpponentEnergyToDefending,
    PickFromOpponentHand,
    PlayStadiumFromDeck,
    PlusPerCounted,
    PlusWhen,
    RevealTopAttach,
    SwapFromDeck,
    ThenIf,
    TriplePoison,
    UseSupporterFrom,
)
from turnkeeper.rulesets.ptcg.vocab_sets import PlusPerCard, ShuffleHandIntoDeck, TrainerOf

_BASIC = Cards(stage="basic")
_BASIC_ENERGY = Cards(basic_energy=True)
_SWIFT = Hit(wr=False, effects=False)  # no W/R, no effect on the Defending Pokémon counts
_NO_WR = Hit(wr=False)


def _c(*which: str) -> Condition:
    return Condition(which)


def _on_heads(*which: str) -> Flip:
    return Flip(heads=(Condition(which),))


def _heads_or_tails(heads: str, tails: str) -> Flip:
    return Flip(heads=(Condition((heads,)),), tails=(Condition((tails,)),))


ATTACK_STEPS: dict[tuple[str, str], tuple[Step, ...]] = {
    ("ex5-17", "Chime"): (UseSupporterFrom("opponent_discard"),),
    ("ex5-1", "Shadow Steal"): (PlusPerCard(20, "discard", CardsSpecialEnergy(), "opponent"),),
    ("ex5-1", "Darkness Chant"): (CountersPerCard(Cards(kind="pokemon"), 6),),
    ("ex5-2", "Muddy Eye"): (TimesCount("both_basic_energy_cards"),),
    ("ex5-3", "Triple Poison"): (TriplePoison(),),
    ("ex5-3", "Flutter Trick"): (Hit(), Flip(heads=(PickFromOpponentHand(),))),
    ("ex5-4", "Dark Provide"): (
        Search(
            (Cards(kind="energy", type="Grass"), Cards(kind="energy", type="Darkness")),
            src=("hand",),
            dest="attach_own",
        ),
    ),
    ("ex5-4", "Leaf Poison"): (_c("poisoned"),),
    ("ex5-5", "Swift"): (_SWIFT,),
    ("ex5-5", "Mass Destruction"): (KnockOutBoth(),),
    ("ex5-6", "Breaking Sound"): (Hit(10), BenchDamage(10)),
    ("ex5-6", "Bass Control"): (TargetHit(30),),
    ("ex5-6", "Thunderous Roar"): (_c("confused"),),
    ("ex5-7", "Extra Draw"): (
        OnlyWhen("opponent_ex_in_play"),
        Search((Cards(kind="energy", type="Grass"),), n=2, dest="attach_self"),
    ),
    ("ex5-7", "Sonicboom"): (_NO_WR,),
    ("ex5-8", "Make a Wish"): (EvolveFromDeck("any", self_counters=1),),
    ("ex5-8", "Mind Bend"): (_on_heads("confused"),),
    ("ex5-9", "Brick Smash"): (_SWIFT,),
    ("ex5-9", "Cross Chop"): (PlusIfHeads(30),),
    ("ex5-10", "Meditate"): (PlusPer(10, "defending_counters"),),
    ("ex5-10", "Chakra Points"): (PlusPer(10, "opponent_hand"),),
    ("ex5-11", "Squared Attack"): (TimesHeads(4),),
    ("ex5-12", "Distorted Wave"): (HealDefending(3),),
    ("ex5-13", "Sonicboom"): (_NO_WR,),
    ("ex5-14", "Push Aside"): (Hit(), PickFromOpponentHand(Cards(kind="pokemon"), dest="deck")),
    ("ex5-14", "Supernatural Power"): (PlusWhen(40, "same_hand_size"),),
    ("ex5-15", "Sheer Cold"): (Hit(), Flip(heads=(DefendingNoAttack(),))),
    ("ex5-16", "Miracle Powder"): (Hit(), Flip(heads=(PickCondition(),))),
    ("ex5-17", "Psychic Boom"): (TimesCount("defending_energy"),),
    ("ex5-18", "Stun Needle"): (_on_heads("paralyzed"),),
    ("ex5-18", "Mystic Water"): (PlusPer(10, "all_energy", "Psychic"),),
    ("ex5-19", "Dark Splash"): (PlusPerCounted(10, "darkness_in_play"),),
    ("ex5-20", "Whirlwind"): (Hit(), OpponentSwitch()),
    ("ex5-20", "Silver Wind"): (Hit(), ExposeDefending(30)),
    ("ex5-21", "Metal Load"): (
        Search((Cards(kind="energy", type="Metal"),), src=("discard",), dest="attach_self"),
    ),
    ("ex5-22", "Quick Attack"): (PlusIfHeads(20),),
    ("ex5-23", "Scattered Shower"): (ShuffleHandIntoDeck(), DrawUpTo(5)),
    ("ex5-32", "Coral Glow"): (DrawUpToCounted(basic_only=True, hand_cap=10),),
    ("ex5-23", "Rainy Day Blues"): (Hit(), ThenIf("stadium_low_pressure", (_c("confused"),))),
    ("ex5-24", "Yawn"): (_on_heads("asleep"),),
    ("ex5-25", "Flurries"): (_heads_or_tails("paralyzed", "asleep"),),
    ("ex5-25", "White Snow"): (PlusWhen(20, "stadium_magnetic_storm"),),
    ("ex5-26", "Sunshine"): (Search((TrainerOf(trainer="stadium"),), src=("discard",), must=True),),
    ("ex5-26", "Sunburn"): (Hit(), ThenIf("stadium_high_pressure", (_c("burned"),))),
    ("ex5-27", "Fruition"): (MoveEnergyAndHeal(src="self", dst="any", optional=False),),
    ("ex5-29", "Metal Charge"): (SelfDamage(1),),
    ("ex5-30", "Forecast"): (PlayStadiumFromDeck(),),
    ("ex5-30", "Extra Ball"): (PlusIf(20, "defending_ex"),),
    ("ex5-31", "Hyper Beam"): (Hit(), Flip(heads=(DiscardDefendingEnergy(),))),
    ("ex5-33", "Retaliate"): (TimesCount("own_counters"),),
    ("ex5-33", "Slashing Strike"): (Hit(), Flip(tails=(NoAttackNextTurn(only_this=True),))),
    ("ex5-34", "Heavy Blizzard"): (Hit(), Flip(heads=(BenchCounters(1),))),
    ("ex5-35", "Cling"): (Hit(), HealDealt()),
    ("ex5-35", "Double Razor Leaf"): (TimesHeads(2),),
    ("ex5-36", "Supersonic"): (_c("confused"),),
    ("ex5-37", "Set Song"): (Search((_BASIC,)), Search((_BASIC_ENERGY,))),
    ("ex5-38", "Lightning Strike"): (
        DiscardForDamage(40, kind="Lightning", basic=False, all_or_none=True),
        Hit(),
    ),
    ("ex5-39", "Cracking Voice"): (_on_heads("confused"),),
    ("ex5-40", "Loving Draw"): (DrawToMatch(),),
    ("ex5-40", "Sweet Temptation"): (Gust(), Hit(10)),
    ("ex5-42", "Steady Punch"): (PlusIfHeads(10),),
    ("ex5-42", "Power Heal"): (PlusPer(10, "own_counters"), Hit(), Heal(1)),
    ("ex5-43", "Psyshock"): (_on_heads("paralyzed"),),
    ("ex5-43", "Metal Ball"): (CountersOn(5),),
    ("ex5-45", "Upper Hand"): (ForbidAttack(),),
    ("ex5-45", "Feint Attack"): (TargetHit(40, wr=False, effects=False),),
    ("ex5-46", "Hyper Tail"): (PlusWhen(20, "defending_powered"),),
    ("ex5-47", "Super Icy Wind"): (Hit(10, wr=False), BenchDamage(10)),
    ("ex5-49", "Water Arrow"): (TargetHit(20),),
    ("ex5-49", "Rainbow Star"): (PlusPerCounted(10, "defending_basic_types"),),
    ("ex5-48", "The Hula-la"): (
        Flip(heads=(_c("confused"),), tails=(_c("confused"), Condition(("confused",), "self"))),
    ),
    ("ex5-48", "Flail"): (TimesCount("own_counters"),),
    ("ex5-50", "Amnesia"): (Hit(), ForbidAttack()),
    ("ex5-50", "Swallow Up"): (PlusWhen(30, "defending_less_hp_left"),),
    ("ex5-51", "Long Tentacle"): (
        Flip(heads=(_c("confused"),), tails=(DiscardDefendingEnergy(),)),
    ),
    ("ex5-51", "Toxic"): (Toxic(),),
    ("ex5-52", "Psyshock"): (_on_heads("paralyzed"),),
    ("ex5-54", "Call for Family"): (Search((_BASIC,), dest="bench"),),
    ("ex5-54", "Metal Ball"): (CountersOn(1),),
    ("ex5-55", "Poisonpowder"): (_on_heads("poisoned"),),
    ("ex5-56", "Spark"): (PickTargets(2, 10),),
    ("ex5-57", "Random Spark"): (TargetHit(10),),
    ("ex5-58", "Bubble"): (_on_heads("paralyzed"),),
    ("ex5-59", "Swift"): (_SWIFT,),
    ("ex5-59", "Rage"): (PlusPer(10, "own_counters"),),
    ("ex5-61", "Ascension"): (EvolveFromDeck("self"),),
    ("ex5-62", "Yawn"): (_c("asleep"),),
    ("ex5-62", "Spit Poison"): (_c("poisoned"),),
    ("ex5-63", "Sleepy Song"): (_c("asleep"),),
    ("ex5-64", "Karate Chop"): (MinusPer(10, "own_counters"),),
    ("ex5-65", "Double Chop"): (TimesHeads(2),),
    ("ex5-65", "Calm Mind"): (Heal(2),),
    ("ex5-66", "Steady Punch"): (PlusIfHeads(10),),
    ("ex5-67", "Minus Energy"): (Hit(), Flip(heads=(DefendingEnergy(dest="hand"),))),
    ("ex5-67", "Thundershock"): (_on_heads("paralyzed"),),
    ("ex5-68", "Poisonpowder"): (_on_heads("poisoned"),),
    ("ex5-69", "Plus Energy"): (
        Flip(
            heads=(
                Search((Cards(kind="energy", type="Lightning"),), src=("hand",), dest="attach_own"),
            )
        ),
    ),
    ("ex5-69", "Dazzle Blast"): (_on_heads("confused"),),
    ("ex5-70", "Double Stab"): (TimesHeads(2),),
    ("ex5-70", "Take Down"): (SelfDamage(1),),
    ("ex5-71", "Growth Spurt"): (AttachFromHand("Grass"),),
    ("ex5-71", "Trip Over"): (PlusIfHeads(10),),
    ("ex5-72", "Shadow Crush"): (Hit(), DiscardThenOpponentDiscards("Psychic")),
    ("ex5-73", "Ice Breath"): (_on_heads("paralyzed"),),
    ("ex5-74", "Freezing Breath"): (_heads_or_tails("paralyzed", "asleep"),),
    ("ex5-76", "Splash About"): (PlusWhen(10, "less_energy_than_defending"),),
    ("ex5-77", "Wrap"): (_on_heads("paralyzed"),),
    ("ex5-78", "Sleepy Song"): (_c("asleep"),),
    ("ex5-79", "Flail"): (TimesCount("own_counters"),),
    ("ex5-80", "Recharge"): (
        Search((Cards(kind="energy", type="Lightning"),), dest="attach_self"),
    ),
    ("ex5-81", "Ascension"): (EvolveFromDeck("self"),),
    ("ex5-82", "Wail"): (Hit(), OpponentSwitch()),
    ("ex5-83", "Quick Turn"): (TimesHeads(2),),
    ("ex5-83", "Surprise"): (ShuffleFromOpponentHand(),),
    ("ex5-93", "Rock Tumble"): (Hit(resistance=False),),
    ("ex5-93", "Crushing Mantle"): (EnergyFromHandForDamage(10), Hit()),
    ("ex5-94", "Super Tidal Wave"): (EnergyFromHandForDamage(10, show=True), Hit()),
    ("ex5-98", "Tonnage"): (ChooseBoost(20, 3), Hit()),
    ("ex5-94", "Water Arrow"): (TargetHit(20),),
    ("ex5-95", "Metal Reversal"): (Gust(optional=True), Hit()),
    ("ex5-95", "Extra Comet Punch"): (PlusIf(50, "own_boosted"), Hit(), BoostNextTurn()),
    ("ex5-96", "Intense Glare"): (Gust(), _c("burned", "confused")),
    ("ex5-96", "Fire Blast"): (DiscardEnergy(1, "Fire"),),
    ("ex5-97", "Freeze Lock"): (Hit(), Flip(heads=(NoEnergyFromHand(),))),
    # the Ancient Technical Machines' attacks (their handlers under the TM's id)
    ("ex5-84", "Ice Generator"): (DiscardOpponentTrainers(then=(Guard(effects=True),)),),
    ("ex5-85", "Stone Generator"): (DevolveEach(),),
    ("ex5-86", "Steel Generator"): (OnlyWhen("defending_powered"), OpponentEnergyToDefending(2)),
    ("ex5-99", "Steel Wave"): (Hit(), BenchSameType(20)),
    ("ex5-100", "Special Formula"): (
        Flip(heads=(_c("asleep", "poisoned"),), tails=(_c("confused"),)),
    ),
    ("ex5-101", "Sleepy Song"): (_c("asleep"),),
    ("ex5-101", "Do the Wave"): (PlusPer(10, "own_benched"),),
    ("ex5-102", "Earthquake"): (BenchDamage(10, "own"),),
}


# ---------------------------------------------------------------------------- Poké-Powers
def _deck(s: PtcgState, seat: int, slot: int) -> str | None:
    return None if s.sides[seat].deck else "the deck is empty"


def _heal_dance(s: PtcgState, seat: int, slot: int) -> str | None:
    """Heal Dance: a damaged Pokémon of the player's, and no Heal Dance used this turn yet
    (by any Bellossom: the limit is the player's, per turn)."""
    if not any(m.damage for _, m in s.sides[seat].in_play()):
        return "none of the player's Pokémon has damage counters"
    if any(used.endswith(":Heal Dance") for used in s.powers_used):
        return "a Heal Dance was used this turn already"
    return None


def _magnetic_call(s: PtcgState, seat: int, slot: int) -> str | None:
    if len(s.sides[seat].bench) >= bench_limit(s):
        return "the Bench is full"
    return _deck(s, seat, slot)


def _healing_shower(s: PtcgState, seat: int, slot: int) -> str | None:
    """Healing Shower: only in the turn its Pokémon evolved (read as played from the hand to
    evolve, as Loose Shell is), with a damaged Pokémon (not ex) in play to heal."""
    mon = s.sides[seat].mon(slot)
    if mon is None or mon.evolved != s.turn:
        return "only in the turn it was played from the hand to evolve"
    if not any(m.damage and not s.top(m).ex for side in s.sides for _, m in side.in_play()):
        return "no Pokémon (not ex) in play has damage counters"
    return None


def _jigglypuff_in_hand(s: PtcgState, seat: int, slot: int) -> str | None:
    found = any(s.card(c).name == "Jigglypuff" for c in s.sides[seat].hand)
    return None if found else "no Jigglypuff in the hand"


_METAL_JUNCTURE = MoveEnergyToActive(kind="Metal", optional=False)


def _metal_to_move(s: PtcgState, seat: int, slot: int) -> str | None:
    return None if _METAL_JUNCTURE.moves(s, seat, slot) else "no Metal Energy on the Bench"


_CASTFORMS = ("Castform", "Rain Castform", "Snow-cloud Castform", "Sunny Castform")


def _weather(name: str) -> tuple[str, tuple[Step, ...], Usable, bool]:
    """Temperamental Weather of the Castform named ``name``: swap it for another Castform
    of the deck; one Temperamental Weather a turn per player (by any Castform)."""
    others = tuple(n for n in _CASTFORMS if n != name)

    def usable(s: PtcgState, seat: int, slot: int) -> str | None:
        if any(used.endswith(":Temperamental Weather") for used in s.powers_used):
            return "a Temperamental Weather was used this turn already"
        return _deck(s, seat, slot)

    summary = f"swap it for {', '.join(others)} from the deck (all on it stays); one a turn"
    return summary, (SwapFromDeck(others),), usable, True


# (card id, Poké-Power) -> (summary, steps, usable, once a turn per Pokémon)
POWER_STEPS: dict[tuple[str, str], tuple[str, tuple[Step, ...], Usable, bool]] = {
    ("ex5-23", "Temperamental Weather"): _weather("Rain Castform"),
    ("ex5-25", "Temperamental Weather"): _weather("Snow-cloud Castform"),
    ("ex5-26", "Temperamental Weather"): _weather("Sunny Castform"),
    ("ex5-30", "Temperamental Weather"): _weather("Castform"),
    ("ex5-11", "Metal Juncture"): (
        "as often as the player likes: a Metal Energy card from a Benched Pokémon to the Active",
        (_METAL_JUNCTURE,),
        _metal_to_move,
        False,
    ),
    ("ex5-12", "Healing Shower"): (
        "in the turn it evolved: every damage counter off every Pokémon in play (not ex)",
        (HealAll(),),
        _healing_shower,
        True,
    ),
    ("ex5-15", "Crush Draw"): (
        "reveal the deck's top card: a basic Energy is attached to one of the player's Pokémon",
        (RevealTopAttach(),),
        _deck,
        True,
    ),
    ("ex5-16", "Heal Dance"): (
        "2 damage counters off one of the player's Pokémon (one Heal Dance a turn)",
        (HealPick(2),),
        _heal_dance,
        True,
    ),
    ("ex5-29", "Magnetic Call"): (
        "heads: a Metal Basic Pokémon from the deck onto the Bench",
        (Flip(heads=(Search((Cards(stage="basic", type="Metal"),), dest="bench"),)),),
        _magnetic_call,
        True,
    ),
    ("ex5-37", "Baby Evolution"): (
        "put Jigglypuff from the hand onto it (evolving) and remove its damage counters",
        (EvolveFromHand("Jigglypuff"),),
        _jigglypuff_in_hand,
        True,
    ),
}


# ---------------------------------------------------------------------------- Trainers
def _stevens_advice(s: PtcgState, seat: int) -> str | None:
    if len(s.sides[seat].hand) > 7:  # this card included
        return "the hand holds more than 7 cards"
    return None if s.sides[seat].deck else "the deck is empty"


def _trainers() -> dict[str, reg.TrainerEffect]:
    return {
        "ex5-92": trainer_program(
            "ex5-92",
            "Supporter: draw up to as many cards as the opponent has Pokémon in play (not with "
            "more than 7 cards in the hand)",
            (DrawUpToCounted(),),
            _stevens_advice,
        ),
    }


# ex5 reprints whose effect is the same as an earlier card's (the handler is shared)
REPRINTS: dict[str, str] = {"ex5-90": "ex6-93"}  # Life Herb

# ---------------------------------------------------------------------------- Poké-Bodies
DAMAGE_BODIES: dict[tuple[str, str], tuple[str, DamageBody]] = {
    ("ex5-22", "Safeguard"): (
        "nothing from the attacks of Pokémon-ex",
        DamageBody(prevent_from="ex"),
    ),
    ("ex5-41", "Strikes Back"): (
        "damaged while Active (even Knocked Out): 1 counter on the attacker",
        DamageBody(react_counters=1),
    ),
    ("ex5-58", "Exoskeleton"): ("10 less damage from attacks", DamageBody(reduce=10)),
    ("ex5-13", "Crust"): (
        "30 less damage from the attacks of the opponent's Basic Pokémon",
        DamageBody(reduce=30, from_attacker="basic"),
    ),
    ("ex5-34", "Ice Wall"): (
        "40 less damage from attackers with a special Energy card attached",
        DamageBody(reduce=40, from_attacker="special_energy"),
    ),
    ("ex5-75", "Core Guard"): (
        "with Psychic Energy attached: 10 less damage from attacks",
        DamageBody(reduce=10, needs_energy="Psychic"),
    ),
    ("ex5-97", "Crystal Body"): (
        "no effect of the opponent's attacks on it but their damage",
        DamageBody(effects_proof=True),
    ),
    ("ex5-99", "Exoskeleton"): ("10 less damage from attacks", DamageBody(reduce=10)),
}


def _any_energy(s: PtcgState, mon: Mon) -> bool:
    return bool(mon.energy)


def _no_energy(s: PtcgState, mon: Mon) -> bool:
    return not mon.energy


# card id -> (summary, the Poké-Body that makes its Retreat Cost 0 while a test holds)
RETREAT_BODIES: dict[str, tuple[str, reg.RetreatBody]] = {
    "ex5-28": ("Retreat Cost 0 with any Energy attached", reg.RetreatBody("Levitate", _any_energy)),
    "ex5-44": ("Retreat Cost 0 with any Energy attached", reg.RetreatBody("Levitate", _any_energy)),
    "ex5-77": (
        "Retreat Cost 0 with no Energy attached",
        reg.RetreatBody("Freefloating", _no_energy),
    ),
}
# card id -> (Poké-Body name, damage counters it removes from its Pokémon between turns)
HEAL_BODIES: dict[str, tuple[str, int]] = {"ex5-98": ("Healing Stone", 1)}
# card id -> Poké-Body name: its Pokémon may retreat while Asleep or Paralyzed
RETREAT_ANY_CONDITION: dict[str, str] = {"ex5-33": "Fast Feet"}
# card id -> (summary, body name, the names that cannot attack while it is Active)
ATTACK_BANS: dict[str, tuple[str, str, tuple[str, ...]]] = {
    "ex5-93": (
        "while Active: no Kyogre ex or Rayquaza ex (either player's) can attack",
        "Mark of Antiquity",
        ("Kyogre ex", "Rayquaza ex"),
    ),
    "ex5-94": (
        "while Active: no Groudon ex or Rayquaza ex (either player's) can attack",
        "Mark of Antiquity",
        ("Groudon ex", "Rayquaza ex"),
    ),
}
# card id -> (Poké-Body name, Colorless more for Evolved Pokémon's attacks while Active)
COST_BODIES: dict[str, tuple[str, int]] = {"ex5-2": ("Primal Pull", 1)}
# card id -> Poké-Body name: while Active, no attack damage to its player's Benched Pokémon
BENCH_SHIELDS: dict[str, str] = {"ex5-46": "Power Diffusion"}
# card id -> (Poké-Body name, heads needed to wake between turns while it is Active)
SLEEP_COINS: dict[str, tuple[str, int]] = {"ex5-24": ("Deep Sleep", 2)}
RULE_BODIES: dict[str, tuple[str, reg.RuleBody]] = {
    "ex5-100": (
        "while Active: the opponent can't play Trainer cards but Supporters",
        reg.RuleBody("Block Dust", "trainer"),
    ),
}
DAMAGE_MODS: dict[str, tuple[str, reg.DamageMod]] = {
    "ex5-9": (
        "with a Pokémon-ex in the opponent's play: its attacks do 30 more to the Defending Pokémon",
        reg.DamageMod(
            "attacker_active",
            30,
            before=True,
            active_only=True,
            name="Overzealous",
            needs_opponent_ex=True,
        ),
    ),
}
# attacks whose effects last into a later turn (asked only in games with special cards)
LASTING_ATTACKS = ("ex5-20", "ex5-97")


# ---------------------------------------------------------------------------- Stadiums
def _no_owner(card: CardDef) -> bool:
    """Not a Pokémon-ex and no owner in its name (Team Aqua's ..., Rocket's ...)."""
    return not card.ex and "'s " not in card.name


def _tomb_no_weakness(s: PtcgState, mon: Mon) -> bool:
    return _no_owner(s.top(mon))


def _desert_ruins(ctx: Ctx) -> None:
    """Between turns: a damage counter on each Pokémon-ex in play with 100 HP or more (a
    Stadium's effect, not an attack's: no Guard keeps it off)."""
    s = ctx.s
    for seat in (s.current, 1 - s.current):
        for slot, mon in s.sides[seat].in_play():
            if s.top(mon).ex and max_hp(s, mon) >= 100:
                ctx.emit("damage", p=SEATS[seat], slot=slot, n=10)


def _island_cave(ctx: Ctx, seat: int, slot: int) -> None:
    """An Energy card from the hand onto a Water, Fighting or Metal Pokémon: its Special
    Conditions are removed."""
    mon = ctx.s.sides[seat].mon(slot)
    if mon is None or not mon.has_condition():
        return
    if any(t in ("Water", "Fighting", "Metal") for t in types_of(ctx.s, mon)):
        ctx.emit("cure", p=SEATS[seat], slot=slot, which=mon.conditions())


STADIUMS: dict[str, reg.StadiumEffect] = {
    "ex5-87": reg.StadiumEffect(
        "no Weakness for any Pokémon but Pokémon-ex and those with an owner in the name",
        no_weakness=_tomb_no_weakness,
    ),
    "ex5-88": reg.StadiumEffect(
        "between turns: a damage counter on each Pokémon-ex with 100 HP or more",
        between_turns=_desert_ruins,
    ),
    "ex5-89": reg.StadiumEffect(
        "Energy from the hand onto a Water, Fighting or Metal Pokémon cures it",
        on_attach=_island_cave,
    ),
    "ex5-91": reg.StadiumEffect(
        "no Resistance against Psychic and Fighting attackers",
        no_resistance_from=("Psychic", "Fighting"),
    ),
}


def _ancient_tm(s: PtcgState, mon: Mon) -> str | None:
    card = s.top(mon)
    if len(mon.stack) < 2:
        return "it goes only onto an Evolved Pokémon"
    if not _no_owner(card):
        return f"not onto {card.name} (a Pokémon-ex, or an owner in its name)"
    return None


TMS: dict[str, reg.TMEffect] = {
    tm_id: reg.TMEffect(f"onto an Evolved Pokémon (not ex, no owner): {summary}", onto=_ancient_tm)
    for tm_id, summary in (
        ("ex5-84", "Ice Generator: the opponent's Tools and Stadium go; if so, a full Guard"),
        ("ex5-85", "Stone Generator: every opposing Evolved Pokémon loses its top card"),
        ("ex5-86", "Steel Generator: basic Energy moved onto a powered Defending Pokémon"),
    )
}


def _body(card_id: str, name: str, summary: str) -> None:
    card = bundled_cards().get(card_id)
    power = card.power(name) if card is not None else None
    if power is None or power.kind != "body" or (card_id, name) in reg.BODIES:
        raise ValueError(f"effect_data_ex5: {card_id} has no Poké-Body {name!r} to add")
    reg.BODIES[(card_id, name)] = reg.BodyEffect(summary)


def register() -> None:
    register_set(
        SetEffects(
            "effect_data_ex5",
            attacks=ATTACK_STEPS,
            trainers=_trainers(),
            damage_bodies=DAMAGE_BODIES,
            reprints=REPRINTS,
        )
    )
    cards = bundled_cards()
    for (card_id, name), (summary, steps, usable, once) in POWER_STEPS.items():
        power = cards[card_id].power(name)
        if power is None or power.kind != "power" or (card_id, name) in reg.POWERS:
            raise ValueError(f"effect_data_ex5: {card_id} has no Poké-Power {name!r} to add")
        effect = power_program(f"{card_id}:{name}", summary, steps, usable)
        reg.POWERS[(card_id, name)] = dataclasses.replace(effect, once=once)
    for card_id, (summary, free) in RETREAT_BODIES.items():
        _body(card_id, free.name, summary)
        reg.RETREAT_BODIES[card_id] = free
        SPECIAL_CARDS.add(card_id)
    for card_id, (name, n) in HEAL_BODIES.items():
        _body(card_id, name, f"between turns: {n} damage counter off it")
        reg.HEAL_BODIES[card_id] = (name, n)
        SPECIAL_CARDS.add(card_id)
    for card_id, (summary, name, names) in ATTACK_BANS.items():
        _body(card_id, name, summary)
        reg.ATTACK_BANS[card_id] = (name, names)
        SPECIAL_CARDS.add(card_id)
    for card_id, (name, n) in COST_BODIES.items():
        _body(card_id, name, f"while Active: Evolved Pokémon's attacks cost {n} Colorless more")
        reg.COST_BODIES[card_id] = (name, n)
        SPECIAL_CARDS.add(card_id)
    for card_id, name in BENCH_SHIELDS.items():
        _body(card_id, name, "while Active: no attack damage to its player's Benched Pokémon")
        reg.BENCH_SHIELDS[card_id] = name
        SPECIAL_CARDS.add(card_id)
    for card_id, (name, n) in SLEEP_COINS.items():
        _body(card_id, name, f"while Active: an Asleep Pokémon needs {n} heads to wake")
        reg.SLEEP_COINS[card_id] = (name, n)
        SPECIAL_CARDS.add(card_id)
    for card_id, (summary, rule) in RULE_BODIES.items():
        _body(card_id, rule.name, summary)
        reg.RULE_BODIES[card_id] = rule
        SPECIAL_CARDS.add(card_id)
    for card_id, (summary, mod) in DAMAGE_MODS.items():
        if card_id in reg.DAMAGE_MODS:
            raise ValueError(f"effect_data_ex5: {card_id} has a damage modifier already")
        _body(card_id, mod.name, summary)
        reg.DAMAGE_MODS[card_id] = mod
    for card_id, stadium in STADIUMS.items():
        if cards[card_id].trainer != "stadium" or card_id in reg.STADIUMS:
            raise ValueError(f"effect_data_ex5: {card_id} is no Stadium, or has a handler")
        reg.STADIUMS[card_id] = stadium
        SPECIAL_CARDS.add(card_id)
    for card_id, tm in TMS.items():
        if cards[card_id].trainer != "tm" or card_id in reg.TMS:
            raise ValueError(f"effect_data_ex5: {card_id} is no Technical Machine, or registered")
        reg.TMS[card_id] = tm
        SPECIAL_CARDS.add(card_id)
    SPECIAL_CARDS.update(LASTING_ATTACKS)
    for card_id, name in RETREAT_ANY_CONDITION.items():
        _body(card_id, name, "it may retreat while Asleep or Paralyzed")
        reg.RETREAT_ANY_CONDITION[card_id] = name
        SPECIAL_CARDS.add(card_id)


register()
