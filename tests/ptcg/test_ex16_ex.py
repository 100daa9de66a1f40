"""EX Power Keepers (ex16): the Pokémon-ex (92-99) and Pokémon ★ (100-102) of
effect_data_ex16_ex.py, each shown both ways where it can go two ways."""

from __future__ import annotations

import pytest

from tests.ptcg.board import HEADS, TAILS, act, check_invariants, game, view
from tests.ptcg.set_cards import ALLOW, WAILORD, attack, attacker, defending, pending, players
from turnkeeper.core.model import IllegalActionError

BARBOACH = {"card": "ex13-60"}  # 40 HP
CHANSEY_EX = {"card": "ex1-96"}  # Colorless, Weakness Fighting
ABSOL_EX, FLAREON, JOLTEON, VAPOREON = "ex16-92", "ex16-100", "ex16-101", "ex16-102"


def test_psychic_pulse_hits_the_damaged_benched_pokemon() -> None:
    bench = [{**BARBOACH, "damage": 10}, BARBOACH]
    g = attack(ABSOL_EX, "Psychic Pulse", p2={"bench": bench})
    # Darkness Energy (ex1-93) on a Darkness attacker: 10 more to the Defending Pokémon
    assert defending(g)["damage"] == 40
    assert [m["damage"] for m in players(g)["p2"]["bench"]] == [20, 0]


def test_cursed_eyes_moves_3_counters_among_the_opponents_pokemon_as_absol_ex_is_benched() -> None:
    p2 = {"active": {**WAILORD, "damage": 40}, "bench": [BARBOACH]}
    g = game({"active": "ex13-60", "hand": [ABSOL_EX]}, p2, settings=ALLOW)
    act(g, "p1", "bench", card=ABSOL_EX)
    assert pending(g)["options"] == ["Wailord (active)", "none"]
    act(g, "p1", "choose", option=0)
    assert pending(g)["options"] == ["Barboach (bench1)"]
    act(g, "p1", "choose", option=0)
    assert defending(g)["damage"] == 10 and players(g)["p2"]["bench"][0]["damage"] == 30
    check_invariants(g.state)
    g = game({"active": "ex13-60", "hand": [ABSOL_EX]}, p2, settings=ALLOW)
    act(g, "p1", "bench", card=ABSOL_EX)
    act(g, "p1", "choose", option=1)  # none
    assert defending(g)["damage"] == 40 and "pending" not in view(g)
    # nothing to move: nothing asked; never a use_power action
    g = game({"active": "ex13-60", "hand": [ABSOL_EX]}, {"active": WAILORD}, settings=ALLOW)
    events = act(g, "p1", "bench", card=ABSOL_EX)
    assert "ask" not in [e.type for e in events]
    with pytest.raises(IllegalActionError, match=r"ptcg\.power\.requirement"):
        act(g, "p1", "use_power", pokemon="bench1", power="Cursed Eyes")


def test_psychic_boom_and_type_shift() -> None:
    wailord = {**WAILORD, "energy": ["Water Energy"] * 2}
    assert defending(attack("ex16-93", "Psychic Boom", defender=wailord))["damage"] == 40
    claydol = attacker("ex16-93", "Psychic Boom")
    g = game({"active": claydol}, {"active": CHANSEY_EX}, settings=ALLOW)
    act(g, "p1", "use_power", pokemon="active", power="Type Shift")
    act(g, "p1", "attack", attack="Psychic Boom")
    assert defending(g)["damage"] == 40  # a Fighting Pokémon now: Weakness x2
    g = game({"active": claydol}, {"active": CHANSEY_EX}, settings=ALLOW)
    act(g, "p1", "attack", attack="Psychic Boom")
    assert defending(g)["damage"] == 20


def test_shadow_crush_discards_a_defending_energy_only_after_its_own_psychic() -> None:
    wailord = {**WAILORD, "energy": ["Water Energy", "Fire Energy"]}
    claydol = attacker("ex16-93", "Shadow Crush")  # Psychic, Psychic, Water
    g = attack("ex16-93", "Shadow Crush", defender=wailord, card="ex1-107")  # Psychic Energy
    assert pending(g)["options"] == ["Water Energy", "Fire Energy"]
    act(g, "p1", "choose", option=1)
    assert defending(g)["energy"] == ["Water Energy"] and defending(g)["damage"] == 60
    assert sorted(players(g)["p1"]["active"]["energy"]) == ["Psychic Energy", "Water Energy"]
    g = attack("ex16-93", "Shadow Crush", defender=wailord)
    assert len(defending(g)["energy"]) == 2 and "pending" not in view(g)
    assert players(g)["p1"]["active"]["energy"] == claydol["energy"]


def test_magnetic_redraw_gives_each_player_4_new_cards_while_active() -> None:
    metagross = {"card": "ex16-95", "under": ["Beldum", "Metang"]}
    p1 = {"active": metagross, "hand": ["Potion"] * 2, "deck": ["Fire Energy"] * 6}
    p2 = {"active": WAILORD, "hand": ["Potion"] * 7}
    g = game(p1, p2, settings=ALLOW)
    act(g, "p1", "use_power", pokemon="active", power="Magnetic Redraw")
    assert players(g)["p1"]["hand_count"] == 4 and players(g)["p2"]["hand_count"] == 4
    assert players(g)["p1"]["deck_count"] == 4 and players(g)["p2"]["deck_count"] == 9
    check_invariants(g.state)
    g = game({"active": "ex13-60", "bench": [metagross]}, {"active": WAILORD}, settings=ALLOW)
    with pytest.raises(IllegalActionError, match="not the Active"):
        act(g, "p1", "use_power", pokemon="bench1", power="Magnetic Redraw")


def test_scanblast_and_dirge_hit_benched_pokemon_named_as_the_defending_one() -> None:
    bench = [{"card": "ex1-14", "under": ["Wailmer"]}, BARBOACH]
    for card, name, damage in (("ex16-95", "Scanblast", 70), ("ex16-97", "Dirge", 60)):
        g = attack(card, name, p2={"bench": bench})
        assert [m["damage"] for m in players(g)["p2"]["bench"]] == [damage, 0], name


def test_volcanic_flame_mills_5_and_hydro_wave_hits_each_benched_pokemon() -> None:
    deck = ["Potion"] * 7
    g = attack("ex16-96", "Volcanic Flame", p1={"deck": deck}, p2={"bench": [BARBOACH]})
    p1 = players(g)["p1"]
    assert p1["discard"] == ["Potion"] * 5 and p1["deck_count"] == 2
    energy = ["Water Energy", "Fire Energy", "Water Energy", "Fire Energy"]
    bench = [BARBOACH, {"card": "ex15-46"}]
    g = attack("ex16-96", "Hydro Wave", p2={"bench": bench}, mon={"energy": energy})
    assert [m["damage"] for m in players(g)["p2"]["bench"]] == [30, 30]
    assert defending(g)["damage"] == 0
    # the Water Energy cards go, the others stay
    assert players(g)["p1"]["active"]["energy"] == ["Fire Energy", "Fire Energy"]
    assert players(g)["p1"]["discard"] == ["Water Energy", "Water Energy"]


def test_chilling_breath_locks_the_opponents_trainers_next_turn() -> None:
    sealeo = {"card": "ex12-43", "under": ["Spheal"]}
    p2 = {"active": WAILORD, "hand": ["Potion"], "deck": ["Fire Energy"] * 4}
    g = game({"active": sealeo, "hand": ["ex16-99"]}, p2, settings=ALLOW)
    act(g, "p1", "evolve", card="ex16-99", target="active")
    act(g, "p1", "use_power", pokemon="active", power="Chilling Breath")
    act(g, "p1", "end_turn")
    with pytest.raises(IllegalActionError, match=r"ptcg\.trainer\.locked"):
        act(g, "p2", "play_trainer", card="Potion", target="active")
    walrein = {"card": "ex16-99", "under": ["Spheal", "Sealeo"]}
    g = game({"active": walrein}, p2, settings=ALLOW)
    with pytest.raises(IllegalActionError, match=r"ptcg\.power\.requirement"):
        act(g, "p1", "use_power", pokemon="active", power="Chilling Breath")


def test_wreck_does_20_more_and_discards_a_stadium() -> None:
    walrein = attacker("ex16-99", "Wreck")
    g = game({"active": walrein}, {"active": WAILORD}, settings=ALLOW, stadium="ex3-85")
    act(g, "p1", "attack", attack="Wreck")
    assert defending(g)["damage"] == 90 and g.state.stadium < 0
    assert defending(attack("ex16-99", "Wreck"))["damage"] == 70


@pytest.mark.parametrize("option", [0, 1])
def test_the_star_rays_as_the_pokemon_star_is_benched(option: int) -> None:
    p1_active = {**WAILORD, "damage": 40}
    p2_active = {**WAILORD, "damage": 40}
    for card, burned, damage in ((FLAREON, ["burned"], 40), (JOLTEON, [], 50)):
        g = game({"active": p1_active, "hand": [card]}, {"active": p2_active}, settings=ALLOW)
        act(g, "p1", "bench", card=card)
        act(g, "p1", "choose", option=option)
        for mon in (players(g)["p1"]["active"], defending(g)):
            if option == 0:
                assert (mon["conditions"], mon["damage"]) == (burned, damage), card
            else:
                assert (mon["conditions"], mon["damage"]) == ([], 40), card
        check_invariants(g.state)
    p1_active = {**p1_active, "conditions": ["poisoned"]}
    g = game({"active": p1_active, "hand": [VAPOREON]}, {"active": p2_active}, settings=ALLOW)
    act(g, "p1", "bench", card=VAPOREON)
    act(g, "p1", "choose", option=option)
    mine = players(g)["p1"]["active"]
    if option == 0:
        assert mine["damage"] == 10 and mine["conditions"] == [] and defending(g)["damage"] == 10
    else:
        assert mine["damage"] == 40 and mine["conditions"] == ["poisoned"]


def test_the_star_attacks() -> None:
    g = attack(FLAREON, "Flamethrower")
    assert defending(g)["damage"] == 50
    assert players(g)["p1"]["active"]["energy"] == ["Fire Energy", "Water Energy"]
    g = attack(JOLTEON, "Agility", [HEADS], defender=attacker("ex1-14", "Take Down"))
    act(g, "p2", "attack", attack="Take Down")
    assert players(g)["p1"]["active"]["damage"] == 0
    g = attack(JOLTEON, "Agility", [TAILS], defender=attacker("ex1-14", "Take Down"))
    act(g, "p2", "attack", attack="Take Down")
    assert players(g)["p1"]["active"]["damage"] == 50
    wailord = {**WAILORD, "energy": ["Fire Energy"]}
    g = attack(VAPOREON, "Whirlpool", [HEADS], defender=wailord)
    assert defending(g)["energy"] == [] and defending(g)["damage"] == 40
    g = attack(VAPOREON, "Whirlpool", [TAILS], defender=wailord)
    assert defending(g)["energy"] == ["Fire Energy"]


def test_skill_hack_uses_an_attack_of_a_pokemon_card_in_the_opponents_hand() -> None:
    shiftry = attacker("ex16-97", "Skill Hack")
    p2 = {"active": WAILORD, "hand": ["ex1-14", "Potion"]}
    g = game({"active": shiftry}, p2, settings=ALLOW)
    offers = [o.params for o in g.legal_actions("p1") if o.params.get("attack") == "Skill Hack"]
    assert sorted(str(o.get("copy")) for o in offers) == ["ex1-14:Surf", "ex1-14:Take Down"]
    events = act(g, "p1", "attack", attack="Skill Hack", copy="ex1-14:Surf")
    assert any(e.type == "note" and e.data.get("what") == "hand" for e in events)
    # Surf's 70 without its Energy; Darkness Energy (ex1-93) on a Darkness attacker: 10 more
    assert defending(g)["damage"] == 80
    check_invariants(g.state)
    g = attack("ex16-97", "Skill Hack", p2={"hand": ["Potion"]})
    assert defending(g)["damage"] == 0


def test_dirge_leaves_benched_pokemon_of_other_names() -> None:
    g = attack("ex16-97", "Dirge", p2={"bench": [BARBOACH]})
    assert players(g)["p2"]["bench"][0]["damage"] == 0 and defending(g)["damage"] == 70


def test_metal_gravity_puts_3_counters_on_a_retreating_pokemon_with_40_hp_left() -> None:
    skarmory = {"card": "ex16-98"}
    for damage, after in ((80, 110), (90, 90)):  # Wailord: 120 HP, 40 left / 30 left
        wailord = {**WAILORD, "damage": damage, "energy": ["Water Energy"] * 4}
        g = game({"active": wailord, "bench": [BARBOACH]}, {"active": skarmory}, settings=ALLOW)
        act(g, "p1", "retreat", target="bench1")
        assert players(g)["p1"]["bench"][0]["damage"] == after
        check_invariants(g.state)
    # Skarmory ex on the Bench works too; without it nothing happens
    wailord = {**WAILORD, "energy": ["Water Energy"] * 4}
    for bench, after in (([skarmory], 30), ([], 0)):
        g = game(
            {"active": wailord, "bench": [BARBOACH]},
            {"active": BARBOACH, "bench": bench},
            settings=ALLOW,
        )
        act(g, "p1", "retreat", target="bench1")
        assert players(g)["p1"]["bench"][0]["damage"] == after


def test_whirlwind_makes_the_opponent_switch() -> None:
    g = attack("ex16-98", "Whirlwind", p2={"bench": [BARBOACH]})
    act(g, "p2", "choose", option=0)
    assert defending(g)["card"] == "Barboach"
    wailord = players(g)["p2"]["bench"][0]  # hit before the switch
    assert (wailord["card"], wailord["damage"]) == ("Wailord", 30)


# ---------------------------------------------------------------------------- Psychic Protector
FLYGON_EX = {"card": "ex16-94", "under": ["Trapinch", "Vibrava"]}  # 150 HP, Colorless
BLAZIKEN = attacker("ex9-1", "Damage Burn")  # Fire: 50 to Flygon ex


def test_psychic_protector_discards_cards_to_take_10_off_each() -> None:
    g = game(
        {"active": BLAZIKEN},
        {"active": FLYGON_EX, "hand": ["Potion", "Potion", "Fire Energy"], "deck": ["Potion"]},
        settings=ALLOW,
    )
    act(g, "p1", "attack", attack="Damage Burn")
    asked = pending(g)
    assert asked["player"] == "p2" and asked["options"] == ["Potion", "Fire Energy", "no more"]
    assert defending(g)["damage"] == 0  # held back while its player answers
    act(g, "p2", "choose", option=1)  # Fire Energy
    assert pending(g)["options"] == ["Potion", "no more"]
    act(g, "p2", "choose", option=0)  # a Potion
    act(g, "p2", "choose", option=1)  # no more
    p2 = players(g)["p2"]
    assert p2["active"]["damage"] == 30 and p2["hand_count"] == 2  # 1 Potion + the turn's draw
    assert sorted(p2["discard"]) == ["Fire Energy", "Potion"]
    assert view(g)["current"] == "p2" and "pending" not in view(g)  # the turn ended
    check_invariants(g.state)


def test_psychic_protector_declined_takes_the_whole_damage() -> None:
    g = game(
        {"active": BLAZIKEN},
        {"active": FLYGON_EX, "hand": ["Potion"], "deck": ["Potion"]},
        settings=ALLOW,
    )
    act(g, "p1", "attack", attack="Damage Burn")
    act(g, "p2", "choose", option=1)  # no more
    assert defending(g)["damage"] == 50 and players(g)["p2"]["discard"] == []
    check_invariants(g.state)


def test_psychic_protector_stops_at_4_cards_and_saves_flygon_ex_from_a_knock_out() -> None:
    g = game(
        {"active": BLAZIKEN},
        {"active": {**FLYGON_EX, "damage": 110}, "hand": ["Potion"] * 6, "bench": [BARBOACH]},
        settings=ALLOW,
    )
    # 70 (20 more on a damaged Pokémon) would Knock it Out (150 HP)
    act(g, "p1", "attack", attack="Damage Burn")
    for _ in range(4):
        act(g, "p2", "choose", option=0)
    assert "pending" not in view(g)  # no fifth card asked
    p2 = players(g)["p2"]
    assert p2["active"]["card"] == "Flygon ex" and p2["active"]["damage"] == 140
    assert p2["discard"] == ["Potion"] * 4 and len(players(g)["p1"]["prizes"]) == 6
    check_invariants(g.state)


def test_psychic_protector_is_not_asked_with_an_empty_hand_or_under_battle_frontier() -> None:
    g = game({"active": BLAZIKEN}, {"active": FLYGON_EX, "deck": ["Potion"]}, settings=ALLOW)
    events = act(g, "p1", "attack", attack="Damage Burn")
    assert "ask" not in [e.type for e in events] and defending(g)["damage"] == 50
    p2 = {"active": FLYGON_EX, "hand": ["Potion"], "deck": ["Potion"]}
    # Battle Frontier (ex9-75) turns off the Bodies of Colorless Evolved Pokémon
    g = game({"active": BLAZIKEN}, p2, settings=ALLOW, stadium="ex9-75")
    events = act(g, "p1", "attack", attack="Damage Burn")
    assert "ask" not in [e.type for e in events] and defending(g)["damage"] == 50
    assert players(g)["p2"]["discard"] == []
    check_invariants(g.state)


def test_slashing_strike_on_tails_is_not_used_next_turn() -> None:
    flygon = attacker("ex16-94", "Slashing Strike")
    g = attack("ex16-94", "Slashing Strike", coins=[TAILS], mon=flygon)
    assert defending(g)["damage"] == 70
    assert g.state.sides[0].active is not None
    assert g.state.sides[0].active.no_attack_name == "Slashing Strike"
    g = attack("ex16-94", "Slashing Strike", coins=[HEADS], mon=flygon)
    assert g.state.sides[0].active is not None and g.state.sides[0].active.no_attack == -1


def test_psychic_protector_works_for_a_benched_flygon_ex_too() -> None:
    hand = ["Potion", "Fire Energy"]
    p2 = {"active": FLYGON_EX, "bench": [FLYGON_EX], "hand": hand, "deck": ["Potion"]}
    g = game({"active": attacker("ex16-96", "Hydro Wave")}, p2, settings=ALLOW)
    act(g, "p1", "attack", attack="Hydro Wave")  # 30 to each Benched Pokémon only
    assert "30 damage to Flygon ex" in pending(g)["prompt"]
    act(g, "p2", "choose", option=0)
    act(g, "p2", "choose", option=1)  # no more: the Active (not damaged) is not asked
    p2_now = players(g)["p2"]
    assert p2_now["bench"][0]["damage"] == 20 and p2_now["active"]["damage"] == 0
    assert p2_now["discard"] == ["Potion"] and view(g)["current"] == "p2"
    check_invariants(g.state)


def test_psychic_protector_is_not_asked_against_swift_which_ignores_effects() -> None:
    # Swift (ex1-31): 30, unchanged by Weakness, Resistance or effects on the Defending Pokémon
    p2 = {"active": FLYGON_EX, "hand": ["Potion"], "deck": ["Potion"]}
    g = game({"active": attacker("ex1-31", "Swift")}, p2, settings=ALLOW)
    events = act(g, "p1", "attack", attack="Swift")
    assert "ask" not in [e.type for e in events] and defending(g)["damage"] == 30
    # a plain hit by the same player's other Pokémon is asked (the Body works)
    g = game({"active": BLAZIKEN}, p2, settings=ALLOW)
    act(g, "p1", "attack", attack="Damage Burn")
    assert pending(g)["player"] == "p2"


@pytest.mark.parametrize(("option", "attacker_damage"), [(0, 30), (1, 20)])
def test_leech_life_heals_by_the_damage_left_after_psychic_protector(
    option: int, attacker_damage: int
) -> None:
    # Leech Life (ex3-68, 10): discarding a card leaves no damage done, so nothing is healed
    nincada = {**attacker("ex3-68", "Leech Life"), "damage": 30}
    p2 = {"active": FLYGON_EX, "hand": ["Potion"] * 2, "deck": ["Potion"]}
    g = game({"active": nincada}, p2, settings=ALLOW)
    act(g, "p1", "attack", attack="Leech Life")
    act(g, "p2", "choose", option=option)  # a Potion / no more
    if option == 0:
        act(g, "p2", "choose", option=1)  # no more
    assert players(g)["p1"]["active"]["damage"] == attacker_damage
    assert defending(g)["damage"] == 10 * option
    check_invariants(g.state)


def test_swallow_heals_by_the_damage_left_after_psychic_protector() -> None:
    pelipper = {**attacker("ex1-19", "Swallow"), "damage": 30}  # 20 damage
    p2 = {"active": FLYGON_EX, "hand": ["Potion"] * 2, "deck": ["Potion"]}
    g = game({"active": pelipper}, p2, settings=ALLOW)
    act(g, "p1", "attack", attack="Swallow")
    act(g, "p2", "choose", option=0)
    act(g, "p2", "choose", option=1)
    assert defending(g)["damage"] == 10 and players(g)["p1"]["active"]["damage"] == 20


@pytest.mark.parametrize("discard", [True, False])
def test_vital_drain_sees_the_knock_out_only_once_psychic_protector_is_answered(
    discard: bool,
) -> None:
    # Vital Drain (ex13-9, 30; Holon Energy FF with a basic Fighting Energy: no Resistance)
    # Knocks Out a Flygon ex with 120 damage unless a card is discarded; only a Knock Out
    # heals and cures Kabutops δ
    energy = ["Lightning Energy", "ex11-104", "Fighting Energy"]
    kabutops = {**attacker("ex13-9", "Vital Drain"), "damage": 70, "energy": energy}
    kabutops["conditions"] = ["poisoned"]
    p2 = {"active": {**FLYGON_EX, "damage": 120}, "hand": ["Potion"], "bench": [BARBOACH]}
    g = game({"active": kabutops}, p2, settings=ALLOW)
    act(g, "p1", "attack", attack="Vital Drain")
    act(g, "p2", "choose", option=0 if discard else 1)
    me = players(g)["p1"]["active"]
    if discard:
        assert defending(g)["card"] == "Flygon ex" and defending(g)["damage"] == 140
        assert me["conditions"] == ["poisoned"] and me["damage"] == 80  # (+ Poison between turns)
    else:
        assert me["conditions"] == [] and me["damage"] == 0
        assert players(g)["p2"]["active"] is None  # Knocked Out: a promotion is asked
    check_invariants(g.state)
