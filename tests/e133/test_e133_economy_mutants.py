"""Outcomes of e133's action economy that only a mutation run showed untested (issue 13):
the rules a refusal names after the exhausted limit, and the reason a window gives when
nobody may answer it (docs/mutation.md)."""

from __future__ import annotations

from turnkeeper.core.game import Game
from turnkeeper.core.model import Action
from turnkeeper.rulesets import get_ruleset

R = get_ruleset("e133")
SETUP = {
    "combatants": [
        {"id": "aria", "initiative": 18, "speed": 30, "features": ["parry"]},
        {"id": "brute", "initiative": 9, "side": "foes", "speed": 30},
        {"id": "cult", "initiative": 5, "side": "foes", "speed": 30},
    ]
}


def test_a_reaction_on_one_s_own_turn_after_the_bonus_names_the_limit_then_its_own_rule() -> None:
    game = Game(R, SETUP)
    game.play(Action("bonus_action", "aria", {}))
    parry = Action("use_feature", "aria", {"feature": "parry", "action": "reaction"})
    refusal = game.check(parry)
    assert refusal is not None and refusal.rule == "e133.bonus.one-per-round"
    # The rule that makes the reaction the turn's bonus action, then the feature's own rule
    # (not the limit again).
    assert refusal.also == ("e133.reaction.own-turn-is-bonus", "e133.feature")


def test_a_disengaged_move_leaves_a_window_nobody_may_answer_because_of_disengage() -> None:
    game = Game(R, SETUP)
    game.play(Action("disengage", "aria", {}))
    game.play(Action("move", "aria", {"distance": 10, "leaves_threatened_by": ["brute"]}))
    window = game.view(None)["window"]
    assert window["responders"] == [] and window["blocked"] == {"brute": "e133.disengage"}
    assert window["why_not"] == "e133.disengage"
    refusal = game.check(Action("aoo", "brute", {"target": "aria"}))
    assert refusal is not None and refusal.rule == "e133.disengage"


def test_a_full_round_refusal_names_its_limit_once() -> None:
    game = Game(R, SETUP)
    game.play(Action("standard_action", "aria", {}))
    refusal = game.check(Action("full_round_action", "aria", {}))
    # The full-round action's own rule is the limit itself: named once, not again in ``also``.
    assert refusal is not None and (refusal.rule, refusal.also) == ("e133.economy.full-round", ())


def test_a_provoking_generic_action_opens_a_window_for_those_named_as_threatening() -> None:
    # Each generic kind passes its own params on: the named threatener is the responder.
    for kind in ("standard_action", "move_action", "full_round_action", "free_action"):
        game = Game(R, SETUP)
        game.play(Action(kind, "aria", {"provokes": True, "threatened_by": ["brute"]}))
        window = game.view(None)["window"]
        assert window is not None and window["responders"] == ["brute"], kind
        assert game.check(Action("aoo", "brute", {"target": "aria"})) is None, kind
    # Without provoking, the threatener is blocked by the table's rule instead.
    game = Game(R, SETUP)
    game.play(Action("move_action", "aria", {"threatened_by": ["brute"]}))
    window = game.view(None)["window"]
    assert window["responders"] == [] and window["blocked"] == {"brute": "e133.aoo.table"}
