"""Element 133's ``visible_command``: everything public but another seat's readied action."""

from __future__ import annotations

import copy
from typing import Any

from turnkeeper.core.game import Game, jsonable
from turnkeeper.core.model import Action, Event
from turnkeeper.core.ruleset import CommandFilter
from turnkeeper.dice.source import ForcedDice
from turnkeeper.rulesets.e133 import RULESET as R

SETUP = {
    "combatants": [
        {"id": "aria", "initiative": 18, "speeds": {"walk": 30}, "controller": "alice"},
        {"id": "brute", "initiative": 9, "side": "foes", "controller": "bert"},
    ]
}
TRIGGER = "the brute opens the vault door"
READY = Action(
    "ready", "aria",
    {"trigger": TRIGGER, "action": "attack", "action_params": {"target": "brute"}},
)


def raw(action: Action | None, events: list[Event]) -> tuple[Any, list[dict[str, Any]]]:
    return (None if action is None else action.to_dict()), [e.to_dict() for e in events]


def test_e133_offers_the_hook() -> None:
    assert isinstance(R, CommandFilter)
    assert R.hidden_information is True


def test_dice_and_the_set_up_are_public() -> None:
    game = Game(R, SETUP, seed=4)
    setup = game.log[0]
    assert R.visible_command(game.state, None, setup.events, "bert") == raw(None, setup.events)
    hide = Action("hide", "aria", {})
    events = game.play(hide, dice=ForcedDice([17]))
    assert events[0].type == "check_rolled" and events[0].data["total"] == 17
    for seat in ("alice", "bert", "*spectator*"):
        assert R.visible_command(game.state, hide, events, seat) == raw(hide, events)


def test_another_seat_sees_that_something_is_readied_not_what() -> None:
    game = Game(R, SETUP, seed=4)
    events = game.play(READY)
    before = (copy.deepcopy(READY.to_dict()), [copy.deepcopy(e.to_dict()) for e in events])

    for seat in ("bert", "*spectator*"):
        action, shown = R.visible_command(game.state, READY, events, seat)
        assert action == {"kind": "ready", "actor": "aria", "params": {}}
        acted = next(e for e in shown if e["type"] == "acted")
        assert acted["data"]["params"] == {}
        assert acted["data"]["sets"]["aria"]["readied"] == {"round": 1}
        # Exactly what view(seat) shows of the readied action.
        assert acted["data"]["sets"]["aria"]["readied"] == (
            R.view(game.state, seat)["combatants"]["aria"]["readied"]
        )
        assert TRIGGER not in str(jsonable(shown)) and "attack" not in str(action)
        assert acted["data"]["kind"] == "ready" and acted["data"]["actor"] == "aria"

    # The readier's own seat sees it all, and nothing given was changed.
    assert R.visible_command(game.state, READY, events, "alice") == raw(READY, events)
    assert before == raw(READY, events)


def test_folding_what_a_seat_sees_gives_that_seats_view() -> None:
    game = Game(R, SETUP, seed=4)
    game.play(Action("hide", "aria", {}), dice=ForcedDice([9]))
    game.play(READY)
    game.play(Action("end_turn", "aria", {}))
    for seat in ("alice", "bert"):
        folded = R.initial_state()
        for command in game.log:
            _, shown = R.visible_command(game.state, command.action, command.events, seat)
            for event in shown:
                R.apply(folded, Event(event["type"], event["data"]))
        assert R.view(folded, seat) == R.view(game.state, seat)


def test_a_fired_readied_action_is_public() -> None:
    game = Game(R, SETUP, seed=4)
    game.play(READY)
    game.play(Action("end_turn", "aria", {}))
    fire = Action("fire_readied", "aria", {})
    events = game.play(fire)
    assert R.visible_command(game.state, fire, events, "bert") == raw(fire, events)
    assert TRIGGER in R.view(game.state, "bert")["last"]
