"""Boundaries and outcomes of ptu's movement (rulesets/ptu/movement.py) for mutation testing
(issue 13, docs/mutation.md): how far a Shift, a Sprint and a Disengage reach (the limit
allowed, one more refused), whose squares are taken, who may be handed an item, and which
shifts open an Attack of Opportunity trigger. PTU 1.05 Core p. 229, 231, 241."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from turnkeeper.core.game import Game
from turnkeeper.core.model import Action, BadActionError
from turnkeeper.rulesets.ptu import RULESET

# Order: ash 30, pikachu 20, rattata 15, brock 12, misty 8. Movement 4 m a Shift.
SETUP: dict[str, Any] = {
    "settings": {"hit_damage": "gm"},
    "context": "full_contact",
    "players": [
        {"name": "ash", "side": "heroes",
         "trainer": {"id": "ash", "speed": 30, "movement": 4, "position": [0, 0],
                     "items": {"potion": 2}, "in_hand": {"potion": 1}},
         "pokemon": [{"id": "pikachu", "speed": 20, "movement": 4, "moves": ["Tackle"],
                      "active": True, "position": [5, 0]}]},
        {"name": "misty", "side": "heroes",
         "trainer": {"id": "misty", "speed": 8, "position": [0, 1]}},
        {"name": "brock", "side": "rivals",
         "trainer": {"id": "brock", "speed": 12, "position": [3, 3]}},
    ],
    "wild": [{"id": "rattata", "speed": 15, "moves": ["Tackle"], "position": [6, 0]}],
}


def started(turn_of: str = "ash") -> Game[Any]:
    game = Game(RULESET, SETUP, seed=3)
    game.play(Action("begin_combat", "gm", {}))
    for actor in ("ash", "pikachu", "rattata", "brock"):
        if actor == turn_of:
            break
        game.play(Action("end_turn", actor, {}))
    return game


def refused(game: Game[Any], kind: str, actor: str, **params: Any) -> str | None:
    refusal = game.check(Action(kind, actor, params))
    return None if refusal is None else refusal.rule


@pytest.mark.parametrize(("to", "rule"), [
    ([5, 4], None), ([1, 4], None), ([10, 0], "ptu.shift.movement"),
    ([5, 5], "ptu.shift.movement"), ([6, 0], "ptu.shift.movement"),
])
def test_a_shift_reaches_the_movement_and_no_further_nor_onto_someone(
    to: list[int], rule: str | None,
) -> None:
    # pikachu at [5, 0], movement 4: 4 m away is allowed, 5 m is not; rattata stands at [6, 0].
    assert refused(started("pikachu"), "shift", "pikachu", to=to) == rule


def test_a_sprint_raises_the_shift_by_half() -> None:
    game = started("pikachu")
    game.play(Action("sprint", "pikachu", {}))
    # 4 m movement sprinting: 6 m (half again, rounded down).
    assert refused(game, "shift", "pikachu", to=[5, 6]) is None
    assert refused(game, "shift", "pikachu", to=[5, 7]) == "ptu.shift.movement"


def test_a_disengage_moves_one_metre_and_opens_no_trigger() -> None:
    game = started("pikachu")
    assert refused(game, "disengage", "pikachu", to=[4, 2]) == "ptu.shift.movement"
    game.play(Action("disengage", "pikachu", {"to": [4, 0]}))
    assert game.state.combatants["pikachu"].position == [4, 0]
    assert game.state.occurrences == []


def test_a_shift_away_from_a_foe_opens_its_trigger_and_a_shift_beside_it_does_not() -> None:
    game = started("pikachu")
    game.play(Action("shift", "pikachu", {"to": [5, 1]}))  # still beside rattata
    assert game.state.occurrences == []
    game = started("pikachu")
    game.play(Action("shift", "pikachu", {"to": [4, 0]}))
    [trigger] = game.state.occurrences
    assert trigger.trigger == "shifted_away" and trigger.data["provokes"] == ["rattata"]
    assert trigger.data["by"] == "pikachu"


def test_a_shift_needs_somewhere_to_go_or_something_to_give() -> None:
    with pytest.raises(BadActionError, match="'to'"):
        started().check(Action("shift", "ash", {}))


@pytest.mark.parametrize(("give", "rule"), [
    ({"item": "potion", "to": "misty"}, None),
    ({"item": "potion", "to": "ash"}, "ptu.shift.hand-item"),       # oneself
    ({"item": "potion", "to": "pikachu"}, "ptu.shift.hand-item"),   # not a Trainer
    ({"item": "potion", "to": "brock"}, "ptu.shift.hand-item"),     # not an ally
    ({"item": "ether", "to": "misty"}, "ptu.item.have"),
])
def test_who_may_be_handed_an_item(give: dict[str, str], rule: str | None) -> None:
    assert refused(started(), "shift", "ash", give=give) == rule


def test_an_item_goes_to_an_able_ally_from_the_hand_not_the_pack() -> None:
    game = started()
    game.play(Action("shift", "ash", {"give": {"item": "potion", "to": "misty"}}))
    assert game.state.combatants["misty"].in_hand == {"potion": 1}
    assert game.state.combatants["ash"].in_hand == {"potion": 0}
    # The second potion is still in the pack.
    game = started()
    game.play(Action("shift", "ash", {"give": {"item": "potion", "to": "misty"}}))
    game.play(Action("end_turn", "ash", {}))
    for actor in ("pikachu", "rattata", "brock", "misty"):
        game.play(Action("end_turn", actor, {}))
    assert refused(game, "shift", "ash", give={"item": "potion", "to": "misty"}) == (
        "ptu.item.in-hand")
    # A fainted ally takes nothing.
    game = started()
    game.play(Action("damage", "gm", {"target": "misty", "amount": 999}))
    assert refused(game, "shift", "ash", give={"item": "potion", "to": "misty"}) == (
        "ptu.shift.hand-item")
    # An unknown recipient is bad input, not a refusal.
    with pytest.raises(BadActionError, match="nobody"):
        started().check(Action("shift", "ash", {"give": {"item": "potion", "to": "nobody"}}))


def test_standing_up_opens_a_trigger_only_beside_a_foe() -> None:
    game = started("pikachu")
    game.play(Action("set_status", "gm", {"target": "pikachu", "status": "tripped"}))
    game.play(Action("stand_up", "pikachu", {}))
    [trigger] = game.state.occurrences
    assert trigger.trigger == "stood_up" and trigger.data["provokes"] == ["rattata"]
    game = started("ash")
    game.play(Action("set_status", "gm", {"target": "ash", "status": "tripped"}))
    game.play(Action("stand_up", "ash", {}))
    assert game.state.occurrences == []


def test_a_shift_records_where_it_started_and_where_it_ended() -> None:
    # The log is the truth: the moved event names both squares (a client draws the path).
    events = started("pikachu").play(Action("shift", "pikachu", {"to": [5, 3]}))
    assert [e.data for e in events if e.type == "moved"] == [
        {"actor": "pikachu", "from": [5, 0], "to": [5, 3]}
    ]


@pytest.mark.parametrize(("to", "rule"), [
    (None, "ptu.shift.hand-item"),    # 2 m apart, no shift: out of reach
    ([2, 0], "ptu.shift.hand-item"),  # 2 m apart before and after the shift
    ([1, 1], None),                   # beside misty at the end of the shift
])
def test_an_item_is_handed_only_to_an_ally_beside_the_giver_before_or_after(
    to: list[int] | None, rule: str | None,
) -> None:
    setup = copy.deepcopy(SETUP)
    setup["players"][1]["trainer"]["position"] = [0, 2]  # misty 2 m from ash
    game = Game(RULESET, setup, seed=3)
    game.play(Action("begin_combat", "gm", {}))
    params: dict[str, Any] = {"give": {"item": "potion", "to": "misty"}}
    if to is not None:
        params["to"] = to
    assert refused(game, "shift", "ash", **params) == rule
