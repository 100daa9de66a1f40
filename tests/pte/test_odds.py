"""Exact odds of pte checks: known answers by hand and from reference/odds.md, and properties."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.pte.reference_odds import WAYS_4D6
from turnkeeper.dice.source import ForcedDice, SeededDice
from turnkeeper.rulesets.pte import checks, pools
from turnkeeper.rulesets.pte.checks import DEGREES, degree, half_rank, parse_rank
from turnkeeper.rulesets.pte.pools import Pool


def test_rank_ladder_is_dice_count() -> None:
    names = ["pathetic", "untrained", "novice", "adept", "expert", "master"]
    assert [parse_rank(n) for n in names] == [1, 2, 3, 4, 5, 6]
    assert parse_rank("Adept") == 4
    assert parse_rank(5) == 5
    with pytest.raises(ValueError, match="not a skill rank"):
        parse_rank("grandmaster")
    with pytest.raises(ValueError, match="outside 1"):
        parse_rank(7)


def test_halves_round_down() -> None:
    # Synergy and assistance: half the rank, rounded down (READINGS).
    assert [half_rank(r) for r in range(1, 7)] == [0, 1, 1, 2, 2, 3]


@pytest.mark.parametrize(
    ("margin", "success", "expected"),
    [
        (0, True, "moderate_success"),
        (2, True, "moderate_success"),
        (3, True, "significant_success"),
        (5, True, "significant_success"),
        (6, True, "glowing_success"),
        (40, True, "glowing_success"),
        (-1, False, "moderate_failure"),
        (-2, False, "moderate_failure"),
        (-3, False, "significant_failure"),
        (-5, False, "significant_failure"),
        (-6, False, "catastrophe"),
    ],
)
def test_degree_band_boundaries(margin: int, success: bool, expected: str) -> None:
    assert degree(margin, success) == expected


def test_4d6_ways_match_reference() -> None:
    dist = pools.distribution(Pool(4))
    ways = [dist[t] * 1296 for t in range(4, 25)]
    assert ways == list(WAYS_4D6)


def test_p_4d6_at_least_15() -> None:
    assert checks.check_odds(Pool(4), 15)["success"] == Fraction(575, 1296)


def test_team_check_reference_value() -> None:
    # 2d6 + 3d6 + 4d6 against 3 x 10 (reference/odds.md).
    odds = checks.team_odds([Pool(2), Pool(3), Pool(4)], 3 * 10)
    assert odds["success"] == Fraction(727429, 1119744)


def test_opposed_reference_values() -> None:
    odds = checks.opposed_odds(Pool(4, flat=2), Pool(3, flat=4), actor_keeps_status_quo=False)
    assert odds["success"] == Fraction(163985, 279936)
    assert odds["tie"] == Fraction(22967, 279936)
    # When the actor keeps the status quo, the ties become theirs.
    keeps = checks.opposed_odds(Pool(4, flat=2), Pool(3, flat=4), actor_keeps_status_quo=True)
    assert keeps["success"] == odds["success"] + odds["tie"]


def test_extended_reference_values() -> None:
    odds = checks.extended_odds(Pool(3), 45, 4)
    assert odds["done_by_4"] == Fraction(735884981, 2176782336)
    assert odds["first_on_3"] == Fraction(2915, 629856)
    assert odds["first_on_4"] == Fraction(725810741, 2176782336)
    assert odds["success"] == odds["done_by_4"]
    # 3d6 tops out at 18: two rolls can never reach 45.
    assert odds["done_by_2"] == 0


def test_extended_odds_continue_from_a_running_total() -> None:
    fresh = checks.extended_odds(Pool(3), 45, 4)
    # After one roll of 18, the rest is the chance 3 more rolls add 27.
    later = checks.extended_odds(Pool(3), 45, 3, already=18)
    direct = checks.check_odds(Pool(9), 27)["success"]
    assert later["done_by_3"] != fresh["done_by_3"]
    assert later["first_on_1"] == 0  # 3d6 cannot make 27 in one roll
    assert later["done_by_2"] == checks.check_odds(Pool(6), 27)["success"]
    assert later["done_by_3"] == direct


def test_rough_rock_odds_with_a_penalty_die() -> None:
    # Adept (4d6) on rough rock DC 11 at night (one penalty die): count by brute force.
    from itertools import product

    wins = sum(1 for f in product(range(1, 7), repeat=5) if sum(f[:4]) - f[4] >= 11)
    assert checks.check_odds(Pool(4, penalty_dice=1), 11)["success"] == Fraction(wins, 6**5)


def test_take_x_is_certain() -> None:
    # An Adept Taking 3: 4 x 3 = 12, so DC 12 always succeeds and DC 13 always fails.
    assert pools.fixed_total(Pool(4, take=3)) == 12
    assert checks.check_odds(Pool(4, take=3), 12)["success"] == 1
    assert checks.check_odds(Pool(4, take=3), 13)["success"] == 0
    # Circumstance dice are fixed at X too (READINGS): a bonus die adds 3.
    assert pools.fixed_total(Pool(4, bonus_dice=1, take=3)) == 15
    shown = pools.roll(Pool(4, penalty_dice=1, take=3), ForcedDice([]))
    assert shown.total == 9
    assert shown.penalty_faces == (3,)


@pytest.mark.parametrize(
    "pool",
    [Pool(1), Pool(4, 1, 0, 2), Pool(2, 0, 3), Pool(6, 2, 2, -5), Pool(3, take=6)],
)
def test_degrees_sum_to_one(pool: Pool) -> None:
    for dc in (0, 5, 11, 20, 40):
        odds = checks.check_odds(pool, dc)
        assert sum(odds[d] for d in DEGREES) == 1
        assert odds["success"] + odds["failure"] == 1


def test_negative_totals_are_not_floored() -> None:
    dist = pools.distribution(Pool(1, penalty_dice=2))
    assert min(dist) == 1 - 12
    assert dist[-11] == Fraction(1, 216)


def test_roll_order_rank_then_bonus_then_penalty() -> None:
    shown = pools.roll(Pool(2, 1, 1, 3), ForcedDice([1, 2, 6, 4]))
    assert shown.rank_faces == (1, 2)
    assert shown.bonus_faces == (6,)
    assert shown.penalty_faces == (4,)
    assert shown.total == 1 + 2 + 6 - 4 + 3


def test_sampled_frequencies_agree_with_exact_odds() -> None:
    pool = Pool(4, bonus_dice=1, penalty_dice=1, flat=1)
    dc = 15
    odds = checks.check_odds(pool, dc)
    dice = SeededDice(20261129)
    n = 20000
    seen: Counter[str] = Counter()
    for _ in range(n):
        total = pools.roll(pool, dice).total
        seen[degree(total - dc, total >= dc)] += 1
    for name in DEGREES:
        p = float(odds[name])
        sigma = (p * (1 - p) / n) ** 0.5
        assert abs(seen[name] / n - p) <= 5 * sigma + 1e-9, name


@settings(max_examples=60, deadline=None)
@given(
    dice=st.integers(1, 6),
    bonus_dice=st.integers(0, 3),
    penalty_dice=st.integers(0, 3),
    flat=st.integers(-5, 5),
    dc=st.integers(0, 40),
)
def test_property_degrees_partition_the_outcomes(
    dice: int, bonus_dice: int, penalty_dice: int, flat: int, dc: int
) -> None:
    pool = Pool(dice, bonus_dice, penalty_dice, flat)
    odds = checks.check_odds(pool, dc)
    assert sum(odds[d] for d in DEGREES) == 1
    assert odds["success"] == pools.probability_at_least(pools.distribution(pool), dc)
    glowing = sum((p for t, p in pools.distribution(pool).items() if t - dc >= 6), Fraction(0))
    assert odds["glowing_success"] == glowing
