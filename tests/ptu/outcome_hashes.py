"""Pinned outcomes of seeded random PTU games: the proof that a refactor changes no game.

``main()`` plays a few hundred games from the example set-ups with a seeded random choice
among ``Game.legal_actions()`` (every seat's offers, the GM's included, out-of-turn Orders
left out: they were offered later, see ``play_one``) and writes each
game's final state hash, the hash of its event log and the keys of the actions played to
``outcome_hashes.json`` beside this file. ``test_ptu_outcome_hashes.py`` replays the same
seeds and asserts the same results. Regenerate only when a rule fix is meant to change
games: ``PYTHONPATH=src .venv/bin/python tests/ptu/outcome_hashes.py``.
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any

import yaml

from turnkeeper.core.game import Game, jsonable
from turnkeeper.rulesets import get_ruleset

HERE = Path(__file__).parent
ROOT = HERE.parent.parent
RESULTS = HERE / "outcome_hashes.json"
# Frozen copies of the two example encounters as they were when the games were pinned: the
# examples themselves may be retuned (balance) without unpinning every game.
SETUPS = ("tests/ptu/pinned/wild.yaml", "tests/ptu/pinned/league.yaml")
SEEDS = range(150)
MAX_STEPS = 60


def setup_of(path: str) -> dict[str, Any]:
    data = yaml.safe_load((ROOT / path).read_text())
    setup: dict[str, Any] = data["setup"]
    return setup


def play_one(setup: dict[str, Any], seed: int) -> dict[str, Any]:
    """One game: seeded dice, a seeded random pick among the legal actions at every step."""
    game = Game(get_ruleset("ptu"), setup, seed=seed, snapshots=False)
    pick = random.Random(seed)
    keys: list[str] = []
    for _ in range(MAX_STEPS):
        if game.is_over():
            break
        # Orders left out: the listing offers a Trainer's out-of-turn Order (Priority
        # (Limited)) since after these games were pinned; every other offer is as it was,
        # so the seeded picks, and the games, are the pinned ones.
        offers = [offer for offer in game.legal_actions() if offer.kind != "order"]
        if not offers:
            break
        action = pick.choice(offers)
        game.play(action)
        keys.append(action.key())
    events = json.dumps(jsonable([e.to_dict() for e in game.events]), sort_keys=True)
    return {
        "state_hash": game.state_hash(),
        "events_hash": hashlib.sha256(events.encode()).hexdigest(),
        "actions": keys,
    }


def play_all() -> dict[str, dict[str, Any]]:
    results: dict[str, dict[str, Any]] = {}
    for path in SETUPS:
        setup = setup_of(path)
        for seed in SEEDS:
            results[f"{path}#{seed}"] = play_one(setup, seed)
    return results


def main() -> None:
    results = play_all()
    lines = [f"{json.dumps(name)}: {json.dumps(results[name])}" for name in sorted(results)]
    RESULTS.write_text("{\n" + ",\n".join(lines) + "\n}\n")
    print(f"wrote {RESULTS}")


if __name__ == "__main__":
    main()
