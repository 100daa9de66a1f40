"""The ``turnkeeper`` command.

Each area adds its commands from its own module (``register(app)``); this module only wires
them together. Exit codes: 0 fine, 1 a check failed (scenarios, replay hash), 2 bad input,
3 the SQLite file is already served by another ``turnkeeper serve``.
"""

from __future__ import annotations

import typer

from turnkeeper import __version__
from turnkeeper.cli import (
    dice_cmd,
    game_cmd,
    games_cmd,
    ptcg_cmd,
    pte_cmd,
    schema_cmd,
    serve_cmd,
    sim_cmd,
)

app = typer.Typer(
    name="turnkeeper",
    help="Turnkeeper: a rules engine for turn-based tabletop games (ptu, pte, e133, ptcg).",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)



def _print_version(value: bool) -> None:
    if value:
        typer.echo(f"turnkeeper {__version__}")
        raise typer.Exit(0)


@app.callback()
def _options(
    version: bool = typer.Option(
        False,
        "--version",
        callback=_print_version,
        is_eager=True,
        help="print the version and exit",
    ),
) -> None:
    """Turnkeeper: a rules engine for turn-based tabletop games (ptu, pte, e133, ptcg)."""


for _module in (dice_cmd, game_cmd, games_cmd, pte_cmd, ptcg_cmd, schema_cmd, serve_cmd, sim_cmd):
    _module.register(app)


def main() -> None:
    app()
