"""Card effects of EX Delta Species (ex11) as data in the effect vocabulary (``vocab.py``,
``search.py``, ``vocab_ex6.py``, ``vocab_ex11.py``) and the era's rules of ``holon.py``; facts
in data/sets/ex11.json. The effects are described in the project's own words (card text is
never stored). Cards not listed here stay unimplemented: ``ptcg coverage --set ex11`` lists
them and a deck holding one is refused at set-up.

An effect printed for "each Defending Pokémon" is resolved for the one Defending Pokémon of the
game played here (docs/rulesets/ptcg.md, Effect vocabulary)."""

from __future__ import annotations

from collections.abc import Callable

from turnkeeper.rulesets.ptcg import effect_data_ex5 as _ex5  # noqa: F401 (reprints)
from turnkeeper.rulesets.ptcg import effect_data_ex7 as _ex7
from turnkeeper.rulesets.ptcg import effect_questions as _ex1_to_ex4  # noqa: F401 (reprints)
from turnkeeper.rulesets.ptcg import effect_rules as _ex1_to_ex4_rules  # noqa: F401 (reprints)
from turnkeeper.rulesets.ptcg import effect_rules_ex6 as _ex6  # noqa: F401 (reprints)
from turnkeeper.rulesets.ptcg import holon as _holon  # noqa: F401 (Holon's Pokémon as Energy)
from turnkeeper.rulesets.ptcg import registry as reg
from turnkeeper.rulesets.ptcg.actions import AttackParams
from turnkeeper.rulesets.ptcg.baby import BABY_EVOLUTION, baby_evolution
from turnkeeper.rulesets.ptcg.board import can_pay
from turnkeeper.rulesets.ptcg.cards import Attack, bundled_cards
from turnkeeper.rulesets.ptcg.context import Ctx
from turnkeeper.rulesets.ptcg.effect_data_ex7 import copy_attack
from turnkeeper.rulesets.ptcg.registry import DamageBody
from turnkeeper.rulesets.ptcg.search import (
    BoostNextTurn,
    Cards,
    ForbidAttack,
    OpponentSwitch,
    PickTargets,
    Search,
    SelfSwitch,
    Usable,
    trainer_program,
)
from turnkeeper.rulesets.ptcg.set_data import SetEffects, register_set
from turnkeeper.rulesets.ptcg.state import SPECIAL_CARDS, Mon, PtcgState
from turnkeeper.rulesets.ptcg.vocab import (
    AttachFromDiscard,
    BaseIf,
    BenchDamage,
    Condition,
    DiscardDefendingEnergy,
    DiscardEnergy,
    Draw,
    Flip,
    Guard,
    Heal,
    Hit,
    If,
    Later,
    MayDiscard,
    PlusIf,
    PlusIfHeads,
    PlusPer,
    SelfDamage,
    Step,
    TailsNothing,
    TargetHit,
    TimesCount,
    TimesHeads,
    Toxic,
)
from turnkeeper.rulesets.ptcg.vocab_ex5 import DefendingNoAttack, RevealTopAttach, SwapFromDeck
from turnkeeper.rulesets.ptcg.vocab_ex6 import (
    CoinsFirst,
    DefendingEnergyPerHeads,
    DiscardOwnEnergyForDamage,
    KnockOutSelf,
)
from turnkeeper.rulesets.ptcg.vocab_ex8 import TrainerLock
from turnkeeper.rulesets.ptcg.vocab_ex10 import CardsNotEx
from turnkeeper.rulesets.ptcg.vocab_ex11 import (
    HOLON_ENERGY,
    AttachPerOpponentPrizes,
    BaseIfDefendingType,
    BasicUpToHP,
    CountersOnEachOpponent,
    DrawToOpponentHandSize,
    EnergyFromTopPerPrizes,
    HealEachDelta,
    HolonSupporter,
    IfAttackerHasTM,
    IfHolonEnergy,
    KeepOneOfTopRestBottom,
    MoveOwnEnergy,
    NothingUnlessOpponentHas,
    OpponentRedraws,
    PickTargetsPerEnergy,
    PlusPerHolonEnergy,
    ReturnAttackerEnergy,
    TargetHitPerOwnCounters,
    TimesOwnOfTypes,
    TypeMatch,
    UnlessDeltaGuard,
    body_odor,
    delta_storm,
    top_is_delta,
    with_own_named,
)
from turnkeeper.rulesets.ptcg.vocab_sets import DrawToHandSize


def _c(*which: str) -> Condition:
    return Condition(which)


def _on_heads(*which: str) -> Flip:
    """Flip a coin: heads, the Defending Pokémon gets these Special Conditions."""
    return Flip(heads=(Condition(which),))


# the Pokémon ★ attack of ex11: a basic Energy of its type from the discard pile per Prize the
# opponent has taken
def _critical_collection(kind: str) -> tuple[Step, ...]:
    return (Hit(), AttachPerOpponentPrizes(kind))


# a Holon Energy card (the three of ex11, reprinted in ex15 under the same names)
_HOLON_ENERGY = Cards(kind="energy", names=tuple(f"{HOLON_ENERGY} {k}" for k in ("FF", "GL", "WP")))


def _one_duplicate(s: PtcgState, seat: int, slot: int) -> str | None:
    """Duplicate's limit: one a turn per player, whichever Ditto uses it (its card), and a
    deck to search."""
    if any(used.endswith(":Duplicate") for used in s.powers_used):
        return "a Duplicate was used this turn already (one a turn per player)"
    return None if s.sides[seat].deck else "the deck is empty"


# Ditto's Duplicate: swap it for another Ditto of the deck, everything on it staying; the old
# Ditto goes into the deck, shuffled (as Temperamental Weather, ex5)
_DUPLICATE = (
    "swap it for another Ditto from the deck (all on it stays); one a turn",
    (SwapFromDeck(("Ditto",)),),
    _one_duplicate,
)
def _backup(s: PtcgState, seat: int, slot: int) -> str | None:
    return None if len(s.sides[seat].hand) < 6 else "the hand holds 6 cards or more"


def _delta_charge(s: PtcgState, seat: int, slot: int) -> str | None:
    side = s.sides[seat]
    if not side.bench:
        return "there is no Benched Pokémon to attach to"
    if not any(_LIGHTNING.matches(s.card(c)) for c in side.discard):
        return "there is no Lightning Energy card in the discard pile"
    return None


def _delta_heal(s: PtcgState, seat: int, slot: int) -> str | None:
    """Delta Heal's limit: one a turn per player, whichever Espeon uses it (its card), and a
    damaged δ Pokémon to heal (project reading, as Heal Dance's)."""
    if any(used.endswith(":Delta Heal") for used in s.powers_used):
        return "a Delta Heal was used this turn already (one a turn per player)"
    if not any(m.damage and top_is_delta(s, m) for _, m in s.sides[seat].in_play()):
        return "none of the player's δ Pokémon has damage counters"
    return None


def _deck(s: PtcgState, seat: int, slot: int) -> str | None:
    return None if s.sides[seat].deck else "the deck is empty"


_LIGHTNING = Cards(basic_energy=True, type="Lightning")

def _just_evolved(s: PtcgState, seat: int, slot: int) -> str | None:
    """A Poké-Power used "when you play it from your hand to evolve": only in the turn it
    evolved (read as played from the hand to evolve, as Healing Shower ex5-12 is)."""
    mon = s.sides[seat].mon(slot)
    if mon is None or mon.evolved != s.turn:
        return "only in the turn it was played from the hand to evolve"
    return None


def _just_evolved_with_deck(s: PtcgState, seat: int, slot: int) -> str | None:
    return _just_evolved(s, seat, slot) or _deck(s, seat, slot)


def _energy_to_move(s: PtcgState, seat: int, slot: int) -> str | None:
    mons = s.sides[seat].in_play()
    if len(mons) < 2:
        return "the player has no other Pokémon to move Energy to"
    if not any(m.energy for _, m in mons):
        return "none of the player's Pokémon has an Energy card"
    return None


def _any_time(s: PtcgState, seat: int, slot: int) -> str | None:
    return None


POWER_STEPS: dict[tuple[str, str], tuple[str, tuple[Step, ...], Usable]] = {
    # Knocked Out first (the opponent takes its Prize card), then the Defending Pokémon is
    # Paralyzed and Poisoned with 2 counters between turns (as Toxic)
    ("ex11-1", "Final Sting"): (
        "it is Knocked Out; the Defending Pokémon is Paralyzed and Poisoned (2 counters)",
        (KnockOutSelf(), Condition(("paralyzed",)), Toxic()),
        _any_time,
    ),
    ("ex11-20", BABY_EVOLUTION): baby_evolution("Marill"),
    ("ex11-11", "Delta Control"): (
        "look at the deck's top 4 cards: 1 into the hand, the others on the bottom",
        (KeepOneOfTopRestBottom(4),),
        _deck,
    ),
    ("ex11-16", "Crush Draw"): (  # the power of Walrein ex5-15
        "reveal the deck's top card: a basic Energy is attached to one of the player's Pokémon",
        (RevealTopAttach(),),
        _deck,
    ),
    ("ex11-6", "Energy Jump"): (
        "an Energy card from one of the player's Pokémon to another",
        (MoveOwnEnergy(),),
        _energy_to_move,
    ),
    ("ex11-50", "Prowl"): (
        "in the turn it evolved from the hand: any 1 card of the deck into the hand",
        (Search((Cards(),)),),
        _just_evolved_with_deck,
    ),
    ("ex11-108", "Evolutionary Flame"): (
        "in the turn it evolved from the hand: the Defending Pokémon is Burned and Confused",
        (Condition(("burned", "confused")),),
        _just_evolved,
    ),
    ("ex11-110", "Evolutionary Swirl"): (
        "in the turn it evolved from the hand: the opponent shuffles the hand into the deck "
        "and draws up to 4",
        (OpponentRedraws(4),),
        _just_evolved,
    ),
    ("ex11-109", "Evolutionary Thunder"): (
        "in the turn it evolved from the hand: 1 damage counter on each opposing Pokémon",
        (CountersOnEachOpponent(1),),
        _just_evolved,
    ),
    ("ex11-3", "Delta Charge"): (
        "a Lightning Energy card from the discard pile onto a Benched Pokémon",
        (Search((_LIGHTNING,), src=("discard",), dest="attach_bench", must=True),),
        _delta_charge,
    ),
    ("ex11-4", "Delta Heal"): (
        "1 damage counter off each of the player's δ Pokémon; one Delta Heal a turn",
        (HealEachDelta(1),),
        _delta_heal,
    ),
    ("ex11-15", "Metal Navigation"): (
        "a Metal Energy card from the deck attached to it",
        (Search((Cards(kind="energy", names=("Metal Energy",)),), dest="attach_self"),),
        _deck,
    ),
    ("ex11-25", "Backup"): ("draw until the hand holds 6 cards", (DrawToHandSize(6),), _backup),
    **{(ditto, "Duplicate"): _DUPLICATE
    for ditto in (
        "ex11-35",
        "ex11-36",
        "ex11-37",
        "ex11-38",
        "ex11-39",
        "ex11-40",
        "ex11-61",
        "ex11-62",
        "ex11-63",
        "ex11-64",
    )},
}
# Poké-Powers worded as an earlier card's (its handler is shared): the ex5 Castforms'
# Temperamental Weather, the same text and the same names to swap between
POWER_REPRINTS: dict[tuple[str, str], str] = {
    ("ex11-26", "Temperamental Weather"): "ex5-23",  # Rain Castform
    ("ex11-29", "Temperamental Weather"): "ex5-25",  # Snow-cloud Castform
    ("ex11-31", "Temperamental Weather"): "ex5-26",  # Sunny Castform
    ("ex11-34", "Temperamental Weather"): "ex5-30",  # Castform
}

# (card id, attack name) -> the steps of the attack
ATTACK_STEPS: dict[tuple[str, str], tuple[Step, ...]] = {
    ("ex11-1", "Super Slash"): (PlusIf(30, "defending_evolved"),),
    ("ex11-44", "Brick Smash"): (Hit(resistance=False, effects=False),),
    ("ex11-59", "Take Down"): (Hit(), SelfDamage(1)),
    ("ex11-2", "Radar Jam"): (Hit(), TrainerLock("not_supporter")),
    ("ex11-2", "Target Attack"): (TargetHit(40, bonus=20, bonus_if="damaged"),),
    ("ex11-11", "Crush and Burn"): (DiscardOwnEnergyForDamage(20), Hit()),
    ("ex11-20", "Type Match"): (TypeMatch(),),
    ("ex11-16", "Delta Crush"): (MayDiscard(then=(PlusIf(20, "always"),)),),
    ("ex11-19", "Bubblebeam"): (_on_heads("paralyzed"),),
    ("ex11-24", "Delta Fang"): (Hit(), If("defending_ex", (DefendingNoAttack(),))),
    ("ex11-24", "Gang Up"): (TimesOwnOfTypes(("Darkness", "Metal")),),
    ("ex11-30", "Swift"): (Hit(wr=False, effects=False),),
    ("ex11-41", "Slam"): (TimesHeads(2),),
    ("ex11-42", "Twister"): (
        CoinsFirst(2, all_tails_nothing=True),
        Hit(),
        DefendingEnergyPerHeads("self"),
    ),
    ("ex11-43", "Super Poison Breath"): (_c("poisoned"),),
    ("ex11-43", "Sonic Signal"): (PickTargets(2, 10, anywhere=True),),
    ("ex11-46", "Fast Evolution"): (Search((Cards(stage="evolution"),)),),
    ("ex11-47", "Calm Mind"): (Heal(3),),
    ("ex11-47", "Psychic Boom"): (PlusPer(10, "defending_energy"),),
    ("ex11-48", "Supersonic"): (_on_heads("confused"),),
    ("ex11-49", "Sharp Claws"): (PlusIfHeads(10),),
    ("ex11-51", "Paralyzing Gaze"): (_on_heads("paralyzed"),),
    ("ex11-51", "Double-edge"): (SelfDamage(1),),
    ("ex11-52", "Super Singe"): (_c("burned"),),
    ("ex11-52", "Stomp"): (PlusIfHeads(10),),
    ("ex11-53", "Tight Jaw"): (_on_heads("paralyzed"),),
    ("ex11-58", "Ember"): (DiscardEnergy(1, "Fire"),),
    ("ex11-60", "Rage"): (PlusPer(10, "own_counters"),),
    ("ex11-65", "Thunder Jolt"): (Flip(tails=(SelfDamage(1),)),),
    ("ex11-66", "Thunder Wave"): (_on_heads("paralyzed"),),
    ("ex11-67", "Disable"): (Hit(), ForbidAttack()),
    ("ex11-68", "Metal Scoop"): (AttachFromDiscard(1, "Metal"),),
    ("ex11-69", "Call for Family"): (
        Search((Cards(kind="pokemon", stage="basic"),), dest="bench"),
    ),
    ("ex11-70", "Linear Attack"): (TargetHit(10),),
    ("ex11-71", "Thundershock"): (_on_heads("paralyzed"),),
    ("ex11-72", "Confusion Gas"): (_c("confused"),),
    ("ex11-73", "Rising Lunge"): (PlusIfHeads(10),),
    ("ex11-74", "Collect"): (Draw(1),),
    ("ex11-75", "Sand Attack"): (Hit(), Later("smokescreen")),
    ("ex11-76", "Jump On"): (PlusIfHeads(20),),
    ("ex11-77", "Pickup Power"): (Search((Cards(kind="energy"),), src=("discard",)),),
    ("ex11-79", "Roar"): (OpponentSwitch(),),
    ("ex11-79", "Ambush"): (PlusIfHeads(20),),
    ("ex11-81", "Collect"): (Draw(1),),
    ("ex11-81", "Quick Blow"): (PlusIfHeads(20),),
    ("ex11-82", "Dig Under"): (TargetHit(10, wr=False),),
    ("ex11-83", "Yawn"): (_c("asleep"),),
    ("ex11-85", "Surprise Attack"): (TailsNothing(),),
    ("ex11-85", "Recover"): (DiscardEnergy(1, "Water", then=(Heal(4),)),),
    ("ex11-86", "Skill Dive"): (TargetHit(10),),
    ("ex11-87", "String Shot"): (_on_heads("paralyzed"),),
    ("ex11-88", "Poison Fang"): (_on_heads("poisoned"),),
    ("ex11-111", "Critical Collection"): _critical_collection("Fighting"),
    ("ex11-111", "Ground Slash"): (DiscardEnergy(1, "Fighting"),),
    ("ex11-112", "Critical Collection"): _critical_collection("Water"),
    ("ex11-112", "Sheer Cold"): (Hit(), Flip(heads=(DefendingNoAttack(),))),
    ("ex11-113", "Critical Collection"): _critical_collection("Metal"),
    ("ex11-113", "Hyper Beam"): (Hit(), Flip(heads=(DiscardDefendingEnergy(),))),
    ("ex11-114", "Bubblebeam"): (_on_heads("paralyzed"),),
    ("ex11-3", "Agility"): (Flip(heads=(Guard(effects=True),)),),  # heads: nothing reaches it
    ("ex11-4", "Psyshock"): (_on_heads("paralyzed"),),
    ("ex11-5", "Delta Search"): (Hit(), Search((_HOLON_ENERGY,), dest="attach_self")),
    ("ex11-5", "Return Burn"): (
        Hit(),
        ReturnAttackerEnergy(may=True, then=(Condition(("burned",)),)),
    ),
    ("ex11-13", "Power Blow"): (TimesCount("own_energy"),),
    ("ex11-13", "Lightning Storm"): (Hit(), UnlessDeltaGuard((SelfDamage(7),))),
    ("ex11-15", "Collect"): (Draw(3),),
    ("ex11-15", "Energy Loop"): (Hit(), ReturnAttackerEnergy()),
    ("ex11-27", "Rend"): (PlusIf(20, "defending_damaged"),),
    ("ex11-33", "Mist Attack"): (Hit(10), BenchDamage(10)),
    ("ex11-10", "Energy Bone"): (PickTargetsPerEnergy(amount=20, anywhere=True),),
    ("ex11-10", "Metal Crusher"): (BaseIfDefendingType(90, "Metal"),),
    ("ex11-50", "Snap Tail"): (TargetHit(30),),
    ("ex11-108", "Flame Screen"): (Hit(), Guard(20)),
    ("ex11-108", "Heat Tackle"): (SelfDamage(1),),
    ("ex11-109", "Second Bite"): (PlusPer(10, "defending_counters"),),
    ("ex11-109", "Thunder Blast"): (DiscardEnergy(1, "Lightning"),),
    ("ex11-110", "Fastwave"): (Hit(resistance=False, effects=False),),  # as Fastwave ex9-93
    ("ex11-17", "Feint Attack"): (TargetHit(30, wr=False, effects=False),),  # as ex2-2's
    ("ex11-45", "Call for Family"): (
        Search((Cards(kind="pokemon", stage="basic"),), dest="bench"),
    ),
    ("ex11-45", "Strange Rasping"): (Hit(), If("defending_evolved", (_c("confused"),))),
    ("ex11-56", "Swift"): (Hit(wr=False, effects=False),),
    ("ex11-6", "Psychic Rage"): (TargetHitPerOwnCounters(0),),
    ("ex11-6", "Black Magic"): (PlusPer(20, "opponent_benched"),),
    ("ex11-8", "Spiral Drain"): (Heal(2),),
    ("ex11-8", "Extra Crush"): (NothingUnlessOpponentHas("ex"),),
    ("ex11-9", "Psychic Force"): (NothingUnlessOpponentHas("stage2"),),
    ("ex11-55", "Cry for Help"): (Search((CardsNotEx(types=("Metal",)),)),),
    ("ex11-55", "Steel Wing"): (Hit(), Guard(20)),
    ("ex11-21", "Dazzle Blast"): (_c("confused"),),
    ("ex11-22", "Extra Ball"): (PlusIf(20, "defending_ex"),),
    ("ex11-14", "Fire Dance"): (  # worded as Typhlosion's ex10-5
        Hit(),
        Search(
            (Cards(basic_energy=True, type="Fire"),), src=("discard",), dest="attach_own", must=True
        ),
    ),
    ("ex11-14", "Delta Blast"): (DiscardEnergy(1, "Metal"),),
    ("ex11-25", "Machine Burst"): (Hit(), IfAttackerHasTM((Condition(("asleep", "burned")),))),
    # heads: nothing of the next attack reaches it; tails: Glide's base damage is 100 in the
    # player's next turn (the boost flag, read by Glide)
    ("ex11-32", "Steep Dive"): (Flip(heads=(Guard(effects=True),), tails=(BoostNextTurn(),)),),
    ("ex11-32", "Glide"): (BaseIf(100, "own_boosted"),),
    # the Castforms: their Holon attacks ask for Holon Energy cards attached (by name)
    ("ex11-26", "Holon Splash"): (PlusPerHolonEnergy(10),),
    ("ex11-29", "Holon Blizzard"): (Hit(), IfHolonEnergy((BenchDamage(10),))),
    ("ex11-31", "Holon Search"): (Search((_HOLON_ENERGY,), dest="attach_own"),),
    ("ex11-34", "Holon Draw"): (Draw(1), IfHolonEnergy((Draw(2),))),
    # the Dittos (their Duplicate below)
    ("ex11-35", "Energy Link"): (
        Hit(),
        Search((Cards(kind="energy"),), src=("discard",), dest="attach_self", must=True),
    ),
    ("ex11-36", "Toxic"): (Toxic(),),
    ("ex11-37", "Rage"): (PlusPer(10, "own_counters"),),
    ("ex11-39", "Thunderbolt"): (DiscardEnergy(0),),
    ("ex11-40", "Smash Turn"): (Hit(), SelfSwitch()),
    ("ex11-61", "Fireworks"): (Flip(tails=(DiscardEnergy(1, "Fire"),)),),
    ("ex11-62", "Linear Attack"): (TargetHit(20),),
    ("ex11-63", "Thundershock"): (_on_heads("paralyzed"),),
    ("ex11-64", "Spiral Drain"): (Heal(3),),
}

def _with_own(name: str) -> Callable[[PtcgState, Mon, Mon], bool]:
    """A Body that works "as long as you have ``name`` in play": a Pokémon of that name among
    its own player's Pokémon in play (Illumise and Volbeat, each needing the other)."""

    def when(s: PtcgState, mon: Mon, attacker: Mon) -> bool:
        for side in s.sides:
            mine = side.in_play()
            if any(m is mon for _, m in mine):
                return any(s.top(m).name == name for _, m in mine)
        return False

    return when


# (card id, Poké-Body name) -> (summary, what it does to the damage it takes)
def _more_prizes_left(s: PtcgState, mon: Mon) -> bool:
    """Reversal Aura's condition (ex11-44): ``mon``'s player has more Prize cards left than
    the opponent."""
    seat = 0 if any(m is mon for _, m in s.sides[0].in_play()) else 1
    return len(s.sides[seat].prizes) > len(s.sides[1 - seat].prizes)


# Hariyama's Reversal Aura is two modifiers of one Body: this one (its attacks do 20 more to
# the Active, before W/R; reg.DAMAGE_MODS) and the DAMAGE_BODIES one (20 less from the
# Active's attacks, after W/R); each asks board.body_off through its table
REVERSAL_AURA = reg.DamageMod(
    "attacker_active",
    20,
    before=True,
    active_only=True,
    name="Reversal Aura",
    when=lambda s, attacker, target: _more_prizes_left(s, attacker),
)

DAMAGE_BODIES: dict[tuple[str, str], tuple[str, DamageBody]] = {
    ("ex11-44", "Reversal Aura"): (
        "with more Prize cards left than the opponent: its attacks do 20 more to the Active "
        "(before W/R) and it takes 20 less from the Active's attacks (after W/R)",
        DamageBody(
            reduce=20,
            name="Reversal Aura",
            when=lambda s, mon, attacker: _more_prizes_left(s, mon),
        ),
    ),
    ("ex11-45", "Beacon Protection"): (
        "with Volbeat in play: nothing of an attack by a Dark Pokémon reaches it",
        DamageBody(prevent_from="dark", when=_with_own("Volbeat")),
    ),
    ("ex11-56", "Extra Protection"): (
        "with Illumise in play: nothing of an attack by a Pokémon-ex reaches it",
        DamageBody(prevent_from="ex", when=_with_own("Illumise")),
    ),
    ("ex11-54", "Exoskeleton"): ("10 less damage from attacks", DamageBody(reduce=10)),
    # a dual-type attacker of either type (Vaporeon δ: Water and Metal) is Fire or Water
    ("ex11-114", "Thick Fat"): (
        "30 less damage from attacks of Fire and Water Pokémon",
        DamageBody(reduce=30, from_types=("Fire", "Water")),
    ),
}

def _a_card_to_discard(s: PtcgState, seat: int) -> str | None:
    # the Holon Supporters' cost; the Supporter itself is still in the hand when this is asked
    return None if len(s.sides[seat].hand) >= 2 else "there is no other card in the hand"


# the cost of each Holon Supporter: a card of the hand discarded first (the player picks it)
_DISCARD_ONE = Search((Cards(),), src=("hand",), dest="discard", must=True)


def _trainers() -> dict[str, reg.TrainerEffect]:
    return {
        "ex11-91": trainer_program(
            "ex11-91",
            "Supporter: discard a card from the hand, then up to 3 basic Energy and up to 3 "
            "Pokémon cards from the discard pile shuffled into the deck",
            (
                _DISCARD_ONE,
                Search(
                    (Cards(basic_energy=True),),
                    n=3,
                    src=("discard",),
                    dest="deck",
                    not_last_discarded=True,
                ),
                Search(
                    (Cards(kind="pokemon"),),
                    n=3,
                    src=("discard",),
                    dest="deck",
                    not_last_discarded=True,
                ),
            ),
            _a_card_to_discard,
        ),
        "ex11-92": trainer_program(
            "ex11-92",
            "Supporter: discard a card from the hand, then any Energy cards among the top cards "
            "of the deck (one per Prize left, both sides) into the hand",
            (_DISCARD_ONE, EnergyFromTopPerPrizes()),
            _a_card_to_discard,
        ),
        "ex11-93": trainer_program(
            "ex11-93",
            "Supporter: discard a card from the hand, then up to 3 Basic Pokémon of 100 HP or "
            "less from the deck into the hand",
            (_DISCARD_ONE, Search((BasicUpToHP(hp=100),), n=3)),
            _a_card_to_discard,
        ),
        "ex11-95": trainer_program(
            "ex11-95",
            "Supporter: discard a card from the hand, then a Metal Energy card or a δ Pokémon "
            "from the deck into the hand",
            (
                _DISCARD_ONE,
                Search((Cards(kind="energy", names=("Metal Energy",)), Cards(delta=True))),
            ),
            _a_card_to_discard,
        ),
        "ex11-97": trainer_program(
            "ex11-97",
            "Supporter: discard a card from the hand, then draw until the hand is as big as the "
            "opponent's",
            (_DISCARD_ONE, DrawToOpponentHandSize()),
            _a_card_to_discard,
        ),
        "ex11-98": trainer_program(
            "ex11-98",
            "a Supporter with Holon in its name from the deck or the discard pile into the hand",
            (Search((HolonSupporter(),), src=("deck", "discard")),),
            _holon_supporter_somewhere,
        ),
    }


def _holon_supporter_somewhere(s: PtcgState, seat: int) -> str | None:
    side = s.sides[seat]
    if side.deck or any(HolonSupporter().matches(s.card(c)) for c in side.discard):
        return None
    return "the deck is empty and the discard pile holds no Holon Supporter"


# (card id, Poké-Body) -> (summary, what it does between turns, while its Pokémon is Active)
BETWEEN_TURNS: dict[tuple[str, str], tuple[str, Callable[[Ctx, int, int], None]]] = {
    ("ex11-27", "Delta Storm"): (
        "between turns, while Active: 1 damage counter on each of the opponent's Pokémon-ex",
        delta_storm,
    ),
    ("ex11-33", "Body Odor"): (
        "between turns, while Active: 1 damage counter on each opposing Pokémon with a Poké-Body",
        body_odor,
    ),
}
# (card id, Poké-Body) -> summary: Bodies whose effect an attack of the card reads itself
READ_BY_ATTACK: dict[tuple[str, str], str] = {
    ("ex11-13", "Delta Guard"): (
        "with a Holon Energy attached, Lightning Storm puts no counters on it"
    ),
}


# (card id, Poké-Body) -> damage counters on an opponent's Pokémon that gets a special Energy
# card from the hand (one such Body acts a turn, however many are in play: Delta Moon)
SPECIAL_ATTACH_PUNISHERS: dict[tuple[str, str], int] = {("ex11-17", "Delta Moon"): 1}


def _delta_aura(partner: str) -> reg.CostNow:
    """Delta Aura: with ``partner`` (or ``partner`` ex) in its player's play, the attack costs
    Lightning, Metal and Colorless instead."""

    def cost(s: PtcgState, mon: Mon) -> tuple[str, ...] | None:
        if with_own_named(s, mon, (partner, f"{partner} ex")):
            return ("Lightning", "Metal", "Colorless")
        return None

    return cost


# (card id, Poké-Body, attack) -> what the attack costs while the Body works
COST_AURAS: dict[tuple[str, str, str], reg.CostNow] = {
    ("ex11-8", "Delta Aura", "Extra Crush"): _delta_aura("Latios"),
    ("ex11-9", "Delta Aura", "Psychic Force"): _delta_aura("Latias"),
}


# (card id, Poké-Body) -> summary: while it is its player's only Pokémon in play, the
# opponent's Basic Pokémon cannot attack (reg.LONE_BASIC_BANS)
LONE_BASIC_BANS: dict[tuple[str, str], str] = {
    ("ex11-55", "Shining Horn"): "as its player's only Pokémon: the opponent's Basics can't attack",
}


def _conductive_body(s: PtcgState, mon: Mon, active: bool) -> int:
    """Conductive Body (ex11-59): while Active, 1 Colorless less per Beldum (any print) on
    its player's Bench."""
    if not active:
        return 0
    side = s.sides[0] if s.sides[0].active is mon else s.sides[1]
    return sum(1 for m in side.bench if s.top(m).name == "Beldum")


def _register_bodies() -> None:
    power = bundled_cards()["ex11-59"].power("Conductive Body")
    if power is None or power.kind != "body" or "ex11-59" in reg.RETREAT_SELF_HELPS:
        raise ValueError("effect_data_ex11: ex11-59 has no Poké-Body Conductive Body to add")
    reg.BODIES[("ex11-59", "Conductive Body")] = reg.BodyEffect(
        "while Active: its Retreat Cost is 1 less per Beldum on the player's Bench"
    )
    reg.RETREAT_SELF_HELPS["ex11-59"] = reg.RetreatHelp(
        "Conductive Body", "anywhere", _conductive_body
    )
    SPECIAL_CARDS.add("ex11-59")  # board.retreat_cost reads it in special games only
    for (card_id, name), summary in LONE_BASIC_BANS.items():
        power = bundled_cards()[card_id].power(name)
        if power is None or power.kind != "body" or card_id in reg.LONE_BASIC_BANS:
            raise ValueError(f"effect_data_ex11: {card_id} has no Poké-Body {name!r} to add")
        reg.BODIES[(card_id, name)] = reg.BodyEffect(summary)
        reg.LONE_BASIC_BANS[card_id] = name
        SPECIAL_CARDS.add(card_id)
    for (card_id, name, attack), cost in COST_AURAS.items():
        power = bundled_cards()[card_id].power(name)
        if power is None or power.kind != "body" or (card_id, attack) in reg.COST_OVERRIDES:
            raise ValueError(f"effect_data_ex11: {card_id} has no Poké-Body {name!r} to add")
        reg.BODIES[(card_id, name)] = reg.BodyEffect(
            f"with its partner in play, {attack} costs Lightning, Metal and Colorless"
        )
        reg.COST_OVERRIDES[(card_id, attack)] = cost
        SPECIAL_CARDS.add(card_id)
    for (card_id, name), n in SPECIAL_ATTACH_PUNISHERS.items():
        power = bundled_cards()[card_id].power(name)
        if power is None or power.kind != "body" or card_id in reg.ATTACH_PUNISHERS:
            raise ValueError(f"effect_data_ex11: {card_id} has no Poké-Body {name!r} to add")
        reg.BODIES[(card_id, name)] = reg.BodyEffect(
            f"an opponent's Pokémon given a special Energy card from the hand gets {n} damage "
            "counter (one such Body a turn)"
        )
        reg.ATTACH_PUNISHERS[card_id] = (name, n)
        reg.SPECIAL_ONLY_PUNISHERS.add(card_id)
        SPECIAL_CARDS.add(card_id)
    cards = bundled_cards()
    for (card_id, name), summary in [
        *((key, summary) for key, (summary, _) in BETWEEN_TURNS.items()),
        *READ_BY_ATTACK.items(),
    ]:
        power = cards[card_id].power(name)
        if power is None or power.kind != "body" or (card_id, name) in reg.BODIES:
            raise ValueError(f"effect_data_ex11: {card_id} has no Poké-Body {name!r} to add")
        reg.BODIES[(card_id, name)] = reg.BodyEffect(summary)
    for (card_id, name), (_, run) in BETWEEN_TURNS.items():
        reg.BETWEEN_TURNS_BODIES[card_id] = (name, run)
        SPECIAL_CARDS.add(card_id)


def _defending_attacks(s: PtcgState, seat: int) -> list[tuple[str, Attack]]:
    """Copy's choices: the Defending Pokémon's attacks."""
    active = s.sides[1 - seat].active
    return [] if active is None else [(s.cards[active.stack[-1]], a) for a in s.top(active).attacks]


def _copy() -> reg.AttackEffect:
    """Ditto's Copy (ex11-38): one of the Defending Pokémon's attacks, as Mini-Metronome uses
    it (``effect_data_ex7.copy_attack``: its own choices made, Ditto keeping its type), but
    only if Ditto has the Energy that attack costs; if not, the attack does nothing."""
    base = copy_attack(
        "use an attack of the Defending Pokémon, if it has the Energy for it (copy)",
        _defending_attacks,
        coin=False,
    )

    def run(ctx: Ctx, seat: int, params: AttackParams) -> None:
        mon = ctx.s.sides[seat].active
        copied = dict(
            (f"{cid}:{a.name}", a) for cid, a in _defending_attacks(ctx.s, seat)
        ).get(params.copy or "")
        if mon is None or copied is None or not can_pay(ctx.s, mon, copied.cost):
            return  # nothing to copy, or not the Energy for it: the attack does nothing
        base.run(ctx, seat, params)

    return reg.AttackEffect(base.summary, run, base.options, base.check)


# ex11 Trainer cards reprinted with the same effect as an earlier print (the handler is shared)
REPRINTS: dict[str, str] = {
    "ex11-89": "ex4-72",  # Dual Ball
    "ex11-90": "ex6-92",  # Great Ball
    "ex11-99": "ex8-88",  # Master Ball
    "ex11-100": "ex6-99",  # Super Scoop Up
    "ex11-101": "ex1-91",  # Potion
    "ex11-102": "ex1-92",  # Switch
}

# ex11 special Energy cards reprinted with the same effect as an earlier print (the handler,
# and the damage modifier, is shared); what they provide is in data/sets/ex11.json
ENERGY_REPRINTS: dict[str, str] = {
    "ex11-103": "ex1-93",  # Darkness Energy
    "ex11-107": "ex1-94",  # Metal Energy
}


def _register_energies() -> None:
    cards = bundled_cards()
    for card_id, same_as in ENERGY_REPRINTS.items():
        card, original = cards[card_id], cards[same_as]
        if card.kind != "energy" or card.name != original.name or card_id in reg.ENERGIES:
            raise ValueError(f"effect_data_ex11: {card_id} is no reprint of {same_as}")
        reg.ENERGIES[card_id] = reg.ENERGIES[same_as]
        if same_as in reg.DAMAGE_MODS:
            reg.DAMAGE_MODS[card_id] = reg.DAMAGE_MODS[same_as]
        if same_as in SPECIAL_CARDS:
            SPECIAL_CARDS.add(card_id)


def _register_power_reprints() -> None:
    cards = bundled_cards()
    for (card_id, name), same_as in POWER_REPRINTS.items():
        card, original = cards[card_id], cards[same_as]
        effect = reg.POWERS.get((same_as, name))
        if card.name != original.name or effect is None or (card_id, name) in reg.POWERS:
            raise ValueError(f"effect_data_ex11: {card_id} {name!r} is no reprint of {same_as}")
        reg.POWERS[(card_id, name)] = effect


def register() -> None:
    _register_power_reprints()
    if ("ex11-38", "Copy") in reg.ATTACKS or bundled_cards()["ex11-38"].attack("Copy") is None:
        raise ValueError("effect_data_ex11: ex11-38 has no Copy to add, or it has a handler")
    reg.ATTACKS[("ex11-38", "Copy")] = _copy()
    _ex7.COPYING.add(("ex11-38", "Copy"))  # a copying attack is never offered for copying
    register_set(
        SetEffects(
            "effect_data_ex11",
            attacks=ATTACK_STEPS,
            powers=POWER_STEPS,
            trainers=_trainers(),
            damage_bodies=DAMAGE_BODIES,
            reprints=REPRINTS,
        )
    )
    _register_energies()
    _register_bodies()
    SPECIAL_CARDS.add("ex11-2")  # Radar Jam's lock is asked by trainer.trainer_rule
    if "ex11-44" in reg.DAMAGE_MODS:
        raise ValueError("effect_data_ex11: ex11-44 has a damage modifier already")
    reg.DAMAGE_MODS["ex11-44"] = REVERSAL_AURA


register()
