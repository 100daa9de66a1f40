"""Findings of the independent check (scenarios/ptcg/independent_check*.yaml) that a scenario
file cannot show: a named position that could not be a real board is a set-up error, and a
retreat naming too little Energy is refused by the cost rule (rule text 003, step 6)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.ptcg.board import act, game, view
from turnkeeper.core.model import Action
from turnkeeper.core.ruleset import SetupError


@pytest.mark.parametrize(
    ("p1", "p2", "top", "message"),
    [
        # 50 damage on a 50 HP Mudkip: it would already be Knocked Out (ptcg-ex.md, Damage).
        (
            {"active": {"card": "Mudkip", "damage": 50}},
            {"active": "Torchic"},
            {},
            r"position\.p1\.active\.damage: 50 would Knock Out Mudkip \(50 HP\)",
        ),
        (
            {"active": "Mudkip"},
            {"active": "Torchic", "bench": ["Makuhita", {"card": "Treecko", "damage": 60}]},
            {},
            r"position\.p2\.bench\[1\]\.damage: 60 would Knock Out Treecko \(40 HP\)",
        ),
        # A Stage 2 straight on a Basic, and a Stage 1 on the wrong Basic (003, step 4).
        (
            {"active": {"card": "Swampert", "under": ["Mudkip"]}},
            {"active": "Torchic"},
            {},
            r"position\.p1\.active: Swampert does not evolve from Mudkip",
        ),
        (
            {"active": {"card": "Swampert", "under": ["Torchic", "Marshtomp"]}},
            {"active": "Torchic"},
            {},
            r"position\.p1\.active: Marshtomp does not evolve from Torchic",
        ),
    ],
)
def test_an_impossible_board_is_a_setup_error(
    p1: dict[str, Any], p2: dict[str, Any], top: dict[str, Any], message: str
) -> None:
    with pytest.raises(SetupError, match=message):
        game(p1, p2, **top)


def test_a_stadiums_hp_bonus_counts_when_checking_the_damage() -> None:
    # Low Pressure System gives Grass Pokémon 10 more HP: 40 damage leaves Treecko 10 HP.
    g = game(
        {"active": "Mudkip"},
        {"active": {"card": "Treecko", "damage": 40}},
        stadium="Low Pressure System",
    )
    treecko = view(g)["players"]["p2"]["active"]
    assert (treecko["hp"], treecko["damage"], treecko["hp_left"]) == (50, 40, 10)


def test_a_full_evolution_stack_is_accepted() -> None:
    g = game(
        {"active": {"card": "Swampert", "under": ["Mudkip", "Marshtomp"], "damage": 90}},
        {"active": "Torchic"},
    )
    swampert = view(g)["players"]["p1"]["active"]
    assert swampert["evolved_from"] == ["Mudkip", "Marshtomp"]
    assert swampert["hp_left"] == 10


def test_naming_too_little_energy_for_the_retreat_cost_is_refused_not_malformed() -> None:
    g = game(
        {
            "active": {"card": "Wailmer", "energy": ["Water Energy"] * 3},
            "bench": ["Treecko"],
        },
        {"active": "Torchic"},
    )
    short = Action("retreat", "p1", {"target": "bench1", "discard": ["Water Energy"] * 2})
    refusal = g.check(short)
    assert refusal is not None and refusal.rule == "ptcg.retreat.cost"
    assert "short of the retreat cost of 3" in refusal.reason
    act(g, "p1", "retreat", target="bench1", discard=["Water Energy"] * 3)
    board = view(g)["players"]["p1"]
    assert board["active"]["card"] == "Treecko"
    assert board["discard"] == ["Water Energy"] * 3
