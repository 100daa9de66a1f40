"""Outcomes of e133's movement (rulesets/e133/movement.py) that only a mutation run showed
untested (issue 13, docs/mutation.md)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from turnkeeper.core.game import Game
from turnkeeper.core.model import Action, BadActionError
from turnkeeper.dice.source import ForcedDice
from turnkeeper.rulesets import get_ruleset

R = get_ruleset("e133")
PLACED = {
    "combatants": [
        {"id": "aria", "initiative": 18, "speed": 30, "position": [0, 0]},
        {"id": "brute", "initiative": 9, "side": "foes", "speed": 30, "position": [1, 0]},
    ]
}


def test_a_crawl_in_a_placed_encounter_goes_to_an_adjacent_square_only() -> None:
    # Crawling is 5 feet (Movement: crawling): the square is measured from where aria lies.
    game = Game(R, PLACED)
    refusal = game.check(Action("crawl", "aria", {"to": [0, 2]}))
    assert refusal is not None and refusal.rule == "e133.move.crawl"
    game.play(Action("crawl", "aria", {"to": [0, 1]}))
    aria = game.view(None)["combatants"]["aria"]
    assert aria["position"] == [0, 1] and aria["moved"] == 5
    # brute threatened every point of the crawl: it may answer.
    assert game.view(None)["window"]["responders"] == ["brute"]


# -- helpers ------------------------------------------------------------------------------
def acted(game: Game[Any]) -> Mapping[str, Any]:
    """The ``acted`` event of the last command (what the planner decided)."""
    found = [e.data for e in game.log[-1].events if e.type == "acted"]
    assert len(found) == 1
    return found[0]


def rolled(game: Game[Any]) -> Mapping[str, Any]:
    found = [e.data for e in game.log[-1].events if e.type == "check_rolled"]
    assert len(found) == 1
    return found[0]


def refused(game: Game[Any], kind: str, actor: str, **params: Any) -> str:
    refusal = game.check(Action(kind, actor, params))
    assert refusal is not None
    return refusal.rule


def unplaced(**aria: Any) -> Game[Any]:
    return Game(R, {"combatants": [
        {"id": "aria", "initiative": 18, **aria},
        {"id": "brute", "initiative": 9, "side": "foes"},
    ]})


def placed(**aria: Any) -> Game[Any]:
    return Game(R, {"combatants": [
        {"id": "aria", "initiative": 18, "position": [0, 0], **aria},
        {"id": "brute", "initiative": 9, "side": "foes", "position": [1, 0]},
        {"id": "cleo", "initiative": 5, "side": "foes", "position": [4, 4]},
    ]})


# -- move: the rule each allowed move applies and what it costs (Action Economy: Move) ---
def test_a_first_walk_is_a_move_action_and_continuing_costs_nothing_more() -> None:
    game = unplaced(speeds={"walk": 30, "swim": 30})
    game.play(Action("move", "aria", {"distance": 10}))
    first = acted(game)
    assert (first["kind"], first["rule"], first["pay"]) == ("move", "e133.move.speed", ["move"])
    assert first["sets"]["aria"] == {"move_open": True, "move_used": 10, "move_modes": ["walk"],
                                     "moved": 10, "moved_any": True}
    game.play(Action("move", "aria", {"distance": 10}))
    same = acted(game)
    assert (same["rule"], same["pay"]) == ("e133.move.speed", [])
    assert same["sets"]["aria"]["move_modes"] == ["walk", "walk"]
    # switching to another listed speed within the same move action (Using Different Speeds)
    game.play(Action("move", "aria", {"distance": 5, "mode": "swim"}))
    switch = acted(game)
    assert (switch["rule"], switch["pay"]) == ("e133.move.speeds-switch", [])
    assert switch["sets"]["aria"] == {"move_used": 25, "move_modes": ["walk", "walk", "swim"],
                                      "moved": 25, "moved_any": True}


def test_a_switch_of_speed_past_what_is_left_is_refused_by_the_switch_rule() -> None:
    game = unplaced(speeds={"walk": 30, "swim": 20})
    game.play(Action("move", "aria", {"distance": 10}))
    # swim 20 less the 10 ft used leaves 10 ft: 15 ft of swimming is too far
    assert refused(game, "move", "aria", distance=15, mode="swim") == "e133.move.speeds-switch"
    game.play(Action("move", "aria", {"distance": 10, "mode": "swim"}))
    assert acted(game)["rule"] == "e133.move.speeds-switch"


def test_each_mode_names_its_own_rule() -> None:
    for mode, rule in (("jump", "e133.move.jump"), ("climb", "e133.move.climb-swim"),
                       ("swim", "e133.move.climb-swim")):
        game = unplaced(speeds={"walk": 30, "climb": 30, "swim": 30})
        game.play(Action("move", "aria", {"distance": 10, "mode": mode}))
        assert acted(game)["rule"] == rule, mode
    game = unplaced(speeds={"walk": 30})
    game.play(Action("move", "aria", {"distance": 10, "difficult_terrain": True}))
    moved = acted(game)
    assert moved["rule"] == "e133.move.difficult-terrain"
    assert moved["sets"]["aria"]["move_used"] == 20


def test_climbing_without_a_climb_speed_costs_double_and_its_refusals() -> None:
    # No climb speed: each foot climbed costs two (Movement: climbing); 30 ft of walk.
    game = unplaced(speeds={"walk": 30})
    game.play(Action("move", "aria", {"distance": 15, "mode": "climb"}))
    climb = acted(game)
    assert climb["rule"] == "e133.move.climb-swim" and climb["sets"]["aria"]["move_used"] == 30
    fresh = unplaced(speeds={"walk": 30})
    # too far only because of the halving: the climbing rule refuses
    assert refused(fresh, "move", "aria", distance=20, mode="climb") == "e133.move.climb-swim"
    assert refused(fresh, "move", "aria", distance=30, mode="climb") == "e133.move.climb-swim"
    # too far even at full speed: the plain speed refuses
    assert refused(fresh, "move", "aria", distance=40, mode="climb") == "e133.move.speed"
    # through difficult terrain too: the doubling that makes it too far names the rule
    assert refused(fresh, "move", "aria", distance=15, mode="climb",
                   difficult_terrain=True) == "e133.move.difficult-terrain"
    assert refused(fresh, "move", "aria", distance=20, mode="climb",
                   difficult_terrain=True) == "e133.move.speed"


def test_accelerated_climbing_and_swimming() -> None:
    # Accelerated: only without a speed of that mode (Movement: accelerated climbing).
    game = unplaced(speeds={"walk": 30})
    game.play(Action("move", "aria", {"distance": 20, "mode": "swim", "accelerated": True,
                                      "dc": 10, "modifier": 3}))
    swim = acted(game)
    assert swim["rule"] == "e133.move.accelerated" and swim["sets"]["aria"]["move_used"] == 20
    # the check is made at -5 (3 - 5)
    assert rolled(game)["record"]["expression"] == "d20-2 >= 10"
    own = unplaced(speeds={"walk": 30, "climb": 20})
    assert refused(own, "move", "aria", distance=5, mode="climb",
                   accelerated=True) == "e133.move.accelerated"
    assert refused(own, "move", "aria", distance=5, accelerated=True) == "e133.move.accelerated"


def test_a_climb_or_swim_check_uses_the_modifier_and_advantage_given() -> None:
    for mode, extra, expression in (
        ("swim", {"advantage": True}, "d20adv+3 >= 12"),
        ("climb", {"disadvantage": True}, "d20dis+3 >= 12"),
        ("swim", {}, "d20+3 >= 12"),
    ):
        game = unplaced(speeds={"walk": 30})
        game.play(Action("move", "aria", {"distance": 5, "mode": mode, "dc": 12,
                                          "modifier": 3, **extra}))
        check = rolled(game)
        assert check["what"] == f"{mode} check" and check["record"]["expression"] == expression


# -- crawl, dash, the 5-foot moves, withdraw, flee, stand up: what the event records -----
def test_a_crawl_is_recorded_as_movement_and_not_after_a_step() -> None:
    game = unplaced()
    game.play(Action("crawl", "aria", {"distance": 5}))
    crawl = acted(game)
    assert crawl["rule"] == "e133.move.crawl"
    assert crawl["sets"]["aria"] == {"moved": 5, "moved_any": True}
    stepped = unplaced()
    stepped.play(Action("five_foot_step", "aria", {}))
    assert refused(stepped, "crawl", "aria", distance=5) == \
        "e133.five-foot-step.no-other-movement"


def test_a_dash_in_a_placed_encounter_ends_on_its_square() -> None:
    game = placed()
    game.play(Action("dash", "aria", {"to": [0, 6]}))
    dash = acted(game)
    assert (dash["kind"], dash["rule"]) == ("dash", "e133.dash.full-round")
    assert dash["sets"]["aria"] == {"dashed_this_turn": True, "dash_streak": 1, "moved": 30,
                                    "moved_any": True, "position": [0, 6]}


def test_a_blinded_runner_may_not_dash_and_a_slow_one_may() -> None:
    assert refused(unplaced(conditions=["blinded"]), "dash", "aria",
                   distance=10) == "e133.dash.terrain"
    slow = unplaced(speeds={"walk": 1})
    slow.play(Action("dash", "aria", {"distance": 2}))
    assert acted(slow)["sets"]["aria"]["moved"] == 2


def test_a_runner_with_the_run_feature_may_dash_after_a_step_but_not_step_after_moving() -> None:
    game = unplaced(features=["run"])
    game.play(Action("five_foot_step", "aria", {}))
    game.play(Action("dash", "aria", {"distance": 20}))
    assert acted(game)["rule"] == "e133.dash.full-round"
    moved = unplaced(features=["run"])
    moved.play(Action("move", "aria", {"distance": 10}))
    assert refused(moved, "five_foot_step", "aria") == "e133.five-foot-step.no-other-movement"


def test_a_dash_past_the_constitution_score_needs_a_check() -> None:
    # Endurance: a dash in more rounds in a row than the Constitution score asks for a check.
    game = unplaced(con=1)
    game.play(Action("dash", "aria", {"distance": 10}))
    assert acted(game)["rule"] == "e133.dash.full-round"
    game.play(Action("end_turn", "aria", {}))
    game.play(Action("end_turn", "brute", {}))
    game.play(Action("dash", "aria", {"distance": 10, "disadvantage": True}))
    dash = acted(game)
    assert dash["rule"] == "e133.dash.endurance"
    check = rolled(game)
    assert check["what"] == "Constitution (dash)"
    assert check["record"]["expression"] == "d20dis-5 >= 10"
    if not check["success"]:
        assert game.view(None)["combatants"]["aria"]["dash_streak"] == 0


def test_a_difficult_step_rules() -> None:
    # Only a combatant too slow to move 5 ft through difficult terrain normally (speed < 10)
    assert refused(unplaced(speeds={"walk": 10}), "difficult_step", "aria") == \
        "e133.move.difficult-5ft"
    assert refused(unplaced(speeds={"walk": 10}), "difficult_step", "aria",
                   mode="fly") == "e133.move.listed-speed"
    slow = unplaced(speeds={"walk": 1})
    slow.play(Action("difficult_step", "aria", {}))
    assert acted(slow)["rule"] == "e133.move.difficult-5ft"
    game = placed(speeds={"walk": 5})
    game.play(Action("difficult_step", "aria", {"to": [0, 1]}))
    step = acted(game)
    assert (step["kind"], step["rule"], step["pay"]) == (
        "difficult_step", "e133.move.difficult-5ft", ["standard", "move"])
    assert step["sets"]["aria"] == {"moved": 5, "moved_any": True, "position": [0, 1]}
    assert step["window"]["responders"] == ["brute"]
    stepped = unplaced(speeds={"walk": 6})
    stepped.play(Action("five_foot_step", "aria", {}))
    assert refused(stepped, "difficult_step", "aria") == "e133.five-foot-step.no-other-movement"


def test_a_five_foot_step_in_a_placed_encounter() -> None:
    game = placed()
    game.play(Action("five_foot_step", "aria", {"to": [0, 1]}))
    step = acted(game)
    assert (step["rule"], step["pay"]) == ("e133.five-foot-step.once", [])
    assert step["sets"]["aria"] == {"position": [0, 1], "stepped": True, "moved": 5}
    assert step["window"]["responders"] == []
    assert step["window"]["blocked"] == {"brute": "e133.five-foot-step.no-provoke"}
    assert step["window"]["why_not"] == "e133.five-foot-step.no-provoke"
    six = unplaced(speeds={"walk": 6})
    six.play(Action("five_foot_step", "aria", {}))
    assert acted(six)["sets"]["aria"]["stepped"] is True


def test_a_withdraw_in_a_placed_encounter() -> None:
    game = placed()
    game.play(Action("withdraw", "aria", {"to": [0, 6]}))
    withdraw = acted(game)
    assert (withdraw["kind"], withdraw["rule"]) == ("withdraw", "e133.withdraw.full-round")
    assert withdraw["sets"]["aria"] == {"withdrawn": True, "withdrew_this_turn": True,
                                        "moved": 30, "moved_any": True, "position": [0, 6]}
    assert withdraw["window"]["why_not"] == "e133.withdraw.start-square"
    declared_pass = placed()
    with pytest.raises(BadActionError):
        declared_pass.check(Action("withdraw", "aria", {"to": [0, 6],
                                                        "passes_threatened_by": ["brute"]}))


def test_a_restricted_withdraw_and_a_slow_one() -> None:
    game = unplaced(conditions=["restricted"])
    game.play(Action("withdraw", "aria", {"distance": 30}))
    assert acted(game)["rule"] == "e133.withdraw.restricted"
    slow = unplaced(speeds={"walk": 1})
    slow.play(Action("withdraw", "aria", {"distance": 4}))
    assert acted(slow)["sets"]["aria"]["moved"] == 4


def test_fleeing_is_its_own_kind_and_rule() -> None:
    game = unplaced()
    game.play(Action("flee", "aria", {"distance": 30}))
    flee = acted(game)
    assert (flee["kind"], flee["rule"]) == ("flee", "e133.fight.flee")


def test_standing_up_names_its_rule() -> None:
    game = unplaced(conditions=["prone"])
    game.play(Action("stand_up", "aria", {}))
    stand = acted(game)
    assert (stand["kind"], stand["rule"]) == ("stand_up", "e133.move.stand-up")
    assert stand["sets"]["aria"] == {"conditions": [], "move_open": True, "move_used": 15,
                                     "move_modes": ["walk"]}


def test_a_continued_move_is_offered_as_part_of_the_open_move_action() -> None:
    game = unplaced(speeds={"walk": 30})
    game.play(Action("move", "aria", {"distance": 10}))
    costs = {a.cost for a in game.legal_actions("aria") if a.kind == "move"}
    assert costs == {"part of the current move action"}
    # a placed encounter plans each offer in full: the same cost
    spot = placed()
    spot.play(Action("move", "aria", {"to": [0, 2]}))
    costs = {a.cost for a in spot.legal_actions("aria") if a.kind == "move"}
    assert costs == {"part of the current move action"}


def failed_dash(con: int = 1) -> Game[Any]:
    """aria dashes in rounds 1 and 2 with Constitution 1 and fails the check in round 2."""
    game = unplaced(con=con)
    game.play(Action("dash", "aria", {"distance": 10}))
    next_round(game)
    game.play(Action("dash", "aria", {"distance": 10}), dice=ForcedDice([1]))
    return game


def next_round(game: Game[Any]) -> None:
    game.play(Action("end_turn", "aria", {}))
    game.play(Action("end_turn", "brute", {}))


def test_a_failed_endurance_check_stops_the_dash_and_starts_the_rest() -> None:
    game = failed_dash()
    dash = acted(game)
    assert dash["success"] is False
    assert dash["sets"]["aria"] == {"dash_streak": 0, "dash_checks": 0, "rest_until": 12}
    aria = game.view(None)["combatants"]["aria"]
    assert (aria["dash_streak"], aria["dash_checks"], aria["resting_until"]) == (0, 0, 12)


def test_resting_after_a_dash_limits_movement_until_the_rest_ends() -> None:
    game = failed_dash()
    next_round(game)
    # resting (round 3 of a rest until round 12): a withdraw of exactly the speed is allowed,
    # a longer one is not, nor a second move past the speed
    assert refused(game, "withdraw", "aria", distance=35) == "e133.dash.rest"
    game.play(Action("move", "aria", {"distance": 30}))
    assert refused(game, "move", "aria", distance=5, new_move=True) == "e133.dash.rest"
    resting = failed_dash()
    next_round(resting)
    resting.play(Action("withdraw", "aria", {"distance": 30}))
    assert acted(resting)["sets"]["aria"]["moved"] == 30
    # at round 12 the rest is over: a double move and a long withdraw are allowed again
    for _ in range(9):
        next_round(game)
    assert game.view(None)["round"] == 12
    game.play(Action("move", "aria", {"distance": 30}))
    game.play(Action("move", "aria", {"distance": 30, "new_move": True}))
    assert acted(game)["sets"]["aria"]["moved"] == 60
    rested = failed_dash()
    for _ in range(10):
        next_round(rested)
    rested.play(Action("withdraw", "aria", {"distance": 60}))
    assert acted(rested)["sets"]["aria"]["moved"] == 60


def test_nothing_left_of_a_jump_after_the_walk_used_it() -> None:
    # Jumping uses the land speed; with 30 ft walked nothing is left of it (a 60 ft climb
    # speed keeps the move action open), so the switch of speeds refuses.
    game = unplaced(speeds={"walk": 30, "climb": 60})
    game.play(Action("move", "aria", {"distance": 30}))
    assert refused(game, "move", "aria", distance=5, mode="jump") == "e133.move.speeds-switch"
    # 1 ft left of a 31 ft land speed: the jump is refused as too long a jump
    odd = unplaced(speeds={"walk": 31, "climb": 60})
    odd.play(Action("move", "aria", {"distance": 30}))
    assert refused(odd, "move", "aria", distance=5, mode="jump") == "e133.move.jump"


def test_a_switch_after_standing_up_counts_only_when_standing_used_some_speed() -> None:
    # Standing uses half the land speed, rounded down: 0 ft of a 1 ft speed, 1 ft of a 3 ft one.
    for walk, rule in ((1, "e133.move.speed"), (3, "e133.move.speeds-switch")):
        game = unplaced(speeds={"walk": walk, "swim": 30}, conditions=["prone"])
        game.play(Action("stand_up", "aria", {}))
        assert refused(game, "move", "aria", distance=35, mode="swim") == rule, walk


def test_a_speed_of_one_foot_still_moves() -> None:
    game = unplaced(speeds={"walk": 1})
    game.play(Action("move", "aria", {"distance": 1}))
    assert acted(game)["sets"]["aria"]["moved"] == 1
    assert refused(unplaced(speeds={"walk": 1}), "move", "aria", distance=1,
                   mode="fly") == "e133.move.listed-speed"


def test_a_withdraw_provokes_from_squares_passed_and_from_unseen_enemies() -> None:
    # Withdraw: the start square provokes no attack from visible enemies; the squares passed
    # after it (not the one it ends on) and unseen enemies provoke as usual.
    game = Game(R, {"settings": {"diagonals": "d20"}, "combatants": [
        {"id": "aria", "initiative": 18, "position": [0, 0]},
        {"id": "brute", "initiative": 9, "side": "foes", "position": [1, 0]},
        {"id": "cleo", "initiative": 5, "side": "foes", "position": [1, 6]},
        {"id": "dart", "initiative": 4, "side": "foes", "position": [2, -2]},
    ]})
    game.play(Action("withdraw", "aria", {"to": [0, 6], "unseen_threatened_by": ["dart"]}))
    window = acted(game)["window"]
    # brute threatens [0, 1], passed after the start; cleo threatens [0, 5], the last square
    # passed before the end; dart, unseen, is 15 ft from the start square on the 5-10-5 grid
    assert sorted(window["responders"]) == ["brute", "cleo", "dart"]
    assert window["feet"]["dart"] == 15


def test_a_disengaged_crawl_provokes_no_attack() -> None:
    # Disengage: leaving threatened squares provokes nothing this turn, a crawl included.
    game = unplaced()
    game.play(Action("disengage", "aria", {}))
    game.play(Action("crawl", "aria", {"distance": 5, "threatened_by": ["brute"]}))
    window = acted(game)["window"]
    assert window["responders"] == []
    assert window["blocked"] == {"brute": "e133.disengage"}
    crawler = unplaced()
    crawler.play(Action("crawl", "aria", {"distance": 5, "threatened_by": ["brute"]}))
    assert acted(crawler)["window"]["responders"] == ["brute"]


def test_a_five_foot_step_needs_a_square_exactly_when_the_encounter_has_positions() -> None:
    with pytest.raises(BadActionError):
        placed().check(Action("five_foot_step", "aria", {}))
    with pytest.raises(BadActionError):
        unplaced().check(Action("five_foot_step", "aria", {"to": [0, 1]}))
    # offered, in a placed encounter, as taking no action
    costs = {a.cost for a in placed().legal_actions("aria") if a.kind == "five_foot_step"}
    assert costs == {"no action"}
