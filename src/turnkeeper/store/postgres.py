"""The PostgreSQL event store, for several server processes sharing games.

The schema and SQL are the SQLite store's (``base.SCHEMA``); the primary key on
``(game_id, seq)`` arbitrates between processes. Every append also sends
``NOTIFY turnkeeper, '<game_id>:<seq>'`` inside its transaction (delivered on commit), so
other processes can refresh their copy of the game and push it to their WebSocket watchers
(see :meth:`PostgresEventStore.listen`); each process also re-reads a game's seq before
serving it, so a lost notification delays nothing.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import psycopg
import psycopg.errors

from turnkeeper.store.base import SqlEventStore, _Cursor, schema

CHANNEL = "turnkeeper"


class PostgresEventStore(SqlEventStore):
    placeholder = "%s"
    integrity_errors = (psycopg.errors.UniqueViolation,)
    shared = True
    blob_type = "BYTEA"

    def __init__(self, url: str, *, pool_size: int = 8) -> None:
        super().__init__()
        self.url = url
        self._pool: list[psycopg.Connection[Any]] = []
        self._pool_lock = threading.Lock()
        self._slots = threading.BoundedSemaphore(pool_size)
        self._closed = threading.Event()
        self._listener: threading.Thread | None = None
        self._listen_conn: psycopg.Connection[Any] | None = None
        # Two processes starting at once may both create the tables: serialize them.
        with self._connection() as conn, conn.transaction():
            conn.execute("SELECT pg_advisory_xact_lock(133133)")
            for statement in schema(self.blob_type):
                conn.execute(statement)

    @contextmanager
    def _connection(self) -> Iterator[psycopg.Connection[Any]]:
        self._slots.acquire()
        try:
            with self._pool_lock:
                conn = self._pool.pop() if self._pool else None
            if conn is None or conn.closed:
                conn = psycopg.connect(self.url, autocommit=True)
            try:
                yield conn
            except psycopg.OperationalError:
                conn.close()
                raise
            else:
                with self._pool_lock:
                    self._pool.append(conn)
        finally:
            self._slots.release()

    @contextmanager
    def transaction(self, write: bool) -> Iterator[_Cursor]:
        with self._connection() as conn, conn.transaction(), conn.cursor() as cur:
            yield cur

    def _appended(self, cur: _Cursor, game_id: str, seq: int) -> None:
        # Inside the transaction: PostgreSQL delivers it on commit, and never if it fails.
        cur.execute("SELECT pg_notify(%s, %s)", (CHANNEL, f"{game_id}:{seq}"))

    def listen(self, callback: Callable[[str, int], None]) -> None:
        """Call ``callback(game_id, seq)`` (from a thread) for every append by any process."""
        if self._listener is not None:
            return
        conn = psycopg.connect(self.url, autocommit=True)
        conn.execute(f"LISTEN {CHANNEL}")
        self._listen_conn = conn

        def run() -> None:
            while not self._closed.is_set():
                try:
                    for note in conn.notifies(timeout=0.5):
                        game_id, _, seq = note.payload.rpartition(":")
                        if seq.isdigit():
                            callback(game_id, int(seq))
                except psycopg.Error:
                    if self._closed.is_set():
                        return
                    self._closed.wait(0.5)

        self._listener = threading.Thread(target=run, name="turnkeeper-listen", daemon=True)
        self._listener.start()

    def close(self) -> None:
        self._closed.set()
        if self._listener is not None:
            self._listener.join(timeout=2)
        if self._listen_conn is not None:
            self._listen_conn.close()
        with self._pool_lock:
            for conn in self._pool:
                conn.close()
            self._pool.clear()
