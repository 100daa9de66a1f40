"""Rule fixes in cards already implemented, each shown both ways: the retreat price the views
show (a Tool that pays it), Poké-Powers under a Body that switches Powers off, and Poké-Power
effects on a Pokémon guarded against attacks only."""

from __future__ import annotations

import pytest

from tests.ptcg.board import HEADS, TAILS, act, game, view
from tests.ptcg.set_cards import WAILORD, attack, attacker, pending, players
from turnkeeper.core.model import IllegalActionError
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
        assert offers and all((a.cost_detail or {})["discard_energy"] == 0 for a in offers)
        act(g, "p1", "retreat", target="bench1")
        assert players(g)["p1"]["bench"][0]["energy"] == ["Water Energy"]  # none was paid


def test_the_views_show_the_retreat_cost_without_a_tool_that_pays_it() -> None:
    g = game({"active": SHELLDER, "bench": [CYNDAQUIL]}, {"active": WAILORD})
    assert players(g)["p1"]["active"]["retreat"] == 1
    assert seats.board(g.state, "p1")["sides"]["p1"]["active"]["retreat"] == 1
    offers = [a for a in g.legal_actions("p1") if a.kind == "retreat"]
    assert offers and all((a.cost_detail or {})["discard_energy"] == 1 for a in offers)
    act(g, "p1", "retreat", target="bench1")
    assert players(g)["p1"]["discard"] == ["Water Energy"]


# ---------------------------------------------------------------------------- one Power check
URSARING = {"under": ["ex10-77"]}  # Intimidating Ring: the opponent's Basic Pokémon's Powers
MEDICHAM = {"card": "ex9-95", "under": ["Meditite"]}  # Wise Aura: every Power but a Pokémon-ex's
HO_OH_EX = {"card": "ex10-104", "damage": 70, "energy": ["Fire Energy", "Water Energy"]}
SEEDOT = "ex8-71"
EEVEE_DECK = ["ex10-19", "ex10-5"]  # Vaporeon (Water), Flareon (Fire)


def test_golden_wing_is_not_used_under_a_ban_on_basic_pokemons_powers() -> None:
    # Ursaring's Rock Smash (40) Knocks Out Ho-Oh ex (110 HP, 70 damage), a Basic Pokémon
    g = attack("ex10-18", "Rock Smash", mon=URSARING, p2={"active": HO_OH_EX, "bench": [SEEDOT]})
    assert "pending" not in view(g)
    assert players(g)["p2"]["bench"][0]["energy"] == []
    assert sorted(players(g)["p2"]["discard"]) == ["Fire Energy", "Ho-Oh ex", "Water Energy"]
    # the same Knock Out by a Pokémon without that Body: Golden Wing is offered
    g = attack("ex10-40", "Take Down", p2={"active": HO_OH_EX, "bench": [SEEDOT]})
    assert pending(g)["player"] == "p2" and pending(g)["options"][-1] == "done"


def test_energy_evolution_is_not_used_under_a_body_that_stops_its_power() -> None:
    eevee = {"active": "ex10-55", "hand": ["Fire Energy"], "deck": EEVEE_DECK}
    opponents = (
        {"active": {"card": "ex10-18", **URSARING}},  # Intimidating Ring: Eevee is Basic
        {"active": MEDICHAM},  # Wise Aura
    )
    for p2 in opponents:
        g = game(eevee, p2)
        act(g, "p1", "attach", card="Fire Energy", target="active")
        assert g.state.phase == "main" and "pending" not in view(g), p2
        assert players(g)["p1"]["active"]["id"] == "ex10-55"
    g = game(eevee, {"active": WAILORD})  # no such Body: the power asks
    act(g, "p1", "attach", card="Fire Energy", target="active")
    assert pending(g)["options"] == ["Flareon", "nothing"]


def test_a_power_used_as_an_action_is_refused_by_the_same_check() -> None:
    bench = [{"card": "ex9-4", "under": ["Ralts", "Kirlia"]}]  # Gardevoir's Heal Dance
    g = game({"active": WAILORD, "bench": bench}, {"active": MEDICHAM})
    with pytest.raises(IllegalActionError, match=r"Wise Aura.*ptcg\.power\.body"):
        act(g, "p1", "use_power", power="Heal Dance", pokemon="bench1")


# ---------------------------------------------------------------------------- attack guards
SCYTHER = "ex10-46"  # Agility: on heads, every effect of the opponent's attacks kept off
JOLTEON_STAR = "ex16-101"  # Yellow Ray: benched from the hand, 1 counter on each Active
FLAREON_STAR = "ex16-100"  # Crimson Ray: benched from the hand, each Active Burned


def test_a_guard_against_attacks_does_not_stop_a_poke_powers_counters_or_conditions() -> None:
    for coin in (HEADS, TAILS):  # guarded or not, the Power is no attack: its counter lands
        g = attack(SCYTHER, "Agility", [coin], p2={"hand": [JOLTEON_STAR]})
        act(g, "p2", "bench", card=JOLTEON_STAR)
        act(g, "p2", "choose", option=0)  # yes: a counter on each Active
        assert players(g)["p1"]["active"]["damage"] == 10, coin
        assert players(g)["p2"]["active"]["damage"] == 20 + 10  # Agility's 20, then 1 counter
        g = attack(SCYTHER, "Agility", [coin], p2={"hand": [FLAREON_STAR]})
        act(g, "p2", "bench", card=FLAREON_STAR)
        act(g, "p2", "choose", option=0)  # yes: each Active Burned
        assert players(g)["p1"]["active"]["conditions"] == ["burned"], coin


def test_a_guard_against_attacks_stops_an_attacks_counters() -> None:
    mew = attacker("ex13-111", "Super Psywave")  # counters: one per Energy on the picked one
    for coin, damage in ((HEADS, 0), (TAILS, 10 * 2)):  # Scyther holds 2 Energy (Agility's)
        g = attack(SCYTHER, "Agility", [coin], p2={"active": mew})
        act(g, "p2", "attack", attack="Super Psywave")
        if "pending" in view(g):
            act(g, "p2", "choose", option=0)  # Scyther, the Active
        assert players(g)["p1"]["active"]["damage"] == damage, coin
