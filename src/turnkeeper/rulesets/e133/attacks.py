"""Attacks: the attack action (Extra Attack), full attack, charge and attacks of opportunity.
Element 133, Action Economy: Attack; Multiple Attacks; Charge; Attacks of Opportunity."""

from __future__ import annotations

from turnkeeper.core.model import (
    BadActionError,
    Refusal,
)
from turnkeeper.rulesets.e133.actions import (
    Aoo,
    Attack,
    Charge,
    FullAttack,
)
from turnkeeper.rulesets.e133.economy import (
    leave,
    pay,
    provoke,
    simple,
)
from turnkeeper.rulesets.e133.plan import (
    Plan,
    Roll,
    dex_lost,
    has_effect,
    refuse,
    target_of,
    travel,
    weapon_of,
)
from turnkeeper.rulesets.e133.reach import attack_reach, feet_between, melee_reach
from turnkeeper.rulesets.e133.standard import unseen_attack
from turnkeeper.rulesets.e133.state import COVERS, E133State, Fighter

# -- attacks -------------------------------------------------------------------------
MELEE_MODES = ("melee", "unarmed", "improvised")


def attack_roll(s: E133State, f: Fighter, g: Fighter, p: Attack | Aoo | FullAttack | Charge,
                 kind: str, plan: Plan, mode: str, *, weapon: str | None = None,
                 origin: list[int] | None = None, check_reach: bool = True) -> Refusal | None:
    """Fill in the attack roll of ``f`` on ``g`` in ``mode`` (with ``weapon``: its bonus and
    damage profile), or refuse. In a placed encounter a melee attack reaches only a target
    within its reach from ``origin`` (default where ``f`` stands)."""
    if g.id == f.id:
        raise BadActionError(f"{kind}: a combatant cannot attack itself")
    if g.cover == "total":
        return refuse("e133.cover", f"{g.id} is behind total cover and cannot be targeted")
    if s.placed and check_reach and mode in MELEE_MODES:
        square = origin if origin is not None else f.position
        assert square is not None and g.position is not None
        feet = feet_between(square, g.position, s.settings.diagonals)
        reach = attack_reach(f, weapon)
        if feet > reach:
            return refuse("e133.attack.reach", f"{g.id} is {feet} ft away; {f.id}'s melee "
                          f"attack{' with ' + weapon if weapon else ''} reaches {reach} ft")
    # The params win; left out, the weapon's bonus, else the attacker's set-up bonus for the
    # mode, and the target's set-up AC are used (legal_actions offers them filled in).
    bonus = p.attack_bonus
    spec = f.weapons[weapon] if weapon is not None else None
    if bonus is None and spec is not None:
        bonus = spec.get("attack_bonus")
    if bonus is None:
        bonus = f.attack_bonus.get(mode)
    ac = p.ac
    if ac is None:
        ac = g.ac
    # Hide: a hidden attacker is unseen (advantage), a hidden target unseen (disadvantage);
    # any advantage with any disadvantage is a plain roll (e133.hide).
    unseen, target_unseen = unseen_attack(s, f, g)
    seen = p.target_sees_attacker and not unseen
    # Dodge: disadvantage against a dodger who can see the attacker (Dodge).
    dis = seen and has_effect(s, g.id, "dodge") is not None
    plan.attack = {"target": g.id, "cover_bonus": COVERS[g.cover], "disadvantage": dis}
    if unseen:
        plan.attack["unseen_attacker"] = True
        # attacking gives its place away, hit or miss: it is hidden no more (e133.hide)
        plan.set(f.id, hidden=False)
    if target_unseen:
        plan.attack["unseen_target"] = True
    # the damage profile: the weapon's own (fold.py, "weapon:NAME"), else the mode's
    plan.strike = (f"weapon:{weapon}" if spec is not None and "damage" in spec else mode, g.id)
    # A withdrawing target has lost its Dexterity bonus to AC until its next turn (Withdraw):
    # the AC (the param or the set-up's, the target's normal AC) is lowered by it.
    lost = dex_lost(s, g)
    if lost:
        plan.attack["dex_lost"] = lost
    if bonus is not None and ac is not None:
        plan.roll = Roll(f"attack on {g.id}", bonus, ac - lost + COVERS[g.cover],
                         p.advantage or unseen, dis or target_unseen or p.disadvantage,
                         attack=True)
    return None


def attack_weapon(f: Fighter, p: Attack, kind: str) -> tuple[str, Refusal | None]:
    """The attack's mode, from ``mode`` or the named weapon (which must be drawn)."""
    if p.weapon is None:
        return p.mode or "melee", None
    spec = weapon_of(f, p.weapon, kind)
    if p.mode is not None and (p.mode == "ranged") != (spec["kind"] == "ranged"):
        raise BadActionError(f"{kind}: params.mode: {p.weapon} is a {spec['kind']} weapon, "
                             f"not {p.mode}")
    if not spec.get("drawn", True):
        return "melee", refuse("e133.weapon.draw", f"{p.weapon} is not drawn; drawing it is a "
                               "move action")
    return p.mode or str(spec["kind"]), None


def plan_attack(s: E133State, f: Fighter, p: Attack) -> Plan | Refusal:
    mode, undrawn = attack_weapon(f, p, "attack")
    if undrawn is not None:
        return undrawn
    g = target_of(s, p.target, "attack")
    if g.cover == "total":
        return refuse("e133.cover", f"{g.id} is behind total cover and cannot be targeted")
    if f.attacks_left > 0:
        # Extra Attack: further attacks of the same attack action cost nothing more.
        plan = Plan("attack", "e133.attack.extra-attack", "none")
        plan.set(f.id, attacks_left=f.attacks_left - 1)
    else:
        rule = "e133.attack.standard"
        if f.attack_action_used and f.budget.left("standard") < 1 and f.attacks > 1:
            rule = "e133.attack.extra-attack"
        plan = Plan("attack", rule, "standard")
        refusal = pay(s, f, plan)
        if refusal is not None:
            if rule == "e133.attack.extra-attack" and refusal.rule == "e133.economy.standard":
                return refuse(refusal.rule, f"all {f.attacks} attacks of the attack action are "
                              "made, and no standard action is left for another",
                              also=refusal.also)
            return refusal
        plan.set(f.id, attacks_left=f.attacks - 1, attack_action_used=True)
    refusal = attack_roll(s, f, g, p, "attack", plan, mode, weapon=p.weapon)
    if refusal is not None:
        return refusal
    provoke(s, f, plan, p, attack_provokes(mode))
    return plan


def attack_provokes(mode: str) -> bool:
    """Table: melee attacks do not provoke; ranged, unarmed and spell attacks do (an
    improvised weapon swung in melee is a melee attack; thrown, it is ranged)."""
    return mode not in ("melee", "improvised")


def plan_full_attack(s: E133State, f: Fighter, p: FullAttack) -> Plan | Refusal:
    """A full attack (a full-round action): its first attack is rolled with it, like an
    attack (hit, crit, damage, drop), and the attack action's other attacks (Extra Attack)
    follow as ``attack`` actions that cost nothing more (e133.attack.full-attack)."""
    g = None if p.target is None else target_of(s, p.target, "full_attack")
    if g is not None and g.cover == "total":
        return refuse("e133.cover", f"{g.id} is behind total cover and cannot be targeted")
    ranged = p.mode not in ("melee", "improvised")
    plan = simple(s, f, p, "full_attack", "e133.attack.full-attack", "full",
                  g is not None and ranged)
    if isinstance(plan, Refusal):
        return plan
    if g is None:
        # declared only: every attack of the action is still to be made
        plan.set(f.id, attacks_left=f.attacks, attack_action_used=True)
        return plan
    plan.set(f.id, attacks_left=f.attacks - 1, attack_action_used=True)
    return attack_roll(s, f, g, p, "full_attack", plan, p.mode) or plan


def plan_charge(s: E133State, f: Fighter, p: Charge) -> Plan | Refusal:
    """A charge: a full-round action that moves up to twice the land speed and ends with one
    melee attack on the target, rolled like an attack (e133.attack.charge)."""
    if f.stepped:
        # A charge moves: no movement in a round with a 5-foot step (Take 5-Foot Step).
        return refuse("e133.five-foot-step.no-other-movement",
                       f"{f.id} took a 5-foot step this round")
    g = None if p.target is None else target_of(s, p.target, "charge")
    if g is not None and g.cover == "total":
        return refuse("e133.cover", f"{g.id} is behind total cover and cannot be targeted")
    limit = 2 * f.speeds.get("walk", 0)
    if s.placed or p.to is not None:
        dist, to = travel(s, f, p, "charge", p.distance)
    else:
        dist, to = p.distance or 0, None
    if dist > limit:
        return refuse("e133.attack.charge", f"a charge moves at most twice the land speed, "
                      f"{limit} ft, not {dist}")
    if s.clock.round < f.rest_until and f.moved + dist > limit // 2:
        # Dash: resting after a failed endurance check, no faster than a normal move action
        return refuse("e133.dash.rest", f"{f.id} is resting after a dash: a charge of at "
                      f"most {limit // 2} ft this round")
    plan = simple(s, f, p, "charge", "e133.attack.charge", "full", False)
    if isinstance(plan, Refusal):
        return plan
    leave(s, f, plan, p)
    plan.set(f.id, moved_any=True, moved=f.moved + dist)
    if to is not None:
        plan.set(f.id, position=to)
    if g is None:
        return plan
    # the attack comes at the end of the move: its reach counts from where the charge ends
    return attack_roll(s, f, g, p, "charge", plan, "melee", origin=to) or plan


def plan_aoo(s: E133State, f: Fighter, p: Aoo) -> Plan | Refusal:
    g = target_of(s, p.target, "aoo")
    w = s.window
    if "down" in f.conditions:
        return refuse("e133.aoo.reaction", f"{f.id} is down")
    if f.fled:
        return refuse("e133.fight.flee", f"{f.id} has fled the encounter")
    if not f.can_act:
        # Dropped: no actions and no reactions (reference/e133.md, Hit points and damage).
        return refuse("e133.fight.drop.no-actions", f"{f.id} is {f.health and f.health.status}"
                      " and takes no reactions", also=tuple(f.fallen_by))
    if w is None or w["provoker"] != g.id:
        return refuse("e133.aoo.reaction", f"{g.id} has just done nothing that provokes")
    if f.id in w["blocked"]:
        return refuse(w["blocked"][f.id],
                       f"{g.id}'s {w['kind']} does not provoke from {f.id}")
    if f.id not in w["responders"]:
        # Only a threatening enemy may answer; whether a bystander threatens changes nothing
        # (issue 12). When the action provoked nobody at all, the rule that says why is added.
        also = () if w["responders"] else (w["why_not"],)
        if s.placed:
            why = (f"{f.id} (reach {melee_reach(f)} ft) did not threaten the squares {g.id} "
                   f"left or stood on for its {w['kind']}")
        else:
            why = (f"{f.id} was not named among the enemies threatening {g.id} when it took "
                   f"its {w['kind']} (threatened_by, leaves_threatened_by)")
        return refuse("e133.aoo.reaction", why, also=also)
    if f.id in w["answered"]:
        return refuse("e133.aoo.once")
    if p.weapon is not None:
        weapon = weapon_of(f, p.weapon, "aoo")
        if weapon["kind"] == "ranged":
            return refuse("e133.aoo.melee-weapon", f"{p.weapon} is a ranged weapon; an attack "
                          "of opportunity is a melee attack")
        if not weapon.get("drawn", True):
            return refuse("e133.weapon.draw", f"{p.weapon} is not drawn")
    # Threat is measured with the longest drawn weapon; the attack itself must reach the
    # square where the provoker provoked with the weapon it is made with (issue 12: a reach
    # weapon's threat does not lend a dagger its reach).
    away = w.get("feet", {}).get(f.id)
    if away is not None:
        reach = attack_reach(f, p.weapon)
        if away > reach:
            with_what = (f"with {p.weapon}" if p.weapon is not None
                         else "with its longest drawn weapon")
            return refuse("e133.aoo.reaction", f"{g.id} provoked {away} ft from {f.id}; "
                          f"{f.id}'s attack {with_what} reaches only {reach} ft",
                          also=("e133.attack.reach",))
    plan = Plan("aoo", "e133.aoo.reaction", "reaction", keep_window=True, answer=True)
    refusal = pay(s, f, plan)
    if refusal is not None:
        return refusal
    # An attack of opportunity is a melee attack (Attacks of Opportunity); whether it reaches
    # was settled above, from where the provoker provoked, not where it stands now.
    return attack_roll(s, f, g, p, "aoo", plan, "melee", weapon=p.weapon,
                       check_reach=False) or plan
