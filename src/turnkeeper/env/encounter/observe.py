"""An encounter seat's observation: a fixed-length float32 vector built from its view alone.

Layout (docs/env.md): first the global block — ``deciding`` (this seat must act now), then
the spec's global features — then one block per combatant slot of the roster, in roster
order: ``present`` (it is in this seat's view), ``mine`` (this seat controls it), ``ally``
(on a side of this seat), ``acting`` (its turn is running), then the spec's combatant
features. A ``number`` feature is two numbers: the value (0 when hidden) and 1 if the seat
may see it — so a hidden hit point total reads "unknown", never a guess.

Only the seat's own view (``Game.view(seat)``) is read, so what the ruleset hides from that
seat cannot reach the vector.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from turnkeeper.env.encounter.spec import EncounterSpec, Feature

SLOT_FLAGS = ("present", "mine", "ally", "acting")


def observation_size(spec: EncounterSpec, slots: int) -> int:
    per_slot = len(SLOT_FLAGS) + sum(f.width for f in spec.combatant_features)
    return 1 + sum(f.width for f in spec.global_features) + slots * per_slot


def feature_names(spec: EncounterSpec, roster: Sequence[str]) -> list[str]:
    """The name of every number of the vector, in order (for docs and debugging)."""
    names = ["deciding"]
    for f in spec.global_features:
        names += [f.name, f"{f.name}?known"] if f.kind == "number" else [f.name]
    for actor in roster:
        names += [f"{actor}.{flag}" for flag in SLOT_FLAGS]
        for f in spec.combatant_features:
            base = f"{actor}.{f.name}"
            names += [base, f"{base}?known"] if f.kind == "number" else [base]
    return names


def _walk(data: Any, path: tuple[str, ...]) -> Any:
    for step in path:
        if isinstance(data, Mapping):
            data = data.get(step)
        elif isinstance(data, (list, tuple)) and step.isdigit() and int(step) < len(data):
            data = data[int(step)]  # a grid square's coordinate
        else:
            return None
    return data


def _write(out: list[float], feature: Feature, data: Any) -> None:
    value = _walk(data, feature.path)
    if feature.kind == "number":
        if isinstance(value, bool):
            value = int(value)
        if isinstance(value, (int, float)):
            out += [float(value) * feature.scale, 1.0]
        else:
            out += [0.0, 0.0]
    elif feature.kind == "flag":
        out.append(1.0 if value else 0.0)
    elif feature.kind == "member":
        out.append(1.0 if isinstance(value, (list, tuple)) and feature.value in value else 0.0)
    else:  # equals
        out.append(1.0 if value == feature.value else 0.0)


def observe(
    spec: EncounterSpec,
    view: Mapping[str, Any],
    roster: Sequence[str],
    mine: frozenset[str],
    allies: frozenset[str],
    acting: str | None,
    deciding: bool,
) -> npt.NDArray[np.float32]:
    """The vector for one seat (``mine``/``allies``: the roster ids it controls / sides with)."""
    out: list[float] = [1.0 if deciding else 0.0]
    for feature in spec.global_features:
        _write(out, feature, view)
    combatants = view.get("combatants") or {}
    for actor in roster:
        entry = combatants.get(actor)
        out += [
            1.0 if entry is not None else 0.0,
            1.0 if actor in mine else 0.0,
            1.0 if actor in allies else 0.0,
            1.0 if actor == acting else 0.0,
        ]
        for feature in spec.combatant_features:
            _write(out, feature, entry or {})
    return np.asarray(out, dtype=np.float32)
