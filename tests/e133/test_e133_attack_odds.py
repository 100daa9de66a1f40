"""Attack offers carry the set-up's attack bonus and AC and the exact chance to hit.

The fractions are also worked out here by counting d20 faces, independently of the dice
layer, and resolving the offered action must roll exactly the check the odds describe.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
import yaml

from turnkeeper.core.game import Game
from turnkeeper.core.model import Action, Event
from turnkeeper.core.ruleset import SetupError
from turnkeeper.dice.source import ForcedDice
from turnkeeper.rulesets.e133 import RULESET

R = RULESET
EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "e133" / "ambush.yaml"


def duel(hero: dict[str, Any] | None = None, orc: dict[str, Any] | None = None,
         orc_first: bool = False) -> Game[Any]:
    """A hero (+5 to hit) against an orc (AC 15); the hero acts first unless ``orc_first``."""
    return Game(R, {"combatants": [
        {"id": "hero", "initiative": 10 if orc_first else 18, "attack_bonus": 5, "ac": 13,
         **(hero or {})},
        {"id": "orc", "side": "foes", "initiative": 14, "ac": 15, "attack_bonus": 4,
         **(orc or {})},
    ]}, seed=3)


def offers(game: Game[Any], actor: str, kind: str) -> list[Action]:
    return [a for a in game.legal_actions(actor) if a.kind == kind]


def attack_on(game: Game[Any], actor: str, target: str, mode: str = "melee") -> Action:
    found = [a for a in offers(game, actor, "attack")
             if a.params.get("target") == target and a.params.get("mode") == mode
             and "threatened_by" not in a.params]
    assert len(found) == 1, found
    return found[0]


def hit_chance(bonus: int, ac: int, disadvantage: bool = False) -> Fraction:
    """Counting faces: one d20 (or the lower of two) plus the bonus reaching the AC."""
    faces = range(1, 21)
    if disadvantage:
        hits = sum(1 for a in faces for b in faces if min(a, b) + bonus >= ac)
        return Fraction(hits, 400)
    return Fraction(sum(1 for a in faces if a + bonus >= ac), 20)


def text(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator}"


def rolled(events: list[Event]) -> dict[str, Any]:
    found = [e.data for e in events if e.type == "check_rolled"]
    assert len(found) == 1, events
    record: dict[str, Any] = found[0]["record"]
    return record


def acted(events: list[Event]) -> dict[str, Any]:
    data: dict[str, Any] = next(dict(e.data) for e in events if e.type == "acted")
    return data


def test_the_attack_offer_carries_bonus_ac_and_the_exact_chance_to_hit() -> None:
    game = duel()
    melee = attack_on(game, "hero", "orc")
    assert melee.params == {"target": "orc", "mode": "melee", "attack_bonus": 5, "ac": 15}
    assert hit_chance(5, 15) == Fraction(11, 20)
    assert melee.odds == {"hit": "11/20", "check": "d20+5 vs AC 15"}
    assert melee.cost == "standard action"
    # the ruleset's odds() of the same action agree, and so does the action without the
    # params (they default to the set-up's values)
    assert R.odds(game.state, melee) == melee.odds
    assert R.odds(game.state, Action("attack", "hero", {"target": "orc"})) == melee.odds
    # the ranged attack in reach of the orc carries the same odds
    near = [a for a in offers(game, "hero", "attack") if "threatened_by" in a.params]
    assert [a.odds for a in near] == [melee.odds]


def test_a_bonus_per_attack_mode() -> None:
    game = duel(hero={"attack_bonus": {"melee": 5, "ranged": 2}})
    assert attack_on(game, "hero", "orc").odds == {"hit": "11/20", "check": "d20+5 vs AC 15"}
    ranged = attack_on(game, "hero", "orc", "ranged")
    assert ranged.params["attack_bonus"] == 2
    assert ranged.odds is not None
    assert ranged.odds["hit"] == text(hit_chance(2, 15)) == "2/5"
    # a mode the set-up leaves out has no bonus: that attack carries no params and no odds
    game = duel(hero={"attack_bonus": {"melee": 5}})
    plain = attack_on(game, "hero", "orc", "ranged")
    assert plain.params == {"target": "orc", "mode": "ranged"} and plain.odds is None
    play = game.play(plain)
    assert not [e for e in play if e.type == "check_rolled"]
    assert acted(play)["attack"]["hit"] is None


def test_no_odds_without_an_ac_or_an_attack_bonus() -> None:
    game = duel(orc={"ac": None})
    offer = attack_on(game, "hero", "orc")
    assert offer.params == {"target": "orc", "mode": "melee"} and offer.odds is None
    game = duel(hero={"attack_bonus": None})
    assert attack_on(game, "hero", "orc").odds is None


def test_a_dodging_target_gives_the_disadvantage_value() -> None:
    game = duel(orc_first=True)
    assert game.whose_turn() == "orc"
    game.play(Action("dodge", "orc"))
    game.play(Action("end_turn", "orc"))
    offer = attack_on(game, "hero", "orc")
    expected = hit_chance(5, 15, disadvantage=True)
    assert expected == Fraction(121, 400)
    assert offer.odds == {"hit": "121/400", "check": "d20+5 vs AC 15 with disadvantage"}
    # the orc does not see the attacker: no disadvantage (Dodge), as odds() says
    unseen = Action("attack", "hero", {**offer.params, "target_sees_attacker": False})
    assert R.odds(game.state, unseen) == {"hit": "11/20", "check": "d20+5 vs AC 15"}
    # resolving the offer rolls two d20s and keeps the lower one
    record = rolled(game.play(offer, dice=ForcedDice([19, 4])))
    assert record["expression"] == "d20dis+5 >= 15"
    assert record["dc"] == 15 and record["total"] == 9 and record["success"] is False


def test_cover_is_added_to_the_ac_of_the_offer() -> None:
    game = duel()
    game.play(Action("set_cover", "gm", {"target": "orc", "cover": "half"}))
    offer = attack_on(game, "hero", "orc")
    # the param stays the orc's own AC; the odds and the roll add the +2 of half cover
    assert offer.params["ac"] == 15
    assert offer.odds == {"hit": text(hit_chance(5, 17)), "check": "d20+5 vs AC 17"}
    assert offer.odds["hit"] == "9/20"
    game.play(Action("set_cover", "gm", {"target": "orc", "cover": "total"}))
    assert not [a for a in offers(game, "hero", "attack") if a.params["target"] == "orc"]


def test_resolving_the_offer_rolls_the_numbers_of_its_odds() -> None:
    game = duel()
    offer = attack_on(game, "hero", "orc")
    events = game.play(offer, dice=ForcedDice([10]))
    record = rolled(events)
    assert record["expression"] == "d20+5 >= 15"
    assert (record["dc"], record["total"], record["success"]) == (15, 15, True)
    assert acted(events)["attack"]["hit"] is True
    # a 9 misses: exactly the faces 10-20 hit, as 11/20 says
    game = duel()
    events = game.play(attack_on(game, "hero", "orc"), dice=ForcedDice([9]))
    assert rolled(events)["success"] is False
    assert acted(events)["attack"]["hit"] is False


def test_params_given_by_hand_win_over_the_set_up() -> None:
    game = duel()
    action = Action("attack", "hero", {"target": "orc", "attack_bonus": 7, "ac": 12})
    assert R.odds(game.state, action) == {"hit": text(hit_chance(7, 12)),
                                          "check": "d20+7 vs AC 12"}
    record = rolled(game.play(action, dice=ForcedDice([4])))
    assert (record["expression"], record["dc"], record["total"]) == ("d20+7 >= 12", 12, 11)


def test_extra_attacks_keep_their_odds() -> None:
    game = duel(hero={"attacks": 2})
    game.play(attack_on(game, "hero", "orc"), dice=ForcedDice([3]))
    second = attack_on(game, "hero", "orc")
    assert second.cost == "no action"
    assert second.odds == {"hit": "11/20", "check": "d20+5 vs AC 15"}


def test_the_attack_of_opportunity_carries_the_melee_bonus_and_odds() -> None:
    game = duel(orc={"attack_bonus": {"melee": 6, "ranged": 1}})
    # the hero dodges, then moves out of the orc's reach: the orc may answer
    game.play(Action("dodge", "hero"))
    game.play(Action("move", "hero", {"distance": 10, "leaves_threatened_by": ["orc"]}))
    [aoo] = offers(game, "orc", "aoo")
    assert aoo.params == {"target": "hero", "attack_bonus": 6, "ac": 13}
    assert aoo.cost == "reaction"
    expected = hit_chance(6, 13, disadvantage=True)
    assert aoo.odds == {"hit": text(expected), "check": "d20+6 vs AC 13 with disadvantage"}
    assert expected == Fraction(196, 400)
    assert [a for a in game.legal_actions(None) if a.kind == "aoo"] == [aoo]
    record = rolled(game.play(aoo, dice=ForcedDice([12, 15])))
    assert (record["expression"], record["total"], record["success"]) == (
        "d20dis+6 >= 13", 18, True)


def test_an_attack_of_opportunity_without_a_melee_bonus_has_no_odds() -> None:
    game = duel(orc={"attack_bonus": {"ranged": 1}})
    game.play(Action("move", "hero", {"distance": 10, "leaves_threatened_by": ["orc"]}))
    [aoo] = offers(game, "orc", "aoo")
    assert aoo.params == {"target": "hero"} and aoo.odds is None


def test_the_view_shows_the_attack_bonus_and_ac() -> None:
    game = duel(hero={"attack_bonus": {"melee": 5, "ranged": 2}})
    hero = game.view()["combatants"]["hero"]
    assert hero["attack_bonus"] == {"melee": 5, "ranged": 2} and hero["ac"] == 13
    assert game.view()["combatants"]["orc"]["attack_bonus"]["spell"] == 4


@pytest.mark.parametrize(("field", "value", "message"), [
    ("attack_bonus", "high", "combatants[0].attack_bonus: Expected int | object | null, "
     "got str"),
    ("attack_bonus", True, "combatants[0].attack_bonus: Expected int | object | null, got bool"),
    ("attack_bonus", -101, "combatants[0].attack_bonus: Expected int >= -100"),
    ("attack_bonus", {}, "combatants[0] (hero).attack_bonus: an empty mapping"),
    ("attack_bonus", {"hover": 2}, "combatants[0].attack_bonus.hover: unknown key "
     "(allowed: melee, unarmed, ranged"),
    ("attack_bonus", {"melee": 2.5}, "combatants[0].attack_bonus.melee: Expected int, "
     "got float"),
    ("ac", -1, "combatants[0].ac: Expected int >= 0"),
    ("ac", "15", "combatants[0].ac: Expected int | null, got str"),
])
def test_bad_attack_bonus_or_ac_is_a_setup_error_naming_the_field(
    field: str, value: Any, message: str
) -> None:
    with pytest.raises(SetupError) as err:
        Game(R, {"combatants": [{"id": "hero", field: value},
                                {"id": "orc", "side": "foes"}]})
    assert message in str(err.value)


def test_encounters_without_them_keep_their_set_up_events() -> None:
    game = Game(R, {"combatants": [{"id": "a", "initiative": 3},
                                   {"id": "b", "initiative": 2, "side": "foes"}]})
    joined = [e.data for e in game.events if e.type == "combatant_joined"]
    assert joined and all("attack_bonus" not in d and "ac" not in d for d in joined)


def test_the_example_encounter_offers_attacks_with_odds() -> None:
    data = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    game = Game(R, data["setup"], seed=data["seed"])
    who = game.whose_turn()
    assert who in ("rook", "skiv")
    bonus = {"rook": 4, "skiv": 1}[who]
    on_dorn = attack_on(game, who, "dorn")
    # dorn: AC 18 (heavy armour and a worn shield)
    assert on_dorn.params["attack_bonus"] == bonus and on_dorn.params["ac"] == 18
    assert on_dorn.odds is not None
    assert on_dorn.odds["hit"] == text(hit_chance(bonus, 18))
