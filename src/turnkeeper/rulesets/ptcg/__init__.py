"""The Pokémon Trading Card Game, EX era (2003-2006): the ``ptcg`` ruleset.

Read top to bottom: ``rules`` (the catalogue of rule ids), ``actions`` (the one table of
action kinds; each family's module declares its parameter models), ``config`` (the set-up
format and settings), ``cards`` (card facts and the importer), ``state`` (state and how
events fold into it), ``context`` (the resolution context), ``board`` (questions about the
board), ``damage``, ``refusal`` (what a refusal says), ``turn`` (the action economy and turn
order), ``setup`` (the deal and the set-up actions), one module per action family in
turn-step order (``bench``, ``energy``, ``evolve``, ``trainer``, ``retreat``, ``power``,
``attack``), ``engine`` (the table of kinds, ``check`` and ``run``), ``legal`` and ``fast``
(the legal-action listings), ``registry`` and ``effects`` (card handlers), ``position``
(named positions), ``ruleset`` (the protocol and views), ``agents`` and ``sim`` (play and
simulation).
"""

from __future__ import annotations

from turnkeeper import compiled

# Before any module of the package is imported: its mypyc build, if current, goes first on
# the package's path (turnkeeper/compiled.py; TURNKEEPER_PURE=1 keeps pure Python).
compiled.activate(__name__, __path__)

from turnkeeper.rulesets.ptcg.ruleset import DEFAULT_SETTINGS, PtcgRuleset  # noqa: E402
from turnkeeper.rulesets.ptcg.state import PtcgState  # noqa: E402

RULESET = PtcgRuleset()

__all__ = ["DEFAULT_SETTINGS", "RULESET", "PtcgRuleset", "PtcgState"]
