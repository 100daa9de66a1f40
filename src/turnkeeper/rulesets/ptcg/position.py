"""A named starting position: the exact board a scenario wants, instead of a shuffled deal.

``normalize_position`` takes the position as parsed by its model (``config.PositionSpec``),
checks what needs the card pool (raising SetupError naming the field) and resolves card
names to ids; the result goes into the ``position`` event, and ``state.state_from_position``
builds the state from it (card instances numbered in reading order).
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import pairwise
from typing import Any

import msgspec

from turnkeeper.core.ruleset import SetupError
from turnkeeper.rulesets.ptcg.board import max_hp
from turnkeeper.rulesets.ptcg.cards import CardDef, find_card, pool
from turnkeeper.rulesets.ptcg.config import PokemonSpec, PositionSpec, StadiumSpec
from turnkeeper.rulesets.ptcg.state import ROTATIONS, SEATS, Mon, PtcgState

ZONES = ("hand", "deck", "prizes", "discard")
_NEXT_STAGE = {"basic": "stage1", "stage1": "stage2"}


def _card(cards: Mapping[str, CardDef], ref: str, where: str) -> CardDef:
    card = find_card(cards, ref)
    if card is None:
        raise SetupError(f"{where}: unknown card {ref!r}")
    return card


def _cards(cards: Mapping[str, CardDef], refs: list[str] | None, where: str) -> list[str]:
    return [_card(cards, r, f"{where}[{i}]").id for i, r in enumerate(refs or [])]


def _mon(cards: Mapping[str, CardDef], raw: str | PokemonSpec, where: str) -> dict[str, Any]:
    spec = PokemonSpec(card=raw) if isinstance(raw, str) else raw
    top = _card(cards, spec.card, f"{where}.card")
    if top.kind != "pokemon" and not top.is_fossil:
        raise SetupError(f"{where}.card: {top.name} is not a Pokémon")
    under = _cards(cards, spec.under, f"{where}.under")
    stack = [*under, top.id]
    if cards[stack[0]].stage != "basic":
        raise SetupError(f"{where}: the bottom card must be a Basic Pokémon (list it in 'under')")
    for below, above in pairwise(stack):
        lower, upper = cards[below], cards[above]
        if upper.evolves_from != lower.name or upper.stage != _NEXT_STAGE.get(lower.stage):
            raise SetupError(
                f"{where}: {upper.name} does not evolve from {lower.name} "
                "('under' lists the Basic first, then each Stage in order)"
            )
    energy = _cards(cards, spec.energy, f"{where}.energy")
    for i, cid in enumerate(energy):
        if cards[cid].kind != "energy" and not cards[cid].as_energy:  # (a Holon's Pokémon)
            raise SetupError(f"{where}.energy[{i}]: {cards[cid].name} is not an Energy card")
    tool = "" if spec.tool is None else _card(cards, spec.tool, f"{where}.tool").id
    if spec.damage % 10:
        raise SetupError(f"{where}.damage: must be a multiple of 10 from 0 up")
    conditions = list(spec.conditions or [])
    if sum(1 for c in conditions if c in ROTATIONS) > 1:
        raise SetupError(f"{where}.conditions: Asleep, Confused and Paralyzed exclude each other")
    return {
        "stack": stack,
        "energy": energy,
        "tool": tool,
        "damage": spec.damage,
        "conditions": conditions,
        "new": spec.new,
        "evolved": spec.evolved,
    }


def _check_not_knocked_out(
    card_db: str, sides: Mapping[str, Any], stadium: Mapping[str, Any] | None
) -> None:
    """A Pokémon whose damage reaches its HP is Knocked Out (ptcg-ex.md, Damage): it cannot
    be in play, so such a position is a set-up mistake rather than a board."""
    s = PtcgState()
    s.card_db = card_db
    places: list[tuple[str, Mapping[str, Any], Mon]] = []
    for seat in SEATS:
        side = sides[seat]
        mons = [("active", side["active"])]
        mons += [(f"bench[{i}]", m) for i, m in enumerate(side["bench"])]
        for where, m in mons:
            first = len(s.cards)
            s.cards.extend(m["stack"])
            places.append(
                (f"position.{seat}.{where}", m, Mon(list(range(first, len(s.cards))), []))
            )
    if stadium:
        s.stadium = len(s.cards)
        s.cards.append(stadium["card"])
    s.link_cards()
    for where, m, mon in places:
        hp = max_hp(s, mon)
        if m["damage"] >= hp:
            raise SetupError(
                f"{where}.damage: {m['damage']} would Knock Out {s.top(mon).name} "
                f"({hp} HP); damage must stay below the HP"
            )


def normalize_position(
    spec: PositionSpec, card_db: str, settings: Mapping[str, Any]
) -> dict[str, Any]:
    """The ``position`` event's data from the parsed set-up record (types and keys are the
    model's business): card names resolved to ids, evolution lines and damage checked."""
    cards = pool(card_db)
    turn = spec.turn
    current = spec.current
    first = spec.first or (current if turn % 2 else ("p2" if current == "p1" else "p1"))
    sides: dict[str, Any] = {}
    for seat, side in (("p1", spec.p1), ("p2", spec.p2)):
        sides[seat] = {
            **{z: _cards(cards, getattr(side, z), f"position.{seat}.{z}") for z in ZONES},
            "active": _mon(cards, side.active, f"position.{seat}.active"),
            "bench": [
                _mon(cards, m, f"position.{seat}.bench[{i}]") for i, m in enumerate(side.bench)
            ],
        }
    stadium = None
    if spec.stadium is not None:
        raw = spec.stadium if isinstance(spec.stadium, StadiumSpec) else None
        name = raw.card if raw is not None else str(spec.stadium)
        card = _card(cards, name, "position.stadium.card")
        if card.trainer != "stadium":
            raise SetupError(f"position.stadium: {card.name} is not a Stadium card")
        owner = raw.owner if raw is not None and raw.owner is not None else current
        stadium = {"card": card.id, "owner": owner}
    this_turn = msgspec.structs.asdict(spec.this_turn) if spec.this_turn is not None else {}
    _check_not_knocked_out(card_db, sides, stadium)
    return {
        "turn": turn,
        "current": current,
        "first": first,
        "sides": sides,
        "stadium": stadium,
        "this_turn": {k: v for k, v in this_turn.items() if v},
        "settings": dict(settings),
        "card_db": card_db,
    }
