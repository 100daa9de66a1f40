"""Benchmark and fuzz the ptcg ruleset (a script, never a timed test).

    .venv/bin/python bench/bench_ptcg.py                 # random vs random games/s, one core
    .venv/bin/python bench/bench_ptcg.py --games 5000 --agents greedy,greedy
    .venv/bin/python bench/bench_ptcg.py --fuzz 10000    # 10,000 random games, invariants on
    .venv/bin/python bench/bench_ptcg.py --profile 15    # where the time goes (cProfile top 15)
    TURNKEEPER_PURE=1 .venv/bin/python bench/bench_ptcg.py  # pure Python even with a build

The figures run on the mypyc build when it is current (docs/speed.md), else on pure Python;
the line printed names which, and the goal that applies to it.

The games run through ``sim.play_game``: one live state, ``engine.legal_list`` for the offers
(the legal actions without display text, built from shared offers) and ``engine.run``'s
action handlers without a log; tests/ptcg/test_fast_path.py plays games through it and
through ``Game`` side by side.

Fuzzing checks after every action that each player's 60 cards are all accounted for (every
card in exactly one place), no damage is negative or off the 10s, the Bench never exceeds 5,
and a live game always offers a legal action; each game ends by one of the three win rules.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import sys
import time
from collections import Counter

from turnkeeper import compiled
from turnkeeper.rulesets.ptcg.sim import check_invariants, play_game

PURE_GOAL = 1000  # games/s on one core, pure Python (issue 11)
COMPILED_GOAL = 2500  # games/s on one core with the mypyc build, random and greedy (issue 16)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--agents", default="random,random")
    parser.add_argument("--decks", default="sapphire,ruby")
    parser.add_argument("--seed", default="bench")
    parser.add_argument("--fuzz", type=int, default=0, help="games to fuzz with invariants")
    parser.add_argument("--profile", type=int, default=0, help="print the N costliest functions")
    args = parser.parse_args()
    decks = args.decks.split(",")
    agents = args.agents.split(",")
    if args.fuzz:
        ends: Counter[str] = Counter()
        failures = 0
        started = time.perf_counter()
        for i in range(args.fuzz):
            pair = decks if i % 2 == 0 else decks[::-1]
            try:
                result = play_game(
                    pair, ["random", "random"], f"fuzz/{args.seed}", i, check_state=check_invariants
                )
            except Exception as exc:  # report every failure, keep going
                failures += 1
                print(f"game {i}: {type(exc).__name__}: {exc}")
                continue
            ends[result.reason] += 1
        elapsed = time.perf_counter() - started
        print(f"fuzz: {args.fuzz} games, {failures} failures, {elapsed:.1f}s; ends {dict(ends)}")
        sys.exit(1 if failures else 0)
    if args.profile:
        profiler = cProfile.Profile()
        profiler.enable()
        for i in range(args.games):
            play_game(decks, agents, args.seed, i)
        profiler.disable()
        pstats.Stats(profiler).sort_stats("tottime").print_stats(args.profile)
        return
    actions = turns = 0
    started = time.perf_counter()
    cpu = time.process_time()
    for i in range(args.games):
        result = play_game(decks, agents, args.seed, i)
        actions += result.actions
        turns += result.turns
    elapsed = time.perf_counter() - started
    cpu = time.process_time() - cpu
    # CPU time is the fairer "one core" figure on a shared machine; wall time is given too.
    # The goal depends on the build: issue 11's for pure Python, issue 16's compiled.
    build = compiled.STATUS.get("turnkeeper.rulesets.ptcg", "pure")
    goal = PURE_GOAL if build.startswith("pure") else COMPILED_GOAL
    print(
        f"{args.games} games {agents[0]} vs {agents[1]} ({decks[0]} vs {decks[1]}), one "
        f"process, {build}: {args.games / cpu:.0f} games/s of CPU time (goal >= {goal}; "
        f"{cpu:.2f}s), "
        f"{args.games / elapsed:.0f} games/s wall ({elapsed:.2f}s); "
        f"{actions / cpu:.0f} actions/s, {actions / args.games:.0f} actions and "
        f"{turns / args.games:.1f} turns per game"
    )


if __name__ == "__main__":
    main()
