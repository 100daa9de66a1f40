"""EX Team Rocket Returns (ex7): the primitives of vocab_ex7.py, the Dark / Rocket's rules of
rockets.py, and the ex7 cards built from them (effect_data_ex7.py), each shown both ways:
doing its work, and doing nothing or refusing where it must."""

from __future__ import annotations

from typing import Any

import pytest

from tests.ptcg.board import HEADS, TAILS, act, check_invariants, game, view
from turnkeeper.core.model import IllegalActionError
from turnkeeper.core.ruleset import SetupError
from turnkeeper.rulesets.ptcg import rockets
from turnkeeper.rulesets.ptcg.cards import bundled_cards

WAILORD = {"card": "ex1-14", "under": ["Wailmer"]}  # 120 HP, Weakness Lightning
SWAMPERT = {"card": "ex1-23", "under": ["Mudkip", "Marshtomp"]}  # a Stage 2, Weakness Grass
ALLOW = {"allow_unimplemented": True}
DARK_CROBAT = {"card": "ex7-3", "under": ["ex7-82", "ex7-34"]}
DARK_HOUNDOOM = {"card": "ex7-37", "under": ["ex7-59"]}


def players(g: Any) -> dict[str, Any]:
    found: dict[str, Any] = view(g)["players"]
    return found


def damage(g: Any, seat: str = "p2", where: str = "active") -> int:
    side = players(g)[seat]
    mon = side["active"] if where == "active" else side["bench"][int(where[-1]) - 1]
    found: int = mon["damage"]
    return found


# ---------------------------------------------------------------------------- rockets.py
def test_dark_and_rockets_names() -> None:
    assert rockets.is_dark("Dark Tyranitar") and not rockets.is_dark("Tyranitar")
    assert not rockets.is_dark("Darkrai")  # the word Dark, not the letters
    assert rockets.is_rockets("Rocket's Meowth") and not rockets.is_rockets("Meowth")
    cards = bundled_cards()
    dark = rockets.DarkCards()
    assert dark.matches(cards["ex7-19"]) and not dark.matches(cards["ex7-46"])
    assert rockets.DarkCards(rockets_too=True).matches(cards["ex7-46"])
    assert not dark.matches(cards["ex7-62"])  # Larvitar
    machine = rockets.ToolOrMachine()
    assert machine.matches(cards["ex7-84"]) and not machine.matches(cards["ex7-89"])


def test_rockets_secret_machines_are_their_own_trainer_kind() -> None:
    cards = bundled_cards()
    for card_id in ("ex7-84", "ex7-85", "ex7-91", "ex7-92", "ex7-93"):
        assert cards[card_id].trainer == "rsm" and rockets.is_secret_machine(cards[card_id])
    assert not rockets.is_secret_machine(cards["ex7-89"])  # an Item


def test_r_energy_adds_10_only_to_the_defending_pokemon() -> None:
    houndoom = {**DARK_HOUNDOOM, "energy": ["Fire Energy", "R Energy"]}
    g = game({"active": houndoom}, {"active": WAILORD})
    act(g, "p1", "attack", attack="Fire Payback")
    assert damage(g) == 50  # 40 + 10
    g = game({"active": {**DARK_HOUNDOOM, "energy": ["Fire Energy"] * 3}}, {"active": WAILORD})
    act(g, "p1", "attack", attack="Fire Payback")
    assert damage(g) == 40


# ---------------------------------------------------------------------------- vocab_ex7.py
def test_swallow_up_needs_the_defending_pokemon_to_have_less_hp_left() -> None:
    arbok = {"card": "ex7-29", "under": ["Ekans"], "energy": ["Grass Energy"]}
    g = game({"active": arbok}, {"active": WAILORD})
    act(g, "p1", "attack", attack="Swallow Up")
    assert damage(g) == 10  # 120 left against Dark Arbok's 90
    g = game({"active": arbok}, {"active": {**WAILORD, "damage": 50}})
    act(g, "p1", "attack", attack="Swallow Up")
    assert damage(g) == 50 + 40  # 70 left: +30


def test_fire_payback_needs_fewer_benched_pokemon() -> None:
    houndoom = {**DARK_HOUNDOOM, "energy": ["Fire Energy"] * 3}
    g = game({"active": houndoom}, {"active": WAILORD, "bench": ["Torchic", "Treecko"]})
    act(g, "p1", "attack", attack="Fire Payback")
    assert damage(g) == 60
    g = game({"active": houndoom, "bench": ["Mudkip"]}, {"active": WAILORD, "bench": ["Torchic"]})
    act(g, "p1", "attack", attack="Fire Payback")
    assert damage(g) == 40


def test_hyper_splash_adds_40_against_a_stage_2() -> None:
    suicune = {"card": "ex7-105", "energy": ["Water Energy"] * 3}
    g = game({"active": suicune}, {"active": SWAMPERT}, settings=ALLOW)
    act(g, "p1", "attack", attack="Hyper Splash")
    assert damage(g) == 90
    g = game({"active": suicune}, {"active": WAILORD}, settings=ALLOW)
    act(g, "p1", "attack", attack="Hyper Splash")
    assert damage(g) == 50


def test_thunder_slash_paralyzes_a_basic_only_and_is_barred_next_turn() -> None:
    flaaffy = {"card": "ex7-33", "under": ["Mareep"], "energy": ["Lightning Energy"] * 2}
    g = game({"active": flaaffy}, {"active": "Torchic"})
    act(g, "p1", "attack", attack="Thunder Slash")
    assert players(g)["p2"]["active"]["conditions"] == ["paralyzed"]
    act(g, "p2", "end_turn")
    with pytest.raises(IllegalActionError, match=r"ptcg\.attack\.effect"):
        act(g, "p1", "attack", attack="Thunder Slash")
    act(g, "p1", "attack", attack="Headbutt")  # its other attack is allowed
    g = game({"active": flaaffy}, {"active": WAILORD})
    act(g, "p1", "attack", attack="Thunder Slash")
    assert players(g)["p2"]["active"]["conditions"] == []  # an Evolved Pokémon: no Paralysis


def test_spring_back_needs_the_opponent_at_one_prize() -> None:
    treecko = {"card": "ex7-109", "energy": ["Grass Energy"] * 2}
    g = game({"active": treecko}, {"active": WAILORD, "prizes": ["Fire Energy"]})
    act(g, "p1", "attack", attack="Spring Back")
    # 70, and 10 more for Poison between turns (the attack ended the turn)
    assert damage(g) == 80 and players(g)["p2"]["active"]["conditions"] == ["poisoned"]
    g = game({"active": treecko}, {"active": WAILORD})
    act(g, "p1", "attack", attack="Spring Back")
    assert damage(g) == 20 and players(g)["p2"]["active"]["conditions"] == []


def test_get_even_counts_the_prize_lead_only() -> None:
    heracross = {"card": "ex7-43", "energy": ["Fighting Energy"] * 2}
    g = game(
        {"active": heracross, "prizes": ["Water Energy"] * 5},
        {"active": WAILORD, "prizes": ["Fire Energy"] * 2},
        settings=ALLOW,
    )
    act(g, "p1", "attack", attack="Get Even")
    assert damage(g) == 20 + 30
    g = game(
        {"active": heracross, "prizes": ["Water Energy"] * 2}, {"active": WAILORD}, settings=ALLOW
    )
    act(g, "p1", "attack", attack="Get Even")
    assert damage(g) == 20


def test_dark_ring_counts_the_players_darkness_pokemon() -> None:
    # (Dark Metal Energy: no Darkness Energy bonus to muddle the figures)
    sneasel = {"card": "ex7-103", "energy": ["Dark Metal Energy"] * 3}
    g = game({"active": sneasel, "bench": ["ex7-98", "Mudkip"]}, {"active": WAILORD})
    act(g, "p1", "attack", attack="Dark Ring")
    assert damage(g) == 30 + 20  # itself and Rocket's Hitmonchan ex, not Mudkip
    g = game({"active": sneasel, "bench": ["Mudkip"]}, {"active": WAILORD})
    act(g, "p1", "attack", attack="Dark Ring")
    assert damage(g) == 30 + 10


def test_energy_press_counts_basic_energy_cards_only() -> None:
    magcargo = {"card": "ex7-38", "under": ["ex7-77"]}
    g = game(
        {"active": {**magcargo, "energy": ["Fire Energy", "Fire Energy"]}}, {"active": WAILORD}
    )
    act(g, "p1", "attack", attack="Energy Press")
    assert damage(g) == 10 + 20
    energy = ["Fire Energy", "Dark Metal Energy"]
    g = game({"active": {**magcargo, "energy": energy}}, {"active": WAILORD})
    act(g, "p1", "attack", attack="Energy Press")
    assert damage(g) == 10 + 10


def test_water_punch_flips_a_coin_per_water_energy() -> None:
    azumarill = {"card": "ex7-1", "under": ["Marill"]}
    energy = ["Water Energy", "Water Energy", "Grass Energy"]
    g = game({"active": {**azumarill, "energy": energy}}, {"active": WAILORD}, settings=ALLOW)
    act(g, "p1", "attack", attack="Water Punch", coins=[HEADS, HEADS])  # two coins, not three
    assert damage(g) == 60
    g = game({"active": {**azumarill, "energy": energy}}, {"active": WAILORD}, settings=ALLOW)
    act(g, "p1", "attack", attack="Water Punch", coins=[TAILS, TAILS])
    assert damage(g) == 20


def test_dark_drain_hits_every_pokemon_and_heals_per_opposing_pokemon() -> None:
    crobat = {**DARK_CROBAT, "energy": ["Grass Energy"] * 2, "damage": 50}
    g = game({"active": crobat}, {"active": WAILORD, "bench": ["Torchic", "Treecko"]})
    act(g, "p1", "attack", attack="Dark Drain")
    assert damage(g) == 10 and damage(g, where="bench1") == 10 and damage(g, where="bench2") == 10
    assert damage(g, "p1") == 50 - 30
    g = game({"active": {**crobat, "damage": 0}}, {"active": WAILORD})
    act(g, "p1", "attack", attack="Dark Drain")
    assert damage(g, "p1") == 0 and damage(g) == 10


def test_miraculous_comeback_heads_hit_the_defending_tails_hit_itself() -> None:
    meowth = {"card": "ex7-46", "energy": ["Dark Metal Energy"] * 2}
    g = game(
        {"active": meowth, "bench": ["Mudkip"]},
        {"active": WAILORD, "bench": ["Torchic"]},
        settings=ALLOW,
    )
    act(g, "p1", "attack", attack="Miraculous Comeback", coins=[HEADS, HEADS, TAILS, HEADS])
    assert damage(g) == 30 and damage(g, "p1") == 10
    g = game({"active": meowth}, {"active": WAILORD}, settings=ALLOW)
    act(g, "p1", "attack", attack="Miraculous Comeback", coins=[TAILS, TAILS])
    assert damage(g) == 0 and damage(g, "p1") == 20
    check_invariants(g.state)


# ---------------------------------------------------------------------------- powers
def test_evolutionary_light_works_only_while_active() -> None:
    dragonair = {"card": "ex7-31", "under": ["ex7-52"]}
    deck = ["ex7-15", "Water Energy"]
    g = game({"active": dragonair, "deck": deck}, {"active": WAILORD})
    act(g, "p1", "use_power", pokemon="active", power="Evolutionary Light")
    act(g, "p1", "choose", option=0)
    assert players(g)["p1"]["hand"] == ["Dark Dragonite"]
    g = game({"active": "Mudkip", "bench": [dragonair], "deck": deck}, {"active": WAILORD})
    with pytest.raises(IllegalActionError, match=r"ptcg\.power\.requirement"):
        act(g, "p1", "use_power", pokemon="bench1", power="Evolutionary Light")


def test_black_beam_poisons_the_defending_pokemon_while_active() -> None:
    g = game({"active": DARK_CROBAT}, {"active": WAILORD})
    act(g, "p1", "use_power", pokemon="active", power="Black Beam")
    assert players(g)["p2"]["active"]["conditions"] == ["poisoned"]
    g = game({"active": "Mudkip", "bench": [DARK_CROBAT]}, {"active": WAILORD})
    with pytest.raises(IllegalActionError, match=r"ptcg\.power\.requirement"):
        act(g, "p1", "use_power", pokemon="bench1", power="Black Beam")


def test_an_unimplemented_ex7_card_is_refused_at_set_up() -> None:
    with pytest.raises(SetupError, match="Dark Aid"):
        game({"active": "Rocket's Wobbuffet"}, {"active": WAILORD})


def test_dark_trance_moves_darkness_energy_cards_as_often_as_liked_and_no_r_energy() -> None:
    dragonite = {"card": "ex7-15", "under": ["ex7-52", "ex7-31"]}
    energy = ["Darkness Energy", "Darkness Energy", "R Energy"]
    g = game({"active": {**dragonite, "energy": energy}, "bench": ["ex7-52"]}, {"active": WAILORD})
    for _ in range(2):
        act(g, "p1", "use_power", pokemon="active", power="Dark Trance")
        options = view(g)["pending"]["options"]
        assert all("R Energy" not in o for o in options)
        act(g, "p1", "choose", option=options.index(next(o for o in options if "bench1" in o)))
    assert players(g)["p1"]["bench"][0]["energy"] == ["Darkness Energy", "Darkness Energy"]
    assert players(g)["p1"]["active"]["energy"] == ["R Energy"]
    g = game(
        {"active": {**dragonite, "energy": ["R Energy"]}, "bench": ["ex7-52"]}, {"active": WAILORD}
    )
    with pytest.raises(IllegalActionError, match=r"ptcg\.power\.requirement"):
        act(g, "p1", "use_power", pokemon="active", power="Dark Trance")  # no Darkness Energy card
