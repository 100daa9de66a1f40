"""Movement: Shifting (and handing an item over on the way), Disengage, standing up, Sprint.

Parameter models, the rules each kind checks after the action economy, and their events
(p. 229, 231). Leaving a foe's side opens an Attack of Opportunity trigger (p. 241).
"""

from __future__ import annotations

from typing import Annotated

from turnkeeper.core.model import Action, Event, Refusal
from turnkeeper.core.schema import Params, meta
from turnkeeper.dice.source import DiceSource
from turnkeeper.rulesets.ptu.field import (
    able,
    bad,
    dist_to,
    distance,
    open_trigger,
    present,
    provokers,
)
from turnkeeper.rulesets.ptu.rules import RULES
from turnkeeper.rulesets.ptu.shared import Move, NoParams, Position, undescribed
from turnkeeper.rulesets.ptu.state import Combatant, PtuState

# ---------------------------------------------------------------------------- parameters
# The models' field types, named at module level and quoted in the models: this module is
# compiled with mypyc, which keeps a msgspec model's annotation only as a quoted name
# (ptcg/params.py says why); msgspec looks the name up here.
GivenItem = Annotated[str, meta("the item handed over", min_length=1)]
Receiver = Annotated[str, meta("the allied Trainer receiving it", min_length=1)]
MaybePosition = Position | None


@undescribed
class Give(Params):
    item: "GivenItem"  # noqa: UP037  (quoted: compiled, see above)
    to: "Receiver"  # noqa: UP037


MaybeGive = Annotated[Give | None, meta("hand an item to an adjacent ally (p. 229)")]


@undescribed
class ShiftParams(Params):
    to: "MaybePosition" = None  # noqa: UP037
    give: "MaybeGive" = None  # noqa: UP037


@undescribed
class DisengageParams(Params):
    to: "Position"  # noqa: UP037


# ---------------------------------------------------------------------------- rules
def check_movement(
    state: PtuState, c: Combatant, p: ShiftParams | DisengageParams, move: Move | None,
    action: Action,
) -> Refusal | None:
    return check_shift(state, c, action.kind, p, action)


def check_shift(
    state: PtuState, c: Combatant, kind_name: str, p: ShiftParams | DisengageParams,
    action: Action,
) -> Refusal | None:
    to = p.to
    give = p.give if isinstance(p, ShiftParams) else None
    if to is None and give is None:
        raise bad(action, "a shift needs 'to' (where to move) and/or 'give' (an item)")
    if to is not None:
        refusal = movement_refusal(c)
        if refusal is not None:
            return refusal
        limit = 1 if kind_name == "disengage" else (
            c.movement * 3 // 2 if c.sprinting else c.movement
        )
        far = dist_to(to, c)
        if far > limit:
            return RULES.refuse(
                "ptu.shift.movement", f"{far} m is more than {c.id}'s {limit} m"
            )
        for other in state.combatants.values():
            if other is not c and present(other) and other.position == list(to):
                return RULES.refuse("ptu.shift.movement", f"{other.id} stands at {to}")
    if give is not None:
        if c.kind != "trainer":
            return RULES.refuse("ptu.action.who", "only Trainers hand items over")
        ally = state.combatants.get(give.to)
        if ally is None:
            raise bad(action, f"unknown recipient {give.to!r}")
        if ally is c or ally.kind != "trainer" or ally.side != c.side or not able(ally):
            return RULES.refuse("ptu.shift.hand-item", f"{ally.id} is not an allied Trainer")
        if c.in_hand.get(give.item, 0) < 1:
            if c.items.get(give.item, 0) > 0:
                return RULES.refuse(
                    "ptu.item.in-hand",
                    f"{c.id}'s {give.item!r} is in the pack; take it out first "
                    "(take_out_item, a Standard action)",
                )
            return RULES.refuse("ptu.item.have", f"{c.id} has no {give.item!r}")
        end = list(to) if to is not None else c.position
        if distance(c, ally) > 1 and dist_to(end, ally) > 1:
            return RULES.refuse(
                "ptu.shift.hand-item",
                f"{ally.id} is adjacent neither at the start nor at the end of the shift",
            )
    return None


def may_move(c: Combatant) -> bool:
    """Whether ``c`` may move this turn at all: standing first, one moving Shift a turn
    (p. 229, 231; READINGS ptu). The legal-action listing asks this; ``check`` asks
    :func:`movement_refusal`, which says why not (building that refusal on every listing
    of a combatant that has moved cost about 10,000 instructions)."""
    return "tripped" not in c.statuses and not c.moved


def movement_refusal(c: Combatant) -> Refusal | None:
    """:func:`may_move`, with the rule that stops ``c`` when it may not."""
    if may_move(c):
        return None
    if "tripped" in c.statuses:
        return RULES.refuse("ptu.shift.stand-up", f"{c.id} must stand up before moving")
    if c.moved:
        return RULES.refuse("ptu.shift.one-movement")
    return None


def check_stand_up(
    state: PtuState, c: Combatant, p: NoParams, move: Move | None, action: Action,
) -> Refusal | None:
    if "tripped" not in c.statuses:
        return RULES.refuse("ptu.shift.stand-up", f"{c.id} is not Tripped")
    return None


# ---------------------------------------------------------------------------- resolution
def effects_shift(
    state: PtuState, c: Combatant, k: str, p: ShiftParams | DisengageParams,
    move: Move | None, dice: DiceSource,
) -> list[Event]:
    cs = state.combatants
    out: list[Event] = []
    to = p.to
    if to is not None:
        out.append(Event("moved", {"actor": c.id, "from": list(c.position), "to": list(to)}))
        if k == "shift":
            left = [o for o in provokers(state, c) if dist_to(to, cs[o]) > 1]
            if left:
                out.append(open_trigger(state, "shifted_away", c, left, provokes=left))
    if isinstance(p, ShiftParams) and p.give is not None:
        out.append(Event("item_handed", {"actor": c.id, "item": p.give.item, "to": p.give.to}))
    return out


def effects_stand_up(
    state: PtuState, c: Combatant, k: str, p: NoParams, move: Move | None, dice: DiceSource,
) -> list[Event]:
    out = [Event("stood_up", {"actor": c.id})]
    provokes = provokers(state, c)
    if provokes:
        out.append(open_trigger(state, "stood_up", c, provokes, provokes=provokes))
    return out


def effects_sprint(
    state: PtuState, c: Combatant, k: str, p: NoParams, move: Move | None, dice: DiceSource,
) -> list[Event]:
    # ptu.shift.movement: Sprint raises this turn's movement by half (read by check_shift).
    return [Event("sprinting", {"actor": c.id})]
