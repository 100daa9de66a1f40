"""Outcomes of ptu's action economy (rulesets/ptu/economy.py) that only a mutation run showed
untested (issue 13, docs/mutation.md): each test pins a refusal's exact rules (first rule and
the whole of ``also``, which scenario files only check as a subset) or an allowed path no
scenario took. PTU 1.05 Core p. 226-229."""

from __future__ import annotations

import copy
from typing import Any

from turnkeeper.core.game import Game
from turnkeeper.core.model import Action
from turnkeeper.dice.source import ForcedDice, SeededDice
from turnkeeper.rulesets.ptu import RULESET
from turnkeeper.rulesets.ptu.economy import INITIATIVE_ZERO, check_ap, roll_off

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


def test_a_swift_priority_limited_move_is_refused_out_of_turn_and_allowed_in_its_own_turn(
) -> None:
    # A Swift action belongs to one's own turn (p. 228): a home-made Swift move with the
    # Priority (Limited) keyword passes the Priority check between turns, and its cost is
    # refused by the Swift rule (the Limited action comes before the user's turn). A Swift
    # move with plain Priority starts the user's full turn, so it is allowed
    # (tests/ptu/test_ptu_blackbox_text.py). Every Pokémon has its own turn here, so nothing
    # else refuses it.
    setup = {**SETUP, "pokemon_turns": "every_pokemon",
             "moves": [*SETUP["moves"],
                       {"name": "Swift Guard", "type": "Normal", "frequency": "At-Will",
                        "action": "swift", "range": "self", "keywords": ["Priority (Limited)"]},
                       {"name": "Swift Dash", "type": "Normal", "frequency": "At-Will",
                        "action": "swift", "range": "self", "keywords": ["Priority"]}]}
    pikachu, bulbasaur = setup["players"][0]["pokemon"]
    bulbasaur = {**bulbasaur, "moves": [*bulbasaur["moves"], "Swift Guard", "Swift Dash"]}
    setup["players"] = [{**setup["players"][0], "pokemon": [pikachu, bulbasaur]}]
    game = Game(RULESET, setup, seed=1)
    game.play(Action("begin_combat", "gm", {}))
    game.play(Action("end_turn", "pikachu", {}))
    assert rules_of(game, "use_move", "bulbasaur", move="Swift Guard") == (
        "ptu.swift.own-turn-only", ())
    # A Priority move that is not Limited, Swift or not, is allowed at the same moment.
    assert game.check(Action("use_move", "bulbasaur",
                             {"move": "Quick Attack", "target": "rattata"})) is None
    assert game.check(Action("use_move", "bulbasaur", {"move": "Swift Dash"})) is None
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


def test_a_spent_standard_action_names_its_limit_and_the_move_s_cost_only() -> None:
    # One slot, not a Full action: ptu.action.full is no part of the refusal.
    game = started()
    game.play(Action("use_move", "pikachu", {"move": "Tackle", "target": "rattata"}))
    assert rules_of(game, "use_move", "pikachu", move="Tackle", target="rattata") == (
        "ptu.action.standard", ("ptu.cost.move",))


def test_the_last_action_point_may_be_spent_and_none_after_it() -> None:
    # p. 221: one Action Point a roll, while any are left. (Checked on copies of the Trainer:
    # spending four first would take four rounds of throws.)
    ash = started().state.combatants["ash"]
    assert ash.ap == 5
    last, none = copy.copy(ash), copy.copy(ash)
    last.ap, none.ap = 1, 0
    assert check_ap(last, 1) is None
    refusal = check_ap(none, 1)
    assert refusal is not None and refusal.rule == "ptu.ap.spend"


def speeds_setup(context: str, trainer_speed: int, pokemon_speed: int) -> dict[str, Any]:
    return {
        "context": context, "settings": {"hit_damage": "gm"}, "wild": [],
        "players": [
            {"name": "ash", "trainer": {"id": "ash", "speed": trainer_speed, "position": [0, 0]},
             "pokemon": [{"id": "pikachu", "speed": pokemon_speed, "moves": ["Tackle"],
                          "active": True, "position": [1, 0]}]},
            {"name": "gary", "trainer": {"id": "gary", "speed": 3, "position": [0, 5]},
             "pokemon": [{"id": "eevee", "speed": 4, "moves": ["Tackle"], "active": True,
                          "position": [1, 5]}]},
        ],
    }


def rolled(context: str, trainer_speed: int, pokemon_speed: int) -> list[dict[str, Any]]:
    game = Game(RULESET, speeds_setup(context, trainer_speed, pokemon_speed), seed=1)
    events = game.play(Action("begin_combat", "gm", {}))
    return [e.data["rolls"] for e in events if e.type == "initiative_rolled"]


def test_a_league_trainer_never_rolls_off_against_a_pokemon_of_the_same_speed() -> None:
    # p. 227: League Trainers act apart from (before) the Pokémon, so a Trainer and a
    # Pokémon of equal Speed are no tie there; in a full-contact fight they are.
    assert rolled("league", 10, 10) == []
    [rolls] = rolled("full_contact", 10, 10)
    assert set(rolls) == {"ash", "pikachu"}
    # No tie at all: no roll-off event.
    assert rolled("full_contact", 10, 11) == []
    # Two League Trainers of equal Speed still roll off.
    setup = speeds_setup("league", 3, 10)
    game = Game(RULESET, setup, seed=1)
    [over] = [e for e in game.play(Action("begin_combat", "gm", {}))
              if e.type == "initiative_rolled"]
    assert set(over.data["rolls"]) == {"ash", "gary"}


def triggers_game() -> Game[Any]:
    """rattata has just Tackled pikachu in rattata's turn: t1 (move_used) and t2 (attacked)
    are open; pikachu had its turn already."""
    setup = copy.deepcopy(SETUP)
    setup["players"][0]["pokemon"][0]["moves"] += ["Protect", "Detect"]
    setup["players"][0]["pokemon"][1]["loyalty"] = 6
    game = Game(RULESET, setup, seed=1)
    game.play(Action("begin_combat", "gm", {}))
    game.play(Action("end_turn", "pikachu", {}))
    game.play(Action("use_move", "rattata", {"move": "Tackle", "target": "pikachu"}))
    assert [(o.occurrence, o.trigger) for o in game.state.occurrences] == [
        ("t1", "move_used"), ("t2", "attacked")]
    return game


def test_a_triggered_interrupt_answers_only_a_trigger_of_its_own_kind() -> None:
    game = triggers_game()
    # Protect answers being attacked (p. 241), not a move being used.
    assert rules_of(game, "use_move", "pikachu", move="Protect", trigger="t1") == (
        "ptu.trigger.needs-trigger", ())
    assert game.check(Action("use_move", "pikachu", {"move": "Protect", "trigger": "t2"})) is None
    # An Intercept answers an attack too, never a move_used trigger.
    assert rules_of(game, "intercept", "bulbasaur", trigger="t1", mode="melee") == (
        "ptu.trigger.needs-trigger", ())
    assert game.check(Action("intercept", "bulbasaur", {"trigger": "t2", "mode": "melee"})) is None


def test_a_trigger_answer_is_recorded_by_the_move_s_name_once_per_trigger() -> None:
    game = triggers_game()
    events = game.play(Action("use_move", "pikachu", {"move": "Detect", "trigger": "t2"}))
    [answered] = [e.data for e in events if e.type == "trigger_answered"]
    assert answered == {"trigger": "t2", "actor": "pikachu", "response": "Detect"}
    # The same move again on the same trigger: once per trigger, at the move's cost.
    assert rules_of(game, "use_move", "pikachu", move="Detect", trigger="t2") == (
        "ptu.trigger.once-per-trigger", ("ptu.cost.move",))
    # Another move is a new answer: what refuses it is the turn Detect gave up.
    assert rules_of(game, "use_move", "pikachu", move="Protect", trigger="t2") == (
        "ptu.interrupt.turn-cost", ())


def test_an_intercept_twice_on_one_trigger_names_no_cost_rule() -> None:
    game = triggers_game()
    game.play(Action("intercept", "bulbasaur", {"trigger": "t2", "mode": "melee"}))
    assert rules_of(game, "intercept", "bulbasaur", trigger="t2", mode="melee") == (
        "ptu.trigger.once-per-trigger", ())


HOME_MADE_MOVES: list[dict[str, Any]] = [
    # A Free-action move and a Standard-action move with the Trigger keyword but not the
    # Interrupt one (no shipped move is such), and a Priority (Advanced) move.
    {"name": "Quick Answer", "type": "Normal", "frequency": "At-Will", "action": "free",
     "range": "self", "keywords": ["Trigger"], "trigger": "attacked"},
    {"name": "Slow Answer", "type": "Normal", "frequency": "At-Will", "action": "standard",
     "range": "self", "keywords": ["Trigger"], "trigger": "attacked"},
    {"name": "Rush", "type": "Normal", "frequency": "At-Will", "action": "standard",
     "ac": 2, "damage_base": 4, "range": "melee", "keywords": ["Priority (Advanced)"]},
]


def home_made_game() -> Game[Any]:
    """As ``triggers_game``, pikachu knowing the home-made moves too."""
    setup = copy.deepcopy(SETUP)
    setup["moves"] = [*setup["moves"], *HOME_MADE_MOVES]
    setup["players"][0]["pokemon"][0]["moves"] += [
        "Detect", *(m["name"] for m in HOME_MADE_MOVES)]
    game = Game(RULESET, setup, seed=1)
    game.play(Action("begin_combat", "gm", {}))
    game.play(Action("end_turn", "pikachu", {}))
    game.play(Action("use_move", "rattata", {"move": "Tackle", "target": "pikachu"}))
    return game


def test_a_trigger_move_out_of_turn_is_free_if_its_action_is_free_else_an_interrupt() -> None:
    # p. 228, 241: a Free-action Trigger answers in another's turn at no cost; any other
    # Trigger move there is an Interrupt, which (pikachu having acted) gives up its next turn.
    game = home_made_game()
    events = game.play(Action("use_move", "pikachu", {"move": "Quick Answer", "trigger": "t2"}))
    assert "turn_given_up" not in [e.type for e in events]
    assert not game.state.combatants["pikachu"].forfeit_next
    game = home_made_game()
    events = game.play(Action("use_move", "pikachu", {"move": "Slow Answer", "trigger": "t2"}))
    assert [e.data for e in events if e.type == "turn_given_up"] == [
        {"actor": "pikachu", "round": "next", "why": "Slow Answer"}]
    assert game.state.combatants["pikachu"].forfeit_next


def test_priority_advanced_after_giving_up_next_round_s_turn_names_both_rules() -> None:
    # Having acted, Priority (Advanced) borrows next round's turn (p. 228): allowed, unless
    # that turn is already given up (here by Detect), which names what gave it up and keeps
    # the Priority (Advanced) rule in ``also``.
    game = home_made_game()
    game.play(Action("end_turn", "rattata", {}))
    rush = Action("use_move", "pikachu", {"move": "Rush", "target": "rattata"})
    assert game.check(rush) is None
    game = home_made_game()
    game.play(Action("use_move", "pikachu", {"move": "Detect", "trigger": "t2"}))
    game.play(Action("end_turn", "rattata", {}))
    assert rules_of(game, "use_move", "pikachu", move="Rush", target="rattata") == (
        "ptu.interrupt.turn-cost", ("ptu.priority.advanced",))


def test_a_pokemon_switched_in_after_its_count_acts_at_once_with_one_budget() -> None:
    # p. 229: released after its count has passed, it acts at once; that turn is its own
    # (it is already counted as having acted this round), and it pays from its budget.
    setup = copy.deepcopy(SETUP)
    setup["pokemon_turns"] = "every_pokemon"
    setup["players"][0]["pokemon"].append(
        {"id": "raichu", "speed": 30, "moves": ["Tackle"], "position": [1, 1]})
    game = Game(RULESET, setup, seed=1)
    game.play(Action("begin_combat", "gm", {}))
    game.play(Action("end_turn", "pikachu", {}))
    game.play(Action("end_turn", "rattata", {}))
    game.play(Action("switch", "ash", {"recall": "pikachu", "release": "raichu"}))
    assert game.whose_turn() == "raichu" and "raichu" in game.state.clock.acted
    tackle = Action("use_move", "raichu", {"move": "Tackle", "target": "rattata"})
    assert game.check(tackle) is None
    game.play(tackle)
    assert rules_of(game, "use_move", "raichu", move="Tackle", target="rattata") == (
        "ptu.action.standard", ("ptu.cost.move",))


def test_a_low_blow_sets_initiative_to_zero_while_it_lasts() -> None:
    # p. 242 (Dirty Trick, Low Blow): initiative 0 for a round; here given by the GM under
    # the effect's own name (economy.INITIATIVE_ZERO), as the maneuver leaves it.
    game = started()
    assert RULESET.view(game.state, None)["combatants"]["rattata"]["initiative"] == 15
    game.play(Action("add_effect", "gm", {"target": "rattata", "name": INITIATIVE_ZERO}))
    assert RULESET.view(game.state, None)["combatants"]["rattata"]["initiative"] == 0
