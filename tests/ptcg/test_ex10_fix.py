"""Evolution bookkeeping (every way of evolving goes through ``lasting.evolve_onto``), the
printed Basic Pokémon of Blissey ex and Scizor ex, and the per-Pokémon switches of Poké-Powers
and Poké-Bodies (Energy Root ex10-83, Overpowering Fang of Feraligatr ex ex10-103)."""

from __future__ import annotations

from typing import Any

from tests.ptcg.board import act, check_invariants, game, view
from tests.ptcg.set_cards import WAILORD, players
from turnkeeper.core.model import Action

AMPHAROS = {"card": "ex7-2", "under": ["ex7-67", "ex7-33"]}  # Dark Ampharos: Darkest Impulse


def _answer_all(g: Any, seat: str) -> None:
    while "pending" in view(g):
        act(g, seat, "choose", option=0)


# ---------------------------------------------------------------------------- evolution bookkeeping
def test_darkest_impulse_hits_a_pokemon_evolved_by_rare_candy() -> None:
    p2 = {"active": "Mudkip", "hand": ["Rare Candy", "Swampert"]}
    g = game({"active": WAILORD, "bench": [AMPHAROS]}, p2, current="p2", turn=4)
    act(g, "p2", "play_trainer", card="Rare Candy")
    _answer_all(g, "p2")
    active = players(g)["p2"]["active"]
    assert active["card"] == "Swampert" and active["damage"] == 20
    # the player's own Dark Ampharos leaves their own evolution alone
    g = game({"active": WAILORD}, {**p2, "bench": [AMPHAROS]}, current="p2", turn=4)
    act(g, "p2", "play_trainer", card="Rare Candy")
    _answer_all(g, "p2")
    active = players(g)["p2"]["active"]
    assert active["card"] == "Swampert" and active["damage"] == 0
    check_invariants(g.state)


def test_darkest_impulse_spares_an_evolution_from_the_deck() -> None:
    # Wally's Training puts the card from the deck: no Evolution card played from the hand
    p2 = {"active": "Mudkip", "hand": ["Wally's Training"], "deck": ["Marshtomp"]}
    g = game({"active": WAILORD, "bench": [AMPHAROS]}, p2, current="p2", turn=4)
    act(g, "p2", "play_trainer", card="Wally's Training")
    _answer_all(g, "p2")
    active = players(g)["p2"]["active"]
    assert active["card"] == "Marshtomp" and active["damage"] == 0
    # the same evolution from the hand is hit
    p2 = {"active": "Mudkip", "hand": ["Marshtomp"]}
    g = game({"active": WAILORD, "bench": [AMPHAROS]}, p2, current="p2", turn=4)
    act(g, "p2", "evolve", card="Marshtomp", target="active")
    assert players(g)["p2"]["active"]["damage"] == 20


def test_wallys_training_into_a_pokemon_ex_discards_scramble_energy() -> None:
    golbat = {"card": "ex8-31", "under": ["Zubat"], "energy": ["ex8-95"]}
    side = {"active": golbat, "hand": ["Wally's Training"], "deck": ["ex8-96"]}
    g = game(side, {"active": WAILORD})
    act(g, "p1", "play_trainer", card="Wally's Training")
    _answer_all(g, "p1")
    active = players(g)["p1"]["active"]
    assert active["card"] == "Crobat ex" and active["energy"] == []
    assert "Scramble Energy" in players(g)["p1"]["discard"]
    check_invariants(g.state)
    # into a Pokémon that is no Pokémon-ex, Scramble Energy stays
    zubat = {"card": "Zubat", "energy": ["ex8-95"]}
    g = game({**side, "active": zubat, "deck": ["ex8-31"]}, {"active": WAILORD})
    act(g, "p1", "play_trainer", card="Wally's Training")
    _answer_all(g, "p1")
    active = players(g)["p1"]["active"]
    assert active["card"] == "Golbat" and active["energy"] == ["Scramble Energy"]


def test_baby_evolution_sets_off_darkest_impulse_before_its_counters_go() -> None:
    # Baby Evolution puts the card from the hand: Darkest Impulse acts (its note), then the
    # power's own last step removes every damage counter, those 2 included
    cleffa = {"card": "ex10-21", "damage": 10}
    g = game(
        {"active": WAILORD, "bench": [cleffa], "hand": ["ex10-53"]},
        {"active": WAILORD, "bench": [AMPHAROS]},
    )
    events = act(g, "p1", "use_power", power="Baby Evolution", pokemon="bench1")
    _answer_all(g, "p1")
    assert players(g)["p1"]["bench"][0]["damage"] == 0
    assert any(e.data.get("name") == "Darkest Impulse" for e in events)
    g = game(
        {"active": WAILORD, "bench": [cleffa], "hand": ["ex10-53"]},
        {"active": WAILORD},
    )
    events = act(g, "p1", "use_power", power="Baby Evolution", pokemon="bench1")
    assert not any(e.data.get("name") == "Darkest Impulse" for e in events)


# ---------------------------------------------------------------------------- printed Basics
def test_blissey_ex_and_scizor_ex_evolve_from_the_plain_pokemon() -> None:
    pairs = (("ex10-20", "ex1-96", "ex10-101"), ("ex10-46", "ex1-102", "ex10-108"))
    for plain, basic_ex, into in pairs:
        g = game({"active": plain, "hand": [into]}, {"active": WAILORD})
        name = g.state.card(g.state.sides[0].hand[0]).name
        act(g, "p1", "evolve", card=name, target="active")
        assert players(g)["p1"]["active"]["card"] == name
        # the Basic Pokémon-ex of the same name is not what it evolves from
        g = game({"active": basic_ex, "hand": [into]}, {"active": WAILORD})
        refusal = g.check(Action("evolve", "p1", {"card": name, "target": "active"}))
        assert refusal is not None and refusal.rule == "ptcg.evolve.matches"
