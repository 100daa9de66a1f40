"""Terminal output reads as lines and tables (no JSON dicts) and is not wrapped when piped."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from turnkeeper.cli.readable import PIPED_WIDTH, event_line, output_width, value_text
from turnkeeper.core.model import Event
from turnkeeper.dice import SeededDice, roll
from turnkeeper.rulesets import get_ruleset

REPO = Path(__file__).resolve().parents[2]
SCRIPT = Path(sys.executable).with_name("turnkeeper")


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "COLUMNS"}
    return subprocess.run(
        [str(SCRIPT), *args], input=stdin, capture_output=True, text=True, timeout=300,
        check=False, env=env,
    )


def test_an_event_reads_as_a_line() -> None:
    record = roll("1d20+5", SeededDice(1)).to_dict()
    faces = record["dice"][0]["faces"]
    event = Event("check_rolled", {"actor": "rook", "what": "attack on vess", "record": record,
                                   "hit": False, "effects": []})
    assert event_line(event) == (
        f"check rolled: rook — what attack on vess, record 1d20+5 [{faces[0]}] = "
        f"{record['total']}, hit no, effects none"
    )
    comparison = roll("1d20+5 >= 12", SeededDice(1)).to_dict()
    verdict = "success" if comparison["success"] else "failure"
    assert value_text(comparison).endswith(f">= 12: {verdict}")


def test_a_ruleset_sentence_wins_over_the_generic_line() -> None:
    class Narrating:
        def describe_event(self, state: dict[str, str], event: Event) -> str:
            return f"{state[event.data['actor']]} waits"

    waited = Event("waited", {"actor": "aria"})
    assert event_line(waited, Narrating(), {"aria": "Aria"}) == "Aria waits"
    # without a state to take names from, the generic line
    assert event_line(waited, Narrating()) == "waited: aria"


def test_terminal_play_prints_no_json_dicts() -> None:
    ambush = str(REPO / "examples" / "e133" / "ambush.yaml")
    result = run("play", ambush, stdin="1\n2\nquit\n")
    assert result.returncode == 0, result.stderr
    events = [line for line in result.stdout.splitlines() if "  > " in line]
    # e133 writes its own sentences (rulesets/e133/describe.py)
    assert any("Skiv (raider caster) ends the turn" in line for line in events), events
    assert any("Rook" in line and "turn begins" in line for line in events), events
    assert not any('{"' in line or "{'" in line for line in events), events


def test_piped_output_is_full_width(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("COLUMNS", raising=False)
    with open(os.devnull, "w") as devnull:
        assert output_width(devnull) == PIPED_WIDTH
        monkeypatch.setenv("COLUMNS", "120")
        assert output_width(devnull) == 120
    rules = get_ruleset("e133").rules
    result = run("rules", "e133")
    assert result.returncode == 0, result.stderr
    # Every rule's row is one line: id, summary and source unwrapped.
    lines = result.stdout.splitlines()
    for rule in rules.values():
        assert any(rule.id in line and rule.source in line for line in lines), rule.id


def test_simulate_prints_tables_not_dicts() -> None:
    result = run("ptcg", "simulate", "--deck", "sapphire", "--deck", "ruby", "-n", "6")
    assert result.returncode == 0, result.stderr
    assert "how the games ended" in result.stdout
    assert "{" not in result.stdout
    assert any(line.count("ptcg.win.") == 1 for line in result.stdout.splitlines())
