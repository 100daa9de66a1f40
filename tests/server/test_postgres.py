"""Two server processes sharing games on PostgreSQL (two apps over one database here)."""

from __future__ import annotations

import queue
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.server.conftest import OPEN, Table, make_table
from tests.server.counter import RULESET
from tests.store.pg import PgCluster
from turnkeeper.server import create_app


@pytest.fixture
def two_servers(pg_cluster: PgCluster) -> Iterator[tuple[TestClient, TestClient]]:
    url = pg_cluster.fresh_database()
    with (
        TestClient(create_app(url, rulesets={"counter": RULESET}, **OPEN)) as a,
        TestClient(create_app(url, rulesets={"counter": RULESET}, **OPEN)) as b,
    ):
        yield a, b


def on(table: Table, client: TestClient) -> Table:
    return Table(client, table.game_id, dict(table.tokens))


def test_processes_share_games_tokens_and_seq(two_servers: tuple[TestClient, TestClient]) -> None:
    a, b = two_servers
    ta = make_table(a)  # created, and its tokens issued, through server A
    tb = on(ta, b)
    assert tb.state("north")["seat"] == "north"  # B knows A's tokens
    turn = ta.state()["whose_turn"]

    assert ta.play("add", amount=2).status_code == 200
    assert tb.state()["seq"] == 2  # B re-reads the seq and folds A's command
    assert tb.state()["view"]["players"][turn]["score"] == 2

    body = {
        "action": {"kind": "end_turn", "actor": turn},
        "expected_seq": 2,
        "idempotency_key": "k-end",
    }
    first = tb.post("play", body)
    assert first.status_code == 200 and first.json()["seq"] == 3
    # A client still at seq 2 on server A is stale, whatever process it talks to.
    stale = ta.post("play", {"action": {"kind": "end_turn", "actor": turn}, "expected_seq": 2})
    assert stale.status_code == 409 and stale.json() == {
        "error": "stale",
        "detail": "the game is at seq 3",
        "seq": 3,
    }
    # The same idempotency key retried on the other process returns the first answer.
    again = ta.post("play", body)
    assert again.status_code == 200 and again.json()["replayed"] is True
    assert again.json()["seq"] == 3

    assert ta.post("undo", {"expected_seq": 3}).status_code == 200
    assert tb.state()["seq"] == 4 and tb.state()["whose_turn"] == turn
    assert tb.get("replay").json()["state_hash"] == ta.get("replay").json()["state_hash"]


def test_racing_writes_on_two_processes_accept_exactly_one(
    two_servers: tuple[TestClient, TestClient],
) -> None:
    a, b = two_servers
    ta = make_table(a)
    tb = on(ta, b)
    turn = ta.state()["whose_turn"]
    tb.state()  # B caches the game too
    body = {"action": {"kind": "add", "actor": turn, "params": {"amount": 1}}, "expected_seq": 1}
    barrier = threading.Barrier(2)
    answers: list[int] = []

    def send(table: Table) -> None:
        barrier.wait()
        answers.append(table.post("play", body).status_code)

    threads = [threading.Thread(target=send, args=(t,)) for t in (ta, tb)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=30)
    assert sorted(answers) == [200, 409]
    assert ta.state()["view"]["players"][turn]["score"] == 1
    assert tb.state()["seq"] == 2


def test_a_watcher_on_one_process_hears_a_write_on_the_other(
    two_servers: tuple[TestClient, TestClient],
) -> None:
    a, b = two_servers
    ta = make_table(a)
    tb = on(ta, b)
    got: queue.Queue[dict[str, Any]] = queue.Queue()
    with b.websocket_connect(tb.url(f"ws?token={tb.tokens['gm']}")) as ws:
        assert ws.receive_json()["type"] == "hello"

        def read() -> None:
            got.put(ws.receive_json())

        reader = threading.Thread(target=read, daemon=True)
        reader.start()
        assert ta.play("roll").status_code == 200  # written through A
        message = got.get(timeout=10)  # pushed by B, woken by NOTIFY
        assert message["type"] == "events" and message["seq"] == 2
        assert message["command"]["action"]["kind"] == "roll"
        assert message["state"]["seq"] == 2
        reader.join(timeout=5)
