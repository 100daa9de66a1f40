"""Setting up a PTU encounter: the set-up format as typed models, and the settings.

:class:`PtuSetup` is the whole configuration (``RULESET.setup_model``); every nested record
(players, Trainers and Pokémon, inline moves, settings) is a model that refuses fields it does
not declare, so a misspelled key is an error naming its path with a did-you-mean.
:func:`parse_config` turns a configuration into the data of the ``encounter_set_up`` event;
what the models cannot say (unique ids, known moves, two sides) it checks after parsing.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal

import msgspec

from turnkeeper.core.ruleset import SetupError
from turnkeeper.core.schema import meta, parse_setup
from turnkeeper.rulesets.ptu.fight.data import type_chart
from turnkeeper.rulesets.ptu.fight.moves import MoveEntry, MoveError
from turnkeeper.rulesets.ptu.fight.stats import pokemon_max_hp, trainer_max_hp
from turnkeeper.rulesets.ptu.moves import key_of, read_moves_file, setup_moves
from turnkeeper.rulesets.ptu.settings import PtuSettings
from turnkeeper.rulesets.ptu.state import RANKS, STATUSES, Combatant, combatant_data

if TYPE_CHECKING:
    Rank = str
    Status = str
    ElementalType = str
else:  # built from the rules' own tuples, so each list exists once
    Rank = Literal[tuple(RANKS)]
    Status = Literal[STATUSES]
    ElementalType = Literal[tuple(type_chart().rows)]  # the 18 types of the chart


class StatsSetup(msgspec.Struct, forbid_unknown_fields=True, frozen=True, kw_only=True):
    """The stats of a Trainer or Pokémon after level-up, before combat stages (Speed is the
    combatant's ``speed``). Max HP follows from them (ch. 7)."""

    hp: Annotated[int, meta("HP stat", ge=0, le=1000)] = 0
    attack: Annotated[int, meta("Attack", ge=0, le=1000)] = 0
    defense: Annotated[int, meta("Defense", ge=0, le=1000)] = 0
    special_attack: Annotated[int, meta("Special Attack", ge=0, le=1000)] = 0
    special_defense: Annotated[int, meta("Special Defense", ge=0, le=1000)] = 0


class CombatantSetup(msgspec.Struct, forbid_unknown_fields=True, frozen=True, kw_only=True):
    """A Trainer or a Pokémon as the encounter starts."""

    id: Annotated[str, meta("a unique id without spaces (not 'gm')", min_length=1)]
    speed: Annotated[int, meta("Speed, which is its initiative (p. 227)", ge=0)]
    name: Annotated[str | None, meta("display name (default: the id)")] = None
    level: Annotated[int, meta("level", ge=1)] = 1
    loyalty: Annotated[int, meta("Loyalty (Intercepts need 3 or 6, p. 242)", ge=0)] = 3
    movement: Annotated[int, meta("metres per Shift", ge=0)] = 5
    combat: Annotated[Rank, meta("Combat skill rank")] = "untrained"
    hp: Annotated[
        Annotated[int, msgspec.Meta(ge=1)] | None,
        meta("hit points now (default: max HP); without stats also the max HP (default 10)"),
    ] = None
    stats: Annotated[StatsSetup | None, meta("stats; max HP follows from them")] = None
    types: Annotated[list[ElementalType], meta("elemental types (one or two)", max_length=2)] = []
    capture_rate: Annotated[int, meta("capture rate (p. 214)", ge=-100)] = 0
    position: Annotated[tuple[int, int], meta("[x, y] in whole metres")] = (0, 0)
    moves: Annotated[list[str], meta("moves it knows (starter list or the set-up's)")] = []
    items: Annotated[
        dict[str, Annotated[int, msgspec.Meta(ge=0)]],
        meta("items in the pack: name -> count (using one is a Standard action)"),
    ] = {}
    in_hand: Annotated[
        dict[str, Annotated[int, msgspec.Meta(ge=0)]],
        meta("small items on hand, ready to hand to an ally: name -> count"),
    ] = {}
    weapon: Annotated[str | None, meta("weapon in hand")] = None
    held_item: Annotated[str | None, meta("a Pokémon's held item")] = None
    statuses: Annotated[list[Status], meta("status conditions at the start")] = []
    active: Annotated[
        bool | None, meta("on the field at the start (default: Trainers and wild Pokémon)")
    ] = None
    skills: Annotated[dict[str, Rank], meta("skill ranks: skill -> rank")] = {}


class PlayerSetup(msgspec.Struct, forbid_unknown_fields=True, frozen=True, kw_only=True):
    """A player: their Trainer and their Pokémon."""

    name: Annotated[str, meta("the player's (seat's) name, unique, not 'gm'", min_length=1)]
    trainer: CombatantSetup
    side: Annotated[str | None, meta("the side they fight on (default: their name)")] = None
    caught_off_guard: Annotated[
        bool, meta("this Trainer gets no free weapon draw or send-out before round 1")
    ] = False
    pokemon: list[CombatantSetup] = []


class PtuSetup(msgspec.Struct, forbid_unknown_fields=True, frozen=True, kw_only=True):
    """A PTU encounter's configuration."""

    context: Annotated[
        Literal["league", "full_contact"], meta("a League Battle or Full Contact (p. 226)")
    ] = "full_contact"
    ambush: Annotated[
        bool, meta("everyone caught off guard: no set-up step (per Trainer: caught_off_guard)")
    ] = False
    pokemon_turns: Annotated[
        Literal["one_per_player", "every_pokemon"],
        meta("one Pokémon turn per player a round, or a turn for every Pokémon"),
    ] = "one_per_player"
    moves: Annotated[list[MoveEntry], meta("moves of one's own")] = []
    moves_file: Annotated[str | None, meta("a JSON or YAML file of moves")] = None
    players: list[PlayerSetup] = []
    wild: Annotated[list[CombatantSetup], meta("wild Pokémon (the GM's)")] = []
    settings: PtuSettings = msgspec.field(default_factory=PtuSettings)


def _combatant(
    raw: CombatantSetup, where: str, kind: str, owner: str | None, side: str,
    moves: dict[str, Any], active_default: bool,
) -> Combatant:
    cid = raw.id
    if cid == "gm" or any(ch.isspace() for ch in cid):
        raise SetupError(f"{where}.id: must be a non-empty string without spaces (not 'gm')")
    where = f"{where} ({cid})"
    for m in raw.moves:
        if key_of(m) not in moves:
            raise SetupError(f"{where}: unknown move {m!r}; add it under 'moves' in the config")
    ap_max = 5 + raw.level // 5 if kind == "trainer" else 0  # p. 221
    stats = raw.stats if raw.stats is not None else StatsSetup()
    if raw.stats is None:
        max_hp = raw.hp if raw.hp is not None else 10
    elif kind == "trainer":  # rule ptu.fight.hp.trainer-max
        max_hp = trainer_max_hp(raw.level, stats.hp)
    else:  # rule ptu.fight.hp.pokemon-max
        max_hp = pokemon_max_hp(raw.level, stats.hp)
    hp = raw.hp if raw.hp is not None else max_hp
    if hp > max_hp:
        raise SetupError(f"{where}.hp: {hp} is above the max HP {max_hp} its stats give")
    return Combatant(
        id=cid,
        name=raw.name if raw.name is not None else cid,
        kind=kind,
        owner=owner,
        side=side,
        speed=raw.speed,
        level=raw.level,
        loyalty=raw.loyalty,
        movement=raw.movement,
        combat_rank=RANKS[raw.combat],
        skills={k: RANKS[v] for k, v in raw.skills.items()},
        hp=hp,
        max_hp=max_hp,
        types=list(dict.fromkeys(raw.types)),
        attack=stats.attack,
        defense=stats.defense,
        special_attack=stats.special_attack,
        special_defense=stats.special_defense,
        capture_rate=raw.capture_rate,
        position=list(raw.position),
        moves=[moves[key_of(m)]["name"] for m in raw.moves],
        items=dict(raw.items),
        in_hand=dict(raw.in_hand),
        weapon=raw.weapon,
        held_item=raw.held_item,
        statuses=list(dict.fromkeys(raw.statuses)),
        on_field=active_default if raw.active is None else raw.active,
        ap=ap_max,
        ap_max=ap_max,
    )


#: A combatant as the set-up makes it (also for one joining mid-fight: roster.py).
combatant_of = _combatant


def parse_config(
    config: Any, starter: dict[str, Any], base: Path | None = None
) -> dict[str, Any]:
    """Validate the set-up configuration into the data of the ``encounter_set_up`` event."""
    setup = parse_setup(PtuSetup, config)
    custom: dict[str, dict[str, Any]] = {}
    try:
        if setup.moves_file is not None:
            custom.update(read_moves_file(setup.moves_file, base))
        if setup.moves:
            custom.update(setup_moves(setup.moves, "moves"))
    except MoveError as exc:
        raise SetupError(str(exc)) from exc
    table = {**starter, **custom}
    combatants: list[Combatant] = []
    players: list[str] = []
    for i, player in enumerate(setup.players):
        where = f"players[{i}]"
        name = player.name
        if name == "gm" or name in players:
            raise SetupError(f"{where}.name: must be unique and not 'gm' ({name!r})")
        players.append(name)
        side = player.side if player.side is not None else name
        if not side or side == "wild":
            raise SetupError(f"{where}.side: must be a non-empty string other than 'wild'")
        trainer = _combatant(player.trainer, f"{where}.trainer", "trainer", name, side, table,
                             True)
        if player.caught_off_guard:
            trainer.off_guard = True
            trainer.setup_draw_done = trainer.setup_release_done = True
        combatants.append(trainer)
        for j, mon in enumerate(player.pokemon):
            combatants.append(
                _combatant(mon, f"{where}.pokemon[{j}]", "pokemon", name, side, table, False)
            )
    for j, mon in enumerate(setup.wild):
        combatants.append(_combatant(mon, f"wild[{j}]", "pokemon", None, "wild", table, True))
    ids = [c.id for c in combatants]
    duplicates = sorted({x for x in ids if ids.count(x) > 1})
    if duplicates:
        raise SetupError(f"combatant ids must be unique: {duplicates} appear twice")
    if len({c.side for c in combatants}) < 2:
        raise SetupError("an encounter needs at least two sides (players on different sides "
                         "or wild Pokémon)")
    return {
        "context": setup.context,
        "ambush": setup.ambush,
        "pokemon_turns": setup.pokemon_turns,
        "settings": setup.settings.to_dict(),
        "players": players,
        "custom_moves": custom,
        "combatants": [combatant_data(c) for c in combatants],
    }
