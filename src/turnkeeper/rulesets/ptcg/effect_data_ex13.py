"""Card effects of EX Holon Phantoms (ex13) as data in the effect vocabulary (``vocab.py``,
``search.py``, ``vocab_ex6.py`` ... ``vocab_ex13.py``) and the era's rules of ``holon.py``;
facts in data/sets/ex13.json. The effects are described in the project's own words (card text
is never stored). Cards not listed here stay unimplemented: ``ptcg coverage --set ex13`` lists
them and a deck holding one is refused at set-up."""

from __future__ import annotations

from collections.abc import Callable

from turnkeeper.rulesets.ptcg import effect_data_ex7 as _ex7  # noqa: F401 (reprints)
from turnkeeper.rulesets.ptcg import effect_data_ex8 as _ex8  # noqa: F401 (reprints)
from turnkeeper.rulesets.ptcg import effect_data_ex11 as _ex11  # noqa: F401 (reprints)
from turnkeeper.rulesets.ptcg import effect_questions as _ex1_to_ex4  # noqa: F401 (reprints)
from turnkeeper.rulesets.ptcg import effect_rules as _ex1_to_ex4_rules  # noqa: F401 (reprints)
from turnkeeper.rulesets.ptcg import effect_rules_ex6 as _ex6  # noqa: F401 (reprints)
from turnkeeper.rulesets.ptcg import registry as reg
from turnkeeper.rulesets.ptcg.baby import baby_evolution
from turnkeeper.rulesets.ptcg.board import MAX_BENCH, energy_of_type
from turnkeeper.rulesets.ptcg.cards import ANY, bundled_cards
from turnkeeper.rulesets.ptcg.delta_veil import mon_is_delta
from turnkeeper.rulesets.ptcg.holon import delta_in_play
from turnkeeper.rulesets.ptcg.search import (
    Cards,
    ForbidAttack,
    HealPick,
    OpponentSwitch,
    PickTargets,
    Search,
    SelfSwitch,
    ShuffleFromOpponentHand,
    Usable,
    trainer_program,
)
from turnkeeper.rulesets.ptcg.set_data import SetEffects, register_set
from turnkeeper.rulesets.ptcg.state import CONDITIONS, SPECIAL_CARDS, Mon, PtcgState
from turnkeeper.rulesets.ptcg.vocab import (
    AttachFromDiscard,
    BenchDamage,
    BoostNextTurnAll,
    Condition,
    DiscardDefendingEnergy,
    DiscardEnergy,
    DiscardFromOpponentHand,
    Draw,
    Flip,
    Guard,
    Heal,
    Hit,
    If,
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
)
from turnkeeper.rulesets.ptcg.vocab_ex6 import PlusByHeads
from turnkeeper.rulesets.ptcg.vocab_ex7 import DelayedCounters, PlusIfNow, SwapEnergyWithDiscard
from turnkeeper.rulesets.ptcg.vocab_ex8 import (
    FormChange,
    PlusIfStadium,
    ReorderEitherTop,
    ShowOpponentHand,
    form_change_usable,
)
from turnkeeper.rulesets.ptcg.vocab_ex9 import SearchDeckOrDiscard
from turnkeeper.rulesets.ptcg.vocab_ex10 import DiscardStadiumInPlay, HitEachPowered
from turnkeeper.rulesets.ptcg.vocab_ex11 import (
    HOLON_ENERGY,
    IfHolonEnergy,
    ReturnAttackerEnergy,
    holon_energy_on,
)
from turnkeeper.rulesets.ptcg.vocab_ex13 import (
    BaseIfOwnSupporter,
    CountersOnPickedOpponent,
    DiscardEnergyToDevolveDefending,
    DiscardFromHandToHitBench,
    DrawMoreIfDiscardedDelta,
    DrawUpToOwnDelta,
    IfDefendingKnockedOut,
    IfHolonStadium,
    MayDiscardForBase,
    MillToOnePlusPerEnergy,
    NoWeaknessNextTurn,
    PlusIfDefendingResists,
    PlusIfDefendingStage2,
    PlusPerNamedInDiscard,
    PlusPerOwnDelta,
    ReduceBeforeWRNextTurn,
    ReturnOpponentBenched,
    SearchOntoDelta,
    TrainerFromOpponentHandForDamage,
)
from turnkeeper.rulesets.ptcg.vocab_sets import PlusPerCard

# a Holon Energy card (the three of ex11, by name)
_HOLON_ENERGY = Cards(kind="energy", names=tuple(f"{HOLON_ENERGY} {k}" for k in ("FF", "GL", "WP")))


def _c(*which: str) -> Condition:
    return Condition(which)


def _on_heads(*which: str) -> Flip:
    """Flip a coin: heads, the Defending Pokémon gets these Special Conditions."""
    return Flip(heads=(Condition(which),))


# the Fossil cards Armaldo δ's Fossil Charge may discard from the hand
_FOSSIL_NAMES = ("Claw Fossil", "Mysterious Fossil", "Root Fossil", "Holon Fossil")


# (card id, attack name) -> the steps of the attack
ATTACK_STEPS: dict[tuple[str, str], tuple[Step, ...]] = {
    # theme deck FireMist (d-ex13-1)
    ("ex13-21", "Super Singe"): (_on_heads("burned"),),
    ("ex13-20", "Blaze Kick"): (Flip(heads=(Hit(60),), tails=(Hit(), _c("burned"))),),
    ("ex13-39", "Super Singe"): (_on_heads("burned"),),
    ("ex13-60", "Flail"): (TimesCount("own_counters"),),
    ("ex13-55", "Pebble Hurl"): (Hit(resistance=False),),
    ("ex13-55", "Earthquake"): (BenchDamage(10, "own"),),
    ("ex13-70", "Paralyzing Gaze"): (_on_heads("paralyzed"),),
    ("ex13-50", "Wreck"): (PlusIfStadium(30), Hit(), DiscardStadiumInPlay()),
    # the 2 Energy go whatever the damage; the damage counts Primeape's own counters
    ("ex13-50", "Flames of Rage"): (PlusPer(20, "own_counters"), DiscardEnergy(2)),
    ("ex13-65", "Pebble Throw"): (TargetHit(20, bench_only=True),),
    ("ex13-75", "Yawn"): (_c("asleep"),),
    ("ex13-25", "Supersonic"): (_on_heads("confused"),),
    ("ex13-25", "Rock Slide"): (PickTargets(2, 10),),
    # theme deck FloodRush (d-ex13-2)
    ("ex13-19", "Aqua Flower"): (Hit(), NoWeaknessNextTurn()),
    ("ex13-22", "Aqua Wave"): (PlusIfHeads(20),),
    ("ex13-22", "Dragonbreath"): (TailsNothing(), _c("paralyzed")),
    ("ex13-73", "Blot"): (Hit(), Heal(2)),
    ("ex13-42", "Acid"): (Hit(), NoRetreat()),
    ("ex13-59", "Doubleslap"): (TimesHeads(2),),
    ("ex13-38", "Wide Laser"): (Hit(10), BenchDamage(10)),
    ("ex13-38", "Hyper Beam"): (Hit(), Flip(heads=(DiscardDefendingEnergy(),))),
    ("ex13-74", "Collect"): (Draw(3),),
    ("ex13-74", "Water Arrow"): (TargetHit(20),),
    ("ex13-34", "Fury Cutter"): (PlusByHeads(3, (0, 10, 20, 40)),),
    # Holon Lake's own attack, which a δ Pokémon may use instead of its own (STADIUMS)
    ("ex13-87", "Delta Call"): (Search((Cards(kind="pokemon", delta=True),)),),
    # the rest, in number order
    ("ex13-2", "Harsh Fluid"): (Hit(), DelayedCounters(5)),
    ("ex13-3", "Energy Loop"): (Hit(), ReturnAttackerEnergy(), ReturnAttackerEnergy()),
    ("ex13-4", "Delta Reduction"): (Hit(), ReduceBeforeWRNextTurn(30)),
    ("ex13-5", "Crystal Laser"): (Hit(), BoostNextTurnAll(40)),
    ("ex13-6", "Teleportation Burst"): (Hit(), SelfSwitch(optional=False)),
    ("ex13-9", "Vital Drain"): (Hit(), IfDefendingKnockedOut(7)),
    ("ex13-9", "Thunderous Blow"): (PlusPer(10, "own_energy", kind="Lightning"),),
    ("ex13-10", "Extra Flame"): (PlusIf(30, "defending_ex"),),
    ("ex13-2", "Poison Tentacles"): (_c("poisoned"),),
    ("ex13-13", "Vengeful Spikes"): (
        PlusPerNamedInDiscard(10, ("Omanyte", "Omastar", "Kabuto", "Kabutops", "Kabutops ex"), 60),
    ),
    ("ex13-16", "Delta Search"): (Search((_HOLON_ENERGY,), dest="attach_self"),),
    ("ex13-35", "Granite Head"): (Hit(), Guard(10)),  # a Guard is taken off after W/R
    ("ex13-17", "Poltergeist"): (PlusPerCard(10, "hand", Cards(kind="trainer"), "opponent"),),
    ("ex13-41", "Split Bomb"): (PickTargets(2, 30, anywhere=True),),
    ("ex13-48", "Scratch and Draw"): (Hit(), IfHolonStadium((Draw(3),))),
    ("ex13-48", "Deceive"): (CountersOnPickedOpponent(4, owner_picks=True),),
    ("ex13-102", "Spiral Growth"): (
        Hit(),
        Search((Cards(basic_energy=True),), n=0, src=("discard",), dest="attach_self", coins=-1),
    ),
    ("ex13-102", "All-out Blast"): (MillToOnePlusPerEnergy(20),),
    ("ex13-44", "Delta Draw"): (DrawUpToOwnDelta(),),
    ("ex13-53", "Brush Aside"): (Hit(), IfHolonEnergy((DiscardFromOpponentHand(),))),
    ("ex13-53", "Swift Turn"): (PlusIfDefendingResists(30, "Fighting"),),
    ("ex13-103", "Energy Absorption"): (
        Search((Cards(kind="energy"),), src=("discard",), dest="attach_self"),
    ),
    ("ex13-103", "Psychic Star"): (
        PlusIf(50, "defending_evolved"),
        Hit(),
        If("defending_evolved", (DiscardEnergy(0),)),
    ),
    ("ex13-13", "Bind"): (_on_heads("paralyzed"),),
    ("ex13-18", "Foresight"): (ReorderEitherTop(5),),
    ("ex13-18", "Overrun"): (Hit(), TargetHit(20, bench_only=True)),
    ("ex13-23", "Feint Attack"): (TargetHit(10, wr=False, effects=False),),  # as ex2-2's
    ("ex13-23", "Surprise"): (Hit(), ShuffleFromOpponentHand()),
    ("ex13-24", "Psychic Erase"): (Hit(), ForbidAttack()),  # as Disable ex11-67
    ("ex13-24", "Swift"): (Hit(wr=False, effects=False),),
    ("ex13-26", "Outrage"): (TailsNothing(), PlusPer(10, "own_counters")),
    ("ex13-26", "Flamethrower"): (DiscardEnergy(1, "Fire"),),
    ("ex13-27", "Icy Wind"): (_on_heads("asleep"),),
    ("ex13-28", "Rock Slide"): (PickTargets(2, 10),),
    ("ex13-29", "Hyper Beam"): (Hit(), Flip(heads=(DiscardDefendingEnergy(),))),
    ("ex13-30", "Knock Away"): (PlusIfHeads(10),),
    ("ex13-31", "Paralyzing Gaze"): (_on_heads("paralyzed"),),
    ("ex13-31", "Knock Off"): (Hit(), DiscardFromOpponentHand()),  # as ex8-100's
    ("ex13-32", "Poison Fang"): (_on_heads("poisoned"),),
    ("ex13-33", "Grind"): (TimesCount("own_energy"),),
    ("ex13-36", "Magnitude"): (BenchDamage(10, "both"),),
    ("ex13-36", "Take Down"): (SelfDamage(1),),
    ("ex13-40", "Rock Hurl"): (Hit(resistance=False),),
    ("ex13-40", "Double Spin"): (TimesHeads(2),),
    ("ex13-41", "Delta Circle"): (PlusPerOwnDelta(10),),
    ("ex13-45", "Iron Head"): (TimesHeads("until_tails"),),
    ("ex13-46", "Plasma"): (Hit(), AttachFromDiscard(1, "Lightning")),  # as ex7-106's
    ("ex13-46", "Quick Blow"): (PlusIfHeads(20),),
    ("ex13-47", "Sweet Scent"): (HealPick(2),),
    ("ex13-47", "Quick Attack"): (PlusIfHeads(10),),
    ("ex13-49", "Whirlwind"): (Hit(), OpponentSwitch()),
    ("ex13-51", "Thundershock"): (_on_heads("paralyzed"),),
    ("ex13-52", "Searing Flame"): (_c("burned"),),
    ("ex13-54", "Knock Away"): (PlusIfHeads(10),),
    ("ex13-56", "Call for Friends"): (
        Search((Cards(kind="pokemon", stage="basic"),), n=2, dest="bench"),
    ),
    ("ex13-56", "Retaliate"): (TimesCount("own_counters"),),
    ("ex13-57", "Rising Lunge"): (PlusIfHeads(20),),
    ("ex13-61", "Reckless Charge"): (Flip(tails=(SelfDamage(1),)),),
    ("ex13-63", "Flail"): (TimesCount("own_counters"),),
    ("ex13-64", "Thundershock"): (_on_heads("paralyzed"),),
    ("ex13-67", "Eerie Light"): (_c("confused"),),
    ("ex13-68", "Poison Tentacles"): (_c("poisoned"),),
    ("ex13-71", "Pay Day"): (Hit(), Draw(1)),
    ("ex13-72", "Singe"): (_on_heads("burned"),),
    ("ex13-78", "Thunder Wave"): (_on_heads("paralyzed"),),
    ("ex13-78", "Quick Attack"): (PlusIfHeads(10),),
    ("ex13-79", "Steel Headbutt"): (PlusIfHeads(10),),
    ("ex13-80", "Paralyzing Gaze"): (_on_heads("paralyzed"),),
    ("ex13-81", "Disable"): (Hit(), ForbidAttack()),
    ("ex13-82", "Super Hypno Wave"): (_c("asleep"),),
    ("ex13-84", "Big Bite"): (Hit(), NoRetreat()),
    ("ex13-99", "Power Blow"): (TimesCount("own_energy"),),
    ("ex13-101", "Hyper Claws"): (PlusIfDefendingStage2(40),),
    ("ex13-111", "Super Psywave"): (CountersOnPickedOpponent(per_energy=True),),
    ("ex13-104", "Thundershock"): (_on_heads("paralyzed"),),
    ("ex13-104", "Spring Back"): (PlusIfNow(50, "opponent_one_prize"),),
    # the last ones (issue 20)
    ("ex13-1", "Delta Edge"): (BaseIfOwnSupporter(20),),
    ("ex13-1", "Fossil Charge"): (Hit(), DiscardFromHandToHitBench(_FOSSIL_NAMES, 30)),
    ("ex13-7", "Swift"): (Hit(wr=False, effects=False),),
    ("ex13-8", "Hyper Beam"): (Hit(), Flip(heads=(DiscardDefendingEnergy(),))),
    ("ex13-11", "Spearhead"): (Draw(1),),
    ("ex13-12", "Aqua Blast"): (Hit(), DiscardEnergy(1, "Water")),
    ("ex13-14", "Rotating Claws"): (Hit(), SwapEnergyWithDiscard()),  # as ex7-101's
    ("ex13-15", "Zzzap"): (HitEachPowered(20),),  # as Unown Z's (ex10)
    ("ex13-15", "Metallic Thunder"): (MayDiscardForBase(2, "Metal", 90), Hit()),
    ("ex13-43", "Mind Play"): (TrainerFromOpponentHandForDamage(30),),
    ("ex13-76", "Paste"): (
        SearchOntoDelta((Cards(kind="energy"),), src=("discard",), dest="attach_own"),
    ),
    ("ex13-100", "Devo Crush"): (Hit(), DiscardEnergyToDevolveDefending(2)),
}

def _deck(s: PtcgState, seat: int, slot: int) -> str | None:
    return None if s.sides[seat].deck else "the deck is empty"


# the Energy cards Delta Support fetches: a basic Energy card or a δ Rainbow Energy card
_BASIC_OR_DELTA_RAINBOW = (
    Cards(basic_energy=True),
    Cards(kind="energy", names=("δ Rainbow Energy",)),
)


def _delta_support(s: PtcgState, seat: int, slot: int) -> str | None:
    side = s.sides[seat]
    if side.supporter < 0 or "Holon" not in s.card(side.supporter).name:
        return "the player has no Supporter with Holon in its name in play"
    if not any(m.matches(s.card(c)) for c in side.discard for m in _BASIC_OR_DELTA_RAINBOW):
        return "there is no basic or δ Rainbow Energy card in the discard pile"
    return None


def _opponent_active(s: PtcgState, seat: int, slot: int) -> str | None:
    return None if s.sides[1 - seat].active is not None else "the opponent has no Active"


def _dragon_curse(s: PtcgState, seat: int, slot: int) -> str | None:
    if slot != 0:
        return "only while it is the Active Pokémon"
    if not delta_in_play(s, 1 - seat):
        return "the opponent has no δ Pokémon in play"
    return None


def _splash_back(s: PtcgState, seat: int, slot: int) -> str | None:
    n = len(s.sides[1 - seat].bench)
    return None if n >= 4 else f"the opponent has {n} Benched Pokémon (4 or more needed)"


def _driving_howl(s: PtcgState, seat: int, slot: int) -> str | None:
    opp = s.sides[1 - seat]
    if opp.active is None or not opp.bench:
        return "the opponent has no Benched Pokémon to switch in"
    return None


def _psychic_vision(s: PtcgState, seat: int, slot: int) -> str | None:
    return None if slot != 0 else "only while it is on the Bench"


def _delta_supply(s: PtcgState, seat: int, slot: int) -> str | None:
    if not delta_in_play(s, seat):
        return "the player has no δ Pokémon in play"
    hand = s.sides[seat].hand
    if not any(m.matches(s.card(c)) for c in hand for m in _BASIC_OR_DELTA_RAINBOW):
        return "there is no basic or δ Rainbow Energy card in the hand"
    return None


POWER_STEPS: dict[tuple[str, str], tuple[str, tuple[Step, ...], Usable]] = {
    ("ex13-76", "Baby Evolution"): baby_evolution("Pikachu"),
    ("ex13-100", "Psychic Vision"): (
        "from the Bench: look at the opponent's hand",
        (ShowOpponentHand(),),
        _psychic_vision,
    ),
    ("ex13-7", "Delta Supply"): (
        "a basic or δ Rainbow Energy card from the hand onto one of the player's δ Pokémon",
        (SearchOntoDelta(_BASIC_OR_DELTA_RAINBOW, src=("hand",), dest="attach_own"),),
        _delta_supply,
    ),
    # the Deoxys δ forms: Form Change as the ex8 Deoxys forms' (any other Deoxys of the deck;
    # one Form Change a turn per player, whichever Deoxys uses it)
    **{
        (card_id, "Form Change"): (
            "search the deck for another Deoxys and swap it in (one Form Change a turn)",
            (FormChange("Deoxys"),),
            form_change_usable("Deoxys"),
        )
        for card_id in ("ex13-3", "ex13-4", "ex13-5", "ex13-6")
    },
    ("ex13-37", "Delta Support"): (
        "with a Holon Supporter in play: a basic or δ Rainbow Energy card from the discard "
        "pile into the hand",
        (Search(_BASIC_OR_DELTA_RAINBOW, src=("discard",)),),
        _delta_support,
    ),
    ("ex13-17", "Poison Pollen"): (
        "flip a coin: heads, the Defending Pokémon is Poisoned",
        (Flip(heads=(Condition(("poisoned",)),)),),
        _opponent_active,
    ),
    ("ex13-10", "Dragon Curse"): (
        "while Active: 2 damage counters on one of the opponent's δ Pokémon",
        (CountersOnPickedOpponent(2, delta_only=True),),
        _dragon_curse,
    ),
    ("ex13-99", "Splash Back"): (
        "with 4 or more opposing Benched Pokémon: one of them (picked) back to the hand",
        (ReturnOpponentBenched(),),
        _splash_back,
    ),
    ("ex13-101", "Driving Howl"): (
        "the opponent switches their Active with a Benched Pokémon they pick",
        (OpponentSwitch(),),
        _driving_howl,
    ),
    ("ex13-35", "Primal Light"): (
        "a basic Energy card from the deck into the hand",
        (Search((Cards(basic_energy=True),)),),
        _deck,
    ),
}


def _hydro_barrier(s: PtcgState, body: Mon, target: Mon) -> bool:
    # with a Holon Energy card on Rayquaza δ, its player's Water Pokémon have no Weakness
    return holon_energy_on(s, body) > 0 and "Water" in s.top(target).types


# card id -> (Poké-Body name, when it takes the Weakness of its player's Active away)
NO_WEAKNESS_BODIES: dict[str, tuple[str, Callable[[PtcgState, Mon, Mon], bool]]] = {
    "ex13-16": ("Hydro Barrier", _hydro_barrier),
}


# Clear Body (Regice, Regirock, Registeel): no Special Condition affects the Pokémon
CONDITION_IMMUNE: dict[tuple[str, str], frozenset[str]] = {
    (card_id, "Clear Body"): frozenset(CONDITIONS) for card_id in ("ex13-27", "ex13-28", "ex13-29")
}


def _water_energy(s: PtcgState, mon: Mon) -> bool:
    return energy_of_type(s, mon, "Water") > 0


# card id -> (summary, the Poké-Body that makes its Retreat Cost 0 while a test holds)
RETREAT_BODIES: dict[str, tuple[str, reg.RetreatBody]] = {
    "ex13-30": (
        "Retreat Cost 0 with Water Energy attached",
        reg.RetreatBody("Aqua Lift", _water_energy),
    ),
}


def _a_card_to_discard(s: PtcgState, seat: int) -> str | None:
    # Holon Adventurer's cost; the Supporter itself is still in the hand when this is asked
    return None if len(s.sides[seat].hand) >= 2 else "there is no other card in the hand"


# Mr. Stone's Project of ex13 takes basic Energy cards only (ex9-79's print takes Basic
# Pokémon too: a card of its own, no reprint)
_MR_STONE = SearchDeckOrDiscard((Cards(basic_energy=True),), n=2)


def _mr_stone_playable(s: PtcgState, seat: int) -> str | None:
    if _MR_STONE.zones(s, seat):
        return None
    return "the deck is empty and the discard pile holds no basic Energy card"


# the Pokémon Holon Fossil puts onto the Bench, each played as a Basic Pokémon (a Search onto
# the Bench takes any Pokémon card: as ex12's Influence and ex2-42)
_HOLON_FOSSIL_NAMES = Cards(
    kind="pokemon", names=("Omanyte", "Kabuto", "Aerodactyl", "Aerodactyl ex", "Lileep", "Anorith")
)


def _bench_room(s: PtcgState, seat: int) -> str | None:
    return None if len(s.sides[seat].bench) < MAX_BENCH else "the Bench is full"


def _trainers() -> dict[str, reg.TrainerEffect]:
    return {
        "ex13-86": trainer_program(
            "ex13-86",
            "flip a coin: heads, an Omanyte, Kabuto, Aerodactyl (ex), Lileep or Anorith from "
            "the deck onto the Bench; tails, one from the hand; played as a Basic Pokémon",
            (
                Flip(
                    heads=(Search((_HOLON_FOSSIL_NAMES,), dest="bench"),),
                    tails=(Search((_HOLON_FOSSIL_NAMES,), src=("hand",), dest="bench"),),
                ),
            ),
            _bench_room,
        ),
        "ex13-88": trainer_program(
            "ex13-88",
            "Supporter: up to 2 basic Energy cards into the hand, from the deck (then "
            "shuffled) or from the discard pile, the player's pick",
            (_MR_STONE,),
            _mr_stone_playable,
        ),
        "ex13-85": trainer_program(
            "ex13-85",
            "Supporter: discard a card from the hand, then draw 3 (4 if it was a δ Pokémon)",
            (
                Search((Cards(),), src=("hand",), dest="discard", must=True),
                DrawMoreIfDiscardedDelta(3, 4),
            ),
            _a_card_to_discard,
        ),
    }


# ex13 Trainer cards reprinted with the same effect as an earlier print (the handler is shared)
REPRINTS: dict[str, str] = {
    "ex13-89": "ex8-90",  # Professor Cozmo's Discovery
    "ex13-90": "ex2-88",  # Rare Candy
}

# ex13 special Energy cards reprinted with the same effect as an earlier print (the handler,
# and the damage modifier, is shared); what they provide is in data/sets/ex13.json
ENERGY_REPRINTS: dict[str, str] = {
    "ex13-94": "ex1-93",  # Darkness Energy
    "ex13-95": "ex1-94",  # Metal Energy
    "ex13-96": "ex2-93",  # Multi Energy
    "ex13-97": "ex7-94",  # Dark Metal Energy
}

# the Fossils (cards.CardDef.is_fossil), reprints of EX Sandstorm's: Claw Fossil's Jagged
# Stone (ex2-90) and Root Fossil's Spongy Stone (ex2-92) share those cards' Poké-Bodies
FOSSILS: dict[str, str] = {"ex13-91": "ex2-90", "ex13-92": "ex2-91", "ex13-93": "ex2-92"}


def _register_energies() -> None:
    cards = bundled_cards()
    for card_id, same_as in ENERGY_REPRINTS.items():
        card, original = cards[card_id], cards[same_as]
        if card.kind != "energy" or card.name != original.name or card_id in reg.ENERGIES:
            raise ValueError(f"effect_data_ex13: {card_id} is no reprint of {same_as}")
        reg.ENERGIES[card_id] = reg.ENERGIES[same_as]
        if same_as in reg.DAMAGE_MODS:
            reg.DAMAGE_MODS[card_id] = reg.DAMAGE_MODS[same_as]
        if same_as in SPECIAL_CARDS:
            SPECIAL_CARDS.add(card_id)


def _register_fossils() -> None:
    cards = bundled_cards()
    for card_id, same_as in FOSSILS.items():
        card, original = cards[card_id], cards[same_as]
        if not card.is_fossil or card.name != original.name or card_id in reg.FOSSILS:
            raise ValueError(f"effect_data_ex13: {card_id} is no Fossil reprint of {same_as}")
        reg.FOSSILS.add(card_id)
        SPECIAL_CARDS.add(card_id)
        # its card: no Special Condition affects it
        reg.CONDITION_IMMUNE[card_id] = (card.name, frozenset(CONDITIONS))
        for power in card.powers:
            if (same_as, power.name) not in reg.BODIES or (card_id, power.name) in reg.BODIES:
                raise ValueError(f"effect_data_ex13: {card_id} {power.name!r} is no reprint")
            reg.BODIES[(card_id, power.name)] = reg.BODIES[(same_as, power.name)]
        if same_as in reg.DAMAGE_BODIES:
            reg.DAMAGE_BODIES[card_id] = reg.DAMAGE_BODIES[same_as]
        if same_as in reg.HEAL_BODIES:
            reg.HEAL_BODIES[card_id] = reg.HEAL_BODIES[same_as]


STADIUMS: dict[str, reg.StadiumEffect] = {
    "ex13-87": reg.StadiumEffect(
        "each player's Active δ Pokémon may use the Stadium's attack (Delta Call) instead of "
        "its own",
        delta_attacks=True,
    ),
}


# δ Rainbow Energy: 1 Colorless Energy, or 1 Energy of every type while the Pokémon it is
# attached to has δ on its card (its top card, read each time it is asked)
DELTA_RAINBOW = "ex13-98"


def _delta_rainbow_units(s: PtcgState, mon: Mon, card: int) -> list[tuple[str, ...]]:
    return [(ANY,)] if mon_is_delta(s, mon) else [("Colorless",)]


def _register_delta_rainbow() -> None:
    card = bundled_cards()[DELTA_RAINBOW]
    if card.name != "δ Rainbow Energy" or DELTA_RAINBOW in reg.ENERGIES:
        raise ValueError(f"effect_data_ex13: {DELTA_RAINBOW} is no δ Rainbow Energy")
    reg.ENERGIES[DELTA_RAINBOW] = reg.EnergyEffect(
        "1 Colorless; on a δ Pokémon 1 Energy of every type", units=_delta_rainbow_units
    )
    SPECIAL_CARDS.add(DELTA_RAINBOW)  # board.energy_units asks its units


def _holon_stadium(s: PtcgState, owner: int) -> bool:
    return s.stadium >= 0 and "Holon" in s.card(s.stadium).name


def _delta_under_holon_stadium(s: PtcgState, attacker: Mon, target: Mon) -> bool:
    return mon_is_delta(s, attacker) and _holon_stadium(s, 0)


# card id -> (summary, the rule its Poké-Body changes: lasting.rule_body)
RULE_BODIES: dict[str, tuple[str, reg.RuleBody]] = {
    "ex13-43": (
        "while a Holon Stadium is in play, the opponent cannot play Stadium cards",
        reg.RuleBody("Delta Block", "stadium", active_only=False, when=_holon_stadium),
    ),
}

# card id -> (summary, its damage-changing Poké-Body: damage._mods)
DAMAGE_MODS: dict[str, tuple[str, reg.DamageMod]] = {
    # every Gyarados δ in play adds its 10 (one Body each, as Power Gene's)
    "ex13-8": (
        "while a Holon Stadium is in play, its player's δ Pokémon do 10 more to the Defending "
        "Pokémon, before W/R",
        reg.DamageMod(
            "attacker_side",
            10,
            before=True,
            active_only=True,
            name="Delta Reactor",
            when=_delta_under_holon_stadium,
        ),
    ),
}


def _owner_has(s: PtcgState, holder: Mon, names: tuple[str, ...]) -> bool:
    """Whether the player whose Pokémon ``holder`` is has a Pokémon named one of ``names``
    in play."""
    side = next(side for side in s.sides if any(m is holder for _, m in side.in_play()))
    return any(s.top(m).name in names for _, m in side.in_play())


def _with_latios(s: PtcgState, holder: Mon) -> bool:
    return _owner_has(s, holder, ("Latios", "Latios ex"))


def _with_latias(s: PtcgState, holder: Mon) -> bool:
    return _owner_has(s, holder, ("Latias", "Latias ex"))


def _evolved_not_ex(s: PtcgState, mon: Mon) -> bool:
    return len(mon.stack) > 1 and not s.top(mon).ex


def _holon_energy_attached(s: PtcgState, holder: Mon) -> bool:
    return holon_energy_on(s, holder) > 0


def _not_delta(s: PtcgState, mon: Mon) -> bool:
    return not mon_is_delta(s, mon)


# card id -> (summary, the Poké-Body's name, when it works, whom it reaches): the Pokémon it
# reaches, either player's, have their Poké-Bodies off (reg.BODY_OFF_AURAS) or cannot use
# Poké-Powers (reg.POWER_AURAS_IN_PLAY), its own Pokémon anywhere in play
_Aura = tuple[str, str, Callable[[PtcgState, Mon], bool], Callable[[PtcgState, Mon], bool]]
BODY_OFF_AURAS: dict[str, _Aura] = {
    "ex13-11": (
        "with Latios or Latios ex in its player's play: every Evolved Pokémon (not a "
        "Pokémon-ex) of either player has its Poké-Bodies off",
        "Dual Aura",
        _with_latios,
        _evolved_not_ex,
    ),
    "ex13-12": (
        "with Latias or Latias ex in its player's play: every Evolved Pokémon (not a "
        "Pokémon-ex) of either player has its Poké-Bodies off",
        "Dual Aura",
        _with_latias,
        _evolved_not_ex,
    ),
}
POWER_AURAS_IN_PLAY: dict[str, _Aura] = {
    "ex13-14": (
        "with a Holon Energy card attached: no Pokémon of either player without δ on its card "
        "may use Poké-Powers",
        "Delta Reserve",
        _holon_energy_attached,
        _not_delta,
    ),
}


def _register_auras() -> None:
    cards = bundled_cards()
    for table, into in (
        (BODY_OFF_AURAS, reg.BODY_OFF_AURAS),
        (POWER_AURAS_IN_PLAY, reg.POWER_AURAS_IN_PLAY),
    ):
        for card_id, (summary, name, works, reaches) in table.items():
            power = cards[card_id].power(name)
            if power is None or power.kind != "body" or (card_id, name) in reg.BODIES:
                raise ValueError(f"effect_data_ex13: {card_id} has no Poké-Body {name!r} to add")
            reg.BODIES[(card_id, name)] = reg.BodyEffect(summary)
            into[card_id] = (name, works, reaches)
            SPECIAL_CARDS.add(card_id)


def _register_bodies() -> None:
    cards = bundled_cards()
    table: dict[str, tuple[str, str]] = {
        **{k: (summary, rule.name) for k, (summary, rule) in RULE_BODIES.items()},
        **{k: (summary, mod.name) for k, (summary, mod) in DAMAGE_MODS.items()},
    }
    for card_id, (summary, name) in table.items():
        power = cards[card_id].power(name)
        if power is None or power.kind != "body" or (card_id, name) in reg.BODIES:
            raise ValueError(f"effect_data_ex13: {card_id} has no Poké-Body {name!r} to add")
        reg.BODIES[(card_id, name)] = reg.BodyEffect(summary)
        SPECIAL_CARDS.add(card_id)
    for card_id, (_, rule) in RULE_BODIES.items():
        reg.RULE_BODIES[card_id] = rule
    for card_id, (_, mod) in DAMAGE_MODS.items():
        if card_id in reg.DAMAGE_MODS:
            raise ValueError(f"effect_data_ex13: {card_id} changes damage already")
        reg.DAMAGE_MODS[card_id] = mod


def _register_stadiums() -> None:
    cards = bundled_cards()
    for card_id, stadium in STADIUMS.items():
        if cards[card_id].trainer != "stadium" or card_id in reg.STADIUMS:
            raise ValueError(f"effect_data_ex13: {card_id} is no Stadium, or has a handler")
        reg.STADIUMS[card_id] = stadium
        SPECIAL_CARDS.add(card_id)  # lasting.stadium_attacks is asked only in such games


# card id -> (Poké-Body name, the names of its player's Pokémon in play whose attacks it may
# use as its own, paying their cost: lasting.fellowship_attacks)
BORROW_ATTACK_BODIES: dict[str, tuple[str, tuple[str, ...]]] = {
    "ex13-19": ("Fellowship", ("Oddish", "Gloom", "Vileplume", "Vileplume ex", "Bellossom")),
}


def _register_borrowers() -> None:
    cards = bundled_cards()
    for card_id, (name, names) in BORROW_ATTACK_BODIES.items():
        power = cards[card_id].power(name)
        if power is None or power.kind != "body" or (card_id, name) in reg.BODIES:
            raise ValueError(f"effect_data_ex13: {card_id} has no Poké-Body {name!r} to add")
        reg.BODIES[(card_id, name)] = reg.BodyEffect(
            f"it may use the attacks of its player's {', '.join(names)} in play as its own"
        )
        reg.BORROW_ATTACK_BODIES[card_id] = (name, names)
        SPECIAL_CARDS.add(card_id)


def _register_no_weakness() -> None:
    cards = bundled_cards()
    for card_id, (name, when) in NO_WEAKNESS_BODIES.items():
        power = cards[card_id].power(name)
        if power is None or power.kind != "body" or (card_id, name) in reg.BODIES:
            raise ValueError(f"effect_data_ex13: {card_id} has no Poké-Body {name!r} to add")
        reg.BODIES[(card_id, name)] = reg.BodyEffect(
            "with a Holon Energy attached: its player's Water Pokémon have no Weakness"
        )
        reg.NO_WEAKNESS_BODIES[card_id] = (name, when)
        SPECIAL_CARDS.add(card_id)


def _register_retreat_bodies() -> None:
    cards = bundled_cards()
    for card_id, (summary, free) in RETREAT_BODIES.items():
        power = cards[card_id].power(free.name)
        if power is None or power.kind != "body" or (card_id, free.name) in reg.BODIES:
            raise ValueError(f"effect_data_ex13: {card_id} has no Poké-Body {free.name!r} to add")
        reg.BODIES[(card_id, free.name)] = reg.BodyEffect(summary)
        reg.RETREAT_BODIES[card_id] = free
        SPECIAL_CARDS.add(card_id)


def register() -> None:
    register_set(
        SetEffects(
            "effect_data_ex13",
            attacks=ATTACK_STEPS,
            powers=POWER_STEPS,
            trainers=_trainers(),
            reprints=REPRINTS,
            condition_immune=CONDITION_IMMUNE,
        )
    )
    _register_retreat_bodies()
    _register_stadiums()
    _register_borrowers()
    _register_no_weakness()
    _register_energies()
    _register_fossils()
    _register_delta_rainbow()
    _register_bodies()
    _register_auras()


register()
