"""A Pokémon switched in takes the square of the one recalled (PTU 1.05 Core p. 229), the
same for a switch, a fainted Pokémon's replacement and the GM's forced switch (one place:
``switching.swap_events``); a plain release goes where it is told instead."""

from __future__ import annotations

from typing import Any

import pytest

from tests.ptu.test_ptu_timing import duel
from turnkeeper.core.game import Game
from turnkeeper.core.model import Action

PIKACHU_SQUARE = [1, 0]  # duel(): pikachu is out there; eevee waits in its ball


def _released_at(game: Game[Any], action: Action) -> list[int]:
    events = game.play(action)
    released = [e for e in events if e.type == "pokemon_released"]
    assert len(released) == 1 and released[0].data["pokemon"] == "eevee"
    assert list(game.state.combatants["eevee"].position) == released[0].data["position"]
    assert game.state.combatants["eevee"].on_field
    assert not game.state.combatants["pikachu"].on_field
    position: list[int] = released[0].data["position"]
    return position


def _ash_to_act(game: Game[Any]) -> None:
    for actor in ("pikachu", "rattata", "spearow"):
        if game.whose_turn() == actor:
            game.play(Action("end_turn", actor))
    assert game.whose_turn() == "ash"


@pytest.mark.parametrize("kind", ["switch", "replace_fainted", "forced_switch"])
def test_the_pokemon_switched_in_takes_the_recalled_ones_square(kind: str) -> None:
    game = duel()
    assert list(game.state.combatants["pikachu"].position) == PIKACHU_SQUARE
    swap = {"recall": "pikachu", "release": "eevee"}
    if kind == "forced_switch":
        action = Action(kind, "gm", swap)
    else:
        if kind == "replace_fainted":
            game.play(Action("damage", "gm", {"target": "pikachu", "amount": 999}))
        _ash_to_act(game)
        action = Action(kind, "ash", swap)
    assert game.check(action) is None
    assert _released_at(game, action) == PIKACHU_SQUARE


def test_a_plain_release_goes_where_it_is_told() -> None:
    game = duel()
    _ash_to_act(game)
    game.play(Action("recall", "ash", {"pokemon": "pikachu"}))
    game.play(Action("trade_standard", "ash", {"for": "shift"}))
    assert _released_at(game, Action("release", "ash", {"pokemon": "eevee", "at": [0, 1]})) == [
        0, 1]
