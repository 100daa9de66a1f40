"""Rule fixes in cards already implemented, each shown both ways: the retreat price the views
show (a Tool that pays it), Poké-Powers under a Body that switches Powers off, and Poké-Power
effects on a Pokémon guarded against attacks only."""

from __future__ import annotations

from tests.ptcg.board import act, game
from tests.ptcg.set_cards import WAILORD, players
from turnkeeper.rulesets.ptcg import seats

SHELLDER = {"card": "ex6-79", "energy": ["Water Energy"]}  # Retreat Cost 1
CYNDAQUIL = "ex10-54"  # a Basic Pokémon


# ---------------------------------------------------------------------------- retreat price
def test_the_views_show_no_energy_due_when_balloon_berry_pays_the_retreat() -> None:
    for berry in ("ex3-82", "ex8-84"):  # both prints: the Berry goes instead of Energy
        g = game({"active": {**SHELLDER, "tool": berry}, "bench": [CYNDAQUIL]}, {"active": WAILORD})
        assert players(g)["p1"]["active"]["retreat"] == 0, berry
        assert seats.board(g.state, "p1")["sides"]["p1"]["active"]["retreat"] == 0
        offers = [a for a in g.legal_actions("p1") if a.kind == "retreat"]
        assert offers and all(a.cost_detail["discard_energy"] == 0 for a in offers)
        act(g, "p1", "retreat", target="bench1")
        assert players(g)["p1"]["bench"][0]["energy"] == ["Water Energy"]  # none was paid


def test_the_views_show_the_retreat_cost_without_a_tool_that_pays_it() -> None:
    g = game({"active": SHELLDER, "bench": [CYNDAQUIL]}, {"active": WAILORD})
    assert players(g)["p1"]["active"]["retreat"] == 1
    assert seats.board(g.state, "p1")["sides"]["p1"]["active"]["retreat"] == 1
    offers = [a for a in g.legal_actions("p1") if a.kind == "retreat"]
    assert offers and all(a.cost_detail["discard_energy"] == 1 for a in offers)
    act(g, "p1", "retreat", target="bench1")
    assert players(g)["p1"]["discard"] == ["Water Energy"]
