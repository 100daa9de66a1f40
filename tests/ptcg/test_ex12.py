"""EX Legend Maker (ex12): React Energy and the cards of effect_data_ex12.py, each effect
shown both ways where it can go two ways."""

from __future__ import annotations

import pytest

from tests.ptcg.board import HEADS, TAILS, act, check_invariants, game, view
from tests.ptcg.set_cards import ALLOW, WAILORD, attack, attacker, defending, pending, players
from turnkeeper.core.model import IllegalActionError
from turnkeeper.rulesets.ptcg import registry as reg
from turnkeeper.rulesets.ptcg.board import types_of
from turnkeeper.rulesets.ptcg.cards import bundled_cards

CHANSEY_EX = {"card": "ex1-96"}  # a Basic Pokémon-ex, 120 HP, Weakness Fighting
REACT = "ex12-82"

# (card, attack, coins, damage to Wailord, its Special Conditions afterwards); Wailord is
# weak to Lightning; Poisoned adds a counter between turns; an Asleep one gets the checkup's
# coin (tails: still Asleep)
PLAIN: list[tuple[str, str, list[int] | None, int, list[str]]] = [
    ("ex12-6", "Rock Tumble", None, 70, []),
    ("ex12-7", "Extra Claws", None, 50, []),  # Wailord is no Pokémon-ex
    ("ex12-9", "Swift Blow", None, 60, []),  # no React Energy on Machamp
    ("ex12-27", "Fireworks", [HEADS], 30, []),
    ("ex12-32", "Supersonic", None, 20, ["confused"]),
    ("ex12-33", "Body Slam", [HEADS], 20, ["paralyzed"]),
    ("ex12-33", "Body Slam", [TAILS], 20, []),
    ("ex12-33", "Do the Wave", None, 10, []),  # no Benched Pokémon
    ("ex12-35", "Haunt", None, 20, []),
    ("ex12-38", "Body Slam", [HEADS], 20, ["paralyzed"]),
    ("ex12-46", "Supersonic", [HEADS], 0, ["confused"]),
    ("ex12-46", "Supersonic", [TAILS], 0, []),
    ("ex12-46", "Bi-Blast", None, 20, []),  # no React Energy on Vibrava
    ("ex12-47", "Sleep Seed", [TAILS], 20, ["asleep"]),
    ("ex12-49", "Sleep Powder", [TAILS], 0, ["asleep"]),
    ("ex12-50", "Random Spark", None, 20, []),  # the Active picked by default: Weakness
    ("ex12-52", "Lick", [HEADS], 0, ["paralyzed"]),
    ("ex12-52", "Lick", [TAILS], 0, []),
    ("ex12-52", "Smog", None, 10, ["poisoned"]),
    ("ex12-55", "Body Slam", [HEADS], 10, ["paralyzed"]),
    ("ex12-55", "Body Slam", [TAILS], 10, []),
    ("ex12-55", "Firebreathing", [HEADS], 30, []),
    ("ex12-55", "Firebreathing", [TAILS], 10, []),
    ("ex12-56", "Confuse Ray", None, 20, ["confused"]),
    ("ex12-57", "Mach Punch", None, 10, []),  # no Bench to hit
    ("ex12-61", "Continuous Tumble", [HEADS, HEADS, TAILS], 20, []),
    ("ex12-61", "Continuous Tumble", [TAILS], 0, []),
    ("ex12-62", "Quick Attack", [HEADS], 30, []),
    ("ex12-62", "Quick Attack", [TAILS], 10, []),
    ("ex12-64", "Jump On", [HEADS], 30, []),
    ("ex12-64", "Jump On", [TAILS], 10, []),
    ("ex12-66", "Poison Sting", None, 10, ["poisoned"]),
    ("ex12-67", "Double Pinchers", [HEADS, HEADS], 40, []),
    ("ex12-67", "Double Pinchers", [HEADS, TAILS], 20, []),
    ("ex12-68", "Thunder Wave", [HEADS], 0, ["paralyzed"]),
    ("ex12-68", "Thunder Wave", [TAILS], 0, []),
    ("ex12-69", "Double Tackle", None, 20, []),
    ("ex12-93", "Thunder Wave", [HEADS], 0, ["paralyzed"]),
    ("ex12-93", "Iron Tail", [HEADS, HEADS, HEADS, TAILS], 60, []),
    ("ex12-93", "Iron Tail", [TAILS], 0, []),
]


@pytest.mark.parametrize(("card", "name", "coins", "damage", "conditions"), PLAIN)
def test_attack_damage_and_conditions(
    card: str, name: str, coins: list[int] | None, damage: int, conditions: list[str]
) -> None:
    g = attack(card, name, coins)
    assert defending(g)["damage"] == damage
    assert sorted(defending(g)["conditions"]) == conditions


def test_react_energy_provides_one_colorless_and_nothing_else() -> None:
    card = bundled_cards()[REACT]
    assert card.name == "React Energy" and REACT in reg.ENERGIES
    # it pays Vibrava's Bi-Blast (two Colorless) with one Water Energy
    g = attack("ex12-46", "Bi-Blast", mon={"energy": ["Water Energy", REACT]})
    assert defending(g)["damage"] == 40  # and it is there: 20 more


def test_tumbling_attack_does_20_more_on_heads_only() -> None:
    assert defending(attack("ex12-32", "Tumbling Attack", [HEADS], defender=CHANSEY_EX))[
        "damage"
    ] == 60
    assert defending(attack("ex12-32", "Tumbling Attack", [TAILS], defender=CHANSEY_EX))[
        "damage"
    ] == 40


def test_swift_blow_does_20_more_per_react_energy() -> None:
    energy = ["Fighting Energy", REACT, REACT]
    g = attack("ex12-9", "Swift Blow", mon={"energy": energy})
    assert defending(g)["damage"] == 60 + 40
    g = attack("ex12-9", "Swift Blow", mon={"energy": energy[:1] + ["Water Energy"] * 2})
    assert defending(g)["damage"] == 60


def test_derail_discards_a_special_energy_of_the_defending_pokemon_only() -> None:
    g = attack("ex12-9", "Derail", defender={**WAILORD, "energy": ["Water Energy", REACT]})
    assert pending(g)["options"] == ["React Energy"]  # the basic Energy is no option
    act(g, "p1", "choose", option=0)
    assert defending(g)["energy"] == ["Water Energy"] and defending(g)["damage"] == 40
    g = attack("ex12-9", "Derail", defender={**WAILORD, "energy": ["Water Energy"]})
    assert "pending" not in view(g)  # nothing to ask
    assert defending(g)["energy"] == ["Water Energy"]


def test_tender_tentacles_heals_2_counters_only_with_react_energy() -> None:
    g = attack("ex12-56", "Tender Tentacles", mon={"damage": 30, "energy": [REACT]})
    assert players(g)["p1"]["active"]["damage"] == 10 and defending(g)["damage"] == 20
    g = attack("ex12-56", "Tender Tentacles", mon={"damage": 30})
    assert players(g)["p1"]["active"]["damage"] == 30


def test_mend_attaches_a_fighting_energy_and_heals_only_if_one_is_attached() -> None:
    golem = {"damage": 40}
    g = attack("ex12-6", "Mend", mon=golem, p1={"discard": ["Fighting Energy"]})
    active = players(g)["p1"]["active"]
    assert active["damage"] == 20 and active["energy"].count("Fighting Energy") == 1
    g = attack("ex12-6", "Mend", mon=golem, p1={"discard": ["Water Energy"]})
    active = players(g)["p1"]["active"]
    assert active["damage"] == 40 and "Fighting Energy" not in active["energy"]


def test_enraged_linear_attack_does_10_per_counter_on_golem() -> None:
    g = attack("ex12-6", "Enraged Linear Attack", mon={"damage": 50}, target="active")
    assert defending(g)["damage"] == 50
    g = attack("ex12-6", "Enraged Linear Attack", target="active")
    assert defending(g)["damage"] == 0


def test_rock_slide_hits_two_benched_pokemon_for_10() -> None:
    bench = [{"card": "ex1-96"}, {"card": "ex1-96"}]
    g = attack("ex12-34", "Rock Slide", p2={"bench": bench})
    assert defending(g)["damage"] == 20
    assert len(pending(g)["options"]) == 2
    act(g, "p1", "choose", option=0)
    act(g, "p1", "choose", option=0)  # the other one (each a different Pokémon)
    assert [m["damage"] for m in players(g)["p2"]["bench"]] == [10, 10]


def test_exoskeleton_takes_10_off_damage_to_graveler() -> None:
    g = game(
        {"active": attacker("ex12-53", "Selfdestruct")},
        {"active": {"card": "ex12-34", "under": ["Geodude"]}},
        settings=ALLOW,
    )
    act(g, "p1", "attack", attack="Selfdestruct")
    # Fighting against a Fighting Graveler: no Weakness; 50 - 10
    assert defending(g)["damage"] == 40


def test_selfdestruct_hits_every_bench_and_geodude_itself() -> None:
    g = attack(
        "ex12-53",
        "Selfdestruct",
        p1={"bench": [{"card": "ex1-96"}]},
        p2={"bench": [{"card": "ex1-96"}]},
    )
    assert defending(g)["damage"] == 50
    assert players(g)["p1"]["bench"][0]["damage"] == 10
    assert players(g)["p2"]["bench"][0]["damage"] == 10


def test_fireworks_discards_a_fire_energy_on_tails() -> None:
    g = attack("ex12-27", "Fireworks", [TAILS])
    assert players(g)["p1"]["active"]["energy"] == ["Water Energy"]


def test_rest_cures_heals_5_and_puts_lairon_to_sleep() -> None:
    g = attack("ex12-38", "Rest", [TAILS], mon={"damage": 60, "conditions": ["poisoned"]})
    active = players(g)["p1"]["active"]
    assert active["damage"] == 10 and active["conditions"] == ["asleep"]


def test_do_the_wave_counts_the_bench() -> None:
    bench = [{"card": "ex1-96"}, {"card": "ex1-96"}]
    assert defending(attack("ex12-33", "Do the Wave", p1={"bench": bench}))["damage"] == 30


def test_whirlpool_discards_an_energy_of_the_defending_pokemon_on_heads_only() -> None:
    wailord = {**WAILORD, "energy": ["Water Energy"]}
    assert defending(attack("ex12-69", "Whirlpool", [HEADS], defender=wailord))["energy"] == []
    g = attack("ex12-69", "Whirlpool", [TAILS], defender=wailord)
    assert defending(g)["energy"] == ["Water Energy"]


def test_plunder_discards_the_defending_tool_before_the_damage() -> None:
    g = attack("ex12-41", "Plunder", defender={**WAILORD, "tool": "ex1-87"})
    # 30 and 10 more from the attacker's Darkness Energy (ex1-93)
    assert defending(g)["tool"] is None and defending(g)["damage"] == 40
    g = attack("ex12-41", "Plunder")
    assert defending(g)["damage"] == 40 and not [e for e in g.events if e.type == "discard_tool"]


def test_iron_defense_on_heads_prevents_the_next_attack() -> None:
    for coin, flagged in ((HEADS, True), (TAILS, False)):
        g = attack("ex12-51", "Iron Defense", [coin])
        flags = [e for e in g.events if e.type == "flag"]
        assert bool(flags) is flagged
        check_invariants(g.state)


def _hand(g: object) -> list[str]:
    found: list[str] = players(g)["p1"]["hand"]  # type: ignore[arg-type]
    return found


def test_searches_offer_only_the_cards_they_name() -> None:
    deck = [REACT, "Water Energy", "ex12-55", "ex1-96", "ex12-93"]
    # Important Errands: a React Energy only
    g = attack("ex12-64", "Important Errands", p1={"deck": deck})
    assert pending(g)["options"] == ["React Energy", "nothing"]
    act(g, "p1", "choose", option=0)
    assert _hand(g) == ["React Energy"]
    # Drawup Power: any Energy card
    g = attack("ex12-61", "Drawup Power", p1={"deck": deck})
    assert {"React Energy", "Water Energy"} <= set(pending(g)["options"])
    assert "Growlithe" not in pending(g)["options"]
    # Cry for Help: a Fire Pokémon that is not a Pokémon-ex (Growlithe, not Chansey ex)
    g = attack("ex12-27", "Cry for Help", p1={"deck": deck})
    assert [o for o in pending(g)["options"] if o != "nothing"] == ["Growlithe"]


def test_self_charge_attaches_a_metal_energy_from_the_hand_only() -> None:
    g = attack("ex12-48", "Self Charge", p1={"hand": ["Metal Energy", "Water Energy"]})
    assert pending(g)["options"] == ["Metal Energy", "nothing"]
    act(g, "p1", "choose", option=0)
    assert sorted(players(g)["p1"]["active"]["energy"]) == ["Metal Energy", "Water Energy"]
    g = attack("ex12-48", "Self Charge", p1={"hand": ["Water Energy"]})
    assert "pending" not in view(g) and players(g)["p1"]["active"]["energy"] == ["Water Energy"]


def test_ascension_evolves_grimer_from_the_deck() -> None:
    g = attack("ex12-54", "Ascension", p1={"deck": ["ex12-11", "Water Energy"]})
    assert pending(g)["options"] == ["Muk on Grimer (active)", "nothing"]
    act(g, "p1", "choose", option=0)
    assert players(g)["p1"]["active"]["card"] == "Muk"
    g = attack("ex12-54", "Ascension", p1={"deck": ["Water Energy"]})
    assert pending(g)["options"] == ["nothing"]  # the search may come up empty
    act(g, "p1", "choose", option=0)
    assert players(g)["p1"]["active"]["card"] == "Grimer"


def test_pebble_throw_and_mach_punch_hit_a_benched_pokemon() -> None:
    bench = [{"card": "ex1-96"}]
    g = attack("ex12-67", "Pebble Throw", p2={"bench": bench}, target="bench1")
    assert players(g)["p2"]["bench"][0]["damage"] == 10 and defending(g)["damage"] == 0
    g = attack("ex12-57", "Mach Punch", p2={"bench": bench}, target="bench1")
    assert players(g)["p2"]["bench"][0]["damage"] == 10 and defending(g)["damage"] == 10


def test_time_spiral_devolves_the_picked_pokemon_on_heads_only() -> None:
    for coin, card in ((HEADS, "Wailmer"), (TAILS, "Wailord")):
        g = attack("ex12-35", "Time Spiral", [])
        assert pending(g)["options"] == ["Wailord (active)"]
        # the coin, then (heads) the faces the deck's shuffle draws
        act(g, "p1", "choose", coins=[coin] + [1] * 10, option=0)
        assert defending(g)["card"] == card


# ---------------------------------------------------------------------------- second group
def test_magnetic_swirl_does_nothing_on_tails_and_discards_on_heads() -> None:
    wailord = {**WAILORD, "energy": ["Water Energy"]}
    g = attack("ex12-59", "Magnetic Swirl", [HEADS], defender=wailord)
    assert defending(g)["damage"] == 20 and defending(g)["energy"] == []  # Weakness
    g = attack("ex12-59", "Magnetic Swirl", [TAILS], defender=wailord)
    assert defending(g)["damage"] == 0 and defending(g)["energy"] == ["Water Energy"]


def test_split_kick_does_20_and_paranoid_adds_50_only_while_confused() -> None:
    assert defending(attack("ex12-39", "Split Kick"))["damage"] == 20
    # Confused: the attack's own Confusion coin (heads: it goes ahead), then 50 more
    g = attack("ex12-39", "Split Kick", [HEADS], mon={"conditions": ["confused"]})
    assert defending(g)["damage"] == 70


def test_wynaut_confusion_wave_confuses_both() -> None:
    g = attack("ex12-71", "Confusion Wave")
    assert defending(g)["conditions"] == ["confused"]
    assert players(g)["p1"]["active"]["conditions"] == ["confused"]


def test_wynaut_baby_evolution_needs_wobbuffet_in_hand() -> None:
    g = game(
        {"active": {"card": "ex12-71", "damage": 20}, "hand": ["ex12-28"]},
        {"active": WAILORD},
        settings=ALLOW,
    )
    act(g, "p1", "use_power", pokemon="active", power="Baby Evolution")
    active = players(g)["p1"]["active"]
    assert active["card"] == "Wobbuffet" and active["damage"] == 0
    g = game({"active": {"card": "ex12-71"}}, {"active": WAILORD}, settings=ALLOW)
    with pytest.raises(IllegalActionError, match="no Wobbuffet in the hand"):
        act(g, "p1", "use_power", pokemon="active", power="Baby Evolution")


def test_reactive_generator_attaches_a_react_energy_only_without_one() -> None:
    huntail = {"card": "ex12-18", "under": ["Clamperl"]}
    g = game(
        {"active": huntail, "deck": [REACT, "Water Energy"]}, {"active": WAILORD}, settings=ALLOW
    )
    act(g, "p1", "use_power", pokemon="active", power="Reactive Generator")
    act(g, "p1", "choose", option=0)
    assert players(g)["p1"]["active"]["energy"] == ["React Energy"]
    g = game(
        {"active": {**huntail, "energy": [REACT]}, "deck": [REACT]},
        {"active": WAILORD},
        settings=ALLOW,
    )
    with pytest.raises(IllegalActionError, match="React Energy card is attached"):
        act(g, "p1", "use_power", pokemon="active", power="Reactive Generator")


def test_bite_off_does_30_more_to_a_pokemon_ex() -> None:
    assert defending(attack("ex12-18", "Bite Off"))["damage"] == 40
    assert defending(attack("ex12-18", "Bite Off", defender=CHANSEY_EX))["damage"] == 70


def test_poison_payback_poisons_the_attacker_that_damages_wurmple() -> None:
    g = game(
        {"active": attacker("ex12-55", "Body Slam")},
        {"active": {"card": "ex12-70"}},
        settings=ALLOW,
    )
    act(g, "p1", "attack", coins=[TAILS], attack="Body Slam")
    assert players(g)["p1"]["active"]["conditions"] == ["poisoned"]
    # a Sleep Powder does no damage: no Poison back
    sleeper = attacker("ex12-49", "Sleep Powder")
    g = game({"active": sleeper}, {"active": {"card": "ex12-70"}}, settings=ALLOW)
    act(g, "p1", "attack", coins=[TAILS], attack="Sleep Powder")
    assert players(g)["p1"]["active"]["conditions"] == []


def test_string_pull_brings_a_benched_pokemon_in() -> None:
    g = attack("ex12-70", "String Pull", p2={"bench": [{"card": "ex1-96"}]})
    act(g, "p1", "choose", option=0)
    assert defending(g)["card"] == "Chansey ex"


def test_ancient_shell_needs_omanyte_or_omastar_on_its_side() -> None:
    kabutops = {"card": "ex12-7", "under": ["Mysterious Fossil", "Kabuto"]}
    omanyte = {"card": "ex12-60", "under": ["Mysterious Fossil"]}
    for bench, damage in (([omanyte], 40 - 20), ([], 40)):
        g = game(
            {"active": attacker("ex12-32", "Tumbling Attack")},
            {"active": kabutops, "bench": bench},
            settings=ALLOW,
        )
        act(g, "p1", "attack", coins=[TAILS], attack="Tumbling Attack")
        assert defending(g)["damage"] == damage


def test_ancient_fang_adds_20_with_a_kabuto_on_its_side() -> None:
    kabuto = {"card": "ex12-36", "under": ["Mysterious Fossil"]}
    for bench, damage in (([kabuto], 10 + 20), ([], 10)):
        g = attack("ex12-23", "Drag Off", p1={"bench": bench})
        assert defending(g)["damage"] == damage


def test_stretch_claws_hits_the_bench_only_with_react_energy() -> None:
    bench = [{"card": "ex1-96"}]
    mon = {"energy": ["Water Energy", REACT]}
    g = attack("ex12-29", "Stretch Claws", p2={"bench": bench}, mon=mon, target="bench1")
    assert defending(g)["damage"] == 20 and players(g)["p2"]["bench"][0]["damage"] == 20
    g = attack("ex12-29", "Stretch Claws", p2={"bench": bench}, target="bench1")
    assert defending(g)["damage"] == 20 and players(g)["p2"]["bench"][0]["damage"] == 0


def test_influence_puts_fossil_pokemon_onto_the_bench() -> None:
    g = attack("ex12-29", "Influence", p1={"deck": ["ex12-56", "ex12-60", "ex12-55"]})
    assert "Growlithe" not in pending(g)["options"]
    act(g, "p1", "choose", option=0)
    act(g, "p1", "choose", option=0)
    assert sorted(m["card"] for m in players(g)["p1"]["bench"]) == ["Lileep", "Omanyte"]


def test_final_blast_is_100_only_as_the_last_stand() -> None:
    one_prize = {"prizes": ["Water Energy"]}
    g = attack("ex12-91", "Final Blast", p2=one_prize)
    assert defending(g)["damage"] == 100
    g = attack("ex12-91", "Final Blast", p2=one_prize, p1={"bench": [{"card": "ex1-96"}]})
    assert defending(g)["damage"] == 30
    assert defending(attack("ex12-91", "Final Blast"))["damage"] == 30  # 6 Prizes left


def test_dig_drain_heals_a_counter() -> None:
    g = attack("ex12-91", "Dig Drain", mon={"damage": 30})
    assert players(g)["p1"]["active"]["damage"] == 20 and defending(g)["damage"] == 10


def test_ex12_fossils_play_as_the_ex2_ones() -> None:
    for card_id in ("ex12-78", "ex12-79", "ex12-80"):
        assert card_id in reg.FOSSILS
    # Root Fossil's Spongy Stone: a counter off between turns
    g = game(
        {"active": {"card": "ex12-80", "damage": 20}, "bench": [{"card": "ex1-96"}]},
        {"active": WAILORD},
        settings=ALLOW,
    )
    act(g, "p1", "end_turn")
    assert players(g)["p1"]["active"]["damage"] == 10
    # Claw Fossil's Jagged Stone: a counter on the attacker that damages it
    growlithe = attacker("ex12-55", "Body Slam")
    g = game({"active": growlithe}, {"active": {"card": "ex12-78"}}, settings=ALLOW)
    act(g, "p1", "attack", coins=[TAILS], attack="Body Slam")
    assert players(g)["p1"]["active"]["damage"] == 10


# ---------------------------------------------------------------------------- third group

def test_hydro_pump_and_water_gun_add_20_per_spare_water_energy_up_to_40() -> None:
    spare = {"energy": ["Water Energy"] * 5}
    # Gorebyss is refused (Reactive Booster is not done) but its attack is registered
    g = attack("ex12-19", "Water Gun", mon=spare, defender=CHANSEY_EX)
    assert defending(g)["damage"] == 40 + 40  # two spare Water at most count
    g = attack("ex12-19", "Water Gun", defender=CHANSEY_EX)
    assert defending(g)["damage"] == 40  # three Water Energy, all paying the cost
    g = attack("ex12-19", "Water Gun", mon={"energy": ["Fire Energy"] * 3}, defender=CHANSEY_EX)
    assert defending(g)["damage"] == 40


def test_dual_armor_makes_lanturn_lightning_with_water_energy_only() -> None:
    for energy, both in ((["Water Energy"], True), (["Fire Energy"], False)):
        lanturn = {"card": "ex12-19", "under": ["Chinchou"], "energy": energy}
        g = game({"active": lanturn}, {"active": WAILORD}, settings=ALLOW)
        mon = g.state.sides[0].active
        assert mon is not None
        assert types_of(g.state, mon) == (("Water", "Lightning") if both else ("Lightning",))


def test_armaldo_ex_dual_armor_needs_react_energy() -> None:
    for energy, both in (([REACT], True), (["Water Energy"], False)):
        armaldo = {"card": "ex12-84", "under": ["Claw Fossil", "Anorith"], "energy": energy}
        g = game({"active": armaldo}, {"active": WAILORD}, settings=ALLOW)
        mon = g.state.sides[0].active
        assert mon is not None
        assert (types_of(g.state, mon) == ("Grass", "Fighting")) is both


def test_vortex_chop_is_100_against_a_pokemon_with_resistance() -> None:
    # Wailord has no Resistance: the printed 70
    assert not bundled_cards()["ex1-14"].resistance
    assert defending(attack("ex12-84", "Vortex Chop"))["damage"] == 70
    # a Basic Pokémon with Resistance (to something other than Fighting), not weak to Fighting
    resists = next(
        c
        for c in bundled_cards().values()
        if c.kind == "pokemon"
        and c.stage == "basic"
        and c.resistance
        and "Fighting" not in c.resistance + c.weakness
    )
    g = attack("ex12-84", "Vortex Chop", defender={"card": resists.id})
    hits = [e.data["n"] for e in g.events if e.type == "damage" and e.data["p"] == "p2"]
    assert hits[0] == 100  # (it may be Knocked Out by it)


def test_spiral_drain_heals_2() -> None:
    g = attack("ex12-84", "Spiral Drain", mon={"damage": 50}, defender=CHANSEY_EX)
    assert players(g)["p1"]["active"]["damage"] == 30


def test_safeguard_keeps_pokemon_ex_attacks_off_dustox_ex() -> None:
    dustox = {"card": "ex12-86", "under": ["Wurmple", "Cascoon"]}
    g = game({"active": attacker("ex12-84", "Spiral Drain")}, {"active": dustox}, settings=ALLOW)
    act(g, "p1", "attack", attack="Spiral Drain")
    assert defending(g)["damage"] == 0
    g = game({"active": attacker("ex12-53", "Selfdestruct")}, {"active": dustox}, settings=ALLOW)
    act(g, "p1", "attack", attack="Selfdestruct")
    assert defending(g)["damage"] == 50


def test_silver_wind_exposes_the_defending_pokemon() -> None:
    g = attack("ex12-86", "Silver Wind")
    assert defending(g)["damage"] == 40
    assert any(e.type == "later" or "exposed" in str(e.data) for e in g.events[-6:])


def test_reactive_shield_needs_react_energy_on_a_tentacruel() -> None:
    for energy, damage in (([REACT], 0), (["Water Energy"], 40)):
        tentacruel = {"card": "ex12-45", "under": ["Tentacool"], "energy": energy}
        g = game(
            {"active": attacker("ex12-84", "Spiral Drain")}, {"active": tentacruel}, settings=ALLOW
        )
        act(g, "p1", "attack", attack="Spiral Drain")
        assert defending(g)["damage"] == damage


def test_fury_strikes_and_water_arrow() -> None:
    g = attack("ex12-45", "Fury Strikes", [HEADS, TAILS, HEADS])
    assert defending(g)["damage"] == 40
    bench = [{"card": "ex1-96"}]
    g = attack("ex12-45", "Water Arrow", p2={"bench": bench}, target="bench1")
    assert players(g)["p2"]["bench"][0]["damage"] == 20 and defending(g)["damage"] == 0


def test_ice_throw_is_120_against_a_fighting_pokemon() -> None:
    walrein = {"card": "ex12-89", "under": ["Spheal", "Sealeo"]}
    geodude = {"card": "ex12-53"}
    g = attack("ex12-89", "Ice Throw", mon=walrein, defender={**geodude})
    assert defending(g) is None or defending(g)["damage"] >= 120 - 30
    # Chansey ex is Colorless: 80, then Icy Aura's counter between turns
    assert defending(attack("ex12-89", "Ice Throw", defender=CHANSEY_EX))["damage"] == 80 + 10


def test_icy_aura_counters_each_active_but_water_between_turns() -> None:
    walrein = {"card": "ex12-89", "under": ["Spheal", "Sealeo"]}
    g = game({"active": walrein}, {"active": CHANSEY_EX}, settings=ALLOW)
    act(g, "p1", "end_turn")
    assert defending(g)["damage"] == 10  # Chansey ex is Colorless
    assert players(g)["p1"]["active"]["damage"] == 0  # Walrein ex is Water
    g = game({"active": walrein}, {"active": WAILORD}, settings=ALLOW)
    act(g, "p1", "end_turn")
    assert defending(g)["damage"] == 0


def test_entangling_vines_stops_only_a_basic_defending_pokemon() -> None:
    g = attack("ex12-44", "Entangling Vines", defender=CHANSEY_EX)
    assert [e for e in g.events if e.type == "flag" and e.data.get("flag") == "no_attack"]
    g = attack("ex12-44", "Entangling Vines")
    assert not [e for e in g.events if e.type == "flag" and e.data.get("flag") == "no_attack"]


def test_gentle_wrap_stops_the_retreat() -> None:
    g = attack("ex12-44", "Gentle Wrap")
    assert defending(g)["damage"] == 30
    assert [e for e in g.events if e.type == "flag"]


def test_reactive_healing_removes_all_counters_on_a_react_energy_from_the_hand() -> None:
    for card, damage in ((REACT, 0), ("Water Energy", 50)):
        g = game(
            {"active": {"card": "ex12-44", "damage": 50}, "hand": [card]},
            {"active": WAILORD},
            settings=ALLOW,
        )
        act(g, "p1", "attach", card=bundled_cards()[card].name if card == REACT else card,
            target="active")
        assert players(g)["p1"]["active"]["damage"] == damage


def test_ignite_burns_only_with_full_flame_in_play() -> None:
    g = game(
        {"active": attacker("ex12-58", "Ignite")},
        {"active": WAILORD},
        settings=ALLOW,
        stadium={"card": "ex12-74", "owner": "p1"},
    )
    act(g, "p1", "attack", coins=[HEADS], attack="Ignite")
    assert "burned" in defending(g)["conditions"]
    g = attack("ex12-58", "Ignite", [HEADS])
    assert defending(g)["conditions"] == []


def test_magby_baby_evolution_needs_magmar_in_hand() -> None:
    g = game(
        {"active": {"card": "ex12-58", "damage": 20}, "hand": ["ex12-21"]},
        {"active": WAILORD},
        settings=ALLOW,
    )
    act(g, "p1", "use_power", pokemon="active", power="Baby Evolution")
    assert players(g)["p1"]["active"]["card"] == "Magmar"
    g = game({"active": {"card": "ex12-58"}}, {"active": WAILORD}, settings=ALLOW)
    with pytest.raises(IllegalActionError, match="no Magmar in the hand"):
        act(g, "p1", "use_power", pokemon="active", power="Baby Evolution")


# ---------------------------------------------------------------------------- fourth group
def test_fieldworker_draws_3_and_the_opponent_may_draw_1() -> None:
    for option, opp_hand in ((0, 1), (1, 0)):
        g = game(
            {"active": WAILORD, "hand": ["ex12-73"], "deck": ["Water Energy"] * 5},
            {"active": WAILORD, "deck": ["Water Energy"] * 5},
            settings=ALLOW,
        )
        act(g, "p1", "play_trainer", card="Fieldworker")
        assert pending(g)["player"] == "p2" and pending(g)["options"] == ["draw 1", "no"]
        act(g, "p2", "choose", option=option)
        assert players(g)["p1"]["hand_count"] == 3
        assert players(g)["p2"]["hand_count"] == opp_hand


def test_fieldworker_is_refused_with_an_empty_deck() -> None:
    g = game(
        {"active": WAILORD, "hand": ["ex12-73"], "deck": []}, {"active": WAILORD}, settings=ALLOW
    )
    with pytest.raises(IllegalActionError, match="the deck is empty"):
        act(g, "p1", "play_trainer", card="Fieldworker")


def test_final_laser_puts_3_counters_or_6_as_the_last_stand() -> None:
    for p2, n in (({}, 3), ({"prizes": ["Water Energy"]}, 6)):
        g = attack("ex12-92", "Final Laser", p2=p2)
        for _ in range(n):
            act(g, "p1", "choose", option=0)
        assert "pending" not in view(g)
        assert defending(g)["damage"] == 10 * n


def test_barrier_attack_guards_registeel() -> None:
    g = attack("ex12-92", "Barrier Attack")
    assert defending(g)["damage"] == 10
    assert [e for e in g.events if e.type == "flag" and e.data.get("flag") == "guard"]


def test_dream_eater_does_nothing_unless_the_defending_pokemon_is_asleep() -> None:
    asleep = {**WAILORD, "conditions": ["asleep"]}
    g = attack("ex12-40", "Dream Eater", [TAILS, TAILS], defender=asleep)
    assert defending(g)["damage"] == 30
    assert defending(attack("ex12-40", "Dream Eater"))["damage"] == 0


def test_return_trance_returns_an_energy_and_puts_the_defending_pokemon_to_sleep() -> None:
    g = attack("ex12-40", "Return Trance", [TAILS, TAILS])
    assert players(g)["p1"]["active"]["energy"] == []
    assert _hand(g) == ["Water Energy"]
    assert defending(g)["conditions"] == ["asleep"]


def test_deep_sleep_needs_two_heads_to_wake() -> None:
    misdreavus = {"card": "ex12-40"}
    for coins, asleep in (([HEADS, TAILS], True), ([HEADS, HEADS], False)):
        sleeper = {**WAILORD, "conditions": ["asleep"]}
        g = game({"active": misdreavus}, {"active": sleeper}, settings=ALLOW)
        act(g, "p1", "end_turn", coins=coins)
        assert (defending(g)["conditions"] == ["asleep"]) is asleep


def test_reactive_colors_gives_kecleon_six_types_with_react_energy_only() -> None:
    for energy, many in (([REACT], 6), (["Water Energy"], 1)):
        kecleon = {"card": "ex12-37", "energy": energy}
        g = game({"active": kecleon}, {"active": WAILORD}, settings=ALLOW)
        mon = g.state.sides[0].active
        assert mon is not None and len(types_of(g.state, mon)) == many
    # as a Lightning Pokémon it meets Wailord's Weakness: Quick Attack (tails) does 10 x 2
    g = attack("ex12-37", "Quick Attack", [TAILS], mon={"energy": [REACT, "Water Energy"]})
    assert defending(g)["damage"] == 20
    assert defending(attack("ex12-37", "Quick Attack", [TAILS]))["damage"] == 10


def test_tongue_whip_hits_the_picked_pokemon() -> None:
    g = attack("ex12-37", "Tongue Whip", p2={"bench": [{"card": "ex1-96"}]}, target="bench1")
    assert players(g)["p2"]["bench"][0]["damage"] == 10


def test_power_circulation_puts_a_basic_energy_on_top_of_the_deck_and_a_counter_on_sealeo() -> None:
    sealeo = {"card": "ex12-43", "under": ["Spheal"]}
    g = game(
        {"active": sealeo, "discard": ["Fire Energy", REACT], "deck": ["Water Energy"]},
        {"active": WAILORD},
        settings=ALLOW,
    )
    act(g, "p1", "use_power", pokemon="active", power="Power Circulation")
    assert pending(g)["options"] == ["Fire Energy"]  # React Energy is no basic Energy
    act(g, "p1", "choose", option=0)
    p1 = players(g)["p1"]
    assert p1["deck"][0] == "Fire Energy" and p1["active"]["damage"] == 10
    g = game({"active": sealeo, "discard": [REACT]}, {"active": WAILORD}, settings=ALLOW)
    with pytest.raises(IllegalActionError, match="no basic Energy card in the discard pile"):
        act(g, "p1", "use_power", pokemon="active", power="Power Circulation")


def test_emerge_evolves_an_active_cascoon_on_heads_only() -> None:
    cascoon = {"card": "ex12-30", "under": ["Wurmple"]}
    deck = ["ex12-86", "Water Energy"]
    g = game({"active": cascoon, "deck": deck}, {"active": WAILORD}, settings=ALLOW)
    act(g, "p1", "use_power", pokemon="active", power="Emerge", coins=[HEADS])
    assert pending(g)["options"][0] == "Dustox ex on Cascoon (active)"
    act(g, "p1", "choose", option=0, coins=[1] * 10)
    assert players(g)["p1"]["active"]["card"] == "Dustox ex"
    g = game({"active": cascoon, "deck": deck}, {"active": WAILORD}, settings=ALLOW)
    act(g, "p1", "use_power", pokemon="active", power="Emerge", coins=[TAILS])
    assert players(g)["p1"]["active"]["card"] == "Cascoon"
    g = game(
        {"active": WAILORD, "bench": [cascoon], "deck": deck}, {"active": WAILORD}, settings=ALLOW
    )
    with pytest.raises(IllegalActionError, match="not the Active"):
        act(g, "p1", "use_power", pokemon="bench1", power="Emerge")


def test_cursed_stone_counters_each_pokemon_with_a_poke_power_between_turns() -> None:
    sealeo = {"card": "ex12-43", "under": ["Spheal"]}
    g = game(
        {"active": sealeo, "bench": [{"card": "ex1-96"}]},
        {"active": WAILORD, "bench": [{"card": "ex12-71"}]},
        settings=ALLOW,
        stadium={"card": "ex12-72", "owner": "p1"},
    )
    act(g, "p1", "end_turn")
    p1, p2 = players(g)["p1"], players(g)["p2"]
    assert p1["active"]["damage"] == 10 and p1["bench"][0]["damage"] == 0  # Chansey ex: none
    assert p2["bench"][0]["damage"] == 10 and p2["active"]["damage"] == 0  # Wynaut: Baby Evolution


def test_rainbow_energy_pays_any_type_and_puts_a_counter_when_attached_from_the_hand() -> None:
    for card, damage in (("ex12-81", 10), ("Water Energy", 0)):
        g = game(
            {"active": {"card": "ex12-55"}, "hand": [card]}, {"active": WAILORD}, settings=ALLOW
        )
        name = bundled_cards()[card].name if card.startswith("ex") else card
        act(g, "p1", "attach", card=name, target="active")
        assert players(g)["p1"]["active"]["damage"] == damage
    # attached otherwise (set up in play) it puts nothing, and it pays a Fire symbol
    g = attack("ex12-55", "Firebreathing", [TAILS], mon={"energy": ["ex12-81", "Water Energy"]})
    assert defending(g)["damage"] == 10 and players(g)["p1"]["active"]["damage"] == 0


def test_reactive_shift_moves_a_react_energy_only() -> None:
    delcatty = {"card": "ex12-4", "under": ["Skitty"], "energy": [REACT, "Water Energy"]}
    chansey = [{"card": "ex1-96"}]
    g = game({"active": delcatty, "bench": chansey}, {"active": WAILORD}, settings=ALLOW)
    act(g, "p1", "use_power", pokemon="active", power="Reactive Shift")
    assert pending(g)["options"] == ["React Energy from Delcatty (active) to Chansey ex (bench1)"]
    act(g, "p1", "choose", option=0)
    p1 = players(g)["p1"]
    assert p1["active"]["energy"] == ["Water Energy"]
    assert p1["bench"][0]["energy"] == ["React Energy"]
    plain = {**delcatty, "energy": ["Water Energy"]}
    g = game({"active": plain, "bench": chansey}, {"active": WAILORD}, settings=ALLOW)
    with pytest.raises(IllegalActionError, match="no React Energy card to move"):
        act(g, "p1", "use_power", pokemon="active", power="Reactive Shift")


def test_energy_link_attaches_an_energy_from_the_discard_pile() -> None:
    g = attack("ex12-4", "Energy Link", p1={"discard": [REACT]})
    assert pending(g)["options"] == ["React Energy"]
    act(g, "p1", "choose", option=0)
    assert sorted(players(g)["p1"]["active"]["energy"]) == ["React Energy", "Water Energy"]
    assert defending(g)["damage"] == 20


def test_heavy_blow_loses_10_per_counter_unless_react_energy_is_attached() -> None:
    assert defending(attack("ex12-2", "Heavy Blow", mon={"damage": 30}))["damage"] == 40
    energy = ["Fighting Energy", REACT, "Water Energy"]
    g = attack("ex12-2", "Heavy Blow", mon={"damage": 30, "energy": energy})
    assert defending(g)["damage"] == 70


def test_bound_crush_hits_the_pick_and_is_barred_next_turn() -> None:
    g = attack("ex12-2", "Bound Crush", p2={"bench": [{"card": "ex1-96"}]}, target="bench1")
    assert players(g)["p2"]["bench"][0]["damage"] == 60 and defending(g)["damage"] == 0
    flags = [e.data for e in g.events if e.type == "flag" and e.data.get("flag") == "no_attack"]
    assert flags and flags[0]["name"] == "Bound Crush"


ARCANINE_EX = {"card": "ex12-83", "under": ["Growlithe"]}


def test_flame_swirl_asks_only_when_both_discards_are_possible() -> None:
    mon = {"energy": ["Fire Energy", "Fire Energy", REACT]}
    g = attack("ex12-83", "Flame Swirl", mon=mon, defender=CHANSEY_EX)
    assert pending(g)["options"] == ["2 Fire Energy", "1 React Energy card"]
    act(g, "p1", "choose", option=1)
    assert players(g)["p1"]["active"]["energy"] == ["Fire Energy", "Fire Energy"]
    g = attack("ex12-83", "Flame Swirl", defender=CHANSEY_EX)  # Fire, Fire, Water: no question
    assert "pending" not in view(g)
    assert players(g)["p1"]["active"]["energy"] == ["Water Energy"]
    assert defending(g)["damage"] == 100


def test_overrun_hits_a_benched_pokemon_for_20() -> None:
    g = attack("ex12-83", "Overrun", p2={"bench": [{"card": "ex1-96"}]}, target="bench1")
    assert defending(g)["damage"] == 30 and players(g)["p2"]["bench"][0]["damage"] == 20


def test_fire_remedy_heals_and_cures_on_a_fire_energy_from_the_hand() -> None:
    for card, damage, conditions in (("Fire Energy", 20, []), ("Water Energy", 30, ["poisoned"])):
        arcanine = {**ARCANINE_EX, "damage": 30, "conditions": ["poisoned"]}
        g = game({"active": arcanine, "hand": [card]}, {"active": WAILORD}, settings=ALLOW)
        act(g, "p1", "attach", card=card, target="active")
        active = players(g)["p1"]["active"]
        assert active["damage"] == damage and active["conditions"] == conditions


BANETTE_EX = {"card": "ex12-85", "under": ["Shuppet"]}


def test_shadow_chant_adds_10_per_supporter_in_the_discard_pile_up_to_60() -> None:
    g = attack("ex12-85", "Shadow Chant", p1={"discard": ["ex12-73"] * 2}, defender=CHANSEY_EX)
    assert defending(g)["damage"] == 50
    g = attack("ex12-85", "Shadow Chant", p1={"discard": ["ex12-73"] * 8}, defender=CHANSEY_EX)
    assert defending(g)["damage"] == 90  # at most 60 more
    assert defending(attack("ex12-85", "Shadow Chant", defender=CHANSEY_EX))["damage"] == 30


def test_shady_move_moves_a_counter_between_any_pokemon() -> None:
    g = game(
        {"active": {**BANETTE_EX, "damage": 20}},
        {"active": WAILORD, "bench": [{"card": "ex1-96"}]},
        settings=ALLOW,
    )
    act(g, "p1", "use_power", pokemon="active", power="Shady Move")
    assert pending(g)["options"] == ["Banette ex (p1 active)"]
    act(g, "p1", "choose", option=0)
    assert pending(g)["options"] == ["Wailord (p2 active)", "Chansey ex (p2 bench1)"]
    act(g, "p1", "choose", option=1)
    assert players(g)["p1"]["active"]["damage"] == 10
    assert players(g)["p2"]["bench"][0]["damage"] == 10
    # refused with no damage counter in play, and while Benched
    g = game({"active": BANETTE_EX}, {"active": WAILORD}, settings=ALLOW)
    with pytest.raises(IllegalActionError, match="no Pokémon in play has a damage counter"):
        act(g, "p1", "use_power", pokemon="active", power="Shady Move")
    g = game(
        {"active": {"card": "ex1-96", "damage": 10}, "bench": [BANETTE_EX]},
        {"active": WAILORD},
        settings=ALLOW,
    )
    with pytest.raises(IllegalActionError, match="not the Active"):
        act(g, "p1", "use_power", pokemon="bench1", power="Shady Move")


def test_reactive_booster_makes_react_energy_two_of_every_type_on_huntail_and_gorebyss() -> None:
    from turnkeeper.rulesets.ptcg.board import energy_units

    huntail = {"card": "ex12-18", "under": ["Clamperl"], "energy": [REACT]}
    gorebyss = {"card": "ex12-17", "under": ["Clamperl"]}
    for bench, units in (([gorebyss], [("Any",), ("Any",)]), ([], [("Colorless",)])):
        g = game({"active": huntail, "bench": bench}, {"active": WAILORD}, settings=ALLOW)
        mon = g.state.sides[0].active
        assert mon is not None and energy_units(g.state, mon) == units
    # on another Pokémon it stays one Colorless
    g = game(
        {"active": {"card": "ex12-64", "energy": [REACT]}, "bench": [gorebyss]},
        {"active": WAILORD},
        settings=ALLOW,
    )
    mon = g.state.sides[0].active
    assert mon is not None and energy_units(g.state, mon) == [("Colorless",)]
    # Huntail's Bite Off (Water and two Colorless) is paid by React and one Water Energy
    g = game(
        {"active": {**huntail, "energy": [REACT, "Water Energy"]}, "bench": [gorebyss]},
        {"active": WAILORD},
        settings=ALLOW,
    )
    act(g, "p1", "attack", attack="Bite Off")
    assert defending(g)["damage"] == 40
