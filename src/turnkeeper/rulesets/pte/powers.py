"""Skill Powers as data: the record, its validation, and loading (shipped, inline or from a file).

A power names its skill, the minimum rank to use it (pte.power.min-rank), its action type, and
optionally a fixed DC, a granted Take X, whether that Take X works on Free/Interrupt actions,
and circumstance dice built in (PTE ch. 5, Skill Powers). Bad data raises :class:`PowerError`
naming the entry and the field.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Annotated, Any

import msgspec
import yaml

from turnkeeper.core.schema import SchemaError, meta, parse_model
from turnkeeper.rulesets.pte.checks import RankError, parse_rank
from turnkeeper.rulesets.pte.timing import ACTION_TYPES, read_listed_rounds


class CircumstanceModel(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    name: Annotated[str, meta("what the circumstance is")]
    dice: Annotated[int, meta("+1 (it helps) or -1 (it hinders)")]


class PowerModel(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """The declared fields of one Skill Power entry (values are checked by parse_power)."""

    name: Annotated[str, meta("unique name (case-insensitive when used)")]
    skill: Annotated[str, meta("the skill it rolls")]
    min_rank: Annotated[int | str, meta("the lowest rank that may use it")] = "pathetic"
    action_type: Annotated[str, meta("its action type (default standard)")] = "standard"
    dc: Annotated[int | None, meta("a fixed DC (else the action gives one)")] = None
    take: Annotated[int | None, meta("a Take X (1-6) the power grants")] = None
    take_any_action: Annotated[
        bool, meta("whether that Take X works on Free/Interrupt actions")
    ] = False
    circumstances: Annotated[
        list[CircumstanceModel] | None, meta("built-in circumstance dice, each +1 or -1")
    ] = None
    rounds: Annotated[
        int | str | None,
        meta("an action of listed rounds: its length, 1-100 rounds or dice such as 1d4"),
    ] = None
    summary: Annotated[str, meta("a line in your own words")] = ""


class PowerError(ValueError):
    """Skill Power data that cannot be used: the message names the entry and the field."""


@dataclass(frozen=True)
class Circumstance:
    """One mitigating circumstance: +1 die (it helps) or -1 die (it hinders)."""

    name: str
    dice: int

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "dice": self.dice}


@dataclass(frozen=True)
class SkillPower:
    name: str
    skill: str
    min_rank: int
    action_type: str
    dc: int | None = None
    take: int | None = None
    take_any_action: bool = False
    circumstances: tuple[Circumstance, ...] = ()
    summary: str = ""
    # pte.time.listed-duration: the length a power of listed rounds lists (e.g. "1d4").
    rounds: int | str | None = None

    def to_dict(self) -> dict[str, Any]:
        listed = {} if self.rounds is None else {"rounds": self.rounds}
        return {
            "name": self.name,
            "skill": self.skill,
            "min_rank": self.min_rank,
            "action_type": self.action_type,
            "dc": self.dc,
            "take": self.take,
            "take_any_action": self.take_any_action,
            "circumstances": [c.to_dict() for c in self.circumstances],
            "summary": self.summary,
            **listed,
        }


def skill_key(value: str) -> str:
    """Skill names compare without case, spaces or dashes ('General Education')."""
    return value.strip().lower().replace(" ", "_").replace("-", "_")


def parse_circumstance(raw: Any, where: str) -> Circumstance:
    """A circumstance from ``{name, dice}`` or a bare ``+1`` / ``-1`` (unnamed)."""
    if isinstance(raw, Mapping):
        name = raw.get("name")
        dice = raw.get("dice")
        if not isinstance(name, str) or not name.strip():
            raise PowerError(f"{where}.name: a circumstance needs a name")
        unknown = set(raw) - {"name", "dice"}
        if unknown:
            raise PowerError(f"{where}: unknown field(s) {sorted(unknown)} (name, dice)")
    else:
        name, dice = "", raw
    if isinstance(dice, str) and dice.strip().lstrip("+-").isdigit():
        dice = int(dice.strip())
    if isinstance(dice, bool) or not isinstance(dice, int):
        raise PowerError(f"{where}.dice: must be an integer (+1 or -1), not {dice!r}")
    # Circumstance names compare as skill names do (issue 12): "rough terrain" from the GM and
    # a power's built-in "rough_terrain" are one circumstance.
    return Circumstance(skill_key(name) if name else "", dice)


def parse_power(raw: Any, where: str) -> SkillPower:
    if not isinstance(raw, Mapping):
        raise PowerError(f"{where}: a power must be a mapping with name, skill, min_rank...")
    name = raw.get("name")
    if not isinstance(name, str) or not name.strip():
        raise PowerError(f"{where}.name: a power needs a non-empty name")
    where = f"{where} ({name})"
    skill = raw.get("skill")
    if not isinstance(skill, str) or not skill.strip():
        raise PowerError(f"{where}.skill: a power needs the skill it uses")
    try:
        min_rank = parse_rank(raw.get("min_rank", "pathetic"))
    except RankError as exc:
        raise PowerError(f"{where}.min_rank: {exc}") from exc
    action_type = raw.get("action_type", "standard")
    if action_type not in ACTION_TYPES:
        raise PowerError(
            f"{where}.action_type: {action_type!r} is not one of {', '.join(ACTION_TYPES)}"
        )
    dc = raw.get("dc")
    if dc is not None and (isinstance(dc, bool) or not isinstance(dc, int) or dc < 0):
        raise PowerError(f"{where}.dc: must be a whole number 0 or more, not {dc!r}")
    take = raw.get("take")
    if take is not None and (
        isinstance(take, bool) or not isinstance(take, int) or not 1 <= take <= 6
    ):
        raise PowerError(f"{where}.take: Take X needs X from 1 to 6, not {take!r}")
    any_action = raw.get("take_any_action", False)
    if not isinstance(any_action, bool):
        raise PowerError(f"{where}.take_any_action: must be true or false")
    # pte.take.action-type: the permission is for the power's own Take X; without one it
    # would be a flag nothing reads (READINGS, all rulesets: nothing accepted silently).
    if any_action and take is None:
        raise PowerError(f"{where}.take_any_action: needs the power's own Take X (take: 1-6)")
    rounds = raw.get("rounds")
    if rounds is not None:
        if action_type != "rounds":
            raise PowerError(f"{where}.rounds: only an action_type of rounds lists its rounds")
        if read_listed_rounds(rounds) is None:
            raise PowerError(
                f"{where}.rounds: a whole number of rounds 1-100 or dice like '1d4', not {rounds!r}"
            )
    raw_circs = raw.get("circumstances") or []
    if not isinstance(raw_circs, list):
        raise PowerError(f"{where}.circumstances: must be a list of {{name, dice}}")
    circs: list[Circumstance] = []
    for i, item in enumerate(raw_circs):
        circ = parse_circumstance(item, f"{where}.circumstances[{i}]")
        if not circ.name:
            raise PowerError(f"{where}.circumstances[{i}]: a built-in circumstance needs a name")
        if circ.dice not in (1, -1):
            raise PowerError(
                f"{where}.circumstances[{i}].dice: each circumstance is one die (+1 or -1)"
            )
        if any(c.name == circ.name for c in circs):
            raise PowerError(f"{where}.circumstances[{i}]: {circ.name!r} is listed twice")
        circs.append(circ)
    summary = raw.get("summary", "")
    if not isinstance(summary, str):
        raise PowerError(f"{where}.summary: must be text")
    return SkillPower(
        name=name.strip(),
        skill=skill_key(skill),
        min_rank=min_rank,
        action_type=str(action_type),
        dc=dc,
        take=take,
        take_any_action=any_action,
        circumstances=tuple(circs),
        summary=summary,
        rounds=rounds,
    )


def parse_powers(entries: Any, where: str) -> dict[str, SkillPower]:
    if not isinstance(entries, list):
        raise PowerError(f"{where}: must be a list of powers (or a path to a YAML/JSON file)")
    for i, raw in enumerate(entries):
        try:
            parse_model(PowerModel, raw, f"{where}[{i}]")
        except SchemaError as exc:
            raise PowerError(str(exc)) from None
    found: dict[str, SkillPower] = {}
    for i, raw in enumerate(entries):
        power = parse_power(raw, f"{where}[{i}]")
        key = power_key(power.name)
        if key in found:
            raise PowerError(f"{where}[{i}].name: the power {power.name!r} is listed twice")
        found[key] = power
    return found


def power_key(name: str) -> str:
    return " ".join(name.lower().split())


def load_file(path: str, where: str) -> Any:
    file = Path(path)
    try:
        text = file.read_text(encoding="utf-8")
    except OSError as exc:
        raise PowerError(f"{where}: cannot read {path!r}: {exc.strerror or exc}") from exc
    try:
        if file.suffix.lower() == ".json":
            return json.loads(text)
        return yaml.safe_load(text)
    except (json.JSONDecodeError, yaml.YAMLError) as exc:
        raise PowerError(f"{where}: {path!r} is not valid {file.suffix or 'YAML'}: {exc}") from exc


def shipped_powers() -> dict[str, SkillPower]:
    """The example powers shipped in ``powers.yaml``."""
    text = resources.files("turnkeeper.rulesets.pte").joinpath("powers.yaml").read_text("utf-8")
    return parse_powers(yaml.safe_load(text), "shipped powers.yaml")


def load_powers(config_value: Any, where: str = "powers") -> dict[str, SkillPower]:
    """The shipped powers plus the table's own (inline list or file path); the table's own
    replace shipped ones of the same name."""
    powers = dict(shipped_powers())
    if config_value is None:
        return powers
    entries: Sequence[Any]
    if isinstance(config_value, str):
        entries = load_file(config_value, where)
        where = f"{where} ({config_value})"
    else:
        entries = config_value
    powers.update(parse_powers(entries, where))
    return powers
