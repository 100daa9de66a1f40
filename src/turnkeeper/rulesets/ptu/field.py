"""Who is where and who can act: distances on the grid, combatants on the field, moves known.

Small questions every rule area asks; none of them changes anything. Page numbers are
PTU 1.05 Core.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from turnkeeper.core.model import Action, BadActionError, Event
from turnkeeper.dice import odds
from turnkeeper.rulesets.ptu.moves import key_of, starter_moves, uses_per_scene
from turnkeeper.rulesets.ptu.state import Combatant, PtuState

RECALL_RANGE = 8  # metres, outside League Battles (p. 229)
MANIPULATE_RANGE = 6


def bad(action: Action, message: str) -> BadActionError:
    return BadActionError(f"{action.kind} by {action.actor}: {message}")


def distance(a: Combatant, b: Combatant) -> int:
    """Metres between two combatants on the 1 m grid (diagonals count as 1)."""
    return max(abs(a.position[0] - b.position[0]), abs(a.position[1] - b.position[1]))


def dist_to(pos: Sequence[int], b: Combatant) -> int:
    return max(abs(pos[0] - b.position[0]), abs(pos[1] - b.position[1]))


def present(c: Combatant) -> bool:
    return c.on_field and not c.captured


def able(c: Combatant) -> bool:
    return present(c) and not c.fainted


def has_trainer(state: PtuState, owner: str | None) -> bool:
    return owner is not None and owner in state.players


def move_of(state: PtuState, name: str) -> dict[str, Any] | None:
    key = key_of(name)
    move = state.custom_moves.get(key)
    return move if move is not None else starter_moves().get(key)


def reach_of(move: dict[str, Any]) -> int:
    """How far a move reaches, in metres (melee: adjacent)."""
    return 1 if move["range"] == "melee" else int(move["range"])


def move_used_up(state: PtuState, c: Combatant, move: dict[str, Any]) -> bool:
    """Whether the move's Frequency forbids using it now (p. 337): Scene uses, or EOT; a
    Static move is never used as an action (its effect is always on)."""
    if move["frequency"] == "Static":
        return True
    name = move["name"]
    limit = uses_per_scene(move["frequency"])
    if limit is not None and c.scene_uses.get(name, 0) >= limit:
        return True
    last = c.last_used_round.get(name)
    return move["frequency"] == "EOT" and last is not None and last >= state.clock.round - 1


def trainer_of(state: PtuState, c: Combatant) -> Combatant:
    for t in state.combatants.values():
        if t.kind == "trainer" and t.owner == c.owner:
            return t
    return c


def provokers(state: PtuState, c: Combatant, at: list[int] | None = None,
               exclude: str | None = None) -> list[str]:
    pos = c.position if at is None else at
    return [
        o.id for o in state.combatants.values()
        if o.side != c.side and able(o) and o.id != exclude and dist_to(pos, o) <= 1
    ]


def open_trigger(state: PtuState, kind: str, by: Combatant, responders: list[str],
          **data: Any) -> Event:
    return Event("trigger_opened", {"kind": kind, "by": by.id, "responders": responders,
                                    **data})


@cache
def skill_odds(dice_count: int, bonus: int, dc: int) -> str:
    """Exact chance that ``dice_count``d6 + ``bonus`` meets ``dc`` (turnkeeper.dice)."""
    chance = odds(f"{dice_count}d6+{bonus} >= {dc}").p_success
    return f"{chance.numerator}/{chance.denominator}"


@cache
def hit_odds(ac: int, bonus: int) -> str:
    """Chance of meeting ``ac`` on a d20 (+bonus); a natural 1 misses, a 20 hits (p. 236)."""
    hits = sum(1 for f in range(1, 21) if f == 20 or (f != 1 and f + bonus >= ac))
    return f"{hits}/20"


def copy_value(value: Any) -> Any:
    return list(value) if isinstance(value, list) else value
