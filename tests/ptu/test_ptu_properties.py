"""Property tests for ``ptu``: random legal play never crashes, never drives a budget
negative, offers only actions that ``check`` allows, and undo, replay and save/load give back
exactly the same state (tests/properties.py)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.properties import random_play
from turnkeeper.core.game import Game
from turnkeeper.core.model import Action, BadActionError, IllegalActionError
from turnkeeper.rulesets import get_ruleset
from turnkeeper.rulesets.ptu import KINDS

R = get_ruleset("ptu")
EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "ptu"


def example(name: str) -> dict[str, Any]:
    setup: dict[str, Any] = yaml.safe_load((EXAMPLES / name).read_text())["setup"]
    return setup


def crowd(turns: str) -> dict[str, Any]:
    """Twelve combatants, two sides, close enough to reach each other."""
    players = []
    for i in range(4):
        players.append({
            "name": f"p{i}", "side": "red" if i % 2 else "blue",
            "trainer": {"id": f"t{i}", "speed": 10 + i % 2, "level": 5 * i + 1,
                        "position": [i, 0], "items": {"potion": 1}},
            "pokemon": [
                {"id": f"p{i}a", "speed": 20 - i, "moves": ["Tackle", "Quick Attack", "Protect"],
                 "active": True, "position": [i, 1], "hp": 15},
                {"id": f"p{i}b", "speed": 12, "moves": ["Focus Punch", "Detect", "Ember"],
                 "active": i % 2 == 0, "position": [i, 2], "hp": 15},
            ],
        })
    return {"context": "full_contact", "pokemon_turns": turns, "players": players}


def invariant(game: Game[Any]) -> None:
    state = game.state
    for cid, c in state.combatants.items():
        for slot, left in c.budget.remaining.items():
            assert left >= 0, f"{cid}: {slot} budget went negative"
        assert 0 <= c.ap <= c.ap_max
        assert c.hp <= c.max_hp
        assert c.fainted == (c.hp <= 0) or c.captured or not c.on_field
    turn = game.whose_turn()
    assert turn is None or turn in state.combatants
    # Everything offered to anyone must pass check.
    for action in game.legal_actions(None):
        assert game.check(action) is None, f"offered but refused: {action}"


CONFIGS = {
    "league": lambda: example("league.yaml"),
    "wild": lambda: example("wild.yaml"),
    "crowd": lambda: crowd("one_per_player"),
    "crowd_every": lambda: crowd("every_pokemon"),
    "ambush": lambda: {**example("wild.yaml"), "ambush": True},
    "other_readings": lambda: {**crowd("one_per_player"), "settings": {
        "interrupt_accounting": "next_round", "free_actions": "any_time", "swift_trade": False,
        "hold_after_acting": False}},
}


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=10_000), config=st.sampled_from(sorted(CONFIGS)))
def test_random_play_keeps_the_kernel_promises(seed: int, config: str) -> None:
    setup = CONFIGS[config]()
    game = random_play(
        lambda: Game(R, setup, seed=seed), random.Random(seed), 50, invariant=invariant
    )
    assert len(game.log) >= 2  # the set-up and at least one action were played


VALUES = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 40), st.text(max_size=6),
    st.sampled_from(["pikachu", "rattata", "ash", "Tackle", "Protect", "t1", "hinder", "melee"]),
    st.lists(st.integers(-2, 9), max_size=3),
    st.lists(st.sampled_from(["pikachu", "eevee", "bulbasaur", "x"]), max_size=3),
    st.dictionaries(st.sampled_from(["item", "to", "x"]), st.text(max_size=4), max_size=3),
)


@settings(max_examples=150, deadline=None)
@given(
    kind=st.sampled_from([*sorted(KINDS), "fly"]),
    actor=st.sampled_from(["pikachu", "rattata", "ash", "gm", "nobody", None]),
    params=st.dictionaries(
        st.sampled_from(["target", "move", "to", "give", "pokemon", "recall", "release",
                         "count", "actions", "ap", "trigger", "what", "trick", "mode",
                         "amount", "status", "item", "odd"]),
        VALUES, max_size=4,
    ),
    begun=st.booleans(),
)
def test_any_input_is_refused_or_rejected_cleanly_and_changes_nothing(
    kind: str, actor: str | None, params: dict[str, Any], begun: bool
) -> None:
    game = Game(R, example("wild.yaml"), seed=1)
    if begun:
        game.play(Action("begin_combat", "gm"))
    before = game.state_hash()
    action = Action(kind, actor, params)
    try:
        game.play(action)
    except (BadActionError, IllegalActionError) as exc:
        assert str(exc)
        assert game.state_hash() == before
