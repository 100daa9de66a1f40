"""The bounds every input from outside is held to (core/bounds.py, core/datafile.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from turnkeeper.core import bounds, datafile


@pytest.mark.parametrize(
    ("value", "where", "what"),
    [
        ({"a": [1, {"b": "\udfff"}]}, "a[1].b", "lone surrogate"),
        ({"a": {"b\x00": 1}}, "a", "NUL"),
        ([[[[1]]]], "[0][0][0]", "deeper than 3"),
        ({"n": 2**64}, "n", "out of range"),
        ({"f": float("-inf")}, "f", "finite"),
        ({"s": "x" * 11}, "s", "longer than 10"),
        ({"l": list(range(11))}, "l", "more than 10 items"),
        ({"o": object()}, "o", "object is not JSON data"),
    ],
)
def test_the_first_bad_value_is_named_by_its_path(value: Any, where: str, what: str) -> None:
    small = bounds.Bounds(depth=3, text=10, key=10, items=10, integer=2**63 - 1)
    with pytest.raises(bounds.OutOfBoundsError) as caught:
        bounds.check(value, bounds=small)
    assert caught.value.path == where and what in caught.value.problem


def test_values_within_bounds_pass_and_a_root_path_prefixes() -> None:
    bounds.check({"a": [1, 2.5, None, True, "é ✓", {"1": []}]})
    with pytest.raises(bounds.OutOfBoundsError, match=r"^body\.a\[0\]: "):
        bounds.check({"a": [float("nan")]}, "body")


def test_yaml_number_keys_and_a_few_aliases_are_fine_but_an_alias_bomb_is_not(
    tmp_path: Path,
) -> None:
    fine = tmp_path / "fine.yaml"
    fine.write_text("base: &b {x: 1}\none: *b\ntwo: *b\ndice: {20: 1, 6: 2}\n")
    assert datafile.load_yaml(fine)["dice"] == {20: 1, 6: 2}
    bomb = tmp_path / "bomb.yaml"
    lines = ["a: &a [x, x, x, x, x, x, x, x]"]
    for i in range(1, 9):
        prev, name = chr(96 + i), chr(97 + i)
        lines.append(f"{name}: &{name} [" + ", ".join([f"*{prev}"] * 8) + "]")
    bomb.write_text("\n".join(lines) + "\n")
    with pytest.raises(datafile.DataFileError, match="repeated references"):
        datafile.load_yaml(bomb)
