"""EX Dragon Frontiers (ex15) cards 51-101: the cards of effect_data_ex15b.py and the
vocabulary of vocab_ex15b.py, each shown both ways where it can go two ways."""

from __future__ import annotations

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
from turnkeeper.rulesets.ptcg import RULESET
from turnkeeper.rulesets.ptcg import registry as reg
from turnkeeper.rulesets.ptcg.board import can_pay, energy_units
from turnkeeper.rulesets.ptcg.by_hand import missing_effects
from turnkeeper.rulesets.ptcg.cards import bundled_cards
from turnkeeper.rulesets.ptcg.effect_data_ex15b import (
    ENERGY_REPRINTS,
    POKEMON_REPRINTS,
    REPRINTS,
    TOOL_REPRINTS,
)

# (card, attack, coins, damage to Wailord, its Special Conditions); a Sleep coin between
# turns comes last (tails: it stays Asleep); a Poison counter comes between turns
PLAIN = [
    ("ex15-52", "Paralyzing Gaze", [HEADS], 0, ["paralyzed"]),
    ("ex15-52", "Paralyzing Gaze", [TAILS], 0, []),
    ("ex15-53", "Supersonic", [HEADS], 0, ["confused"]),
    ("ex15-53", "Supersonic", [TAILS], 0, []),
    ("ex15-57", "Poison Horn", [HEADS], 10, ["poisoned"]),
    ("ex15-57", "Poison Horn", [TAILS], 0, []),
    ("ex15-59", "Hyper Beam", [TAILS], 40, []),  # Lightning: Weakness x2
    ("ex15-63", "Shell Grab", [HEADS], 10, ["paralyzed"]),
    ("ex15-63", "Shell Grab", [TAILS], 10, []),
    ("ex15-66", "Quick Attack", [HEADS], 20, []),
    ("ex15-66", "Quick Attack", [TAILS], 10, []),
    ("ex15-70", "Hypnotic Gaze", [TAILS], 0, ["asleep"]),
    ("ex15-60", "Hypnosis", [TAILS], 0, ["asleep"]),  # Ralts, ex2-74's reprint
]


@pytest.mark.parametrize(("card", "name", "coins", "damage", "conditions"), PLAIN)
def test_attack_damage_and_conditions(
    card: str, name: str, coins: list[int] | None, damage: int, conditions: list[str]
) -> None:
    g = attack(card, name, coins)
    assert defending(g)["damage"] == damage
    assert sorted(defending(g)["conditions"]) == conditions


def test_hyper_beam_discards_a_defending_energy_on_heads_only() -> None:
    wailord = {**WAILORD, "energy": ["Fire Energy"]}
    g = attack("ex15-59", "Hyper Beam", [HEADS], defender=wailord)
    assert defending(g)["damage"] == 40 and defending(g)["energy"] == []
    g = attack("ex15-59", "Hyper Beam", [TAILS], defender=wailord)
    assert defending(g)["energy"] == ["Fire Energy"]


def test_rage_counts_totodiles_damage_counters() -> None:
    # Lightning against Wailord: Weakness doubles 10 + 10 per counter
    assert defending(attack("ex15-67", "Rage", mon={"damage": 20}))["damage"] == 60
    assert defending(attack("ex15-67", "Rage"))["damage"] == 20


def test_calm_mind_removes_two_counters_from_ralts_delta() -> None:
    g = attack("ex15-61", "Calm Mind", mon={"damage": 30})
    assert players(g)["p1"]["active"]["damage"] == 10
    g = attack("ex15-61", "Calm Mind")
    assert players(g)["p1"]["active"]["damage"] == 0


def test_tail_whip_keeps_the_defending_pokemon_from_attacking_on_heads() -> None:
    wailord = attacker("ex1-14", "Take Down")
    g = attack("ex15-56", "Tail Whip", [HEADS], defender=wailord)
    with pytest.raises(IllegalActionError, match=r"ptcg\.attack"):
        act(g, "p2", "attack", attack="Take Down")
    g = attack("ex15-56", "Tail Whip", [TAILS], defender=wailord)
    act(g, "p2", "attack", attack="Take Down")  # 50: Nidoran ♀ δ is Knocked Out
    assert "Nidoran ♀ δ" in players(g)["p1"]["discard"]


def test_splash_about_does_10_more_with_less_energy_than_the_defending_pokemon() -> None:
    wailord = {**WAILORD, "energy": ["Fire Energy"] * 2}
    assert defending(attack("ex15-65", "Splash About", defender=wailord))["damage"] == 20
    assert defending(attack("ex15-65", "Splash About"))["damage"] == 10


def test_quick_bind_hits_any_pokemon_without_weakness() -> None:
    ralts = {"card": "ex15-60"}  # weak to Psychic: Quick Bind still does 10
    g = attack("ex15-69", "Quick Bind", defender=ralts, target="active")
    assert defending(g)["damage"] == 10
    g = attack("ex15-69", "Quick Bind", p2={"bench": [ralts]}, target="bench1")
    assert players(g)["p2"]["bench"][0]["damage"] == 10 and defending(g)["damage"] == 0


def test_amnesia_forbids_the_chosen_attack_next_turn() -> None:
    wailord = attacker("ex1-14", "Take Down")
    g = attack("ex15-71", "Amnesia", defender=wailord)
    assert pending(g)["options"] == ["Take Down", "Surf"]
    act(g, "p1", "choose", option=0)
    with pytest.raises(IllegalActionError, match=r"ptcg\.attack"):
        act(g, "p2", "attack", attack="Take Down")
    g = attack("ex15-71", "Amnesia", defender=wailord)
    act(g, "p1", "choose", option=1)
    act(g, "p2", "attack", attack="Take Down")
    check_invariants(g.state)


def test_alluring_kiss_takes_a_basic_pokemon_and_a_basic_energy() -> None:
    deck = ["ex15-55", "Fire Energy", "Potion", "ex15-59"]
    g = attack("ex15-64", "Alluring Kiss", p1={"deck": deck})
    assert pending(g)["options"] == ["Natu", "nothing"]  # Pupitar is no Basic Pokémon
    act(g, "p1", "choose", option=0)
    assert pending(g)["options"] == ["Fire Energy", "nothing"]
    act(g, "p1", "choose", option=0)
    assert sorted(players(g)["p1"]["hand"]) == ["Fire Energy", "Natu δ"]
    check_invariants(g.state)


def test_psychic_boom_counts_the_defending_pokemons_energy() -> None:
    wailord = {**WAILORD, "energy": ["Fire Energy"] * 3}
    assert defending(attack("ex15-60", "Psychic Boom", defender=wailord))["damage"] == 30
    assert defending(attack("ex15-60", "Psychic Boom"))["damage"] == 0


def test_smoochum_baby_evolution_puts_jynx_on_it_and_heals_it() -> None:
    smoochum = {"card": "ex15-64", "damage": 20}
    g = game({"active": smoochum, "hand": ["ex15-17"]}, {"active": WAILORD}, settings=ALLOW)
    act(g, "p1", "use_power", power="Baby Evolution", pokemon="active")
    active = players(g)["p1"]["active"]
    assert (active["card"], active["damage"]) == ("Jynx δ", 0)
    check_invariants(g.state)
    g = game({"active": smoochum, "hand": ["Potion"]}, {"active": WAILORD}, settings=ALLOW)
    with pytest.raises(IllegalActionError, match=r"ptcg\.power"):
        act(g, "p1", "use_power", power="Baby Evolution", pokemon="active")


# ---------------------------------------------------------------------------- reprints
REPRINTED = [
    *((card, same_as, reg.TRAINERS) for card, same_as in REPRINTS.items()),
    *((card, same_as, reg.TOOLS) for card, same_as in TOOL_REPRINTS.items()),
    *((card, same_as, reg.ENERGIES) for card, same_as in ENERGY_REPRINTS.items()),
]


@pytest.mark.parametrize(("card", "same_as", "table"), REPRINTED)
def test_reprints_share_their_originals_handler(card: str, same_as: str, table: object) -> None:
    assert isinstance(table, dict) and table[card] is table[same_as]
    cards = bundled_cards()
    assert cards[card].name == cards[same_as].name
    assert missing_effects(cards[card]) == []


def test_ralts_plays_with_ex2_74s_attacks() -> None:
    for card, same_as in POKEMON_REPRINTS.items():
        for name in ("Hypnosis", "Psychic Boom"):
            assert reg.ATTACKS[(card, name)] is reg.ATTACKS[(same_as, name)]
        assert missing_effects(bundled_cards()[card]) == []


def test_tv_reporter_draws_3_then_discards_1() -> None:
    deck = ["Potion", "Switch", "Fire Energy", "Water Energy"]
    g = game({"active": "ex15-52", "hand": ["ex15-82"], "deck": deck}, {"active": WAILORD})
    act(g, "p1", "play_trainer", card="TV Reporter")
    assert len(pending(g)["options"]) == 3
    act(g, "p1", "choose", option=0)
    p1 = players(g)["p1"]
    assert len(p1["hand"]) == 2 and len(p1["discard"]) == 1
    check_invariants(g.state)


def test_professor_elms_training_method_finds_an_evolution_card() -> None:
    deck = ["ex15-59", "ex15-52", "Potion"]
    g = game({"active": "ex15-52", "hand": ["ex15-79"], "deck": deck}, {"active": WAILORD})
    act(g, "p1", "play_trainer", card="Professor Elm's Training Method")
    assert pending(g)["options"][0] == "Pupitar"
    act(g, "p1", "choose", option=0)
    assert players(g)["p1"]["hand"] == ["Pupitar δ"]


def test_buffer_piece_takes_20_off_the_damage_its_pokemon_takes() -> None:
    larvitar = attacker("ex15-52", "Horn Attack")  # 20, Lightning: 40 to Wailord
    for tool, damage in (("ex15-72", 20), (None, 40)):
        p2 = {"active": {**WAILORD, "tool": tool} if tool else WAILORD}
        g = game({"active": larvitar}, p2)
        act(g, "p1", "attack", attack="Horn Attack")
        assert defending(g)["damage"] == damage, tool


def test_strength_charm_adds_10_and_is_discarded_after_the_attack() -> None:
    # this print adds its 10 before Weakness (ex4-74: after)
    larvitar = {**attacker("ex15-52", "Horn Attack"), "tool": "ex15-81"}
    g = game({"active": larvitar}, {"active": WAILORD})
    act(g, "p1", "attack", attack="Horn Attack")
    assert defending(g)["damage"] == (20 + 10) * 2
    assert "Strength Charm" in players(g)["p1"]["discard"]
    g = game({"active": {**larvitar, "tool": "ex4-74"}}, {"active": WAILORD})
    act(g, "p1", "attack", attack="Horn Attack")
    assert defending(g)["damage"] == 20 * 2 + 10


def test_holon_energy_ff_reprint_takes_weakness_away_with_basic_fire_energy() -> None:
    larvitar = attacker("ex15-52", "Horn Attack")
    for energy, damage in ((["ex15-84", "Fire Energy"], 20), (["ex15-84", "Water Energy"], 40)):
        p2 = {"active": {**WAILORD, "energy": energy}}
        g = game({"active": larvitar}, p2)
        act(g, "p1", "attack", attack="Horn Attack")
        assert defending(g)["damage"] == damage, energy


def test_holon_energy_gl_reprint_keeps_conditions_off_with_basic_grass_energy() -> None:
    for energy, conditions in ((["ex15-85", "Grass Energy"], []), (["ex15-85"], ["paralyzed"])):
        defender = {**WAILORD, "energy": energy}
        g = attack("ex15-52", "Paralyzing Gaze", [HEADS], defender=defender)
        assert defending(g)["conditions"] == conditions, energy


def test_boost_energy_reprint_goes_onto_an_evolved_pokemon_only() -> None:
    pupitar = {"card": "ex15-59", "under": ["ex15-52"]}
    g = game({"active": pupitar, "hand": ["ex15-87"]}, {"active": WAILORD})
    act(g, "p1", "attach", card="ex15-87", target="active")
    assert players(g)["p1"]["active"]["energy"] == ["Boost Energy"]
    g = game({"active": "ex15-52", "hand": ["ex15-87"]}, {"active": WAILORD})
    with pytest.raises(IllegalActionError, match=r"ptcg\.energy"):
        act(g, "p1", "attach", card="ex15-87", target="active")


def test_scramble_energy_reprint_refuses_a_basic_pokemon() -> None:
    pupitar = {"card": "ex15-59", "under": ["ex15-52"]}
    g = game({"active": pupitar, "hand": ["ex15-89"]}, {"active": WAILORD})
    act(g, "p1", "attach", card="ex15-89", target="active")
    assert players(g)["p1"]["active"]["energy"] == ["Scramble Energy"]
    g = game({"active": "ex15-52", "hand": ["ex15-89"]}, {"active": WAILORD})
    with pytest.raises(IllegalActionError, match=r"ptcg\.energy"):
        act(g, "p1", "attach", card="ex15-89", target="active")


# ---------------------------------------------------------------------------- new Trainers
def test_old_rod_both_heads_a_pokemon_both_tails_a_trainer_else_nothing() -> None:
    p1 = {"active": "ex15-52", "hand": ["ex15-78"], "discard": ["ex15-52", "Potion", "Fire Energy"]}
    for coins, options in (([HEADS, HEADS], "Larvitar"), ([TAILS, TAILS], "Potion")):
        g = game(p1, {"active": WAILORD})
        act(g, "p1", "play_trainer", coins=coins, card="Old Rod")
        assert pending(g)["options"] == [options, "nothing"]
        act(g, "p1", "choose", option=0)
        assert len(players(g)["p1"]["hand"]) == 1
        check_invariants(g.state)
    g = game(p1, {"active": WAILORD})
    act(g, "p1", "play_trainer", coins=[HEADS, TAILS], card="Old Rod")
    assert "pending" not in view(g) and players(g)["p1"]["hand"] == []
    g = game({**p1, "discard": ["Fire Energy"]}, {"active": WAILORD})
    with pytest.raises(IllegalActionError, match=r"ptcg\.trainer\.condition"):
        act(g, "p1", "play_trainer", card="Old Rod")


def test_mr_stones_project_takes_basic_energy_only() -> None:
    p1 = {"active": "ex15-52", "hand": ["ex15-77"], "discard": ["Fire Energy", "ex15-52"]}
    p1["deck"] = []
    g = game(p1, {"active": WAILORD})
    act(g, "p1", "play_trainer", card="Mr. Stone's Project")
    assert pending(g)["options"] == ["Fire Energy", "nothing"]  # no Basic Pokémon this time
    act(g, "p1", "choose", option=0)
    assert players(g)["p1"]["hand"] == ["Fire Energy"]
    g = game({**p1, "discard": ["ex15-52"]}, {"active": WAILORD})
    with pytest.raises(IllegalActionError, match=r"ptcg\.trainer\.condition"):
        act(g, "p1", "play_trainer", card="Mr. Stone's Project")


def test_professor_oaks_research_shuffles_the_hand_back_and_draws_5() -> None:
    hand = ["ex15-80", "Potion", "Switch"]
    g = game({"active": "ex15-52", "hand": hand, "deck": ["Fire Energy"] * 6}, {"active": WAILORD})
    act(g, "p1", "play_trainer", card="Professor Oak's Research")
    p1 = players(g)["p1"]
    assert len(p1["hand"]) == 5 and p1["deck_count"] == 3
    check_invariants(g.state)
    g = game({"active": "ex15-52", "hand": ["ex15-80"], "deck": []}, {"active": WAILORD})
    with pytest.raises(IllegalActionError, match=r"ptcg\.trainer\.condition"):
        act(g, "p1", "play_trainer", card="Professor Oak's Research")


def test_island_hermit_turns_up_to_2_prizes_face_up_then_draws_2() -> None:
    p1 = {"active": "ex15-52", "hand": ["ex15-76"], "deck": ["Potion"] * 4}
    p1["prizes"] = ["Fire Energy", "Switch", "ex15-55"]
    g = game(p1, {"active": WAILORD})
    act(g, "p1", "play_trainer", card="Island Hermit")
    assert pending(g)["options"][-1] == "no more" and len(pending(g)["options"]) == 4
    act(g, "p1", "choose", option=0)
    act(g, "p1", "choose", option=1)  # of the two left face down, the second
    p1_seen_by_p2 = RULESET.view(g.state, "p2")["players"]["p1"]
    assert p1_seen_by_p2["prizes_face_up"] == ["Fire Energy", "Natu δ"]
    assert "prizes" not in p1_seen_by_p2
    assert players(g)["p1"]["hand"] == ["Potion", "Potion"]
    check_invariants(g.state)
    # none turned up: still 2 drawn, and the opponent sees no Prize card
    g = game(p1, {"active": WAILORD})
    act(g, "p1", "play_trainer", card="Island Hermit")
    act(g, "p1", "choose", option=3)
    assert "prizes_face_up" not in RULESET.view(g.state, "p2")["players"]["p1"]
    assert len(players(g)["p1"]["hand"]) == 2


HOLON_LEGACY = {"card": "ex15-74", "owner": "p2"}


def test_holon_legacy_takes_weakness_off_delta_pokemon_only() -> None:
    pupitar = attacker("ex15-59", "Hyper Beam")  # Lightning, 20
    totodile = {"card": "ex15-67"}  # Totodile δ: weak to Lightning
    for defender, damage in ((totodile, 20), (WAILORD, 40)):
        g = game({"active": pupitar}, {"active": defender}, stadium=HOLON_LEGACY)
        act(g, "p1", "attack", coins=[TAILS], attack="Hyper Beam")
        assert defending(g)["damage"] == damage
    g = game({"active": pupitar}, {"active": totodile, "bench": ["ex15-52"]})
    act(g, "p1", "attack", coins=[TAILS], attack="Hyper Beam")
    assert players(g)["p2"]["discard"] == ["Totodile δ"]  # 40: Knocked Out without the Stadium


def test_holon_legacy_takes_weakness_off_a_pokemon_holon_veil_makes_delta() -> None:
    # Ampharos δ's Holon Veil (ex15-1) makes its player's Pokémon δ: Wailord, weak to
    # Lightning, is δ then and Holon Legacy takes its Weakness away (20, not 40)
    pupitar = attacker("ex15-59", "Hyper Beam")  # Lightning, 20
    ampharos = {"card": "ex15-1", "under": ["Mareep", "Flaaffy"]}
    for bench, damage in (([ampharos], 20), ([], 40)):
        g = game(
            {"active": pupitar}, {"active": WAILORD, "bench": bench}, settings=ALLOW,
            stadium=HOLON_LEGACY,
        )
        act(g, "p1", "attack", coins=[TAILS], attack="Hyper Beam")
        assert defending(g)["damage"] == damage, bench


def test_holon_legacy_stops_the_poke_powers_of_delta_pokemon() -> None:
    smoochum = {"card": "ex15-64", "damage": 20}
    p1 = {"active": smoochum, "hand": ["ex15-17"]}
    g = game(p1, {"active": WAILORD}, settings=ALLOW, stadium=HOLON_LEGACY)
    with pytest.raises(IllegalActionError, match=r"ptcg\.power\.stadium"):
        act(g, "p1", "use_power", power="Baby Evolution", pokemon="active")


# ---------------------------------------------------------------------------- Pokémon-ex, ★
DRAGONITE_EX = {"card": "ex15-91", "under": ["Dratini", "Dragonair"]}  # Stage 2 ex, Grass
LATIOS_EX = {"card": "ex15-96"}


def test_healing_light_heals_a_counter_from_each_of_the_players_pokemon() -> None:
    bench = [{"card": "ex15-52", "damage": 20}]
    g = attack("ex15-90", "Healing Light", mon={"damage": 10}, p1={"bench": bench})
    p1 = players(g)["p1"]
    assert defending(g)["damage"] == 60
    assert p1["active"]["damage"] == 0 and p1["bench"][0]["damage"] == 10


def test_extra_boost_attaches_a_basic_energy_to_a_stage_2_pokemon_ex_only() -> None:
    altaria = {"card": "ex15-90", "under": ["ex15-65"]}
    p1 = {"active": DRAGONITE_EX, "bench": [altaria], "hand": ["Grass Energy"]}
    g = game(p1, {"active": WAILORD}, settings=ALLOW)
    act(g, "p1", "use_power", power="Extra Boost", pokemon="bench1")
    assert pending(g)["options"] == ["Grass Energy to Dragonite ex (active)"]
    act(g, "p1", "choose", option=0)
    assert players(g)["p1"]["active"]["energy"] == ["Grass Energy"]
    check_invariants(g.state)
    g = game({**p1, "active": {"card": "ex15-52"}}, {"active": WAILORD}, settings=ALLOW)
    with pytest.raises(IllegalActionError, match=r"ptcg\.power"):
        act(g, "p1", "use_power", power="Extra Boost", pokemon="bench1")


def test_deafen_stops_items_but_not_supporters_next_turn() -> None:
    p2 = {"hand": ["Potion", "ex15-82"], "deck": ["Fire Energy"] * 5}
    g = attack("ex15-91", "Deafen", p2=p2)
    assert defending(g)["damage"] == 40
    with pytest.raises(IllegalActionError, match=r"ptcg\.trainer"):
        act(g, "p2", "play_trainer", card="Potion", target="active")
    act(g, "p2", "play_trainer", card="TV Reporter")
    assert "TV Reporter" not in players(g)["p2"]["hand"]


def test_dragon_roar_spills_the_counters_not_needed_onto_the_bench() -> None:
    bench = [{"card": "ex15-52"}, {"card": "ex15-55"}]
    wailord = {**WAILORD, "damage": 90}  # 3 counters Knock it Out: 5 spill
    g = attack("ex15-91", "Dragon Roar", defender=wailord, p2={"bench": bench})
    for option in (0, 0, 1, 1, 1):
        act(g, "p1", "choose", option=option)
    assert [m["damage"] for m in players(g)["p2"]["bench"]] == [20, 30]
    assert "Wailord" in players(g)["p2"]["discard"]
    g = attack("ex15-91", "Dragon Roar", p2={"bench": bench})  # 120 HP: all 8 on it
    assert defending(g)["damage"] == 80 and "pending" not in view(g)


def test_psychic_pulse_hits_the_damaged_benched_pokemon_only() -> None:
    # Pupitar δ: no Basic, so Flygon ex's Sand Damage leaves them alone between turns
    pupitar = {"card": "ex15-59", "under": ["ex15-52"]}
    bench = [{**pupitar, "damage": 10}, pupitar]
    g = attack("ex15-92", "Psychic Pulse", p2={"bench": bench})
    assert defending(g)["damage"] == 80
    assert [m["damage"] for m in players(g)["p2"]["bench"]] == [20, 0]


def test_sand_damage_hits_benched_basics_while_flygon_ex_is_active() -> None:
    flygon = {"card": "ex15-92", "under": ["ex15-68", "ex15-42"]}
    bench = [{"card": "ex15-52"}, {"card": "ex15-59", "under": ["ex15-52"]}]
    g = game({"active": flygon}, {"active": WAILORD, "bench": bench}, settings=ALLOW)
    act(g, "p1", "end_turn")
    assert [m["damage"] for m in players(g)["p2"]["bench"]] == [10, 0]  # Pupitar is no Basic
    p2 = {"active": WAILORD, "bench": bench}
    g = game({"active": "ex15-52", "bench": [flygon]}, p2, settings=ALLOW)
    act(g, "p1", "end_turn")
    assert [m["damage"] for m in players(g)["p2"]["bench"]] == [0, 0]


KINGDRA_EX = {"card": "ex15-94", "under": ["Horsea", "Seadra"]}


def test_extra_smoke_takes_10_off_before_weakness_for_stage_2_pokemon_ex() -> None:
    larvitar = attacker("ex15-52", "Horn Attack")  # 20
    for defender, damage in ((DRAGONITE_EX, 10), ({"card": "ex15-55"}, 20)):
        p2 = {"active": defender, "bench": [KINGDRA_EX]}
        g = game({"active": larvitar}, p2, settings=ALLOW)
        act(g, "p1", "attack", attack="Horn Attack")
        assert defending(g)["damage"] == damage
    # Kingdra ex itself (weak to Lightning): 10 off before Weakness, 20 after it
    g = game({"active": larvitar}, {"active": KINGDRA_EX}, settings=ALLOW)
    act(g, "p1", "attack", attack="Horn Attack")
    assert defending(g)["damage"] == 20


def test_energy_link_attaches_an_energy_from_the_discard_pile() -> None:
    g = attack("ex15-94", "Energy Link", p1={"discard": ["Fire Energy"]})
    act(g, "p1", "choose", option=0)
    assert "Fire Energy" in players(g)["p1"]["active"]["energy"]


def test_protective_swirl_takes_kingdra_exs_weakness_away_next_turn() -> None:
    rayquaza = attacker("ex15-97", "Sky-high Claws")  # Lightning, 70
    for used, damage in (("Protective Swirl", 60), ("Energy Link", 120)):
        kingdra = attacker("ex15-94", used)
        g = game({"active": kingdra}, {"active": rayquaza}, settings=ALLOW)
        act(g, "p1", "attack", attack=used)
        act(g, "p2", "attack", attack="Sky-high Claws")
        # Extra Smoke: 10 off before Weakness
        assert players(g)["p1"]["active"]["damage"] == damage, used


def test_power_crush_discards_2_fire_energy_only_when_it_knocks_out() -> None:
    mon = {"energy": ["Fire Energy"] * 3}
    p2 = {"bench": ["ex15-55"]}
    g = attack("ex15-95", "Power Crush", mon=mon, defender={"card": "ex15-52"}, p2=p2)
    assert players(g)["p1"]["active"]["energy"] == ["Fire Energy"]
    g = attack("ex15-95", "Power Crush", mon=mon)
    assert defending(g)["damage"] == 90 and len(players(g)["p1"]["active"]["energy"]) == 3


def test_fellow_boost_attaches_to_a_latios_and_ends_the_turn() -> None:
    p1 = {"active": {"card": "ex15-95"}, "bench": [LATIOS_EX], "hand": ["Water Energy"]}
    g = game(p1, {"active": WAILORD}, settings=ALLOW)
    act(g, "p1", "use_power", power="Fellow Boost", pokemon="active")
    assert len(pending(g)["options"]) == 2  # Latias ex itself or Latios ex
    act(g, "p1", "choose", option=1)
    assert players(g)["p1"]["bench"][0]["energy"] == ["Water Energy"]
    assert view(g)["current"] == "p2"
    check_invariants(g.state)
    g = game({**p1, "hand": ["Potion"]}, {"active": WAILORD}, settings=ALLOW)
    with pytest.raises(IllegalActionError, match=r"ptcg\.power"):
        act(g, "p1", "use_power", power="Fellow Boost", pokemon="active")


def test_link_wing_frees_the_retreat_of_latias_and_latios_only() -> None:
    p1 = {"active": {"card": "ex15-95"}, "bench": [LATIOS_EX]}
    g = game(p1, {"active": WAILORD}, settings=ALLOW)
    assert players(g)["p1"]["active"]["retreat"] == 0
    g = game({"active": WAILORD, "bench": [LATIOS_EX]}, {"active": WAILORD}, settings=ALLOW)
    assert players(g)["p1"]["active"]["retreat"] == 4
    g = game({"active": {"card": "ex15-95"}}, {"active": WAILORD}, settings=ALLOW)
    assert players(g)["p1"]["active"]["retreat"] == 2


def test_ice_barrier_keeps_off_the_attacks_of_pokemon_ex_next_turn() -> None:
    latios = attacker("ex15-96", "Ice Barrier")
    for foe, name, damage in (("ex15-97", "Sky-high Claws", 0), ("ex15-52", "Horn Attack", 20)):
        g = game({"active": latios}, {"active": attacker(foe, name)}, settings=ALLOW)
        act(g, "p1", "attack", attack="Ice Barrier")
        act(g, "p2", "attack", attack=name)
        assert players(g)["p1"]["active"]["damage"] == damage, name


def test_special_circuit_does_50_to_a_pokemon_with_a_poke_power_or_body() -> None:
    bench = [LATIOS_EX, {"card": "ex15-52"}]  # Latios ex δ has a Poké-Body (Link Wing)
    g = attack("ex15-97", "Special Circuit", p2={"bench": bench}, target="bench1")
    assert players(g)["p2"]["bench"][0]["damage"] == 50
    g = attack("ex15-97", "Special Circuit", p2={"bench": bench}, target="bench2")
    assert players(g)["p2"]["bench"][1]["damage"] == 30
    g = attack("ex15-97", "Special Circuit", target="active")
    assert defending(g)["damage"] == 60  # Wailord: Weakness


def test_rage_aura_drops_the_colorless_cost_when_behind_on_prizes() -> None:
    rayquaza = {"card": "ex15-97", "energy": ["Lightning Energy"]}
    p1 = {"active": rayquaza, "prizes": ["Potion"] * 3}
    g = game(p1, {"active": WAILORD, "prizes": ["Potion"] * 2}, settings=ALLOW)
    act(g, "p1", "attack", attack="Special Circuit", target="active")
    assert defending(g)["damage"] == 60
    g = game(p1, {"active": WAILORD, "prizes": ["Potion"] * 3}, settings=ALLOW)
    with pytest.raises(IllegalActionError, match=r"ptcg\.attack\.energy"):
        act(g, "p1", "attack", attack="Special Circuit", target="active")


def test_type_shift_makes_salamence_ex_fire_for_the_turn() -> None:
    salamence = attacker("ex15-98", "Claw Swipe")
    metagross = {"card": "ex16-95", "under": ["Beldum", "Metang"]}  # weak to Fire
    g = game({"active": salamence}, {"active": metagross}, settings=ALLOW)
    act(g, "p1", "use_power", power="Type Shift", pokemon="active")
    act(g, "p1", "attack", attack="Claw Swipe")
    assert defending(g)["damage"] == 120
    g = game({"active": salamence}, {"active": metagross}, settings=ALLOW)
    act(g, "p1", "attack", attack="Claw Swipe")
    assert defending(g)["damage"] == 60


def test_dual_stream_may_split_its_damage_with_a_benched_pokemon() -> None:
    bench = [{"card": "ex15-59", "under": ["ex15-52"]}]
    g = attack("ex15-98", "Dual Stream", p2={"bench": bench})
    act(g, "p1", "choose", option=1)
    assert defending(g)["damage"] == 40 and players(g)["p2"]["bench"][0]["damage"] == 40
    g = attack("ex15-98", "Dual Stream", p2={"bench": bench})
    act(g, "p1", "choose", option=0)
    assert defending(g)["damage"] == 80 and players(g)["p2"]["bench"][0]["damage"] == 0
    g = attack("ex15-98", "Dual Stream")  # no Bench: nothing asked
    assert defending(g)["damage"] == 80


def test_rotating_claws_swaps_an_attached_energy_for_one_in_the_discard_pile() -> None:
    g = attack("ex15-100", "Rotating Claws", p1={"discard": ["Fire Energy"]})
    assert pending(g)["options"] == ["Darkness Energy", "Water Energy", "nothing"]
    act(g, "p1", "choose", option=1)  # Water out; the Fire Energy comes in (not the Water)
    assert pending(g)["options"] == ["Fire Energy"]
    act(g, "p1", "choose", option=0)
    assert sorted(players(g)["p1"]["active"]["energy"]) == ["Darkness Energy", "Fire Energy"]
    assert players(g)["p1"]["discard"] == ["Water Energy"]
    g = attack("ex15-100", "Rotating Claws", p1={"discard": ["Fire Energy"]})
    act(g, "p1", "choose", option=2)
    assert sorted(players(g)["p1"]["active"]["energy"]) == ["Darkness Energy", "Water Energy"]


def test_dark_swirl_discards_its_energy_and_the_opponents_top_3() -> None:
    g = attack("ex15-100", "Dark Swirl", p2={"deck": ["Potion"] * 5})
    assert players(g)["p1"]["active"]["energy"] == []
    assert players(g)["p2"]["discard"].count("Potion") == 3
    assert players(g)["p2"]["deck_count"] == 2  # 150 + 10 Knocked Wailord Out: game over


# ---------------------------------------------------------------------------- markers, Mew ★
GARDEVOIR_EX = {"card": "ex15-93", "under": ["Ralts", "Kirlia"]}


def test_flame_ball_may_move_a_fire_energy_to_a_benched_pokemon() -> None:
    bench = [{"card": "ex15-52"}]
    g = attack("ex15-93", "Flame Ball", p1={"bench": bench})
    assert pending(g)["options"] == ["Larvitar (bench1)", "nothing"]
    act(g, "p1", "choose", option=0)
    assert players(g)["p1"]["bench"][0]["energy"] == ["Fire Energy"]
    assert defending(g)["damage"] == 80
    g = attack("ex15-93", "Flame Ball", p1={"bench": bench})
    act(g, "p1", "choose", option=1)
    assert players(g)["p1"]["bench"][0]["energy"] == []
    g = attack("ex15-93", "Flame Ball")  # no Bench: nothing asked
    assert "pending" not in view(g)


def test_imprison_marks_a_pokemon_whose_powers_and_bodies_go_off() -> None:
    smoochum = {"card": "ex15-64"}
    p2 = {"active": WAILORD, "bench": [smoochum, LATIOS_EX], "hand": ["ex15-17"]}
    g = game({"active": GARDEVOIR_EX}, p2, settings=ALLOW)
    act(g, "p1", "use_power", power="Imprison", pokemon="active")
    assert pending(g)["options"] == ["Wailord (active)", "Smoochum (bench1)", "Latios ex (bench2)"]
    act(g, "p1", "choose", option=1)
    act(g, "p1", "end_turn")
    with pytest.raises(IllegalActionError, match=r"ptcg\.power\.body"):
        act(g, "p2", "use_power", power="Baby Evolution", pokemon="bench1")
    check_invariants(g.state)
    # a Poké-Body goes off too: an Imprisoned Latios ex's Link Wing no longer frees its retreat
    p2 = {"active": LATIOS_EX, "bench": [smoochum]}
    g = game({"active": GARDEVOIR_EX}, p2, settings=ALLOW)
    assert players(g)["p2"]["active"]["retreat"] == 0
    act(g, "p1", "use_power", power="Imprison", pokemon="active")
    act(g, "p1", "choose", option=0)
    assert players(g)["p2"]["active"]["retreat"] == 2
    # from the Bench Imprison cannot be used
    g = game({"active": "ex15-52", "bench": [GARDEVOIR_EX]}, p2, settings=ALLOW)
    with pytest.raises(IllegalActionError, match=r"ptcg\.power"):
        act(g, "p1", "use_power", power="Imprison", pokemon="bench1")


def test_an_imprisoned_charizard_ex_loses_energy_flame() -> None:
    # Charizard ex (ex6-105) makes its Energy Fire through a Poké-Body; an Imprison marker
    # turns that Body off, so its Water Energy is Water again (board.energy_type_body asks
    # body_off for every such Body, not only the ones that depend on the Stage)
    charizard = {"card": "ex6-105", "under": ["ex6-113", "ex6-31"], "energy": ["Water Energy"] * 3}
    g = game({"active": GARDEVOIR_EX}, {"active": charizard}, settings=ALLOW)
    mon = g.state.sides[1].active
    assert mon is not None
    assert energy_units(g.state, mon) == [("Fire",)] * 3 and can_pay(g.state, mon, ("Fire",) * 3)
    act(g, "p1", "use_power", power="Imprison", pokemon="active")
    act(g, "p1", "choose", option=0)
    mon = g.state.sides[1].active
    assert mon is not None
    assert energy_units(g.state, mon) == [("Water",)] * 3
    assert not can_pay(g.state, mon, ("Fire",) * 3)


TYRANITAR_EX = {
    "card": "ex15-99",
    "under": ["ex15-52", "ex15-59"],
    "energy": ["Lightning Energy"] * 2 + ["Water Energy"],
}


def test_electromark_then_shock_wave_knocks_the_marked_pokemon_out() -> None:
    p2 = {"active": WAILORD, "bench": [{"card": "ex15-52"}], "hand": ["ex15-59"]}
    g = game({"active": TYRANITAR_EX}, p2, settings=ALLOW)
    act(g, "p1", "attack", attack="Electromark")
    act(g, "p1", "choose", option=1)  # Larvitar δ on the Bench
    assert players(g)["p2"]["bench"][0]["markers"] == ["shock-wave"]
    assert "markers" not in defending(g)
    # the marker stays as the Pokémon evolves
    act(g, "p2", "evolve", card="ex15-59", target="bench1")
    act(g, "p2", "end_turn")
    act(g, "p1", "attack", attack="Shock-wave")
    assert pending(g)["options"] == ["Pupitar (bench1)"]
    act(g, "p1", "choose", option=0)
    assert "Pupitar δ" in players(g)["p2"]["discard"] and players(g)["p2"]["bench"] == []
    check_invariants(g.state)


def test_shock_wave_does_nothing_without_a_marked_pokemon() -> None:
    g = game({"active": TYRANITAR_EX}, {"active": WAILORD}, settings=ALLOW)
    act(g, "p1", "attack", attack="Shock-wave")
    assert defending(g)["damage"] == 0 and "pending" not in view(g)


def test_hyper_claws_does_20_more_to_a_stage_2_pokemon() -> None:
    assert defending(attack("ex15-99", "Hyper Claws", defender=DRAGONITE_EX))["damage"] == 90
    altaria = {"card": "ex15-90", "under": ["ex15-65"]}  # Stage 1
    assert defending(attack("ex15-99", "Hyper Claws", defender=altaria))["damage"] == 70


def test_rainbow_wave_hits_each_opposing_pokemon_of_the_chosen_energys_type() -> None:
    bench = [LATIOS_EX, {"card": "ex15-52"}]  # Water, Lightning
    mew = {"energy": ["Water Energy", "Fire Energy"]}
    g = attack("ex15-101", "Rainbow Wave", p2={"bench": bench}, mon=mew)
    assert pending(g)["options"] == ["Water Energy", "Fire Energy"]
    act(g, "p1", "choose", option=0)
    assert defending(g)["damage"] == 20  # Wailord: Water
    assert [m["damage"] for m in players(g)["p2"]["bench"]] == [20, 0]
    g = attack("ex15-101", "Rainbow Wave", p2={"bench": bench}, mon=mew)
    act(g, "p1", "choose", option=1)  # no Fire Pokémon: nothing
    assert defending(g)["damage"] == 0


def test_mimicry_copies_an_attack_of_any_opposing_pokemon_if_mew_has_its_energy() -> None:
    bench = [{"card": "ex15-52"}]  # Larvitar δ: Horn Attack costs 2 Colorless
    mew = {"card": "ex15-101", "energy": ["Water Energy"] * 2}
    g = game({"active": mew}, {"active": WAILORD, "bench": bench}, settings=ALLOW)
    act(g, "p1", "attack", attack="Mimicry", copy="ex15-52:Horn Attack")
    assert defending(g)["damage"] == 20
    mew = {"card": "ex15-101", "energy": ["Water Energy"]}
    g = game({"active": mew}, {"active": WAILORD, "bench": bench}, settings=ALLOW)
    act(g, "p1", "attack", attack="Mimicry", copy="ex15-52:Horn Attack")
    assert defending(g)["damage"] == 0  # 1 Energy: not enough for Horn Attack
