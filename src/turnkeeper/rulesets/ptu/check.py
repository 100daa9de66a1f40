"""``check``: why an action may not be taken now, step by step.

The steps, in order: the parameters (the table's model), who may take the kind, the set-up
step and League declarations, the action economy (``economy.py``: timing, turn, cost, Action
Points), then the kind's own rules (its family module, through the table's ``check``).
"""

from __future__ import annotations

from turnkeeper.core.model import Action, Refusal
from turnkeeper.core.schema import Params
from turnkeeper.rulesets.ptu import roster
from turnkeeper.rulesets.ptu.actions import KINDS, TYPED_PARAMS, parse
from turnkeeper.rulesets.ptu.afflicted import affliction_refusal, limits_turn
from turnkeeper.rulesets.ptu.attacks import AttackOfOpportunityParams, UseMoveParams
from turnkeeper.rulesets.ptu.economy import (
    PAID_TIMINGS,
    SETUP_FREE,
    check_aoo_timing,
    check_ap,
    check_cost,
    check_interrupt,
    check_own_turn,
    check_priority,
    check_trigger,
    response_name,
    slots_of,
    timing_of,
    whose_turn,
)
from turnkeeper.rulesets.ptu.field import able, bad, move_of
from turnkeeper.rulesets.ptu.gm import check_gm
from turnkeeper.rulesets.ptu.param_fields import action_points_of, trigger_of
from turnkeeper.rulesets.ptu.rules import RULES
from turnkeeper.rulesets.ptu.shared import PtuKind
from turnkeeper.rulesets.ptu.state import Combatant, PtuState
from turnkeeper.rulesets.ptu.switching import ReleaseParams, check_release_target

#: Per kind, the fields of its model that name one combatant (checked to exist).
NAMING_FIELDS = {
    kind: tuple(name for name in ("target", "recall", "release")
                if name in row.params.__struct_fields__)
    for kind, row in KINDS.items()
}
#: Frozen, Asleep and Flinched take no actions (p. 246-248); their turn can only end.
BLOCKING_AFFLICTIONS = ("frozen", "asleep", "bad_sleep", "flinched")


def parsed(action: Action) -> tuple[PtuKind, Params]:
    """``actions.parse``: an offer's typed parameters read where it keeps them once parsed,
    without the two Python-level calls (check and resolve ask it for every action)."""
    typed: Params | None = action.__dict__.get(TYPED_PARAMS)
    if typed is not None:
        return KINDS[action.kind], typed
    return parse(action)


def check(state: PtuState, action: Action) -> Refusal | None:
    kind, params = parsed(action)
    if kind.who == "gm":
        if action.actor != "gm":
            return RULES.refuse("ptu.gm.only", f"{action.kind} is for the GM seat ('gm')")
        if action.kind in roster.KIND_NAMES:  # roster.py: a combatant joins or leaves
            return roster.check(state, params, action)
        return check_gm(state, action.kind, params, action)
    actor = action.actor
    c = state.combatants.get(actor) if actor is not None else None
    if c is None:
        raise bad(action, f"unknown actor {actor!r}; combatants: {sorted(state.combatants)}")
    return check_combatant(state, c, action.kind, kind, params, action)


def check_combatant(
    state: PtuState, c: Combatant, kind_name: str, kind: PtuKind, p: Params, action: Action,
) -> Refusal | None:
    move = None
    if kind_name == "use_move":
        assert isinstance(p, UseMoveParams)
        move = move_of(state, p.move)
        if move is None:
            raise bad(action, f"unknown move {p.move!r}")
    for key in NAMING_FIELDS[kind_name]:
        named = getattr(p, key)
        if named is not None and named not in state.combatants:
            raise bad(action, f"unknown {key} {named!r}")
    # Extended actions: never during combat (p. 228).
    if kind_name == "extended_action" or (move is not None and move["action"] == "extended"):
        if state.phase != "over":
            return RULES.refuse("ptu.action.extended-not-in-combat")
        return None
    if state.phase == "over":
        return RULES.refuse("ptu.initiative.order", "the encounter is over")
    if not able(c):
        why = "fainted" if c.fainted else "captured" if c.captured else "not on the field"
        return RULES.refuse("ptu.combatant.able", f"{c.id} is {why} and cannot act")
    blocked = [st for st in BLOCKING_AFFLICTIONS if st in c.statuses] if c.statuses else []
    # Attacks of Opportunity and Intercepts name their own status rules (p. 241-242); a
    # League declaration is no action (an Asleep Trainer still declares, and then can only
    # end its turn).
    if blocked and kind_name not in ("end_turn", "declare", "attack_of_opportunity",
                                     "intercept"):
        return RULES.refuse("ptu.fight.affliction.no-actions",
                            f"{c.id} is {', '.join(blocked)}: it can only end its turn")
    who = kind.who  # read once: a field of the interpreted PtuKind
    if who == "trainer" and c.kind != "trainer":
        return RULES.refuse("ptu.action.who", f"{kind_name} is for Trainers only")
    if who == "pokemon" and c.kind != "pokemon":
        return RULES.refuse("ptu.action.who", f"{kind_name} is for Pokémon only")
    if kind_name == "manipulate" and c.kind != "trainer":
        return RULES.refuse("ptu.action.who", "Manipulate is for Trainers only")
    if state.phase == "setup":
        return check_setup(state, c, kind_name, p, action)
    if kind_name == "declare":
        if state.phase != "declare" or whose_turn(state) != c.id:
            return RULES.refuse(
                "ptu.league.declare-order",
                "declarations are made by League Trainers, slowest first, before the "
                f"round's turns; now waiting on {whose_turn(state)}",
            )
        return None
    if state.phase == "declare":
        return RULES.refuse(
            "ptu.league.declare-order",
            f"the Trainers are declaring (waiting on {whose_turn(state)}); nothing "
            "resolves until every declaration is in",
        )
    timing = timing_of(state, c, kind_name, p, move)
    if timing == "turn":
        refusal = check_own_turn(state, c, kind_name, kind, p, move)
    elif timing.startswith("priority"):
        refusal = check_priority(state, c, timing, move)
    elif timing == "interrupt":
        refusal = check_interrupt(state, c, kind_name, kind, p, move)
    elif timing == "aoo":
        assert isinstance(p, AttackOfOpportunityParams)
        refusal = check_aoo_timing(state, c, p.trigger, p.target)
    else:  # triggered free action
        refusal = check_trigger(state, c, trigger_of(p), move,
                                response_name(kind_name, p, move))
    if refusal is not None:
        return refusal
    if timing == "turn" and move is not None and move["trigger"] is not None:
        refusal = check_trigger(state, c, trigger_of(p), move,
                                response_name(kind_name, p, move))
        if refusal is not None:
            return refusal
    if timing in PAID_TIMINGS:
        refusal = check_cost(state, c, kind_name, kind, p, move, timing)
        if refusal is not None:
            return refusal
    ap = action_points_of(p)
    if ap:
        refusal = check_ap(c, ap)
        if refusal is not None:
            return refusal
    if kind.check is not None:
        refusal = kind.check(state, c, p, move, action)
        if refusal is not None:
            return refusal
    if limits_turn(state, c):  # failed start-of-turn saves, Enraged (afflicted.py)
        return affliction_refusal(state, c, action, move,
                                  slots_of(state, c, kind_name, kind, p, move))
    return None


def check_setup(
    state: PtuState, c: Combatant, kind_name: str, p: Params, action: Action
) -> Refusal | None:
    if kind_name not in SETUP_FREE:
        return RULES.refuse(
            "ptu.setup.free-start",
            "before round 1 only the free weapon draw and first send-out happen; the GM "
            "then begins combat",
        )
    if c.off_guard:
        return RULES.refuse(
            "ptu.setup.free-start",
            f"{c.id} was caught off guard: no free weapon draw or send-out before round 1",
        )
    if kind_name == "draw_weapon":
        if c.setup_draw_done:
            return RULES.refuse("ptu.setup.free-start", "the free weapon draw is used up")
        return None
    assert isinstance(p, ReleaseParams)
    ids = p.ids()
    if c.setup_release_done or len(ids) != 1:
        return RULES.refuse(
            "ptu.setup.free-start", "only the first Pokémon is sent out for free"
        )
    return check_release_target(state, c, state.combatants.get(ids[0]), action)
