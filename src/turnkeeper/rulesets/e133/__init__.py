"""Element 133: the d20-derived action economy (rules/002, "Action Economy").

``RULESET`` is the instance :func:`turnkeeper.rulesets.get_ruleset` returns for ``"e133"``.
"""

from turnkeeper import compiled

# Before any module of the package is imported: its mypyc build, if current, goes first on
# the package's path (turnkeeper/compiled.py; TURNKEEPER_PURE=1 keeps pure Python).
compiled.activate(__name__, __path__)

from turnkeeper.rulesets.e133.actions import ACTIONS  # noqa: E402
from turnkeeper.rulesets.e133.rules import CATALOGUE, RULES  # noqa: E402
from turnkeeper.rulesets.e133.ruleset import ACTION_KINDS, E133Ruleset  # noqa: E402
from turnkeeper.rulesets.e133.setup_model import E133Settings, E133Setup  # noqa: E402
from turnkeeper.rulesets.e133.state import E133State, Fighter  # noqa: E402

RULESET = E133Ruleset()

__all__ = [
    "ACTIONS",
    "ACTION_KINDS",
    "CATALOGUE",
    "RULES",
    "RULESET",
    "E133Ruleset",
    "E133Settings",
    "E133Setup",
    "E133State",
    "Fighter",
]
