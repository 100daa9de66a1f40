"""The action economy: whose turn it is, which timing an action has, and what it costs.

A turn has one Standard, one Shift and one Swift action (p. 227); Priority actions come between
turns, Interrupts inside someone else's (p. 228); triggers open short windows to answer
(p. 241-242). These are the ``check`` steps every kind goes through before its own rules
(the family modules); nothing here changes state (``turn_order.py`` folds the events).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from turnkeeper.core.mechanics import Budget, Window
from turnkeeper.core.model import Event, Refusal
from turnkeeper.core.schema import Params
from turnkeeper.dice.source import DiceSource
from turnkeeper.rulesets.ptu.damage import staged
from turnkeeper.rulesets.ptu.field import able, has_trainer
from turnkeeper.rulesets.ptu.general import FreeActionParams
from turnkeeper.rulesets.ptu.param_fields import trigger_of
from turnkeeper.rulesets.ptu.rules import RULES
from turnkeeper.rulesets.ptu.shared import Move, PtuKind
from turnkeeper.rulesets.ptu.state import LEAGUE_TRAINER_OFFSET, Combatant, PtuState
from turnkeeper.rulesets.ptu.turn_control import HoldParams, TradeStandardParams

# Kinds a League Trainer may take without declaring them (they spend no action of the turn).
UNDECLARED_OK = {"end_turn", "hold", "free_action", "declare", "trade_standard"}
SETUP_FREE = {"release", "draw_weapon"}
AOO_TRIGGERS = ("shifted_away", "stood_up", "ranged_attack", "maneuver")
AOO_BLOCKING = ("asleep", "flinched", "paralyzed")  # p. 241
#: The timings in which an action is paid from the actor's own budget.
PAID_TIMINGS = ("turn", "priority", "priority_limited", "priority_advanced")


# ---------------------------------------------------------------------------- turn order
#: The effect a Low Blow leaves for one full round: initiative 0 (p. 242; maneuvering.py).
INITIATIVE_ZERO = "Dirty Trick: initiative 0"


def initiative(state: PtuState, c: Combatant) -> int:
    """Initiative: the Speed stat after its combat stages (Paralyzed's -4 included); 0 while a
    Low Blow lasts (p. 227 "effects may modify it"; ch. 7 stages). A change orders the next
    round: the clock's counts are worked out again as each round starts (turn_order.py)."""
    if state.effects and any(e.holder == c.id and e.name == INITIATIVE_ZERO
                             for e in state.effects):
        return 0
    if not c.stages.get("speed") and "paralyzed" not in c.statuses:
        return c.speed
    return staged(c, "speed")


def clock_key(state: PtuState, c: Combatant) -> int:
    """The combatant's place on the clock: its initiative, Trainers lifted above Pokémon in
    League."""
    return initiative(state, c) + league_offset(state, c)


def round_count(state: PtuState, c: Combatant) -> int:
    """The initiative count ``c`` acts at this round (fixed when the round started; a change
    of Speed since then orders the next round)."""
    count = state.clock.counts.get(c.id)
    if count is None:
        return initiative(state, c)
    if isinstance(count, int):  # the usual case: compiled, int() of an int is a Python call
        return count - league_offset(state, c)
    return int(count) - league_offset(state, c)


def league_offset(state: PtuState, c: Combatant) -> int:
    return LEAGUE_TRAINER_OFFSET if state.context == "league" and c.kind == "trainer" else 0


def whose_turn(state: PtuState) -> str | None:
    if state.phase == "declare":
        return state.declare_queue[0] if state.declare_queue else None
    if state.phase != "turns":
        return None
    if state.interjections:
        return state.interjections[-1].actor
    # Clock.current() read in place: asked several times per action, and a call from the
    # compiled rules into the kernel's pure-Python Clock costs more than the look-up.
    clock = state.clock
    index, sequence = clock.index, clock.sequence
    return sequence[index] if 0 <= index < len(sequence) else None


def mid_turn(state: PtuState) -> bool:
    return state.phase == "turns" and (state.turn_active or bool(state.interjections))


def pokemon_turn_taken_by_other(state: PtuState, c: Combatant) -> bool:
    """Whether the player's one Pokémon turn this round went to another of their Pokémon."""
    return (
        state.pokemon_turns == "one_per_player"
        and c.kind == "pokemon"
        and has_trainer(state, c.owner)
        and state.pokemon_turn_used.get(str(c.owner), c.id) != c.id
    )


def use_pokemon_turn(state: PtuState, c: Combatant) -> None:
    """Record that ``c`` takes its player's Pokémon turn this round."""
    if c.kind == "pokemon" and c.owner is not None:
        state.pokemon_turn_used.setdefault(c.owner, c.id)


def turn_gone(state: PtuState, c: Combatant) -> bool:
    """Whether ``c`` has no turn left this round (taken, given up, or barred)."""
    return (
        c.id in state.clock.acted
        or c.forfeit_this
        or c.uncommandable
        or pokemon_turn_taken_by_other(state, c)
    )


def eligible(state: PtuState, cid: str) -> bool:
    """Whether ``cid`` takes a turn when the clock reaches it."""
    c = state.combatants.get(cid)
    if c is None or not able(c):
        return False
    return not turn_gone(state, c)


def initiative_roll_off(
    combatants: list[tuple[str, int, str]], context: str, dice: DiceSource
) -> list[Event]:
    """The d20 roll-off of every Speed tie (p. 227): [] or one ``initiative_rolled`` event.

    ``combatants`` are (id, speed, kind); League Trainers are ordered apart from Pokémon.
    """
    groups: dict[int, list[str]] = {}
    for cid, speed, kind in combatants:
        key = speed + (LEAGUE_TRAINER_OFFSET if context == "league" and kind == "trainer" else 0)
        groups.setdefault(key, []).append(cid)
    rolls: dict[str, list[int]] = {}
    for ids in groups.values():
        if len(ids) > 1:
            rolls.update(roll_off(ids, dice))
    return [Event("initiative_rolled", {"rolls": rolls})] if rolls else []


def roll_off(ids: list[str], dice: DiceSource) -> dict[str, list[int]]:
    """A d20 roll-off among tied combatants; those still tied roll again (p. 227)."""
    rolls: dict[str, list[int]] = {cid: [] for cid in ids}
    pending = list(ids)
    for _ in range(50):
        for cid in pending:
            rolls[cid].append(dice.die(20))
        by_total: dict[tuple[int, ...], list[str]] = {}
        for cid in ids:
            by_total.setdefault(tuple(rolls[cid]), []).append(cid)
        pending = [cid for group in by_total.values() if len(group) > 1 for cid in group]
        if not pending:
            break
    return rolls


# ---------------------------------------------------------------------------- timing
def timing_of(
    state: PtuState, c: Combatant, kind_name: str, p: Params, move: Move | None
) -> str:
    if kind_name == "attack_of_opportunity":
        return "aoo"
    if kind_name == "intercept":
        return "interrupt"
    if kind_name == "free_action" and trigger_of(p) is not None:
        return "triggered"
    # ptu.priority.limited: an Order out of turn is the Trainer's Priority (Limited) action.
    if kind_name == "order" and whose_turn(state) != c.id:
        return "priority_limited"
    if move is None:
        return "turn"
    keywords = move["keywords"]
    # An Interrupt belongs in someone else's turn (p. 228), even when it is one's own turn.
    if "Interrupt" in keywords or "Reaction" in keywords:
        return "interrupt"
    if whose_turn(state) == c.id:
        return "turn"
    if "Priority" in keywords:
        return "priority"
    # ptu.priority.limited: only this action now; the rest of the turn at its own count.
    if "Priority (Limited)" in keywords:
        return "priority_limited"
    if "Priority (Advanced)" in keywords:
        return "priority_advanced"
    if "Trigger" in keywords:
        return "triggered" if move["action"] == "free" else "interrupt"
    return "turn"


def interrupt_pays_next(state: PtuState, c: Combatant) -> bool:
    """Whether an Interrupt now gives up ``c``'s next turn instead of paying from its budget.

    READINGS (ptu): before acting this round the Interrupt's cost comes from this round's
    budget and the rest of the turn stays on its count; after acting (or when its turn is
    otherwise gone) next round's turn is given up. Setting ``interrupt_accounting:
    next_round``: a Pokémon's Interrupt always gives up next round's turn (p. 229 note).
    """
    if turn_gone(state, c):
        return True
    return state.settings.interrupt_accounting == "next_round" and c.kind == "pokemon"


def turn_used_refusal(
    c: Combatant, cause: Mapping[str, Any], which: str, also: tuple[str, ...] = ()
) -> Refusal:
    """The refusal naming what used up ``c``'s turn (``which``: "this round's", "next round's")."""
    rule = str(cause.get("rule") or "ptu.interrupt.turn-cost")
    detail = (f"{c.id}'s turn {which} was given up in round {cause.get('round')} "
              f"for {cause.get('by')}")
    return RULES.refuse(rule, detail, also=tuple(a for a in also if a != rule))


def budget_refusal(
    c: Combatant, slots: tuple[str, ...], also: tuple[str, ...] = ()
) -> Refusal | None:
    """``None`` if the budget pays ``slots``; else the refusal naming the spent limit first.

    ``also`` holds the action's own cost rule (:func:`cost_rule_of`) and what else made it
    pay from this budget (a Priority or Interrupt rule). A Full action (Standard + Shift)
    with one of the two spent names that slot's limit and keeps ``ptu.action.full`` in
    ``also``; with both spent, ``ptu.action.full`` itself.
    """
    if not slots:
        return None
    if affordable(c.budget, slots):
        # Paid under the limits of ptu.action.standard, ptu.action.shift, ptu.action.swift
        # and ptu.action.full (p. 227), at the cost its own rule sets: ptu.cost.standard,
        # ptu.cost.shift or ptu.cost.move (each named in ``also`` when refused).
        return None
    left = ", ".join(f"{k} {v}" for k, v in c.budget.remaining.items())
    spent = [slot for slot in dict.fromkeys(slots) if c.budget.left(slot) < slots.count(slot)]
    full = len(slots) == 2
    if full and len(spent) == 2:
        return RULES.refuse(
            "ptu.action.full",
            f"a Full action needs both the Standard and the Shift action; both are spent ({left})",
            also=_also("ptu.action.full", "ptu.action.standard", "ptu.action.shift", *also),
        )
    slot = spent[0]
    hint = ""
    if slot in ("shift", "swift") and c.budget.left("standard") > 0:
        hint = f"; the Standard can be traded for it first (trade_standard for {slot})"
    rule = f"ptu.action.{slot}"
    return RULES.refuse(
        rule, f"no {slot} action left this turn ({left}){hint}",
        also=_also(rule, *(("ptu.action.full",) if full else ()), *also),
    )


def affordable(budget: Budget, slots: tuple[str, ...]) -> bool:
    """Whether ``budget`` pays ``slots`` now: ``Budget.can_pay`` without building its plan
    when no slot has substitutes (a PTU budget has none: trades are explicit)."""
    if budget.substitutes:
        return budget.can_pay(slots)
    remaining = budget.remaining
    if len(slots) == 1:
        return remaining.get(slots[0], 0) > 0
    return all(remaining.get(slot, 0) >= slots.count(slot) for slot in slots)


def _also(rule: str, *others: str) -> tuple[str, ...]:
    """The further rules of a refusal: each once, in order, never the first rule itself."""
    return tuple(other for other in dict.fromkeys(others) if other and other != rule)


#: The rule that sets the cost of a kind whose slots say it (moves: ``ptu.cost.move``).
SLOT_COST_RULES = {
    ("standard",): "ptu.cost.standard", ("shift",): "ptu.cost.shift",
    ("standard", "shift"): "ptu.action.full",
}
#: What lets an action out of turn pay from the budget, by its timing (p. 228).
TIMING_RULES = {
    "priority": "ptu.priority.not-acted", "priority_limited": "ptu.priority.limited",
    "priority_advanced": "ptu.priority.advanced", "interrupt": "ptu.interrupt.turn-cost",
}


def cost_rule_of(kind: PtuKind, p: Params, slots: tuple[str, ...], move: Move | None) -> str:
    """The rule that sets what this action costs ("" if none does): its move's action type,
    the trade of the Standard, a Feature's own type, or the list its slots belong to."""
    if move is not None:
        return "ptu.cost.move"
    if isinstance(p, TradeStandardParams):
        return f"ptu.action.{p.for_}"  # the rule that allows the trade
    if kind.cost_rule:
        return kind.cost_rule
    return SLOT_COST_RULES.get(slots, "")


def check_own_turn(
    state: PtuState, c: Combatant, kind_name: str, kind: PtuKind, p: Params,
    move: Move | None = None,
) -> Refusal | None:
    if kind_name == "free_action" and state.settings.free_actions == "any_time":
        return None
    if whose_turn(state) != c.id:
        if c.forfeit_this:
            return turn_used_refusal(c, c.forfeit_this_cause, "this round",
                                     also=("ptu.initiative.order",))
        if c.limited_used and not turn_gone(state, c):
            return RULES.refuse(
                "ptu.priority.limited",
                f"{c.id} took its Priority (Limited) action early; the rest of its turn "
                "comes at its own initiative count",
            )
        if c.uncommandable:
            return RULES.refuse("ptu.switch.league-no-command")
        if pokemon_turn_taken_by_other(state, c):
            return RULES.refuse(
                "ptu.turn.one-pokemon-turn",
                f"{c.owner}'s Pokémon turn this round has been taken by another Pokémon",
            )
        # A Swift Move off one's turn is refused by the Swift rule too, as a swift_action is.
        turn_of = f"it is {whose_turn(state) or 'nobody'}'s turn, not {c.id}'s"
        if kind.cost == ("swift",) or (move is not None and move["action"] == "swift"):
            return RULES.refuse("ptu.swift.own-turn-only",
                                f"a Swift action only on one's own turn: {turn_of}")
        if kind_name == "free_action":
            return RULES.refuse("ptu.free.own-turn",
                                f"a Free action without a trigger only on one's own turn: "
                                f"{turn_of}")
        return RULES.refuse(
            "ptu.initiative.order",
            f"it is {whose_turn(state) or 'nobody'}'s turn, not {c.id}'s",
        )
    if (
        state.context == "league"
        and c.kind == "trainer"
        and not state.interjections
        and kind_name not in UNDECLARED_OK
        and kind_name not in state.declared.get(c.id, [])
    ):
        return RULES.refuse(
            "ptu.league.declared-only",
            f"{c.id} declared {state.declared.get(c.id, [])}, not {kind_name}",
        )
    if isinstance(p, HoldParams):
        refusal = hold_refusal(state, c)
        if refusal is not None:
            return refusal
        count = p.count
        if count >= round_count(state, c):
            return RULES.refuse(
                "ptu.hold.lower-count",
                f"the held count {count} must be lower than {c.id}'s count {round_count(state, c)}",
            )
    return None


def hold_refusal(state: PtuState, c: Combatant) -> Refusal | None:
    """Whether what is left of ``c``'s turn may be held now (p. 227; the count apart).

    Once a round; not a turn taken out of order; after acting only with the setting
    ``hold_after_acting`` (the default). ``check`` and the legal-action listing both ask this.
    """
    if c.held:
        return RULES.refuse("ptu.hold.once-per-round")
    if state.interjections:
        return RULES.refuse("ptu.hold.lower-count", "a turn taken out of order cannot be held")
    if state.turn_active and not state.settings.hold_after_acting:
        return RULES.refuse("ptu.hold.lower-count", "an action can only be held before acting")
    return None


def check_priority(
    state: PtuState, c: Combatant, timing: str, move: Move | None
) -> Refusal | None:
    if mid_turn(state):
        return RULES.refuse(
            "ptu.priority.between-turns",
            f"{whose_turn(state)} is in the middle of a turn; declare Priority between turns",
        )
    if c.uncommandable:
        return RULES.refuse("ptu.switch.league-no-command")
    if pokemon_turn_taken_by_other(state, c):
        return RULES.refuse("ptu.turn.one-pokemon-turn")
    acted = turn_gone(state, c)
    if acted and timing != "priority_advanced":
        if c.forfeit_this:
            return turn_used_refusal(c, c.forfeit_this_cause, "this round",
                                     also=("ptu.priority.not-acted",))
        return RULES.refuse("ptu.priority.not-acted", f"{c.id} has already acted this round")
    if acted and c.forfeit_next:
        return turn_used_refusal(c, c.forfeit_next_cause, "next round",
                                 also=("ptu.priority.advanced",))
    return None


def check_interrupt(
    state: PtuState, c: Combatant, kind_name: str, kind: PtuKind, p: Params, move: Move | None,
) -> Refusal | None:
    if not mid_turn(state):
        return RULES.refuse(
            "ptu.interrupt.during-turn",
            "no turn is under way (between turns): an Interrupt answers the middle of "
            "another combatant's turn",
        )
    if whose_turn(state) == c.id:
        return RULES.refuse(
            "ptu.interrupt.during-turn",
            f"it is {c.id}'s own turn: an Interrupt answers another combatant's turn",
        )
    if kind_name == "intercept" or (move is not None and move["trigger"] is not None):
        refusal = check_trigger(state, c, trigger_of(p), move,
                                response_name(kind_name, p, move))
        if refusal is not None:
            return refusal
    if interrupt_pays_next(state, c):
        if c.forfeit_next:
            return turn_used_refusal(c, c.forfeit_next_cause, "next round",
                                     also=("ptu.interrupt.turn-cost",))
        return None
    # Before its own count: the Interrupt is paid from this round's budget (READINGS ptu).
    slots = slots_of(state, c, kind_name, kind, p, move)
    if not slots or affordable(c.budget, slots):
        # budget_refusal's own first answer, without working out the cost rule it would
        # name: paid under the limits of ptu.action.standard, ptu.action.shift,
        # ptu.action.swift and ptu.action.full (p. 227), at the cost its own rule sets:
        # ptu.cost.standard, ptu.cost.shift, ptu.cost.move or ptu.cost.feature
        return None
    return budget_refusal(c, slots, also=(cost_rule_of(kind, p, slots, move),
                                          "ptu.interrupt.turn-cost"))


def occurrence(state: PtuState, occ_id: Any) -> Window | None:
    for occ in state.occurrences:
        if occ.occurrence == occ_id:
            return occ
    return None


#: What ``trigger_fault`` finds wrong with answering a trigger (0: nothing).
TRIGGER_OK: Final = 0
TRIGGER_NOT_OPEN: Final = 1  # no open trigger by that id, or not of the wanted kind
TRIGGER_NOT_RESPONDER: Final = 2  # open, but not this combatant's to answer
TRIGGER_ANSWERED: Final = 3  # already answered with that response (once per trigger)


def answered(state: PtuState, occurrence_id: str, responder: str, response: str) -> bool:
    """``state.ledger.has_answered``, read in place: asked for every answer checked, and a
    call from the compiled rules into the kernel's ledger method went through the
    interpreter (about 1.5k instructions) for one look-up in its set."""
    return (occurrence_id, responder, response) in state.ledger.answered


def wanted_trigger(move: Move | None, response: str) -> str | None:
    """The kind of trigger a response answers: a triggered move's own, an Intercept's
    "attacked" (``None``: any)."""
    if move is not None:
        trigger: str | None = move["trigger"]
        return trigger
    return "attacked" if response == "intercept" else None


def trigger_fault(
    state: PtuState, c: Combatant, trigger: str | None, move: Move | None, response: str
) -> int:
    """The yes/no half of :func:`check_trigger`: ``TRIGGER_OK`` when ``c`` may answer the
    open trigger ``trigger`` with ``response``, else what is wrong (p. 241-242). The
    refusal is built from it only when one is wanted (:func:`trigger_refusal`): the
    out-of-turn listing asks it before making an offer (``legal.candidates``)."""
    occ = occurrence(state, trigger)
    # ptu.trigger.needs-trigger: an open trigger, of the kind the response answers
    if occ is None:
        return TRIGGER_NOT_OPEN
    return window_fault(state, c, occ, move, response)


def window_fault(
    state: PtuState, c: Combatant, occ: Window, move: Move | None, response: str
) -> int:
    """:func:`trigger_fault` of the open window ``occ`` (the listing has it in hand)."""
    wanted = wanted_trigger(move, response)
    # ptu.trigger.needs-trigger
    if wanted is not None and occ.trigger != wanted:
        return TRIGGER_NOT_OPEN
    cid = c.id
    # ptu.trigger.needs-trigger: one of those it lets answer
    if cid not in occ.responders:
        return TRIGGER_NOT_RESPONDER
    # ptu.trigger.once-per-trigger, and the answer's own limit: a triggered move's
    # (ptu.cost.move) or a Free action's (ptu.cost.free)
    if answered(state, occ.occurrence, cid, response):
        return TRIGGER_ANSWERED
    return TRIGGER_OK


def check_trigger(
    state: PtuState, c: Combatant, trigger: str | None, move: Move | None, response: str
) -> Refusal | None:
    """Whether ``c`` may answer the open trigger ``trigger`` with ``response`` (a triggered
    ``move``'s own trigger kind, an Intercept's "attacked"; p. 241-242)."""
    fault = trigger_fault(state, c, trigger, move, response)
    if fault == TRIGGER_OK:
        return None
    return trigger_refusal(state, c, fault, trigger, move, response)


def trigger_refusal(
    state: PtuState, c: Combatant, fault: int, trigger: str | None, move: Move | None,
    response: str,
) -> Refusal:
    """The refusal naming ``fault`` (from :func:`trigger_fault`, not ``TRIGGER_OK``)."""
    occ = occurrence(state, trigger)
    if fault == TRIGGER_NOT_OPEN or occ is None:
        wanted = wanted_trigger(move, response)
        return RULES.refuse(
            "ptu.trigger.needs-trigger",
            # Without a `trigger` parameter, say so rather than print None (black-box audit).
            (f"no open trigger {trigger!r}" if trigger is not None
             else "no trigger named (the trigger parameter): an open trigger is needed")
            + (f" of kind {wanted!r}" if wanted else "")
            + f"; open now: {[o.occurrence + ':' + o.trigger for o in state.occurrences]}",
        )
    if fault == TRIGGER_NOT_RESPONDER:
        return RULES.refuse(
            "ptu.trigger.needs-trigger",
            f"{occ.occurrence} ({occ.trigger}) is not {c.id}'s to answer",
        )
    # The answer's own limit: a triggered move's, or a Free action's once per Trigger.
    cost = "ptu.cost.move" if move is not None else (
        "ptu.cost.free" if response.startswith("free:") else "")
    return RULES.refuse(
        "ptu.trigger.once-per-trigger",
        f"{c.id} already answered {occ.occurrence} with {response}",
        also=_also("ptu.trigger.once-per-trigger", cost),
    )


#: What ``aoo_fault`` finds wrong with an Attack of Opportunity (0: nothing).
AOO_OK: Final = 0
AOO_NOT_OPEN: Final = 1  # no open Attack of Opportunity trigger provoking this combatant
AOO_WRONG_TARGET: Final = 2  # the attack is not aimed at who provoked it
AOO_ANSWERED: Final = 3  # this trigger already answered so (once per trigger)
AOO_USED: Final = 4  # one Attack of Opportunity a round
AOO_BLOCKED: Final = 5  # an affliction forbids it


def aoo_fault(state: PtuState, c: Combatant, trigger: str, target: str) -> int:
    """The yes/no half of :func:`check_aoo_timing` (p. 241): ``AOO_OK`` or what is wrong;
    the refusal is built from it only when one is wanted (:func:`aoo_refusal`)."""
    occ = occurrence(state, trigger)
    # ptu.trigger.needs-trigger: an open trigger of an Attack of Opportunity
    if occ is None:
        return AOO_NOT_OPEN
    return aoo_window_fault(state, c, occ, target)


def aoo_window_fault(state: PtuState, c: Combatant, occ: Window, target: str) -> int:
    """:func:`aoo_fault` of the open window ``occ`` (the listing has it in hand)."""
    # ptu.trigger.needs-trigger: an open trigger of an Attack of Opportunity
    if occ.trigger not in AOO_TRIGGERS:
        return AOO_NOT_OPEN
    data = occ.data
    cid = c.id
    # ptu.trigger.needs-trigger: provoking this combatant, aimed at who provoked it
    if cid not in data["provokes"]:
        return AOO_NOT_OPEN
    if target != data["by"]:
        return AOO_WRONG_TARGET
    # ptu.trigger.once-per-trigger, a Free action's limit (ptu.cost.free)
    if answered(state, occ.occurrence, cid, "attack_of_opportunity"):
        return AOO_ANSWERED
    # ptu.aoo.once-per-round (ptu.cost.free)
    if c.aoo_used:
        return AOO_USED
    statuses = c.statuses
    # ptu.aoo.status
    if statuses and any(s in statuses for s in AOO_BLOCKING):
        return AOO_BLOCKED
    return AOO_OK


def check_aoo_timing(
    state: PtuState, c: Combatant, trigger: str, target: str
) -> Refusal | None:
    fault = aoo_fault(state, c, trigger, target)
    if fault == AOO_OK:
        return None
    return aoo_refusal(state, c, fault, trigger)


def aoo_refusal(state: PtuState, c: Combatant, fault: int, trigger: str) -> Refusal:
    """The refusal naming ``fault`` (from :func:`aoo_fault`, not ``AOO_OK``)."""
    occ = occurrence(state, trigger)
    if fault == AOO_NOT_OPEN or occ is None:
        return RULES.refuse(
            "ptu.trigger.needs-trigger",
            f"{trigger!r} is not an open Attack of Opportunity trigger for {c.id}",
        )
    if fault == AOO_WRONG_TARGET:
        return RULES.refuse(
            "ptu.trigger.needs-trigger",
            f"the attack must target {occ.data['by']}, who provoked it",
        )
    if fault == AOO_ANSWERED:
        return RULES.refuse("ptu.trigger.once-per-trigger", also=("ptu.cost.free",))
    if fault == AOO_USED:
        return RULES.refuse("ptu.aoo.once-per-round", also=("ptu.cost.free",))
    blocked = [s for s in AOO_BLOCKING if s in c.statuses]
    return RULES.refuse("ptu.aoo.status", f"{c.id} is {', '.join(blocked)}")


def response_name(kind: str, p: Params, move: Move | None) -> str:
    """The name under which a triggered response is recorded (once per trigger each)."""
    if move is not None:
        return str(move["name"])
    # The kind named first: the isinstance of a parameter model (a msgspec class, whose
    # metaclass is asked through Python) cost about 800 instructions per answer checked,
    # and only a Free action's model is a FreeActionParams (actions.py's table).
    if kind == "free_action" and isinstance(p, FreeActionParams):
        return f"free:{p.what}"
    return kind


# ---------------------------------------------------------------------------- costs
def slots_of(
    state: PtuState, c: Combatant, kind_name: str, kind: PtuKind, p: Params, move: Move | None,
) -> tuple[str, ...]:
    """The budget slots an action spends: its move's action type, what its parameters make it
    (the row's ``slots``: switching, p. 229), or the row's fixed ``cost``."""
    if move is not None:
        return MOVE_SLOTS.get(move["action"], ())
    if kind.slots is not None:
        return kind.slots(state, c, p)
    return kind.cost


#: The slots a move's action type spends.
MOVE_SLOTS = {
    "standard": ("standard",), "shift": ("shift",), "swift": ("swift",),
    "full": ("standard", "shift"),
}


def check_cost(
    state: PtuState, c: Combatant, kind_name: str, kind: PtuKind, p: Params, move: Move | None,
    timing: str,
) -> Refusal | None:
    if timing == "priority_advanced" and turn_gone(state, c):
        return None  # a fresh turn is borrowed from next round
    slots = slots_of(state, c, kind_name, kind, p, move)
    # A Priority or Priority (Advanced) move starts the user's own full turn (p. 228), so a
    # Swift one is on its turn; a Priority (Limited) one is taken before that turn begins.
    if (
        timing == "priority_limited"
        and move is not None
        and move["action"] == "swift"
        and whose_turn(state) != c.id
    ):
        return RULES.refuse(
            "ptu.swift.own-turn-only",
            f"a Priority (Limited) action is taken before {c.id}'s own turn, and a Swift "
            "action only on one's own turn",
        )
    if not slots:
        return None
    if affordable(c.budget, slots):
        # Paid under the limits of ptu.action.standard, ptu.action.shift, ptu.action.swift
        # and ptu.action.full (p. 227), at the cost its own rule sets: ptu.cost.standard,
        # ptu.cost.shift, ptu.cost.move or ptu.cost.feature (named in ``also`` when refused).
        return None
    return budget_refusal(c, slots, also=(cost_rule_of(kind, p, slots, move),
                                          TIMING_RULES.get(timing, "")))


def check_ap(c: Combatant, amount: int) -> Refusal | None:
    if c.kind != "trainer":
        return RULES.refuse("ptu.ap.spend", "only Trainers have Action Points")
    if amount > 1:
        return RULES.refuse("ptu.ap.spend", "at most 1 Action Point per roll")
    if c.ap < 1:
        return RULES.refuse("ptu.ap.spend", f"{c.id} has no Action Points left")
    return None
