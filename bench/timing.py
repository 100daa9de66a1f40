"""Timing helpers shared by the benchmark scripts.

The scripts are run as ``python bench/<name>.py``, which puts this folder first on
``sys.path``, so they import this module as plain ``timing``.
"""

from __future__ import annotations

import statistics
import time
from typing import Any

from turnkeeper.core.game import Command, Game
from turnkeeper.core.model import Action


def median_us(samples: list[float]) -> float:
    """The median of ``samples`` (seconds), in microseconds."""
    return statistics.median(samples) * 1e6


def best_replay(game: Game[Any]) -> tuple[int, float]:
    """(events in ``game``'s log, best of three times in seconds to re-fold that log from
    the game's configuration and seed); each replay must reach the same state."""
    log = [Command(c.action, list(c.events)) for c in game.log]
    events = sum(len(c.events) for c in log)
    times = []
    for _ in range(3):  # best of three: the machine may be busy
        t0 = time.perf_counter()
        replayed = Game.from_log(game.ruleset, game.config, game.seed, log)
        times.append(time.perf_counter() - t0)
        assert replayed.state_hash() == game.state_hash()
    return events, min(times)


def play_then_end_turn(
    game: Game[Any], kind: str, params: dict[str, Any], rounds: int
) -> tuple[float, float]:
    """(median µs of playing ``kind`` with ``params`` for the acting combatant, median µs of
    the ``end_turn`` that follows it), over ``rounds`` turns."""
    acts: list[float] = []
    ends: list[float] = []
    for _ in range(rounds):
        actor = game.whose_turn()
        assert actor is not None
        action = Action(kind, actor, dict(params))
        t0 = time.perf_counter()
        game.play(action)
        acts.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        game.play(Action("end_turn", actor))
        ends.append(time.perf_counter() - t0)
    return median_us(acts), median_us(ends)
