"""Start the server: used by ``turnkeeper serve`` and ``python -m turnkeeper.server``."""

from __future__ import annotations

import gc
import importlib
from collections.abc import Callable, Mapping
from typing import Any

import uvicorn

from turnkeeper.core.ruleset import Ruleset
from turnkeeper.server.app import create_app
from turnkeeper.server.hosting import (
    OPEN_GAMES_PER_MINUTE,
    OPEN_MAX_GAME_BYTES,
    ensure_host_key,
    host_link,
    mint_host_key,
)
from turnkeeper.server.lock import ServerLock, lock_sqlite_store
from turnkeeper.server.service import (
    CACHE_BYTES,
    CACHE_GAMES,
    SNAPSHOT_EVERY,
    ApiError,
    GameService,
)
from turnkeeper.store import EventStore, open_store

#: Tried in this order for the demo game of an empty database.
DEMO_ORDER = ("e133", "ptu", "pte", "ptcg")

#: Demo set-ups the server knows itself (a ruleset module's ``EXAMPLE_SETUP`` comes first):
#: a small Element 133 skirmish, two heroes for two players against the GM's foe (with
#: attack bonuses and ACs, so that the attack offers show their exact odds).
DEMO_SETUPS: dict[str, dict[str, Any]] = {
    "e133": {
        "combatants": [
            {
                "id": "aria",
                "name": "Aria",
                "initiative": 18,
                "speeds": {"walk": 30, "fly": 60},
                "controller": "alice",
                "attack_bonus": {"melee": 4, "ranged": 6},
                "ac": 14,
            },
            {"id": "bram", "name": "Bram", "initiative": 12, "speed": 30, "controller": "bob",
             "attack_bonus": 5, "ac": 16},
            {"id": "brute", "name": "Brute", "initiative": 9, "side": "foes", "speed": 30,
             "attack_bonus": 6, "ac": 13},
        ]
    }
}


def load_rulesets(specs: str) -> dict[str, Ruleset[Any]]:
    """Extra rulesets from ``module:attribute`` specs, comma-separated (tests, plug-ins)."""
    found: dict[str, Ruleset[Any]] = {}
    for spec in filter(None, (s.strip() for s in specs.split(","))):
        module, _, attr = spec.partition(":")
        ruleset: Ruleset[Any] = getattr(importlib.import_module(module), attr or "RULESET")
        found[ruleset.name] = ruleset
    return found


def demo_game(store: EventStore, rulesets: Mapping[str, Ruleset[Any]]) -> tuple[str, str] | None:
    """Create a demo game if the store is empty and a ruleset publishes ``EXAMPLE_SETUP``.

    Returns ``(game_id, gm_token)`` or ``None``.
    """
    if store.list_games(1):
        return None
    service = GameService(store, rulesets)
    for name in (*rulesets, *DEMO_ORDER):
        try:
            ruleset = service.ruleset(name)
        except ApiError:
            continue
        module = importlib.import_module(type(ruleset).__module__)
        setup = getattr(module, "EXAMPLE_SETUP", None) or DEMO_SETUPS.get(name)
        if not isinstance(setup, Mapping):
            continue
        try:
            live, token = service.create_game(name, setup, None)
        except ApiError:
            continue
        return live.id, token
    return None


def tune_gc() -> None:
    """Collect garbage less often in the server process.

    The server keeps every game's log in memory: many small long-lived objects, almost none
    in reference cycles. With CPython's default thresholds (700, 10, 10) collections run
    every few requests and full ones walk the whole heap, which showed as latency spikes;
    measured with bench/bench_server.py (50 clients, 20 s): p99 258-301 ms -> 52-107 ms and
    server CPU per action 0.50 -> 0.36-0.42 ms. Objects made at start-up are frozen out of
    collections altogether.
    """
    gc.freeze()
    gc.set_threshold(50_000, 50, 1_000)


def serve(
    db: str = "turnkeeper.db",
    host: str = "127.0.0.1",
    port: int = 8133,
    *,
    extra_rulesets: str = "",
    demo: bool = True,
    echo: Callable[[str], None] = print,
    log_level: str = "warning",
    cache_games: int = CACHE_GAMES,
    cache_bytes: int = CACHE_BYTES,
    snapshot_every: int = SNAPSHOT_EVERY,
    card_dbs: Mapping[str, str] | None = None,
    open_games: bool = False,
    open_rate: float = OPEN_GAMES_PER_MINUTE,
    max_game_bytes: int | None = None,
    public_url: str | None = None,
    new_host_link: bool = False,
) -> None:
    """Serve ``db`` on ``host:port``; ``public_url`` is where players reach it (the links it
    prints and hands out); ``new_host_link`` mints and prints a fresh host key when the
    database has one already (keys are stored hashed: an old one cannot be shown again).
    Raises :class:`~turnkeeper.server.lock.ServerLockedError`
    if another server holds the SQLite file."""
    rulesets = load_rulesets(extra_rulesets)
    if open_games and max_game_bytes is None:
        max_game_bytes = OPEN_MAX_GAME_BYTES
    tune_gc()
    store = open_store(db)
    lock: ServerLock | None = None
    try:
        # Before anything is written or served: a second server on the file stops here.
        lock = lock_sqlite_store(store)
        shown_host = "127.0.0.1" if host in ("0.0.0.0", "::") else host
        base = (public_url or f"http://{shown_host}:{port}").rstrip("/")
        made = demo_game(store, rulesets) if demo else None
        minted = ensure_host_key(store)
        if minted is None and new_host_link:
            minted = mint_host_key(store)
        echo(f"Turnkeeper serving on http://{host}:{port}/  (store: {db})")
        if minted is not None:
            echo(f"host link (shown once; keep it secret): {host_link(base, minted)}")
        else:
            echo(f"host key: made earlier; 'turnkeeper host-link --db {db}' mints a fresh one")
        if open_games:
            echo(
                f"open: anyone may create games ({open_rate:g} a minute per address, "
                f"{max_game_bytes} bytes stored per game at most)"
            )
        if made is not None:
            game_id, token = made
            echo(f"demo game {game_id}; game master page: {base}/?game={game_id}&token={token}")
        app = create_app(
            store,
            rulesets=rulesets,
            cache_games=cache_games,
            cache_bytes=cache_bytes,
            snapshot_every=snapshot_every,
            card_dbs=card_dbs,
            open_games=open_games,
            open_rate=open_rate,
            max_game_bytes=max_game_bytes,
            public_url=public_url,
        )
        uvicorn.run(app, host=host, port=port, log_level=log_level)
    finally:
        store.close()
        if lock is not None:
            lock.release()
