"""Invariants of rolling and exact odds, checked with hypothesis and a chi-square test."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

from hypothesis import given, reject, settings
from hypothesis import strategies as st

from turnkeeper.dice import (
    DiceError,
    DiceLimitError,
    ForcedDice,
    PoolCheck,
    SeededDice,
    distribution,
    odds,
    parse,
    roll,
    roll_value,
)
from turnkeeper.dice.rolling import value_range

SIDES = st.sampled_from([2, 3, 4, 6, 8, 10, 12, 20, 100])


@st.composite
def dice_terms(draw: st.DrawFn) -> str:
    count = draw(st.integers(1, 4))
    sides = draw(SIDES)
    suffix = draw(st.sampled_from(["", "kh", "kl", "dh", "dl"]))
    if suffix and count > 1:
        amount = draw(st.integers(1, count - 1))
        return f"{count}d{sides}{suffix}{amount}"
    return f"{count}d{sides}"


@st.composite
def expressions(draw: st.DrawFn) -> str:
    parts = [draw(dice_terms())]
    for _ in range(draw(st.integers(0, 2))):
        op = draw(st.sampled_from(["+", "-"]))
        part = draw(st.one_of(dice_terms(), st.integers(0, 20).map(str)))
        parts.append(f" {op} {part}")
    text = "".join(parts)
    if draw(st.booleans()):
        text = f"({text}) * {draw(st.integers(-3, 3))}"
    return text


@settings(max_examples=60, deadline=None)
@given(text=expressions(), seed=st.integers(0, 2**32))
def test_every_roll_is_within_the_bounds_of_its_distribution(text: str, seed: int) -> None:
    dist = distribution(text)
    lo, hi = value_range(parse(text).left)
    assert (dist.min, dist.max) == (lo, hi)
    for _ in range(5):
        record = roll_value(text, SeededDice(seed))
        assert lo <= record.total <= hi
        for group in record.dice:
            assert all(1 <= f <= group.sides for f in group.faces)
            assert sum(group.kept) <= len(group.faces)
        seed += 1


@settings(max_examples=60, deadline=None)
@given(text=expressions())
def test_exact_probabilities_sum_to_one(text: str) -> None:
    dist = distribution(text)
    assert sum(dist.probabilities().values()) == 1
    assert all(p > 0 for p in dist.probabilities().values())
    assert dist.min <= dist.mean <= dist.max
    assert dist.variance >= 0


@settings(max_examples=40, deadline=None)
@given(left=expressions(), right=expressions())
def test_opposed_outcomes_partition(left: str, right: str) -> None:
    try:
        result = odds(f"{left} vs {right}")
    except DiceLimitError:
        reject()  # two big pools can exceed the exact-odds budget; that is tested elsewhere
    defender = odds(f"{right} >= {left}").p_success
    assert result.p_success + defender == 1
    assert 0 <= result.p_tie <= defender


@settings(max_examples=40, deadline=None)
@given(
    dice=st.integers(0, 5),
    bonus=st.integers(0, 2),
    penalty=st.integers(0, 2),
    modifier=st.integers(-5, 5),
    dc=st.integers(-5, 30),
    faces=st.lists(st.integers(1, 6), min_size=9, max_size=9),
)
def test_pool_check_roll_matches_its_margin_support(
    dice: int, bonus: int, penalty: int, modifier: int, dc: int, faces: list[int]
) -> None:
    check = PoolCheck(dice, dc, bonus_dice=bonus, penalty_dice=penalty, modifier=modifier)
    record = check.roll(ForcedDice(faces))
    used = faces[: dice + bonus + penalty]
    expected = sum(used[: dice + bonus]) - sum(used[dice + bonus :]) + modifier
    assert record.total == expected
    assert record.success == (expected >= dc)
    result = check.odds()
    assert result.margin.probability(record.margin) > 0
    assert result.p_success == result.margin.p_at_least(0)


# --- chi-square: the seeded roller agrees with the exact distribution ------------------

# Critical values of the chi-square distribution at significance 0.001, by degrees of
# freedom (standard tables, e.g. NIST/SEMATECH e-Handbook 1.3.6.7.4).
CHI2_CRITICAL_0_001 = {15: 37.697, 20: 45.315}


def chi_square(text: str, counts: Counter[int], n: int) -> tuple[float, int]:
    dist = distribution(text)
    statistic = 0.0
    for outcome, p in dist.items():
        expected = float(p * n)
        statistic += (counts[outcome] - expected) ** 2 / expected
    return statistic, len(dist.outcomes) - 1


def sample(text: str, dice: SeededDice | ForcedDice, n: int) -> Counter[int]:
    return Counter(roll_value(text, dice).total for _ in range(n))


def test_100000_seeded_rolls_of_3d6_fit_the_exact_distribution() -> None:
    n = 100_000
    statistic, df = chi_square("3d6", sample("3d6", SeededDice(20261129), n), n)
    assert df == 15
    assert statistic < CHI2_CRITICAL_0_001[df]


def test_100000_seeded_rolls_of_4d6kh3_fit_the_exact_distribution() -> None:
    n = 100_000
    statistic, df = chi_square("4d6kh3", sample("4d6kh3", SeededDice(7), n), n)
    assert df == 15
    assert statistic < CHI2_CRITICAL_0_001[df]


class LoadedDice:
    """A die that shows 6 a little too often: the chi-square test must notice."""

    def __init__(self, seed: int) -> None:
        self.fair = SeededDice(seed)

    def die(self, sides: int) -> int:
        face = self.fair.die(sides)
        if face == 1 and self.fair.die(10) == 1:
            return sides
        return face


def test_chi_square_catches_a_slightly_loaded_die() -> None:
    n = 100_000
    counts = Counter(roll_value("3d6", LoadedDice(20261129)).total for _ in range(n))
    statistic, df = chi_square("3d6", counts, n)
    assert statistic > CHI2_CRITICAL_0_001[df]


def test_exact_fractions_are_fractions() -> None:
    assert isinstance(distribution("d6").mean, Fraction)


# --- bad input never crashes -----------------------------------------------------------

NOTATION_PIECES = st.sampled_from(
    [*"0123456789dD%khlavs+-*()<>= ", "kh", "dl", "adv", "dis", "vs", ">=", "d6", "4d6"]
)


@settings(max_examples=300, deadline=None)
@given(pieces=st.lists(NOTATION_PIECES, max_size=14))
def test_any_text_parses_or_raises_a_dice_error(pieces: list[str]) -> None:
    text = "".join(pieces)
    try:
        expr = parse(text)
    except DiceError as exc:
        assert str(exc)
        return
    record = roll(text, SeededDice(1))
    assert record.expression == text.strip()
    try:
        dist = distribution(text)
    except DiceLimitError:
        return
    assert sum(dist.probabilities().values()) == 1
    if expr.kind != "value":
        assert 0 <= odds(text).p_success <= 1
