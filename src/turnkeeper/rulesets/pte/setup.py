"""The ``pte`` set-up format, declared: characters and their sheets, Skill Powers, settings.

``parse_setup`` checks the whole configuration against :class:`PteSetup` first (a field no
model declares is an error naming its path, with a did-you-mean); what a type cannot say (a
rank name, the reserved id ``gm``, a power's data) is checked after, naming the path too.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any

import msgspec

from turnkeeper.core.ruleset import SetupError
from turnkeeper.core.schema import Settings, meta, parse_setup
from turnkeeper.rulesets.pte.checks import RankError, parse_rank
from turnkeeper.rulesets.pte.params import MAX_DC, SceneTaskParams
from turnkeeper.rulesets.pte.plans import GM, Refused
from turnkeeper.rulesets.pte.powers import PowerModel, skill_key
from turnkeeper.rulesets.pte.rolls import prepared_task_rules

Rank = Annotated[int | str, meta("a rank name (pathetic .. master) or its dice 1-6")]


class Sheet(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """One character: skill ranks (a skill not listed is Untrained) and the player's seat."""

    skills: Annotated[dict[str, Rank] | None, meta("skill -> rank")] = None
    player: (
        Annotated[str, meta("the player's seat (default: the character's id)", min_length=1)]
        | None
    ) = None


class SheetWithId(Sheet, kw_only=True):
    """A character given in a list: its sheet and its id."""

    id: Annotated[str, meta("the character's id", min_length=1)]


StartHour = Annotated[int, meta("the hour the scene clock starts at on day 1", ge=0, le=23)]
TypicalDc = Annotated[int, meta("the DC legal_actions uses for its sample checks", ge=0, le=MAX_DC)]


class PteSettings(Settings):
    """The table's settings, read once at set-up."""

    start_hour: StartHour = 8
    typical_dc: TypicalDc = 10


class PteSetup(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """A pte scene: its characters, extra Skill Powers and settings."""

    characters: Annotated[
        dict[str, Sheet | None] | list[SheetWithId],
        meta("id -> sheet, or a list of sheets with an id"),
    ]
    powers: Annotated[
        list[PowerModel] | str | None,
        meta("extra Skill Powers, inline or a path to a YAML/JSON file"),
    ] = None
    start_hour: StartHour = 8
    typical_dc: TypicalDc = 10
    tasks: Annotated[
        dict[str, SceneTaskParams] | None,
        meta("tasks the GM prepares, by name: {dc, skill, circumstances, synergy, take, ...}"),
    ] = None

    def settings(self) -> PteSettings:
        return PteSettings(start_hour=self.start_hour, typical_dc=self.typical_dc)


def read_setup(config: Any) -> PteSetup:
    """The configuration as a :class:`PteSetup`, or :class:`SetupError` naming the path."""
    if not isinstance(config, Mapping):
        raise SetupError("the pte set-up must be a mapping (characters, powers, ...)")
    # Nested records are checked one by one first, so that an error names the character's id
    # or the power's index (the kernel's paths show a mapping key as [...] and cannot look
    # inside a list-or-path union for a did-you-mean).
    characters = config.get("characters")
    if isinstance(characters, Mapping):
        for cid, sheet in characters.items():
            if sheet is not None:
                parse_setup(Sheet, sheet, f"characters.{cid}")
    tasks = config.get("tasks")
    if isinstance(tasks, Mapping):
        for name, task in tasks.items():
            parse_setup(SceneTaskParams, task, f"tasks.{name}")
    powers = config.get("powers")
    if isinstance(powers, list):
        for index, power in enumerate(powers):
            parse_setup(PowerModel, power, f"powers[{index}]")
    return parse_setup(PteSetup, dict(config))


def characters_of(setup: PteSetup) -> dict[str, dict[str, Any]]:
    """Every character's sheet as ``{id: {skills: {skill: dice}, player}}``."""
    entries: dict[str, Sheet | None] = {}
    if isinstance(setup.characters, list):
        for i, item in enumerate(setup.characters):
            if item.id in entries:
                raise SetupError(f"characters[{i}].id: {item.id!r} is listed twice")
            entries[item.id] = item
    else:
        entries = dict(setup.characters)
    if not entries:
        raise SetupError("characters: must be a non-empty mapping of id -> {skills: ...}")
    characters: dict[str, dict[str, Any]] = {}
    for cid, sheet in entries.items():
        where = f"characters.{cid}"
        if not cid.strip():
            raise SetupError(f"{where}: a character id must be a non-empty string")
        if cid == GM:
            raise SetupError(f"{where}: 'gm' is reserved for the game master")
        skills: dict[str, int] = {}
        for skill, rank in ((sheet.skills or {}) if sheet else {}).items():
            if not skill.strip():
                raise SetupError(f"{where}.skills: skill names must be non-empty")
            try:
                skills[skill_key(skill)] = parse_rank(rank)
            except RankError as exc:
                raise SetupError(f"{where}.skills.{skill}: {exc}") from exc
        characters[cid] = {"skills": skills, "player": sheet.player if sheet else None}
    return characters


def scene_tasks_of(setup: PteSetup) -> dict[str, dict[str, Any]]:
    """The tasks the GM prepared in the set-up, as plain records by name."""
    found: dict[str, dict[str, Any]] = {}
    for name, task in (setup.tasks or {}).items():
        clean = " ".join(name.split())
        if not clean:
            raise SetupError("tasks: a task needs a non-empty name")
        try:
            prepared_task_rules(task)
        except Refused as refused:
            why = refused.refusal
            raise SetupError(f"tasks.{name}: {why.reason} [{why.rule}; {why.source}]") from None
        record = msgspec.to_builtins(task)
        found[clean] = record
    return found
