"""EX Hidden Legends (ex5): the bundled facts, the primitives of vocab_ex5.py and the cards
of effect_data_ex5.py built from them, each shown both ways (doing its work, and doing nothing
or refusing where it must)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.ptcg.board import HEADS, TAILS, act, check_invariants, game, view
from turnkeeper.core.game import Game
from turnkeeper.core.model import IllegalActionError
from turnkeeper.rulesets.ptcg import RULESET
from turnkeeper.rulesets.ptcg.cards import bundled_cards, bundled_decks, deck_list, pool
from turnkeeper.rulesets.ptcg.coverage import coverage
from turnkeeper.rulesets.ptcg.exhaust import Report, play_checked

WAILORD = {"card": "ex1-14", "under": ["Wailmer"]}  # 120 HP, Weakness Lightning only
ALLOW = {"allow_unimplemented": True}
METAGROSS = {"card": "ex5-11", "under": ["ex5-54", "ex5-43"]}
BELLOSSOM = {"card": "ex5-16", "under": ["ex5-68", "ex5-35"]}


def players(g: Any) -> dict[str, Any]:
    found: dict[str, Any] = view(g)["players"]
    return found


def pending(g: Any) -> dict[str, Any]:
    found: dict[str, Any] = view(g)["pending"]
    return found


def p2_active(g: Any) -> dict[str, Any]:
    found: dict[str, Any] = players(g)["p2"]["active"]
    return found


# ---------------------------------------------------------------------------- the set
def test_ex5_is_bundled_with_its_two_theme_decks_fully_implemented() -> None:
    cards = bundled_cards()
    assert sum(c.set == "ex5" for c in cards.values()) == 102
    decks = bundled_decks()
    for key, deck_id in (("wish-maker", "d-ex5-1"), ("forest-guardian", "d-ex5-2")):
        assert decks[key]["id"] == deck_id
        ids = deck_list(key, pool(), "deck")
        assert len(ids) == 60
        found = coverage(pool()[card_id] for card_id in ids)
        assert found.missing == []


@pytest.mark.parametrize("agents", [("random", "greedy"), ("greedy", "random")])
def test_the_theme_decks_play_seeded_games_with_the_invariants(agents: tuple[str, str]) -> None:
    decks = [deck_list(key, pool(), "deck") for key in ("wish-maker", "forest-guardian")]
    report = Report()
    for seed in range(4):
        play_checked(decks, agents, f"ex5/{agents[0]}/{seed}", report)
    assert report.failures == [] and report.games == 4
    # the theme decks' own effects are reached in these games
    assert any(effect.startswith("ex5-") for effect in report.effects)


# ---------------------------------------------------------------------------- tests and counts
def test_supernatural_power_needs_hands_of_the_same_size() -> None:
    shiftry = {"card": "ex5-14", "under": ["ex5-71", "ex5-45"], "energy": ["Grass Energy"] * 3}
    g = game({"active": shiftry}, {"active": WAILORD}, settings=ALLOW)
    act(g, "p1", "attack", attack="Supernatural Power")
    assert p2_active(g)["damage"] == 80
    g = game({"active": shiftry}, {"active": WAILORD, "hand": ["Potion"]}, settings=ALLOW)
    act(g, "p1", "attack", attack="Supernatural Power")
    assert p2_active(g)["damage"] == 40


def test_extra_draw_attaches_grass_energy_only_against_a_pokemon_ex() -> None:
    heracross = {"card": "ex5-7", "energy": ["Grass Energy"]}
    deck = ["Grass Energy", "Grass Energy", "Water Energy", "Grass Energy"]
    g = game({"active": heracross, "deck": deck}, {"active": "ex5-97"}, settings=ALLOW)
    act(g, "p1", "attack", attack="Extra Draw")
    act(g, "p1", "choose", option=0)
    act(g, "p1", "choose", option=0)
    assert players(g)["p1"]["active"]["energy"] == ["Grass Energy"] * 3
    g = game({"active": heracross, "deck": deck}, {"active": WAILORD}, settings=ALLOW)
    events = act(g, "p1", "attack", attack="Extra Draw")
    assert not any(e.type == "ask" for e in events)
    assert players(g)["p1"]["active"]["energy"] == ["Grass Energy"]


def test_white_snow_and_rainy_day_blues_read_the_stadium_in_play() -> None:
    castform = {"card": "ex5-25", "energy": ["Water Energy"] * 4}
    storm = {"card": "ex5-91", "owner": "p2"}
    g = game({"active": castform}, {"active": WAILORD}, settings=ALLOW, stadium=storm)
    act(g, "p1", "attack", attack="White Snow")
    assert p2_active(g)["damage"] == 70
    g = game({"active": castform}, {"active": WAILORD}, settings=ALLOW)
    act(g, "p1", "attack", attack="White Snow")
    assert p2_active(g)["damage"] == 50
    rain = {"card": "ex5-23", "energy": ["Water Energy"] * 2}
    g = game({"active": rain}, {"active": WAILORD}, settings=ALLOW, stadium=storm)
    act(g, "p1", "attack", attack="Rainy Day Blues")
    assert p2_active(g)["damage"] == 20 and p2_active(g)["conditions"] == []


def test_rainbow_star_counts_the_basic_energy_types_on_the_defending_pokemon() -> None:
    starmie = {"card": "ex5-49", "under": ["ex5-75"], "energy": ["Psychic Energy"] * 3}
    energy = ["Water Energy", "Fire Energy", "Water Energy", "Metal Energy"]
    g = game({"active": starmie}, {"active": {**WAILORD, "energy": energy}})
    act(g, "p1", "attack", attack="Rainbow Star")
    assert p2_active(g)["damage"] == 50 + 20  # Water and Fire; Metal Energy is not basic
    g = game({"active": starmie}, {"active": WAILORD})
    act(g, "p1", "attack", attack="Rainbow Star")
    assert p2_active(g)["damage"] == 50


def test_dark_splash_counts_darkness_pokemon_on_both_sides() -> None:
    huntail = {"card": "ex5-19", "under": ["ex5-58"], "energy": ["Water Energy"] * 3}
    nuzleaf = {"card": "ex5-45", "under": ["ex5-71"]}
    g = game({"active": huntail}, {"active": nuzleaf, "bench": ["ex5-4", "ex5-71"]})
    act(g, "p1", "attack", attack="Dark Splash")
    assert p2_active(g)["damage"] == 40 + 20  # Nuzleaf and Dark Celebi, not Seedot
    g = game({"active": huntail}, {"active": WAILORD})
    act(g, "p1", "attack", attack="Dark Splash")
    assert p2_active(g)["damage"] == 40


def test_shadow_steal_counts_special_energy_in_the_opponents_discard_pile() -> None:
    banette = {"card": "ex5-1", "under": ["ex5-72"], "energy": ["Psychic Energy"]}
    discard = ["Darkness Energy", "Metal Energy", "Water Energy"]
    g = game({"active": banette}, {"active": WAILORD, "discard": discard}, settings=ALLOW)
    act(g, "p1", "attack", attack="Shadow Steal")
    assert p2_active(g)["damage"] == 10 + 40
    g = game({"active": banette}, {"active": WAILORD, "discard": ["Water Energy"]}, settings=ALLOW)
    act(g, "p1", "attack", attack="Shadow Steal")
    assert p2_active(g)["damage"] == 10


def test_darkness_chant_puts_a_counter_per_pokemon_in_the_discard_pile_up_to_6() -> None:
    banette = {"card": "ex5-1", "under": ["ex5-72"], "energy": ["Psychic Energy"] * 2}
    g = game({"active": banette, "discard": ["ex5-72"] * 8}, {"active": WAILORD}, settings=ALLOW)
    act(g, "p1", "attack", attack="Darkness Chant")
    assert p2_active(g)["damage"] == 60
    g = game(
        {"active": banette, "discard": ["ex5-72", "Potion", "ex5-1"]},
        {"active": WAILORD},
        settings=ALLOW,
    )
    act(g, "p1", "attack", attack="Darkness Chant")
    assert p2_active(g)["damage"] == 20


def test_swallow_up_and_splash_about_compare_with_the_defending_pokemon() -> None:
    swalot = {"card": "ex5-50", "under": ["ex5-62"], "energy": ["Grass Energy"] * 3}
    metagross = {"card": "ex5-95", "under": ["ex5-54", "ex5-43"], "damage": 80}  # Resists Grass
    g = game({"active": swalot}, {"active": metagross})
    act(g, "p1", "attack", attack="Swallow Up")
    assert p2_active(g)["damage"] == 80 + 80 - 30  # 70 HP left, below Swalot's 80
    g = game({"active": swalot}, {"active": {**metagross, "damage": 0}})
    act(g, "p1", "attack", attack="Swallow Up")
    assert p2_active(g)["damage"] == 50 - 30
    surskit = {"card": "ex5-76", "energy": ["Grass Energy"]}
    g = game({"active": surskit}, {"active": {**WAILORD, "energy": ["Water Energy"] * 2}})
    act(g, "p1", "attack", attack="Splash About")
    assert p2_active(g)["damage"] == 20
    g = game({"active": surskit}, {"active": {**WAILORD, "energy": ["Water Energy"]}})
    act(g, "p1", "attack", attack="Splash About")
    assert p2_active(g)["damage"] == 10


# ---------------------------------------------------------------------------- effects
def test_mass_destruction_knocks_out_both_unless_special_energy_is_attached() -> None:
    electrode = {"card": "ex5-5", "under": ["ex5-80"], "energy": ["Lightning Energy"] * 3}
    g = game({"active": electrode, "bench": ["ex5-80"]}, {"active": WAILORD, "bench": ["ex5-80"]})
    act(g, "p1", "attack", attack="Mass Destruction")
    assert "Electrode" in players(g)["p1"]["discard"]
    assert "Wailord" in players(g)["p2"]["discard"]
    check_invariants(g.state)
    special = {**electrode, "energy": ["Lightning Energy", "Lightning Energy", "Metal Energy"]}
    g = game({"active": special, "bench": ["ex5-80"]}, {"active": WAILORD, "bench": ["ex5-80"]})
    act(g, "p1", "attack", attack="Mass Destruction")
    assert p2_active(g)["damage"] == 0 and players(g)["p1"]["active"]["damage"] == 0


def test_triple_poison_puts_3_counters_between_turns_until_cured() -> None:
    crobat = {"card": "ex5-3", "under": ["ex5-83", "ex5-36"], "energy": ["Grass Energy"] * 2}
    g = game({"active": crobat}, {"active": WAILORD}, settings=ALLOW)
    act(g, "p1", "attack", attack="Triple Poison")
    assert p2_active(g)["damage"] == 10 + 30
    gulpin = {"card": "ex5-62", "energy": ["Grass Energy"]}
    g = game({"active": gulpin}, {"active": WAILORD}, settings=ALLOW)
    act(g, "p1", "attack", attack="Spit Poison")
    assert p2_active(g)["damage"] == 10  # an ordinary Poison: 1 counter


def test_sheer_cold_on_heads_stops_the_defending_pokemon_attacking() -> None:
    walrein = {"card": "ex5-15", "under": ["ex5-74", "ex5-47"], "energy": ["Water Energy"] * 3}
    groudon = {"card": "ex5-102", "energy": ["Fighting Energy"] * 2}
    g = game({"active": walrein}, {"active": groudon}, settings=ALLOW)
    act(g, "p1", "attack", attack="Sheer Cold", coins=[HEADS])
    with pytest.raises(IllegalActionError, match=r"ptcg\.attack\.effect"):
        act(g, "p2", "attack", attack="Mud Shot")
    g = game({"active": walrein}, {"active": groudon}, settings=ALLOW)
    act(g, "p1", "attack", attack="Sheer Cold", coins=[TAILS])
    act(g, "p2", "attack", attack="Mud Shot")


def test_heavy_blizzard_on_heads_puts_a_counter_on_each_benched_pokemon() -> None:
    glalie = {"card": "ex5-34", "under": ["ex5-73"], "energy": ["Water Energy"] * 3}
    for coin, bench_damage in ((HEADS, 10), (TAILS, 0)):
        g = game({"active": glalie}, {"active": WAILORD, "bench": ["ex5-70", "ex5-70"]})
        act(g, "p1", "attack", attack="Heavy Blizzard", coins=[coin])
        assert [m["damage"] for m in players(g)["p2"]["bench"]] == [bench_damage] * 2


def test_distorted_wave_heals_3_counters_before_the_damage() -> None:
    milotic = {"card": "ex5-12", "under": ["ex5-61"], "energy": ["Water Energy"] * 4}
    g = game({"active": milotic}, {"active": {**WAILORD, "damage": 50}})
    act(g, "p1", "attack", attack="Distorted Wave")
    assert p2_active(g)["damage"] == 50 - 30 + 80
    g = game({"active": milotic}, {"active": {**WAILORD, "damage": 10}})
    act(g, "p1", "attack", attack="Distorted Wave")
    assert p2_active(g)["damage"] == 80  # only 1 counter to remove


def test_loving_draw_draws_to_the_opponents_hand_size() -> None:
    luvdisc = {"card": "ex5-40", "energy": ["Water Energy"]}
    g = game({"active": luvdisc, "hand": ["Potion"]}, {"active": WAILORD, "hand": ["Potion"] * 4})
    act(g, "p1", "attack", attack="Loving Draw")
    assert players(g)["p1"]["hand_count"] == 4
    g = game({"active": luvdisc, "hand": ["Potion"] * 5}, {"active": WAILORD, "hand": ["Potion"]})
    act(g, "p1", "attack", attack="Loving Draw")
    assert players(g)["p1"]["hand_count"] == 5


def test_steel_wave_hits_the_benched_pokemon_of_the_defending_pokemons_type() -> None:
    registeel = {"card": "ex5-99", "energy": ["Metal Energy", "Metal Energy", "Water Energy"]}
    g = game({"active": registeel}, {"active": WAILORD, "bench": ["ex5-75", "ex5-70"]})
    act(g, "p1", "attack", attack="Steel Wave")
    assert [m["damage"] for m in players(g)["p2"]["bench"]] == [20, 0]  # Staryu is Water


def test_fruition_moves_an_energy_card_and_heals_the_pokemon_given_it() -> None:
    tropius = {"card": "ex5-27", "energy": ["Grass Energy"]}
    g = game({"active": tropius, "bench": [{"card": "ex5-68", "damage": 40}]}, {"active": WAILORD})
    act(g, "p1", "attack", attack="Fruition")
    assert pending(g)["options"] == ["Grass Energy from Tropius (active) to Oddish (bench1)"]
    act(g, "p1", "choose", option=0)
    oddish = players(g)["p1"]["bench"][0]
    assert oddish["damage"] == 0 and oddish["energy"] == ["Grass Energy"]
    # with no Energy on it, nothing moves and nothing is asked
    g = game({"active": "ex5-27", "bench": [{"card": "ex5-68", "damage": 40}]}, {"active": WAILORD})
    with pytest.raises(IllegalActionError, match=r"ptcg\.attack\.energy"):
        act(g, "p1", "attack", attack="Fruition")


def test_make_a_wish_evolves_a_pokemon_from_the_deck_and_hurts_jirachi() -> None:
    jirachi = {"card": "ex5-8", "energy": ["Psychic Energy"]}
    deck = ["ex5-43", "Water Energy", "Water Energy"]
    g = game({"active": jirachi, "bench": ["ex5-54"], "deck": deck}, {"active": WAILORD})
    act(g, "p1", "attack", attack="Make a Wish")
    assert pending(g)["options"] == ["Metang on Beldum (bench1)", "nothing"]
    act(g, "p1", "choose", option=0)
    p1 = players(g)["p1"]
    assert p1["bench"][0]["card"] == "Metang" and p1["active"]["damage"] == 10
    check_invariants(g.state)
    # a Beldum that came into play this turn cannot evolve: nothing to put, no counter
    new = {"card": "ex5-54", "new": True}
    g = game({"active": jirachi, "bench": [new], "deck": deck}, {"active": WAILORD})
    act(g, "p1", "attack", attack="Make a Wish")
    assert pending(g)["options"] == ["nothing"]
    act(g, "p1", "choose", option=0)
    assert players(g)["p1"]["active"]["damage"] == 0


def test_ascension_evolves_only_the_attacker() -> None:
    feebas = {"card": "ex5-61", "energy": ["Water Energy"]}
    g = game({"active": feebas, "bench": ["ex5-61"], "deck": ["ex5-12"]}, {"active": WAILORD})
    act(g, "p1", "attack", attack="Ascension")
    assert pending(g)["options"] == ["Milotic on Feebas (active)", "nothing"]
    act(g, "p1", "choose", option=0)
    assert players(g)["p1"]["active"]["card"] == "Milotic"
    assert players(g)["p1"]["bench"][0]["card"] == "Feebas"


def test_intense_glare_burns_and_confuses_the_new_defending_pokemon() -> None:
    ninetales = {"card": "ex5-96", "under": ["ex5-81"], "energy": ["Fire Energy"]}
    g = game({"active": ninetales}, {"active": WAILORD, "bench": ["ex5-70"]})
    act(g, "p1", "attack", attack="Intense Glare")
    act(g, "p1", "choose", option=0)
    active = p2_active(g)
    assert active["card"] == "Rhyhorn" and active["conditions"] == ["confused", "burned"]
    assert players(g)["p2"]["bench"][0]["conditions"] == []


# ---------------------------------------------------------------------------- Poké-Powers
def test_metal_juncture_moves_metal_energy_to_the_active_as_often_as_wanted() -> None:
    beldum = {"card": "ex5-54", "energy": ["Metal Energy", "Metal Energy", "Psychic Energy"]}
    g = game({"active": METAGROSS, "bench": [beldum]}, {"active": WAILORD})
    for _ in range(2):
        act(g, "p1", "use_power", pokemon="active", power="Metal Juncture")
        act(g, "p1", "choose", option=0)
    assert players(g)["p1"]["active"]["energy"] == ["Metal Energy", "Metal Energy"]
    with pytest.raises(IllegalActionError, match=r"ptcg\.power\.requirement"):
        act(g, "p1", "use_power", pokemon="active", power="Metal Juncture")


def test_heal_dance_heals_2_counters_once_a_turn_for_all_bellossom() -> None:
    hurt = {**BELLOSSOM, "damage": 50}
    g = game({"active": hurt, "bench": [BELLOSSOM]}, {"active": WAILORD})
    act(g, "p1", "use_power", pokemon="active", power="Heal Dance")
    act(g, "p1", "choose", option=0)
    assert players(g)["p1"]["active"]["damage"] == 30
    with pytest.raises(IllegalActionError, match=r"ptcg\.power\.requirement"):
        act(g, "p1", "use_power", pokemon="bench1", power="Heal Dance")


def test_magnetic_call_benches_a_metal_basic_on_heads() -> None:
    beldum = {"card": "ex5-29"}
    deck = ["ex5-28", "ex5-54", "Water Energy"]
    g = game({"active": beldum, "deck": deck}, {"active": WAILORD})
    act(g, "p1", "use_power", pokemon="active", power="Magnetic Call", coins=[HEADS])
    assert pending(g)["options"] == ["Beldum", "nothing"]  # the Metal one, not ex5-54
    act(g, "p1", "choose", option=0)
    assert [m["id"] for m in players(g)["p1"]["bench"]] == ["ex5-28"]
    g = game({"active": beldum, "deck": deck}, {"active": WAILORD})
    act(g, "p1", "use_power", pokemon="active", power="Magnetic Call", coins=[TAILS])
    assert players(g)["p1"]["bench"] == []


def test_healing_shower_heals_everything_but_pokemon_ex_in_the_turn_milotic_evolves() -> None:
    g = game(
        {
            "active": {"card": "ex5-61", "damage": 20},
            "bench": [{"card": "ex5-98", "damage": 30}],
            "hand": ["ex5-12"],
        },
        {"active": {**WAILORD, "damage": 40}},
        settings=ALLOW,
    )
    act(g, "p1", "evolve", card="ex5-12", target="active")
    act(g, "p1", "use_power", pokemon="active", power="Healing Shower")
    p1 = players(g)["p1"]
    assert p1["active"]["damage"] == 0 and p1["bench"][0]["damage"] == 30
    assert p2_active(g)["damage"] == 0
    milotic = {"card": "ex5-12", "under": ["ex5-61"], "damage": 20}
    g = game({"active": milotic}, {"active": WAILORD}, settings=ALLOW)
    with pytest.raises(IllegalActionError, match=r"ptcg\.power\.requirement"):
        act(g, "p1", "use_power", pokemon="active", power="Healing Shower")


# ---------------------------------------------------------------------------- Trainers
def test_stevens_advice_draws_up_to_the_opponents_pokemon_in_play() -> None:
    deck = ["Water Energy"] * 8
    g = game(
        {"active": "ex5-8", "hand": ["ex5-92"], "deck": deck},
        {"active": WAILORD, "bench": ["ex5-70", "ex5-70"]},
    )
    act(g, "p1", "play_trainer", card="Steven's Advice")
    assert pending(g)["options"] == ["draw 0", "draw 1", "draw 2", "draw 3"]
    act(g, "p1", "choose", option=3)
    assert players(g)["p1"]["hand_count"] == 3
    g = game(
        {"active": "ex5-8", "hand": ["ex5-92"] + ["Potion"] * 7, "deck": deck},
        {"active": WAILORD},
    )
    with pytest.raises(IllegalActionError, match=r"ptcg\.trainer\.condition"):
        act(g, "p1", "play_trainer", card="Steven's Advice")


def test_coral_glow_counts_basic_pokemon_and_stops_at_10_cards() -> None:
    corsola = {"card": "ex5-32", "energy": ["Water Energy"]}
    p2 = {"active": "ex5-70", "bench": ["ex5-80", {"card": "ex5-46", "under": ["ex5-70"]}]}
    g = game({"active": corsola, "deck": ["Water Energy"] * 5}, p2, settings=ALLOW)
    act(g, "p1", "attack", attack="Coral Glow")
    assert pending(g)["options"] == ["draw 0", "draw 1", "draw 2"]  # Rhydon is not Basic
    g = game(
        {"active": corsola, "hand": ["Potion"] * 9, "deck": ["Water Energy"] * 5},
        p2,
        settings=ALLOW,
    )
    act(g, "p1", "attack", attack="Coral Glow")
    assert pending(g)["options"] == ["draw 0", "draw 1"]


def test_life_herb_of_ex5_plays_as_the_ex6_one() -> None:
    hurt = {"card": "ex5-68", "damage": 40, "conditions": ["poisoned"]}
    g = game({"active": hurt, "hand": ["ex5-90"]}, {"active": WAILORD})
    act(g, "p1", "play_trainer", card="ex5-90", coins=[HEADS])
    act(g, "p1", "choose", option=0)
    assert players(g)["p1"]["active"]["damage"] == 0
    g = game({"active": "ex5-68", "hand": ["ex5-90"]}, {"active": WAILORD})
    with pytest.raises(IllegalActionError, match=r"ptcg\.trainer\.condition"):
        act(g, "p1", "play_trainer", card="ex5-90")


# ---------------------------------------------------------------------------- Poké-Bodies
def test_core_guard_needs_psychic_energy() -> None:
    oddish = {"card": "ex5-68", "energy": ["Grass Energy"]}
    g = game({"active": oddish}, {"active": {"card": "ex5-75", "energy": ["Psychic Energy"]}})
    act(g, "p1", "attack", attack="Razor Leaf")
    assert p2_active(g)["damage"] == 0
    g = game({"active": oddish}, {"active": {"card": "ex5-75", "energy": ["Water Energy"]}})
    act(g, "p1", "attack", attack="Razor Leaf")
    assert p2_active(g)["damage"] == 10


def test_crust_reduces_damage_from_basic_pokemon_only() -> None:
    rhyhorn = {"card": "ex5-70", "energy": ["Fighting Energy"] * 3}
    g = game({"active": rhyhorn}, {"active": "ex5-13"}, settings=ALLOW)
    act(g, "p1", "attack", attack="Take Down")
    assert p2_active(g)["damage"] == 20
    rhydon = {"card": "ex5-46", "under": ["ex5-70"], "energy": ["Fighting Energy"]}
    g = game({"active": rhydon}, {"active": "ex5-13"}, settings=ALLOW)
    act(g, "p1", "attack", attack="Horn Drill")
    assert p2_active(g)["damage"] == 20


def test_ice_wall_reduces_damage_from_attackers_with_special_energy() -> None:
    glalie = {"card": "ex5-34", "under": ["ex5-73"]}
    special = ["Fighting Energy", "Darkness Energy", "Fighting Energy"]
    g = game({"active": {"card": "ex5-70", "energy": special}}, {"active": glalie})
    act(g, "p1", "attack", attack="Take Down")
    assert p2_active(g)["damage"] == 10
    basic = ["Fighting Energy"] * 3
    g = game({"active": {"card": "ex5-70", "energy": basic}}, {"active": glalie})
    act(g, "p1", "attack", attack="Take Down")
    assert p2_active(g)["damage"] == 50


def test_strikes_back_and_safeguard() -> None:
    machoke = {"card": "ex5-41", "under": ["ex5-64"]}
    rhyhorn = {"card": "ex5-70", "energy": ["Fighting Energy"]}
    g = game({"active": rhyhorn}, {"active": machoke})
    act(g, "p1", "attack", attack="Double Stab", coins=[HEADS, TAILS])
    assert players(g)["p1"]["active"]["damage"] == 10
    g = game({"active": rhyhorn}, {"active": machoke})
    act(g, "p1", "attack", attack="Double Stab", coins=[TAILS, TAILS])
    assert players(g)["p1"]["active"]["damage"] == 0  # no damage done: no strike back
    ninetales = {"card": "ex5-22", "under": ["ex5-81"]}
    wigglytuff = {"card": "ex5-101", "under": ["ex5-63"], "energy": ["Water Energy"] * 3}
    g = game({"active": wigglytuff}, {"active": ninetales})
    act(g, "p1", "attack", attack="Do the Wave")
    assert p2_active(g)["damage"] == 0 and p2_active(g)["conditions"] == []


def test_levitate_and_freefloating_make_the_retreat_cost_0() -> None:
    g = game(
        {"active": {"card": "ex5-28", "energy": ["Metal Energy"]}, "bench": ["ex5-54"]},
        {"active": WAILORD},
    )
    act(g, "p1", "retreat", target="bench1")
    assert players(g)["p1"]["bench"][0]["energy"] == ["Metal Energy"]  # nothing paid
    g = game({"active": "ex5-28", "bench": ["ex5-54"]}, {"active": WAILORD})
    with pytest.raises(IllegalActionError, match=r"ptcg\.retreat\.cost"):
        act(g, "p1", "retreat", target="bench1")
    g = game({"active": "ex5-77", "bench": ["ex5-54"]}, {"active": WAILORD})
    act(g, "p1", "retreat", target="bench1")
    g = game(
        {"active": {"card": "ex5-77", "energy": ["Water Energy"]}, "bench": ["ex5-54"]},
        {"active": WAILORD},
    )
    act(g, "p1", "retreat", target="bench1")
    assert players(g)["p1"]["bench"][0]["energy"] == []  # its cost of 1 was paid


def test_fast_feet_lets_dodrio_retreat_while_asleep() -> None:
    dodrio = {"card": "ex5-33", "under": ["ex5-60"], "conditions": ["asleep"]}
    g = game({"active": dodrio, "bench": ["ex5-54"]}, {"active": WAILORD})
    events = act(g, "p1", "retreat", target="bench1")
    assert any(e.type == "note" and e.data.get("name") == "Fast Feet" for e in events)
    assert players(g)["p1"]["active"]["card"] == "Beldum"
    doduo = {"card": "ex5-60", "energy": ["Water Energy"], "conditions": ["asleep"]}
    g = game({"active": doduo, "bench": ["ex5-54"]}, {"active": WAILORD})
    with pytest.raises(IllegalActionError, match=r"ptcg\.retreat\.condition"):
        act(g, "p1", "retreat", target="bench1")


def test_healing_stone_removes_a_counter_between_turns() -> None:
    g = game({"active": {"card": "ex5-98", "damage": 30}}, {"active": WAILORD}, settings=ALLOW)
    act(g, "p1", "end_turn")
    assert players(g)["p1"]["active"]["damage"] == 20
    g = game({"active": {"card": "ex5-70", "damage": 30}}, {"active": WAILORD}, settings=ALLOW)
    act(g, "p1", "end_turn")
    assert players(g)["p1"]["active"]["damage"] == 30


# ---------------------------------------------------------------------------- hands, the deck
def test_flutter_trick_on_heads_discards_the_card_the_player_picks_from_the_hand() -> None:
    crobat = {"card": "ex5-3", "under": ["ex5-83", "ex5-36"], "energy": ["Grass Energy"]}
    g = game({"active": crobat}, {"active": WAILORD, "hand": ["Potion", "Switch"]}, settings=ALLOW)
    events = act(g, "p1", "attack", attack="Flutter Trick", coins=[HEADS])
    assert any(e.type == "note" and e.data.get("what") == "hand" for e in events)
    assert pending(g)["options"] == ["Potion", "Switch"]
    act(g, "p1", "choose", option=1)
    assert players(g)["p2"]["discard"] == ["Switch"]
    g = game({"active": crobat}, {"active": WAILORD, "hand": ["Potion"]}, settings=ALLOW)
    act(g, "p1", "attack", attack="Flutter Trick", coins=[TAILS])
    assert players(g)["p2"]["discard"] == [] and p2_active(g)["damage"] == 20


def test_push_aside_puts_a_pokemon_card_of_the_hand_under_the_deck() -> None:
    energy = ["Darkness Energy", "Grass Energy"]
    shiftry = {"card": "ex5-14", "under": ["ex5-71", "ex5-45"], "energy": energy}
    g = game({"active": shiftry}, {"active": WAILORD, "hand": ["Potion", "ex5-70"]}, settings=ALLOW)
    act(g, "p1", "attack", attack="Push Aside")
    assert pending(g)["options"] == ["Rhyhorn"]  # the Potion is not a Pokémon card
    act(g, "p1", "choose", option=0)
    assert bundled_cards()[g.state.cards[g.state.sides[1].deck[-1]]].name == "Rhyhorn"
    g = game({"active": shiftry}, {"active": WAILORD, "hand": ["Potion"]}, settings=ALLOW)
    events = act(g, "p1", "attack", attack="Push Aside")
    assert not any(e.type == "ask" for e in events)


def test_crush_draw_attaches_a_revealed_basic_energy_and_leaves_anything_else() -> None:
    walrein = {"card": "ex5-15", "under": ["ex5-74", "ex5-47"]}
    g = game(
        {"active": walrein, "bench": ["ex5-74"], "deck": ["Water Energy", "Potion"]},
        {"active": WAILORD},
        settings=ALLOW,
    )
    act(g, "p1", "use_power", pokemon="active", power="Crush Draw")
    assert pending(g)["options"] == ["Walrein (active)", "Spheal (bench1)"]
    act(g, "p1", "choose", option=1)
    assert players(g)["p1"]["bench"][0]["energy"] == ["Water Energy"]
    g = game(
        {"active": walrein, "deck": ["Potion", "Water Energy"]}, {"active": WAILORD}, settings=ALLOW
    )
    events = act(g, "p1", "use_power", pokemon="active", power="Crush Draw")
    assert not any(e.type == "ask" for e in events)
    assert players(g)["p1"]["deck_count"] == 2


def test_shadow_crush_trades_a_psychic_energy_for_one_of_the_defending_pokemon() -> None:
    shuppet = {"card": "ex5-72", "energy": ["Psychic Energy"]}
    defending = {**WAILORD, "energy": ["Water Energy", "Fire Energy"]}
    g = game({"active": shuppet}, {"active": defending})
    act(g, "p1", "attack", attack="Shadow Crush")
    act(g, "p1", "choose", option=0)
    assert view(g)["pending"]["player"] == "p2"
    act(g, "p2", "choose", option=1)
    assert players(g)["p2"]["discard"] == ["Fire Energy"]
    assert players(g)["p1"]["discard"] == ["Psychic Energy"]
    g = game({"active": shuppet}, {"active": defending})
    act(g, "p1", "attack", attack="Shadow Crush")
    act(g, "p1", "choose", option=1)  # no
    assert players(g)["p2"]["discard"] == [] and players(g)["p1"]["discard"] == []


def test_tonnage_may_hit_harder_at_a_cost() -> None:
    regirock = {"card": "ex5-98", "energy": ["Fighting Energy"] * 3}
    g = game({"active": regirock}, {"active": WAILORD})
    act(g, "p1", "attack", attack="Tonnage")
    act(g, "p1", "choose", option=1)
    assert p2_active(g)["damage"] == 80
    g = game({"active": regirock}, {"active": WAILORD})
    act(g, "p1", "attack", attack="Tonnage")
    act(g, "p1", "choose", option=0)
    assert p2_active(g)["damage"] == 60 and players(g)["p1"]["active"]["damage"] == 0
    # the Regirock ex that hit harder took 3 counters (then Healing Stone took one off)
    g = game({"active": regirock}, {"active": WAILORD})
    act(g, "p1", "attack", attack="Tonnage")
    act(g, "p1", "choose", option=1)
    assert players(g)["p1"]["active"]["damage"] == 30 - 10


def test_crushing_mantle_and_super_tidal_wave_count_energy_cards_in_the_hand() -> None:
    groudon = {"card": "ex5-93", "energy": ["Fighting Energy"] * 3}
    hand = ["Fire Energy", "Water Energy", "Potion"]
    g = game({"active": groudon, "hand": hand}, {"active": WAILORD}, settings=ALLOW)
    act(g, "p1", "attack", attack="Crushing Mantle")
    assert pending(g)["options"] == ["discard Fire Energy", "discard Water Energy", "done"]
    act(g, "p1", "choose", option=0)
    act(g, "p1", "choose", option=0)  # the last Energy card: nothing more to ask
    assert p2_active(g)["damage"] == 70 and players(g)["p1"]["hand_count"] == 1
    kyogre = {"card": "ex5-94", "energy": ["Water Energy"] * 3}
    g = game({"active": kyogre, "hand": hand}, {"active": WAILORD}, settings=ALLOW)
    act(g, "p1", "attack", attack="Super Tidal Wave")
    act(g, "p1", "choose", option=0)
    assert p2_active(g)["damage"] == 70 and players(g)["p1"]["hand_count"] == 1
    g = game({"active": kyogre, "hand": hand}, {"active": WAILORD}, settings=ALLOW)
    act(g, "p1", "attack", attack="Super Tidal Wave")
    act(g, "p1", "choose", option=1)
    assert p2_active(g)["damage"] == 50 and players(g)["p1"]["hand_count"] == 3


# ---------------------------------------------------------------------------- rule-changing Bodies
GROUDON_EX = {"card": "ex5-93", "energy": ["Fighting Energy"] * 3}
KYOGRE_EX = {"card": "ex5-94", "energy": ["Water Energy"] * 3}


def test_mark_of_antiquity_stops_the_other_legend_attacking() -> None:
    g = game({"active": KYOGRE_EX}, {"active": GROUDON_EX})
    assert "attack" not in {a.kind for a in g.legal_actions("p1")}
    with pytest.raises(IllegalActionError, match=r"ptcg\.attack\.body") as info:
        act(g, "p1", "attack", attack="Water Arrow", target="active")
    assert "Mark of Antiquity" in str(info.value)
    # Groudon ex on the Bench: nothing stops Kyogre ex
    g = game({"active": KYOGRE_EX}, {"active": WAILORD, "bench": [GROUDON_EX]})
    act(g, "p1", "attack", attack="Water Arrow", target="active")
    assert p2_active(g)["damage"] == 20


def test_primal_pull_makes_evolved_pokemon_pay_one_colorless_more() -> None:
    claydol = {"card": "ex5-2", "under": ["ex5-52"]}
    metang = {"card": "ex5-43", "under": ["ex5-54"], "energy": ["Psychic Energy"] * 2}
    g = game({"active": metang}, {"active": claydol})
    with pytest.raises(IllegalActionError, match=r"ptcg\.attack\.energy"):
        act(g, "p1", "attack", attack="Psyshock", coins=[TAILS])
    beldum = {"card": "ex5-54", "energy": ["Psychic Energy"]}  # a Basic: the cost stays
    g = game({"active": beldum}, {"active": claydol})
    act(g, "p1", "attack", attack="Metal Ball")
    assert p2_active(g)["damage"] == 10


def test_power_diffusion_shields_the_bench_while_rhydon_is_active() -> None:
    rhydon = {"card": "ex5-46", "under": ["ex5-70"]}
    sealeo = {"card": "ex5-47", "under": ["ex5-74"], "energy": ["Water Energy"]}
    g = game({"active": sealeo}, {"active": rhydon, "bench": ["ex5-70"]})
    act(g, "p1", "attack", attack="Super Icy Wind")
    assert p2_active(g)["damage"] == 10 and players(g)["p2"]["bench"][0]["damage"] == 0
    g = game({"active": sealeo}, {"active": "ex5-70", "bench": [rhydon]})
    act(g, "p1", "attack", attack="Super Icy Wind")
    assert players(g)["p2"]["bench"][0]["damage"] == 10


def test_overzealous_adds_30_only_against_an_opponent_with_a_pokemon_ex() -> None:
    machamp = {"card": "ex5-9", "under": ["ex5-64", "ex5-41"], "energy": ["Fighting Energy"] * 2}
    g = game({"active": machamp}, {"active": WAILORD, "bench": [KYOGRE_EX]})
    act(g, "p1", "attack", attack="Brick Smash")
    assert p2_active(g)["damage"] == 40 + 30
    g = game({"active": machamp}, {"active": WAILORD})
    act(g, "p1", "attack", attack="Brick Smash")
    assert p2_active(g)["damage"] == 40


def test_block_dust_stops_the_opponents_items_but_not_supporters() -> None:
    vileplume = {"card": "ex5-100", "under": ["ex5-68", "ex5-35"]}
    hand = ["Potion", "ex5-92"]
    g = game({"active": {"card": "ex5-68", "damage": 20}, "hand": hand}, {"active": vileplume})
    with pytest.raises(IllegalActionError, match=r"ptcg\.trainer\.body"):
        act(g, "p1", "play_trainer", card="Potion", target="active")
    act(g, "p1", "play_trainer", card="Steven's Advice")
    # its own player's Items are not stopped
    g = game({"active": {**vileplume, "damage": 20}, "hand": ["Potion"]}, {"active": WAILORD})
    act(g, "p1", "play_trainer", card="Potion", target="active")


def test_deep_sleep_needs_two_heads_to_wake() -> None:
    relicanth = {"card": "ex5-24"}
    asleep = {**WAILORD, "conditions": ["asleep"]}
    g = game({"active": relicanth}, {"active": asleep})
    events = act(g, "p1", "end_turn", coins=[HEADS, TAILS])
    assert p2_active(g)["conditions"] == ["asleep"]
    assert any(e.type == "note" and e.data.get("name") == "Deep Sleep" for e in events)
    g = game({"active": relicanth}, {"active": asleep})
    act(g, "p1", "end_turn", coins=[HEADS, HEADS])
    assert p2_active(g)["conditions"] == []
    g = game({"active": "ex5-70"}, {"active": asleep})
    act(g, "p1", "end_turn", coins=[HEADS])
    assert p2_active(g)["conditions"] == []


def test_freeze_lock_keeps_energy_from_the_hand_off_the_defending_pokemon() -> None:
    regice = {"card": "ex5-97", "energy": ["Water Energy"] * 3}
    p2 = {"active": {"card": "ex5-102"}, "bench": ["ex5-70"], "hand": ["Fighting Energy"]}
    g = game({"active": regice}, p2)
    act(g, "p1", "attack", attack="Freeze Lock", coins=[HEADS])
    with pytest.raises(IllegalActionError, match=r"ptcg\.energy\.condition"):
        act(g, "p2", "attach", card="Fighting Energy", target="active")
    act(g, "p2", "attach", card="Fighting Energy", target="bench1")
    g = game({"active": regice}, p2)
    act(g, "p1", "attack", attack="Freeze Lock", coins=[TAILS])
    act(g, "p2", "attach", card="Fighting Energy", target="active")


def test_silver_wind_makes_the_next_turns_attacks_hit_harder() -> None:
    masquerain = {"card": "ex5-20", "under": ["ex5-76"], "energy": ["Grass Energy"] * 2}
    g = game({"active": masquerain}, {"active": WAILORD})
    act(g, "p1", "attack", attack="Silver Wind")
    assert p2_active(g)["damage"] == 30
    act(g, "p2", "end_turn")
    act(g, "p1", "attack", attack="Whirlwind")
    assert p2_active(g)["damage"] == 30 + 20 + 30
    # a Defending Pokémon not hit by Silver Wind takes the printed damage
    g = game({"active": masquerain}, {"active": WAILORD})
    act(g, "p1", "attack", attack="Whirlwind")
    assert p2_active(g)["damage"] == 20


# ---------------------------------------------------------------------------- Stadiums
def test_ancient_tomb_and_magnetic_storm_change_weakness_and_resistance() -> None:
    masquerain = {"card": "ex5-20", "under": ["ex5-76"], "energy": ["Grass Energy"] * 2}
    tomb = {"card": "ex5-87", "owner": "p2"}
    g = game({"active": masquerain}, {"active": "ex5-102"}, stadium=tomb)
    act(g, "p1", "attack", attack="Whirlwind")
    assert p2_active(g)["damage"] == 20  # no Weakness
    ex = {"card": "ex5-94"}  # Kyogre ex: Weakness to Grass still applies
    g = game({"active": masquerain}, {"active": ex}, stadium=tomb)
    act(g, "p1", "attack", attack="Whirlwind")
    assert p2_active(g)["damage"] == 40
    storm = {"card": "ex5-91", "owner": "p2"}
    metang = {"card": "ex5-43", "under": ["ex5-54"], "energy": ["Psychic Energy"] * 2}
    # Shiftry resists Psychic: not with Magnetic Storm in play
    shiftry = {"card": "ex5-14", "under": ["ex5-71", "ex5-45"]}
    g = game({"active": metang}, {"active": shiftry}, stadium=storm)
    act(g, "p1", "attack", attack="Psyshock", coins=[TAILS])
    assert p2_active(g)["damage"] == 20
    g = game({"active": metang}, {"active": shiftry})
    act(g, "p1", "attack", attack="Psyshock", coins=[TAILS])
    assert p2_active(g)["damage"] == 0


def test_desert_ruins_hurts_big_pokemon_ex_between_turns() -> None:
    ruins = {"card": "ex5-88", "owner": "p1"}
    g = game({"active": KYOGRE_EX, "bench": ["ex5-97"]}, {"active": WAILORD}, stadium=ruins)
    act(g, "p1", "end_turn")
    p1 = players(g)["p1"]
    assert p1["active"]["damage"] == 10  # Kyogre ex, 100 HP
    assert p1["bench"][0]["damage"] == 0  # Regice ex, 90 HP
    assert p2_active(g)["damage"] == 0


def test_island_cave_cures_water_fighting_and_metal_pokemon_given_energy() -> None:
    cave = {"card": "ex5-89", "owner": "p1"}
    hand = ["Water Energy"]
    g = game(
        {"active": {"card": "ex5-79", "conditions": ["confused"]}, "hand": hand},
        {"active": WAILORD},
        stadium=cave,
    )
    act(g, "p1", "attach", card="Water Energy", target="active")
    assert players(g)["p1"]["active"]["conditions"] == []
    g = game(
        {"active": {"card": "ex5-68", "conditions": ["confused"]}, "hand": hand},
        {"active": WAILORD},
        stadium=cave,
    )
    act(g, "p1", "attach", card="Water Energy", target="active")
    assert players(g)["p1"]["active"]["conditions"] == ["confused"]


# ---------------------------------------------------------------------------- Technical Machines
def test_ancient_technical_machines_go_onto_evolved_pokemon_only() -> None:
    gloom = {"card": "ex5-35", "under": ["ex5-68"]}
    g = game({"active": "ex5-68", "bench": [gloom], "hand": ["ex5-85"]}, {"active": WAILORD})
    with pytest.raises(IllegalActionError, match=r"ptcg\.trainer\.condition"):
        act(g, "p1", "play_trainer", card="ex5-85", target="active")
    act(g, "p1", "play_trainer", card="ex5-85", target="bench1")


def test_stone_generator_devolves_every_evolved_pokemon_of_the_opponent() -> None:
    gloom = {"card": "ex5-35", "under": ["ex5-68"]}
    p2 = {"active": {"card": "ex5-43", "under": ["ex5-54"]}, "bench": [gloom, "ex5-70"]}
    g = game({"active": {**gloom, "energy": ["Grass Energy"]}, "hand": ["ex5-85"]}, p2)
    act(g, "p1", "play_trainer", card="ex5-85", target="active")
    act(g, "p1", "attack", attack="Stone Generator")
    p2_view = players(g)["p2"]
    assert p2_view["active"]["card"] == "Beldum" and p2_view["bench"][0]["card"] == "Oddish"


def test_ice_generator_discards_the_opponents_trainers_and_then_guards() -> None:
    gloom = {"card": "ex5-35", "under": ["ex5-68"], "energy": ["Grass Energy"]}
    rhyhorn = {"card": "ex5-70", "energy": ["Fighting Energy"] * 3, "tool": "Lum Berry"}
    g = game({"active": gloom, "hand": ["ex5-84"]}, {"active": rhyhorn})
    act(g, "p1", "play_trainer", card="ex5-84", target="active")
    act(g, "p1", "attack", attack="Ice Generator")
    assert p2_active(g)["tool"] is None
    act(g, "p2", "attack", attack="Take Down")
    assert players(g)["p1"]["active"]["damage"] == 0
    # nothing to discard: no Guard
    g = game({"active": gloom, "hand": ["ex5-84"]}, {"active": {**rhyhorn, "tool": None}})
    act(g, "p1", "play_trainer", card="ex5-84", target="active")
    act(g, "p1", "attack", attack="Ice Generator")
    act(g, "p2", "attack", attack="Take Down")
    assert players(g)["p1"]["active"]["damage"] == 50


def test_steel_generator_moves_basic_energy_onto_a_powered_defending_pokemon() -> None:
    gloom = {"card": "ex5-35", "under": ["ex5-68"], "energy": ["Grass Energy"] * 2}
    bench = [{"card": "ex5-70", "energy": ["Fighting Energy", "Fighting Energy", "Metal Energy"]}]
    g = game({"active": gloom, "hand": ["ex5-86"]}, {"active": "ex5-58", "bench": bench})
    act(g, "p1", "play_trainer", card="ex5-86", target="active")
    act(g, "p1", "attack", attack="Steel Generator")
    act(g, "p1", "choose", option=0)
    act(g, "p1", "choose", option=0)
    act(g, "p1", "choose", option=0)
    assert p2_active(g)["energy"] == ["Fighting Energy", "Fighting Energy"]
    assert players(g)["p2"]["bench"][0]["energy"] == ["Metal Energy"]
    # no Poké-Power or Poké-Body on the Defending Pokémon: nothing moves
    g = game({"active": gloom, "hand": ["ex5-86"]}, {"active": "ex5-70", "bench": bench})
    act(g, "p1", "play_trainer", card="ex5-86", target="active")
    events = act(g, "p1", "attack", attack="Steel Generator")
    assert not any(e.type == "ask" for e in events)


# ---------------------------------------------------------------------------- Castform
def test_temperamental_weather_swaps_castform_keeping_everything_on_it() -> None:
    rain = {"card": "ex5-23", "energy": ["Water Energy"], "damage": 20, "tool": "Lum Berry"}
    deck = ["ex5-26", "ex5-25", "Potion"]
    g = game({"active": rain, "bench": ["ex5-30"], "deck": deck}, {"active": WAILORD})
    act(g, "p1", "use_power", pokemon="active", power="Temperamental Weather")
    assert pending(g)["options"] == ["Sunny Castform", "Snow-cloud Castform", "nothing"]
    act(g, "p1", "choose", option=0)
    active = players(g)["p1"]["active"]
    assert active["card"] == "Sunny Castform" and active["damage"] == 20
    assert active["energy"] == ["Water Energy"] and active["tool"] == "Lum Berry"
    assert sorted(bundled_cards()[g.state.cards[c]].name for c in g.state.sides[0].deck) == [
        "Potion",
        "Rain Castform",
        "Snow-cloud Castform",
    ]
    check_invariants(g.state)
    # one Temperamental Weather a turn, whichever Castform
    with pytest.raises(IllegalActionError, match=r"ptcg\.power\.requirement"):
        act(g, "p1", "use_power", pokemon="bench1", power="Temperamental Weather")


def test_forecast_plays_a_stadium_from_the_deck_but_not_one_of_the_same_name() -> None:
    castform = {"card": "ex5-30", "energy": ["Water Energy"]}
    deck = ["ex5-91", "ex5-87", "Potion"]
    tomb = {"card": "ex5-87", "owner": "p2"}
    g = game({"active": castform, "deck": deck}, {"active": WAILORD}, stadium=tomb)
    act(g, "p1", "attack", attack="Forecast")
    assert pending(g)["options"] == ["Magnetic Storm", "nothing"]
    act(g, "p1", "choose", option=0)
    assert view(g)["stadium"] == "Magnetic Storm"
    assert players(g)["p2"]["discard"] == ["Ancient Tomb"]
    check_invariants(g.state)


# ---------------------------------------------------------------------------- Chime
def test_chime_uses_a_supporter_of_the_opponents_discard_pile_which_stays_there() -> None:
    chimecho = {"card": "ex5-17", "energy": ["Water Energy"]}
    p1 = {"active": chimecho, "deck": ["Fire Energy", "Grass Energy", "Water Energy"]}
    g = game(p1, {"active": WAILORD, "discard": ["Lady Outing", "Potion"]})
    act(g, "p1", "attack", attack="Chime")
    asked = pending(g)
    assert asked["prompt"] == "the effect of which Supporter in the opponent's discard pile"
    assert asked["options"] == ["Lady Outing"]  # a Supporter only, and no way to decline
    act(g, "p1", "choose", option=0)
    # Lady Outing's own search, for the attacker's player, comes before the turn ends
    while view(g)["phase"] == "choice":
        act(g, "p1", "choose", option=0)
    assert view(g)["current"] == "p2"
    assert sorted(players(g)["p1"]["hand"]) == ["Fire Energy", "Grass Energy", "Water Energy"]
    assert players(g)["p2"]["discard"] == ["Lady Outing", "Potion"]
    check_invariants(g.state)
    again = Game.from_log(RULESET, g.config, g.seed, g.log)
    assert again.state_hash() == g.state_hash()


def test_chime_without_a_supporter_in_the_opponents_discard_pile_does_nothing() -> None:
    chimecho = {"card": "ex5-17", "energy": ["Water Energy"]}
    g = game({"active": chimecho}, {"active": WAILORD, "discard": ["Potion"]})
    events = act(g, "p1", "attack", attack="Chime")
    assert "ask" not in [e.type for e in events]
    assert view(g)["current"] == "p2" and players(g)["p1"]["hand"] == []


# ---------------------------------------------------------------------------- Energy Grounding
MANECTRIC = {
    "card": "ex8-101",
    "under": ["ex8-59"],
    "energy": ["Lightning Energy", "Water Energy"],
}  # Disconnect: 40, doubled on Mudkip (weak to Lightning)
LANTURN = {"card": "ex5-38", "under": ["Chinchou"]}
MUDKIP_2W = {"card": "Mudkip", "energy": ["Water Energy", "Fire Energy"]}


def test_energy_grounding_takes_a_basic_energy_of_the_knocked_out_pokemon() -> None:
    g = game({"active": MANECTRIC}, {"active": MUDKIP_2W, "bench": [LANTURN]})
    act(g, "p1", "attack", attack="Disconnect")
    asked = pending(g)
    assert asked["player"] == "p2"
    assert asked["options"] == [
        "Water Energy onto Lanturn (bench1)",
        "Fire Energy onto Lanturn (bench1)",
        "no",
    ]
    act(g, "p2", "choose", option=1)
    assert players(g)["p2"]["bench"][0]["energy"] == ["Fire Energy"]
    assert view(g)["phase"] == "promote"  # then the Active is replaced
    act(g, "p2", "promote", target="bench1")
    assert view(g)["current"] == "p2"
    check_invariants(g.state)
    again = Game.from_log(RULESET, g.config, g.seed, g.log)
    assert again.state_hash() == g.state_hash()


def test_energy_grounding_may_be_declined() -> None:
    g = game({"active": MANECTRIC}, {"active": MUDKIP_2W, "bench": [LANTURN]})
    act(g, "p1", "attack", attack="Disconnect")
    act(g, "p2", "choose", option=2)
    assert players(g)["p2"]["bench"][0]["energy"] == []
    assert view(g)["phase"] == "promote"


@pytest.mark.parametrize(
    "p2",
    [
        # Lanturn Asleep: a Poké-Power is not used under a Special Condition
        {"active": MUDKIP_2W, "bench": [{**LANTURN, "conditions": ["asleep"]}]},
        # no basic Energy on the Knocked Out Pokémon
        {"active": "Mudkip", "bench": [LANTURN]},
    ],
)
def test_energy_grounding_is_not_offered_when_it_cannot_be_used(p2: dict[str, Any]) -> None:
    g = game({"active": MANECTRIC}, p2)
    act(g, "p1", "attack", attack="Disconnect")
    assert view(g)["phase"] == "promote"


def test_energy_grounding_is_never_a_use_power_action() -> None:
    g = game({"active": LANTURN}, {"active": WAILORD})
    with pytest.raises(IllegalActionError, match=r"ptcg\.power\.requirement"):
        act(g, "p1", "use_power", pokemon="active", power="Energy Grounding")


def test_a_knock_out_between_turns_opens_no_window() -> None:
    poisoned = {**MUDKIP_2W, "damage": 40, "conditions": ["poisoned"]}
    g = game({"active": "Treecko"}, {"active": poisoned, "bench": [LANTURN]})
    act(g, "p1", "end_turn")
    assert view(g)["phase"] == "promote"  # Knocked Out by Poison: nothing asked
