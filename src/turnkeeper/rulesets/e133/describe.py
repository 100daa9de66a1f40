"""The e133 log as sentences: one writer per event type ``fold.py`` folds.

"Skiv attacks Vess: 16 + 1 = 17 vs AC 14, hit" then "Vess takes 1 bludgeoning damage
(11 → 10 HP)". The server calls :func:`describe_event` on the events a seat was sent (after
``views.visible_command`` took out other seats' readied actions), so every writer reads the
data with ``.get`` and says less when a field is missing.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from turnkeeper.core.model import Event
from turnkeeper.core.sentences import (
    Writer,
    describe_with,
    listing,
    params_text,
    plural,
    words,
)
from turnkeeper.rulesets.e133.state import E133State


def name(state: E133State, fid: object) -> str:
    f = state.fighters.get(fid) if isinstance(fid, str) else None
    if f is not None:
        return f.name
    return "the game master" if fid == "gm" else str(fid)


def _natural_total(record: object) -> tuple[list[int], int | None]:
    """The kept d20 faces and total of the first roll inside a dice record."""
    if not isinstance(record, Mapping):
        return [], None
    rolls = record.get("rolls")
    roll = rolls[0] if isinstance(rolls, list) and rolls else record
    faces = [
        face
        for group in roll.get("dice", ())
        for face, kept in zip(group.get("faces", ()), group.get("kept", ()), strict=False)
        if kept
    ]
    total = roll.get("total")
    return faces, total if isinstance(total, int) else None


def _two_dice(record: object) -> str:
    """The two faces of a d20 rolled with advantage or disadvantage and which one counted
    (e.g. ``(advantage: 15 and 3, the higher kept)``), else ``""``."""
    if not isinstance(record, Mapping):
        return ""
    rolls = record.get("rolls")
    roll = rolls[0] if isinstance(rolls, list) and rolls else record
    for group in roll.get("dice", ()):
        term = group.get("term")
        faces = group.get("faces", ())
        if term in ("d20adv", "d20dis") and len(faces) == 2:
            how = ("advantage", "higher") if term == "d20adv" else ("disadvantage", "lower")
            return f" ({how[0]}: {faces[0]} and {faces[1]}, the {how[1]} kept)"
    return ""


def check_rolled(state: E133State, d: Mapping[str, Any]) -> str:
    who = name(state, d.get("actor"))
    what = str(d.get("what", "a check"))
    total = d.get("total")
    faces, _ = _natural_total(d.get("record"))
    if what.startswith("attack on "):
        target = name(state, what.removeprefix("attack on "))
        head = f"{who} attacks {target}: "
        dc = d.get("dc")
        natural = d.get("natural", faces[0] if faces else None)
        if natural is not None and isinstance(total, int):
            bonus = total - int(natural)
            sign = "+" if bonus >= 0 else "-"
            head += f"{natural} {sign} {abs(bonus)} = {total}"
        else:
            head += str(total)
        if dc is not None:
            head += f" vs AC {dc}"
        if d.get("success") is not None:
            head += ", hit" if d.get("success") else ", miss"
        if d.get("critical"):
            head += " (critical)"
        return head + _two_dice(d.get("record"))
    text = f"{who} rolls {what}: {total}"
    if d.get("dc") is not None:
        verdict = "success" if d.get("success") else "failure"
        text += f" vs DC {d['dc']}, {verdict}"
    return text


def acted(state: E133State, d: Mapping[str, Any]) -> str:
    who = name(state, d.get("actor"))
    kind = str(d.get("kind", "an action"))
    params = dict(d.get("params") or {})
    target = params.pop("target", None)
    text = f"{who}: {words(kind)}"
    if isinstance(target, str):
        text += f" on {name(state, target)}"
    # The attack bonus and AC an attack offer carries are shown by its roll's sentence.
    for shown_by_roll in ("attack_bonus", "ac"):
        params.pop(shown_by_roll, None)
    attack = d.get("attack")
    odds = attack_mode_text(attack, params) if isinstance(attack, Mapping) else ""
    rest = params_text(params)
    if rest:
        text += f" ({rest})"
    if odds:
        text += f", {odds}"
    if d.get("note"):
        text += f" — {d['note']}"
    if d.get("success") is False and "attack" not in d:  # a miss: its roll says so
        text += ", failed"
    if d.get("answer"):
        text += " in reaction"
    window = d.get("window")
    if isinstance(window, Mapping) and window.get("responders"):
        text += "; " + listing(name(state, r) for r in window["responders"]) + " may react"
    return text


def attack_mode_text(attack: Mapping[str, Any], params: dict[str, Any]) -> str:
    """Why an attack rolled with advantage or disadvantage, in plain words: an unseen (hidden)
    attacker, an unseen target, a dodging target (e133.hide, e133.dodge), or the action's own
    ``advantage`` / ``disadvantage`` (taken out of ``params``, said here instead). Both
    together cancel, as in 5e. Only facts the ``acted`` event carries for every seat."""
    favour = []
    against = []
    if attack.get("unseen_attacker"):
        favour.append("unseen")
    if params.pop("advantage", False):
        favour.append("given advantage")
    if attack.get("unseen_target"):
        against.append("at an unseen target")
    if attack.get("disadvantage"):
        against.append("the target dodging")
    if params.pop("disadvantage", False):
        against.append("given disadvantage")
    if favour and against:
        return (f"{listing(favour)} (advantage) and {listing(against)} (disadvantage): they "
                "cancel, a plain roll")
    if favour:
        return f"{listing(favour)}, with advantage"
    if against:
        return f"{listing(against)}, with disadvantage"
    return ""


def damage_dealt(state: E133State, d: Mapping[str, Any]) -> str:
    target = name(state, d.get("target"))
    source = d.get("source")
    text = f"{target} takes {d.get('damage', '?')} {d.get('damage_type', '')}".rstrip()
    text += " damage"
    if source:
        text += f" from {name(state, source)}"
    if d.get("critical"):
        text += " (critical)"
    if d.get("temporary_absorbed"):
        text += f", {d['temporary_absorbed']} of it absorbed by temporary HP"
    if "hp_before" in d and "hp_after" in d:
        text += f" ({d['hp_before']} → {d['hp_after']} HP)"
    return text


def healed(state: E133State, d: Mapping[str, Any]) -> str:
    text = f"{name(state, d.get('target'))} is healed {d.get('amount', '?')} HP"
    health = d.get("health")
    if isinstance(health, Mapping) and "hp" in health:
        text += f" (now {health['hp']}/{health.get('max_hp', '?')})"
    return text


def temporary_hp_granted(state: E133State, d: Mapping[str, Any]) -> str:
    return f"{name(state, d.get('target'))} gains {d.get('amount', '?')} temporary HP"


def death_save_rolled(state: E133State, d: Mapping[str, Any]) -> str:
    return (f"{name(state, d.get('target'))} rolls a death save: {d.get('natural', '?')}, "
            f"{words(d.get('result', '?'))} ({plural(d.get('successes', 0), 'success')}, "
            f"{plural(d.get('failures', 0), 'failure')} so far)").replace("successs", "successes")


def dropped(state: E133State, d: Mapping[str, Any]) -> str:
    status = d.get("status", "dropped")
    how = "" if status == "dropped" else f" ({words(status)})"
    return f"{name(state, d.get('target'))} drops{how}"


def died(state: E133State, d: Mapping[str, Any]) -> str:
    cause = d.get("cause")
    return f"{name(state, d.get('target'))} dies" + (f" ({words(cause)})" if cause else "")


def combatant_joined(state: E133State, d: Mapping[str, Any]) -> str:
    who = d.get("name") or name(state, d.get("id"))
    text = f"{who} joins the fight"
    if d.get("side"):
        text += f" on side {d['side']}"
    if d.get("count") is not None:
        text += f", initiative {d['count']}"
        if d.get("init_roll") is not None:
            text += f" (rolled {d['init_roll']})"
    health = d.get("health")
    if isinstance(health, Mapping) and "max_hp" in health:
        text += f", {health.get('hp', health['max_hp'])}/{health['max_hp']} HP"
    return text


def turn_started(state: E133State, d: Mapping[str, Any]) -> str:
    return f"Round {d.get('round', '?')}: {name(state, d.get('actor'))}'s turn begins"


def turn_ended(state: E133State, d: Mapping[str, Any]) -> str:
    text = f"{name(state, d.get('actor'))} ends the turn"
    ended = d.get("end_effects") or []
    if ended:
        text += f"; {len(ended)} effect{'s' if len(ended) != 1 else ''} expire"
    if d.get("lapsed"):
        text += f"; concentration on {d['lapsed']} lapses"
    if d.get("full_round_lost"):
        text += f"; the full-round {words(d['full_round_lost'])} is lost"
    return text


def effect_ended(state: E133State, d: Mapping[str, Any]) -> str:
    eid = d.get("id")
    effect = next((e for e in state.effects if e.id == eid), None)
    # once ended, the effect is gone from the state: only its id is left to name it
    what = f"{effect.name} on {name(state, effect.holder)}" if effect else f"Effect {eid}"
    return f"{what} ends ({words(d.get('rule', 'expiry'))})"


def settings(state: E133State, d: Mapping[str, Any]) -> str:
    return "The encounter is set up" + (" (surprise round first)" if d.get("surprise") else "")


def combatant_removed(state: E133State, d: Mapping[str, Any]) -> str:
    # gone from the state: the id is all that is left to name it by
    return f"{d.get('id', 'A combatant')} leaves the fight"


def initiative_set(state: E133State, d: Mapping[str, Any]) -> str:
    counts = d.get("counts") or {}
    rolls = d.get("rolls") or {}
    if not rolls and len(counts) == 1:
        fid, count = next(iter(counts.items()))
        return f"{name(state, fid)}'s initiative is set to {count}"
    parts = [f"{name(state, fid)} {count}" + (f" (rolled {rolls[fid]})" if fid in rolls else "")
             for fid, count in counts.items()]
    return "Initiative rolled again: " + ", ".join(parts)


WRITERS: dict[str, Writer[E133State]] = {
    "combatant_removed": combatant_removed,
    "initiative_set": initiative_set,
    "acted": acted,
    "check_rolled": check_rolled,
    "damage_dealt": damage_dealt,
    "healed": healed,
    "temporary_hp_granted": temporary_hp_granted,
    "death_save_rolled": death_save_rolled,
    "dropped": dropped,
    "died": died,
    "combatant_joined": combatant_joined,
    "turn_started": turn_started,
    "turn_ended": turn_ended,
    "effect_ended": effect_ended,
    "settings": settings,
}


def describe_event(state: E133State, event: Event) -> str:
    """One e133 event as a sentence for the log (``""`` for a type without a writer)."""
    return describe_with(WRITERS, state, event)
