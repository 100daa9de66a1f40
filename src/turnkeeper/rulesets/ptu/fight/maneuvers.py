"""Combat maneuvers: an accuracy roll against the maneuver's AC, then an opposed skill check.

The opposed check reuses the pte pools (:mod:`turnkeeper.rulesets.pte.pools`): rank dice
(Pathetic 1d6 … Master 6d6) plus a flat modifier on each side; a tie keeps the status quo,
so the defender wins it (reading in /work/shared/reference/ptu-combat.md). The effects on a
win are pure functions of small values. Facts: PTU 1.05 Core p. 240-243.
"""

from __future__ import annotations

from collections.abc import Set
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from turnkeeper.core.schema import did_you_mean
from turnkeeper.dice import DiceSource
from turnkeeper.rulesets.pte import pools
from turnkeeper.rulesets.ptu.fight.attack import Attack, hits, p_hit
from turnkeeper.rulesets.ptu.fight.data import UnknownNameError
from turnkeeper.rulesets.ptu.fight.stats import FightValueError

Rank = Literal["Pathetic", "Untrained", "Novice", "Adept", "Expert", "Master"]
#: Skill rank → d6 in the pool (PTU 1.05 Core p. 34).
RANK_DICE: dict[str, int] = {
    "Pathetic": 1,
    "Untrained": 2,
    "Novice": 3,
    "Adept": 4,
    "Expert": 5,
    "Master": 6,
}
ManeuverName = Literal["Push", "Trip", "Disarm", "Grapple", "Dirty Trick"]
TrickName = Literal["Hinder", "Blind", "Low Blow"]


@dataclass(frozen=True, slots=True)
class Maneuver:
    """One maneuver's row: its AC and the skills each side may oppose with (p. 240-243)."""

    name: str
    ac: int
    skills: tuple[str, ...]


MANEUVERS: dict[str, Maneuver] = {
    "Push": Maneuver("Push", 4, ("Combat", "Athletics")),
    "Trip": Maneuver("Trip", 6, ("Combat", "Acrobatics")),
    "Disarm": Maneuver("Disarm", 6, ("Combat", "Stealth")),
    "Grapple": Maneuver("Grapple", 4, ("Combat", "Athletics")),
    "Dirty Trick": Maneuver("Dirty Trick", 2, ("Athletics", "Stealth", "Acrobatics")),
}
#: Manipulate's AC (Bon Mot, Flirt or Terrorize; Trainers only; p. 240-243, reference
#: ptu.md). Not a row of MANEUVERS: the ruleset rolls only its accuracy and leaves the rest
#: to the GM, so it has no opposed skills to list. The ruleset's maneuver ACs are read from
#: here and from MANEUVERS (maneuvering.MANEUVER_AC), nowhere else.
MANIPULATE_AC = 2
#: The skill each Dirty Trick is opposed with, and what it inflicts for one full round.
TRICKS: dict[str, tuple[str, tuple[str, ...]]] = {
    "Hinder": ("Athletics", ("Slowed", "-2 skill checks")),
    "Blind": ("Stealth", ("Blinded",)),
    "Low Blow": ("Acrobatics", ("Vulnerable", "initiative 0")),
}


def maneuver(name: str) -> Maneuver:
    found = MANEUVERS.get(name)
    if found is None:
        raise UnknownNameError(
            f"unknown maneuver {name!r}{did_you_mean(name, MANEUVERS)} "
            f"(known: {', '.join(MANEUVERS)})"
        )
    return found


def check_skill(name: str, skill: str, trick: str = "") -> None:
    """Refuse a skill the maneuver is not opposed with (rule id ``ptu.fight.maneuver.skill``)."""
    allowed = (TRICKS[trick][0],) if trick else maneuver(name).skills
    if skill not in allowed:
        raise UnknownNameError(
            f"{name}{' (' + trick + ')' if trick else ''} is opposed with "
            f"{' or '.join(allowed)}, not {skill!r}{did_you_mean(skill, allowed)}"
        )


@dataclass(frozen=True, slots=True)
class SkillRoll:
    """One side of the opposed check: a skill rank and a flat modifier."""

    rank: Rank
    modifier: int = 0

    def pool(self) -> pools.Pool:
        dice = RANK_DICE.get(self.rank)
        if dice is None:
            raise UnknownNameError(
                f"unknown skill rank {self.rank!r}{did_you_mean(self.rank, RANK_DICE)}"
            )
        return pools.Pool(dice=dice, flat=self.modifier)


def maneuver_attack(name: str, accuracy_modifier: int = 0, evasion: int = 0) -> Attack:
    """The accuracy side of a maneuver as a typeless status attack against its AC."""
    return Attack(
        "", "status", maneuver(name).ac, None, accuracy_modifier=accuracy_modifier, evasion=evasion
    )


@dataclass(frozen=True, slots=True)
class ManeuverOutcome:
    """The accuracy roll, the two skill totals, and whether the maneuver took effect."""

    natural: int
    hit: bool
    attacker_total: int | None
    defender_total: int | None

    @property
    def success(self) -> bool:
        """Hit, and the attacker beat the defender (a tie goes to the defender)."""
        return (
            self.hit
            and self.attacker_total is not None
            and self.defender_total is not None
            and self.attacker_total > self.defender_total
        )


def resolve_maneuver(
    name: str,
    attacker: SkillRoll,
    defender: SkillRoll,
    dice: DiceSource,
    *,
    accuracy_modifier: int = 0,
    evasion: int = 0,
) -> ManeuverOutcome:
    """Roll a maneuver: the d20 against its AC, then (on a hit) attacker's pool, defender's.

    Rule ids ``ptu.fight.maneuver.accuracy``, ``ptu.fight.maneuver.opposed``.
    """
    natural = dice.die(20)
    hit = hits(natural, ac=maneuver(name).ac, evasion=evasion, accuracy_modifier=accuracy_modifier)
    if not hit:
        return ManeuverOutcome(natural, False, None, None)
    attack_roll = pools.roll(attacker.pool(), dice)
    defend_roll = pools.roll(defender.pool(), dice)
    return ManeuverOutcome(natural, True, attack_roll.total, defend_roll.total)


def p_opposed_win(attacker: SkillRoll, defender: SkillRoll) -> Fraction:
    """P(the attacker's total beats the defender's), ties to the defender, exact."""
    margin = pools.difference_distribution(attacker.pool(), defender.pool())
    return sum((p for m, p in margin.items() if m > 0), Fraction(0))


def p_maneuver_success(
    name: str,
    attacker: SkillRoll,
    defender: SkillRoll,
    *,
    accuracy_modifier: int = 0,
    evasion: int = 0,
) -> Fraction:
    """P(the maneuver hits and wins its opposed check), exact."""
    chance = p_hit(maneuver_attack(name, accuracy_modifier, evasion))
    return chance * p_opposed_win(attacker, defender)


# --- effects on a win --------------------------------------------------------------------

Position = tuple[int, int]


def pushed_to(attacker: Position, target: Position, metres: int = 1) -> Position:
    """Where a Push leaves the target: ``metres`` straight away from the attacker (p. 241).

    On a grid of 1 m squares, "straight away" is the direction from the attacker to the
    target, each axis stepped by its sign (diagonals move diagonally). Rule id
    ``ptu.fight.maneuver.push``.
    """
    dx = (target[0] > attacker[0]) - (target[0] < attacker[0])
    dy = (target[1] > attacker[1]) - (target[1] < attacker[1])
    if dx == dy == 0:
        raise FightValueError("a Push needs the target on another square than the attacker")
    return (target[0] + dx * metres, target[1] + dy * metres)


def tripped(conditions: Set[str]) -> frozenset[str]:
    """The target's conditions after a won Trip (rule id ``ptu.fight.maneuver.trip``)."""
    return frozenset(conditions) | {"Tripped"}


def disarmed(held_item: str | None) -> tuple[str | None, str | None]:
    """(held item after, item dropped) of a won Disarm (rule id ``ptu.fight.maneuver.disarm``)."""
    return None, held_item


@dataclass(frozen=True, slots=True)
class Grapple:
    """Both combatants are Grappled; the winner of the check has Dominance (p. 242)."""

    dominant: str
    other: str


def grapple(winner: str, loser: str) -> Grapple:
    """Rule id ``ptu.fight.maneuver.grapple``."""
    return Grapple(winner, loser)


def dirty_trick_allowed(used: Set[tuple[str, str]], trick: str, target: str) -> bool:
    """Each Dirty Trick works once per scene per target (p. 242).

    ``used`` holds the (trick, target) pairs already used this scene. Rule id
    ``ptu.fight.maneuver.dirty-trick-once``.
    """
    if trick not in TRICKS:
        raise UnknownNameError(f"unknown Dirty Trick {trick!r}{did_you_mean(trick, TRICKS)}")
    return (trick, target) not in used


def dirty_trick_effects(trick: str) -> tuple[str, ...]:
    """What a won Dirty Trick inflicts, each for one full round (p. 242)."""
    if trick not in TRICKS:
        raise UnknownNameError(f"unknown Dirty Trick {trick!r}{did_you_mean(trick, TRICKS)}")
    return TRICKS[trick][1]


# --- Take a Breather (p. 245) ------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Breather:
    """A combatant's state after Take a Breather."""

    stages: dict[str, int]
    afflictions: frozenset[str]
    conditions: frozenset[str]
    temporary_hp: int


def take_a_breather(
    stages: dict[str, int],
    afflictions: Set[str],
    conditions: Set[str],
) -> Breather:
    """Take a Breather (Full action, p. 245): every combat stage back to 0, temporary HP
    gone, Volatile afflictions cured, Slowed and Stuck removed; then the user is Tripped and
    Vulnerable until the end of its next turn. Rule id ``ptu.fight.breather``.
    """
    from turnkeeper.rulesets.ptu.fight.afflictions import affliction

    kept = frozenset(a for a in afflictions if affliction(a).kind != "volatile")
    remaining = (frozenset(conditions) - {"Slowed", "Stuck"}) | {"Tripped", "Vulnerable"}
    return Breather({stat: 0 for stat in stages}, kept, remaining, 0)
