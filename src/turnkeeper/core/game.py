"""A game: a ruleset, a seed and an event log. The state is the fold of the log.

Every command (the set-up, then each action played) is one entry of the log holding the
action and the events it produced; every dice result is inside an event, so replaying the
log needs no generator and gives the same state, bit for bit.
"""

from __future__ import annotations

import copy
import dataclasses
import enum
import hashlib
import json
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from turnkeeper.core.model import (
    Action,
    BadActionError,
    Event,
    IllegalActionError,
    Outcome,
    Refusal,
)
from turnkeeper.core.ruleset import Ruleset
from turnkeeper.dice.source import DiceSource, SeededDice

S = TypeVar("S")

SAVE_FORMAT = "turnkeeper-game/1"
#: The save's ``dice`` field when some roll came from forced dice (tests, scenario files):
#: such a save can only be loaded trusting its events.
FORCED_DICE = "forced"


class GameFileError(ValueError):
    """A saved game that cannot be read: the message says what is wrong and where."""


@dataclass
class Command:
    """One entry of the log: the action (``None`` for the set-up) and the events it produced."""

    action: Action | None
    events: list[Event] = field(default_factory=list)

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


def jsonable(value: Any) -> Any:
    """Turn a state (dataclasses, dicts, lists, sets, enums) into canonical JSON-able data."""
    if value is None or isinstance(value, str | int | float | bool):
        return value
    if isinstance(value, enum.Enum):
        return jsonable(value.value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, Mapping):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, set | frozenset):
        items = [jsonable(v) for v in value]
        return sorted(items, key=lambda v: json.dumps(v, sort_keys=True, default=str))
    if isinstance(value, list | tuple):
        return [jsonable(v) for v in value]
    to_dict = getattr(value, "to_dict", None)
    if callable(to_dict):
        return jsonable(to_dict())
    return repr(value)


def state_hash(state: Any) -> str:
    """A SHA-256 of the canonical JSON of ``state``: equal states, equal hashes."""
    text = json.dumps(jsonable(state), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


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

    SNAPSHOT_EVERY = 64

    def __init__(
        self,
        ruleset: Ruleset[S],
        config: Mapping[str, Any],
        *,
        seed: int | str = 0,
        dice: DiceSource | None = None,
        setup_dice: DiceSource | None = None,
        snapshots: bool = True,
    ) -> None:
        self.ruleset = ruleset
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
        self.log: list[Command] = []
        self._snapshots: dict[int, S] = {}
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
        return SeededDice(f"{self.seed}/{index}")

    # ------------------------------------------------------------------ queries
    def legal_actions(self, actor: str | None = None) -> LegalActions[S]:
        return LegalActions(self, actor)

    def validate(self, action: Action) -> None:
        """Raise :class:`BadActionError` unless ``action`` fits the ruleset's declared models.

        A ruleset with an ``actions`` table (:class:`~turnkeeper.core.schema.ActionCatalogue`)
        has every action from outside checked against it here, before its own ``check`` sees
        it: an unknown kind or field, a wrong type or a value out of range is named with a
        did-you-mean.
        """
        catalogue = getattr(self.ruleset, "actions", None)
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

    def whose_turn(self) -> str | None:
        return self.ruleset.whose_turn(self.state)

    def outcome(self) -> Outcome | None:
        return self.ruleset.outcome(self.state)

    def is_over(self) -> bool:
        return self.outcome() is not None

    def view(self, seat: str | None = None) -> dict[str, Any]:
        return self.ruleset.view(self.state, seat)

    def state_hash(self) -> str:
        return state_hash(self.state)

    @property
    def events(self) -> list[Event]:
        return [e for c in self.log for e in c.events]

    # ------------------------------------------------------------------ changes
    def play(self, action: Action, *, dice: DiceSource | None = None) -> list[Event]:
        """Check, resolve and record ``action``; return its events.

        Raises :class:`IllegalActionError` (with the refusal) or :class:`BadActionError`;
        in both cases nothing changes.
        """
        refusal = self.check(action)
        if refusal is not None:
            raise IllegalActionError(refusal)
        source = dice if dice is not None else self._dice_for(len(self.log))
        events = list(self.ruleset.resolve(self.state, action, source))
        self._commit(Command(action=action, events=events))
        if dice is not None:
            self.dice_forced = True
        return events

    def _commit(self, command: Command) -> None:
        try:
            for event in command.events:
                self.ruleset.apply(self.state, event)
        except Exception:
            # A half-applied command must never leave the game in a state no log explains.
            self.state = self._fold(len(self.log))
            raise
        self.log.append(command)
        if self._use_snapshots and len(self.log) % self.SNAPSHOT_EVERY == 0:
            self._snapshots[len(self.log)] = copy.deepcopy(self.state)

    def undo(self) -> Command:
        """Take back the last action (never the set-up) and return it."""
        if len(self.log) <= 1:
            raise ValueError("nothing to undo: only the set-up is in the log")
        command = self.log.pop()
        for index in [i for i in self._snapshots if i > len(self.log)]:
            del self._snapshots[index]
        self.state = self._fold(len(self.log))
        return command

    def _fold(self, upto: int) -> S:
        """The state after the first ``upto`` commands, from the nearest snapshot."""
        start = max((i for i in self._snapshots if i <= upto), default=0)
        state = copy.deepcopy(self._snapshots[start]) if start else self.ruleset.initial_state()
        for command in self.log[start:upto]:
            for event in command.events:
                self.ruleset.apply(state, event)
        return state

    # ------------------------------------------------------------------ files
    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "format": SAVE_FORMAT,
            "ruleset": self.ruleset.name,
            "config": self.config,
            "seed": self.seed,
            "log": [c.to_dict() for c in self.log],
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
        game: Game[S] = cls.__new__(cls)
        game.ruleset = ruleset
        game.config = dict(config)
        game.seed = seed
        game.dice_override = None
        game.dice_forced = False
        game._use_snapshots = True
        game.log = []
        game._snapshots = {}
        game.state = ruleset.initial_state()
        for command in log:
            game._commit(command)
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
        _same_events(0, "the set-up", commands[0].events, game.log[0].events)
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
            _same_events(index, what, command.events, events)
        return game


def _canonical(events: Iterable[Event]) -> list[Any]:
    # Through JSON, as a save holds them (tuples become lists, keys text).
    return list(json.loads(json.dumps([jsonable(e.to_dict()) for e in events], sort_keys=True)))


def _short(value: Any, limit: int = 160) -> str:
    text = json.dumps(value, ensure_ascii=False, sort_keys=True)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _same_events(index: int, what: str, recorded: list[Event], derived: list[Event]) -> None:
    """Raise :class:`GameFileError` at the first event where the save and the rules differ."""
    saved, played = _canonical(recorded), _canonical(derived)
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
