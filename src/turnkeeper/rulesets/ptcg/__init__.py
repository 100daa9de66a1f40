"""The Pokémon Trading Card Game, EX era (2003-2006): the ``ptcg`` ruleset.

Read top to bottom: ``rules`` (the catalogue of rule ids), ``actions`` (every action kind and
its parameter model), ``config`` (the set-up format and settings), ``cards`` (card facts and
the importer), ``state`` (state and how events fold into it), ``context`` (the resolution
context), ``board`` (questions about the board), ``damage``, ``refusal`` (what a refusal
says), ``turn`` (the action economy and turn order), ``setup`` (the deal and the set-up
actions), one module per action family in turn-step order (``bench``, ``energy``,
``evolve``, ``trainer``, ``retreat``, ``power``, ``attack``), ``engine`` (the table of kinds,
``check`` and ``run``), ``legal`` and ``fast`` (the legal-action listings), ``registry`` and
``effects`` (card handlers), ``position`` (named positions), ``ruleset`` (the protocol and
views), ``agents`` and ``sim`` (play and simulation).
"""

from __future__ import annotations

from turnkeeper.rulesets.ptcg.ruleset import DEFAULT_SETTINGS, PtcgRuleset
from turnkeeper.rulesets.ptcg.state import PtcgState

RULESET = PtcgRuleset()

__all__ = ["DEFAULT_SETTINGS", "RULESET", "PtcgRuleset", "PtcgState"]
