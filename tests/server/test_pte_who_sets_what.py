"""PTE over the server: the DC, circumstance dice, synergy and Take X are the GM's (READINGS)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.server.conftest import OPEN, Table
from turnkeeper.rulesets import get_ruleset
from turnkeeper.server import create_app
from turnkeeper.store import SqliteEventStore

SETUP: dict[str, Any] = {
    "characters": {"ash": {"skills": {"athletics": "adept", "survival": "novice"}}},
    "tasks": {"Climb the Wall": {"dc": 12, "skill": "athletics"}},
}


@pytest.fixture
def scene(tmp_path: Path) -> Iterator[Table]:
    store = SqliteEventStore(tmp_path / "games.db")
    app = create_app(store, rulesets={"pte": get_ruleset("pte")}, **OPEN)
    with TestClient(app) as client:
        created = client.post("/api/games", json={"ruleset": "pte", "setup": SETUP})
        assert created.status_code == 201, created.text
        table = Table(client, created.json()["game_id"], {"gm": created.json()["gm_token"]})
        table.tokens["ash"] = table.post("seats", {"seat": "ash"}).json()["token"]
        yield table
    store.close()


def _check(table: Table, who: str, **params: Any) -> Any:
    body = {"action": {"kind": "check", "actor": "ash", "params": params}}
    return table.post("check", body, who)


@pytest.mark.parametrize(
    ("params", "field"),
    [
        ({"skill": "athletics", "dc": 10}, "params.dc"),
        ({"task": "Climb the Wall", "take": 3, "time_factor": 6}, "params.take"),
        ({"task": "Climb the Wall", "synergy": "survival"}, "params.synergy"),
    ],
)
def test_a_player_may_not_set_what_is_the_gms(
    scene: Table, params: dict[str, Any], field: str
) -> None:
    refused = _check(scene, "ash", **params)
    assert refused.status_code == 403, refused.text
    assert refused.json()["field"] == field
    # The GM may send the same field for the player's character: the rules then judge it
    # (a prepared task already fixes its own synergy, so that one is a refusal, not a 403).
    judged = _check(scene, "gm", **params)
    assert judged.status_code == 200, judged.text


def test_a_player_names_the_gms_prepared_task(scene: Table) -> None:
    answer = _check(scene, "ash", task="climb the wall")
    assert answer.status_code == 200, answer.text
    assert answer.json()["allowed"] is True
