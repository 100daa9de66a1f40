"""The listing offers a combatant's gear by the state it is in (offers._Gear): named weapons
drawn or sheathed, a shield strapped on, loosed or dropped, a mount dismounted or
controlled, a vehicle started, parked, piloted, got into or out of (plainly or fast). Each
case both ways: offered when the set-up and the state make it possible, not otherwise.
The fast path against the full-check reference over random play with gear is
test_e133_legal_fast.py."""

from __future__ import annotations

from typing import Any

from turnkeeper.core.game import Game
from turnkeeper.core.model import Action
from turnkeeper.rulesets.e133.ruleset import E133Ruleset

RULESET = E133Ruleset()  # the concrete class: its odds(state, action)
GEAR_KINDS = ("draw_weapon", "sheathe_weapon", "ready_shield", "loose_shield", "drop_shield",
              "mount", "dismount", "control_mount", "start_vehicle", "park_vehicle",
              "pilot_vehicle", "enter_vehicle", "exit_vehicle")


def game_with(placed: bool = False, **aria: Any) -> Game[Any]:
    hero: dict[str, Any] = {"id": "aria", "initiative": 20, **aria}
    foe: dict[str, Any] = {"id": "brute", "side": "foes", "initiative": 10}
    if placed:
        hero["position"], foe["position"] = [0, 0], [6, 0]
    return Game(RULESET, {"combatants": [hero, foe]}, seed=1)


def gear(game: Game[Any]) -> dict[tuple[str, str], Action]:
    """aria's gear offers by (kind, its params as canonical text); each one passes check."""
    out: dict[tuple[str, str], Action] = {}
    for action in game.legal_actions("aria"):
        if action.kind in GEAR_KINDS:
            assert game.check(action) is None, action
            out[(action.kind, action.key().split(",", 2)[2][:-1])] = action
    return out


def kinds(game: Game[Any]) -> list[tuple[str, str]]:
    return sorted(gear(game))


def test_named_weapons_are_drawn_when_sheathed_and_sheathed_when_drawn() -> None:
    game = game_with(weapons={"sword": {"drawn": True}, "bow": {"kind": "ranged",
                                                               "drawn": False}})
    assert kinds(game) == [("draw_weapon", '{"weapons":["bow"]}'),
                           ("sheathe_weapon", '{"weapon":"sword"}')]
    game.play(Action("sheathe_weapon", "aria", {"weapon": "sword"}))
    game.play(Action("end_turn", "aria"))
    game.play(Action("end_turn", "brute"))
    assert kinds(game) == [("draw_weapon", '{"weapons":["bow"]}'),
                           ("draw_weapon", '{"weapons":["sword"]}')]


def test_without_named_weapons_the_plain_draw_and_sheathe_stay() -> None:
    assert kinds(game_with()) == [("draw_weapon", "{}"), ("sheathe_weapon", "{}")]


def test_a_draw_during_a_move_is_free_after_a_regular_move_with_base_attack_one() -> None:
    game = game_with(bab=1, weapons={"sword": {"drawn": False}})
    with_move = ("draw_weapon", '{"weapons":["sword"],"with_move":true}')
    assert with_move not in gear(game)  # no move yet
    game.play(Action("move", "aria", {"distance": 10}))
    offer = gear(game)[with_move]
    assert offer.cost == "free action"
    # base attack bonus 0: no draw during the move
    game = game_with(bab=0, weapons={"sword": {"drawn": False}})
    game.play(Action("move", "aria", {"distance": 10}))
    assert with_move not in gear(game)


def test_a_carried_shield_is_readied_or_dropped_a_worn_one_loosed() -> None:
    game = game_with(shield="carried")
    assert [k for k in kinds(game) if "shield" in k[0]] == [("drop_shield", "{}"),
                                                           ("ready_shield", "{}")]
    assert gear(game)[("drop_shield", "{}")].cost == "free action"
    game.play(Action("ready_shield", "aria"))
    # worn now; loosing it takes the standard action in place of the move action spent
    assert [k for k, _ in gear(game) if "shield" in k] == ["loose_shield"]
    game.play(Action("dodge", "aria"))
    assert [k for k, _ in gear(game) if "shield" in k] == []  # no action left to pay it
    game.play(Action("end_turn", "aria"))
    game.play(Action("end_turn", "brute"))
    assert [k for k, _ in gear(game) if "shield" in k] == ["loose_shield"]
    assert [k for k, _ in gear(game_with(shield="worn")) if "shield" in k] == ["loose_shield"]
    assert [k for k, _ in gear(game_with()) if "shield" in k] == []


def test_a_rider_dismounts_or_controls_its_mount() -> None:
    assert {k for k, _ in gear(game_with(mounted=True))} >= {"dismount", "control_mount"}
    assert not {k for k, _ in gear(game_with())} & {"mount", "dismount", "control_mount"}


def test_aboard_a_parked_vehicle_one_starts_it_or_gets_out() -> None:
    game = game_with(in_vehicle=True, vehicle_speed=60, navigation=5, armour_check_penalty=2)
    offered = gear(game)
    assert {k for k, _ in offered} >= {"start_vehicle", "exit_vehicle"}
    assert not {k for k, _ in offered} & {"pilot_vehicle", "park_vehicle", "enter_vehicle"}
    fast = offered[("exit_vehicle", '{"fast":true}')]
    # Navigation 5 less the armour check penalty 2 against DC 18: 15 or more on the d20
    assert fast.cost == "free action"
    assert fast.odds == RULESET.odds(game.state, fast) and fast.odds is not None
    assert fast.odds["success"] == "3/10"
    game.play(Action("start_vehicle", "aria"))
    offered = gear(game)
    assert offered[("pilot_vehicle", '{"distance":60}')].cost == "move action"
    assert ("start_vehicle", "{}") not in offered
    assert ("park_vehicle", "{}") not in offered  # the bonus action is spent
    game.play(Action("end_turn", "aria"))
    game.play(Action("end_turn", "brute"))
    assert ("park_vehicle", "{}") in gear(game)


def test_a_vehicle_that_needs_concentration_is_not_piloted_while_concentrating() -> None:
    game = game_with(in_vehicle=True, vehicle_speed=40, vehicle_concentration=True)
    game.play(Action("start_vehicle", "aria"))
    pilot = ("pilot_vehicle", '{"distance":40}')
    assert pilot in gear(game)
    game.play(Action("cast", "aria", {"spell": "ward", "concentration": True,
                                      "duration_rounds": 3}))
    assert pilot not in gear(game)
    assert game.check(Action("pilot_vehicle", "aria", {"distance": 40})) is not None


def test_one_gets_into_a_vehicle_at_hand_but_not_while_riding() -> None:
    offered = kinds(game_with(vehicle_speed=30))
    assert ("enter_vehicle", "{}") in offered and ("enter_vehicle", '{"fast":true}') in offered
    assert "enter_vehicle" not in {k for k, _ in kinds(game_with())}
    riding = {k for k, _ in kinds(game_with(vehicle_speed=30, mounted=True))}
    assert "enter_vehicle" not in riding and "dismount" in riding


def test_a_fast_entry_needs_a_move_action_it_could_still_take() -> None:
    game = game_with(vehicle_speed=30)
    game.play(Action("move", "aria", {"distance": 30}))
    game.play(Action("move", "aria", {"distance": 30, "new_move": True}))  # the standard too
    assert ("enter_vehicle", '{"fast":true}') not in gear(game)
    assert game.check(Action("enter_vehicle", "aria", {"fast": True})) is not None


def test_a_placed_encounter_offers_the_gear_too_but_no_pilot_without_a_square() -> None:
    game = game_with(placed=True, shield="carried", in_vehicle=True, vehicle_speed=60)
    game.play(Action("start_vehicle", "aria"))
    offered = {k for k, _ in gear(game)}
    assert {"ready_shield", "drop_shield", "exit_vehicle"} <= offered
    assert "pilot_vehicle" not in offered
