"""EX Legend Maker (ex12), the cards of effect_data_ex12_more.py: the Stadiums its players
use (``use_stadium``, stadium_use.py), Shining Horn, Pattern Distraction and the rest; each
effect shown both ways where it can go two ways."""

from __future__ import annotations

from typing import Any

import pytest

from tests.ptcg.board import HEADS, TAILS, act, check_invariants, game, view
from tests.ptcg.set_cards import ALLOW, WAILORD, attack, attacker, defending, pending, players
from turnkeeper.core.model import IllegalActionError
from turnkeeper.rulesets.ptcg.board import types_of
from turnkeeper.rulesets.ptcg.cards import bundled_cards

POWER_TREE = "ex12-76"
STRANGE_CAVE = "ex12-77"
PINSIR = "ex12-24"
SPINDA = "ex12-26"
ABSOL = "ex12-15"
REACT = "ex12-82"
PIKACHU = {"card": "ex1-19"}  # ... any Basic Pokémon to attack with
MACHOP_BASIC = {"card": "ex12-64"}  # (card data: a Basic with a cheap attack)


def _offers(g: Any, seat: str = "p1") -> list[str]:
    return [a.kind for a in g.legal_actions(seat)]


def _refused(g: Any, kind: str, **params: Any) -> str:
    with pytest.raises(IllegalActionError) as raised:
        act(g, "p1", kind, **params)
    return str(raised.value.refusal.rule)


# ---------------------------------------------------------------------------- Power Tree
def _tree_game(discard: list[str], owner: str = "p2") -> Any:
    return game(
        {"active": WAILORD, "discard": discard, "hand": []},
        {"active": WAILORD},
        stadium={"card": POWER_TREE, "owner": owner},
    )


def test_power_tree_takes_a_basic_energy_from_the_discard_pile_once_a_turn() -> None:
    # the Stadium is the opponent's: either player uses it
    g = _tree_game(["Fire Energy", "Grass Energy", "Potion"])
    assert "use_stadium" in _offers(g)
    act(g, "p1", "use_stadium")
    assert pending(g)["options"] == ["Fire Energy", "Grass Energy"]  # a pick is a must
    act(g, "p1", "choose", option=1)
    p1 = players(g)["p1"]
    assert p1["hand"] == ["Grass Energy"] and "Grass Energy" not in p1["discard"]
    check_invariants(g.state)
    assert "use_stadium" not in _offers(g)
    assert _refused(g, "use_stadium") == "ptcg.stadium.once-per-turn"
    # the next player's turn: their own use
    act(g, "p1", "end_turn")
    g.state.sides[1].discard.append(g.state.sides[1].deck.pop())  # a Fire Energy discarded
    assert "use_stadium" in _offers(g, "p2")


def test_power_tree_is_refused_with_a_special_energy_in_the_discard_pile() -> None:
    g = _tree_game(["Fire Energy", REACT])
    assert "use_stadium" not in _offers(g)
    with pytest.raises(IllegalActionError, match="Special Energy card is in the discard") as e:
        act(g, "p1", "use_stadium")
    assert e.value.refusal.rule == "ptcg.stadium.requirement"


def test_power_tree_is_refused_without_a_basic_energy_to_take() -> None:
    g = _tree_game(["Potion"])
    assert _refused(g, "use_stadium") == "ptcg.stadium.requirement"


def test_use_stadium_is_refused_without_a_usable_stadium() -> None:
    g = game({"active": WAILORD}, {"active": WAILORD})
    assert _refused(g, "use_stadium") == "ptcg.stadium.use"  # none in play
    g = game(
        {"active": WAILORD}, {"active": WAILORD}, stadium={"card": "ex12-72", "owner": "p1"}
    )
    assert "use_stadium" not in _offers(g)
    with pytest.raises(IllegalActionError, match="no effect its players use"):
        act(g, "p1", "use_stadium")  # Cursed Stone works by itself


# ---------------------------------------------------------------------------- Strange Cave
def test_strange_cave_benches_a_fossil_pokemon_from_the_hand_as_a_basic() -> None:
    g = game(
        {"active": WAILORD, "hand": ["ex12-29", "ex12-53"]},  # Anorith (Stage 1), Geodude
        {"active": WAILORD},
        stadium={"card": STRANGE_CAVE, "owner": "p1"},
    )
    act(g, "p1", "use_stadium")
    assert pending(g)["options"] == ["Anorith"]  # Geodude is no such Pokémon
    act(g, "p1", "choose", option=0)
    p1 = players(g)["p1"]
    assert [m["card"] for m in p1["bench"]] == ["Anorith"] and p1["hand"] == ["Geodude"]
    check_invariants(g.state)
    assert _refused(g, "use_stadium") == "ptcg.stadium.once-per-turn"


def test_strange_cave_is_refused_without_such_a_pokemon_or_with_a_full_bench() -> None:
    g = game(
        {"active": WAILORD, "hand": ["ex12-53"]},
        {"active": WAILORD},
        stadium={"card": STRANGE_CAVE, "owner": "p1"},
    )
    with pytest.raises(IllegalActionError, match="no Omanyte"):
        act(g, "p1", "use_stadium")
    g = game(
        {"active": WAILORD, "hand": ["ex12-29"], "bench": [{"card": "ex12-53"}] * 5},
        {"active": WAILORD},
        stadium={"card": STRANGE_CAVE, "owner": "p1"},
    )
    with pytest.raises(IllegalActionError, match="the Bench is full"):
        act(g, "p1", "use_stadium")


# ---------------------------------------------------------------------------- Pinsir, Absol
@pytest.mark.parametrize("card", [PINSIR, ABSOL])
def test_shining_horn_keeps_basics_from_attacking_only_while_alone(card: str) -> None:
    attacker_mon = attacker("ex12-64", "Jump On")
    # p2's Pokémon with the Body is its only one: p1's Basic cannot attack
    g = game({"active": attacker_mon}, {"active": {"card": card}})
    assert "attack" not in _offers(g)
    with pytest.raises(IllegalActionError, match="Shining Horn") as raised:
        act(g, "p1", "attack", attack="Jump On")
    assert raised.value.refusal.rule == "ptcg.attack.body"
    # with a Benched Pokémon beside it, the Body does nothing
    g = game({"active": attacker_mon}, {"active": {"card": card}, "bench": [{"card": SPINDA}]})
    act(g, "p1", "attack", coins=[TAILS], attack="Jump On")
    assert defending(g)["damage"] == 10


def test_shining_horn_does_not_stop_an_evolved_pokemon() -> None:
    g = game({"active": attacker("ex12-35", "Haunt")}, {"active": {"card": PINSIR}})
    act(g, "p1", "attack", attack="Haunt")  # Haunter, a Stage 1
    assert defending(g)["damage"] == 20


def test_cry_for_help_takes_a_grass_pokemon_not_ex() -> None:
    deck = ["ex12-49", "ex12-53", "ex12-84"]  # Bellsprout (Grass), Geodude, Armaldo ex
    g = attack(PINSIR, "Cry for Help", p1={"deck": deck})
    assert pending(g)["options"] == ["Bellsprout", "nothing"]
    act(g, "p1", "choose", option=0)
    assert players(g)["p1"]["hand"] == ["Bellsprout"]


def test_overhead_toss_hits_one_of_its_own_benched_pokemon_when_there_is_one() -> None:
    g = attack(PINSIR, "Overhead Toss", p1={"bench": [{"card": SPINDA}, {"card": ABSOL}]})
    assert defending(g)["damage"] == 30
    assert pending(g)["options"] == ["Spinda (bench1)", "Absol (bench2)"]
    act(g, "p1", "choose", option=1)
    bench = players(g)["p1"]["bench"]
    assert [m["damage"] for m in bench] == [0, 20]  # no Weakness on the Bench
    g = attack(PINSIR, "Overhead Toss")
    assert defending(g)["damage"] == 30 and "pending" not in view(g)


def test_extra_call_takes_a_pokemon_ex_only() -> None:
    g = attack(ABSOL, "Extra Call", p1={"deck": ["ex12-84", "ex12-53", "ex12-92"]})
    assert pending(g)["options"] == ["Armaldo ex", "nothing"]  # not Geodude, not Registeel ★
    act(g, "p1", "choose", option=0)
    assert players(g)["p1"]["hand"] == ["Armaldo ex"]


def test_feint_attack_does_20_to_the_pokemon_picked_untouched_by_weakness() -> None:
    # Misdreavus is weak to Darkness: no Weakness; 10 more from the Darkness Energy card
    # that pays the cost (an effect on the attacker, not on the target)
    g = attack(ABSOL, "Feint Attack", defender={"card": "ex12-40"})
    assert defending(g)["damage"] == 30
    assert "pending" not in view(g)  # one Pokémon to pick: no question


# ---------------------------------------------------------------------------- Spinda
def test_pattern_distraction_tails_the_basic_attack_does_nothing() -> None:
    attacker_mon = attacker("ex12-64", "Jump On")
    g = game({"active": attacker_mon}, {"active": {"card": SPINDA}})
    act(g, "p1", "attack", coins=[TAILS], attack="Jump On")
    assert defending(g)["damage"] == 0
    g = game({"active": attacker_mon}, {"active": {"card": SPINDA}})
    act(g, "p1", "attack", coins=[HEADS, TAILS], attack="Jump On")
    assert defending(g)["damage"] == 10  # heads: the attack goes on (its own coin: tails)


def test_pattern_distraction_leaves_evolved_attackers_and_a_benched_spinda_alone() -> None:
    g = game({"active": attacker("ex12-35", "Haunt")}, {"active": {"card": SPINDA}})
    act(g, "p1", "attack", coins=[], attack="Haunt")  # Haunter: no coin flipped
    assert defending(g)["damage"] == 20
    g = game(
        {"active": attacker("ex12-64", "Jump On")},
        {"active": WAILORD, "bench": [{"card": SPINDA}]},
    )
    act(g, "p1", "attack", coins=[TAILS], attack="Jump On")
    assert defending(g)["damage"] == 10  # the one coin is Jump On's


def test_whimsy_draw_draws_2_per_heads() -> None:
    g = attack(SPINDA, "Whimsy Draw", [HEADS, HEADS, TAILS])
    assert len(players(g)["p1"]["hand"]) == 4
    g = attack(SPINDA, "Whimsy Draw", [TAILS])
    assert players(g)["p1"]["hand"] == []


def test_double_edge_hurts_spinda_on_tails_only() -> None:
    g = attack(SPINDA, "Double-edge", [TAILS])
    assert defending(g)["damage"] == 30 and players(g)["p1"]["active"]["damage"] == 10
    g = attack(SPINDA, "Double-edge", [HEADS])
    assert players(g)["p1"]["active"]["damage"] == 0


def test_every_new_card_is_played_without_allow_unimplemented() -> None:
    for card, name in ((PINSIR, "Overhead Toss"), (SPINDA, "Double-edge"), (ABSOL, "Extra Call")):
        g = game({"active": attacker(card, name)}, {"active": WAILORD})
        assert "attack" in _offers(g)
    assert ALLOW  # (the helpers' attack() allows unimplemented cards; these need not)


# ---------------------------------------------------------------------------- Gengar
GENGAR = {"card": "ex12-5", "under": ["Gastly", "Haunter"], "damage": 90}  # 100 HP


def _curse_game(gengar: dict[str, Any] | None = None, **p2: Any) -> Any:
    """p1's Golem (Rock Tumble: 70) Knocks Out p2's Active Gengar."""
    return game(
        {"active": attacker("ex12-6", "Rock Tumble"), "bench": [{"card": SPINDA}]},
        {"active": gengar or GENGAR, "bench": [{"card": PINSIR}], **p2},
    )


def test_shadow_curse_puts_3_counters_on_an_opponents_pokemon_as_gengar_is_knocked_out() -> None:
    g = _curse_game()
    act(g, "p1", "attack", attack="Rock Tumble")
    asked = pending(g)
    assert asked["player"] == "p2"
    assert asked["options"] == ["Golem (active)", "Spinda (bench1)", "no"]
    act(g, "p2", "choose", option=1)
    assert players(g)["p1"]["bench"][0]["damage"] == 30
    assert "Gengar" in players(g)["p2"]["discard"]
    act(g, "p2", "promote", target="bench1")
    check_invariants(g.state)


def test_shadow_curse_may_be_declined_and_is_not_there_for_an_asleep_gengar() -> None:
    g = _curse_game()
    act(g, "p1", "attack", attack="Rock Tumble")
    act(g, "p2", "choose", option=2)  # no
    assert players(g)["p1"]["active"]["damage"] == 0
    assert players(g)["p1"]["bench"][0]["damage"] == 0
    g = _curse_game({**GENGAR, "conditions": ["asleep"]})
    act(g, "p1", "attack", attack="Rock Tumble")
    assert view(g).get("pending") is None  # straight to p2's promotion
    act(g, "p2", "promote", target="bench1")


def test_shadow_curse_is_no_action_of_its_own() -> None:
    g = game({"active": {**GENGAR, "damage": 0}}, {"active": WAILORD})
    with pytest.raises(IllegalActionError, match="only as an opponent's attack"):
        act(g, "p1", "use_power", pokemon="active", power="Shadow Curse")


def test_cursed_reaction_places_2_counters_or_4_with_react_energy() -> None:
    mon = {"energy": ["Psychic Energy"]}
    g = attack("ex12-5", "Cursed Reaction", mon=mon)
    for _ in range(2):
        act(g, "p1", "choose", option=0)
    assert defending(g)["damage"] == 20
    g = attack("ex12-5", "Cursed Reaction", mon={"energy": ["Psychic Energy", REACT]})
    for _ in range(4):
        act(g, "p1", "choose", option=0)
    assert defending(g)["damage"] == 40


# ---------------------------------------------------------------------------- batch: Bodies
MUK = {"card": "ex12-11", "under": ["Grimer"]}
HUNTAIL = {"card": "ex12-18", "under": ["Clamperl"]}  # Reactive Generator: a Poké-Power
KABUTO = {"card": "ex12-36", "under": ["Mysterious Fossil"]}
WAILORD_12 = {"card": "ex12-14", "under": ["Wailmer"]}
ROSELIA: dict[str, Any] = {"card": "ex12-42"}


def test_stench_stops_every_power_only_while_muk_is_active() -> None:
    g = game({"active": HUNTAIL}, {"active": MUK})
    with pytest.raises(IllegalActionError, match="Stench") as raised:
        act(g, "p1", "use_power", pokemon="active", power="Reactive Generator")
    assert raised.value.refusal.rule == "ptcg.power.body"
    g = game({"active": MUK, "bench": [HUNTAIL]}, {"active": WAILORD})  # its own side too
    with pytest.raises(IllegalActionError, match="Stench"):
        act(g, "p1", "use_power", pokemon="bench1", power="Reactive Generator")
    g = game({"active": HUNTAIL, "deck": [REACT]}, {"active": WAILORD, "bench": [MUK]})
    act(g, "p1", "use_power", pokemon="active", power="Reactive Generator")  # Benched Muk
    act(g, "p1", "choose", option=0)
    assert players(g)["p1"]["active"]["energy"] == ["React Energy"]


def test_poison_ring_poisons_and_keeps_the_defending_pokemon_from_retreating() -> None:
    defender = {**WAILORD, "energy": ["Fire Energy"] * 4}
    g = attack("ex12-11", "Poison Ring", defender=defender, p2={"bench": [{"card": "ex12-53"}]})
    # 20, and a counter for Poison between turns
    assert defending(g)["damage"] == 30 and defending(g)["conditions"] == ["poisoned"]
    assert "retreat" not in _offers(g, "p2")
    with pytest.raises(IllegalActionError) as raised:
        act(g, "p2", "retreat", target="bench1")
    assert raised.value.refusal.rule == "ptcg.retreat.blocked"


def test_ancient_protection_takes_weakness_from_the_fossil_kin_only() -> None:
    # Bellsprout's Grass Sleep Powder does no damage: Weepinbell's Vine Whip (Grass, 40)
    kabuto_kin = {"active": KABUTO}
    g = game({"active": attacker("ex12-47", "Vine Whip")}, kabuto_kin)
    act(g, "p1", "attack", attack="Vine Whip")
    assert defending(g)["damage"] == 40  # Kabuto is weak to Grass: no Weakness
    # another Pokémon of that player keeps its Weakness: Golem, weak to Water
    g = game(
        {"active": attacker("ex12-14", "Hypno Splash", under=["Wailmer"])},
        {"active": {"card": "ex12-6", "under": ["Geodude", "Graveler"]}, "bench": [KABUTO]},
    )
    act(g, "p1", "attack", attack="Hypno Splash")
    assert defending(g)["damage"] == 80


def test_granite_head_reduces_the_next_damage_by_10() -> None:
    g = attack("ex12-36", "Granite Head", mon={"under": ["Mysterious Fossil"]})
    assert defending(g)["damage"] == 20


def test_reactive_lift_frees_water_pokemon_with_a_react_energy_on_wailord() -> None:
    bench = [{"card": "ex12-53"}]
    g = game({"active": {**WAILORD_12, "energy": [REACT]}, "bench": bench}, {"active": WAILORD})
    retreat = [a for a in g.legal_actions("p1") if a.kind == "retreat"]
    assert retreat and dict(retreat[0].cost_detail or {})["discard_energy"] == 0
    g = game(
        {"active": {**WAILORD_12, "energy": ["Water Energy"]}, "bench": bench},
        {"active": WAILORD},
    )
    assert not [a for a in g.legal_actions("p1") if a.kind == "retreat"]  # costs 4


def test_rely_on_friends_counts_benched_stage_1_pokemon() -> None:
    bench = [KABUTO, HUNTAIL, {"card": "ex12-53"}]
    g = attack("ex12-14", "Rely on Friends", p1={"bench": bench}, mon={"under": ["Wailmer"]})
    assert defending(g)["damage"] == 60  # 40 + 2 x 10 (Geodude is Basic)
    g = attack("ex12-14", "Hypno Splash", mon={"under": ["Wailmer"]})
    assert defending(g)["damage"] == 40 and defending(g)["conditions"] == ["asleep"]


def test_flick_poison_switches_and_poisons_the_new_defending_pokemon() -> None:
    g = attack("ex12-42", "Flick Poison", p2={"bench": [{"card": "ex12-53"}]})
    assert pending(g)["player"] == "p2"
    act(g, "p2", "choose", option=0)
    p2 = players(g)["p2"]
    assert p2["active"]["card"] == "Geodude" and p2["active"]["conditions"] == ["poisoned"]
    assert p2["bench"][0]["conditions"] == []
    g = attack("ex12-42", "Flick Poison")  # no Bench: no switch, nobody Poisoned
    assert defending(g)["conditions"] == []


def test_reactive_aroma_heals_react_pokemon_between_turns_once() -> None:
    mine: dict[str, Any] = {
        "active": {**ROSELIA, "energy": [REACT], "damage": 20},
        "bench": [
            {**ROSELIA, "energy": [REACT], "damage": 20},
            {"card": "ex12-53", "energy": [REACT], "damage": 20},
            {"card": "ex12-53", "damage": 20},
        ],
    }
    g = game({"active": WAILORD}, mine)  # p1 ends the turn: between turns, p2's Bodies act
    act(g, "p1", "end_turn")
    p2 = players(g)["p2"]
    assert p2["active"]["damage"] == 10  # one counter each, once (two Roselia)
    assert [m["damage"] for m in p2["bench"]] == [10, 10, 20]
    mine["active"] = {**ROSELIA, "damage": 20}  # no React Energy on the first Roselia
    mine["bench"] = [{"card": "ex12-53", "energy": [REACT], "damage": 20}]
    g = game({"active": WAILORD}, mine)
    act(g, "p1", "end_turn")
    assert players(g)["p2"]["bench"][0]["damage"] == 20


# ---------------------------------------------------------------------------- batch B
AERODACTYL = {"card": "ex12-1", "under": ["Mysterious Fossil"]}
OMANYTE = {"card": "ex12-60", "under": ["Mysterious Fossil"]}
DUNSPARCE = {"card": "ex12-31"}
MAGBY = {"card": "ex12-58"}
IGGLYBUFF = {"card": "ex5-37"}


def test_reactive_protection_takes_10_off_per_react_energy() -> None:
    vine_whip = attacker("ex12-47", "Vine Whip")  # Weepinbell, Grass, 40
    g = game({"active": vine_whip}, {"active": {**AERODACTYL, "energy": [REACT, REACT]}})
    act(g, "p1", "attack", attack="Vine Whip")
    assert defending(g)["damage"] == 20
    g = game({"active": vine_whip}, {"active": {**AERODACTYL, "energy": ["Water Energy"]}})
    act(g, "p1", "attack", attack="Vine Whip")
    assert defending(g)["damage"] == 40


def test_power_blow_and_speed_stroke() -> None:
    g = attack("ex12-1", "Power Blow", mon={"under": ["Mysterious Fossil"]})
    assert defending(g)["damage"] == 20  # 10 + 10 for its one Energy
    arcanine = {"card": "ex12-83", "under": ["Growlithe"], "energy": ["Fire Energy"] * 2}
    g = attack("ex12-1", "Speed Stroke", mon={"under": ["Mysterious Fossil"]}, defender=arcanine)
    act(g, "p2", "attack", attack="Overrun")  # a Pokémon-ex: nothing reaches Aerodactyl
    assert players(g)["p1"]["active"]["damage"] == 0
    lileep = {"card": "ex12-56", "under": ["Root Fossil"], "energy": ["Grass Energy"] * 2}
    g = attack("ex12-1", "Speed Stroke", mon={"under": ["Mysterious Fossil"]}, defender=lileep)
    act(g, "p2", "attack", attack="Confuse Ray")  # not ex: it does its damage
    assert players(g)["p1"]["active"]["damage"] == 20


def test_ancient_tentacles_takes_resistance_off_the_fossil_kins_damage() -> None:
    kabuto = attacker("ex12-36", "Granite Head", under=["Mysterious Fossil"])
    # Aerodactyl resists Fighting (-30): Kabuto's 20 would do nothing
    g = game({"active": kabuto, "bench": [OMANYTE]}, {"active": AERODACTYL})
    act(g, "p1", "attack", attack="Granite Head")
    assert defending(g)["damage"] == 20
    g = game({"active": kabuto}, {"active": AERODACTYL})
    act(g, "p1", "attack", attack="Granite Head")
    assert defending(g)["damage"] == 0


def test_rising_lunge_does_20_more_on_heads() -> None:
    mon = {"under": ["Mysterious Fossil"]}
    g = attack("ex12-60", "Rising Lunge", [HEADS], mon=mon, defender={"card": "ex1-96"})
    assert defending(g)["damage"] == 40
    g = attack("ex12-60", "Rising Lunge", [TAILS], mon=mon, defender={"card": "ex1-96"})
    assert defending(g)["damage"] == 20


def test_final_blizzard_hits_the_bench_only_in_the_last_stand() -> None:
    p2 = {"bench": [{"card": "ex12-53"}, {"card": "ex12-42"}], "prizes": ["Fire Energy"]}
    g = attack("ex12-90", "Final Blizzard", p2=p2, defender={"card": "ex1-96"})
    assert [m["damage"] for m in players(g)["p2"]["bench"]] == [30, 30]
    assert defending(g)["damage"] == 30
    g = attack("ex12-90", "Final Blizzard", p2={**p2, "prizes": ["Fire Energy"] * 2})
    assert [m["damage"] for m in players(g)["p2"]["bench"]] == [0, 0]
    g = attack("ex12-90", "Final Blizzard", p1={"bench": [DUNSPARCE]}, p2=p2)
    assert [m["damage"] for m in players(g)["p2"]["bench"]] == [0, 0]  # Regice not alone


def test_ice_barrier_shuts_out_pokemon_ex_next_turn() -> None:
    arcanine = {"card": "ex12-83", "under": ["Growlithe"], "energy": ["Fire Energy"] * 2}
    g = attack("ex12-90", "Ice Barrier", defender=arcanine)
    assert defending(g)["damage"] == 20  # 10, Arcanine ex is weak to Water
    act(g, "p2", "attack", attack="Overrun")
    assert players(g)["p1"]["active"]["damage"] == 0


def test_deadlock_stops_only_the_opponents_dunsparce() -> None:
    mine = attacker("ex12-31", "Down Draw")
    g = game({"active": mine}, {"active": DUNSPARCE})
    with pytest.raises(IllegalActionError, match="Deadlock") as raised:
        act(g, "p1", "attack", attack="Down Draw")
    assert raised.value.refusal.rule == "ptcg.attack.body"
    # its own Deadlock does not stop it
    deck = ["Potion", "Fire Energy", "Grass Energy"]
    g = game({"active": mine, "deck": deck}, {"active": WAILORD})
    act(g, "p1", "attack", attack="Down Draw")
    assert sorted(players(g)["p1"]["hand"]) == ["Fire Energy", "Grass Energy"]  # the bottom 2


def test_tripping_turn_confuses_then_may_switch() -> None:
    g = attack("ex12-31", "Tripping Turn", p1={"bench": [{"card": "ex12-53"}]})
    assert defending(g)["conditions"] == ["confused"]
    assert pending(g)["player"] == "p1"
    act(g, "p1", "choose", option=0)
    assert players(g)["p1"]["active"]["card"] == "Geodude"


def test_stages_of_evolution_taxes_retreat_only_while_wobbuffet_is_evolved() -> None:
    theirs = {"active": {"card": "ex12-53", "energy": ["Fire Energy"]}, "bench": [DUNSPARCE]}
    # Wynaut's Baby Evolution puts Wobbuffet on it: an Evolved Wobbuffet
    g = game({"active": {"card": "ex12-71"}, "hand": ["ex12-28"]}, theirs)
    act(g, "p1", "use_power", pokemon="active", power="Baby Evolution")
    act(g, "p1", "end_turn")
    assert "retreat" not in _offers(g, "p2")  # Geodude's 1 + 1 more: it has one Energy
    g = game({"active": {"card": "ex12-28"}}, theirs)
    act(g, "p1", "end_turn")
    assert "retreat" in _offers(g, "p2")


def test_grind_and_shadow_tag() -> None:
    three = {"energy": ["Water Energy"] * 3}
    g = attack("ex12-28", "Grind", mon=three, defender={"card": "ex1-96"})
    assert defending(g)["damage"] == 30
    g = attack("ex12-28", "Shadow Tag", defender={"card": "ex1-96"})
    assert defending(g)["damage"] == 0
    act(g, "p2", "end_turn")
    assert defending(g)["damage"] == 70


def test_stages_of_evolution_makes_an_evolved_magmars_energy_fire() -> None:
    water = ["Water Energy"] * 3

    def sensation(g: Any) -> bool:
        return any(a.params.get("attack") == "Burning Sensation" for a in g.legal_actions("p1"))

    g = game({"active": {**MAGBY, "energy": water}, "hand": ["ex12-21"]}, {"active": WAILORD})
    act(g, "p1", "use_power", pokemon="active", power="Baby Evolution")
    assert sensation(g)  # three Fire now
    act(g, "p1", "attack", attack="Burning Sensation")
    assert defending(g)["damage"] == 40
    g = game({"active": {"card": "ex12-21", "energy": water}}, {"active": WAILORD})
    assert not sensation(g)


def test_burning_sensation_burns_only_a_damaged_pokemon() -> None:
    g = attack("ex12-21", "Burning Sensation", defender={**WAILORD, "damage": 10})
    assert defending(g)["conditions"] == ["burned"]
    g = attack("ex12-21", "Burning Sensation")
    assert defending(g)["conditions"] == []
    g = attack("ex12-21", "Linear Attack", defender={"card": "ex1-96"})
    assert defending(g)["damage"] == 10


def test_rear_sensor_stops_the_powers_of_active_basics_only() -> None:
    g = game(
        {"active": MAGBY, "hand": ["ex7-44"]},
        {"active": WAILORD, "bench": [{"card": "ex12-16"}]},
    )
    with pytest.raises(IllegalActionError, match="Rear Sensor") as raised:
        act(g, "p1", "use_power", pokemon="active", power="Baby Evolution")
    assert raised.value.refusal.rule == "ptcg.power.body"
    g = game(
        {"active": WAILORD, "bench": [MAGBY], "hand": ["ex7-44"]},
        {"active": {"card": "ex12-16"}},
    )
    act(g, "p1", "use_power", pokemon="bench1", power="Baby Evolution")  # Benched: allowed
    assert players(g)["p1"]["bench"][0]["card"] == "Magmar"


def test_sol_shade_and_luna_shade_need_their_partner() -> None:
    both = {"active": WAILORD, "bench": [{"card": "ex12-20"}, {"card": "ex12-25"}]}
    g = game({"active": MAGBY, "hand": ["ex7-44"]}, both)
    with pytest.raises(IllegalActionError, match="Sol Shade"):
        act(g, "p1", "use_power", pokemon="active", power="Baby Evolution")
    g = game({"active": WAILORD, "bench": [IGGLYBUFF], "hand": ["ex5-63"]}, both)
    with pytest.raises(IllegalActionError, match="Luna Shade"):
        act(g, "p1", "use_power", pokemon="bench1", power="Baby Evolution")
    alone = {"active": WAILORD, "bench": [{"card": "ex12-20"}]}  # Lunatone without Solrock
    g = game({"active": MAGBY, "hand": ["ex7-44"]}, alone)
    act(g, "p1", "use_power", pokemon="active", power="Baby Evolution")
    assert players(g)["p1"]["active"]["card"] == "Magmar"
    alone = {"active": WAILORD, "bench": [{"card": "ex12-25"}]}  # Solrock without Lunatone
    g = game({"active": WAILORD, "bench": [IGGLYBUFF], "hand": ["ex5-63"]}, alone)
    act(g, "p1", "use_power", pokemon="bench1", power="Baby Evolution")
    assert players(g)["p1"]["bench"][0]["card"] == "Jigglypuff"


def test_the_lunatone_solrock_and_girafarig_attacks() -> None:
    g = attack("ex12-20", "Moon Guidance", p1={"deck": ["Potion", "ex12-73", "Fire Energy"]})
    assert pending(g)["options"] == ["Potion", "nothing"]  # not the Supporter
    g = attack("ex12-20", "Psyshock", [HEADS], defender={"card": "ex1-96"})
    assert defending(g)["conditions"] == ["paralyzed"] and defending(g)["damage"] == 10
    g = attack("ex12-20", "Psyshock", [TAILS], defender={"card": "ex1-96"})
    assert defending(g)["conditions"] == []
    g = attack("ex12-25", "Call for Family", p1={"deck": ["ex12-20", "ex12-53"]})
    assert pending(g)["options"] == ["Lunatone", "nothing"]
    act(g, "p1", "choose", option=0)
    assert players(g)["p1"]["bench"][0]["card"] == "Lunatone"
    defender = {**WAILORD, "energy": ["Fire Energy"]}
    g = attack("ex12-25", "Hyper Beam", [HEADS], defender=defender)
    assert defending(g)["energy"] == [] and defending(g)["damage"] == 0
    g = attack("ex12-25", "Hyper Beam", [TAILS], defender=defender)
    assert defending(g)["energy"] == ["Fire Energy"]
    g = attack("ex12-16", "Disorder", defender={**WAILORD, "energy": [REACT]})
    assert defending(g)["conditions"] == ["confused"]
    g = attack("ex12-16", "Disorder", defender={**WAILORD, "energy": ["Fire Energy"]})
    assert defending(g)["conditions"] == [] and defending(g)["damage"] == 20
    g = attack("ex12-16", "Foresight")
    assert pending(g)["player"] == "p1"


SUPPORTER_NAME = bundled_cards()["ex12-73"].name


def test_support_navigation_takes_a_supporter_as_lapras_is_benched() -> None:
    mine = {"active": WAILORD, "hand": ["ex12-8"], "deck": ["ex12-73", "Potion", "Fire Energy"]}
    g = game(mine, {"active": WAILORD})
    act(g, "p1", "bench", card="ex12-8")
    assert pending(g)["options"] == [SUPPORTER_NAME, "nothing"]
    act(g, "p1", "choose", option=0)
    assert players(g)["p1"]["hand"] == [SUPPORTER_NAME]
    g = game({**mine, "deck": ["Potion"]}, {"active": WAILORD})
    act(g, "p1", "bench", card="ex12-8")
    assert view(g).get("pending") is None  # no Supporter: the search finds none
    assert players(g)["p1"]["hand"] == []
    g = game(mine, {"active": {"card": "ex12-11", "under": ["Grimer"]}})  # Stench: no Power
    act(g, "p1", "bench", card="ex12-8")
    assert view(g).get("pending") is None


# ---------------------------------------------------------------------------- Magneton
MAGNETON = {"card": "ex12-22", "under": ["Magnemite"]}


def test_multiple_force_counts_magnemite_and_magneton_with_react_energy() -> None:
    energy = {"energy": ["Lightning Energy", REACT]}
    g = attack(
        "ex12-22",
        "Multiple Force",
        mon=energy,
        p1={"bench": [MAGNETON]},
        p2={"bench": [{"card": "ex12-22", "under": ["Magnemite"]}]},
        defender={"card": "ex1-96"},
    )
    assert defending(g)["damage"] == 30 + 30  # three Magneton in play, itself included
    g = attack("ex12-22", "Multiple Force", p1={"bench": [MAGNETON]}, defender={"card": "ex1-96"})
    assert defending(g)["damage"] == 30  # no React Energy


def _recharge_game(magneton: dict[str, Any]) -> Any:
    """p1's Golem (Rock Tumble: 70) Knocks Out p2's Active Magneton (80 HP, 20 damage)."""
    return game(
        {"active": attacker("ex12-6", "Rock Tumble")},
        {"active": magneton, "bench": [PINSIR, SPINDA]},
    )


def test_reactive_recharge_moves_the_knocked_out_magnetons_react_energy() -> None:
    mag = {**MAGNETON, "damage": 20, "energy": [REACT, REACT, "Lightning Energy"]}
    g = _recharge_game(mag)
    act(g, "p1", "attack", attack="Rock Tumble")
    assert pending(g)["player"] == "p2"
    assert pending(g)["options"] == [
        "React Energy onto Pinsir (bench1)",
        "React Energy onto Spinda (bench2)",
        "no more",
    ]
    act(g, "p2", "choose", option=0)
    act(g, "p2", "choose", option=1)
    bench = players(g)["p2"]["bench"]
    assert bench[0]["energy"] == ["React Energy"] and bench[1]["energy"] == ["React Energy"]
    act(g, "p2", "promote", target="bench1")  # no React Energy left: nothing more is asked
    check_invariants(g.state)
    g = _recharge_game(mag)
    act(g, "p1", "attack", attack="Rock Tumble")
    act(g, "p2", "choose", option=2)  # no more
    assert [m["energy"] for m in players(g)["p2"]["bench"]] == [[], []]
    # Paralyzed as it is Knocked Out: its Power does not work
    g = _recharge_game({**mag, "conditions": ["paralyzed"]})
    act(g, "p1", "attack", attack="Rock Tumble")
    assert view(g).get("pending") is None


# ---------------------------------------------------------------------------- Victreebel
VICTREEBEL = {"card": "ex12-13", "under": ["Bellsprout", "Weepinbell"]}
GOLEM = {"card": "ex12-6", "under": ["Geodude", "Graveler"]}


def test_nectar_pod_pulls_a_benched_stage_2_in_as_defending() -> None:
    g = game({"active": VICTREEBEL}, {"active": WAILORD, "bench": [{"card": "ex12-53"}, GOLEM]})
    act(g, "p1", "use_power", pokemon="active", power="Nectar Pod")
    assert pending(g)["options"] == ["Golem (bench2)"]  # Geodude is no Stage 2
    act(g, "p1", "choose", option=0)
    assert defending(g)["card"] == "Golem"
    with pytest.raises(IllegalActionError) as raised:
        act(g, "p1", "use_power", pokemon="active", power="Nectar Pod")
    assert raised.value.refusal.rule == "ptcg.power.once-per-turn"
    g = game({"active": VICTREEBEL}, {"active": WAILORD, "bench": [{"card": "ex12-53"}]})
    with pytest.raises(IllegalActionError, match="no Benched Stage 2") as raised:
        act(g, "p1", "use_power", pokemon="active", power="Nectar Pod")
    assert raised.value.refusal.rule == "ptcg.power.requirement"


def test_sleep_poison_and_sharp_leaf() -> None:
    mon = {"under": ["Bellsprout", "Weepinbell"]}
    g = attack("ex12-13", "Sleep Poison", [TAILS], mon=mon)
    assert sorted(defending(g)["conditions"]) == ["asleep", "poisoned"]
    g = attack("ex12-13", "Sharp Leaf", [HEADS], mon=mon)
    assert defending(g)["damage"] == 70
    g = attack("ex12-13", "Sharp Leaf", [TAILS], mon=mon)
    assert defending(g)["damage"] == 40


# ---------------------------------------------------------------------------- Full Flame
FULL_FLAME = {"card": "ex12-74", "owner": "p2"}


def test_full_flame_burns_for_4_counters_between_turns() -> None:
    burned = {**WAILORD, "conditions": ["burned"]}
    g = game({"active": burned}, {"active": WAILORD}, stadium=FULL_FLAME)
    act(g, "p1", "end_turn", coins=[TAILS])  # the Burn's coin: tails, the counters go on
    assert players(g)["p1"]["active"]["damage"] == 40
    g = game({"active": burned}, {"active": WAILORD})
    act(g, "p1", "end_turn", coins=[TAILS])
    assert players(g)["p1"]["active"]["damage"] == 20


def test_full_flame_keeps_burned_through_evolving() -> None:
    mine = {"active": {"card": "ex12-49", "conditions": ["burned", "asleep"]}, "hand": ["ex12-47"]}
    g = game(mine, {"active": WAILORD}, stadium=FULL_FLAME)
    act(g, "p1", "evolve", card="ex12-47", target="active")
    assert players(g)["p1"]["active"]["conditions"] == ["burned"]  # Asleep goes, Burned stays
    g = game(mine, {"active": WAILORD})
    act(g, "p1", "evolve", card="ex12-47", target="active")
    assert players(g)["p1"]["active"]["conditions"] == []


# ---------------------------------------------------------------------------- Mew
MEW = {"card": "ex12-10", "energy": ["Psychic Energy", "Water Energy"]}
JOLTEON_D = {"card": "ex11-7", "under": ["Eevee"], "energy": ["Water Energy"] * 2}


def test_type_change_gives_mew_every_type_of_the_defending_pokemon() -> None:
    # Jolteon δ (Lightning and Metal) resists Metal: a Metal Mew does 30 less
    g = game({"active": MEW}, {"active": JOLTEON_D})
    act(g, "p1", "use_power", pokemon="active", power="Type Change")
    mew = g.state.sides[0].active
    assert mew is not None and types_of(g.state, mew) == ("Lightning", "Metal")
    act(g, "p1", "attack", attack="Link Blast")
    assert defending(g)["damage"] == 20  # 50, same Energy amount, less 30
    g = game({"active": MEW}, {"active": JOLTEON_D})
    act(g, "p1", "attack", attack="Link Blast")
    assert defending(g)["damage"] == 50  # Psychic: no Resistance
    g = game({"active": {**MEW, "conditions": ["confused"]}}, {"active": JOLTEON_D})
    with pytest.raises(IllegalActionError) as raised:
        act(g, "p1", "use_power", pokemon="active", power="Type Change")
    assert raised.value.refusal.rule == "ptcg.power.condition"


def test_link_blast_does_20_when_the_energy_amounts_differ() -> None:
    g = game({"active": MEW}, {"active": {**JOLTEON_D, "energy": ["Water Energy"]}})
    act(g, "p1", "attack", attack="Link Blast")
    assert defending(g)["damage"] == 20


# ---------------------------------------------------------------------------- evolve powers
NUZLEAF = {"card": "ex2-48", "under": ["Seedot"]}
VIBRAVA = {"card": "ex12-46", "under": ["Trapinch"]}


def test_evolutionary_fan_may_return_an_evolved_pokemon_to_the_hand() -> None:
    haunter = {"card": "ex12-35", "under": ["Gastly"], "energy": ["Psychic Energy"]}
    mine = {"active": NUZLEAF, "bench": [haunter, {"card": "ex12-53"}], "hand": ["ex12-12"]}
    g = game(mine, {"active": WAILORD})
    act(g, "p1", "evolve", card="ex12-12", target="active")
    assert pending(g)["options"] == ["Haunter (bench1)", "none"]  # not Shiftry, not Geodude
    act(g, "p1", "choose", option=0)
    p1 = players(g)["p1"]
    assert sorted(p1["hand"]) == ["Gastly", "Haunter", "Psychic Energy"]
    assert [m["card"] for m in p1["bench"]] == ["Geodude"]
    check_invariants(g.state)
    g = game(mine, {"active": WAILORD})
    act(g, "p1", "evolve", card="ex12-12", target="active")
    act(g, "p1", "choose", option=1)  # none
    assert [m["card"] for m in players(g)["p1"]["bench"]] == ["Haunter", "Geodude"]
    g = game({"active": {"card": "ex12-12", "under": ["Seedot", "Nuzleaf"]}}, {"active": WAILORD})
    with pytest.raises(IllegalActionError, match="played from the hand to evolve"):
        act(g, "p1", "use_power", pokemon="active", power="Evolutionary Fan")
    # under Muk's Stench the Power does not work: nothing is asked
    g = game(mine, {"active": {"card": "ex12-11", "under": ["Grimer"]}})
    act(g, "p1", "evolve", card="ex12-12", target="active")
    assert view(g).get("pending") is None


def test_shiftry_attacks() -> None:
    mon = {"under": ["Seedot", "Nuzleaf"], "energy": ["Darkness Energy", "Water Energy", REACT]}
    g = attack("ex12-12", "Reactive Beating", mon=mon)
    assert defending(g)["conditions"] == ["confused"]
    g = attack("ex12-12", "Reactive Beating", mon={"under": ["Seedot", "Nuzleaf"]})
    assert defending(g)["conditions"] == []
    # (the Darkness Energy card paying the cost adds 10)
    shiftry = {"under": ["Seedot", "Nuzleaf"]}
    g = attack("ex12-12", "Cross-Cut", mon=shiftry)
    assert defending(g)["damage"] == 80  # Wailord is Evolved: 30 more
    g = attack("ex12-12", "Cross-Cut", mon=shiftry, defender={"card": "ex1-96"})
    assert defending(g)["damage"] == 50


def test_emerge_charge_attaches_up_to_2_energy_from_the_discard_pile() -> None:
    mine = {"active": VIBRAVA, "hand": ["ex12-87"], "discard": [REACT, "Grass Energy", "Potion"]}
    g = game(mine, {"active": WAILORD})
    act(g, "p1", "evolve", card="ex12-87", target="active")
    assert pending(g)["options"] == ["React Energy", "Grass Energy", "nothing"]
    act(g, "p1", "choose", option=0)
    act(g, "p1", "choose", option=0)
    assert players(g)["p1"]["active"]["energy"] == ["React Energy", "Grass Energy"]
    check_invariants(g.state)
    g = game({**mine, "discard": ["Potion"]}, {"active": WAILORD})
    act(g, "p1", "evolve", card="ex12-87", target="active")
    assert view(g).get("pending") is None


def test_reactive_blast_does_30_more_per_react_energy_discarded() -> None:
    mon = {"energy": ["Lightning Energy", REACT, REACT], "under": ["Trapinch", "Vibrava"]}
    g = attack("ex12-87", "Reactive Blast", mon=mon, defender={"card": "ex1-96"})
    assert pending(g)["options"] == [f"discard {n} React Energy" for n in range(3)]
    act(g, "p1", "choose", option=2)
    assert defending(g)["damage"] == 100 and players(g)["p1"]["active"]["energy"] == [
        "Lightning Energy"
    ]
    g = attack("ex12-87", "Reactive Blast", mon=mon, defender={"card": "ex1-96"})
    act(g, "p1", "choose", option=0)
    assert defending(g)["damage"] == 40


# ---------------------------------------------------------------------------- Cradily
def test_devolution_wave_devolves_one_evolved_pokemon_per_react_energy() -> None:
    mon = {"energy": ["Water Energy", REACT, REACT]}
    p2 = {"bench": [GOLEM, {"card": "ex12-53"}, VICTREEBEL]}
    g = attack("ex12-3", "Devolution Wave", mon=mon, p2=p2)
    assert pending(g)["options"] == [
        "Wailord (active)", "Golem (bench1)", "Victreebel (bench3)", "done"
    ]
    act(g, "p1", "choose", option=1)
    assert pending(g)["options"] == ["Wailord (active)", "Victreebel (bench3)", "done"]
    act(g, "p1", "choose", option=1)
    p2_now = players(g)["p2"]
    assert [m["card"] for m in p2_now["bench"]] == ["Graveler", "Geodude", "Weepinbell"]
    assert view(g).get("pending") is None  # two React Energy: two Pokémon
    check_invariants(g.state)
    g = attack("ex12-3", "Devolution Wave", p2=p2)
    assert view(g).get("pending") is None  # no React Energy: nothing
    assert [m["card"] for m in players(g)["p2"]["bench"]] == ["Golem", "Geodude", "Victreebel"]


def test_cradily_linear_attack_hits_the_pokemon_picked() -> None:
    g = attack("ex12-3", "Linear Attack", target="active")
    assert defending(g)["damage"] == 30


# ---------------------------------------------------------------------------- Mew ex
MEW_EX = {"card": "ex12-88", "energy": ["Psychic Energy", "Water Energy", "Water Energy"]}


def test_versatile_uses_the_attacks_of_every_pokemon_in_play() -> None:
    # p2's Skitty's Jump On (CC, 10 + 20 on heads) and p1's Benched Spinda's Double-edge
    g = game({"active": MEW_EX, "bench": [{"card": SPINDA}]}, {"active": {"card": "ex12-64"}})
    names = {a.params.get("attack") for a in g.legal_actions("p1") if a.kind == "attack"}
    assert {"Jump On", "Important Errands", "Double-edge", "Whimsy Draw", "Power Move"} <= names
    act(g, "p1", "attack", coins=[HEADS], attack="Jump On")
    assert defending(g)["damage"] == 30
    # its cost is paid as usual: Wailord's Surf needs five Energy
    g = game({"active": MEW_EX}, {"active": WAILORD})
    names = {a.params.get("attack") for a in g.legal_actions("p1") if a.kind == "attack"}
    assert "Take Down" in names and "Surf" not in names
    # a Pokémon it does not see (in the hand) lends nothing
    g = game({"active": MEW_EX, "hand": ["ex12-64"]}, {"active": WAILORD})
    names = {a.params.get("attack") for a in g.legal_actions("p1") if a.kind == "attack"}
    assert "Jump On" not in names


def test_power_move_attaches_an_energy_then_may_switch() -> None:
    g = attack("ex12-88", "Power Move", p1={"deck": ["Fire Energy", "Potion"], "bench": [GOLEM]})
    assert pending(g)["options"] == ["Fire Energy", "nothing"]
    act(g, "p1", "choose", option=0)
    assert pending(g)["player"] == "p1"  # the switch
    act(g, "p1", "choose", option=0)
    p1 = players(g)["p1"]
    assert p1["active"]["card"] == "Golem" and "Fire Energy" in p1["bench"][0]["energy"]


# ---------------------------------------------------------------------------- Giant Stump
GIANT_STUMP = "ex12-75"


def test_giant_stump_trims_each_bench_to_3_its_player_first() -> None:
    five = [
        {"card": "ex12-53"},
        {"card": SPINDA},
        {"card": PINSIR},
        {"card": "ex12-42"},
        {"card": ABSOL},
    ]
    g = game(
        {"active": WAILORD, "bench": five, "hand": [GIANT_STUMP]},
        {"active": WAILORD, "bench": five[:4]},
    )
    act(g, "p1", "play_trainer", card=GIANT_STUMP)
    assert pending(g)["player"] == "p1"
    act(g, "p1", "choose", option=0)  # Geodude goes
    assert pending(g)["player"] == "p1"  # one more to go
    act(g, "p1", "choose", option=3)  # Absol (bench4 now)
    assert pending(g)["player"] == "p2"
    act(g, "p2", "choose", option=1)  # Spinda
    p1, p2 = players(g)["p1"], players(g)["p2"]
    assert [m["card"] for m in p1["bench"]] == ["Spinda", "Pinsir", "Roselia"]
    assert [m["card"] for m in p2["bench"]] == ["Geodude", "Pinsir", "Roselia"]
    assert "Absol" in p1["discard"] and "Spinda" in p2["discard"]
    check_invariants(g.state)
    # no Bench over 3: nothing is asked
    g = game({"active": WAILORD, "bench": five[:3], "hand": [GIANT_STUMP]}, {"active": WAILORD})
    act(g, "p1", "play_trainer", card=GIANT_STUMP)
    assert view(g).get("pending") is None


def test_giant_stump_keeps_a_fourth_pokemon_off_the_bench() -> None:
    three = [{"card": "ex12-53"}, {"card": SPINDA}, {"card": PINSIR}]
    stump = {"card": GIANT_STUMP, "owner": "p2"}
    g = game(
        {"active": WAILORD, "bench": three, "hand": ["ex12-42"]}, {"active": WAILORD}, stadium=stump
    )
    assert "bench" not in _offers(g)
    with pytest.raises(IllegalActionError) as raised:
        act(g, "p1", "bench", card="ex12-42")
    assert raised.value.refusal.rule == "ptcg.stadium.bench-limit"
    g = game({"active": WAILORD, "bench": three, "hand": ["ex12-42"]}, {"active": WAILORD})
    act(g, "p1", "bench", card="ex12-42")  # no Giant Stump: a fourth is fine
