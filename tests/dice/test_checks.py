"""Check primitives: pool vs DC, d20 with advantage, opposed, team and extended checks."""

from __future__ import annotations

from fractions import Fraction

import pytest

from turnkeeper.dice import (
    CheckRecord,
    D20Check,
    DiceError,
    DiceLimitError,
    ExtendedCheck,
    ExtendedRecord,
    ForcedDice,
    OpposedCheck,
    OpposedRecord,
    Pool,
    PoolCheck,
    SeededDice,
    TeamCheck,
    odds,
    record_from_json,
)

# --- PoolCheck --------------------------------------------------------------------------


def test_pool_check_odds_match_the_notation() -> None:
    check = PoolCheck(3, dc=11)
    assert check.expression == "3d6"
    assert check.odds().p_success == odds("3d6 >= 11").p_success == Fraction(1, 2)


def test_bonus_and_penalty_dice_and_modifier() -> None:
    check = PoolCheck(3, dc=12, bonus_dice=1, penalty_dice=2, modifier=-1)
    assert check.expression == "3d6+1d6-2d6-1"
    assert check.odds().p_success == odds("4d6 - 2d6 - 1 >= 12").p_success
    # A bonus die adds like another pool die.
    assert PoolCheck(2, dc=9, bonus_dice=1).odds().p_success == odds("3d6 >= 9").p_success


def test_margin_distribution_for_degrees_of_success() -> None:
    margin = PoolCheck(2, dc=7).odds().margin
    assert margin.outcomes == tuple(range(-5, 6))
    assert margin.mean == 0
    # Bands by |total - DC|: 3-5 above the DC is a significant success.
    assert margin.p_between(3, 5) == Fraction(3 + 2 + 1, 36)


def test_pool_sides_are_configurable() -> None:
    check = PoolCheck(2, dc=15, sides=10)
    assert check.expression == "2d10"
    assert check.odds().p_success == Fraction(21, 100)


def test_take_x_rolls_nothing() -> None:
    check = PoolCheck(4, dc=12, take=3)
    assert check.expression == "12"
    assert check.odds().p_success == 1
    assert PoolCheck(4, dc=13, take=3).odds().p_success == 0
    record = check.roll(ForcedDice([]))  # no faces given: rolling one would raise
    assert (record.total, record.success, record.margin) == (12, True, 0)
    (group,) = record.rolls[0].dice
    assert group.faces == (3, 3, 3, 3)
    assert group.term == "4d6 take 3"


def test_take_x_fixes_circumstance_dice_too() -> None:
    check = PoolCheck(4, dc=10, bonus_dice=1, penalty_dice=2, modifier=1, take=3)
    assert check.odds().margin.outcomes == (0,)
    record = check.roll(ForcedDice([]))
    assert record.total == (4 + 1 - 2) * 3 + 1
    assert [g.term for g in record.rolls[0].dice] == ["4d6 take 3", "+1d6 take 3", "-2d6 take 3"]


def test_pool_check_roll_record() -> None:
    record = PoolCheck(3, dc=12, bonus_dice=1, penalty_dice=1, modifier=2).roll(
        ForcedDice([6, 5, 4, 3, 6])
    )
    assert isinstance(record, CheckRecord)
    assert record.total == 6 + 5 + 4 + 3 - 6 + 2
    assert (record.dc, record.margin, record.success) == (12, 2, True)
    assert [g.faces for g in record.rolls[0].dice] == [(6, 5, 4), (3,), (6,)]
    assert record_from_json(record.to_json()) == record


def test_penalty_can_push_a_total_below_zero() -> None:
    record = PoolCheck(1, dc=1, penalty_dice=2).roll(ForcedDice([1, 6, 6]))
    assert record.total == -11 and not record.success


@pytest.mark.parametrize(
    ("kwargs", "fragment"),
    [
        ({"dice": -1, "dc": 5}, "dice must be at least 0"),
        ({"dice": 2, "dc": 5, "bonus_dice": -1}, "bonus_dice must be at least 0"),
        ({"dice": 2, "dc": 5, "penalty_dice": -2}, "penalty_dice must be at least 0"),
        ({"dice": 2, "dc": 5, "sides": 0}, "sides must be at least 1"),
        ({"dice": 2, "dc": 5, "take": 7}, "take 7 is more than a d6"),
        ({"dice": 2, "dc": 5, "take": 0}, "take must be at least 1"),
        ({"dice": 2.5, "dc": 5}, "dice must be an integer"),
        ({"dice": True, "dc": 5}, "dice must be an integer"),
        ({"dice": 2, "dc": "5"}, "dc must be an integer"),
    ],
)
def test_pool_check_validation(kwargs: dict[str, object], fragment: str) -> None:
    with pytest.raises(DiceError) as info:
        PoolCheck(**kwargs)  # type: ignore[arg-type]
    assert fragment in str(info.value)


def test_pool_limits() -> None:
    with pytest.raises(DiceLimitError, match="at most 1000 dice"):
        Pool(900, bonus_dice=101)
    with pytest.raises(DiceLimitError, match="at most 1000 sides"):
        Pool(1, sides=1001)


def test_empty_pool_is_its_modifier() -> None:
    assert Pool(0, modifier=3).expression == "3"
    assert Pool(0).expression == "0"
    assert Pool(0, bonus_dice=1).expression == "1d6"
    assert PoolCheck(0, dc=3, modifier=3).odds().p_success == 1


def test_checks_are_frozen_values() -> None:
    check = PoolCheck(3, dc=10)
    with pytest.raises(AttributeError):
        check.dc = 5  # type: ignore[misc]
    assert check == PoolCheck(3, dc=10)
    assert check.odds() is check.odds()  # cached per check


# --- D20Check ---------------------------------------------------------------------------


def test_d20_modifier_and_modes() -> None:
    assert D20Check(5, 15).expression == "d20+5"
    assert D20Check(-2, 15, disadvantage=True).expression == "d20dis-2"
    assert D20Check(3, 15).odds().p_success == Fraction(9, 20)
    assert D20Check(0, 15, advantage=True).mode == "advantage"


def test_advantage_and_disadvantage_cancel() -> None:
    both = D20Check(2, 12, advantage=True, disadvantage=True)
    assert both.mode == "normal"
    assert both.odds().p_success == D20Check(2, 12).odds().p_success
    record = both.roll(ForcedDice([11]))  # one die only: the second would raise
    assert record.success and record.total == 13


def test_d20_roll_with_advantage_keeps_the_higher() -> None:
    record = D20Check(1, 15, advantage=True).roll(ForcedDice([3, 14]))
    assert (record.total, record.success) == (15, True)
    assert record.rolls[0].dice[0].kept == (False, True)


def test_d20_validation() -> None:
    with pytest.raises(DiceError, match="advantage must be True or False"):
        D20Check(0, 10, advantage=1)  # type: ignore[arg-type]
    with pytest.raises(DiceError, match="modifier must be an integer"):
        D20Check(1.5, 10)  # type: ignore[arg-type]


# --- OpposedCheck -----------------------------------------------------------------------


def test_opposed_check_with_pools_and_checks_as_sides() -> None:
    check = OpposedCheck(Pool(4, modifier=2), PoolCheck(3, dc=99, modifier=4))
    assert check.expression == "4d6+2 vs 3d6+4"
    assert check.odds().p_success == Fraction(163985, 279936)
    record = check.roll(ForcedDice([1, 1, 1, 1, 1, 1, 1]))
    assert isinstance(record, OpposedRecord)
    assert (record.attacker.total, record.defender.total, record.winner) == (6, 7, "defender")


def test_opposed_d20_checks() -> None:
    check = OpposedCheck(D20Check(2), D20Check(2))
    result = check.odds()
    assert result.p_tie == Fraction(1, 20)
    assert result.p_success == Fraction(19, 40)
    assert check.roll(ForcedDice([9, 9])).tie


def test_opposed_check_validation() -> None:
    with pytest.raises(DiceError, match="attacker must be a plain dice expression"):
        OpposedCheck("d6 >= 3", "d6")
    with pytest.raises(DiceError, match="defender must be dice notation"):
        OpposedCheck("d6", 3)  # type: ignore[arg-type]


# --- TeamCheck --------------------------------------------------------------------------


def test_team_check_roll_keeps_each_members_roll() -> None:
    team = TeamCheck(("2d6", Pool(3), PoolCheck(4, dc=1)), 30)
    record = team.roll(ForcedDice([6] * 9))
    assert [r.total for r in record.rolls] == [12, 18, 24]
    assert (record.total, record.success, record.margin) == (54, True, 24)
    assert record_from_json(record.to_json()) == record


def test_team_check_validation() -> None:
    with pytest.raises(DiceError, match="at least one member"):
        TeamCheck((), 10)
    with pytest.raises(DiceError, match="members must be a sequence"):
        TeamCheck("2d6", 10)  # type: ignore[arg-type]
    with pytest.raises(DiceError, match=r"members\[1\] must be dice notation"):
        TeamCheck(("2d6", None), 10)  # type: ignore[arg-type]
    with pytest.raises(DiceLimitError, match="at most 1000 dice"):
        TeamCheck(("600d6", "600d6"), 10)
    with pytest.raises(DiceError, match="people must be at least 1"):
        TeamCheck.scaled(["2d6"], 10, people=0)


# --- ExtendedCheck ----------------------------------------------------------------------


def test_extended_roll_stops_when_the_dc_is_reached() -> None:
    check = ExtendedCheck("3d6", 45, 4)
    record = check.roll(ForcedDice([6, 6, 6, 6, 6, 6, 5, 5, 5, 1, 1, 1]))
    assert isinstance(record, ExtendedRecord)
    assert record.totals == (18, 36, 51)
    assert (record.success, record.reached_on) == (True, 3)
    assert record_from_json(record.to_json()) == record


def test_extended_roll_can_run_out_of_rolls() -> None:
    record = ExtendedCheck(Pool(1), 10, 2).roll(ForcedDice([3, 4]))
    assert (record.total, record.success, record.reached_on) == (7, False, None)
    assert len(record.rolls) == 2


def test_extended_odds_sum_of_first_reached_is_done_by() -> None:
    result = ExtendedCheck(PoolCheck(2, dc=0), 20, 5).odds()
    assert sum(result.p_first_on) == result.p_success
    assert list(result.p_done_by) == sorted(result.p_done_by)
    assert result.p_failure == 1 - result.p_success


def test_extended_with_steps_that_can_go_down() -> None:
    # d6 - 2 can lose ground; reaching 2 in one roll needs a 4+, the chain handles the rest.
    result = ExtendedCheck("d6-2", 2, 2).odds()
    assert result.p_first_on[0] == Fraction(1, 2)
    # Second roll: from -1 (1/6) needs 5+, from 0 (1/6) needs 4+, from 1 (1/6) needs 3+.
    assert result.p_first_on[1] == Fraction(1, 6) * (
        Fraction(2, 6) + Fraction(3, 6) + Fraction(4, 6)
    )


def test_extended_validation() -> None:
    with pytest.raises(DiceError, match="max_rolls must be at least 1"):
        ExtendedCheck("3d6", 45, 0)
    with pytest.raises(DiceLimitError, match="at most 100 rolls"):
        ExtendedCheck("3d6", 45, 101)
    with pytest.raises(DiceError, match="pool must be a plain dice expression"):
        ExtendedCheck("3d6 vs 2d6", 45, 3)


def test_extended_record_json_is_checked() -> None:
    record = ExtendedCheck("d6", 3, 3).roll(SeededDice(4))
    data = record.to_dict()
    data["max_rolls"] = 0
    with pytest.raises(DiceError, match="more rolls than max_rolls"):
        ExtendedRecord.from_dict(data)


def test_extended_record_refuses_rolls_after_success() -> None:
    record = ExtendedCheck("d6", 3, 3).roll(ForcedDice([6]))
    data = record.to_dict()
    data["rolls"].append(data["rolls"][0])
    with pytest.raises(DiceError, match="after the running total reached the DC"):
        ExtendedRecord.from_dict(data)
