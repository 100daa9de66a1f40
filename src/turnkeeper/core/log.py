"""A game's log in memory: its commands, all but the newest held as compressed msgpack.

A live game keeps every command it played (undo and saves need them), and as Python objects
one command costs about a kilobyte: an action and its parameters dict, a list of events and
a dict per event. :class:`CommandLog` keeps the newest few as objects and packs the older
ones, :attr:`CommandLog.BLOCK` at a time, into one zlib-compressed msgpack string per block
(a game's commands repeat the same keys, kinds and names, so each block is compressed against
the game's first block as a preset dictionary, and costs tens of bytes a command). Readers
see a list of :class:`Command`: ``log[i]``, slices, iteration and ``len`` behave as for a list.

Packing is exact or not done: a block is decoded again when it is packed and must give back
the very values it was made from (``==``, so a tuple that would come back as a list, a set,
or a dataclass that would come back as a dict, all differ); a block that does not, or holds
a value msgpack cannot write, stays as objects (correct, only not compact). The bytes are
made and read by this object only, in this process, and are plain data (no pickle): nothing
read from them can run code.

Two things a reader may notice: an old command read back is a fresh copy (change a game
through :class:`~turnkeeper.core.game.Game`, never by editing its log's commands in place),
and an action is held as its data (kind, actor, params, cost, odds, cost detail), so a
ruleset's subclass of :class:`Action` comes back as a plain, equal :class:`Action`; read-only
mapping views in the data come back as dicts.
"""

from __future__ import annotations

import sys
import zlib
from collections.abc import Iterable, Iterator, Mapping, MutableSequence
from typing import Any, overload

import msgspec

from turnkeeper.core.model import Action, Event


class Command(msgspec.Struct, gc=False):
    """One entry of the log: the action (``None`` for the set-up) and the events it produced.

    A msgspec Struct (no per-instance ``__dict__``, built in C); ``gc=False`` because a
    command never takes part in a reference cycle.
    """

    action: Action | None
    events: list[Event] = msgspec.field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {
            "action": None if self.action is None else self.action.to_dict(),
            "events": [e.to_dict() for e in self.events],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Command:
        raw_action = data.get("action")
        action = None if raw_action is None else Action.from_dict(raw_action)
        events = [Event.from_dict(e) for e in data.get("events") or []]
        return cls(action=action, events=events)


_ENCODER = msgspec.msgpack.Encoder()
_decode = msgspec.msgpack.Decoder().decode

#: The preset dictionary of each kind of log (a ruleset's name): the first block of that kind
#: packed in this process, at most this many bytes of it. Shared by every log of the kind, so
#: a game costs no dictionary of its own; set once and never changed, so every block is read
#: with the dictionary it was written with.
_PRIMER_BYTES = 16_384
_PRIMERS: dict[str, bytes] = {}
#: Per kind, a compressor set up with the kind's primer and never fed: each block is
#: compressed by a copy of it. Loading a preset dictionary hashes every byte of it (about
#: 11 µs a block, most of packing's zlib work); copying the primed compressor's memory gives
#: the very compressor, and the very bytes, four times faster (tests/core/test_compact_game.py
#: compares them). Copies are taken under the compressor's own lock: threads may share it.
#: Each primed compressor holds about 260 kB (zlib's window and tables) for the process's
#: life: one per kind of log (a ruleset), so a few.
_PRIMED: dict[str, zlib._Compress] = {}


def _plain(mapping: Mapping[str, Any] | None) -> dict[str, Any] | None:
    # msgpack writes dicts only; a read-only view (shared constants) is written as its dict.
    if mapping is None or type(mapping) is dict:
        return mapping
    return dict(mapping)


def _row(command: Command) -> list[Any]:
    """A command as plain lists (what is packed): ``[action or None, [[type, data], ...]]``."""
    # _plain is called only for what is not already a dict or None (nearly everything is):
    # the same lists, a quarter faster
    events = [[e.type, data if type(data := e.data) is dict else _plain(data)]
              for e in command.events]
    a = command.action
    if a is None:
        return [None, events]
    params, odds, detail = a.params, a.odds, a.cost_detail
    return [[a.kind, a.actor, params if type(params) is dict else _plain(params), a.cost,
             odds if odds is None or type(odds) is dict else _plain(odds),
             detail if detail is None or type(detail) is dict else _plain(detail)], events]


def _primed(primer: bytes) -> zlib._Compress:
    """A compressor for the blocks of a kind whose preset dictionary is ``primer``."""
    return zlib.compressobj(1, zdict=primer)


def _command(row: list[Any]) -> Command:
    fields, events = row
    action = None if fields is None else Action(*fields)
    return Command(action, [Event(kind, data) for kind, data in events])


def _packable(command: Command) -> bool:
    # Only plain commands with a real list of events: the store's stand-ins for commands it
    # has not read (their events refuse to be iterated) stay as they are.
    return type(command) is Command and type(command.events) is list


class CommandLog(MutableSequence[Command]):
    """A game's commands, the older ones packed (see the module doc); a list to readers.

    ``kind`` names the kind of commands (a ruleset's name): logs of one kind share their
    compression dictionary. ``compact=False`` never packs (for games that are thrown away
    when they end, as a simulation's, which need not pay for packing).
    """

    #: Commands per packed block.
    BLOCK = 16
    #: At least this many of the newest commands stay as objects, so reading the latest
    #: commands and undoing a few cost no decoding.
    LIVE = 8
    #: About what one command costs as Python objects (an action, its parameters, a list of
    #: events and their dicts; measured on e133 and ptu games): for :meth:`held_bytes`.
    COMMAND_OBJECT_BYTES = 1200

    __slots__ = (
        "_blocks", "_cache", "_kind", "_live", "_pack_at", "_packed_bytes", "_packed_len",
        "size",
    )

    def __init__(
        self, commands: Iterable[Command] = (), *, kind: str = "", compact: bool = True
    ) -> None:
        self._kind = kind
        # how many live commands make :meth:`push` pack a block (never, when not compact)
        self._pack_at = self.LIVE + self.BLOCK if compact else sys.maxsize
        # each block: the packed bytes of BLOCK commands, or the BLOCK commands themselves
        # when they could not be packed exactly
        self._blocks: list[bytes | list[Command]] = []
        self._live: list[Command] = []
        self._packed_len = 0
        self._packed_bytes = 0
        #: How many commands the log holds (``len(log)``), kept as each edit is made: read
        #: as an attribute it costs a game's play a tenth of calling ``len`` (a Python
        #: ``__len__``). Read it, never set it.
        self.size = 0
        # the block read last, decoded: (its number, its commands); one tuple, replaced
        # whole, so a reader never sees one block's number with another's commands
        self._cache: tuple[int, list[Command]] = (-1, [])
        for command in commands:
            self.append(command)

    # ------------------------------------------------------------------ packing
    def _pack(self) -> None:
        block = self._live[: self.BLOCK]
        del self._live[: self.BLOCK]
        packed = self._packed(block)
        self._blocks.append(block if packed is None else packed)
        self._packed_len += len(block)
        self._packed_bytes += self._block_bytes(self._blocks[-1])

    def _packed(self, block: list[Command]) -> bytes | None:
        """``block`` as compressed msgpack, or ``None`` if it would not come back exactly."""
        for command in block:
            if not _packable(command):
                return None
        rows = [_row(c) for c in block]
        try:
            data = _ENCODER.encode(rows)
        except (TypeError, ValueError, OverflowError, msgspec.EncodeError):
            return None
        if _decode(data) != rows:
            return None
        primed = _PRIMED.get(self._kind)
        if primed is None:
            primer = _PRIMERS.get(self._kind)
            if primer is None:
                primer = _PRIMERS.setdefault(self._kind, data[:_PRIMER_BYTES])
            primed = _PRIMED.setdefault(self._kind, _primed(primer))
        compressor = primed.copy()
        return compressor.compress(data) + compressor.flush()

    def _block_bytes(self, block: bytes | list[Command]) -> int:
        if isinstance(block, bytes):
            return len(block) + 33  # and the bytes object's own header
        return len(block) * self.COMMAND_OBJECT_BYTES

    def held_bytes(self) -> int:
        """About how many bytes the log holds: its packed blocks exactly, the commands it
        keeps as objects by :attr:`COMMAND_OBJECT_BYTES` each."""
        live = len(self._live) * self.COMMAND_OBJECT_BYTES
        return self._packed_bytes + live

    def _block(self, number: int) -> list[Command]:
        cached_at, cached = self._cache
        if number == cached_at:
            return cached
        found = self._blocks[number]
        if isinstance(found, list):
            return found
        primer = _PRIMERS[self._kind]
        rows = _decode(zlib.decompressobj(zdict=primer).decompress(found))
        commands = [_command(row) for row in rows]
        self._cache = (number, commands)
        return commands

    def _unpack_last(self) -> None:
        number = len(self._blocks) - 1
        block = self._block(number)
        self._live[:0] = block
        self._packed_bytes -= self._block_bytes(self._blocks.pop())
        self._packed_len -= len(block)
        if self._cache[0] == number:
            self._cache = (-1, [])

    # ------------------------------------------------------------------ the list API
    def __len__(self) -> int:
        return self.size

    @overload
    def __getitem__(self, index: int) -> Command: ...

    @overload
    def __getitem__(self, index: slice) -> list[Command]: ...

    def __getitem__(self, index: int | slice) -> Command | list[Command]:
        if isinstance(index, slice):
            start, stop, step = index.indices(len(self))
            if step == 1:
                return list(self.span(start, stop))
            return [self[i] for i in range(start, stop, step)]
        size = len(self)
        if index < 0:
            index += size
        if not 0 <= index < size:
            raise IndexError("log index out of range")
        if index >= self._packed_len:
            return self._live[index - self._packed_len]
        return self._block(index // self.BLOCK)[index % self.BLOCK]

    def __iter__(self) -> Iterator[Command]:
        for number in range(len(self._blocks)):
            yield from self._block(number)
        yield from self._live

    def span(self, start: int, stop: int) -> Iterator[Command]:
        """The commands ``start`` to ``stop - 1``, decoding only the blocks they are in."""
        stop = min(stop, len(self))
        index = max(start, 0)
        while index < min(stop, self._packed_len):
            number, offset = divmod(index, self.BLOCK)
            block = self._block(number)
            end = min(len(block), offset + stop - index)
            yield from block[offset:end]
            index += end - offset
        if index < stop:
            yield from self._live[index - self._packed_len : stop - self._packed_len]

    def append(self, command: Command) -> None:
        self.push(command)

    def push(self, command: Command) -> int:
        """Append ``command`` and return the log's new length (``Game`` needs both for every
        command it plays: one call instead of two)."""
        live = self._live
        live.append(command)
        size = self.size = self.size + 1
        if len(live) >= self._pack_at:
            self._pack()
        return size

    def pop(self, index: int = -1) -> Command:
        if index not in (-1, len(self) - 1):
            commands = list(self)
            command = commands.pop(index)
            self._reset(commands)
            return command
        if not self._live:
            if not self._blocks:
                raise IndexError("pop from an empty log")
            self._unpack_last()
        command = self._live.pop()
        self.size -= 1
        return command

    def _reset(self, commands: list[Command]) -> None:
        self._blocks, self._live = [], []
        self._packed_len = self._packed_bytes = self.size = 0
        self._cache = (-1, [])
        for command in commands:
            self.append(command)

    # Rare edits (the store putting the commands it read in place of its stand-ins): the
    # log is rebuilt whole.
    @overload
    def __setitem__(self, index: int, value: Command) -> None: ...

    @overload
    def __setitem__(self, index: slice, value: Iterable[Command]) -> None: ...

    def __setitem__(self, index: int | slice, value: Any) -> None:
        commands = list(self)
        commands[index] = value
        self._reset(commands)

    def __delitem__(self, index: int | slice) -> None:
        commands = list(self)
        del commands[index]
        self._reset(commands)

    def insert(self, index: int, value: Command) -> None:
        commands = list(self)
        commands.insert(index, value)
        self._reset(commands)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, CommandLog | list):
            return list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        packed = sum(isinstance(b, bytes) for b in self._blocks)
        return f"CommandLog({len(self)} commands, {packed} packed blocks)"
