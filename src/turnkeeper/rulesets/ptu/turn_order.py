"""Turn order as state changes: rounds, turns, holding, and timed effects running out.

Called only while folding events (``folding.py``): a round starts with fresh budgets and, in
League Battles, the declaration phase (slowest Trainer first, p. 227); a turn passes to the next
combatant who may take one; effects end at the count or turn their expiry names.
"""

from __future__ import annotations

from turnkeeper.core.mechanics import Effect, Expiry
from turnkeeper.rulesets.ptu.economy import clock_key, eligible, use_pokemon_turn, whose_turn
from turnkeeper.rulesets.ptu.field import able
from turnkeeper.rulesets.ptu.state import ALLOWANCE, PtuState, new_budget


def start_round(state: PtuState) -> None:
    clock = state.clock
    clock.round += 1
    # Initiative follows Speed after its combat stages (and a Low Blow's 0): a change made
    # during a round orders the next one (economy.initiative).
    counts = clock.counts
    for cid in counts:
        c = state.combatants.get(cid)
        if c is not None:
            counts[cid] = clock_key(state, c)
    clock.sequence = round_order(state)
    clock.index = -1
    clock.acted = []
    state.pokemon_turn_used = {}
    state.interjections = []
    state.occurrences = []
    state.turn_active = False
    state.declared = {}
    for c in state.combatants.values():
        c.budget = new_budget()
        c.moved = c.sprinting = c.held = c.aoo_used = c.limited_used = False
        c.uncommandable = False
        c.forfeit_this, c.forfeit_next = c.forfeit_next, False
        c.forfeit_this_cause, c.forfeit_next_cause = c.forfeit_next_cause, {}
        c.traded = {}
        if c.forfeit_this:
            c.budget.reset({k: 0 for k in ALLOWANCE})
    queue: list[str] = []
    if state.context == "league":
        trainers = [
            cid for cid in clock.sequence
            if state.combatants[cid].kind == "trainer" and able(state.combatants[cid])
        ]
        queue = list(reversed(trainers))  # declared from the slowest (p. 227)
    state.declare_queue = queue
    state.phase = "declare" if queue else "turns"


def round_order(state: PtuState) -> list[str]:
    """This round's order: ``Clock.order`` (the kernel's rule), asked again only when the
    counts or tiebreaks differ from those of the last round it was asked for. The order is
    a function of those two alone, and most rounds repeat the last one's (a sort through the
    kernel's key method cost a tenth of a turn); kept on ``state.queries``, no part of the
    state's data."""
    clock = state.clock
    queries = state.queries
    counts, tiebreak = clock.counts, clock.tiebreak
    if queries.order_counts == counts and queries.order_tiebreak == tiebreak:
        return list(queries.order)
    order = clock.order()
    queries.order_counts = dict(counts)
    queries.order_tiebreak = {cid: list(rolls) for cid, rolls in tiebreak.items()}
    queries.order = list(order)
    return order


def scan(state: PtuState) -> bool:
    """Give the turn to the next combatant in this round's order who may take one."""
    clock = state.clock
    sequence = clock.sequence  # read once: the clock's fields are read by name (kernel class)
    i = clock.index + 1
    while i < len(sequence):
        cid = sequence[i]
        if eligible(state, cid):
            clock.index = i
            begin_turn(state, cid)
            return True
        i += 1
    clock.index = len(sequence)
    return False


def new_round(state: PtuState) -> None:
    # A round where nobody may act (every turn given up) passes; forfeits last one round.
    for _ in range(3):
        start_round(state)
        if state.phase == "declare" or scan(state):
            return


def advance(state: PtuState) -> None:
    """After a turn: the next combatant this round, or a new round."""
    if not scan(state):
        new_round(state)


def begin_turn(state: PtuState, cid: str) -> None:
    state.turn_active = False
    state.occurrences = []
    if not state.effects:
        return
    # Which effects end is settled before any ends (ending one changes no other's expiry),
    # so the turn's count, read as it stands before (ending a Low Blow changes it), is
    # worked out only when an effect timed by a count in this round asks for it: most turns
    # have none.
    count: int | None = None
    round_now = state.clock.round
    due: list[Effect] = []
    for e in state.effects:
        exp = e.expiry
        kind = exp.kind
        if kind == "before_count":
            exp_round = exp.round
            if round_now == exp_round:
                if count is None:
                    count = clock_key(state, state.combatants[cid])
                if count <= exp.count:
                    due.append(e)
            elif round_now > exp_round:
                due.append(e)
        elif kind == "turn_start" and exp.combatant == cid and round_now >= exp.round:
            due.append(e)
    for e in due:
        end_effect(state, e)


def end_effect(state: PtuState, e: Effect) -> None:
    # Taken out by identity: ``list.remove`` compares with ``==``, which for the effects
    # before it is the dataclass's field-by-field comparison.
    effects = state.effects
    for i in range(len(effects)):
        if effects[i] is e:
            del effects[i]
            break
    status = e.data.get("status")
    holder = state.combatants.get(e.holder)
    if status and holder is not None and status in holder.statuses:
        still = any(o.holder == e.holder and o.data.get("status") == status
                    for o in effects)
        if not still:
            holder.statuses.remove(status)


def add_effect(state: PtuState, holder: str, name: str, expiry: Expiry,
                status: str | None) -> None:
    state.effect_count += 1
    state.effects.append(Effect(f"e{state.effect_count}", name, holder, expiry,
                                {"status": status} if status else {}))


def finish_turn(state: PtuState, actor: str) -> None:
    expire_turn_end(state, actor)
    state.occurrences = []
    if state.interjections and state.interjections[-1].actor == actor:
        ij = state.interjections.pop()
        state.turn_active = ij.resume_active
        # The turn it interrupted goes on, unless its owner fainted meanwhile (an Intercept
        # that took the hit): a fainted combatant takes no actions (ptu.fight.hp.faint), so
        # its turn ends here instead of waiting for an action nobody can take.
        resumed = whose_turn(state)
        owner = state.combatants.get(resumed) if resumed is not None else None
        if owner is not None and not able(owner):
            finish_turn(state, owner.id)
        return
    acted = state.clock.acted
    if actor not in acted:
        acted.append(actor)
    c = state.combatants.get(actor)
    if c is not None and able(c):
        use_pokemon_turn(state, c)
    advance(state)


def expire_turn_end(state: PtuState, actor: str) -> None:
    if not state.effects:
        return
    round_now = state.clock.round
    for e in list(state.effects):
        exp = e.expiry
        # the combatant first: it settles most effects with one read
        if exp.combatant == actor and exp.kind == "turn_end" and round_now >= exp.round:
            end_effect(state, e)


def leave_clock(state: PtuState, cid: str) -> None:
    clock = state.clock
    if cid in clock.sequence:
        pos = clock.sequence.index(cid)
        clock.sequence.pop(pos)
        if pos <= clock.index:
            clock.index -= 1
    clock.counts.pop(cid, None)
