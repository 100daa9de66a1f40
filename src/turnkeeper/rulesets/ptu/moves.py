"""Moves as data: the starter list shipped in ``moves.json`` and users' own entries.

A move entry is a mapping: ``name`` and ``type`` (strings), ``frequency`` (``At-Will``,
``EOT``, ``Scene``, ``Scene xN``, ``Daily``, ``Daily xN``), optional ``action`` (``standard``
by default; ``shift``, ``swift``, ``free``, ``full`` or ``extended``), ``keywords`` (``Priority``,
``Priority (Limited)``, ``Priority (Advanced)``, ``Interrupt``, ``Reaction``, ``Trigger``),
``trigger`` (the occurrence that lets a triggered move be used), ``ac`` (accuracy check; ``null``
for moves that cannot miss), ``damage_base``, ``range`` (``melee``, ``self`` or
metres),
``forces_switch``, ``move_class`` (``physical``, ``special``, ``status``), ``protects`` (an
Interrupt on ``attacked`` that negates the hit on its user before the damage; a ``protect``
effect says the same), ``crit_from`` (the lowest d20 face that crits), ``stab`` and ``effects``
(the hooks ``move_effects.py`` runs, checked by the fight package's ``Effect`` schema).
Keywords follow PTU 1.05 Core p. 339; frequencies p. 337. This file's ``moves.json`` is the one
source of the shipped moves: the fight package reads it too (``fight.moves.starter_moves``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from functools import cache, lru_cache
from importlib import resources
from pathlib import Path
from typing import Any, get_args

import msgspec
import yaml

from turnkeeper.core.schema import SchemaError, did_you_mean, parse_model
from turnkeeper.rulesets.ptu.fight.data import (
    MAX_DAMAGE_BASE,
    MIN_DAMAGE_BASE,
    UnknownNameError,
    type_chart,
)
from turnkeeper.rulesets.ptu.fight.moves import (
    Effect,
    Keyword,
    MoveError,
    check_effect,
    uses_allowed,
)

# The move keywords (p. 339), declared once as the move schema's ``Keyword`` (fight/moves.py);
# the timing ones (Priority ... Trigger) change when a move may be used, the others only
# describe it.
KEYWORDS: tuple[str, ...] = get_args(Keyword)
ACTION_TYPES = ("standard", "shift", "swift", "free", "full", "extended")
# The action type may also be written among the keywords, as the book prints it.
ACTION_KEYWORDS = {f"{t.capitalize()} Action": t for t in ACTION_TYPES}
TRIGGERS = ("attacked", "move_used", "shifted_away", "stood_up", "ranged_attack", "maneuver")
_FREQUENCY = re.compile(r"^(At-Will|EOT|Static|(Scene|Daily)( x([1-9][0-9]?))?)$")
_FIELDS = {
    "name",
    "type",
    "frequency",
    "action",
    "keywords",
    "trigger",
    "ac",
    "damage_base",
    "range",
    "forces_switch",
    "move_class",
    "protects",
    "effects",
    "crit_from",
    "stab",
}
MOVE_CLASSES = ("physical", "special", "status")


class MoveDataError(ValueError):
    """A move entry that cannot be used: the message names the entry and the field."""


@lru_cache(maxsize=4096)  # bounded: names in actions come from outside
def key_of(name: str) -> str:
    """Moves are looked up without regard to case or surrounding blanks (cached: hot path)."""
    return name.strip().casefold()


@cache
def uses_per_scene(frequency: str) -> int | None:
    """How many times a move may be used in one encounter (``None``: no such limit): the
    count of a Scene or Daily frequency (no day passes within one encounter), as the fight
    package reads it (``fight.moves.uses_allowed``, p. 337); a frequency this module's
    entries refuse has none."""
    if _FREQUENCY.match(frequency) is None:
        return None
    return uses_allowed(frequency)[1]


def validate_move(raw: Any, where: str) -> dict[str, Any]:
    """A clean copy of one move entry, or :class:`MoveDataError` saying what is wrong."""
    if not isinstance(raw, Mapping):
        raise MoveDataError(f"{where}: a move must be a mapping, not {type(raw).__name__}")
    name = raw.get("name")
    if not isinstance(name, str) or not name.strip():
        raise MoveDataError(f"{where}: 'name' must be a non-empty string")
    here = f"{where} ({name})"
    unknown = sorted(set(raw) - _FIELDS)
    if unknown:
        raise MoveDataError(f"{here}: unknown field(s) {unknown}; known: {sorted(_FIELDS)}")
    move_type = raw.get("type", "Normal")
    if not isinstance(move_type, str):
        raise MoveDataError(f"{here}: 'type' must be a string")
    try:
        type_chart().check_type(move_type, f"{here}: 'type'")
    except UnknownNameError as exc:
        raise MoveDataError(str(exc)) from exc
    frequency = raw.get("frequency", "At-Will")
    if not isinstance(frequency, str) or not _FREQUENCY.match(frequency):
        raise MoveDataError(
            f"{here}: 'frequency' must be At-Will, EOT, Static, Scene, Scene xN, Daily or "
            f"Daily xN, not {frequency!r}"
        )
    action = raw.get("action")
    if action is not None and action not in ACTION_TYPES:
        raise MoveDataError(f"{here}: 'action' must be one of {list(ACTION_TYPES)}, not {action!r}")
    keywords = raw.get("keywords", [])
    allowed = [*KEYWORDS, *ACTION_KEYWORDS]
    if not isinstance(keywords, list) or any(k not in allowed for k in keywords):
        raise MoveDataError(f"{here}: 'keywords' must be a list drawn from {allowed}")
    written = {ACTION_KEYWORDS[k] for k in keywords if k in ACTION_KEYWORDS}
    if action is not None:
        written.add(action)
    if len(written) > 1:
        raise MoveDataError(f"{here}: conflicting action types {sorted(written)}")
    action = written.pop() if written else "standard"
    keywords = [k for k in keywords if k in KEYWORDS]
    priorities = [k for k in keywords if k.startswith("Priority")]
    if len(priorities) > 1:
        raise MoveDataError(f"{here}: a move has at most one Priority keyword, not {priorities}")
    trigger = raw.get("trigger")
    if trigger is not None and trigger not in TRIGGERS:
        raise MoveDataError(f"{here}: 'trigger' must be one of {list(TRIGGERS)}, not {trigger!r}")
    if trigger is None and ("Trigger" in keywords or "Reaction" in keywords):
        raise MoveDataError(f"{here}: a Trigger or Reaction move needs a 'trigger'")
    ac = raw.get("ac")
    if ac is not None and (isinstance(ac, bool) or not isinstance(ac, int) or not 0 <= ac <= 20):
        raise MoveDataError(f"{here}: 'ac' must be a whole number 0-20 or null, not {ac!r}")
    damage_base = raw.get("damage_base")
    if damage_base is not None and (
        isinstance(damage_base, bool) or not isinstance(damage_base, int)
        or not MIN_DAMAGE_BASE <= damage_base <= MAX_DAMAGE_BASE
    ):
        raise MoveDataError(
            f"{here}: 'damage_base' must be a whole number {MIN_DAMAGE_BASE}-{MAX_DAMAGE_BASE} "
            f"(the Damage Base chart, p. 237) or null, not {damage_base!r}"
        )
    move_class = raw.get("move_class")
    if move_class is None:
        move_class = "status" if damage_base is None else "physical"
    if move_class not in MOVE_CLASSES:
        raise MoveDataError(
            f"{here}: 'move_class' must be one of {list(MOVE_CLASSES)}, not {move_class!r}"
            f"{did_you_mean(str(move_class), MOVE_CLASSES)}"
        )
    if (move_class == "status") != (damage_base is None):
        raise MoveDataError(
            f"{here}: a status move has no 'damage_base' and a physical or special one needs it"
        )
    reach = raw.get("range", "melee")
    if not (reach in ("melee", "self") or (isinstance(reach, int) and not isinstance(reach, bool)
                                           and reach > 0)):
        raise MoveDataError(f"{here}: 'range' must be 'melee', 'self' or metres > 0, not {reach!r}")
    forces = raw.get("forces_switch", False)
    if not isinstance(forces, bool):
        raise MoveDataError(f"{here}: 'forces_switch' must be true or false")
    protects = raw.get("protects", False)
    if not isinstance(protects, bool):
        raise MoveDataError(f"{here}: 'protects' must be true or false")
    effects = validate_effects(raw.get("effects", []), here)
    protects = protects or any(e["hook"] == "protect" for e in effects)
    if protects and not ("Interrupt" in keywords and trigger == "attacked"):
        raise MoveDataError(f"{here}: a move that protects is an Interrupt on 'attacked'")
    crit_from = raw.get("crit_from", 20)
    if isinstance(crit_from, bool) or not isinstance(crit_from, int) or not 2 <= crit_from <= 20:
        raise MoveDataError(f"{here}: 'crit_from' must be a whole number 2-20, not {crit_from!r}")
    stab = raw.get("stab", True)
    if not isinstance(stab, bool):
        raise MoveDataError(f"{here}: 'stab' must be true or false")
    return {
        "name": name.strip(),
        "type": move_type,
        "frequency": frequency,
        "action": action,
        "keywords": list(keywords),
        "trigger": trigger,
        "ac": ac,
        "damage_base": damage_base,
        "range": reach,
        "forces_switch": forces,
        "move_class": move_class,
        "protects": protects,
        "effects": effects,
        "crit_from": crit_from,
        "stab": stab,
    }


def validate_effects(raw: Any, here: str) -> list[dict[str, Any]]:
    """A move's ``effects`` as plain mappings, checked by the fight package's
    :class:`~turnkeeper.rulesets.ptu.fight.moves.Effect` schema (unknown keys, hooks,
    afflictions and stats are errors naming the entry)."""
    if not isinstance(raw, list):
        raise MoveDataError(f"{here}: 'effects' must be a list of effect entries")
    out: list[dict[str, Any]] = []
    for index, entry in enumerate(raw):
        at = f"{here}: effects[{index}]"
        try:
            effect = parse_model(Effect, entry, at)
            check_effect(effect, at)
        except (SchemaError, MoveError) as exc:
            raise MoveDataError(str(exc)) from None
        out.append({k: v for k, v in msgspec.structs.asdict(effect).items() if v is not None})
    return out


def parse_moves(entries: Any, where: str) -> dict[str, dict[str, Any]]:
    """Validate a list of move entries into a name-keyed table."""
    if isinstance(entries, Mapping) and "moves" in entries:
        entries = entries["moves"]
    if not isinstance(entries, list):
        raise MoveDataError(f"{where}: moves must be a list of move entries")
    table: dict[str, dict[str, Any]] = {}
    for i, raw in enumerate(entries):
        move = validate_move(raw, f"{where}[{i}]")
        key = key_of(move["name"])
        if key in table:
            raise MoveDataError(f"{where}[{i}]: the move {move['name']!r} is listed twice")
        table[key] = move
    return table


def read_moves_file(path: str, base: Path | None = None) -> dict[str, dict[str, Any]]:
    """Read a JSON or YAML file of moves (a list, or a mapping with a ``moves`` list)."""
    file = Path(path)
    if not file.is_absolute() and base is not None:
        file = base / file
    try:
        text = file.read_text(encoding="utf-8")
    except OSError as exc:
        raise MoveDataError(f"moves file {path!r}: cannot read: {exc.strerror or exc}") from exc
    try:
        data = json.loads(text) if file.suffix == ".json" else yaml.safe_load(text)
    except (json.JSONDecodeError, yaml.YAMLError) as exc:
        raise MoveDataError(f"moves file {path!r}: not valid JSON/YAML: {exc}") from exc
    return parse_moves(data, f"moves file {path!r}")


@cache
def starter_moves() -> dict[str, dict[str, Any]]:
    """The shipped starter list (read once)."""
    text = resources.files("turnkeeper.rulesets.ptu").joinpath("moves.json").read_text("utf-8")
    return parse_moves(json.loads(text), "moves.json")
