"""Odds the rule text implies, checked from outside through `odds()` and `legal_actions`.

Written as an independent check (see `scenarios/e133/independent_check.yaml` for the
scenario half). The expected fractions are counted here from d20 faces, not taken from the
engine: Dash (endurance check), Hide (cover), Dodge (disadvantage on attacks, advantage on
Dexterity saves), Fast Enter or Exit Vehicle (DC 18, armour check penalty), Concentration.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from turnkeeper.core.game import Game
from turnkeeper.core.model import Action
from turnkeeper.dice.source import ForcedDice
from turnkeeper.rulesets.e133 import RULESET as R


def game(aria: dict[str, Any] | None = None, brute: dict[str, Any] | None = None) -> Game[Any]:
    return Game(R, {"combatants": [
        {"id": "aria", "initiative": 20, "speed": 30, **(aria or {})},
        {"id": "brute", "initiative": 15, "side": "foe", "speed": 30, **(brute or {})},
    ]}, seed=5)


def at_least(need: int) -> Fraction:
    """Chance that one d20 shows `need` or more."""
    return Fraction(sum(1 for face in range(1, 21) if face >= need), 20)


def text(f: Fraction) -> str:
    return f"{f.numerator}/{f.denominator}"


def next_round(g: Game[Any]) -> None:
    g.play(Action("end_turn", "aria"))
    g.play(Action("end_turn", "brute"))


def test_dash_endurance_odds_at_con_2_follow_dc_10_11_12() -> None:
    g = game({"con": 2})
    dash = Action("dash", "aria", {"distance": 60})
    for _ in range(2):  # Constitution 2: two rounds of dashing without a check
        assert R.odds(g.state, dash) is None
        g.play(dash)
        next_round(g)
    # Con 2 gives -4: DC 10 needs 14, DC 11 needs 15, DC 12 needs 16 on the die
    for dc, need in ((10, 14), (11, 15), (12, 16)):
        assert R.odds(g.state, dash) == {"success": text(at_least(need)),
                                         "check": f"d20-4 vs DC {dc}"}
        offered = [a for a in g.legal_actions("aria") if a.kind == "dash"]
        assert offered and all(a.odds == R.odds(g.state, dash) for a in offered)
        g.play(dash, dice=ForcedDice([need]))
        assert g.state.fighters["aria"].dash_checks == dc - 9
        next_round(g)
    assert text(at_least(14)) == "7/20" and text(at_least(15)) == "3/10"
    assert text(at_least(16)) == "1/4"


def test_cover_raises_the_ac_the_odds_are_worked_out_against() -> None:
    g = game({"attack_bonus": 5}, {"ac": 15})
    attack = Action("attack", "aria", {"target": "brute"})
    for cover, bonus in (("none", 0), ("quarter", 1), ("half", 2), ("three_quarters", 3)):
        g.play(Action("set_cover", "gm", {"target": "brute", "cover": cover}))
        need = 15 + bonus - 5
        assert R.odds(g.state, attack) == {"hit": text(at_least(need)),
                                           "check": f"d20+5 vs AC {15 + bonus}"}
    assert R.odds(g.state, attack) == {"hit": "2/5", "check": "d20+5 vs AC 18"}


def test_a_dodging_target_squares_the_chance_and_a_dodger_saves_with_advantage() -> None:
    g = game({"attack_bonus": 5}, {"ac": 15})
    g.play(Action("end_turn", "aria"))
    g.play(Action("dodge", "brute"))
    # the dodger's own Dexterity save: advantage, 1 - (miss chance)^2
    save = Action("dexterity_save", "brute", {"dc": 15})
    miss = 1 - at_least(15)
    assert R.odds(g.state, save) == {"success": text(1 - miss * miss),
                                     "check": "d20+0 vs DC 15 with advantage"}
    g.play(Action("end_turn", "brute"))
    attack = Action("attack", "aria", {"target": "brute"})
    hit = at_least(10)
    assert R.odds(g.state, attack) == {"hit": text(hit * hit),
                                       "check": "d20+5 vs AC 15 with disadvantage"}
    assert text(hit * hit) == "121/400"


def test_fast_enter_needs_18_after_the_armour_check_penalty() -> None:
    g = game({"armour": "medium", "armour_check_penalty": 2, "navigation": 1})
    enter = Action("enter_vehicle", "aria", {"fast": True, "vehicle_speed": 60})
    odds = R.odds(g.state, enter)
    # Navigation +1, penalty 2: the die must show 19 or 20
    assert odds == {"success": text(at_least(18 + 2 - 1)), "check": "d20-1 vs DC 18"}
    assert odds["success"] == "1/10"


def test_a_concentration_check_against_the_dc_of_the_threat() -> None:
    g = game({"concentration": 3})
    check = Action("concentration_check", "aria", {"dc": 15})
    assert R.check(g.state, check) is not None  # nothing under way to be disrupted
    g.play(Action("cast", "aria", {"spell": "hold", "concentration": True}))
    check = Action("concentration_check", "aria", {"dc": 15})
    assert R.odds(g.state, check) == {"success": text(at_least(12)),
                                      "check": "d20+3 vs DC 15"}
    g.play(check, dice=ForcedDice([11]))  # 14 < 15: the effort is lost
    assert g.state.fighters["aria"].concentrating is None


def test_the_view_keeps_the_latest_check_so_forced_dice_outcomes_can_be_stated() -> None:
    g = game({"attack_bonus": 5}, {"ac": 15})
    assert R.view(g.state)["last_check"] is None
    g.play(Action("set_cover", "gm", {"target": "brute", "cover": "half"}))
    g.play(Action("attack", "aria", {"target": "brute"}), dice=ForcedDice([11]))
    last = R.view(g.state)["last_check"]
    assert last is not None
    assert (last["total"], last["dc"], last["success"]) == (16, 17, False)
    next_round(g)
    g.play(Action("attack", "aria", {"target": "brute"}), dice=ForcedDice([12]))
    last = R.view(g.state)["last_check"]
    assert last is not None
    assert (last["total"], last["dc"], last["success"]) == (17, 17, True)
