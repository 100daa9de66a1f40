"""Movement: move (speeds, difficult terrain, climbing, swimming, jumping), crawl, stand up, the
difficult 5-foot move, the 5-foot step, withdraw and dash. Element 133, Action Economy: Move;
Take 5-Foot Step; Withdraw; Dash; Movement."""

from __future__ import annotations

import msgspec

from turnkeeper.core.model import BadActionError, Refusal
from turnkeeper.rulesets.e133.actions import (
    Crawl,
    Dash,
    DifficultStep,
    FiveFootStep,
    Move,
    Provoking,
    Withdraw,
)
from turnkeeper.rulesets.e133.economy import (
    Provocation,
    leave,
    pay,
    simple,
    taken,
)
from turnkeeper.rulesets.e133.plan import (
    NO_DEX_TO_AC,
    Plan,
    Roll,
    Threats,
    answerable,
    declared,
    effect_record,
    enemies_in,
    mode_speed,
    next_turn_start,
    provocation,
    refuse,
    restricted,
    route_squares,
    threateners,
    travel,
    walk_speed,
)
from turnkeeper.rulesets.e133.reach import enemies_threatening, feet_between
from turnkeeper.rulesets.e133.state import E133State, Fighter


def replace_to(p: Withdraw, to: list[int] | None) -> Withdraw:
    """``p`` going to ``to`` instead (None: standing where it is)."""
    return msgspec.structs.replace(p, to=to)


# -- movement ----------------------------------------------------------------------
def plan_move(s: E133State, f: Fighter, p: Move) -> Plan | Refusal:
    kind = "move"
    dist, to = travel(s, f, p, kind, p.distance)
    mode = p.mode
    difficult = p.difficult_terrain
    accel = p.accelerated
    new_move = p.new_move
    if f.stepped:
        return refuse("e133.five-foot-step.no-other-movement",
                       f"{f.id} took a 5-foot step this round")
    base = mode_speed(f, mode)
    if base is None or base <= 0:
        return refuse("e133.move.listed-speed", f"{f.id} has no {mode} speed")
    own = mode in f.speeds
    halved = mode in ("climb", "swim") and not own and not accel
    if accel and (mode not in ("climb", "swim") or own):
        return refuse("e133.move.accelerated", "only climbing or swimming without a "
                       "climb or swim speed can be accelerated")
    cost = dist * (2 if difficult else 1) * (2 if halved else 1)
    if s.clock.round < f.rest_until and f.moved + dist > base:
        return refuse("e133.dash.rest", f"{f.id} is resting after a dash: at most "
                       f"{base} ft this round")
    top = max(f.speeds.values(), default=0)
    cont = f.move_open and not new_move and f.move_used < top
    remaining = base - f.move_used if cont else base
    if cont and remaining <= 0:
        rule = "e133.move.speed" if mode in f.move_modes else "e133.move.speeds-switch"
        return refuse(rule, f"{f.id} already moved {f.move_used} ft "
                       f"this move: nothing is left of the {mode} speed {base}")
    if cost > remaining:
        if difficult and dist * (2 if halved else 1) <= remaining:
            rule = "e133.move.difficult-terrain"
        elif halved and dist * (2 if difficult else 1) <= remaining:
            rule = "e133.move.climb-swim"
        elif mode == "jump":
            rule = "e133.move.jump"
        elif cont and f.move_used > 0 and mode not in f.move_modes:
            rule = "e133.move.speeds-switch"
        else:
            rule = "e133.move.speed"
        return refuse(rule, f"{dist} ft of {mode} costs {cost} ft of movement; "
                       f"{remaining} ft are left in this move action")
    rule = {"jump": "e133.move.jump", "climb": "e133.move.climb-swim",
            "swim": "e133.move.climb-swim"}.get(mode, "e133.move.speed")
    if accel:
        rule = "e133.move.accelerated"
    elif difficult:
        rule = "e133.move.difficult-terrain"
    elif cont and mode not in f.move_modes:
        rule = "e133.move.speeds-switch"
    plan = Plan(kind, rule, "none" if cont else "move")
    if cont:
        plan.set(f.id, move_used=f.move_used + cost, move_modes=[*f.move_modes, mode])
    else:
        refusal = pay(s, f, plan)
        if refusal is not None:
            return refusal
        plan.set(f.id, move_open=True, move_used=cost, move_modes=[mode])
    plan.set(f.id, moved=f.moved + dist, moved_any=True)
    if to is not None:
        plan.set(f.id, position=to)
    leave(s, f, plan, p)
    if mode in ("climb", "swim") and p.dc is not None:
        mod = p.modifier - (5 if accel else 0)
        plan.roll = Roll(f"{mode} check", mod, p.dc, p.advantage, p.disadvantage)
        plan.fail_sets = {f.id: {k: v for k, v in plan.sets[f.id].items() if k != "moved"}}
    return plan


def plan_crawl(s: E133State, f: Fighter, p: Crawl) -> Plan | Refusal:
    dist, to = travel(s, f, p, "crawl", p.distance if p.to is None else None)
    if dist != 5:
        return refuse("e133.move.crawl", "a crawl moves exactly 5 feet")
    if f.stepped:
        return refuse("e133.five-foot-step.no-other-movement")
    plan = simple(s, f, p, "crawl", "e133.move.crawl", "move", False)
    if isinstance(plan, Plan):
        # Crawling provokes from everyone threatening you at any point of the crawl.
        leave(s, f, plan, p, leaving=False)
        plan.set(f.id, moved=f.moved + 5, moved_any=True)
        if to is not None:
            plan.set(f.id, position=to)
    return plan


def plan_stand_up(s: E133State, f: Fighter, p: Provoking) -> Plan | Refusal:
    plan = taken(s, f, p, Plan("stand_up", "e133.move.stand-up", "move"), stand_up_part)
    if isinstance(plan, Plan):
        # Half the speed goes into standing; the rest of this move action remains.
        # Standing moves no distance, so it leaves the 5-foot step open (Move Action:
        # the step is for a round with no actual distance moved).
        plan.set(f.id, move_open=True, move_used=walk_speed(f) // 2, move_modes=["walk"])
    return plan


def stand_up_part(s: E133State, f: Fighter, p: Provoking, plan: Plan
                  ) -> Provocation | Refusal:
    """Standing up from prone (no longer prone) provokes (Stand Up). Fired as a readied
    action it is a reaction: no move action of a turn is opened, so nothing of one is left
    to move with."""
    if "prone" not in f.conditions:
        return refuse("e133.move.stand-up", f"{f.id} is not prone")
    plan.set(f.id, conditions=[c for c in f.conditions if c != "prone"])
    return True, "e133.aoo.table"


def plan_difficult_step(s: E133State, f: Fighter, p: DifficultStep
                      ) -> Plan | Refusal:
    mode = p.mode
    base = mode_speed(f, mode)
    if base is None or base <= 0:
        return refuse("e133.move.listed-speed", f"{f.id} has no {mode} speed")
    # The engine sees speeds only: `hampered: true` states that something else (a
    # condition, the terrain) keeps the combatant from moving even 5 feet.
    if base >= 10 and not p.hampered:
        return refuse("e133.move.difficult-5ft", f"{f.id} can move 5 ft through difficult"
                       f" terrain normally ({mode} speed {base})")
    if f.stepped:
        return refuse("e133.five-foot-step.no-other-movement")
    to = five_feet(s, f, p, "difficult_step")
    plan = simple(s, f, p, "difficult_step", "e133.move.difficult-5ft", "full", False)
    if isinstance(plan, Plan):
        leave(s, f, plan, p)
        plan.set(f.id, moved=f.moved + 5, moved_any=True)
        if to is not None:
            plan.set(f.id, position=to)
    return plan


STEP_AFTER_MOVING = "e133.five-foot-step.no-other-movement"


def five_foot_step_barred(f: Fighter) -> str | None:
    """The rule that bars a 5-foot step this round whatever its params, or ``None``.

    Shared by the planner and the legal-action listing (offers.py). Once a round; not after a
    withdraw or (without the Run feature) a dash; not after any other movement - with Run,
    the dash's own movement does not cost the step (READINGS).
    """
    if f.stepped:
        return "e133.five-foot-step.once"
    if f.step_forbidden:
        return "e133.five-foot-step.forbidden"
    if f.withdrew_this_turn:
        return "e133.withdraw.no-step"
    run = "run" in f.features
    if f.dashed_this_turn and not run:
        return "e133.dash.no-step"
    if f.moved_any and not (f.dashed_this_turn and run):
        return STEP_AFTER_MOVING
    return None


def plan_five_foot_step(s: E133State, f: Fighter, p: FiveFootStep
                      ) -> Plan | Refusal:
    kind = "five_foot_step"
    mode = p.mode
    barred = five_foot_step_barred(f)
    if barred is not None:
        detail = f"{f.id} already moved this round" if barred == STEP_AFTER_MOVING else ""
        return refuse(barred, detail)
    if mode not in f.speeds:
        return refuse("e133.five-foot-step.listed-speed", f"{f.id} has no {mode} speed")
    if f.speeds[mode] <= 5:
        return refuse("e133.five-foot-step.slow")
    if p.difficult_terrain or p.dark:
        return refuse("e133.five-foot-step.terrain")
    to = five_feet(s, f, p, kind)
    plan = Plan(kind, "e133.five-foot-step.once", "none")
    if to is not None:
        plan.set(f.id, position=to)
    enemies = threateners(s, f, p, kind)
    plan.window = provocation(f.id, kind, "e133.five-foot-step.no-provoke", blocked=dict.fromkeys(
        enemies, "e133.five-foot-step.no-provoke"))
    plan.set(f.id, stepped=True, moved=f.moved + 5)
    return plan


def five_feet(s: E133State, f: Fighter, p: DifficultStep | FiveFootStep, kind: str
              ) -> list[int] | None:
    """The square a 5-foot move ends on in a placed encounter (it must be 5 feet away), or
    None in an unplaced one."""
    if not s.placed and p.to is None:
        return None
    dist, to = travel(s, f, p, kind, None)
    if dist != 5:
        raise BadActionError(f"{kind}: params.to: {to} is {dist} ft away; this moves 5 feet "
                             "(an adjacent square)")
    return to


def withdraw_barred(f: Fighter) -> tuple[str, str] | None:
    """The rule (and why) that bars a withdraw this turn after earlier movement, or ``None``.

    Shared by the planner and the legal-action listing: no withdraw in a round with a 5-foot
    step, nor after moving (it is the turn's whole movement).
    """
    if f.stepped:
        return "e133.withdraw.no-step", f"{f.id} took a 5-foot step this round"
    if f.moved_any:
        if restricted(f):
            # Restricted Withdraw: there the withdraw is the round's one standard action,
            # and the movement already made took that one action (Restricted Activity).
            return "e133.restricted.one-action", (f"{f.id} already moved this turn, its one "
                                                  "action under restricted activity")
        return "e133.withdraw.full-round", f"{f.id} already moved this turn"
    return None


def dash_barred(s: E133State, f: Fighter) -> tuple[str, str] | None:
    """The rule (and why) that bars a dash now whatever its params, after the terrain test,
    or ``None``: resting after a failed endurance check, a 5-foot step taken (without Run),
    movement already made. Shared by the planner and the legal-action listing.
    """
    if s.clock.round < f.rest_until:
        if s.clock.round == f.rest_until - 10:
            return "e133.dash.endurance", (f"{f.id} failed the Constitution check this round "
                                           "and must stop running")
        return "e133.dash.rest", f"{f.id} must rest until round {f.rest_until}"
    if f.stepped and "run" not in f.features:
        return "e133.dash.no-step", f"{f.id} took a 5-foot step this round"
    if f.moved_any:
        return "e133.dash.full-round", f"{f.id} already moved this turn"
    return None


def plan_withdraw(s: E133State, f: Fighter, p: Withdraw) -> Plan | Refusal:
    kind = "withdraw"
    mode = p.mode
    if f.withdrawn:
        return refuse("e133.withdraw.once")
    if "blinded" in f.conditions or p.blinded:
        return refuse("e133.withdraw.blinded")
    if mode not in f.speeds or f.speeds[mode] <= 0:
        return refuse("e133.withdraw.listed-speed", f"{f.id} has no {mode} speed")
    if not p.straight:
        return refuse("e133.withdraw.straight")
    barred = withdraw_barred(f)
    if barred is not None:
        return refuse(*barred)
    dist, to = travel(s, f, p, kind, p.distance)
    speed = f.speeds[mode]
    if restricted(f):
        limit, plan = 2 * speed, Plan(kind, "e133.withdraw.restricted", "standard")
        if dist > limit:
            return refuse("e133.withdraw.restricted", f"a restricted withdraw moves at "
                           f"most 2 × {speed} = {limit} ft")
    else:
        mult = 3 if f.armour == "heavy" else 4
        limit, plan = mult * speed, Plan(kind, "e133.withdraw.full-round", "full")
        if dist > limit:
            return refuse("e133.withdraw.distance", f"a withdraw moves at most {mult} × "
                           f"{speed} = {limit} ft")
    if s.clock.round < f.rest_until and dist > speed:
        return refuse("e133.dash.rest", f"{f.id} is resting: at most {speed} ft")
    refusal = pay(s, f, plan)
    if refusal is not None:
        return refusal
    # Visible enemies threatening the start square get no attack; unseen ones and the
    # squares passed later provoke as normal (Withdraw).
    unseen_ids = enemies_in(s, f, p.unseen_threatened_by, "unseen_threatened_by", kind)
    unseen: Threats
    passed: Threats
    if s.placed:
        # the start square, then the squares passed after it (not the one it ends on)
        declared(s, p, "passes_threatened_by", kind)
        squares = route_squares(f, p)
        visible = threateners(s, f, replace_to(p, None), kind)
        passed = dict(enemies_threatening(s, f, squares[1:-1]))
        # an unseen enemy provokes from the start square: its attack must reach that far
        diagonals = s.settings.diagonals
        unseen = {e: feet_between(s.fighters[e].position or squares[0], squares[0],
                                  diagonals) for e in unseen_ids}
    else:
        visible = threateners(s, f, p, kind)
        passed = dict.fromkeys(
            enemies_in(s, f, p.passes_threatened_by, "passes_threatened_by", kind))
        unseen = dict.fromkeys(unseen_ids)
    plan.window = window = provocation(f.id, kind, "e133.withdraw.start-square")
    answerable(window, unseen)
    answerable(window, passed)
    window.data["blocked"].update(
        {e: "e133.withdraw.start-square" for e in visible if e not in window.responders})
    plan.effects_add.append(effect_record(NO_DEX_TO_AC, f.id,
                                    next_turn_start(s, f)))
    plan.set(f.id, withdrawn=True, withdrew_this_turn=True, moved=f.moved + dist,
             moved_any=True)
    if to is not None:
        plan.set(f.id, position=to)
    return plan


def plan_flee(s: E133State, f: Fighter, p: Withdraw) -> Plan | Refusal:
    """Fleeing the encounter: a withdraw (all its rules: full-round, once per encounter, the
    start square, not blinded...) that carries the combatant out of the fight. It no longer
    counts for its side, takes no more turns and no reactions (e133.fight.flee)."""
    plan = plan_withdraw(s, f, p)
    if isinstance(plan, Refusal):
        return plan
    plan.kind = "flee"
    plan.rule = "e133.fight.flee"
    plan.set(f.id, fled=True)
    return plan


def plan_dash(s: E133State, f: Fighter, p: Dash) -> Plan | Refusal:
    kind = "dash"
    dist, to = travel(s, f, p, kind, p.distance)
    mode = p.mode
    if f.in_vehicle:
        return refuse("e133.vehicle.no-dash")
    if mode not in f.speeds or f.speeds[mode] <= 0:
        return refuse("e133.dash.listed-speed", f"{f.id} has no {mode} speed")
    if (p.difficult_terrain or "blinded" in f.conditions
            or not p.can_see):
        return refuse("e133.dash.terrain")
    barred = dash_barred(s, f)
    if barred is not None:
        return refuse(*barred)
    if dist > 2 * f.speeds[mode]:
        return refuse("e133.dash.distance", f"a dash moves at most 2 × {f.speeds[mode]} ="
                       f" {2 * f.speeds[mode]} ft")
    plan = Plan(kind, "e133.dash.full-round", "full")
    refusal = pay(s, f, plan)
    if refusal is not None:
        return refusal
    leave(s, f, plan, p)
    streak = f.dash_streak + 1
    plan.set(f.id, dashed_this_turn=True, dash_streak=streak, moved=f.moved + dist,
             moved_any=True)
    if to is not None:
        plan.set(f.id, position=to)
    if streak > f.con:
        # Endurance: DC 10 Constitution check, +1 for each check already made.
        dc = 10 + f.dash_checks
        plan.rule = "e133.dash.endurance"
        plan.roll = Roll("Constitution (dash)", (f.con - 10) // 2, dc, p.advantage,
                         p.disadvantage)
        plan.set(f.id, dash_checks=f.dash_checks + 1)
        # A failure stops the dash: nothing is spent but the rest starts this round.
        plan.fail_sets = {f.id: {"dash_streak": 0, "dash_checks": 0,
                                 "rest_until": s.clock.round + 10}}
        plan.fail_pay = []
        plan.fail_effects_remove = []
    return plan
