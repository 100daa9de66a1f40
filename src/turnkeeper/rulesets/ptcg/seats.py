"""What each seat may see: of a command in the log (``visible_command``) and of the cards
on the table (``board``, drawn by the web page as card tiles).

Hidden in the EX era (ptcg-ex.md; Pokémon TCG EX rulebook, "Parts of the game"): the
order of every deck (even its owner's), the Prize cards until taken, a player's hand from
the other player, and the Pokémon placed face down at set-up until both reveal them.
Everything played onto the table or into a discard pile is public. A seat therefore sees
which cards it drew, took as Prizes or searched out of its deck; the other seat sees how
many. The game master (``seat is None``) is never filtered.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any

from turnkeeper.core.model import Action, Event
from turnkeeper.rulesets.ptcg import cards as card_data
from turnkeeper.rulesets.ptcg import engine
from turnkeeper.rulesets.ptcg.board import slot_name
from turnkeeper.rulesets.ptcg.cards import CardDef
from turnkeeper.rulesets.ptcg.state import SEATS, Mon, PtcgState

# Zones whose cards every seat sees (in play is public too: moves there are other events).
PUBLIC_ZONES = frozenset({"discard"})

# Action kinds whose card the other seat may not see: set-up Pokémon go down face down.
FACE_DOWN_KINDS = frozenset({"place_active", "place_bench"})


# ---------------------------------------------------------------------------- the log
def visible_command(
    state: PtcgState, action: Action | None, events: Sequence[Event], seat: str
) -> tuple[dict[str, Any] | None, list[dict[str, Any]]]:
    """What ``seat`` (a player, or a spectator's stand-in) may see of one command.

    ``state`` only turns card instances into names (they are fixed after the deal), so the
    present state serves for any command of the log.
    """
    shown_action = None if action is None else action.to_dict()
    if (
        shown_action is not None
        and action is not None
        and action.kind in FACE_DOWN_KINDS
        and action.actor != seat
    ):
        shown_action["params"] = {}
    actor = None if action is None else action.actor
    return shown_action, [_visible_event(event, seat, actor) for event in events]


def _visible_event(event: Event, seat: str, actor: str | None) -> dict[str, Any]:
    data = dict(event.data)
    kind = event.type
    owner = data.get("p")
    mine = owner == seat
    if kind == "begin":
        # Each player knows their own deck list; of the other one only its size.
        decks = data.get("decks") or {}
        data["decks"] = {
            who: list(deck) if who == seat else len(deck) for who, deck in decks.items()
        }
    elif kind == "position":
        # A named board holds every hand, deck and Prize card: the board view shows what
        # the seat may see of it; the log keeps only the turn.
        data = {"turn": data.get("turn")}
    elif kind == "shuffle":
        data.pop("order", None)  # nobody knows a shuffled deck's order, its owner neither
    elif kind in ("draw", "prize") and not mine:
        data.pop("cards", None)
    elif kind == "place" and not mine:
        data.pop("card", None)  # face down until the reveal
    elif kind == "move" and not mine:
        if data.get("src") not in PUBLIC_ZONES and data.get("dst") not in PUBLIC_ZONES:
            data.pop("card", None)
    elif kind == "deck_top" and not mine:
        data = {"p": owner, "n": len(data.get("order") or [])}
    elif kind == "ask" and not mine:
        data.pop("options", None)
        data.pop("data", None)
    elif kind == "ask" and _holds_secret(data):
        data.pop("data", None)  # it names a face-down card of the other player (Unown ?)
    elif kind == "answer" and not mine:
        data.pop("label", None)  # the option may name a card of a hidden zone
    elif kind == "note" and data.get("what") == "hand" and seat not in (owner, actor):
        data.pop("cards", None)  # a hand shown to the player whose card looks at it
    return {"type": kind, "data": copy.deepcopy(data)}


def _holds_secret(data: Mapping[str, Any]) -> bool:
    """Whether an ask's question state keeps a card the asked player may not see (a
    question's ``st["secret"]``: the face-down card of Unown ?'s guess)."""
    inner = data.get("data")
    st = inner.get("st") if isinstance(inner, Mapping) else None
    return isinstance(st, Mapping) and bool(st.get("secret"))


# ---------------------------------------------------------------------------- the board
_FACTS: dict[tuple[str, str], dict[str, Any]] = {}  # (card_db, card id) -> its facts


def card_facts(card: CardDef, card_db: str) -> dict[str, Any]:
    """One card's facts for a card tile (the project's card data: no card text), plus, when
    the game's own card database ships them, its image URLs and the printed texts of its
    attacks, Poké-Powers and Bodies and rules, read at run time (never stored here)."""
    key = (card_db, card.id)
    found = _FACTS.get(key)
    if found is not None:
        return found
    facts = card.to_dict()
    if card.attacks:
        facts["attacks"] = [
            {
                "name": a.name,
                "cost": list(a.cost),
                "damage": f"{a.damage}{a.modifier}" if a.damage or a.modifier else "",
            }
            for a in card.attacks
        ]
    raw = _raw_card(card_db, card.id)
    if raw is not None:
        images = raw.get("images")
        if isinstance(images, Mapping):
            for size in ("small", "large"):
                url = images.get(size)
                if isinstance(url, str) and url.startswith(("https://", "http://")):
                    facts.setdefault("images", {})[size] = url
        texts = {}
        for part in ("attacks", "abilities"):
            for entry in raw.get(part) or []:
                if isinstance(entry, Mapping) and entry.get("text") and entry.get("name"):
                    texts[str(entry["name"])] = str(entry["text"])
        rules = raw.get("rules")
        if isinstance(rules, list) and rules:
            texts[""] = " ".join(str(line) for line in rules)
        if texts:
            facts["texts"] = texts  # from the user's database, at run time
    _FACTS[key] = facts
    return facts


def _raw_card(card_db: str, card_id: str) -> Mapping[str, Any] | None:
    if not card_db:
        return None
    try:
        return card_data._raw_cards(card_db).get(card_id)
    except (OSError, ValueError, card_data.CardDataError):
        return None  # the game was set up from it; a database gone since only loses extras


def board(state: PtcgState, seat: str | None = None) -> dict[str, Any]:
    """The table as ``seat`` sees it, by card id, with the facts of every card shown.

    Hands are card ids for their owner (and the game master), a count otherwise; Pokémon
    in play are tiles (HP, damage counters, Special Conditions, Energy, Tool, the cards
    beneath); discard piles and the Stadium are public; decks and Prizes are counts.
    """
    s = state
    shown: set[int] = set()
    sides: dict[str, Any] = {}
    for i, who in enumerate(SEATS):
        side = s.sides[i] if s.sides else None
        if side is None:
            continue
        mine = seat is None or seat == who
        face_down = s.phase in ("setup", "first") and not mine
        data: dict[str, Any] = {
            "hand_count": len(side.hand),
            "deck_count": len(side.deck),
            "prize_count": len(side.prizes),
            "discard": _ids(s, side.discard, shown),
            "supporter": _ids(s, [side.supporter], shown)[0] if side.supporter >= 0 else None,
            "hand": _ids(s, side.hand, shown) if mine else None,
            "active": None,
            "bench": [],
            "face_down": 0,
        }
        if face_down:
            data["face_down"] = len(side.in_play())
        else:
            if side.active is not None:
                data["active"] = _tile(s, side.active, 0, shown)
            data["bench"] = [_tile(s, m, n + 1, shown) for n, m in enumerate(side.bench)]
        sides[who] = data
    stadium = _ids(s, [s.stadium], shown)[0] if s.stadium >= 0 else None
    # a card's question waiting for its answer: who answers, and what is asked (public; the
    # options are the answering seat's legal ``choose`` actions)
    pending = None
    if s.pending is not None:
        pending = {"player": s.pending["p"], "prompt": s.pending["prompt"]}
    return {
        "seat": seat if seat in SEATS else None,
        "phase": s.phase,
        "turn": s.turn,
        "current": SEATS[s.current],
        "sides": sides,
        "stadium": stadium,
        "pending": pending,
        "promote": [SEATS[p] for p in s.promote] if s.phase == "promote" else [],
        "cards": {s.cards[c]: card_facts(s.card(c), s.card_db) for c in sorted(shown)},
    }


def _ids(s: PtcgState, instances: Sequence[int], shown: set[int]) -> list[str]:
    shown.update(instances)
    return [s.cards[c] for c in instances]


def _tile(s: PtcgState, mon: Mon, slot: int, shown: set[int]) -> dict[str, Any]:
    hp = engine.max_hp(s, mon)
    return {
        "slot": slot_name(slot),
        "card": _ids(s, [mon.top], shown)[0],
        "under": _ids(s, mon.stack[:-1], shown),
        "hp": hp,
        "damage": mon.damage,
        "hp_left": max(0, hp - mon.damage),
        "counters": mon.damage // 10,  # a damage counter is 10 HP of damage
        "conditions": mon.conditions(),
        "energy": _ids(s, mon.energy, shown),
        "tool": _ids(s, [mon.tool], shown)[0] if mon.tool >= 0 else None,
        "retreat": engine.retreat_energy_due(s, mon),  # what retreating takes
    }
