"""Hit points of an e133 combatant: damage through temporary HP, dropping at 0 HP, death
saves (the default) or "down means out", healing.

Pure functions over a frozen :class:`Health` value. The conventions are the d20 / 5e ones
listed in /work/shared/reference/e133.md ("Hit points and damage"); the rule text
``rules/002`` leans on them without stating them, so each is documented in
docs/rulesets/e133-fight.md with the setting that changes it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

REFERENCE = "reference/e133.md, Hit points and damage (d20 SRD / 5e)"

#: ``up`` acts; ``dropped`` is unconscious and rolling death saves; ``stable`` is
#: unconscious without saves; ``dead`` is out for good; ``out`` is the "down means out"
#: setting's state at 0 HP; ``fled`` left the encounter.
Status = Literal["up", "dropped", "stable", "dead", "out", "fled"]
#: What 0 HP means: 5e death saves (default) or out of the fight at once.
DropRule = Literal["death_saves", "down_means_out"]
DEATH_SAVE_DC = 10
SAVES_TO_SETTLE = 3


class HealthError(ValueError):
    """A value the rules do not allow (negative damage, max HP below 1)."""


@dataclass(frozen=True, slots=True)
class Health:
    """Max, current and temporary HP, the state, and the death save tallies."""

    max_hp: int
    hp: int
    temporary_hp: int = 0
    status: Status = "up"
    successes: int = 0
    failures: int = 0

    def __post_init__(self) -> None:
        if self.max_hp < 1:
            raise HealthError(f"max_hp must be at least 1, not {self.max_hp}")
        if not 0 <= self.hp <= self.max_hp:
            raise HealthError(f"hp must be 0..max_hp ({self.max_hp}), not {self.hp}")
        if self.temporary_hp < 0:
            raise HealthError(f"temporary_hp must be >= 0, not {self.temporary_hp}")

    @property
    def can_act(self) -> bool:
        """Only a combatant that is up takes actions or reactions (rule id
        ``e133.fight.drop.no-actions``)."""
        return self.status == "up"


def grant_temporary_hp(health: Health, amount: int) -> Health:
    """Temporary HP do not stack: a new grant replaces the pool only if it is higher.

    Rule id ``e133.fight.hp.temporary-no-stack``.
    """
    if amount < 0:
        raise HealthError(f"temporary HP granted must be >= 0, not {amount}")
    if amount <= health.temporary_hp:
        return health
    return replace(health, temporary_hp=amount)


@dataclass(frozen=True, slots=True)
class DamageTaken:
    """What damage did: the health before and after, and how much each pool absorbed."""

    before: Health
    after: Health
    damage: int
    absorbed_by_temporary: int
    lost_hp: int

    @property
    def dropped_now(self) -> bool:
        return self.before.status == "up" and self.after.status in ("dropped", "out", "dead")

    @property
    def died_now(self) -> bool:
        return self.before.status != "dead" and self.after.status == "dead"


def take_damage(
    health: Health, damage: int, *, critical: bool = False, drop_rule: DropRule = "death_saves"
) -> DamageTaken:
    """``health`` after ``damage``: temporary HP absorb first, then HP, never below 0.

    Reaching 0 HP drops the combatant (``out`` under "down means out"). Reading (5e): a
    hit whose damage left over after reaching 0 is at least the max HP kills outright.
    Damage while already at 0 HP is one death-save failure, two from a critical hit, and
    kills outright when it is at least the max HP; a stable combatant starts rolling again.
    Rule ids ``e133.fight.hp.temporary-first``, ``e133.fight.drop.at-zero``,
    ``e133.fight.death.damage-at-zero``, ``e133.fight.death.massive``.
    """
    if damage < 0:
        raise HealthError(f"damage must be >= 0, not {damage}")
    if health.status in ("dead", "out", "fled") or damage == 0:
        return DamageTaken(health, health, damage, 0, 0)
    absorbed = min(health.temporary_hp, damage)
    rest = damage - absorbed
    temporary = health.temporary_hp - absorbed
    if health.status in ("dropped", "stable"):
        after = _damage_at_zero(replace(health, temporary_hp=temporary), rest, critical)
        return DamageTaken(health, after, damage, absorbed, 0)
    lost = min(health.hp, rest)
    hp = health.hp - lost
    after = replace(health, hp=hp, temporary_hp=temporary)
    if rest > 0 and hp == 0:
        overflow = rest - lost
        if drop_rule == "down_means_out":
            after = replace(after, status="out")
        elif overflow >= health.max_hp:
            after = replace(after, status="dead")
        else:
            after = replace(after, status="dropped", successes=0, failures=0)
    return DamageTaken(health, after, damage, absorbed, lost)


def _damage_at_zero(health: Health, damage: int, critical: bool) -> Health:
    if damage == 0:
        return health
    if damage >= health.max_hp:
        return replace(health, status="dead")
    failures = health.failures + (2 if critical else 1)
    if failures >= SAVES_TO_SETTLE:
        return replace(health, status="dead", failures=SAVES_TO_SETTLE)
    return replace(health, status="dropped", failures=failures)


@dataclass(frozen=True, slots=True)
class DeathSave:
    """One death save: the d20 face and the health after it."""

    natural: int
    before: Health
    after: Health


def death_save(health: Health, natural: int) -> DeathSave:
    """A dropped combatant's death save at the start of its turn, given the d20 face.

    10 or more is a success, 9 or less a failure; a natural 20 brings it back with 1 HP, a
    natural 1 counts two failures; three successes make it stable, three failures dead.
    Rule ids ``e133.fight.death.save``, ``e133.fight.death.natural-20``,
    ``e133.fight.death.natural-1``, ``e133.fight.death.three``.
    """
    if not 1 <= natural <= 20:
        raise HealthError(f"a death save is a d20 face 1..20, not {natural}")
    if health.status != "dropped":
        raise HealthError(
            f"only a dropped combatant rolls death saves (this one is {health.status})"
        )
    if natural == 20:
        after = replace(health, hp=1, status="up", successes=0, failures=0)
    elif natural == 1 or natural < DEATH_SAVE_DC:
        failures = health.failures + (2 if natural == 1 else 1)
        after = (
            replace(health, status="dead", failures=SAVES_TO_SETTLE)
            if failures >= SAVES_TO_SETTLE
            else replace(health, failures=failures)
        )
    else:
        successes = health.successes + 1
        after = (
            replace(health, status="stable", successes=0, failures=0)
            if successes >= SAVES_TO_SETTLE
            else replace(health, successes=successes)
        )
    return DeathSave(natural, health, after)


def heal(health: Health, amount: int) -> Health | str:
    """``health`` after healing ``amount`` HP (never above max), or the rule id refusing it.

    Healing a dropped or stable combatant brings it back conscious with its tallies reset.
    The dead, and the "out" of the "down means out" setting, cannot be healed back into
    the encounter. Rule ids ``e133.fight.heal.max``, ``e133.fight.heal.revives``,
    ``e133.fight.heal.not-dead``.
    """
    if amount < 0:
        raise HealthError(f"healing must be >= 0, not {amount}")
    if health.status in ("dead", "out"):
        return "e133.fight.heal.not-dead"
    if amount == 0:
        return health
    hp = min(health.max_hp, health.hp + amount)
    if health.status in ("dropped", "stable"):
        return replace(health, hp=hp, status="up", successes=0, failures=0)
    return replace(health, hp=hp)
