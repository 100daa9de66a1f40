"""Outcome tests for the ex5-ex10 card effects that no other test or scenario named (issue 19).

Every expected value is worked out by hand from the card (the card id is the source) against
the default defender Wailord ex1-14 (120 HP, Water, Weakness Lightning, no Resistance):
Weakness doubles the damage, Poisoned adds one counter between turns, Asleep flips a coin
between turns (the last coin of a row: tails keeps it Asleep), Burned flips one too (heads:
no counters). An attacker pays each Colorless symbol with Water Energy.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.ptcg.board import HEADS, TAILS, act, game, view
from tests.ptcg.set_cards import ALLOW, WAILORD, attack, attacker, defending, pending, players
from turnkeeper.core.game import Game
from turnkeeper.core.model import IllegalActionError
from turnkeeper.rulesets.ptcg.state import PtcgState

PLAIN: list[tuple[str, str, list[int] | None, int, list[str]]] = [
    # card id, attack, coins, damage on Wailord after the turn ends, its conditions
    ("ex5-6", "Breaking Sound", None, 10, []),
    ("ex5-6", "Bass Control", None, 30, []),  # the Active picked by default
    ("ex5-6", "Thunderous Roar", None, 30, ["confused"]),
    ("ex5-18", "Stun Needle", [HEADS], 10, ["paralyzed"]),
    ("ex5-18", "Stun Needle", [TAILS], 10, []),
    ("ex5-18", "Mystic Water", None, 20, []),  # no Psychic Energy in play
    ("ex5-31", "Hyper Beam", [TAILS], 20, []),
    ("ex5-39", "Cracking Voice", [HEADS], 20, ["confused"]),
    ("ex5-39", "Cracking Voice", [TAILS], 20, []),
    ("ex5-51", "Toxic", None, 20, ["poisoned"]),  # two counters between turns
    ("ex5-55", "Poisonpowder", [HEADS], 10, ["poisoned"]),
    ("ex5-55", "Poisonpowder", [TAILS], 0, []),
    ("ex5-56", "Pound", None, 20, []),  # Lightning: Weakness x2
    ("ex5-57", "Random Spark", None, 20, []),  # the Active: Weakness applies
    ("ex5-59", "Swift", None, 10, []),
    ("ex5-65", "Double Chop", [HEADS, HEADS], 20, []),
    ("ex5-65", "Double Chop", [HEADS, TAILS], 10, []),
    ("ex5-65", "Double Chop", [TAILS, TAILS], 0, []),
    ("ex5-66", "Steady Punch", [HEADS], 30, []),
    ("ex5-66", "Steady Punch", [TAILS], 20, []),
    ("ex5-42", "Steady Punch", [HEADS], 30, []),
    ("ex5-42", "Steady Punch", [TAILS], 20, []),
    ("ex5-67", "Thundershock", [HEADS], 40, ["paralyzed"]),
    ("ex5-67", "Thundershock", [TAILS], 40, []),
    ("ex5-69", "Dazzle Blast", [HEADS], 40, ["confused"]),
    ("ex5-69", "Dazzle Blast", [TAILS], 40, []),
    ("ex5-78", "Sleepy Song", [TAILS], 0, ["asleep"]),
    ("ex6-3", "Cold Breath", [TAILS], 10, ["asleep"]),
    ("ex6-5", "Big Eggsplosion", [HEADS, HEADS], 80, []),  # one coin per attached Energy
    ("ex6-5", "Big Eggsplosion", [HEADS, TAILS], 40, []),
    ("ex6-5", "Big Eggsplosion", [TAILS, TAILS], 0, []),
    ("ex6-6", "One-Two Punch", [HEADS], 50, []),
    ("ex6-6", "One-Two Punch", [TAILS], 30, []),
    ("ex6-19", "Sing", [TAILS], 0, ["asleep"]),
    ("ex6-19", "Egg Surprise", [HEADS], 50, []),
    ("ex6-20", "Double Bubble", [HEADS, HEADS], 20, ["paralyzed"]),
    ("ex6-20", "Double Bubble", [TAILS, HEADS], 10, ["paralyzed"]),
    ("ex6-20", "Double Bubble", [TAILS, TAILS], 0, []),
    ("ex6-22", "Sonicboom", None, 30, []),
    ("ex6-22", "Rumble", None, 50, []),
    ("ex6-27", "Thundershock", [HEADS], 40, ["paralyzed"]),
    ("ex6-27", "Thundershock", [TAILS], 40, []),
    ("ex6-27", "Speed Shot", None, 40, []),  # Weakness does not apply
    ("ex6-32", "Hypnosis", [TAILS], 0, ["asleep"]),
    ("ex6-32", "Ambush", [HEADS], 20, []),
    ("ex6-32", "Ambush", [TAILS], 10, []),
    ("ex6-33", "Psybeam", [HEADS], 10, ["confused"]),
    ("ex6-33", "Psybeam", [TAILS], 10, []),
    ("ex6-33", "Double Spin", [HEADS, HEADS], 40, []),
    ("ex6-33", "Double Spin", [TAILS, HEADS], 20, []),
    ("ex6-35", "Poison Seed", None, 10, ["poisoned"]),
    ("ex6-37", "Lick", [HEADS], 10, ["paralyzed"]),
    ("ex6-37", "Lick", [TAILS], 10, []),
    ("ex6-37", "Tongue Whip", None, 20, []),  # the Active picked by default
    ("ex6-41", "Double Stab", [HEADS, TAILS], 20, []),
    ("ex6-41", "Double Stab", [TAILS, TAILS], 0, []),
    ("ex6-41", "Rend", None, 30, []),  # Wailord undamaged: no bonus
    ("ex6-46", "Bubble", [HEADS], 20, ["paralyzed"]),
    ("ex6-46", "Bubble", [TAILS], 20, []),
    ("ex6-48", "Quick Attack", [HEADS], 50, []),
    ("ex6-48", "Quick Attack", [TAILS], 10, []),
    ("ex6-50", "Water Gun", None, 20, []),  # no Water beyond the cost
    ("ex6-50", "Smash Turn", None, 40, []),
    ("ex6-51", "Corrosive Acid", [HEADS], 10, ["burned"]),  # heads: the burn puts nothing
    ("ex6-51", "Corrosive Acid", [TAILS], 30, ["burned"]),  # tails: 2 counters
    ("ex6-54", "Sleep Poison", [HEADS, TAILS], 10, ["asleep", "poisoned"]),
    ("ex6-54", "Sleep Poison", [TAILS], 0, []),
    ("ex6-55", "Gouge", [HEADS], 30, []),
    ("ex6-55", "Gouge", [TAILS], 20, []),
    ("ex6-56", "String Shot", [HEADS], 10, ["paralyzed"]),
    ("ex6-56", "String Shot", [TAILS], 10, []),
    ("ex6-57", "Singe", [TAILS], 20, ["burned"]),
    ("ex6-61", "Dig Under", None, 10, []),
    ("ex6-62", "Random Peck", [HEADS, HEADS], 30, []),
    ("ex6-62", "Random Peck", [HEADS, TAILS], 20, []),
    ("ex6-62", "Random Peck", [TAILS, TAILS], 10, []),
    ("ex6-68", "Supersonic", [HEADS], 0, ["confused"]),
    ("ex6-68", "Supersonic", [TAILS], 0, []),
    ("ex6-71", "Double Stab", [HEADS, HEADS], 20, []),
    ("ex6-71", "Double Stab", [TAILS, TAILS], 0, []),
    ("ex6-72", "Toxic Spore", [HEADS], 20, ["poisoned"]),
    ("ex6-72", "Toxic Spore", [TAILS], 10, []),
    ("ex6-74", "Plasma", [TAILS], 20, []),  # Lightning: Weakness x2
    ("ex6-75", "Spiral Attack", [HEADS], 0, ["confused"]),
    ("ex6-75", "Spiral Attack", [TAILS], 0, []),
    ("ex6-76", "Stomp", [HEADS], 30, []),
    ("ex6-76", "Stomp", [TAILS], 20, []),
    ("ex6-78", "Horn Hazard", [HEADS], 30, []),
    ("ex6-78", "Horn Hazard", [TAILS], 0, []),
    ("ex6-81", "Claw", [HEADS], 10, []),
    ("ex6-81", "Claw", [TAILS], 0, []),
    ("ex6-82", "Sleepy Ball", [HEADS, TAILS], 10, ["asleep"]),
    ("ex6-82", "Sleepy Ball", [TAILS], 10, []),
    ("ex6-83", "Bubble", [HEADS], 0, ["paralyzed"]),
    ("ex6-83", "Bubble", [TAILS], 0, []),
    ("ex6-83", "Smash Turn", None, 20, []),
    ("ex7-8", "Black Suction Cups", [HEADS], 10, ["paralyzed"]),
    ("ex7-8", "Black Suction Cups", [TAILS], 10, []),
    ("ex7-8", "Ink Blast", None, 30, []),  # no Energy beyond the cost
    ("ex7-18", "Swift", None, 50, []),
    ("ex7-28", "Swift", None, 20, []),
    ("ex7-30", "Super Poison Breath", None, 10, ["poisoned"]),
    ("ex7-30", "Breaking Impact", None, 80, []),  # Wailord's Retreat Cost is 4
    ("ex7-32", "Double Tackle", None, 20, []),
    ("ex7-32", "Crushing Blow", [TAILS], 40, []),  # a Darkness attacker: no Weakness
    ("ex7-41", "Dark Streak", [HEADS], 20, ["paralyzed"]),
    ("ex7-41", "Dark Streak", [TAILS], 20, []),
    ("ex7-41", "Rock Tumble", None, 40, []),
    ("ex7-49", "Miracle Powder", [TAILS], 10, []),
    ("ex7-51", "Bonemerang", [HEADS, HEADS], 20, []),
    ("ex7-51", "Bonemerang", [TAILS, HEADS], 10, []),
    ("ex7-51", "Bonemerang", [TAILS, TAILS], 0, []),
    ("ex7-53", "Dragon Song", [TAILS], 0, ["asleep"]),
    ("ex7-53", "Tail Strike", [HEADS], 30, []),
    ("ex7-53", "Tail Strike", [TAILS], 20, []),
    ("ex7-54", "Soothing Wave", [HEADS, TAILS], 10, ["asleep"]),
    ("ex7-54", "Soothing Wave", [TAILS], 10, []),
    ("ex7-55", "Tail Wrap", [HEADS], 0, ["paralyzed"]),
    ("ex7-55", "Tail Wrap", [TAILS], 0, []),
    ("ex7-58", "Swift", None, 30, []),
    ("ex7-63", "Dig Drain", None, 20, []),
    ("ex7-69", "Horn Rush", [HEADS], 10, []),
    ("ex7-69", "Horn Rush", [TAILS], 0, []),
    ("ex7-69", "Granite Head", None, 20, []),
    ("ex7-74", "Swift", None, 20, []),
    ("ex7-78", "Rising Lunge", [HEADS], 30, []),
    ("ex7-78", "Rising Lunge", [TAILS], 20, []),
    ("ex7-100", "Fire Dance", None, 30, []),  # nothing in the discard pile to attach
    ("ex7-110", "Smokescreen", None, 10, []),
    ("ex8-75", "Magma Ring", None, 10, []),
    ("ex9-6", "Aqua Sonic", None, 40, []),
    ("ex9-19", "Rock Tumble", None, 60, []),
    ("ex9-34", "Body Slam", [HEADS], 10, ["paralyzed"]),
    ("ex9-34", "Body Slam", [TAILS], 10, []),
    ("ex9-39", "Thundershock", [HEADS], 40, ["paralyzed"]),
    ("ex9-39", "Thundershock", [TAILS], 40, []),
    ("ex9-74", "Body Slam", [HEADS], 10, ["paralyzed"]),
    ("ex9-74", "Body Slam", [TAILS], 10, []),
    ("ex10-F", "Hidden Power", [HEADS, TAILS, TAILS, TAILS], 10, ["asleep"]),  # 1 heads
    ("ex10-F", "Hidden Power", [TAILS, HEADS, HEADS], 10, ["confused"]),  # 2 heads
    ("ex10-F", "Hidden Power", [HEADS, HEADS, HEADS], 10, ["paralyzed"]),  # 3 heads
    ("ex10-F", "Hidden Power", [TAILS, TAILS, TAILS], 10, []),
    ("ex10-T", "Hidden Power", None, 20, []),  # the Active picked by default
    ("ex10-U", "Hidden Power", None, 10, []),
    ("ex10-V", "Hidden Power", None, 20, []),  # no Pokémon in the discard pile
    ("ex10-X", "Hidden Power", [HEADS, HEADS, TAILS], 40, []),
    ("ex10-X", "Hidden Power", [TAILS], 0, []),
    ("ex10-Y", "Hidden Power", [TAILS], 10, ["asleep"]),
]


@pytest.mark.parametrize(("card", "name", "coins", "damage", "conditions"), PLAIN)
def test_attack_damage_and_conditions(
    card: str, name: str, coins: list[int] | None, damage: int, conditions: list[str]
) -> None:
    g = attack(card, name, coins)
    assert defending(g)["damage"] == damage
    assert sorted(defending(g)["conditions"]) == conditions


def choose(g: Game[PtcgState], label: str) -> None:
    """Answer the pending question with the option that starts with ``label``."""
    question = pending(g)
    options: list[str] = question["options"]
    found = next(i for i, option in enumerate(options) if option.startswith(label))
    act(g, question["player"], "choose", option=found)


CYNDAQUIL = "ex10-54"  # a Basic Fire Pokémon, 50 HP, Weakness Water
DUGTRIO = {"card": "ex6-22", "under": ["Diglett"], "energy": ["Fighting Energy", "Water Energy"]}


def test_breaking_sound_hits_every_opposing_pokemon_and_bass_control_the_pick() -> None:
    g = attack("ex5-6", "Breaking Sound", p2={"bench": [CYNDAQUIL, CYNDAQUIL]})
    assert defending(g)["damage"] == 10
    assert [m["damage"] for m in players(g)["p2"]["bench"]] == [10, 10]
    g = attack("ex5-6", "Bass Control", p2={"bench": [CYNDAQUIL]}, target="bench1")
    assert players(g)["p2"]["bench"][0]["damage"] == 30 and defending(g)["damage"] == 0


def test_meditate_adds_10_per_counter_on_the_defender_and_chakra_points_per_card_in_hand() -> None:
    g = attack("ex5-10", "Meditate", p2={"active": {**WAILORD, "damage": 30}})
    assert defending(g)["damage"] == 30 + 20 + 30
    assert defending(attack("ex5-10", "Meditate"))["damage"] == 20
    g = attack("ex5-10", "Chakra Points", p2={"hand": ["Potion", "Potion", "Potion"]})
    assert defending(g)["damage"] == 10 + 30
    assert defending(attack("ex5-10", "Chakra Points", p2={"hand": []}))["damage"] == 10


def test_mystic_water_counts_the_psychic_energy_of_both_sides() -> None:
    p1 = {"bench": [{"card": CYNDAQUIL, "energy": ["Psychic Energy"]}]}
    p2 = {"active": {**WAILORD, "energy": ["Psychic Energy", "Water Energy"]}}
    assert defending(attack("ex5-18", "Mystic Water", p1=p1, p2=p2))["damage"] == 20 + 20


def test_metal_load_attaches_a_metal_energy_from_the_discard_pile() -> None:
    g = attack("ex5-21", "Metal Load", p1={"discard": ["Metal Energy", "Fire Energy"]})
    assert pending(g)["options"] == ["Metal Energy", "nothing"]
    choose(g, "Metal Energy")
    assert "Metal Energy" in players(g)["p1"]["active"]["energy"]
    assert players(g)["p1"]["discard"] == ["Fire Energy"]
    g = attack("ex5-21", "Metal Load", p1={"discard": ["Fire Energy"]})
    assert players(g)["p1"]["active"]["energy"] == ["Water Energy"]


def test_hyper_beam_discards_an_energy_of_the_defender_on_heads_only() -> None:
    p2 = {"active": {**WAILORD, "energy": ["Water Energy"]}}
    g = attack("ex5-31", "Hyper Beam", [HEADS], p2=p2)
    assert defending(g)["energy"] == [] and players(g)["p2"]["discard"] == ["Water Energy"]
    assert defending(g)["damage"] == 20
    g = attack("ex5-31", "Hyper Beam", [TAILS], p2=p2)
    assert defending(g)["energy"] == ["Water Energy"]


def test_set_song_takes_a_basic_pokemon_and_a_basic_energy_from_the_deck() -> None:
    g = attack("ex5-37", "Set Song", p1={"deck": ["Potion", CYNDAQUIL, "Fire Energy", "ex1-14"]})
    while "pending" in view(g):
        options = pending(g)["options"]
        assert "Wailord" not in options and "Potion" not in options  # neither a Basic nor Energy
        choose(g, "Cyndaquil" if "Cyndaquil" in options else "Fire Energy")
    assert sorted(players(g)["p1"]["hand"]) == ["Cyndaquil", "Fire Energy"]


def test_power_heal_counts_its_own_counters_then_removes_one() -> None:
    g = attack("ex5-42", "Power Heal", mon={"damage": 30})
    assert defending(g)["damage"] == 10 + 30
    assert players(g)["p1"]["active"]["damage"] == 20
    g = attack("ex5-42", "Power Heal")
    assert defending(g)["damage"] == 10 and players(g)["p1"]["active"]["damage"] == 0


def test_levitate_makes_retreat_free_only_with_energy_attached() -> None:
    metang = {"card": "ex5-44", "under": ["Beldum"]}
    p1 = {"active": {**metang, "energy": ["Metal Energy"]}, "bench": [CYNDAQUIL]}
    g = game(p1, {"active": WAILORD})
    assert players(g)["p1"]["active"]["retreat"] == 0
    act(g, "p1", "retreat", target="bench1")
    assert players(g)["p1"]["bench"][0]["energy"] == ["Metal Energy"]  # nothing paid
    g = game({"active": metang, "bench": [CYNDAQUIL]}, {"active": WAILORD})
    assert players(g)["p1"]["active"]["retreat"] == 2


def test_the_hula_la_confuses_spinda_too_on_tails() -> None:
    g = attack("ex5-48", "The Hula-la", [HEADS])
    assert defending(g)["conditions"] == ["confused"]
    assert players(g)["p1"]["active"]["conditions"] == []
    g = attack("ex5-48", "The Hula-la", [TAILS])
    assert defending(g)["conditions"] == ["confused"]
    assert players(g)["p1"]["active"]["conditions"] == ["confused"]


def test_flail_rage_and_rampage_count_the_attackers_counters() -> None:
    assert defending(attack("ex5-48", "Flail", mon={"damage": 30}))["damage"] == 30
    assert defending(attack("ex5-48", "Flail"))["damage"] == 0
    assert defending(attack("ex5-59", "Rage", mon={"damage": 20}))["damage"] == 10 + 20
    g = attack("ex6-16", "Rampage", [HEADS], mon={"damage": 20})
    assert defending(g)["damage"] == 20 + 20
    assert players(g)["p1"]["active"]["conditions"] == []
    g = attack("ex6-16", "Rampage", [TAILS])
    assert defending(g)["damage"] == 20
    assert players(g)["p1"]["active"]["conditions"] == ["confused"]


def test_long_tentacle_confuses_on_heads_and_discards_an_energy_on_tails() -> None:
    p2 = {"active": {**WAILORD, "energy": ["Water Energy"]}}
    g = attack("ex5-51", "Long Tentacle", [HEADS], p2=p2)
    assert defending(g)["conditions"] == ["confused"]
    assert defending(g)["energy"] == ["Water Energy"]
    g = attack("ex5-51", "Long Tentacle", [TAILS], p2=p2)
    assert defending(g)["conditions"] == [] and defending(g)["energy"] == []
    assert players(g)["p2"]["discard"] == ["Water Energy"]


def test_spark_hits_two_benched_pokemon_without_weakness() -> None:
    bench = [CYNDAQUIL, CYNDAQUIL, CYNDAQUIL]
    g = attack("ex5-56", "Spark", p2={"bench": bench})
    while "pending" in view(g):
        choose(g, "Cyndaquil")
    assert defending(g)["damage"] == 20  # the Active: Lightning, Weakness x2
    assert sorted(m["damage"] for m in players(g)["p2"]["bench"]) == [0, 10, 10]


def test_random_spark_on_a_benched_pokemon_ignores_weakness() -> None:
    bench = [{"card": "ex5-82"}]  # Whismur: Weakness Fighting, not Lightning either
    g = attack("ex5-57", "Random Spark", p2={"bench": bench}, target="bench1")
    assert players(g)["p2"]["bench"][0]["damage"] == 10 and defending(g)["damage"] == 0


def test_calm_mind_and_nap_remove_two_counters_or_the_only_one() -> None:
    g = attack("ex5-65", "Calm Mind", mon={"damage": 30})
    assert players(g)["p1"]["active"]["damage"] == 10
    g = attack("ex5-65", "Calm Mind", mon={"damage": 10})
    assert players(g)["p1"]["active"]["damage"] == 0
    g = attack("ex6-66", "Nap", mon={"damage": 40})
    assert players(g)["p1"]["active"]["damage"] == 20


def test_minus_energy_returns_an_energy_of_the_defender_to_its_hand_on_heads() -> None:
    p2 = {"active": {**WAILORD, "energy": ["Grass Energy"]}, "hand": []}
    g = attack("ex5-67", "Minus Energy", [HEADS], p2=p2)
    assert pending(g)["options"] == ["Grass Energy"]
    choose(g, "Grass Energy")
    assert defending(g)["energy"] == [] and "Grass Energy" in players(g)["p2"]["hand"]
    assert defending(g)["damage"] == 20  # Lightning: Weakness x2
    g = attack("ex5-67", "Minus Energy", [TAILS], p2=p2)
    assert defending(g)["energy"] == ["Grass Energy"]


def test_plus_energy_attaches_a_lightning_energy_from_the_hand_on_heads() -> None:
    g = attack("ex5-69", "Plus Energy", [HEADS], p1={"hand": ["Lightning Energy"]})
    choose(g, "Lightning Energy to Plusle")
    assert "Lightning Energy" in players(g)["p1"]["active"]["energy"]
    assert players(g)["p1"]["hand"] == []
    g = attack("ex5-69", "Plus Energy", [TAILS], p1={"hand": ["Lightning Energy"]})
    assert players(g)["p1"]["hand"] == ["Lightning Energy"]
    assert players(g)["p1"]["active"]["energy"] == ["Water Energy"]


def in_position(
    card: str,
    name: str,
    coins: list[int] | None = None,
    p1: dict[str, Any] | None = None,
    p2: dict[str, Any] | None = None,
    **top: Any,
) -> Game[PtcgState]:
    """``attack`` with position-level extras (a Stadium in play)."""
    g = game(
        {"active": attacker(card, name), **(p1 or {})},
        {"active": WAILORD, **(p2 or {})},
        settings=ALLOW,
        **top,
    )
    act(g, "p1", "attack", coins=coins, attack=name)
    return g


def test_wail_makes_the_opponent_switch_after_the_damage() -> None:
    g = attack("ex5-82", "Wail", p2={"bench": [CYNDAQUIL, "ex6-79"]})
    assert pending(g)["player"] == "p2"  # the opponent picks
    choose(g, "Shellder")
    assert defending(g)["card"] == "Shellder"
    assert [m["card"] for m in players(g)["p2"]["bench"]] == ["Cyndaquil", "Wailord"]
    assert players(g)["p2"]["bench"][1]["damage"] == 10
    g = attack("ex5-82", "Wail")  # no Bench: Wailord stays
    assert defending(g)["card"] == "Wailord" and "pending" not in view(g)


def test_safeguard_prevents_all_of_a_pokemon_ex_attack_only() -> None:
    dewgong = {"card": "ex6-3", "under": ["Seel"]}
    g = attack("ex1-96", "Double-edge", defender=dewgong)
    assert defending(g)["damage"] == 0
    assert players(g)["p1"]["active"]["damage"] == 60  # its own recoil is no effect on Dewgong
    g = attack("ex6-41", "Rend", defender=dewgong)  # Nidorino: no Pokémon-ex
    assert defending(g)["damage"] == 30


def test_psychic_exchange_shuffles_the_hand_in_and_draws_up_to_eight() -> None:
    g = attack("ex6-5", "Psychic Exchange", p1={"hand": ["Potion", "Potion"]})
    assert players(g)["p1"]["hand_count"] == 8
    assert players(g)["p1"]["deck_count"] == 6 + 2 - 8


def test_fetch_and_collect_draw_one_card() -> None:
    for card, name in (("ex6-6", "Fetch"), ("ex6-69", "Collect"), ("ex7-78", "Collect"),
                       ("ex9-32", "Collect"), ("ex9-39", "Collect")):
        g = attack(card, name, p1={"hand": [], "deck": [CYNDAQUIL, "Potion"]})
        assert players(g)["p1"]["hand"] == ["Cyndaquil"], card
        assert defending(g)["damage"] == 0


def test_knock_over_may_discard_the_stadium() -> None:
    g = in_position("ex6-16", "Knock Over", stadium={"card": "ex3-85", "owner": "p2"})
    assert pending(g)["options"] == ["discard High Pressure System", "keep it"]
    choose(g, "discard")
    assert view(g).get("stadium") is None
    assert "High Pressure System" in players(g)["p2"]["discard"]
    assert defending(g)["damage"] == 10
    g = in_position("ex6-16", "Knock Over", stadium={"card": "ex3-85", "owner": "p2"})
    choose(g, "keep it")
    assert view(g)["stadium"] is not None
    g = in_position("ex6-16", "Knock Over")  # no Stadium: the damage only
    assert defending(g)["damage"] == 10 and "pending" not in view(g)


def test_heat_tackle_does_10_to_arcanine_itself() -> None:
    g = attack("ex6-18", "Heat Tackle")
    assert defending(g)["damage"] == 70
    assert players(g)["p1"]["active"]["damage"] == 10


def test_egg_surprise_heals_five_counters_on_tails() -> None:
    g = attack("ex6-19", "Egg Surprise", [TAILS], mon={"damage": 60})
    assert defending(g)["damage"] == 0 and players(g)["p1"]["active"]["damage"] == 10
    g = attack("ex6-19", "Egg Surprise", [TAILS], mon={"damage": 30})
    assert players(g)["p1"]["active"]["damage"] == 0
    g = attack("ex6-19", "Egg Surprise", [HEADS], mon={"damage": 30})
    assert players(g)["p1"]["active"]["damage"] == 30


def test_exoskeleton_takes_20_off_each_attack() -> None:
    g = attack("ex6-41", "Rend", defender={"card": "ex6-20", "under": ["Shellder"]})
    assert defending(g)["damage"] == 30 - 20


def test_thick_skin_keeps_raticate_free_of_special_conditions() -> None:
    g = attack("ex6-35", "Poison Seed", defender={"card": "ex6-48", "under": ["Rattata"]})
    assert defending(g)["conditions"] == [] and defending(g)["damage"] == 0


def test_rumble_stops_the_defender_retreating_next_turn() -> None:
    wailord = {**WAILORD, "energy": ["Water Energy"] * 4}  # its Retreat Cost paid
    g = attack("ex6-22", "Rumble", p2={"bench": [CYNDAQUIL], "active": wailord})
    with pytest.raises(IllegalActionError, match=r"ptcg\.retreat\.blocked"):
        act(g, "p2", "retreat", target="bench1")
    g = attack("ex6-22", "Sonicboom", p2={"bench": [CYNDAQUIL], "active": wailord})
    act(g, "p2", "retreat", target="bench1")
    assert defending(g)["card"] == "Cyndaquil"


def test_salt_water_attaches_up_to_two_water_energy_from_the_deck() -> None:
    g = attack("ex6-26", "Salt Water", p1={"deck": ["Water Energy"] * 3 + ["Fire Energy"]})
    while "pending" in view(g):
        options = pending(g)["options"]
        assert "Fire Energy" not in options
        choose(g, "Water Energy" if "Water Energy" in options else "nothing")
    assert players(g)["p1"]["active"]["energy"] == ["Water Energy"] * 3
    assert players(g)["p1"]["deck_count"] == 2


def test_hyper_pump_and_water_gun_add_for_spare_energy_up_to_a_cap() -> None:
    pump = "Hyper Pump"
    assert defending(attack("ex6-26", pump, mon={"energy": ["Water Energy"] * 3}))["damage"] == 50
    assert defending(attack("ex6-26", pump, mon={"energy": ["Water Energy"] * 5}))["damage"] == 70
    gun = "Water Gun"
    assert defending(attack("ex6-50", gun, mon={"energy": ["Water Energy"] * 2}))["damage"] == 30
    assert defending(attack("ex6-50", gun, mon={"energy": ["Water Energy"] * 4}))["damage"] == 40


def test_speed_shot_and_dig_under_hit_a_benched_pick() -> None:
    g = attack("ex6-27", "Speed Shot", p2={"bench": [CYNDAQUIL]}, target="bench1")
    assert players(g)["p2"]["bench"][0]["damage"] == 40 and defending(g)["damage"] == 0
    g = attack("ex6-61", "Dig Under", p2={"bench": [CYNDAQUIL]}, target="bench1")
    assert players(g)["p2"]["bench"][0]["damage"] == 10
    g = attack("ex6-37", "Tongue Whip", p2={"bench": [CYNDAQUIL]}, target="bench1")
    assert players(g)["p2"]["bench"][0]["damage"] == 20


def test_rend_adds_30_when_the_defender_is_already_damaged() -> None:
    g = attack("ex6-41", "Rend", p2={"active": {**WAILORD, "damage": 10}})
    assert defending(g)["damage"] == 10 + 60


def test_tunneling_hits_two_benched_and_bars_onix_from_attacking_next_turn() -> None:
    g = attack("ex6-42", "Tunneling", p2={"bench": [CYNDAQUIL] * 3})
    while "pending" in view(g):
        choose(g, "Cyndaquil")
    assert sorted(m["damage"] for m in players(g)["p2"]["bench"]) == [0, 10, 10]
    assert defending(g)["damage"] == 0
    act(g, "p2", "end_turn")
    with pytest.raises(IllegalActionError, match=r"ptcg\.attack\.effect"):
        act(g, "p1", "attack", attack="Rock Throw")


def test_energy_stream_and_plasma_attach_an_energy_from_the_discard_pile() -> None:
    g = attack("ex6-46", "Energy Stream", p1={"discard": ["Fire Energy", "Potion"]})
    assert pending(g)["options"] == ["Fire Energy"]  # a basic Energy card only
    choose(g, "Fire Energy")
    assert sorted(players(g)["p1"]["active"]["energy"]) == ["Fire Energy", "Water Energy"]
    assert defending(g)["damage"] == 10
    g = attack("ex6-74", "Plasma", [HEADS], p1={"discard": ["Lightning Energy"]})
    assert players(g)["p1"]["active"]["energy"] == ["Water Energy", "Lightning Energy"]
    assert players(g)["p1"]["discard"] == []
    g = attack("ex6-74", "Plasma", [TAILS], p1={"discard": ["Lightning Energy"]})
    assert players(g)["p1"]["discard"] == ["Lightning Energy"]


def test_pickup_takes_a_pokemon_a_trainer_and_an_energy_from_the_discard_pile() -> None:
    discard = [CYNDAQUIL, "Potion", "Fire Energy", "ex6-39"]
    g = attack("ex6-48", "Pickup", p1={"discard": discard})
    assert pending(g)["options"] == ["Cyndaquil", "Metapod"]  # an Evolution card counts
    choose(g, "Metapod")
    choose(g, "Potion")
    choose(g, "Fire Energy")
    assert sorted(players(g)["p1"]["hand"]) == ["Fire Energy", "Metapod", "Potion"]
    assert players(g)["p1"]["discard"] == ["Cyndaquil"]


def test_smash_turn_may_switch_and_run_around_must() -> None:
    g = attack("ex6-50", "Smash Turn", p1={"bench": [CYNDAQUIL]})
    choose(g, "Cyndaquil")
    assert players(g)["p1"]["active"]["card"] == "Cyndaquil"
    assert defending(g)["damage"] == 40
    g = attack("ex6-83", "Smash Turn", p1={"bench": [CYNDAQUIL]})
    choose(g, "keep the Active Pokémon")
    assert players(g)["p1"]["active"]["card"] == "Squirtle"
    g = attack("ex6-62", "Run Around", p1={"bench": [CYNDAQUIL]})
    assert pending(g)["options"] == ["Cyndaquil (bench1)"]  # no staying: it must switch
    choose(g, "Cyndaquil")
    assert players(g)["p1"]["active"]["card"] == "Cyndaquil"
    assert players(g)["p1"]["bench"][0]["card"] == "Doduo"


def test_signs_of_evolution_takes_a_metapod_and_a_butterfree() -> None:
    g = attack("ex6-56", "Signs of Evolution", p1={"deck": ["ex6-39", "ex6-2", "Potion"]})
    choose(g, "Metapod")
    choose(g, "Butterfree")
    assert sorted(players(g)["p1"]["hand"]) == ["Butterfree", "Metapod"]
    assert players(g)["p1"]["deck"] == ["Potion"]


def test_call_for_family_benches_the_named_or_basic_pokemon() -> None:
    g = attack("ex6-71", "Call for Family", p1={"deck": ["ex6-70", CYNDAQUIL]})
    assert pending(g)["options"] == ["Nidoran ♀", "nothing"]  # Cyndaquil is no Nidoran
    choose(g, "Nidoran ♀")
    assert [m["card"] for m in players(g)["p1"]["bench"]] == ["Nidoran ♀"]
    g = attack("ex6-72", "Call for Family", p1={"deck": ["ex6-70", CYNDAQUIL, "ex6-39"]})
    assert "Metapod" not in pending(g)["options"]  # a Stage 1
    choose(g, "Nidoran ♀")
    choose(g, "Cyndaquil")
    assert sorted(m["card"] for m in players(g)["p1"]["bench"]) == ["Cyndaquil", "Nidoran ♀"]


def test_minimize_takes_20_off_the_next_attack_on_shellder() -> None:
    dugtrio = DUGTRIO
    g = attack("ex6-79", "Minimize", p2={"active": dugtrio})
    act(g, "p2", "attack", attack="Sonicboom")
    assert players(g)["p1"]["active"]["damage"] == 30 - 20
    g = attack("ex6-79", "Wave Splash", p2={"active": dugtrio})
    act(g, "p2", "attack", attack="Sonicboom")
    assert players(g)["p1"]["active"]["damage"] == 30


def test_confusion_wave_confuses_both_and_psycho_waves_costs_an_energy() -> None:
    g = attack("ex6-80", "Confusion Wave")
    assert defending(g)["conditions"] == ["confused"]
    assert players(g)["p1"]["active"]["conditions"] == ["confused"]
    g = attack("ex6-84", "Psycho Waves")
    assert defending(g)["conditions"] == ["confused"]
    assert players(g)["p1"]["active"]["energy"] == []
    assert players(g)["p1"]["discard"] == ["Water Energy"]


def trainer_game(card: str, **p1: Any) -> Game[PtcgState]:
    deck = [CYNDAQUIL, "ex6-2", "ex1-96", "Potion", "Fire Energy", "Grass Energy", "Fire Energy"]
    mine = {"active": "ex6-79", "bench": [{"card": CYNDAQUIL, "energy": ["Fire Energy"]}]}
    theirs = {"active": {**WAILORD, "energy": ["Water Energy"]}, "bench": [CYNDAQUIL, "ex6-79"]}
    return game({**mine, "deck": deck, "hand": [card], **p1}, theirs)


def play(g: Game[PtcgState], coins: list[int] | None = None, **params: Any) -> None:
    act(g, "p1", "play_trainer", coins=coins, card=players(g)["p1"]["hand"][0], **params)


def test_bills_maintenance_shuffles_a_card_back_then_draws_three() -> None:
    g = trainer_game("ex6-87", hand=["ex6-87", "Potion"])
    play(g)
    choose(g, "Potion")
    assert players(g)["p1"]["hand_count"] == 3 and players(g)["p1"]["deck_count"] == 7 + 1 - 3
    g = trainer_game("ex6-87")  # nothing else in the hand: still draws 3
    play(g)
    assert players(g)["p1"]["hand_count"] == 3


def test_celios_network_takes_a_pokemon_but_no_pokemon_ex() -> None:
    g = trainer_game("ex6-88")
    play(g)
    assert pending(g)["options"] == ["Cyndaquil", "Butterfree", "nothing"]  # no Chansey ex
    choose(g, "Butterfree")
    assert players(g)["p1"]["hand"] == ["Butterfree"]


def test_energy_removal_2_discards_an_opposing_energy_on_heads_only() -> None:
    g = trainer_game("ex6-89")
    play(g, [HEADS])
    choose(g, "Water Energy on Wailord")
    assert defending(g)["energy"] == [] and players(g)["p2"]["discard"] == ["Water Energy"]
    g = trainer_game("ex6-89")
    play(g, [TAILS])
    assert defending(g)["energy"] == ["Water Energy"]


def test_energy_switch_moves_a_basic_energy_between_own_pokemon() -> None:
    g = trainer_game("ex6-90")
    play(g)
    choose(g, "Fire Energy from Cyndaquil (bench1) to Shellder (active)")
    assert players(g)["p1"]["active"]["energy"] == ["Fire Energy"]
    assert players(g)["p1"]["bench"][0]["energy"] == []


def test_poke_ball_takes_a_pokemon_on_heads_only() -> None:
    g = trainer_game("ex6-95")
    play(g, [HEADS])
    choose(g, "Chansey ex")
    assert players(g)["p1"]["hand"] == ["Chansey ex"]
    g = trainer_game("ex6-95")
    play(g, [TAILS])
    assert players(g)["p1"]["hand"] == [] and "pending" not in view(g)


def test_pokemon_reversal_lets_the_player_pick_the_new_defender_on_heads() -> None:
    g = trainer_game("ex6-97")
    play(g, [HEADS])
    assert pending(g)["player"] == "p1"
    choose(g, "Shellder")
    assert defending(g)["card"] == "Shellder"
    g = trainer_game("ex6-97")
    play(g, [TAILS])
    assert defending(g)["card"] == "Wailord"


def test_super_scoop_up_returns_a_pokemon_and_its_cards_on_heads() -> None:
    g = trainer_game("ex6-99")
    play(g, [HEADS])
    choose(g, "Cyndaquil (bench1)")
    assert sorted(players(g)["p1"]["hand"]) == ["Cyndaquil", "Fire Energy"]
    assert players(g)["p1"]["bench"] == []
    g = trainer_game("ex6-99")
    play(g, [TAILS])
    assert players(g)["p1"]["bench_count"] == 1


def test_switch_swaps_the_active_with_a_benched_pokemon() -> None:
    g = trainer_game("ex6-102")
    play(g, target="bench1")
    assert players(g)["p1"]["active"]["card"] == "Cyndaquil"
    assert players(g)["p1"]["bench"][0]["card"] == "Shellder"


def test_mt_moon_stops_the_powers_of_pokemon_under_70_hp() -> None:
    moon = {"card": "ex6-94", "owner": "p1"}
    iggly = {"active": "ex5-37", "hand": ["ex5-63"]}
    g = game(iggly, {"active": WAILORD}, stadium=moon)
    with pytest.raises(IllegalActionError, match=r"ptcg\.power\.stadium"):
        act(g, "p1", "use_power", power="Baby Evolution", pokemon="active")
    g = game(iggly, {"active": WAILORD})
    act(g, "p1", "use_power", power="Baby Evolution", pokemon="active")
    assert players(g)["p1"]["active"]["card"] == "Jigglypuff"
    slowking = {"card": "ex10-14", "under": ["ex10-72"]}  # 70 HP: not less than 70
    g = game({"active": slowking, "deck": ["Lum Berry"]}, {"active": WAILORD}, stadium=moon)
    act(g, "p1", "use_power", power="Item Search", pokemon="active")
    choose(g, "Lum Berry")
    assert players(g)["p1"]["hand"] == ["Lum Berry"]


def test_ink_blast_adds_10_per_spare_energy_at_most_20() -> None:
    three, five = ["Water Energy"] * 3, ["Water Energy"] * 5
    assert defending(attack("ex7-8", "Ink Blast", mon={"energy": three}))["damage"] == 40
    assert defending(attack("ex7-8", "Ink Blast", mon={"energy": five}))["damage"] == 50


def test_energy_link_attaches_any_energy_card_from_the_discard_pile() -> None:
    g = attack("ex7-10", "Energy Link", p1={"discard": ["Fire Energy", "Potion"]})
    assert pending(g)["options"] == ["Fire Energy"]
    choose(g, "Fire Energy")
    assert "Fire Energy" in players(g)["p1"]["active"]["energy"]
    assert defending(g)["damage"] == 20


def test_energy_crush_counts_the_energy_on_all_opposing_pokemon() -> None:
    p2 = {"active": {**WAILORD, "energy": ["Water Energy"] * 2},
          "bench": [{"card": CYNDAQUIL, "energy": ["Fire Energy"]}]}
    assert defending(attack("ex7-11", "Energy Crush", p2=p2))["damage"] == 10 + 30
    assert defending(attack("ex7-11", "Energy Crush"))["damage"] == 10


def test_buffer_keeps_jumpluff_and_skiploom_at_10_hp_on_heads() -> None:
    for card, hp, under in (("ex7-11", 90, ["Hoppip", "Skiploom"]), ("ex7-49", 60, ["Hoppip"])):
        mon = {"card": card, "under": under, "damage": hp - 20}
        g = attack("ex1-96", "Double-edge", [HEADS], defender=mon)
        assert defending(g)["hp_left"] == 10, card
        g = attack("ex1-96", "Double-edge", [TAILS], defender=mon)
        assert players(g)["p2"]["active"] is None  # tails: Knocked Out
        assert players(g)["p1"]["prize_count"] == 5


def test_poison_payback_poisons_the_attacker_of_the_active_dark_sandslash() -> None:
    sandslash = {"card": "ex7-18", "under": ["Sandshrew"]}
    g = attack("ex6-41", "Rend", defender=sandslash)
    assert "poisoned" in players(g)["p1"]["active"]["conditions"]
    g = attack("ex6-41", "Rend", defender=WAILORD, p2={"bench": [sandslash]})
    assert players(g)["p1"]["active"]["conditions"] == []


def test_quick_charge_takes_basic_energy_of_different_types() -> None:
    deck = ["Fire Energy", "Fire Energy", "Grass Energy", "Potion"]
    g = attack("ex7-28", "Quick Charge", p1={"deck": deck})
    choose(g, "Fire Energy")
    assert "Fire Energy" not in pending(g)["options"]  # one of each type
    choose(g, "Grass Energy")
    assert "pending" not in view(g)  # no other type left in the deck
    assert sorted(players(g)["p1"]["hand"]) == ["Fire Energy", "Grass Energy"]


def test_crushing_blow_discards_an_energy_of_the_defender_on_heads() -> None:
    p2 = {"active": {**WAILORD, "energy": ["Water Energy"]}}
    g = attack("ex7-32", "Crushing Blow", [HEADS], p2=p2)
    assert defending(g)["energy"] == [] and players(g)["p2"]["discard"] == ["Water Energy"]


def test_rock_tumble_ignores_resistance() -> None:
    dragonair = {"card": "ex7-32", "under": ["Dratini"]}  # Resistance Fighting
    assert defending(attack("ex7-41", "Rock Tumble", defender=dragonair))["damage"] == 40


def test_miracle_powder_gives_the_chosen_special_condition_on_heads() -> None:
    g = attack("ex7-49", "Miracle Powder", [HEADS])
    assert pending(g)["options"] == ["asleep", "burned", "confused", "paralyzed", "poisoned"]
    choose(g, "paralyzed")
    assert defending(g)["conditions"] == ["paralyzed"] and defending(g)["damage"] == 10


def test_look_for_friends_takes_the_first_basic_pokemon_revealed() -> None:
    deck = ["Potion", "Fire Energy", CYNDAQUIL, "ex1-96"]
    g = attack("ex7-51", "Look for Friends", p1={"deck": deck})
    assert players(g)["p1"]["hand"] == ["Cyndaquil"] and players(g)["p1"]["deck_count"] == 3
    g = attack("ex7-51", "Look for Friends", p1={"deck": ["Potion", "Fire Energy"]})
    assert players(g)["p1"]["hand"] == [] and players(g)["p1"]["deck_count"] == 2


def test_insomnia_keeps_drowzee_awake() -> None:
    g = attack("ex6-32", "Hypnosis", [TAILS], defender={"card": "ex7-54"})
    assert defending(g)["conditions"] == []


def test_water_plant_takes_up_to_two_water_energy_from_the_discard_pile() -> None:
    g = attack("ex7-58", "Water Plant", p1={"discard": ["Water Energy"] * 3 + ["Fire Energy"]})
    assert pending(g)["options"] == ["Water Energy", "nothing"]
    choose(g, "Water Energy")
    choose(g, "Water Energy")
    assert players(g)["p1"]["hand"] == ["Water Energy"] * 2
    assert sorted(players(g)["p1"]["discard"]) == ["Fire Energy", "Water Energy"]


def test_dig_drain_removes_one_counter_from_larvitar() -> None:
    g = attack("ex7-63", "Dig Drain", mon={"damage": 20})
    assert players(g)["p1"]["active"]["damage"] == 10 and defending(g)["damage"] == 20


def test_ledyba_calls_a_grass_basic_and_magikarp_two_basics() -> None:
    deck = [CYNDAQUIL, "ex7-55", "ex6-39"]
    g = attack("ex7-64", "Call for Family", p1={"deck": deck})
    assert pending(g)["options"] == ["Ekans", "nothing"]  # Cyndaquil is Fire
    choose(g, "Ekans")
    assert [m["card"] for m in players(g)["p1"]["bench"]] == ["Ekans"]
    g = attack("ex7-65", "Call for Friends", p1={"deck": deck})
    assert pending(g)["options"] == ["Cyndaquil", "Ekans", "nothing"]  # Metapod is a Stage 1
    choose(g, "Cyndaquil")
    choose(g, "Ekans")
    assert sorted(m["card"] for m in players(g)["p1"]["bench"]) == ["Cyndaquil", "Ekans"]


def test_minor_errand_running_takes_basic_energy_into_the_hand() -> None:
    deck = ["Fire Energy", "Potion", "Grass Energy"]
    g = attack("ex7-68", "Minor Errand-Running", p1={"deck": deck})
    choose(g, "Fire Energy")
    choose(g, "Grass Energy")
    assert sorted(players(g)["p1"]["hand"]) == ["Fire Energy", "Grass Energy"]


def test_granite_head_takes_10_off_the_next_attack_on_onix() -> None:
    dugtrio = DUGTRIO
    g = attack("ex7-69", "Granite Head", p2={"active": dugtrio})
    act(g, "p2", "attack", attack="Sonicboom")
    assert players(g)["p1"]["active"]["damage"] == 30 - 10
    g = attack("ex7-69", "Horn Rush", [HEADS], p2={"active": dugtrio})
    act(g, "p2", "attack", attack="Sonicboom")
    assert players(g)["p1"]["active"]["damage"] == 30


def test_energy_draw_attaches_a_basic_energy_from_the_deck_on_heads() -> None:
    g = attack("ex7-73", "Energy Draw", [HEADS], p1={"deck": ["Fire Energy", "Potion"]})
    choose(g, "Fire Energy")
    assert players(g)["p1"]["active"]["energy"] == ["Water Energy", "Fire Energy"]
    g = attack("ex7-73", "Energy Draw", [TAILS], p1={"deck": ["Fire Energy", "Potion"]})
    assert players(g)["p1"]["active"]["energy"] == ["Water Energy"]


def test_rest_heals_swinub_fully_and_puts_it_to_sleep() -> None:
    mon = {"damage": 30, "conditions": ["poisoned", "confused"]}
    g = attack("ex7-79", "Rest", [HEADS, TAILS], mon=mon)  # the confusion coin, the sleep coin
    assert players(g)["p1"]["active"]["damage"] == 0
    assert players(g)["p1"]["active"]["conditions"] == ["asleep"]


def test_rockets_hideout_gives_dark_and_rockets_pokemon_20_hp() -> None:
    hideout = {"card": "ex7-87", "owner": "p1"}
    p1 = {"active": "ex7-100", "bench": [{"card": "ex7-32", "under": ["Dratini"]}, CYNDAQUIL]}
    g = game(p1, {"active": WAILORD}, stadium=hideout)
    assert players(g)["p1"]["active"]["hp"] == 100 + 20
    assert [m["hp"] for m in players(g)["p1"]["bench"]] == [80 + 20, 50]
    g = game(p1, {"active": WAILORD})
    assert players(g)["p1"]["active"]["hp"] == 100


def test_dark_metal_energy_pays_darkness_or_metal_but_one_at_a_time() -> None:
    metang = {"card": "ex5-21", "under": ["Beldum"], "energy": ["ex7-94", "Water Energy"]}
    g = game({"active": metang}, {"active": WAILORD})
    act(g, "p1", "attack", attack="Metal Claw")
    assert defending(g)["damage"] == 30
    moltres = {"card": "ex7-100", "energy": ["ex7-94"], "tool": None}
    g = game({"active": moltres, "bench": [CYNDAQUIL]}, {"active": WAILORD})
    assert players(g)["p1"]["active"]["retreat"] == 0  # Dark Lift: it provides Darkness
    # Umbreon ex11-17's Feint Attack costs Darkness and Metal: Dark Metal Energy covers
    # either one, never both
    for other, paid in (("Darkness Energy", True), ("Metal Energy", True), ("Water Energy", False)):
        umbreon = {"card": "ex11-17", "under": ["Eevee"], "energy": ["ex7-94", other]}
        g = game({"active": umbreon}, {"active": WAILORD}, settings=ALLOW)
        if paid:
            act(g, "p1", "attack", attack="Feint Attack")
            assert defending(g)["damage"] > 0, other
        else:
            with pytest.raises(IllegalActionError, match=r"ptcg\.attack\.energy"):
                act(g, "p1", "attack", attack="Feint Attack")


def test_dark_lift_frees_the_retreat_only_with_darkness_energy() -> None:
    g = game({"active": {"card": "ex7-100", "energy": ["Darkness Energy"]}}, {"active": WAILORD})
    assert players(g)["p1"]["active"]["retreat"] == 0
    g = game({"active": {"card": "ex7-100", "energy": ["Fire Energy"]}}, {"active": WAILORD})
    assert players(g)["p1"]["active"]["retreat"] > 0


def test_fire_dance_attaches_a_fire_energy_to_any_own_pokemon() -> None:
    g = attack("ex7-100", "Fire Dance", p1={"discard": ["Fire Energy"], "bench": [CYNDAQUIL]})
    choose(g, "Fire Energy to Cyndaquil")
    assert players(g)["p1"]["bench"][0]["energy"] == ["Fire Energy"]


def test_smokescreen_may_stop_the_defenders_next_attack() -> None:
    dugtrio = DUGTRIO
    g = attack("ex7-110", "Smokescreen", p2={"active": dugtrio})
    act(g, "p2", "attack", coins=[TAILS], attack="Sonicboom")
    assert players(g)["p1"]["active"]["damage"] == 0
    g = attack("ex7-110", "Smokescreen", p2={"active": dugtrio})
    act(g, "p2", "attack", coins=[HEADS], attack="Sonicboom")
    assert players(g)["p1"]["active"]["damage"] == 30


def test_surprise_shuffles_a_random_card_of_the_opponents_hand_into_the_deck() -> None:
    for card in ("ex8-35", "ex8-70"):
        g = attack(card, "Surprise", p2={"hand": ["Potion"]})
        moves = [e.data for e in g.log[-1].events if e.type == "move"]
        assert moves == [{"p": "p2", "card": moves[0]["card"], "src": "hand", "dst": "deck"}], card
        assert "shuffle" in [e.type for e in g.log[-1].events]
        g = attack(card, "Surprise", p2={"hand": []})  # an empty hand: nothing moves
        assert "move" not in [e.type for e in g.log[-1].events]


def test_amnesia_bars_the_chosen_attack_next_turn_only() -> None:
    wailord = {**WAILORD, "energy": ["Water Energy"] * 4}
    g = attack("ex8-54", "Amnesia", p2={"active": wailord})
    assert pending(g)["options"] == ["Take Down", "Surf"]
    choose(g, "Surf")
    with pytest.raises(IllegalActionError, match=r"ptcg\.attack\.effect"):
        act(g, "p2", "attack", attack="Surf")
    act(g, "p2", "attack", attack="Take Down")  # the other attack stays usable
    assert "Barboach" in players(g)["p1"]["discard"]  # Take Down knocked out its 50 HP


def test_magma_ring_stops_the_defender_retreating_next_turn() -> None:
    wailord = {**WAILORD, "energy": ["Water Energy"] * 4}
    g = attack("ex8-75", "Magma Ring", p2={"bench": [CYNDAQUIL], "active": wailord})
    with pytest.raises(IllegalActionError, match=r"ptcg\.retreat\.blocked"):
        act(g, "p2", "retreat", target="bench1")
    g = attack("ex8-75", "Flare", p2={"bench": [CYNDAQUIL], "active": wailord})
    act(g, "p2", "retreat", target="bench1")
    assert defending(g)["card"] == "Cyndaquil"


def test_balloon_berry_frees_the_retreat_and_is_discarded_by_it() -> None:
    shellder = {"card": "ex6-79", "energy": ["Water Energy"]}  # Retreat Cost 1
    g = game({"active": shellder, "hand": ["ex8-84"], "bench": [CYNDAQUIL]}, {"active": WAILORD})
    act(g, "p1", "play_trainer", card="Balloon Berry", target="active")
    assert players(g)["p1"]["active"]["tool"] == "Balloon Berry"
    act(g, "p1", "retreat", target="bench1")
    assert players(g)["p1"]["bench"][0]["energy"] == ["Water Energy"]  # nothing paid
    assert players(g)["p1"]["discard"] == ["Balloon Berry"]
    g = game({"active": shellder, "bench": [CYNDAQUIL]}, {"active": WAILORD})
    act(g, "p1", "retreat", target="bench1")
    assert players(g)["p1"]["discard"] == ["Water Energy"]  # without it the cost is paid


def test_lady_outing_and_energy_search_take_basic_energy_from_the_deck() -> None:
    g = trainer_game("ex8-87")
    play(g)
    assert pending(g)["options"] == ["Fire Energy", "Grass Energy", "nothing"]
    choose(g, "Fire Energy")
    assert "Fire Energy" not in pending(g)["options"]  # different types only
    choose(g, "Grass Energy")
    assert sorted(players(g)["p1"]["hand"]) == ["Fire Energy", "Grass Energy"]
    g = trainer_game("ex10-94")
    play(g)
    choose(g, "Grass Energy")
    assert players(g)["p1"]["hand"] == ["Grass Energy"] and "pending" not in view(g)


def test_double_full_heal_cures_the_active_and_is_refused_without_a_condition() -> None:
    g = game({"active": {"card": "ex6-79", "conditions": ["asleep", "poisoned"]},
              "hand": ["ex9-76"]}, {"active": WAILORD})
    act(g, "p1", "play_trainer", card="Double Full Heal")
    assert players(g)["p1"]["active"]["conditions"] == []
    g = game({"active": "ex6-79", "hand": ["ex9-76"]}, {"active": WAILORD})
    with pytest.raises(IllegalActionError, match=r"ptcg\.trainer\.condition"):
        act(g, "p1", "play_trainer", card="Double Full Heal")


def test_lanettes_net_search_takes_basic_pokemon_of_different_types() -> None:
    g = trainer_game("ex9-77")
    play(g)
    assert pending(g)["options"] == ["Cyndaquil", "Chansey ex", "nothing"]  # no Butterfree
    choose(g, "Cyndaquil")
    choose(g, "Chansey ex")
    assert sorted(players(g)["p1"]["hand"]) == ["Chansey ex", "Cyndaquil"]


def test_lum_berry_cures_between_turns_and_is_discarded_only_then() -> None:
    g = game({"active": {"card": "ex6-79", "tool": "ex9-78", "conditions": ["poisoned"]}},
             {"active": WAILORD})
    act(g, "p1", "end_turn")
    assert players(g)["p1"]["active"]["conditions"] == []
    assert players(g)["p1"]["discard"] == ["Lum Berry"]
    g = game({"active": {"card": "ex6-79", "tool": "ex9-78"}}, {"active": WAILORD})
    act(g, "p1", "end_turn")
    assert players(g)["p1"]["active"]["tool"] == "Lum Berry"  # nothing to cure: it stays


def test_rare_candy_puts_a_stage_2_on_its_basic() -> None:
    g = game({"active": CYNDAQUIL, "hand": ["ex9-83", "ex10-17"]}, {"active": WAILORD})
    act(g, "p1", "play_trainer", card="Rare Candy")
    assert pending(g)["options"] == ["Typhlosion on Cyndaquil (active)"]
    choose(g, "Typhlosion")
    assert players(g)["p1"]["active"]["card"] == "Typhlosion"
    assert players(g)["p1"]["active"]["evolved_from"] == ["Cyndaquil"]


def test_reprinted_energy_removal_2_and_energy_switch_play_like_ex6() -> None:
    g = trainer_game("ex10-82")
    play(g, [HEADS])
    choose(g, "Water Energy on Wailord")
    assert defending(g)["energy"] == []
    g = trainer_game("ex10-82")
    play(g, [TAILS])
    assert defending(g)["energy"] == ["Water Energy"]
    g = trainer_game("ex10-84")
    play(g)
    choose(g, "Fire Energy from Cyndaquil (bench1) to Shellder (active)")
    assert players(g)["p1"]["active"]["energy"] == ["Fire Energy"]


def test_unown_d_devolves_an_evolved_pokemon_on_heads() -> None:
    g = attack("ex10-D", "Hidden Power", [HEADS], p2={"hand": []})
    choose(g, "Wailord")
    assert defending(g)["card"] == "Wailmer" and "Wailord" in players(g)["p2"]["hand"]
    g = attack("ex10-D", "Hidden Power", [TAILS])
    assert defending(g)["card"] == "Wailord"


def test_unown_e_brings_a_basic_from_the_opponents_hand_in_as_defender() -> None:
    g = attack("ex10-E", "Hidden Power", p2={"hand": [CYNDAQUIL, "Potion"]})
    assert pending(g)["options"] == ["Cyndaquil"]
    choose(g, "Cyndaquil")
    assert defending(g)["card"] == "Cyndaquil"
    assert players(g)["p2"]["bench"][0]["card"] == "Wailord"
    g = attack("ex10-E", "Hidden Power", p2={"hand": ["Potion"]})  # no Basic: nothing
    assert defending(g)["card"] == "Wailord" and "pending" not in view(g)


def test_unown_g_puts_a_counter_per_damaged_own_pokemon() -> None:
    bench = [{"card": CYNDAQUIL, "damage": 10}, {"card": CYNDAQUIL, "damage": 20}, CYNDAQUIL]
    g = attack("ex10-G", "Hidden Power", p1={"bench": bench})
    assert defending(g)["damage"] == 20
    assert defending(attack("ex10-G", "Hidden Power"))["damage"] == 0


def test_unown_h_attaches_up_to_two_tools_from_the_deck() -> None:
    g = attack("ex10-H", "Hidden Power", p1={"deck": ["Lum Berry", "Potion", "Lum Berry"],
                                            "bench": [CYNDAQUIL]})
    assert "Potion" not in " ".join(pending(g)["options"])  # a Tool only
    choose(g, "Lum Berry to Unown (active)")
    choose(g, "Lum Berry to Cyndaquil (bench1)")
    assert players(g)["p1"]["active"]["tool"] == "Lum Berry"
    assert players(g)["p1"]["bench"][0]["tool"] == "Lum Berry"


def test_unown_i_brings_a_benched_pokemon_in_burned_and_confused() -> None:
    g = attack("ex10-I", "Hidden Power", [HEADS], p2={"bench": [CYNDAQUIL]})  # the burn coin
    choose(g, "Cyndaquil")
    assert defending(g)["card"] == "Cyndaquil"
    assert sorted(defending(g)["conditions"]) == ["burned", "confused"]
    assert players(g)["p2"]["bench"][0]["conditions"] == []


def test_unown_j_swaps_the_damage_counters_on_heads() -> None:
    p2 = {"active": {**WAILORD, "damage": 50}}
    g = attack("ex10-J", "Hidden Power", [HEADS], mon={"damage": 20}, p2=p2)
    assert defending(g)["damage"] == 20 and players(g)["p1"]["active"]["damage"] == 50
    g = attack("ex10-J", "Hidden Power", [TAILS], mon={"damage": 20}, p2=p2)
    assert defending(g)["damage"] == 50 and players(g)["p1"]["active"]["damage"] == 20


def test_unown_l_leaves_the_defender_10_hp_on_heads() -> None:
    assert defending(attack("ex10-L", "Hidden Power", [HEADS]))["hp_left"] == 10
    assert defending(attack("ex10-L", "Hidden Power", [TAILS]))["damage"] == 0


def test_unown_m_evolves_a_pokemon_from_the_deck_and_takes_a_counter() -> None:
    g = attack("ex10-M", "Hidden Power", p1={"deck": ["ex10-45", "Potion"], "bench": [CYNDAQUIL]})
    choose(g, "Quilava")
    assert players(g)["p1"]["bench"][0]["card"] == "Quilava"
    assert players(g)["p1"]["active"]["damage"] == 10
    g = attack("ex10-M", "Hidden Power", p1={"deck": ["Potion"], "bench": [CYNDAQUIL]})
    assert pending(g)["options"] == ["nothing"]
    choose(g, "nothing")
    assert players(g)["p1"]["active"]["damage"] == 0  # no evolution: no counter


def test_unown_n_removes_five_counters() -> None:
    g = attack("ex10-N", "Hidden Power", mon={"damage": 50})
    assert players(g)["p1"]["active"]["damage"] == 0
    g = attack("ex10-N", "Hidden Power", mon={"damage": 20})
    assert players(g)["p1"]["active"]["damage"] == 0


def test_unown_o_returns_itself_and_its_energy_to_the_hand() -> None:
    g = attack("ex10-O", "Hidden Power", p1={"bench": [CYNDAQUIL]})
    assert defending(g)["damage"] == 20
    assert sorted(players(g)["p1"]["hand"]) == ["Psychic Energy", "Unown", "Water Energy"]
    assert view(g)["promote"] == ["p1"]  # the empty Active spot is filled from the Bench
    act(g, "p1", "promote", target="bench1")
    assert players(g)["p1"]["active"]["card"] == "Cyndaquil"


def test_unown_p_adds_a_counter_to_each_already_damaged_opponent() -> None:
    bench = [CYNDAQUIL, {"card": CYNDAQUIL, "damage": 10}]
    p2 = {"active": {**WAILORD, "damage": 10}, "bench": bench}
    g = attack("ex10-P", "Hidden Power", p2=p2)
    assert defending(g)["damage"] == 20
    assert [m["damage"] for m in players(g)["p2"]["bench"]] == [0, 20]


def test_unown_q_takes_basic_energy_of_different_types() -> None:
    deck = ["Fire Energy", "Fire Energy", "Grass Energy"]
    g = attack("ex10-Q", "Hidden Power", p1={"deck": deck})
    choose(g, "Fire Energy")
    assert "Fire Energy" not in pending(g)["options"]
    choose(g, "Grass Energy")
    assert sorted(players(g)["p1"]["hand"]) == ["Fire Energy", "Grass Energy"]


def test_unown_r_returns_the_defender_with_its_cards_on_heads() -> None:
    p2 = {"bench": [CYNDAQUIL], "active": {**WAILORD, "energy": ["Water Energy"]}}
    g = attack("ex10-R", "Hidden Power", [HEADS], p2=p2)
    assert sorted(players(g)["p2"]["hand"]) == ["Wailmer", "Wailord", "Water Energy"]
    g = attack("ex10-R", "Hidden Power", [TAILS], p2=p2)
    assert defending(g)["card"] == "Wailord"
    g = attack("ex10-R", "Hidden Power", [HEADS])  # no Bench: nothing
    assert defending(g)["card"] == "Wailord"


def test_unown_s_moves_energy_onto_a_defender_with_a_body_only() -> None:
    fires = {"card": CYNDAQUIL, "energy": ["Fire Energy", "Grass Energy"]}
    cloyster = {"card": "ex6-20", "under": ["Shellder"]}  # Exoskeleton, a Poké-Body
    g = attack("ex10-S", "Hidden Power", defender=cloyster, p2={"bench": [fires]})
    choose(g, "from Cyndaquil")
    while "pending" in view(g):
        choose(g, pending(g)["options"][0])
    assert sorted(defending(g)["energy"]) == ["Fire Energy", "Grass Energy"]
    g = attack("ex10-S", "Hidden Power", p2={"bench": [fires]})  # Wailord: no Power or Body
    assert defending(g)["energy"] == [] and "pending" not in view(g)


def test_unown_w_puts_a_discarded_card_on_top_of_the_deck_on_heads() -> None:
    g = attack("ex10-W", "Hidden Power", [HEADS], p1={"discard": ["Potion", "Fire Energy"]})
    choose(g, "Fire Energy")
    assert players(g)["p1"]["deck"][0] == "Fire Energy"
    assert players(g)["p1"]["discard"] == ["Potion"]
    g = attack("ex10-W", "Hidden Power", [TAILS], p1={"discard": ["Potion"]})
    assert players(g)["p1"]["discard"] == ["Potion"]


def test_unown_bang_puts_two_counters_on_either_side_by_the_coin() -> None:
    g = attack("ex10-!", "Hidden Power", [HEADS])
    choose(g, "Wailord")
    assert defending(g)["damage"] == 20
    g = attack("ex10-!", "Hidden Power", [TAILS], p1={"bench": [CYNDAQUIL]})
    choose(g, "Cyndaquil")
    assert players(g)["p1"]["bench"][0]["damage"] == 20 and defending(g)["damage"] == 0


def test_unown_question_draws_two_when_the_opponent_guesses_wrong() -> None:
    g = attack("ex10-?", "Hidden Power", p1={"hand": ["Potion"], "deck": ["Fire Energy"] * 4})
    choose(g, "Potion")
    choose(g, "Energy")  # wrong: a Trainer
    assert sorted(players(g)["p1"]["hand"]) == ["Fire Energy", "Fire Energy", "Potion"]
    g = attack("ex10-?", "Hidden Power", p1={"hand": ["Potion"], "deck": ["Fire Energy"] * 4})
    choose(g, "Potion")
    choose(g, "Trainer")  # right: no draw
    assert players(g)["p1"]["hand"] == ["Potion"]


@pytest.mark.parametrize("card", ["ex10-D", "ex10-G", "ex10-Y", "ex10-!", "ex10-?"])
def test_shuffle_swaps_unown_for_another_from_the_deck(card: str) -> None:
    mon = {"card": card, "energy": ["Psychic Energy"], "damage": 10}
    g = game({"active": mon, "deck": ["ex10-E", "Potion"]}, {"active": WAILORD})
    act(g, "p1", "use_power", power="Shuffle", pokemon="active")
    choose(g, "Unown (ex10-E")
    assert players(g)["p1"]["active"]["id"] == "ex10-E"
    assert players(g)["p1"]["active"]["energy"] == ["Psychic Energy"]
    assert players(g)["p1"]["active"]["damage"] == 10
    assert players(g)["p1"]["deck_count"] == 2
