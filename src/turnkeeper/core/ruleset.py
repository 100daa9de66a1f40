"""The contract every rule system implements.

The kernel calls these and nothing else; a ruleset is the only place that knows its game.
State is a plain mutable object (usually a dataclass) owned by the
:class:`~turnkeeper.core.game.Game`; only :meth:`Ruleset.apply` changes it, one event at
a time.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Protocol, TypeVar, runtime_checkable

from turnkeeper.core.model import Action, Event, Outcome, Refusal, RuleCatalogue
from turnkeeper.dice.source import DiceSource

S = TypeVar("S")


class SetupError(ValueError):
    """The configuration given to ``setup`` is wrong; the message says which field and why."""


@runtime_checkable
class Ruleset(Protocol[S]):
    """A rule system: pure functions over its own state type ``S``."""

    name: str
    rules: RuleCatalogue

    def initial_state(self) -> S:
        """An empty state; the setup events fill it in."""
        ...

    def setup(self, config: Mapping[str, Any], dice: DiceSource) -> list[Event]:
        """Validate ``config`` (raise :class:`SetupError`); return the events that start a game."""
        ...

    def apply(self, state: S, event: Event) -> None:
        """Fold one event into ``state`` (in place). The only code that changes state."""
        ...

    def legal_actions(self, state: S, actor: str | None = None) -> Iterable[Action]:
        """The actions ``actor`` (or anyone, when ``None``) may take now, each with its cost."""
        ...

    def check(self, state: S, action: Action) -> Refusal | None:
        """``None`` if ``action`` is allowed now, else the rule that forbids it.

        Malformed actions (unknown kind, missing parameter) raise :class:`BadActionError`.
        """
        ...

    def resolve(self, state: S, action: Action, dice: DiceSource) -> list[Event]:
        """The events an allowed action produces, dice results inside. Must not change state."""
        ...

    def whose_turn(self, state: S) -> str | None:
        """The participant whose turn it is (or who must decide now), if any."""
        ...

    def actors(self, state: S) -> list[str]:
        """Every participant that may appear as an action's actor."""
        ...

    def controller(self, state: S, actor: str) -> str | None:
        """The seat (player) that controls ``actor``; ``None`` for the game master only."""
        ...

    def outcome(self, state: S) -> Outcome | None:
        """How the game ended, or ``None`` while it goes on."""
        ...

    def view(self, state: S, seat: str | None = None) -> dict[str, Any]:
        """What ``seat`` may see, as JSON-able data; ``None`` is the game master's full view."""
        ...
