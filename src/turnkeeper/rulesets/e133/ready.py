"""Ready, and starting / completing a full-round action over two rounds.
Element 133, Action Economy: Ready; Start/Complete Full-Round Action."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

from turnkeeper.core.model import (
    BadActionError,
    Refusal,
)
from turnkeeper.core.schema import SchemaError, did_you_mean, field_names, parse_model
from turnkeeper.rulesets.e133.abilities import (
    ability_of,
    ability_refusal,
    ability_used,
    cast_refusal,
    cast_target,
    concentrate_part,
    dismiss_part,
    feature_part,
    skill_roll,
    start_ability,
)
from turnkeeper.rulesets.e133.actions import (
    ACTION_KINDS,
    ACTIONS,
    GM_KINDS,
    MANIPULATE,
    TABLE_ROWS,
    AidAnother,
    Attack,
    Cast,
    CompleteFullRound,
    FireReadied,
    Ready,
    StartFullRound,
    Sunder,
    UseSkill,
)
from turnkeeper.rulesets.e133.attacks import attack_provokes, attack_roll, attack_weapon
from turnkeeper.rulesets.e133.economy import (
    Part,
    Provocation,
    bonus_part,
    generic_part,
    leave,
    pay,
    provoke,
    reaction_part,
    simple,
    taken,
)
from turnkeeper.rulesets.e133.items import (
    activate_part,
    ammunition_part,
    draw_part,
    drop_shield_part,
    item_part,
    loose_shield_part,
    pick_up_part,
    potion_part,
    ready_shield_part,
    reload_part,
    sheathe_part,
)
from turnkeeper.rulesets.e133.movement import stand_up_part
from turnkeeper.rulesets.e133.plan import (
    NOT_READIABLE,
    NOT_STARTABLE,
    Plan,
    refuse,
    target_of,
    travel,
    walk_speed,
)
from turnkeeper.rulesets.e133.standard import (
    aid_provokes,
    disengage_part,
    dodge_barred,
    dodge_effect,
    hide_part,
    row_effects,
    sunder_provokes,
)
from turnkeeper.rulesets.e133.state import E133State, Fighter
from turnkeeper.rulesets.e133.vehicles import (
    control_mount_part,
    device_part,
    dismount_part,
    enter_exit_part,
    mount_part,
    switch_part,
)

# -- ready and full-round ------------------------------------------------------------
# The param that gives the time of a kind whose cost varies (its action / casting time).
_TIME_PARAM = {"cast": "casting_time", "use_skill": "action", "use_feature": "action",
               "activate_item": "time", "reload": "time"}


def readied_full_round(f: Fighter, kind: str, params: Mapping[str, Any]) -> str | None:
    """What makes the readied action a full-round one (its own definition), or ``None``.

    Ready holds an action of a standard action or less (Ready; READINGS): an ability whose
    set-up action is full-round, a spell cast in a full round, a full-round skill, feature,
    item or reload, a vehicle piloted with a full-round action all take too long.
    """
    if kind == "use_ability":
        name = params.get("ability")
        ability = f.abilities.get(name) if isinstance(name, str) else None
        if ability is not None and ability["action"] == "full_round":
            return f"the ability {name}"
        return None
    if kind == "pilot_vehicle" and params.get("full_round") is True:
        return "piloting this vehicle"
    key = _TIME_PARAM.get(kind)
    if key is not None and params.get(key) == "full_round":
        return f"this {kind.replace('_', ' ')}"
    return None


def plan_ready(s: E133State, f: Fighter, p: Ready) -> Plan | Refusal:
    trigger = p.trigger
    what = p.action
    if what in ("move", "movement"):
        if p.action_params:
            # A readied move is movement at the land speed up to ``distance``: params of a
            # ``move`` (a mode, terrain...) would be ignored, so they are malformed here.
            raise BadActionError(f"ready: params.action_params: a readied {what} takes only "
                                 "distance (it moves at the land speed), not "
                                 f"{', '.join(p.action_params)}")
        dist = walk_speed(f) if p.distance is None else p.distance
        if dist > walk_speed(f):
            return refuse("e133.ready", f"readied movement is at most the speed "
                           f"({walk_speed(f)} ft), not {dist}")
    else:
        spec = ACTION_KINDS.get(what)
        if spec is None or what in NOT_READIABLE or what in GM_KINDS:
            raise BadActionError(f"ready: param 'action': {what!r} is not an action "
                                 "that can be readied")
        if p.distance is not None:
            raise BadActionError(f"ready: params.distance: only a readied move has a "
                                 f"distance, not a readied {what}")
        if spec[0] == "full" or what in NOT_STARTABLE:
            return refuse("e133.ready", f"{what} takes more than a standard action")
        if what not in READIABLE:
            # Firing it would do nothing the engine works out: refused, named, not kept.
            return refuse("e133.ready", f"a readied {what} could not be resolved when it "
                          f"fires: {UNRESOLVED.get(what, 'the engine does not take it then')}")
    action_params = p.action_params or {}
    if what not in ("move", "movement"):
        # The readied action's params are those of its kind: a name its model does not
        # declare is refused (its required ones may be settled when it fires).
        declared = declared_fields(what) if action_params else ()
        for key in action_params:
            if key not in declared:
                raise BadActionError(
                    f"ready: params.action_params.{key}: unknown field for {what}"
                    f"{did_you_mean(key, declared)} (allowed: {', '.join(declared)})")
        check_readied_values(s, f, what, action_params)
        too_long = readied_full_round(f, what, action_params)
        if too_long is not None:
            return refuse("e133.ready", f"{too_long} takes a full-round action; only an action "
                          "of a standard action or less can be readied")
    plan = simple(s, f, p, "ready", "e133.ready", "standard", False)
    if isinstance(plan, Plan):
        distance = None
        if what in ("move", "movement"):
            distance = walk_speed(f) if p.distance is None else p.distance
        plan.set(f.id, readied={"trigger": trigger, "action": what,
                                "params": dict(action_params),
                                "distance": distance, "round": s.clock.round},
                 ready_expired=False)
    return plan


def check_readied_values(s: E133State, f: Fighter, what: str,
                         action_params: Mapping[str, Any]) -> None:
    """The readied action's given params hold values its kind accepts (Ready: the action
    chosen is one the readier could take): a wrong type, a value outside its enum or range,
    an unknown combatant or an ability the readier lacks is a ``BadActionError`` now, not
    kept silently. A kind taken by its part when it fires (``part_of``) has its part tried
    now on a scratch plan: what its params get wrong whatever the state (a hotwire without a
    DC, a weapon the readier lacks) is malformed now, not when it fires; what the state may
    still change (a refusal: not prone yet, no shield carried yet) is judged when it fires."""
    part = part_of(what)
    try:
        typed = parse_model(ACTIONS[what].params, dict(action_params), "params.action_params")
    except SchemaError as exc:
        # A required field left out is allowed only for an attack readied without its
        # target (the trigger says whom it is meant for: the firing names the target,
        # fired_attack_params); every other kind needs it to be taken at all (a cast
        # without its spell, an ability without its name would do nothing when fired).
        if exc.message != "required field is missing" or what != "attack":
            raise BadActionError(f"ready: {exc}") from None
        typed = None
    if part is not None and typed is not None:
        part(s, f, typed, Plan(what, "e133.ready", "none"))
    target = action_params.get("target")
    if isinstance(target, str) and target not in s.fighters:
        raise BadActionError(f"ready: params.action_params.target: no combatant {target!r}")
    ability = action_params.get("ability")
    if what == "use_ability" and isinstance(ability, str) and ability not in f.abilities:
        raise BadActionError(f"ready: params.action_params.ability: {f.id} has no ability "
                             f"{ability!r}; known: {', '.join(f.abilities) or 'none'}")


@functools.cache
def declared_fields(kind: str) -> tuple[str, ...]:
    """The field names of ``kind``'s params (worked out once per kind: it inspects the
    model)."""
    return tuple(field_names(ACTIONS[kind].params))


def plan_fire_readied(s: E133State, f: Fighter, p: FireReadied) -> Plan | Refusal:
    if f.readied is None:
        if f.ready_expired:
            return refuse("e133.ready.expires")
        return refuse("e133.ready.fire", f"{f.id} has no readied action")
    plan = Plan("fire_readied", "e133.ready.fire", "reaction", keep_window=True)
    refusal = pay(s, f, plan)
    if refusal is not None:
        return refusal
    plan.note = f"{f.readied['action']} on: {f.readied['trigger']}"
    plan.set(f.id, readied=None)
    if f.readied["action"] in ("move", "movement"):
        if p.target is not None:
            raise BadActionError(f"fire_readied: params.target: only an attack readied without "
                                 f"its target takes one when fired, not a readied "
                                 f"{f.readied['action']}")
        if s.placed:
            dist, to = travel(s, f, p, "fire_readied", p.distance)
            plan.set(f.id, position=to)
        else:
            dist = (f.readied["distance"] or 0) if p.distance is None else p.distance
        if dist > walk_speed(f):
            return refuse("e133.ready", f"readied movement is at most {walk_speed(f)} ft")
        # The readied movement provokes like any movement out of threatened squares.
        if s.placed or p.leaves_threatened_by or p.threatened_by:
            plan.keep_window = False
            leave(s, f, plan, p)
    elif p.to is not None:
        raise BadActionError(f"fire_readied: params.to: the readied action "
                             f"({f.readied['action']}) is not a movement")
    elif p.leaves_threatened_by:
        raise BadActionError(f"fire_readied: params.leaves_threatened_by: the readied action "
                             f"({f.readied['action']}) is not a movement")
    elif f.readied["action"] == "attack":
        refusal = readied_attack(s, f, plan, p, fired_attack_params(f.readied, p.target))
        if refusal is not None:
            return refusal
    elif p.target is not None:
        raise BadActionError(f"fire_readied: params.target: only an attack readied without "
                             f"its target takes one when fired, not a readied "
                             f"{f.readied['action']}")
    elif f.readied["action"] == "cast" and "spell" in f.readied["params"]:
        refusal = readied_cast(s, f, plan, p, f.readied["params"])
        if refusal is not None:
            return refusal
    elif f.readied["action"] == "use_ability" and "ability" in f.readied["params"]:
        refusal = readied_ability(s, f, plan, p, str(f.readied["params"]["ability"]))
        if refusal is not None:
            return refusal
    elif f.readied["action"] in READIED_STANDARD:
        refusal = readied_standard(s, f, plan, p, f.readied["action"], f.readied["params"])
        if refusal is not None:
            return refusal
    elif part_of(f.readied["action"]) is not None:
        refusal = readied_part(s, f, plan, p, f.readied["action"], f.readied["params"])
        if refusal is not None:
            return refusal
    elif p.threatened_by:
        # Whether this readied kind provokes is not worked out when it fires: naming who
        # threatens would be ignored, so it is refused, named (all rulesets: nothing skipped).
        raise BadActionError(f"fire_readied: params.threatened_by: a fired readied "
                             f"{f.readied['action']} is recorded, not resolved (readied "
                             "without what it names, in an older log), so it opens no window")
    if (not plan.keep_window and plan.window is not None and not plan.window.responders
            and awaits_answers(s, f)):
        # Fired while another's provoking action still awaits its attacks of opportunity
        # (the trigger's, typically), a fired action that lets nobody answer it leaves that
        # window standing: replacing it would lose the answers (as a reaction's skill use).
        plan.keep_window = True
    return plan


def fired_attack_params(readied: Mapping[str, Any], target: str | None) -> dict[str, Any]:
    """The params a readied attack is made with when it fires: those it was readied with,
    and, for an attack readied without its target (the trigger says whom it is meant for),
    the ``target`` the firing names, required then (the project rule: nothing the engine
    cannot resolve is recorded in its place). A target named twice is malformed."""
    params = dict(readied["params"])
    named = params.get("target")
    if named is None:
        if target is None:
            raise BadActionError("fire_readied: params.target: required: the attack was "
                                 "readied without its target; name the combatant it is "
                                 "made on")
        params["target"] = target
    elif target is not None:
        raise BadActionError(f"fire_readied: params.target: the readied attack names its "
                             f"target ({named}) already")
    return params


def awaits_answers(s: E133State, f: Fighter) -> bool:
    """Whether another combatant's window of attacks of opportunity is open with a
    responder that has not answered yet."""
    window = s.window
    if window is None or window["provoker"] == f.id:
        return False
    answered = window["answered"]
    return any(e not in answered for e in window["responders"])


#: Readied kinds taken by their part when they fire (economy.Part: the same guards, changes
#: and provocation as on their own turn, shared with their planners; ``readied_part``).
FIRED_PARTS: dict[str, Part] = {
    "standard_action": generic_part,
    "move_action": generic_part,
    "free_action": generic_part,
    "bonus_action": bonus_part,
    "reaction": reaction_part,
    "concentrate": concentrate_part,
    "dismiss": dismiss_part,
    "use_feature": feature_part,
    "activate_item": activate_part,
    "drink_potion": potion_part,
    "reload": reload_part,
    "disengage": disengage_part,
    "hide": hide_part,
    "trigger_device": device_part,
    "start_vehicle": switch_part,
    "park_vehicle": switch_part,
    "enter_vehicle": enter_exit_part,
    "exit_vehicle": enter_exit_part,
    "mount": mount_part,
    "dismount": dismount_part,
    "control_mount": control_mount_part,
    "draw_weapon": draw_part,
    "draw_ammunition": ammunition_part,
    "sheathe_weapon": sheathe_part,
    "ready_shield": ready_shield_part,
    "loose_shield": loose_shield_part,
    "drop_shield": drop_shield_part,
    **{kind: item_part(kind) for kind in MANIPULATE},
    "pick_up_item": pick_up_part,
    "stand_up": stand_up_part,
}
#: Why a kind of a standard action or less is not readied: firing it could not be resolved.
UNRESOLVED = {
    "crawl": "it moves to a square the firing would have to name; ready a move (movement "
             "up to the speed) instead",
    "five_foot_step": "a 5-foot step is no action but movement on one's turn; ready a move "
                      "(movement up to the speed) instead",
    "pilot_vehicle": "it moves the vehicle to a square the firing would have to name, "
                     "at the vehicle's speed, which a readied move does not",
}


def readied_part(s: E133State, f: Fighter, plan: Plan, p: FireReadied, what: str,
                 params: Mapping[str, Any]) -> Refusal | None:
    """A readied kind taken by its part when it fires (e133.ready.fire): the part's guards
    apply then, its changes are made, and it provokes as it would on its turn from the
    enemies threatening the readier; it is the reaction that fires it, so it pays nothing
    (the standard action of the ready paid for it), opens no move action and keeps a failed
    check's use of the readied action. A part that opens no window (a generic reaction)
    leaves an open one as it is."""
    try:
        typed = parse_model(ACTIONS[what].params, dict(params), "params.action_params")
    except SchemaError as exc:
        raise BadActionError(f"fire_readied: the readied {what}'s {exc}") from None
    part = part_of(what)
    assert part is not None
    outcome: Provocation | Refusal = part(s, f, typed, plan)
    if isinstance(outcome, Refusal):
        return outcome
    if plan.fail_sets is not None:
        # a failed check (a hide, a hotwire) still used the readied action
        plan.fail_sets.setdefault(f.id, {})["readied"] = None
    if outcome is None:
        if p.threatened_by:
            raise BadActionError(f"fire_readied: params.threatened_by: a readied {what} "
                                 "provokes nothing and opens no window")
        return None
    if s.placed or p.threatened_by:
        plan.keep_window = False
        provoke(s, f, plan, p, *outcome)
    return None


#: Readied kinds of Table: Standard Actions resolved by ``readied_standard`` when they fire.
READIED_STANDARD = frozenset({*TABLE_ROWS, "dodge", "use_skill", "sunder", "aid_another"})
#: Readied kinds resolved when they fire once the readied params name this (the legal-action
#: listing plans those offers). An attack is always resolved: readied without its target,
#: the firing names it (``fired_attack_params``).
_RESOLVED_BY_PARAM = {"cast": "spell", "use_ability": "ability"}


#: Every kind a readier may ready besides movement: those resolved when they fire.
READIABLE = frozenset({*READIED_STANDARD, *FIRED_PARTS, *_RESOLVED_BY_PARAM, "attack",
                       "start_full_round", "complete_full_round"})


def part_of(what: str) -> Part | None:
    """The part (economy.Part) a readied ``what`` is taken by when it fires, or ``None``."""
    part = FIRED_PARTS.get(what)
    if part is None:
        part = _FULL_ROUND_PARTS.get(what)
    return part


def readied_resolved(readied: Mapping[str, Any]) -> bool:
    """Whether firing this readied action (not a move) does more than record it: an attack
    (on its readied target or the one the firing names), a cast spell, a used ability, a row
    of Table: Standard Actions, Dodge, a skill, a kind taken by its part, a full-round action
    started or completed."""
    what = readied["action"]
    if what == "attack" or what in READIED_STANDARD or part_of(what) is not None:
        return True
    key = _RESOLVED_BY_PARAM.get(what)
    return key is not None and key in readied["params"]


def readied_standard(s: E133State, f: Fighter, plan: Plan, p: FireReadied, what: str,
                     params: Mapping[str, Any]) -> Refusal | None:
    """A readied row of Table: Standard Actions, Dodge or skill is taken when it fires
    (e133.ready.fire): Dodge's benefit until the readier's next turn starts (refused when it
    would give nothing), total defense's likewise, a skill's check when it has a DC; each
    provokes as its row says from the enemies threatening the readier."""
    why = "e133.aoo.table"
    try:
        if what == "dodge":
            barred = dodge_barred(f)
            if barred is not None:
                return barred
            dodge_effect(s, f, plan)
            provokes = False
        elif what == "use_skill":
            skill = parse_model(UseSkill, dict(params), "params.action_params")
            plan.roll = skill_roll(skill)
            # a readied skill takes the standard action, so it usually provokes (READINGS)
            provokes, why = skill.provokes is not False, "e133.skill"
        elif what == "sunder":
            provokes, why = sunder_provokes(parse_model(Sunder, dict(params),
                                                        "params.action_params"))
        elif what == "aid_another":
            provokes, why = aid_provokes(parse_model(AidAnother, dict(params),
                                                     "params.action_params"))
        else:
            provokes = TABLE_ROWS[what][1]
            row_effects(s, f, what, plan)
    except SchemaError as exc:
        raise BadActionError(f"fire_readied: the readied {what}'s {exc}") from None
    if s.placed or p.threatened_by:
        plan.keep_window = False
        provoke(s, f, plan, p, provokes, why)
    return None


def readied_ability(s: E133State, f: Fighter, plan: Plan, p: FireReadied, name: str
                    ) -> Refusal | None:
    """A readied ability is used when it fires (e133.ready.fire): its uses and the need to
    concentrate (spell-like) are checked then, a use is spent, and it provokes as using it
    would (spell-like always, special if its description says so) from the enemies
    threatening the readier."""
    ab, rule = ability_of(f, name, "fire_readied")
    refusal = ability_refusal(f, name, ab)
    if refusal is not None:
        return refusal
    if s.placed or p.threatened_by:
        plan.keep_window = False
    ability_used(s, f, plan, p, name, ab, rule)
    return None


def readied_cast(s: E133State, f: Fighter, plan: Plan, p: FireReadied,
                 params: Mapping[str, Any]) -> Refusal | None:
    """A readied cast is cast when it fires (e133.ready.fire): the casting guards apply then
    (one concentration at a time, able to concentrate); its effect begins at the count it
    fires on, so its rounds end just before that count (e133.round.duration); casting
    provokes (e133.cast.standard) from the enemies threatening the readier."""
    try:
        readied = parse_model(Cast, dict(params), "params.action_params")
    except SchemaError as exc:
        raise BadActionError(f"fire_readied: the readied cast's {exc}") from None
    target = cast_target(s, readied, "fire_readied")
    refusal = cast_refusal(f, readied)
    if refusal is not None:
        return refusal
    if s.placed or p.threatened_by:
        plan.keep_window = False
        provoke(s, f, plan, p, True)
    start_ability(s, f, plan, readied.spell, readied.concentration, readied.duration_rounds,
                  "spell", target)
    return None


def readied_attack(s: E133State, f: Fighter, plan: Plan, p: FireReadied,
                   params: Mapping[str, Any]) -> Refusal | None:
    """A readied attack is made when it fires (e133.ready.fire: the readier acts with its
    reaction): one attack, rolled like ``attack`` (bonus against AC, cover, a dodger's
    disadvantage, reach, damage) with the params it was readied with; it provokes as the
    attack would (e133.aoo.table) from the enemies threatening the readier."""
    try:
        readied = parse_model(Attack, dict(params), "params.action_params")
    except SchemaError as exc:
        # readied before its values were checked (an older log): malformed, named
        raise BadActionError(f"fire_readied: the readied attack's {exc}") from None
    mode, undrawn = attack_weapon(f, readied, "fire_readied")
    if undrawn is not None:
        return undrawn
    g = target_of(s, readied.target, "fire_readied")
    refusal = attack_roll(s, f, g, readied, "fire_readied", plan, mode, weapon=readied.weapon)
    if refusal is None and (s.placed or p.threatened_by):
        plan.keep_window = False
        provoke(s, f, plan, p, attack_provokes(mode))
    return refusal


def plan_start_full_round(s: E133State, f: Fighter, p: StartFullRound
                        ) -> Plan | Refusal:
    return taken(s, f, p, Plan("start_full_round", "e133.full-round.start", "standard"),
                 start_part)


def start_part(s: E133State, f: Fighter, p: StartFullRound, plan: Plan
               ) -> Provocation | Refusal:
    """Starting a full-round action (not a full attack, charge, dash or withdraw; one at a
    time): it is under way from this round; it provokes when ``provokes`` says so."""
    what = p.action
    if what in NOT_STARTABLE:
        return refuse("e133.full-round.start", f"{what} cannot be started this way")
    if f.full_round is not None:
        return refuse("e133.full-round.start", f"{f.full_round['action']} is already "
                       "under way")
    plan.set(f.id, full_round={"action": what, "round": s.clock.round}, full_round_lost=None)
    return p.provokes, "e133.aoo.table"


def plan_complete_full_round(s: E133State, f: Fighter, p: CompleteFullRound
                           ) -> Plan | Refusal:
    return taken(s, f, p, Plan("complete_full_round", "e133.full-round.complete", "standard"),
                 complete_part)


def complete_part(s: E133State, f: Fighter, p: CompleteFullRound, plan: Plan
                  ) -> Provocation | Refusal:
    """Completing the full-round action started in an earlier round (not the same one);
    one not completed in time is lost. It provokes when ``provokes`` says so."""
    fr = f.full_round
    if fr is None:
        detail = (f"{f.full_round_lost} was not completed in time and is lost"
                  if f.full_round_lost else f"{f.id} has started no full-round action")
        return refuse("e133.full-round.complete", detail)
    if fr["round"] >= s.clock.round:
        return refuse("e133.full-round.complete",
                       "a full-round action is completed in the following round")
    plan.set(f.id, full_round=None)
    # the action completed (after what fired it, for a readied one)
    plan.note = f"{plan.note} ({fr['action']})" if plan.note else fr["action"]
    return p.provokes, "e133.aoo.table"


#: The full-round parts of this module, taken like FIRED_PARTS when readied and fired.
_FULL_ROUND_PARTS: dict[str, Part] = {"start_full_round": start_part,
                                      "complete_full_round": complete_part}
