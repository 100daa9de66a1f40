"""EX Crystal Guardians (ex14) cards 31-100: the cards of effect_data_ex14b.py and the
vocabulary of vocab_ex14b.py, each shown both ways where it can go two ways."""

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
from turnkeeper.rulesets.ptcg.by_hand import missing_effects
from turnkeeper.rulesets.ptcg.cards import bundled_cards

# (card, attack, coins, damage to Wailord, its Special Conditions); a Burn or Sleep coin
# between turns comes last (heads: no Burn damage; tails: it stays Asleep)
PLAIN = [
    ("ex14-45", "Poisonpowder", None, 10, ["poisoned"]),  # the Poison counter
    ("ex14-34", "Sleep Powder", [TAILS], 20, ["asleep"]),
    ("ex14-34", "Sleep Powder", [HEADS], 20, []),  # woke up between turns
    ("ex14-69", "Supersonic", [HEADS], 0, ["confused"]),
    ("ex14-69", "Supersonic", [TAILS], 0, []),
    ("ex14-67", "Paralyzing Gaze", [HEADS], 0, ["paralyzed"]),
    ("ex14-67", "Paralyzing Gaze", [TAILS], 0, []),
    ("ex14-53", "Hypnoblast", [TAILS], 10, ["asleep"]),
    ("ex14-54", "Vital Pinchers", [HEADS], 20, []),
    ("ex14-54", "Vital Pinchers", [TAILS], 10, []),
    ("ex14-31", "Searing Flame", [HEADS], 10, ["burned"]),
    ("ex14-31", "Firebreathing", [HEADS], 50, []),
    ("ex14-31", "Firebreathing", [TAILS], 30, []),
    ("ex14-35", "Sharp Leaf", [HEADS], 60, []),
    ("ex14-35", "Sharp Leaf", [TAILS], 40, []),
    ("ex14-42", "Bubble", [HEADS], 20, ["paralyzed"]),
    ("ex14-42", "Bubble", [TAILS], 20, []),
    ("ex14-47", "Rising Lunge", [HEADS], 30, []),
    ("ex14-47", "Rising Lunge", [TAILS], 10, []),
    ("ex14-52", "Quick Blow", [HEADS], 40, []),  # Lightning: Weakness x2
    ("ex14-52", "Quick Blow", [TAILS], 20, []),
    ("ex14-64", "Bubblebeam", [HEADS], 10, ["paralyzed"]),
    ("ex14-64", "Bubblebeam", [TAILS], 10, []),
    ("ex14-65", "Claw", [HEADS], 20, []),
    ("ex14-65", "Claw", [TAILS], 0, []),
    ("ex14-68", "Shining Claws", [HEADS], 10, ["confused"]),
    ("ex14-68", "Shining Claws", [TAILS], 10, []),
    ("ex14-38", "Hug", None, 20, []),
    ("ex14-50", "Sand Pit", None, 20, []),
    ("ex14-36", "Metal Charge", None, 50, []),
    ("ex14-59", "Take Down", None, 30, []),
]


@pytest.mark.parametrize(("card", "name", "coins", "damage", "conditions"), PLAIN)
def test_attack_damage_and_conditions(
    card: str, name: str, coins: list[int] | None, damage: int, conditions: list[str]
) -> None:
    g = attack(card, name, coins)
    assert defending(g)["damage"] == damage
    assert sorted(defending(g)["conditions"]) == conditions


def test_metal_charge_and_take_down_put_a_counter_on_the_attacker() -> None:
    for card, name in (("ex14-36", "Metal Charge"), ("ex14-59", "Take Down")):
        assert players(attack(card, name))["p1"]["active"]["damage"] == 10, name
    # Sand Pit hurts only the Defending Pokémon
    assert players(attack("ex14-50", "Sand Pit"))["p1"]["active"]["damage"] == 0


@pytest.mark.parametrize(("card", "name"), [("ex14-44", "Flail"), ("ex14-48", "Retaliate")])
def test_flail_and_retaliate_count_the_attackers_damage_counters(card: str, name: str) -> None:
    assert defending(attack(card, name, mon={"damage": 30}))["damage"] == 30
    assert defending(attack(card, name))["damage"] == 0


def test_psywave_counts_the_energy_on_the_defending_pokemon() -> None:
    wailord = {**WAILORD, "energy": ["Water Energy", "Fire Energy"]}
    assert defending(attack("ex14-62", "Psywave", defender=wailord))["damage"] == 20
    assert defending(attack("ex14-62", "Psywave"))["damage"] == 0


def test_grovyles_detect_keeps_the_next_attack_off_on_heads() -> None:
    take_down = attacker("ex1-14", "Take Down")
    for coins, hurt in (([HEADS], False), ([TAILS], True)):
        g = attack("ex14-32", "Detect", coins, defender=take_down)
        assert defending(g)["damage"] == 0
        act(g, "p2", "attack", attack="Take Down")
        assert (players(g)["p1"]["active"]["damage"] > 0) == hurt


def test_gulpins_amnesia_forbids_the_picked_attack_only() -> None:
    wailord = attacker("ex1-14", "Take Down")
    g = attack("ex14-33", "Amnesia", defender=wailord)
    assert pending(g)["options"] == ["Take Down", "Surf"]
    act(g, "p1", "choose", option=0)
    assert defending(g)["damage"] == 0
    with pytest.raises(IllegalActionError, match=r"ptcg\.attack"):
        act(g, "p2", "attack", attack="Take Down")
    g = attack("ex14-33", "Amnesia", defender=wailord)
    act(g, "p1", "choose", option=1)
    act(g, "p2", "attack", attack="Take Down")
    check_invariants(g.state)


def test_tail_whip_keeps_the_defending_pokemon_from_attacking_on_heads() -> None:
    wailord = attacker("ex1-14", "Take Down")
    g = attack("ex14-43", "Tail Whip", [HEADS], defender=wailord)
    with pytest.raises(IllegalActionError, match=r"ptcg\.attack"):
        act(g, "p2", "attack", attack="Take Down")
    g = attack("ex14-43", "Tail Whip", [TAILS], defender=wailord)
    act(g, "p2", "attack", attack="Take Down")
    assert players(g)["p1"]["active"]["damage"] > 0


def test_hug_and_sand_pit_keep_the_defending_pokemon_from_retreating() -> None:
    wailord = {**WAILORD, "energy": ["Water Energy"] * 4}  # its Retreat Cost paid
    for card, name in (("ex14-38", "Hug"), ("ex14-50", "Sand Pit")):
        g = attack(card, name, p2={"bench": ["Mudkip"]}, defender=wailord)
        with pytest.raises(IllegalActionError):
            act(g, "p2", "retreat", target="bench1")
    # a plain attack leaves the retreat alone
    g = attack("ex14-50", "Mud Slap", p2={"bench": ["Mudkip"]}, defender=wailord)
    act(g, "p2", "retreat", target="bench1")
    assert defending(g)["card"] == "Mudkip"


def test_spearhead_and_collect_draw_a_card() -> None:
    for card, name in (("ex14-61", "Spearhead"), ("ex14-51", "Collect")):
        g = attack(card, name, p1={"deck": ["Potion", "Switch"]})
        assert len(players(g)["p1"]["hand"]) == 1 and len(players(g)["p1"]["deck"]) == 1, name


def test_nap_heals_2_counters() -> None:
    g = attack("ex14-58", "Nap", mon={"damage": 30})
    assert players(g)["p1"]["active"]["damage"] == 10
    g = attack("ex14-58", "Nap", mon={"damage": 10})
    assert players(g)["p1"]["active"]["damage"] == 0


def test_pure_power_puts_2_counters_anywhere_even_on_one_pokemon() -> None:
    g = attack("ex14-56", "Pure Power", p2={"bench": ["Mudkip"]})
    assert len(pending(g)["options"]) == 2
    for option in (0, 1):
        act(g, "p1", "choose", option=option)
    assert defending(g)["damage"] == 10 and players(g)["p2"]["bench"][0]["damage"] == 10
    g = attack("ex14-56", "Pure Power")
    for _ in range(2):
        act(g, "p1", "choose", option=0)
    assert defending(g)["damage"] == 20 and "pending" not in view(g)


def test_roar_makes_the_opponent_switch_when_they_can() -> None:
    g = attack("ex14-36", "Roar", p2={"bench": ["Mudkip"]})
    assert pending(g)["player"] == "p2"
    act(g, "p2", "choose", option=0)
    assert defending(g)["card"] == "Mudkip"
    g = attack("ex14-36", "Roar")  # no Bench: nothing happens
    assert defending(g)["card"] == "Wailord" and view(g).get("pending") is None


def test_stretch_vine_hits_a_benched_pokemon_only() -> None:
    bench = [{"card": "ex14-60"}]
    g = attack("ex14-35", "Stretch Vine", p2={"bench": bench}, target="bench1")
    assert players(g)["p2"]["bench"][0]["damage"] == 30 and defending(g)["damage"] == 0
    with pytest.raises(IllegalActionError):
        attack("ex14-35", "Stretch Vine", p2={"bench": bench}, target="active")


def test_feint_attack_ignores_weakness_and_resistance() -> None:
    skarmory = {"card": "ex8-26"}  # resists Colorless? its W/R do not count here
    g = attack("ex14-41", "Feint Attack", defender=skarmory, target="active")
    assert defending(g)["damage"] == 20
    g = attack("ex14-41", "Feint Attack", p2={"bench": ["ex14-60"]}, target="bench1")
    assert players(g)["p2"]["bench"][0]["damage"] == 20 and defending(g)["damage"] == 0


def test_plunder_discards_the_defending_tool_before_the_damage() -> None:
    g = attack("ex14-37", "Plunder", defender={**WAILORD, "tool": "ex1-87"})
    assert defending(g)["tool"] is None and defending(g)["damage"] == 20
    g = attack("ex14-37", "Plunder")
    assert defending(g)["damage"] == 20 and not [e for e in g.events if e.type == "discard_tool"]


def test_self_charge_attaches_a_darkness_energy_from_the_hand_only() -> None:
    g = attack("ex14-39", "Self Charge", p1={"hand": ["Darkness Energy", "Water Energy"]})
    assert pending(g)["options"] == ["Darkness Energy", "nothing"]
    act(g, "p1", "choose", option=0)
    assert sorted(players(g)["p1"]["active"]["energy"]) == ["Darkness Energy", "Water Energy"]
    g = attack("ex14-39", "Self Charge", p1={"hand": ["Water Energy"]})
    assert "pending" not in view(g) and players(g)["p1"]["active"]["energy"] == ["Water Energy"]


def test_growth_attaches_a_grass_energy_from_the_hand_only() -> None:
    g = attack("ex14-46", "Growth", p1={"hand": ["Grass Energy"]})
    assert players(g)["p1"]["active"]["energy"].count("Grass Energy") == 1
    assert players(g)["p1"]["hand"] == []
    g = attack("ex14-46", "Growth", p1={"hand": ["Fire Energy"]})
    assert players(g)["p1"]["hand"] == ["Fire Energy"]


def test_ascension_evolves_shuppet_from_the_deck() -> None:
    g = attack("ex14-40", "Ascension", p1={"deck": ["ex5-1", "Water Energy"]})
    assert pending(g)["options"] == ["Banette on Shuppet (active)", "nothing"]
    act(g, "p1", "choose", option=0)
    assert players(g)["p1"]["active"]["card"] == "Banette"
    g = attack("ex14-40", "Ascension", p1={"deck": ["Water Energy"]})
    assert pending(g)["options"] == ["nothing"]


def test_call_for_family_benches_a_basic_pokemon() -> None:
    g = attack("ex14-47", "Call for Family", p1={"deck": ["Potion", "ex14-60", "ex14-34"]})
    assert pending(g)["options"] == ["Seedot", "nothing"]
    act(g, "p1", "choose", option=0)
    assert [m["card"] for m in players(g)["p1"]["bench"]] == ["Seedot"]


def test_sniff_out_takes_any_card_from_the_discard_pile() -> None:
    g = attack("ex14-52", "Sniff Out", p1={"discard": ["Potion", "Fire Energy"]})
    assert pending(g)["options"] == ["Potion", "Fire Energy"]
    act(g, "p1", "choose", option=1)
    assert players(g)["p1"]["hand"] == ["Fire Energy"]
    g = attack("ex14-52", "Sniff Out")
    assert "pending" not in view(g) and players(g)["p1"]["hand"] == []


def test_sand_attack_makes_the_next_attack_need_heads() -> None:
    wailord = attacker("ex1-14", "Take Down")
    g = attack("ex14-66", "Sand Attack", defender=wailord)
    act(g, "p2", "attack", coins=[TAILS], attack="Take Down")
    assert players(g)["p1"]["active"]["damage"] == 0
    g = attack("ex14-66", "Sand Attack", defender=wailord)
    act(g, "p2", "attack", coins=[HEADS], attack="Take Down")
    assert "Torchic" in players(g)["p1"]["discard"]  # Knocked Out


# ---------------------------------------------------------------------------- Poké-Bodies
def test_solid_shell_takes_10_off_squirtles_damage() -> None:
    g = attack("ex14-60", "Headbutt", defender={"card": "ex14-64"})
    assert defending(g)["damage"] == 0  # 10, less 10
    g = attack("ex14-60", "Headbutt", defender={"card": "ex14-63"})  # no Body
    assert defending(g)["damage"] == 10


def test_submerge_keeps_any_damage_off_benched_mudkip() -> None:
    bench = [{"card": "ex14-57"}, {"card": "ex14-58"}]
    # Earthquake hurts its own player's Bench: Mudkip with Submerge takes none
    g = attack("ex13-55", "Earthquake", p1={"bench": bench})
    assert [b["damage"] for b in players(g)["p1"]["bench"]] == [0, 10]
    # Active, it takes damage (Grass: Weakness x2)
    assert defending(attack("ex14-60", "Headbutt", defender={"card": "ex14-57"}))["damage"] == 20


def test_aqua_lift_frees_lotads_retreat_with_water_energy_only() -> None:
    for energy, cost in ((["Water Energy"], 0), (["Fire Energy"], 1)):
        g = game(
            {"active": {"card": "ex14-55", "energy": energy}, "bench": ["ex14-60"]},
            {"active": WAILORD},
        )
        assert players(g)["p1"]["active"]["retreat"] == cost


# ---------------------------------------------------------------------------- Trainers, Energy
def test_reprinted_trainers_and_energy_have_their_originals_handlers() -> None:
    cards = bundled_cards()
    for card_id in ("ex14-71", "ex14-73", "ex14-77", "ex14-78", "ex14-82", "ex14-83"):
        assert missing_effects(cards[card_id]) == [], card_id
    for card_id in ("ex14-84", "ex14-86", "ex14-87", "ex14-88"):
        assert missing_effects(cards[card_id]) == [], card_id
    assert reg.DAMAGE_MODS["ex14-88"] == reg.DAMAGE_MODS["ex9-87"]
    assert "ex14-88" in reg.EVOLVED_ONLY_ENERGY


def test_potion_and_energy_search_play_as_their_originals() -> None:
    g = game(
        {"active": {"card": "ex14-60", "damage": 30}, "hand": ["ex14-87"]},
        {"active": WAILORD},
        settings=ALLOW,
    )
    act(g, "p1", "play_trainer", card="ex14-87", target="active")
    assert players(g)["p1"]["active"]["damage"] == 10
    g = game(
        {"active": "ex14-60", "hand": ["ex14-86"], "deck": ["Potion", "Grass Energy"]},
        {"active": WAILORD},
    )
    act(g, "p1", "play_trainer", card="ex14-86")
    assert pending(g)["options"] == ["Grass Energy", "nothing"]
    act(g, "p1", "choose", option=0)
    assert players(g)["p1"]["hand"] == ["Grass Energy"]
    check_invariants(g.state)


def test_double_rainbow_energy_goes_onto_an_evolved_pokemon_only() -> None:
    ivysaur = {"card": "ex14-34", "under": ["Bulbasaur"]}
    g = game({"active": ivysaur, "hand": ["ex14-88"]}, {"active": WAILORD})
    act(g, "p1", "attach", card="ex14-88", target="active")
    assert players(g)["p1"]["active"]["energy"] == ["Double Rainbow Energy"]
    # Vine Whip (G C C) paid by it and a Grass Energy: 40, 10 less before W/R
    g = game(
        {"active": {**ivysaur, "energy": ["ex14-88", "Grass Energy"]}},
        {"active": WAILORD},
    )
    act(g, "p1", "attack", attack="Vine Whip")
    assert defending(g)["damage"] == 30
    g = game({"active": "ex14-60", "hand": ["ex14-88"]}, {"active": WAILORD})
    with pytest.raises(IllegalActionError):
        act(g, "p1", "attach", card="ex14-88", target="active")


# ---------------------------------------------------------------------------- Trainers
def test_castaway_takes_a_supporter_a_tool_and_a_basic_energy() -> None:
    deck = ["Potion", "ex14-73", "ex1-85", "Grass Energy", "ex14-60"]
    g = game({"active": "ex14-60", "hand": ["ex14-72"], "deck": deck}, {"active": WAILORD})
    act(g, "p1", "play_trainer", card="Castaway")
    assert pending(g)["options"] == ["Celio's Network", "nothing"]
    act(g, "p1", "choose", option=0)
    assert pending(g)["options"] == ["Oran Berry", "nothing"]
    act(g, "p1", "choose", option=0)
    assert pending(g)["options"] == ["Grass Energy", "nothing"]
    act(g, "p1", "choose", option=0)
    assert sorted(players(g)["p1"]["hand"]) == ["Celio's Network", "Grass Energy", "Oran Berry"]
    check_invariants(g.state)
    g = game({"active": "ex14-60", "hand": ["ex14-72"], "deck": []}, {"active": WAILORD})
    with pytest.raises(IllegalActionError, match=r"ptcg\.trainer\.condition"):
        act(g, "p1", "play_trainer", card="Castaway")


def test_windstorm_discards_up_to_2_tools_or_stadiums_either_players() -> None:
    p1 = {"active": {"card": "ex14-60", "tool": "ex1-85"}, "hand": ["ex14-85"]}
    p2 = {"active": {**WAILORD, "tool": "ex1-85"}}
    g = game(p1, p2, stadium={"card": "ex3-85", "owner": "p2"})
    act(g, "p1", "play_trainer", card="Windstorm")
    assert pending(g)["options"] == [
        "Oran Berry from p1's Seedot (active)",
        "Oran Berry from p2's Wailord (active)",
        "the Stadium High Pressure System",
        "discard nothing more",
    ]
    act(g, "p1", "choose", option=1)
    act(g, "p1", "choose", option=1)  # now the Stadium
    assert "pending" not in view(g)
    assert defending(g)["tool"] is None and g.state.stadium < 0
    assert players(g)["p1"]["active"]["tool"] == "Oran Berry"
    assert sorted(players(g)["p2"]["discard"]) == ["High Pressure System", "Oran Berry"]
    check_invariants(g.state)
    # one pick, then stop
    g = game(p1, p2)
    act(g, "p1", "play_trainer", card="Windstorm")
    act(g, "p1", "choose", option=0)
    act(g, "p1", "choose", option=1)
    assert players(g)["p1"]["active"]["tool"] is None and defending(g)["tool"] == "Oran Berry"
    # nothing to discard: refused
    g = game({"active": "ex14-60", "hand": ["ex14-85"]}, {"active": WAILORD})
    with pytest.raises(IllegalActionError, match=r"ptcg\.trainer\.condition"):
        act(g, "p1", "play_trainer", card="Windstorm")


def test_crystal_shard_makes_its_pokemon_colorless_and_goes_after_an_attack() -> None:
    electrike = attacker("ex14-52", "Quick Blow")
    g = game({"active": {**electrike, "tool": "ex14-76"}}, {"active": WAILORD})
    act(g, "p1", "attack", coins=[TAILS], attack="Quick Blow")
    assert defending(g)["damage"] == 10  # Colorless: no Weakness
    assert players(g)["p1"]["active"]["tool"] is None
    assert "Crystal Shard" in players(g)["p1"]["discard"]
    g = game({"active": electrike}, {"active": WAILORD})
    act(g, "p1", "attack", coins=[TAILS], attack="Quick Blow")
    assert defending(g)["damage"] == 20  # Lightning: Weakness x2


# ---------------------------------------------------------------------------- Pokémon-ex
def test_intimidating_armor_stops_basic_pokemon_attacking() -> None:
    aggron = attacker("ex14-89", "Mega Burn")
    seedot = attacker("ex14-60", "Headbutt")
    g = game({"active": aggron}, {"active": seedot}, current="p2")
    with pytest.raises(IllegalActionError, match=r"ptcg\.attack"):
        act(g, "p2", "attack", attack="Headbutt")
    lombre = attacker("ex14-37", "Wave Splash")
    g = game({"active": aggron}, {"active": lombre}, current="p2")
    act(g, "p2", "attack", attack="Wave Splash")  # an Evolved Pokémon may
    # 50, less 10 for each of Aggron ex's 2 Metal Energy (ex1-94)
    assert players(g)["p1"]["active"]["damage"] == 30
    # Benched, Aggron ex stops nothing
    g = game({"active": "ex14-60", "bench": [aggron]}, {"active": seedot}, current="p2")
    act(g, "p2", "attack", attack="Headbutt")


def test_intimidating_armor_turns_the_opponents_basic_pokemons_bodies_off() -> None:
    squirtle = {"card": "ex14-64"}  # Solid Shell: 10 less
    g = attack("ex14-89", "Split Bomb", defender=squirtle, p2={"bench": ["ex14-60"]})
    act(g, "p1", "choose", option=0)
    act(g, "p1", "choose", option=0)
    assert defending(g)["damage"] == 30
    assert players(g)["p2"]["bench"][0]["damage"] == 30
    check_invariants(g.state)


def test_a_basic_pokemon_knocked_out_facing_intimidating_armor_is_promoted_over() -> None:
    # fuzz/20261202/655: the Knock Out windows ask whether a Knocked Out Pokémon's Powers
    # worked as it left play; Intimidating Armor's reach asked the side of a Pokémon no
    # longer in play and raised. Its owner is found from its discard pile now.
    seedot = {"card": "ex14-60"}  # a Basic Pokémon, 40 HP
    g = attack("ex14-89", "Mega Burn", defender=seedot, p2={"bench": ["ex14-58"]})
    assert "Seedot" in players(g)["p2"]["discard"]
    assert g.state.phase == "promote"
    act(g, "p2", "promote", target="bench1")
    assert defending(g)["card"] == "Mudkip"
    check_invariants(g.state)


def test_mega_burn_cannot_be_used_the_next_turn() -> None:
    g = attack("ex14-89", "Mega Burn")
    assert defending(g)["damage"] == 100
    act(g, "p2", "end_turn")
    with pytest.raises(IllegalActionError, match=r"ptcg\.attack"):
        act(g, "p1", "attack", attack="Mega Burn")
    act(g, "p1", "attack", attack="Split Bomb")  # another attack may go


def test_drag_off_may_switch_a_benched_pokemon_in_first() -> None:
    g = attack("ex14-90", "Drag Off", p2={"bench": ["ex14-58"]})
    assert pending(g)["options"] == ["Mudkip (bench1)", "switch nothing"]
    act(g, "p1", "choose", option=0)
    assert defending(g)["card"] == "Mudkip" and defending(g)["damage"] == 30
    assert players(g)["p2"]["bench"][0]["damage"] == 0
    g = attack("ex14-90", "Drag Off", p2={"bench": ["ex14-58"]})
    act(g, "p1", "choose", option=1)
    assert defending(g)["card"] == "Wailord" and defending(g)["damage"] == 30


def test_burn_away_hurts_blaziken_for_the_damage_beyond_the_hp_left() -> None:
    g = attack("ex14-90", "Burn Away", defender={**WAILORD, "damage": 50})  # 70 HP left
    assert players(g)["p1"]["active"]["damage"] == 30
    assert "Wailord" in players(g)["p2"]["discard"]
    g = attack("ex14-90", "Burn Away")  # 120 HP left: no Knock Out, no recoil
    assert defending(g)["damage"] == 100 and players(g)["p1"]["active"]["damage"] == 0


def test_burn_away_ignores_weakness() -> None:
    # Delcatty ex is weak to Fighting: still 100
    delcatty = {"card": "ex14-91", "under": ["Skitty"], "damage": 0}
    g = attack("ex14-90", "Burn Away", defender={**delcatty})
    assert "Delcatty ex" in players(g)["p2"]["discard"]
    assert players(g)["p1"]["active"]["damage"] == 10  # 100 - 90 HP left


def test_upstream_shuffles_the_discarded_energy_into_the_deck_10_each() -> None:
    discard = ["Fire Energy", "Water Energy", "Potion"]
    g = attack("ex14-91", "Upstream", p1={"discard": discard, "deck": ["Switch"]})
    assert defending(g)["damage"] == 20
    assert players(g)["p1"]["discard"] == ["Potion"]
    assert sorted(players(g)["p1"]["deck"]) == ["Fire Energy", "Switch", "Water Energy"]
    g = attack("ex14-91", "Upstream", p1={"discard": ["Potion"]})
    assert defending(g)["damage"] == 0


def test_constrain_makes_each_player_discard_to_6_its_player_first() -> None:
    delcatty = {"card": "ex14-91", "under": ["Skitty"]}
    hand = ["Potion"] * 6 + ["Switch", "Fire Energy"]
    g = game({"active": delcatty, "hand": hand}, {"active": WAILORD, "hand": ["Potion"] * 7})
    act(g, "p1", "use_power", power="Constrain", pokemon="active")
    assert pending(g)["player"] == "p1"
    act(g, "p1", "choose", option=1)  # Switch
    act(g, "p1", "choose", option=1)  # Fire Energy
    assert pending(g)["player"] == "p2"
    act(g, "p2", "choose", option=0)
    assert len(players(g)["p1"]["hand"]) == 6 and len(players(g)["p2"]["hand"]) == 6
    assert sorted(players(g)["p1"]["discard"]) == ["Fire Energy", "Switch"]
    check_invariants(g.state)
    g = game({"active": delcatty, "hand": ["Potion"] * 6}, {"active": WAILORD})
    with pytest.raises(IllegalActionError, match=r"ptcg\.power\.requirement"):
        act(g, "p1", "use_power", power="Constrain", pokemon="active")


def test_derail_discards_a_special_energy_of_the_defending_pokemon() -> None:
    wailord = {**WAILORD, "energy": ["ex1-93", "Water Energy"]}  # Darkness Energy (special)
    g = attack("ex14-92", "Derail", defender=wailord)
    assert pending(g)["options"] == ["Darkness Energy"]  # the basic Energy is no option
    act(g, "p1", "choose", option=0)
    assert defending(g)["damage"] == 40 and defending(g)["energy"] == ["Water Energy"]
    g = attack("ex14-92", "Derail", defender={**WAILORD, "energy": ["Water Energy"]})
    assert defending(g)["energy"] == ["Water Energy"]


def test_hyper_tail_does_20_more_to_a_pokemon_with_a_power_or_body() -> None:
    swampert = {"card": "ex1-13", "under": ["Mudkip", "Marshtomp"]}  # Water Call, 110 HP
    assert defending(attack("ex14-92", "Hyper Tail", defender=swampert))["damage"] == 80
    assert defending(attack("ex14-92", "Hyper Tail"))["damage"] == 60


def test_extra_noise_puts_a_counter_on_each_opposing_pokemon_ex_while_active() -> None:
    exploud = {"card": "ex14-92", "under": ["Whismur", "Loudred"]}
    groudon = {"card": "ex14-93"}
    g = game({"active": exploud}, {"active": WAILORD, "bench": [groudon]})
    act(g, "p1", "end_turn")
    assert players(g)["p2"]["bench"][0]["damage"] == 10 and defending(g)["damage"] == 0
    check_invariants(g.state)
    g = game({"active": "ex14-60", "bench": [exploud]}, {"active": WAILORD, "bench": [groudon]})
    act(g, "p1", "end_turn")
    assert players(g)["p2"]["bench"][0]["damage"] == 0


def test_power_blast_discards_2_energy() -> None:
    g = attack("ex14-93", "Power Blast")
    assert defending(g)["damage"] == 100
    assert len(players(g)["p1"]["active"]["energy"]) == 1


def test_hard_rock_takes_20_off_with_1_energy_or_less() -> None:
    for energy, damage in ((["Fighting Energy"], 20), (["Fighting Energy"] * 2, 40)):
        groudon = {"card": "ex14-93", "energy": energy}
        # Vine Whip 20, Grass: Weakness x2
        assert defending(attack("ex14-46", "Vine Whip", defender=groudon))["damage"] == damage
    # a Benched Groudon ex with no Energy shields the Active one with 2
    groudon = {"card": "ex14-93", "energy": ["Fighting Energy"] * 2}
    g = attack("ex14-46", "Vine Whip", defender=groudon, p2={"bench": ["ex14-93"]})
    assert defending(g)["damage"] == 20


def test_hydro_shot_discards_2_energy_and_hits_any_opposing_pokemon() -> None:
    g = attack("ex14-95", "Hydro Shot", p2={"bench": [WAILORD]}, target="bench1")
    assert players(g)["p2"]["bench"][0]["damage"] == 70 and defending(g)["damage"] == 0
    assert len(players(g)["p1"]["active"]["energy"]) == 1
    g = attack("ex14-95", "Hydro Shot", target="active")
    assert defending(g)["damage"] == 70


def test_flotation_frees_each_kyogre_ex_while_one_has_1_energy_or_less() -> None:
    for energy, cost in ((["Water Energy"], 0), (["Water Energy"] * 2, 2)):
        kyogre = {"card": "ex14-95", "energy": energy}
        g = game({"active": kyogre, "bench": ["ex14-60"]}, {"active": WAILORD})
        assert players(g)["p1"]["active"]["retreat"] == cost
    # a Benched Kyogre ex with no Energy frees the Active one with 2
    kyogre = {"card": "ex14-95", "energy": ["Water Energy"] * 2}
    g = game({"active": kyogre, "bench": ["ex14-95"]}, {"active": WAILORD})
    assert players(g)["p1"]["active"]["retreat"] == 0
    # another Pokémon of the player is not freed
    g = game({"active": "ex14-63", "bench": ["ex14-95"]}, {"active": WAILORD})
    assert players(g)["p1"]["active"]["retreat"] == 1


def test_target_attack_does_50_to_a_damaged_pokemon_else_30() -> None:
    bench = [{**WAILORD, "damage": 10}]
    g = attack("ex14-97", "Target Attack", p2={"bench": bench}, target="bench1")
    assert players(g)["p2"]["bench"][0]["damage"] == 10 + 50
    g = attack("ex14-97", "Target Attack", target="active")
    assert defending(g)["damage"] == 40  # 30, and 10 more from Darkness Energy (ex1-93)


def test_dark_eyes_puts_2_counters_on_a_pokemon_that_used_a_power() -> None:
    delcatty = {"card": "ex14-91", "under": ["Skitty"]}
    shiftry = {"card": "ex14-97", "under": ["Seedot", "Nuzleaf"]}
    hand = ["Potion"] * 7
    for p2, damage in (({"active": WAILORD, "bench": [shiftry]}, 20), ({"active": WAILORD}, 0)):
        g = game({"active": delcatty, "hand": hand}, p2)
        act(g, "p1", "use_power", power="Constrain", pokemon="active")
        act(g, "p1", "choose", option=0)
        assert players(g)["p1"]["active"]["damage"] == damage
        assert len(players(g)["p1"]["hand"]) == 6
        check_invariants(g.state)


def test_battle_frontier_turns_dark_eyes_off() -> None:
    # Aerodactyl (Fire, Primal Light) keeps its Power; Shiftry ex, a Darkness Evolved
    # Pokémon, loses its Body under Battle Frontier
    aerodactyl = {"card": "ex13-35", "under": ["Mysterious Fossil"]}
    shiftry = {"card": "ex14-97", "under": ["Seedot", "Nuzleaf"]}
    frontier: dict[str, Any] = {"stadium": {"card": "ex9-75", "owner": "p2"}}
    for top, damage in ((frontier, 0), ({}, 20)):
        g = game(
            {"active": aerodactyl, "deck": ["Fire Energy"]},
            {"active": WAILORD, "bench": [shiftry]},
            **top,
        )
        act(g, "p1", "use_power", power="Primal Light", pokemon="active")
        act(g, "p1", "choose", option=0)
        assert players(g)["p1"]["active"]["damage"] == damage
        assert players(g)["p1"]["hand"] == ["Fire Energy"]


def test_shield_beam_keeps_every_opposing_pokemon_from_using_powers_next_turn() -> None:
    aerodactyl = {"card": "ex13-35", "under": ["Mysterious Fossil"]}
    p2 = {"active": WAILORD, "bench": [aerodactyl], "deck": ["Fire Energy"] * 3}
    g = attack("ex14-94", "Shield Beam", p2=p2)
    assert defending(g)["damage"] == 30
    with pytest.raises(IllegalActionError, match=r"ptcg\.power\.effect"):
        act(g, "p2", "use_power", power="Primal Light", pokemon="bench1")
    act(g, "p2", "end_turn")
    act(g, "p1", "end_turn")
    act(g, "p2", "use_power", power="Primal Light", pokemon="bench1")  # the turn after: free
    # Super Psy Bolt leaves the opponent's Powers alone
    g = attack("ex14-94", "Super Psy Bolt", p2=p2)
    act(g, "p2", "use_power", power="Primal Light", pokemon="bench1")
    check_invariants(g.state)


def test_star_light_takes_a_colorless_off_against_a_pokemon_ex_or_stage_2() -> None:
    jirachi = {"card": "ex14-94", "energy": ["Psychic Energy"]}
    for p2 in ({"active": "ex14-93"}, {"active": WAILORD, "bench": ["ex14-93"]}):
        g = game({"active": jirachi}, p2)
        act(g, "p1", "attack", attack="Shield Beam")
        check_invariants(g.state)
    g = game({"active": jirachi}, {"active": WAILORD})
    with pytest.raises(IllegalActionError, match=r"ptcg\.attack\.energy"):
        act(g, "p1", "attack", attack="Shield Beam")
    # 2 Energy pay Super Psy Bolt against a Stage 2 Evolved Pokémon
    swampert = {"card": "ex1-13", "under": ["Mudkip", "Marshtomp"]}
    g = game({"active": {**jirachi, "energy": ["Psychic Energy"] * 2}}, {"active": swampert})
    act(g, "p1", "attack", attack="Super Psy Bolt")
    assert defending(g)["damage"] == 50


# ---------------------------------------------------------------------------- Tools
def test_mysterious_shard_keeps_the_attacks_of_pokemon_ex_off() -> None:
    wailord = {**WAILORD, "tool": "ex14-81"}
    g = attack("ex14-95", "Hydro Shot", defender=wailord, target="active")
    assert defending(g)["damage"] == 0
    # a Pokémon that is not a Pokémon-ex: the full damage
    assert defending(attack("ex14-36", "Metal Charge", defender=wailord))["damage"] == 50
    # without the Shard, Kyogre ex hits
    assert defending(attack("ex14-95", "Hydro Shot", target="active"))["damage"] == 70


def test_mysterious_shard_goes_after_the_opponents_turn_and_never_onto_a_pokemon_ex() -> None:
    g = game({"active": "ex14-60", "hand": ["ex14-81"]}, {"active": WAILORD})
    act(g, "p1", "play_trainer", card="ex14-81", target="active")
    act(g, "p1", "end_turn")
    assert players(g)["p1"]["active"]["tool"] == "Mysterious Shard"
    act(g, "p2", "end_turn")
    assert players(g)["p1"]["active"]["tool"] is None
    assert "Mysterious Shard" in players(g)["p1"]["discard"]
    g = game({"active": "ex14-93", "hand": ["ex14-81"]}, {"active": WAILORD})
    with pytest.raises(IllegalActionError):
        act(g, "p1", "play_trainer", card="ex14-81", target="active")


def test_memory_berry_lends_the_attacks_of_the_cards_below() -> None:
    ivysaur = {"card": "ex14-34", "under": ["ex14-45"], "energy": ["Grass Energy"]}
    g = game({"active": {**ivysaur, "tool": "ex14-80"}}, {"active": WAILORD})
    act(g, "p1", "attack", attack="Poisonpowder")  # Bulbasaur's
    assert defending(g)["conditions"] == ["poisoned"]
    assert players(g)["p1"]["active"]["tool"] is None  # discarded at the end of the turn
    assert "Memory Berry" in players(g)["p1"]["discard"]
    check_invariants(g.state)
    g = game({"active": ivysaur}, {"active": WAILORD})
    with pytest.raises(IllegalActionError, match=r"ptcg\.attack\.known"):
        act(g, "p1", "attack", attack="Poisonpowder")


def test_cessation_crystal_on_an_active_turns_every_power_and_body_off() -> None:
    aerodactyl = {"card": "ex13-35", "under": ["Mysterious Fossil"]}
    seedot = {"card": "ex14-60", "tool": "ex14-74", "energy": ["Grass Energy"]}
    deck = ["Fire Energy"]
    g = game({"active": seedot, "bench": [aerodactyl], "deck": deck}, {"active": WAILORD})
    with pytest.raises(IllegalActionError, match=r"ptcg\.power\.body"):
        act(g, "p1", "use_power", power="Primal Light", pokemon="bench1")
    # Solid Shell is off too: Headbutt's 10 reaches Squirtle
    g = game({"active": seedot}, {"active": "ex14-64"})
    act(g, "p1", "attack", attack="Headbutt")
    assert defending(g)["damage"] == 10
    # on a Benched Pokémon it does nothing
    p1 = {"active": "ex14-60", "bench": [{**aerodactyl, "tool": "ex14-74"}], "deck": deck}
    g = game(p1, {"active": WAILORD})
    act(g, "p1", "use_power", power="Primal Light", pokemon="bench1")
    g = game({"active": "ex14-93", "hand": ["ex14-74"]}, {"active": WAILORD})
    with pytest.raises(IllegalActionError):
        act(g, "p1", "play_trainer", card="ex14-74", target="active")


# ---------------------------------------------------------------------------- Stadiums
def test_holon_circle_ends_an_attack_at_once_and_goes() -> None:
    lairon = attacker("ex14-36", "Metal Charge")
    circle = {"card": "ex14-79", "owner": "p2"}
    g = game({"active": lairon}, {"active": WAILORD}, stadium=circle)
    act(g, "p1", "attack", attack="Metal Charge")
    assert defending(g)["damage"] == 0 and players(g)["p1"]["active"]["damage"] == 0
    assert g.state.stadium < 0 and "Holon Circle" in players(g)["p2"]["discard"]
    assert g.state.current == 1  # the turn ended
    check_invariants(g.state)
    # without it, Metal Charge hits and hurts Lairon
    g = game({"active": lairon}, {"active": WAILORD})
    act(g, "p1", "attack", attack="Metal Charge")
    assert defending(g)["damage"] == 50 and players(g)["p1"]["active"]["damage"] == 10


# ---------------------------------------------------------------------------- more Pokémon-ex
SWAMPERT_EX = {"card": "ex14-98", "under": ["Mudkip", "Marshtomp"]}


def test_energy_recycle_attaches_3_energy_from_the_discard_pile_then_ends_the_turn() -> None:
    discard = ["Water Energy", "Fire Energy", "Grass Energy", "Potion", "Water Energy"]
    g = game({"active": SWAMPERT_EX, "bench": ["ex14-60"], "discard": discard}, {"active": WAILORD})
    act(g, "p1", "use_power", power="Energy Recycle", pokemon="active")
    assert "Potion" not in " ".join(pending(g)["options"])
    for _ in range(3):
        act(g, "p1", "choose", option=0)
    attached = players(g)["p1"]["active"]["energy"]
    assert len(attached) == 3 and players(g)["p1"]["discard"].count("Potion") == 1
    assert g.state.current == 1  # the turn ended
    check_invariants(g.state)
    g = game({"active": SWAMPERT_EX, "discard": ["Potion"]}, {"active": WAILORD})
    with pytest.raises(IllegalActionError, match=r"ptcg\.power\.requirement"):
        act(g, "p1", "use_power", power="Energy Recycle", pokemon="active")


def test_ultra_pump_may_discard_2_cards_for_20_more_and_20_to_a_benched_pokemon() -> None:
    hand = ["Potion", "Switch", "Fire Energy"]
    p2 = {"bench": [WAILORD]}
    g = attack("ex14-98", "Ultra Pump", p1={"hand": hand}, p2=p2)
    assert pending(g)["options"] == ["discard 2 cards", "discard nothing"]
    act(g, "p1", "choose", option=0)
    act(g, "p1", "choose", option=0)  # Potion
    act(g, "p1", "choose", option=0)  # Switch
    act(g, "p1", "choose", option=0)  # the Benched Wailord
    assert defending(g)["damage"] == 80 and players(g)["p2"]["bench"][0]["damage"] == 20
    assert sorted(players(g)["p1"]["discard"]) == ["Potion", "Switch"]
    check_invariants(g.state)
    g = attack("ex14-98", "Ultra Pump", p1={"hand": hand}, p2=p2)
    act(g, "p1", "choose", option=1)
    assert defending(g)["damage"] == 60 and players(g)["p2"]["bench"][0]["damage"] == 0
    g = attack("ex14-98", "Ultra Pump", p1={"hand": ["Potion"]}, p2=p2)  # too few cards
    assert "pending" not in view(g) and defending(g)["damage"] == 60


SCEPTILE_EX = {"card": "ex14-96", "under": ["Treecko", "Grovyle"]}


def test_power_revenge_does_10_more_per_prize_the_opponent_took() -> None:
    # Sceptile ex δ's own Extra Liquid makes it pay one Colorless more: 3 Energy
    sceptile = {**SCEPTILE_EX, "energy": ["Psychic Energy"] * 3}
    g = game({"active": sceptile}, {"active": WAILORD, "prizes": ["Potion"] * 4})
    act(g, "p1", "attack", attack="Power Revenge")
    assert defending(g)["damage"] == 80
    g = game({"active": sceptile}, {"active": WAILORD})
    act(g, "p1", "attack", attack="Power Revenge")
    assert defending(g)["damage"] == 60


def test_extra_liquid_taxes_every_pokemon_ex_and_stops_their_powers() -> None:
    sceptile = {**SCEPTILE_EX, "energy": ["Psychic Energy"] * 2}
    g = game({"active": sceptile}, {"active": WAILORD})
    with pytest.raises(IllegalActionError, match=r"ptcg\.attack\.energy"):
        act(g, "p1", "attack", attack="Power Revenge")
    # a Benched Sceptile ex δ taxes the opponent's Pokémon-ex too, not a plain Pokémon
    kyogre = {"card": "ex14-95", "energy": ["Water Energy"] * 3}
    g = game({"active": WAILORD, "bench": [SCEPTILE_EX]}, {"active": kyogre}, current="p2")
    with pytest.raises(IllegalActionError, match=r"ptcg\.attack\.energy"):
        act(g, "p2", "attack", attack="Hydro Shot", target="active")
    g = game({"active": WAILORD}, {"active": kyogre}, current="p2")
    act(g, "p2", "attack", attack="Hydro Shot", target="active")
    lairon = attacker("ex14-36", "Metal Charge")
    g = game({"active": WAILORD, "bench": [SCEPTILE_EX]}, {"active": lairon}, current="p2")
    act(g, "p2", "attack", attack="Metal Charge")
    # Delcatty ex's Constrain is stopped
    delcatty = {"card": "ex14-91", "under": ["Skitty"]}
    p2 = {"active": delcatty, "hand": ["Potion"] * 8}
    g = game({"active": WAILORD, "bench": [SCEPTILE_EX]}, p2, current="p2")
    with pytest.raises(IllegalActionError, match=r"ptcg\.power\.body"):
        act(g, "p2", "use_power", power="Constrain", pokemon="active")


# ---------------------------------------------------------------------------- Pokémon ★
CELEBI = {"card": "ex14-100", "energy": ["Grass Energy"]}


def test_leaf_shade_puts_a_counter_per_energy_on_celebi_on_a_picked_pokemon() -> None:
    three = {"energy": ["Grass Energy"] * 3}
    g = attack("ex14-100", "Leaf Shade", mon=three, p2={"bench": [WAILORD]})
    assert pending(g)["options"] == ["Wailord (active)", "Wailord (bench1)"]
    act(g, "p1", "choose", option=1)
    assert players(g)["p2"]["bench"][0]["damage"] == 30 and defending(g)["damage"] == 0
    g = attack("ex14-100", "Leaf Shade")
    act(g, "p1", "choose", option=0)
    assert defending(g)["damage"] == 10


def test_time_travel_on_heads_sends_celebi_to_the_deck_bottom_instead_of_a_knock_out() -> None:
    kyogre = attacker("ex14-95", "Hydro Shot")
    p2 = {"active": CELEBI, "bench": ["ex14-60"], "deck": ["Potion"]}
    g = game({"active": kyogre}, p2)
    act(g, "p1", "attack", attack="Hydro Shot", target="active")
    assert pending(g)["player"] == "p2" and len(pending(g)["options"]) == 2
    act(g, "p2", "choose", coins=[HEADS], option=0)
    p2_view = players(g)["p2"]
    assert p2_view["deck"][-1] == "Celebi ★" and "Grass Energy" in p2_view["discard"]
    assert len(players(g)["p1"]["prizes"]) == 6  # no Prize for it
    check_invariants(g.state)
    for coins, option in (([TAILS], 0), (None, 1)):  # tails, or not used: Knocked Out
        g = game({"active": kyogre}, p2)
        act(g, "p1", "attack", attack="Hydro Shot", target="active")
        act(g, "p2", "choose", coins=coins, option=option)
        assert "Celebi ★" in players(g)["p2"]["discard"]
        assert len(players(g)["p1"]["prizes"]) == 5
    # Asleep, its Poké-Power cannot be used: no question
    g = game({"active": kyogre}, {**p2, "active": {**CELEBI, "conditions": ["asleep"]}})
    act(g, "p1", "attack", attack="Hydro Shot", target="active")
    assert "Celebi ★" in players(g)["p2"]["discard"]


def test_time_travel_is_no_action() -> None:
    g = game({"active": CELEBI}, {"active": WAILORD})
    with pytest.raises(IllegalActionError, match=r"ptcg\.power\.requirement"):
        act(g, "p1", "use_power", power="Time Travel", pokemon="active")


def test_psychic_select_takes_any_card_from_the_discard_pile() -> None:
    g = attack("ex14-99", "Psychic Select", p1={"discard": ["Potion", "Fire Energy"]})
    assert pending(g)["options"] == ["Potion", "Fire Energy"]
    act(g, "p1", "choose", option=0)
    assert players(g)["p1"]["hand"] == ["Potion"]


def _skill_copy(hand: list[str], copy: str) -> Any:
    alakazam = attacker("ex14-99", "Skill Copy")  # 3 Water Energy
    g = game({"active": alakazam, "hand": hand, "deck": ["ex14-60"]}, {"active": WAILORD})
    act(g, "p1", "attack", attack="Skill Copy", copy=copy)
    return g


def test_skill_copy_discards_the_card_and_uses_its_attack() -> None:
    g = _skill_copy(["ex14-59", "Potion"], "ex14-59:Take Down")
    assert defending(g)["damage"] == 30 and players(g)["p1"]["active"]["damage"] == 10
    assert players(g)["p1"]["discard"] == ["Numel"] and players(g)["p1"]["hand"] == ["Potion"]
    check_invariants(g.state)
    # an attack that asks: Cacnea's Call for Family benches a Basic Pokémon
    g = _skill_copy(["ex14-47"], "ex14-47:Call for Family")
    act(g, "p1", "choose", option=0)
    assert [m["card"] for m in players(g)["p1"]["bench"]] == ["Seedot"]
    check_invariants(g.state)


def test_skill_copy_does_nothing_without_the_energy_but_the_card_is_discarded() -> None:
    # Lairon's Metal Charge needs a Metal Energy: Alakazam ★ has only Water
    g = _skill_copy(["ex14-36"], "ex14-36:Metal Charge")
    assert defending(g)["damage"] == 0 and players(g)["p1"]["discard"] == ["Lairon"]
    # a Trainer card offers nothing to copy
    alakazam = attacker("ex14-99", "Skill Copy")
    g = game({"active": alakazam, "hand": ["Potion"]}, {"active": WAILORD})
    act(g, "p1", "attack", attack="Skill Copy")
    assert defending(g)["damage"] == 0 and players(g)["p1"]["hand"] == ["Potion"]


def test_crystal_beach_makes_double_rainbow_energy_one_colorless() -> None:
    beach = {"card": "ex14-75", "owner": "p2"}
    ivysaur = {"card": "ex14-34", "under": ["Bulbasaur"], "energy": ["ex14-88", "Grass Energy"]}
    g = game({"active": ivysaur}, {"active": WAILORD}, stadium=beach)
    with pytest.raises(IllegalActionError, match=r"ptcg\.attack\.energy"):
        act(g, "p1", "attack", attack="Vine Whip")  # G C C: only 2 Energy now
    act(g, "p1", "attack", coins=[HEADS], attack="Sleep Powder")  # C C is still paid
    # Psywave counts the Defending Pokémon's Energy: 1 for the Double Rainbow Energy, not 2
    # (Ivysaur is weak to Psychic: x2)
    spoink = attacker("ex14-62", "Psywave")
    target = {**ivysaur, "energy": ["ex14-88"]}
    with_beach: dict[str, Any] = {"stadium": beach}
    for top, damage in ((with_beach, 20), ({}, 40)):
        g = game({"active": spoink}, {"active": target}, **top)
        act(g, "p1", "attack", attack="Psywave")
        assert defending(g)["damage"] == damage
    # basic Energy and special Energy providing one are left alone
    g = game({"active": {**ivysaur, "energy": ["Grass Energy"] * 3}}, {"active": WAILORD},
             stadium=beach)
    act(g, "p1", "attack", attack="Vine Whip")
    assert defending(g)["damage"] == 40
