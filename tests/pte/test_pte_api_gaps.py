"""Who may do something is a rule question: a refusal with its rule id, reason and source,
never a BadActionError (which is for malformed input).

Found by a black-box audit: ``work_task`` by someone other than the task's owner raised
BadActionError. The same pattern fixed for aiding one's own action and for a character
calling a team check they are not part of; a malformed action stays a BadActionError.
"""

from __future__ import annotations

from typing import Any

import pytest

from turnkeeper.core import OddsRuleset
from turnkeeper.core.game import Game
from turnkeeper.core.model import Action, BadActionError, Event, Refusal
from turnkeeper.dice.source import ForcedDice
from turnkeeper.rulesets import get_ruleset
from turnkeeper.rulesets.pte import RULESET

CONFIG: dict[str, Any] = {
    "characters": {
        "ash": {"skills": {"survival": "novice", "charm": "adept", "athletics": "adept"}},
        "brock": {"skills": {"survival": "adept", "charm": "expert", "athletics": "novice"}},
        "misty": {"skills": {"athletics": "novice"}},
    }
}
CHECKS = "PTE ch. 5, Skill Checks"


def game() -> Game[Any]:
    return Game(RULESET, CONFIG, seed=4)


def play(g: Game[Any], actor: str, kind: str, faces: list[int], **params: Any) -> list[Event]:
    return g.play(Action(kind, actor, params), dice=ForcedDice(faces))


def refused(g: Game[Any], actor: str, kind: str, **params: Any) -> Refusal:
    """The refusal of an action, checked to leave the game untouched when played."""
    action = Action(kind, actor, params)
    before = (g.state_hash(), len(g.log))
    refusal = g.check(action)
    assert refusal is not None, f"{kind} by {actor} was allowed"
    with pytest.raises(Exception) as info:
        g.play(action)
    assert getattr(info.value, "refusal", None) == refusal  # an IllegalActionError
    assert (g.state_hash(), len(g.log)) == before
    assert refusal.reason and refusal.source
    return refusal


# ---------------------------------------------------------------- extended checks
def test_only_the_tasks_owner_rolls_toward_it() -> None:
    g = game()
    play(g, "ash", "start_task", [], task="map", skill="survival", dc=8, multiplier=2)
    refusal = refused(g, "brock", "work_task", task="map")
    assert refusal.rule == "pte.extended.owner"
    assert refusal.source == CHECKS == RULESET.rules["pte.extended.owner"].source
    assert "ash's extended check" in refusal.reason and "helper" in refusal.reason
    # the owner rolls, and brock may help that roll as its helper
    events = play(g, "ash", "work_task", [3, 3, 3], task="map", helper="brock")
    assert events[0].type == "task_rolled" and events[0].data["task"] == "map"
    # ash's three Novice dice, plus half brock's Adept rank (4 // 2)
    assert events[0].data["total"] == 3 + 3 + 3 + 2


def test_a_task_that_does_not_exist_is_still_malformed() -> None:
    g = game()
    with pytest.raises(BadActionError, match="no task called 'map'"):
        g.check(Action("work_task", "ash", {"task": "map"}))


def test_the_owner_rule_is_listed_and_offers_skip_others_tasks() -> None:
    g = game()
    play(g, "ash", "start_task", [], task="map", skill="survival", dc=8, multiplier=2)
    offered = {(a.actor, a.kind) for a in g.legal_actions() if a.kind == "work_task"}
    assert ("ash", "work_task") in offered and ("brock", "work_task") not in offered


# ---------------------------------------------------------------- aid and team checks
def test_aiding_ones_own_action_is_refused_under_the_aid_rule() -> None:
    g = game()
    play(g, "brock", "use_power", [1] * 8, power="Push Agreement", dc=12, minutes=15)
    refusal = refused(g, "brock", "use_power", power="Flirt", dc=8, minutes=3, aiding="brock")
    assert refusal.rule == "pte.time.aid-scales" and "own action" in refusal.reason
    # someone else's aid of it is allowed
    events = play(g, "ash", "use_power", [1] * 8, power="Flirt", dc=8, minutes=3,
                  aiding="brock")  # fmt: skip
    assert any(e.type == "time_spent" and e.data["aiding"] == "brock" for e in events)


def test_a_character_calls_a_team_check_only_to_take_part() -> None:
    g = game()
    params: dict[str, Any] = {"participants": ["ash", "brock"], "skill": "athletics", "dc": 5}
    refusal = refused(g, "misty", "team_check", **params)
    assert refusal.rule == "pte.team.check" and "not among the participants" in refusal.reason
    assert g.check(Action("team_check", "ash", params)) is None
    assert g.check(Action("team_check", "gm", params)) is None


def test_the_gm_given_a_characters_action_stays_malformed() -> None:
    g = game()
    with pytest.raises(BadActionError, match="the actor must be a character"):
        g.check(Action("check", "gm", {"skill": "athletics", "dc": 5}))


# ---------------------------------------------------------------- odds with types
def test_odds_are_asked_with_types_through_get_ruleset() -> None:
    """``get_ruleset`` returns a plain Ruleset; ``OddsRuleset`` narrows it to one with
    ``odds`` (mypy checks this file), without importing pte's own module."""
    ruleset = get_ruleset("pte")
    g = Game(ruleset, CONFIG, seed=4)
    action = Action("check", "ash", {"skill": "athletics", "dc": 8})
    assert isinstance(ruleset, OddsRuleset)
    odds = ruleset.odds(g.state, action)
    assert odds is not None and odds == RULESET.odds(g.state, action)
    assert odds == g.odds(action)
    assert "success" in odds and "/" in str(odds["success"])  # an exact fraction, as text
    assert g.odds(Action("advance_time", "gm", {"minutes": 5})) is None  # rolls nothing
    with pytest.raises(BadActionError):
        g.odds(Action("chek", "ash", {}))


def test_a_ruleset_without_odds_is_told_apart() -> None:
    assert not isinstance(get_ruleset("ptcg"), OddsRuleset)
    assert all(isinstance(get_ruleset(name), OddsRuleset) for name in ("e133", "ptu", "pte"))
    g = Game(get_ruleset("ptcg"), {"position": {"turn": 3, "current": "p1",
             "p1": {"active": "Mudkip", "deck": ["Water Energy"] * 4, "prizes": ["Water Energy"]},
             "p2": {"active": "Torchic", "deck": ["Fire Energy"] * 4, "prizes": ["Fire Energy"]}}},
             seed=0)  # fmt: skip
    offer = g.legal_actions("p1").list()[0]
    assert g.odds(offer) is None
