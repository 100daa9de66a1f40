"""The contract every rule system implements.

The kernel calls these and nothing else; a ruleset is the only place that knows its game.
State is a plain mutable object (usually a dataclass) owned by the
:class:`~turnkeeper.core.game.Game`; only :meth:`Ruleset.apply` changes it, one event at
a time.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Protocol, TypeVar, runtime_checkable

from turnkeeper.core.model import Action, Event, Outcome, Refusal, RuleCatalogue
from turnkeeper.dice.source import DiceSource

S = TypeVar("S")
S_contra = TypeVar("S_contra", contravariant=True)


class SetupError(ValueError):
    """The configuration given to ``setup`` is wrong; the message says which field and why."""


@runtime_checkable
class Ruleset(Protocol[S]):
    """A rule system: pure functions over its own state type ``S``.

    Optional extras, looked up with ``getattr`` by the front ends and not members of this
    protocol: ``status_lines(state)``, ``tracker(state)``, ``odds(state, action)`` (typed
    as :class:`OddsRuleset`; ``Game.odds`` asks it), the
    class attribute ``hidden_information`` (``True`` unless set ``False``),
    ``visible_command`` (see :class:`CommandFilter`), ``visible_offer`` (see
    :class:`OfferFilter`) and ``describe_event(state, event) ->
    str`` (see :class:`EventDescriber`), and ``event_fields_added`` (event type -> the
    fields a later version started recording: a checked load accepts a saved event lacking
    them and keeps the re-derived event, so an older save still loads with nothing lost).

    Declared models (every shipped ruleset has both; small test rulesets may omit them):
    ``actions``, an :class:`~turnkeeper.core.schema.ActionCatalogue` with one row per action
    kind (the kernel validates every action from outside against it), and ``setup_model``,
    the ``msgspec.Struct`` type of the set-up configuration (``turnkeeper schema`` and the
    server publish both as JSON Schema).
    """

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


#: What a seat may see of one command: the action as a dict (``Action.to_dict()`` shape,
#: ``None`` for the set-up) and the event dicts (``Event.to_dict()`` shape).
VisibleCommand = tuple[dict[str, Any] | None, list[dict[str, Any]]]


@runtime_checkable
class OddsRuleset(Protocol[S_contra]):
    """The optional ``odds`` hook: exact chances of an action before it is rolled.

    e133, ptu and pte have it, ptcg does not (a coin's odds are in its offers' text).
    ``get_ruleset`` returns a plain :class:`Ruleset`; ``isinstance(ruleset, OddsRuleset)``
    tells whether it has the hook and narrows the type, so that asking needs no import of a
    ruleset's own module (or ask :meth:`Game.odds <turnkeeper.core.game.Game.odds>`, which
    answers ``None`` for a ruleset without it).
    """

    def odds(self, state: S_contra, action: Action) -> Mapping[str, Any] | None:
        """The action's odds as exact fractions written as strings (``"7/12"``), keyed by
        what they are the odds of; ``None`` for an action that rolls nothing."""
        ...


@runtime_checkable
class EventDescriber(Protocol[S_contra]):
    """The optional ``describe_event`` hook: one event as a sentence for the log.

    The server adds the sentence as ``text`` to each event it sends out (``/play`` answers,
    ``/log``, WebSocket pushes; after ``visible_command`` has filtered them, so describe
    only what the event itself holds), and the web page shows it instead of its compact
    line, with the dice and the data folded beside it. Return ``""`` for an event not worth
    a sentence; an exception is logged and the event goes out without one.
    """

    def describe_event(self, state: S_contra, event: Event) -> str:
        """E.g. "Aria attacks Brute: 12 + 4 = 16 vs AC 13, hit, 7 slashing". ``state`` is
        the game's current state (names of combatants), not the state at the event."""
        ...


@runtime_checkable
class CommandFilter(Protocol[S_contra]):
    """The optional ``visible_command`` hook of a ruleset with hidden information.

    The server calls it for every command it sends to anyone but the game master (``/play``
    answers, ``/log``, WebSocket pushes) when ``hidden_information`` is not ``False``.
    Without it such a ruleset's seats get no events at all and the action's ``params`` only
    for actors they control (docs/server.md).
    """

    def visible_command(
        self, state: S_contra, action: Action | None, events: Sequence[Event], seat: str
    ) -> VisibleCommand:
        """What ``seat`` may see of one command (``action`` is ``None`` for the set-up).

        ``state`` is the game's current state (at or after the command: the server does
        not fold the log back to it), good for asking who controls whom, not for what the
        command did. ``seat`` is a seat's name, or one no player holds for spectators. The
        answer must hide exactly what :meth:`Ruleset.view` hides from ``seat``; return
        new dicts and leave ``action`` and ``events`` unchanged.
        """
        ...


@runtime_checkable
class OfferFilter(Protocol[S_contra]):
    """The optional ``visible_offer`` hook of a ruleset with hidden information.

    The server calls it for every legal action it sends to a seat (``/legal``) when
    ``hidden_information`` is not ``False``: an offer's ``odds`` may be worked out from
    numbers that seat's view hides (e.g. a foe's HP left behind P(this attack faints it)).
    Without the hook offers go out as listed.
    """

    def visible_offer(self, state: S_contra, action: Action, seat: str) -> Action:
        """The offer as ``seat`` may see it: ``action`` itself, or a copy without what the
        seat may not learn. Never changes ``action``."""
        ...
