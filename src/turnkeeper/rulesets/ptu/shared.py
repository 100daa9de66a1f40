"""What every action family shares: the parameter field types and the shapes of costs.

The field types carry their one-line docs and ranges into the JSON Schema
(``turnkeeper schema ptu``). The costs are the structured ``cost_detail`` of offers: budget
slots (``standard``, ``shift``, ``swift``), ``free``, a ``turn`` given up for an Interrupt
(p. 228), and the once-a-round Attack of Opportunity (p. 241).
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Annotated, Any

import msgspec

from turnkeeper.core.schema import meta

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
