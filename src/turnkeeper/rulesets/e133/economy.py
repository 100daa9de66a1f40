"""The action economy: paying an action's cost from the turn's budget, provoking attacks of
opportunity, and the generic actions (end turn; standard, move, full-round, free and bonus
actions; reactions). Element 133, Action Economy: Action Types; Free / Bonus Actions;
Reactions; Attacks of Opportunity."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

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
    Threats,
    answerable,
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
    """Fill in what ``plan.cost`` uses, or refuse.

    A refusal names first the limit that is exhausted (the economy rule: one standard action,
    one move action, the whole round, one bonus action or reaction, the free-action limit)
    and keeps the action's own cost rule in ``also`` (issue 12).
    """
    cost, rule, b = plan.cost, plan.rule, f.budget
    if cost == "full":
        if restricted(f):
            return refuse("e133.restricted.no-full-round", also=_also(rule))
        if b.left("standard") < 1 or b.left("move") < 1:
            used = "standard" if b.left("standard") < 1 else "move"
            return refuse("e133.economy.full-round", f"{plan.kind} needs the whole round (a "
                          f"full-round action); the {used} action of this turn is already used",
                          also=_also(rule, "e133.economy.full-round"))
        plan.pay = ["standard", "move"]
    elif cost == "standard":
        if b.left("standard") < 1:
            if restricted(f):
                return refuse("e133.restricted.one-action", also=_also(rule))
            return refuse("e133.economy.standard", f"{plan.kind} needs a standard action; the "
                          "one of this turn is already used",
                          also=_also(rule, "e133.economy.standard"))
        plan.pay = ["standard"]
    elif cost == "move":
        payer = move_payer(f)
        if payer is None:
            if restricted(f):
                return refuse("e133.restricted.one-action", also=_also(rule))
            if (not state.settings.double_move and b.left("standard") > 0):
                return refuse("e133.economy.move-for-standard",
                              "this table does not allow a move in place of the standard",
                              also=_also(rule))
            return refuse("e133.economy.move", f"{plan.kind} needs a move action; the move "
                          "action of this turn is used, and so is the standard it could "
                          "replace", also=_also(rule, "e133.economy.move"))
        plan.pay = [payer]
    elif cost == "bonus":
        if restricted(f) and not state.settings.restricted_bonus:
            return refuse("e133.restricted.bonus",
                          "this table allows no bonus action under restricted activity",
                          also=_also(rule))
        if f.bonus_left < 1:
            if f.bonus_lost:
                return refuse("e133.reaction.charges-next-turn", _used_up(f),
                              also=_also(rule, "e133.reaction.charges-next-turn"))
            return refuse("e133.bonus.one-per-round", f"{plan.kind} needs the bonus action; "
                          "this round's bonus action or reaction is already used",
                          also=_also(rule, "e133.bonus.one-per-round"))
        plan.bonus = True
    elif cost == "free":
        limit = state.settings.free_actions_per_turn
        if limit is not None and f.free_used >= limit:
            return refuse("e133.free.limit", f"only {limit} free actions a turn here",
                          also=_also(rule, "e133.free.limit"))
        plan.free = True
    elif cost == "reaction":
        refusal = reaction_ok(state, f, rule)
        if refusal is not None:
            return refusal
        plan.reaction = "own" if is_current(state, f.id) else "off"
    return None


def _used_up(f: Fighter) -> str:
    """What used up this turn's bonus action / reaction slot before the turn began."""
    return (f"this turn's bonus action or reaction was used up by {f.id}'s off-turn reaction "
            f"({f.charged_by or 'a reaction'}) before the turn began: it was charged to this "
            "turn")


def _also(rule: str, limit: str = "") -> tuple[str, ...]:
    """The action's own cost rule, kept beside the limit a refusal names first."""
    return () if rule in (limit, "gm") else (rule,)


def reaction_ok(state: E133State, f: Fighter, rule: str = "") -> Refusal | None:
    """Whether ``f`` may take a reaction now (Reactions; READINGS).

    On its own turn a reaction is that turn's bonus action. Off its turn it is charged to the
    coming turn's bonus / reaction slot - even when this turn's slot was already used on its
    own turn - so only a second off-turn reaction before that turn is refused.
    """
    if f.surprised:
        return refuse("e133.reaction.not-surprised", also=_also(rule))
    if not is_current(state, f.id):
        if f.charged:
            return refuse("e133.reaction.charges-next-turn", f"{f.id} already took an off-turn "
                          f"reaction ({f.charged_by}), charged to its coming turn",
                          also=_also(rule, "e133.reaction.charges-next-turn"))
        return None
    if f.bonus_left < 1:
        if f.bonus_lost:
            return refuse("e133.reaction.charges-next-turn", _used_up(f),
                          also=_also(rule, "e133.reaction.charges-next-turn"))
        # The limit is the round's one slot; the rule that makes this reaction use it, and
        # the action's own rule, follow.
        also = ("e133.reaction.own-turn-is-bonus", *_also(rule, "e133.bonus.one-per-round"))
        return refuse("e133.bonus.one-per-round", "the bonus action of this turn is already "
                      "used, and a reaction on one's own turn is that bonus action",
                      also=tuple(dict.fromkeys(also)))
    return None


def provoke(state: E133State, f: Fighter, plan: Plan, p: Params, provokes: bool,
    why_not: str = "e133.aoo.table",
) -> None:
    """Open the window of attacks of opportunity the action itself provokes."""
    enemies = threatening(state, f, p, plan.kind)
    window = plan.window or provocation(f.id, plan.kind, why_not)
    if provokes:
        answerable(window, enemies)
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
    if (not state.placed and getattr(p, "threatened_by", None) is None
            and getattr(p, "leaves_threatened_by", None) is None):
        enemies: Threats = {}  # nobody is named: nobody threatens the squares left
    else:
        enemies = threateners(state, f, p, plan.kind, leaving=leaving)
    window = plan.window or provocation(f.id, plan.kind, "e133.aoo.leaving-square")
    blocked = window.data["blocked"]
    for e in enemies:
        if f.disengaged:
            blocked[e] = "e133.disengage"
        else:
            blocked.pop(e, None)
    if not f.disengaged:
        answerable(window, enemies)
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


# -- an action's own part, shared by its turn and a fired readied action -----------------
#: What an action does beside paying its cost: its guards (a refusal), its changes onto the
#: plan, and whether it provokes (and the rule cited when it does not; ``None``: it opens no
#: window at all, as a reaction). One function per kind, used by its planner on its own turn
#: (``taken``) and by ``ready.py`` when the action was readied and fires (there as a reaction,
#: its cost paid when it was readied): so the action does the same either way.
Provocation = tuple[bool, str] | None
Part = Callable[[E133State, Fighter, Any, Plan], Provocation | Refusal]


def taken(state: E133State, f: Fighter, p: Params, plan: Plan, part: Part) -> Plan | Refusal:
    """An action taken on its own turn: its part's guards and changes, then its cost, then
    the window it opens (the order ``simple`` has: guards, cost, provocation)."""
    outcome = part(state, f, p, plan)
    if isinstance(outcome, Refusal):
        return outcome
    refusal = pay(state, f, plan)
    if refusal is not None:
        return refusal
    if outcome is not None:
        provoke(state, f, plan, p, *outcome)
    return plan


def table_part(provokes: bool, why: str = "e133.aoo.table") -> Part:
    """The part of an action that changes nothing and provokes as its table row says."""
    outcome: Provocation = (provokes, why)

    def part(state: E133State, f: Fighter, p: Any, plan: Plan) -> Provocation | Refusal:
        return outcome

    return part


def generic_part(state: E133State, f: Fighter, p: GenericAction, plan: Plan
                 ) -> Provocation | Refusal:
    """A generic standard, move or free action provokes when its params say so."""
    return p.provokes, "e133.aoo.table"


def reaction_part(state: E133State, f: Fighter, p: Reaction, plan: Plan
                  ) -> Provocation | Refusal:
    """A generic reaction changes nothing and opens no window (another's stays open)."""
    return None


#: A bonus action provokes nothing (Bonus Actions).
bonus_part = table_part(False)


# -- generic actions -----------------------------------------------------------------
#: Ending a turn changes nothing but the turn (resolve only advances the clock): one plan,
#: never changed, serves every end_turn.
END_TURN = Plan("end_turn", "e133.round.turn-order", "none", keep_window=True)


def plan_end_turn(s: E133State, f: Fighter, p: EndTurn) -> Plan | Refusal:
    return END_TURN


def plan_standard_action(s: E133State, f: Fighter, p: GenericAction
                       ) -> Plan | Refusal:
    return taken(s, f, p, Plan("standard_action", "e133.economy.standard", "standard"),
                 generic_part)


def plan_move_action(s: E133State, f: Fighter, p: GenericAction) -> Plan | Refusal:
    return taken(s, f, p, Plan("move_action", "e133.economy.move", "move"), generic_part)


def plan_full_round_action(s: E133State, f: Fighter, p: FullRoundAction
                         ) -> Plan | Refusal:
    provokes = p.provokes
    if p.no_step and f.stepped:
        return refuse("e133.five-foot-step.forbidden", f"this action forbids the 5-foot step, "
                      f"and {f.id} took one this round")
    if p.as_standard:
        # Only an action whose description allows it, and only when limited to a single
        # standard action (Full-Round Action).
        if not restricted(f):
            return refuse("e133.full-round.as-standard", f"{f.id} is not limited to a "
                           "standard action this round")
        plan = simple(s, f, p, "full_round_action", "e133.full-round.as-standard",
                      "standard", provokes)
    else:
        plan = simple(s, f, p, "full_round_action", "e133.economy.full-round", "full", provokes)
    if isinstance(plan, Plan) and p.no_step:
        plan.set(f.id, step_forbidden=True)
    return plan


def plan_free_action(s: E133State, f: Fighter, p: GenericAction) -> Plan | Refusal:
    # Free actions rarely provoke (Free Actions): only when the table says so.
    return taken(s, f, p, Plan("free_action", "e133.free.own-turn", "free"), generic_part)


def plan_bonus_action(s: E133State, f: Fighter, p: BonusAction
                    ) -> Plan | Refusal:
    return taken(s, f, p, Plan("bonus_action", "e133.bonus.one-per-round", "bonus"),
                 bonus_part)


def plan_reaction(s: E133State, f: Fighter, p: Reaction) -> Plan | Refusal:
    return taken(s, f, p, Plan("reaction", "e133.bonus.one-per-round", "reaction",
                               keep_window=True), reaction_part)
