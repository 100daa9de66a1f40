"""Every limit of dice notation at its edges: min, max, max + 1, and same-width overflow.

Each table row is one input with what the parser must make of it: the parsed term (count,
sides, what is kept) when accepted, or the error with the column it points at when refused.
"""

from __future__ import annotations

import pytest

from turnkeeper.dice import DiceLimitError, DiceSyntaxError, RollRecord, SeededDice, parse, roll
from turnkeeper.dice.notation import (
    MAX_CONSTANT,
    MAX_DEPTH,
    MAX_DICE,
    MAX_EXPRESSION_LENGTH,
    MAX_SIDES,
    BinOp,
    Const,
    DiceTerm,
    Expression,
    Neg,
    dice_terms,
)


def test_the_limits_are_the_documented_ones() -> None:
    # docs/dice.md states these numbers; the tables below are written against them.
    assert (MAX_DICE, MAX_SIDES, MAX_CONSTANT, MAX_EXPRESSION_LENGTH) == (
        1000,
        1000,
        1_000_000,
        200,
    )


# --- accepted at the edges -----------------------------------------------------------------

ACCEPTED_TERMS = [
    # sides: min, max, and d% (a d100)
    ("d1", DiceTerm(1, 1, None, 1, "d1")),
    ("1d1", DiceTerm(1, 1, None, 1, "1d1")),
    ("d1000", DiceTerm(1, 1000, None, 1, "d1000")),
    ("d%", DiceTerm(1, 100, None, 1, "d%")),
    # dice per term: min and max; "D" is the same as "d", with and without a count
    ("1d6", DiceTerm(1, 6, None, 1, "1d6")),
    ("1000d6", DiceTerm(1000, 6, None, 1000, "1000d6")),
    ("1000D1000", DiceTerm(1000, 1000, None, 1000, "1000D1000")),
    ("D6", DiceTerm(1, 6, None, 1, "D6")),
    # keep: from 1 to all the dice (keeping all is no keep at all)
    ("4d6kh1", DiceTerm(4, 6, "high", 1, "4d6kh1")),
    ("4d6kh4", DiceTerm(4, 6, None, 4, "4d6kh4")),
    ("4d6kl1", DiceTerm(4, 6, "low", 1, "4d6kl1")),
    ("4d6kl3", DiceTerm(4, 6, "low", 3, "4d6kl3")),
    ("4d6kl4", DiceTerm(4, 6, None, 4, "4d6kl4")),
    ("4d6kh", DiceTerm(4, 6, "high", 1, "4d6kh")),
    ("4d6kl", DiceTerm(4, 6, "low", 1, "4d6kl")),
    ("4d6KH2", DiceTerm(4, 6, "high", 2, "4d6KH2")),
    ("1d6kh1", DiceTerm(1, 6, None, 1, "1d6kh1")),
    # drop: from 0 to one less than the dice; dropping the lowest keeps the highest
    ("4d6dl0", DiceTerm(4, 6, None, 4, "4d6dl0")),
    ("4d6dl3", DiceTerm(4, 6, "high", 1, "4d6dl3")),
    ("4d6dh1", DiceTerm(4, 6, "low", 3, "4d6dh1")),
    ("4d6dh3", DiceTerm(4, 6, "low", 1, "4d6dh3")),
    ("4d6dh", DiceTerm(4, 6, "low", 3, "4d6dh")),
    ("4d6DL2", DiceTerm(4, 6, "high", 2, "4d6DL2")),
    ("1d6dl0", DiceTerm(1, 6, None, 1, "1d6dl0")),
    ("2d6dl1", DiceTerm(2, 6, "high", 1, "2d6dl1")),
    # advantage and disadvantage of one die (with and without the explicit 1)
    ("d20adv", DiceTerm(2, 20, "high", 1, "d20adv")),
    ("1d20dis", DiceTerm(2, 20, "low", 1, "1d20dis")),
    ("d1adv", DiceTerm(2, 1, "high", 1, "d1adv")),
    ("d%DIS", DiceTerm(2, 100, "low", 1, "d%DIS")),
]


@pytest.mark.parametrize(("text", "term"), ACCEPTED_TERMS, ids=[t for t, _ in ACCEPTED_TERMS])
def test_accepted_dice_terms(text: str, term: DiceTerm) -> None:
    expr = parse(text)
    assert expr == Expression(text, "value", term)
    assert str(expr.left) == text


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("0", 0),
        ("1", 1),
        ("1000000", MAX_CONSTANT),
        ("0000007", 7),
        ("00000000000000000000000000007", 7),  # leading zeros do not make a number larger
        ("-1000000", -MAX_CONSTANT),
        ("--5", 5),
        ("+-+5", -5),
    ],
)
def test_accepted_constants(text: str, value: int) -> None:
    assert parse(text) == Expression(text, "value", Const(value))


def test_a_d1_always_rolls_one() -> None:
    for seed in range(20):
        record = roll("3d1", SeededDice(seed))
        assert isinstance(record, RollRecord)
        assert record.total == 3


@pytest.mark.parametrize(
    "text",
    [
        "1000d6",  # exactly the whole-expression limit in one term
        "999d6 + d6",
        "500d6 + 500d6",
        "500d6 vs 500d6",
        "500d6 >= 500d6",
        "d20adv + 998d6",  # advantage rolls two dice, counted as two
    ],
)
def test_the_whole_expression_may_roll_exactly_max_dice(text: str) -> None:
    expr = parse(text)
    terms = dice_terms(expr.left) + ([] if expr.right is None else dice_terms(expr.right))
    assert sum(t.count for t in terms) == MAX_DICE


def test_the_longest_expression_is_accepted_and_one_more_character_is_not() -> None:
    longest = "1+" * 99 + "10"
    assert len(longest) == MAX_EXPRESSION_LENGTH
    assert parse(longest).kind == "value"
    with pytest.raises(DiceLimitError) as info:
        parse(longest + "0")
    # The caret points at the first character past the limit.
    assert info.value.column == MAX_EXPRESSION_LENGTH + 1
    assert str(info.value) == "column 201: the expression is 201 characters long; the limit is 200"


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("(" * 50 + "1" + ")" * 50, Const(1)),  # the deepest nesting allowed
        ("-" * 50 + "1", Const(1)),
        ("-" * 49 + "1", Const(-1)),
        ("+" * 50 + "d6", DiceTerm(1, 6, None, 1, "d6")),
        ("-(" * 25 + "d6" + ")" * 25, DiceTerm(1, 6, None, 1, "d6")),  # 25 minus signs: odd
        ("(1)+" * 40 + "1", None),  # many shallow parentheses are not deep
    ],
)
def test_nesting_up_to_the_depth_limit_parses(text: str, value: Const | DiceTerm | None) -> None:
    node = parse(text).left
    if value is None:
        return
    signs = 0
    while isinstance(node, Neg):
        node, signs = node.operand, signs + 1
    if isinstance(node, DiceTerm):
        assert (node, signs % 2) == (value, text.count("-") % 2)
    else:
        assert node == value


@pytest.mark.parametrize(
    ("text", "column"),
    [
        ("(" * 51 + "1" + ")" * 51, 51),
        ("-" * 51 + "1", 51),
        ("+" * 51 + "1", 51),
        ("-(" * 26 + "1" + ")" * 26, 51),
        ("1 + " + "(" * 51 + "1" + ")" * 51, 55),
        ("(" * 99 + "1" + ")" * 99, 51),  # fits in 200 characters, still refused
    ],
)
def test_nesting_past_the_depth_limit_is_refused_where_it_goes_too_deep(
    text: str, column: int
) -> None:
    assert MAX_DEPTH == 50
    with pytest.raises(DiceLimitError) as info:
        parse(text)
    assert info.value.column == column
    assert str(info.value) == (
        f"column {column}: the expression nests parentheses and signs more than 50 deep"
    )


# --- refused just past the edges -----------------------------------------------------------

LIMIT_ERRORS = [
    # (text, column, message) — the column points at the term, the sides or the number
    ("0d6", 1, "a dice term rolls 1 to 1000 dice, not 0"),
    ("1001d6", 1, "a dice term rolls 1 to 1000 dice, not 1001"),
    ("9999d6", 1, "a dice term rolls 1 to 1000 dice, not 9999"),
    ("2 + 1001d6", 5, "a dice term rolls 1 to 1000 dice, not 1001"),
    ("d0", 2, "a die has 1 to 1000 sides, not 0"),
    ("d1001", 2, "a die has 1 to 1000 sides, not 1001"),
    ("d9999", 2, "a die has 1 to 1000 sides, not 9999"),
    ("3d1001", 3, "a die has 1 to 1000 sides, not 1001"),
    ("1 + 3d0", 7, "a die has 1 to 1000 sides, not 0"),
    ("1000001", 1, "number 1000001 is larger than 1000000"),
    ("9999999", 1, "number 9999999 is larger than 1000000"),  # same width as the limit
    ("10000000", 1, "number 10000000 is larger than 1000000"),
    ("2 * 1000001", 5, "number 1000001 is larger than 1000000"),
    ("d1000001", 2, "number 1000001 is larger than 1000000"),
    ("1000001d6", 1, "number 1000001 is larger than 1000000"),
    ("4d6kh1000001", 6, "number 1000001 is larger than 1000000"),
    ("1000d6 + d6", 10, "the expression rolls more than 1000 dice in total"),
    ("999d6+2d6", 7, "the expression rolls more than 1000 dice in total"),
    ("500d6 vs 501d6", 10, "the expression rolls more than 1000 dice in total"),
    ("d20adv + 999d6", 10, "the expression rolls more than 1000 dice in total"),
]


@pytest.mark.parametrize(("text", "column", "message"), LIMIT_ERRORS)
def test_limits_refused_with_the_column(text: str, column: int, message: str) -> None:
    with pytest.raises(DiceLimitError) as info:
        parse(text)
    assert info.value.column == column
    assert str(info.value) == f"column {column}: {message}"


SYNTAX_ERRORS = [
    # (text, column, expected, found)
    ("4d6kh0", 6, "a number of dice to keep from 1 to 4", "'0'"),
    ("4d6kh5", 6, "a number of dice to keep from 1 to 4", "'5'"),
    ("4d6kl5", 6, "a number of dice to keep from 1 to 4", "'5'"),
    ("1d6kh2", 6, "a number of dice to keep from 1 to 1", "'2'"),
    ("4d6dl4", 6, "a number of dice to drop from 0 to 3", "'4'"),
    ("4d6dh4", 6, "a number of dice to drop from 0 to 3", "'4'"),
    ("1d6dl", 6, "a number of dice to drop from 0 to 0", "the end of the expression"),
    ("1d6dh1", 6, "a number of dice to drop from 0 to 0", "'1'"),
    ("2d20adv", 5, "'adv'/'dis' only after a single die (like d20adv)", "'a'"),
    ("2d20dis", 5, "'adv'/'dis' only after a single die (like d20adv)", "'d'"),
    ("d20ad", 4, "an operator (+ - *), a comparison (>= <= > < ==), 'vs' or the end", "'a'"),
    ("d\u0663", 2, "the number of sides after 'd' (like d6) or '%'", "'\u0663'"),  # Arabic 3
    ("\u0663d6", 1, "a number, a die (like d6) or '('", "'\u0663'"),
    ("d 6", 2, "the number of sides after 'd' (like d6) or '%'", "' '"),
    ("(1 + 2", 7, "')' to close the '(' at column 1", "the end of the expression"),
    ("1 + (2 * (3)", 13, "')' to close the '(' at column 5", "the end of the expression"),
    ("1 >= 2 vs 3", 8, "an operator (+ - *) or the end of the expression", "'v'"),
    ("1 vs 2 vs 3", 8, "an operator (+ - *) or the end of the expression", "'v'"),
    ("1)", 2, "an operator (+ - *), a comparison (>= <= > < ==), 'vs' or the end", "')'"),
]


@pytest.mark.parametrize(("text", "column", "expected", "found"), SYNTAX_ERRORS)
def test_syntax_errors_at_the_edges(text: str, column: int, expected: str, found: str) -> None:
    with pytest.raises(DiceSyntaxError) as info:
        parse(text)
    error = info.value
    assert (error.text, error.column, error.expected, error.found) == (
        text,
        column,
        expected,
        found,
    )
    assert str(error) == f"column {column}: expected {expected}, found {found} in {text!r}"


# --- the tree the parser builds ------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "kind", "left", "op", "right"),
    [
        ("7", "value", Const(7), None, None),
        ("(7)", "value", Const(7), None, None),
        (
            "( 2 + 3 ) * 4",
            "value",
            BinOp("*", BinOp("+", Const(2), Const(3)), Const(4)),
            None,
            None,
        ),
        ("2*(3)*4", "value", BinOp("*", BinOp("*", Const(2), Const(3)), Const(4)), None, None),
        ("1 - 2 - 3", "value", BinOp("-", BinOp("-", Const(1), Const(2)), Const(3)), None, None),
        ("d4 >= 3", "comparison", DiceTerm(1, 4, None, 1, "d4"), ">=", Const(3)),
        ("d4<=3", "comparison", DiceTerm(1, 4, None, 1, "d4"), "<=", Const(3)),
        ("d4 == -3", "comparison", DiceTerm(1, 4, None, 1, "d4"), "==", Const(-3)),
        ("d4>3", "comparison", DiceTerm(1, 4, None, 1, "d4"), ">", Const(3)),
        ("d4 < (3)", "comparison", DiceTerm(1, 4, None, 1, "d4"), "<", Const(3)),
        ("d4 vs d6", "opposed", DiceTerm(1, 4, None, 1, "d4"), None, DiceTerm(1, 6, None, 1, "d6")),
        ("2vs3", "opposed", Const(2), None, Const(3)),
        ("2 Vs 3", "opposed", Const(2), None, Const(3)),
    ],
)
def test_each_kind_of_input_builds_its_tree(
    text: str, kind: str, left: object, op: str | None, right: object
) -> None:
    assert parse(text) == Expression(text, kind, left, right, op)  # type: ignore[arg-type]


def test_labels_are_the_terms_as_written_even_after_other_terms() -> None:
    expr = parse("1 + D6 * 2d%kh1 - (3d8DL1)")
    assert [t.label for t in dice_terms(expr.left)] == ["D6", "2d%kh1", "3d8DL1"]
    assert [(t.count, t.sides, t.keep_mode, t.keep) for t in dice_terms(expr.left)] == [
        (1, 6, None, 1),
        (2, 100, "high", 1),
        (3, 8, "high", 2),
    ]


def test_dice_terms_lists_every_term_in_reading_order() -> None:
    expr = parse("-d4 + 2 * (d6 - -d8) - 3")
    assert [t.label for t in dice_terms(expr.left)] == ["d4", "d6", "d8"]
    assert dice_terms(Const(3)) == []
    assert dice_terms(Neg(Neg(DiceTerm(2, 6, None, 2, "2d6")))) == [DiceTerm(2, 6, None, 2, "2d6")]


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("7", "7"),
        ("-7", "-7"),
        ("-d6", "-d6"),
        ("--d6", "--d6"),
        ("1 + 2d6kh1 * 3", "(1 + (2d6kh1 * 3))"),
        ("(1 - d4) - d%", "((1 - d4) - d%)"),
    ],
)
def test_trees_print_with_their_structure(text: str, shown: str) -> None:
    assert str(parse(text).left) == shown


@pytest.mark.parametrize(
    ("text", "column"),
    [
        # A group closed at the limit gives its depth back, no more and no less: 49 levels
        # stay open, so the next group may go one deeper (accepted) but not two (refused).
        ("(" * 49 + "(1)+(1)" + ")" * 49, None),
        ("(" * 49 + "(1)+((1))" + ")" * 49, 55),
        ("(" * 48 + "-1+--1" + ")" * 48, None),
        ("(" * 48 + "-1+---1" + ")" * 48, 54),
        ("(" * 48 + "+1+++1" + ")" * 48, None),
        ("(" * 48 + "+1++++1" + ")" * 48, 54),
    ],
)
def test_depth_is_given_back_as_each_level_closes(text: str, column: int | None) -> None:
    if column is None:
        assert parse(text).kind == "value"
        return
    with pytest.raises(DiceLimitError) as info:
        parse(text)
    assert info.value.column == column


def test_a_suffix_ends_where_it_ends() -> None:
    assert parse("d20adv+1").left == BinOp("+", DiceTerm(2, 20, "high", 1, "d20adv"), Const(1))
    assert parse("d20dis-1").left == BinOp("-", DiceTerm(2, 20, "low", 1, "d20dis"), Const(1))
