"""Exact odds: every value of /work/shared/reference/odds.md, reproduced as fractions."""

from __future__ import annotations

from fractions import Fraction

import pytest

from turnkeeper.dice import (
    D20Check,
    DiceError,
    DiceLimitError,
    Distribution,
    ExtendedCheck,
    OpposedCheck,
    TeamCheck,
    distribution,
    odds,
)

# --- the reference table, row by row ---------------------------------------------------


def test_4d6_ways_for_each_sum() -> None:
    dist = distribution("4d6")
    assert dist.outcomes == tuple(range(4, 25))
    assert dist.denominator == 1296
    assert dist.quantities == (
        1, 4, 10, 20, 35, 56, 80, 104, 125, 140, 146, 140, 125, 104, 80, 56, 35, 20, 10, 4, 1,
    )  # fmt: skip


def test_6d6_denominator_outcomes_mean_variance() -> None:
    dist = distribution("6d6")
    assert dist.denominator == 46656
    assert len(dist.outcomes) == 31
    assert dist.mean == 21
    assert dist.variance == Fraction(35, 2)


def test_20d6_denominator_outcomes_mean_variance() -> None:
    dist = distribution("20d6")
    assert dist.denominator == 3656158440062976
    assert len(dist.outcomes) == 101
    assert dist.mean == 70
    assert dist.variance == Fraction(175, 3)


def test_p_4d6_at_least_15() -> None:
    assert odds("4d6 >= 15").p_success == Fraction(575, 1296)
    assert distribution("4d6").p_at_least(15) == Fraction(575, 1296)


def test_opposed_attacker_wins_and_tie() -> None:
    result = odds("4d6+2 vs 3d6+4")
    assert result.kind == "opposed"
    assert result.p_success == Fraction(163985, 279936)
    assert result.p_tie == Fraction(22967, 279936)
    assert result.p_failure == 1 - Fraction(163985, 279936)
    check = OpposedCheck("4d6+2", "3d6+4").odds()
    assert (check.p_success, check.p_tie) == (result.p_success, result.p_tie)


def test_extended_3d6_to_45_within_4_rolls() -> None:
    result = ExtendedCheck("3d6", 45, 4).odds()
    assert result.p_success == Fraction(735884981, 2176782336)
    assert result.p_first_on[2] == Fraction(2915, 629856)
    assert result.p_first_on[3] == Fraction(725810741, 2176782336)
    zero = Fraction(0)
    assert result.p_first_on[:2] == (zero, zero)
    assert result.p_done_by == (
        zero,
        zero,
        Fraction(2915, 629856),
        Fraction(735884981, 2176782336),
    )


def test_d20_at_least_15_plain_advantage_disadvantage() -> None:
    assert odds("d20 >= 15").p_success == Fraction(3, 10)
    assert odds("d20adv >= 15").p_success == Fraction(51, 100)
    assert odds("d20dis >= 15").p_success == Fraction(9, 100)
    assert odds("2d20kh1 >= 15").p_success == Fraction(51, 100)
    assert odds("2d20kl1 >= 15").p_success == Fraction(9, 100)
    assert D20Check(0, 15).odds().p_success == Fraction(3, 10)
    assert D20Check(0, 15, advantage=True).odds().p_success == Fraction(51, 100)
    assert D20Check(0, 15, disadvantage=True).odds().p_success == Fraction(9, 100)


def test_4d6_keep_highest_3_mean() -> None:
    assert distribution("4d6kh3").mean == Fraction(15869, 1296)
    assert distribution("4d6dl1").mean == Fraction(15869, 1296)


def test_team_check_2d6_3d6_4d6_against_3_times_10() -> None:
    assert odds("2d6+3d6+4d6 >= 3*10").p_success == Fraction(727429, 1119744)
    assert TeamCheck(("2d6", "3d6", "4d6"), 30).odds().p_success == Fraction(727429, 1119744)
    scaled = TeamCheck.scaled(["2d6", "3d6", "4d6"], 10)
    assert scaled.dc == 30
    assert scaled.odds().p_success == Fraction(727429, 1119744)


# --- the rest of the exact API ----------------------------------------------------------


def test_distribution_queries() -> None:
    dist = distribution("2d6")
    assert dist.probability(7) == Fraction(1, 6)
    assert dist.p_at_most(4) == Fraction(6, 36)
    assert dist.p_between(6, 8) == Fraction(16, 36)
    assert dist.p_between(9, 3) == 0
    assert sum(dist.probabilities().values()) == 1
    assert (dist.min, dist.max) == (2, 12)
    assert dist == distribution("1d6+1d6")
    assert "mean 7" in repr(dist)


def test_comparison_margin_gives_degrees_of_success() -> None:
    result = odds("3d6 >= 10")
    assert result.margin.outcomes == tuple(range(-7, 9))
    assert result.p_success == result.margin.p_at_least(0)
    # 6 or more above the DC means 16, 17 or 18 on 3d6: 6 + 3 + 1 of 216 ways.
    assert result.margin.p_at_least(6) == Fraction(6 + 3 + 1, 216)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("d6 <= 2", Fraction(1, 3)),
        ("d6 < 2", Fraction(1, 6)),
        ("d6 > 2", Fraction(2, 3)),
        ("d6 == 2", Fraction(1, 6)),
        ("d6 >= d6", Fraction(21, 36)),
        ("d4*d4 >= 9", Fraction(4, 16)),
        ("-d6 + 7 >= 4", Fraction(1, 2)),
        ("d% >= 91", Fraction(1, 10)),
    ],
)
def test_other_comparisons(text: str, expected: Fraction) -> None:
    assert odds(text).p_success == expected


def test_distribution_of_a_comparison_is_its_margin() -> None:
    assert distribution("2d6 >= 7").outcomes == tuple(range(-5, 6))


def test_odds_of_a_plain_expression_is_refused() -> None:
    with pytest.raises(DiceError, match="use distribution"):
        odds("4d6")


def test_too_big_for_exact_odds() -> None:
    with pytest.raises(DiceLimitError, match="too big for exact odds"):
        distribution("1000d1000")
    with pytest.raises(DiceLimitError, match="keep/drop term need at most 500 sides"):
        distribution("2d1000kh1")
    with pytest.raises(DiceLimitError, match="too big for exact odds"):
        odds("500d100 vs 500d100")


def test_a_distribution_is_made_from_ways_per_outcome() -> None:
    made = Distribution([0, 1, 2, 1, 0], low=1, label="2d2")
    assert made == distribution("2d2")
    assert (made.min, made.max, made.denominator) == (2, 4, 4)
    assert made.die.probability(3) == Fraction(1, 2)  # the same dice as an icepool Die
    with pytest.raises(DiceError, match="sequence of ways"):
        Distribution("123")  # type: ignore[arg-type]
    with pytest.raises(DiceError, match=r"ways\[1\] must be a whole number"):
        Distribution([1, -2])
    with pytest.raises(DiceError, match="at least one outcome"):
        Distribution([0, 0])
    with pytest.raises(DiceError, match="low must be an integer"):
        Distribution([1], low=1.5)  # type: ignore[arg-type]


def test_json_summary_uses_fraction_strings() -> None:
    data = odds("4d6 >= 15").to_dict()
    assert data["p_success"] == "575/1296"
    assert data["p_success_float"] == pytest.approx(0.443673, abs=1e-6)
    total = sum(Fraction(row["probability"]) for row in data["margin"]["histogram"])
    assert total == 1


def test_constant_only_expressions_have_a_one_point_distribution() -> None:
    dist = distribution("3*10 - 2")
    assert dist.probabilities() == {28: Fraction(1)}
    assert odds("2 >= 1").p_success == 1
