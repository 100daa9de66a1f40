"""The ptcg folder reads top to bottom: no import cycle between its modules, and one table
of action kinds whose rows point at the functions of each family's module."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import turnkeeper.rulesets.ptcg
from tests.import_graph import first_cycle, import_graph, module_names
from turnkeeper import compiled
from turnkeeper.rulesets.ptcg import engine
from turnkeeper.rulesets.ptcg.actions import ACTIONS

PACKAGE = "turnkeeper.rulesets.ptcg"
# the sources (a compiled module's __file__ is its library's, in the build folder)
FOLDER = Path(turnkeeper.rulesets.ptcg.__file__).parent
MODULES = module_names(FOLDER)


def test_no_module_of_the_package_takes_part_in_an_import_cycle() -> None:
    graph = import_graph(PACKAGE, FOLDER)
    cycle = first_cycle(graph)
    assert cycle is None, f"import cycle: {cycle}"
    # the cycle of issue 11 is gone: state, position and registry import no engine
    for module in ("state", "position", "registry"):
        assert "engine" not in graph[module], module


@pytest.mark.parametrize("module", ["state", "registry", "board", "position", "engine"])
def test_a_module_imports_alone_in_a_fresh_interpreter(module: str) -> None:
    code = f"import importlib; importlib.import_module('{PACKAGE}.{module}')"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_one_table_of_action_kinds_points_at_each_familys_functions() -> None:
    assert list(engine.KINDS) == list(ACTIONS)
    for kind, rules in engine.KINDS.items():
        family = ACTIONS[kind].family
        for function in (rules.check, rules.run):
            assert function.__module__ == f"{PACKAGE}.{family}", (kind, function)


def test_each_family_declares_its_own_parameter_models() -> None:
    for kind in ACTIONS:
        row = ACTIONS[kind]
        if row.params.__name__ == "NoParams":  # the shared empty model (params.py)
            assert row.params.__module__ == f"{PACKAGE}.params", kind
            continue
        assert row.params.__module__ == f"{PACKAGE}.{row.family}", (kind, row.params)


# Run in a pure-Python process: compiled functions carry no annotations.
_HANDLER_ANNOTATIONS = """
import typing

from turnkeeper.rulesets.ptcg import effects  # noqa: F401  (fills the tables)
from turnkeeper.rulesets.ptcg import registry as reg
from turnkeeper.rulesets.ptcg.attack import AttackParams
from turnkeeper.rulesets.ptcg.power import PowerParams
from turnkeeper.rulesets.ptcg.trainer import TrainerParams


def last_parameter(function):
    hints = typing.get_type_hints(function)
    hints.pop("return", None)
    return list(hints.values())[-1]


handlers = []
for attack in reg.ATTACKS.values():
    handlers += [(attack.run, AttackParams)]
    if attack.check is not None:
        handlers += [(attack.check, AttackParams)]
for power in reg.POWERS.values():
    handlers += [(power.run, PowerParams)]
for trainer in reg.TRAINERS.values():
    handlers += [(trainer.run, TrainerParams)]
    if trainer.check is not None:
        handlers += [(trainer.check, TrainerParams)]
assert len(handlers) > 50, len(handlers)
wrong = [(h, m) for h, m in handlers if last_parameter(h) is not m]
assert not wrong, wrong
"""


def test_every_card_handler_takes_its_kinds_parameter_model() -> None:
    """The registry types handler parameters as Any (naming the family models there would
    bring the import cycle back): each handler's own annotation says which it takes."""
    env = dict(os.environ, **{compiled.PURE_ENV: "1"})
    done = subprocess.run(
        [sys.executable, "-c", _HANDLER_ANNOTATIONS], capture_output=True, text=True, env=env
    )
    assert done.returncode == 0, done.stderr
