"""The EX Emerald (ex9) cards of effect_data_ex9.py, each shown both ways where it can go
two ways: the damage and effects it does, and where it does nothing or is refused."""

from __future__ import annotations

from typing import Any

import pytest

from tests.ptcg.board import HEADS, TAILS, act, game, view
from tests.ptcg.set_cards import (
    ALLOW,
    WAILORD,
    attack,
    attacker,
    defending,
    pending,
    players,
)
from turnkeeper.core.model import Action, IllegalActionError
from turnkeeper.rulesets.ptcg import registry as reg
from turnkeeper.rulesets.ptcg.cards import deck_list, pool
from turnkeeper.rulesets.ptcg.coverage import coverage
from turnkeeper.rulesets.ptcg.exhaust import Report, play_checked

SCEPTILE = {"card": "ex9-10", "under": ["Treecko", "Grovyle"]}

# (card, attack, coins, damage to Wailord, its Special Conditions afterwards); each coin
# attack twice, heads and tails. Wailord is weak to Lightning (x2). A Burned Pokémon flips
# between turns (heads: no counters), an Asleep one too (tails: it sleeps on).
PLAIN: list[tuple[str, str, list[int] | None, int, list[str]]] = [
    ("ex9-1", "Searing Flame", [HEADS], 10, ["burned"]),
    ("ex9-1", "Damage Burn", None, 50, []),  # no damage counters on Wailord yet
    ("ex9-7", "Swift", None, 20, []),  # Lightning, but no Weakness for Swift
    ("ex9-7", "Tail Shock", None, 80, []),
    ("ex9-8", "Super Hypno Wave", [HEADS, TAILS], 50, ["asleep"]),
    ("ex9-8", "Super Hypno Wave", [TAILS], 50, []),
    ("ex9-10", "Swift", None, 60, []),
    ("ex9-13", "Hailstone", None, 10, []),
    ("ex9-13", "Super Slash", None, 60, []),  # Wailord is an Evolved Pokémon
    ("ex9-16", "Dazzle Blast", [HEADS], 20, ["confused"]),
    ("ex9-16", "Dazzle Blast", [TAILS], 20, []),
    ("ex9-23", "Extra Flame", None, 20, []),  # Wailord is no Pokémon-ex
    ("ex9-23", "Super Singe", [HEADS], 40, ["burned"]),
    ("ex9-25", "Sharp Claws", [HEADS], 50, []),
    ("ex9-25", "Sharp Claws", [TAILS], 40, []),
    ("ex9-28", "Tail Shake", [TAILS], 10, ["asleep"]),
    ("ex9-36", "Super Hypno Wave", [TAILS], 10, ["asleep"]),
    ("ex9-38", "Confuse Ray", None, 10, ["confused"]),
    ("ex9-38", "Searing Flame", [HEADS], 40, ["burned"]),
    ("ex9-40", "Poison Breath", None, 50, ["poisoned"]),  # the Poison counter between turns
    ("ex9-47", "Double Kick", [HEADS, HEADS], 40, []),
    ("ex9-47", "Double Kick", [HEADS, TAILS], 20, []),
    ("ex9-47", "Double Kick", [TAILS, TAILS], 0, []),
    ("ex9-56", "Tail Strike", [HEADS], 20, []),
    ("ex9-56", "Tail Strike", [TAILS], 10, []),
    ("ex9-60", "Thundershock", [HEADS], 40, ["paralyzed"]),
    ("ex9-60", "Thundershock", [TAILS], 40, []),
    ("ex9-69", "Hypnotic Gaze", [TAILS], 0, ["asleep"]),
    ("ex9-70", "Tail Smash", [HEADS], 10, []),
    ("ex9-70", "Tail Smash", [TAILS], 0, []),
    ("ex9-72", "Firebreathing", [HEADS], 30, []),
    ("ex9-72", "Firebreathing", [TAILS], 20, []),
    ("ex9-3", "Body Slam", [HEADS], 30, ["paralyzed"]),
    ("ex9-3", "Body Slam", [TAILS], 30, []),
    ("ex9-27", "Thundershock", [HEADS], 40, ["paralyzed"]),
    ("ex9-29", "Psyshock", [HEADS], 20, ["paralyzed"]),
    ("ex9-55", "Fake Out", [TAILS], 20, []),
    ("ex9-45", "Paralyzing Gaze", [HEADS], 0, ["paralyzed"]),
    ("ex9-45", "Paralyzing Gaze", [TAILS], 0, []),
    ("ex9-42", "Confuse Ray", [HEADS], 0, ["confused"]),
    ("ex9-61", "Hypnotic Ray", [TAILS], 10, ["asleep"]),
    ("ex9-24", "Rock Smash", [HEADS], 40, []),
    ("ex9-24", "Rock Smash", [TAILS], 30, []),
    ("ex9-37", "Quick Attack", [HEADS], 80, []),  # Minun: Lightning
    ("ex9-37", "Quick Attack", [TAILS], 40, []),
    ("ex9-57", "Lunge", [HEADS], 20, []),
    ("ex9-66", "Lunge", [TAILS], 0, []),
    ("ex9-67", "Razor Wind", [HEADS], 20, []),
    ("ex9-68", "Razor Wind", [TAILS], 0, []),
]


@pytest.mark.parametrize(("card", "name", "coins", "damage", "conditions"), PLAIN)
def test_attack_damage_and_conditions(
    card: str, name: str, coins: list[int] | None, damage: int, conditions: list[str]
) -> None:
    g = attack(card, name, coins)
    assert defending(g)["damage"] == damage
    assert sorted(defending(g)["conditions"]) == conditions


def test_damage_burn_adds_20_against_a_damaged_pokemon() -> None:
    g = attack("ex9-1", "Damage Burn", defender={**WAILORD, "damage": 10})
    assert defending(g)["damage"] == 10 + 70


def test_blaze_adds_40_only_with_40_hp_or_less_left() -> None:
    # Blaziken has 110 HP: 70 damage leaves 40
    g = attack("ex9-1", "Damage Burn", mon={"damage": 70})
    assert defending(g)["damage"] == 90
    g = attack("ex9-1", "Damage Burn", mon={"damage": 60})
    assert defending(g)["damage"] == 50


def test_tail_shock_and_hailstone_hit_the_bench_without_weakness() -> None:
    bench = [{"card": "ex9-60"}]  # Pikachu: Weakness Fighting
    g = attack("ex9-7", "Tail Shock", p2={"bench": bench})
    assert defending(g)["damage"] == 80 and players(g)["p2"]["bench"][0]["damage"] == 10
    g = attack("ex9-13", "Hailstone", p2={"bench": bench})
    assert defending(g)["damage"] == 10 and players(g)["p2"]["bench"][0]["damage"] == 10


def test_lava_burn_hits_a_benched_pokemon_and_needs_one_for_that() -> None:
    g = attack("ex9-25", "Lava Burn", p2={"bench": ["ex9-60", "ex9-72"]}, target="bench2")
    assert defending(g)["damage"] == 20
    bench = players(g)["p2"]["bench"]
    assert [b["damage"] for b in bench] == [0, 10]
    g = attack("ex9-25", "Lava Burn")  # no Bench: the Active's damage only
    assert defending(g)["damage"] == 20


def test_water_arrow_hits_the_picked_pokemon() -> None:
    g = attack("ex9-50", "Water Arrow", p2={"bench": ["ex9-60"]})
    act(g, "p1", "choose", option=1)
    assert defending(g)["damage"] == 0 and players(g)["p2"]["bench"][0]["damage"] == 10
    g = attack("ex9-50", "Water Arrow", p2={"bench": ["ex9-60"]})
    act(g, "p1", "choose", option=0)
    assert defending(g)["damage"] == 10 and players(g)["p2"]["bench"][0]["damage"] == 0


def test_blot_takes_a_counter_off_swalot() -> None:
    g = attack("ex9-40", "Blot", mon={"damage": 30})
    assert defending(g)["damage"] == 20 and players(g)["p1"]["active"]["damage"] == 20
    g = attack("ex9-40", "Blot")
    assert players(g)["p1"]["active"]["damage"] == 0


def test_collect_draws_a_card() -> None:
    g = attack("ex9-12", "Collect", p1={"hand": []})
    assert len(players(g)["p1"]["hand"]) == 1
    g = attack("ex9-12", "Collect", p1={"hand": [], "deck": []})
    assert players(g)["p1"]["hand"] == []


def test_reprinted_trainers_share_the_earlier_handler() -> None:
    assert reg.TRAINERS["ex9-82"] is reg.TRAINERS["ex1-89"]
    assert reg.TOOLS["ex9-80"] is reg.TOOLS["ex1-85"]
    g = game({"active": "ex9-60", "hand": ["ex9-82", "ex9-60"]}, {"active": WAILORD})
    act(g, "p1", "play_trainer", card="ex9-82")
    assert len(players(g)["p1"]["hand"]) == 6  # drew up to 6
    g = game({"active": "ex9-60", "hand": ["ex9-82"] + ["ex9-60"] * 6}, {"active": WAILORD})
    with pytest.raises(IllegalActionError, match="draw nothing"):
        act(g, "p1", "play_trainer", card="ex9-82")


def test_darkness_energy_adds_10_for_a_darkness_attacker_only() -> None:
    poochyena = {"card": "ex1-63", "energy": ["ex9-86"]}  # Darkness: Bite 10
    g = game({"active": poochyena}, {"active": WAILORD})
    act(g, "p1", "attack", attack="Bite")
    assert defending(g)["damage"] == 20
    pikachu = {"card": "ex9-60", "energy": ["ex9-86", "Water Energy"]}  # Lightning
    g = game({"active": pikachu}, {"active": WAILORD})
    act(g, "p1", "attack", attack="Thundershock", coins=[TAILS])
    assert defending(g)["damage"] == 40  # 20, Weakness x2, nothing from Darkness Energy


def test_metal_energy_takes_10_off_a_metal_pokemon_only() -> None:
    registeel = {"card": "ex9-100", "energy": ["ex9-88"]}
    pikachu = {"card": "ex9-60", "energy": ["Water Energy"] * 2}
    g = game({"active": pikachu}, {"active": registeel}, settings=ALLOW)
    act(g, "p1", "attack", attack="Thundershock", coins=[TAILS])
    assert defending(g)["damage"] == 10
    g = game({"active": pikachu}, {"active": {**WAILORD, "energy": ["ex9-88"]}})
    act(g, "p1", "attack", attack="Thundershock", coins=[TAILS])
    assert defending(g)["damage"] == 40  # Wailord is no Metal Pokémon


def test_multi_energy_pays_a_typed_cost() -> None:
    manectric = {"card": "ex9-7", "under": ["Electrike"], "energy": ["ex9-89", "Water Energy"]}
    g = game({"active": manectric}, {"active": WAILORD})
    act(g, "p1", "attack", attack="Swift")  # Lightning + Colorless
    assert defending(g)["damage"] == 20
    basic = {**manectric, "energy": ["Water Energy"] * 2}
    g = game({"active": basic}, {"active": WAILORD})
    with pytest.raises(IllegalActionError):
        act(g, "p1", "attack", attack="Swift")


def test_double_rainbow_takes_10_off_before_weakness() -> None:
    manectric = {"card": "ex9-7", "under": ["Electrike"], "energy": ["ex9-87", "Water Energy"]}
    g = game({"active": manectric}, {"active": WAILORD})
    act(g, "p1", "attack", attack="Tail Shock")  # 3 Energy paid by 2 cards
    assert defending(g)["damage"] == (40 - 10) * 2  # ex4's print: 40 * 2 - 10
    electrike = {"card": "ex9-47", "energy": ["Water Energy"]}
    g = game({"active": electrike, "hand": ["ex9-87"]}, {"active": WAILORD})
    with pytest.raises(IllegalActionError, match="Evolved"):
        act(g, "p1", "attach", card="ex9-87", target="active")


OTHERS: list[tuple[str, str, list[int] | None, int, list[str]]] = [
    ("ex9-3", "Mega Throw", None, 60, []),  # no Pokémon-ex: the printed 60
    ("ex9-20", "Bite Off", None, 30, []),
    ("ex9-21", "Extra Claws", None, 10, []),
    ("ex9-31", "Cross-Cut", None, 40, []),  # Wailord is Evolved: +20
    ("ex9-91", "Spike Rend", None, 50, []),
    ("ex9-21", "Quick Attack", [HEADS], 30, []),
    ("ex9-54", "Cross Chop", [TAILS], 10, []),
    ("ex9-65", "Knock Away", [HEADS], 20, []),
    ("ex9-44", "Spike Cannon", [HEADS, TAILS, HEADS], 20, []),
    ("ex9-44", "Spike Cannon", [TAILS, TAILS, TAILS], 0, []),
    ("ex9-11", "Spinning Tail", None, 10, []),
    ("ex9-17", "Wide Laser", None, 10, []),
    ("ex9-100", "Wide Laser", None, 20, []),
    ("ex9-12", "Warp Sounds", None, 20, ["confused"]),  # Wailord is Evolved
    ("ex9-53", "Strange Scale", None, 20, ["confused"]),
    ("ex9-18", "Hypno Splash", [TAILS], 20, ["asleep"]),
    ("ex9-91", "Psybeam", None, 20, ["confused"]),
    ("ex9-31", "Shove", [HEADS], 40, ["paralyzed"]),
    ("ex9-98", "Ice Beam", [TAILS], 10, []),
    ("ex9-22", "Power Blow", None, 20, []),  # 1 Energy on Breloom
    ("ex9-52", "Dig Under", None, 20, []),
    ("ex9-41", "Skill Dive", None, 40, []),
    ("ex9-30", "Snap Tail", None, 10, []),
]


@pytest.mark.parametrize(("card", "name", "coins", "damage", "conditions"), OTHERS)
def test_other_attacks_damage_and_conditions(
    card: str, name: str, coins: list[int] | None, damage: int, conditions: list[str]
) -> None:
    g = attack(card, name, coins)
    assert defending(g)["damage"] == damage
    assert sorted(defending(g)["conditions"]) == conditions


def test_attacks_against_a_pokemon_ex_or_a_basic() -> None:
    camerupt = {"card": "ex9-92", "under": ["Numel"]}  # an Evolved Pokémon-ex, 120 HP
    assert defending(attack("ex9-3", "Mega Throw", defender=camerupt))["damage"] == 100
    assert defending(attack("ex9-20", "Bite Off", defender=camerupt))["damage"] == 60
    assert defending(attack("ex9-21", "Extra Claws", defender=camerupt))["damage"] == 30
    regice = {"card": "ex9-98"}  # a Basic Pokémon-ex, 90 HP, Weakness Metal
    assert defending(attack("ex9-31", "Cross-Cut", defender=regice))["damage"] == 20
    g = attack("ex9-12", "Warp Sounds", defender=regice)
    assert defending(g)["damage"] == 20 and defending(g)["conditions"] == []


def test_resistance_and_weakness_ignored_where_printed() -> None:
    dodrio = {"card": "ex9-26", "under": ["Doduo"]}  # Resistance Fighting
    assert defending(attack("ex9-5", "Rock Tumble", defender=dodrio))["damage"] == 40
    assert defending(attack("ex9-5", "Slash", defender=dodrio))["damage"] == 0
    kirlia = {"card": "ex9-33", "under": ["Ralts"]}  # Weakness Psychic
    assert defending(attack("ex9-33", "Mind Shock", defender=kirlia))["damage"] == 40
    # Dig Under: no Weakness even on the Active (Larvitar is Fighting; Pikachu weak to it)
    assert defending(attack("ex9-52", "Dig Under", defender={"card": "ex9-60"}))["damage"] == 20


def test_double_edge_and_nosedive_hurt_the_attacker() -> None:
    for card, name in (
        ("ex9-35", "Double-edge"),
        ("ex9-42", "Double-edge"),
        ("ex9-107", "Nosedive"),
    ):
        g = attack(card, name)
        assert players(g)["p1"]["active"]["damage"] == 10
    assert players(attack("ex9-35", "Body Slam", [TAILS]))["p1"]["active"]["damage"] == 0


def test_skill_dive_hits_the_picked_benched_pokemon_without_weakness() -> None:
    g = attack("ex9-41", "Skill Dive", p2={"bench": ["ex9-60"]}, target="bench1")
    assert defending(g)["damage"] == 0 and players(g)["p2"]["bench"][0]["damage"] == 40


def test_smash_turn_may_switch_the_attacker_with_a_benched_pokemon() -> None:
    g = attack("ex9-26", "Smash Turn", p1={"bench": ["ex9-60"]})
    act(g, "p1", "choose", option=0)
    assert players(g)["p1"]["active"]["id"] == "ex9-60"
    g = attack("ex9-29", "Teleport Blast", p1={"bench": ["ex9-60"]})
    act(g, "p1", "choose", option=1)  # keeps it
    assert players(g)["p1"]["active"]["id"] == "ex9-29"


def test_call_for_friend_benches_a_basic_pokemon_from_the_deck() -> None:
    g = attack("ex9-53", "Call for Friend", p1={"deck": ["ex9-60", "Water Energy", "ex9-1"]})
    assert pending(g)["options"] == ["Pikachu", "nothing"]  # no Energy, no Stage 2
    act(g, "p1", "choose", option=0)
    assert [b["id"] for b in players(g)["p1"]["bench"]] == ["ex9-60"]


def test_feathery_and_submerge_keep_bench_damage_off() -> None:
    bench = [{"card": "ex9-67"}, {"card": "ex9-49"}]  # Swablu, Feebas
    g = attack("ex9-13", "Hailstone", p2={"bench": bench})
    assert [b["damage"] for b in players(g)["p2"]["bench"]] == [0, 0]
    # Active, they take damage
    for mon in ({"card": "ex9-67"}, {"card": "ex9-49"}):
        assert defending(attack("ex9-13", "Hailstone", defender=mon))["damage"] == 10
    # Submerge also keeps off its own player's attacks; Feathery does not
    g = attack("ex8-53", "Selfdestruct", p1={"bench": bench})
    assert [b["damage"] for b in players(g)["p1"]["bench"]] == [10, 0]


def test_levitate_makes_retreat_free_with_energy() -> None:
    claydol = {"card": "ex9-24", "under": ["Baltoy"], "energy": ["Fighting Energy"]}
    g = game({"active": claydol, "bench": ["ex9-60"]}, {"active": WAILORD})
    act(g, "p1", "retreat", target="bench1")
    assert len(players(g)["p1"]["bench"][0]["energy"]) == 1  # nothing discarded
    claydol = {**claydol, "energy": []}
    g = game({"active": claydol, "bench": ["ex9-60"]}, {"active": WAILORD})
    with pytest.raises(IllegalActionError):
        act(g, "p1", "retreat", target="bench1")


def test_electro_guard_takes_weakness_away_with_lightning_energy() -> None:
    minun = {"card": "ex9-37", "energy": ["Lightning Energy"]}  # Weakness Fighting
    assert defending(attack("ex9-5", "Slash", defender=minun))["damage"] == 10
    minun = {**minun, "energy": ["Water Energy"]}
    assert defending(attack("ex9-5", "Slash", defender=minun))["damage"] == 20


def test_magma_armor_keeps_sleep_and_paralysis_off() -> None:
    camerupt = {"card": "ex9-92", "under": ["Numel"]}
    g = attack("ex9-60", "Thundershock", [HEADS], defender=camerupt)
    assert defending(g)["conditions"] == []
    g = attack("ex9-28", "Tail Shake", defender=camerupt)
    assert defending(g)["conditions"] == []
    g = attack("ex9-38", "Confuse Ray", defender=camerupt)
    assert defending(g)["conditions"] == ["confused"]


def test_form_change_of_ex9_deoxys_swaps_in_another_deoxys_only() -> None:
    deoxys = {"card": "ex9-2", "energy": ["Psychic Energy"]}
    g = game({"active": deoxys, "deck": ["ex8-17", "ex9-93"]}, {"active": WAILORD})
    act(g, "p1", "use_power", power="Form Change", pokemon="active")
    assert len(pending(g)["options"]) == 2  # the ex8 Deoxys (not the Deoxys ex), or nothing
    act(g, "p1", "choose", option=0)
    assert players(g)["p1"]["active"]["id"] == "ex8-17"
    g = game({"active": deoxys, "deck": ["ex9-93"]}, {"active": WAILORD}, settings=ALLOW)
    with pytest.raises(IllegalActionError, match=r"no other Deoxys in the deck"):
        act(g, "p1", "use_power", power="Form Change", pokemon="active")


def test_form_change_of_deoxys_ex_takes_a_deoxys_ex() -> None:
    g = game({"active": "ex9-93", "deck": ["ex8-16", "ex8-98"]}, {"active": WAILORD})
    act(g, "p1", "use_power", power="Form Change", pokemon="active")
    assert len(pending(g)["options"]) == 2  # Deoxys ex (ex8-98), or nothing
    act(g, "p1", "choose", option=0)
    assert players(g)["p1"]["active"]["id"] == "ex8-98"


def test_fastwave_ignores_the_defending_pokemons_body_and_dragon_mist_too() -> None:
    starmie = {"card": "ex8-48", "under": ["Staryu"], "energy": ["Psychic Energy"]}  # Core Guard
    assert defending(attack("ex9-93", "Fastwave", defender=starmie))["damage"] == 50
    assert defending(attack("ex9-2", "Swift", defender=starmie))["damage"] == 30
    assert defending(attack("ex9-33", "Mind Shock", defender=starmie))["damage"] == 30  # -10
    g = attack("ex9-90", "Dragon Mist", defender={**starmie, "damage": 0})
    assert players(g)["p2"]["discard"]  # 70 Knocks the 70-HP Starmie Out despite Core Guard


def test_mist_takes_30_off_the_attacks_of_stage_2_pokemon_only() -> None:
    altaria = {"card": "ex9-90", "under": ["Swablu"]}
    assert defending(attack("ex9-1", "Damage Burn", defender=altaria))["damage"] == 20
    assert defending(attack("ex9-25", "Sharp Claws", [TAILS], defender=altaria))["damage"] == 40


def test_heal_dance_heals_2_counters_once_a_turn_per_player() -> None:
    gardevoir = {"card": "ex9-4", "under": ["Ralts", "Kirlia"]}
    g = game(
        {"active": gardevoir, "bench": [{"card": "ex9-60", "damage": 30}, gardevoir]},
        {"active": WAILORD},
    )
    act(g, "p1", "use_power", power="Heal Dance", pokemon="active")
    act(g, "p1", "choose", option=0)
    assert players(g)["p1"]["bench"][0]["damage"] == 10
    with pytest.raises(IllegalActionError, match=r"ptcg\.power\.requirement"):
        act(g, "p1", "use_power", power="Heal Dance", pokemon="bench2")
    g = game({"active": gardevoir}, {"active": WAILORD})
    with pytest.raises(IllegalActionError, match=r"no.*damage counters"):
        act(g, "p1", "use_power", power="Heal Dance", pokemon="active")


def test_baby_evolution_puts_pikachu_on_pichu_and_heals_it() -> None:
    g = game({"active": {"card": "ex9-59", "damage": 20}, "hand": ["ex9-60"]}, {"active": WAILORD})
    act(g, "p1", "use_power", power="Baby Evolution", pokemon="active")
    active = players(g)["p1"]["active"]
    assert active["id"] == "ex9-60" and active["damage"] == 0
    g = game({"active": "ex9-59", "hand": ["ex9-1"]}, {"active": WAILORD})
    with pytest.raises(IllegalActionError, match="Pikachu"):
        act(g, "p1", "use_power", power="Baby Evolution", pokemon="active")


def test_scary_face_on_heads_stops_the_defending_pokemon_attacking_and_retreating() -> None:
    wailord = {**WAILORD, "energy": ["Water Energy"] * 5}
    take_down = Action("attack", "p2", {"attack": "Take Down"})
    retreat = Action("retreat", "p2", {"target": "bench1"})
    g = attack("ex9-15", "Scary Face", [HEADS], defender=wailord, p2={"bench": ["ex9-60"]})
    assert "ptcg.attack.effect" in str(g.check(take_down))
    assert "ptcg.retreat.blocked" in str(g.check(retreat))
    g = attack("ex9-15", "Scary Face", [TAILS], defender=wailord, p2={"bench": ["ex9-60"]})
    assert g.check(take_down) is None and g.check(retreat) is None


def test_gentle_wrap_stops_retreat_only() -> None:
    wailord = {**WAILORD, "energy": ["Water Energy"] * 5}
    g = attack("ex9-96", "Gentle Wrap", defender=wailord, p2={"bench": ["ex9-60"]})
    assert defending(g)["damage"] == 30
    assert "ptcg.retreat.blocked" in str(g.check(Action("retreat", "p2", {"target": "bench1"})))
    assert g.check(Action("attack", "p2", {"attack": "Take Down"})) is None


def test_hydro_pump_adds_10_per_spare_water_energy_at_most_20() -> None:
    for spare, damage in ((0, 40), (1, 50), (2, 60), (3, 60)):
        energy = ["Water Energy"] * (3 + spare)
        g = attack("ex9-15", "Hydro Pump", mon={"energy": energy})
        assert defending(g)["damage"] == damage, spare
    energy = ["Water Energy"] * 2 + ["Fire Energy"] * 2
    g = attack("ex9-15", "Hydro Pump", mon={"energy": energy})
    assert defending(g)["damage"] == 40  # a spare Fire Energy adds nothing
    energy = ["Water Energy"] * 3 + ["Fire Energy"]
    g = attack("ex9-15", "Hydro Pump", mon={"energy": energy})
    assert defending(g)["damage"] == 50  # the Fire pays the Colorless: one Water is spare


def test_scott_takes_up_to_3_supporters_and_stadiums() -> None:
    deck = ["ex9-82", "ex9-75", "ex9-85", "ex9-81", "Water Energy"]
    g = game(
        {"active": "ex9-60", "hand": ["ex9-84"], "deck": deck}, {"active": WAILORD}, settings=ALLOW
    )
    act(g, "p1", "play_trainer", card="ex9-84")
    assert "PokéNav" not in pending(g)["options"]  # an Item
    for _ in range(3):
        act(g, "p1", "choose", option=0)
    hand = sorted(g.state.cards[c] for c in g.state.sides[0].hand)
    assert hand == ["ex9-75", "ex9-82", "ex9-85"]
    g = game({"active": "ex9-60", "hand": ["ex9-84"], "deck": []}, {"active": WAILORD})
    with pytest.raises(IllegalActionError, match="deck is empty"):
        act(g, "p1", "play_trainer", card="ex9-84")


def test_eruption_adds_per_energy_card_discarded_from_both_decks() -> None:
    both = {"deck": ["Fire Energy", "ex9-60"]}
    g = attack("ex9-14", "Eruption", p1=both, p2={"deck": ["ex9-88", "ex9-60"]})
    assert defending(g)["damage"] == 60  # 40 + 10 per Energy card (a special one counts)
    assert [g.state.cards[c] for c in g.state.sides[1].discard] == ["ex9-88"]  # its top card
    assert [g.state.card(c).name for c in g.state.sides[0].discard] == ["Fire Energy"]
    g = attack("ex9-92", "Eruption", p1={"deck": ["ex9-60"]}, p2={"deck": ["ex9-60", "ex9-1"]})
    assert defending(g)["damage"] == 60  # no Energy card: the printed 60
    g = attack("ex9-92", "Eruption", p1={"deck": ["Fire Energy"]}, p2={"deck": ["ex9-60"] * 2})
    assert defending(g)["damage"] == 80


# ---------------------------------------------------------------------------- Hydrobloom
def test_green_essence_keeps_conditions_off_the_active_with_grass_energy() -> None:
    grass = {**WAILORD, "energy": ["Grass Energy"]}
    g = attack("ex9-38", "Confuse Ray", defender=grass, p2={"bench": [SCEPTILE]})
    assert defending(g)["conditions"] == [] and defending(g)["damage"] == 10
    assert any(
        e.type == "note" and e.data.get("name") == "Green Essence" for e in g.events
    )
    # Sceptile itself as the Active, with Grass Energy: kept off too
    g = attack("ex9-40", "Poison Breath", defender={**SCEPTILE, "energy": ["Grass Energy"]})
    assert defending(g)["conditions"] == []


def test_green_essence_needs_grass_energy_on_the_active_and_sceptile_in_play() -> None:
    water = {**WAILORD, "energy": ["Water Energy"]}
    g = attack("ex9-38", "Confuse Ray", defender=water, p2={"bench": [SCEPTILE]})
    assert defending(g)["conditions"] == ["confused"]
    grass = {**WAILORD, "energy": ["Grass Energy"]}
    g = attack("ex9-38", "Confuse Ray", defender=grass, p2={"bench": ["ex9-70"]})  # Treecko
    assert defending(g)["conditions"] == ["confused"]
    # the opponent's Sceptile protects only its own player's Active
    g = attack("ex9-38", "Confuse Ray", defender=grass, p1={"bench": [SCEPTILE]})
    assert defending(g)["conditions"] == ["confused"]


def test_hydrobloom_is_complete_and_plays_seeded_games() -> None:
    ids = deck_list("hydrobloom", pool(), "deck")
    assert len(ids) == 60 and coverage(pool()[card_id] for card_id in ids).missing == []
    for agents in (("random", "random"), ("greedy", "random"), ("random", "greedy")):
        report = Report()
        for seed in range(2):
            play_checked([ids, ids], agents, f"ex9/hydrobloom/{agents[0]}/{seed}", report)
        assert report.failures == [] and report.games == 2


# ---------------------------------------------------------------------------- rare and ex
def test_dragon_dance_adds_30_to_the_next_turns_attack() -> None:
    energy = ["Fire Energy", "Lightning Energy", "Water Energy"]
    g = attack("ex9-9", "Dragon Dance", mon={"energy": energy})
    assert defending(g)["damage"] == 0
    act(g, "p2", "end_turn")
    act(g, "p1", "attack", attack="Dragon Claw")
    assert defending(g)["damage"] == 40 + 30
    g = attack("ex9-9", "Dragon Claw", mon={"energy": energy})
    assert defending(g)["damage"] == 40


REGICE = {"card": "ex9-98"}
REGIROCK = {"card": "ex9-99"}
REGISTEEL = {"card": "ex9-100"}


def test_iceberg_crush_flips_for_an_energy_only_with_regirock_ex_in_play() -> None:
    wailord = {**WAILORD, "energy": ["Water Energy"]}
    g = attack("ex9-98", "Iceberg Crush", [HEADS], defender=wailord, p1={"bench": [REGIROCK]})
    assert defending(g)["damage"] == 40 and defending(g)["energy"] == []
    g = attack("ex9-98", "Iceberg Crush", [TAILS], defender=wailord, p2={"bench": [REGIROCK]})
    assert defending(g)["energy"] != []  # either player's Regirock ex; tails: nothing
    g = attack("ex9-98", "Iceberg Crush", [], defender=wailord)  # no coin at all
    assert defending(g)["damage"] == 40 and defending(g)["energy"] != []


def test_metal_crush_adds_20_with_registeel_ex_in_play() -> None:
    assert defending(attack("ex9-99", "Metal Crush", p1={"bench": [REGISTEEL]}))["damage"] == 60
    assert defending(attack("ex9-99", "Metal Crush"))["damage"] == 40


def test_block_signal_may_confuse_only_with_regice_ex_in_play() -> None:
    g = attack("ex9-100", "Block Signal", [HEADS], p1={"bench": [REGICE]})
    assert defending(g)["damage"] == 10 and defending(g)["conditions"] == ["confused"]
    g = attack("ex9-100", "Block Signal", [TAILS], p1={"bench": [REGICE]})
    assert defending(g)["conditions"] == []
    g = attack("ex9-100", "Block Signal", [])  # no Regice ex: no coin
    assert defending(g)["damage"] == 10 and defending(g)["conditions"] == []


def test_mend_attaches_a_fighting_energy_from_the_discard_and_heals_one() -> None:
    g = attack("ex9-99", "Mend", mon={"damage": 20}, p1={"discard": ["Fighting Energy"]})
    active = players(g)["p1"]["active"]
    assert len(active["energy"]) == 2 and active["damage"] == 10
    assert players(g)["p1"]["discard"] == []
    g = attack("ex9-99", "Mend", mon={"damage": 20}, p1={"discard": ["Water Energy"]})
    active = players(g)["p1"]["active"]
    assert len(active["energy"]) == 1 and active["damage"] == 20


def test_shadow_beam_puts_2_counters_per_energy_on_dusclops_ex() -> None:
    assert defending(attack("ex9-94", "Shadow Beam"))["damage"] == 20
    energy = ["Psychic Energy"] * 3
    assert defending(attack("ex9-94", "Shadow Beam", mon={"energy": energy}))["damage"] == 60


def test_pure_power_puts_3_counters_anywhere_even_on_one_pokemon() -> None:
    g = attack("ex9-95", "Pure Power", p2={"bench": ["ex9-60"]})
    assert len(pending(g)["options"]) == 2
    for option in (0, 0, 1):
        act(g, "p1", "choose", option=option)
    assert defending(g)["damage"] == 20 and players(g)["p2"]["bench"][0]["damage"] == 10
    g = attack("ex9-95", "Pure Power")
    for _ in range(3):
        act(g, "p1", "choose", option=0)
    assert defending(g)["damage"] == 30 and "pending" not in view(g)


def test_sky_kick_adds_40_against_fighting_resistance() -> None:
    dusclops = {"card": "ex9-94", "under": ["Duskull"]}  # Resistance Fighting -30
    assert defending(attack("ex9-95", "Sky Kick", defender=dusclops))["damage"] == 100 - 30
    assert defending(attack("ex9-95", "Sky Kick"))["damage"] == 60


def test_reflect_energy_moves_a_basic_energy_to_the_bench() -> None:
    g = attack("ex9-96", "Reflect Energy", p1={"bench": ["ex9-60"]})
    assert defending(g)["damage"] == 70
    act(g, "p1", "choose", option=0)
    me = players(g)["p1"]
    assert len(me["active"]["energy"]) == 2 and len(me["bench"][0]["energy"]) == 1
    g = attack("ex9-96", "Reflect Energy")  # no Bench: nothing to ask, nothing moved
    assert "pending" not in view(g) and len(players(g)["p1"]["active"]["energy"]) == 3


def test_power_short_adds_20_against_a_poke_power_only() -> None:
    gardevoir = {"card": "ex9-4", "under": ["Ralts", "Kirlia"]}  # Heal Dance, a Poké-Power
    bench = [gardevoir, SCEPTILE]  # Sceptile has a Poké-Body
    g = attack("ex9-97", "Power Short", p2={"bench": bench}, target="bench1")
    assert players(g)["p2"]["bench"][0]["damage"] == 50
    g = attack("ex9-97", "Power Short", p2={"bench": bench}, target="bench2")
    assert players(g)["p2"]["bench"][1]["damage"] == 30
    g = attack("ex9-97", "Power Short", p2={"bench": bench}, target="active")
    assert defending(g)["damage"] == 60  # Weakness on the Active


SWAMPERT = {"card": "ex9-11", "under": ["Mudkip", "Marshtomp"]}


def test_water_cyclone_moves_water_from_the_active_to_the_bench_as_often_as_liked() -> None:
    active = {**WAILORD, "energy": ["Water Energy", "Water Energy", "Fire Energy"]}
    g = game({"active": active, "bench": [SWAMPERT, "ex9-60"]}, {"active": WAILORD})
    act(g, "p1", "use_power", power="Water Cyclone", pokemon="bench1")
    options = pending(g)["options"]
    assert len(options) == 2 and all(o.startswith("Water Energy") for o in options)
    act(g, "p1", "choose", option=1)
    act(g, "p1", "use_power", power="Water Cyclone", pokemon="bench1")  # again
    act(g, "p1", "choose", option=0)
    me = players(g)["p1"]
    assert len(me["active"]["energy"]) == 1 and len(me["bench"][0]["energy"]) == 1
    assert len(me["bench"][1]["energy"]) == 1
    # only the Fire Energy is left on the Active: nothing to move
    with pytest.raises(IllegalActionError, match=r"ptcg\.power\.requirement"):
        act(g, "p1", "use_power", power="Water Cyclone", pokemon="bench1")


def test_water_cyclone_is_off_while_swampert_has_a_special_condition() -> None:
    swampert = {**SWAMPERT, "energy": ["Water Energy"], "conditions": ["confused"]}
    g = game({"active": swampert, "bench": ["ex9-60"]}, {"active": WAILORD})
    with pytest.raises(IllegalActionError, match=r"ptcg\.power\.condition"):
        act(g, "p1", "use_power", power="Water Cyclone", pokemon="active")
    g = game({"active": {**swampert, "conditions": []}, "bench": ["ex9-60"]}, {"active": WAILORD})
    act(g, "p1", "use_power", power="Water Cyclone", pokemon="active")
    act(g, "p1", "choose", option=0)  # its own Water Energy to Pikachu
    assert len(players(g)["p1"]["bench"][0]["energy"]) == 1


def test_mr_stones_project_searches_the_deck_or_the_discard_pile() -> None:
    deck = ["ex9-60", "Water Energy", "ex9-1", "ex9-60"]
    me = {"active": "ex9-60", "hand": ["ex9-79"], "deck": deck, "discard": ["Fire Energy"]}
    g = game(me, {"active": WAILORD})
    act(g, "p1", "play_trainer", card="ex9-79")
    assert pending(g)["options"] == ["search the deck", "search the discard pile"]
    act(g, "p1", "choose", option=0)
    assert pending(g)["options"] == ["Pikachu", "Water Energy", "nothing"]  # no Stage 2
    act(g, "p1", "choose", option=0)
    act(g, "p1", "choose", option=pending(g)["options"].index("Water Energy"))
    assert sorted(g.state.card(c).name for c in g.state.sides[0].hand) == [
        "Pikachu",
        "Water Energy",
    ]
    assert "pending" not in view(g) and players(g)["p1"]["discard"] == ["Fire Energy"]
    g = game({**me, "discard": ["ex9-82", "ex9-60", "Fire Energy"]}, {"active": WAILORD})
    act(g, "p1", "play_trainer", card="ex9-79")
    act(g, "p1", "choose", option=1)
    assert pending(g)["options"] == ["Pikachu", "Fire Energy", "nothing"]  # not Birch
    act(g, "p1", "choose", option=1)
    act(g, "p1", "choose", option=1)  # nothing more
    assert [g.state.card(c).name for c in g.state.sides[0].hand] == ["Fire Energy"]


def test_mr_stones_project_needs_a_deck_or_a_basic_card_in_the_discard() -> None:
    me = {"active": "ex9-60", "hand": ["ex9-79"], "deck": [], "discard": ["ex9-82"]}
    g = game(me, {"active": WAILORD})
    with pytest.raises(IllegalActionError, match=r"ptcg\.trainer\.condition"):
        act(g, "p1", "play_trainer", card="ex9-79")
    g = game({**me, "discard": ["ex9-82", "ex9-60"]}, {"active": WAILORD})
    act(g, "p1", "play_trainer", card="ex9-79")  # the discard pile only: no first question
    assert pending(g)["options"] == ["Pikachu", "nothing"]


# ---------------------------------------------------------------------------- ex Poké-Bodies
MEDICHAM = {"card": "ex9-95", "under": ["Meditite"]}
GARDEVOIR = {"card": "ex9-4", "under": ["Ralts", "Kirlia"]}


def test_wise_aura_stops_the_powers_of_every_pokemon_but_a_pokemon_ex() -> None:
    bench = [GARDEVOIR, {"card": "ex9-60", "damage": 20}]
    g = game({"active": WAILORD, "bench": bench}, {"active": MEDICHAM})
    with pytest.raises(IllegalActionError, match=r"Wise Aura.*ptcg\.power\.body"):
        act(g, "p1", "use_power", power="Heal Dance", pokemon="bench1")
    g = game({"active": MEDICHAM, "bench": bench}, {"active": WAILORD})  # its own player too
    assert "ptcg.power.body" in str(
        g.check(Action("use_power", "p1", {"power": "Heal Dance", "pokemon": "bench1"}))
    )
    # a Pokémon-ex keeps its Poké-Powers
    g = game({"active": "ex9-93", "deck": ["ex8-98"]}, {"active": MEDICHAM})
    act(g, "p1", "use_power", power="Form Change", pokemon="active")
    assert pending(g)["options"][0].startswith("Deoxys ex")


def test_wise_aura_works_only_while_medicham_ex_is_active() -> None:
    bench = [GARDEVOIR, {"card": "ex9-60", "damage": 20}]
    g = game({"active": WAILORD, "bench": bench}, {"active": WAILORD, "bench": [MEDICHAM]})
    act(g, "p1", "use_power", power="Heal Dance", pokemon="bench1")
    act(g, "p1", "choose", option=0)
    assert players(g)["p1"]["bench"][1]["damage"] == 0


CACTURNE = {"card": "ex9-91", "under": ["Cacnea"]}


def test_cursed_glare_keeps_special_energy_off_the_opponents_active() -> None:
    me = {"active": "ex9-60", "bench": ["ex9-60"], "hand": ["ex9-89", "ex9-86"]}
    g = game(me, {"active": CACTURNE})
    with pytest.raises(IllegalActionError, match=r"Cursed Glare.*ptcg\.energy\.condition"):
        act(g, "p1", "attach", card="ex9-89", target="active")
    act(g, "p1", "attach", card="ex9-86", target="active")  # Darkness Energy passes
    g = game(me, {"active": CACTURNE})
    act(g, "p1", "attach", card="ex9-89", target="bench1")  # the Bench is free
    assert len(players(g)["p1"]["bench"][0]["energy"]) == 1


def test_cursed_glare_needs_cacturne_ex_active_and_spares_its_own_player() -> None:
    me = {"active": "ex9-60", "hand": ["ex9-89"]}
    g = game(me, {"active": WAILORD, "bench": [CACTURNE]})
    act(g, "p1", "attach", card="ex9-89", target="active")
    g = game({**me, "active": CACTURNE}, {"active": WAILORD})
    act(g, "p1", "attach", card="ex9-89", target="active")
    assert len(players(g)["p1"]["active"]["energy"]) == 1


DUSCLOPS = {"card": "ex9-94", "under": ["Duskull"]}
POOCHYENA = {"card": "ex1-63", "energy": ["Water Energy"]}  # Darkness: Bite 10


def test_dark_hole_takes_darkness_weakness_away_from_the_bench() -> None:
    g = game({"active": POOCHYENA}, {"active": "ex9-46", "bench": [DUSCLOPS]})  # Duskull
    act(g, "p1", "attack", attack="Bite")
    assert defending(g)["damage"] == 10
    g = game({"active": POOCHYENA}, {"active": "ex9-46"})
    act(g, "p1", "attack", attack="Bite")
    assert defending(g)["damage"] == 20
    # Dusclops ex as the Active: its Body works only from the Bench
    g = game({"active": POOCHYENA}, {"active": DUSCLOPS, "bench": ["ex9-46"]})
    act(g, "p1", "attack", attack="Bite")
    assert defending(g)["damage"] == 20


MILOTIC = {"card": "ex9-96", "under": ["Feebas"]}
KYOGRE = {"card": "ex4-3", "energy": ["Water Energy"]}  # Team Aqua's Kyogre


def test_mystic_scale_forbids_technical_machines() -> None:
    g = game({"active": KYOGRE, "hand": ["ex4-79"]}, {"active": WAILORD, "bench": [MILOTIC]})
    with pytest.raises(IllegalActionError, match=r"Mystic Scale.*ptcg\.trainer\.body"):
        act(g, "p1", "play_trainer", card="ex4-79", target="active")
    g = game({"active": KYOGRE, "hand": ["ex4-79"]}, {"active": WAILORD})
    act(g, "p1", "play_trainer", card="ex4-79", target="active")
    assert g.state.sides[0].active is not None and g.state.sides[0].active.tm >= 0


def test_mystic_scale_discards_the_technical_machines_in_play_as_milotic_ex_evolves() -> None:
    me = {"active": KYOGRE, "hand": ["ex4-79", "ex9-96"], "bench": ["ex9-49"]}  # Feebas
    g = game(me, {"active": WAILORD})
    act(g, "p1", "play_trainer", card="ex4-79", target="active")
    act(g, "p1", "evolve", card="ex9-96", target="bench1")
    active = g.state.sides[0].active
    assert active is not None and active.tm < 0
    assert "ex4-79" in [g.state.cards[c] for c in g.state.sides[0].discard]


RAICHU = {"card": "ex9-97", "under": ["Pikachu"]}


def test_rai_shield_takes_30_off_a_pokemon_ex_attack_once_a_turn() -> None:
    g = attack("ex9-100", "Wide Laser", defender=RAICHU, p2={"bench": [RAICHU]})
    assert defending(g)["damage"] == 0  # 20 - 30
    assert players(g)["p2"]["bench"][0]["damage"] == 20  # the turn's Rai-shield is used
    # Nosepass is no Pokémon-ex (and Fighting: Weakness x2 on the Active)
    g = attack("ex9-17", "Wide Laser", defender=RAICHU, p2={"bench": [RAICHU]})
    assert defending(g)["damage"] == 20 and players(g)["p2"]["bench"][0]["damage"] == 10


# ---------------------------------------------------------------------------- Battle Frontier
FRONTIER = "ex9-75"
DELCATTY = {"card": "ex1-5", "under": ["Skitty"]}  # Colorless, Energy Draw


def test_battle_frontier_stops_the_powers_of_colorless_darkness_metal_evolved_pokemon() -> None:
    me = {"active": DELCATTY, "hand": ["Water Energy"], "bench": [GARDEVOIR, "ex9-60"]}
    energy_draw = Action("use_power", "p1", {"power": "Energy Draw", "pokemon": "active"})
    g = game(me, {"active": WAILORD}, stadium=FRONTIER)
    refusal = str(g.check(energy_draw))
    assert "ptcg.power.stadium" in refusal and "Battle Frontier" in refusal
    g = game(me, {"active": WAILORD})
    assert g.check(energy_draw) is None
    # a Psychic Evolved Pokémon keeps its Poké-Power under Battle Frontier
    damaged = {**me, "bench": [GARDEVOIR, {"card": "ex9-60", "damage": 20}]}
    g = game(damaged, {"active": WAILORD}, stadium=FRONTIER)
    act(g, "p1", "use_power", power="Heal Dance", pokemon="bench1")
    act(g, "p1", "choose", option=0)
    assert players(g)["p1"]["bench"][1]["damage"] == 0


def test_battle_frontier_turns_the_bodies_of_such_pokemon_off() -> None:
    blaziken = attacker("ex9-1", "Damage Burn")  # a Stage 2: Mist takes 30 off
    altaria = {"card": "ex9-90", "under": ["Swablu"]}  # Altaria ex: Colorless, Evolved
    g = game({"active": blaziken}, {"active": altaria}, settings=ALLOW, stadium=FRONTIER)
    act(g, "p1", "attack", attack="Damage Burn")
    assert defending(g)["damage"] == 50
    g = game({"active": blaziken}, {"active": altaria}, settings=ALLOW)
    act(g, "p1", "attack", attack="Damage Burn")
    assert defending(g)["damage"] == 20
    # a condition-proof Body (Thick Skin of Persian) and a rule Body (Lazy of Slaking)
    persian = {"card": "ex6-44", "under": ["Meowth"]}
    g = game({"active": attacker("ex9-38", "Confuse Ray")}, {"active": persian}, stadium=FRONTIER)
    act(g, "p1", "attack", attack="Confuse Ray")
    assert defending(g)["conditions"] == ["confused"]
    g = game({"active": attacker("ex9-38", "Confuse Ray")}, {"active": persian})
    act(g, "p1", "attack", attack="Confuse Ray")
    assert defending(g)["conditions"] == []
    slaking = {"card": "ex1-12", "under": ["Slakoth", "Vigoroth"]}
    bench = [GARDEVOIR, {"card": "ex9-60", "damage": 20}]
    heal_dance = Action("use_power", "p1", {"power": "Heal Dance", "pokemon": "bench1"})
    g = game({"active": WAILORD, "bench": bench}, {"active": slaking}, stadium=FRONTIER)
    assert g.check(heal_dance) is None
    g = game({"active": WAILORD, "bench": bench}, {"active": slaking})
    assert "ptcg.power.body" in str(g.check(heal_dance))


def test_battle_frontier_spares_basic_pokemon_and_other_types() -> None:
    # Free Flight of Fearow (Colorless, Evolved) stops; a Grass Pokémon's Body stays
    fearow = {"card": "ex6-24", "under": ["Spearow"]}  # Colorless: Retreat Cost 0 without Energy
    retreat = Action("retreat", "p1", {"target": "bench1"})
    g = game({"active": fearow, "bench": ["ex9-60"]}, {"active": WAILORD}, stadium=FRONTIER)
    assert "ptcg.retreat" in str(g.check(retreat))
    g = game({"active": fearow, "bench": ["ex9-60"]}, {"active": WAILORD})
    assert g.check(retreat) is None
    grass = {**WAILORD, "energy": ["Grass Energy"]}  # Sceptile is Grass: Green Essence stays
    g = game(
        {"active": attacker("ex9-38", "Confuse Ray")},
        {"active": grass, "bench": [SCEPTILE]},
        stadium=FRONTIER,
    )
    act(g, "p1", "attack", attack="Confuse Ray")
    assert defending(g)["conditions"] == []


def body_table(name: str) -> Any:
    """A registry table of Poké-Bodies by name; COST_BODIES_BY_CARD: the card ids of
    reg.COST_OVERRIDES (keyed by card and attack: Delta Aura)."""
    if name == "COST_BODIES_BY_CARD":
        return {card_id for card_id, _ in reg.COST_OVERRIDES}
    return getattr(reg, name)


# the Poké-Body tables whose lookups ask board.body_off for the Pokémon whose Body it is
BODY_OFF_AWARE = (
    "DAMAGE_MODS",
    "RULE_BODIES",
    "DAMAGE_BODIES",
    "RETREAT_BODIES",
    "RETREAT_ANY_CONDITION",
    "RETREAT_HELPS",
    "RETREAT_SELF_HELPS",
    "CONDITION_IMMUNE",
    "EVOLVE_PUNISHERS",
    "RETREAT_TAXES",
    "BETWEEN_TURNS_BODIES",
    "KNOCKOUT_BODIES",
    "TYPE_BODIES",
    "RETREAT_AURAS",
    "HEAL_BODIES",
    "NO_WEAKNESS_BODIES",
    "NO_RESISTANCE_BODIES",
    "NO_RESISTANCE_ACTIVE",
    "HP_AURAS",
    "FLUFF_BODIES",
    "NO_PRIZE_BODIES",
    "MIRROR_BODIES",
    "BASIC_BANS",  # lasting.basic_banned reads them through _active_bodies
    "LONE_BASIC_BANS",  # lasting.attack_banned, through _active_bodies
    "ATTACK_COIN_BODIES",  # lasting.distraction_stops, through _active_bodies
    "OPPONENT_ATTACK_BANS",  # lasting.attack_banned, through _active_bodies
    "KIN_NO_RESISTANCE",  # damage._kin_resists asks body_off
    "ENERGY_TYPE_WHEN",  # board.energy_type_body asks body_off for these
    "ENERGY_TYPE_BODIES",  # and for these (Energy Flame ex6-105)
    "POWER_BLOCKS_IN_PLAY",  # lasting.power_aura asks body_off
    "ATTACH_BANS_IN_PLAY",  # lasting.attach_banned asks body_off
    "BORROW_ATTACK_BODIES",  # lasting.fellowship_attacks
    "COST_BODIES_BY_CARD",  # reg.COST_OVERRIDES by card id (attack.attack_rule asks body_off)
    "CHECKUP_BODIES",
    "BENCH_SHIELDS",
    "BENCH_GUARDS",  # damage.bench_guarded (Solid Shell ex15-14)
    "RETREAT_PUNISHERS",  # retreat.punish_retreat (Metal Gravity ex16-98)
    "BENCH_SHIELDS_IN_PLAY",  # damage._bench_shielded_in_play (Sand Veil ex14-5)
    "BODY_OFF_AURAS",  # board._body_off_aura (Dual Aura ex13-11, ex13-12)
    "POWER_AURAS_IN_PLAY",  # lasting._power_aura_in_play (Delta Reserve ex13-14)
    "COLORLESS_ENERGY_BODIES",  # board.colorless_energy_body (Chlorophyll ex14-28)
    "SLEEP_COINS",
    "ATTACK_BANS",
    "COST_BODIES",
    "ATTACH_PUNISHERS",
    "CONDITION_AURAS",
    "POWER_AURAS",
    "ATTACH_BANS",
    "AFTER_POWER_BODIES",  # power.after_power_bodies (Dark Eyes)
    "EX_TAX_BODIES",  # lasting.ex_taxed (Extra Liquid)
    "DAMAGE_ANSWER_BODIES",  # damage.withheld_by_body (Psychic Protector ex16-94)
    "DELTA_VEIL_BODIES",  # delta_veil.delta_veiled (Holon Veil ex15-1)
)


def test_every_body_battle_frontier_can_reach_asks_it() -> None:
    """Each implemented Poké-Body that Battle Frontier (a Colorless, Darkness or Metal
    Evolution card) or Space Center (ex8-91: a Basic Pokémon, not ex, no owner in its name)
    can turn off works through a table whose lookup asks ``board.body_off``; a Body working
    another way (a new table) must ask it too, then join BODY_OFF_AWARE. Chain of Events
    (ex3-7, ex3-8) never applies in a one-Active game."""
    tables = {name: body_table(name) for name in BODY_OFF_AWARE}
    unaware = []
    for card in pool().values():
        # Chain of Events never applies; Delta Guard is read by its own attack (body_off asked)
        if card.kind != "pokemon" or card.id in ("ex3-7", "ex3-8", "ex11-13"):
            continue
        if card.stage == "basic":
            if card.ex or "'s " in card.name:
                continue
        elif not {"Colorless", "Darkness", "Metal"} & set(card.types):
            continue
        for power in card.powers:
            body = reg.BODIES.get((card.id, power.name))
            if power.kind != "body" or body is None:
                continue
            found = body.on_attach is not None or any(
                card.id in table or (card.id, power.name) in table for table in tables.values()
            )
            if not found:
                unaware.append(f"{card.id} {power.name}")
    assert unaware == []
