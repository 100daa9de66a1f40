"""Moves as data: a documented msgspec schema, the starter set, users' own moves files.

A moves file (JSON or YAML) is ``{"moves": [ {...}, ... ]}``; each entry is a :class:`Move`.
Unknown fields, unknown types, affliction names or effect hooks are errors naming the file,
the entry and the field, with a did-you-mean. Frequencies follow PTU 1.05 Core p. 337,
keywords p. 339; the starter set's numbers are listed in docs/rulesets/ptu-fight.md.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from fractions import Fraction
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Annotated, Any, Literal

import msgspec
import yaml

from turnkeeper.core.schema import SchemaError, did_you_mean, meta, parse_model
from turnkeeper.rulesets.ptu.fight.afflictions import affliction_names
from turnkeeper.rulesets.ptu.fight.data import (
    MAX_DAMAGE_BASE,
    MIN_DAMAGE_BASE,
    UnknownNameError,
    type_chart,
)
from turnkeeper.rulesets.ptu.fight.stats import STAGED_STATS

Frequency = Literal[
    "At-Will", "EOT", "Scene", "Scene x2", "Scene x3", "Daily", "Daily x2", "Daily x3", "Static"
]
MoveClassName = Literal["physical", "special", "status"]
Keyword = Literal[
    "Priority",
    "Priority (Limited)",
    "Priority (Advanced)",
    "Interrupt",
    "Reaction",
    "Trigger",
    "Dash",
    "Pass",
    "Push",
    "Powder",
    "Shield",
    "Sonic",
    "Social",
    "Five Strike",
    "Double Strike",
    "Recoil",
    "Struggle",
]
#: The effect hooks a ruleset knows how to run (the ptu ruleset: ``move_effects.py``).
Hook = Literal["afflict", "stages", "push", "protect", "flinch", "recoil", "heal"]


class MoveError(ValueError):
    """A move entry or moves file that cannot be used; the message names where and why."""


class Effect(msgspec.Struct, forbid_unknown_fields=True, kw_only=True, frozen=True):
    """One effect of a move, run by the ruleset through its named hook."""

    hook: Annotated[
        Hook, meta("which effect: afflict, stages, push, protect, flinch, recoil, heal")
    ]
    on_roll: (
        Annotated[int, meta("only when the accuracy d20 shows this or more", ge=1, le=20)] | None
    ) = None
    affliction: str | None = None
    stat: str | None = None
    stages: Annotated[int, meta("combat stages gained (lost if negative)", ge=-6, le=6)] = 0
    target: Literal["target", "self"] = "target"
    metres: Annotated[int, meta("distance of a push", ge=0, le=100)] = 0
    fraction: (
        Annotated[str, meta("recoil: of the damage dealt; heal: of the max HP ('1/3')")] | None
    ) = None


class Move(msgspec.Struct, forbid_unknown_fields=True, kw_only=True, frozen=True):
    """One move: the fields a PTU move line carries (p. 337-339)."""

    name: Annotated[str, meta("the move's name", min_length=1, max_length=60)]
    type: Annotated[str, meta("one of the 18 types")]
    move_class: Annotated[MoveClassName, meta("physical, special or status")]
    frequency: Annotated[Frequency, meta("At-Will, EOT, Scene (xN), Daily (xN) or Static")]
    ac: Annotated[int, meta("accuracy check; null: cannot miss", ge=1, le=20)] | None = None
    # the bounds are the Damage Base chart's (fight/data.py, p. 237)
    damage_base: Annotated[
        int, meta("Damage Base; null for status moves", ge=MIN_DAMAGE_BASE, le=MAX_DAMAGE_BASE)
    ] | None = None
    range: Annotated[
        str, meta("'melee', 'self', 'burst N', 'cone N', 'line N' or metres as a number")
    ] = "melee"
    keywords: tuple[Keyword, ...] = ()
    crit_from: Annotated[int, meta("lowest d20 face that crits", ge=2, le=20)] = 20
    effects: tuple[Effect, ...] = ()
    stab: bool = True


_RANGE_WORDS = ("melee", "self", "burst", "cone", "line", "blast")


def _check_move(move: Move, where: str) -> Move:
    here = f"{where} ({move.name})"
    try:
        type_chart().check_type(move.type, f"{here}.type")
    except UnknownNameError as exc:
        raise MoveError(str(exc)) from None
    if move.move_class == "status" and move.damage_base is not None:
        raise MoveError(f"{here}.damage_base: a status move deals no damage")
    if move.move_class != "status" and move.damage_base is None:
        raise MoveError(f"{here}.damage_base: a {move.move_class} move needs a Damage Base")
    words = move.range.split()
    if not words or not (words[0].isdigit() or words[0].lower() in _RANGE_WORDS):
        raise MoveError(
            f"{here}.range: {move.range!r} is not a range"
            f"{did_you_mean(words[0] if words else '', _RANGE_WORDS)}"
            f" (use a number of metres or one of {', '.join(_RANGE_WORDS)})"
        )
    for index, effect in enumerate(move.effects):
        check_effect(effect, f"{here}.effects[{index}]")
    return move


def check_effect(effect: Effect, at: str) -> None:
    """What each hook needs: ``afflict`` a known affliction, ``stages`` a staged stat (or
    accuracy) and a change, ``push`` metres, ``recoil`` / ``heal`` a fraction in (0, 1]."""
    known = affliction_names()
    if effect.hook == "afflict" and effect.affliction not in known:
        raise MoveError(
            f"{at}.affliction: unknown affliction {effect.affliction!r}"
            f"{did_you_mean(effect.affliction or '', known)}"
        )
    if effect.hook == "stages":
        if effect.stat not in (*STAGED_STATS, "accuracy"):
            raise MoveError(
                f"{at}.stat: unknown stat {effect.stat!r}"
                f"{did_you_mean(effect.stat or '', (*STAGED_STATS, 'accuracy'))}"
            )
        if effect.stages == 0:
            raise MoveError(f"{at}.stages: a stages effect changes at least one stage")
    if effect.hook == "push" and effect.metres < 1:
        raise MoveError(f"{at}.metres: a push moves the target at least 1 m")
    if effect.hook in ("recoil", "heal"):
        try:
            share = Fraction(effect.fraction or "")
        except (ValueError, ZeroDivisionError):
            raise MoveError(
                f"{at}.fraction: a {effect.hook} effect needs a fraction such as '1/3', "
                f"not {effect.fraction!r}"
            ) from None
        if not 0 < share <= 1:
            raise MoveError(f"{at}.fraction: {effect.fraction!r} is not in (0, 1]")


class MovesFile(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    source: str = ""
    moves: list[Move]


def parse_moves(data: Any, where: str) -> dict[str, Move]:
    """Moves from parsed data, by lower-cased name, or :class:`MoveError` naming the place."""
    try:
        parsed = parse_model(MovesFile, data, "")
    except SchemaError as exc:
        raise MoveError(f"{where}: {exc}") from None
    moves: dict[str, Move] = {}
    for index, move in enumerate(parsed.moves):
        checked = _check_move(move, f"{where}: moves[{index}]")
        key = move.name.strip().casefold()
        if key in moves:
            raise MoveError(
                f"{where}: moves[{index}] ({move.name}): a move of that name is already listed"
            )
        moves[key] = checked
    return moves


def load_moves(path: str | Path) -> dict[str, Move]:
    """Read a user's moves file (``.json``, ``.yaml`` or ``.yml``)."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise MoveError(f"{path}: cannot read the moves file ({exc.strerror})") from None
    try:
        data = json.loads(text) if path.suffix == ".json" else yaml.safe_load(text)
    except (json.JSONDecodeError, yaml.YAMLError) as exc:
        raise MoveError(
            f"{path}: not valid {'JSON' if path.suffix == '.json' else 'YAML'}: {exc}"
        ) from None
    return parse_moves(data, str(path))


#: Fields of the shipped moves file that only the ruleset reads (its action economy: which
#: action a move costs, its trigger, Roar's forced switch, Protect's negation).
RULESET_FIELDS = ("action", "trigger", "forces_switch", "protects")


@cache
def starter_moves() -> dict[str, Move]:
    """The moves shipped with the engine: the ruleset's ``moves.json``, the one source of
    every move's numbers, seen through this package's :class:`Move` (ranges in metres are
    written as numbers there; the fields only the ruleset reads are left aside)."""
    text = resources.files("turnkeeper.rulesets.ptu").joinpath("moves.json").read_text("utf-8")
    data = json.loads(text)
    entries = [
        {k: (str(v) if k == "range" else v) for k, v in entry.items()
         if k not in RULESET_FIELDS}
        for entry in data["moves"]
    ]
    return parse_moves({"source": data["source"], "moves": entries}, "starter moves (moves.json)")


def find_move(moves: Mapping[str, Move], name: str) -> Move:
    found = moves.get(name.strip().casefold())
    if found is None:
        names = [m.name for m in moves.values()]
        raise MoveError(f"unknown move {name!r}{did_you_mean(name, names)}")
    return found


# --- frequency limits (p. 337) -----------------------------------------------------------


def uses_allowed(frequency: str) -> tuple[Literal["scene", "day"] | None, int | None]:
    """(period, uses per period) of a frequency; At-Will, EOT and Static have no count. The
    ruleset's limit in one encounter (``ptu.moves.uses_per_scene``) is read from here too."""
    if frequency.startswith(("Scene", "Daily")):
        period: Literal["scene", "day"] = "scene" if frequency.startswith("Scene") else "day"
        count = int(frequency.split("x")[1]) if "x" in frequency else 1
        return period, count
    return None, None


def frequency_allows(
    move: Move, *, used_this_scene: int = 0, used_today: int = 0, used_last_turn: bool = False
) -> str | None:
    """``None`` if the move may be used now, else the rule id that forbids it.

    At-Will: always; EOT: not on two turns in a row; Scene xN: N times a scene; Daily xN:
    N times a day; Static moves are never used as actions. Rule ids
    ``ptu.fight.frequency.eot``, ``ptu.fight.frequency.scene``, ``ptu.fight.frequency.daily``,
    ``ptu.fight.frequency.static``.
    """
    if move.frequency == "Static":
        return "ptu.fight.frequency.static"
    if move.frequency == "EOT":
        return "ptu.fight.frequency.eot" if used_last_turn else None
    period, count = uses_allowed(move.frequency)
    if period == "scene" and count is not None and used_this_scene >= count:
        return "ptu.fight.frequency.scene"
    if period == "day" and count is not None and used_today >= count:
        return "ptu.fight.frequency.daily"
    return None
