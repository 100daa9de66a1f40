"""The other standard actions of Table: Standard Actions (aid another, sunder, disengage,
dodge and its Dexterity save, the plain rows) and hide (a bonus action)."""

from __future__ import annotations

from typing import Any

from turnkeeper.core.model import Refusal
from turnkeeper.rulesets.e133.actions import (
    TABLE_ROWS,
    AidAnother,
    DexteritySave,
    Hide,
    Provoking,
    Sunder,
    TableRow,
)
from turnkeeper.rulesets.e133.economy import Provocation, simple, taken
from turnkeeper.rulesets.e133.plan import (
    D20_DIE,
    Plan,
    Roll,
    effect_record,
    has_effect,
    incapacitated,
    next_turn_start,
    refuse,
)
from turnkeeper.rulesets.e133.state import COVERS, E133State, Fighter


# -- standard-action table rows -------------------------------------------------------
def row_planner(kind: str) -> Any:
    rule, provokes = TABLE_ROWS[kind]

    def planner(s: E133State, f: Fighter, p: TableRow) -> Plan | Refusal:
        plan = simple(s, f, p, kind, rule, "standard", provokes)
        if isinstance(plan, Plan):
            row_effects(s, f, kind, plan)
        return plan

    return planner


def row_effects(s: E133State, f: Fighter, kind: str, plan: Plan) -> None:
    """What a table row does beside its cost: total defense lasts until the next turn."""
    if kind == "total_defense":
        plan.effects_add.append(effect_record("total defense", f.id, next_turn_start(s, f)))


def plan_aid_another(s: E133State, f: Fighter, p: AidAnother) -> Plan | Refusal:
    provokes, why = aid_provokes(p)
    return simple(s, f, p, "aid_another", "e133.action.aid-another", "standard",
                        provokes, why)


def aid_provokes(p: AidAnother) -> tuple[bool, str]:
    """Note 2: aiding provokes exactly when the aided action would."""
    return p.aided_provokes, "e133.aoo.aid-another"


def plan_sunder(s: E133State, f: Fighter, p: Sunder) -> Plan | Refusal:
    provokes, why = sunder_provokes(p)
    return simple(s, f, p, "sunder", "e133.action.sunder", "standard", provokes, why)


def sunder_provokes(p: Sunder) -> tuple[bool, str]:
    """Whether the sunder provokes, and the rule saying why not when it does not."""
    what = p.object
    held = p.held if p.held is not None else what == "weapon"
    # Sunder a weapon provokes; an object only if held, carried or worn (note 3).
    provokes = what == "weapon" or held
    why = "e133.aoo.sunder-object" if what == "object" else "e133.aoo.table"
    return provokes, why


def plan_disengage(s: E133State, f: Fighter, p: Provoking) -> Plan | Refusal:
    return taken(s, f, p, Plan("disengage", "e133.disengage", "standard"), disengage_part)


def disengage_part(s: E133State, f: Fighter, p: Provoking, plan: Plan
                   ) -> Provocation | Refusal:
    """Disengaging: leaving squares provokes nothing until the turn ends (the flag is
    cleared when the disengager's next turn starts); it provokes nothing itself."""
    plan.set(f.id, disengaged=True)
    return False, "e133.aoo.table"


def plan_dodge(s: E133State, f: Fighter, p: Provoking) -> Plan | Refusal:
    barred = dodge_barred(f)
    if barred is not None:
        return barred
    plan = simple(s, f, p, "dodge", "e133.dodge", "standard", False)
    if isinstance(plan, Plan):
        dodge_effect(s, f, plan)
    return plan


def dodge_barred(f: Fighter) -> Refusal | None:
    """Dodging gives nothing to someone incapacitated or at speed 0 (e133.dodge.lost)."""
    if incapacitated(f) or all(v == 0 for v in f.speeds.values()):
        return refuse("e133.dodge.lost", f"{f.id} is incapacitated or at speed 0")
    return None


def dodge_effect(s: E133State, f: Fighter, plan: Plan) -> None:
    """The Dodge's benefit, until the start of the dodger's next turn (e133.dodge)."""
    plan.effects_add.append(effect_record("dodge", f.id, next_turn_start(s, f)))


def plan_dexterity_save(s: E133State, f: Fighter, p: DexteritySave
                      ) -> Plan | Refusal:
    dc, mod = p.dc, p.modifier
    plan = Plan("dexterity_save", "e133.dodge", "none", keep_window=True)
    # Dodge gives advantage; cover adds its bonus to Dexterity saves (Dodge; Hide;
    # e133.cover).
    adv = has_effect(s, f.id, "dodge") is not None
    plan.roll = Roll("dexterity save", mod + COVERS[f.cover], dc, adv or p.advantage,
                     p.disadvantage)
    return plan


# -- bonus actions -----------------------------------------------------------------
def plan_hide(s: E133State, f: Fighter, p: Hide) -> Plan | Refusal:
    return taken(s, f, p, Plan("hide", "e133.hide", "bonus"), hide_part)


def hide_part(s: E133State, f: Fighter, p: Hide, plan: Plan) -> Provocation | Refusal:
    """Hiding: behind the cover named, hidden on a Stealth check that meets the DC (or the
    check is only rolled and recorded without one); it provokes nothing."""
    cover = p.cover
    plan.set(f.id, cover=cover)
    if p.dc is not None:
        plan.roll = Roll("Dexterity (Stealth)", f.stealth, p.dc, p.advantage,
                         p.disadvantage)
        plan.set(f.id, hidden=True)
        plan.fail_sets = {f.id: {"cover": cover, "hidden": False}}
    else:
        # No DC given: the Stealth check is still made and recorded, for the GM to
        # compare with whoever is looking.
        plan.plain_roll = ("Dexterity (Stealth)", f.stealth,
                           D20_DIE[Roll("", 0, 0, p.advantage, p.disadvantage).check().mode])
    return False, "e133.aoo.table"


def unseen_attack(s: E133State, f: Fighter, g: Fighter) -> tuple[bool, bool]:
    """What a successful Hide gives an attack of ``f`` on ``g`` (e133.hide): 5e's
    unseen attacker and target. A hidden attacker is seen by nobody, so its attack has
    advantage; an attack on a hidden target has disadvantage (the attacker names the square
    it guesses; a wrong guess is the game master's to rule). (advantage, disadvantage); both
    False when the table's setting hide_benefits is off."""
    if not s.settings.hide_benefits:
        return False, False
    return f.hidden is True, g.hidden is True
