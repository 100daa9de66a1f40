"""Help texts name the extras a command needs, literally: the CLI's help is rich markup, in
which an unescaped ``[ray]`` would be read as a style tag and vanish."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from turnkeeper.cli.app import app


@pytest.mark.parametrize(
    ("command", "extra"),
    [
        (["sim", "--help"], "[ray]"),
        (["ptcg", "simulate", "--help"], "[ray]"),
        (["games", "--help"], "[server]"),
    ],
)
def test_help_names_the_extra_it_needs(command: list[str], extra: str) -> None:
    result = CliRunner().invoke(app, command, env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert extra in result.output
