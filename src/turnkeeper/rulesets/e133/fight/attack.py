"""An e133 attack profile (bonus, damage dice + modifier, damage type) and what a hit does:
natural 1 / 20, critical hits that roll the damage dice twice, resistance, vulnerability and
immunity; with the exact odds before rolling (P(hit), damage on a hit, P(drop)).

Conventions from /work/shared/reference/e133.md ("Hit points and damage", d20 SRD / 5e).
Dice come only from a :class:`~turnkeeper.dice.DiceSource`; odds from
:mod:`turnkeeper.dice` (icepool underneath).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any, Literal

from turnkeeper import dice as tkdice
from turnkeeper.dice import DiceSource
from turnkeeper.rulesets.e133.fight.health import Health, HealthError

DAMAGE_TYPES = (
    "acid", "bludgeoning", "cold", "fire", "force", "lightning", "necrotic", "piercing",
    "poison", "psychic", "radiant", "slashing", "thunder",
)  # fmt: skip
_PROFILE = re.compile(
    r"^\s*(?P<count>\d+)d(?P<sides>\d+)\s*(?:(?P<sign>[+-])\s*(?P<mod>\d+))?\s*(?P<type>[a-z]+)\s*$"
)
MAX_DAMAGE_DICE = 40
MAX_DAMAGE_SIDES = 100


class ProfileError(ValueError):
    """An attack profile that cannot be read; the message says which part and why."""


@dataclass(frozen=True, slots=True)
class AttackProfile:
    """Attack bonus, damage dice + modifier and damage type, e.g. ``+5, 1d8+3 slashing``."""

    attack_bonus: int
    dice: int
    sides: int
    modifier: int
    damage_type: str

    def __post_init__(self) -> None:
        if not 1 <= self.dice <= MAX_DAMAGE_DICE:
            raise ProfileError(f"damage dice: 1..{MAX_DAMAGE_DICE} dice, not {self.dice}")
        if not 2 <= self.sides <= MAX_DAMAGE_SIDES:
            raise ProfileError(f"damage dice: 2..{MAX_DAMAGE_SIDES} sides, not {self.sides}")
        if self.damage_type not in DAMAGE_TYPES:
            from turnkeeper.core.schema import did_you_mean

            raise ProfileError(
                f"unknown damage type {self.damage_type!r}"
                f"{did_you_mean(self.damage_type, DAMAGE_TYPES)} (known: {', '.join(DAMAGE_TYPES)})"
            )

    @classmethod
    def parse(cls, damage: str, attack_bonus: int = 0) -> AttackProfile:
        """A profile from text such as ``1d8+3 slashing``."""
        match = _PROFILE.match(damage.lower())
        if match is None:
            raise ProfileError(
                f"damage {damage!r}: write dice, an optional modifier and a type, "
                "e.g. '1d8+3 slashing'"
            )
        modifier = int(match.group("mod") or 0) * (-1 if match.group("sign") == "-" else 1)
        return cls(
            attack_bonus,
            int(match.group("count")),
            int(match.group("sides")),
            modifier,
            match.group("type"),
        )

    def damage_expression(self, *, critical: bool) -> str:
        """The damage roll in dice notation; a crit rolls every damage die twice, the
        modifier once (rule id ``e133.fight.attack.crit-dice``)."""
        count = self.dice * (2 if critical else 1)
        modifier = f"{self.modifier:+d}" if self.modifier else ""
        return f"{count}d{self.sides}{modifier}"


# --- hitting -----------------------------------------------------------------------------


def hits(natural: int, attack_bonus: int, armor_class: int) -> bool:
    """Natural 1 misses, natural 20 hits, otherwise d20 + bonus must reach the AC.

    Rule ids ``e133.fight.attack.hit`` and ``e133.fight.attack.naturals`` (a natural 1
    misses and a natural 20 hits).
    """
    if not 1 <= natural <= 20:
        raise ProfileError(f"an attack roll is a d20 face 1..20, not {natural}")
    if natural == 1:
        return False
    if natural == 20:
        return True
    return natural + attack_bonus >= armor_class


def is_critical(natural: int) -> bool:
    """A natural 20 is a critical hit (rule id ``e133.fight.attack.crit``)."""
    return natural == 20


# --- damage ------------------------------------------------------------------------------

Defence = Literal["normal", "resistant", "vulnerable", "immune"]


@dataclass(frozen=True, slots=True)
class Defences:
    """A target's resistances, vulnerabilities and immunities by damage type."""

    resistant: frozenset[str] = frozenset()
    vulnerable: frozenset[str] = frozenset()
    immune: frozenset[str] = frozenset()

    def adjust(self, damage: int, damage_type: str) -> int:
        """Damage after the target's defences against ``damage_type``.

        Immunity makes it 0; resistance halves it (rounded down); vulnerability doubles it.
        Reading (5e): with both, resistance applies first. Rule ids
        ``e133.fight.damage.immune``, ``e133.fight.damage.resist``,
        ``e133.fight.damage.vulnerable``.
        """
        if damage_type in self.immune:
            return 0
        if damage_type in self.resistant:
            damage //= 2
        if damage_type in self.vulnerable:
            damage *= 2
        return damage


def damage_dealt(rolled_total: int, damage_type: str, defences: Defences) -> int:
    """The rolled total (never below 0, reading) after the target's defences."""
    return defences.adjust(max(0, rolled_total), damage_type)


@dataclass(frozen=True, slots=True)
class AttackResult:
    natural: int
    hit: bool
    critical: bool
    damage_faces: tuple[int, ...]
    rolled_total: int
    damage: int

    def to_dict(self) -> dict[str, Any]:
        return {
            "natural": self.natural,
            "hit": self.hit,
            "critical": self.critical,
            "damage_faces": list(self.damage_faces),
            "rolled_total": self.rolled_total,
            "damage": self.damage,
        }


def _natural(dice: DiceSource, advantage: bool, disadvantage: bool) -> int:
    if advantage == disadvantage:
        return dice.die(20)
    first, second = dice.die(20), dice.die(20)
    return max(first, second) if advantage else min(first, second)


def resolve_attack(
    profile: AttackProfile,
    armor_class: int,
    dice: DiceSource,
    *,
    defences: Defences = Defences(),
    advantage: bool = False,
    disadvantage: bool = False,
) -> AttackResult:
    """Roll the attack (one d20, two with advantage or disadvantage), then damage on a hit."""
    natural = _natural(dice, advantage, disadvantage)
    hit = hits(natural, profile.attack_bonus, armor_class)
    critical = hit and is_critical(natural)
    if not hit:
        return AttackResult(natural, False, False, (), 0, 0)
    record = tkdice.roll_value(profile.damage_expression(critical=critical), dice)
    total = int(record.total)
    faces = tuple(int(face) for face in record.faces)
    return AttackResult(
        natural, True, critical, faces, total, damage_dealt(total, profile.damage_type, defences)
    )


# --- exact odds --------------------------------------------------------------------------


def _kept_d20(advantage: bool, disadvantage: bool) -> Mapping[int, Fraction]:
    die = "d20" if advantage == disadvantage else ("d20adv" if advantage else "d20dis")
    return tkdice.distribution(die).probabilities()


@lru_cache(maxsize=4096)
def hit_chances(
    profile: AttackProfile, armor_class: int, *, advantage: bool = False, disadvantage: bool = False
) -> tuple[Fraction, Fraction]:
    """(P(hit, not a crit), P(crit)), exact, advantage and disadvantage included."""
    plain = crit = Fraction(0)
    for natural, chance in _kept_d20(advantage, disadvantage).items():
        if hits(natural, profile.attack_bonus, armor_class):
            if is_critical(natural):
                crit += chance
            else:
                plain += chance
    return plain, crit


def p_hit(
    profile: AttackProfile, armor_class: int, *, advantage: bool = False, disadvantage: bool = False
) -> Fraction:
    plain, crit = hit_chances(profile, armor_class, advantage=advantage, disadvantage=disadvantage)
    return plain + crit


@lru_cache(maxsize=512)
def _rolled(expression: str) -> Mapping[int, Fraction]:
    return tkdice.distribution(expression).probabilities()


def damage_distribution(
    profile: AttackProfile,
    armor_class: int,
    *,
    defences: Defences = Defences(),
    advantage: bool = False,
    disadvantage: bool = False,
) -> dict[int, Fraction]:
    """P(damage = d | the attack hits), crits in their share, exact (cached; a copy each
    call)."""
    return dict(_damage_distribution(profile, armor_class, defences, advantage, disadvantage))


@lru_cache(maxsize=4096)
def _damage_distribution(
    profile: AttackProfile,
    armor_class: int,
    defences: Defences,
    advantage: bool,
    disadvantage: bool,
) -> tuple[tuple[int, Fraction], ...]:
    plain, crit = hit_chances(profile, armor_class, advantage=advantage, disadvantage=disadvantage)
    total = plain + crit
    mixed: dict[int, Fraction] = {}
    for share, critical in ((plain / total, False), (crit / total, True)):
        if share == 0:
            continue
        for rolled, chance in _rolled(profile.damage_expression(critical=critical)).items():
            dealt = damage_dealt(rolled, profile.damage_type, defences)
            mixed[dealt] = mixed.get(dealt, Fraction(0)) + share * chance
    return tuple(sorted(mixed.items()))


@lru_cache(maxsize=8192)
def p_drop(
    profile: AttackProfile,
    armor_class: int,
    target: Health,
    *,
    defences: Defences = Defences(),
    advantage: bool = False,
    disadvantage: bool = False,
) -> Fraction:
    """P(this attack takes a standing target to 0 HP), exact; 0 for one already down.

    Temporary HP count: the damage must get through them and the HP.
    """
    if target.status != "up":
        return Fraction(0)
    threshold = target.hp + target.temporary_hp
    if threshold <= 0:
        raise HealthError("a combatant that is up has HP left")
    chance = p_hit(profile, armor_class, advantage=advantage, disadvantage=disadvantage)
    on_hit = _damage_distribution(profile, armor_class, defences, advantage, disadvantage)
    return chance * sum((p for d, p in on_hit if d >= threshold), Fraction(0))


def attack_odds(
    profile: AttackProfile,
    armor_class: int,
    target: Health,
    *,
    defences: Defences = Defences(),
    advantage: bool = False,
    disadvantage: bool = False,
) -> dict[str, Any]:
    """The odds entries a ruleset shows before the roll, as exact ``"n/d"`` strings."""
    flags = {"advantage": advantage, "disadvantage": disadvantage}
    _, crit = hit_chances(profile, armor_class, **flags)
    return {
        "hit": _frac(p_hit(profile, armor_class, **flags)),
        "critical": _frac(crit),
        "drop": _frac(p_drop(profile, armor_class, target, defences=defences, **flags)),
        "damage_on_hit": {
            str(d): _frac(p)
            for d, p in damage_distribution(
                profile, armor_class, defences=defences, **flags
            ).items()
        },
    }


def _frac(value: Fraction) -> str:
    return f"{value.numerator}/{value.denominator}"
