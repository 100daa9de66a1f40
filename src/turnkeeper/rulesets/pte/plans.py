"""The shared vocabulary of the ``pte`` rules: a plan of an action, its rolls and its time.

Checking an action builds a :class:`Plan` (every rule is checked on the way; a rule that says
no raises :class:`Refused`); ``resolve`` rolls the plan's :class:`Roll` s and books its
:class:`ActionTime`. Each family module (skill checks, extended checks, the scene, the action
economy) plans its own kinds with these.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from turnkeeper.core.model import BadActionError
from turnkeeper.rulesets.pte import checks
from turnkeeper.rulesets.pte.pools import Pool
from turnkeeper.rulesets.pte.powers import (
    Circumstance,
)
from turnkeeper.rulesets.pte.rules import RULES
from turnkeeper.rulesets.pte.state import PteState

GM = "gm"


def actors_of(state: PteState) -> list[str]:
    """Everyone who may act: the GM and every character."""
    return [GM, *state.characters]


# ============================================================================ parameters
def text_param(kind: str, key: str, value: str | None) -> str | None:
    """A declared text field, stripped; blank text is malformed."""
    if value is None:
        return None
    if not value.strip():
        raise BadActionError(f"{kind}: params.{key} must be a non-empty string, not {value!r}")
    return value.strip()


def required_text(kind: str, key: str, value: str | None) -> str:
    text = text_param(kind, key, value)
    if text is None:
        raise BadActionError(f"{kind}: params.{key} is required")
    return text


def names_param(kind: str, key: str, value: str | list[str] | None) -> list[str]:
    """A name or a list of names (synergy, helper, participants)."""
    if value is None:
        return []
    items = [value] if isinstance(value, str) else value
    if not all(item.strip() for item in items):
        raise BadActionError(f"{kind}: params.{key} must be a name or a list of names")
    return [item.strip() for item in items]


# ============================================================================ plans
class Refused(Exception):
    """A rule refuses the action being planned."""

    def __init__(self, rule_id: str, detail: str, also: tuple[str, ...] = ()) -> None:
        super().__init__(detail)
        self.refusal = RULES.refuse(rule_id, detail, also)


def refuse(rule_id: str, detail: str, also: tuple[str, ...] = ()) -> Refused:
    """The refusal of ``rule_id`` (the rule that is broken first), naming the further rules
    involved in ``also`` (e.g. the action's own cost rule behind a used-up turn)."""
    return Refused(rule_id, detail, also)


@dataclass
class Roll:
    """One character's side of a check: who rolls what, with every modifier explained."""

    actor: str
    skill: str
    rank: int
    pool: Pool
    circumstances: list[Circumstance] = field(default_factory=list)
    synergy: dict[str, Any] | None = None
    helper: dict[str, Any] | None = None
    bonus: int = 0
    power: str | None = None
    granted_take: bool = False

    def describe(self) -> dict[str, Any]:
        return {
            "actor": self.actor,
            "skill": self.skill,
            "rank": self.rank,
            "rank_name": checks.rank_name(self.rank),
            "pool": self.pool.expression(),
            "bonus": self.bonus,
            "circumstances": [c.to_dict() for c in self.circumstances],
            "synergy": self.synergy,
            "helper": self.helper,
            "take": self.pool.take,
            "power": self.power,
        }


@dataclass
class ActionTime:
    """How long an action takes and whom it occupies (empty ``actors`` for GM actions)."""

    action_type: str
    seconds: int
    actors: list[str]
    aiding: str | None = None
    start: int | None = None  # fixed start (aid joins the aided action)
    factor: int = 1  # the multiple of the normal time spent (Take X)
    rounds: int = 0  # for an action of listed rounds: how many
    rounds_expr: str | None = None  # ... or the dice that decide it ("1d4")


def describe_plan(plan: Plan) -> str:
    """A few words naming what an action was, for refusals that cite it: 'check (athletics)'."""
    if plan.rolls:
        roll = plan.rolls[0]
        return f"{plan.kind} ({roll.power or roll.skill})"
    return plan.kind


@dataclass
class Plan:
    kind: str
    rolls: list[Roll] = field(default_factory=list)
    dc: int = 0
    time: ActionTime | None = None
    data: dict[str, Any] = field(default_factory=dict)
