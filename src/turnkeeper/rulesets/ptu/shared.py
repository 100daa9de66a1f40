"""What every action family shares: the row of the table of kinds, the parameter field types
and the shapes of costs.

:class:`PtuKind` is one row of the table (``actions.py``): a kind's model and the functions
of its family module that hold its rules. The field types carry their one-line docs and
ranges into the JSON Schema (``turnkeeper schema ptu``). The costs are the structured
``cost_detail`` of offers: budget slots (``standard``, ``shift``, ``swift``), ``free``, a
``turn`` given up for an Interrupt (p. 228), and the once-a-round Attack of Opportunity
(p. 241).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Annotated, Any, Literal, TypeVar

import msgspec

from turnkeeper.core.model import Action, Event, Refusal
from turnkeeper.core.schema import ActionKind, Params, meta
from turnkeeper.dice.source import DiceSource
from turnkeeper.rulesets.ptu.state import Combatant, PtuState

# ---------------------------------------------------------------------------- the table's rows
#: A move's data (moves.py), as the rules read it.
Move = Mapping[str, Any]
#: A kind's own rules, after the action economy: ``None`` (allowed) or the refusal. The
#: parameters are the row's typed model; each family function names that model in its own
#: signature (tests/ptu/test_ptu_layout.py checks that the two agree).
CheckRule = Callable[[PtuState, Combatant, Any, Move | None, Action], Refusal | None]
#: A kind's own events: (state, actor, kind, params, move, dice) -> events.
Effects = Callable[[PtuState, Combatant, str, Any, Move | None, DiceSource], list[Event]]
#: The budget slots a kind spends when they depend on its parameters: (state, actor, params).
SlotRule = Callable[[PtuState, Combatant, Any], tuple[str, ...]]
Who = Literal["any", "trainer", "pokemon", "gm"]


@dataclass(frozen=True)
class PtuKind(ActionKind):
    """A row of the PTU table: who may take the kind (``who``), the budget slots it spends
    when that does not depend on the situation (``cost``; ``slots`` when it depends on the
    parameters, moves aside; ``cost_rule`` when the slots alone do not name the rule that
    sets the cost), its fixed accuracy check (``ac``), and the functions of its
    family module that hold its own rules (``check``, after the action economy of
    ``economy.py``) and its events (``effects``)."""

    who: Who = "any"
    cost: tuple[str, ...] = ()
    slots: SlotRule | None = None
    cost_rule: str = ""  # the rule naming its cost, when its slots alone do not say it
    ac: int | None = None  # the accuracy check of a rolled maneuver
    check: CheckRule | None = None
    effects: Effects | None = None


# ---------------------------------------------------------------------------- parameters
ModelT = TypeVar("ModelT", bound=type)


def undescribed(model: ModelT) -> ModelT:
    """A class decorator for a parameter model with no description of its own in a module
    compiled with mypyc (attacks.py, movement.py, items.py): mypyc gives such a class a
    filler docstring, which the JSON Schema would show; this takes it away again, as the
    pure class has none (tests/ptu/test_compiled_families.py compares both builds)."""
    model.__doc__ = None
    return model


class NoParams(Params):
    """No parameters."""


CombatantId = Annotated[str, meta("a combatant's id", min_length=1)]
Text = Annotated[str, meta("free text naming what is done", min_length=1, open_value=True)]
Position = Annotated[
    tuple[int, int], meta("[x, y] in whole metres on the 1 m grid", open_value=True)
]
ActionPoints = Annotated[
    bool | Annotated[int, msgspec.Meta(ge=0)],
    meta("spend an Action Point for +1 on the roll (true, or 1; p. 221)"),
]
TriggerId = Annotated[str, meta("the id of an open trigger (view: triggers)", min_length=1)]


# The models that kinds of several families share.
class TargetParams(Params):
    """An attack, maneuver or throw at a combatant (attacks.py, items.py)."""

    target: CombatantId
    ap: ActionPoints | None = None


class TargetOnlyParams(Params):
    """An action on a combatant that rolls nothing (attacks.py, items.py)."""

    target: CombatantId


class SwapParams(Params):
    """One Pokémon recalled, another released in its place (switching.py, gm.py)."""

    recall: Annotated[str, meta("the Pokémon returned to its ball", min_length=1)]
    release: Annotated[str, meta("the Pokémon sent out", min_length=1)]


# ---------------------------------------------------------------------------- costs
def _frozen(**slots: Any) -> MappingProxyType[str, Any]:
    return MappingProxyType(dict(slots))


COST_NONE = _frozen()
COST_STANDARD = _frozen(standard=1)
COST_SHIFT = _frozen(shift=1)
COST_SWIFT = _frozen(swift=1)
COST_FREE = _frozen(free=1)
COST_FULL = _frozen(standard=1, shift=1)
#: An Interrupt is paid with a turn (this round's or the next, p. 228).
COST_TURN = _frozen(turn=1)
#: An Attack of Opportunity is a Free action, once a round (p. 241).
COST_AOO = _frozen(free=1, attack_of_opportunity=1)
#: The slots a move's action type spends (``extended`` moves are not used in combat).
MOVE_COST = {
    "standard": COST_STANDARD, "shift": COST_SHIFT, "swift": COST_SWIFT, "free": COST_FREE,
    "full": COST_FULL, "extended": COST_NONE,
}
