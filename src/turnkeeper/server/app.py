"""The HTTP + WebSocket API (FastAPI): see docs/server.md for the endpoints and their rules.

Game logic and store calls run off the event loop, so that the loop goes on reading and
answering requests while a commit waits for its fsync: on SQLite in one dedicated thread
that commits waiting calls in groups (see :class:`StoreRunner`), on a shared store
(PostgreSQL, a network round trip) in a pool of worker threads. Measured under load, the
dedicated thread cut the worst latencies from seconds to a few hundred ms against running
SQLite right on the loop, where a slow fsync stalls every connection.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import math
import os
import queue
import threading
from collections.abc import AsyncIterator, Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, TypeVar

import anyio.to_thread
from fastapi import Depends, FastAPI, Query, Request, WebSocket, WebSocketDisconnect
from fastapi import Path as FastApiPath
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field, field_validator
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from turnkeeper.core.model import Action
from turnkeeper.core.ruleset import Ruleset
from turnkeeper.server.host_routes import CreationPolicy, MayCreate, register_host_routes
from turnkeeper.server.hosting import OPEN_GAMES_PER_MINUTE, RateLimiter
from turnkeeper.server.limits import bounded_body
from turnkeeper.server.openapi import declare_errors
from turnkeeper.server.service import (
    CACHE_BYTES,
    CACHE_GAMES,
    SNAPSHOT_EVERY,
    ApiError,
    GameService,
    LiveGame,
    Principal,
)
from turnkeeper.server.table import TableConfig, register_table_routes
from turnkeeper.store import EventStore, StoredCommand, open_store

WEB_DIR = Path(__file__).resolve().parent / "web"
MAX_BODY = 64 * 1024
T = TypeVar("T")


# ---------------------------------------------------------------------------- request bodies
def _clean_json(value: Any, path: str = "params") -> Any:
    """Reject what the log cannot carry back out before it reaches the store: NaN and
    infinities (not JSON), and NUL characters (PostgreSQL text cannot hold them)."""
    if isinstance(value, float) and not math.isfinite(value):
        raise ValueError(f"{path}: numbers must be finite")
    if isinstance(value, str):
        _no_nul(value, path)
    elif isinstance(value, dict):
        for k, v in value.items():
            _no_nul(k, path)
            _clean_json(v, f"{path}.{k}")
    elif isinstance(value, list):
        for i, v in enumerate(value):
            _clean_json(v, f"{path}[{i}]")
    return value


def _no_nul(text: str, path: str) -> str:
    if "\x00" in text:
        raise ValueError(f"{path}: text must not contain NUL characters")
    return text


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")

    @field_validator("*", mode="after")
    @classmethod
    def _no_nul_text(cls, value: Any) -> Any:
        if isinstance(value, str):
            _no_nul(value, "text")
        return value


class ActionIn(Strict):
    kind: str = Field(min_length=1, max_length=100)
    actor: str | None = Field(default=None, max_length=200)
    params: dict[str, Any] = Field(
        default_factory=dict,
        description=(
            "the kind's parameters, as declared in GET /api/rulesets/{ruleset}/schema "
            "(actions.<kind>.params)"
        ),
    )

    @field_validator("params")
    @classmethod
    def _params_finite(cls, value: dict[str, Any]) -> dict[str, Any]:
        result: dict[str, Any] = _clean_json(value)
        return result

    def to_action(self) -> Action:
        return Action(kind=self.kind, actor=self.actor, params=dict(self.params))


class CreateGameIn(Strict):
    ruleset: str = Field(min_length=1, max_length=50)
    setup: dict[str, Any] = Field(default_factory=dict)
    seed: int | Annotated[str, Field(max_length=200)] | None = None

    @field_validator("setup")
    @classmethod
    def _setup_finite(cls, value: dict[str, Any]) -> dict[str, Any]:
        result: dict[str, Any] = _clean_json(value, "setup")
        return result


class SeatIn(Strict):
    seat: str = Field(min_length=1, max_length=200)


class CheckIn(Strict):
    action: ActionIn


class PlayIn(Strict):
    action: ActionIn
    expected_seq: int = Field(ge=0)
    idempotency_key: str | None = Field(default=None, min_length=1, max_length=200)


class UndoIn(Strict):
    expected_seq: int = Field(ge=0)


# ---------------------------------------------------------------------------- body size limit
class BodyLimit:
    """Answer 413 to any request body above ``limit`` bytes, declared or streamed."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", []):
            if name == b"content-length":
                try:
                    declared = int(value)
                except ValueError:
                    declared = -1
                if declared > self.limit or declared < 0:
                    await self._too_large(send)
                    return
        seen = 0
        rejected = False

        async def limited_receive() -> Message:
            nonlocal seen, rejected
            message = await receive()
            if message["type"] == "http.request" and not rejected:
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    # Answer now: the app may turn the exception below into its own error
                    # response, which guarded_send then drops.
                    rejected = True
                    await self._too_large(send)
                    raise _TooLarge
            return message

        async def guarded_send(message: Message) -> None:
            if not rejected:
                await send(message)

        with contextlib.suppress(_TooLarge):
            await self.app(scope, limited_receive, guarded_send)

    async def _too_large(self, send: Send) -> None:
        body = json.dumps(
            {"error": "too_large", "detail": f"request bodies are limited to {self.limit} bytes"}
        ).encode()
        await send(
            {
                "type": "http.response.start",
                "status": 413,
                "headers": [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(body)).encode()),
                ],
            }
        )
        await send({"type": "http.response.body", "body": body})


class _TooLarge(Exception):
    pass


# ---------------------------------------------------------------------------- watchers
@dataclass(eq=False)
class Watcher:
    principal: Principal
    queue: asyncio.Queue[dict[str, Any] | None] = field(
        default_factory=lambda: asyncio.Queue(maxsize=256)
    )


class Hub:
    """The WebSocket watchers of each game in this process, and what they were last sent."""

    def __init__(self) -> None:
        self.watchers: dict[str, set[Watcher]] = {}
        self.published: dict[str, int] = {}

    def add(self, game_id: str, principal: Principal, seq: int) -> Watcher:
        watcher = Watcher(principal)
        self.watchers.setdefault(game_id, set()).add(watcher)
        self.published[game_id] = max(self.published.get(game_id, 0), seq)
        return watcher

    def remove(self, game_id: str, watcher: Watcher) -> None:
        group = self.watchers.get(game_id)
        if group is not None:
            group.discard(watcher)
            if not group:
                del self.watchers[game_id]
                self.published.pop(game_id, None)

    async def publish(
        self, run: StoreRunner, live: LiveGame, commands: list[StoredCommand]
    ) -> None:
        """Queue ``commands`` for every watcher of the game, each filtered for its token."""
        group = self.watchers.get(live.id)
        if not group:
            return
        last = self.published.get(live.id, 0)
        fresh = [c for c in commands if c.seq > last]
        if not fresh:
            return
        self.published[live.id] = fresh[-1].seq
        targets = list(group)
        principals = {w.principal for w in targets}
        service = run.service

        def build() -> dict[Principal, list[dict[str, Any]]]:
            built: dict[Principal, list[dict[str, Any]]] = {}
            for who in principals:
                state = service.state(live, who)
                built[who] = [
                    {
                        "type": "undo" if command.kind == "undo" else "events",
                        "seq": command.seq,
                        "command": service.command_for(live, who, command),
                        "state": state,
                    }
                    for command in fresh
                ]
            return built

        messages = await run(build)
        for watcher in targets:
            for message in messages[watcher.principal]:
                try:
                    watcher.queue.put_nowait(message)
                except asyncio.QueueFull:
                    # A watcher that stopped reading is dropped; it reconnects and re-reads.
                    group.discard(watcher)
                    with contextlib.suppress(asyncio.QueueFull, asyncio.QueueEmpty):
                        watcher.queue.get_nowait()
                        watcher.queue.put_nowait(None)
                    break


# ---------------------------------------------------------------------------- the app
bearer = HTTPBearer(auto_error=False, description="the game's GM, seat or spectator token")


class StoreRunner:
    """Runs the service's (blocking) calls off the event loop; see the module docstring.

    On a store with ``batch()`` (SQLite) one writer thread runs the calls in arrival order
    and commits them in groups: it takes every call waiting in its queue (up to
    ``MAX_BATCH``), runs them inside one store transaction and commits once, so a burst
    of plays costs one fsync instead of one each. Nobody is answered before the commit that
    makes their action durable. If that commit fails, nothing of the group was stored: the
    in-memory games are dropped (they reload from the store) and every call of the group
    gets the error.
    """

    MAX_BATCH = 32

    def __init__(self, service: GameService) -> None:
        self.service = service
        self._queue: queue.SimpleQueue[_Call | None] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._start_lock = threading.Lock()
        batch = getattr(service.store, "batch", None)
        self._batch: Callable[[], contextlib.AbstractContextManager[None]] | None = (
            batch if callable(batch) else None
        )

    def _writer(self) -> None:
        """Start the writer thread if it is not running (first call, or a restarted app)."""
        with self._start_lock:
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(
                    target=self._work, name="turnkeeper-store", daemon=True
                )
                self._thread.start()

    async def authenticate(self, game_id: str, token: str | None) -> tuple[LiveGame, Principal]:
        """Who ``token`` speaks for in ``game_id`` (:class:`Forbidden` / not found otherwise).

        No I/O if the game and its token hashes are in memory: that saves a thread hop per
        request; otherwise the store is read off the event loop.
        """
        found = self.service.authenticate_cached(game_id, token)
        if found is not None:
            return found
        return await self(self.service.authenticate, game_id, token)

    async def __call__(self, fn: Callable[..., T], *args: Any) -> T:
        call = functools.partial(fn, *args)
        if self.service.store.shared:
            return await anyio.to_thread.run_sync(call)
        self._writer()
        loop = asyncio.get_running_loop()
        future: asyncio.Future[T] = loop.create_future()
        self._queue.put(_Call(call, future, loop))
        return await future

    def _work(self) -> None:
        while True:
            first = self._queue.get()
            if first is None:
                return
            calls = [first]
            stop = False
            while len(calls) < self.MAX_BATCH:
                try:
                    nxt = self._queue.get_nowait()
                except queue.Empty:
                    break
                if nxt is None:
                    stop = True
                    break
                calls.append(nxt)
            outcomes: list[tuple[bool, Any]] = []
            try:
                with self._batch() if self._batch is not None else contextlib.nullcontext():
                    for call in calls:
                        try:
                            outcomes.append((True, call.fn()))
                        except BaseException as exc:
                            outcomes.append((False, exc))
            except BaseException as exc:
                self.service.forget_all()
                outcomes = [(False, exc)] * len(calls)
            for call, (ok, value) in zip(calls, outcomes, strict=True):
                with contextlib.suppress(RuntimeError):  # the loop is already closed
                    call.loop.call_soon_threadsafe(_settle, call.future, ok, value)
            if stop:
                return

    def close(self) -> None:
        with self._start_lock:
            if self._thread is not None and self._thread.is_alive():
                self._queue.put(None)
                self._thread.join(timeout=30)
            self._thread = None


@dataclass
class _Call:
    fn: Callable[[], Any]
    future: asyncio.Future[Any]
    loop: asyncio.AbstractEventLoop


def _settle(future: asyncio.Future[Any], ok: bool, value: Any) -> None:
    if future.cancelled():
        return
    if ok:
        future.set_result(value)
    else:
        future.set_exception(value)


async def principal(
    request: Request,
    game_id: str,
    credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)],
    token: Annotated[str | None, Query(description="the token, for pages and sockets")] = None,
) -> tuple[LiveGame, Principal]:
    run: StoreRunner = request.app.state.runner
    given = credentials.credentials if credentials is not None else token
    return await run.authenticate(game_id, given)


Auth = Annotated[tuple[LiveGame, Principal], Depends(principal)]


def create_app(
    store: EventStore | str | Path | None = None,
    *,
    rulesets: Mapping[str, Ruleset[Any]] | None = None,
    max_body: int = MAX_BODY,
    web_dir: Path = WEB_DIR,
    cache_games: int = CACHE_GAMES,
    cache_bytes: int = CACHE_BYTES,
    snapshot_every: int = SNAPSHOT_EVERY,
    card_dbs: Mapping[str, str] | None = None,
    open_games: bool = False,
    open_rate: float = OPEN_GAMES_PER_MINUTE,
    max_game_bytes: int | None = None,
    public_url: str | None = None,
) -> FastAPI:
    """The API over ``store`` (an :class:`EventStore`, a URL or a path; default
    ``turnkeeper.db``); ``rulesets`` adds rulesets by name to the registry's;
    ``cache_games`` and ``cache_bytes`` bound the games kept in memory (by count and by the
    bytes they hold, an estimate), ``snapshot_every`` is the number of
    commands between stored snapshots (0: none), ``card_dbs`` the card databases clients
    choose by name (name -> path). Creating games needs a host key unless ``open_games``;
    then anyone may, ``open_rate`` games a minute per client address; ``max_game_bytes``
    caps what each game stores (413 beyond it); ``public_url`` is where players reach the
    server (for the links the GM hands out; default: the address each request came to)."""
    owns_store = not isinstance(store, EventStore)
    the_store = store if isinstance(store, EventStore) else open_store(store or "turnkeeper.db")
    service = GameService(
        the_store,
        rulesets,
        cache_games=cache_games,
        cache_bytes=cache_bytes,
        snapshot_every=snapshot_every,
        card_dbs=card_dbs,
        max_game_bytes=max_game_bytes,
    )
    hub = Hub()
    run = StoreRunner(service)

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        listen = getattr(the_store, "listen", None)
        if callable(listen):
            loop = asyncio.get_running_loop()

            def notified(game_id: str, seq: int) -> None:
                loop.call_soon_threadsafe(_schedule_catch_up, game_id, seq)

            listen(notified)
        yield
        run.close()
        if owns_store:
            the_store.close()

    tasks: set[asyncio.Task[None]] = set()

    def _schedule_catch_up(game_id: str, seq: int) -> None:
        if game_id in hub.watchers and hub.published.get(game_id, 0) < seq:
            task = asyncio.get_running_loop().create_task(catch_up(game_id))
            tasks.add(task)
            task.add_done_callback(tasks.discard)

    async def catch_up(game_id: str) -> None:
        """Another process wrote: refresh our copy and push what our watchers missed."""
        live = await run(service.refresh, game_id)
        if live is None:
            return
        after = hub.published.get(game_id, 0)
        commands = await run(service.commands_after, game_id, after)
        await hub.publish(run, live, commands)

    app = FastAPI(
        title="Turnkeeper",
        version="1",
        summary="Turn-based tabletop games: legal actions, refusals with rule ids, a durable log.",
        lifespan=lifespan,
        dependencies=[Depends(bounded_body)],
    )
    app.state.service = service
    app.state.runner = run
    app.state.hub = hub
    app.add_middleware(BodyLimit, limit=max_body)
    declare_errors(app)

    @app.exception_handler(ApiError)
    async def api_error(request: Request, exc: ApiError) -> JSONResponse:
        return JSONResponse(exc.body(), status_code=exc.status, headers=exc.headers or None)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        # Routing and body-parsing errors in the same shape as ours.
        code = {400: "bad_request", 404: "not_found", 405: "method_not_allowed"}
        return JSONResponse(
            {"error": code.get(exc.status_code, "error"), "detail": exc.detail},
            status_code=exc.status_code,
            headers=exc.headers,
        )

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        errors = [
            {"loc": list(e.get("loc", ())), "msg": str(e.get("msg", "")), "type": e.get("type")}
            for e in exc.errors()
        ]
        return JSONResponse({"error": "invalid", "detail": errors}, status_code=422)

    # ------------------------------------------------------------------ routes
    @app.get("/api/health")
    async def health() -> dict[str, Any]:
        return {"ok": True, "store": type(the_store).__name__}

    @app.get("/api/rulesets")
    async def list_rulesets() -> dict[str, Any]:
        """The rulesets this server runs; each one's action kinds and set-up format are at
        ``GET /api/rulesets/{name}/schema``. ``card_dbs`` are the card databases a ptcg
        game's ``setup.card_db`` may name (paths are refused)."""
        return {"rulesets": service.ruleset_names(), "card_dbs": sorted(service.card_dbs)}

    @app.get("/api/rulesets/{name}/schema")
    async def get_ruleset_schema(
        name: Annotated[str, FastApiPath(min_length=1, max_length=50)],
    ) -> dict[str, Any]:
        """JSON Schema of the ruleset's action kinds (``actions.<kind>.params``, with
        ``gm_only`` marks) and of its set-up (``setup``): what ``/play``, ``/check`` and
        ``POST /api/games`` accept. 404 for an unknown ruleset or one that declares no
        models yet."""
        return await anyio.to_thread.run_sync(service.schema, name)

    register_host_routes(app, service, CreationPolicy(open_games, RateLimiter(open_rate)))
    register_table_routes(app, TableConfig(public_url=public_url), web_dir)

    @app.post("/api/games", status_code=201)
    async def create_game(body: CreateGameIn, _: MayCreate) -> dict[str, Any]:
        """Create a game: the host (``Authorization: Bearer <host key>``), or anyone on an
        ``--open`` server within its rate limit."""
        live, token = await run(service.create_game, body.ruleset, body.setup, body.seed)
        gid = live.id
        return {
            "game_id": gid,
            "gm_token": token,
            "seq": live.seq,
            "ruleset": live.ruleset.name,
            "seed": live.record.seed,
            "seats": service.seats(live),
            "links": {
                "page": f"/?game={gid}&token={token}",
                "state": f"/api/games/{gid}/state",
                "legal": f"/api/games/{gid}/legal",
                "play": f"/api/games/{gid}/play",
                "log": f"/api/games/{gid}/log",
                "ws": f"/api/games/{gid}/ws?token={token}",
            },
        }

    @app.post("/api/games/{game_id}/seats", status_code=201)
    async def add_seat(body: SeatIn, auth: Auth) -> dict[str, Any]:
        live, who = auth
        token = await run(service.issue_token, live, who, "seat", body.seat)
        seat_principal = Principal(live.id, "seat", body.seat)
        return {
            "seat": body.seat,
            "token": token,
            "actors": service.controlled(live, seat_principal),
            "links": {"page": f"/?game={live.id}&token={token}"},
        }

    @app.post("/api/games/{game_id}/spectators", status_code=201)
    async def add_spectator(auth: Auth) -> dict[str, Any]:
        live, who = auth
        token = await run(service.issue_token, live, who, "spectator", None)
        return {"token": token, "links": {"page": f"/?game={live.id}&token={token}"}}

    @app.get("/api/games/{game_id}/state")
    async def get_state(auth: Auth) -> dict[str, Any]:
        return await run(service.state, *auth)

    @app.get("/api/games/{game_id}/legal")
    async def get_legal(
        auth: Auth, actor: Annotated[str | None, Query(max_length=200)] = None
    ) -> dict[str, Any]:
        return await run(service.legal, *auth, actor)

    @app.post("/api/games/{game_id}/check")
    async def check(body: CheckIn, auth: Auth) -> dict[str, Any]:
        return await run(service.check, *auth, body.action.to_action())

    @app.post("/api/games/{game_id}/play", response_model=None)
    async def play(body: PlayIn, auth: Auth) -> JSONResponse:
        live, who = auth
        result = await run(
            service.play,
            live,
            who,
            body.action.to_action(),
            body.expected_seq,
            body.idempotency_key,
        )
        if not result.replayed:
            await hub.publish(run, live, [result.command])
        shown = result.shown
        # Built directly (the data is plain JSON already): the hot path skips FastAPI's
        # generic encoder.
        return JSONResponse(
            {
                "seq": result.seq,
                "events": shown["events"],
                "redacted": shown["redacted"],
                "replayed": result.replayed,
            }
        )

    @app.post("/api/games/{game_id}/undo")
    async def undo(body: UndoIn, auth: Auth) -> dict[str, Any]:
        live, who = auth
        command = await run(service.undo, live, who, body.expected_seq)
        await hub.publish(run, live, [command])
        return {"seq": command.seq, "undone": True}

    @app.get("/api/games/{game_id}/log")
    async def get_log(
        auth: Auth,
        after: Annotated[int, Query(ge=0, le=2**62)] = 0,
        limit: Annotated[int, Query(ge=1, le=1000)] = 500,
    ) -> dict[str, Any]:
        return await run(service.log, *auth, after, limit)

    @app.get("/api/games/{game_id}/replay")
    async def get_replay(auth: Auth) -> dict[str, Any]:
        return await run(service.replay, *auth)

    @app.websocket("/api/games/{game_id}/ws")
    async def watch(websocket: WebSocket, game_id: str) -> None:
        await websocket.accept()
        given = websocket.query_params.get("token")
        header = websocket.headers.get("authorization", "")
        if header.lower().startswith("bearer "):
            given = header[7:].strip()
        try:
            live, who = await run(service.authenticate, game_id, given)
        except ApiError as exc:
            await websocket.send_json({"type": "error", "status": exc.status, **exc.body()})
            await websocket.close(code=4000 + exc.status)
            return
        watcher = hub.add(live.id, who, live.seq)

        async def pump() -> None:
            while True:
                message = await watcher.queue.get()
                if message is None:
                    await websocket.close(code=1013)
                    return
                await websocket.send_json(message)

        sender: asyncio.Task[None] | None = None
        try:
            state = await run(service.state, live, who)
            await websocket.send_json({"type": "hello", "seq": state["seq"], "state": state})
            # Started after the hello: whatever was published meanwhile waits in the queue.
            sender = asyncio.create_task(pump())
            while True:
                text = await websocket.receive_text()
                if text == "ping":
                    # Through the service: the cache may have dropped ``live`` since.
                    seq = await run(service.seq_of, live)
                    await websocket.send_json({"type": "pong", "seq": seq})
        except WebSocketDisconnect:
            pass
        finally:
            hub.remove(live.id, watcher)
            if sender is not None:
                sender.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await sender

    # ------------------------------------------------------------------ the web tracker
    if web_dir.is_dir():
        app.mount("/static", StaticFiles(directory=web_dir), name="static")

    @app.get("/", include_in_schema=False, response_model=None)
    async def index() -> FileResponse | JSONResponse:
        page = web_dir / "index.html"
        if page.is_file():
            return FileResponse(page, media_type="text/html")
        return JSONResponse(
            {"error": "not_found", "detail": f"the web tracker is not installed ({page})"},
            status_code=404,
        )

    return app


def app_from_env() -> FastAPI:
    """The app for ``uvicorn --factory turnkeeper.server.app:app_from_env``.

    ``TURNKEEPER_DB`` is the store (path or URL); ``TURNKEEPER_EXTRA_RULESETS`` lists extra
    rulesets as ``module:attribute`` (comma-separated), e.g. a test ruleset.
    """
    import importlib

    extra: dict[str, Ruleset[Any]] = {}
    for spec in filter(None, os.environ.get("TURNKEEPER_EXTRA_RULESETS", "").split(",")):
        module, _, attr = spec.strip().partition(":")
        ruleset = getattr(importlib.import_module(module), attr or "RULESET")
        extra[ruleset.name] = ruleset
    from turnkeeper.server.lock import lock_sqlite_store

    store = open_store(os.environ.get("TURNKEEPER_DB", "turnkeeper.db"))
    # One server per SQLite file, as with `turnkeeper serve` (ServerLockedError otherwise);
    # the lock lives as long as the process.
    lock = lock_sqlite_store(store)
    app = create_app(store, rulesets=extra)
    app.state.server_lock = lock
    return app
