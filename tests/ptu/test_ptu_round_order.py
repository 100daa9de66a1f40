"""The round's order kept between rounds (turn_order.round_order) and a combatant read back
from an event's data (state.combatant_from_dict), both made cheaper for speed (issue 16):
the order is still the kernel's ``Clock.order`` of this round's counts and tiebreaks, and a
combatant still comes back field for field, with any other key refused. Initiative: PTU 1.05
Core p. 227."""

from __future__ import annotations

import pytest

from tests.ptu.test_ptu_timing import duel
from turnkeeper.core.model import Action
from turnkeeper.rulesets.ptu.combatant import Combatant
from turnkeeper.rulesets.ptu.state import combatant_data, combatant_from_dict
from turnkeeper.rulesets.ptu.turn_order import round_order

# duel(): order pikachu 20, rattata 15, spearow 12, ash 10; eevee (ash's) waits in reserve.
ROUND = ("pikachu", "rattata", "spearow", "ash")


def end_round(game: object) -> None:
    for actor in ROUND:
        game.play(Action("end_turn", actor))  # type: ignore[attr-defined]


def test_the_same_counts_give_the_last_rounds_order_as_a_new_list() -> None:
    game = duel()
    state = game.state
    assert state.clock.sequence == list(ROUND)
    first = state.clock.sequence
    end_round(game)
    assert state.clock.round == 2
    assert state.clock.sequence == list(ROUND) == state.clock.order()
    # A list of its own each round: changing this round's order (a hold, a combatant
    # leaving) leaves the kept one, and the next round's, as they were.
    assert state.clock.sequence is not first
    state.clock.sequence.remove("spearow")
    assert round_order(state) == list(ROUND)


def test_a_changed_speed_orders_the_next_round_anew() -> None:
    game = duel()
    game.play(Action("set_speed", "gm", {"target": "spearow", "speed": 30}))
    # This round's order stays (p. 227: a change orders the next round).
    assert game.state.clock.sequence == list(ROUND)
    end_round(game)
    state = game.state
    assert state.clock.sequence == ["spearow", "pikachu", "rattata", "ash"]
    assert state.clock.sequence == state.clock.order()


def test_a_changed_tiebreak_orders_the_next_round_anew() -> None:
    game = duel()
    state = game.state
    end_round(game)
    assert state.clock.sequence == list(ROUND)
    # Same counts, then tiebreaks (higher first) that put ash, then spearow, ahead.
    state.clock.counts["ash"] = state.clock.counts["spearow"]
    state.clock.tiebreak["spearow"] = [3]
    state.clock.tiebreak["ash"] = [5]
    assert round_order(state) == ["pikachu", "rattata", "ash", "spearow"] == state.clock.order()
    state.clock.tiebreak["ash"] = [1]
    assert round_order(state) == ["pikachu", "rattata", "spearow", "ash"] == state.clock.order()


def test_a_combatant_comes_back_field_for_field() -> None:
    game = duel()
    original = game.state.combatants["pikachu"]
    original.budget.pay_exact("shift")
    original.forfeit_next_cause = {"rule": "ptu.interrupt.turn-cost", "by": None, "round": 1}
    data = combatant_data(original)
    copied = combatant_from_dict(data)
    assert isinstance(copied, Combatant)
    assert combatant_data(copied) == data
    assert copied.budget.remaining == original.budget.remaining
    assert copied.budget.spent == [("shift", "shift")]
    # A deep copy: the event's data is not the combatant's.
    copied.moves.append("Growl")
    copied.forfeit_next_cause["round"] = 9
    assert data["moves"] == original.moves
    assert data["forfeit_next_cause"]["round"] == 1


def test_a_combatant_with_fields_left_out_takes_their_defaults() -> None:
    copied = combatant_from_dict({"id": "x", "name": "X", "kind": "pokemon", "owner": None,
                                  "side": "wild", "speed": 7})
    assert (copied.id, copied.speed, copied.hp, copied.statuses) == ("x", 7, 10, [])
    assert copied.budget.remaining == {"standard": 1, "shift": 1, "swift": 1}


def test_an_unknown_combatant_field_is_refused_by_name() -> None:
    data = combatant_data(duel().state.combatants["pikachu"])
    data["wings"] = 2
    with pytest.raises(TypeError, match="unknown combatant fields: wings"):
        combatant_from_dict(data)
