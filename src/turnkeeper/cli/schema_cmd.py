"""``turnkeeper schema RULESET [KIND]``: the declared action and set-up models as JSON Schema."""

from __future__ import annotations

import json

import typer

from turnkeeper.cli.game_cmd import fail, ruleset_or_exit
from turnkeeper.core.model import BadActionError
from turnkeeper.core.schema import ruleset_schema


def schema_command(
    ruleset: str = typer.Argument(..., help="e133, ptu, pte or ptcg"),
    kind: str | None = typer.Argument(None, help="one action kind (default: every kind)"),
) -> None:
    """Print the JSON Schema of a ruleset's action kinds and set-up (or of one action kind)."""
    rules = ruleset_or_exit(ruleset)
    try:
        document = ruleset_schema(rules, kind)
    except (BadActionError, ValueError) as exc:
        raise fail(str(exc)) from exc
    typer.echo(json.dumps(document, indent=2, ensure_ascii=False))


def register(app: typer.Typer) -> None:
    app.command("schema")(schema_command)
