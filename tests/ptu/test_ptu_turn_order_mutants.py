"""Timed effects and leaving the clock in ptu's turn order (rulesets/ptu/turn_order.py), for
mutation testing (issue 13, docs/mutation.md): each effect keeps its own id, a status given by
two effects lasts until the later one ends (and only its own holder's effects count), and a
combatant who is not on the clock can leave the fight. PTU 1.05 Core p. 227, 246-248."""

from __future__ import annotations

from tests.ptu.test_ptu_timing import duel
from turnkeeper.core.model import Action
from turnkeeper.dice.source import ForcedDice

# duel(): order pikachu 20, rattata 15, spearow 12, ash 10; eevee (ash's) waits in reserve.
ROUND = ("pikachu", "rattata", "spearow", "ash")


def slowed(target: str, rounds: int) -> Action:
    return Action("add_effect", "gm", {"target": target, "name": f"Mud ({rounds})",
                                       "rounds": rounds, "status": "slowed"})


def test_each_timed_effect_keeps_its_own_id() -> None:
    game = duel()
    game.play(slowed("spearow", 1))
    game.play(Action("add_effect", "gm", {"target": "rattata", "name": "Leer"}))
    assert [(e.id, e.holder, e.data) for e in game.state.effects] == [
        ("e1", "spearow", {"status": "slowed"}), ("e2", "rattata", {}),
    ]
    assert game.state.effect_count == 2


def test_a_status_given_twice_lasts_until_the_later_effect_ends() -> None:
    game = duel()
    game.play(slowed("spearow", 1))
    game.play(slowed("spearow", 2))
    for actor in ROUND:
        game.play(Action("end_turn", actor))
    # Round 2 at pikachu's count: the one-round effect is over, the other still gives Slowed.
    assert [e.name for e in game.state.effects] == ["Mud (2)"]
    assert game.state.combatants["spearow"].statuses == ["slowed"]
    for actor in ROUND:
        game.play(Action("end_turn", actor))
    assert game.state.effects == []
    assert game.state.combatants["spearow"].statuses == []


def test_another_combatants_effect_does_not_keep_a_status() -> None:
    game = duel()
    game.play(slowed("spearow", 1))
    game.play(slowed("rattata", 2))
    for actor in ROUND:
        game.play(Action("end_turn", actor))
    assert game.state.combatants["spearow"].statuses == []
    assert game.state.combatants["rattata"].statuses == ["slowed"]


def test_a_combatant_off_the_clock_can_leave_the_fight() -> None:
    game = duel()
    assert "eevee" not in game.state.clock.counts  # in reserve: never on the clock
    game.play(Action("remove_combatant", "gm", {"target": "eevee"}))
    assert "eevee" not in game.state.combatants
    assert game.state.clock.sequence == list(ROUND)
    assert game.whose_turn() == "pikachu"


def test_a_round_given_up_in_advance_starts_with_nothing_to_spend() -> None:
    game = duel()
    game.play(Action("end_turn", "pikachu"))
    # Priority (Advanced) after acting borrows next round's turn (p. 227).
    game.play(Action("use_move", "pikachu", {"move": "Dark Lunge", "target": "rattata"}),
              dice=ForcedDice([10]))
    game.play(Action("end_turn", "pikachu"))
    for actor in ROUND[1:]:
        game.play(Action("end_turn", actor))
    pikachu = game.state.combatants["pikachu"]
    assert game.state.clock.round == 2 and pikachu.forfeit_this
    assert {slot: pikachu.budget.left(slot) for slot in ("standard", "shift", "swift")} == {
        "standard": 0, "shift": 0, "swift": 0}
    assert game.whose_turn() == "rattata"


def test_when_nobody_can_fight_on_the_clock_stops_after_three_empty_rounds() -> None:
    # An engine bound, not a rule: with every combatant fainted no round can find a turn to
    # give, so the clock gives up after three instead of counting rounds forever.
    game = duel()
    for target in ("rattata", "spearow", "ash", "eevee", "pikachu"):
        game.play(Action("damage", "gm", {"target": target, "amount": 999}))
    assert game.state.clock.round == 4
    assert game.whose_turn() is None
