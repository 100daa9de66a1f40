"""The notation parser: what it accepts, and where it points when it refuses."""

from __future__ import annotations

import pytest

from turnkeeper.dice import (
    MAX_EXPRESSION_LENGTH,
    DiceError,
    DiceLimitError,
    DiceSyntaxError,
    parse,
)
from turnkeeper.dice.notation import BinOp, Const, DiceTerm, Neg


def test_plain_dice_term() -> None:
    expr = parse("4d6")
    assert expr.kind == "value"
    assert expr.left == DiceTerm(4, 6, None, 4, "4d6")


def test_implicit_count_and_percent_die() -> None:
    assert parse("d8").left == DiceTerm(1, 8, None, 1, "d8")
    assert parse("d%").left == DiceTerm(1, 100, None, 1, "d%")
    assert parse("2D%").left == DiceTerm(2, 100, None, 2, "2D%")


@pytest.mark.parametrize(
    ("text", "mode", "keep", "count"),
    [
        ("4d6kh3", "high", 3, 4),
        ("4d6dl1", "high", 3, 4),
        ("4d6dl", "high", 3, 4),
        ("2d20kl1", "low", 1, 2),
        ("5d10dh2", "low", 3, 5),
        ("d20adv", "high", 1, 2),
        ("d20dis", "low", 1, 2),
        ("1d20ADV", "high", 1, 2),
        ("4d6kh4", None, 4, 4),
        ("4d6dl0", None, 4, 4),
    ],
)
def test_keep_and_drop(text: str, mode: str | None, keep: int, count: int) -> None:
    term = parse(text).left
    assert isinstance(term, DiceTerm)
    assert (term.keep_mode, term.keep, term.count) == (mode, keep, count)
    assert term.label == text


def test_precedence_and_parentheses() -> None:
    expr = parse("1 + 2 * d6 - (d4 - 1)")
    assert expr.left == BinOp(
        "-",
        BinOp("+", Const(1), BinOp("*", Const(2), DiceTerm(1, 6, None, 1, "d6"))),
        BinOp("-", DiceTerm(1, 4, None, 1, "d4"), Const(1)),
    )


def test_unary_minus_folds_constants_and_wraps_dice() -> None:
    assert parse("-3").left == Const(-3)
    assert parse("-d6").left == Neg(DiceTerm(1, 6, None, 1, "d6"))
    assert parse("+5").left == Const(5)


@pytest.mark.parametrize("op", [">=", "<=", ">", "<", "=="])
def test_comparisons(op: str) -> None:
    expr = parse(f"4d6+2 {op} 15")
    assert expr.kind == "comparison"
    assert expr.op == op
    assert expr.right == Const(15)


def test_opposed_and_sum_of_pools() -> None:
    expr = parse("4d6+2 VS 3d6+4")
    assert expr.kind == "opposed"
    assert expr.right == BinOp("+", DiceTerm(3, 6, None, 3, "3d6"), Const(4))
    pools = parse("2d6+3d6+4d6").left
    assert isinstance(pools, BinOp)


def test_parse_is_cached() -> None:
    assert parse("3d6+1") is parse("3d6+1")


@pytest.mark.parametrize(
    ("text", "column", "expected"),
    [
        ("", 1, "a dice expression"),
        ("   ", 4, "a dice expression"),
        ("4d", 3, "the number of sides"),
        ("4dx", 3, "the number of sides"),
        ("4d6x", 4, "an operator"),
        ("4d6 +", 6, "a number, a die"),
        ("(4d6", 5, "')' to close the '(' at column 1"),
        ("4d6 >= ", 8, "a number, a die"),
        ("4d6 >= 3 >= 2", 10, "an operator (+ - *) or the end"),
        ("4d6kh5", 6, "a number of dice to keep from 1 to 4"),
        ("4d6kh0", 6, "a number of dice to keep from 1 to 4"),
        ("4d6dl4", 6, "a number of dice to drop from 0 to 3"),
        ("2d20adv", 5, "'adv'/'dis' only after a single die"),
        ("4 d6", 3, "an operator"),
        ("4d6 vs", 7, "a number, a die"),
        ("x", 1, "a number, a die"),
        ("2 ** 3", 4, "a number, a die"),
        ("4d6 = 3", 5, "a comparison"),
    ],
)
def test_syntax_errors_report_column_and_expectation(text: str, column: int, expected: str) -> None:
    with pytest.raises(DiceSyntaxError) as info:
        parse(text)
    assert info.value.column == column
    assert expected in info.value.expected
    assert f"column {column}" in str(info.value)
    assert isinstance(info.value, DiceError)


def test_syntax_error_names_what_was_found() -> None:
    with pytest.raises(DiceSyntaxError) as info:
        parse("3d6 & 2")
    assert info.value.found == "'&'"
    with pytest.raises(DiceSyntaxError) as info:
        parse("3d")
    assert info.value.found == "the end of the expression"


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("1001d6", "1 to 1000 dice"),
        ("0d6", "1 to 1000 dice"),
        ("d1001", "1 to 1000 sides"),
        ("d0", "1 to 1000 sides"),
        ("600d6+600d6", "more than 1000 dice in total"),
        ("500d6 vs 501d6", "more than 1000 dice in total"),
        ("12345678", "larger than"),
    ],
)
def test_limits(text: str, fragment: str) -> None:
    with pytest.raises(DiceLimitError) as info:
        parse(text)
    assert fragment in str(info.value)


def test_limit_errors_carry_the_column() -> None:
    with pytest.raises(DiceLimitError) as info:
        parse("2d6 + d1001")
    assert info.value.column == 8


def test_expression_length_limit() -> None:
    text = "+".join(["1"] * 101)
    assert len(text) > MAX_EXPRESSION_LENGTH
    with pytest.raises(DiceLimitError, match="characters long"):
        parse(text)
    parse("+".join(["1"] * 100))  # 199 characters: accepted


def test_non_string_is_refused_clearly() -> None:
    with pytest.raises(DiceError, match="must be a string"):
        parse(42)  # type: ignore[arg-type]
    with pytest.raises(DiceError, match="must be a string"):
        parse(["4d6"])  # type: ignore[arg-type]
