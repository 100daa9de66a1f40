"""Run the real server as a subprocess on a free loopback port (crash test and bench)."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@dataclass
class ServerProcess:
    process: subprocess.Popen[bytes]
    port: int
    log: Path

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def kill(self) -> None:
        """SIGKILL: no shutdown handler runs, as in a crash."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()


def start_server(
    db: str,
    log: Path,
    port: int | None = None,
    timeout: float = 30.0,
    extra: tuple[str, ...] = (),
) -> ServerProcess:
    """Start ``python -m turnkeeper.server`` serving the counter test ruleset; wait for it."""
    port = port or free_port()
    # This checkout's src first: the virtualenv may have another checkout installed.
    path = os.pathsep.join([str(ROOT / "src"), str(ROOT)])
    env = dict(os.environ, PYTHONUNBUFFERED="1", PYTHONPATH=path)
    command = [
        sys.executable,
        "-m",
        "turnkeeper.server",
        "--db",
        db,
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        "--no-demo",
        "--rulesets",
        "tests.server.counter:RULESET",
        # Its clients create games anonymously, faster than the default rate limit.
        "--open",
        "--open-rate",
        "1000000",
        *extra,
    ]
    with log.open("ab") as out:
        process = subprocess.Popen(command, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT, env=env)
    server = ServerProcess(process, port, log)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the server exited with {process.returncode}:\n{log.read_text()}")
        try:
            if httpx.get(server.base + "/api/health", timeout=1).status_code == 200:
                return server
        except httpx.TransportError:
            time.sleep(0.05)
    server.kill()
    raise RuntimeError(f"the server did not answer within {timeout} s:\n{log.read_text()}")
