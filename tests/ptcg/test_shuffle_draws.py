"""The simulator's shuffles and coins draw from the generator directly (context.fisher_yates,
Ctx.seeded_rng): the same results and the same generator state afterwards as asking the dice
one die at a time."""

from __future__ import annotations

import random

import pytest

from turnkeeper.dice.source import ForcedDice, SeededDice
from turnkeeper.rulesets.ptcg.context import Ctx, coin, fisher_yates
from turnkeeper.rulesets.ptcg.state import PtcgState


def _one_die_at_a_time(deck: list[int], dice: SeededDice) -> None:
    """Fisher-Yates with one ``die`` per step: what the inline form must reproduce."""
    for i in range(len(deck) - 1, 0, -1):
        j = dice.die(i + 1) - 1
        deck[i], deck[j] = deck[j], deck[i]


@pytest.mark.parametrize("size", [0, 1, 2, 3, 7, 33, 47, 53, 60, 64, 65, 120, 256, 300])
@pytest.mark.parametrize("seed", ["ptcg-sim/bench/0", "a", 17])
def test_the_inline_draws_shuffle_as_one_die_at_a_time(size: int, seed: str | int) -> None:
    reference = list(range(size))
    one_by_one = SeededDice(seed)
    _one_die_at_a_time(reference, one_by_one)
    inline = list(range(size))
    rng = SeededDice(seed).generator()
    fisher_yates(inline, rng)
    assert inline == reference
    # the generator was left where the die-by-die shuffle left it: the next draws agree
    assert rng.getstate() == one_by_one.generator().getstate()
    assert rng.getrandbits(32) == one_by_one.generator().getrandbits(32)


def test_a_shuffle_after_other_draws_goes_on_from_where_they_stopped() -> None:
    rng = random.Random("after coins")
    reference_rng = random.Random("after coins")
    rng.getrandbits(2)
    reference_rng.getrandbits(2)
    deck = list(range(60))
    reference = list(range(60))
    fisher_yates(deck, rng)
    dice = SeededDice(rng=reference_rng)
    _one_die_at_a_time(reference, dice)
    assert deck == reference
    assert rng.getstate() == reference_rng.getstate()


def test_a_shuffle_without_a_log_changes_the_deck_as_its_event_would() -> None:
    kept, quiet = PtcgState(), PtcgState()
    for state in (kept, quiet):
        state.sides[0].deck = list(range(20))
    logged = Ctx(kept, SeededDice("same"), record=True)
    unlogged = Ctx(quiet, SeededDice("same"), record=False)
    logged.shuffle(0)
    unlogged.shuffle(0)
    assert quiet.sides[0].deck == kept.sides[0].deck != list(range(20))
    assert [e.type for e in logged.events] == ["shuffle"]
    assert logged.events[0].data["order"] == kept.sides[0].deck
    assert unlogged.events == [] and unlogged.emitted == logged.emitted == 1


def test_forced_dice_still_shuffle_one_die_at_a_time() -> None:
    # not a SeededDice: each step asks the source for its die (a d3 then a d2 here)
    state = PtcgState()
    state.sides[1].deck = [10, 11, 12]
    Ctx(state, ForcedDice([1, 2])).shuffle(1)
    # step 2 swaps 12 with card 0 (face 1); step 1 swaps card 1 with itself (face 2)
    assert state.sides[1].deck == [12, 11, 10]


def test_coins_and_shuffles_of_a_context_draw_as_the_dice_would() -> None:
    dice, reference = SeededDice("coins"), SeededDice("coins")
    state = PtcgState()
    state.sides[0].deck = list(range(30))
    ctx = Ctx(state, dice, record=False)
    flips = [ctx.flip("test") for _ in range(40)]
    ctx.shuffle(0)
    flips += [ctx.flip("test") for _ in range(40)]
    expected = [reference.die(2) == 1 for _ in range(40)]
    deck = list(range(30))
    _one_die_at_a_time(deck, reference)
    expected += [reference.die(2) == 1 for _ in range(40)]
    assert flips == expected and True in flips and False in flips
    assert state.sides[0].deck == deck
    assert ctx.rng is dice.generator()
    assert dice.generator().getstate() == reference.generator().getstate()


def test_a_context_over_other_dice_asks_them_for_each_coin() -> None:
    ctx = Ctx(PtcgState(), ForcedDice([1, 2, 2]), record=True)
    assert [ctx.flip("a"), ctx.flip("b"), ctx.flip("c")] == [True, False, False]
    assert ctx.rng is None
    assert [e.data["heads"] for e in ctx.events] == [True, False, False]
    assert coin(ForcedDice([1])) and not coin(ForcedDice([2]))
