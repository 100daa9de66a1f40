"""``turnkeeper roll`` and ``turnkeeper odds``, driven through typer's CliRunner."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
import typer
from typer.testing import CliRunner

from turnkeeper.cli import dice_cmd
from turnkeeper.dice import RollRecord, SeededDice, record_from_dict, roll


@pytest.fixture
def app() -> typer.Typer:
    app = typer.Typer()
    dice_cmd.register(app)
    return app


runner = CliRunner()


def test_roll_shows_each_die_and_the_total(app: typer.Typer) -> None:
    result = runner.invoke(app, ["roll", "4d6kh3+2", "--seed", "3"])
    assert result.exit_code == 0, result.output
    expected = roll("4d6kh3+2", SeededDice(3))
    assert isinstance(expected, RollRecord)
    assert f"total: {expected.total}" in result.stdout
    (group,) = expected.dice
    (dropped,) = group.dropped_faces
    assert f"({dropped})" in result.stdout
    assert "dropped" in result.stdout


def test_roll_is_repeatable_with_a_seed(app: typer.Typer) -> None:
    first = runner.invoke(app, ["roll", "10d10", "--seed", "42"]).stdout
    second = runner.invoke(app, ["roll", "10d10", "--seed", "42"]).stdout
    assert first == second


def test_roll_json_round_trips(app: typer.Typer) -> None:
    result = runner.invoke(app, ["roll", "4d6+2 vs 3d6+4", "--seed", "9", "--json"])
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["seed"] == 9
    record = record_from_dict(data)
    assert record == roll("4d6+2 vs 3d6+4", SeededDice(9))


def test_roll_comparison_and_opposed_say_who_won(app: typer.Typer) -> None:
    comparison = runner.invoke(app, ["roll", "2d6 >= 2", "--seed", "1"])
    assert "success" in comparison.stdout
    opposed = runner.invoke(app, ["roll", "1 vs 1"])
    assert "defender wins" in opposed.stdout
    assert "tie goes to the defender" in opposed.stdout


def test_odds_of_a_comparison(app: typer.Typer) -> None:
    result = runner.invoke(app, ["odds", "4d6 >= 15"])
    assert result.exit_code == 0
    assert "575/1296" in result.stdout
    assert "44.3673%" in result.stdout
    assert "█" in result.stdout
    # One histogram line per total of 4d6, successes marked.
    assert sum("✓" in line for line in result.stdout.splitlines()) == 24 - 15 + 1


def test_odds_of_an_opposed_check(app: typer.Typer) -> None:
    result = runner.invoke(app, ["odds", "4d6+2 vs 3d6+4"])
    assert result.exit_code == 0
    assert "163985/279936" in result.stdout
    assert "22967/279936" in result.stdout
    assert "58.5795%" in result.stdout


def test_odds_json_has_fraction_strings_and_floats(app: typer.Typer) -> None:
    result = runner.invoke(app, ["odds", "4d6+2 vs 3d6+4", "--json"])
    data = json.loads(result.stdout)
    assert data["p_success"] == "163985/279936"
    assert data["p_tie"] == "22967/279936"
    assert data["p_success_float"] == pytest.approx(0.585795, abs=1e-6)
    assert sum(Fraction(r["probability"]) for r in data["margin"]["histogram"]) == 1


def test_odds_of_a_plain_expression_prints_mean_and_a_grouped_histogram(
    app: typer.Typer,
) -> None:
    result = runner.invoke(app, ["odds", "20d6"])
    assert result.exit_code == 0
    assert "mean 70" in result.stdout
    assert "175/3" in result.stdout
    bars = [line for line in result.stdout.splitlines() if "%" in line]
    assert len(bars) <= dice_cmd.HISTOGRAM_ROWS
    data = json.loads(runner.invoke(app, ["odds", "6d6", "--json"]).stdout)
    assert (data["denominator"], data["variance"]) == ("46656", "35/2")


@pytest.mark.parametrize(
    ("command", "text", "fragment"),
    [
        ("roll", "4d6x", "column 4"),
        ("roll", "(2d6", "column 5"),
        ("odds", "4d6 >=", "column 7"),
        ("odds", "2d20adv", "column 5"),
        ("roll", "d1001", "column 2"),
        ("odds", "1000d1000", "too big for exact odds"),
    ],
)
def test_bad_input_exits_2_with_a_message_and_no_traceback(
    app: typer.Typer, command: str, text: str, fragment: str
) -> None:
    result = runner.invoke(app, [command, text])
    assert result.exit_code == 2
    assert fragment in result.stderr
    assert result.stderr.startswith("error:")
    assert "Traceback" not in result.output
    assert result.stdout == ""


def test_syntax_error_points_at_the_column(app: typer.Typer) -> None:
    result = runner.invoke(app, ["roll", "4d6 + + x"])
    lines = result.stderr.splitlines()
    assert lines[1] == "  4d6 + + x"
    assert lines[2].index("^") == lines[1].index("x")


def test_roll_without_a_seed_prints_one_that_repeats_it(app: typer.Typer) -> None:
    first = runner.invoke(app, ["roll", "6d20"])
    seed = first.stdout.splitlines()[-1].removeprefix("seed ")
    again = runner.invoke(app, ["roll", "6d20", "--seed", seed])
    assert again.stdout == first.stdout
    data = json.loads(runner.invoke(app, ["roll", "d6", "--json"]).stdout)
    assert isinstance(data["seed"], int)
