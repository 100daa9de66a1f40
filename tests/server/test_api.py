"""The HTTP API over SQLite with the counter ruleset: the happy paths and every error code."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path

from fastapi.testclient import TestClient

from tests.server.conftest import OPEN, Table, make_table
from tests.server.counter import RULESET, SETUP
from turnkeeper.core.game import Game
from turnkeeper.server import create_app
from turnkeeper.store import SqliteEventStore


def test_health_rulesets_openapi_and_page(client: TestClient) -> None:
    assert client.get("/api/health").json()["ok"] is True
    assert "counter" in client.get("/api/rulesets").json()["rulesets"]
    spec = client.get("/openapi.json")
    assert spec.status_code == 200
    paths = spec.json()["paths"]
    for path in (
        "/api/games",
        "/api/games/{game_id}/play",
        "/api/games/{game_id}/state",
        "/api/games/{game_id}/legal",
        "/api/games/{game_id}/undo",
    ):
        assert path in paths
    page = client.get("/")
    index = Path(__file__).resolve().parents[2] / "src/turnkeeper/server/web/index.html"
    assert page.status_code == (200 if index.exists() else 404)


def test_index_404s_clearly_without_the_web_folder(tmp_path: Path) -> None:
    store = SqliteEventStore(tmp_path / "g.db")
    with TestClient(create_app(store, web_dir=tmp_path / "no-web", **OPEN)) as client:
        response = client.get("/")
        assert response.status_code == 404
        assert "web tracker is not installed" in response.json()["detail"]
    store.close()


def test_create_game_returns_token_seq_and_links(client: TestClient) -> None:
    response = client.post("/api/games", json={"ruleset": "counter", "setup": SETUP, "seed": 3})
    assert response.status_code == 201
    data = response.json()
    assert data["seq"] == 1 and data["seats"] == ["north", "south"]
    assert len(data["gm_token"]) >= 40
    assert data["links"]["page"] == f"/?game={data['game_id']}&token={data['gm_token']}"
    # The seed makes the game the same as a local one with that seed.
    state = client.get(data["links"]["state"], params={"token": data["gm_token"]}).json()
    assert state["view"] == Game(RULESET, SETUP, seed=3).view()


def test_state_for_the_gm(table: Table) -> None:
    st = table.state()
    assert st["seq"] == 1 and st["role"] == "gm" and st["seat"] is None
    assert st["actors"] == ["ann", "bob"]
    assert st["whose_turn"] in ("ann", "bob") and st["outcome"] is None
    assert st["tracker"]["round"] == 1
    assert [o["current"] for o in st["tracker"]["order"]].count(True) == 1
    assert isinstance(st["view"]["players"]["ann"]["hand"], list)


def test_play_check_legal_log_and_replay(table: Table) -> None:
    turn = table.state()["whose_turn"]
    legal = table.get("legal", actor=turn).json()["actions"]
    kinds = {a["kind"] for a in legal}
    assert {"add", "roll", "end_turn"} <= kinds
    roll = next(a for a in legal if a["kind"] == "roll")
    assert roll["cost"] == "standard" and roll["odds"]["6"] == "1/6"

    ok = table.post("check", {"action": {"kind": "add", "actor": turn, "params": {"amount": 2}}})
    assert ok.json()["allowed"] is True and ok.json()["refusal"] is None
    too_much = table.post(
        "check", {"action": {"kind": "add", "actor": turn, "params": {"amount": 9}}}
    )
    assert too_much.json() == {
        "seq": 1,
        "allowed": False,
        "refusal": {"rule": "counter.add.range", "reason": "cannot add 9", "source": "Counter §3"},
    }

    played = table.play("roll")
    assert played.status_code == 200
    body = played.json()
    assert body["seq"] == 2 and body["replayed"] is False
    [event] = body["events"]
    assert event["type"] == "scored" and 1 <= event["data"]["amount"] <= 6
    assert table.state()["view"]["players"][turn]["score"] == event["data"]["amount"]

    log = table.get("log", after=1).json()
    assert log["seq"] == 2
    assert [(c["seq"], c["kind"]) for c in log["commands"]] == [(2, "play")]
    assert log["commands"][0]["action"] == {"kind": "roll", "actor": turn, "params": {}}
    assert len(table.get("log").json()["commands"]) == 2

    replay = table.get("replay").json()
    rebuilt = Game.from_dict(
        {
            "format": "turnkeeper-game/1",
            "ruleset": "counter",
            "config": SETUP,
            "seed": 7,  # the table's (make_table): the save is checked against it
            "log": replay["commands"],
        },
        RULESET,
    )
    assert rebuilt.state_hash() == replay["state_hash"]
    assert len(replay["events"]) == sum(len(c["events"]) for c in replay["commands"])


def test_refusal_is_409_with_rule_reason_and_source(table: Table) -> None:
    assert table.play("add", amount=1).status_code == 200
    again = table.play("add", amount=1)
    assert again.status_code == 409
    assert again.json()["rule"] == "counter.standard.once"
    assert again.json()["source"] == "Counter §2"
    assert again.json()["reason"] == "One standard action per turn."
    assert table.state()["seq"] == 2


def test_stale_seq_is_409_with_the_current_seq(table: Table) -> None:
    turn = table.state()["whose_turn"]
    body = {"action": {"kind": "add", "actor": turn, "params": {"amount": 1}}, "expected_seq": 1}
    assert table.post("play", body).status_code == 200
    # A double click: the same submission again, without an idempotency key.
    stale = table.post("play", body)
    assert stale.status_code == 409
    assert stale.json()["error"] == "stale" and stale.json()["seq"] == 2
    assert table.state()["view"]["players"][turn]["score"] == 1


def test_idempotency_key_returns_the_original_response(table: Table) -> None:
    turn = table.state()["whose_turn"]
    body = {
        "action": {"kind": "roll", "actor": turn},
        "expected_seq": 1,
        "idempotency_key": "click-1",
    }
    first = table.post("play", body)
    second = table.post("play", body)
    assert first.status_code == second.status_code == 200
    assert second.json()["events"] == first.json()["events"]
    assert second.json()["seq"] == first.json()["seq"] == 2
    assert second.json()["replayed"] is True
    assert table.state()["seq"] == 2
    assert len(table.get("log").json()["commands"]) == 2
    # Another seat's identical key is not the GM's.
    south_turn = {
        "action": {"kind": "end_turn", "actor": turn},
        "expected_seq": 2,
        "idempotency_key": "click-1",
    }
    seat = "north" if turn == "ann" else "south"
    assert table.post("play", south_turn, who=seat).json()["replayed"] is False


def test_idempotency_survives_a_restart(db_path: Path) -> None:
    store = SqliteEventStore(db_path)
    with TestClient(create_app(store, rulesets={"counter": RULESET}, **OPEN)) as client:
        table = make_table(client)
        turn = table.state()["whose_turn"]
        body = {
            "action": {"kind": "roll", "actor": turn},
            "expected_seq": 1,
            "idempotency_key": "k",
        }
        first = table.post("play", body).json()
    store.close()
    store = SqliteEventStore(db_path)
    with TestClient(create_app(store, rulesets={"counter": RULESET}, **OPEN)) as client:
        table.client = client
        again = table.post("play", body).json()
        assert again["replayed"] is True and again["events"] == first["events"]
        assert table.state()["seq"] == 2
    store.close()


def test_undo_by_the_gm(table: Table) -> None:
    turn = table.state()["whose_turn"]
    before = table.get("replay").json()["state_hash"]
    assert table.play("add", amount=3).status_code == 200
    undone = table.post("undo", {"expected_seq": 2})
    assert undone.status_code == 200 and undone.json()["seq"] == 3
    st = table.state()
    assert st["seq"] == 3 and st["view"]["players"][turn]["score"] == 0
    assert table.get("replay").json()["state_hash"] == before
    log = table.get("log").json()["commands"]
    assert [c["kind"] for c in log] == ["setup", "play", "undo"]
    assert table.post("undo", {"expected_seq": 2}).json()["error"] == "stale"
    nothing = table.post("undo", {"expected_seq": 3})
    assert nothing.status_code == 409 and nothing.json()["error"] == "nothing_to_undo"


def test_schema_errors_are_422_with_the_field_path(table: Table) -> None:
    cases = [
        ({"action": {"kind": "add"}}, ["body", "expected_seq"]),
        ({"action": {"kind": ""}, "expected_seq": 1}, ["body", "action", "kind"]),
        (
            {"action": {"kind": "add", "params": []}, "expected_seq": 1},
            ["body", "action", "params"],
        ),
        ({"action": {"kind": "add"}, "expected_seq": "two"}, ["body", "expected_seq"]),
        ({"action": {"kind": "add"}, "expected_seq": 1, "extra": 1}, ["body", "extra"]),
    ]
    for body, loc in cases:
        response = table.client.post(
            table.url("play"),
            headers={**table.headers("gm"), "content-type": "application/json"},
            content=json.dumps(body),
        )
        assert response.status_code == 422, body
        assert response.json()["error"] == "invalid"
        assert loc in [e["loc"] for e in response.json()["detail"]], response.json()
    infinite = {"action": {"kind": "add", "params": {"x": float("inf")}}, "expected_seq": 1}
    response = table.client.post(
        table.url("play"),
        headers={**table.headers("gm"), "content-type": "application/json"},
        content=json.dumps(infinite),
    )
    assert response.status_code == 422
    assert response.json()["field"] == "action.params.x"
    not_json = table.client.post(table.url("play"), headers=table.headers("gm"), content=b"{")
    assert not_json.status_code == 422
    assert table.state()["seq"] == 1


def test_malformed_actions_are_422_and_change_nothing(table: Table) -> None:
    turn = table.state()["whose_turn"]
    for action in (
        {"kind": "fly", "actor": turn},
        {"kind": "add", "actor": turn, "params": {"amount": "lots"}},
        {"kind": "add", "actor": "nobody", "params": {"amount": 1}},
        {"kind": "play", "actor": turn, "params": {}},
    ):
        response = table.post("play", {"action": action, "expected_seq": 1})
        assert response.status_code == 422, action
        assert response.json()["error"] == "bad_action"
        assert table.post("check", {"action": action}).status_code == 422
    assert table.state()["seq"] == 1
    assert table.get("legal", actor="nobody").status_code == 422


def test_bad_setups_and_unknown_rulesets_are_422(client: TestClient) -> None:
    bad = client.post("/api/games", json={"ruleset": "counter", "setup": {"players": 3}})
    assert bad.status_code == 422 and bad.json()["field"] == "setup"
    unknown = client.post("/api/games", json={"ruleset": "chess", "setup": {}})
    assert unknown.status_code == 422 and unknown.json()["field"] == "ruleset"
    missing = client.post("/api/games", json={"setup": {}})
    assert missing.status_code == 422
    assert ["body", "ruleset"] in [e["loc"] for e in missing.json()["detail"]]


def test_unknown_game_is_404_and_missing_token_401(table: Table) -> None:
    client = table.client
    token = table.tokens["gm"]
    assert client.get("/api/games/nope/state", params={"token": token}).status_code == 404
    assert client.get(table.url("state")).status_code == 401
    assert client.get(table.url("state"), params={"token": ""}).status_code == 401
    assert client.get(table.url("state"), params={"token": "x" * 43}).status_code == 403


def test_bodies_over_64_kib_are_413(table: Table) -> None:
    big = {"action": {"kind": "add", "params": {"pad": "x" * 70_000}}, "expected_seq": 1}
    response = table.post("play", big)
    assert response.status_code == 413 and response.json()["error"] == "too_large"

    def chunks() -> Iterator[bytes]:
        for _ in range(20):
            yield b"x" * 8192

    streamed = table.client.post(table.url("play"), headers=table.headers("gm"), content=chunks())
    assert streamed.status_code == 413
    assert table.state()["seq"] == 1


def test_tokens_are_stored_hashed(table: Table, db_path: Path) -> None:
    with sqlite3.connect(db_path) as conn:
        stored = [row[0] for row in conn.execute("SELECT token_hash FROM tokens")]
        everything = "\n".join(
            " ".join(map(str, row))
            for name in ("games", "commands", "events", "tokens")
            for row in conn.execute(f"SELECT * FROM {name}")
        )
    assert len(stored) == 4
    for token in table.tokens.values():
        assert token not in everything


def test_seat_tokens_only_for_real_seats(table: Table) -> None:
    bad = table.post("seats", {"seat": "east"})
    assert bad.status_code == 422 and "north" in bad.json()["detail"]
    issued = table.post("seats", {"seat": "north"})
    assert issued.json()["actors"] == ["ann"]


def test_odd_inputs_are_answered_not_crashed_on(table: Table) -> None:
    headers = {**table.headers("gm"), "content-type": "application/json"}
    deep = '{"action": {"kind": "add", "params": {"x": ' + "[" * 20000 + "]" * 20000 + "}}"
    odd = [
        ("play", deep + ', "expected_seq": 1}', 400),
        ("play", '{"action": {"kind": "add\\u0000"}, "expected_seq": 1}', 422),
        ("play", '{"action": {"kind": "add", "params": {"k": "\\u0000"}}, "expected_seq": 1}', 422),
        ("play", '{"action": {"kind": "add", "params": {"a": NaN}}, "expected_seq": 1}', 422),
        ("play", "[1, 2]", 422),
        ("seats", '{"seat": "north\\u0000"}', 422),
    ]
    for path, text, status in odd:
        response = table.client.post(table.url(path), headers=headers, content=text.encode())
        assert response.status_code == status, (text[:60], response.text)
        assert response.json()["error"] in ("bad_request", "invalid", "invalid_input")
    huge = table.get("log", after=2**70)
    assert huge.status_code == 422
    long_seed = table.client.post(
        "/api/games", json={"ruleset": "counter", "setup": SETUP, "seed": "x" * 1000}
    )
    assert long_seed.status_code == 422
    assert table.client.get("/api/nothing").json()["error"] == "not_found"
    assert table.state()["seq"] == 1


def test_the_same_app_serves_again_after_a_restart(db_path: Path) -> None:
    store = SqliteEventStore(db_path)
    app = create_app(store, rulesets={"counter": RULESET}, **OPEN)
    with TestClient(app) as client:
        table = make_table(client)
        assert table.play("roll").status_code == 200
    with TestClient(app) as client:  # lifespan ran down, and up again
        table.client = client
        assert table.play("end_turn").status_code == 200
        assert table.state()["seq"] == 3
    store.close()
