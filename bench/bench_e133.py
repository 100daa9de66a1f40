"""Benchmark of the Element 133 ruleset's hot paths, on a 12-combatant encounter.

Run: ``.venv/bin/python bench/bench_e133.py``. Prints medians; asserts nothing about time
(benchmarks are measurements, not tests). Goals (project issues 3 and 16):

- ``legal_actions`` for the acting combatant: median < 20 µs (fresh and after a play);
  at 50 combatants < 20 µs, at 200 combatants < 40 µs, fresh and right after a hit;
- ``play`` of one action (check + resolve + apply + log): end_turn < 15 µs, a move < 25 µs;
- replay of 10,000 events: < 0.5 s.

``legal_actions`` is cached per state version, so it is measured three ways: "fresh" (the
first call after a change of state: the version is bumped so nothing cached for the state
helps), "after play" (the first call right after a real action changed the state) and
"warm" (asked again on the same state, as a client polling the legal actions does). Only
the fresh and after-play numbers count toward the goal.

"Right after a hit" plays real hits in an encounter with hit points (``bench_after_hit``): a
change of hit points alone rebuilds only the attack offers whose P(drop) changed
(rulesets/e133/changes.py). A change of cover or effects still rebuilds every attack offer
(``roster_cold``: the roster version is moved on by hand, so nothing is known of what changed).

History (medians on the shared 2-core machine): before the fast path, fresh ~129-170 µs
(38 actions), play of a move ~35 µs, replay of 10,000 events ~0.12 s; after it, fresh
~8 µs. Since every attack offer carries its exact hit odds (the combatants have attack
bonuses and ACs), fresh ~9-10 µs. Issue 16 (load 16-18, medians): end_turn 26.9 -> 17.8 µs,
move 42.5 -> 32.2 µs, after a play 28.8 -> 13.8 µs, fresh at 200 combatants 286 -> 20 µs
(menus, attack offers and outcome cached per roster version). Issue 16, sixth session
(e133 compiled with mypyc, the kernel's cost per command cut; load 1-3, the host's slow
phases included): move 13.7-20.8 -> 6.4-10.6 µs, end_turn 8.9-13.4 -> 4.1-6.6 µs. See
docs/rulesets/e133.md, Legal actions and performance, and docs/speed.md.
"""

from __future__ import annotations

import os
import random
import statistics
import subprocess
import time
from typing import Any

from timing import best_replay, median_us, play_then_end_turn
from turnkeeper.core.game import Game
from turnkeeper.core.model import Action
from turnkeeper.dice.source import ForcedDice, SeededDice
from turnkeeper.rulesets import get_ruleset

RULESET = get_ruleset("e133")


def encounter(size: int = 12) -> dict[str, Any]:
    combatants = []
    for i in range(size):
        combatants.append({
            "id": f"c{i:02d}",
            "side": "party" if i % 2 == 0 else "foes",
            "initiative": (30 if size <= 12 else size + 10) - i,
            "speeds": {"walk": 30, "fly": 40} if i % 3 == 0 else {"walk": 30},
            "attacks": 2 if i % 4 == 0 else 1,
            "con": 12,
            # every attack offer carries its exact odds (attack bonus vs AC)
            "attack_bonus": {"melee": 3 + i % 4, "ranged": 2 + i % 3},
            "ac": 12 + i % 5,
        })
    return {"combatants": combatants}


def bench_legal_actions(rounds: int = 2000, size: int = 12, roster_cold: bool = False
                        ) -> tuple[float, float, int]:
    """(fresh median µs, warm median µs, offers). Fresh: the state's version is bumped, so the
    per-version cache is cold; with ``roster_cold`` the roster version too, as after a hit
    (the menus and attack offers are rebuilt: the worst case)."""
    game = Game(RULESET, encounter(size), seed=1)
    cold: list[float] = []
    warm: list[float] = []
    count = 0
    for i in range(rounds):
        actor = game.whose_turn()
        # a fresh state version each time: the cache is cold
        game.state.version += 1
        if roster_cold:
            game.state.roster_version += 1
        t0 = time.perf_counter()
        actions = list(RULESET.legal_actions(game.state, actor))
        cold.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        list(RULESET.legal_actions(game.state, actor))
        warm.append(time.perf_counter() - t0)
        count = len(actions)
        if i % 3 == 2:
            game.play(Action("end_turn", actor))
    return median_us(cold), median_us(warm), count


def fight_at(size: int) -> dict[str, Any]:
    """``encounter(size)`` with hit points and damage: a hit changes the target's hit points
    (so every offer of an attack on it carries a new P(drop)). The hit points are deep
    enough that nobody drops during the bench."""
    setup = encounter(size)
    for i, c in enumerate(setup["combatants"]):
        c["max_hp"] = 100_000
        c["damage"] = {"melee": ["1d8+2 slashing", "1d6+1 piercing"][i % 2],
                       "ranged": "1d6 piercing"}
    return setup


def bench_after_hit(size: int, turns: int = 300) -> tuple[float, float, int]:
    """Legal actions right after a real hit (issue 16), in median µs: (the attacker's own,
    with the further attacks of its attack action; the next combatant's, after the hit and
    the end of the turn, whose attack offers catch up with every hit since its last turn),
    and the hits scored while measuring. Each turn the acting combatant attacks the enemy
    after it in the set-up order, with a forced natural 15 (a hit). A first round is played
    unmeasured, so that every combatant has seen its offers once (a fight's steady state)."""
    game = Game(RULESET, fight_at(size), seed=1, snapshots=False)
    own: list[float] = []
    nxt: list[float] = []
    hits = 0
    for turn in range(size + turns):
        actor = game.whose_turn()
        assert actor is not None
        list(RULESET.legal_actions(game.state, actor))  # the turn's offers, as a client asks
        index = int(actor[1:])
        target = f"c{(index + 1) % size:02d}"
        events = game.play(Action("attack", actor, {"target": target}),
                           dice=ForcedDice([15], SeededDice(index)))
        t0 = time.perf_counter()
        list(RULESET.legal_actions(game.state, actor))
        mine = time.perf_counter() - t0
        game.play(Action("end_turn", actor))
        after = game.whose_turn()
        t0 = time.perf_counter()
        list(RULESET.legal_actions(game.state, after))
        theirs = time.perf_counter() - t0
        if turn >= size:
            own.append(mine)
            nxt.append(theirs)
            hits += any(e.type == "damage_dealt" for e in events)
    return median_us(own), median_us(nxt), hits


def bench_after_play(rounds: int = 3000) -> float:
    """The first legal_actions call after each real action (moves, attacks, turn ends)."""
    game = Game(RULESET, encounter(), seed=1)
    samples: list[float] = []
    for i in range(rounds):
        actor = game.whose_turn()
        assert actor is not None
        step = i % 3
        if step == 0:
            action = Action("move", actor, {"distance": 10})
        elif step == 1:
            action = Action("attack", actor, {"target": "c01" if actor != "c01" else "c02"})
        else:
            action = Action("end_turn", actor)
        game.play(action)
        actor = game.whose_turn()
        t0 = time.perf_counter()
        list(RULESET.legal_actions(game.state, actor))
        samples.append(time.perf_counter() - t0)
    return median_us(samples)


def bench_play(rounds: int = 3000) -> tuple[float, float]:
    return play_then_end_turn(Game(RULESET, encounter(), seed=1), "move", {"distance": 10}, rounds)


def bench_replay(target_events: int = 10_000) -> tuple[int, float]:
    game = Game(RULESET, encounter(), seed=1, snapshots=False)
    while sum(len(c.events) for c in game.log) < target_events:
        actor = game.whose_turn()
        assert actor is not None
        game.play(Action("attack", actor, {"target": "c01" if actor != "c01" else "c02"}))
        game.play(Action("move", actor, {"distance": 10}))
        game.play(Action("end_turn", actor))
    return best_replay(game)


def fight_encounter() -> dict[str, Any]:
    """Four against four with hit points, damage profiles and defences (issue 14)."""
    combatants = []
    for i in range(8):
        party = i % 2 == 0
        combatants.append({
            "id": f"{'p' if party else 'f'}{i // 2}",
            "side": "party" if party else "foes",
            "init_mod": i % 4,
            "speeds": {"walk": 30},
            "attacks": 2 if i % 4 == 0 else 1,
            "attack_bonus": {"melee": 3 + i % 4, "ranged": 2 + i % 3},
            "ac": 12 + i % 5,
            "max_hp": 12 + 3 * (i % 4),
            "damage": {"melee": ["1d8+2 slashing", "1d6+1 piercing"][i % 2],
                       "ranged": "1d6 piercing"},
            "resistances": ["slashing"] if i % 3 == 0 else [],
        })
    return {"combatants": combatants}


def bench_fight(games: int = 40) -> tuple[list[float], list[int], dict[str, int]]:
    """Random-policy play of the 4-vs-4 fight to its end: (actions per second of each game,
    actions of each game, wins per side). Every legal action (reactions included) is a
    candidate; the time is legal_actions + play, as a simulation spends it."""
    rates: list[float] = []
    lengths: list[int] = []
    wins: dict[str, int] = {}
    for seed in range(games):
        game = Game(RULESET, fight_encounter(), seed=seed, snapshots=False)
        chooser = random.Random(seed)
        n = 0
        t0 = time.perf_counter()
        while not game.is_over():
            game.play(chooser.choice(game.legal_actions().list()))
            n += 1
        rates.append(n / (time.perf_counter() - t0))
        lengths.append(n)
        outcome = game.outcome()
        side = outcome.winners[0] if outcome and outcome.winners else "nobody"
        wins[side] = wins.get(side, 0) + 1
    return rates, lengths, wins


def uptime() -> str:
    try:
        return subprocess.run(["uptime"], capture_output=True, text=True, check=False
                              ).stdout.strip()
    except OSError:
        return f"load average {os.getloadavg()}"


def main() -> None:
    print(uptime())
    rates, lengths, wins = bench_fight()
    print(f"Element 133, 4 vs 4 fight to the end, random policy ({len(rates)} games): "
          f"actions/s min {min(rates):,.0f}, median {statistics.median(rates):,.0f}; "
          f"actions per game median {statistics.median(lengths):.0f}; wins {wins}")
    cold, warm, count = bench_legal_actions()
    after = bench_after_play()
    move, end = bench_play()
    events, replay = bench_replay()
    print("Element 133, 12 combatants")
    print(f"legal_actions (acting combatant, {count} actions): fresh median {cold:.1f} µs, "
          f"after a play {after:.1f} µs (goal < 20 µs), warm (cached) {warm:.1f} µs   "
          "(goal < 20 µs fresh)")
    print(f"play one action: move median {move:.1f} µs (goal < 25 µs), end_turn median "
          f"{end:.1f} µs (goal < 15 µs)")
    for size, goal in ((50, 20), (200, 40)):
        cold, _, count = bench_legal_actions(rounds=600, size=size)
        worst, _, _ = bench_legal_actions(rounds=300, size=size, roster_cold=True)
        own, nxt, hits = bench_after_hit(size)
        print(f"legal_actions at {size} combatants ({count} actions): fresh median "
              f"{cold:.1f} µs (goal < {goal} µs); right after a hit ({hits} hits, "
              f"{size} with hit points): the attacker's {own:.1f} µs (goal < {goal} µs), "
              f"the next combatant's {nxt:.1f} µs (no goal; its offers catch up with "
              f"every hit since its last turn); after a change of cover or effects "
              f"(every attack offer rebuilt) {worst:.1f} µs (no goal)")
    print(f"replay of {events} events: {replay:.3f} s   (goal < 0.5 s)")
    print(uptime())


if __name__ == "__main__":
    main()
