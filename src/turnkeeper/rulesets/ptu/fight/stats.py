"""Stats, levels, hit points, ticks, combat stages and evasion of PTU combatants.

Every function is pure: numbers in, numbers out. Facts are from the PTU 1.05 Core book,
chapter 7 (summarised in /work/shared/reference/ptu-combat.md); each function cites its page
and carries the rule id a ruleset should refuse or report with.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, final

CORE = "PTU 1.05 Core"

StatName = Literal["attack", "defense", "special_attack", "special_defense", "speed"]
#: The five stats that have combat stages (HP has none).
STAGED_STATS: tuple[StatName, ...] = (
    "attack",
    "defense",
    "special_attack",
    "special_defense",
    "speed",
)
MIN_STAGE = -6
MAX_STAGE = 6
#: Evasion from a stat is capped at this many points.
MAX_STAT_EVASION = 6


class FightValueError(ValueError):
    """A number outside what the rules allow (a stage of +7, a negative level)."""


@final
@dataclass(frozen=True, slots=True)
class Stats:
    """The six stats of a Pokémon or a Trainer (the values after level-up, before stages)."""

    hp: int
    attack: int
    defense: int
    special_attack: int
    special_defense: int
    speed: int

    def __post_init__(self) -> None:
        for name in ("hp", "attack", "defense", "special_attack", "special_defense", "speed"):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise FightValueError(f"stat {name} must be a whole number >= 0, not {value!r}")

    def of(self, stat: StatName) -> int:
        """The value of one staged stat by name."""
        value: int = getattr(self, stat)
        return value


def _check_level(level: int) -> None:
    if not isinstance(level, int) or isinstance(level, bool) or level < 1:
        raise FightValueError(f"level must be a whole number >= 1, not {level!r}")


def pokemon_max_hp(level: int, hp_stat: int) -> int:
    """Max HP of a Pokémon: its level, three times its HP stat, and 10 (ch. 7, p. 234-252).

    Rule id ``ptu.fight.hp.pokemon-max``.
    """
    _check_level(level)
    return level + 3 * hp_stat + 10


def trainer_max_hp(level: int, hp_stat: int) -> int:
    """Max HP of a Trainer: twice its level, three times its HP stat, and 10 (ch. 7, p. 234-252).

    Rule id ``ptu.fight.hp.trainer-max``.
    """
    _check_level(level)
    return 2 * level + 3 * hp_stat + 10


MAX_INJURIES = 10


def injured_max_hp(max_hp: int, injuries: int) -> int:
    """The max HP used in calculations once ``injuries`` each took a tenth off (ch. 7, p. 234-252).

    Rounded down; ten injuries leave nothing. Rule id ``ptu.fight.injury.max-hp``.
    """
    if injuries < 0:
        raise FightValueError(f"injuries must be >= 0, not {injuries}")
    remaining_tenths = max(0, MAX_INJURIES - injuries)
    return max_hp * remaining_tenths // MAX_INJURIES


def tick(max_hp: int) -> int:
    """One tick: a tenth of max HP, rounded down, never less than 1 (ch. 7, p. 234-252).

    Rule id ``ptu.fight.hp.tick``.
    """
    return max(1, max_hp // 10)


def check_stage(stage: int) -> int:
    """``stage`` if it is a legal combat stage (-6..+6), else :class:`FightValueError`."""
    if (
        not isinstance(stage, int)
        or isinstance(stage, bool)
        or not (MIN_STAGE <= stage <= MAX_STAGE)
    ):
        raise FightValueError(
            f"a combat stage is a whole number from {MIN_STAGE} to +{MAX_STAGE}, not {stage!r}"
        )
    return stage


def shift_stage(stage: int, change: int) -> int:
    """A stage after ``change`` more stages, held inside -6..+6 (ch. 7, p. 234-252).

    Rule id ``ptu.fight.stages.range``.
    """
    return max(MIN_STAGE, min(MAX_STAGE, check_stage(stage) + change))


def staged_value(value: int, stage: int) -> int:
    """A stat after its combat stage (ch. 7, p. 234-252): each stage up adds a quarter of the stat,
    each stage down takes a tenth off; rounded down.

    Rule id ``ptu.fight.stages.multiplier``.
    """
    check_stage(stage)
    if stage >= 0:
        return value * (4 + stage) // 4
    return value * (10 + stage) // 10


def accuracy_modifier(accuracy_stage: int, other_modifiers: int = 0) -> int:
    """What accuracy stages add to an accuracy roll: one per stage (ch. 7, p. 234-252).

    Rule id ``ptu.fight.stages.accuracy``.
    """
    return check_stage(accuracy_stage) + other_modifiers


def stat_evasion(stat_value: int) -> int:
    """Evasion a stat grants: one point per full 5 points, at most 6 (p. 236).

    Rule id ``ptu.fight.evasion.from-stat``.
    """
    return min(MAX_STAT_EVASION, max(0, stat_value) // 5)


MoveClass = Literal["physical", "special", "status"]


@final
@dataclass(frozen=True, slots=True)
class Evasions:
    """The three evasions of a target, from its stats after stages plus any bonus."""

    physical: int
    special: int
    speed: int

    @classmethod
    def from_stats(cls, defense: int, special_defense: int, speed: int, bonus: int = 0) -> Evasions:
        """Evasions from the target's staged Defense, Special Defense and Speed."""
        return cls(
            stat_evasion(defense) + bonus,
            stat_evasion(special_defense) + bonus,
            stat_evasion(speed) + bonus,
        )

    def best_against(self, move_class: MoveClass) -> int:
        """The evasion the target applies: its best one that fits the move (p. 236).

        Physical Evasion only against physical moves, Special Evasion only against special
        moves, Speed Evasion against any move. Reading: a status move is met by Speed Evasion
        only (neither of the class-bound evasions fits it). Rule id ``ptu.fight.evasion.best``.
        """
        if move_class == "physical":
            return max(self.physical, self.speed)
        if move_class == "special":
            return max(self.special, self.speed)
        return self.speed
