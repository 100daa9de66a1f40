"""An encounter's fixed action space: every offer the engine can make, on a stable index.

The space is built once per environment from the encounter's set-up and the ruleset's
declared action catalogue, so an index means the same action in every episode of that
encounter: ``1 + actor slot * per_actor + kind offset + key offset``, where the key offset
is the mixed-radix number of the kind's key parameters (:mod:`.spec`). Index 0 is ``WAIT``
(pass: the only action of a seat with nothing to decide, and a reaction declined).

Two offers with the same key at the same moment would share an index; the environment keeps
the engine's first and counts the other (``info["unindexed"]``): the tests play seeded
games of every bundled encounter and require that count to stay 0.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import msgspec

from turnkeeper.core.model import Action
from turnkeeper.core.schema import ActionCatalogue
from turnkeeper.env.encounter.spec import DELTA_RADIUS, DISTANCE_STEPS, EncounterSpec, Role

WAIT = 0


def catalogue_of(ruleset: Any) -> ActionCatalogue:
    """The ruleset's declared action table (every encounter ruleset has one)."""
    catalogue = getattr(ruleset, "actions", None)
    if not isinstance(catalogue, ActionCatalogue):
        raise TypeError(f"ruleset {getattr(ruleset, 'name', ruleset)!r} declares no action table")
    return catalogue


def literal_values(annotation: Any) -> tuple[Any, ...]:
    """The values of the ``Literal`` inside a field's type (through Annotated, Optional,
    unions and lists), or () when it has none."""
    origin = typing.get_origin(annotation)
    if origin is typing.Literal:
        return tuple(typing.get_args(annotation))
    if origin is typing.Annotated:
        return literal_values(typing.get_args(annotation)[0])
    if origin in (typing.Union, types.UnionType, list, tuple):
        for arg in typing.get_args(annotation):
            found = literal_values(arg)
            if found:
                return found
    return ()


def strings_in(data: Any) -> Iterable[str]:
    """Every string in a set-up document (keys and values, recursively)."""
    if isinstance(data, str):
        yield data
    elif isinstance(data, Mapping):
        for key, value in data.items():
            if isinstance(key, str):
                yield key
            yield from strings_in(value)
    elif isinstance(data, (list, tuple)):
        for item in data:
            yield from strings_in(item)


@dataclass(frozen=True)
class KeyPart:
    param: str
    role: Role
    size: int
    values: tuple[Any, ...] = ()  # the enum's values


@dataclass(frozen=True)
class KindBlock:
    kind: str
    offset: int  # inside one actor's block
    parts: tuple[KeyPart, ...]

    @property
    def size(self) -> int:
        size = 1
        for part in self.parts:
            size *= part.size
        return size


class ActionCodec:
    """Offers <-> indices for one encounter (see the module docstring)."""

    def __init__(
        self,
        spec: EncounterSpec,
        catalogue: ActionCatalogue,
        roster: Sequence[str],
        setup: Any,
    ) -> None:
        self.spec = spec
        self.roster = tuple(roster)
        self.slot = {actor: i for i, actor in enumerate(self.roster)}
        ids = set(self.roster)
        self.vocabulary = tuple(
            sorted({s for s in (*strings_in(setup), *spec.phrases) if s and s not in ids})
        )
        self.name_slot = {name: i + 1 for i, name in enumerate(self.vocabulary)}
        blocks: list[KindBlock] = []
        offset = 0
        for kind in catalogue:
            row = catalogue[kind]
            if row.gm_only:
                continue  # the game master's commands are not a seat's actions
            fields = {f.encode_name: f for f in msgspec.structs.fields(row.params)}
            parts = []
            for param, role in spec.keys.get(kind, ()):
                if param not in fields:
                    raise ValueError(f"{spec.env_name}: {kind} has no parameter {param!r}")
                values = literal_values(fields[param].type) if role == "enum" else ()
                if role == "enum" and not values:
                    raise ValueError(f"{spec.env_name}: {kind}.{param} declares no Literal")
                parts.append(KeyPart(param, role, self._size(role, len(values)), values))
            block = KindBlock(kind, offset, tuple(parts))
            blocks.append(block)
            offset += block.size
        self.blocks = {b.kind: b for b in blocks}
        self.per_actor = offset
        self.size = 1 + len(self.roster) * self.per_actor

    def _size(self, role: Role, enum_count: int) -> int:
        sizes: dict[str, int] = {
            "combatant": 1 + len(self.roster),
            "enum": 1 + enum_count,
            "name": 1 + len(self.vocabulary),
            "distance": DISTANCE_STEPS,
            "delta": (2 * DELTA_RADIUS + 1) ** 2,
            "bool": 2,
            "nonempty": 2,
        }
        return sizes[role]

    def _value_slot(self, part: KeyPart, value: Any, origin: tuple[int, int] | None) -> int:
        role = part.role
        if value is None:
            return 0
        if role == "combatant":
            return 1 + self.slot[value] if value in self.slot else 0
        if role == "enum":
            return 1 + part.values.index(value) if value in part.values else 0
        if role == "name":
            if isinstance(value, list) and len(value) == 1:
                value = value[0]  # a list naming one thing is keyed as that name
            return self.name_slot.get(str(value), 0)
        if role == "distance":
            return min(max(int(value), 0) // 5, DISTANCE_STEPS - 1)
        if role == "delta":
            ox, oy = origin if origin is not None else (0, 0)
            side = 2 * DELTA_RADIUS + 1
            dx = min(max(int(value[0]) - ox, -DELTA_RADIUS), DELTA_RADIUS) + DELTA_RADIUS
            dy = min(max(int(value[1]) - oy, -DELTA_RADIUS), DELTA_RADIUS) + DELTA_RADIUS
            return dx * side + dy
        if role == "bool":
            return 1 if value else 0
        return 1 if value else 0  # nonempty

    def index_of(self, action: Action, state: Any) -> int | None:
        """The action's index, or None when its actor or kind has no place in the space."""
        actor = action.actor
        block = self.blocks.get(action.kind)
        if actor is None or actor not in self.slot or block is None:
            return None
        origin = None
        if any(p.role == "delta" for p in block.parts):
            origin = self.spec.position_of(state, actor)
        key = 0
        for part in block.parts:
            key = key * part.size + self._value_slot(part, action.params.get(part.param), origin)
        return 1 + self.slot[actor] * self.per_actor + block.offset + key

    def describe(self, index: int) -> str:
        """A readable name of an index (``vess attack[target=dorn, mode=melee]``)."""
        if index == WAIT:
            return "wait"
        if not 0 < index < self.size:
            return f"out of range ({index})"
        actor_slot, rest = divmod(index - 1, self.per_actor)
        block = next(b for b in self.blocks.values() if b.offset <= rest < b.offset + b.size)
        key = rest - block.offset
        shown = []
        for part in reversed(block.parts):
            key, slot = divmod(key, part.size)
            shown.append(f"{part.param}={self._show(part, slot)}")
        inside = f"[{', '.join(reversed(shown))}]" if shown else ""
        return f"{self.roster[actor_slot]} {block.kind}{inside}"

    def _show(self, part: KeyPart, slot: int) -> str:
        if slot == 0 and part.role in ("combatant", "enum", "name"):
            return "-"
        if part.role == "combatant":
            return self.roster[slot - 1]
        if part.role == "enum":
            return str(part.values[slot - 1])
        if part.role == "name":
            return self.vocabulary[slot - 1]
        if part.role == "distance":
            return f"{slot * 5}ft"
        if part.role == "delta":
            side = 2 * DELTA_RADIUS + 1
            dx, dy = divmod(slot, side)
            return f"({dx - DELTA_RADIUS:+d},{dy - DELTA_RADIUS:+d})"
        return str(bool(slot)).lower()
