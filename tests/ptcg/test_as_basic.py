"""A Stage 1 Fossil Pokémon put into play as a Basic (Strange Cave ex12-77 and the Influence
attacks: their cards say to treat it as a Basic) counts as a Basic for every effect that asks
(``PtcgState.stage_in_play``): Shining Horn, Pattern Distraction, Rear Sensor. The same card
evolved from its Fossil stays a Stage 1 that those effects leave alone."""

from __future__ import annotations

from typing import Any

import pytest

from tests.ptcg.board import TAILS, act, check_invariants, game
from tests.ptcg.set_cards import WAILORD, attacker, defending, players
from turnkeeper.core.game import Game
from turnkeeper.core.model import IllegalActionError
from turnkeeper.rulesets.ptcg.state import Mon, PtcgState

STRANGE_CAVE = "ex12-77"
SKITTY = "ex12-64"  # a Basic, Retreat Cost 1
AERODACTYL = "ex12-1"  # Stage 1 (from Mysterious Fossil), Power Blow for one Colorless
AERODACTYL_DELTA = "ex13-35"  # Stage 1 (from Mysterious Fossil), Poké-Power Primal Light
KABUTO = "ex12-36"  # Stage 1 (from Mysterious Fossil)
PINSIR = "ex12-24"  # Shining Horn
SPINDA = "ex12-26"  # Pattern Distraction
GIRAFARIG = "ex12-16"  # Rear Sensor


def _cave_active(card: str, p2: dict[str, Any], deck: list[str] | None = None) -> Any:
    """p1 benches ``card`` from the hand through Strange Cave, retreats Skitty for it and
    attaches a Water Energy to it: a lone Stage 1 card Active, played as a Basic."""
    p1: dict[str, Any] = {
        "active": {"card": SKITTY, "energy": ["Water Energy"]},
        "hand": [card, "Water Energy"],
    }
    if deck is not None:
        p1["deck"] = deck
    g = game(p1, p2, stadium={"card": STRANGE_CAVE, "owner": "p1"})
    act(g, "p1", "use_stadium")
    act(g, "p1", "choose", option=0)
    act(g, "p1", "retreat", target="bench1", discard=["Water Energy"])
    act(g, "p1", "attach", card="Water Energy", target="active")
    return g


def _active(g: Game[PtcgState]) -> Mon:
    mon = g.state.sides[0].active
    assert mon is not None
    return mon


def test_a_stage_1_played_as_a_basic_counts_as_a_basic_in_play() -> None:
    g = _cave_active(AERODACTYL, {"active": WAILORD})
    mon = _active(g)
    assert g.state.top(mon).stage == "stage1"  # the card's printed stage
    assert g.state.stage_in_play(mon) == "basic" and g.state.is_basic(mon)
    check_invariants(g.state)
    # every seat's view shows both: the printed stage and what it counts as
    shown = g.view("p2")["players"]["p1"]["active"]
    assert (shown["stage"], shown["counts_as_stage"]) == ("stage1", "basic")
    # the same card evolved from its Fossil is a Stage 1
    g = game({"active": attacker(KABUTO, "Granite Head")}, {"active": WAILORD})
    mon = _active(g)
    assert g.state.stage_in_play(mon) == "stage1" and not g.state.is_basic(mon)
    shown = g.view("p2")["players"]["p1"]["active"]
    assert shown["stage"] == "stage1" and "counts_as_stage" not in shown


def test_shining_horn_stops_a_stage_1_played_as_a_basic() -> None:
    g = _cave_active(AERODACTYL, {"active": {"card": PINSIR}})
    with pytest.raises(IllegalActionError, match="Shining Horn") as raised:
        act(g, "p1", "attack", attack="Power Blow")
    assert raised.value.refusal.rule == "ptcg.attack.body"


def test_shining_horn_lets_the_stage_1_evolved_from_its_fossil_attack() -> None:
    g = game({"active": attacker(KABUTO, "Granite Head")}, {"active": {"card": PINSIR}})
    act(g, "p1", "attack", attack="Granite Head")
    assert defending(g)["damage"] == 20


def test_pattern_distraction_flips_for_a_stage_1_played_as_a_basic() -> None:
    g = _cave_active(AERODACTYL, {"active": {"card": SPINDA}})
    act(g, "p1", "attack", coins=[TAILS], attack="Power Blow")
    assert defending(g)["damage"] == 0  # tails: Power Blow does nothing


def test_pattern_distraction_flips_no_coin_for_the_stage_1_evolved_from_its_fossil() -> None:
    g = game({"active": attacker(KABUTO, "Granite Head")}, {"active": {"card": SPINDA}})
    act(g, "p1", "attack", coins=[], attack="Granite Head")  # no coin to flip
    assert defending(g)["damage"] == 40  # Spinda is weak to Fighting


def test_rear_sensor_stops_the_power_of_a_stage_1_played_as_a_basic() -> None:
    g = _cave_active(
        AERODACTYL_DELTA, {"active": WAILORD, "bench": [{"card": GIRAFARIG}]}, ["Fire Energy"]
    )
    with pytest.raises(IllegalActionError, match="Rear Sensor") as raised:
        act(g, "p1", "use_power", pokemon="active", power="Primal Light")
    assert raised.value.refusal.rule == "ptcg.power.body"


def test_rear_sensor_leaves_the_stage_1_evolved_from_its_fossil_its_power() -> None:
    g = game(
        {
            "active": {"card": AERODACTYL_DELTA, "under": ["Mysterious Fossil"]},
            "deck": ["Fire Energy"],
        },
        {"active": WAILORD, "bench": [{"card": GIRAFARIG}]},
    )
    act(g, "p1", "use_power", pokemon="active", power="Primal Light")
    act(g, "p1", "choose", option=0)
    assert players(g)["p1"]["hand"] == ["Fire Energy"]


def test_rely_on_friends_leaves_out_a_benched_stage_1_played_as_a_basic() -> None:
    # Wailord's Rely on Friends (ex12-14): 40, and 10 more per Benched Stage 1 Pokémon
    wailord = attacker("ex12-14", "Rely on Friends", under=["Wailmer"])
    g = game(
        {"active": wailord, "hand": [KABUTO]},
        {"active": WAILORD},
        stadium={"card": STRANGE_CAVE, "owner": "p1"},
    )
    act(g, "p1", "use_stadium")
    act(g, "p1", "choose", option=0)  # Kabuto onto the Bench, as a Basic
    act(g, "p1", "attack", attack="Rely on Friends")
    assert defending(g)["damage"] == 40
    # the same Kabuto evolved from its Fossil is a Stage 1: 10 more
    evolved = {"card": KABUTO, "under": ["Mysterious Fossil"]}
    g = game({"active": wailord, "bench": [evolved]}, {"active": WAILORD})
    act(g, "p1", "attack", attack="Rely on Friends")
    assert defending(g)["damage"] == 50
