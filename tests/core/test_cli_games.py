"""``turnkeeper games``: a server's games from the terminal, and the links it mints open them
on the server (through the real HTTP app over the same database file)."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from turnkeeper.cli import extras
from turnkeeper.cli.app import app
from turnkeeper.server import create_app
from turnkeeper.store import open_store

REPO = Path(__file__).resolve().parents[2]
AMBUSH = REPO / "examples" / "e133" / "ambush.yaml"
URL = "http://tk.example:8133"
runner = CliRunner()


@pytest.fixture
def db(tmp_path: Path) -> str:
    path = tmp_path / "server.db"
    open_store(path).close()  # what a first 'turnkeeper serve' leaves: an empty store
    return str(path)


def token_of(line: str) -> tuple[str, str]:
    link = line.split(": ", 1)[1]
    assert link.startswith(URL + "/?game=")
    query = link.split("?", 1)[1]
    fields = dict(part.split("=", 1) for part in query.split("&"))
    return fields["game"], fields["token"]


def test_create_list_and_links_open_the_game_on_the_server(db: str) -> None:
    created = runner.invoke(app, ["games", "create", str(AMBUSH), "--db", db, "--url", URL])
    assert created.exit_code == 0, created.output
    assert "(e133); seats: alice, bob" in created.stdout
    game_id, gm_token = token_of(created.stdout.splitlines()[1])

    listed = runner.invoke(app, ["games", "list", "--db", db], env={"COLUMNS": "250"})
    assert listed.exit_code == 0, listed.output
    row = next(line for line in listed.stdout.splitlines() if game_id in line)
    assert "e133" in row and "alice, bob" in row

    links = runner.invoke(
        app, ["games", "link", game_id, "--db", db, "--url", URL, "--seat", "alice",
              "--spectator", "--gm"],
    )
    assert links.exit_code == 0, links.output
    labels = [line.split(":", 1)[0] for line in links.stdout.splitlines()]
    assert labels == ["game master", "seat alice", "spectator"]
    minted = {label: token_of(line)[1] for label, line in
              zip(labels, links.stdout.splitlines(), strict=True)}

    with TestClient(create_app(db)) as client:
        url = f"/api/games/{game_id}/state"
        for token in (gm_token, *minted.values()):
            assert client.get(url, params={"token": token}).status_code == 200
        assert client.get(url, params={"token": "made-up"}).status_code == 403
        seat = client.get(url, params={"token": minted["seat alice"]}).json()
        assert (seat["role"], seat["seat"]) == ("seat", "alice")
        spectator = client.get(url, params={"token": minted["spectator"]}).json()
        assert spectator["role"] == "spectator"


def test_bad_requests_are_one_line_errors(db: str, tmp_path: Path) -> None:
    created = runner.invoke(app, ["games", "create", str(AMBUSH), "--db", db])
    game_id = token_of(created.stdout.splitlines()[1].replace("http://127.0.0.1:8133", URL))[0]
    unknown_seat = runner.invoke(app, ["games", "link", game_id, "--db", db, "--seat", "zed"])
    assert unknown_seat.exit_code == 2
    assert "unknown seat 'zed'" in unknown_seat.stderr
    no_game = runner.invoke(app, ["games", "link", "nope", "--db", db, "--gm"])
    assert no_game.exit_code == 2
    assert "no game 'nope'" in no_game.stderr
    no_file = runner.invoke(app, ["games", "list", "--db", str(tmp_path / "none.db")])
    assert no_file.exit_code == 2
    assert "no such database file" in no_file.stderr
    nothing = runner.invoke(app, ["games", "link", game_id, "--db", db])
    assert nothing.exit_code == 2
    assert "--seat NAME" in nothing.stderr


def test_a_missing_extra_is_named(monkeypatch: pytest.MonkeyPatch, db: str) -> None:
    real = extras.find_spec

    def without_fastapi(name: str, *args: object) -> object:
        return None if name == "fastapi" else real(name)

    monkeypatch.setattr(extras, "find_spec", without_fastapi)
    for command in (["games", "list", "--db", db], ["serve", "--db", db], ["host-link"]):
        result = runner.invoke(app, command)
        assert result.exit_code == 2, command
        assert "needs the [server] extra" in result.stderr
        assert "pip install 'turnkeeper[server]'" in result.stderr
    postgres = runner.invoke(app, ["games", "list", "--db", "postgresql://x/y"])
    assert postgres.exit_code == 2
