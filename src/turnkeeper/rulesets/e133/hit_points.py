"""The fight wired into the ruleset: an attack that hits deals damage, 0 HP drops, death
saves at the start of a dropped combatant's turn, and the game master's hit-point overrides.

The rules themselves are the pure functions of ``fight/`` (docs/rulesets/e133-fight.md);
this module turns their results into events. Conventions: reference/e133.md, "Hit points and
damage" (d20 SRD / 5e). A combatant whose set-up gives no ``max_hp`` has no hit points: hits
on it change nothing, as before the fight existed.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from turnkeeper.core.model import BadActionError, Event, Refusal
from turnkeeper.dice import roll_value
from turnkeeper.dice.source import DiceSource
from turnkeeper.rulesets.e133.actions import ApplyDamage, GrantTemporaryHp, Heal
from turnkeeper.rulesets.e133.fight.attack import Defences, damage_dealt
from turnkeeper.rulesets.e133.fight.health import (
    DamageTaken,
    Health,
    death_save,
    grant_temporary_hp,
    heal,
    take_damage,
)
from turnkeeper.rulesets.e133.plan import FightOdds, Plan, refuse, target_of
from turnkeeper.rulesets.e133.state import E133State, Fighter

NO_DEFENCES = Defences()


def health_record(health: Health) -> dict[str, Any]:
    """The health as the events record it (the fold rebuilds it from this)."""
    return dataclasses.asdict(health)


def fight_odds(f: Fighter, g: Fighter, mode: str) -> FightOdds | None:
    """What the damage odds of ``f``'s attack in ``mode`` on ``g`` need, when both sides
    have the fight (a damage profile for the mode; hit points)."""
    profile = f.profiles.get(mode)
    if profile is None or g.health is None:
        return None
    return (profile, g.defences, g.health)


def defence_rules(g: Fighter, damage_type: str | None) -> list[str]:
    """The defence rules ``g`` applies to damage of ``damage_type``."""
    if damage_type is None:
        return []
    if damage_type in g.defences.immune:
        return ["e133.fight.damage.immune"]
    return ([r for r, kinds in (("e133.fight.damage.resist", g.defences.resistant),
                                ("e133.fight.damage.vulnerable", g.defences.vulnerable))
             if damage_type in kinds])


def damage_events(state: E133State, source: str, g: Fighter, dealt: int, rolled: int,
                  damage_type: str | None, critical: bool, faces: list[int],
                  blow: list[str]) -> list[Event]:
    """The events of ``dealt`` damage reaching ``g``: ``damage_dealt``, then ``dropped`` or
    ``died`` when it did that (rules e133.fight.hp.temporary-first, e133.fight.drop.at-zero,
    e133.fight.drop.down-means-out, e133.fight.death.damage-at-zero,
    e133.fight.death.massive).

    ``blow`` are the rules that made the damage what it is (the hit, the crit, the
    defences); a ``dropped`` or ``died`` event records them with its own as ``rules``: a
    refusal of the fallen combatant's actions names them (``Fighter.fallen_by``).
    """
    assert g.health is not None
    before = g.health
    taken: DamageTaken = take_damage(before, dealt, critical=critical,
                                     drop_rule=state.settings.drop_rule)
    after = taken.after
    at_zero = before.status in ("dropped", "stable")
    rules = list(blow)
    if taken.absorbed_by_temporary:
        rules.append("e133.fight.hp.temporary-first")
    if at_zero and dealt:
        rules.append("e133.fight.death.damage-at-zero")
    data: dict[str, Any] = {
        "target": g.id, "source": source, "faces": faces, "rolled_total": rolled,
        "damage_type": damage_type or "untyped", "critical": critical, "damage": dealt,
        "temporary_absorbed": taken.absorbed_by_temporary, "hp_before": before.hp,
        "hp_after": after.hp, "rules": list(rules), "health": health_record(after),
    }
    events = [Event("damage_dealt", data)]
    if taken.died_now:
        # Killed outright (massive damage), or the third failure from damage at 0 HP.
        massive = not at_zero or dealt - taken.absorbed_by_temporary >= before.max_hp
        rule = "e133.fight.death.massive" if massive else "e133.fight.death.three"
        events.append(Event("died", {
            "target": g.id, "cause": "massive_damage" if massive else "death_saves",
            "rules": [*rules, rule]}))
    elif taken.dropped_now:
        rule = ("e133.fight.drop.down-means-out" if after.status == "out"
                else "e133.fight.drop.at-zero")
        events.append(Event("dropped", {"target": g.id, "status": after.status,
                                        "rules": [*rules, rule]}))
    return events


def strike_events(state: E133State, f: Fighter, g: Fighter, mode: str, critical: bool,
                  dice: DiceSource) -> list[Event]:
    """An attack by ``f`` in ``mode`` has hit ``g``: roll the damage (a crit doubles the
    dice, e133.fight.attack.crit-dice), apply ``g``'s defences (e133.fight.damage.*) and its
    hit points. Nothing when either side lacks the fight."""
    profile = f.profiles.get(mode)
    if profile is None or g.health is None:
        return []
    record = roll_value(profile.damage_expression(critical=critical), dice)
    rolled = int(record.total)
    dealt = damage_dealt(rolled, profile.damage_type, g.defences)
    blow = ["e133.fight.attack.hit"]
    if critical:
        blow += ["e133.fight.attack.naturals", "e133.fight.attack.crit"]
    return damage_events(state, f.id, g, dealt, rolled, profile.damage_type, critical,
                         [int(face) for face in record.faces],
                         blow + defence_rules(g, profile.damage_type))


def death_save_event(f: Fighter, dice: DiceSource) -> Event | None:
    """At the start of a dropped combatant's turn, its death save (e133.fight.death.save,
    .natural-20, .natural-1, .three); ``None`` for anyone else."""
    if f.health is None or f.health.status != "dropped":
        return None
    save = death_save(f.health, dice.die(20))
    after = save.after
    result = {"up": "revived", "stable": "stable", "dead": "dead"}.get(
        after.status, "success" if after.successes > f.health.successes else "failure")
    rules = ["e133.fight.death.save"]
    if save.natural in (1, 20):
        rules.append("e133.fight.death.naturals")
    if result in ("stable", "dead"):
        rules.append("e133.fight.death.three")
    return Event("death_save_rolled", {
        "target": f.id, "natural": save.natural, "successes": after.successes,
        "failures": after.failures, "result": result, "health": health_record(after),
        "rules": [] if result == "revived" else rules,
    })


# -- the game master's overrides (recorded commands like set_condition) -------------------
def _with_health(state: E133State, target: str, kind: str) -> Fighter:
    g = target_of(state, target, kind)
    if g.health is None:
        raise BadActionError(f"{kind}: params.target: {g.id} has no hit points (its set-up "
                             "gives no max_hp)")
    return g


def plan_apply_damage(s: E133State, f: Fighter | None, p: ApplyDamage) -> Plan | Refusal:
    g = _with_health(s, p.target, "apply_damage")
    assert g.health is not None
    if p.damage_type is not None and p.damage_type in g.defences.immune:
        return refuse("e133.fight.damage.immune", f"{g.id} is immune to {p.damage_type} "
                      "damage: it would take none")
    if g.health.status in ("dead", "out", "fled"):
        return refuse("e133.fight.heal.not-dead", f"{g.id} is {g.health.status}: out of "
                      "the encounter", also=tuple(g.fallen_by))
    dealt = (p.amount if p.damage_type is None
             else damage_dealt(p.amount, p.damage_type, g.defences))
    plan = Plan("apply_damage", "gm", "none", keep_window=True)
    plan.fight_events = [(e.type, dict(e.data)) for e in damage_events(
        s, "gm", g, dealt, p.amount, p.damage_type, p.critical, [],
        defence_rules(g, p.damage_type))]
    return plan


def plan_heal(s: E133State, f: Fighter | None, p: Heal) -> Plan | Refusal:
    g = _with_health(s, p.target, "heal")
    assert g.health is not None
    after = heal(g.health, p.amount)
    if isinstance(after, str):
        return refuse(after, f"{g.id} is {g.health.status}: healing cannot bring it back",
                      also=("e133.fight.heal.revives", *g.fallen_by))
    if after == g.health:
        return refuse("e133.fight.heal.max", f"{g.id} is at its maximum of "
                      f"{g.health.max_hp} hit points: healing {p.amount} changes nothing")
    plan = Plan("heal", "e133.fight.heal.revives" if g.health.status != "up"
                else "e133.fight.heal.max", "none", keep_window=True)
    plan.fight_events = [("healed", {
        "target": g.id, "amount": p.amount, "hp_after": after.hp,
        "revived": g.health.status != "up", "health": health_record(after)})]
    return plan


def plan_grant_temporary_hp(s: E133State, f: Fighter | None, p: GrantTemporaryHp
                            ) -> Plan | Refusal:
    g = _with_health(s, p.target, "grant_temporary_hp")
    assert g.health is not None
    after = grant_temporary_hp(g.health, p.amount)
    if after == g.health:
        return refuse("e133.fight.hp.temporary-no-stack", f"{g.id} already has "
                      f"{g.health.temporary_hp} temporary hit points; {p.amount} do not add "
                      "to them nor replace them")
    plan = Plan("grant_temporary_hp", "e133.fight.hp.temporary-no-stack", "none",
                keep_window=True)
    plan.fight_events = [("temporary_hp_granted", {
        "target": g.id, "amount": p.amount, "replaced": g.health.temporary_hp,
        "health": health_record(after)})]
    return plan
