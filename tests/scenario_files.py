"""Each shipped scenario file as its own test, for mutation runs (scripts/mutation.sh).

Not collected by a plain ``pytest tests`` (the name does not start with ``test_``): the suite
runs the same files, with the coverage check, in ``tests/test_scenarios.py``. Named
explicitly (``--tests tests/scenario_files.py``), it lets mutmut run, for each mutant, only
the files whose scenarios reach the mutated function, and stop at the first that fails.

mutmut runs each mutant in a process forked from one that has only collected the tests. What
does not depend on the mutant is therefore done here, at collection, once for the whole run
instead of once per mutant (most of a mutant's time otherwise): reading the YAML files, and
indexing each ruleset's rule sites (scenario/applied.py; mutmut's copy of the mutated module
holds every mutant's code, so indexing it takes seconds). Neither runs ruleset code: the index
reads the source files, which are the same for every mutant (mutmut picks the mutant when a
function is called), and loading a scenario only parses and merges YAML.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from turnkeeper.rulesets import get_ruleset
from turnkeeper.scenario.applied import package_dir_of, rule_sites
from turnkeeper.scenario.runner import Scenario, load_scenarios, run_paths, run_scenario

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"
FILES = sorted(SCENARIOS.rglob("*.yaml"))


def _index_rule_sites() -> None:
    for name in sorted({path.relative_to(SCENARIOS).parts[0] for path in FILES}):
        ruleset = get_ruleset(name)
        rule_sites(package_dir_of(ruleset), frozenset(ruleset.rules))


def _loaded(path: Path) -> list[Scenario] | None:
    """The file's scenarios, or None when it does not load (the test then reports why)."""
    try:
        return load_scenarios(path)
    except Exception:
        return None


_index_rule_sites()
LOADED = {path: _loaded(path) for path in FILES}


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(SCENARIOS)) for p in FILES])
def test_scenario_file_passes(path: Path) -> None:
    scenarios = LOADED[path]
    results = (
        run_paths([path]) if scenarios is None else [run_scenario(s) for s in scenarios]
    )
    failures = [f"{r.name}: {r.message}" for r in results if not r.passed]
    assert not failures, "\n".join(failures)
