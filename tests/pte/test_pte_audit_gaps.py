"""Gaps a black-box audit of ``pte`` found, each proven both ways against PTE ch. 5.

1. The defender of an opposed check and each participant of a team check roll Skill Checks of
   their own, so synergy and Take X apply to them as to the actor; an opposed check's defender
   may be assisted, a team check's participant may not (it has no primary actor).
2. The odds of an extended check that cannot fail report no failure.
3. Unknown or out-of-range parameters are errors naming them.

Exact odds are checked against brute-force enumeration of the dice.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from typing import Any

import pytest

from tests.pte.test_pte_blackbox_text import (
    SKILL_CHECKS,
    SKILL_POWERS,
    act,
    allowed,
    combat_game,
    d6_sums,
    first,
    new_game,
    odds,
    play,
    refused,
)
from turnkeeper.core.game import Game
from turnkeeper.core.model import BadActionError
from turnkeeper.core.ruleset import SetupError
from turnkeeper.rulesets.pte import RULESET


def p_beats(actor: Counter[int], actor_dice: int, other: Counter[int], other_dice: int,
            other_shift: int) -> Fraction:
    """P(actor's sum > other's sum + other_shift): ties go to the other side (the defender)."""
    wins = sum(
        ways_a * ways_d
        for total_a, ways_a in actor.items()
        for total_d, ways_d in other.items()
        if total_a > total_d + other_shift
    )
    return Fraction(wins, 6 ** (actor_dice + other_dice))


# ---------------------------------------------------------------------------------------------
# 1. Opposed checks: the defender's roll is a Skill Check with synergy, a helper and Take X


def test_the_defender_adds_half_a_synergy_skill_and_the_odds_follow() -> None:
    """Synergy Bonus (any Skill Check; opposed: both sides make Skill Rolls): misty defends
    with Adept stealth and the GM accepts her Expert charm as synergy, +2 (half of 5, down).
    Odds: ash's 4d6 must beat misty's 4d6 + 2 (a tie is hers), by enumeration."""
    game = new_game()
    opposed = act(
        "opposed_check", "ash", skill="athletics", target="misty", target_skill="stealth",
        target_synergy="charm",
    )
    ways = d6_sums(4)
    assert odds(game, opposed)["success"] == p_beats(ways, 4, ways, 4, 2)
    without = act("opposed_check", "ash", skill="athletics", target="misty",
                  target_skill="stealth")
    assert odds(game, without)["success"] == p_beats(ways, 4, ways, 4, 0)
    rolled = first(play(game, opposed, [3] * 4 + [2] * 4), "opposed_rolled")
    assert rolled["target"]["synergy"] == {"skill": "charm", "rank": 5, "bonus": 2}
    assert rolled["target_total"] == 10
    assert rolled["total"] == 12
    assert rolled["success"] is True


def test_the_defenders_synergy_keeps_the_synergy_rules() -> None:
    """Synergy: from one skill at a time (pte.synergy.one-skill), never from the skill being
    rolled (pte.synergy.half-rank): the same refusals as the actor's own synergy."""
    game = new_game()
    base: dict[str, Any] = {"skill": "athletics", "target": "misty", "target_skill": "stealth"}
    refused(game, act("opposed_check", "ash", **base, target_synergy=["charm", "athletics"]),
            "pte.synergy.one-skill", SKILL_CHECKS)
    refused(game, act("opposed_check", "ash", **base, target_synergy="stealth"),
            "pte.synergy.half-rank", SKILL_CHECKS)
    allowed(game, act("opposed_check", "ash", **base, target_synergy="athletics"))


def test_the_defender_may_be_assisted_by_a_novice_or_better() -> None:
    """Assisted checks (a primary actor and someone assisting them): the defender is the
    primary actor of their own roll, so brock (Master charm) adds 3 to misty's charm; the
    same helper rules as the actor's apply (pte.assist.helper-rank, pte.assist.one-helper),
    and neither side assists the other's roll."""
    game = new_game()
    base: dict[str, Any] = {"skill": "charm", "target": "misty"}
    helped = act("opposed_check", "ash", **base, target_helper="brock")
    ways = d6_sums(5)
    assert odds(game, helped)["success"] == p_beats(ways, 5, ways, 5, 3)
    rolled = first(play(game, helped, [3] * 5 + [4] * 5), "opposed_rolled")
    assert rolled["target"]["helper"] == {"id": "brock", "rank": 6, "bonus": 3}
    assert rolled["total"] == 15
    assert rolled["target_total"] == 23
    assert rolled["winner"] == "misty"
    # gary has Novice charm: he may help; with athletics (Pathetic) he may not
    allowed(game, act("opposed_check", "ash", **base, target_helper="gary"))
    refused(game, act("opposed_check", "ash", skill="athletics", target="misty",
                      target_helper="gary"), "pte.assist.helper-rank", SKILL_CHECKS)
    refused(game, act("opposed_check", "ash", **base, target_helper=["brock", "gary"]),
            "pte.assist.one-helper", SKILL_CHECKS)
    refused(game, act("opposed_check", "ash", **base, target_helper="misty"),
            "pte.assist.one-helper", SKILL_CHECKS)
    refused(game, act("opposed_check", "ash", **base, target_helper="ash"),
            "pte.assist.one-helper", SKILL_CHECKS)
    refused(game, act("opposed_check", "ash", **base, helper="misty"),
            "pte.assist.one-helper", SKILL_CHECKS)
    with pytest.raises(BadActionError, match=r"params\.target_helper: unknown character"):
        game.check(act("opposed_check", "ash", **base, target_helper="nobody"))


def test_the_defender_may_take_x_with_its_time_and_the_odds_follow() -> None:
    """Take X (a Skill Check's dice all count as X) for the defender: misty Takes 3 on Adept
    stealth, a fixed 12, when the check is given 6x the time; ash's 4d6 must beat 12."""
    game = new_game()
    taken = act("opposed_check", "ash", skill="athletics", target="misty",
                target_skill="stealth", target_take=3, time_factor=6)
    ways = d6_sums(4)
    expected = Fraction(sum(n for total, n in ways.items() if total > 12), 6**4)
    assert odds(game, taken)["success"] == expected
    assert odds(game, taken)["tie"] == Fraction(ways[12], 6**4)
    # only ash's four dice are rolled: misty's show 3 each without asking the dice
    rolled = first(play(game, taken, [3, 3, 3, 4]), "opposed_rolled")
    assert rolled["target"]["take"] == 3
    assert rolled["target_roll"]["take"] == 3
    assert rolled["target_total"] == 12
    assert rolled["success"] is True


def test_the_defenders_take_x_keeps_the_take_x_rules() -> None:
    """Take X: a face 1-6 (pte.take.fixed-dice), its time (pte.take.time: 6x for X <= 3, none
    found in a combat turn), not on an Interrupt (pte.take.action-type), and only while the
    one taking it - the defender - is neither threatened nor distracted (pte.take.calm)."""
    game = new_game()
    base: dict[str, Any] = {"skill": "athletics", "target": "misty", "target_skill": "stealth"}
    refused(game, act("opposed_check", "ash", **base, target_take=7, time_factor=30),
            "pte.take.fixed-dice", SKILL_POWERS)
    refused(game, act("opposed_check", "ash", **base, target_take=3),
            "pte.take.time", SKILL_POWERS)
    refused(game, act("opposed_check", "ash", **base, target_take=5, time_factor=6),
            "pte.take.time", SKILL_POWERS)
    allowed(game, act("opposed_check", "ash", **base, target_take=5, time_factor=30))
    refused(game, act("opposed_check", "ash", **base, target_take=3, time_factor=6,
                      action_type="interrupt"), "pte.take.action-type", SKILL_POWERS)
    # the actor being threatened does not stop the defender's Take X; the defender's does
    play(game, act("set_condition", "gm", target="ash", threatened=True))
    allowed(game, act("opposed_check", "ash", **base, target_take=3, time_factor=6))
    play(game, act("set_condition", "gm", target="misty", distracted=True))
    refused(game, act("opposed_check", "ash", **base, target_take=3, time_factor=6),
            "pte.take.calm", SKILL_POWERS)
    fight = combat_game()
    refused(fight, act("opposed_check", "ash", **base, target_take=3),
            "pte.take.time", SKILL_POWERS)


# ---------------------------------------------------------------------------------------------
# 1. Team checks: each participant's Skill Check with synergy and Take X, no helper


def test_a_participant_adds_synergy_and_the_team_odds_follow() -> None:
    """Team checks: each participant rolls their Skill (a Skill Check, so synergy applies):
    ash's Adept athletics with Expert charm as synergy (+2) and brock's Novice athletics
    against DC 10 x 2 people. Odds by enumeration: 4d6 + 3d6 + 2 >= 20."""
    game = new_game()
    team = act("team_check", "gm", participants=["ash", "brock"], skill="athletics", dc=10,
               synergy={"ash": "charm"})
    ways = Counter(
        a + b for a, n_a in d6_sums(4).items() for b, n_b in d6_sums(3).items()
        for _ in range(n_a * n_b)
    )
    assert odds(game, team)["success"] == Fraction(
        sum(n for total, n in ways.items() if total + 2 >= 20), 6**7
    )
    rolled = first(play(game, team, [3] * 7), "team_rolled")
    assert rolled["participants"][0]["synergy"] == {"skill": "charm", "rank": 5, "bonus": 2}
    assert rolled["participants"][1]["synergy"] is None
    assert rolled["total"] == 23


def test_a_participants_synergy_keeps_the_synergy_rules() -> None:
    """Synergy for a participant: one skill (pte.synergy.one-skill), not the one rolled
    (pte.synergy.half-rank); naming someone who does not take part is malformed."""
    game = new_game()
    base: dict[str, Any] = {"participants": ["ash", "brock"], "skill": "athletics", "dc": 10}
    refused(game, act("team_check", "gm", **base, synergy={"brock": ["charm", "survival"]}),
            "pte.synergy.one-skill", SKILL_CHECKS)
    refused(game, act("team_check", "gm", **base, synergy={"brock": "athletics"}),
            "pte.synergy.half-rank", SKILL_CHECKS)
    allowed(game, act("team_check", "gm", **base, synergy={"brock": "charm"}))
    with pytest.raises(BadActionError, match="synergy names non-participants"):
        game.check(act("team_check", "gm", **base, synergy={"misty": "charm"}))


def test_a_participant_may_take_x_with_the_teams_time() -> None:
    """Take X for a participant: ash Takes 3 (a fixed 12) with the team spending 6x the time,
    brock rolls 3d6: the team needs 3d6 >= 8. Without the time, in combat, or while ash is
    threatened it is refused (pte.take.time, pte.take.calm)."""
    game = new_game()
    base: dict[str, Any] = {"participants": ["ash", "brock"], "skill": "athletics", "dc": 10}
    team = act("team_check", "gm", **base, take={"ash": 3}, time_factor=6)
    ways = d6_sums(3)
    assert odds(game, team)["success"] == Fraction(
        sum(n for total, n in ways.items() if total >= 8), 6**3
    )
    events = play(game, team, [2, 3, 3])
    rolled = first(events, "team_rolled")
    assert rolled["participants"][0]["take"] == 3
    assert rolled["total"] == 20 and rolled["success"] is True
    # the team's time is stretched six times for everyone (a Standard action: 3 s each)
    spent = [event.data for event in events if event.type == "time_spent"]
    assert sorted(entry["actor"] for entry in spent) == ["ash", "brock"]
    assert all(entry["seconds"] == 18 for entry in spent)
    refused(game, act("team_check", "gm", **base, take={"ash": 3}),
            "pte.take.time", SKILL_POWERS)
    refused(game, act("team_check", "gm", **base, take={"ash": 0}, time_factor=6),
            "pte.take.fixed-dice", SKILL_POWERS)
    play(game, act("set_condition", "gm", target="ash", threatened=True))
    refused(game, act("team_check", "gm", **base, take={"ash": 3}, time_factor=6),
            "pte.take.calm", SKILL_POWERS)
    allowed(game, act("team_check", "gm", **base, take={"brock": 3}, time_factor=6))
    fight = combat_game()
    refused(fight, act("team_check", "ash", **base, take={"ash": 3}),
            "pte.take.time", SKILL_POWERS)


def test_no_participant_of_a_team_check_is_assisted() -> None:
    """Team checks have no primary actor, and an assisted check is help given to a primary
    actor: a helper for a participant is refused (pte.team.check); the helper takes part as a
    participant instead, and an assisted basic check with the same people is allowed."""
    game = new_game()
    refused(
        game,
        act("team_check", "gm", participants=["ash", "brock"], skill="charm", dc=10,
            helper={"ash": "misty"}),
        "pte.team.check",
        SKILL_CHECKS,
    )
    allowed(game, act("team_check", "gm", participants=["ash", "brock", "misty"], skill="charm",
                      dc=10))
    allowed(game, act("check", "ash", skill="charm", dc=10, helper="misty"))


def test_the_new_sides_fields_are_the_gms_where_the_actors_are() -> None:
    """READINGS (pte): synergy approval and Take X permission are the GM's, a helper is the
    player's to name: the defender's and the participants' fields are marked the same way."""
    opposed = RULESET.actions["opposed_check"].gm_only_fields()
    assert {"target_synergy", "target_take"} <= opposed
    assert "target_helper" not in opposed
    team = RULESET.actions["team_check"].gm_only_fields()
    assert {"synergy", "take", "time_factor"} <= team
    assert "helper" not in team


def test_the_log_names_each_sides_helper_by_id() -> None:
    """The log sentence of an opposed check names who helped each side (by id, not the
    helper's record)."""
    game = new_game()
    events = play(game, act("opposed_check", "ash", skill="charm", target="misty",
                            helper="gary", target_helper="brock"), [3] * 10)
    rolled = next(event for event in events if event.type == "opposed_rolled")
    sentence = RULESET.describe_event(game.state, rolled)
    assert "Ash rolls Charm" in sentence and "helped by gary against misty's Charm" in sentence
    assert "misty's Charm, helped by brock:" in sentence
    assert "{" not in sentence


# ---------------------------------------------------------------------------------------------
# 2. Extended checks: odds of a task that cannot fail


def test_a_task_that_cannot_fail_reports_no_failure_and_a_named_not_done_in_time() -> None:
    """Extended checks: the roll limit exists only when the check can eventually fail. A task
    the GM marks as one that cannot fail reports failure 0; its chance of being still open
    after rank many rolls is named `not_done_by_<rank>` (Novice brock: 3 rolls of 3d6 toward
    45, enumerated), and `success` is 1: every roll adds at least 3, so it is reached. The same
    task that can fail reports that chance as its failure."""
    game = new_game()
    base: dict[str, Any] = {"task": "haul", "skill": "athletics", "dc": 15, "multiplier": 3}
    ways = Counter(
        a + b + c for a, n_a in d6_sums(3).items() for b, n_b in d6_sums(3).items()
        for c, n_c in d6_sums(3).items() for _ in range(n_a * n_b * n_c)
    )
    within_three = Fraction(sum(n for total, n in ways.items() if total >= 45), 6**9)
    sure = odds(game, act("start_task", "brock", **base, failable=False))
    assert sure["failure"] == 0
    assert sure["success"] == 1
    assert sure["not_done_by_3"] == 1 - within_three
    assert sure["done_by_3"] == within_three
    failable = odds(game, act("start_task", "brock", **base))
    assert failable["success"] == within_three
    assert failable["failure"] == 1 - within_three
    assert "not_done_by_3" not in failable
    # the same after a roll: work_task odds from the running total
    play(game, act("start_task", "brock", **base, failable=False))
    play(game, act("work_task", "brock", task="haul"), [6, 6, 6])
    after = odds(game, act("work_task", "brock", task="haul"))
    assert after["failure"] == 0 and after["success"] == 1
    assert after["not_done_by_3"] == 1 - after["done_by_3"]


def test_a_task_that_cannot_fail_but_loses_ground_every_roll_has_no_success_figure() -> None:
    """A task that cannot fail whose rolls lose ground on average (Adept 4d6 - 15 a roll) may
    never be done: failure is still 0 (nothing ends it), `success` is left out (its chance is
    not a fraction), the look-ahead figures stay exact; Take X adding nothing is never done
    (success 0), Take X adding something surely is (success 1)."""
    game = new_game()
    play(game, act("start_task", "ash", task="map", skill="athletics", dc=10, multiplier=2,
                   failable=False))
    losing = odds(game, act("work_task", "ash", task="map", bonus=-15))
    assert losing["failure"] == 0
    assert "success" not in losing
    assert losing["not_done_by_4"] == 1 - losing["done_by_4"]
    assert losing["done_by_4"] > 0
    stuck = odds(game, act("work_task", "ash", task="map", bonus=-12, take=3, time_factor=6))
    assert stuck["success"] == 0 and stuck["failure"] == 0 and stuck["not_done_by_4"] == 1
    steady = odds(game, act("work_task", "ash", task="map", bonus=-7, take=3, time_factor=6))
    assert steady["success"] == 1 and steady["failure"] == 0 and steady["done_by_4"] == 1
    # a roll of mean 0 (4d6 - 14) still climbs past any total in the end
    even = odds(game, act("work_task", "ash", task="map", bonus=-14))
    assert even["success"] == 1


def test_a_failable_task_whose_dc_is_reached_whatever_is_rolled_reports_failure_zero() -> None:
    """A failable task whose extended DC is reached whatever is rolled cannot fail: DC 2 x 2 = 4
    against Adept 4d6 (at least 4) is done on the first roll, DC 3 x 2 = 6 by the second of
    four; both report success 1 and failure 0 exactly. The same DC 6 for a Pathetic roller
    (one roll of 1d6) fails 5 times in 6."""
    game = new_game()
    once = odds(game, act("start_task", "ash", task="t1", skill="athletics", dc=2, multiplier=2))
    assert once["success"] == 1 and once["failure"] == 0 and once["first_on_1"] == 1
    twice = odds(game, act("start_task", "ash", task="t2", skill="athletics", dc=3, multiplier=2))
    assert twice["failure"] == 0 and twice["done_by_2"] == 1
    pathetic = odds(game, act("start_task", "gary", task="t3", skill="athletics", dc=3,
                              multiplier=2))
    assert pathetic["success"] == Fraction(1, 6) and pathetic["failure"] == Fraction(5, 6)


# ---------------------------------------------------------------------------------------------
# 3. Parameters nothing reads are errors naming them


@pytest.mark.parametrize(
    ("kind", "actor", "params", "named"),
    [
        ("check", "ash", {"skill": "athletics", "dc": 10, "minutes": -5}, "params.minutes"),
        ("check", "ash", {"skill": "athletics", "dc": 10, "rank": 7}, "params.rank"),
        ("check", "ash", {"skill": "athletics", "dc": 10, "rank": 0}, "params.rank"),
        ("check", "ash", {"skill": "athletics", "dc": 10, "skil": "x"}, "params.skil"),
        ("work_task", "ash", {"task": "dig", "minuts": 10}, "params.minuts"),
        ("work_task", "ash", {"task": "dig", "rank": "grand"}, "params.rank"),
        ("opposed_check", "ash", {"skill": "athletics", "target": "brock", "target_rank": 7},
         "params.target_rank"),
        ("opposed_check", "ash", {"skill": "athletics", "target": "brock", "target_rnak": 3},
         "params.target_rnak"),
        ("team_check", "gm", {"participants": ["ash", "brock"], "skill": "athletics", "dc": 10,
                              "take": {"misty": 3}, "time_factor": 6}, "params.take"),
        # a trigger is read only for a Free or an Interrupt action
        ("check", "ash", {"skill": "athletics", "dc": 10, "trigger": "a rock falls"},
         "params.trigger"),
        ("team_check", "gm", {"participants": ["ash", "brock"], "skill": "athletics", "dc": 10,
                              "trigger": "a rock falls"}, "params.trigger"),
        # ... also in a request, which could otherwise never be answered
        ("request_check", "ash", {"skill": "athletics", "trigger": "a rock falls"},
         "params.trigger"),
        # set_condition with nothing to set would do nothing
        ("set_condition", "gm", {"target": "ash"}, "threatened and/or distracted"),
    ],
)
def test_a_parameter_nothing_reads_is_an_error_naming_it(
    kind: str, actor: str, params: dict[str, Any], named: str
) -> None:
    game = new_game()
    play(game, act("start_task", "ash", task="dig", skill="athletics", dc=10, multiplier=2))
    before = game.view()
    with pytest.raises(BadActionError) as raised:
        game.check(act(kind, actor, **params))
    assert named in str(raised.value)
    assert game.view() == before


def test_the_same_parameters_in_their_place_are_accepted() -> None:
    """The counterparts: a trigger on a Free or an Interrupt action, a condition given, a
    participant's Take X, a Master's rank claim."""
    game = new_game()
    allowed(game, act("check", "ash", skill="athletics", dc=10, action_type="free",
                      trigger="a rock falls"))
    allowed(game, act("check", "ash", skill="athletics", dc=10, action_type="interrupt",
                      trigger="a rock falls"))
    allowed(game, act("request_check", "ash", skill="athletics", action_type="free",
                      trigger="a rock falls"))
    allowed(game, act("set_condition", "gm", target="ash", distracted=False))
    allowed(game, act("team_check", "gm", participants=["ash", "brock"], skill="athletics",
                      dc=10, take={"brock": 3}, time_factor=6))
    allowed(game, act("check", "ash", skill="survival", dc=10, rank="master"))


def test_a_blank_player_seat_is_a_setup_error_naming_it() -> None:
    """A sheet's player seat is a name: blank, it would silently fall back to the id."""
    with pytest.raises(SetupError, match=r"characters\.ash\.player"):
        Game(RULESET, {"characters": {"ash": {"skills": {}, "player": ""}}}, seed=1)
    game = Game(RULESET, {"characters": {"ash": {"skills": {}, "player": "alice"}}}, seed=1)
    assert RULESET.controller(game.state, "ash") == "alice"
