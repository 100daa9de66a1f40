"""The EX Unseen Forces (ex10) special Energy and Tools of effect_data_ex10_energy.py, each
shown both ways: Fluffy Berry and Protective Orb (where they go, what they change, when they
are discarded), Darkness / Metal / Boost Energy as their earlier prints, Cyclone and Warp
Energy's switches."""

from __future__ import annotations

import pytest

from tests.ptcg.board import TAILS, act, check_invariants, game, view
from tests.ptcg.set_cards import WAILORD, attack, defending, pending, players
from turnkeeper.core.model import IllegalActionError
from turnkeeper.rulesets.ptcg.cards import bundled_cards

GRANBULL = {"card": "ex10-39", "under": ["Snubbull"]}  # Retreat Cost 2
GOLBAT = {"card": "ex8-31", "under": ["Zubat"]}  # evolves into Crobat ex (ex8-96)
SEEDOT = "ex8-71"


# ---------------------------------------------------------------------------- Fluffy Berry
def test_fluffy_berry_makes_the_retreat_cost_0() -> None:
    energy = ["Water Energy", "Water Energy"]
    g = game(
        {"active": {**GRANBULL, "energy": energy}, "bench": [SEEDOT], "hand": ["ex10-85"]},
        {"active": WAILORD},
    )
    act(g, "p1", "play_trainer", card="Fluffy Berry", target="active")
    act(g, "p1", "retreat", target="bench1")
    benched = players(g)["p1"]["bench"][0]
    assert benched["card"] == "Granbull" and benched["energy"] == energy  # nothing discarded
    check_invariants(g.state)
    # without it, the Retreat Cost of 2 is paid: both Energy cards are discarded
    g = game({"active": {**GRANBULL, "energy": energy}, "bench": [SEEDOT]}, {"active": WAILORD})
    act(g, "p1", "retreat", target="bench1")
    assert players(g)["p1"]["bench"][0]["energy"] == []
    g = game({"active": {**GRANBULL, "energy": energy[:1]}, "bench": [SEEDOT]}, {"active": WAILORD})
    with pytest.raises(IllegalActionError, match=r"ptcg\.retreat\.cost"):
        act(g, "p1", "retreat", target="bench1")


@pytest.mark.parametrize(
    "mon",
    [
        {"card": "ex8-96", "under": ["Zubat", "Golbat"]},  # a Pokémon-ex
        {"card": "ex7-5", "under": ["Houndour"]},  # a Dark Pokémon
        {"card": "ex7-46"},  # an owner in its name (Rocket's Meowth)
    ],
)
def test_fluffy_berry_is_refused_on_ex_dark_and_owners_pokemon(mon: dict[str, object]) -> None:
    g = game({"active": SEEDOT, "bench": [mon], "hand": ["ex10-85"]}, {"active": WAILORD})
    with pytest.raises(IllegalActionError, match=r"ptcg\.trainer\.condition"):
        act(g, "p1", "play_trainer", card="Fluffy Berry", target="bench1")
    offered = {a.params.get("target") for a in g.legal_actions() if a.kind == "play_trainer"}
    assert offered == {"active"}


def test_fluffy_berry_is_discarded_when_its_pokemon_evolves_into_a_pokemon_ex() -> None:
    g = game({"active": {**GOLBAT, "tool": "ex10-85"}, "hand": ["ex8-96"]}, {"active": WAILORD})
    act(g, "p1", "evolve", card="Crobat ex", target="active")
    assert players(g)["p1"]["active"]["tool"] is None
    assert "Fluffy Berry" in players(g)["p1"]["discard"]
    # evolving into a Pokémon it may stay on keeps it
    g = game(
        {"active": {"card": "Zubat", "tool": "ex10-85"}, "hand": ["ex8-31"]}, {"active": WAILORD}
    )
    act(g, "p1", "evolve", card="Golbat", target="active")
    assert players(g)["p1"]["active"]["tool"] == "Fluffy Berry"


def test_fluffy_berry_goes_when_rare_candy_makes_its_pokemon_a_pokemon_ex() -> None:
    side = {"active": {"card": "Zubat", "tool": "ex10-85"}, "hand": ["ex2-88", "ex8-96"]}
    g = game(side, {"active": WAILORD})
    act(g, "p1", "play_trainer", card="Rare Candy")
    while "pending" in view(g):
        act(g, "p1", "choose", option=0)
    active = players(g)["p1"]["active"]
    assert active["card"] == "Crobat ex" and active["tool"] is None
    assert "Fluffy Berry" in players(g)["p1"]["discard"]
    check_invariants(g.state)


# ---------------------------------------------------------------------------- Protective Orb
def test_protective_orb_takes_weakness_away() -> None:
    # Lanturn's Take Down (Lightning) on Wailord (Weakness Lightning): 50, doubled without it
    orb = {**WAILORD, "tool": "ex10-90"}
    assert defending(attack("ex10-40", "Take Down", defender=orb))["damage"] == 50
    assert defending(attack("ex10-40", "Take Down"))["damage"] == 100


@pytest.mark.parametrize(
    "mon",
    [
        {"card": SEEDOT},  # a Basic Pokémon
        {"card": "ex8-96", "under": ["Zubat", "Golbat"]},  # a Pokémon-ex
    ],
)
def test_protective_orb_is_refused_on_basic_and_ex_pokemon(mon: dict[str, object]) -> None:
    g = game({"active": GOLBAT, "bench": [mon], "hand": ["ex10-90"]}, {"active": WAILORD})
    with pytest.raises(IllegalActionError, match=r"ptcg\.trainer\.condition"):
        act(g, "p1", "play_trainer", card="Protective Orb", target="bench1")
    act(g, "p1", "play_trainer", card="Protective Orb", target="active")
    assert players(g)["p1"]["active"]["tool"] == "Protective Orb"


def test_protective_orb_is_discarded_when_its_pokemon_becomes_ex_or_basic() -> None:
    g = game({"active": {**GOLBAT, "tool": "ex10-90"}, "hand": ["ex8-96"]}, {"active": WAILORD})
    act(g, "p1", "evolve", card="Crobat ex", target="active")
    assert players(g)["p1"]["active"]["tool"] is None
    assert "Protective Orb" in players(g)["p1"]["discard"]
    # Stone Generator devolves the opponent's Evolved Pokémon: the Orb goes with the Stage
    gloom = {"card": "ex5-35", "under": ["ex5-68"], "energy": ["Grass Energy"]}
    orb = {**WAILORD, "tool": "ex10-90"}
    g = game({"active": gloom, "hand": ["ex5-85"]}, {"active": orb, "bench": [GOLBAT]})
    act(g, "p1", "play_trainer", card="ex5-85", target="active")
    act(g, "p1", "attack", attack="Stone Generator")
    p2 = players(g)["p2"]
    assert p2["active"]["card"] == "Wailmer" and p2["active"]["tool"] is None
    assert "Protective Orb" in p2["discard"]
    check_invariants(g.state)


# ---------------------------------------------------------------------------- Energy
def test_darkness_metal_and_boost_energy_provide_like_their_earlier_prints() -> None:
    cards = bundled_cards()
    assert cards["ex10-96"].provides == ("Darkness",)
    assert cards["ex10-97"].provides == ("Metal",)


def test_darkness_energy_adds_10_for_a_darkness_attacker_only() -> None:
    # Dark Houndoom (Fire and Darkness) with Darkness Energy: Shakedown 20 + 10
    houndoom = {"energy": ["ex10-96", "Fire Energy"]}
    assert defending(attack("ex7-5", "Shakedown", mon=houndoom))["damage"] == 30
    # Donphan (Fighting) paying a Colorless with it: no bonus
    donphan = {"energy": ["Fighting Energy", "ex10-96", "Water Energy"]}
    assert defending(attack("ex8-30", "Rock Hurl", mon=donphan))["damage"] == 50


def test_metal_energy_takes_10_off_a_metal_pokemon_only() -> None:
    # Lanturn's Energy Stream (Lightning, 20) on Skarmory (Metal, Weakness Lightning): 40 - 10
    skarmory = {"card": "ex8-26", "energy": ["ex10-97"]}
    assert defending(attack("ex10-40", "Energy Stream", defender=skarmory))["damage"] == 30
    assert (
        defending(attack("ex10-40", "Energy Stream", defender={"card": "ex8-26"}))["damage"] == 40
    )
    # on Nuzleaf (Grass) it takes nothing off
    nuzleaf = {"card": "ex8-43", "under": ["Seedot"], "energy": ["ex10-97"]}
    assert defending(attack("ex10-40", "Energy Stream", defender=nuzleaf))["damage"] == 20


def test_boost_energy_plays_as_the_ex8_print() -> None:
    nuzleaf = {"card": "ex8-43", "under": ["ex8-71"], "energy": ["Grass Energy"]}
    g = game({"active": nuzleaf, "hand": ["ex10-98"], "bench": [SEEDOT]}, {"active": WAILORD})
    act(g, "p1", "attach", card="Boost Energy", target="active")
    with pytest.raises(IllegalActionError, match=r"ptcg\.retreat\.blocked"):
        act(g, "p1", "retreat", target="bench1")
    act(g, "p1", "attack", attack="One-Two Strike", coins=[TAILS, TAILS])  # G+C+C paid
    assert defending(g)["damage"] == 30
    assert "Boost Energy" in players(g)["p1"]["discard"]  # gone at the end of the turn
    g = game({"active": SEEDOT, "hand": ["ex10-98"]}, {"active": WAILORD})
    with pytest.raises(IllegalActionError, match=r"ptcg\.energy\.condition"):
        act(g, "p1", "attach", card="Boost Energy", target="active")


def test_cyclone_energy_on_the_active_makes_the_opponent_switch() -> None:
    p2 = {"active": WAILORD, "bench": [SEEDOT, GOLBAT]}
    g = game({"active": GRANBULL, "hand": ["ex10-99"]}, p2)
    act(g, "p1", "attach", card="Cyclone Energy", target="active")
    asked = pending(g)
    assert asked["player"] == "p2" and len(asked["options"]) == 2
    act(g, "p2", "choose", option=1)
    assert players(g)["p2"]["active"]["card"] == "Golbat"
    assert players(g)["p1"]["active"]["energy"] == ["Cyclone Energy"]
    check_invariants(g.state)
    # onto a Benched Pokémon: no switch
    g = game({"active": GRANBULL, "bench": [SEEDOT], "hand": ["ex10-99"]}, p2)
    act(g, "p1", "attach", card="Cyclone Energy", target="bench1")
    assert "pending" not in view(g) and players(g)["p2"]["active"]["card"] == "Wailord"
    # the opponent has no Bench: nothing to switch
    g = game({"active": GRANBULL, "hand": ["ex10-99"]}, {"active": WAILORD})
    act(g, "p1", "attach", card="Cyclone Energy", target="active")
    assert "pending" not in view(g)


def test_warp_energy_on_the_active_switches_it_with_a_benched_pokemon() -> None:
    g = game(
        {"active": GRANBULL, "bench": [SEEDOT, GOLBAT], "hand": ["ex10-100"]}, {"active": WAILORD}
    )
    act(g, "p1", "attach", card="Warp Energy", target="active")
    asked = pending(g)
    assert asked["player"] == "p1" and len(asked["options"]) == 2  # no "keep" option
    act(g, "p1", "choose", option=0)
    p1 = players(g)["p1"]
    assert p1["active"]["card"] == "Seedot"
    assert p1["bench"][0]["card"] == "Granbull" and p1["bench"][0]["energy"] == ["Warp Energy"]
    check_invariants(g.state)
    # onto a Benched Pokémon: no switch
    g = game({"active": GRANBULL, "bench": [SEEDOT], "hand": ["ex10-100"]}, {"active": WAILORD})
    act(g, "p1", "attach", card="Warp Energy", target="bench1")
    assert "pending" not in view(g) and players(g)["p1"]["active"]["card"] == "Granbull"
