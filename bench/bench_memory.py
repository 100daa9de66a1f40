"""Memory held by a live game, per command of its log (tracemalloc).

Run: ``.venv/bin/python bench/bench_memory.py``. For e133, ptu and ptcg games of 1,000 and
6,400 commands (the encounters of ``bench_e133.py`` and ``bench_ptu.py`` and the
sapphire-vs-ruby ptcg decks; seeded random play among the legal actions; a ptcg game ends long
before 1,000 commands, so as many games as it takes are held at once) prints the bytes the
games hold in all, the share of the in-memory state copies (``Game._snapshots``, bounded by
``Game.SNAPSHOTS_KEPT``) and of the current state, and the rest, the log, per command.

Each game is measured as loaded from its own save (``Game.from_dict(..., trust_events=True)``,
the same log, state and kept copies as the live game): built that way, what the ruleset
caches for itself while offering legal actions (ptu's attack odds, say) is not counted as
the game's.

Goal (issue 16): log <= 200 bytes per command held, plus bounded state copies. A measurement,
not a test; ``--objects`` measures the same games with the log held as plain objects (how
every command was held before the compact log), for comparison.
"""

from __future__ import annotations

import argparse
import copy
import gc
import json
import os
import random
import sys
import tracemalloc
from collections.abc import Callable
from typing import Any

import bench_e133
import bench_ptu
from turnkeeper.core.game import Game, _StateBytes
from turnkeeper.core.log import CommandLog
from turnkeeper.rulesets import get_ruleset

GOAL = 200


def traced(build: Callable[..., Any], *args: Any) -> tuple[Any, int]:
    """(what ``build(*args)`` returns, the bytes it still holds once built)."""
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        built = build(*args)
        gc.collect()
        return built, tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()


def random_games(make: Callable[[int], Game[Any]], commands: int, seed: int) -> list[Game[Any]]:
    """Games played at random until they hold ``commands`` commands between them."""
    chooser = random.Random(seed)
    games = [make(seed)]
    while sum(len(g.log) for g in games) < commands:
        game = games[-1]
        offers = game.legal_actions(game.whose_turn()).list() if not game.is_over() else []
        if not offers:
            games.append(make(seed + len(games)))
            continue
        game.play(chooser.choice(offers))
    return games


def copies_bytes(game: Game[Any]) -> int:
    """The bytes of ``game``'s in-memory state copies (bytes, or objects deep-copied)."""
    size = 0
    for kept in game._snapshots.values():
        if isinstance(kept, _StateBytes):
            size += sys.getsizeof(kept.data) + sys.getsizeof(kept)
        else:
            size += traced(copy.deepcopy, kept)[1]
    return size


def report(name: str, make: Callable[[int], Game[Any]], commands: int) -> None:
    played = random_games(make, commands, seed=1)
    saves = [json.loads(g.to_json()) for g in played]
    ruleset = played[0].ruleset

    def load() -> list[Game[Any]]:
        return [Game.from_dict(save, ruleset, trust_events=True) for save in saves]

    load()  # warm up: the ruleset's one-time caches are not a game's
    games, total = traced(load)
    held = sum(len(g.log) for g in games)
    copies = sum(copies_bytes(g) for g in games)
    _, states = traced(lambda: [copy.deepcopy(g.state) for g in games])
    log = total - copies - states
    estimate = sum(g.held_bytes() for g in games)
    print(f"{name:5} {len(games):3} game(s), {held:5} commands: {total / 1e6:6.2f} MB in all "
          f"(held_bytes estimate {estimate / 1e6:5.2f} MB), state copies {copies / 1e3:6.1f} kB "
          f"({sum(len(g._snapshots) for g in games)}), state {states / 1e3:6.1f} kB, "
          f"log {log / held:5.0f} B/command   (goal <= {GOAL})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--objects", action="store_true",
                        help="hold every command as objects (no packing), for comparison")
    parser.add_argument("--sizes", default="1000,6400", help="commands held, comma-separated")
    args = parser.parse_args()
    if args.objects:
        CommandLog.LIVE = 10**9  # never pack
    print(f"uptime: {os.popen('uptime').read().strip()}"
          f"{'   (every command held as objects)' if args.objects else ''}")
    e133, ptu, ptcg = get_ruleset("e133"), get_ruleset("ptu"), get_ruleset("ptcg")
    for commands in (int(n) for n in args.sizes.split(",")):
        report("e133", lambda s: Game(e133, bench_e133.encounter(), seed=s), commands)
        report("ptu", lambda s: Game(ptu, bench_ptu.encounter(), seed=s), commands)
        report("ptcg", lambda s: Game(ptcg, {"decks": ["sapphire", "ruby"]}, seed=s), commands)


if __name__ == "__main__":
    main()
