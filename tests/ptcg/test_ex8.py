"""The EX Deoxys (ex8) cards of effect_data_ex8.py (and the primitives of vocab_ex8.py), each
shown both ways where it can go two ways: the damage and effects it does, and where it does
nothing or is refused."""

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
from turnkeeper.core.model import Action, IllegalActionError
from turnkeeper.rulesets.ptcg import RULESET
from turnkeeper.rulesets.ptcg.state import PtcgState

# (card, attack, coins, damage to Wailord, its Special Conditions afterwards); each coin
# attack twice, heads and tails. Wailord is weak to Lightning only (Manectric, Electrike).
PLAIN: list[tuple[str, str, list[int] | None, int, list[str]]] = [
    ("ex8-1", "Double Wing Attack", None, 20, []),
    ("ex8-6", "Bubblebeam", [HEADS], 20, ["paralyzed"]),
    ("ex8-6", "Bubblebeam", [TAILS], 20, []),
    ("ex8-8", "Dragon Spark", None, 10, []),
    ("ex8-11", "Link Blast", None, 40, []),  # 2 Energy against none: base 40
    ("ex8-16", "Link Blast", None, 20, []),
    ("ex8-17", "Energy Crush", None, 10, []),  # no Energy on the opponent's side
    ("ex8-21", "Aqua Sonic", None, 50, []),
    ("ex8-22", "Tumbling Attack", [HEADS], 40, []),
    ("ex8-22", "Tumbling Attack", [TAILS], 20, []),
    ("ex8-24", "Rend", None, 30, []),
    ("ex8-27", "Stomp", [HEADS], 60, []),
    ("ex8-27", "Stomp", [TAILS], 40, []),
    ("ex8-28", "Dwindling Wave", None, 70, []),
    ("ex8-29", "Dazzle Dance", None, 0, ["confused"]),
    ("ex8-30", "Spinning Horn", None, 10, []),
    ("ex8-30", "Rock Hurl", None, 50, []),
    ("ex8-32", "Extra Ball", None, 50, []),  # Wailord is no Pokémon-ex
    ("ex8-33", "Ambush", [HEADS], 40, []),
    ("ex8-33", "Ambush", [TAILS], 20, []),
    ("ex8-38", "Thunder Spear", None, 40, []),  # the Active picked: Weakness applies
    ("ex8-39", "Stun Spore", [HEADS], 20, ["paralyzed"]),
    ("ex8-39", "Stun Spore", [TAILS], 20, []),
    ("ex8-40", "Quick Blow", [HEADS], 60, []),
    ("ex8-40", "Quick Blow", [TAILS], 40, []),
    ("ex8-43", "Eerie Light", None, 0, ["confused"]),
    ("ex8-43", "One-Two Strike", [HEADS, HEADS], 70, []),
    ("ex8-43", "One-Two Strike", [HEADS, TAILS], 50, []),
    ("ex8-45", "Rock Smash", [HEADS], 40, []),
    ("ex8-45", "Rock Smash", [TAILS], 30, []),
    ("ex8-47", "Scorching Light", [HEADS], 0, ["paralyzed"]),
    ("ex8-47", "Scorching Light", [TAILS, HEADS], 0, ["burned"]),  # then the Burn coin
    ("ex8-52", "Singe", [HEADS, HEADS], 0, ["burned"]),
    ("ex8-52", "Singe", [TAILS], 0, []),
    ("ex8-52", "Doubleslap", [HEADS, TAILS], 10, []),
    ("ex8-52", "Doubleslap", [TAILS, TAILS], 0, []),
    ("ex8-57", "Double Chop", [HEADS, HEADS], 20, []),
    ("ex8-58", "Paralyzing Gaze", [HEADS], 0, ["paralyzed"]),
    ("ex8-58", "Paralyzing Gaze", [TAILS], 0, []),
    ("ex8-60", "Quick Attack", [HEADS], 60, []),
    ("ex8-60", "Quick Attack", [TAILS], 20, []),
    ("ex8-61", "Supersonic", [HEADS], 0, ["confused"]),
    ("ex8-61", "Supersonic", [TAILS], 0, []),
    ("ex8-62", "Smog", None, 10, ["poisoned"]),  # the Poison counter between turns
    ("ex8-63", "Aqua Wave", [HEADS], 30, []),
    ("ex8-63", "Aqua Wave", [TAILS], 20, []),
    ("ex8-65", "Thrust", [TAILS], 0, []),
    ("ex8-65", "Rising Lunge", [HEADS], 30, []),
    ("ex8-65", "Rising Lunge", [TAILS], 20, []),
    ("ex8-66", "Razor Wind", [HEADS], 20, []),
    ("ex8-66", "Razor Wind", [TAILS], 0, []),
    ("ex8-69", "Double Spin", [HEADS, HEADS], 40, []),
    ("ex8-71", "Quick Attack", [HEADS], 20, []),
    ("ex8-71", "Quick Attack", [TAILS], 10, []),
    ("ex8-72", "Stun Spore", [HEADS], 0, ["paralyzed"]),
    ("ex8-72", "Trip Over", [HEADS], 20, []),
    ("ex8-72", "Trip Over", [TAILS], 10, []),
    ("ex8-73", "Yawn", [TAILS], 0, ["asleep"]),  # the Sleep coin between turns: tails
    ("ex8-76", "Hypnotic Gaze", [TAILS], 0, ["asleep"]),
    ("ex8-32", "Hypnoblast", [TAILS], 20, ["asleep"]),
    ("ex8-78", "Agility", [TAILS], 10, []),
    ("ex8-80", "Fly", [HEADS], 10, []),
    ("ex8-80", "Fly", [TAILS], 0, []),
    ("ex8-81", "Quick Attack", [HEADS], 20, []),
    ("ex8-81", "Quick Attack", [TAILS], 10, []),
    ("ex8-96", "Pester", None, 60, []),
    ("ex8-97", "Energy Burst", None, 30, []),  # 2 Energy on it, none on Wailord
    ("ex8-103", "Flame Jet", None, 40, []),
    ("ex8-105", "Shooting Star", None, 50, []),  # not a Pokémon-ex: the printed 50
    ("ex8-107", "Spiral Rush", [HEADS, HEADS, TAILS], 60, []),
    ("ex8-107", "Spiral Rush", [TAILS], 0, []),
    ("ex8-108", "Thunderous Blow", None, 50, []),  # a Darkness Pokémon: 1 Lightning, +10
]


@pytest.mark.parametrize(("card", "name", "coins", "damage", "conditions"), PLAIN)
def test_attack_damage_and_conditions(
    card: str, name: str, coins: list[int] | None, damage: int, conditions: list[str]
) -> None:
    g = attack(card, name, coins)
    assert defending(g)["damage"] == damage
    assert sorted(defending(g)["conditions"]) == conditions


def test_each_opponent_attacks_hit_the_bench_without_weakness() -> None:
    bench = [{"card": "ex8-59"}]  # Electrike: Weakness Fighting (Donphan's type)
    g = attack("ex8-30", "Spinning Horn", p2={"bench": bench})
    assert defending(g)["damage"] == 10 and players(g)["p2"]["bench"][0]["damage"] == 10
    g = attack("ex8-30", "Spinning Horn")  # no Bench: the Active only
    assert defending(g)["damage"] == 10


def test_selfdestruct_hits_every_bench_and_knocks_out_baltoy() -> None:
    g = attack("ex8-53", "Selfdestruct", p1={"bench": ["ex8-71"]}, p2={"bench": ["ex8-71"]})
    assert defending(g)["damage"] == 40
    assert players(g)["p2"]["bench"][0]["damage"] == 10
    # Baltoy (50 HP) is Knocked Out by its own 50; the Seedot beside it took 10
    assert "Baltoy" in players(g)["p1"]["discard"]
    assert players(g)["p1"]["bench"][0]["damage"] == 10


def test_split_bomb_picks_two_different_pokemon() -> None:
    g = attack("ex8-4", "Split Bomb", p2={"bench": ["ex8-71"]})
    assert len(pending(g)["options"]) == 2
    act(g, "p1", "choose", option=0)
    assert len(pending(g)["options"]) == 1  # the one picked is not offered again
    act(g, "p1", "choose", option=0)
    assert defending(g)["damage"] == 30 and players(g)["p2"]["bench"][0]["damage"] == 30


def test_back_burner_attaches_basic_energy_from_the_discard_pile_to_any_own_pokemon() -> None:
    discard = ["Fire Energy", "Water Energy", "Potion"]
    g = attack("ex8-4", "Back Burner", p1={"discard": discard, "bench": ["ex8-71"]})
    assert not any("Potion" in o for o in pending(g)["options"])
    act(g, "p1", "choose", option=0)
    act(g, "p1", "choose", option=0)
    p1 = players(g)["p1"]
    attached = len(p1["active"]["energy"]) + len(p1["bench"][0]["energy"])
    assert attached == 1 + 2  # its own Colorless payment and the two from the discard pile
    # nothing to take: no question, the turn ends
    g = attack("ex8-4", "Back Burner", p1={"discard": ["Potion"]})
    assert "pending" not in view(g) and players(g)["p1"]["active"]["energy"] == ["Water Energy"]


def test_mid_air_crush_on_heads_the_opponent_discards_an_energy_of_the_target() -> None:
    bench = [{"card": "ex8-71", "energy": ["Grass Energy"]}]
    g = attack("ex8-49", "Mid-air Crush", [HEADS], p2={"bench": bench}, target="bench1")
    assert players(g)["p2"]["bench"][0]["damage"] == 20
    assert pending(g)["player"] == "p2"  # the target's owner picks the Energy card
    act(g, "p2", "choose", option=0)
    assert players(g)["p2"]["bench"][0]["energy"] == []
    g = attack("ex8-49", "Mid-air Crush", [TAILS], p2={"bench": bench}, target="bench1")
    assert len(players(g)["p2"]["bench"][0]["energy"]) == 1


def test_nosedive_hurts_swellow_on_tails_only() -> None:
    assert players(attack("ex8-49", "Nosedive", [TAILS]))["p1"]["active"]["damage"] == 10
    assert players(attack("ex8-49", "Nosedive", [HEADS]))["p1"]["active"]["damage"] == 0


def test_hustle_punch_is_weaker_in_the_next_turn() -> None:
    g = attack("ex8-3", "Hustle Punch")
    assert defending(g)["damage"] == 70
    act(g, "p2", "end_turn")
    events = act(g, "p1", "attack", attack="Hustle Punch")
    assert next(e.data["n"] for e in events if e.type == "damage") == 50


def test_slash_does_80_after_swords_dance_only() -> None:
    g = attack("ex8-13", "Swords Dance", mon={"energy": ["Grass Energy"]})
    act(g, "p2", "end_turn")
    act(g, "p1", "attack", attack="Slash")
    assert defending(g)["damage"] == 80
    assert defending(attack("ex8-13", "Slash"))["damage"] == 30


def test_healing_attacks_take_counters_off() -> None:
    g = attack("ex8-31", "Spiral Drain", mon={"damage": 30})
    assert players(g)["p1"]["active"]["damage"] == 20
    g = attack("ex8-34", "Blot", mon={"damage": 30})
    assert players(g)["p1"]["active"]["damage"] == 10
    g = attack(
        "ex8-105",
        "Healing Light",
        mon={"damage": 20},
        p1={"bench": [{"card": "ex8-71", "damage": 10}]},
    )
    assert players(g)["p1"]["active"]["damage"] == 10
    assert players(g)["p1"]["bench"][0]["damage"] == 0
    g = attack("ex8-106", "Miraculous Light", mon={"damage": 20, "conditions": ["poisoned"]})
    # a counter off and the Poison cured before the checkup
    assert players(g)["p1"]["active"]["damage"] == 10
    assert players(g)["p1"]["active"]["conditions"] == []


def test_shooting_star_against_a_pokemon_ex_discards_its_energy_for_150() -> None:
    ex = {"card": "ex8-100", "under": ["Makuhita"]}  # Hariyama ex, 110 HP
    g = attack("ex8-105", "Shooting Star", p2={"active": ex, "bench": ["ex8-71"]})
    assert players(g)["p1"]["active"]["energy"] == []
    assert players(g)["p1"]["prize_count"] == 6 - 2  # 150 Knocks Out the 110 HP ex


def test_lazy_headbutt_puts_slaking_to_sleep() -> None:
    g = attack("ex8-15", "Lazy Headbutt", [TAILS])
    assert players(g)["p1"]["active"]["conditions"] == ["asleep"]
    assert defending(g)["damage"] == 70


def test_liability_leaves_the_defending_pokemon_10_hp_and_weezing_hurts_itself() -> None:
    g = attack("ex8-51", "Liability", p1={"bench": ["ex8-71"]}, p2={"bench": ["ex8-71"]})
    assert defending(g)["damage"] == 110  # 120 HP: 10 left
    assert "Weezing" in players(g)["p1"]["discard"]  # Weezing (70 HP) took 70


def test_bay_dance_adds_30_to_the_next_turns_attack() -> None:
    g = attack("ex8-21", "Bay Dance", mon={"energy": ["Water Energy"] * 3})
    assert defending(g)["damage"] == 10
    act(g, "p2", "end_turn")
    act(g, "p1", "attack", attack="Aqua Sonic")
    assert defending(g)["damage"] == 10 + 50 + 30


def test_thrust_on_heads_discards_an_energy_of_the_defending_pokemon() -> None:
    g = attack("ex8-65", "Thrust", [HEADS], p2={"active": {**WAILORD, "energy": ["Water Energy"]}})
    assert defending(g)["damage"] == 10 and defending(g)["energy"] == []


# ---------------------------------------------------------------------------- Form Change
DEOXYS = {"card": "ex8-16", "energy": ["Psychic Energy", "Grass Energy"], "damage": 20}


def test_form_change_swaps_in_another_deoxys_with_everything_on_it() -> None:
    deck = ["ex8-17", "ex8-18", "Potion"]
    g = game({"active": {**DEOXYS, "tool": "ex8-92"}, "deck": deck}, {"active": WAILORD})
    act(g, "p1", "use_power", power="Form Change", pokemon="active")
    options = pending(g)["options"]
    assert len(options) == 3 and options[-1] == "nothing"  # two forms, or none
    act(g, "p1", "choose", option=0)
    active = players(g)["p1"]["active"]
    assert active["id"] == "ex8-17"  # Energy Crush's form
    assert active["damage"] == 20 and len(active["energy"]) == 2
    assert active["tool"] == "Strength Charm"
    assert "ex8-16" in [g.state.cards[c] for c in g.state.sides[0].deck]  # shuffled back
    check_invariants(g.state)
    # one Form Change a turn for the player, even from the new Deoxys
    with pytest.raises(IllegalActionError, match=r"ptcg\.power\.requirement"):
        act(g, "p1", "use_power", power="Form Change", pokemon="active")


def test_form_change_needs_another_deoxys_in_the_deck_and_may_find_nothing() -> None:
    g = game({"active": DEOXYS, "deck": ["Potion", "ex8-97"]}, {"active": WAILORD})
    with pytest.raises(IllegalActionError, match=r"no other Deoxys in the deck"):
        act(g, "p1", "use_power", power="Form Change", pokemon="active")  # a Deoxys ex is not
    g = game({"active": "ex8-71", "bench": [DEOXYS], "deck": ["ex8-18"]}, {"active": WAILORD})
    events = act(g, "p1", "use_power", power="Form Change", pokemon="bench1")
    act(g, "p1", "choose", option=1)  # nothing: the deck is shuffled all the same
    assert players(g)["p1"]["bench"][0]["id"] == "ex8-16"
    assert not any(e.type == "form_change" for e in events)


def test_form_change_of_deoxys_ex_takes_only_a_deoxys_ex() -> None:
    g = game(
        {"active": {"card": "ex8-99", "energy": ["Psychic Energy"]}, "deck": ["ex8-16", "ex8-98"]},
        {"active": WAILORD},
        settings=ALLOW,
    )
    act(g, "p1", "use_power", power="Form Change", pokemon="active")
    assert len(pending(g)["options"]) == 2  # Deoxys ex (ex8-98), or nothing
    act(g, "p1", "choose", option=0)
    assert players(g)["p1"]["active"]["id"] == "ex8-98"


# ---------------------------------------------------------------------------- Jetstream
def test_happy_dance_heals_each_pokemon_once_a_turn_per_player() -> None:
    ludicolo = {"card": "ex8-19", "under": ["Lotad", "ex8-34"]}
    g = game(
        {"active": {**ludicolo, "damage": 30}, "bench": [{**ludicolo, "damage": 10}, "ex8-71"]},
        {"active": WAILORD},
    )
    act(g, "p1", "use_power", power="Happy Dance", pokemon="active")
    p1 = players(g)["p1"]
    assert p1["active"]["damage"] == 20 and p1["bench"][0]["damage"] == 0
    with pytest.raises(IllegalActionError, match=r"ptcg\.power\.requirement"):
        act(g, "p1", "use_power", power="Happy Dance", pokemon="bench1")
    g = game({"active": ludicolo}, {"active": WAILORD})  # nothing to heal
    with pytest.raises(IllegalActionError, match=r"no.*damage counters"):
        act(g, "p1", "use_power", power="Happy Dance", pokemon="active")


def test_water_punch_flips_a_coin_per_water_energy() -> None:
    mon = {"energy": ["Water Energy"] * 2 + ["Fire Energy"]}
    g = attack("ex8-19", "Water Punch", [HEADS, TAILS], mon=mon)
    assert defending(g)["damage"] == 40 + 20
    g = attack("ex8-19", "Water Punch", [HEADS, HEADS], mon=mon)
    assert defending(g)["damage"] == 40 + 40


def test_heavy_metal_flips_a_coin_per_metal_energy() -> None:
    g = attack("ex8-26", "Heavy Metal", [HEADS], mon={"energy": ["Metal Energy", "Water Energy"]})
    assert defending(g)["damage"] == 10 + 20
    g = attack("ex8-26", "Heavy Metal", mon={"energy": ["Water Energy", "Water Energy"]})
    assert defending(g)["damage"] == 10  # no Metal Energy: no coin at all


def test_magnetic_tackle_may_be_done_or_declined() -> None:
    mon = {"energy": ["Lightning Energy"] + ["Water Energy"] * 2}
    g = attack("ex8-38", "Magnetic Tackle", mon=mon)
    assert pending(g)["options"][-1] == "nothing"
    act(g, "p1", "choose", option=0)
    # 40 + 10 per Lightning Energy, doubled by Wailord's Weakness; 10 to itself
    assert defending(g)["damage"] == (40 + 10) * 2
    assert players(g)["p1"]["active"]["damage"] == 10
    g = attack("ex8-38", "Magnetic Tackle", mon=mon)
    act(g, "p1", "choose", option=1)
    assert defending(g)["damage"] == 0 and players(g)["p1"]["active"]["damage"] == 0
    assert view(g)["current"] == "p2"  # the attack is over either way


def test_master_ball_looks_at_the_top_7_cards_only() -> None:
    deck = ["Potion"] * 3 + ["ex8-71", "ex8-43"] + ["Potion"] * 2 + ["ex8-76"]
    g = game({"active": "ex8-63", "hand": ["ex8-88"], "deck": deck}, {"active": WAILORD})
    act(g, "p1", "play_trainer", card="Master Ball")
    # Seedot (Basic) and Nuzleaf (Evolution) are among the top 7; Spoink (8th) is not
    assert pending(g)["options"] == ["Seedot", "Nuzleaf"]
    act(g, "p1", "choose", option=1)
    assert players(g)["p1"]["hand"] == ["Nuzleaf"]
    check_invariants(g.state)
    g = game({"active": "ex8-63", "hand": ["ex8-88"], "deck": ["Potion"] * 8}, {"active": WAILORD})
    events = act(g, "p1", "play_trainer", card="Master Ball")  # none there: only a shuffle
    assert "pending" not in view(g) and any(e.type == "shuffle" for e in events)


def test_dragon_aura_keeps_effects_off_only_with_basic_fire_and_lightning() -> None:
    aura = {"card": "ex8-22", "energy": ["Fire Energy", "Lightning Energy"]}
    g = attack("ex8-62", "Smog", p2={"active": aura})
    assert defending(g)["conditions"] == []
    g = attack("ex8-62", "Smog", p2={"active": {"card": "ex8-22", "energy": ["Fire Energy"]}})
    assert defending(g)["conditions"] == ["poisoned"]
    # the damage is not prevented
    assert defending(attack("ex8-71", "Quick Attack", [TAILS], p2={"active": aura}))["damage"] == 10


def test_dense_takes_20_off_damage_from_evolved_attackers_either_players() -> None:
    numel = {"card": "ex8-68"}
    g = attack("ex8-43", "One-Two Strike", [HEADS, TAILS], p2={"active": numel})
    assert defending(g)["damage"] == 50 - 20
    g = attack("ex8-71", "Quick Attack", [HEADS], p2={"active": numel})
    assert defending(g)["damage"] == 20  # a Basic attacker: the whole 20
    # its own player's Evolved Pokémon (Sandslash's Earthquake, 10 to its own Bench)
    g = attack("ex2-21", "Earthquake", p1={"bench": [numel, "ex8-71"]})
    assert [m["damage"] for m in players(g)["p1"]["bench"]] == [0, 10]


def test_natural_cure_on_attaching_water_energy_from_the_hand() -> None:
    lombre = {"card": "ex8-34", "under": ["Lotad"], "conditions": ["confused"]}
    g = game({"active": lombre, "hand": ["Water Energy", "Fire Energy"]}, {"active": WAILORD})
    act(g, "p1", "attach", card="Fire Energy", target="active")
    assert players(g)["p1"]["active"]["conditions"] == ["confused"]
    g = game({"active": lombre, "hand": ["Water Energy"]}, {"active": WAILORD})
    act(g, "p1", "attach", card="Water Energy", target="active")
    assert players(g)["p1"]["active"]["conditions"] == []


def test_swing_dance_draws_a_card_and_needs_a_deck() -> None:
    ludicolo = {"card": "ex8-10", "under": ["Lotad", "ex8-34"]}
    g = game({"active": ludicolo, "deck": ["Potion"]}, {"active": WAILORD}, settings=ALLOW)
    act(g, "p1", "use_power", power="Swing Dance", pokemon="active")
    assert players(g)["p1"]["hand_count"] == 1
    g = game({"active": ludicolo, "deck": []}, {"active": WAILORD}, settings=ALLOW)
    with pytest.raises(IllegalActionError, match=r"ptcg\.power\.requirement"):
        act(g, "p1", "use_power", power="Swing Dance", pokemon="active")


# ---------------------------------------------------------------------------- Starcharge
def test_extra_curse_puts_2_counters_or_4_on_a_pokemon_ex() -> None:
    assert defending(attack("ex8-14", "Extra Curse"))["damage"] == 20
    ex = {"card": "ex8-100", "under": ["Makuhita"]}
    g = attack("ex8-14", "Extra Curse", p2={"active": ex}, p1={})
    assert defending(g)["damage"] == 40


def test_empty_shell_gives_no_prize_for_shedinja() -> None:
    shedinja = {"card": "ex8-14", "under": ["Nincada"], "damage": 40}
    g = attack("ex8-55", "Flip Over", p2={"active": shedinja, "bench": ["ex8-71"]})
    assert players(g)["p1"]["prize_count"] == 6  # Knocked Out, and no Prize taken
    seedot = {"card": "ex8-71", "damage": 10}
    g = attack("ex8-55", "Flip Over", p2={"active": seedot, "bench": ["ex8-71"]})
    assert players(g)["p1"]["prize_count"] == 5  # any other Pokémon: a Prize


def test_mirror_coat_poisons_the_attacker_too() -> None:
    g = attack("ex8-62", "Smog", p2={"active": {"card": "ex8-66"}})
    assert defending(g)["conditions"] == ["poisoned"]
    assert players(g)["p1"]["active"]["conditions"] == ["poisoned"]
    g = attack("ex8-61", "Supersonic", [HEADS], p2={"active": {"card": "ex8-66"}})
    assert players(g)["p1"]["active"]["conditions"] == []  # Confused: not handed back


def test_fan_action_lets_the_opponent_pick_their_new_active() -> None:
    shiftry = {"card": "ex8-25", "under": ["ex8-71", "ex8-43"]}
    g = game({"active": shiftry}, {"active": WAILORD, "bench": ["ex8-71", "ex8-76"]})
    act(g, "p1", "use_power", power="Fan Action", pokemon="active")
    assert pending(g)["player"] == "p2"
    act(g, "p2", "choose", option=1)
    assert defending(g)["card"] == "Spoink"
    g = game({"active": shiftry}, {"active": WAILORD})
    with pytest.raises(IllegalActionError, match=r"ptcg\.power\.requirement"):
        act(g, "p1", "use_power", power="Fan Action", pokemon="active")


def test_stadium_power_adds_20_while_a_stadium_is_in_play() -> None:
    assert defending(attack("ex8-25", "Stadium Power"))["damage"] == 50
    shiftry = attacker("ex8-25", "Stadium Power")
    g = game({"active": shiftry}, {"active": WAILORD}, stadium={"card": "ex8-89", "owner": "p2"})
    act(g, "p1", "attack", attack="Stadium Power")
    assert defending(g)["damage"] == 70


def test_professor_cozmos_discovery_draws_the_bottom_3_on_heads_the_top_2_on_tails() -> None:
    deck = ["Potion", "Switch", "ex8-71", "ex8-76", "ex8-43"]
    g = game({"active": "ex8-63", "hand": ["ex8-90"], "deck": deck}, {"active": WAILORD})
    act(g, "p1", "play_trainer", card="Professor Cozmo's Discovery", coins=[HEADS])
    assert sorted(players(g)["p1"]["hand"]) == ["Nuzleaf", "Seedot", "Spoink"]
    g = game({"active": "ex8-63", "hand": ["ex8-90"], "deck": deck}, {"active": WAILORD})
    act(g, "p1", "play_trainer", card="Professor Cozmo's Discovery", coins=[TAILS])
    assert players(g)["p1"]["hand"] == ["Potion", "Switch"]
    g = game({"active": "ex8-63", "hand": ["ex8-90"], "deck": []}, {"active": WAILORD})
    with pytest.raises(IllegalActionError, match=r"ptcg\.trainer\.condition"):
        act(g, "p1", "play_trainer", card="Professor Cozmo's Discovery")


def test_meteor_falls_lets_an_evolved_pokemon_use_the_attacks_below_it() -> None:
    shiftry = {
        "card": "ex8-25",
        "under": ["ex8-71", "ex8-43"],
        "energy": ["Grass Energy"] * 3,
    }
    falls = {"card": "ex8-89", "owner": "p1"}
    g = game({"active": shiftry}, {"active": WAILORD}, stadium=falls)
    offered = {a.params.get("attack") for a in g.legal_actions() if a.kind == "attack"}
    assert offered == {"Stadium Power", "Collect", "Quick Attack", "Eerie Light", "One-Two Strike"}
    act(g, "p1", "attack", attack="Eerie Light")  # Nuzleaf's
    assert defending(g)["conditions"] == ["confused"]
    # without the Stadium: only its own attack
    g = game({"active": shiftry}, {"active": WAILORD})
    with pytest.raises(IllegalActionError, match=r"ptcg\.attack\.known"):
        act(g, "p1", "attack", attack="Eerie Light")
    # a Pokémon-ex is left out
    ex = {"card": "ex8-100", "under": ["ex8-65"], "energy": ["Fighting Energy"] * 3}
    g = game({"active": ex}, {"active": WAILORD}, stadium=falls, settings=ALLOW)
    with pytest.raises(IllegalActionError, match=r"ptcg\.attack\.known"):
        act(g, "p1", "attack", attack="Rising Lunge")


# ---------------------------------------------------------------------------- the rest
def test_luring_antenna_may_first_bring_a_benched_pokemon_in() -> None:
    g = attack("ex8-2", "Luring Antenna", p2={"bench": ["ex8-71"]})
    act(g, "p1", "choose", option=0)  # Seedot comes in and takes the 20
    assert defending(g)["card"] == "Seedot" and defending(g)["damage"] == 20
    g = attack("ex8-2", "Luring Antenna", p2={"bench": ["ex8-71"]})
    act(g, "p1", "choose", option=len(pending(g)["options"]) - 1)  # no switch
    assert defending(g)["card"] == "Wailord" and defending(g)["damage"] == 20


def test_energy_tests_of_leaf_poison_ancient_mantra_and_burning_ball() -> None:
    grass = {"energy": ["Grass Energy"]}
    assert defending(attack("ex8-3", "Leaf Poison", mon=grass))["conditions"] == ["poisoned"]
    assert defending(attack("ex8-3", "Leaf Poison"))["conditions"] == []
    both = {"energy": ["Psychic Energy", "Fighting Energy"]}
    g = attack("ex8-5", "Ancient Mantra", mon=both)
    assert defending(g)["damage"] == 40 and defending(g)["conditions"] == ["confused"]
    g = attack("ex8-5", "Ancient Mantra")
    assert defending(g)["damage"] == 20 and defending(g)["conditions"] == []
    fire = {"energy": ["Fire Energy", "Fire Energy", "Water Energy"]}
    g = attack("ex8-37", "Burning Ball", [TAILS], mon=fire)  # the Burn coin: tails
    assert defending(g)["conditions"] == ["burned"]
    g = attack("ex8-37", "Burning Ball", mon={"energy": ["Fire Energy"] + ["Water Energy"] * 2})
    assert defending(g)["conditions"] == []


def test_psychic_removal_discards_the_defending_energy_on_two_heads_only() -> None:
    wailord = {**WAILORD, "energy": ["Water Energy", "Water Energy"]}
    g = attack("ex8-7", "Psychic Removal", [HEADS, HEADS], p2={"active": wailord})
    assert defending(g)["energy"] == [] and defending(g)["damage"] == 20
    g = attack("ex8-7", "Psychic Removal", [HEADS, TAILS], p2={"active": wailord})
    assert len(defending(g)["energy"]) == 2


def test_powerful_hand_puts_a_counter_per_card_in_hand_at_most_7() -> None:
    g = attack("ex8-7", "Powerful Hand", p1={"hand": ["Potion"] * 3})
    assert defending(g)["damage"] == 30
    g = attack("ex8-7", "Powerful Hand", p1={"hand": ["Potion"] * 9})
    assert defending(g)["damage"] == 70


def test_full_retaliation_counts_the_counters_on_every_magikarp() -> None:
    bench = [{"card": "ex8-64", "damage": 20}, {"card": "ex8-64", "damage": 10}]
    assert defending(attack("ex8-8", "Full Retaliation", p1={"bench": bench}))["damage"] == 60
    assert defending(attack("ex8-8", "Full Retaliation", p1={"bench": ["ex8-64"]}))["damage"] == 0


def test_metallic_blow_adds_30_against_a_poke_body() -> None:
    starmie = {"card": "ex8-48", "under": ["ex8-77"]}  # Core Guard (off without Psychic)
    g = attack("ex8-9", "Metallic Blow", p2={"active": starmie})
    assert defending(g)["damage"] == 20 + 30
    assert defending(attack("ex8-9", "Metallic Blow"))["damage"] == 20


def test_healing_steps_heals_a_counter_per_card_discarded() -> None:
    hand = ["Potion", "Switch", "Potion"]
    g = attack("ex8-10", "Healing Steps", mon={"damage": 50}, p1={"hand": hand})
    act(g, "p1", "choose", option=0)
    act(g, "p1", "choose", option=0)
    act(g, "p1", "choose", option=len(pending(g)["options"]) - 1)  # done
    assert players(g)["p1"]["active"]["damage"] == 30 and players(g)["p1"]["hand_count"] == 1
    g = attack("ex8-10", "Healing Steps", mon={"damage": 50})  # an empty hand: nothing asked
    assert "pending" not in view(g) and players(g)["p1"]["active"]["damage"] == 50


def test_circular_steps_counts_every_other_pokemon_in_play() -> None:
    g = attack("ex8-10", "Circular Steps", p1={"bench": ["ex8-71"]}, p2={"bench": ["ex8-71"] * 2})
    assert defending(g)["damage"] == 10 * 4
    assert defending(attack("ex8-10", "Circular Steps"))["damage"] == 10


def test_pull_away_makes_the_opponent_discard_down_to_4_from_5_or_more() -> None:
    hand = ["Potion", "Switch", "Potion", "Potion", "Switch", "Fire Energy"]
    g = attack("ex8-12", "Pull Away", p2={"hand": hand})
    assert pending(g)["player"] == "p2"
    act(g, "p2", "choose", option=0)
    act(g, "p2", "choose", option=0)
    # the opponent drew a card for the new turn after the attack
    assert players(g)["p2"]["hand_count"] == 4 + 1
    g = attack("ex8-12", "Pull Away", p2={"hand": hand[:4]})
    assert "pending" not in view(g) and players(g)["p2"]["hand_count"] == 4 + 1


def test_raging_tremble_does_10_per_counter_on_whiscash() -> None:
    assert defending(attack("ex8-28", "Raging Tremble", mon={"damage": 30}))["damage"] == 30
    assert defending(attack("ex8-28", "Raging Tremble"))["damage"] == 0


def test_psyloop_counts_the_opponents_trainer_cards_in_play() -> None:
    wailord = {**WAILORD, "tool": "ex8-92"}
    g = game(
        {"active": attacker("ex8-29", "Psyloop")},
        {"active": wailord},
        stadium={"card": "ex8-89", "owner": "p2"},
    )
    act(g, "p1", "attack", attack="Psyloop")
    assert defending(g)["damage"] == 30 + 2 * 30  # the Tool and their Stadium
    assert defending(attack("ex8-29", "Psyloop"))["damage"] == 30


def test_sparks_hit_the_pokemon_with_a_power_or_a_body() -> None:
    bench = ["ex8-57", "ex8-42", "ex8-71"]  # a Body (Corphish), a Power (Nosepass), neither
    g = attack("ex8-41", "Negative Spark", p2={"bench": bench})
    # Exoskeleton takes 10 off the 20 on Corphish
    assert [m["damage"] for m in players(g)["p2"]["bench"]] == [10, 0, 0]
    assert defending(g)["damage"] == 0
    g = attack("ex8-44", "Positive Spark", p2={"bench": bench})
    assert [m["damage"] for m in players(g)["p2"]["bench"]] == [0, 20, 0]


def test_holy_star_discards_its_energy_and_hits_every_pokemon_ex() -> None:
    ex = {"card": "ex8-98", "energy": ["Psychic Energy"]}  # Deoxys ex, 110 HP
    g = attack("ex8-107", "Holy Star", p2={"bench": [ex, "ex8-71"]})
    assert players(g)["p1"]["active"]["energy"] == []
    assert [m["damage"] for m in players(g)["p2"]["bench"]] == [100, 0]
    assert defending(g)["damage"] == 0


def test_smogscreen_poisons_and_may_stop_the_next_attack() -> None:
    wailord = {**WAILORD, "energy": ["Water Energy"] * 3}
    g = attack("ex8-51", "Smogscreen", [], p2={"active": wailord})
    assert defending(g)["conditions"] == ["poisoned"]
    act(g, "p2", "attack", attack="Take Down", coins=[TAILS])  # Smokescreen's coin: tails
    assert players(g)["p1"]["active"]["damage"] == 0


def test_ascension_evolves_wurmple_from_the_deck() -> None:
    g = attack("ex8-82", "Ascension", p1={"deck": ["ex8-46", "Potion"]})
    assert pending(g)["options"] == ["Silcoon", "nothing"]
    act(g, "p1", "choose", option=0)
    assert players(g)["p1"]["active"]["card"] == "Silcoon"
    g = attack("ex8-82", "Ascension", p1={"deck": ["ex8-46", "Potion"]})
    act(g, "p1", "choose", option=1)
    assert players(g)["p1"]["active"]["card"] == "Wurmple"


def test_miracle_blow_lets_the_player_pick_the_condition_on_heads() -> None:
    g = attack("ex8-27", "Miracle Blow", [HEADS])
    act(g, "p1", "choose", option=pending(g)["options"].index("paralyzed"))
    assert defending(g)["conditions"] == ["paralyzed"]
    g = attack("ex8-82", "Miracle Essence", [TAILS])
    assert "pending" not in view(g) and defending(g)["conditions"] == []


def test_cross_attack_confuses_on_2_heads_or_more() -> None:
    g = attack("ex8-96", "Cross Attack", [HEADS, HEADS, TAILS, TAILS])
    assert defending(g)["damage"] == 40 and defending(g)["conditions"] == ["confused"]
    g = attack("ex8-96", "Cross Attack", [HEADS, TAILS, TAILS, TAILS])
    assert defending(g)["damage"] == 20 and defending(g)["conditions"] == []


def test_psyburst_may_discard_2_energy_for_20_per_defending_energy() -> None:
    wailord = {**WAILORD, "energy": ["Water Energy"] * 2}
    g = attack("ex8-98", "Psyburst", p2={"active": wailord})
    act(g, "p1", "choose", option=0)
    assert defending(g)["damage"] == 50 + 40 and len(players(g)["p1"]["active"]["energy"]) == 1
    g = attack("ex8-98", "Psyburst", p2={"active": wailord})
    act(g, "p1", "choose", option=1)
    assert defending(g)["damage"] == 50 and len(players(g)["p1"]["active"]["energy"]) == 3


def test_shining_star_against_a_stage_2() -> None:
    stage2 = {"card": "ex8-25", "under": ["ex8-71", "ex8-43"]}  # Shiftry, 110 HP
    g = attack("ex8-106", "Shining Star", p2={"active": stage2, "bench": ["ex8-71"]})
    assert players(g)["p1"]["active"]["energy"] == []
    assert players(g)["p1"]["prize_count"] == 5  # 150 Knocks it Out
    assert defending(attack("ex8-106", "Shining Star"))["damage"] == 50


def test_psychic_trace_shuffles_the_hand_in_and_draws_the_opponents_count() -> None:
    claydol = {"card": "ex8-5", "under": ["ex8-53"]}
    g = game(
        {"active": claydol, "hand": ["Potion"], "deck": ["Switch"] * 6},
        {"active": WAILORD, "hand": ["Potion"] * 3},
    )
    act(g, "p1", "use_power", power="Psychic Trace", pokemon="active")
    assert players(g)["p1"]["hand_count"] == 3 and players(g)["p1"]["deck_count"] == 4
    g = game({"active": "ex8-53", "bench": [claydol]}, {"active": WAILORD})
    with pytest.raises(IllegalActionError, match=r"ptcg\.power\.requirement"):
        act(g, "p1", "use_power", power="Psychic Trace", pokemon="bench1")


def test_wishing_star_takes_one_of_the_top_5_and_puts_jirachi_to_sleep() -> None:
    deck = ["Potion"] * 5 + ["Switch"]
    g = game({"active": "ex8-9", "deck": deck}, {"active": WAILORD})
    act(g, "p1", "use_power", power="Wishing Star", pokemon="active")
    assert pending(g)["options"] == ["Potion"]  # Switch is the 6th card
    act(g, "p1", "choose", option=0)
    assert players(g)["p1"]["hand"] == ["Potion"]
    assert players(g)["p1"]["active"]["conditions"] == ["asleep"]


def test_super_connectivity_attaches_from_the_discard_pile_with_a_counter() -> None:
    metagross = {"card": "ex8-11", "under": ["ex8-55", "ex8-40"]}
    g = game(
        {"active": "ex8-71", "bench": [metagross], "discard": ["Psychic Energy"]},
        {"active": WAILORD},
    )
    act(g, "p1", "use_power", power="Super Connectivity", pokemon="bench1")
    act(g, "p1", "choose", option=0)
    active = players(g)["p1"]["active"]
    assert active["energy"] == ["Psychic Energy"] and active["damage"] == 10
    g = game({"active": metagross, "discard": ["Water Energy"]}, {"active": WAILORD})
    with pytest.raises(IllegalActionError, match=r"ptcg\.power\.requirement"):
        act(g, "p1", "use_power", power="Super Connectivity", pokemon="active")


def test_smooth_over_puts_the_picked_card_on_top() -> None:
    magcargo = {"card": "ex8-20", "under": ["ex8-74"]}
    g = game({"active": magcargo, "deck": ["Potion", "Switch", "ex8-71"]}, {"active": WAILORD})
    act(g, "p1", "use_power", power="Smooth Over", pokemon="active")
    act(g, "p1", "choose", option=pending(g)["options"].index("Seedot"))
    assert g.state.cards[g.state.sides[0].deck[0]] == "ex8-71"


def test_distortion_puts_a_counter_on_a_picked_pokemon_while_active() -> None:
    crobat = {"card": "ex8-96", "under": ["ex8-83", "ex8-31"]}
    g = game({"active": crobat}, {"active": WAILORD, "bench": ["ex8-71"]})
    act(g, "p1", "use_power", power="Distortion", pokemon="active")
    act(g, "p1", "choose", option=1)
    assert players(g)["p2"]["bench"][0]["damage"] == 10
    g = game({"active": "ex8-71", "bench": [crobat]}, {"active": WAILORD})
    with pytest.raises(IllegalActionError, match=r"ptcg\.power\.requirement"):
        act(g, "p1", "use_power", power="Distortion", pokemon="bench1")


def test_fast_protection_shuts_out_basic_attackers_only() -> None:
    ninjask = {"card": "ex8-13", "under": ["ex8-67"]}
    assert (
        defending(attack("ex8-71", "Quick Attack", [HEADS], p2={"active": ninjask}))["damage"] == 0
    )
    g = attack("ex8-43", "One-Two Strike", [TAILS, TAILS], p2={"active": ninjask})
    assert defending(g)["damage"] == 30


def test_hard_protection_keeps_off_only_its_own_players_attacks() -> None:
    shelgon = {"card": "ex8-45", "under": ["ex8-52"]}
    g = attack("ex2-21", "Earthquake", p1={"bench": [shelgon, "ex8-71"]})
    assert [m["damage"] for m in players(g)["p1"]["bench"]] == [0, 10]
    assert defending(attack("ex8-30", "Rock Hurl", p2={"active": shelgon}))["damage"] == 50


def test_core_guard_takes_10_off_with_psychic_energy() -> None:
    starmie = {"card": "ex8-48", "under": ["ex8-77"]}
    g = attack("ex8-30", "Rock Hurl", p2={"active": {**starmie, "energy": ["Psychic Energy"]}})
    assert defending(g)["damage"] == 40
    assert defending(attack("ex8-30", "Rock Hurl", p2={"active": starmie}))["damage"] == 50


def test_lift_bodies_make_retreat_free_with_their_energy() -> None:
    lombre = {"card": "ex8-33", "under": ["Lotad"]}
    skarmory = {"card": "ex8-26"}
    for mon, energy in ((lombre, "Water Energy"), (skarmory, "Metal Energy")):
        g = game({"active": {**mon, "energy": [energy]}, "bench": ["ex8-71"]}, {"active": WAILORD})
        act(g, "p1", "retreat", target="bench1")
        assert len(players(g)["p1"]["bench"][0]["energy"]) == 1  # nothing discarded
        g = game(
            {"active": {**mon, "energy": ["Fire Energy"]}, "bench": ["ex8-71"]}, {"active": WAILORD}
        )
        act(g, "p1", "retreat", target="bench1", discard=["Fire Energy"])
        assert players(g)["p1"]["bench"][0]["energy"] == []


def test_intimidating_pattern_takes_20_off_while_masquerain_is_active() -> None:
    masquerain = {"card": "ex8-39", "under": ["ex8-78"]}
    g = attack("ex8-30", "Rock Hurl", p2={"active": masquerain})
    assert defending(g)["damage"] == 30
    g = attack("ex8-30", "Rock Hurl", p2={"active": WAILORD, "bench": [masquerain]})
    assert defending(g)["damage"] == 50


def test_heal_energy_heals_and_cures_a_pokemon_not_ex() -> None:
    g = game(
        {
            "active": {"card": "ex8-71", "damage": 20, "conditions": ["poisoned"]},
            "hand": ["ex8-94"],
        },
        {"active": WAILORD},
    )
    act(g, "p1", "attach", card="Heal Energy", target="active")
    active = players(g)["p1"]["active"]
    assert active["damage"] == 10 and active["conditions"] == []
    ex = {"card": "ex8-97", "damage": 20, "conditions": ["poisoned"]}
    g = game({"active": ex, "hand": ["ex8-94"]}, {"active": WAILORD}, settings=ALLOW)
    act(g, "p1", "attach", card="Heal Energy", target="active")
    assert players(g)["p1"]["active"]["damage"] == 20


def test_energy_charge_shuffles_2_energy_back_on_heads() -> None:
    discard = ["Water Energy", "Fire Energy", "Potion"]
    g = game({"active": "ex8-71", "hand": ["ex8-86"], "discard": discard}, {"active": WAILORD})
    act(g, "p1", "play_trainer", card="Energy Charge", coins=[HEADS])
    act(g, "p1", "choose", option=0)
    act(g, "p1", "choose", option=0)
    assert players(g)["p1"]["deck_count"] == 6 + 2
    g = game({"active": "ex8-71", "hand": ["ex8-86"], "discard": discard}, {"active": WAILORD})
    act(g, "p1", "play_trainer", card="Energy Charge", coins=[TAILS])
    assert players(g)["p1"]["deck_count"] == 6
    g = game({"active": "ex8-71", "hand": ["ex8-86"], "discard": ["Potion"]}, {"active": WAILORD})
    with pytest.raises(IllegalActionError, match=r"ptcg\.trainer\.condition"):
        act(g, "p1", "play_trainer", card="Energy Charge")


# ---------------------------------------------------------------------------- Bodies in play
def test_hunch_adds_40_with_40_hp_or_less_left() -> None:
    g = attack("ex8-2", "Cutting Wind", mon={"damage": 60})
    assert defending(g)["damage"] == 50 + 40
    assert defending(attack("ex8-2", "Cutting Wind", mon={"damage": 50}))["damage"] == 50


def test_lazy_aura_takes_30_off_the_attacks_of_pokemon_ex() -> None:
    slaking = {"card": "ex8-15", "under": ["ex8-73", "ex8-50"]}
    g = attack(
        "ex8-97", "Energy Burst", mon={"energy": ["Psychic Energy"] * 4}, p2={"active": slaking}
    )
    assert defending(g)["damage"] == 50 - 30
    assert defending(attack("ex8-21", "Aqua Sonic", p2={"active": slaking}))["damage"] == 50


def test_vigorous_aura_adds_10_to_either_active_pokemons_attacks_on_an_active() -> None:
    vigoroth = {"card": "ex8-50", "under": ["ex8-73"]}
    assert defending(attack("ex8-50", "Scratch"))["damage"] == 30 + 10
    assert defending(attack("ex8-21", "Aqua Sonic", p2={"active": vigoroth}))["damage"] == 60
    g = attack(
        "ex8-38", "Thunder Spear", p2={"active": vigoroth, "bench": ["ex8-71"]}, target="bench1"
    )
    assert players(g)["p2"]["bench"][0]["damage"] == 20  # not to a Benched Pokémon
    g = attack("ex8-21", "Aqua Sonic", p2={"active": WAILORD, "bench": [vigoroth]})
    assert defending(g)["damage"] == 50  # not while Benched


def test_dark_protection_takes_10_per_darkness_energy_at_most_20() -> None:
    crawdaunt = {"card": "ex8-6", "under": ["ex8-57"]}
    for darkness, damage in ((0, 50), (1, 40), (3, 30)):
        mon = {**crawdaunt, "energy": ["Darkness Energy"] * darkness}
        assert defending(attack("ex8-30", "Rock Hurl", p2={"active": mon}))["damage"] == damage


def test_tropical_motion_ignores_resistance_while_tropius_attacks() -> None:
    jirachi = {"card": "ex8-9"}  # Resistance Grass
    assert defending(attack("ex8-27", "Stomp", [TAILS], p2={"active": jirachi}))["damage"] == 40
    assert (
        defending(attack("ex8-71", "Quick Attack", [HEADS], p2={"active": jirachi}))["damage"] == 0
    )


def test_dragon_lift_and_moonglow_make_other_pokemon_retreat_for_free() -> None:
    salamence = {"card": "ex8-103", "under": ["ex8-52", "ex8-45"]}
    seedot = {"card": "ex8-71", "energy": ["Grass Energy"]}
    g = game({"active": seedot, "bench": [salamence]}, {"active": WAILORD})
    act(g, "p1", "retreat", target="bench1")
    assert players(g)["p1"]["bench"][0]["energy"] == ["Grass Energy"]
    ex = {**salamence, "energy": ["Fire Energy", "Water Energy"]}
    g = game({"active": ex, "bench": ["ex8-71"]}, {"active": WAILORD})
    act(g, "p1", "retreat", target="bench1")
    assert players(g)["p1"]["bench"][0]["energy"] == []  # a Pokémon-ex pays its own
    solrock = {"card": "ex8-47", "energy": ["Psychic Energy"] * 2}
    g = game({"active": solrock, "bench": ["ex8-36"]}, {"active": WAILORD})
    act(g, "p1", "retreat", target="bench1")
    assert len(players(g)["p1"]["bench"][0]["energy"]) == 2


def test_sunbeam_gives_lunatone_80_hp() -> None:
    lunatone = {"card": "ex8-36", "damage": 50}
    g = attack("ex8-71", "Quick Attack", [HEADS], p2={"active": lunatone, "bench": ["ex8-47"]})
    assert defending(g)["damage"] == 70  # 80 HP with Solrock in play: not Knocked Out
    g = attack("ex8-71", "Quick Attack", [HEADS], p2={"active": lunatone, "bench": ["ex8-71"]})
    assert "Lunatone" in players(g)["p2"]["discard"]  # 60 HP: Knocked Out


def test_lunatone_and_solrock_attacks_count_each_other() -> None:
    g = attack("ex8-36", "Target Beam", p1={"bench": ["ex8-47", "ex8-47"]})
    assert defending(g)["damage"] == 20 + 20
    g = attack(
        "ex8-47",
        "Reflected Beam",
        p1={"bench": ["ex8-36"]},
        p2={"bench": ["ex8-76"]},
        target="bench1",
    )
    assert players(g)["p2"]["bench"][0]["damage"] == 10
    g = attack("ex8-47", "Reflected Beam", p2={"bench": ["ex8-76"]}, target="bench1")
    assert players(g)["p2"]["bench"][0]["damage"] == 0  # no Lunatone


def test_foresight_reorders_the_top_of_the_picked_deck() -> None:
    g = attack("ex8-36", "Foresight", p2={"deck": ["Potion", "Switch", "Fire Energy"]})
    act(g, "p1", "choose", option=1)  # the opponent's deck
    act(g, "p1", "choose", option=2)  # Fire Energy on top
    act(g, "p1", "choose", option=1)  # then Switch
    # p2 drew the top card at the start of their turn
    assert players(g)["p2"]["hand"] == ["Fire Energy"]


def test_shields_keep_off_the_attacks_of_ex_or_evolved_pokemon_next_turn() -> None:
    deoxys = {"card": "ex8-99", "energy": ["Psychic Energy"] * 3}
    salamence = attacker("ex8-103", "Flame Jet")  # Salamence ex, 160 HP
    g = game({"active": deoxys}, {"active": salamence}, settings=ALLOW)
    act(g, "p1", "attack", attack="Psychic Shield")
    act(g, "p2", "attack", attack="Flame Jet", target="active")
    assert players(g)["p1"]["active"]["damage"] == 0
    jirachi = attacker("ex8-9", "Metallic Blow")  # not a Pokémon-ex
    g = game({"active": deoxys}, {"active": jirachi}, settings=ALLOW)
    act(g, "p1", "attack", attack="Psychic Shield")
    act(g, "p2", "attack", attack="Metallic Blow")
    assert players(g)["p1"]["active"]["damage"] == 20
    silcoon = attacker("ex8-46", "Advanced Armor")
    g = game({"active": silcoon}, {"active": attacker("ex8-43", "Eerie Light")})
    act(g, "p1", "attack", attack="Advanced Armor")
    act(g, "p2", "attack", attack="Eerie Light")
    assert players(g)["p1"]["active"]["conditions"] == []  # the effect is kept off too
    g = game({"active": silcoon}, {"active": attacker("ex8-76", "Hypnotic Gaze")})
    act(g, "p1", "attack", attack="Advanced Armor")
    act(g, "p2", "attack", attack="Hypnotic Gaze", coins=[TAILS])
    assert players(g)["p1"]["active"]["conditions"] == ["asleep"]  # a Basic's attack


def test_pivot_throw_makes_hariyama_take_10_more_next_turn() -> None:
    hariyama = attacker("ex8-100", "Pivot Throw")
    wailord = {**WAILORD, "energy": ["Water Energy"] * 3}
    g = game({"active": hariyama}, {"active": wailord}, settings=ALLOW)
    act(g, "p1", "attack", attack="Pivot Throw")
    events = act(g, "p2", "attack", attack="Take Down")
    hits = [e.data["n"] for e in events if e.type == "damage" and e.data["p"] == "p1"]
    assert hits == [50 + 10]
    g = game({"active": hariyama}, {"active": wailord}, settings=ALLOW)
    act(g, "p1", "attack", attack="Knock Off")
    events = act(g, "p2", "attack", attack="Take Down")
    assert [e.data["n"] for e in events if e.type == "damage" and e.data["p"] == "p1"] == [50]


def test_commanding_aura_stops_the_opponents_stadiums_while_active() -> None:
    hariyama = {"card": "ex8-100", "under": ["ex8-65"]}
    g = game({"active": "ex8-71", "hand": ["ex8-89"]}, {"active": hariyama}, settings=ALLOW)
    with pytest.raises(IllegalActionError, match=r"ptcg\.trainer\.body"):
        act(g, "p1", "play_trainer", card="Meteor Falls")
    g = game(
        {"active": "ex8-71", "hand": ["ex8-89"]},
        {"active": WAILORD, "bench": [hariyama]},
        settings=ALLOW,
    )
    act(g, "p1", "play_trainer", card="Meteor Falls")
    assert view(g)["stadium"] is not None


def test_darkness_blast_may_discard_darkness_for_20_more_and_an_energy_of_the_defending() -> None:
    sharpedo = {"energy": ["Darkness Energy"] * 2 + ["Water Energy"]}
    wailord = {**WAILORD, "energy": ["Water Energy", "Fire Energy"]}
    g = attack("ex8-104", "Darkness Blast", mon=sharpedo, p2={"active": wailord}, card="ex1-93")
    # Darkness Energy does 10 more for a Darkness attacker: one is left after the discard
    assert defending(g)["damage"] == 60 + 20 + 10
    assert pending(g)["options"] == ["Water Energy", "Fire Energy"]
    act(g, "p1", "choose", option=1)
    assert defending(g)["energy"] == ["Water Energy"]
    assert len(players(g)["p1"]["active"]["energy"]) == 2
    g = attack("ex8-104", "Darkness Blast", mon=sharpedo, p2={"active": wailord})
    assert defending(g)["damage"] == 60 + 2 * 10 and len(defending(g)["energy"]) == 2
    assert "pending" not in view(g)


def test_boost_energy_goes_on_evolved_pokemon_pays_3_and_blocks_retreat() -> None:
    nuzleaf = {"card": "ex8-43", "under": ["ex8-71"], "energy": ["Grass Energy"]}
    g = game({"active": nuzleaf, "hand": ["ex8-93"], "bench": ["ex8-71"]}, {"active": WAILORD})
    act(g, "p1", "attach", card="Boost Energy", target="active")
    with pytest.raises(IllegalActionError, match=r"ptcg\.retreat\.blocked"):
        act(g, "p1", "retreat", target="bench1")
    act(g, "p1", "attack", attack="One-Two Strike", coins=[TAILS, TAILS])  # G+C+C paid
    assert defending(g)["damage"] == 30
    assert "Boost Energy" in players(g)["p1"]["discard"]  # gone at the end of the turn
    g = game({"active": "ex8-71", "hand": ["ex8-93"]}, {"active": WAILORD})
    with pytest.raises(IllegalActionError, match=r"ptcg\.energy\.condition"):
        act(g, "p1", "attach", card="Boost Energy", target="active")


def test_scramble_energy_gives_3_of_any_type_only_while_behind_on_prizes() -> None:
    manectric = {"card": "ex8-38", "under": ["ex8-60"], "energy": ["ex8-95"]}
    # Thunder Spear needs a Lightning: Scramble gives it only while p1 is behind on Prizes
    g = game({"active": manectric}, {"active": WAILORD, "prizes": ["Fire Energy"] * 5})
    act(g, "p1", "attack", attack="Thunder Spear", target="active")
    assert defending(g)["damage"] == 40
    g = game({"active": manectric}, {"active": WAILORD})
    with pytest.raises(IllegalActionError, match=r"ptcg\.attack\.energy"):
        act(g, "p1", "attack", attack="Thunder Spear", target="active")
    g = game({"active": "ex8-60", "hand": ["ex8-95"]}, {"active": WAILORD})
    with pytest.raises(IllegalActionError, match=r"ptcg\.energy\.condition"):
        act(g, "p1", "attach", card="Scramble Energy", target="active")


def test_scramble_energy_is_discarded_when_its_pokemon_evolves_into_a_pokemon_ex() -> None:
    golbat = {"card": "ex8-31", "under": ["ex8-83"], "energy": ["ex8-95", "Grass Energy"]}
    g = game({"active": golbat, "hand": ["ex8-96"]}, {"active": WAILORD})
    act(g, "p1", "evolve", card="Crobat ex", target="active")
    assert players(g)["p1"]["active"]["energy"] == ["Grass Energy"]
    assert "Scramble Energy" in players(g)["p1"]["discard"]


def test_fluff_keeps_a_whole_attack_off_a_damaged_swablu_on_heads() -> None:
    swablu = {"card": "ex8-79", "damage": 10}
    g = attack("ex8-62", "Smog", [HEADS], p2={"active": swablu})  # Fluff's coin: heads
    # (Smog does no damage, only the Poison: kept off, so no Poison counter either)
    assert defending(g)["damage"] == 10 and defending(g)["conditions"] == []
    g = attack("ex8-62", "Smog", [TAILS], p2={"active": swablu})  # tails: Poisoned
    assert defending(g)["damage"] == 10 + 10  # the Poison's counter between turns
    assert defending(g)["conditions"] == ["poisoned"]
    # no damage counters yet: no coin, and the whole attack goes through
    g = attack("ex8-62", "Smog", p2={"active": {"card": "ex8-79"}})
    assert defending(g)["damage"] == 10 and defending(g)["conditions"] == ["poisoned"]


def test_altaria_evolves_from_swablu_and_its_double_wing_attack_hits() -> None:
    altaria = {"card": "ex8-1", "under": ["ex8-79"], "energy": ["Lightning Energy"]}
    g = game({"active": altaria}, {"active": WAILORD})
    act(g, "p1", "attack", attack="Double Wing Attack")
    assert defending(g)["damage"] == 20


# ---------------------------------------------------------------------------- Trainer locks
ITEM = "Energy Search"  # needs a basic Energy card in the deck: p2's deck is Fire Energy
SUPPORTER = "Professor Birch"


def _locked(g: Game[PtcgState], card: str) -> bool:
    """Whether p2 is refused ``card`` by a Trainer lock (``ptcg.trainer.locked``), checked
    both by the action and by the legal listing."""
    s = g.state
    ids = {s.cards[c] for c in s.sides[1].hand if s.card(c).name == card}
    listed = any(
        a.kind == "play_trainer" and a.params.get("card") in ids
        for a in RULESET.legal_actions(s, "p2")
    )
    refusal = g.check(Action("play_trainer", "p2", {"card": card}))
    if refusal is None:
        assert listed
        return False
    assert not listed
    assert refusal.rule == "ptcg.trainer.locked", refusal
    return True


def _lock_game(card_id: str, name: str, coins: list[int] | None = None) -> Game[PtcgState]:
    return attack(card_id, name, coins=coins, p2={"hand": [ITEM, SUPPORTER]})


@pytest.mark.parametrize(
    ("card_id", "name", "coins", "item", "supporter"),
    [
        ("ex8-23", "Limitation", None, False, True),
        ("ex8-59", "High Voltage", [HEADS], True, True),
        ("ex8-59", "High Voltage", [TAILS], False, False),
        ("ex7-70", "Headache", [HEADS], True, True),
        ("ex7-70", "Headache", [TAILS], False, False),
        ("ex8-101", "Disconnect", None, True, False),
    ],
)
def test_a_trainer_lock_forbids_its_kinds_in_the_opponents_next_turn_only(
    card_id: str, name: str, coins: list[int] | None, item: bool, supporter: bool
) -> None:
    g = _lock_game(card_id, name, coins)
    assert view(g)["current"] == "p2"
    assert (_locked(g, ITEM), _locked(g, SUPPORTER)) == (item, supporter)
    act(g, "p2", "end_turn")
    act(g, "p1", "end_turn")
    # the opponent's next turn is over: the lock is gone
    assert (_locked(g, ITEM), _locked(g, SUPPORTER)) == (False, False)


def test_a_trainer_lock_names_its_kind_in_the_refusal() -> None:
    g = _lock_game("ex8-101", "Disconnect")
    assert defending(g)["damage"] == 40 * 2  # Wailord is weak to Lightning
    refusal = g.check(Action("play_trainer", "p2", {"card": ITEM}))
    assert refusal is not None and "every Trainer card but Supporters" in refusal.reason
    act(g, "p2", "play_trainer", card=SUPPORTER)  # Supporters are still allowed
    check_invariants(g.state)


def test_a_trainer_lock_is_on_the_player_and_survives_a_switch() -> None:
    g = attack(
        "ex8-23",
        "Limitation",
        p2={"hand": [SUPPORTER, "Switch"], "bench": ["Makuhita"]},
    )
    act(g, "p2", "play_trainer", card="Switch", target="bench1")
    assert _locked(g, SUPPORTER)


def test_a_trainer_lock_is_on_the_opponent_not_on_the_attackers_player() -> None:
    g = attack("ex8-59", "High Voltage", coins=[HEADS], p1={"hand": [SUPPORTER]})
    assert [e[0] for e in g.state.sides[1].later] == ["trainer_lock:all"]
    act(g, "p2", "end_turn")
    assert g.check(Action("play_trainer", "p1", {"card": SUPPORTER})) is None


# ---------------------------------------------------------------------------- Night Vision
def test_night_vision_shows_the_opponents_hand_from_the_active_only() -> None:
    sableye = {"card": "ex8-23"}
    g = game({"active": sableye}, {"active": WAILORD, "hand": [ITEM, SUPPORTER]}, settings=ALLOW)
    events = act(g, "p1", "use_power", pokemon="active", power="Night Vision")
    notes = [e.data for e in events if e.type == "note" and e.data.get("what") == "hand"]
    assert notes == [{"what": "hand", "p": "p2", "cards": [ITEM, SUPPORTER]}]
    g = game(
        {"active": WAILORD, "bench": [sableye]},
        {"active": WAILORD, "hand": [ITEM]},
        settings=ALLOW,
    )
    refusal = g.check(Action("use_power", "p1", {"pokemon": "bench1", "power": "Night Vision"}))
    assert refusal is not None and "Active" in refusal.reason


# ---------------------------------------------------------------------------- Crystal Shard
def test_crystal_shard_makes_its_pokemon_colorless_for_weakness_then_goes() -> None:
    # Electrike is Lightning, Wailord weak to Lightning: 20 doubled without the Shard
    g = attack("ex8-59", "Gnaw")
    assert defending(g)["damage"] == 40
    g = attack("ex8-59", "Gnaw", mon={"tool": "ex8-85"})
    assert defending(g)["damage"] == 20  # Colorless: no Weakness
    p1 = players(g)["p1"]
    assert p1["active"]["tool"] is None and "Crystal Shard" in p1["discard"]


def test_crystal_shard_stays_when_its_pokemon_does_not_attack() -> None:
    electrike = attacker("ex8-59", "Gnaw", tool="ex8-85")
    g = game({"active": electrike}, {"active": WAILORD}, settings=ALLOW)
    act(g, "p1", "end_turn")
    assert players(g)["p1"]["active"]["tool"] == "Crystal Shard"
    assert "Crystal Shard" not in players(g)["p1"]["discard"]


# ---------------------------------------------------------------------------- Rayquaza ex
RAYQUAZA = "ex8-102"


def test_dragon_boost_moves_basic_energy_to_rayquaza_ex_as_it_is_benched() -> None:
    mudkip = {"card": "Mudkip", "energy": ["Water Energy", "Water Energy"]}
    g = game({"active": mudkip, "hand": [RAYQUAZA, RAYQUAZA]}, {"active": WAILORD})
    act(g, "p1", "bench", card=RAYQUAZA)
    asked = pending(g)
    assert asked["options"] == ["Water Energy from Mudkip (active)", "done"]
    act(g, "p1", "choose", option=0)
    act(g, "p1", "choose", option=1)  # done, one left on Mudkip
    p1 = players(g)["p1"]
    assert p1["bench"][0]["energy"] == ["Water Energy"]
    assert p1["active"]["energy"] == ["Water Energy"]
    # one Dragon Boost a turn: the second Rayquaza ex asks nothing
    events = act(g, "p1", "bench", card=RAYQUAZA)
    assert "ask" not in [e.type for e in events]
    check_invariants(g.state)
    # nothing to move: nothing asked; and it is never a use_power action
    g = game({"active": "Mudkip", "hand": [RAYQUAZA]}, {"active": WAILORD})
    events = act(g, "p1", "bench", card=RAYQUAZA)
    assert "ask" not in [e.type for e in events]
    with pytest.raises(IllegalActionError, match=r"ptcg\.power\.requirement"):
        act(g, "p1", "use_power", pokemon="bench1", power="Dragon Boost")


def test_spiral_blast_does_20_per_basic_energy_card_attached() -> None:
    energy = ["Fire Energy", "Lightning Energy", "Lightning Energy"]
    g = game({"active": {"card": RAYQUAZA, "energy": energy}}, {"active": WAILORD})
    act(g, "p1", "attack", attack="Spiral Blast")
    assert defending(g)["damage"] == 60
    energy = ["Fire Energy", "Lightning Energy", "Darkness Energy"]  # a special Energy
    g = game({"active": {"card": RAYQUAZA, "energy": energy}}, {"active": WAILORD})
    act(g, "p1", "attack", attack="Spiral Blast")
    assert defending(g)["damage"] == 40


# ---------------------------------------------------------------------------- Rocket's Raikou ex
RAIKOU = {"card": "ex8-108"}


def test_lightning_burst_lets_the_opponent_pick_a_new_defending_pokemon() -> None:
    p2 = {"active": WAILORD, "bench": ["Makuhita", "Mudkip"]}
    g = game({"active": RAIKOU, "hand": ["Darkness Energy"]}, p2)
    act(g, "p1", "attach", card="Darkness Energy", target="active")
    assert pending(g)["options"] == ["switch it", "no"]
    act(g, "p1", "choose", option=0)
    assert view(g)["pending"]["player"] == "p2"  # the opponent picks
    act(g, "p2", "choose", option=1)
    assert players(g)["p2"]["active"]["card"] == "Mudkip"
    check_invariants(g.state)
    # declined: nothing changes
    g = game({"active": RAIKOU, "hand": ["Darkness Energy"]}, p2)
    act(g, "p1", "attach", card="Darkness Energy", target="active")
    act(g, "p1", "choose", option=1)
    assert players(g)["p2"]["active"]["card"] == "Wailord"


@pytest.mark.parametrize(
    ("raikou", "energy"),
    [
        (RAIKOU, "Lightning Energy"),  # not a Darkness Energy card
        ({**RAIKOU, "conditions": ["confused"]}, "Darkness Energy"),  # a Special Condition
    ],
)
def test_lightning_burst_needs_darkness_energy_and_no_special_condition(
    raikou: dict[str, object], energy: str
) -> None:
    g = game({"active": raikou, "hand": [energy]}, {"active": WAILORD, "bench": ["Mudkip"]})
    events = act(g, "p1", "attach", card=energy, target="active")
    assert "ask" not in [e.type for e in events]


# ---------------------------------------------------------------------------- Space Center
SPACE_CENTER = "ex8-91"


def confuse(defender: str | dict[str, Any], **top: Any) -> list[str]:
    """The Defending Pokémon's Special Conditions after Confuse Ray (ex9-38) hits it."""
    g = game({"active": attacker("ex9-38", "Confuse Ray")}, {"active": defender}, **top)
    act(g, "p1", "attack", attack="Confuse Ray")
    found: list[str] = players(g)["p2"]["active"]["conditions"]
    return found


def test_space_center_turns_off_the_bodies_of_basic_pokemon() -> None:
    roselia = "ex3-9"  # a Basic Pokémon: Thick Skin keeps Special Conditions off it
    assert confuse(roselia, stadium=SPACE_CENTER) == ["confused"]
    assert confuse(roselia) == []
    # another Stadium in its place: the Body is back
    assert confuse(roselia, stadium="ex9-75") == []


def test_space_center_spares_evolved_ex_and_owned_pokemon() -> None:
    persian = {"card": "ex6-44", "under": ["Meowth"]}  # Evolved: the same Thick Skin stays
    assert confuse(persian, stadium=SPACE_CENTER) == []
    # Team Aqua's Carvanha (an owner in its name): Dark Lift, Retreat Cost 0 with a Darkness
    # Energy attached, still applies; a Basic Pokémon-ex's Body too (Registeel ex's
    # Exoskeleton: 10 less damage)
    carvanha = {"card": "ex4-25", "energy": ["ex1-93"]}
    retreat = Action("retreat", "p1", {"target": "bench1"})
    g = game({"active": carvanha, "bench": ["ex3-9"]}, {"active": WAILORD}, stadium=SPACE_CENTER)
    act(g, "p1", "retreat", target="bench1")
    assert players(g)["p1"]["bench"][0]["energy"]  # it kept its Energy: nothing was paid
    g = game({"active": "ex4-25", "bench": ["ex3-9"]}, {"active": WAILORD}, stadium=SPACE_CENTER)
    assert g.check(retreat) is not None  # no Darkness Energy: it pays its printed cost
    registeel = "ex5-99"
    g = game({"active": attacker("ex9-38", "Confuse Ray")}, {"active": registeel})
    act(g, "p1", "attack", attack="Confuse Ray")
    without = players(g)["p2"]["active"]["damage"]
    g = game(
        {"active": attacker("ex9-38", "Confuse Ray")}, {"active": registeel}, stadium=SPACE_CENTER
    )
    act(g, "p1", "attack", attack="Confuse Ray")
    assert players(g)["p2"]["active"]["damage"] == without


def test_space_center_leaves_poke_powers_alone() -> None:
    # Lunatone is a Basic Pokémon: its Poké-Power Lunar Eclipse (with Solrock in play) stays
    eclipse = Action("use_power", "p1", {"power": "Lunar Eclipse", "pokemon": "active"})
    g = game({"active": "ex2-8", "bench": ["ex2-13"]}, {"active": WAILORD}, stadium=SPACE_CENTER)
    assert g.check(eclipse) is None
    g = game({"active": "ex2-8"}, {"active": WAILORD}, stadium=SPACE_CENTER)
    assert "ptcg.power.requirement" in str(g.check(eclipse))  # no Solrock: refused as usual


# ---------------------------------------------------------------------------- Strength Charm
def test_strength_charm_adds_its_10_before_weakness_unlike_the_ex4_print() -> None:
    # Electrike's Gnaw does 20, doubled by Wailord's Lightning Weakness; ex8-92 adds its 10
    # before the doubling (as ex15-81 does), ex4-74 after it
    g = attack("ex8-59", "Gnaw", mon={"tool": "ex8-92"})
    assert defending(g)["damage"] == (20 + 10) * 2
    p1 = players(g)["p1"]
    assert p1["active"]["tool"] is None and "Strength Charm" in p1["discard"]
    g = attack("ex8-59", "Gnaw", mon={"tool": "ex4-74"})
    assert defending(g)["damage"] == 20 * 2 + 10


def test_strength_charm_stays_when_its_pokemon_does_not_attack() -> None:
    electrike = attacker("ex8-59", "Gnaw", tool="ex8-92")
    g = game({"active": electrike}, {"active": WAILORD}, settings=ALLOW)
    act(g, "p1", "end_turn")
    assert players(g)["p1"]["active"]["tool"] == "Strength Charm"
    assert "Strength Charm" not in players(g)["p1"]["discard"]


# ---------------------------------------------------------------------------- Balloon Berry
def test_balloon_berry_ex8_makes_the_retreat_cost_0_unlike_the_ex3_print() -> None:
    # Breaking Impact: 20 per Retreat Cost symbol of the target (Wailord's is 4)
    for berry, damage in (("ex8-84", 0), ("ex3-82", 80), (None, 80)):
        wailord = {**WAILORD, "tool": berry} if berry else WAILORD
        g = attack("ex7-30", "Breaking Impact", defender=wailord)
        assert defending(g)["damage"] == damage, berry
