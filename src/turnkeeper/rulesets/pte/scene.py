"""The GM's scene: phases (free play, combat, downtime), the clock and marked conditions.

Only the GM changes the phase, schedules downtime, moves the clock and marks characters
threatened or distracted (pte.scene.gm-controls, pte.scene.phases).
"""

from __future__ import annotations

from typing import Annotated

from turnkeeper.core.model import BadActionError, Event
from turnkeeper.core.schema import Params, meta
from turnkeeper.dice.source import DiceSource
from turnkeeper.rulesets.pte.params import MAX_SECONDS
from turnkeeper.rulesets.pte.plans import Plan, names_param, refuse, required_text
from turnkeeper.rulesets.pte.state import PteState

# The event each GM action records.
GM_EVENTS = {
    "start_combat": "combat_started",
    "end_combat": "combat_ended",
    "start_downtime": "downtime_started",
    "end_downtime": "downtime_ended",
    "advance_time": "time_advanced",
    "set_condition": "condition_set",
}


# ============================================================================ parameters
class StartCombatParams(Params, kw_only=True):
    order: Annotated[list[str], meta("the combatants' ids, first to act first", min_length=1)]


class StartDowntimeParams(Params, kw_only=True):
    actions: Annotated[int, meta("how many Downtime actions each character has", ge=1, le=100)] = 1


class AdvanceTimeParams(Params, kw_only=True):
    seconds: Annotated[float, meta("seconds", open_value=True, ge=0, le=MAX_SECONDS)] | None = None
    minutes: Annotated[float, meta("minutes", open_value=True, ge=0, le=MAX_SECONDS)] | None = None
    hours: Annotated[float, meta("hours", open_value=True, ge=0, le=MAX_SECONDS)] | None = None


class SetConditionParams(Params, kw_only=True):
    target: Annotated[str, meta("the character marked", min_length=1)]
    threatened: Annotated[bool | None, meta("threatened (omitted: unchanged)")] = None
    distracted: Annotated[bool | None, meta("distracted (omitted: unchanged)")] = None


# ============================================================================ rules
def condition_given(params: SetConditionParams) -> None:
    """set_condition changes at least one mark: with neither given it would do nothing."""
    if params.threatened is None and params.distracted is None:
        raise BadActionError("set_condition: give threatened and/or distracted (true or false)")


def plan_gm(state: PteState, actor: str, kind: str, params: Params) -> Plan:
    plan = Plan(kind)
    if isinstance(params, SetConditionParams):
        target = required_text(kind, "target", params.target)
        if target not in state.characters:
            raise BadActionError(f"set_condition: unknown target {target!r}")
        condition_given(params)
        marked = state.characters[target]
        plan.data = {
            "target": target,
            "threatened": (marked.threatened if params.threatened is None else params.threatened),
            "distracted": (marked.distracted if params.distracted is None else params.distracted),
        }
        return plan
    # pte.scene.phases: one phase at a time, moved only by the matching GM action.
    wanted = {
        "start_combat": "scene",
        "start_downtime": "scene",
        "end_combat": "combat",
        "end_downtime": "downtime",
    }
    if kind in wanted and state.phase != wanted[kind]:
        raise refuse(
            "pte.scene.phases",
            f"{kind} needs the {wanted[kind]} phase; the scene is in {state.phase}",
        )
    if isinstance(params, StartCombatParams):
        order = names_param(kind, "order", params.order)
        for who in order:
            if who not in state.characters:
                raise BadActionError(f"start_combat: unknown combatant {who!r} in order")
        if len(set(order)) != len(order):
            raise BadActionError("start_combat: a combatant is listed twice in order")
        plan.data = {"order": order}
    elif isinstance(params, StartDowntimeParams):
        plan.data = {"actions": params.actions}
    elif isinstance(params, AdvanceTimeParams):
        if state.phase == "combat":
            raise refuse(
                "pte.scene.phases",
                "in combat the clock moves by rounds (end turns); end combat first",
            )
        seconds = (
            (params.seconds or 0.0) + (params.minutes or 0.0) * 60 + (params.hours or 0.0) * 3600
        )
        if seconds <= 0:
            raise BadActionError("advance_time: give seconds, minutes or hours (above 0)")
        plan.data = {"seconds": round(seconds)}
    return plan


def resolve_gm(state: PteState, plan: Plan, dice: DiceSource) -> list[Event]:
    return [Event(GM_EVENTS[plan.kind], plan.data)]
