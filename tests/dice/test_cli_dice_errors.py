"""Dice on the command line: a leading '-' needs no '--', and every error with a column shows
a caret under it (syntax errors and the limits met while reading)."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from turnkeeper.cli.app import app
from turnkeeper.dice import DiceLimitError, parse
from turnkeeper.dice.notation import MAX_NESTING

runner = CliRunner()


def test_an_expression_starting_with_minus_needs_no_double_dash() -> None:
    plain = runner.invoke(app, ["roll", "-d4+10", "--seed", "3", "--json"])
    after = runner.invoke(app, ["roll", "--seed", "3", "--json", "-d4+10"])
    dashed = runner.invoke(app, ["roll", "--seed", "3", "--json", "--", "-d4+10"])
    assert plain.exit_code == 0, plain.output
    assert plain.stdout == after.stdout == dashed.stdout
    assert '"expression": "-d4+10"' in plain.stdout
    odds = runner.invoke(app, ["odds", "-d4+10 >= 8"])
    assert odds.exit_code == 0, odds.output
    assert "P(success) = 1/2" in odds.stdout


TOO_DEEP = f"nests parentheses and signs more than {MAX_NESTING} deep"
DEEP = "(" * (MAX_NESTING + 1) + "1" + ")" * (MAX_NESTING + 1)


@pytest.mark.parametrize(
    ("expression", "column", "message"),
    [
        ("1d1001", 3, "a die has 1 to 1000 sides, not 1001"),
        ("d0", 2, "a die has 1 to 1000 sides, not 0"),
        ("2+1001d6", 3, "a dice term rolls 1 to 1000 dice, not 1001"),
        ("600d6+600d6", 7, "rolls more than 1000 dice in total"),
        ("d6+9999999", 4, "larger than 1000000"),
        ("1+" * 100 + "1", 201, "201 characters long; the limit is 200"),
        (DEEP, MAX_NESTING + 1, TOO_DEEP),
        ("-" * 60 + "1", MAX_NESTING + 1, TOO_DEEP),
        ("4d6 + + x", 9, "expected a number, a die (like d6) or '(', found 'x'"),
    ],
)
@pytest.mark.parametrize("command", ["roll", "odds"])
def test_every_error_with_a_column_points_at_it(
    command: str, expression: str, column: int, message: str
) -> None:
    result = runner.invoke(app, [command, expression])
    assert result.exit_code == 2
    head, shown, caret = result.stderr.splitlines()
    assert head.startswith(f"error: column {column}: ") and message in head
    # The caret sits under the character at the column (or just after the shown text).
    at = caret.index("^")
    cut = shown.startswith("  …")
    offset = column - 1 - (max(0, column - 60) if cut else 0) + (3 if cut else 2)
    assert at == offset
    if column <= len(expression):
        assert shown[at] == expression[column - 1]


def test_limit_errors_carry_their_column_and_text() -> None:
    with pytest.raises(DiceLimitError) as raised:
        parse("2d6+1d1001")
    assert (raised.value.column, raised.value.text) == (7, "2d6+1d1001")


def test_nesting_up_to_the_limit_is_accepted() -> None:
    depth = MAX_NESTING
    assert runner.invoke(app, ["roll", "(" * depth + "1" + ")" * depth]).exit_code == 0
