"""``turnkeeper games``: the games of a server's database, from the terminal.

It works on the database file (or PostgreSQL URL) a ``turnkeeper serve`` uses, through the
same :class:`~turnkeeper.server.service.GameService` as the HTTP API, so a game made here
is at once playable on the running server, and a link minted here opens it there (the
server reads tokens from the store on a miss). Tokens are kept hashed: a lost link cannot
be shown again, only a fresh one minted.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import typer
from rich.markup import escape
from rich.table import Table

from turnkeeper.cli.extras import require_extra, require_store_extra
from turnkeeper.cli.game_cmd import console, fail, load_encounter

if TYPE_CHECKING:
    from turnkeeper.server.service import GameService

games_app = typer.Typer(
    help="List and create a server's games and mint GM, seat and spectator links "
    "(works on the server's database; needs the \\[server] extra).",
    no_args_is_help=True,
)

DB_OPTION = typer.Option(
    "turnkeeper.db", "--db", help="the server's SQLite file path, or its postgresql:// URL"
)
URL_OPTION = typer.Option(
    "http://127.0.0.1:8133", "--url", help="where the server answers (for the links)"
)


def open_service(db: str, command: str) -> GameService:
    require_extra("server", command)
    require_store_extra(db, command)
    from turnkeeper.server.service import GameService
    from turnkeeper.store import StoreError, open_store

    if "://" not in db and not Path(db).is_file():
        raise fail(f"{db}: no such database file (start 'turnkeeper serve --db {db}' once)")
    try:
        return GameService(open_store(db))
    except (StoreError, ValueError, OSError) as exc:
        raise fail(f"{db}: {exc}") from exc


def game_link(url: str, game_id: str, token: str) -> str:
    return f"{url.rstrip('/')}/?game={game_id}&token={token}"


@games_app.command("list")
def list_command(
    db: str = DB_OPTION,
    limit: int = typer.Option(100, "--limit", min=1, help="the newest N games"),
) -> None:
    """The games: id, ruleset, created, commands recorded, last action, seats."""
    service = open_service(db, "games list")
    with service.store:
        records = service.store.list_games(limit)
        table = Table(title=f"{len(records)} game(s) in {db}")
        for column in ("game", "ruleset", "created", "commands", "last action", "seats"):
            table.add_column(column, overflow="fold")
        for record in records:
            live = service.live(record.id)
            actions = [c.action for c in live.game.log if c.action is not None]
            last = str(actions[-1]) if actions else "-"
            table.add_row(
                record.id,
                record.ruleset,
                record.created,
                str(live.seq),
                escape(last),
                escape(", ".join(service.seats(live)) or "-"),
            )
    console.print(table)


@games_app.command("create")
def create_command(
    encounter: Path = typer.Argument(
        ..., help="an encounter file (YAML: ruleset, seed, setup), as for 'turnkeeper play'"
    ),
    db: str = DB_OPTION,
    url: str = URL_OPTION,
    seed: int | None = typer.Option(None, "--seed", help="override the file's seed"),
) -> None:
    """Create a game from an encounter file and print its game master link."""
    from turnkeeper.server.service import ApiError

    ruleset_name, setup, file_seed = load_encounter(encounter, None)
    service = open_service(db, "games create")
    with service.store:
        try:
            live, token = service.create_game(
                ruleset_name, setup, file_seed if seed is None else seed
            )
        except ApiError as exc:
            raise fail(f"{encounter}: {exc.detail}") from exc
        seats = service.seats(live)
    typer.echo(f"game {live.id} ({ruleset_name}); seats: {', '.join(seats) or '-'}")
    typer.echo(f"game master link: {game_link(url, live.id, token)}")


@games_app.command("link")
def link_command(
    game_id: str = typer.Argument(..., help="the game's id (see 'turnkeeper games list')"),
    db: str = DB_OPTION,
    url: str = URL_OPTION,
    seat: list[str] = typer.Option([], "--seat", help="a link for this seat (repeatable)"),
    spectator: bool = typer.Option(False, "--spectator", help="a spectator's link"),
    gm: bool = typer.Option(False, "--gm", help="a fresh game master link"),
    all_seats: bool = typer.Option(False, "--all-seats", help="a link for every seat"),
) -> None:
    """Mint fresh links for a game: the GM's, seats', spectators'. Old links keep working."""
    from turnkeeper.server.service import ApiError, Principal
    from turnkeeper.store import GameNotFoundError

    if not (seat or spectator or gm or all_seats):
        raise fail("say which link: --gm, --seat NAME, --all-seats or --spectator")
    service = open_service(db, "games link")
    lines: list[str] = []
    with service.store:
        try:
            live = service.live(game_id)
        except (GameNotFoundError, ApiError) as exc:
            raise fail(f"{db}: no game {game_id!r}") from exc
        # Whoever holds the database file is the host (they could mint a host key too).
        master = Principal(live.id, "gm", host=True)
        wanted: list[tuple[str, str | None, str]] = []
        if gm:
            wanted.append(("gm", None, "game master"))
        for seat_name in service.seats(live) if all_seats else seat:
            wanted.append(("seat", seat_name, f"seat {seat_name}"))
        if spectator:
            wanted.append(("spectator", None, "spectator"))
        tokens: list[tuple[str, str]] = []
        for role, for_seat, label in wanted:
            try:
                tokens.append((label, service.issue_token(live, master, role, for_seat)))
            except ApiError as exc:
                raise fail(exc.detail) from exc
        lines = [f"{label}: {game_link(url, live.id, token)}" for label, token in tokens]
    for line in lines:
        typer.echo(line)


def register(app: typer.Typer) -> None:
    app.add_typer(games_app, name="games")
