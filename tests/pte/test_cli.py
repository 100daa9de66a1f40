"""``turnkeeper check`` through typer's CliRunner on a local app."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
import typer
from typer.testing import CliRunner

from turnkeeper.cli import pte_cmd

runner = CliRunner()


def make_app() -> typer.Typer:
    app = typer.Typer()
    pte_cmd.register(app)

    @app.command("noop")
    def noop() -> None:
        """Keeps typer in multi-command mode, as in the real app."""

    return app


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(make_app(), ["check", *args])
    return result.exit_code, result.stdout, result.stderr


def test_basic_check_prints_each_degree_as_fraction_and_percent() -> None:
    code, out, _ = run("--rank", "adept", "--dc", "15")
    assert code == 0
    assert "basic check: 4d6 vs DC 15" in out
    assert "575/1296" in out and "44.3673%" in out
    for name in ("moderate_success", "significant_success", "glowing_success", "catastrophe"):
        assert name in out


def test_issue_example_json() -> None:
    code, out, _ = run(
        "--rank",
        "adept",
        "--dc",
        "12",
        "--bonus",
        "2",
        "--circumstance",
        "+1",
        "--synergy",
        "novice",
        "--json",
    )
    assert code == 0
    data = json.loads(out)
    assert data["pool"] == "4d6+1d6+3"  # bonus 2 + synergy (half of Novice) 1
    total = sum(
        Fraction(v["fraction"]) for k, v in data["odds"].items() if k not in ("success", "failure")
    )
    assert total == 1


def test_roll_with_seed_is_repeatable() -> None:
    first = run("--rank", "novice", "--dc", "10", "--roll", "--seed", "7", "--json")
    second = run("--rank", "novice", "--dc", "10", "--roll", "--seed", "7", "--json")
    assert first[0] == 0 and first[1] == second[1]
    shown = json.loads(first[1])["roll"]
    assert len(shown["rank_faces"]) == 3 and shown["total"] == sum(shown["rank_faces"])


def test_team_form_matches_reference() -> None:
    code, out, _ = run("--team", "untrained,novice,adept", "--people", "3", "--dc", "10", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["team_dc"] == 30
    assert data["odds"]["success"]["fraction"] == "727429/1119744"


def test_assisted_form() -> None:
    code, out, _ = run("--rank", "adept", "--dc", "12", "--helper", "expert", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["kind"] == "assisted" and data["pool"] == "4d6+2"


def test_extended_form_matches_reference() -> None:
    code, out, _ = run(
        "--rank", "novice", "--dc", "15", "--multiplier", "3", "--attempts", "4", "--json"
    )
    assert code == 0
    data = json.loads(out)
    assert data["extended_dc"] == 45
    assert data["odds"]["done_by_4"]["fraction"] == "735884981/2176782336"
    assert data["odds"]["first_on_3"]["fraction"] == "2915/629856"


def test_extended_roll_stops_when_reached() -> None:
    code, out, _ = run(
        "--rank", "master", "--dc", "5", "--multiplier", "2", "--roll", "--seed", "1", "--json"
    )
    assert code == 0
    shown = json.loads(out)["roll"]
    running = [r["running_total"] for r in shown["rolls"]]
    # Rolling stops on the first roll whose running total reaches 5 x 2 = 10.
    assert shown["reached"] and shown["reached_on"] == len(running)
    assert running[-1] >= 10 and all(t < 10 for t in running[:-1])


def test_opposed_form_matches_reference() -> None:
    code, out, _ = run(
        "--rank", "adept", "--bonus", "2", "--vs-rank", "novice", "--vs-bonus", "4", "--json"
    )
    assert code == 0
    data = json.loads(out)
    assert data["odds"]["success"]["fraction"] == "163985/279936"
    assert data["odds"]["tie"]["fraction"] == "22967/279936"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--rank", "grand", "--dc", "5"], "--rank"),
        (["--dc", "5"], "--rank is required"),
        (["--rank", "adept"], "--dc is required"),
        (["--rank", "adept", "--dc", "5", "--circumstance", "+2"], "one die"),
        (["--rank", "adept", "--dc", "5", "--helper", "untrained"], "at least Novice"),
        (["--rank", "adept", "--dc", "5", "--take", "7"], "Take X"),
        (["--rank", "adept", "--dc", "5", "--multiplier", "6"], "2 to 5"),
        (["--team", "adept", "--dc", "5"], "--team needs"),
        (["--rank", "adept", "--dc", "5", "--multiplier", "2", "--vs-rank", "novice"], "one kind"),
        (["--rank", "adept", "--dc", "99999"], "--dc"),
    ],
)
def test_bad_input_exits_2_with_a_message_and_no_traceback(args: list[str], message: str) -> None:
    code, out, err = run(*args)
    assert code == 2
    assert message in err
    assert "Traceback" not in out + err


def test_a_penalty_circumstance_is_one_die_subtracted() -> None:
    code, out, _ = run("--rank", "adept", "--dc", "11", "--circumstance", "-1", "--json")
    assert code == 0
    data = json.loads(out)
    # 4d6 - 1d6 is symmetric about 10.5, so meeting 11 is exactly even.
    assert data["pool"] == "4d6-1d6" and data["odds"]["success"]["fraction"] == "1/2"


def test_team_check_has_no_helper() -> None:
    code, _, err = run("--team", "adept,novice", "--dc", "10", "--helper", "novice")
    assert code == 2 and "no primary actor" in err
