"""Black-box cases for the action types of PTU 1.05 Core ch. 7 (p. 227-228, the project's
``rules/000_*.txt``), with the ptu readings of ``design/READINGS.md``.

Written from the outside: from the rule text, the readings, ``reference/ptu.md`` and the public
API of ``docs/rulesets/ptu.md`` only (``Game``, ``Action``, ``check``/``play``, the view, the
refusal's rule id and source), never from the ruleset's code. Grouped by the text's sections;
every rule that has a condition is shown both ways, and each refusal is checked for its rule
id and for the page its source cites.

Shared encounter (Full Contact): pikachu 20, rattata 15, spearow 12, ash 10, misty 8 (Speed
is initiative, highest first).
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from turnkeeper.core.game import Game
from turnkeeper.core.model import Action, BadActionError, IllegalActionError
from turnkeeper.dice.source import ForcedDice
from turnkeeper.rulesets import get_ruleset

# Moves the text's keywords need that the shipped list may not hold with that keyword.
EXTRA_MOVES: list[dict[str, Any]] = [
    {"name": "Sneak Strike", "type": "Dark", "frequency": "At-Will", "ac": 2,
     "damage_base": 4, "range": "melee", "keywords": ["Priority (Advanced)"]},
    {"name": "Long Rite", "type": "Normal", "frequency": "At-Will", "action": "extended",
     "range": "self"},
    {"name": "Heavy Slam Test", "type": "Normal", "frequency": "At-Will", "action": "full",
     "ac": 2, "damage_base": 4, "range": "melee"},
    {"name": "Quick Step", "type": "Normal", "frequency": "At-Will", "action": "swift",
     "range": "self"},
]


def config(**over: Any) -> dict[str, Any]:
    setup: dict[str, Any] = {
        "context": "full_contact",
        "settings": {"hit_damage": "gm"},  # timing and costs only; hits change no HP
        "moves": EXTRA_MOVES,
        "players": [
            {"name": "ash", "side": "heroes",
             "trainer": {"id": "ash", "speed": 10, "level": 15, "position": [0, 0],
                         "items": {"potion": 2, "pokeball": 2},
                         "in_hand": {"potion": 1}},
             "pokemon": [
                 {"id": "pikachu", "speed": 20, "active": True, "position": [1, 0],
                  "moves": ["Tackle", "Quick Attack", "Protect", "Long Rite",
                            "Heavy Slam Test", "Quick Step", "Sneak Strike"]},
                 {"id": "bulbasaur", "speed": 5, "moves": ["Tackle"]},
             ]},
            {"name": "misty", "side": "heroes",
             "trainer": {"id": "misty", "speed": 8, "level": 10, "position": [0, 1],
                         "items": {"potion": 1}}},
        ],
        "wild": [
            {"id": "rattata", "speed": 15, "position": [2, 0], "capture_rate": 40,
             "moves": ["Tackle", "Quick Attack", "Focus Punch", "Sneak Strike", "Detect"]},
            {"id": "spearow", "speed": 12, "position": [2, 1], "moves": ["Scratch"]},
        ],
    }
    setup.update(over)
    return setup


def started(**over: Any) -> Game[Any]:
    game = Game(get_ruleset("ptu"), config(**over), seed=3)
    if not over.get("ambush"):
        game.play(Action("begin_combat", "gm"))
    return game


def act(kind: str, actor: str, **params: Any) -> Action:
    return Action(kind, actor, params)


def cites(source: str, page: int) -> bool:
    """Whether a rule's source cites the Core book's page ``page`` (single pages, lists and
    ranges: "p. 214, 227", "p. 227-228")."""
    if "PTU 1.05 Core p." not in source:
        return False
    cited = source.split("PTU 1.05 Core p.", 1)[1]
    for first, last in re.findall(r"(\d+)(?:-(\d+))?", cited):
        if int(first) <= page <= int(last or first):
            return True
    return False


def refused(game: Game[Any], action: Action, rule: str, page: int) -> None:
    """The action is refused with ``rule`` first, its source citing the book's ``page``, and
    playing it anyway changes nothing."""
    refusal = game.check(action)
    assert refusal is not None, f"{action.kind} by {action.actor} was allowed"
    assert refusal.rule == rule, (refusal.rule, refusal.reason)
    assert cites(refusal.source, page), (refusal.source, page)
    assert refusal.reason
    before = game.state_hash()
    with pytest.raises(IllegalActionError):
        game.play(action)
    assert game.state_hash() == before


def allowed(game: Game[Any], action: Action, dice: list[int] | None = None) -> None:
    refusal = game.check(action)
    assert refusal is None, (refusal.rule, refusal.reason)
    game.play(action, dice=ForcedDice(dice) if dice is not None else None)


def budget(game: Game[Any], who: str) -> dict[str, int]:
    return dict(game.view()["combatants"][who]["budget"])


def finish_turn(game: Game[Any]) -> None:
    who = game.whose_turn()
    assert who is not None
    game.play(act("end_turn", who))


def attacked_trigger(game: Game[Any], target: str) -> str:
    """The id of the open "attacked" occurrence on ``target``."""
    return str(next(t["id"] for t in game.view()["triggers"]
                    if t["kind"] == "attacked" and t.get("target") == target))


def pass_until(game: Game[Any], who: str) -> None:
    """End turns until it is ``who``'s turn."""
    for _ in range(20):
        if game.whose_turn() == who:
            return
        finish_turn(game)
    raise AssertionError(f"{who}'s turn never came")


# --------------------------------------------------------------------------- Action Types
# p. 227: a Standard, a Shift and a Swift on one's turn, in any order; Free actions without
# number; a triggered action once per trigger.


def test_each_turn_has_one_standard_one_shift_one_swift_in_any_order() -> None:
    """Action Types: the three actions of a turn, taken Swift, Shift, Standard (any order)."""
    game = started()
    assert game.whose_turn() == "pikachu"
    assert budget(game, "pikachu") == {"standard": 1, "shift": 1, "swift": 1}
    allowed(game, act("swift_action", "pikachu", what="a swift feature"))
    allowed(game, act("shift", "pikachu", to=[1, 1]))
    allowed(game, act("use_move", "pikachu", move="Tackle", target="rattata"), dice=[15])
    assert budget(game, "pikachu") == {"standard": 0, "shift": 0, "swift": 0}


def test_a_second_standard_shift_or_swift_in_one_turn_is_refused() -> None:
    """Action Types: one of each, not two (no trade was made)."""
    game = started()
    game.play(act("use_move", "pikachu", move="Tackle", target="rattata"), dice=ForcedDice([15]))
    game.play(act("shift", "pikachu", to=[1, 1]))
    game.play(act("swift_action", "pikachu", what="first swift"))
    refused(game, act("standard_action", "pikachu", what="again"), "ptu.action.standard",
            227)
    refused(game, act("shift", "pikachu", to=[1, 2]), "ptu.action.shift", 227)
    refused(game, act("swift_action", "pikachu", what="again"), "ptu.action.swift", 227)


def test_the_standard_first_then_the_swift_then_the_shift_is_also_fine() -> None:
    """Action Types: "in any order" - the Standard does not have to come last."""
    game = started()
    allowed(game, act("standard_action", "pikachu", what="a feature"))
    allowed(game, act("swift_action", "pikachu", what="a swift feature"))
    allowed(game, act("shift", "pikachu", to=[1, 1]))
    assert budget(game, "pikachu") == {"standard": 0, "shift": 0, "swift": 0}


def test_the_three_actions_come_back_with_the_next_round() -> None:
    """Action Types: the allowance is per round of combat; next round it is whole again."""
    game = started()
    game.play(act("use_move", "pikachu", move="Tackle", target="rattata"), dice=ForcedDice([15]))
    game.play(act("swift_action", "pikachu", what="swift"))
    finish_turn(game)
    round_one = game.view()["round"]
    pass_until(game, "pikachu")
    assert game.view()["round"] == round_one + 1
    assert budget(game, "pikachu") == {"standard": 1, "shift": 1, "swift": 1}
    allowed(game, act("standard_action", "pikachu", what="next round's Standard"))


def test_free_actions_can_be_taken_many_times_and_cost_none_of_the_three() -> None:
    """Action Types / Free Actions: any number of Free actions on one's turn."""
    game = started()
    for n in range(6):
        allowed(game, act("free_action", "pikachu", what=f"free feature {n}"))
    assert budget(game, "pikachu") == {"standard": 1, "shift": 1, "swift": 1}


def test_a_triggered_free_action_answers_one_trigger_once() -> None:
    """Action Types: an action with a Trigger activates once per occurrence of the trigger;
    another occurrence can be answered again (READINGS: once per occurrence)."""
    game = started()
    game.play(act("use_move", "pikachu", move="Tackle", target="rattata"), dice=ForcedDice([15]))
    triggers = game.view()["triggers"]
    assert len(triggers) >= 2
    first, second = triggers[0]["id"], triggers[1]["id"]
    allowed(game, act("free_action", "rattata", what="a triggered feature", trigger=first))
    refused(game, act("free_action", "rattata", what="a triggered feature", trigger=first),
            "ptu.trigger.once-per-trigger", 227)
    allowed(game, act("free_action", "rattata", what="a triggered feature", trigger=second))


def test_two_different_triggered_actions_may_answer_one_occurrence() -> None:
    """Action Types (READINGS ptu): the once-per-trigger limit is per action, so a second,
    different triggered action answers the same occurrence."""
    game = started()
    game.play(act("use_move", "pikachu", move="Tackle", target="rattata"), dice=ForcedDice([15]))
    trigger = game.view()["triggers"][0]["id"]
    allowed(game, act("free_action", "rattata", what="feature one", trigger=trigger))
    allowed(game, act("free_action", "rattata", what="feature two", trigger=trigger))


def test_one_trigger_is_answered_once_by_each_responder() -> None:
    """Action Types: the once-per-trigger limit is the responder's own - two allies may each
    answer the same attack once."""
    game = started()
    game.play(act("use_move", "pikachu", move="Tackle", target="rattata"),
              dice=ForcedDice([15]))
    trigger = attacked_trigger(game, "rattata")
    allowed(game, act("free_action", "rattata", what="a triggered feature", trigger=trigger))
    allowed(game, act("free_action", "spearow", what="a triggered feature", trigger=trigger))
    refused(game, act("free_action", "spearow", what="a triggered feature", trigger=trigger),
            "ptu.trigger.once-per-trigger", 227)


def test_free_actions_any_time_setting_lifts_the_own_turn_limit() -> None:
    """Free Actions, setting ``free_actions: any_time`` (the other reading): untriggered Free
    actions off one's turn are allowed."""
    game = started(settings={"hit_damage": "gm", "free_actions": "any_time"})
    allowed(game, act("free_action", "rattata", what="an untriggered feature"))


def test_the_swift_trade_can_be_switched_off_by_setting() -> None:
    """Standard Actions / Swift Action, setting ``swift_trade: false``: "exactly one Swift a
    round" then wins and the Standard buys no Swift; the Shift trade stays."""
    game = started(settings={"hit_damage": "gm", "swift_trade": False})
    refused(game, act("trade_standard", "pikachu", **{"for": "swift"}), "ptu.action.swift",
            227)
    allowed(game, act("trade_standard", "pikachu", **{"for": "shift"}))


def test_an_untriggered_free_action_off_ones_turn_is_refused() -> None:
    """Free Actions (READINGS ptu): without a trigger, Free actions are one's own turn's."""
    game = started()
    refused(game, act("free_action", "rattata", what="an untriggered feature"),
            "ptu.free.own-turn", 228)
    allowed(game, act("free_action", "pikachu", what="an untriggered feature"))


def test_a_triggered_action_without_an_open_trigger_is_refused() -> None:
    """Action Types: a triggered action needs its trigger; a trigger that never happened is
    refused (not taken as an untriggered Free action)."""
    game = started()
    refused(game, act("free_action", "rattata", what="a triggered feature", trigger="t9"),
            "ptu.trigger.needs-trigger", 227)


def bristle_game() -> Game[Any]:
    """rattata knows a Free move with the Trigger keyword, answering an attack on itself."""
    bristle = {"name": "Bristle", "type": "Normal", "frequency": "At-Will", "action": "free",
               "keywords": ["Trigger"], "trigger": "attacked", "range": "self"}
    wild = config()["wild"]
    wild[0]["moves"] = ["Tackle", "Bristle"]
    return started(moves=[*EXTRA_MOVES, bristle], wild=wild)


def test_a_free_trigger_move_answers_its_trigger_once_and_costs_no_action() -> None:
    """Action Types / Free Actions: a Free action with a Trigger, activated when triggered
    (even on another's turn), once for that occurrence, taking none of the three actions."""
    game = bristle_game()
    game.play(act("use_move", "pikachu", move="Tackle", target="rattata"),
              dice=ForcedDice([15]))
    trigger = attacked_trigger(game, "rattata")
    allowed(game, act("use_move", "rattata", move="Bristle", trigger=trigger))
    assert budget(game, "rattata") == {"standard": 1, "shift": 1, "swift": 1}
    refused(game, act("use_move", "rattata", move="Bristle", trigger=trigger),
            "ptu.trigger.once-per-trigger", 227)


def test_a_free_trigger_move_without_its_trigger_is_refused() -> None:
    """Free Actions: "when they are triggered" - with no trigger named, or a trigger of
    another kind, it is refused; the reason says what is missing."""
    game = bristle_game()
    refused(game, act("use_move", "rattata", move="Bristle"), "ptu.trigger.needs-trigger", 227)
    refusal = game.check(act("use_move", "rattata", move="Bristle"))
    assert refusal is not None and "None" not in refusal.reason
    game.play(act("use_move", "pikachu", move="Tackle", target="rattata"),
              dice=ForcedDice([15]))
    move_used = next(t["id"] for t in game.view()["triggers"] if t["kind"] == "move_used")
    refused(game, act("use_move", "rattata", move="Bristle", trigger=move_used),
            "ptu.trigger.needs-trigger", 227)


# --------------------------------------------------------------------------- start of combat
# p. 227: no action is spent to draw a weapon or send out the first Pokémon at the very start
# of combat (a set-up step, READINGS); ambushes and those caught off guard are the exception.


def before_combat(**over: Any) -> Game[Any]:
    players = config()["players"]
    players[0]["pokemon"][0]["active"] = False
    return Game(get_ruleset("ptu"), config(players=players, **over), seed=3)


def test_the_first_send_out_and_a_weapon_draw_are_free_before_round_one() -> None:
    """Start of combat: the first Pokémon and a weapon come out without spending actions."""
    game = before_combat()
    assert game.view()["phase"] == "setup"
    allowed(game, act("release", "ash", pokemon="pikachu", at=[1, 0]))
    allowed(game, act("draw_weapon", "ash", weapon="club"))
    game.play(act("begin_combat", "gm"))
    view = game.view()["combatants"]
    assert view["pikachu"]["on_field"] is True
    assert view["ash"]["weapon"] == "club"
    assert view["ash"]["budget"] == {"standard": 1, "shift": 1, "swift": 1}


def test_only_the_first_pokemon_comes_out_free() -> None:
    """Start of combat: the free step covers the first Pokémon, not a second one."""
    game = before_combat()
    game.play(act("release", "ash", pokemon="pikachu", at=[1, 0]))
    refused(game, act("release", "ash", pokemon="bulbasaur", at=[1, 1]),
            "ptu.setup.free-start", 227)


def test_one_free_weapon_draw_and_nothing_else_before_round_one() -> None:
    """Start of combat: one free draw; a second draw, or other actions, wait for round 1."""
    game = before_combat()
    game.play(act("draw_weapon", "ash", weapon="club"))
    refused(game, act("draw_weapon", "ash", weapon="sword"), "ptu.setup.free-start",
            227)
    refused(game, act("shift", "ash", to=[0, 2]), "ptu.setup.free-start", 227)
    refused(game, act("use_item", "ash", item="potion", target="ash"),
            "ptu.setup.free-start", 227)


def test_after_round_one_begins_a_weapon_draw_costs_the_standard() -> None:
    """Start of combat: the free draw is only at the very beginning; later it is Standard."""
    game = started()
    pass_until(game, "ash")
    allowed(game, act("draw_weapon", "ash", weapon="club"))
    assert budget(game, "ash")["standard"] == 0
    refused(game, act("draw_weapon", "ash", weapon="sword"), "ptu.action.standard", 227)


def test_in_an_ambush_there_is_no_free_step() -> None:
    """Start of combat: the ambush exception - the draw costs the Standard from round 1."""
    game = Game(get_ruleset("ptu"), config(ambush=True), seed=3)
    assert game.view()["phase"] == "turns"
    pass_until(game, "ash")
    allowed(game, act("draw_weapon", "ash", weapon="club"))
    assert budget(game, "ash")["standard"] == 0


def test_a_trainer_caught_off_guard_has_no_free_draw_while_the_others_do() -> None:
    """Start of combat: "caught off guard" takes the free step away from that Trainer only."""
    players = config()["players"]
    players[1]["caught_off_guard"] = True
    game = Game(get_ruleset("ptu"), config(players=players), seed=3)
    refused(game, act("draw_weapon", "misty", weapon="club"), "ptu.setup.free-start",
            227)
    allowed(game, act("draw_weapon", "ash", weapon="club"))


# --------------------------------------------------------------------------- Standard Actions
# p. 227: what a Standard action pays for, and the two trades of the Standard.


def test_a_standard_feature_is_used_during_ones_own_turn() -> None:
    """Standard Actions: Features needing a Standard are activated during your turn; off
    turn (no Priority) the order of initiative refuses it."""
    game = started()
    refused(game, act("standard_action", "rattata", what="a feature"), "ptu.initiative.order",
            227)
    allowed(game, act("standard_action", "pikachu", what="a feature"))


def test_priority_moves_are_offered_between_turns_and_not_in_the_middle_of_one() -> None:
    """Priority / Interrupt, as the legal listing shows them: between turns rattata is
    offered its Priority moves; mid-turn none of them, but an Interrupt on an open attack."""
    game = started()
    between = {a.params.get("move") for a in game.legal_actions("rattata")
               if a.kind == "use_move"}
    assert {"Quick Attack", "Focus Punch", "Sneak Strike"} <= between
    assert "Tackle" not in between and "Detect" not in between
    game.play(act("use_move", "pikachu", move="Tackle", target="rattata"),
              dice=ForcedDice([15]))
    mid = [a for a in game.legal_actions("rattata") if a.kind == "use_move"]
    assert {a.params.get("move") for a in mid} == {"Detect"}
    for offer in mid:
        assert game.check(offer) is None


def test_using_a_move_takes_the_standard_and_a_second_move_is_refused() -> None:
    """Standard Actions: using a Move; the refusal names the spent Standard, the move's
    cost rule behind it."""
    game = started()
    allowed(game, act("use_move", "pikachu", move="Tackle", target="rattata"), dice=[15])
    assert budget(game, "pikachu")["standard"] == 0
    refused(game, act("use_move", "pikachu", move="Tackle", target="rattata"),
            "ptu.action.standard", 227)
    refusal = game.check(act("use_move", "pikachu", move="Tackle", target="rattata"))
    assert refusal is not None and "ptu.cost.move" in refusal.also


def test_a_struggle_attack_takes_the_standard() -> None:
    """Standard Actions: a Struggle attack is a Standard action; not after a Move."""
    game = started()
    allowed(game, act("struggle", "pikachu", target="rattata"), dice=[15])
    assert budget(game, "pikachu") == {"standard": 0, "shift": 1, "swift": 1}
    other = started()
    other.play(act("use_move", "pikachu", move="Tackle", target="rattata"),
               dice=ForcedDice([15]))
    refused(other, act("struggle", "pikachu", target="rattata"), "ptu.action.standard",
            227)


def test_an_item_retrieved_from_the_pack_and_used_on_a_target_takes_the_standard() -> None:
    """Standard Actions: retrieving an item from the pack and using it on a target."""
    game = started()
    pass_until(game, "misty")
    events = game.play(act("use_item", "misty", item="potion", target="ash"))
    used = next(e.data for e in events if e.type == "item_used")
    assert used["from"] == "pack"
    assert budget(game, "misty")["standard"] == 0
    refused(game, act("use_item", "misty", item="potion", target="ash"),
            "ptu.action.standard", 227)


def test_an_item_the_trainer_does_not_carry_is_refused() -> None:
    """Standard Actions: the item comes from the Trainer's pack; one not there is refused."""
    game = started()
    pass_until(game, "misty")
    refused(game, act("use_item", "misty", item="super potion", target="ash"),
            "ptu.item.have", 227)


def test_a_pokemon_does_not_retrieve_items_from_a_pack() -> None:
    """Standard Actions: the backpack item is a Trainer's action."""
    game = started()
    refused(game, act("use_item", "pikachu", item="potion", target="pikachu"),
            "ptu.action.who", 227)


def test_a_poke_ball_thrown_at_a_wild_pokemon_takes_the_standard() -> None:
    """Standard Actions: throwing a Poké Ball to capture a wild Pokémon."""
    game = started()
    pass_until(game, "ash")
    allowed(game, act("throw_pokeball", "ash", target="rattata"), dice=[2])
    view = game.view()["combatants"]["ash"]
    assert view["budget"]["standard"] == 0
    assert view["items"]["pokeball"] == 1  # a miss still uses the ball up


def test_a_poke_ball_is_not_for_a_pokemon_with_a_trainer() -> None:
    """Standard Actions: the throw captures a *wild* Pokémon; an owned one is refused."""
    game = started()
    pass_until(game, "ash")
    game.play(act("release", "ash", pokemon="bulbasaur", at=[0, 2]))
    refused(game, act("throw_pokeball", "ash", target="bulbasaur"), "ptu.capture.wild-only",
            227)


def test_a_trainer_without_a_ball_cannot_throw_one() -> None:
    """Standard Actions: the throw needs a Poké Ball (misty carries none)."""
    game = started()
    pass_until(game, "misty")
    refused(game, act("throw_pokeball", "misty", target="spearow"), "ptu.capture.has-ball",
            227)


def test_drawing_a_weapon_then_switching_weapons_each_take_a_standard() -> None:
    """Standard Actions: drawing a weapon, or changing from one weapon to another."""
    game = started()
    pass_until(game, "ash")
    allowed(game, act("draw_weapon", "ash", weapon="club"))
    refused(game, act("draw_weapon", "ash", weapon="sword"), "ptu.action.standard", 227)
    finish_turn(game)
    pass_until(game, "ash")
    allowed(game, act("draw_weapon", "ash", weapon="sword"))
    assert game.view()["combatants"]["ash"]["weapon"] == "sword"
    assert budget(game, "ash")["standard"] == 0


def test_the_pokedex_identifies_a_pokemon_for_a_standard() -> None:
    """Standard Actions: using the Pokédex on a Pokémon; a Trainer is no Pokémon."""
    game = started()
    pass_until(game, "ash")
    refused(game, act("use_pokedex", "ash", target="misty"), "ptu.pokedex.pokemon", 227)
    allowed(game, act("use_pokedex", "ash", target="rattata"))
    assert budget(game, "ash")["standard"] == 0
    refused(game, act("use_pokedex", "ash", target="spearow"), "ptu.action.standard",
            227)


def test_the_standard_buys_a_second_swift_only_when_traded() -> None:
    """Standard Actions: giving up the Standard for another Swift (READINGS: explicit)."""
    game = started()
    game.play(act("swift_action", "pikachu", what="first"))
    refused(game, act("swift_action", "pikachu", what="second"), "ptu.action.swift", 227)
    assert budget(game, "pikachu")["standard"] == 1  # no trade made behind the player's back
    allowed(game, act("trade_standard", "pikachu", **{"for": "swift"}))
    allowed(game, act("swift_action", "pikachu", what="second"))
    refused(game, act("swift_action", "pikachu", what="third"), "ptu.action.swift", 227)
    refused(game, act("use_move", "pikachu", move="Tackle", target="rattata"),
            "ptu.action.standard", 227)


def test_the_standard_cannot_be_traded_twice_or_once_spent() -> None:
    """Standard Actions: the trade gives up *the* Standard; there is one to give."""
    game = started()
    game.play(act("trade_standard", "pikachu", **{"for": "shift"}))
    refused(game, act("trade_standard", "pikachu", **{"for": "swift"}), "ptu.action.standard",
            227)
    spent = started()
    spent.play(act("use_move", "pikachu", move="Tackle", target="rattata"),
               dice=ForcedDice([15]))
    refused(spent, act("trade_standard", "pikachu", **{"for": "shift"}),
            "ptu.action.standard", 227)


def test_a_traded_shift_cannot_move_after_the_regular_shift_moved() -> None:
    """Standard Actions: the extra Shift is no second movement, but it still pays for a
    Shift feature or effect."""
    game = started()
    game.play(act("shift", "pikachu", to=[1, 2]))
    allowed(game, act("trade_standard", "pikachu", **{"for": "shift"}))
    refused(game, act("shift", "pikachu", to=[1, 3]), "ptu.shift.one-movement", 227)
    allowed(game, act("shift_action", "pikachu", what="a Shift feature"))
    assert budget(game, "pikachu") == {"standard": 0, "shift": 0, "swift": 1}


def test_a_traded_shift_may_move_when_the_regular_one_did_not() -> None:
    """Standard Actions: the limit is on movement already made, so a regular Shift spent on
    a feature leaves the traded one free to move."""
    game = started()
    game.play(act("shift_action", "pikachu", what="a Shift feature"))
    game.play(act("trade_standard", "pikachu", **{"for": "shift"}))
    allowed(game, act("shift", "pikachu", to=[1, 3]))
    assert game.view()["combatants"]["pikachu"]["position"] == [1, 3]


def test_a_shift_spent_standing_up_leaves_the_traded_shift_free_to_move() -> None:
    """Standard Actions: standing up is a Shift effect, not movement, so the traded Shift
    may still move (and a Tripped combatant moves only after standing up)."""
    game = started()
    game.play(act("set_status", "gm", target="pikachu", status="tripped", value=True))
    refused(game, act("shift", "pikachu", to=[1, 1]), "ptu.shift.stand-up", 243)
    allowed(game, act("stand_up", "pikachu"))
    game.play(act("trade_standard", "pikachu", **{"for": "shift"}))
    allowed(game, act("shift", "pikachu", to=[1, 1]))


def test_after_the_traded_shift_moved_the_regular_shift_cannot_move() -> None:
    """Standard Actions (READINGS ptu): one moving Shift a turn, whichever comes first."""
    game = started()
    game.play(act("trade_standard", "pikachu", **{"for": "shift"}))
    game.play(act("shift", "pikachu", to=[1, 3]))
    refused(game, act("shift", "pikachu", to=[1, 4]), "ptu.shift.one-movement", 227)
    allowed(game, act("shift_action", "pikachu", what="a Shift feature"))


@pytest.mark.parametrize("action", [
    act("draw_weapon", "pikachu", weapon="club"),
    act("use_pokedex", "pikachu", target="rattata"),
    act("throw_pokeball", "pikachu", target="rattata"),
    act("recall", "pikachu", pokemon="pikachu"),
    act("release", "pikachu", pokemon="bulbasaur", at=[1, 2]),
], ids=lambda a: a.kind)
def test_the_trainers_standard_and_shift_actions_are_not_a_pokemons(action: Action) -> None:
    """Standard / Shift Actions: weapons, the Pokédex, Poké Balls, recalling and sending out
    are what a Trainer does; the Pokémon on its own turn is refused with the who-rule."""
    game = started()
    refused(game, action, "ptu.action.who", 227)
    # The Trainer on its turn may.
    pass_until(game, "ash")
    trainers = Action(action.kind, "ash", action.params)
    if action.kind == "release":
        game.play(act("recall", "ash", pokemon="pikachu"))
        game.play(act("trade_standard", "ash", **{"for": "shift"}))
    allowed(game, trainers, dice=[20, 100] if action.kind == "throw_pokeball" else None)


def test_a_combat_maneuver_takes_the_standard() -> None:
    """Standard Actions: Combat Maneuvers; none once the Standard is spent."""
    game = started()
    allowed(game, act("trip", "pikachu", target="rattata"), dice=[1])
    assert budget(game, "pikachu")["standard"] == 0
    refused(game, act("push", "pikachu", target="rattata"), "ptu.action.standard", 227)


# --------------------------------------------------------------------------- Shift Actions
# p. 227: the Shift is mostly movement; handing a small item to an adjacent Trainer rides on
# it; a Trainer spends it to recall or send out a Pokémon, or to replace a fainted one.


def test_a_shift_moves_up_to_the_movement_speed_and_not_a_metre_more() -> None:
    """Shift Actions: movement; 5 m (the default movement) is the edge, 6 m is past it."""
    game = started()
    refused(game, act("shift", "pikachu", to=[1, 6]), "ptu.shift.movement", 227)
    allowed(game, act("shift", "pikachu", to=[1, 5]))
    assert game.view()["combatants"]["pikachu"]["position"] == [1, 5]


def test_a_trainer_hands_a_small_item_on_hand_to_an_adjacent_ally_with_the_shift() -> None:
    """Shift Actions: handing a small item to another Trainer who is adjacent."""
    game = started()
    pass_until(game, "ash")
    allowed(game, act("shift", "ash", give={"item": "potion", "to": "misty"}))
    view = game.view()["combatants"]
    assert view["misty"]["in_hand"] == {"potion": 1}
    assert view["ash"]["in_hand"].get("potion", 0) == 0
    assert budget(game, "ash")["shift"] == 0


def test_the_hand_over_counts_if_the_ally_is_adjacent_at_the_start_only() -> None:
    """Shift Actions: adjacent at the beginning of the shift is enough, even moving away
    (READINGS: the hand-over rides on a Shift that may also move)."""
    game = started()
    pass_until(game, "ash")
    allowed(game, act("shift", "ash", to=[0, -4], give={"item": "potion", "to": "misty"}))
    assert game.view()["combatants"]["ash"]["position"] == [0, -4]


def test_the_hand_over_counts_if_the_ally_is_adjacent_at_the_end_only() -> None:
    """Shift Actions: adjacent at the end of the shift is enough."""
    players = config()["players"]
    players[0]["trainer"]["position"] = [0, 5]
    game = started(players=players)
    pass_until(game, "ash")
    allowed(game, act("shift", "ash", to=[1, 2], give={"item": "potion", "to": "misty"}))


def test_the_hand_over_is_refused_when_the_ally_is_adjacent_at_neither_end() -> None:
    """Shift Actions: adjacent at neither the start nor the end of the shift: refused."""
    players = config()["players"]
    players[0]["trainer"]["position"] = [0, 5]
    game = started(players=players)
    pass_until(game, "ash")
    refused(game, act("shift", "ash", to=[0, 4], give={"item": "potion", "to": "misty"}),
            "ptu.shift.hand-item", 227)
    refused(game, act("shift", "ash", give={"item": "potion", "to": "misty"}),
            "ptu.shift.hand-item", 227)


def test_only_an_item_on_hand_is_handed_over() -> None:
    """Shift Actions: "a small item they have on hand" - not one still in the pack."""
    game = started()
    pass_until(game, "ash")
    game.play(act("shift", "ash", give={"item": "potion", "to": "misty"}))
    finish_turn(game)
    pass_until(game, "ash")
    # ash's potion on hand is gone; two remain in the pack.
    refused(game, act("shift", "ash", give={"item": "potion", "to": "misty"}),
            "ptu.item.in-hand", 227)


def test_items_are_handed_to_trainers_by_trainers() -> None:
    """Shift Actions: Trainers hand items to other Trainers; a Pokémon neither hands nor
    (here) receives."""
    game = started()
    refused(game, act("shift", "pikachu", give={"item": "potion", "to": "ash"}),
            "ptu.action.who", 227)
    pass_until(game, "ash")
    refused(game, act("shift", "ash", give={"item": "potion", "to": "pikachu"}),
            "ptu.shift.hand-item", 227)


def test_items_are_handed_to_allies_not_to_a_foe_trainer() -> None:
    """Shift Actions: the hand-over is to an ally; an adjacent Trainer of another side is
    refused."""
    players = config()["players"]
    players.append({"name": "gary", "side": "rivals",
                    "trainer": {"id": "gary", "speed": 9, "position": [1, 1]}})
    game = started(players=players)
    pass_until(game, "ash")
    refused(game, act("shift", "ash", give={"item": "potion", "to": "gary"}),
            "ptu.shift.hand-item", 227)
    allowed(game, act("shift", "ash", give={"item": "potion", "to": "misty"}))


def test_after_moving_the_traded_shift_still_hands_an_item_over_without_moving() -> None:
    """Shift Actions / Standard Actions: the Shift bought with the Standard cannot move
    after the regular one moved, but it can carry a hand-over (a Shift effect)."""
    game = started()
    pass_until(game, "ash")
    game.play(act("shift", "ash", to=[1, 1]))
    game.play(act("trade_standard", "ash", **{"for": "shift"}))
    refused(game, act("shift", "ash", to=[1, 2], give={"item": "potion", "to": "misty"}),
            "ptu.shift.one-movement", 227)
    allowed(game, act("shift", "ash", give={"item": "potion", "to": "misty"}))
    assert game.view()["combatants"]["misty"]["in_hand"] == {"potion": 1}


def test_no_hand_over_once_the_shift_is_spent() -> None:
    """Shift Actions: the hand-over is part of a Shift; no Shift left, no hand-over."""
    game = started()
    pass_until(game, "ash")
    game.play(act("shift", "ash", to=[0, -1]))
    refused(game, act("shift", "ash", give={"item": "potion", "to": "misty"}),
            "ptu.action.shift", 227)


def test_a_trainer_recalls_with_the_shift_and_needs_another_shift_to_send_out() -> None:
    """Shift Actions: returning a Pokémon, or sending one out, is the Trainer's Shift."""
    game = started()
    pass_until(game, "ash")
    allowed(game, act("recall", "ash", pokemon="pikachu"))
    assert budget(game, "ash") == {"standard": 1, "shift": 0, "swift": 1}
    refused(game, act("release", "ash", pokemon="bulbasaur", at=[1, 0]), "ptu.action.shift",
            227)
    game.play(act("trade_standard", "ash", **{"for": "shift"}))
    allowed(game, act("release", "ash", pokemon="bulbasaur", at=[1, 0]))
    assert game.view()["combatants"]["bulbasaur"]["on_field"] is True


def test_replacing_a_fainted_pokemon_takes_only_the_shift() -> None:
    """Shift Actions: returning a fainted Pokémon and sending out a replacement, one Shift."""
    game = started()
    pass_until(game, "ash")
    game.play(act("damage", "gm", target="pikachu", amount=50))
    assert game.view()["combatants"]["pikachu"]["fainted"] is True
    allowed(game, act("replace_fainted", "ash", recall="pikachu", release="bulbasaur"))
    assert budget(game, "ash") == {"standard": 1, "shift": 0, "swift": 1}
    assert game.view()["combatants"]["bulbasaur"]["on_field"] is True


def test_the_fainted_replacement_is_only_for_a_fainted_pokemon() -> None:
    """Shift Actions: the one-Shift replacement needs a fainted Pokémon."""
    game = started()
    pass_until(game, "ash")
    refused(game, act("replace_fainted", "ash", recall="pikachu", release="bulbasaur"),
            "ptu.switch.fainted", 229)


# --------------------------------------------------------------------------- Swift Action
# p. 228: exactly one Swift a round, only on one's own turn (READINGS: the Standard traded for
# a Swift wins over "exactly one").


def test_a_swift_action_off_ones_turn_is_refused() -> None:
    """Swift Action: only on one's own turn, even with the Swift unspent."""
    game = started()
    game.play(act("use_move", "pikachu", move="Tackle", target="rattata"),
              dice=ForcedDice([15]))
    assert budget(game, "rattata")["swift"] == 1
    refused(game, act("swift_action", "rattata", what="a swift feature"),
            "ptu.swift.own-turn-only", 228)
    allowed(game, act("swift_action", "pikachu", what="a swift feature"))


def test_a_swift_move_off_ones_turn_is_refused_and_on_it_takes_the_swift() -> None:
    """Swift Action: a Move whose action type is Swift follows the same limit."""
    game = started()
    game.play(act("shift", "pikachu", to=[1, 1]))
    allowed(game, act("use_move", "pikachu", move="Quick Step"))
    assert budget(game, "pikachu") == {"standard": 1, "shift": 0, "swift": 0}
    refused(game, act("use_move", "pikachu", move="Quick Step"), "ptu.action.swift", 228)
    finish_turn(game)
    refused(game, act("use_move", "pikachu", move="Quick Step"), "ptu.swift.own-turn-only",
            228)
    refusal = game.check(act("use_move", "pikachu", move="Quick Step"))
    assert refusal is not None and "rattata's turn" in refusal.reason


def test_one_swift_a_round_also_across_a_held_turn() -> None:
    """Swift Action: one a *round*; holding the rest of the turn does not bring a second."""
    game = started()
    pass_until(game, "ash")
    game.play(act("swift_action", "ash", what="a swift feature"))
    allowed(game, act("hold", "ash", count=5))
    pass_until(game, "ash")
    assert game.view()["round"] == 1
    refused(game, act("swift_action", "ash", what="again"), "ptu.action.swift", 228)
    allowed(game, act("standard_action", "ash", what="the Standard still waits"))


# --------------------------------------------------------------------------- Extended Action
# p. 228: a few minutes of work; never in the middle of combat (READINGS: 2 minutes outside).


def test_an_extended_action_is_refused_in_combat() -> None:
    """Extended Action: cannot be performed in the middle of combat."""
    game = started()
    refused(game, act("extended_action", "pikachu", what="patch up a wound", minutes=5),
            "ptu.action.extended-not-in-combat", 228)
    refused(game, act("use_move", "pikachu", move="Long Rite"),
            "ptu.action.extended-not-in-combat", 228)


def test_an_extended_action_after_combat_takes_minutes() -> None:
    """Extended Action: at least a few minutes; unspecified means the default 2 (READINGS)."""
    game = started()
    game.play(act("end_combat", "gm"))
    allowed(game, act("extended_action", "pikachu", what="patch up a wound"))
    assert game.view()["minutes_elapsed"] == 2
    allowed(game, act("extended_action", "ash", what="study a map", minutes=10))
    assert game.view()["minutes_elapsed"] == 12


def test_an_extended_action_takes_at_least_a_minute() -> None:
    """Extended Action: it takes time - a length of 0 or less minutes is bad input, 1 is the
    shortest accepted (the clock never stands still or runs back)."""
    game = started()
    game.play(act("end_combat", "gm"))
    for minutes in (0, -5):
        with pytest.raises(BadActionError, match="minutes"):
            game.check(act("extended_action", "ash", what="a quick look", minutes=minutes))
    allowed(game, act("extended_action", "ash", what="a quick look", minutes=1))
    assert game.view()["minutes_elapsed"] == 1


def test_an_extended_action_between_turns_is_still_in_combat() -> None:
    """Extended Action: "in the middle of combat" includes the moments between turns."""
    game = started()
    finish_turn(game)
    refused(game, act("extended_action", "ash", what="patch up a wound"),
            "ptu.action.extended-not-in-combat", 228)


# --------------------------------------------------------------------------- Full Action
# p. 228: a Full action takes the Standard and the Shift; Take a Breather, Coup de Grâce and
# Intercept are Full actions.


def test_take_a_breather_takes_the_standard_and_the_shift_and_leaves_the_swift() -> None:
    """Full Action: both actions go; the Swift is not part of it."""
    game = started()
    allowed(game, act("take_a_breather", "pikachu"))
    assert budget(game, "pikachu") == {"standard": 0, "shift": 0, "swift": 1}
    allowed(game, act("swift_action", "pikachu", what="a swift feature"))


def test_a_full_action_is_refused_once_the_standard_is_spent() -> None:
    """Full Action: it needs the Standard; the refusal names the spent Standard, the Full
    rule behind it."""
    game = started()
    game.play(act("use_move", "pikachu", move="Tackle", target="rattata"),
              dice=ForcedDice([15]))
    refused(game, act("take_a_breather", "pikachu"), "ptu.action.standard", 227)
    refusal = game.check(act("take_a_breather", "pikachu"))
    assert refusal is not None and "ptu.action.full" in refusal.also


def test_a_full_action_is_refused_once_the_shift_is_spent() -> None:
    """Full Action: it needs the Shift as well."""
    game = started()
    game.play(act("shift", "pikachu", to=[1, 1]))
    refused(game, act("take_a_breather", "pikachu"), "ptu.action.shift", 227)
    refusal = game.check(act("take_a_breather", "pikachu"))
    assert refusal is not None and "ptu.action.full" in refusal.also


def test_a_full_feature_takes_the_standard_and_the_shift() -> None:
    """Full Action: "Some Features are Full Actions" - the named Full action takes both."""
    game = started()
    allowed(game, act("full_action", "pikachu", what="a Full feature"))
    assert budget(game, "pikachu") == {"standard": 0, "shift": 0, "swift": 1}


def test_a_full_action_is_refused_once_both_are_spent() -> None:
    """Full Action: with both gone the Full action's own rule is the one broken."""
    game = started()
    game.play(act("shift", "pikachu", to=[1, 1]))
    game.play(act("standard_action", "pikachu", what="a feature"))
    refused(game, act("full_action", "pikachu", what="a Full feature"), "ptu.action.full",
            228)


def test_a_traded_shift_does_not_pay_for_a_full_action() -> None:
    """Full Action: the Standard given up for a Shift is gone, so no Full action follows."""
    game = started()
    game.play(act("trade_standard", "pikachu", **{"for": "shift"}))
    refused(game, act("take_a_breather", "pikachu"), "ptu.action.standard", 227)


def test_a_full_action_move_takes_both() -> None:
    """Full Action: a Move of the Full action type takes the Standard and the Shift."""
    game = started()
    allowed(game, act("use_move", "pikachu", move="Heavy Slam Test", target="rattata"),
            dice=[15])
    assert budget(game, "pikachu") == {"standard": 0, "shift": 0, "swift": 1}
    other = started()
    other.play(act("shift", "pikachu", to=[1, 1]))
    refused(other, act("use_move", "pikachu", move="Heavy Slam Test", target="rattata"),
            "ptu.action.shift", 227)


def test_coup_de_grace_is_a_full_action_on_a_fainted_target_only() -> None:
    """Full Action: Coup de Grâce (p. 251) - Full, and only on the fainted or helpless."""
    game = started()
    refused(game, act("coup_de_grace", "pikachu", target="rattata"), "ptu.coup.target", 251)
    game.play(act("damage", "gm", target="rattata", amount=50))
    allowed(game, act("coup_de_grace", "pikachu", target="rattata"), dice=[15, 4])
    assert budget(game, "pikachu") == {"standard": 0, "shift": 0, "swift": 1}


# --------------------------------------------------------------------------- Priority
# p. 228: declared between turns by one that has not acted this round (READINGS: "this turn"
# read as this round); the user takes its whole turn at once, ignoring initiative, and that is
# its turn for the round; never declared during someone else's turn.


def test_priority_between_turns_takes_the_whole_turn_ahead_of_initiative() -> None:
    """Priority: before faster pikachu begins, rattata declares Quick Attack and takes its
    full turn now - the Move, then its Shift too."""
    game = started()
    assert game.whose_turn() == "pikachu"
    allowed(game, act("use_move", "rattata", move="Quick Attack", target="pikachu"),
            dice=[15])
    assert game.whose_turn() == "rattata"
    allowed(game, act("shift", "rattata", to=[3, 0]))
    allowed(game, act("swift_action", "rattata", what="its Swift, on its own turn"))
    finish_turn(game)
    assert game.whose_turn() == "pikachu"


def test_the_priority_turn_is_the_users_turn_for_the_round() -> None:
    """Priority: it counts as the turn of the round - at its own count it is passed over."""
    game = started()
    game.play(act("use_move", "rattata", move="Quick Attack", target="pikachu"),
              dice=ForcedDice([15]))
    finish_turn(game)  # rattata's Priority turn
    finish_turn(game)  # pikachu
    assert game.whose_turn() == "spearow"
    assert game.view()["round"] == 1


def test_priority_is_refused_after_the_user_has_acted_this_round() -> None:
    """Priority: only for a user that has not already acted (this round)."""
    game = started()
    finish_turn(game)  # pikachu
    game.play(act("shift", "rattata", to=[3, 0]))
    finish_turn(game)  # rattata acted on its own count
    assert game.whose_turn() == "spearow"
    refused(game, act("use_move", "rattata", move="Quick Attack", target="spearow"),
            "ptu.priority.not-acted", 228)


def test_priority_is_refused_in_the_middle_of_someone_elses_turn() -> None:
    """Priority: it may not be declared during another's turn; between turns it may."""
    game = started()
    game.play(act("shift", "pikachu", to=[1, 1]))  # pikachu's turn is under way
    refused(game, act("use_move", "rattata", move="Quick Attack", target="pikachu"),
            "ptu.priority.between-turns", 228)
    finish_turn(game)


def test_priority_between_two_later_turns_jumps_the_queue() -> None:
    """Priority: declared between any two turns, ignoring initiative - slower spearow goes
    after pikachu's turn, before rattata's count."""
    wild = config()["wild"]
    wild[1]["moves"] = ["Scratch", "Quick Attack"]
    game = started(wild=wild)
    game.play(act("shift", "pikachu", to=[1, 1]))
    finish_turn(game)
    assert game.whose_turn() == "rattata"
    allowed(game, act("use_move", "spearow", move="Quick Attack", target="pikachu"),
            dice=[15])
    assert game.whose_turn() == "spearow"
    finish_turn(game)
    assert game.whose_turn() == "rattata"
    finish_turn(game)
    assert game.whose_turn() == "ash"  # spearow's count is passed over


def swift_priority_game() -> Game[Any]:
    """rattata knows Swift-action moves with each Priority keyword."""
    swift = [{"name": f"Swift {name}", "type": "Normal", "frequency": "At-Will",
              "action": "swift", "keywords": [keyword], "range": "self"}
             for name, keyword in (("Dash", "Priority"), ("Limited", "Priority (Limited)"),
                                   ("Advanced", "Priority (Advanced)"))]
    wild = config()["wild"]
    wild[0]["moves"] = ["Tackle", "Swift Dash", "Swift Limited", "Swift Advanced"]
    return started(moves=[*EXTRA_MOVES, *swift], wild=wild)


@pytest.mark.parametrize("move", ["Swift Dash", "Swift Advanced"])
def test_a_swift_priority_move_starts_the_users_own_turn(move: str) -> None:
    """Priority / Swift Action: a Priority move gives the user its full turn at once, so a
    Swift one is used on the user's own turn and takes its Swift (was refused as off-turn)."""
    game = swift_priority_game()
    allowed(game, act("use_move", "rattata", move=move))
    assert game.whose_turn() == "rattata"
    assert budget(game, "rattata") == {"standard": 1, "shift": 1, "swift": 0}
    refused(game, act("swift_action", "rattata", what="a second Swift"), "ptu.action.swift",
            228)
    allowed(game, act("use_move", "rattata", move="Tackle", target="pikachu"), dice=[15])


def test_a_swift_priority_limited_move_stays_off_turn() -> None:
    """Priority (Limited) / Swift Action: the Limited action comes before the user's turn
    begins, so a Swift one is refused as off-turn (the engine's reading; see the report)."""
    game = swift_priority_game()
    refused(game, act("use_move", "rattata", move="Swift Limited"), "ptu.swift.own-turn-only",
            228)
    refusal = game.check(act("use_move", "rattata", move="Swift Limited"))
    assert refusal is not None and "Priority (Limited)" in refusal.reason


def test_priority_advanced_after_acting_gives_a_full_turn_now_and_forfeits_the_next() -> None:
    """Priority (Advanced): no "not acted yet" condition; after acting, the user takes the
    turn now and gives up its turn of the following round."""
    game = started()
    finish_turn(game)  # pikachu
    game.play(act("shift", "rattata", to=[3, 0]))
    finish_turn(game)  # rattata acted
    assert game.whose_turn() == "spearow"
    allowed(game, act("use_move", "rattata", move="Sneak Strike", target="spearow"),
            dice=[15])
    assert game.whose_turn() == "rattata"
    allowed(game, act("shift", "rattata", to=[4, 0]))  # a full turn, not only the move
    finish_turn(game)
    assert game.view()["combatants"]["rattata"]["forfeit_next"]
    pass_until(game, "pikachu")
    assert game.view()["round"] == 2
    finish_turn(game)  # pikachu, round 2: rattata's count is passed over
    assert game.whose_turn() == "spearow"


def test_a_priority_move_on_ones_own_turn_is_an_ordinary_standard_move() -> None:
    """Priority: the keyword lets the user act early; on its own count the move is simply
    used with the Standard."""
    game = started()
    allowed(game, act("use_move", "pikachu", move="Quick Attack", target="rattata"),
            dice=[15])
    assert budget(game, "pikachu") == {"standard": 0, "shift": 1, "swift": 1}
    assert game.whose_turn() == "pikachu"


def test_an_interrupt_after_a_borrowed_turn_is_refused() -> None:
    """Priority (Advanced) / Interrupt: next round's turn, once given up for a Priority
    (Advanced) action, cannot pay for an Interrupt as well."""
    game = started()
    finish_turn(game)  # pikachu
    game.play(act("use_move", "rattata", move="Tackle", target="pikachu"),
              dice=ForcedDice([15]))
    finish_turn(game)
    game.play(act("use_move", "rattata", move="Sneak Strike", target="pikachu"),
              dice=ForcedDice([15]))
    finish_turn(game)  # rattata's borrowed turn
    finish_turn(game)  # spearow
    game.play(act("shift", "ash", to=[1, 1]))
    game.play(act("struggle", "ash", target="rattata"), dice=ForcedDice([15]))
    refused(game, act("use_move", "rattata", move="Detect",
                      trigger=attacked_trigger(game, "rattata")),
            "ptu.priority.advanced", 228)


def test_in_the_round_given_up_no_priority_turn_and_the_round_after_is_normal() -> None:
    """Priority (Advanced): the following round's turn is given up - there, a plain or a
    Limited Priority (which need an unused turn) is refused by the rule that took it; the
    round after, the user acts at its count again."""
    game = started()
    finish_turn(game)
    finish_turn(game)  # rattata
    game.play(act("use_move", "rattata", move="Sneak Strike", target="pikachu"),
              dice=ForcedDice([15]))
    finish_turn(game)
    finish_turn(game)  # pikachu, round 1 ... now round 2 begins
    pass_until(game, "pikachu")
    assert game.view()["round"] == 2
    refused(game, act("use_move", "rattata", move="Quick Attack", target="pikachu"),
            "ptu.priority.advanced", 228)
    refused(game, act("use_move", "rattata", move="Focus Punch", target="pikachu"),
            "ptu.priority.advanced", 228)
    finish_turn(game)
    assert game.whose_turn() == "spearow"
    pass_until(game, "pikachu")
    assert game.view()["round"] == 3
    finish_turn(game)
    assert game.whose_turn() == "rattata"


def test_priority_advanced_cannot_borrow_the_next_turn_twice() -> None:
    """Priority (Advanced) (READINGS): the following round's turn is given only once."""
    game = started()
    finish_turn(game)
    finish_turn(game)  # rattata
    game.play(act("use_move", "rattata", move="Sneak Strike", target="spearow"),
              dice=ForcedDice([15]))
    finish_turn(game)
    refused(game, act("use_move", "rattata", move="Sneak Strike", target="spearow"),
            "ptu.priority.advanced", 228)


def test_priority_advanced_before_acting_keeps_next_rounds_turn() -> None:
    """Priority (Advanced): the forfeit only follows "if they have" acted."""
    game = started()
    allowed(game, act("use_move", "rattata", move="Sneak Strike", target="pikachu"),
            dice=[15])
    finish_turn(game)
    assert not game.view()["combatants"]["rattata"]["forfeit_next"]
    finish_turn(game)  # pikachu, round 1
    pass_until(game, "pikachu")
    assert game.view()["round"] == 2
    finish_turn(game)
    assert game.whose_turn() == "rattata"


def test_priority_limited_takes_only_its_action_now() -> None:
    """Priority (Limited): the Priority action itself, not the full turn (Focus Punch)."""
    game = started()
    allowed(game, act("use_move", "rattata", move="Focus Punch", target="pikachu"),
            dice=[15])
    assert budget(game, "rattata")["standard"] == 0
    refused(game, act("shift", "rattata", to=[3, 0]), "ptu.priority.limited", 228)
    assert game.whose_turn() == "pikachu"


def test_priority_limited_leaves_the_rest_of_the_turn_at_its_own_count() -> None:
    """Priority (Limited): the rest of the turn comes on the user's own initiative count."""
    game = started()
    game.play(act("use_move", "rattata", move="Focus Punch", target="pikachu"),
              dice=ForcedDice([15]))
    finish_turn(game)  # pikachu
    assert game.whose_turn() == "rattata"
    allowed(game, act("shift", "rattata", to=[3, 0]))
    refused(game, act("use_move", "rattata", move="Tackle", target="spearow"),
            "ptu.action.standard", 227)


def test_priority_limited_needs_a_user_that_has_not_acted() -> None:
    """Priority (Limited) is "like Priority": not for a user that has acted this round."""
    game = started()
    finish_turn(game)
    game.play(act("shift", "rattata", to=[3, 1]))
    finish_turn(game)
    refused(game, act("use_move", "rattata", move="Focus Punch", target="spearow"),
            "ptu.priority.not-acted", 228)


def test_an_order_is_priority_limited_and_uses_only_the_standard() -> None:
    """Priority (Limited): the text's example, an Order - only the Trainer's Standard now."""
    game = started()
    allowed(game, act("order", "ash", what="focus on the rat", target="pikachu"))
    assert budget(game, "ash") == {"standard": 0, "shift": 1, "swift": 1}
    assert game.whose_turn() == "pikachu"
    refused(game, act("shift", "ash", to=[0, -1]), "ptu.priority.limited", 228)
    pass_until(game, "ash")
    allowed(game, act("shift", "ash", to=[0, -1]))
    refused(game, act("standard_action", "ash", what="another"), "ptu.action.standard", 227)


def test_an_order_out_of_turn_follows_the_priority_limits() -> None:
    """Priority (Limited): an Order, like any Priority action, is declared between turns
    and only by a Trainer that has not acted this round."""
    game = started()
    game.play(act("shift", "pikachu", to=[1, 1]))
    refused(game, act("order", "ash", what="hold on", target="pikachu"),
            "ptu.priority.between-turns", 228)
    pass_until(game, "ash")
    game.play(act("shift", "ash", to=[0, -1]))
    finish_turn(game)
    assert game.whose_turn() == "misty"
    refused(game, act("order", "ash", what="hold on", target="pikachu"),
            "ptu.priority.not-acted", 228)


# --------------------------------------------------------------------------- Interrupt
# p. 228: declared in the middle of another combatant's turn; only the Interrupt action, never
# a full turn (READINGS: before acting, paid from this round's budget with the rest of the
# turn on its count; after acting, next round's turn is given up).


def test_an_interrupt_in_the_middle_of_anothers_turn_is_allowed() -> None:
    """Interrupt: rattata Detects pikachu's Tackle during pikachu's turn."""
    game = started()
    game.play(act("use_move", "pikachu", move="Tackle", target="rattata"),
              dice=ForcedDice([15]))
    allowed(game, act("use_move", "rattata", move="Detect",
                      trigger=attacked_trigger(game, "rattata")))
    assert game.whose_turn() == "pikachu"


def test_an_interrupt_answers_the_middle_of_a_priority_turn_too() -> None:
    """Interrupt: a Priority turn is "another combatant's turn" - pikachu, not yet acted,
    Protects against rattata's Quick Attack, paid from this round's actions."""
    game = started()
    game.play(act("use_move", "rattata", move="Quick Attack", target="pikachu"),
              dice=ForcedDice([15]))
    allowed(game, act("use_move", "pikachu", move="Protect",
                      trigger=attacked_trigger(game, "pikachu")))
    assert game.whose_turn() == "rattata"
    assert budget(game, "pikachu") == {"standard": 0, "shift": 1, "swift": 1}
    finish_turn(game)
    assert game.whose_turn() == "pikachu"
    allowed(game, act("shift", "pikachu", to=[1, 1]))


def test_an_interrupt_gives_only_its_own_action_not_a_turn() -> None:
    """Interrupt: no full turn - after its Detect rattata may not also move now."""
    game = started()
    game.play(act("use_move", "pikachu", move="Tackle", target="rattata"),
              dice=ForcedDice([15]))
    game.play(act("use_move", "rattata", move="Detect",
                  trigger=attacked_trigger(game, "rattata")))
    refusal = game.check(act("shift", "rattata", to=[3, 0]))
    assert refusal is not None, "an Interrupt gave rattata a full turn"
    assert refusal.rule == "ptu.initiative.order", refusal


def test_an_interrupt_before_acting_is_paid_from_this_rounds_actions() -> None:
    """Interrupt (READINGS): not acted yet - its cost comes out of this round's actions and
    the rest of the turn waits for the user's own count."""
    game = started()
    game.play(act("use_move", "pikachu", move="Tackle", target="rattata"),
              dice=ForcedDice([15]))
    game.play(act("use_move", "rattata", move="Detect",
                  trigger=attacked_trigger(game, "rattata")))
    assert budget(game, "rattata") == {"standard": 0, "shift": 1, "swift": 1}
    assert not game.view()["combatants"]["rattata"]["forfeit_next"]
    finish_turn(game)
    assert game.whose_turn() == "rattata"
    allowed(game, act("shift", "rattata", to=[3, 0]))
    refused(game, act("use_move", "rattata", move="Tackle", target="spearow"),
            "ptu.action.standard", 227)


def test_an_interrupt_after_acting_gives_up_next_rounds_turn() -> None:
    """Interrupt (READINGS): like Priority (Advanced) - having acted, the user forfeits its
    next round's turn."""
    game = started()
    finish_turn(game)  # pikachu acted (its turn is over)
    game.play(act("use_move", "rattata", move="Tackle", target="pikachu"),
              dice=ForcedDice([15]))
    allowed(game, act("use_move", "pikachu", move="Protect",
                      trigger=attacked_trigger(game, "pikachu")))
    assert game.view()["combatants"]["pikachu"]["forfeit_next"]
    pass_until(game, "ash")
    finish_turn(game)
    finish_turn(game)  # misty: the round ends
    assert game.view()["round"] == 2
    assert game.whose_turn() == "rattata"  # pikachu's count is passed over


def test_an_interrupt_on_ones_own_turn_is_refused() -> None:
    """Interrupt: it answers *another* combatant's turn."""
    game = started()
    finish_turn(game)
    game.play(act("use_move", "rattata", move="Tackle", target="pikachu"),
              dice=ForcedDice([15]))
    trigger = attacked_trigger(game, "pikachu")
    refused(game, act("use_move", "rattata", move="Detect", trigger=trigger),
            "ptu.interrupt.during-turn", 228)
    refusal = game.check(act("use_move", "rattata", move="Detect", trigger=trigger))
    assert refusal is not None and "own turn" in refusal.reason


def test_an_interrupt_between_turns_is_refused() -> None:
    """Interrupt: "in the middle of" a turn, so not between turns."""
    game = started()
    game.play(act("use_move", "pikachu", move="Tackle", target="rattata"),
              dice=ForcedDice([15]))
    trigger = attacked_trigger(game, "rattata")
    finish_turn(game)
    refused(game, act("use_move", "rattata", move="Detect", trigger=trigger),
            "ptu.interrupt.during-turn", 228)
    refusal = game.check(act("use_move", "rattata", move="Detect", trigger=trigger))
    assert refusal is not None and "between turns" in refusal.reason


def test_a_second_interrupt_before_acting_is_refused_by_the_spent_standard() -> None:
    """Interrupt (READINGS): this round's Standard paid the first; a second Standard
    Interrupt that round is refused, not charged to next round."""
    wild = config()["wild"]
    wild[0]["moves"] = ["Tackle", "Detect", "Protect"]
    game = started(wild=wild)
    game.play(act("use_move", "pikachu", move="Tackle", target="rattata"),
              dice=ForcedDice([15]))
    trigger = attacked_trigger(game, "rattata")
    game.play(act("use_move", "rattata", move="Detect", trigger=trigger))
    refused(game, act("use_move", "rattata", move="Protect", trigger=trigger),
            "ptu.action.standard", 227)
    refusal = game.check(act("use_move", "rattata", move="Protect", trigger=trigger))
    assert refusal is not None and "ptu.interrupt.turn-cost" in refusal.also
    assert not game.view()["combatants"]["rattata"]["forfeit_next"]


def test_with_next_round_accounting_a_pokemons_interrupt_always_costs_next_round() -> None:
    """Interrupt, setting ``interrupt_accounting: next_round`` (the p. 229 note): a Pokémon's
    Interrupt gives up its next round's turn even before it acted."""
    game = started(settings={"hit_damage": "gm", "interrupt_accounting": "next_round"})
    game.play(act("use_move", "pikachu", move="Tackle", target="rattata"),
              dice=ForcedDice([15]))
    allowed(game, act("use_move", "rattata", move="Detect",
                      trigger=attacked_trigger(game, "rattata")))
    rattata = game.view()["combatants"]["rattata"]
    assert rattata["forfeit_next"]
    assert rattata["budget"] == {"standard": 1, "shift": 1, "swift": 1}


def test_next_round_accounting_leaves_a_trainers_interrupt_on_this_rounds_actions() -> None:
    """Interrupt, setting ``interrupt_accounting: next_round``: the p. 229 note is about
    Pokémon; a Trainer that has not acted still pays an Intercept from this round."""
    players = config()["players"]
    players[0]["trainer"]["position"] = [3, 1]
    players[1]["trainer"]["position"] = [3, 0]
    game = started(settings={"hit_damage": "gm", "interrupt_accounting": "next_round"},
                   players=players)
    finish_turn(game)  # pikachu
    game.play(act("use_move", "rattata", move="Tackle", target="misty"),
              dice=ForcedDice([15]))
    allowed(game, act("intercept", "ash", mode="melee",
                      trigger=attacked_trigger(game, "misty")))
    ash = game.view()["combatants"]["ash"]
    assert ash["budget"] == {"standard": 0, "shift": 0, "swift": 1}
    assert not ash["forfeit_next"]


def intercept_game() -> Game[Any]:
    """rattata 15 attacks first; pikachu (14, not yet acted) guards its Trainer ash."""
    players = config()["players"]
    players[0]["pokemon"][0]["speed"] = 14
    players[0]["trainer"]["position"] = [1, 1]
    game = started(players=players)
    assert game.whose_turn() == "rattata"
    game.play(act("use_move", "rattata", move="Tackle", target="ash"), dice=ForcedDice([15]))
    return game


def test_an_intercept_is_a_full_action_paid_before_acting_with_the_swift_left() -> None:
    """Full Action / Interrupt: Intercept (p. 242) takes the Standard and the Shift; before
    pikachu acts they come from this round's budget, the Swift stays (READINGS)."""
    game = intercept_game()
    allowed(game, act("intercept", "pikachu", mode="melee",
                      trigger=attacked_trigger(game, "ash")))
    assert budget(game, "pikachu") == {"standard": 0, "shift": 0, "swift": 1}
    assert game.whose_turn() == "rattata"
    finish_turn(game)
    assert game.whose_turn() == "pikachu"
    refused(game, act("shift", "pikachu", to=[1, -1]), "ptu.action.shift", 227)
    allowed(game, act("swift_action", "pikachu", what="the Swift it kept"))


def test_an_intercept_after_acting_gives_up_next_rounds_turn() -> None:
    """Interrupt (READINGS): an Intercept by one that has acted costs next round's turn."""
    players = config()["players"]
    players[0]["trainer"]["position"] = [1, 1]
    game = started(players=players)
    finish_turn(game)  # pikachu (20) acted first
    game.play(act("use_move", "rattata", move="Tackle", target="ash"), dice=ForcedDice([15]))
    allowed(game, act("intercept", "pikachu", mode="melee",
                      trigger=attacked_trigger(game, "ash")))
    assert game.view()["combatants"]["pikachu"]["forfeit_next"]


def test_an_intercept_on_ones_own_turn_or_between_turns_is_refused() -> None:
    """Interrupt: Intercept is an Interrupt, so only mid-turn of someone else."""
    game = intercept_game()
    trigger = attacked_trigger(game, "ash")
    finish_turn(game)
    refused(game, act("intercept", "pikachu", mode="melee", trigger=trigger),
            "ptu.interrupt.during-turn", 228)

