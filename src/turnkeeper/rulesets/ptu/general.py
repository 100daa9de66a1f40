"""Other actions: the named Standard, Shift, Swift, Free and Full actions a feature or the
GM's ruling calls for, Take a Breather, skill checks, Orders and Extended actions.

Parameter models and events (p. 227-228, 245; skill ranks p. 34).
"""

from __future__ import annotations

from typing import Annotated

import msgspec

from turnkeeper.core.model import Event
from turnkeeper.core.schema import Params, meta
from turnkeeper.dice.source import DiceSource
from turnkeeper.rulesets.ptu.shared import (
    ActionPoints,
    CombatantId,
    Move,
    NoParams,
    Text,
    TriggerId,
)
from turnkeeper.rulesets.ptu.state import Combatant, PtuState


# ---------------------------------------------------------------------------- parameters
class WhatParams(Params):
    what: Text


class FreeActionParams(Params):
    what: Text
    trigger: TriggerId | None = None


class SkillCheckParams(Params):
    skill: Annotated[str, meta("the skill rolled (its rank in d6, p. 34)", min_length=1)]
    dc: Annotated[int, meta("the number to meet", open_value=True)]
    ap: ActionPoints | None = None


class OrderParams(Params):
    what: Text
    target: CombatantId | None = None


# At least a minute, as the setting extended_minutes: an Extended action takes time (p. 228),
# and a length of 0 or less would stop or turn back the clock. Named at module level for
# mypyc (attacks.py says why).
ExtendedMinutes = Annotated[
    Annotated[int, msgspec.Meta(ge=1)] | None,
    meta("how long it takes, at least 1 minute (default: the setting extended_minutes)",
         open_value=True),
]


class ExtendedParams(Params):
    what: Text
    minutes: ExtendedMinutes = None


# ---------------------------------------------------------------------------- resolution
def effects_breather(
    state: PtuState, c: Combatant, k: str, p: NoParams, move: Move | None, dice: DiceSource,
) -> list[Event]:
    return [Event("breather_taken", {"actor": c.id})]


def effects_skill_check(
    state: PtuState, c: Combatant, k: str, p: SkillCheckParams, move: Move | None,
    dice: DiceSource,
) -> list[Event]:
    # Rank in d6 (Pathetic 1 ... Master 6, untrained 2), +1 for an Action Point.
    bonus = 1 if p.ap else 0
    dice_count = c.skills.get(p.skill, 2)
    faces = [dice.die(6) for _ in range(dice_count)]
    total = sum(faces) + bonus
    return [Event("skill_checked", {"actor": c.id, "skill": p.skill, "faces": faces,
                                    "bonus": bonus, "total": total, "dc": p.dc,
                                    "success": total >= p.dc})]


def effects_generic(
    state: PtuState, c: Combatant, k: str, p: WhatParams | FreeActionParams | OrderParams,
    move: Move | None, dice: DiceSource,
) -> list[Event]:
    return [Event("generic_action", {"actor": c.id, "kind": k, "what": p.what})]
