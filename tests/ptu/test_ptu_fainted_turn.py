"""A combatant that faints while another's Priority or Interrupt runs does not keep its
turn: when the interruption ends, play moves on (ptu.fight.hp.faint, PTU 1.05 Core p. 229,
248). Found by the ptu_v0 environment: a League Trainer who held his action, then took an
Intercepted hit and fainted, was left owning a turn with no legal action."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from turnkeeper.core.game import Game
from turnkeeper.core.model import Action
from turnkeeper.rulesets import get_ruleset

# the League example as it was when this was found (tests/ptu/pinned keeps it unchanged)
LEAGUE = Path(__file__).resolve().parent / "pinned" / "league.yaml"
DECLARED = ["switch", "recall", "release", "replace_fainted", "use_item", "throw_pokeball",
            "shift", "standard_action", "shift_action", "swift_action"]
BEFORE: list[tuple[str, str, dict[str, Any]]] = [
    ("begin_combat", "gm", {}),
    ("declare", "bob", {"actions": DECLARED}),
    ("declare", "alice", {"actions": DECLARED}),
    ("shift", "alice", {"to": [0, 1]}),
    ("trade_standard", "alice", {"for": "shift"}),
    ("hold", "alice", {"count": 11}),
    ("end_turn", "alice", {}),
    ("hold", "bob", {"count": 9}),  # bob's turn now comes at count 9
    ("use_move", "hoppip", {"move": "Quick Attack", "target": "charmander"}),  # Priority
]


def _game(steps: list[tuple[str, str, dict[str, Any]]]) -> Game[Any]:
    setup = yaml.safe_load(LEAGUE.read_text(encoding="utf-8"))["setup"]
    game: Game[Any] = Game(get_ruleset("ptu"), setup, seed=0)
    for kind, actor, params in steps:
        game.play(Action(kind, actor, params))
    return game


def test_a_turn_whose_owner_fainted_during_an_interruption_passes_on() -> None:
    game = _game([*BEFORE, ("intercept", "bob", {"mode": "melee", "trigger": "t2"}),
                  ("end_turn", "hoppip", {})])
    bob = game.view(None)["combatants"]["bob"]
    assert bob["fainted"] and bob["hp"] <= 0  # the Intercept took the hit
    assert game.whose_turn() == "charmander"
    assert game.legal_actions(game.whose_turn()).list()


def test_a_turn_whose_owner_is_still_able_resumes_after_the_interruption() -> None:
    game = _game([*BEFORE, ("end_turn", "hoppip", {})])
    assert not game.view(None)["combatants"]["bob"]["fainted"]
    assert game.whose_turn() == "bob"
