"""The fight's tables, read once from the JSON files next to this module.

Data stays apart from the engine (``data/*.json``): the 18-type chart with its step
multipliers, the Damage Base chart, the status afflictions and the starter moves. Each file
names its source page in a ``source`` key.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from importlib import resources
from typing import Any, Literal

import msgspec

from turnkeeper.core.schema import did_you_mean, parse_model


class UnknownNameError(ValueError):
    """A type, affliction or move name the tables do not hold (with a did-you-mean)."""


def read_json(name: str) -> Any:
    """One of the bundled data files, parsed."""
    text = (
        resources.files("turnkeeper.rulesets.ptu.fight")
        .joinpath("data", name)
        .read_text(encoding="utf-8")
    )
    return json.loads(text)


@dataclass(frozen=True, slots=True)
class TypeRow:
    """One attacking type's row of the chart."""

    super_effective: frozenset[str]
    resisted_by: frozenset[str]
    no_effect: frozenset[str]


@dataclass(frozen=True, slots=True)
class TypeChart:
    """The type chart (PTU 1.05 Core p. 236-238): rows by attacking type, step multipliers."""

    rows: dict[str, TypeRow]
    step_multipliers: dict[int, Fraction]

    def row(self, attacking_type: str, where: str = "type") -> TypeRow:
        found = self.rows.get(attacking_type)
        if found is None:
            raise UnknownNameError(
                f"{where}: unknown type {attacking_type!r}"
                f"{did_you_mean(attacking_type, self.rows)} (known: {', '.join(self.rows)})"
            )
        return found

    def check_type(self, name: str, where: str = "type") -> str:
        self.row(name, where)
        return name


class _TypeRowData(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    super_effective: frozenset[str]
    resisted_by: frozenset[str]
    no_effect: frozenset[str]


class TypesFile(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """Schema of ``data/types.json``."""

    source: str
    step_multipliers: dict[Literal["-3", "-2", "-1", "0", "1", "2", "3"], str]
    types: dict[str, _TypeRowData]


@cache
def type_chart() -> TypeChart:
    raw = parse_model(TypesFile, read_json("types.json"), "types.json")
    rows = {
        name: TypeRow(row.super_effective, row.resisted_by, row.no_effect)
        for name, row in raw.types.items()
    }
    for name, row in rows.items():
        unknown = (row.super_effective | row.resisted_by | row.no_effect) - set(rows)
        if unknown:
            raise ValueError(f"types.json: types.{name}: unknown types {sorted(unknown)}")
    multipliers = {int(step): Fraction(value) for step, value in raw.step_multipliers.items()}
    return TypeChart(rows, multipliers)


@dataclass(frozen=True, slots=True)
class DamageBaseRow:
    """One row of the Damage Base chart: the roll and its set values (min / average / max)."""

    damage_base: int
    dice: int
    sides: int
    flat: int
    set_min: int
    set_average: int
    set_max: int

    @property
    def expression(self) -> str:
        """The roll in dice notation, e.g. ``2d6+8``."""
        return f"{self.dice}d{self.sides}+{self.flat}"


class _DamageBaseData(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    dice: int
    sides: int
    flat: int
    set: tuple[int, int, int]


class DamageBaseFile(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """Schema of ``data/damage_base.json``."""

    source: str
    chart: dict[str, _DamageBaseData]


@cache
def damage_base_chart() -> dict[int, DamageBaseRow]:
    raw = parse_model(DamageBaseFile, read_json("damage_base.json"), "damage_base.json")
    chart = {}
    for key, row in raw.chart.items():
        if not key.isdigit():
            raise ValueError(f"damage_base.json: chart.{key}: a Damage Base is a number")
        low, mid, high = row.set
        chart[int(key)] = DamageBaseRow(int(key), row.dice, row.sides, row.flat, low, mid, high)
    return chart


MIN_DAMAGE_BASE = 1
MAX_DAMAGE_BASE = 28
