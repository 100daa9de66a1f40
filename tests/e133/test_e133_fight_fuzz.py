"""A few random e133 encounters with hit points played to their end with invariants
(tests/e133/fight_fuzz.py; the 10,000-encounter run is the same module as a script)."""

from __future__ import annotations

import pytest

from tests.e133.fight_fuzz import play_checked, random_encounter


@pytest.mark.parametrize("seed", range(12))
def test_a_random_encounter_plays_to_its_end_with_the_invariants(seed: int) -> None:
    actions, problems, winner = play_checked(random_encounter(seed), seed)
    assert problems == []
    assert actions > 0
    # over: one side left, or nobody (no winner)
    assert winner in ("party", "foes", None)
