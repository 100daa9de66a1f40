"""One attack, start to end: accuracy, Damage Base, STAB, stats, crits, types, minimum damage.

Pure functions: an :class:`Attack` (everything the numbers depend on, stats already after
combat stages) and a :class:`~turnkeeper.dice.DiceSource` in, values out. The exact odds
before rolling (P(hit), the damage distribution on a hit, P(the attack faints the target))
come from :mod:`turnkeeper.dice`, so they match the rolls face for face.

Facts: PTU 1.05 Core p. 236-237 (accuracy, damage) and the type chart
(/work/shared/reference/ptu-combat.md).
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any, Final, Literal, final

from turnkeeper import dice as tkdice
from turnkeeper.dice import DiceSource
from turnkeeper.rulesets.ptu.fight.data import (
    MAX_DAMAGE_BASE,
    MIN_DAMAGE_BASE,
    DamageBaseRow,
    damage_base_chart,
    type_chart,
)
from turnkeeper.rulesets.ptu.fight.stats import FightValueError, MoveClass

#: ``rolled`` rolls the Damage Base; the others use its set value (a table setting, p. 237).
DamageMode = Literal["rolled", "min", "average", "max"]
DAMAGE_MODES: tuple[DamageMode, ...] = ("rolled", "min", "average", "max")
STAB_BONUS = 2
NATURAL_MISS = 1
NATURAL_HIT = 20
MIN_STEPS = -3
MAX_STEPS = 3


# --- accuracy (p. 236) -----------------------------------------------------------------


def hits(natural: int, *, ac: int, evasion: int, accuracy_modifier: int = 0) -> bool:
    """Whether an accuracy roll showing ``natural`` hits (p. 236).

    A natural 1 always misses and a natural 20 always hits; otherwise the roll plus the
    user's accuracy modifiers must reach the move's AC plus the target's evasion. Rule ids
    ``ptu.fight.accuracy.check``, ``ptu.fight.accuracy.natural-1``,
    ``ptu.fight.accuracy.natural-20``.
    """
    if not 1 <= natural <= 20:
        raise FightValueError(f"an accuracy roll is a d20 face 1..20, not {natural}")
    if natural == NATURAL_MISS:
        return False
    if natural == NATURAL_HIT:
        return True
    return natural + accuracy_modifier >= ac + evasion


def is_critical(natural: int, *, hit: bool, crit_from: int = 20) -> bool:
    """A hit whose roll shows ``crit_from`` or more is a critical hit (p. 236).

    ``crit_from`` is 20 unless the move widens its crit range. Reading: a roll inside a wide
    crit range that still misses is no critical hit. Rule id ``ptu.fight.accuracy.crit``.
    """
    return hit and natural >= crit_from


# --- damage (p. 236-237) ---------------------------------------------------------------


def effective_damage_base(
    damage_base: int, move_type: str, user_types: Sequence[str], *, stab: bool = True
) -> int:
    """The Damage Base after STAB: +2 when the move's type is one of the user's (p. 236).

    ``stab`` is False for attacks that never get it (Struggle). Reading: the chart ends at
    28, so a boosted DB is capped there. Rule id ``ptu.fight.damage.stab``.
    """
    if not MIN_DAMAGE_BASE <= damage_base <= MAX_DAMAGE_BASE:
        raise FightValueError(
            f"a Damage Base is {MIN_DAMAGE_BASE}..{MAX_DAMAGE_BASE}, not {damage_base}"
        )
    if stab and move_type in user_types:
        return min(MAX_DAMAGE_BASE, damage_base + STAB_BONUS)
    return damage_base


def damage_base_row(damage_base: int) -> DamageBaseRow:
    """The chart's row for ``damage_base`` (p. 237)."""
    row = damage_base_chart().get(damage_base)
    if row is None:
        raise FightValueError(
            f"a Damage Base is {MIN_DAMAGE_BASE}..{MAX_DAMAGE_BASE}, not {damage_base}"
        )
    return row


def type_steps(move_type: str, target_types: Sequence[str]) -> int | None:
    """Effectiveness steps of ``move_type`` against a target of ``target_types``.

    Each weakness is a step up, each resistance a step down, within -3..+3; ``None`` when a
    type of the target is immune (p. 236-238). Typeless attacks (``""``) are neutral.
    Rule ids ``ptu.fight.types.steps``, ``ptu.fight.types.immune``.
    """
    if move_type == "":
        return 0
    key = (move_type, tuple(target_types))
    if key in _TYPE_STEPS:
        return _TYPE_STEPS[key]
    steps = _chart_steps(move_type, key[1])
    if len(_TYPE_STEPS) >= 4096:
        _TYPE_STEPS.clear()
    _TYPE_STEPS[key] = steps
    return steps


#: :func:`type_steps`' answers by (move type, target types): every hit and every attack
#: offer asks it, and reading the chart goes through its interpreted methods (about 3,400
#: instructions a call, issue 16); the chart is read from a data file once, so an answer
#: never changes. A type the chart does not know raises each time (never kept).
_TYPE_STEPS: Final[dict[tuple[str, tuple[str, ...]], int | None]] = {}


def _chart_steps(move_type: str, target_types: tuple[str, ...]) -> int | None:
    """:func:`type_steps` read from the chart (its rule ids there)."""
    chart = type_chart()
    row = chart.row(move_type, "move type")
    steps = 0
    for target_type in target_types:
        chart.check_type(target_type, "target type")
        if target_type in row.no_effect:
            return None
        if target_type in row.super_effective:
            steps += 1
        elif target_type in row.resisted_by:
            steps -= 1
    return max(MIN_STEPS, min(MAX_STEPS, steps))


def type_multiplier(steps: int | None) -> Fraction:
    """The damage multiplier of a number of steps (0 for an immunity): x1.5, x2, x3 up,
    x1/2, x1/4, x1/8 down (p. 236). Rule id ``ptu.fight.types.steps``."""
    if steps is None:
        return Fraction(0)
    return type_chart().step_multipliers[steps]


def final_damage(roll_total: int, attack_stat: int, defense_stat: int, steps: int | None) -> int:
    """Damage dealt from the rolled (or set) total of the Damage Base (p. 236-237).

    Add the attack stat, take away the defense stat, multiply by the type multiplier and
    round down; a hit the target is not immune to deals at least 1. Rule ids
    ``ptu.fight.damage.stats``, ``ptu.fight.damage.minimum``, ``ptu.fight.types.immune``.
    """
    if steps is None:
        return 0
    raw = roll_total + attack_stat - defense_stat
    numerator, denominator = _step_ratio(steps)
    # The floor of raw x n/d as integers (d > 0): the same number as the Fraction product's
    # floor, without building a Fraction for every hit (interpreted arithmetic, issue 16).
    return max(1, raw * numerator // denominator)


#: :func:`type_multiplier` of each number of steps as (numerator, denominator), kept once
#: read: a Fraction's ``numerator`` and ``denominator`` are Python-level properties, read at
#: every hit and every total of a damage distribution (issue 16). The chart never changes.
_STEP_RATIOS: Final[dict[int, tuple[int, int]]] = {}


def _step_ratio(steps: int) -> tuple[int, int]:
    ratio = _STEP_RATIOS.get(steps)
    if ratio is None:
        multiplier = type_multiplier(steps)
        ratio = (multiplier.numerator, multiplier.denominator)
        _STEP_RATIOS[steps] = ratio
    return ratio


@final
@dataclass(frozen=True, slots=True)
class Attack:
    """Everything the numbers of one attack depend on.

    ``attack_stat`` is the user's Attack (physical) or Special Attack (special) after combat
    stages, ``defense_stat`` the target's Defense or Special Defense after stages; ``evasion``
    is the target's applicable evasion (see :meth:`Evasions.best_against`; 0 when Frozen or
    Asleep). ``ac`` ``None`` means the move cannot miss; ``damage_base`` ``None`` means it
    deals no damage (a status move).
    """

    move_type: str
    move_class: MoveClass
    ac: int | None
    damage_base: int | None
    attack_stat: int = 0
    defense_stat: int = 0
    user_types: tuple[str, ...] = ()
    target_types: tuple[str, ...] = ()
    accuracy_modifier: int = 0
    evasion: int = 0
    crit_from: int = 20
    stab: bool = True
    damage_mode: DamageMode = "rolled"

    def __post_init__(self) -> None:
        if self.damage_mode not in DAMAGE_MODES:
            raise FightValueError(
                f"damage_mode must be one of {', '.join(DAMAGE_MODES)}, not {self.damage_mode!r}"
            )
        if not 2 <= self.crit_from <= 20:
            raise FightValueError(f"crit_from must be 2..20, not {self.crit_from}")
        if self.move_class == "status" and self.damage_base is not None:
            raise FightValueError("a status move has no Damage Base")
        if self.damage_base is not None:
            self.row  # noqa: B018 - validates the Damage Base (with STAB)

    @property
    def row(self) -> DamageBaseRow:
        """The Damage Base chart row after STAB."""
        if self.damage_base is None:
            raise FightValueError("this attack deals no damage (no Damage Base)")
        return damage_base_row(
            effective_damage_base(self.damage_base, self.move_type, self.user_types, stab=self.stab)
        )

    @property
    def steps(self) -> int | None:
        return type_steps(self.move_type, self.target_types)


def damage_expression(row: DamageBaseRow, *, critical: bool) -> str:
    """The roll of step 2 in dice notation; a crit adds the roll a second time (p. 237)."""
    times = 2 if critical else 1
    return f"{row.dice * times}d{row.sides}+{row.flat * times}"


def set_damage(row: DamageBaseRow, mode: DamageMode, *, critical: bool) -> int:
    """The set value of a Damage Base (min / average / max), doubled on a crit (p. 237)."""
    value = {"min": row.set_min, "average": row.set_average, "max": row.set_max}[mode]
    return value * (2 if critical else 1)


@final
@dataclass(frozen=True, slots=True)
class AttackOutcome:
    """What one attack did: the accuracy roll, the damage roll's faces, the damage dealt."""

    natural: int | None
    hit: bool
    critical: bool
    damage_faces: tuple[int, ...]
    roll_total: int
    steps: int | None
    damage: int

    def to_dict(self) -> dict[str, Any]:
        return {
            "natural": self.natural,
            "hit": self.hit,
            "critical": self.critical,
            "damage_faces": list(self.damage_faces),
            "roll_total": self.roll_total,
            "type_steps": self.steps,
            "immune": self.steps is None,
            "damage": self.damage,
        }


def roll_damage(attack: Attack, *, critical: bool, dice: DiceSource) -> tuple[tuple[int, ...], int]:
    """(faces, total) of the Damage Base roll, or of its set value (no dice asked)."""
    row = attack.row
    if attack.damage_mode != "rolled":
        return (), set_damage(row, attack.damage_mode, critical=critical)
    # The dice asked as the dice layer asks them for ``damage_expression`` (its dice, one
    # after another, then the flat part added), without parsing and recording the text:
    # the same faces and total (tests/ptu/test_fight_attack.py compares both).
    times = 2 if critical else 1
    die = dice.die
    sides = row.sides
    faces = tuple([die(sides) for _ in range(row.dice * times)])
    return faces, sum(faces) + row.flat * times


def resolve_attack(attack: Attack, dice: DiceSource) -> AttackOutcome:
    """Roll accuracy (unless the move cannot miss), then damage on a hit.

    Dice order: the d20 first, then the Damage Base dice. A move with no AC rolls no d20
    and cannot crit (reading: a crit needs an accuracy roll).
    """
    natural: int | None = None
    if attack.ac is None:
        hit, critical = True, False
    else:
        natural = dice.die(20)
        hit = hits(
            natural,
            ac=attack.ac,
            evasion=attack.evasion,
            accuracy_modifier=attack.accuracy_modifier,
        )
        critical = is_critical(natural, hit=hit, crit_from=attack.crit_from)
    steps = attack.steps
    if not hit or attack.damage_base is None:
        return AttackOutcome(natural, hit, critical, (), 0, steps, 0)
    faces, total = roll_damage(attack, critical=critical, dice=dice)
    damage = final_damage(total, attack.attack_stat, attack.defense_stat, steps)
    return AttackOutcome(natural, hit, critical, faces, total, steps, damage)


# --- exact odds before rolling -----------------------------------------------------------


def _d20() -> dict[int, Fraction]:
    return tkdice.distribution("d20").probabilities()


@lru_cache(maxsize=4096)
def hit_chances(attack: Attack) -> tuple[Fraction, Fraction]:
    """(P(hit and not crit), P(crit)) of ``attack``, exact (cached per attack)."""
    if attack.ac is None:
        return Fraction(1), Fraction(0)
    plain = crit = Fraction(0)
    for natural, chance in _d20().items():
        hit = hits(
            natural,
            ac=attack.ac,
            evasion=attack.evasion,
            accuracy_modifier=attack.accuracy_modifier,
        )
        if is_critical(natural, hit=hit, crit_from=attack.crit_from):
            crit += chance
        elif hit:
            plain += chance
    return plain, crit


def p_hit(attack: Attack) -> Fraction:
    """P(the attack hits), exact (1 for a move that cannot miss)."""
    plain, crit = hit_chances(attack)
    return plain + crit


@lru_cache(maxsize=512)
def _roll_distribution(expression: str) -> Mapping[int, Fraction]:
    return tkdice.distribution(expression).probabilities()


def _damage_given(attack: Attack, *, critical: bool) -> dict[int, Fraction]:
    """The distribution of damage dealt by a hit (a crit or not)."""
    steps = attack.steps
    row = attack.row
    if attack.damage_mode != "rolled":
        totals: Mapping[int, Fraction] = {
            set_damage(row, attack.damage_mode, critical=critical): Fraction(1)
        }
    else:
        totals = _roll_distribution(damage_expression(row, critical=critical))
    dealt: dict[int, Fraction] = {}
    for total, chance in totals.items():
        damage = final_damage(total, attack.attack_stat, attack.defense_stat, steps)
        dealt[damage] = dealt.get(damage, Fraction(0)) + chance
    return dealt


def damage_distribution(attack: Attack) -> dict[int, Fraction]:
    """P(damage = d | the attack hits), crits included in their share, exact.

    Empty for an attack that deals no damage or cannot hit. Worked out once per attack
    (the legal-action listing asks for the same odds again and again); each call gets its
    own copy.
    """
    return dict(_damage_distribution(attack))


@lru_cache(maxsize=4096)
def _damage_distribution(attack: Attack) -> tuple[tuple[int, Fraction], ...]:
    if attack.damage_base is None:
        return ()
    plain, crit = hit_chances(attack)
    total = plain + crit
    if total == 0:
        return ()
    mixed: dict[int, Fraction] = {}
    for share, critical in ((plain / total, False), (crit / total, True)):
        if share == 0:
            continue
        for damage, chance in _damage_given(attack, critical=critical).items():
            mixed[damage] = mixed.get(damage, Fraction(0)) + share * chance
    return tuple(sorted(mixed.items()))


@lru_cache(maxsize=8192)
def p_faint(attack: Attack, target_hp: int) -> Fraction:
    """P(this attack takes a target at ``target_hp`` HP to 0 or below), exact.

    0 for a target already fainted (the attack does not faint it now).
    """
    if target_hp <= 0 or attack.damage_base is None:
        return Fraction(0)
    chance = p_hit(attack)
    damages, at_least = _damage_tails(attack)
    i = bisect_left(damages, target_hp)
    return chance * (at_least[i] if i < len(damages) else Fraction(0))


@lru_cache(maxsize=4096)
def _damage_tails(attack: Attack) -> tuple[tuple[int, ...], tuple[Fraction, ...]]:
    """The damages a hit can deal, ascending, and beside each P(damage >= it | hit): every
    target's HP asks the same distribution, so its tail sums are added up once."""
    on_hit = _damage_distribution(attack)
    at_least: list[Fraction] = []
    running = Fraction(0)
    for _, chance in reversed(on_hit):
        running += chance
        at_least.append(running)
    at_least.reverse()
    return tuple(d for d, _ in on_hit), tuple(at_least)


@final
@dataclass(frozen=True, slots=True)
class AttackOdds:
    """The exact odds of one attack before rolling."""

    p_hit: Fraction
    p_critical: Fraction
    damage: dict[int, Fraction]
    p_faint: Fraction

    def to_dict(self) -> dict[str, Any]:
        """Fractions as ``"n/d"`` strings, as the kernel's odds entries require."""
        return {
            "p_hit": _frac(self.p_hit),
            "p_critical": _frac(self.p_critical),
            "p_faint": _frac(self.p_faint),
            "damage_on_hit": {str(d): _frac(p) for d, p in self.damage.items()},
        }


def _frac(value: Fraction) -> str:
    return f"{value.numerator}/{value.denominator}"


def attack_odds(attack: Attack, target_hp: int) -> AttackOdds:
    """P(hit), P(crit), the damage distribution on a hit and P(faint), all exact."""
    _, crit = hit_chances(attack)
    return AttackOdds(p_hit(attack), crit, damage_distribution(attack), p_faint(attack, target_hp))


def confused_self_hit(
    attack_stat: int, defense_stat: int, damage_mode: DamageMode = "rolled"
) -> Attack:
    """The attack a Confused combatant makes on itself on a save of 1-8 (p. 247): a typeless
    physical Struggle (DB 4, no STAB) that cannot miss, its own Attack against its own
    Defense. Rule id ``ptu.fight.affliction.confused-self-hit``.
    """
    return Attack(
        "",
        "physical",
        None,
        4,
        attack_stat=attack_stat,
        defense_stat=defense_stat,
        stab=False,
        damage_mode=damage_mode,
    )
