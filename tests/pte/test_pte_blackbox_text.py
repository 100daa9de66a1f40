"""Black-box audit of PTE ch. 5 (rules/001_*.txt), written from the rule text, READINGS.md
("## pte", "## all rulesets"), the reference odds and docs/rulesets/pte.md only: every rule is
asked through the public API (Game, get_ruleset, check/play, refusals, odds) and shown both
ways where it has a condition. Exact odds are checked against brute-force enumeration written
here, never against the engine's own counting."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from typing import Any

import pytest

from tests.pte.reference_odds import WAYS_4D6
from turnkeeper.core.game import Game
from turnkeeper.core.model import Action, BadActionError, Event, IllegalActionError, Refusal
from turnkeeper.core.ruleset import SetupError
from turnkeeper.dice.source import ForcedDice
from turnkeeper.rulesets import get_ruleset
from turnkeeper.rulesets.pte import RULESET

PTE = get_ruleset("pte")

SKILL_CHECKS = "PTE ch. 5, Skill Checks"
SKILL_POWERS = "PTE ch. 5, Skill Powers"
ACTION_TYPES = "PTE ch. 5, Action Types"

SETUP: dict[str, Any] = {
    "characters": {
        "ash": {
            "skills": {
                "athletics": "adept",
                "general_education": "novice",
                "pokemon_education": "adept",
                "charm": "expert",
                "survival": "master",
                "stealth": "pathetic",
                "intuition": "untrained",
            }
        },
        "brock": {"skills": {"athletics": "novice", "charm": "master", "survival": "adept"}},
        "misty": {"skills": {"athletics": "untrained", "stealth": "adept", "charm": "expert"}},
        "gary": {"skills": {"athletics": "pathetic", "survival": "expert", "charm": "novice"}},
    },
    "powers": [
        {
            "name": "Scramble",
            "skill": "athletics",
            "min_rank": "adept",
            "circumstances": [{"name": "rough_terrain", "dice": 1}],
            "summary": "climb over broken ground, which the power already counts",
        },
        {
            "name": "Steady Hands",
            "skill": "survival",
            "min_rank": "novice",
            "take": 3,
            "dc": 12,
            "summary": "a careful job that may Take 3 at no extra time",
        },
        {
            "name": "Snatch",
            "skill": "athletics",
            "min_rank": "untrained",
            "action_type": "interrupt",
            "take": 2,
            "take_any_action": True,
            "dc": 8,
            "summary": "grab something falling; may Take 2 even as an Interrupt",
        },
        {
            "name": "Haggle",
            "skill": "charm",
            "min_rank": "novice",
            "action_type": "extended_s",
            "summary": "talk a price down over some minutes",
        },
        {
            "name": "Sweet Talk",
            "skill": "charm",
            "min_rank": "novice",
            "action_type": "extended_s",
            "summary": "charm someone along over some minutes",
        },
    ],
}

RANKS = {"pathetic": 1, "untrained": 2, "novice": 3, "adept": 4, "expert": 5, "master": 6}


def new_game(**extra: Any) -> Game[Any]:
    return Game(PTE, {**SETUP, **extra}, seed=5)


def act(kind: str, actor: str, **params: Any) -> Action:
    return Action(kind, actor, params)


def play(game: Game[Any], action: Action, dice: list[int] | None = None) -> list[Event]:
    return list(game.play(action, dice=ForcedDice(dice or [])))


def first(events: list[Event], event_type: str) -> dict[str, Any]:
    found = [event.data for event in events if event.type == event_type]
    assert found, f"no {event_type} in {[event.type for event in events]}"
    return dict(found[0])


def refused(game: Game[Any], action: Action, rule: str, section: str) -> Refusal:
    """The action is refused by `rule`, whose source names the text's `section`; playing it
    raises and changes nothing."""
    before = game.view()
    refusal = game.check(action)
    assert refusal is not None, f"{action} was allowed; expected {rule}"
    assert refusal.rule == rule, (refusal.rule, refusal.reason)
    assert refusal.source == section, refusal.source
    assert refusal.reason
    with pytest.raises(IllegalActionError) as raised:
        game.play(action, dice=ForcedDice([]))
    assert raised.value.refusal.rule == rule
    assert game.view() == before
    return refusal


def allowed(game: Game[Any], action: Action) -> None:
    refusal = game.check(action)
    assert refusal is None, f"{action} refused: {refusal}"


def odds(game: Game[Any], action: Action) -> dict[str, Fraction]:
    # the docs name RULESET.odds; get_ruleset types the ruleset without its optional extras
    answer = RULESET.odds(game.state, action)
    assert answer is not None
    return {key: Fraction(value) for key, value in answer.items()}


def d6_sums(count: int) -> Counter[int]:
    """Brute-force enumeration: how many of the 6**count face tuples give each sum."""
    return Counter(sum(faces) for faces in itertools.product(range(1, 7), repeat=count))


def p_at_least(ways: Counter[int], count: int, target: int, shift: int = 0) -> Fraction:
    return Fraction(sum(n for total, n in ways.items() if total + shift >= target), 6**count)


def combat_game() -> Game[Any]:
    game = new_game()
    play(game, act("start_combat", "gm", order=["ash", "brock", "misty"]))
    return game


# ---------------------------------------------------------------------------------------------
# Skill Checks: the basic check (rank many d6, summed, plus modifiers, against the DC)


@pytest.mark.parametrize(
    ("skill", "rank"),
    [
        ("stealth", "pathetic"),
        ("intuition", "untrained"),
        ("general_education", "novice"),
        ("athletics", "adept"),
        ("charm", "expert"),
        ("survival", "master"),
    ],
)
def test_a_check_rolls_one_d6_per_rank_step_and_sums_them(skill: str, rank: str) -> None:
    """Skill Checks: roll as many d6 as the rank in the skill and add them up (READINGS: the
    PTU ladder, Pathetic 1 to Master 6)."""
    game = new_game()
    count = RANKS[rank]
    faces = [6, 1, 5, 2, 4, 3][:count]
    rolled = first(
        play(game, act("check", "ash", skill=skill, dc=1), [*faces, 6, 6]), "check_rolled"
    )
    assert rolled["rank"] == count
    assert rolled["rank_name"] == rank
    assert rolled["roll"]["rank_faces"] == faces
    assert rolled["total"] == sum(faces)
    assert rolled["pool"] == f"{count}d6"


def test_a_skill_missing_from_the_sheet_rolls_untrained_and_any_skill_may_be_named() -> None:
    """Skill Checks: the GM names the skill, a player may suggest another plausible one; a skill
    the sheet does not list is Untrained (2 dice, READINGS ladder)."""
    game = new_game()
    rolled = first(
        play(game, act("check", "ash", skill="Acrobatics", dc=5), [2, 2, 6]), "check_rolled"
    )
    assert rolled["rank"] == 2
    assert rolled["roll"]["rank_faces"] == [2, 2]
    assert rolled["total"] == 4
    assert rolled["success"] is False


def test_bonuses_and_modifiers_are_added_to_the_dice() -> None:
    """Skill Checks: other bonuses and modifiers are added to the sum of the dice, penalties
    too (a negative flat modifier)."""
    game = new_game()
    plus = first(
        play(game, act("check", "ash", skill="athletics", dc=1, bonus=3), [1, 2, 3, 4]),
        "check_rolled",
    )
    assert plus["total"] == 13
    minus = first(
        play(game, act("check", "ash", skill="athletics", dc=1, bonus=-4), [1, 2, 3, 4]),
        "check_rolled",
    )
    assert minus["total"] == 6


def test_meeting_the_dc_succeeds_and_one_short_fails() -> None:
    """Skill Checks: meeting the DC is a success, anything below it a failure (edge: total = DC,
    total = DC - 1)."""
    game = new_game()
    met = first(
        play(game, act("check", "ash", skill="athletics", dc=14), [2, 3, 4, 5]), "check_rolled"
    )
    assert (met["total"], met["margin"], met["success"]) == (14, 0, True)
    short = first(
        play(game, act("check", "ash", skill="athletics", dc=15), [2, 3, 4, 5]), "check_rolled"
    )
    assert (short["total"], short["margin"], short["success"]) == (14, -1, False)


def test_a_check_must_use_the_rank_the_character_has() -> None:
    """Skill Checks: the dice are the character's rank in the skill; claiming another rank is
    refused (pte.check.basic), claiming the right one is allowed."""
    game = new_game()
    allowed(game, act("check", "ash", skill="athletics", dc=10, rank="adept"))
    allowed(game, act("check", "ash", skill="athletics", dc=10, rank=4))
    refused(
        game,
        act("check", "ash", skill="athletics", dc=10, rank="master"),
        "pte.check.basic",
        SKILL_CHECKS,
    )
    refused(
        game, act("check", "ash", skill="athletics", dc=10, rank=3), "pte.check.basic", SKILL_CHECKS
    )


def test_the_odds_of_a_basic_check_match_enumeration() -> None:
    """Skill Checks, reference odds: an Adept (4d6) meeting DC 15 has exactly 575/1296; every
    DC of an Adept's and a Master's pool matches the counted ways of 4d6 / 6d6 (the reference
    table's 4d6 ways, and 6d6's mean 21 and variance 35/2)."""
    game = new_game()
    assert odds(game, act("check", "ash", skill="athletics", dc=15))["success"] == Fraction(
        575, 1296
    )
    four = d6_sums(4)
    ways_4d6 = [four[total] for total in range(4, 25)]
    assert ways_4d6 == list(WAYS_4D6)
    at_least = {
        dc: odds(game, act("check", "ash", skill="athletics", dc=dc))["success"]
        for dc in range(4, 26)
    }
    for dc in range(4, 25):
        assert (at_least[dc] - at_least[dc + 1]) * 1296 == four[dc]
    six = {
        dc: odds(game, act("check", "ash", skill="survival", dc=dc))["success"]
        for dc in range(6, 38)
    }
    exact = {total: six[total] - six[total + 1] for total in range(6, 37)}
    assert sum(exact.values()) == 1
    assert min(p.denominator for p in exact.values() if p) >= 1 and all(
        (p * 46656).denominator == 1 for p in exact.values()
    )
    assert len([p for p in exact.values() if p]) == 31
    mean = sum(total * p for total, p in exact.items())
    variance = sum((total - mean) ** 2 * p for total, p in exact.items())
    assert (mean, variance) == (21, Fraction(35, 2))


def test_dc_zero_is_met_by_any_total_not_below_zero() -> None:
    """Skill Checks: meeting the DC succeeds, so DC 0 is met by a total of 0 or more; a total
    pushed below zero (READINGS: not floored) misses even DC 0."""
    game = new_game()
    met = first(
        play(game, act("check", "gary", skill="athletics", dc=0, circumstances=[-1]), [3, 3]),
        "check_rolled",
    )
    assert (met["total"], met["success"]) == (0, True)
    missed = first(
        play(game, act("check", "gary", skill="athletics", dc=0, circumstances=[-1]), [3, 4]),
        "check_rolled",
    )
    assert (missed["total"], missed["success"]) == (-1, False)


# ---------------------------------------------------------------------------------------------
# Skill Checks: circumstance dice


def test_rough_rock_at_night_rolls_one_penalty_die() -> None:
    """Skill Checks, the climbing example: rough rock is DC 11; at night the GM rolls one
    penalty die, subtracted from the check."""
    game = new_game()
    climb = act(
        "check", "ash", skill="athletics", dc=11, circumstances=[{"name": "night", "dice": -1}]
    )
    rolled = first(play(game, climb, [3, 3, 3, 3, 2]), "check_rolled")
    assert rolled["roll"]["rank_faces"] == [3, 3, 3, 3]
    assert rolled["roll"]["penalty_faces"] == [2]
    assert (rolled["total"], rolled["success"]) == (10, False)
    # exact odds: 4d6 - 1d6 >= 11, counted over all 6**5 faces
    ways = Counter(sum(f[:4]) - f[4] for f in itertools.product(range(1, 7), repeat=5))
    expected = Fraction(sum(n for total, n in ways.items() if total >= 11), 6**5)
    assert odds(game, climb)["success"] == expected


def test_a_helpful_vine_adds_one_bonus_die() -> None:
    """Skill Checks, the vine example: DC 8, and a friendly Pokémon's vine adds one bonus die."""
    game = new_game()
    vine = act(
        "check",
        "brock",
        skill="athletics",
        dc=8,
        circumstances=[{"name": "friendly vine", "dice": 1}],
    )
    rolled = first(play(game, vine, [1, 2, 1, 4]), "check_rolled")
    assert rolled["roll"]["bonus_faces"] == [4]
    assert (rolled["total"], rolled["success"]) == (8, True)
    ways = Counter(sum(f) for f in itertools.product(range(1, 7), repeat=4))
    assert odds(game, vine)["success"] == Fraction(sum(n for t, n in ways.items() if t >= 8), 6**4)


def test_each_circumstance_is_worth_exactly_one_die() -> None:
    """Skill Checks: one d6 per mitigating circumstance; a circumstance worth two dice is
    refused (pte.circumstance.one-die), two circumstances give two dice."""
    game = new_game()
    refused(
        game,
        act(
            "check", "ash", skill="athletics", dc=11, circumstances=[{"name": "storm", "dice": -2}]
        ),
        "pte.circumstance.one-die",
        SKILL_CHECKS,
    )
    refused(
        game,
        act("check", "ash", skill="athletics", dc=11, circumstances=[{"name": "rope", "dice": 2}]),
        "pte.circumstance.one-die",
        SKILL_CHECKS,
    )
    two = act(
        "check",
        "ash",
        skill="athletics",
        dc=11,
        circumstances=[{"name": "storm", "dice": -1}, {"name": "night", "dice": -1}],
    )
    rolled = first(play(game, two, [4, 4, 4, 4, 1, 2]), "check_rolled")
    assert rolled["roll"]["penalty_faces"] == [1, 2]
    assert rolled["total"] == 13


def test_bonus_and_penalty_dice_together_and_bare_signs() -> None:
    """Skill Checks: a circumstance that helps adds its die, one that hinders subtracts it; the
    docs let a circumstance be a bare +1 / -1 (rank dice, then bonus, then penalty dice)."""
    game = new_game()
    rolled = first(
        play(
            game,
            act("check", "ash", skill="athletics", dc=5, circumstances=[-1, 1]),
            [1, 1, 1, 1, 6, 2],
        ),
        "check_rolled",
    )
    assert rolled["roll"]["bonus_faces"] == [6]
    assert rolled["roll"]["penalty_faces"] == [2]
    assert rolled["total"] == 8


def test_penalty_dice_may_push_a_total_below_zero() -> None:
    """Skill Checks + READINGS: a total pushed below zero by penalty dice is not floored."""
    game = new_game()
    rolled = first(
        play(
            game,
            act("check", "ash", skill="stealth", dc=1, circumstances=[-1, -1, -1]),
            [1, 6, 6, 6],
        ),
        "check_rolled",
    )
    assert rolled["total"] == -17
    assert rolled["margin"] == -18
    assert rolled["degree"] == "catastrophe"


def test_the_same_circumstance_is_not_listed_twice() -> None:
    """Skill Checks/Powers: a circumstance counts once; the same name twice is refused
    (pte.circumstance.no-double-count); two different names are fine."""
    game = new_game()
    refused(
        game,
        act(
            "check",
            "ash",
            skill="athletics",
            dc=10,
            circumstances=[{"name": "night", "dice": -1}, {"name": "Night", "dice": -1}],
        ),
        "pte.circumstance.no-double-count",
        SKILL_POWERS,
    )
    allowed(
        game,
        act(
            "check",
            "ash",
            skill="athletics",
            dc=10,
            circumstances=[{"name": "night", "dice": -1}, {"name": "rain", "dice": -1}],
        ),
    )


def test_ten_circumstances_at_most() -> None:
    """Docs: at most 10 circumstance dice on one check; an 11th is bad input naming the field."""
    game = new_game()
    allowed(game, act("check", "ash", skill="athletics", dc=10, circumstances=[1] * 10))
    with pytest.raises(BadActionError, match="circumstances"):
        game.check(act("check", "ash", skill="athletics", dc=10, circumstances=[1] * 11))


# ---------------------------------------------------------------------------------------------
# Skill Checks: synergy


@pytest.mark.parametrize(
    ("secondary", "bonus"),
    [
        ("stealth", 0),
        ("intuition", 1),
        ("general_education", 1),
        ("pokemon_education", 2),
        ("charm", 2),
        ("survival", 3),
        ("occult_education", 1),
    ],
)
def test_synergy_adds_half_the_secondary_rank_rounded_down(secondary: str, bonus: int) -> None:
    """Skill Checks, synergy: a secondary skill the GM accepts adds half its rank (READINGS:
    halves round down; a skill not on the sheet is Untrained, 2 ranks -> 1)."""
    game = new_game()
    rolled = first(
        play(game, act("check", "ash", skill="athletics", dc=1, synergy=secondary), [1, 1, 1, 1]),
        "check_rolled",
    )
    assert rolled["synergy"]["bonus"] == bonus
    assert rolled["total"] == 4 + bonus


def test_glean_weakness_rolls_general_education_with_pokemon_education_synergy() -> None:
    """Skill Checks, the Glean Weakness example: the roll is General Education (Novice, 3d6)
    and half the Pokémon Education ranks (Adept 4 -> 2) are added."""
    game = new_game()
    rolled = first(
        play(
            game,
            act("check", "ash", skill="general_education", dc=12, synergy="pokemon_education"),
            [3, 3, 4],
        ),
        "check_rolled",
    )
    assert rolled["roll"]["rank_faces"] == [3, 3, 4]
    assert rolled["total"] == 12
    assert rolled["success"] is True


def test_synergy_from_one_skill_only_and_never_the_rolled_one() -> None:
    """Skill Checks, synergy: never from more than one skill at a time
    (pte.synergy.one-skill); the rolled skill cannot lend itself synergy
    (pte.synergy.half-rank)."""
    game = new_game()
    refused(
        game,
        act(
            "check",
            "ash",
            skill="general_education",
            dc=12,
            synergy=["pokemon_education", "survival"],
        ),
        "pte.synergy.one-skill",
        SKILL_CHECKS,
    )
    refused(
        game,
        act("check", "ash", skill="general_education", dc=12, synergy="general_education"),
        "pte.synergy.half-rank",
        SKILL_CHECKS,
    )
    allowed(
        game, act("check", "ash", skill="general_education", dc=12, synergy=["pokemon_education"])
    )


# ---------------------------------------------------------------------------------------------
# Skill Checks: team checks


def test_a_team_dc_is_the_dc_times_the_people_needed_and_all_rolls_are_summed() -> None:
    """Team checks: the normal DC is multiplied by the number of people the task would need;
    everyone rolls and the sum of all the checks meets that team DC or not (edge: exactly the
    team DC, one short)."""
    game = new_game()
    team = act(
        "team_check",
        "gm",
        participants=["ash", "brock", "misty"],
        skill="athletics",
        dc=10,
        people=3,
    )
    # ash 4 dice, brock 3, misty 2: 9 faces in participant order
    rolled = first(play(game, team, [4, 4, 4, 3, 3, 3, 3, 3, 3]), "team_rolled")
    assert rolled["team_dc"] == 30
    assert [side["total"] for side in rolled["participants"]] == [15, 9, 6]
    assert (rolled["total"], rolled["success"]) == (30, True)
    short = first(play(game, team, [4, 4, 4, 3, 3, 3, 3, 3, 2]), "team_rolled")
    assert (short["total"], short["success"]) == (29, False)


def test_team_people_default_and_each_participant_may_roll_another_skill() -> None:
    """Team checks: without `people` the team DC counts the participants (docs default); each
    participant rolls their own rank in their skill."""
    game = new_game()
    team = act(
        "team_check",
        "gm",
        participants=["ash", "brock"],
        dc=7,
        skills={"ash": "survival", "brock": "charm"},
    )
    rolled = first(play(game, team, [1] * 12), "team_rolled")
    assert rolled["team_dc"] == 14
    assert [side["total"] for side in rolled["participants"]] == [6, 6]
    assert rolled["success"] is False


def test_a_team_needs_two_different_participants() -> None:
    """Team checks need several participants: one alone, or one listed twice, is refused
    (pte.team.check)."""
    game = new_game()
    refused(
        game,
        act("team_check", "gm", participants=["ash"], skill="athletics", dc=10),
        "pte.team.check",
        SKILL_CHECKS,
    )
    refused(
        game,
        act("team_check", "gm", participants=["ash", "ash"], skill="athletics", dc=10),
        "pte.team.check",
        SKILL_CHECKS,
    )


def test_team_check_reference_odds() -> None:
    """Team checks, reference odds: 2d6 + 3d6 + 4d6 against 3 x 10 is exactly 727429/1119744."""
    game = new_game()
    team = act(
        "team_check",
        "gm",
        participants=["misty", "brock", "ash"],
        skill="athletics",
        dc=10,
        people=3,
    )
    assert odds(game, team)["success"] == Fraction(727429, 1119744)
    nine = d6_sums(9)
    assert p_at_least(nine, 9, 30) == Fraction(727429, 1119744)


def test_a_team_of_twenty_dice_matches_the_reference_distribution() -> None:
    """Team checks, reference odds: three Masters and an Untrained (20d6) have the 20d6
    distribution: denominator 6**20 = 3656158440062976, 101 totals, mean 70, variance 175/3."""
    setup = {
        "characters": {
            "a": {"skills": {"lift": "master"}},
            "b": {"skills": {"lift": "master"}},
            "c": {"skills": {"lift": "master"}},
            "d": {"skills": {"lift": "untrained"}},
        }
    }
    game = Game(PTE, setup, seed=1)
    at_least = {}
    for team_dc in range(20, 122):
        team = act(
            "team_check",
            "gm",
            participants=["a", "b", "c", "d"],
            skill="lift",
            dc=team_dc,
            people=1,
        )
        at_least[team_dc] = odds(game, team)["success"]
    exact = {total: at_least[total] - at_least[total + 1] for total in range(20, 121)}
    assert sum(exact.values()) == 1
    assert len([p for p in exact.values() if p]) == 101
    assert all((p * 3656158440062976).denominator == 1 for p in exact.values())
    assert min(exact.values()) == Fraction(1, 3656158440062976)
    mean = sum(total * p for total, p in exact.items())
    assert mean == 70
    assert sum((total - mean) ** 2 * p for total, p in exact.items()) == Fraction(175, 3)


def test_a_team_short_of_the_people_the_task_needs_faces_the_full_team_dc() -> None:
    """Team checks: the multiplier is the number of people the task would normally need, not
    the number who showed up: two people on a three-person task face DC x 3 (a sum of 29
    misses 30, 30 meets it)."""
    game = new_game()
    team = act("team_check", "gm", participants=["ash", "brock"], skill="survival", dc=10, people=3)
    # ash: Master survival (6 dice), brock: Adept (4 dice)
    short = first(play(game, team, [3] * 9 + [2]), "team_rolled")
    assert (short["team_dc"], short["total"], short["success"]) == (30, 29, False)
    met = first(play(game, team, [3] * 10), "team_rolled")
    assert (met["total"], met["success"]) == (30, True)


# ---------------------------------------------------------------------------------------------
# Skill Checks: assisted checks


@pytest.mark.parametrize(
    ("actor", "skill", "helper", "actor_rank", "bonus"),
    [
        ("ash", "charm", "gary", 5, 1),  # Novice helper: 3 // 2
        ("ash", "survival", "brock", 6, 2),  # Adept helper: 4 // 2
        ("brock", "charm", "misty", 6, 2),  # Expert helper: 5 // 2
        ("ash", "charm", "brock", 5, 3),  # Master helper: 6 // 2
    ],
)
def test_an_assisting_helper_adds_half_their_rank_rounded_down(
    actor: str, skill: str, helper: str, actor_rank: int, bonus: int
) -> None:
    """Assisted checks: the primary actor rolls and adds half the helper's rank in the tested
    skill (READINGS: rounded down): Novice 3 -> 1, Adept 4 -> 2, Expert 5 -> 2, Master 6 -> 3."""
    game = new_game()
    rolled = first(
        play(game, act("check", actor, skill=skill, dc=1, helper=helper), [1] * actor_rank),
        "check_rolled",
    )
    assert rolled["helper"]["bonus"] == bonus
    assert rolled["check"] == "assisted"
    assert rolled["roll"]["rank_faces"] == [1] * actor_rank
    assert rolled["total"] == actor_rank + bonus


def test_the_helper_needs_at_least_novice_in_the_tested_skill() -> None:
    """Assisted checks: the helper must have Novice or better in the skill being tested (not
    in some other skill): Novice helps, Untrained and Pathetic are refused
    (pte.assist.helper-rank)."""
    game = new_game()
    allowed(game, act("check", "ash", skill="athletics", dc=10, helper="brock"))
    refused(
        game,
        act("check", "ash", skill="athletics", dc=10, helper="misty"),
        "pte.assist.helper-rank",
        SKILL_CHECKS,
    )
    refused(
        game,
        act("check", "ash", skill="athletics", dc=10, helper="gary"),
        "pte.assist.helper-rank",
        SKILL_CHECKS,
    )
    # brock is a Master of charm but a Novice at athletics: his athletics counts
    rolled = first(
        play(game, act("check", "ash", skill="athletics", dc=1, helper="brock"), [1] * 4),
        "check_rolled",
    )
    assert rolled["helper"]["bonus"] == 1


def test_one_helper_who_is_someone_else() -> None:
    """Assisted checks (READINGS: one assisting helper per check): two helpers, or helping
    oneself, are refused (pte.assist.one-helper)."""
    game = new_game()
    refused(
        game,
        act("check", "ash", skill="charm", dc=10, helper=["brock", "misty"]),
        "pte.assist.one-helper",
        SKILL_CHECKS,
    )
    refused(
        game,
        act("check", "ash", skill="charm", dc=10, helper="ash"),
        "pte.assist.one-helper",
        SKILL_CHECKS,
    )


# ---------------------------------------------------------------------------------------------
# Skill Checks: extended checks


@pytest.mark.parametrize("multiplier", [2, 3, 4, 5])
def test_an_extended_dc_is_the_dc_times_a_multiplier_from_2_to_5(multiplier: int) -> None:
    """Extended checks: the usual DC times a multiplier of 2 to 5 gives the extended DC."""
    game = new_game()
    events = play(
        game, act("start_task", "ash", task="map", skill="survival", dc=12, multiplier=multiplier)
    )
    assert first(events, "task_started")
    assert game.view()["tasks"]["map"]["extended_dc"] == 12 * multiplier


@pytest.mark.parametrize("multiplier", [1, 6])
def test_a_multiplier_outside_2_to_5_is_refused(multiplier: int) -> None:
    """Extended checks: no multiplier below 2 or above 5 (pte.extended.multiplier)."""
    game = new_game()
    refused(
        game,
        act("start_task", "ash", task="map", skill="survival", dc=12, multiplier=multiplier),
        "pte.extended.multiplier",
        SKILL_CHECKS,
    )


def test_each_extended_roll_takes_at_least_an_extended_action_s() -> None:
    """Extended checks: working on one needs at least an Extended Action (S) (15 minutes by
    default on the clock); (L) is allowed, a Standard or Full action is refused
    (pte.extended.action-time)."""
    game = new_game()
    play(game, act("start_task", "ash", task="map", skill="survival", dc=12, multiplier=3))
    refused(
        game,
        act("work_task", "ash", task="map", action_type="standard"),
        "pte.extended.action-time",
        SKILL_CHECKS,
    )
    refused(
        game,
        act("work_task", "ash", task="map", action_type="full"),
        "pte.extended.action-time",
        SKILL_CHECKS,
    )
    spent = first(play(game, act("work_task", "ash", task="map"), [1] * 6), "time_spent")
    assert (spent["action_type"], spent["seconds"]) == ("extended_s", 900)
    longer = first(
        play(
            game, act("work_task", "ash", task="map", action_type="extended_l", minutes=60), [1] * 6
        ),
        "time_spent",
    )
    assert (longer["action_type"], longer["seconds"]) == ("extended_l", 3600)


def test_extended_rolls_add_up_and_run_out_after_rank_many_rolls() -> None:
    """Extended checks: if the check can fail, the extended DC must be reached within as many
    rolls as the rank (Novice: 3); missing it on the last roll fails, and no further roll is
    allowed (pte.extended.attempt-limit)."""
    game = new_game()
    play(game, act("start_task", "brock", task="lift", skill="athletics", dc=10, multiplier=3))
    assert game.view()["tasks"]["lift"]["limit"] == 3
    one = first(play(game, act("work_task", "brock", task="lift"), [3, 3, 3]), "task_rolled")
    two = first(play(game, act("work_task", "brock", task="lift"), [3, 3, 4]), "task_rolled")
    assert (one["total"], two["total"], two["attempts"]) == (9, 19, 2)
    last = play(game, act("work_task", "brock", task="lift"), [3, 3, 4])
    assert first(last, "task_rolled")["total"] == 29
    assert first(last, "task_failed")["total"] == 29
    assert game.view()["tasks"]["lift"]["status"] == "failed"
    refused(
        game, act("work_task", "brock", task="lift"), "pte.extended.attempt-limit", SKILL_CHECKS
    )


def test_reaching_the_extended_dc_on_the_last_allowed_roll_completes_it() -> None:
    """Extended checks: reaching the DC within the rolls completes the check (edge: exactly the
    extended DC on the last allowed roll); then it is over (pte.extended.attempt-limit)."""
    game = new_game()
    play(game, act("start_task", "brock", task="lift", skill="athletics", dc=10, multiplier=3))
    play(game, act("work_task", "brock", task="lift"), [3, 3, 3])
    play(game, act("work_task", "brock", task="lift"), [3, 3, 4])
    done = play(game, act("work_task", "brock", task="lift"), [3, 4, 4])
    assert first(done, "task_completed")["total"] == 30
    assert game.view()["tasks"]["lift"]["status"] == "done"
    refused(
        game, act("work_task", "brock", task="lift"), "pte.extended.attempt-limit", SKILL_CHECKS
    )


def test_an_extended_check_that_cannot_fail_has_no_roll_limit() -> None:
    """Extended checks: the roll limit applies only when the check can eventually fail; a task
    that cannot fail goes on past rank many rolls."""
    game = new_game()
    play(
        game,
        act(
            "start_task", "gary", task="dig", skill="athletics", dc=10, multiplier=2, failable=False
        ),
    )
    for _ in range(3):
        play(game, act("work_task", "gary", task="dig"), [1])
    assert game.view()["tasks"]["dig"]["status"] == "open"
    allowed(game, act("work_task", "gary", task="dig"))


def test_the_extended_reference_odds() -> None:
    """Extended checks, reference odds: 3d6 a roll, cumulative, reaching 45: first on roll 3
    is 2915/629856 (a Novice's three allowed rolls, DC 15 x 3); within 4 rolls 735884981 /
    2176782336 and first on roll 4 725810741/2176782336, assembled from a task that cannot
    fail: every first roll's total weighted by its ways, times the odds the engine gives
    from that running total."""
    game = new_game()
    start = act("start_task", "brock", task="haul", skill="athletics", dc=15, multiplier=3)
    before = odds(game, start)
    assert before["first_on_3"] == Fraction(2915, 629856)
    assert before["done_by_3"] == before["success"] == Fraction(2915, 629856)
    assert before["first_on_1"] == before["first_on_2"] == 0
    three = d6_sums(3)
    first_on_4 = Fraction(0)
    done_by_4 = Fraction(0)
    for total, ways in three.items():
        trial = new_game()
        play(
            trial,
            act(
                "start_task",
                "brock",
                task="haul",
                skill="athletics",
                dc=15,
                multiplier=3,
                failable=False,
            ),
        )
        faces = list(next(f for f in itertools.product(range(1, 7), repeat=3) if sum(f) == total))
        play(trial, act("work_task", "brock", task="haul"), faces)
        assert trial.view()["tasks"]["haul"]["total"] == total
        after = odds(trial, act("work_task", "brock", task="haul"))
        first_on_4 += Fraction(ways, 216) * after["first_on_3"]
        done_by_4 += Fraction(ways, 216) * after["done_by_3"]
    assert first_on_4 == Fraction(725810741, 2176782336)
    assert done_by_4 == Fraction(735884981, 2176782336)


def test_a_pathetic_roller_has_one_roll_and_a_master_six() -> None:
    """Extended checks: the rolls allowed equal the rank tested: Pathetic 1 (one miss ends it),
    Master 6."""
    game = new_game()
    play(game, act("start_task", "gary", task="dig", skill="athletics", dc=10, multiplier=2))
    play(game, act("start_task", "ash", task="map", skill="survival", dc=10, multiplier=5))
    assert game.view()["tasks"]["dig"]["limit"] == 1
    assert game.view()["tasks"]["map"]["limit"] == 6
    events = play(game, act("work_task", "gary", task="dig"), [6])
    assert first(events, "task_failed")["total"] == 6
    refused(game, act("work_task", "gary", task="dig"), "pte.extended.attempt-limit", SKILL_CHECKS)


def test_a_finished_extended_check_has_a_degree_against_the_extended_dc() -> None:
    """Extended checks and degrees: the margin of a finished check is counted from the
    extended DC: 20 reached with 26 is 6 over (glowing); a Pathetic roller's single roll of
    6 against 12 is 6 short (catastrophe)."""
    game = new_game()
    play(game, act("start_task", "ash", task="map", skill="survival", dc=10, multiplier=2))
    done = first(
        play(game, act("work_task", "ash", task="map"), [6, 5, 5, 4, 3, 3]), "task_completed"
    )
    assert (done["total"], done["margin"], done["degree"]) == (26, 6, "glowing_success")
    play(game, act("start_task", "gary", task="dig", skill="athletics", dc=6, multiplier=2))
    failed = first(play(game, act("work_task", "gary", task="dig"), [6]), "task_failed")
    assert (failed["total"], failed["margin"], failed["degree"]) == (6, -6, "catastrophe")


def test_extended_work_follows_the_phases() -> None:
    """Action Types: a roll toward an extended check is an Extended (or Downtime) action: it
    is refused in combat (pte.time.extended-not-in-combat); as a Downtime action it needs the
    Downtime phase (pte.time.downtime-phase) and there it is allowed."""
    game = new_game()
    play(game, act("start_task", "ash", task="map", skill="survival", dc=10, multiplier=5))
    refused(
        game,
        act("work_task", "ash", task="map", action_type="downtime"),
        "pte.time.downtime-phase",
        ACTION_TYPES,
    )
    play(game, act("start_combat", "gm", order=["ash", "brock"]))
    refused(
        game, act("work_task", "ash", task="map"), "pte.time.extended-not-in-combat", ACTION_TYPES
    )
    play(game, act("end_combat", "gm"))
    play(game, act("start_downtime", "gm"))
    spent = first(
        play(game, act("work_task", "ash", task="map", action_type="downtime", hours=4), [1] * 6),
        "time_spent",
    )
    assert spent["seconds"] == 4 * 3600


def test_extended_odds_count_each_remaining_roll_like_this_one() -> None:
    """Extended checks, exact odds (docs): a Novice's three rolls toward 45 with +2 on each
    roll reach it as often as 9d6 + 6 >= 45; with a bonus die on each, as 12d6 >= 45 (which is
    the reference figure of 3d6 rolled four times, 735884981/2176782336)."""
    game = new_game()
    play(game, act("start_task", "brock", task="haul", skill="athletics", dc=15, multiplier=3))
    plus_two = odds(game, act("work_task", "brock", task="haul", bonus=2))
    assert plus_two["done_by_3"] == p_at_least(d6_sums(9), 9, 45, shift=6)
    extra_die = odds(game, act("work_task", "brock", task="haul", circumstances=[1]))
    assert extra_die["done_by_3"] == Fraction(735884981, 2176782336)


# ---------------------------------------------------------------------------------------------
# Skill Checks: opposed checks


def test_the_higher_opposed_result_wins_and_a_tie_goes_to_the_defender() -> None:
    """Opposed checks: both roll, the higher result wins; on a tie the defender (the target by
    default) wins."""
    game = new_game()
    duel = act("opposed_check", "ash", skill="athletics", target="brock")
    won = first(play(game, duel, [3, 3, 3, 3, 4, 4, 3]), "opposed_rolled")
    assert (won["total"], won["target_total"], won["success"], won["winner"]) == (
        12,
        11,
        True,
        "ash",
    )
    tie = first(play(game, duel, [3, 3, 3, 3, 4, 4, 4]), "opposed_rolled")
    assert (tie["tie"], tie["success"], tie["winner"]) == (True, False, "brock")
    lost = first(play(game, duel, [3, 3, 3, 3, 4, 4, 5]), "opposed_rolled")
    assert (lost["success"], lost["winner"]) == (False, "brock")


def test_a_tie_goes_to_whoever_keeps_the_status_quo() -> None:
    """Opposed checks: the tie goes to whoever maintains the status quo, which may be the
    acting side."""
    game = new_game()
    duel = act("opposed_check", "ash", skill="athletics", target="brock", status_quo="actor")
    tie = first(play(game, duel, [3, 3, 3, 3, 4, 4, 4]), "opposed_rolled")
    assert (tie["tie"], tie["success"], tie["winner"]) == (True, True, "ash")


def test_the_defender_rolls_their_own_rank_in_their_skill() -> None:
    """Opposed checks: each side makes its own skill roll (the target's rank in the target's
    skill: misty's Adept stealth, 4 dice)."""
    game = new_game()
    duel = act("opposed_check", "ash", skill="intuition", target="misty", target_skill="stealth")
    rolled = first(play(game, duel, [6, 6, 1, 1, 1, 1]), "opposed_rolled")
    assert rolled["roll"]["rank_faces"] == [6, 6]
    assert rolled["target_roll"]["rank_faces"] == [1, 1, 1, 1]
    assert (rolled["total"], rolled["target_total"], rolled["winner"]) == (12, 4, "ash")


def test_opposed_reference_odds() -> None:
    """Opposed checks, reference odds: 4d6+2 (the actor) against 3d6+4 (the defender, who wins
    ties): P(actor wins) 163985/279936, P(tie) 22967/279936."""
    game = new_game()
    duel = act("opposed_check", "ash", skill="athletics", bonus=2, target="brock", target_bonus=4)
    answer = odds(game, duel)
    assert answer["success"] == Fraction(163985, 279936)
    assert answer["tie"] == Fraction(22967, 279936)
    four, three = d6_sums(4), d6_sums(3)
    wins = sum(a * b for x, a in four.items() for y, b in three.items() if x + 2 > y + 4)
    ties = sum(a * b for x, a in four.items() for y, b in three.items() if x + 2 == y + 4)
    assert (Fraction(wins, 6**7), Fraction(ties, 6**7)) == (answer["success"], answer["tie"])


def test_no_one_opposes_themselves() -> None:
    """Opposed checks are opposed by someone else: the actor as their own target is refused
    (pte.opposed.tie-defender)."""
    game = new_game()
    refused(
        game,
        act("opposed_check", "ash", skill="athletics", target="ash"),
        "pte.opposed.tie-defender",
        SKILL_CHECKS,
    )


def test_opposed_odds_with_the_status_quo_on_the_actors_side() -> None:
    """Opposed checks: with the actor keeping the status quo, the actor's chance is winning
    outright plus the tie."""
    game = new_game()
    plain = odds(
        game,
        act("opposed_check", "ash", skill="athletics", bonus=2, target="brock", target_bonus=4),
    )
    kept = odds(
        game,
        act(
            "opposed_check",
            "ash",
            skill="athletics",
            bonus=2,
            target="brock",
            target_bonus=4,
            status_quo="actor",
        ),
    )
    assert kept["success"] == plain["success"] + plain["tie"] == Fraction(163985 + 22967, 279936)


# ---------------------------------------------------------------------------------------------
# Skill Checks: degrees of success


@pytest.mark.parametrize(
    ("margin", "degree"),
    [
        (0, "moderate_success"),
        (2, "moderate_success"),
        (3, "significant_success"),
        (5, "significant_success"),
        (6, "glowing_success"),
        (9, "glowing_success"),
        (-1, "moderate_failure"),
        (-2, "moderate_failure"),
        (-3, "significant_failure"),
        (-5, "significant_failure"),
        (-6, "catastrophe"),
        (-10, "catastrophe"),
    ],
)
def test_the_margin_sets_the_degree(margin: int, degree: str) -> None:
    """Degrees (READINGS): by |total - DC|: 0-2 moderate, 3-5 significant, 6 or more glowing
    success above the DC or catastrophe below it (edges at 2/3, 5/6 both ways)."""
    game = new_game()
    rolled = first(
        play(game, act("check", "ash", skill="athletics", dc=12 - margin), [3, 3, 3, 3]),
        "check_rolled",
    )
    assert rolled["margin"] == margin
    assert rolled["degree"] == degree


def test_degree_odds_match_enumeration() -> None:
    """Degrees, exact odds: an Adept against DC 15, each band counted over 4d6."""
    game = new_game()
    answer = odds(game, act("check", "ash", skill="athletics", dc=15))
    four = d6_sums(4)

    def band(low: int, high: int) -> Fraction:
        return Fraction(sum(n for t, n in four.items() if low <= t - 15 <= high), 1296)

    assert answer["moderate_success"] == band(0, 2)
    assert answer["significant_success"] == band(3, 5)
    assert answer["glowing_success"] == band(6, 99)
    assert answer["moderate_failure"] == band(-2, -1)
    assert answer["significant_failure"] == band(-5, -3)
    assert answer["catastrophe"] == band(-99, -6)
    assert answer["success"] + answer["failure"] == 1


def test_opposed_degrees_read_the_difference() -> None:
    """Degrees apply to the amount one result beats the other in an opposed check (docs)."""
    game = new_game()
    rolled = first(
        play(
            game,
            act("opposed_check", "ash", skill="athletics", target="brock"),
            [6, 6, 6, 6, 1, 1, 1],
        ),
        "opposed_rolled",
    )
    assert (rolled["margin"], rolled["degree"]) == (21, "glowing_success")


def test_a_team_check_reads_degrees_against_the_team_dc() -> None:
    """Degrees apply to a team check's total against its team DC (30 - 24 = 6 short)."""
    game = new_game()
    team = act(
        "team_check",
        "gm",
        participants=["ash", "brock", "misty"],
        skill="athletics",
        dc=10,
        people=3,
    )
    rolled = first(play(game, team, [3, 3, 3, 3, 2, 2, 2, 3, 3]), "team_rolled")
    assert (rolled["total"], rolled["margin"], rolled["degree"]) == (24, -6, "catastrophe")


# ---------------------------------------------------------------------------------------------
# Skill Powers


def test_a_skill_power_needs_its_minimum_rank() -> None:
    """Skill Powers are opened up by rank: an Adept may use an Adept power, a Novice may not
    (pte.power.min-rank)."""
    game = new_game()
    allowed(game, act("use_power", "ash", power="Scramble", dc=12))
    refused(
        game, act("use_power", "brock", power="scramble", dc=12), "pte.power.min-rank", SKILL_POWERS
    )


def test_a_powers_built_in_circumstance_is_rolled_and_not_stacked() -> None:
    """Skill Powers: circumstance modifiers come built into powers; READINGS: they do not
    stack with a GM die for the same circumstance (refused, pte.circumstance.no-double-count),
    while another circumstance still adds its die."""
    game = new_game()
    rolled = first(
        play(game, act("use_power", "ash", power="Scramble", dc=12), [3, 3, 3, 3, 5]),
        "check_rolled",
    )
    assert rolled["roll"]["bonus_faces"] == [5]
    assert (rolled["total"], rolled["power"], rolled["check"]) == (17, "Scramble", "power")
    refused(
        game,
        act(
            "use_power",
            "ash",
            power="Scramble",
            dc=12,
            circumstances=[{"name": "Rough Terrain", "dice": 1}],
        ),
        "pte.circumstance.no-double-count",
        SKILL_POWERS,
    )
    both = first(
        play(
            game,
            act(
                "use_power",
                "ash",
                power="Scramble",
                dc=12,
                circumstances=[{"name": "night", "dice": -1}],
            ),
            [3, 3, 3, 3, 5, 2],
        ),
        "check_rolled",
    )
    assert both["total"] == 15


def test_checks_need_no_power_and_a_powers_fixed_dc_applies() -> None:
    """Skill Powers: a check may be made without any power; a power with its own DC uses it."""
    game = new_game()
    basic = first(
        play(game, act("check", "brock", skill="survival", dc=12), [3, 3, 3, 2]), "check_rolled"
    )
    assert (basic["power"], basic["success"]) == (None, False)
    steady = first(
        play(game, act("use_power", "brock", power="Steady Hands"), [3, 3, 3, 3]), "check_rolled"
    )
    assert (steady["dc"], steady["total"], steady["success"]) == (12, 12, True)


def test_a_power_allowing_take_x_on_any_action_needs_its_own_take_x() -> None:
    """Skill Powers: a source may allow Take X on a Free or Interrupt action; that permission
    belongs to a power's own Take X, so a power declaring it without a Take X is rejected at
    set-up naming the field (READINGS, all rulesets: no flag accepted and then ignored)."""
    power = {
        "name": "Grab",
        "skill": "athletics",
        "action_type": "interrupt",
        "take_any_action": True,
    }
    with pytest.raises(SetupError, match="take_any_action"):
        Game(PTE, {"characters": {"ash": {}}, "powers": [power]}, seed=1)
    Game(PTE, {"characters": {"ash": {}}, "powers": [{**power, "take": 2}]}, seed=1)


# ---------------------------------------------------------------------------------------------
# Skill Powers: Take X


def test_an_adept_taking_3_totals_12_without_rolling() -> None:
    """Take X: every die counts as X instead of being rolled; the text's example, Adept taking
    3, is 4 x 3 = 12 (with 6 times the time, as Take 3 needs)."""
    game = new_game()
    # no forced faces and no fallback: a single die rolled would fail the play
    rolled = first(
        play(game, act("check", "ash", skill="athletics", dc=12, take=3, time_factor=6)),
        "check_rolled",
    )
    assert rolled["total"] == 12
    assert rolled["roll"]["rank_faces"] == [3, 3, 3, 3]
    assert rolled["roll"]["take"] == 3
    assert rolled["success"] is True
    assert (
        odds(game, act("check", "ash", skill="athletics", dc=12, take=3, time_factor=6))["success"]
        == 1
    )
    assert (
        odds(game, act("check", "ash", skill="athletics", dc=13, take=3, time_factor=6))["success"]
        == 0
    )


def test_take_x_fixes_circumstance_dice_at_x() -> None:
    """Take X + READINGS: circumstance dice count X as well: an Adept taking 3 with one penalty
    die has 9, with one bonus die 15."""
    game = new_game()
    down = first(
        play(
            game,
            act("check", "ash", skill="athletics", dc=1, take=3, time_factor=6, circumstances=[-1]),
        ),
        "check_rolled",
    )
    assert down["total"] == 9
    up = first(
        play(
            game,
            act("check", "ash", skill="athletics", dc=1, take=3, time_factor=6, circumstances=[1]),
        ),
        "check_rolled",
    )
    assert up["total"] == 15


@pytest.mark.parametrize("take", [0, 7])
def test_x_is_a_face_from_1_to_6(take: int) -> None:
    """Take X: X is a number from 1 to 6; 0 or 7 is refused (pte.take.fixed-dice)."""
    game = new_game()
    refused(
        game,
        act("check", "ash", skill="athletics", dc=10, take=take, time_factor=30),
        "pte.take.fixed-dice",
        SKILL_POWERS,
    )


def test_take_x_only_when_neither_threatened_nor_distracted() -> None:
    """Take X: not while threatened or distracted (pte.take.calm); allowed once calm again."""
    game = new_game()
    take = act("check", "ash", skill="athletics", dc=10, take=3, time_factor=6)
    allowed(game, take)
    play(game, act("set_condition", "gm", target="ash", threatened=True))
    refused(game, take, "pte.take.calm", SKILL_POWERS)
    allowed(game, act("check", "ash", skill="athletics", dc=10))
    play(game, act("set_condition", "gm", target="ash", threatened=False, distracted=True))
    refused(game, take, "pte.take.calm", SKILL_POWERS)
    play(game, act("set_condition", "gm", target="ash", distracted=False))
    allowed(game, take)


@pytest.mark.parametrize(
    ("take", "factor", "ok"),
    [
        (1, 6, True),
        (3, 6, True),
        (3, 5, False),
        (3, 1, False),
        (2, 30, True),
        (4, 6, False),
        (4, 29, False),
        (4, 30, True),
        (6, 29, False),
        (6, 30, True),
        (5, 30, True),
    ],
)
def test_take_x_costs_6_or_30_times_the_time(take: int, factor: int, ok: bool) -> None:
    """Take X: taking 3 (READINGS: any X up to 3) needs 6 times the normal time, taking 6 (any
    X up to 6) 30 times (pte.take.time; edges 5x/6x and 29x/30x)."""
    game = new_game()
    action = act("check", "ash", skill="athletics", dc=10, take=take, time_factor=factor)
    if ok:
        allowed(game, action)
    else:
        refused(game, action, "pte.take.time", SKILL_POWERS)


def test_the_time_of_take_x_is_spent() -> None:
    """Take X: the check takes 6 times as long: a Standard action (3 s) taken with Take 3
    spends 18 s; Take 6 on an Extended (S) of 2 minutes spends an hour."""
    game = new_game()
    spent = first(
        play(game, act("check", "ash", skill="athletics", dc=10, take=3, time_factor=6)),
        "time_spent",
    )
    assert spent["seconds"] == 18
    spent = first(
        play(
            game,
            act(
                "check",
                "ash",
                skill="athletics",
                dc=10,
                take=6,
                time_factor=30,
                action_type="extended_s",
                minutes=2,
            ),
        ),
        "time_spent",
    )
    assert spent["seconds"] == 3600


@pytest.mark.parametrize("action_type", ["free", "interrupt", "full_interrupt"])
def test_no_take_x_on_free_or_interrupt_actions(action_type: str) -> None:
    """Take X: never on a Free or Interrupt action (a Full Action + Interrupt is an Interrupt)
    unless a source allows it (pte.take.action-type)."""
    game = new_game()
    refused(
        game,
        act(
            "check", "ash", skill="athletics", dc=10, take=3, time_factor=6, action_type=action_type
        ),
        "pte.take.action-type",
        SKILL_POWERS,
    )
    allowed(
        game,
        act("check", "ash", skill="athletics", dc=10, take=3, time_factor=6, action_type="full"),
    )


def test_a_power_may_grant_take_x_with_no_extra_time_and_on_an_interrupt() -> None:
    """Skill Powers: a power that states Take X grants it without the extra time (READINGS: the
    6x/30x cost is for Take X no power grants), and a source may allow it on an Interrupt;
    another X through the same power still costs its time (pte.take.time) and a power without
    that permission stays barred from Free actions."""
    game = new_game()
    steady = first(
        play(game, act("use_power", "brock", power="Steady Hands", take=3)), "check_rolled"
    )
    assert (steady["total"], steady["success"]) == (12, True)
    refused(
        game, act("use_power", "brock", power="Steady Hands", take=2), "pte.take.time", SKILL_POWERS
    )
    snatch = first(play(game, act("use_power", "misty", power="Snatch", take=2)), "check_rolled")
    assert (snatch["total"], snatch["success"]) == (4, False)
    refused(
        game,
        act("use_power", "misty", power="Snatch", take=3, time_factor=6),
        "pte.take.action-type",
        SKILL_POWERS,
    )


def test_an_extended_roll_may_take_3_at_six_times_its_time() -> None:
    """Take X on an extended check's roll: Take 3 at 6 times an Extended (S) of 10 minutes is
    an hour, and counts 3 on each die (Master: 18)."""
    game = new_game()
    play(game, act("start_task", "ash", task="map", skill="survival", dc=10, multiplier=5))
    events = play(game, act("work_task", "ash", task="map", minutes=10, take=3, time_factor=6))
    assert first(events, "task_rolled")["total"] == 18
    assert first(events, "time_spent")["seconds"] == 3600
    refused(
        game,
        act("work_task", "ash", task="map", minutes=10, take=3, time_factor=5),
        "pte.take.time",
        SKILL_POWERS,
    )


def test_no_action_stretches_in_combat() -> None:
    """Take X's extra time cannot be spent in a combat turn (READINGS: Take X needs 6x/30x the
    time; docs: a combat turn cannot stretch): a stretched action in combat is refused by the
    Take X time rule (pte.take.time), whether or not it takes X, while a power's own Take X
    needs no extra time and is allowed there; out of combat the same stretch is fine."""
    game = combat_game()
    refused(
        game,
        act("check", "ash", skill="athletics", dc=5, take=3, time_factor=6),
        "pte.take.time",
        SKILL_POWERS,
    )
    refused(
        game,
        act("check", "ash", skill="athletics", dc=5, time_factor=6),
        "pte.take.time",
        SKILL_POWERS,
    )
    allowed(game, act("use_power", "ash", power="Steady Hands", take=3))
    play(game, act("end_combat", "gm"))
    allowed(game, act("check", "ash", skill="athletics", dc=5, time_factor=6))


def test_a_power_grants_only_its_own_x_without_the_extra_time() -> None:
    """Skill Powers (READINGS: the 6x/30x cost holds unless a power grants a specific Take
    X): Steady Hands grants Take 3 at no extra time; Take 1 through it is not the granted X
    and needs its 6x time (refused at 1x, allowed at 6x)."""
    game = new_game()
    allowed(game, act("use_power", "brock", power="Steady Hands", take=3))
    refused(
        game, act("use_power", "brock", power="Steady Hands", take=1), "pte.take.time", SKILL_POWERS
    )
    allowed(game, act("use_power", "brock", power="Steady Hands", take=1, time_factor=6))


def test_take_x_in_an_opposed_check_needs_calm_too() -> None:
    """Take X applies to the acting side of an opposed check (every die counts X), and is
    refused while the actor is threatened (pte.take.calm)."""
    game = new_game()
    duel = act("opposed_check", "ash", skill="athletics", target="brock", take=3, time_factor=6)
    rolled = first(play(game, duel, [1, 1, 1]), "opposed_rolled")
    assert (rolled["total"], rolled["target_total"], rolled["winner"]) == (12, 3, "ash")
    play(game, act("set_condition", "gm", target="ash", threatened=True))
    refused(game, duel, "pte.take.calm", SKILL_POWERS)


# ---------------------------------------------------------------------------------------------
# Action Types: lengths and where they may be taken


def test_action_lengths_on_the_scene_clock() -> None:
    """Action Types: Free and Interrupt take under a second or two (1 s), Standard a few
    seconds (3 s), Full a round (10 s)."""
    game = new_game()
    seconds = {}
    for action_type in ["free", "interrupt", "standard", "full"]:
        spent = first(
            play(
                game, act("check", "ash", skill="athletics", dc=1, action_type=action_type), [1] * 4
            ),
            "time_spent",
        )
        seconds[action_type] = spent["seconds"]
    assert seconds == {"free": 1, "interrupt": 1, "standard": 3, "full": 10}


@pytest.mark.parametrize(
    ("action_type", "minutes", "ok"),
    [
        ("extended_s", 1, True),
        ("extended_s", 30, True),
        ("extended_s", 31, False),
        ("extended_l", 30, True),
        ("extended_l", 60, True),
        ("extended_l", 29, False),
        ("extended_l", 61, False),
    ],
)
def test_extended_action_lengths(action_type: str, minutes: int, ok: bool) -> None:
    """Action Types: an Extended Action (S) lasts 1-30 minutes, (L) 30-60 minutes
    (pte.time.extended-length; edges both ways)."""
    game = new_game()
    action = act("check", "ash", skill="survival", dc=10, action_type=action_type, minutes=minutes)
    if ok:
        spent = first(play(game, action, [1] * 6), "time_spent")
        assert spent["seconds"] == minutes * 60
    else:
        refused(game, action, "pte.time.extended-length", ACTION_TYPES)


def test_an_extended_s_of_under_a_minute_is_refused() -> None:
    """Action Types: (S) lasts from one minute; a shorter length is refused or rejected (zero
    minutes is out of range)."""
    game = new_game()
    action = act("check", "ash", skill="survival", dc=10, action_type="extended_s", minutes=0)
    try:
        refusal = game.check(action)
    except BadActionError as error:
        assert "minutes" in str(error)
    else:
        assert refusal is not None and refusal.rule == "pte.time.extended-length"


def test_downtime_actions_only_in_the_downtime_phase() -> None:
    """Action Types: Downtime actions can only be done in the Downtime phase
    (pte.time.downtime-phase), in the scene or in combat alike."""
    game = new_game()
    downtime = act("check", "ash", skill="survival", dc=10, action_type="downtime")
    refused(game, downtime, "pte.time.downtime-phase", ACTION_TYPES)
    play(game, act("start_downtime", "gm"))
    allowed(game, downtime)
    play(game, act("end_downtime", "gm"))
    play(game, act("start_combat", "gm", order=["ash", "brock"]))
    refusal = game.check(downtime)
    assert refusal is not None
    assert refusal.rule in {"pte.time.downtime-phase", "pte.time.extended-not-in-combat"}


@pytest.mark.parametrize(("hours", "ok"), [(2, True), (4, True), (1, False), (5, False)])
def test_downtime_actions_last_2_to_4_hours(hours: int, ok: bool) -> None:
    """Action Types + READINGS: a Downtime action lasts 2-4 hours, validated
    (pte.time.downtime-length)."""
    game = new_game()
    play(game, act("start_downtime", "gm"))
    action = act("check", "ash", skill="survival", dc=10, action_type="downtime", hours=hours)
    if ok:
        spent = first(play(game, action, [1] * 6), "time_spent")
        assert spent["seconds"] == hours * 3600
    else:
        refused(game, action, "pte.time.downtime-length", ACTION_TYPES)


def test_downtime_length_in_minutes_at_the_edges() -> None:
    """Action Types: the 2-4 hour bounds hold to the minute (119 and 241 minutes refused)."""
    game = new_game()
    play(game, act("start_downtime", "gm"))
    allowed(game, act("check", "ash", skill="survival", dc=10, action_type="downtime", minutes=120))
    allowed(game, act("check", "ash", skill="survival", dc=10, action_type="downtime", minutes=240))
    refused(
        game,
        act("check", "ash", skill="survival", dc=10, action_type="downtime", minutes=119),
        "pte.time.downtime-length",
        ACTION_TYPES,
    )
    refused(
        game,
        act("check", "ash", skill="survival", dc=10, action_type="downtime", minutes=241),
        "pte.time.downtime-length",
        ACTION_TYPES,
    )


def test_extended_actions_are_too_long_for_combat() -> None:
    """Action Types: Extended actions take too long to use in combat
    (pte.time.extended-not-in-combat); after combat they are fine again."""
    game = new_game()
    play(game, act("start_combat", "gm", order=["ash", "brock"]))
    refused(
        game,
        act("check", "ash", skill="survival", dc=10, action_type="extended_s"),
        "pte.time.extended-not-in-combat",
        ACTION_TYPES,
    )
    refused(
        game,
        act("check", "ash", skill="survival", dc=10, action_type="extended_l"),
        "pte.time.extended-not-in-combat",
        ACTION_TYPES,
    )
    play(game, act("end_combat", "gm"))
    allowed(game, act("check", "ash", skill="survival", dc=10, action_type="extended_s"))


def test_a_listed_length_of_1d4_rounds() -> None:
    """Action Types: some actions list their own time, like 1d4 rounds: rolled (after the
    check) and 10 s a round."""
    game = new_game()
    events = play(
        game,
        act("check", "ash", skill="athletics", dc=1, action_type="rounds", rounds="1d4"),
        [1, 1, 1, 1, 3],
    )
    assert first(events, "rounds_rolled")
    assert first(events, "time_spent")["seconds"] == 30


def test_a_power_may_list_its_own_length_in_rounds() -> None:
    """Action Types: a few actions list how long they take, such as 1d4 rounds. A Skill Power
    of listed rounds carries that length as data: used without `rounds`, its 1d4 is rolled
    after the check (face 3: 30 s), it is offered with that cost, and in combat it fills the
    turn and takes the next ones (pte.time.listed-duration). A listed length on a power of
    another type, or one that is not 1-100 rounds or dice, is rejected at set-up."""
    dig = {"name": "Dig In", "skill": "survival", "action_type": "rounds", "rounds": "1d4", "dc": 5}
    game = new_game(powers=[dig])
    events = play(game, act("use_power", "ash", power="Dig In"), [1] * 6 + [3])
    assert first(events, "rounds_rolled")
    assert first(events, "time_spent")["seconds"] == 30
    offered = [
        o
        for o in game.legal_actions(None)
        if o.kind == "use_power" and o.params.get("power") == "Dig In"
    ]
    assert offered and all("1d4" in str(o.cost) for o in offered)
    play(game, act("start_combat", "gm", order=["ash", "brock"]))
    play(game, act("use_power", "ash", power="Dig In"), [1] * 6 + [2])
    play(game, act("end_turn", "ash"))
    play(game, act("end_turn", "brock"))
    assert game.view()["combat"]["current"] == "brock"  # ash's round-2 turn went to digging
    for bad in (
        {**dig, "action_type": "standard"},
        {**dig, "rounds": "0d4"},
        {**dig, "rounds": 101},
    ):
        with pytest.raises(SetupError, match=r"powers\[0\].*rounds"):
            Game(PTE, {"characters": {"ash": {}}, "powers": [bad]}, seed=1)


# ---------------------------------------------------------------------------------------------
# Action Types: aid that scales, packing, the end of downtime


def test_similar_aid_takes_the_aided_actions_time() -> None:
    """Action Types, the Push Agreement example: an Extended (S) taking 15 minutes, and
    another person's Extended (S) offered as aid in the same sequence takes 15 minutes too,
    whatever length it was given."""
    game = new_game()
    push = first(
        play(game, act("use_power", "ash", power="Haggle", dc=12, minutes=15), [1] * 5),
        "time_spent",
    )
    aid = first(
        play(
            game,
            act("use_power", "brock", power="Sweet Talk", dc=12, minutes=5, aiding="ash"),
            [1] * 6,
        ),
        "time_spent",
    )
    assert (aid["seconds"], aid["start"], aid["end"]) == (900, push["start"], push["end"])
    assert aid["aiding"] == "ash"


def test_aid_of_another_size_is_allowed_but_keeps_its_length() -> None:
    """Action Types + READINGS: similar actions are of the same type and size; an (L) offered
    as aid to an (S) is still allowed and keeps its own length, without stretching the aided
    (S)."""
    game = new_game()
    push = first(
        play(game, act("use_power", "ash", power="Haggle", dc=12, minutes=15), [1] * 5),
        "time_spent",
    )
    aid = first(
        play(
            game,
            act(
                "check",
                "brock",
                skill="charm",
                dc=12,
                action_type="extended_l",
                minutes=40,
                aiding="ash",
            ),
            [1] * 6,
        ),
        "time_spent",
    )
    assert aid["seconds"] == 2400
    assert game.view()["characters"]["ash"]["current"]["end"] == push["end"]


def test_aid_needs_an_action_under_way() -> None:
    """Action Types: aid scales to an action being taken; with nothing under way to aid it is
    refused (pte.time.aid-scales)."""
    game = new_game()
    refused(
        game,
        act("check", "brock", skill="charm", dc=12, action_type="extended_s", aiding="ash"),
        "pte.time.aid-scales",
        ACTION_TYPES,
    )


def test_two_s_fit_one_l_and_two_l_fit_one_downtime_action() -> None:
    """Action Types: two Extended (S) fit in the space of one (L), two (L) in one Downtime
    action: one Downtime action holds four (S), and a fifth is refused (pte.time.packing)."""
    game = new_game()
    play(game, act("start_downtime", "gm", actions=1))
    for _ in range(4):
        play(game, act("check", "ash", skill="survival", dc=10, action_type="extended_s"), [1] * 6)
    refused(
        game,
        act("check", "ash", skill="survival", dc=10, action_type="extended_s"),
        "pte.time.packing",
        ACTION_TYPES,
    )


def test_two_l_fill_a_downtime_action_and_then_nothing_extended_fits() -> None:
    """Action Types: two (L) fill one Downtime action; a third (L) is refused, and so is a
    Downtime action after them (pte.time.packing); another character still has room."""
    game = new_game()
    play(game, act("start_downtime", "gm", actions=1))
    play(game, act("check", "ash", skill="survival", dc=10, action_type="extended_l"), [1] * 6)
    play(game, act("check", "ash", skill="survival", dc=10, action_type="extended_l"), [1] * 6)
    refused(
        game,
        act("check", "ash", skill="survival", dc=10, action_type="extended_l"),
        "pte.time.packing",
        ACTION_TYPES,
    )
    refused(
        game,
        act("check", "ash", skill="survival", dc=10, action_type="downtime"),
        "pte.time.packing",
        ACTION_TYPES,
    )
    allowed(game, act("check", "brock", skill="survival", dc=10, action_type="downtime"))


def test_an_s_and_an_l_share_a_downtime_action_as_their_sizes_allow() -> None:
    """Action Types: with two Downtime actions scheduled, one Downtime action plus two (L) fit,
    then nothing more (pte.time.packing)."""
    game = new_game()
    play(game, act("start_downtime", "gm", actions=2))
    play(game, act("check", "ash", skill="survival", dc=10, action_type="downtime"), [1] * 6)
    play(game, act("check", "ash", skill="survival", dc=10, action_type="extended_l"), [1] * 6)
    play(game, act("check", "ash", skill="survival", dc=10, action_type="extended_s"), [1] * 6)
    play(game, act("check", "ash", skill="survival", dc=10, action_type="extended_s"), [1] * 6)
    refused(
        game,
        act("check", "ash", skill="survival", dc=10, action_type="extended_s"),
        "pte.time.packing",
        ACTION_TYPES,
    )


def test_the_end_of_downtime_moves_the_clock_to_the_last_one_done() -> None:
    """Action Types: Downtime actions last 2-4 hours; when the GM ends the phase the scene
    clock moves to when the last character finished (4 h here), and a Downtime action of
    someone else offered as aid (same type and size) scales to the aided one."""
    game = new_game()
    start = game.view()["clock"]["seconds"]
    play(game, act("start_downtime", "gm"))
    play(
        game, act("check", "ash", skill="survival", dc=10, action_type="downtime", hours=4), [1] * 6
    )
    aid = first(
        play(
            game,
            act(
                "check",
                "brock",
                skill="survival",
                dc=10,
                action_type="downtime",
                hours=2,
                aiding="ash",
            ),
            [1] * 4,
        ),
        "time_spent",
    )
    assert aid["seconds"] == 4 * 3600
    play(game, act("end_downtime", "gm"))
    assert game.view()["clock"]["seconds"] == start + 4 * 3600


def test_aid_that_scales_needs_the_aider_free_of_other_extended_work() -> None:
    """Action Types: aid offered as a similar action takes the same time as the aided one
    (the Push Agreement + Flirt example: both the same 15 minutes). A character whose own
    Extended (L) runs through that time cannot also spend it aiding (they would be in two
    Extended actions at once): refused (pte.time.aid-scales); nor can the same aid be
    offered twice. Someone free at its start may aid."""
    game = new_game()
    play(game, act("use_power", "ash", power="Haggle", dc=12, minutes=15), [1] * 5)
    play(game, act("check", "brock", skill="charm", dc=10, action_type="extended_l"), [1] * 6)
    refused(
        game,
        act("use_power", "brock", power="Sweet Talk", dc=12, aiding="ash"),
        "pte.time.aid-scales",
        ACTION_TYPES,
    )
    aid = act("use_power", "misty", power="Sweet Talk", dc=12, aiding="ash")
    spent = first(play(game, aid, [1] * 5), "time_spent")
    assert (spent["start"], spent["seconds"]) == (0, 900)
    refused(game, aid, "pte.time.aid-scales", ACTION_TYPES)


# ---------------------------------------------------------------------------------------------
# Action Types: combat turns


def test_a_full_action_is_a_round_and_fills_the_turn() -> None:
    """Action Types: a Full action takes a full round (10 s): nothing but Free/Interrupt fits
    after it in the turn (pte.economy.turn), and it cannot follow a Standard one
    (pte.combat.full-action)."""
    game = combat_game()
    play(game, act("check", "ash", skill="athletics", dc=1, action_type="full"), [1] * 4)
    refused(game, act("check", "ash", skill="athletics", dc=1), "pte.economy.turn", ACTION_TYPES)
    allowed(game, act("check", "ash", skill="athletics", dc=1, action_type="interrupt"))
    allowed(game, act("check", "ash", skill="athletics", dc=1, action_type="free"))
    play(game, act("end_turn", "ash"))
    play(game, act("check", "brock", skill="athletics", dc=1), [1] * 3)
    refused(
        game,
        act("check", "brock", skill="athletics", dc=1, action_type="full"),
        "pte.combat.full-action",
        ACTION_TYPES,
    )


def test_a_combat_round_is_ten_seconds_on_the_clock() -> None:
    """Action Types: a round is 10 seconds; after each combatant ended a turn the clock reads
    10 s more."""
    game = combat_game()
    start = game.view()["clock"]["seconds"]
    for actor in ["ash", "brock", "misty"]:
        play(game, act("end_turn", actor))
    assert game.view()["combat"]["round"] == 2
    assert game.view()["clock"]["seconds"] == start + 10


def test_only_interrupts_and_triggered_free_actions_outside_ones_turn() -> None:
    """Action Types + READINGS: Interrupts may be taken outside one's own turn; a Free action
    answering a trigger too; a Standard action or an untriggered Free action is refused
    (pte.combat.own-turn)."""
    game = combat_game()
    allowed(game, act("check", "brock", skill="athletics", dc=1, action_type="interrupt"))
    allowed(
        game,
        act("check", "brock", skill="athletics", dc=1, action_type="free", trigger="a rock falls"),
    )
    refused(
        game, act("check", "brock", skill="athletics", dc=1), "pte.combat.own-turn", ACTION_TYPES
    )
    refused(
        game,
        act("check", "brock", skill="athletics", dc=1, action_type="free"),
        "pte.combat.own-turn",
        ACTION_TYPES,
    )
    allowed(game, act("check", "ash", skill="athletics", dc=1))


def test_a_full_action_and_interrupt_skips_the_next_turn() -> None:
    """Action Types: a Full Action + Interrupt takes the whole turn out of initiative order,
    and the actor's next turn is skipped once the order reaches it; a second one before that
    skip is refused (pte.combat.full-interrupt)."""
    game = combat_game()
    play(
        game, act("check", "misty", skill="athletics", dc=1, action_type="full_interrupt"), [1] * 2
    )
    refused(
        game,
        act("check", "misty", skill="athletics", dc=1, action_type="full_interrupt"),
        "pte.combat.full-interrupt",
        ACTION_TYPES,
    )
    play(game, act("end_turn", "ash"))
    play(game, act("end_turn", "brock"))
    # misty's turn in round 1 is skipped: round 2 starts with ash
    view = game.view()
    assert (view["combat"]["round"], game.view()["combat"]["current"]) == (2, "ash")
    play(game, act("end_turn", "ash"))
    play(game, act("end_turn", "brock"))
    assert game.view()["combat"]["current"] == "misty"
    allowed(game, act("check", "misty", skill="athletics", dc=1))


def test_the_gm_has_no_turn_to_take_a_team_check_in_combat() -> None:
    """Action Types, combat: a team check in combat is taken by a participant in their turn;
    the GM's is refused by the own-turn rule (a rule of the moment, not bad input), while out
    of combat the GM may call it."""
    game = combat_game()
    team = act("team_check", "gm", participants=["ash", "brock"], skill="athletics", dc=5)
    refused(game, team, "pte.combat.own-turn", ACTION_TYPES)
    allowed(game, act("team_check", "ash", participants=["ash", "brock"], skill="athletics", dc=5))
    play(game, act("end_combat", "gm"))
    allowed(game, team)


def test_a_full_action_and_interrupt_on_ones_own_turn_is_refused() -> None:
    """Action Types: the Full Action + Interrupt is the whole turn taken out of its usual
    order; on one's own turn (docs reading) it is refused (pte.combat.full-interrupt), a plain
    Full action is the way."""
    game = combat_game()
    refused(
        game,
        act("check", "ash", skill="athletics", dc=1, action_type="full_interrupt"),
        "pte.combat.full-interrupt",
        ACTION_TYPES,
    )
    allowed(game, act("check", "ash", skill="athletics", dc=1, action_type="full"))


def test_a_full_action_and_interrupt_after_ones_turn_takes_the_next_rounds_turn() -> None:
    """Action Types: taken after one's own turn in the round, the Full Action + Interrupt
    skips the actor's turn in the next round, when the order reaches it."""
    game = combat_game()
    play(game, act("end_turn", "ash"))
    play(game, act("check", "ash", skill="athletics", dc=1, action_type="full_interrupt"), [1] * 4)
    play(game, act("end_turn", "brock"))
    events = play(game, act("end_turn", "misty"))
    assert "turn_skipped" in [event.type for event in events]
    combat = game.view()["combat"]
    assert (combat["round"], combat["current"]) == (2, "brock")


def test_an_action_of_listed_rounds_takes_the_following_turns() -> None:
    """Action Types: an action listing 3 rounds fills this turn and the next two of the actor;
    meanwhile they can do nothing else (pte.time.listed-duration), afterwards they act again."""
    game = combat_game()
    play(
        game, act("check", "ash", skill="athletics", dc=1, action_type="rounds", rounds=3), [1] * 4
    )
    for actor in ["ash", "brock", "misty"]:
        play(game, act("end_turn", actor))
    # round 2: ash's turn is taken by the action
    assert game.view()["combat"]["current"] == "brock"
    refused(
        game,
        act("check", "ash", skill="athletics", dc=1, action_type="interrupt"),
        "pte.time.listed-duration",
        ACTION_TYPES,
    )
    for actor in ["brock", "misty"]:
        play(game, act("end_turn", actor))
    assert game.view()["combat"]["current"] == "brock"  # round 3: taken again
    for actor in ["brock", "misty"]:
        play(game, act("end_turn", actor))
    assert (game.view()["combat"]["round"], game.view()["combat"]["current"]) == (4, "ash")
    allowed(game, act("check", "ash", skill="athletics", dc=1))


# ---------------------------------------------------------------------------------------------
# Who sets what (READINGS "## pte": the DC, circumstance dice, synergy and Take X are the GM's)


def test_a_prepared_task_is_rolled_with_the_gms_numbers_and_a_player_cannot_set_them() -> None:
    """READINGS: the GM sets the DC and the circumstance dice, a player names the task and the
    skill: a check on the GM's task rolls its DC and its penalty die; a player's own DC,
    circumstance or synergy on it is refused (pte.scene.gm-sets), a flat bonus is not the
    GM's and is allowed."""
    game = new_game(tasks={"wall": {"dc": 12, "skill": "athletics", "circumstances": [-1]}})
    rolled = first(play(game, act("check", "ash", task="wall"), [3, 3, 3, 3, 2]), "check_rolled")
    assert (rolled["dc"], rolled["total"], rolled["success"]) == (12, 10, False)
    for extra in ({"dc": 5}, {"circumstances": [1]}, {"synergy": "survival"}):
        refusal = refused(
            game, act("check", "ash", task="wall", **extra), "pte.scene.gm-sets", SKILL_CHECKS
        )
        assert next(iter(extra)) in refusal.reason
    allowed(game, act("check", "ash", task="wall", bonus=2))


@pytest.mark.parametrize(
    ("task", "rule", "section"),
    [
        ({"dc": 9, "take": 3}, "pte.take.time", SKILL_POWERS),
        ({"dc": 9, "take": 4, "time_factor": 6}, "pte.take.time", SKILL_POWERS),
        ({"dc": 9, "take": 7, "time_factor": 30}, "pte.take.fixed-dice", SKILL_POWERS),
        (
            {"dc": 9, "circumstances": [{"name": "dark", "dice": -2}]},
            "pte.circumstance.one-die",
            SKILL_CHECKS,
        ),
        (
            {"dc": 9, "circumstances": [{"name": "dark", "dice": -1}] * 2},
            "pte.circumstance.no-double-count",
            SKILL_POWERS,
        ),
        (
            {"dc": 9, "skill": "athletics", "synergy": "Athletics"},
            "pte.synergy.half-rank",
            SKILL_CHECKS,
        ),
    ],
)
def test_a_task_the_gm_prepares_breaks_no_rule_of_the_check_on_it(
    task: dict[str, Any], rule: str, section: str
) -> None:
    """READINGS (who sets what) with Skill Powers / Skill Checks: the GM's numbers of a
    prepared task are held to the same rules as a check's (Take X a face with 6x/30x its
    time, one die per circumstance, named once, synergy from another skill). Since a player
    may not set them on the task, a task breaking one could never be rolled: it is refused
    when prepared (`prepare_task`) and rejected in the set-up, naming the rule."""
    game = new_game()
    refused(game, act("prepare_task", "gm", name="lock", **task), rule, section)
    with pytest.raises(SetupError, match=rule.replace(".", r"\.")):
        new_game(tasks={"lock": task})


def test_a_prepared_take_x_with_its_time_is_rolled() -> None:
    """Take X on a prepared task: the GM permits Take 3 with 6x the time; the player's check
    on it takes 3 on every die (Pathetic stealth: 3) and 6 x 3 s of the clock."""
    game = new_game()
    play(game, act("prepare_task", "gm", name="lock", dc=3, skill="stealth", take=3, time_factor=6))
    events = play(game, act("check", "ash", task="lock"))
    rolled = first(events, "check_rolled")
    assert (rolled["take"], rolled["total"], rolled["success"]) == (3, 3, True)
    assert first(events, "time_spent")["seconds"] == 18


def test_a_request_is_answered_with_the_gms_numbers() -> None:
    """READINGS: a player names the skill; the GM answers with the DC (and may permit Take X):
    the roll is the player's. A player answering is refused (pte.scene.gm-controls)."""
    game = new_game()
    play(game, act("request_check", "ash", skill="athletics", helper="brock"))
    refused(
        game,
        act("answer_check", "brock", request="r1", dc=10),
        "pte.scene.gm-controls",
        SKILL_CHECKS,
    )
    rolled = first(
        play(game, act("answer_check", "gm", request="r1", dc=13, take=3, time_factor=6)),
        "check_rolled",
    )
    assert (rolled["actor"], rolled["total"], rolled["success"]) == ("ash", 13, True)


@pytest.mark.parametrize(
    ("actor", "params", "rule", "section"),
    [
        ("ash", {"skill": "athletics", "helper": "misty"}, "pte.assist.helper-rank", SKILL_CHECKS),
        ("ash", {"skill": "athletics", "helper": "ash"}, "pte.assist.one-helper", SKILL_CHECKS),
        ("brock", {"power": "Scramble"}, "pte.power.min-rank", SKILL_POWERS),
    ],
)
def test_a_request_no_answer_could_allow_is_refused_at_once(
    actor: str, params: dict[str, Any], rule: str, section: str
) -> None:
    """Assisted checks / Skill Powers: whether the helper may help (Novice or better, someone
    else) and whether the roller has the power's rank do not hang on any number the GM gives;
    a request they forbid is refused when made, naming the rule, rather than left open for an
    answer that would be refused. The same request with a Novice helper or an Adept is
    taken."""
    game = new_game()
    refused(game, act("request_check", actor, **params), rule, section)
    allowed(game, act("request_check", "ash", skill="athletics", helper="brock"))
    allowed(game, act("request_check", "ash", power="Scramble"))


def test_only_the_gm_moves_the_phases_and_the_clock() -> None:
    """Action Types + READINGS: the GM sets the scene: a player starting downtime or combat,
    moving the clock or marking a character is refused (pte.scene.gm-controls)."""
    game = new_game()
    for action in (
        act("start_downtime", "ash"),
        act("start_combat", "ash", order=["ash", "brock"]),
        act("advance_time", "ash", minutes=5),
        act("set_condition", "ash", target="brock", threatened=True),
    ):
        refused(game, action, "pte.scene.gm-controls", SKILL_CHECKS)
    allowed(game, act("advance_time", "gm", minutes=5))


# ---------------------------------------------------------------------------------------------
# All rulesets (READINGS): nothing unknown accepted; what is offered is allowed


def test_unknown_names_are_rejected_with_their_name() -> None:
    """All rulesets (READINGS): nothing unknown is accepted silently: a misspelled parameter,
    an unknown actor or kind is bad input naming it, and nothing changes."""
    game = new_game()
    before = game.view()
    with pytest.raises(BadActionError, match="skil"):
        game.check(act("check", "ash", skil="athletics", dc=10))
    with pytest.raises(BadActionError, match="nobody"):
        game.check(act("check", "nobody", skill="athletics", dc=10))
    with pytest.raises(BadActionError, match="chek"):
        game.check(act("chek", "ash", skill="athletics", dc=10))
    assert game.view() == before


@pytest.mark.parametrize(
    ("setup", "named"),
    [
        ({**SETUP, "taks": {}}, "taks"),
        ({"characters": {"ash": {"skils": {}}}}, "characters.ash.skils"),
        (
            {"characters": {"ash": {"skills": {"athletics": "grand"}}}},
            "characters.ash.skills.athletics",
        ),
        ({"characters": {"ash": {}}, "powers": [{"name": "X", "skill": "a", "tak": 3}]}, "tak"),
        ({"characters": {"gm": {}}}, "gm"),
    ],
)
def test_an_unknown_set_up_key_is_rejected_by_name(setup: dict[str, Any], named: str) -> None:
    """All rulesets: an unknown set-up key, a rank that is not on the ladder, or the GM's
    reserved id is rejected naming it (SetupError)."""
    with pytest.raises(SetupError, match=named.replace(".", r"\.")):
        Game(PTE, setup, seed=1)


def test_every_offer_is_allowed_and_a_refused_action_has_no_odds() -> None:
    """legal_actions lists only actions `check` allows, for each character and the GM, in the
    scene, in combat (also for someone whose turn it is not) and in downtime; a refused action
    has no odds (None)."""
    game = new_game(tasks={"wall": {"dc": 12, "skill": "athletics"}})

    def offers_pass(who: str | None) -> int:
        offers = list(game.legal_actions(who))
        for offer in offers:
            assert game.check(Action(offer.kind, offer.actor, offer.params)) is None, offer
        return len(offers)

    for who in ["ash", "brock", "misty", "gary", None]:
        assert offers_pass(who) > 0
    play(game, act("start_combat", "gm", order=["ash", "brock", "misty"]))
    for who in ["ash", "brock", None]:
        assert offers_pass(who) > 0
    play(game, act("end_combat", "gm"))
    play(game, act("start_downtime", "gm"))
    for who in ["ash", None]:
        assert offers_pass(who) > 0
    assert (
        RULESET.odds(game.state, act("check", "ash", skill="athletics", dc=10, rank="master"))
        is None
    )
