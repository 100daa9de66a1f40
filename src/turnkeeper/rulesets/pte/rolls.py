"""One character's roll and its modifiers: rank, circumstance dice, synergy, a helper, Take X.

Every check kind (basic, assisted, opposed, team, a roll toward an extended check) builds its
rolls here, so each modifier's rule is stated once (PTE ch. 5, Skill Checks and Skill Powers).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from turnkeeper.core.model import BadActionError
from turnkeeper.core.schema import did_you_mean
from turnkeeper.rulesets.pte import checks, timing
from turnkeeper.rulesets.pte.checks import NOVICE, RankError, parse_rank
from turnkeeper.rulesets.pte.params import (
    MAX_CIRCUMSTANCES,
    CircumstanceItem,
    RollParams,
    SceneTaskParams,
    TimedParams,
    circumstance_dict,
)
from turnkeeper.rulesets.pte.plans import Roll, names_param, refuse, required_text
from turnkeeper.rulesets.pte.pools import Pool
from turnkeeper.rulesets.pte.powers import (
    Circumstance,
    PowerError,
    SkillPower,
    parse_circumstance,
    power_key,
    skill_key,
)
from turnkeeper.rulesets.pte.state import PteState


def power_named(state: PteState, kind: str, value: str, key: str = "power") -> SkillPower:
    """The Skill Power named at ``params.<key>``, any case."""
    name = required_text(kind, key, value)
    power = state.powers.get(power_key(name))
    if power is None:
        names = sorted(p.name for p in state.powers.values())
        where = "" if key == "power" else f"params.{key}: "
        raise BadActionError(
            f"{kind}: {where}unknown power {name!r}{did_you_mean(name, names)} "
            f"(known: {', '.join(names)})"
        )
    return power


def action_type_of(kind: str, given: str | None, power: SkillPower | None) -> str:
    if power is not None:
        if (
            given is not None
            and given != power.action_type
            and not (timing.is_timed(power.action_type) and timing.is_timed(given))
        ):
            raise BadActionError(
                f"{kind}: {power.name} is a {timing.LABELS[power.action_type]}, "
                f"not a {timing.LABELS[given]}"
            )
        # An extended power may be given more time (a longer Extended action, at the GM's
        # discretion), never less than its own type.
        if given is not None and timing.UNITS.get(given, 0) < timing.UNITS.get(
            power.action_type, 0
        ):
            raise BadActionError(
                f"{kind}: {power.name} takes at least a {timing.LABELS[power.action_type]}"
            )
        return given or power.action_type
    return given or "standard"


def listed_length(
    params: TimedParams, power: SkillPower | None, action_type: str
) -> int | str | None:
    """pte.time.listed-duration: the rounds an action lists: those given, else the power's."""
    if params.rounds is None and power is not None and action_type == "rounds":
        return power.rounds
    return params.rounds


def roll_for(
    state: PteState,
    actor: str,
    skill: str,
    kind: str,
    params: RollParams,
    power: SkillPower | None,
    action_type: str,
) -> Roll:
    """Every modifier of one character's check, each rule checked where it applies."""
    rank = state.characters[actor].rank(skill)
    rank_claim_holds(actor, skill, rank, "rank", params.rank)
    power_rank_holds(actor, skill, rank, power)
    circumstances = circumstances_of("circumstances", params.circumstances, power)
    bonus = params.bonus
    roll = Roll(actor, skill, rank, Pool(rank), circumstances, bonus=bonus)
    roll.power = power.name if power else None
    roll.synergy = synergy_for(state, actor, skill, kind, "synergy", params.synergy)
    roll.helper = helper_for(state, actor, skill, kind, "helper", params.helper)
    take = take_of(state, actor, params, power, action_type)
    roll.granted_take = take is not None and power is not None and power.take == take
    roll.pool = modified_pool(roll, circumstances, bonus, take)
    return roll


def rank_claim_holds(who: str, skill: str, rank: int, key: str, claim: int | str | None) -> None:
    """pte.check.basic: a Skill Check rolls the roller's own rank in the skill (PTE ch. 5,
    Skill Checks), so a rank claimed at ``params.<key>`` that is not the sheet's is refused."""
    if claim is None:
        return
    try:
        claimed_rank = parse_rank(claim)
    except RankError as exc:
        raise BadActionError(f"params.{key}: {exc}") from exc
    if claimed_rank != rank:
        raise refuse(
            "pte.check.basic",
            f"{who} has {checks.rank_name(rank).title()} ({rank} dice) in {skill}, "
            f"not {checks.rank_name(claimed_rank).title()}",
        )


def power_rank_holds(who: str, skill: str, rank: int, power: SkillPower | None) -> None:
    """pte.power.min-rank: a Skill Power is open to whoever has its rank in its skill."""
    if power is not None and rank < power.min_rank:
        raise refuse(
            "pte.power.min-rank",
            f"{power.name} needs {checks.rank_name(power.min_rank).title()} {skill}; "
            f"{who} has {checks.rank_name(rank).title()}",
        )


def side_power(
    state: PteState, kind: str, key: str, name: str | None, skill_given: str | None
) -> SkillPower | None:
    """The Skill Power a side (not the acting character) names at ``params.<key>``: a known
    power, whose skill is the one that side rolls if they name a skill too (as the actor's)."""
    if name is None:
        return None
    power = power_named(state, kind, name, key)
    if skill_given is not None and skill_key(skill_given) != power.skill:
        raise BadActionError(
            f"{kind}: params.{key}: {power.name} rolls {power.skill}, not {skill_given!r}"
        )
    return power


def side_power_fits(kind: str, key: str, power: SkillPower | None, action_type: str) -> None:
    """A side's power is used within the check's own action: its type must be the check's
    (or, for Extended/Downtime powers, a timed type at least as long), as the actor's power
    must fit the actor's ``action_type``."""
    if power is None:
        return
    try:
        action_type_of(kind, action_type, power)
    except BadActionError as exc:
        detail = str(exc).removeprefix(f"{kind}: ")
        raise BadActionError(
            f"{kind}: params.{key}: {detail} (the check is a {timing.LABELS[action_type]})"
        ) from exc


def modified_pool(
    roll: Roll, circumstances: list[Circumstance], bonus: int, take: int | None
) -> Pool:
    """The pool a roller rolls: its rank's dice, one die more or fewer per circumstance, and
    the flat bonus with its synergy's and helper's (the same for the actor and every side)."""
    flat = (
        bonus
        + (roll.synergy["bonus"] if roll.synergy else 0)
        + (roll.helper["bonus"] if roll.helper else 0)
    )
    return Pool(
        dice=roll.rank,
        bonus_dice=sum(1 for c in circumstances if c.dice > 0),
        penalty_dice=sum(1 for c in circumstances if c.dice < 0),
        flat=flat,
        take=take,
    )


def circumstances_of(
    key: str, raw: list[CircumstanceItem], power: SkillPower | None
) -> list[Circumstance]:
    """The circumstance dice of one roll, declared at ``params.<key>``."""
    if len(raw) > MAX_CIRCUMSTANCES:
        raise BadActionError(f"params.{key}: at most {MAX_CIRCUMSTANCES} circumstances")
    found: list[Circumstance] = list(power.circumstances) if power else []
    for i, item in enumerate(raw):
        try:
            circ = parse_circumstance(circumstance_dict(item), f"params.{key}[{i}]")
        except PowerError as exc:
            raise BadActionError(str(exc)) from exc
        # pte.circumstance.one-die
        if circ.dice not in (1, -1):
            raise refuse(
                "pte.circumstance.one-die",
                f"params.{key}[{i}] is worth {circ.dice:+d} dice; each circumstance is one "
                "die (+1 or -1): list separate circumstances",
            )
        # pte.circumstance.no-double-count
        if circ.name and any(c.name == circ.name for c in found):
            source = (
                f"built into {power.name}"
                if power and any(c.name == circ.name for c in power.circumstances)
                else "already listed"
            )
            raise refuse(
                "pte.circumstance.no-double-count",
                f"the circumstance {circ.name!r} is {source}; it counts once",
            )
        found.append(circ)
    return found


def synergy_for(
    state: PteState, who: str, skill: str, kind: str, key: str, value: str | list[str] | None
) -> dict[str, Any] | None:
    """pte.synergy.one-skill / pte.synergy.half-rank: one secondary skill, not the one rolled,
    adds half ``who``'s rank in it (any Skill Check, PTE ch. 5), declared at ``params.<key>``."""
    synergy = names_param(kind, key, value)
    if len(synergy) > 1:
        raise refuse(
            "pte.synergy.one-skill",
            f"synergy from {len(synergy)} skills ({', '.join(synergy)}); only one may help",
        )
    if not synergy:
        return None
    second = skill_key(synergy[0])
    if second == skill:
        raise refuse(
            "pte.synergy.half-rank",
            f"{skill} is the skill being rolled; synergy needs a secondary skill",
        )
    second_rank = state.characters[who].rank(second)
    return {"skill": second, "rank": second_rank, "bonus": checks.half_rank(second_rank)}


def helper_for(
    state: PteState, who: str, skill: str, kind: str, key: str, value: str | list[str] | None
) -> dict[str, Any] | None:
    """pte.assist.one-helper / pte.assist.helper-rank: one other character with at least
    Novice in the skill adds half their rank to ``who``'s check, declared at ``params.<key>``."""
    helpers = names_param(kind, key, value)
    if len(helpers) > 1:
        raise refuse(
            "pte.assist.one-helper",
            f"{len(helpers)} helpers ({', '.join(helpers)}); one helper per check",
        )
    if not helpers:
        return None
    helper = helpers[0]
    if helper == who:
        raise refuse("pte.assist.one-helper", f"{who} cannot assist their own check")
    if helper not in state.characters:
        raise BadActionError(f"params.{key}: unknown character {helper!r}")
    helper_rank = state.characters[helper].rank(skill)
    if helper_rank < NOVICE:
        raise refuse(
            "pte.assist.helper-rank",
            f"{helper} has {checks.rank_name(helper_rank).title()} {skill}; "
            "a helper needs at least Novice",
        )
    return {"id": helper, "rank": helper_rank, "bonus": checks.half_rank(helper_rank)}


def side_roll(
    state: PteState,
    who: str,
    skill: str,
    kind: str,
    action_type: str,
    side: SideModifiers,
) -> Roll:
    """The roll of a side who is not the acting character (an opposed check's defender, a team
    check's participant): their own rank, with the same modifiers and rules as the actor's
    (a rank claim, a Skill Power, circumstance dice, synergy, a helper, Take X), each declared
    at its own parameter path."""
    rank = state.characters[who].rank(skill)
    power = side.power
    rank_claim_holds(who, skill, rank, side.rank_key, side.rank)
    power_rank_holds(who, skill, rank, power)
    side_power_fits(kind, side.power_key, power, action_type)
    circumstances = circumstances_of(side.circumstances_key, side.circumstances, power)
    roll = Roll(who, skill, rank, Pool(rank), circumstances, bonus=side.bonus)
    roll.power = power.name if power else None
    roll.synergy = synergy_for(state, who, skill, kind, side.synergy_key, side.synergy)
    if side.helper_key is not None:
        roll.helper = helper_for(state, who, skill, kind, side.helper_key, side.helper)
    take = None
    if side.take is not None:
        take = take_for(state, who, side.take, side.time_factor, power, action_type)
    roll.granted_take = take is not None and power is not None and power.take == take
    roll.pool = modified_pool(roll, circumstances, side.bonus, take)
    return roll


@dataclass(frozen=True)
class SideModifiers:
    """What one non-acting side of a check declares, and the parameter path of each."""

    bonus: int
    circumstances: list[CircumstanceItem]
    circumstances_key: str
    synergy: str | list[str] | None
    synergy_key: str
    helper: str | list[str] | None
    helper_key: str | None  # None: this kind of check takes no helper for this side
    take: int | None
    time_factor: int
    rank: int | str | None = None
    rank_key: str = "rank"
    power: SkillPower | None = None  # already named and matched to the skill (side_power)
    power_key: str = "power"


def take_of(
    state: PteState,
    actor: str,
    params: RollParams,
    power: SkillPower | None,
    action_type: str,
) -> int | None:
    if params.take is None:
        return None
    return take_for(state, actor, params.take, params.time_factor, power, action_type)


def take_for(
    state: PteState,
    actor: str,
    take: int,
    time_factor: int,
    power: SkillPower | None,
    action_type: str,
) -> int:
    """Take X by ``actor`` on a check of ``action_type``, every rule of it checked."""
    take_face(take)
    granted = power is not None and power.take == take
    # pte.take.action-type
    if action_type in ("free", "interrupt", "full_interrupt") and not (
        granted and power and power.take_any_action
    ):
        raise refuse(
            "pte.take.action-type",
            f"no Take X on a {timing.LABELS[action_type]} unless a power allows it",
        )
    # pte.take.calm
    who = state.characters[actor]
    if who.threatened or who.distracted:
        state_word = "threatened" if who.threatened else "distracted"
        raise refuse("pte.take.calm", f"{actor} is {state_word} and cannot Take {take}")
    # pte.take.time
    if not granted:
        if state.phase == "combat":
            raise refuse(
                "pte.take.time",
                f"Take {take} needs {take_time_needed(take)}x the time, and a combat turn "
                "cannot stretch; only a power's own Take X works in combat",
            )
        take_time(take, time_factor)
    return take


def take_face(take: int) -> None:
    """pte.take.fixed-dice: X is a die face (PTE ch. 5, Skill Powers)."""
    if not 1 <= take <= 6:
        raise refuse("pte.take.fixed-dice", f"Take {take}: X must be a face from 1 to 6")


def take_time_needed(take: int) -> int:
    """How many times the normal time a Take X no power grants needs (READINGS: any X up to 3
    needs 6 times, any X up to 6 needs 30 times)."""
    return 6 if take <= 3 else 30


def take_time(take: int, factor: int) -> None:
    """pte.take.time: a Take X no power grants needs its time spent (PTE ch. 5, Skill Powers)."""
    needed = take_time_needed(take)
    if factor < needed:
        raise refuse(
            "pte.take.time",
            f"Take {take} needs {needed}x the normal time (params.time_factor: "
            f"{needed}), not {factor}x",
        )


def prepared_task_rules(task: SceneTaskParams) -> None:
    """The GM's numbers of a prepared task break none of the rules a check on it would meet
    whoever rolls it (pte.scene.gm-sets: a player cannot set them, so a task refused at every
    use could never be rolled): each circumstance one die, named once; Take X a face, with
    its time (no power grants a task's Take X); synergy not from the task's own skill."""
    circumstances_of("circumstances", task.circumstances, None)
    if task.take is not None:
        take_face(task.take)
        take_time(task.take, task.time_factor)
    if task.synergy and task.skill and skill_key(task.synergy) == skill_key(task.skill):
        raise refuse(
            "pte.synergy.half-rank",
            f"{skill_key(task.skill)} is the task's skill; synergy needs a secondary skill",
        )
