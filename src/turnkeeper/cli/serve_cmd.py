"""``turnkeeper serve``: the HTTP + WebSocket API and the web tracker; ``turnkeeper
host-link``: a fresh host key for a server's database."""

from __future__ import annotations

import typer

from turnkeeper.cli.extras import require_extra, require_store_extra


def serve_command(
    db: str = typer.Option(
        "turnkeeper.db", "--db", help="a SQLite file path, or a postgresql:// URL"
    ),
    host: str = typer.Option("127.0.0.1", "--host", help="the address to listen on"),
    port: int = typer.Option(8133, "--port", help="the port to listen on"),
    demo: bool = typer.Option(True, "--demo/--no-demo", help="create a demo game if empty"),
    cache_games: int = typer.Option(
        256, "--cache-games", min=1, help="games kept in memory per process (LRU)"
    ),
    cache_bytes: int = typer.Option(
        512 * 1024 * 1024,
        "--cache-bytes",
        min=1,
        help="bytes the games kept in memory may hold between them, per process (an estimate)",
    ),
    snapshot_every: int = typer.Option(
        200, "--snapshot-every", min=0, help="commands between stored snapshots (0: none)"
    ),
    card_db: list[str] = typer.Option(
        [],
        "--card-db",
        help="NAME=PATH: a card database ptcg games may choose by NAME (repeatable)",
    ),
    open_games: bool = typer.Option(
        False, "--open", help="let anyone create games (rate-limited, size-capped)"
    ),
    open_rate: float = typer.Option(
        10.0, "--open-rate", min=0.01, help="with --open: games a minute per client address"
    ),
    max_game_bytes: int | None = typer.Option(
        None,
        "--max-game-bytes",
        min=1024,
        help="bytes a game may store (default with --open: 4 MiB)",
    ),
    public_url: str | None = typer.Option(
        None,
        "--public-url",
        help="where players reach the server (behind --host 0.0.0.0 or a proxy), for links",
    ),
    new_host_link: bool = typer.Option(
        False,
        "--new-host-link",
        help="mint and print a fresh host link even if the database has a host key",
    ),
) -> None:
    """Serve games over HTTP and WebSocket, with the web tracker at /."""
    require_extra("server", "serve")
    require_store_extra(db, "serve")
    # Imported here so that other commands do not pay for FastAPI and uvicorn.
    from turnkeeper.server.files import parse_card_dbs
    from turnkeeper.server.lock import ServerLockedError
    from turnkeeper.server.runner import serve

    try:
        card_dbs = parse_card_dbs(card_db)
    except ValueError as exc:
        typer.echo(f"turnkeeper: {exc}", err=True)
        raise typer.Exit(2) from None
    try:
        serve(
            db,
            host,
            port,
            demo=demo,
            echo=typer.echo,
            cache_games=cache_games,
            cache_bytes=cache_bytes,
            snapshot_every=snapshot_every,
            card_dbs=card_dbs,
            open_games=open_games,
            open_rate=open_rate,
            max_game_bytes=max_game_bytes,
            public_url=_public_url(public_url),
            new_host_link=new_host_link,
        )
    except ServerLockedError as exc:
        typer.echo(f"turnkeeper: {exc}", err=True)
        raise typer.Exit(3) from None


def _public_url(url: str | None) -> str | None:
    if url is None:
        return None
    if not url.startswith(("http://", "https://")):
        typer.echo(f"turnkeeper: --public-url {url!r}: give a full URL (https://...)", err=True)
        raise typer.Exit(2)
    return url.rstrip("/")


def host_link_command(
    db: str = typer.Option(
        "turnkeeper.db", "--db", help="the server's SQLite file path, or its postgresql:// URL"
    ),
    url: str = typer.Option(
        "http://127.0.0.1:8133", "--url", help="where the server answers (for the link)"
    ),
) -> None:
    """Mint a fresh host key for the server of this database and print its host link.

    The key's hash is added to the database (a running server accepts it at once); the key
    itself is shown only here.
    """
    from pathlib import Path

    require_extra("server", "host-link")
    require_store_extra(db, "host-link")
    from turnkeeper.server.hosting import host_link, mint_host_key
    from turnkeeper.store import open_store

    if "://" not in db and not Path(db).is_file():
        typer.echo(f"turnkeeper: {db}: no such database file", err=True)
        raise typer.Exit(2)
    with open_store(db) as store:
        key = mint_host_key(store)
    typer.echo(host_link(url.rstrip("/"), key))


def register(app: typer.Typer) -> None:
    app.command("serve")(serve_command)
    app.command("host-link")(host_link_command)
