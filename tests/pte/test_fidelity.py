"""Issue 12 for pte: refusals name what used a turn; who sets what; sizes of stretched actions."""

from __future__ import annotations

from typing import Any

from turnkeeper.core.game import Game
from turnkeeper.core.model import Action
from turnkeeper.dice.source import ForcedDice
from turnkeeper.rulesets.pte import RULESET

CONFIG: dict[str, Any] = {
    "characters": {
        "ash": {"skills": {"athletics": "adept", "charm": "novice"}},
        "brock": {"skills": {"athletics": "novice"}},
    },
    "tasks": {"climb the wall": {"dc": 12, "skill": "athletics"}},
}


def game() -> Game[Any]:
    return Game(RULESET, CONFIG, seed=2)


def test_a_used_up_turn_names_the_limit_first_and_what_used_it() -> None:
    g = game()
    g.play(Action("start_combat", "gm", {"order": ["ash", "brock"]}))
    g.play(Action("check", "ash", {"skill": "athletics", "dc": 5, "action_type": "full"}))
    refusal = g.check(Action("check", "ash", {"skill": "charm", "dc": 5}))
    assert refusal is not None
    assert refusal.rule == "pte.economy.turn" and refusal.also == ("pte.combat.full-action",)
    assert "the Full action check (athletics) in round 1" in refusal.reason


def test_a_turn_taken_by_a_full_action_and_interrupt_is_named() -> None:
    g = game()
    g.play(Action("start_combat", "gm", {"order": ["ash", "brock"]}))
    g.play(
        Action("check", "brock", {"skill": "athletics", "dc": 5, "action_type": "full_interrupt"})
    )
    refusal = g.check(Action("check", "brock", {"skill": "athletics", "dc": 5}))
    assert refusal is not None and refusal.rule == "pte.combat.full-interrupt"
    assert refusal.also == ("pte.combat.own-turn",)
    assert "Full action + Interrupt check (athletics) in round 1" in refusal.reason
    assert "it is ash's turn" not in refusal.reason


def test_the_new_kinds_declare_who_sets_what() -> None:
    assert RULESET.actions["answer_check"].gm_only and RULESET.actions["prepare_task"].gm_only
    assert not RULESET.actions["request_check"].gm_only
    assert not RULESET.actions["request_check"].gm_only_fields()
    assert {"dc", "circumstances", "synergy", "take"} <= (
        RULESET.actions["answer_check"].gm_only_fields()
    )
    # A player's check names the task (not gm-only); the task carries the GM's numbers.
    assert "task" not in RULESET.actions["check"].gm_only_fields()


def test_prepared_tasks_are_offered_and_answers_to_requests_too() -> None:
    g = game()
    offers = [a for a in g.legal_actions("ash") if a.params.get("task") == "climb the wall"]
    assert len(offers) == 1 and offers[0].odds is not None
    g.play(Action("request_check", "brock", {"skill": "athletics"}))
    answers = [a for a in g.legal_actions("gm") if a.kind == "answer_check"]
    assert [a.params for a in answers] == [{"request": "r1", "dc": 10}]
    assert answers[0].cost_detail == {"standard": 1, "seconds": 3}
    events = g.play(answers[0], dice=ForcedDice([6, 6, 6]))
    assert events[0].data["actor"] == "brock" and events[0].data["total"] == 18
    assert g.state.requests == {}


def test_a_stretched_extended_action_is_sized_by_its_final_length() -> None:
    g = game()
    g.play(Action("start_downtime", "gm", {"actions": 1}))
    events = g.play(
        Action(
            "check",
            "ash",
            {
                "skill": "charm",
                "dc": 5,
                "action_type": "extended_s",
                "minutes": 20,
                "take": 2,
                "time_factor": 6,
            },
        )
    )
    spent = events[-1].data
    assert spent["seconds"] == 7200 and spent["size"] == "downtime" and spent["units"] == 4
