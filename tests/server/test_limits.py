"""Issue 10 part 3: every JSON input is bounded and clean before anything is stored.

Each case was stored by the server before the limits (and some then broke every later read
of the game: /log, /state, the WebSocket).
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.server.conftest import Table
from tests.server.counter import SETUP


def nested(depth: int, leaf: Any = 1) -> Any:
    value = leaf
    for _ in range(depth):
        value = [value]
    return value


def post(client: TestClient, url: str, body: Any, token: str | None = None) -> Any:
    """POST ``body`` as ASCII JSON: lone surrogates travel as ``\\udfff`` escapes, as any
    client may send them."""
    headers = {"content-type": "application/json"}
    if token is not None:
        headers["Authorization"] = f"Bearer {token}"
    return client.post(url, content=json.dumps(body).encode(), headers=headers)


def play_body(table: Table, params: dict[str, Any], **extra: Any) -> dict[str, Any]:
    st = table.state()
    action = {"kind": "add", "actor": st["whose_turn"], "params": {"amount": 1, **params}}
    return {"action": action, "expected_seq": st["seq"], **extra}


def reads_all_work(table: Table) -> None:
    for who in ("gm", "north", "south", "spectator"):
        for path in ("log", "state", "replay"):
            if path == "replay" and who != "gm":
                continue  # the full replay is the GM's only
            response = table.get(path, who)
            assert response.status_code == 200, (who, path, response.text[:200])
    with table.client.websocket_connect(table.url(f"ws?token={table.tokens['north']}")) as socket:
        assert socket.receive_json()["type"] == "hello"


BAD_PARAMS = [
    ({"x": nested(300)}, "action.params.x", "deeper"),
    ({"x": nested(40)}, "action.params.x", "deeper"),
    ({"x": "\udfff"}, "action.params.x", "surrogate"),
    ({"x": ["ok", {"y": "a\ud800b"}]}, "action.params.x[1].y", "surrogate"),
    ({"\udfff": 1}, "action.params", "surrogate"),
    ({"x": "\x00"}, "action.params.x", "NUL"),
    ({"x": "a" * 5000}, "action.params.x", "characters"),
    ({"x": list(range(2000))}, "action.params.x", "items"),
    ({"x": 2**70}, "action.params.x", "number"),
    ({"x": -(2**70)}, "action.params.x", "number"),
    ({"k" * 300: 1}, "action.params", "key"),
]


@pytest.mark.parametrize(("params", "where", "what"), BAD_PARAMS)
def test_unbounded_or_unclean_params_are_422_with_the_path_and_nothing_is_stored(
    table: Table, params: dict[str, Any], where: str, what: str
) -> None:
    before = table.get("log").json()
    response = post(table.client, table.url("play"), play_body(table, params), table.tokens["gm"])
    assert response.status_code == 422, response.text[:300]
    body = response.json()
    assert body["error"] == "invalid_input"
    assert body["field"].startswith(where), body
    assert what in body["detail"], body
    assert table.get("log").json() == before
    reads_all_work(table)


def test_bounded_params_are_still_accepted(table: Table) -> None:
    params = {"x": nested(20, "é ✓"), "y": list(range(100)), "z": 2**53, "w": -1.5}
    response = post(table.client, table.url("play"), play_body(table, params), table.tokens["gm"])
    assert response.status_code == 200, response.text
    reads_all_work(table)


def test_names_and_idempotency_keys_refuse_surrogates(table: Table) -> None:
    for body, where in [
        (play_body(table, {}, idempotency_key="k\udfff"), "idempotency_key"),
        ({**play_body(table, {}), "action": {"kind": "add\ud800", "params": {}}}, "action.kind"),
        ({**play_body(table, {}), "action": {"kind": "add", "actor": "\udc00"}}, "action.actor"),
    ]:
        response = post(table.client, table.url("play"), body, table.tokens["gm"])
        assert response.status_code == 422, response.text
        assert response.json()["field"] == where
    seat = post(table.client, table.url("seats"), {"seat": "north\udfff"}, table.tokens["gm"])
    assert seat.status_code == 422 and seat.json()["field"] == "seat"
    assert table.state()["seq"] == 1
    reads_all_work(table)


@pytest.mark.parametrize(
    ("body", "where"),
    [
        ({"ruleset": "counter", "setup": {**SETUP, "x": nested(300)}}, "setup.x"),
        ({"ruleset": "counter", "setup": {**SETUP, "x": "\udfff"}}, "setup.x"),
        ({"ruleset": "counter", "setup": SETUP, "seed": "s\udfff"}, "seed"),
        ({"ruleset": "counter", "setup": SETUP, "seed": 10**30}, "seed"),
        ({"ruleset": "count\udfffer", "setup": SETUP}, "ruleset"),
    ],
)
def test_set_ups_and_seeds_are_bounded_and_clean(
    client: TestClient, body: dict[str, Any], where: str
) -> None:
    games_before = client.app.state.service.store.list_games()  # type: ignore[attr-defined]
    response = post(client, "/api/games", body)
    assert response.status_code == 422, response.text[:300]
    assert response.json()["field"].startswith(where)
    assert client.app.state.service.store.list_games() == games_before  # type: ignore[attr-defined]
