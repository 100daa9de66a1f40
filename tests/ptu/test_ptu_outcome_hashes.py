"""The seeded random games of ``outcome_hashes.py`` end exactly as recorded."""

from __future__ import annotations

import json

from tests.ptu.outcome_hashes import RESULTS, play_all


def test_seeded_games_end_as_recorded() -> None:
    recorded = json.loads(RESULTS.read_text())
    played = play_all()
    assert sorted(played) == sorted(recorded)
    changed = [name for name in recorded if played[name] != recorded[name]]
    assert changed == [], f"{len(changed)} games changed, first: {changed[:5]}"
