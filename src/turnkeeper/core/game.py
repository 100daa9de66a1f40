"""A game: a ruleset, a seed and an event log. The state is the fold of the log.

Every command (the set-up, then each action played) is one entry of the log holding the
action and the events it produced; every dice result is inside an event, so replaying the
log needs no generator and gives the same state, bit for bit.
"""

from __future__ import annotations

import contextlib
import copy
import gc
import json
from collections.abc import Generator, Iterable, Iterator, Mapping, MutableSequence
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from turnkeeper.core.canonical import jsonable, state_hash
from turnkeeper.core.log import Command, CommandLog
from turnkeeper.core.model import (
    OFFERED_BY_RULES,
    Action,
    BadActionError,
    Event,
    IllegalActionError,
    Outcome,
    Refusal,
)
from turnkeeper.core.ruleset import OddsRuleset, Ruleset
from turnkeeper.core.snapshot import SnapshotError, dump_state, encode_state, load_state
from turnkeeper.dice.source import DiceSource, SeededDice

if TYPE_CHECKING:
    from turnkeeper.core.schema import ActionCatalogue

S = TypeVar("S")

__all__ = [
    "FORCED_DICE",
    "SAVE_FORMAT",
    "Command",
    "CommandLog",
    "Game",
    "GameFileError",
    "LegalActions",
    "collector_paused",
    "jsonable",
    "state_hash",
]

SAVE_FORMAT = "turnkeeper-game/1"
#: The save's ``dice`` field when some roll came from forced dice (tests, scenario files):
#: such a save can only be loaded trusting its events.
FORCED_DICE = "forced"


class GameFileError(ValueError):
    """A saved game that cannot be read: the message says what is wrong and where."""


@contextlib.contextmanager
def collector_paused() -> Generator[None, None, None]:
    """Pause Python's cyclic garbage collector while folding a log; restore it afterwards.

    Folding a long log makes many small objects that all stay alive (the state grows, the
    log is held), so each automatic collection finds nothing to free yet walks every object
    made so far: with the collector on, a replay's cost per event grows with the log's
    length. Paused, it is linear. Reference counting still frees everything that is not in a
    cycle. The collector is restored even when the fold fails, and left paused when the
    caller had already paused it.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


#: State classes whose copies came back exactly from msgpack, checked in full, in this
#: process: after :data:`_CHECKED_GAMES` games of a class passed, a new game of that class
#: trusts its copies without the full check (which costs about as much as playing a few
#: hundred commands; msgpack reads a state back by its class's annotations, so games of one
#: class come back alike; tests/core/test_compact_rulesets.py proves it for the four
#: rulesets).
_EXACT_STATE_CLASSES: dict[type, int] = {}
_CHECKED_GAMES = 4


class _StateBytes:
    """An in-memory state copy held as msgpack bytes (:mod:`turnkeeper.core.snapshot`):
    a tenth of the state's size as objects, and written about fifty times faster than a
    ``deepcopy``."""

    __slots__ = ("data",)

    def __init__(self, data: bytes) -> None:
        self.data = data


def _can_roll(dice: object) -> bool:
    """Whether ``dice`` is a :class:`DiceSource` (has a ``die(sides)`` method): the duck test
    ``isinstance(dice, DiceSource)`` makes, written out."""
    return callable(getattr(dice, "die", None))


def _require_dice(argument: str, dice: object) -> None:
    """Raise :class:`TypeError`, naming ``argument``, unless ``dice`` is ``None`` or rolls.

    Without it a plain list of faces got as far as the first roll and failed there with an
    ``AttributeError`` about ``die``."""
    if dice is None or _can_roll(dice):
        return
    hint = (
        f"; to force the faces write ForcedDice({list(dice)!r}) "
        "(from turnkeeper.dice.source import ForcedDice)"
        if isinstance(dice, list | tuple)
        else ""
    )
    raise TypeError(
        f"{argument} must be a DiceSource (something with a die(sides) method, such as "
        f"ForcedDice or SeededDice from turnkeeper.dice.source) or None, "
        f"not {type(dice).__name__}{hint}"
    )


def _require_seat(argument: str, seat: object) -> None:
    """Raise :class:`TypeError`, naming ``argument``, unless ``seat`` is a name or ``None``."""
    if seat is not None and not isinstance(seat, str):
        raise TypeError(
            f"{argument} must be a name (a string) or None, not {type(seat).__name__} {seat!r}"
        )


def _require_action(action: object) -> None:
    """Raise unless ``action`` is an :class:`Action` of the right shape: :class:`TypeError`
    for something that is no action at all, :class:`BadActionError` for an action whose
    ``kind``, ``actor`` or ``params`` has the wrong type (each named), so that neither gets
    as far as a ruleset and fails there with an ``AttributeError``."""
    if not isinstance(action, Action):
        if isinstance(action, Mapping):
            hint = "; build one from a dict with Action.from_dict(...)"
        elif isinstance(action, str):
            hint = "; write Action(kind, actor, params), or take one from legal_actions()"
        else:
            hint = ""
        raise TypeError(
            "action must be an Action (from turnkeeper.core import Action), "
            f"not {type(action).__name__}{hint}"
        )
    kind, actor, params = action.kind, action.actor, action.params
    if not isinstance(kind, str):
        raise BadActionError(f"an action's kind must be a string, not {type(kind).__name__}")
    if actor is not None and not isinstance(actor, str):
        raise BadActionError(
            f"{kind}: the actor must be a name (a string) or None, not {type(actor).__name__}"
        )
    if type(params) is not dict and not isinstance(params, Mapping):
        raise BadActionError(
            f"{kind}: params must be a mapping of parameter names to values, "
            f"not {type(params).__name__}"
        )


class LegalActions(Generic[S]):
    """A lazy view of the legal actions, in the manner of python-chess's ``legal_moves``."""

    def __init__(self, game: Game[S], actor: str | None) -> None:
        self._game = game
        self._actor = actor

    def __iter__(self) -> Iterator[Action]:
        return iter(self._game.ruleset.legal_actions(self._game.state, self._actor))

    def __contains__(self, action: object) -> bool:
        if not isinstance(action, Action):
            return False
        if self._actor is not None and action.actor != self._actor:
            return False
        try:
            return self._game.check(action) is None
        except BadActionError:
            return False

    def count(self) -> int:
        return sum(1 for _ in self)

    def __bool__(self) -> bool:
        return any(True for _ in self)

    def list(self) -> list[Action]:
        return list(self)


class Game(Generic[S]):
    """One game in progress: the one obvious entry object.

    >>> from turnkeeper.rulesets import get_ruleset  # doctest: +SKIP
    """

    #: A copy of the state is kept in memory every this many commands, so that an undo
    #: refolds at most this many commands (the store keeps its own snapshots).
    SNAPSHOT_EVERY = 64
    #: How many of the newest in-memory state copies are kept, besides the oldest one (which
    #: a game loaded from a stored snapshot cannot refold past): memory per game stays
    #: bounded, and an undo further back refolds from the nearest copy kept, or the start.
    SNAPSHOTS_KEPT = 4
    #: A state as Python objects takes about this many times its msgpack size (measured on
    #: e133, ptu and ptcg states): for :meth:`held_bytes`.
    STATE_OBJECT_FACTOR = 8

    def __init__(
        self,
        ruleset: Ruleset[S],
        config: Mapping[str, Any],
        *,
        seed: int | str = 0,
        dice: DiceSource | None = None,
        setup_dice: DiceSource | None = None,
        snapshots: bool = True,
        compact: bool = True,
    ) -> None:
        _require_ruleset(ruleset)
        if not isinstance(config, Mapping):
            raise TypeError(
                f"config must be a mapping (the set-up, e.g. read from a YAML file), "
                f"not {type(config).__name__}"
            )
        if isinstance(seed, bool) or not isinstance(seed, int | str):
            raise TypeError(f"seed must be an integer or a string, not {type(seed).__name__}")
        _require_dice("dice", dice)
        _require_dice("setup_dice", setup_dice)
        self.ruleset = ruleset
        self._catalogue: ActionCatalogue | None = getattr(ruleset, "actions", None)
        self.config: dict[str, Any] = dict(config)
        self.seed = seed
        # When set, every command rolls from this source instead of the seeded one
        # (tests and scenario files force dice this way).
        self.dice_override: DiceSource | None = dice
        # Whether any roll of this game came from forced dice rather than the seed: such a
        # game's events cannot be re-derived from its commands and seed, and its save says
        # so (see :meth:`from_dict`).
        self.dice_forced = dice is not None or setup_dice is not None
        self._use_snapshots = snapshots
        # ``compact``: hold the log packed (see CommandLog); a game thrown away when it ends
        # (a simulation's) may skip the packing
        self._log = CommandLog(kind=ruleset.name, compact=compact)
        # in-memory state copies by the number of commands folded into them: _StateBytes,
        # or the state object itself where msgpack would not give it back exactly
        self._snapshots: dict[int, Any] = {}
        # whether this game's states come back exactly from msgpack: checked on its first copy
        self._exact_copies: bool | None = None
        self._state_bytes = 0
        self.state: S = ruleset.initial_state()
        # ``setup_dice`` forces only the set-up's rolls (initiative, shuffles, coin flips).
        first = setup_dice if setup_dice is not None else self._dice_for(0)
        setup_events = ruleset.setup(self.config, first)
        self._commit(Command(action=None, events=list(setup_events)))

    # ------------------------------------------------------------------ dice
    def _dice_for(self, index: int) -> DiceSource:
        if self.dice_override is not None:
            return self.dice_override
        # A fresh generator per command, derived from the seed and the command's place in the
        # log: a loaded game goes on exactly as the original would, and undo + replay of the
        # same action gives the same dice (no re-rolling by undoing).
        # (SeededDice.for_command: the very dice of SeededDice(f"{seed}/{index}"), the seed
        # text written only if a die is rolled, which most commands do not)
        return SeededDice.for_command(self.seed, index)

    # ------------------------------------------------------------------ queries
    def legal_actions(self, actor: str | None = None) -> LegalActions[S]:
        """The actions ``actor`` (one of :meth:`actors`) may take now, or everyone's
        (``None``). A name that is no actor now is a :class:`BadActionError` listing the
        actors (a seat that controls actors gets its actors named), a name of the wrong type
        a :class:`TypeError`: neither is answered with an empty list."""
        if actor is not None:
            _require_seat("actor", actor)
            actors = self.ruleset.actors(self.state)
            if actor not in actors:
                raise BadActionError(self._not_an_actor(actor, actors))
        return LegalActions(self, actor)

    def actors(self) -> list[str]:
        """Every participant that may appear as an action's actor now."""
        return self.ruleset.actors(self.state)

    def _not_an_actor(self, name: str, actors: list[str]) -> str:
        controlled = [a for a in actors if self.ruleset.controller(self.state, a) == name]
        if controlled:
            return (
                f"{name!r} is a seat, not an actor: legal actions are listed per actor; "
                f"{name!r} controls {', '.join(controlled)}"
            )
        return f"unknown actor {name!r} for {self.ruleset.name}; actors now: {', '.join(actors)}"

    def validate(self, action: Action) -> None:
        """Raise :class:`BadActionError` unless ``action`` fits the ruleset's declared models.

        A ruleset with an ``actions`` table (:class:`~turnkeeper.core.schema.ActionCatalogue`)
        has every action from outside checked against it here, before its own ``check`` sees
        it: an unknown kind or field, a wrong type or a value out of range is named with a
        did-you-mean. An action the rules offered themselves (built by ``legal_actions`` with
        :meth:`Action.offer`) is not parsed again: its parameters come from the ruleset, not
        from outside, and parsing them on every play cost a tenth of a ptu play.
        """
        # getattr, not ``in action.__dict__``: reading a fresh action's ``__dict__`` makes
        # CPython build the dict (it keeps an instance's fields inline until asked), which
        # cost a play about as much as the rest of this check
        if not getattr(action, OFFERED_BY_RULES, False):
            # only actions from outside: an offer is an Action the rules built
            _require_action(action)
            catalogue = self._catalogue
            if catalogue is not None:
                catalogue.validate(action)

    def check(self, action: Action) -> Refusal | None:
        """``None`` if ``action`` is allowed now, else the :class:`Refusal` that forbids it.

        Raises :class:`BadActionError` for a malformed action (see :meth:`validate`).
        """
        self.validate(action)
        return self.ruleset.check(self.state, action)

    def is_legal(self, action: Action) -> bool:
        try:
            return self.check(action) is None
        except BadActionError:
            return False

    def odds(self, action: Action) -> Mapping[str, Any] | None:
        """The exact odds of ``action`` now (fractions as strings), or ``None`` when it rolls
        nothing or the ruleset has no ``odds`` hook (:class:`OddsRuleset`; ptcg has none).
        The action is validated first, as :meth:`check` does (:class:`BadActionError`)."""
        self.validate(action)
        ruleset = self.ruleset
        if not isinstance(ruleset, OddsRuleset):
            return None
        return ruleset.odds(self.state, action)

    def whose_turn(self) -> str | None:
        return self.ruleset.whose_turn(self.state)

    def outcome(self) -> Outcome | None:
        return self.ruleset.outcome(self.state)

    def is_over(self) -> bool:
        return self.outcome() is not None

    def view(self, seat: str | None = None) -> dict[str, Any]:
        """What ``seat`` may see; ``None`` is the game master's full view. A name no player
        holds gets a spectator's view; a name of the wrong type is a :class:`TypeError`."""
        _require_seat("seat", seat)
        return self.ruleset.view(self.state, seat)

    def state_hash(self) -> str:
        return state_hash(self.state)

    @property
    def log(self) -> MutableSequence[Command]:
        """Every command so far, the set-up first: a :class:`CommandLog`, which reads as a
        list but holds all but the newest commands packed."""
        return self._log

    @log.setter
    def log(self, commands: Iterable[Command]) -> None:
        if not isinstance(commands, CommandLog):
            commands = CommandLog(commands, kind=self.ruleset.name)
        self._log = commands

    @property
    def events(self) -> list[Event]:
        return [e for c in self._log for e in c.events]

    # ------------------------------------------------------------------ changes
    def play(self, action: Action, *, dice: DiceSource | None = None) -> list[Event]:
        """Check, resolve and record ``action``; return its events.

        Raises :class:`IllegalActionError` (with the refusal) or :class:`BadActionError`;
        in both cases nothing changes. ``dice`` forces this command's rolls: a
        :class:`DiceSource` such as ``ForcedDice([6, 2])``; anything else is a
        :class:`TypeError` naming it, raised before anything changes.
        """
        if dice is not None and not _can_roll(dice):
            _require_dice("dice", dice)
        refusal = self.check(action)
        if refusal is not None:
            raise IllegalActionError(refusal)
        source = dice if dice is not None else self._dice_for(self._log.size)
        events = list(self.ruleset.resolve(self.state, action, source))
        self._commit(Command(action, events))
        if dice is not None:
            self.dice_forced = True
        return events

    def _commit(self, command: Command, *, keep_copy: bool = True) -> None:
        apply = self.ruleset.apply
        state = self.state
        try:
            for event in command.events:
                apply(state, event)
        except Exception:
            # A half-applied command must never leave the game in a state no log explains.
            self.state = self._fold(len(self._log))
            raise
        # push: append and read the new length in one call (every play pays for this)
        standing = self._log.push(command)
        if standing % self.SNAPSHOT_EVERY == 0 and keep_copy and self._use_snapshots:
            self._snapshots[standing] = self._copy_state()
            self._prune_snapshots()
            self._state_bytes = 0  # measured again when next asked

    def _copy_state(self) -> Any:
        """A copy of the current state to keep: msgpack bytes when this game's states come
        back from them exactly (checked in full on the game's first copy, until a few games
        of its state class have passed in this process), else the object copied deeply."""
        if self._exact_copies is None:
            kind = type(self.state)
            if _EXACT_STATE_CLASSES.get(kind, 0) >= _CHECKED_GAMES:
                self._exact_copies = True
            else:
                try:
                    data = dump_state(self.ruleset, self.state)
                except (SnapshotError, RecursionError):
                    self._exact_copies = False
                else:
                    self._exact_copies = True
                    _EXACT_STATE_CLASSES[kind] = _EXACT_STATE_CLASSES.get(kind, 0) + 1
                    return _StateBytes(data)
        if self._exact_copies:
            try:
                return _StateBytes(encode_state(self.ruleset, self.state))
            except SnapshotError:
                pass
        return copy.deepcopy(self.state)

    def _restored(self, kept: Any) -> S:
        """A fresh state from a copy kept by :meth:`_copy_state` (or given by the store)."""
        if isinstance(kept, _StateBytes):
            state: S = load_state(self.ruleset, kept.data)
            return state
        restored: S = copy.deepcopy(kept)
        return restored

    def _prune_snapshots(self) -> None:
        """Drop in-memory state copies beyond the oldest and the ``SNAPSHOTS_KEPT`` newest."""
        if len(self._snapshots) <= self.SNAPSHOTS_KEPT + 1:
            return
        standings = sorted(self._snapshots)
        for standing in standings[1 : -self.SNAPSHOTS_KEPT]:
            del self._snapshots[standing]

    def held_bytes(self) -> int:
        """About how many bytes this game holds in memory: its log, its state and its state
        copies (a server bounds its cache of games by this). An estimate: the state counts as
        :attr:`STATE_OBJECT_FACTOR` times its msgpack size (measured again after each copy
        is made), a copy kept as bytes as its length, one kept as an object as the state."""
        if not self._state_bytes:
            try:
                size = len(encode_state(self.ruleset, self.state))
            except SnapshotError:
                size = len(json.dumps(jsonable(self.state)))
            self._state_bytes = size * self.STATE_OBJECT_FACTOR
        copies = sum(
            len(kept.data) + 64 if isinstance(kept, _StateBytes) else self._state_bytes
            for kept in self._snapshots.values()
        )
        return self._log.held_bytes() + self._state_bytes + copies

    def undo(self) -> Command:
        """Take back the last action (never the set-up) and return it."""
        if len(self._log) <= 1:
            raise ValueError("nothing to undo: only the set-up is in the log")
        command = self._log.pop()
        for index in [i for i in self._snapshots if i > len(self._log)]:
            del self._snapshots[index]
        self.state = self._fold(len(self._log))
        return command

    def _fold(self, upto: int) -> S:
        """The state after the first ``upto`` commands, from the nearest state copy."""
        start = max((i for i in self._snapshots if i <= upto), default=0)
        apply = self.ruleset.apply
        with collector_paused():
            if start:
                state = self._restored(self._snapshots[start])
            else:
                state = self.ruleset.initial_state()
            for command in self._log.span(start, upto):
                for event in command.events:
                    apply(state, event)
        return state

    # ------------------------------------------------------------------ files
    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "format": SAVE_FORMAT,
            "ruleset": self.ruleset.name,
            "config": self.config,
            "seed": self.seed,
            "log": [c.to_dict() for c in self._log],
            "state_hash": self.state_hash(),
        }
        if self.dice_forced:
            data["dice"] = FORCED_DICE
        return data

    def to_json(self, indent: int | None = None) -> str:
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)

    @classmethod
    def from_log(
        cls,
        ruleset: Ruleset[S],
        config: Mapping[str, Any],
        seed: int | str,
        log: Iterable[Command],
    ) -> Game[S]:
        """Rebuild a game by folding a recorded log: no dice are rolled."""
        _require_ruleset(ruleset)
        game: Game[S] = cls.__new__(cls)
        game.ruleset = ruleset
        game._catalogue = getattr(ruleset, "actions", None)
        game.config = dict(config)
        game.seed = seed
        game.dice_override = None
        game.dice_forced = False
        game._use_snapshots = True
        game._log = CommandLog(kind=ruleset.name)
        game._snapshots = {}
        game._exact_copies = None
        game._state_bytes = 0
        game.state = ruleset.initial_state()
        commands = log if isinstance(log, list | CommandLog) else list(log)
        # Only the state copies that pruning would keep are made: the first and the newest
        # few (a copy costs more than folding the commands between two of them).
        every = cls.SNAPSHOT_EVERY
        standings = list(range(every, len(commands) + 1, every))
        kept = set(standings[:1] + standings[-cls.SNAPSHOTS_KEPT :])
        with collector_paused():
            for standing, command in enumerate(commands, start=1):
                game._commit(command, keep_copy=standing in kept)
        return game

    @classmethod
    def from_dict(
        cls, data: Mapping[str, Any], ruleset: Ruleset[Any], *, trust_events: bool = False
    ) -> Game[Any]:
        """Load a saved game (:meth:`to_dict`).

        By default the save is checked, not trusted: every command is played again through
        the rules with the game's seeded dice and the events it gives must be the recorded
        ones (:meth:`rederive`); an edited save is a :class:`GameFileError` naming the first
        command that differs. ``trust_events`` folds the recorded events as they are (fast,
        for saves you made yourself).
        """
        _require_ruleset(ruleset)
        if not isinstance(data, Mapping):
            raise GameFileError("a saved game must be a JSON object")
        if data.get("format") != SAVE_FORMAT:
            raise GameFileError(f"'format' must be {SAVE_FORMAT!r}, not {data.get('format')!r}")
        if data.get("ruleset") != ruleset.name:
            raise GameFileError(f"the file is a {data.get('ruleset')!r} game, not {ruleset.name!r}")
        raw_log = data.get("log")
        if not isinstance(raw_log, list) or not raw_log:
            raise GameFileError("'log' must be a non-empty list of commands")
        commands = []
        for i, raw in enumerate(raw_log):
            if not isinstance(raw, Mapping):
                raise GameFileError(f"log[{i}]: a command must be an object")
            try:
                commands.append(Command.from_dict(raw))
            except (ValueError, TypeError, AttributeError, KeyError) as exc:
                raise GameFileError(f"log[{i}]: {exc}") from exc
        seed = data.get("seed", 0)
        if not isinstance(seed, int | str) or isinstance(seed, bool):
            raise GameFileError("'seed' must be an integer or a string")
        config = data.get("config") or {}
        if not isinstance(config, Mapping):
            raise GameFileError("'config' must be an object")
        forced = data.get("dice")
        if forced not in (None, FORCED_DICE):
            raise GameFileError(f"'dice' may only be {FORCED_DICE!r}, not {forced!r}")
        if not trust_events:
            if forced == FORCED_DICE:
                raise GameFileError(
                    "this game was played with forced dice, so its events cannot be re-derived "
                    "from its commands and seed; load it with --trust-events to fold the "
                    "recorded events unchecked"
                )
            return cls.rederive(ruleset, config, seed, commands)
        try:
            game = Game.from_log(ruleset, config, seed, commands)
        except (KeyError, ValueError, TypeError, IndexError, AttributeError) as exc:
            raise GameFileError(f"the log does not replay: {exc!r}") from exc
        game.dice_forced = forced == FORCED_DICE
        return game

    @classmethod
    def rederive(
        cls,
        ruleset: Ruleset[S],
        config: Mapping[str, Any],
        seed: int | str,
        commands: list[Command],
    ) -> Game[S]:
        """Play ``commands`` again from ``config`` and ``seed`` and check their events.

        The set-up and each action are played through the rules (check, then resolve with
        the seeded dice of their place in the log, exactly as :meth:`play` does), and each
        command's events must equal the recorded ones; the first that differs, or an action
        the rules refuse, is a :class:`GameFileError` naming its index in the log.
        """
        try:
            game = cls(ruleset, config, seed=seed)
        except (KeyError, ValueError, TypeError, IndexError, AttributeError) as exc:
            raise GameFileError(f"log[0] (the set-up): the set-up cannot be played: {exc}") from exc
        if commands[0].action is not None:
            raise GameFileError("log[0]: the first command must be the set-up (no action)")
        # Fields a newer version of the ruleset added to some event types: a save made before
        # may lack them, and still loads (its re-derived events, which carry them, are kept).
        added: Mapping[str, frozenset[str]] = getattr(ruleset, "event_fields_added", None) or {}
        _same_events(0, "the set-up", commands[0].events, game.log[0].events, added)
        with collector_paused():  # linear in the log's length (see collector_paused)
            for index, command in enumerate(commands[1:], start=1):
                if command.action is None:
                    raise GameFileError(f"log[{index}]: only the first command may be the set-up")
                what = str(command.action)
                try:
                    events = game.play(command.action)
                except IllegalActionError as exc:
                    refusal = exc.refusal
                    raise GameFileError(
                        f"log[{index}] ({what}): the rules refuse it ({refusal.rule}: "
                        f"{refusal.reason}), yet the save records it as played"
                    ) from exc
                except (KeyError, ValueError, TypeError, IndexError, AttributeError) as exc:
                    raise GameFileError(f"log[{index}] ({what}): cannot be played: {exc}") from exc
                _same_events(index, what, command.events, events, added)
        return game


def _require_ruleset(ruleset: object) -> None:
    """Raise :class:`TypeError` unless ``ruleset`` looks like a :class:`Ruleset` (has a
    name, ``setup`` and ``apply``): a ruleset's name given in its place is the usual slip."""
    if isinstance(getattr(ruleset, "name", None), str) and all(
        callable(getattr(ruleset, method, None)) for method in ("setup", "apply", "check")
    ):
        return
    hint = (
        f"; get it by name with turnkeeper.rulesets.get_ruleset({ruleset!r})"
        if isinstance(ruleset, str)
        else ""
    )
    raise TypeError(f"ruleset must be a Ruleset, not {type(ruleset).__name__}{hint}")


def _as_older(saved: Any, derived: Any, added: Mapping[str, frozenset[str]]) -> Any:
    """``derived`` without the later-added fields that the ``saved`` event does not have."""
    if not (isinstance(saved, dict) and isinstance(derived, dict)):
        return derived
    later = added.get(derived.get("type", ""))
    data, old_data = derived.get("data"), saved.get("data")
    if not later or saved.get("type") != derived.get("type") or not isinstance(data, dict):
        return derived
    if not isinstance(old_data, dict):
        return derived
    missing = {name for name in later if name in data and name not in old_data}
    if not missing:
        return derived
    return {**derived, "data": {k: v for k, v in data.items() if k not in missing}}


def _canonical(events: Iterable[Event]) -> list[Any]:
    # Through JSON, as a save holds them (tuples become lists, keys text).
    return list(json.loads(json.dumps([jsonable(e.to_dict()) for e in events], sort_keys=True)))


def _short(value: Any, limit: int = 160) -> str:
    text = json.dumps(value, ensure_ascii=False, sort_keys=True)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _same_events(
    index: int,
    what: str,
    recorded: list[Event],
    derived: list[Event],
    added: Mapping[str, frozenset[str]] | None = None,
) -> None:
    """Raise :class:`GameFileError` at the first event where the save and the rules differ.

    ``added`` names, per event type, fields a later version of the ruleset records: a saved
    event of that type that lacks some of them (and matches in everything else) is one written
    before they existed, not an edit. A field that is present must still match.
    """
    saved, played = _canonical(recorded), _canonical(derived)
    if saved == played:
        return
    if added:
        shared = min(len(saved), len(played))
        played = [
            *(_as_older(saved[n], played[n], added) for n in range(shared)),
            *played[shared:],
        ]
        if saved == played:
            return
    for n in range(max(len(saved), len(played))):
        mine = saved[n] if n < len(saved) else None
        theirs = played[n] if n < len(played) else None
        if mine != theirs:
            raise GameFileError(
                f"log[{index}] ({what}): the recorded events differ from what the rules give "
                f"at event {n}: recorded {_short(mine)}, re-derived {_short(theirs)}"
            )
