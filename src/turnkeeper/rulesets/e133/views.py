"""What each seat sees: the view, the commands sent to other seats, status lines, the tracker."""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any

from turnkeeper.core.model import (
    Action,
    Event,
)
from turnkeeper.rulesets.e133.plan import without_plan
from turnkeeper.rulesets.e133.state import E133State


def view(state: E133State, seat: str | None = None) -> dict[str, Any]:
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
            "hidden": f.hidden, "shield": f.shield, "mounted": f.mounted, "steed": f.steed,
            "in_vehicle": f.in_vehicle, "vehicle_running": f.vehicle_running,
            "uses": dict(f.uses), "turns_taken": f.turns_taken, "fled": f.fled,
            "position": None if f.position is None else list(f.position),
            "drawn": [name for name, w in f.weapons.items() if w.get("drawn", True)],
            "attack_bonus": dict(f.attack_bonus), "ac": f.ac,
            "effects": [e.name for e in state.effects
                        if e.holder == f.id or e.data.get("target") == f.id],
        }
        h = f.health
        if h is not None:
            # the fight: hit points and where the combatant stands (only with hit points)
            combatants[f.id].update({
                "hp": h.hp, "max_hp": h.max_hp, "temporary_hp": h.temporary_hp,
                "status": "fled" if f.fled else h.status, "successes": h.successes,
                "failures": h.failures,
                "fallen_by": list(f.fallen_by)})
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


def visible_command(state: E133State, action: Action | None, events: Sequence[Event], seat: str
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
        shown_action["params"] = without_plan(action.params)
    shown: list[dict[str, Any]] = []
    for event in events:
        data = copy.deepcopy(dict(event.data))
        if event.type == "acted":
            if data.get("kind") == "ready" and theirs(data.get("actor")):
                data["params"] = without_plan(data.get("params") or {})
            for fid, values in (data.get("sets") or {}).items():
                readied = values.get("readied")
                if isinstance(readied, Mapping) and theirs(fid):
                    values["readied"] = {"round": readied.get("round")}
        shown.append({"type": event.type, "data": data})
    return shown_action, shown


def status_lines(state: E133State) -> list[str]:
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
        if f.health is not None:
            h = f.health
            extra.append(f"HP {h.hp}/{h.max_hp}" + (f"+{h.temporary_hp}" if h.temporary_hp
                                                    else "")
                         + ("" if h.status == "up" else f" {h.status}"))
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


def tracker(state: E133State) -> dict[str, Any]:
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
