"""The ptu folder reads top to bottom: no import cycle between its modules, and one table
of action kinds whose rows point at the models and functions of each family's module."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
import typing
from pathlib import Path
from types import UnionType
from typing import Any

import pytest

import turnkeeper.rulesets.ptu
from tests.import_graph import first_cycle, import_graph, module_names
from turnkeeper.rulesets.ptu.actions import ACTIONS, KINDS
from turnkeeper.rulesets.ptu.roster_kinds import KIND_NAMES as ROSTER_KIND_NAMES

PACKAGE = "turnkeeper.rulesets.ptu"
# the sources: the package's own file (a compiled module's __file__ is its library's, in the
# build folder; turnkeeper/compiled.py)
FOLDER = Path(turnkeeper.rulesets.ptu.__file__).parent
MODULES = module_names(FOLDER)
assert "ruleset" in MODULES and "legal" in MODULES, FOLDER


def test_no_module_of_the_package_takes_part_in_an_import_cycle() -> None:
    graph = import_graph(PACKAGE, FOLDER)
    cycle = first_cycle(graph)
    assert cycle is None, f"import cycle: {cycle}"


@pytest.mark.parametrize("module", [m for m in MODULES if m != "__init__"])
def test_a_module_imports_alone_in_a_fresh_interpreter(module: str) -> None:
    code = f"import importlib; importlib.import_module('{PACKAGE}.{module}')"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def _source_hint(function: Any, parameter: str) -> Any:
    """``parameter``'s annotation as ``function``'s source writes it, read in its module: a
    function of a compiled family (attacks.py, movement.py, items.py; turnkeeper/compiled.py)
    keeps no annotations of its own."""
    module = sys.modules[function.__module__]
    tree = ast.parse((FOLDER / f"{function.__module__.rsplit('.', 1)[1]}.py").read_text())
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.name == function.__name__:
            for arg in node.args.args + node.args.kwonlyargs:
                if arg.arg == parameter and arg.annotation is not None:
                    return eval(ast.unparse(arg.annotation), vars(module))
    raise AssertionError(f"{function.__name__} declares no {parameter}")


def _accepted(function: Any, parameter: str) -> set[type]:
    """The model classes ``function`` declares for ``parameter`` (a union gives several)."""
    hints = typing.get_type_hints(function)
    hint = hints[parameter] if hints else _source_hint(function, parameter)
    members = typing.get_args(hint) if typing.get_origin(hint) in (typing.Union, UnionType) \
        else (hint,)
    return set(members)


def test_one_table_of_action_kinds_points_at_each_familys_models_and_functions() -> None:
    assert list(KINDS) == list(ACTIONS)
    for kind, row in KINDS.items():
        # The GM's roster commands keep their models beside their rules (roster_kinds.py,
        # roster.py) though the page lists them with the GM's other kinds.
        homes = (f"{PACKAGE}.{row.family}", f"{PACKAGE}.shared",
                 *([f"{PACKAGE}.roster_kinds"] if kind in ROSTER_KIND_NAMES else []))
        assert row.params.__module__ in homes, kind
        for function in (row.check, row.effects, row.slots):
            if function is None:
                continue
            assert function.__module__ == f"{PACKAGE}.{row.family}", (kind, function)
            # The family function reads the row's own model (typed attributes, no mapping).
            assert row.params in _accepted(function, "p"), (kind, function)


def test_the_rules_read_typed_models_not_mappings() -> None:
    """No rule reads its parameters as a mapping (``p["target"]``, ``p.get``, ``in p``)."""
    pattern = re.compile(r'\bp\[|\bp\.get\(|\bin p\b')
    offenders = [f"{module}.py:{number}: {line.strip()}"
                 for module in MODULES
                 for number, line in enumerate(
                     (FOLDER / f"{module}.py").read_text().splitlines(), start=1)
                 if pattern.search(line)]
    assert offenders == []
