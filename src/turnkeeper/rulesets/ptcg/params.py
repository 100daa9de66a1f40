"""The field types the parameter models of every ptcg action family share.

Each family's module declares its own models (``attack.AttackParams``, ``retreat.RetreatParams``,
...) from these; ``actions.ACTIONS`` is the one table of kinds that names them. Card names are
open values (any card id or name of the game's card pool); places are ``active`` and
``bench1``..``bench5``.

The models' field annotations are quoted names of module-level types (``card: "CardRef"``,
``target: "OwnPlace"``), never written out in place: the family modules are compiled with
mypyc (turnkeeper/compiled.py), which keeps a class's annotation only where it is one class
or a quoted name and puts ``type`` for the rest (``Place | None``, ``Annotated[...]``), which
msgspec would then enforce. A quoted name comes through as text, which msgspec looks up in
the module, so the compiled and the pure models are the same (tests/ptcg/test_compiled.py
compares their JSON Schema). For the same reason a model's description is given to
:func:`described`, not written as its docstring: mypyc puts a filler text in place of the
docstring of a class it does not compile natively, such as a msgspec Struct.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Literal, TypeVar

from turnkeeper.core.schema import Params, meta

Seat = Literal["p1", "p2"]
Place = Literal["active", "bench1", "bench2", "bench3", "bench4", "bench5"]
CardRef = Annotated[
    str,
    meta(
        "a card by id or name (the first matching card is used)",
        min_length=1,
        open_value=True,
        examples=["Mudkip", "ex1-60"],
    ),
]


ModelT = TypeVar("ModelT", bound=type)


def described(text: str) -> Callable[[ModelT], ModelT]:
    """A class decorator that gives a parameter model its description (its ``__doc__``,
    which the JSON Schema and ``turnkeeper schema`` show)."""

    def describe(model: ModelT) -> ModelT:
        model.__doc__ = text
        return model

    return describe


# Where one of the acting player's own Pokémon is (``attach``, ``evolve``).
OwnPlace = Annotated[Place, meta("one of the acting player's own places")]


class NoParams(Params):
    """A kind without parameters (``ready``, ``end_turn``, ``draw``)."""
