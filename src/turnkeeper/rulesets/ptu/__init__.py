"""Pokémon Tabletop United 1.05 combat (``ptu``): the action economy of an encounter."""

from turnkeeper.rulesets.ptu.rules import RULES
from turnkeeper.rulesets.ptu.ruleset import KINDS, PtuRuleset
from turnkeeper.rulesets.ptu.state import PtuState

RULESET = PtuRuleset()

__all__ = ["KINDS", "RULES", "RULESET", "PtuRuleset", "PtuState"]
