"""The rule systems Turnkeeper knows, by name.

Each lives in its own subpackage and exposes a module-level ``RULESET`` instance. They are
imported lazily so that the command line starts fast and one ruleset's import cost is not
paid by users of another.
"""

from __future__ import annotations

import importlib
from typing import Any

from turnkeeper.core.ruleset import Ruleset

RULESET_MODULES: dict[str, str] = {
    "e133": "turnkeeper.rulesets.e133",
    "ptu": "turnkeeper.rulesets.ptu",
    "pte": "turnkeeper.rulesets.pte",
    "ptcg": "turnkeeper.rulesets.ptcg",
}


class UnknownRulesetError(ValueError):
    """A ruleset name that Turnkeeper does not know."""


def available() -> list[str]:
    """Names of the rulesets that are installed and import cleanly."""
    names = []
    for name, module in RULESET_MODULES.items():
        try:
            importlib.import_module(module)
        except ModuleNotFoundError:
            continue
        names.append(name)
    return names


def get_ruleset(name: str) -> Ruleset[Any]:
    """The ruleset called ``name`` (``e133``, ``ptu``, ``pte``, ``ptcg``)."""
    module_name = RULESET_MODULES.get(name)
    if module_name is None:
        raise UnknownRulesetError(
            f"unknown ruleset {name!r}; known: {', '.join(sorted(RULESET_MODULES))}"
        )
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        raise UnknownRulesetError(f"ruleset {name!r} is not available: {exc}") from exc
    ruleset: Ruleset[Any] = module.RULESET
    return ruleset
