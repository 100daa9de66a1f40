"""What e133's generic actions record (rulesets/e133/economy.py), for mutation testing
(issue 13, docs/mutation.md): the kind each ``acted`` event names, and a reaction taken while
a window is open leaving that window open for those who may still answer it."""

from __future__ import annotations

from typing import Any

from turnkeeper.core.game import Game
from turnkeeper.core.model import Action, Event
from turnkeeper.rulesets import get_ruleset

R = get_ruleset("e133")


def setup(*conditions: str) -> dict[str, Any]:
    return {"combatants": [
        {"id": "aria", "initiative": 18, "speed": 30, "conditions": list(conditions)},
        {"id": "brute", "initiative": 9, "side": "foes", "speed": 30},
        {"id": "cult", "initiative": 5, "side": "foes", "speed": 30},
    ]}


def acted(events: list[Event]) -> list[tuple[str, str, str]]:
    return [(e.data["kind"], e.data["rule"], ",".join(e.data["pay"]))
            for e in events if e.type == "acted"]


def test_a_full_round_action_records_its_kind_whole_or_as_a_standard_action() -> None:
    game = Game(R, setup())
    # A full-round action spends the standard and the move action.
    assert acted(game.play(Action("full_round_action", "aria", {}))) == [
        ("full_round_action", "e133.economy.full-round", "standard,move")]
    # Limited to a standard action (Restricted Activity), it may be taken as one.
    game = Game(R, setup("restricted"))
    events = game.play(Action("full_round_action", "aria", {"as_standard": True}))
    assert acted(events) == [("full_round_action", "e133.full-round.as-standard", "standard")]


def test_a_reaction_records_its_kind_and_leaves_an_open_window_open() -> None:
    game = Game(R, setup())
    game.play(Action("move", "aria", {"distance": 10, "leaves_threatened_by": ["brute"]}))
    events = game.play(Action("reaction", "cult", {}))
    # Off its own turn a reaction spends no slot of the turn: it is recorded apart.
    assert acted(events) == [("reaction", "e133.bonus.one-per-round", "")]
    assert [e.data["reaction"] for e in events if e.type == "acted"] == ["off"]
    # On its own turn a reaction is that turn's bonus action (Reactions).
    events = Game(R, setup()).play(Action("reaction", "aria", {}))
    assert [e.data["reaction"] for e in events if e.type == "acted"] == ["own"]
    assert all("window" not in e.data for e in events)  # the window is not replaced
    window = game.view(None)["window"]
    assert window is not None and window["responders"] == ["brute"]
    assert game.check(Action("aoo", "brute", {"target": "aria"})) is None


def test_a_full_round_action_that_forbids_the_step_forbids_it_afterwards_too() -> None:
    game = Game(R, setup())
    game.play(Action("full_round_action", "aria", {"no_step": True}))
    assert game.state.fighters["aria"].step_forbidden
    refusal = game.check(Action("five_foot_step", "aria", {}))
    assert refusal is not None and refusal.rule == "e133.five-foot-step.forbidden"
    # Without no_step, the step stays open after a full-round action.
    game = Game(R, setup())
    game.play(Action("full_round_action", "aria", {}))
    assert game.check(Action("five_foot_step", "aria", {})) is None


def test_a_crawl_provokes_from_whoever_threatens_any_point_of_it() -> None:
    # Placed: aria crawls from [0, 0] to [0, 1]; brute at [0, 2] threatens only the square
    # she ends on. A move would leave only squares brute does not threaten; a crawl provokes
    # from anyone threatening any point of it (Movement: crawling).
    placed = {"combatants": [
        {"id": "aria", "initiative": 18, "speed": 30, "position": [0, 0]},
        {"id": "brute", "initiative": 9, "side": "foes", "speed": 30, "position": [0, 2]},
    ]}
    game = Game(R, placed)
    game.play(Action("crawl", "aria", {"to": [0, 1]}))
    assert game.view(None)["window"]["responders"] == ["brute"]
    # Unplaced, with nobody named as threatening, a crawl opens no answerable window.
    game = Game(R, setup())
    game.play(Action("crawl", "aria", {"distance": 5}))
    window = game.view(None)["window"]
    assert window is None or window["responders"] == []


def test_a_reaction_on_ones_own_turn_after_the_bonus_names_the_limit_once() -> None:
    game = Game(R, setup())
    game.play(Action("bonus_action", "aria", {}))
    refusal = game.check(Action("reaction", "aria", {}))
    # The generic reaction's own rule is the limit itself: not repeated in ``also``.
    assert refusal is not None
    assert (refusal.rule, refusal.also) == (
        "e133.bonus.one-per-round", ("e133.reaction.own-turn-is-bonus",))


def test_a_surprised_combatants_attack_of_opportunity_names_the_attack_rule_too() -> None:
    surprised = setup()
    surprised["combatants"][1]["surprised"] = True
    game = Game(R, surprised)
    game.play(Action("move", "aria", {"distance": 10, "leaves_threatened_by": ["brute"]}))
    refusal = game.check(Action("aoo", "brute", {"target": "aria"}))
    assert refusal is not None
    assert (refusal.rule, refusal.also) == ("e133.reaction.not-surprised", ("e133.aoo.reaction",))


def test_a_full_round_action_under_restricted_activity_names_its_own_rule_too() -> None:
    refusal = Game(R, setup("restricted")).check(Action("full_round_action", "aria", {}))
    assert refusal is not None
    assert (refusal.rule, refusal.also) == (
        "e133.restricted.no-full-round", ("e133.economy.full-round",))


def test_an_action_that_does_not_provoke_says_why_nobody_may_answer() -> None:
    game = Game(R, setup())
    game.play(Action("standard_action", "aria", {"threatened_by": ["brute"]}))
    window = game.view(None)["window"]
    assert window["responders"] == [] and window["why_not"] == "e133.aoo.table"


# (settings, conditions, actions played first, the refused action, its rule, its also)
EXHAUSTED = [
    # A limit that is the action's own rule is named once; another action's rule follows it.
    ({}, (), ["standard_action"], "standard_action", "e133.economy.standard", ()),
    ({}, (), ["standard_action"], "cast", "e133.economy.standard", ("e133.cast.standard",)),
    ({}, (), ["standard_action", "move_action"], "move_action", "e133.economy.move", ()),
    ({}, (), ["bonus_action"], "bonus_action", "e133.bonus.one-per-round", ()),
    ({"free_actions_per_turn": 1}, (), ["free_action"], "free_action", "e133.free.limit",
     ("e133.free.own-turn",)),
    # Without double moves, a move in place of the standard is refused by its own rule only
    # while the standard is left; once both are spent, the move action's rule refuses.
    ({"double_move": False}, (), ["move_action"], "move_action",
     "e133.economy.move-for-standard", ("e133.economy.move",)),
    ({"double_move": False}, (), ["standard_action", "move_action"], "move_action",
     "e133.economy.move", ()),
    # Restricted activity: one standard or move action, no bonus action unless the table
    # allows it.
    ({}, ("restricted",), ["standard_action"], "standard_action",
     "e133.restricted.one-action", ("e133.economy.standard",)),
    ({}, ("restricted",), ["standard_action"], "move_action",
     "e133.restricted.one-action", ("e133.economy.move",)),
    ({"restricted_bonus": False}, ("restricted",), [], "bonus_action",
     "e133.restricted.bonus", ("e133.bonus.one-per-round",)),
]


def test_an_exhausted_slot_names_its_limit_then_the_actions_own_rule() -> None:
    for settings, conditions, before, kind, rule, also in EXHAUSTED:
        config = {**setup(*conditions), "settings": settings}
        game = Game(R, config)
        for done in before:
            game.play(Action(done, "aria", {}))
        params = {"spell": "light"} if kind == "cast" else {}
        refusal = game.check(Action(kind, "aria", params))
        assert refusal is not None, (settings, before, kind)
        assert (refusal.rule, refusal.also) == (rule, also), (settings, before, kind)


def test_off_turn_reactions_are_charged_to_the_coming_turn_and_say_so() -> None:
    game = Game(R, setup())
    game.play(Action("reaction", "cult", {}))
    # A second off-turn reaction before cult's turn: refused by the charge, naming the
    # reaction's own rule too.
    refusal = game.check(Action("reaction", "cult", {}))
    assert refusal is not None
    assert (refusal.rule, refusal.also) == (
        "e133.reaction.charges-next-turn", ("e133.bonus.one-per-round",))
    for actor in ("aria", "brute"):
        game.play(Action("end_turn", actor, {}))
    # On cult's turn the slot is already spent by that reaction.
    for kind in ("reaction", "bonus_action"):
        refusal = game.check(Action(kind, "cult", {}))
        assert refusal is not None
        assert (refusal.rule, refusal.also) == (
            "e133.reaction.charges-next-turn", ("e133.bonus.one-per-round",)), kind


def test_an_event_value_is_copied_never_aliased_and_plain_values_kept() -> None:
    # fold.copied stands for copy.deepcopy on the values a plan sets: the same value, never
    # the same container (the event stays in the log while the state changes)
    from turnkeeper.rulesets.e133.fold import copied

    names = ["ann", "bob"]
    flat = copied(names)
    assert flat == names and flat is not names
    nested: list[Any] = [["ann"], {"at": [1, 2]}]
    deep = copied(nested)
    assert deep == nested and deep is not nested
    assert deep[0] is not nested[0] and deep[1]["at"] is not nested[1]["at"]
    mapping = {"x": [1]}
    assert copied(mapping) == mapping and copied(mapping)["x"] is not mapping["x"]
    for plain in (3, "ann", True, None):
        assert copied(plain) is plain
