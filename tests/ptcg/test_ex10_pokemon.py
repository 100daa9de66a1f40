"""EX Unseen Forces (ex10) Pokémon of effect_data_ex10_pokemon.py (Murkrow, Aipom, Miltank,
Shuckle, Smeargle, Gligar, Poliwhirl): each attack, power and Poké-Body shown, both ways
wherever it has a condition."""

from __future__ import annotations

import pytest

from tests.ptcg.board import HEADS, TAILS, act, check_invariants, game
from tests.ptcg.set_cards import WAILORD, attack, defending, pending, players
from turnkeeper.core.model import IllegalActionError
from turnkeeper.rulesets.ptcg import exhaust
from turnkeeper.rulesets.ptcg.board import retreat_cost

CHANSEY_EX = {"card": "ex1-96"}  # a Basic Pokémon-ex, 120 HP
MILTANK = {"card": "ex10-42"}
SHUCKLE = {"card": "ex10-47"}

# (card, attack, coins, damage to Wailord, its Special Conditions afterwards)
PLAIN: list[tuple[str, str, list[int] | None, int, list[str]]] = [
    ("ex10-30", "Plunder", None, 20, []),
    ("ex10-34", "Snap Tail", None, 10, []),  # the Active picked by default
    ("ex10-42", "Body Slam", [HEADS], 20, ["paralyzed"]),
    ("ex10-42", "Body Slam", [TAILS], 20, []),
    ("ex10-47", "Toxic", None, 20, ["poisoned"]),  # 2 Poison counters between turns
    ("ex10-48", "Split Spiral Punch", [HEADS], 10, ["confused"]),
    ("ex10-48", "Split Spiral Punch", [TAILS], 10, []),
    ("ex10-57", "Toxic Grip", None, 10 + 10, ["poisoned"]),  # the usual Poison counter
    ("ex10-68", "Energy Ball", None, 30, []),  # no Energy beyond the cost
]


@pytest.mark.parametrize(("card", "name", "coins", "damage", "conditions"), PLAIN)
def test_attack_damage_and_conditions(
    card: str, name: str, coins: list[int] | None, damage: int, conditions: list[str]
) -> None:
    g = attack(card, name, coins)
    assert defending(g)["damage"] == damage
    assert sorted(defending(g)["conditions"]) == conditions


def test_night_song_switches_in_the_picked_benched_pokemon_asleep() -> None:
    g = attack("ex10-30", "Night Song", p2={"bench": ["ex10-67", "ex10-53"]})
    assert pending(g)["options"] == ["Poliwag (bench1)", "Clefairy (bench2)"]
    act(g, "p1", "choose", coins=[TAILS], option=1)  # the Sleep coin between turns: tails
    p2 = players(g)["p2"]
    assert p2["active"]["id"] == "ex10-53" and p2["active"]["conditions"] == ["asleep"]
    assert [m["id"] for m in p2["bench"]] == ["ex10-67", "ex1-14"]
    assert all(m["conditions"] == [] for m in p2["bench"])
    check_invariants(g.state)


def test_night_song_without_a_bench_does_nothing() -> None:
    g = attack("ex10-30", "Night Song")
    assert defending(g)["conditions"] == [] and defending(g)["id"] == "ex1-14"


def test_plunder_discards_the_defending_pokemons_tool_first() -> None:
    g = attack("ex10-30", "Plunder", defender={**WAILORD, "tool": "ex1-85"})
    assert defending(g)["tool"] in (None, "")
    assert "ex1-85" in [g.state.cards[c] for c in g.state.sides[1].discard]
    assert defending(g)["damage"] == 20


def test_snap_tail_hits_a_benched_pokemon_for_10() -> None:
    g = attack("ex10-34", "Snap Tail", p2={"bench": ["ex10-67"]}, target="bench1")
    assert players(g)["p2"]["bench"][0]["damage"] == 10
    assert defending(g)["damage"] == 0


# ---------------------------------------------------------------- Aipom's Snappy Move

AIPOM = {"card": "ex10-34", "energy": ["Water Energy"], "tool": "ex1-85", "damage": 10}


def test_snappy_move_draws_then_puts_aipom_on_the_bottom_of_the_deck() -> None:
    g = game(
        {"active": WAILORD, "bench": [AIPOM], "deck": ["ex10-53", "ex10-67"]}, {"active": WAILORD}
    )
    act(g, "p1", "use_power", power="Snappy Move", pokemon="bench1")
    s = g.state
    side = s.sides[0]
    assert [s.cards[c] for c in side.hand] == ["ex10-53"]  # the top card drawn
    assert [s.cards[c] for c in side.deck] == ["ex10-67", "ex10-34"]  # Aipom at the bottom
    assert sorted(s.card(c).name for c in side.discard) == ["Oran Berry", "Water Energy"]
    assert side.bench == []
    check_invariants(s)


def test_snappy_move_is_refused_from_the_active_spot_and_twice_a_turn() -> None:
    g = game({"active": AIPOM, "bench": [WAILORD]}, {"active": WAILORD})
    with pytest.raises(IllegalActionError, match=r"Bench.*ptcg\.power\.requirement"):
        act(g, "p1", "use_power", power="Snappy Move", pokemon="active")
    g = game({"active": WAILORD, "bench": [AIPOM, AIPOM]}, {"active": WAILORD})
    act(g, "p1", "use_power", power="Snappy Move", pokemon="bench1")
    with pytest.raises(IllegalActionError, match=r"already.*ptcg\.power\.requirement"):
        act(g, "p1", "use_power", power="Snappy Move", pokemon="bench1")


# ---------------------------------------------------------------- Miltank


def test_healing_milk_heals_2_counters_per_heads_from_the_picked_pokemon() -> None:
    p1 = {"bench": [{"card": "ex10-67", "damage": 30}]}
    g = attack("ex10-42", "Healing Milk", [HEADS, HEADS], p1=p1, mon={"damage": 30})
    act(g, "p1", "choose", option=0)  # the Active
    act(g, "p1", "choose", option=1)  # the Benched Poliwag
    assert players(g)["p1"]["active"]["damage"] == 10
    assert players(g)["p1"]["bench"][0]["damage"] == 10
    g = attack("ex10-42", "Healing Milk", [TAILS, TAILS], p1=p1, mon={"damage": 30})
    assert players(g)["p1"]["active"]["damage"] == 30 and g.state.phase != "choice"


def test_thick_fat_takes_30_off_fire_and_water_attacks_only() -> None:
    assert defending(attack("ex10-54", "Fireworks", [HEADS], defender=MILTANK))["damage"] == 0
    assert defending(attack("ex10-56", "Thunder", defender=MILTANK))["damage"] == 50


def test_extra_tight_prevents_the_damage_of_pokemon_ex_only() -> None:
    g = attack("ex1-96", "Double-edge", defender=SHUCKLE)
    assert defending(g)["damage"] == 0
    g = attack("ex10-56", "Thunder", defender=SHUCKLE)
    assert defending(g)["damage"] == 50


# ---------------------------------------------------------------- Smeargle's Makeover


def test_makeover_swaps_a_basic_energy_for_another_from_the_discard_pile() -> None:
    p1 = {
        "active": {"card": "ex10-48"},
        "bench": [{"card": "ex10-67", "energy": ["Fire Energy"]}],
        "discard": ["Fire Energy", "Grass Energy"],
    }
    g = game(p1, {"active": WAILORD})
    act(g, "p1", "use_power", power="Makeover", pokemon="active")
    assert pending(g)["options"] == ["Fire Energy from Poliwag (bench1)"]
    act(g, "p1", "choose", option=0)
    # the card just discarded is not offered; the other Fire Energy and the Grass are
    assert pending(g)["options"] == ["Fire Energy", "Grass Energy"]
    act(g, "p1", "choose", option=1)
    assert players(g)["p1"]["bench"][0]["energy"] == ["Grass Energy"]
    assert sorted(g.state.card(c).name for c in g.state.sides[0].discard) == [
        "Fire Energy",
        "Fire Energy",
    ]
    check_invariants(g.state)


def test_makeover_needs_a_basic_energy_on_a_pokemon_that_is_not_ex() -> None:
    p1 = {
        "active": {"card": "ex10-48"},
        "bench": [{"card": "ex1-96", "energy": ["Fire Energy"]}],
        "discard": ["Grass Energy"],
    }
    g = game(p1, {"active": WAILORD})
    with pytest.raises(IllegalActionError, match=r"ptcg\.power\.requirement"):
        act(g, "p1", "use_power", power="Makeover", pokemon="active")


def test_makeover_with_nothing_else_in_the_discard_pile_only_discards() -> None:
    p1 = {"active": {"card": "ex10-48", "energy": ["Water Energy"]}}
    g = game(p1, {"active": WAILORD})
    act(g, "p1", "use_power", power="Makeover", pokemon="active")
    act(g, "p1", "choose", option=0)  # the one pair; then nothing to attach: no question
    assert g.state.phase == "main"
    assert players(g)["p1"]["active"]["energy"] == []


# ---------------------------------------------------------------- Gligar, Poliwhirl


def test_free_flight_retreat_cost_is_0_without_energy_only() -> None:
    g = game({"active": {"card": "ex10-57"}, "bench": [WAILORD]}, {"active": WAILORD})
    mon = g.state.sides[0].active
    assert mon is not None and retreat_cost(g.state, mon) == 0
    act(g, "p1", "retreat", target="bench1")
    assert players(g)["p1"]["active"]["id"] == "ex1-14"
    g = game(
        {"active": {"card": "ex10-57", "energy": ["Fighting Energy"]}, "bench": [WAILORD]},
        {"active": WAILORD},
    )
    mon = g.state.sides[0].active
    assert mon is not None and retreat_cost(g.state, mon) == 1


def test_energy_ball_adds_10_per_extra_energy_up_to_20() -> None:
    more = {"energy": ["Water Energy"] * 3}
    assert defending(attack("ex10-68", "Energy Ball", mon=more))["damage"] == 40
    more = {"energy": ["Water Energy"] * 5}
    assert defending(attack("ex10-68", "Energy Ball", mon=more))["damage"] == 50


# ---------------------------------------------------------------- Eevee's Energy Evolution

EEVEE_DECK = ["ex10-19", "ex10-5", "Water Energy"]  # Vaporeon (Water), Flareon (Fire)


def test_energy_evolution_offers_the_evolution_of_the_attached_energys_type() -> None:
    g = game(
        {"active": "ex10-55", "hand": ["Fire Energy"], "deck": EEVEE_DECK}, {"active": WAILORD}
    )
    act(g, "p1", "attach", card="Fire Energy", target="active")
    assert pending(g)["options"] == ["Flareon", "nothing"]
    act(g, "p1", "choose", option=0)
    active = players(g)["p1"]["active"]
    assert active["id"] == "ex10-5" and active["energy"] == ["Fire Energy"]
    assert sorted(g.state.card(c).name for c in g.state.sides[0].deck) == [
        "Vaporeon",
        "Water Energy",
    ]
    assert g.state.phase == "main"
    check_invariants(g.state)


def test_energy_evolution_may_be_declined() -> None:
    g = game(
        {"active": "ex10-55", "hand": ["Water Energy"], "deck": EEVEE_DECK}, {"active": WAILORD}
    )
    act(g, "p1", "attach", card="Water Energy", target="active")
    assert pending(g)["options"] == ["Vaporeon", "nothing"]
    act(g, "p1", "choose", option=1)
    assert players(g)["p1"]["active"]["id"] == "ex10-55"


def test_energy_evolution_asks_nothing_without_a_matching_card_or_under_a_condition() -> None:
    g = game(
        {"active": "ex10-55", "hand": ["Grass Energy"], "deck": EEVEE_DECK}, {"active": WAILORD}
    )
    act(g, "p1", "attach", card="Grass Energy", target="active")  # no Grass evolution
    assert g.state.phase == "main" and players(g)["p1"]["active"]["id"] == "ex10-55"
    eevee = {"card": "ex10-55", "conditions": ["confused"]}
    g = game({"active": eevee, "hand": ["Fire Energy"], "deck": EEVEE_DECK}, {"active": WAILORD})
    act(g, "p1", "attach", card="Fire Energy", target="active")  # a Poké-Power: not Confused
    assert g.state.phase == "main" and players(g)["p1"]["active"]["id"] == "ex10-55"


def test_energy_evolution_is_refused_as_an_action() -> None:
    g = game({"active": "ex10-55", "deck": EEVEE_DECK}, {"active": WAILORD})
    with pytest.raises(IllegalActionError, match=r"attached.*ptcg\.power\.requirement"):
        act(g, "p1", "use_power", power="Energy Evolution", pokemon="active")


def test_the_exhaustive_runner_counts_snappy_move_though_aipom_left_play() -> None:
    g = game({"active": WAILORD, "bench": [AIPOM]}, {"active": WAILORD})
    events = act(g, "p1", "use_power", power="Snappy Move", pokemon="bench1")
    report = exhaust.Report()
    exhaust._note_events(g.state, events, report, "p1")
    assert "ex10-34 Poké-Power Snappy Move" in report.effects
