"""What the rules work out about a state at its current version, kept until it changes.

The legal actions by actor, the outcome and the out-of-turn answers (``check`` lets an
offer found among them through without checking it again): each is worked out once per
state version (``state.version``, bumped by every applied event) and kept on the state
object (``state.queries.cache``, a :class:`~.state.StateCache`).
``PtuRuleset`` answers the kernel's questions through these functions, and the simulator's
loop (``sim.py``) calls them directly: module functions, so that the compiled loop calls
them as compiled functions, and below both in the package's reading order.
"""

from __future__ import annotations

from typing import Final

from turnkeeper.core.model import OFFERED_BY_RULES, Action, Outcome, Refusal
from turnkeeper.rulesets.ptu import check as checking
from turnkeeper.rulesets.ptu import legal
from turnkeeper.rulesets.ptu.economy import whose_turn
from turnkeeper.rulesets.ptu.state import UNKNOWN, PtuState, StateCache


def state_cache(state: PtuState) -> StateCache:
    """``state``'s entry (kept on the state object: ``state.queries``), emptied when the
    state has changed since it was filled."""
    queries = state.queries
    cached = queries.cache
    if cached is None:  # once per state object; later versions reuse the entry
        cached = queries.cache = StateCache(state.version)
    elif cached.version != state.version:
        cached.version = state.version
        cached.actions = {}
        cached.outcome = UNKNOWN
        cached.answers = None
    return cached


def legal_list(state: PtuState, actor: str | None) -> list[Action]:
    """The legal actions of ``actor`` (``None``: everyone's), as the cached list itself
    (never change it)."""
    cached = state_cache(state)
    known = cached.actions.get(actor)
    if known is None:
        known = cached.actions[actor] = legal.list_legal(state, actor)
    return known


def check(state: PtuState, action: Action) -> Refusal | None:
    # An offer this state's current version listed is allowed: the acting combatant's are
    # built legal by construction (tests/ptu check every one against ``check``), the others
    # were checked before being listed. Only the rules' own offers (Action.offer) count.
    if OFFERED_BY_RULES in action.__dict__ and was_listed(state_cache(state), action):
        return None
    return checking.check(state, action)


def was_listed(cached: StateCache, action: Action) -> bool:
    """Whether ``action`` is one of the very offers (the same object) ``cached`` holds.

    Looked for by identity, once per action checked, in the lists themselves: recording
    every listed offer's ``id`` in a set as it was listed cost a Python-level ``id`` call
    and a set insertion per offer on every listing (about 3 % of a compiled fight), for a
    question asked once per action played; a compiled scan of the lists by identity is a
    pointer comparison per offer."""
    for offers in cached.actions.values():
        for offer in offers:
            if offer is action:
                return True
    answers = cached.answers
    if answers is not None:
        for offer in answers:
            if offer is action:
                return True
    return False


def outcome(state: PtuState) -> Outcome | None:
    """Who won, once one side is left (asked after every action: cached per version)."""
    if state.phase == "setup":
        return None
    cached = state_cache(state)
    known = cached.outcome
    if known is UNKNOWN:
        known = cached.outcome = counted_outcome(state)
    assert known is None or isinstance(known, Outcome)
    return known


def counted_outcome(state: PtuState) -> Outcome | None:
    # A side can fight on while one of its Pokémon can (on the field, or in its ball with
    # a Trainer still standing to send it out) or, in Full Contact, one of its Trainers
    # stands (p. 226; docs/rulesets/ptu.md "The end of an encounter").
    if state.phase != "over":
        # Asked after every action, and the answer is nearly always "not yet": two
        # sides each with someone who surely fights on (a Pokémon on the field or wild,
        # a Full Contact Trainer) settle it without the count below. A Pokémon in its
        # ball is left to the count (it fights on only while a Trainer of its stands).
        league = state.context == "league"
        first_side: str | None = None
        for c in state.combatants.values():
            if c.fainted or c.captured:
                continue
            if c.kind == "pokemon":
                if not c.on_field and c.owner is not None:
                    continue
            elif league:
                continue
            if first_side is None:
                first_side = c.side
            elif c.side != first_side:
                return None
    trainers_up = {c.owner for c in state.combatants.values()
                   if c.kind == "trainer" and not c.fainted}
    standing: dict[str, bool] = {}
    for c in state.combatants.values():
        if c.kind == "pokemon":
            counts = c.on_field or c.owner is None or c.owner in trainers_up
        else:
            counts = state.context != "league"
        if counts and not c.fainted and not c.captured:
            standing[c.side] = True
        standing.setdefault(c.side, False)
    sides = [s for s, up in standing.items() if up]
    if len(sides) == 1 or state.phase == "over":
        winners = tuple(
            sorted({c.owner or "wild" for c in state.combatants.values() if c.side in sides})
        ) if len(sides) == 1 else ()
        reason = (
            "the GM ended the combat" if state.phase == "over"
            else f"only side {sides[0]!r} can still fight"
        )
        return Outcome(winners, reason)
    if not sides:
        return Outcome((), "no side can fight on")
    return None


def out_of_turn_answers(state: PtuState) -> list[Action]:
    """Answers to the windows open now by combatants whose turn it is not (Protect and
    the other Interrupts, Intercept, Attacks of Opportunity), for turnkeeper.sim."""
    return list(answers_listed(state))


def answers_listed(state: PtuState) -> list[Action]:
    """:func:`out_of_turn_answers` as the cached list itself (never change it): the
    simulator's loop only reads it, so it is not copied for every action played."""
    if state.phase != "turns" or not state.occurrences:
        return NO_ANSWERS
    cached = state_cache(state)
    answers = cached.answers
    if answers is None:
        answers = cached.answers = _answers(state)
    return answers


#: The answers when no window is open (shared: never change it).
NO_ANSWERS: Final[list[Action]] = []


def _answers(state: PtuState) -> list[Action]:
    turn = whose_turn(state)
    known = legal.moves_by_name(state)
    # Only those who could answer a window are asked: an Intercept ("attacked"), an
    # Attack of Opportunity (named in "provokes"), a move triggered by its kind.
    responders: dict[str, None] = {}
    for occ in state.occurrences:
        for cid in occ.responders:
            c = state.combatants.get(cid)
            if c is None or cid in responders:
                continue
            if occ.trigger == "attacked" or cid in occ.data.get("provokes", ()) or any(
                    (known.get(name) or {}).get("trigger") == occ.trigger
                    for name in c.moves):
                responders[cid] = None
    answers: list[Action] = []
    for cid in responders:
        c = state.combatants.get(cid)
        if cid == turn or c is None:
            continue
        for offer in legal.candidates(state, c):
            if "trigger" in offer.params and checking.check(state, offer) is None:
                answers.append(offer)
    return answers
