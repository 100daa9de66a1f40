"""The game master's roster commands mid-fight: a Pokémon or a Trainer joins, a combatant
leaves (issue 15). Recorded commands like every other, with their rule ids
(``ptu.roster.*``), undo and redo.

PTU fixes no initiative count apart from Speed (PTU 1.05 Core p. 227): the order is Speed,
highest first, ties rolled off on a d20. So there is no command to put a combatant at
another count; the GM changes the order by changing Speed (``set_speed``, gm.py). A newcomer
takes its place by Speed as a released Pokémon does (p. 229): among those still to act this
round, at the earliest right after the turn under way; a Speed tie with someone already on
the clock is rolled off (p. 227).

Wired in with one line each: the rows in ``actions.ROWS`` (and their names in
``turn_control.KIND_NAMES``), ``check`` in ``check.check``, ``resolve`` in
``resolve.resolve_action``, the folds in ``folding.FOLDS``, the sentences in
``describe.WRITERS``, the rules in ``rules.RULES``, the private fields of a newcomer in
``views.visible_command``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from turnkeeper.core.model import Action, BadActionError, Event, Refusal
from turnkeeper.core.ruleset import SetupError
from turnkeeper.core.schema import Params, did_you_mean
from turnkeeper.core.sentences import Writer
from turnkeeper.dice.source import DiceSource
from turnkeeper.rulesets.ptu.economy import clock_key, roll_off, whose_turn
from turnkeeper.rulesets.ptu.field import bad
from turnkeeper.rulesets.ptu.moves import starter_moves
from turnkeeper.rulesets.ptu.roster_kinds import KIND_NAMES as KIND_NAMES
from turnkeeper.rulesets.ptu.roster_kinds import AddCombatantParams, RemoveCombatantParams
from turnkeeper.rulesets.ptu.rules import RULES as CATALOGUE
from turnkeeper.rulesets.ptu.setup import combatant_of
from turnkeeper.rulesets.ptu.state import Combatant, PtuState, combatant_from_dict
from turnkeeper.rulesets.ptu.turn_order import leave_clock


# ---------------------------------------------------------------------------- rules
def check(state: PtuState, p: Params, action: Action) -> Refusal | None:
    """Why the roster command may not be given now (rules ``ptu.roster.*``)."""
    if state.phase == "over":
        rule = "ptu.roster.add" if isinstance(p, AddCombatantParams) else "ptu.roster.remove"
        return CATALOGUE.refuse(rule, "the encounter is over")
    if isinstance(p, AddCombatantParams):
        new_id = p.combatant.id
        if new_id == "gm" or new_id in state.combatants:
            return CATALOGUE.refuse("ptu.roster.add", f"the id {new_id!r} is taken" + (
                " (the GM's)" if new_id == "gm" else " by a combatant"))
        if p.kind == "trainer":
            if p.owner is None:
                raise bad(action, "params.owner: a Trainer needs its (new) player's name")
            if p.owner == "gm" or p.owner in state.players:
                return CATALOGUE.refuse("ptu.roster.add",
                                        f"player {p.owner!r} already has a Trainer")
            if state.context == "league":
                return CATALOGUE.refuse("ptu.roster.add",
                                        "a League Battle's Trainers are fixed at the start")
            if p.side == "wild":
                raise bad(action, "params.side: 'wild' is the wild Pokémon's side")
        else:
            if p.side is not None:
                raise bad(action, "params.side: a Pokémon fights on its player's side "
                          "(side is for a new Trainer)")
            if p.owner is not None and p.owner not in state.players:
                raise bad(action, f"params.owner: unknown player {p.owner!r}"
                          f"{did_you_mean(p.owner, state.players)} (players: {state.players})")
        newcomer(state, p)  # bad moves or HP: an error naming the field
        return None
    assert isinstance(p, RemoveCombatantParams)
    target = state.combatants.get(p.target)
    if target is None:
        raise bad(action, f"params.target: unknown combatant {p.target!r}"
                  f"{did_you_mean(p.target, state.combatants)}")
    if whose_turn(state) == target.id or any(i.actor == target.id
                                             for i in state.interjections):
        return CATALOGUE.refuse("ptu.roster.remove", f"it is {target.id}'s turn: end it first")
    if any(target.id in (hit.get("attacker"), hit.get("target")) for hit in state.pending_hits):
        return CATALOGUE.refuse("ptu.roster.remove",
                                f"a hit on or by {target.id} is pending: let it land first")
    if target.kind == "trainer":
        left = sorted(c.id for c in state.combatants.values()
                      if c.kind == "pokemon" and c.owner == target.owner)
        if left:
            return CATALOGUE.refuse("ptu.roster.remove",
                                    f"{target.id}'s Pokémon {left} are still in the fight: "
                                    "remove them first")
    return None


def newcomer(state: PtuState, p: AddCombatantParams) -> Combatant:
    """The newcomer as the set-up would make it (a wild Pokémon and a Trainer are on the
    field unless the set-up says otherwise; a player's Pokémon is in its ball)."""
    owner = p.owner
    if p.kind == "trainer":
        side = p.side if p.side is not None else str(owner)
    elif owner is None:
        side = "wild"
    else:
        side = next((c.side for c in state.combatants.values() if c.owner == owner), owner)
    try:
        return combatant_of(p.combatant, "params.combatant", p.kind, owner, side,
                            {**starter_moves(), **state.custom_moves},
                            active_default=p.kind == "trainer" or owner is None)
    except SetupError as exc:
        raise BadActionError(f"add_combatant by gm: {exc}") from exc


# ---------------------------------------------------------------------------- events
def resolve(state: PtuState, p: Params, dice: DiceSource) -> list[Event]:
    """The events of an allowed roster command (a Speed tie's roll-off rolled here)."""
    from turnkeeper.core.game import jsonable

    if isinstance(p, RemoveCombatantParams):
        gone = state.combatants[p.target]
        return [Event("combatant_removed", {"id": gone.id, "name": gone.name})]
    assert isinstance(p, AddCombatantParams)
    c = newcomer(state, p)
    rolls: dict[str, list[int]] = {}
    if c.on_field and state.phase != "setup":  # begin_combat rolls off the set-up's ties
        key = clock_key(state, c)
        tied = sorted(o for o, count in state.clock.counts.items() if count == key)
        if tied:
            rolls = roll_off([c.id, *tied], dice)
    return [Event("combatant_joined", {
        "combatant": jsonable(c), "new_player": p.owner if p.kind == "trainer" else None,
        "tiebreak": rolls,
    })]


def on_combatant_joined(state: PtuState, d: Mapping[str, Any]) -> None:
    c = combatant_from_dict(d["combatant"])
    state.combatants[c.id] = c
    # The tables of the moves the combatants know, kept on the state object
    # (legal.moves_by_name, legal.move_offers), hold only the moves known before: the
    # newcomer's own moves were missing from them (a KeyError listing its turn).
    state.queries.known_moves = None
    state.queries.move_offers = None
    if d["new_player"] is not None:
        state.players.append(d["new_player"])
    rolls = {cid: [float(r) for r in faces] for cid, faces in d["tiebreak"].items()}
    for cid, faces in rolls.items():
        if cid != c.id:
            state.clock.tiebreak[cid] = faces
    if c.on_field:
        state.clock.add(c.id, clock_key(state, c), rolls.get(c.id, []))


def on_combatant_removed(state: PtuState, d: Mapping[str, Any]) -> None:
    gone = state.combatants.pop(d["id"])
    clock = state.clock
    leave_clock(state, gone.id)
    clock.tiebreak.pop(gone.id, None)
    clock.held.pop(gone.id, None)
    clock.acted = [cid for cid in clock.acted if cid != gone.id]
    state.declare_queue = [cid for cid in state.declare_queue if cid != gone.id]
    state.declared.pop(gone.id, None)
    state.effects = [e for e in state.effects if e.holder != gone.id]
    for window in state.occurrences:
        window.responders = [cid for cid in window.responders if cid != gone.id]
    for c in state.combatants.values():
        if c.grappling == gone.id:
            c.grappling = None
    if gone.kind == "trainer" and gone.owner in state.players:
        state.players.remove(gone.owner)


FOLDS = {"combatant_joined": on_combatant_joined, "combatant_removed": on_combatant_removed}


# ---------------------------------------------------------------------------- sentences
def _joined(state: PtuState, d: Mapping[str, Any]) -> str:
    raw = d.get("combatant") or {}
    text = f"{raw.get('name', raw.get('id', '?'))} joins the fight"
    if raw.get("owner"):
        text += f" ({raw['owner']}'s {'Trainer' if raw.get('kind') == 'trainer' else 'Pokémon'})"
    if raw.get("on_field"):
        text += f" at Speed {raw.get('speed', '?')}"
    return text


def _removed(state: PtuState, d: Mapping[str, Any]) -> str:
    # The combatant is gone from the state by now: the event names it.
    return f"{d.get('name', d.get('id', '?'))} leaves the fight"


WRITERS: dict[str, Writer[PtuState]] = {"combatant_joined": _joined,
                                        "combatant_removed": _removed}
