"""Element 133: the d20-derived action economy (rules/002, "Action Economy").

``RULESET`` is the instance :func:`turnkeeper.rulesets.get_ruleset` returns for ``"e133"``.
"""

from turnkeeper.rulesets.e133.actions import ACTIONS
from turnkeeper.rulesets.e133.rules import CATALOGUE, RULES
from turnkeeper.rulesets.e133.ruleset import ACTION_KINDS, E133Ruleset
from turnkeeper.rulesets.e133.setup_model import E133Settings, E133Setup
from turnkeeper.rulesets.e133.state import E133State, Fighter

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
