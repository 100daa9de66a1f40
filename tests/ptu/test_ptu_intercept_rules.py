"""The Intercept's own rules (PTU 1.05 Core p. 242) are read from one place by both of their
users: the Intercept's check (``attacks.check_intercept``) and whether a hit's damage waits
for an ally's Intercept (``damage.hit_waits``). Each blocking status and each Loyalty need is
proven both ways, and the two users agree on every case."""

from __future__ import annotations

from typing import Any

import pytest

from turnkeeper.core.game import Game
from turnkeeper.core.model import Action
from turnkeeper.rulesets.ptu import RULESET
from turnkeeper.rulesets.ptu.damage import (
    INTERCEPT_BLOCKING,
    hit_waits,
    intercept_loyalty_needed,
)
from turnkeeper.rulesets.ptu.state import STATUSES, PtuState


def _attacked(protected: str, loyalty: int, status: str | None) -> Game[PtuState]:
    """Rattata attacks ``protected`` (Ash, Pikachu's own Trainer, or Misty, another ally);
    Pikachu, with ``loyalty`` and ``status``, is the only ally that could Intercept (the other
    Trainer is Asleep)."""
    config: dict[str, Any] = {
        "context": "full_contact",
        "settings": {"hit_damage": "engine"},
        "players": [
            {"name": "ash", "side": "heroes",
             "trainer": {"id": "ash", "speed": 10, "position": [0, 0]},
             "pokemon": [{"id": "pikachu", "speed": 20, "loyalty": loyalty,
                          "moves": ["Tackle"], "active": True, "position": [1, 1]}]},
            {"name": "misty", "side": "heroes",
             "trainer": {"id": "misty", "speed": 8, "position": [2, 0]}},
        ],
        "wild": [{"id": "rattata", "speed": 15, "moves": ["Tackle"], "position": [1, 0]}],
    }
    game: Game[PtuState] = Game(RULESET, config, seed=3)
    game.play(Action("begin_combat", "gm"))
    game.play(Action("end_turn", "pikachu"))
    other_trainer = "misty" if protected == "ash" else "ash"
    game.play(Action("set_status", "gm", {"target": other_trainer, "status": "asleep"}))
    if status is not None:
        game.play(Action("set_status", "gm", {"target": "pikachu", "status": status}))
    game.play(Action("use_move", "rattata", {"move": "Tackle", "target": protected}))
    return game


def _answers(game: Game[PtuState], protected: str) -> tuple[str | None, bool]:
    """(the rule refusing Pikachu's Intercept or None, whether the hit waits for it)."""
    state = game.state
    window = next(o for o in state.occurrences
                  if o.trigger == "attacked" and o.data["target"] == protected)
    refusal = game.check(Action("intercept", "pikachu",
                                {"mode": "melee", "trigger": window.occurrence}))
    cs = state.combatants
    waits = hit_waits(state, cs["rattata"], cs[protected], True)
    return (None if refusal is None else refusal.rule), waits


def test_the_blocking_statuses_are_statuses_of_the_ruleset() -> None:
    assert set(INTERCEPT_BLOCKING) <= set(STATUSES)


@pytest.mark.parametrize("status", INTERCEPT_BLOCKING)
def test_a_blocking_status_bars_the_intercept_and_the_wait(status: str) -> None:
    rule, waits = _answers(_attacked("ash", 6, status), "ash")
    assert rule == "ptu.intercept.status" and not waits


@pytest.mark.parametrize("status", [None, "poisoned", "slowed"])
def test_without_a_blocking_status_the_intercept_is_allowed_and_the_hit_waits(
    status: str | None,
) -> None:
    assert status is None or status in STATUSES
    rule, waits = _answers(_attacked("ash", 6, status), "ash")
    assert rule is None and waits


@pytest.mark.parametrize(("protected", "need"), [("ash", 3), ("misty", 6)])
def test_loyalty_needed_for_own_trainer_and_for_another_ally(protected: str, need: int) -> None:
    game = _attacked(protected, need, None)
    cs = game.state.combatants
    assert intercept_loyalty_needed(cs["pikachu"], cs[protected]) == need
    assert _answers(game, protected) == (None, True)
    short = _attacked(protected, need - 1, None)
    assert _answers(short, protected) == ("ptu.intercept.loyalty", False)
