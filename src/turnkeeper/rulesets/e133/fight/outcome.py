"""When an e133 encounter is over: every side but one has nobody left standing.

A pure function of the sides and their combatants' states (reference/e133.md, "Hit points
and damage"). Rule id ``e133.fight.outcome.one-side-left``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum

from turnkeeper.rulesets.e133.fight.health import Status


class Termination(Enum):
    """Why an encounter ended (or that it has not)."""

    ONGOING = "ongoing"
    ONE_SIDE_LEFT = "one_side_left"
    NOBODY_LEFT = "nobody_left"


#: States in which a combatant still counts for its side.
STANDING: frozenset[str] = frozenset({"up"})


@dataclass(frozen=True, slots=True)
class Outcome:
    """The encounter's state: ``winner`` is the side left standing, if any."""

    termination: Termination
    winner: str | None = None

    @property
    def over(self) -> bool:
        return self.termination is not Termination.ONGOING


def encounter_outcome(sides: Mapping[str, Sequence[Status]]) -> Outcome:
    """Over when at most one side still has a combatant that is up.

    Dropped, stable, dead, out and fled combatants do not keep their side in the fight.
    When nobody is left on any side the encounter is over with no winner.
    """
    standing = [side for side, states in sides.items() if any(s in STANDING for s in states)]
    if len(standing) > 1:
        return Outcome(Termination.ONGOING)
    if len(standing) == 1:
        return Outcome(Termination.ONE_SIDE_LEFT, standing[0])
    return Outcome(Termination.NOBODY_LEFT)
