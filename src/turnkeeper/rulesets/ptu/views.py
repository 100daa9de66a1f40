"""What players and the GM see: the state's view per seat, what each seat may see of a command,
the terminal's status lines and the initiative tracker.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any

from turnkeeper.core.model import Action, Event
from turnkeeper.rulesets.ptu.economy import initiative, mid_turn, whose_turn
from turnkeeper.rulesets.ptu.state import ALLOWANCE, PtuState

#: What another seat sees of a combatant's private set-up fields (view(seat) shows them null).
PRIVATE_COMBATANT_FIELDS: dict[str, Any] = {
    "hp": None, "max_hp": None, "temp_hp": None, "items": None, "in_hand": None,
}

#: What another seat sees of the HP events of a combatant it does not own: these fields come
#: as null. A hit's dice faces and roll total give its damage away (the stats are public), and
#: the HP markers crossed, or a Massive Damage flag, tell the HP left as a fraction of the
#: maximum; injuries gained and fainting stay public, as in :func:`view`.
HIDDEN_HP_FIELDS: dict[str, tuple[str, ...]] = {
    "damage_dealt": ("faces", "roll_total", "damage", "hp_before", "hp_after", "markers",
                     "massive"),
    "hp_lost": ("amount", "hp_before", "hp_after", "markers"),
}


def view(state: PtuState, seat: str | None = None) -> dict[str, Any]:
    combatants = {}
    for c in state.combatants.values():
        mine = seat is None or c.owner == seat
        combatants[c.id] = {
            "name": c.name,
            "kind": c.kind,
            "owner": c.owner,
            "side": c.side,
            "speed": c.speed,
            "initiative": initiative(state, c),
            "hp": c.hp if mine else None,
            "max_hp": c.max_hp if mine else None,
            "injuries": c.injuries,
            "types": list(c.types),
            "stages": dict(c.stages),
            "position": list(c.position),
            "on_field": c.on_field,
            "fainted": c.fainted,
            "captured": c.captured,
            "statuses": list(c.statuses),
            "moves": list(c.moves),
            "items": dict(c.items) if mine else None,
            "weapon": c.weapon,
            "held_item": c.held_item,
            "ap": c.ap,
            "ap_max": c.ap_max,
            "budget": dict(c.budget.remaining),
            # Slots bought with the Standard this turn and not yet spent (trade_standard).
            "traded": {slot: min(count, c.budget.left(slot))
                       for slot, count in c.traded.items() if c.budget.left(slot) > 0},
            "in_hand": dict(c.in_hand) if mine else None,
            "moved": c.moved,
            "sprinting": c.sprinting,
            "acted": c.id in state.clock.acted or c.forfeit_this,
            "forfeit_next": c.forfeit_next,
            "forfeit_this": c.forfeit_this,
            "uncommandable": c.uncommandable,
            "held": c.held,
            "aoo_used": c.aoo_used,
            "scene_uses": dict(c.scene_uses),
            "grappling": c.grappling,
        }
    return {
        "context": state.context,
        "phase": state.phase,
        "round": state.clock.round,
        "whose_turn": whose_turn(state),
        "turn_active": mid_turn(state),
        "order": list(state.clock.sequence),
        "declare_queue": list(state.declare_queue),
        "declared": {k: list(v) for k, v in state.declared.items()},
        "interjections": [i.actor for i in state.interjections],
        "pokemon_turn_used": dict(state.pokemon_turn_used),
        "triggers": [
            {"id": o.occurrence, "kind": o.trigger, "responders": list(o.responders), **o.data}
            for o in state.occurrences
        ],
        "effects": [
            {"id": e.id, "name": e.name, "holder": e.holder, "ends": e.expiry.kind,
             "round": e.expiry.round}
            for e in state.effects
        ],
        "minutes_elapsed": state.minutes_elapsed,
        "combatants": combatants,
    }


#: Offer odds entries worked out from a target's HP left, which a seat that does not own the
#: target cannot see: P(this attack faints it).
HP_ODDS = ("p_faint",)


def visible_offer(state: PtuState, action: Action, seat: str) -> Action:
    """An offer as ``seat`` is sent it: for a target the seat does not own (whose HP its view
    hides), the odds that follow from that HP (:data:`HP_ODDS`) are left out. P(hit), P(crit)
    and the damage distribution come from public numbers (stats, stages, types) and stay."""
    odds = action.odds
    if not odds or not any(key in odds for key in HP_ODDS):
        return action
    target = state.combatants.get(str(action.params.get("target", "")))
    if target is not None and target.owner == seat:
        return action
    return Action.offer(action.kind, action.actor, action.params, action.cost,
                        {k: v for k, v in odds.items() if k not in HP_ODDS},
                        action.cost_detail)


def visible_command(
    state: PtuState, action: Action | None, events: Sequence[Event], seat: str
) -> tuple[dict[str, Any] | None, list[dict[str, Any]]]:
    """What ``seat`` may see of one command: what :meth:`view` hides is nulled out.

    For combatants the seat does not own (wild ones are the GM's): the set-up's
    ``hp``, ``max_hp``, ``temp_hp`` and ``items``, a damage or heal ``amount``, the HP
    numbers of a hit or an HP loss (:data:`HIDDEN_HP_FIELDS`), and the
    item a trainer uses or hands over (unless the seat owns the receiver). Accuracy,
    capture, skill and initiative rolls and everything else stay public.
    """

    def theirs(cid: Any) -> bool:
        c = state.combatants.get(cid) if isinstance(cid, str) else None
        return c is None or c.owner != seat

    shown_action = None if action is None else copy.deepcopy(action.to_dict())
    if shown_action is not None:
        params = shown_action["params"]
        if action is not None and action.kind in ("damage", "heal"):
            if theirs(params.get("target")) and "amount" in params:
                params["amount"] = None
        elif theirs(shown_action["actor"]):
            if "item" in params and shown_action["kind"] in ("use_item", "take_out_item"):
                params["item"] = None
            give = params.get("give")
            if isinstance(give, dict) and theirs(give.get("to")):
                give["item"] = None
    shown: list[dict[str, Any]] = []
    for event in events:
        data = copy.deepcopy(dict(event.data))
        if event.type == "encounter_set_up":
            for raw in data.get("combatants") or []:
                if raw.get("owner") != seat:
                    raw.update(PRIVATE_COMBATANT_FIELDS)
        elif event.type in ("damaged", "heal") and theirs(data.get("target")):
            data["amount"] = None
        elif event.type == "combatant_joined" and data["combatant"].get("owner") != seat:
            data["combatant"].update(PRIVATE_COMBATANT_FIELDS)  # as in the set-up's list
        elif event.type in HIDDEN_HP_FIELDS and theirs(data.get("target")):
            # The HP a hit or a loss took and left are as private as the HP itself.
            data.update(dict.fromkeys(HIDDEN_HP_FIELDS[event.type], None))
        elif event.type in ("item_used", "item_handed", "item_taken_out") \
                and theirs(data.get("actor")) \
                and theirs(data.get("to")):  # item_used has no "to": theirs(None)
            data["item"] = None
        shown.append({"type": event.type, "data": data})
    return shown_action, shown


def status_lines(state: PtuState) -> list[str]:
    turn = whose_turn(state)
    lines = [
        f"PTU {state.context.replace('_', ' ')} - round {state.clock.round}, "
        f"phase {state.phase}, turn: {turn or '-'}"
        + (" (mid-turn)" if mid_turn(state) else "")
    ]
    if state.phase == "declare":
        lines.append("declaring (slowest first): " + ", ".join(state.declare_queue))
    for cid in display_order(state):
        c = state.combatants[cid]
        mark = ">" if cid == turn else " "
        b = c.budget.remaining
        flags = [s for s in (
            "fainted" if c.fainted else "",
            "acted" if cid in state.clock.acted else "",
            "no command" if c.uncommandable else "",
            "loses next turn" if c.forfeit_next else "",
        ) if s]
        lines.append(
            f"{mark} {c.speed:>3} {cid:<12} {c.kind:<7} hp {c.hp}/{c.max_hp} "
            f"std {b.get('standard', 0)} shift {b.get('shift', 0)} swift "
            f"{b.get('swift', 0)}" + (f" ap {c.ap}" if c.kind == "trainer" else "")
            + (f" [{', '.join(flags + c.statuses)}]" if flags or c.statuses else "")
        )
    if state.occurrences:
        lines.append("open triggers: " + ", ".join(
            f"{o.occurrence} {o.trigger} by {o.data['by']}" for o in state.occurrences))
    return lines


def tracker(state: PtuState) -> dict[str, Any]:
    turn = whose_turn(state)
    order = []
    for cid in display_order(state):
        c = state.combatants[cid]
        b = c.budget.remaining
        order.append({
            "id": cid,
            "name": c.name,
            "controller": c.owner,
            "current": cid == turn,
            "pips": {k: [b.get(k, 0), v] for k, v in ALLOWANCE.items()},
        })
    return {"round": state.clock.round, "turn": turn, "order": order}


def display_order(state: PtuState) -> list[str]:
    """This round's order; before round 1, the order round 1 will have."""
    return list(state.clock.sequence) if state.clock.round else state.clock.order()
