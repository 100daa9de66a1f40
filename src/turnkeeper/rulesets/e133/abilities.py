"""Casting, abilities and concentration; skills and features.
Element 133, Action Economy: Cast a Spell or Program; Concentration; Use Special Ability;
Spell-Like / Supernatural / Extraordinary Abilities; Use Skill; Use Feature."""

from __future__ import annotations

from typing import Any

from turnkeeper.core.mechanics import Expiry
from turnkeeper.core.model import (
    BadActionError,
    Refusal,
)
from turnkeeper.core.schema import Params
from turnkeeper.rulesets.e133.actions import (
    Cast,
    Concentrate,
    ConcentrationCheck,
    Dismiss,
    UseAbility,
    UseFeature,
    UseSkill,
)
from turnkeeper.rulesets.e133.economy import (
    Provocation,
    pay,
    provoke,
    simple,
    taken,
)
from turnkeeper.rulesets.e133.plan import (
    Plan,
    Roll,
    effect_record,
    incapacitated,
    is_current,
    refuse,
    target_of,
)
from turnkeeper.rulesets.e133.state import E133State, Fighter


# -- casting and concentration -------------------------------------------------------
def ended_refusal(f: Fighter, name: str) -> Refusal | None:
    rule = f.ended.get(name)
    if rule is None:
        return None
    return refuse(rule, f"{name} has already ended ({rule})")


def plan_cast(s: E133State, f: Fighter, p: Cast) -> Plan | Refusal:
    spell = p.spell
    time = p.casting_time
    conc = p.concentration
    duration = p.duration_rounds
    target = cast_target(s, p, "cast")
    refusal = cast_refusal(f, p)
    if refusal is not None:
        return refusal
    cost = {"full_round": "full"}.get(time, time)
    plan = Plan("cast", "e133.cast.standard", cost)
    refusal = pay(s, f, plan)
    if refusal is not None:
        return refusal
    provoke(s, f, plan, p, True)
    start_ability(s, f, plan, spell, conc, duration, "spell", target)
    return plan


def cast_target(s: E133State, p: Cast, kind: str) -> str | None:
    """Whom the effect is on: the caster keeps it (concentration, dismissal), the target
    bears it; either way its duration runs from the count it began on."""
    if p.duration_rounds is not None and p.duration_rounds < 1:
        raise BadActionError(f"{kind}: param 'duration_rounds' must be at least 1")
    return target_of(s, p.target, kind).id if p.target is not None else None


def cast_refusal(f: Fighter, p: Cast) -> Refusal | None:
    """What bars ``f`` from casting ``p`` now, whatever it costs (Concentration)."""
    conc = p.concentration
    if conc and incapacitated(f):
        return refuse("e133.cast.cannot-concentrate")
    if conc and f.concentrating is not None:
        return refuse("e133.cast.concentration-one",
                       f"{f.id} already concentrates on {f.concentrating['ability']}")
    if conc and f.piloting:
        # Piloting a vehicle that needs concentration is the one thing concentrated on this
        # round (Pilot Vehicle; Concentration): no concentration spell beside it.
        return refuse("e133.cast.concentration-one", f"{f.id} pilots a vehicle that needs "
                      "concentration this round; it can concentrate on nothing else",
                      also=("e133.vehicle.concentration",))
    return None


def start_ability(s: E133State, f: Fighter, plan: Plan, name: str, conc: bool,
                   duration: int | None, kind: str, target: str | None = None) -> None:
    on = {} if target is None else {"target": target}
    if duration is not None:
        # e133.round.duration: it ends just before this count, ``duration`` rounds on.
        count = s.clock.current_count() or 0
        exp = Expiry("before_count", round=s.clock.round + duration, count=count)
        plan.effects_add.append(effect_record(name, f.id, exp, ability=name, concentration=conc,
                                        **on))
    elif conc:
        plan.effects_add.append(effect_record(name, f.id, Expiry("manual"), ability=name,
                                        concentration=True, **on))
    ended = {k: v for k, v in f.ended.items() if k != name}
    plan.set(f.id, ended=ended, pending={"ability": name, "type": kind, "conc": conc})
    if conc:
        plan.set(f.id, concentrating={"ability": name, "round": s.clock.round,
                                      "maintained": True})


def plan_concentrate(s: E133State, f: Fighter, p: Concentrate) -> Plan | Refusal:
    return taken(s, f, p, Plan("concentrate", "e133.concentrate.maintain", "standard"),
                 concentrate_part)


def concentrate_part(s: E133State, f: Fighter, p: Concentrate, plan: Plan
                     ) -> Provocation | Refusal:
    """Concentrating keeps the active ability going this turn; it needs one to concentrate
    on and someone able to; it provokes nothing."""
    name = p.ability
    c = f.concentrating
    if c is None or (name is not None and c["ability"] != name):
        if name is not None and (gone := ended_refusal(f, name)) is not None:
            return gone
        return refuse("e133.concentrate.maintain",
                       f"{f.id} has no active ability{' ' + name if name else ''} "
                       "to concentrate on")
    if incapacitated(f):
        return refuse("e133.cast.cannot-concentrate")
    plan.set(f.id, concentrating={**c, "maintained": True})
    return False, "e133.concentrate.maintain"


def plan_dismiss(s: E133State, f: Fighter, p: Dismiss) -> Plan | Refusal:
    return taken(s, f, p, Plan("dismiss", "e133.concentrate.dismiss", "free"), dismiss_part)


def dismiss_part(s: E133State, f: Fighter, p: Dismiss, plan: Plan) -> Provocation | Refusal:
    """Dismissing an active ability ends it (and the concentration on it); no provocation."""
    name = p.ability
    c = f.concentrating
    active = [e.id for e in s.effects if e.holder == f.id and e.name == name]
    if not active and (c is None or c["ability"] != name):
        return ended_refusal(f, name) or refuse(
            "e133.concentrate.dismiss", f"{f.id} has no active ability {name} to dismiss")
    plan.effects_remove = active
    plan.set(f.id, ended={**f.ended, name: "e133.concentrate.dismiss"})
    if c is not None and c["ability"] == name:
        plan.set(f.id, concentrating=None)
    return False, "e133.concentrate.dismiss"


def plan_concentration_check(s: E133State, f: Fighter, p: ConcentrationCheck
                           ) -> Plan | Refusal:
    dc = p.dc
    pend = f.pending
    if pend is not None and pend["type"] in ("supernatural", "extraordinary"):
        rule = f"e133.ability.{pend['type']}"
        return refuse(rule, f"{pend['ability']} ({pend['type']}) cannot be disrupted")
    if pend is not None and pend["type"] in ("spell", "spell_like"):
        name = pend["ability"]
    elif f.concentrating is not None:
        name = f.concentrating["ability"]
    else:
        return refuse("e133.concentrate.check",
                       f"{f.id} has no effort under way that could be disrupted")
    plan = Plan("concentration_check", "e133.concentrate.check", "none", keep_window=True)
    plan.roll = Roll(f"concentration ({name})", f.concentration, dc, p.advantage,
                     p.disadvantage)
    plan.fail_sets = {f.id: {"ended": {**f.ended, name: "e133.concentrate.check"},
                             "pending": None}}
    if f.concentrating is not None and f.concentrating["ability"] == name:
        plan.fail_sets[f.id]["concentrating"] = None
    plan.fail_effects_remove = [e.id for e in s.effects
                                if e.holder == f.id and e.name == name]
    return plan


def plan_use_ability(s: E133State, f: Fighter, p: UseAbility) -> Plan | Refusal:
    name = p.ability
    ab, rule = ability_of(f, name, "use_ability")
    atype, time = ab["type"], ab["action"]
    refusal = ability_refusal(f, name, ab)
    if refusal is not None:
        return refusal
    cost = {"full_round": "full"}.get(time, time)
    off_turn_ok = time == "reaction" or (time == "none" and atype == "extraordinary")
    if not is_current(s, f.id) and not off_turn_ok:
        return refuse("e133.round.own-turn", f"it is {s.clock.current()}'s turn")
    if ab.get("no_step") and f.stepped:
        return refuse("e133.five-foot-step.forbidden", f"{name} forbids the 5-foot step, and "
                      f"{f.id} took one this round")
    plan = Plan("use_ability", rule, cost)
    refusal = pay(s, f, plan)
    if refusal is not None:
        return refusal
    if ab.get("no_step"):
        plan.set(f.id, step_forbidden=True)
    ability_used(s, f, plan, p, name, ab, rule)
    return plan


def ability_of(f: Fighter, name: str, kind: str) -> tuple[dict[str, Any], str]:
    """``f``'s ability ``name`` (a ``BadActionError`` if it has none) and its rule."""
    ab = f.abilities.get(name)
    if ab is None:
        raise BadActionError(f"{kind}: {f.id} has no ability {name!r}; known: "
                             f"{', '.join(f.abilities) or 'none'}")
    rule = {"special": "e133.ability.special", "spell_like": "e133.ability.spell-like",
            "supernatural": "e133.ability.supernatural",
            "extraordinary": "e133.ability.extraordinary"}[ab["type"]]
    return ab, rule


def ability_refusal(f: Fighter, name: str, ab: dict[str, Any]) -> Refusal | None:
    """What bars ``f`` from using ``name`` now, whatever it costs: no uses left; a spell-like
    ability needs someone able to concentrate."""
    if name in f.uses and f.uses[name] < 1:
        return refuse("e133.ability.uses", f"{name} has no uses left")
    if ab["type"] == "spell_like" and incapacitated(f):
        return refuse("e133.cast.cannot-concentrate")
    return None


def ability_used(s: E133State, f: Fighter, plan: Plan, p: Params, name: str,
                 ab: dict[str, Any], rule: str) -> None:
    """What using ``name`` does beside its cost: it may provoke, spends a use, and is an
    effort under way (a spell-like one can be disrupted)."""
    # Spell-like abilities provoke like casting; a special ability only if its description
    # says so (it is not in the table); supernatural and extraordinary ones never.
    provoke(s, f, plan, p, bool(ab.get("provokes", ab["type"] == "spell_like")), rule)
    if name in f.uses:
        plan.set(f.id, uses={**f.uses, name: f.uses[name] - 1})
    plan.set(f.id, pending={"ability": name, "type": ab["type"], "conc": False})


def plan_use_skill(s: E133State, f: Fighter, p: UseSkill) -> Plan | Refusal:
    time = p.action
    plan: Plan | Refusal
    if time in ("reaction", "none"):
        plan = without_action(s, f, p, "use_skill", "e133.skill.other-times", time, p.provokes,
                              "e133.skill")
    else:
        if not is_current(s, f.id):
            return refuse("e133.round.own-turn", f"it is {s.clock.current()}'s turn, not "
                          f"{f.id}'s; only a skill used as a reaction or with no action "
                          "is used off one's turn")
        # "Usually" provokes: unless the skill says it does not (READINGS).
        provokes = True if p.provokes is None else p.provokes
        plan = simple(s, f, p, "use_skill", "e133.skill",
                      {"full_round": "full"}.get(time, time), provokes, "e133.skill")
    if isinstance(plan, Plan):
        plan.roll = skill_roll(p)
    return plan


def skill_roll(p: UseSkill) -> Roll | None:
    """The skill's check when a DC is given (d20 + modifier), else none."""
    if p.dc is None:
        return None
    return Roll(f"skill {p.skill}", p.modifier, p.dc, p.advantage, p.disadvantage)


def without_action(s: E133State, f: Fighter, p: Params, kind: str, rule: str, time: str,
                   provokes: bool | None, why: str) -> Plan | Refusal:
    """A skill or feature used as a reaction or taking no action at all (e133.skill.other-times,
    e133.feature): one rule for both kinds. It takes no action of the turn, so it does not
    provoke (READINGS speaks of a skill that takes an action) unless ``provokes`` says so on
    one's own turn; a reaction pays the round's bonus / reaction slot (charged to the coming
    turn off it). It keeps an open window of attacks of opportunity: taken while another's
    provoking action waits for its answers, it must not replace it - so a use that would
    provoke there (a reaction, or off one's turn) is refused, named, not accepted with its
    ``provokes`` ignored. A surprised combatant takes nothing before its first turn, not even
    what takes no action (a reaction is refused by the reaction rule, as any reaction)."""
    own_turn = is_current(s, f.id)
    if not own_turn and f.surprised and time == "none":
        return refuse("e133.round.surprised", f"{f.id} is surprised and acts from its first "
                      "turn")
    if provokes and (time == "reaction" or not own_turn):
        what = "a reaction" if time == "reaction" else "a use taking no action off its turn"
        return refuse(rule, f"{f.id}'s {kind.removeprefix('use_')} as {what} cannot provoke: "
                      "it takes no action of a turn and leaves any open window of attacks of "
                      "opportunity as it is; a provoking use takes an action on its turn")
    if time == "reaction":
        plan = Plan(kind, rule, "reaction", keep_window=True)
        return pay(s, f, plan) or plan
    if not own_turn:
        return Plan(kind, rule, "none", keep_window=True)
    return simple(s, f, p, kind, rule, "none", bool(provokes), why)


def plan_use_feature(s: E133State, f: Fighter, p: UseFeature) -> Plan | Refusal:
    time = p.action
    if p.feature not in f.features:
        return refuse("e133.feature", f"{f.id} does not have the feature {p.feature}")
    if not is_current(s, f.id) and time not in ("reaction", "none"):
        return refuse("e133.round.own-turn", f"it is {s.clock.current()}'s turn")
    if time in ("reaction", "none"):
        # the times a skill has too, under the same rule (abilities.without_action)
        return without_action(s, f, p, "use_feature", "e133.feature", time, p.provokes,
                              "e133.aoo.table")
    return taken(s, f, p, Plan("use_feature", "e133.feature",
                               {"full_round": "full"}.get(time, time)), feature_part)


def feature_part(s: E133State, f: Fighter, p: UseFeature, plan: Plan
                 ) -> Provocation | Refusal:
    """Using a feature one has; it provokes when ``provokes`` says so. Fired as a readied
    action, a feature whose use is a reaction or takes no action cannot provoke (as on its
    own, ``without_action``)."""
    if p.feature not in f.features:
        return refuse("e133.feature", f"{f.id} does not have the feature {p.feature}")
    if p.provokes and p.action in ("reaction", "none"):
        return refuse("e133.feature", f"{f.id}'s feature as a {p.action} use cannot provoke: "
                      "it takes no action of a turn")
    return p.provokes, "e133.aoo.table"
