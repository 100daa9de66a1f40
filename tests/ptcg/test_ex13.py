"""EX Holon Phantoms (ex13): the cards of effect_data_ex13.py and the vocabulary of
vocab_ex13.py, each shown both ways where it can go two ways."""

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
from turnkeeper.rulesets.ptcg.board import can_pay, energy_units
from turnkeeper.rulesets.ptcg.by_hand import missing_effects
from turnkeeper.rulesets.ptcg.cards import bundled_cards

# (card, attack, coins, damage to Wailord, its Special Conditions); a Burn or Sleep coin
# between turns comes last (heads: no Burn damage; tails: it stays Asleep)
PLAIN = [
    ("ex13-21", "Super Singe", [HEADS, HEADS], 40, ["burned"]),
    ("ex13-21", "Super Singe", [TAILS], 40, []),
    ("ex13-39", "Super Singe", [HEADS, HEADS], 40, ["burned"]),
    ("ex13-39", "Super Singe", [TAILS], 40, []),
    ("ex13-20", "Blaze Kick", [HEADS], 60, []),
    ("ex13-20", "Blaze Kick", [TAILS, HEADS], 40, ["burned"]),
    ("ex13-55", "Earthquake", None, 60, []),
    ("ex13-70", "Paralyzing Gaze", [HEADS], 0, ["paralyzed"]),
    ("ex13-70", "Paralyzing Gaze", [TAILS], 0, []),
    ("ex13-75", "Yawn", [TAILS], 0, ["asleep"]),
    ("ex13-25", "Supersonic", [HEADS], 10, ["confused"]),
    ("ex13-25", "Supersonic", [TAILS], 10, []),
    ("ex13-22", "Aqua Wave", [HEADS], 30, []),
    ("ex13-22", "Aqua Wave", [TAILS], 10, []),
    ("ex13-22", "Dragonbreath", [HEADS], 50, ["paralyzed"]),
    ("ex13-22", "Dragonbreath", [TAILS], 0, []),
    ("ex13-59", "Doubleslap", [HEADS, HEADS], 40, []),
    ("ex13-59", "Doubleslap", [HEADS, TAILS], 20, []),
    ("ex13-59", "Doubleslap", [TAILS, TAILS], 0, []),
    ("ex13-34", "Fury Cutter", [HEADS, HEADS, HEADS], 50, []),
    ("ex13-34", "Fury Cutter", [HEADS, HEADS, TAILS], 30, []),
    ("ex13-34", "Fury Cutter", [HEADS, TAILS, TAILS], 20, []),
    ("ex13-34", "Fury Cutter", [TAILS, TAILS, TAILS], 10, []),
    ("ex13-13", "Bind", [HEADS], 30, ["paralyzed"]),
    ("ex13-13", "Bind", [TAILS], 30, []),
    ("ex13-27", "Icy Wind", [HEADS, TAILS], 40, ["asleep"]),
    ("ex13-27", "Icy Wind", [TAILS], 40, []),
    ("ex13-29", "Hyper Beam", [TAILS], 30, []),
    ("ex13-30", "Knock Away", [HEADS], 30, []),
    ("ex13-30", "Knock Away", [TAILS], 20, []),
    ("ex13-31", "Paralyzing Gaze", [HEADS], 0, ["paralyzed"]),
    ("ex13-31", "Paralyzing Gaze", [TAILS], 0, []),
    ("ex13-32", "Poison Fang", [HEADS], 10, ["poisoned"]),  # the Poison counter
    ("ex13-32", "Poison Fang", [TAILS], 0, []),
    ("ex13-40", "Rock Hurl", None, 20, []),
    ("ex13-40", "Double Spin", [HEADS, HEADS], 100, []),
    ("ex13-40", "Double Spin", [TAILS, HEADS], 50, []),
    ("ex13-45", "Iron Head", [HEADS, HEADS, TAILS], 60, []),
    ("ex13-45", "Iron Head", [TAILS], 0, []),
    ("ex13-47", "Quick Attack", [HEADS], 40, []),
    ("ex13-47", "Quick Attack", [TAILS], 30, []),
    ("ex13-51", "Thundershock", [HEADS], 40, ["paralyzed"]),  # Lightning: Weakness x2
    ("ex13-51", "Thundershock", [TAILS], 40, []),
    ("ex13-52", "Searing Flame", [HEADS], 10, ["burned"]),
    ("ex13-54", "Knock Away", [HEADS], 30, []),
    ("ex13-54", "Knock Away", [TAILS], 20, []),
    ("ex13-57", "Rising Lunge", [HEADS], 50, []),
    ("ex13-57", "Rising Lunge", [TAILS], 30, []),
    ("ex13-64", "Thundershock", [HEADS], 20, ["paralyzed"]),
    ("ex13-64", "Thundershock", [TAILS], 20, []),
    ("ex13-67", "Eerie Light", None, 0, ["confused"]),
    ("ex13-68", "Poison Tentacles", None, 10, ["poisoned"]),
    ("ex13-72", "Singe", [HEADS, HEADS], 0, ["burned"]),
    ("ex13-72", "Singe", [TAILS], 0, []),
    ("ex13-78", "Thunder Wave", [HEADS], 0, ["paralyzed"]),
    ("ex13-78", "Thunder Wave", [TAILS], 0, []),
    ("ex13-78", "Quick Attack", [HEADS], 60, []),  # Lightning: Weakness x2
    ("ex13-78", "Quick Attack", [TAILS], 40, []),
    ("ex13-79", "Steel Headbutt", [HEADS], 40, []),
    ("ex13-79", "Steel Headbutt", [TAILS], 30, []),
    ("ex13-80", "Paralyzing Gaze", [HEADS], 0, ["paralyzed"]),
    ("ex13-80", "Paralyzing Gaze", [TAILS], 0, []),
    ("ex13-82", "Super Hypno Wave", [TAILS], 10, ["asleep"]),
    ("ex13-104", "Thundershock", [HEADS], 20, ["paralyzed"]),
    ("ex13-104", "Thundershock", [TAILS], 20, []),
]


@pytest.mark.parametrize(("card", "name", "coins", "damage", "conditions"), PLAIN)
def test_attack_damage_and_conditions(
    card: str, name: str, coins: list[int] | None, damage: int, conditions: list[str]
) -> None:
    g = attack(card, name, coins)
    assert defending(g)["damage"] == damage
    assert sorted(defending(g)["conditions"]) == conditions


def test_flail_counts_barboachs_damage_counters() -> None:
    assert defending(attack("ex13-60", "Flail", mon={"damage": 30}))["damage"] == 30
    assert defending(attack("ex13-60", "Flail"))["damage"] == 0


CHANSEY_EX = {"card": "ex1-96"}  # a Basic Pokémon-ex, 120 HP, Weakness Fighting
SKARMORY = {"card": "ex8-26"}  # 70 HP, resists Fighting (-30)


def test_pebble_hurl_ignores_resistance_only() -> None:
    g = attack("ex13-55", "Pebble Hurl", defender=SKARMORY)
    assert defending(g)["damage"] == 20
    # Earthquake's 60 meets the Resistance, and hurts Whiscash's own Bench
    g = attack("ex13-55", "Earthquake", defender=SKARMORY, p1={"bench": [{"card": "ex13-60"}]})
    assert defending(g)["damage"] == 30
    assert players(g)["p1"]["bench"][0]["damage"] == 10


def test_wreck_does_30_more_and_discards_a_stadium_in_play_only() -> None:
    g = game(
        {"active": {"card": "ex13-50", "under": ["Mankey"], "energy": ["Fire Energy"] * 2}},
        {"active": WAILORD},
        settings=ALLOW,
        stadium={"card": "ex3-85", "owner": "p2"},
    )
    act(g, "p1", "attack", attack="Wreck")
    assert defending(g)["damage"] == 60
    assert g.state.stadium < 0 and "High Pressure System" in players(g)["p2"]["discard"]
    check_invariants(g.state)
    g = attack("ex13-50", "Wreck")
    assert defending(g)["damage"] == 30


def test_flames_of_rage_discards_2_energy_and_counts_primeapes_counters() -> None:
    g = attack("ex13-50", "Flames of Rage", mon={"damage": 30})
    assert defending(g)["damage"] == 10 + 60
    assert len(players(g)["p1"]["active"]["energy"]) == 1  # 3 attached, 2 discarded
    g = attack("ex13-50", "Flames of Rage")
    assert defending(g)["damage"] == 10


def test_pebble_throw_hits_a_benched_pokemon_only() -> None:
    bench = [{"card": "ex13-60"}]
    g = attack("ex13-65", "Pebble Throw", p2={"bench": bench}, target="bench1")
    assert players(g)["p2"]["bench"][0]["damage"] == 20 and defending(g)["damage"] == 0
    with pytest.raises(IllegalActionError):
        attack("ex13-65", "Pebble Throw", p2={"bench": bench}, target="active")


def test_rock_slide_hits_the_active_and_two_benched_pokemon() -> None:
    bench = [{"card": "ex13-60"}, {"card": "ex13-75"}, {"card": "ex13-83"}]
    g = attack("ex13-25", "Rock Slide", p2={"bench": bench})
    assert defending(g)["damage"] == 20
    act(g, "p1", "choose", option=0)
    act(g, "p1", "choose", option=0)
    assert sorted(m["damage"] for m in players(g)["p2"]["bench"]) == [0, 10, 10]
    check_invariants(g.state)


def test_blot_heals_two_counters_from_oddish() -> None:
    g = attack("ex13-73", "Blot", mon={"damage": 30})
    assert defending(g)["damage"] == 10 and players(g)["p1"]["active"]["damage"] == 10


def test_acid_keeps_the_defending_pokemon_from_retreating() -> None:
    g = attack("ex13-42", "Acid", p2={"bench": [{"card": "ex13-60"}]})
    assert defending(g)["damage"] == 30
    with pytest.raises(IllegalActionError):
        act(g, "p2", "retreat", target="bench1")


def test_wide_laser_hits_each_opposing_pokemon_for_10() -> None:
    g = attack("ex13-38", "Wide Laser", p2={"bench": [{"card": "ex13-60"}]})
    assert defending(g)["damage"] == 10 and players(g)["p2"]["bench"][0]["damage"] == 10


def test_hyper_beam_discards_a_defending_energy_on_heads_only() -> None:
    wailord = {**WAILORD, "energy": ["Fire Energy"]}
    g = attack("ex13-38", "Hyper Beam", [HEADS], defender=wailord)
    assert defending(g)["damage"] == 40 and defending(g)["energy"] == []
    g = attack("ex13-38", "Hyper Beam", [TAILS], defender=wailord)
    assert defending(g)["energy"] == ["Fire Energy"]


def test_omanyte_collects_3_cards_and_aims_its_water_arrow() -> None:
    g = attack("ex13-74", "Collect", p1={"deck": ["Potion"] * 5})
    assert len(players(g)["p1"]["hand"]) == 3
    bench = [{"card": "ex13-60"}]
    g = attack("ex13-74", "Water Arrow", p2={"bench": bench}, target="bench1")
    assert players(g)["p2"]["bench"][0]["damage"] == 20
    g = attack("ex13-74", "Water Arrow", p2={"bench": bench}, target="active")
    assert defending(g)["damage"] == 20


# ---------------------------------------------------------------------------- Trainers
def test_holon_adventurer_draws_4_after_discarding_a_delta_pokemon_else_3() -> None:
    deck = ["Potion"] * 6
    for discarded, name, drawn in (("ex13-70", "Mankey δ", 4), ("Fire Energy", "Fire Energy", 3)):
        hand = ["ex13-85", discarded]
        g = game({"active": "ex13-60", "hand": hand, "deck": deck}, {"active": WAILORD})
        act(g, "p1", "play_trainer", card="Holon Adventurer")
        act(g, "p1", "choose", option=0)
        p1 = players(g)["p1"]
        assert len(p1["hand"]) == drawn and name in p1["discard"]
        check_invariants(g.state)
    g = game({"active": "ex13-60", "hand": ["ex13-85"], "deck": deck}, {"active": WAILORD})
    with pytest.raises(IllegalActionError, match=r"ptcg\.trainer\.condition"):
        act(g, "p1", "play_trainer", card="Holon Adventurer")


def test_reprinted_trainers_energy_and_fossils_have_their_originals_handlers() -> None:
    cards = bundled_cards()
    for card_id in ("ex13-89", "ex13-90", "ex13-91", "ex13-92", "ex13-93", "ex13-94"):
        assert missing_effects(cards[card_id]) == [], card_id
    for card_id in ("ex13-95", "ex13-96"):
        assert missing_effects(cards[card_id]) == [], card_id


def test_professor_cozmos_discovery_draws_bottom_3_on_heads_top_2_on_tails() -> None:
    deck = ["Potion", "Switch", "Fire Energy", "Water Energy", "ex13-60"]
    hand = ["ex13-89"]
    g = game({"active": "ex13-60", "hand": hand, "deck": deck}, {"active": WAILORD})
    act(g, "p1", "play_trainer", coins=[HEADS], card="Professor Cozmo's Discovery")
    assert sorted(players(g)["p1"]["hand"]) == ["Barboach", "Fire Energy", "Water Energy"]
    g = game({"active": "ex13-60", "hand": hand, "deck": deck}, {"active": WAILORD})
    act(g, "p1", "play_trainer", coins=[TAILS], card="Professor Cozmo's Discovery")
    assert sorted(players(g)["p1"]["hand"]) == ["Potion", "Switch"]


def test_root_fossil_heals_a_counter_between_turns_and_claw_fossil_strikes_back() -> None:
    g = game(
        {"active": "ex13-60", "bench": [{"card": "ex13-93", "damage": 20}]},
        {"active": WAILORD},
        settings=ALLOW,
    )
    act(g, "p1", "end_turn")
    assert players(g)["p1"]["bench"][0]["damage"] == 10
    g = attack("ex13-60", "Waterfall", defender={"card": "ex13-91"})
    assert defending(g)["damage"] == 10 and players(g)["p1"]["active"]["damage"] == 10
    # Mysterious Fossil takes no Special Condition
    g = attack("ex13-70", "Paralyzing Gaze", [HEADS], defender={"card": "ex13-92"})
    assert defending(g)["conditions"] == []


# ---------------------------------------------------------------------------- the rest
def test_foresight_reorders_the_top_5_of_either_deck() -> None:
    g = attack("ex13-18", "Foresight", p2={"deck": ["Potion", "Switch", "Fire Energy"]})
    assert pending(g)["options"] == ["own deck", "the opponent's deck"]
    act(g, "p1", "choose", option=1)
    act(g, "p1", "choose", option=2)  # Fire Energy on top
    act(g, "p1", "choose", option=1)  # then Switch
    assert players(g)["p2"]["hand"] == ["Fire Energy"]  # drawn at the start of p2's turn
    check_invariants(g.state)


def test_overrun_hits_the_active_and_a_benched_pokemon() -> None:
    bench = [{"card": "ex13-60"}]
    # Absol's Darkness is paid with Darkness Energy ex1-93: 10 more to the Active
    g = attack("ex13-18", "Overrun", p2={"bench": bench}, target="bench1")
    assert defending(g)["damage"] == 20 and players(g)["p2"]["bench"][0]["damage"] == 20
    g = attack("ex13-18", "Overrun")  # no Bench: the Active only
    assert defending(g)["damage"] == 20


def test_feint_attack_ignores_weakness_and_surprise_shuffles_a_hand_card_back() -> None:
    # Skarmory resists Fighting only; Feint Attack's 10 is what any target takes
    g = attack("ex13-23", "Feint Attack", target="active", defender=SKARMORY)
    assert defending(g)["damage"] == 10
    g = attack("ex13-23", "Surprise", p2={"hand": ["Potion"]})
    # the Potion went into the deck (6 cards), then the opponent drew 1 for their turn
    p2 = players(g)["p2"]
    assert defending(g)["damage"] == 20 and (p2["hand_count"], p2["deck_count"]) == (1, 6)
    assert p2["discard"] == []


def test_psychic_erase_and_disable_forbid_the_chosen_attack() -> None:
    for card, name in (("ex13-24", "Psychic Erase"), ("ex13-81", "Disable")):
        wailord = attacker("ex1-14", "Take Down")
        g = attack(card, name, defender=wailord)
        assert pending(g)["options"] == ["Take Down", "Surf"], name  # Wailord's attacks
        act(g, "p1", "choose", option=0)
        with pytest.raises(IllegalActionError, match=r"ptcg\.attack"):
            act(g, "p2", "attack", attack="Take Down")
        g = attack(card, name, defender=wailord)
        act(g, "p1", "choose", option=1)  # Surf forbidden: Take Down still goes
        act(g, "p2", "attack", attack="Take Down")
        check_invariants(g.state)


def test_mewtwo_delta_swift_ignores_weakness() -> None:
    g = attack("ex13-24", "Swift")  # Lightning against Wailord (weak to Lightning)
    assert defending(g)["damage"] == 40


def test_outrage_needs_heads_and_counts_rayquazas_counters() -> None:
    g = attack("ex13-26", "Outrage", [HEADS], mon={"damage": 20})
    assert defending(g)["damage"] == 30
    g = attack("ex13-26", "Outrage", [TAILS], mon={"damage": 20})
    assert defending(g)["damage"] == 0


def test_flamethrower_discards_a_fire_energy() -> None:
    g = attack("ex13-26", "Flamethrower")
    assert defending(g)["damage"] == 40
    assert sorted(players(g)["p1"]["active"]["energy"]) == ["Water Energy", "Water Energy"]


def test_clear_body_keeps_every_special_condition_off() -> None:
    for card in ("ex13-27", "ex13-28", "ex13-29"):
        g = attack("ex13-70", "Paralyzing Gaze", [HEADS], defender={"card": card})
        assert defending(g)["conditions"] == [], card
    # a Pokémon without it is Paralyzed
    g = attack("ex13-70", "Paralyzing Gaze", [HEADS], defender={"card": "ex13-31"})
    assert defending(g)["conditions"] == ["paralyzed"]


def test_regirocks_rock_slide_hits_two_benched_pokemon() -> None:
    bench = [{"card": "ex13-60"}, {"card": "ex13-75"}]
    g = attack("ex13-28", "Rock Slide", p2={"bench": bench})
    act(g, "p1", "choose", option=0)
    act(g, "p1", "choose", option=0)
    assert [m["damage"] for m in players(g)["p2"]["bench"]] == [10, 10]


def test_registeels_hyper_beam_discards_an_energy_on_heads() -> None:
    wailord = {**WAILORD, "energy": ["Fire Energy"]}
    g = attack("ex13-29", "Hyper Beam", [HEADS], defender=wailord)
    assert defending(g)["energy"] == []


def test_aqua_lift_frees_relicanths_retreat_with_water_energy_only() -> None:
    for energy, cost in ((["Water Energy"], 0), (["Fire Energy"], 1)):
        g = game(
            {"active": {"card": "ex13-30", "energy": energy}, "bench": ["ex13-60"]},
            {"active": WAILORD},
        )
        assert players(g)["p1"]["active"]["retreat"] == cost


def test_knock_off_discards_a_card_from_the_opponents_hand() -> None:
    g = attack("ex13-31", "Knock Off", p2={"hand": ["Potion"]})
    assert players(g)["p2"]["discard"] == ["Potion"]


def test_grind_counts_torkoals_energy() -> None:
    g = attack("ex13-33", "Grind", mon={"energy": ["Fire Energy"] * 3})
    assert defending(g)["damage"] == 30


def test_magnitude_hits_every_bench_and_take_down_hurts_camerupt() -> None:
    g = attack(
        "ex13-36", "Magnitude", p1={"bench": ["ex13-60"]}, p2={"bench": [{"card": "ex13-75"}]}
    )
    assert defending(g)["damage"] == 20
    assert players(g)["p1"]["bench"][0]["damage"] == 10
    assert players(g)["p2"]["bench"][0]["damage"] == 10
    g = attack("ex13-36", "Take Down")
    assert defending(g)["damage"] == 60 and players(g)["p1"]["active"]["damage"] == 10


def test_delta_circle_counts_the_players_delta_pokemon() -> None:
    bench = [{"card": "ex13-70"}, {"card": "ex13-60"}]  # Mankey δ; Barboach is no δ
    g = attack("ex13-41", "Delta Circle", p1={"bench": bench})
    assert defending(g)["damage"] == 10 + 20  # Exeggutor δ itself and Mankey δ
    g = attack("ex13-41", "Delta Circle", mon={"card": "ex13-41"})
    assert defending(g)["damage"] == 20


def test_plasma_attaches_a_lightning_energy_from_the_discard_pile() -> None:
    g = attack("ex13-46", "Plasma", p1={"discard": ["Lightning Energy"]})
    assert "Lightning Energy" in players(g)["p1"]["active"]["energy"]
    g = attack("ex13-46", "Plasma")
    assert players(g)["p1"]["active"]["energy"] == ["Water Energy"]


def test_sweet_scent_heals_two_counters_from_a_picked_pokemon() -> None:
    g = attack("ex13-47", "Sweet Scent", p1={"bench": [{"card": "ex13-60", "damage": 30}]})
    act(g, "p1", "choose", option=0)
    assert players(g)["p1"]["bench"][0]["damage"] == 10


def test_whirlwind_makes_the_opponent_switch() -> None:
    g = attack("ex13-49", "Whirlwind", p2={"bench": [{"card": "ex13-60"}]})
    act(g, "p2", "choose", option=0)
    assert defending(g)["card"] == "Barboach"
    assert players(g)["p2"]["bench"][0]["damage"] == 60  # Lightning: Weakness x2


def test_wobbuffet_calls_two_basic_pokemon_and_retaliates() -> None:
    g = attack("ex13-56", "Call for Friends", p1={"deck": ["ex13-60", "ex13-75", "Potion"]})
    act(g, "p1", "choose", option=0)
    act(g, "p1", "choose", option=0)
    assert len(players(g)["p1"]["bench"]) == 2
    g = attack("ex13-56", "Retaliate", mon={"damage": 40})
    assert defending(g)["damage"] == 40


def test_reckless_charge_hurts_carvanha_on_tails_only() -> None:
    g = attack("ex13-61", "Reckless Charge", [TAILS])
    assert players(g)["p1"]["active"]["damage"] == 10
    g = attack("ex13-61", "Reckless Charge", [HEADS])
    assert players(g)["p1"]["active"]["damage"] == 0


def test_corphish_flail_and_meowths_pay_day() -> None:
    assert defending(attack("ex13-63", "Flail", mon={"damage": 20}))["damage"] == 20
    g = attack("ex13-71", "Pay Day", p1={"deck": ["Potion", "Switch"]})
    assert defending(g)["damage"] == 10 and len(players(g)["p1"]["hand"]) == 1


def test_big_bite_keeps_the_defending_pokemon_from_retreating() -> None:
    g = attack("ex13-84", "Big Bite", p2={"bench": [{"card": "ex13-60"}]})
    with pytest.raises(IllegalActionError):
        act(g, "p2", "retreat", target="bench1")


def test_spring_back_does_50_more_when_the_opponent_has_1_prize_left() -> None:
    g = attack("ex13-104", "Spring Back", p2={"prizes": ["Fire Energy"]}, defender=CHANSEY_EX)
    assert defending(g)["damage"] == 20 + 50
    g = attack("ex13-104", "Spring Back", defender=CHANSEY_EX)
    assert defending(g)["damage"] == 20


def test_quick_blow_does_20_more_on_heads() -> None:
    g = attack("ex13-46", "Quick Blow", [HEADS], defender=CHANSEY_EX)
    assert defending(g)["damage"] == 60
    g = attack("ex13-46", "Quick Blow", [TAILS], defender=CHANSEY_EX)
    assert defending(g)["damage"] == 40


# ---------------------------------------------------------------------------- Holon Lake
HOLON_LAKE = {"card": "ex13-87", "owner": "p2"}


def test_holon_lake_lets_a_delta_pokemon_of_either_player_use_delta_call() -> None:
    mankey = {"card": "ex13-70", "energy": ["Fire Energy"]}  # Mankey δ
    deck = ["ex13-60", "ex13-50", "ex13-65"]  # Barboach (no δ), Primeape δ, Exeggcute δ
    g = game({"active": mankey, "deck": deck}, {"active": WAILORD}, stadium=HOLON_LAKE)
    offered = {a.params.get("attack") for a in g.legal_actions() if a.kind == "attack"}
    assert offered == {"Paralyzing Gaze", "Delta Call"}  # Low Kick costs 2
    act(g, "p1", "attack", attack="Delta Call")
    assert pending(g)["options"] == ["Primeape", "Exeggcute", "nothing"]
    act(g, "p1", "choose", option=1)
    assert players(g)["p1"]["hand"] == ["Exeggcute δ"] and defending(g)["damage"] == 0
    check_invariants(g.state)


def test_holon_lake_gives_nothing_to_a_plain_pokemon_or_without_the_stadium() -> None:
    barboach = {"card": "ex13-60", "energy": ["Fighting Energy"]}
    g = game({"active": barboach}, {"active": WAILORD}, stadium=HOLON_LAKE)
    offered = {a.params.get("attack") for a in g.legal_actions() if a.kind == "attack"}
    assert "Delta Call" not in offered
    with pytest.raises(IllegalActionError, match=r"ptcg\.attack\.known"):
        act(g, "p1", "attack", attack="Delta Call")
    mankey = {"card": "ex13-70", "energy": ["Fire Energy"]}
    g = game({"active": mankey}, {"active": WAILORD})
    with pytest.raises(IllegalActionError, match=r"ptcg\.attack\.known"):
        act(g, "p1", "attack", attack="Delta Call")


# ---------------------------------------------------------------------------- Bellossom δ
BELLOSSOM = {"card": "ex13-19", "under": ["ex13-73", "ex13-42"], "energy": ["Water Energy"] * 2}


def test_fellowship_lets_bellossom_use_the_attacks_of_oddish_and_gloom_in_play() -> None:
    bellossom = {**BELLOSSOM, "damage": 30}
    bench = [{"card": "ex13-73"}, {"card": "ex13-60"}]  # Oddish δ; Barboach lends nothing
    g = game({"active": bellossom, "bench": bench}, {"active": WAILORD})
    offered = {a.params.get("attack") for a in g.legal_actions() if a.kind == "attack"}
    assert offered == {"Aqua Flower", "Tackle", "Blot"}
    act(g, "p1", "attack", attack="Blot")  # Oddish's: 2 counters off the user, Bellossom
    assert defending(g)["damage"] == 10 and players(g)["p1"]["active"]["damage"] == 10
    check_invariants(g.state)
    # without an Oddish in play: no Blot
    g = game({"active": bellossom, "bench": [{"card": "ex13-60"}]}, {"active": WAILORD})
    with pytest.raises(IllegalActionError, match=r"ptcg\.attack\.known"):
        act(g, "p1", "attack", attack="Blot")


def test_aqua_flower_takes_bellossoms_weakness_away_for_the_next_turn_only() -> None:
    blaziken = attacker("ex13-20", "Combustion")  # Fire: Bellossom δ is weak to Fire
    bench = [{"card": "ex13-73"}]
    for used, damage in (("Aqua Flower", 30), ("Tackle", 60)):
        g = game({"active": BELLOSSOM, "bench": bench}, {"active": blaziken})
        act(g, "p1", "attack", attack=used)
        act(g, "p2", "attack", attack="Combustion")
        assert players(g)["p1"]["active"]["damage"] == damage, used
        check_invariants(g.state)


# ---------------------------------------------------------------------------- batch 3
def test_harsh_fluid_puts_5_counters_at_the_end_of_the_opponents_next_turn() -> None:
    # Cradily's Darkness is paid with Darkness Energy ex1-93: 10 more
    g = attack("ex13-2", "Harsh Fluid")
    assert defending(g)["damage"] == 30
    act(g, "p2", "end_turn")
    assert defending(g)["damage"] == 30 + 50
    # gone to the Bench before then: nothing more
    wailord = {**WAILORD, "energy": ["Fire Energy"] * 4}
    g = attack("ex13-2", "Harsh Fluid", defender=wailord, p2={"bench": [{"card": "ex13-60"}]})
    act(g, "p2", "retreat", target="bench1")
    act(g, "p2", "end_turn")
    assert players(g)["p2"]["bench"][0]["damage"] == 30


def test_cradilys_poison_tentacles_poisons() -> None:
    g = attack("ex13-2", "Poison Tentacles")
    assert defending(g)["damage"] == 50 + 10 and defending(g)["conditions"] == ["poisoned"]


def test_vengeful_spikes_counts_the_fossil_line_in_the_discard_pile_up_to_60() -> None:
    g = attack("ex13-13", "Vengeful Spikes", p1={"discard": ["ex13-74", "ex13-67", "ex13-60"]})
    assert defending(g)["damage"] == 30 + 20  # Omanyte δ and Kabuto δ; Barboach is none
    g = attack("ex13-13", "Vengeful Spikes", p1={"discard": ["ex13-74"] * 4 + ["ex13-67"] * 4})
    assert defending(g)["damage"] == 30 + 60


def test_rayquaza_delta_search_attaches_a_holon_energy_from_the_deck() -> None:
    g = attack("ex13-16", "Delta Search", p1={"deck": ["ex11-104", "Water Energy"]})
    assert pending(g)["options"] == ["Holon Energy FF", "nothing"]
    act(g, "p1", "choose", option=0)
    assert "Holon Energy FF" in players(g)["p1"]["active"]["energy"]


def test_hydro_barrier_takes_weakness_away_only_with_a_holon_energy() -> None:
    # Wailord (Water, weak to Lightning) Active, Rayquaza δ on the Bench; Pika Bolt is Lightning
    raichu = attacker("ex13-51", "Pika Bolt")
    for energy, damage in ((["ex11-104"], 50), (["Water Energy"], 100)):
        rayquaza = {"card": "ex13-16", "energy": energy}
        g = game({"active": raichu}, {"active": WAILORD, "bench": [rayquaza]})
        act(g, "p1", "attack", attack="Pika Bolt")
        assert defending(g)["damage"] == damage, energy


def test_primal_light_takes_a_basic_energy_from_the_deck() -> None:
    aerodactyl = {"card": "ex13-35", "under": ["ex13-92"]}
    g = game({"active": aerodactyl, "deck": ["Potion", "Fire Energy"]}, {"active": WAILORD})
    act(g, "p1", "use_power", power="Primal Light", pokemon="active")
    assert pending(g)["options"] == ["Fire Energy", "nothing"]
    act(g, "p1", "choose", option=0)
    assert players(g)["p1"]["hand"] == ["Fire Energy"]
    g = game({"active": {**aerodactyl, "conditions": ["asleep"]}, "deck": ["Fire Energy"]},
             {"active": WAILORD})
    with pytest.raises(IllegalActionError, match=r"ptcg\.power\.condition"):
        act(g, "p1", "use_power", power="Primal Light", pokemon="active")


def test_granite_head_takes_10_off_the_next_attack_after_weakness() -> None:
    blaziken = attacker("ex13-20", "Combustion")
    aerodactyl = attacker("ex13-35", "Granite Head")
    g = game({"active": aerodactyl}, {"active": blaziken})
    act(g, "p1", "attack", attack="Granite Head")
    act(g, "p2", "attack", attack="Combustion")
    assert players(g)["p1"]["active"]["damage"] == 30 - 10


def test_split_bomb_hits_two_pokemon_for_30() -> None:
    g = attack("ex13-41", "Split Bomb", p2={"bench": [{"card": "ex13-60"}]})
    act(g, "p1", "choose", option=0)
    act(g, "p1", "choose", option=0)
    assert defending(g)["damage"] == 30 and players(g)["p2"]["bench"][0]["damage"] == 30


def test_delta_draw_draws_up_to_the_delta_pokemon_in_play() -> None:
    bench = [{"card": "ex13-70"}, {"card": "ex13-65"}]
    g = attack("ex13-44", "Delta Draw", p1={"bench": bench, "deck": ["Potion"] * 5})
    assert pending(g)["options"] == ["draw 0", "draw 1", "draw 2"]
    act(g, "p1", "choose", option=2)
    assert len(players(g)["p1"]["hand"]) == 2
    g = attack("ex13-44", "Delta Draw", p1={"deck": ["Potion"] * 5})  # no δ: nothing
    assert players(g)["p1"]["hand"] == []


def test_brush_aside_discards_from_the_hand_only_with_a_holon_energy() -> None:
    sharpedo = attacker("ex13-53", "Brush Aside")
    for extra, discarded in ((["ex11-104"], ["Potion"]), ([], [])):
        mon = {**sharpedo, "energy": sharpedo["energy"] + extra}
        g = game({"active": mon}, {"active": WAILORD, "hand": ["Potion"]}, settings=ALLOW)
        act(g, "p1", "attack", attack="Brush Aside")
        assert players(g)["p2"]["discard"] == discarded


def test_swift_turn_does_30_more_to_a_pokemon_resisting_fighting() -> None:
    assert defending(attack("ex13-53", "Swift Turn", defender=SKARMORY))["damage"] == 80 - 30
    assert defending(attack("ex13-53", "Swift Turn"))["damage"] == 50


def test_mewtwo_star_absorbs_energy_and_its_psychic_star_needs_an_evolved_target() -> None:
    g = attack("ex13-103", "Energy Absorption", p1={"discard": ["Psychic Energy"]})
    act(g, "p1", "choose", option=0)
    assert "Psychic Energy" in players(g)["p1"]["active"]["energy"]
    g = attack("ex13-103", "Psychic Star")  # Wailord is evolved
    assert defending(g)["damage"] == 100 and players(g)["p1"]["active"]["energy"] == []
    g = attack("ex13-103", "Psychic Star", defender=CHANSEY_EX)  # a Basic
    assert defending(g)["damage"] == 50 and len(players(g)["p1"]["active"]["energy"]) == 3


def test_dark_metal_energy_is_the_reprint_of_ex7s() -> None:
    assert missing_effects(bundled_cards()["ex13-97"]) == []


# ---------------------------------------------------------------------------- batch 4
KINGDRA = {"card": "ex13-10", "under": ["Horsea", "ex13-52"]}


def test_dragon_curse_puts_2_counters_on_an_opposing_delta_pokemon_while_active() -> None:
    p2 = {"active": WAILORD, "bench": [{"card": "ex13-70"}, {"card": "ex13-60"}]}
    g = game({"active": KINGDRA}, p2, settings=ALLOW)
    act(g, "p1", "use_power", power="Dragon Curse", pokemon="active")
    assert pending(g)["options"] == ["Mankey δ (bench1)"]  # the only δ one
    act(g, "p1", "choose", option=0)
    assert [m["damage"] for m in players(g)["p2"]["bench"]] == [20, 0]
    check_invariants(g.state)
    # on the Bench it cannot; nor with no δ Pokémon to aim at
    g = game({"active": "ex13-60", "bench": [KINGDRA]}, p2, settings=ALLOW)
    with pytest.raises(IllegalActionError, match=r"ptcg\.power"):
        act(g, "p1", "use_power", power="Dragon Curse", pokemon="bench1")
    g = game({"active": KINGDRA}, {"active": WAILORD}, settings=ALLOW)
    with pytest.raises(IllegalActionError, match=r"ptcg\.power"):
        act(g, "p1", "use_power", power="Dragon Curse", pokemon="active")


def test_kingdras_extra_flame_does_30_more_to_a_pokemon_ex() -> None:
    assert defending(attack("ex13-10", "Extra Flame", defender=CHANSEY_EX))["damage"] == 60
    assert defending(attack("ex13-10", "Extra Flame"))["damage"] == 30


def test_super_psywave_puts_a_counter_per_energy_on_the_picked_pokemon() -> None:
    bench = [{"card": "ex13-60", "energy": ["Fire Energy"] * 3}]
    g = attack("ex13-111", "Super Psywave", p2={"bench": bench})
    act(g, "p1", "choose", option=1)  # Barboach on the Bench: 3 Energy
    assert players(g)["p2"]["bench"][0]["damage"] == 30 and defending(g)["damage"] == 0
    g = attack("ex13-111", "Super Psywave", p2={"bench": bench})
    act(g, "p1", "choose", option=0)  # Wailord: no Energy, no counters
    assert defending(g)["damage"] == 0


def test_splash_back_needs_4_opposing_benched_pokemon() -> None:
    crawdaunt = {"card": "ex13-99", "under": ["Corphish"]}
    four = [{"card": "ex13-60"}, {"card": "ex13-75"}, {"card": "ex13-83"}, {"card": "ex13-70"}]
    g = game({"active": crawdaunt}, {"active": WAILORD, "bench": four}, settings=ALLOW)
    act(g, "p1", "use_power", power="Splash Back", pokemon="active")
    act(g, "p1", "choose", option=0)
    p2 = players(g)["p2"]
    assert len(p2["bench"]) == 3 and "Barboach" in p2["hand"]
    check_invariants(g.state)
    g = game({"active": crawdaunt}, {"active": WAILORD, "bench": four[:3]}, settings=ALLOW)
    with pytest.raises(IllegalActionError, match=r"ptcg\.power"):
        act(g, "p1", "use_power", power="Splash Back", pokemon="active")


def test_power_blow_is_20_per_energy_on_crawdaunt_ex() -> None:
    g = attack("ex13-99", "Power Blow", mon={"energy": ["Water Energy"] * 3})
    assert defending(g)["damage"] == 60


def test_driving_howl_makes_the_opponent_switch_their_active() -> None:
    mightyena = {"card": "ex13-101", "under": ["Poochyena"]}
    p2 = {"active": WAILORD, "bench": [{"card": "ex13-60"}]}
    g = game({"active": mightyena}, p2, settings=ALLOW)
    act(g, "p1", "use_power", power="Driving Howl", pokemon="active")
    assert pending(g)["player"] == "p2"
    act(g, "p2", "choose", option=0)
    assert defending(g)["card"] == "Barboach"
    g = game({"active": mightyena}, {"active": WAILORD}, settings=ALLOW)
    with pytest.raises(IllegalActionError, match=r"ptcg\.power"):
        act(g, "p1", "use_power", power="Driving Howl", pokemon="active")


def test_hyper_claws_does_40_more_to_a_stage_2_pokemon() -> None:
    # Darkness Energy ex1-93 pays the Darkness: 10 more each time
    armaldo = {"card": "ex13-1", "under": ["ex13-91", "ex13-57"]}  # Armaldo δ, 110 HP
    assert defending(attack("ex13-101", "Hyper Claws", defender=armaldo))["damage"] == 100
    assert defending(attack("ex13-101", "Hyper Claws"))["damage"] == 60  # Wailord: Stage 1


# ---------------------------------------------------------------------------- Deoxys δ
def test_delta_deoxys_form_change_swaps_in_another_deoxys_once_a_turn() -> None:
    deoxys = {"card": "ex13-6", "damage": 10, "energy": ["Lightning Energy"]}
    g = game({"active": deoxys, "deck": ["ex13-5", "ex8-16"]}, {"active": WAILORD})
    act(g, "p1", "use_power", power="Form Change", pokemon="active")
    act(g, "p1", "choose", option=0)
    active = players(g)["p1"]["active"]
    assert (active["id"], active["damage"], active["energy"]) == (
        "ex13-5",
        10,
        ["Lightning Energy"],
    )
    with pytest.raises(IllegalActionError, match=r"ptcg\.power"):
        act(g, "p1", "use_power", power="Form Change", pokemon="active")
    g = game({"active": deoxys, "deck": ["Potion"]}, {"active": WAILORD})
    with pytest.raises(IllegalActionError, match=r"ptcg\.power"):
        act(g, "p1", "use_power", power="Form Change", pokemon="active")


def test_energy_loop_returns_two_energy_to_the_hand() -> None:
    g = attack("ex13-3", "Energy Loop")  # 3 attached (Darkness paid with Darkness Energy)
    assert pending(g)["options"] == ["Darkness Energy", "Water Energy"]
    act(g, "p1", "choose", option=0)  # then the two left are alike: nothing more is asked
    assert players(g)["p1"]["active"]["energy"] == ["Water Energy"]
    assert sorted(players(g)["p1"]["hand"]) == ["Darkness Energy", "Water Energy"]


def test_delta_reduction_takes_30_off_before_weakness_next_turn_only() -> None:
    # Deoxys δ is Metal, its Metal paid with Metal Energy ex1-94: 10 less damage each time
    deoxys = attacker("ex13-4", "Delta Reduction")
    blaziken = attacker("ex13-20", "Combustion")  # 30: all of it is taken off
    g = game({"active": deoxys}, {"active": blaziken})
    act(g, "p1", "attack", attack="Delta Reduction")
    act(g, "p2", "attack", attack="Combustion")
    assert players(g)["p1"]["active"]["damage"] == 0
    g = game({"active": deoxys}, {"active": blaziken})
    act(g, "p1", "end_turn")
    act(g, "p2", "attack", attack="Combustion")
    assert players(g)["p1"]["active"]["damage"] == 30 - 10


def test_crystal_laser_boosts_deoxys_next_attack_by_40() -> None:
    deoxys = {"card": "ex13-5", "energy": ["Water Energy"] * 2}
    g = game({"active": deoxys}, {"active": WAILORD})
    act(g, "p1", "attack", attack="Crystal Laser")
    act(g, "p2", "end_turn")
    act(g, "p1", "attack", attack="Crystal Laser")
    assert defending(g)["damage"] == 20 + 60


def test_teleportation_burst_switches_deoxys_with_a_benched_pokemon() -> None:
    g = attack("ex13-6", "Teleportation Burst", p1={"bench": [{"card": "ex13-60"}]})
    act(g, "p1", "choose", option=0)
    assert players(g)["p1"]["active"]["card"] == "Barboach"
    assert defending(g)["damage"] == 40  # Lightning: Weakness x2


# ---------------------------------------------------------------------------- batch 5
VILEPLUME = {"card": "ex13-17", "under": ["ex13-73", "ex13-42"]}


def test_poison_pollen_poisons_the_defending_pokemon_on_heads() -> None:
    g = game({"active": VILEPLUME}, {"active": WAILORD})
    act(g, "p1", "use_power", coins=[HEADS], power="Poison Pollen", pokemon="active")
    assert defending(g)["conditions"] == ["poisoned"]
    g = game({"active": VILEPLUME}, {"active": WAILORD})
    act(g, "p1", "use_power", coins=[TAILS], power="Poison Pollen", pokemon="active")
    assert defending(g)["conditions"] == []
    g = game({"active": {**VILEPLUME, "conditions": ["confused"]}}, {"active": WAILORD})
    with pytest.raises(IllegalActionError, match=r"ptcg\.power\.condition"):
        act(g, "p1", "use_power", power="Poison Pollen", pokemon="active")


def test_poltergeist_counts_the_trainer_cards_in_the_opponents_hand() -> None:
    hand = ["Potion", "Switch", "Fire Energy"]
    g = attack("ex13-17", "Poltergeist", p2={"hand": hand}, defender=CHANSEY_EX)
    assert defending(g)["damage"] == 30 + 20


def test_scratch_and_draw_draws_3_only_under_a_holon_stadium() -> None:
    persian = attacker("ex13-48", "Scratch and Draw")
    deck = ["Potion"] * 4
    g = game({"active": persian, "deck": deck}, {"active": WAILORD}, stadium=HOLON_LAKE)
    act(g, "p1", "attack", attack="Scratch and Draw")
    assert len(players(g)["p1"]["hand"]) == 3
    g = game({"active": persian, "deck": deck}, {"active": WAILORD})
    act(g, "p1", "attack", attack="Scratch and Draw")
    assert players(g)["p1"]["hand"] == []


def test_deceive_lets_the_opponent_pick_where_4_counters_go() -> None:
    g = attack("ex13-48", "Deceive", p2={"bench": [{"card": "ex13-60"}]})
    assert pending(g)["player"] == "p2"
    act(g, "p2", "choose", option=0)  # Wailord takes them
    assert defending(g)["damage"] == 40 and players(g)["p2"]["bench"][0]["damage"] == 0


def test_spiral_growth_attaches_a_basic_energy_per_heads() -> None:
    discard = ["Fire Energy", "Water Energy"]
    g = attack("ex13-102", "Spiral Growth", [HEADS, TAILS], p1={"discard": discard})
    act(g, "p1", "choose", option=0)
    assert len(players(g)["p1"]["active"]["energy"]) == 3
    g = attack("ex13-102", "Spiral Growth", [TAILS], p1={"discard": discard})
    assert len(players(g)["p1"]["active"]["energy"]) == 2


def test_all_out_blast_mills_to_one_card_and_counts_the_energy() -> None:
    deck = ["Fire Energy", "Potion", "Water Energy", "Switch"]
    mon = {"energy": ["Fire Energy"] * 4}
    g = attack("ex13-102", "All-out Blast", p1={"deck": deck}, mon=mon)
    assert defending(g)["damage"] == 50 + 40
    p1 = players(g)["p1"]
    assert p1["deck_count"] == 1
    assert sorted(p1["discard"]) == ["Fire Energy", "Potion", "Water Energy"]
    g = attack("ex13-102", "All-out Blast", p1={"deck": ["Fire Energy"]}, mon=mon)
    assert defending(g)["damage"] == 50


def test_delta_support_needs_a_holon_supporter_in_play() -> None:
    chimecho = {"card": "ex13-37"}
    hand = ["ex13-85", "Potion"]
    p1 = {"active": chimecho, "hand": hand, "discard": ["Fire Energy"], "deck": ["Switch"] * 4}
    g = game(p1, {"active": WAILORD})
    with pytest.raises(IllegalActionError, match=r"ptcg\.power"):
        act(g, "p1", "use_power", power="Delta Support", pokemon="active")
    act(g, "p1", "play_trainer", card="Holon Adventurer")
    act(g, "p1", "choose", option=0)  # Potion discarded, 3 drawn
    act(g, "p1", "use_power", power="Delta Support", pokemon="active")
    assert pending(g)["options"] == ["Fire Energy", "nothing"]
    act(g, "p1", "choose", option=0)
    assert "Fire Energy" in players(g)["p1"]["hand"]
    check_invariants(g.state)


def test_vital_drain_heals_7_and_cures_only_when_it_knocks_out() -> None:
    kabutops = {**attacker("ex13-9", "Vital Drain"), "damage": 80, "conditions": ["poisoned"]}
    kabutops["under"] = ["ex13-92", "ex13-67"]  # Mysterious Fossil, Kabuto δ
    for hurt, damage, conditions in ((20, 10, []), (0, 80 + 10, ["poisoned"])):
        p2 = {"active": {"card": "ex13-60", "damage": hurt}, "bench": [{"card": "ex13-75"}]}
        g = game({"active": kabutops}, p2, settings=ALLOW)
        act(g, "p1", "attack", attack="Vital Drain")
        active = players(g)["p1"]["active"]
        # not Knocked Out: the Poison counter comes between turns
        assert (active["damage"], active["conditions"]) == (damage, conditions), hurt


def test_thunderous_blow_counts_lightning_energy() -> None:
    mon = {"energy": ["Lightning Energy"] * 2 + ["Water Energy"]}
    g = attack("ex13-9", "Thunderous Blow", mon=mon, defender=CHANSEY_EX)
    assert defending(g)["damage"] == 40 + 20


# ---------------------------------------------------------------------------- the last ex13 cards
def test_holons_castform_goes_onto_energy_sends_one_back_and_gives_2_of_every_type() -> None:
    ponyta = {"card": "ex11-78", "energy": ["Fire Energy"]}
    g = game({"active": ponyta, "bench": ["ex11-74"], "hand": ["ex13-44"]}, {"active": WAILORD})
    with pytest.raises(IllegalActionError, match=r"ptcg\.energy\.condition"):
        act(g, "p1", "attach", card="ex13-44", target="bench1")  # no Energy on it
    act(g, "p1", "attach", card="ex13-44", target="active")
    p1 = players(g)["p1"]
    assert p1["active"]["energy"] == ["Holon's Castform"] and p1["hand"] == ["Fire Energy"]
    mon = g.state.sides[0].active
    assert mon is not None
    assert energy_units(g.state, mon) == [("Any",), ("Any",)]
    check_invariants(g.state)


@pytest.mark.parametrize("rainbow", ["ex13-98", "ex15-88"])  # ex15-88 reprints it
def test_delta_rainbow_energy_gives_every_type_on_a_delta_pokemon_only(rainbow: str) -> None:
    for card, units in (("ex13-65", [("Any",)]), ("ex11-78", [("Colorless",)])):
        g = game({"active": {"card": card, "energy": [rainbow]}}, {"active": WAILORD})
        mon = g.state.sides[0].active
        assert mon is not None
        assert energy_units(g.state, mon) == units, card
        assert can_pay(g.state, mon, ("Fire",)) == (card == "ex13-65")


def test_mr_stones_project_takes_2_basic_energy_from_the_deck_or_the_discard_pile() -> None:
    deck = ["Fire Energy", "Water Energy", "Potion", "ex13-98"]
    p1 = {"active": WAILORD, "hand": ["ex13-88"], "deck": deck, "discard": ["Grass Energy"]}
    g = game(p1, {"active": WAILORD})
    act(g, "p1", "play_trainer", card="Mr. Stone's Project")
    assert pending(g)["options"] == ["search the deck", "search the discard pile"]
    act(g, "p1", "choose", option=0)
    # only the basic Energy cards are offered (not Potion, not δ Rainbow Energy)
    assert pending(g)["options"] == ["Fire Energy", "Water Energy", "nothing"]
    act(g, "p1", "choose", option=0)
    act(g, "p1", "choose", option=0)
    assert sorted(players(g)["p1"]["hand"]) == ["Fire Energy", "Water Energy"]
    # an empty deck and a discard pile without basic Energy: refused
    g = game({"active": WAILORD, "hand": ["ex13-88"], "deck": []}, {"active": WAILORD})
    with pytest.raises(IllegalActionError, match=r"ptcg\.trainer"):
        act(g, "p1", "play_trainer", card="Mr. Stone's Project")


def test_pichu_delta_pastes_an_energy_onto_a_delta_pokemon_only() -> None:
    bench = [{"card": "ex13-65"}, {"card": "ex11-78"}]  # a δ Pokémon, a plain one
    g = attack("ex13-76", "Paste", p1={"bench": bench, "discard": ["Fire Energy"]})
    labels = ["Fire Energy to Pichu (active)", "Fire Energy to Exeggcute (bench1)", "nothing"]
    assert pending(g)["options"] == labels  # not Ponyta
    act(g, "p1", "choose", option=1)
    assert players(g)["p1"]["bench"][0]["energy"] == ["Fire Energy"]
    g = attack("ex13-76", "Paste")  # nothing in the discard pile: nothing asked
    assert g.state.pending is None


def test_pichu_delta_baby_evolves_into_pikachu() -> None:
    pichu = {"card": "ex13-76", "damage": 20}
    g = game({"active": pichu, "hand": ["ex13-79"]}, {"active": WAILORD})
    act(g, "p1", "use_power", power="Baby Evolution", pokemon="active")
    active = players(g)["p1"]["active"]
    assert active["card"] == "Pikachu δ" and active["damage"] == 0
    g = game({"active": pichu, "hand": ["Potion"]}, {"active": WAILORD})
    with pytest.raises(IllegalActionError, match=r"ptcg\.power\.requirement"):
        act(g, "p1", "use_power", power="Baby Evolution", pokemon="active")


def test_zzzap_hits_each_pokemon_with_a_power_or_body() -> None:
    p1 = {"bench": [{"card": "ex13-100"}, {"card": "ex11-78"}]}  # Mew ex (a Power), Ponyta
    g = attack("ex13-15", "Zzzap", p1=p1, p2={"bench": [{"card": "ex13-37"}]})
    assert defending(g)["damage"] == 0  # Wailord has neither
    assert players(g)["p2"]["bench"][0]["damage"] == 20  # Chimecho δ: Delta Support
    assert [m["damage"] for m in players(g)["p1"]["bench"]] == [20, 0]


def test_metallic_thunder_does_90_after_discarding_2_metal_energy() -> None:
    raichu = {"energy": ["Metal Energy"] * 3}
    g = attack("ex13-15", "Metallic Thunder", mon=raichu)
    assert pending(g)["options"] == ["the printed damage", "discard 2 Metal Energy: 90 damage"]
    act(g, "p1", "choose", option=1)
    assert defending(g)["damage"] == 90
    assert players(g)["p1"]["active"]["energy"] == ["Metal Energy"]
    g = attack("ex13-15", "Metallic Thunder", mon=raichu)
    act(g, "p1", "choose", option=0)
    assert defending(g)["damage"] == 50 and len(players(g)["p1"]["active"]["energy"]) == 3
    # a δ Rainbow Energy on Raichu δ gives Metal too: with it 2 Metal may be discarded
    energy = ["Metal Energy", "ex13-98", "Water Energy"]
    g = attack("ex13-15", "Metallic Thunder", mon={"energy": energy})
    act(g, "p1", "choose", option=1)
    assert defending(g)["damage"] == 90
    assert players(g)["p1"]["active"]["energy"] == ["Water Energy"]


def test_mind_play_discards_a_trainer_for_30_more_and_keeps_other_cards() -> None:
    hand = {"hand": ["Fire Energy", "Potion"]}
    g = attack("ex13-43", "Mind Play", coins=[2], p2=hand, defender=CHANSEY_EX)
    assert defending(g)["damage"] == 60
    assert players(g)["p2"]["discard"] == ["Potion"]
    g = attack("ex13-43", "Mind Play", coins=[1], p2=hand, defender=CHANSEY_EX)
    assert defending(g)["damage"] == 30
    assert players(g)["p2"]["discard"] == []  # Fire Energy looked at, back in the hand


def test_delta_block_keeps_stadiums_off_only_under_a_holon_stadium() -> None:
    golduck = {"card": "ex13-43", "under": ["Psyduck"]}
    for stadium, blocked in ((HOLON_LAKE, True), ({"card": "ex3-85", "owner": "p1"}, False)):
        g = game({"active": golduck}, {"active": WAILORD, "hand": ["ex9-75"]}, stadium=stadium)
        act(g, "p1", "end_turn")
        if blocked:
            with pytest.raises(IllegalActionError, match=r"Delta Block"):
                act(g, "p2", "play_trainer", card="ex9-75")
        else:
            act(g, "p2", "play_trainer", card="ex9-75")
            assert g.state.card(g.state.stadium).id == "ex9-75"


def test_delta_reactor_adds_10_for_delta_pokemon_under_a_holon_stadium() -> None:
    gyarados = {"card": "ex13-8", "under": ["Magikarp"]}
    mon = attacker("ex13-65", "Rollout")  # Exeggcute δ: 10
    for stadium, bench, damage in (
        (HOLON_LAKE, [gyarados], 20),
        (HOLON_LAKE, [], 10),
        ({"card": "ex3-85", "owner": "p1"}, [gyarados], 10),
    ):
        g = game({"active": mon, "bench": bench}, {"active": WAILORD}, stadium=stadium)
        act(g, "p1", "attack", attack="Rollout")
        assert defending(g)["damage"] == damage, (stadium, bench)
    # a plain attacker gets nothing
    ponyta = attacker("ex11-78", "Flare")
    g = game({"active": ponyta, "bench": [gyarados]}, {"active": WAILORD}, stadium=HOLON_LAKE)
    act(g, "p1", "attack", attack="Flare")
    assert defending(g)["damage"] == 10


def test_delta_edge_does_20_with_a_supporter_in_play_else_70() -> None:
    assert defending(attack("ex13-1", "Delta Edge"))["damage"] == 70
    armaldo = attacker("ex13-1", "Delta Edge")
    p1 = {"active": armaldo, "hand": ["ex13-85", "Potion"], "deck": ["Potion"] * 5}
    g = game(p1, {"active": WAILORD}, settings=ALLOW)
    act(g, "p1", "play_trainer", card="Holon Adventurer")
    act(g, "p1", "choose", option=0)
    act(g, "p1", "attack", attack="Delta Edge")
    assert defending(g)["damage"] == 20


def test_fossil_charge_may_discard_a_fossil_to_hit_a_benched_pokemon() -> None:
    p2 = {"bench": [{"card": "ex13-60"}]}
    g = attack("ex13-1", "Fossil Charge", p1={"hand": ["ex13-86", "Potion"]}, p2=p2)
    assert defending(g)["damage"] == 50
    assert pending(g)["options"] == ["discard Holon Fossil: 30 to Barboach (bench1)", "no"]
    act(g, "p1", "choose", option=0)
    assert players(g)["p2"]["bench"][0]["damage"] == 30
    assert players(g)["p1"]["discard"] == ["Holon Fossil"]
    g = attack("ex13-1", "Fossil Charge", p1={"hand": ["ex13-86"]}, p2=p2)
    act(g, "p1", "choose", option=1)  # no: the Fossil stays
    assert players(g)["p2"]["bench"][0]["damage"] == 0
    assert players(g)["p1"]["hand"] == ["Holon Fossil"]
    g = attack("ex13-1", "Fossil Charge", p1={"hand": ["Potion"]}, p2=p2)
    assert g.state.pending is None  # no Fossil in the hand: nothing asked


KABUTO = {"card": "ex13-67", "under": ["ex13-92"]}  # 70 HP, Weakness Grass


def test_flygon_delta_swift_ignores_resistance_and_delta_supply_attaches_to_delta_only() -> None:
    g = attack("ex13-7", "Swift", defender=KABUTO)  # weak to Grass
    assert defending(g)["damage"] == 60  # not doubled
    flygon = {"card": "ex13-7", "under": ["Trapinch", "Vibrava"]}
    bench = [{"card": "ex11-78"}]  # Ponyta: not δ
    g = game({"active": flygon, "bench": bench, "hand": ["Fire Energy", "ex13-98", "Potion"]},
             {"active": WAILORD})
    act(g, "p1", "use_power", power="Delta Supply", pokemon="active")
    assert pending(g)["options"] == ["Fire Energy to Flygon (active)",
                                     "δ Rainbow Energy to Flygon (active)", "nothing"]
    act(g, "p1", "choose", option=1)
    assert players(g)["p1"]["active"]["energy"] == ["δ Rainbow Energy"]
    act(g, "p1", "attach", card="Fire Energy", target="bench1")  # the turn's attachment is left
    g = game({"active": flygon, "hand": ["Potion"]}, {"active": WAILORD})
    with pytest.raises(IllegalActionError, match=r"no basic or δ Rainbow Energy card"):
        act(g, "p1", "use_power", power="Delta Supply", pokemon="active")


def test_gyarados_delta_hyper_beam_discards_a_defending_energy_on_heads() -> None:
    wailord = {**WAILORD, "energy": ["Water Energy"]}
    g = attack("ex13-8", "Hyper Beam", coins=[HEADS], defender=wailord)
    assert defending(g)["damage"] == 40 and defending(g)["energy"] == []  # Lightning: x2
    g = attack("ex13-8", "Hyper Beam", coins=[TAILS], defender=wailord)
    assert defending(g)["energy"] == ["Water Energy"]


def test_latias_spearhead_draws_and_latios_aqua_blast_discards_a_water_energy() -> None:
    g = attack("ex13-11", "Spearhead", p1={"deck": ["Potion"] * 3})
    assert players(g)["p1"]["hand"] == ["Potion"]
    g = attack("ex13-12", "Aqua Blast", defender=CHANSEY_EX)
    assert defending(g)["damage"] == 50 and len(players(g)["p1"]["active"]["energy"]) == 2


def test_pidgeot_delta_rotating_claws_swaps_an_energy_with_the_discard_pile() -> None:
    g = attack("ex13-14", "Rotating Claws", p1={"discard": ["Fire Energy"]}, defender=CHANSEY_EX)
    assert defending(g)["damage"] == 50
    act(g, "p1", "choose", option=0)  # discard Lightning Energy
    act(g, "p1", "choose", option=0)  # attach the Fire Energy (not the one just discarded)
    assert "Fire Energy" in players(g)["p1"]["active"]["energy"]
    assert players(g)["p1"]["discard"] == ["Lightning Energy"]


def test_devo_crush_may_discard_2_energy_to_shuffle_the_top_stage_into_the_deck() -> None:
    g = attack("ex13-100", "Devo Crush", defender=CHANSEY_EX)  # a Basic: no devolving offered
    assert pending(g)["options"] == ["no discard", "discard 2 Energy only"]
    act(g, "p1", "choose", option=0)
    assert defending(g)["damage"] == 50 and len(players(g)["p1"]["active"]["energy"]) == 3
    g = attack("ex13-100", "Devo Crush")  # Wailord evolved from Wailmer
    act(g, "p1", "choose", option=2)
    assert defending(g)["card"] == "Wailmer" and defending(g)["damage"] == 50
    assert len(players(g)["p1"]["active"]["energy"]) == 1
    assert "Wailord" in [g.state.card(c).name for c in g.state.sides[1].deck]


def test_psychic_vision_looks_at_the_opponents_hand_from_the_bench_only() -> None:
    g = game({"active": WAILORD, "bench": [{"card": "ex13-100"}]},
             {"active": WAILORD, "hand": ["Potion"]})
    events = act(g, "p1", "use_power", power="Psychic Vision", pokemon="bench1")
    assert any(e.type == "note" and e.data.get("cards") == ["Potion"] for e in events)
    g = game({"active": {"card": "ex13-100"}}, {"active": WAILORD, "hand": ["Potion"]})
    with pytest.raises(IllegalActionError, match=r"only while it is on the Bench"):
        act(g, "p1", "use_power", power="Psychic Vision", pokemon="active")


def test_dual_aura_turns_evolved_pokemons_bodies_off_with_the_partner_in_play() -> None:
    # Grumpig's Thick Fat takes 30 off a Fire attacker: Charmeleon's Rage, 40 with 3 counters
    charmeleon = attacker("ex14-29", "Rage", damage=30)
    grumpig = {"card": "ex14-20", "under": ["Spoink"]}
    latias, latios = {"card": "ex13-11"}, {"card": "ex13-12"}
    for bench, damage in (([latias, latios], 40), ([latias], 10), ([], 10)):
        g = game({"active": charmeleon, "bench": bench}, {"active": grumpig}, settings=ALLOW)
        act(g, "p1", "attack", attack="Rage")
        assert defending(g)["damage"] == damage, len(bench)
    # the opponent's pair turns its own player's Evolved Pokémon's Bodies off as well
    g = game(
        {"active": charmeleon},
        {"active": grumpig, "bench": [latias, latios]},
        settings=ALLOW,
    )
    act(g, "p1", "attack", attack="Rage")
    assert defending(g)["damage"] == 40


def test_delta_reserve_stops_powers_of_non_delta_pokemon_with_a_holon_energy() -> None:
    pidgeot = {"card": "ex13-14", "under": ["Pidgey", "Pidgeotto"], "energy": ["ex11-104"]}
    swampert = {"card": "ex14-27", "under": ["Mudkip", "Marshtomp"]}
    fearow = {"card": "ex14-18", "under": ["Spearow"]}
    deck = ["ex13-65", "Potion"]
    g = game({"active": swampert, "bench": [pidgeot, fearow], "deck": deck}, {"active": WAILORD})
    with pytest.raises(IllegalActionError, match=r"ptcg\.power\.body.*|Delta Reserve"):
        act(g, "p1", "use_power", power="Echo Draw", pokemon="active")
    act(g, "p1", "use_power", power="Delta Sign", pokemon="bench2")  # δ: it may
    act(g, "p1", "choose", option=0)
    # the opponent's Pidgeot δ reaches this player's Pokémon too
    g = game({"active": swampert, "deck": deck}, {"active": WAILORD, "bench": [pidgeot]})
    with pytest.raises(IllegalActionError, match=r"Delta Reserve"):
        act(g, "p1", "use_power", power="Echo Draw", pokemon="active")
    # without a Holon Energy card on Pidgeot δ nothing is stopped
    plain = {**pidgeot, "energy": ["Lightning Energy"]}
    g = game({"active": swampert, "bench": [plain], "deck": deck}, {"active": WAILORD})
    act(g, "p1", "use_power", power="Echo Draw", pokemon="active")
    assert players(g)["p1"]["hand"] == ["Exeggcute δ"]


def test_holon_fossil_benches_from_the_deck_on_heads_from_the_hand_on_tails() -> None:
    p1 = {"active": WAILORD, "hand": ["ex13-86", "ex13-67"], "deck": ["ex13-67", "ex13-60"]}
    g = game(p1, {"active": WAILORD})
    act(g, "p1", "play_trainer", card="Holon Fossil", coins=[HEADS])
    assert pending(g)["options"] == ["Kabuto", "nothing"]  # not Barboach
    act(g, "p1", "choose", option=0)
    p1_view = players(g)["p1"]
    assert [m["card"] for m in p1_view["bench"]] == ["Kabuto δ"]
    assert p1_view["hand"] == ["Kabuto δ"] and p1_view["deck_count"] == 1
    g = game(p1, {"active": WAILORD})
    act(g, "p1", "play_trainer", card="Holon Fossil", coins=[TAILS])
    act(g, "p1", "choose", option=0)
    p1_view = players(g)["p1"]
    assert [m["card"] for m in p1_view["bench"]] == ["Kabuto δ"] and p1_view["deck_count"] == 2
    check_invariants(g.state)
    full = {**p1, "bench": [{"card": "ex13-60"}] * 5}
    g = game(full, {"active": WAILORD})
    with pytest.raises(IllegalActionError, match=r"the Bench is full"):
        act(g, "p1", "play_trainer", card="Holon Fossil")
