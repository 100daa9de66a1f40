"""Combat maneuvers (PTU 1.05 Core p. 240-243): AC, opposed check with ties to the
defender, effects, Dirty Trick once per scene per target; exact odds against brute force."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from turnkeeper.dice import ForcedDice
from turnkeeper.rulesets.ptu.fight.data import UnknownNameError
from turnkeeper.rulesets.ptu.fight.maneuvers import (
    MANEUVERS,
    SkillRoll,
    check_skill,
    dirty_trick_allowed,
    dirty_trick_effects,
    disarmed,
    grapple,
    maneuver,
    p_maneuver_success,
    p_opposed_win,
    pushed_to,
    resolve_maneuver,
    tripped,
)
from turnkeeper.rulesets.ptu.fight.stats import FightValueError


def test_maneuver_acs() -> None:
    assert {name: m.ac for name, m in MANEUVERS.items()} == {
        "Push": 4,
        "Trip": 6,
        "Disarm": 6,
        "Grapple": 4,
        "Dirty Trick": 2,
    }


def test_unknown_maneuver_and_wrong_skill() -> None:
    with pytest.raises(UnknownNameError, match="did you mean Push"):
        maneuver("Pusj")
    check_skill("Trip", "Acrobatics")
    with pytest.raises(UnknownNameError, match="Combat or Acrobatics"):
        check_skill("Trip", "Stealth")
    check_skill("Dirty Trick", "Stealth", trick="Blind")
    with pytest.raises(UnknownNameError):
        check_skill("Dirty Trick", "Athletics", trick="Blind")


def test_maneuver_misses_below_its_ac() -> None:
    adept = SkillRoll("Adept")
    assert not resolve_maneuver("Trip", adept, adept, ForcedDice([5])).hit
    outcome = resolve_maneuver("Trip", adept, adept, ForcedDice([6, 6, 6, 6, 6, 1, 1, 1, 1]))
    assert outcome.hit and outcome.success


def test_tie_goes_to_the_defender() -> None:
    novice = SkillRoll("Novice")
    tie = resolve_maneuver("Push", novice, novice, ForcedDice([10, 3, 3, 3, 3, 3, 3]))
    assert tie.attacker_total == tie.defender_total and not tie.success
    win = resolve_maneuver("Push", novice, novice, ForcedDice([10, 3, 3, 4, 3, 3, 3]))
    assert win.success


def test_rank_dice_and_modifiers() -> None:
    assert SkillRoll("Pathetic").pool().dice == 1
    assert SkillRoll("Master", 2).pool().dice == 6
    assert SkillRoll("Master", 2).pool().flat == 2
    with pytest.raises(UnknownNameError):
        SkillRoll("Grandmaster").pool()  # type: ignore[arg-type]


def test_opposed_odds_match_brute_force() -> None:
    attacker, defender = SkillRoll("Novice", 1), SkillRoll("Untrained", 2)
    wins = total = 0
    for faces in itertools.product(range(1, 7), repeat=5):
        total += 1
        wins += sum(faces[:3]) + 1 > sum(faces[3:]) + 2
    assert p_opposed_win(attacker, defender) == Fraction(wins, total)
    # Push: AC 4, no evasion: naturals 4..20 hit.
    assert p_maneuver_success("Push", attacker, defender) == Fraction(17, 20) * Fraction(
        wins, total
    )


def test_push_moves_the_target_straight_away() -> None:
    assert pushed_to((0, 0), (1, 0)) == (2, 0)
    assert pushed_to((0, 0), (1, 1)) == (2, 2)
    assert pushed_to((3, 3), (3, 2), metres=2) == (3, 0)
    with pytest.raises(FightValueError):
        pushed_to((1, 1), (1, 1))


def test_trip_disarm_grapple_effects() -> None:
    assert tripped(frozenset()) == {"Tripped"}
    assert disarmed("Oran Berry") == (None, "Oran Berry")
    assert disarmed(None) == (None, None)
    hold = grapple("ash", "gary")
    assert hold.dominant == "ash" and hold.other == "gary"


def test_dirty_trick_once_per_scene_per_target() -> None:
    used = {("Blind", "gary")}
    assert not dirty_trick_allowed(used, "Blind", "gary")
    assert dirty_trick_allowed(used, "Blind", "brock")
    assert dirty_trick_allowed(used, "Hinder", "gary")
    with pytest.raises(UnknownNameError):
        dirty_trick_allowed(used, "Blinde", "gary")
    assert dirty_trick_effects("Low Blow") == ("Vulnerable", "initiative 0")
    assert dirty_trick_effects("Hinder") == ("Slowed", "-2 skill checks")
