"""One server per SQLite file: an exclusive lock taken when a server starts.

Two server processes on one SQLite file would each keep their own in-memory copy of every
game and refuse each other's tokens and writes as stale, so the second one must not start.
``serve`` takes an exclusive ``flock`` on ``<database>.lock`` (beside the file, not the
database itself, whose locks belong to SQLite) and writes who holds it (pid, host, start
time) into it. The kernel drops the lock when the process ends, however it ends (even by
SIGKILL), so a crashed server never leaves a stale lock behind.

Other commands (``turnkeeper host-link``, ``replay``...) do not take it: they may open the
file while a server runs. Several server processes need PostgreSQL.
"""

from __future__ import annotations

import fcntl
import os
import socket
from datetime import UTC, datetime
from pathlib import Path
from typing import IO

from turnkeeper.store import EventStore, SqliteEventStore


class ServerLockedError(RuntimeError):
    """Another server already serves this SQLite file."""


class ServerLock:
    """The held lock; :meth:`release` (or process exit) lets another server start."""

    def __init__(self, database: str | Path) -> None:
        self.path = Path(f"{database}.lock")
        self._file: IO[str] | None = None

    def acquire(self) -> ServerLock:
        handle = self.path.open("a+", encoding="utf-8")
        try:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            handle.seek(0)
            holder = handle.read().strip() or "another process"
            handle.close()
            database = str(self.path)[: -len(".lock")]
            raise ServerLockedError(
                f"{database} is already served by {holder} (lock file {self.path}). One "
                "server per SQLite file: stop that server first, or use PostgreSQL "
                "(--db postgresql://...) to run several server processes on the same games."
            ) from None
        handle.seek(0)
        handle.truncate()
        started = datetime.now(UTC).isoformat(timespec="seconds")
        handle.write(f"pid {os.getpid()} on host {socket.gethostname()} since {started}\n")
        handle.flush()
        self._file = handle
        return self

    def release(self) -> None:
        if self._file is not None:
            fcntl.flock(self._file.fileno(), fcntl.LOCK_UN)
            self._file.close()
            self._file = None


def lock_sqlite_store(store: EventStore) -> ServerLock | None:
    """Lock the store's file if it is a SQLite file (not ``:memory:``); ``None`` otherwise.

    Raises :class:`ServerLockedError` naming the holder if another server has it.
    """
    if not isinstance(store, SqliteEventStore) or store.path in ("", ":memory:"):
        return None
    return ServerLock(store.path).acquire()
