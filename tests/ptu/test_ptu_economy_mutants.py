"""Outcomes of ptu's action economy (rulesets/ptu/economy.py) that only a mutation run showed
untested (issue 13, docs/mutation.md): each test pins a refusal's exact rules (first rule and
the whole of ``also``, which scenario files only check as a subset) or an allowed path no
scenario took. PTU 1.05 Core p. 226-229."""

from __future__ import annotations

from typing import Any

from turnkeeper.core.game import Game
from turnkeeper.core.model import Action
from turnkeeper.dice.source import ForcedDice, SeededDice
from turnkeeper.rulesets.ptu import RULESET
from turnkeeper.rulesets.ptu.economy import roll_off

# Order: pikachu 20, rattata 15, ash 10, bulbasaur 5. One Pokémon turn per player (the default).
SETUP: dict[str, Any] = {
    "settings": {"hit_damage": "gm"},
    "context": "full_contact",
    "moves": [
        # An Interrupt that answers no trigger (a home-made entry: every shipped Interrupt
        # has one), and a Full-action move.
        {"name": "Side Step", "type": "Normal", "frequency": "At-Will", "action": "shift",
         "range": "self", "keywords": ["Interrupt"]},
        {"name": "Big Swing", "type": "Normal", "frequency": "At-Will", "action": "full",
         "ac": 2, "damage_base": 6, "range": "melee"},
    ],
    "players": [
        {"name": "ash", "side": "heroes",
         "trainer": {"id": "ash", "speed": 10, "position": [0, 0]},
         "pokemon": [
             {"id": "pikachu", "speed": 20, "moves": ["Tackle", "Side Step", "Big Swing"],
              "active": True, "position": [1, 0]},
             {"id": "bulbasaur", "speed": 5, "moves": ["Tackle", "Quick Attack"],
              "active": True, "position": [3, 0]},
         ]},
    ],
    "wild": [{"id": "rattata", "speed": 15, "moves": ["Tackle"], "position": [2, 0]}],
}


def started() -> Game[Any]:
    game = Game(RULESET, SETUP, seed=1)
    game.play(Action("begin_combat", "gm", {}))
    return game


def rules_of(game: Game[Any], kind: str, actor: str, **params: Any) -> tuple[str, tuple[str, ...]]:
    refusal = game.check(Action(kind, actor, params))
    assert refusal is not None, f"{actor} {kind} {params} was allowed"
    return refusal.rule, refusal.also


def test_no_priority_for_a_second_pokemon_once_the_player_s_pokemon_turn_is_taken() -> None:
    game = started()
    quick_attack = Action("use_move", "bulbasaur", {"move": "Quick Attack", "target": "rattata"})
    game.play(Action("end_turn", "pikachu", {}))
    # Between pikachu's turn and rattata's: pikachu took ash's one Pokémon turn of the round,
    # and the Priority check names that.
    assert rules_of(game, "use_move", "bulbasaur", move="Quick Attack", target="rattata") == (
        "ptu.turn.one-pokemon-turn", ())
    # Under every_pokemon the same Priority is allowed.
    game = Game(RULESET, {**SETUP, "pokemon_turns": "every_pokemon"}, seed=1)
    game.play(Action("begin_combat", "gm", {}))
    game.play(Action("end_turn", "pikachu", {}))
    assert game.check(quick_attack) is None


def test_an_interrupt_move_without_a_trigger_is_declared_in_another_s_turn_without_one() -> None:
    game = started()
    game.play(Action("end_turn", "pikachu", {}))
    game.play(Action("use_move", "rattata", {"move": "Tackle", "target": "pikachu"}))
    # Side Step names no trigger: nothing to answer, so no trigger is asked for.
    game.play(Action("use_move", "pikachu", {"move": "Side Step"}))
    # pikachu had acted: the Interrupt gives up its next turn, and its budget is untouched.
    pikachu = game.state.combatants["pikachu"]
    assert pikachu.forfeit_next and pikachu.budget.remaining == {
        "standard": 1, "shift": 1, "swift": 1}
    # On its own turn it is refused as an Interrupt.
    game = started()
    assert rules_of(game, "use_move", "pikachu", move="Side Step") == (
        "ptu.interrupt.during-turn", ())


def test_a_full_action_with_one_slot_spent_names_that_slot_then_full_and_its_cost() -> None:
    game = started()
    game.play(Action("shift", "pikachu", {"to": [1, 1]}))
    assert rules_of(game, "take_a_breather", "pikachu") == (
        "ptu.action.shift", ("ptu.action.full",))
    assert rules_of(game, "full_action", "pikachu", what="a feature") == (
        "ptu.action.shift", ("ptu.action.full", "ptu.cost.feature"))
    assert rules_of(game, "use_move", "pikachu", move="Big Swing", target="rattata") == (
        "ptu.action.shift", ("ptu.action.full", "ptu.cost.move"))


def test_a_full_action_with_both_slots_spent_names_the_full_limit_then_both_slots() -> None:
    game = started()
    game.play(Action("shift", "pikachu", {"to": [1, 1]}))
    game.play(Action("use_move", "pikachu", {"move": "Tackle", "target": "rattata"}))
    assert rules_of(game, "take_a_breather", "pikachu") == (
        "ptu.action.full", ("ptu.action.standard", "ptu.action.shift"))
    assert rules_of(game, "use_move", "pikachu", move="Big Swing", target="rattata") == (
        "ptu.action.full", ("ptu.action.standard", "ptu.action.shift", "ptu.cost.move"))


class SidesSeen:
    """A dice source that rolls seeded faces and records the size of every die asked for."""

    def __init__(self) -> None:
        self.dice = SeededDice(5)
        self.sides: list[int] = []

    def die(self, sides: int) -> int:
        self.sides.append(sides)
        return self.dice.die(sides)


def test_a_speed_tie_is_broken_by_d20_rolls_until_no_two_totals_tie() -> None:
    source = SidesSeen()
    rolls = roll_off(["a", "b", "c", "d", "e", "f"], source)
    assert source.sides and set(source.sides) == {20}  # p. 227: a d20 roll-off
    sequences = [tuple(faces) for faces in rolls.values()]
    assert len(set(sequences)) == 6  # no two still tied
    # Only those still tied roll again, so the sequences may differ in length.
    assert len(source.sides) == sum(len(s) for s in sequences)


def test_a_roll_off_that_keeps_tying_stops_after_fifty_rounds() -> None:
    # An engine bound, not a rule: forced dice that always tie must not loop for ever.
    forced = ForcedDice([7] * 100)  # exactly 50 rounds for two combatants; then none left
    rolls = roll_off(["a", "b"], forced)
    assert rolls == {"a": [7] * 50, "b": [7] * 50} and forced.remaining == 0


def test_a_swift_priority_move_is_refused_out_of_turn_and_allowed_in_its_own_turn() -> None:
    # A Swift action belongs to one's own turn (p. 228): a home-made Swift move with the
    # Priority keyword passes the Priority check between turns, and its cost is refused by
    # the Swift rule. Every Pokémon has its own turn here, so nothing else refuses it.
    setup = {**SETUP, "pokemon_turns": "every_pokemon",
             "moves": [*SETUP["moves"],
                       {"name": "Swift Guard", "type": "Normal", "frequency": "At-Will",
                        "action": "swift", "range": "self", "keywords": ["Priority"]}]}
    pikachu, bulbasaur = setup["players"][0]["pokemon"]
    bulbasaur = {**bulbasaur, "moves": [*bulbasaur["moves"], "Swift Guard"]}
    setup["players"] = [{**setup["players"][0], "pokemon": [pikachu, bulbasaur]}]
    game = Game(RULESET, setup, seed=1)
    game.play(Action("begin_combat", "gm", {}))
    game.play(Action("end_turn", "pikachu", {}))
    assert rules_of(game, "use_move", "bulbasaur", move="Swift Guard") == (
        "ptu.swift.own-turn-only", ())
    # A Priority move that is not Swift is allowed at the same moment.
    assert game.check(Action("use_move", "bulbasaur",
                             {"move": "Quick Attack", "target": "rattata"})) is None
    game.play(Action("end_turn", "rattata", {}))
    game.play(Action("end_turn", "ash", {}))
    assert game.whose_turn() == "bulbasaur"
    game.play(Action("use_move", "bulbasaur", {"move": "Swift Guard"}))
    assert game.state.combatants["bulbasaur"].budget.remaining == {
        "standard": 1, "shift": 1, "swift": 0}


LEAGUE: dict[str, Any] = {
    "context": "league",
    "wild": [],
    "settings": {"hit_damage": "gm"},
    "players": [
        {"name": "a", "trainer": {"id": "ta", "speed": 7, "position": [0, 0]},
         "pokemon": [
             {"id": "pa", "speed": 11, "moves": ["Tackle", "Quick Attack"], "active": True,
              "position": [30, 0]},
             {"id": "pa2", "speed": 12, "moves": ["Tackle", "Quick Attack"]},
         ]},
        {"name": "b", "trainer": {"id": "tb", "speed": 19, "position": [0, 5]},
         "pokemon": [{"id": "pb", "speed": 3, "moves": ["Tackle"], "active": True,
                      "position": [30, 1]}]},
    ],
}


def test_a_pokemon_switched_in_during_a_league_round_declares_no_priority_until_the_next() -> None:
    # League (p. 229): a Pokémon released by a Switch cannot be commanded for the rest of the
    # round, Priority included; the next round it can.
    game = Game(RULESET, LEAGUE, seed=1)
    for actor, kind, params in (
        ("gm", "begin_combat", {}),
        ("ta", "declare", {"actions": ["switch"]}),
        ("tb", "declare", {"actions": []}),
        ("tb", "end_turn", {}),
        ("ta", "switch", {"recall": "pa", "release": "pa2"}),
        ("ta", "end_turn", {}),
    ):
        game.play(Action(kind, actor, params))
    # Between turns (pb's has not started): the Priority check refuses it.
    assert game.whose_turn() == "pb" and not game.state.turn_active
    assert rules_of(game, "use_move", "pa2", move="Quick Attack", target="pb") == (
        "ptu.switch.league-no-command", ())
    game.play(Action("end_turn", "pb", {}))
    game.play(Action("declare", "ta", {"actions": []}))
    game.play(Action("declare", "tb", {"actions": []}))
    game.play(Action("end_turn", "tb", {}))
    assert game.state.clock.round == 2 and game.whose_turn() == "ta"
    assert game.check(Action("use_move", "pa2", {"move": "Quick Attack", "target": "pb"})) is None
