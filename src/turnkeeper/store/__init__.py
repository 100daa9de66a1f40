"""The durable event store: SQLite by default, PostgreSQL by URL.

>>> store = open_store(":memory:")  # doctest: +SKIP
"""

from __future__ import annotations

from pathlib import Path

from turnkeeper.store.base import (
    ConflictError,
    DuplicateGameError,
    EventStore,
    GameNotFoundError,
    GameRecord,
    StoredCommand,
    StoreError,
    TokenRecord,
    fold_commands,
)
from turnkeeper.store.sqlite import SqliteEventStore


def open_store(url: str | Path) -> EventStore:
    """A store for ``url``: ``postgresql://...`` (or ``postgres://``), ``sqlite:///path``
    (optionally ``?synchronous=NORMAL``; FULL by default), or a plain file path (SQLite)."""
    text = str(url)
    if text.startswith(("postgresql://", "postgres://")):
        # Imported here: psycopg is only loaded by those who use PostgreSQL.
        from turnkeeper.store.postgres import PostgresEventStore

        return PostgresEventStore(text)
    synchronous = "FULL"
    if text.startswith("sqlite:///"):
        text, _, query = text[len("sqlite:///") :].partition("?")
        for part in filter(None, query.split("&")):
            name, _, value = part.partition("=")
            if name != "synchronous":
                raise ValueError(f"unknown SQLite option {name!r} (known: synchronous)")
            synchronous = value.upper()
    return SqliteEventStore(text, synchronous=synchronous)


__all__ = [
    "ConflictError",
    "DuplicateGameError",
    "EventStore",
    "GameNotFoundError",
    "GameRecord",
    "SqliteEventStore",
    "StoreError",
    "StoredCommand",
    "TokenRecord",
    "fold_commands",
    "open_store",
]
