"""A ptcg save written before draws and Prizes named their cards still loads, checked.

Since the per-seat log, the "draw" and "prize" events record which cards they took (so a
player's own log can name them). Saves made before lack that ``cards`` field; loading one
must neither need ``--trust-events`` nor lose anything, while a real edit is still caught.
"""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from turnkeeper.core.game import Game, GameFileError, state_hash
from turnkeeper.rulesets.ptcg import RULESET
from turnkeeper.rulesets.ptcg.state import PtcgState

DECKS: dict[str, Any] = {"decks": ["sapphire", "ruby"]}


def played(seed: int = 3, steps: int = 120) -> Game[PtcgState]:
    game = Game(RULESET, DECKS, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        actions = list(game.legal_actions(None))
        if game.outcome() is not None or not actions:
            break
        game.play(rng.choice(actions))
    return game


def as_older_save(save: dict[str, Any]) -> tuple[dict[str, Any], int]:
    """The save as the version before the per-seat log wrote it: no ``cards`` on draws/Prizes."""
    older = copy.deepcopy(save)
    stripped = 0
    for command in older["log"]:
        for event in command["events"]:
            if event["type"] in ("draw", "prize") and "cards" in event["data"]:
                del event["data"]["cards"]
                stripped += 1
    return older, stripped


def test_an_older_save_without_drawn_cards_loads_checked_and_loses_nothing() -> None:
    game = played()
    older, stripped = as_older_save(game.to_dict())
    assert stripped > 10  # the opening hand, the Prizes and the draws of each turn

    loaded = Game.from_dict(older, RULESET)  # checked: no trust_events

    assert state_hash(loaded.state) == state_hash(game.state)
    assert len(loaded.log) == len(game.log)
    # Nothing lost: the loaded log is the current one, drawn cards named again.
    def events(g: Game[PtcgState]) -> list[Any]:
        return [[e.to_dict() for e in command.events] for command in g.log]

    assert events(loaded) == events(game)
    assert list(loaded.legal_actions(None)) == list(game.legal_actions(None))


def test_an_older_save_is_still_checked_an_edited_draw_is_refused() -> None:
    older, _ = as_older_save(played().to_dict())
    draws = [
        event
        for command in older["log"]
        for event in command["events"]
        if event["type"] == "draw" and event["data"]["n"] > 0
    ]
    draws[0]["data"]["n"] += 1  # a field the old version did record: an edit
    with pytest.raises(GameFileError, match="differ from what the rules give"):
        Game.from_dict(older, RULESET)


def test_a_wrong_cards_field_is_an_edit_not_an_older_save() -> None:
    save = played().to_dict()
    draw = next(
        event
        for command in save["log"]
        for event in command["events"]
        if event["type"] == "draw" and event["data"]["cards"]
    )
    draw["data"]["cards"] = [*reversed(draw["data"]["cards"]), "not-a-card"]
    with pytest.raises(GameFileError, match="differ from what the rules give"):
        Game.from_dict(save, RULESET)


def test_an_added_field_is_accepted_only_for_the_event_types_declared() -> None:
    save = played().to_dict()
    shuffle = next(
        event
        for command in save["log"]
        for event in command["events"]
        if event["type"] == "shuffle"
    )
    del shuffle["data"]["order"]  # not a field a later version added
    with pytest.raises(GameFileError, match="differ from what the rules give"):
        Game.from_dict(save, RULESET)
