"""Server fixtures: the API over a temp SQLite store with the counter test ruleset."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.server.counter import RULESET, SETUP
from tests.store.pg import PgCluster, start_cluster
from turnkeeper.server import create_app
from turnkeeper.store import SqliteEventStore


@dataclass
class Table:
    """A game with a token for every role: the GM, both seats and a spectator."""

    client: TestClient
    game_id: str
    tokens: dict[str, str] = field(default_factory=dict)

    def url(self, path: str) -> str:
        return f"/api/games/{self.game_id}/{path}"

    def headers(self, who: str) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.tokens[who]}"}

    def get(self, path: str, who: str = "gm", **params: Any) -> Any:
        return self.client.get(self.url(path), headers=self.headers(who), params=params)

    def post(self, path: str, body: Any, who: str = "gm") -> Any:
        return self.client.post(self.url(path), headers=self.headers(who), json=body)

    def state(self, who: str = "gm") -> dict[str, Any]:
        response = self.get("state", who)
        assert response.status_code == 200, response.text
        data: dict[str, Any] = response.json()
        return data

    def play(self, kind: str, actor: str | None = None, who: str = "gm", **params: Any) -> Any:
        st = self.state()
        actor = actor or st["whose_turn"]
        body = {
            "action": {"kind": kind, "actor": actor, "params": params},
            "expected_seq": st["seq"],
        }
        return self.post("play", body, who)


def make_table(client: TestClient, seed: int = 7) -> Table:
    response = client.post("/api/games", json={"ruleset": "counter", "setup": SETUP, "seed": seed})
    assert response.status_code == 201, response.text
    created = response.json()
    table = Table(client, created["game_id"], {"gm": created["gm_token"]})
    for seat in ("north", "south"):
        issued = table.post("seats", {"seat": seat})
        assert issued.status_code == 201, issued.text
        table.tokens[seat] = issued.json()["token"]
    spectator = table.post("spectators", {})
    assert spectator.status_code == 201, spectator.text
    table.tokens["spectator"] = spectator.json()["token"]
    return table


#: Most API tests create their games anonymously: the app runs ``--open`` for them, with a
#: rate no test reaches. Creating games with the host key (the default) is tested in
#: test_hosting.py.
OPEN: dict[str, Any] = {"open_games": True, "open_rate": 1e6}


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "games.db"


@pytest.fixture
def client(db_path: Path) -> Iterator[TestClient]:
    store = SqliteEventStore(db_path)
    with TestClient(create_app(store, rulesets={"counter": RULESET}, **OPEN)) as test_client:
        yield test_client
    store.close()


@pytest.fixture
def table(client: TestClient) -> Table:
    return make_table(client)


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[PgCluster]:
    cluster = start_cluster()
    yield cluster
    cluster.stop()


def counter_app(store: SqliteEventStore) -> Any:
    """The app over ``store`` with the counter ruleset, for tests that keep one app for a
    whole module (the property and schemathesis tests), built in one place with ``client``'s
    options: these tests create games anonymously (once creating needs a host key, they
    need the same open-server options as ``client``)."""
    return create_app(store, rulesets={"counter": RULESET}, **OPEN)
