"""The state of a ``pte`` scene: characters, the scene clock, combat turns, extended tasks.

Plain dataclasses (deep-copyable, JSON-able). Only :meth:`PteRuleset.apply` changes them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from turnkeeper.core.mechanics import Clock
from turnkeeper.rulesets.pte.checks import DEFAULT_RANK
from turnkeeper.rulesets.pte.powers import SkillPower


@dataclass
class Character:
    id: str
    skills: dict[str, int]
    player: str | None = None
    threatened: bool = False
    distracted: bool = False
    # The scene clock second at which the character's queued actions end.
    busy_until: int = 0
    # The latest Extended or Downtime action: {type, seconds, start, end, label}; aid that
    # joins it scales to it (pte.time.aid-scales).
    current: dict[str, Any] | None = None
    # Downtime slots scheduled in this Downtime phase, each a bit mask of its four quarters.
    slots: list[int] = field(default_factory=list)

    def rank(self, skill: str) -> int:
        return self.skills.get(skill, DEFAULT_RANK)


@dataclass
class Task:
    """An extended check in progress (pte.extended.*)."""

    id: str
    owner: str
    skill: str
    dc: int
    multiplier: int
    extended_dc: int
    failable: bool
    limit: int
    total: int = 0
    attempts: int = 0
    status: str = "open"  # open, done or failed
    # Once done or failed: final total - extended DC and its degree (the task's outcome).
    margin: int | None = None
    degree: str | None = None


@dataclass
class Combat:
    clock: Clock
    started_at: int
    # Action types the current combatant has used in this turn (pte.combat.full-action).
    used: list[str] = field(default_factory=list)
    # Combatants whose next turn is skipped after a Full Action + Interrupt.
    skip_next: list[str] = field(default_factory=list)
    # Turns each combatant still owes to an action of listed rounds (pte.time.listed-duration).
    busy: dict[str, int] = field(default_factory=dict)
    # What used each combatant's turn, while it is used: a Full action or listed rounds in their
    # own turn, or a Full Action + Interrupt that takes their coming one (pte.economy.turn).
    used_by: dict[str, str] = field(default_factory=dict)


@dataclass
class PteState:
    characters: dict[str, Character] = field(default_factory=dict)
    powers: dict[str, SkillPower] = field(default_factory=dict)
    phase: str = "scene"  # scene, combat or downtime
    now: int = 0
    start_hour: int = 8
    typical_dc: int = 10
    downtime_actions: int = 0
    combat: Combat | None = None
    tasks: dict[str, Task] = field(default_factory=dict)
    results: list[dict[str, Any]] = field(default_factory=list)
    # Tasks the GM prepared, by their key: {name, dc, skill, circumstances, synergy, take,
    # time_factor} (pte.scene.gm-sets).
    scene_tasks: dict[str, dict[str, Any]] = field(default_factory=dict)
    # Players' open check requests, by id ("r1"): {actor, params, note}.
    requests: dict[str, dict[str, Any]] = field(default_factory=dict)
    requests_made: int = 0
