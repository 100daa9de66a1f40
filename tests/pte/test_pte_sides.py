"""The sides of a check who are not the acting character - an opposed check's defender and each
participant of a team check - may roll through a Skill Power and claim a rank, as the actor may.

PTE ch. 5: an opposed check has both sides make Skill Rolls and a team check has each participant
roll their Skill; any Skill Check rolls the roller's own rank (Skill Checks), and a Skill Power
is an action open to whoever has its rank in its skill, carrying its circumstance dice and, for
some, a Take X of its own (Skill Powers). So the defender's ``target_power`` / ``target_rank``
and a participant's ``power.<id>`` / ``rank.<id>`` meet the same rules as the actor's
``power`` / ``rank``, and the odds follow (checked by brute-force enumeration of the dice).
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from typing import Any

import pytest

from tests.pte.test_pte_audit_gaps import p_beats
from tests.pte.test_pte_blackbox_text import (
    SETUP,
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
from turnkeeper.core.model import BadActionError
from turnkeeper.rulesets.pte import RULESET


def sum_of(*counts: int) -> Counter[int]:
    """Brute-force enumeration of the sum of several groups of d6 (each group's count)."""
    total: Counter[int] = Counter({0: 1})
    for count in counts:
        ways = d6_sums(count)
        combined: Counter[int] = Counter()
        for before, n_before in total.items():
            for after, n_after in ways.items():
                combined[before + after] += n_before * n_after
        total = combined
    return total


# ---------------------------------------------------------------------------------------------
# Opposed checks: the defender's Skill Power


def test_the_defenders_power_brings_its_die_and_the_odds_follow() -> None:
    """Scramble (athletics, Adept or better, one bonus die for rough terrain built in): ash
    (Adept) defends with it, so he rolls 4d6 + 1d6 against brock's Novice 3d6; a tie is ash's.
    Without the power ash rolls 4d6 only."""
    game = new_game()
    opposed = act("opposed_check", "brock", skill="athletics", target="ash",
                  target_power="Scramble")
    assert odds(game, opposed)["success"] == p_beats(d6_sums(3), 3, sum_of(5), 5, 0)
    plain = act("opposed_check", "brock", skill="athletics", target="ash")
    assert odds(game, plain)["success"] == p_beats(d6_sums(3), 3, d6_sums(4), 4, 0)
    assert odds(game, opposed)["success"] < odds(game, plain)["success"]
    events = play(game, opposed, [6] * 3 + [2] * 5)
    rolled = first(events, "opposed_rolled")
    assert rolled["target"]["power"] == "Scramble"
    sentence = RULESET.describe_event(
        game.state, next(event for event in events if event.type == "opposed_rolled")
    )
    assert "against ash's Athletics for Scramble: 18 vs 10" in sentence, sentence
    assert rolled["target"]["circumstances"] == [{"name": "rough_terrain", "dice": 1}]
    assert rolled["target_total"] == 10
    assert rolled["total"] == 18
    assert rolled["winner"] == "brock"


def test_the_defenders_power_needs_its_minimum_rank() -> None:
    """pte.power.min-rank for the defender: misty has Untrained athletics, Scramble needs
    Adept; ash (Adept) may use it."""
    game = new_game()
    refused(game, act("opposed_check", "brock", skill="athletics", target="misty",
                      target_power="scramble"), "pte.power.min-rank", SKILL_POWERS)
    allowed(game, act("opposed_check", "brock", skill="athletics", target="ash",
                      target_power="scramble"))


def test_the_defenders_power_brings_its_skill_and_a_clash_is_malformed() -> None:
    """A power rolls its own skill: misty opposing ash's charm with Snatch rolls athletics;
    naming another target_skill with it, or an unknown power, is malformed and named."""
    game = new_game()
    rolled = first(
        play(game, act("opposed_check", "ash", skill="athletics", target="brock",
                       target_power="Snatch", action_type="interrupt"), [1] * 4 + [1] * 3),
        "opposed_rolled",
    )
    assert rolled["target"]["skill"] == "athletics"
    with pytest.raises(BadActionError, match=r"params\.target_power: Snatch rolls athletics"):
        game.check(act("opposed_check", "ash", skill="charm", target="brock",
                       target_skill="charm", target_power="Snatch", action_type="interrupt"))
    with pytest.raises(BadActionError, match=r"params\.target_power: unknown power 'Scrambel'"):
        game.check(act("opposed_check", "ash", skill="charm", target="brock",
                       target_power="Scrambel"))


def test_the_defenders_power_counts_its_circumstance_once() -> None:
    """pte.circumstance.no-double-count: a circumstance built into the defender's power is not
    given again as a GM die; another circumstance still is."""
    game = new_game()
    base: dict[str, Any] = {"skill": "athletics", "target": "ash", "target_power": "Scramble"}
    refused(game, act("opposed_check", "brock", **base,
                      target_circumstances=[{"name": "rough terrain", "dice": 1}]),
            "pte.circumstance.no-double-count", SKILL_POWERS)
    allowed(game, act("opposed_check", "brock", **base,
                      target_circumstances=[{"name": "night", "dice": -1}]))
    allowed(game, act("opposed_check", "brock", skill="athletics", target="ash",
                      target_circumstances=[{"name": "rough terrain", "dice": 1}]))


def test_the_defenders_power_grants_its_take_x_without_the_time() -> None:
    """Steady Hands lets its user Take 3 with no extra time: brock defends with it (Adept
    survival, a fixed 12), even in a combat turn, where a Take X no power grants is refused
    (pte.take.time). Ash's Master 6d6 must beat 12."""
    game = new_game()
    granted = act("opposed_check", "ash", skill="survival", target="brock",
                  target_power="Steady Hands", target_take=3)
    ways = d6_sums(6)
    assert odds(game, granted)["success"] == Fraction(
        sum(n for total, n in ways.items() if total > 12), 6**6
    )
    rolled = first(play(game, granted, [2] * 6), "opposed_rolled")
    assert rolled["target_total"] == 12
    assert rolled["target"]["take"] == 3
    assert rolled["winner"] == "brock"
    refused(game, act("opposed_check", "ash", skill="survival", target="brock", target_take=3),
            "pte.take.time", SKILL_POWERS)
    # a power's Take X is its own X: Take 4 through Steady Hands still needs its time
    refused(game, act("opposed_check", "ash", skill="survival", target="brock",
                      target_power="Steady Hands", target_take=4), "pte.take.time", SKILL_POWERS)
    fight = combat_game()
    allowed(fight, act("opposed_check", "ash", skill="survival", target="brock",
                       target_power="Steady Hands", target_take=3))
    refused(fight, act("opposed_check", "ash", skill="survival", target="brock",
                       target_take=3), "pte.take.time", SKILL_POWERS)


def test_the_defenders_power_may_allow_take_x_on_an_interrupt() -> None:
    """pte.take.action-type: no Take X on an Interrupt unless a source allows it; Snatch does
    (Take 2 on any action), so brock defends with it on ash's Interrupt check."""
    game = new_game()
    base: dict[str, Any] = {"skill": "athletics", "target": "brock", "action_type": "interrupt",
                            "target_take": 2}
    allowed(game, act("opposed_check", "ash", **base, target_power="Snatch"))
    refused(game, act("opposed_check", "ash", **base), "pte.take.action-type", SKILL_POWERS)
    # the defender being threatened still stops it (pte.take.calm)
    play(game, act("set_condition", "gm", target="brock", threatened=True))
    refused(game, act("opposed_check", "ash", **base, target_power="Snatch"),
            "pte.take.calm", SKILL_POWERS)


def test_the_defenders_power_must_fit_the_checks_action_type() -> None:
    """A power is an action of its type: the defender's Haggle (Extended (S)) cannot answer a
    Standard check, and may answer one through the actor's Sweet Talk (Extended (S)); an
    Interrupt power (Snatch) cannot answer a Standard check."""
    game = new_game()
    with pytest.raises(BadActionError, match=r"params\.target_power: Haggle is a"):
        game.check(act("opposed_check", "ash", skill="charm", target="misty",
                       target_power="Haggle"))
    allowed(game, act("opposed_check", "ash", power="Sweet Talk", target="misty",
                      target_power="Haggle"))
    with pytest.raises(BadActionError, match=r"params\.target_power: Snatch is a"):
        game.check(act("opposed_check", "ash", skill="athletics", target="brock",
                       target_power="Snatch"))


# ---------------------------------------------------------------------------------------------
# Opposed checks: the defender's rank claim


def test_the_defenders_rank_claim_must_be_the_sheets() -> None:
    """pte.check.basic (a check uses the rank the roller has) for the defender: misty has Adept
    stealth; claiming Expert is refused, a claim that is not a rank is malformed. With a power
    the claim is about the power's skill."""
    game = new_game()
    base: dict[str, Any] = {"skill": "athletics", "target": "misty", "target_skill": "stealth"}
    allowed(game, act("opposed_check", "ash", **base, target_rank="adept"))
    allowed(game, act("opposed_check", "ash", **base, target_rank=4))
    refusal = refused(game, act("opposed_check", "ash", **base, target_rank="expert"),
                      "pte.check.basic", SKILL_CHECKS)
    assert "misty has Adept (4 dice) in stealth" in refusal.reason
    with pytest.raises(BadActionError, match=r"params\.target_rank"):
        game.check(act("opposed_check", "ash", **base, target_rank="grand"))
    # the actor's own claim is not the defender's
    refused(game, act("opposed_check", "ash", **base, rank="adept", target_rank="pathetic"),
            "pte.check.basic", SKILL_CHECKS)
    with_power: dict[str, Any] = {"skill": "athletics", "target": "ash",
                                  "target_power": "Scramble"}
    allowed(game, act("opposed_check", "brock", **with_power, target_rank="adept"))
    refused(game, act("opposed_check", "brock", **with_power, target_rank="master"),
            "pte.check.basic", SKILL_CHECKS)


# ---------------------------------------------------------------------------------------------
# Team checks: a participant's Skill Power and rank claim


def test_a_participants_power_adds_its_die_and_the_team_odds_follow() -> None:
    """Ash (Adept athletics) pushes with Scramble (one bonus die built in), brock rolls Novice
    athletics: 4d6 + 1d6 + 3d6 against DC 10 x 2 people; without the power 4d6 + 3d6."""
    game = new_game()
    base: dict[str, Any] = {"participants": ["ash", "brock"], "skill": "athletics", "dc": 10}
    team = act("team_check", "gm", **base, power={"ash": "Scramble"})
    assert odds(game, team)["success"] == Fraction(
        sum(n for total, n in sum_of(5, 3).items() if total >= 20), 6**8
    )
    plain = act("team_check", "gm", **base)
    assert odds(game, plain)["success"] == Fraction(
        sum(n for total, n in sum_of(4, 3).items() if total >= 20), 6**7
    )
    rolled = first(play(game, team, [2] * 8), "team_rolled")
    assert rolled["participants"][0]["power"] == "Scramble"
    assert rolled["participants"][1]["power"] is None
    assert rolled["total"] == 16


def test_a_participants_power_keeps_the_power_rules() -> None:
    """Per participant: the minimum rank (brock's Novice athletics is short of Scramble's
    Adept), the power's skill (it replaces the common skill; a different skills.<id> is
    malformed), its built-in circumstance counted once, a non-participant or unknown power
    malformed."""
    game = new_game()
    base: dict[str, Any] = {"participants": ["ash", "brock"], "dc": 10}
    refused(game, act("team_check", "gm", **base, skill="athletics",
                      power={"brock": "Scramble"}), "pte.power.min-rank", SKILL_POWERS)
    rolled = first(play(game, act("team_check", "gm", **base, skill="charm",
                                  power={"ash": "Scramble"}), [1] * 11), "team_rolled")
    assert rolled["participants"][0]["skill"] == "athletics"
    assert rolled["participants"][1]["skill"] == "charm"
    with pytest.raises(BadActionError, match=r"params\.power\.ash: Scramble rolls athletics"):
        game.check(act("team_check", "gm", **base, skills={"ash": "charm", "brock": "charm"},
                       power={"ash": "Scramble"}))
    refused(game, act("team_check", "gm", **base, skill="athletics", power={"ash": "Scramble"},
                      circumstances={"ash": [{"name": "rough_terrain", "dice": 1}]}),
            "pte.circumstance.no-double-count", SKILL_POWERS)
    with pytest.raises(BadActionError, match="power names non-participants"):
        game.check(act("team_check", "gm", **base, skill="athletics",
                       power={"misty": "Climb"}))
    with pytest.raises(BadActionError, match=r"params\.power\.ash: unknown power"):
        game.check(act("team_check", "gm", **base, skill="athletics", power={"ash": "Fly"}))


def test_a_participants_power_grants_its_take_x() -> None:
    """Steady Hands' own Take 3 needs no extra time for the participant using it; the same Take
    3 without it does (pte.take.time). Ash Takes 3 on Master survival (18) and gary rolls his
    Expert 5d6: the team needs 18 + 5d6 >= 12 x 2."""
    game = new_game()
    base: dict[str, Any] = {"participants": ["ash", "gary"], "skill": "survival", "dc": 12}
    granted = act("team_check", "gm", **base, power={"ash": "Steady Hands"}, take={"ash": 3})
    assert odds(game, granted)["success"] == Fraction(
        sum(n for total, n in d6_sums(5).items() if 18 + total >= 24), 6**5
    )
    rolled = first(play(game, granted, [1] * 5), "team_rolled")
    assert rolled["participants"][0]["take"] == 3
    assert rolled["total"] == 23
    assert rolled["success"] is False
    refused(game, act("team_check", "gm", **base, take={"ash": 3}), "pte.take.time",
            SKILL_POWERS)


def test_a_participants_power_sets_or_must_fit_the_teams_action_type() -> None:
    """A team check through Extended (S) powers is an Extended action (S) when no type is
    given (each participant books that time); given Standard, or mixed with an Interrupt
    power, it is malformed, as the actor's power must fit the actor's action type."""
    game = new_game()
    base: dict[str, Any] = {"participants": ["ash", "brock"], "skill": "charm", "dc": 10}
    events = play(game, act("team_check", "gm", **base,
                            power={"ash": "Haggle", "brock": "Sweet Talk"}), [3] * 11)
    spent = [event.data for event in events if event.type == "time_spent"]
    assert {entry["actor"] for entry in spent} == {"ash", "brock"}
    assert all(entry["action_type"] == "extended_s" for entry in spent)
    with pytest.raises(BadActionError, match=r"params\.power\.ash: Haggle is a"):
        game.check(act("team_check", "gm", **base, power={"ash": "Haggle"},
                       action_type="standard"))
    with pytest.raises(BadActionError, match=r"params\.power\.brock: Snatch is a"):
        game.check(act("team_check", "gm", **base, skills={"brock": "athletics"},
                       power={"ash": "Haggle", "brock": "Snatch"}))


def test_a_participants_rank_claim_must_be_the_sheets() -> None:
    """pte.check.basic per participant: ash has Adept athletics (claim allowed), brock Novice
    (an Adept claim is refused); naming a non-participant or a non-rank is malformed."""
    game = new_game()
    base: dict[str, Any] = {"participants": ["ash", "brock"], "skill": "athletics", "dc": 10}
    allowed(game, act("team_check", "gm", **base, rank={"ash": "adept", "brock": 3}))
    refusal = refused(game, act("team_check", "gm", **base, rank={"brock": "adept"}),
                      "pte.check.basic", SKILL_CHECKS)
    assert "brock has Novice (3 dice) in athletics" in refusal.reason
    with pytest.raises(BadActionError, match="rank names non-participants"):
        game.check(act("team_check", "gm", **base, rank={"misty": "untrained"}))
    with pytest.raises(BadActionError, match=r"params\.rank\.ash"):
        game.check(act("team_check", "gm", **base, rank={"ash": "grand"}))


# ---------------------------------------------------------------------------------------------
# Declared parameters


def test_the_new_parameters_are_declared_and_a_misspelling_is_named() -> None:
    opposed = RULESET.actions.json_schema("opposed_check")
    fields = opposed["$defs"]["OpposedCheckParams"]["properties"]
    assert {"target_power", "target_rank"} <= set(fields)
    team = RULESET.actions.json_schema("team_check")
    team_fields = team["$defs"]["TeamCheckParams"]["properties"]
    assert {"power", "rank"} <= set(team_fields)
    game = new_game()
    with pytest.raises(BadActionError, match=r"params\.target_powr: unknown field; did you "
                                             r"mean target_power"):
        game.check(act("opposed_check", "ash", skill="charm", target="misty",
                       target_powr="Haggle"))
    with pytest.raises(BadActionError, match=r"params\.powers: unknown field; did you mean"):
        game.check(act("team_check", "gm", participants=["ash", "brock"], skill="charm",
                       dc=10, powers={"ash": "Haggle"}))


def test_a_team_through_a_power_of_listed_rounds_takes_its_rounds() -> None:
    """pte.time.listed-duration: a power that lists its length (Brace: 2 rounds) sets the
    team check's type and length when none is given, as the actor's power sets theirs; given
    another length, that one is kept; the defender's Brace cannot answer a Standard check."""
    brace = {"name": "Brace", "skill": "athletics", "min_rank": "untrained",
             "action_type": "rounds", "rounds": 2, "summary": "hold something steady a while"}
    game = new_game(powers=[*SETUP["powers"], brace])
    base: dict[str, Any] = {"participants": ["ash", "brock"], "skill": "athletics", "dc": 10,
                            "power": {"ash": "Brace", "brock": "Brace"}}
    spent = [event.data for event in play(game, act("team_check", "gm", **base), [3] * 7)
             if event.type == "time_spent"]
    assert [(entry["action_type"], entry["rounds"]) for entry in spent] == [("rounds", 2)] * 2
    longer = [event.data for event in play(game, act("team_check", "gm", **base, rounds=3),
                                           [3] * 7) if event.type == "time_spent"]
    assert [entry["rounds"] for entry in longer] == [3, 3]
    with pytest.raises(BadActionError, match=r"params\.target_power: Brace is a"):
        game.check(act("opposed_check", "ash", skill="athletics", target="brock",
                       target_power="Brace"))
