"""Exact odds of dice notation, as :class:`fractions.Fraction` values, computed by icepool.

icepool does the probability work (sums by convolution, keep-highest/lowest by its multiset
algorithm, comparisons); this module only translates our syntax tree into icepool dice,
guards against inputs too big to compute, caches the dice per expression, and exposes the
answers as small value types.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from fractions import Fraction
from functools import lru_cache
from typing import Any, Literal

import icepool

from turnkeeper.dice.notation import (
    CompareOp,
    Const,
    DiceLimitError,
    DiceTerm,
    Expression,
    Neg,
    Node,
    parse,
)
from turnkeeper.dice.source import DiceError

# A rough count of the elementary steps icepool takes; about 2 million per second on the
# project's machine kind, so the budget keeps any accepted question to a second or two.
EXACT_BUDGET = 2_000_000
# icepool's keep-highest/lowest algorithm recurses once per face, so very large dice with
# a keep/drop suffix would exhaust Python's stack.
MAX_EXACT_KEEP_SIDES = 500


def _estimate(node: Node) -> tuple[int, int]:
    """(number of possible values, rough cost) of computing ``node`` exactly."""
    if isinstance(node, Const):
        return 1, 0
    if isinstance(node, DiceTerm):
        if node.keep_mode is None:
            outcomes = node.count * (node.sides - 1) + 1
            if node.count == 1:
                return outcomes, node.sides  # one die: just its faces
            return outcomes, node.count * node.count * node.sides * node.sides
        if node.sides > MAX_EXACT_KEEP_SIDES:
            raise DiceLimitError(
                f"exact odds of a keep/drop term need at most {MAX_EXACT_KEEP_SIDES} sides; "
                f"{node.label} has {node.sides}"
            )
        outcomes = node.keep * (node.sides - 1) + 1
        return outcomes, node.count * node.keep * node.sides * node.sides
    if isinstance(node, Neg):
        return _estimate(node.operand)
    (a, cost_a), (b, cost_b) = _estimate(node.left), _estimate(node.right)
    outcomes = a + b - 1 if node.op != "*" else a * b
    return outcomes, cost_a + cost_b + a * b


def _check_budget(*nodes: Node) -> None:
    total_cost = 0
    outcomes = 1
    for node in nodes:
        n, cost = _estimate(node)
        total_cost += cost
        total_cost += outcomes * n
        outcomes *= n
    if total_cost > EXACT_BUDGET:
        raise DiceLimitError(
            "this expression is too big for exact odds (about "
            f"{total_cost:,} steps; the limit is {EXACT_BUDGET:,}): use fewer dice or sides"
        )


@lru_cache(maxsize=1024)
def node_die(node: Node) -> Any:
    """The icepool ``Die`` of a syntax-tree node (cached per node)."""
    if isinstance(node, Const):
        return icepool.Die([node.value])
    if isinstance(node, DiceTerm):
        base = icepool.d(node.sides)
        if node.keep_mode is None:
            return _sum_of(node.count, base)
        if node.keep_mode == "high":
            return base.highest(node.count, node.keep)
        return base.lowest(node.count, node.keep)
    if isinstance(node, Neg):
        return -node_die(node.operand)
    left, right = _operand(node.left), _operand(node.right)
    if node.op == "+":
        result = left + right
    elif node.op == "-":
        result = left - right
    else:
        result = left * right
    # Two constants give a plain int; everything else must stay a Die.
    return result if isinstance(result, icepool.Die) else icepool.Die([result])


# icepool's ``count @ die`` recurses about once per die and caches what it built, so a large
# pool could fail "too deep" in a fresh process yet succeed after a smaller one ran. Above
# this many dice the sum is built by doubling instead: about log2(count) additions, never
# deep, and the same answer whatever ran before.
MAX_DIRECT_POOL = 64


def _sum_of(count: int, base: Any) -> Any:
    """The die of the sum of ``count`` copies of ``base``."""
    if count <= MAX_DIRECT_POOL:
        return count @ base if count > 1 else base
    result: Any = None
    power = base
    while count:
        if count & 1:
            result = power if result is None else result + power
        count >>= 1
        if count:
            power = power + power
    return result


def _operand(node: Node) -> Any:
    # icepool combines a Die with a plain int by a cheap map; two Dice need a convolution.
    return node.value if isinstance(node, Const) else node_die(node)


def _guarded_die(*nodes: Node, shifted: bool = True) -> Any:
    """The die of ``nodes[0]`` (minus ``nodes[1]`` if given and ``shifted``), within the budget.

    The budget counts every node given, so a comparison checks its right side too even when
    only the left side's die is built (``shifted=False``).
    """
    _check_budget(*nodes)
    try:
        die = node_die(nodes[0])
        if len(nodes) > 1 and shifted:
            die = die - _operand(nodes[1])
    except RecursionError:
        raise DiceLimitError("this expression is too deep for exact odds") from None
    return die


class Distribution:
    """The exact distribution of an integer-valued roll (a thin view of an icepool Die).

    All probabilities are :class:`~fractions.Fraction` values.
    """

    __slots__ = ("_die", "label")

    _die: Any
    label: str

    def __init__(self, die: Any, label: str = "") -> None:
        if not isinstance(die, icepool.Die):
            raise DiceError(f"a Distribution wraps an icepool Die, not {type(die).__name__}")
        # Distributions are shared through caches, so they are read-only after creation.
        object.__setattr__(self, "_die", die)
        object.__setattr__(self, "label", label)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a Distribution is read-only (cannot set {name!r})")

    @property
    def die(self) -> Any:
        """The underlying icepool ``Die`` (for callers who want icepool's full toolbox)."""
        return self._die

    @property
    def outcomes(self) -> tuple[int, ...]:
        return tuple(self._die.outcomes())

    @property
    def quantities(self) -> tuple[int, ...]:
        """How many of the :attr:`denominator` equally likely ways give each outcome."""
        return tuple(self._die.quantities())

    @property
    def denominator(self) -> int:
        return int(self._die.denominator())

    @property
    def min(self) -> int:
        return int(self._die.min_outcome())

    @property
    def max(self) -> int:
        return int(self._die.max_outcome())

    @property
    def mean(self) -> Fraction:
        return Fraction(self._die.mean())

    @property
    def variance(self) -> Fraction:
        return Fraction(self._die.variance())

    def probability(self, outcome: int) -> Fraction:
        """P(value == outcome)."""
        return Fraction(self._die.probability("==", outcome))

    def p_at_least(self, target: int) -> Fraction:
        """P(value >= target)."""
        return Fraction(self._die.probability(">=", target))

    def p_at_most(self, target: int) -> Fraction:
        """P(value <= target)."""
        return Fraction(self._die.probability("<=", target))

    def p_between(self, low: int, high: int) -> Fraction:
        """P(low <= value <= high), e.g. a band of degrees of success on a margin."""
        if low > high:
            return Fraction(0)
        return self.p_at_least(low) - self.p_at_least(high + 1)

    def items(self) -> Iterator[tuple[int, Fraction]]:
        """(outcome, probability) pairs in increasing order of outcome."""
        denominator = self.denominator
        for outcome, quantity in self._die.items():
            yield int(outcome), Fraction(quantity, denominator)

    def probabilities(self) -> dict[int, Fraction]:
        return dict(self.items())

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Distribution):
            return NotImplemented
        return self.probabilities() == other.probabilities()

    def __hash__(self) -> int:
        return hash(tuple(self.items()))

    def __repr__(self) -> str:
        return (
            f"Distribution({self.label!r}, {len(self.outcomes)} outcomes "
            f"{self.min}..{self.max}, mean {self.mean})"
        )

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready summary: fractions as ``"n/d"`` strings, with floats beside them."""
        return {
            "label": self.label,
            "denominator": str(self.denominator),
            **_fractions(mean=self.mean, variance=self.variance),
            "histogram": [
                {"outcome": o, "probability": _frac(p), "float": float(p)} for o, p in self.items()
            ],
        }


def _frac(value: Fraction) -> str:
    return f"{value.numerator}/{value.denominator}"


def _fractions(**values: Fraction) -> dict[str, Any]:
    """Each value as ``"n/d"`` under its name, with its float beside it under ``name_float``."""
    out: dict[str, Any] = {}
    for name, value in values.items():
        out[name] = _frac(value)
        out[f"{name}_float"] = float(value)
    return out


class Odds:
    """Exact odds of a comparison, an opposed check or a check against a DC.

    ``p_success`` is the chance the left side (the attacker, the roller) succeeds; for an
    opposed check ties go to the defender, so ``p_success`` excludes them and ``p_tie``
    says how often they happen. ``margin`` is the distribution of ``left - right`` (for a
    check: ``total - DC``), from which degrees of success can be read.

    Only ``p_success`` is worked out up front: ``p_tie`` and ``margin`` are computed the
    first time they are read (then kept), because most callers ask one question and
    building the margin's shifted die costs more than answering it.
    """

    __slots__ = ("_margin", "_margin_of", "_p_tie", "_tie_of", "expression", "kind", "p_success")

    expression: str
    kind: Literal["comparison", "opposed", "check"]
    p_success: Fraction

    def __init__(
        self,
        expression: str,
        kind: Literal["comparison", "opposed", "check"],
        p_success: Fraction,
        p_tie: Fraction | Callable[[], Fraction],
        margin: Distribution | Callable[[], Distribution],
    ) -> None:
        self.expression = expression
        self.kind = kind
        self.p_success = p_success
        self._p_tie: Fraction | None = None if callable(p_tie) else p_tie
        self._tie_of = p_tie if callable(p_tie) else None
        self._margin: Distribution | None = None if callable(margin) else margin
        self._margin_of = margin if callable(margin) else None

    @property
    def p_tie(self) -> Fraction:
        if self._p_tie is None:
            assert self._tie_of is not None
            self._p_tie = self._tie_of()
        return self._p_tie

    @property
    def margin(self) -> Distribution:
        if self._margin is None:
            assert self._margin_of is not None
            self._margin = self._margin_of()
        return self._margin

    @property
    def p_failure(self) -> Fraction:
        return 1 - self.p_success

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Odds):
            return NotImplemented
        return (self.expression, self.kind, self.p_success, self.p_tie) == (
            other.expression,
            other.kind,
            other.p_success,
            other.p_tie,
        ) and self.margin == other.margin

    def __hash__(self) -> int:
        return hash((self.expression, self.kind, self.p_success))

    def __repr__(self) -> str:
        return f"Odds({self.expression!r}, {self.kind}, p_success={self.p_success})"

    def to_dict(self) -> dict[str, Any]:
        return {
            "expression": self.expression,
            "kind": self.kind,
            **_fractions(p_success=self.p_success, p_tie=self.p_tie),
            "margin": self.margin.to_dict(),
        }


def against_constant(
    expression: str,
    kind: Literal["comparison", "opposed", "check"],
    die: Any,
    op: CompareOp | Literal["vs"],
    target: int,
    margin_label: str,
) -> Odds:
    """Odds of ``die op target`` asked of icepool directly; tie and margin built on demand."""
    question = ">" if op == "vs" else op
    return Odds(
        expression,
        kind,
        Fraction(die.probability(question, target)),
        lambda: Fraction(die.probability("==", target)),
        lambda: Distribution(die - target, margin_label),
    )


def _as_expression(expression: str | Expression) -> Expression:
    if isinstance(expression, Expression):
        return expression
    return parse(expression)


@lru_cache(maxsize=1024)
def _distribution_cached(expr: Expression) -> Distribution:
    if expr.kind == "value":
        return Distribution(_guarded_die(expr.left), expr.text.strip())
    assert expr.right is not None
    return Distribution(_guarded_die(expr.left, expr.right), f"margin of {expr.text.strip()}")


def distribution(expression: str | Expression) -> Distribution:
    """The exact distribution of an expression's value.

    For a comparison or an opposed check this is the distribution of the margin
    ``left - right``.

    >>> distribution("2d6").p_at_least(7)
    Fraction(7, 12)
    """
    if isinstance(expression, str):
        return _distribution_for_text(expression)
    return _distribution_cached(_as_expression(expression))


@lru_cache(maxsize=1024)
def _distribution_for_text(text: str) -> Distribution:
    return _distribution_cached(parse(text))


def margin_odds(expression: str, margin: Distribution, op: CompareOp | Literal["vs"]) -> Odds:
    """Odds from the distribution of ``left - right`` for a comparison ``op`` or ``vs``."""
    die = margin.die
    p_tie = Fraction(die.probability("==", 0))
    if op == "vs":
        return Odds(expression, "opposed", Fraction(die.probability(">", 0)), p_tie, margin)
    return Odds(expression, "comparison", Fraction(die.probability(op, 0)), p_tie, margin)


def odds(expression: str | Expression) -> Odds:
    """Exact odds of a comparison (``4d6+2 >= 15``) or an opposed check (``a vs b``).

    >>> odds("4d6 >= 15").p_success
    Fraction(575, 1296)
    """
    if isinstance(expression, str):
        return _odds_for_text(expression)
    return _odds_cached(_as_expression(expression))


@lru_cache(maxsize=1024)
def _odds_for_text(text: str) -> Odds:
    return _odds_cached(parse(text))


@lru_cache(maxsize=1024)
def _odds_cached(expr: Expression) -> Odds:
    if expr.kind == "value":
        raise DiceError(
            f"odds need a comparison (>= <= > < ==) or 'vs' in {expr.text!r}; "
            "use distribution() for a plain expression"
        )
    op: CompareOp | Literal["vs"] = "vs" if expr.kind == "opposed" else (expr.op or ">=")
    assert expr.right is not None
    if isinstance(expr.right, Const):
        # Ask icepool the question of the left side directly; no shifted die is built.
        kind: Literal["comparison", "opposed"] = "opposed" if op == "vs" else "comparison"
        text = expr.text.strip()
        die = _guarded_die(expr.left, expr.right, shifted=False)
        return against_constant(text, kind, die, op, expr.right.value, f"margin of {text}")
    margin = _distribution_cached(expr)
    return margin_odds(expr.text.strip(), margin, op)


__all__ = [
    "Distribution",
    "Odds",
    "against_constant",
    "distribution",
    "margin_odds",
    "node_die",
    "odds",
]
