"""Pinned outcomes of seeded random ptcg games played through the public ``Game`` API.

    PYTHONPATH=src .venv/bin/python tests/ptcg/outcome_hashes.py   # writes outcome_hashes.json

Each game starts from one of the set-ups below, and a ``random.Random`` seeded from the
game's index picks uniformly among ``game.legal_actions(seat)`` until the game ends (or a
cap of actions). The file records each game's final state hash and a digest of its list of
action keys (the first few games keep the whole list, to show where two runs part ways).
``test_outcome_hashes.py`` replays the same seeds and asserts the same results: a change of
layout or of parameter parsing must leave every game as it was.
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any

from turnkeeper.core.game import Game
from turnkeeper.rulesets import get_ruleset

HERE = Path(__file__).parent
PINNED = HERE / "outcome_hashes.json"
MAX_ACTIONS = 400  # a Game with a log is slow; most random games end well before
FULL_KEYS = 5  # games whose whole action list is kept in the file

# A named position from the scenario files' kind: Stadiums, a Tool, a Poké-Power on the
# Bench, a Supporter, damaged and poisoned Pokémon.
POSITION: dict[str, Any] = {
    "turn": 3,
    "p1": {
        "hand": [
            "Professor Birch",
            "High Pressure System",
            "Lum Berry",
            "Potion",
            "Water Energy",
            "Marshtomp",
            "Poké Ball",
        ],
        "deck": ["Water Energy"] * 8 + ["Mudkip", "Energy Search", "PokéNav"],
        "prizes": ["Grass Energy"] * 3,
        "active": {"card": "Mudkip", "energy": ["Water Energy"], "damage": 20},
        "bench": [{"card": "ex1-13", "under": ["Mudkip", "Marshtomp"]}, "Treecko"],
    },
    "p2": {
        "hand": ["Fire Energy", "Low Pressure System", "Combusken"],
        "deck": ["Fire Energy"] * 8 + ["Torchic"],
        "prizes": ["Fire Energy"] * 3,
        "active": {"card": "Torchic", "conditions": ["poisoned"], "energy": ["Fire Energy"]},
        "bench": ["Makuhita"],
    },
}

SETUPS: list[tuple[str, dict[str, Any], int]] = [
    ("sapphire-ruby", {"decks": ["sapphire", "ruby"]}, 80),
    ("ruby-sapphire", {"decks": ["ruby", "sapphire"]}, 30),
    (
        "old-rules",
        {
            "decks": ["sapphire", "ruby"],
            "settings": {
                "first_turn_draw": True,
                "first_turn_supporter": True,
                "first_turn_attack": False,
                "stadium_same_name": True,
                "mulligan_draw": 2,
            },
        },
        30,
    ),
    ("position", {"position": POSITION}, 200),
]


def play(config: dict[str, Any], seed: int) -> dict[str, Any]:
    """One seeded random game: its final state hash and its action keys."""
    game = Game(get_ruleset("ptcg"), config, seed=seed)
    rng = random.Random(seed)
    keys: list[str] = []
    while not game.is_over() and len(keys) < MAX_ACTIONS:
        seat = game.whose_turn()
        offers = game.legal_actions(seat).list()
        action = offers[rng.randrange(len(offers))]
        game.play(action)
        keys.append(action.key())
    digest = hashlib.sha256("\n".join(keys).encode()).hexdigest()
    return {"hash": game.state_hash(), "actions": len(keys), "actions_digest": digest, "keys": keys}


def all_games() -> dict[str, Any]:
    games: dict[str, Any] = {}
    for name, config, count in SETUPS:
        for seed in range(count):
            result = play(config, seed)
            if seed >= FULL_KEYS:
                del result["keys"]
            games[f"{name}/{seed}"] = result
    return games


def main() -> None:
    PINNED.write_text(json.dumps(all_games(), indent=1, sort_keys=True) + "\n")
    print(f"wrote {PINNED}")


if __name__ == "__main__":
    main()
