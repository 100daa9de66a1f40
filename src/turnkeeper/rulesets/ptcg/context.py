"""The resolution context: applies each event as it is emitted, flips coins, shuffles."""

from __future__ import annotations

import random
from typing import Any, Final

from turnkeeper.core.model import Event
from turnkeeper.dice.source import DiceSource, SeededDice
from turnkeeper.rulesets.ptcg.state import APPLY, SEAT_INDEX, SEATS, PtcgState

# Events that take cards from the top of a face-down pile into the hand: "draw" from the
# deck, "prize" from the Prize cards.
_TAKEN_FROM = frozenset({"draw", "prize"})



def coin(dice: DiceSource) -> bool:
    """Heads: ``dice.die(2) == 1`` (a d2, 1 = heads, the project's convention).

    From a ``SeededDice``, die(2) - 1 is randrange(2) on its generator, i.e. its
    _randbelow(2): two random bits, drawn again until below 2 (heads: 0). Inline, the same
    draws, without randrange's Python frames."""
    if type(dice) is SeededDice:
        return heads(dice.generator())
    return dice.die(2) == 1


def heads(rng: random.Random) -> bool:
    """A coin from a seeded generator, drawn as ``coin`` says (heads: the draw is 0)."""
    drawn = rng.getrandbits(2)
    while drawn >= 2:
        drawn = rng.getrandbits(2)
    return drawn == 0


class Ctx:
    """A running resolution: emits events (applying each at once) and flips coins."""

    __slots__ = ("dice", "emitted", "events", "record", "rng", "s")

    def __init__(self, s: PtcgState, dice: DiceSource, record: bool = True) -> None:
        self.s = s
        self.dice = dice
        self.record = record  # the fast simulator keeps no events
        self.events: list[Event] = []
        self.emitted = 0  # how many events so far (kept or not)
        # a SeededDice's generator, once asked for (seeded_rng): the coins and shuffles draw
        # from it without asking the dice (a Python-level method) again each time
        self.rng: random.Random | None = None

    def seeded_rng(self) -> random.Random | None:
        """The generator behind the dice if they are a ``SeededDice`` (the same object each
        time: it never changes once made), else ``None``."""
        rng = self.rng
        if rng is None:
            dice = self.dice
            if type(dice) is SeededDice:
                rng = self.rng = dice.generator()
        return rng

    def emit(self, event_type: str, /, **data: Any) -> None:
        # (not ``kind``: events have a field of that name, and the compiled build, whose
        # calls pass arguments by name, would take it for this one; no event field is named
        # event_type)
        if self.record and event_type in _TAKEN_FROM:
            # The log says which cards a draw or a Prize took (the top ones of that pile),
            # so the player's own log can name them; other seats get only the count
            # (ruleset.visible_command).
            side = self.s.sides[SEAT_INDEX[data["p"]]]
            pile = side.deck if event_type == "draw" else side.prizes
            data["cards"] = pile[: max(0, int(data["n"]))]
        APPLY[event_type](self.s, data)
        self.emitted += 1
        if self.record:
            self.events.append(Event(event_type, data))

    def flip(self, why: str) -> bool:
        """One coin: a d2 from the dice source, 1 = heads (the project's convention)."""
        rng = self.seeded_rng()
        landed = heads(rng) if rng is not None else coin(self.dice)
        if self.record:
            self.emit("coin", why=why, heads=landed)
        else:  # no log: a coin event changes nothing (a note), so none is built
            self.emitted += 1
        return landed

    def shuffle(self, seat: int) -> None:
        """Fisher-Yates driven by the dice source; the resulting order goes in the event."""
        side = self.s.sides[seat]
        deck = list(side.deck)
        rng = self.seeded_rng()
        if rng is not None:
            fisher_yates(deck, rng)
        else:
            die = self.dice.die
            for i in range(len(deck) - 1, 0, -1):
                j = die(i + 1) - 1
                deck[i], deck[j] = deck[j], deck[i]
        if self.record:
            self.emit("shuffle", p=SEATS[seat], order=deck)
        else:  # no log: the event's change made directly, without building the event
            side.deck = deck
            self.emitted += 1


def fisher_yates(deck: list[Any], rng: random.Random) -> None:
    """Shuffle ``deck`` in place with exactly the draws of ``SeededDice.die`` on ``rng``.

    Step i (from the top index down to 1) swaps card i with card j, j uniform in 0..i: the
    die's draw is ``randrange(i + 1)``, i.e. CPython's ``_randbelow(n)`` for n = i + 1:
    ``getrandbits(n.bit_length())``, drawn again while it makes n or more. Inline, the same
    draws, with what the compiled build would otherwise redo at every draw done once: the
    generator's bound method, the bit counts as ready Python ints (boxing each count anew
    cost about as much as the draw), the cards swapped as objects (``list[Any]``, no
    unboxing and boxing again). Drawing the words in bulk (``getrandbits(32 * m)`` cut
    into words) was measured and rejected: turning the big number into words cost more
    than the calls it saved (docs/speed.md)."""
    bits: Any = rng.getrandbits
    i = len(deck) - 1
    while i > 0:
        n = i + 1
        k: object = _BIT_COUNTS[n] if n < _COUNTED else n.bit_length()
        j: int = bits(k)
        while j >= n:
            j = bits(k)
        card = deck[i]
        deck[i] = deck[j]
        deck[j] = card
        i -= 1


_COUNTED: Final = 256
# n -> n.bit_length(), as Python ints made once (fisher_yates hands them to getrandbits)
_BIT_COUNTS: Final[tuple[object, ...]] = tuple(n.bit_length() for n in range(_COUNTED))
