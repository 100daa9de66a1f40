"""Games per second: local worker processes against a local Ray runtime (a script, never a
timed test).

    PYTHONPATH=src .venv/bin/python bench/bench_ray.py [--games 400] [--workers 2]

For each workload (an e133 and a ptu encounter from ``examples/``, the ptcg Ruby vs Sapphire
decks) it plays the same seeded games three ways and prints wall-clock games/s:
- one process (``--workers 1``);
- ``--workers K`` local processes (``ProcessPoolExecutor``);
- Ray tasks on a local runtime with K CPUs, started once beforehand: its start-up time is
  printed apart, since a cluster pays it once per session, not per run.
It also checks that the three runs report the same results (the suite tests this too).
Needs the ``[ray]`` extra.
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from turnkeeper.cli.game_cmd import load_encounter
from turnkeeper.cluster.ray_sim import (
    LOCAL,
    connect,
    simulate_encounters_on_ray,
    simulate_on_ray,
)
from turnkeeper.core.game import Game
from turnkeeper.rulesets import get_ruleset
from turnkeeper.rulesets.ptcg import sim as ptcg_sim
from turnkeeper.sim import seats_of, simulate

ROOT = Path(__file__).resolve().parent.parent
ENCOUNTERS = {"e133": ROOT / "examples/e133/ambush.yaml", "ptu": ROOT / "examples/ptu/league.yaml"}
DECKS = ["ruby", "sapphire"]


def timed(run: Callable[[], Any]) -> tuple[float, Any]:
    start = time.perf_counter()
    result = run()
    return time.perf_counter() - start, result


def encounter_runs(ruleset: str, games: int, workers: int) -> list[tuple[str, float, Any]]:
    _, config, _ = load_encounter(ENCOUNTERS[ruleset], ruleset)
    probe = Game(get_ruleset(ruleset), config, seed="probe", snapshots=False)
    agents = ["random"] * len(seats_of(probe))  # one per seat, the GM's included
    common: dict[str, Any] = {"games": games, "agents": agents, "seed": 0}
    rows = []
    for label, run in (
        ("1 process", lambda: simulate(ruleset, config, workers=1, **common)),
        (f"{workers} processes", lambda: simulate(ruleset, config, workers=workers, **common)),
        (f"Ray, {workers} CPUs", lambda: simulate_encounters_on_ray(ruleset, config, **common)),
    ):
        seconds, report = timed(run)
        rows.append((label, seconds, report.to_dict()))
    return rows


def ptcg_runs(games: int, workers: int) -> list[tuple[str, float, Any]]:
    agents = ["random", "random"]
    rows = []
    for label, run in (
        ("1 process", lambda: ptcg_sim.simulate(DECKS, agents, games, workers=1)),
        (f"{workers} processes", lambda: ptcg_sim.simulate(DECKS, agents, games, workers=workers)),
        (f"Ray, {workers} CPUs", lambda: simulate_on_ray(DECKS, agents, games)),
    ):
        seconds, summary = timed(run)
        rows.append((label, seconds, summary))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400, help="games per encounter run")
    parser.add_argument("--ptcg-games", type=int, default=2000, help="games per ptcg run")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    print(f"load average at start: {os.getloadavg()[0]:.2f}; {os.cpu_count()} CPUs")
    startup, _ = timed(lambda: connect(LOCAL, args.workers))
    print(f"Ray local runtime start-up: {startup:.1f} s (paid once, not counted below)")
    workloads: list[tuple[str, int, list[tuple[str, float, Any]]]] = [
        (f"{r} {ENCOUNTERS[r].name}", args.games, encounter_runs(r, args.games, args.workers))
        for r in ENCOUNTERS
    ]
    workloads.append(("ptcg ruby vs sapphire", args.ptcg_games,
                      ptcg_runs(args.ptcg_games, args.workers)))
    for name, games, rows in workloads:
        same = all(result == rows[0][2] for _, _, result in rows)
        print(f"{name}, {games} random games: "
              + "; ".join(f"{label} {games / seconds:,.0f} games/s" for label, seconds, _ in rows)
              + f"; results identical: {same}")
    print(f"load average at end: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
