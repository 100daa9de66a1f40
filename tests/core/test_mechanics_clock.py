"""The clock against a small reference model, through joins, removals, holds and jump-ins.

The model keeps, for the round under way, who has had their place (``passed``), whose turn it
is (``current``, ``None`` between turns after a hold) and who is still to act (``queue``), and
applies each change by the rules in words:

- a round starts in count order: highest count first, ties by the tiebreak rolls (higher
  first), then by name;
- a holder moves to act at a lower count, after everyone still to act at that count or above;
  holding to one's own count (or above), or off one's turn, is refused and changes nothing;
- a newcomer joins the round under way among those still to act, at its place by count;
  a holder waiting at the newcomer's count lets it go first;
- a jump-in acts at once; one who has had its place this round cannot jump in.

After every step the clock must agree with the model, and over each round every combatant
that was there at the end finished exactly one turn (unless a jump-in cut its turn short),
the undisturbed ones in count order.
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

from turnkeeper.core import Clock, MechanicError

NAMES = [f"c{i}" for i in range(12)]
COUNTS = st.integers(min_value=1, max_value=6)  # few values: ties are common
TIEBREAKS = st.lists(st.integers(min_value=0, max_value=2), max_size=2)


class ClockModel:
    def __init__(self) -> None:
        self.counts: dict[str, float] = {}
        self.tiebreak: dict[str, list[float]] = {}
        self.round = 0
        self.passed: list[str] = []
        self.current: str | None = None
        self.queue: list[str] = []
        self.held: dict[str, float] = {}

    def key(self, who: str) -> tuple[float, list[float], str]:
        return (-self.counts[who], [-t for t in self.tiebreak[who]], who)

    def count_now(self, who: str) -> float:
        return self.held.get(who, self.counts[who])

    def start_round(self) -> None:
        self.round += 1
        order = sorted(self.counts, key=self.key)
        self.passed, self.current, self.queue, self.held = [], order[0], order[1:], {}

    def advance(self) -> None:
        if self.current is not None:
            self.passed.append(self.current)
        if self.queue:
            self.current = self.queue.pop(0)
        else:
            self.start_round()

    def hold(self, who: str, count: float) -> None:
        at = 0
        while at < len(self.queue) and self.count_now(self.queue[at]) >= count:
            at += 1
        self.queue.insert(at, who)
        self.held[who] = count
        self.current = None

    def add(self, who: str, count: float, tiebreak: list[float]) -> None:
        self.counts[who] = count
        self.tiebreak[who] = tiebreak
        at = 0
        for other in self.queue:
            if other in self.held:
                if self.held[other] <= count:
                    break
            elif self.key(other) > self.key(who):
                break
            at += 1
        self.queue.insert(at, who)

    def remove(self, who: str) -> None:
        del self.counts[who], self.tiebreak[who]
        self.held.pop(who, None)
        for part in (self.passed, self.queue):
            if who in part:
                part.remove(who)
        if self.current == who:
            self.current = None

    def jump_now(self, who: str) -> None:
        self.queue.remove(who)
        if self.current is not None:
            self.passed.append(self.current)
        self.current = who


class ClockMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.clock = Clock()
        self.model = ClockModel()
        self.unused = list(NAMES)
        self.finished: list[str] = []  # turns finished (advance) this round, in order
        self.disturbed: set[str] = set()  # held, jumped in, cut short, joined: out of order
        self.cut_short: set[str] = set()

    @initialize(
        starters=st.lists(st.tuples(COUNTS, TIEBREAKS), min_size=1, max_size=5),
    )
    def start(self, starters: list[tuple[int, list[int]]]) -> None:
        for count, tiebreak in starters:
            who = self.unused.pop(0)
            self.clock.add(who, count, tiebreak)
            self.model.add(who, count, [float(t) for t in tiebreak])
        self.clock.start_round()
        self.model.start_round()

    # ------------------------------------------------------------------ changes
    @rule()
    def advance(self) -> None:
        who = self.model.current
        if who is not None:
            self.finished.append(who)
        new_round = self.clock.advance()
        assert new_round == (not self.model.queue)
        if new_round:
            self.check_round_ended()
        self.model.advance()

    @precondition(lambda self: self.unused)
    @rule(count=COUNTS, tiebreak=TIEBREAKS)
    def join(self, count: int, tiebreak: list[int]) -> None:
        who = self.unused.pop(0)
        self.clock.add(who, count, tiebreak)
        self.model.add(who, count, [float(t) for t in tiebreak])
        self.disturbed.add(who)

    @precondition(lambda self: len(self.model.counts) > 1)
    @rule(data=st.data())
    def remove(self, data: st.DataObject) -> None:
        who = data.draw(st.sampled_from(sorted(self.model.counts)))
        self.clock.remove(who)
        self.model.remove(who)

    @precondition(
        lambda self: self.model.current is not None and self.model.count_now(self.model.current) > 0
    )
    @rule(data=st.data(), permanent=st.booleans())
    def hold(self, data: st.DataObject, permanent: bool) -> None:
        who = self.model.current
        assert who is not None
        now = self.model.count_now(who)
        count = data.draw(st.integers(min_value=0, max_value=int(now) - 1))
        self.clock.hold(who, count, permanent=permanent)
        self.model.hold(who, count)
        if permanent:
            self.model.counts[who] = count
        self.disturbed.add(who)

    @precondition(lambda self: self.model.current is not None)
    @rule(data=st.data())
    def hold_refused(self, data: st.DataObject) -> None:
        who = self.model.current
        assert who is not None
        now = self.model.count_now(who)
        count = data.draw(st.sampled_from([now, now + 1, now + 0.5]))
        before = (list(self.clock.sequence), self.clock.index, dict(self.clock.held))
        with pytest.raises(MechanicError, match="lower count"):
            self.clock.hold(who, count)
        assert (list(self.clock.sequence), self.clock.index, dict(self.clock.held)) == before

    @precondition(lambda self: len(self.model.counts) > 1 and self.model.current is not None)
    @rule(data=st.data())
    def hold_off_turn_refused(self, data: st.DataObject) -> None:
        others = sorted(set(self.model.counts) - {self.model.current})
        who = data.draw(st.sampled_from(others))
        before = (list(self.clock.sequence), self.clock.index)
        with pytest.raises(MechanicError, match="own turn"):
            self.clock.hold(who, 0)
        assert (list(self.clock.sequence), self.clock.index) == before

    @precondition(lambda self: self.model.queue and self.model.current is not None)
    @rule(data=st.data())
    def jump_in(self, data: st.DataObject) -> None:
        who = data.draw(st.sampled_from(self.model.queue))
        if self.model.current is not None:
            self.cut_short.add(self.model.current)
            self.disturbed.add(self.model.current)
        self.clock.jump_now(who)
        self.model.jump_now(who)
        self.disturbed.add(who)

    @precondition(lambda self: self.model.current is not None)
    @rule()
    def jump_in_on_own_turn_changes_nothing(self) -> None:
        before = (list(self.clock.sequence), self.clock.index)
        self.clock.jump_now(self.clock.current() or "")
        assert (list(self.clock.sequence), self.clock.index) == before

    @precondition(lambda self: self.model.passed and self.model.current is not None)
    @rule(data=st.data())
    def jump_in_after_one_s_place_refused(self, data: st.DataObject) -> None:
        who = data.draw(st.sampled_from(self.model.passed))
        before = (list(self.clock.sequence), self.clock.index)
        with pytest.raises(MechanicError, match="already had its turn"):
            self.clock.jump_now(who)
        assert (list(self.clock.sequence), self.clock.index) == before

    # ------------------------------------------------------------------ checks
    @invariant()
    def agrees_with_the_model(self) -> None:
        assert self.clock.round == self.model.round
        if self.model.current is not None:
            # Between turns (after a hold, or the current combatant's removal) current()
            # still names the one before: callers advance at once, so only upcoming counts.
            assert self.clock.current() == self.model.current
        assert self.clock.upcoming() == self.model.queue
        assert sorted(self.clock.sequence) == sorted(self.model.counts)
        for who in set(self.model.counts) - self.cut_short:
            assert self.clock.has_acted(who) == (who in self.finished)

    def check_round_ended(self) -> None:
        times = Counter(self.finished)
        assert all(n == 1 for n in times.values()), f"a combatant acted twice: {times}"
        for who in self.model.counts:
            if who not in self.cut_short:
                assert times[who] == 1, f"{who} never finished a turn this round"
        steady = [w for w in self.finished if w not in self.disturbed and w in self.model.counts]
        assert steady == sorted(steady, key=self.model.key), "out of count order"
        self.finished, self.disturbed, self.cut_short = [], set(), set()


ClockMachine.TestCase.settings = settings(
    max_examples=150,
    stateful_step_count=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
test_clock_against_the_model = ClockMachine.TestCase


# ---------------------------------------------------------------------------- fixed cases
def three() -> Clock:
    clock = Clock()
    for who, count in (("a", 20), ("b", 10), ("c", 5)):
        clock.add(who, count)
    clock.start_round()
    return clock


def test_a_newcomer_goes_before_a_holder_waiting_at_a_lower_count() -> None:
    clock = three()
    clock.hold("a", 3)  # a now acts after c
    clock.advance()
    assert clock.current() == "b"
    clock.add("d", 4)  # above a's new count: before a, though a's own count is 20
    assert clock.upcoming() == ["c", "d", "a"]
    clock.add("e", 3)  # at a's new count: a holder lets it go first
    assert clock.upcoming() == ["c", "d", "e", "a"]


def test_a_holder_cannot_hold_again_to_the_count_it_holds_at() -> None:
    clock = three()
    clock.hold("a", 7)
    clock.advance()  # b
    clock.advance()  # a, at 7
    assert clock.current() == "a"
    with pytest.raises(MechanicError, match="lower count than 7"):
        clock.hold("a", 7)
    clock.hold("a", 6)
    assert clock.upcoming() == ["a", "c"]


def test_jumping_in_on_one_s_own_turn_skips_nobody() -> None:
    clock = three()
    clock.jump_now("a")
    assert clock.current() == "a"
    clock.advance()
    assert clock.current() == "b"


def test_the_hold_is_forgotten_next_round_unless_permanent() -> None:
    clock = three()
    clock.hold("a", 3)
    clock.advance()
    clock.advance()
    clock.advance()  # a, then the round ends
    assert clock.current() == "a" and clock.held == {"a": 3}
    clock.advance()
    assert clock.round == 2 and clock.sequence == ["a", "b", "c"] and clock.held == {}
    clock.hold("a", 3, permanent=True)
    for _ in range(4):  # b, c, a, then the round ends
        clock.advance()
    assert clock.round == 3 and clock.sequence == ["b", "c", "a"] and clock.counts["a"] == 3
