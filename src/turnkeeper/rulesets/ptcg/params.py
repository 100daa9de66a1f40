"""The field types the parameter models of every ptcg action family share.

Each family's module declares its own models (``attack.AttackParams``, ``retreat.RetreatParams``,
...) from these; ``actions.ACTIONS`` is the one table of kinds that names them. Card names are
open values (any card id or name of the game's card pool); places are ``active`` and
``bench1``..``bench5``.
"""

from __future__ import annotations

from typing import Annotated, Literal

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


class NoParams(Params):
    """A kind without parameters (``ready``, ``end_turn``, ``draw``)."""
