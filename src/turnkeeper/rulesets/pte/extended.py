"""Extended checks: ``start_task`` opens one, ``work_task`` rolls toward it (PTE ch. 5).

The extended DC is the DC times 2-5; each roll takes at least an Extended Action (S) and the
rolls add up; a check that can fail must reach the DC within rank-many rolls.
"""

from __future__ import annotations

from typing import Annotated

from turnkeeper.core.model import BadActionError, Event
from turnkeeper.core.schema import Params, meta
from turnkeeper.dice.source import DiceSource
from turnkeeper.rulesets.pte import checks, pools, timing
from turnkeeper.rulesets.pte.economy import time_for
from turnkeeper.rulesets.pte.params import Dc, RollParams
from turnkeeper.rulesets.pte.plans import Plan, refuse, required_text
from turnkeeper.rulesets.pte.powers import (
    skill_key,
)
from turnkeeper.rulesets.pte.rolls import roll_for
from turnkeeper.rulesets.pte.state import PteState


# ============================================================================ parameters
class StartTaskParams(Params, kw_only=True):
    task: Annotated[str, meta("a new name for the extended check", min_length=1, open_value=True)]
    skill: Annotated[str, meta("the skill rolled toward it", open_value=True, min_length=1)]
    dc: Dc
    multiplier: Annotated[
        int,
        meta("2 (simple, tedious) to 5 (most elaborate); other values are refused", gm_only=True),
    ]
    failable: Annotated[
        bool, meta("whether the DC must be reached within rank-many rolls", gm_only=True)
    ] = True


class WorkTaskParams(RollParams, kw_only=True):
    task: Annotated[str, meta("the extended check worked on", min_length=1)]


# ============================================================================ rules
def plan_start_task(state: PteState, actor: str, kind: str, params: StartTaskParams) -> Plan:
    task = required_text(kind, "task", params.task)
    if task in state.tasks:
        raise BadActionError(f"start_task: a task called {task!r} already exists")
    skill = skill_key(required_text(kind, "skill", params.skill))
    dc = params.dc
    multiplier = params.multiplier
    # pte.extended.multiplier
    if not 2 <= multiplier <= 5:
        raise refuse(
            "pte.extended.multiplier",
            f"an extended check multiplies the DC by 2 to 5, not {multiplier}",
        )
    rank = state.characters[actor].rank(skill)
    return Plan(
        "start_task",
        data={
            "task": task,
            "owner": actor,
            "skill": skill,
            "dc": dc,
            "multiplier": multiplier,
            "extended_dc": dc * multiplier,
            "failable": params.failable,
            "limit": rank,
        },
    )


def plan_work_task(state: PteState, actor: str, kind: str, params: WorkTaskParams) -> Plan:
    name = required_text(kind, "task", params.task)
    task = state.tasks.get(name)
    if task is None:
        raise BadActionError(f"work_task: no task called {name!r}; start_task first")
    # pte.extended.owner: a rule question (who may roll), not malformed input
    if task.owner != actor:
        raise refuse(
            "pte.extended.owner",
            f"{name!r} is {task.owner}'s extended check: only {task.owner} rolls toward it; "
            f"{actor} can help as {task.owner}'s helper (params.helper)",
        )
    # pte.extended.attempt-limit: the check is over once reached or out of rolls.
    if task.status != "open":
        why = (
            "the extended DC is already reached"
            if task.status == "done"
            else f"all {task.limit} rolls are used without reaching the extended DC"
        )
        raise refuse("pte.extended.attempt-limit", f"{name!r} is over: {why}")
    action_type = params.action_type or "extended_s"
    # pte.extended.action-time
    if not timing.is_timed(action_type):
        raise refuse(
            "pte.extended.action-time",
            f"a roll toward an extended check takes at least an Extended action (S), "
            f"not a {timing.LABELS[action_type]}",
        )
    roll = roll_for(state, actor, task.skill, kind, params, None, action_type)
    plan = Plan("work_task", rolls=[roll], dc=task.extended_dc)
    plan.time = time_for(state, [actor], kind, params, action_type, params.time_factor, None)
    plan.data = {"task": name}
    return plan


# ============================================================================ results
def resolve_work_task(state: PteState, plan: Plan, dice: DiceSource) -> list[Event]:
    task = state.tasks[plan.data["task"]]
    roll = plan.rolls[0]
    left = task.limit - task.attempts if task.failable else task.limit
    odds = checks.extended_odds(roll.pool, task.extended_dc, max(left, 1), task.total)
    shown = pools.roll(roll.pool, dice)
    total = task.total + shown.total
    attempts = task.attempts + 1
    reached = total >= task.extended_dc
    data = {
        **roll.describe(),
        "task": task.id,
        "extended_dc": task.extended_dc,
        "roll": shown.to_dict(),
        "rolled": shown.total,
        "total_before": task.total,
        "total": total,
        "attempts": attempts,
        "limit": task.limit if task.failable else None,
        "reached": reached,
        "odds": {"done_this_roll": checks.fraction_text(odds["first_on_1"])},
    }
    events = [Event("task_rolled", data)]
    margin = total - task.extended_dc
    if reached:
        events.append(
            Event(
                "task_completed",
                {
                    "task": task.id,
                    "total": total,
                    "margin": margin,
                    "degree": checks.degree(margin, True),
                },
            )
        )
    elif task.failable and attempts >= task.limit:
        events.append(
            Event(
                "task_failed",
                {
                    "task": task.id,
                    "total": total,
                    "margin": margin,
                    "degree": checks.degree(margin, False),
                },
            )
        )
    return events


def resolve_start_task(state: PteState, plan: Plan, dice: DiceSource) -> list[Event]:
    return [Event("task_started", plan.data)]
