"""The oracle for the exact-odds tests: the same questions asked of icepool.

This is how the project computed exact odds before it counted them itself (the syntax tree
translated into icepool dice, then icepool asked). The tests compare every answer of
:mod:`turnkeeper.dice.exact` with these, fraction for fraction.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import icepool

from turnkeeper.dice.notation import BinOp, Const, DiceTerm, Expression, Neg, Node


def node_die(node: Node) -> Any:
    """The icepool ``Die`` of a syntax-tree node."""
    if isinstance(node, Const):
        return icepool.Die([node.value])
    if isinstance(node, DiceTerm):
        base = icepool.d(node.sides)
        if node.keep_mode is None:
            return node.count @ base if node.count > 1 else base
        if node.keep_mode == "high":
            return base.highest(node.count, node.keep)
        return base.lowest(node.count, node.keep)
    if isinstance(node, Neg):
        return -node_die(node.operand)
    assert isinstance(node, BinOp)
    left, right = _operand(node.left), _operand(node.right)
    if node.op == "+":
        result = left + right
    elif node.op == "-":
        result = left - right
    else:
        result = left * right
    return result if isinstance(result, icepool.Die) else icepool.Die([result])


def _operand(node: Node) -> Any:
    return node.value if isinstance(node, Const) else node_die(node)


def summary(die: Any) -> dict[str, Any]:
    """What a Distribution exposes, read from an icepool Die."""
    return {
        "outcomes": tuple(int(o) for o in die.outcomes()),
        "quantities": tuple(int(q) for q in die.quantities()),
        "denominator": int(die.denominator()),
        "mean": Fraction(die.mean()),
        "variance": Fraction(die.variance()),
    }


def expression_answers(expr: Expression) -> dict[str, Any]:
    """Distribution of a value, or p_success / p_tie / margin of a comparison."""
    if expr.kind == "value":
        return summary(node_die(expr.left))
    assert expr.right is not None
    margin = node_die(expr.left) - _operand(expr.right)
    op = ">" if expr.kind == "opposed" else (expr.op or ">=")
    return {
        "p_success": Fraction(margin.probability(op, 0)),
        "p_tie": Fraction(margin.probability("==", 0)),
        "margin": summary(margin),
    }


def extended_done_by(step_node: Node, dc: int, rolls: int) -> tuple[Fraction, ...]:
    """P(the running total reached ``dc``) after each of ``rolls`` rolls."""
    step = node_die(step_node)
    state = icepool.Die([0])
    done_by = []
    for _ in range(rolls):
        state = state.map(lambda s: dc if s >= dc else s + step)
        done_by.append(Fraction(state.probability(">=", dc)))
    return tuple(done_by)
