"""Honest coverage: which cards the engine plays with every one of their effects.

A card counts as implemented only when each effect it has is resolved by the engine: every
attack that does more than its printed damage, every Poké-Power and Poké-Body, a Trainer's
effect (Item, Supporter, Stadium, Tool, Technical Machine) and a special Energy's. The test
is the one the set-up uses to refuse a deck (``by_hand.missing_effects``), so coverage and
the set-up refusal can never disagree.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from turnkeeper.rulesets.ptcg.by_hand import missing_effects
from turnkeeper.rulesets.ptcg.cards import CardDataError, CardDef, deck_list, pool

# The kinds coverage counts by, in report order.
KINDS = (
    "pokemon",
    "item",
    "supporter",
    "stadium",
    "tool",
    "tm",
    "rsm",
    "basic energy",
    "special energy",
)


def kind_of(card: CardDef) -> str:
    """The coverage kind of a card: a Pokémon, a Trainer by its kind, or basic/special Energy."""
    if card.kind == "pokemon":
        return "pokemon"
    if card.kind == "trainer":
        return card.trainer or "item"
    return "basic energy" if card.basic_energy else "special energy"


def set_order(set_id: str) -> tuple[str, int]:
    """Sort key of a set id: ex2 before ex10."""
    letters = set_id.rstrip("0123456789")
    digits = set_id[len(letters) :]
    return (letters, int(digits) if digits else 0)


@dataclass
class Coverage:
    """Implemented/total by set and kind, and what each card not fully implemented lacks."""

    # set -> kind -> [implemented, total]
    counts: dict[str, dict[str, list[int]]] = field(default_factory=dict)
    # (card id, name, kind, [missing effects]) for every card not fully implemented
    missing: list[tuple[str, str, str, list[str]]] = field(default_factory=list)

    def add(self, card: CardDef) -> None:
        kind = kind_of(card)
        lacking = missing_effects(card)
        row = self.counts.setdefault(card.set or "?", {}).setdefault(kind, [0, 0])
        row[1] += 1
        if lacking:
            self.missing.append((card.id, card.shown_name, kind, lacking))
        else:
            row[0] += 1

    def totals(self) -> tuple[int, int]:
        done = sum(row[0] for kinds in self.counts.values() for row in kinds.values())
        total = sum(row[1] for kinds in self.counts.values() for row in kinds.values())
        return done, total

    def to_dict(self) -> dict[str, Any]:
        done, total = self.totals()
        return {
            "implemented": done,
            "total": total,
            "by_set": {
                set_id: {
                    kind: {"implemented": row[0], "total": row[1]}
                    for kind, row in sorted(
                        kinds.items(),
                        key=lambda kv: KINDS.index(kv[0]) if kv[0] in KINDS else len(KINDS),
                    )
                }
                for set_id, kinds in sorted(self.counts.items(), key=lambda kv: set_order(kv[0]))
            },
            "missing": [
                {"id": cid, "name": name, "kind": kind, "missing": lacking}
                for cid, name, kind, lacking in self.missing
            ],
        }


def coverage(cards: Iterable[CardDef]) -> Coverage:
    """The coverage of ``cards`` (each distinct card id once)."""
    found = Coverage()
    seen: set[str] = set()
    for card in cards:
        if card.id not in seen:
            seen.add(card.id)
            found.add(card)
    found.missing.sort(key=lambda m: (set_order(m[0].rsplit("-", 1)[0]), _number(m[0])))
    return found


def _number(card_id: str) -> int:
    tail = card_id.rsplit("-", 1)[-1]
    return int(tail) if tail.isdigit() else 0


def set_ids(spec: str, known: Iterable[str]) -> set[str]:
    """The sets ``spec`` names: one set (``ex1``), a range in set order (``ex1..ex4``) or a
    comma-separated list of either (``ex1..ex4,ex6``); CardDataError for a set no card has."""
    sets = sorted(set(known), key=set_order)
    chosen: set[str] = set()
    for part in spec.split(","):
        first, _, last = part.strip().partition("..")
        for end in (first, last) if last else (first,):
            if end not in sets:
                raise CardDataError(
                    f"--set {spec!r}: no card of set {end!r}; sets known: {', '.join(sets)}"
                )
        if last:
            lo, hi = sets.index(first), sets.index(last)
            chosen.update(sets[min(lo, hi) : max(lo, hi) + 1])
        else:
            chosen.add(first)
    return chosen


def set_cards(set_id: str = "", card_db: str = "") -> list[CardDef]:
    """The cards of the sets ``set_id`` names (``set_ids``; ``""``: every card), in set and
    number order."""
    cards = pool(card_db).values()
    wanted = set_ids(set_id, (c.set for c in cards)) if set_id else set()
    chosen = [c for c in cards if not set_id or c.set in wanted]
    return sorted(chosen, key=lambda c: (set_order(c.set), _number(c.id), c.id))


def deck_cards(spec: str, card_db: str = "") -> list[CardDef]:
    """The cards of a deck: a bundled deck's name, or a JSON file holding a list of cards
    (ids or names, optionally ``{card, count}``) or an object with such a ``cards`` list."""
    cards = pool(card_db)
    path = Path(spec)
    if path.suffix == ".json" or path.exists():
        try:
            raw: Any = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise CardDataError(f"--deck {spec}: cannot read the deck file: {exc}") from exc
        if isinstance(raw, Mapping):
            if "cards" not in raw:
                raise CardDataError(f"--deck {spec}: a deck object needs a 'cards' list")
            raw = raw["cards"]
        ids = deck_list(raw, cards, f"--deck {spec}")
    else:
        ids = deck_list(spec, cards, "--deck")
    return [cards[i] for i in dict.fromkeys(ids)]
