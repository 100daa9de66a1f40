"""The host: whoever runs the server, and the limits on games made by anyone else.

Roles, strongest first: **host** > game master > seat > spectator.

- The *host key* is made by ``turnkeeper serve`` on first start (printed once, in the host
  link) or by ``turnkeeper host-link --db FILE`` (a fresh one each time, added to the
  others); the store keeps only its SHA-256 (table ``host_keys``, beside the games in the
  same database). It creates games, lists them (``GET /api/games``), and opens every game
  of this server as its game master.
- By default creating and listing games need the host key. ``--open`` lets anyone create
  games, then with a per-client rate limit (:class:`RateLimiter`, 429 with ``Retry-After``)
  and a cap on the bytes each game may store (413; ``--max-game-bytes``).
"""

from __future__ import annotations

import hashlib
import math
import secrets
import threading
import time

from turnkeeper.store import EventStore

#: Anonymous games a client (an IP address) may create per minute on an ``--open`` server,
#: and the burst it may use at once.
OPEN_GAMES_PER_MINUTE = 10.0
OPEN_BURST = 10
#: What one game may store on an ``--open`` server (set-up, actions and events, as JSON):
#: a long game of any of the four rulesets stays well below it.
OPEN_MAX_GAME_BYTES = 4 * 1024 * 1024


def hash_key(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


def mint_host_key(store: EventStore) -> str:
    """A fresh host key; its hash is stored (the key itself is shown once, never stored)."""
    key = "host-" + secrets.token_urlsafe(32)
    store.add_host_key(hash_key(key))
    return key


def ensure_host_key(store: EventStore) -> str | None:
    """Mint the first host key of a store that has none; ``None`` if it has one already."""
    if store.host_key_hashes():
        return None
    return mint_host_key(store)


def host_link(base: str, key: str) -> str:
    """The link a host opens: the games page (list, create, archive, GM links)."""
    return f"{base}/host?token={key}"


class RateLimiter:
    """A token bucket per client: ``per_minute`` refills a minute, at most ``burst`` saved.

    Memory is bounded: past ``max_clients`` buckets, the full ones (idle clients) are
    forgotten first.
    """

    def __init__(
        self, per_minute: float = OPEN_GAMES_PER_MINUTE, burst: int = OPEN_BURST,
        max_clients: int = 10_000,
    ) -> None:
        if per_minute <= 0 or burst < 1:
            raise ValueError("the rate must be positive and the burst at least 1")
        self.rate = per_minute / 60.0
        self.burst = float(burst)
        self.max_clients = max_clients
        self._buckets: dict[str, tuple[float, float]] = {}
        self._lock = threading.Lock()

    def take(self, client: str, now: float | None = None) -> float:
        """Take one; 0.0 if allowed, else the seconds to wait (for ``Retry-After``)."""
        moment = time.monotonic() if now is None else now
        with self._lock:
            tokens, last = self._buckets.get(client, (self.burst, moment))
            tokens = min(self.burst, tokens + (moment - last) * self.rate)
            if tokens < 1.0:
                self._buckets[client] = (tokens, moment)
                return (1.0 - tokens) / self.rate
            self._buckets[client] = (tokens - 1.0, moment)
            if len(self._buckets) > self.max_clients:
                self._prune(moment)
            return 0.0

    def _prune(self, moment: float) -> None:
        full = [
            c for c, (t, last) in self._buckets.items()
            if t + (moment - last) * self.rate >= self.burst
        ]
        for client in full:
            del self._buckets[client]
        while len(self._buckets) > self.max_clients:
            self._buckets.pop(next(iter(self._buckets)))


def retry_after(seconds: float) -> str:
    return str(max(1, math.ceil(seconds)))
