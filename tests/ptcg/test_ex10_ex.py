"""The EX Unseen Forces (ex10) cards of effect_data_ex10_ex.py: Granbull's attacks, the
Pokémon-ex and the Pokémon ★, each shown both ways where it can go two ways."""

from __future__ import annotations

import pytest

from tests.ptcg.board import HEADS, TAILS, act, check_invariants, game, view
from tests.ptcg.set_cards import WAILORD, attack, defending, pending, players
from turnkeeper.core.game import Game
from turnkeeper.core.model import IllegalActionError
from turnkeeper.rulesets.ptcg.state import PtcgState

WAILORD_FIRE = {**WAILORD, "energy": ["Fire Energy"]}


def test_crushing_blow_discards_a_defending_energy_on_heads_only() -> None:
    g = attack("ex10-39", "Crushing Blow", [HEADS], defender=WAILORD_FIRE)
    assert defending(g)["damage"] == 30 and defending(g)["energy"] == []
    g = attack("ex10-39", "Crushing Blow", [TAILS], defender=WAILORD_FIRE)
    assert defending(g)["damage"] == 30 and defending(g)["energy"] == ["Fire Energy"]


def test_double_lariat_does_50_per_heads() -> None:
    assert defending(attack("ex10-39", "Double Lariat", [HEADS, HEADS]))["damage"] == 100
    assert defending(attack("ex10-39", "Double Lariat", [HEADS, TAILS]))["damage"] == 50
    assert defending(attack("ex10-39", "Double Lariat", [TAILS, TAILS]))["damage"] == 0


GOLBAT = {"card": "ex8-31", "under": ["Zubat"]}  # Evolved, 70 HP
SEEDOT = "ex8-71"  # Basic, 40 HP
BLISSEY_EX = {"card": "ex10-101", "under": ["ex10-20"]}  # 160 HP, Weakness Fighting


def answer_all(g: Game[PtcgState], seat: str = "p1", option: int = 0) -> None:
    """Answer every pending question of ``seat`` with ``option``."""
    while "pending" in view(g) and pending(g)["player"] == seat:
        act(g, seat, "choose", option=option)


def power(g: Game[PtcgState], name: str, where: str = "active") -> None:
    act(g, "p1", "use_power", pokemon=where, power=name)


# ---------------------------------------------------------------------------- Blissey ex
def test_energy_absorption_attaches_up_to_3_energy_from_the_discard_pile() -> None:
    g = attack("ex10-101", "Energy Absorption", p1={"discard": ["Fire Energy"] * 4 + ["Potion"]})
    answer_all(g)
    assert players(g)["p1"]["active"]["energy"].count("Fire Energy") == 3
    assert players(g)["p1"]["discard"] == ["Fire Energy", "Potion"]
    check_invariants(g.state)


def test_blissful_support_clears_energy_and_damage_only_in_the_turn_it_evolved() -> None:
    blissey = {**BLISSEY_EX, "energy": ["Water Energy"], "damage": 50, "evolved": True}
    golbat = {**GOLBAT, "energy": ["Fire Energy"], "damage": 20}
    g = game({"active": blissey, "bench": [golbat]}, {"active": WAILORD})
    power(g, "Blissful Support")
    assert pending(g)["options"] == ["Blissey ex (active)", "Golbat (bench1)", "done"]
    act(g, "p1", "choose", option=0)
    act(g, "p1", "choose", option=1)  # "done": Golbat keeps its Energy and counters
    p1 = players(g)["p1"]
    assert p1["active"]["energy"] == [] and p1["active"]["damage"] == 0
    assert p1["bench"][0]["energy"] == ["Fire Energy"] and p1["bench"][0]["damage"] == 20
    assert p1["discard"] == ["Water Energy"]
    check_invariants(g.state)
    g = game({"active": {**blissey, "evolved": False}}, {"active": WAILORD})
    with pytest.raises(IllegalActionError, match=r"ptcg\.power\.requirement"):
        power(g, "Blissful Support")


# ---------------------------------------------------------------------------- Espeon ex
def test_snap_tail_hits_any_opponents_pokemon_for_30() -> None:
    g = attack("ex10-102", "Snap Tail", p2={"bench": [GOLBAT]}, target="bench1")
    assert players(g)["p2"]["bench"][0]["damage"] == 30 and defending(g)["damage"] == 0
    assert defending(attack("ex10-102", "Snap Tail", target="active"))["damage"] == 30


def test_psyloop_does_30_more_per_trainer_card_the_opponent_has_in_play() -> None:
    tooled = {**WAILORD, "tool": "ex10-85"}
    assert defending(attack("ex10-102", "Psyloop", defender=tooled))["damage"] == 90
    assert defending(attack("ex10-102", "Psyloop"))["damage"] == 60


def test_devo_flash_returns_the_top_card_of_a_benched_evolved_pokemon() -> None:
    espeon = {"card": "ex10-102", "under": ["Eevee"], "evolved": True}
    g = game({"active": espeon}, {"active": WAILORD, "bench": [SEEDOT, GOLBAT]})
    power(g, "Devo Flash")
    assert pending(g)["options"] == ["Golbat (bench2)", "none"]  # Seedot is no Evolved Pokémon
    act(g, "p1", "choose", option=0)
    p2 = players(g)["p2"]
    assert p2["bench"][1]["card"] == "Zubat" and p2["hand"] == ["Golbat"]
    check_invariants(g.state)
    g = game({"active": espeon}, {"active": WAILORD, "bench": [SEEDOT]})
    with pytest.raises(IllegalActionError, match=r"ptcg\.power\.requirement"):
        power(g, "Devo Flash")


# ---------------------------------------------------------------------------- Feraligatr ex
def test_tsunami_hits_each_benched_pokemon_and_sore_spot_counts_counters() -> None:
    g = attack("ex10-103", "Tsunami", p2={"bench": [GOLBAT, SEEDOT]})
    assert defending(g)["damage"] == 30
    assert [m["damage"] for m in players(g)["p2"]["bench"]] == [10, 10]
    damaged = {**BLISSEY_EX, "damage": 30}
    assert defending(attack("ex10-103", "Sore Spot", defender=damaged))["damage"] == 30 + 100
    assert defending(attack("ex10-103", "Sore Spot", defender=BLISSEY_EX))["damage"] == 70


# ---------------------------------------------------------------------------- Ho-Oh ex
def test_rainbow_burn_does_20_more_per_basic_energy_type_attached() -> None:
    three = {"energy": ["Fire Energy", "Water Energy", "Grass Energy"]}
    assert defending(attack("ex10-104", "Rainbow Burn", mon=three))["damage"] == 70
    assert defending(attack("ex10-104", "Rainbow Burn"))["damage"] == 30  # Water only


# ---------------------------------------------------------------------------- Lugia ex
def test_elemental_blast_discards_a_fire_a_water_and_a_lightning_energy() -> None:
    lugia = {"energy": ["Fire Energy", "Water Energy", "Lightning Energy", "Water Energy"]}
    g = attack("ex10-105", "Elemental Blast", mon=lugia, p2={"bench": [SEEDOT]})
    answer_all(g)
    assert players(g)["p1"]["active"]["energy"] == ["Water Energy"]
    assert sorted(players(g)["p1"]["discard"]) == [
        "Fire Energy",
        "Lightning Energy",
        "Water Energy",
    ]


# ---------------------------------------------------------------------------- as an attack ends
LUGIA_EX = {"card": "ex10-105"}  # 100 HP, Weakness Psychic
LANTURN_MIXED = {"energy": ["Water Energy", "Fire Energy", "Water Energy"]}


def test_silver_sparkle_returns_a_picked_energy_of_the_attacker_on_heads() -> None:
    g = attack("ex10-40", "Take Down", [HEADS], mon=LANTURN_MIXED, defender=LUGIA_EX)
    assert defending(g)["damage"] == 50
    asked = pending(g)
    assert asked["player"] == "p2" and asked["options"] == ["Water Energy", "Fire Energy"]
    act(g, "p2", "choose", option=1)
    p1 = players(g)["p1"]
    assert p1["active"]["energy"] == ["Water Energy", "Water Energy"]
    assert p1["hand"] == ["Fire Energy"]
    assert g.state.current == 1 and g.state.phase == "main"  # then p2's turn
    check_invariants(g.state)


def test_silver_sparkle_does_nothing_on_tails_or_while_benched() -> None:
    g = attack("ex10-40", "Take Down", [TAILS], mon=LANTURN_MIXED, defender=LUGIA_EX)
    assert "pending" not in view(g)
    assert len(players(g)["p1"]["active"]["energy"]) == 3
    # alike Energy cards: heads returns one without asking
    g = attack("ex10-40", "Take Down", [HEADS], defender=LUGIA_EX)
    assert players(g)["p1"]["active"]["energy"] == ["Water Energy", "Water Energy"]
    assert players(g)["p1"]["hand"] == ["Water Energy"]
    # damaged on the Bench (Tsunami): no coin at all (the forced coins would run out)
    g = attack("ex10-103", "Tsunami", [], p2={"bench": [LUGIA_EX]})
    assert players(g)["p2"]["bench"][0]["damage"] == 10
    assert len(players(g)["p1"]["active"]["energy"]) == 2


HO_OH_EX = {"card": "ex10-104", "damage": 70, "energy": ["Fire Energy", "Water Energy"]}


def test_golden_wing_moves_up_to_2_energy_before_ho_oh_ex_is_knocked_out() -> None:
    g = attack("ex10-40", "Take Down", p2={"active": HO_OH_EX, "bench": [SEEDOT]})
    asked = pending(g)
    assert asked["player"] == "p2"
    assert asked["options"] == [
        "Fire Energy to Seedot (bench1)",
        "Water Energy to Seedot (bench1)",
        "done",
    ]
    act(g, "p2", "choose", option=0)
    act(g, "p2", "choose", option=0)  # the second, the last one it may move
    p2 = players(g)["p2"]
    assert p2["bench"][0]["energy"] == ["Fire Energy", "Water Energy"]
    assert "Ho-Oh ex" in p2["discard"] and len(players(g)["p1"]["prizes"]) == 4  # 2 Prizes
    check_invariants(g.state)


def test_golden_wing_is_not_used_without_a_knock_out_or_with_a_special_condition() -> None:
    g = attack("ex10-40", "Take Down", p2={"active": {**HO_OH_EX, "damage": 0}, "bench": [SEEDOT]})
    assert "pending" not in view(g) and defending(g)["damage"] == 50
    asleep = {**HO_OH_EX, "conditions": ["asleep"]}
    g = attack("ex10-40", "Take Down", p2={"active": asleep, "bench": [SEEDOT]})
    assert players(g)["p2"]["bench"][0]["energy"] == []
    assert sorted(players(g)["p2"]["discard"]) == ["Fire Energy", "Ho-Oh ex", "Water Energy"]
    g = game({"active": HO_OH_EX, "bench": [SEEDOT]}, {"active": WAILORD})
    with pytest.raises(IllegalActionError, match=r"ptcg\.power\.requirement"):
        power(g, "Golden Wing")


# ---------------------------------------------------------------------------- Meganium ex
def test_nurture_and_heal_attaches_a_grass_energy_from_the_hand_and_heals_1() -> None:
    meganium = {"card": "ex10-106", "under": ["Chikorita", "Bayleef"]}
    bench = [{"card": SEEDOT, "damage": 20}]
    g = game({"active": meganium, "bench": bench, "hand": ["Grass Energy"]}, {"active": WAILORD})
    power(g, "Nurture and Heal")
    assert pending(g)["options"] == ["Meganium ex (active)", "Seedot (bench1)"]
    act(g, "p1", "choose", option=1)
    seedot = players(g)["p1"]["bench"][0]
    assert seedot["energy"] == ["Grass Energy"] and seedot["damage"] == 10
    assert g.state.energy_played is False  # not the turn's attachment
    check_invariants(g.state)
    g = game({"active": meganium, "hand": ["Water Energy"]}, {"active": WAILORD})
    with pytest.raises(IllegalActionError, match=r"ptcg\.power\.requirement"):
        power(g, "Nurture and Heal")


def test_power_poison_discards_an_energy_and_poisons() -> None:
    g = attack("ex10-106", "Power Poison", mon={"energy": ["Grass Energy"] * 5})
    assert defending(g)["damage"] == 90 + 10  # the Poison counter between turns
    assert defending(g)["conditions"] == ["poisoned"]
    assert len(players(g)["p1"]["active"]["energy"]) == 4


# ---------------------------------------------------------------------------- Politoed ex
def test_upward_lick_does_50_to_a_stage_2_and_30_otherwise() -> None:
    typhlosion = {"card": "ex10-17", "under": ["ex10-54", "ex10-45"]}
    g = attack("ex10-107", "Upward Lick", p2={"bench": [typhlosion]}, target="bench1")
    assert players(g)["p2"]["bench"][0]["damage"] == 50
    assert defending(attack("ex10-107", "Upward Lick", target="active"))["damage"] == 30


def test_punch_and_run_switches_politoed_ex_with_a_benched_pokemon() -> None:
    g = attack("ex10-107", "Punch and Run", p1={"bench": [SEEDOT]})
    assert defending(g)["damage"] == 40
    answer_all(g)
    assert players(g)["p1"]["active"]["card"] == "Seedot"


def test_swallow_up_does_120_when_the_defending_pokemon_has_fewer_hp_left() -> None:
    hurt = {**BLISSEY_EX, "damage": 20}  # 140 left, Politoed ex has 150
    assert defending(attack("ex10-107", "Swallow Up", defender=hurt))["damage"] == 20 + 120
    assert defending(attack("ex10-107", "Swallow Up", defender=BLISSEY_EX))["damage"] == 70


# ---------------------------------------------------------------------------- Scizor ex
def test_cross_cut_does_30_more_to_an_evolved_pokemon() -> None:
    assert defending(attack("ex10-108", "Cross-Cut"))["damage"] == 80  # Wailord is Evolved
    g = attack("ex10-108", "Cross-Cut", defender={"card": "ex10-104"})  # Ho-Oh ex, Basic
    assert defending(g)["damage"] == 50


def test_danger_perception_adds_40_with_60_hp_or_less_left() -> None:
    hurt, less = {"damage": 60}, {"damage": 50}  # 60 / 70 HP left; Blissey ex is Evolved
    assert (
        defending(attack("ex10-108", "Cross-Cut", mon=hurt, defender=BLISSEY_EX))["damage"] == 120
    )
    assert defending(attack("ex10-108", "Cross-Cut", mon=less, defender=BLISSEY_EX))["damage"] == 80


def test_steel_wing_takes_20_off_the_damage_in_the_opponents_next_turn() -> None:
    lanturn = {"card": "ex10-40", "under": ["Chinchou"], "energy": ["Water Energy"] * 3}
    g = attack("ex10-108", "Steel Wing", defender=lanturn)
    assert defending(g)["damage"] == 40
    act(g, "p2", "attack", attack="Take Down")
    # and 10 less for the Metal Energy card paying Steel Wing's cost (ex1-94 on a Metal Pokémon)
    assert players(g)["p1"]["active"]["damage"] == 50 - 20 - 10


# ---------------------------------------------------------------------------- Steelix ex
def test_metal_charge_puts_a_counter_on_steelix_ex() -> None:
    g = attack("ex10-109", "Metal Charge")
    assert defending(g)["damage"] == 70 and players(g)["p1"]["active"]["damage"] == 10


def test_mudslide_discards_2_fighting_energy_and_hits_the_pick_for_100() -> None:
    g = attack("ex10-109", "Mudslide", p2={"bench": [GOLBAT]}, target="bench1")
    assert players(g)["p2"]["bench"] == []  # Golbat (70 HP) is Knocked Out
    assert players(g)["p1"]["active"]["energy"] == ["Water Energy", "Water Energy"]
    g = attack("ex10-109", "Mudslide", target="active", defender=BLISSEY_EX)
    assert defending(g)["damage"] == 100


def test_poison_resistance_keeps_steelix_ex_from_being_poisoned() -> None:
    steelix = {"card": "ex10-109", "under": ["Onix"]}
    g = attack("ex10-116", "Toxic Claws", defender=steelix)
    assert defending(g)["conditions"] == [] and defending(g)["damage"] == 20


# ---------------------------------------------------------------------------- Typhlosion ex
def test_kindle_discards_an_energy_of_each_side() -> None:
    g = attack("ex10-110", "Kindle", defender=WAILORD_FIRE)
    answer_all(g)
    assert defending(g)["damage"] == 80 and defending(g)["energy"] == []
    assert len(players(g)["p1"]["active"]["energy"]) == 3


def test_bursting_up_attaches_fire_energy_per_opponents_benched_pokemon() -> None:
    typhlosion = {"card": "ex10-110", "under": ["Cyndaquil", "Quilava"], "evolved": True}
    deck = ["Fire Energy"] * 3 + ["Potion"]
    p2 = {"active": WAILORD, "bench": [SEEDOT, GOLBAT]}
    g = game({"active": typhlosion, "bench": [SEEDOT], "deck": deck}, p2)
    power(g, "Bursting Up")
    assert pending(g)["options"] == ["Typhlosion ex (active)"]  # Seedot is no Fire Pokémon
    act(g, "p1", "choose", option=0)
    assert pending(g)["options"] == ["0 Fire Energy", "1 Fire Energy", "2 Fire Energy"]
    act(g, "p1", "choose", option=2)
    assert players(g)["p1"]["active"]["energy"] == ["Fire Energy", "Fire Energy"]
    assert players(g)["p1"]["deck_count"] == 2
    check_invariants(g.state)
    g = game({"active": typhlosion, "deck": deck}, {"active": WAILORD})
    with pytest.raises(IllegalActionError, match=r"ptcg\.power\.requirement"):
        power(g, "Bursting Up")  # the opponent has no Bench


# ---------------------------------------------------------------------------- Umbreon ex
UMBREON_EX = {"card": "ex10-112", "under": ["Eevee"]}
SWAMPERT = {"card": "ex1-13", "under": ["Mudkip", "Marshtomp"]}  # Water Call, a Poké-Power


def test_black_cry_blocks_the_defending_pokemons_powers_and_retreat_next_turn() -> None:
    p2 = {"active": SWAMPERT, "bench": [SWAMPERT], "hand": ["Water Energy"] * 2}
    g = game({"active": {**UMBREON_EX, "energy": ["Water Energy"]}}, p2)
    act(g, "p1", "attack", attack="Black Cry")
    assert defending(g)["damage"] == 20
    with pytest.raises(IllegalActionError, match=r"ptcg\.power\.effect"):
        act(g, "p2", "use_power", pokemon="active", power="Water Call")
    with pytest.raises(IllegalActionError, match=r"ptcg\.retreat\.blocked"):
        act(g, "p2", "retreat", target="bench1")
    act(g, "p2", "use_power", pokemon="bench1", power="Water Call")  # not the Defending one
    check_invariants(g.state)
    # the turn after, it may use its power again
    act(g, "p2", "end_turn")
    act(g, "p1", "end_turn")
    act(g, "p2", "use_power", pokemon="active", power="Water Call")


def test_darker_ring_switches_in_the_opponents_benched_pick() -> None:
    umbreon = {**UMBREON_EX, "evolved": True}
    g = game({"active": umbreon}, {"active": WAILORD, "bench": [SEEDOT, GOLBAT]})
    power(g, "Darker Ring")
    assert pending(g)["options"] == ["Seedot (bench1)", "Golbat (bench2)"]
    act(g, "p1", "choose", option=1)
    assert defending(g)["card"] == "Golbat"
    check_invariants(g.state)
    g = game({"active": {**UMBREON_EX, "evolved": False}}, {"active": WAILORD, "bench": [SEEDOT]})
    with pytest.raises(IllegalActionError, match=r"ptcg\.power\.requirement"):
        power(g, "Darker Ring")


def test_darkness_fang_gains_10_from_a_darkness_energy() -> None:
    dark = {"energy": ["ex10-96", "Water Energy", "Water Energy"]}
    assert defending(attack("ex10-112", "Darkness Fang", mon=dark))["damage"] == 70
    g = attack("ex10-102", "Psyloop", mon={"energy": ["Psychic Energy", "ex10-96", "Water Energy"]})
    assert defending(g)["damage"] == 60  # Espeon ex is no Darkness Pokémon: no bonus


# ---------------------------------------------------------------------------- Raikou ★
def test_meta_voltage_hurts_the_players_own_pokemon_when_ahead_on_prizes() -> None:
    ahead = {"prizes": ["Water Energy"] * 3, "bench": [GOLBAT]}
    g = attack("ex10-114", "Meta Voltage", p1=ahead, defender=BLISSEY_EX)
    p1 = players(g)["p1"]
    assert defending(g)["damage"] == 70
    assert p1["active"]["damage"] == 40 and p1["bench"][0]["damage"] == 40
    g = attack("ex10-114", "Meta Voltage", p1={"bench": [GOLBAT]}, defender=BLISSEY_EX)
    assert players(g)["p1"]["active"]["damage"] == 0
    assert players(g)["p1"]["bench"][0]["damage"] == 0


# ---------------------------------------------------------------------------- Rocket's Persian ex
def test_toxic_claws_poisons_for_2_counters() -> None:
    g = attack("ex10-116", "Toxic Claws")
    assert defending(g)["conditions"] == ["poisoned"]
    assert defending(g)["damage"] == 20 + 20


def test_night_cry_takes_a_dark_or_rockets_pokemon_while_benched() -> None:
    persian = {"card": "ex10-116", "under": ["Rocket's Meowth"]}
    deck = ["ex7-5", "ex7-46", SEEDOT, "Potion"]
    g = game({"active": SEEDOT, "bench": [persian], "deck": deck}, {"active": WAILORD})
    power(g, "Night Cry", "bench1")
    assert sorted(pending(g)["options"][:-1]) == ["Dark Houndoom", "Rocket's Meowth"]
    act(g, "p1", "choose", option=0)
    assert len(players(g)["p1"]["hand"]) == 1
    check_invariants(g.state)
    g = game({"active": persian, "deck": deck}, {"active": WAILORD})
    with pytest.raises(IllegalActionError, match=r"ptcg\.power\.requirement"):
        power(g, "Night Cry")


# ---------------------------------------------------------------------------- Celebi ex
def test_spiral_leaf_counters_on_heads_and_heals_on_tails() -> None:
    g = attack("ex10-117", "Spiral Leaf", [HEADS], p2={"bench": [GOLBAT]})
    assert defending(g)["damage"] == 10 and players(g)["p2"]["bench"][0]["damage"] == 10
    hurt = {"bench": [{**GOLBAT, "damage": 20}]}
    g = attack("ex10-117", "Spiral Leaf", [TAILS], p1=hurt, mon={"damage": 10})
    assert players(g)["p1"]["active"]["damage"] == 0
    assert players(g)["p1"]["bench"][0]["damage"] == 10
    assert defending(g)["damage"] == 0


def test_time_trap_reorders_the_opponents_top_4_on_heads_and_own_on_tails() -> None:
    deck = ["Potion", "Grass Energy", "ex7-5", "ex8-71", "Fire Energy"]
    g = attack("ex10-117", "Time Trap", [HEADS], p2={"deck": deck})
    assert defending(g)["damage"] == 30
    assert pending(g)["options"] == ["Potion", "Grass Energy", "Dark Houndoom", "Seedot"]
    for option in (3, 2, 1):
        act(g, "p1", "choose", option=option)
    # order: Seedot, Dark Houndoom, Grass Energy, Potion; then p2 draws Seedot for their turn
    top = [g.state.card(c).name for c in g.state.sides[1].deck]
    assert top == ["Dark Houndoom", "Grass Energy", "Potion", "Fire Energy"]
    assert players(g)["p2"]["hand"] == ["Seedot"]
    g = attack("ex10-117", "Time Trap", [TAILS], p1={"deck": deck})
    assert pending(g)["player"] == "p1" and len(pending(g)["options"]) == 4
    act(g, "p1", "choose", option=1)
    act(g, "p1", "choose", option=0)
    act(g, "p1", "choose", option=0)
    top = [g.state.card(c).name for c in g.state.sides[0].deck[:4]]
    assert top == ["Grass Energy", "Potion", "Dark Houndoom", "Seedot"]
