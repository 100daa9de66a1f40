"""The ``turnkeeper`` command.

Each area adds its commands from its own module (``register(app)``); this module only wires
them together and maps errors to exit codes (2 for bad input, 1 for failed checks).
"""

from __future__ import annotations

import typer

from turnkeeper.cli import dice_cmd, game_cmd

app = typer.Typer(
    name="turnkeeper",
    help="Turnkeeper: a rules engine for turn-based tabletop games (ptu, pte, e133, ptcg).",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

dice_cmd.register(app)
game_cmd.register(app)


def main() -> None:
    app()
