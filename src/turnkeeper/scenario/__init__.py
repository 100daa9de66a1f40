"""Rules scenario files: set up a game, act, and check what the engine says.

The format is documented in ``docs/scenarios.md``. A file holds one scenario, or a shared
``setup`` with a list of ``scenarios``. Each step plays or checks one action (with forced dice),
undoes, or checks the state. A scenario passes when every expectation holds.
"""

from __future__ import annotations

from turnkeeper.scenario.runner import (
    Coverage,
    ScenarioError,
    ScenarioResult,
    coverage_of,
    load_scenarios,
    run_paths,
    run_scenario,
)

__all__ = [
    "Coverage",
    "ScenarioError",
    "ScenarioResult",
    "coverage_of",
    "load_scenarios",
    "run_paths",
    "run_scenario",
]
