"""The action economy: paying an action's cost from the turn's budget, provoking attacks of
opportunity, and the generic actions (end turn; standard, move, full-round, free and bonus
actions; reactions). Element 133, Action Economy: Action Types; Free / Bonus Actions;
Reactions; Attacks of Opportunity."""

from __future__ import annotations

from turnkeeper.core.model import Refusal
from turnkeeper.core.schema import Params
from turnkeeper.rulesets.e133.actions import (
    BonusAction,
    EndTurn,
    FullRoundAction,
    GenericAction,
    Reaction,
)
from turnkeeper.rulesets.e133.plan import (
    Plan,
    is_current,
    move_payer,
    provocation,
    refuse,
    restricted,
    threateners,
    threatening,
)
from turnkeeper.rulesets.e133.state import E133State, Fighter


# -- costs -------------------------------------------------------------------------
def pay(state: E133State, f: Fighter, plan: Plan) -> Refusal | None:
    """Fill in what ``plan.cost`` uses, or refuse citing the action's own rule."""
    cost, rule, b = plan.cost, plan.rule, f.budget
    if cost == "full":
        if restricted(f):
            return refuse("e133.restricted.no-full-round")
        if b.left("standard") < 1 or b.left("move") < 1:
            return refuse(rule, f"{plan.kind} needs the whole round (a full-round action); "
                           "a standard or move action is already used")
        plan.pay = ["standard", "move"]
    elif cost == "standard":
        if b.left("standard") < 1:
            if restricted(f):
                return refuse("e133.restricted.one-action")
            return refuse(rule, f"{plan.kind} needs a standard action; none is left")
        plan.pay = ["standard"]
    elif cost == "move":
        payer = move_payer(f)
        if payer is None:
            if restricted(f):
                return refuse("e133.restricted.one-action")
            if (not state.settings.double_move and b.left("standard") > 0):
                return refuse("e133.economy.move-for-standard",
                               "this table does not allow a move in place of the standard")
            return refuse(rule, f"{plan.kind} needs a move action; none is left")
        plan.pay = [payer]
    elif cost == "bonus":
        if restricted(f) and not state.settings.restricted_bonus:
            return refuse("e133.restricted.bonus",
                           "this table allows no bonus action under restricted activity")
        if f.bonus_left < 1:
            if f.bonus_lost:
                return refuse("e133.reaction.charges-next-turn")
            return refuse(rule, f"{plan.kind} needs the bonus action; it is used this round")
        plan.bonus = True
    elif cost == "free":
        limit = state.settings.free_actions_per_turn
        if limit is not None and f.free_used >= limit:
            return refuse("e133.free.limit", f"only {limit} free actions a turn here")
        plan.free = True
    elif cost == "reaction":
        refusal = reaction_ok(state, f)
        if refusal is not None:
            return refusal
        plan.reaction = "own" if is_current(state, f.id) else "off"
    return None

def reaction_ok(state: E133State, f: Fighter) -> Refusal | None:
    if f.surprised:
        return refuse("e133.reaction.not-surprised")
    if f.bonus_left < 1:
        if f.charged or f.bonus_lost:
            return refuse("e133.reaction.charges-next-turn")
        if is_current(state, f.id):
            return refuse("e133.reaction.own-turn-is-bonus",
                           "the bonus action of this turn is already used")
        return refuse("e133.bonus.one-per-round")
    return None

def provoke(state: E133State, f: Fighter, plan: Plan, p: Params, provokes: bool,
    why_not: str = "e133.aoo.table",
) -> None:
    """Open the window of attacks of opportunity the action itself provokes."""
    enemies = threatening(state, f, p, plan.kind)
    window = plan.window or provocation(f.id, plan.kind, why_not)
    if provokes:
        window.responders = list(dict.fromkeys(window.responders + enemies))
    else:
        for e in enemies:
            window.data["blocked"].setdefault(e, why_not)
        window.data["why_not"] = why_not
    plan.window = window

def leave(state: E133State, f: Fighter, plan: Plan, p: Params,
           leaving: bool = True) -> None:
    """Leaving threatened squares provokes (note 1) unless Disengage is in force.

    Whoever threatens a mover (``threatened_by``) threatens the square it leaves, so both
    lists provoke (the Move row of Table: Move Actions says "yes").
    """
    enemies = threateners(state, f, p, plan.kind, leaving=leaving)
    window = plan.window or provocation(f.id, plan.kind, "e133.aoo.leaving-square")
    blocked = window.data["blocked"]
    for e in enemies:
        if f.disengaged:
            blocked[e] = "e133.disengage"
        else:
            blocked.pop(e, None)
            if e not in window.responders:
                window.responders.append(e)
    if f.disengaged and not window.responders:
        window.data["why_not"] = "e133.disengage"
    plan.window = window

def simple(state: E133State, f: Fighter, p: Params, kind: str, rule: str,
    cost: str, provokes: bool, why_not: str = "e133.aoo.table",
) -> Plan | Refusal:
    plan = Plan(kind, rule, cost)
    refusal = pay(state, f, plan)
    if refusal is not None:
        return refusal
    provoke(state, f, plan, p, provokes, why_not)
    return plan

# -- generic actions -----------------------------------------------------------------
def plan_end_turn(s: E133State, f: Fighter, p: EndTurn) -> Plan | Refusal:
    return Plan("end_turn", "e133.round.turn-order", "none", keep_window=True)

def plan_standard_action(s: E133State, f: Fighter, p: GenericAction
                       ) -> Plan | Refusal:
    return simple(s, f, p, "standard_action", "e133.economy.standard", "standard",
                        p.provokes)

def plan_move_action(s: E133State, f: Fighter, p: GenericAction) -> Plan | Refusal:
    return simple(s, f, p, "move_action", "e133.economy.move", "move",
                        p.provokes)

def plan_full_round_action(s: E133State, f: Fighter, p: FullRoundAction
                         ) -> Plan | Refusal:
    provokes = p.provokes
    if p.as_standard:
        # Only an action whose description allows it, and only when limited to a single
        # standard action (Full-Round Action).
        if not restricted(f):
            return refuse("e133.full-round.as-standard", f"{f.id} is not limited to a "
                           "standard action this round")
        return simple(s, f, p, "full_round_action", "e133.full-round.as-standard",
                            "standard", provokes)
    return simple(s, f, p, "full_round_action", "e133.economy.full-round", "full",
                        provokes)

def plan_free_action(s: E133State, f: Fighter, p: GenericAction) -> Plan | Refusal:
    # Free actions rarely provoke (Free Actions): only when the table says so.
    return simple(s, f, p, "free_action", "e133.free.own-turn", "free",
                        p.provokes)

def plan_bonus_action(s: E133State, f: Fighter, p: BonusAction
                    ) -> Plan | Refusal:
    return simple(s, f, p, "bonus_action", "e133.bonus.one-per-round", "bonus", False)

def plan_reaction(s: E133State, f: Fighter, p: Reaction) -> Plan | Refusal:
    plan = Plan("reaction", "e133.bonus.one-per-round", "reaction", keep_window=True)
    return pay(s, f, plan) or plan
