"""Reusable mechanics, free of game words: budgets, the clock, timed effects, triggers.

Each is a small serializable dataclass that lives inside a ruleset's state. Rulesets call
these from ``check`` (the ``can_*`` questions, which never change anything) and from
``apply`` (the changes).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, final


class MechanicError(ValueError):
    """A mechanic was asked to do something it cannot (overspend, unknown combatant...)."""


# Every class here is ``@final``. Built in one mypyc run with the rulesets that read them
# (turnkeeper/compiled.py, BUILT_TOGETHER), mypyc cannot know a class has no subclass in
# another group, so it calls the methods of a non-final class through the object's vtable;
# an object msgspec makes when it reads a snapshot back has none set, and such a call
# crashed. A final class's methods are called directly (tests/core/test_mechanics_compiled.py).

# ---------------------------------------------------------------------------- budgets
# The dataclasses made on every action (Budget, Window, Expiry, Effect) write their
# ``__init__`` out (``init=False``) with the generated one's parameters and defaults: compiled,
# a written ``__init__`` is native code, while the one ``dataclass`` generates stays
# interpreted, and entering it cost more than the rest of making the object (docs/speed.md).
@final
@dataclass(init=False)
class Budget:
    """Slots of actions left this turn, with substitutions.

    ``remaining`` maps a slot name to how many are left. ``substitutes`` maps a slot to the
    other slots that may pay for it, in order of preference: ``{"move": ["standard"]}`` says a
    move may be taken in place of a standard. ``spent`` records what was actually paid for what.
    """

    remaining: dict[str, int] = field(default_factory=dict)
    substitutes: dict[str, list[str]] = field(default_factory=dict)
    spent: list[tuple[str, str]] = field(default_factory=list)

    def __init__(
        self,
        remaining: dict[str, int] | None = None,
        substitutes: dict[str, list[str]] | None = None,
        spent: list[tuple[str, str]] | None = None,
    ) -> None:
        self.remaining = {} if remaining is None else remaining
        self.substitutes = {} if substitutes is None else substitutes
        self.spent = [] if spent is None else spent

    @classmethod
    def of(
        cls, allowance: Mapping[str, int], substitutes: Mapping[str, Sequence[str]] = {}
    ) -> Budget:
        return cls(dict(allowance), {k: list(v) for k, v in substitutes.items()}, [])

    def left(self, slot: str) -> int:
        return self.remaining.get(slot, 0)

    def payer(self, slot: str) -> str | None:
        """The slot that would pay for ``slot`` now (itself first), or ``None``."""
        if self.remaining.get(slot, 0) > 0:
            return slot
        for other in self.substitutes.get(slot, ()):
            if self.remaining.get(other, 0) > 0:
                return other
        return None

    def can_pay(self, slots: Iterable[str]) -> bool:
        """Whether every slot in ``slots`` can be paid together (e.g. standard + move)."""
        return self.plan(slots) is not None

    def plan(self, slots: Iterable[str]) -> list[str] | None:
        """Which slot pays for each of ``slots``, or ``None`` if they cannot all be paid."""
        left = dict(self.remaining)
        payers: list[str] = []
        for slot in slots:
            choice = None
            for candidate in (slot, *self.substitutes.get(slot, ())):
                if left.get(candidate, 0) > 0:
                    choice = candidate
                    break
            if choice is None:
                return None
            left[choice] -= 1
            payers.append(choice)
        return payers

    def pay(self, slots: Iterable[str]) -> list[str]:
        """Pay for ``slots`` (all or nothing) and return which slot paid for each."""
        wanted = list(slots)
        payers = self.plan(wanted)
        if payers is None:
            raise MechanicError(f"cannot pay for {wanted}: left {self.remaining}")
        # by index: ``plan`` gives one payer per wanted slot, and compiled, a zip with
        # ``strict=True`` is a Python-level call (about 2.5k instructions a payment)
        for i in range(len(wanted)):
            payer = payers[i]
            self.remaining[payer] -= 1
            self.spent.append((wanted[i], payer))
        return payers

    def pay_exact(self, slot: str, count: int = 1) -> None:
        """Spend ``count`` of ``slot`` itself, with no substitution."""
        if self.remaining.get(slot, 0) < count:
            raise MechanicError(f"cannot spend {count} {slot}: {self.remaining.get(slot, 0)} left")
        self.remaining[slot] -= count
        self.spent.extend((slot, slot) for _ in range(count))

    def grant(self, slot: str, count: int = 1) -> None:
        self.remaining[slot] = self.remaining.get(slot, 0) + count

    def used(self, slot: str) -> int:
        """How many actions were paid for as ``slot`` (whatever paid)."""
        return sum(1 for want, _ in self.spent if want == slot)

    def reset(self, allowance: Mapping[str, int]) -> None:
        self.remaining = dict(allowance)
        self.spent = []


# ---------------------------------------------------------------------------- the clock
@final
@dataclass
class Clock:
    """Rounds and turns in initiative order.

    ``counts`` holds each combatant's initiative count; ``tiebreak`` holds extra sort keys
    (higher first) used when counts are equal (a modifier, a roll-off). The order of a round
    is fixed when it starts (``sequence``); holding an action moves a combatant later within
    the current round only, unless ``permanent`` is asked for. ``held`` keeps the count each
    holder now acts at this round, so that a newcomer joining later is placed against the
    holder's new place, not its old count.
    """

    # ``int | float``, not just ``float``: counts are usually whole numbers, and a snapshot
    # read back typed by these annotations (core.snapshot) must give back ints as ints.
    counts: dict[str, int | float] = field(default_factory=dict)
    tiebreak: dict[str, list[int | float]] = field(default_factory=dict)
    round: int = 0
    sequence: list[str] = field(default_factory=list)
    index: int = -1
    acted: list[str] = field(default_factory=list)
    held: dict[str, int | float] = field(default_factory=dict)
    held_round: int = 0  # the round ``held`` belongs to (a ruleset may start rounds itself)

    def _key(self, combatant: str) -> tuple[int | float, list[int | float], str]:
        return (-self.counts[combatant], [-t for t in self.tiebreak.get(combatant, [])], combatant)

    def order(self) -> list[str]:
        """Every combatant, highest count first, ties broken by ``tiebreak`` then by name."""
        return sorted(self.counts, key=self._key)

    def add(
        self, combatant: str, count: int | float, tiebreak: Sequence[int | float] = ()
    ) -> None:
        self.counts[combatant] = count
        self.tiebreak[combatant] = list(tiebreak)
        if self.round > 0 and combatant not in self.sequence:
            # A newcomer joins the current round among those still to act, at its place by
            # count and tiebreak; a holder waiting at the same count lets it go first, as a
            # holder lets everyone at its new count go first (see ``hold``).
            key = self._key(combatant)
            held = self._held_now()
            insert_at = max(self.index + 1, 0)
            while insert_at < len(self.sequence):
                other = self.sequence[insert_at]
                if other in held:
                    if held[other] <= count:
                        break
                elif self._key(other) > key:
                    break
                insert_at += 1
            self.sequence.insert(insert_at, combatant)

    def remove(self, combatant: str) -> None:
        self.counts.pop(combatant, None)
        self.tiebreak.pop(combatant, None)
        self.held.pop(combatant, None)
        if combatant in self.sequence:
            pos = self.sequence.index(combatant)
            self.sequence.pop(pos)
            if pos <= self.index:
                self.index -= 1

    def current(self) -> str | None:
        if 0 <= self.index < len(self.sequence):
            return self.sequence[self.index]
        return None

    def current_count(self) -> int | float | None:
        who = self.current()
        return None if who is None else self.counts.get(who)

    def start_round(self) -> None:
        self.round += 1
        self.sequence = self.order()
        self.index = 0
        self.acted = []
        self.held = {}

    def advance(self) -> bool:
        """End the current turn and move to the next; return ``True`` if a new round began."""
        who = self.current()
        if who is not None and who not in self.acted:
            self.acted.append(who)
        self.index += 1
        if self.index >= len(self.sequence):
            self.start_round()
            return True
        return False

    def upcoming(self) -> list[str]:
        """Combatants still to act this round, after the current one."""
        return self.sequence[self.index + 1 :]

    def has_acted(self, combatant: str) -> bool:
        return combatant in self.acted

    def hold(self, combatant: str, count: int | float, *, permanent: bool = False) -> None:
        """Move ``combatant`` (the current one) to act at ``count`` later this round."""
        if self.current() != combatant:
            raise MechanicError(f"{combatant} can only hold on its own turn")
        current = self._count_now(combatant)
        if count >= current:
            raise MechanicError(f"a held action must go to a lower count than {current}")
        self.sequence.pop(self.index)
        insert_at = self.index
        while insert_at < len(self.sequence) and self._count_now(self.sequence[insert_at]) >= count:
            insert_at += 1
        self.sequence.insert(insert_at, combatant)
        self.held = {**self._held_now(), combatant: count}
        self.held_round = self.round
        if permanent:
            self.counts[combatant] = count
        # The held combatant is not the current one any more: step back so that advance()
        # lands on whoever now stands at the current place.
        self.index -= 1

    def _held_now(self) -> dict[str, int | float]:
        """Where holders act this round; holds of an earlier round are forgotten."""
        return self.held if self.held_round == self.round else {}

    def _count_now(self, combatant: str) -> int | float:
        """The count ``combatant`` acts at this round: where it holds to, else its own."""
        return self._held_now().get(combatant, self.counts[combatant])

    def jump_now(self, combatant: str) -> None:
        """Let ``combatant`` take its turn now, before the current place (priority, ready)."""
        if combatant == self.current():
            return  # already its turn: moving it would skip whoever comes next
        if combatant in self.sequence[: self.index + 1]:
            raise MechanicError(f"{combatant} has already had its turn this round")
        if combatant in self.sequence:
            self.sequence.remove(combatant)
        self.sequence.insert(max(self.index + 1, 0), combatant)
        self.index = max(self.index + 1, 0)
        # The displaced current turn resumes after the jumped turn: callers decide.


# ---------------------------------------------------------------------------- timed effects
@final
@dataclass(init=False)
class Expiry:
    """When an effect ends.

    ``kind`` is one of:
    - ``"before_count"``: just before the clock reaches ``count`` in ``round`` (durations in
      rounds end just before the count on which they began);
    - ``"turn_start"`` / ``"turn_end"``: at the start / end of ``combatant``'s turn, in round
      ``round`` or later;
    - ``"manual"``: only when removed.
    """

    kind: str
    round: int = 0
    count: int | float = 0.0  # an initiative count; see Clock.counts for why int | float
    combatant: str | None = None

    def __init__(
        self, kind: str, round: int = 0, count: int | float = 0.0, combatant: str | None = None
    ) -> None:
        self.kind = kind
        self.round = round
        self.count = count
        self.combatant = combatant

    def __reduce__(self) -> tuple[type[Expiry], tuple[str, int, int | float, str | None]]:
        # copies and pickles are made by the constructor: compiled, a class whose own
        # ``__init__`` needs arguments cannot be made empty first (copyreg's way)
        return (Expiry, (self.kind, self.round, self.count, self.combatant))


@final
@dataclass(init=False)
class Effect:
    id: str
    name: str
    holder: str
    expiry: Expiry
    data: dict[str, Any] = field(default_factory=dict)

    def __init__(
        self, id: str, name: str, holder: str, expiry: Expiry, data: dict[str, Any] | None = None
    ) -> None:
        self.id = id
        self.name = name
        self.holder = holder
        self.expiry = expiry
        self.data = {} if data is None else data

    def __reduce__(self) -> tuple[type[Effect], tuple[str, str, str, Expiry, dict[str, Any]]]:
        return (Effect, (self.id, self.name, self.holder, self.expiry, self.data))  # as Expiry


def rounds_from_now(clock: Clock, rounds: int) -> Expiry:
    """An expiry ``rounds`` rounds after now, just before the current count."""
    count = clock.current_count()
    return Expiry(
        "before_count", round=clock.round + rounds, count=count if count is not None else 0
    )


def due_at_turn_start(effects: Iterable[Effect], clock: Clock) -> list[Effect]:
    """Effects that end as the current combatant's turn begins (pure: removes nothing)."""
    who, rnd, count = clock.current(), clock.round, clock.current_count()
    due = []
    for effect in effects:
        exp = effect.expiry
        if exp.kind == "before_count" and count is not None:
            if rnd > exp.round or (rnd == exp.round and count <= exp.count):
                due.append(effect)
        elif exp.kind == "turn_start" and exp.combatant == who and rnd >= exp.round:
            due.append(effect)
    return due


def due_at_turn_end(effects: Iterable[Effect], clock: Clock) -> list[Effect]:
    """Effects that end as the current combatant's turn ends (pure)."""
    who, rnd = clock.current(), clock.round
    return [
        e
        for e in effects
        if e.expiry.kind == "turn_end" and e.expiry.combatant == who and rnd >= e.expiry.round
    ]


# ---------------------------------------------------------------------------- triggers
@final
@dataclass
class TriggerLedger:
    """Once-per-trigger bookkeeping: which responder answered which occurrence, and how.

    An occurrence is one happening of a trigger (its id is the ruleset's choice, e.g. the
    number of the event that caused it). The same responder may answer one occurrence once
    per kind of response; two different responses may answer the same occurrence.
    """

    answered: set[tuple[str, str, str]] = field(default_factory=set)

    def has_answered(self, occurrence: str, responder: str, response: str) -> bool:
        return (occurrence, responder, response) in self.answered

    def record(self, occurrence: str, responder: str, response: str) -> None:
        self.answered.add((occurrence, responder, response))

    def forget_before(self, keep: Iterable[str]) -> None:
        """Drop the entries of occurrences not in ``keep`` (old triggers can't recur)."""
        wanted = set(keep)
        self.answered = {a for a in self.answered if a[0] in wanted}


# ---------------------------------------------------------------------------- windows
@final
@dataclass(init=False)
class Window:
    """An out-of-turn window: who may answer ``occurrence`` before play goes on."""

    occurrence: str
    trigger: str
    responders: list[str] = field(default_factory=list)
    data: dict[str, Any] = field(default_factory=dict)

    def __init__(
        self,
        occurrence: str,
        trigger: str,
        responders: list[str] | None = None,
        data: dict[str, Any] | None = None,
    ) -> None:
        self.occurrence = occurrence
        self.trigger = trigger
        self.responders = [] if responders is None else responders
        self.data = {} if data is None else data

    def __reduce__(self) -> tuple[type[Window], tuple[str, str, list[str], dict[str, Any]]]:
        return (Window, (self.occurrence, self.trigger, self.responders, self.data))  # as Expiry


# ---------------------------------------------------------------------------- compiled build
# The fields' annotations as the source writes them (in pure Python they are this very text
# already), put back for the compiled build (turnkeeper/compiled.py): mypyc replaces the
# annotations of a class it compiles by plain classes (``dict``, and ``type`` for a union),
# and msgspec reads the classes by their annotations to decode snapshots and state copies
# (core/snapshot.py; ptu's state.py): a ledger's tuples or a count's int must come back.
_SOURCE_ANNOTATIONS: Final[dict[type, dict[str, str]]] = {
    Budget: {
        "remaining": "dict[str, int]",
        "substitutes": "dict[str, list[str]]",
        "spent": "list[tuple[str, str]]",
    },
    Clock: {
        "counts": "dict[str, int | float]",
        "tiebreak": "dict[str, list[int | float]]",
        "round": "int",
        "sequence": "list[str]",
        "index": "int",
        "acted": "list[str]",
        "held": "dict[str, int | float]",
        "held_round": "int",
    },
    Expiry: {"kind": "str", "round": "int", "count": "int | float", "combatant": "str | None"},
    Effect: {
        "id": "str", "name": "str", "holder": "str", "expiry": "Expiry", "data": "dict[str, Any]",
    },
    TriggerLedger: {"answered": "set[tuple[str, str, str]]"},
    Window: {
        "occurrence": "str",
        "trigger": "str",
        "responders": "list[str]",
        "data": "dict[str, Any]",
    },
}
for _class, _texts in _SOURCE_ANNOTATIONS.items():
    _annotations: dict[str, object] = vars(_class)["__annotations__"]
    if set(_annotations) != set(_texts):
        raise TypeError(f"{_class.__name__}: the annotations to put back name other fields")
    _annotations.update(_texts)
