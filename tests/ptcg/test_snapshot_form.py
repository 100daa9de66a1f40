"""The stored form of a ptcg state (rulesets/ptcg/snapshot.py) stays in step with the state
classes, so that snapshots read back the same with or without the compiled build."""

from __future__ import annotations

import dataclasses

import msgspec
import pytest

from turnkeeper.core.snapshot import SnapshotError, dump_state, load_state
from turnkeeper.dice.source import SeededDice
from turnkeeper.rulesets.ptcg import RULESET, snapshot
from turnkeeper.rulesets.ptcg.state import Mon, PtcgState, Side


@pytest.mark.parametrize(
    ("stored", "live"),
    [(snapshot.MonData, Mon), (snapshot.SideData, Side), (snapshot.StateData, PtcgState)],
)
def test_the_stored_form_has_the_state_classes_fields_in_their_order(
    stored: type[msgspec.Struct], live: type
) -> None:
    assert stored.__struct_fields__ == tuple(f.name for f in dataclasses.fields(live))


def test_a_snapshot_with_a_wrong_type_or_an_unknown_field_is_refused() -> None:
    state = RULESET.setup_state({"decks": ["sapphire", "ruby"]}, SeededDice("snapshot-form"))
    data = dump_state(RULESET, state)
    back = load_state(RULESET, data)
    assert back.sides[0].hand == state.sides[0].hand and back.defs == state.defs
    raw = msgspec.msgpack.decode(data)
    raw["sides"][0]["hand"] = ["not a card"]
    with pytest.raises(SnapshotError, match=r"hand"):
        load_state(RULESET, msgspec.msgpack.encode(raw))
    raw = msgspec.msgpack.decode(data)
    raw["sides"][1]["handd"] = []
    with pytest.raises(SnapshotError, match=r"handd"):
        load_state(RULESET, msgspec.msgpack.encode(raw))
    raw = msgspec.msgpack.decode(data)
    raw["cards"][0] = "no-such-card"
    with pytest.raises(SnapshotError, match=r"no-such-card"):
        load_state(RULESET, msgspec.msgpack.encode(raw))
