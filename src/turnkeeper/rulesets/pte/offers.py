"""What ``pte`` offers in ``legal_actions``: sample actions that pass ``check`` right now, each
with its cost (label and structured) and its exact odds.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from fractions import Fraction
from typing import Any

from turnkeeper.core.model import Action, BadActionError
from turnkeeper.dice import DiceLimitError
from turnkeeper.rulesets.pte import checks
from turnkeeper.rulesets.pte.economy import cost_detail, cost_text
from turnkeeper.rulesets.pte.kinds import plan_action
from turnkeeper.rulesets.pte.plans import GM, Plan, Refused, actors_of
from turnkeeper.rulesets.pte.pools import Pool
from turnkeeper.rulesets.pte.state import PteState


def legal_actions(state: PteState, actor: str | None = None) -> Iterator[Action]:
    """Every actor's offers (``actor=None``: the table as the GM may drive it, the GM's numbers
    at the set-up's ``typical_dc`` included), or what one actor's own seat may send: a
    character's offers then carry none of the GM's fields (pte.scene.gm-sets), so a player's
    check names a task the GM prepared or asks the GM (``request_check``)."""
    who_list = actors_of(state) if actor is None else [actor]
    for who in who_list:
        offers = candidates(state, who) if actor is None else seat_candidates(state, who)
        for action in offers:
            try:
                plan = plan_action(state, action)
            except (Refused, BadActionError):
                continue
            yield Action(
                action.kind,
                action.actor,
                action.params,
                cost=cost_text(plan),
                odds=plan_odds(state, plan),
                cost_detail=cost_detail(plan),
            )


def candidates(state: PteState, who: str) -> Iterable[Action]:
    if who == GM:
        yield Action("start_combat", GM, {"order": sorted(state.characters)})
        yield Action("end_combat", GM, {})
        yield Action("start_downtime", GM, {"actions": 1})
        yield Action("end_downtime", GM, {})
        yield Action("advance_time", GM, {"minutes": 30})
        yield Action("end_turn", GM, {})
        for cid, c in sorted(state.characters.items()):
            yield Action("set_condition", GM, {"target": cid, "threatened": not c.threatened})
        everyone = sorted(state.characters)
        if len(everyone) >= 2:
            first = state.characters[everyone[0]]
            skill = min(first.skills, default="athletics")
            yield Action(
                "team_check",
                GM,
                {
                    "participants": everyone,
                    "skill": skill,
                    "dc": state.typical_dc,
                    "people": len(everyone),
                },
            )
        # The GM answers each open check request (pte.scene.gm-sets).
        for request in state.requests:
            yield Action("answer_check", GM, {"request": request, "dc": state.typical_dc})
        return
    if who not in state.characters:
        return
    character = state.characters[who]
    yield Action("end_turn", who, {})
    # Besides a Standard check per skill: an Interrupt check in combat (the one kind of
    # check open outside one's own turn) and a Downtime check in the Downtime phase.
    extra = {"combat": "interrupt", "downtime": "downtime"}.get(state.phase)
    for skill in sorted(character.skills):
        yield Action("check", who, {"skill": skill, "dc": state.typical_dc})
        if extra is not None:
            yield Action(
                "check", who, {"skill": skill, "dc": state.typical_dc, "action_type": extra}
            )
    for power in sorted(state.powers.values(), key=lambda p: p.name):
        params: dict[str, Any] = {"power": power.name}
        if power.dc is None:
            params["dc"] = state.typical_dc
        yield Action("use_power", who, params)
        if power.take is not None:
            yield Action("use_power", who, {**params, "take": power.take})
    for name, task in sorted(state.tasks.items()):
        if task.owner == who and task.status == "open":
            yield Action("work_task", who, {"task": name})
    if character.skills:
        skill = min(character.skills)
        for other in sorted(state.characters):
            if other != who:
                yield Action("opposed_check", who, {"skill": skill, "target": other})
        yield Action(
            "start_task",
            who,
            {
                "task": f"task{len(state.tasks) + 1}",
                "skill": skill,
                "dc": state.typical_dc,
                "multiplier": 2,
            },
        )
    yield from prepared_task_checks(state, who)


def seat_candidates(state: PteState, who: str) -> Iterable[Action]:
    """What ``who``'s own seat may send: the GM's own list for ``gm``; for a character, the
    checks with the GM's numbers become requests (the GM answers with the DC, the dice and the
    permissions), and what only the GM may open (an extended task's DC and multiplier, Take X)
    is left out. A request is offered only when the check it asks for would be allowed now
    (at the set-up's ``typical_dc``): off one's turn in combat, only the Interrupt one."""
    if who == GM or who not in state.characters:
        yield from candidates(state, who)
        return
    character = state.characters[who]
    yield Action("end_turn", who, {})
    extra = {"combat": "interrupt", "downtime": "downtime"}.get(state.phase)
    for skill in sorted(character.skills):
        yield from _request(state, who, "check", {"skill": skill})
        if extra is not None:
            yield from _request(state, who, "check", {"skill": skill, "action_type": extra})
    for power in sorted(state.powers.values(), key=lambda p: p.name):
        if power.dc is None:
            yield from _request(state, who, "use_power", {"power": power.name})
        else:
            yield Action("use_power", who, {"power": power.name})
    for name, task in sorted(state.tasks.items()):
        if task.owner == who and task.status == "open":
            yield Action("work_task", who, {"task": name})
    if character.skills:
        skill = min(character.skills)
        for other in sorted(state.characters):
            if other != who:
                yield Action("opposed_check", who, {"skill": skill, "target": other})
    yield from prepared_task_checks(state, who)


def _request(state: PteState, who: str, kind: str, asked: dict[str, Any]) -> Iterator[Action]:
    """``request_check`` for ``asked``, if the check the GM would answer is allowed now."""
    answered = Action(kind, who, {**asked, "dc": state.typical_dc})
    try:
        plan_action(state, answered)
    except (Refused, BadActionError):
        return
    yield Action("request_check", who, asked)


def prepared_task_checks(state: PteState, who: str) -> Iterator[Action]:
    """A check on each task the GM prepared (the GM's numbers come from the task)."""
    character = state.characters[who]
    for prepared in sorted(state.scene_tasks.values(), key=lambda t: str(t["name"])):
        params = {"task": prepared["name"]}
        if prepared["skill"] is None:
            if not character.skills:
                continue
            params["skill"] = min(character.skills)
        yield Action("check", who, params)


def odds(state: PteState, action: Action) -> dict[str, str] | None:
    """Exact odds of a check before it is rolled (``None`` for actions without dice)."""
    try:
        plan = plan_action(state, action)
    except Refused:
        return None
    return plan_odds(state, plan)


def plan_odds(state: PteState, plan: Plan) -> dict[str, str] | None:
    try:
        return exact_odds(state, plan)
    except DiceLimitError:
        return None


def exact_odds(state: PteState, plan: Plan) -> dict[str, str] | None:
    odds: dict[str, Fraction]
    if plan.kind in ("check", "use_power", "answer_check"):
        odds = checks.check_odds(plan.rolls[0].pool, plan.dc)
    elif plan.kind == "team_check":
        odds = checks.team_odds([r.pool for r in plan.rolls], plan.dc)
    elif plan.kind == "opposed_check":
        odds = checks.opposed_odds(
            plan.rolls[0].pool, plan.rolls[1].pool, plan.data["status_quo"] == "actor"
        )
    elif plan.kind == "start_task":
        # Before the first roll: plain rank dice, every roll of the limit still to come
        # (for a check that cannot fail, the first rank-many rolls).
        data = plan.data
        odds = checks.task_odds(
            Pool(data["limit"]), data["extended_dc"], data["limit"], 0, data["failable"]
        )
    elif plan.kind == "work_task":
        task = state.tasks[plan.data["task"]]
        left = task.limit - task.attempts if task.failable else task.limit
        odds = checks.task_odds(
            plan.rolls[0].pool, task.extended_dc, max(left, 1), task.total, task.failable
        )
    else:
        return None
    return checks.odds_text(odds)
