"""Pokémon Tabletop United 1.05 combat (``ptu``): the action economy of an encounter."""

from turnkeeper import compiled

# Before any module of the package is imported: its mypyc build, if current, goes first on
# the package's path (turnkeeper/compiled.py; TURNKEEPER_PURE=1 keeps pure Python).
compiled.activate(__name__, __path__)

from turnkeeper.rulesets.ptu.actions import ACTIONS, KINDS  # noqa: E402
from turnkeeper.rulesets.ptu.rules import RULES  # noqa: E402
from turnkeeper.rulesets.ptu.ruleset import PtuRuleset  # noqa: E402
from turnkeeper.rulesets.ptu.state import PtuState  # noqa: E402

RULESET = PtuRuleset()

__all__ = ["ACTIONS", "KINDS", "RULES", "RULESET", "PtuRuleset", "PtuState"]
