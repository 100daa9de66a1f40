"""Agents, the fast simulator and its statistics; random-agent fuzzing."""

from __future__ import annotations

import random

import pytest

from tests.ptcg.board import check_invariants
from turnkeeper.core.game import Game
from turnkeeper.rulesets.ptcg import RULESET
from turnkeeper.rulesets.ptcg.agents import greedy_agent
from turnkeeper.rulesets.ptcg.engine import legal, whose_turn
from turnkeeper.rulesets.ptcg.sim import (
    SimulationError,
    play_game,
    seed_from_text,
    simulate,
    wilson,
)
from turnkeeper.rulesets.ptcg.state import PtcgState

FUZZ_GAMES = 80


def _checked(state: PtcgState) -> None:
    check_invariants(state)
    if state.phase != "over":
        seat = whose_turn(state)
        assert any(True for _ in legal(state, seat)), "a live game with nothing to do"


@pytest.mark.parametrize("pair", [("sapphire", "ruby"), ("ruby", "sapphire")])
def test_random_agent_fuzz_games_finish_with_every_card_accounted_for(
    pair: tuple[str, str],
) -> None:
    ends = set()
    for index in range(FUZZ_GAMES // 2):
        result = play_game(list(pair), ["random", "random"], "fuzz", index, check_state=_checked)
        assert result.reason.startswith("ptcg.win."), result
        ends.add(result.reason)
    assert "ptcg.win.deck-out" in ends


def test_greedy_games_finish_and_reach_prizes() -> None:
    reasons = {
        play_game(
            ["sapphire", "ruby"], ["greedy", "greedy"], 9, i, check_state=check_invariants
        ).reason
        for i in range(20)
    }
    assert "ptcg.win.prizes" in reasons


def test_the_fast_loop_matches_the_game_object() -> None:
    """Same seed, same agents: the live-state loop and Game.play reach the same state."""
    from turnkeeper.dice.source import SeededDice
    from turnkeeper.rulesets.ptcg.engine import run
    from turnkeeper.rulesets.ptcg.state import apply_event

    rng_a, rng_b = random.Random(3), random.Random(3)
    dice_a, dice_b = SeededDice("x"), SeededDice("x")
    config = {"decks": ["sapphire", "ruby"]}
    game = Game(RULESET, config, dice=dice_a)
    live = RULESET.initial_state()
    for event in RULESET.setup(config, dice_b):
        apply_event(live, event)
    for _ in range(300):
        if game.outcome() is not None:
            break
        action_a = greedy_agent(game.state, list(game.legal_actions()), rng_a)
        action_b = greedy_agent(live, list(legal(live, whose_turn(live))), rng_b)
        assert action_a == action_b
        game.play(action_a)
        run(live, action_b, dice_b)
        assert RULESET.view(game.state) == RULESET.view(live)


def test_results_do_not_depend_on_the_number_of_workers() -> None:
    one = simulate(["sapphire", "ruby"], ["greedy", "random"], 24, seed=5, workers=1, chunk=5)
    two = simulate(["sapphire", "ruby"], ["greedy", "random"], 24, seed=5, workers=2, chunk=7)
    assert one.to_dict() == two.to_dict()
    other = simulate(["sapphire", "ruby"], ["greedy", "random"], 24, seed=6, chunk=5)
    assert other.to_dict() != one.to_dict()


@pytest.mark.parametrize("text", ["ptcg-sim/bench/0", "ptcg-sim/bench/0/agents", "", "é ★"])
def test_a_generator_seeded_again_from_a_text_draws_as_a_new_one(text: str) -> None:
    used = random.Random("something else")
    used.getrandbits(7)
    used.gauss(0.0, 1.0)  # keeps a second normal draw for later: seeding drops it
    again = seed_from_text(used, text)
    fresh = random.Random(text)
    assert again is used
    assert again.getstate() == fresh.getstate()
    assert [again.getrandbits(5) for _ in range(20)] == [fresh.getrandbits(5) for _ in range(20)]
    assert again.gauss(0.0, 1.0) == fresh.gauss(0.0, 1.0)


def test_a_game_played_inside_another_draws_as_when_played_alone() -> None:
    """Generators are reused from game to game, never shared by two games at once: a game
    started from ``check_state`` in the middle of another leaves both results unchanged."""
    alone = [play_game(["sapphire", "ruby"], ["random", "random"], "nest", i) for i in (0, 1)]
    inner: list[object] = []

    def start_another(state: PtcgState) -> None:
        if not inner:
            inner.append(play_game(["sapphire", "ruby"], ["random", "random"], "nest", 1))

    decks, agents = ["sapphire", "ruby"], ["random", "random"]
    outer = play_game(decks, agents, "nest", 0, check_state=start_another)
    assert (outer, inner) == (alone[0], [alone[1]])
    assert outer != alone[1]


def test_greedy_beats_random() -> None:
    summary = simulate(["sapphire", "ruby"], ["greedy", "random"], 40, seed=1).to_dict()
    assert summary["seats"]["p1"]["ci95"][0] > 0.5


def test_wilson_interval_known_values() -> None:
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-4) and hi == pytest.approx(0.5962, abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)
    lo, hi = wilson(0, 10)
    assert lo == 0.0 and hi == pytest.approx(0.2775, abs=1e-4)


@pytest.mark.parametrize(
    ("decks", "agents", "n"),
    [
        (["sapphire", "ruby"], ["greedy", "clever"], 5),
        (["sapphire"], ["greedy", "random"], 5),
        (["sapphire", "ruby"], ["greedy", "random"], 0),
    ],
)
def test_bad_simulation_input_is_refused(decks: list[str], agents: list[str], n: int) -> None:
    with pytest.raises(SimulationError):
        simulate(decks, agents, n)
