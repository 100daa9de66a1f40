"""The GM's roster commands (rulesets/ptu/roster.py) beyond the scenario files: what other
seats see of a newcomer, bad input leaving the state alone, a pending hit, undo."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from turnkeeper.core.game import Game
from turnkeeper.core.model import Action, BadActionError
from turnkeeper.dice.source import ForcedDice
from turnkeeper.rulesets.ptu import RULESET

SETUP: dict[str, Any] = {
    "context": "full_contact",
    "players": [
        {"name": "ash", "side": "heroes",
         "trainer": {"id": "ash", "speed": 5, "level": 10, "position": [0, 0]},
         "pokemon": [{"id": "pikachu", "speed": 20, "moves": ["Tackle"], "active": True,
                      "position": [1, 0]}]},
        {"name": "misty", "side": "rivals",
         "trainer": {"id": "misty", "speed": 4, "level": 10, "position": [3, 0]},
         "pokemon": [{"id": "staryu", "speed": 12, "moves": ["Tackle"], "active": True,
                      "position": [2, 0]}]},
    ],
    "wild": [{"id": "rattata", "speed": 15, "moves": ["Tackle"], "position": [6, 6]}],
}


def started() -> Game[Any]:
    game = Game(RULESET, SETUP, seed=2)
    game.play(Action("begin_combat", "gm"))
    return game


def test_a_newcomers_hp_and_items_reach_only_its_owner() -> None:
    game = started()
    add = Action("add_combatant", "gm", {
        "combatant": {"id": "psyduck", "speed": 9, "hp": 17, "items": {"potion": 1}},
        "owner": "misty"})
    events = game.play(add)
    joined = events[0].data["combatant"]
    assert (joined["hp"], joined["items"]) == (17, {"potion": 1})
    _, mine = RULESET.visible_command(game.state, add, events, "misty")
    assert mine[0]["data"]["combatant"]["hp"] == 17
    for seat in ("ash", "*spectator*"):
        _, shown = RULESET.visible_command(game.state, add, events, seat)
        seen = shown[0]["data"]["combatant"]
        assert seen["hp"] is None and seen["max_hp"] is None and seen["items"] is None
        assert seen["speed"] == 9  # initiative is public
    assert joined["hp"] == 17  # the logged event is untouched


@pytest.mark.parametrize(("params", "words"), [
    ({"combatant": {"id": "x", "speed": 3}, "kind": "trainer"}, "params.owner"),
    ({"combatant": {"id": "x", "speed": 3}, "side": "rivals"}, "params.side"),
    ({"combatant": {"id": "x", "speed": 3, "hp": 0}}, "combatant.hp"),
    ({"combatant": {"id": "x", "speed": 3}, "kind": "trainer", "owner": "brock",
      "side": "wild"}, "params.side"),
    ({"combatant": {"id": "x", "speed": 3}, "ownr": "ash"}, "did you mean owner"),
])
def test_bad_input_is_an_error_naming_it_and_changes_nothing(params: dict[str, Any],
                                                              words: str) -> None:
    game = started()
    before = RULESET.view(game.state)
    with pytest.raises(BadActionError) as info:
        game.play(Action("add_combatant", "gm", params))
    assert words in str(info.value)
    assert RULESET.view(game.state) == before
    with pytest.raises(BadActionError, match="unknown combatant 'ratata'; did you mean"):
        game.play(Action("remove_combatant", "gm", {"target": "ratata"}))


def test_no_leaving_while_a_hit_on_it_is_pending_and_undo_brings_it_back() -> None:
    game = started()
    game.play(Action("use_move", "pikachu", {"move": "Tackle", "target": "staryu"}),
              dice=ForcedDice([19]))
    assert game.state.pending_hits  # Misty's side may still interrupt
    refusal = game.check(Action("remove_combatant", "gm", {"target": "staryu"}))
    assert refusal is not None and refusal.rule == "ptu.roster.remove"
    assert "pending" in refusal.reason
    game.play(Action("end_turn", "pikachu"))  # the hit lands (seeded dice)
    before = RULESET.view(game.state)
    game.play(Action("remove_combatant", "gm", {"target": "staryu"}))
    assert "staryu" not in game.state.combatants and "staryu" not in game.state.clock.counts
    game.undo()
    assert RULESET.view(game.state) == before


def _newcomers_turn(moves: list[str]) -> Game[Any]:
    """A combat whose state has listed everyone's actions (filling the move tables kept on
    the state object), then a fast newcomer knowing ``moves``, played up to its turn."""
    game = started()
    RULESET.legal_actions(game.state, None)
    game.play(Action("add_combatant", "gm", {
        "combatant": {"id": "psyduck", "speed": 99, "moves": moves, "active": True,
                      "position": [2, 1]},
        "owner": "misty"}))
    for _ in range(10):
        turn = RULESET.whose_turn(game.state)
        if turn == "psyduck":
            break
        game.play(Action("end_turn", turn))
    assert RULESET.whose_turn(game.state) == "psyduck"
    return game


def test_a_newcomer_is_offered_a_move_nobody_else_knew() -> None:
    # The move tables held only the moves known before the join (the listing failed with
    # a KeyError on the newcomer's move): Water Gun is offered, on the live state as on a
    # fresh copy of it.
    game = _newcomers_turn(["Water Gun"])
    offered = {(a.kind, a.params.get("move"), a.params.get("target"))
               for a in RULESET.legal_actions(game.state, "psyduck")}
    assert ("use_move", "Water Gun", "pikachu") in offered
    fresh = copy.deepcopy(game.state)  # a state object of its own: tables made anew
    assert offered == {(a.kind, a.params.get("move"), a.params.get("target"))
                       for a in RULESET.legal_actions(fresh, "psyduck")}


def test_a_newcomer_knowing_only_known_moves_is_offered_those() -> None:
    game = _newcomers_turn(["Tackle"])
    moves = {a.params.get("move") for a in RULESET.legal_actions(game.state, "psyduck")
             if a.kind == "use_move"}
    assert moves == {"Tackle"}
