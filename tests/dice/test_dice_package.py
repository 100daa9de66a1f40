"""The package as a whole: its doctests, its public names, and what it imports."""

from __future__ import annotations

import doctest
import subprocess
import sys

import pytest

import turnkeeper.dice
from turnkeeper.dice import checks, exact, notation, rolling, source


@pytest.mark.parametrize("module", [turnkeeper.dice, notation, rolling, exact, checks, source])
def test_doctests(module: object) -> None:
    result = doctest.testmod(module)  # type: ignore[arg-type]
    assert result.failed == 0


def test_public_api_names() -> None:
    required = {
        "DiceSource", "SeededDice", "ForcedDice", "DiceError", "DiceSyntaxError",
        "DiceLimitError", "DiceExhaustedError", "parse", "roll", "distribution", "odds",
        "PoolCheck", "D20Check", "OpposedCheck", "TeamCheck", "ExtendedCheck", "RollRecord",
        "ComparisonRecord", "OpposedRecord", "CheckRecord", "ExtendedRecord",
    }  # fmt: skip
    assert required <= set(turnkeeper.dice.__all__)
    for name in turnkeeper.dice.__all__:
        assert hasattr(turnkeeper.dice, name)


def test_error_hierarchy() -> None:
    from turnkeeper.dice import DiceError, DiceExhaustedError, DiceLimitError, DiceSyntaxError

    for cls in (DiceSyntaxError, DiceLimitError, DiceExhaustedError):
        assert issubclass(cls, DiceError)
    assert issubclass(DiceError, ValueError)


def test_the_package_imports_nothing_else_from_turnkeeper() -> None:
    code = (
        "import sys, turnkeeper.dice; "
        "print(sorted(m for m in sys.modules if m.startswith('turnkeeper')))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    loaded = eval(out)  # a printed list of module names
    assert [m for m in loaded if m != "turnkeeper" and not m.startswith("turnkeeper.dice")] == []


def test_distributions_are_read_only() -> None:
    dist = turnkeeper.dice.distribution("2d6")
    with pytest.raises(AttributeError, match="read-only"):
        dist.label = "changed"
