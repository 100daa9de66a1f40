"""EX Dragon Frontiers (ex15), cards 1-50: the cards of effect_data_ex15.py and the vocabulary
of vocab_ex15.py, each shown both ways where it can go two ways."""

from __future__ import annotations

from typing import Any

import pytest

from tests.ptcg.board import HEADS, TAILS, act, check_invariants, game, view
from tests.ptcg.set_cards import (
    ALLOW,
    WAILORD,
    attack,
    attacker,
    defending,
    pending,
    players,
)
from turnkeeper.core.model import IllegalActionError
from turnkeeper.rulesets.ptcg import registry as reg
from turnkeeper.rulesets.ptcg.board import energy_units
from turnkeeper.rulesets.ptcg.by_hand import missing_effects
from turnkeeper.rulesets.ptcg.cards import bundled_cards

CHANSEY_EX = {"card": "ex1-96"}  # a Basic Pokémon-ex, 120 HP, Colorless, Weakness Fighting
FERALIGATR = {"card": "ex15-2", "under": ["Totodile", "Croconaw"]}  # δ, 120 HP, Lightning
BARBOACH = {"card": "ex13-60"}  # no δ
HORSEA = {"card": "ex15-50"}  # δ, 40 HP
LAPRAS_EX = {"card": "ex1-99"}  # a Basic Pokémon-ex, 110 HP, Water, Weakness Lightning
WAILORD_TAKE_DOWN = attacker("ex1-14", "Take Down")  # 50, and 10 to itself

# (card, attack, coins, damage to Wailord, its Special Conditions); a Burn or Sleep coin
# between turns comes last (heads: no Burn damage; tails: it stays Asleep)
PLAIN = [
    ("ex15-20", "Spiral Drain", None, 20, []),  # Lightning: Weakness x2
    ("ex15-22", "Smokescreen", None, 20, []),
    ("ex15-27", "Scary Face", [HEADS], 0, []),
    ("ex15-50", "Sleepy Ball", [TAILS], 10, ["asleep"]),
    ("ex15-12", "Burning Ball", None, 60, []),  # no Fire Energy: no Burn
    ("ex15-13", "Burning Venom", [HEADS], 10, ["burned", "poisoned"]),  # the Poison counter
    ("ex15-13", "Strangle", None, 50, []),  # Wailord is no δ Pokémon
    ("ex15-24", "Quick Blow", [HEADS], 40, []),
    ("ex15-24", "Quick Blow", [TAILS], 20, []),
    ("ex15-33", "Flickering Flames", [TAILS], 20, ["asleep"]),
    ("ex15-36", "Quick Attack", [HEADS], 50, []),
    ("ex15-36", "Quick Attack", [TAILS], 30, []),
    ("ex15-45", "Swift", None, 30, []),
    ("ex15-3", "Extra Claws", None, 30, []),
    ("ex15-14", "Grind", None, 20, []),  # 10 + 10 for its one Energy
    ("ex15-15", "Ice Beam", [HEADS], 20, ["paralyzed"]),
    ("ex15-15", "Ice Beam", [TAILS], 20, []),
    ("ex15-16", "Sting Turn", [TAILS], 0, []),
    ("ex15-16", "Tail Sting", None, 20, []),  # no Pokémon-ex: 10 (x2), no Poison
    ("ex15-23", "Grind", None, 10, []),
    # Xatu δ's Darkness is paid with Darkness Energy (ex1-93): 10 more
    ("ex15-25", "Confuse Ray", [HEADS], 30, ["confused"]),
    ("ex15-25", "Confuse Ray", [TAILS], 30, []),
    ("ex15-26", "Poisonpowder", None, 30, ["poisoned"]),
    ("ex15-28", "Wrap", [HEADS], 0, ["paralyzed"]),
    ("ex15-28", "Wrap", [TAILS], 0, []),
    ("ex15-29", "Swift", None, 30, []),
    ("ex15-30", "Thundershock", [HEADS], 20, ["paralyzed"]),
    ("ex15-30", "Thundershock", [TAILS], 20, []),
    ("ex15-34", "Poison Sting", None, 20, ["poisoned"]),
    ("ex15-37", "Extra Ball", None, 30, []),
    ("ex15-39", "Flickering Tail", None, 10, []),
    ("ex15-40", "Agility", [TAILS], 30, []),
    ("ex15-42", "Sonic Noise", None, 30, []),
    ("ex15-43", "Granite Head", None, 10, []),
    ("ex15-44", "Sleep Powder", [TAILS], 0, ["asleep"]),
    ("ex15-48", "Thunder Spear", None, 10, []),
]


@pytest.mark.parametrize(("card", "name", "coins", "damage", "conditions"), PLAIN)
def test_attack_damage_and_conditions(
    card: str, name: str, coins: list[int] | None, damage: int, conditions: list[str]
) -> None:
    kwargs: dict[str, Any] = {"target": "active"} if name == "Thunder Spear" else {}
    g = attack(card, name, coins, **kwargs)
    assert defending(g)["damage"] == damage
    assert sorted(defending(g)["conditions"]) == conditions


def test_the_pokemon_ex_bonuses_apply_to_a_pokemon_ex_only() -> None:
    # Chansey ex is Colorless with Weakness Fighting; Wailord (above) takes the plain damage
    assert defending(attack("ex15-3", "Extra Claws", defender=CHANSEY_EX))["damage"] == 50
    assert defending(attack("ex15-37", "Extra Ball", defender=LAPRAS_EX))["damage"] == 60
    g = attack("ex15-16", "Tail Sting", defender=CHANSEY_EX)
    assert defending(g)["damage"] == 20 + 10 and defending(g)["conditions"] == ["poisoned"]
    g = attack("ex15-39", "Flickering Tail", [TAILS], defender=CHANSEY_EX)
    assert defending(g)["damage"] == 20 and defending(g)["conditions"] == ["asleep"]
    g = attack("ex15-42", "Sonic Noise", defender=CHANSEY_EX)
    assert defending(g)["conditions"] == ["confused"]


def test_strangle_does_30_more_to_a_delta_pokemon() -> None:
    # Feraligatr δ: Lightning, weak to Lightning only; Arbok δ is Fire
    assert defending(attack("ex15-13", "Strangle", defender=FERALIGATR))["damage"] == 80


def test_burning_ball_burns_with_2_fire_energy_only() -> None:
    energy = ["Psychic Energy", "Fire Energy", "Fire Energy"]
    g = attack("ex15-12", "Burning Ball", [HEADS], mon={"energy": energy})
    assert defending(g)["conditions"] == ["burned"] and defending(g)["damage"] == 60
    energy = ["Psychic Energy", "Fire Energy", "Water Energy"]
    g = attack("ex15-12", "Burning Ball", mon={"energy": energy})
    assert defending(g)["conditions"] == []


def test_surge_does_20_more_with_2_water_energy_only() -> None:
    assert defending(attack("ex15-15", "Surge"))["damage"] == 60  # 3 Water Energy
    g = attack("ex15-15", "Surge", mon={"energy": ["Water Energy"] + ["Fire Energy"] * 2})
    assert defending(g)["damage"] == 40


def test_spiral_drain_heals_a_counter_from_mantine() -> None:
    g = attack("ex15-20", "Spiral Drain", mon={"damage": 20})
    assert players(g)["p1"]["active"]["damage"] == 10
    g = attack("ex15-20", "Spiral Drain")
    assert players(g)["p1"]["active"]["damage"] == 0


def test_smokescreen_makes_the_next_attack_need_heads() -> None:
    for coin, damage in ((TAILS, 0), (HEADS, 50)):
        g = attack("ex15-22", "Smokescreen", defender=WAILORD_TAKE_DOWN)
        act(g, "p2", "attack", coins=[coin], attack="Take Down")
        assert players(g)["p1"]["active"]["damage"] == damage  # Seadra δ: 70 HP
        check_invariants(g.state)


def test_scary_face_stops_attacks_and_retreat_on_heads_only() -> None:
    bench = {"bench": [BARBOACH]}
    g = attack("ex15-27", "Scary Face", [HEADS], defender=WAILORD_TAKE_DOWN, p2=bench)
    with pytest.raises(IllegalActionError):
        act(g, "p2", "attack", attack="Take Down")
    with pytest.raises(IllegalActionError):
        act(g, "p2", "retreat", target="bench1")
    g = attack("ex15-27", "Scary Face", [TAILS], defender=WAILORD_TAKE_DOWN, p2=bench)
    act(g, "p2", "attack", attack="Take Down")
    assert players(g)["p1"]["active"]["damage"] == 50


def test_delta_reduction_and_charm_weaken_the_defending_pokemons_next_attacks() -> None:
    # Wailord's Take Down (50) on Meganium δ, which resists Water (-30): 30 less before
    # Resistance leaves nothing; without Delta Reduction 20 gets through
    g = attack("ex15-4", "Delta Reduction", defender=WAILORD_TAKE_DOWN)
    act(g, "p2", "attack", attack="Take Down")
    assert players(g)["p1"]["active"]["damage"] == 0
    check_invariants(g.state)
    g = attack("ex15-4", "Mega Impact", defender=WAILORD_TAKE_DOWN)  # no such effect
    act(g, "p2", "attack", attack="Take Down")
    assert players(g)["p1"]["active"]["damage"] == 20
    # Togepi δ (40 HP) survives Wailord's Take Down after Charm
    g = attack("ex15-41", "Charm", defender=WAILORD_TAKE_DOWN)
    assert defending(g)["damage"] == 0
    act(g, "p2", "attack", attack="Take Down")
    assert players(g)["p1"]["active"]["damage"] == 30


def test_sting_turn_paralyzes_and_switches_gligar_on_heads() -> None:
    g = attack("ex15-16", "Sting Turn", [HEADS], p1={"bench": [BARBOACH]})
    act(g, "p1", "choose", option=0)
    p1 = players(g)["p1"]
    assert p1["active"]["card"] == "Barboach" and p1["bench"][0]["card"] == "Gligar δ"
    assert defending(g)["conditions"] == ["paralyzed"]
    check_invariants(g.state)


def test_reverse_thrust_switches_horsea_with_a_benched_pokemon() -> None:
    g = attack("ex15-31", "Reverse Thrust", p1={"bench": [BARBOACH]})
    act(g, "p1", "choose", option=0)
    assert defending(g)["damage"] == 20 and players(g)["p1"]["active"]["card"] == "Barboach"


def test_drag_off_may_switch_in_a_benched_pokemon_first() -> None:
    # Feraligatr δ's own Battle Aura adds 10 to its attacks (it is δ)
    g = attack("ex15-2", "Drag Off", p2={"bench": [BARBOACH]})
    act(g, "p1", "choose", option=0)
    p2 = players(g)["p2"]
    assert p2["active"]["card"] == "Barboach" and p2["active"]["damage"] == 30
    assert p2["bench"][0]["damage"] == 0
    g = attack("ex15-2", "Drag Off", p2={"bench": [BARBOACH]})
    act(g, "p1", "choose", option=1)  # none
    assert defending(g)["card"] == "Wailord" and defending(g)["damage"] == 60  # Weakness


def test_linear_attack_and_thunder_spear_hit_the_pokemon_picked() -> None:
    g = attack("ex15-6", "Linear Attack", p2={"bench": [BARBOACH]}, target="bench1")
    assert players(g)["p2"]["bench"][0]["damage"] == 30 and defending(g)["damage"] == 0
    g = attack("ex15-48", "Thunder Spear", p2={"bench": [BARBOACH]}, target="bench1")
    assert players(g)["p2"]["bench"][0]["damage"] == 10


def test_delta_mind_puts_3_counters_on_a_delta_pokemon_else_1() -> None:
    g = attack("ex15-19", "Delta Mind", p2={"bench": [HORSEA, BARBOACH]})
    act(g, "p1", "choose", option=1)  # Horsea δ
    assert [m["damage"] for m in players(g)["p2"]["bench"]] == [30, 0]
    g = attack("ex15-19", "Delta Mind", p2={"bench": [HORSEA, BARBOACH]})
    act(g, "p1", "choose", option=2)  # Barboach
    assert [m["damage"] for m in players(g)["p2"]["bench"]] == [0, 10]


def test_lap_up_draws_2_and_collect_draws_1() -> None:
    g = attack("ex15-19", "Lap Up", p1={"deck": ["Potion"] * 4})
    assert players(g)["p1"]["hand_count"] == 2
    g = attack("ex15-39", "Collect", p1={"deck": ["Potion"] * 4})
    assert players(g)["p1"]["hand_count"] == 1


def test_dig_deep_takes_an_energy_card_from_the_discard_pile() -> None:
    g = attack("ex15-3", "Dig Deep", p1={"discard": ["Potion", "Grass Energy"]})
    act(g, "p1", "choose", option=0)
    assert players(g)["p1"]["hand"] == ["Grass Energy"]
    g = attack("ex15-3", "Dig Deep", p1={"discard": ["Potion"]})
    assert players(g)["p1"]["hand"] == []


def test_vengeance_counts_pokemon_cards_in_the_discard_pile_up_to_60() -> None:
    g = attack("ex15-7", "Vengeance", p1={"discard": ["ex13-60", "ex15-46", "Potion"]})
    assert defending(g)["damage"] == 50
    g = attack("ex15-7", "Vengeance", p1={"discard": ["ex13-60"] * 8})
    assert defending(g)["damage"] == 90


def test_delta_call_searches_the_deck_for_a_delta_pokemon() -> None:
    g = attack("ex15-9", "Delta Call", p1={"deck": ["ex13-60", "ex15-46", "Potion"]})
    assert len(pending(g)["options"]) == 2  # Dratini δ or nothing: Barboach is no δ
    act(g, "p1", "choose", option=0)
    assert players(g)["p1"]["hand"] == ["Dratini δ"]


def test_metal_star_and_pump_out_need_a_tool() -> None:
    deck = {"deck": ["Potion"] * 5}
    g = attack("ex15-18", "Metal Star", p1=deck, mon={"tool": "Oran Berry"})
    assert players(g)["p1"]["hand_count"] == 3
    g = attack("ex15-18", "Metal Star", p1=deck)
    assert players(g)["p1"]["hand_count"] == 0
    assert defending(attack("ex15-21", "Pump Out", mon={"tool": "Oran Berry"}))["damage"] == 70
    assert defending(attack("ex15-21", "Pump Out"))["damage"] == 50


def test_rage_flail_and_double_edge_count_counters() -> None:
    # Nidorino δ's Darkness Energy (ex1-93) adds 10
    assert defending(attack("ex15-35", "Rage", mon={"damage": 30}))["damage"] == 50
    assert defending(attack("ex15-49", "Flail", mon={"damage": 20}))["damage"] == 20
    assert defending(attack("ex15-49", "Flail"))["damage"] == 0
    g = attack("ex15-38", "Double-edge")
    assert defending(g)["damage"] == 50 and players(g)["p1"]["active"]["damage"] == 10


def test_agility_and_granite_head_guard_next_turn() -> None:
    g = attack("ex15-40", "Agility", [HEADS], defender=WAILORD_TAKE_DOWN)
    act(g, "p2", "attack", attack="Take Down")
    assert players(g)["p1"]["active"]["damage"] == 0
    horsea = attacker("ex15-50", "Sleepy Ball")  # 10 damage
    g = attack("ex15-43", "Granite Head", defender=horsea)
    act(g, "p2", "attack", attack="Sleepy Ball")
    assert players(g)["p1"]["active"]["damage"] == 0
    g = attack("ex15-46", "Ram", defender=horsea)  # Dratini δ: no Guard
    act(g, "p2", "attack", attack="Sleepy Ball")
    assert players(g)["p1"]["active"]["damage"] == 10


def test_kirlia_reprint_plays_as_ex2_40() -> None:
    cards = bundled_cards()
    assert missing_effects(cards["ex15-32"]) == []
    for name in ("Psyshock", "Link Blast"):
        assert reg.ATTACKS[("ex15-32", name)] is reg.ATTACKS[("ex2-40", name)]
    # Link Blast: 60, or 30 when the Energy amounts differ (Kirlia 3, Wailord 0)
    assert defending(attack("ex15-32", "Link Blast"))["damage"] == 30
    wailord = {**WAILORD, "energy": ["Water Energy"] * 3}
    assert defending(attack("ex15-32", "Link Blast", defender=wailord))["damage"] == 60


# ---------------------------------------------------------------------------- Poké-Bodies
def test_battle_aura_adds_10_to_the_players_delta_attackers_only() -> None:
    feraligatr = {"bench": [FERALIGATR]}
    assert defending(attack("ex15-13", "Strangle", p1=feraligatr))["damage"] == 60
    # Wailord is no δ Pokémon: its Take Down does its 50
    g = game({"active": WAILORD_TAKE_DOWN, **feraligatr}, {"active": WAILORD}, settings=ALLOW)
    act(g, "p1", "attack", attack="Take Down")
    assert defending(g)["damage"] == 50


def test_extra_feather_adds_10_to_stage_2_pokemon_ex_only() -> None:
    xatu = {"bench": [{"card": "ex15-25", "under": ["Natu"]}]}
    golem = attacker("ex3-91", "Magnitude")  # a Stage 2 Pokémon-ex, Fighting: 60
    g = game({"active": golem, **xatu}, {"active": WAILORD}, settings=ALLOW)
    act(g, "p1", "attack", attack="Magnitude")
    assert defending(g)["damage"] == 70
    g = game({"active": golem}, {"active": WAILORD}, settings=ALLOW)
    act(g, "p1", "attack", attack="Magnitude")
    assert defending(g)["damage"] == 60
    # Battle Frontier turns the Poké-Bodies of Evolved Darkness Pokémon (Xatu δ) off
    g = game({"active": golem, **xatu}, {"active": WAILORD}, settings=ALLOW, stadium="ex9-75")
    act(g, "p1", "attack", attack="Magnitude")
    assert defending(g)["damage"] == 60
    # Strangle's attacker is no Pokémon-ex
    assert defending(attack("ex15-13", "Strangle", p1=xatu))["damage"] == 50


def test_extra_wing_frees_the_retreat_of_stage_2_pokemon_ex_only() -> None:
    swellow = {"card": "ex15-40", "under": ["Taillow"]}
    golem = {"card": "ex3-91", "under": ["Geodude", "Graveler"]}
    g = game({"active": golem, "bench": [swellow]}, {"active": WAILORD}, settings=ALLOW)
    assert players(g)["p1"]["active"]["retreat"] == 0
    g = game({"active": golem, "bench": [BARBOACH]}, {"active": WAILORD}, settings=ALLOW)
    assert players(g)["p1"]["active"]["retreat"] == 5
    g = game({"active": WAILORD, "bench": [swellow]}, {"active": WAILORD}, settings=ALLOW)
    assert players(g)["p1"]["active"]["retreat"] == 4


def test_psychic_wing_frees_vibravas_retreat_with_psychic_energy_only() -> None:
    vibrava = {"card": "ex15-24", "under": ["Trapinch"]}
    for energy, cost in ((["Psychic Energy"], 0), (["Water Energy"], 1)):
        g = game(
            {"active": {**vibrava, "energy": energy}, "bench": [BARBOACH]},
            {"active": WAILORD},
            settings=ALLOW,
        )
        assert players(g)["p1"]["active"]["retreat"] == cost


def test_solid_shell_keeps_attacks_off_the_benched_delta_pokemon() -> None:
    cloyster = {"card": "ex15-14", "under": ["Shellder"]}
    p2 = {"bench": [cloyster, HORSEA, BARBOACH]}
    g = attack("ex15-6", "Linear Attack", p2=p2, target="bench2")  # Horsea δ
    assert players(g)["p2"]["bench"][1]["damage"] == 0
    g = attack("ex15-6", "Linear Attack", p2=p2, target="bench1")  # Cloyster δ itself
    assert players(g)["p2"]["bench"][0]["damage"] == 0
    g = attack("ex15-6", "Linear Attack", p2=p2, target="bench3")  # Barboach: no δ
    assert players(g)["p2"]["bench"][2]["damage"] == 30
    # damage counters are an effect of the attack too
    g = attack("ex15-19", "Delta Mind", p2=p2)
    act(g, "p1", "choose", option=2)  # Horsea δ
    assert players(g)["p2"]["bench"][1]["damage"] == 0
    # without Cloyster δ the Benched δ Pokémon takes it; the Active is never shielded
    g = attack("ex15-6", "Linear Attack", p2={"bench": [HORSEA]}, target="bench1")
    assert players(g)["p2"]["bench"][0]["damage"] == 30
    g = attack("ex15-6", "Linear Attack", p2=p2, target="active", defender=FERALIGATR)
    assert defending(g)["damage"] == 30
    # a Poké-Power is no attack: Kingdra δ's Dragon Curse (ex13-10) reaches the Benched δ
    kingdra = {"card": "ex13-10", "under": ["Horsea", "Seadra"]}
    g = game({"active": kingdra}, {"active": WAILORD, **p2}, settings=ALLOW)
    act(g, "p1", "use_power", pokemon="active", power="Dragon Curse")
    act(g, "p1", "choose", option=1)  # Horsea δ (the δ Pokémon: Cloyster δ, Horsea δ)
    assert [m["damage"] for m in players(g)["p2"]["bench"]] == [0, 20, 0]


def test_armor_cuts_30_while_the_opponent_holds_5_cards() -> None:
    pinsir = {"card": "ex15-9"}  # Fighting, Weakness Fire
    for hand, damage in ((["Potion"] * 5, 20), (["Potion"] * 4, 50)):
        g = game(
            {"active": WAILORD_TAKE_DOWN, "hand": hand},
            {"active": pinsir},
            settings=ALLOW,
        )
        act(g, "p1", "attack", attack="Take Down")
        assert defending(g)["damage"] == damage


def test_delta_protection_cuts_40_from_delta_attackers_only() -> None:
    dewgong = {"card": "ex15-15", "under": ["Seel"]}  # δ, Colorless, Weakness Lightning
    g = attack("ex15-13", "Strangle", defender=dewgong)  # δ: 50 + 30 - 40
    assert defending(g)["damage"] == 40
    g = game({"active": WAILORD_TAKE_DOWN}, {"active": dewgong}, settings=ALLOW)
    act(g, "p1", "attack", attack="Take Down")
    assert defending(g)["damage"] == 50


def test_shining_horn_stops_basic_attackers_while_heracross_is_alone() -> None:
    heracross = {"card": "ex15-3"}
    horsea = attacker("ex15-50", "Sleepy Ball")  # a Basic Pokémon
    g = game({"active": horsea}, {"active": heracross}, settings=ALLOW)
    offers = [o.params.get("attack") for o in g.legal_actions("p1") if o.kind == "attack"]
    assert "Sleepy Ball" not in offers
    with pytest.raises(IllegalActionError, match=r"ptcg\.attack\.body"):
        act(g, "p1", "attack", attack="Sleepy Ball")
    g = game({"active": horsea}, {"active": heracross, "bench": [BARBOACH]}, settings=ALLOW)
    act(g, "p1", "attack", attack="Sleepy Ball")
    assert defending(g)["damage"] == 10


# ---------------------------------------------------------------------------- Poké-Powers
def test_evolutionary_call_takes_up_to_3_pokemon_in_the_evolving_turn() -> None:
    deck = ["ex13-60", "ex15-46", "Potion", "ex15-50"]
    bayleef = {"card": "ex15-26", "under": ["Chikorita"]}
    g = game({"active": bayleef, "hand": ["ex15-4"], "deck": deck}, {"active": WAILORD})
    act(g, "p1", "evolve", card="ex15-4", target="active")
    act(g, "p1", "use_power", pokemon="active", power="Evolutionary Call")
    for _ in range(3):
        act(g, "p1", "choose", option=0)
    assert sorted(players(g)["p1"]["hand"]) == ["Barboach", "Dratini δ", "Horsea δ"]
    check_invariants(g.state)
    meganium = {"card": "ex15-4", "under": ["Chikorita", "Bayleef"]}
    g = game({"active": meganium, "deck": deck}, {"active": WAILORD})
    with pytest.raises(IllegalActionError, match=r"ptcg\.power\.requirement"):
        act(g, "p1", "use_power", pokemon="active", power="Evolutionary Call")


def test_prowl_and_dig_up_in_the_evolving_turn() -> None:
    g = game(
        {"active": {"card": "ex15-53"}, "hand": ["ex15-18"], "deck": ["Potion", "ex13-60"]},
        {"active": WAILORD},
        settings=ALLOW,
    )
    act(g, "p1", "evolve", card="ex15-18", target="active")
    act(g, "p1", "use_power", pokemon="active", power="Prowl")
    act(g, "p1", "choose", option=0)
    assert players(g)["p1"]["hand"] == ["Potion"]
    discard = ["Oran Berry", "Oran Berry", "Potion"]
    g = game(
        {"active": {"card": "ex15-71"}, "hand": ["ex15-21"], "discard": discard},
        {"active": WAILORD},
        settings=ALLOW,
    )
    act(g, "p1", "evolve", card="ex15-21", target="active")
    act(g, "p1", "use_power", pokemon="active", power="Dig Up")
    act(g, "p1", "choose", option=0)
    act(g, "p1", "choose", option=0)
    assert players(g)["p1"]["hand"] == ["Oran Berry", "Oran Berry"]
    quagsire = {"card": "ex15-21", "under": ["Wooper"]}
    g = game({"active": quagsire, "discard": discard}, {"active": WAILORD}, settings=ALLOW)
    with pytest.raises(IllegalActionError, match=r"ptcg\.power\.requirement"):
        act(g, "p1", "use_power", pokemon="active", power="Dig Up")
    g = game(
        {"active": {"card": "ex15-71"}, "hand": ["ex15-21"], "discard": ["Potion"]},
        {"active": WAILORD},
        settings=ALLOW,
    )
    act(g, "p1", "evolve", card="ex15-21", target="active")
    with pytest.raises(IllegalActionError, match="no Pokémon Tool card in the discard pile"):
        act(g, "p1", "use_power", pokemon="active", power="Dig Up")


def test_invitation_takes_a_pokemon_card_from_the_deck() -> None:
    nidoqueen = {"card": "ex15-7", "under": ["Nidoran ♀", "Nidorina"]}
    g = game({"active": nidoqueen, "deck": ["Potion", "ex13-60"]}, {"active": WAILORD})
    act(g, "p1", "use_power", pokemon="active", power="Invitation")
    assert pending(g)["options"][0] == "Barboach" and len(pending(g)["options"]) == 2
    act(g, "p1", "choose", option=0)
    assert players(g)["p1"]["hand"] == ["Barboach"]
    g = game({"active": nidoqueen, "deck": []}, {"active": WAILORD})
    with pytest.raises(IllegalActionError, match="the deck is empty"):
        act(g, "p1", "use_power", pokemon="active", power="Invitation")


def test_shady_move_moves_a_counter_while_typhlosion_is_active() -> None:
    typhlosion = {"card": "ex15-12", "under": ["Cyndaquil", "Quilava"], "damage": 10}
    g = game({"active": typhlosion}, {"active": WAILORD, "bench": [BARBOACH]}, settings=ALLOW)
    act(g, "p1", "use_power", pokemon="active", power="Shady Move")
    act(g, "p1", "choose", option=0)  # from Typhlosion δ
    assert pending(g)["options"] == ["Wailord (p2 active)", "Barboach (p2 bench1)"]
    act(g, "p1", "choose", option=1)
    assert players(g)["p1"]["active"]["damage"] == 0
    assert players(g)["p2"]["bench"][0]["damage"] == 10
    g = game(
        {"active": {"card": "ex1-96", "damage": 10}, "bench": [typhlosion]},
        {"active": WAILORD},
        settings=ALLOW,
    )
    with pytest.raises(IllegalActionError, match="not the Active"):
        act(g, "p1", "use_power", pokemon="bench1", power="Shady Move")


def test_power_circulation_puts_a_basic_energy_on_top_and_a_counter_on_mantine() -> None:
    mantine = {"card": "ex15-20"}
    g = game({"active": mantine, "discard": ["Fire Energy"]}, {"active": WAILORD})
    act(g, "p1", "use_power", pokemon="active", power="Power Circulation")
    act(g, "p1", "choose", option=0)
    p1 = players(g)["p1"]
    assert p1["deck"][0] == "Fire Energy" and p1["active"]["damage"] == 10
    g = game({"active": mantine, "discard": ["Potion"]}, {"active": WAILORD})
    with pytest.raises(IllegalActionError, match="no basic Energy card in the discard pile"):
        act(g, "p1", "use_power", pokemon="active", power="Power Circulation")


def test_elekid_evolves_into_electabuzz_which_then_draws_from_the_bottom() -> None:
    deck = ["Potion", "Switch", "Fire Energy"]
    g = game(
        {"active": {"card": "ex15-48", "damage": 20}, "hand": ["ex15-29"], "deck": deck},
        {"active": WAILORD},
    )
    act(g, "p1", "use_power", pokemon="active", power="Baby Evolution")
    active = players(g)["p1"]["active"]
    assert active["card"] == "Electabuzz δ" and active["damage"] == 0
    act(g, "p1", "use_power", pokemon="active", power="Power of Evolution")
    assert players(g)["p1"]["hand"] == ["Fire Energy"]  # the bottom card
    check_invariants(g.state)
    # an Electabuzz δ put into play as a Basic Pokémon is not Evolved
    g = game({"active": {"card": "ex15-29"}, "deck": deck}, {"active": WAILORD})
    with pytest.raises(IllegalActionError, match="not an Evolved Pokémon"):
        act(g, "p1", "use_power", pokemon="active", power="Power of Evolution")
    g = game({"active": {"card": "ex15-48"}, "deck": deck}, {"active": WAILORD})
    with pytest.raises(IllegalActionError, match="Electabuzz"):
        act(g, "p1", "use_power", pokemon="active", power="Baby Evolution")


def test_dark_horn_may_discard_a_pokemon_card_for_20_on_a_benched_pokemon() -> None:
    p1 = {"hand": ["ex13-60", "Potion"]}
    p2 = {"bench": [BARBOACH]}
    g = attack("ex15-6", "Dark Horn", p1=p1, p2=p2)
    assert defending(g)["damage"] == 70  # 60, and 10 from Darkness Energy (ex1-93)
    assert pending(g)["options"] == ["Barboach", "none"]  # the Potion is no Pokémon card
    act(g, "p1", "choose", option=0)
    assert pending(g)["options"] == ["Barboach (bench1)"]
    act(g, "p1", "choose", option=0)
    assert players(g)["p2"]["bench"][0]["damage"] == 20
    assert players(g)["p1"]["discard"][-1] == "Barboach"
    check_invariants(g.state)
    g = attack("ex15-6", "Dark Horn", p1=p1, p2=p2)
    act(g, "p1", "choose", option=1)  # none: nothing discarded, no Bench damage
    assert players(g)["p2"]["bench"][0]["damage"] == 0
    assert "Barboach" not in players(g)["p1"]["discard"]
    # no Pokémon card in the hand: nothing asked
    g = attack("ex15-6", "Dark Horn", p1={"hand": ["Potion"]}, p2=p2)
    assert "pending" not in view(g) and players(g)["p2"]["bench"][0]["damage"] == 0


SNORLAX = {"card": "ex15-10"}


def test_dozing_heals_2_and_puts_snorlax_to_sleep_while_active() -> None:
    g = game({"active": {**SNORLAX, "damage": 30}}, {"active": WAILORD})
    act(g, "p1", "use_power", pokemon="active", power="Dozing")
    active = players(g)["p1"]["active"]
    assert active["damage"] == 10 and active["conditions"] == ["asleep"]
    g = game({"active": WAILORD, "bench": [SNORLAX]}, {"active": WAILORD}, settings=ALLOW)
    with pytest.raises(IllegalActionError, match="not the Active"):
        act(g, "p1", "use_power", pokemon="bench1", power="Dozing")


def test_bedhead_puts_2_counters_on_the_defending_pokemon_while_snorlax_sleeps_on() -> None:
    for coin, damage, asleep in ((TAILS, 20, ["asleep"]), (HEADS, 0, [])):
        g = game({"active": {**SNORLAX, "conditions": ["asleep"]}}, {"active": WAILORD})
        act(g, "p1", "end_turn", coins=[coin])
        assert defending(g)["damage"] == damage
        assert players(g)["p1"]["active"]["conditions"] == asleep
        check_invariants(g.state)


def test_tropical_heal_takes_conditions_and_markers_off_the_players_pokemon() -> None:
    from turnkeeper.rulesets.ptcg.markers import IMPRISON, markers_on

    for option in (0, 1):
        poisoned = {**WAILORD, "conditions": ["poisoned"]}
        p1 = {"active": poisoned, "hand": ["ex15-23"], "bench": [BARBOACH]}
        g = game(p1, {"active": WAILORD}, settings=ALLOW)
        benched = g.state.sides[0].bench[0]
        benched.later = ((IMPRISON, -1),)  # as an Imprison marker put on it earlier
        act(g, "p1", "bench", card="ex15-23")
        act(g, "p1", "choose", option=option)
        cured = option == 0
        assert (players(g)["p1"]["active"]["conditions"] == []) == cured
        assert (markers_on(g.state.sides[0].bench[0]) == []) == cured
        check_invariants(g.state)
    # nothing to take off: nothing asked; never a use_power action
    g = game({"active": WAILORD, "hand": ["ex15-23"]}, {"active": WAILORD}, settings=ALLOW)
    events = act(g, "p1", "bench", card="ex15-23")
    assert "ask" not in [e.type for e in events]
    with pytest.raises(IllegalActionError, match=r"ptcg\.power\.requirement"):
        act(g, "p1", "use_power", pokemon="bench1", power="Tropical Heal")


def test_delta_copy_uses_an_attack_of_the_opponents_delta_pokemon() -> None:
    togetic = attacker("ex15-11", "Delta Copy")
    p2 = {"active": FERALIGATR, "bench": [BARBOACH, HORSEA]}
    g = game({"active": togetic}, p2, settings=ALLOW)
    offers = [o.params for o in g.legal_actions("p1") if o.params.get("attack") == "Delta Copy"]
    copies = sorted(str(o.get("copy")) for o in offers)
    # Feraligatr δ's and the Benched Horsea δ's attacks; Barboach is no δ Pokémon
    assert copies == ["ex15-2:Drag Off", "ex15-2:Sharp Fang", "ex15-50:Sleepy Ball"]
    act(g, "p1", "attack", attack="Delta Copy", copy="ex15-2:Sharp Fang")  # no Energy paid
    assert defending(g)["damage"] == 60
    check_invariants(g.state)
    g = game({"active": togetic}, {"active": FERALIGATR}, settings=ALLOW)
    with pytest.raises(IllegalActionError, match=r"ptcg\.attack\.known"):
        act(g, "p1", "attack", attack="Delta Copy", copy="ex15-50:Sleepy Ball")
    # no δ Pokémon on the other side: the attack does nothing
    g = attack("ex15-11", "Delta Copy")
    assert defending(g)["damage"] == 0


def test_sharing_uses_a_supporter_of_the_opponents_hand_once_a_turn() -> None:
    milotic = {"card": "ex15-5", "under": ["Feebas"]}
    p1 = {"active": milotic, "bench": [milotic], "hand": ["Potion"], "deck": ["Potion"] * 8}
    p2 = {"active": WAILORD, "hand": ["ex1-89", "Fire Energy"]}  # Professor Birch
    g = game(p1, p2, settings=ALLOW)
    act(g, "p1", "use_power", pokemon="active", power="Sharing")
    assert pending(g)["options"] == ["Professor Birch", "none"]
    act(g, "p1", "choose", option=0)
    assert players(g)["p1"]["hand_count"] == 6 and players(g)["p2"]["hand_count"] == 2
    check_invariants(g.state)
    with pytest.raises(IllegalActionError, match="one a turn per player"):
        act(g, "p1", "use_power", pokemon="bench1", power="Sharing")
    g = game(p1, p2, settings=ALLOW)
    act(g, "p1", "use_power", pokemon="active", power="Sharing")
    act(g, "p1", "choose", option=1)  # none
    assert players(g)["p1"]["hand_count"] == 1
    # no Supporter there: the hand is seen, nothing asked
    g = game(p1, {"active": WAILORD, "hand": ["Fire Energy"]}, settings=ALLOW)
    act(g, "p1", "use_power", pokemon="active", power="Sharing")
    assert "pending" not in view(g)


def test_trick_tail_attaches_an_energy_card_from_the_discard_pile_to_a_pokemon() -> None:
    g = attack("ex15-8", "Trick Tail", p1={"bench": [BARBOACH], "discard": ["Fire Energy"]})
    assert defending(g)["damage"] == 30
    assert pending(g)["options"][:2] == [
        "Fire Energy to Ninetales (active)",
        "Fire Energy to Barboach (bench1)",
    ]
    act(g, "p1", "choose", option=1)
    assert players(g)["p1"]["bench"][0]["energy"] == ["Fire Energy"]
    check_invariants(g.state)
    g = attack("ex15-8", "Trick Tail")  # nothing in the discard pile: the damage only
    assert defending(g)["damage"] == 30 and "pending" not in view(g)


def test_volunteer_swaps_ninetales_for_one_from_the_deck() -> None:
    ninetales = {"card": "ex15-8", "under": ["Vulpix"], "damage": 50}
    deck = ["ex15-8", "Potion"]
    g = game({"active": WAILORD, "bench": [ninetales], "deck": deck}, {"active": WAILORD})
    act(g, "p1", "use_power", pokemon="bench1", power="Volunteer")
    assert pending(g)["options"] == ["Ninetales δ", "nothing"]
    act(g, "p1", "choose", option=0)
    p1 = players(g)["p1"]
    assert p1["bench"][0]["card"] == "Ninetales δ" and p1["bench"][0]["damage"] == 10
    assert p1["discard"] == ["Ninetales δ"] and p1["deck_count"] == 1
    check_invariants(g.state)
    # no Ninetales in the deck: Vulpix stays (with 10 damage left of the 50, 40 healed)
    g = game({"active": WAILORD, "bench": [ninetales], "deck": ["Potion"]}, {"active": WAILORD})
    act(g, "p1", "use_power", pokemon="bench1", power="Volunteer")
    assert "pending" not in view(g)
    bench = players(g)["p1"]["bench"][0]
    assert bench["card"] == "Vulpix" and bench["damage"] == 10


def test_stages_of_evolution_lowers_fire_and_psychic_retreat_while_jynx_is_evolved() -> None:
    quilava = {"card": "ex15-36", "under": ["Cyndaquil"]}  # Psychic, Retreat Cost 1
    # Smoochum (ex10-31) evolves into Jynx δ (Fire, Retreat Cost 1) by its Baby Evolution
    p1 = {"active": quilava, "bench": [{"card": "ex10-31"}], "hand": ["ex15-17"]}
    g = game(p1, {"active": WAILORD}, settings=ALLOW)
    assert players(g)["p1"]["active"]["retreat"] == 1
    act(g, "p1", "use_power", pokemon="bench1", power="Baby Evolution")
    assert players(g)["p1"]["active"]["retreat"] == 0
    assert players(g)["p1"]["bench"][0]["retreat"] == 0  # Jynx δ itself is Fire
    g = game({**p1, "active": WAILORD}, {"active": WAILORD}, settings=ALLOW)
    act(g, "p1", "use_power", pokemon="bench1", power="Baby Evolution")
    assert players(g)["p1"]["active"]["retreat"] == 4  # Wailord is Water
    # a Jynx δ put into play as a Basic Pokémon is not Evolved: no help
    g = game({"active": quilava, "bench": ["ex15-17"]}, {"active": WAILORD}, settings=ALLOW)
    assert players(g)["p1"]["active"]["retreat"] == 1
    assert players(g)["p1"]["bench"][0]["retreat"] == 1


# ---------------------------------------------------------------------------- Holon Veil
AMPHAROS = {"card": "ex15-1", "under": ["Mareep", "Flaaffy"]}  # δ, Colorless, Stage 2
FRONTIER = "ex9-75"  # Battle Frontier: the Bodies of Colorless Evolved Pokémon are off


def test_holon_veil_makes_the_players_plain_pokemon_delta_for_an_attack_bonus() -> None:
    # Strangle: 30 more to a δ Defending Pokémon; Wailord is no δ but for Holon Veil
    assert defending(attack("ex15-13", "Strangle", p2={"bench": [AMPHAROS]}))["damage"] == 80
    assert defending(attack("ex15-13", "Strangle"))["damage"] == 50
    # the Veil works for its own player's cards only
    assert defending(attack("ex15-13", "Strangle", p1={"bench": [AMPHAROS]}))["damage"] == 50
    # switched off by Battle Frontier: no bonus
    strangle = attacker("ex15-13", "Strangle")
    p2 = {"active": WAILORD, "bench": [AMPHAROS]}
    g = game({"active": strangle}, p2, settings=ALLOW, stadium=FRONTIER)
    act(g, "p1", "attack", attack="Strangle")
    assert defending(g)["damage"] == 50


def test_holon_veil_makes_the_attacker_delta_for_delta_protection() -> None:
    dewgong = {"card": "ex15-15", "under": ["Seel"]}  # 40 less from δ attackers
    g = game(
        {"active": WAILORD_TAKE_DOWN, "bench": [AMPHAROS]}, {"active": dewgong}, settings=ALLOW
    )
    act(g, "p1", "attack", attack="Take Down")
    assert defending(g)["damage"] == 10
    g = game({"active": WAILORD_TAKE_DOWN}, {"active": dewgong}, settings=ALLOW)
    act(g, "p1", "attack", attack="Take Down")
    assert defending(g)["damage"] == 50


def test_holon_veil_lets_a_delta_search_take_a_plain_pokemon_from_the_deck() -> None:
    deck = {"deck": ["ex13-60", "Potion"], "bench": [AMPHAROS]}  # Barboach: no δ printed
    g = attack("ex15-9", "Delta Call", p1=deck)
    assert pending(g)["options"][0] == "Barboach"
    act(g, "p1", "choose", option=0)
    assert players(g)["p1"]["hand"] == ["Barboach"]
    g = attack("ex15-9", "Delta Call", p1={"deck": ["ex13-60", "Potion"]})
    assert "Barboach" not in view(g).get("pending", {}).get("options", [])
    assert players(g)["p1"]["hand"] == []


def test_delta_circle_counts_every_pokemon_under_holon_veil() -> None:
    ampharos = attacker("ex15-1", "Delta Circle")
    bench = {"bench": [BARBOACH, BARBOACH]}
    assert defending(attack("ex15-1", "Delta Circle", mon=ampharos, p1=bench))["damage"] == 50
    # Battle Frontier: only Ampharos δ itself has δ on its card
    g = game({"active": ampharos, **bench}, {"active": WAILORD}, settings=ALLOW, stadium=FRONTIER)
    act(g, "p1", "attack", attack="Delta Circle")
    assert defending(g)["damage"] == 30


def test_holon_veil_reaches_the_hand_and_discard_pile_holon_adventurer() -> None:
    # Holon Adventurer (ex13-85): 4 cards after discarding a δ Pokémon, else 3; Barboach is
    # δ while its player's Holon Veil works
    deck = ["Potion"] * 6
    for bench, drawn in (([AMPHAROS], 4), ([], 3)):
        hand = ["ex13-85", "ex13-60"]
        p1 = {"active": "ex13-60", "hand": hand, "deck": deck, "bench": bench}
        g = game(p1, {"active": WAILORD})
        act(g, "p1", "play_trainer", card="Holon Adventurer")
        act(g, "p1", "choose", option=0)
        p1 = players(g)["p1"]
        assert len(p1["hand"]) == drawn and "Barboach" in p1["discard"]
        check_invariants(g.state)


def test_holon_veil_lets_a_plain_pokemon_use_holon_lakes_attack() -> None:
    barboach = {"card": "ex13-60", "energy": ["Fighting Energy"]}
    lake = {"card": "ex13-87", "owner": "p2"}  # Holon Lake: δ Pokémon may use Delta Call
    g = game({"active": barboach, "bench": [AMPHAROS]}, {"active": WAILORD}, stadium=lake)
    offered = {a.params.get("attack") for a in g.legal_actions() if a.kind == "attack"}
    assert "Delta Call" in offered
    g = game({"active": barboach}, {"active": WAILORD, "bench": [AMPHAROS]}, stadium=lake)
    offered = {a.params.get("attack") for a in g.legal_actions() if a.kind == "attack"}
    assert "Delta Call" not in offered  # the opponent's Veil does not reach this Pokémon


def test_holon_veil_makes_delta_rainbow_energy_give_every_type_on_a_plain_pokemon() -> None:
    plain = {"card": "ex11-78", "energy": ["ex13-98"]}  # no δ printed
    for bench, units in (([AMPHAROS], [("Any",)]), ([], [("Colorless",)])):
        g = game({"active": plain, "bench": bench}, {"active": WAILORD}, settings=ALLOW)
        mon = g.state.sides[0].active
        assert mon is not None
        assert energy_units(g.state, mon) == units, bench
