"""Benchmark of the ``pte`` ruleset's hot paths, on a scene of six characters.

Run: ``.venv/bin/python bench/bench_pte.py``. Prints medians; asserts nothing about time
(benchmarks are measurements, not tests). pte has no stated goal of its own; the numbers are
kept so a refactor can show it made nothing slower:

- ``legal_actions`` for one character (every offer carries exact odds);
- ``play`` of one Standard check (validate + check + resolve + apply + log);
- ``check`` of an action that is refused;
- seeded random games per second (the outcome-hash games of tests/pte).
"""

from __future__ import annotations

import random
import time
from typing import Any

from timing import median_us
from turnkeeper.core.game import Game
from turnkeeper.core.model import Action
from turnkeeper.rulesets import get_ruleset

RULESET = get_ruleset("pte")
SKILLS = ("athletics", "charm", "survival", "acrobatics", "stealth", "perception")
RANKS = ("novice", "adept", "expert", "master", "untrained", "pathetic")


def scene() -> dict[str, Any]:
    characters = {
        f"c{i}": {"skills": {skill: RANKS[(i + j) % 6] for j, skill in enumerate(SKILLS[:4])}}
        for i in range(6)
    }
    return {"characters": characters}


def bench_legal_actions(rounds: int = 300) -> tuple[float, int]:
    game = Game(RULESET, scene(), seed=1, snapshots=False)
    samples: list[float] = []
    count = 0
    for i in range(rounds):
        actor = f"c{i % 6}"
        t0 = time.perf_counter()
        offers = list(RULESET.legal_actions(game.state, actor))
        samples.append(time.perf_counter() - t0)
        count = len(offers)
    return median_us(samples), count


def bench_play(rounds: int = 2000) -> float:
    game = Game(RULESET, scene(), seed=1, snapshots=False)
    samples: list[float] = []
    for i in range(rounds):
        action = Action("check", f"c{i % 6}", {"skill": "athletics", "dc": 12})
        t0 = time.perf_counter()
        game.play(action)
        samples.append(time.perf_counter() - t0)
    return median_us(samples)


def bench_refused_check(rounds: int = 2000) -> float:
    game = Game(RULESET, scene(), seed=1, snapshots=False)
    action = Action("check", "c0", {"skill": "athletics", "dc": 12, "take": 3})
    samples: list[float] = []
    for _ in range(rounds):
        t0 = time.perf_counter()
        game.check(action)
        samples.append(time.perf_counter() - t0)
    return median_us(samples)


def bench_random_games(games: int = 40, steps: int = 25) -> float:
    t0 = time.perf_counter()
    for seed in range(games):
        rng = random.Random(seed)
        game = Game(RULESET, scene(), seed=seed, snapshots=False)
        for _ in range(steps):
            offers = list(game.legal_actions(None))
            game.play(rng.choice(offers))
    return games / (time.perf_counter() - t0)


def main() -> None:
    legal, count = bench_legal_actions()
    print(f"legal_actions (one character, {count} offers): median {legal:.1f} µs")
    print(f"play of a Standard check: median {bench_play():.1f} µs")
    print(f"check of a refused Take 3: median {bench_refused_check():.1f} µs")
    print(f"random games ({25} steps): {bench_random_games():.1f} games/s")


if __name__ == "__main__":
    main()
