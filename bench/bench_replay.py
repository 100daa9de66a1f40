"""Replay cost per event as logs grow: 1,000, 10,000 and 100,000 events (e133 and ptu).

Run: ``.venv/bin/python bench/bench_replay.py`` (``--collector-on`` folds with Python's
cyclic garbage collector left running, as before issue 16, for comparison). One long game per
ruleset is played (the loops of ``bench_e133.py`` and ``bench_ptu.py``: attack/move/end_turn,
and skill check/shift/end_turn), then the first commands holding 1k, 10k and 100k events are
folded again with ``Game.from_log`` (best of three, in CPU seconds of this process: on a
shared, loaded machine the wall clock mostly measures the other processes; each fold must
reach the state the game had there). Goal (issue 16): the cost per event grows by at most
10 % from 1k to 100k events (replay linear). A measurement, not a test.

The second line per ruleset folds the 100k events once more and times each 10k-event
segment on its own (min of three folds): if replay is linear, the last segment costs what
the first ones cost. This tells a cost that grows with the log (it would show as rising
segments) from a fold of a bigger prefix merely running slower on a busy machine (the
whole-prefix figures move, the segments stay flat).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import time
from collections.abc import Callable
from typing import Any

import bench_e133
import bench_ptu
from turnkeeper.core import game as game_module
from turnkeeper.core.game import Command, Game
from turnkeeper.core.model import Action

SIZES = (1_000, 10_000, 100_000)
GOAL = 0.10


def e133_game(events: int) -> Game[Any]:
    game = Game(bench_e133.RULESET, bench_e133.encounter(), seed=1, snapshots=False)
    while _events(game) < events:
        actor = game.whose_turn()
        assert actor is not None
        game.play(Action("attack", actor, {"target": "c01" if actor != "c01" else "c02"}))
        game.play(Action("move", actor, {"distance": 10}))
        game.play(Action("end_turn", actor))
    return game


def ptu_game(events: int) -> Game[Any]:
    game = bench_ptu.started()
    while _events(game) < events:
        actor = game.whose_turn()
        assert actor is not None
        for kind, what in (("standard_action", "a skill check"), ("shift_action", "a feature")):
            action = Action(kind, actor, {"what": what})
            if game.is_legal(action):
                game.play(action)
        game.play(Action("end_turn", actor))
    return game


_counted: dict[int, tuple[int, int]] = {}


def _events(game: Game[Any]) -> int:
    """Events in ``game``'s log, counted once per command (the log only grows here)."""
    length, total = _counted.get(id(game), (0, 0))
    for command in game.log[length:]:
        total += len(command.events)
    _counted[id(game)] = (len(game.log), total)
    return total


def prefix(commands: list[Command], events: int) -> tuple[list[Command], int]:
    """The first commands holding at least ``events`` events, and how many they hold."""
    total = 0
    for n, command in enumerate(commands, start=1):
        total += len(command.events)
        if total >= events:
            return commands[:n], total
    raise ValueError(f"the game holds only {total} events")


def per_event_us(game: Game[Any], events: int) -> tuple[int, float]:
    commands, held = prefix(list(game.log), events)
    expected = Game.from_log(game.ruleset, game.config, game.seed, commands).state_hash()
    times = []
    for _ in range(3):
        t0 = time.process_time()
        folded = Game.from_log(game.ruleset, game.config, game.seed, commands)
        times.append(time.process_time() - t0)
        assert folded.state_hash() == expected
    return held, min(times) / held * 1e6


SEGMENT = 10_000


def segment_us(game: Game[Any], events: int) -> list[float]:
    """CPU µs per event of each ``SEGMENT``-event stretch of one fold of ``events`` events
    (the state copies of ``from_log`` left out: a fixed handful, negligible over 100k)."""
    commands, _ = prefix(list(game.log), events)
    folded = Game.from_log(game.ruleset, game.config, game.seed, [])
    costs: list[float] = []
    held, mark = 0, SEGMENT
    with game_module.collector_paused():
        started = time.process_time()
        for command in commands:
            folded._commit(command, keep_copy=False)
            held += len(command.events)
            if held >= mark:
                now = time.process_time()
                costs.append((now - started) / (held - mark + SEGMENT) * 1e6)
                started, mark = now, held + SEGMENT
    return costs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--collector-on", action="store_true",
                        help="leave the cyclic garbage collector running while folding")
    args = parser.parse_args()
    if args.collector_on:
        game_module.collector_paused = contextlib.nullcontext  # type: ignore[assignment]
    print(f"uptime: {os.popen('uptime').read().strip()}; collector "
          f"{'on' if args.collector_on else 'paused'} while folding")
    builders: list[tuple[str, Callable[[int], Game[Any]]]] = [
        ("e133", e133_game), ("ptu", ptu_game)]
    for name, build in builders:
        t0 = time.perf_counter()
        game = build(max(SIZES))
        built = time.perf_counter() - t0
        figures = [per_event_us(game, size) for size in SIZES]
        growth = figures[-1][1] / figures[0][1] - 1
        cells = ", ".join(f"{held:,} events {us:.2f} CPU µs/event" for held, us in figures)
        print(f"{name:5} replay: {cells}; growth 1k -> 100k {growth:+.0%}   (goal <= "
              f"{GOAL:+.0%}; the game took {built:.0f} s to play)")
        runs = [segment_us(game, max(SIZES)) for _ in range(3)]
        best = [min(costs) for costs in zip(*runs, strict=True)]
        steady = best[1:]  # the first segment also warms the process's caches
        print(f"{name:5} per {SEGMENT:,}-event segment of one fold (min of 3): "
              + " ".join(f"{us:.2f}" for us in best)
              + f" CPU µs/event; segments 2-{len(best)} spread "
              f"{max(steady) / min(steady) - 1:+.0%}, last vs second {best[-1] / best[1] - 1:+.0%}"
              " (flat when replay is linear)")


if __name__ == "__main__":
    main()
