"""Benchmark the ptcg PettingZoo environment (a script, never a timed test).

    .venv/bin/python bench/bench_env.py                # env steps/s, random play, one core
    .venv/bin/python bench/bench_env.py --games 50 --profile 20   # where the time goes

Three loops over the same seeds, all random play on one process:

- ``env``: ``ptcg_v0.raw_env`` through its AEC loop (``last`` -> masked random index ->
  ``step``). "steps" counts every AEC step (WAIT steps included); "decisions" counts the
  steps that played an engine action.
- ``game``: the same engine actions straight through ``Game`` (``whose_turn``,
  ``legal_actions(...).list()``, ``play``) with no encoding: the env's overhead is the
  difference.
- ``sim``: ``sim.play_game`` (the ruleset's fast loop: one live state, no log, no views), the
  ceiling a faster env path could approach.

CPU time (``time.process_time``) is the "one core" figure on a shared machine.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import random
import statistics
import time
from typing import Any

import numpy as np

from turnkeeper.core.game import Game
from turnkeeper.env import ptcg_v0
from turnkeeper.rulesets import get_ruleset
from turnkeeper.rulesets.ptcg.sim import play_game


def play_random(env: Any, games: int, prefer_acting: bool = False) -> tuple[int, int]:
    """Random play through an AEC environment: (steps, decisions). ``prefer_acting``: pick
    among the real actions when there are any, never passing (reactions are optional steps
    in the encounter environments, and a random pass would stall the fights)."""
    steps = decisions = 0
    for seed in range(games):
        rng = np.random.default_rng(seed)
        env.reset(seed=seed)
        for _agent in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            if prefer_acting and len(legal) > 1:
                legal = legal[legal != 0]
            if legal[0] != 0:  # WAIT is index 0
                decisions += 1
            env.step(int(legal[rng.integers(len(legal))]))
            steps += 1
    return steps, decisions


def env_loop(games: int, decks: list[str]) -> tuple[int, int]:
    return play_random(ptcg_v0.raw_env(decks=decks), games)


def encounter_loop(ruleset: str, games: int) -> tuple[int, int]:
    """Random play (acting rather than passing) through ``ptu_v0``/``e133_v0``."""
    from turnkeeper.env import e133_v0, ptu_v0

    module = {"ptu": ptu_v0, "e133": e133_v0}[ruleset]
    return play_random(module.raw_env(), games, prefer_acting=True)


def game_loop(games: int, decks: list[str]) -> int:
    ruleset = get_ruleset("ptcg")
    actions = 0
    for seed in range(games):
        rng = random.Random(seed)
        game = Game(ruleset, {"decks": decks}, seed=seed)
        while game.outcome() is None:
            seat = game.whose_turn()
            offers = game.legal_actions(seat).list()
            game.play(offers[rng.randrange(len(offers))])
            actions += 1
    return actions


def sim_loop(games: int, decks: list[str]) -> int:
    return sum(play_game(decks, ["random", "random"], "bench-env", i).actions for i in range(games))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50, help="games per timed run")
    parser.add_argument("--repeat", type=int, default=5, help="timed runs (min and median shown)")
    parser.add_argument("--decks", default="sapphire,ruby")
    parser.add_argument("--profile", type=int, default=0, help="print the N costliest functions")
    parser.add_argument("--encounters", action="store_true",
                        help="also time ptu_v0 and e133_v0 on their bundled examples")
    args = parser.parse_args()
    decks = args.decks.split(",")
    if args.profile:
        profiler = cProfile.Profile()
        profiler.enable()
        env_loop(args.games, decks)
        profiler.disable()
        pstats.Stats(profiler).sort_stats("cumulative").print_stats(args.profile)
        return
    env_loop(2, decks)  # warm-up, not timed: first-use imports and caches of the engine
    rates: list[tuple[float, float]] = []
    for _ in range(args.repeat):
        cpu = time.process_time()
        steps, decisions = env_loop(args.games, decks)
        env_cpu = time.process_time() - cpu
        rates.append((steps / env_cpu, decisions / env_cpu))
    step_rates = sorted(rate for rate, _ in rates)
    decision_rates = sorted(rate for _, rate in rates)
    cpu = time.process_time()
    game_actions = game_loop(args.games, decks)
    game_cpu = time.process_time() - cpu
    cpu = time.process_time()
    sim_actions = sim_loop(args.games, decks)
    sim_cpu = time.process_time() - cpu
    print(
        f"{args.games} random games ({decks[0]} vs {decks[1]}) x {args.repeat} runs after a "
        f"warm-up, one process, CPU time; load: {os.getloadavg()[0]:.2f}"
    )
    print(
        f"  env : min {step_rates[0]:8.0f} / median {statistics.median(step_rates):8.0f} AEC "
        f"steps/s (goal >= 20,000); median {statistics.median(decision_rates):8.0f} decisions/s "
        f"({steps} steps, {decisions} decisions per run)"
    )
    print(f"  game: {game_actions / game_cpu:8.0f} actions/s through Game ({game_cpu:.2f}s)")
    print(f"  sim : {sim_actions / sim_cpu:8.0f} actions/s through sim.play_game ({sim_cpu:.2f}s)")
    per_decision = 1e6 / statistics.median(decision_rates)
    per_action = game_cpu / game_actions * 1e6
    print(
        f"  env overhead over Game: {per_decision - per_action:.0f} µs per decision "
        f"({per_decision:.0f} vs {per_action:.0f} µs); goal 20,000 steps/s = 50 µs per step"
    )
    if args.encounters:
        for ruleset in ("ptu", "e133"):
            cpu = time.process_time()
            steps, decisions = encounter_loop(ruleset, max(1, args.games // 2))
            used = time.process_time() - cpu
            print(f"  {ruleset}_v0: {steps / used:8.0f} AEC steps/s, {decisions / used:8.0f} "
                  f"decisions/s ({steps} steps; no goal set)")


if __name__ == "__main__":
    main()
