"""Events and how the state folds them: the only code that changes an ``E133State``."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from turnkeeper.core.mechanics import Budget, Effect, Expiry
from turnkeeper.core.model import Event
from turnkeeper.core.schema import parse_model
from turnkeeper.rulesets.e133 import roster
from turnkeeper.rulesets.e133.changes import hit_points_changed, roster_changed
from turnkeeper.rulesets.e133.fight.attack import AttackProfile, Defences
from turnkeeper.rulesets.e133.fight.health import Health
from turnkeeper.rulesets.e133.setup_model import E133Settings
from turnkeeper.rulesets.e133.state import E133State, Fighter


def apply_event(state: E133State, event: Event) -> None:
    state.version += 1
    d = event.data
    t = event.type
    if t == "acted":
        apply_acted(state, d)
    elif t == "check_rolled":
        state.last_check = {"actor": d["actor"], "what": d["what"], "total": d["total"],
                            "dc": d["dc"], "success": d["success"]}
        if "natural" in d:
            # an attack roll: its natural die and whether it is a critical hit
            state.last_check.update(natural=d["natural"], critical=d["critical"])
        if d["dc"] is None:
            state.last = f"{d['actor']}: {d['what']} {d['total']}"
        else:
            verdict = "succeeds" if d["success"] else "fails"
            state.last = f"{d['actor']}: {d['what']} {d['total']} vs {d['dc']}: {verdict}"
    elif t == "turn_ended":
        apply_turn_ended(state, d)
    elif t == "turn_started":
        apply_turn_started(state, d)
    elif t == "effect_ended":
        end_effect(state, d["id"], d["rule"])
        roster_changed(state)
    elif t == "settings":
        state.settings = parse_model(E133Settings, d["settings"])
        state.surprise = bool(d["surprise"])
    elif t == "combatant_joined":
        data = dict(copy.deepcopy(d))
        tiebreak = data.pop("tiebreak")
        health = data.pop("health", None)
        subs = {"move": ["standard"]} if state.settings.double_move else {}
        f = Fighter(**data, budget=Budget.of({"standard": 1, "move": 1}, subs))
        if health is not None:
            f.health = Health(**health)
        f.profiles = {mode: AttackProfile.parse(text, f.attack_bonus.get(mode, 0))
                      for mode, text in f.damage.items()}
        # a weapon with its own damage has its own profile, "weapon:NAME" (attacks.py)
        for name, weapon in f.weapons.items():
            if "damage" in weapon:
                bonus = weapon.get("attack_bonus", f.attack_bonus.get(weapon["kind"], 0))
                f.profiles[f"weapon:{name}"] = AttackProfile.parse(weapon["damage"], bonus)
        if f.position is not None:
            state.placed = True
        f.defences = Defences(frozenset(f.resistances), frozenset(f.vulnerabilities),
                              frozenset(f.immunities))
        state.fighters[f.id] = f
        state.clock.add(f.id, f.count, tiebreak)
        roster_changed(state)
    elif t in FIGHT_EVENTS:
        target = state.fighters[d["target"]]
        before = target.health
        apply_fight(state, t, d)
        after = target.health
        if before is not None and after is not None and before.status == after.status:
            # only its hit points changed: the caches keep all but the odds against it
            hit_points_changed(state, target.id)
        else:
            roster_changed(state)
    elif t in roster.EVENTS:  # the game master's roster commands (roster.py)
        roster.apply_event(state, t, d)
        roster_changed(state)  # who stands changed: the cached menus and outcome go
    else:
        raise ValueError(f"e133: unknown event type {t!r}")


#: The combatant fields whose change can change the outcome or what an attack on it is offered
#: with (state.roster_version): standing, place, cover, speeds, weapons, hidden (Hide's
#: advantage and disadvantage, e133.hide).
ROSTER_KEYS = frozenset({"conditions", "cover", "fled", "position", "speeds", "weapons", "ac",
                         "health", "hidden"})

#: The fight's events (docs/rulesets/e133-fight.md): each carries the target's health after
#: it, which the fold takes as it is.
FIGHT_EVENTS = ("damage_dealt", "healed", "temporary_hp_granted", "death_save_rolled",
                "dropped", "died")


def apply_fight(state: E133State, t: str, d: Mapping[str, Any]) -> None:
    g = state.fighters[d["target"]]
    if "health" in d:
        g.health = Health(**d["health"])
        if g.health.status == "up":
            g.fallen_by = []
    if g.health is not None and g.health.status != "up" and d.get("rules"):
        # what took it out of the fight, in order (a refusal of its actions names them)
        g.fallen_by = list(dict.fromkeys([*g.fallen_by, *d["rules"]]))
    if t == "damage_dealt":
        state.last = f"{d['target']} takes {d['damage']} {d['damage_type']} damage"
    elif t == "death_save_rolled":
        state.last = f"{d['target']}: death save {d['natural']} ({d['result']})"
    elif t in ("dropped", "died"):
        state.last = f"{d['target']} {t}"
    else:
        state.last = f"{d['target']}: {t.replace('_', ' ')} {d.get('amount', '')}".rstrip()


_PLAIN_TYPES = (int, str, bool, type(None))


def copied(value: Any) -> Any:
    """``copy.deepcopy(value)`` for an event's value: a plain value as it is, a list of plain
    values by a shallow copy (the same result, about a sixth of the time: a move's event
    copies its list of names twice, once planned and once folded), anything else deep."""
    kind = type(value)
    if kind in _PLAIN_TYPES:
        return value
    if kind is list:
        for item in value:
            if type(item) not in _PLAIN_TYPES:
                return copy.deepcopy(value)
        return value.copy()
    return copy.deepcopy(value)


def apply_acted(state: E133State, d: Mapping[str, Any]) -> None:
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
            target = d["params"].get("target")
            f.charged_by = d["kind"] + (f" on {target}" if isinstance(target, str) else "")
        # Any further action by the same combatant closes the chance to disrupt the last.
        if (d["kind"] not in ("concentration_check", "dexterity_save")
                and f.pending is not None and "pending" not in d["sets"].get(actor, {})):
            f.pending = None
    for fid, values in d["sets"].items():
        g = state.fighters[fid]
        if not ROSTER_KEYS.isdisjoint(values):
            roster_changed(state)
        for key, value in values.items():
            # the event is shared with the log: containers are copied, never aliased
            setattr(g, key, copied(value))
    if d["effects_remove"] or d["effects_add"]:
        roster_changed(state)
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
        if w is None:
            state.window = None
        else:
            state.window = {
                **w, "responders": list(w["responders"]), "blocked": dict(w["blocked"]),
                "answered": list(w["answered"]),
            }
            if "feet" in w:
                state.window["feet"] = dict(w["feet"])
    if d.get("answer") and state.window is not None:
        state.window["answered"].append(actor)
    state.last = f"{actor}: {d['kind']}" + (f" ({d['note']})" if d.get("note") else "")


def end_effect(state: E133State, eid: str, rule: str) -> None:
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


def apply_turn_ended(state: E133State, d: Mapping[str, Any]) -> None:
    f = state.fighters[d["actor"]]
    if d.get("lapsed") or d.get("end_effects"):
        roster_changed(state)
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
        end_effect(state, eid, "expiry")
    if not f.dashed_this_turn:
        # A round without a dash resets the endurance count and the DC (READINGS).
        f.dash_streak = 0
        f.dash_checks = 0
    if f.bonus_lost:
        # After the turn the off-turn reaction was charged to, the slot is free again.
        f.bonus_lost = False
        f.bonus_left = 1
        f.charged_by = ""
    f.pending = None
    f.turns_taken += 1


def apply_turn_started(state: E133State, d: Mapping[str, Any]) -> None:
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
    f.step_forbidden = False
    f.piloting = False
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
