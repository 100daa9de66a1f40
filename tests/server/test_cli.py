"""``turnkeeper serve`` and the runner's demo game."""

from __future__ import annotations

from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from tests.server.counter import RULESET
from turnkeeper.cli import serve_cmd
from turnkeeper.core.game import Game
from turnkeeper.rulesets import get_ruleset
from turnkeeper.server.runner import demo_game, load_rulesets
from turnkeeper.store import open_store


def test_serve_is_a_command_with_its_options() -> None:
    app = typer.Typer()
    serve_cmd.register(app)
    app.command("other")(lambda: None)  # two commands: "serve" stays a subcommand
    result = CliRunner().invoke(app, ["serve", "--help"])
    assert result.exit_code == 0
    for option in ("--db", "--host", "--port", "--cache-games", "--snapshot-every"):
        assert option in result.output


def test_demo_game_only_for_an_empty_store(tmp_path: Path) -> None:
    rulesets = load_rulesets("tests.server.counter:RULESET")
    assert rulesets == {"counter": RULESET}
    with open_store(tmp_path / "demo.db") as store:
        made = demo_game(store, rulesets)
        assert made is not None
        game_id, token = made
        assert store.get_game(game_id).ruleset == "counter"
        assert len(token) >= 40
        assert demo_game(store, rulesets) is None
        assert len(store.list_games()) == 1


def test_an_empty_store_gets_a_real_demo_game(tmp_path: Path) -> None:
    with open_store(tmp_path / "demo.db") as store:
        made = demo_game(store, {})
        assert made is not None
        record = store.get_game(made[0])
        assert record.ruleset == "e133"
        assert [c["id"] for c in record.config["combatants"]] == ["aria", "bram", "brute"]
        # its combatants have attack bonuses and ACs: the attack offers carry exact odds
        game = Game(get_ruleset("e133"), record.config)
        assert game.whose_turn() == "aria"
        odds = {a.params["mode"]: a.odds for a in game.legal_actions("aria")
                if a.kind == "attack" and "threatened_by" not in a.params}
        # Aria: +4 melee, +6 ranged against the Brute's AC 13
        assert odds == {"melee": {"hit": "3/5", "check": "d20+4 vs AC 13"},
                        "ranged": {"hit": "7/10", "check": "d20+6 vs AC 13"}}


def test_a_second_server_on_the_same_sqlite_file_exits_at_once(tmp_path: Path) -> None:
    """Issue 10 part 5: the second server names the holder and points to PostgreSQL."""
    import os
    import subprocess
    import sys
    import time

    from tests.server.proc import ROOT, free_port, start_server

    db = str(tmp_path / "games.db")
    first = start_server(db, tmp_path / "first.log")
    try:
        started = time.monotonic()
        launcher = "from turnkeeper.cli.app import main; main()"
        second = subprocess.run(
            [sys.executable, "-c", launcher, "serve", "--db", db, "--no-demo",
             "--port", str(free_port())],
            cwd=ROOT, capture_output=True, text=True, timeout=60,
            env=dict(os.environ, PYTHONPATH=str(ROOT / "src")),
        )
        assert second.returncode != 0
        assert time.monotonic() - started < 30
        message = second.stderr
        assert f"pid {first.process.pid}" in message and "PostgreSQL" in message, message
        assert "Traceback" not in message
    finally:
        first.kill()
    # A killed server leaves no stale lock: the next one starts.
    again = start_server(db, tmp_path / "again.log")
    again.stop()


def test_serve_prints_a_host_link_once_and_host_link_mints_a_fresh_key(tmp_path: Path) -> None:
    import httpx

    from tests.server.proc import start_server
    from turnkeeper.cli.app import app

    db = str(tmp_path / "games.db")
    server = start_server(db, tmp_path / "server.log")
    try:
        printed = (tmp_path / "server.log").read_text()
        assert "host link (shown once; keep it secret): " in printed
        first = printed.split("token=", 1)[1].split()[0]
        assert httpx.get(f"{server.base}/api/games?token={first}").status_code == 200
        minted = CliRunner().invoke(app, ["host-link", "--db", db, "--url", server.base])
        assert minted.exit_code == 0, minted.output
        link = minted.output.strip()
        assert link.startswith(f"{server.base}/host?token=host-")
        assert httpx.get(link).status_code == 200  # the running server takes it at once
        assert httpx.get(f"{server.base}/api/games?token=host-nope").status_code == 403
    finally:
        server.stop()
    again = start_server(db, tmp_path / "again.log")
    again.stop()
    assert "host link" not in (tmp_path / "again.log").read_text()
    assert "host-link --db" in (tmp_path / "again.log").read_text()
    # What scripts/serve.sh does: every start prints a fresh, working host link, built on
    # the public URL when one is given.
    third = start_server(
        db, tmp_path / "third.log", extra=("--new-host-link", "--public-url", "https://t.example")
    )
    try:
        printed = (tmp_path / "third.log").read_text()
        assert "host link (shown once; keep it secret): https://t.example/host?token=host-" in (
            printed
        )
        fresh = printed.split("token=", 1)[1].split()[0]
        assert httpx.get(f"{third.base}/api/games?token={fresh}").status_code == 200
    finally:
        third.stop()
    missing = CliRunner().invoke(app, ["host-link", "--db", str(tmp_path / "none.db")])
    assert missing.exit_code == 2 and "no such database file" in missing.output


def test_the_uvicorn_factory_takes_the_same_lock(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from turnkeeper.server.app import app_from_env
    from turnkeeper.server.lock import ServerLock, ServerLockedError

    db = tmp_path / "games.db"
    monkeypatch.setenv("TURNKEEPER_DB", str(db))
    held = ServerLock(db).acquire()  # another server
    try:
        with pytest.raises(ServerLockedError, match=r"pid \d+ on host .*PostgreSQL"):
            app_from_env()
    finally:
        held.release()
    app = app_from_env()
    app.state.server_lock.release()
    app.state.service.store.close()
