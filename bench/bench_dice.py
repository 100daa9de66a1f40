"""Benchmark of turnkeeper.dice against avrae's d20 (rolling) and plain icepool (exact odds).

Run: ``.venv/bin/python bench/bench_dice.py``. Prints a table; it asserts nothing about time
(benchmarks are measurements, not tests). Targets from project issue 2: a seeded roll of
``4d6+2`` at least 3x faster than ``d20.roll``; exact odds, warm, at most 1.5x plain icepool.
"""

from __future__ import annotations

import random
import sys
import timeit
from collections.abc import Callable
from typing import Any

import d20
import icepool
from icepool import d

from turnkeeper.dice import (
    ExtendedCheck,
    SeededDice,
    TeamCheck,
    clear_caches,
    distribution,
    odds,
    roll,
)


def per_call_us(fn: Callable[[], Any]) -> float:
    """Best of 3 runs of at least 0.2 s each, in microseconds per call."""
    timer = timeit.Timer(fn)
    number, _ = timer.autorange()
    return min(timer.repeat(repeat=3, number=number)) / number * 1e6


def uncached(fn: Callable[[], Any]) -> Callable[[], Any]:
    """``fn`` with all of turnkeeper.dice's caches emptied first: every call parses again
    and asks icepool again (icepool's own internal caches stay warm, as for the direct
    calls), so this shows the cost of our layer on top of icepool."""

    def run() -> Any:
        clear_caches()
        return fn()

    return run


def icepool_extended() -> Any:
    step = 3 @ d(6)
    state = icepool.Die([0])
    out = []
    for _ in range(4):
        state = state.map(lambda s: 45 if s >= 45 else s + step)
        out.append(state.probability(">=", 45))
    return out


def main() -> None:
    rows: list[tuple[str, float, float, str]] = []
    cold: dict[str, float] = {}

    # --- rolling -----------------------------------------------------------------------
    ours_dice = SeededDice(2026)
    d20.roll("4d6+2")  # warm d20's parse cache, as in the reference measurement
    roll("4d6+2", ours_dice)
    rng = random.Random(2026)
    ours = per_call_us(lambda: roll("4d6+2", ours_dice))
    theirs = per_call_us(lambda: d20.roll("4d6+2"))
    floor = per_call_us(lambda: sum([rng.randint(1, 6) for _ in range(4)]) + 2)
    rows.append(("roll 4d6+2 (vs d20.roll)", ours, theirs, ">=3x faster"))
    rows.append(
        (
            "roll 4d6kh3 (vs d20.roll)",
            per_call_us(lambda: roll("4d6kh3", ours_dice)),
            per_call_us(lambda: d20.roll("4d6kh3")),
            ">=3x faster",
        )
    )

    # --- exact odds: each reference question of odds.md --------------------------------
    team = TeamCheck(("2d6", "3d6", "4d6"), 30)
    extended = ExtendedCheck("3d6", 45, 4)
    questions: list[tuple[str, Callable[[], Any], Callable[[], Any]]] = [
        (
            "4d6 sums (ways)",
            lambda: distribution("4d6").quantities,
            lambda: (4 @ d(6)).quantities(),
        ),
        (
            "6d6 mean/variance",
            lambda: (distribution("6d6").mean, distribution("6d6").variance),
            lambda: ((6 @ d(6)).mean(), (6 @ d(6)).variance()),
        ),
        (
            "20d6 mean/variance",
            lambda: (distribution("20d6").mean, distribution("20d6").variance),
            lambda: ((20 @ d(6)).mean(), (20 @ d(6)).variance()),
        ),
        (
            "P(4d6 >= 15)",
            lambda: odds("4d6 >= 15").p_success,
            lambda: (4 @ d(6)).probability(">=", 15),
        ),
        (
            "opposed 4d6+2 vs 3d6+4",
            lambda: (odds("4d6+2 vs 3d6+4").p_success, odds("4d6+2 vs 3d6+4").p_tie),
            lambda: (
                (4 @ d(6) + 2 - (3 @ d(6) + 4)).probability(">", 0),
                (4 @ d(6) + 2 - (3 @ d(6) + 4)).probability("==", 0),
            ),
        ),
        ("extended 3d6 to 45 in 4", lambda: extended.odds().p_done_by, icepool_extended),
        (
            "d20 >= 15 plain/adv/dis",
            lambda: [odds(f"{x} >= 15").p_success for x in ("d20", "d20adv", "d20dis")],
            lambda: [
                d(20).probability(">=", 15),
                d(20).highest(2, 1).probability(">=", 15),
                d(20).lowest(2, 1).probability(">=", 15),
            ],
        ),
        ("4d6kh3 mean", lambda: distribution("4d6kh3").mean, lambda: d(6).highest(4, 3).mean()),
        (
            "team 2d6+3d6+4d6 >= 30",
            lambda: team.odds().p_success,
            lambda: (2 @ d(6) + 3 @ d(6) + 4 @ d(6)).probability(">=", 30),
        ),
    ]
    for label, ours_fn, ice_fn in questions:
        ours_fn()  # warm: our caches hold the icepool Die per expression
        ice_fn()  # warm: icepool's own caches
        rows.append((label, per_call_us(ours_fn), per_call_us(ice_fn), "no-cache <=1.0x icepool"))
        cold[label] = per_call_us(uncached(ours_fn))

    print(f"Python {sys.version.split()[0]}, icepool {icepool.__version__}")
    print(f"floor: random.randint x4 + 2 = {floor:.2f} us")
    header = (
        f"{'case':28} {'ours us':>9} {'other us':>9} {'ours/other':>10}"
        f" {'ours no-cache us':>16} {'no-cache/other':>14}  target"
    )
    print(header)
    print("-" * len(header))
    for label, a, b, target in rows:
        c = cold.get(label)
        extra = f" {c:16.2f} {c / b:14.3f}" if c is not None else f" {'':16} {'':14}"
        print(f"{label:28} {a:9.2f} {b:9.2f} {a / b:10.3f}{extra}  {target}")
    print("ours/other < 1 means ours is faster; other = d20.roll for rolls, icepool for odds.")


if __name__ == "__main__":
    main()
