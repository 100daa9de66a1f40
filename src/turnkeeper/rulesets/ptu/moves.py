"""Moves as the ruleset reads them: plain mappings made from the one move schema.

What a move may be is stated once, in the fight package (``fight/moves.py``: the
:class:`~turnkeeper.rulesets.ptu.fight.moves.MoveEntry` schema, ``check_move`` and the moves
file reader ``load_moves``); its fields are described in docs/rulesets/ptu.md. This module
turns a checked :class:`~turnkeeper.rulesets.ptu.fight.moves.Move` into the mapping the
ruleset's hot paths index (``move["range"]``), and refuses, by name, what the ruleset cannot
play yet: an area range (Burst, Cone, Line: the moves chapter's range keywords), which it
would otherwise have no way to resolve. ``moves.json`` next to this file is the one source of
the shipped moves.
"""

from __future__ import annotations

from functools import cache, lru_cache
from pathlib import Path
from typing import Any

import msgspec

from turnkeeper.rulesets.ptu.fight import moves as move_schema
from turnkeeper.rulesets.ptu.fight.moves import (
    FREQUENCY_PATTERN,
    Move,
    MoveEntry,
    MoveError,
    check_entries,
    load_moves,
    parse_entry,
    uses_allowed,
)

#: The ranges the ruleset plays: melee, self, or a distance in metres.
PLAYED_RANGES = "'melee', 'self' or metres"


@lru_cache(maxsize=4096)  # bounded: names in actions come from outside
def key_of(name: str) -> str:
    """Moves are looked up without regard to case or surrounding blanks (cached: hot path)."""
    return name.strip().casefold()


@cache
def uses_per_scene(frequency: str) -> int | None:
    """How many times a move may be used in one encounter (``None``: no such limit): the
    count of a Scene or Daily frequency (no day passes within one encounter), as the fight
    package reads it (``fight.moves.uses_allowed``, p. 337); a frequency the move schema
    refuses has none."""
    if FREQUENCY_PATTERN.match(frequency) is None:
        return None
    return uses_allowed(frequency)[1]


def entry_of(move: Move, where: str) -> dict[str, Any]:
    """The ruleset's mapping of a checked move, or :class:`MoveError` if the ruleset cannot
    play it (an area range)."""
    if isinstance(move.range, str) and move.range not in ("melee", "self"):
        raise MoveError(
            f"{where} ({move.name}).range: the ptu ruleset plays {PLAYED_RANGES}; an area "
            f"range ({move.range!r}) is not played yet"
        )
    return {
        "name": move.name,
        "type": move.type,
        "frequency": move.frequency,
        "action": move.action,
        "keywords": list(move.keywords),
        "trigger": move.trigger,
        "ac": move.ac,
        "damage_base": move.damage_base,
        "range": move.range,
        "forces_switch": move.forces_switch,
        "move_class": move.move_class,
        "protects": move.protects,
        "effects": [
            {k: v for k, v in msgspec.structs.asdict(effect).items() if v is not None}
            for effect in move.effects
        ],
        "crit_from": move.crit_from,
        "stab": move.stab,
    }


def entries_of(moves: dict[str, Move], where: str) -> dict[str, dict[str, Any]]:
    """A name-keyed table of checked moves as the ruleset's mappings."""
    return {key: entry_of(move, where) for key, move in moves.items()}


def validate_move(raw: Any, where: str) -> dict[str, Any]:
    """One move entry as written, through the one schema, as the ruleset's mapping."""
    return entry_of(parse_entry(raw, where), where)


def setup_moves(entries: list[MoveEntry], where: str) -> dict[str, dict[str, Any]]:
    """A set-up's inline moves (already read as entries), checked."""
    return entries_of(check_entries(entries, where), where)


def read_moves_file(path: str, base: Path | None = None) -> dict[str, dict[str, Any]]:
    """Read a JSON or YAML file of moves (a list, or a mapping with a ``moves`` list)."""
    return entries_of(load_moves(path, base), f"moves file {path!r}")


@cache
def starter_moves() -> dict[str, dict[str, Any]]:
    """The shipped starter list (read once)."""
    return entries_of(move_schema.starter_moves(), "moves.json")
