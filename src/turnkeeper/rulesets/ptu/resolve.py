"""``resolve``: the events an allowed action produces (dice rolled here, state untouched).

The economy's events first (Priority declared, a turn given up for an Interrupt, the action's
slots paid, a trigger answered, an Action Point spent), then the kind's own events from its
family module (the table's ``effects``), then the end of the turn or the hold.
"""

from __future__ import annotations

from typing import Final

from turnkeeper.core.model import Action, Event
from turnkeeper.dice.source import DiceSource
from turnkeeper.rulesets.ptu import roster
from turnkeeper.rulesets.ptu.afflicted import (
    saves_watched,
    set_up_afflicted,
    turn_marker,
    turn_start_saves,
    with_turn_start,
)
from turnkeeper.rulesets.ptu.attacks import UseMoveParams
from turnkeeper.rulesets.ptu.check import parsed
from turnkeeper.rulesets.ptu.damage import (
    end_of_turn_saves,
    settle_pending_hits,
    standard_action_loss_events,
)
from turnkeeper.rulesets.ptu.economy import (
    PAID_TIMINGS,
    interrupt_pays_next,
    response_name,
    slots_of,
    timing_of,
    turn_gone,
)
from turnkeeper.rulesets.ptu.field import move_of

# Imported here, not inside the functions that fold (a compiled function-level import looks
# the module up on every call, issue 16): folding imports nothing that imports this module.
from turnkeeper.rulesets.ptu.folding import apply
from turnkeeper.rulesets.ptu.general import ExtendedParams
from turnkeeper.rulesets.ptu.gm import resolve_gm
from turnkeeper.rulesets.ptu.items import WeaponParams
from turnkeeper.rulesets.ptu.movement import DisengageParams, ShiftParams
from turnkeeper.rulesets.ptu.param_fields import action_points_of, trigger_of
from turnkeeper.rulesets.ptu.state import PtuState, scratch_copy
from turnkeeper.rulesets.ptu.switching import ReleaseParams, release_events
from turnkeeper.rulesets.ptu.turn_control import DeclareParams, HoldParams


def resolve(state: PtuState, action: Action, dice: DiceSource) -> list[Event]:
    """The action's events, then the start-of-turn saves of any turn they make begin
    (afflicted.py: Paralyzed, Confused, Infatuated)."""
    return with_turn_start(state, resolve_landing(state, action, dice), dice)


def resolve_landing(state: PtuState, action: Action, dice: DiceSource) -> list[Event]:
    """Waiting hits land first unless this action answers them (Protect, Intercept); an
    actor that faints from them loses its action."""
    if not state.pending_hits or answers_pending(state, action):
        return resolve_action(state, action, dice)
    settled = settle_pending_hits(state, dice)
    actor = state.combatants.get(str(action.actor))
    fainted = {e.data["target"] for e in settled
               if e.type == "damage_dealt" and e.data["fainted"]}
    if actor is not None and actor.id in fainted:
        return [*settled, Event("action_lost", {"actor": actor.id, "kind": action.kind})]
    # The rest is resolved as if the hits had landed: fold them into a scratch copy.
    after = scratch_copy(state)
    for event in settled:
        apply(after, event)
    return [*settled, *resolve_action(after, action, dice)]




def resolve_folding(state: PtuState, action: Action, dice: DiceSource) -> None:
    """:func:`resolve` with its events folded into ``state``, for a caller that keeps no log
    and would fold them at once anyway (the simulator's loop, ptu/sim.py): the same events
    from the same dice, folded in the same order, but the waiting hits that land first are
    folded into the state itself rather than into a scratch copy to resolve the action on
    (a copy costs about as much as an action), and so are the events that come before the
    turn-start saves. ``tests/ptu/test_ptu_sim.py`` plays the same fights as through
    :func:`resolve`."""
    watched = saves_watched(state)
    # Where the fight stood before any event is folded; only read when saves may be due
    # (with_turn_start's test below), so it is taken only then, before the first fold.
    before = turn_marker(state) if watched else None
    settled: list[Event] = []
    rest: list[Event]
    if not state.pending_hits or answers_pending(state, action):
        rest = resolve_action(state, action, dice)
    else:
        settled = settle_pending_hits(state, dice)
        actor = state.combatants.get(str(action.actor))
        fainted = {e.data["target"] for e in settled
                   if e.type == "damage_dealt" and e.data["fainted"]}
        if before is None and settled and set_up_afflicted(settled):
            before = turn_marker(state)
        for event in settled:
            apply(state, event)
        if actor is not None and actor.id in fainted:
            rest = [Event("action_lost", {"actor": actor.id, "kind": action.kind})]
        else:
            rest = resolve_action(state, action, dice)
    if before is None and not settled and rest and set_up_afflicted(rest):
        before = turn_marker(state)
    for event in rest:
        apply(state, event)
    # with_turn_start's test, on every event of the action (the landed hits first): saves
    # are due when some were watched, or when the events set up an afflicted encounter
    if before is not None and (settled or rest):
        turn_start_saves(state, before, dice)


def answers_pending(state: PtuState, action: Action) -> bool:
    if "trigger" not in action.params:
        return False
    if action.kind == "intercept":
        return True
    if action.kind == "use_move":
        move = move_of(state, str(action.params.get("move", "")))
        return move is not None and bool(move.get("protects"))
    return False


#: The kinds whose ``to`` moves the actor.
MOVING: Final = ("shift", "disengage")
#: roster.py's kinds (a combatant joins or leaves), read by every action: ``Final``, so the
#: compiled code reads a C variable, not the module's attribute by name (issue 16).
ROSTER_KINDS: Final = frozenset(roster.KIND_NAMES)


def resolve_action(state: PtuState, action: Action, dice: DiceSource) -> list[Event]:
    kind, p = parsed(action)
    k = action.kind
    if k in ROSTER_KINDS:  # roster.py: a combatant joins or leaves
        return roster.resolve(state, p, dice)
    if kind.who == "gm":
        return resolve_gm(state, k, p, dice)
    c = state.combatants[str(action.actor)]
    # Branches go by the kind's name first (cheap); the isinstance inside names the model.
    move = None
    if k == "use_move":
        assert isinstance(p, UseMoveParams)
        move = move_of(state, p.move)
    events: list[Event] = []
    if k == "extended_action":
        assert isinstance(p, ExtendedParams)
        minutes = p.minutes if p.minutes is not None else state.settings.extended_minutes
        return [Event("extended_action", {"actor": c.id, "what": p.what,
                                          "minutes": minutes})]
    if state.phase == "setup":
        if isinstance(p, WeaponParams):
            return [Event("weapon_drawn", {"actor": c.id, "weapon": p.weapon, "free": True})]
        assert isinstance(p, ReleaseParams)
        return release_events(state, c, p.ids(), dice, free=True, swap=False, at=p.place())
    if k == "declare":
        assert isinstance(p, DeclareParams)
        return [Event("declared", {"actor": c.id, "actions": list(p.actions)})]
    timing = timing_of(state, c, k, p, move)
    slots: tuple[str, ...] = ()
    if timing in PAID_TIMINGS:
        slots = slots_of(state, c, k, kind, p, move)
    why = k if move is None else move["name"]
    if timing.startswith("priority"):
        variant = timing
        acted = turn_gone(state, c)
        events.append(Event("priority_declared", {
            "actor": c.id, "variant": variant, "borrowed": acted, "why": why,
        }))
    elif timing == "interrupt":
        if interrupt_pays_next(state, c):
            events.append(Event("turn_given_up", {"actor": c.id, "round": "next", "why": why}))
        else:  # paid from this round's budget; the rest of the turn stays on its count
            slots = slots_of(state, c, k, kind, p, move)
    if slots or k not in ("end_turn", "hold"):
        # a tuple of classes: compiled, ``A | B`` builds a union object on every call
        moving = k in MOVING and isinstance(p, (ShiftParams, DisengageParams)) and (
            p.to is not None)
        events.append(Event("action_taken", {
            "actor": c.id, "kind": k, "slots": list(slots), "moving": moving,
            "own_turn": timing == "turn",
        }))
    trigger = trigger_of(p)
    if trigger is not None:
        events.append(Event("trigger_answered", {
            "trigger": trigger, "actor": c.id, "response": response_name(k, p, move),
        }))
    if action_points_of(p):
        events.append(Event("ap_spent", {"actor": c.id, "amount": 1}))
    effects = kind.effects  # read once: a row is an interpreted dataclass (issue 16)
    if effects is not None:
        events.extend(effects(state, c, k, p, move, dice))
    if "standard" in slots:
        events.extend(standard_action_loss_events(state, c))
    if k == "end_turn":
        events.extend(end_of_turn_saves(c, dice))
        events.append(Event("turn_ended", {"actor": c.id}))
    if k == "hold":
        assert isinstance(p, HoldParams)
        events.append(Event("action_held", {"actor": c.id, "count": p.count}))
    return events
