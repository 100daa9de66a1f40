"""States as plain data (turnkeeper.core.snapshot): every ruleset's real games round-trip
to the same state hash, and nothing that cannot come back exactly is ever written."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgspec
import pytest
import yaml

from tests.pte.test_ruleset import CONFIG as PTE_CONFIG
from turnkeeper.core.game import Game, state_hash
from turnkeeper.core.snapshot import SnapshotError, dump_state, load_state, same_data
from turnkeeper.rulesets import get_ruleset

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def _example(name: str) -> dict[str, Any]:
    setup: dict[str, Any] = yaml.safe_load((EXAMPLES / name).read_text())["setup"]
    return setup


SETUPS: dict[str, Any] = {
    "e133": lambda: _example("e133/ambush.yaml"),
    "ptu": lambda: _example("ptu/wild.yaml"),
    "pte": lambda: PTE_CONFIG,
    "ptcg": lambda: {"decks": ["sapphire", "ruby"]},
}


@pytest.mark.parametrize("name", sorted(SETUPS))
@pytest.mark.parametrize("seed", [1, 2])
def test_a_real_game_round_trips_through_plain_data_at_every_step(name: str, seed: int) -> None:
    ruleset = get_ruleset(name)
    game: Game[Any] = Game(ruleset, SETUPS[name](), seed=seed)
    rng = random.Random(seed)
    checked = 0
    for step in range(60):
        if step % 3 == 0:
            data = dump_state(ruleset, game.state)
            back = load_state(ruleset, data)
            assert state_hash(back) == state_hash(game.state), f"{name} step {step}"
            assert same_data(back, game.state)
            assert back is not game.state
            checked += 1
        if game.outcome() is not None:
            break
        actions = list(game.legal_actions(None))
        if not actions:
            break
        game.play(rng.choice(actions))
    assert checked >= 5


@dataclass
class Holder:
    items: dict[str, Any] = field(default_factory=dict)


class HolderRuleset:
    name = "holder"

    def initial_state(self) -> Holder:
        return Holder()


def test_a_state_that_would_not_come_back_exactly_is_never_written() -> None:
    ruleset: Any = HolderRuleset()
    assert load_state(ruleset, dump_state(ruleset, Holder({"a": [1, 2]}))) == Holder({"a": [1, 2]})
    with pytest.raises(SnapshotError, match="does not come back equal"):
        dump_state(ruleset, Holder({"a": (1, 2)}))  # an Any tuple would read back as a list
    with pytest.raises(SnapshotError, match="cannot be written as data"):
        dump_state(ruleset, Holder({"a": object()}))


def test_bytes_of_the_wrong_shape_are_an_error_not_a_state() -> None:
    ruleset: Any = HolderRuleset()
    with pytest.raises(SnapshotError, match="not a holder state"):
        load_state(ruleset, msgspec.msgpack.encode({"items": [1, 2]}))
    with pytest.raises(SnapshotError):
        load_state(ruleset, b"\xc1 garbage")


def test_a_ruleset_hook_is_used_when_present() -> None:
    class Hooked(HolderRuleset):
        def dump_state(self, state: Holder) -> bytes:
            return msgspec.json.encode(sorted(state.items))

        def load_state(self, data: bytes) -> Holder:
            return Holder({key: None for key in msgspec.json.decode(data, type=list[str])})

    ruleset: Any = Hooked()
    assert dump_state(ruleset, Holder({"b": None, "a": None})) == b'["a","b"]'
    assert load_state(ruleset, b'["x"]') == Holder({"x": None})
