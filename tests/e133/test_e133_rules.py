"""Unit tests of the trickier Element 133 rules: initiative, durations, reactions, dash
endurance, withdraw, and that bad input changes nothing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from turnkeeper.core.game import Game, state_hash
from turnkeeper.core.model import Action, BadActionError, IllegalActionError
from turnkeeper.core.ruleset import SetupError
from turnkeeper.dice.source import ForcedDice
from turnkeeper.rulesets import get_ruleset
from turnkeeper.rulesets.e133 import RULESET

R = RULESET
assert get_ruleset("e133") is RULESET
EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "e133" / "ambush.yaml"


def three(**extra: Any) -> dict[str, Any]:
    return {
        "combatants": [
            {"id": "aria", "initiative": 18, "speeds": {"walk": 30, "fly": 60}, **extra},
            {"id": "brute", "initiative": 9, "side": "foes"},
            {"id": "cultist", "initiative": 5, "side": "foes"},
        ]
    }


def play(game: Game[Any], actor: str, kind: str, dice: list[int] | None = None,
         **params: Any) -> list[Any]:
    forced = ForcedDice(dice) if dice is not None else None
    return game.play(Action(kind, actor, params), dice=forced)


def refusal(game: Game[Any], actor: str, kind: str, **params: Any) -> str | None:
    result = game.check(Action(kind, actor, params))
    return None if result is None else result.rule


def end(game: Game[Any]) -> None:
    who = game.whose_turn()
    assert who is not None
    play(game, who, "end_turn")


# ---------------------------------------------------------------------------- initiative
def test_initiative_is_rolled_and_ties_go_to_the_higher_modifier() -> None:
    config = {"combatants": [
        {"id": "low", "init_mod": 2}, {"id": "high", "init_mod": 5, "side": "b"},
    ]}
    game = Game(R, config, dice=ForcedDice([15, 12]))
    view = game.view()
    assert view["combatants"]["low"]["initiative"] == 17
    assert view["combatants"]["high"]["initiative"] == 17
    assert view["order"] == ["high", "low"]
    assert game.whose_turn() == "high"


def test_initiative_full_ties_are_rolled_off() -> None:
    config = {"combatants": [
        {"id": "a", "init_mod": 1}, {"id": "b", "init_mod": 1, "side": "b"},
    ]}
    # both roll 10 (count 11, modifier 1): a roll-off of 3 against 17 puts b first
    game = Game(R, config, dice=ForcedDice([10, 10, 3, 17]))
    assert game.view()["order"] == ["b", "a"]


def test_fixed_counts_and_the_same_order_every_round() -> None:
    game = Game(R, three())
    seen = []
    for _ in range(6):
        seen.append(game.whose_turn())
        end(game)
    assert seen == ["aria", "brute", "cultist"] * 2
    assert game.view()["round"] == 3


# ---------------------------------------------------------------------------- durations
def test_a_duration_ends_just_before_the_count_it_began_on() -> None:
    game = Game(R, three())
    end(game)  # brute's turn, count 9
    play(game, "brute", "cast", spell="bless", duration_rounds=2)
    for _ in range(2 * 3 - 1):  # through round 3, up to just before brute's turn
        end(game)
        assert game.view()["combatants"]["brute"]["effects"] == ["bless"]
    end(game)
    assert game.whose_turn() == "brute" and game.view()["round"] == 3
    assert game.view()["combatants"]["brute"]["effects"] == []
    assert game.view()["combatants"]["brute"]["ended"]["bless"] == "e133.round.duration"


def test_a_duration_started_off_turn_counts_from_the_count_then_current() -> None:
    # aria casts on her own turn at 18; the effect is gone when round 2 reaches 18
    game = Game(R, three())
    play(game, "aria", "cast", spell="shield", duration_rounds=1)
    end(game)
    end(game)
    assert game.view()["combatants"]["aria"]["effects"] == ["shield"]
    end(game)
    assert game.whose_turn() == "aria"
    assert game.view()["combatants"]["aria"]["effects"] == []


# ---------------------------------------------------------------------------- reactions
def test_an_off_turn_reaction_is_charged_to_the_next_turn() -> None:
    game = Game(R, three())
    play(game, "aria", "move", distance=10, leaves_threatened_by=["brute"])
    play(game, "brute", "aoo", target="aria")
    end(game)
    # brute's own turn: its bonus action was used up by the reaction
    assert game.whose_turn() == "brute"
    assert refusal(game, "brute", "bonus_action") == "e133.reaction.charges-next-turn"
    assert refusal(game, "brute", "reaction") == "e133.reaction.charges-next-turn"
    end(game)
    # after that turn, brute may react again
    assert refusal(game, "brute", "reaction") is None


def test_after_a_bonus_action_an_off_turn_reaction_is_charged_to_the_next_turn() -> None:
    # READINGS (off-turn reactions): the slot used on one's own turn does not bar an off-turn
    # reaction; it is charged to the coming turn, which then has no bonus action.
    game = Game(R, three())
    play(game, "aria", "hide")
    end(game)
    assert refusal(game, "aria", "reaction") is None
    play(game, "aria", "reaction")
    assert refusal(game, "aria", "reaction") == "e133.reaction.charges-next-turn"
    end(game)
    end(game)
    assert game.whose_turn() == "aria"
    assert refusal(game, "aria", "bonus_action") == "e133.reaction.charges-next-turn"
    end(game)
    end(game)
    end(game)
    assert refusal(game, "aria", "bonus_action") is None


def test_an_attack_of_opportunity_is_offered_to_the_threatening_enemy_only() -> None:
    game = Game(R, three())
    play(game, "aria", "attack", target="cultist", mode="ranged", threatened_by=["brute"])
    offered = {(a.actor, a.kind) for a in game.legal_actions(None)}
    assert ("brute", "aoo") in offered
    assert ("cultist", "aoo") not in offered
    events = play(game, "brute", "aoo", dice=[15], target="aria", attack_bonus=2, ac=16)
    assert events[0].data["success"] is True
    assert events[-1].data["attack"]["hit"] is True
    assert ("brute", "aoo") not in {(a.actor, a.kind) for a in game.legal_actions(None)}


def test_dodge_imposes_disadvantage_on_attacks_against_the_dodger() -> None:
    game = Game(R, three())
    play(game, "aria", "dodge")
    end(game)
    events = play(game, "brute", "attack", dice=[18, 3], target="aria", attack_bonus=4, ac=12)
    assert events[-1].data["attack"] == {"target": "aria", "cover_bonus": 0,
                                         "disadvantage": True, "hit": False}
    # an attacker the dodger cannot see does not suffer disadvantage
    end(game)
    events = play(game, "cultist", "attack", dice=[18, 3], target="aria", attack_bonus=4,
                  ac=12, target_sees_attacker=False)
    assert events[-1].data["attack"]["hit"] is True


# ---------------------------------------------------------------------------- dash
def dasher(con: int = 2) -> Game[Any]:
    return Game(R, {"combatants": [{"id": "runner", "speeds": {"walk": 30}, "con": con,
                                    "initiative": 10}]})


def test_dash_endurance_checks_start_after_con_rounds_and_the_dc_climbs() -> None:
    game = dasher(con=2)
    for _ in range(2):
        events = play(game, "runner", "dash", distance=60)
        assert [e.type for e in events] == ["acted"]
        end(game)
    # round 3: DC 10; Con 2 gives -4, so a 14 passes
    action = Action("dash", "runner", {"distance": 60})
    assert R.odds(game.state, action) == {"success": "7/20", "check": "d20-4 vs DC 10"}
    events = play(game, "runner", "dash", dice=[14], distance=60)
    assert events[0].data["dc"] == 10 and events[0].data["success"] is True
    end(game)
    # round 4: DC 11; 14 - 4 = 10 fails: no dash, rest for 10 rounds (4..13)
    events = play(game, "runner", "dash", dice=[14], distance=60)
    assert events[0].data["dc"] == 11 and events[0].data["success"] is False
    view = game.view()["combatants"]["runner"]
    assert view["moved"] == 0 and view["resting_until"] == 14 and view["standard"] == 1
    assert refusal(game, "runner", "dash", distance=60) == "e133.dash.endurance"
    play(game, "runner", "move", distance=30)
    assert refusal(game, "runner", "move", distance=5, new_move=True) == "e133.dash.rest"
    for _ in range(9):
        end(game)
        assert refusal(game, "runner", "dash", distance=60) == "e133.dash.rest"
    end(game)
    assert game.view()["round"] == 14
    assert refusal(game, "runner", "dash", distance=60) is None


def test_a_round_without_a_dash_resets_the_count_and_the_dc() -> None:
    game = dasher(con=1)
    play(game, "runner", "dash", distance=60)
    end(game)
    play(game, "runner", "dash", dice=[20], distance=60)  # check 1, DC 10
    end(game)
    end(game)  # a round without dashing
    events = play(game, "runner", "dash", distance=60)
    assert [e.type for e in events] == ["acted"]  # streak 1 again: no check
    end(game)
    events = play(game, "runner", "dash", dice=[20], distance=60)
    assert events[0].data["dc"] == 10


# ---------------------------------------------------------------------------- withdraw
def test_withdraw_distance_start_square_and_dex_loss() -> None:
    game = Game(R, three())
    assert refusal(game, "aria", "withdraw", distance=125) == "e133.withdraw.distance"
    play(game, "aria", "withdraw", distance=120, leaves_threatened_by=["brute"],
         unseen_threatened_by=["cultist"])
    assert refusal(game, "brute", "aoo", target="aria") == "e133.withdraw.start-square"
    assert refusal(game, "cultist", "aoo", target="aria") is None
    assert refusal(game, "aria", "five_foot_step") == "e133.withdraw.no-step"
    assert game.view()["combatants"]["aria"]["effects"] == ["no Dexterity bonus to AC"]
    end(game)
    end(game)
    assert game.view()["combatants"]["aria"]["effects"] == ["no Dexterity bonus to AC"]
    end(game)
    assert game.view()["combatants"]["aria"]["effects"] == []
    assert refusal(game, "aria", "withdraw", distance=30) == "e133.withdraw.once"


def test_restricted_withdraw_is_a_standard_action_at_twice_the_speed() -> None:
    config = three()
    config["combatants"][1]["surprised"] = True
    game = Game(R, config)
    assert refusal(game, "aria", "withdraw", distance=65) == "e133.withdraw.restricted"
    play(game, "aria", "withdraw", distance=60)
    assert game.view()["combatants"]["aria"]["standard"] == 0


# ---------------------------------------------------------------------------- bad input
@pytest.mark.parametrize(
    ("config", "field"),
    [
        ({}, "combatants"),
        ({"combatants": [{"id": "a", "speed": -5}]}, "speed"),
        ({"combatants": [{"id": "a", "speeds": {"hover": 30}}]}, "speeds.hover"),
        ({"combatants": [{"id": "a"}, {"id": "a"}]}, "unique"),
        ({"combatants": [{"id": "a", "armour": "plate"}]}, "armour"),
        ({"combatants": [{"id": "a"}], "settings": {"free_actions": 2}}, "settings.free_actions"),
        ({"combatants": [{"id": "a", "abilities": {"x": {"type": "psionic"}}}]}, "abilities.x"),
    ],
)
def test_bad_setup_names_the_field(config: dict[str, Any], field: str) -> None:
    with pytest.raises(SetupError, match=field.replace(".", r"\.")):
        Game(R, config)


@pytest.mark.parametrize(
    ("action", "text"),
    [
        (Action("fly_away", "aria"), "unknown action kind"),
        (Action("move", "nobody", {"distance": 5}), "not a combatant"),
        (Action("move", "aria", {"distance": "far"}), "distance"),
        (Action("move", "aria", {"distance": 10, "mode": "teleport"}), "mode"),
        (Action("attack", "aria", {"target": "ghost"}), "ghost"),
        (Action("attack", "aria", {"target": "aria"}), "itself"),
        (Action("set_condition", "aria", {"target": "brute", "condition": "prone"}), "gm"),
        (Action("move", "aria", {"distance": 5, "leaves_threatened_by": "brute"}),
         "params.leaves_threatened_by: Expected array | null, got str"),
    ],
)
def test_bad_actions_raise_clearly_and_change_nothing(action: Action, text: str) -> None:
    game = Game(R, three())
    before = state_hash(game.state)
    with pytest.raises(BadActionError, match=text):
        game.play(action)
    assert state_hash(game.state) == before
    assert len(game.log) == 1


def test_a_refused_action_changes_nothing() -> None:
    game = Game(R, three())
    play(game, "aria", "move", distance=30)
    before = state_hash(game.state)
    with pytest.raises(IllegalActionError) as info:
        play(game, "aria", "five_foot_step")
    assert info.value.refusal.rule == "e133.five-foot-step.no-other-movement"
    assert state_hash(game.state) == before


# ---------------------------------------------------------------------------- views
def test_tracker_and_status_lines() -> None:
    game = Game(R, three())
    play(game, "aria", "move", distance=10)
    tracker = R.tracker(game.state)
    assert tracker["round"] == 1 and tracker["turn"] == "aria"
    first = tracker["order"][0]
    assert first == {"id": "aria", "name": "aria", "controller": None, "current": True,
                     "pips": {"standard": [1, 1], "move": [0, 1], "bonus": [1, 1]}}
    lines = R.status_lines(game.state)
    assert lines[0] == "Round 1: aria's turn"
    assert any("aria" in line and "moved 10 ft" in line for line in lines)


def test_legal_actions_carry_costs_and_odds() -> None:
    game = Game(R, three(navigation=3))
    costs = {a.kind: a.cost for a in game.legal_actions("aria")}
    assert costs["dash"] == "full-round action"
    assert costs["hide"] == "bonus action"
    assert costs["draw_ammunition"] == "free action"
    action = Action("enter_vehicle", "aria", {"fast": True})
    assert R.odds(game.state, action) == {"success": "3/10", "check": "d20+3 vs DC 18"}
    assert all(game.check(a) is None for a in game.legal_actions(None))


def test_the_example_encounter_sets_up_and_plays() -> None:
    data = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    assert data["ruleset"] == "e133"
    game = Game(R, data["setup"], seed=data["seed"])
    # surprise round: only the raiders act, one standard or one move action each
    assert game.view()["surprise_round"] is True
    who = game.whose_turn()
    assert who in ("rook", "skiv")
    assert refusal(game, who, "full_round_action") == "e133.restricted.no-full-round"
    play(game, who, "move", distance=30)
    assert refusal(game, who, "attack", target="vess") == "e133.restricted.one-action"
    end(game)
    raider = game.whose_turn()
    assert raider in ("rook", "skiv") and raider != who
    end(game)
    assert game.view()["round"] == 2
    assert game.view()["combatants"]["vess"]["surprised"] is False or \
        game.whose_turn() != "vess"
    for _ in range(4):
        actor = game.whose_turn()
        assert actor is not None
        # not an attack (with hit points it could drop someone: scenarios/e133/fight.yaml)
        # nor a flight (it could end the encounter)
        action = next(a for a in game.legal_actions(actor)
                      if a.kind not in ("end_turn", "attack", "full_attack", "charge",
                                        "flee"))
        game.play(action)
        end(game)
    assert game.view()["round"] == 3


def test_a_seat_does_not_see_another_seats_readied_trigger() -> None:
    config = three(controller="alice")
    game = Game(R, config)
    play(game, "aria", "ready", trigger="the door opens", action="attack")
    assert game.view("alice")["combatants"]["aria"]["readied"]["trigger"] == "the door opens"
    assert game.view("bob")["combatants"]["aria"]["readied"] == {"round": 1}
    assert game.view(None)["combatants"]["aria"]["readied"]["action"] == "attack"


# ---------------------------------------------------------------------------- conditions
def test_a_restricting_condition_limits_the_next_turn() -> None:
    game = Game(R, three())
    play(game, "gm", "set_condition", target="brute", condition="restricted")
    end(game)
    assert refusal(game, "brute", "full_round_action") == "e133.restricted.no-full-round"
    play(game, "brute", "move", distance=30)
    assert refusal(game, "brute", "standard_action") == "e133.restricted.one-action"
    assert refusal(game, "brute", "bonus_action") is None
    play(game, "gm", "set_condition", target="brute", condition="restricted", value=False)
    end(game)
    end(game)
    end(game)
    assert game.whose_turn() == "brute"
    assert refusal(game, "brute", "full_round_action") is None


def test_down_combatants_are_skipped_and_the_last_side_standing_wins() -> None:
    game = Game(R, three())
    play(game, "gm", "set_condition", target="brute", condition="down")
    end(game)
    assert game.whose_turn() == "cultist"
    assert refusal(game, "brute", "reaction") == "e133.round.turn-order"
    assert game.outcome() is None
    play(game, "gm", "set_condition", target="cultist", condition="down")
    outcome = game.outcome()
    assert outcome is not None and outcome.winners == ("party",)
    assert list(game.legal_actions(None)) == []


def test_a_stand_up_leaves_half_the_speed_for_the_same_move_action() -> None:
    game = Game(R, three(conditions=["prone"]))
    play(game, "aria", "stand_up")
    assert refusal(game, "aria", "move", distance=20) == "e133.move.speed"
    play(game, "aria", "move", distance=15)
    view = game.view()["combatants"]["aria"]
    assert view["move"] == 0 and view["standard"] == 1 and view["conditions"] == []


def test_concentration_lapses_only_after_a_turn_without_concentrating() -> None:
    game = Game(R, three())
    play(game, "aria", "cast", spell="ward", concentration=True)
    for _ in range(3):
        end(game)
    play(game, "aria", "concentrate")
    for _ in range(3):
        end(game)
    assert game.view()["combatants"]["aria"]["concentrating"] == "ward"
    end(game)  # a turn without concentrating
    view = game.view()["combatants"]["aria"]
    assert view["concentrating"] is None
    assert view["ended"]["ward"] == "e133.concentrate.lapse"


def test_a_full_round_action_started_is_lost_if_not_completed_next_round() -> None:
    game = Game(R, three())
    play(game, "aria", "start_full_round", action="ritual")
    for _ in range(3):
        end(game)
    assert refusal(game, "aria", "complete_full_round") is None
    end(game)
    assert game.view()["combatants"]["aria"]["full_round_lost"] == "ritual"
    for _ in range(2):
        end(game)
    assert refusal(game, "aria", "complete_full_round") == "e133.full-round.complete"


def test_hide_always_makes_the_stealth_check() -> None:
    game = Game(R, three(stealth=4))
    events = play(game, "aria", "hide", dice=[11], cover="three_quarters")
    assert events[0].type == "check_rolled" and events[0].data["total"] == 15
    view = game.view()["combatants"]["aria"]
    assert view["cover"] == "three_quarters" and view["hidden"] is None
    end(game)
    # three-quarters cover: +3 to AC, so 13 + 2 = 15 misses AC 13 + 3
    events = play(game, "brute", "attack", dice=[13], target="aria", attack_bonus=2, ac=13)
    assert events[-1].data["attack"]["hit"] is False
    assert events[-1].data["attack"]["cover_bonus"] == 3


def test_a_game_master_effect_lasts_whole_rounds_from_the_current_count() -> None:
    game = Game(R, three())
    end(game)
    end(game)  # cultist's turn, count 5
    play(game, "gm", "add_effect", target="aria", name="entangled", rounds=1)
    end(game)
    end(game)
    assert game.view()["combatants"]["aria"]["effects"] == ["entangled"]
    assert game.view()["seconds_elapsed"] == 6
    end(game)  # round 2 reaches count 5: the effect is over
    assert game.whose_turn() == "cultist"
    assert game.view()["combatants"]["aria"]["effects"] == []
