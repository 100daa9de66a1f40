"""The ``pte`` ruleset: Pokémon Tabletop Evolution skill checks, Skill Powers and the scene clock.

Reads top to bottom: set-up, the parsing of an action into a *plan* (every rule is checked
there, in one place each), the rolls of ``resolve``, the events of ``apply``, and the queries.
The rule texts are cited by id from :mod:`turnkeeper.rulesets.pte.rules`.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from turnkeeper.core.game import jsonable
from turnkeeper.core.mechanics import Clock
from turnkeeper.core.model import Action, BadActionError, Event, Outcome, Refusal
from turnkeeper.core.ruleset import SetupError
from turnkeeper.core.schema import Params
from turnkeeper.dice import DiceLimitError
from turnkeeper.dice.source import DiceSource
from turnkeeper.rulesets.pte import checks, pools, timing
from turnkeeper.rulesets.pte.checks import NOVICE, RankError, parse_rank
from turnkeeper.rulesets.pte.params import (
    ACTIONS,
    MAX_CIRCUMSTANCES,
    AdvanceTimeParams,
    CheckParams,
    CircumstanceItem,
    OpposedCheckParams,
    RollParams,
    SetConditionParams,
    StartCombatParams,
    StartDowntimeParams,
    StartTaskParams,
    TeamCheckParams,
    TimedParams,
    UsePowerParams,
    WorkTaskParams,
    circumstance_dict,
)
from turnkeeper.rulesets.pte.pools import Pool
from turnkeeper.rulesets.pte.powers import (
    Circumstance,
    PowerError,
    SkillPower,
    load_powers,
    parse_circumstance,
    parse_powers,
    power_key,
    skill_key,
)
from turnkeeper.rulesets.pte.rules import RULES
from turnkeeper.rulesets.pte.setup import PteSetup, characters_of, read_setup
from turnkeeper.rulesets.pte.state import Character, Combat, PteState, Task

GM = "gm"
_ROUNDS_DICE = re.compile(r"\d{1,2}[dD]\d{1,3}")

GM_KINDS = {
    "start_combat",
    "end_combat",
    "start_downtime",
    "end_downtime",
    "advance_time",
    "set_condition",
}


# opposed_check status_quo: canonical value for each accepted spelling.
_STATUS_QUO_ALIASES = {
    "target": "target",
    "defender": "target",
    "actor": "actor",
    "attacker": "actor",
}


# ============================================================================ parameters
def _text(kind: str, key: str, value: str | None) -> str | None:
    """A declared text field, stripped; blank text is malformed."""
    if value is None:
        return None
    if not value.strip():
        raise BadActionError(f"{kind}: params.{key} must be a non-empty string, not {value!r}")
    return value.strip()


def _required_text(kind: str, key: str, value: str | None) -> str:
    text = _text(kind, key, value)
    if text is None:
        raise BadActionError(f"{kind}: params.{key} is required")
    return text


def _names(kind: str, key: str, value: str | list[str] | None) -> list[str]:
    """A name or a list of names (synergy, helper, participants)."""
    if value is None:
        return []
    items = [value] if isinstance(value, str) else value
    if not all(item.strip() for item in items):
        raise BadActionError(f"{kind}: params.{key} must be a name or a list of names")
    return [item.strip() for item in items]


# ============================================================================ plans
class _Refused(Exception):
    """Internal: a rule refuses the action being planned."""

    def __init__(self, rule_id: str, detail: str) -> None:
        super().__init__(detail)
        self.refusal = RULES.refuse(rule_id, detail)


def _refuse(rule_id: str, detail: str) -> _Refused:
    return _Refused(rule_id, detail)


@dataclass
class _Roll:
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
class _Time:
    """How long an action takes and whom it occupies (empty ``actors`` for GM actions)."""

    action_type: str
    seconds: int
    actors: list[str]
    aiding: str | None = None
    start: int | None = None  # fixed start (aid joins the aided action)
    factor: int = 1  # the multiple of the normal time spent (Take X)
    rounds: int = 0  # for an action of listed rounds: how many
    rounds_expr: str | None = None  # ... or the dice that decide it ("1d4")


@dataclass
class _Plan:
    kind: str
    rolls: list[_Roll] = field(default_factory=list)
    dc: int = 0
    time: _Time | None = None
    data: dict[str, Any] = field(default_factory=dict)


# ============================================================================ the ruleset
class PteRuleset:
    """Pokémon Tabletop Evolution, ch. 5: skill checks, Skill Powers and action time scales."""

    name = "pte"
    rules = RULES
    actions = ACTIONS
    setup_model = PteSetup
    # Every roll and every sheet is open at a PTE table: the web server shows players the
    # event details too (docs/server.md, "Hidden information").
    hidden_information = False

    # ------------------------------------------------------------------ set-up
    def initial_state(self) -> PteState:
        return PteState()

    def setup(self, config: Mapping[str, Any], dice: DiceSource) -> list[Event]:
        setup = read_setup(config)
        characters = characters_of(setup)
        try:
            powers = load_powers(config.get("powers"))
        except PowerError as exc:
            raise SetupError(str(exc)) from exc
        settings = setup.settings()
        return [
            Event(
                "scene_set",
                {
                    "characters": characters,
                    "powers": [p.to_dict() for p in powers.values()],
                    "start_hour": settings.start_hour,
                    "typical_dc": settings.typical_dc,
                },
            )
        ]

    # ------------------------------------------------------------------ check
    def check(self, state: PteState, action: Action) -> Refusal | None:
        try:
            self._plan(state, action)
        except _Refused as exc:
            return exc.refusal
        return None

    def _plan(self, state: PteState, action: Action) -> _Plan:
        """Parse and check ``action``; raise _Refused (a rule says no) or BadActionError."""
        params = ACTIONS.parse(action)
        kind = action.kind
        actor = action.actor
        if actor is None:
            raise BadActionError(f"{kind}: an actor is required (a character id or 'gm')")
        if actor != GM and actor not in state.characters:
            raise BadActionError(
                f"{kind}: unknown actor {actor!r}; actors: {', '.join(self.actors(state))}"
            )
        if kind in GM_KINDS and actor != GM:
            raise _refuse("pte.scene.gm-controls", f"only the GM may {kind}, not {actor}")
        if actor == GM and kind not in GM_KINDS and kind not in ("end_turn", "team_check"):
            raise BadActionError(f"{kind}: the actor must be a character, not the GM")
        return KINDS[kind](self, state, actor, kind, params)

    # ------------------------------------------------------------------ GM actions
    def _plan_gm(self, state: PteState, actor: str, kind: str, params: Params) -> _Plan:
        plan = _Plan(kind)
        if isinstance(params, SetConditionParams):
            target = _required_text(kind, "target", params.target)
            if target not in state.characters:
                raise BadActionError(f"set_condition: unknown target {target!r}")
            marked = state.characters[target]
            plan.data = {
                "target": target,
                "threatened": (
                    marked.threatened if params.threatened is None else params.threatened
                ),
                "distracted": (
                    marked.distracted if params.distracted is None else params.distracted
                ),
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
            raise _refuse(
                "pte.scene.phases",
                f"{kind} needs the {wanted[kind]} phase; the scene is in {state.phase}",
            )
        if isinstance(params, StartCombatParams):
            order = _names(kind, "order", params.order)
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
                raise _refuse(
                    "pte.scene.phases",
                    "in combat the clock moves by rounds (end turns); end combat first",
                )
            seconds = (
                (params.seconds or 0.0)
                + (params.minutes or 0.0) * 60
                + (params.hours or 0.0) * 3600
            )
            if seconds <= 0:
                raise BadActionError("advance_time: give seconds, minutes or hours (above 0)")
            plan.data = {"seconds": round(seconds)}
        return plan

    def _plan_end_turn(self, state: PteState, actor: str, kind: str, params: Params) -> _Plan:
        if state.combat is None:
            raise _refuse("pte.scene.phases", "there are turns only in combat")
        current = state.combat.clock.current()
        if actor not in (GM, current):
            raise _refuse("pte.combat.own-turn", f"it is {current}'s turn; {actor} cannot end it")
        return _Plan("end_turn", data=_turn_sequence(state.combat))

    # ------------------------------------------------------------------ checks
    def _plan_check(
        self, state: PteState, actor: str, kind: str, params: CheckParams | UsePowerParams
    ) -> _Plan:
        power: SkillPower | None = None
        if isinstance(params, UsePowerParams):
            power = self._power_named(state, kind, params.power)
            skill = power.skill
            if power.dc is None and params.dc is None:
                raise BadActionError(f"use_power: {power.name} has no fixed DC; give params.dc")
            dc = params.dc if params.dc is not None else power.dc
        else:
            skill = skill_key(_required_text(kind, "skill", params.skill))
            dc = params.dc
            if dc is None:
                raise BadActionError(f"{kind}: params.dc is required")
        assert dc is not None
        action_type = self._action_type(kind, params.action_type, power)
        roll = self._roll_for(state, actor, skill, kind, params, power, action_type)
        plan = _Plan(kind, rolls=[roll], dc=dc)
        plan.time = self._time_for(
            state, [actor], kind, params, action_type, params.time_factor, params.trigger
        )
        plan.data = {"check": "power" if power else ("assisted" if roll.helper else "basic")}
        return plan

    def _power_named(self, state: PteState, kind: str, value: str) -> SkillPower:
        name = _required_text(kind, "power", value)
        power = state.powers.get(power_key(name))
        if power is None:
            known = ", ".join(sorted(p.name for p in state.powers.values()))
            raise BadActionError(f"{kind}: unknown power {name!r}; known: {known}")
        return power

    def _action_type(self, kind: str, given: str | None, power: SkillPower | None) -> str:
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

    def _roll_for(
        self,
        state: PteState,
        actor: str,
        skill: str,
        kind: str,
        params: RollParams,
        power: SkillPower | None,
        action_type: str,
    ) -> _Roll:
        """Every modifier of one character's check, each rule checked where it applies."""
        who = state.characters[actor]
        rank = who.rank(skill)
        # pte.check.basic: the dice are the character's own rank in the skill.
        if params.rank is not None:
            try:
                claimed_rank = parse_rank(params.rank)
            except RankError as exc:
                raise BadActionError(f"params.rank: {exc}") from exc
            if claimed_rank != rank:
                raise _refuse(
                    "pte.check.basic",
                    f"{actor} has {checks.rank_name(rank).title()} ({rank} dice) in {skill}, "
                    f"not {checks.rank_name(claimed_rank).title()}",
                )
        # pte.power.min-rank
        if power is not None and rank < power.min_rank:
            raise _refuse(
                "pte.power.min-rank",
                f"{power.name} needs {checks.rank_name(power.min_rank).title()} {skill}; "
                f"{actor} has {checks.rank_name(rank).title()}",
            )
        circumstances = self._circumstances("circumstances", params.circumstances, power)
        bonus = params.bonus
        roll = _Roll(actor, skill, rank, Pool(rank), circumstances, bonus=bonus)
        roll.power = power.name if power else None
        # pte.synergy.one-skill / pte.synergy.half-rank
        synergy = _names(kind, "synergy", params.synergy)
        if len(synergy) > 1:
            raise _refuse(
                "pte.synergy.one-skill",
                f"synergy from {len(synergy)} skills ({', '.join(synergy)}); only one may help",
            )
        if synergy:
            second = skill_key(synergy[0])
            if second == skill:
                raise _refuse(
                    "pte.synergy.half-rank",
                    f"{skill} is the skill being rolled; synergy needs a secondary skill",
                )
            second_rank = who.rank(second)
            roll.synergy = {
                "skill": second,
                "rank": second_rank,
                "bonus": checks.half_rank(second_rank),
            }
        # pte.assist.one-helper / pte.assist.helper-rank
        helpers = _names(kind, "helper", params.helper)
        if len(helpers) > 1:
            raise _refuse(
                "pte.assist.one-helper",
                f"{len(helpers)} helpers ({', '.join(helpers)}); one helper per check",
            )
        if helpers:
            helper = helpers[0]
            if helper == actor:
                raise _refuse("pte.assist.one-helper", f"{actor} cannot assist their own check")
            if helper not in state.characters:
                raise BadActionError(f"params.helper: unknown character {helper!r}")
            helper_rank = state.characters[helper].rank(skill)
            if helper_rank < NOVICE:
                raise _refuse(
                    "pte.assist.helper-rank",
                    f"{helper} has {checks.rank_name(helper_rank).title()} {skill}; "
                    "a helper needs at least Novice",
                )
            roll.helper = {
                "id": helper,
                "rank": helper_rank,
                "bonus": checks.half_rank(helper_rank),
            }
        flat = (
            bonus
            + (roll.synergy["bonus"] if roll.synergy else 0)
            + (roll.helper["bonus"] if roll.helper else 0)
        )
        take = self._take(state, actor, params, power, action_type)
        roll.granted_take = take is not None and power is not None and power.take == take
        roll.pool = Pool(
            dice=rank,
            bonus_dice=sum(1 for c in circumstances if c.dice > 0),
            penalty_dice=sum(1 for c in circumstances if c.dice < 0),
            flat=flat,
            take=take,
        )
        return roll

    def _circumstances(
        self, key: str, raw: list[CircumstanceItem], power: SkillPower | None
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
                raise _refuse(
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
                raise _refuse(
                    "pte.circumstance.no-double-count",
                    f"the circumstance {circ.name!r} is {source}; it counts once",
                )
            found.append(circ)
        return found

    def _take(
        self,
        state: PteState,
        actor: str,
        params: RollParams,
        power: SkillPower | None,
        action_type: str,
    ) -> int | None:
        take = params.take
        if take is None:
            return None
        # pte.take.fixed-dice: X is a die face.
        if not 1 <= take <= 6:
            raise _refuse("pte.take.fixed-dice", f"Take {take}: X must be a face from 1 to 6")
        granted = power is not None and power.take == take
        # pte.take.action-type
        if action_type in ("free", "interrupt", "full_interrupt") and not (
            granted and power and power.take_any_action
        ):
            raise _refuse(
                "pte.take.action-type",
                f"no Take X on a {timing.LABELS[action_type]} unless a power allows it",
            )
        # pte.take.calm
        who = state.characters[actor]
        if who.threatened or who.distracted:
            state_word = "threatened" if who.threatened else "distracted"
            raise _refuse("pte.take.calm", f"{actor} is {state_word} and cannot Take {take}")
        # pte.take.time
        if not granted:
            needed = 6 if take <= 3 else 30
            factor = params.time_factor
            if state.phase == "combat":
                raise _refuse(
                    "pte.take.time",
                    f"Take {take} needs {needed}x the time, and a combat turn cannot stretch; "
                    "only a power's own Take X works in combat",
                )
            if factor < needed:
                raise _refuse(
                    "pte.take.time",
                    f"Take {take} needs {needed}x the normal time (params.time_factor: "
                    f"{needed}), not {factor}x",
                )
        return take

    # ------------------------------------------------------------------ time and turns
    def _time_for(
        self,
        state: PteState,
        actors: list[str],
        kind: str,
        params: TimedParams,
        action_type: str,
        factor: int,
        trigger: str | None,
        aiding: str | None = None,
    ) -> _Time:
        """Check the time rules for an action of ``action_type`` by ``actors``."""
        # pte.time.downtime-phase
        if action_type == "downtime" and state.phase != "downtime":
            raise _refuse(
                "pte.time.downtime-phase",
                f"a Downtime action needs the Downtime phase; the scene is in {state.phase}",
            )
        # pte.time.extended-not-in-combat
        if timing.is_timed(action_type) and state.phase == "combat":
            raise _refuse(
                "pte.time.extended-not-in-combat",
                f"an {timing.LABELS[action_type]} takes too long for combat",
            )
        if isinstance(params, RollParams):
            aiding = _text(kind, "aiding", params.aiding)
        start: int | None = None
        rounds, rounds_expr = self._listed_rounds(params.rounds, action_type)
        if aiding is not None:
            seconds, start = self._aid(state, actors[0], aiding, action_type)
        elif action_type == "rounds":
            seconds = rounds * timing.ROUND_SECONDS
        else:
            seconds = self._base_seconds(params, action_type)
        if state.phase == "combat":
            if factor != 1:
                raise BadActionError("params.time_factor: in combat an action cannot stretch")
            self._combat_gate(state, actors[0], action_type, _text(kind, "trigger", trigger))
        seconds *= factor
        if state.phase == "downtime" and timing.is_timed(action_type):
            # pte.time.packing
            for who in actors:
                slots = list(state.characters[who].slots)
                if _fit(slots, timing.UNITS[action_type] * factor) is None:
                    raise _refuse(
                        "pte.time.packing",
                        f"{who}'s scheduled Downtime actions ({len(slots)}) have no room left "
                        f"for an {timing.LABELS[action_type]}"
                        + (f" taking {factor}x the time" if factor > 1 else ""),
                    )
        return _Time(action_type, seconds, list(actors), aiding, start, factor, rounds, rounds_expr)

    def _listed_rounds(self, raw: int | str | None, action_type: str) -> tuple[int, str | None]:
        """pte.time.listed-duration: ``rounds`` as a whole number or dice (``1d4``)."""
        if action_type != "rounds":
            if raw is not None:
                raise BadActionError("params.rounds belongs to action_type: rounds")
            return 0, None
        if isinstance(raw, int) and 1 <= raw <= 100:
            return raw, None
        if isinstance(raw, str) and _ROUNDS_DICE.fullmatch(raw.strip()):
            count, sides = (int(x) for x in raw.strip().lower().split("d"))
            if 1 <= count <= 10 and 1 <= sides <= 20:
                return 0, raw.strip().lower()
        raise BadActionError(
            f"params.rounds: a whole number of rounds 1-100 or dice like '1d4', not {raw!r}"
        )

    def _base_seconds(self, params: TimedParams, action_type: str) -> int:
        minutes, hours = params.minutes, params.hours
        if action_type in timing.FIXED_SECONDS:
            if minutes is not None or hours is not None:
                raise BadActionError(
                    f"a {timing.LABELS[action_type]} has a fixed length; "
                    "minutes/hours are for Extended and Downtime actions"
                )
            return timing.FIXED_SECONDS[action_type]
        if minutes is not None and hours is not None:
            raise BadActionError("give minutes or hours, not both")
        if minutes is None and hours is None:
            seconds = timing.DEFAULT_SECONDS[action_type]
        else:
            seconds = round((minutes or 0.0) * 60 + (hours or 0.0) * 3600)
        # pte.time.extended-length / pte.time.downtime-length
        problem = timing.out_of_range(action_type, seconds)
        if problem is not None:
            raise _refuse(timing.length_rule(action_type), problem)
        return seconds

    def _aid(self, state: PteState, actor: str, aided: str, action_type: str) -> tuple[int, int]:
        """pte.time.aid-scales: aid of the same type and size takes the aided action's time."""
        if aided not in state.characters:
            raise BadActionError(f"params.aiding: unknown character {aided!r}")
        if aided == actor:
            raise BadActionError("params.aiding: a character cannot aid their own action")
        if not timing.is_timed(action_type):
            raise _refuse(
                "pte.time.aid-scales",
                f"only Extended and Downtime actions scale to aid, not a "
                f"{timing.LABELS[action_type]}",
            )
        current = state.characters[aided].current
        if current is None or current["end"] <= state.now:
            raise _refuse(
                "pte.time.aid-scales", f"{aided} has no Extended or Downtime action under way"
            )
        if current["type"] != action_type:
            raise _refuse(
                "pte.time.aid-scales",
                f"{aided} is doing an {timing.LABELS[current['type']]}; aid as an "
                f"{timing.LABELS[action_type]} is not a similar action and does not scale",
            )
        return int(current["seconds"]), int(current["start"])

    def _combat_gate(
        self, state: PteState, actor: str, action_type: str, trigger: str | None
    ) -> None:
        combat = state.combat
        assert combat is not None
        current = combat.clock.current()
        own = actor == current
        # pte.time.listed-duration: busy with an action of several rounds.
        if combat.busy.get(actor, 0) > 0:
            raise _refuse(
                "pte.time.listed-duration",
                f"{actor} is busy for {combat.busy[actor]} more turn(s) with an action of "
                "listed rounds",
            )
        # pte.combat.own-turn
        if not own:
            out_of_turn = action_type in ("interrupt", "full_interrupt") or (
                action_type == "free" and trigger is not None
            )
            if not out_of_turn:
                raise _refuse(
                    "pte.combat.own-turn",
                    f"it is {current}'s turn; outside their turn {actor} may only take an "
                    "Interrupt or a Free action answering a trigger (params.trigger)",
                )
        # pte.combat.full-interrupt
        if action_type == "full_interrupt":
            if own:
                raise _refuse(
                    "pte.combat.full-interrupt",
                    "on your own turn this is simply a Full action (action_type: full)",
                )
            if actor in combat.skip_next:
                raise _refuse(
                    "pte.combat.full-interrupt",
                    f"{actor} already took a turn out of order; their next turn is still to be "
                    "skipped",
                )
        # pte.combat.full-action
        whole = set(timing.WHOLE_TURN)
        if own and action_type in whole and ({"standard"} | whole) & set(combat.used):
            raise _refuse(
                "pte.combat.full-action",
                f"{actor} already acted this turn ({', '.join(combat.used)}); a "
                f"{timing.LABELS[action_type]} needs the whole turn",
            )
        if own and action_type == "standard" and whole & set(combat.used):
            raise _refuse(
                "pte.combat.full-action",
                f"{actor}'s {timing.LABELS[combat.used[-1]]} already filled this turn",
            )

    # ------------------------------------------------------------------ other checks
    def _plan_opposed(
        self, state: PteState, actor: str, kind: str, params: OpposedCheckParams
    ) -> _Plan:
        # pte.opposed.tie-defender: what is opposed may be a plain skill roll or a Skill Power
        # (PTE ch. 5, Skill Checks); a power brings its skill, type and circumstances.
        power: SkillPower | None = None
        skill_given = _text(kind, "skill", params.skill)
        if params.power is not None:
            power = self._power_named(state, kind, params.power)
            skill = power.skill
            if skill_given is not None and skill_key(skill_given) != skill:
                raise BadActionError(
                    f"opposed_check: {power.name} rolls {skill}, not {params.skill!r}"
                )
        else:
            skill = skill_key(_required_text(kind, "skill", skill_given))
        target = _required_text(kind, "target", params.target)
        if target not in state.characters:
            raise BadActionError(f"opposed_check: unknown target {target!r}")
        # pte.opposed.tie-defender: two sides.
        if target == actor:
            raise _refuse("pte.opposed.tie-defender", f"{actor} cannot oppose their own check")
        # The text's own words (defender / the one acting) are accepted as aliases.
        status_quo = _STATUS_QUO_ALIASES[params.status_quo]
        action_type = self._action_type(kind, params.action_type, power)
        roll = self._roll_for(state, actor, skill, kind, params, power, action_type)
        target_skill = skill_key(_text(kind, "target_skill", params.target_skill) or skill)
        defender = state.characters[target]
        target_rank = defender.rank(target_skill)
        circs = self._circumstances("target_circumstances", params.target_circumstances, None)
        target_bonus = params.target_bonus
        other = _Roll(
            target,
            target_skill,
            target_rank,
            Pool(
                target_rank,
                bonus_dice=sum(1 for c in circs if c.dice > 0),
                penalty_dice=sum(1 for c in circs if c.dice < 0),
                flat=target_bonus,
            ),
            circs,
            bonus=target_bonus,
        )
        plan = _Plan("opposed_check", rolls=[roll, other])
        plan.time = self._time_for(
            state, [actor], kind, params, action_type, params.time_factor, params.trigger
        )
        plan.data = {"status_quo": status_quo}
        return plan

    def _plan_team(self, state: PteState, actor: str, kind: str, params: TeamCheckParams) -> _Plan:
        participants = _names(kind, "participants", params.participants)
        for who in participants:
            if who not in state.characters:
                raise BadActionError(f"team_check: unknown participant {who!r}")
        # pte.team.check: several distinct participants.
        if len(set(participants)) != len(participants):
            raise _refuse("pte.team.check", "a participant is listed twice; each rolls once")
        if len(participants) < 2:
            raise _refuse(
                "pte.team.check",
                f"a team check needs two or more participants, not {len(participants)}",
            )
        if actor != GM and actor not in participants:
            raise BadActionError(f"team_check: {actor} is not among the participants")
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
        ):
            extra = names - set(participants)
            if extra:
                raise BadActionError(
                    f"team_check: params.{where} names non-participants {sorted(extra)}"
                )
        common = _text(kind, "skill", params.skill)
        rolls = []
        for who in participants:
            raw_skill = skills.get(who, common)
            if raw_skill is None or not raw_skill.strip():
                raise BadActionError(
                    f"team_check: no skill for {who} (params.skill or skills.{who})"
                )
            skill = skill_key(raw_skill)
            bonus = bonuses.get(who, 0)
            rank = state.characters[who].rank(skill)
            # pte.circumstance.one-die: each participant's own circumstance dice.
            circs = self._circumstances(f"circumstances.{who}", team_circs.get(who, []), None)
            pool = Pool(
                rank,
                bonus_dice=sum(1 for c in circs if c.dice > 0),
                penalty_dice=sum(1 for c in circs if c.dice < 0),
                flat=bonus,
            )
            rolls.append(_Roll(who, skill, rank, pool, circs, bonus=bonus))
        plan = _Plan("team_check", rolls=rolls, dc=dc * people)
        action_type = self._action_type(kind, params.action_type, None)
        if actor == GM and state.phase == "combat":
            raise BadActionError("team_check: in combat a participant takes the team check")
        plan.time = self._time_for(
            state,
            participants if actor == GM else [actor, *[p for p in participants if p != actor]],
            kind,
            params,
            action_type,
            1,
            params.trigger,
        )
        plan.data = {"base_dc": dc, "people": people}
        return plan

    def _plan_start_task(
        self, state: PteState, actor: str, kind: str, params: StartTaskParams
    ) -> _Plan:
        task = _required_text(kind, "task", params.task)
        if task in state.tasks:
            raise BadActionError(f"start_task: a task called {task!r} already exists")
        skill = skill_key(_required_text(kind, "skill", params.skill))
        dc = params.dc
        multiplier = params.multiplier
        # pte.extended.multiplier
        if not 2 <= multiplier <= 5:
            raise _refuse(
                "pte.extended.multiplier",
                f"an extended check multiplies the DC by 2 to 5, not {multiplier}",
            )
        rank = state.characters[actor].rank(skill)
        return _Plan(
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

    def _plan_work_task(
        self, state: PteState, actor: str, kind: str, params: WorkTaskParams
    ) -> _Plan:
        name = _required_text(kind, "task", params.task)
        task = state.tasks.get(name)
        if task is None:
            raise BadActionError(f"work_task: no task called {name!r}; start_task first")
        if task.owner != actor:
            raise BadActionError(
                f"work_task: {name!r} is {task.owner}'s task; others can help (params.helper)"
            )
        # pte.extended.attempt-limit: the check is over once reached or out of rolls.
        if task.status != "open":
            why = (
                "the extended DC is already reached"
                if task.status == "done"
                else f"all {task.limit} rolls are used without reaching the extended DC"
            )
            raise _refuse("pte.extended.attempt-limit", f"{name!r} is over: {why}")
        action_type = params.action_type or "extended_s"
        # pte.extended.action-time
        if not timing.is_timed(action_type):
            raise _refuse(
                "pte.extended.action-time",
                f"a roll toward an extended check takes at least an Extended action (S), "
                f"not a {timing.LABELS[action_type]}",
            )
        roll = self._roll_for(state, actor, task.skill, kind, params, None, action_type)
        plan = _Plan("work_task", rolls=[roll], dc=task.extended_dc)
        plan.time = self._time_for(
            state, [actor], kind, params, action_type, params.time_factor, None
        )
        plan.data = {"task": name}
        return plan

    # ------------------------------------------------------------------ resolve
    def resolve(self, state: PteState, action: Action, dice: DiceSource) -> list[Event]:
        try:
            plan = self._plan(state, action)
        except _Refused as exc:
            raise BadActionError(f"resolve called on a refused action: {exc.refusal}") from exc
        try:
            return self._resolve_plan(state, plan, dice)
        except DiceLimitError as exc:
            raise BadActionError(f"{action.kind}: the check is too big: {exc}") from exc

    def _resolve_plan(self, state: PteState, plan: _Plan, dice: DiceSource) -> list[Event]:
        events: list[Event] = []
        kind = plan.kind
        if kind in ("check", "use_power"):
            events.append(Event("check_rolled", self._basic_result(plan, dice)))
        elif kind == "opposed_check":
            events.append(Event("opposed_rolled", self._opposed_result(plan, dice)))
        elif kind == "team_check":
            events.append(Event("team_rolled", self._team_result(plan, dice)))
        elif kind == "start_task":
            events.append(Event("task_started", plan.data))
        elif kind == "work_task":
            events.extend(self._task_result(state, plan, dice))
        elif kind == "end_turn":
            events.extend(Event(t, d) for t, d in plan.data["events"])
        else:
            events.append(Event(_GM_EVENTS[kind], plan.data))
        if plan.time is not None:
            if plan.time.rounds_expr is not None:
                # pte.time.listed-duration: a rolled length is rolled as the action starts.
                total, faces = pools.roll_expression(plan.time.rounds_expr, dice)
                plan.time.rounds = max(1, total)
                plan.time.seconds = plan.time.rounds * timing.ROUND_SECONDS * plan.time.factor
                events.append(
                    Event(
                        "rounds_rolled",
                        {"expression": plan.time.rounds_expr, "faces": faces, "rounds": total},
                    )
                )
            events.extend(self._time_events(state, plan.time))
        return events

    def _basic_result(self, plan: _Plan, dice: DiceSource) -> dict[str, Any]:
        roll = plan.rolls[0]
        odds = checks.check_odds(roll.pool, plan.dc)
        shown = pools.roll(roll.pool, dice)
        margin = shown.total - plan.dc
        success = margin >= 0
        return {
            **roll.describe(),
            "check": plan.data["check"],
            "dc": plan.dc,
            "roll": shown.to_dict(),
            "total": shown.total,
            "margin": margin,
            "success": success,
            "degree": checks.degree(margin, success),
            "odds": {"success": checks.fraction_text(odds["success"])},
        }

    def _opposed_result(self, plan: _Plan, dice: DiceSource) -> dict[str, Any]:
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

    def _team_result(self, plan: _Plan, dice: DiceSource) -> dict[str, Any]:
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

    def _task_result(self, state: PteState, plan: _Plan, dice: DiceSource) -> list[Event]:
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

    def _time_events(self, state: PteState, time: _Time) -> list[Event]:
        events = []
        for who in time.actors:
            character = state.characters[who]
            data: dict[str, Any] = {
                "actor": who,
                "action_type": time.action_type,
                "seconds": time.seconds,
                "aiding": time.aiding,
            }
            if time.action_type == "rounds":
                data["rounds"] = time.rounds
            if state.phase == "combat":
                data["round"] = state.combat.clock.round if state.combat else 0
            else:
                start = (
                    time.start if time.start is not None else max(state.now, character.busy_until)
                )
                data["start"] = start
                data["end"] = start + time.seconds
                if state.phase == "downtime" and timing.is_timed(time.action_type):
                    units = timing.UNITS[time.action_type] * time.factor
                    place = _fit(list(character.slots), units)
                    data["units"] = units
                    data["slot"] = None if place is None else list(place)
            events.append(Event("time_spent", data))
        return events

    # ------------------------------------------------------------------ apply
    def apply(self, state: PteState, event: Event) -> None:
        d = event.data
        t = event.type
        if t == "scene_set":
            state.characters = {
                cid: Character(cid, dict(c["skills"]), c.get("player"))
                for cid, c in d["characters"].items()
            }
            state.powers = parse_powers(list(d["powers"]), "scene_set.powers")
            state.start_hour = int(d["start_hour"])
            state.typical_dc = int(d["typical_dc"])
        elif t in ("check_rolled", "opposed_rolled", "team_rolled", "task_rolled"):
            state.results.append({"type": t, **copy.deepcopy(dict(d))})
            if t == "task_rolled":
                task = state.tasks[d["task"]]
                task.total = int(d["total"])
                task.attempts = int(d["attempts"])
        elif t == "task_started":
            state.tasks[d["task"]] = Task(
                d["task"],
                d["owner"],
                d["skill"],
                d["dc"],
                d["multiplier"],
                d["extended_dc"],
                d["failable"],
                d["limit"],
            )
        elif t in ("task_completed", "task_failed"):
            task = state.tasks[d["task"]]
            task.status = "done" if t == "task_completed" else "failed"
            task.margin = int(d["margin"])
            task.degree = str(d["degree"])
        elif t == "time_spent":
            self._apply_time(state, d)
        elif t == "combat_started":
            clock = Clock()
            order = list(d["order"])
            for i, who in enumerate(order):
                clock.add(who, float(len(order) - i))
            clock.start_round()
            state.combat = Combat(clock=clock, started_at=state.now)
            state.phase = "combat"
        elif t in ("turn_ended", "turn_skipped"):
            combat = state.combat
            assert combat is not None
            who = d["actor"]
            if t == "turn_skipped" and d.get("reason") == "busy":
                combat.busy[who] -= 1
                if combat.busy[who] <= 0:
                    del combat.busy[who]
            elif t == "turn_skipped" and who in combat.skip_next:
                combat.skip_next.remove(who)
            combat.clock.advance()
            combat.used = []
            state.now = combat.started_at + timing.ROUND_SECONDS * (combat.clock.round - 1)
        elif t == "combat_ended":
            combat = state.combat
            assert combat is not None
            state.now = combat.started_at + timing.ROUND_SECONDS * combat.clock.round
            state.combat = None
            state.phase = "scene"
        elif t == "downtime_started":
            state.phase = "downtime"
            state.downtime_actions = int(d["actions"])
            for character in state.characters.values():
                character.slots = [0] * state.downtime_actions
        elif t == "downtime_ended":
            state.now = max([state.now, *(c.busy_until for c in state.characters.values())])
            state.phase = "scene"
            state.downtime_actions = 0
            for character in state.characters.values():
                character.slots = []
        elif t == "time_advanced":
            state.now += int(d["seconds"])
        elif t == "condition_set":
            who = state.characters[d["target"]]
            who.threatened = bool(d["threatened"])
            who.distracted = bool(d["distracted"])
        elif t in ("turn_started", "rounds_rolled"):
            pass  # informational: other events carry the changes
        else:
            raise ValueError(f"pte cannot apply an event of type {t!r}")

    def _apply_time(self, state: PteState, d: Mapping[str, Any]) -> None:
        who = state.characters[d["actor"]]
        action_type = d["action_type"]
        if state.combat is not None and "start" not in d:
            if d["actor"] == state.combat.clock.current():
                state.combat.used.append(action_type)
            if action_type == "full_interrupt":
                state.combat.skip_next.append(d["actor"])
            if action_type == "rounds" and int(d["rounds"]) > 1:
                state.combat.busy[d["actor"]] = int(d["rounds"]) - 1
            return
        who.busy_until = max(who.busy_until, int(d["end"]))
        if timing.is_timed(action_type):
            who.current = {
                "type": action_type,
                "seconds": int(d["seconds"]),
                "start": int(d["start"]),
                "end": int(d["end"]),
            }
        slot = d.get("slot")
        if slot is not None:
            _occupy(who.slots, slot, int(d["units"]))

    # ------------------------------------------------------------------ queries
    def legal_actions(self, state: PteState, actor: str | None = None) -> Iterator[Action]:
        who_list = self.actors(state) if actor is None else [actor]
        for who in who_list:
            for action in self._candidates(state, who):
                try:
                    plan = self._plan(state, action)
                except (_Refused, BadActionError):
                    continue
                yield Action(
                    action.kind,
                    action.actor,
                    action.params,
                    cost=_cost_text(plan),
                    odds=self._plan_odds(state, plan),
                    cost_detail=_cost_detail(plan),
                )

    def _candidates(self, state: PteState, who: str) -> Iterable[Action]:
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

    def odds(self, state: PteState, action: Action) -> dict[str, str] | None:
        """Exact odds of a check before it is rolled (``None`` for actions without dice)."""
        try:
            plan = self._plan(state, action)
        except _Refused:
            return None
        return self._plan_odds(state, plan)

    def _plan_odds(self, state: PteState, plan: _Plan) -> dict[str, str] | None:
        try:
            return self._exact_odds(state, plan)
        except DiceLimitError:
            return None

    def _exact_odds(self, state: PteState, plan: _Plan) -> dict[str, str] | None:
        odds: dict[str, Fraction]
        if plan.kind in ("check", "use_power"):
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
            odds = checks.extended_odds(Pool(data["limit"]), data["extended_dc"], data["limit"])
        elif plan.kind == "work_task":
            task = state.tasks[plan.data["task"]]
            left = task.limit - task.attempts if task.failable else task.limit
            odds = checks.extended_odds(
                plan.rolls[0].pool, task.extended_dc, max(left, 1), task.total
            )
        else:
            return None
        return checks.odds_text(odds)

    def whose_turn(self, state: PteState) -> str | None:
        return state.combat.clock.current() if state.combat is not None else None

    def actors(self, state: PteState) -> list[str]:
        return [GM, *state.characters]

    def controller(self, state: PteState, actor: str) -> str | None:
        if actor == GM:
            return None
        character = state.characters.get(actor)
        if character is None:
            return None
        return character.player or character.id

    def outcome(self, state: PteState) -> Outcome | None:
        # A scene never ends by itself; the GM closes it.
        return None

    def view(self, state: PteState, seat: str | None = None) -> dict[str, Any]:
        data: dict[str, Any] = {
            "phase": state.phase,
            "clock": {
                "seconds": state.now,
                "text": timing.clock_text(state.now, state.start_hour),
                "start_hour": state.start_hour,
            },
            "characters": jsonable(state.characters),
            "powers": sorted(p.name for p in state.powers.values()),
            "tasks": jsonable(state.tasks),
            "downtime_actions": state.downtime_actions,
            "results": jsonable(state.results),
            "last": jsonable(state.results[-1]) if state.results else None,
            "combat": None,
        }
        if state.combat is not None:
            clock = state.combat.clock
            data["combat"] = {
                "round": clock.round,
                "order": list(clock.sequence),
                "current": clock.current(),
                "used": list(state.combat.used),
                "skip_next": list(state.combat.skip_next),
                "busy": dict(state.combat.busy),
            }
        return data

    def status_lines(self, state: PteState) -> list[str]:
        lines = [f"{state.phase} - {timing.clock_text(state.now, state.start_hour)}"]
        if state.combat is not None:
            lines.append(f"round {state.combat.clock.round}, {state.combat.clock.current()}'s turn")
        for task in state.tasks.values():
            lines.append(
                f"task {task.id}: {task.total}/{task.extended_dc} after {task.attempts} roll(s) "
                f"[{task.status}]"
            )
        return lines


# The table of action kinds: each row's planner parses nothing (the catalogue did) and checks
# every rule of its kind, returning the plan that resolve rolls (see ACTIONS for the models).
KINDS: dict[str, Callable[[PteRuleset, PteState, str, str, Any], _Plan]] = {
    "check": PteRuleset._plan_check,
    "use_power": PteRuleset._plan_check,
    "opposed_check": PteRuleset._plan_opposed,
    "team_check": PteRuleset._plan_team,
    "start_task": PteRuleset._plan_start_task,
    "work_task": PteRuleset._plan_work_task,
    "end_turn": PteRuleset._plan_end_turn,
    "start_combat": PteRuleset._plan_gm,
    "end_combat": PteRuleset._plan_gm,
    "start_downtime": PteRuleset._plan_gm,
    "end_downtime": PteRuleset._plan_gm,
    "advance_time": PteRuleset._plan_gm,
    "set_condition": PteRuleset._plan_gm,
}

_GM_EVENTS = {
    "start_combat": "combat_started",
    "end_combat": "combat_ended",
    "start_downtime": "downtime_started",
    "end_downtime": "downtime_ended",
    "advance_time": "time_advanced",
    "set_condition": "condition_set",
}


# ============================================================================ helpers
def _turn_sequence(combat: Combat) -> dict[str, Any]:
    """The events of ending the current turn: who is skipped, who acts next (pure)."""
    clock = copy.deepcopy(combat.clock)
    skip = list(combat.skip_next)
    busy = dict(combat.busy)
    events: list[tuple[str, dict[str, Any]]] = [("turn_ended", {"actor": clock.current()})]
    clock.advance()
    # pte.combat.full-interrupt: a turn taken out of order skips the next one reached.
    # pte.time.listed-duration: an action of several rounds takes the actor's next turns.
    # Every pass uses up one skip or one busy turn, so the loop ends.
    while clock.current() in skip or busy.get(clock.current() or "", 0) > 0:
        who = clock.current()
        assert who is not None
        if busy.get(who, 0) > 0:
            busy[who] -= 1
            reason = "busy"
        else:
            skip.remove(who)
            reason = "full_interrupt"
        events.append(("turn_skipped", {"actor": who, "round": clock.round, "reason": reason}))
        clock.advance()
    events.append(("turn_started", {"actor": clock.current(), "round": clock.round}))
    return {"events": events}


def _fit(slots: list[int], units: int) -> tuple[int, int] | None:
    """Where ``units`` quarters fit among Downtime slots (pte.time.packing).

    Up to a whole slot, sizes round up to 1, 2 or 4 quarters and use :func:`timing.place`;
    a stretched action (Take X time) needing more takes whole empty slots.
    """
    if units <= timing.SLOT_UNITS:
        size = 1 if units <= 1 else 2 if units <= 2 else 4
        return timing.place(slots, size)
    whole = -(-units // timing.SLOT_UNITS)
    empty = [i for i, used in enumerate(slots) if used == 0]
    return (empty[0], -whole) if len(empty) >= whole else None


def _occupy(slots: list[int], slot: Any, units: int) -> None:
    """Mark the quarters an action takes, where :func:`_fit` placed it."""
    index, offset = int(slot[0]), int(slot[1])
    if offset < 0:
        # A stretched action: -offset whole empty slots, from ``index`` on.
        need = -offset
        for i in range(index, len(slots)):
            if need and slots[i] == 0:
                slots[i] = (1 << timing.SLOT_UNITS) - 1
                need -= 1
        return
    size = 1 if units <= 1 else 2 if units <= 2 else 4
    slots[index] |= ((1 << size) - 1) << offset


def _cost_text(plan: _Plan) -> str:
    if plan.time is None:
        if plan.kind == "end_turn":
            return "ends the turn"
        return "no time (opens the task)" if plan.kind == "start_task" else "no time (GM)"
    label = timing.LABELS[plan.time.action_type]
    return f"{label}, {timing.describe(plan.time.seconds)}"


def _cost_detail(plan: _Plan) -> dict[str, Any]:
    """The cost as data: the action-type slot it uses and the seconds it takes ({} for none).

    A Full Action + Interrupt uses both slots; an action of listed rounds counts its rounds
    (``"1d4"`` while they are still to be rolled).
    """
    time = plan.time
    if time is None:
        return {}
    if time.action_type == "full_interrupt":
        detail: dict[str, Any] = {"full": 1, "interrupt": 1}
    elif time.action_type == "rounds":
        detail = {"rounds": time.rounds_expr or time.rounds}
    else:
        detail = {time.action_type: 1}
    if time.seconds:
        detail["seconds"] = time.seconds
    return detail
