"""Small steps the e133 rule tests share: play an action that must be allowed, ask the rule
that refuses one (the game unchanged), end a turn."""

from __future__ import annotations

from typing import Any

from turnkeeper.core.game import Game
from turnkeeper.core.model import Action, Event
from turnkeeper.dice.source import ForcedDice


def act(game: Game[Any], kind: str, actor: str = "aria", dice: list[int] | None = None,
        **params: Any) -> list[Event]:
    """Play ``kind`` for ``actor``, which must be allowed, with forced dice if given."""
    action = Action(kind, actor, params)
    refusal = game.check(action)
    assert refusal is None, f"{kind} {params} refused: {refusal}"
    return game.play(action, dice=ForcedDice(dice) if dice is not None else None)


def refused_rule(game: Game[Any], kind: str, actor: str = "aria", **params: Any) -> str:
    """The rule refusing ``kind``; asking leaves the game exactly as it was."""
    before = game.state_hash()
    refusal = game.check(Action(kind, actor, params))
    assert refusal is not None, f"{kind} {params} was allowed"
    assert game.state_hash() == before
    return refusal.rule


def end_turn(game: Game[Any], actor: str) -> None:
    act(game, "end_turn", actor)
