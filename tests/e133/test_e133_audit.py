"""Points found in the rule-text audit (docs/rulesets/e133.md, "Rule text coverage"),
driven through the documented API: Game(get_ruleset("e133"), setup), legal_actions, check,
play."""

from __future__ import annotations

import json
from typing import Any

from turnkeeper.core.game import Game
from turnkeeper.core.model import Action
from turnkeeper.dice.source import ForcedDice
from turnkeeper.rulesets import get_ruleset
from turnkeeper.rulesets.e133.ruleset import E133Ruleset

R = get_ruleset("e133")


def encounter(**aria: Any) -> dict[str, Any]:
    return {"combatants": [
        {"id": "aria", "initiative": 18, "speed": 30, "controller": "alice", **aria},
        {"id": "brute", "initiative": 9, "side": "foes", "controller": "bob"},
    ]}


def test_events_carry_the_readied_trigger_so_the_ruleset_keeps_hidden_information() -> None:
    """The trigger is the one secret; the ready's events hold it (they fold into the state
    the game master sees), so seats must not get raw events: hidden_information stays True."""
    assert E133Ruleset.hidden_information is True
    assert getattr(R, "hidden_information", None) is True
    game = Game(R, encounter())
    events = game.play(Action("ready", "aria", {"trigger": "the brute raises its axe",
                                                "action": "attack"}))
    assert "the brute raises its axe" in json.dumps([e.to_dict() for e in events])
    assert "the brute raises its axe" not in json.dumps(game.view("bob"))
    assert game.view("alice")["combatants"]["aria"]["readied"]["trigger"] == (
        "the brute raises its axe")


def test_dice_results_are_in_the_events_for_the_table_to_see() -> None:
    game = Game(R, encounter(navigation=2))
    events = game.play(Action("enter_vehicle", "aria", {"fast": True}), dice=ForcedDice([16]))
    rolled = [e for e in events if e.type == "check_rolled"]
    assert len(rolled) == 1 and rolled[0].data["total"] == 18 and rolled[0].data["success"]
    assert game.view(None)["combatants"]["aria"]["move"] == 1  # free on a success


def test_a_duration_on_a_target_ends_at_the_casters_count_not_the_targets_turn() -> None:
    game = Game(R, encounter())
    game.play(Action("cast", "aria", {"spell": "slow", "target": "brute", "duration_rounds": 1}))
    game.play(Action("end_turn", "aria"))
    assert game.view()["combatants"]["brute"]["effects"] == ["slow"]
    game.play(Action("end_turn", "brute"))
    view = game.view()
    assert (view["round"], view["turn"]) == (2, "aria")
    assert view["combatants"]["brute"]["effects"] == []


def test_the_restricted_move_and_the_full_round_as_standard() -> None:
    config = encounter()
    config["combatants"][1]["surprised"] = True
    config["settings"] = {"double_move": False}
    game = Game(R, config)
    offered = {a.kind for a in game.legal_actions("aria")}
    assert {"move", "attack", "withdraw"} <= offered and "dash" not in offered
    assert game.check(Action("full_round_action", "aria", {"as_standard": True})) is None
    game.play(Action("move", "aria", {"distance": 30}))
    refusal = game.check(Action("attack", "aria", {"target": "brute"}))
    assert refusal is not None and refusal.rule == "e133.restricted.one-action"
