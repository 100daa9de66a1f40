"""The Pokémon Trading Card Game, EX era (2003-2006): the ``ptcg`` ruleset.

Read top to bottom: ``rules`` (the catalogue), ``state`` (state and events), ``engine``
(legality and resolution), ``effects`` (card handlers), ``cards`` (card facts and the
importer), ``ruleset`` (set-up and views), ``agents`` and ``sim`` (play and simulation).
"""

from __future__ import annotations

from turnkeeper.rulesets.ptcg.ruleset import DEFAULT_SETTINGS, PtcgRuleset
from turnkeeper.rulesets.ptcg.state import PtcgState

RULESET = PtcgRuleset()

__all__ = ["DEFAULT_SETTINGS", "RULESET", "PtcgRuleset", "PtcgState"]
