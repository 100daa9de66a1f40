"""EX Holon Phantoms (ex13): the cards of effect_data_ex13.py and the vocabulary of
vocab_ex13.py, each shown both ways where it can go two ways."""

from __future__ import annotations

import pytest

from tests.ptcg.board import HEADS, TAILS, act, check_invariants, game
from tests.ptcg.set_cards import ALLOW, WAILORD, attack, defending, players
from turnkeeper.core.model import IllegalActionError
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
