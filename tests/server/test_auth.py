"""Authorization: a table of attempts that must all be refused, and hidden cards kept hidden."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from tests.server.conftest import Table, make_table

SEAT_OF = {"ann": "north", "bob": "south"}


def other(actor: str) -> str:
    return "bob" if actor == "ann" else "ann"


def attempts(table: Table, foreign_token: str) -> list[tuple[str, str, str, Any, int]]:
    """(who, method, path, body or query, expected status) for every refused attempt."""
    turn = table.state()["whose_turn"]
    mover = SEAT_OF[turn]  # the seat whose participant's turn it is
    idle = SEAT_OF[other(turn)]
    play_turn = {
        "action": {"kind": "add", "actor": turn, "params": {"amount": 1}},
        "expected_seq": 1,
    }
    play_anon = {"action": {"kind": "add", "params": {"amount": 1}}, "expected_seq": 1}
    return [
        # No token at all.
        ("none", "GET", "state", {}, 401),
        ("none", "GET", "legal", {}, 401),
        ("none", "POST", "play", play_turn, 401),
        ("none", "POST", "undo", {"expected_seq": 1}, 401),
        ("none", "POST", "seats", {"seat": "north"}, 401),
        # A made-up token, and a real token of another game.
        ("wrong", "GET", "state", {}, 403),
        ("wrong", "POST", "play", play_turn, 403),
        ("wrong", "GET", "log", {}, 403),
        ("foreign", "GET", "state", {}, 403),
        ("foreign", "POST", "play", play_turn, 403),
        ("foreign", "POST", "undo", {"expected_seq": 1}, 403),
        # A player acting for the other seat's participant.
        (idle, "POST", "play", play_turn, 403),
        (idle, "POST", "check", {"action": play_turn["action"]}, 403),
        (idle, "GET", "legal", {"actor": turn}, 403),
        (mover, "POST", "play", play_anon, 403),
        # A spectator writing or asking for actions.
        ("spectator", "POST", "play", play_turn, 403),
        ("spectator", "POST", "check", {"action": play_turn["action"]}, 403),
        ("spectator", "GET", "legal", {}, 403),
        ("spectator", "POST", "undo", {"expected_seq": 1}, 403),
        # Players undoing or handing out tokens.
        (mover, "POST", "undo", {"expected_seq": 1}, 403),
        (idle, "POST", "seats", {"seat": idle}, 403),
        (mover, "POST", "spectators", {}, 403),
        ("spectator", "POST", "seats", {"seat": "north"}, 403),
        # The full replay holds both hands.
        (mover, "GET", "replay", {}, 403),
        ("spectator", "GET", "replay", {}, 403),
    ]


def test_every_unauthorized_attempt_is_refused_and_changes_nothing(table: Table) -> None:
    foreign = make_table(table.client, seed=8)
    tokens = {**table.tokens, "wrong": "x" * 43, "foreign": foreign.tokens["gm"]}
    before = table.get("replay").json()["state_hash"]
    failures = []
    for who, method, path, payload, expected in attempts(table, foreign.tokens["gm"]):
        headers = {} if who == "none" else {"Authorization": f"Bearer {tokens[who]}"}
        if method == "GET":
            response = table.client.get(table.url(path), headers=headers, params=payload)
        else:
            response = table.client.post(table.url(path), headers=headers, json=payload)
        if response.status_code != expected:
            failures.append(f"{who} {method} {path}: {response.status_code} {response.text}")
        else:
            assert response.json()["error"] in ("unauthorized", "forbidden")
    assert not failures, "\n".join(failures)
    assert table.state()["seq"] == 1
    assert table.get("replay").json()["state_hash"] == before


def test_the_token_works_as_query_parameter_too(table: Table) -> None:
    response = table.client.get(table.url("state"), params={"token": table.tokens["north"]})
    assert response.status_code == 200 and response.json()["seat"] == "north"


def hands(view: dict[str, Any]) -> dict[str, Any]:
    return {pid: p["hand"] for pid, p in view["players"].items()}


def test_a_seat_sees_its_own_hand_only(table: Table) -> None:
    gm = hands(table.state()["view"])
    north = table.state("north")
    assert north["role"] == "seat" and north["actors"] == ["ann"]
    assert hands(north["view"]) == {"ann": gm["ann"], "bob": len(gm["bob"])}
    assert hands(table.state("south")["view"]) == {"ann": len(gm["ann"]), "bob": gm["bob"]}
    spectator = table.state("spectator")
    assert spectator["actors"] == []
    assert hands(spectator["view"]) == {"ann": 3, "bob": 3}


def test_legal_and_log_never_show_the_other_hand(table: Table) -> None:
    gm_hands = hands(table.state()["view"])
    turn = table.state()["whose_turn"]
    seat = SEAT_OF[turn]
    legal = table.get("legal", who=seat).json()["actions"]
    assert {a["actor"] for a in legal} == {turn}
    assert {a["params"]["card"] for a in legal if a["kind"] == "play"} == set(gm_hands[turn])

    # The set-up events deal both hands: seats and spectators get them withheld.
    for who in ("north", "south", "spectator"):
        log = table.get("log", who=who).json()["commands"]
        assert log[0]["kind"] == "setup" and log[0]["redacted"] is True
        assert log[0]["events"] == []
        assert str(gm_hands[other(turn)]) not in str(log) or who == SEAT_OF[other(turn)]
    gm_log = table.get("log").json()["commands"]
    assert gm_log[0]["redacted"] is False and len(gm_log[0]["events"]) == 4

    played = table.play("add", who=seat, amount=2)
    assert played.status_code == 200
    assert played.json()["redacted"] is True and played.json()["events"] == []


def ws_url(table: Table, who: str) -> str:
    return table.url(f"ws?token={table.tokens[who]}")


def test_websocket_pushes_each_command_to_every_watcher(table: Table) -> None:
    client: TestClient = table.client
    turn = table.state()["whose_turn"]
    with (
        client.websocket_connect(ws_url(table, "gm")) as gm,
        client.websocket_connect(ws_url(table, SEAT_OF[other(turn)])) as idle,
    ):
        hello_gm, hello_idle = gm.receive_json(), idle.receive_json()
        assert hello_gm["type"] == hello_idle["type"] == "hello"
        assert hello_gm["seq"] == hello_idle["seq"] == 1
        assert isinstance(hello_idle["state"]["view"]["players"][turn]["hand"], int)

        assert table.play("roll", who=SEAT_OF[turn]).status_code == 200
        to_gm, to_idle = gm.receive_json(), idle.receive_json()
        assert to_gm["type"] == to_idle["type"] == "events"
        assert to_gm["seq"] == to_idle["seq"] == 2
        assert to_gm["command"]["action"]["kind"] == "roll"
        assert to_gm["command"]["events"][0]["type"] == "scored"
        # The other seat gets a fresh view instead of raw events.
        assert to_idle["command"]["redacted"] is True and to_idle["command"]["events"] == []
        score = to_gm["command"]["events"][0]["data"]["amount"]
        assert to_idle["state"]["view"]["players"][turn]["score"] == score
        assert isinstance(to_idle["state"]["view"]["players"][turn]["hand"], int)
        assert to_gm["state"]["seq"] == 2

        assert table.post("undo", {"expected_seq": 2}).status_code == 200
        undo_gm, undo_idle = gm.receive_json(), idle.receive_json()
        assert undo_gm["type"] == undo_idle["type"] == "undo"
        assert undo_gm["seq"] == undo_idle["seq"] == 3
        assert undo_idle["state"]["view"]["players"][turn]["score"] == 0

        gm.send_text("ping")
        assert gm.receive_json() == {"type": "pong", "seq": 3}


@pytest.mark.parametrize(("token", "code"), [(None, 4401), ("x" * 43, 4403)])
def test_websocket_refuses_missing_and_wrong_tokens(
    table: Table, token: str | None, code: int
) -> None:
    url = table.url("ws") if token is None else table.url(f"ws?token={token}")
    with table.client.websocket_connect(url) as ws:
        message = ws.receive_json()
        assert message["type"] == "error"
        assert message["status"] == code - 4000
        with pytest.raises(WebSocketDisconnect) as info:
            ws.receive_json()
        assert info.value.code == code


def test_websocket_for_an_unknown_game(table: Table) -> None:
    with table.client.websocket_connect(f"/api/games/nope/ws?token={table.tokens['gm']}") as ws:
        assert ws.receive_json()["error"] == "not_found"
        with pytest.raises(WebSocketDisconnect) as info:
            ws.receive_json()
        assert info.value.code == 4404


def test_a_made_up_token_never_loads_the_game(table: Table) -> None:
    """The token is checked against the tokens table before the game's log is read."""
    service = table.client.app.state.service  # type: ignore[attr-defined]
    service.forget_all()
    before = service.loads
    for path in ("state", "legal", "log", "replay"):
        response = table.client.get(
            table.url(path), headers={"Authorization": "Bearer made-up-token"}
        )
        assert response.status_code == 403, response.text
    with table.client.websocket_connect(table.url("ws") + "?token=made-up") as ws:
        assert ws.receive_json()["status"] == 403
    assert service.loads == before
    assert table.game_id not in service.cached_games()
    missing = table.client.get(
        "/api/games/0123456789abcdef/state", headers={"Authorization": "Bearer x"}
    )
    assert missing.status_code == 404
    assert table.state("north")["seq"] == 1  # a real token loads it
    assert service.loads == before + 1
