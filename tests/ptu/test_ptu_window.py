"""The ptu view's reaction window (rulesets/ptu/window.py): the open trigger an Interrupt may
answer, who may still answer it, and when it closes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from turnkeeper.core.game import Game
from turnkeeper.core.model import Action
from turnkeeper.rulesets.ptu import RULESET

ROOT = Path(__file__).resolve().parents[2]
# the League example as it was when these were written (tests/ptu/pinned keeps it unchanged)
LEAGUE = yaml.safe_load((ROOT / "tests" / "ptu" / "pinned" / "league.yaml").read_text("utf-8"))


def attacked() -> Game[Any]:
    """Hoppip's Quick Attack on Charmander: Bob may Intercept it."""
    game = Game(RULESET, LEAGUE["setup"], seed=7)
    steps: list[tuple[str, str, dict[str, Any]]] = [
        ("begin_combat", "gm", {}), ("declare", "bob", {"actions": ["shift"]}),
        ("declare", "alice", {"actions": ["shift"]}),
        ("use_move", "hoppip", {"move": "Quick Attack", "target": "charmander"}),
    ]
    for kind, actor, params in steps:
        game.play(Action(kind, actor, params))
    return game


def test_no_window_before_anything_happened() -> None:
    game = Game(RULESET, LEAGUE["setup"], seed=7)
    assert RULESET.view(game.state)["window"] is None


def test_an_attack_opens_a_window_for_those_with_an_answer() -> None:
    game = attacked()
    window = RULESET.view(game.state, "bob")["window"]
    assert window["provoker"] == "hoppip" and window["target"] == "charmander"
    # Charmander is a responder of the trigger but has no answer to it: not listed
    assert window["responders"] == ["bob"] and window["answered"] == []
    assert window["until"].startswith("the end of hoppip's turn")
    answers = [a for a in game.legal_actions("bob") if a.params.get("trigger") == window["trigger"]]
    assert [a.kind for a in answers] == ["intercept"]
    # the same window for every seat: nothing in it is hidden
    assert RULESET.view(game.state, "alice")["window"] == window


def test_answered_or_turn_over_closes_it() -> None:
    game = attacked()
    window = RULESET.view(game.state)["window"]
    game.play(Action("intercept", "bob", {"mode": "melee", "trigger": window["trigger"]}))
    assert RULESET.view(game.state)["window"] is None
    game = attacked()
    game.play(Action("end_turn", "hoppip", {}))
    assert RULESET.view(game.state)["window"] is None
