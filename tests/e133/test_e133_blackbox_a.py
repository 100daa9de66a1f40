"""Black-box audit of the e133 action-economy text, part A (rules/002, lines 1-161: the combat
round, action types, restricted activity and the standard actions up to start/complete a
full-round action), written from the text, design/READINGS.md (e133) and reference/e133.md,
through the public API only: Game(get_ruleset("e133"), setup), check, play, legal_actions,
view, odds. Each test names the section of the text it checks, in our own words; every rule
with a condition is shown both ways, refusals by their rule id and cited section."""

from __future__ import annotations

from typing import Any

import pytest

from turnkeeper.core.game import Game
from turnkeeper.core.model import Action, BadActionError, Refusal
from turnkeeper.dice.source import ForcedDice
from turnkeeper.rulesets import get_ruleset

R = get_ruleset("e133")
SOURCE = "Element 133, Action Economy: "


def fighter(cid: str, initiative: int, side: str = "party", **extra: Any) -> dict[str, Any]:
    return {"id": cid, "initiative": initiative, "side": side, **extra}


def encounter(*combatants: dict[str, Any], settings: dict[str, Any] | None = None) -> Game[Any]:
    """aria (18, party) and brute (9, foes) unless other combatants are given."""
    roster = list(combatants) or [fighter("aria", 18), fighter("brute", 9, "foes")]
    setup: dict[str, Any] = {"combatants": roster}
    if settings is not None:
        setup["settings"] = settings
    return Game(R, setup)


def act(kind: str, actor: str, **params: Any) -> Action:
    return Action(kind, actor, params)


def refusal(game: Game[Any], action: Action) -> Refusal:
    found = game.check(action)
    assert found is not None, f"{action.kind} by {action.actor} was allowed"
    return found


def assert_refused(game: Game[Any], action: Action, rule: str, section: str) -> Refusal:
    """The action is refused, naming `rule` first, and citing `section` of the chapter."""
    found = refusal(game, action)
    assert found.rule == rule, found
    assert section in found.source, found
    assert found.source.startswith(SOURCE) or "reference" in found.source, found
    return found


def allowed(game: Game[Any], action: Action) -> None:
    found = game.check(action)
    assert found is None, found
    game.play(action)


def pass_turn(game: Game[Any]) -> None:
    game.play(act("end_turn", game.view()["turn"]))


def state_of(game: Game[Any], cid: str) -> dict[str, Any]:
    combatant: dict[str, Any] = game.view()["combatants"][cid]
    return combatant


# ---------------------------------------------------------------------------------------------
# The Combat Round


def test_round_a_round_is_six_seconds_of_game_time() -> None:
    """The Combat Round: each round stands for 6 seconds in the fiction."""
    game = encounter()
    assert game.view()["seconds_elapsed"] == 0
    pass_turn(game)
    assert game.view()["seconds_elapsed"] == 0  # round 1 is still under way
    pass_turn(game)
    assert (game.view()["round"], game.view()["seconds_elapsed"]) == (2, 6)
    pass_turn(game)
    pass_turn(game)
    assert (game.view()["round"], game.view()["seconds_elapsed"]) == (3, 12)


def test_round_highest_initiative_goes_first_and_the_order_repeats_every_round() -> None:
    """The Combat Round: turns run from the highest initiative down, in the same order in every
    round."""
    game = encounter(fighter("low", 3), fighter("high", 20, "foes"), fighter("mid", 11))
    assert game.view()["order"] == ["high", "mid", "low"]
    seen = []
    for _ in range(6):
        seen.append((game.view()["round"], game.view()["turn"]))
        pass_turn(game)
    assert seen == [(1, "high"), (1, "mid"), (1, "low"), (2, "high"), (2, "mid"), (2, "low")]


def test_round_rolled_initiative_is_d20_plus_modifier_and_ties_go_to_the_higher_modifier() -> None:
    """The Combat Round / reference: d20 + modifier, rolled once; a tie goes to the higher
    modifier (here 12 + 3 against 13 + 2: both 15)."""
    setup = {"combatants": [{"id": "slow", "init_mod": 2}, {"id": "quick", "init_mod": 3,
                                                                "side": "foes"}]}
    game = Game(R, setup, setup_dice=ForcedDice([13, 12]))
    view = game.view()
    assert view["combatants"]["slow"]["initiative"] == 15
    assert view["combatants"]["quick"]["initiative"] == 15
    assert view["order"] == ["quick", "slow"]
    for _ in range(4):
        pass_turn(game)
    assert game.view()["order"] == ["quick", "slow"]  # rolled once, kept every round


def test_round_a_full_tie_is_rolled_off() -> None:
    """The Combat Round / reference: same roll, same modifier: a d20 roll-off decides (5
    against 15: the second goes first), and that order holds."""
    setup = {"combatants": [{"id": "ann", "init_mod": 2}, {"id": "bob", "init_mod": 2,
                                                            "side": "foes"}]}
    game = Game(R, setup, setup_dice=ForcedDice([10, 10, 5, 15]))
    assert game.view()["order"] == ["bob", "ann"]
    assert game.view()["turn"] == "bob"
    for _ in range(2):
        pass_turn(game)
    assert (game.view()["round"], game.view()["turn"]) == (2, "bob")


def test_round_only_the_combatant_whose_turn_it_is_acts() -> None:
    """The Combat Round: a combatant does its whole round of actions on its own turn."""
    game = encounter()
    assert_refused(game, act("standard_action", "brute"), "e133.round.own-turn",
                   "The Combat Round")
    assert_refused(game, act("end_turn", "brute"), "e133.round.turn-order", "The Combat Round")
    allowed(game, act("standard_action", "aria"))
    allowed(game, act("move", "aria", distance=30))
    pass_turn(game)
    allowed(game, act("standard_action", "brute"))
    assert_refused(game, act("move", "aria", distance=5), "e133.round.own-turn",
                   "The Combat Round")


def test_round_reactions_are_the_exception_to_acting_on_ones_own_turn() -> None:
    """The Combat Round: attacks of opportunity (reactions) happen outside one's own turn."""
    game = encounter()
    allowed(game, act("attack", "aria", target="brute", mode="ranged", threatened_by=["brute"]))
    allowed(game, act("aoo", "brute", target="aria"))
    assert_refused(game, act("bonus_action", "brute"), "e133.round.own-turn", "The Combat Round")


def test_round_duration_ends_just_before_the_count_it_began_on() -> None:
    """The Combat Round: an effect of N rounds stops just before the initiative count on which
    it began, N rounds on. Begun at count 12 in round 1 for 1 round: still on at count 18 of
    round 2, gone when count 12 of round 2 comes."""
    game = encounter(fighter("aria", 18), fighter("mage", 12), fighter("brute", 9, "foes"))
    pass_turn(game)  # aria
    allowed(game, act("cast", "mage", spell="shield", duration_rounds=1))
    assert "shield" in state_of(game, "mage")["effects"]
    pass_turn(game)  # mage
    pass_turn(game)  # brute
    assert (game.view()["round"], game.view()["turn"]) == (2, "aria")
    assert "shield" in state_of(game, "mage")["effects"]
    pass_turn(game)  # aria, round 2
    assert game.view()["turn"] == "mage"
    assert "shield" not in state_of(game, "mage")["effects"]


def test_round_duration_of_two_rounds_outlasts_the_first_round_boundary() -> None:
    """The Combat Round: a 2-round effect begun at count 9 of round 1 is still on at count 9 of
    round 2 and ends as count 9 of round 3 comes."""
    game = encounter()
    pass_turn(game)
    allowed(game, act("cast", "brute", spell="haste", duration_rounds=2))
    for expected_round in (2, 3):
        pass_turn(game)  # brute
        assert (game.view()["round"], game.view()["turn"]) == (expected_round, "aria")
        assert "haste" in state_of(game, "brute")["effects"]
        pass_turn(game)  # aria
        assert game.view()["turn"] == "brute"
        assert ("haste" in state_of(game, "brute")["effects"]) is (expected_round == 2)


def test_round_duration_uses_the_count_not_the_combatant_on_a_tie() -> None:
    """The Combat Round: the end is tied to the initiative count: begun by the second of two
    combatants sharing count 12, a 1-round effect is gone when count 12 comes round again,
    before the first of them acts."""
    game = encounter(fighter("first", 12, init_mod=3), fighter("second", 12, init_mod=1),
                     fighter("brute", 5, "foes"))
    assert game.view()["order"] == ["first", "second", "brute"]
    pass_turn(game)
    allowed(game, act("cast", "second", spell="ward", duration_rounds=1))
    pass_turn(game)
    pass_turn(game)
    assert (game.view()["round"], game.view()["turn"]) == (2, "first")
    assert "ward" not in state_of(game, "second")["effects"]


def test_round_effect_added_on_a_later_count_ends_at_that_count() -> None:
    """The Combat Round: added during brute's turn (count 9), a 1-round effect lasts through
    aria's turn of round 2 (count 18) and ends as count 9 comes."""
    game = encounter()
    pass_turn(game)
    allowed(game, act("add_effect", "gm", target="aria", name="blessed", rounds=1))
    pass_turn(game)
    assert (game.view()["round"], game.view()["turn"]) == (2, "aria")
    assert "blessed" in state_of(game, "aria")["effects"]
    pass_turn(game)
    assert "blessed" not in state_of(game, "aria")["effects"]


def test_round_an_ended_effect_can_no_longer_be_kept_or_dismissed() -> None:
    """The Combat Round: once its rounds are over the effect is gone: concentrating on it or
    dismissing it is refused, naming the duration."""
    game = encounter()
    allowed(game, act("cast", "aria", spell="web", concentration=True, duration_rounds=1))
    pass_turn(game)
    pass_turn(game)
    assert state_of(game, "aria")["ended"] == {"web": "e133.round.duration"}
    assert_refused(game, act("concentrate", "aria", ability="web"), "e133.round.duration",
                   "The Combat Round")
    assert_refused(game, act("dismiss", "aria", ability="web"), "e133.round.duration",
                   "The Combat Round")


def test_round_game_master_effect_counts_from_the_count_it_was_added_on() -> None:
    """The Combat Round (reference: not on the target's turn): an effect the game master puts
    on brute during aria's turn (count 18) ends as count 18 comes again, not on brute's turn."""
    game = encounter()
    allowed(game, act("add_effect", "gm", target="brute", name="slowed", rounds=1))
    pass_turn(game)  # aria
    assert "slowed" in state_of(game, "brute")["effects"]
    pass_turn(game)  # brute
    assert (game.view()["round"], game.view()["turn"]) == (2, "aria")
    assert "slowed" not in state_of(game, "brute")["effects"]


# ---------------------------------------------------------------------------------------------
# Action Types


def test_types_a_normal_round_holds_one_standard_and_one_move_action() -> None:
    """Action Types: a standard action and a move action in a normal round, not two standard
    actions."""
    game = encounter()
    allowed(game, act("standard_action", "aria"))
    allowed(game, act("move_action", "aria"))
    found = assert_refused(game, act("standard_action", "aria"), "e133.economy.standard",
                           "Action Types")
    assert found.reason
    assert_refused(game, act("move_action", "aria"), "e133.economy.move", "Action Types")


def test_types_a_full_round_action_instead_of_the_standard_and_move() -> None:
    """Action Types: the alternative to standard + move is one full-round action; it cannot
    follow a move nor be followed by a standard or a move action."""
    game = encounter()
    allowed(game, act("full_round_action", "aria"))
    assert_refused(game, act("standard_action", "aria"), "e133.economy.standard",
                   "Action Types")
    assert_refused(game, act("move_action", "aria"), "e133.economy.move", "Action Types")
    pass_turn(game)
    allowed(game, act("move_action", "brute"))
    assert_refused(game, act("full_round_action", "brute"), "e133.economy.full-round",
                   "Full-Round Action")
    pass_turn(game)
    allowed(game, act("standard_action", "aria"))
    assert_refused(game, act("full_round_action", "aria"), "e133.economy.full-round",
                   "Full-Round Action")


def test_types_free_actions_are_not_counted_by_default() -> None:
    """Action Types / READINGS: one or more free actions, unlimited unless the table sets a
    number; they come on top of the standard, move or full-round action."""
    game = encounter()
    allowed(game, act("full_round_action", "aria"))
    for _ in range(12):
        allowed(game, act("free_action", "aria", what="shout"))
    assert state_of(game, "aria")["free_used"] == 12


def test_types_a_table_may_limit_free_actions_per_turn() -> None:
    """READINGS e133: setting free_actions_per_turn caps them; the cap is per turn."""
    game = encounter(settings={"free_actions_per_turn": 2})
    allowed(game, act("free_action", "aria"))
    allowed(game, act("free_action", "aria"))
    assert_refused(game, act("free_action", "aria"), "e133.free.limit", "Free Action")
    pass_turn(game)
    pass_turn(game)
    allowed(game, act("free_action", "aria"))


def test_types_a_table_may_allow_no_free_actions_at_all() -> None:
    """READINGS e133: the per-turn number may be 0 (not negative: a malformed set-up)."""
    game = encounter(settings={"free_actions_per_turn": 0})
    assert_refused(game, act("free_action", "aria"), "e133.free.limit", "Free Action")
    with pytest.raises(Exception, match="free_actions_per_turn"):
        encounter(settings={"free_actions_per_turn": -1})


def test_types_free_actions_only_on_ones_own_turn() -> None:
    """READINGS e133: free actions are taken on one's own turn only."""
    game = encounter()
    assert_refused(game, act("free_action", "brute"), "e133.free.own-turn", "Free Action")
    allowed(game, act("free_action", "aria"))


def test_types_either_a_bonus_action_or_a_reaction() -> None:
    """Action Types: besides the rest of the round, one bonus action or one reaction, not
    both, not two."""
    game = encounter()
    allowed(game, act("bonus_action", "aria"))
    assert_refused(game, act("bonus_action", "aria"), "e133.bonus.one-per-round",
                   "Bonus Action")
    assert refusal(game, act("reaction", "aria")).rule in {
        "e133.bonus.one-per-round", "e133.reaction.own-turn-is-bonus"}
    pass_turn(game)
    allowed(game, act("reaction", "brute"))
    assert_refused(game, act("bonus_action", "brute"), "e133.bonus.one-per-round",
                   "Bonus Action")


def test_types_a_move_action_may_always_replace_the_standard() -> None:
    """Action Types: a move action can always be taken in place of the standard action: two
    move actions, but no third, and then no standard action."""
    game = encounter()
    allowed(game, act("move", "aria", distance=30))
    allowed(game, act("move", "aria", distance=30))
    assert state_of(game, "aria")["moved"] == 60
    found = assert_refused(game, act("move", "aria", distance=5), "e133.economy.move",
                           "Action Types")
    assert found.also == ("e133.move.speed",)
    assert_refused(game, act("standard_action", "aria"), "e133.economy.standard",
                   "Action Types")


def test_types_the_standard_cannot_replace_the_move() -> None:
    """Action Types: the swap only goes one way: after a move and a move-for-standard there is
    no standard; after the standard and a move there is no second move."""
    game = encounter()
    allowed(game, act("standard_action", "aria"))
    allowed(game, act("move_action", "aria"))
    assert_refused(game, act("move_action", "aria"), "e133.economy.move", "Action Types")


def test_types_double_move_setting_off() -> None:
    """READINGS e133: the double move is the default; a table may forbid it (double_move)."""
    game = encounter(settings={"double_move": False})
    allowed(game, act("move_action", "aria"))
    assert_refused(game, act("move_action", "aria"), "e133.economy.move-for-standard",
                   "Action Types")
    allowed(game, act("standard_action", "aria"))


def test_types_surprise_round_limits_to_one_move_or_one_standard() -> None:
    """Action Types: in a surprise round only a single move action or standard action."""
    game = encounter(fighter("aria", 18), fighter("brute", 9, "foes", surprised=True))
    assert game.view()["surprise_round"] is True
    allowed(game, act("standard_action", "aria"))
    assert_refused(game, act("move_action", "aria"), "e133.restricted.one-action",
                   "Restricted Activity")
    game.undo()
    allowed(game, act("move", "aria", distance=30))
    assert_refused(game, act("standard_action", "aria"), "e133.restricted.one-action",
                   "Restricted Activity")
    assert_refused(game, act("move", "aria", distance=5), "e133.restricted.one-action",
                   "Restricted Activity")


def test_types_a_move_action_moves_up_to_the_speed() -> None:
    """Move Action: a move action covers the speed: 30 ft of a 30-ft speed, not 35."""
    game = encounter()
    assert_refused(game, act("move", "aria", distance=35), "e133.move.speed", "Move")
    allowed(game, act("move", "aria", distance=30))


def test_types_a_move_action_can_be_something_else_taking_as_long() -> None:
    """Move Action: an action of about the same time in place of moving uses the move."""
    game = encounter()
    allowed(game, act("move_action", "aria", what="open a heavy hatch"))
    assert state_of(game, "aria")["move"] == 0
    assert state_of(game, "aria")["standard"] == 1


def test_types_dash_is_a_full_round_action() -> None:
    """Move Action: a dash is taken as a full-round action (twice the speed; 60 ft for 30)."""
    game = encounter()
    assert_refused(game, act("dash", "aria", distance=65), "e133.dash.distance", "Dash")
    allowed(game, act("dash", "aria", distance=60))
    assert state_of(game, "aria")["standard"] == 0 and state_of(game, "aria")["move"] == 0
    pass_turn(game)
    allowed(game, act("standard_action", "brute"))
    found = assert_refused(game, act("dash", "brute", distance=10), "e133.economy.full-round",
                           "Full-Round Action")
    assert found.also == ("e133.dash.full-round",)
    pass_turn(game)
    allowed(game, act("move", "aria", distance=5))
    assert_refused(game, act("dash", "aria", distance=10), "e133.dash.full-round", "Dash")


def test_types_five_foot_step_when_no_distance_is_moved() -> None:
    """Move Action: having moved no distance (the move spent on something else), one 5-foot
    step before, during or after the action."""
    game = encounter()
    allowed(game, act("five_foot_step", "aria"))  # before
    allowed(game, act("move_action", "aria", what="reload a crossbow"))
    allowed(game, act("standard_action", "aria"))
    assert_refused(game, act("five_foot_step", "aria"), "e133.five-foot-step.once",
                   "5-Foot Step")
    pass_turn(game)
    allowed(game, act("move_action", "brute"))
    allowed(game, act("five_foot_step", "brute"))  # after


def test_types_no_five_foot_step_after_moving_a_distance() -> None:
    """Move Action: the step is only for a round with no actual distance moved; and no move
    after the step."""
    game = encounter()
    allowed(game, act("move", "aria", distance=5))
    assert_refused(game, act("five_foot_step", "aria"), "e133.five-foot-step.no-other-movement",
                   "5-Foot Step")
    pass_turn(game)
    allowed(game, act("five_foot_step", "brute"))
    assert_refused(game, act("move", "brute", distance=5),
                   "e133.five-foot-step.no-other-movement", "5-Foot Step")


def test_types_full_round_action_keeps_the_five_foot_step_and_free_actions() -> None:
    """Full-Round Action: its only movement is a 5-foot step before, during or after; free
    actions may still be taken."""
    game = encounter()
    allowed(game, act("full_round_action", "aria"))
    allowed(game, act("free_action", "aria"))
    assert_refused(game, act("move", "aria", distance=5), "e133.economy.move", "Action Types")
    allowed(game, act("five_foot_step", "aria"))
    pass_turn(game)
    allowed(game, act("five_foot_step", "brute"))
    allowed(game, act("full_round_action", "brute"))


def test_types_some_full_round_actions_forbid_the_step() -> None:
    """Full-Round Action: some full-round actions allow no 5-foot step: none after them, and
    not taken after one."""
    game = encounter()
    allowed(game, act("full_round_action", "aria", no_step=True))
    assert_refused(game, act("five_foot_step", "aria"), "e133.five-foot-step.forbidden",
                   "Full-Round Action")
    pass_turn(game)
    allowed(game, act("five_foot_step", "brute"))
    assert_refused(game, act("full_round_action", "brute", no_step=True),
                   "e133.five-foot-step.forbidden", "Full-Round Action")


def test_types_full_round_as_standard_only_when_limited_to_a_standard() -> None:
    """Full-Round Action: some full-round actions may be taken as a standard action, but only
    when one is limited to a standard action this round."""
    game = encounter()
    assert_refused(game, act("full_round_action", "aria", as_standard=True),
                   "e133.full-round.as-standard", "Full-Round Action")
    surprise = encounter(fighter("aria", 18), fighter("brute", 9, "foes", surprised=True))
    allowed(surprise, act("full_round_action", "aria", as_standard=True))
    assert state_of(surprise, "aria")["standard"] == 0
    assert_refused(surprise, act("full_round_action", "aria", as_standard=True),
                   "e133.restricted.one-action", "Restricted Activity")
    assert_refused(surprise, act("move", "aria", distance=5), "e133.restricted.one-action",
                   "Restricted Activity")


def test_types_bonus_action_one_per_turn_with_everything_else() -> None:
    """Bonus Action: only a single bonus action per turn, beside the standard and move."""
    game = encounter()
    allowed(game, act("standard_action", "aria"))
    allowed(game, act("move", "aria", distance=30))
    allowed(game, act("bonus_action", "aria"))
    assert_refused(game, act("bonus_action", "aria"), "e133.bonus.one-per-round",
                   "Bonus Action")
    pass_turn(game)
    pass_turn(game)
    allowed(game, act("bonus_action", "aria"))  # a new turn, a new bonus action


def test_types_reaction_at_any_time_even_off_turn() -> None:
    """Reaction: like a bonus action but usable any time, even outside one's turn."""
    game = encounter()
    allowed(game, act("reaction", "brute", what="open a parachute"))
    assert_refused(game, act("reaction", "brute"), "e133.reaction.charges-next-turn",
                   "Reaction")


def test_types_a_reaction_on_ones_own_turn_is_that_turns_bonus_action() -> None:
    """Reaction / Bonus Action: on one's own turn a reaction takes the place of the bonus
    action: the bonus action is then refused, and the other way round."""
    game = encounter()
    allowed(game, act("reaction", "aria", what="catch a falling friend"))
    assert state_of(game, "aria")["bonus"] == 0
    assert_refused(game, act("bonus_action", "aria"), "e133.bonus.one-per-round",
                   "Bonus Action")
    pass_turn(game)
    allowed(game, act("bonus_action", "brute"))
    found = assert_refused(game, act("reaction", "brute"), "e133.bonus.one-per-round",
                           "Bonus Action")
    assert found.also == ("e133.reaction.own-turn-is-bonus",)


def test_types_an_off_turn_reaction_uses_the_coming_turns_slot() -> None:
    """Reaction / READINGS e133: a reaction off one's turn is charged to the coming turn's
    bonus/reaction slot, even when this turn's slot was used already."""
    game = encounter()
    pass_turn(game)
    allowed(game, act("bonus_action", "brute"))
    pass_turn(game)  # round 2, aria
    allowed(game, act("reaction", "brute"))
    pass_turn(game)  # brute's turn: slot already spent
    assert_refused(game, act("bonus_action", "brute"), "e133.reaction.charges-next-turn",
                   "Reaction")
    pass_turn(game)
    pass_turn(game)  # round 3: back
    allowed(game, act("bonus_action", "brute"))


def test_types_not_an_action_costs_nothing() -> None:
    """Not an Action: something that is part of doing something else takes no time at all (an
    extraordinary ability with no action)."""
    game = encounter(fighter("aria", 18, abilities={"keen": {"type": "extraordinary"}}),
                     fighter("brute", 9, "foes"))
    before = dict(state_of(game, "aria"))
    allowed(game, act("use_ability", "aria", ability="keen"))
    allowed(game, act("use_ability", "aria", ability="keen"))
    after = state_of(game, "aria")
    for budget in ("standard", "move", "bonus", "free_used"):
        assert after[budget] == before[budget], budget


# ---------------------------------------------------------------------------------------------
# Restricted Activity


def restricted_pair(**settings: Any) -> Game[Any]:
    """aria acts under restricted activity (the condition, not a surprise round)."""
    return encounter(fighter("aria", 18, conditions=["restricted"]), fighter("brute", 9, "foes"),
                     settings=settings or None)


def test_restricted_one_standard_or_one_move_plus_free_actions() -> None:
    """Restricted Activity: a single standard action or a single move action, and free
    actions as normal."""
    game = restricted_pair()
    allowed(game, act("standard_action", "aria"))
    for _ in range(3):
        allowed(game, act("free_action", "aria"))
    assert_refused(game, act("move_action", "aria"), "e133.restricted.one-action",
                   "Restricted Activity")
    game.undo()
    game.undo()
    game.undo()
    game.undo()
    allowed(game, act("move_action", "aria"))
    assert_refused(game, act("standard_action", "aria"), "e133.restricted.one-action",
                   "Restricted Activity")
    assert_refused(game, act("move_action", "aria"), "e133.restricted.one-action",
                   "Restricted Activity")


def test_restricted_no_full_round_action_but_start_and_complete() -> None:
    """Restricted Activity: no full-round action, though one may be started (and later
    completed) with a standard action."""
    game = restricted_pair()
    for kind, params in (("full_round_action", {}), ("dash", {"distance": 10}),
                         ("full_attack", {})):
        assert_refused(game, act(kind, "aria", **params), "e133.restricted.no-full-round",
                       "Restricted Activity")
    allowed(game, act("start_full_round", "aria", action="a ritual"))
    pass_turn(game)
    pass_turn(game)
    allowed(game, act("complete_full_round", "aria"))


def test_restricted_still_allows_a_bonus_action_unless_the_table_says_not() -> None:
    """READINGS e133: a bonus action is allowed in a restricted round (setting
    restricted_bonus: false forbids it)."""
    game = restricted_pair()
    allowed(game, act("standard_action", "aria"))
    allowed(game, act("bonus_action", "aria"))
    strict = restricted_pair(restricted_bonus=False)
    assert_refused(strict, act("bonus_action", "aria"), "e133.restricted.bonus",
                   "Restricted Activity")


def test_restricted_ends_with_the_restriction() -> None:
    """Restricted Activity: the limit holds only while the situation lasts: lifted, the next
    turn has the full standard + move."""
    game = restricted_pair()
    allowed(game, act("set_condition", "gm", target="aria", condition="restricted",
                      value=False))
    pass_turn(game)
    pass_turn(game)
    allowed(game, act("standard_action", "aria"))
    allowed(game, act("move_action", "aria"))


def test_restricted_surprised_combatants_have_no_turn_and_no_reaction_in_the_surprise_round(
) -> None:
    """Action Types / reference: in the surprise round the surprised take no turn and no
    reaction until their first turn."""
    game = encounter(fighter("aria", 18), fighter("brute", 9, "foes", surprised=True))
    allowed(game, act("attack", "aria", target="brute", mode="ranged", threatened_by=["brute"]))
    assert_refused(game, act("aoo", "brute", target="aria"), "e133.reaction.not-surprised",
                   "Reaction")
    assert_refused(game, act("standard_action", "brute"), "e133.round.surprised",
                   "The Combat Round")
    pass_turn(game)
    assert (game.view()["round"], game.view()["turn"]) == (2, "aria")


def test_restricted_the_surprised_react_again_from_their_first_turn() -> None:
    """Reaction / reference: no reactions until the surprised combatant's first turn: not at
    count 18 of round 2 (its first turn is at count 9), but once that turn has begun."""
    game = encounter(fighter("aria", 18), fighter("brute", 9, "foes", surprised=True))
    pass_turn(game)
    allowed(game, act("attack", "aria", target="brute", mode="ranged", threatened_by=["brute"]))
    assert_refused(game, act("aoo", "brute", target="aria"), "e133.reaction.not-surprised",
                   "Reaction")
    pass_turn(game)  # brute's first turn
    allowed(game, act("reaction", "brute"))
    pass_turn(game)
    allowed(game, act("attack", "aria", target="brute", mode="ranged", threatened_by=["brute"]))
    allowed(game, act("aoo", "brute", target="aria"))


def test_restricted_the_surprise_round_only() -> None:
    """Action Types / reference: the limit is the surprise round's: from round 2 everyone
    has the full standard + move, the surprised included."""
    game = encounter(fighter("aria", 18), fighter("brute", 9, "foes", surprised=True))
    allowed(game, act("standard_action", "aria"))
    pass_turn(game)
    assert (game.view()["round"], game.view()["surprise_round"]) == (2, False)
    allowed(game, act("standard_action", "aria"))
    allowed(game, act("move_action", "aria"))
    pass_turn(game)
    allowed(game, act("full_round_action", "brute"))


# ---------------------------------------------------------------------------------------------
# Attack and Multiple Attacks

MODES = ["melee", "ranged", "unarmed", "spell", "technomancy", "improvised"]


@pytest.mark.parametrize("mode", MODES)
def test_attack_every_mode_is_a_standard_action(mode: str) -> None:
    """Attack: melee, ranged, unarmed, spell, technomancy and improvised attacks are the
    attack standard action: one, then the standard is spent (the move is left)."""
    game = encounter()
    allowed(game, act("attack", "aria", target="brute", mode=mode))
    assert state_of(game, "aria")["standard"] == 0
    assert state_of(game, "aria")["move"] == 1
    found = assert_refused(game, act("attack", "aria", target="brute", mode=mode),
                           "e133.economy.standard", "Action Types")
    assert "e133.attack.standard" in found.also


def test_attack_needs_the_standard_action_not_the_move() -> None:
    """Attack: after two move actions (the standard swapped for a move) no attack is left."""
    game = encounter()
    allowed(game, act("move", "aria", distance=30))
    allowed(game, act("move", "aria", distance=30))
    found = assert_refused(game, act("attack", "aria", target="brute"),
                           "e133.economy.standard", "Action Types")
    assert "e133.attack.standard" in found.also


def test_attack_extra_attack_gives_that_many_attacks_for_one_action() -> None:
    """Multiple Attacks: a feature like the Bruiser's Extra Attack makes more than one attack
    with one attack action: exactly that many."""
    game = encounter(fighter("aria", 18, attacks=2), fighter("brute", 9, "foes"))
    allowed(game, act("attack", "aria", target="brute"))
    assert state_of(game, "aria")["attacks_left"] == 1
    allowed(game, act("attack", "aria", target="brute"))
    assert state_of(game, "aria")["attacks_left"] == 0
    found = refusal(game, act("attack", "aria", target="brute"))
    assert found.rule in {"e133.economy.standard", "e133.attack.extra-attack"}, found
    assert state_of(game, "aria")["move"] == 1  # the second attack cost no move action
    allowed(game, act("move", "aria", distance=30))


def test_attack_extra_attacks_belong_to_the_attack_action_only() -> None:
    """Multiple Attacks: the extra attacks come with the attack action; a move in between does
    not lose them, but another standard action instead of attacking gives none."""
    game = encounter(fighter("aria", 18, attacks=3), fighter("brute", 9, "foes"))
    allowed(game, act("attack", "aria", target="brute"))
    allowed(game, act("move", "aria", distance=10))
    allowed(game, act("attack", "aria", target="brute"))
    allowed(game, act("attack", "aria", target="brute"))
    assert refusal(game, act("attack", "aria", target="brute")).rule in {
        "e133.economy.standard", "e133.attack.extra-attack"}
    pass_turn(game)
    pass_turn(game)
    allowed(game, act("standard_action", "aria"))
    assert refusal(game, act("attack", "aria", target="brute")).rule == "e133.economy.standard"


# ---------------------------------------------------------------------------------------------
# Attacks of Opportunity


def trio() -> Game[Any]:
    """aria (party) and two foes, brute and ghoul, plus an ally, cleric."""
    return encounter(fighter("aria", 18), fighter("cleric", 14), fighter("brute", 9, "foes"),
                     fighter("ghoul", 7, "foes"))


def test_aoo_a_provoked_enemy_makes_one_melee_attack_as_a_reaction() -> None:
    """Attacks of Opportunity: an enemy threatening a combatant who takes a provoking action
    may make a single melee attack; it is a reaction (the slot is used)."""
    game = trio()
    allowed(game, act("attack", "aria", target="brute", mode="ranged",
                      threatened_by=["brute", "ghoul"]))
    allowed(game, act("aoo", "brute", target="aria"))
    assert_refused(game, act("aoo", "brute", target="aria"), "e133.aoo.once",
                   "Attacks of Opportunity")
    allowed(game, act("aoo", "ghoul", target="aria"))
    assert state_of(game, "brute")["bonus"] == 0


def test_aoo_is_offered_to_the_provoked_enemy_until_answered() -> None:
    """Attacks of Opportunity: the option is given (legal actions) to the provoked enemy, once;
    an enemy not provoked is offered none."""
    game = trio()
    assert "aoo" not in {a.kind for a in game.legal_actions("brute")}
    allowed(game, act("attack", "aria", target="brute", mode="ranged", threatened_by=["brute"]))
    assert "aoo" in {a.kind for a in game.legal_actions("brute")}
    assert "aoo" not in {a.kind for a in game.legal_actions("ghoul")}
    allowed(game, act("aoo", "brute", target="aria"))
    assert "aoo" not in {a.kind for a in game.legal_actions("brute")}


def test_aoo_only_while_the_enemy_is_taking_the_action() -> None:
    """Attacks of Opportunity: the attack answers the action being taken: once the provoker
    has gone on to something else, the moment has passed."""
    game = encounter()
    allowed(game, act("attack", "aria", target="brute", mode="ranged", threatened_by=["brute"]))
    allowed(game, act("move_action", "aria"))
    assert_refused(game, act("aoo", "brute", target="aria"), "e133.aoo.reaction",
                   "Attacks of Opportunity")


def test_aoo_is_a_single_attack_even_with_extra_attack() -> None:
    """Attacks of Opportunity: a single melee attack, whatever Extra Attack gives the attack
    action."""
    game = encounter(fighter("aria", 18), fighter("brute", 9, "foes", attacks=3))
    allowed(game, act("attack", "aria", target="brute", mode="ranged", threatened_by=["brute"]))
    allowed(game, act("aoo", "brute", target="aria"))
    assert_refused(game, act("aoo", "brute", target="aria"), "e133.aoo.once",
                   "Attacks of Opportunity")
    assert state_of(game, "brute")["attacks_left"] == 0


def test_aoo_only_for_the_enemies_that_threaten() -> None:
    """Attacks of Opportunity: only an enemy threatening the actor (within its reach) may
    answer; one not threatening gets no attack."""
    game = trio()
    allowed(game, act("attack", "aria", target="brute", mode="ranged", threatened_by=["brute"]))
    assert_refused(game, act("aoo", "ghoul", target="aria"), "e133.aoo.reaction",
                   "Attacks of Opportunity")


def test_aoo_only_against_an_enemy() -> None:
    """Attacks of Opportunity: the attack is against an enemy: an ally cannot be named as a
    threatener (malformed), nor answer a friend's provoking action."""
    game = trio()
    with pytest.raises(Exception) as bad:
        game.check(act("attack", "aria", target="brute", mode="ranged", threatened_by=["cleric"]))
    assert "cleric" in str(bad.value)
    allowed(game, act("attack", "aria", target="brute", mode="ranged", threatened_by=["brute"]))
    assert refusal(game, act("aoo", "cleric", target="aria")).rule == "e133.aoo.reaction"


def test_aoo_only_for_certain_actions() -> None:
    """Attacks of Opportunity: only certain actions provoke: a melee attack does not."""
    game = trio()
    allowed(game, act("attack", "aria", target="brute", mode="melee", threatened_by=["brute"]))
    assert_refused(game, act("aoo", "brute", target="aria"), "e133.aoo.table",
                   "Table: Standard Actions")


def test_aoo_is_a_melee_attack_not_a_ranged_one() -> None:
    """Attacks of Opportunity: the attack is a melee attack: a ranged weapon makes none."""
    game = encounter(fighter("aria", 18),
                     fighter("brute", 9, "foes", weapons={"bow": {"kind": "ranged"},
                                                         "axe": {"kind": "melee"}}))
    allowed(game, act("attack", "aria", target="brute", mode="ranged", threatened_by=["brute"]))
    assert_refused(game, act("aoo", "brute", target="aria", weapon="bow"),
                   "e133.aoo.melee-weapon", "Attacks of Opportunity")
    allowed(game, act("aoo", "brute", target="aria", weapon="axe"))


def test_aoo_uses_the_reaction_so_no_bonus_action_on_the_coming_turn() -> None:
    """Attacks of Opportunity / Reaction: being a reaction, an attack of opportunity off one's
    turn leaves no bonus action or reaction for the coming turn."""
    game = encounter()
    allowed(game, act("attack", "aria", target="brute", mode="ranged", threatened_by=["brute"]))
    allowed(game, act("aoo", "brute", target="aria"))
    pass_turn(game)
    assert_refused(game, act("bonus_action", "brute"), "e133.reaction.charges-next-turn",
                   "Reaction")
    allowed(game, act("standard_action", "brute"))


def test_aoo_a_spent_reaction_answers_no_second_provocation() -> None:
    """Attacks of Opportunity / Ready: one reaction per round: provoked twice in a turn, an
    enemy answers once."""
    game = encounter()
    allowed(game, act("attack", "aria", target="brute", mode="ranged", threatened_by=["brute"]))
    allowed(game, act("aoo", "brute", target="aria"))
    allowed(game, act("move", "aria", distance=10, leaves_threatened_by=["brute"]))
    assert_refused(game, act("aoo", "brute", target="aria"), "e133.reaction.charges-next-turn",
                   "Reaction")


def placed(brute_at: list[int], **brute: Any) -> Game[Any]:
    return encounter(fighter("aria", 18, position=[0, 0]),
                     fighter("brute", 9, "foes", position=brute_at, **brute))


@pytest.mark.parametrize(("square", "reaches"), [([1, 0], True), ([1, 1], True),
                                                 ([2, 0], False), ([2, 1], False)])
def test_aoo_within_reach_on_the_map(square: list[int], reaches: bool) -> None:
    """Attacks of Opportunity: "within your reach": natural reach is 5 ft (the adjacent
    squares, diagonals included under 5e counting); 10 ft away is out of reach."""
    game = placed(square)
    allowed(game, act("attack", "aria", target="brute", mode="ranged"))
    found = game.check(act("aoo", "brute", target="aria"))
    if reaches:
        assert found is None, found
    else:
        assert found is not None and found.rule == "e133.aoo.reaction", found


@pytest.mark.parametrize(("square", "reaches"), [([2, 0], True), ([3, 0], False)])
def test_aoo_a_reach_weapon_threatens_farther(square: list[int], reaches: bool) -> None:
    """Attacks of Opportunity: reach is the weapon's: a 10-ft pike reaches two squares, not
    three."""
    game = placed(square, weapons={"pike": {"kind": "melee", "reach": 10}})
    allowed(game, act("attack", "aria", target="brute", mode="ranged"))
    found = game.check(act("aoo", "brute", target="aria"))
    assert (found is None) is reaches, found


# ---------------------------------------------------------------------------------------------
# Cast a Spell or Program


def test_cast_takes_a_standard_action_by_default() -> None:
    """Cast a Spell or Program: most spells and programs take 1 standard action."""
    game = encounter()
    allowed(game, act("cast", "aria", spell="bolt"))
    assert (state_of(game, "aria")["standard"], state_of(game, "aria")["move"]) == (0, 1)
    found = assert_refused(game, act("cast", "aria", spell="bolt"), "e133.economy.standard",
                           "Action Types")
    assert "e133.cast.standard" in found.also


@pytest.mark.parametrize("when", ["before", "after"])
def test_cast_before_or_after_the_move_action(when: str) -> None:
    """Cast a Spell or Program: the cast may come before or after a move action."""
    game = encounter()
    steps = [act("cast", "aria", spell="bolt"), act("move", "aria", distance=30)]
    for step in steps if when == "before" else steps[::-1]:
        allowed(game, step)
    assert state_of(game, "aria")["moved"] == 30


def test_cast_takes_the_casting_time_the_spell_gives() -> None:
    """Cast a Spell or Program: not always a standard action: the spell's casting time rules
    (a full-round casting after a move is refused; a move-action casting uses the move)."""
    game = encounter()
    allowed(game, act("cast", "aria", spell="rite", casting_time="move"))
    assert (state_of(game, "aria")["standard"], state_of(game, "aria")["move"]) == (1, 0)
    allowed(game, act("attack", "aria", target="brute"))
    pass_turn(game)
    allowed(game, act("move", "brute", distance=5))
    assert refusal(game, act("cast", "brute", spell="ritual", casting_time="full_round")).rule \
        == "e133.economy.full-round"
    pass_turn(game)
    allowed(game, act("cast", "aria", spell="ritual", casting_time="full_round"))
    assert (state_of(game, "aria")["standard"], state_of(game, "aria")["move"]) == (0, 0)
    allowed(game, act("cast", "aria", spell="quickened", casting_time="bonus"))
    assert state_of(game, "aria")["bonus"] == 0


def test_cast_provokes() -> None:
    """Table: Standard Actions: casting (1 standard action) provokes."""
    game = encounter()
    allowed(game, act("cast", "aria", spell="bolt", threatened_by=["brute"]))
    allowed(game, act("aoo", "brute", target="aria"))


# ---------------------------------------------------------------------------------------------
# Concentration and Ending Concentration


def test_concentration_someone_who_cannot_concentrate_cannot_use_it() -> None:
    """Concentration: an ability needing concentration is refused to someone who cannot
    concentrate; one that needs none is not."""
    game = encounter(fighter("aria", 18, conditions=["incapacitated"]),
                     fighter("brute", 9, "foes"))
    assert_refused(game, act("cast", "aria", spell="web", concentration=True),
                   "e133.cast.cannot-concentrate", "Concentration")
    fine = encounter()
    allowed(fine, act("cast", "aria", spell="web", concentration=True))
    assert state_of(fine, "aria")["concentrating"] == "web"


@pytest.mark.parametrize(("face", "kept"), [(12, True), (11, False), (20, True), (1, False)])
def test_concentration_check_against_the_threats_dc(face: int, kept: bool) -> None:
    """Concentration / reference: interfered with, the user checks d20 + Concentration bonus
    against the DC of the threat: meeting it keeps the effort (+3: 12 makes DC 15), one short
    loses it with no effect."""
    game = encounter(fighter("aria", 18, concentration=3), fighter("brute", 9, "foes"))
    allowed(game, act("cast", "aria", spell="web", concentration=True))
    game.play(act("concentration_check", "aria", dc=15), dice=ForcedDice([face]))
    assert game.view()["last_check"]["total"] == face + 3
    assert game.view()["last_check"]["success"] is kept
    assert (state_of(game, "aria")["concentrating"] == "web") is kept
    assert ("web" in state_of(game, "aria")["effects"]) is kept
    if not kept:
        assert state_of(game, "aria")["ended"] == {"web": "e133.concentrate.check"}


@pytest.mark.parametrize(("face", "kept"), [(10, True), (9, False)])
def test_concentration_an_interrupted_cast_is_lost_with_no_effect(face: int, kept: bool) -> None:
    """Concentration: a cast the brute's attack of opportunity interferes with needs a check
    (+2 against DC 12: 10 keeps it, 9 loses it); lost, the spell has no effect at all, and
    the action is spent all the same."""
    game = encounter(fighter("aria", 18, concentration=2), fighter("brute", 9, "foes"))
    allowed(game, act("cast", "aria", spell="bless", duration_rounds=3, threatened_by=["brute"]))
    allowed(game, act("aoo", "brute", target="aria"))
    game.play(act("concentration_check", "aria", dc=12), dice=ForcedDice([face]))
    assert ("bless" in state_of(game, "aria")["effects"]) is kept
    assert state_of(game, "aria")["standard"] == 0


def test_concentration_the_check_is_for_the_effort_under_way_only() -> None:
    """Concentration: the check guards an ability being started; once the caster has moved on
    to another action (or another turn), there is nothing left to disrupt."""
    game = encounter()
    allowed(game, act("cast", "aria", spell="bless", duration_rounds=3))
    allowed(game, act("move_action", "aria"))
    assert_refused(game, act("concentration_check", "aria", dc=10), "e133.concentrate.check",
                   "Concentration")


def test_concentration_check_odds_are_exact() -> None:
    """Concentration: the odds of keeping the effort: d20+3 against DC 15 is 9/20."""
    game = encounter(fighter("aria", 18, concentration=3), fighter("brute", 9, "foes"))
    allowed(game, act("cast", "aria", spell="web", concentration=True))
    odds = R.odds(game.state, act("concentration_check", "aria", dc=15))  # type: ignore[attr-defined]
    assert odds is not None and odds["success"] == "9/20", odds


def test_concentration_check_needs_an_effort_under_way() -> None:
    """Concentration: the check is for an effort something interferes with; with none under
    way there is nothing to lose."""
    game = encounter()
    assert_refused(game, act("concentration_check", "aria", dc=10), "e133.concentrate.check",
                   "Concentration")


def test_concentration_maintaining_is_a_standard_action_that_does_not_provoke() -> None:
    """Concentration: concentrating to continue takes the standard action and provokes no
    attack of opportunity."""
    game = encounter()
    allowed(game, act("cast", "aria", spell="web", concentration=True))
    pass_turn(game)
    pass_turn(game)
    allowed(game, act("concentrate", "aria", ability="web", threatened_by=["brute"]))
    assert state_of(game, "aria")["standard"] == 0
    assert_refused(game, act("aoo", "brute", target="aria"), "e133.concentrate.maintain",
                   "Concentration")
    assert refusal(game, act("attack", "aria", target="brute")).rule == "e133.economy.standard"


def test_concentration_maintaining_needs_the_standard_action() -> None:
    """Concentration: with the standard action spent, there is no concentrating this turn."""
    game = encounter()
    allowed(game, act("cast", "aria", spell="web", concentration=True))
    pass_turn(game)
    pass_turn(game)
    allowed(game, act("attack", "aria", target="brute"))
    found = refusal(game, act("concentrate", "aria", ability="web"))
    assert found.rule == "e133.economy.standard" and "e133.concentrate.maintain" in found.also


def test_concentration_maintaining_names_the_active_ability() -> None:
    """Concentration: one concentrates to continue an ability under way, not another one."""
    game = encounter()
    assert_refused(game, act("concentrate", "aria"), "e133.concentrate.maintain",
                   "Concentration")
    allowed(game, act("cast", "aria", spell="web", concentration=True, casting_time="move"))
    assert_refused(game, act("concentrate", "aria", ability="fog"),
                   "e133.concentrate.maintain", "Concentration")
    allowed(game, act("concentrate", "aria", ability="web"))


def test_concentration_cannot_be_maintained_by_someone_who_cannot_concentrate() -> None:
    """Concentration: incapacitated after casting, the holder cannot spend its standard action
    concentrating, and the ability lapses at the end of that turn."""
    game = encounter()
    allowed(game, act("cast", "aria", spell="web", concentration=True))
    pass_turn(game)
    allowed(game, act("set_condition", "gm", target="aria", condition="incapacitated"))
    pass_turn(game)
    assert_refused(game, act("concentrate", "aria", ability="web"),
                   "e133.cast.cannot-concentrate", "Concentration")
    pass_turn(game)
    assert state_of(game, "aria")["concentrating"] is None


def test_concentration_lapses_without_the_standard_action_spent_on_it() -> None:
    """READINGS e133: it ends at the end of a turn in which its holder did not spend the
    standard action to concentrate (the casting turn counts)."""
    game = encounter()
    allowed(game, act("cast", "aria", spell="web", concentration=True))
    pass_turn(game)
    assert state_of(game, "aria")["concentrating"] == "web"  # the casting turn counts
    pass_turn(game)
    allowed(game, act("concentrate", "aria", ability="web"))
    pass_turn(game)
    assert state_of(game, "aria")["concentrating"] == "web"
    pass_turn(game)
    pass_turn(game)  # round 3: aria did not concentrate
    assert state_of(game, "aria")["concentrating"] is None
    assert state_of(game, "aria")["ended"]["web"] == "e133.concentrate.lapse"


def test_concentration_on_one_ability_at_a_time() -> None:
    """Concentration / READINGS e133: a second concentration ability is refused until the
    first is dismissed (which is free); one needing no concentration is fine."""
    game = encounter()
    allowed(game, act("cast", "aria", spell="web", concentration=True))
    pass_turn(game)
    pass_turn(game)
    assert_refused(game, act("cast", "aria", spell="fog", concentration=True),
                   "e133.cast.concentration-one", "Concentration")
    allowed(game, act("dismiss", "aria", ability="web"))
    assert state_of(game, "aria")["standard"] == 1  # dismissing is free
    allowed(game, act("cast", "aria", spell="fog", concentration=True))
    assert state_of(game, "aria")["concentrating"] == "fog"


def test_concentration_a_spell_without_concentration_may_be_cast_meanwhile() -> None:
    """Concentration: the one-at-a-time limit is on concentrating, not on casting."""
    game = encounter()
    allowed(game, act("cast", "aria", spell="web", concentration=True, casting_time="move"))
    allowed(game, act("cast", "aria", spell="bolt"))
    assert state_of(game, "aria")["concentrating"] == "web"


def test_dismiss_is_a_free_action_that_never_provokes() -> None:
    """Ending Concentration: dismissing is a free action that provokes no attack."""
    game = encounter()
    allowed(game, act("cast", "aria", spell="web", concentration=True))
    allowed(game, act("move", "aria", distance=30))
    allowed(game, act("dismiss", "aria", ability="web", threatened_by=["brute"]))
    assert state_of(game, "aria")["concentrating"] is None
    assert state_of(game, "aria")["free_used"] == 1
    assert_refused(game, act("aoo", "brute", target="aria"), "e133.concentrate.dismiss",
                   "Ending Concentration")


def test_dismiss_only_on_ones_own_turn_and_counted_as_a_free_action() -> None:
    """Ending Concentration / READINGS e133: a free action, so on one's own turn, and within
    the table's free-action limit."""
    game = encounter(settings={"free_actions_per_turn": 1})
    allowed(game, act("cast", "aria", spell="web", concentration=True))
    pass_turn(game)
    assert_refused(game, act("dismiss", "aria", ability="web"), "e133.free.own-turn",
                   "Free Action")
    pass_turn(game)
    allowed(game, act("free_action", "aria"))
    assert_refused(game, act("dismiss", "aria", ability="web"), "e133.free.limit",
                   "Free Action")


def test_dismiss_a_spell_that_needs_no_concentration() -> None:
    """Ending Concentration / Table: Standard Actions (dismiss a spell or program): an active
    spell with a duration may be dismissed too; it ends at once."""
    game = encounter()
    allowed(game, act("cast", "aria", spell="bless", duration_rounds=5))
    assert "bless" in state_of(game, "aria")["effects"]
    allowed(game, act("dismiss", "aria", ability="bless"))
    assert "bless" not in state_of(game, "aria")["effects"]


def test_dismiss_needs_an_active_ability() -> None:
    """Ending Concentration: only an active ability can be dismissed."""
    game = encounter()
    found = game.check(act("dismiss", "aria", ability="web"))
    assert found is not None and found.rule == "e133.concentrate.dismiss", found


# ---------------------------------------------------------------------------------------------
# Activate Item


def test_activate_item_is_a_standard_action_unless_the_item_says_otherwise() -> None:
    """Activate Item: a standard action by default; an item's own time is used instead."""
    game = encounter()
    allowed(game, act("activate_item", "aria", item="detonator"))
    assert (state_of(game, "aria")["standard"], state_of(game, "aria")["move"]) == (0, 1)
    found = refusal(game, act("activate_item", "aria", item="terminal"))
    assert found.rule == "e133.economy.standard" and "e133.item.activate" in found.also
    allowed(game, act("activate_item", "aria", item="visor", time="move"))
    assert state_of(game, "aria")["move"] == 0
    pass_turn(game)
    allowed(game, act("activate_item", "brute", item="beacon", time="bonus"))
    assert (state_of(game, "brute")["standard"], state_of(game, "brute")["bonus"]) == (1, 0)


# ---------------------------------------------------------------------------------------------
# Use Special Ability, Spell-Like, Supernatural and Extraordinary Abilities

ABILITIES: dict[str, Any] = {
    "rage": {"type": "special"},
    "surge": {"type": "special", "action": "full_round"},
    "instinct": {"type": "special", "action": "none"},
    "blink": {"type": "spell_like", "uses": 1},
    "glare": {"type": "supernatural"},
    "tough": {"type": "extraordinary"},
    "leap": {"type": "extraordinary", "action": "standard"},
}


def gifted(*conditions: str) -> Game[Any]:
    return encounter(fighter("aria", 18, abilities=ABILITIES, conditions=list(conditions)),
                     fighter("brute", 9, "foes"))


def spent(game: Game[Any]) -> tuple[int, int, int]:
    aria = state_of(game, "aria")
    return aria["standard"], aria["move"], aria["bonus"]


@pytest.mark.parametrize(("ability", "left"), [
    ("rage", (0, 1, 1)), ("surge", (0, 0, 1)), ("instinct", (1, 1, 1)), ("blink", (0, 1, 1)),
    ("glare", (0, 1, 1)), ("tough", (1, 1, 1)), ("leap", (0, 1, 1))])
def test_ability_takes_the_action_its_description_gives(ability: str,
                                                        left: tuple[int, int, int]) -> None:
    """Use Special Ability / Spell-Like / Supernatural / Extraordinary: usually a standard
    action (spell-like: 1 standard action casting time; supernatural: standard unless defined
    otherwise); the ability may define a full-round action or no action at all;
    extraordinary abilities are usually no action."""
    game = gifted()
    allowed(game, act("use_ability", "aria", ability=ability))
    assert spent(game) == left


def test_ability_extraordinary_happens_reactively_even_off_turn() -> None:
    """Extraordinary Abilities: most happen on their own, reactively: one that is no action
    may come off one's turn, costing nothing; a special ability of no action is still used on
    one's own turn (part of doing something else, Not an Action)."""
    game = gifted()
    pass_turn(game)
    allowed(game, act("use_ability", "aria", ability="tough"))
    assert state_of(game, "aria")["reaction_charged"] is False
    assert_refused(game, act("use_ability", "aria", ability="instinct"), "e133.round.own-turn",
                   "The Combat Round")


def test_ability_a_full_round_ability_cannot_follow_a_move() -> None:
    """Use Special Ability: one defined as a full-round action takes the whole round."""
    game = gifted()
    allowed(game, act("move", "aria", distance=5))
    found = refusal(game, act("use_ability", "aria", ability="surge"))
    assert found.rule == "e133.economy.full-round" and "e133.ability.special" in found.also


def test_ability_a_standard_ability_needs_the_standard_action() -> None:
    """Use Special Ability: a standard-action ability is refused once the standard is spent;
    one that is no action at all is not."""
    game = gifted()
    allowed(game, act("standard_action", "aria"))
    found = refusal(game, act("use_ability", "aria", ability="rage"))
    assert found.rule == "e133.economy.standard" and "e133.ability.special" in found.also
    allowed(game, act("use_ability", "aria", ability="instinct"))
    allowed(game, act("use_ability", "aria", ability="tough"))


def test_spell_like_needs_concentration_like_casting() -> None:
    """Spell-Like Abilities: it works like casting: it needs concentration, so someone who
    cannot concentrate cannot use it; supernatural and extraordinary abilities need none."""
    game = gifted("incapacitated")
    assert_refused(game, act("use_ability", "aria", ability="blink"),
                   "e133.cast.cannot-concentrate", "Concentration")
    allowed(game, act("use_ability", "aria", ability="glare"))
    allowed(game, act("use_ability", "aria", ability="tough"))


def test_spell_like_a_disrupted_use_fails_and_still_counts() -> None:
    """Spell-Like Abilities: broken concentration makes the attempt fail, yet it counts as a
    use (1 use: refused afterwards)."""
    game = gifted()
    allowed(game, act("use_ability", "aria", ability="blink"))
    game.play(act("concentration_check", "aria", dc=15), dice=ForcedDice([3]))
    assert state_of(game, "aria")["ended"]["blink"] == "e133.concentrate.check"
    assert state_of(game, "aria")["uses"]["blink"] == 0
    pass_turn(game)
    pass_turn(game)
    assert_refused(game, act("use_ability", "aria", ability="blink"), "e133.ability.uses",
                   "Spell-Like Abilities")


def test_spell_like_an_undisrupted_use_succeeds() -> None:
    """Spell-Like Abilities: a kept concentration keeps the effort (no ended entry)."""
    game = gifted()
    allowed(game, act("use_ability", "aria", ability="blink"))
    game.play(act("concentration_check", "aria", dc=15), dice=ForcedDice([15]))
    assert "blink" not in state_of(game, "aria")["ended"]


@pytest.mark.parametrize(("ability", "rule", "section"), [
    ("glare", "e133.ability.supernatural", "Supernatural Abilities"),
    ("leap", "e133.ability.extraordinary", "Extraordinary Abilities")])
def test_supernatural_and_extraordinary_cannot_be_disrupted(ability: str, rule: str,
                                                            section: str) -> None:
    """Supernatural / Extraordinary Abilities: their use cannot be disrupted: no concentration
    check can end it."""
    game = gifted()
    allowed(game, act("use_ability", "aria", ability=ability))
    assert_refused(game, act("concentration_check", "aria", dc=15), rule, section)


# ---------------------------------------------------------------------------------------------
# Table: Standard Actions (every row) and its notes

PREP: dict[str, list[Action]] = {
    "concentrate": [act("cast", "aria", spell="web", concentration=True, casting_time="move")],
}

TABLE: list[tuple[str, str, dict[str, Any], str | None]] = [
    # (row, kind, params, None if it provokes, else the rule the aoo refusal names)
    ("attack (melee)", "attack", {"target": "brute", "mode": "melee"}, "e133.aoo.table"),
    ("attack (unarmed)", "attack", {"target": "brute", "mode": "unarmed"}, None),
    ("attack (ranged)", "attack", {"target": "brute", "mode": "ranged"}, None),
    # not rows of their own: a spell or technomancy attack is cast (Attack; the cast row), an
    # improvised weapon swung is a melee attack
    ("attack (spell)", "attack", {"target": "brute", "mode": "spell"}, None),
    ("attack (technomancy)", "attack", {"target": "brute", "mode": "technomancy"}, None),
    ("attack (improvised)", "attack", {"target": "brute", "mode": "improvised"},
     "e133.aoo.table"),
    ("activate an item", "activate_item", {"item": "wand"}, "e133.item.activate"),
    ("aid another, aided action provokes", "aid_another", {"aided_provokes": True}, None),
    ("aid another, aided action does not", "aid_another", {"aided_provokes": False},
     "e133.aoo.aid-another"),
    ("bull rush", "bull_rush", {}, None),
    ("cast (1 standard action)", "cast", {"spell": "bolt"}, None),
    ("concentrate to maintain", "concentrate", {"ability": "web"},
     "e133.concentrate.maintain"),
    ("dismiss", "dismiss", {"ability": "web"}, "e133.concentrate.dismiss"),
    ("draw a hidden weapon", "draw_hidden_weapon", {}, "e133.aoo.table"),
    ("drink a potion", "drink_potion", {}, None),
    ("escape a grapple", "escape_grapple", {}, "e133.aoo.table"),
    ("feint", "feint", {}, "e133.aoo.table"),
    ("light a torch", "light_torch", {}, None),
    ("stabilize a dying friend", "stabilize", {}, None),
    ("overrun", "overrun", {}, "e133.aoo.table"),
    ("read a document", "read_document", {}, None),
    ("ready", "ready", {"trigger": "the door opens", "action": "attack"}, "e133.aoo.table"),
    ("sunder a weapon", "sunder", {"object": "weapon"}, None),
    ("sunder a held object", "sunder", {"object": "object", "held": True}, None),
    ("sunder an object nobody holds", "sunder", {"object": "object", "held": False},
     "e133.aoo.sunder-object"),
    ("total defense", "total_defense", {}, "e133.aoo.table"),
    ("use an extraordinary ability", "use_ability", {"ability": "leap"},
     "e133.ability.extraordinary"),
    ("use a skill (usually)", "use_skill", {"skill": "hack"}, None),
    ("use a skill that says it does not", "use_skill", {"skill": "hack", "provokes": False},
     "e133.skill"),
    ("use a spell-like ability", "use_ability", {"ability": "blink"}, None),
    ("use a supernatural ability", "use_ability", {"ability": "glare"},
     "e133.ability.supernatural"),
]
PREP["dismiss"] = PREP["concentrate"]


@pytest.mark.parametrize(("row", "kind", "params", "why_not"), TABLE, ids=[t[0] for t in TABLE])
def test_table_standard_actions_row(row: str, kind: str, params: dict[str, Any],
                                    why_not: str | None) -> None:
    """Table: Standard Actions: whether the action itself provokes from an enemy threatening
    the actor (notes 2 and 3 decide aid another and sundering an object)."""
    game = gifted()
    for step in PREP.get(kind, []):
        game.play(step)
    allowed(game, act(kind, "aria", threatened_by=["brute"], **params))
    answer = game.check(act("aoo", "brute", target="aria"))
    if why_not is None:
        assert answer is None, (row, answer)
        game.play(act("aoo", "brute", target="aria"))
        assert state_of(game, "brute")["reaction_charged"] is True
    else:
        assert answer is not None and answer.rule == why_not, (row, answer)


def test_table_note_1_moving_out_of_a_threatened_square_provokes_whatever_the_action() -> None:
    """Table: Standard Actions, note 1: the column is about the action itself; leaving a
    threatened square still provokes, even in a turn whose action did not."""
    game = encounter()
    allowed(game, act("feint", "aria", threatened_by=["brute"]))
    assert refusal(game, act("aoo", "brute", target="aria")).rule == "e133.aoo.table"
    allowed(game, act("move", "aria", distance=10, leaves_threatened_by=["brute"]))
    allowed(game, act("aoo", "brute", target="aria"))


def test_table_note_1_on_the_map() -> None:
    """Table: Standard Actions, note 1, with positions: feinting beside brute provokes
    nothing; walking away from it does."""
    game = placed([1, 0])
    allowed(game, act("feint", "aria"))
    assert refusal(game, act("aoo", "brute", target="aria")).rule == "e133.aoo.table"
    allowed(game, act("move", "aria", to=[-2, 0]))
    allowed(game, act("aoo", "brute", target="aria"))


def test_table_drink_potion_is_a_standard_action() -> None:
    """Table: Standard Actions: drinking a potion or applying an elixir is a standard action
    (listed apart from activating items because it provokes)."""
    game = encounter()
    allowed(game, act("drink_potion", "aria"))
    found = refusal(game, act("drink_potion", "aria"))
    assert found.rule == "e133.economy.standard" and "e133.item.potion" in found.also


@pytest.mark.parametrize("kind", ["bull_rush", "light_torch", "stabilize", "read_document",
                                  "overrun", "feint", "escape_grapple", "total_defense",
                                  "draw_hidden_weapon", "aid_another"])
def test_table_rows_are_standard_actions(kind: str) -> None:
    """Table: Standard Actions: each listed row takes the standard action: one a turn."""
    game = encounter()
    allowed(game, act(kind, "aria"))
    assert (state_of(game, "aria")["standard"], state_of(game, "aria")["move"]) == (0, 1)
    assert refusal(game, act(kind, "aria")).rule == "e133.economy.standard"


@pytest.mark.parametrize(("ability", "rule"), [("glare", "e133.ability.supernatural"),
                                               ("tough", "e133.ability.extraordinary")])
def test_supernatural_and_extraordinary_need_no_concentration_and_never_provoke(
        ability: str, rule: str) -> None:
    """Supernatural / Extraordinary Abilities: no concentration needed (usable by someone who
    cannot concentrate) and no attack of opportunity, even from a threatening enemy."""
    game = gifted("incapacitated")
    allowed(game, act("use_ability", "aria", ability=ability, threatened_by=["brute"]))
    assert refusal(game, act("aoo", "brute", target="aria")).rule == rule


# ---------------------------------------------------------------------------------------------
# Disengage


def test_disengage_is_a_standard_action() -> None:
    """Disengage: taken as a standard action (the move is left)."""
    game = encounter()
    allowed(game, act("disengage", "aria"))
    assert (state_of(game, "aria")["standard"], state_of(game, "aria")["move"]) == (0, 1)
    found = refusal(game, act("disengage", "aria"))
    assert found.rule == "e133.economy.standard" and "e133.disengage" in found.also


def test_disengage_movement_after_it_provokes_nothing_for_the_rest_of_the_turn() -> None:
    """Disengage: after it, moving out of threatened squares provokes no attack, for every
    movement of the rest of that turn."""
    game = trio()
    allowed(game, act("disengage", "aria"))
    allowed(game, act("move", "aria", distance=10, leaves_threatened_by=["brute", "ghoul"]))
    for enemy in ("brute", "ghoul"):
        assert_refused(game, act("aoo", enemy, target="aria"), "e133.disengage", "Disengage")
    allowed(game, act("move", "aria", distance=20, leaves_threatened_by=["ghoul"]))
    assert_refused(game, act("aoo", "ghoul", target="aria"), "e133.disengage", "Disengage")


def test_disengage_does_not_cover_movement_before_it_nor_the_next_turn() -> None:
    """Disengage: only the rest of the turn: a move before it provoked, and next turn moving
    provokes again."""
    game = encounter()
    allowed(game, act("move", "aria", distance=10, leaves_threatened_by=["brute"]))
    allowed(game, act("aoo", "brute", target="aria"))
    allowed(game, act("disengage", "aria"))
    pass_turn(game)
    pass_turn(game)
    assert state_of(game, "aria")["disengaged"] is False
    allowed(game, act("move", "aria", distance=10, leaves_threatened_by=["brute"]))
    allowed(game, act("aoo", "brute", target="aria"))  # brute's slot came back after its turn


def test_disengage_next_turn_provokes_again_from_a_fresh_enemy() -> None:
    """Disengage: the next turn's movement provokes an enemy with its reaction free."""
    game = encounter()
    allowed(game, act("disengage", "aria"))
    allowed(game, act("move", "aria", distance=10, leaves_threatened_by=["brute"]))
    pass_turn(game)
    pass_turn(game)
    allowed(game, act("move", "aria", distance=10, leaves_threatened_by=["brute"]))
    allowed(game, act("aoo", "brute", target="aria"))


def test_disengage_on_the_map() -> None:
    """Disengage, with positions: walking away from an adjacent enemy provokes, unless the
    walker disengaged first."""
    game = placed([1, 0])
    allowed(game, act("disengage", "aria"))
    allowed(game, act("move", "aria", to=[-3, 0]))
    assert_refused(game, act("aoo", "brute", target="aria"), "e133.disengage", "Disengage")


# ---------------------------------------------------------------------------------------------
# Dodge


def dodging(**aria: Any) -> Game[Any]:
    """aria (AC 15) dodged on her turn; it is now brute's (+5) turn."""
    game = encounter(fighter("aria", 18, ac=15, **aria),
                     fighter("brute", 9, "foes", attack_bonus=5))
    allowed(game, act("dodge", "aria"))
    pass_turn(game)
    return game


def hit_odds(game: Game[Any], **params: Any) -> str:
    odds = R.odds(game.state, act("attack", "brute", target="aria", **params))  # type: ignore[attr-defined]
    assert odds is not None
    return str(odds["hit"])


def test_dodge_is_a_standard_action() -> None:
    """Dodge: taken as a standard action."""
    game = encounter()
    allowed(game, act("dodge", "aria"))
    assert (state_of(game, "aria")["standard"], state_of(game, "aria")["move"]) == (0, 1)
    found = refusal(game, act("dodge", "aria"))
    assert found.rule == "e133.economy.standard" and "e133.dodge" in found.also


def test_dodge_gives_attackers_disadvantage_when_seen() -> None:
    """Dodge / odds.md: attack rolls against the dodger have disadvantage if it sees the
    attacker: +5 against AC 15 is 11/20 plain, 121/400 with disadvantage; d20 >= 15 with
    disadvantage is 9/100 (odds.md); an unseen attacker rolls plain."""
    game = dodging()
    assert hit_odds(game) == "121/400"
    assert hit_odds(game, attack_bonus=0) == "9/100"
    assert hit_odds(game, target_sees_attacker=False) == "11/20"
    plain = encounter(fighter("aria", 18, ac=15), fighter("brute", 9, "foes", attack_bonus=5))
    pass_turn(plain)
    assert hit_odds(plain) == "11/20"
    assert hit_odds(plain, attack_bonus=0) == "3/10"


def test_dodge_disadvantage_rolls_two_dice_and_keeps_the_lower() -> None:
    """Dodge / reference: disadvantage is 2d20 keeping the lower: 18 and 4 with +5 make 9, a
    miss against AC 15; unseen, the 18 alone hits."""
    game = dodging()
    game.play(act("attack", "brute", target="aria"), dice=ForcedDice([18, 4]))
    assert (game.view()["last_check"]["total"], game.view()["last_check"]["success"]) == (9, False)
    unseen = dodging()
    unseen.play(act("attack", "brute", target="aria", target_sees_attacker=False),
                dice=ForcedDice([18, 4]))
    assert unseen.view()["last_check"]["total"] == 23


def test_dodge_starts_at_once_and_covers_attacks_of_opportunity() -> None:
    """Dodge: any attack roll against the dodger, an attack of opportunity included, from the
    moment it dodges: walking away from brute after dodging, brute's +5 against AC 15 is
    121/400."""
    game = encounter(fighter("aria", 18, ac=15), fighter("brute", 9, "foes", attack_bonus=5))
    allowed(game, act("dodge", "aria"))
    allowed(game, act("move", "aria", distance=10, leaves_threatened_by=["brute"]))
    odds = R.odds(game.state, act("aoo", "brute", target="aria"))  # type: ignore[attr-defined]
    assert odds is not None and odds["hit"] == "121/400", odds


def test_dodge_with_cover_both_apply() -> None:
    """Dodge / reference (cover): half cover adds 2 to the AC and the dodge still gives
    disadvantage: +5 against 17, (9/20)^2 = 81/400."""
    game = dodging(cover="half")
    assert hit_odds(game) == "81/400"


def test_dodge_and_an_attackers_advantage_cancel() -> None:
    """Dodge / reference: advantage and disadvantage together cancel to a plain roll."""
    assert hit_odds(dodging(), advantage=True) == "11/20"


def test_dodge_gives_advantage_on_dexterity_saves() -> None:
    """Dodge / odds.md: the dodger's Dexterity saves have advantage: d20 >= 15 is 51/100,
    3/10 without dodging."""
    game = dodging()
    odds = R.odds(game.state, act("dexterity_save", "aria", dc=15))  # type: ignore[attr-defined]
    assert odds is not None and odds["success"] == "51/100", odds
    plain = encounter()
    odds = R.odds(plain.state, act("dexterity_save", "aria", dc=15))  # type: ignore[attr-defined]
    assert odds is not None and odds["success"] == "3/10", odds
    game.play(act("dexterity_save", "aria", dc=15), dice=ForcedDice([3, 16]))
    assert game.view()["last_check"]["success"] is True


def test_dodge_lasts_until_the_start_of_the_dodgers_next_turn() -> None:
    """Dodge: the benefit holds until the start of the dodger's next turn, not beyond."""
    game = dodging()
    assert "dodge" in state_of(game, "aria")["effects"]
    pass_turn(game)  # round 2, aria's turn starts
    assert "dodge" not in state_of(game, "aria")["effects"]
    allowed(game, act("move", "aria", distance=10, leaves_threatened_by=["brute"]))
    odds = R.odds(game.state, act("aoo", "brute", target="aria"))  # type: ignore[attr-defined]
    assert odds is not None and odds["hit"] == "11/20", odds


@pytest.mark.parametrize("how", ["incapacitated", "speed 0"])
def test_dodge_is_lost_when_incapacitated_or_at_speed_zero(how: str) -> None:
    """Dodge: the benefit is lost if the dodger is incapacitated or its speed drops to 0."""
    game = dodging()
    if how == "incapacitated":
        allowed(game, act("set_condition", "gm", target="aria", condition="incapacitated"))
    else:
        allowed(game, act("set_speed", "gm", target="aria", feet=0))
    assert "dodge" not in state_of(game, "aria")["effects"]
    assert hit_odds(game) == "11/20"


def test_dodge_is_kept_at_a_slower_nonzero_speed() -> None:
    """Dodge: only a speed of 0 ends it: 5 ft keeps it."""
    game = dodging()
    allowed(game, act("set_speed", "gm", target="aria", feet=5))
    assert hit_odds(game) == "121/400"


@pytest.mark.parametrize("aria", [{"conditions": ["incapacitated"]}, {"speed": 0},
                                  {"conditions": ["stunned"]}])
def test_dodge_is_refused_to_someone_who_would_gain_nothing(aria: dict[str, Any]) -> None:
    """Dodge: incapacitated (stunned includes it) or at speed 0, the benefit is lost, so
    dodging is refused, naming why; at speed 5 it is allowed."""
    game = encounter(fighter("aria", 18, **aria), fighter("brute", 9, "foes"))
    assert_refused(game, act("dodge", "aria"), "e133.dodge.lost", "Dodge")
    slow = encounter(fighter("aria", 18, speed=5), fighter("brute", 9, "foes"))
    allowed(slow, act("dodge", "aria"))


def test_dodge_is_lost_when_stunned_after_dodging() -> None:
    """Dodge: a condition that includes incapacitated ends the benefit too."""
    game = dodging()
    allowed(game, act("set_condition", "gm", target="aria", condition="stunned"))
    assert "dodge" not in state_of(game, "aria")["effects"]


# ---------------------------------------------------------------------------------------------
# Reload a Weapon


def test_reload_takes_a_standard_action_unless_the_weapon_says_otherwise() -> None:
    """Reload a Weapon: most weapons take one standard action; others longer or shorter."""
    game = encounter()
    allowed(game, act("reload", "aria"))
    assert (state_of(game, "aria")["standard"], state_of(game, "aria")["move"]) == (0, 1)
    found = refusal(game, act("reload", "aria"))
    assert found.rule == "e133.economy.standard" and "e133.reload" in found.also
    allowed(game, act("reload", "aria", time="move"))
    assert state_of(game, "aria")["move"] == 0
    pass_turn(game)
    allowed(game, act("reload", "brute", time="free"))
    allowed(game, act("reload", "brute", time="full_round"))
    pass_turn(game)
    allowed(game, act("move", "aria", distance=5))
    assert refusal(game, act("reload", "aria", time="full_round")).rule \
        == "e133.economy.full-round"


# ---------------------------------------------------------------------------------------------
# Ready


def test_ready_is_a_standard_action_on_ones_turn() -> None:
    """Ready: taken on one's own turn as a standard action."""
    game = encounter()
    assert_refused(game, act("ready", "brute", trigger="x", action="attack"),
                   "e133.round.own-turn", "The Combat Round")
    allowed(game, act("ready", "aria", trigger="the door opens", action="attack"))
    assert (state_of(game, "aria")["standard"], state_of(game, "aria")["move"]) == (0, 1)
    found = refusal(game, act("attack", "aria", target="brute"))
    assert found.rule == "e133.economy.standard"


def test_ready_fires_as_a_reaction_when_the_trigger_comes() -> None:
    """Ready: when the trigger happens, the readier acts with its reaction, off its turn
    (charged to its coming turn)."""
    game = encounter()
    allowed(game, act("ready", "aria", trigger="the brute steps close", action="attack",
                      action_params={"target": "brute"}))
    pass_turn(game)
    allowed(game, act("fire_readied", "aria"))
    assert state_of(game, "aria")["readied"] is None
    assert state_of(game, "aria")["reaction_charged"] is True
    assert_refused(game, act("fire_readied", "aria"), "e133.ready.fire", "Ready")
    pass_turn(game)
    assert_refused(game, act("bonus_action", "aria"), "e133.reaction.charges-next-turn",
                   "Reaction")


def test_ready_an_ignored_trigger_leaves_it_standing_until_the_next_turn() -> None:
    """Ready / READINGS e133: an ignored trigger leaves the readied action standing until it
    is used or the readier's next turn starts; then it is gone."""
    game = encounter(fighter("aria", 18), fighter("mage", 12, "foes"),
                     fighter("brute", 9, "foes"))
    allowed(game, act("ready", "aria", trigger="anyone moves", action="attack"))
    pass_turn(game)  # mage's turn: the trigger is ignored
    pass_turn(game)  # brute's turn: still readied
    assert state_of(game, "aria")["readied"] is not None
    assert game.check(act("fire_readied", "aria", target="mage")) is None
    pass_turn(game)  # aria's next turn starts
    assert state_of(game, "aria")["readied"] is None
    assert_refused(game, act("fire_readied", "aria"), "e133.ready.expires", "Ready")


@pytest.mark.parametrize(("kind", "params"), [
    ("attack", {}), ("cast", {"spell": "spark"}), ("move_action", {}), ("standard_action", {}),
    ("bonus_action", {}), ("free_action", {}),
    ("use_skill", {"skill": "athletics", "action": "standard"})])
def test_ready_holds_an_action_of_a_standard_action_or_less(kind: str,
                                                           params: dict[str, Any]) -> None:
    """Ready: the readied action is one taking a standard action or less (READINGS e133)."""
    game = encounter()
    allowed(game, act("ready", "aria", trigger="t", action=kind, action_params=params or None))


@pytest.mark.parametrize(("kind", "params"), [
    ("full_round_action", {}), ("dash", {}), ("full_attack", {}), ("charge", {}),
    ("withdraw", {}), ("cast", {"spell": "ritual", "casting_time": "full_round"}),
    ("use_skill", {"skill": "athletics", "action": "full_round"}),
    ("reload", {"time": "full_round"})])
def test_ready_refuses_a_full_round_action(kind: str, params: dict[str, Any]) -> None:
    """Ready: nothing longer than a standard action can be readied."""
    game = encounter()
    assert_refused(game, act("ready", "aria", trigger="t", action=kind,
                             action_params=params or None), "e133.ready", "Ready")


def test_ready_movement_up_to_the_speed() -> None:
    """Ready: instead of an action, moving up to one's speed: 30 ft of 30, not 35 (at ready
    time and at firing)."""
    game = encounter()
    assert_refused(game, act("ready", "aria", trigger="t", action="move", distance=35),
                   "e133.ready", "Ready")
    allowed(game, act("ready", "aria", trigger="the android steps close", action="move",
                      distance=30))
    pass_turn(game)
    assert_refused(game, act("fire_readied", "aria", distance=35), "e133.ready", "Ready")
    allowed(game, act("fire_readied", "aria", distance=30))


def test_ready_a_readied_move_out_of_a_threatened_square_provokes() -> None:
    """Ready: the readied movement is movement: leaving a threatened square provokes."""
    game = encounter()
    allowed(game, act("ready", "aria", trigger="t", action="move", distance=20))
    pass_turn(game)
    allowed(game, act("fire_readied", "aria", distance=20, leaves_threatened_by=["brute"]))
    allowed(game, act("aoo", "brute", target="aria"))


def test_ready_one_reaction_or_bonus_action_per_round() -> None:
    """Ready: only one reaction or bonus action per round: an off-turn reaction (here an
    attack of opportunity) already taken leaves none to fire the readied action with."""
    game = encounter(fighter("aria", 18), fighter("mage", 12, "foes"),
                     fighter("brute", 9, "foes"))
    allowed(game, act("ready", "aria", trigger="t", action="attack"))
    pass_turn(game)
    allowed(game, act("attack", "mage", target="aria", mode="ranged", threatened_by=["aria"]))
    allowed(game, act("aoo", "aria", target="mage"))
    assert_refused(game, act("fire_readied", "aria"), "e133.reaction.charges-next-turn",
                   "Reaction")


def test_ready_the_readied_action_stays_secret_from_other_seats() -> None:
    """Ready: the trigger is the readier's decision: other seats only see that something is
    readied."""
    game = encounter(fighter("aria", 18, controller="alice"),
                     fighter("brute", 9, "foes", controller="bob"))
    allowed(game, act("ready", "aria", trigger="the lever is pulled", action="attack"))
    assert "the lever is pulled" not in str(game.view("bob"))
    assert "the lever is pulled" in str(game.view("alice"))


@pytest.mark.parametrize(("action_params", "message"), [
    ({"target": "nobody"}, "params.action_params.target: no combatant 'nobody'"),
    ({"target": "brute", "mode": "sneaky"}, "params.action_params.mode: 'sneaky' is not allowed"),
    ({"target": "brute", "attack_bonus": "five"}, "params.action_params.attack_bonus"),
    ({"targte": "brute"}, "params.action_params.targte: unknown field"),
])
def test_ready_the_readied_action_is_checked_when_it_is_readied(action_params: dict[str, Any],
                                                                message: str) -> None:
    """Ready / all rulesets: the action chosen in response to the trigger is one the readier
    could take: params its kind would refuse (an unknown combatant, a value outside its enum,
    a wrong type, an undeclared name) are malformed when readied, not silently kept."""
    game = encounter()
    with pytest.raises(BadActionError) as bad:
        game.check(act("ready", "aria", trigger="t", action="attack", action_params=action_params))
    assert message in str(bad.value), str(bad.value)
    assert str(bad.value).startswith("ready: ")
    allowed(game, act("ready", "aria", trigger="t", action="attack",
                      action_params={"target": "brute", "mode": "ranged", "attack_bonus": 5}))


@pytest.mark.parametrize(("params", "message"), [
    ({"action": "move", "action_params": {"mode": "fly"}}, "a readied move takes only distance"),
    ({"action": "move", "action_params": {"difficult_terrain": True}}, "takes only distance"),
    ({"action": "attack", "distance": 30}, "only a readied move has a distance"),
])
def test_ready_params_that_would_be_ignored_are_malformed(params: dict[str, Any],
                                                         message: str) -> None:
    """Ready / all rulesets: the choice is an action or a move up to the speed: a readied move
    given a move's other params, or a readied action given a distance, would have them
    ignored, so they are refused, named."""
    game = encounter()
    with pytest.raises(BadActionError, match=message):
        game.check(act("ready", "aria", trigger="t", **params))
    allowed(game, act("ready", "aria", trigger="t", action="move", distance=15))


def test_ready_a_readied_ability_must_be_ones_own() -> None:
    """Ready: a readied use_ability names an ability the readier has."""
    game = gifted()
    with pytest.raises(BadActionError, match="no ability 'nope'"):
        game.check(act("ready", "aria", trigger="t", action="use_ability",
                       action_params={"ability": "nope"}))
    allowed(game, act("ready", "aria", trigger="t", action="use_ability",
                      action_params={"ability": "glare"}))


def readied_striker(**brute: Any) -> Game[Any]:
    """aria (+5, 1d6+1 slashing) readied an attack on brute (AC 12, 10 HP); brute's turn."""
    game = encounter(fighter("aria", 18, attack_bonus=5, damage="1d6+1 slashing", max_hp=10),
                     fighter("brute", 9, "foes", ac=12, max_hp=10, damage="1d6 slashing",
                             **brute))
    allowed(game, act("ready", "aria", trigger="the brute raises its axe", action="attack",
                      action_params={"target": "brute"}))
    pass_turn(game)
    return game


@pytest.mark.parametrize(("faces", "hit", "hp"), [([15, 4], True, 5), ([7, 2], True, 7),
                                                  ([6], False, 10)])
def test_ready_a_fired_readied_attack_is_made(faces: list[int], hit: bool, hp: int) -> None:
    """Ready: the readier acts with its reaction when the trigger comes: a readied attack is
    an attack, rolled as one (+5 against AC 12: 7 makes 12, a hit; 6 misses) and dealing its
    damage (1d6+1)."""
    game = readied_striker()
    odds = R.odds(game.state, act("fire_readied", "aria"))  # type: ignore[attr-defined]
    assert odds is not None and odds["hit"] == "7/10", odds
    game.play(act("fire_readied", "aria"), dice=ForcedDice(faces))
    assert game.view()["last_check"]["total"] == faces[0] + 5
    assert game.view()["last_check"]["success"] is hit
    assert state_of(game, "brute")["hp"] == hp


def test_ready_a_readied_attack_obeys_the_attack_rules_when_it_fires() -> None:
    """Ready / Hide (cover): the readied attack is still an attack: a target that moved behind
    total cover cannot be targeted when it fires."""
    game = readied_striker()
    allowed(game, act("set_cover", "gm", target="brute", cover="total"))
    assert_refused(game, act("fire_readied", "aria"), "e133.cover", "Hide")
    allowed(game, act("set_cover", "gm", target="brute", cover="none"))
    allowed(game, act("fire_readied", "aria"))


def test_ready_a_readied_melee_attack_reaches_only_when_the_trigger_brings_the_foe_close(
) -> None:
    """Ready / Attacks of Opportunity (reach): "if it steps next to me, I strike": fired
    while brute is 15 ft away the melee attack does not reach; once it is adjacent it does."""
    game = encounter(fighter("aria", 18, position=[0, 0]),
                     fighter("brute", 9, "foes", position=[3, 0]))
    allowed(game, act("ready", "aria", trigger="the brute steps next to me", action="attack",
                      action_params={"target": "brute", "mode": "melee"}))
    pass_turn(game)
    assert_refused(game, act("fire_readied", "aria"), "e133.attack.reach",
                   "Attacks of Opportunity")
    allowed(game, act("move", "brute", to=[1, 0]))
    allowed(game, act("fire_readied", "aria"))


def test_ready_a_fired_readied_cast_begins_at_the_count_it_fires_on() -> None:
    """Ready / The Combat Round: a readied spell is cast when it fires; its 1-round effect
    began at brute's count (9), so it is still on at aria's count in round 2 and ends as
    count 9 comes again."""
    game = encounter()
    allowed(game, act("ready", "aria", trigger="the brute charges", action="cast",
                      action_params={"spell": "shield", "duration_rounds": 1}))
    pass_turn(game)
    assert "shield" not in state_of(game, "aria")["effects"]
    allowed(game, act("fire_readied", "aria"))
    assert "shield" in state_of(game, "aria")["effects"]
    pass_turn(game)
    assert (game.view()["round"], game.view()["turn"]) == (2, "aria")
    assert "shield" in state_of(game, "aria")["effects"]
    pass_turn(game)
    assert "shield" not in state_of(game, "aria")["effects"]


def test_ready_a_readied_cast_obeys_concentration_when_it_fires() -> None:
    """Ready / Concentration: a readied concentration spell is refused when it fires if the
    readier already concentrates on another (and is then not offered); cast, it must be kept
    up from the readier's next turn like any other."""
    game = encounter(fighter("aria", 18), fighter("mage", 12, "foes"),
                     fighter("brute", 9, "foes"))
    allowed(game, act("cast", "aria", spell="web", concentration=True, casting_time="move"))
    allowed(game, act("ready", "aria", trigger="t", action="cast",
                      action_params={"spell": "fog", "concentration": True}))
    pass_turn(game)
    assert_refused(game, act("fire_readied", "aria"), "e133.cast.concentration-one",
                   "Concentration")
    assert "fire_readied" not in {a.kind for a in game.legal_actions("aria")}
    fresh = encounter()
    allowed(fresh, act("ready", "aria", trigger="t", action="cast",
                       action_params={"spell": "fog", "concentration": True}))
    pass_turn(fresh)
    assert "fire_readied" in {a.kind for a in fresh.legal_actions("aria")}
    allowed(fresh, act("fire_readied", "aria"))
    assert state_of(fresh, "aria")["concentrating"] == "fog"
    pass_turn(fresh)
    pass_turn(fresh)  # aria's next turn passes without concentrating
    assert state_of(fresh, "aria")["ended"] == {"fog": "e133.concentrate.lapse"}


def test_ready_a_fired_readied_cast_provokes() -> None:
    """Ready / Table: Standard Actions (cast: yes): fired beside a threatening enemy, the
    readied cast provokes from it."""
    game = encounter(fighter("aria", 18), fighter("mage", 12, "foes"),
                     fighter("brute", 9, "foes"))
    allowed(game, act("ready", "aria", trigger="t", action="cast",
                      action_params={"spell": "bolt"}))
    pass_turn(game)
    allowed(game, act("fire_readied", "aria", threatened_by=["mage"]))
    allowed(game, act("aoo", "mage", target="aria"))


@pytest.mark.parametrize(("ability", "why_not"), [("blink", None),
                                                   ("glare", "e133.ability.supernatural")])
def test_ready_a_fired_readied_ability_is_used(ability: str, why_not: str | None) -> None:
    """Ready / Spell-Like and Supernatural Abilities: a readied ability is used when it fires:
    a use is spent, and it provokes as using it would (spell-like yes, supernatural no)."""
    game = encounter(fighter("aria", 18, abilities=ABILITIES), fighter("mage", 12, "foes"),
                     fighter("brute", 9, "foes"))
    allowed(game, act("ready", "aria", trigger="t", action="use_ability",
                      action_params={"ability": ability}))
    pass_turn(game)
    allowed(game, act("fire_readied", "aria", threatened_by=["mage"]))
    answer = game.check(act("aoo", "mage", target="aria"))
    if why_not is None:
        assert answer is None, answer
        assert state_of(game, "aria")["uses"]["blink"] == 0
    else:
        assert answer is not None and answer.rule == why_not, answer


def test_ready_a_readied_ability_needs_a_use_left_when_it_fires() -> None:
    """Ready / Spell-Like Abilities: the last use spent after readying, firing it is refused
    (and not offered); a spell-like ability is also refused to a readier who cannot
    concentrate by then."""
    gifts = {"flash": {"type": "spell_like", "action": "bonus", "uses": 1}}
    game = encounter(fighter("aria", 18, abilities=gifts), fighter("brute", 9, "foes"))
    allowed(game, act("ready", "aria", trigger="t", action="use_ability",
                      action_params={"ability": "flash"}))
    allowed(game, act("use_ability", "aria", ability="flash"))
    pass_turn(game)
    assert_refused(game, act("fire_readied", "aria"), "e133.ability.uses",
                   "Spell-Like Abilities")
    assert "fire_readied" not in {a.kind for a in game.legal_actions("aria")}
    dazed = encounter(fighter("aria", 18, abilities=gifts), fighter("brute", 9, "foes"))
    allowed(dazed, act("ready", "aria", trigger="t", action="use_ability",
                       action_params={"ability": "flash"}))
    pass_turn(dazed)
    allowed(dazed, act("set_condition", "gm", target="aria", condition="incapacitated"))
    assert_refused(dazed, act("fire_readied", "aria"), "e133.cast.cannot-concentrate",
                   "Concentration")


def test_ready_a_fired_readied_dodge_protects_until_the_readiers_next_turn() -> None:
    """Ready / Dodge: "if the archer draws, I dodge": fired on brute's turn, attacks on aria
    have disadvantage (+5 against AC 15: 121/400) until aria's next turn starts."""
    game = encounter(fighter("aria", 18, ac=15), fighter("brute", 9, "foes", attack_bonus=5))
    allowed(game, act("ready", "aria", trigger="the brute draws", action="dodge"))
    pass_turn(game)
    assert hit_odds(game) == "11/20"
    allowed(game, act("fire_readied", "aria"))
    assert hit_odds(game) == "121/400"
    pass_turn(game)
    assert "dodge" not in state_of(game, "aria")["effects"]


def test_ready_a_readied_dodge_that_would_give_nothing_is_refused_when_fired() -> None:
    """Ready / Dodge: incapacitated by the time the trigger comes, the readied Dodge gives
    nothing: refused (and not offered)."""
    game = encounter()
    allowed(game, act("ready", "aria", trigger="t", action="dodge"))
    pass_turn(game)
    allowed(game, act("set_condition", "gm", target="aria", condition="incapacitated"))
    assert_refused(game, act("fire_readied", "aria"), "e133.dodge.lost", "Dodge")
    assert "fire_readied" not in {a.kind for a in game.legal_actions("aria")}


@pytest.mark.parametrize(("params", "why_not"), [
    ({"skill": "hack", "dc": 15}, None), ({"skill": "hack", "provokes": False}, "e133.skill")])
def test_ready_a_fired_readied_skill_is_checked_and_provokes_usually(
        params: dict[str, Any], why_not: str | None) -> None:
    """Ready / Table: Standard Actions (use a skill: usually): a readied skill with a DC is
    rolled when it fires (d20 >= 15: 3/10, offered with those odds) and provokes unless the
    skill says it does not."""
    game = encounter(fighter("aria", 18), fighter("mage", 12, "foes"),
                     fighter("brute", 9, "foes"))
    allowed(game, act("ready", "aria", trigger="t", action="use_skill", action_params=params))
    pass_turn(game)
    offers = [a for a in game.legal_actions("aria") if a.kind == "fire_readied"]
    assert len(offers) == 1
    if "dc" in params:
        assert offers[0].odds is not None and offers[0].odds["success"] == "3/10"
    game.play(act("fire_readied", "aria", threatened_by=["mage"]), dice=ForcedDice([15]))
    if "dc" in params:
        assert game.view()["last_check"]["success"] is True
    answer = game.check(act("aoo", "mage", target="aria"))
    if why_not is None:
        assert answer is None, answer
    else:
        assert answer is not None and answer.rule == why_not, answer


@pytest.mark.parametrize(("kind", "params", "why_not"), [
    ("light_torch", {}, None), ("feint", {}, "e133.aoo.table"),
    ("sunder", {"object": "object", "held": False}, "e133.aoo.sunder-object"),
    ("aid_another", {"aided_provokes": True}, None)])
def test_ready_a_fired_readied_table_row_provokes_as_its_row_says(
        kind: str, params: dict[str, Any], why_not: str | None) -> None:
    """Ready / Table: Standard Actions: a readied row provokes when fired exactly as the row
    (and notes 2 and 3) says."""
    game = encounter(fighter("aria", 18), fighter("mage", 12, "foes"),
                     fighter("brute", 9, "foes"))
    allowed(game, act("ready", "aria", trigger="t", action=kind, action_params=params or None))
    pass_turn(game)
    allowed(game, act("fire_readied", "aria", threatened_by=["mage"]))
    answer = game.check(act("aoo", "mage", target="aria"))
    if why_not is None:
        assert answer is None, answer
    else:
        assert answer is not None and answer.rule == why_not, answer


def test_ready_a_fired_readied_total_defense_lasts_until_the_next_turn() -> None:
    """Ready / Table: Standard Actions (total defense): fired off-turn, it holds until the
    readier's next turn starts."""
    game = encounter()
    allowed(game, act("ready", "aria", trigger="t", action="total_defense"))
    pass_turn(game)
    allowed(game, act("fire_readied", "aria"))
    assert "total defense" in state_of(game, "aria")["effects"]
    pass_turn(game)
    assert "total defense" not in state_of(game, "aria")["effects"]


def test_ready_a_readied_attack_is_offered_with_its_odds_only_while_it_can_be_made() -> None:
    """Ready: the listing offers firing the readied attack with the attack's chance (+5 against
    AC 12: 7/10), and does not offer it while the target is behind total cover."""
    game = readied_striker()
    offers = [a for a in game.legal_actions("aria") if a.kind == "fire_readied"]
    assert len(offers) == 1 and offers[0].odds is not None
    assert offers[0].odds["hit"] == "7/10"
    allowed(game, act("set_cover", "gm", target="brute", cover="total"))
    assert "fire_readied" not in {a.kind for a in game.legal_actions("aria")}


@pytest.mark.parametrize(("mode", "why_not"), [("ranged", None), ("melee", "e133.aoo.table")])
def test_ready_a_fired_readied_attack_provokes_as_the_attack_would(mode: str,
                                                                  why_not: str | None) -> None:
    """Ready / Table: Standard Actions: fired beside a threatening enemy, a readied ranged
    attack provokes from it (the ranged-attack row); a readied melee attack does not."""
    game = encounter(fighter("aria", 18), fighter("mage", 12, "foes"),
                     fighter("brute", 9, "foes"))
    allowed(game, act("ready", "aria", trigger="the brute comes through the door",
                      action="attack", action_params={"target": "brute", "mode": mode}))
    pass_turn(game)
    pass_turn(game)
    allowed(game, act("fire_readied", "aria", threatened_by=["mage"]))
    answer = game.check(act("aoo", "mage", target="aria"))
    if why_not is None:
        assert answer is None, answer
    else:
        assert answer is not None and answer.rule == why_not, answer


def test_ready_who_threatens_is_not_silently_ignored_when_firing() -> None:
    """Ready / all rulesets: naming threatening enemies for a readied action whose provocation
    the engine does not work out when it fires, or squares left by one that is no movement,
    is malformed, not ignored. (A readied potion now provokes when it fires, and an attack
    readied without its target is made on the one the firing names:
    test_e133_ready_fired.py, test_e133_ready_target.py.)"""
    game = encounter()
    allowed(game, act("ready", "aria", trigger="t", action="attack"))
    pass_turn(game)
    with pytest.raises(BadActionError, match="leaves_threatened_by"):
        game.check(act("fire_readied", "aria", target="brute", leaves_threatened_by=["brute"]))
    allowed(game, act("fire_readied", "aria", target="brute"))


# ---------------------------------------------------------------------------------------------
# Start/Complete Full-Round Action


def test_start_complete_with_two_standard_actions_over_two_rounds() -> None:
    """Start/Complete Full-Round Action: a standard action starts it; another standard action
    in the following round completes it."""
    game = encounter()
    allowed(game, act("start_full_round", "aria", action="a long ritual"))
    assert state_of(game, "aria")["standard"] == 0
    assert_refused(game, act("complete_full_round", "aria"), "e133.full-round.complete",
                   "Start/Complete Full-Round Action")
    allowed(game, act("move", "aria", distance=30))  # the move is still free
    pass_turn(game)
    pass_turn(game)
    allowed(game, act("complete_full_round", "aria"))
    assert state_of(game, "aria")["full_round"] is None
    assert state_of(game, "aria")["standard"] == 0


def test_start_complete_needs_the_standard_action_each_time() -> None:
    """Start/Complete Full-Round Action: both halves are standard actions."""
    game = encounter()
    allowed(game, act("attack", "aria", target="brute"))
    found = refusal(game, act("start_full_round", "aria", action="ritual"))
    assert found.rule == "e133.economy.standard" and "e133.full-round.start" in found.also
    game.undo()
    allowed(game, act("start_full_round", "aria", action="ritual"))
    pass_turn(game)
    pass_turn(game)
    allowed(game, act("attack", "aria", target="brute"))
    found = refusal(game, act("complete_full_round", "aria"))
    assert found.rule == "e133.economy.standard" and "e133.full-round.complete" in found.also


def test_start_complete_not_completed_next_round_is_lost() -> None:
    """READINGS e133: not completed in the following round, the started action is lost."""
    game = encounter()
    allowed(game, act("start_full_round", "aria", action="ritual"))
    for _ in range(4):
        pass_turn(game)
    assert game.view()["round"] == 3
    assert_refused(game, act("complete_full_round", "aria"), "e133.full-round.complete",
                   "Start/Complete Full-Round Action")
    assert state_of(game, "aria")["full_round_lost"] == "ritual"


@pytest.mark.parametrize("kind", ["full_attack", "charge", "dash", "withdraw"])
def test_start_complete_not_for_full_attack_charge_dash_or_withdraw(kind: str) -> None:
    """Start/Complete Full-Round Action: it cannot start (or so complete) a full attack, a
    charge, a dash or a withdraw."""
    game = encounter()
    assert_refused(game, act("start_full_round", "aria", action=kind),
                   "e133.full-round.start", "Start/Complete Full-Round Action")


def test_start_complete_works_outside_restricted_rounds_too() -> None:
    """READINGS e133: start/complete works in any round."""
    game = encounter()
    allowed(game, act("start_full_round", "aria", action="ritual"))
    pass_turn(game)
    pass_turn(game)
    allowed(game, act("complete_full_round", "aria"))


def test_start_complete_one_at_a_time() -> None:
    """Start/Complete Full-Round Action: a second start while one is under way is refused."""
    game = encounter()
    allowed(game, act("start_full_round", "aria", action="ritual"))
    pass_turn(game)
    pass_turn(game)
    assert_refused(game, act("start_full_round", "aria", action="another"),
                   "e133.full-round.start", "Start/Complete Full-Round Action")


# ---------------------------------------------------------------------------------------------
# reference/odds.md: d20 >= 15 plain, with advantage, with disadvantage, by every route


ODDS_MD = {"plain": "3/10", "advantage": "51/100", "disadvantage": "9/100"}


def odds_route(route: str, mode: str) -> tuple[Game[Any], Action, str]:
    """The game, a check of d20+0 against 15 taken by `route` in `mode`, and its odds key."""
    flags = {} if mode == "plain" else {mode: True}
    game = encounter(fighter("aria", 18, attack_bonus=0, concentration=0),
                     fighter("brute", 9, "foes", ac=15))
    if route == "attack":
        return game, act("attack", "aria", target="brute", **flags), "hit"
    if route == "concentration":
        game.play(act("cast", "aria", spell="web", concentration=True))
        return game, act("concentration_check", "aria", dc=15, **flags), "success"
    if route == "skill":
        return game, act("use_skill", "aria", skill="hack", dc=15, **flags), "success"
    return game, act("dexterity_save", "aria", dc=15, **flags), "success"


@pytest.mark.parametrize("mode", list(ODDS_MD))
@pytest.mark.parametrize("route", ["attack", "concentration", "skill", "save"])
def test_odds_md_d20_at_least_15(route: str, mode: str) -> None:
    """reference/odds.md: d20 >= 15 is exactly 3/10, 51/100 with advantage and 9/100 with
    disadvantage, whichever check asks it."""
    game, action, key = odds_route(route, mode)
    odds = R.odds(game.state, action)  # type: ignore[attr-defined]
    assert odds is not None and odds[key] == ODDS_MD[mode], odds


@pytest.mark.parametrize(("mode", "faces", "success"), [
    ("advantage", [14, 15], True), ("advantage", [14, 13], False),
    ("disadvantage", [15, 14], False), ("disadvantage", [16, 15], True)])
def test_odds_advantage_keeps_the_higher_disadvantage_the_lower(mode: str, faces: list[int],
                                                                success: bool) -> None:
    """reference (5e): 2d20, the higher kept with advantage, the lower with disadvantage; the
    kept die decides against 15 at the edge."""
    game, action, _ = odds_route("save", mode)
    game.play(action, dice=ForcedDice(faces))
    check = game.view()["last_check"]
    assert check["success"] is success
    assert check["total"] == (max(faces) if mode == "advantage" else min(faces))
