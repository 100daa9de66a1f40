"""Load bench for the HTTP API: N concurrent clients playing against a real server on SQLite.

    .venv/bin/python bench/bench_server.py --duration 60 --clients 50

The server runs as a subprocess (``python -m turnkeeper.server``) on a free 127.0.0.1 port,
on a fresh SQLite file (synchronous=FULL), with the counter test ruleset. Each client owns one
game (so clients never race each other for a seq: every 409 would be a bug) and plays it as
fast as it can (``--rate 0``) or at a fixed pace per client (``--rate R`` actions/s):
roll, end the turn, roll for the other player, ... through ``POST /play`` with the expected
seq and an idempotency key. Every loop is bounded by the duration and a step cap.

The plays go through a minimal HTTP/1.1 keep-alive client on asyncio streams (one connection
per client): on a 2-core machine the load generator shares the CPU with the server, and
httpx's own cost per request would otherwise be measured as server latency. httpx does the
set-up and the final verification.

At the end it checks that nothing was lost: each game's seq is 1 + its accepted actions, and
the events in its stored log equal the events the client was answered. It prints accepted
actions/s, latency percentiles, errors and lost events (and exits 1 if any error or loss).
Loopback only.

``--cold-start 1000,5000,20000,100000 [--snapshot-every 200] [--repeat 5]`` times instead
how long a process takes to load a game of that many commands it has not cached, by full
replay and from the stored snapshots (which reads only the commands after the snapshot).
The games are written in groups of 500 commands per commit, so that a 100,000-command game
takes seconds to write, not minutes.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.server.counter import SETUP  # noqa: E402
from tests.server.proc import start_server  # noqa: E402

MAX_STEPS_PER_CLIENT = 1_000_000


@dataclass
class Client:
    game_id: str
    token: str
    turn: str
    other: str
    seq: int = 1
    accepted: int = 0
    events: list[Any] = field(default_factory=list)
    latencies: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)


async def create(http: httpx.AsyncClient) -> Client:
    created = (await http.post("/api/games", json={"ruleset": "counter", "setup": SETUP})).json()
    headers = {"Authorization": f"Bearer {created['gm_token']}"}
    state = (await http.get(f"/api/games/{created['game_id']}/state", headers=headers)).json()
    turn = state["whose_turn"]
    other = next(a for a in state["actors"] if a != turn)
    return Client(created["game_id"], created["gm_token"], turn, other)


class Connection:
    """One keep-alive HTTP/1.1 connection that sends JSON and reads a JSON answer."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer

    @classmethod
    async def open(cls, port: int) -> Connection:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        return cls(reader, writer)

    async def post(self, path: str, token: str, body: Any) -> tuple[int, Any]:
        data = json.dumps(body).encode()
        head = (
            f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer {token}\r\n"
            f"Content-Type: application/json\r\nContent-Length: {len(data)}\r\n\r\n"
        )
        self.writer.write(head.encode() + data)
        raw = await self.reader.readuntil(b"\r\n\r\n")
        lines = raw.decode("latin-1").split("\r\n")
        status = int(lines[0].split()[1])
        length = None
        for line in lines[1:]:
            name, _, value = line.partition(":")
            if name.strip().lower() == "content-length":
                length = int(value)
        if length is None:
            raise RuntimeError(f"no content-length in the answer: {lines[0]}")
        return status, json.loads(await self.reader.readexactly(length))

    async def close(self) -> None:
        self.writer.close()
        with contextlib.suppress(OSError):
            await self.writer.wait_closed()


async def play(port: int, client: Client, until: float, rate: float, phase: float) -> None:
    url = f"/api/games/{client.game_id}/play"
    conn = await Connection.open(port)
    try:
        await play_on(conn, url, client, until, rate, phase)
    finally:
        await conn.close()


async def play_on(
    conn: Connection, url: str, client: Client, until: float, rate: float, phase: float
) -> None:
    kind = "roll"
    # Paced clients start spread over one period (``phase`` in [0, 1)), as players would,
    # instead of all sending at the same instants.
    next_at = time.perf_counter() + (phase / rate if rate > 0 else 0.0)
    for step in range(MAX_STEPS_PER_CLIENT):
        now = time.perf_counter()
        if now >= until:
            return
        if rate > 0:
            next_at += 1.0 / rate
            if next_at > now:
                await asyncio.sleep(next_at - now)
        body = {
            "action": {"kind": kind, "actor": client.turn, "params": {}},
            "expected_seq": client.seq,
            "idempotency_key": f"{client.game_id}-{step}",
        }
        start = time.perf_counter()
        try:
            status, answer = await conn.post(url, client.token, body)
        except (OSError, asyncio.IncompleteReadError, ValueError) as exc:
            client.errors.append(repr(exc))
            return
        client.latencies.append(time.perf_counter() - start)
        if status != 200:
            client.errors.append(f"{status} {str(answer)[:200]}")
            return
        client.seq = answer["seq"]
        client.accepted += 1
        client.events.extend(answer["events"])
        if kind == "roll":
            kind = "end_turn"
        else:
            kind = "roll"
            client.turn, client.other = client.other, client.turn


async def verify(http: httpx.AsyncClient, client: Client) -> int:
    """How many events the client was answered that the store does not hold (should be 0)."""
    headers = {"Authorization": f"Bearer {client.token}"}
    stored: list[Any] = []
    after = 0
    for _ in range(100_000):
        page = (
            await http.get(
                f"/api/games/{client.game_id}/log",
                headers=headers,
                params={"after": after, "limit": 1000},
            )
        ).json()
        if not page["commands"]:
            break
        for command in page["commands"]:
            if command["kind"] == "play":
                stored.extend(command["events"])
        after = page["commands"][-1]["seq"]
    lost = 0 if stored == client.events else abs(len(client.events) - len(stored)) or 1
    if page["seq"] != 1 + client.accepted:
        lost += abs(page["seq"] - 1 - client.accepted)
    return lost


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def cpu_seconds(pid: int) -> float:
    """User + system CPU time used so far by process ``pid`` (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def run(
    port: int, pid: int, clients: int, duration: float, rate: float, synchronous: str
) -> dict[str, Any]:
    base = f"http://127.0.0.1:{port}"
    limits = httpx.Limits(max_connections=clients + 5, max_keepalive_connections=clients + 5)
    async with httpx.AsyncClient(base_url=base, limits=limits, timeout=30.0) as http:
        players = await asyncio.gather(*(create(http) for _ in range(clients)))
        start = time.perf_counter()
        cpu_start = cpu_seconds(pid)
        until = start + duration
        await asyncio.gather(
            *(play(port, c, until, rate, i / clients) for i, c in enumerate(players))
        )
        elapsed = time.perf_counter() - start
        server_cpu = cpu_seconds(pid) - cpu_start
        lost = sum(await asyncio.gather(*(verify(http, c) for c in players)))
    latencies = [x for c in players for x in c.latencies]
    accepted = sum(c.accepted for c in players)
    errors = [e for c in players for e in c.errors]
    return {
        "load_average_1m_at_end": round(os.getloadavg()[0], 2),
        "synchronous": synchronous,
        "clients": clients,
        "duration_s": round(elapsed, 2),
        "rate_per_client": rate,
        "accepted": accepted,
        "accepted_per_s": round(accepted / elapsed, 1),
        # Independent of what else runs on the machine: the server's own CPU per action.
        "server_cpu_ms_per_action": round(server_cpu / max(accepted, 1) * 1000, 3),
        "server_cpu_share_of_one_core": round(server_cpu / elapsed, 2),
        "latency_ms": {
            "p50": round(percentile(latencies, 0.50) * 1000, 2),
            "p90": round(percentile(latencies, 0.90) * 1000, 2),
            "p99": round(percentile(latencies, 0.99) * 1000, 2),
            "max": round(max(latencies, default=float("nan")) * 1000, 2),
            "mean": round(statistics.fmean(latencies) * 1000, 2) if latencies else None,
        },
        "errors": len(errors),
        "first_errors": errors[:5],
        "lost_events": lost,
    }


def cold_start(commands: int, every: int, repeat: int, db: str) -> dict[str, Any]:
    """Time a cold start (a process loading a game it has not cached) of a game of
    ``commands`` commands played through the service with snapshots every ``every``
    commands, reading it with and without them; CPU time of the loading thread, so that
    other jobs on the machine weigh less."""
    import gc

    from tests.server.counter import RULESET

    from turnkeeper.core.model import Action
    from turnkeeper.server.runner import tune_gc
    from turnkeeper.server.service import GameService, Principal
    from turnkeeper.store import open_store

    tune_gc()  # the server's garbage collector settings
    store = open_store(db)
    writer = GameService(store, {"counter": RULESET}, snapshot_every=every)
    live, _ = writer.create_game("counter", SETUP, 1)
    gm = Principal(live.id, "gm")
    batch = getattr(store, "batch", contextlib.nullcontext)
    write_start = time.perf_counter()
    while live.seq < commands:
        with batch():  # one commit per group (SQLite), as the server's writer thread does
            for _ in range(min(500, commands - live.seq)):
                actor = live.game.whose_turn()
                assert actor is not None
                left = live.game.state.budget.left("standard")
                writer.play(live, gm, Action("roll" if left else "end_turn", actor), live.seq)
    expected = live.game.state_hash()
    store.close()
    result: dict[str, Any] = {
        "commands": commands,
        "snapshot_every": every,
        "write_s": round(time.perf_counter() - write_start, 1),
    }
    for label, reader_every in (("full_replay", 0), ("from_snapshot", every)):
        times: list[float] = []
        for _ in range(repeat):
            store = open_store(db)
            reader = GameService(store, {"counter": RULESET}, snapshot_every=reader_every)
            gc.collect()
            start = time.thread_time()
            loaded = reader.live(live.id)
            times.append((time.thread_time() - start) * 1000)
            assert loaded.game.state_hash() == expected and loaded.seq == commands
            store.close()
        result[label] = {
            "median_ms": round(statistics.median(times), 1),
            "min_ms": round(min(times), 1),
            "commands_read": commands - loaded.unread,
        }
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--duration", type=float, default=60.0, help="seconds of play")
    parser.add_argument("--clients", type=int, default=50, help="concurrent clients")
    parser.add_argument(
        "--rate",
        type=float,
        default=0.0,
        help="actions/s per client (0: as fast as the server answers)",
    )
    parser.add_argument(
        "--db",
        default="",
        help="SQLite file (default: a fresh temp file) or a postgresql:// URL on 127.0.0.1",
    )
    parser.add_argument(
        "--synchronous", default="FULL", choices=["FULL", "NORMAL"], help="SQLite sync mode"
    )
    parser.add_argument(
        "--cold-start",
        default="",
        metavar="N[,N...]",
        help="instead of the load run: time the cold start of N-command games",
    )
    parser.add_argument("--snapshot-every", type=int, default=200, help="for --cold-start")
    parser.add_argument("--repeat", type=int, default=5, help="loads timed per --cold-start")
    args = parser.parse_args()
    if args.cold_start:
        sizes = [int(n) for n in args.cold_start.split(",")]
        if not all(1 < n <= 1_000_000 for n in sizes) or not 0 < args.repeat <= 100:
            parser.error("--cold-start sizes must be in (1, 1000000], --repeat in (0, 100]")
        for size in sizes:
            with tempfile.TemporaryDirectory(prefix="turnkeeper-bench-") as tmp:
                db = args.db or str(Path(tmp) / "cold.db")
                found = cold_start(size, args.snapshot_every, args.repeat, db)
                print(json.dumps(found), flush=True)
        return 0
    if not 0 < args.duration <= 3600 or not 0 < args.clients <= 1000:
        parser.error("duration must be in (0, 3600] and clients in (0, 1000]")
    with tempfile.TemporaryDirectory(prefix="turnkeeper-bench-") as tmp:
        if args.db.startswith(("postgresql://", "postgres://")):
            db = args.db  # a PostgreSQL you run (the bench only ever talks to 127.0.0.1)
        else:
            db = f"sqlite:///{args.db or Path(tmp) / 'bench.db'}?synchronous={args.synchronous}"
        server = start_server(db, Path(tmp) / "server.log")
        try:
            result = asyncio.run(
                run(
                    server.port,
                    server.process.pid,
                    args.clients,
                    args.duration,
                    args.rate,
                    args.synchronous,
                )
            )
        finally:
            server.stop()
    print(json.dumps(result, indent=2))
    return 1 if result["errors"] or result["lost_events"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
