"""PTU's ``visible_command``: rolls are public, other seats' hit points and items are not."""

from __future__ import annotations

import copy
from typing import Any

from turnkeeper.core.game import Game
from turnkeeper.core.model import Action, Event
from turnkeeper.core.ruleset import CommandFilter
from turnkeeper.dice.source import ForcedDice
from turnkeeper.rulesets.ptu import RULESET as R

SETUP: dict[str, Any] = {
    "context": "full_contact",
    "settings": {"hit_damage": "gm"},  # damage_dealt visibility: test_ptu_fight
    "players": [
        {"name": "ash", "side": "heroes",
         "trainer": {"id": "ash", "speed": 10, "level": 15, "position": [0, 0],
                     "items": {"potion": 2}, "in_hand": {"potion": 1}},
         "pokemon": [{"id": "pikachu", "speed": 20, "moves": ["Tackle"], "active": True,
                      "position": [1, 0]}]},
        {"name": "misty", "side": "heroes",
         "trainer": {"id": "misty", "speed": 9, "level": 15, "position": [0, 1],
                     "items": {"super_potion": 1}},
         "pokemon": [{"id": "staryu", "speed": 18, "moves": ["Tackle"], "active": True,
                      "position": [2, 0], "hp": 37}]},
    ],
    "wild": [{"id": "rattata", "speed": 15, "moves": ["Tackle"], "position": [1, 1],
              "hp": 23}],
}
PRIVATE = ("hp", "max_hp", "items")


def raw(action: Action | None, events: list[Event]) -> tuple[Any, list[dict[str, Any]]]:
    return (None if action is None else action.to_dict()), [e.to_dict() for e in events]


def started() -> Game[Any]:
    game = Game(R, SETUP, seed=3)
    game.play(Action("begin_combat", "gm"))
    return game


def test_ptu_offers_the_hook() -> None:
    assert isinstance(R, CommandFilter)


def test_the_set_up_hides_what_the_view_hides() -> None:
    game = Game(R, SETUP, seed=3)
    setup = game.log[0]
    before = raw(None, list(setup.events))
    for seat in ("ash", "misty", "*spectator*"):
        action, shown = R.visible_command(game.state, None, setup.events, seat)
        assert action is None
        combatants = {c["id"]: c for c in shown[0]["data"]["combatants"]}
        view = R.view(game.state, seat)["combatants"]
        assert set(combatants) == set(view) == {"ash", "pikachu", "misty", "staryu", "rattata"}
        for cid, seen in combatants.items():
            for key in PRIVATE:
                assert seen[key] == view[cid][key], (seat, cid, key)
            assert (seen["temp_hp"] is None) == (view[cid]["hp"] is None)
            # What the view shows everyone stays: speed, moves, position.
            assert seen["speed"] == view[cid]["speed"] and seen["moves"] == view[cid]["moves"]
    ash = {c["id"]: c for c in R.visible_command(game.state, None, setup.events, "ash")[1][0]
           ["data"]["combatants"]}
    assert ash["ash"]["items"] == {"potion": 2} and ash["misty"]["items"] is None
    assert ash["ash"]["in_hand"] == {"potion": 1} and ash["misty"]["in_hand"] is None
    assert ash["pikachu"]["hp"] is not None and ash["staryu"]["hp"] is None
    assert ash["rattata"]["hp"] is None  # wild: the GM's
    assert raw(None, list(setup.events)) == before


def test_accuracy_rolls_are_public() -> None:
    game = started()
    tackle = Action("use_move", "pikachu", {"move": "Tackle", "target": "rattata"})
    events = game.play(tackle, dice=ForcedDice([14]))
    rolled = [e for e in events if e.type == "attack_rolled"]
    assert rolled and rolled[0].data["roll"] == 14
    for seat in ("ash", "misty", "*spectator*"):
        assert R.visible_command(game.state, tackle, events, seat) == raw(tackle, events)


def test_damage_and_heal_amounts_only_for_the_owner() -> None:
    game = started()
    for kind in ("damage", "heal"):
        action = Action(kind, "gm", {"target": "staryu", "amount": 6})
        events = game.play(action)
        assert R.visible_command(game.state, action, events, "misty") == raw(action, events)
        seen_action, shown = R.visible_command(game.state, action, events, "ash")
        assert seen_action == {"kind": kind, "actor": "gm",
                               "params": {"target": "staryu", "amount": None}}
        assert shown == [{"type": events[0].type, "data": {"target": "staryu", "amount": None}}]
        assert R.view(game.state, "ash")["combatants"]["staryu"]["hp"] is None


def test_items_used_or_handed_only_for_the_owners() -> None:
    game = started()
    # The faster Pokémon go first (speed order), then Ash's turn comes.
    passed = []
    while (turn := R.whose_turn(game.state)) != "ash":
        assert turn is not None
        passed.append(turn)
        game.play(Action("end_turn", turn, {}))
    assert passed == ["pikachu", "staryu", "rattata"]
    use = Action("use_item", "ash", {"item": "potion", "target": "pikachu"})
    events = game.play(use)
    kept = copy.deepcopy(raw(use, events))
    assert R.visible_command(game.state, use, events, "ash") == kept
    action, shown = R.visible_command(game.state, use, events, "misty")
    assert action is not None and action["params"] == {"item": None, "target": "pikachu"}
    used = [e["data"] for e in shown if e["type"] == "item_used"]
    assert used == [{"actor": "ash", "item": None, "target": "pikachu", "from": "hand"}]
    assert raw(use, events) == kept

    hand = Action("shift", "ash", {"give": {"item": "potion", "to": "misty"}})
    assert game.check(hand) is not None  # the one on hand was used; the others are packed
    game.undo()
    take = Action("take_out_item", "ash", {"item": "potion"})
    events = game.play(take)
    action, shown = R.visible_command(game.state, take, events, "misty")
    assert action is not None and action["params"] == {"item": None}
    assert [e["data"]["item"] for e in shown if e["type"] == "item_taken_out"] == [None]
    events = game.play(hand)
    for seat in ("ash", "misty"):  # giver and receiver both learn the item
        assert R.visible_command(game.state, hand, events, seat) == raw(hand, events)
    action, shown = R.visible_command(game.state, hand, events, "*spectator*")
    assert action is not None and action["params"]["give"] == {"item": None, "to": "misty"}
    handed = [e["data"] for e in shown if e["type"] == "item_handed"]
    assert handed == [{"actor": "ash", "item": None, "to": "misty"}]
