"""Where dice faces come from.

Every random number in Turnkeeper comes through a :class:`DiceSource`. Nothing reads the
global :mod:`random` state: a game owns a seeded generator, and tests or scenario files can
force the faces ("the next rolls are 6, 6, 1").
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Iterable
from typing import Protocol, runtime_checkable


class DiceError(ValueError):
    """Base class of every dice error (bad notation, limits, exhausted forced dice)."""


class DiceExhaustedError(DiceError):
    """A forced-dice source was asked for more faces than it was given."""


class ForcedFaceError(DiceError):
    """A forced face does not fit the die it was asked for (e.g. a 7 on a d6)."""


@runtime_checkable
class DiceSource(Protocol):
    """Anything that can produce one face of an ``sides``-sided die (1..sides)."""

    def die(self, sides: int) -> int:
        """Return one face of a die with ``sides`` sides, uniformly from 1 to ``sides``."""
        ...


class SeededDice:
    """Fair dice from a private, seeded :class:`random.Random` instance.

    Two sources with the same seed produce the same faces; the global ``random`` module is
    never touched. The generator is seeded when the first die is asked for, not before:
    seeding from a string costs microseconds, and most commands of a game roll nothing (the
    faces are exactly those of seeding up front).
    """

    __slots__ = ("_command", "_generator", "_seed")

    def __init__(self, seed: int | str | None = None, *, rng: random.Random | None = None) -> None:
        self._seed = seed
        self._command: int | None = None
        self._generator = rng

    @classmethod
    def for_command(cls, seed: int | str, index: int) -> SeededDice:
        """The dice of a game's command ``index``: exactly ``SeededDice(f"{seed}/{index}")``
        (the same :attr:`seed`, the same faces), with the seed text written only when a die
        is first rolled. A game makes one per command and most commands roll nothing, so
        the text was most of what the dice cost (tests/core/test_dice_source.py compares
        the two)."""
        dice = cls.__new__(cls)
        dice._seed = seed
        dice._command = index
        dice._generator = None
        return dice

    @property
    def seed(self) -> int | str | None:
        """What the generator is seeded from (a command's dice: ``"<game seed>/<index>"``)."""
        command = self._command
        if command is None:
            return self._seed
        return f"{self._seed}/{command}"

    def generator(self) -> random.Random:
        """The private generator behind these dice, seeded now if no die was rolled yet.

        For hot loops that draw many numbers at once (a shuffle) with exactly the draws
        :meth:`die` would make.
        """
        rng = self._generator
        if rng is None:
            rng = self._generator = random.Random(self.seed)
        return rng

    # Kept for callers written before lazy seeding; same generator as :meth:`generator`.
    _rng = property(generator)

    def die(self, sides: int) -> int:
        if sides < 1:
            raise DiceError(f"a die needs at least one side, not {sides}")
        rng = self._generator
        if rng is None:
            rng = self.generator()
        # rng.randrange(sides) + 1 (exact, no modulo bias), drawn as CPython's randrange
        # draws it (``_randbelow_with_getrandbits``: sides.bit_length() random bits, again
        # while they make ``sides`` or more) without its two Python-level calls; the faces
        # are the same (tests/core/test_dice_source.py compares them).
        bits = sides.bit_length()
        face = rng.getrandbits(bits)
        while face >= sides:
            face = rng.getrandbits(bits)
        return face + 1


class ForcedDice:
    """Replays given faces in order, then falls back to another source (or fails).

    Used by tests and scenario files: ``ForcedDice([6, 6, 1])`` makes the next three dice
    show 6, 6 and 1 whatever their size (each face is checked against its die).
    """

    __slots__ = ("_faces", "fallback", "used")

    def __init__(self, faces: Iterable[int], fallback: DiceSource | None = None) -> None:
        self._faces: deque[int] = deque(int(f) for f in faces)
        self.fallback = fallback
        self.used = 0

    @property
    def remaining(self) -> int:
        """How many forced faces are still waiting."""
        return len(self._faces)

    def push(self, faces: Iterable[int]) -> None:
        """Queue more forced faces after those already waiting."""
        self._faces.extend(int(f) for f in faces)

    def die(self, sides: int) -> int:
        if self._faces:
            face = self._faces[0]
            if not 1 <= face <= sides:
                raise ForcedFaceError(f"forced face {face} does not fit a d{sides}")
            self._faces.popleft()
            self.used += 1
            return face
        if self.fallback is None:
            raise DiceExhaustedError("the forced dice ran out: give more faces for this step")
        return self.fallback.die(sides)
