"""The EX Unseen Forces (ex10) cards of effect_data_ex10.py (and the primitives of
vocab_ex10.py), each shown both ways where it can go two ways: the damage and effects it does,
and where it does nothing or is refused."""

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
from turnkeeper.core.game import Game
from turnkeeper.core.model import IllegalActionError
from turnkeeper.rulesets.ptcg.state import PtcgState

# (card, attack, coins, damage to Wailord, its Special Conditions afterwards); an attack that
# leaves it Asleep gets the Sleep coin of the checkup between turns (tails: still Asleep)
PLAIN: list[tuple[str, str, list[int] | None, int, list[str]]] = [
    # Typhlosion's own Burning Aura adds a damage counter between turns: 10 more
    ("ex10-17", "Flickering Flames", [TAILS], 20 + 10, ["asleep"]),
    ("ex10-17", "Rage", None, 50 + 10, []),  # no damage counters on Typhlosion
    ("ex10-20", "Double Tack", None, 20, []),
    ("ex10-27", "Sacred Fire", [TAILS], 0, []),
    ("ex10-41", "Smokescreen", None, 30, []),
    ("ex10-41", "Extra Flame", None, 40, []),  # Wailord is no Pokémon-ex
    ("ex10-44", "Rock Hurl", None, 50, []),
    ("ex10-45", "Smokescreen", None, 20, []),
    ("ex10-54", "Paralyzing Gaze", [HEADS], 0, ["paralyzed"]),
    ("ex10-54", "Paralyzing Gaze", [TAILS], 0, []),
    ("ex10-54", "Fireworks", [HEADS], 30, []),
    ("ex10-61", "Retaliate", None, 0, []),  # no damage counters on Larvitar
    ("ex10-73", "Yawn", [TAILS], 0, ["asleep"]),
    ("ex10-29", "Aeroblast", [HEADS, HEADS], 60, []),
    ("ex10-29", "Aeroblast", [TAILS, TAILS], 20, []),
    ("ex10-32", "Screechy Voice", None, 10, ["confused"]),  # Wailord is Evolved
    ("ex10-35", "Soothing Scent", [TAILS], 10, ["asleep"]),
    ("ex10-36", "Shining Fingers", [TAILS], 10, ["asleep"]),
    ("ex10-36", "Extra Comet Punch", None, 30, []),  # not boosted: the printed 30
    ("ex10-38", "Aqua Sonic", None, 50, []),
    ("ex10-40", "Take Down", None, 100, []),  # Lightning: Weakness x2
    ("ex10-46", "Agility", [HEADS], 20, []),
    ("ex10-49", "Telekinesis", None, 30, []),  # the Active picked by default
    ("ex10-49", "Psyshock", [HEADS], 40, ["paralyzed"]),
    ("ex10-49", "Psyshock", [TAILS], 40, []),
    ("ex10-50", "Spinning Tail", [HEADS], 20, []),
    ("ex10-50", "Spinning Tail", [TAILS], 0, []),
    ("ex10-52", "Thunder Wave", [HEADS], 0, ["paralyzed"]),
    ("ex10-52", "Thunder Wave", [TAILS], 0, []),
    ("ex10-53", "Lullaby", [TAILS], 10, ["asleep"]),
    ("ex10-56", "Thunder Wave", [HEADS], 20, ["paralyzed"]),  # Lightning: Weakness x2
    ("ex10-56", "Thunder Wave", [TAILS], 20, []),
    ("ex10-56", "Thunder", None, 100, []),  # Lightning: Weakness x2
    ("ex10-58", "Poisonpowder", None, 20 + 10, ["poisoned"]),  # the Poison counter
    ("ex10-59", "Confuse Ray", [HEADS], 0, ["confused"]),
    ("ex10-59", "Confuse Ray", [TAILS], 0, []),
    ("ex10-60", "Smog", None, 10, ["poisoned"]),
    ("ex10-63", "Telekinesis", None, 10, []),
    ("ex10-64", "Stun Spore", [HEADS], 10, ["paralyzed"]),
    ("ex10-64", "Stun Spore", [TAILS], 10, []),
    ("ex10-67", "Hypnosis", [TAILS], 0, ["asleep"]),
    ("ex10-69", "3-D Attack", [HEADS, TAILS, HEADS], 20, []),
    ("ex10-69", "3-D Attack", [TAILS, TAILS, TAILS], 0, []),
    ("ex10-72", "Trip Over", [HEADS], 30, []),
    ("ex10-72", "Trip Over", [TAILS], 20, []),
    ("ex10-74", "Lick", [HEADS], 10, ["paralyzed"]),
    ("ex10-74", "Lick", [TAILS], 10, []),
    ("ex10-75", "Stun Poison", [HEADS], 10, ["paralyzed", "poisoned"]),
    ("ex10-75", "Stun Poison", [TAILS], 0, []),
    ("ex10-78", "Splatter", None, 10, []),
    ("ex10-16", "Dazzle Dance", None, 0, ["confused"]),
    ("ex10-16", "Green Blast", None, 20, []),  # paid with Water: no Grass Energy in play
]

CHANSEY_EX = {"card": "ex1-96"}  # a Basic Pokémon-ex, 120 HP, Weakness Fighting
TYPHLOSION = {"card": "ex10-17", "under": ["ex10-54", "ex10-45"]}


@pytest.mark.parametrize(("card", "name", "coins", "damage", "conditions"), PLAIN)
def test_attack_damage_and_conditions(
    card: str, name: str, coins: list[int] | None, damage: int, conditions: list[str]
) -> None:
    g = attack(card, name, coins)
    assert defending(g)["damage"] == damage
    assert sorted(defending(g)["conditions"]) == conditions


def test_rage_and_retaliate_count_the_attackers_damage_counters() -> None:
    assert defending(attack("ex10-17", "Rage", mon={"damage": 30}))["damage"] == 80 + 10
    assert defending(attack("ex10-61", "Retaliate", mon={"damage": 30}))["damage"] == 30


def test_extra_flame_does_30_more_to_a_pokemon_ex() -> None:
    assert defending(attack("ex10-41", "Extra Flame", p2={"active": CHANSEY_EX}))["damage"] == 70


def test_fireworks_discards_a_fire_energy_on_tails_only() -> None:
    g = attack("ex10-54", "Fireworks", [TAILS])
    assert defending(g)["damage"] == 30
    assert players(g)["p1"]["active"]["energy"] == ["Water Energy"]
    g = attack("ex10-54", "Fireworks", [HEADS])
    assert sorted(players(g)["p1"]["active"]["energy"]) == ["Fire Energy", "Water Energy"]


def test_sacred_fire_on_heads_hits_the_pick_for_60_without_weakness() -> None:
    bench = [{"card": "ex8-71"}]
    g = attack("ex10-27", "Sacred Fire", [HEADS], p2={"bench": bench}, target="bench1")
    assert players(g)["p2"]["bench"] == [] or players(g)["p2"]["bench"][0]["damage"] == 60
    assert defending(g)["damage"] == 0
    # Chansey ex is weak to Fighting, not Fire; Weakness would not change 60 here either way,
    # so show the Active picked takes exactly 60
    g = attack("ex10-27", "Sacred Fire", [HEADS], p2={"active": CHANSEY_EX}, target="active")
    assert defending(g)["damage"] == 60


def test_hyper_healing_takes_a_counter_and_the_conditions_off_the_attacker() -> None:
    g = attack("ex10-20", "Hyper Healing", mon={"damage": 20, "conditions": ["poisoned"]})
    assert players(g)["p1"]["active"]["damage"] == 10
    assert players(g)["p1"]["active"]["conditions"] == []  # so no Poison counter either
    assert defending(g)["damage"] == 0
    g = attack("ex10-20", "Hyper Healing")  # nothing to heal: nothing happens
    assert players(g)["p1"]["active"]["damage"] == 0


def test_dense_takes_20_off_damage_from_evolved_attackers_only() -> None:
    quagsire = {"card": "ex10-44", "under": ["ex10-79"]}
    g = attack("ex10-45", "Smokescreen", p2={"active": quagsire})  # Quilava, Evolved: 20
    assert defending(g)["damage"] == 0
    g = attack("ex10-54", "Fireworks", [HEADS], p2={"active": quagsire})  # Cyndaquil, Basic
    assert defending(g)["damage"] == 30


def test_dual_armor_makes_magcargo_fighting_with_fighting_energy_attached() -> None:
    fighting = {"energy": ["Fire Energy", "Fighting Energy"]}
    g = attack("ex10-41", "Smokescreen", p2={"active": CHANSEY_EX}, mon=fighting)
    assert defending(g)["damage"] == 60  # Chansey ex is weak to Fighting
    g = attack("ex10-41", "Smokescreen", p2={"active": CHANSEY_EX})  # Fire and Water Energy
    assert defending(g)["damage"] == 30


def test_burning_aura_puts_a_counter_on_both_actives_while_typhlosion_is_active() -> None:
    g = game({"active": TYPHLOSION}, {"active": WAILORD})
    act(g, "p1", "end_turn")
    assert players(g)["p1"]["active"]["damage"] == 10
    assert defending(g)["damage"] == 10
    check_invariants(g.state)
    g = game({"active": "ex8-71", "bench": [TYPHLOSION]}, {"active": WAILORD})
    act(g, "p1", "end_turn")  # on the Bench: nothing
    assert players(g)["p1"]["bench"][0]["damage"] == 0 and defending(g)["damage"] == 0


def test_marys_request_draws_3_without_a_stage_2_and_1_with_one() -> None:
    deck = ["Potion"] * 5
    g = game({"active": "ex8-71", "hand": ["ex10-86"], "deck": deck}, {"active": WAILORD})
    act(g, "p1", "play_trainer", card="Mary's Request")
    assert len(players(g)["p1"]["hand"]) == 3
    g = game(
        {"active": "ex8-71", "bench": [TYPHLOSION], "hand": ["ex10-86"], "deck": deck},
        {"active": WAILORD},
    )
    act(g, "p1", "play_trainer", card="Mary's Request")
    assert len(players(g)["p1"]["hand"]) == 1
    check_invariants(g.state)
    g = game({"active": "ex8-71", "hand": ["ex10-86"], "deck": []}, {"active": WAILORD})
    with pytest.raises(IllegalActionError, match=r"ptcg\.trainer\.condition"):
        act(g, "p1", "play_trainer", card="Mary's Request")


def test_professor_elms_training_method_takes_an_evolution_card_only() -> None:
    deck = ["Potion", "ex10-54", "ex10-45"]
    g = game({"active": "ex8-71", "hand": ["ex10-89"], "deck": deck}, {"active": WAILORD})
    act(g, "p1", "play_trainer", card="Professor Elm's Training Method")
    # Cyndaquil is Basic, Potion no Pokémon (a deck search may find nothing)
    assert pending(g)["options"] == ["Quilava", "nothing"]
    act(g, "p1", "choose", option=0)
    assert players(g)["p1"]["hand"] == ["Quilava"]
    check_invariants(g.state)


def test_reprinted_potion_heals_like_the_original() -> None:
    g = game({"active": {"card": "ex8-71", "damage": 30}, "hand": ["ex10-95"]}, {"active": WAILORD})
    act(g, "p1", "play_trainer", card="Potion", target="active")
    assert players(g)["p1"]["active"]["damage"] == 10


def test_screechy_voice_confuses_an_evolved_pokemon_only() -> None:
    g = attack("ex10-32", "Screechy Voice", p2={"active": CHANSEY_EX})  # a Basic
    assert defending(g)["conditions"] == []


def test_push_away_discards_a_trainer_card_of_the_opponents_hand() -> None:
    g = attack("ex10-32", "Push Away", p2={"hand": ["Potion", "Fire Energy"]})
    assert pending(g)["options"] == ["Potion"]  # the Energy card is no option
    act(g, "p1", "choose", option=0)
    assert "Potion" not in players(g)["p2"]["hand"] and players(g)["p2"]["discard"] == ["Potion"]
    g = attack("ex10-32", "Push Away", p2={"hand": ["Fire Energy"]})  # no Trainer: nothing
    assert "pending" not in view(g) and players(g)["p2"]["discard"] == []


def test_extra_comet_punch_does_30_more_in_the_next_turn() -> None:
    g = attack("ex10-36", "Extra Comet Punch")
    act(g, "p2", "end_turn")
    act(g, "p1", "attack", attack="Extra Comet Punch")
    assert defending(g)["damage"] == 30 + 60


def test_energy_stream_attaches_a_basic_energy_from_the_discard_pile() -> None:
    g = attack("ex10-40", "Energy Stream", p1={"discard": ["Fire Energy", "Potion"]})
    assert pending(g)["options"] == ["Fire Energy"]  # the discard pile is open: no "nothing"
    act(g, "p1", "choose", option=0)
    assert "Fire Energy" in players(g)["p1"]["active"]["energy"]
    assert players(g)["p1"]["discard"] == ["Potion"]
    g = attack("ex10-40", "Energy Stream", p1={"discard": ["Potion"]})
    assert players(g)["p1"]["active"]["energy"] == ["Lightning Energy"]


def test_green_blast_counts_the_grass_energy_of_all_own_pokemon() -> None:
    bench = [{"card": "ex10-54", "energy": ["Grass Energy"]}]
    g = attack("ex10-16", "Green Blast", p1={"bench": bench}, mon={"energy": ["Grass Energy"] * 2})
    assert defending(g)["damage"] == 20 + 30


def test_take_down_and_thunder_hurt_the_attacker() -> None:
    assert players(attack("ex10-40", "Take Down"))["p1"]["active"]["damage"] == 10
    assert players(attack("ex10-56", "Thunder"))["p1"]["active"]["damage"] == 10


def test_spearhead_draws_3_and_grand_loop_draws_2() -> None:
    g = attack("ex10-43", "Spearhead", p1={"deck": ["Potion"] * 5})
    assert len(players(g)["p1"]["hand"]) == 3
    g = attack("ex10-50", "Grand Loop", p1={"deck": ["Potion"] * 5})  # no Bench: no switch
    assert len(players(g)["p1"]["hand"]) == 2


def test_telekinesis_and_splatter_hit_a_benched_pokemon_without_weakness() -> None:
    bench = [{"card": "ex8-59"}]  # Electrike
    g = attack("ex10-49", "Telekinesis", p2={"bench": bench}, target="bench1")
    assert players(g)["p2"]["bench"][0]["damage"] == 30 and defending(g)["damage"] == 0
    g = attack("ex10-78", "Splatter", p2={"bench": bench}, target="bench1")
    assert players(g)["p2"]["bench"][0]["damage"] == 10


def test_spinning_tail_hits_the_bench_on_heads_only() -> None:
    bench = [{"card": "ex8-59"}]
    g = attack("ex10-50", "Spinning Tail", [HEADS], p2={"bench": bench})
    assert players(g)["p2"]["bench"][0]["damage"] == 20
    g = attack("ex10-50", "Spinning Tail", [TAILS], p2={"bench": bench})
    assert players(g)["p2"]["bench"][0]["damage"] == 0


def test_searches_of_the_deck_and_the_discard_pile() -> None:
    g = attack("ex10-76", "Minor Errand-Running", p1={"deck": ["Potion", "Grass Energy"]})
    assert pending(g)["options"] == ["Grass Energy", "nothing"]
    act(g, "p1", "choose", option=0)
    assert players(g)["p1"]["hand"] == ["Grass Energy"]
    g = attack("ex10-65", "Dig Deep", p1={"discard": ["Potion", "Grass Energy"]})
    assert pending(g)["options"] == ["Grass Energy"]
    act(g, "p1", "choose", option=0)
    assert players(g)["p1"]["hand"] == ["Grass Energy"]
    g = attack("ex10-65", "Dig Deep", p1={"discard": ["Potion"]})
    assert players(g)["p1"]["hand"] == []
    g = attack("ex10-72", "Fishing Tail", p1={"discard": ["Potion", "ex10-45"]})
    assert pending(g)["options"] == ["Quilava"]
    act(g, "p1", "choose", option=0)
    assert players(g)["p1"]["hand"] == ["Quilava"]
    g = attack("ex10-71", "Call for Family", p1={"deck": ["Potion", "ex10-45", "ex10-54"]})
    assert pending(g)["options"] == ["Cyndaquil", "nothing"]
    act(g, "p1", "choose", option=0)
    assert [m["card"] for m in players(g)["p1"]["bench"]] == ["Cyndaquil"]
    g = attack("ex10-46", "Twin Play", p1={"deck": ["ex10-46", "ex10-54", "ex10-46"]})
    assert pending(g)["options"][0] == "Scyther" and "Cyndaquil" not in pending(g)["options"]


def test_agility_on_heads_keeps_the_next_attack_off() -> None:
    wooper = attacker("ex10-79", "Tail Whap")  # 20, Water (Scyther is weak to Fire)
    g = attack("ex10-46", "Agility", [HEADS], p2={"active": wooper})
    act(g, "p2", "attack", attack="Tail Whap")
    assert players(g)["p1"]["active"]["damage"] == 0
    g = attack("ex10-46", "Agility", [TAILS], p2={"active": wooper})
    act(g, "p2", "attack", attack="Tail Whap")
    assert players(g)["p1"]["active"]["damage"] == 20


def test_teary_eyes_takes_20_off_the_next_attack() -> None:
    g = attack("ex10-77", "Teary Eyes", p2={"active": attacker("ex10-54", "Fireworks")})
    act(g, "p2", "attack", coins=[HEADS], attack="Fireworks")
    assert players(g)["p1"]["active"]["damage"] == 10
    g = attack(
        "ex10-69", "3-D Attack", [TAILS] * 3, p2={"active": attacker("ex10-54", "Fireworks")}
    )
    act(g, "p2", "attack", coins=[HEADS], attack="Fireworks")
    assert players(g)["p1"]["active"]["damage"] == 30


def test_intimidating_fang_takes_10_off_damage_to_its_players_pokemon_after_wr() -> None:
    granbull = {"card": "ex10-39", "under": ["ex10-74"]}
    g = attack("ex10-54", "Fireworks", [HEADS], p2={"active": granbull})
    assert defending(g)["damage"] == 30 - 10
    g = attack("ex10-54", "Fireworks", [HEADS], p2={"active": {"card": "ex10-74"}})
    assert defending(g)["damage"] == 30  # Snubbull: no Poké-Body


MEGANIUM = {"card": "ex10-9", "under": ["ex10-51", "ex10-35"]}


def test_bouncy_move_puts_the_chosen_counters_on_meganium_for_10_more_each() -> None:
    g = attack("ex10-9", "Bouncy Move")
    assert len(pending(g)["options"]) == 6  # 0 to 5 damage counters
    act(g, "p1", "choose", option=3)
    # Healing Aroma (its own Poké-Body, Active) takes 1 counter off each between turns,
    # Wailord's too
    assert defending(g)["damage"] == 50 + 30 - 10
    assert players(g)["p1"]["active"]["damage"] == 30 - 10
    g = attack("ex10-9", "Bouncy Move")
    act(g, "p1", "choose", option=0)
    assert defending(g)["damage"] == 50 - 10 and players(g)["p1"]["active"]["damage"] == 0


def test_healing_aroma_heals_every_pokemon_but_pokemon_ex_while_meganium_is_active() -> None:
    p1 = {"active": {**MEGANIUM, "damage": 20}, "bench": [{"card": "ex10-54", "damage": 10}]}
    p2 = {"active": {"card": "ex1-96", "damage": 20}, "bench": [{"card": "ex10-74", "damage": 20}]}
    g = game(p1, p2)
    act(g, "p1", "end_turn")
    assert players(g)["p1"]["active"]["damage"] == 10
    assert players(g)["p1"]["bench"][0]["damage"] == 0
    assert players(g)["p2"]["bench"][0]["damage"] == 10
    assert defending(g)["damage"] == 20  # Chansey ex: a Pokémon-ex, not healed
    check_invariants(g.state)
    g = game({"active": "ex10-54", "bench": [{**MEGANIUM, "damage": 20}]}, p2)
    act(g, "p1", "end_turn")  # Meganium on the Bench: nothing
    assert players(g)["p1"]["bench"][0]["damage"] == 20
    assert players(g)["p2"]["bench"][0]["damage"] == 20


THREE_TYPES = ["Fire Energy", "Water Energy", "Lightning Energy"]


def test_multi_attacks_need_basic_energy_of_three_types() -> None:
    g = attack("ex10-5", "Multi Burn", [HEADS], mon={"energy": THREE_TYPES})  # Burn coin
    assert defending(g)["damage"] == 60 and defending(g)["conditions"] == ["burned"]
    g = attack("ex10-5", "Multi Burn")  # Fire and Water only
    assert defending(g)["damage"] == 40 and defending(g)["conditions"] == []
    g = attack("ex10-8", "Multi Pulse", mon={"energy": THREE_TYPES}, p2={"active": CHANSEY_EX})
    assert defending(g)["damage"] == 60 and defending(g)["conditions"] == ["confused"]
    g = attack("ex10-8", "Multi Pulse", p2={"active": CHANSEY_EX})
    assert defending(g)["damage"] == 40 and defending(g)["conditions"] == []


def test_fire_dance_and_attract_current_attach_energy() -> None:
    g = attack("ex10-5", "Fire Dance", p1={"discard": ["Fire Energy", "Water Energy"]})
    assert pending(g)["options"] == ["Fire Energy to Flareon (active)"]  # no Water
    act(g, "p1", "choose", option=0)
    assert players(g)["p1"]["active"]["energy"].count("Fire Energy") == 2
    deck = ["Potion", "Lightning Energy"]
    g = attack("ex10-8", "Attract Current", [HEADS], p1={"deck": deck})
    assert pending(g)["options"][0].startswith("Lightning Energy")
    g = attack("ex10-8", "Attract Current", [TAILS], p1={"deck": deck})
    assert "pending" not in view(g) and defending(g)["damage"] == 40  # Weakness x2


def test_burning_turn_switches_entei_with_a_benched_pokemon() -> None:
    g = attack("ex10-113", "Burning Turn", p1={"bench": ["ex10-54"]})
    assert pending(g)["options"] == ["Cyndaquil (bench1)"]  # no "stay": it must switch
    act(g, "p1", "choose", option=0)
    assert players(g)["p1"]["active"]["card"] == "Cyndaquil"
    assert players(g)["p1"]["bench"][0]["id"] == "ex10-113"
    g = attack("ex10-113", "Burning Turn")  # no Bench: it stays Active, nothing asked
    assert "pending" not in view(g) and players(g)["p1"]["active"]["id"] == "ex10-113"


def test_detonation_discards_10_only_while_behind_on_prizes_fewer_left() -> None:
    deck = ["Potion"] * 12
    g = attack("ex10-113", "Detonation", p1={"deck": deck, "prizes": ["Potion"] * 2})
    assert defending(g)["damage"] == 70 and len(players(g)["p1"]["discard"]) == 10
    g = attack("ex10-113", "Detonation", p1={"deck": deck})  # 6 Prize cards each
    assert len(players(g)["p1"]["discard"]) == 0


def test_aqua_supply_may_attach_a_basic_energy_from_the_hand() -> None:
    hand = ["Grass Energy", "Potion"]
    g = attack("ex10-19", "Aqua Supply", p1={"hand": hand, "bench": ["ex10-54"]})
    options = pending(g)["options"]
    assert options == [
        "Grass Energy to Vaporeon (active)",
        "Grass Energy to Cyndaquil (bench1)",
        "nothing",
    ]
    act(g, "p1", "choose", option=1)
    assert players(g)["p1"]["bench"][0]["energy"] == ["Grass Energy"]
    g = attack("ex10-19", "Aqua Supply", p1={"hand": hand})
    assert pending(g)["options"][1] == "nothing"
    act(g, "p1", "choose", option=1)  # the Energy stays in the hand
    assert "Grass Energy" in players(g)["p1"]["hand"]


def test_cry_for_help_takes_a_water_or_fighting_pokemon_but_no_pokemon_ex() -> None:
    deck = ["ex10-54", "ex10-78", "ex10-61", "ex1-99", "Potion"]  # ex1-99: Lapras ex, Water
    g = attack("ex10-37", "Cry for Help", p1={"deck": deck})
    assert pending(g)["options"] == ["Totodile", "Larvitar", "nothing"]
    act(g, "p1", "choose", option=0)
    assert players(g)["p1"]["hand"] == ["Totodile"]


def test_double_attack_hits_two_benched_pokemon() -> None:
    g = attack("ex10-37", "Double Attack", p2={"bench": ["ex10-54", "ex10-78"]})
    act(g, "p1", "choose", option=0)
    act(g, "p1", "choose", option=0)
    assert [m["damage"] for m in players(g)["p2"]["bench"]] == [10, 10]
    assert defending(g)["damage"] == 0
    g = attack("ex10-37", "Double Attack")  # no Bench: nothing to hit
    assert "pending" not in view(g) and defending(g)["damage"] == 0


def test_cross_wind_discards_every_own_energy_only_with_fewer_prizes_left() -> None:
    bench = [{"card": "ex10-54", "energy": ["Fire Energy"]}]
    p1 = {"bench": bench, "prizes": ["Potion"] * 2}
    g = attack("ex10-115", "Cross Wind", p1=p1, p2={"active": CHANSEY_EX})
    assert defending(g)["damage"] == 70
    assert players(g)["p1"]["active"]["energy"] == []
    assert players(g)["p1"]["bench"][0]["energy"] == []
    g = attack("ex10-115", "Cross Wind", p1={"bench": bench})  # 6 Prize cards each
    assert players(g)["p1"]["bench"][0]["energy"] == ["Fire Energy"]
    assert len(players(g)["p1"]["active"]["energy"]) == 3


TYRANITAR_EX = {"card": "ex10-111", "under": ["ex10-61", "ex10-70"]}


# its 2 Darkness Energy (special cards of this era) add 10 each to a Darkness attacker
DARKNESS = 20


def tyranitar(name: str, p2: dict[str, Any] | None = None, **more: Any) -> Game[PtcgState]:
    mon = {**TYRANITAR_EX, "energy": ["Fighting Energy", "Darkness Energy"] * 2}
    g = game({"active": mon}, {"active": WAILORD, **(p2 or {})}, **more)
    act(g, "p1", "attack", attack=name)
    check_invariants(g.state)
    return g


def test_shatter_discards_the_stadium_in_play() -> None:
    g = tyranitar("Shatter", stadium={"card": "ex3-85", "owner": "p2"})
    assert defending(g)["damage"] == 30 + DARKNESS
    assert "High Pressure System" in players(g)["p2"]["discard"] + players(g)["p1"]["discard"]
    assert view(g).get("stadium") is None
    g = tyranitar("Shatter")  # no Stadium: only the damage
    assert defending(g)["damage"] == 30 + DARKNESS and "pending" not in view(g)


def test_derail_discards_a_special_energy_of_the_defending_pokemon_only() -> None:
    energy = {"energy": ["Water Energy", "ex2-93"]}  # Multi Energy: special
    g = tyranitar("Derail", p2={"active": {**WAILORD, **energy}})
    assert pending(g)["options"] == ["Multi Energy"]
    act(g, "p1", "choose", option=0)
    assert defending(g)["energy"] == ["Water Energy"]
    g = tyranitar("Derail", p2={"active": {**WAILORD, "energy": ["Water Energy"]}})
    assert "pending" not in view(g) and defending(g)["energy"] == ["Water Energy"]


def test_mix_up_and_losing_control_discard_the_top_of_a_deck() -> None:
    g = tyranitar("Mix-Up", p2={"deck": ["Potion", "Switch"]})
    assert players(g)["p2"]["discard"] == ["Potion"] and defending(g)["damage"] == 70 + DARKNESS
    g = tyranitar("Losing Control", p2={"active": {"card": "ex1-96"}})
    assert len(players(g)["p1"]["discard"]) == 3


# ---------------------------------------------------------------------------- ex10-1 .. 18
AMPHAROS = {"card": "ex10-1", "under": ["ex10-62", "ex10-56"], "energy": ["Lightning Energy"]}
CYNDAQUIL = "ex10-54"


def test_energy_connect_moves_basic_energy_from_the_bench_as_often_as_liked() -> None:
    bench = [{"card": CYNDAQUIL, "energy": ["Fire Energy", "ex2-93"]}]  # ex2-93: Multi Energy
    g = game({"active": AMPHAROS, "bench": bench}, {"active": WAILORD})
    act(g, "p1", "use_power", power="Energy Connect", pokemon="active")
    # the special Energy is not offered, and the move is not optional
    assert pending(g)["options"] == ["Fire Energy from Cyndaquil (bench1) to Ampharos (active)"]
    act(g, "p1", "choose", option=0)
    assert sorted(players(g)["p1"]["active"]["energy"]) == ["Fire Energy", "Lightning Energy"]
    check_invariants(g.state)
    # no basic Energy left on the Bench: refused, naming the requirement
    with pytest.raises(IllegalActionError, match=r"ptcg\.power\.requirement"):
        act(g, "p1", "use_power", power="Energy Connect", pokemon="active")
    bench = [{"card": CYNDAQUIL, "energy": ["Fire Energy", "Fire Energy"]}]
    g = game({"active": AMPHAROS, "bench": bench}, {"active": WAILORD})
    for _ in range(2):  # as often as the player likes
        act(g, "p1", "use_power", power="Energy Connect", pokemon="active")
        act(g, "p1", "choose", option=0)
    assert players(g)["p1"]["bench"][0]["energy"] == []
    asleep = {**AMPHAROS, "conditions": ["asleep"]}
    g = game({"active": asleep, "bench": bench}, {"active": WAILORD})
    with pytest.raises(IllegalActionError, match=r"ptcg\.power\.condition"):
        act(g, "p1", "use_power", power="Energy Connect", pokemon="active")


def test_miraculous_thunder_may_discard_lightning_energy_to_burn_and_confuse() -> None:
    g = attack("ex10-1", "Miraculous Thunder")
    act(g, "p1", "choose", option=0, coins=[HEADS])  # the Burn coin between turns: heads
    assert defending(g)["damage"] == 100  # Wailord is weak to Lightning
    assert sorted(defending(g)["conditions"]) == ["burned", "confused"]
    assert players(g)["p1"]["active"]["energy"] == ["Water Energy", "Water Energy"]
    g = attack("ex10-1", "Miraculous Thunder")
    act(g, "p1", "choose", option=1)
    assert defending(g)["damage"] == 100 and defending(g)["conditions"] == []
    assert "Lightning Energy" in players(g)["p1"]["active"]["energy"]


def test_reactive_poison_does_30_more_per_special_condition() -> None:
    p2 = {"active": {**WAILORD, "conditions": ["poisoned", "confused"]}}
    g = attack("ex10-2", "Reactive Poison", p2=p2)
    assert defending(g)["damage"] == 10 + 60 + 10  # and the Poison counter between turns
    assert defending(attack("ex10-2", "Reactive Poison"))["damage"] == 10


def test_spider_trap_may_switch_first_then_sleeps_and_poisons_the_defending_pokemon() -> None:
    g = attack("ex10-2", "Spider Trap", p2={"bench": [CYNDAQUIL]})
    assert pending(g)["options"] == ["Cyndaquil (bench1)", "switch nothing"]
    act(g, "p1", "choose", option=0, coins=[TAILS])  # the Sleep coin: still Asleep
    assert defending(g)["card"] == "Cyndaquil"
    assert sorted(defending(g)["conditions"]) == ["asleep", "poisoned"]
    assert players(g)["p2"]["bench"][0]["conditions"] == []
    g = attack("ex10-2", "Spider Trap", [TAILS])  # no Bench: Wailord itself
    assert sorted(defending(g)["conditions"]) == ["asleep", "poisoned"]


BELLOSSOM = {"card": "ex10-3", "under": ["ex10-64", "ex10-58"]}


def test_green_dance_takes_grass_pokemon_then_may_switch() -> None:
    deck = ["ex10-64", CYNDAQUIL, "ex10-75", "Potion"]
    g = attack("ex10-3", "Green Dance", p1={"deck": deck, "bench": [CYNDAQUIL]})
    assert pending(g)["options"] == ["Oddish", "Spinarak", "nothing"]  # no Fire Cyndaquil
    act(g, "p1", "choose", option=0)
    act(g, "p1", "choose", option=pending(g)["options"].index("nothing more"))
    assert pending(g)["options"] == ["Cyndaquil (bench1)", "keep the Active Pokémon"]
    act(g, "p1", "choose", option=0)
    assert players(g)["p1"]["hand"] == ["Oddish"]
    assert players(g)["p1"]["active"]["card"] == "Cyndaquil"
    g = attack("ex10-3", "Green Dance", p1={"deck": [CYNDAQUIL], "bench": [CYNDAQUIL]})
    assert "pending" not in view(g)  # nothing taken: no switch offered


def test_full_bloom_does_50_more_with_3_bellossom_in_play() -> None:
    g = attack("ex10-3", "Full Bloom", p1={"bench": [BELLOSSOM, BELLOSSOM]})
    assert defending(g)["damage"] == 100
    g = attack("ex10-3", "Full Bloom", p1={"bench": [BELLOSSOM]})
    assert defending(g)["damage"] == 50


FERALIGATR = {"card": "ex10-4", "under": ["ex10-78", "ex10-38"]}


def test_feraligatrs_intimidating_fang_takes_10_off_before_weakness() -> None:
    # Flaaffy's Thunder Wave: 10, Lightning; Feraligatr is weak to Lightning: (10 - 10) x 2
    g = attack("ex10-56", "Thunder Wave", [TAILS], p2={"active": FERALIGATR})
    assert defending(g)["damage"] == 0
    g = attack("ex10-56", "Thunder", p2={"active": FERALIGATR})
    assert defending(g)["damage"] == (50 - 10) * 2  # after Weakness it would be 90
    bench = {"active": {"card": "ex10-38", "under": ["ex10-78"]}, "bench": [FERALIGATR]}
    g = attack("ex10-56", "Thunder Wave", [TAILS], p2=bench)  # on the Bench: no help
    assert defending(g)["damage"] == 20


def test_pull_away_and_tonnage() -> None:
    g = attack("ex10-4", "Pull Away", p2={"hand": ["Potion"] * 6})
    assert pending(g)["player"] == "p2"
    act(g, "p2", "choose", option=0)
    act(g, "p2", "choose", option=0)
    assert len(players(g)["p2"]["hand"]) == 4 + 1  # and the card drawn to begin the turn
    g = attack("ex10-4", "Pull Away", p2={"hand": ["Potion"] * 4})
    assert "pending" not in view(g) and len(players(g)["p2"]["discard"]) == 0
    g = attack("ex10-4", "Tonnage")
    act(g, "p1", "choose", option=1)
    assert defending(g)["damage"] == 80 and players(g)["p1"]["active"]["damage"] == 30
    g = attack("ex10-4", "Tonnage")
    act(g, "p1", "choose", option=0)
    assert defending(g)["damage"] == 50 and players(g)["p1"]["active"]["damage"] == 0


FORRETRESS = "ex10-6"


def test_spiky_shell_puts_3_counters_at_the_end_of_the_opponents_next_turn() -> None:
    g = attack(FORRETRESS, "Spiky Shell")
    assert defending(g)["damage"] == 20
    act(g, "p2", "end_turn")
    assert defending(g)["damage"] == 50


def test_pop_knocks_forretress_out_and_moves_its_energy_to_the_bench() -> None:
    g = attack(FORRETRESS, "Pop", p1={"bench": [CYNDAQUIL]})
    for _ in range(4):  # each of its 4 Energy cards, to the one Benched Pokémon
        act(g, "p1", "choose", option=0)
    assert defending(g)["damage"] == 100
    assert len(players(g)["p1"]["bench"][0]["energy"]) == 4
    assert view(g)["promote"] == ["p1"]  # Forretress (70 HP) is Knocked Out
    g = attack(FORRETRESS, "Pop")  # no Bench: nothing to move, and the game is lost
    assert view(g)["winners"] == ["p2"]


HOUNDOOM = {"card": "ex10-7", "under": ["ex10-60"]}


def test_lonesome_stops_the_opponents_trainers_but_supporters_while_behind() -> None:
    p2 = {"active": {**WAILORD, "damage": 20}, "bench": [CYNDAQUIL], "hand": ["Potion", "ex10-86"]}
    g = game({"active": HOUNDOOM}, p2, current="p2")
    with pytest.raises(IllegalActionError, match=r"ptcg\.trainer\.body"):
        act(g, "p2", "play_trainer", card="Potion", target="active")
    act(g, "p2", "play_trainer", card="Mary's Request")  # a Supporter: allowed
    g = game({"active": HOUNDOOM, "bench": [CYNDAQUIL]}, p2, current="p2")  # 2 against 2
    act(g, "p2", "play_trainer", card="Potion", target="active")
    assert "Potion" not in players(g)["p2"]["hand"]


def test_tight_jaw_and_flamethrower() -> None:
    assert defending(attack("ex10-7", "Tight Jaw", [HEADS]))["conditions"] == ["paralyzed"]
    assert defending(attack("ex10-7", "Tight Jaw", [TAILS]))["conditions"] == []
    g = attack("ex10-7", "Flamethrower")
    assert defending(g)["damage"] == 70
    assert sorted(players(g)["p1"]["active"]["energy"]) == ["Fire Energy", "Water Energy"]


OCTILLERY = {"card": "ex10-10", "under": ["ex10-71"]}


def test_super_suction_cups_stops_the_opponents_retreat_while_active() -> None:
    p2 = {"active": {**WAILORD, "energy": ["Fire Energy"] * 4}, "bench": [CYNDAQUIL]}
    g = game({"active": OCTILLERY}, p2, current="p2")
    with pytest.raises(IllegalActionError, match=r"ptcg\.retreat\.body"):
        act(g, "p2", "retreat", target="bench1")
    g = game({"active": CYNDAQUIL, "bench": [OCTILLERY]}, p2, current="p2")
    act(g, "p2", "retreat", target="bench1")
    assert defending(g)["card"] == "Cyndaquil"


def test_standing_by_makes_pulse_blast_120_in_the_next_turn() -> None:
    # Tyranitar ex: 160 HP, no Water Weakness
    g = attack(
        "ex10-10", "Standing By", mon={"energy": ["Water Energy"] * 3}, defender=TYRANITAR_EX
    )
    assert players(g)["p1"]["active"]["energy"] == ["Water Energy"] * 2
    act(g, "p2", "end_turn")
    act(g, "p1", "attack", attack="Pulse Blast")
    assert defending(g)["damage"] == 120
    g = attack("ex10-10", "Pulse Blast")  # not boosted: 30
    assert defending(g)["damage"] == 30


POLIWRATH = {"card": "ex10-11", "under": ["ex10-67", "ex10-68"]}


def test_spiral_swirl_confuses_the_attacker_that_knocks_poliwrath_out() -> None:
    flaaffy = attacker("ex10-56", "Thunder")
    p1 = {"active": {**POLIWRATH, "damage": 110}, "bench": [CYNDAQUIL]}
    g = game(p1, {"active": flaaffy}, current="p2", settings=ALLOW)
    act(g, "p2", "attack", attack="Thunder")
    assert players(g)["p2"]["active"]["conditions"] == ["confused"]
    g = game({**p1, "active": POLIWRATH}, {"active": flaaffy}, current="p2", settings=ALLOW)
    act(g, "p2", "attack", attack="Thunder")  # not Knocked Out: nothing
    assert players(g)["p2"]["active"]["conditions"] == []


def test_beatdown_and_hyper_splash() -> None:
    sharpedo_ex = {"card": "ex8-104", "under": ["ex8-56"]}  # Darkness, no Fighting Weakness
    g = attack("ex10-11", "Beatdown", p2={"active": sharpedo_ex})
    assert defending(g)["damage"] == 70
    assert defending(attack("ex10-11", "Beatdown"))["damage"] == 40
    g = attack("ex10-11", "Hyper Splash", p2={"active": POLIWRATH})  # a Stage 2
    assert defending(g)["damage"] == 90
    assert defending(attack("ex10-11", "Hyper Splash"))["damage"] == 60  # Wailord: Stage 1


PORYGON2 = {"card": "ex10-12", "under": ["ex10-69"]}


def test_3d_reset_returns_tools_to_the_hand_as_often_as_liked() -> None:
    bench = [{"card": CYNDAQUIL, "tool": "Oran Berry"}]
    p1 = {"active": {**PORYGON2, "tool": "Lum Berry"}, "bench": bench}
    g = game(p1, {"active": WAILORD})
    act(g, "p1", "use_power", power="3-D Reset", pokemon="active")
    assert pending(g)["options"] == [
        "Lum Berry from Porygon2 (active)",
        "Oran Berry from Cyndaquil (bench1)",
    ]
    act(g, "p1", "choose", option=1)
    act(g, "p1", "use_power", power="3-D Reset", pokemon="active")
    act(g, "p1", "choose", option=0)
    assert sorted(players(g)["p1"]["hand"]) == ["Lum Berry", "Oran Berry"]
    assert players(g)["p1"]["discard"] == []
    check_invariants(g.state)
    with pytest.raises(IllegalActionError, match=r"ptcg\.power\.requirement"):
        act(g, "p1", "use_power", power="3-D Reset", pokemon="active")


def test_data_retrieval_draws_up_to_8_cards() -> None:
    g = attack("ex10-12", "Data Retrieval", p1={"hand": ["Potion"] * 3, "deck": ["Potion"] * 9})
    assert len(players(g)["p1"]["hand"]) == 8
    g = attack("ex10-12", "Data Retrieval", p1={"hand": ["Potion"] * 8, "deck": ["Potion"] * 9})
    assert len(players(g)["p1"]["hand"]) == 8


def test_scramble_trip_needs_a_scramble_energy() -> None:
    energy = {"energy": ["ex8-95", "Water Energy", "Water Energy"]}
    g = attack("ex10-12", "Scramble Trip", mon=energy)
    assert defending(g)["damage"] == 60 and defending(g)["conditions"] == ["confused"]
    g = attack("ex10-12", "Scramble Trip")
    assert defending(g)["damage"] == 40 and defending(g)["conditions"] == []


SLOWBRO = {"card": "ex10-13", "under": ["ex10-72"]}
UNOWN = {"card": "ex10-A"}  # 60 HP, weak to Psychic


def test_dual_armor_makes_slowbro_psychic_with_psychic_energy() -> None:
    psychic = {"energy": ["Psychic Energy"]}
    g = attack("ex10-13", "Parallel Gain", mon=psychic, p2={"active": UNOWN})
    assert defending(g)["damage"] == 40
    g = attack("ex10-13", "Parallel Gain", p2={"active": UNOWN})
    assert defending(g)["damage"] == 20


def test_parallel_gain_takes_a_counter_off_each_own_pokemon() -> None:
    bench = [{"card": CYNDAQUIL, "damage": 20}]
    g = attack("ex10-13", "Parallel Gain", p1={"bench": bench}, mon={"damage": 10})
    assert players(g)["p1"]["active"]["damage"] == 0
    assert players(g)["p1"]["bench"][0]["damage"] == 10


SLOWKING = {"card": "ex10-14", "under": ["ex10-72"]}


def test_item_search_takes_a_tool_from_the_deck_once_a_turn() -> None:
    g = game({"active": SLOWKING, "deck": ["Potion", "Lum Berry"]}, {"active": WAILORD})
    act(g, "p1", "use_power", power="Item Search", pokemon="active")
    assert pending(g)["options"] == ["Lum Berry", "nothing"]
    act(g, "p1", "choose", option=0)
    assert players(g)["p1"]["hand"] == ["Lum Berry"]
    with pytest.raises(IllegalActionError, match=r"ptcg\.power\.once-per-turn"):
        act(g, "p1", "use_power", power="Item Search", pokemon="active")
    g = game({"active": SLOWKING, "deck": []}, {"active": WAILORD})
    with pytest.raises(IllegalActionError, match=r"ptcg\.power\.requirement"):
        act(g, "p1", "use_power", power="Item Search", pokemon="active")


def test_aftermath_adds_10_per_tool_in_the_discard_pile_at_most_60() -> None:
    g = attack("ex10-14", "Aftermath", p1={"discard": ["Lum Berry", "Oran Berry", "Potion"]})
    assert defending(g)["damage"] == 40
    g = attack("ex10-14", "Aftermath", p1={"discard": ["Lum Berry"] * 8})
    assert defending(g)["damage"] == 80


def test_copy_uses_an_attack_of_the_defending_pokemon_with_its_energy_attached() -> None:
    cyndaquil = {"active": {"card": CYNDAQUIL}}  # Fireworks: Fire and Colorless, 30
    energy = {"energy": ["Fire Energy", "Water Energy"]}
    g = attack("ex10-15", "Copy", [HEADS], p2=cyndaquil, mon=energy, copy="ex10-54:Fireworks")
    assert defending(g)["damage"] == 30
    g = attack("ex10-15", "Copy", p2=cyndaquil, copy="ex10-54:Fireworks")  # one Water only
    assert defending(g)["damage"] == 0
    with pytest.raises(IllegalActionError, match=r"ptcg\.attack\.known"):
        attack("ex10-15", "Copy", p2=cyndaquil, copy="ex10-54:Ember")


def test_karate_chop_does_10_less_per_counter_on_sudowoodo() -> None:
    assert defending(attack("ex10-15", "Karate Chop"))["damage"] == 50
    assert defending(attack("ex10-15", "Karate Chop", mon={"damage": 20}))["damage"] == 30


URSARING = {"card": "ex10-18", "under": ["ex10-77"]}


def test_intimidating_ring_stops_the_opponents_basic_pokemon_attacking_and_powers() -> None:
    quilava = {"card": "ex10-45", "under": [CYNDAQUIL], "energy": ["Fire Energy"] * 2}
    bench = [quilava, "ex10-B"]
    p2 = {"active": attacker(CYNDAQUIL, "Fireworks"), "bench": bench, "deck": ["ex10-C"]}
    g = game({"active": URSARING}, p2, current="p2")
    with pytest.raises(IllegalActionError, match=r"Intimidating Ring \[ptcg\.attack\.body"):
        act(g, "p2", "attack", attack="Fireworks")
    with pytest.raises(IllegalActionError, match=r"Intimidating Ring \[ptcg\.power\.body"):
        act(g, "p2", "use_power", power="Shuffle", pokemon="bench2")  # Unown B: a Basic
    act(g, "p2", "retreat", target="bench1")  # Quilava, an Evolved Pokémon, may attack
    act(g, "p2", "attack", attack="Smokescreen")
    assert players(g)["p1"]["active"]["damage"] == 20
    g = game({"active": CYNDAQUIL, "bench": [URSARING]}, p2, current="p2")  # on the Bench
    act(g, "p2", "attack", coins=[HEADS], attack="Fireworks")
    assert players(g)["p1"]["active"]["damage"] == 30


def test_drag_off_may_switch_in_a_benched_pokemon_before_the_damage() -> None:
    g = attack("ex10-18", "Drag Off", p2={"bench": [CYNDAQUIL]})
    assert pending(g)["options"] == ["Cyndaquil (bench1)", "switch nothing"]
    act(g, "p1", "choose", option=0)
    assert defending(g)["card"] == "Cyndaquil" and defending(g)["damage"] == 20
    g = attack("ex10-18", "Drag Off", p2={"bench": [CYNDAQUIL]})
    act(g, "p1", "choose", option=1)
    assert defending(g)["card"] == "Wailord" and defending(g)["damage"] == 20


def test_rock_smash_does_20_more_on_heads() -> None:
    assert defending(attack("ex10-18", "Rock Smash", [HEADS]))["damage"] == 60
    assert defending(attack("ex10-18", "Rock Smash", [TAILS]))["damage"] == 40
