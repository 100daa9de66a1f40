"""A named starting position: the exact board a scenario wants, instead of a shuffled deal.

``normalize_position`` checks the config (raising SetupError naming the field) and resolves
card names to ids; the result goes into the ``position`` event, and ``state_from_position``
builds the state from it (card instances numbered in reading order).
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import pairwise
from typing import Any

from turnkeeper.core.ruleset import SetupError
from turnkeeper.rulesets.ptcg.board import max_hp
from turnkeeper.rulesets.ptcg.cards import CardDef, find_card, pool
from turnkeeper.rulesets.ptcg.state import CONDITIONS, ROTATIONS, SEAT_INDEX, SEATS, Mon, PtcgState

ZONES = ("hand", "deck", "prizes", "discard")
MON_KEYS = {"card", "under", "energy", "tool", "damage", "conditions", "new", "evolved"}
SIDE_KEYS = {*ZONES, "active", "bench"}
POSITION_KEYS = {"turn", "current", "first", "stadium", "this_turn", *SEATS}
FLAGS = ("energy_played", "supporter_played", "stadium_played", "retreated")
_NEXT_STAGE = {"basic": "stage1", "stage1": "stage2"}


def _card(cards: Mapping[str, CardDef], ref: Any, where: str) -> CardDef:
    if not isinstance(ref, str):
        raise SetupError(f"{where}: a card is named by its id or name, not {ref!r}")
    card = find_card(cards, ref)
    if card is None:
        raise SetupError(f"{where}: unknown card {ref!r}")
    return card


def _cards(cards: Mapping[str, CardDef], refs: Any, where: str) -> list[str]:
    if refs is None:
        return []
    if not isinstance(refs, list):
        raise SetupError(f"{where}: must be a list of cards")
    return [_card(cards, r, f"{where}[{i}]").id for i, r in enumerate(refs)]


def _mon(cards: Mapping[str, CardDef], raw: Any, where: str) -> dict[str, Any]:
    if isinstance(raw, str):
        raw = {"card": raw}
    if not isinstance(raw, Mapping):
        raise SetupError(f"{where}: a Pokémon is a card name or a mapping with 'card'")
    unknown = set(raw) - MON_KEYS
    if unknown:
        raise SetupError(f"{where}: unknown key(s) {sorted(unknown)}; known: {sorted(MON_KEYS)}")
    top = _card(cards, raw.get("card"), f"{where}.card")
    if top.kind != "pokemon":
        raise SetupError(f"{where}.card: {top.name} is not a Pokémon")
    under = _cards(cards, raw.get("under"), f"{where}.under")
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
    energy = _cards(cards, raw.get("energy"), f"{where}.energy")
    for i, cid in enumerate(energy):
        if cards[cid].kind != "energy":
            raise SetupError(f"{where}.energy[{i}]: {cards[cid].name} is not an Energy card")
    tool = ""
    if raw.get("tool") is not None:
        tool = _card(cards, raw["tool"], f"{where}.tool").id
    damage = raw.get("damage", 0)
    if not isinstance(damage, int) or damage < 0 or damage % 10:
        raise SetupError(f"{where}.damage: must be a multiple of 10 from 0 up")
    conditions = raw.get("conditions") or []
    if not isinstance(conditions, list) or any(c not in CONDITIONS for c in conditions):
        raise SetupError(f"{where}.conditions: a list of {', '.join(CONDITIONS)}")
    if sum(1 for c in conditions if c in ROTATIONS) > 1:
        raise SetupError(f"{where}.conditions: Asleep, Confused and Paralyzed exclude each other")
    return {
        "stack": stack,
        "energy": energy,
        "tool": tool,
        "damage": damage,
        "conditions": list(conditions),
        "new": bool(raw.get("new", False)),
        "evolved": bool(raw.get("evolved", False)),
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


def normalize_position(raw: Any, card_db: str, settings: Mapping[str, Any]) -> dict[str, Any]:
    if not isinstance(raw, Mapping):
        raise SetupError("position: must be a mapping with p1, p2, turn, current...")
    unknown = set(raw) - POSITION_KEYS
    if unknown:
        raise SetupError(
            f"position: unknown key(s) {sorted(unknown)}; known: {sorted(POSITION_KEYS)}"
        )
    cards = pool(card_db)
    turn = raw.get("turn", 3)
    if not isinstance(turn, int) or turn < 1:
        raise SetupError("position.turn: must be a whole number from 1 up")
    current = raw.get("current", "p1")
    first = raw.get("first", current if turn % 2 else ("p2" if current == "p1" else "p1"))
    for key, value in (("current", current), ("first", first)):
        if value not in SEAT_INDEX:
            raise SetupError(f"position.{key}: must be 'p1' or 'p2'")
    sides: dict[str, Any] = {}
    for seat in SEATS:
        side = raw.get(seat) or {}
        if not isinstance(side, Mapping):
            raise SetupError(f"position.{seat}: must be a mapping")
        unknown = set(side) - SIDE_KEYS
        if unknown:
            raise SetupError(f"position.{seat}: unknown key(s) {sorted(unknown)}")
        if side.get("active") is None:
            raise SetupError(f"position.{seat}.active: each player needs an Active Pokémon")
        bench = side.get("bench") or []
        if not isinstance(bench, list) or len(bench) > 5:
            raise SetupError(f"position.{seat}.bench: a list of at most 5 Pokémon")
        sides[seat] = {
            **{z: _cards(cards, side.get(z), f"position.{seat}.{z}") for z in ZONES},
            "active": _mon(cards, side["active"], f"position.{seat}.active"),
            "bench": [_mon(cards, m, f"position.{seat}.bench[{i}]") for i, m in enumerate(bench)],
        }
    stadium = None
    if raw.get("stadium") is not None:
        st = raw["stadium"]
        if isinstance(st, str):
            st = {"card": st, "owner": current}
        if not isinstance(st, Mapping) or st.get("owner", current) not in SEAT_INDEX:
            raise SetupError("position.stadium: a card name or {card, owner}")
        card = _card(cards, st.get("card"), "position.stadium.card")
        if card.trainer != "stadium":
            raise SetupError(f"position.stadium: {card.name} is not a Stadium card")
        stadium = {"card": card.id, "owner": st.get("owner", current)}
    this_turn = raw.get("this_turn") or {}
    if not isinstance(this_turn, Mapping) or set(this_turn) - set(FLAGS):
        raise SetupError(f"position.this_turn: a mapping of {', '.join(FLAGS)} to true/false")
    _check_not_knocked_out(card_db, sides, stadium)
    return {
        "turn": turn,
        "current": current,
        "first": first,
        "sides": sides,
        "stadium": stadium,
        "this_turn": {k: bool(v) for k, v in this_turn.items()},
        "settings": dict(settings),
        "card_db": card_db,
    }
