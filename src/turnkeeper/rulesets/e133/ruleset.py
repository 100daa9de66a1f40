"""The Element 133 ruleset: set-up, checks, resolution and the fold of events.

Reading order: helpers for params, the action table (what each kind costs, whether it
provokes, which rule it is), the planner (one function per action kind that either refuses
or says exactly what would happen), then resolution, apply, and the views.

The planner is shared by ``check`` (which only asks for a refusal) and ``resolve`` (which
turns the plan into events, rolling any dice); so a rule is written once.
"""

from __future__ import annotations

import copy
import functools
import re
import weakref
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from types import MappingProxyType
from typing import Any

from turnkeeper.core.mechanics import Budget, Effect, Expiry
from turnkeeper.core.model import (
    Action,
    BadActionError,
    Event,
    IllegalActionError,
    Outcome,
    Refusal,
)
from turnkeeper.core.ruleset import SetupError
from turnkeeper.core.schema import Params, did_you_mean, parse_model, parse_setup
from turnkeeper.dice import D20Check, roll_value
from turnkeeper.dice.source import DiceSource
from turnkeeper.rulesets.e133.actions import (
    ACTIONS,
    MANIPULATE,
    TABLE_ROWS,
    ActivateItem,
    AddEffect,
    AidAnother,
    Aoo,
    Attack,
    BonusAction,
    Cast,
    CompleteFullRound,
    Concentrate,
    ConcentrationCheck,
    Crawl,
    Dash,
    DexteritySave,
    DifficultStep,
    Dismiss,
    DrawWeapon,
    EndTurn,
    EnterVehicle,
    ExitVehicle,
    FireReadied,
    FiveFootStep,
    FullRoundAction,
    GenericAction,
    Hide,
    Leaving,
    Manipulation,
    Move,
    ParkVehicle,
    PilotVehicle,
    Provoking,
    Reaction,
    Ready,
    Reload,
    SetCondition,
    SetCover,
    SetSpeed,
    StartFullRound,
    StartVehicle,
    Sunder,
    TableRow,
    TriggerDevice,
    UseAbility,
    UseFeature,
    UseSkill,
    Withdraw,
    memo_catalogue,
)
from turnkeeper.rulesets.e133.rules import CATALOGUE
from turnkeeper.rulesets.e133.setup_model import AttackMode, Combatant, E133Settings, E133Setup
from turnkeeper.rulesets.e133.state import (
    ATTACK_MODES,
    COVERS,
    MOVE_MODES,
    E133State,
    Fighter,
)

GM = "gm"
# A start/complete full-round action may not be used for these (Start/Complete Full-Round).
NOT_STARTABLE = ("full_attack", "charge", "dash", "withdraw")
# Bookkeeping kinds that are not actions one could ready.
NOT_READIABLE = ("end_turn", "aoo", "ready", "fire_readied", "concentration_check",
                 "dexterity_save", "set_condition", "set_speed", "set_cover", "add_effect")
COST_LABEL = {
    "standard": "standard action",
    "move": "move action",
    "full": "full-round action",
    "free": "free action",
    "bonus": "bonus action",
    "reaction": "reaction",
    "none": "no action",
}


# Each cost as data (Action.cost_detail): the budget slot it uses; shared and read-only.
COST_DETAIL: dict[str, Mapping[str, int]] = {
    "standard": MappingProxyType({"standard": 1}),
    "move": MappingProxyType({"move": 1}),
    "full": MappingProxyType({"full_round": 1}),
    "free": MappingProxyType({"free": 1}),
    "bonus": MappingProxyType({"bonus": 1}),
    "reaction": MappingProxyType({"reaction": 1}),
    "none": MappingProxyType({}),
}


def _refuse(rule: str, detail: str = "") -> Refusal:
    return CATALOGUE.refuse(rule, detail)


# ---------------------------------------------------------------------------- params
# The parameters arrive typed (actions.py declares them; the catalogue parses them). What only
# the state can judge - is an id a combatant, is it an enemy - is checked here.
def _enemies(state: E133State, f: Fighter, ids: list[str] | None, key: str, kind: str
             ) -> list[str]:
    """``ids`` (the param ``key``) checked against the state: every one an enemy of ``f``."""
    if not ids:
        return []
    for other in ids:
        g = state.fighters.get(other)
        if g is None:
            raise BadActionError(f"{kind}: params.{key}: no combatant {other!r}")
        if g.side == f.side:
            raise BadActionError(f"{kind}: params.{key}: {other} is not an enemy of {f.id}")
    return list(dict.fromkeys(ids))


def _threatening(state: E133State, f: Fighter, p: Params, kind: str) -> list[str]:
    """The enemies named in ``threatened_by`` (none for an action that declares no such
    param)."""
    if not isinstance(p, Provoking):
        return []
    return _enemies(state, f, p.threatened_by, "threatened_by", kind)


def _threateners(state: E133State, f: Fighter, p: Params, kind: str, *, leaving: bool = True
                 ) -> list[str]:
    """The enemies in ``leaves_threatened_by`` (when ``leaving``) and in ``threatened_by``:
    both threaten the square being left."""
    enemies: list[str] = []
    if leaving and isinstance(p, Leaving):
        enemies = _enemies(state, f, p.leaves_threatened_by, "leaves_threatened_by", kind)
    enemies += [e for e in _threatening(state, f, p, kind) if e not in enemies]
    return enemies


def _target(state: E133State, tid: str, kind: str) -> Fighter:
    g = state.fighters.get(tid)
    if g is None:
        raise BadActionError(f"{kind}: params.target: no combatant {tid!r}")
    return g


# ---------------------------------------------------------------------------- the plan
@dataclass
class Roll:
    """A d20 check the action needs: what, modifier, DC, advantage / disadvantage."""

    what: str
    modifier: int
    dc: int
    advantage: bool = False
    disadvantage: bool = False
    attack: bool = False  # an attack roll: its odds say "hit" and the DC is an AC

    def check(self) -> D20Check:
        return D20Check(self.modifier, self.dc, self.advantage, self.disadvantage)


@dataclass
class Plan:
    """What an allowed action would do. ``fail_*`` replace the changes if the roll fails."""

    kind: str
    rule: str
    cost: str
    pay: list[str] = field(default_factory=list)
    free: bool = False
    bonus: bool = False
    reaction: str | None = None  # "own" or "off"
    sets: dict[str, dict[str, Any]] = field(default_factory=dict)
    effects_add: list[dict[str, Any]] = field(default_factory=list)
    effects_remove: list[str] = field(default_factory=list)
    window: dict[str, Any] | None = None
    keep_window: bool = False
    answer: bool = False
    roll: Roll | None = None
    fail_sets: dict[str, dict[str, Any]] | None = None
    fail_pay: list[str] | None = None
    fail_free: bool | None = None
    fail_effects_remove: list[str] | None = None
    note: str = ""
    attack: dict[str, Any] | None = None
    plain_roll: tuple[str, int] | None = None  # a d20 + modifier with no DC (what, modifier)

    def set(self, fid: str, **values: Any) -> None:
        self.sets.setdefault(fid, {}).update(values)


#: The ready action's params that make up the plan another seat must not see.
READY_SECRETS = ("trigger", "action", "action_params", "distance")


def _without_plan(params: Mapping[str, Any]) -> dict[str, Any]:
    """A ready action's params without its trigger and the readied action."""
    return {k: copy.deepcopy(v) for k, v in params.items() if k not in READY_SECRETS}


def _odds_text(roll: Roll) -> dict[str, str]:
    if roll.attack:
        return _attack_odds(roll.modifier, roll.dc, roll.advantage, roll.disadvantage)
    return _odds_of(roll.modifier, roll.dc, roll.advantage, roll.disadvantage)


@functools.lru_cache(maxsize=4096)
def _attack_odds(bonus: int, ac: int, advantage: bool, disadvantage: bool) -> dict[str, str]:
    """The exact chance that d20 + ``bonus`` reaches ``ac`` (cover already added), worked out
    once per (bonus, AC, adv, dis) through the same D20Check that resolving the attack rolls.

    The dict is shared by every action offered with these odds: never change it.
    """
    check = D20Check(bonus, ac, advantage, disadvantage)
    frac = Fraction(check.odds().p_success)
    how = {"advantage": " with advantage", "disadvantage": " with disadvantage",
           "normal": ""}[check.mode]
    return {
        "hit": f"{frac.numerator}/{frac.denominator}",
        "check": f"d20{bonus:+d} vs AC {ac}{how}",
    }


@functools.lru_cache(maxsize=4096)
def _odds_of(modifier: int, dc: int, advantage: bool, disadvantage: bool) -> dict[str, str]:
    """The exact odds of one d20 check, worked out once per (modifier, DC, adv, dis).

    The dict is shared by every action offered with these odds: never change it.
    """
    check = D20Check(modifier, dc, advantage, disadvantage)
    frac = Fraction(check.odds().p_success)
    # name the mode as attack odds do (a dodger's Dexterity save rolls with advantage)
    how = {"advantage": " with advantage", "disadvantage": " with disadvantage",
           "normal": ""}[check.mode]
    return {
        "success": f"{frac.numerator}/{frac.denominator}",
        "check": f"d20{modifier:+d} vs DC {dc}{how}",
    }


# ---------------------------------------------------------------------------- helpers
def _is_current(state: E133State, fid: str) -> bool:
    return state.clock.current() == fid


def _walk(f: Fighter) -> int:
    return f.speeds.get("walk", 0)


def _restricted(f: Fighter) -> bool:
    return f.restricted_turn


def _move_payer(f: Fighter) -> str | None:
    """The slot that would pay for a move action now, or ``None``.

    Restricted activity allows a single move action whatever the double-move setting
    (Restricted Activity): the one standard action pays for it.
    """
    payer = f.budget.payer("move")
    if payer is None and f.restricted_turn and f.budget.left("standard") > 0:
        return "standard"
    return payer


def _mode_speed(f: Fighter, mode: str) -> int | None:
    """The speed a mode uses: its own, or the land speed for climbing, swimming, jumping."""
    if mode in f.speeds:
        return f.speeds[mode]
    if mode in ("climb", "swim", "jump") and _walk(f) > 0:
        return _walk(f)
    return None


def _effect(name: str, holder: str, expiry: Expiry, **data: Any) -> dict[str, Any]:
    return {
        "name": name,
        "holder": holder,
        "expiry": {
            "kind": expiry.kind,
            "round": expiry.round,
            "count": expiry.count,
            "combatant": expiry.combatant,
        },
        "data": data,
    }


def _next_turn_start(state: E133State, f: Fighter) -> Expiry:
    return Expiry("turn_start", round=state.clock.round + 1, combatant=f.id)


def _has_effect(state: E133State, holder: str, name: str) -> Effect | None:
    for e in state.effects:
        if e.holder == holder and e.name == name:
            return e
    return None


def _parse_setup(config: Any) -> E133Setup:
    """The set-up as its model, or :class:`SetupError` naming the path and the fix.

    The kernel's message for a mapping key outside its enum (a movement mode, an attack
    mode) names no key; it is said again here with the key and a did-you-mean.
    """
    if not isinstance(config, Mapping):
        raise SetupError("the set-up must be a mapping with a 'combatants' list")
    try:
        return parse_setup(E133Setup, config)
    except SetupError as exc:
        if "[...]" in str(exc):
            raise SetupError(_name_the_key(config, str(exc))) from None
        bad_key = _BAD_KEY.match(str(exc))
        if bad_key is None:
            raise
        key, at = bad_key.group("key"), bad_key.group("at")
        choices = _KEYED.get(at.rsplit(".", 1)[-1], ())
        raise SetupError(f"{at}.{key}: unknown key{did_you_mean(key, choices)} (allowed: "
                         f"{', '.join(choices)})") from None


def _name_the_key(config: Mapping[str, Any], message: str) -> str:
    """``message`` with msgspec's ``[...]`` (some key of a mapping) replaced by the key: the
    first key whose entry alone gives the same error."""
    head = message.partition("[...]")[0]
    holder: Any = config
    for name, index in re.findall(r"([^.\[\]]+)|\[(\d+)\]", head):
        try:
            holder = holder[int(index)] if index else holder[name]
        except (KeyError, IndexError, TypeError):
            return message
    if not isinstance(holder, Mapping):
        return message
    for key, value in holder.items():
        holder_copy = {key: value}
        trial = copy.deepcopy(dict(config))
        inner: Any = trial
        steps = re.findall(r"([^.\[\]]+)|\[(\d+)\]", head)
        for name, index in steps[:-1]:
            inner = inner[int(index)] if index else inner[name]
        last_name, last_index = steps[-1]
        inner[int(last_index) if last_index else last_name] = holder_copy
        try:
            parse_setup(E133Setup, trial)
        except SetupError as exc:
            if "[...]" in str(exc):
                return str(exc).replace("[...]", f".{key}", 1)
    return message


# msgspec's wording for a mapping key outside its enum, and the enums of the keyed mappings
_BAD_KEY = re.compile(r"^Invalid enum value '(?P<key>.*)' - at key in \$\.(?P<at>.*)$")
_KEYED: dict[str, tuple[str, ...]] = {"speeds": MOVE_MODES, "attack_bonus": ATTACK_MODES}


def _attack_bonus(where: str, raw: int | Mapping[AttackMode, int] | None) -> dict[str, int]:
    """``attack_bonus``: one whole number for every attack mode, or a mapping of attack
    mode to bonus (a mode left out has no bonus: its attacks carry no odds)."""
    if raw is None:
        return {}
    if isinstance(raw, Mapping):
        if not raw:
            raise SetupError(f"{where}.attack_bonus: an empty mapping; give at least one "
                             f"attack mode ({', '.join(ATTACK_MODES)})")
        return {str(mode): bonus for mode, bonus in raw.items()}
    return dict.fromkeys(ATTACK_MODES, raw)


class E133Ruleset:
    """Element 133 (d20 SRD / 5e-derived) action economy. See docs/rulesets/e133.md."""

    name = "e133"
    rules = CATALOGUE
    #: every action kind's typed parameters (actions.py); the kernel validates with it
    actions = memo_catalogue(ACTIONS)
    #: the set-up format (setup_model.py)
    setup_model = E133Setup
    # The only secret is a readied action (its trigger, the action, its parameters), which
    # view(seat) hides from other seats; the ready action's params and the event that records
    # it carry it, so visible_command takes it out of what other seats are sent. Everything
    # else, dice included, is public (docs/server.md).
    hidden_information = True

    def __init__(self) -> None:
        self._cache: weakref.WeakKeyDictionary[E133State, tuple[int, dict[Any, list[Action]]]]
        self._cache = weakref.WeakKeyDictionary()
        self._outcomes: weakref.WeakKeyDictionary[E133State, tuple[int, Outcome | None]]
        self._outcomes = weakref.WeakKeyDictionary()
        self._actions: dict[tuple[Any, ...], Action] = {}
        self._menus: dict[tuple[Any, ...], _Menu] = {}
        self._last_plan: tuple[weakref.ref[E133State], int, Action, Plan] | None = None
        # One planner per action kind; the table rows and item manipulations share a maker.
        self._planners: dict[str, Any] = {}
        for kind in ACTION_KINDS:
            if kind in TABLE_ROWS:
                self._planners[kind] = self._row(kind)
            elif kind in MANIPULATE:
                self._planners[kind] = self._manipulate(kind)
            else:
                self._planners[kind] = getattr(self, "_p_" + kind)

    # ------------------------------------------------------------------ set-up
    def initial_state(self) -> E133State:
        return E133State()

    def setup(self, config: Mapping[str, Any], dice: DiceSource) -> list[Event]:
        # The whole set-up is parsed against its model first (setup_model.py): a key no
        # model declares, a wrong type or a value out of range is named with its path.
        parsed = _parse_setup(config)
        settings = parsed.settings.to_dict()
        fighters = [self._read_fighter(i, c) for i, c in enumerate(parsed.combatants)]
        ids = [f["id"] for f in fighters]
        if len(set(ids)) != len(ids):
            raise SetupError("combatants: ids must be unique")
        if GM in ids:
            raise SetupError(f"combatants: the id {GM!r} is reserved for the game master")
        # Initiative: d20 + modifier rolled now (or a fixed count), ties to the higher
        # modifier, then a roll-off (reference/e133.md, Initiative).
        for f in fighters:
            if f["count"] is None:
                f["init_roll"] = dice.die(20)
                f["count"] = f["init_roll"] + f["init_mod"]
        groups: dict[tuple[int, int], list[dict[str, Any]]] = {}
        for f in fighters:
            groups.setdefault((f["count"], f["init_mod"]), []).append(f)
        for group in groups.values():
            rolls: dict[str, int] = {}
            if len(group) > 1:
                for _ in range(20):
                    rolls = {g["id"]: dice.die(20) for g in group}
                    if len(set(rolls.values())) == len(rolls):
                        break
            for g in group:
                g["tiebreak"] = [g["init_mod"], rolls.get(g["id"], 0)]
        surprise = any(f["surprised"] for f in fighters)
        events = [Event("settings", {"settings": settings, "surprise": surprise})]
        events += [Event("combatant_joined", f) for f in fighters]
        state = self.initial_state()
        for e in events:
            self.apply(state, e)
        events.extend(self._advance_events(state))
        return events

    def _read_fighter(self, i: int, c: Combatant) -> dict[str, Any]:
        """The ``combatant_joined`` event data of one parsed combatant (defaults filled in,
        the checks that tie one field to another made)."""
        where = f"combatants[{i}] ({c.id})"
        speeds: dict[str, int] = {str(mode): feet for mode, feet in c.speeds.items()
                                  } if c.speeds is not None else {
            "walk": 30 if c.speed is None else c.speed}
        abilities: dict[str, dict[str, Any]] = {}
        for name, spec in c.abilities.items():
            atype = spec.type
            default_time = "none" if atype == "extraordinary" else "standard"
            provokes = spec.provokes if spec.provokes is not None else atype == "spell_like"
            if atype in ("supernatural", "extraordinary") and provokes:
                raise SetupError(f"{where}.abilities.{name}.provokes: a {atype} ability never "
                                 "provokes")
            if atype == "spell_like" and not provokes:
                raise SetupError(f"{where}.abilities.{name}.provokes: a spell-like ability "
                                 "always provokes")
            abilities[name] = {"type": atype, "action": spec.action or default_time,
                               "uses": spec.uses, "provokes": provokes}
        fighter: dict[str, Any] = {
            "id": c.id,
            "name": c.name or c.id,
            "side": c.side or "party",
            "controller": c.controller,
            "init_mod": c.init_mod,
            "count": c.initiative,
            "init_roll": None,
            "speeds": speeds,
            "con": c.con,
            "bab": c.bab,
            "features": list(c.features),
            "armour": c.armour,
            "attacks": c.attacks,
            "abilities": abilities,
            "concentration": c.concentration,
            "stealth": c.stealth,
            "navigation": c.navigation,
            "armour_check_penalty": c.armour_check_penalty,
            "conditions": list(c.conditions),
            "surprised": c.surprised,
            "cover": c.cover,
            "shield": c.shield,
            "mounted": c.mounted,
            "in_vehicle": c.in_vehicle,
            "vehicle_speed": c.vehicle_speed,
            "uses": {k: v["uses"] for k, v in abilities.items() if v["uses"] is not None},
            "tiebreak": [],
        }
        # Only when given, so that the set-up events of encounters without them are unchanged.
        attack_bonus = _attack_bonus(where, c.attack_bonus)
        if attack_bonus:
            fighter["attack_bonus"] = attack_bonus
        if c.ac is not None:
            fighter["ac"] = c.ac
        return fighter

    # ------------------------------------------------------------------ turn flow
    def _eligible(self, state: E133State, fid: str, rnd: int) -> bool:
        f = state.fighters[fid]
        if "down" in f.conditions:
            return False
        # Surprised combatants take no turn in the surprise round (reference/e133.md).
        return not (state.surprise and rnd == 1 and f.surprised)

    def _advance_events(self, state: E133State) -> list[Event]:
        """The events that end the current turn (if any) and start the next (pure)."""
        clock = state.clock
        events: list[Event] = []
        who = clock.current()
        if who is not None:
            f = state.fighters[who]
            data: dict[str, Any] = {"actor": who, "round": clock.round}
            c = f.concentrating
            if c is not None and not c.get("maintained"):
                data["lapsed"] = c["ability"]
            if f.full_round is not None and f.full_round["round"] < clock.round:
                data["full_round_lost"] = f.full_round["action"]
            data["end_effects"] = [
                e.id for e in state.effects
                if e.expiry.kind == "turn_end" and e.expiry.combatant == who
                and clock.round >= e.expiry.round
            ]
            events.append(Event("turn_ended", data))
        rnd, idx, seq = clock.round, clock.index, list(clock.sequence)
        if not any(self._eligible(state, fid, r) for fid in state.fighters
                   for r in (rnd, rnd + 1, rnd + 2)):
            return events
        for _ in range(3 * (len(state.fighters) + 1)):
            idx += 1
            if idx >= len(seq):
                rnd += 1
                seq = clock.order()
                idx = 0
            if self._eligible(state, seq[idx], rnd):
                break
        nxt = seq[idx]
        count = clock.counts[nxt]
        events.append(Event("turn_started", {"actor": nxt, "round": rnd, "index": idx}))
        for e in state.effects:
            exp = e.expiry
            due = (exp.kind == "before_count" and (
                rnd > exp.round or (rnd == exp.round and count <= exp.count)
            )) or (exp.kind == "turn_start" and exp.combatant == nxt and rnd >= exp.round)
            if due:
                rule = "e133.round.duration" if exp.kind == "before_count" else "expiry"
                events.append(Event("effect_ended", {"id": e.id, "rule": rule}))
        return events

    # ------------------------------------------------------------------ queries
    def whose_turn(self, state: E133State) -> str | None:
        return state.clock.current()

    def actors(self, state: E133State) -> list[str]:
        return [*state.fighters, GM]

    def controller(self, state: E133State, actor: str) -> str | None:
        f = state.fighters.get(actor)
        return None if f is None else f.controller

    def outcome(self, state: E133State) -> Outcome | None:
        cached = self._outcomes.get(state)
        if cached is not None and cached[0] == state.version:
            return cached[1]
        result = self._outcome(state)
        self._outcomes[state] = (state.version, result)
        return result

    def _outcome(self, state: E133State) -> Outcome | None:
        sides = {f.side for f in state.fighters.values()}
        if len(sides) < 2:
            return None
        standing = sorted({f.side for f in state.fighters.values() if "down" not in f.conditions})
        if len(standing) == 1:
            return Outcome((standing[0],), f"only the {standing[0]} side is still standing")
        if not standing:
            return Outcome((), "every combatant is down")
        return None

    # ------------------------------------------------------------------ check / plan
    def check(self, state: E133State, action: Action) -> Refusal | None:
        result = self._plan(state, action)
        if isinstance(result, Refusal):
            return result
        # Game.play checks, then resolves the same action on the same state: keep the plan.
        self._last_plan = (weakref.ref(state), state.version, action, result)
        return None

    def odds(self, state: E133State, action: Action) -> dict[str, str] | None:
        result = self._plan(state, action)
        if isinstance(result, Plan) and result.roll is not None:
            return _odds_text(result.roll)
        return None

    def _plan(self, state: E133State, action: Action) -> Plan | Refusal:
        kind = action.kind
        # The typed params (a malformed action is a BadActionError naming the field).
        params = self.actions.parse(action)
        planner = self._planners[kind]
        if kind in GM_KINDS:
            if action.actor != GM:
                raise BadActionError(f"{kind}: only the game master (actor 'gm') may do this")
            gm_result: Plan | Refusal = planner(state, None, params)
            return gm_result
        f = state.fighters.get(action.actor or "")
        if f is None:
            raise BadActionError(
                f"{kind}: actor {action.actor!r} is not a combatant; "
                f"known: {', '.join(state.fighters)}"
            )
        if self.outcome(state) is not None:
            return _refuse("e133.round.turn-order", "the encounter is over")
        return self._plan_for(state, f, kind, params, planner)

    def _plan_for(self, state: E133State, f: Fighter, kind: str, params: Params,
                  planner: Any) -> Plan | Refusal:
        if "down" in f.conditions and kind != "end_turn":
            return _refuse("e133.round.turn-order", f"{f.id} is down and takes no actions")
        spec = ACTION_KINDS[kind]
        if not spec[1] and state.clock.current() != f.id:
            rule = {"end_turn": "e133.round.turn-order"}.get(kind, "e133.round.own-turn")
            if spec[0] == "free":
                rule = "e133.free.own-turn"
            return _refuse(rule, f"it is {state.clock.current()}'s turn, not {f.id}'s")
        result: Plan | Refusal = planner(state, f, params)
        return result

    # -- costs -------------------------------------------------------------------------
    def _pay(self, state: E133State, f: Fighter, plan: Plan) -> Refusal | None:
        """Fill in what ``plan.cost`` uses, or refuse citing the action's own rule."""
        cost, rule, b = plan.cost, plan.rule, f.budget
        if cost == "full":
            if _restricted(f):
                return _refuse("e133.restricted.no-full-round")
            if b.left("standard") < 1 or b.left("move") < 1:
                return _refuse(rule, f"{plan.kind} needs the whole round (a full-round action); "
                               "a standard or move action is already used")
            plan.pay = ["standard", "move"]
        elif cost == "standard":
            if b.left("standard") < 1:
                if _restricted(f):
                    return _refuse("e133.restricted.one-action")
                return _refuse(rule, f"{plan.kind} needs a standard action; none is left")
            plan.pay = ["standard"]
        elif cost == "move":
            payer = _move_payer(f)
            if payer is None:
                if _restricted(f):
                    return _refuse("e133.restricted.one-action")
                if (not state.settings.double_move and b.left("standard") > 0):
                    return _refuse("e133.economy.move-for-standard",
                                   "this table does not allow a move in place of the standard")
                return _refuse(rule, f"{plan.kind} needs a move action; none is left")
            plan.pay = [payer]
        elif cost == "bonus":
            if _restricted(f) and not state.settings.restricted_bonus:
                return _refuse("e133.restricted.bonus",
                               "this table allows no bonus action under restricted activity")
            if f.bonus_left < 1:
                if f.bonus_lost:
                    return _refuse("e133.reaction.charges-next-turn")
                return _refuse(rule, f"{plan.kind} needs the bonus action; it is used this round")
            plan.bonus = True
        elif cost == "free":
            limit = state.settings.free_actions_per_turn
            if limit is not None and f.free_used >= limit:
                return _refuse("e133.free.limit", f"only {limit} free actions a turn here")
            plan.free = True
        elif cost == "reaction":
            refusal = self._reaction_ok(state, f)
            if refusal is not None:
                return refusal
            plan.reaction = "own" if _is_current(state, f.id) else "off"
        return None

    def _reaction_ok(self, state: E133State, f: Fighter) -> Refusal | None:
        if f.surprised:
            return _refuse("e133.reaction.not-surprised")
        if f.bonus_left < 1:
            if f.charged or f.bonus_lost:
                return _refuse("e133.reaction.charges-next-turn")
            if _is_current(state, f.id):
                return _refuse("e133.reaction.own-turn-is-bonus",
                               "the bonus action of this turn is already used")
            return _refuse("e133.bonus.one-per-round")
        return None

    def _provoke(
        self, state: E133State, f: Fighter, plan: Plan, p: Params, provokes: bool,
        why_not: str = "e133.aoo.table",
    ) -> None:
        """Open the window of attacks of opportunity the action itself provokes."""
        enemies = _threatening(state, f, p, plan.kind)
        window = plan.window or {
            "provoker": f.id, "kind": plan.kind, "responders": [], "blocked": {},
            "why_not": why_not, "answered": [],
        }
        if provokes:
            window["responders"] = list(dict.fromkeys(window["responders"] + enemies))
        else:
            for e in enemies:
                window["blocked"].setdefault(e, why_not)
            window["why_not"] = why_not
        plan.window = window

    def _leave(self, state: E133State, f: Fighter, plan: Plan, p: Params,
               leaving: bool = True) -> None:
        """Leaving threatened squares provokes (note 1) unless Disengage is in force.

        Whoever threatens a mover (``threatened_by``) threatens the square it leaves, so both
        lists provoke (the Move row of Table: Move Actions says "yes").
        """
        enemies = _threateners(state, f, p, plan.kind, leaving=leaving)
        window = plan.window or {
            "provoker": f.id, "kind": plan.kind, "responders": [], "blocked": {},
            "why_not": "e133.aoo.leaving-square", "answered": [],
        }
        for e in enemies:
            if f.disengaged:
                window["blocked"][e] = "e133.disengage"
            else:
                window["blocked"].pop(e, None)
                if e not in window["responders"]:
                    window["responders"].append(e)
        if f.disengaged and not window["responders"]:
            window["why_not"] = "e133.disengage"
        plan.window = window

    def _simple(
        self, state: E133State, f: Fighter, p: Params, kind: str, rule: str,
        cost: str, provokes: bool, why_not: str = "e133.aoo.table",
    ) -> Plan | Refusal:
        plan = Plan(kind, rule, cost)
        refusal = self._pay(state, f, plan)
        if refusal is not None:
            return refusal
        self._provoke(state, f, plan, p, provokes, why_not)
        return plan

    # -- generic actions -----------------------------------------------------------------
    def _p_end_turn(self, s: E133State, f: Fighter, p: EndTurn) -> Plan | Refusal:
        return Plan("end_turn", "e133.round.turn-order", "none", keep_window=True)

    def _p_standard_action(self, s: E133State, f: Fighter, p: GenericAction
                           ) -> Plan | Refusal:
        return self._simple(s, f, p, "standard_action", "e133.economy.standard", "standard",
                            p.provokes)

    def _p_move_action(self, s: E133State, f: Fighter, p: GenericAction) -> Plan | Refusal:
        return self._simple(s, f, p, "move_action", "e133.economy.move", "move",
                            p.provokes)

    def _p_full_round_action(self, s: E133State, f: Fighter, p: FullRoundAction
                             ) -> Plan | Refusal:
        provokes = p.provokes
        if p.as_standard:
            # Only an action whose description allows it, and only when limited to a single
            # standard action (Full-Round Action).
            if not _restricted(f):
                return _refuse("e133.full-round.as-standard", f"{f.id} is not limited to a "
                               "standard action this round")
            return self._simple(s, f, p, "full_round_action", "e133.full-round.as-standard",
                                "standard", provokes)
        return self._simple(s, f, p, "full_round_action", "e133.economy.full-round", "full",
                            provokes)

    def _p_free_action(self, s: E133State, f: Fighter, p: GenericAction) -> Plan | Refusal:
        # Free actions rarely provoke (Free Actions): only when the table says so.
        return self._simple(s, f, p, "free_action", "e133.free.own-turn", "free",
                            p.provokes)

    def _p_bonus_action(self, s: E133State, f: Fighter, p: BonusAction
                        ) -> Plan | Refusal:
        return self._simple(s, f, p, "bonus_action", "e133.bonus.one-per-round", "bonus", False)

    def _p_reaction(self, s: E133State, f: Fighter, p: Reaction) -> Plan | Refusal:
        plan = Plan("reaction", "e133.bonus.one-per-round", "reaction", keep_window=True)
        return self._pay(s, f, plan) or plan

    # -- attacks -------------------------------------------------------------------------
    def _attack_roll(self, s: E133State, f: Fighter, g: Fighter, p: Attack | Aoo,
                     kind: str, plan: Plan, mode: str) -> Refusal | None:
        if g.id == f.id:
            raise BadActionError(f"{kind}: a combatant cannot attack itself")
        if g.cover == "total":
            return _refuse("e133.cover", f"{g.id} is behind total cover and cannot be targeted")
        # The params win; left out, the attacker's set-up bonus for the mode and the
        # target's set-up AC are used (legal_actions offers them filled in).
        bonus = p.attack_bonus
        if bonus is None:
            bonus = f.attack_bonus.get(mode)
        ac = p.ac
        if ac is None:
            ac = g.ac
        seen = p.target_sees_attacker
        # Dodge: disadvantage against a dodger who can see the attacker (Dodge).
        dis = seen and _has_effect(s, g.id, "dodge") is not None
        plan.attack = {"target": g.id, "cover_bonus": COVERS[g.cover], "disadvantage": dis}
        if bonus is not None and ac is not None:
            plan.roll = Roll(f"attack on {g.id}", bonus, ac + COVERS[g.cover], False, dis,
                             attack=True)
        return None

    def _p_attack(self, s: E133State, f: Fighter, p: Attack) -> Plan | Refusal:
        mode = p.mode
        g = _target(s, p.target, "attack")
        if g.cover == "total":
            return _refuse("e133.cover", f"{g.id} is behind total cover and cannot be targeted")
        if f.attacks_left > 0:
            # Extra Attack: further attacks of the same attack action cost nothing more.
            plan = Plan("attack", "e133.attack.extra-attack", "none")
            plan.set(f.id, attacks_left=f.attacks_left - 1)
        else:
            rule = "e133.attack.standard"
            if f.attack_action_used and f.budget.left("standard") < 1 and f.attacks > 1:
                rule = "e133.attack.extra-attack"
            plan = Plan("attack", rule, "standard")
            refusal = self._pay(s, f, plan)
            if refusal is not None:
                if rule == "e133.attack.extra-attack" and refusal.rule == rule:
                    return _refuse(rule, f"all {f.attacks} attacks of the attack action are made")
                return refusal
            plan.set(f.id, attacks_left=f.attacks - 1, attack_action_used=True)
        refusal = self._attack_roll(s, f, g, p, "attack", plan, mode)
        if refusal is not None:
            return refusal
        # Table: melee attacks do not provoke; ranged, unarmed and spell attacks do
        # (an improvised weapon swung in melee is a melee attack; thrown, it is ranged)
        self._provoke(s, f, plan, p, mode not in ("melee", "improvised"))
        return plan

    def _p_full_attack(self, s: E133State, f: Fighter, p: Provoking) -> Plan | Refusal:
        return self._simple(s, f, p, "full_attack", "e133.economy.full-round", "full", False)

    def _p_charge(self, s: E133State, f: Fighter, p: Leaving) -> Plan | Refusal:
        if f.stepped:
            # A charge moves: no movement in a round with a 5-foot step (Take 5-Foot Step).
            return _refuse("e133.five-foot-step.no-other-movement",
                           f"{f.id} took a 5-foot step this round")
        plan = self._simple(s, f, p, "charge", "e133.economy.full-round", "full", False)
        if isinstance(plan, Plan):
            self._leave(s, f, plan, p)
            plan.set(f.id, moved_any=True)
        return plan

    def _p_aoo(self, s: E133State, f: Fighter, p: Aoo) -> Plan | Refusal:
        g = _target(s, p.target, "aoo")
        w = s.window
        if "down" in f.conditions:
            return _refuse("e133.aoo.reaction", f"{f.id} is down")
        if w is None or w["provoker"] != g.id:
            return _refuse("e133.aoo.reaction", f"{g.id} has just done nothing that provokes")
        if f.id in w["blocked"]:
            return _refuse(w["blocked"][f.id],
                           f"{g.id}'s {w['kind']} does not provoke from {f.id}")
        if f.id not in w["responders"]:
            if not w["responders"]:
                return _refuse(w["why_not"], f"{g.id}'s {w['kind']} provoked no attack")
            return _refuse("e133.aoo.reaction", f"{f.id} does not threaten {g.id}")
        if f.id in w["answered"]:
            return _refuse("e133.aoo.once")
        plan = Plan("aoo", "e133.aoo.reaction", "reaction", keep_window=True, answer=True)
        refusal = self._pay(s, f, plan)
        if refusal is not None:
            return refusal
        # An attack of opportunity is a melee attack (Attacks of Opportunity).
        return self._attack_roll(s, f, g, p, "aoo", plan, "melee") or plan

    # -- casting and concentration -------------------------------------------------------
    def _ended(self, f: Fighter, name: str) -> Refusal | None:
        rule = f.ended.get(name)
        if rule is None:
            return None
        return _refuse(rule, f"{name} has already ended ({rule})")

    def _p_cast(self, s: E133State, f: Fighter, p: Cast) -> Plan | Refusal:
        spell = p.spell
        time = p.casting_time
        conc = p.concentration
        duration = p.duration_rounds
        if duration is not None and duration < 1:
            raise BadActionError("cast: param 'duration_rounds' must be at least 1")
        # Whom the effect is on: the caster keeps it (concentration, dismissal), the target
        # bears it; either way its duration runs from the count it began on.
        target = _target(s, p.target, "cast").id if p.target is not None else None
        if conc and "incapacitated" in f.conditions:
            return _refuse("e133.cast.cannot-concentrate")
        if conc and f.concentrating is not None:
            return _refuse("e133.cast.concentration-one",
                           f"{f.id} already concentrates on {f.concentrating['ability']}")
        cost = {"full_round": "full"}.get(time, time)
        plan = Plan("cast", "e133.cast.standard", cost)
        refusal = self._pay(s, f, plan)
        if refusal is not None:
            return refusal
        self._provoke(s, f, plan, p, True)
        self._start_ability(s, f, plan, spell, conc, duration, "spell", target)
        return plan

    def _start_ability(self, s: E133State, f: Fighter, plan: Plan, name: str, conc: bool,
                       duration: int | None, kind: str, target: str | None = None) -> None:
        on = {} if target is None else {"target": target}
        if duration is not None:
            count = s.clock.current_count() or 0
            exp = Expiry("before_count", round=s.clock.round + duration, count=count)
            plan.effects_add.append(_effect(name, f.id, exp, ability=name, concentration=conc,
                                            **on))
        elif conc:
            plan.effects_add.append(_effect(name, f.id, Expiry("manual"), ability=name,
                                            concentration=True, **on))
        ended = {k: v for k, v in f.ended.items() if k != name}
        plan.set(f.id, ended=ended, pending={"ability": name, "type": kind, "conc": conc})
        if conc:
            plan.set(f.id, concentrating={"ability": name, "round": s.clock.round,
                                          "maintained": True})

    def _p_concentrate(self, s: E133State, f: Fighter, p: Concentrate) -> Plan | Refusal:
        name = p.ability
        c = f.concentrating
        if c is None or (name is not None and c["ability"] != name):
            if name is not None and (ended := self._ended(f, name)) is not None:
                return ended
            return _refuse("e133.concentrate.maintain",
                           f"{f.id} has no active ability{' ' + name if name else ''} "
                           "to concentrate on")
        if "incapacitated" in f.conditions:
            return _refuse("e133.cast.cannot-concentrate")
        plan = self._simple(s, f, p, "concentrate", "e133.concentrate.maintain", "standard",
                            False, "e133.concentrate.maintain")
        if isinstance(plan, Plan):
            plan.set(f.id, concentrating={**c, "maintained": True})
        return plan

    def _p_dismiss(self, s: E133State, f: Fighter, p: Dismiss) -> Plan | Refusal:
        name = p.ability
        c = f.concentrating
        active = [e.id for e in s.effects if e.holder == f.id and e.name == name]
        if not active and (c is None or c["ability"] != name):
            return self._ended(f, name) or _refuse(
                "e133.concentrate.dismiss", f"{f.id} has no active ability {name} to dismiss")
        plan = self._simple(s, f, p, "dismiss", "e133.concentrate.dismiss", "free", False,
                            "e133.concentrate.dismiss")
        if isinstance(plan, Plan):
            plan.effects_remove = active
            plan.set(f.id, ended={**f.ended, name: "e133.concentrate.dismiss"})
            if c is not None and c["ability"] == name:
                plan.set(f.id, concentrating=None)
        return plan

    def _p_concentration_check(self, s: E133State, f: Fighter, p: ConcentrationCheck
                               ) -> Plan | Refusal:
        dc = p.dc
        pend = f.pending
        if pend is not None and pend["type"] in ("supernatural", "extraordinary"):
            rule = f"e133.ability.{pend['type']}"
            return _refuse(rule, f"{pend['ability']} ({pend['type']}) cannot be disrupted")
        if pend is not None and pend["type"] in ("spell", "spell_like"):
            name = pend["ability"]
        elif f.concentrating is not None:
            name = f.concentrating["ability"]
        else:
            return _refuse("e133.concentrate.check",
                           f"{f.id} has no effort under way that could be disrupted")
        plan = Plan("concentration_check", "e133.concentrate.check", "none", keep_window=True)
        plan.roll = Roll(f"concentration ({name})", f.concentration, dc)
        plan.fail_sets = {f.id: {"ended": {**f.ended, name: "e133.concentrate.check"},
                                 "pending": None}}
        if f.concentrating is not None and f.concentrating["ability"] == name:
            plan.fail_sets[f.id]["concentrating"] = None
        plan.fail_effects_remove = [e.id for e in s.effects
                                    if e.holder == f.id and e.name == name]
        return plan

    # -- items and abilities ---------------------------------------------------------------
    def _p_activate_item(self, s: E133State, f: Fighter, p: ActivateItem
                         ) -> Plan | Refusal:
        # A standard action unless the item says otherwise (Activate Item).
        time = p.time
        return self._simple(s, f, p, "activate_item", "e133.item.activate",
                            {"full_round": "full"}.get(time, time), False, "e133.item.activate")

    def _p_drink_potion(self, s: E133State, f: Fighter, p: Provoking) -> Plan | Refusal:
        return self._simple(s, f, p, "drink_potion", "e133.item.potion", "standard", True)

    def _p_use_ability(self, s: E133State, f: Fighter, p: UseAbility) -> Plan | Refusal:
        name = p.ability
        ab = f.abilities.get(name)
        if ab is None:
            raise BadActionError(f"use_ability: {f.id} has no ability {name!r}; known: "
                                 f"{', '.join(f.abilities) or 'none'}")
        atype, time = ab["type"], ab["action"]
        rule = {"special": "e133.ability.special", "spell_like": "e133.ability.spell-like",
                "supernatural": "e133.ability.supernatural",
                "extraordinary": "e133.ability.extraordinary"}[atype]
        if name in f.uses and f.uses[name] < 1:
            return _refuse("e133.ability.uses", f"{name} has no uses left")
        if atype == "spell_like" and "incapacitated" in f.conditions:
            return _refuse("e133.cast.cannot-concentrate")
        cost = {"full_round": "full"}.get(time, time)
        off_turn_ok = time == "reaction" or (time == "none" and atype == "extraordinary")
        if not _is_current(s, f.id) and not off_turn_ok:
            return _refuse("e133.round.own-turn", f"it is {s.clock.current()}'s turn")
        plan = Plan("use_ability", rule, cost)
        refusal = self._pay(s, f, plan)
        if refusal is not None:
            return refusal
        # Spell-like abilities provoke like casting; supernatural and extraordinary ones never.
        # Spell-like abilities provoke like casting; a special ability only if its description
        # says so (it is not in the table); supernatural and extraordinary ones never.
        self._provoke(s, f, plan, p, bool(ab.get("provokes", atype == "spell_like")), rule)
        if name in f.uses:
            plan.set(f.id, uses={**f.uses, name: f.uses[name] - 1})
        plan.set(f.id, pending={"ability": name, "type": atype, "conc": False})
        return plan

    def _p_use_skill(self, s: E133State, f: Fighter, p: UseSkill) -> Plan | Refusal:
        time = p.action
        # "Usually" provokes: unless the skill says it does not (READINGS).
        provokes = p.provokes
        plan = self._simple(s, f, p, "use_skill", "e133.skill",
                            {"full_round": "full"}.get(time, time), provokes, "e133.skill")
        if isinstance(plan, Plan) and p.dc is not None:
            plan.roll = Roll(f"skill {p.skill}", p.modifier, p.dc)
        return plan

    def _p_use_feature(self, s: E133State, f: Fighter, p: UseFeature) -> Plan | Refusal:
        name = p.feature
        time = p.action
        if name not in f.features:
            return _refuse("e133.feature", f"{f.id} does not have the feature {name}")
        if not _is_current(s, f.id) and time not in ("reaction", "none"):
            return _refuse("e133.round.own-turn", f"it is {s.clock.current()}'s turn")
        if time == "reaction":
            plan = Plan("use_feature", "e133.feature", "reaction", keep_window=True)
            return self._pay(s, f, plan) or plan
        return self._simple(s, f, p, "use_feature", "e133.feature",
                            {"full_round": "full"}.get(time, time),
                            p.provokes)

    # -- standard-action table rows -------------------------------------------------------
    def _row(self, kind: str) -> Any:
        rule, provokes = TABLE_ROWS[kind]

        def planner(s: E133State, f: Fighter, p: TableRow) -> Plan | Refusal:
            plan = self._simple(s, f, p, kind, rule, "standard", provokes)
            if isinstance(plan, Plan) and kind == "total_defense":
                plan.effects_add.append(_effect("total defense", f.id, _next_turn_start(s, f)))
            return plan

        return planner

    def _p_aid_another(self, s: E133State, f: Fighter, p: AidAnother) -> Plan | Refusal:
        # Note 2: provokes exactly when the aided action would.
        aided = p.aided_provokes
        return self._simple(s, f, p, "aid_another", "e133.action.aid-another", "standard",
                            aided, "e133.aoo.aid-another")

    def _p_sunder(self, s: E133State, f: Fighter, p: Sunder) -> Plan | Refusal:
        what = p.object
        held = p.held if p.held is not None else what == "weapon"
        # Sunder a weapon provokes; an object only if held, carried or worn (note 3).
        provokes = what == "weapon" or held
        why = "e133.aoo.sunder-object" if what == "object" else "e133.aoo.table"
        return self._simple(s, f, p, "sunder", "e133.action.sunder", "standard", provokes, why)

    def _p_reload(self, s: E133State, f: Fighter, p: Reload) -> Plan | Refusal:
        time = p.time
        return self._simple(s, f, p, "reload", "e133.reload",
                            {"full_round": "full"}.get(time, time), False)

    def _p_disengage(self, s: E133State, f: Fighter, p: Provoking) -> Plan | Refusal:
        plan = self._simple(s, f, p, "disengage", "e133.disengage", "standard", False)
        if isinstance(plan, Plan):
            plan.set(f.id, disengaged=True)
        return plan

    def _p_dodge(self, s: E133State, f: Fighter, p: Provoking) -> Plan | Refusal:
        if "incapacitated" in f.conditions or all(v == 0 for v in f.speeds.values()):
            return _refuse("e133.dodge.lost", f"{f.id} is incapacitated or at speed 0")
        plan = self._simple(s, f, p, "dodge", "e133.dodge", "standard", False)
        if isinstance(plan, Plan):
            plan.effects_add.append(_effect("dodge", f.id, _next_turn_start(s, f)))
        return plan

    def _p_dexterity_save(self, s: E133State, f: Fighter, p: DexteritySave
                          ) -> Plan | Refusal:
        dc, mod = p.dc, p.modifier
        plan = Plan("dexterity_save", "e133.dodge", "none", keep_window=True)
        # Dodge gives advantage; cover adds its bonus to Dexterity saves (Dodge; Hide).
        adv = _has_effect(s, f.id, "dodge") is not None
        plan.roll = Roll("dexterity save", mod + COVERS[f.cover], dc, adv)
        return plan

    # -- ready and full-round ------------------------------------------------------------
    def _p_ready(self, s: E133State, f: Fighter, p: Ready) -> Plan | Refusal:
        trigger = p.trigger
        what = p.action
        if what in ("move", "movement"):
            dist = _walk(f) if p.distance is None else p.distance
            if dist > _walk(f):
                return _refuse("e133.ready", f"readied movement is at most the speed "
                               f"({_walk(f)} ft), not {dist}")
        else:
            spec = ACTION_KINDS.get(what)
            if spec is None or what in NOT_READIABLE:
                raise BadActionError(f"ready: param 'action': {what!r} is not an action "
                                     "that can be readied")
            if spec[0] == "full" or what in NOT_STARTABLE:
                return _refuse("e133.ready", f"{what} takes more than a standard action")
        action_params = p.action_params or {}
        plan = self._simple(s, f, p, "ready", "e133.ready", "standard", False)
        if isinstance(plan, Plan):
            distance = None
            if what in ("move", "movement"):
                distance = _walk(f) if p.distance is None else p.distance
            plan.set(f.id, readied={"trigger": trigger, "action": what,
                                    "params": dict(action_params),
                                    "distance": distance, "round": s.clock.round},
                     ready_expired=False)
        return plan

    def _p_fire_readied(self, s: E133State, f: Fighter, p: FireReadied) -> Plan | Refusal:
        if f.readied is None:
            if f.ready_expired:
                return _refuse("e133.ready.expires")
            return _refuse("e133.ready.fire", f"{f.id} has no readied action")
        plan = Plan("fire_readied", "e133.ready.fire", "reaction", keep_window=True)
        refusal = self._pay(s, f, plan)
        if refusal is not None:
            return refusal
        plan.note = f"{f.readied['action']} on: {f.readied['trigger']}"
        plan.set(f.id, readied=None)
        if f.readied["action"] in ("move", "movement"):
            dist = (f.readied["distance"] or 0) if p.distance is None else p.distance
            if dist > _walk(f):
                return _refuse("e133.ready", f"readied movement is at most {_walk(f)} ft")
            # The readied movement provokes like any movement out of threatened squares.
            if p.leaves_threatened_by or p.threatened_by:
                plan.keep_window = False
                self._leave(s, f, plan, p)
        return plan

    def _p_start_full_round(self, s: E133State, f: Fighter, p: StartFullRound
                            ) -> Plan | Refusal:
        what = p.action
        if what in NOT_STARTABLE:
            return _refuse("e133.full-round.start", f"{what} cannot be started this way")
        if f.full_round is not None:
            return _refuse("e133.full-round.start", f"{f.full_round['action']} is already "
                           "under way")
        plan = self._simple(s, f, p, "start_full_round", "e133.full-round.start", "standard",
                            p.provokes)
        if isinstance(plan, Plan):
            plan.set(f.id, full_round={"action": what, "round": s.clock.round},
                     full_round_lost=None)
        return plan

    def _p_complete_full_round(self, s: E133State, f: Fighter, p: CompleteFullRound
                               ) -> Plan | Refusal:
        fr = f.full_round
        if fr is None:
            detail = (f"{f.full_round_lost} was not completed in time and is lost"
                      if f.full_round_lost else f"{f.id} has started no full-round action")
            return _refuse("e133.full-round.complete", detail)
        if fr["round"] >= s.clock.round:
            return _refuse("e133.full-round.complete",
                           "a full-round action is completed in the following round")
        plan = self._simple(s, f, p, "complete_full_round", "e133.full-round.complete",
                            "standard", p.provokes)
        if isinstance(plan, Plan):
            plan.set(f.id, full_round=None)
            plan.note = fr["action"]
        return plan

    # -- bonus actions -----------------------------------------------------------------
    def _p_hide(self, s: E133State, f: Fighter, p: Hide) -> Plan | Refusal:
        cover = p.cover
        plan = self._simple(s, f, p, "hide", "e133.hide", "bonus", False)
        if isinstance(plan, Plan):
            plan.set(f.id, cover=cover)
            if p.dc is not None:
                plan.roll = Roll("Dexterity (Stealth)", f.stealth, p.dc)
                plan.set(f.id, hidden=True)
                plan.fail_sets = {f.id: {"cover": cover, "hidden": False}}
            else:
                # No DC given: the Stealth check is still made and recorded, for the GM to
                # compare with whoever is looking.
                plan.plain_roll = ("Dexterity (Stealth)", f.stealth)
        return plan

    def _p_trigger_device(self, s: E133State, f: Fighter, p: TriggerDevice
                          ) -> Plan | Refusal:
        return self._simple(s, f, p, "trigger_device", "e133.vehicle.trigger", "bonus", False)

    # -- vehicles and mounts -------------------------------------------------------------
    def _p_start_vehicle(self, s: E133State, f: Fighter, p: StartVehicle
                         ) -> Plan | Refusal:
        return self._vehicle_switch(s, f, p, "start_vehicle", running=False)

    def _p_park_vehicle(self, s: E133State, f: Fighter, p: ParkVehicle) -> Plan | Refusal:
        return self._vehicle_switch(s, f, p, "park_vehicle", running=True)

    def _vehicle_switch(self, s: E133State, f: Fighter, p: StartVehicle | ParkVehicle, kind: str,
                        running: bool) -> Plan | Refusal:
        hard = p.hotwire if isinstance(p, StartVehicle) else p.difficult
        if not f.in_vehicle:
            return _refuse("e133.vehicle.start", f"{f.id} is not in a vehicle")
        if f.vehicle_running != running:
            return _refuse("e133.vehicle.start",
                           f"the vehicle is already {'running' if not running else 'parked'}")
        if hard:
            plan = self._simple(s, f, p, kind, "e133.vehicle.hotwire", "standard", False)
            if isinstance(plan, Plan):
                if p.dc is None:
                    raise BadActionError(f"{kind}: params.dc: required for a "
                                         f"{'hotwire' if running is False else 'difficult stop'}")
                plan.roll = Roll(kind, p.modifier, p.dc)
                plan.set(f.id, vehicle_running=not running)
                plan.fail_sets = {}
            return plan
        plan = self._simple(s, f, p, kind, "e133.vehicle.start", "bonus", False)
        if isinstance(plan, Plan):
            plan.set(f.id, vehicle_running=not running)
        return plan

    def _p_enter_vehicle(self, s: E133State, f: Fighter, p: EnterVehicle
                         ) -> Plan | Refusal:
        return self._enter_exit(s, f, p, "enter_vehicle", entering=True)

    def _p_exit_vehicle(self, s: E133State, f: Fighter, p: ExitVehicle) -> Plan | Refusal:
        return self._enter_exit(s, f, p, "exit_vehicle", entering=False)

    def _enter_exit(self, s: E133State, f: Fighter, p: ExitVehicle, kind: str,
                    entering: bool) -> Plan | Refusal:
        fast = p.fast
        if f.in_vehicle == entering:
            return _refuse("e133.vehicle.enter-exit",
                           f"{f.id} is {'already' if entering else 'not'} in a vehicle")
        if f.mounted:
            return _refuse("e133.vehicle.enter-exit", f"{f.id} must dismount first")
        changes: dict[str, Any] = {"in_vehicle": entering}
        if isinstance(p, EnterVehicle):
            changes["vehicle_speed"] = (f.vehicle_speed if p.vehicle_speed is None
                                        else p.vehicle_speed)
        else:
            changes["vehicle_running"] = False
        if not fast:
            # Easy vehicles (a bicycle, a motorbike) may make it quicker: `time`.
            time = p.time
            plan = self._simple(s, f, p, kind, "e133.vehicle.enter-exit", time, False,
                                "e133.vehicle.enter-exit")
            if isinstance(plan, Plan):
                plan.set(f.id, **changes)
            return plan
        # Fast: only tried if it could be done as a move action this round.
        payer = _move_payer(f)
        if payer is None:
            return _refuse("e133.vehicle.fast", "a fast enter/exit needs a move action that "
                           "could still be taken this round")
        plan = Plan(kind, "e133.vehicle.fast", "free")
        refusal = self._pay(s, f, plan)
        if refusal is not None:
            return refusal
        self._provoke(s, f, plan, p, False, "e133.vehicle.enter-exit")
        plan.roll = Roll("Navigation (fast enter/exit)", f.navigation - f.armour_check_penalty,
                         18)
        plan.set(f.id, **changes)
        # A failure makes it a move action instead: the move is paid, the entry still happens.
        plan.fail_sets = {f.id: dict(changes)}
        plan.fail_pay = [payer]
        plan.fail_free = False
        return plan

    def _p_pilot_vehicle(self, s: E133State, f: Fighter, p: PilotVehicle
                         ) -> Plan | Refusal:
        dist = p.distance
        if not f.in_vehicle:
            return _refuse("e133.vehicle.pilot", f"{f.id} is not in a vehicle")
        if dist > f.vehicle_speed:
            return _refuse("e133.vehicle.pilot", f"the vehicle moves at most {f.vehicle_speed}"
                           f" ft, not {dist}")
        # Some vehicles take a full-round action to move (Pilot Vehicle).
        cost = "full" if p.full_round else "move"
        plan = self._simple(s, f, p, "pilot_vehicle", "e133.vehicle.pilot", cost, True)
        if isinstance(plan, Plan):
            self._leave(s, f, plan, p)
        if isinstance(plan, Plan) and p.dc is not None:
            plan.roll = Roll("Navigation (manoeuvre)", f.navigation, p.dc)
        return plan

    def _p_mount(self, s: E133State, f: Fighter, p: Provoking) -> Plan | Refusal:
        if f.mounted or f.in_vehicle:
            return _refuse("e133.mount.mount-dismount", f"{f.id} is already riding or aboard")
        plan = self._simple(s, f, p, "mount", "e133.mount.mount-dismount", "move", False)
        if isinstance(plan, Plan):
            plan.set(f.id, mounted=True)
        return plan

    def _p_dismount(self, s: E133State, f: Fighter, p: Provoking) -> Plan | Refusal:
        if not f.mounted:
            return _refuse("e133.mount.mount-dismount", f"{f.id} is not mounted")
        plan = self._simple(s, f, p, "dismount", "e133.mount.mount-dismount", "move", False)
        if isinstance(plan, Plan):
            plan.set(f.id, mounted=False)
        return plan

    def _p_control_mount(self, s: E133State, f: Fighter, p: Provoking
                         ) -> Plan | Refusal:
        if not f.mounted:
            return _refuse("e133.mount.frightened", f"{f.id} is not mounted")
        return self._simple(s, f, p, "control_mount", "e133.mount.frightened", "move", True)

    # -- weapons, shields, items -------------------------------------------------------
    def _p_draw_weapon(self, s: E133State, f: Fighter, p: DrawWeapon) -> Plan | Refusal:
        stored = p.stored
        with_move = p.with_move
        count = p.count
        if count > 2:
            raise BadActionError("draw_weapon: param 'count' is 1 or 2")
        if count == 2 and "two_weapon_fighting" not in f.features:
            return _refuse("e133.weapon.two-weapon", f"{f.id} lacks Two-Weapon fighting")
        if stored:
            if with_move:
                return _refuse("e133.weapon.stored", "a stored weapon is retrieved, not drawn "
                               "during a move")
            return self._simple(s, f, p, "draw_weapon", "e133.weapon.stored", "move", True)
        if with_move:
            if f.bab < 1:
                return _refuse("e133.weapon.draw-with-move",
                               f"{f.id}'s base attack bonus is below +1")
            if not (f.move_open and f.moved_any):
                return _refuse("e133.weapon.draw-with-move", "no regular move this turn to "
                               "combine the draw with")
            return self._simple(s, f, p, "draw_weapon", "e133.weapon.draw-with-move", "free",
                                False)
        return self._simple(s, f, p, "draw_weapon", "e133.weapon.draw", "move", False)

    def _p_draw_ammunition(self, s: E133State, f: Fighter, p: Provoking
                           ) -> Plan | Refusal:
        return self._simple(s, f, p, "draw_ammunition", "e133.weapon.draw", "free", False)

    def _p_sheathe_weapon(self, s: E133State, f: Fighter, p: Provoking
                          ) -> Plan | Refusal:
        return self._simple(s, f, p, "sheathe_weapon", "e133.weapon.sheathe", "move", True)

    def _p_ready_shield(self, s: E133State, f: Fighter, p: Provoking) -> Plan | Refusal:
        if f.shield != "carried":
            return _refuse("e133.shield.ready-loose", f"{f.id} has no carried shield to strap on")
        plan = self._simple(s, f, p, "ready_shield", "e133.shield.ready-loose", "move", False)
        if isinstance(plan, Plan):
            plan.set(f.id, shield="worn")
        return plan

    def _p_loose_shield(self, s: E133State, f: Fighter, p: Provoking) -> Plan | Refusal:
        if f.shield != "worn":
            return _refuse("e133.shield.ready-loose", f"{f.id} wears no shield")
        plan = self._simple(s, f, p, "loose_shield", "e133.shield.ready-loose", "move", False)
        if isinstance(plan, Plan):
            plan.set(f.id, shield="none")
        return plan

    def _p_drop_shield(self, s: E133State, f: Fighter, p: Provoking) -> Plan | Refusal:
        if f.shield != "carried":
            return _refuse("e133.shield.drop", "only a carried (not worn) shield is dropped "
                           f"for free; {f.id}'s is {f.shield}")
        plan = self._simple(s, f, p, "drop_shield", "e133.shield.drop", "free", False)
        if isinstance(plan, Plan):
            plan.set(f.id, shield="none")
        return plan

    def _manipulate(self, kind: str) -> Any:
        def planner(s: E133State, f: Fighter, p: Manipulation) -> Plan | Refusal:
            if kind == "retrieve_item" and s.settings.free_list_wins:
                # The free-action list names taking a potion from a backpack (setting).
                return self._simple(s, f, p, kind, "e133.item.manipulate", "free", False)
            return self._simple(s, f, p, kind, "e133.item.manipulate", "move", True)

        return planner

    def _p_pick_up_item(self, s: E133State, f: Fighter, p: Provoking) -> Plan | Refusal:
        if s.settings.free_list_wins:
            return self._simple(s, f, p, "pick_up_item", "e133.item.pick-up", "free", False)
        return self._simple(s, f, p, "pick_up_item", "e133.item.pick-up", "move", True)

    # -- movement ----------------------------------------------------------------------
    def _p_move(self, s: E133State, f: Fighter, p: Move) -> Plan | Refusal:
        kind = "move"
        dist = p.distance
        mode = p.mode
        difficult = p.difficult_terrain
        accel = p.accelerated
        new_move = p.new_move
        if f.stepped:
            return _refuse("e133.five-foot-step.no-other-movement",
                           f"{f.id} took a 5-foot step this round")
        base = _mode_speed(f, mode)
        if base is None or base <= 0:
            return _refuse("e133.move.listed-speed", f"{f.id} has no {mode} speed")
        own = mode in f.speeds
        halved = mode in ("climb", "swim") and not own and not accel
        if accel and (mode not in ("climb", "swim") or own):
            return _refuse("e133.move.accelerated", "only climbing or swimming without a "
                           "climb or swim speed can be accelerated")
        cost = dist * (2 if difficult else 1) * (2 if halved else 1)
        if s.clock.round < f.rest_until and f.moved + dist > base:
            return _refuse("e133.dash.rest", f"{f.id} is resting after a dash: at most "
                           f"{base} ft this round")
        top = max(f.speeds.values(), default=0)
        cont = f.move_open and not new_move and f.move_used < top
        remaining = base - f.move_used if cont else base
        if cont and remaining <= 0:
            rule = "e133.move.speed" if mode in f.move_modes else "e133.move.speeds-switch"
            return _refuse(rule, f"{f.id} already moved {f.move_used} ft "
                           f"this move: nothing is left of the {mode} speed {base}")
        if cost > remaining:
            if difficult and dist * (2 if halved else 1) <= remaining:
                rule = "e133.move.difficult-terrain"
            elif halved and dist * (2 if difficult else 1) <= remaining:
                rule = "e133.move.climb-swim"
            elif mode == "jump":
                rule = "e133.move.jump"
            elif cont and f.move_used > 0 and mode not in f.move_modes:
                rule = "e133.move.speeds-switch"
            else:
                rule = "e133.move.speed"
            return _refuse(rule, f"{dist} ft of {mode} costs {cost} ft of movement; "
                           f"{remaining} ft are left in this move action")
        rule = {"jump": "e133.move.jump", "climb": "e133.move.climb-swim",
                "swim": "e133.move.climb-swim"}.get(mode, "e133.move.speed")
        if accel:
            rule = "e133.move.accelerated"
        elif difficult:
            rule = "e133.move.difficult-terrain"
        elif cont and mode not in f.move_modes:
            rule = "e133.move.speeds-switch"
        plan = Plan(kind, rule, "none" if cont else "move")
        if cont:
            plan.set(f.id, move_used=f.move_used + cost, move_modes=[*f.move_modes, mode])
        else:
            refusal = self._pay(s, f, plan)
            if refusal is not None:
                return refusal
            plan.set(f.id, move_open=True, move_used=cost, move_modes=[mode])
        plan.set(f.id, moved=f.moved + dist, moved_any=True)
        self._leave(s, f, plan, p)
        if mode in ("climb", "swim") and p.dc is not None:
            mod = p.modifier - (5 if accel else 0)
            plan.roll = Roll(f"{mode} check", mod, p.dc)
            plan.fail_sets = {f.id: {k: v for k, v in plan.sets[f.id].items() if k != "moved"}}
        return plan

    def _p_crawl(self, s: E133State, f: Fighter, p: Crawl) -> Plan | Refusal:
        dist = p.distance
        if dist != 5:
            return _refuse("e133.move.crawl", "a crawl moves exactly 5 feet")
        if f.stepped:
            return _refuse("e133.five-foot-step.no-other-movement")
        plan = self._simple(s, f, p, "crawl", "e133.move.crawl", "move", False)
        if isinstance(plan, Plan):
            # Crawling provokes from everyone threatening you at any point of the crawl.
            self._leave(s, f, plan, p, leaving=False)
            plan.set(f.id, moved=f.moved + 5, moved_any=True)
        return plan

    def _p_stand_up(self, s: E133State, f: Fighter, p: Provoking) -> Plan | Refusal:
        if "prone" not in f.conditions:
            return _refuse("e133.move.stand-up", f"{f.id} is not prone")
        plan = self._simple(s, f, p, "stand_up", "e133.move.stand-up", "move", True)
        if isinstance(plan, Plan):
            # Half the speed goes into standing; the rest of this move action remains.
            # Standing moves no distance, so it leaves the 5-foot step open (Move Action:
            # the step is for a round with no actual distance moved).
            plan.set(f.id, conditions=[c for c in f.conditions if c != "prone"],
                     move_open=True, move_used=_walk(f) // 2, move_modes=["walk"])
        return plan

    def _p_difficult_step(self, s: E133State, f: Fighter, p: DifficultStep
                          ) -> Plan | Refusal:
        mode = p.mode
        base = _mode_speed(f, mode)
        if base is None or base <= 0:
            return _refuse("e133.move.listed-speed", f"{f.id} has no {mode} speed")
        # The engine sees speeds only: `hampered: true` states that something else (a
        # condition, the terrain) keeps the combatant from moving even 5 feet.
        if base >= 10 and not p.hampered:
            return _refuse("e133.move.difficult-5ft", f"{f.id} can move 5 ft through difficult"
                           f" terrain normally ({mode} speed {base})")
        if f.stepped:
            return _refuse("e133.five-foot-step.no-other-movement")
        plan = self._simple(s, f, p, "difficult_step", "e133.move.difficult-5ft", "full", False)
        if isinstance(plan, Plan):
            self._leave(s, f, plan, p)
            plan.set(f.id, moved=f.moved + 5, moved_any=True)
        return plan

    def _p_five_foot_step(self, s: E133State, f: Fighter, p: FiveFootStep
                          ) -> Plan | Refusal:
        kind = "five_foot_step"
        mode = p.mode
        if f.stepped:
            return _refuse("e133.five-foot-step.once")
        if f.withdrew_this_turn:
            return _refuse("e133.withdraw.no-step")
        if f.dashed_this_turn and "run" not in f.features:
            return _refuse("e133.dash.no-step")
        # With the Run feature, the dash's own movement does not cost the step (READINGS).
        if f.moved_any and not (f.dashed_this_turn and "run" in f.features):
            return _refuse("e133.five-foot-step.no-other-movement",
                           f"{f.id} already moved this round")
        if mode not in f.speeds:
            return _refuse("e133.five-foot-step.listed-speed", f"{f.id} has no {mode} speed")
        if f.speeds[mode] <= 5:
            return _refuse("e133.five-foot-step.slow")
        if p.difficult_terrain or p.dark:
            return _refuse("e133.five-foot-step.terrain")
        plan = Plan(kind, "e133.five-foot-step.once", "none")
        enemies = _threateners(s, f, p, kind)
        plan.window = {"provoker": f.id, "kind": kind, "responders": [],
                       "blocked": dict.fromkeys(enemies, "e133.five-foot-step.no-provoke"),
                       "why_not": "e133.five-foot-step.no-provoke", "answered": []}
        plan.set(f.id, stepped=True, moved=f.moved + 5)
        return plan

    def _p_withdraw(self, s: E133State, f: Fighter, p: Withdraw) -> Plan | Refusal:
        kind = "withdraw"
        dist = p.distance
        mode = p.mode
        if f.withdrawn:
            return _refuse("e133.withdraw.once")
        if "blinded" in f.conditions or p.blinded:
            return _refuse("e133.withdraw.blinded")
        if mode not in f.speeds or f.speeds[mode] <= 0:
            return _refuse("e133.withdraw.listed-speed", f"{f.id} has no {mode} speed")
        if not p.straight:
            return _refuse("e133.withdraw.straight")
        if f.stepped:
            return _refuse("e133.withdraw.no-step", f"{f.id} took a 5-foot step this round")
        if f.moved_any:
            return _refuse("e133.withdraw.full-round", f"{f.id} already moved this turn")
        speed = f.speeds[mode]
        if _restricted(f):
            limit, plan = 2 * speed, Plan(kind, "e133.withdraw.restricted", "standard")
            if dist > limit:
                return _refuse("e133.withdraw.restricted", f"a restricted withdraw moves at "
                               f"most 2 × {speed} = {limit} ft")
        else:
            mult = 3 if f.armour == "heavy" else 4
            limit, plan = mult * speed, Plan(kind, "e133.withdraw.full-round", "full")
            if dist > limit:
                return _refuse("e133.withdraw.distance", f"a withdraw moves at most {mult} × "
                               f"{speed} = {limit} ft")
        if s.clock.round < f.rest_until and dist > speed:
            return _refuse("e133.dash.rest", f"{f.id} is resting: at most {speed} ft")
        refusal = self._pay(s, f, plan)
        if refusal is not None:
            return refusal
        # Visible enemies threatening the start square get no attack; unseen ones and the
        # squares passed later provoke as normal (Withdraw).
        visible = _threateners(s, f, p, kind)
        unseen = _enemies(s, f, p.unseen_threatened_by, "unseen_threatened_by", kind)
        passed = _enemies(s, f, p.passes_threatened_by, "passes_threatened_by", kind)
        responders = list(dict.fromkeys(unseen + passed))
        plan.window = {
            "provoker": f.id, "kind": kind, "responders": responders,
            "blocked": {e: "e133.withdraw.start-square" for e in visible if e not in responders},
            "why_not": "e133.withdraw.start-square", "answered": [],
        }
        plan.effects_add.append(_effect("no Dexterity bonus to AC", f.id,
                                        _next_turn_start(s, f)))
        plan.set(f.id, withdrawn=True, withdrew_this_turn=True, moved=f.moved + dist,
                 moved_any=True)
        return plan

    def _p_dash(self, s: E133State, f: Fighter, p: Dash) -> Plan | Refusal:
        kind = "dash"
        dist = p.distance
        mode = p.mode
        if f.in_vehicle:
            return _refuse("e133.vehicle.no-dash")
        if mode not in f.speeds or f.speeds[mode] <= 0:
            return _refuse("e133.dash.listed-speed", f"{f.id} has no {mode} speed")
        if (p.difficult_terrain or "blinded" in f.conditions
                or not p.can_see):
            return _refuse("e133.dash.terrain")
        if s.clock.round < f.rest_until:
            if s.clock.round == f.rest_until - 10:
                return _refuse("e133.dash.endurance", f"{f.id} failed the Constitution check "
                               "this round and must stop running")
            return _refuse("e133.dash.rest", f"{f.id} must rest until round {f.rest_until}")
        if f.stepped and "run" not in f.features:
            return _refuse("e133.dash.no-step", f"{f.id} took a 5-foot step this round")
        if f.moved_any:
            return _refuse("e133.dash.full-round", f"{f.id} already moved this turn")
        if dist > 2 * f.speeds[mode]:
            return _refuse("e133.dash.distance", f"a dash moves at most 2 × {f.speeds[mode]} ="
                           f" {2 * f.speeds[mode]} ft")
        plan = Plan(kind, "e133.dash.full-round", "full")
        refusal = self._pay(s, f, plan)
        if refusal is not None:
            return refusal
        self._leave(s, f, plan, p)
        streak = f.dash_streak + 1
        plan.set(f.id, dashed_this_turn=True, dash_streak=streak, moved=f.moved + dist,
                 moved_any=True)
        if streak > f.con:
            # Endurance: DC 10 Constitution check, +1 for each check already made.
            dc = 10 + f.dash_checks
            plan.rule = "e133.dash.endurance"
            plan.roll = Roll("Constitution (dash)", (f.con - 10) // 2, dc)
            plan.set(f.id, dash_checks=f.dash_checks + 1)
            # A failure stops the dash: nothing is spent but the rest starts this round.
            plan.fail_sets = {f.id: {"dash_streak": 0, "dash_checks": 0,
                                     "rest_until": s.clock.round + 10}}
            plan.fail_pay = []
            plan.fail_effects_remove = []
        return plan

    # -- game master ---------------------------------------------------------------------
    def _p_set_condition(self, s: E133State, f: Fighter | None, p: SetCondition
                         ) -> Plan | Refusal:
        g = _target(s, p.target, "set_condition")
        cond = p.condition
        value = p.value
        conds = [c for c in g.conditions if c != cond] + ([cond] if value else [])
        plan = Plan("set_condition", "gm", "none", keep_window=True)
        plan.set(g.id, conditions=conds)
        if value and cond == "incapacitated":
            plan.effects_remove = [e.id for e in s.effects if e.holder == g.id
                                   and e.name == "dodge"]
        return plan

    def _p_set_speed(self, s: E133State, f: Fighter | None, p: SetSpeed
                     ) -> Plan | Refusal:
        g = _target(s, p.target, "set_speed")
        mode = p.mode
        feet = p.feet
        speeds = {**g.speeds, mode: feet}
        plan = Plan("set_speed", "gm", "none", keep_window=True)
        plan.set(g.id, speeds=speeds)
        if all(v == 0 for v in speeds.values()):
            # Dodge is lost when the speed drops to 0 (Dodge).
            plan.effects_remove = [e.id for e in s.effects if e.holder == g.id
                                   and e.name == "dodge"]
        return plan

    def _p_add_effect(self, s: E133State, f: Fighter | None, p: AddEffect
                      ) -> Plan | Refusal:
        g = _target(s, p.target, "add_effect")
        name = p.name
        rounds = p.rounds
        # A duration in rounds ends just before the current initiative count (The Combat Round).
        count = s.clock.current_count() or 0
        plan = Plan("add_effect", "gm", "none", keep_window=True)
        plan.effects_add.append(_effect(name, g.id, Expiry("before_count", round=s.clock.round
                                                           + rounds, count=count)))
        return plan

    def _p_set_cover(self, s: E133State, f: Fighter | None, p: SetCover
                     ) -> Plan | Refusal:
        g = _target(s, p.target, "set_cover")
        cover = p.cover
        plan = Plan("set_cover", "gm", "none", keep_window=True)
        plan.set(g.id, cover=cover)
        return plan

    # ------------------------------------------------------------------ resolve
    def resolve(self, state: E133State, action: Action, dice: DiceSource) -> list[Event]:
        last = self._last_plan
        if (last is not None and last[2] is action and last[1] == state.version
                and last[0]() is state):
            plan: Plan | Refusal = last[3]
        else:
            plan = self._plan(state, action)
        if isinstance(plan, Refusal):
            raise IllegalActionError(plan)
        actor = action.actor or GM
        if plan.kind == "end_turn":
            return self._advance_events(state)
        events: list[Event] = []
        success = True
        if plan.roll is not None:
            record = plan.roll.check().roll(dice)
            success = record.success
            events.append(Event("check_rolled", {
                "actor": actor, "what": plan.roll.what, "record": record.to_dict(),
                "total": record.total, "dc": record.dc, "success": success,
            }))
        if plan.plain_roll is not None:
            what, modifier = plan.plain_roll
            rolled = roll_value(f"d20{modifier:+d}" if modifier else "d20", dice)
            events.append(Event("check_rolled", {
                "actor": actor, "what": what, "record": rolled.to_dict(),
                "total": rolled.total, "dc": None, "success": None,
            }))
        sets = plan.sets
        pay, free, removes = plan.pay, plan.free, plan.effects_remove
        adds = plan.effects_add
        if not success:
            if plan.fail_sets is not None:
                sets = plan.fail_sets
            if plan.fail_pay is not None:
                pay = plan.fail_pay
            if plan.fail_free is not None:
                free = plan.fail_free
            if plan.fail_effects_remove is not None:
                removes = plan.fail_effects_remove
            adds = []
        data: dict[str, Any] = {
            "actor": actor, "kind": plan.kind, "rule": plan.rule, "pay": list(pay),
            "free": free, "bonus": plan.bonus, "reaction": plan.reaction,
            "sets": copy.deepcopy(sets), "effects_add": copy.deepcopy(adds),
            "effects_remove": list(removes), "success": success, "params": dict(action.params),
        }
        if plan.note:
            data["note"] = plan.note
        if plan.attack is not None:
            data["attack"] = {**plan.attack, "hit": success if plan.roll else None}
        if not plan.keep_window:
            # A failed climb or an interrupted dash covers no ground: it leaves no square.
            moved = success or plan.kind not in ("move", "dash")
            data["window"] = copy.deepcopy(plan.window) if moved else None
        if plan.answer:
            data["answer"] = True
        events.append(Event("acted", data))
        return events

    # ------------------------------------------------------------------ apply
    def apply(self, state: E133State, event: Event) -> None:
        state.version += 1
        d = event.data
        t = event.type
        if t == "acted":
            self._apply_acted(state, d)
        elif t == "check_rolled":
            state.last_check = {"actor": d["actor"], "what": d["what"], "total": d["total"],
                                "dc": d["dc"], "success": d["success"]}
            if d["dc"] is None:
                state.last = f"{d['actor']}: {d['what']} {d['total']}"
            else:
                verdict = "succeeds" if d["success"] else "fails"
                state.last = f"{d['actor']}: {d['what']} {d['total']} vs {d['dc']}: {verdict}"
        elif t == "turn_ended":
            self._apply_turn_ended(state, d)
        elif t == "turn_started":
            self._apply_turn_started(state, d)
        elif t == "effect_ended":
            self._end_effect(state, d["id"], d["rule"])
        elif t == "settings":
            state.settings = parse_model(E133Settings, d["settings"])
            state.surprise = bool(d["surprise"])
        elif t == "combatant_joined":
            data = dict(copy.deepcopy(d))
            tiebreak = data.pop("tiebreak")
            subs = {"move": ["standard"]} if state.settings.double_move else {}
            f = Fighter(**data, budget=Budget.of({"standard": 1, "move": 1}, subs))
            state.fighters[f.id] = f
            state.clock.add(f.id, f.count, tiebreak)
        else:
            raise ValueError(f"e133: unknown event type {t!r}")

    def _apply_acted(self, state: E133State, d: Mapping[str, Any]) -> None:
        actor = d["actor"]
        f = state.fighters.get(actor)
        if f is not None:
            for slot in d["pay"]:
                f.budget.pay_exact(slot)
            if d["free"]:
                f.free_used += 1
            if d["bonus"]:
                f.bonus_left -= 1
            if d["reaction"] == "own":
                f.bonus_left -= 1
            elif d["reaction"] == "off":
                # Charged to the coming turn's bonus/reaction slot (Reactions).
                f.bonus_left = 0
                f.charged = True
            # Any further action by the same combatant closes the chance to disrupt the last.
            if (d["kind"] not in ("concentration_check", "dexterity_save")
                    and f.pending is not None and "pending" not in d["sets"].get(actor, {})):
                f.pending = None
        for fid, values in d["sets"].items():
            g = state.fighters[fid]
            for key, value in values.items():
                # the event is shared with the log: containers are copied, never aliased
                if value is not None and type(value) not in (int, str, bool):
                    value = copy.deepcopy(value)
                setattr(g, key, value)
        for eid in d["effects_remove"]:
            state.effects = [e for e in state.effects if e.id != eid]
        for raw in d["effects_add"]:
            exp = raw["expiry"]
            state.effects.append(Effect(
                id=f"fx{state.next_effect}", name=raw["name"], holder=raw["holder"],
                expiry=Expiry(exp["kind"], exp["round"], exp["count"], exp["combatant"]),
                data=dict(raw["data"]),
            ))
            state.next_effect += 1
        if "window" in d:
            w = d["window"]
            state.window = None if w is None else {
                **w, "responders": list(w["responders"]), "blocked": dict(w["blocked"]),
                "answered": list(w["answered"]),
            }
        if d.get("answer") and state.window is not None:
            state.window["answered"].append(actor)
        state.last = f"{actor}: {d['kind']}" + (f" ({d['note']})" if d.get("note") else "")

    def _end_effect(self, state: E133State, eid: str, rule: str) -> None:
        for e in state.effects:
            if e.id == eid:
                state.effects.remove(e)
                holder = state.fighters.get(e.holder)
                if holder is not None and e.data.get("ability"):
                    holder.ended[e.name] = rule
                    c = holder.concentrating
                    if c is not None and c["ability"] == e.name:
                        holder.concentrating = None
                return

    def _apply_turn_ended(self, state: E133State, d: Mapping[str, Any]) -> None:
        f = state.fighters[d["actor"]]
        if d.get("lapsed"):
            name = d["lapsed"]
            f.concentrating = None
            f.ended[name] = "e133.concentrate.lapse"
            state.effects = [e for e in state.effects
                             if not (e.holder == f.id and e.name == name)]
        if d.get("full_round_lost"):
            f.full_round_lost = d["full_round_lost"]
            f.full_round = None
        for eid in d.get("end_effects", []):
            self._end_effect(state, eid, "expiry")
        if not f.dashed_this_turn:
            # A round without a dash resets the endurance count and the DC (READINGS).
            f.dash_streak = 0
            f.dash_checks = 0
        if f.bonus_lost:
            # After the turn the off-turn reaction was charged to, the slot is free again.
            f.bonus_lost = False
            f.bonus_left = 1
        f.pending = None
        f.turns_taken += 1

    def _apply_turn_started(self, state: E133State, d: Mapping[str, Any]) -> None:
        clock = state.clock
        while clock.round < d["round"]:
            clock.start_round()
        clock.index = d["index"]
        state.started = True
        state.window = None
        f = state.fighters[d["actor"]]
        f.surprised = False
        f.restricted_turn = (state.surprise and clock.round == 1) or "restricted" in f.conditions
        allowance = {"standard": 1, "move": 0 if f.restricted_turn else 1}
        f.budget.reset(allowance)
        if f.charged:
            f.bonus_left = 0
            f.charged = False
            f.bonus_lost = True
        else:
            f.bonus_left = 1
            f.bonus_lost = False
        f.free_used = 0
        f.moved = 0
        f.moved_any = False
        f.move_open = False
        f.move_used = 0
        f.move_modes = []
        f.stepped = False
        f.attacks_left = 0
        f.attack_action_used = False
        f.disengaged = False
        f.withdrew_this_turn = False
        f.dashed_this_turn = False
        f.pending = None
        if f.concentrating is not None:
            f.concentrating = {**f.concentrating, "maintained": False}
        if f.readied is not None:
            # The readied action stands until the start of the readier's next turn.
            f.readied = None
            f.ready_expired = True
        state.last = f"round {clock.round}: {f.id}'s turn"

    # ------------------------------------------------------------------ legal actions
    # legal_actions offers a representative set of candidates (``candidates``): per enemy a
    # melee and a ranged attack, per speed a full move, a 5-foot move, a 5-foot step, a dash
    # and a withdraw, the fixed standard/move/free/bonus actions, the combatant's abilities,
    # and out of turn the attacks of opportunity and readied actions it may take.
    #
    # The fast path below does not plan each candidate: it reads the actor's facts once
    # (budget, flags, conditions, speeds) and decides each family of candidates with the
    # same tests the planners make, picking prebuilt Action objects from a per-combatant
    # menu. tests/e133/test_e133_legal_fast.py keeps the slow path (plan every candidate with
    # ``check``) and asserts over random play that both give exactly the same actions.
    def legal_actions(self, state: E133State, actor: str | None = None) -> Iterator[Action]:
        cached = self._cache.get(state)
        if cached is None or cached[0] != state.version:
            cached = (state.version, {})
            self._cache[state] = cached
        table = cached[1]
        result = table.get(actor)
        if result is None:
            result = self._generate(state, actor)
            table[actor] = result
        return iter(result)

    def _generate(self, state: E133State, actor: str | None) -> list[Action]:
        if self.outcome(state) is not None:
            return []
        current = state.clock.current()
        if actor is not None:
            f = state.fighters.get(actor)
            if f is None:
                return []
            if actor == current:
                return self._offer_turn(state, f)
            return self._offer_reactions(state, f)
        out: list[Action] = []
        for fid, f in state.fighters.items():
            out += self._offer_turn(state, f) if fid == current else self._offer_reactions(
                state, f)
        return out

    def _menu(self, state: E133State, f: Fighter) -> _Menu:
        side = f.side
        enemies = tuple([(g.id, g.ac) for g in state.fighters.values()
                         if g.side != side and "down" not in g.conditions])
        # Everything a menu is built from is in its key: menus are shared across games.
        bonus = f.attack_bonus
        key = (f.id, enemies, tuple(f.speeds.items()),
               tuple([(n, a["type"], a["action"]) for n, a in f.abilities.items()]),
               bonus.get("melee"), bonus.get("ranged"))
        menu = self._menus.get(key)
        if menu is None:
            if len(self._menus) > 4096:
                self._menus.clear()
            menu = self._menus[key] = _Menu(f, enemies)
        return menu

    def _move_action(self, fid: str, mode: str, dist: int, cost: str) -> Action:
        slot = (fid, "move", mode, dist, cost)
        action = self._actions.get(slot)
        if action is None:
            if len(self._actions) > 20_000:
                self._actions.clear()
            action = self._actions[slot] = Action("move", fid, {"distance": dist, "mode": mode},
                                                  cost=cost, cost_detail=MOVE_DETAIL[cost])
        return action

    def _offer_turn(self, state: E133State, f: Fighter) -> list[Action]:
        """The candidates the acting combatant may take now (see the comment above)."""
        menu = self._menu(state, f)
        if "down" in f.conditions:
            return [menu.end_turn]
        # ---- the actor's facts, read once
        settings = state.settings
        budget = f.budget
        left = budget.remaining
        std = left.get("standard", 0) > 0
        restricted = f.restricted_turn
        move_ok = left.get("move", 0) > 0 or (std and (
            restricted or "standard" in budget.substitutes.get("move", ())))
        full_ok = std and not restricted and left.get("move", 0) > 0
        bonus_ok = f.bonus_left > 0 and (settings.restricted_bonus or not restricted)
        limit = settings.free_actions_per_turn
        free_ok = limit is None or f.free_used < limit
        reaction_ok = f.bonus_left > 0 and not f.surprised
        conditions = f.conditions
        incap = "incapacitated" in conditions
        blinded = "blinded" in conditions
        run = "run" in f.features
        rnd = state.clock.round
        resting = rnd < f.rest_until
        stepped, moved_any = f.stepped, f.moved_any
        speeds = f.speeds
        fighters = state.fighters

        out = [menu.end_turn]
        # ---- attacks (Attack; Multiple Attacks; cover)
        extra = f.attacks_left > 0
        if extra or std:
            pick = 1 if extra else 0
            # An attack's odds: cover adds to the AC, a dodging target gives disadvantage
            # (Dodge). The prebuilt offers carry the odds without either.
            dodgers = ({e.holder for e in state.effects if e.name == "dodge"}
                       if state.effects else ())
            for target, pair, base, i in menu.attacks:
                cover = fighters[target].cover
                if cover == "none":
                    if base is None or target not in dodgers:
                        out.append(pair[pick])
                        continue
                elif cover == "total":
                    continue
                elif base is None:
                    out.append(pair[pick])
                    continue
                out.append(menu.rolled(i, pick, COVERS[cover], target in dodgers))
        # ---- movement (Move; Using Different Speeds; Take 5-Foot Step; Dash; Withdraw)
        cont = f.move_open and f.move_used < (max(speeds.values()) if speeds else 0)
        moved, move_used = f.moved, f.move_used

        def move_cost(base: int | None, dist: int) -> int:
            """0: refused; 1: pays a move action; 2: continues the open move action."""
            if stepped or base is None or base <= 0 or (resting and moved + dist > base):
                return 0
            if cont:
                room = base - move_used
                return 2 if room > 0 and dist <= room else 0
            return 1 if dist <= base and move_ok else 0

        if menu.near_move is not None:
            how = move_cost(speeds.get("walk"), 5)
            if how:
                out.append(menu.near_move[how - 1])
        step_ok = not (stepped or f.withdrew_this_turn or (f.dashed_this_turn and not run)
                       or (moved_any and not (f.dashed_this_turn and run)))
        dash_ok = (full_ok and not f.in_vehicle and not blinded and not resting
                   and not (stepped and not run) and not moved_any)
        dash_roll = f.dash_streak + 1 > f.con
        withdraw_ok = (not f.withdrawn and not blinded and not stepped and not moved_any
                       and not resting and (std if restricted else full_ok))
        for mode, speed, moves5, step, dash, withdraws in menu.modes:
            room = speed - move_used if f.move_open else speed
            if room >= 5:
                dist = room - room % 5
                if dist != 5:
                    how = move_cost(speed, dist)
                    if how:
                        out.append(self._move_action(f.id, mode, dist, MOVE_COSTS[how - 1]))
            how = move_cost(speed, 5)
            if how:
                out.append(moves5[how - 1])
            if step_ok and speed > 5:
                out.append(step)
            if dash_ok:
                if dash_roll:
                    roll = Roll("Constitution (dash)", (f.con - 10) // 2, 10 + f.dash_checks)
                    out.append(Action("dash", f.id, dash.params, cost=dash.cost,
                                      odds=_odds_text(roll), cost_detail=dash.cost_detail))
                else:
                    out.append(dash)
            if withdraw_ok:
                out.append(withdraws[0 if restricted else 1])
        # ---- the fixed candidates, in FIXED_CANDIDATES order
        fx = menu.fixed
        if std:
            out.append(fx["disengage"])
            if not incap and any(speeds.values()):
                out.append(fx["dodge"])
            out.append(fx["total_defense"])
        if bonus_ok:
            out.append(fx["hide"])
        if std:
            out.append(fx["ready"])
            out.append(fx["spark"])
            if not incap and f.concentrating is None:
                out.append(fx["ward"])
        if move_ok:
            out.append(fx["draw_weapon"])
            out.append(fx["sheathe_weapon"])
        if free_ok:
            out.append(fx["draw_ammunition"])
        if move_ok and "prone" in conditions:
            out.append(fx["stand_up"])
        if std:
            out.append(fx["feint"])
            full_round = f.full_round
            if full_round is None:
                out.append(fx["start_full_round"])
            elif full_round["round"] < rnd:
                out.append(fx["complete_full_round"])
        if free_ok:
            out.append(fx["free_action"])
        # ---- concentration, abilities, a readied action
        c = f.concentrating
        if c is not None:
            if std and not incap:
                out.append(fx["concentrate"])
            if free_ok:
                out.append(self._cached(f.id, "dismiss", {"ability": c["ability"]}, "free"))
        if menu.abilities:
            can = {"standard": std, "move": move_ok, "full": full_ok, "free": free_ok,
                   "bonus": bonus_ok, "reaction": reaction_ok, "none": True}
            uses = f.uses
            for name, kind, cost, action in menu.abilities:
                if (name in uses and uses[name] < 1) or (kind == "spell_like" and incap):
                    continue
                if can[cost]:
                    out.append(action)
        if f.readied is not None and reaction_ok and self._readied_ok(f):
            out.append(menu.fire_readied)
        return out

    def _cached(self, fid: str, kind: str, params: dict[str, Any], cost: str) -> Action:
        slot = (fid, kind, *params.values(), cost)
        action = self._actions.get(slot)
        if action is None:
            if len(self._actions) > 20_000:
                self._actions.clear()
            action = self._actions[slot] = Action(kind, fid, params, cost=COST_LABEL[cost],
                                                  cost_detail=COST_DETAIL[cost])
        return action

    @staticmethod
    def _readied_ok(f: Fighter) -> bool:
        """A readied move still fits the speed (fire_readied with its default distance)."""
        readied = f.readied
        assert readied is not None
        if readied["action"] not in ("move", "movement"):
            return True
        return bool((readied["distance"] or 0) <= _walk(f))

    def _offer_reactions(self, state: E133State, f: Fighter) -> list[Action]:
        """Out of turn: an attack of opportunity the window allows, a readied action."""
        if f.bonus_left < 1 or f.surprised or "down" in f.conditions:
            return []
        out: list[Action] = []
        w = state.window
        fid = f.id
        if (w is not None and fid in w["responders"] and fid not in w["answered"]
                and fid not in w["blocked"]
                and state.fighters[w["provoker"]].cover != "total"):
            out.append(self._aoo_offer(state, f, w["provoker"]))
        if f.readied is not None and self._readied_ok(f):
            out.append(self._cached(fid, "fire_readied", {}, "reaction"))
        return out

    def _aoo_offer(self, state: E133State, f: Fighter, target: str) -> Action:
        """The attack of opportunity on ``target``, with its odds when the set-up gives the
        attacker a melee bonus and the target an AC."""
        g = state.fighters[target]
        bonus = f.attack_bonus.get("melee")
        if bonus is None or g.ac is None:
            return self._cached(f.id, "aoo", {"target": target}, "reaction")
        cover = COVERS[g.cover]
        dis = _has_effect(state, target, "dodge") is not None
        slot = (f.id, "aoo", target, bonus, g.ac, cover, dis)
        action = self._actions.get(slot)
        if action is None:
            if len(self._actions) > 20_000:
                self._actions.clear()
            action = self._actions[slot] = Action.offer(
                "aoo", f.id, {"target": target, "attack_bonus": bonus, "ac": g.ac},
                COST_LABEL["reaction"], _attack_odds(bonus, g.ac + cover, False, dis),
                COST_DETAIL["reaction"])
        return action

    def candidates(self, state: E133State, fid: str) -> list[Candidate]:
        """Every candidate ``legal_actions`` considers for ``fid`` now, legal or not.

        The reference for the fast path: planning each of these with ``check`` and keeping
        the allowed ones gives exactly what ``legal_actions`` offers.
        """
        f = state.fighters[fid]
        if state.clock.current() == fid:
            return self._candidates(state, f)
        return self._reaction_candidates(state, f)

    def _reaction_candidates(self, state: E133State, f: Fighter) -> list[Candidate]:
        out: list[Candidate] = []
        w = state.window
        if w is not None and f.id in w["responders"] and f.id not in w["answered"]:
            target = w["provoker"]
            out.append(("aoo", ("aoo", target),
                        _attack_params(f, state.fighters[target], "melee", {"target": target})))
        if f.readied is not None:
            out.append(("fire_readied", ("fire_readied",), {}))
        return out

    def _candidates(self, state: E133State, f: Fighter) -> list[Candidate]:
        """A representative set of actions to offer; each is planned before it is offered."""
        out: list[Candidate] = [("end_turn", ("end_turn",), {})]
        foes = [g for g in state.fighters.values()
                if g.side != f.side and "down" not in g.conditions]
        enemies = [g.id for g in foes]
        for g in foes:
            e = g.id
            for mode in ("melee", "ranged"):
                out.append(("attack", ("attack", e, mode),
                            _attack_params(f, g, mode, {"target": e, "mode": mode})))
        if enemies:
            # the same acts in reach of an enemy, so that the provoked windows show up too
            e = enemies[0]
            out.append(("attack", ("attack", e, "ranged", "near"), _attack_params(
                f, foes[0], "ranged", {"target": e, "mode": "ranged", "threatened_by": [e]})))
            out.append(("move", ("move", 5, "near", e),
                        {"distance": 5, "leaves_threatened_by": [e]}))
        for mode, speed in f.speeds.items():
            if speed <= 0:
                continue
            left = speed - f.move_used if f.move_open else speed
            if left >= 5 and left - left % 5 != 5:
                d = left - left % 5
                out.append(("move", ("move", d, mode), {"distance": d, "mode": mode}))
            out.append(("move", ("move", 5, mode), {"distance": 5, "mode": mode}))
            out.append(("five_foot_step", ("five_foot_step", mode), {"mode": mode}))
            out.append(("dash", ("dash", 2 * speed, mode),
                        {"distance": 2 * speed, "mode": mode}))
            out.append(("withdraw", ("withdraw", 2 * speed, mode),
                        {"distance": 2 * speed, "mode": mode}))
        out += FIXED_CANDIDATES
        if f.concentrating is not None:
            name = f.concentrating["ability"]
            out.append(("concentrate", ("concentrate",), {}))
            out.append(("dismiss", ("dismiss", name), {"ability": name}))
        for name in f.abilities:
            out.append(("use_ability", ("use_ability", name), {"ability": name}))
        if f.readied is not None:
            out.append(("fire_readied", ("fire_readied",), {}))
        return out

    # ------------------------------------------------------------------ views
    def view(self, state: E133State, seat: str | None = None) -> dict[str, Any]:
        clock = state.clock
        combatants: dict[str, Any] = {}
        for f in state.fighters.values():
            combatants[f.id] = {
                "name": f.name, "side": f.side, "controller": f.controller,
                "initiative": f.count, "init_roll": f.init_roll, "speeds": dict(f.speeds),
                "standard": f.budget.left("standard"), "move": f.budget.left("move"),
                "bonus": f.bonus_left, "reaction_charged": f.charged or f.bonus_lost,
                "free_used": f.free_used, "moved": f.moved, "move_used": f.move_used,
                "stepped": f.stepped, "attacks_left": f.attacks_left,
                "disengaged": f.disengaged, "withdrawn": f.withdrawn,
                "dash_streak": f.dash_streak, "dash_checks": f.dash_checks,
                "resting_until": f.rest_until, "surprised": f.surprised,
                "restricted": f.restricted_turn, "conditions": list(f.conditions),
                "concentrating": None if f.concentrating is None
                else f.concentrating["ability"],
                "ended": dict(f.ended), "readied": copy.deepcopy(f.readied),
                "full_round": None if f.full_round is None else f.full_round["action"],
                "full_round_lost": f.full_round_lost, "cover": f.cover,
                "hidden": f.hidden, "shield": f.shield, "mounted": f.mounted,
                "in_vehicle": f.in_vehicle, "vehicle_running": f.vehicle_running,
                "uses": dict(f.uses), "turns_taken": f.turns_taken,
                "attack_bonus": dict(f.attack_bonus), "ac": f.ac,
                "effects": [e.name for e in state.effects
                            if e.holder == f.id or e.data.get("target") == f.id],
            }
            if seat is not None and f.controller != seat and f.readied is not None:
                # Another seat sees that something is readied, not the trigger or the action.
                combatants[f.id]["readied"] = {"round": f.readied["round"]}
        return {
            "round": clock.round,
            # each round is 6 seconds of game time (The Combat Round)
            "seconds_elapsed": 6 * max(clock.round - 1, 0),
            "surprise_round": state.surprise and clock.round == 1,
            "turn": clock.current(),
            "order": clock.order(),
            "combatants": combatants,
            "effects": [
                {"id": e.id, "name": e.name, "holder": e.holder,
                 "target": e.data.get("target", e.holder), "ends": e.expiry.kind,
                 "round": e.expiry.round, "count": e.expiry.count}
                for e in state.effects
            ],
            "window": copy.deepcopy(state.window),
            "settings": state.settings.to_dict(),
            "last": state.last,
            "last_check": None if state.last_check is None else dict(state.last_check),
        }

    def visible_command(
        self, state: E133State, action: Action | None, events: Sequence[Event], seat: str
    ) -> tuple[dict[str, Any] | None, list[dict[str, Any]]]:
        """What ``seat`` may see of one command: all of it but other seats' readied actions.

        As in :meth:`view`, a seat that does not control the readier sees that something is
        readied (and in which round), not the trigger, the action or its parameters: they
        are taken out of the ``ready`` action's params and of the events that record it.
        Once fired, a readied action is public (``fire_readied`` names it).
        """

        def theirs(fid: Any) -> bool:
            f = state.fighters.get(fid) if isinstance(fid, str) else None
            return f is None or f.controller != seat

        shown_action = None if action is None else copy.deepcopy(action.to_dict())
        if shown_action is not None and action is not None and action.kind == "ready" \
                and theirs(action.actor):
            shown_action["params"] = _without_plan(action.params)
        shown: list[dict[str, Any]] = []
        for event in events:
            data = copy.deepcopy(dict(event.data))
            if event.type == "acted":
                if data.get("kind") == "ready" and theirs(data.get("actor")):
                    data["params"] = _without_plan(data.get("params") or {})
                for fid, values in (data.get("sets") or {}).items():
                    readied = values.get("readied")
                    if isinstance(readied, Mapping) and theirs(fid):
                        values["readied"] = {"round": readied.get("round")}
            shown.append({"type": event.type, "data": data})
        return shown_action, shown

    def status_lines(self, state: E133State) -> list[str]:
        clock = state.clock
        tag = " (surprise round)" if state.surprise and clock.round == 1 else ""
        lines = [f"Round {clock.round}{tag}: {clock.current()}'s turn"]
        for fid in clock.order():
            f = state.fighters[fid]
            mark = ">" if fid == clock.current() else " "
            extra = []
            if f.concentrating:
                extra.append(f"concentrating on {f.concentrating['ability']}")
            if f.readied:
                extra.append(f"readied {f.readied['action']}")
            extra += f.conditions
            lines.append(
                f"{mark} {f.count:>3} {f.name:<12} std {f.budget.left('standard')} "
                f"move {f.budget.left('move')} bonus/reaction {f.bonus_left} "
                f"moved {f.moved} ft" + (f" [{', '.join(extra)}]" if extra else "")
            )
        if state.window and state.window["responders"]:
            w = state.window
            waiting = [r for r in w["responders"] if r not in w["answered"]]
            if waiting:
                lines.append(f"{w['provoker']}'s {w['kind']} provokes from: "
                             f"{', '.join(waiting)}")
        return lines

    def tracker(self, state: E133State) -> dict[str, Any]:
        clock = state.clock
        order = []
        for fid in clock.order():
            f = state.fighters[fid]
            move_max = 0 if f.restricted_turn else 1
            order.append({
                "id": f.id, "name": f.name, "controller": f.controller,
                "current": fid == clock.current(),
                "pips": {
                    "standard": [f.budget.left("standard"), 1],
                    "move": [f.budget.left("move"), move_max],
                    "bonus": [max(f.bonus_left, 0), 1],
                },
            })
        return {"round": clock.round, "turn": clock.current(), "order": order}


# kind -> (usual cost, may be taken outside one's own turn)
ACTION_KINDS: dict[str, tuple[str, bool]] = {
    "end_turn": ("none", False),
    "standard_action": ("standard", False),
    "move_action": ("move", False),
    "full_round_action": ("full", False),
    "free_action": ("free", False),
    "bonus_action": ("bonus", False),
    "reaction": ("reaction", True),
    "attack": ("standard", False),
    "full_attack": ("full", False),
    "charge": ("full", False),
    "aoo": ("reaction", True),
    "cast": ("standard", False),
    "concentrate": ("standard", False),
    "dismiss": ("free", False),
    "concentration_check": ("none", True),
    "activate_item": ("standard", False),
    "drink_potion": ("standard", False),
    "use_ability": ("standard", True),
    "use_skill": ("standard", False),
    "use_feature": ("standard", True),
    "aid_another": ("standard", False),
    "sunder": ("standard", False),
    "reload": ("standard", False),
    "disengage": ("standard", False),
    "dodge": ("standard", False),
    "dexterity_save": ("none", True),
    "ready": ("standard", False),
    "fire_readied": ("reaction", True),
    "start_full_round": ("standard", False),
    "complete_full_round": ("standard", False),
    "hide": ("bonus", False),
    "trigger_device": ("bonus", False),
    "start_vehicle": ("bonus", False),
    "park_vehicle": ("bonus", False),
    "enter_vehicle": ("move", False),
    "exit_vehicle": ("move", False),
    "pilot_vehicle": ("move", False),
    "mount": ("move", False),
    "dismount": ("move", False),
    "control_mount": ("move", False),
    "draw_weapon": ("move", False),
    "draw_ammunition": ("free", False),
    "sheathe_weapon": ("move", False),
    "ready_shield": ("move", False),
    "loose_shield": ("move", False),
    "drop_shield": ("free", False),
    "pick_up_item": ("move", False),
    "move": ("move", False),
    "crawl": ("move", False),
    "stand_up": ("move", False),
    "difficult_step": ("full", False),
    "five_foot_step": ("none", False),
    "withdraw": ("full", False),
    "dash": ("full", False),
    "set_condition": ("none", True),
    "set_speed": ("none", True),
    "set_cover": ("none", True),
    "add_effect": ("none", True),
}
for _kind in TABLE_ROWS:
    ACTION_KINDS[_kind] = ("standard", False)
for _kind in MANIPULATE:
    ACTION_KINDS[_kind] = ("move", False)
GM_KINDS = ("set_condition", "set_speed", "set_cover", "add_effect")
# (kind, a hashable key naming this candidate, params)
Candidate = tuple[str, tuple[Any, ...], dict[str, Any]]
# Candidates every acting combatant is offered when they pass their checks.
_FIXED: list[tuple[str, dict[str, Any]]] = [
    ("disengage", {}), ("dodge", {}), ("total_defense", {}), ("hide", {}),
    ("ready", {"trigger": "an enemy comes within reach", "action": "attack"}),
    ("cast", {"spell": "spark"}),
    ("cast", {"spell": "ward", "concentration": True, "duration_rounds": 3}),
    ("draw_weapon", {}), ("sheathe_weapon", {}), ("draw_ammunition", {}),
    ("stand_up", {}), ("feint", {}), ("start_full_round", {"action": "ritual"}),
    ("complete_full_round", {}), ("free_action", {"what": "open a door"}),
]
FIXED_CANDIDATES: list[Candidate] = [(k, (k, *p.values()), p) for k, p in _FIXED]
# The two cost labels of a move: it pays a move action, or continues the open one.
MOVE_COSTS = ("move action", "part of the current move action")
# The same as data (Action.cost_detail): a move that continues the open move action uses
# nothing new.
MOVE_DETAIL: dict[str, Mapping[str, int]] = {
    MOVE_COSTS[0]: COST_DETAIL["move"], MOVE_COSTS[1]: COST_DETAIL["none"]}


def _attack_params(f: Fighter, g: Fighter, mode: str, params: dict[str, Any]
                   ) -> dict[str, Any]:
    """An offered attack's params: with the set-up's attack bonus and AC when both are known
    (so that the offer carries its odds and resolving it rolls the same numbers)."""
    bonus = f.attack_bonus.get(mode)
    if bonus is None or g.ac is None:
        return params
    return {**params, "attack_bonus": bonus, "ac": g.ac}


class _Menu:
    """One combatant's candidate actions, prebuilt for one set of enemies and speeds.

    ``legal_actions`` picks from these instead of building and planning each candidate.
    """

    def __init__(self, f: Fighter, foes: tuple[tuple[str, int | None], ...]) -> None:
        fid = f.id

        def act(kind: str, params: dict[str, Any], cost: str) -> Action:
            return Action(kind, fid, params, cost=COST_LABEL[cost],
                          cost_detail=COST_DETAIL[cost])

        def moves(params: dict[str, Any]) -> tuple[Action, Action]:
            return (Action("move", fid, params, cost=MOVE_COSTS[0],
                           cost_detail=MOVE_DETAIL[MOVE_COSTS[0]]),
                    Action("move", fid, params, cost=MOVE_COSTS[1],
                           cost_detail=MOVE_DETAIL[MOVE_COSTS[1]]))

        self.end_turn = act("end_turn", {}, "none")
        # (target, (the attack paying the standard action, a further attack of the same
        # action), (attack bonus, target's AC) when both are known, else None, its index).
        # With a bonus and an AC, the pair carries the odds against no cover and no dodge.
        attacks: list[tuple[str, tuple[Action, Action], tuple[int, int] | None, int]] = []

        def attack(e: str, ac: int | None, p: dict[str, Any]) -> None:
            bonus = f.attack_bonus.get(p["mode"])
            if bonus is None or ac is None:
                pair = (act("attack", p, "standard"), act("attack", p, "none"))
                attacks.append((e, pair, None, len(attacks)))
                return
            p = {**p, "attack_bonus": bonus, "ac": ac}
            odds = _attack_odds(bonus, ac, False, False)
            pair = (Action("attack", fid, p, cost=COST_LABEL["standard"], odds=odds,
                           cost_detail=COST_DETAIL["standard"]),
                    Action("attack", fid, p, cost=COST_LABEL["none"], odds=odds,
                           cost_detail=COST_DETAIL["none"]))
            attacks.append((e, pair, (bonus, ac), len(attacks)))

        for e, ac in foes:
            for mode in ("melee", "ranged"):
                attack(e, ac, {"target": e, "mode": mode})
        self.near_move: tuple[Action, Action] | None = None
        if foes:
            e, ac = foes[0]
            attack(e, ac, {"target": e, "mode": "ranged", "threatened_by": [e]})
            self.near_move = moves({"distance": 5, "leaves_threatened_by": [e]})
        self.attacks = attacks
        self._rolled: dict[tuple[int, int, int, bool], Action] = {}
        self.modes: list[tuple[str, int, tuple[Action, Action], Action, Action,
                               tuple[Action, Action]]] = []
        for mode, speed in f.speeds.items():
            if speed <= 0:
                continue
            far = {"distance": 2 * speed, "mode": mode}
            self.modes.append((
                mode, speed, moves({"distance": 5, "mode": mode}),
                act("five_foot_step", {"mode": mode}, "none"),
                act("dash", far, "full"),
                (act("withdraw", far, "standard"), act("withdraw", far, "full")),
            ))
        self.fixed: dict[str, Action] = {}
        for kind, params in _FIXED:
            name = str(params.get("spell", kind))
            self.fixed[name] = act(kind, dict(params), ACTION_KINDS[kind][0])
        self.fixed["concentrate"] = act("concentrate", {}, "standard")
        self.fire_readied = act("fire_readied", {}, "reaction")
        self.abilities: list[tuple[str, str, str, Action]] = []
        for name, ab in f.abilities.items():
            cost = {"full_round": "full"}.get(ab["action"], ab["action"])
            self.abilities.append((name, ab["type"], cost,
                                   act("use_ability", {"ability": name}, cost)))

    def rolled(self, i: int, pick: int, cover: int, disadvantage: bool) -> Action:
        """Attack ``i`` (``pick`` as in ``attacks``) with its exact odds: the target's AC plus
        ``cover``, with or without disadvantage. Built once per combination."""
        key = (i, pick, cover, disadvantage)
        action = self._rolled.get(key)
        if action is None:
            _, pair, base, _ = self.attacks[i]
            plain = pair[pick]
            assert base is not None
            odds = _attack_odds(base[0], base[1] + cover, False, disadvantage)
            action = self._rolled[key] = Action.offer(plain.kind, plain.actor, plain.params,
                                                      plain.cost, odds, plain.cost_detail)
        return action
