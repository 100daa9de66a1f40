"""``turnkeeper --version``, ``play FILE`` (ruleset from the file) and ``play --load SAVE``."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from turnkeeper import __version__
from turnkeeper.cli.app import app

REPO = Path(__file__).resolve().parents[2]
AMBUSH = REPO / "examples" / "e133" / "ambush.yaml"
runner = CliRunner()


def test_version_prints_the_package_version() -> None:
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0
    assert result.stdout.strip() == f"turnkeeper {__version__}"


def test_play_takes_the_ruleset_from_the_file() -> None:
    alone = runner.invoke(app, ["play", str(AMBUSH)], input="quit\n")
    named = runner.invoke(app, ["play", "e133", str(AMBUSH)], input="quit\n")
    assert alone.exit_code == 0, alone.output
    assert "Round 1 (surprise round)" in alone.stdout
    assert alone.stdout == named.stdout


def test_a_file_that_does_not_say_its_ruleset_is_a_clear_error(tmp_path: Path) -> None:
    encounter = tmp_path / "fight.yaml"
    encounter.write_text("seed: 3\nsetup: {}\n", encoding="utf-8")
    result = runner.invoke(app, ["play", str(encounter)])
    assert result.exit_code == 2
    assert "does not say its ruleset" in result.stderr
    assert f"turnkeeper play RULESET {encounter}" in result.stderr
    # Naming a ruleset the file contradicts is refused too.
    mismatch = runner.invoke(app, ["play", "ptu", str(AMBUSH)])
    assert mismatch.exit_code == 2
    assert "is for 'e133', not 'ptu'" in mismatch.stderr


def test_load_resumes_a_saved_game_where_it_stood(tmp_path: Path) -> None:
    save = tmp_path / "save.json"
    played = runner.invoke(app, ["play", str(AMBUSH)], input=f"1\nsave {save}\nquit\n")
    assert played.exit_code == 0, played.output
    saved = json.loads(save.read_text(encoding="utf-8"))
    assert len(saved["log"]) == 2  # the set-up and one action
    resumed = runner.invoke(app, ["play", "--load", str(save)], input="undo\nquit\n")
    assert resumed.exit_code == 0, resumed.output
    # The resumed game opens on the turn the first one had reached (the first action
    # ended skiv's surprise turn), and its log can be undone.
    first_line = resumed.stdout.splitlines()[0]
    assert first_line == "Round 1 (surprise round): rook's turn"
    assert played.stdout.count(first_line) == 1
    assert "undone:" in resumed.stdout
    assert "Round 1 (surprise round): skiv's turn" in resumed.stdout.split("undone:", 1)[1]


def test_load_checks_the_save_by_default(tmp_path: Path) -> None:
    save = tmp_path / "save.json"
    runner.invoke(app, ["play", str(AMBUSH)], input=f"1\nsave {save}\nquit\n")
    data = json.loads(save.read_text(encoding="utf-8"))
    data["log"][1]["events"] = []  # an edited save: the action's events removed
    save.write_text(json.dumps(data), encoding="utf-8")
    checked = runner.invoke(app, ["play", "--load", str(save)], input="quit\n")
    assert checked.exit_code == 2
    assert "log[1]" in checked.stderr
    trusted = runner.invoke(app, ["play", "--load", str(save), "--trust-events"], input="quit\n")
    assert trusted.exit_code == 0, trusted.output


def test_load_refuses_an_encounter_or_seed_beside_it(tmp_path: Path) -> None:
    result = runner.invoke(app, ["play", str(AMBUSH), "--load", str(tmp_path / "x.json")])
    assert result.exit_code == 2
    assert "no encounter file" in result.stderr
    nothing = runner.invoke(app, ["play"])
    assert nothing.exit_code == 2
    assert "--load SAVE" in nothing.stderr
