"""``turnkeeper serve``: the HTTP + WebSocket API and the web tracker."""

from __future__ import annotations

import typer


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
    snapshot_every: int = typer.Option(
        200, "--snapshot-every", min=0, help="commands between stored snapshots (0: none)"
    ),
) -> None:
    """Serve games over HTTP and WebSocket, with the web tracker at /."""
    # Imported here so that other commands do not pay for FastAPI and uvicorn.
    from turnkeeper.server.lock import ServerLockedError
    from turnkeeper.server.runner import serve

    try:
        serve(
            db,
            host,
            port,
            demo=demo,
            echo=typer.echo,
            cache_games=cache_games,
            snapshot_every=snapshot_every,
        )
    except ServerLockedError as exc:
        typer.echo(f"turnkeeper: {exc}", err=True)
        raise typer.Exit(3) from None


def register(app: typer.Typer) -> None:
    app.command("serve")(serve_command)
