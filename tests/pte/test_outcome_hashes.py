"""The pinned random games of ``outcome_hashes.json`` replay to the same actions and states."""

from __future__ import annotations

import json

import pytest

from tests.pte.outcome_hashes import HASH_FILE, play_one, setups

PINNED = json.loads(HASH_FILE.read_text("utf-8"))
CONFIGS = setups()


def test_the_pinned_file_covers_hundreds_of_games_on_every_setup() -> None:
    assert len(PINNED) >= 300
    assert {game["setup"] for game in PINNED} == set(range(len(CONFIGS)))
    assert sum(len(game["actions"]) for game in PINNED) > 300 * 10


@pytest.mark.parametrize("chunk", range(10))
def test_seeded_random_games_are_unchanged(chunk: int) -> None:
    for pinned in PINNED[chunk::10]:
        replayed = play_one(pinned["seed"], CONFIGS)
        assert replayed["actions"] == pinned["actions"], f"seed {pinned['seed']}: other actions"
        assert replayed["hash"] == pinned["hash"], f"seed {pinned['seed']}: other final state"
