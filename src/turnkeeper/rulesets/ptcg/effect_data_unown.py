"""The 28 Unown of EX Unseen Forces (ex10-A .. ex10-Z, ex10-! and ex10-?) as data in the
effect vocabulary (``vocab_ex10.py`` holds the primitives first needed here); facts in
data/sets/ex10.json. The effects are described in the project's own words (card text is
never stored).

Every Unown carries the same Poké-Power, Shuffle: once during the turn the player may search
the deck for another Unown and swap the two, as Deoxys's Form Change does (vocab_ex8): the one
found takes the place of the one in play with everything on it, the old card goes on top of
the deck, then the deck is shuffled. One Shuffle a turn per player, whichever Unown it comes
from (refused as ``ptcg.power.requirement``). Each letter has its own attack, all named
Hidden Power: one table entry per card below.

An effect printed for a game with two Active Pokémon ("the opponent chooses the Defending
Pokémon to switch") is resolved for the one Defending Pokémon of the game played here
(docs/rulesets/ptcg.md, Effect vocabulary)."""

from __future__ import annotations

from turnkeeper.rulesets.ptcg.search import (
    Cards,
    DiscardStadium,
    ForbidAttack,
    Gust,
    PickTargets,
    Search,
    Usable,
)
from turnkeeper.rulesets.ptcg.set_data import SetEffects, register_set
from turnkeeper.rulesets.ptcg.vocab import (
    Condition,
    CountersOn,
    CountersToHp,
    Flip,
    Heal,
    Step,
    TargetHit,
    TimesHeads,
)
from turnkeeper.rulesets.ptcg.vocab_ex5 import EvolveFromDeck, OnlyWhen, OpponentEnergyToDefending
from turnkeeper.rulesets.ptcg.vocab_ex6 import AttachToolsFromDeck
from turnkeeper.rulesets.ptcg.vocab_ex7 import CountersOnOwnPick, SwapCountersWithDefending
from turnkeeper.rulesets.ptcg.vocab_ex10 import (
    BenchFromOpponentHandThenSwitch,
    ConditionByHeads,
    CountersPerDamagedOwn,
    DevolveEither,
    DiscardToDeckTop,
    GuessCardKind,
    HitEachPowered,
    NeedsOpponentBench,
    ReturnDefendingOnHeads,
    ReturnSelfAndEnergy,
    UnownShuffle,
    UseDiscardedSupporter,
    shuffle_usable,
)
from turnkeeper.rulesets.ptcg.vocab_sets import PlusPerCard, TrainerOf

LETTERS = (*"ABCDEFGHIJKLMNOPQRSTUVWXYZ", "!", "?")
UNOWN = tuple(f"ex10-{letter}" for letter in LETTERS)

# letter -> the steps of its Hidden Power
HIDDEN_POWER: dict[str, tuple[Step, ...]] = {
    # up to 2 Supporter cards from the deck into the hand (shown), the deck shuffled
    "A": (Search((TrainerOf(trainer="supporter"),), n=2),),
    # one damage counter on the Defending Pokémon per card in the opponent's hand
    "B": (CountersOn(0, per="opponent_hand"),),
    # the effect of a Supporter in the opponent's discard pile, used as the attack's effect
    "C": (UseDiscardedSupporter(),),
    # heads: an Evolved Pokémon of either player (picked) loses its top Stage card to the hand
    "D": (Flip(heads=(DevolveEither(),)),),
    # a Basic Pokémon of the opponent's hand onto their Bench, then switched in as Defending
    "E": (BenchFromOpponentHandThenSwitch(),),
    # 10, then 3 coins: 1 heads Asleep, 2 heads Confused, 3 heads Paralyzed
    "F": (ConditionByHeads(3, ("asleep", "confused", "paralyzed")),),
    # a damage counter on the Defending Pokémon per damaged Pokémon of the player
    "G": (CountersPerDamagedOwn(),),
    # up to 2 Tools from the deck attached to the player's Pokémon without one
    "H": (AttachToolsFromDeck(2),),
    # a Benched Pokémon of the opponent (picked) switched in; the new one Burned and Confused
    "I": (NeedsOpponentBench(), Gust(), Condition(("burned", "confused"))),
    # heads: the damage counters of Unown and of the Defending Pokémon change places
    "J": (Flip(heads=(SwapCountersWithDefending(),)),),
    # 20, then the player may discard the Stadium in play
    "K": (DiscardStadium(),),
    # heads: damage counters on the Defending Pokémon until it has 10 HP left
    "L": (Flip(heads=(CountersToHp(10),)),),
    # a card evolving from one of the player's Pokémon from the deck onto it; if so a counter
    # on Unown
    "M": (EvolveFromDeck("any", self_counters=1),),
    # 5 damage counters off Unown
    "N": (Heal(5),),
    # 20, then Unown and its Energy cards back to the hand
    "O": (ReturnSelfAndEnergy(),),
    # a damage counter on each of the opponent's Pokémon that has damage counters already
    "P": (CountersOn(1, each=True, damaged_only=True),),
    # up to 3 basic Energy cards of different types from the deck into the hand
    "Q": (Search((Cards(basic_energy=True),), n=3, distinct=True),),
    # heads: the opponent takes the Defending Pokémon and its cards back into the hand
    "R": (ReturnDefendingOnHeads(),),
    # with a Poké-Power or Poké-Body on the Defending Pokémon: up to 2 basic Energy cards
    # from another of the opponent's Pokémon moved to it
    "S": (OnlyWhen("defending_powered"), OpponentEnergyToDefending(2)),
    # 20 to one of the opponent's Pokémon (picked), no Weakness or Resistance
    "T": (TargetHit(20, wr=False),),
    # 10, then an attack of the Defending Pokémon (picked) cannot be used next turn
    "U": (ForbidAttack(),),
    # 20 and 10 more per Pokémon card (Basic or Evolution) in the own discard pile, +60 at most
    "V": (PlusPerCard(10, "discard", Cards(kind="pokemon"), cap=60),),
    # 20, then heads: a card of the discard pile (picked) on top of the deck
    "W": (Flip(heads=(DiscardToDeckTop(),)),),
    # 20 per heads, flipping until tails
    "X": (TimesHeads("until_tails"),),
    # 10, and the Defending Pokémon is Asleep
    "Y": (Condition(("asleep",)),),
    # 20 to each Pokémon of both players with a Poké-Power or Poké-Body (Unown too), no W/R
    "Z": (HitEachPowered(20),),
    # heads: 2 damage counters on one of the opponent's Pokémon; tails: on one of the
    # player's own (picked each time)
    "!": (
        Flip(
            heads=(PickTargets(1, 20, counters=True, anywhere=True),),
            tails=(CountersOnOwnPick(20),),
        ),
    ),
    # a card of the hand face down; the opponent guesses its kind: a wrong guess, draw 2
    "?": (GuessCardKind(2),),
}

SHUFFLE_SUMMARY = "search the deck for another Unown and swap it in (one Shuffle a turn)"
_SHUFFLE_USABLE: Usable = shuffle_usable

ATTACK_STEPS: dict[tuple[str, str], tuple[Step, ...]] = {
    (f"ex10-{letter}", "Hidden Power"): steps for letter, steps in HIDDEN_POWER.items()
}
POWER_STEPS: dict[tuple[str, str], tuple[str, tuple[Step, ...], Usable]] = {
    (card_id, "Shuffle"): (SHUFFLE_SUMMARY, (UnownShuffle(),), _SHUFFLE_USABLE)
    for card_id in UNOWN
}


def register() -> None:
    if set(HIDDEN_POWER) != set(LETTERS):
        raise ValueError("effect_data_unown: every Unown letter needs its Hidden Power")
    register_set(SetEffects("effect_data_unown", attacks=ATTACK_STEPS, powers=POWER_STEPS))


register()
