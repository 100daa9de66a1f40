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
from typing import Any

from turnkeeper.core.schema import did_you_mean


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


@cache
def type_chart() -> TypeChart:
    raw = read_json("types.json")
    rows = {
        name: TypeRow(
            frozenset(row["super_effective"]),
            frozenset(row["resisted_by"]),
            frozenset(row["no_effect"]),
        )
        for name, row in raw["types"].items()
    }
    multipliers = {int(step): Fraction(value) for step, value in raw["step_multipliers"].items()}
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


@cache
def damage_base_chart() -> dict[int, DamageBaseRow]:
    raw = read_json("damage_base.json")
    chart = {}
    for key, row in raw["chart"].items():
        low, mid, high = row["set"]
        chart[int(key)] = DamageBaseRow(
            int(key), row["dice"], row["sides"], row["flat"], low, mid, high
        )
    return chart


MIN_DAMAGE_BASE = 1
MAX_DAMAGE_BASE = 28
