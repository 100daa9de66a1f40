"""Dice notation: the grammar, its syntax tree and the parser.

The grammar (whitespace is allowed between tokens, not inside a dice term)::

    input      := sum [ compare sum | "vs" sum ]
    compare    := ">=" | "<=" | ">" | "<" | "=="
    sum        := product { ("+" | "-") product }
    product    := unary { "*" unary }
    unary      := ("-" | "+") unary | atom
    atom       := INT | dice | "(" sum ")"
    dice       := [INT] ("d" | "D") (INT | "%") [suffix]
    suffix     := ("kh" | "kl" | "dh" | "dl") [INT] | "adv" | "dis"

``d%`` is a d100. ``kh``/``kl`` keep the highest/lowest N dice, ``dh``/``dl`` drop them (N
defaults to 1). ``adv``/``dis`` only follow a single die: ``d20adv`` is ``2d20kh1`` and
``d20dis`` is ``2d20kl1``. ``a vs b`` is an opposed check where ties go to ``b`` (the defender).

Parsing is cached (:func:`functools.lru_cache`), so rolling the same text again costs a
dictionary lookup, not a parse.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from turnkeeper.dice.source import DiceError

MAX_EXPRESSION_LENGTH = 200
MAX_DICE = 1000  # per term and for the whole expression
MAX_SIDES = 1000
MAX_CONSTANT = 1_000_000
#: Parentheses and signs nested in one another: deeper nesting is refused at its column.
#: The parser (and rolling and exact odds after it) recurses once per level; without a
#: bound of its own, 99 nested parentheses (which fit in 200 characters) could exhaust
#: Python's recursion limit when parsing is called from deep inside a caller's stack.
MAX_NESTING = 50
MAX_DEPTH = MAX_NESTING  # the name the limit tables use

CompareOp = Literal[">=", "<=", ">", "<", "=="]
KeepMode = Literal["high", "low"]


class DiceSyntaxError(DiceError):
    """The notation could not be read: ``column`` (1-based) says where, ``expected`` what."""

    def __init__(self, text: str, column: int, expected: str, found: str) -> None:
        self.text = text
        self.column = column
        self.expected = expected
        self.found = found
        super().__init__(f"column {column}: expected {expected}, found {found} in {text!r}")


class DiceLimitError(DiceError):
    """The notation is readable but asks for too much (too many dice, too many sides...)."""

    def __init__(self, message: str, column: int | None = None, text: str = "") -> None:
        #: Where (1-based) in ``text`` the limit was passed, when it has a place.
        self.column = column
        self.text = text
        self.message = message
        where = f"column {column}: " if column is not None else ""
        super().__init__(where + message)


# --- syntax tree ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Const:
    """An integer constant."""

    value: int

    def __str__(self) -> str:
        return str(self.value)


@dataclass(frozen=True, slots=True)
class DiceTerm:
    """``count`` dice of ``sides`` sides; ``keep`` of them count (all when ``keep`` is None).

    ``label`` is the term as written (``4d6dl1``, ``d20adv``), for records and messages.
    """

    count: int
    sides: int
    keep_mode: KeepMode | None
    keep: int
    label: str

    def __str__(self) -> str:
        return self.label


@dataclass(frozen=True, slots=True)
class Neg:
    """Unary minus."""

    operand: Node

    def __str__(self) -> str:
        return f"-{self.operand}"


@dataclass(frozen=True, slots=True)
class BinOp:
    """``left op right`` for ``+``, ``-`` and ``*``."""

    op: Literal["+", "-", "*"]
    left: Node
    right: Node

    def __str__(self) -> str:
        return f"({self.left} {self.op} {self.right})"


Node = Const | DiceTerm | Neg | BinOp


@dataclass(frozen=True, slots=True)
class Expression:
    """A parsed input: a plain value, a comparison against a target, or an opposed check.

    ``kind`` is ``"value"`` (only ``left``), ``"comparison"`` (``left op right``) or
    ``"opposed"`` (``left vs right``; ``left`` attacks, ``right`` defends and wins ties).
    """

    text: str
    kind: Literal["value", "comparison", "opposed"]
    left: Node
    right: Node | None = None
    op: CompareOp | None = None


def dice_terms(node: Node) -> list[DiceTerm]:
    """The dice terms of ``node`` in reading order (the order they are rolled in)."""
    if isinstance(node, DiceTerm):
        return [node]
    if isinstance(node, Neg):
        return dice_terms(node.operand)
    if isinstance(node, BinOp):
        return dice_terms(node.left) + dice_terms(node.right)
    return []


# --- parser -----------------------------------------------------------------------------

_COMPARE_OPS: tuple[CompareOp, ...] = (">=", "<=", "==", ">", "<")
_WHITESPACE = " \t"


class _Parser:
    __slots__ = ("depth", "dice_total", "i", "n", "s")

    def __init__(self, text: str) -> None:
        self.s = text
        self.n = len(text)
        self.i = 0
        self.dice_total = 0
        self.depth = 0

    def limit(self, message: str, at: int) -> DiceLimitError:
        """A limit passed at index ``at`` of the text."""
        return DiceLimitError(message, at + 1, self.s)

    def nest(self, at: int) -> None:
        """One more level of nesting (a parenthesis or a sign) starting at index ``at``."""
        self.depth += 1
        if self.depth > MAX_NESTING:
            raise self.limit(
                f"the expression nests parentheses and signs more than {MAX_NESTING} deep", at
            )

    def _found(self, at: int) -> str:
        if at >= self.n:
            return "the end of the expression"
        return repr(self.s[at])

    def fail(self, expected: str, at: int | None = None) -> DiceSyntaxError:
        pos = self.i if at is None else at
        return DiceSyntaxError(self.s, pos + 1, expected, self._found(pos))

    def skip(self) -> None:
        while self.i < self.n and self.s[self.i] in _WHITESPACE:
            self.i += 1

    def peek(self) -> str:
        return self.s[self.i] if self.i < self.n else ""

    def read_int(self) -> int:
        start = self.i
        while self.i < self.n and self.s[self.i].isdigit() and self.s[self.i].isascii():
            self.i += 1
        digits = self.s[start : self.i]
        # The width test spares int() a 200-digit string; leading zeros don't count towards
        # it, so "0000005" and "00000005" are both 5.
        significant = digits.lstrip("0")
        if len(significant) > len(str(MAX_CONSTANT)) or int(digits) > MAX_CONSTANT:
            raise self.limit(f"number {digits} is larger than {MAX_CONSTANT}", start)
        return int(digits)

    def parse(self) -> Expression:
        self.skip()
        if self.i >= self.n:
            raise self.fail("a dice expression such as 4d6+2")
        left = self.sum()
        self.skip()
        for op in _COMPARE_OPS:
            if self.s.startswith(op, self.i):
                self.i += len(op)
                right = self.sum()
                self.finish("an operator (+ - *) or the end of the expression")
                return Expression(self.s, "comparison", left, right, op)
        if self.s[self.i : self.i + 2].lower() == "vs":
            self.i += 2
            right = self.sum()
            self.finish("an operator (+ - *) or the end of the expression")
            return Expression(self.s, "opposed", left, right)
        self.finish("an operator (+ - *), a comparison (>= <= > < ==), 'vs' or the end")
        return Expression(self.s, "value", left)

    def finish(self, expected: str) -> None:
        self.skip()
        if self.i < self.n:
            raise self.fail(expected)

    def sum(self) -> Node:
        node = self.product()
        while True:
            self.skip()
            c = self.peek()
            if c not in ("+", "-"):
                return node
            self.i += 1
            node = BinOp("+" if c == "+" else "-", node, self.product())

    def product(self) -> Node:
        node = self.unary()
        while True:
            self.skip()
            if self.peek() != "*":
                return node
            self.i += 1
            node = BinOp("*", node, self.unary())

    def unary(self) -> Node:
        self.skip()
        c = self.peek()
        if c == "-":
            self.nest(self.i)
            self.i += 1
            operand = self.unary()
            self.depth -= 1
            # Fold "-3" into a constant so records and plans stay small.
            if isinstance(operand, Const):
                return Const(-operand.value)
            return Neg(operand)
        if c == "+":
            self.nest(self.i)
            self.i += 1
            node = self.unary()
            self.depth -= 1
            return node
        return self.atom()

    def atom(self) -> Node:
        self.skip()
        start = self.i
        c = self.peek()
        if c == "(":
            self.nest(start)
            self.i += 1
            node = self.sum()
            self.skip()
            if self.peek() != ")":
                raise self.fail(f"')' to close the '(' at column {start + 1}")
            self.i += 1
            self.depth -= 1
            return node
        if c.isdigit() and c.isascii():
            value = self.read_int()
            if self.peek() in ("d", "D"):
                return self.dice(value, start)
            return Const(value)
        if c in ("d", "D"):
            return self.dice(None, start)
        raise self.fail("a number, a die (like d6) or '('")

    def dice(self, count: int | None, start: int) -> DiceTerm:
        self.i += 1  # the "d"
        sides_at = self.i
        if self.peek() == "%":
            self.i += 1
            sides = 100
        elif self.peek().isdigit() and self.peek().isascii():
            sides = self.read_int()
        else:
            raise self.fail("the number of sides after 'd' (like d6) or '%'")
        n = 1 if count is None else count
        if not 1 <= n <= MAX_DICE:
            raise self.limit(f"a dice term rolls 1 to {MAX_DICE} dice, not {n}", start)
        if not 1 <= sides <= MAX_SIDES:
            raise self.limit(f"a die has 1 to {MAX_SIDES} sides, not {sides}", sides_at)
        keep_mode: KeepMode | None = None
        keep = n
        suffix_at = self.i
        suffix = self.s[self.i : self.i + 3].lower()
        if suffix in ("adv", "dis"):
            if n != 1:
                raise self.fail("'adv'/'dis' only after a single die (like d20adv)", suffix_at)
            self.i += 3
            n, keep = 2, 1
            keep_mode = "high" if suffix == "adv" else "low"
        elif suffix[:2] in ("kh", "kl", "dh", "dl"):
            code = suffix[:2]
            self.i += 2
            amount_at = self.i
            amount = self.read_int() if self.peek().isdigit() and self.peek().isascii() else 1
            if code[0] == "k":
                if not 1 <= amount <= n:
                    raise self.fail(f"a number of dice to keep from 1 to {n}", amount_at)
                keep = amount
                keep_mode = "high" if code == "kh" else "low"
            else:
                if not 0 <= amount < n:
                    raise self.fail(f"a number of dice to drop from 0 to {n - 1}", amount_at)
                keep = n - amount
                # Dropping the lowest keeps the highest, and the other way round.
                keep_mode = "high" if code == "dl" else "low"
            if keep == n:
                keep_mode = None
        self.dice_total += n
        if self.dice_total > MAX_DICE:
            raise self.limit(f"the expression rolls more than {MAX_DICE} dice in total", start)
        return DiceTerm(n, sides, keep_mode, keep, self.s[start : self.i])


def parse(text: str) -> Expression:
    """Parse dice notation into an :class:`Expression` (cached per text).

    >>> parse("4d6kh3 >= 12").kind
    'comparison'
    """
    if not isinstance(text, str):
        raise DiceError(f"dice notation must be a string, not {type(text).__name__}")
    return _parse_cached(text)


@lru_cache(maxsize=4096)
def _parse_cached(text: str) -> Expression:
    if len(text) > MAX_EXPRESSION_LENGTH:
        raise DiceLimitError(
            f"the expression is {len(text)} characters long; the limit is {MAX_EXPRESSION_LENGTH}",
            MAX_EXPRESSION_LENGTH + 1,
            text,
        )
    return _Parser(text).parse()
