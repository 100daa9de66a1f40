"""Black-box cases for rules/002 (Element 133, Action Economy), second half of the chapter:
move actions, full-round actions, free, bonus and reactions, the 5-foot step, features and
skills. Written from the rule text, READINGS.md (e133) and docs/rulesets/e133.md only, through
the public API (Game, check, play, view); each docstring names the section it checks."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from turnkeeper.core.game import Game
from turnkeeper.core.model import Action, BadActionError, Event, Refusal
from turnkeeper.dice.source import ForcedDice
from turnkeeper.rulesets import get_ruleset

R = get_ruleset("e133")


def encounter(settings: dict[str, Any] | None = None, brute: dict[str, Any] | None = None,
              ogre: bool = False, **aria: Any) -> dict[str, Any]:
    """Aria (party, count 18) acts first; the brute (foes, count 9) next; an ogre (foes,
    count 5) when asked for."""
    combatants: list[dict[str, Any]] = [
        {"id": "aria", "initiative": 18, **aria},
        {"id": "brute", "initiative": 9, "side": "foes", **(brute or {})},
    ]
    if ogre:
        combatants.append({"id": "ogre", "initiative": 5, "side": "foes"})
    config: dict[str, Any] = {"combatants": combatants}
    if settings:
        config["settings"] = settings
    return config


def new_game(settings: dict[str, Any] | None = None, brute: dict[str, Any] | None = None,
             ogre: bool = False, **aria: Any) -> Game[Any]:
    return Game(R, encounter(settings, brute, ogre, **aria))


def act(game: Game[Any], kind: str, actor: str = "aria", dice: list[int] | None = None,
        **params: Any) -> list[Event]:
    """Play an action that must be allowed (check first, so a refusal shows its reason)."""
    action = Action(kind, actor, params)
    refusal = game.check(action)
    assert refusal is None, f"{kind} {params} refused: {refusal}"
    return game.play(action, dice=ForcedDice(dice) if dice is not None else None)


def refused(game: Game[Any], kind: str, rule: str, section: str, actor: str = "aria",
            **params: Any) -> Refusal:
    """Check that an action is refused with ``rule``, citing ``section`` of the chapter."""
    before = game.state_hash()
    refusal = game.check(Action(kind, actor, params))
    assert refusal is not None, f"{kind} {params} was allowed"
    assert refusal.rule == rule, str(refusal)
    assert section in refusal.source.split(": ", 1)[1].split("; "), refusal.source
    assert game.state_hash() == before
    return refusal


def me(game: Game[Any], who: str = "aria") -> dict[str, Any]:
    combatant: dict[str, Any] = game.view()["combatants"][who]
    return combatant


def rolls(events: list[Event]) -> list[Mapping[str, Any]]:
    return [e.data for e in events if e.type == "check_rolled"]


def aoo_rule(game: Game[Any], responder: str = "brute") -> str | None:
    """None when ``responder`` may answer with an attack of opportunity, else the rule id."""
    refusal = game.check(Action("aoo", responder, {"target": "aria"}))
    return None if refusal is None else refusal.rule


# --- Move Actions (intro): most move actions need no check ---------------------------------


def test_move_actions_intro_a_plain_move_rolls_nothing() -> None:
    """Move Actions: an ordinary move action has no check."""
    game = new_game()
    assert rolls(act(game, "move", distance=30)) == []
    assert rolls(act(game, "draw_weapon")) == []


def test_move_actions_intro_a_movement_skill_rolls_its_check() -> None:
    """Move Actions: the movement-related skills are the exception: a climb with a DC rolls."""
    game = new_game(speeds={"walk": 30, "climb": 30})
    checks = rolls(act(game, "move", dice=[12], distance=10, mode="climb", dc=10, modifier=0))
    assert len(checks) == 1 and checks[0]["total"] == 12


# --- Move -----------------------------------------------------------------------------------


def test_move_up_to_the_speed_exactly() -> None:
    """Move: a move action covers the speed (30 ft), all of it in one go."""
    game = new_game(speed=30, settings={"double_move": False})
    act(game, "move", distance=30)
    assert me(game)["moved"] == 30 and me(game)["move"] == 0


def test_move_one_square_past_the_speed_is_refused() -> None:
    """Move: not a foot past the speed in one move action."""
    game = new_game(speed=30, settings={"double_move": False})
    refused(game, "move", "e133.move.speed", "Move", distance=35)
    act(game, "move", distance=25)
    refused(game, "move", "e133.move.speed", "Move", distance=10)


def test_move_then_no_five_foot_step() -> None:
    """Move: taking the move action's movement rules out the 5-foot step that turn."""
    game = new_game()
    act(game, "move", distance=5)
    refused(game, "five_foot_step", "e133.five-foot-step.no-other-movement", "Take 5-Foot Step")


def test_move_without_moving_keeps_the_five_foot_step() -> None:
    """Move: the step is lost by moving, not by the turn itself."""
    game = new_game()
    act(game, "attack", target="brute")
    act(game, "five_foot_step")
    assert me(game)["stepped"] is True


def test_move_climbing_is_half_the_speed() -> None:
    """Move: climbing covers at most half the speed (15 of 30)."""
    game = new_game(speed=30, settings={"double_move": False})
    act(game, "move", distance=15, mode="climb")
    game = new_game(speed=30, settings={"double_move": False})
    refused(game, "move", "e133.move.climb-swim", "Move", distance=20, mode="climb")


def test_move_swimming_is_half_the_speed() -> None:
    """Move: swimming covers at most half the speed (20 of 40)."""
    game = new_game(speed=40, settings={"double_move": False})
    act(game, "move", distance=20, mode="swim")
    game = new_game(speed=40, settings={"double_move": False})
    refused(game, "move", "e133.move.climb-swim", "Move", distance=25, mode="swim")


def test_move_difficult_terrain_is_half_the_speed() -> None:
    """Move: through difficult terrain a move action covers half the speed."""
    game = new_game(speed=30, settings={"double_move": False})
    act(game, "move", distance=15, difficult_terrain=True)
    game = new_game(speed=30, settings={"double_move": False})
    refused(game, "move", "e133.move.difficult-terrain", "Move", distance=20,
            difficult_terrain=True)


def test_move_jumping_is_part_of_the_move() -> None:
    """Move: jumping is a mode covered by the move action, paid from the land speed."""
    game = new_game(speed=30)
    act(game, "attack", target="brute")
    act(game, "move", distance=10, mode="jump")
    act(game, "move", distance=20)
    assert me(game)["moved"] == 30
    # the move action is used up and so is the standard: the spent budget is named first
    spent = refused(game, "move", "e133.economy.move", "Action Types", distance=5, mode="jump")
    assert spent.also == ("e133.move.jump",)


# --- Using Different Speeds -----------------------------------------------------------------


def test_speeds_the_texts_example_fly_walk_fly() -> None:
    """Using Different Speeds: speed 30 and fly 60: fly 20, walk 10, then fly 30 more."""
    game = new_game(speeds={"walk": 30, "fly": 60}, settings={"double_move": False})
    act(game, "move", distance=20, mode="fly")
    act(game, "move", distance=10, mode="walk")
    act(game, "move", distance=30, mode="fly")
    assert me(game)["moved"] == 60


def test_speeds_switch_subtracts_what_was_moved() -> None:
    """Using Different Speeds: after flying 20 the walk has 30 - 20 = 10 left, not 15."""
    game = new_game(speeds={"walk": 30, "fly": 60}, settings={"double_move": False})
    act(game, "move", distance=20, mode="fly")
    refused(game, "move", "e133.move.speeds-switch", "Using Different Speeds",
            distance=15, mode="walk")
    act(game, "move", distance=10, mode="walk")


def test_speeds_a_new_speed_with_nothing_left_cannot_be_used() -> None:
    """Using Different Speeds: fly 30 of 60 first; the 30-ft walk then has 0 left (and after
    flying 40, less than 0), though the flight still has feet to give."""
    game = new_game(speeds={"walk": 30, "fly": 60}, settings={"double_move": False})
    act(game, "move", distance=30, mode="fly")
    refused(game, "move", "e133.move.speeds-switch", "Using Different Speeds",
            distance=5, mode="walk")
    act(game, "move", distance=10, mode="fly")
    refused(game, "move", "e133.move.speeds-switch", "Using Different Speeds",
            distance=5, mode="walk")
    act(game, "move", distance=20, mode="fly")
    assert me(game)["moved"] == 60


def test_speeds_a_mode_without_a_speed_is_refused() -> None:
    """Using Different Speeds: only speeds you have can be switched to."""
    game = new_game(speeds={"walk": 30})
    refused(game, "move", "e133.move.listed-speed", "Using Different Speeds",
            distance=5, mode="fly")
    game = new_game(speeds={"walk": 30, "fly": 40})
    act(game, "move", distance=40, mode="fly")


def test_speeds_dash_is_the_way_past_the_speed() -> None:
    """Using Different Speeds: moving more than the speed takes the Dash full-round action."""
    game = new_game(speed=30)
    act(game, "dash", distance=60)
    assert me(game)["moved"] == 60


# --- Table: Move Actions (attacks of opportunity, every row) --------------------------------

PROVOKING_ROWS: list[tuple[str, dict[str, Any], dict[str, Any]]] = [
    ("move", {"distance": 10, "leaves_threatened_by": ["brute"]}, {}),
    ("pilot_vehicle", {"distance": 10, "threatened_by": ["brute"]},
     {"in_vehicle": True, "vehicle_speed": 60}),
    ("control_mount", {"threatened_by": ["brute"]}, {"mounted": True}),
    ("move_heavy_object", {"threatened_by": ["brute"]}, {}),
    ("pick_up_item", {"threatened_by": ["brute"]}, {}),
    ("sheathe_weapon", {"threatened_by": ["brute"]},
     {"weapons": {"sword": {"kind": "melee"}}}),
    ("stand_up", {"threatened_by": ["brute"]}, {"conditions": ["prone"]}),
    ("retrieve_item", {"threatened_by": ["brute"]}, {}),
]

QUIET_ROWS: list[tuple[str, dict[str, Any], dict[str, Any], str]] = [
    ("draw_weapon", {"threatened_by": ["brute"]}, {}, "e133.aoo.table"),
    ("mount", {"threatened_by": ["brute"]}, {}, "e133.aoo.table"),
    ("dismount", {"threatened_by": ["brute"]}, {"mounted": True}, "e133.aoo.table"),
    ("enter_vehicle", {"threatened_by": ["brute"]}, {}, "e133.vehicle.enter-exit"),
    ("exit_vehicle", {"threatened_by": ["brute"]}, {"in_vehicle": True},
     "e133.vehicle.enter-exit"),
    ("ready_shield", {"threatened_by": ["brute"]}, {"shield": "carried"}, "e133.aoo.table"),
    ("loose_shield", {"threatened_by": ["brute"]}, {"shield": "worn"}, "e133.aoo.table"),
]


@pytest.mark.parametrize(("kind", "params", "aria"), PROVOKING_ROWS,
                         ids=[row[0] for row in PROVOKING_ROWS])
def test_move_table_rows_that_provoke(kind: str, params: dict[str, Any],
                                      aria: dict[str, Any]) -> None:
    """Table: Move Actions: move, pilot, frightened mount, heavy object, pick up, sheathe,
    stand up and retrieving a stored item provoke; each is a move action."""
    game = new_game(**aria)
    act(game, kind, **params)
    assert me(game)["move"] == 0
    assert aoo_rule(game) is None
    act(game, "aoo", actor="brute", target="aria")
    refused(game, "aoo", "e133.aoo.once", "Attacks of Opportunity", actor="brute",
            target="aria")


@pytest.mark.parametrize(("kind", "params", "aria"), PROVOKING_ROWS,
                         ids=[row[0] for row in PROVOKING_ROWS])
def test_move_table_rows_that_provoke_only_threatening_enemies(
        kind: str, params: dict[str, Any], aria: dict[str, Any]) -> None:
    """Table: Move Actions: the provocation reaches only enemies that threaten you."""
    game = new_game(ogre=True, **aria)
    act(game, kind, **params)
    refused(game, "aoo", "e133.aoo.reaction", "Attacks of Opportunity", actor="ogre",
            target="aria")


@pytest.mark.parametrize(("kind", "params", "aria", "rule"), QUIET_ROWS,
                         ids=[row[0] for row in QUIET_ROWS])
def test_move_table_rows_that_do_not_provoke(kind: str, params: dict[str, Any],
                                             aria: dict[str, Any], rule: str) -> None:
    """Table: Move Actions: drawing a weapon, mounting or dismounting, entering or exiting a
    vehicle and readying or loosing a shield provoke nobody, even a threatening enemy."""
    game = new_game(**aria)
    act(game, kind, **params)
    assert me(game)["move"] == 0
    refusal = refused(game, "aoo", rule, rule_section(rule), actor="brute", target="aria")
    assert refusal.rule == rule


def rule_section(rule: str) -> str:
    return {"e133.aoo.table": "Table: Move Actions",
            "e133.vehicle.enter-exit": "Mount/Dismount a Steed or Enter/Exit Vehicle"}[rule]


# --- Breaking Up Your Move ------------------------------------------------------------------


def test_break_up_the_move_the_texts_example() -> None:
    """Breaking Up Your Move: speed 30: move 10, take the action, move the other 20."""
    game = new_game(speed=30)
    act(game, "move", distance=10)
    act(game, "attack", target="brute")
    act(game, "move", distance=20)
    view = me(game)
    assert (view["moved"], view["standard"], view["move"]) == (30, 0, 0)


def test_break_up_the_move_no_more_than_the_speed_in_all() -> None:
    """Breaking Up Your Move: the pieces add up to the speed, not more (the standard is spent,
    so no second move action pays for more)."""
    game = new_game(speed=30)
    act(game, "move", distance=10)
    act(game, "attack", target="brute")
    refused(game, "move", "e133.move.speed", "Breaking Up Your Move", distance=25)


# --- Accelerated Climbing and Swimming ------------------------------------------------------


def test_accelerated_climb_covers_the_whole_speed() -> None:
    """Accelerated Climbing and Swimming: the whole speed (30) climbed in one move action."""
    game = new_game(speed=30, settings={"double_move": False})
    act(game, "move", distance=30, mode="climb", accelerated=True)
    assert me(game)["moved"] == 30
    game = new_game(speed=30, settings={"double_move": False})
    refused(game, "move", "e133.move.speed", "Move", distance=35, mode="climb",
            accelerated=True)


def test_accelerated_swim_covers_the_whole_speed() -> None:
    """Accelerated Climbing and Swimming: swimming too; without it only half (row Move)."""
    game = new_game(speed=30, settings={"double_move": False})
    act(game, "move", distance=30, mode="swim", accelerated=True)
    game = new_game(speed=30, settings={"double_move": False})
    refused(game, "move", "e133.move.climb-swim", "Move", distance=30, mode="swim")


def test_accelerated_climb_takes_five_off_the_check() -> None:
    """Accelerated Climbing and Swimming: the check is made at -5: a 14 + 5 that would
    reach DC 15 misses it accelerated (no progress), a 15 + 5 reaches it."""
    plain = new_game(speed=30)
    checks = rolls(act(plain, "move", dice=[10], distance=15, mode="climb", dc=15, modifier=5))
    assert checks[0]["total"] == 15 and checks[0]["success"] is True
    assert me(plain)["moved"] == 15
    fast = new_game(speed=30)
    checks = rolls(act(fast, "move", dice=[14], distance=30, mode="climb", accelerated=True,
                       dc=15, modifier=5))
    assert checks[0]["total"] == 14 and checks[0]["success"] is False
    assert me(fast)["moved"] == 0
    fast = new_game(speed=30)
    checks = rolls(act(fast, "move", dice=[15], distance=30, mode="climb", accelerated=True,
                       dc=15, modifier=5))
    assert checks[0]["total"] == 15 and checks[0]["success"] is True
    assert me(fast)["moved"] == 30


# --- Crawling -------------------------------------------------------------------------------


def test_crawl_is_five_feet_for_a_move_action() -> None:
    """Crawling: 5 feet as a move action."""
    game = new_game(conditions=["prone"], settings={"double_move": False})
    act(game, "crawl", distance=5)
    view = me(game)
    assert (view["moved"], view["move"], view["standard"]) == (5, 0, 1)
    spent = refused(game, "crawl", "e133.economy.move-for-standard", "Action Types", distance=5)
    assert "e133.move.crawl" in spent.also


def test_crawl_is_never_more_than_five_feet() -> None:
    """Crawling: 5 feet, not 10."""
    game = new_game(conditions=["prone"])
    refused(game, "crawl", "e133.move.crawl", "Crawling", distance=10)


def test_crawl_provokes_from_everyone_who_threatens_along_the_way() -> None:
    """Crawling: every attacker threatening you at any point of the crawl may attack."""
    game = new_game(ogre=True, conditions=["prone"])
    act(game, "crawl", distance=5, threatened_by=["brute", "ogre"])
    act(game, "aoo", actor="brute", target="aria")
    act(game, "aoo", actor="ogre", target="aria")


def test_crawl_provokes_nobody_who_does_not_threaten() -> None:
    """Crawling: only threatening attackers get the attack."""
    game = new_game(ogre=True, conditions=["prone"])
    act(game, "crawl", distance=5, threatened_by=["brute"])
    refused(game, "aoo", "e133.aoo.reaction", "Attacks of Opportunity", actor="ogre",
            target="aria")


def test_crawl_is_movement_so_no_five_foot_step() -> None:
    """Crawling moves a distance: no 5-foot step in that round (Take 5-Foot Step)."""
    game = new_game(conditions=["prone"])
    act(game, "crawl", distance=5)
    refused(game, "five_foot_step", "e133.five-foot-step.no-other-movement", "Take 5-Foot Step")


# --- Pilot Vehicle --------------------------------------------------------------------------


def test_pilot_moves_the_vehicles_whole_speed_as_a_move_action() -> None:
    """Pilot Vehicle: a move action for the vehicle's full speed (60 ft), not a foot more."""
    game = new_game(in_vehicle=True, vehicle_speed=60, speed=30)
    act(game, "pilot_vehicle", distance=60)
    view = me(game)
    assert (view["move"], view["standard"]) == (0, 1)
    game = new_game(in_vehicle=True, vehicle_speed=60, speed=30)
    refused(game, "pilot_vehicle", "e133.vehicle.pilot", "Pilot Vehicle", distance=65)


def test_pilot_needs_a_vehicle() -> None:
    """Pilot Vehicle: piloting is for someone in a vehicle."""
    game = new_game(in_vehicle=False)
    refused(game, "pilot_vehicle", "e133.vehicle.pilot", "Pilot Vehicle", distance=10)


def test_pilot_no_dash_in_a_vehicle() -> None:
    """Pilot Vehicle / Dash: no dash in a vehicle, nor as part of piloting."""
    game = new_game(in_vehicle=True, vehicle_speed=60)
    refused(game, "dash", "e133.vehicle.no-dash", "Pilot Vehicle", distance=60)
    game = new_game(in_vehicle=False)
    act(game, "dash", distance=60)


def test_pilot_difficult_maneuver_needs_a_navigation_check() -> None:
    """Pilot Vehicle: a difficult manoeuvre is a Navigation check; it succeeds at the DC."""
    game = new_game(in_vehicle=True, vehicle_speed=60, navigation=3)
    checks = rolls(act(game, "pilot_vehicle", dice=[12], distance=30, dc=15))
    assert checks[0]["total"] == 15 and checks[0]["success"] is True
    game = new_game(in_vehicle=True, vehicle_speed=60, navigation=3)
    checks = rolls(act(game, "pilot_vehicle", dice=[11], distance=30, dc=15))
    assert checks[0]["total"] == 14 and checks[0]["success"] is False


def test_pilot_a_vehicle_with_full_round_moves() -> None:
    """Pilot Vehicle: some vehicles move as a full-round action: not after a move action."""
    game = new_game(in_vehicle=True, vehicle_speed=60)
    act(game, "pilot_vehicle", distance=60, full_round=True)
    view = me(game)
    assert (view["move"], view["standard"]) == (0, 0)
    game = new_game(in_vehicle=True, vehicle_speed=60)
    act(game, "draw_weapon")
    refused(game, "pilot_vehicle", "e133.economy.full-round", "Full-Round Action",
            distance=60, full_round=True)


def test_pilot_a_vehicle_that_needs_concentration() -> None:
    """Pilot Vehicle: a complicated vehicle may need the pilot's concentration: not while
    concentrating on something else."""
    game = new_game(in_vehicle=True, vehicle_speed=60, vehicle_concentration=True)
    act(game, "pilot_vehicle", distance=30)
    game = new_game(in_vehicle=True, vehicle_speed=60, vehicle_concentration=True)
    act(game, "cast", spell="shield", concentration=True)
    refused(game, "pilot_vehicle", "e133.vehicle.concentration", "Pilot Vehicle", distance=30)


# --- Draw or Sheathe a Weapon ---------------------------------------------------------------


def test_draw_is_a_move_action() -> None:
    """Draw or Sheathe a Weapon: drawing takes a move action (leaving the standard)."""
    game = new_game(weapons={"sword": {"kind": "melee", "drawn": False}},
                    settings={"double_move": False})
    act(game, "draw_weapon", weapons=["sword"])
    view = me(game)
    assert (view["move"], view["standard"], view["drawn"]) == (0, 1, ["sword"])
    spent = refused(game, "draw_weapon", "e133.economy.move-for-standard", "Action Types")
    assert "e133.weapon.draw" in spent.also


def test_sheathe_is_a_move_action() -> None:
    """Draw or Sheathe a Weapon: putting a weapon away takes a move action; the hand is free."""
    game = new_game(weapons={"sword": {"kind": "melee"}}, settings={"double_move": False})
    act(game, "sheathe_weapon", weapon="sword")
    view = me(game)
    assert (view["move"], view["drawn"]) == (0, [])
    refused(game, "attack", "e133.weapon.draw", "Draw or Sheathe a Weapon", target="brute",
            weapon="sword")


def test_stored_weapon_is_retrieved_like_a_stored_item() -> None:
    """Draw or Sheathe a Weapon: a weapon in a pack is drawn as retrieving a stored item,
    which provokes (Table: Move Actions); from easy reach it does not."""
    game = new_game()
    act(game, "draw_weapon", stored=True, threatened_by=["brute"])
    assert aoo_rule(game) is None
    game = new_game()
    act(game, "draw_weapon", stored=False, threatened_by=["brute"])
    assert aoo_rule(game) == "e133.aoo.table"


def test_free_draw_with_a_move_at_bab_one() -> None:
    """Draw or Sheathe a Weapon: base attack bonus +1: drawing is free, combined with a
    regular move (the move action is not charged again)."""
    game = new_game(bab=1, settings={"double_move": False})
    act(game, "move", distance=10)
    act(game, "draw_weapon", with_move=True)
    view = me(game)
    assert (view["standard"], view["move"]) == (1, 0)


def test_free_draw_with_a_move_refused_at_bab_zero() -> None:
    """Draw or Sheathe a Weapon: at base attack bonus +0 the free draw is refused."""
    game = new_game(bab=0)
    act(game, "move", distance=10)
    refused(game, "draw_weapon", "e133.weapon.draw-with-move", "Draw or Sheathe a Weapon",
            with_move=True)


def test_free_draw_needs_a_regular_move() -> None:
    """Draw or Sheathe a Weapon: the free draw goes with a regular move: not without one,
    not with a dash."""
    game = new_game(bab=3)
    refused(game, "draw_weapon", "e133.weapon.draw-with-move", "Draw or Sheathe a Weapon",
            with_move=True)
    act(game, "dash", distance=60)
    refused(game, "draw_weapon", "e133.weapon.draw-with-move", "Draw or Sheathe a Weapon",
            with_move=True)


def test_two_weapon_fighting_draws_two_in_the_time_of_one() -> None:
    """Draw or Sheathe a Weapon: Two-Weapon fighting draws two light or one-handed weapons
    with one move action."""
    weapons = {"sword": {"kind": "melee", "handling": "one_handed", "drawn": False},
               "knife": {"kind": "melee", "handling": "light", "drawn": False},
               "maul": {"kind": "melee", "handling": "two_handed", "drawn": False}}
    game = new_game(weapons=weapons, features=["two_weapon_fighting"],
                    settings={"double_move": False})
    act(game, "draw_weapon", count=2, weapons=["sword", "knife"])
    assert sorted(me(game)["drawn"]) == ["knife", "sword"] and me(game)["move"] == 0
    game = new_game(weapons=weapons, features=["two_weapon_fighting"])
    refused(game, "draw_weapon", "e133.weapon.two-weapon", "Draw or Sheathe a Weapon",
            count=2, weapons=["sword", "maul"])
    game = new_game(weapons=weapons)
    refused(game, "draw_weapon", "e133.weapon.two-weapon", "Draw or Sheathe a Weapon",
            count=2, weapons=["sword", "knife"])


def test_drawing_ammunition_is_free() -> None:
    """Draw or Sheathe a Weapon: drawing ammunition is a free action, even with nothing else
    left this turn; a free action is still one's own-turn business."""
    game = new_game()
    act(game, "dash", distance=60)
    act(game, "draw_ammunition")
    act(game, "draw_ammunition")
    refused(game, "draw_ammunition", "e133.free.own-turn", "Free Action", actor="brute")


# --- Ready or Loose a Shield ----------------------------------------------------------------


def test_ready_a_shield_is_a_move_action() -> None:
    """Ready or Loose a Shield: strapping on a carried shield takes a move action."""
    game = new_game(shield="carried", settings={"double_move": False})
    act(game, "ready_shield")
    assert (me(game)["shield"], me(game)["move"]) == ("worn", 0)
    game = new_game(shield="none")
    refused(game, "ready_shield", "e133.shield.ready-loose", "Ready or Loose a Shield")


def test_loose_a_shield_is_a_move_action() -> None:
    """Ready or Loose a Shield: unstrapping and dropping a worn shield takes a move action."""
    game = new_game(shield="worn", settings={"double_move": False})
    act(game, "loose_shield")
    assert (me(game)["shield"], me(game)["move"]) == ("none", 0)
    game = new_game(shield="carried")
    refused(game, "loose_shield", "e133.shield.ready-loose", "Ready or Loose a Shield")


def test_dropping_a_carried_shield_is_free() -> None:
    """Ready or Loose a Shield: a carried (not worn) shield is dropped as a free action."""
    game = new_game(shield="carried")
    act(game, "dash", distance=60)
    act(game, "drop_shield")
    assert me(game)["shield"] == "none"
    game = new_game(shield="worn")
    refused(game, "drop_shield", "e133.shield.drop", "Ready or Loose a Shield")


# --- Manipulate an Item ---------------------------------------------------------------------

ITEM_KINDS = ["retrieve_item", "put_away_item", "move_heavy_object", "load_heavy_ammunition"]


@pytest.mark.parametrize("kind", ITEM_KINDS)
def test_manipulating_an_item_is_a_move_action(kind: str) -> None:
    """Manipulate an Item: retrieving or putting away a stored item, moving a heavy object and
    loading heavy ammunition each take a move action."""
    game = new_game(settings={"double_move": False})
    act(game, kind)
    assert (me(game)["move"], me(game)["standard"]) == (0, 1)
    spent = refused(game, kind, "e133.economy.move-for-standard", "Action Types")
    assert "e133.item.manipulate" in spent.also


def test_picking_up_an_item_is_a_move_action_by_the_table() -> None:
    """Manipulate an Item / Free Actions (READINGS: the table wins): picking up an item is a
    move action; a table that lets the free list win makes it free."""
    game = new_game(settings={"double_move": False})
    act(game, "pick_up_item")
    assert me(game)["move"] == 0
    game = new_game(settings={"free_list_wins": True})
    act(game, "dash", distance=60)
    act(game, "pick_up_item", threatened_by=["brute"])
    assert aoo_rule(game) == "e133.aoo.table"


# --- Stand Up -------------------------------------------------------------------------------


def test_stand_up_uses_half_the_speed() -> None:
    """Stand Up: part of a move action, half the speed (15 of 30): 15 ft are left."""
    game = new_game(speed=30, conditions=["prone"])
    act(game, "attack", target="brute")
    act(game, "stand_up")
    assert "prone" not in me(game)["conditions"]
    act(game, "move", distance=15)
    game = new_game(speed=30, conditions=["prone"])
    act(game, "attack", target="brute")
    act(game, "stand_up")
    refused(game, "move", "e133.move.speed", "Move", distance=20)


def test_stand_up_needs_to_be_prone() -> None:
    """Stand Up: only from a prone position."""
    game = new_game(conditions=[])
    refused(game, "stand_up", "e133.move.stand-up", "Stand Up")


# --- Mount/Dismount a Steed or Enter/Exit Vehicle ------------------------------------------

MOUNT_ROWS: list[tuple[str, dict[str, Any], str, bool]] = [
    ("mount", {"mounted": False}, "mounted", True),
    ("dismount", {"mounted": True}, "mounted", False),
    ("enter_vehicle", {"in_vehicle": False}, "in_vehicle", True),
    ("exit_vehicle", {"in_vehicle": True}, "in_vehicle", False),
]


@pytest.mark.parametrize(("kind", "aria", "flag", "after"), MOUNT_ROWS,
                         ids=[row[0] for row in MOUNT_ROWS])
def test_mount_dismount_enter_exit_are_move_actions(kind: str, aria: dict[str, Any],
                                                    flag: str, after: bool) -> None:
    """Mount/Dismount a Steed or Enter/Exit Vehicle: each takes a move action."""
    game = new_game(settings={"double_move": False}, **aria)
    act(game, kind)
    assert me(game)[flag] is after and me(game)["move"] == 0
    game = new_game(settings={"double_move": False}, **aria)
    act(game, "draw_weapon")
    spent = refused(game, kind, "e133.economy.move-for-standard", "Action Types")
    assert spent.also


def test_mount_when_mounted_and_dismount_when_not_are_refused() -> None:
    """Mount/Dismount a Steed: you mount when you are not on a steed, and the reverse."""
    refused(new_game(mounted=True), "mount", "e133.mount.mount-dismount",
            "Mount/Dismount a Steed or Enter/Exit Vehicle")
    refused(new_game(mounted=False), "dismount", "e133.mount.mount-dismount",
            "Mount/Dismount a Steed or Enter/Exit Vehicle")
    refused(new_game(in_vehicle=True), "enter_vehicle", "e133.vehicle.enter-exit",
            "Mount/Dismount a Steed or Enter/Exit Vehicle")
    refused(new_game(in_vehicle=False), "exit_vehicle", "e133.vehicle.enter-exit",
            "Mount/Dismount a Steed or Enter/Exit Vehicle")


def test_an_easy_vehicle_may_change_the_action() -> None:
    """Mount/Dismount a Steed or Enter/Exit Vehicle: an easy vehicle (a bicycle) may say
    otherwise: entering it free keeps the move action."""
    game = new_game()
    act(game, "enter_vehicle", time="free")
    assert me(game)["in_vehicle"] is True and me(game)["move"] == 1


# --- Fast Enter or Exit Vehicle -------------------------------------------------------------


def test_fast_enter_is_free_on_a_navigation_18() -> None:
    """Fast Enter or Exit Vehicle: a DC 18 Navigation check; 18 makes it a free action."""
    game = new_game(navigation=0)
    checks = rolls(act(game, "enter_vehicle", dice=[18], fast=True))
    assert (checks[0]["total"], checks[0]["dc"], checks[0]["success"]) == (18, 18, True)
    assert me(game)["in_vehicle"] is True and me(game)["move"] == 1


def test_fast_exit_failed_at_17_is_a_move_action() -> None:
    """Fast Enter or Exit Vehicle: one short of 18 fails: the exit takes the move action."""
    game = new_game(navigation=0, in_vehicle=True)
    checks = rolls(act(game, "exit_vehicle", dice=[17], fast=True))
    assert (checks[0]["total"], checks[0]["success"]) == (17, False)
    assert me(game)["in_vehicle"] is False and me(game)["move"] == 0


def test_fast_enter_takes_the_armour_check_penalty() -> None:
    """Fast Enter or Exit Vehicle: the armour check penalty applies: 19 - 2 misses DC 18."""
    game = new_game(navigation=0, armour_check_penalty=2)
    checks = rolls(act(game, "enter_vehicle", dice=[19], fast=True))
    assert (checks[0]["total"], checks[0]["success"]) == (17, False)
    assert me(game)["move"] == 0
    game = new_game(navigation=0, armour_check_penalty=2)
    checks = rolls(act(game, "enter_vehicle", dice=[20], fast=True))
    assert (checks[0]["total"], checks[0]["success"]) == (18, True)


def test_fast_enter_only_when_a_move_action_is_still_possible() -> None:
    """Fast Enter or Exit Vehicle: not tried unless the enter could be a move action this
    round: with the move action and the standard gone it is refused; with the standard left
    (a double move) it may be tried."""
    game = new_game(navigation=0)
    act(game, "move", distance=30)
    act(game, "enter_vehicle", dice=[18], fast=True)
    game = new_game(navigation=0)
    act(game, "move", distance=30)
    act(game, "attack", target="brute")
    refused(game, "enter_vehicle", "e133.vehicle.fast", "Fast Enter or Exit Vehicle", fast=True)
    game = new_game(navigation=0, settings={"double_move": False})
    act(game, "move", distance=30)
    refused(game, "enter_vehicle", "e133.vehicle.fast", "Fast Enter or Exit Vehicle", fast=True)


def next_round(game: Game[Any], *actors: str) -> None:
    """End the turns of ``actors`` in order (the rest of the round, back to Aria)."""
    for actor in actors:
        act(game, "end_turn", actor=actor)


# --- Full-Round Actions ---------------------------------------------------------------------


def test_full_round_not_with_a_standard_or_a_move_action() -> None:
    """Full-Round Actions: the whole round: not after a standard or a move action, and
    neither of them after it."""
    game = new_game()
    act(game, "attack", target="brute")
    refused(game, "full_round_action", "e133.economy.full-round", "Full-Round Action")
    game = new_game()
    act(game, "draw_weapon")
    refused(game, "full_round_action", "e133.economy.full-round", "Full-Round Action")
    game = new_game()
    act(game, "full_round_action")
    assert refused(game, "attack", "e133.economy.standard", "Action Types",
                   target="brute").also == ("e133.attack.standard",)
    refused(game, "draw_weapon", "e133.economy.move", "Action Types")


def test_full_round_that_moves_nothing_keeps_the_five_foot_step() -> None:
    """Full-Round Actions: moving no distance, it leaves room for a 5-foot step, before or
    after it."""
    game = new_game()
    act(game, "full_round_action")
    act(game, "five_foot_step")
    game = new_game()
    act(game, "five_foot_step")
    act(game, "full_attack", target="brute")


def test_full_round_that_moves_has_no_five_foot_step() -> None:
    """Full-Round Actions: a full-round action that moves (a charge) leaves no 5-foot step,
    either order."""
    game = new_game()
    act(game, "charge", target="brute", distance=20)
    refused(game, "five_foot_step", "e133.five-foot-step.no-other-movement", "Take 5-Foot Step")
    game = new_game()
    act(game, "five_foot_step")
    assert game.check(Action("charge", "aria", {"target": "brute", "distance": 20})) is not None


# --- Use Special Ability --------------------------------------------------------------------


def test_special_ability_usually_a_standard_action() -> None:
    """Use Special Ability: usually a standard action, so a move action still fits."""
    game = new_game(abilities={"roar": {"type": "special", "action": "standard"}})
    act(game, "use_ability", ability="roar")
    assert (me(game)["standard"], me(game)["move"]) == (0, 1)
    act(game, "draw_weapon")
    refused(game, "use_ability", "e133.economy.standard", "Action Types", ability="roar")


def test_special_ability_defined_full_round_takes_the_round() -> None:
    """Use Special Ability: one defined as full-round takes the whole round."""
    game = new_game(abilities={"frenzy": {"type": "special", "action": "full_round"}})
    act(game, "use_ability", ability="frenzy")
    assert (me(game)["standard"], me(game)["move"]) == (0, 0)
    game = new_game(abilities={"frenzy": {"type": "special", "action": "full_round"}})
    act(game, "draw_weapon")
    refused(game, "use_ability", "e133.economy.full-round", "Full-Round Action",
            ability="frenzy")


# --- Withdraw -------------------------------------------------------------------------------


def test_withdraw_four_times_the_speed() -> None:
    """Withdraw: up to four times the speed (120 for 30), not 125."""
    game = new_game(speed=30)
    act(game, "withdraw", distance=120)
    assert me(game)["moved"] == 120
    refused(new_game(speed=30), "withdraw", "e133.withdraw.distance", "Withdraw", distance=125)


def test_withdraw_three_times_the_speed_in_heavy_armour() -> None:
    """Withdraw: in heavy armour three times the speed (90 for 30), not 95; medium armour
    keeps four times."""
    act(new_game(speed=30, armour="heavy"), "withdraw", distance=90)
    refused(new_game(speed=30, armour="heavy"), "withdraw", "e133.withdraw.distance",
            "Withdraw", distance=95)
    act(new_game(speed=30, armour="medium"), "withdraw", distance=120)


def test_withdraw_is_a_full_round_action() -> None:
    """Withdraw: a full-round action: not after a move action."""
    game = new_game()
    act(game, "withdraw", distance=30)
    assert (me(game)["standard"], me(game)["move"]) == (0, 0)
    game = new_game()
    act(game, "draw_weapon")
    refused(game, "withdraw", "e133.economy.full-round", "Full-Round Action", distance=30)


def test_withdraw_in_a_straight_line() -> None:
    """Withdraw: in a straight line only."""
    act(new_game(), "withdraw", distance=60, straight=True)
    refused(new_game(), "withdraw", "e133.withdraw.straight", "Withdraw", distance=60,
            straight=False)


def test_withdraw_loses_the_dexterity_bonus_until_the_next_turn() -> None:
    """Withdraw (READINGS: until the start of the next turn): the Dexterity bonus to AC is
    lost: the brute's attack rolls against AC 15 - 3 = 12; from Aria's next turn it is 15."""
    game = new_game(ac=15, dex_ac=3, brute={"attack_bonus": 0})
    act(game, "withdraw", distance=60)
    assert "no Dexterity bonus to AC" in me(game)["effects"]
    act(game, "end_turn")
    checks = rolls(act(game, "attack", actor="brute", dice=[12], target="aria"))
    assert (checks[0]["dc"], checks[0]["success"]) == (12, True)
    act(game, "end_turn", actor="brute")
    assert "no Dexterity bonus to AC" not in me(game)["effects"]


def test_withdraw_keeps_the_dexterity_bonus_without_withdrawing() -> None:
    """Withdraw: the loss comes from withdrawing; a plain move keeps AC 15."""
    game = new_game(ac=15, dex_ac=3, brute={"attack_bonus": 0})
    act(game, "move", distance=30)
    act(game, "end_turn")
    checks = rolls(act(game, "attack", actor="brute", dice=[12], target="aria"))
    assert (checks[0]["dc"], checks[0]["success"]) == (15, False)


def test_withdraw_start_square_provokes_no_visible_enemy() -> None:
    """Withdraw: the start square counts as unthreatened by enemies you can see."""
    game = new_game()
    act(game, "withdraw", distance=60, leaves_threatened_by=["brute"])
    refused(game, "aoo", "e133.withdraw.start-square", "Withdraw", actor="brute",
            target="aria")


def test_withdraw_start_square_provokes_an_invisible_enemy() -> None:
    """Withdraw: invisible enemies still get their attack at the start square."""
    game = new_game()
    act(game, "withdraw", distance=60, unseen_threatened_by=["brute"])
    act(game, "aoo", actor="brute", target="aria")


def test_withdraw_squares_passed_later_provoke() -> None:
    """Withdraw: a threatened square passed after the start square provokes as usual."""
    game = new_game(ogre=True)
    act(game, "withdraw", distance=60, leaves_threatened_by=["brute"],
        passes_threatened_by=["ogre"])
    act(game, "aoo", actor="ogre", target="aria")
    refused(game, "aoo", "e133.withdraw.start-square", "Withdraw", actor="brute",
            target="aria")


def test_withdraw_refused_when_blinded() -> None:
    """Withdraw: no withdrawing while blinded."""
    refused(new_game(conditions=["blinded"]), "withdraw", "e133.withdraw.blinded", "Withdraw",
            distance=30)
    refused(new_game(), "withdraw", "e133.withdraw.blinded", "Withdraw", distance=30,
            blinded=True)
    act(new_game(conditions=["prone"]), "withdraw", distance=30)


def test_withdraw_then_no_five_foot_step() -> None:
    """Withdraw: no 5-foot step in the round of a withdraw, after it or before it."""
    game = new_game()
    act(game, "withdraw", distance=30)
    refused(game, "five_foot_step", "e133.withdraw.no-step", "Withdraw")
    game = new_game()
    act(game, "five_foot_step")
    refused(game, "withdraw", "e133.withdraw.no-step", "Withdraw", distance=30)


def test_withdraw_only_with_a_listed_speed() -> None:
    """Withdraw: not with a movement mode you have no speed for; with one, 4x that speed."""
    refused(new_game(speeds={"walk": 30}), "withdraw", "e133.withdraw.listed-speed",
            "Withdraw", distance=30, mode="fly")
    act(new_game(speeds={"walk": 30, "fly": 40}), "withdraw", distance=160, mode="fly")
    refused(new_game(speeds={"walk": 30, "fly": 40}), "withdraw", "e133.withdraw.distance",
            "Withdraw", distance=165, mode="fly")


def test_withdraw_once_per_encounter() -> None:
    """Withdraw: once per combat encounter: the next round's withdraw is refused."""
    game = new_game()
    act(game, "withdraw", distance=30)
    next_round(game, "aria", "brute")
    refused(game, "withdraw", "e133.withdraw.once", "Withdraw", distance=30)
    act(game, "end_turn")
    act(game, "withdraw", actor="brute", distance=30)


# --- Restricted Withdraw --------------------------------------------------------------------


def surprise_game(**aria: Any) -> Game[Any]:
    """The brute is surprised: round 1 is a surprise round; Aria acts restricted in it."""
    return new_game(brute={"surprised": True}, **aria)


def test_restricted_withdraw_is_a_standard_action_up_to_twice_the_speed() -> None:
    """Restricted Withdraw: limited to a standard action, withdraw as one, up to 2x speed."""
    game = surprise_game(speed=30)
    act(game, "withdraw", distance=60)
    assert me(game)["standard"] == 0
    refused(surprise_game(speed=30), "withdraw", "e133.withdraw.restricted",
            "Restricted Withdraw", distance=65)


def test_restricted_withdraw_not_after_the_one_action() -> None:
    """Restricted Withdraw: it is the round's one action: not after a move (the refusal names
    the one-action limit, not the full-round rule a restricted withdraw does not follow), nor
    after an attack."""
    game = surprise_game(speed=30)
    act(game, "move", distance=10)
    refused(game, "withdraw", "e133.restricted.one-action", "Restricted Activity", distance=30)
    game = surprise_game(speed=30)
    act(game, "attack", target="brute")
    refusal = refused(game, "withdraw", "e133.restricted.one-action", "Restricted Activity",
                      distance=30)
    assert refusal.also == ("e133.withdraw.restricted",)


# --- Dash -----------------------------------------------------------------------------------


def test_dash_twice_the_speed() -> None:
    """Dash: a full-round action up to twice the speed (60 for 30), not 65."""
    game = new_game(speed=30)
    act(game, "dash", distance=60)
    assert (me(game)["standard"], me(game)["move"]) == (0, 0)
    refused(new_game(speed=30), "dash", "e133.dash.distance", "Dash", distance=65)


def test_dash_is_full_round() -> None:
    """Dash: the whole round: not after a move."""
    game = new_game()
    act(game, "draw_weapon")
    refusal = refused(game, "dash", "e133.economy.full-round", "Full-Round Action", distance=30)
    assert refusal.also == ("e133.dash.full-round",)
    game = new_game()
    act(game, "move", distance=5)
    refused(game, "dash", "e133.dash.full-round", "Dash", distance=30)


def test_dash_no_five_foot_step_without_run() -> None:
    """Dash: no 5-foot step in a dashing round, either order, unless you have Run."""
    game = new_game()
    act(game, "dash", distance=60)
    refused(game, "five_foot_step", "e133.dash.no-step", "Dash")
    game = new_game()
    act(game, "five_foot_step")
    refused(game, "dash", "e133.dash.no-step", "Dash", distance=60)


def test_dash_with_run_keeps_the_five_foot_step() -> None:
    """Dash (READINGS: Run keeps the step): with the Run feature the 5-foot step stays."""
    game = new_game(features=["run"])
    act(game, "dash", distance=60)
    act(game, "five_foot_step")


def test_dash_endurance_constitution_rounds_then_checks() -> None:
    """Dash: Constitution score rounds (2) without a check; then a DC 10 Constitution check,
    DC 11 the round after (one more per check made); a failure stops the dash."""
    game = new_game(con=2, speed=30)  # Constitution modifier (2 - 10) // 2 = -4
    for _ in range(2):
        assert rolls(act(game, "dash", distance=60)) == []
        next_round(game, "aria", "brute")
    checks = rolls(act(game, "dash", dice=[14], distance=60))
    assert (checks[0]["total"], checks[0]["dc"], checks[0]["success"]) == (10, 10, True)
    next_round(game, "aria", "brute")
    checks = rolls(act(game, "dash", dice=[14], distance=60))
    assert (checks[0]["total"], checks[0]["dc"], checks[0]["success"]) == (10, 11, False)
    assert me(game)["moved"] == 0 and me(game)["resting_until"] == 14
    refused(game, "dash", "e133.dash.endurance", "Dash", distance=60)


def test_dash_endurance_a_round_without_a_dash_resets() -> None:
    """Dash (READINGS: consecutive rounds): a round without a dash starts the count again."""
    game = new_game(con=2, speed=30)
    for _ in range(2):
        act(game, "dash", distance=60)
        next_round(game, "aria", "brute")
    next_round(game, "aria", "brute")
    assert rolls(act(game, "dash", distance=60)) == []


def test_dash_rest_ten_rounds_no_faster_than_a_move() -> None:
    """Dash (READINGS: the failed round is the first of 10): after failing in round 2, no dash
    in rounds 2-11 and at most the speed per round; round 12 dashes again."""
    game = new_game(con=1, speed=30)  # one round free, then DC 10 at -5
    act(game, "dash", distance=60)
    next_round(game, "aria", "brute")
    act(game, "dash", dice=[14], distance=60)  # 14 - 5 = 9 < DC 10: fails in round 2
    assert me(game)["resting_until"] == 12
    next_round(game, "aria", "brute")
    refused(game, "dash", "e133.dash.rest", "Dash", distance=60)
    act(game, "move", distance=30)
    refused(game, "move", "e133.dash.rest", "Dash", distance=5)
    for _ in range(8):
        next_round(game, "aria", "brute")
    assert game.view()["round"] == 11
    refused(game, "dash", "e133.dash.rest", "Dash", distance=60)
    next_round(game, "aria", "brute")
    assert game.view()["round"] == 12
    assert rolls(act(game, "dash", distance=60)) == []


def test_dash_not_across_difficult_terrain_or_unseen_ground() -> None:
    """Dash: not across difficult terrain, nor where you cannot see where you are going."""
    refused(new_game(), "dash", "e133.dash.terrain", "Dash", distance=30, difficult_terrain=True)
    refused(new_game(), "dash", "e133.dash.terrain", "Dash", distance=30, can_see=False)
    act(new_game(), "dash", distance=30, difficult_terrain=False, can_see=True)


def test_dash_only_with_a_listed_speed() -> None:
    """Dash: not with a mode you have no speed for; with a fly speed of 40, 80 ft flying."""
    refused(new_game(speeds={"walk": 30}), "dash", "e133.dash.listed-speed", "Dash",
            distance=30, mode="swim")
    act(new_game(speeds={"walk": 30, "fly": 40}), "dash", distance=80, mode="fly")
    refused(new_game(speeds={"walk": 30, "fly": 40}), "dash", "e133.dash.distance", "Dash",
            distance=85, mode="fly")


# --- Move 5 Feet through Difficult Terrain --------------------------------------------------


def test_difficult_step_for_someone_who_cannot_move_five_feet() -> None:
    """Move 5 Feet through Difficult Terrain: too slow to cover 5 ft (speed 5 in difficult
    terrain), a full-round action moves 5 ft."""
    game = new_game(speed=5)
    act(game, "difficult_step")
    assert (me(game)["moved"], me(game)["standard"], me(game)["move"]) == (5, 0, 0)


def test_difficult_step_refused_for_someone_who_can_move_five_feet() -> None:
    """Move 5 Feet through Difficult Terrain (READINGS: only when one cannot otherwise): a
    speed of 10 covers 5 ft of difficult terrain, so no; told to be hampered, yes."""
    refused(new_game(speed=10), "difficult_step", "e133.move.difficult-5ft",
            "Move 5 Feet through Difficult Terrain")
    act(new_game(speed=30), "difficult_step", hampered=True)


def test_difficult_step_provokes_unlike_a_five_foot_step() -> None:
    """Move 5 Feet through Difficult Terrain: it is not a 5-foot step: it provokes."""
    game = new_game(speed=5)
    act(game, "difficult_step", leaves_threatened_by=["brute"])
    act(game, "aoo", actor="brute", target="aria")


def test_difficult_step_is_full_round() -> None:
    """Move 5 Feet through Difficult Terrain: a full-round action: not after a standard."""
    game = new_game(speed=5)
    act(game, "attack", target="brute")
    refused(game, "difficult_step", "e133.economy.full-round", "Full-Round Action")


def test_difficult_step_in_any_direction_even_diagonally() -> None:
    """Move 5 Feet through Difficult Terrain: any direction, diagonals too, one square only."""
    placed = encounter(speed=5, position=[0, 0])
    placed["combatants"][1]["position"] = [6, 6]
    game = Game(R, placed)
    act(game, "difficult_step", to=[1, 1])
    assert me(game)["position"] == [1, 1]
    game = Game(R, placed)
    with pytest.raises(BadActionError, match="adjacent square"):
        game.check(Action("difficult_step", "aria", {"to": [2, 0]}))


# --- Free Actions ---------------------------------------------------------------------------


def test_free_actions_take_no_time() -> None:
    """Free Actions: they take no time: several after the whole round is spent."""
    game = new_game()
    act(game, "full_round_action")
    for what in ("open a door", "drop a coin", "hand an item to another character"):
        act(game, "free_action", what=what)
    view = me(game)
    assert (view["standard"], view["move"], view["free_used"]) == (0, 0, 3)


def test_free_actions_may_be_limited_per_turn() -> None:
    """Free Actions: a table may limit them (setting: 2 a turn): the third is refused, and a
    new turn has two again."""
    game = new_game(settings={"free_actions_per_turn": 2})
    act(game, "free_action", what="open a door")
    act(game, "draw_ammunition")
    refused(game, "free_action", "e133.free.limit", "Free Actions", what="kick a stone")
    next_round(game, "aria", "brute")
    act(game, "free_action", what="kick a stone")


def test_free_actions_only_on_ones_own_turn() -> None:
    """Free Actions (READINGS: only on one's own turn): the brute may not act freely on
    Aria's turn; on its own turn it may."""
    game = new_game()
    refused(game, "free_action", "e133.free.own-turn", "Free Action", actor="brute",
            what="drop a torch")
    act(game, "end_turn")
    act(game, "free_action", actor="brute", what="drop a torch")


def test_free_actions_rarely_provoke() -> None:
    """Free Actions: they rarely provoke: not unless the action says so."""
    game = new_game()
    act(game, "free_action", what="throw a lever", threatened_by=["brute"])
    assert aoo_rule(game) == "e133.aoo.table"
    game = new_game()
    act(game, "free_action", what="throw a lever", provokes=True, threatened_by=["brute"])
    assert aoo_rule(game) is None


# --- Bonus Actions --------------------------------------------------------------------------


def test_bonus_action_one_per_turn() -> None:
    """Bonus Actions: one per turn, whatever else you do; a second is refused."""
    game = new_game()
    act(game, "bonus_action", what="second wind")
    refused(game, "bonus_action", "e133.bonus.one-per-round", "Bonus Action", what="again")
    next_round(game, "aria", "brute")
    act(game, "bonus_action", what="second wind")


def test_bonus_action_leaves_the_other_actions() -> None:
    """Bonus Actions: like a free action, it does not touch the other actions: a full-round
    action after it, and one before it."""
    game = new_game()
    act(game, "bonus_action", what="second wind")
    act(game, "full_round_action")
    game = new_game()
    act(game, "attack", target="brute")
    act(game, "move", distance=30)
    act(game, "bonus_action", what="second wind")


def test_bonus_action_when_a_free_action_could_be_taken() -> None:
    """Bonus Actions: taken whenever a free action could be: on one's own turn only."""
    game = new_game()
    refused(game, "bonus_action", "e133.round.own-turn", "The Combat Round", actor="brute",
            what="second wind")
    act(game, "end_turn")
    act(game, "bonus_action", actor="brute", what="second wind")


def test_bonus_action_in_a_restricted_round() -> None:
    """Bonus Actions (READINGS: allowed under restricted activity; setting to forbid it)."""
    game = new_game(brute={"surprised": True})
    act(game, "attack", target="brute")
    act(game, "bonus_action", what="second wind")
    game = new_game(brute={"surprised": True}, settings={"restricted_bonus": False})
    refused(game, "bonus_action", "e133.restricted.bonus", "Restricted Activity",
            what="second wind")


def test_hide_is_a_bonus_action_with_a_stealth_check() -> None:
    """Hide: a bonus action and a Dexterity (Stealth) check: 12 + 3 reaches DC 15, hidden;
    the bonus action is then used."""
    game = new_game(stealth=3)
    checks = rolls(act(game, "hide", dice=[12], dc=15))
    assert (checks[0]["total"], checks[0]["success"]) == (15, True)
    assert me(game)["hidden"] is True and me(game)["bonus"] == 0
    assert (me(game)["standard"], me(game)["move"]) == (1, 1)
    second = refused(game, "hide", "e133.bonus.one-per-round", "Bonus Action", dc=15)
    assert second.also == ("e133.hide",)


def test_hide_fails_one_short() -> None:
    """Hide: 11 + 3 misses DC 15: not hidden."""
    game = new_game(stealth=3)
    checks = rolls(act(game, "hide", dice=[11], dc=15))
    assert (checks[0]["total"], checks[0]["success"]) == (14, False)
    assert me(game)["hidden"] is False


def test_hide_shares_the_one_bonus_action() -> None:
    """Hide / Bonus Actions: after another bonus action there is no hiding this turn."""
    game = new_game()
    act(game, "bonus_action", what="second wind")
    refusal = refused(game, "hide", "e133.bonus.one-per-round", "Bonus Action")
    assert refusal.also == ("e133.hide",)


@pytest.mark.parametrize(("cover", "bonus"), [("none", 0), ("quarter", 1), ("half", 2),
                                              ("three_quarters", 3)])
def test_cover_adds_to_ac(cover: str, bonus: int) -> None:
    """Hide: quarter cover +1, half +2, three-quarters +3 to AC (against AC 15)."""
    game = new_game(ac=15, cover=cover, brute={"attack_bonus": 0})
    act(game, "end_turn")
    checks = rolls(act(game, "attack", actor="brute", dice=[15 + bonus], target="aria"))
    assert (checks[0]["dc"], checks[0]["success"]) == (15 + bonus, True)
    if bonus:
        game.undo()
        checks = rolls(act(game, "attack", actor="brute", dice=[14 + bonus], target="aria"))
        assert checks[0]["success"] is False


@pytest.mark.parametrize(("cover", "bonus"), [("none", 0), ("quarter", 1), ("half", 2),
                                              ("three_quarters", 3)])
def test_cover_adds_to_dexterity_saves(cover: str, bonus: int) -> None:
    """Hide: the same +1/+2/+3 on Dexterity saving throws (DC 15, a 15 - bonus saves)."""
    game = new_game(cover=cover)
    checks = rolls(act(game, "dexterity_save", dice=[15 - bonus], dc=15, modifier=0))
    assert (checks[0]["total"], checks[0]["success"]) == (15, True)
    game = new_game(cover=cover)
    checks = rolls(act(game, "dexterity_save", dice=[14 - bonus], dc=15, modifier=0))
    assert checks[0]["success"] is False


def test_total_cover_blocks_targeting() -> None:
    """Hide: total cover as in the Player's Handbook: the target cannot be attacked."""
    game = new_game(cover="total")
    act(game, "end_turn")
    refused(game, "attack", "e133.cover", "Hide", actor="brute", target="aria")


def test_start_and_park_a_vehicle_are_bonus_actions() -> None:
    """Start Vehicle: starting or parking is a bonus action (one a turn)."""
    game = new_game(in_vehicle=True)
    act(game, "start_vehicle")
    view = me(game)
    assert (view["bonus"], view["standard"], view["move"], view["vehicle_running"]) == (
        0, 1, 1, True)
    refused(game, "park_vehicle", "e133.bonus.one-per-round", "Bonus Action")
    next_round(game, "aria", "brute")
    act(game, "park_vehicle")
    assert me(game)["vehicle_running"] is False


def test_hotwire_or_difficult_parking_is_a_standard_action_with_a_check() -> None:
    """Start Vehicle: hotwiring (or difficult parking) is a standard action and a skill
    check; the bonus action stays."""
    game = new_game(in_vehicle=True)
    checks = rolls(act(game, "start_vehicle", dice=[15], hotwire=True, dc=15, modifier=0))
    assert checks[0]["success"] is True
    assert (me(game)["standard"], me(game)["bonus"]) == (0, 1)
    refused(game, "park_vehicle", "e133.economy.standard", "Action Types", difficult=True,
            dc=10)


def test_trigger_a_bomb_or_trap_is_a_bonus_action() -> None:
    """Trigger Bomb or Trap: a bonus action: not after another bonus action."""
    game = new_game()
    act(game, "trigger_device", device="tripwire")
    assert (me(game)["bonus"], me(game)["standard"]) == (0, 1)
    refused(game, "trigger_device", "e133.bonus.one-per-round", "Bonus Action", device="mine")


# --- Reactions ------------------------------------------------------------------------------


def test_reaction_on_ones_own_turn_is_the_bonus_action() -> None:
    """Reactions: on your own turn a reaction is that turn's bonus action, either order."""
    game = new_game()
    act(game, "reaction", what="open a parachute")
    refused(game, "bonus_action", "e133.bonus.one-per-round", "Bonus Action", what="x")
    game = new_game()
    act(game, "bonus_action", what="second wind")
    refusal = refused(game, "reaction", "e133.bonus.one-per-round", "Bonus Action",
                      what="open a parachute")
    assert refusal.also == ("e133.reaction.own-turn-is-bonus",)


def test_reaction_any_time_even_off_ones_turn() -> None:
    """Reactions: at any time, even on someone else's turn (open a parachute)."""
    game = new_game()
    act(game, "reaction", actor="brute", what="open a parachute")
    assert me(game, "brute")["reaction_charged"] is True


def test_off_turn_reaction_takes_the_coming_turns_bonus_action() -> None:
    """Reactions: a reaction before your turn is the coming turn's bonus action: none then;
    and no second reaction before that turn is over."""
    game = new_game(ogre=True)
    act(game, "reaction", actor="brute", what="open a parachute")
    refused(game, "reaction", "e133.reaction.charges-next-turn", "Reactions", actor="brute",
            what="again")
    act(game, "end_turn")
    refused(game, "bonus_action", "e133.reaction.charges-next-turn", "Reactions",
            actor="brute", what="second wind")
    refused(game, "reaction", "e133.reaction.charges-next-turn", "Reactions", actor="brute",
            what="again")
    act(game, "end_turn", actor="brute")
    act(game, "reaction", actor="brute", what="open a parachute")


def test_off_turn_reaction_after_ones_own_bonus_action() -> None:
    """Reactions (READINGS: charged to the coming turn even when this turn's slot is used):
    the brute's bonus action on its turn, then a reaction on the ogre's turn."""
    game = new_game(ogre=True)
    act(game, "end_turn")
    act(game, "bonus_action", actor="brute", what="second wind")
    act(game, "end_turn", actor="brute")
    act(game, "reaction", actor="brute", what="open a parachute")
    act(game, "end_turn", actor="ogre")
    act(game, "end_turn")
    refused(game, "bonus_action", "e133.reaction.charges-next-turn", "Reactions",
            actor="brute", what="second wind")


def test_no_reaction_while_surprised() -> None:
    """Reactions: not while surprised (until one's first turn); the others may."""
    game = new_game(ogre=True, brute={"surprised": True})
    refused(game, "reaction", "e133.reaction.not-surprised", "Reactions", actor="brute",
            what="open a parachute")
    act(game, "reaction", actor="ogre", what="open a parachute")
    act(game, "move", distance=10, leaves_threatened_by=["brute"])
    refused(game, "aoo", "e133.reaction.not-surprised", "Reactions", actor="brute",
            target="aria")


def test_reaction_after_surprise_once_the_first_turn_began() -> None:
    """Reactions: the surprised brute reacts once its first turn (round 2) has begun."""
    game = new_game(brute={"surprised": True})
    act(game, "end_turn")  # the surprise round: the brute has no turn in it
    assert game.whose_turn() == "aria" and game.view()["round"] == 2
    refused(game, "reaction", "e133.reaction.not-surprised", "Reactions", actor="brute",
            what="open a parachute")
    act(game, "end_turn")
    act(game, "end_turn", actor="brute")
    act(game, "reaction", actor="brute", what="open a parachute")


# --- Take 5-Foot Step -----------------------------------------------------------------------


def test_five_foot_step_in_any_round_without_other_movement() -> None:
    """Take 5-Foot Step: 5 feet in a round without other movement, every round."""
    game = new_game()
    act(game, "five_foot_step")
    assert me(game)["moved"] == 5
    next_round(game, "aria", "brute")
    act(game, "five_foot_step")


def test_five_foot_step_once_a_round() -> None:
    """Take 5-Foot Step: no more than one a round."""
    game = new_game()
    act(game, "five_foot_step")
    refused(game, "five_foot_step", "e133.five-foot-step.once", "Take 5-Foot Step")


def test_five_foot_step_not_with_movement_either_order() -> None:
    """Take 5-Foot Step: not in a round in which you move any distance, before or after."""
    game = new_game()
    act(game, "five_foot_step")
    refused(game, "move", "e133.five-foot-step.no-other-movement", "Take 5-Foot Step",
            distance=5)
    game = new_game()
    act(game, "move", distance=5)
    refused(game, "five_foot_step", "e133.five-foot-step.no-other-movement", "Take 5-Foot Step")


def test_five_foot_step_before_during_or_after_other_actions() -> None:
    """Take 5-Foot Step: before, during or after the round's other actions."""
    game = new_game()
    act(game, "five_foot_step")
    act(game, "attack", target="brute")
    game = new_game()
    act(game, "draw_weapon")
    act(game, "five_foot_step")
    act(game, "attack", target="brute")
    game = new_game()
    act(game, "attack", target="brute")
    act(game, "draw_weapon")
    act(game, "five_foot_step")


def test_five_foot_step_never_provokes() -> None:
    """Take 5-Foot Step: never an attack of opportunity, even out of a threatened square."""
    game = new_game()
    act(game, "five_foot_step", leaves_threatened_by=["brute"])
    refused(game, "aoo", "e133.five-foot-step.no-provoke", "Take 5-Foot Step", actor="brute",
            target="aria")


def test_five_foot_step_not_in_difficult_terrain_or_darkness() -> None:
    """Take 5-Foot Step: only when difficult terrain or darkness do not hamper you."""
    refused(new_game(), "five_foot_step", "e133.five-foot-step.terrain", "Take 5-Foot Step",
            difficult_terrain=True)
    refused(new_game(), "five_foot_step", "e133.five-foot-step.terrain", "Take 5-Foot Step",
            dark=True)
    act(new_game(), "five_foot_step", difficult_terrain=False, dark=False)


def test_five_foot_step_not_for_a_speed_of_five_or_less() -> None:
    """Take 5-Foot Step: a speed of 5 ft or less has none; 10 ft has one."""
    refused(new_game(speed=5), "five_foot_step", "e133.five-foot-step.slow", "Take 5-Foot Step")
    act(new_game(speed=10), "five_foot_step")


def test_five_foot_step_only_with_a_listed_speed() -> None:
    """Take 5-Foot Step: not with a mode you have no speed for."""
    refused(new_game(speeds={"walk": 30}), "five_foot_step", "e133.five-foot-step.listed-speed",
            "Take 5-Foot Step", mode="fly")
    act(new_game(speeds={"walk": 30, "fly": 30}), "five_foot_step", mode="fly")


def test_five_foot_step_a_slow_mode_counts_on_its_own() -> None:
    """Take 5-Foot Step: the slow-creature limit looks at the speed of the mode used: a
    5-ft swim speed gives no swimming step even with a 30-ft walk."""
    refused(new_game(speeds={"walk": 30, "swim": 5}), "five_foot_step",
            "e133.five-foot-step.slow", "Take 5-Foot Step", mode="swim")


# --- Use Feature ----------------------------------------------------------------------------


def test_use_feature_only_one_you_have() -> None:
    """Use Feature: a feature you have is used as its description says (the action it
    names); one you lack is refused."""
    game = new_game(features=["battle_cry"])
    act(game, "use_feature", feature="battle_cry", action="move")
    assert (me(game)["move"], me(game)["standard"]) == (0, 1)
    refused(new_game(features=[]), "use_feature", "e133.feature", "Use Feature",
            feature="battle_cry")


def test_use_feature_usually_needs_no_provocation() -> None:
    """Use Feature: it provokes only when its description says so."""
    game = new_game(features=["battle_cry"])
    act(game, "use_feature", feature="battle_cry", threatened_by=["brute"])
    assert aoo_rule(game) is not None
    game = new_game(features=["battle_cry"])
    act(game, "use_feature", feature="battle_cry", provokes=True, threatened_by=["brute"])
    assert aoo_rule(game) is None


# --- Use Skill ------------------------------------------------------------------------------


def test_use_skill_mostly_a_standard_action() -> None:
    """Use Skill: most skill uses take a standard action."""
    game = new_game()
    act(game, "use_skill", skill="medicine")
    assert (me(game)["standard"], me(game)["move"]) == (0, 1)
    act(game, "move", distance=30)
    refused(game, "use_skill", "e133.economy.standard", "Action Types", skill="medicine")


@pytest.mark.parametrize(("action", "left"), [("move", (1, 0)), ("full_round", (0, 0)),
                                               ("free", (1, 1))])
def test_use_skill_other_action_types(action: str, left: tuple[int, int]) -> None:
    """Use Skill: some take a move action, a full-round action, or a free action."""
    game = new_game()
    act(game, "use_skill", skill="perception", action=action)
    assert (me(game)["standard"], me(game)["move"]) == left


def test_use_skill_full_round_not_after_a_move() -> None:
    """Use Skill: a full-round skill use takes the whole round."""
    game = new_game()
    act(game, "move", distance=10)
    refused(game, "use_skill", "e133.economy.full-round", "Full-Round Action",
            skill="disable device", action="full_round")


def test_use_skill_rolls_against_its_dc() -> None:
    """Use Skill: a check against the DC: 10 + 5 reaches 15, 9 + 5 does not."""
    game = new_game()
    checks = rolls(act(game, "use_skill", dice=[10], skill="athletics", dc=15, modifier=5))
    assert (checks[0]["total"], checks[0]["success"]) == (15, True)
    game = new_game()
    checks = rolls(act(game, "use_skill", dice=[9], skill="athletics", dc=15, modifier=5))
    assert (checks[0]["total"], checks[0]["success"]) == (14, False)


# --- Edges found on a second reading ---------------------------------------------------------


def test_move_a_climb_speed_is_its_own() -> None:
    """Move / Using Different Speeds: the half-speed climb is for someone without a climb
    speed; a climb speed of 20 climbs 20 (not 25) in one move action."""
    game = new_game(speeds={"walk": 30, "climb": 20}, settings={"double_move": False})
    act(game, "move", distance=20, mode="climb")
    refused(new_game(speeds={"walk": 30, "climb": 20}, settings={"double_move": False}),
            "move", "e133.move.speed", "Move", distance=25, mode="climb")


def test_accelerated_is_only_for_climbing_and_swimming() -> None:
    """Accelerated Climbing and Swimming: the -5 trade is for a climb or a swim, not a walk."""
    refused(new_game(), "move", "e133.move.accelerated", "Accelerated Climbing and Swimming",
            distance=30, accelerated=True)


def test_control_mount_needs_a_mount() -> None:
    """Table: Move Actions: controlling a frightened mount is for a rider."""
    refused(new_game(mounted=False), "control_mount", "e133.mount.frightened",
            "Table: Move Actions")


def test_fast_enter_failed_with_only_the_standard_left_pays_it_as_the_move() -> None:
    """Fast Enter or Exit Vehicle: after a full move the double move keeps the fast enter
    possible; a failure then makes it the move action paid with the standard."""
    game = new_game(navigation=0)
    act(game, "move", distance=30)
    act(game, "enter_vehicle", dice=[3], fast=True)
    view = me(game)
    assert (view["standard"], view["move"], view["in_vehicle"]) == (0, 0, True)


def test_dash_not_when_blinded() -> None:
    """Dash: a blinded runner cannot see where it is going."""
    refused(new_game(conditions=["blinded"]), "dash", "e133.dash.terrain", "Dash", distance=30)


def test_dash_leaving_a_threatened_square_provokes() -> None:
    """Dash / Table: Move Actions: a dash is movement: leaving a threatened square provokes."""
    game = new_game()
    act(game, "dash", distance=60, leaves_threatened_by=["brute"])
    act(game, "aoo", actor="brute", target="aria")


def test_dash_rest_also_caps_a_withdraw() -> None:
    """Dash (READINGS: at most the speed per round while resting): a withdraw during the
    rest goes no farther than the speed."""
    game = new_game(con=1, speed=30)
    act(game, "dash", distance=60)
    next_round(game, "aria", "brute")
    act(game, "dash", dice=[1], distance=60)
    next_round(game, "aria", "brute")
    refused(game, "withdraw", "e133.dash.rest", "Dash", distance=35)
    act(game, "withdraw", distance=30)


def test_restricted_withdraw_counts_for_the_once_per_encounter() -> None:
    """Restricted Withdraw / Withdraw: the restricted one is the encounter's withdraw too."""
    game = surprise_game()
    act(game, "withdraw", distance=60)
    act(game, "end_turn")
    refused(game, "withdraw", "e133.withdraw.once", "Withdraw", distance=30)


def test_start_vehicle_needs_a_vehicle() -> None:
    """Start Vehicle: starting one needs being in it."""
    refused(new_game(in_vehicle=False), "start_vehicle", "e133.vehicle.start", "Start Vehicle")


FREE_LIST = ["open or close a door", "take a bauble from a table", "remove a ring",
             "stuff some food into your mouth", "plant a banner", "fish a few coins out",
             "drink the ale in a flagon", "throw a lever", "pull a torch from a sconce",
             "take a book from a shelf", "extinguish a small flame", "don a mask",
             "pull up a hood", "put an ear to a door", "kick a small stone",
             "turn a key in a lock", "tap the floor with a 10-foot pole",
             "hand an item to another character"]


def test_free_action_list_every_item_is_free() -> None:
    """Free Actions, the list: each (said in our words) is a free action, all in one turn
    after a full-round action, none provoking."""
    game = new_game()
    act(game, "full_round_action")
    for what in FREE_LIST:
        act(game, "free_action", what=what, threatened_by=["brute"])
        assert aoo_rule(game) == "e133.aoo.table"
    assert me(game)["free_used"] == len(FREE_LIST)


def test_free_action_list_potion_and_axe_follow_the_table() -> None:
    """Free Actions, the list (READINGS: the table wins): taking a potion out of the backpack
    is retrieving a stored item and picking up an axe is picking up an item: move actions
    that provoke; with the setting the list wins, free and quiet."""
    game = new_game()
    act(game, "full_round_action")
    spent = refused(game, "retrieve_item", "e133.economy.move", "Action Types")
    assert spent.also == ("e133.item.manipulate",)
    game = new_game(settings={"free_list_wins": True})
    act(game, "full_round_action")
    act(game, "retrieve_item", threatened_by=["brute"])
    assert aoo_rule(game) == "e133.aoo.table"
    act(game, "pick_up_item")


def placed_game(aria: list[int], ogre: list[int], **fields: Any) -> Game[Any]:
    """A placed encounter: Aria, the brute far off at [6, 6], the ogre (5-ft reach)."""
    return Game(R, {"combatants": [
        {"id": "aria", "initiative": 18, "position": aria, **fields},
        {"id": "brute", "initiative": 9, "side": "foes", "position": [6, 6]},
        {"id": "ogre", "initiative": 5, "side": "foes", "position": ogre},
    ]})


def test_crawl_provokes_from_a_threat_at_its_end() -> None:
    """Crawling: any attacker threatening you at any point of the crawl: crawling from
    [0, 0] to [1, 0] next to the ogre at [2, 0] provokes it, though the start square was out
    of its reach."""
    game = placed_game([0, 0], [2, 0], conditions=["prone"])
    act(game, "crawl", to=[1, 0])
    act(game, "aoo", actor="ogre", target="aria")


def test_crawl_out_of_reach_all_along_provokes_nobody() -> None:
    """Crawling: an ogre that threatens no point of the crawl gets nothing."""
    game = placed_game([0, 0], [4, 0], conditions=["prone"])
    act(game, "crawl", to=[1, 0])
    refused(game, "aoo", "e133.aoo.reaction", "Attacks of Opportunity", actor="ogre",
            target="aria")


def test_move_into_a_threatened_square_does_not_provoke() -> None:
    """Table: Move Actions (move, with note 1): a move provokes on leaving a threatened square,
    not on entering one (unlike a crawl)."""
    game = placed_game([0, 0], [2, 0])
    act(game, "move", to=[1, 0])
    refused(game, "aoo", "e133.aoo.reaction", "Attacks of Opportunity", actor="ogre",
            target="aria")


def test_speeds_switch_holds_across_a_broken_up_move() -> None:
    """Using Different Speeds / Breaking Up Your Move: fly 20, act, and the walk still has
    only 10 left in that move action."""
    game = new_game(speeds={"walk": 30, "fly": 60})
    act(game, "move", distance=20, mode="fly")
    act(game, "attack", target="brute")
    refused(game, "move", "e133.move.speeds-switch", "Using Different Speeds", distance=15,
            mode="walk")
    act(game, "move", distance=10, mode="walk")


def test_speeds_switch_is_within_one_move_a_new_move_starts_fresh() -> None:
    """Using Different Speeds: the subtraction is during the current move: a second move
    action (a double move) walks its whole 30, not 35."""
    game = new_game(speeds={"walk": 30, "fly": 60})
    act(game, "move", distance=60, mode="fly")
    refused(game, "move", "e133.move.speed", "Move", distance=35, mode="walk")
    act(game, "move", distance=30, mode="walk")
    assert me(game)["moved"] == 90


def test_move_half_speed_terrain_mixed_with_open_ground() -> None:
    """Move: 10 ft of open ground and 10 ft of difficult terrain (costing 20) fill a 30-ft
    move action; nothing is left."""
    game = new_game(speed=30, settings={"double_move": False})
    act(game, "move", distance=10)
    act(game, "move", distance=10, difficult_terrain=True)
    assert me(game)["move_used"] == 30
    game = new_game(speed=30, settings={"double_move": False})
    act(game, "move", distance=10)
    refused(game, "move", "e133.move.difficult-terrain", "Move", distance=15,
            difficult_terrain=True)


def test_crawl_twice_with_a_double_move() -> None:
    """Crawling / Action Types: each crawl is a move action: two with the standard given up,
    not a third."""
    game = new_game(conditions=["prone"])
    act(game, "crawl", distance=5)
    act(game, "crawl", distance=5)
    assert me(game)["moved"] == 10
    spent = refused(game, "crawl", "e133.economy.move", "Action Types", distance=5)
    assert spent.also == ("e133.move.crawl",)


def test_free_limit_counts_every_free_action() -> None:
    """Free Actions (the table's limit): a fast enter and a draw during a move are free
    actions too, so with a limit of 1 they are refused after drawing ammunition."""
    game = new_game(settings={"free_actions_per_turn": 1}, bab=1)
    act(game, "draw_ammunition")
    refused(game, "enter_vehicle", "e133.free.limit", "Free Actions", fast=True)
    act(game, "move", distance=5)
    refused(game, "draw_weapon", "e133.free.limit", "Free Actions", with_move=True)
    game = new_game(settings={"free_actions_per_turn": 1}, bab=1)
    act(game, "move", distance=5)
    act(game, "draw_weapon", with_move=True)


def test_off_turn_reaction_after_ones_turn_holds_until_the_next_turn_ends() -> None:
    """Reactions: a reaction after one's own turn (on the ogre's turn) bars reactions and the
    bonus action until after one's next turn: not on Aria's turn of round 2, not as the
    brute's bonus action, and again once that turn is over."""
    game = new_game(ogre=True)
    next_round(game, "aria", "brute")
    act(game, "reaction", actor="brute", what="open a parachute")
    next_round(game, "ogre")
    refused(game, "reaction", "e133.reaction.charges-next-turn", "Reactions", actor="brute",
            what="again")
    act(game, "end_turn")
    refused(game, "bonus_action", "e133.reaction.charges-next-turn", "Reactions",
            actor="brute", what="second wind")
    act(game, "end_turn", actor="brute")
    act(game, "reaction", actor="brute", what="open a parachute")


def test_restricted_withdraw_under_a_restricting_condition() -> None:
    """Restricted Withdraw: any limit to one standard action (here the restricted condition,
    outside a surprise round) makes the withdraw a standard action of 2x speed."""
    game = new_game(conditions=["restricted"], speed=30)
    refused(game, "withdraw", "e133.withdraw.restricted", "Restricted Withdraw", distance=65)
    act(game, "withdraw", distance=60)
    assert me(game)["standard"] == 0


def test_withdraw_placed_start_square_and_squares_passed() -> None:
    """Withdraw (placed): the ogre beside the start square gets nothing; the brute, whose
    reach covers a square passed later, gets its attack."""
    game = Game(R, {"combatants": [
        {"id": "aria", "initiative": 18, "position": [0, 0]},
        {"id": "brute", "initiative": 9, "side": "foes", "position": [3, 1]},
        {"id": "ogre", "initiative": 5, "side": "foes", "position": [-1, 0]},
    ]})
    act(game, "withdraw", to=[6, 0])
    refused(game, "aoo", "e133.withdraw.start-square", "Withdraw", actor="ogre", target="aria")
    act(game, "aoo", actor="brute", target="aria")


def test_withdraw_placed_a_long_reach_still_threatens_the_next_square() -> None:
    """Withdraw (placed): only the start square is exempt: an ogre with a 10-ft whip that also
    threatens the next square passed gets its attack there; a 5-ft one does not."""
    def withdraw_from(reach: int) -> Game[Any]:
        game = Game(R, {"combatants": [
            {"id": "aria", "initiative": 18, "position": [0, 0]},
            {"id": "brute", "initiative": 9, "side": "foes", "position": [9, 9]},
            {"id": "ogre", "initiative": 5, "side": "foes", "position": [-1, 0],
             "weapons": {"whip": {"kind": "melee", "reach": reach}}},
        ]})
        act(game, "withdraw", to=[4, 0])
        return game
    act(withdraw_from(10), "aoo", actor="ogre", target="aria")
    refused(withdraw_from(5), "aoo", "e133.withdraw.start-square", "Withdraw", actor="ogre",
            target="aria")


# --- What legal_actions offers keeps to the same rules --------------------------------------


def offered(game: Game[Any], actor: str = "aria") -> set[str]:
    offers = list(game.legal_actions(actor))
    for offer in offers:
        assert game.check(offer) is None, f"offered but refused: {offer}"
    return {offer.kind for offer in offers}


def test_offers_follow_the_movement_rules() -> None:
    """Move / Dash / Withdraw / Take 5-Foot Step / Bonus Actions, as offered: what is refused
    is not offered, what is allowed is (each offer passes check)."""
    fresh = new_game()
    assert {"move", "dash", "withdraw", "five_foot_step", "hide"} <= offered(fresh)
    moved = new_game()
    act(moved, "move", distance=5)
    assert not {"five_foot_step", "dash", "withdraw"} & offered(moved)
    dashed = new_game()
    act(dashed, "dash", distance=60)
    assert not {"five_foot_step", "move", "withdraw"} & offered(dashed)
    runner = new_game(features=["run"])
    act(runner, "dash", distance=60)
    assert "five_foot_step" in offered(runner)
    stepped = new_game()
    act(stepped, "five_foot_step")
    assert not {"five_foot_step", "move", "dash", "withdraw"} & offered(stepped)
    assert "five_foot_step" not in offered(new_game(speed=5))
    assert "dash" not in offered(new_game(in_vehicle=True, vehicle_speed=60))
    hidden = new_game()
    act(hidden, "bonus_action", what="second wind")
    assert "hide" not in offered(hidden)
    assert "stand_up" in offered(new_game(conditions=["prone"]))
    assert "stand_up" not in offered(new_game())


def test_offers_withdraw_once_and_no_dash_while_resting() -> None:
    """Withdraw / Dash, as offered: no second withdraw in the encounter; no dash while
    resting after a failed endurance check."""
    game = new_game(con=1)
    act(game, "withdraw", distance=30)
    next_round(game, "aria", "brute")
    assert "withdraw" not in offered(game)
    act(game, "dash", distance=60)
    next_round(game, "aria", "brute")
    act(game, "dash", dice=[1], distance=60)
    assert "dash" not in offered(game)
    next_round(game, "aria", "brute")
    assert "dash" not in offered(game) and "move" in offered(game)


def test_offers_off_turn_only_reactions() -> None:
    """Free Actions / Bonus Actions / Reactions, as offered: off its turn the brute is offered
    no free or bonus action; provoked, it is offered its attack of opportunity."""
    game = new_game()
    assert not {"free_action", "hide", "draw_ammunition", "bonus_action"} & offered(game, "brute")
    act(game, "move", distance=10, leaves_threatened_by=["brute"])
    assert "aoo" in offered(game, "brute")
    act(game, "aoo", actor="brute", target="aria")
    assert "aoo" not in offered(game, "brute")


def test_dash_rest_also_caps_a_charge() -> None:
    """Dash (READINGS: at most the speed per round while resting): no moving faster than a
    normal move action, so a charge during the rest goes 30 ft, not 35 (outside the rest it
    goes 60)."""
    game = new_game(con=1, speed=30)
    act(game, "charge", target="brute", distance=60)
    next_round(game, "aria", "brute")
    act(game, "dash", distance=60)
    next_round(game, "aria", "brute")
    act(game, "dash", dice=[1], distance=60)
    next_round(game, "aria", "brute")
    refused(game, "charge", "e133.dash.rest", "Dash", target="brute", distance=35)
    act(game, "charge", target="brute", distance=30)


# --- Table: Move Actions in a placed encounter (the positions decide who is threatened) ----

PLACED_PROVOKING: list[tuple[str, dict[str, Any], dict[str, Any]]] = [
    ("move", {"to": [0, 3]}, {}),
    ("pilot_vehicle", {"to": [0, 3]}, {"in_vehicle": True, "vehicle_speed": 60}),
    ("control_mount", {}, {"mounted": True}),
    ("move_heavy_object", {}, {}),
    ("pick_up_item", {}, {}),
    ("sheathe_weapon", {}, {"weapons": {"sword": {"kind": "melee"}}}),
    ("stand_up", {}, {"conditions": ["prone"]}),
    ("retrieve_item", {}, {}),
    ("crawl", {"to": [0, 1]}, {"conditions": ["prone"]}),
    ("difficult_step", {"to": [0, 1], "hampered": True}, {}),
    ("dash", {"to": [0, 6]}, {}),
]

PLACED_QUIET: list[tuple[str, dict[str, Any], dict[str, Any], str]] = [
    ("draw_weapon", {}, {"weapons": {"sword": {"kind": "melee", "drawn": False}}},
     "e133.aoo.table"),
    ("mount", {}, {}, "e133.aoo.table"),
    ("dismount", {}, {"mounted": True}, "e133.aoo.table"),
    ("enter_vehicle", {}, {}, "e133.vehicle.enter-exit"),
    ("exit_vehicle", {}, {"in_vehicle": True}, "e133.vehicle.enter-exit"),
    ("ready_shield", {}, {"shield": "carried"}, "e133.aoo.table"),
    ("loose_shield", {}, {"shield": "worn"}, "e133.aoo.table"),
    ("five_foot_step", {"to": [0, 1]}, {}, "e133.five-foot-step.no-provoke"),
]


@pytest.mark.parametrize(("kind", "params", "aria"), PLACED_PROVOKING,
                         ids=[row[0] for row in PLACED_PROVOKING])
def test_placed_move_table_rows_that_provoke(kind: str, params: dict[str, Any],
                                             aria: dict[str, Any]) -> None:
    """Table: Move Actions (placed): the ogre next to Aria gets its attack; the brute far
    off does not."""
    game = placed_game([0, 0], [-1, 0], **aria)
    act(game, kind, **params)
    refused(game, "aoo", "e133.aoo.reaction", "Attacks of Opportunity", actor="brute",
            target="aria")
    act(game, "aoo", actor="ogre", target="aria")


@pytest.mark.parametrize(("kind", "params", "aria", "rule"), PLACED_QUIET,
                         ids=[row[0] for row in PLACED_QUIET])
def test_placed_move_table_rows_that_do_not_provoke(kind: str, params: dict[str, Any],
                                                    aria: dict[str, Any], rule: str) -> None:
    """Table: Move Actions / Take 5-Foot Step (placed): even the ogre next to Aria gets
    nothing, and is told why."""
    game = placed_game([0, 0], [-1, 0], **aria)
    act(game, kind, **params)
    assert aoo_rule(game, "ogre") == rule


def test_placed_declared_threats_are_malformed() -> None:
    """Attacks of Opportunity (placed, docs): where the positions decide, naming who
    threatens is a malformed action, named."""
    game = placed_game([0, 0], [-1, 0], conditions=["prone"])
    with pytest.raises(BadActionError, match="threatened_by"):
        game.check(Action("stand_up", "aria", {"threatened_by": ["ogre"]}))
