"""Cases from the audit of PTE ch. 5 against the engine (docs/rulesets/pte.md, "Rule text
coverage"): open information, odds before an extended check starts, opposed powers, team DCs,
turn order, refusals that cite their rule."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from turnkeeper.core.game import Game
from turnkeeper.core.model import Action, Event, IllegalActionError
from turnkeeper.dice.source import ForcedDice
from turnkeeper.rulesets import get_ruleset
from turnkeeper.rulesets.pte import RULESET, PteRuleset, checks
from turnkeeper.rulesets.pte.pools import Pool

CONFIG: dict[str, Any] = {
    "characters": {
        "ash": {"skills": {"athletics": "adept", "stealth": "novice", "occult_education": 3}},
        "brock": {"skills": {"athletics": "novice", "perception": "expert"}},
        "misty": {"skills": {"athletics": "untrained", "stealth": "pathetic"}},
    },
    "powers": [
        {
            "name": "Sneak",
            "skill": "stealth",
            "min_rank": "novice",
            "circumstances": [{"name": "shadows", "dice": 1}],
        }
    ],
}


def game() -> Game[Any]:
    return Game(get_ruleset("pte"), CONFIG, seed=11)


def play(
    g: Game[Any], actor: str, kind: str, faces: list[int] | None = None, **params: Any
) -> list[Event]:
    dice = None if faces is None else ForcedDice(faces)
    return g.play(Action(kind, actor, params), dice=dice)


def test_pte_has_no_hidden_information() -> None:
    # The web server shows players every event's details only for such rulesets.
    assert PteRuleset.hidden_information is False
    assert RULESET.hidden_information is False


def test_odds_of_a_whole_extended_check_before_it_starts() -> None:
    g = game()
    start = Action(
        "start_task",
        "ash",
        {"task": "ritual", "skill": "occult_education", "dc": 9, "multiplier": 4},
    )
    odds = RULESET.odds(g.state, start)
    assert odds is not None
    # Novice: three rolls of 3d6 toward 36. One roll tops out at 18, so not on roll 1.
    assert odds["first_on_1"] == "0/1" and "first_on_4" not in odds
    expected = checks.extended_odds(Pool(3), 36, 3)
    assert odds["done_by_3"] == checks.fraction_text(expected["done_by_3"])
    assert Fraction(odds["done_by_2"]) == Fraction(1, 6**6)  # only 6,6,6 twice
    offered = [a for a in g.legal_actions(None) if a.actor == "ash" and a.kind == "start_task"]
    assert offered and all(a.odds and "done_by_1" in a.odds for a in offered)


def test_extended_odds_after_a_roll_count_from_the_running_total() -> None:
    g = game()
    play(g, "ash", "start_task", task="ritual", skill="occult_education", dc=9, multiplier=4)
    play(g, "ash", "work_task", [6, 6, 6], task="ritual")
    odds = RULESET.odds(g.state, Action("work_task", "ash", {"task": "ritual"}))
    assert odds is not None
    # 18 more in at most two rolls: 6,6,6 now, or any two rolls summing to 18 or more.
    assert Fraction(odds["first_on_1"]) == Fraction(1, 216)
    assert Fraction(odds["done_by_2"]) == checks.check_odds(Pool(6), 18)["success"]
    assert "first_on_3" not in odds


def test_opposed_power_odds_and_result() -> None:
    g = game()
    action = Action(
        "opposed_check", "ash", {"power": "Sneak", "target": "brock", "target_skill": "perception"}
    )
    odds = RULESET.odds(g.state, action)
    assert odds is not None
    exact = checks.opposed_odds(Pool(3, bonus_dice=1), Pool(5), actor_keeps_status_quo=False)
    assert odds["success"] == checks.fraction_text(exact["success"])
    assert odds["tie"] == checks.fraction_text(exact["tie"])
    data = play(g, "ash", "opposed_check", [5, 5, 5, 5] + [4] * 5, **action.params)[0].data
    # 20 against 20: a tie goes to the defender.
    assert (data["total"], data["target_total"], data["winner"]) == (20, 20, "brock")


def test_team_dc_is_dc_times_people_with_every_roll_summed() -> None:
    g = game()
    events = play(
        g,
        "gm",
        "team_check",
        [6, 6, 6, 6, 1, 1, 1, 2, 2],
        participants=["ash", "brock", "misty"],
        skill="athletics",
        dc=8,
        people=2,
    )
    data = events[0].data
    assert data["team_dc"] == 16 and data["total"] == 24 + 3 + 4
    assert [p["total"] for p in data["participants"]] == [24, 3, 4]
    assert data["degree"] == "glowing_success"
    times = [e.data["actor"] for e in events if e.type == "time_spent"]
    assert times == ["ash", "brock", "misty"]


def test_full_interrupt_after_acting_skips_next_rounds_turn() -> None:
    g = game()
    play(g, "gm", "start_combat", order=["ash", "brock", "misty"])
    play(g, "ash", "check", skill="athletics", dc=10)
    play(g, "ash", "end_turn")
    # During brock's turn ash, who already acted this round, takes a Full Action + Interrupt.
    play(g, "ash", "check", skill="athletics", dc=10, action_type="full_interrupt")
    play(g, "brock", "end_turn")
    play(g, "misty", "end_turn")
    assert g.whose_turn() == "brock" and g.view()["combat"]["round"] == 2
    assert g.view()["combat"]["skip_next"] == []


@pytest.mark.parametrize(
    ("params", "rule"),
    [
        ({"action_type": "standard"}, "pte.combat.own-turn"),
        ({"action_type": "full"}, "pte.combat.own-turn"),
        ({"action_type": "free"}, "pte.combat.own-turn"),
        ({"action_type": "extended_s"}, "pte.time.extended-not-in-combat"),
        ({"action_type": "downtime"}, "pte.time.downtime-phase"),
        ({"take": 3, "time_factor": 6}, "pte.take.time"),
    ],
)
def test_refused_out_of_turn_in_combat_with_a_cited_rule(params: dict[str, Any], rule: str) -> None:
    g = game()
    play(g, "gm", "start_combat", order=["ash", "brock"])
    with pytest.raises(IllegalActionError) as caught:
        play(g, "brock", "check", skill="athletics", dc=10, **params)
    refusal = caught.value.refusal
    assert refusal.rule == rule
    assert refusal.reason and refusal.source.startswith("PTE ch. 5")


@pytest.mark.parametrize(
    "params",
    [{"action_type": "interrupt"}, {"action_type": "free", "trigger": "a rock falls"}],
)
def test_allowed_out_of_turn_in_combat(params: dict[str, Any]) -> None:
    g = game()
    play(g, "gm", "start_combat", order=["ash", "brock"])
    events = play(g, "brock", "check", [2, 2, 2], skill="athletics", dc=6, **params)
    assert events[0].data["total"] == 6 and events[0].data["success"] is True
    assert g.whose_turn() == "ash"


def test_take_x_while_threatened_is_refused_then_allowed_once_calm() -> None:
    g = game()
    play(g, "gm", "set_condition", target="ash", threatened=True)
    action = Action("check", "ash", {"skill": "athletics", "dc": 12, "take": 3, "time_factor": 6})
    refusal = g.check(action)
    assert refusal is not None and refusal.rule == "pte.take.calm"
    play(g, "gm", "set_condition", target="ash", threatened=False)
    assert g.check(action) is None
    assert play(g, "ash", "check", [], **action.params)[0].data["total"] == 12
