"""The layout tests' cycle finder finds a cycle, and finds none where there is none."""

from __future__ import annotations

from tests.import_graph import first_cycle


def test_a_cycle_is_named_in_order() -> None:
    assert first_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == "a -> b -> c -> a"
    assert first_cycle({"a": {"a"}}) == "a -> a"


def test_a_graph_without_cycles_passes() -> None:
    assert first_cycle({"a": {"b", "c"}, "b": {"c"}, "c": set()}) is None
