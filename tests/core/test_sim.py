"""``turnkeeper sim`` and :mod:`turnkeeper.sim`: seeded games played to their end, the same
totals for any worker count, a cap that reports games as unfinished, clear errors."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml
from typer.testing import CliRunner

from turnkeeper.cli.app import app
from turnkeeper.sim import SimError, simulate, wilson_interval

ROOT = Path(__file__).resolve().parents[2]
WILD = ROOT / "examples" / "ptu" / "wild.yaml"


def wild_setup() -> dict[str, Any]:
    setup: dict[str, Any] = yaml.safe_load(WILD.read_text("utf-8"))["setup"]
    return setup


def test_wilson_interval_matches_the_textbook_values() -> None:
    low, high = wilson_interval(0, 20)
    assert low == 0.0 and high == pytest.approx(0.1611, abs=1e-4)
    low, high = wilson_interval(10, 20)
    assert low == pytest.approx(0.2993, abs=1e-4)
    assert high == pytest.approx(0.7007, abs=1e-4)


def test_every_game_plays_to_a_winner_and_the_totals_do_not_depend_on_workers() -> None:
    one = simulate("ptu", wild_setup(), games=6, agents=["random", "random"], seed=5)
    two = simulate("ptu", wild_setup(), games=6, agents=["random", "random"], seed=5,
                   workers=2)
    assert one.results == two.results
    assert one.to_dict() == two.to_dict()
    assert all(r.winners for r in one.results)  # no GM input, every game ends with a winner
    other = simulate("ptu", wild_setup(), games=6, agents=["random", "random"], seed=6)
    assert [r.actions for r in other.results] != [r.actions for r in one.results]


def test_a_game_over_the_action_cap_is_reported_unfinished() -> None:
    report = simulate("ptu", wild_setup(), games=3, agents=["random", "random"], seed=1,
                      max_actions=5)
    data = report.to_dict()
    assert data["games"] == 3 and data["unfinished"] == 3
    assert all(r.actions == 5 and r.winners is None for r in report.results)
    assert sum(row["wins"] for row in data["wins"].values()) == 0


def test_the_agents_must_fit_the_seats() -> None:
    with pytest.raises(SimError, match=r"2 seats \(ash, wild\): give 2 agents, not 1"):
        simulate("ptu", wild_setup(), games=1, agents=["random"])
    with pytest.raises(SimError, match="unknown agent 'smart'"):
        simulate("ptu", wild_setup(), games=1, agents=["random", "smart"])


def test_the_command_prints_one_json_object_whose_games_is_n() -> None:
    result = CliRunner().invoke(app, ["sim", "ptu", str(WILD), "-n", "3", "--agents",
                                      "greedy,random", "--seed", "2", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["games"] == 3 and data["agents"] == {"ash": "greedy", "wild": "random"}
    assert sum(row["wins"] for row in data["wins"].values()) + data["unfinished"] + \
        data["draws"] == 3
    low, high = data["wins"]["ash"]["ci95"]
    assert 0 <= low <= data["wins"]["ash"]["rate"] <= high <= 1
    bad = CliRunner().invoke(app, ["sim", "ptu", str(WILD), "--agents", "random"])
    assert bad.exit_code == 2


# --- the agents: uniform over kinds, and answers out of turn ----------------------------


def test_the_random_agent_is_uniform_over_kinds_and_leaves_idle_kinds_aside() -> None:
    import random
    from types import SimpleNamespace
    from typing import cast

    from turnkeeper.core.game import Game
    from turnkeeper.core.model import Action
    from turnkeeper.sim import random_agent

    game = cast(Game[Any], SimpleNamespace(ruleset=SimpleNamespace(
        sim_idle_kinds=frozenset({"hold"}))))
    offers = [Action("shift", "a", {"to": [i, 0]}) for i in range(9)]
    offers += [Action("end_turn", "a"), Action("hold", "a", {"count": 3})]
    rng = random.Random(1)
    picks = [random_agent(game, offers, rng).kind for _ in range(2000)]
    # Two kinds count (hold is idle): about half each, though shifts are 9 of the 11 offers.
    assert 900 < picks.count("end_turn") < 1100
    assert "hold" not in picks
    only_idle = [Action("hold", "a", {"count": 3})]
    assert random_agent(game, only_idle, rng).kind == "hold"


def test_agents_answer_out_of_turn_protect_negates_a_waiting_hit() -> None:
    import random

    from turnkeeper.core.game import Game
    from turnkeeper.core.model import Action
    from turnkeeper.dice import ForcedDice
    from turnkeeper.rulesets.ptu import RULESET as ruleset
    from turnkeeper.sim import answer_out_of_turn, greedy_agent, random_agent

    setup = {
        "context": "full_contact",
        "players": [{"name": "ash", "trainer": {"id": "ash", "speed": 5},
                     "pokemon": [{"id": "pikachu", "speed": 20, "moves": ["Scratch"],
                                  "active": True, "position": [1, 0]}]}],
        "wild": [{"id": "oddish", "speed": 10, "moves": ["Tackle", "Protect"],
                  "position": [2, 0]}],
    }

    def waiting_hit() -> Game[Any]:
        game: Game[Any] = Game(ruleset, setup, seed=4)
        game.play(Action("begin_combat", "gm"))
        game.play(Action("use_move", "pikachu", {"move": "Scratch", "target": "oddish"}),
                  dice=ForcedDice([15]))
        assert game.state.pending_hits
        return game

    game = waiting_hit()
    offers = ruleset.sim_out_of_turn(game.state)
    assert [(a.actor, a.kind, a.params.get("move")) for a in offers] == [
        ("oddish", "use_move", "Protect")]
    agents = {"ash": greedy_agent, "wild": greedy_agent}
    assert answer_out_of_turn(game, agents, random.Random(0)) == 1
    assert "hit_negated" in [e.type for e in game.events[-4:]]
    assert not game.state.pending_hits
    # The answer used Protect (Scene): nothing is left to answer with.
    assert ruleset.sim_out_of_turn(game.state) == []
    # A random agent answers or passes (pass is one more kind): both happen over seeds.
    answered = {answer_out_of_turn(g, {"ash": random_agent, "wild": random_agent},
                                   random.Random(seed))
                for seed in range(12) for g in [waiting_hit()]}
    assert answered == {0, 1}
