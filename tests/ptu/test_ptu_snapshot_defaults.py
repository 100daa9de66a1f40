"""A ptu snapshot that leaves fields out (written before those fields existed) reads back
with each missing field's default, in the compiled build as in pure Python: msgspec alone
gives a compiled class 0 or False there (core/snapshot.py, ``_fill_defaults``)."""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path
from typing import Any

import msgspec

from turnkeeper.core.snapshot import encode_state, load_state
from turnkeeper.rulesets import get_ruleset
from turnkeeper.rulesets.ptu.combatant import Combatant

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
import bench_ptu

RULESET = get_ruleset("ptu")


def _default(name: str) -> Any:
    field = next(f for f in dataclasses.fields(Combatant) if f.name == name)
    assert field.default is not dataclasses.MISSING
    return field.default


def test_fields_left_out_of_a_snapshot_read_back_as_their_defaults() -> None:
    game = bench_ptu.started()
    plain = msgspec.msgpack.decode(encode_state(RULESET, game.state))
    cid = next(iter(plain["combatants"]))
    kept = plain["combatants"][cid]
    assert (kept["hp"], kept["level"], kept["on_field"]) != (
        _default("hp"), _default("level"), _default("on_field"))  # so the test can fail
    for name in ("hp", "level", "on_field", "budget"):
        del kept[name]
    back = load_state(RULESET, msgspec.msgpack.encode(plain))
    combatant = back.combatants[cid]
    assert combatant.hp == _default("hp") and combatant.level == _default("level")
    assert combatant.on_field is _default("on_field")
    assert combatant.budget.remaining  # a default_factory's value, a real Budget
    other = next(c for c in back.combatants if c != cid)
    assert back.combatants[other].hp == game.state.combatants[other].hp  # the rest as written


def test_a_whole_snapshot_reads_back_the_same() -> None:
    game = bench_ptu.started()
    back = load_state(RULESET, encode_state(RULESET, game.state))
    assert encode_state(RULESET, back) == encode_state(RULESET, game.state)
