"""The game master's roster commands mid-fight: add or remove a combatant, re-roll or set
initiative (issue 15). Recorded commands like every other, with their rule ids
(``e133.roster.*``), undo and redo.

The chapter fixes the initiative order when the encounter starts and says nothing of
newcomers or of changing it; these commands are the game master's rulings, made the way the
start does them (reference/e133.md, Initiative): a newcomer rolls d20 + its initiative
modifier unless given a fixed count, ties go to the higher modifier (then the id). A change
of the order never interrupts the turn under way: the combatants still to act this round are
sorted again by the new counts, those who acted wait for the next round, which is sorted as
usual (``Clock``).

Wired in with one line each: the kinds (``roster_kinds.py``) in ``actions.ACTIONS`` /
``ACTION_KINDS`` / ``GM_KINDS``, the planners in ``ruleset.PLANNERS``, ``resolve`` in
``ruleset.E133Ruleset.resolve``, the events in ``fold.apply_event`` and the rules in
``rules.RULES``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from turnkeeper.core.model import Action, BadActionError, Event, Refusal
from turnkeeper.core.ruleset import SetupError
from turnkeeper.core.schema import Params
from turnkeeper.dice.source import DiceSource
from turnkeeper.rulesets.e133.plan import GM, Plan, refuse, target_of
from turnkeeper.rulesets.e133.roster_kinds import KIND_NAMES as KIND_NAMES
from turnkeeper.rulesets.e133.roster_kinds import (
    AddCombatant,
    RemoveCombatant,
    RerollInitiative,
    SetInitiative,
)
from turnkeeper.rulesets.e133.setup import combatant_record, steed_error
from turnkeeper.rulesets.e133.state import E133State


# ---------------------------------------------------------------------------- planners
def plan_add_combatant(s: E133State, f: Any, p: AddCombatant) -> Plan | Refusal:
    new_id = p.combatant.id
    if new_id == GM or new_id in s.fighters:
        return refuse("e133.roster.add", f"the id {new_id!r} is taken"
                      + (" (the game master's)" if new_id == GM else " by a combatant"))
    try:
        combatant_record(0, p.combatant)
    except SetupError as exc:
        raise BadActionError(f"add_combatant: params.combatant: {exc}") from exc
    if p.combatant.steed is not None:
        unknown = steed_error("add_combatant: params.combatant", p.combatant.steed,
                              list(s.fighters))
        if unknown is not None:
            raise BadActionError(unknown)
    return Plan("add_combatant", "e133.roster.add", "none", keep_window=True)


def _not_current(s: E133State, kind: str, target: str, rule: str) -> Refusal | None:
    g = target_of(s, target, kind)
    if g.id == s.clock.current():
        return refuse(rule, f"it is {g.id}'s turn: end it first")
    return None


def plan_remove_combatant(s: E133State, f: Any, p: RemoveCombatant) -> Plan | Refusal:
    refused = _not_current(s, "remove_combatant", p.target, "e133.roster.remove")
    return refused or Plan("remove_combatant", "e133.roster.remove", "none")


def plan_set_initiative(s: E133State, f: Any, p: SetInitiative) -> Plan | Refusal:
    refused = _not_current(s, "set_initiative", p.target, "e133.roster.initiative")
    return refused or Plan("set_initiative", "e133.roster.initiative", "none", keep_window=True)


def plan_reroll_initiative(s: E133State, f: Any, p: RerollInitiative) -> Plan | Refusal:
    if p.target is not None:
        refused = _not_current(s, "reroll_initiative", p.target, "e133.roster.initiative")
        if refused is not None:
            return refused
    return Plan("reroll_initiative", "e133.roster.initiative", "none", keep_window=True)


PLANNERS: dict[str, Callable[..., Plan | Refusal]] = {
    "add_combatant": plan_add_combatant,
    "remove_combatant": plan_remove_combatant,
    "set_initiative": plan_set_initiative,
    "reroll_initiative": plan_reroll_initiative,
}


# ---------------------------------------------------------------------------- events
def resolve(state: E133State, action: Action, params: Params, dice: DiceSource) -> list[Event]:
    """The events of an allowed roster command (its dice rolled here)."""
    if isinstance(params, AddCombatant):
        record = combatant_record(len(state.fighters), params.combatant)
        if record["count"] is None:
            record["init_roll"] = dice.die(20)
            record["count"] = record["init_roll"] + record["init_mod"]
        record["tiebreak"] = [record["init_mod"], 0]
        return [Event("combatant_joined", record)]
    if isinstance(params, RemoveCombatant):
        return [Event("combatant_removed", {"id": params.target})]
    if isinstance(params, SetInitiative):
        return [Event("initiative_set", {"counts": {params.target: params.count}, "rolls": {}})]
    assert isinstance(params, RerollInitiative)
    who = [params.target] if params.target is not None else state.clock.order()
    rolls = {fid: dice.die(20) for fid in who}
    counts = {fid: rolls[fid] + state.fighters[fid].init_mod for fid in who}
    return [Event("initiative_set", {"counts": counts, "rolls": rolls})]


EVENTS = ("combatant_removed", "initiative_set")


def apply_event(state: E133State, t: str, d: Mapping[str, Any]) -> None:
    clock = state.clock
    if t == "combatant_removed":
        fid = d["id"]
        state.fighters.pop(fid, None)
        clock.remove(fid)
        state.effects = [e for e in state.effects
                         if e.holder != fid and e.data.get("target") != fid]
        if state.window is not None:
            state.window["responders"] = [r for r in state.window["responders"] if r != fid]
        state.last = f"{fid} leaves the fight"
        return
    for fid, count in d["counts"].items():
        clock.counts[fid] = count
        if fid in d["rolls"]:
            state.fighters[fid].init_roll = d["rolls"][fid]
        state.fighters[fid].count = count
    # Those still to act this round take their places by the new counts (the turn under way
    # and those who acted keep theirs); the next round sorts everyone (Clock.start_round).
    if clock.round > 0:
        done = clock.sequence[: clock.index + 1]
        waiting = sorted(clock.sequence[clock.index + 1:], key=lambda fid: (
            -clock.counts[fid], [-t for t in clock.tiebreak.get(fid, [])], fid))
        clock.sequence = done + waiting
    state.last = "initiative: " + ", ".join(f"{fid} {c}" for fid, c in d["counts"].items())
