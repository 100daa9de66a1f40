"""Helpers for the ptcg tests: a game from a named position, forced coins, invariants."""

from __future__ import annotations

from typing import Any

from turnkeeper.core.game import Game
from turnkeeper.core.model import Action, Event
from turnkeeper.dice.source import ForcedDice
from turnkeeper.rulesets.ptcg import RULESET, sim
from turnkeeper.rulesets.ptcg.state import PtcgState

HEADS = 1  # the project's coin: a d2, 1 = heads
TAILS = 2

FILLER_P1 = ["Water Energy"] * 6
FILLER_P2 = ["Fire Energy"] * 6


def position(p1: dict[str, Any], p2: dict[str, Any], **top: Any) -> dict[str, Any]:
    """A position config with sensible defaults (turn 3, p1 to play, 6 prizes, a small deck)."""
    sides = {}
    for seat, side, filler in (("p1", p1, FILLER_P1), ("p2", p2, FILLER_P2)):
        sides[seat] = {"deck": list(filler), "prizes": list(filler), **side}
    return {"position": {"turn": 3, "current": "p1", **top, **sides}}


def game(
    p1: dict[str, Any],
    p2: dict[str, Any],
    settings: dict[str, Any] | None = None,
    card_db: str = "",
    **top: Any,
) -> Game[PtcgState]:
    config = position(p1, p2, **top)
    if settings:
        config["settings"] = settings
    if card_db:
        config["card_db"] = card_db
    return Game(RULESET, config, seed=0)


def act(
    g: Game[PtcgState], actor: str, kind: str, coins: list[int] | None = None, **params: Any
) -> list[Event]:
    """Play an action; ``coins`` forces the flips (strictly: running out is an error)."""
    dice = ForcedDice(coins) if coins is not None else None
    return g.play(Action(kind, actor, params), dice=dice)


def view(g: Game[PtcgState]) -> dict[str, Any]:
    return RULESET.view(g.state, None)


def check_invariants(s: PtcgState) -> None:
    """The package's invariant check (every card accounted for...), as a test helper."""
    sim.check_invariants(s)
