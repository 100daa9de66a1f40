"""Rolling notation with injected dice, and the records it returns."""

from __future__ import annotations

import json
import random

import pytest

from turnkeeper.dice import (
    ComparisonRecord,
    DiceError,
    DiceExhaustedError,
    DieGroup,
    ForcedDice,
    ForcedFaceError,
    OpposedRecord,
    RollRecord,
    SeededDice,
    record_from_dict,
    record_from_json,
    roll,
    roll_value,
)


class CountingDice:
    """A DiceSource that is not one of ours: always shows the highest face, counts calls."""

    def __init__(self) -> None:
        self.calls: list[int] = []

    def die(self, sides: int) -> int:
        self.calls.append(sides)
        return sides


def test_forced_faces_give_the_total_and_every_die() -> None:
    record = roll("4d6+2", ForcedDice([6, 5, 1, 3]))
    assert isinstance(record, RollRecord)
    assert record.total == 17
    assert record.dice == (DieGroup("4d6", 6, (6, 5, 1, 3), (True, True, True, True)),)
    assert record.expression == "4d6+2"


def test_keep_highest_marks_the_dropped_die() -> None:
    record = roll_value("4d6kh3", ForcedDice([2, 6, 1, 4]))
    assert record.total == 12
    (group,) = record.dice
    assert group.kept == (True, True, False, True)
    assert group.dropped_faces == (1,)
    assert group.kept_faces == (2, 6, 4)


def test_ties_keep_the_earlier_die() -> None:
    (group,) = roll_value("3d6kl1", ForcedDice([3, 3, 5])).dice
    assert group.kept == (True, False, False)
    (group,) = roll_value("4d6dh1", ForcedDice([6, 2, 6, 1])).dice
    assert group.kept == (True, True, False, True)


def test_advantage_and_disadvantage() -> None:
    assert roll_value("d20adv+1", ForcedDice([4, 17])).total == 18
    assert roll_value("d20dis+1", ForcedDice([4, 17])).total == 5


def test_percent_die_and_subtraction_and_multiplication() -> None:
    assert roll_value("d%", ForcedDice([77])).total == 77
    assert roll_value("10 - 2d4", ForcedDice([1, 4])).total == 5
    assert roll_value("(d6+1)*2", ForcedDice([3])).total == 8
    assert roll_value("d4*d6", ForcedDice([3, 5])).total == 15
    assert roll_value("-d6 + 10", ForcedDice([2])).total == 8
    assert roll_value("-(2d6kh1)", ForcedDice([2, 5])).total == -5
    assert roll_value("7", ForcedDice([])).total == 7


def test_dice_are_rolled_in_reading_order() -> None:
    dice = CountingDice()
    record = roll_value("d4 * (d6 + 2d8) - d10", dice)
    assert dice.calls == [4, 6, 8, 8, 10]
    assert [g.term for g in record.dice] == ["d4", "d6", "2d8", "d10"]
    assert record.total == 4 * (6 + 16) - 10


def test_sum_of_several_pools() -> None:
    record = roll_value("2d6+3d6+4d6", ForcedDice([1, 2, 3, 4, 5, 6, 1, 2, 3]))
    assert [g.faces for g in record.dice] == [(1, 2), (3, 4, 5), (6, 1, 2, 3)]
    assert record.total == 27
    assert record.faces == (1, 2, 3, 4, 5, 6, 1, 2, 3)


@pytest.mark.parametrize(
    ("text", "faces", "success"),
    [
        ("4d6+2 >= 15", [6, 5, 1, 1], True),
        ("4d6+2 >= 15", [6, 4, 1, 1], False),
        ("2d6 <= 4", [2, 2], True),
        ("2d6 < 4", [2, 2], False),
        ("2d6 > 4", [2, 3], True),
        ("2d6 == 7", [3, 4], True),
        ("2d6 == 7", [3, 3], False),
    ],
)
def test_comparisons_against_a_target(text: str, faces: list[int], success: bool) -> None:
    record = roll(text, ForcedDice(faces))
    assert isinstance(record, ComparisonRecord)
    assert record.success is success
    assert record.margin == record.left.total - record.right.total


def test_comparison_record_sides() -> None:
    record = roll("4d6+2 >= 15", ForcedDice([6, 5, 1, 1]))
    assert isinstance(record, ComparisonRecord)
    assert (record.left.expression, record.right.expression) == ("4d6+2", "15")
    assert (record.total, record.margin, record.op) == (15, 0, ">=")


def test_comparison_with_dice_on_both_sides() -> None:
    record = roll("2d6 >= d6+3", ForcedDice([1, 2, 6]))
    assert isinstance(record, ComparisonRecord)
    assert (record.left.total, record.right.total, record.success) == (3, 9, False)


def test_opposed_ties_go_to_the_defender() -> None:
    tie = roll("4d6+2 vs 3d6+4", ForcedDice([3, 3, 3, 3, 4, 4, 4]))
    assert isinstance(tie, OpposedRecord)
    assert (tie.attacker.total, tie.defender.total) == (14, 16)
    assert tie.winner == "defender"
    even = roll("4d6+2 vs 3d6+4", ForcedDice([4, 4, 4, 4, 4, 4, 6]))
    assert isinstance(even, OpposedRecord)
    assert even.tie and not even.attacker_wins and even.winner == "defender"
    win = roll("4d6+2 vs 3d6+4", ForcedDice([6, 6, 6, 6, 1, 1, 1]))
    assert isinstance(win, OpposedRecord)
    assert win.attacker_wins and win.success and win.margin == 19


def test_forced_dice_exhausted_and_misfit() -> None:
    with pytest.raises(DiceExhaustedError):
        roll("3d6", ForcedDice([1, 2]))
    with pytest.raises(ForcedFaceError, match="does not fit a d6"):
        roll("d6", ForcedDice([7]))


def test_forced_dice_fall_back_to_seeded() -> None:
    record = roll_value("3d6", ForcedDice([6], fallback=SeededDice(1)))
    assert record.dice[0].faces[0] == 6
    assert all(1 <= f <= 6 for f in record.faces)


def test_same_seed_same_rolls_and_no_global_random() -> None:
    import random

    random.seed(123)
    before = random.getstate()
    first = [roll_value("4d6kh3+1", SeededDice(99)).faces for _ in range(3)]
    second = [roll_value("4d6kh3+1", SeededDice(99)).faces for _ in range(3)]
    assert first == second
    assert random.getstate() == before


def test_roll_value_refuses_comparisons() -> None:
    with pytest.raises(DiceError, match="not a plain dice expression"):
        roll_value("d6 >= 3", SeededDice(1))


def test_bad_dice_source_and_bad_expression_type() -> None:
    with pytest.raises(DiceError, match="must be a DiceSource"):
        roll("d6", object())  # type: ignore[arg-type]
    with pytest.raises(DiceError, match="must be a string"):
        roll(6, SeededDice(1))  # type: ignore[arg-type]


# --- JSON ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text", ["4d6kh3+2", "d20adv", "2d6+3d6-1", "4d6+2 >= 15", "4d6+2 vs 3d6+4", "d4*(d6+1)"]
)
def test_records_round_trip_through_json(text: str) -> None:
    record = roll(text, SeededDice(5))
    again = record_from_json(record.to_json())
    assert again == record
    assert type(again) is type(record)
    assert again.to_dict() == record.to_dict()
    assert type(record).from_json(record.to_json()) == record
    assert json.loads(record.to_json())["expression"] == text


def test_round_trip_keeps_kept_flags() -> None:
    record = roll_value("4d6dl1", ForcedDice([5, 1, 5, 2]))
    data = json.loads(record.to_json())
    assert data["dice"][0] == {
        "term": "4d6dl1",
        "sides": 6,
        "faces": [5, 1, 5, 2],
        "kept": [True, False, True, True],
    }
    assert RollRecord.from_dict(data).dice[0].dropped_faces == (1,)


@pytest.mark.parametrize(
    ("data", "fragment"),
    [
        ("not json", "not a JSON record"),
        ("[]", "expected an object"),
        ('{"type": "nope"}', "unknown type 'nope'"),
        ('{"type": "roll", "total": 3, "dice": []}', "missing key 'expression'"),
        ('{"type": "roll", "expression": "d6", "total": "3", "dice": []}', "'total' must be int"),
        ('{"type": "roll", "expression": "d6", "total": true, "dice": []}', "'total' must be int"),
        (
            '{"type": "roll", "expression": "d6", "total": 3, '
            '"dice": [{"term": "d6", "sides": 6, "faces": [9], "kept": [true]}]}',
            "roll.dice[0]: face 9 does not fit a d6",
        ),
        (
            '{"type": "roll", "expression": "d6", "total": 3, '
            '"dice": [{"term": "d6", "sides": 6, "faces": [3], "kept": []}]}',
            "different lengths",
        ),
        (
            '{"type": "comparison", "expression": "d6 >= 4", "op": ">=", "success": true,'
            '"left": {"type": "roll", "expression": "d6", "total": 3, "dice": []},'
            '"right": {"type": "roll", "expression": "4", "total": 4, "dice": []}}',
            "'success' does not match",
        ),
        (
            '{"type": "comparison", "expression": "d6 ! 4", "op": "!", "success": true,'
            '"left": {"type": "roll", "expression": "d6", "total": 3, "dice": []},'
            '"right": {"type": "roll", "expression": "4", "total": 4, "dice": []}}',
            "'op' must be one of",
        ),
        ('{"type": "opposed", "expression": "a vs b", "attacker": 3}', "opposed.attacker"),
    ],
)
def test_bad_json_records_are_refused_clearly(data: str, fragment: str) -> None:
    with pytest.raises(DiceError) as info:
        record_from_json(data)
    assert fragment in str(info.value)


def test_record_from_dict_refuses_non_mappings() -> None:
    with pytest.raises(DiceError, match="expected an object"):
        record_from_dict(5)


def test_seeded_dice_show_the_faces_of_randrange_from_the_same_seed() -> None:
    # SeededDice.die draws its bits itself (without randrange's Python-level calls): the faces,
    # and what the generator draws next, must be randrange's, for every die size.
    for seed in range(40):
        dice, reference = SeededDice(f"s/{seed}"), random.Random(f"s/{seed}")
        for sides in (1, 2, 3, 4, 6, 7, 8, 10, 12, 20, 64, 100, 1000, 2**40 + 3):
            assert dice.die(sides) == reference.randrange(sides) + 1
        assert dice.generator().random() == reference.random()


def test_a_seeded_die_needs_a_side() -> None:
    with pytest.raises(DiceError):
        SeededDice(1).die(0)


def test_a_commands_dice_roll_the_faces_of_its_seed_text() -> None:
    # SeededDice.for_command writes its seed text only when a die is first rolled: the seed
    # it shows, the faces and the generator behind them are those of the text made up front.
    for game_seed in (0, 7, "table-3"):
        for index in (0, 1, 63, 1000):
            lazy = SeededDice.for_command(game_seed, index)
            plain = SeededDice(f"{game_seed}/{index}")
            assert type(lazy) is SeededDice and lazy.seed == plain.seed == f"{game_seed}/{index}"
            assert [lazy.die(s) for s in (6, 20, 100, 2)] == [plain.die(s) for s in (6, 20, 100, 2)]
            assert lazy.generator().random() == plain.generator().random()
    # ... and dice of other commands or seeds roll otherwise
    dice = [SeededDice.for_command(1, i) for i in range(5)]
    assert len({tuple(d.die(1000) for _ in range(4)) for d in dice}) == 5
    assert SeededDice.for_command(1, 2).seed != SeededDice.for_command(12, 0).seed
    # dice made the ordinary way show the seed they were given, untouched
    assert SeededDice(5).seed == 5 and SeededDice(None).seed is None
