"""The fight wired into the e133 ruleset: set-up errors, odds before rolling, and an encounter
played to its end through the public Game API (no game-master input)."""

from __future__ import annotations

import random
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
import yaml

from turnkeeper.core.game import Game
from turnkeeper.core.model import Action
from turnkeeper.core.ruleset import SetupError
from turnkeeper.rulesets import get_ruleset
from turnkeeper.rulesets.e133.plan import attack_odds
from turnkeeper.rulesets.e133.ruleset import E133Ruleset

R = get_ruleset("e133")
E133 = E133Ruleset()
EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "e133" / "ambush.yaml"


def duel(**extra: Any) -> dict[str, Any]:
    return {"combatants": [
        {"id": "aria", "initiative": 18, "attack_bonus": 5, "ac": 15, "max_hp": 20,
         "damage": "1d8+3 slashing", **extra},
        {"id": "brute", "initiative": 9, "side": "foes", "attack_bonus": 4, "ac": 26,
         "max_hp": 6},
    ]}


def test_natural_1_and_20_bound_the_attack_odds() -> None:
    # +5 against AC 26 only hits on a natural 20; +5 against AC 2 misses on a natural 1.
    assert attack_odds(5, 26, False, False)["hit"] == "1/20"
    assert attack_odds(5, 2, False, False)["hit"] == "19/20"
    assert attack_odds(5, 26, False, True)["hit"] == "1/400"


def test_an_offered_attack_shows_hit_crit_damage_and_drop_exactly() -> None:
    game = Game(R, duel())
    (offer,) = [a for a in game.legal_actions("aria") if a.kind == "attack"
                and a.params["mode"] == "melee"]
    odds = offer.odds
    assert odds is not None
    assert odds["hit"] == "1/20" and odds["critical"] == "1/20"
    # every hit is a crit: 2d8+3 from 5 to 19; the brute (6 HP) drops unless it is 5
    assert odds["damage_on_hit"]["5"] == "1/64"
    assert Fraction(odds["drop"]) == Fraction(1, 20) * (1 - Fraction(1, 64))
    assert sum(Fraction(p) for p in odds["damage_on_hit"].values()) == 1
    # the same odds through Game.odds (what check/resolve plan)
    assert E133.odds(game.state, offer) == dict(odds)


@pytest.mark.parametrize(("extra", "message"), [
    ({"damage": "1d8+3 slashng"}, "did you mean slashing"),
    ({"damage": "a lot"}, "combatants[0] (aria).damage"),
    ({"damage": {"melee": "1d8+3 slashing", "meele": "1d4 fire"}}, "did you mean melee"),
    ({"resistances": ["fier"]}, "fier"),
    ({"hp": 30}, "above max_hp"),
    ({"max_hp": None, "hp": 3}, "needs max_hp"),
    ({"temporary_hit_points": 3}, "did you mean temporary_hp"),
])
def test_bad_fight_set_up_is_named(extra: dict[str, Any], message: str) -> None:
    with pytest.raises(SetupError) as caught:
        Game(R, duel(**extra))
    assert message in str(caught.value)


def test_a_bad_drop_rule_setting_is_named() -> None:
    config = {**duel(), "settings": {"drop_rule": "down_is_out"}}
    with pytest.raises(SetupError) as caught:
        Game(R, config)
    assert "drop_rule" in str(caught.value)


def play_to_the_end(setup: dict[str, Any], seed: int, limit: int = 20_000) -> Game[Any]:
    """Seeded random choices among every legal action until the encounter is over."""
    game = Game(R, setup, seed=seed)
    chooser = random.Random(seed)
    for _ in range(limit):
        if game.is_over():
            return game
        offers = game.legal_actions().list()
        assert offers, "a live encounter always has a legal action"
        game.play(chooser.choice(offers))
    raise AssertionError(f"seed {seed}: not over after {limit} actions")


@pytest.mark.parametrize("seed", [0, 1, 2, 3, 4])
def test_the_example_plays_to_a_winner_with_no_game_master(seed: int) -> None:
    setup = yaml.safe_load(EXAMPLE.read_text())["setup"]
    game = play_to_the_end(setup, seed)
    outcome = game.outcome()
    assert outcome is not None and len(outcome.winners) == 1
    (winner,) = outcome.winners
    view = game.view()["combatants"]
    # the winners have someone up; every loser is down, dropped, stable, dead or out
    assert any(c["status"] == "up" for c in view.values() if c["side"] == winner)
    assert all(c["status"] != "up" for c in view.values() if c["side"] != winner)
    # no game-master command was played
    assert all(entry.action is None or entry.action.actor != "gm" for entry in game.log)


def test_a_hit_on_a_target_without_hit_points_changes_nothing() -> None:
    config = duel()
    del config["combatants"][1]["max_hp"]
    game = Game(R, config)
    events = game.play(Action("attack", "aria", {"target": "brute", "ac": 2}))
    assert "damage_dealt" not in [e.type for e in events]


def test_full_attack_and_charge_carry_the_attacks_odds_offered_and_asked() -> None:
    game = Game(R, duel(), seed=3)
    game.state.fighters["brute"].ac = 13
    game.state.version += 1
    offers = {a.kind: a for a in game.legal_actions("aria")
              if a.kind in ("attack", "full_attack", "charge") and a.params.get("mode", "melee")
              == "melee"}
    assert set(offers) == {"attack", "full_attack", "charge"}
    attack = offers["attack"].odds
    assert attack is not None and attack["hit"] == "13/20"  # 8..20 with +5 vs AC 13
    for kind in ("full_attack", "charge"):
        assert offers[kind].odds == attack
        assert offers[kind].cost == "full-round action"
        # asking the game gives the same odds: P(hit), P(crit), damage on a hit, P(drop)
        assert E133.odds(game.state, offers[kind]) == E133.odds(game.state, offers["attack"])
        assert Fraction(attack["drop"]) > 0


def test_an_encounter_can_end_by_flight() -> None:
    game = Game(R, duel(), seed=1)
    game.play(Action("end_turn", "aria"))
    assert game.outcome() is None
    game.play(Action("flee", "brute", {"distance": 60}))
    outcome = game.outcome()
    assert outcome is not None and outcome.winners == ("party",)
    assert game.legal_actions("aria").list() == []


def test_sim_reports_sides_and_rounds() -> None:
    from turnkeeper.sim import simulate

    config = yaml.safe_load(EXAMPLE.read_text())["setup"]
    report = simulate("e133", config, games=6, agents=["random"] * 3, seed=5)
    data = report.to_dict()
    assert data["sides"] == ["party", "raiders"]
    assert set(data["wins"]) == {"party", "raiders"}  # no seat names among the sides
    assert sum(row["wins"] for row in data["wins"].values()) + data["unfinished"] == 6
    assert data["mean_rounds"] is not None and data["mean_rounds"] >= 1
