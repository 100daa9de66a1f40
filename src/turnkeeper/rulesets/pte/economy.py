"""The action economy of ``pte``: how long each action takes, whose turn it is, what fits.

PTE ch. 5, Action Types: every action has a type whose length runs on the scene clock
(:mod:`timing` holds the lengths as data); in combat, turns go in initiative order and a type
decides what may be taken outside one's turn and what fills a turn; in the Downtime phase,
Extended and Downtime actions pack into the scheduled Downtime actions. Every action that
takes time is checked here (``time_for``), and booked here (``time_events``).
"""

from __future__ import annotations

import copy
from typing import Any

from turnkeeper.core.model import BadActionError, Event
from turnkeeper.core.schema import Params
from turnkeeper.dice.source import DiceSource
from turnkeeper.rulesets.pte import pools, timing
from turnkeeper.rulesets.pte.params import RollParams, TimedParams
from turnkeeper.rulesets.pte.plans import (
    GM,
    ActionTime,
    Plan,
    refuse,
    text_param,
)
from turnkeeper.rulesets.pte.state import Combat, PteState


# ============================================================================ time of an action
def time_for(
    state: PteState,
    actors: list[str],
    kind: str,
    params: TimedParams,
    action_type: str,
    factor: int,
    trigger: str | None,
    aiding: str | None = None,
) -> ActionTime:
    """Check the time rules for an action of ``action_type`` by ``actors``."""
    # pte.time.downtime-phase
    if action_type == "downtime" and state.phase != "downtime":
        raise refuse(
            "pte.time.downtime-phase",
            f"a Downtime action needs the Downtime phase; the scene is in {state.phase}",
        )
    # pte.time.extended-not-in-combat
    if timing.is_timed(action_type) and state.phase == "combat":
        raise refuse(
            "pte.time.extended-not-in-combat",
            f"an {timing.LABELS[action_type]} takes too long for combat",
        )
    if isinstance(params, RollParams):
        aiding = text_param(kind, "aiding", params.aiding)
    trigger_fits(kind, action_type, trigger)
    start: int | None = None
    rounds, rounds_expr = listed_rounds(params.rounds, action_type)
    scaled = None if aiding is None else aid_time(state, actors[0], aiding, action_type)
    if scaled is not None:
        seconds, start = scaled
    elif action_type == "rounds":
        seconds = rounds * timing.ROUND_SECONDS
    else:
        seconds = base_seconds(params, action_type)
    if state.phase == "combat":
        # pte.take.time: the time spent for Take X cannot be found in a combat turn (a rule of
        # the moment, the same action being fine out of combat: a refusal, not bad input).
        if factor != 1:
            raise refuse(
                "pte.take.time",
                f"params.time_factor {factor}: in combat the clock moves by rounds and an "
                "action cannot take more than its own time",
            )
        combat_gate(state, actors[0], action_type, text_param(kind, "trigger", trigger))
    seconds *= factor
    if state.phase == "downtime" and timing.is_timed(action_type):
        # pte.time.packing: by the size of the final length (an (S) stretched is an (L)).
        size = timing.size_of(action_type, seconds)
        for who in actors:
            slots = list(state.characters[who].slots)
            if fit(slots, timing.units_for(action_type, seconds)) is None:
                raise refuse(
                    "pte.time.packing",
                    f"{who}'s scheduled Downtime actions ({len(slots)}) have no room left "
                    f"for an {timing.LABELS[action_type]}"
                    + (
                        f" taking {factor}x the time ({timing.describe(seconds)}, the size of "
                        f"an {timing.LABELS[size]})"
                        if factor > 1
                        else ""
                    ),
                )
    return ActionTime(
        action_type, seconds, list(actors), aiding, start, factor, rounds, rounds_expr
    )


def listed_rounds(raw: int | str | None, action_type: str) -> tuple[int, str | None]:
    """pte.time.listed-duration: ``rounds`` as a whole number or dice (``1d4``)."""
    if action_type != "rounds":
        if raw is not None:
            raise BadActionError("params.rounds belongs to action_type: rounds")
        return 0, None
    listed = timing.read_listed_rounds(raw)
    if listed is not None:
        return listed
    raise BadActionError(
        f"params.rounds: a whole number of rounds 1-100 or dice like '1d4', not {raw!r}"
    )


def base_seconds(params: TimedParams, action_type: str) -> int:
    minutes, hours = params.minutes, params.hours
    if action_type in timing.FIXED_SECONDS:
        if minutes is not None or hours is not None:
            raise BadActionError(
                f"a {timing.LABELS[action_type]} has a fixed length; "
                "minutes/hours are for Extended and Downtime actions"
            )
        return timing.FIXED_SECONDS[action_type]
    if minutes is not None and hours is not None:
        raise BadActionError("give minutes or hours, not both")
    if minutes is None and hours is None:
        seconds = timing.DEFAULT_SECONDS[action_type]
    else:
        seconds = round((minutes or 0.0) * 60 + (hours or 0.0) * 3600)
    # pte.time.extended-length / pte.time.downtime-length
    problem = timing.out_of_range(action_type, seconds)
    if problem is not None:
        raise refuse(timing.length_rule(action_type), problem)
    return seconds


def aid_time(state: PteState, actor: str, aided: str, action_type: str) -> tuple[int, int] | None:
    """pte.time.aid-scales: aid joins an Extended or Downtime action under way. Aid of the
    same type and size takes the aided action's (seconds, start); aid of another type or size
    is allowed too but keeps its own length (None)."""
    if aided not in state.characters:
        raise BadActionError(f"params.aiding: unknown character {aided!r}")
    if aided == actor:  # a rule question (whom aid is for), as assisting oneself is
        raise refuse("pte.time.aid-scales", f"{actor} cannot aid their own action")
    current = state.characters[aided].current
    if current is None or current["end"] <= state.now:
        raise refuse("pte.time.aid-scales", f"{aided} has no Extended or Downtime action under way")
    if current["type"] != action_type:
        return None
    # Aid that scales takes the very stretch of time the aided action takes, so the aider's
    # own Extended or Downtime actions must be over by its start: otherwise the aider would be
    # in two such actions at once. (A few seconds of a shorter action are not counted: the
    # aid joins the aided action's start, not the aider's next free moment.)
    own = state.characters[actor].current
    if own is not None and int(own["end"]) > int(current["start"]):
        raise refuse(
            "pte.time.aid-scales",
            f"{actor} is taken by their own {timing.LABELS[str(own['type'])]} until "
            f"{timing.clock_text(int(own['end']), state.start_hour)}, past the start of "
            f"{aided}'s {timing.LABELS[action_type]} "
            f"({timing.clock_text(int(current['start']), state.start_hour)}); aid that scales "
            "to it takes that same time",
        )
    return int(current["seconds"]), int(current["start"])


def trigger_fits(kind: str, action_type: str, trigger: str | None) -> None:
    """A trigger is what a Free or an Interrupt action answers (PTE ch. 5, Action Types); on
    any other action type it would be read by no rule, so it is malformed, not ignored."""
    if trigger is not None and action_type not in ANSWERS_TRIGGER:
        raise BadActionError(
            f"{kind}: params.trigger: a {timing.LABELS[action_type]} answers no trigger; "
            "only a Free or an Interrupt action does"
        )


# The action types that may answer a trigger (params.trigger).
ANSWERS_TRIGGER = ("free", "interrupt", "full_interrupt")


# ============================================================================ combat turns
# The rule by which an action type takes the whole turn (its cost rule).
_WHOLE_TURN_RULE = {"full": "pte.combat.full-action", "rounds": "pte.time.listed-duration"}


def combat_gate(state: PteState, actor: str, action_type: str, trigger: str | None) -> None:
    """The combat rules of one action: whose turn it is, and what is left of it."""
    combat = state.combat
    assert combat is not None
    current = combat.clock.current()
    own = actor == current
    what = combat.used_by.get(actor, "an earlier action")
    # pte.time.listed-duration: busy with an action of several rounds.
    if combat.busy.get(actor, 0) > 0:
        raise refuse(
            "pte.time.listed-duration",
            f"{actor}'s turns are taken by {what}: busy for {combat.busy[actor]} more turn(s)",
        )
    # pte.combat.own-turn
    out_of_turn = action_type in ("interrupt", "full_interrupt") or (
        action_type == "free" and trigger is not None
    )
    if not own and not out_of_turn:
        if actor in combat.skip_next:
            # The turn this action would need is already gone: name what took it.
            raise refuse(
                "pte.combat.full-interrupt",
                f"{actor}'s coming turn was already used by {what}, taken out of order; "
                "only Interrupts or triggered Free actions are left until it has passed",
                also=("pte.combat.own-turn",),
            )
        raise refuse(
            "pte.combat.own-turn",
            f"it is {current}'s turn; outside their turn {actor} may only take an "
            "Interrupt or a Free action answering a trigger (params.trigger)",
        )
    # pte.combat.full-interrupt
    if action_type == "full_interrupt":
        if own:
            raise refuse(
                "pte.combat.full-interrupt",
                "on your own turn this is simply a Full action (action_type: full)",
            )
        if actor in combat.skip_next:
            raise refuse(
                "pte.combat.full-interrupt",
                f"{actor}'s coming turn was already used by {what}; it is still to be skipped",
            )
    if not own:
        return
    whole = set(timing.WHOLE_TURN)
    filled = [used for used in combat.used if used in whole]
    # pte.economy.turn: the turn is used up; name what used it, and the cost rules involved.
    if filled and action_type in whole | {"standard"}:
        also = [_WHOLE_TURN_RULE[t] for t in (action_type, filled[-1]) if t in _WHOLE_TURN_RULE]
        raise refuse(
            "pte.economy.turn",
            f"{actor}'s turn is used up by {what}; {timing.a_label(action_type)} does not fit",
            also=tuple(dict.fromkeys(also)),
        )
    # pte.combat.full-action: a Full action needs a turn in which nothing else was taken.
    if action_type in whole and "standard" in combat.used:
        raise refuse(
            _WHOLE_TURN_RULE[action_type],
            f"{actor} already took a Standard action this turn; "
            f"{timing.a_label(action_type)} needs the whole turn",
            also=("pte.economy.turn",),
        )


def plan_end_turn(state: PteState, actor: str, kind: str, params: Params) -> Plan:
    if state.combat is None:
        raise refuse("pte.scene.phases", "there are turns only in combat")
    current = state.combat.clock.current()
    if actor not in (GM, current):
        raise refuse("pte.combat.own-turn", f"it is {current}'s turn; {actor} cannot end it")
    return Plan("end_turn", data=turn_sequence(state.combat))


def turn_sequence(combat: Combat) -> dict[str, Any]:
    """The events of ending the current turn: who is skipped, who acts next (pure)."""
    clock = copy.deepcopy(combat.clock)
    skip = list(combat.skip_next)
    busy = dict(combat.busy)
    events: list[tuple[str, dict[str, Any]]] = [("turn_ended", {"actor": clock.current()})]
    clock.advance()
    # pte.combat.full-interrupt: a turn taken out of order skips the next one reached.
    # pte.time.listed-duration: an action of several rounds takes the actor's next turns.
    # Every pass uses up one skip or one busy turn, so the loop ends.
    while clock.current() in skip or busy.get(clock.current() or "", 0) > 0:
        who = clock.current()
        assert who is not None
        if busy.get(who, 0) > 0:
            busy[who] -= 1
            reason = "busy"
        else:
            skip.remove(who)
            reason = "full_interrupt"
        events.append(("turn_skipped", {"actor": who, "round": clock.round, "reason": reason}))
        clock.advance()
    events.append(("turn_started", {"actor": clock.current(), "round": clock.round}))
    return {"events": events}


# ============================================================================ downtime packing
def fit(slots: list[int], units: int) -> tuple[int, int] | None:
    """Where ``units`` quarters fit among Downtime slots (pte.time.packing).

    Up to a whole slot, sizes round up to 1, 2 or 4 quarters and use :func:`timing.place`;
    a stretched action (Take X time) needing more takes whole empty slots.
    """
    if units <= timing.SLOT_UNITS:
        size = 1 if units <= 1 else 2 if units <= 2 else 4
        return timing.place(slots, size)
    whole = -(-units // timing.SLOT_UNITS)
    empty = [i for i, used in enumerate(slots) if used == 0]
    return (empty[0], -whole) if len(empty) >= whole else None


def occupy(slots: list[int], slot: Any, units: int) -> None:
    """Mark the quarters an action takes, where :func:`fit` placed it."""
    index, offset = int(slot[0]), int(slot[1])
    if offset < 0:
        # A stretched action: -offset whole empty slots, from ``index`` on.
        need = -offset
        for i in range(index, len(slots)):
            if need and slots[i] == 0:
                slots[i] = (1 << timing.SLOT_UNITS) - 1
                need -= 1
        return
    size = 1 if units <= 1 else 2 if units <= 2 else 4
    slots[index] |= ((1 << size) - 1) << offset


# ============================================================================ booking and cost
def time_events(state: PteState, time: ActionTime, what: str = "") -> list[Event]:
    events = []
    for who in time.actors:
        character = state.characters[who]
        data: dict[str, Any] = {
            "actor": who,
            "action_type": time.action_type,
            "seconds": time.seconds,
            "aiding": time.aiding,
        }
        if time.action_type == "rounds":
            data["rounds"] = time.rounds
        if state.phase == "combat":
            data["round"] = state.combat.clock.round if state.combat else 0
            if time.action_type in (*timing.WHOLE_TURN, "full_interrupt"):
                # What used the turn, for the refusals that name it (pte.economy.turn).
                data["what"] = what
        else:
            # pte.scene.phases: out of combat an action takes its typical time on the actor's
            # own timeline.
            start = time.start if time.start is not None else max(state.now, character.busy_until)
            data["start"] = start
            data["end"] = start + time.seconds
            if timing.is_timed(time.action_type):
                data["size"] = timing.size_of(time.action_type, time.seconds)
            if state.phase == "downtime" and timing.is_timed(time.action_type):
                units = timing.units_for(time.action_type, time.seconds)
                place = fit(list(character.slots), units)
                data["units"] = units
                data["slot"] = None if place is None else list(place)
        events.append(Event("time_spent", data))
    return events


def cost_text(plan: Plan) -> str:
    if plan.time is None:
        if plan.kind == "end_turn":
            return "ends the turn"
        if plan.kind == "request_check":
            return "no time (asks the GM)"
        return "no time (opens the task)" if plan.kind == "start_task" else "no time (GM)"
    label = timing.LABELS[plan.time.action_type]
    if plan.time.rounds_expr is not None:
        # Rolled when taken (pte.time.listed-duration): the dice, not a length, are known.
        return f"{label}, {plan.time.rounds_expr} rounds of 10 s"
    return f"{label}, {timing.describe(plan.time.seconds)}"


def cost_detail(plan: Plan) -> dict[str, Any]:
    """The cost as data: the action-type slot it uses and the seconds it takes ({} for none).

    A Full Action + Interrupt uses both slots; an action of listed rounds counts its rounds
    (``"1d4"`` while they are still to be rolled).
    """
    time = plan.time
    if time is None:
        return {}
    if time.action_type == "full_interrupt":
        detail: dict[str, Any] = {"full": 1, "interrupt": 1}
    elif time.action_type == "rounds":
        detail = {"rounds": time.rounds_expr or time.rounds}
    else:
        detail = {time.action_type: 1}
    if time.seconds:
        detail["seconds"] = time.seconds
    return detail


def resolve_end_turn(state: PteState, plan: Plan, dice: DiceSource) -> list[Event]:
    return [Event(kind, data) for kind, data in plan.data["events"]]


def book_time(state: PteState, time: ActionTime, dice: DiceSource, what: str = "") -> list[Event]:
    """The events that book an action's time (rolling a listed length first, if any)."""
    events: list[Event] = []
    if time.rounds_expr is not None:
        # pte.time.listed-duration: a rolled length is rolled as the action starts.
        total, faces = pools.roll_expression(time.rounds_expr, dice)
        time.rounds = max(1, total)
        time.seconds = time.rounds * timing.ROUND_SECONDS * time.factor
        events.append(
            Event(
                "rounds_rolled",
                {"expression": time.rounds_expr, "faces": faces, "rounds": total},
            )
        )
    events.extend(time_events(state, time, what))
    return events
