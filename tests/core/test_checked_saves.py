"""Issue 10 part 7: saves are checked, not trusted.

Loading a save plays every command again through the rules with the game's seeded dice and
compares the events with the recorded ones; an edited save is refused naming the first
command that differs, unless the events are trusted (``--trust-events``).
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
import yaml
from typer.testing import CliRunner

from turnkeeper.cli.app import app
from turnkeeper.core.game import FORCED_DICE, Game, GameFileError
from turnkeeper.core.model import Action
from turnkeeper.dice.source import ForcedDice
from turnkeeper.rulesets import get_ruleset

REPO = Path(__file__).resolve().parents[2]
runner = CliRunner()


def e133_game() -> Game[Any]:
    raw = yaml.safe_load((REPO / "examples" / "e133" / "ambush.yaml").read_text())
    game: Game[Any] = Game(get_ruleset("e133"), raw["setup"], seed=raw.get("seed", 0))
    for _ in range(4):
        actions = [a for a in game.legal_actions(None) if a.kind != "end_turn"]
        game.play(actions[0] if actions else next(iter(game.legal_actions(None))))
    return game


def first_acted(save: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    for index, command in enumerate(save["log"][1:], start=1):
        for event in command["events"]:
            if event["type"] == "acted":
                return index, event
    raise AssertionError("no acted event in the game")


def edited(save: dict[str, Any]) -> dict[str, Any]:
    """An attacker's save: edited, and without the recorded hash (which they could recompute
    anyway)."""
    data = copy.deepcopy(save)
    data.pop("state_hash", None)
    return data


def condition_on_a_foe(save: dict[str, Any]) -> tuple[dict[str, Any], int]:
    data = edited(save)
    index, event = first_acted(data)
    foe = next(f for f in ("skiv", "vess", "dorn") if f != event["data"]["actor"])
    event["data"]["sets"].setdefault(foe, {})["conditions"] = ["stunned"]
    return data, index


def ghost_actor(save: dict[str, Any]) -> tuple[dict[str, Any], int]:
    data = edited(save)
    index, event = first_acted(data)
    ghost = copy.deepcopy(event)
    ghost["data"].update(actor="ghost", sets={}, pay=[], effects_add=[], effects_remove=[])
    data["log"][index]["events"].append(ghost)
    return data, index


@pytest.mark.parametrize("edit", [condition_on_a_foe, ghost_actor])
def test_edited_e133_saves_are_refused_unless_trusted(edit: Any, tmp_path: Path) -> None:
    game = e133_game()
    save = game.to_dict()
    rs = get_ruleset("e133")
    assert Game.from_dict(save, rs).state_hash() == game.state_hash()  # the honest save loads
    data, index = edit(save)
    with pytest.raises(GameFileError, match=rf"^log\[{index}\] \(.*differ"):
        Game.from_dict(data, rs)
    trusted = Game.from_dict(data, rs, trust_events=True)
    assert trusted.state_hash() != game.state_hash()

    path = tmp_path / "edited.json"
    path.write_text(json.dumps(data))
    refused = runner.invoke(app, ["replay", str(path)])
    assert refused.exit_code == 2, refused.output
    assert str(path) in refused.stderr and f"log[{index}]" in refused.stderr
    accepted = runner.invoke(app, ["replay", "--trust-events", "--json", str(path)])
    assert accepted.exit_code == 0, accepted.output
    assert json.loads(accepted.stdout)["events_checked"] is False


def test_a_condition_added_to_a_foe_really_lands_when_trusted() -> None:
    data, _ = condition_on_a_foe(e133_game().to_dict())
    trusted = Game.from_dict(data, get_ruleset("e133"), trust_events=True)
    assert any("stunned" in f.conditions for f in trusted.state.fighters.values())


def test_an_action_the_rules_refuse_is_named() -> None:
    save = e133_game().to_dict()
    data = edited(save)
    data["log"][1]["action"]["actor"] = (
        "dorn" if data["log"][1]["action"]["actor"] != "dorn" else "vess"
    )
    with pytest.raises(GameFileError, match=r"^log\[1\] .*the rules refuse it"):
        Game.from_dict(data, get_ruleset("e133"))


def ptcg_save_with_two_cards_more_in_hand() -> tuple[dict[str, Any], dict[str, Any]]:
    rs = get_ruleset("ptcg")
    game: Game[Any] = Game(rs, {"decks": ["sapphire", "ruby"]}, seed=3)
    game.play(next(iter(game.legal_actions(None))))
    save = game.to_dict()
    data = edited(save)
    draw = next(e for e in data["log"][0]["events"] if e["type"] == "draw")
    draw["data"]["n"] += 2
    return save, data


def test_cards_added_to_a_ptcg_hand_are_refused_unless_trusted(tmp_path: Path) -> None:
    save, data = ptcg_save_with_two_cards_more_in_hand()
    rs = get_ruleset("ptcg")
    honest = Game.from_dict(save, rs)
    with pytest.raises(GameFileError, match=r"^log\[0\] \(the set-up\).*differ"):
        Game.from_dict(data, rs)
    trusted = Game.from_dict(data, rs, trust_events=True)
    hands = [len(side.hand) for side in trusted.state.sides]
    assert sum(hands) == sum(len(side.hand) for side in honest.state.sides) + 2

    path = tmp_path / "edited.json"
    path.write_text(json.dumps(data))
    play = ["ptcg", "play", "--agent", "greedy", "--agent", "greedy", "--load", str(path)]
    refused = runner.invoke(app, play)
    assert refused.exit_code == 2, refused.output
    assert str(path) in refused.stderr and "log[0]" in refused.stderr
    accepted = runner.invoke(app, [*play, "--trust-events"])
    assert accepted.exit_code == 0, accepted.output


def test_forced_dice_are_recorded_and_refuse_checking_with_a_clear_message() -> None:
    rs = get_ruleset("e133")
    raw = yaml.safe_load((REPO / "examples" / "e133" / "ambush.yaml").read_text())
    seeded: Game[Any] = Game(rs, raw["setup"], seed=1)
    assert "dice" not in seeded.to_dict()
    attack = next(a for a in seeded.legal_actions(None) if a.kind == "attack")
    # A natural 20, then ones: a one fits whatever damage dice the attack rolls.
    seeded.play(attack, dice=ForcedDice([20] + [1] * 12, fallback=None))
    save = seeded.to_dict()
    assert save["dice"] == FORCED_DICE
    with pytest.raises(GameFileError, match=r"forced dice.*--trust-events"):
        Game.from_dict(save, rs)
    again = Game.from_dict(save, rs, trust_events=True)
    assert again.state_hash() == seeded.state_hash()
    assert again.to_dict()["dice"] == FORCED_DICE  # still said when saved again
    forced_setup: Game[Any] = Game(rs, raw["setup"], seed=1, setup_dice=ForcedDice([1, 2, 3, 4]))
    assert forced_setup.to_dict()["dice"] == FORCED_DICE


def test_an_unknown_dice_field_is_refused() -> None:
    save = e133_game().to_dict()
    save["dice"] = "loaded"
    with pytest.raises(GameFileError, match="'dice'"):
        Game.from_dict(save, get_ruleset("e133"), trust_events=True)


def test_an_action_without_events_in_the_save_is_refused() -> None:
    data = edited(e133_game().to_dict())
    data["log"][2]["events"] = []
    with pytest.raises(GameFileError, match=r"^log\[2\]"):
        Game.from_dict(data, get_ruleset("e133"))
    assert Action.from_dict(data["log"][2]["action"]).kind
