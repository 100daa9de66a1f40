"""EX Unseen Forces (ex10) Babies and Stages of Evolution Pokémon (effect_data_ex10_babies.py,
the reusable Poké-Power Baby Evolution of baby.py): each attack, power and Poké-Body shown,
and both ways wherever it has a condition (the power refused without the card it needs, a
Stages of Evolution Body on a Basic Pokémon doing nothing)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.ptcg.board import HEADS, TAILS, act, check_invariants, game
from tests.ptcg.set_cards import WAILORD, attack, attacker, defending, pending, players
from turnkeeper.core.game import Game
from turnkeeper.core.model import IllegalActionError
from turnkeeper.rulesets.ptcg.baby import BabyEvolve, baby_evolution, is_baby
from turnkeeper.rulesets.ptcg.cards import bundled_cards
from turnkeeper.rulesets.ptcg.state import PtcgState

CHANSEY_EX = {"card": "ex1-96"}  # a Basic Pokémon-ex, 120 HP, Weakness Fighting
LOW_PRESSURE = {"card": "ex3-86", "owner": "p2"}

# (card, attack, coins, damage to Wailord, its Special Conditions afterwards)
PLAIN: list[tuple[str, str, list[int] | None, int, list[str]]] = [
    ("ex10-23", "Magnetic Trip", None, 20, []),  # Lightning: Weakness x2; no Low Pressure
    ("ex10-22", "Double Shock", [HEADS, TAILS], 20, ["paralyzed"]),
    ("ex10-22", "Double Shock", [HEADS, HEADS], 40, ["paralyzed"]),
    ("ex10-22", "Double Shock", [TAILS, TAILS], 0, []),
    ("ex10-24", "Heavy Punch", None, 0, []),  # the opponent has no Benched Pokémon
    ("ex10-24", "Speedy Uppercut", None, 50, []),
    ("ex10-25", "Mega Kick", None, 40, []),
    ("ex10-26", "Upward Kick", None, 20, []),  # no damage counters on Wailord yet
    ("ex10-26", "Spiral Kick", None, 50, []),
    ("ex10-28", "Freeze Light", [HEADS], 0, ["paralyzed"]),
    ("ex10-33", "Desperate Punch", None, 0, []),  # one Pokémon in play each
]


@pytest.mark.parametrize(("card", "name", "coins", "damage", "conditions"), PLAIN)
def test_attack_damage_and_conditions(
    card: str, name: str, coins: list[int] | None, damage: int, conditions: list[str]
) -> None:
    g = attack(card, name, coins)
    assert defending(g)["damage"] == damage
    assert sorted(defending(g)["conditions"]) == conditions


# ---------------------------------------------------------------- Baby Evolution


BABIES = [
    ("ex10-21", "ex10-53", "Clefairy"),
    ("ex10-23", "ex10-22", "Electabuzz"),
    ("ex10-31", "ex10-28", "Jynx"),
    ("ex10-33", "ex10-25", "Hitmonlee"),
]


@pytest.mark.parametrize(("baby", "into", "name"), BABIES)
def test_baby_evolution_puts_the_named_card_on_and_removes_the_counters(
    baby: str, into: str, name: str
) -> None:
    mon = {"card": baby, "damage": 20}
    g = game({"active": mon, "hand": [into, "Water Energy"]}, {"active": WAILORD})
    act(g, "p1", "use_power", power="Baby Evolution", pokemon="active")
    active = players(g)["p1"]["active"]
    assert active["id"] == into and active["damage"] == 0
    assert [g.state.card(c).name for c in g.state.sides[0].hand] == ["Water Energy"]
    check_invariants(g.state)


@pytest.mark.parametrize(("baby", "into", "name"), BABIES)
def test_baby_evolution_is_refused_without_the_card_in_the_hand(
    baby: str, into: str, name: str
) -> None:
    g = game({"active": baby, "hand": ["ex10-67"]}, {"active": WAILORD})  # a Poliwag only
    with pytest.raises(IllegalActionError, match=rf"no .*{name}.*ptcg\.power\.requirement"):
        act(g, "p1", "use_power", power="Baby Evolution", pokemon="active")


def test_baby_evolution_works_from_the_bench_and_once_a_turn() -> None:
    g = game(
        {"active": WAILORD, "bench": [{"card": "ex10-21", "damage": 10}], "hand": ["ex10-53"]},
        {"active": WAILORD},
    )
    act(g, "p1", "use_power", power="Baby Evolution", pokemon="bench1")
    bench = players(g)["p1"]["bench"][0]
    assert bench["id"] == "ex10-53" and bench["damage"] == 0


def test_baby_evolution_is_refused_under_a_special_condition() -> None:
    mon = {"card": "ex10-23", "conditions": ["asleep"]}
    g = game({"active": mon, "hand": ["ex10-22"]}, {"active": WAILORD})
    with pytest.raises(IllegalActionError, match=r"ptcg\.power\.condition"):
        act(g, "p1", "use_power", power="Baby Evolution", pokemon="active")


def test_tyrogue_asks_which_hitmon_when_the_hand_holds_several() -> None:
    hand = ["ex10-24", "ex10-26", "ex10-24"]  # Hitmonchan twice, Hitmontop
    g = game({"active": {"card": "ex10-33", "damage": 30}, "hand": hand}, {"active": WAILORD})
    act(g, "p1", "use_power", power="Baby Evolution", pokemon="active")
    asked = pending(g)
    assert asked["options"] == ["Hitmonchan", "Hitmontop"]  # one option per name, in order
    act(g, "p1", "choose", option=1)
    active = players(g)["p1"]["active"]
    assert active["id"] == "ex10-26" and active["damage"] == 0
    check_invariants(g.state)


def test_tyrogue_with_one_hitmon_in_the_hand_is_not_asked() -> None:
    g = game({"active": "ex10-33", "hand": ["ex10-24"]}, {"active": WAILORD})
    act(g, "p1", "use_power", power="Baby Evolution", pokemon="active")
    assert players(g)["p1"]["active"]["id"] == "ex10-24"
    assert g.state.phase == "main"


def test_baby_helpers_name_the_babies_and_describe_the_power() -> None:
    cards = bundled_cards()
    assert is_baby(cards["ex10-21"]) and is_baby(cards["ex7-24"])
    assert not is_baby(cards["ex10-53"])
    summary, steps, _ = baby_evolution("Magmar")
    assert steps == (BabyEvolve(("Magmar",)),)
    assert "Magmar" in summary


# ---------------------------------------------------------------- the Babies' attacks


def test_magnetic_trip_confuses_only_with_low_pressure_system_in_play() -> None:
    g = game(
        {"active": attacker("ex10-23", "Magnetic Trip")},
        {"active": WAILORD},
        stadium=LOW_PRESSURE,
    )
    act(g, "p1", "attack", attack="Magnetic Trip")
    assert defending(g)["conditions"] == ["confused"]


def test_eeeeeeek_shuffles_the_hand_into_the_deck_and_draws_6() -> None:
    g = attack("ex10-21", "Eeeeeeek", p1={"hand": ["ex10-53", "ex10-67"]})
    p1 = g.state.sides[0]
    assert len(p1.hand) == 6
    assert defending(g)["damage"] == 0


def test_blown_kiss_puts_a_counter_on_the_picked_pokemon() -> None:
    g = attack("ex10-31", "Blown Kiss", p2={"bench": ["ex10-67"]}, target="bench1")
    assert players(g)["p2"]["bench"][0]["damage"] == 10
    assert defending(g)["damage"] == 0
    g = attack("ex10-31", "Blown Kiss", target="active")
    assert defending(g)["damage"] == 10


def test_desperate_punch_counts_the_opponents_extra_pokemon() -> None:
    bench = ["ex10-67", "ex10-67"]
    g = attack("ex10-33", "Desperate Punch", p2={"bench": bench})
    assert defending(g)["damage"] == 20
    g = attack("ex10-33", "Desperate Punch", p1={"bench": bench}, p2={"bench": bench})
    assert defending(g)["damage"] == 0
    g = attack("ex10-33", "Desperate Punch", p1={"bench": bench * 2}, p2={"bench": bench})
    assert defending(g)["damage"] == 0  # fewer, not a negative count


# ---------------------------------------------------------------- Stages of Evolution attacks


def test_luster_blast_discards_3_energy() -> None:
    mon = {"energy": ["Lightning Energy"] * 4}
    g = attack("ex10-22", "Luster Blast", mon=mon, defender=CHANSEY_EX)
    assert defending(g)["damage"] == 70
    assert players(g)["p1"]["active"]["energy"] == ["Lightning Energy"]


def test_heavy_punch_is_10_per_benched_pokemon_of_the_opponent() -> None:
    g = attack("ex10-24", "Heavy Punch", p2={"bench": ["ex10-67"] * 3})
    assert defending(g)["damage"] == 30


def test_speedy_uppercut_ignores_weakness_and_effects_on_the_defending_pokemon() -> None:
    g = attack("ex10-24", "Speedy Uppercut", defender=CHANSEY_EX)  # weak to Fighting
    assert defending(g)["damage"] == 50
    g = attack("ex10-24", "Heavy Punch", defender=CHANSEY_EX, p2={"bench": ["ex10-67"]})
    assert defending(g)["damage"] == 20  # Heavy Punch: Weakness applies


def test_stretch_kick_hits_a_benched_pokemon_only() -> None:
    g = attack("ex10-25", "Stretch Kick", p2={"bench": ["ex10-67"]}, target="bench1")
    assert players(g)["p2"]["bench"][0]["damage"] == 10
    assert defending(g)["damage"] == 0
    g = attack("ex10-25", "Stretch Kick")  # no Bench: used, nothing happens
    assert defending(g)["damage"] == 0


def test_upward_kick_does_30_more_with_2_counters_on_the_defending_pokemon() -> None:
    g = attack("ex10-26", "Upward Kick", defender={**WAILORD, "damage": 20})
    assert defending(g)["damage"] == 20 + 50
    g = attack("ex10-26", "Upward Kick", defender={**WAILORD, "damage": 10})
    assert defending(g)["damage"] == 10 + 20


def test_freeze_light_burns_on_tails() -> None:
    g = attack("ex10-28", "Freeze Light", [TAILS, HEADS])  # the Burn coin between turns: heads
    assert defending(g)["conditions"] == ["burned"]


def test_pure_power_spreads_4_counters_as_the_player_picks() -> None:
    g = attack("ex10-28", "Pure Power", p2={"bench": ["ex10-67"]})
    for option in (0, 1, 1, 0):  # Active, bench1, bench1, Active
        act(g, "p1", "choose", option=option)
    assert defending(g)["damage"] == 20
    assert players(g)["p2"]["bench"][0]["damage"] == 20
    check_invariants(g.state)


# ---------------------------------------------------------------- Stages of Evolution Bodies

# the Baby each Stages of Evolution Pokémon grows from
BABY_OF = {
    "ex10-22": "ex10-23",
    "ex10-24": "ex10-33",
    "ex10-25": "ex10-33",
    "ex10-26": "ex10-33",
    "ex10-28": "ex10-31",
}
# a Fighting attacker doing 40 (Hitmonlee's Mega Kick) with a special Energy attached
RAINBOW_KICKER = {"card": "ex10-25", "energy": ["Fighting Energy", "Water Energy", "ex1-95"]}
KICKER = {"card": "ex10-25", "energy": ["Fighting Energy"] * 3}


def _defending(card: str, evolved: bool, attacker_: dict[str, Any], **more: Any) -> Game[PtcgState]:
    """p1's ``attacker_`` against ``card`` as p2's Active: Basic, or (``evolved``) put onto
    its Baby by Baby Evolution in p2's last turn. p1 is to play."""
    damage = more.pop("damage", 0)
    if not evolved:
        return game({"active": attacker_}, {"active": {"card": card, "damage": damage}, **more})
    baby = {"card": BABY_OF[card]}
    g = game({"active": attacker_}, {"active": baby, "hand": [card], **more}, current="p2")
    act(g, "p2", "use_power", power="Baby Evolution", pokemon="active")
    evolved_mon = g.state.sides[1].active
    assert evolved_mon is not None and len(evolved_mon.stack) == 2
    evolved_mon.damage = damage  # the damage the test starts from (a Baby holds less HP)
    act(g, "p2", "end_turn")
    return g


def _own(card: str, evolved: bool, **mon: Any) -> Game[PtcgState]:
    """``card`` as p1's Active (Evolved by Baby Evolution this turn when ``evolved``)."""
    if not evolved:
        return game({"active": {"card": card, **mon}}, {"active": WAILORD})
    g = game({"active": {"card": BABY_OF[card], **mon}, "hand": [card]}, {"active": WAILORD})
    act(g, "p1", "use_power", power="Baby Evolution", pokemon="active")
    return g


def _kick(g: Game[PtcgState], name: str = "Mega Kick", **params: Any) -> dict[str, Any]:
    act(g, "p1", "attack", attack=name, **params)
    check_invariants(g.state)
    return defending(g)


def _knocked_out(g: Game[PtcgState], card: str) -> bool:
    """p1's Mega Kick Knocks p2's Active ``card`` Out (it is in their discard pile then)."""
    act(g, "p1", "attack", attack="Mega Kick")
    check_invariants(g.state)
    return card in [g.state.cards[c] for c in g.state.sides[1].discard]


def test_electabuzz_evolved_takes_40_less_from_an_attacker_with_special_energy() -> None:
    # Electabuzz is weak to Fighting: 40 x 2 = 80, then 40 less
    assert _kick(_defending("ex10-22", True, RAINBOW_KICKER))["damage"] == 40
    # a Basic Electabuzz (70 HP) takes the 80 and is Knocked Out; so is an Evolved one
    # against an attacker without a special Energy card
    bench = ["ex10-53"]
    assert _knocked_out(_defending("ex10-22", False, RAINBOW_KICKER, bench=bench), "ex10-22")
    assert _knocked_out(_defending("ex10-22", True, KICKER, bench=bench), "ex10-22")


def test_hitmonchan_evolved_has_30_more_hp() -> None:
    assert players(_own("ex10-24", True))["p1"]["active"]["hp"] == 100
    assert players(_own("ex10-24", False))["p1"]["active"]["hp"] == 70
    # 50 damage and Mega Kick's 40: an Evolved Hitmonchan stays in play, a Basic one is out
    g = _defending("ex10-24", True, KICKER, damage=50, bench=["ex10-53"])
    assert _kick(g)["damage"] == 90
    g = _defending("ex10-24", False, KICKER, damage=50, bench=["ex10-53"])
    assert _knocked_out(g, "ex10-24")


def test_hitmonlee_evolved_does_20_more_to_the_opponents_pokemon() -> None:
    g = _own("ex10-25", True, energy=["Fighting Energy"] * 3)
    assert _kick(g)["damage"] == 60
    g = _own("ex10-25", False, energy=["Fighting Energy"] * 3)
    assert _kick(g)["damage"] == 40
    g = game(
        {"active": {"card": "ex10-33", "energy": ["Fighting Energy"]}, "hand": ["ex10-25"]},
        {"active": WAILORD, "bench": ["ex10-53"]},
    )
    act(g, "p1", "use_power", power="Baby Evolution", pokemon="active")
    _kick(g, "Stretch Kick", target="bench1")  # a Benched Pokémon gets the 20 too
    assert players(g)["p2"]["bench"][0]["damage"] == 30


def test_hitmontop_evolved_and_active_strikes_back_with_2_counters() -> None:
    g = _defending("ex10-26", True, KICKER)
    _kick(g)
    assert players(g)["p1"]["active"]["damage"] == 20
    g = _defending("ex10-26", True, KICKER, damage=40, bench=["ex10-53"])
    _kick(g)  # Knocked Out: it strikes back all the same
    assert players(g)["p1"]["active"]["damage"] == 20
    g = _defending("ex10-26", False, KICKER)
    _kick(g)
    assert players(g)["p1"]["active"]["damage"] == 0


def test_jynx_evolved_keeps_the_effects_of_attacks_off() -> None:
    g = _defending("ex10-28", True, attacker("ex10-28", "Freeze Light"))
    act(g, "p1", "attack", coins=[HEADS], attack="Freeze Light")
    assert defending(g)["conditions"] == []
    g = _defending("ex10-28", False, attacker("ex10-28", "Freeze Light"))
    act(g, "p1", "attack", coins=[HEADS], attack="Freeze Light")
    assert defending(g)["conditions"] == ["paralyzed"]


def test_jynx_evolved_takes_no_weakness_damage_from_a_metal_attacker() -> None:
    beldum = {"card": "ex5-28", "energy": ["Metal Energy"]}  # Tackle: 10, Jynx weak to Metal
    assert _kick(_defending("ex10-28", True, beldum), "Tackle")["damage"] == 10
    assert _kick(_defending("ex10-28", False, beldum), "Tackle")["damage"] == 20
