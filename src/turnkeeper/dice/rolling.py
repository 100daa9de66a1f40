"""Rolling dice notation with an injected :class:`DiceSource`, and the records of rolls.

A parsed expression is compiled once (cached) into a *plan*. The common shape, a signed sum
of dice terms and constants (``4d6+2``, ``2d6+3d6-1d4``), becomes a flat tuple of terms rolled
in one loop; anything with ``*`` becomes a chain of small closures. Either way rolling never
walks the syntax tree and never builds objects per die: the faces are kept as plain lists and
the per-die record (kept/dropped flags) is built only when someone asks for it.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from itertools import repeat
from typing import Any, Literal, Self

from turnkeeper.dice.notation import (
    BinOp,
    CompareOp,
    Const,
    DiceTerm,
    Expression,
    KeepMode,
    Neg,
    Node,
    dice_terms,
    parse,
)
from turnkeeper.dice.source import DiceError, DiceSource

DieFn = Callable[[int], int]
Raw = list[list[int]]
# A flat term: (sign, count, sides, mode, keep); mode 0 = all count, 1 = keep high, 2 = low.
FlatTerm = tuple[int, int, int, int, int]
Evaluator = Callable[[DieFn, Raw], int]

_COMPARE: dict[str, Callable[[int, int], bool]] = {
    ">=": lambda a, b: a >= b,
    "<=": lambda a, b: a <= b,
    ">": lambda a, b: a > b,
    "<": lambda a, b: a < b,
    "==": lambda a, b: a == b,
}


# --- records ----------------------------------------------------------------------------


class _JsonRecord(ABC):
    """``to_json``/``from_json`` for a record class, on top of its ``to_dict``/``from_dict``."""

    __slots__ = ()

    @abstractmethod
    def to_dict(self) -> dict[str, Any]: ...

    @classmethod
    @abstractmethod
    def from_dict(cls, data: Any, where: str = "record") -> Self: ...

    def to_json(self) -> str:
        return json.dumps(self.to_dict())

    @classmethod
    def from_json(cls, text: str) -> Self:
        return cls.from_dict(_loads(text))


@dataclass(frozen=True, slots=True)
class DieGroup:
    """The dice of one term of an expression: every face, and whether it counted."""

    term: str
    sides: int
    faces: tuple[int, ...]
    kept: tuple[bool, ...]

    @property
    def kept_faces(self) -> tuple[int, ...]:
        return tuple(f for f, k in zip(self.faces, self.kept, strict=True) if k)

    @property
    def dropped_faces(self) -> tuple[int, ...]:
        return tuple(f for f, k in zip(self.faces, self.kept, strict=True) if not k)

    def to_dict(self) -> dict[str, Any]:
        return {
            "term": self.term,
            "sides": self.sides,
            "faces": list(self.faces),
            "kept": list(self.kept),
        }

    @classmethod
    def from_dict(cls, data: Any, where: str = "die group") -> DieGroup:
        d = _mapping(data, where)
        term = _field(d, "term", str, where)
        sides = _field(d, "sides", int, where)
        faces = _int_list(d, "faces", where)
        kept = _bool_list(d, "kept", where)
        if len(faces) != len(kept):
            raise DiceError(f"{where}: 'faces' and 'kept' have different lengths")
        for face in faces:
            if not 1 <= face <= sides:
                raise DiceError(f"{where}: face {face} does not fit a d{sides}")
        return cls(term, sides, tuple(faces), tuple(kept))


def _kept_flags(faces: list[int], mode: KeepMode, keep: int) -> tuple[bool, ...]:
    # Ties are broken by position so the record is deterministic: among equal faces the
    # earlier die is the one kept.
    order = sorted(range(len(faces)), key=lambda i: (-faces[i] if mode == "high" else faces[i], i))
    chosen = set(order[:keep])
    return tuple(i in chosen for i in range(len(faces)))


class RollRecord(_JsonRecord):
    """One rolled expression: its text, its total and every die (a group per dice term).

    The per-die groups are built on first access from the raw faces, which keeps a roll
    cheap when only the total matters.
    """

    __slots__ = ("_groups", "_raw", "_terms", "expression", "total")

    expression: str
    total: int

    def __init__(self, expression: str, total: int, dice: tuple[DieGroup, ...]) -> None:
        self.expression = expression
        self.total = total
        self._groups: tuple[DieGroup, ...] | None = tuple(dice)
        self._raw: Raw | None = None
        self._terms: tuple[DiceTerm, ...] = ()

    @classmethod
    def _lazy(
        cls, expression: str, total: int, terms: tuple[DiceTerm, ...], raw: Raw
    ) -> RollRecord:
        rec = object.__new__(cls)
        rec.expression = expression
        rec.total = total
        rec._groups = None
        rec._raw = raw
        rec._terms = terms
        return rec

    @property
    def dice(self) -> tuple[DieGroup, ...]:
        """Every die, grouped by the term that rolled it, in reading order."""
        if self._groups is None:
            raw = self._raw if self._raw is not None else []
            groups = []
            for term, faces in zip(self._terms, raw, strict=True):
                if term.keep_mode is None:
                    kept = (True,) * len(faces)
                else:
                    kept = _kept_flags(faces, term.keep_mode, term.keep)
                groups.append(DieGroup(term.label, term.sides, tuple(faces), kept))
            self._groups = tuple(groups)
        return self._groups

    @property
    def faces(self) -> tuple[int, ...]:
        """All faces rolled, in order (kept and dropped)."""
        return tuple(f for g in self.dice for f in g.faces)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, RollRecord):
            return NotImplemented
        return (self.expression, self.total, self.dice) == (
            other.expression,
            other.total,
            other.dice,
        )

    def __hash__(self) -> int:
        return hash((self.expression, self.total, self.dice))

    def __repr__(self) -> str:
        return f"RollRecord(expression={self.expression!r}, total={self.total}, dice={self.dice!r})"

    def to_dict(self) -> dict[str, Any]:
        return {
            "type": "roll",
            "expression": self.expression,
            "total": self.total,
            "dice": [g.to_dict() for g in self.dice],
        }

    @classmethod
    def from_dict(cls, data: Any, where: str = "roll") -> RollRecord:
        d = _typed_mapping(data, "roll", where)
        groups = _list(d, "dice", where)
        return cls(
            _field(d, "expression", str, where),
            _field(d, "total", int, where),
            tuple(DieGroup.from_dict(g, f"{where}.dice[{i}]") for i, g in enumerate(groups)),
        )


@dataclass(frozen=True, slots=True)
class ComparisonRecord(_JsonRecord):
    """A roll of ``left op right`` (``4d6+2 >= 15``): both sides and whether it held."""

    expression: str
    op: CompareOp
    left: RollRecord
    right: RollRecord
    success: bool

    @property
    def total(self) -> int:
        return self.left.total

    @property
    def margin(self) -> int:
        """``left - right``: by how much the roll beat (or missed) the target."""
        return self.left.total - self.right.total

    def to_dict(self) -> dict[str, Any]:
        return {
            "type": "comparison",
            "expression": self.expression,
            "op": self.op,
            "left": self.left.to_dict(),
            "right": self.right.to_dict(),
            "success": self.success,
        }

    @classmethod
    def from_dict(cls, data: Any, where: str = "comparison") -> ComparisonRecord:
        d = _typed_mapping(data, "comparison", where)
        op = _field(d, "op", str, where)
        if op not in _COMPARE:
            raise DiceError(f"{where}: 'op' must be one of {', '.join(_COMPARE)}, not {op!r}")
        left = RollRecord.from_dict(d.get("left"), f"{where}.left")
        right = RollRecord.from_dict(d.get("right"), f"{where}.right")
        success = _field(d, "success", bool, where)
        if success != _COMPARE[op](left.total, right.total):
            raise DiceError(f"{where}: 'success' does not match the totals")
        return cls(_field(d, "expression", str, where), op, left, right, success)


@dataclass(frozen=True, slots=True)
class OpposedRecord(_JsonRecord):
    """A roll of ``attacker vs defender``; ties go to the defender."""

    expression: str
    attacker: RollRecord
    defender: RollRecord

    @property
    def attacker_wins(self) -> bool:
        return self.attacker.total > self.defender.total

    @property
    def success(self) -> bool:
        """Same as :attr:`attacker_wins` (success is always the attacker's)."""
        return self.attacker.total > self.defender.total

    @property
    def tie(self) -> bool:
        return self.attacker.total == self.defender.total

    @property
    def winner(self) -> Literal["attacker", "defender"]:
        return "attacker" if self.attacker_wins else "defender"

    @property
    def margin(self) -> int:
        return self.attacker.total - self.defender.total

    def to_dict(self) -> dict[str, Any]:
        return {
            "type": "opposed",
            "expression": self.expression,
            "attacker": self.attacker.to_dict(),
            "defender": self.defender.to_dict(),
            "attacker_wins": self.attacker_wins,
        }

    @classmethod
    def from_dict(cls, data: Any, where: str = "opposed") -> OpposedRecord:
        d = _typed_mapping(data, "opposed", where)
        rec = cls(
            _field(d, "expression", str, where),
            RollRecord.from_dict(d.get("attacker"), f"{where}.attacker"),
            RollRecord.from_dict(d.get("defender"), f"{where}.defender"),
        )
        if "attacker_wins" in d and d["attacker_wins"] != rec.attacker_wins:
            raise DiceError(f"{where}: 'attacker_wins' does not match the totals")
        return rec


Record = RollRecord | ComparisonRecord | OpposedRecord


# --- JSON helpers -----------------------------------------------------------------------


def _loads(text: str) -> Any:
    try:
        return json.loads(text)
    except (TypeError, ValueError) as exc:
        raise DiceError(f"not a JSON record: {exc}") from None


def _mapping(data: Any, where: str) -> Mapping[str, Any]:
    if not isinstance(data, Mapping):
        raise DiceError(f"{where}: expected an object, got {type(data).__name__}")
    return data


def _typed_mapping(data: Any, kind: str, where: str) -> Mapping[str, Any]:
    """``data`` as a mapping whose ``type`` (if given) is ``kind``."""
    d = _mapping(data, where)
    if d.get("type", kind) != kind:
        raise DiceError(f"{where}: expected a record of type {kind!r}, got {d.get('type')!r}")
    return d


def _field(d: Mapping[str, Any], key: str, kind: type[Any], where: str) -> Any:
    if key not in d:
        raise DiceError(f"{where}: missing key {key!r}")
    value = d[key]
    # bool is a subclass of int; a count or total given as true/false is a mistake.
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise DiceError(f"{where}: {key!r} must be {kind.__name__}, not {type(value).__name__}")
    return value


def _list(d: Mapping[str, Any], key: str, where: str) -> list[Any]:
    value = d.get(key)
    if not isinstance(value, list):
        raise DiceError(f"{where}: {key!r} must be a list")
    return value


def _int_list(d: Mapping[str, Any], key: str, where: str) -> list[int]:
    value = d.get(key)
    if not isinstance(value, list) or not all(
        isinstance(v, int) and not isinstance(v, bool) for v in value
    ):
        raise DiceError(f"{where}: {key!r} must be a list of integers")
    return value


def _bool_list(d: Mapping[str, Any], key: str, where: str) -> list[bool]:
    value = d.get(key)
    if not isinstance(value, list) or not all(isinstance(v, bool) for v in value):
        raise DiceError(f"{where}: {key!r} must be a list of true/false")
    return value


# --- compiled plans ---------------------------------------------------------------------


def _flat_term(node: DiceTerm, sign: int) -> FlatTerm:
    mode = 0 if node.keep_mode is None else (1 if node.keep_mode == "high" else 2)
    return (sign, node.count, node.sides, mode, node.keep)


def _flatten(node: Node, sign: int, terms: list[FlatTerm]) -> int | None:
    """Flatten a signed sum into ``terms``; return its constant part, or None if not flat."""
    if isinstance(node, Const):
        return sign * node.value
    if isinstance(node, DiceTerm):
        terms.append(_flat_term(node, sign))
        return 0
    if isinstance(node, Neg):
        return _flatten(node.operand, -sign, terms)
    if node.op == "*":
        return None
    left = _flatten(node.left, sign, terms)
    if left is None:
        return None
    right = _flatten(node.right, sign if node.op == "+" else -sign, terms)
    return None if right is None else left + right


def _closure(node: Node) -> Evaluator:
    """Compile ``node`` into a closure evaluating it; dice faces go to ``raw`` in order."""
    if isinstance(node, Const):
        value = node.value
        return lambda die, raw: value
    if isinstance(node, DiceTerm):
        plan = (_flat_term(node, 1),)
        return lambda die, raw: _roll_flat(0, plan, die, raw)
    if isinstance(node, Neg):
        inner = _closure(node.operand)
        return lambda die, raw: -inner(die, raw)
    left, right = _closure(node.left), _closure(node.right)
    if node.op == "+":
        return lambda die, raw: left(die, raw) + right(die, raw)
    if node.op == "-":
        return lambda die, raw: left(die, raw) - right(die, raw)
    return lambda die, raw: left(die, raw) * right(die, raw)


def _roll_flat(const: int, terms: tuple[FlatTerm, ...], die: DieFn, raw: Raw) -> int:
    total = const
    for sign, count, sides, mode, keep in terms:
        faces = [die(sides)] if count == 1 else list(map(die, repeat(sides, count)))
        raw.append(faces)
        if mode == 0:
            subtotal = sum(faces)
        elif mode == 1:
            subtotal = sum(sorted(faces)[count - keep :])
        else:
            subtotal = sum(sorted(faces)[:keep])
        total += subtotal if sign > 0 else -subtotal
    return total


class Plan:
    """A compiled, reusable way to roll one side of an expression."""

    __slots__ = ("const", "flat", "fn", "terms", "text")

    def __init__(self, node: Node, text: str) -> None:
        self.text = text
        self.terms = tuple(dice_terms(node))
        flat: list[FlatTerm] = []
        const = _flatten(node, 1, flat)
        self.const = const if const is not None else 0
        self.flat: tuple[FlatTerm, ...] | None = tuple(flat) if const is not None else None
        self.fn: Evaluator | None = None if const is not None else _closure(node)

    def roll(self, die: DieFn) -> RollRecord:
        raw: Raw = []
        if self.flat is not None:
            total = _roll_flat(self.const, self.flat, die, raw)
        else:
            assert self.fn is not None
            total = self.fn(die, raw)
        return RollRecord._lazy(self.text, total, self.terms, raw)


@lru_cache(maxsize=4096)
def compile_expression(expr: Expression) -> Callable[[DiceSource], Record]:
    """The roller for a parsed expression (cached per expression)."""
    text = expr.text.strip()
    if expr.kind == "value":
        plan = Plan(expr.left, text)
        roll_plan = plan.roll

        def roll_value(dice: DiceSource) -> Record:
            return roll_plan(_die_fn(dice))

        return roll_value

    assert expr.right is not None
    left_text, right_text = _split_sides(text, expr)
    left_plan = Plan(expr.left, left_text)
    right_plan = Plan(expr.right, right_text)
    if expr.kind == "opposed":

        def roll_opposed(dice: DiceSource) -> Record:
            die = _die_fn(dice)
            return OpposedRecord(text, left_plan.roll(die), right_plan.roll(die))

        return roll_opposed

    op = expr.op
    assert op is not None
    test = _COMPARE[op]

    def roll_comparison(dice: DiceSource) -> Record:
        die = _die_fn(dice)
        left = left_plan.roll(die)
        right = right_plan.roll(die)
        return ComparisonRecord(text, op, left, right, test(left.total, right.total))

    return roll_comparison


def _split_sides(text: str, expr: Expression) -> tuple[str, str]:
    """The text of each side of a comparison or ``vs`` as written."""
    lowered = text.lower()
    if expr.kind == "opposed":
        at, width = lowered.rfind("vs"), 2
    else:
        assert expr.op is not None
        at, width = text.find(expr.op), len(expr.op)
    return text[:at].strip(), text[at + width :].strip()


def _die_fn(dice: DiceSource) -> DieFn:
    try:
        return dice.die
    except AttributeError:
        raise DiceError(
            f"dice must be a DiceSource (with .die(sides)), not {type(dice).__name__}"
        ) from None


def roll(expression: str | Expression, dice: DiceSource) -> Record:
    """Roll dice notation with ``dice``; return a record of every die and the result.

    A plain expression gives a :class:`RollRecord`, a comparison (``4d6+2 >= 15``) a
    :class:`ComparisonRecord`, an opposed check (``a vs b``) an :class:`OpposedRecord`.
    """
    if isinstance(expression, str):
        return _roller_for_text(expression)(dice)
    if isinstance(expression, Expression):
        return compile_expression(expression)(dice)
    raise DiceError(f"dice notation must be a string, not {type(expression).__name__}")


@lru_cache(maxsize=4096)
def _roller_for_text(text: str) -> Callable[[DiceSource], Record]:
    # Keyed on the text itself: hashing a string is much cheaper than re-hashing the
    # syntax tree on every roll.
    return compile_expression(parse(text))


def roll_value(expression: str | Expression, dice: DiceSource) -> RollRecord:
    """Roll a plain expression (no comparison, no ``vs``) and return its :class:`RollRecord`."""
    expr = expression if isinstance(expression, Expression) else parse(expression)
    if expr.kind != "value":
        raise DiceError(f"{expr.text!r} is a {expr.kind}, not a plain dice expression")
    record = roll(expression, dice)
    assert isinstance(record, RollRecord)
    return record


def value_range(node: Node) -> tuple[int, int]:
    """The smallest and largest value ``node`` can take."""
    if isinstance(node, Const):
        return node.value, node.value
    if isinstance(node, DiceTerm):
        return node.keep, node.keep * node.sides
    if isinstance(node, Neg):
        lo, hi = value_range(node.operand)
        return -hi, -lo
    a, b = value_range(node.left), value_range(node.right)
    if node.op == "+":
        return a[0] + b[0], a[1] + b[1]
    if node.op == "-":
        return a[0] - b[1], a[1] - b[0]
    products = [x * y for x in a for y in b]
    return min(products), max(products)


__all__ = [
    "BinOp",
    "ComparisonRecord",
    "DieGroup",
    "OpposedRecord",
    "Record",
    "RollRecord",
    "compile_expression",
    "roll",
    "roll_value",
    "value_range",
]
