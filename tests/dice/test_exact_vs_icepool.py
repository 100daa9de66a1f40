"""Every exact answer equals icepool's, on a broad seeded sample of expressions and checks.

The exact odds are counted by the project itself (``turnkeeper.dice.ways``); icepool, which
answered these questions before, is the oracle (``icepool_reference.py``). A difference in
any fraction, outcome, quantity or denominator fails here.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

import pytest

from tests.dice.icepool_reference import expression_answers, extended_done_by, summary
from turnkeeper.dice import (
    D20Check,
    DiceLimitError,
    Distribution,
    ExtendedCheck,
    OpposedCheck,
    Pool,
    PoolCheck,
    TeamCheck,
    clear_caches,
    distribution,
    odds,
    parse,
)

SIDES = (1, 2, 3, 4, 6, 8, 10, 12, 20, 100)


def _term(rng: random.Random) -> str:
    roll = rng.random()
    if roll < 0.25:
        return str(rng.randint(0, 12))
    sides = rng.choice(SIDES)
    if roll < 0.35:
        return f"d{sides}{rng.choice(('adv', 'dis'))}"
    count = rng.randint(1, 6)
    if roll < 0.55 and count > 1:
        code = rng.choice(("kh", "kl", "dh", "dl"))
        amount = rng.randint(1, count) if code[0] == "k" else rng.randint(0, count - 1)
        return f"{count}d{sides}{code}{amount}"
    return f"{count}d{sides}" if count > 1 or rng.random() < 0.5 else f"d{sides}"


def _expression(rng: random.Random, depth: int = 0) -> str:
    parts = [_term(rng)]
    for _ in range(rng.randint(0, 2 if depth == 0 else 1)):
        op = rng.choice(("+", "+", "-", "*"))
        if op == "*":  # products only of small things, or icepool's answer takes seconds
            parts.append(f"* {rng.choice(('2', '-3', '0', 'd4', '(d3-2)'))}")
        elif depth < 2 and rng.random() < 0.2:
            parts.append(f"{op} ({_expression(rng, depth + 1)})")
        else:
            parts.append(f"{op} {_term(rng)}")
    text = " ".join(parts)
    return f"-({text})" if rng.random() < 0.08 else text


def _ours(text: str) -> dict[str, Any]:
    expr = parse(text)
    if expr.kind == "value":
        return _summary(distribution(text))
    result = odds(text)
    return {"p_success": result.p_success, "p_tie": result.p_tie, "margin": _summary(result.margin)}


def _summary(dist: Distribution) -> dict[str, Any]:
    return {
        "outcomes": dist.outcomes,
        "quantities": dist.quantities,
        "denominator": dist.denominator,
        "mean": dist.mean,
        "variance": dist.variance,
    }


def _sample(seed: int, count: int) -> list[str]:
    rng = random.Random(seed)
    texts = []
    for _ in range(count):
        left = _expression(rng)
        shape = rng.random()
        if shape < 0.3:
            texts.append(left)
        elif shape < 0.65:
            op = rng.choice((">=", "<=", ">", "<", "=="))
            texts.append(f"{left} {op} {rng.randint(-5, 40)}")
        elif shape < 0.85:
            texts.append(f"{left} vs {_expression(rng)}")
        else:
            op = rng.choice((">=", "<=", ">", "<", "=="))
            texts.append(f"{left} {op} {_expression(rng)}")
    return texts


@pytest.mark.parametrize("seed", [2026, 16, 404])
def test_random_expressions_match_icepool(seed: int) -> None:
    compared = 0
    for text in _sample(seed, 150):
        clear_caches()
        try:
            ours = _ours(text)
        except DiceLimitError:
            continue  # the same budget refuses it before any counting starts
        assert ours == expression_answers(parse(text)), text
        compared += 1
    assert compared >= 140  # the sample is not mostly refusals


def test_the_sample_covers_every_construct() -> None:
    joined = " ".join(_sample(2026, 150) + _sample(16, 150) + _sample(404, 150))
    for construct in ("kh", "kl", "dh", "dl", "adv", "dis", "*", " vs ", "-(", ">=", "<=", "=="):
        assert construct in joined, construct


def test_answers_do_not_depend_on_what_was_asked_before() -> None:
    texts = _sample(7, 40)
    fresh = {}
    for text in texts:
        clear_caches()
        fresh[text] = _ours(text)
    clear_caches()
    for text in reversed(texts):  # every cache warm with the others' terms
        assert _ours(text) == fresh[text], text


@pytest.mark.parametrize("seed", [1, 2])
def test_checks_match_icepool(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(25):
        clear_caches()
        pool = PoolCheck(
            dice=rng.randint(0, 5),
            dc=rng.randint(-3, 25),
            sides=rng.choice((4, 6, 10)),
            bonus_dice=rng.randint(0, 2),
            penalty_dice=rng.randint(0, 2),
            modifier=rng.randint(-3, 3),
        )
        _assert_check(pool.odds(), pool.expression, pool.dc)
        d20 = D20Check(
            rng.randint(-3, 8), rng.randint(2, 25), rng.random() < 0.5, rng.random() < 0.5
        )
        _assert_check(d20.odds(), d20.expression, d20.dc)
        sides = (_expression(rng), Pool(rng.randint(1, 4), rng.choice((6, 8)), modifier=1))
        opposed = OpposedCheck(*sides)
        want = expression_answers(parse(opposed.expression))
        got = opposed.odds()
        assert (got.p_success, got.p_tie, _summary(got.margin)) == (
            want["p_success"],
            want["p_tie"],
            want["margin"],
        ), opposed.expression
        team = TeamCheck((_expression(rng), pool.pool, d20), rng.randint(5, 40))
        team_text = " + ".join(
            f"({m})" for m in (team.members[0], pool.pool.expression, d20.expression)
        )
        _assert_check(team.odds(), team_text, team.dc)
        step = rng.choice(("3d6", "d6-2", "2d4kh1", "d10-d4", "d20adv"))
        extended = ExtendedCheck(step, rng.randint(-2, 40), rng.randint(1, 6))
        assert extended.odds().p_done_by == extended_done_by(
            parse(step).left, extended.dc, extended.max_rolls
        ), (step, extended.dc, extended.max_rolls)


def _assert_check(result: Any, expression: str, dc: int) -> None:
    want = expression_answers(parse(f"{expression} >= {dc}"))
    assert result.p_success == want["p_success"], expression
    assert result.p_tie == want["p_tie"], expression
    assert _summary(result.margin) == want["margin"], expression


def test_large_questions_match_icepool() -> None:
    import icepool

    for text, die in (
        ("65d3", 65 @ icepool.d(3)),
        ("30d20", 30 @ icepool.d(20)),
        ("12d100", 12 @ icepool.d(100)),
        ("10d20kh4", icepool.d(20).highest(10, 4)),
        ("9d12kl5", icepool.d(12).lowest(9, 5)),
        ("3d500kh2", icepool.d(500).highest(3, 2)),
    ):
        clear_caches()
        assert _summary(distribution(text)) == summary(die), text
    opposed = odds("d1000 vs d1000")
    assert opposed.p_success == Fraction(999, 2000)
    assert opposed.p_tie == Fraction(1, 1000)
    assert opposed.margin.outcomes == tuple(range(-999, 1000))


def test_both_ways_of_summing_dice_agree_on_each_side_of_the_switch() -> None:
    import icepool

    from turnkeeper.dice import ways

    for count in (1, 2, 3, 7, 15, 16, 40):
        for sides in (2, 3, 6, 10, 20, 30):
            clear_caches()
            low, counted = ways.dice_sum(count, sides)  # running sums or squaring
            assert low == count
            assert list(counted) == ways.power([1] * sides, count), (count, sides)
    clear_caches()
    assert distribution("16d30").quantities == summary(16 @ icepool.d(30))["quantities"]
