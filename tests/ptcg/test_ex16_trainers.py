"""EX Power Keepers (ex16) Trainers and Energy, cards 71-91 and the basic Energy 103-108: the
cards of effect_data_ex16_trainers.py, each shown both ways where it can go two ways."""

from __future__ import annotations

import pytest

from tests.ptcg.board import HEADS, act, check_invariants, game, view
from tests.ptcg.set_cards import ALLOW, WAILORD, attacker, defending, pending, players
from turnkeeper.core.model import Action, IllegalActionError
from turnkeeper.rulesets.ptcg import registry as reg
from turnkeeper.rulesets.ptcg.by_hand import missing_effects
from turnkeeper.rulesets.ptcg.cards import bundled_cards
from turnkeeper.rulesets.ptcg.effect_data_ex16_trainers import (
    ENERGY_REPRINTS,
    FOSSIL_REPRINTS,
    REPRINTS,
    STADIUM_REPRINTS,
)

REPRINTED = [
    *((card, same_as, reg.TRAINERS) for card, same_as in REPRINTS.items()),
    *((card, same_as, reg.STADIUMS) for card, same_as in STADIUM_REPRINTS.items()),
    *((card, same_as, reg.ENERGIES) for card, same_as in ENERGY_REPRINTS.items()),
]


@pytest.mark.parametrize(("card", "same_as", "table"), REPRINTED)
def test_reprints_share_their_originals_handler(card: str, same_as: str, table: object) -> None:
    assert isinstance(table, dict) and table[card] is table[same_as]
    cards = bundled_cards()
    assert cards[card].name == cards[same_as].name
    assert missing_effects(cards[card]) == []


@pytest.mark.parametrize("card", list(FOSSIL_REPRINTS))
def test_fossil_reprints_are_fossils_with_their_originals_bodies(card: str) -> None:
    fossil = bundled_cards()[card]
    assert card in reg.FOSSILS and missing_effects(fossil) == []
    for power in fossil.powers:
        assert reg.BODIES[(card, power.name)] is reg.BODIES[(FOSSIL_REPRINTS[card], power.name)]


@pytest.mark.parametrize("number", range(103, 109))
def test_basic_energy_provides_its_type(number: int) -> None:
    card = bundled_cards()[f"ex16-{number}"]
    assert card.basic_energy and card.provides == (card.name.removesuffix(" Energy"),)
    assert missing_effects(card) == []


# ---------------------------------------------------------------------------- reprints at play
def test_energy_switch_moves_a_basic_energy_between_the_players_pokemon() -> None:
    p1 = {"active": {"card": "ex15-52", "energy": ["Fire Energy"]}, "bench": ["ex15-55"]}
    g = game({**p1, "hand": ["ex16-75"]}, {"active": WAILORD})
    act(g, "p1", "play_trainer", card="Energy Switch")
    while "pending" in view(g):
        act(g, "p1", "choose", option=0)
    p1_view = players(g)["p1"]
    assert p1_view["active"]["energy"] == [] and p1_view["bench"][0]["energy"] == ["Fire Energy"]
    check_invariants(g.state)


def test_master_ball_takes_a_pokemon_from_the_top_7() -> None:
    deck = ["Potion"] * 7 + ["ex15-55"]  # Natu δ is the 8th card: out of reach
    g = game({"active": "ex15-52", "hand": ["ex16-78"], "deck": deck}, {"active": WAILORD})
    act(g, "p1", "play_trainer", card="Master Ball")
    assert players(g)["p1"]["hand"] == []
    deck = ["ex15-55"] + ["Potion"] * 7
    g = game({"active": "ex15-52", "hand": ["ex16-78"], "deck": deck}, {"active": WAILORD})
    act(g, "p1", "play_trainer", card="Master Ball")
    if "pending" in view(g):
        act(g, "p1", "choose", option=0)
    assert players(g)["p1"]["hand"] == ["Natu δ"]


def test_professor_birch_draws_up_to_6() -> None:
    hand = ["ex16-80", "Potion"]
    g = game({"active": "ex15-52", "hand": hand, "deck": ["Fire Energy"] * 8}, {"active": WAILORD})
    act(g, "p1", "play_trainer", card="Professor Birch")
    assert len(players(g)["p1"]["hand"]) == 6


def test_darkness_energy_reprint_adds_10_for_a_darkness_attacker_only() -> None:
    natu = {"card": "ex15-55", "energy": ["ex16-87"]}  # Natu δ: Darkness, Flop 10
    g = game({"active": natu}, {"active": WAILORD})
    act(g, "p1", "attack", attack="Flop")
    assert defending(g)["damage"] == 20


def test_cyclone_and_warp_energy_reprints_switch_as_their_originals() -> None:
    bench = [{"card": "ex15-55"}]
    g = game({"active": "ex15-52", "hand": ["ex16-90"]}, {"active": WAILORD, "bench": bench})
    act(g, "p1", "attach", card="ex16-90", target="active")
    act(g, "p2", "choose", option=0)
    assert defending(g)["card"] == "Natu δ"
    g = game({"active": "ex15-52", "hand": ["ex16-91"], "bench": bench}, {"active": WAILORD})
    act(g, "p1", "attach", card="ex16-91", target="active")
    act(g, "p1", "choose", option=0)
    assert players(g)["p1"]["active"]["card"] == "Natu δ"
    # attached to a Benched Pokémon: no switch
    g = game({"active": "ex15-52", "hand": ["ex16-91"], "bench": bench}, {"active": WAILORD})
    act(g, "p1", "attach", card="ex16-91", target="bench1")
    assert players(g)["p1"]["active"]["card"] == "Larvitar δ"
    check_invariants(g.state)


def test_battle_frontier_reprint_stops_a_colorless_evolved_pokemons_power() -> None:
    delcatty = {"card": "ex1-5", "under": ["Skitty"]}  # Colorless, Evolved: Energy Draw
    me = {"active": delcatty, "hand": ["Water Energy"], "deck": ["Fire Energy"] * 3}
    energy_draw = Action("use_power", "p1", {"power": "Energy Draw", "pokemon": "active"})
    g = game(me, {"active": WAILORD}, stadium={"card": "ex16-71", "owner": "p2"})
    refusal = str(g.check(energy_draw))
    assert "ptcg.power.stadium" in refusal and "Battle Frontier" in refusal
    g = game(me, {"active": WAILORD})
    assert g.check(energy_draw) is None


# ---------------------------------------------------------------------------- Steven's Advice
def test_stevens_advice_refuses_a_hand_of_7_cards() -> None:
    deck = ["Fire Energy"] * 5
    p2 = {"active": WAILORD, "bench": ["ex15-55"]}
    hand = ["ex16-83"] + ["Potion"] * 5  # 6 cards with itself
    g = game({"active": "ex15-52", "hand": hand, "deck": deck}, p2)
    act(g, "p1", "play_trainer", card="Steven's Advice")
    assert pending(g)["options"][-1] == "draw 2"  # up to the opponent's 2 Pokémon in play
    act(g, "p1", "choose", option=len(pending(g)["options"]) - 1)
    assert len(players(g)["p1"]["hand"]) == 5 + 2
    g = game({"active": "ex15-52", "hand": [*hand, "Switch"], "deck": deck}, p2)
    with pytest.raises(IllegalActionError, match=r"ptcg\.trainer\.condition"):
        act(g, "p1", "play_trainer", card="Steven's Advice")
    # ex5-92 (more than 7 refused) plays with the same 7 cards
    g = game({"active": "ex15-52", "hand": ["ex5-92"] + ["Potion"] * 6, "deck": deck}, p2)
    act(g, "p1", "play_trainer", card="Steven's Advice")
    assert pending(g)["options"][-1] == "draw 2"


# ---------------------------------------------------------------------------- Stadiums
def _stadium(card: str) -> dict[str, str]:
    return {"card": card, "owner": "p2"}


def test_drakes_stadium_takes_10_off_a_colorless_active_pokemon() -> None:
    larvitar = attacker("ex15-52", "Horn Attack")  # 20
    mareep = {"card": "ex15-54"}  # Colorless, 40 HP
    for defender, damage in ((mareep, 10), ({"card": "ex15-55"}, 20)):
        g = game({"active": larvitar}, {"active": defender}, stadium=_stadium("ex16-72"))
        act(g, "p1", "attack", attack="Horn Attack")
        assert defending(g)["damage"] == damage
    g = game({"active": larvitar}, {"active": mareep})
    act(g, "p1", "attack", attack="Horn Attack")
    assert defending(g)["damage"] == 20


def test_glacias_stadium_takes_weakness_off_water_pokemon_but_not_pokemon_ex() -> None:
    larvitar = attacker("ex15-52", "Horn Attack")  # Lightning, 20
    g = game({"active": larvitar}, {"active": WAILORD}, stadium=_stadium("ex16-76"))
    act(g, "p1", "attack", attack="Horn Attack")
    assert defending(g)["damage"] == 20
    trapinch = attacker("ex15-68", "Dig")  # Psychic, 20
    latios = {"card": "ex15-96"}  # Latios ex δ: Water, weak to Psychic
    g = game({"active": trapinch}, {"active": latios}, settings=ALLOW, stadium=_stadium("ex16-76"))
    act(g, "p1", "attack", attack="Dig")
    assert defending(g)["damage"] == 40


def test_phoebes_stadium_lowers_a_psychic_pokemons_retreat_cost_by_2() -> None:
    stadium = _stadium("ex16-79")
    flygon = {"card": "ex15-92", "under": ["ex15-68", "ex15-42"]}  # Psychic, Retreat 2
    p1 = {"active": flygon, "bench": ["ex15-55"]}
    g = game(p1, {"active": WAILORD}, settings=ALLOW, stadium=stadium)
    assert players(g)["p1"]["active"]["retreat"] == 0
    g = game({"active": WAILORD, "bench": ["ex15-55"]}, {"active": WAILORD}, stadium=stadium)
    assert players(g)["p1"]["active"]["retreat"] == 4


def test_sidneys_stadium_keeps_sleep_confusion_and_paralysis_off_darkness_pokemon() -> None:
    natu = {"card": "ex15-55"}  # Darkness
    stadium = _stadium("ex16-82")
    g = game({"active": attacker("ex15-52", "Paralyzing Gaze")}, {"active": natu}, stadium=stadium)
    act(g, "p1", "attack", coins=[HEADS], attack="Paralyzing Gaze")
    assert defending(g)["conditions"] == []
    # Poison is not among them
    g = game({"active": attacker("ex15-57", "Poison Horn")}, {"active": natu}, stadium=stadium)
    act(g, "p1", "attack", coins=[HEADS], attack="Poison Horn")
    assert defending(g)["conditions"] == ["poisoned"]
    # a Pokémon of another type is Paralyzed
    g = game(
        {"active": attacker("ex15-52", "Paralyzing Gaze")},
        {"active": {"card": "ex15-54"}},
        stadium=stadium,
    )
    act(g, "p1", "attack", coins=[HEADS], attack="Paralyzing Gaze")
    assert defending(g)["conditions"] == ["paralyzed"]


def test_fossil_reprints_play_as_fossils() -> None:
    # Root Fossil's Spongy Stone: a counter off between turns
    g = game(
        {"active": "ex15-52", "bench": [{"card": "ex16-86", "damage": 20}]},
        {"active": WAILORD},
        settings=ALLOW,
    )
    act(g, "p1", "end_turn")
    assert players(g)["p1"]["bench"][0]["damage"] == 10
    # Claw Fossil's Jagged Stone: a counter on the attacker; Mysterious Fossil: no Paralysis
    larvitar = attacker("ex15-52", "Horn Attack")
    g = game({"active": larvitar}, {"active": {"card": "ex16-84"}}, settings=ALLOW)
    act(g, "p1", "attack", attack="Horn Attack")
    assert defending(g)["damage"] == 20 and players(g)["p1"]["active"]["damage"] == 10
    gaze = attacker("ex15-52", "Paralyzing Gaze")
    g = game({"active": gaze}, {"active": {"card": "ex16-85"}}, settings=ALLOW)
    act(g, "p1", "attack", coins=[HEADS], attack="Paralyzing Gaze")
    assert defending(g)["conditions"] == []
