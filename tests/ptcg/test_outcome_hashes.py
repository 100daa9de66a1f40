"""The pinned seeded games (outcome_hashes.json) play out exactly as recorded."""

from __future__ import annotations

import json

import pytest

from tests.ptcg.outcome_hashes import FULL_KEYS, PINNED, SETUPS, play

_PINNED = json.loads(PINNED.read_text())


@pytest.mark.parametrize(("name", "config", "count"), SETUPS, ids=[s[0] for s in SETUPS])
def test_seeded_random_games_end_exactly_as_pinned(
    name: str, config: dict[str, object], count: int
) -> None:
    for seed in range(count):
        pinned = _PINNED[f"{name}/{seed}"]
        result = play(dict(config), seed)
        if seed < FULL_KEYS:
            assert result["keys"] == pinned["keys"], f"{name}/{seed}"
        assert result["actions_digest"] == pinned["actions_digest"], f"{name}/{seed}"
        assert result["hash"] == pinned["hash"], f"{name}/{seed}"


def test_every_pinned_game_is_replayed() -> None:
    assert len(_PINNED) == sum(count for _, _, count in SETUPS) >= 300
