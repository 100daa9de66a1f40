"""The one place where ``pte`` meets dice arithmetic: d6 pools, exact distributions, rolls.

A thin adapter over the project's dice layer (:mod:`turnkeeper.dice`: ``Pool``,
``TeamCheck``, ``OpposedCheck``, ``ExtendedCheck``), so the pool arithmetic exists once in
the project. The rest of the ruleset speaks only this module's small vocabulary: a
:class:`Pool` (rank dice, circumstance dice, flat modifier, Take X), exact distributions as
``{total: Fraction}``, and :class:`PoolRoll` records that keep every face.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any

from turnkeeper import dice as tkdice
from turnkeeper.dice.source import DiceSource

Dist = dict[int, Fraction]
SIDES = 6
#: Pools of up to this many rank dice and nothing else are rolled directly (:func:`roll`).
_PLAIN_MAX = 20


@dataclass(frozen=True)
class Pool:
    """A skill-check roll: ``dice`` d6 for the rank, circumstance dice added and subtracted, a
    flat modifier, and optionally ``take`` (every die counts as that face, no rolling)."""

    dice: int
    bonus_dice: int = 0
    penalty_dice: int = 0
    flat: int = 0
    take: int | None = None

    def expression(self) -> str:
        """Human notation, e.g. ``4d6+1d6-1d6+2`` or ``take 3: 4x3+2``."""
        if self.take is not None:
            net = self.dice + self.bonus_dice - self.penalty_dice
            return f"take {self.take}: {net}x{self.take}{self.flat:+d}"
        text = f"{self.dice}d6"
        if self.bonus_dice:
            text += f"+{self.bonus_dice}d6"
        if self.penalty_dice:
            text += f"-{self.penalty_dice}d6"
        if self.flat:
            text += f"{self.flat:+d}"
        return text

    def layer(self) -> tkdice.Pool:
        """The same pool in the dice layer's terms."""
        return tkdice.Pool(
            dice=self.dice,
            sides=SIDES,
            bonus_dice=self.bonus_dice,
            penalty_dice=self.penalty_dice,
            modifier=self.flat,
            take=self.take,
        )


def fixed_total(pool: Pool) -> int:
    """The total of a Take X pool: every die, circumstance dice included, shows X."""
    assert pool.take is not None
    return (pool.dice + pool.bonus_dice - pool.penalty_dice) * pool.take + pool.flat


@lru_cache(maxsize=1024)
def distribution(pool: Pool) -> Dist:
    """Exact distribution of a pool's total."""
    return dict(pool.layer().distribution().probabilities())


def sum_distribution(pools: Sequence[Pool]) -> Dist:
    """Exact distribution of the sum of several independent pools (a team check)."""
    check = tkdice.TeamCheck(tuple(p.layer() for p in pools), 0)
    # Against a DC of 0 the margin is the total itself.
    return dict(check.odds().margin.probabilities())


def difference_distribution(first: Pool, second: Pool) -> Dist:
    """Exact distribution of ``first - second`` (an opposed check)."""
    return dict(tkdice.OpposedCheck(first.layer(), second.layer()).odds().margin.probabilities())


def first_passage(pool: Pool, target: int, rolls: int) -> list[Fraction]:
    """P(the running total of ``pool`` rolls first reaches ``target`` on roll k), k = 1..rolls.

    Rolls stop once the target is reached; the dice layer tracks the running total exactly,
    so rolls that can be negative (penalty dice) are handled too.
    """
    odds = tkdice.ExtendedCheck(pool.layer(), target, rolls).odds()
    return list(odds.p_first_on)


@dataclass(frozen=True)
class PoolRoll:
    """What a pool showed: every face, by group, and the total."""

    rank_faces: tuple[int, ...]
    bonus_faces: tuple[int, ...]
    penalty_faces: tuple[int, ...]
    flat: int
    total: int
    take: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "rank_faces": list(self.rank_faces),
            "bonus_faces": list(self.bonus_faces),
            "penalty_faces": list(self.penalty_faces),
            "flat": self.flat,
            "take": self.take,
            "total": self.total,
        }


def roll(pool: Pool, dice: DiceSource) -> PoolRoll:
    """Roll ``pool`` (for Take X no die is asked of ``dice``: every face is X).

    The dice layer rolls the rank dice first, then the bonus dice, then the penalty dice, and
    records each group in that order (empty groups are left out).
    """
    if pool.take is None and not pool.bonus_dice and not pool.penalty_dice and (
            0 < pool.dice <= _PLAIN_MAX):
        # Rank dice alone (every opposed maneuver check of ptu): the same dice asked in the
        # same order as the dice layer would, without parsing and recording an expression.
        die = dice.die
        rank = tuple([die(SIDES) for _ in range(pool.dice)])
        return PoolRoll(rank, (), (), pool.flat, sum(rank) + pool.flat, None)
    record = pool.layer().roll(dice)
    groups = [tuple(g.faces) for g in record.dice]
    faces: list[tuple[int, ...]] = []
    for count in (pool.dice, pool.bonus_dice, pool.penalty_dice):
        faces.append(groups.pop(0) if count else ())
    return PoolRoll(faces[0], faces[1], faces[2], pool.flat, int(record.total), pool.take)


def roll_expression(text: str, dice: DiceSource) -> tuple[int, list[int]]:
    """Roll plain dice notation (``1d4``): the total and every face."""
    record = tkdice.roll_value(text, dice)
    return int(record.total), [int(f) for f in record.faces]


def probability_at_least(dist: Mapping[int, Fraction], threshold: int) -> Fraction:
    return sum((p for t, p in dist.items() if t >= threshold), Fraction(0))


def total_of(values: Iterable[Fraction]) -> Fraction:
    return sum(values, Fraction(0))
