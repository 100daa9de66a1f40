"""The kernel's reusable mechanics, each shown doing its job and refusing what it can't do."""

from __future__ import annotations

import pytest

from turnkeeper.core import (
    Budget,
    Clock,
    Effect,
    Expiry,
    MechanicError,
    TriggerLedger,
    due_at_turn_end,
    due_at_turn_start,
    rounds_from_now,
)


def test_budget_pays_with_a_substitute_only_when_the_slot_itself_is_spent() -> None:
    budget = Budget.of({"standard": 1, "move": 1}, {"move": ["standard"]})
    assert budget.pay(["move"]) == ["move"]
    assert budget.payer("move") == "standard"
    assert budget.pay(["move"]) == ["standard"]
    assert budget.used("move") == 2
    assert not budget.can_pay(["move"])
    with pytest.raises(MechanicError, match="cannot pay"):
        budget.pay(["standard"])


def test_budget_pays_all_or_nothing() -> None:
    budget = Budget.of({"standard": 1, "move": 1})
    with pytest.raises(MechanicError):
        budget.pay(["standard", "move", "move"])
    assert budget.remaining == {"standard": 1, "move": 1}
    assert budget.plan(["standard", "move"]) == ["standard", "move"]
    budget.grant("move")
    budget.pay_exact("move", 2)
    with pytest.raises(MechanicError, match="cannot spend"):
        budget.pay_exact("move")
    budget.reset({"move": 1})
    assert budget.left("move") == 1 and budget.spent == []


def make_clock() -> Clock:
    clock = Clock()
    clock.add("fast", 20)
    clock.add("tied_hi", 10, [3])
    clock.add("tied_lo", 10, [1])
    clock.add("slow", 5)
    clock.start_round()
    return clock


def test_clock_orders_by_count_then_tiebreak_and_keeps_the_order_each_round() -> None:
    clock = make_clock()
    assert clock.sequence == ["fast", "tied_hi", "tied_lo", "slow"]
    seen = [clock.current()]
    while not clock.advance():
        seen.append(clock.current())
    assert seen == ["fast", "tied_hi", "tied_lo", "slow"]
    assert clock.round == 2 and clock.current() == "fast"


def test_holding_moves_a_turn_later_this_round_only() -> None:
    clock = make_clock()
    clock.hold("fast", 7)
    clock.advance()
    assert clock.current() == "tied_hi"
    clock.advance()
    clock.advance()
    assert clock.current() == "fast"
    clock.advance()
    assert clock.current() == "slow"
    clock.advance()
    assert clock.round == 2 and clock.current() == "fast"


def test_holding_is_refused_off_turn_or_to_a_higher_count() -> None:
    clock = make_clock()
    with pytest.raises(MechanicError, match="own turn"):
        clock.hold("slow", 1)
    with pytest.raises(MechanicError, match="lower count"):
        clock.hold("fast", 25)


def test_jump_now_puts_a_combatant_next_and_refuses_one_that_already_went() -> None:
    clock = make_clock()
    clock.jump_now("slow")
    assert clock.current() == "slow"
    clock.advance()
    assert clock.current() == "tied_hi"
    with pytest.raises(MechanicError, match="already had its turn"):
        clock.jump_now("fast")


def test_a_newcomer_joins_the_current_round_if_its_place_is_ahead() -> None:
    clock = make_clock()
    clock.advance()
    clock.add("late", 7)
    assert clock.upcoming() == ["tied_lo", "late", "slow"]
    clock.remove("tied_lo")
    assert clock.upcoming() == ["late", "slow"]


def test_a_duration_ends_just_before_the_count_it_began_on() -> None:
    clock = make_clock()
    clock.advance()  # tied_hi's turn, count 10
    spell = Effect("e1", "bless", "fast", rounds_from_now(clock, 1))
    assert spell.expiry == Expiry("before_count", round=2, count=10)
    clock.advance()
    clock.advance()
    clock.advance()  # round 2, fast (count 20)
    assert due_at_turn_start([spell], clock) == []
    clock.advance()  # round 2, tied_hi (count 10)
    assert due_at_turn_start([spell], clock) == [spell]


def test_turn_bound_effects_end_on_their_combatants_turn() -> None:
    clock = make_clock()
    dodge = Effect("e2", "dodge", "fast", Expiry("turn_start", round=2, combatant="fast"))
    stun = Effect("e3", "stun", "slow", Expiry("turn_end", round=1, combatant="slow"))
    assert due_at_turn_start([dodge], clock) == []
    assert due_at_turn_end([stun], clock) == []
    for _ in range(3):
        clock.advance()
    assert due_at_turn_end([stun], clock) == [stun]
    clock.advance()
    assert due_at_turn_start([dodge], clock) == [dodge]


def test_trigger_ledger_allows_each_response_once_per_occurrence() -> None:
    ledger = TriggerLedger()
    ledger.record("t1", "ann", "aoo")
    assert ledger.has_answered("t1", "ann", "aoo")
    assert not ledger.has_answered("t1", "ann", "shield")
    assert not ledger.has_answered("t2", "ann", "aoo")
    ledger.forget_before(["t2"])
    assert not ledger.has_answered("t1", "ann", "aoo")
