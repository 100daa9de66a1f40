"""Each shipped scenario file as its own test, for mutation runs (scripts/mutation.sh).

Not collected by a plain ``pytest tests`` (the name does not start with ``test_``): the suite
runs the same files, with the coverage check, in ``tests/test_scenarios.py``. Named
explicitly (``--tests tests/scenario_files.py``), it lets mutmut run, for each mutant, only
the files whose scenarios reach the mutated function, and stop at the first that fails.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from turnkeeper.scenario import run_paths

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"
FILES = sorted(SCENARIOS.rglob("*.yaml"))


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(SCENARIOS)) for p in FILES])
def test_scenario_file_passes(path: Path) -> None:
    failures = [f"{r.name}: {r.message}" for r in run_paths([path]) if not r.passed]
    assert not failures, "\n".join(failures)
