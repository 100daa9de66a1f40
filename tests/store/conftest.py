"""Store fixtures: every store test runs against SQLite and a real PostgreSQL."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.store.pg import PgCluster, start_cluster
from turnkeeper.store import EventStore, open_store


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[PgCluster]:
    cluster = start_cluster()
    yield cluster
    cluster.stop()


@pytest.fixture(params=["sqlite", "postgres"])
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return str(tmp_path / "games.db")
    cluster: PgCluster = request.getfixturevalue("pg_cluster")
    return cluster.fresh_database()


@pytest.fixture
def store(store_url: str) -> Iterator[EventStore]:
    opened = open_store(store_url)
    yield opened
    opened.close()
