"""The game commands of the CLI (rules, scenario run, replay, play), on the toy ruleset."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from tests.core.toy import TOY
from turnkeeper import rulesets
from turnkeeper.cli import game_cmd
from turnkeeper.cli.parsing import ActionSyntaxError, parse_action
from turnkeeper.core import Action, Game

runner = CliRunner()


@pytest.fixture
def app(monkeypatch: pytest.MonkeyPatch) -> typer.Typer:
    monkeypatch.setitem(rulesets.RULESET_MODULES, "toy", "tests.core.toy")
    cli = typer.Typer()
    game_cmd.register(cli)
    return cli


def test_rules_lists_the_catalogue(app: typer.Typer) -> None:
    result = runner.invoke(app, ["rules", "toy", "--json"])
    assert result.exit_code == 0
    ids = [r["id"] for r in json.loads(result.stdout)]
    assert ids == list(TOY.rules)


def test_rules_of_an_unknown_ruleset_is_exit_2(app: typer.Typer) -> None:
    result = runner.invoke(app, ["rules", "chess"])
    assert result.exit_code == 2
    assert "unknown ruleset" in result.output


SCENARIO = """
ruleset: toy
setup: {players: [ann, bob]}
scenarios:
  - name: adding twice is refused
    steps:
      - {actor: ann, action: add, dice: [5], rule: toy.add.once, events: [added]}
      - {state: {totals.ann: 5, whose_turn: ann}}
      - {actor: ann, action: add, expect: {refused: toy.add.once}}
      - {legal: {actor: ann, includes: [hold], excludes: [add]}}
      - {undo: 1, state: {totals.ann: 0}}
  - name: a wrong expectation fails
    steps:
      - {actor: bob, action: add, expect: {refused: toy.add.once}}
"""


def test_scenario_run_reports_each_and_the_total(app: typer.Typer, tmp_path: Path) -> None:
    path = tmp_path / "toy.yaml"
    path.write_text(SCENARIO)
    result = runner.invoke(app, ["scenario", "run", str(path)])
    assert result.exit_code == 1
    assert "PASS" in result.stdout and "FAIL" in result.stdout
    assert "toy.turn.own-turn" in result.stdout
    assert result.stdout.strip().endswith("1 passed, 1 failed")


def test_scenario_run_of_a_missing_path_is_exit_2(app: typer.Typer, tmp_path: Path) -> None:
    result = runner.invoke(app, ["scenario", "run", str(tmp_path / "nope.yaml")])
    assert result.exit_code == 2


def test_replay_refolds_a_saved_game_and_checks_its_hash(app: typer.Typer, tmp_path: Path) -> None:
    game = Game(TOY, {"players": ["ann", "bob"]}, seed=4)
    game.play(Action("add", "ann"))
    path = tmp_path / "game.json"
    path.write_text(game.to_json())
    result = runner.invoke(app, ["replay", str(path), "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["state_hash"] == game.state_hash()
    assert report["matches_recorded_hash"] is True
    data = json.loads(path.read_text())
    data["log"][1]["events"][0]["data"]["roll"] = 6 if game.state.totals["ann"] != 6 else 5
    path.write_text(json.dumps(data))
    # Checked by default: the edited roll is not what the seeded dice give.
    checked = runner.invoke(app, ["replay", str(path)])
    assert checked.exit_code == 2 and "log[1]" in checked.stderr, checked.output
    # Trusted, the events fold as recorded and only the hash tells.
    assert runner.invoke(app, ["replay", "--trust-events", str(path)]).exit_code == 1


def test_replay_of_a_broken_file_names_the_problem(app: typer.Typer, tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text("{not json")
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 2
    assert "line 1" in result.output


def test_play_session_plays_refuses_explains_undoes_and_saves(
    app: typer.Typer, tmp_path: Path
) -> None:
    encounter = tmp_path / "enc.yaml"
    encounter.write_text("ruleset: toy\nseed: 2\nsetup: {players: [ann, bob]}\n")
    save = tmp_path / "saved.json"
    lines = ["1", "add", "why ann: add", "undo", "ann: fly", "save " + str(save), "quit"]
    result = runner.invoke(app, ["play", "toy", str(encounter)], input="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output
    assert "> added" in result.stdout
    assert "rule: toy.add.once" in result.stdout
    assert "undone" in result.stdout
    assert "unknown action kind" in result.stdout
    assert json.loads(save.read_text())["ruleset"] == "toy"


def test_parse_action_reads_actor_kind_and_params() -> None:
    action = parse_action("aria: move distance=10 modes=[fly,walk] run=true")
    assert action == Action("move", "aria", {"distance": 10, "modes": ["fly", "walk"], "run": True})
    assert parse_action("hold", default_actor="bob").actor == "bob"
    with pytest.raises(ActionSyntaxError, match="word 2"):
        parse_action("move ten")


def test_setup_dice_force_the_set_up_rolls_only(app: typer.Typer, tmp_path: Path) -> None:
    from tests.core.toy import TOY as toy
    from turnkeeper.dice.source import ForcedDice

    game = Game(toy, {"players": ["ann", "bob"]}, seed=1, setup_dice=ForcedDice([]))
    assert game.whose_turn() == "ann"
    path = tmp_path / "s.yaml"
    path.write_text(
        "ruleset: toy\nsetup: {players: [ann, bob]}\nsetup_dice: [1, 2]\n"
        "steps: [{actor: ann, action: add, dice: [3]}, {state: {totals.ann: 3}}]\n"
    )
    assert runner.invoke(app, ["scenario", "run", str(path)]).exit_code == 0
    path.write_text("ruleset: toy\nsetup: {players: [ann, bob]}\nsetup_dice: one\nsteps: []\n")
    result = runner.invoke(app, ["scenario", "run", str(path)])
    # A file that cannot be read as scenarios is bad input (exit 2), not a failed check.
    assert result.exit_code == 2 and "setup_dice" in result.stderr


def test_setup_dice_decide_a_rolled_initiative_order(tmp_path: Path) -> None:
    from turnkeeper.scenario import run_paths

    path = tmp_path / "init.yaml"
    path.write_text(
        "ruleset: e133\n"
        "setup: {combatants: [{id: a, init_mod: 0}, {id: b, init_mod: 0}]}\n"
        "scenarios:\n"
        "  - {name: b first, setup_dice: [3, 17], steps: [{state: {whose_turn: b}}]}\n"
        "  - {name: a first, setup_dice: [17, 3], steps: [{state: {whose_turn: a}}]}\n"
    )
    results = run_paths([path])
    assert [r.passed for r in results] == [True, True], [r.message for r in results]
