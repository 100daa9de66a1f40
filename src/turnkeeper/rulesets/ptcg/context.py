"""The resolution context: applies each event as it is emitted, flips coins, shuffles."""

from __future__ import annotations

from typing import Any, Final

from turnkeeper.core.model import Event
from turnkeeper.dice.source import DiceSource, SeededDice
from turnkeeper.rulesets.ptcg.state import APPLY, SEAT_INDEX, SEATS, PtcgState

# Events that take cards from the top of a face-down pile into the hand: "draw" from the
# deck, "prize" from the Prize cards.
_TAKEN_FROM = frozenset({"draw", "prize"})

_SHUFFLE_STEPS: Final[dict[int, tuple[tuple[int, int, int], ...]]] = {}  # deck size -> its swaps


def coin(dice: DiceSource) -> bool:
    """Heads: ``dice.die(2) == 1`` (a d2, 1 = heads, the project's convention).

    From a ``SeededDice``, die(2) - 1 is randrange(2) on its generator, i.e. its
    _randbelow(2): two random bits, drawn again until below 2 (heads: 0). Inline, the same
    draws, without randrange's Python frames."""
    if type(dice) is SeededDice:
        bits = dice.generator().getrandbits
        drawn = bits(2)
        while drawn >= 2:
            drawn = bits(2)
        return drawn == 0
    return dice.die(2) == 1


class Ctx:
    """A running resolution: emits events (applying each at once) and flips coins."""

    __slots__ = ("dice", "emitted", "events", "record", "s")

    def __init__(self, s: PtcgState, dice: DiceSource, record: bool = True) -> None:
        self.s = s
        self.dice = dice
        self.record = record  # the fast simulator keeps no events
        self.events: list[Event] = []
        self.emitted = 0  # how many events so far (kept or not)

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
        heads = coin(self.dice)
        if self.record:
            self.emit("coin", why=why, heads=heads)
        else:  # no log: a coin event changes nothing (a note), so none is built
            self.emitted += 1
        return heads

    def shuffle(self, seat: int) -> None:
        """Fisher-Yates driven by the dice source; the resulting order goes in the event."""
        deck = list(self.s.sides[seat].deck)
        dice = self.dice
        if type(dice) is SeededDice:
            # die(n) - 1 is randrange(n) on the source's generator, i.e. its _randbelow(n):
            # n.bit_length() random bits, drawn again until below n. Inline, same draws.
            bits = dice._rng.getrandbits
            steps = _SHUFFLE_STEPS.get(len(deck))
            if steps is None:  # (i, n = i + 1, k = n.bit_length()) for i from the top down
                steps = _SHUFFLE_STEPS[len(deck)] = tuple(
                    (i, i + 1, (i + 1).bit_length()) for i in range(len(deck) - 1, 0, -1)
                )
            for i, n, k in steps:
                j = bits(k)
                while j >= n:
                    j = bits(k)
                deck[i], deck[j] = deck[j], deck[i]
        else:
            die = dice.die
            for i in range(len(deck) - 1, 0, -1):
                j = die(i + 1) - 1
                deck[i], deck[j] = deck[j], deck[i]
        self.emit("shuffle", p=SEATS[seat], order=deck)
