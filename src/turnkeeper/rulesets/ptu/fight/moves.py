"""Moves as data: the one schema of a move entry, its one check, and the one reader.

Every move the engine knows passes through here: the shipped ``moves.json`` (the ruleset's
package data), a user's moves file (JSON or YAML) and the moves written inline in a ptu
set-up. :class:`MoveEntry` is an entry as written (JSON types, unknown fields refused with a
did-you-mean); :func:`check_move` states each rule of what a move may be, once, and turns the
entry into a :class:`Move` with every default filled in. The ptu ruleset reads the same
:class:`Move` as a plain mapping (``ptu.moves.entry_of``). Sources: PTU 1.05 Core, the moves
chapter (how a move entry reads: frequency p. 337, keywords p. 339, the range keywords) and the
accuracy check (p. 236); the starter set's numbers are listed in docs/rulesets/ptu-fight.md.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from fractions import Fraction
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Annotated, Any, Literal, get_args

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

MoveClassName = Literal["physical", "special", "status"]
# The move keywords (p. 339): the timing ones (Priority ... Trigger) change when a move may
# be used, the others only describe it.
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
KEYWORDS: tuple[str, ...] = get_args(Keyword)
#: The action a move takes (p. 227-228); ``standard`` unless the entry says otherwise.
ActionType = Literal["standard", "shift", "swift", "free", "full", "extended"]
ACTION_TYPES: tuple[str, ...] = get_args(ActionType)
# The action type may also be written among the keywords, as the book prints it ("Full
# Action").
ActionKeyword = Literal[
    "Standard Action", "Shift Action", "Swift Action", "Free Action", "Full Action",
    "Extended Action",
]
#: Each action keyword and the action type it names ("Full Action": "full").
ACTION_KEYWORDS: dict[str, str] = {k: k.split()[0].lower() for k in get_args(ActionKeyword)}
#: The occurrences that let a Trigger, Reaction or Interrupt move be used (the ruleset's
#: windows: being attacked, a move being used, and the four that provoke an Attack of
#: Opportunity).
Trigger = Literal[
    "attacked", "move_used", "shifted_away", "stood_up", "ranged_attack", "maneuver"
]
TRIGGERS: tuple[str, ...] = get_args(Trigger)
#: The effect hooks a ruleset knows how to run (the ptu ruleset: ``move_effects.py``).
Hook = Literal["afflict", "stages", "push", "protect", "flinch", "recoil", "heal"]

# Frequencies (p. 337): At-Will, EOT (not twice in a row), Static (never used as an action),
# and a count per Scene or per day (``Scene``, ``Scene x2``, ...; a count of 1-99).
FREQUENCY_PATTERN = re.compile(r"^(At-Will|EOT|Static|(Scene|Daily)( x([1-9][0-9]?))?)$")
FREQUENCY_TEXT = "At-Will, EOT, Static, Scene, Scene xN, Daily or Daily xN (N 1-99)"
# Ranges (the moves chapter's range keywords): melee, self, a distance in metres, or an area
# of a size in metres. Blasts are Close Blast or Ranged Blast in the book; this schema does
# not take them.
RANGE_WORDS = ("melee", "self")
AREA_WORDS = ("burst", "cone", "line")
RANGE_TEXT = "'melee', 'self', metres as a whole number >= 1, or 'burst N', 'cone N', 'line N'"
#: The lowest and highest Accuracy Check a move may have (p. 236): the d20 target number,
#: 1-20; a move that cannot miss has none (null).
MIN_AC, MAX_AC = 1, 20
#: A move's crit range starts at 20 or lower (p. 236), but never at 1: a natural 1 misses.
MIN_CRIT_FROM = 2


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


class MoveEntry(msgspec.Struct, forbid_unknown_fields=True, kw_only=True, frozen=True):
    """A move as written in a moves file or a set-up (p. 337-339); :func:`check_move` checks
    the values and fills in the defaults."""

    name: Annotated[str, meta("the move's name")]
    type: Annotated[str, meta("its elemental type, one of the 18")] = "Normal"
    move_class: Annotated[
        MoveClassName | None,
        meta("physical, special or status (default: status without a Damage Base, else "
             "physical)"),
    ] = None
    frequency: Annotated[str, meta(FREQUENCY_TEXT)] = "At-Will"
    action: Annotated[ActionType | None, meta("the action it takes (default standard)")] = None
    keywords: Annotated[
        tuple[Keyword | ActionKeyword, ...], meta("Priority, Interrupt, Trigger, Dash...")
    ] = ()
    trigger: Annotated[Trigger | None, meta("what lets a triggered move be used")] = None
    # the bounds of the numbers are checked by check_move, which names the move and the range;
    # the JSON Schema states them (stated_range) for form builders
    ac: Annotated[
        int | None,
        meta(f"Accuracy Check {MIN_AC}-{MAX_AC} (p. 236); null: cannot miss",
             stated_range=(MIN_AC, MAX_AC)),
    ] = None
    damage_base: Annotated[
        int | None,
        meta(f"Damage Base {MIN_DAMAGE_BASE}-{MAX_DAMAGE_BASE} (the chart, p. 237); null for "
             "status moves", stated_range=(MIN_DAMAGE_BASE, MAX_DAMAGE_BASE)),
    ] = None
    range: Annotated[str | int, meta(RANGE_TEXT)] = "melee"
    forces_switch: Annotated[bool, meta("a hit forces a switch (Roar)")] = False
    protects: Annotated[
        bool, meta("an Interrupt on 'attacked' that negates the hit on its user (Protect)")
    ] = False
    crit_from: Annotated[
        int, meta(f"the lowest d20 face that crits, {MIN_CRIT_FROM}-20",
                  stated_range=(MIN_CRIT_FROM, 20))
    ] = 20
    stab: Annotated[bool, meta("false: no STAB (Struggle)")] = True
    effects: Annotated[
        tuple[Effect, ...],
        meta("effect hooks: afflict, flinch, stages, push, recoil, heal, protect"),
    ] = ()


class Move(msgspec.Struct, kw_only=True, frozen=True):
    """A checked move, every default filled in: ``action`` is its action type (from the
    field or an action keyword), ``keywords`` the others, ``range`` ``'melee'``, ``'self'``,
    metres (an int) or an area (``'burst 2'``), ``protects`` also true for a ``protect``
    effect."""

    name: str
    type: str
    move_class: MoveClassName
    frequency: str
    action: str
    keywords: tuple[str, ...]
    trigger: str | None
    ac: int | None
    damage_base: int | None
    range: str | int
    forces_switch: bool
    protects: bool
    crit_from: int
    stab: bool
    effects: tuple[Effect, ...]


def check_move(entry: MoveEntry, where: str) -> Move:
    """The entry as a :class:`Move`, or :class:`MoveError` naming the move, the field and
    what is allowed. Each rule of what a move may be is stated here once."""
    name = entry.name.strip()
    if not name:
        raise MoveError(f"{where}.name: a move needs a name that is not blank")
    here = f"{where} ({name})"
    try:
        type_chart().check_type(entry.type, f"{here}.type")
    except UnknownNameError as exc:
        raise MoveError(str(exc)) from None
    _check_within(entry.ac, MIN_AC, MAX_AC, f"{here}.ac", "an Accuracy Check (p. 236)")
    _check_within(entry.damage_base, MIN_DAMAGE_BASE, MAX_DAMAGE_BASE, f"{here}.damage_base",
                  "a row of the Damage Base chart (p. 237)")
    _check_within(entry.crit_from, MIN_CRIT_FROM, 20, f"{here}.crit_from",
                  "the lowest d20 face that crits (p. 236)")
    if FREQUENCY_PATTERN.match(entry.frequency) is None:
        raise MoveError(
            f"{here}.frequency: must be {FREQUENCY_TEXT}, not {entry.frequency!r}"
            f"{did_you_mean(entry.frequency, ('At-Will', 'EOT', 'Static', 'Scene', 'Daily'))}"
        )
    # An action type written as a keyword ("Full Action") says the same as the field.
    written = {ACTION_KEYWORDS[k] for k in entry.keywords if k in ACTION_KEYWORDS}
    if entry.action is not None:
        written.add(entry.action)
    if len(written) > 1:
        raise MoveError(f"{here}.action: conflicting action types {sorted(written)}")
    action = written.pop() if written else "standard"
    keywords = tuple(k for k in entry.keywords if k not in ACTION_KEYWORDS)
    priorities = [k for k in keywords if k.startswith("Priority")]
    if len(priorities) > 1:
        raise MoveError(
            f"{here}.keywords: a move has at most one Priority keyword, not {priorities}"
        )
    if entry.trigger is None and ("Trigger" in keywords or "Reaction" in keywords):
        raise MoveError(
            f"{here}.trigger: a Trigger or Reaction move needs a 'trigger', one of "
            f"{list(TRIGGERS)}"
        )
    move_class: MoveClassName = entry.move_class or (
        "status" if entry.damage_base is None else "physical"
    )
    if move_class == "status" and entry.damage_base is not None:
        raise MoveError(f"{here}.damage_base: a status move deals no damage (null)")
    if move_class != "status" and entry.damage_base is None:
        raise MoveError(f"{here}.damage_base: a {move_class} move needs a Damage Base")
    effects = entry.effects
    for index, effect in enumerate(effects):
        check_effect(effect, f"{here}.effects[{index}]")
    protects = entry.protects or any(e.hook == "protect" for e in effects)
    if protects and not ("Interrupt" in keywords and entry.trigger == "attacked"):
        raise MoveError(
            f"{here}.protects: a move that protects is an Interrupt (keyword) on 'attacked' "
            f"(trigger)"
        )
    return Move(
        name=name,
        type=entry.type,
        move_class=move_class,
        frequency=entry.frequency,
        action=action,
        keywords=keywords,
        trigger=entry.trigger,
        ac=entry.ac,
        damage_base=entry.damage_base,
        range=range_of(entry.range, here),
        forces_switch=entry.forces_switch,
        protects=protects,
        crit_from=entry.crit_from,
        stab=entry.stab,
        effects=effects,
    )


def _check_within(value: int | None, low: int, high: int, at: str, what: str) -> None:
    if value is not None and not low <= value <= high:
        raise MoveError(f"{at}: must be a whole number {low}-{high}, {what}, not {value}")


def range_of(reach: str | int, here: str) -> str | int:
    """A range as the engine keeps it: ``'melee'``, ``'self'``, metres (int) or an area
    (``'burst 2'``); words in any case, metres also as digits (``'6'``)."""
    if isinstance(reach, int):
        if reach >= 1:
            return reach
    else:
        words = reach.strip().lower().split()
        if len(words) == 1 and words[0] in RANGE_WORDS:
            return words[0]
        if len(words) == 1 and words[0].isdigit() and int(words[0]) >= 1:
            return int(words[0])
        if len(words) == 2 and words[0] in AREA_WORDS and words[1].isdigit() \
                and int(words[1]) >= 1:
            return f"{words[0]} {int(words[1])}"
        first = words[0] if words else ""
        if first == "blast":
            raise MoveError(
                f"{here}.range: {reach!r}: the book's blasts are Close Blast and Ranged Blast "
                f"(the moves chapter's range keywords), which this schema does not take; allowed: "
                f"{RANGE_TEXT}"
            )
        raise MoveError(
            f"{here}.range: must be {RANGE_TEXT}, not {reach!r}"
            f"{did_you_mean(first, (*RANGE_WORDS, *AREA_WORDS))}"
        )
    raise MoveError(f"{here}.range: must be {RANGE_TEXT}, not {reach!r}")


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


def parse_entry(raw: Any, where: str) -> Move:
    """One move entry as written (a mapping) checked into a :class:`Move`."""
    name = raw.get("name") if isinstance(raw, Mapping) else None
    # name the move in a structural error too, when it has a usable name
    label = f"{where} ({name.strip()})" if isinstance(name, str) and name.strip() else where
    try:
        entry = parse_model(MoveEntry, raw, label)
    except SchemaError as exc:
        raise MoveError(str(exc)) from None
    return check_move(entry, where)


def moves_table(moves: Iterable[Move], where: str) -> dict[str, Move]:
    """Moves by lower-cased name; a name listed twice is an error naming the second."""
    table: dict[str, Move] = {}
    for index, move in enumerate(moves):
        key = move.name.casefold()
        if key in table:
            raise MoveError(
                f"{where}[{index}] ({move.name}): a move of that name is already listed"
            )
        table[key] = move
    return table


def check_entries(entries: Iterable[MoveEntry], where: str) -> dict[str, Move]:
    """Entries already read as :class:`MoveEntry` (a set-up's inline ``moves``), checked."""
    return moves_table(
        (check_move(entry, f"{where}[{index}]") for index, entry in enumerate(entries)), where
    )


def parse_moves(data: Any, where: str) -> dict[str, Move]:
    """Moves from parsed data: a list of entries, or a mapping with a ``moves`` list (and
    optionally a ``source`` text); by lower-cased name, or :class:`MoveError` naming the
    place."""
    entries = data
    if isinstance(data, Mapping):
        unknown = sorted(set(data) - {"moves", "source"})
        if unknown:
            raise MoveError(
                f"{where}: unknown field(s) {unknown}"
                f"{did_you_mean(str(unknown[0]), ('moves', 'source'))} (allowed: moves, source)"
            )
        if "moves" not in data:
            raise MoveError(f"{where}: moves: required field is missing")
        if not isinstance(data.get("source", ""), str):
            raise MoveError(f"{where}: source: must be a text")
        entries = data["moves"]
    if not isinstance(entries, list):
        raise MoveError(
            f"{where}: moves must be a list of move entries, not {type(entries).__name__}"
        )
    return moves_table(
        (parse_entry(raw, f"{where}: moves[{index}]") for index, raw in enumerate(entries)),
        f"{where}: moves",
    )


def load_moves(path: str | Path, base: Path | None = None) -> dict[str, Move]:
    """Read a moves file (``.json``, or YAML for any other suffix); a relative path is taken
    from ``base`` when given."""
    file = Path(path)
    if not file.is_absolute() and base is not None:
        file = base / file
    where = f"moves file {str(path)!r}"
    try:
        text = file.read_text(encoding="utf-8")
    except OSError as exc:
        raise MoveError(f"{where}: cannot read: {exc.strerror or exc}") from None
    try:
        data = json.loads(text) if file.suffix == ".json" else yaml.safe_load(text)
    except (json.JSONDecodeError, yaml.YAMLError) as exc:
        raise MoveError(f"{where}: not valid JSON/YAML: {exc}") from None
    return parse_moves(data, where)


@cache
def starter_moves() -> dict[str, Move]:
    """The moves shipped with the engine: the ruleset's ``moves.json``, the one source of
    every move's numbers (read once)."""
    text = resources.files("turnkeeper.rulesets.ptu").joinpath("moves.json").read_text("utf-8")
    return parse_moves(json.loads(text), "starter moves (moves.json)")


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
