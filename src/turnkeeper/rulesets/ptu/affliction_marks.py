"""The marks afflictions leave in the state while the log is folded: who a Pokémon is
infatuated with, and what a failed start-of-turn save bars until the turn ends (rules
ptu.fight.affliction.infatuated, ptu.fight.affliction.paralyzed and
ptu.fight.affliction.confused; PTU 1.05 Core p. 246-247). Apart from the rules that roll the
saves (afflicted.py) so that folding needs nothing of them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from turnkeeper.core.mechanics import Effect, Expiry
from turnkeeper.rulesets.ptu.state import PtuState


def record_infatuation(state: PtuState, target: str, source: str) -> None:
    """Remember who ``target`` is infatuated with (a manual effect until replaced)."""
    state.effects = [e for e in state.effects
                     if not (e.holder == target and "infatuated_by" in e.data)]
    state.effect_count += 1
    state.effects.append(Effect(f"e{state.effect_count}", "Infatuated", target,
                                Expiry("manual"), {"infatuated_by": source}))


def bar_turn(state: PtuState, d: Mapping[str, Any]) -> None:
    """After a failed start-of-turn save, until the turn ends: no action but ending it
    (Paralyzed; Confused after hitting itself), or no targeting of the source (Infatuated)."""
    result = d.get("result")
    if result in ("cannot_act", "hits_self"):
        name, data = f"{d['status']}: cannot act", {"cannot_act": d["status"]}
    elif result == "cannot_target_source" and d.get("source"):
        name, data = "infatuated: cannot target", {"cannot_target": d["source"]}
    else:
        return
    state.effect_count += 1
    # Expiry(kind, round, count, combatant) by position, as folding.on_breather_taken says why
    state.effects.append(Effect(
        f"e{state.effect_count}", name, d["target"],
        Expiry("turn_end", state.clock.round, 0.0, d["target"]), data,
    ))
