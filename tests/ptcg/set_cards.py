"""What the per-set card tests (test_ex8.py, test_ex9.py, test_ex10.py) share: an attacker
built from its card with the Energy its attack costs, the attack played against Wailord (or
another defender), and the players' and the pending question's views."""

from __future__ import annotations

from typing import Any

from tests.ptcg.board import act, check_invariants, game, view
from turnkeeper.core.game import Game
from turnkeeper.rulesets.ptcg.cards import bundled_cards
from turnkeeper.rulesets.ptcg.state import PtcgState

WAILORD = {"card": "ex1-14", "under": ["Wailmer"]}  # 120 HP, Water, Weakness Lightning
ALLOW = {"allow_unimplemented": True}


def players(g: Game[PtcgState]) -> dict[str, Any]:
    found: dict[str, Any] = view(g)["players"]
    return found


def pending(g: Game[PtcgState]) -> dict[str, Any]:
    found: dict[str, Any] = view(g)["pending"]
    return found


def attacker(card_id: str, attack: str, **more: Any) -> dict[str, Any]:
    """The card as an Active Pokémon with the cards it evolves from under it and basic
    Energy paying the attack's cost (Water for each Colorless symbol)."""
    cards = bundled_cards()
    card = cards[card_id]
    found = card.attack(attack)
    assert found is not None
    under: list[str] = []
    below = card
    while below.evolves_from:
        below = next(c for c in cards.values() if c.name == below.evolves_from)
        under.insert(0, below.name)
    energy = [("Water" if c == "Colorless" else c) + " Energy" for c in found.cost]
    return {"card": card_id, "under": under, "energy": energy, **more}


def attack(
    card_id: str,
    name: str,
    coins: list[int] | None = None,
    p1: dict[str, Any] | None = None,
    p2: dict[str, Any] | None = None,
    mon: dict[str, Any] | None = None,
    defender: dict[str, Any] | None = None,
    **params: Any,
) -> Game[PtcgState]:
    g = game(
        {"active": attacker(card_id, name, **(mon or {})), **(p1 or {})},
        {"active": defender or WAILORD, **(p2 or {})},
        settings=ALLOW,
    )
    act(g, "p1", "attack", coins=coins, attack=name, **params)
    check_invariants(g.state)
    return g


def defending(g: Game[PtcgState]) -> dict[str, Any]:
    found: dict[str, Any] = players(g)["p2"]["active"]
    return found
