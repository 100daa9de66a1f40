"""Pokémon Tabletop Evolution (PTE) ch. 5: skill checks, Skill Powers and action time scales.

See docs/rulesets/pte.md for the set-up, the action kinds and the readings.
"""

from __future__ import annotations

from turnkeeper.rulesets.pte.ruleset import PteRuleset

RULESET = PteRuleset()

__all__ = ["RULESET", "PteRuleset"]
