"""Pinned outcomes of seeded random ``pte`` games, so refactors can prove "no behaviour change".

Each game takes one of the scenario files' set-ups, then plays up to ``STEPS`` actions, each a
seeded random choice among ``game.legal_actions(None)`` (every actor's offers, the GM's too).
The file ``outcome_hashes.json`` beside this module keeps, per game, the final state hash and
the keys of the actions played. ``python -m tests.pte.outcome_hashes`` (with PYTHONPATH=src)
writes it; ``test_outcome_hashes.py`` replays the same seeds and compares.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

import yaml

from turnkeeper.core.game import Game
from turnkeeper.rulesets.pte import RULESET

ROOT = Path(__file__).resolve().parents[2]
HASH_FILE = Path(__file__).with_name("outcome_hashes.json")
SETUP_FILES = ("checks.yaml", "combat.yaml", "kinds.yaml", "time.yaml", "independent_check.yaml")
GAMES = 300
STEPS = 25


def setups() -> list[dict[str, Any]]:
    """The top-level set-up of each listed scenario file, in a fixed order."""
    found = []
    for name in SETUP_FILES:
        document = yaml.safe_load((ROOT / "scenarios" / "pte" / name).read_text("utf-8"))
        found.append(document["setup"])
    return found


def play_one(seed: int, configs: list[dict[str, Any]]) -> dict[str, Any]:
    """One seeded random game: its set-up index, the action keys played and the final hash."""
    rng = random.Random(seed)
    index = seed % len(configs)
    game = Game(RULESET, configs[index], seed=seed)
    keys: list[str] = []
    for _ in range(STEPS):
        offers = list(game.legal_actions(None))
        if not offers:
            break
        action = rng.choice(offers)
        game.play(action)
        keys.append(action.key())
    return {"seed": seed, "setup": index, "actions": keys, "hash": game.state_hash()}


def outcomes(games: int = GAMES) -> list[dict[str, Any]]:
    configs = setups()
    return [play_one(seed, configs) for seed in range(games)]


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    games = int(args[0]) if args else GAMES
    HASH_FILE.write_text(json.dumps(outcomes(games), indent=0) + "\n", encoding="utf-8")
    print(f"wrote {games} pte game outcomes to {HASH_FILE}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
