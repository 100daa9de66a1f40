"""How the events of a ``pte`` scene fold into its state (the only code that changes state)."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from turnkeeper.core.mechanics import Clock
from turnkeeper.core.model import Event
from turnkeeper.rulesets.pte import timing
from turnkeeper.rulesets.pte.economy import occupy
from turnkeeper.rulesets.pte.powers import (
    parse_powers,
    power_key,
)
from turnkeeper.rulesets.pte.state import Character, Combat, PteState, Task


def fold_event(state: PteState, event: Event) -> None:
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
        state.scene_tasks = {
            power_key(name): {"name": name, **copy.deepcopy(dict(task))}
            for name, task in d.get("tasks", {}).items()
        }
    elif t == "task_prepared":
        state.scene_tasks[power_key(d["name"])] = copy.deepcopy(dict(d))
    elif t == "check_requested":
        state.requests[d["request"]] = {
            "actor": d["actor"],
            "params": copy.deepcopy(dict(d["params"])),
            "note": d["note"],
        }
        state.requests_made += 1
    elif t == "request_answered":
        del state.requests[d["request"]]
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
        fold_time(state, d)
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
        if who not in combat.skip_next and combat.busy.get(who, 0) == 0:
            combat.used_by.pop(who, None)
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


def fold_time(state: PteState, d: Mapping[str, Any]) -> None:
    who = state.characters[d["actor"]]
    action_type = d["action_type"]
    if state.combat is not None and "start" not in d:
        if d["actor"] == state.combat.clock.current():
            state.combat.used.append(action_type)
        if action_type == "full_interrupt":
            state.combat.skip_next.append(d["actor"])
        if action_type == "rounds" and int(d["rounds"]) > 1:
            state.combat.busy[d["actor"]] = int(d["rounds"]) - 1
        if "what" in d:
            state.combat.used_by[d["actor"]] = (
                f"the {timing.LABELS[action_type]} {d['what']} in round {d['round']}"
            )
        return
    who.busy_until = max(who.busy_until, int(d["end"]))
    if timing.is_timed(action_type):
        who.current = {
            # Its size by its final length: an (S) stretched by Take X is an (L) (or more).
            "type": d.get("size", action_type),
            "seconds": int(d["seconds"]),
            "start": int(d["start"]),
            "end": int(d["end"]),
        }
    slot = d.get("slot")
    if slot is not None:
        occupy(who.slots, slot, int(d["units"]))
