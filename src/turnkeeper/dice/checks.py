"""Check primitives that rulesets build on: pools vs a DC, d20 checks, opposed, team, extended.

Each check is a frozen dataclass validated on creation. ``.odds()`` gives exact odds (cached
per check) and ``.roll(dice)`` rolls with an injected :class:`DiceSource`
and returns a record that serializes to JSON. Every check is expressed in dice notation
underneath, so rolling and exact odds share one parser, one roller and one exact counter.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any, Literal

from turnkeeper.dice import ways as W
from turnkeeper.dice.exact import (
    EXACT_BUDGET,
    Distribution,
    Odds,
    _frac,
    _fractions,
    _guarded_ways,
    compare_odds,
    node_distribution,
)
from turnkeeper.dice.notation import (
    MAX_DICE,
    MAX_SIDES,
    BinOp,
    Const,
    DiceLimitError,
    Node,
    dice_terms,
    parse,
)
from turnkeeper.dice.rolling import (
    ComparisonRecord,
    DieGroup,
    OpposedRecord,
    RollRecord,
    _field,
    _JsonRecord,
    _list,
    _loads,
    _mapping,
    _typed_mapping,
    roll_value,
)
from turnkeeper.dice.source import DiceError, DiceSource

MAX_EXTENDED_ROLLS = 100


def _require_int(name: str, value: object, *, minimum: int | None = None) -> None:
    # bool is an int subclass; "True dice" is always a mistake.
    if not isinstance(value, int) or isinstance(value, bool):
        raise DiceError(f"{name} must be an integer, not {value!r}")
    if minimum is not None and value < minimum:
        raise DiceError(f"{name} must be at least {minimum}, not {value}")


def _signed(value: int) -> str:
    return f"+{value}" if value >= 0 else str(value)


# --- pools ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Pool:
    """A pool of ``dice`` dice of ``sides`` sides, plus bonus dice, minus penalty dice, plus a
    flat ``modifier``. With ``take`` = X no die is rolled: every die (bonus and penalty dice
    too) counts X.
    """

    dice: int
    sides: int = 6
    bonus_dice: int = 0
    penalty_dice: int = 0
    modifier: int = 0
    take: int | None = None

    def __post_init__(self) -> None:
        _require_int("dice", self.dice, minimum=0)
        _require_int("sides", self.sides, minimum=1)
        _require_int("bonus_dice", self.bonus_dice, minimum=0)
        _require_int("penalty_dice", self.penalty_dice, minimum=0)
        _require_int("modifier", self.modifier)
        if self.sides > MAX_SIDES:
            raise DiceLimitError(f"a die has at most {MAX_SIDES} sides, not {self.sides}")
        if self.dice + self.bonus_dice + self.penalty_dice > MAX_DICE:
            raise DiceLimitError(f"a pool rolls at most {MAX_DICE} dice in total")
        if self.take is not None:
            _require_int("take", self.take, minimum=1)
            if self.take > self.sides:
                raise DiceError(f"take {self.take} is more than a d{self.sides} can show")

    @property
    def expression(self) -> str:
        """The pool in dice notation (a constant when taking X)."""
        if self.take is not None:
            counted = self.dice + self.bonus_dice - self.penalty_dice
            return str(counted * self.take + self.modifier)
        parts = []
        if self.dice:
            parts.append(f"{self.dice}d{self.sides}")
        if self.bonus_dice:
            parts.append(f"+{self.bonus_dice}d{self.sides}")
        if self.penalty_dice:
            parts.append(f"-{self.penalty_dice}d{self.sides}")
        if self.modifier or not parts:
            parts.append(_signed(self.modifier))
        return "".join(parts).lstrip("+")

    def distribution(self) -> Distribution:
        return node_distribution(parse(self.expression).left, self.expression)

    def roll(self, dice: DiceSource) -> RollRecord:
        if self.take is None:
            return roll_value(self.expression, dice)
        x = self.take
        groups = []
        for count, sign in ((self.dice, ""), (self.bonus_dice, "+"), (self.penalty_dice, "-")):
            if count:
                groups.append(
                    DieGroup(
                        f"{sign}{count}d{self.sides} take {x}",
                        self.sides,
                        (x,) * count,
                        (True,) * count,
                    )
                )
        return RollRecord(self.expression, int(self.expression), tuple(groups))


Side = str | Pool


def _side_node(side: object, name: str) -> tuple[str, Node]:
    """The expression text and syntax tree of one side of an opposed or team check."""
    if isinstance(side, PoolCheck | D20Check | Pool):
        text = side.expression
    elif isinstance(side, str):
        text = side.strip()
    else:
        raise DiceError(f"{name} must be dice notation, a Pool or a check, not {side!r}")
    expr = parse(text)
    if expr.kind != "value":
        raise DiceError(f"{name} must be a plain dice expression, not a {expr.kind}: {text!r}")
    return text, expr.left


def _roll_side(side: object, dice: DiceSource) -> RollRecord:
    if isinstance(side, PoolCheck):
        return side.pool.roll(dice)
    if isinstance(side, Pool):
        return side.roll(dice)
    if isinstance(side, D20Check):
        return roll_value(side.expression, dice)
    assert isinstance(side, str)
    return roll_value(side.strip(), dice)


# --- records ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CheckRecord(_JsonRecord):
    """A roll against a DC: the rolls that made the total, the total, and success.

    A single check has one roll; a team check has one per member.
    """

    expression: str
    dc: int
    total: int
    success: bool
    rolls: tuple[RollRecord, ...]

    @property
    def margin(self) -> int:
        """``total - dc`` (negative when the check failed)."""
        return self.total - self.dc

    def to_dict(self) -> dict[str, Any]:
        return {
            "type": "check",
            "expression": self.expression,
            "dc": self.dc,
            "total": self.total,
            "success": self.success,
            "rolls": [r.to_dict() for r in self.rolls],
        }

    @classmethod
    def from_dict(cls, data: Any, where: str = "check") -> CheckRecord:
        d = _typed_mapping(data, "check", where)
        rolls = _list(d, "rolls", where)
        rec = cls(
            _field(d, "expression", str, where),
            _field(d, "dc", int, where),
            _field(d, "total", int, where),
            _field(d, "success", bool, where),
            tuple(RollRecord.from_dict(r, f"{where}.rolls[{i}]") for i, r in enumerate(rolls)),
        )
        if rec.total != sum(r.total for r in rec.rolls):
            raise DiceError(f"{where}: 'total' is not the sum of the rolls")
        if rec.success != (rec.total >= rec.dc):
            raise DiceError(f"{where}: 'success' does not match total and dc")
        return rec


@dataclass(frozen=True, slots=True)
class ExtendedRecord(_JsonRecord):
    """The rolls of an extended check, stopping when the running total reached the DC."""

    expression: str
    dc: int
    max_rolls: int
    rolls: tuple[RollRecord, ...]

    @property
    def totals(self) -> tuple[int, ...]:
        """The running total after each roll."""
        out, running = [], 0
        for r in self.rolls:
            running += r.total
            out.append(running)
        return tuple(out)

    @property
    def total(self) -> int:
        return sum(r.total for r in self.rolls)

    @property
    def success(self) -> bool:
        return self.total >= self.dc

    @property
    def reached_on(self) -> int | None:
        """The roll (1-based) on which the DC was reached, or None."""
        return len(self.rolls) if self.success else None

    def to_dict(self) -> dict[str, Any]:
        return {
            "type": "extended",
            "expression": self.expression,
            "dc": self.dc,
            "max_rolls": self.max_rolls,
            "rolls": [r.to_dict() for r in self.rolls],
            "success": self.success,
        }

    @classmethod
    def from_dict(cls, data: Any, where: str = "extended") -> ExtendedRecord:
        d = _typed_mapping(data, "extended", where)
        rolls = _list(d, "rolls", where)
        rec = cls(
            _field(d, "expression", str, where),
            _field(d, "dc", int, where),
            _field(d, "max_rolls", int, where),
            tuple(RollRecord.from_dict(r, f"{where}.rolls[{i}]") for i, r in enumerate(rolls)),
        )
        if len(rec.rolls) > rec.max_rolls:
            raise DiceError(f"{where}: more rolls than max_rolls")
        if any(total >= rec.dc for total in rec.totals[:-1]):
            raise DiceError(f"{where}: rolls go on after the running total reached the DC")
        if "success" in d and d["success"] != rec.success:
            raise DiceError(f"{where}: 'success' does not match the rolls")
        return rec


@dataclass(frozen=True, slots=True)
class ExtendedOdds:
    """Exact odds of an extended check.

    ``p_first_on[k-1]`` is the chance the DC is first reached on roll k, ``p_done_by[k-1]``
    the chance it is reached within k rolls; ``p_success`` is ``p_done_by[-1]``.
    """

    expression: str
    dc: int
    p_first_on: tuple[Fraction, ...]
    p_done_by: tuple[Fraction, ...]

    @property
    def p_success(self) -> Fraction:
        return self.p_done_by[-1]

    @property
    def p_failure(self) -> Fraction:
        return 1 - self.p_success

    def to_dict(self) -> dict[str, Any]:
        return {
            "expression": self.expression,
            "dc": self.dc,
            **_fractions(p_success=self.p_success),
            "p_first_on": [_frac(p) for p in self.p_first_on],
            "p_done_by": [_frac(p) for p in self.p_done_by],
        }


# --- checks -----------------------------------------------------------------------------


def _check_odds(expression: str, node: Node, dc: int) -> Odds:
    left = _guarded_ways(node, Const(dc))
    label = f"margin of {expression} vs DC {dc}"
    return compare_odds(f"{expression} >= {dc}", "check", left, ">=", W.constant(dc), label)


@lru_cache(maxsize=1024)
def _cached_check_odds(check: PoolCheck | D20Check) -> Odds:
    return _check_odds(check.expression, parse(check.expression).left, check.dc)


def _check_record(expression: str, dc: int, rolls: tuple[RollRecord, ...]) -> CheckRecord:
    total = sum(r.total for r in rolls)
    return CheckRecord(expression, dc, total, total >= dc, rolls)


@dataclass(frozen=True, slots=True)
class PoolCheck:
    """A pool of ``dice`` d``sides`` (+ bonus dice, - penalty dice, + modifier) vs ``dc``.

    Success when the total meets the DC (total >= dc). ``take`` = X counts every die as X
    without rolling.
    """

    dice: int
    dc: int
    sides: int = 6
    bonus_dice: int = 0
    penalty_dice: int = 0
    modifier: int = 0
    take: int | None = None

    def __post_init__(self) -> None:
        _require_int("dc", self.dc)
        self.pool  # noqa: B018 - building the pool validates every other field

    @property
    def pool(self) -> Pool:
        return Pool(
            self.dice, self.sides, self.bonus_dice, self.penalty_dice, self.modifier, self.take
        )

    @property
    def expression(self) -> str:
        return self.pool.expression

    def distribution(self) -> Distribution:
        """The distribution of the total."""
        return self.pool.distribution()

    def odds(self) -> Odds:
        """Exact odds of success, and the distribution of the margin (total - DC)."""
        return _cached_check_odds(self)

    def roll(self, dice: DiceSource) -> CheckRecord:
        return _check_record(f"{self.expression} >= {self.dc}", self.dc, (self.pool.roll(dice),))


@dataclass(frozen=True, slots=True)
class D20Check:
    """d20 + ``modifier`` vs ``dc``, with advantage (best of two d20) or disadvantage (worst
    of two); having both cancels out to a single d20. Success when the total meets the DC.
    """

    modifier: int = 0
    dc: int = 10
    advantage: bool = False
    disadvantage: bool = False

    def __post_init__(self) -> None:
        _require_int("modifier", self.modifier)
        _require_int("dc", self.dc)
        for name in ("advantage", "disadvantage"):
            if not isinstance(getattr(self, name), bool):
                raise DiceError(f"{name} must be True or False, not {getattr(self, name)!r}")

    @property
    def mode(self) -> Literal["advantage", "disadvantage", "normal"]:
        if self.advantage and not self.disadvantage:
            return "advantage"
        if self.disadvantage and not self.advantage:
            return "disadvantage"
        return "normal"

    @property
    def expression(self) -> str:
        die = {"advantage": "d20adv", "disadvantage": "d20dis", "normal": "d20"}[self.mode]
        return die + (_signed(self.modifier) if self.modifier else "")

    def distribution(self) -> Distribution:
        return node_distribution(parse(self.expression).left, self.expression)

    def odds(self) -> Odds:
        return _cached_check_odds(self)

    def roll(self, dice: DiceSource) -> CheckRecord:
        return _check_record(
            f"{self.expression} >= {self.dc}", self.dc, (roll_value(self.expression, dice),)
        )


@dataclass(frozen=True, slots=True)
class OpposedCheck:
    """``attacker`` against ``defender``: the higher total wins, ties go to the defender.

    Each side is dice notation, a :class:`Pool`, or a check (its DC is ignored).
    """

    attacker: str | Pool | PoolCheck | D20Check
    defender: str | Pool | PoolCheck | D20Check

    def __post_init__(self) -> None:
        _side_node(self.attacker, "attacker")
        _side_node(self.defender, "defender")

    @property
    def expression(self) -> str:
        a, _ = _side_node(self.attacker, "attacker")
        d, _ = _side_node(self.defender, "defender")
        return f"{a} vs {d}"

    def odds(self) -> Odds:
        """``p_success`` = the attacker wins; ``p_tie`` = a tie (the defender wins it)."""
        return _opposed_odds(self)

    def roll(self, dice: DiceSource) -> OpposedRecord:
        return OpposedRecord(
            self.expression, _roll_side(self.attacker, dice), _roll_side(self.defender, dice)
        )


@lru_cache(maxsize=1024)
def _opposed_odds(check: OpposedCheck) -> Odds:
    _, a = _side_node(check.attacker, "attacker")
    _, d = _side_node(check.defender, "defender")
    attacker = _guarded_ways(a, d)
    defender = _guarded_ways(d)
    label = f"margin of {check.expression}"
    return compare_odds(check.expression, "opposed", attacker, "vs", defender, label)


@dataclass(frozen=True, slots=True)
class TeamCheck:
    """Several pools rolled together; their summed totals are compared to one ``dc``."""

    members: tuple[str | Pool | PoolCheck | D20Check, ...]
    dc: int

    def __post_init__(self) -> None:
        if isinstance(self.members, str | Pool) or not isinstance(self.members, Sequence):
            raise DiceError("members must be a sequence of dice notations, pools or checks")
        object.__setattr__(self, "members", tuple(self.members))
        if not self.members:
            raise DiceError("a team check needs at least one member")
        _require_int("dc", self.dc)
        dice = 0
        for i, member in enumerate(self.members):
            _, node = _side_node(member, f"members[{i}]")
            dice += sum(t.count for t in dice_terms(node))
        if dice > MAX_DICE:
            raise DiceLimitError(f"a team check rolls at most {MAX_DICE} dice in total")

    @classmethod
    def scaled(
        cls,
        members: Sequence[str | Pool | PoolCheck | D20Check],
        base_dc: int,
        people: int | None = None,
    ) -> TeamCheck:
        """A team check whose DC is ``base_dc`` times the number of people expected
        (by default, the number of members)."""
        count = len(members) if people is None else people
        _require_int("people", count, minimum=1)
        _require_int("base_dc", base_dc)
        return cls(tuple(members), base_dc * count)

    @property
    def expression(self) -> str:
        return " + ".join(
            f"({_side_node(m, f'members[{i}]')[0]})" for i, m in enumerate(self.members)
        )

    def odds(self) -> Odds:
        return _team_odds(self)

    def roll(self, dice: DiceSource) -> CheckRecord:
        rolls = tuple(_roll_side(m, dice) for m in self.members)
        return _check_record(f"{self.expression} >= {self.dc}", self.dc, rolls)


@lru_cache(maxsize=1024)
def _team_odds(check: TeamCheck) -> Odds:
    nodes = [_side_node(m, f"members[{i}]")[1] for i, m in enumerate(check.members)]
    total: Node = nodes[0]
    for node in nodes[1:]:
        total = BinOp("+", total, node)
    return _check_odds(check.expression, total, check.dc)


@dataclass(frozen=True, slots=True)
class ExtendedCheck:
    """Roll ``pool`` again and again, adding up the totals, until the running total reaches
    ``dc``; success if that happens within ``max_rolls`` rolls.
    """

    pool: str | Pool | PoolCheck | D20Check
    dc: int
    max_rolls: int

    def __post_init__(self) -> None:
        _side_node(self.pool, "pool")
        _require_int("dc", self.dc)
        _require_int("max_rolls", self.max_rolls, minimum=1)
        if self.max_rolls > MAX_EXTENDED_ROLLS:
            raise DiceLimitError(
                f"an extended check allows at most {MAX_EXTENDED_ROLLS} rolls, not {self.max_rolls}"
            )

    @property
    def expression(self) -> str:
        return _side_node(self.pool, "pool")[0]

    def odds(self) -> ExtendedOdds:
        return _extended_odds(self)

    def roll(self, dice: DiceSource) -> ExtendedRecord:
        rolls: list[RollRecord] = []
        running = 0
        while len(rolls) < self.max_rolls and running < self.dc:
            record = _roll_side(self.pool, dice)
            rolls.append(record)
            running += record.total
        return ExtendedRecord(self.expression, self.dc, self.max_rolls, tuple(rolls))


@lru_cache(maxsize=256)
def _extended_odds(check: ExtendedCheck) -> ExtendedOdds:
    text, node = _side_node(check.pool, "pool")
    step_low, step_ways = _guarded_ways(node)
    dc = check.dc
    # The running total is a Markov chain: once it reaches the DC it stays there (all such
    # totals are counted together in ``reached``), otherwise one more roll is added. The
    # totals span at most the DC's distance plus the steps that can overshoot it or fall
    # below zero.
    span = abs(dc) + (len(step_ways) - 1) * check.max_rolls + 1
    cost = span * (len(step_ways) - step_ways.count(0)) * check.max_rolls
    if cost > EXACT_BUDGET:
        raise DiceLimitError("this extended check is too big for exact odds: use fewer rolls")
    per_roll = sum(step_ways)
    # Ways out of ``total`` (= per_roll ** rolls so far); ``below`` holds the totals still
    # under the DC as (lowest total, ways per total).
    below: tuple[int, list[int]] | None = (0, [1])
    reached, total = 0, 1
    done_by: list[Fraction] = []
    for roll_number in range(check.max_rolls):
        if roll_number == 0:
            below, reached = _split_at_dc(below, dc, reached)  # a DC of 0 or less: done
        reached *= per_roll
        total *= per_roll
        if below is not None:
            low, ways = below
            below = (low + step_low, W.convolve(ways, step_ways))
            below, reached = _split_at_dc(below, dc, reached)
        done_by.append(Fraction(reached, total))
    first_on = tuple(b - a for a, b in zip([Fraction(0), *done_by[:-1]], done_by, strict=True))
    return ExtendedOdds(text, dc, first_on, tuple(done_by))


def _split_at_dc(
    below: tuple[int, list[int]] | None, dc: int, reached: int
) -> tuple[tuple[int, list[int]] | None, int]:
    """Move the ways of totals at or above ``dc`` into ``reached``."""
    if below is None:
        return None, reached
    low, ways = below
    cut = dc - low  # index of the first total that reaches the DC
    if cut >= len(ways):
        return below, reached
    if cut <= 0:
        return None, reached + sum(ways)
    reached += sum(ways[cut:])
    kept = ways[:cut]
    while not kept[-1]:  # the lowest total always has ways, so this stops
        kept.pop()
    return (low, kept), reached


# --- any record from JSON ---------------------------------------------------------------

AnyRecord = RollRecord | ComparisonRecord | OpposedRecord | CheckRecord | ExtendedRecord

_RECORD_TYPES: dict[str, Any] = {
    "roll": RollRecord,
    "comparison": ComparisonRecord,
    "opposed": OpposedRecord,
    "check": CheckRecord,
    "extended": ExtendedRecord,
}


def record_from_dict(data: Any) -> AnyRecord:
    """Rebuild any dice record from its ``to_dict()`` form, chosen by its ``type`` key."""
    d = _mapping(data, "record")
    kind = d.get("type")
    if kind not in _RECORD_TYPES:
        raise DiceError(
            f"record: unknown type {kind!r} (expected one of {', '.join(_RECORD_TYPES)})"
        )
    record: AnyRecord = _RECORD_TYPES[kind].from_dict(d)
    return record


def record_from_json(text: str) -> AnyRecord:
    """Rebuild any dice record from its ``to_json()`` text."""
    return record_from_dict(_loads(text))


def clear_caches() -> None:
    """Forget every cached parse, roller, counted ways and odds (e.g. to measure cold costs
    or to free memory after many one-off expressions)."""
    from turnkeeper.dice import exact, notation, rolling, ways

    for cached in (
        notation._parse_cached,
        rolling._roller_for_text,
        rolling.compile_expression,
        ways.dice_sum,
        ways.dice_keep,
        exact._guarded_ways,
        exact._distribution_cached,
        exact._distribution_for_text,
        exact._odds_for_text,
        exact._odds_cached,
        _cached_check_odds,
        _opposed_odds,
        _team_odds,
        _extended_odds,
    ):
        cached.cache_clear()
