"""Hit points going down and up: injuries from HP markers and Massive Damage, fainting.

Pure functions over a small frozen :class:`Health` value. Facts: PTU 1.05 Core ch. 7
(p. 234-252; /work/shared/reference/ptu-combat.md, "Hit points and ticks").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, final

from turnkeeper.rulesets.ptu.fight.stats import FightValueError, injured_max_hp

#: Which max HP places the HP markers and measures Massive Damage. The reference says an
#: injury lowers the max HP "used for every calculation", so ``"injured"`` is the default;
#: ``"real"`` keeps the markers where they were before any injury (some tables read it so).
InjuryBasis = Literal["injured", "real"]


# Health and HpLoss write their ``__init__`` out (``init=False``, the generated one's
# parameters and defaults): compiled, the ``__init__`` a frozen dataclass generates stays
# interpreted (about 5,000 instructions a Health, 7,000 an HpLoss, several per hit), while a
# written one is native code; mypyc makes ``object.__setattr__`` on its own field a plain
# store, and pure Python keeps the frozen class's refusal of any later assignment. Copies and
# pickles go through ``__reduce__``: compiled, a class whose ``__init__`` needs arguments
# cannot be made empty first (copyreg's way).
@final
@dataclass(frozen=True, slots=True, init=False)
class Health:
    """Max HP (before injuries), current HP (may be negative) and injuries."""

    max_hp: int
    hp: int
    injuries: int = 0

    def __init__(self, max_hp: int, hp: int, injuries: int = 0) -> None:
        object.__setattr__(self, "max_hp", max_hp)
        object.__setattr__(self, "hp", hp)
        object.__setattr__(self, "injuries", injuries)
        self.__post_init__()

    def __reduce__(self) -> tuple[type[Health], tuple[int, int, int]]:
        return (Health, (self.max_hp, self.hp, self.injuries))

    def __post_init__(self) -> None:
        if self.max_hp < 1:
            raise FightValueError(f"max_hp must be at least 1, not {self.max_hp}")
        if self.injuries < 0:
            raise FightValueError(f"injuries must be >= 0, not {self.injuries}")
        if self.hp > self.max_hp:
            raise FightValueError(f"hp ({self.hp}) cannot be above max_hp ({self.max_hp})")

    @property
    def effective_max_hp(self) -> int:
        """The max HP after injuries: the cap of healing and the base of calculations."""
        return injured_max_hp(self.max_hp, self.injuries)

    @property
    def fainted(self) -> bool:
        """At 0 HP or less a combatant is Fainted (rule id ``ptu.fight.hp.faint``)."""
        return is_fainted(self.hp)


def is_fainted(hp: int) -> bool:
    """True at 0 HP or below: the combatant can take no actions (ch. 7).

    Rule id ``ptu.fight.hp.faint``.
    """
    return hp <= 0


def markers_crossed(max_hp: int, before: int, after: int) -> tuple[int, ...]:
    """The HP markers a drop from ``before`` to ``after`` HP passes, as percentages.

    Markers sit at 50 %, 0 %, -50 %, -100 % and every further -50 % of ``max_hp``; landing
    exactly on one counts as crossing it. Rule id ``ptu.fight.injury.markers``.
    """
    if after >= before:
        return ()
    crossed = []
    percent = 50
    # hp <= percent% of max  <=>  100 * hp <= percent * max (exact, no rounding).
    while 100 * after <= percent * max_hp:
        if 100 * before > percent * max_hp:
            crossed.append(percent)
        percent -= 50
    return tuple(crossed)


def is_massive_damage(max_hp: int, damage: int) -> bool:
    """One hit of at least half of max HP is Massive Damage: one injury (ch. 7).

    Rule id ``ptu.fight.injury.massive``.
    """
    return 2 * damage >= max_hp


@final
@dataclass(frozen=True, slots=True, init=False)
class HpLoss:
    """What losing HP did: the new health, the markers crossed, whether it was massive."""

    before: Health
    after: Health
    damage: int
    markers: tuple[int, ...]
    massive: bool

    def __init__(
        self, before: Health, after: Health, damage: int, markers: tuple[int, ...],
        massive: bool,
    ) -> None:  # written out, as Health's (why: there)
        object.__setattr__(self, "before", before)
        object.__setattr__(self, "after", after)
        object.__setattr__(self, "damage", damage)
        object.__setattr__(self, "markers", markers)
        object.__setattr__(self, "massive", massive)

    def __reduce__(
        self,
    ) -> tuple[type[HpLoss], tuple[Health, Health, int, tuple[int, ...], bool]]:
        return (HpLoss, (self.before, self.after, self.damage, self.markers, self.massive))

    @property
    def new_injuries(self) -> int:
        return self.after.injuries - self.before.injuries

    @property
    def fainted_now(self) -> bool:
        """True when this loss took the combatant from standing to fainted."""
        return self.after.fainted and not self.before.fainted


def lose_hp(
    health: Health, damage: int, *, from_hit: bool = True, basis: InjuryBasis = "injured"
) -> HpLoss:
    """``health`` after losing ``damage`` HP, with the injuries that gains.

    ``from_hit`` is False for HP lost to ticks (burn, poison, curse): such a loss still
    crosses markers but is not a hit, so it is never Massive Damage. Rule ids
    ``ptu.fight.injury.markers``, ``ptu.fight.injury.massive``, ``ptu.fight.hp.faint``.
    """
    if damage < 0:
        raise FightValueError(f"damage must be >= 0, not {damage}")
    base = health.effective_max_hp if basis == "injured" else health.max_hp
    base = max(1, base)
    after_hp = health.hp - damage
    markers = markers_crossed(base, health.hp, after_hp)
    massive = from_hit and damage > 0 and is_massive_damage(base, damage)
    injuries = health.injuries + len(markers) + (1 if massive else 0)
    # built directly: dataclasses.replace goes through Python-level field look-ups
    after = Health(health.max_hp, after_hp, injuries)
    return HpLoss(health, after, damage, markers, massive)


def heal(health: Health, amount: int) -> Health:
    """``health`` after healing ``amount`` HP, never above the injured max HP (ch. 7).

    Rule id ``ptu.fight.hp.heal-cap``.
    """
    if amount < 0:
        raise FightValueError(f"healing must be >= 0, not {amount}")
    cap = health.effective_max_hp
    if health.hp >= cap:
        return health
    return Health(health.max_hp, min(cap, health.hp + amount), health.injuries)
