"""A throw-away PostgreSQL cluster for the tests: initdb in a temp dir, loopback only.

PostgreSQL refuses to run as root and the tests run as root, so initdb and pg_ctl run as
the ``postgres`` user (created by Debian's package) through ``runuser``. The cluster
listens on a free 127.0.0.1 port, with its unix socket inside the temp dir.
"""

from __future__ import annotations

import glob
import itertools
import os
import shutil
import socket
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

import psycopg
import pytest

_counter = itertools.count(1)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def pg_bin() -> Path:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if not found:
        pytest.fail(
            "PostgreSQL binaries are missing (/usr/lib/postgresql/*/bin/initdb): install "
            "Debian's postgresql package (apt-get install postgresql); these tests never skip"
        )
    return Path(found[-1]).parent


@dataclass
class PgCluster:
    root: Path
    port: int
    bin: Path

    @property
    def admin_url(self) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/postgres"

    def fresh_database(self) -> str:
        """A new empty database's URL (one per test: no test sees another's games)."""
        name = f"t{os.getpid()}_{next(_counter)}"
        with psycopg.connect(self.admin_url, autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return f"postgresql://postgres@127.0.0.1:{self.port}/{name}"

    def stop(self) -> None:
        subprocess.run(
            [
                "runuser",
                "-u",
                "postgres",
                "--",
                str(self.bin / "pg_ctl"),
                "-D",
                str(self.root / "data"),
                "-m",
                "fast",
                "-w",
                "stop",
            ],
            check=False,
            capture_output=True,
            timeout=60,
        )
        shutil.rmtree(self.root, ignore_errors=True)


def start_cluster() -> PgCluster:
    bindir = pg_bin()
    # Directly under /tmp (not pytest's 0700 folders) so that the postgres user can reach it.
    root = Path(tempfile.mkdtemp(prefix="turnkeeper-pg-"))
    shutil.chown(root, "postgres", "postgres")
    port = free_port()
    as_pg = ["runuser", "-u", "postgres", "--"]
    init = subprocess.run(
        [
            *as_pg,
            str(bindir / "initdb"),
            "-D",
            str(root / "data"),
            "-U",
            "postgres",
            "--auth=trust",
            "-E",
            "UTF8",
            "--no-sync",
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    if init.returncode != 0:
        shutil.rmtree(root, ignore_errors=True)
        pytest.fail(f"initdb failed:\n{init.stdout}\n{init.stderr}")
    # fsync=off: a test cluster lives for one run; durability is what SQLite's crash test
    # proves, here we test the SQL and the concurrency.
    options = f"-h 127.0.0.1 -p {port} -k {root} -c fsync=off -c max_connections=200"
    start = subprocess.run(
        [
            *as_pg,
            str(bindir / "pg_ctl"),
            "-D",
            str(root / "data"),
            "-o",
            options,
            "-l",
            str(root / "server.log"),
            "-w",
            "-t",
            "60",
            "start",
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    if start.returncode != 0:
        log = (root / "server.log").read_text() if (root / "server.log").exists() else ""
        shutil.rmtree(root, ignore_errors=True)
        pytest.fail(f"PostgreSQL did not start:\n{start.stdout}\n{start.stderr}\n{log}")
    return PgCluster(root, port, bindir)
