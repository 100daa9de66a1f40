"""The recorded seeded e133 games replay to the same final states (no behaviour change)."""

from __future__ import annotations

import json

import pytest

from tests.e133.outcome_hashes import GAMES_PER_SETUP, RECORD, play, setups

RECORDED = json.loads(RECORD.read_text())
SETUPS = setups()


def test_every_setup_is_recorded() -> None:
    assert sorted(RECORDED) == sorted(SETUPS)
    assert all(len(games) == GAMES_PER_SETUP for games in RECORDED.values())


@pytest.mark.parametrize("name", sorted(SETUPS))
def test_games_replay_identically(name: str) -> None:
    for recorded in RECORDED[name]:
        replayed = play(SETUPS[name], recorded["seed"])
        assert replayed["actions"] == recorded["actions"], f"{name} seed {recorded['seed']}"
        assert replayed["hash"] == recorded["hash"], f"{name} seed {recorded['seed']}"
