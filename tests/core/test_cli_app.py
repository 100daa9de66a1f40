"""The installed ``turnkeeper`` command wires every area's commands."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

from turnkeeper.cli.app import app

REPO = Path(__file__).resolve().parents[2]


def test_every_command_is_registered() -> None:
    result = CliRunner().invoke(app, ["--help"])
    assert result.exit_code == 0
    commands = ("roll", "odds", "rules", "scenario", "replay", "play", "check", "ptcg", "serve")
    for command in commands:
        assert command in result.stdout, command


def test_the_console_script_runs_shipped_scenarios() -> None:
    script = Path(sys.executable).with_name("turnkeeper")
    result = subprocess.run(
        [str(script), "scenario", "run", "--quiet", str(REPO / "scenarios" / "pte")],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    last = result.stdout.strip().splitlines()[-1]
    assert last.endswith(" 0 failed") and not last.startswith("0 passed"), last


def test_play_an_example_encounter_end_to_end() -> None:
    script = Path(sys.executable).with_name("turnkeeper")
    result = subprocess.run(
        [str(script), "play", "e133", str(REPO / "examples" / "e133" / "ambush.yaml")],
        input="1\nundo\nquit\n",
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert "legal actions:" in result.stdout
    assert "undone" in result.stdout


def test_terminal_play_shows_odds_as_words_not_python_dicts() -> None:
    script = Path(sys.executable).with_name("turnkeeper")
    result = subprocess.run(
        [str(script), "play", str(REPO / "examples" / "e133" / "ambush.yaml")],
        input="odds 2\nquit\n",
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env={**os.environ, "COLUMNS": "1000"},  # one line per action, whatever runs the test
    )
    assert result.returncode == 0, result.stderr
    attack = next(line for line in result.stdout.splitlines() if "odds: hit" in line)
    # A distribution reads as value-chance pairs; no braces or quotes of a dict literal.
    assert "damage on hit (1 " in attack, attack
    assert "{" not in attack and "'" not in attack, attack
    assert "  damage on hit: 1 " in result.stdout  # the `odds N` command, the same way
