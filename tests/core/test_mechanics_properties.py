"""Properties of the budget and the trigger ledger, and the clock's edge cases.

Budget: what is kept stays kept (a payment touches only the slots that paid), what is spent
stays spent (the record only grows, in order), a refused payment changes nothing, and a slot
the budget lacks has nothing left. Ledger: one answer per occurrence, responder and kind of
response; forgetting goes by occurrence, never by responder.
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from turnkeeper.core import (
    Budget,
    Clock,
    Expiry,
    MechanicError,
    TriggerLedger,
    rounds_from_now,
)

SLOTS = ["standard", "move", "swift", "shift"]
ALLOWANCES = st.dictionaries(st.sampled_from(SLOTS[:3]), st.integers(0, 3))
SUBSTITUTES = st.dictionaries(
    st.sampled_from(SLOTS), st.lists(st.sampled_from(SLOTS), max_size=2, unique=True)
)
WANTS = st.lists(st.sampled_from(SLOTS), max_size=4)


@settings(max_examples=300, deadline=None)
@given(ALLOWANCES, SUBSTITUTES, st.lists(WANTS, max_size=6))
def test_payments_keep_what_is_kept_and_spent_what_is_spent(
    allowance: dict[str, int], substitutes: dict[str, list[str]], payments: list[list[str]]
) -> None:
    budget = Budget.of(allowance, substitutes)
    for wanted in payments:
        remaining, spent = dict(budget.remaining), list(budget.spent)
        plan = budget.plan(wanted)
        assert budget.can_pay(wanted) == (plan is not None)
        if plan is None:
            with pytest.raises(MechanicError, match="cannot pay"):
                budget.pay(wanted)
            assert (budget.remaining, budget.spent) == (remaining, spent)
            continue
        assert budget.pay(wanted) == plan
        # Each payer is the slot itself or one of its substitutes, in order of preference.
        for want, payer in zip(wanted, plan, strict=True):
            assert payer == want or payer in substitutes.get(want, [])
        paid = Counter(plan)
        for slot in set(remaining) | set(paid):
            assert budget.left(slot) == remaining.get(slot, 0) - paid[slot] >= 0
        assert budget.spent == spent + list(zip(wanted, plan, strict=True))
        for slot in SLOTS:
            assert budget.used(slot) == sum(1 for want, _ in budget.spent if want == slot)


@settings(max_examples=200, deadline=None)
@given(ALLOWANCES, SUBSTITUTES, st.sampled_from(SLOTS))
def test_the_payer_of_one_slot_is_the_first_that_has_something_left(
    allowance: dict[str, int], substitutes: dict[str, list[str]], slot: str
) -> None:
    budget = Budget.of(allowance, substitutes)
    candidates = [slot, *substitutes.get(slot, [])]
    expected = next((c for c in candidates if allowance.get(c, 0) > 0), None)
    assert budget.payer(slot) == expected
    assert budget.plan([slot]) == (None if expected is None else [expected])


def test_a_slot_the_budget_lacks_has_nothing_left() -> None:
    budget = Budget.of({"standard": 1})
    assert budget.left("swift") == 0
    assert budget.payer("swift") is None
    assert budget.plan(["swift"]) is None
    with pytest.raises(MechanicError, match="cannot spend 1 swift: 0 left"):
        budget.pay_exact("swift")
    assert budget.remaining == {"standard": 1} and budget.spent == []


def test_one_left_is_enough_and_each_payment_takes_exactly_one() -> None:
    budget = Budget.of({"standard": 2, "move": 1}, {"move": ["standard"]})
    assert budget.payer("standard") == "standard"
    assert budget.plan(["move", "move", "standard"]) == ["move", "standard", "standard"]
    assert budget.plan(["move", "move", "move"]) == ["move", "standard", "standard"]
    assert budget.plan(["move"] * 4) is None
    budget.pay(["standard"])
    assert budget.remaining == {"standard": 1, "move": 1}
    budget.pay_exact("standard")  # one by default
    assert budget.remaining == {"standard": 0, "move": 1}
    assert budget.payer("standard") is None  # nothing left and no substitute
    budget.pay(["move"])
    assert budget.payer("move") is None  # its substitute is spent too


def test_grant_and_reset() -> None:
    budget = Budget.of({"standard": 1}, {"move": ["standard"]})
    budget.grant("swift")
    budget.grant("standard", 2)
    assert budget.remaining == {"standard": 3, "swift": 1}
    budget.pay_exact("standard", 3)
    assert budget.spent == [("standard", "standard")] * 3 and budget.used("standard") == 3
    budget.reset({"move": 1})
    assert (budget.remaining, budget.spent) == ({"move": 1}, [])
    assert budget.substitutes == {"move": ["standard"]}  # the table outlives the turn
    assert Budget.of({}).spent == [] and Budget.of({}).substitutes == {}


# ---------------------------------------------------------------------------- the ledger
IDS = st.sampled_from(["t1", "t2", "ann", "bob"])  # occurrences and responders overlap
RESPONSES = st.sampled_from(["aoo", "shield"])
ENTRIES = st.lists(st.tuples(IDS, IDS, RESPONSES), max_size=12)


@settings(max_examples=300, deadline=None)
@given(ENTRIES, st.lists(IDS, max_size=3), IDS, IDS, RESPONSES)
def test_the_ledger_answers_once_and_forgets_by_occurrence(
    entries: list[tuple[str, str, str]],
    keep: list[str],
    occurrence: str,
    responder: str,
    response: str,
) -> None:
    ledger = TriggerLedger()
    for entry in entries:
        ledger.record(*entry)
        assert ledger.has_answered(*entry)
    assert ledger.answered == set(entries)  # answering twice is still one answer
    asked = (occurrence, responder, response)
    assert ledger.has_answered(*asked) == (asked in entries)
    ledger.forget_before(keep)
    assert ledger.answered == {e for e in entries if e[0] in keep}
    for entry in entries:
        assert ledger.has_answered(*entry) == (entry[0] in keep)


def test_forgetting_keeps_an_occurrence_whose_responder_shares_a_forgotten_name() -> None:
    ledger = TriggerLedger()
    ledger.record("ann", "bob", "aoo")  # occurrence "ann", answered by bob
    ledger.record("bob", "ann", "aoo")  # occurrence "bob", answered by ann
    ledger.forget_before(["ann"])
    assert ledger.has_answered("ann", "bob", "aoo")
    assert not ledger.has_answered("bob", "ann", "aoo")


# ---------------------------------------------------------------------------- the clock
def test_a_clock_before_its_first_round() -> None:
    clock = Clock()
    clock.add("a", 10)
    clock.add("b", 12)
    assert clock.sequence == [] and clock.current() is None and clock.current_count() is None
    assert rounds_from_now(clock, 2) == Expiry("before_count", round=2, count=0)
    clock.start_round()
    assert clock.sequence == ["b", "a"] and clock.current_count() == 12
    assert rounds_from_now(clock, 1) == Expiry("before_count", round=2, count=12)


def test_counts_set_without_a_tiebreak_still_order_and_unknown_removals_are_harmless() -> None:
    clock = Clock()
    clock.counts.update({"x": 5, "y": 5, "z": 9})  # as a ruleset may set them directly
    assert clock.order() == ["z", "x", "y"]
    clock.start_round()
    clock.add("w", 7)
    assert clock.upcoming() == ["w", "x", "y"]
    clock.remove("nobody")
    assert clock.sequence == ["z", "w", "x", "y"] and clock.index == 0


def test_past_the_last_place_there_is_no_current_combatant() -> None:
    clock = Clock()
    clock.add("a", 1)
    clock.start_round()
    clock.index = len(clock.sequence)  # where a ruleset parks the clock at a round's end
    assert clock.current() is None and clock.upcoming() == []


def test_the_tiebreak_puts_higher_rolls_first_for_newcomers_too() -> None:
    clock = Clock()
    clock.add("lead", 20)
    clock.add("low", 10, [1])
    clock.start_round()
    clock.add("high", 10, [5])
    clock.add("mid", 10, [3])
    assert clock.upcoming() == ["high", "mid", "low"]
    clock.advance()
    assert clock.has_acted("lead") and not clock.has_acted("high")
    assert clock.acted == ["lead"]


def test_a_hold_is_forgotten_when_a_ruleset_starts_the_next_round_itself() -> None:
    clock = Clock()
    for who, count in (("a", 20), ("b", 10)):
        clock.add(who, count)
    clock.start_round()
    clock.hold("a", 5)
    # As PTU does: a new round by hand, without start_round().
    clock.round += 1
    clock.sequence, clock.index, clock.acted = clock.order(), 0, []
    assert clock.current() == "a"
    clock.hold("a", 15)  # below its own count 20, though above last round's hold to 5
    assert clock.upcoming() == ["a", "b"] and clock.held == {"a": 15}
