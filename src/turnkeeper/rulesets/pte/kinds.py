"""The table of ``pte`` action kinds: each row is the declared kind (its parameter model, for
the kernel and ``turnkeeper schema``), the function that checks its rules and plans it, and the
function that rolls the plan into events. Families: skill checks (:mod:`skill_checks`),
extended checks (:mod:`extended`), turns (:mod:`economy`), the GM's scene (:mod:`scene`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from turnkeeper.core.model import Action, BadActionError, Event
from turnkeeper.core.schema import ActionCatalogue, ActionKind, did_you_mean
from turnkeeper.dice.source import DiceSource
from turnkeeper.rulesets.pte import economy, extended, prepared, scene, skill_checks
from turnkeeper.rulesets.pte.params import NoParams
from turnkeeper.rulesets.pte.plans import GM, Plan, actors_of, describe_plan, refuse
from turnkeeper.rulesets.pte.state import PteState

Planner = Callable[[PteState, str, str, Any], Plan]
Resolver = Callable[[PteState, Plan, DiceSource], list[Event]]


@dataclass(frozen=True)
class KindRules:
    """Where one action kind's rules live: ``plan`` checks them, ``resolve`` rolls the plan."""

    declared: ActionKind
    plan: Planner
    resolve: Resolver
    # Who may take it: "character", "gm", or "anyone" (a participant or the GM).
    actor: str = "character"


def _gm(kind: str, params: type[Any], summary: str) -> KindRules:
    return KindRules(
        ActionKind(kind, params, summary, "scene", gm_only=True),
        scene.plan_gm,
        scene.resolve_gm,
        "gm",
    )


KINDS: dict[str, KindRules] = {
    row.declared.kind: row
    for row in (
        # ------------------------------------------------------------ skill checks
        KindRules(
            ActionKind(
                "check",
                skill_checks.CheckParams,
                "a basic (or, with helper, assisted) skill check",
                "skill_checks",
            ),
            skill_checks.plan_check,
            skill_checks.resolve_check,
        ),
        KindRules(
            ActionKind(
                "use_power",
                skill_checks.UsePowerParams,
                "a check through a Skill Power",
                "skill_checks",
            ),
            skill_checks.plan_check,
            skill_checks.resolve_check,
        ),
        KindRules(
            ActionKind(
                "opposed_check",
                skill_checks.OpposedCheckParams,
                "both sides roll; a tie keeps the status quo",
                "skill_checks",
            ),
            skill_checks.plan_opposed,
            skill_checks.resolve_opposed,
        ),
        KindRules(
            ActionKind(
                "team_check",
                skill_checks.TeamCheckParams,
                "everyone rolls; the sum meets DC x people",
                "skill_checks",
            ),
            skill_checks.plan_team,
            skill_checks.resolve_team,
            "anyone",
        ),
        # ------------------------------------------------------------ extended checks
        KindRules(
            ActionKind(
                "start_task", extended.StartTaskParams, "open an extended check", "extended"
            ),
            extended.plan_start_task,
            extended.resolve_start_task,
        ),
        KindRules(
            ActionKind(
                "work_task",
                extended.WorkTaskParams,
                "one roll toward an extended check",
                "extended",
            ),
            extended.plan_work_task,
            extended.resolve_work_task,
        ),
        # ------------------------------------------------------------ who sets what
        KindRules(
            ActionKind(
                "request_check",
                prepared.RequestCheckParams,
                "ask the GM for a check (the GM answers with the DC)",
                "prepared",
            ),
            prepared.plan_request,
            prepared.resolve_request,
        ),
        KindRules(
            ActionKind(
                "answer_check",
                prepared.AnswerCheckParams,
                "the GM answers a request: the player's check rolls with the GM's numbers",
                "prepared",
                gm_only=True,
            ),
            prepared.plan_answer,
            prepared.resolve_answer,
            "gm",
        ),
        KindRules(
            ActionKind(
                "prepare_task",
                prepared.PrepareTaskParams,
                "the GM prepares a named task that players' checks refer to",
                "prepared",
                gm_only=True,
            ),
            prepared.plan_prepare_task,
            prepared.resolve_prepare_task,
            "gm",
        ),
        # ------------------------------------------------------------ turns
        KindRules(
            ActionKind("end_turn", NoParams, "end the current combat turn", "economy"),
            economy.plan_end_turn,
            economy.resolve_end_turn,
            "anyone",
        ),
        # ------------------------------------------------------------ the GM's scene
        _gm("start_combat", scene.StartCombatParams, "begin combat in the given order"),
        _gm("end_combat", NoParams, "end combat"),
        _gm("start_downtime", scene.StartDowntimeParams, "begin the Downtime phase"),
        _gm("end_downtime", NoParams, "end the Downtime phase"),
        _gm("advance_time", scene.AdvanceTimeParams, "move the scene clock"),
        _gm("set_condition", scene.SetConditionParams, "mark a character threatened or distracted"),
    )
}

# The declared kinds, as the kernel validates them and ``turnkeeper schema pte`` prints them.
ACTIONS = ActionCatalogue("pte", [row.declared for row in KINDS.values()])


def plan_action(state: PteState, action: Action) -> Plan:
    """Parse and check ``action``; raise Refused (a rule says no) or BadActionError."""
    params = ACTIONS.parse(action)
    kind = action.kind
    actor = action.actor
    if actor is None:
        raise BadActionError(f"{kind}: an actor is required (a character id or 'gm')")
    if actor != GM and actor not in state.characters:
        everyone = actors_of(state)
        raise BadActionError(
            f"{kind}: unknown actor {actor!r}{did_you_mean(actor, everyone)} "
            f"(actors: {', '.join(everyone)})"
        )
    rules = KINDS[kind]
    if rules.actor == "gm" and actor != GM:
        raise refuse("pte.scene.gm-controls", f"only the GM may {kind}, not {actor}")
    if rules.actor == "character" and actor == GM:
        raise BadActionError(f"{kind}: the actor must be a character, not the GM")
    return rules.plan(state, actor, kind, params)


def resolve_plan(state: PteState, plan: Plan, dice: DiceSource) -> list[Event]:
    """The events of a checked plan: its result, then the time it books."""
    events = KINDS[plan.kind].resolve(state, plan, dice)
    if plan.time is not None:
        events.extend(economy.book_time(state, plan.time, dice, describe_plan(plan)))
    return events
