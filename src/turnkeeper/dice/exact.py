"""Exact odds of dice notation, as :class:`fractions.Fraction` values.

The counting is our own (:mod:`turnkeeper.dice.ways`: sums by polynomial products over
integers, keep-highest/lowest by walking the faces from the kept end, comparisons asked
directly from running sums). This module walks the syntax tree without recursion, guards
against inputs too big to compute, caches per expression, and exposes the answers as small
value types. icepool, which computed these before, is the oracle the tests compare every
answer with (``tests/dice/icepool_reference.py``), and :attr:`Distribution.die` still hands
an icepool ``Die`` to callers who want its toolbox.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from fractions import Fraction
from functools import lru_cache
from operator import mul
from typing import Any, Literal

from turnkeeper.dice import ways as W
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

# A rough count of elementary steps (the measure icepool's costs were sized in: about
# 2 million per second). The budget keeps any accepted question to about a second of
# icepool's work; our own counting answers the same questions in milliseconds (the
# slowest, ``d1000 vs d1000``, well under one), and the budget is kept so that exactly the
# same questions are accepted and refused as before.
EXACT_BUDGET = 2_000_000
# Keep/drop work grows with faces x dice x kept dice; this bound (from the icepool days,
# when its algorithm recursed once per face) is kept so no accepted question changes.
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


def _term_ways(term: DiceTerm) -> W.Ways:
    if term.keep_mode is None:
        return W.dice_sum(term.count, term.sides)
    return W.dice_keep(term.count, term.sides, term.keep_mode, term.keep)


def node_ways(node: Node) -> W.Ways:
    """``(low, ways)`` of a syntax-tree node, worked out with an explicit stack.

    No recursion: the same question gets the same answer however deep the caller is.
    """
    values: list[W.Ways] = []
    pending: list[tuple[Node, bool]] = [(node, False)]
    while pending:
        current, children_done = pending.pop()
        if isinstance(current, Const):
            values.append(W.constant(current.value))
        elif isinstance(current, DiceTerm):
            values.append(_term_ways(current))
        elif isinstance(current, Neg):
            if children_done:
                values.append(W.negate(values.pop()))
            else:
                pending += ((current, True), (current.operand, False))
        elif children_done:
            right = values.pop()
            left = values.pop()
            if current.op == "+":
                values.append(W.add(left, right))
            elif current.op == "-":
                values.append(W.subtract(left, right))
            else:
                values.append(W.multiply(left, right))
        else:
            pending += ((current, True), (current.right, False), (current.left, False))
    return values[0]


@lru_cache(maxsize=1024)
def _guarded_ways(*nodes: Node) -> W.Ways:
    """``(low, ways)`` of ``nodes[0]``, after checking the budget of every node given.

    A comparison passes its right side too, so the budget counts both sides even when
    only the left side's ways are wanted.
    """
    _check_budget(*nodes)
    return node_ways(nodes[0])


def node_distribution(node: Node, label: str = "") -> Distribution:
    """The exact distribution of a syntax-tree node (within the budget)."""
    return Distribution._of(_guarded_ways(node), label)


class Distribution:
    """The exact distribution of an integer-valued roll.

    ``Distribution(ways, low=0)``: ``ways[i]`` equally likely ways of rolling ``low + i``.
    All probabilities are :class:`~fractions.Fraction` values.
    """

    __slots__ = ("_counts", "_denominator", "_die", "_low", "label")

    _low: int
    _counts: tuple[int, ...]
    _denominator: int
    _die: Any
    label: str

    def __init__(self, ways: Sequence[int], low: int = 0, label: str = "") -> None:
        if isinstance(ways, str | bytes) or not isinstance(ways, Sequence):
            raise DiceError(
                f"a Distribution takes a sequence of ways per outcome, not {type(ways).__name__}"
            )
        for i, count in enumerate(ways):
            if not isinstance(count, int) or isinstance(count, bool) or count < 0:
                raise DiceError(f"ways[{i}] must be a whole number of ways >= 0, not {count!r}")
        if not isinstance(low, int) or isinstance(low, bool):
            raise DiceError(f"low must be an integer outcome, not {low!r}")
        first = next((i for i, c in enumerate(ways) if c), None)
        if first is None:
            raise DiceError("a Distribution needs at least one outcome with ways > 0")
        last = max(i for i, c in enumerate(ways) if c)
        self._set(low + first, tuple(ways[first : last + 1]), str(label))

    @classmethod
    def _of(cls, ways: W.Ways, label: str = "") -> Distribution:
        """A distribution from ``(low, ways)`` already known to be well formed."""
        made = object.__new__(cls)
        made._set(ways[0], ways[1], label)
        return made

    def _set(self, low: int, counts: tuple[int, ...], label: str) -> None:
        # Distributions are shared through caches, so they are read-only after creation.
        object.__setattr__(self, "_low", low)
        object.__setattr__(self, "_counts", counts)
        object.__setattr__(self, "_denominator", sum(counts))
        object.__setattr__(self, "_die", None)
        object.__setattr__(self, "label", label)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a Distribution is read-only (cannot set {name!r})")

    @property
    def ways(self) -> W.Ways:
        """``(low, ways)``: ways per value from ``low`` up, zeros for values in between."""
        return self._low, self._counts

    @property
    def die(self) -> Any:
        """The same distribution as an icepool ``Die`` (for callers who want its toolbox)."""
        if self._die is None:
            import icepool

            object.__setattr__(self, "_die", icepool.Die(dict(self._nonzero())))
        return self._die

    def _nonzero(self) -> Iterator[tuple[int, int]]:
        low = self._low
        return ((low + i, c) for i, c in enumerate(self._counts) if c)

    @property
    def outcomes(self) -> tuple[int, ...]:
        return tuple(o for o, _ in self._nonzero())

    @property
    def quantities(self) -> tuple[int, ...]:
        """How many of the :attr:`denominator` equally likely ways give each outcome."""
        return tuple(c for c in self._counts if c)

    @property
    def denominator(self) -> int:
        return self._denominator

    @property
    def min(self) -> int:
        return self._low

    @property
    def max(self) -> int:
        return self._low + len(self._counts) - 1

    def _moment_sums(self, second: bool = False) -> tuple[int, int]:
        """(sum of i * ways[i], sum of i^2 * ways[i] if asked), i counted from the lowest."""
        counts = self._counts
        steps = range(len(counts))
        first_sum = sum(map(mul, steps, counts))
        if not second:
            return first_sum, 0
        return first_sum, sum(map(mul, map(mul, steps, steps), counts))

    @property
    def mean(self) -> Fraction:
        first, _ = self._moment_sums()
        return self._low + Fraction(first, self._denominator)

    @property
    def variance(self) -> Fraction:
        # The variance does not move with the values, so it is taken from 0 upwards.
        first, second = self._moment_sums(second=True)
        d = self._denominator
        return Fraction(second * d - first * first, d * d)

    def _p(self, count: int) -> Fraction:
        return Fraction(count, self._denominator)

    def probability(self, outcome: int) -> Fraction:
        """P(value == outcome)."""
        return self._p(W.count_against(self.ways, "==", outcome))

    def p_at_least(self, target: int) -> Fraction:
        """P(value >= target)."""
        return self._p(W.count_against(self.ways, ">=", target))

    def p_at_most(self, target: int) -> Fraction:
        """P(value <= target)."""
        return self._p(W.count_against(self.ways, "<=", target))

    def p_between(self, low: int, high: int) -> Fraction:
        """P(low <= value <= high), e.g. a band of degrees of success on a margin."""
        if low > high:
            return Fraction(0)
        return self.p_at_least(low) - self.p_at_least(high + 1)

    def items(self) -> Iterator[tuple[int, Fraction]]:
        """(outcome, probability) pairs in increasing order of outcome."""
        denominator = self._denominator
        for outcome, count in self._nonzero():
            yield outcome, Fraction(count, denominator)

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
    building the margin costs more than answering it.
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


def compare_odds(
    expression: str,
    kind: Literal["comparison", "opposed", "check"],
    left: W.Ways,
    op: CompareOp | Literal["vs"],
    right: W.Ways,
    margin_label: str,
) -> Odds:
    """Odds of ``left op right`` (``vs``: left strictly above, ties to the right side).

    The question is answered directly from the two sides' ways; the tie and the margin
    (``left - right``) are worked out only if read.
    """
    question: W.CompareTo = ">" if op == "vs" else op
    denominator = sum(left[1]) * sum(right[1])
    if len(right[1]) == 1:  # a constant target: count the left side's ways against it
        target, weight = right[0], right[1][0]
        p_success = Fraction(W.count_against(left, question, target) * weight, denominator)

        def tie() -> Fraction:
            return Fraction(W.count_against(left, "==", target) * weight, denominator)
    else:
        p_success = Fraction(W.count_compare(left, question, right), denominator)

        def tie() -> Fraction:
            return Fraction(W.count_compare(left, "==", right), denominator)

    return Odds(
        expression,
        kind,
        p_success,
        tie,
        lambda: Distribution._of(W.subtract(left, right), margin_label),
    )


def _as_expression(expression: str | Expression) -> Expression:
    if isinstance(expression, Expression):
        return expression
    return parse(expression)


@lru_cache(maxsize=1024)
def _distribution_cached(expr: Expression) -> Distribution:
    if expr.kind == "value":
        return Distribution._of(_guarded_ways(expr.left), expr.text.strip())
    assert expr.right is not None
    margin = W.subtract(_guarded_ways(expr.left, expr.right), node_ways(expr.right))
    return Distribution._of(margin, f"margin of {expr.text.strip()}")


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
    kind: Literal["comparison", "opposed"] = "opposed" if op == "vs" else "comparison"
    text = expr.text.strip()
    left = _guarded_ways(expr.left, expr.right)
    return compare_odds(text, kind, left, op, node_ways(expr.right), f"margin of {text}")


__all__ = [
    "Distribution",
    "Odds",
    "compare_odds",
    "distribution",
    "node_distribution",
    "node_ways",
    "odds",
]
