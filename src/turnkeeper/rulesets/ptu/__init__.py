"""Pokémon Tabletop United 1.05 combat (``ptu``): the action economy of an encounter."""

from turnkeeper.rulesets.ptu.actions import ACTIONS, KINDS
from turnkeeper.rulesets.ptu.rules import RULES
from turnkeeper.rulesets.ptu.ruleset import PtuRuleset
from turnkeeper.rulesets.ptu.state import PtuState

RULESET = PtuRuleset()

__all__ = ["ACTIONS", "KINDS", "RULES", "RULESET", "PtuRuleset", "PtuState"]
