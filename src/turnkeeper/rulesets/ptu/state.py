"""The state of a PTU encounter and the set-up configuration that builds it.

State is plain dataclasses, lists and dicts (deep-copyable, JSON-able). Only
``PtuRuleset.apply`` changes it.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from turnkeeper.core.mechanics import Budget, Clock, Effect, TriggerLedger
from turnkeeper.core.ruleset import SetupError
from turnkeeper.rulesets.ptu.moves import MoveDataError, key_of, parse_moves, read_moves_file

# One Standard, one Shift, one Swift; the Standard may pay for an extra Shift or Swift
# (PTU 1.05 Core p. 227).
ALLOWANCE = {"standard": 1, "shift": 1, "swift": 1}
SUBSTITUTES = {"shift": ["standard"], "swift": ["standard"]}

# In a League Battle every Trainer acts before every Pokémon (p. 227): Trainers sort on
# Speed + this offset, so one clock holds both phases in the right order.
LEAGUE_TRAINER_OFFSET = 100_000

VOLATILE = ("asleep", "bad_sleep", "confused", "cursed", "disabled", "enraged", "flinched",
            "infatuated", "suppressed")
PERSISTENT = ("burned", "frozen", "paralyzed", "poisoned", "badly_poisoned")
OTHER_CONDITIONS = ("slowed", "stuck", "tripped", "vulnerable", "trapped", "bound")
STATUSES = VOLATILE + PERSISTENT + OTHER_CONDITIONS
RANKS = {"pathetic": 1, "untrained": 2, "novice": 3, "adept": 4, "expert": 5, "master": 6}


def new_budget(swift_trade: bool = True) -> Budget:
    if swift_trade:
        return Budget.of(ALLOWANCE, SUBSTITUTES)
    return Budget.of(ALLOWANCE, {"shift": ["standard"]})


# The other readings of READINGS.md (ptu), as named settings; the defaults follow READINGS.
SETTINGS: dict[str, tuple[Any, ...]] = {
    "interrupt_turn": ("this_or_next", "next"),  # which turn an Interrupt uses
    "free_actions": ("own_turn", "any_time"),  # untriggered Free actions
    "swift_trade": (True, False),  # the Standard may pay for a second Swift
    "hold_after_acting": (True, False),  # what is left of a turn may be held
    "extended_minutes": (2,),  # any whole number >= 1
}


@dataclass
class Combatant:
    id: str
    name: str
    kind: str  # "trainer" or "pokemon"
    owner: str | None  # the player; None for wild Pokémon (the GM's)
    side: str
    speed: int
    level: int = 1
    loyalty: int = 3
    movement: int = 5
    combat_rank: int = 2
    skills: dict[str, int] = field(default_factory=dict)  # skill -> dice (rank), p. 34
    hp: int = 10
    max_hp: int = 10
    capture_rate: int = 0
    position: list[int] = field(default_factory=lambda: [0, 0])
    moves: list[str] = field(default_factory=list)
    items: dict[str, int] = field(default_factory=dict)
    weapon: str | None = None
    held_item: str | None = None
    statuses: list[str] = field(default_factory=list)
    stages: dict[str, int] = field(default_factory=dict)
    temp_hp: int = 0
    on_field: bool = True
    fainted: bool = False
    captured: bool = False
    ap: int = 0
    ap_max: int = 0
    budget: Budget = field(default_factory=new_budget)
    moved: bool = False  # a Shift was used for movement this turn
    sprinting: bool = False
    forfeit_this: bool = False  # this round's turn given up (Interrupt / Priority Advanced)
    forfeit_next: bool = False
    uncommandable: bool = False  # League: released by a Switch this round
    limited_used: bool = False  # took a Priority (Limited) action before its turn
    held: bool = False
    aoo_used: bool = False
    recalled_round: int = -1
    scene_uses: dict[str, int] = field(default_factory=dict)
    last_used_round: dict[str, int] = field(default_factory=dict)
    dirty_tricks: list[list[str]] = field(default_factory=list)
    grappling: str | None = None
    setup_release_done: bool = False
    setup_draw_done: bool = False


@dataclass
class Interjection:
    """A turn taken out of order (Priority, a released Pokémon acting at once)."""

    actor: str
    resume_active: bool  # whether the interrupted turn had already begun


@dataclass(eq=False)  # compared by identity: legal_actions caches per state object
class PtuState:
    version: int = 0  # bumped by every applied event
    context: str = "full_contact"
    ambush: bool = False
    pokemon_turns: str = "one_per_player"
    settings: dict[str, Any] = field(default_factory=dict)
    players: list[str] = field(default_factory=list)
    combatants: dict[str, Combatant] = field(default_factory=dict)
    custom_moves: dict[str, dict[str, Any]] = field(default_factory=dict)
    clock: Clock = field(default_factory=Clock)
    phase: str = "setup"  # setup, declare, turns, over
    declare_queue: list[str] = field(default_factory=list)
    declared: dict[str, list[str]] = field(default_factory=dict)
    turn_active: bool = False
    interjections: list[Interjection] = field(default_factory=list)
    pokemon_turn_used: dict[str, str] = field(default_factory=dict)  # player -> Pokémon
    occurrences: list[dict[str, Any]] = field(default_factory=list)
    occurrence_count: int = 0
    ledger: TriggerLedger = field(default_factory=TriggerLedger)
    effects: list[Effect] = field(default_factory=list)
    effect_count: int = 0
    minutes_elapsed: int = 0


# ---------------------------------------------------------------------------- configuration
def _int(raw: Mapping[str, Any], key: str, where: str, default: int | None, low: int = 0) -> int:
    value = raw.get(key, default)
    if value is None:
        raise SetupError(f"{where}: '{key}' is required (a whole number)")
    if isinstance(value, bool) or not isinstance(value, int):
        raise SetupError(f"{where}: '{key}' must be a whole number, not {value!r}")
    if value < low:
        raise SetupError(f"{where}: '{key}' must be at least {low}, not {value}")
    return value


def _position(raw: Mapping[str, Any], where: str) -> list[int]:
    pos = raw.get("position", [0, 0])
    if (
        not isinstance(pos, list | tuple)
        or len(pos) != 2
        or any(isinstance(v, bool) or not isinstance(v, int) for v in pos)
    ):
        raise SetupError(f"{where}: 'position' must be [x, y] in whole metres, not {pos!r}")
    return [int(pos[0]), int(pos[1])]


_COMBATANT_KEYS = {
    "id", "name", "speed", "level", "loyalty", "movement", "combat", "hp", "capture_rate",
    "position", "moves", "items", "weapon", "held_item", "statuses", "active", "skills",
}


def _combatant(
    raw: Any, where: str, kind: str, owner: str | None, side: str, moves: Mapping[str, Any]
) -> tuple[Combatant, bool]:
    if not isinstance(raw, Mapping):
        raise SetupError(f"{where}: must be a mapping with at least 'id' and 'speed'")
    unknown = sorted(set(raw) - _COMBATANT_KEYS)
    if unknown:
        raise SetupError(f"{where}: unknown field(s) {unknown}; known: {sorted(_COMBATANT_KEYS)}")
    cid = raw.get("id")
    if not isinstance(cid, str) or not cid or cid == "gm" or any(ch.isspace() for ch in cid):
        raise SetupError(f"{where}: 'id' must be a non-empty string without spaces (not 'gm')")
    where = f"{where} ({cid})"
    name = raw.get("name", cid)
    if not isinstance(name, str):
        raise SetupError(f"{where}: 'name' must be a string")
    combat = raw.get("combat", "untrained")
    if combat not in RANKS:
        raise SetupError(f"{where}: 'combat' must be one of {list(RANKS)}, not {combat!r}")
    level = _int(raw, "level", where, 1, 1)
    skills = raw.get("skills", {})
    if not isinstance(skills, Mapping) or any(
        not isinstance(k, str) or v not in RANKS for k, v in skills.items()
    ):
        raise SetupError(f"{where}: 'skills' must map skill names to ranks {list(RANKS)}")
    hp = _int(raw, "hp", where, 10, 1)
    move_names = raw.get("moves", [])
    if not isinstance(move_names, list) or not all(isinstance(m, str) for m in move_names):
        raise SetupError(f"{where}: 'moves' must be a list of move names")
    for m in move_names:
        if key_of(m) not in moves:
            raise SetupError(f"{where}: unknown move {m!r}; add it under 'moves' in the config")
    items = raw.get("items", {})
    if not isinstance(items, Mapping) or any(
        not isinstance(k, str) or isinstance(v, bool) or not isinstance(v, int) or v < 0
        for k, v in items.items()
    ):
        raise SetupError(f"{where}: 'items' must map item names to counts >= 0")
    statuses = raw.get("statuses", [])
    if not isinstance(statuses, list) or any(s not in STATUSES for s in statuses):
        raise SetupError(f"{where}: 'statuses' must be a list drawn from {list(STATUSES)}")
    for key in ("weapon", "held_item"):
        if raw.get(key) is not None and not isinstance(raw.get(key), str):
            raise SetupError(f"{where}: '{key}' must be a string")
    active = raw.get("active", kind == "trainer")
    if not isinstance(active, bool):
        raise SetupError(f"{where}: 'active' must be true or false")
    ap_max = 5 + level // 5 if kind == "trainer" else 0  # p. 221
    combatant = Combatant(
        id=cid,
        name=name,
        kind=kind,
        owner=owner,
        side=side,
        speed=_int(raw, "speed", where, None, 0),
        level=level,
        loyalty=_int(raw, "loyalty", where, 3, 0),
        movement=_int(raw, "movement", where, 5, 0),
        combat_rank=RANKS[combat],
        skills={str(k): RANKS[v] for k, v in skills.items()},
        hp=hp,
        max_hp=hp,
        capture_rate=_int(raw, "capture_rate", where, 0, -100),
        position=_position(raw, where),
        moves=[moves[key_of(m)]["name"] for m in move_names],
        items={str(k): int(v) for k, v in items.items()},
        weapon=raw.get("weapon"),
        held_item=raw.get("held_item"),
        statuses=list(dict.fromkeys(statuses)),
        on_field=active,
        ap=ap_max,
        ap_max=ap_max,
    )
    return combatant, active


def parse_config(
    config: Mapping[str, Any], starter: Mapping[str, Any], base: Path | None = None
) -> dict[str, Any]:
    """Validate the set-up configuration into the data of the ``encounter_set_up`` event."""
    if not isinstance(config, Mapping):
        raise SetupError("the configuration must be a mapping")
    known = {"context", "ambush", "pokemon_turns", "moves", "moves_file", "players", "wild",
             "settings"}
    unknown = sorted(set(config) - known)
    if unknown:
        raise SetupError(f"unknown configuration key(s) {unknown}; known: {sorted(known)}")
    context = config.get("context", "full_contact")
    if context not in ("league", "full_contact"):
        raise SetupError(f"'context' must be 'league' or 'full_contact', not {context!r}")
    ambush = config.get("ambush", False)
    if not isinstance(ambush, bool):
        raise SetupError("'ambush' must be true or false")
    pokemon_turns = config.get("pokemon_turns", "one_per_player")
    if pokemon_turns not in ("one_per_player", "every_pokemon"):
        raise SetupError("'pokemon_turns' must be 'one_per_player' or 'every_pokemon'")
    raw_settings = config.get("settings", {})
    if not isinstance(raw_settings, Mapping):
        raise SetupError("'settings' must be a mapping")
    extra = sorted(set(raw_settings) - set(SETTINGS))
    if extra:
        raise SetupError(f"unknown setting(s) {extra}; known: {sorted(SETTINGS)}")
    settings = {name: choices[0] for name, choices in SETTINGS.items()}
    for name, value in raw_settings.items():
        if name == "extended_minutes":
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise SetupError("settings.extended_minutes must be a whole number >= 1")
        elif value not in SETTINGS[name] or isinstance(value, bool) != isinstance(
            SETTINGS[name][0], bool
        ):
            raise SetupError(f"settings.{name} must be one of {list(SETTINGS[name])}")
        settings[name] = value
    custom: dict[str, dict[str, Any]] = {}
    try:
        if config.get("moves_file") is not None:
            if not isinstance(config["moves_file"], str):
                raise SetupError("'moves_file' must be a path to a JSON or YAML file")
            custom.update(read_moves_file(config["moves_file"], base))
        if config.get("moves") is not None:
            custom.update(parse_moves(config["moves"], "moves"))
    except MoveDataError as exc:
        raise SetupError(str(exc)) from exc
    table = {**starter, **custom}
    combatants: list[Combatant] = []
    players_raw = config.get("players", [])
    if not isinstance(players_raw, list):
        raise SetupError("'players' must be a list")
    players: list[str] = []
    for i, raw in enumerate(players_raw):
        where = f"players[{i}]"
        if not isinstance(raw, Mapping):
            raise SetupError(f"{where}: must be a mapping with 'name', 'trainer' and 'pokemon'")
        extra = sorted(set(raw) - {"name", "side", "trainer", "pokemon"})
        if extra:
            raise SetupError(f"{where}: unknown field(s) {extra}")
        name = raw.get("name")
        if not isinstance(name, str) or not name or name == "gm" or name in players:
            raise SetupError(f"{where}: 'name' must be a unique non-empty string (not 'gm')")
        players.append(name)
        side = raw.get("side", name)
        if not isinstance(side, str) or not side or side == "wild":
            raise SetupError(f"{where}: 'side' must be a non-empty string other than 'wild'")
        if "trainer" not in raw:
            raise SetupError(f"{where}: 'trainer' is required")
        trainer, _ = _combatant(raw["trainer"], f"{where}.trainer", "trainer", name, side, table)
        combatants.append(trainer)
        team = raw.get("pokemon", [])
        if not isinstance(team, list):
            raise SetupError(f"{where}: 'pokemon' must be a list")
        for j, p in enumerate(team):
            mon, _ = _combatant(p, f"{where}.pokemon[{j}]", "pokemon", name, side, table)
            combatants.append(mon)
    wild = config.get("wild", [])
    if not isinstance(wild, list):
        raise SetupError("'wild' must be a list of Pokémon")
    for j, p in enumerate(wild):
        if isinstance(p, Mapping) and "active" not in p:
            p = {**p, "active": True}
        mon, _ = _combatant(p, f"wild[{j}]", "pokemon", None, "wild", table)
        combatants.append(mon)
    ids = [c.id for c in combatants]
    duplicates = sorted({x for x in ids if ids.count(x) > 1})
    if duplicates:
        raise SetupError(f"combatant ids must be unique: {duplicates} appear twice")
    if len({c.side for c in combatants}) < 2:
        raise SetupError("an encounter needs at least two sides (players on different sides "
                         "or wild Pokémon)")
    from turnkeeper.core.game import jsonable

    return {
        "context": context,
        "ambush": ambush,
        "pokemon_turns": pokemon_turns,
        "settings": settings,
        "players": players,
        "custom_moves": custom,
        "combatants": [jsonable(c) for c in combatants],
    }


def combatant_from_dict(data: Mapping[str, Any]) -> Combatant:
    # A deep copy: the event's data stays in the log untouched while the state changes.
    fields = copy.deepcopy(dict(data))
    budget = fields.pop("budget", None)
    combatant = Combatant(**fields)
    if isinstance(budget, Mapping):
        combatant.budget = Budget(
            dict(budget["remaining"]),
            {k: list(v) for k, v in budget["substitutes"].items()},
            [(a, b) for a, b in budget["spent"]],
        )
    return combatant
