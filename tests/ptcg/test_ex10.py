"""The EX Unseen Forces (ex10) cards of effect_data_ex10.py (and the primitives of
vocab_ex10.py), each shown both ways where it can go two ways: the damage and effects it does,
and where it does nothing or is refused."""

from __future__ import annotations

from typing import Any

import pytest

from tests.ptcg.board import HEADS, TAILS, act, check_invariants, game, view
from tests.ptcg.set_cards import (
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
