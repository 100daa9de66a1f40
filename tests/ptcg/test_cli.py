"""The ``turnkeeper ptcg`` commands, on a local Typer app."""

from __future__ import annotations

import json
from pathlib import Path

import typer
from typer.testing import CliRunner

from tests.properties import assert_same_log
from turnkeeper.cli import ptcg_cmd
from turnkeeper.core.game import Game
from turnkeeper.rulesets.ptcg import RULESET


def make_app() -> typer.Typer:
    app = typer.Typer()

    @app.callback()
    def main() -> None:
        """test root"""

    ptcg_cmd.register(app)
    return app


def test_simulate_json_is_reproducible() -> None:
    args = [
        "ptcg",
        "simulate",
        "--deck",
        "sapphire",
        "--deck",
        "ruby",
        "--agents",
        "greedy,random",
        "-n",
        "12",
        "--seed",
        "4",
        "--json",
    ]
    first = CliRunner().invoke(make_app(), args)
    assert first.exit_code == 0, first.output
    data = json.loads(first.output)
    assert data["games"] == 12
    assert data["seats"]["p1"]["wins"] + data["seats"]["p2"]["wins"] + data["draws"] == 12
    again = json.loads(CliRunner().invoke(make_app(), [*args, "--workers", "2"]).output)
    for key in ("seats", "first_player", "length_turns", "end_rules"):
        assert data[key] == again[key]


def test_simulate_table_and_bad_agents() -> None:
    ok = CliRunner().invoke(
        make_app(), ["ptcg", "simulate", "--deck", "ruby", "--deck", "sapphire", "-n", "6"]
    )
    assert ok.exit_code == 0 and "95% CI" in ok.output and "games/s" in ok.output
    bad = CliRunner().invoke(
        make_app(),
        [
            "ptcg",
            "simulate",
            "--deck",
            "ruby",
            "--deck",
            "sapphire",
            "--agents",
            "greedy,oracle",
            "-n",
            "3",
        ],
    )
    assert bad.exit_code == 2 and "agents" in bad.output


def test_play_against_greedy_with_why_undo_and_save(tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    script = (
        "\n".join(
            [
                "help",
                "why attach card=Treecko target=active",
                "1",  # choose who goes first or place the Active, whichever comes first
                "1",
                "undo",
                "1",
                f"save {saved}",
                "quit",
            ]
        )
        + "\n"
    )
    result = CliRunner().invoke(
        make_app(),
        [
            "ptcg",
            "play",
            "--deck",
            "sapphire",
            "--deck",
            "ruby",
            "--agent",
            "human",
            "--agent",
            "greedy",
            "--seed",
            "2",
        ],
        input=script,
    )
    assert result.exit_code == 0, result.output
    assert "Your hand:" in result.output
    assert "[ptcg.turn.phase]" in result.output
    assert "undone:" in result.output
    loaded = Game.from_dict(json.loads(saved.read_text()), RULESET)
    assert len(loaded.log) >= 2
    # The saved file holds the whole log: its actions, played again on a fresh game with the
    # same seed, give back every event (dice are seeded per command).
    replayed = Game(RULESET, loaded.config, seed=loaded.seed)
    for command in loaded.log[1:]:
        assert command.action is not None
        replayed.play(command.action)
    assert_same_log(replayed, loaded)


def test_a_game_between_agents_plays_to_the_end() -> None:
    result = CliRunner().invoke(
        make_app(),
        [
            "ptcg",
            "play",
            "--deck",
            "sapphire",
            "--deck",
            "ruby",
            "--agent",
            "greedy",
            "--agent",
            "random",
        ],
    )
    assert result.exit_code == 0, result.output
    assert "Winner:" in result.output


def test_play_refuses_bad_decks_clearly() -> None:
    result = CliRunner().invoke(
        make_app(),
        [
            "ptcg",
            "play",
            "--deck",
            "sapphire",
            "--deck",
            "emerald",
            "--agent",
            "greedy",
            "--agent",
            "random",
        ],
    )
    assert result.exit_code == 2 and "emerald" in result.output


def test_import_reports_the_mapping(tmp_path: Path) -> None:
    cards = tmp_path / "cards"
    cards.mkdir()
    (cards / "x.json").write_text(
        json.dumps(
            [
                {
                    "id": "x-1",
                    "name": "Blob",
                    "supertype": "Pokémon",
                    "subtypes": ["Basic"],
                    "hp": "50",
                    "types": ["Water"],
                    "attacks": [{"name": "Hit", "cost": ["Colorless"], "damage": "10", "text": ""}],
                },
                {"id": "x-2", "name": "Broken", "supertype": "Mystery"},
            ]
        )
    )
    result = CliRunner().invoke(make_app(), ["ptcg", "import", str(tmp_path), "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["cards"] == 1 and report["plain_attacks"] == 1
    assert len(report["problems"]) == 1 and "x-2" in report["problems"][0]


def test_scenario_names_with_brackets_print_literally(tmp_path: Path) -> None:
    """Issue 12: a name such as ``[a, b]`` is shown as written, not taken as markup."""
    from turnkeeper.cli.app import app

    path = tmp_path / "brackets.yaml"
    path.write_text(
        "ruleset: ptcg\n"
        "setup: {position: {p1: {active: Mudkip}, p2: {active: Torchic}}}\n"
        "scenarios:\n"
        '  - name: "conditions [asleep, poisoned] and [bold]x[/bold]"\n'
        "    steps:\n"
        "      - {actor: p1, action: end_turn}\n",
        encoding="utf-8",
    )
    result = CliRunner().invoke(app, ["scenario", "run", str(path)], terminal_width=200)
    assert result.exit_code == 0, result.output
    assert "conditions [asleep, poisoned] and [bold]x[/bold]" in result.output
