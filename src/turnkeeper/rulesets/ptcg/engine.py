"""The ptcg rules in one table: each action kind's check and run, and the two entry points.

``KINDS`` has one row per action kind of ``actions.ACTIONS``, pointing at the functions of the
module named for its family (``bench``, ``energy``, ``evolve``, ``trainer``, ``retreat``,
``power``, ``attack``; ``setup`` and ``turn`` for the rest). ``check`` first refuses what the
turn order forbids (``turn``), then asks the kind's own check. ``run`` works on the state it
is given through a :class:`~context.Ctx`, which applies every event as it is emitted; the
ruleset's ``resolve`` hands it a clone, the fast simulator the live state. Without a log
(``record=False``) the commonest events are not built at all: their change is made by the
same function of state.py that applies the event.

The names other modules and tests used from this module before the rules were split by
family are re-exported here (``__all__``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from turnkeeper.core.model import Action, BadActionError, Event, Refusal
from turnkeeper.dice.source import DiceSource
from turnkeeper.rulesets.ptcg import (
    attack,
    bench,
    energy,
    evolve,
    fossil,
    power,
    retreat,
    setup,
    stadium_use,
    trainer,
    turn,
)
from turnkeeper.rulesets.ptcg.actions import params_of
from turnkeeper.rulesets.ptcg.attack import attack_rule
from turnkeeper.rulesets.ptcg.bench import bench_rule
from turnkeeper.rulesets.ptcg.board import (
    MAX_BENCH,
    SLOT_NAMES,
    can_pay,
    energy_amount,
    energy_of_type,
    hand_card,
    max_hp,
    parse_slot,
    provides,
    retreat_cost,
    retreat_energy_due,
    slot_name,
    zone_card,
)
from turnkeeper.rulesets.ptcg.context import Ctx
from turnkeeper.rulesets.ptcg.damage import counters, heal, hit, set_condition
from turnkeeper.rulesets.ptcg.energy import attach_rule, attached_from_hand
from turnkeeper.rulesets.ptcg.evolve import evolve_rule
from turnkeeper.rulesets.ptcg.fast import legal_list, main_list
from turnkeeper.rulesets.ptcg.legal import legal
from turnkeeper.rulesets.ptcg.power import power_rule
from turnkeeper.rulesets.ptcg.refusal import refuse, why
from turnkeeper.rulesets.ptcg.retreat import retreat_rule
from turnkeeper.rulesets.ptcg.rules import RULES
from turnkeeper.rulesets.ptcg.state import SEAT_INDEX, SEATS, PtcgState
from turnkeeper.rulesets.ptcg.trainer import tool_rule, trainer_rule
from turnkeeper.rulesets.ptcg.turn import (
    ALL_KINDS,
    MAIN_KINDS,
    NEVER_KINDS,
    PHASE_KINDS,
    PHASE_NAMES,
    SETUP_KINDS,
    after,
    end_turn,
    settle,
    whose_turn,
)

__all__ = [
    "ALL_KINDS",
    "CHECKS",
    "KINDS",
    "MAIN_KINDS",
    "MAX_BENCH",
    "PHASE_KINDS",
    "RUNS",
    "SETUP_KINDS",
    "SLOT_NAMES",
    "Ctx",
    "KindRules",
    "after",
    "attach_rule",
    "attached_from_hand",
    "attack_rule",
    "bench_rule",
    "can_pay",
    "check",
    "counters",
    "end_turn",
    "energy_amount",
    "energy_of_type",
    "evolve_rule",
    "hand_card",
    "heal",
    "hit",
    "legal",
    "legal_list",
    "main_list",
    "max_hp",
    "parse_slot",
    "power_rule",
    "provides",
    "retreat_cost",
    "retreat_energy_due",
    "retreat_rule",
    "run",
    "set_condition",
    "settle",
    "slot_name",
    "tool_rule",
    "trainer_rule",
    "whose_turn",
    "why",
    "zone_card",
]


@dataclass(frozen=True)
class KindRules:
    """One action kind's rules: ``check(state, seat, params)`` -> the refusal or None, and
    ``run(ctx, seat, params)``, which emits its events (``params`` is the kind's model)."""

    check: Callable[[PtcgState, int, Any], Refusal | None]
    run: Callable[[Ctx, int, Any], None]


KINDS: dict[str, KindRules] = {
    "choose_first": KindRules(setup.check_choose_first, setup.run_choose_first),
    "place_active": KindRules(setup.check_place_active, setup.run_place_active),
    "place_bench": KindRules(setup.check_place_bench, setup.run_place_bench),
    "ready": KindRules(setup.check_ready, setup.run_ready),
    "bench": KindRules(bench.check_bench, bench.run_bench),
    "attach": KindRules(energy.check_attach, energy.run_attach),
    "evolve": KindRules(evolve.check_evolve, evolve.run_evolve),
    "play_trainer": KindRules(trainer.check_trainer, trainer.run_trainer),
    "retreat": KindRules(retreat.check_retreat, retreat.run_retreat),
    "use_power": KindRules(power.check_power, power.run_power),
    "discard_fossil": KindRules(fossil.check_discard_fossil, fossil.run_discard_fossil),
    "use_stadium": KindRules(stadium_use.check_use_stadium, stadium_use.run_use_stadium),
    "attack": KindRules(attack.check_attack, attack.run_attack),
    "end_turn": KindRules(turn.check_end_turn, turn.run_end_turn),
    "promote": KindRules(turn.check_promote, turn.run_promote),
    "choose": KindRules(turn.check_choose, turn.run_choose),
    "draw": KindRules(turn.check_draw, turn.run_draw),
}
# The two columns on their own (the simulator calls RUNS[kind] in its loop).
CHECKS = {kind: rules.check for kind, rules in KINDS.items()}
RUNS = {kind: rules.run for kind, rules in KINDS.items()}


def check(s: PtcgState, action: Action) -> Refusal | None:
    """None if ``action`` may be taken now, else the rule that refuses it (pure)."""
    kind = action.kind
    params = params_of(action)  # the declared model: unknown kinds and fields are named
    if action.actor not in SEAT_INDEX:
        raise BadActionError(f"{kind}: the actor must be 'p1' or 'p2', not {action.actor!r}")
    if s.phase == "over":
        return refuse(s.end_rule, f"the game is over: {s.end_reason}")
    if s.phase not in PHASE_KINDS:
        return refuse("ptcg.turn.phase", "the game has not been set up yet")
    seat = SEAT_INDEX[action.actor]
    if seat != whose_turn(s):
        # After an attack its player acts no more: not in the next turn, nor while the
        # opponent promotes or answers a card right after the attack (TR 8: one attack).
        # The refusal names what used the turn up, and keeps the turn order in ``also``.
        if (
            kind in MAIN_KINDS
            and s.last_attacker == seat
            and (s.phase == "main" or s.current == seat)
        ):
            return RULES.refuse(
                "ptcg.attack.ends-turn",
                f"{action.actor} attacked with {s.ended_by}, and the attack ended their turn",
                also=("ptcg.turn.order",),
            )
        if kind in MAIN_KINDS and s.phase == "main" and s.ended_by == "pass":
            # the turn before this one was the actor's, and they passed (READINGS ptcg)
            return RULES.refuse(
                "ptcg.attack.ends-turn",
                f"{action.actor} passed (end_turn), which ended their turn; it is "
                f"{SEATS[s.current]}'s turn now",
                also=("ptcg.turn.order",),
            )
        return refuse(
            "ptcg.turn.order", f"it is {SEATS[whose_turn(s)]}'s move, not {action.actor}'s"
        )
    if kind in NEVER_KINDS:  # well formed, never allowed: its own rule says why
        return KINDS[kind].check(s, seat, params)
    if kind not in PHASE_KINDS[s.phase]:
        allowed = ", ".join(sorted(PHASE_KINDS[s.phase]))
        # a question asked by a rule of its own names that rule too (the Knock Out window:
        # answered before the promotion, ptcg.power.knockout-window)
        pending = s.pending
        asked_by = pending["data"].get("rule") if s.phase == "choice" and pending else None
        return refuse(
            "ptcg.turn.phase",
            f"{kind} is not possible while {PHASE_NAMES[s.phase]}; possible now: {allowed}",
            also=(str(asked_by),) if asked_by else (),
        )
    return KINDS[kind].check(s, seat, params)


def run(s: PtcgState, action: Action, dice: DiceSource, record: bool = True) -> list[Event]:
    """Carry out an allowed action on ``s`` (the live state or a clone); return its events."""
    ctx = Ctx(s, dice, record)
    seat = SEAT_INDEX[str(action.actor)]
    KINDS[action.kind].run(ctx, seat, params_of(action))
    return ctx.events
