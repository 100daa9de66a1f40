"""Helpers for the web tracker's end-to-end tests: the server subprocess and a JSON client."""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@dataclass
class Api:
    """A tiny JSON client for the server's HTTP API."""

    base: str

    def call(
        self, method: str, path: str, body: Any = None, token: str | None = None
    ) -> tuple[int, Any]:
        data = None if body is None else json.dumps(body).encode()
        headers = {"Content-Type": "application/json"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        request = urllib.request.Request(self.base + path, data, headers, method=method)
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                return response.status, json.loads(response.read() or b"null")
        except urllib.error.HTTPError as err:
            raw = err.read()
            return err.code, json.loads(raw) if raw else None

    def ok(self, method: str, path: str, body: Any = None, token: str | None = None) -> Any:
        status, data = self.call(method, path, body, token)
        assert 200 <= status < 300, f"{method} {path} -> {status}: {data}"
        return data


@dataclass
class Server:
    process: subprocess.Popen[bytes]
    port: int
    db: Path
    log: Path
    #: The host key ``turnkeeper serve`` printed on its first start (in the host link):
    #: creating games needs it.
    host_key: str = ""

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def api(self) -> Api:
        return Api(self.base)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)


def start_server(
    db: Path, port: int, log: Path, rulesets: str = "", extra: tuple[str, ...] = ()
) -> Server:
    """Start ``turnkeeper serve`` and wait until it answers; with ``rulesets``
    (``module:attribute``, e.g. a test ruleset) ``python -m turnkeeper.server`` instead;
    ``extra``: further options (e.g. ``--card-db NAME=PATH``)."""
    script = Path(sys.executable).with_name("turnkeeper")
    launcher = (
        [str(script), "serve"]
        if script.exists()
        else [sys.executable, "-c", "from turnkeeper.cli.app import main; main()", "serve"]
    )
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    if rulesets:
        launcher = [sys.executable, "-m", "turnkeeper.server", "--rulesets", rulesets]
        env["PYTHONPATH"] = os.pathsep.join([str(ROOT / "src"), str(ROOT)])
    command = [
        *launcher,
        "--db",
        str(db),
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        "--no-demo",
        *extra,
    ]
    with log.open("ab") as out:
        process = subprocess.Popen(command, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT, env=env)
    server = Server(process, port, db, log)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            pytest.fail(f"the server exited with {process.returncode}:\n{log.read_text()}")
        try:
            with urllib.request.urlopen(server.base + "/", timeout=1) as response:
                if response.status == 200:
                    keys = re.findall(r"host link .*?token=(\S+)", log.read_text())
                    server.host_key = keys[-1] if keys else ""
                    return server
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            time.sleep(0.1)
    server.stop()
    pytest.fail(f"the server did not answer within 30 s:\n{log.read_text()}")
