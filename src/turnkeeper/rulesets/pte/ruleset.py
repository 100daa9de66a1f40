"""The ``pte`` ruleset: Pokémon Tabletop Evolution skill checks, Skill Powers and the scene clock.

Reads top to bottom: set-up, the parsing of an action into a *plan* (every rule is checked
there, in one place each), the rolls of ``resolve``, the events of ``apply``, and the queries.
The rule texts are cited by id from :mod:`turnkeeper.rulesets.pte.rules`.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from turnkeeper.core.game import jsonable
from turnkeeper.core.mechanics import Clock
from turnkeeper.core.model import Action, BadActionError, Event, Outcome, Refusal
from turnkeeper.core.ruleset import SetupError
from turnkeeper.dice import DiceLimitError
from turnkeeper.dice.source import DiceSource
from turnkeeper.rulesets.pte import checks, pools, timing
from turnkeeper.rulesets.pte.checks import NOVICE, RankError, parse_rank
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
from turnkeeper.rulesets.pte.state import Character, Combat, PteState, Task

GM = "gm"
# Limits that keep every check small enough for exact odds (bad input is refused as malformed
# rather than left to run for minutes): no table needs DCs above 500 or ten circumstances.
MAX_DC = 500
MAX_BONUS = 100
MAX_CIRCUMSTANCES = 10
MAX_TIME_FACTOR = 1000
MAX_SECONDS = 10**8
_ROUNDS_DICE = re.compile(r"\d{1,2}[dD]\d{1,3}")
CONFIG_KEYS = {"characters", "powers", "start_hour", "typical_dc"}

# Parameters each action kind accepts (anything else is a typo worth reporting).
_ROLL_PARAMS = {
    "rank",
    "bonus",
    "circumstances",
    "synergy",
    "helper",
    "take",
    "time_factor",
    "action_type",
    "minutes",
    "hours",
    "trigger",
    "aiding",
    "rounds",
}
PARAMS: dict[str, set[str]] = {
    "check": _ROLL_PARAMS | {"skill", "dc"},
    "use_power": _ROLL_PARAMS | {"power", "dc"},
    "opposed_check": _ROLL_PARAMS
    | {
        "skill",
        "power",
        "target",
        "target_skill",
        "target_bonus",
        "target_circumstances",
        "status_quo",
    },
    "team_check": {
        "participants",
        "skill",
        "skills",
        "dc",
        "people",
        "bonuses",
        "circumstances",
        "action_type",
        "minutes",
        "hours",
        "trigger",
        "rounds",
    },
    "start_task": {"task", "skill", "dc", "multiplier", "failable"},
    "work_task": (_ROLL_PARAMS - {"trigger"}) | {"task"},
    "start_combat": {"order"},
    "end_turn": set(),
    "end_combat": set(),
    "start_downtime": {"actions"},
    "end_downtime": set(),
    "advance_time": {"seconds", "minutes", "hours"},
    "set_condition": {"target", "threatened", "distracted"},
}
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
class _Params:
    """Typed access to an action's parameters; wrong types raise BadActionError naming them."""

    def __init__(self, action: Action) -> None:
        self.kind = action.kind
        self.raw = action.params
        unknown = set(self.raw) - PARAMS[action.kind]
        if unknown:
            raise BadActionError(
                f"{action.kind}: unknown parameter(s) {sorted(unknown)}; "
                f"accepted: {sorted(PARAMS[action.kind])}"
            )

    def _bad(self, key: str, wanted: str) -> BadActionError:
        return BadActionError(f"{self.kind}: params.{key} must be {wanted}, not {self.raw[key]!r}")

    def has(self, key: str) -> bool:
        return self.raw.get(key) is not None

    def integer(self, key: str, default: int | None = None) -> int | None:
        value = self.raw.get(key)
        if value is None:
            return default
        if isinstance(value, str) and value.strip().lstrip("+-").isdigit():
            return int(value.strip())
        if isinstance(value, bool) or not isinstance(value, int):
            raise self._bad(key, "a whole number")
        return value

    def required_int(self, key: str) -> int:
        value = self.integer(key)
        if value is None:
            raise BadActionError(f"{self.kind}: params.{key} is required")
        return value

    def bounded(self, key: str, low: int, high: int, default: int | None = None) -> int:
        """A whole number within [low, high] (required when ``default`` is None)."""
        value = self.integer(key, default)
        if value is None:
            raise BadActionError(f"{self.kind}: params.{key} is required")
        if not low <= value <= high:
            raise BadActionError(
                f"{self.kind}: params.{key} must be from {low} to {high}, not {value}"
            )
        return value

    def number(self, key: str) -> float | None:
        value = self.raw.get(key)
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise self._bad(key, "a number")
        if not 0 <= value <= MAX_SECONDS:
            raise self._bad(key, f"a number from 0 to {MAX_SECONDS}")
        return float(value)

    def text(self, key: str, default: str | None = None) -> str | None:
        value = self.raw.get(key)
        if value is None:
            return default
        if not isinstance(value, str) or not value.strip():
            raise self._bad(key, "a non-empty string")
        return value.strip()

    def required_text(self, key: str) -> str:
        value = self.text(key)
        if value is None:
            raise BadActionError(f"{self.kind}: params.{key} is required")
        return value

    def names(self, key: str) -> list[str]:
        """A name or a list of names (synergy, helper, participants)."""
        value = self.raw.get(key)
        if value is None:
            return []
        items = value if isinstance(value, list | tuple) else [value]
        if not all(isinstance(v, str) and v.strip() for v in items):
            raise self._bad(key, "a name or a list of names")
        return [v.strip() for v in items]

    def flag(self, key: str, default: bool) -> bool:
        value = self.raw.get(key)
        if value is None:
            return default
        if not isinstance(value, bool):
            raise self._bad(key, "true or false")
        return value

    def mapping(self, key: str) -> Mapping[str, Any]:
        value = self.raw.get(key)
        if value is None:
            return {}
        if not isinstance(value, Mapping):
            raise self._bad(key, "a mapping")
        return value


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
    # Every roll and every sheet is open at a PTE table: the web server shows players the
    # event details too (docs/server.md, "Hidden information").
    hidden_information = False

    # ------------------------------------------------------------------ set-up
    def initial_state(self) -> PteState:
        return PteState()

    def setup(self, config: Mapping[str, Any], dice: DiceSource) -> list[Event]:
        if not isinstance(config, Mapping):
            raise SetupError("the pte set-up must be a mapping (characters, powers, ...)")
        unknown = set(config) - CONFIG_KEYS
        if unknown:
            raise SetupError(
                f"unknown set-up key(s) {sorted(unknown)}; known: {sorted(CONFIG_KEYS)}"
            )
        characters = _setup_characters(config.get("characters"))
        try:
            powers = load_powers(config.get("powers"))
        except PowerError as exc:
            raise SetupError(str(exc)) from exc
        start_hour = config.get("start_hour", 8)
        if (
            isinstance(start_hour, bool)
            or not isinstance(start_hour, int)
            or not 0 <= start_hour < 24
        ):
            raise SetupError(f"start_hour: must be a whole hour 0-23, not {start_hour!r}")
        typical_dc = config.get("typical_dc", 10)
        if (
            isinstance(typical_dc, bool)
            or not isinstance(typical_dc, int)
            or not 0 <= typical_dc <= MAX_DC
        ):
            raise SetupError(f"typical_dc: must be a whole number 0-{MAX_DC}, not {typical_dc!r}")
        return [
            Event(
                "scene_set",
                {
                    "characters": characters,
                    "powers": [p.to_dict() for p in powers.values()],
                    "start_hour": start_hour,
                    "typical_dc": typical_dc,
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
        if action.kind not in PARAMS:
            raise BadActionError(
                f"unknown action kind {action.kind!r}; pte knows: {', '.join(sorted(PARAMS))}"
            )
        params = _Params(action)
        actor = action.actor
        if actor is None:
            raise BadActionError(f"{action.kind}: an actor is required (a character id or 'gm')")
        if actor != GM and actor not in state.characters:
            raise BadActionError(
                f"{action.kind}: unknown actor {actor!r}; actors: {', '.join(self.actors(state))}"
            )
        if action.kind in GM_KINDS:
            if actor != GM:
                raise _refuse(
                    "pte.scene.gm-controls", f"only the GM may {action.kind}, not {actor}"
                )
            return self._plan_gm(state, action.kind, params)
        if action.kind == "end_turn":
            return self._plan_end_turn(state, actor)
        if action.kind == "team_check":
            return self._plan_team(state, actor, params)
        if actor == GM:
            raise BadActionError(f"{action.kind}: the actor must be a character, not the GM")
        if action.kind == "start_task":
            return self._plan_start_task(state, actor, params)
        if action.kind == "work_task":
            return self._plan_work_task(state, actor, params)
        if action.kind == "opposed_check":
            return self._plan_opposed(state, actor, params)
        return self._plan_check(state, actor, action.kind, params)

    # ------------------------------------------------------------------ GM actions
    def _plan_gm(self, state: PteState, kind: str, params: _Params) -> _Plan:
        plan = _Plan(kind)
        if kind == "set_condition":
            target = params.required_text("target")
            if target not in state.characters:
                raise BadActionError(f"set_condition: unknown target {target!r}")
            marked = state.characters[target]
            plan.data = {
                "target": target,
                "threatened": params.flag("threatened", marked.threatened),
                "distracted": params.flag("distracted", marked.distracted),
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
        if kind == "start_combat":
            order = params.names("order")
            if not order:
                raise BadActionError("start_combat: params.order must list the combatants")
            for who in order:
                if who not in state.characters:
                    raise BadActionError(f"start_combat: unknown combatant {who!r} in order")
            if len(set(order)) != len(order):
                raise BadActionError("start_combat: a combatant is listed twice in order")
            plan.data = {"order": order}
        elif kind == "start_downtime":
            count = params.bounded("actions", 1, 100, 1)
            plan.data = {"actions": count}
        elif kind == "advance_time":
            if state.phase == "combat":
                raise _refuse(
                    "pte.scene.phases",
                    "in combat the clock moves by rounds (end turns); end combat first",
                )
            seconds = 0.0
            for key, unit in (("seconds", 1), ("minutes", 60), ("hours", 3600)):
                value = params.number(key)
                seconds += (value or 0.0) * unit
            if seconds <= 0:
                raise BadActionError("advance_time: give seconds, minutes or hours (above 0)")
            plan.data = {"seconds": round(seconds)}
        return plan

    def _plan_end_turn(self, state: PteState, actor: str) -> _Plan:
        if state.combat is None:
            raise _refuse("pte.scene.phases", "there are turns only in combat")
        current = state.combat.clock.current()
        if actor not in (GM, current):
            raise _refuse("pte.combat.own-turn", f"it is {current}'s turn; {actor} cannot end it")
        return _Plan("end_turn", data=_turn_sequence(state.combat))

    # ------------------------------------------------------------------ checks
    def _plan_check(self, state: PteState, actor: str, kind: str, params: _Params) -> _Plan:
        power: SkillPower | None = None
        if kind == "use_power":
            power = self._power_named(state, params)
            skill = power.skill
            if power.dc is None and not params.has("dc"):
                raise BadActionError(f"use_power: {power.name} has no fixed DC; give params.dc")
            dc = params.bounded("dc", 0, MAX_DC, power.dc)
        else:
            skill = skill_key(params.required_text("skill"))
            dc = params.bounded("dc", 0, MAX_DC)
        action_type = self._action_type(params, power)
        roll = self._roll_for(state, actor, skill, params, power, action_type)
        plan = _Plan(kind, rolls=[roll], dc=dc)
        plan.time = self._time_for(state, [actor], params, action_type, roll, power)
        plan.data = {"check": "power" if power else ("assisted" if roll.helper else "basic")}
        return plan

    def _power_named(self, state: PteState, params: _Params) -> SkillPower:
        name = params.required_text("power")
        power = state.powers.get(power_key(name))
        if power is None:
            known = ", ".join(sorted(p.name for p in state.powers.values()))
            raise BadActionError(f"{params.kind}: unknown power {name!r}; known: {known}")
        return power

    def _action_type(self, params: _Params, power: SkillPower | None) -> str:
        given = params.text("action_type")
        if given is not None and given not in timing.ACTION_TYPES:
            raise BadActionError(
                f"params.action_type: {given!r} is not one of {', '.join(timing.ACTION_TYPES)}"
            )
        if power is not None:
            if (
                given is not None
                and given != power.action_type
                and not (timing.is_timed(power.action_type) and timing.is_timed(given))
            ):
                raise BadActionError(
                    f"{params.kind}: {power.name} is a {timing.LABELS[power.action_type]}, "
                    f"not a {timing.LABELS[given]}"
                )
            # An extended power may be given more time (a longer Extended action, at the GM's
            # discretion), never less than its own type.
            if given is not None and timing.UNITS.get(given, 0) < timing.UNITS.get(
                power.action_type, 0
            ):
                raise BadActionError(
                    f"{params.kind}: {power.name} takes at least a "
                    f"{timing.LABELS[power.action_type]}"
                )
            return given or power.action_type
        return given or "standard"

    def _roll_for(
        self,
        state: PteState,
        actor: str,
        skill: str,
        params: _Params,
        power: SkillPower | None,
        action_type: str,
    ) -> _Roll:
        """Every modifier of one character's check, each rule checked where it applies."""
        who = state.characters[actor]
        rank = who.rank(skill)
        # pte.check.basic: the dice are the character's own rank in the skill.
        claimed = params.raw.get("rank")
        if claimed is not None:
            try:
                claimed_rank = parse_rank(claimed)
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
        circumstances = self._circumstances(params, "circumstances", power)
        bonus = params.bounded("bonus", -MAX_BONUS, MAX_BONUS, 0)
        roll = _Roll(actor, skill, rank, Pool(rank), circumstances, bonus=bonus)
        roll.power = power.name if power else None
        # pte.synergy.one-skill / pte.synergy.half-rank
        synergy = params.names("synergy")
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
        helpers = params.names("helper")
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
        self, params: _Params, key: str, power: SkillPower | None, raw: Any = None
    ) -> list[Circumstance]:
        """The circumstance dice of one roll: ``params[key]`` (or ``raw`` when given)."""
        if raw is None:
            raw = params.raw.get(key)
        if raw is None:
            raw = []
        if not isinstance(raw, list):
            raise BadActionError(f"params.{key}: must be a list of {{name, dice}} or +1/-1")
        if len(raw) > MAX_CIRCUMSTANCES:
            raise BadActionError(f"params.{key}: at most {MAX_CIRCUMSTANCES} circumstances")
        found: list[Circumstance] = list(power.circumstances) if power else []
        for i, item in enumerate(raw):
            try:
                circ = parse_circumstance(item, f"params.{key}[{i}]")
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
        params: _Params,
        power: SkillPower | None,
        action_type: str,
    ) -> int | None:
        take = params.integer("take")
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
            factor = params.bounded("time_factor", 1, MAX_TIME_FACTOR, 1)
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
        params: _Params,
        action_type: str,
        roll: _Roll | None,
        power: SkillPower | None = None,
    ) -> _Time:
        """Check the time rules for an action of ``action_type`` by ``actors``."""
        factor = params.bounded("time_factor", 1, MAX_TIME_FACTOR, 1)
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
        aiding = params.text("aiding")
        start: int | None = None
        rounds, rounds_expr = self._listed_rounds(params, action_type)
        if aiding is not None:
            seconds, start = self._aid(state, actors[0], aiding, action_type)
        elif action_type == "rounds":
            seconds = rounds * timing.ROUND_SECONDS
        else:
            seconds = self._base_seconds(params, action_type)
        if state.phase == "combat":
            if factor != 1:
                raise BadActionError("params.time_factor: in combat an action cannot stretch")
            self._combat_gate(state, actors[0], action_type, params.text("trigger"))
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

    def _listed_rounds(self, params: _Params, action_type: str) -> tuple[int, str | None]:
        """pte.time.listed-duration: ``rounds`` as a whole number or dice (``1d4``)."""
        raw = params.raw.get("rounds")
        if action_type != "rounds":
            if raw is not None:
                raise BadActionError("params.rounds belongs to action_type: rounds")
            return 0, None
        if isinstance(raw, int) and not isinstance(raw, bool) and 1 <= raw <= 100:
            return raw, None
        if isinstance(raw, str) and _ROUNDS_DICE.fullmatch(raw.strip()):
            count, sides = (int(x) for x in raw.strip().lower().split("d"))
            if 1 <= count <= 10 and 1 <= sides <= 20:
                return 0, raw.strip().lower()
        raise BadActionError(
            f"params.rounds: a whole number of rounds 1-100 or dice like '1d4', not {raw!r}"
        )

    def _base_seconds(self, params: _Params, action_type: str) -> int:
        if action_type in timing.FIXED_SECONDS:
            if params.has("minutes") or params.has("hours"):
                raise BadActionError(
                    f"a {timing.LABELS[action_type]} has a fixed length; "
                    "minutes/hours are for Extended and Downtime actions"
                )
            return timing.FIXED_SECONDS[action_type]
        minutes, hours = params.number("minutes"), params.number("hours")
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
    def _plan_opposed(self, state: PteState, actor: str, params: _Params) -> _Plan:
        # pte.opposed.tie-defender: what is opposed may be a plain skill roll or a Skill Power
        # (PTE ch. 5, Skill Checks); a power brings its skill, type and circumstances.
        power: SkillPower | None = None
        if params.has("power"):
            power = self._power_named(state, params)
            skill = power.skill
            if params.has("skill") and skill_key(params.required_text("skill")) != skill:
                raise BadActionError(
                    f"opposed_check: {power.name} rolls {skill}, not {params.raw['skill']!r}"
                )
        else:
            skill = skill_key(params.required_text("skill"))
        target = params.required_text("target")
        if target not in state.characters:
            raise BadActionError(f"opposed_check: unknown target {target!r}")
        # pte.opposed.tie-defender: two sides.
        if target == actor:
            raise _refuse("pte.opposed.tie-defender", f"{actor} cannot oppose their own check")
        # The text's own words (defender / the one acting) are accepted as aliases.
        said = params.text("status_quo", "target")
        status_quo = _STATUS_QUO_ALIASES.get(said.lower(), "") if said is not None else ""
        if not status_quo:
            raise BadActionError(
                "opposed_check: params.status_quo must be 'target' (or 'defender') "
                "or 'actor' (or 'attacker')"
            )
        action_type = self._action_type(params, power)
        roll = self._roll_for(state, actor, skill, params, power, action_type)
        target_skill = skill_key(params.text("target_skill") or skill)
        defender = state.characters[target]
        target_rank = defender.rank(target_skill)
        circs = self._circumstances(params, "target_circumstances", None)
        target_bonus = params.bounded("target_bonus", -MAX_BONUS, MAX_BONUS, 0)
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
        plan.time = self._time_for(state, [actor], params, action_type, roll)
        plan.data = {"status_quo": status_quo}
        return plan

    def _plan_team(self, state: PteState, actor: str, params: _Params) -> _Plan:
        participants = params.names("participants")
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
        dc = params.bounded("dc", 0, MAX_DC)
        # The GM's count of people the task normally needs; by default, everyone taking part.
        people = params.bounded("people", 1, 100, len(participants))
        skills = params.mapping("skills")
        bonuses = params.mapping("bonuses")
        team_circs = params.mapping("circumstances")
        for key, where in ((skills, "skills"), (bonuses, "bonuses"), (team_circs, "circumstances")):
            extra = set(key) - set(participants)
            if extra:
                raise BadActionError(
                    f"team_check: params.{where} names non-participants {sorted(extra)}"
                )
        common = params.text("skill")
        rolls = []
        for who in participants:
            raw_skill = skills.get(who, common)
            if not isinstance(raw_skill, str) or not raw_skill.strip():
                raise BadActionError(
                    f"team_check: no skill for {who} (params.skill or skills.{who})"
                )
            skill = skill_key(raw_skill)
            bonus = bonuses.get(who, 0)
            if isinstance(bonus, bool) or not isinstance(bonus, int) or abs(bonus) > MAX_BONUS:
                raise BadActionError(
                    f"team_check: params.bonuses.{who} must be a whole number within +-{MAX_BONUS}"
                )
            rank = state.characters[who].rank(skill)
            # pte.circumstance.one-die: each participant's own circumstance dice.
            circs = self._circumstances(
                params, f"circumstances.{who}", None, team_circs.get(who, [])
            )
            pool = Pool(
                rank,
                bonus_dice=sum(1 for c in circs if c.dice > 0),
                penalty_dice=sum(1 for c in circs if c.dice < 0),
                flat=bonus,
            )
            rolls.append(_Roll(who, skill, rank, pool, circs, bonus=bonus))
        plan = _Plan("team_check", rolls=rolls, dc=dc * people)
        action_type = self._action_type(params, None)
        if actor == GM and state.phase == "combat":
            raise BadActionError("team_check: in combat a participant takes the team check")
        plan.time = self._time_for(
            state,
            participants if actor == GM else [actor, *[p for p in participants if p != actor]],
            params,
            action_type,
            None,
        )
        plan.data = {"base_dc": dc, "people": people}
        return plan

    def _plan_start_task(self, state: PteState, actor: str, params: _Params) -> _Plan:
        task = params.required_text("task")
        if task in state.tasks:
            raise BadActionError(f"start_task: a task called {task!r} already exists")
        skill = skill_key(params.required_text("skill"))
        dc = params.bounded("dc", 0, MAX_DC)
        multiplier = params.required_int("multiplier")
        # pte.extended.multiplier
        if not 2 <= multiplier <= 5:
            raise _refuse(
                "pte.extended.multiplier",
                f"an extended check multiplies the DC by 2 to 5, not {multiplier}",
            )
        failable = params.flag("failable", True)
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
                "failable": failable,
                "limit": rank,
            },
        )

    def _plan_work_task(self, state: PteState, actor: str, params: _Params) -> _Plan:
        name = params.required_text("task")
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
        action_type = self._action_type(params, None) if params.has("action_type") else "extended_s"
        # pte.extended.action-time
        if not timing.is_timed(action_type):
            raise _refuse(
                "pte.extended.action-time",
                f"a roll toward an extended check takes at least an Extended action (S), "
                f"not a {timing.LABELS[action_type]}",
            )
        roll = self._roll_for(state, actor, task.skill, params, None, action_type)
        plan = _Plan("work_task", rolls=[roll], dc=task.extended_dc)
        plan.time = self._time_for(state, [actor], params, action_type, roll)
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


_GM_EVENTS = {
    "start_combat": "combat_started",
    "end_combat": "combat_ended",
    "start_downtime": "downtime_started",
    "end_downtime": "downtime_ended",
    "advance_time": "time_advanced",
    "set_condition": "condition_set",
}


# ============================================================================ helpers
def _setup_characters(raw: Any) -> dict[str, dict[str, Any]]:
    if raw is None:
        raise SetupError("characters: required (a mapping of id -> {skills: {skill: rank}})")
    if isinstance(raw, list):
        entries: dict[str, Any] = {}
        for i, item in enumerate(raw):
            if not isinstance(item, Mapping) or not isinstance(item.get("id"), str):
                raise SetupError(f"characters[{i}]: needs an 'id' string")
            if item["id"] in entries:
                raise SetupError(f"characters[{i}].id: {item['id']!r} is listed twice")
            entries[item["id"]] = {k: v for k, v in item.items() if k != "id"}
        raw = entries
    if not isinstance(raw, Mapping) or not raw:
        raise SetupError("characters: must be a non-empty mapping of id -> {skills: ...}")
    characters: dict[str, dict[str, Any]] = {}
    for cid, entry in raw.items():
        where = f"characters.{cid}"
        if not isinstance(cid, str) or not cid.strip():
            raise SetupError(f"{where}: a character id must be a non-empty string")
        if cid == GM:
            raise SetupError(f"{where}: 'gm' is reserved for the game master")
        entry = entry or {}
        if not isinstance(entry, Mapping):
            raise SetupError(f"{where}: must be a mapping with 'skills' (and optionally 'player')")
        unknown = set(entry) - {"skills", "player"}
        if unknown:
            raise SetupError(f"{where}: unknown field(s) {sorted(unknown)} (skills, player)")
        skills_raw = entry.get("skills") or {}
        if not isinstance(skills_raw, Mapping):
            raise SetupError(f"{where}.skills: must be a mapping of skill -> rank")
        skills: dict[str, int] = {}
        for skill, rank in skills_raw.items():
            if not isinstance(skill, str) or not skill.strip():
                raise SetupError(f"{where}.skills: skill names must be strings")
            try:
                skills[skill_key(skill)] = parse_rank(rank)
            except RankError as exc:
                raise SetupError(f"{where}.skills.{skill}: {exc}") from exc
        player = entry.get("player")
        if player is not None and not isinstance(player, str):
            raise SetupError(f"{where}.player: must be a string")
        characters[cid] = {"skills": skills, "player": player}
    return characters


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
