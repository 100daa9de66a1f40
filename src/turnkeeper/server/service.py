"""What the HTTP API does, without HTTP: games in memory over the durable store, tokens, seats.

Each server process keeps a :class:`LiveGame` (the :class:`~turnkeeper.core.game.Game` with its
state folded) per game it has served recently, so a play costs one check, one resolve and one
append, never a replay. The cache is an LRU of at most ``cache_games`` games holding at most
``cache_bytes`` bytes between them (each game's :meth:`~turnkeeper.core.game.Game.held_bytes`,
an estimate, measured after each change under its lock); a game is never
evicted while a request holds its lock, and a request that finds its game evicted takes the
cached copy (loading it again if needed, see :meth:`GameService._hold`). A game is rebuilt
from the store (its newest usable snapshot plus the commands after it) the first time a
process needs it (cold start, or after eviction) and, on a shared store (PostgreSQL),
whenever the store's sequence number differs from the one in memory (another process wrote).
Every ``snapshot_every`` commands the state is written to the store as a snapshot, after the
command's append.

The sequence number (``seq``) is the number of commands recorded for the game: the set-up
(seq 1), every accepted action and every undo. It only grows. Writes carry the seq they
expect; any other value is stale.
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import secrets
import threading
from collections import OrderedDict
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from turnkeeper.core.game import Command, Game, jsonable
from turnkeeper.core.model import Action, BadActionError, Event, IllegalActionError
from turnkeeper.core.ruleset import Ruleset, SetupError
from turnkeeper.core.schema import ruleset_schema
from turnkeeper.rulesets import UnknownRulesetError, available, get_ruleset
from turnkeeper.server.files import BUNDLED, FileOptionError, server_setup
from turnkeeper.server.permissions import gm_only_violation
from turnkeeper.store.base import (
    ConflictError,
    EventStore,
    GameNotFoundError,
    GameRecord,
    StoredCommand,
    StoreError,
    TokenRecord,
    dumps,
)
from turnkeeper.store.snapshots import LoadedGame, load_game, read_prefix, take_snapshot

logger = logging.getLogger("turnkeeper.server")

#: The seat name a spectator's view is asked for: no player sits there, so a ruleset hides
#: every seat's secrets from it.
SPECTATOR_SEAT = "*spectator*"

#: Ruleset code that trips over a strange parameter raises one of these; the server answers
#: 422 instead of failing, and the game is untouched (``Game.play`` changes nothing then).
RULESET_INPUT_ERRORS = (BadActionError, KeyError, TypeError, ValueError, IndexError, AttributeError)

MAX_LEGAL = 2000

#: Games kept in memory per process, and commands between two stored snapshots (defaults).
CACHE_GAMES = 256
#: Bytes the games kept in memory may hold between them, per process (default 512 MiB; a game
#: holds about 30-150 bytes per command, plus its state and a few state copies as bytes).
CACHE_BYTES = 512 * 1024 * 1024
SNAPSHOT_EVERY = 200
#: Snapshots kept per game (the newest ones; older ones only help an undo far back).
SNAPSHOT_KEEP = 3


class ApiError(Exception):
    """An answer other than success: HTTP ``status``, a short ``code`` and a ``detail``."""

    status = 400
    code = "bad_request"

    def __init__(
        self, detail: str, *, headers: Mapping[str, str] | None = None, **extra: Any
    ) -> None:
        super().__init__(detail)
        self.detail = detail
        self.extra = extra
        #: HTTP headers of the answer (``Retry-After`` of a 429).
        self.headers = dict(headers or {})

    def body(self) -> dict[str, Any]:
        return {"error": self.code, "detail": self.detail, **self.extra}


class NotFound(ApiError):
    status, code = 404, "not_found"


class Unauthorized(ApiError):
    status, code = 401, "unauthorized"


class Forbidden(ApiError):
    status, code = 403, "forbidden"


class Stale(ApiError):
    status, code = 409, "stale"


class Refused(ApiError):
    status, code = 409, "refused"


class NothingToUndo(ApiError):
    status, code = 409, "nothing_to_undo"


class BadAction(ApiError):
    status, code = 422, "bad_action"


class BadInput(ApiError):
    status, code = 422, "bad_input"


class TooLarge(ApiError):
    status, code = 413, "too_large"


class Unavailable(ApiError):
    status, code = 503, "unavailable"


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(frozen=True)
class Principal:
    """Who a token speaks for: the game master, one seat, or a spectator."""

    game_id: str
    role: str
    seat: str | None = None
    #: The game master by the host key (who may also mint game master links).
    host: bool = False

    @property
    def key_prefix(self) -> str:
        # Idempotency keys are scoped by who sent them: one seat can neither collide with
        # nor read back another's response by reusing a key.
        return f"{self.role}:{self.seat or ''}:"


@dataclass
class LiveGame:
    record: GameRecord
    ruleset: Ruleset[Any]
    game: Game[Any]
    seq: int
    tokens: list[TokenRecord] = field(default_factory=list)
    idempotent: dict[str, StoredCommand] = field(default_factory=dict)
    lock: threading.RLock = field(default_factory=threading.RLock)
    #: Set (under ``lock``) when the cache drops this copy: whoever holds it takes the
    #: cached one instead (:meth:`GameService._hold`).
    evicted: bool = False
    #: Bytes the game stores (set-up, actions, events as JSON), kept when the server caps
    #: them (``max_game_bytes``); ``-1`` when not counted.
    stored_bytes: int = -1
    #: How many leading commands of ``game.log`` were not read (the game was loaded from a
    #: snapshot): :meth:`GameService._read_all` reads them when an undo or a replay needs
    #: them. Idempotency keys of those commands are then looked up in the store.
    unread: int = 0
    #: About how many bytes the game holds in memory (``Game.held_bytes``), measured under
    #: ``lock`` after every change: what the cache's byte bound counts.
    held_bytes: int = 0

    def measure(self) -> None:
        """Update :attr:`held_bytes`; hold ``lock`` (or be the only holder of this copy)."""
        self.held_bytes = self.game.held_bytes()

    @property
    def id(self) -> str:
        return self.record.id

    @property
    def hidden(self) -> bool:
        # Unless a ruleset says it has no hidden information, assume it has: seats then get
        # fresh views, never raw events (which may hold another seat's cards).
        return bool(getattr(self.ruleset, "hidden_information", True))


@dataclass(frozen=True)
class PlayResult:
    seq: int
    command: StoredCommand
    replayed: bool
    #: The command as the player may see it (:meth:`GameService.command_for`), worked out
    #: under the game's lock so that the answer never reads a state another write changes.
    shown: dict[str, Any] = field(default_factory=dict)


class GameService:
    """Games, tokens and commands over an :class:`EventStore`; thread-safe."""

    def __init__(
        self,
        store: EventStore,
        rulesets: Mapping[str, Ruleset[Any]] | None = None,
        *,
        cache_games: int = CACHE_GAMES,
        cache_bytes: int = CACHE_BYTES,
        snapshot_every: int = SNAPSHOT_EVERY,
        snapshot_keep: int = SNAPSHOT_KEEP,
        card_dbs: Mapping[str, str] | None = None,
        max_game_bytes: int | None = None,
    ) -> None:
        if cache_games < 1:
            raise ValueError("cache_games must be at least 1")
        if cache_bytes < 1:
            raise ValueError("cache_bytes must be at least 1")
        if snapshot_every < 0:
            raise ValueError("snapshot_every must be 0 (no snapshots) or more")
        self.store = store
        self._rulesets = dict(rulesets or {})
        self._games: OrderedDict[str, LiveGame] = OrderedDict()
        self._lock = threading.Lock()
        self.cache_games = cache_games
        self.cache_bytes = cache_bytes
        self.snapshot_every = snapshot_every
        self.snapshot_keep = snapshot_keep
        #: The card databases clients choose by name (name -> path; "bundled" -> "").
        self.card_dbs: dict[str, str] = {BUNDLED: "", **(card_dbs or {})}
        #: The most a game may store (413 beyond it); ``None``: no cap.
        self.max_game_bytes = max_game_bytes
        self._host_hashes: list[str] | None = None

    # ------------------------------------------------------------------ rulesets
    def ruleset_names(self) -> list[str]:
        return sorted(set(self._rulesets) | set(available()))

    def ruleset(self, name: str) -> Ruleset[Any]:
        if name in self._rulesets:
            return self._rulesets[name]
        try:
            return get_ruleset(name)
        except UnknownRulesetError as exc:
            raise BadInput(str(exc), field="ruleset") from exc

    def schema(self, name: str) -> dict[str, Any]:
        """The ruleset's JSON Schema (action kinds and set-up), or 404."""
        try:
            ruleset = self.ruleset(name)
        except BadInput as exc:
            raise NotFound(exc.detail, field="name") from exc
        try:
            return ruleset_schema(ruleset)
        except ValueError as exc:
            raise NotFound(
                f"ruleset {name!r} does not declare its action models yet ({exc})", field="name"
            ) from exc

    # ------------------------------------------------------------------ games
    def create_game(
        self, ruleset_name: str, setup: Mapping[str, Any], seed: int | str | None
    ) -> tuple[LiveGame, str]:
        ruleset = self.ruleset(ruleset_name)
        if seed is None:
            # A fresh seed from the OS (no global random state); recorded with the game.
            seed = secrets.randbelow(2**53)
        try:
            config = server_setup(ruleset.name, setup, self.card_dbs)
        except FileOptionError as exc:
            raise BadInput(str(exc), field=exc.field) from exc
        try:
            game = Game(ruleset, config, seed=seed)
        except SetupError as exc:
            raise BadInput(str(exc), field="setup") from exc
        except RULESET_INPUT_ERRORS as exc:
            raise BadInput(f"the set-up could not be read: {exc!r}", field="setup") from exc
        record = GameRecord(secrets.token_hex(8), ruleset.name, dict(setup), seed)
        size = -1
        if self.max_game_bytes is not None:
            size = len(dumps(record.config)) + _command_bytes(game.log[0])
            if size > self.max_game_bytes:
                raise TooLarge(
                    f"this set-up would store {size} bytes; this server stores at most "
                    f"{self.max_game_bytes} per game",
                    field="setup",
                )
        token = secrets.token_urlsafe(32)
        self.store.create_game(record, game.log[0], hash_token(token))
        live = LiveGame(record, ruleset, game, seq=1, stored_bytes=size)
        live.measure()
        live.tokens.append(TokenRecord(hash_token(token), record.id, "gm", None))
        with self._lock:
            self._games[record.id] = live
            self._evict()
        return live, token

    def forget_all(self) -> None:
        """Drop every game from memory: the next request folds it again from the store."""
        with self._lock:
            for live in self._games.values():
                live.evicted = True
            self._games.clear()

    def cached_games(self) -> list[str]:
        """The ids of the games in memory, least recently used first."""
        with self._lock:
            return list(self._games)

    def cached_bytes(self) -> int:
        """About how many bytes the games in memory hold between them."""
        with self._lock:
            return sum(live.held_bytes for live in self._games.values())

    def _evict(self, keep: str | None = None) -> None:
        """Drop least recently used games beyond ``cache_games`` games or ``cache_bytes``
        bytes; hold ``self._lock``.

        A game whose lock someone holds is skipped (tried without waiting): the cache may
        then stay above its bound until a later insertion or play finds it free. The newest
        game and ``keep`` (the game being played, whose lock the caller holds) always stay,
        even alone above ``cache_bytes``.
        """
        held = sum(live.held_bytes for live in self._games.values())
        if len(self._games) <= self.cache_games and held <= self.cache_bytes:
            return
        newest = next(reversed(self._games))
        for game_id in list(self._games):
            if len(self._games) <= self.cache_games and held <= self.cache_bytes:
                return
            victim = self._games[game_id]
            if game_id in (newest, keep) or not victim.lock.acquire(blocking=False):
                continue
            try:
                victim.evicted = True
                del self._games[game_id]
                held -= victim.held_bytes
            finally:
                victim.lock.release()

    def _remeasure(self, live: LiveGame) -> None:
        """Measure ``live`` again after a change and keep the cache within its byte bound
        (games grow as they are played); hold ``live.lock``."""
        live.measure()
        with self._lock:
            if self._games.get(live.id) is live:
                self._evict(keep=live.id)

    @contextmanager
    def _hold(self, live: LiveGame) -> Iterator[LiveGame]:
        """Hold the lock of the cached copy of ``live``'s game and give that copy.

        ``live`` itself unless the cache dropped it since the request got it; then the
        cached copy (folded again from the store if need be). Checked under the lock, and
        eviction happens only under it, so the copy held is never one the cache dropped.
        """
        while True:
            live.lock.acquire()
            if not live.evicted:
                break
            live.lock.release()
            live = self.live(live.id)
        try:
            yield live
        finally:
            live.lock.release()

    def live(self, game_id: str) -> LiveGame:
        """The game in memory (folded from the store on first use).

        On a shared store it may lag behind other processes: every method that reads or
        writes the game brings it up to date first (:meth:`_fresh`).
        """
        with self._lock:
            live = self._games.get(game_id)
            if live is not None:
                self._games.move_to_end(game_id)
        if live is None:
            live = self._load(game_id)
            with self._lock:
                live = self._games.setdefault(game_id, live)
                self._games.move_to_end(game_id)
                self._evict()
        return live

    def _fresh(self, live: LiveGame) -> None:
        """Catch up with other processes' writes (shared stores only); hold ``live.lock``."""
        if self.store.shared:
            self._refresh(live)

    def _load(self, game_id: str) -> LiveGame:
        try:
            record = self.store.get_game(game_id)
        except GameNotFoundError as exc:
            raise NotFound(f"no game {game_id!r}") from exc
        try:
            ruleset = self.ruleset(record.ruleset)
        except BadInput as exc:
            raise Unavailable(f"this server cannot run {record.ruleset!r} games") from exc
        loaded = self._fold(record, ruleset)
        live = LiveGame(record, ruleset, loaded.game, loaded.seq, unread=loaded.unread)
        live.measure()
        if self.max_game_bytes is not None:
            live.stored_bytes = self.store.stored_bytes(record.id)
        live.idempotent = {c.idempotency_key: c for c in loaded.commands if c.idempotency_key}
        live.tokens = self.store.tokens(record.id)
        return live

    #: How many times this service folded a game from the store (tests count cold loads).
    loads = 0

    def _rebuild(self, live: LiveGame) -> None:
        """Fold the game from the store (first use, another process wrote, or our write lost
        a race): from its newest usable snapshot, reading only the commands after it."""
        loaded = self._fold(live.record, live.ruleset)
        live.game, live.seq, live.unread = loaded.game, loaded.seq, loaded.unread
        live.measure()
        if self.max_game_bytes is not None:
            live.stored_bytes = self.store.stored_bytes(live.id)
        live.idempotent = {c.idempotency_key: c for c in loaded.commands if c.idempotency_key}
        live.tokens = self.store.tokens(live.id)

    def _fold(self, record: GameRecord, ruleset: Ruleset[Any]) -> LoadedGame:
        try:
            loaded = load_game(
                self.store, ruleset, record, use_snapshots=self.snapshot_every > 0
            )
        except GameNotFoundError as exc:
            raise NotFound(f"no game {record.id!r}") from exc
        self.loads += 1
        return loaded

    def _read_all(self, live: LiveGame) -> None:
        """Read the commands a cold start from a snapshot left unread; hold ``live.lock``."""
        if not live.unread:
            return
        try:
            stored = read_prefix(self.store, live.id, live.game, live.unread)
        except StoreError:
            live.unread = 0
            self._rebuild(live)  # the store moved on under us: fold it all again
            if live.unread:
                self._read_all(live)
            return
        live.unread = 0
        live.idempotent = {c.idempotency_key: c for c in stored if c.idempotency_key}

    def _refresh(self, live: LiveGame) -> None:
        if self.store.current_seq(live.id) != live.seq:
            self._rebuild(live)

    def refresh(self, game_id: str) -> LiveGame | None:
        """Bring a cached game up to date with the store (after a notification)."""
        with self._lock:
            live = self._games.get(game_id)
        if live is not None:
            with self._hold(live) as live:
                self._refresh(live)
        return live

    # ------------------------------------------------------------------ hosts
    def is_host(self, key: str | None, *, reread: bool = True) -> bool:
        """Whether ``key`` is a host key. Keys minted since (``turnkeeper host-link``) are
        found by reading the store again on a miss, unless ``reread`` is false (no I/O)."""
        if not key:
            return False
        digest = hash_token(key)
        known = self._host_hashes
        if known is not None and self._match_hash(known, digest) is not None:
            return True
        if not reread:
            return False
        self._host_hashes = self.store.host_key_hashes()
        return self._match_hash(self._host_hashes, digest) is not None

    @staticmethod
    def _match_hash(hashes: Iterable[str], digest: str) -> str | None:
        found = None
        for known in hashes:
            if hmac.compare_digest(known, digest):
                found = known
        return found

    def list_games(self, limit: int) -> list[dict[str, Any]]:
        """The newest games first, for the host."""
        return [
            {
                "game_id": r.id,
                "ruleset": r.ruleset,
                "created": r.created,
                "links": {"page": f"/?game={r.id}", "state": f"/api/games/{r.id}/state"},
            }
            for r in self.store.list_games(limit)
        ]

    # ------------------------------------------------------------------ tokens
    def authenticate_cached(
        self, game_id: str, token: str | None
    ) -> tuple[LiveGame, Principal] | None:
        """:meth:`authenticate` without I/O (the event loop's fast path): ``None`` if the
        game is not in memory (or on a shared store, where the tokens may have changed)."""
        if not token:
            raise Unauthorized("a token is needed: 'Authorization: Bearer <token>' or ?token=")
        with self._lock:
            live = None if self.store.shared else self._games.get(game_id)
            if live is None:
                return None
            self._games.move_to_end(game_id)
        try:
            return self._authenticate(live, game_id, token, reread=False)
        except Forbidden:
            return None  # maybe a host key minted since: the threaded path reads them

    def authenticate(self, game_id: str, token: str | None) -> tuple[LiveGame, Principal]:
        if not token:
            raise Unauthorized("a token is needed: 'Authorization: Bearer <token>' or ?token=")
        with self._lock:
            cached = self._games.get(game_id)
        if cached is None:
            # The token first, from the tokens table alone: a made-up token never makes
            # this process read and fold a game (nor learn more than whether it exists).
            try:
                self.store.get_game(game_id)
            except GameNotFoundError as exc:
                raise NotFound(f"no game {game_id!r}") from exc
            if self._match(self.store.tokens(game_id), hash_token(token)) is None and (
                not self.is_host(token)
            ):
                raise Forbidden("this token does not open this game")
        return self._authenticate(self.live(game_id), game_id, token)

    def _authenticate(
        self, live: LiveGame, game_id: str, token: str, *, reread: bool = True
    ) -> tuple[LiveGame, Principal]:
        digest = hash_token(token)
        found = self._match(live.tokens, digest)
        if found is None and self.store.shared and reread:
            # Another process may have issued it since this one loaded the game.
            live.tokens = self.store.tokens(game_id)
            found = self._match(live.tokens, digest)
        if found is None:
            if self.is_host(token, reread=reread):
                # The host opens every game of its server as the game master.
                return live, Principal(game_id, "gm", host=True)
            raise Forbidden("this token does not open this game")
        return live, Principal(game_id, found.role, found.seat)

    @staticmethod
    def _match(tokens: Iterable[TokenRecord], digest: str) -> TokenRecord | None:
        found = None
        for record in tokens:
            # Constant-time comparison, and no early exit: timing says nothing of the hash.
            if hmac.compare_digest(record.token_hash, digest):
                found = record
        return found

    def issue_token(self, live: LiveGame, principal: Principal, role: str, seat: str | None) -> str:
        if principal.role != "gm":
            raise Forbidden("only the game master hands out tokens")
        if role == "gm" and not principal.host:
            raise Forbidden("only the host mints game master links")
        if role == "seat":
            seats = self.seats(live)
            if seat not in seats:
                raise BadInput(f"unknown seat {seat!r}; the seats are {seats}", field="seat")
        token = secrets.token_urlsafe(32)
        record = TokenRecord(hash_token(token), live.id, role, seat)
        self.store.add_token(live.id, record.token_hash, role, seat)
        with self._hold(live) as live:
            live.tokens.append(record)
        return token

    # ------------------------------------------------------------------ reading
    def seats(self, live: LiveGame) -> list[str]:
        with self._hold(live) as live:
            state, rs = live.game.state, live.ruleset
            found = {rs.controller(state, a) for a in rs.actors(state)}
        return sorted(s for s in found if s is not None)

    def controlled(self, live: LiveGame, principal: Principal) -> list[str]:
        state, rs = live.game.state, live.ruleset
        if principal.role == "gm":
            return list(rs.actors(state))
        if principal.role == "seat":
            return [a for a in rs.actors(state) if rs.controller(state, a) == principal.seat]
        return []

    @staticmethod
    def _seat_seen(principal: Principal) -> str | None:
        """The seat whose view ``principal`` gets: None (everything) for the game master."""
        if principal.role == "gm":
            return None
        return principal.seat if principal.role == "seat" else SPECTATOR_SEAT

    def view(self, live: LiveGame, principal: Principal) -> Any:
        state, rs = live.game.state, live.ruleset
        return jsonable(rs.view(state, self._seat_seen(principal)))

    def state(self, live: LiveGame, principal: Principal) -> dict[str, Any]:
        with self._hold(live) as live:
            self._fresh(live)
            rs, state = live.ruleset, live.game.state
            outcome = rs.outcome(state)
            payload: dict[str, Any] = {
                "game_id": live.id,
                "ruleset": rs.name,
                "seq": live.seq,
                "role": principal.role,
                "seat": principal.seat,
                "actors": self.controlled(live, principal),
                "seats": self.seats(live),
                "view": self.view(live, principal),
                "whose_turn": rs.whose_turn(state),
                "outcome": None if outcome is None else outcome.to_dict(),
                "hidden_information": live.hidden,
            }
            tracker = getattr(rs, "tracker", None)
            if callable(tracker):
                payload["tracker"] = jsonable(tracker(state))
            board = getattr(rs, "board", None)
            if callable(board):
                # the cards on the table as this role may see them (a card game's tiles):
                # the game master everything, a seat its own hand, a spectator no hand
                payload["board"] = jsonable(board(state, self._seat_seen(principal)))
            status_lines = getattr(rs, "status_lines", None)
            # status_lines(state) is written from the whole state (a ruleset's secrets
            # included), so with hidden information only the game master gets them.
            if callable(status_lines) and (principal.role == "gm" or not live.hidden):
                payload["status_lines"] = [str(line) for line in status_lines(state)]
            return payload

    def legal(self, live: LiveGame, principal: Principal, actor: str | None) -> dict[str, Any]:
        if principal.role == "spectator":
            raise Forbidden("spectators have no actions")
        with self._hold(live) as live:
            self._fresh(live)
            mine = self.controlled(live, principal)
            if actor is not None and actor not in mine:
                if principal.role == "gm":
                    raise BadInput(f"unknown actor {actor!r}", field="actor")
                raise Forbidden(f"seat {principal.seat!r} does not control {actor!r}")
            wanted: list[str | None]
            if actor is not None:
                wanted = [actor]
            elif principal.role == "gm":
                wanted = [None]
            else:
                wanted = list(mine)
            actions: list[dict[str, Any]] = []
            truncated = False
            # A seat of a game with hidden information gets each offer through the ruleset's
            # visible_offer hook (OfferFilter): odds worked out from what its view hides go.
            hook = getattr(live.ruleset, "visible_offer", None)
            if not (principal.role == "seat" and live.hidden and callable(hook)):
                hook = None
            try:
                for who in wanted:
                    for action in live.ruleset.legal_actions(live.game.state, who):
                        if len(actions) >= MAX_LEGAL:
                            truncated = True
                            break
                        if hook is not None:
                            action = hook(live.game.state, action, principal.seat)
                        actions.append(jsonable(action.to_dict()))
            except RULESET_INPUT_ERRORS as exc:
                raise BadAction(f"the legal actions could not be listed: {exc}") from exc
            return {"seq": live.seq, "actions": actions, "truncated": truncated}

    def command_for(
        self, live: LiveGame, principal: Principal, command: StoredCommand
    ) -> dict[str, Any]:
        """One command as ``principal`` may see it.

        The GM, and everyone when the ruleset has no hidden information, get it whole.
        Otherwise the ruleset's ``visible_command(state, action, events, seat)`` says what
        the seat (or a spectator) may see; a ruleset without it shows seats no events and
        an action's ``params`` only to the seat that controls its actor. ``redacted`` says
        whether anything was left out.
        """
        action = None if command.action is None else command.action.to_dict()
        events = [e.to_dict() for e in command.events]
        shown = {"seq": command.seq, "kind": command.kind}
        if principal.role == "gm" or not live.hidden or command.kind == "undo":
            return {
                **shown,
                "action": action,
                "events": self._described(live, events),
                "redacted": False,
            }
        seat = principal.seat if principal.role == "seat" and principal.seat else SPECTATOR_SEAT
        hook = getattr(live.ruleset, "visible_command", None)
        with self._hold(live) as live:
            state = live.game.state
            if callable(hook):
                seen_action, seen_events = hook(state, command.action, command.events, seat)
                seen_action = None if seen_action is None else jsonable(seen_action)
                seen = [jsonable(e) for e in seen_events]
            else:
                seen_action, seen = action, []
                actor = None if command.action is None else command.action.actor
                if seen_action is not None and (
                    actor is None or live.ruleset.controller(state, actor) != seat
                ):
                    seen_action = {**seen_action, "params": {}}
        redacted = seen_action != action or seen != events
        return {
            **shown,
            "action": seen_action,
            "events": self._described(live, seen),
            "redacted": redacted,
        }

    def _described(self, live: LiveGame, events: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """``events`` with a ``text`` sentence each, when the ruleset has the optional
        ``describe_event(state, event) -> str`` hook (docs/web.md). A description that
        fails leaves the event without one: the page then writes its compact line."""
        describe = getattr(live.ruleset, "describe_event", None)
        if not callable(describe):
            return events
        described = []
        for data in events:
            try:
                text = describe(live.game.state, Event.from_dict(data))
            except Exception:  # a ruleset bug must not hide the log; the page falls back
                logger.warning("describe_event failed on %r", data.get("type"), exc_info=True)
                described.append(data)
                continue
            described.append({**data, "text": str(text)} if text else data)
        return described

    def log(self, live: LiveGame, principal: Principal, after: int, limit: int) -> dict[str, Any]:
        with self._hold(live) as live:
            self._fresh(live)
            seq = live.seq
        stored = self.store.commands(live.id, after)[:limit]
        with self._hold(live) as live:  # one lock for the page, not one per command
            commands = [self.command_for(live, principal, c) for c in stored]
        return {"seq": seq, "commands": commands}

    def replay(self, live: LiveGame, principal: Principal) -> dict[str, Any]:
        if live.hidden and principal.role != "gm":
            raise Forbidden("the full replay holds hidden information: game master only")
        with self._hold(live) as live:
            self._fresh(live)
            self._read_all(live)
            log = [c.to_dict() for c in live.game.log]
            return {
                "seq": live.seq,
                "state_hash": live.game.state_hash(),
                "commands": log,
                "events": [e for c in log for e in c["events"]],
            }

    # ------------------------------------------------------------------ writing
    def _authorize(self, live: LiveGame, principal: Principal, action: Action) -> None:
        if principal.role == "spectator":
            raise Forbidden("spectators cannot act")
        if principal.role == "seat" and (
            action.actor is None or action.actor not in self.controlled(live, principal)
        ):
            raise Forbidden(f"seat {principal.seat!r} does not control {action.actor!r}")
        if principal.role == "seat":
            violation = gm_only_violation(live.ruleset, action)
            if violation is not None:
                where, why = violation
                raise Forbidden(why, field=where)

    def check(self, live: LiveGame, principal: Principal, action: Action) -> dict[str, Any]:
        with self._hold(live) as live:
            self._fresh(live)
            self._authorize(live, principal, action)
            try:
                refusal = live.game.check(action)
            except RULESET_INPUT_ERRORS as exc:
                raise BadAction(str(exc)) from exc
            return {
                "seq": live.seq,
                "allowed": refusal is None,
                "refusal": None if refusal is None else refusal.to_dict(),
            }

    def play(
        self,
        live: LiveGame,
        principal: Principal,
        action: Action,
        expected_seq: int,
        idempotency_key: str | None = None,
    ) -> PlayResult:
        with self._hold(live) as live:
            self._fresh(live)
            self._authorize(live, principal, action)
            key = None if idempotency_key is None else principal.key_prefix + idempotency_key
            if key is not None:
                earlier = self._earlier(live, key)
                if earlier is not None:
                    shown = self.command_for(live, principal, earlier)
                    return PlayResult(earlier.seq, earlier, True, shown)
            if expected_seq != live.seq:
                raise Stale(f"the game is at seq {live.seq}", seq=live.seq)
            try:
                events = live.game.play(action)
            except IllegalActionError as exc:
                raise Refused(exc.refusal.reason, **exc.refusal.to_dict()) from exc
            except RULESET_INPUT_ERRORS as exc:
                raise BadAction(str(exc)) from exc
            command = live.game.log[-1]
            if self.max_game_bytes is not None and live.stored_bytes >= 0:
                size = _command_bytes(command)
                if live.stored_bytes + size > self.max_game_bytes:
                    live.game.undo()
                    raise TooLarge(
                        f"this game stores {live.stored_bytes} bytes and this action "
                        f"{size} more; this server stores at most {self.max_game_bytes} "
                        "per game"
                    )
                live.stored_bytes += size
            try:
                seq = self.store.append(live.id, live.seq, command, idempotency_key=key)
            except ConflictError as exc:
                # Another process got there first: take ours back, catch up, and tell the
                # client (unless it was this very request, retried elsewhere).
                live.game.undo()
                self._rebuild(live)
                earlier = None if key is None else self._earlier(live, key)
                if earlier is not None:
                    shown = self.command_for(live, principal, earlier)
                    return PlayResult(earlier.seq, earlier, True, shown)
                raise Stale(f"the game is at seq {exc.current}", seq=live.seq) from exc
            except BaseException:
                # Not durable, so it did not happen.
                live.game.undo()
                raise
            stored = StoredCommand(seq, "play", action, tuple(events), key)
            live.seq = seq
            self._remeasure(live)
            self._snapshot(live)
            if key is not None:
                live.idempotent[key] = stored
            return PlayResult(seq, stored, False, self.command_for(live, principal, stored))

    def _earlier(self, live: LiveGame, key: str) -> StoredCommand | None:
        earlier = live.idempotent.get(key)
        if earlier is None and (self.store.shared or live.unread):
            earlier = self.store.find_idempotent(live.id, key)
        return earlier

    def undo(self, live: LiveGame, principal: Principal, expected_seq: int) -> StoredCommand:
        if principal.role != "gm":
            raise Forbidden("only the game master may undo")
        with self._hold(live) as live:
            self._fresh(live)
            if expected_seq != live.seq:
                raise Stale(f"the game is at seq {live.seq}", seq=live.seq)
            if len(live.game.log) <= 1:
                raise NothingToUndo("nothing to undo: only the set-up stands")
            if len(live.game.log) - 1 < live.unread:
                # The state before the latest command is older than the snapshot the game
                # was loaded from: read the commands before it.
                self._read_all(live)
            try:
                seq = self.store.append_undo(live.id, live.seq)
            except ConflictError as exc:
                self._rebuild(live)
                raise Stale(f"the game is at seq {exc.current}", seq=live.seq) from exc
            live.game.undo()
            live.seq = seq
            self._remeasure(live)
            self._snapshot(live)
            return StoredCommand(seq, "undo", None, ())

    def _snapshot(self, live: LiveGame) -> None:
        """Store a snapshot every ``snapshot_every`` commands; hold ``live.lock``.

        Called after the append: on PostgreSQL in a transaction of its own once the append
        committed; on SQLite inside the writer thread's group (a savepoint of its own, so it
        becomes durable in the same commit as the command, never before it). A snapshot is
        only a shortcut: failing to take or store one is logged and changes nothing else.
        """
        if not self.snapshot_every or live.seq % self.snapshot_every:
            return
        try:
            snapshot = take_snapshot(live.ruleset, live.seq, len(live.game.log), live.game.state)
            self.store.save_snapshot(live.id, snapshot, keep=self.snapshot_keep)
        except Exception:
            logger.warning("game %s: no snapshot at seq %d", live.id, live.seq, exc_info=True)

    def seq_of(self, live: LiveGame) -> int:
        """The game's seq as this process knows it (the cached copy's, if ``live`` was
        dropped from the cache)."""
        with self._hold(live) as live:
            return live.seq

    def commands_after(self, game_id: str, after: int) -> list[StoredCommand]:
        return self.store.commands(game_id, after)


def _command_bytes(command: Command) -> int:
    """About what the store writes for a command: its action's and events' JSON."""
    size = 0 if command.action is None else len(dumps(command.action.to_dict()))
    return size + sum(len(dumps(event.data)) for event in command.events)
