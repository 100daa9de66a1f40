"""The pte log as sentences: one writer per event type ``fold.py`` folds.

"Misty rolls Athletics (untrained, 2d6): [3, 5] = 8 vs DC 10, moderate failure". Every roll
and sheet is open at a pte table (``hidden_information = False``), but the writers still read
with ``.get`` like every ruleset's.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from turnkeeper.core.model import Event
from turnkeeper.core.sentences import Writer, describe_with, listing, plural, words
from turnkeeper.rulesets.pte.state import PteState


def name(state: PteState, cid: object) -> str:
    return "the GM" if cid == "gm" else str(cid)


def actor(state: PteState, d: Mapping[str, Any]) -> str:
    return name(state, d.get("actor"))


def faces_text(roll: object) -> str:
    """``{"rank_faces": [3, 5], "bonus_faces": [2], "flat": 1, "total": 11}`` -> ``[3, 5] +
    [2] + 1 = 11``."""
    if not isinstance(roll, Mapping):
        return ""
    parts = [str(list(roll[k])) for k in ("rank_faces", "bonus_faces") if roll.get(k)]
    if roll.get("penalty_faces"):
        parts.append(f"- {list(roll['penalty_faces'])}")
    if roll.get("flat"):
        parts.append(str(roll["flat"]))
    if roll.get("take") is not None:
        parts = [f"takes {roll['take']}"]
    return " + ".join(parts).replace("+ -", "-") + f" = {roll.get('total', '?')}"


def who_rolls(state: PteState, d: Mapping[str, Any]) -> str:
    skill = words(d.get("skill", "a skill")).title()
    detail = ", ".join(str(x) for x in (d.get("rank_name"), d.get("pool")) if x)
    text = f"{actor(state, d)} rolls {skill}" + (f" ({detail})" if detail else "")
    if d.get("power"):
        text += f" for {d['power']}"
    return text + helped_by(state, d)


def helped_by(state: PteState, d: Mapping[str, Any]) -> str:
    """``, helped by brock`` for a roll with a helper (``{id, rank, bonus}``), else empty."""
    helper = d.get("helper")
    if not helper:
        return ""
    return f", helped by {name(state, helper.get('id') if isinstance(helper, Mapping) else helper)}"


def verdict(d: Mapping[str, Any]) -> str:
    if d.get("degree"):
        return words(d["degree"])
    return "success" if d.get("success") else "failure"


def check_rolled(state: PteState, d: Mapping[str, Any]) -> str:
    text = f"{who_rolls(state, d)}: {faces_text(d.get('roll'))}"
    if d.get("dc") is not None:
        text += f" vs DC {d['dc']}"
    return f"{text}, {verdict(d)}"


def opposed_rolled(state: PteState, d: Mapping[str, Any]) -> str:
    found = d.get("target")
    target: Mapping[str, Any] = found if isinstance(found, Mapping) else {}
    mine = faces_text(d.get("roll")).split(" = ")[-1]
    theirs = faces_text(d.get("target_roll")).split(" = ")[-1]
    winner = d.get("winner")
    # The defender may roll through a Skill Power of their own (target_power).
    their_power = f" for {target['power']}" if target.get("power") else ""
    text = (f"{who_rolls(state, d)} against {name(state, target.get('actor'))}'s "
            f"{words(target.get('skill', 'skill')).title()}{their_power}"
            f"{helped_by(state, target)}: {mine} vs {theirs}")
    if winner:
        text += f", {name(state, winner)} wins"
    elif d.get("success") is not None:
        text += ", success" if d.get("success") else ", failure"
    return text


def team_rolled(state: PteState, d: Mapping[str, Any]) -> str:
    people = [p for p in d.get("participants") or [] if isinstance(p, Mapping)]
    names = listing(name(state, p.get("actor")) for p in people)
    text = f"{names} roll as a team: " + ", ".join(str(p.get("total", "?")) for p in people)
    if d.get("total") is not None:
        text += f", total {d['total']}"
    if d.get("dc") is not None:
        text += f" vs DC {d['dc']}"
    return text + (f", {verdict(d)}" if "success" in d or "degree" in d else "")


def task_rolled(state: PteState, d: Mapping[str, Any]) -> str:
    return (f"{who_rolls(state, d)} on task {d.get('task', '?')}: {faces_text(d.get('roll'))},"
            f" {d.get('total', '?')} of {d.get('extended_dc', '?')} after attempt "
            f"{d.get('attempts', '?')}" + (f" of {d['limit']}" if d.get("limit") else ""))


def task_started(state: PteState, d: Mapping[str, Any]) -> str:
    return (f"{name(state, d.get('owner'))} starts task {d.get('task', '?')}: "
            f"{words(d.get('skill', '?')).title()}, reach {d.get('extended_dc', '?')} "
            f"(DC {d.get('dc', '?')} × {d.get('multiplier', '?')})")


def task_completed(state: PteState, d: Mapping[str, Any]) -> str:
    return f"Task {d.get('task', '?')} is done: {d.get('total', '?')}, {verdict(d)}"


def task_failed(state: PteState, d: Mapping[str, Any]) -> str:
    return f"Task {d.get('task', '?')} fails: {d.get('total', '?')}, {verdict(d)}"


def task_prepared(state: PteState, d: Mapping[str, Any]) -> str:
    text = f"The GM prepares the task {d.get('name', '?')}"
    if d.get("skill"):
        text += f" ({words(d['skill']).title()})"
    return text + (f", DC {d['dc']}" if d.get("dc") is not None else "")


def check_requested(state: PteState, d: Mapping[str, Any]) -> str:
    found = d.get("params")
    params: Mapping[str, Any] = found if isinstance(found, Mapping) else {}
    skill = params.get("skill") or d.get("skill")
    text = f"{actor(state, d)} asks to roll" + (f" {words(skill).title()}" if skill else "")
    note = d.get("note") or params.get("note")
    return text + (f": {note}" if note else "")


def request_answered(state: PteState, d: Mapping[str, Any]) -> str:
    return f"The GM answers {actor(state, d)}'s request {d.get('request', '')}".rstrip()


def time_spent(state: PteState, d: Mapping[str, Any]) -> str:
    text = f"{actor(state, d)} spends {plural(d.get('seconds', '?'), 'second')}"
    if d.get("action_type"):
        text += f" on a {words(d['action_type'])} action"
    if d.get("aiding"):
        text += f" aiding {name(state, d['aiding'])}"
    return text


def combat_started(state: PteState, d: Mapping[str, Any]) -> str:
    order = [name(state, a) for a in d.get("order") or []]
    return "Combat starts" + (f": {', '.join(order)}" if order else "")


def turn_started(state: PteState, d: Mapping[str, Any]) -> str:
    return f"Round {d.get('round', '?')}: {actor(state, d)}'s turn"


def turn_skipped(state: PteState, d: Mapping[str, Any]) -> str:
    why = d.get("reason")
    return f"{actor(state, d)}'s turn is skipped" + (f" ({words(why)})" if why else "")


def condition_set(state: PteState, d: Mapping[str, Any]) -> str:
    states = [k for k in ("threatened", "distracted") if d.get(k)]
    target = name(state, d.get("target"))
    return f"{target} is now {listing(states)}" if states else f"{target} is calm again"


def rounds_rolled(state: PteState, d: Mapping[str, Any]) -> str:
    return (f"The duration rolls {d.get('expression', '?')}: {d.get('faces', [])} = "
            f"{plural(d.get('rounds', '?'), 'round')}")


def scene_set(state: PteState, d: Mapping[str, Any]) -> str:
    people = list((d.get("characters") or {}).keys())
    return f"The scene is set with {listing(people)}"


WRITERS: dict[str, Writer[PteState]] = {
    "scene_set": scene_set,
    "task_prepared": task_prepared,
    "check_requested": check_requested,
    "request_answered": request_answered,
    "check_rolled": check_rolled,
    "opposed_rolled": opposed_rolled,
    "team_rolled": team_rolled,
    "task_rolled": task_rolled,
    "task_started": task_started,
    "task_completed": task_completed,
    "task_failed": task_failed,
    "time_spent": time_spent,
    "combat_started": combat_started,
    "turn_started": turn_started,
    "turn_ended": lambda state, d: f"{actor(state, d)} ends the turn",
    "turn_skipped": turn_skipped,
    "combat_ended": lambda state, d: "Combat ends",
    "downtime_started": lambda state, d: (
        f"Downtime starts ({plural(d.get('actions', '?'), 'action')} each)"),
    "downtime_ended": lambda state, d: "Downtime ends",
    "time_advanced": lambda state, d: f"{plural(d.get('seconds', '?'), 'second')} pass",
    "condition_set": condition_set,
    "rounds_rolled": rounds_rolled,
}


def describe_event(state: PteState, event: Event) -> str:
    """One pte event as a sentence for the log (``""`` for a type without a writer)."""
    return describe_with(WRITERS, state, event)
