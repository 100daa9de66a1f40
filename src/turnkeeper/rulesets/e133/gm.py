"""The game master's bookkeeping: conditions, speeds, cover and timed effects."""

from __future__ import annotations

from turnkeeper.core.mechanics import Expiry
from turnkeeper.core.model import Refusal
from turnkeeper.rulesets.e133.actions import (
    AddEffect,
    SetCondition,
    SetCover,
    SetSpeed,
)
from turnkeeper.rulesets.e133.plan import (
    Plan,
    effect_record,
    target_of,
)
from turnkeeper.rulesets.e133.state import INCAPACITATING, E133State, Fighter


# -- game master ---------------------------------------------------------------------
def plan_set_condition(s: E133State, f: Fighter | None, p: SetCondition
                     ) -> Plan | Refusal:
    g = target_of(s, p.target, "set_condition")
    cond = p.condition
    value = p.value
    conds = [c for c in g.conditions if c != cond] + ([cond] if value else [])
    plan = Plan("set_condition", "gm", "none", keep_window=True)
    plan.set(g.id, conditions=conds)
    # e133.dodge.lost: an incapacitated dodger loses the benefit.
    if value and cond in INCAPACITATING:
        plan.effects_remove = [e.id for e in s.effects if e.holder == g.id
                               and e.name == "dodge"]
    return plan


def plan_set_speed(s: E133State, f: Fighter | None, p: SetSpeed
                 ) -> Plan | Refusal:
    g = target_of(s, p.target, "set_speed")
    mode = p.mode
    feet = p.feet
    speeds = {**g.speeds, mode: feet}
    plan = Plan("set_speed", "gm", "none", keep_window=True)
    plan.set(g.id, speeds=speeds)
    if all(v == 0 for v in speeds.values()):
        # e133.dodge.lost: Dodge is lost when the speed drops to 0 (Dodge).
        plan.effects_remove = [e.id for e in s.effects if e.holder == g.id
                               and e.name == "dodge"]
    return plan


def plan_add_effect(s: E133State, f: Fighter | None, p: AddEffect
                  ) -> Plan | Refusal:
    g = target_of(s, p.target, "add_effect")
    name = p.name
    rounds = p.rounds
    # e133.round.duration: a duration in rounds ends just before the current initiative
    # count (The Combat Round).
    count = s.clock.current_count() or 0
    plan = Plan("add_effect", "gm", "none", keep_window=True)
    plan.effects_add.append(effect_record(name, g.id, Expiry("before_count", round=s.clock.round
                                                       + rounds, count=count)))
    return plan


def plan_set_cover(s: E133State, f: Fighter | None, p: SetCover
                 ) -> Plan | Refusal:
    g = target_of(s, p.target, "set_cover")
    cover = p.cover
    plan = Plan("set_cover", "gm", "none", keep_window=True)
    plan.set(g.id, cover=cover)
    return plan
