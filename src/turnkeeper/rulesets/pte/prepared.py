"""Who sets what (READINGS, pte): the GM's prepared tasks and answers to players' requests.

The DC, the circumstance dice, approval of synergy and permission to Take X are the GM's; a
player names the task and the skill. The GM prepares named tasks (in the set-up's ``tasks`` or
with ``prepare_task``) that a player's ``check`` refers to by name (:mod:`skill_checks`), or
answers a player's ``request_check`` with ``answer_check``, which rolls the player's check
with the GM's numbers. On the server a player's seat cannot send the GM's fields at all (they
are marked ``gm_only``); here, a check on a prepared task that sets them is refused
(pte.scene.gm-sets).
"""

from __future__ import annotations

from typing import Annotated, Any

import msgspec

from turnkeeper.core.model import BadActionError, Event
from turnkeeper.core.schema import Params, SchemaError, did_you_mean, meta, parse_model
from turnkeeper.dice.source import DiceSource
from turnkeeper.rulesets.pte.economy import trigger_fits
from turnkeeper.rulesets.pte.params import (
    MAX_TIME_FACTOR,
    Bonus,
    Circumstances,
    Dc,
    RollParams,
    SceneTaskParams,
    TimedParams,
    Trigger,
)
from turnkeeper.rulesets.pte.plans import Plan, required_text
from turnkeeper.rulesets.pte.powers import skill_key
from turnkeeper.rulesets.pte.rolls import (
    action_type_of,
    power_named,
    prepared_task_rules,
    roll_for,
)
from turnkeeper.rulesets.pte.skill_checks import (
    CheckParams,
    UsePowerParams,
    basic_result,
    plan_check,
)
from turnkeeper.rulesets.pte.state import PteState


# ============================================================================ parameters
class PrepareTaskParams(SceneTaskParams, kw_only=True):
    name: Annotated[
        str, meta("the task's name, as players will refer to it", open_value=True, min_length=1)
    ]


class RequestCheckParams(TimedParams, kw_only=True):
    """What a player asks to roll; the GM answers with the DC and the rest."""

    skill: Annotated[str | None, meta("the skill the player proposes", open_value=True)] = None
    power: Annotated[str | None, meta("a Skill Power the player uses")] = None
    helper: Annotated[str | None, meta("a character assisting")] = None
    bonus: Bonus = 0
    trigger: Trigger = None
    aiding: Annotated[
        str | None, meta("the character whose Extended/Downtime action this one aids")
    ] = None
    note: Annotated[str, meta("what the player tries, in their words", open_value=True)] = ""


class AnswerCheckParams(Params, kw_only=True):
    """The GM's numbers for a player's requested check."""

    request: Annotated[str, meta("the request answered (r1, r2, ...)", min_length=1)]
    dc: Dc
    circumstances: Circumstances = msgspec.field(default_factory=list)
    synergy: Annotated[
        str | None, meta("a secondary skill the GM approves for synergy", gm_only=True)
    ] = None
    take: Annotated[int | None, meta("Take X the GM permits (1-6)", gm_only=True)] = None
    time_factor: Annotated[
        int,
        meta(
            "how many times the normal time is spent (Take X)",
            gm_only=True,
            ge=1,
            le=MAX_TIME_FACTOR,
        ),
    ] = 1


# ============================================================================ rules
def plan_prepare_task(state: PteState, actor: str, kind: str, params: PrepareTaskParams) -> Plan:
    name = " ".join(required_text(kind, "name", params.name).split())
    prepared_task_rules(params)
    return Plan("prepare_task", data=scene_task_record(name, params))


def scene_task_record(name: str, task: SceneTaskParams) -> dict[str, Any]:
    """A prepared task as the plain record the state keeps."""
    record = msgspec.to_builtins(task)
    record.pop("name", None)
    return {"name": name, **record}


def plan_request(state: PteState, actor: str, kind: str, params: RequestCheckParams) -> Plan:
    if params.skill is None and params.power is None:
        raise BadActionError(f"{kind}: name the skill (params.skill) or a power (params.power)")
    if params.skill is not None and params.power is not None:
        raise BadActionError(f"{kind}: give params.skill or params.power, not both")
    request_roller_rules(state, actor, kind, params)
    asked = msgspec.to_builtins(params)
    note = asked.pop("note", "")
    defaults = msgspec.to_builtins(RequestCheckParams())
    asked = {key: value for key, value in asked.items() if value != defaults.get(key)}
    return Plan(
        "request_check",
        data={
            "request": f"r{state.requests_made + 1}",
            "actor": actor,
            "params": asked,
            "note": note,
        },
    )


def request_roller_rules(
    state: PteState, actor: str, kind: str, params: RequestCheckParams
) -> None:
    """The rules of a requested check that hang only on who rolls (the power's minimum rank,
    one helper who is someone else, the helper's rank) answer the request at once: no DC or
    other number the GM gives can change them, so a request they refuse could never be
    answered (pte.power.min-rank, pte.assist.one-helper, pte.assist.helper-rank)."""
    power = power_named(state, kind, params.power) if params.power is not None else None
    skill = power.skill if power is not None else skill_key(params.skill or "")
    action_type = action_type_of(kind, params.action_type, power)
    # A trigger only a Free or an Interrupt action answers: the request fixes the type.
    trigger_fits(kind, action_type, params.trigger)
    asked = RollParams(helper=params.helper, bonus=params.bonus)
    roll_for(state, actor, skill, kind, asked, power, action_type)


def plan_answer(state: PteState, actor: str, kind: str, params: AnswerCheckParams) -> Plan:
    """pte.scene.gm-sets: the player's requested check, rolled with the GM's numbers."""
    request = state.requests.get(params.request)
    if request is None:
        raise BadActionError(
            f"{kind}: params.request: no open request {params.request!r}"
            f"{did_you_mean(params.request, state.requests)}"
            + (f" (open: {', '.join(state.requests)})" if state.requests else " (none is open)")
        )
    given = msgspec.to_builtins(params)
    given.pop("request")
    defaults: dict[str, Any] = {
        "circumstances": [],
        "synergy": None,
        "take": None,
        "time_factor": 1,
    }
    gm_set = {key: value for key, value in given.items() if value != defaults.get(key, ...)}
    asked = dict(request["params"])
    check_kind = "use_power" if "power" in asked else "check"
    model: type[CheckParams | UsePowerParams] = (
        UsePowerParams if check_kind == "use_power" else CheckParams
    )
    try:
        parsed = parse_model(model, {**asked, **gm_set}, "params")
    except SchemaError as exc:
        raise BadActionError(f"{kind}: {exc}") from None
    plan = plan_check(state, request["actor"], check_kind, parsed)
    plan.kind = "answer_check"
    plan.data["request"] = params.request
    return plan


# ============================================================================ results
def resolve_prepare_task(state: PteState, plan: Plan, dice: DiceSource) -> list[Event]:
    return [Event("task_prepared", plan.data)]


def resolve_request(state: PteState, plan: Plan, dice: DiceSource) -> list[Event]:
    return [Event("check_requested", plan.data)]


def resolve_answer(state: PteState, plan: Plan, dice: DiceSource) -> list[Event]:
    result = basic_result(plan, dice)
    return [
        Event("check_rolled", result),
        Event("request_answered", {"request": plan.data["request"], "actor": result["actor"]}),
    ]
