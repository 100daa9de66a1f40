"""The four rulesets' games held compactly are the same games.

Their state copies are kept as msgpack bytes and their logs packed (the compact paths are the
ones in use, not the fallbacks), and undoing every command of a seeded random game gives back,
field by field and type by type, the very state the game had there.
"""

from __future__ import annotations

import copy
import random
from pathlib import Path
from typing import Any

import pytest
import yaml

from turnkeeper.core.game import Game, _StateBytes
from turnkeeper.core.snapshot import same_data
from turnkeeper.rulesets import get_ruleset

ROOT = Path(__file__).resolve().parents[2]


def setup_of(path: str) -> dict[str, Any]:
    setup: dict[str, Any] = yaml.safe_load((ROOT / path).read_text("utf-8"))["setup"]
    return setup


GAMES = [
    ("e133", "examples/e133/ambush.yaml"),
    ("ptu", "examples/ptu/wild.yaml"),
    ("pte", "scenarios/pte/combat.yaml"),
    ("ptcg", ""),
]


@pytest.mark.parametrize(("name", "path"), GAMES)
def test_undoing_every_command_gives_back_each_state_exactly(name: str, path: str) -> None:
    config = setup_of(path) if path else {"decks": ["sapphire", "ruby"]}
    game: Game[Any] = Game(get_ruleset(name), config, seed=7)
    game.SNAPSHOT_EVERY = 8
    chooser = random.Random(7)
    states = [copy.deepcopy(game.state)]
    while len(game.log) < 150 and not game.is_over():
        offers = game.legal_actions().list()
        if not offers:
            break
        game.play(chooser.choice(offers))
        states.append(copy.deepcopy(game.state))
    assert len(game.log) > 3 * game.log.BLOCK  # type: ignore[attr-defined]
    assert game._snapshots and all(isinstance(c, _StateBytes) for c in game._snapshots.values())
    assert all(isinstance(block, bytes) for block in game.log._blocks)  # type: ignore[attr-defined]
    while len(game.log) > 1:
        game.undo()
        assert same_data(game.state, states[len(game.log) - 1]), f"undo to {len(game.log)}"
