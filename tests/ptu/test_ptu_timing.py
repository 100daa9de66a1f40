"""Triggers, timed effects and turn-order corner cases of ``ptu``, proven both ways."""

from __future__ import annotations

from typing import Any

import pytest

from turnkeeper.core.game import Game
from turnkeeper.core.model import Action
from turnkeeper.core.ruleset import SetupError
from turnkeeper.dice.source import ForcedDice
from turnkeeper.rulesets.ptu import RULESET


def duel(**extra: Any) -> Game[Any]:
    config: dict[str, Any] = {
        "context": "full_contact",
        "settings": {"hit_damage": "gm"},  # timing only; damage: test_ptu_fight
        "moves": [{"name": "Dark Lunge", "frequency": "At-Will", "ac": 2, "range": "melee",
                   "keywords": ["Priority (Advanced)"]}],
        "players": [{
            "name": "ash",
            "trainer": {"id": "ash", "speed": 10, "position": [0, 0]},
            "pokemon": [
                {"id": "pikachu", "speed": 20, "moves": ["Tackle", "Ember", "Dark Lunge"],
                 "active": True, "position": [1, 0]},
                {"id": "eevee", "speed": 15, "moves": ["Tackle"], "position": [0, 2]},
            ],
        }],
        "wild": [
            {"id": "rattata", "speed": 15, "moves": ["Tackle"], "position": [2, 0]},
            {"id": "spearow", "speed": 12, "moves": ["Scratch"], "position": [1, 3]},
        ],
    }
    config.update(extra)
    game = Game(RULESET, config, seed=3)
    game.play(Action("begin_combat", "gm"))
    return game


def kinds(game: Game[Any]) -> list[str]:
    return [o.trigger for o in game.state.occurrences]


def test_a_ranged_attack_at_someone_not_adjacent_provokes_adjacent_foes() -> None:
    game = duel()
    game.play(Action("use_move", "pikachu", {"move": "Ember", "target": "spearow"}),
              dice=ForcedDice([10]))
    ranged = [o for o in game.state.occurrences if o.trigger == "ranged_attack"]
    assert ranged and ranged[0].data["provokes"] == ["rattata"]
    aoo = Action("attack_of_opportunity", "rattata", {"target": "pikachu",
                                                      "trigger": ranged[0].occurrence})
    assert game.check(aoo) is None
    # Spearow was the target: it has no Attack of Opportunity from this.
    other = Action("attack_of_opportunity", "spearow", {"target": "pikachu",
                                                        "trigger": ranged[0].occurrence})
    refusal = game.check(other)
    assert refusal is not None and refusal.rule == "ptu.trigger.needs-trigger"


def test_a_ranged_attack_at_an_adjacent_foe_provokes_nothing() -> None:
    game = duel()
    game.play(Action("use_move", "pikachu", {"move": "Ember", "target": "rattata"}),
              dice=ForcedDice([10]))
    assert "ranged_attack" not in kinds(game)


def test_a_maneuver_on_someone_else_provokes_and_manipulate_does_not() -> None:
    config = duel().config
    config["wild"][1]["position"] = [1, 1]  # spearow adjacent to pikachu too
    game = Game(RULESET, config, seed=3)
    game.play(Action("begin_combat", "gm"))
    game.play(Action("trip", "pikachu", {"target": "spearow"}), dice=ForcedDice([3]))
    maneuver = [o for o in game.state.occurrences if o.trigger == "maneuver"]
    assert maneuver and maneuver[0].data["provokes"] == ["rattata"]


def test_a_one_round_effect_ends_just_before_the_same_count() -> None:
    game = duel()
    game.play(Action("end_turn", "pikachu"))
    assert game.whose_turn() == "rattata"
    game.play(Action("add_effect", "gm", {"target": "spearow", "name": "Slowed by mud",
                                          "rounds": 1, "status": "slowed"}))
    assert game.state.combatants["spearow"].statuses == ["slowed"]
    for actor in ("rattata", "spearow", "ash", "pikachu"):
        game.play(Action("end_turn", actor))
    assert game.state.clock.round == 2 and game.whose_turn() == "rattata"
    assert game.state.combatants["spearow"].statuses == []
    assert game.state.effects == []


def test_an_effect_still_runs_until_that_count() -> None:
    game = duel()
    game.play(Action("end_turn", "pikachu"))
    game.play(Action("add_effect", "gm", {"target": "spearow", "name": "Slowed",
                                          "rounds": 1, "status": "slowed"}))
    for actor in ("rattata", "spearow", "ash"):
        game.play(Action("end_turn", actor))
    assert game.whose_turn() == "pikachu" and game.state.clock.round == 2
    assert game.state.combatants["spearow"].statuses == ["slowed"]


def test_a_speed_change_orders_the_next_round() -> None:
    game = duel()
    game.play(Action("set_speed", "gm", {"target": "ash", "speed": 30}))
    assert game.state.clock.sequence[0] == "pikachu"
    for actor in ("pikachu", "rattata", "spearow", "ash"):
        game.play(Action("end_turn", actor))
    assert game.state.clock.sequence[0] == "ash"


def test_priority_advanced_before_acting_is_plain_priority() -> None:
    game = duel()
    game.play(Action("end_turn", "pikachu"))
    # rattata's turn has not begun; pikachu has acted: Dark Lunge borrows next round's turn
    game.play(Action("use_move", "pikachu", {"move": "Dark Lunge", "target": "rattata"}),
              dice=ForcedDice([10]))
    assert game.whose_turn() == "pikachu"
    assert game.state.combatants["pikachu"].forfeit_next
    game.play(Action("end_turn", "pikachu"))
    assert game.whose_turn() == "rattata"


def test_priority_advanced_before_acting_keeps_next_round() -> None:
    config = duel().config
    config["wild"][0]["moves"] = ["Tackle", "Dark Lunge"]
    game = Game(RULESET, config, seed=3)
    game.play(Action("begin_combat", "gm"))
    game.play(Action("use_move", "rattata", {"move": "Dark Lunge", "target": "pikachu"}),
              dice=ForcedDice([10]))
    rattata = game.state.combatants["rattata"]
    assert game.whose_turn() == "rattata" and not rattata.forfeit_next
    game.play(Action("end_turn", "rattata"))
    game.play(Action("end_turn", "pikachu"))
    assert game.whose_turn() == "spearow"  # rattata's turn of the round was the Priority one


def test_a_trainer_fainting_while_declaring_is_passed_over() -> None:
    config = {
        "context": "league",
        "players": [
            {"name": "a", "trainer": {"id": "ta", "speed": 12},
             "pokemon": [{"id": "pa", "speed": 20, "moves": ["Tackle"], "active": True}]},
            {"name": "b", "trainer": {"id": "tb", "speed": 10},
             "pokemon": [{"id": "pb", "speed": 5, "moves": ["Tackle"], "active": True}]},
        ],
    }
    game = Game(RULESET, config, seed=1)
    game.play(Action("begin_combat", "gm"))
    assert game.whose_turn() == "tb"
    game.play(Action("declare", "tb", {"actions": []}))
    game.play(Action("damage", "gm", {"target": "ta", "amount": 99}))
    assert game.state.phase == "turns" and game.whose_turn() == "tb"


def test_ties_with_pokemon_in_their_balls_are_rolled_as_combat_begins() -> None:
    game = duel()
    rolled = next(e for e in game.log[1].events if e.type == "initiative_rolled")
    assert set(rolled.data["rolls"]) == {"eevee", "rattata"}


def test_in_an_ambush_ties_are_rolled_at_set_up() -> None:
    config = duel().config
    config["ambush"] = True
    game = Game(RULESET, config, dice=ForcedDice([2, 19]))
    rolled = next(e for e in game.log[0].events if e.type == "initiative_rolled")
    assert rolled.data["rolls"] == {"eevee": [2], "rattata": [19]}
    assert game.state.clock.tiebreak["rattata"] == [19.0]


def test_a_released_pokemon_newly_tied_in_speed_rolls_off() -> None:
    game = duel()
    game.play(Action("set_speed", "gm", {"target": "eevee", "speed": 12}))  # = spearow
    for actor in ("pikachu", "rattata", "spearow"):
        game.play(Action("end_turn", actor))
    events = game.play(Action("switch", "ash", {"recall": "pikachu", "release": "eevee"}),
                       dice=ForcedDice([3, 18]))
    released = next(e for e in events if e.type == "pokemon_released")
    assert released.data["tiebreak"] == {"eevee": [3], "spearow": [18]}
    assert game.state.clock.sequence == ["rattata", "spearow", "ash", "eevee"]
    # Its count has passed, but ash's Pokémon turn this round was pikachu's: no turn now.
    assert game.whose_turn() == "ash"
    game.play(Action("end_turn", "ash"))
    assert game.state.clock.sequence == ["rattata", "spearow", "eevee", "ash"]


def test_a_pokemon_released_before_its_count_acts_at_its_count() -> None:
    config = duel().config
    config["players"][0]["trainer"]["speed"] = 30
    config["players"][0]["pokemon"][0]["active"] = False  # pikachu stays in its ball
    game = Game(RULESET, config, seed=3)
    game.play(Action("begin_combat", "gm"))
    assert game.whose_turn() == "ash"
    game.play(Action("release", "ash", {"pokemon": "eevee", "at": [0, 1]}))
    assert game.whose_turn() == "ash"  # eevee's count (15) is still to come
    game.play(Action("end_turn", "ash"))
    assert game.whose_turn() in ("eevee", "rattata")  # tied at 15: the roll-off decides
    order = game.state.clock.sequence
    assert order.index("eevee") < order.index("spearow")
    refusal = game.check(Action("release", "ash", {"pokemon": "pikachu"}))
    assert refusal is not None and refusal.rule == "ptu.initiative.order"


# ---------------------------------------------------------------- the other readings, as settings
def test_free_actions_out_of_turn_follow_the_free_actions_setting() -> None:
    free = Action("free_action", "ash", {"what": "shout"})
    refusal = duel().check(free)
    assert refusal is not None and refusal.rule == "ptu.free.own-turn"
    assert duel(settings={"free_actions": "any_time"}).check(free) is None


def test_the_swift_trade_follows_the_swift_trade_setting() -> None:
    trade_for_swift = Action("trade_standard", "pikachu", {"for": "swift"})
    for setting, second_allowed in ((True, True), (False, False)):
        game = duel(settings={"swift_trade": setting})
        game.play(Action("swift_action", "pikachu", {"what": "one"}))
        second = Action("swift_action", "pikachu", {"what": "two"})
        refusal = game.check(second)  # never paid by the Standard without the explicit trade
        assert refusal is not None and refusal.rule == "ptu.action.swift"
        assert "trade_standard" in refusal.reason or not second_allowed
        offered = game.legal_actions("pikachu").list()
        assert (trade_for_swift in offered) is second_allowed
        refusal = game.check(trade_for_swift)
        assert (refusal is None) is second_allowed
        if second_allowed:
            game.play(trade_for_swift)
            assert game.view()["combatants"]["pikachu"]["traded"] == {"swift": 1}
            assert "swift_action" in [a.kind for a in game.legal_actions("pikachu")]
            game.play(second)
            assert game.view()["combatants"]["pikachu"]["traded"] == {}
        else:
            assert refusal is not None and refusal.rule == "ptu.action.swift"


def test_holding_after_acting_follows_the_hold_after_acting_setting() -> None:
    for allowed in (True, False):
        game = duel(settings={"hold_after_acting": allowed})
        game.play(Action("swift_action", "pikachu", {"what": "one"}))
        refusal = game.check(Action("hold", "pikachu", {"count": 5}))
        assert (refusal is None) is allowed
        assert (refusal is None) or refusal.rule == "ptu.hold.lower-count"


def test_an_interrupt_before_acting_follows_the_interrupt_accounting_setting() -> None:
    for setting, loses_next in (("this_round", False), ("next_round", True)):
        config = duel().config
        config["wild"][0]["moves"] = ["Tackle", "Detect"]
        config["settings"] = {"interrupt_accounting": setting, "hit_damage": "gm"}
        game = Game(RULESET, config, seed=3)
        game.play(Action("begin_combat", "gm"))
        game.play(Action("use_move", "pikachu", {"move": "Tackle", "target": "rattata"}),
                  dice=ForcedDice([10]))
        game.play(Action("use_move", "rattata", {"move": "Detect", "trigger": "t2"}))
        rattata = game.state.combatants["rattata"]
        assert rattata.forfeit_next is loses_next
        assert "rattata" not in game.state.clock.acted  # its turn stays on its count
        # this_round: Detect's Standard came out of this round's budget
        assert rattata.budget.left("standard") == (1 if loses_next else 0)


def test_extended_actions_take_the_configured_minutes() -> None:
    game = duel(settings={"extended_minutes": 5})
    game.play(Action("end_combat", "gm"))
    game.play(Action("extended_action", "ash", {"what": "rest"}))
    assert game.state.minutes_elapsed == 5


def test_unknown_or_bad_settings_are_named() -> None:
    with pytest.raises(SetupError, match=r"settings\.speedy: unknown field"):
        duel(settings={"speedy": True})
    with pytest.raises(SetupError, match=r"settings\.swift_trade"):
        duel(settings={"swift_trade": "no"})
    with pytest.raises(SetupError, match=r"settings\.extended_minutes"):
        duel(settings={"extended_minutes": 0})


def test_a_turn_given_up_names_the_rule_and_what_used_it() -> None:
    config = duel().config
    config["wild"][0]["moves"] = ["Tackle", "Dark Lunge"]
    game = Game(RULESET, config, seed=3)
    game.play(Action("begin_combat", "gm"))
    while game.whose_turn() != "rattata":
        game.play(Action("end_turn", game.whose_turn()))
    game.play(Action("end_turn", "rattata"))
    game.play(Action("use_move", "rattata", {"move": "Dark Lunge", "target": "pikachu"}),
              dice=ForcedDice([10]))
    rattata = game.state.combatants["rattata"]
    assert rattata.forfeit_next_cause == {"rule": "ptu.priority.advanced", "by": "Dark Lunge",
                                          "round": 1}
    while game.state.clock.round == 1:
        game.play(Action("end_turn", game.whose_turn()))
    refusal = game.check(Action("end_turn", "rattata"))
    assert refusal is not None and refusal.rule == "ptu.priority.advanced"
    assert "Dark Lunge" in refusal.reason and "round 1" in refusal.reason
    assert refusal.also == ("ptu.initiative.order",)
