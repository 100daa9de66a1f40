"""Run every shipped scenario file and check rule coverage both ways, per ruleset."""

from __future__ import annotations

from pathlib import Path

import pytest

from turnkeeper.rulesets import RULESET_MODULES, get_ruleset
from turnkeeper.scenario import coverage_of

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"
RULESETS = [name for name in RULESET_MODULES if (SCENARIOS / name).is_dir()]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_shipped_scenarios_pass_and_cover_every_rule_both_ways(ruleset: str) -> None:
    results, coverage = coverage_of([SCENARIOS / ruleset])
    failures = [f"{r.path} :: {r.name}: {r.message}" for r in results if not r.passed]
    assert results, f"no scenarios for {ruleset}"
    assert not failures, "\n".join(failures)
    missing = coverage.missing(get_ruleset(ruleset).rules)
    assert not missing["allowed"], f"rules never shown allowed: {missing['allowed']}"
    assert not missing["refused"], f"rules never shown refused: {missing['refused']}"
