"""Seeded random games of e133 and their final state hashes: proof that a change kept behaviour.

Every set-up of ``examples/e133`` and ``scenarios/e133`` is played ``GAMES_PER_SETUP`` times,
each game with its own seed and a seeded random choice among ``game.legal_actions()`` (every
combatant's offers, reactions included), up to ``MAX_STEPS`` actions. The final state hash and
the list of action keys of each game go into ``outcome_hashes.json`` beside this file;
``test_e133_outcome_hashes.py`` replays the same seeds and asserts identical results.

Regenerate (only when a rule change is meant to change games, and say which and why):
``PYTHONPATH=src .venv/bin/python tests/e133/outcome_hashes.py``.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import yaml

from turnkeeper.core.game import Game
from turnkeeper.rulesets import get_ruleset

ROOT = Path(__file__).resolve().parents[2]
RECORD = Path(__file__).with_name("outcome_hashes.json")
GAMES_PER_SETUP = 30
MAX_STEPS = 60


def setups() -> dict[str, dict[str, Any]]:
    """Every e133 set-up of the examples and scenario files, by file name."""
    found: dict[str, dict[str, Any]] = {}
    for folder in ("examples/e133", "scenarios/e133"):
        for path in sorted((ROOT / folder).glob("*.yaml")):
            document = yaml.safe_load(path.read_text())
            found[f"{folder}/{path.name}"] = document["setup"]
    return found


def play(setup: dict[str, Any], seed: int) -> dict[str, Any]:
    """One game: seeded dice, seeded random choices among the legal actions."""
    game = Game(get_ruleset("e133"), setup, seed=seed)
    chooser = random.Random(seed)
    keys: list[str] = []
    for _ in range(MAX_STEPS):
        if game.is_over():
            break
        offers = game.legal_actions().list()
        if not offers:
            break
        action = chooser.choice(offers)
        game.play(action)
        keys.append(action.key())
    return {"seed": seed, "hash": game.state_hash(), "actions": keys}


def outcomes() -> dict[str, list[dict[str, Any]]]:
    return {
        name: [play(setup, seed) for seed in range(GAMES_PER_SETUP)]
        for name, setup in setups().items()
    }


def main() -> None:
    RECORD.write_text(json.dumps(outcomes(), sort_keys=True) + "\n")
    print(f"wrote {RECORD}")


if __name__ == "__main__":
    main()
