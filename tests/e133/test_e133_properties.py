"""Property tests: random legal play never crashes, never drives a budget negative, and undo,
replay and save/load give back exactly the same state (tests/properties.py)."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.properties import assert_same_log, random_play
from turnkeeper.core.game import Game
from turnkeeper.rulesets import get_ruleset

R = get_ruleset("e133")


def encounter(surprise: bool, free_limit: int | None, double_move: bool) -> dict[str, Any]:
    return {
        "settings": {"free_actions_per_turn": free_limit, "double_move": double_move},
        "combatants": [
            {"id": "aria", "init_mod": 3, "speeds": {"walk": 30, "fly": 60}, "attacks": 2,
             "con": 1, "features": ["run"], "shield": "carried",
             "abilities": {"blink": {"type": "spell_like", "uses": 2},
                           "glow": {"type": "supernatural", "action": "bonus"}}},
            {"id": "brute", "init_mod": 1, "side": "foes", "con": 2, "armour": "heavy",
             "surprised": surprise},
            {"id": "snail", "init_mod": 1, "side": "foes", "speed": 5,
             "conditions": ["prone"]},
            {"id": "dorn", "initiative": 12, "speeds": {"walk": 25, "climb": 20}, "bab": 2},
        ],
    }


def invariant(game: Game[Any]) -> None:
    for fid, f in game.state.fighters.items():
        for slot, left in f.budget.remaining.items():
            assert left >= 0, f"{fid}: {slot} budget went negative"
        assert 0 <= f.bonus_left <= 1, f"{fid}: bonus slot {f.bonus_left}"
        assert f.free_used >= 0 and f.moved >= 0
        if f.concentrating is not None:
            # a live concentration ability is never at the same time recorded as ended
            assert f.ended.get(f.concentrating["ability"]) is None
    assert game.whose_turn() in game.state.fighters


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(min_value=0, max_value=10_000),
    surprise=st.booleans(),
    free_limit=st.sampled_from([None, 0, 2]),
    double_move=st.booleans(),
)
def test_random_play_keeps_the_kernel_promises(
    seed: int, surprise: bool, free_limit: int | None, double_move: bool
) -> None:
    config = encounter(surprise, free_limit, double_move)
    game = random_play(lambda: Game(R, config, seed=seed), random.Random(seed), 50,
                       invariant=invariant)
    assert len(game.log) > 1


def test_out_of_turn_reactions_are_offered_and_replay_exactly() -> None:
    """An agent that takes any offered out-of-turn reaction: AoOs and readied actions appear,
    and the game replays to the same state."""
    config = encounter(False, None, True)
    rng = random.Random(5)
    seen: set[str] = set()
    for seed in range(4):
        game = Game(R, config, seed=seed)
        for _ in range(120):
            actions = list(game.legal_actions(None))
            off_turn = [a for a in actions if a.actor != game.whose_turn()]
            action = rng.choice(off_turn or actions)
            game.play(action)
            invariant(game)
            seen.add(action.kind)
        replayed = Game.from_dict(game.to_dict(), R)
        assert_same_log(replayed, game)  # every command's action and events, not only the hash
    assert "aoo" in seen
    assert "fire_readied" in seen
