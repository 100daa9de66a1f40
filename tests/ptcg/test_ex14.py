"""EX Crystal Guardians (ex14), cards 1-30: the cards of effect_data_ex14.py and the vocabulary
of vocab_ex14.py, each shown both ways where it can go two ways."""

from __future__ import annotations

import pytest

from tests.ptcg.board import HEADS, TAILS, act, check_invariants, game
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
from turnkeeper.rulesets.ptcg.board import energy_units, retreat_cost, types_of

CHANSEY_EX = {"card": "ex1-96"}  # a Basic Pokémon-ex, 120 HP, Weakness Fighting
SKARMORY = {"card": "ex8-26"}  # 70 HP, resists Fighting (-30)
BARBOACH = {"card": "ex13-60"}  # a Basic, 50 HP, Weakness Grass
HOLON_LAKE = {"card": "ex13-87", "owner": "p2"}

# (card, attack, coins, damage to the defender, its Special Conditions, the defender); a
# Sleep or Burn coin between turns comes last
PLAIN = [
    ("ex14-26", "Supersonic", None, 40, ["confused"], WAILORD),  # Lightning: Weakness
    ("ex14-30", "Thunder Jolt", [HEADS], 50, [], CHANSEY_EX),
    ("ex14-25", "Psyshock", [HEADS], 20, ["paralyzed"], WAILORD),
    ("ex14-25", "Psyshock", [TAILS], 20, [], WAILORD),
    ("ex14-25", "Sky Uppercut", None, 50, [], SKARMORY),  # no Resistance
    ("ex14-27", "Rock Hurl", None, 60, [], SKARMORY),  # no Resistance
    ("ex14-1", "Night Murmurs", None, 30, ["confused"], CHANSEY_EX),  # a Basic
    ("ex14-1", "Night Murmurs", None, 30, [], WAILORD),  # evolved
    ("ex14-9", "Bite Off", None, 50, [], CHANSEY_EX),
    ("ex14-9", "Bite Off", None, 20, [], WAILORD),
    ("ex14-13", "Pester", None, 30, [], WAILORD),
    ("ex14-22", "Body Slam", [HEADS], 30, ["paralyzed"], WAILORD),
    ("ex14-22", "Body Slam", [TAILS], 30, [], WAILORD),
    ("ex14-22", "Prop-up Pinchers", None, 40, [], WAILORD),  # no Tool
    ("ex14-19", "Agility", [TAILS], 30, [], WAILORD),
    ("ex14-16", "High Jump Kick", None, 30, [], WAILORD),  # not boosted
    ("ex14-29", "Rage", None, 10, [], WAILORD),
    ("ex14-6", "Fire Punch", None, 60, [], WAILORD),  # no Pokémon-ex: no Overzealous
]


@pytest.mark.parametrize(("card", "name", "coins", "damage", "conditions", "target"), PLAIN)
def test_attack_damage_and_conditions(
    card: str,
    name: str,
    coins: list[int] | None,
    damage: int,
    conditions: list[str],
    target: dict[str, object],
) -> None:
    g = attack(card, name, coins, defender=target)
    assert defending(g)["damage"] == damage
    assert sorted(defending(g)["conditions"]) == conditions


def test_thunder_jolt_hurts_charmeleon_on_tails() -> None:
    g = attack("ex14-30", "Thunder Jolt", [TAILS], defender=CHANSEY_EX)
    assert defending(g)["damage"] == 50 and players(g)["p1"]["active"]["damage"] == 10
    g = attack("ex14-30", "Thunder Jolt", [HEADS], defender=CHANSEY_EX)
    assert players(g)["p1"]["active"]["damage"] == 0


def test_green_blast_counts_grass_energy_on_all_own_pokemon_and_toxic_sleep() -> None:
    bench = [{"card": "ex13-60", "energy": ["Grass Energy", "Water Energy"]}]
    g = attack("ex14-28", "Green Blast", p1={"bench": bench}, defender=CHANSEY_EX)
    assert defending(g)["damage"] == 20 + 10  # the Water paying its cost counts nothing
    venusaur = {"energy": ["Grass Energy"] * 3}
    g = attack("ex14-28", "Green Blast", p1={"bench": bench}, mon=venusaur, defender=CHANSEY_EX)
    assert defending(g)["damage"] == 20 + 40
    g = attack("ex14-28", "Toxic Sleep", [TAILS], defender=CHANSEY_EX)  # still Asleep
    assert sorted(defending(g)["conditions"]) == ["asleep", "poisoned"]
    assert defending(g)["damage"] == 20  # 2 Poison counters between turns


def test_loudreds_surprise_shuffles_a_card_back_and_bass_control_aims() -> None:
    g = attack("ex14-23", "Surprise", p2={"hand": ["Potion"], "deck": []})
    assert defending(g)["damage"] == 20 and players(g)["p2"]["hand_count"] == 1  # drawn again
    bench = [BARBOACH]
    g = attack("ex14-23", "Bass Control", p2={"bench": bench}, target="bench1")
    assert players(g)["p2"]["bench"][0]["damage"] == 40 and defending(g)["damage"] == 0


def test_hydro_pump_adds_20_per_water_energy_beyond_its_cost_up_to_40() -> None:
    for extra, damage in ((0, 50), (1, 70), (3, 90)):
        mon = {"energy": ["Water Energy"] * (3 + extra)}
        g = attack("ex14-14", "Hydro Pump", mon=mon, defender=CHANSEY_EX)
        assert defending(g)["damage"] == damage, extra


def test_water_pressure_adds_40_with_40_hp_or_less_left() -> None:
    for hurt, damage in ((80, 90), (70, 50)):  # 120 HP: 40 left, 50 left
        g = attack("ex14-14", "Hydro Pump", mon={"damage": hurt}, defender=CHANSEY_EX)
        assert defending(g)["damage"] == damage, hurt


def test_fearow_delta_sign_takes_a_delta_pokemon_once_a_turn() -> None:
    fearow = {"card": "ex14-18", "under": ["Spearow"]}
    deck = ["ex13-65", "ex11-78", "Potion"]
    g = game({"active": fearow, "bench": [fearow], "deck": deck}, {"active": WAILORD})
    act(g, "p1", "use_power", power="Delta Sign", pokemon="active")
    assert pending(g)["options"] == ["Exeggcute", "nothing"]  # not Ponyta
    act(g, "p1", "choose", option=0)
    assert "Exeggcute δ" in players(g)["p1"]["hand"]
    with pytest.raises(IllegalActionError, match=r"one a turn per player"):
        act(g, "p1", "use_power", power="Delta Sign", pokemon="bench1")
    check_invariants(g.state)


def test_pelipper_delta_transport_switches_a_delta_active_from_the_bench() -> None:
    pelipper = {"card": "ex14-26", "under": ["Wingull"]}
    g = game({"active": {"card": "ex13-65"}, "bench": [pelipper]}, {"active": WAILORD})
    act(g, "p1", "use_power", power="Delta Transport", pokemon="bench1")
    act(g, "p1", "choose", option=0)
    assert players(g)["p1"]["active"]["card"] == "Pelipper δ"
    g = game({"active": {"card": "ex11-78"}, "bench": [pelipper]}, {"active": WAILORD})
    with pytest.raises(IllegalActionError, match=r"no δ on its card"):
        act(g, "p1", "use_power", power="Delta Transport", pokemon="bench1")
    g = game({"active": pelipper, "bench": [{"card": "ex13-65"}]}, {"active": WAILORD})
    with pytest.raises(IllegalActionError, match=r"only while it is on the Bench"):
        act(g, "p1", "use_power", power="Delta Transport", pokemon="active")


def test_swampert_echo_draw_draws_a_card_unless_the_deck_is_empty() -> None:
    swampert = {"card": "ex14-27", "under": ["Mudkip", "Marshtomp"]}
    g = game({"active": swampert, "deck": ["Potion"]}, {"active": WAILORD})
    act(g, "p1", "use_power", power="Echo Draw", pokemon="active")
    assert players(g)["p1"]["hand"] == ["Potion"]
    g = game({"active": swampert, "deck": []}, {"active": WAILORD})
    with pytest.raises(IllegalActionError, match=r"the deck is empty"):
        act(g, "p1", "use_power", power="Echo Draw", pokemon="active")


def test_dugtrio_digs_under_any_pokemon_and_its_double_edge_hurts_itself() -> None:
    p2 = {"bench": [BARBOACH]}
    g = attack("ex14-5", "Dig Under", p2=p2, target="bench1")
    assert players(g)["p2"]["bench"][0]["damage"] == 30
    g = attack("ex14-5", "Dig Under", target="active", defender=SKARMORY)  # no Resistance
    assert defending(g)["damage"] == 30
    g = attack("ex14-5", "Double-edge")
    assert defending(g)["damage"] == 60 and players(g)["p1"]["active"]["damage"] == 10


def test_sand_veil_keeps_attack_damage_off_the_bench_from_anywhere_in_play() -> None:
    dugtrio = {"card": "ex14-5", "under": ["Diglett"]}
    for bench, damage in (([dugtrio, BARBOACH], 0), ([BARBOACH], 30)):
        g = attack("ex14-24", "Mud Splash", p2={"bench": bench}, target=f"bench{len(bench)}")
        assert players(g)["p2"]["bench"][-1]["damage"] == damage, len(bench)
        assert defending(g)["damage"] == 30  # the Active is not shielded


def test_dual_armor_makes_medicham_psychic_too_with_psychic_energy() -> None:
    for energy, types in ((["Psychic Energy"], ("Psychic", "Fighting")), ([], ("Fighting",))):
        medicham = {"card": "ex14-25", "under": ["Meditite"], "energy": energy}
        g = game({"active": medicham}, {"active": WAILORD})
        mon = g.state.sides[0].active
        assert mon is not None
        assert tuple(types_of(g.state, mon)) == types, energy


def test_safeguard_stops_pokemon_ex_only() -> None:
    banette = {"card": "ex14-1", "under": ["Shuppet"]}
    g = attack("ex1-96", "Double-edge", defender=banette)
    assert defending(g)["damage"] == 0
    g = attack("ex14-23", "Surprise", defender=banette)
    assert defending(g)["damage"] == 20


def test_shield_veil_takes_the_actives_weakness_away() -> None:
    blastoise = {"card": "ex14-2", "under": ["Squirtle", "Wartortle"]}
    wailord = {**WAILORD}
    g = attack("ex14-26", "Supersonic", p2={"bench": [blastoise]}, defender=wailord)
    assert defending(g)["damage"] == 20  # no Weakness while Blastoise δ is in play
    g = attack("ex14-26", "Supersonic", defender=wailord)
    assert defending(g)["damage"] == 40


def test_enraged_linear_attack_does_10_per_counter_on_blastoise() -> None:
    g = attack("ex14-2", "Enraged Linear Attack", mon={"damage": 30}, target="active")
    assert defending(g)["damage"] == 30
    g = attack("ex14-2", "Enraged Linear Attack", target="active")
    assert defending(g)["damage"] == 0


def test_delta_protection_takes_40_off_delta_attackers_only() -> None:
    camerupt = {"card": "ex14-3", "under": ["Numel"]}
    g = attack("ex14-26", "Wing Attack", defender=camerupt)  # Pelipper δ: 40 - 40
    assert defending(g)["damage"] == 0
    g = attack("ex14-23", "Bass Control", defender=camerupt, target="active")  # plain: 40
    assert defending(g)["damage"] == 40


def test_camerupts_linear_attack_aims() -> None:
    g = attack("ex14-3", "Linear Attack", p2={"bench": [BARBOACH]}, target="bench1")
    assert players(g)["p2"]["bench"][0]["damage"] == 30


def test_overzealous_adds_30_against_a_player_with_a_pokemon_ex() -> None:
    g = attack("ex14-6", "Fire Punch", defender=WAILORD, p2={"bench": [CHANSEY_EX]})
    assert defending(g)["damage"] == 90
    g = attack("ex14-6", "Knock Off", p2={"hand": ["Potion"]}, defender=CHANSEY_EX)
    assert defending(g)["damage"] == 60 and players(g)["p2"]["discard"] == ["Potion"]


def test_even_game_benches_as_many_basics_as_the_opponent_has_pokemon() -> None:
    deck = ["ex13-60", "ex13-60", "ex13-60", "Potion"]
    g = attack("ex14-7", "Even Game", p1={"deck": deck}, p2={"bench": [BARBOACH]})
    for _ in range(2):
        act(g, "p1", "choose", option=0)
    assert len(players(g)["p1"]["bench"]) == 2  # 2 of the opponent's Pokémon: 2 at most
    assert g.state.pending is None


def test_stadium_play_heals_under_its_own_stadium_and_hits_under_the_opponents() -> None:
    luvdisc = attacker("ex14-7", "Stadium Play", damage=20)
    bench = [{**BARBOACH, "damage": 10}]
    for owner, healed, hit in (("p1", True, 0), ("p2", False, 10)):
        stadium = {"card": "ex13-87", "owner": owner}
        g = game({"active": luvdisc}, {"active": WAILORD, "bench": bench}, stadium=stadium)
        act(g, "p1", "attack", attack="Stadium Play")
        assert players(g)["p1"]["active"]["damage"] == (10 if healed else 20), owner
        assert players(g)["p2"]["bench"][0]["damage"] == 10 + hit, owner
        assert defending(g)["damage"] == 10


def test_manectric_kicks_away_and_its_strong_current_needs_a_tool() -> None:
    g = attack("ex14-8", "Kick Away", p2={"bench": [BARBOACH]})
    act(g, "p2", "choose", option=0)
    assert players(g)["p2"]["active"]["card"] == "Barboach"
    p2 = {"bench": [CHANSEY_EX, BARBOACH]}
    for tool, hit in (("Oran Berry", 20), (None, 0)):
        mon = {"tool": tool} if tool else {}
        g = attack("ex14-8", "Strong Current", p2=p2, mon=mon)
        bench = players(g)["p2"]["bench"]
        assert (bench[0]["damage"], bench[1]["damage"]) == (hit, 0), tool


def test_prop_up_pinchers_adds_40_with_a_tool() -> None:
    g = attack("ex14-22", "Prop-up Pinchers", mon={"tool": "Oran Berry"})
    assert defending(g)["damage"] == 80


def test_mining_takes_a_trainer_or_attaches_a_tool() -> None:
    deck = ["Oran Berry", "Potion", "Fire Energy"]
    g = attack("ex14-9", "Mining", p1={"deck": deck})
    assert pending(g)["options"] == [
        "Oran Berry into the hand",
        "Oran Berry to Mawile (active)",
        "Potion into the hand",
        "nothing",
    ]
    act(g, "p1", "choose", option=1)
    assert players(g)["p1"]["active"]["tool"] == "Oran Berry"
    g = attack("ex14-9", "Mining", p1={"deck": deck})
    act(g, "p1", "choose", option=2)
    assert players(g)["p1"]["hand"] == ["Potion"]
    check_invariants(g.state)


def test_sableye_disables_an_attack_and_excavates_the_top_card() -> None:
    g = attack("ex14-10", "Disable", defender=CHANSEY_EX)
    assert defending(g)["damage"] == 10
    sableye = {"card": "ex14-10"}
    g = game({"active": sableye, "deck": ["Potion", "Switch"]}, {"active": WAILORD})
    act(g, "p1", "use_power", power="Excavate", pokemon="active")
    assert pending(g)["options"] == ["keep Potion on top", "discard Potion"]
    act(g, "p1", "choose", option=1)
    assert players(g)["p1"]["discard"] == ["Potion"]
    g = game({"active": sableye, "deck": ["Potion", "Switch"]}, {"active": WAILORD})
    act(g, "p1", "use_power", power="Excavate", pokemon="active")
    act(g, "p1", "choose", option=0)
    assert players(g)["p1"]["discard"] == [] and players(g)["p1"]["deck_count"] == 2


def test_pick_and_choose_and_reactive_poison() -> None:
    g = attack("ex14-11", "Pick and Choose", defender=CHANSEY_EX)
    assert pending(g)["options"] == [
        "burned and asleep",
        "burned and confused",
        "poisoned and asleep",
        "poisoned and confused",
    ]
    act(g, "p1", "choose", option=3)
    assert sorted(defending(g)["conditions"]) == ["confused", "poisoned"]
    for conditions, damage in ((["poisoned", "confused"], 90), ([], 50)):
        target = {**CHANSEY_EX, "conditions": conditions}
        g = attack("ex14-11", "Reactive Poison", defender=target)
        # the Poison counter comes between turns
        assert defending(g)["damage"] == damage + (10 if conditions else 0), conditions


def test_tauros_calls_for_family_and_crushes_the_stadium_as_it_is_benched() -> None:
    g = attack("ex14-12", "Call for Family", p1={"deck": ["ex13-60", "ex13-60", "Potion"]})
    act(g, "p1", "choose", option=0)
    act(g, "p1", "choose", option=0)
    assert len(players(g)["p1"]["bench"]) == 2
    g = game({"active": WAILORD, "hand": ["ex14-12"]}, {"active": WAILORD}, stadium=HOLON_LAKE)
    act(g, "p1", "bench", card="ex14-12")
    assert pending(g)["options"] == ["discard Holon Lake", "keep it"]
    act(g, "p1", "choose", option=0)
    assert g.state.stadium < 0
    g = game({"active": WAILORD, "hand": ["ex14-12"]}, {"active": WAILORD})
    act(g, "p1", "bench", card="ex14-12")  # no Stadium: nothing asked
    assert g.state.pending is None


def test_wigglytuff_collects_pesters_and_its_fluffy_fur_puts_the_attacker_to_sleep() -> None:
    g = attack("ex14-13", "Collect", p1={"deck": ["Potion"] * 4})
    assert len(players(g)["p1"]["hand"]) == 3
    g = attack("ex14-13", "Pester", defender={**CHANSEY_EX, "conditions": ["confused"]})
    assert defending(g)["damage"] == 50
    wigglytuff = {"card": "ex14-13", "under": ["Jigglypuff"]}
    g = attack("ex14-23", "Surprise", defender=wigglytuff)
    assert players(g)["p1"]["active"]["conditions"] == ["asleep"]
    g = attack("ex14-23", "Surprise", p2={"bench": [wigglytuff]})  # on the Bench: nothing
    assert players(g)["p1"]["active"]["conditions"] == []


def test_cacturne_triple_needle_and_spike_storm() -> None:
    g = attack("ex14-15", "Triple Needle", p2={"bench": [BARBOACH, BARBOACH]})
    for _ in range(3):
        act(g, "p1", "choose", option=0)
    p2 = players(g)["p2"]
    assert defending(g)["damage"] == 10 and [m["damage"] for m in p2["bench"]] == [10, 10]
    cacturne = {"card": "ex14-15", "under": ["Cacnea"]}
    p2 = {"active": {**WAILORD, "damage": 10}, "bench": [BARBOACH]}
    g = game({"active": cacturne}, p2)
    act(g, "p1", "use_power", power="Spike Storm", pokemon="active")
    assert len(pending(g)["options"]) == 1  # only the damaged Wailord
    act(g, "p1", "choose", option=0)
    assert defending(g)["damage"] == 20
    g = game({"active": cacturne}, {"active": WAILORD})
    with pytest.raises(IllegalActionError, match=r"no Pokémon of the opponent has damage"):
        act(g, "p1", "use_power", power="Spike Storm", pokemon="active")


def test_focus_energy_makes_high_jump_kick_70_next_turn() -> None:
    combusken = attacker("ex14-16", "High Jump Kick")
    g = game({"active": combusken}, {"active": WAILORD}, settings=ALLOW)
    act(g, "p1", "attack", attack="Focus Energy")
    act(g, "p2", "end_turn")
    act(g, "p1", "attack", attack="High Jump Kick")
    assert defending(g)["damage"] == 70


def test_psychic_shield_and_cursed_glare() -> None:
    dusclops = attacker("ex14-17", "Psychic Shield")
    chansey = {**CHANSEY_EX, "energy": ["Water Energy"] * 3}
    for shield, safe in (("Psychic Shield", True), ("Will-o'-the-wisp", False)):
        g = game({"active": dusclops}, {"active": chansey}, settings=ALLOW)
        act(g, "p1", "attack", attack=shield)
        act(g, "p2", "attack", attack="Double-edge")
        # 80 Knocks out the 70-HP Dusclops unless the shield holds
        assert ("Dusclops" in players(g)["p1"]["discard"]) != safe, shield
    glare = {"card": "ex14-17", "under": ["Duskull"]}
    p2 = {"active": WAILORD, "hand": ["ex13-98", "Metal Energy", "Water Energy"]}
    g = game({"active": glare}, p2)
    act(g, "p1", "end_turn")
    with pytest.raises(IllegalActionError, match=r"Cursed Glare"):
        act(g, "p2", "attach", card="ex13-98", target="active")
    act(g, "p2", "attach", card="Metal Energy", target="active")


def test_grovyle_agility_guards_on_heads() -> None:
    grovyle = attacker("ex14-19", "Agility")
    g = game({"active": grovyle}, {"active": CHANSEY_EX}, settings=ALLOW)
    act(g, "p1", "attack", attack="Agility", coins=[HEADS])
    assert defending(g)["damage"] == 30


def test_grumpig_circular_steps_and_thick_fat() -> None:
    p1 = {"bench": [BARBOACH]}
    g = attack("ex14-20", "Circular Steps", p1=p1, p2={"bench": [BARBOACH]}, defender=CHANSEY_EX)
    assert defending(g)["damage"] == 30  # 3 other Pokémon in play
    grumpig = {"card": "ex14-20", "under": ["Spoink"]}
    g = attack("ex14-26", "Wing Attack", defender=grumpig)  # Lightning: no reduction
    assert defending(g)["damage"] == 40
    g = attack("ex14-29", "Rage", defender=grumpig, mon={"damage": 30})  # Fire: 40 - 30
    assert defending(g)["damage"] == 10


def test_hover_lift_lowers_the_jigglypuff_lines_retreat_cost() -> None:
    igglybuff = {"card": "ex14-21"}
    wigglytuff = {"card": "ex14-13", "under": ["Jigglypuff"]}
    g = game({"active": wigglytuff, "bench": [igglybuff]}, {"active": WAILORD})
    p1 = g.state.sides[0]
    assert p1.active is not None
    assert retreat_cost(g.state, p1.active) == 1  # 2 - 1
    assert retreat_cost(g.state, p1.bench[0]) == 0  # Igglybuff's own: 1 - 1
    g = game({"active": {"card": "ex11-78"}, "bench": [igglybuff]}, {"active": WAILORD})
    mon = g.state.sides[0].active
    assert mon is not None and retreat_cost(g.state, mon) == 1  # Ponyta: no help


def test_igglybuff_baby_evolves_into_jigglypuff() -> None:
    g = game({"active": {"card": "ex14-21", "damage": 10}, "hand": ["ex14-53"]},
             {"active": WAILORD}, settings=ALLOW)
    act(g, "p1", "use_power", power="Baby Evolution", pokemon="active")
    assert players(g)["p1"]["active"]["card"] == "Jigglypuff"
    assert players(g)["p1"]["active"]["damage"] == 0


def test_marshtomp_mud_splash_hits_the_active_and_a_benched_pokemon() -> None:
    g = attack("ex14-24", "Mud Splash", p2={"bench": [BARBOACH]}, target="bench1")
    assert defending(g)["damage"] == 30 and players(g)["p2"]["bench"][0]["damage"] == 30


def test_charmeleon_rage_and_flamethrower() -> None:
    g = attack("ex14-29", "Rage", mon={"damage": 20}, defender=CHANSEY_EX)
    assert defending(g)["damage"] == 30
    g = attack("ex14-29", "Flamethrower", defender=CHANSEY_EX)
    assert defending(g)["damage"] == 60
    assert players(g)["p1"]["active"]["energy"].count("Fire Energy") == 1


def test_chlorophyll_turns_colorless_only_energy_on_grass_pokemon_into_grass() -> None:
    venusaur = {"card": "ex14-28", "under": ["Bulbasaur", "Ivysaur"]}
    holon_ff = "ex11-104"  # a special Energy giving 1 Colorless
    bulbasaur = {"card": "ex14-45", "energy": [holon_ff, "ex13-98"]}  # δ Rainbow: Colorless
    barboach = {**BARBOACH, "energy": [holon_ff]}
    g = game({"active": venusaur, "bench": [bulbasaur, barboach]}, {"active": WAILORD},
             settings=ALLOW)
    bench = g.state.sides[0].bench
    assert energy_units(g.state, bench[0]) == [("Grass",), ("Grass",)]
    assert energy_units(g.state, bench[1]) == [("Colorless",)]  # Barboach is Water
    # Green Blast counts them: 20 + 10 x 2 Grass on Bulbasaur
    mon = {**venusaur, "energy": ["Water Energy"] * 2}
    g = game({"active": mon, "bench": [bulbasaur, barboach]}, {"active": CHANSEY_EX},
             settings=ALLOW)
    act(g, "p1", "attack", attack="Green Blast")
    assert defending(g)["damage"] == 40
    # without Venusaur in play they give Colorless
    g = game({"active": {"card": "ex14-45"}, "bench": [bulbasaur]}, {"active": WAILORD},
             settings=ALLOW)
    assert energy_units(g.state, g.state.sides[0].bench[0]) == [("Colorless",), ("Colorless",)]


def test_peal_of_thunder_attaches_energy_from_the_top_5_and_discards_the_rest() -> None:
    charmeleon = {"card": "ex14-30", "under": ["Charmander"]}
    deck = ["Lightning Energy", "Potion", "Metal Energy", "Lightning Energy", "Switch", "Water"
            " Energy"]
    p1 = {"active": charmeleon, "bench": [BARBOACH], "hand": ["ex14-4", "ex14-4"], "deck": deck}
    g = game(p1, {"active": WAILORD}, settings=ALLOW)
    act(g, "p1", "evolve", card="ex14-4", target="active")
    assert pending(g)["options"] == ["yes", "no"]
    act(g, "p1", "choose", option=0)
    assert pending(g)["options"] == ["Charizard (active)", "Barboach (bench1)"]
    act(g, "p1", "choose", option=1)  # onto Barboach
    assert pending(g)["options"] == ["Lightning Energy", "Metal Energy", "done"]
    act(g, "p1", "choose", option=0)  # a Lightning Energy
    assert pending(g)["options"] == ["Metal Energy", "Lightning Energy", "done"]
    act(g, "p1", "choose", option=0)  # Metal
    act(g, "p1", "choose", option=1)  # done: the second Lightning is discarded too
    p1_view = players(g)["p1"]
    assert sorted(p1_view["bench"][0]["energy"]) == ["Lightning Energy", "Metal Energy"]
    assert sorted(p1_view["discard"]) == ["Lightning Energy", "Potion", "Switch"]
    assert p1_view["deck_count"] == 1
    check_invariants(g.state)
    # one a turn: a second Charizard δ evolving this turn asks nothing
    g = game({**p1, "bench": [charmeleon]}, {"active": WAILORD}, settings=ALLOW)
    act(g, "p1", "evolve", card="ex14-4", target="active")
    act(g, "p1", "choose", option=1)  # not used
    act(g, "p1", "evolve", card="ex14-4", target="bench1")
    assert pending(g)["options"] == ["yes", "no"]  # the first was declined: still usable
    act(g, "p1", "choose", option=0)
    act(g, "p1", "choose", option=0)
    act(g, "p1", "choose", option=2)  # done at once: the 5 cards discarded
    assert len(players(g)["p1"]["discard"]) == 5
    g2 = game({**p1, "bench": [charmeleon]}, {"active": WAILORD}, settings=ALLOW)
    act(g2, "p1", "evolve", card="ex14-4", target="active")
    act(g2, "p1", "choose", option=0)
    act(g2, "p1", "choose", option=0)
    act(g2, "p1", "choose", option=2)
    act(g2, "p1", "evolve", card="ex14-4", target="bench1")
    assert g2.state.pending is None  # used this turn already


def test_metal_burn_discards_every_metal_energy() -> None:
    charizard = {"energy": ["Lightning Energy", "Metal Energy", "Metal Energy", "Fire Energy"]}
    g = attack("ex14-4", "Metal Burn", mon=charizard, defender=CHANSEY_EX)
    assert "Chansey ex" in players(g)["p2"]["discard"]  # 120: Knocked Out
    assert sorted(players(g)["p1"]["active"]["energy"]) == ["Fire Energy", "Lightning Energy"]
