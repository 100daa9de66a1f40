"""The ptu view's reaction window: the open trigger an Interrupt may still answer (Protect,
Intercept, an attack of opportunity), in the shape the web page prompts with (the same
``window`` key e133's view has: ``responders``, ``answered``, ``provoker``, ``kind``).

A trigger opens when something happens that a move or a maneuver may interrupt (a move
used, an attack, a shift away: ``trigger_opened``) and stays open until the turn it
happened in ends (``turn_order``: a turn's start and end clear ``state.occurrences``); the
waiting hits of an attack land at the next action that does not answer it
(``resolve.py``), so that is the last moment for Protect or Intercept (PTU 1.05 Core
p. 227 and p. 242). Everything here is public: the view lists the triggers already.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from turnkeeper.core.model import Action
from turnkeeper.rulesets.ptu.economy import whose_turn
from turnkeeper.rulesets.ptu.state import PtuState


def answered_by(state: PtuState, occurrence: str) -> list[str]:
    """Who has answered ``occurrence`` (in any way), in a stable order."""
    return sorted({who for occ, who, _ in state.ledger.answered if occ == occurrence})


#: The legal actions of one actor (``PtuRuleset.legal_actions``).
Legal = Callable[[PtuState, str], Iterable[Action]]

#: How a trigger's kind reads in "hoppip's attack opened a reaction window".
KIND_WORDS = {"attacked": "attack", "move_used": "move", "stood_up": "standing up"}


def open_window(state: PtuState, legal: Legal) -> dict[str, Any] | None:
    """The newest open trigger someone may still answer, or ``None``.

    ``responders`` are those the trigger lets answer who have an answer among their legal
    actions now (an action naming the trigger: Protect, Intercept...); ``answered`` those
    who did; ``until`` says when it closes; ``waiting_hits`` the hits that land unless
    interrupted.
    """
    for occ in reversed(state.occurrences):
        answered = answered_by(state, occ.occurrence)
        responders = [r for r in occ.responders if r in state.combatants and any(
            a.params.get("trigger") == occ.occurrence for a in legal(state, r))]
        if not [r for r in responders if r not in answered]:
            continue
        turn = whose_turn(state)
        by = occ.data.get("by")
        hits = [h for h in state.pending_hits if h.get("attacker") == by]
        return {
            "trigger": occ.occurrence,
            "kind": occ.data.get("move") or next((h["what"] for h in hits if h.get("what")),
                                                 KIND_WORDS.get(occ.trigger, occ.trigger)),
            "provoker": by,
            "target": occ.data.get("target"),
            "responders": responders,
            "answered": answered,
            "until": "the end of " + (f"{state.combatants[turn].name}'s turn"
                                      if turn in state.combatants else "this turn")
                     + ("; the waiting hit lands at the next other action" if hits else ""),
            "waiting_hits": [{"attacker": h.get("attacker"), "target": h.get("target"),
                              "what": h.get("what")} for h in hits],
        }
    return None
