"""The ruleset schema endpoint and GM-only marks (issue 11 part 3, issue 10)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.server.conftest import OPEN, Table
from tests.server.counter import RULESET as COUNTER
from tests.server.counter import SETUP
from tests.server.declared import RULESET as DECLARED
from turnkeeper.server import create_app
from turnkeeper.store import SqliteEventStore


@pytest.fixture
def declared(tmp_path: Path) -> Iterator[Table]:
    store = SqliteEventStore(tmp_path / "games.db")
    app = create_app(store, rulesets={"counter": COUNTER, "declared": DECLARED}, **OPEN)
    with TestClient(app) as client:
        created = client.post("/api/games", json={"ruleset": "declared", "setup": SETUP})
        assert created.status_code == 201, created.text
        table = Table(client, created.json()["game_id"], {"gm": created.json()["gm_token"]})
        for seat in ("north", "south"):
            table.tokens[seat] = table.post("seats", {"seat": seat}).json()["token"]
        yield table
    store.close()


def _seat_of(table: Table, actor: str) -> str:
    return "north" if actor == "ann" else "south"


def test_the_schema_of_a_declared_ruleset_is_published(declared: Table) -> None:
    got = declared.client.get("/api/rulesets/declared/schema")
    assert got.status_code == 200, got.text
    body = got.json()
    assert set(body["actions"]) == {"add", "roll", "play", "end_turn", "bonus"}
    assert body["actions"]["bonus"]["gm_only"] is True
    add = body["actions"]["add"]["params"]
    ref = add["$ref"].rsplit("/", 1)[-1]
    assert "note" in body["$defs"][ref]["properties"]
    openapi = declared.client.get("/openapi.json").json()
    assert "/api/rulesets/{name}/schema" in openapi["paths"]
    assert "/api/rulesets/{ruleset}/schema" in str(openapi["components"]["schemas"]["ActionIn"])


@pytest.mark.parametrize(
    ("name", "words"),
    [("nope", "unknown ruleset"), ("counter", "does not declare its action models")],
)
def test_an_unknown_or_undeclared_ruleset_has_no_schema(
    declared: Table, name: str, words: str
) -> None:
    got = declared.client.get(f"/api/rulesets/{name}/schema")
    assert got.status_code == 404, got.text
    assert got.json()["error"] == "not_found" and words in got.json()["detail"]


def _action(table: Table, kind: str, **params: Any) -> tuple[str, dict[str, Any]]:
    state = table.state()
    actor = state["whose_turn"]
    action = {"kind": kind, "actor": actor, "params": params}
    body = {"action": action, "expected_seq": state["seq"]}
    return _seat_of(table, actor), body


@pytest.mark.parametrize("path", ["play", "check"])
def test_a_seat_may_not_set_a_gm_only_field(declared: Table, path: str) -> None:
    seat, body = _action(declared, "add", amount=2, note="from the GM")
    if path == "check":
        body.pop("expected_seq")
    refused = declared.post(path, body, seat)
    assert refused.status_code == 403, refused.text
    assert refused.json()["field"] == "params.note"
    assert "note" in refused.json()["detail"]
    assert declared.state()["seq"] == 1
    # The GM may set it.
    _, body = _action(declared, "add", amount=2, note="from the GM")
    allowed = declared.post("check", {"action": body["action"]}, "gm")
    assert allowed.status_code == 200 and allowed.json()["allowed"] is True, allowed.text
    # The default value is not "setting" it; without it the seat may act.
    seat, body = _action(declared, "add", amount=2, note="")
    if path == "check":
        body.pop("expected_seq")
    assert declared.post(path, body, seat).status_code == 200


def test_a_seat_may_not_take_a_gm_only_kind(declared: Table) -> None:
    seat, body = _action(declared, "bonus", amount=3)
    refused = declared.post("play", body, seat)
    assert refused.status_code == 403, refused.text
    assert refused.json()["field"] == "kind"
    _, body = _action(declared, "bonus", amount=3)
    allowed = declared.post("play", body, "gm")
    assert allowed.status_code == 200, allowed.text
    assert declared.state()["seq"] == 2
