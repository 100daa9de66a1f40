"""Benchmark of the PTU ruleset's hot paths, on a 12-combatant Full Contact encounter.

Run: ``.venv/bin/python bench/bench_ptu.py``. Prints medians; asserts nothing about time
(benchmarks are measurements, not tests). Goals (project issue 4):

- ``legal_actions`` for the acting combatant: median < 20 µs;
- ``play`` of one action (check + resolve + apply + log): median < 50 µs;
- replay of 10,000 events: < 0.5 s.

And issue 14: random-policy actions per second for a 2-vs-2 Full Contact fight (a Trainer and
a Pokémon a side) played to its end (goal >= 20,000 a second on one core; issue 16: >= 40,000),
min and median of several batches. Issue 11: ``legal_actions`` cold < 20 µs.
``--fuzz N`` plays N random encounters (tests/ptu/fuzz.py) with invariants
checked after every action and reports the failures (goal 0).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from timing import best_replay, median_us, play_then_end_turn
from turnkeeper import compiled
from turnkeeper.core.game import Game
from turnkeeper.core.model import Action
from turnkeeper.rulesets import get_ruleset

RULESET = get_ruleset("ptu")


def encounter() -> dict[str, Any]:
    """Four players, each a Trainer and two active Pokémon: 12 combatants on two sides."""
    players = []
    for i in range(4):
        x = i * 3
        players.append({
            "name": f"p{i}",
            "side": "red" if i % 2 == 0 else "blue",
            "trainer": {"id": f"t{i}", "speed": 10 + i, "level": 10, "position": [x, 0],
                        "items": {"potion": 3}},
            "pokemon": [
                {"id": f"p{i}a", "speed": 20 + i, "moves": ["Tackle", "Quick Attack", "Protect"],
                 "active": True, "position": [x, 1], "hp": 10_000},
                {"id": f"p{i}b", "speed": 30 + i, "moves": ["Ember", "Scratch", "Detect"],
                 "active": True, "position": [x + 1, 1], "hp": 10_000},
            ],
        })
    return {"context": "full_contact", "pokemon_turns": "every_pokemon", "players": players}


def started() -> Game[Any]:
    game = Game(RULESET, encounter(), seed=1, snapshots=False)
    game.play(Action("begin_combat", "gm"))
    return game


def bench_legal_actions(rounds: int = 3000) -> tuple[float, float, float, int]:
    """Cold: the first call on a new state version; warm: asked again on the same state."""
    game = started()
    samples: list[float] = []
    warm: list[float] = []
    checks: list[float] = []
    count = 0
    for _ in range(rounds):
        actor = game.whose_turn()
        t0 = time.perf_counter()
        actions = list(RULESET.legal_actions(game.state, actor))
        samples.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        list(RULESET.legal_actions(game.state, actor))
        warm.append(time.perf_counter() - t0)
        probe = Action("end_turn", actor)
        t0 = time.perf_counter()
        RULESET.check(game.state, probe)
        checks.append(time.perf_counter() - t0)
        count = len(actions)
        game.play(Action("end_turn", actor))
    return median_us(samples), median_us(warm), median_us(checks), count


def bench_play(rounds: int = 3000) -> tuple[float, float]:
    return play_then_end_turn(started(), "swift_action", {"what": "a feature"}, rounds)


def bench_replay(target_events: int = 10_000) -> tuple[int, float]:
    game = started()
    while sum(len(c.events) for c in game.log) < target_events:
        actor = game.whose_turn()
        assert actor is not None
        game.play(Action("standard_action", actor, {"what": "a skill check"}))
        game.play(Action("shift_action", actor, {"what": "a feature"}))
        game.play(Action("end_turn", actor))
    return best_replay(game)


def duel_config() -> dict[str, Any]:
    """2 vs 2 in Full Contact: a Trainer and a Pokémon a side, everyone adjacent."""
    def side(name: str, y: int, kind: str) -> dict[str, Any]:
        return {
            "name": name,
            "trainer": {"id": f"{name}_t", "speed": 8, "level": 10, "position": [0, y],
                        "stats": {"hp": 6, "attack": 5, "defense": 5, "special_attack": 5,
                                  "special_defense": 5}},
            "pokemon": [{"id": f"{name}_{kind}", "level": 15, "types": [kind], "speed": 12,
                         "stats": {"hp": 6, "attack": 8, "defense": 6, "special_attack": 8,
                                   "special_defense": 6},
                         "moves": ["Tackle", "Scratch", "Ember" if kind == "Fire" else
                                   "Water Gun"], "active": True, "position": [1, y]}],
        }
    return {"context": "full_contact",
            "players": [side("red", 0, "Fire"), side("blue", 1, "Water")]}


def bench_fight(
    batches: int = 5, games: int = 40, warmup: int = 1
) -> tuple[float, float, float, float, int, int]:
    """Actions a second over ``batches`` batches of ``games`` fights played to their end by
    random agents (turnkeeper.sim): (min, median) by the wall clock and (min, median) per
    CPU second of this process (what one core does when the machine is shared), plus
    actions and unfinished games in all. ``warmup`` fights (their own seed) are played
    first and not timed: a process's first fights fill tables every later fight reuses (the
    move data's derived tables, the per-state caches' classes), which made the first batch
    the slowest of every run; the goal is about fights played one after another."""
    from turnkeeper.sim import play_one

    config = duel_config()
    for i in range(warmup):
        play_one("ptu", config, "warm", i, ["random", "random"], 5000)
    wall: list[float] = []
    cpu: list[float] = []
    total = unfinished = 0
    for batch in range(batches):
        t0, c0 = time.perf_counter(), time.process_time()
        actions = 0
        for i in range(games):
            result = play_one("ptu", config, f"bench{batch}", i, ["random", "random"], 5000)
            actions += result.actions
            unfinished += result.winners is None
        wall.append(actions / (time.perf_counter() - t0))
        cpu.append(actions / max(1e-9, time.process_time() - c0))
        total += actions
    return (min(wall), statistics.median(wall), min(cpu), statistics.median(cpu), total,
            unfinished)


def run_fuzz(count: int, max_actions: int, start: int = 0) -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from tests.ptu.fuzz import fuzz_one

    failures: list[str] = []
    ended = actions = 0
    t0 = time.perf_counter()
    for seed in range(start, start + count):
        try:
            played, finished = fuzz_one(seed, max_actions)
        except AssertionError as exc:
            failures.append(str(exc))
            continue
        ended += finished
        actions += played
        done = seed - start + 1
        if done % 500 == 0 and done < count:  # a long run says how far it is (on stderr)
            print(f"  fuzz: {done}/{count} encounters, {len(failures)} failures, "
                  f"{time.perf_counter() - t0:.0f} s", file=sys.stderr, flush=True)
    elapsed = time.perf_counter() - t0
    print(f"fuzz: {count} random encounters (seeds {start}..{start + count - 1}), "
          f"{actions} actions in {elapsed:.0f} s: "
          f"{len(failures)} invariant failures; {ended} reached a winner, "
          f"{count - len(failures) - ended} stopped at the cap of {max_actions} actions")
    for failure in failures[:20]:
        print("  " + failure)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--fuzz", type=int, default=0, help="play N random encounters")
    parser.add_argument("--fuzz-max-actions", type=int, default=3000,
                        help="actions a fuzzed encounter may take before it is cut off")
    parser.add_argument("--fuzz-start", type=int, default=0, help="the first fuzz seed")
    parser.add_argument("--fight-only", action="store_true")
    parser.add_argument("--batches", type=int, default=5, help="timed batches of the fight")
    parser.add_argument("--warmup", type=int, default=1,
                        help="untimed fights played first (0: time a cold process)")
    args = parser.parse_args()
    print(f"uptime: {os.popen('uptime').read().strip()}")
    # which build ran: the mypyc one (turnkeeper/compiled.py) or pure Python, and why
    print(f"build: {compiled.STATUS.get('turnkeeper.rulesets.ptu', 'pure')}")
    if args.fuzz:
        run_fuzz(args.fuzz, args.fuzz_max_actions, args.fuzz_start)
        return
    if args.batches < 1 or args.warmup < 0:
        parser.error("--batches must be at least 1 and --warmup at least 0")
    low, mid, cpu_low, cpu_mid, total, unfinished = bench_fight(args.batches, 40, args.warmup)
    print(f"2-vs-2 Full Contact fight to the end, random agents ({args.warmup} untimed "
          f"warm-up fights, {args.batches} batches of 40): {total} actions, "
          f"{unfinished} unfinished (cap 5000); wall clock min {low:,.0f} / median {mid:,.0f} "
          f"actions/s; per CPU second min {cpu_low:,.0f} / median {cpu_mid:,.0f}   "
          "(goal >= 20,000 on one core, issue 14; >= 40,000, issue 16)")
    if args.fight_only:
        return
    legal, warm, check, count = bench_legal_actions()
    act, end = bench_play()
    events, replay = bench_replay()
    print("PTU Full Contact, 12 combatants")
    print(f"legal_actions (acting combatant, {count} actions): cold median {legal:.1f} µs, "
          f"warm median {warm:.1f} µs   (goal < 20 µs)")
    print(f"check (one action): median {check:.2f} µs")
    print(f"play one action: swift_action median {act:.1f} µs, end_turn median {end:.1f} µs   "
          "(goal < 50 µs)")
    print(f"replay of {events} events: {replay:.3f} s   (goal < 0.5 s)")


if __name__ == "__main__":
    main()
