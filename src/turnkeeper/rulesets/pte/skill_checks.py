"""Skill checks: ``check`` (basic or assisted), ``use_power``, ``opposed_check``, ``team_check``.

Their parameter models, their rules (each roll's modifiers are in :mod:`rolls`, their time in
:mod:`economy`) and the results they roll (PTE ch. 5, Skill Checks).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

import msgspec

from turnkeeper.core.model import BadActionError, Event
from turnkeeper.core.schema import did_you_mean, meta
from turnkeeper.dice.source import DiceSource
from turnkeeper.rulesets.pte import checks, pools, timing
from turnkeeper.rulesets.pte.economy import time_for
from turnkeeper.rulesets.pte.params import (
    MAX_BONUS,
    MAX_DC,
    MAX_TIME_FACTOR,
    Bonus,
    CircumstanceItem,
    Circumstances,
    Dc,
    RollParams,
    TimedParams,
    Trigger,
)
from turnkeeper.rulesets.pte.plans import (
    GM,
    Plan,
    Roll,
    names_param,
    refuse,
    required_text,
    text_param,
)
from turnkeeper.rulesets.pte.powers import SkillPower, power_key, skill_key
from turnkeeper.rulesets.pte.rolls import (
    SideModifiers,
    action_type_of,
    listed_length,
    power_named,
    roll_for,
    side_power,
    side_roll,
)
from turnkeeper.rulesets.pte.state import PteState

# opposed_check status_quo: the text's own words (defender, the one acting) are accepted too.
StatusQuo = Literal["target", "defender", "actor", "attacker"]
# ... and the canonical value of each spelling.
STATUS_QUO = {"target": "target", "defender": "target", "actor": "actor", "attacker": "actor"}


# ============================================================================ parameters
Task = Annotated[
    str | None,
    meta(
        "a task the GM prepared, by name: its DC, circumstances, synergy and Take X apply",
    ),
]


class CheckParams(RollParams, kw_only=True):
    trigger: Trigger = None
    skill: Annotated[
        str | None,
        meta("the skill rolled (any case); may be left to a prepared task", open_value=True),
    ] = None
    dc: Dc | None = None
    task: Task = None


class UsePowerParams(RollParams, kw_only=True):
    trigger: Trigger = None
    task: Task = None
    power: Annotated[str, meta("the Skill Power's name (any case)", min_length=1)]
    dc: (
        Annotated[
            int,
            meta(
                "the DC, when the power has none (or to override it)", gm_only=True, ge=0, le=MAX_DC
            ),
        ]
        | None
    ) = None


class OpposedCheckParams(RollParams, kw_only=True):
    trigger: Trigger = None
    target: Annotated[str, meta("the character opposing the check", min_length=1)]
    skill: Annotated[
        str | None, meta("the skill the actor rolls (or give power)", open_value=True)
    ] = None
    power: Annotated[str | None, meta("a Skill Power the actor uses (brings its skill)")] = None
    target_skill: Annotated[
        str | None, meta("the skill the target rolls (default the actor's skill)", open_value=True)
    ] = None
    target_rank: Annotated[
        int | str | None,
        meta("the rank claimed for the target (name or 1-6); must be the target's sheet's"),
    ] = None
    target_power: Annotated[
        str | None,
        meta("a Skill Power the target uses on their roll (brings its skill and circumstances)"),
    ] = None
    target_bonus: Bonus = 0
    target_circumstances: Circumstances = msgspec.field(default_factory=list)
    # The defender's roll is a Skill Check too: synergy, a helper and Take X as the actor's.
    target_synergy: Annotated[
        str | list[str] | None,
        meta("one secondary skill the GM accepts for the target; adds half its rank", gm_only=True),
    ] = None
    target_helper: Annotated[
        str | list[str] | None,
        meta("one character assisting the target (half their rank in the target's skill)"),
    ] = None
    target_take: Annotated[
        int | None,
        meta("Take X (1-6) on the target's roll (the GM permits it; time: time_factor)",
             gm_only=True),
    ] = None
    status_quo: Annotated[
        StatusQuo, meta("who keeps the status quo and wins ties (defender = target)")
    ] = "target"


class TeamCheckParams(TimedParams, kw_only=True):
    participants: Annotated[
        str | list[str], meta("the characters taking part (two or more, each once)")
    ]
    dc: Dc
    trigger: Trigger = None
    skill: Annotated[
        str | None, meta("the skill everyone rolls (or give skills)", open_value=True)
    ] = None
    skills: Annotated[dict[str, str], meta("per participant: the skill they roll")] = msgspec.field(
        default_factory=dict
    )
    people: (
        Annotated[
            int,
            meta(
                "how many people the task normally needs (default: the participants)",
                gm_only=True,
                ge=1,
                le=100,
            ),
        ]
        | None
    ) = None
    bonuses: Annotated[
        dict[str, Annotated[int, meta("flat bonus", ge=-MAX_BONUS, le=MAX_BONUS)]],
        meta("per participant: a flat bonus"),
    ] = msgspec.field(default_factory=dict)
    rank: Annotated[
        dict[str, int | str],
        meta("per participant: the rank claimed (name or 1-6); must be the sheet's"),
    ] = msgspec.field(default_factory=dict)
    power: Annotated[
        dict[str, str],
        meta("per participant: a Skill Power they use (brings its skill and circumstances)"),
    ] = msgspec.field(default_factory=dict)
    circumstances: Annotated[
        dict[str, list[CircumstanceItem]],
        meta("per participant: their circumstance dice", gm_only=True),
    ] = msgspec.field(default_factory=dict)
    synergy: Annotated[
        dict[str, str | list[str]],
        meta("per participant: one secondary skill the GM accepts (half its rank)", gm_only=True),
    ] = msgspec.field(default_factory=dict)
    helper: Annotated[
        dict[str, str | list[str]],
        meta("per participant: a helper (refused: a team check has no primary actor to assist)"),
    ] = msgspec.field(default_factory=dict)
    take: Annotated[
        dict[str, int],
        meta("per participant: Take X (1-6) the GM permits (time: time_factor)", gm_only=True),
    ] = msgspec.field(default_factory=dict)
    time_factor: Annotated[
        int,
        meta(
            "how many times the normal time the team spends (Take X)",
            gm_only=True,
            ge=1,
            le=MAX_TIME_FACTOR,
        ),
    ] = 1


# ============================================================================ rules
def plan_check(
    state: PteState, actor: str, kind: str, params: CheckParams | UsePowerParams
) -> Plan:
    power: SkillPower | None = None
    task_name = None
    if params.task is not None:
        params, task_name = on_prepared_task(state, kind, params)
    if isinstance(params, UsePowerParams):
        power = power_named(state, kind, params.power)
        skill = power.skill
        if power.dc is None and params.dc is None:
            raise BadActionError(f"use_power: {power.name} has no fixed DC; give params.dc")
        dc = params.dc if params.dc is not None else power.dc
    else:
        skill = skill_key(required_text(kind, "skill", params.skill))
        dc = params.dc
        if dc is None:
            raise BadActionError(f"{kind}: params.dc is required (or a prepared task: params.task)")
    assert dc is not None
    action_type = action_type_of(kind, params.action_type, power)
    roll = roll_for(state, actor, skill, kind, params, power, action_type)
    plan = Plan(kind, rolls=[roll], dc=dc)
    params = msgspec.structs.replace(params, rounds=listed_length(params, power, action_type))
    plan.time = time_for(
        state, [actor], kind, params, action_type, params.time_factor, params.trigger
    )
    plan.data = {"check": "power" if power else ("assisted" if roll.helper else "basic")}
    if task_name is not None:
        plan.data["task"] = task_name
    return plan


def on_prepared_task(
    state: PteState, kind: str, params: CheckParams | UsePowerParams
) -> tuple[CheckParams | UsePowerParams, str]:
    """pte.scene.gm-sets: a check on a task the GM prepared takes the GM's DC, circumstance
    dice, synergy and Take X from the task (and the task's skill, when the player names none);
    it may not set them itself."""
    assert params.task is not None
    prepared = state.scene_tasks.get(power_key(params.task))
    if prepared is None:
        names = [task["name"] for task in state.scene_tasks.values()]
        raise BadActionError(
            f"{kind}: params.task: no prepared task {params.task!r}"
            f"{did_you_mean(params.task, names)}"
            + (f" (prepared: {', '.join(sorted(names))})" if names else " (none is prepared)")
        )
    set_here = [
        name
        for name, given in (
            ("dc", params.dc is not None),
            ("circumstances", bool(params.circumstances)),
            ("synergy", params.synergy is not None),
            ("take", params.take is not None),
            ("time_factor", params.time_factor != 1),
        )
        if given
    ]
    if set_here:
        raise refuse(
            "pte.scene.gm-sets",
            f"{', '.join(set_here)} on the task {prepared['name']!r} (DC {prepared['dc']}) "
            "are the GM's to set, in the task; a check on it cannot set them",
        )
    taken = {
        "dc": prepared["dc"],
        "circumstances": msgspec.convert(prepared["circumstances"], list[CircumstanceItem]),
        "synergy": prepared["synergy"],
        "take": prepared["take"],
        "time_factor": prepared["time_factor"],
        "task": None,
    }
    if isinstance(params, CheckParams):
        skill = params.skill or prepared["skill"]
        if skill is None:
            raise BadActionError(
                f"{kind}: the task {prepared['name']!r} names no skill; give params.skill"
            )
        return msgspec.structs.replace(params, skill=skill, **taken), prepared["name"]
    return msgspec.structs.replace(params, **taken), prepared["name"]


def plan_opposed(state: PteState, actor: str, kind: str, params: OpposedCheckParams) -> Plan:
    # pte.opposed.tie-defender: what is opposed may be a plain skill roll or a Skill Power
    # (PTE ch. 5, Skill Checks); a power brings its skill, type and circumstances.
    power: SkillPower | None = None
    skill_given = text_param(kind, "skill", params.skill)
    if params.power is not None:
        power = power_named(state, kind, params.power)
        skill = power.skill
        if skill_given is not None and skill_key(skill_given) != skill:
            raise BadActionError(f"opposed_check: {power.name} rolls {skill}, not {params.skill!r}")
    else:
        skill = skill_key(required_text(kind, "skill", skill_given))
    target = required_text(kind, "target", params.target)
    if target not in state.characters:
        raise BadActionError(f"opposed_check: unknown target {target!r}")
    # pte.opposed.tie-defender: two sides.
    if target == actor:
        raise refuse("pte.opposed.tie-defender", f"{actor} cannot oppose their own check")
    # The text's own words (defender / the one acting) are accepted as aliases.
    status_quo = STATUS_QUO[params.status_quo]
    action_type = action_type_of(kind, params.action_type, power)
    roll = roll_for(state, actor, skill, kind, params, power, action_type)
    # The defender's roll may be a Skill Power of theirs too (any Skill Check may use one the
    # roller has the rank for, PTE ch. 5, Skill Powers); it brings its skill.
    target_skill_given = text_param(kind, "target_skill", params.target_skill)
    target_power = side_power(state, kind, "target_power", params.target_power, target_skill_given)
    target_skill = (
        target_power.skill if target_power else skill_key(target_skill_given or skill)
    )
    other = side_roll(
        state,
        target,
        target_skill,
        kind,
        action_type,
        SideModifiers(
            bonus=params.target_bonus,
            circumstances=params.target_circumstances,
            circumstances_key="target_circumstances",
            synergy=params.target_synergy,
            synergy_key="target_synergy",
            helper=params.target_helper,
            helper_key="target_helper",
            take=params.target_take,
            time_factor=params.time_factor,
            rank=params.target_rank,
            rank_key="target_rank",
            power=target_power,
            power_key="target_power",
        ),
    )
    opposed_helpers(actor, target, roll, other)
    plan = Plan("opposed_check", rolls=[roll, other])
    params = msgspec.structs.replace(params, rounds=listed_length(params, power, action_type))
    plan.time = time_for(
        state, [actor], kind, params, action_type, params.time_factor, params.trigger
    )
    plan.data = {"status_quo": status_quo}
    return plan


def opposed_helpers(actor: str, target: str, mine: Roll, theirs: Roll) -> None:
    """pte.assist.one-helper: a helper is someone other than the two sides; the defender does
    not assist the check against them, nor the actor the defence against their own check."""
    for side, other_side, roll in ((actor, target, mine), (target, actor, theirs)):
        if roll.helper is not None and roll.helper["id"] == other_side:
            raise refuse(
                "pte.assist.one-helper",
                f"{other_side} opposes {side}'s check and cannot assist it",
            )


def plan_team(state: PteState, actor: str, kind: str, params: TeamCheckParams) -> Plan:
    participants = names_param(kind, "participants", params.participants)
    for who in participants:
        if who not in state.characters:
            raise BadActionError(f"team_check: unknown participant {who!r}")
    # pte.team.check: several distinct participants.
    if len(set(participants)) != len(participants):
        raise refuse("pte.team.check", "a participant is listed twice; each rolls once")
    if len(participants) < 2:
        raise refuse(
            "pte.team.check",
            f"a team check needs two or more participants, not {len(participants)}",
        )
    if actor != GM and actor not in participants:  # who may call it: a rule question
        raise refuse(
            "pte.team.check",
            f"{actor} is not among the participants: a character calls a team check only to "
            "take part in it (the GM may call any)",
        )
    dc = params.dc
    # The GM's count of people the task normally needs; by default, everyone taking part.
    people = params.people if params.people is not None else len(participants)
    skills = params.skills
    bonuses = params.bonuses
    team_circs = params.circumstances
    for names, where in (
        (set(skills), "skills"),
        (set(bonuses), "bonuses"),
        (set(team_circs), "circumstances"),
        (set(params.synergy), "synergy"),
        (set(params.take), "take"),
        (set(params.rank), "rank"),
        (set(params.power), "power"),
    ):
        extra = names - set(participants)
        if extra:
            raise BadActionError(
                f"team_check: params.{where} names non-participants {sorted(extra)}"
            )
    # pte.team.check: the participants contribute equally, without a primary actor, so
    # nobody among them is assisted (PTE ch. 5, Skill Checks): a helper joins as a participant.
    if params.helper:
        assisted = sorted(params.helper)
        raise refuse(
            "pte.team.check",
            f"params.helper for {', '.join(assisted)}: a team check has no primary actor to "
            "assist; whoever helps takes part as a participant",
        )
    common = text_param(kind, "skill", params.skill)
    # Each participant may roll through a Skill Power of theirs (a power brings its skill).
    powers = {
        who: side_power(state, kind, f"power.{who}", name, skills.get(who))
        for who, name in params.power.items()
    }
    action_type, setting = team_action_type(kind, params.action_type, powers)
    params = msgspec.structs.replace(params, rounds=listed_length(params, setting, action_type))
    rolls = []
    for who in participants:
        power = powers.get(who)
        raw_skill = power.skill if power else skills.get(who, common)
        if raw_skill is None or not raw_skill.strip():
            raise BadActionError(
                f"team_check: no skill for {who} (params.skill, skills.{who} or power.{who})"
            )
        # pte.circumstance.one-die, pte.synergy.*, pte.take.*: each participant rolls a Skill
        # Check of their own, with their own modifiers.
        modifiers = SideModifiers(
            bonus=bonuses.get(who, 0),
            circumstances=team_circs.get(who, []),
            circumstances_key=f"circumstances.{who}",
            synergy=params.synergy.get(who),
            synergy_key=f"synergy.{who}",
            helper=None,
            helper_key=None,
            take=params.take.get(who),
            time_factor=params.time_factor,
            rank=params.rank.get(who),
            rank_key=f"rank.{who}",
            power=power,
            power_key=f"power.{who}",
        )
        rolls.append(side_roll(state, who, skill_key(raw_skill), kind, action_type, modifiers))
    plan = Plan("team_check", rolls=rolls, dc=dc * people)
    # pte.combat.own-turn: in combat the GM has no turn; a participant takes the team check in
    # theirs (or out of it as an Interrupt). A rule of the moment, so a refusal, not bad input.
    if actor == GM and state.phase == "combat":
        raise refuse(
            "pte.combat.own-turn",
            "in combat a participant takes the team check, on their turn or as an Interrupt; "
            "the GM has no turn to take it in",
        )
    plan.time = time_for(
        state,
        participants if actor == GM else [actor, *[p for p in participants if p != actor]],
        kind,
        params,
        action_type,
        params.time_factor,
        params.trigger,
    )
    plan.data = {"base_dc": dc, "people": people}
    return plan


def team_action_type(
    kind: str, given: str | None, powers: dict[str, SkillPower | None]
) -> tuple[str, SkillPower | None]:
    """The team check's action type: the one given, else the longest a participant's power
    takes (each power is then checked to fit it, as the actor's power fits their check); with
    the power that set it, whose listed rounds apply when the check gives none."""
    used = [power for power in powers.values() if power is not None]
    if not used:
        return action_type_of(kind, given, None), None
    longest = max(used, key=lambda power: timing.UNITS.get(power.action_type, 0))
    if given is not None:
        return given, longest if longest.action_type == given else None
    return action_type_of(kind, None, longest), longest


# ============================================================================ results
def basic_result(plan: Plan, dice: DiceSource) -> dict[str, Any]:
    roll = plan.rolls[0]
    odds = checks.check_odds(roll.pool, plan.dc)
    shown = pools.roll(roll.pool, dice)
    margin = shown.total - plan.dc
    success = margin >= 0
    return {
        **roll.describe(),
        "check": plan.data["check"],
        **{key: plan.data[key] for key in ("task", "request") if key in plan.data},
        "dc": plan.dc,
        "roll": shown.to_dict(),
        "total": shown.total,
        "margin": margin,
        "success": success,
        "degree": checks.degree(margin, success),
        "odds": {"success": checks.fraction_text(odds["success"])},
    }


def opposed_result(plan: Plan, dice: DiceSource) -> dict[str, Any]:
    mine, theirs = plan.rolls
    keeps = plan.data["status_quo"] == "actor"
    odds = checks.opposed_odds(mine.pool, theirs.pool, keeps)
    a = pools.roll(mine.pool, dice)
    d = pools.roll(theirs.pool, dice)
    margin = a.total - d.total
    # pte.opposed.tie-defender: higher wins; a tie to whoever keeps the status quo.
    success = margin > 0 or (margin == 0 and keeps)
    return {
        **mine.describe(),
        "target": theirs.describe(),
        "status_quo": plan.data["status_quo"],
        "roll": a.to_dict(),
        "target_roll": d.to_dict(),
        "total": a.total,
        "target_total": d.total,
        "margin": margin,
        "tie": margin == 0,
        "success": success,
        "winner": mine.actor if success else theirs.actor,
        "degree": checks.degree(margin, success),
        "odds": {
            "success": checks.fraction_text(odds["success"]),
            "tie": checks.fraction_text(odds["tie"]),
        },
    }


def team_result(plan: Plan, dice: DiceSource) -> dict[str, Any]:
    odds = checks.team_odds([r.pool for r in plan.rolls], plan.dc)
    rolls = []
    total = 0
    for r in plan.rolls:
        shown = pools.roll(r.pool, dice)
        total += shown.total
        rolls.append({**r.describe(), "roll": shown.to_dict(), "total": shown.total})
    margin = total - plan.dc
    success = margin >= 0
    return {
        "participants": rolls,
        "dc": plan.data["base_dc"],
        "people": plan.data["people"],
        "team_dc": plan.dc,
        "total": total,
        "margin": margin,
        "success": success,
        "degree": checks.degree(margin, success),
        "odds": {"success": checks.fraction_text(odds["success"])},
    }


def resolve_check(state: PteState, plan: Plan, dice: DiceSource) -> list[Event]:
    return [Event("check_rolled", basic_result(plan, dice))]


def resolve_opposed(state: PteState, plan: Plan, dice: DiceSource) -> list[Event]:
    return [Event("opposed_rolled", opposed_result(plan, dice))]


def resolve_team(state: PteState, plan: Plan, dice: DiceSource) -> list[Event]:
    return [Event("team_rolled", team_result(plan, dice))]
