"""The event store's contract and the SQL both back ends share.

The store is append-only. Every write is one *command* row (the set-up, an accepted action,
or an undo) plus one row per event it produced:

- ``games(id, ruleset, config, seed, created)``
- ``commands(game_id, seq, kind, action, idempotency_key, created)``, primary key
  ``(game_id, seq)``: ``seq`` counts the commands of a game from 1 (the set-up), so a game's
  *sequence number* is the number of commands recorded for it. It never goes down: an undo is
  a command of its own that cancels the latest command still standing.
- ``events(game_id, seq, command_seq, type, data)``, primary key ``(game_id, seq)``: every
  event of the game, numbered from 1, pointing at the command that produced it.
- ``tokens(token_hash, game_id, role, seat, created)``: the SHA-256 of each access token,
  never the token itself.
- ``host_keys(key_hash, created)``: the SHA-256 of each host key (the server's owner, who
  creates and lists games), never the key itself.
- ``archived_games(game_id, archived)``: the games the host archived (hidden from the
  host's games page by default).
- ``snapshots(game_id, seq, standing, format, state_hash, state, created)``, primary key
  ``(game_id, seq)``: the folded state after command ``seq`` (``standing`` commands still
  standing then), as plain data (msgpack); a cache of the fold, never the truth (see
  :mod:`turnkeeper.store.snapshots`).

Optimistic concurrency: :meth:`EventStore.append` takes the sequence number the caller
expects the game to be at and inserts command ``expected + 1``; the primary key on
``(game_id, seq)`` makes a second writer fail, which surfaces as :class:`ConflictError`.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Protocol

from turnkeeper.core.game import Command
from turnkeeper.core.model import Action, Event

SCHEMA = [
    """CREATE TABLE IF NOT EXISTS games (
        id TEXT PRIMARY KEY,
        ruleset TEXT NOT NULL,
        config TEXT NOT NULL,
        seed TEXT NOT NULL,
        created TEXT NOT NULL
    )""",
    """CREATE TABLE IF NOT EXISTS commands (
        game_id TEXT NOT NULL REFERENCES games(id),
        seq INTEGER NOT NULL,
        kind TEXT NOT NULL,
        action TEXT,
        idempotency_key TEXT,
        created TEXT NOT NULL,
        PRIMARY KEY (game_id, seq),
        UNIQUE (game_id, idempotency_key)
    )""",
    """CREATE TABLE IF NOT EXISTS events (
        game_id TEXT NOT NULL,
        seq INTEGER NOT NULL,
        command_seq INTEGER NOT NULL,
        type TEXT NOT NULL,
        data TEXT NOT NULL,
        PRIMARY KEY (game_id, seq),
        FOREIGN KEY (game_id, command_seq) REFERENCES commands(game_id, seq)
    )""",
    """CREATE TABLE IF NOT EXISTS tokens (
        token_hash TEXT PRIMARY KEY,
        game_id TEXT NOT NULL REFERENCES games(id),
        role TEXT NOT NULL,
        seat TEXT,
        created TEXT NOT NULL
    )""",
    "CREATE INDEX IF NOT EXISTS tokens_by_game ON tokens (game_id)",
    """CREATE TABLE IF NOT EXISTS host_keys (
        key_hash TEXT PRIMARY KEY,
        created TEXT NOT NULL
    )""",
    # The host's archive marks: an archived game is hidden from the host's games page by
    # default; nothing else about it changes (its tokens still open it).
    """CREATE TABLE IF NOT EXISTS archived_games (
        game_id TEXT PRIMARY KEY REFERENCES games(id),
        archived TEXT NOT NULL
    )""",
    """CREATE TABLE IF NOT EXISTS snapshots (
        game_id TEXT NOT NULL,
        seq INTEGER NOT NULL,
        standing INTEGER NOT NULL,
        format TEXT NOT NULL,
        state_hash TEXT NOT NULL,
        state {blob} NOT NULL,
        created TEXT NOT NULL,
        PRIMARY KEY (game_id, seq),
        FOREIGN KEY (game_id, seq) REFERENCES commands(game_id, seq)
    )""",
]


def schema(blob_type: str = "BLOB") -> list[str]:
    """The ``CREATE`` statements, with the back end's binary column type."""
    return [statement.replace("{blob}", blob_type) for statement in SCHEMA]

KINDS = ("setup", "play", "undo")
ROLES = ("gm", "seat", "spectator")


class StoreError(Exception):
    """Base class of the store's errors."""


class ConflictError(StoreError):
    """Someone else appended to the game first: ``current`` is where the game really is."""

    def __init__(self, game_id: str, expected: int, current: int) -> None:
        super().__init__(
            f"game {game_id!r} is at seq {current}, not {expected}: someone else appended first"
        )
        self.game_id = game_id
        self.expected = expected
        self.current = current


class GameNotFoundError(StoreError, LookupError):
    """No game with that id in this store."""

    def __init__(self, game_id: str) -> None:
        super().__init__(f"no game {game_id!r}")
        self.game_id = game_id


class DuplicateGameError(StoreError):
    """A game with that id already exists."""


@dataclass(frozen=True)
class GameRecord:
    id: str
    ruleset: str
    config: dict[str, Any]
    seed: int | str
    created: str = ""


@dataclass(frozen=True)
class StoredCommand:
    """One command row with its events, as the store holds it."""

    seq: int
    kind: str
    action: Action | None
    events: tuple[Event, ...]
    idempotency_key: str | None = None

    def to_command(self) -> Command:
        return Command(action=self.action, events=list(self.events))


@dataclass(frozen=True)
class Snapshot:
    """A folded state as stored: after command ``seq``, with ``standing`` commands standing.

    ``format`` names the encoding and the code that wrote it; ``state_hash`` is
    :func:`turnkeeper.core.game.state_hash` of the state, checked again on load.
    """

    seq: int
    standing: int
    format: str
    state_hash: str
    state: bytes


@dataclass(frozen=True)
class TokenRecord:
    token_hash: str
    game_id: str
    role: str
    seat: str | None


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def dumps(value: Any) -> str:
    # allow_nan=False: what the store holds must be valid JSON for every client that reads it.
    return json.dumps(value, sort_keys=True, separators=(",", ":"), allow_nan=False)


def _loads_all(texts: list[str]) -> list[Any]:
    """Decode many JSON values the store wrote (each with :func:`dumps`) in one call."""
    if not texts:
        return []
    values: list[Any] = json.loads("[" + ",".join(texts) + "]")
    return values


def _action(data: Any) -> Action:
    # What append() stored from a checked Action: kind, actor and params. (``type() is``:
    # json gives plain dicts, and isinstance against the Mapping ABC costs more than the
    # rest of the decoding on a long log.)
    if type(data) is not dict or type(data.get("kind")) is not str:
        raise StoreError(f"a stored action without a kind: {data!r}")
    return Action.offer(data["kind"], data.get("actor"), dict(data.get("params") or {}))


def fold_commands(commands: Sequence[StoredCommand]) -> list[Command]:
    """The log still standing after the undos: what ``Game.from_log`` replays."""
    log: list[Command] = []
    for stored in commands:
        if stored.kind == "undo":
            if len(log) <= 1:
                raise StoreError(f"command {stored.seq} undoes the set-up")
            log.pop()
        else:
            log.append(stored.to_command())
    return log


@dataclass(frozen=True)
class GameSummary:
    """One line of the host's games page."""

    id: str
    ruleset: str
    created: str
    seq: int
    #: When the newest command was recorded ("" if unknown).
    last_action: str
    #: The seats some token was handed out for.
    seats: list[str]
    #: When the host archived the game, or ``None``.
    archived: str | None


class EventStore(ABC):
    """Durable, append-only storage of games, their commands and events, and tokens."""

    #: Whether several processes may write the same games (the server then re-reads the
    #: sequence number before trusting its in-memory copy of a game).
    shared: bool = False

    @abstractmethod
    def create_game(self, record: GameRecord, setup: Command, gm_token_hash: str) -> None:
        """Record a new game with its set-up (command 1) and its game master token."""

    @abstractmethod
    def get_game(self, game_id: str) -> GameRecord:
        """The game's record; :class:`GameNotFoundError` if there is none."""

    @abstractmethod
    def list_games(self, limit: int = 100) -> list[GameRecord]:
        """The most recently created games first."""

    @abstractmethod
    def append(
        self,
        game_id: str,
        expected_seq: int,
        command: Command,
        *,
        idempotency_key: str | None = None,
    ) -> int:
        """Append an accepted action's command as ``expected_seq + 1`` and return that seq.

        Raises :class:`ConflictError` if the game is not at ``expected_seq`` (or the
        idempotency key was already used), :class:`GameNotFoundError` if there is no game.
        """

    @abstractmethod
    def append_undo(self, game_id: str, expected_seq: int) -> int:
        """Append an undo of the latest standing command; return the new seq."""

    @abstractmethod
    def current_seq(self, game_id: str) -> int:
        """How many commands the game has (0 if there is no such game)."""

    @abstractmethod
    def commands(self, game_id: str, after: int = 0) -> list[StoredCommand]:
        """Every command with ``seq > after``, in order, with its events."""

    def standing_at(self, game_id: str, seq: int) -> int:
        """How many commands stand after command ``seq`` (plays and the set-up minus undos)."""
        return len(fold_commands([c for c in self.commands(game_id) if c.seq <= seq]))

    @abstractmethod
    def find_idempotent(self, game_id: str, key: str) -> StoredCommand | None:
        """The command appended with ``key``, if any."""

    @abstractmethod
    def add_token(self, game_id: str, token_hash: str, role: str, seat: str | None) -> None:
        """Record a token's hash for a game."""

    @abstractmethod
    def tokens(self, game_id: str) -> list[TokenRecord]:
        """Every token hash of the game."""

    @abstractmethod
    def add_host_key(self, key_hash: str) -> None:
        """Record a host key's hash."""

    @abstractmethod
    def host_key_hashes(self) -> list[str]:
        """Every host key hash."""

    @abstractmethod
    def stored_bytes(self, game_id: str) -> int:
        """About how many bytes the game's set-up, commands and events take (their JSON)."""

    @abstractmethod
    def save_snapshot(self, game_id: str, snapshot: Snapshot, *, keep: int = 3) -> None:
        """Store a snapshot of command ``snapshot.seq`` (which must exist) and drop all but the
        newest ``keep`` snapshots of the game. Call it after the append committed."""

    @abstractmethod
    def snapshots(self, game_id: str, at_most: int) -> list[Snapshot]:
        """The game's snapshots with ``seq <= at_most``, newest first."""

    @abstractmethod
    def close(self) -> None:
        """Release connections."""

    def game_summaries(self, limit: int = 100, *, archived: bool = False) -> list[GameSummary]:
        """The newest games first, with their seq, last command time, seats with a token and
        archive mark; archived games only if ``archived``."""
        found: list[GameSummary] = []
        for record in self.list_games(limit):
            commands = self.commands(record.id)
            seats = sorted({t.seat for t in self.tokens(record.id) if t.seat})
            summary = GameSummary(record.id, record.ruleset, record.created,
                                  commands[-1].seq if commands else 0, "", seats, None)
            found.append(summary)
        return found

    def set_archived(self, game_id: str, archived: bool) -> None:
        """Mark the game archived (or not)."""
        raise StoreError("this store cannot archive games")

    def load_log(self, game_id: str) -> tuple[int, list[Command]]:
        """The game's sequence number and its standing log (undos applied)."""
        stored = self.commands(game_id)
        if not stored:
            raise GameNotFoundError(game_id)
        return stored[-1].seq, fold_commands(stored)

    def __enter__(self) -> EventStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class _Cursor(Protocol):
    def execute(self, sql: Any, params: Sequence[Any] = ...) -> Any: ...
    def executemany(self, sql: Any, params_seq: Sequence[Sequence[Any]]) -> Any: ...
    def fetchone(self) -> Any: ...
    def fetchall(self) -> list[Any]: ...


class SqlEventStore(EventStore):
    """The SQL shared by SQLite and PostgreSQL; subclasses give transactions and placeholders."""

    placeholder = "?"
    #: Exceptions the driver raises when a unique or primary key constraint fails.
    integrity_errors: tuple[type[BaseException], ...] = ()

    def __init__(self) -> None:
        self._sql_cache: dict[str, str] = {}

    @abstractmethod
    def transaction(self, write: bool) -> AbstractContextManager[_Cursor]:
        """A cursor inside one transaction, committed when the block ends without error."""

    def q(self, sql: str) -> str:
        cached = self._sql_cache.get(sql)
        if cached is None:
            cached = sql.replace("?", self.placeholder)
            self._sql_cache[sql] = cached
        return cached

    #: The column type for binary data (``BLOB`` in SQLite, ``BYTEA`` in PostgreSQL).
    blob_type = "BLOB"

    def init_schema(self) -> None:
        with self.transaction(write=True) as cur:
            for statement in schema(self.blob_type):
                cur.execute(statement)

    # ------------------------------------------------------------------ games
    def create_game(self, record: GameRecord, setup: Command, gm_token_hash: str) -> None:
        try:
            with self.transaction(write=True) as cur:
                created = record.created or now()
                cur.execute(
                    self.q(
                        "INSERT INTO games (id, ruleset, config, seed, created)"
                        " VALUES (?, ?, ?, ?, ?)"
                    ),
                    (record.id, record.ruleset, dumps(record.config), dumps(record.seed), created),
                )
                self._insert_command(cur, record.id, 1, "setup", setup, None, 0)
                cur.execute(
                    self.q(
                        "INSERT INTO tokens (token_hash, game_id, role, seat, created)"
                        " VALUES (?, ?, 'gm', NULL, ?)"
                    ),
                    (gm_token_hash, record.id, created),
                )
        except self.integrity_errors as exc:
            raise DuplicateGameError(f"game {record.id!r} already exists") from exc

    def get_game(self, game_id: str) -> GameRecord:
        with self.transaction(write=False) as cur:
            cur.execute(
                self.q("SELECT id, ruleset, config, seed, created FROM games WHERE id = ?"),
                (game_id,),
            )
            row = cur.fetchone()
        if row is None:
            raise GameNotFoundError(game_id)
        return GameRecord(row[0], row[1], json.loads(row[2]), json.loads(row[3]), row[4])

    def list_games(self, limit: int = 100) -> list[GameRecord]:
        with self.transaction(write=False) as cur:
            cur.execute(
                self.q(
                    "SELECT id, ruleset, config, seed, created FROM games"
                    " ORDER BY created DESC, id LIMIT ?"
                ),
                (limit,),
            )
            rows = cur.fetchall()
        return [GameRecord(r[0], r[1], json.loads(r[2]), json.loads(r[3]), r[4]) for r in rows]

    # ------------------------------------------------------------------ commands
    def _insert_command(
        self,
        cur: _Cursor,
        game_id: str,
        seq: int,
        kind: str,
        command: Command | None,
        key: str | None,
        first_event: int,
    ) -> None:
        action = None if command is None or command.action is None else command.action
        cur.execute(
            self.q(
                "INSERT INTO commands (game_id, seq, kind, action, idempotency_key, created)"
                " VALUES (?, ?, ?, ?, ?, ?)"
            ),
            (
                game_id,
                seq,
                kind,
                None if action is None else dumps(action.to_dict()),
                key,
                now(),
            ),
        )
        if command is not None and command.events:
            cur.executemany(
                self.q(
                    "INSERT INTO events (game_id, seq, command_seq, type, data)"
                    " VALUES (?, ?, ?, ?, ?)"
                ),
                [
                    (game_id, first_event + i + 1, seq, e.type, dumps(dict(e.data)))
                    for i, e in enumerate(command.events)
                ],
            )

    def _head(self, cur: _Cursor, game_id: str) -> tuple[int, int]:
        """(commands, events) of the game inside the current transaction."""
        cur.execute(
            self.q("SELECT COALESCE(MAX(seq), 0) FROM commands WHERE game_id = ?"), (game_id,)
        )
        commands = int(cur.fetchone()[0])
        cur.execute(
            self.q("SELECT COALESCE(MAX(seq), 0) FROM events WHERE game_id = ?"), (game_id,)
        )
        return commands, int(cur.fetchone()[0])

    def _append(
        self,
        game_id: str,
        expected_seq: int,
        kind: str,
        command: Command | None,
        key: str | None,
    ) -> int:
        try:
            with self.transaction(write=True) as cur:
                current, events = self._head(cur, game_id)
                if current == 0:
                    raise GameNotFoundError(game_id)
                if current != expected_seq:
                    raise ConflictError(game_id, expected_seq, current)
                if kind == "undo":
                    standing = self._standing(cur, game_id, current)
                    if standing <= 1:
                        raise StoreError("nothing to undo: only the set-up is standing")
                self._insert_command(cur, game_id, expected_seq + 1, kind, command, key, events)
                self._appended(cur, game_id, expected_seq + 1)
        except self.integrity_errors as exc:
            # Another writer took this seq (or this idempotency key) between our read and
            # our insert: the constraint is the arbiter.
            raise ConflictError(game_id, expected_seq, self.current_seq(game_id)) from exc
        return expected_seq + 1

    def _appended(self, cur: _Cursor, game_id: str, seq: int) -> None:
        """Called inside the appending transaction, after the inserts (a hook)."""

    def append(
        self,
        game_id: str,
        expected_seq: int,
        command: Command,
        *,
        idempotency_key: str | None = None,
    ) -> int:
        if command.action is None:
            raise StoreError("only the set-up command has no action")
        return self._append(game_id, expected_seq, "play", command, idempotency_key)

    def append_undo(self, game_id: str, expected_seq: int) -> int:
        return self._append(game_id, expected_seq, "undo", None, None)

    def current_seq(self, game_id: str) -> int:
        with self.transaction(write=False) as cur:
            cur.execute(
                self.q("SELECT COALESCE(MAX(seq), 0) FROM commands WHERE game_id = ?"), (game_id,)
            )
            return int(cur.fetchone()[0])

    def _read_commands(
        self, cur: _Cursor, game_id: str, after: int, key: str | None = None
    ) -> list[StoredCommand]:
        if key is None:
            cur.execute(
                self.q(
                    "SELECT seq, kind, action, idempotency_key FROM commands"
                    " WHERE game_id = ? AND seq > ? ORDER BY seq"
                ),
                (game_id, after),
            )
        else:
            cur.execute(
                self.q(
                    "SELECT seq, kind, action, idempotency_key FROM commands"
                    " WHERE game_id = ? AND idempotency_key = ?"
                ),
                (game_id, key),
            )
        rows = cur.fetchall()
        if not rows:
            return []
        first = min(r[0] for r in rows)
        cur.execute(
            self.q(
                "SELECT command_seq, type, data FROM events"
                " WHERE game_id = ? AND command_seq >= ? ORDER BY seq"
            ),
            (game_id, first),
        )
        event_rows = cur.fetchall()
        # One JSON document per query instead of one per row: the store wrote every value
        # with dumps(), so joining them makes a valid array, and a long log (a cold start)
        # decodes about twice as fast.
        datas = _loads_all([row[2] for row in event_rows])
        events: dict[int, list[Event]] = {}
        for (command_seq, etype, _), data in zip(event_rows, datas, strict=True):
            events.setdefault(command_seq, []).append(Event(etype, data))
        actions = _loads_all([r[2] for r in rows if r[2] is not None])
        decoded = iter(actions)
        return [
            StoredCommand(
                seq=r[0],
                kind=r[1],
                action=None if r[2] is None else _action(next(decoded)),
                events=tuple(events.get(r[0], ())),
                idempotency_key=r[3],
            )
            for r in rows
        ]

    def commands(self, game_id: str, after: int = 0) -> list[StoredCommand]:
        with self.transaction(write=False) as cur:
            return self._read_commands(cur, game_id, after)

    def standing_at(self, game_id: str, seq: int) -> int:
        with self.transaction(write=False) as cur:
            return self._standing(cur, game_id, seq)

    def _standing(self, cur: _Cursor, game_id: str, seq: int) -> int:
        # Counted, not read: neither a cold start from a snapshot (checking its standing
        # count) nor an undo decodes the commands for it.
        cur.execute(
            self.q(
                "SELECT COALESCE(SUM(CASE WHEN kind = 'undo' THEN -1 ELSE 1 END), 0)"
                " FROM commands WHERE game_id = ? AND seq <= ?"
            ),
            (game_id, seq),
        )
        return int(cur.fetchone()[0])

    def find_idempotent(self, game_id: str, key: str) -> StoredCommand | None:
        with self.transaction(write=False) as cur:
            found = self._read_commands(cur, game_id, 0, key)
        return found[0] if found else None

    # ------------------------------------------------------------------ snapshots
    def save_snapshot(self, game_id: str, snapshot: Snapshot, *, keep: int = 3) -> None:
        if keep < 1:
            raise ValueError("keep must be at least 1")
        with self.transaction(write=True) as cur:
            cur.execute(
                self.q(
                    "INSERT INTO snapshots"
                    " (game_id, seq, standing, format, state_hash, state, created)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?)"
                ),
                (
                    game_id,
                    snapshot.seq,
                    snapshot.standing,
                    snapshot.format,
                    snapshot.state_hash,
                    snapshot.state,
                    now(),
                ),
            )
            cur.execute(
                self.q(
                    "SELECT seq FROM snapshots WHERE game_id = ?"
                    " ORDER BY seq DESC LIMIT 1 OFFSET ?"
                ),
                (game_id, keep - 1),
            )
            oldest_kept = cur.fetchone()
            if oldest_kept is not None:
                cur.execute(
                    self.q("DELETE FROM snapshots WHERE game_id = ? AND seq < ?"),
                    (game_id, oldest_kept[0]),
                )

    def snapshots(self, game_id: str, at_most: int) -> list[Snapshot]:
        with self.transaction(write=False) as cur:
            cur.execute(
                self.q(
                    "SELECT seq, standing, format, state_hash, state FROM snapshots"
                    " WHERE game_id = ? AND seq <= ? ORDER BY seq DESC"
                ),
                (game_id, at_most),
            )
            return [Snapshot(r[0], r[1], r[2], r[3], bytes(r[4])) for r in cur.fetchall()]

    # ------------------------------------------------------------------ hosts and sizes
    def add_host_key(self, key_hash: str) -> None:
        with self.transaction(write=True) as cur:
            cur.execute(
                self.q("INSERT INTO host_keys (key_hash, created) VALUES (?, ?)"),
                (key_hash, now()),
            )

    def host_key_hashes(self) -> list[str]:
        with self.transaction(write=False) as cur:
            cur.execute("SELECT key_hash FROM host_keys ORDER BY created")
            return [str(r[0]) for r in cur.fetchall()]

    def stored_bytes(self, game_id: str) -> int:
        with self.transaction(write=False) as cur:
            cur.execute(
                self.q(
                    "SELECT (SELECT COALESCE(SUM(LENGTH(config)), 0) FROM games WHERE id = ?)"
                    " + (SELECT COALESCE(SUM(LENGTH(action)), 0) FROM commands"
                    " WHERE game_id = ?)"
                    " + (SELECT COALESCE(SUM(LENGTH(data)), 0) FROM events WHERE game_id = ?)"
                ),
                (game_id, game_id, game_id),
            )
            return int(cur.fetchone()[0])

    # ------------------------------------------------------------------ the host's games page
    def game_summaries(self, limit: int = 100, *, archived: bool = False) -> list[GameSummary]:
        where = "" if archived else " WHERE a.game_id IS NULL"
        with self.transaction(write=False) as cur:
            cur.execute(
                self.q(
                    "SELECT g.id, g.ruleset, g.created, a.archived,"
                    " (SELECT MAX(c.seq) FROM commands c WHERE c.game_id = g.id),"
                    " (SELECT MAX(c.created) FROM commands c WHERE c.game_id = g.id)"
                    " FROM games g LEFT JOIN archived_games a ON a.game_id = g.id"
                    f"{where} ORDER BY g.created DESC, g.id LIMIT ?"
                ),
                (limit,),
            )
            rows = cur.fetchall()
            ids = [r[0] for r in rows]
            seats: dict[str, set[str]] = {i: set() for i in ids}
            if ids:
                marks = ", ".join("?" for _ in ids)
                cur.execute(
                    self.q(
                        "SELECT game_id, seat FROM tokens WHERE role = 'seat'"
                        f" AND game_id IN ({marks})"
                    ),
                    tuple(ids),
                )
                for game_id, seat in cur.fetchall():
                    seats[game_id].add(seat)
        return [
            GameSummary(r[0], r[1], r[2], int(r[4] or 0), str(r[5] or ""),
                        sorted(seats[r[0]]), r[3])
            for r in rows
        ]

    def set_archived(self, game_id: str, archived: bool) -> None:
        with self.transaction(write=True) as cur:
            cur.execute(self.q("SELECT 1 FROM games WHERE id = ?"), (game_id,))
            if cur.fetchone() is None:
                raise GameNotFoundError(game_id)
            cur.execute(self.q("DELETE FROM archived_games WHERE game_id = ?"), (game_id,))
            if archived:
                cur.execute(
                    self.q("INSERT INTO archived_games (game_id, archived) VALUES (?, ?)"),
                    (game_id, now()),
                )

    # ------------------------------------------------------------------ tokens
    def add_token(self, game_id: str, token_hash: str, role: str, seat: str | None) -> None:
        if role not in ROLES:
            raise StoreError(f"unknown role {role!r}")
        with self.transaction(write=True) as cur:
            cur.execute(self.q("SELECT 1 FROM games WHERE id = ?"), (game_id,))
            if cur.fetchone() is None:
                raise GameNotFoundError(game_id)
            cur.execute(
                self.q(
                    "INSERT INTO tokens (token_hash, game_id, role, seat, created)"
                    " VALUES (?, ?, ?, ?, ?)"
                ),
                (token_hash, game_id, role, seat, now()),
            )

    def tokens(self, game_id: str) -> list[TokenRecord]:
        with self.transaction(write=False) as cur:
            cur.execute(
                self.q("SELECT token_hash, game_id, role, seat FROM tokens WHERE game_id = ?"),
                (game_id,),
            )
            return [TokenRecord(r[0], r[1], r[2], r[3]) for r in cur.fetchall()]
