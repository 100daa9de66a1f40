"""Simulation batches as Ray tasks give the same results as the local run (a local runtime)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import ray
import yaml
from typer.testing import CliRunner

from turnkeeper.cli.app import app
from turnkeeper.cluster import ray_sim
from turnkeeper.cluster.ray_sim import (
    LOCAL,
    RayUnavailableError,
    simulate_encounters_on_ray,
    simulate_on_ray,
)
from turnkeeper.core.ruleset import SetupError
from turnkeeper.rulesets.ptcg.sim import SimulationError, simulate
from turnkeeper.sim import SimError
from turnkeeper.sim import simulate as simulate_encounters

DECKS = ["sapphire", "ruby"]
AMBUSH = Path(__file__).resolve().parents[2] / "examples" / "e133" / "ambush.yaml"


def _sim_cli_json(*extra: str) -> dict[str, Any]:
    args = ["sim", "e133", str(AMBUSH), "-n", "6", "--agents", "random,random,greedy"]
    result = CliRunner().invoke(app, [*args, "--seed", "2", "--json", *extra])
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.output)
    return data


def _cli_json(*extra: str) -> dict[str, Any]:
    args = ["ptcg", "simulate", "--deck", "sapphire", "--deck", "ruby", "-n", "12"]
    result = CliRunner().invoke(app, [*args, "--seed", "9", "--json", *extra])
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.output)
    for key in ("seconds", "workers", "ray"):
        data.pop(key, None)
    return data


def test_ray_tasks_give_the_local_summary() -> None:
    # One test, one local runtime (starting one takes ~15-20 s on the busy 2-core machine);
    # simulate_on_ray reuses a runtime that is already up and leaves it running.
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
    try:
        local = simulate(DECKS, ["greedy", "random"], 30, seed=4, workers=1, chunk=5).to_dict()
        seen: list[int] = []
        on_ray = simulate_on_ray(
            DECKS, ["greedy", "random"], 30, seed=4, address=LOCAL, chunk=7, progress=seen.append
        ).to_dict()
        assert on_ray == local
        assert sorted(seen) == [2, 7, 7, 7, 7]  # one progress report per task, 30 games
        other = simulate_on_ray(DECKS, ["greedy", "random"], 30, seed=5, chunk=7).to_dict()
        assert other != local  # another seed plays other games
        # the command line: --ray gives what the local workers give
        assert _cli_json("--ray", "local") == _cli_json("--workers", "1")
        # encounters of any ruleset (turnkeeper sim): the same report as local workers
        config = yaml.safe_load(AMBUSH.read_text(encoding="utf-8"))["setup"]
        here = simulate_encounters(
            "e133", config, games=9, agents=["random", "greedy", "random"], seed=3, workers=2
        ).to_dict()
        there = simulate_encounters_on_ray(
            "e133", config, games=9, agents=["random", "greedy", "random"], seed=3, chunk=4
        ).to_dict()
        assert there == here and here["games"] == 9
        assert _sim_cli_json("--ray", "local") == _sim_cli_json("--workers", "1")
    finally:
        ray.shutdown()


def test_bad_input_fails_before_ray_starts(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_ray(*args: object) -> None:
        raise AssertionError("Ray was started for bad input")

    monkeypatch.setattr(ray_sim, "connect", no_ray)
    with pytest.raises(SimulationError, match="agents"):
        simulate_on_ray(DECKS, ["greedy", "smart"], 4)
    with pytest.raises(SimulationError, match="chunk"):
        simulate_on_ray(DECKS, ["greedy", "random"], 4, chunk=0)
    with pytest.raises(SetupError, match="unknown deck 'emerald'"):
        simulate_on_ray(["sapphire", "emerald"], ["greedy", "random"], 4)
    config = yaml.safe_load(AMBUSH.read_text(encoding="utf-8"))["setup"]
    with pytest.raises(SimError, match="3 seats"):
        simulate_encounters_on_ray("e133", config, games=4, agents=["random"])
    with pytest.raises(SimError, match="unknown agent 'smart'"):
        simulate_encounters_on_ray("e133", config, games=4, agents=["smart"] * 3)
    with pytest.raises(SimError, match="chunk"):
        simulate_encounters_on_ray("e133", config, games=4, agents=["random"] * 3, chunk=0)


def test_an_address_where_nothing_listens_fails_fast_and_clearly() -> None:
    # a port just closed on this machine: nothing listens there
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    args = ["ptcg", "simulate", "--deck", "sapphire", "--deck", "ruby", "-n", "4"]
    result = CliRunner().invoke(app, [*args, "--ray", f"127.0.0.1:{port}"])
    assert result.exit_code == 2
    assert f"nothing answers at 127.0.0.1:{port}" in result.output
    sim = ["sim", "e133", str(AMBUSH), "-n", "2", "--agents", "random,random,random"]
    result = CliRunner().invoke(app, [*sim, "--ray", f"127.0.0.1:{port}"])
    assert result.exit_code == 2
    assert f"nothing answers at 127.0.0.1:{port}" in result.output
    with pytest.raises(RayUnavailableError, match="give 'local', 'auto'"):
        simulate_on_ray(DECKS, ["greedy", "random"], 4, address="headnode")
    assert not ray.is_initialized()
