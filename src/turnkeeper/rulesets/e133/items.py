"""Weapons, shields and items: draw, sheathe, reload, shields, potions, manipulating items.
Element 133, Action Economy: Table: Move Actions; Draw or Sheathe a Weapon; Ready or Loose a
Shield; Activate Item; Free Actions."""

from __future__ import annotations

from typing import Any

from turnkeeper.core.model import (
    BadActionError,
    Refusal,
)
from turnkeeper.rulesets.e133.actions import (
    ActivateItem,
    DrawWeapon,
    Manipulation,
    Provoking,
    Reload,
    SheatheWeapon,
)
from turnkeeper.rulesets.e133.economy import simple
from turnkeeper.rulesets.e133.plan import (
    Plan,
    refuse,
    weapon_of,
)
from turnkeeper.rulesets.e133.state import E133State, Fighter


# -- items and abilities ---------------------------------------------------------------
def plan_activate_item(s: E133State, f: Fighter, p: ActivateItem
                     ) -> Plan | Refusal:
    # A standard action unless the item says otherwise (Activate Item).
    time = p.time
    return simple(s, f, p, "activate_item", "e133.item.activate",
                        {"full_round": "full"}.get(time, time), False, "e133.item.activate")


def plan_drink_potion(s: E133State, f: Fighter, p: Provoking) -> Plan | Refusal:
    return simple(s, f, p, "drink_potion", "e133.item.potion", "standard", True)


def plan_reload(s: E133State, f: Fighter, p: Reload) -> Plan | Refusal:
    time = p.time
    return simple(s, f, p, "reload", "e133.reload",
                        {"full_round": "full"}.get(time, time), False)


# -- weapons, shields, items -------------------------------------------------------
def plan_draw_weapon(s: E133State, f: Fighter, p: DrawWeapon) -> Plan | Refusal:
    stored = p.stored
    with_move = p.with_move
    count = p.count
    if p.weapons is not None:
        if not 1 <= len(p.weapons) <= 2:
            raise BadActionError("draw_weapon: params.weapons: one or two weapon names")
        drawn = [weapon_of(f, name, "draw_weapon") for name in p.weapons]
        count = len(drawn)
    if count == 2 and "two_weapon_fighting" not in f.features:
        return refuse("e133.weapon.two-weapon", f"{f.id} lacks Two-Weapon fighting")
    if p.weapons is not None and count == 2:
        heavy = [name for name, weapon in zip(p.weapons, drawn, strict=True)
                 if weapon["handling"] == "two_handed"]
        if heavy:
            return refuse("e133.weapon.two-weapon", f"two weapons drawn together must both be "
                          f"light or one-handed; {', '.join(heavy)} is two-handed")
    if stored:
        if with_move:
            return refuse("e133.weapon.stored", "a stored weapon is retrieved, not drawn "
                           "during a move")
        plan = simple(s, f, p, "draw_weapon", "e133.weapon.stored", "move", True)
    elif with_move:
        if f.bab < 1:
            return refuse("e133.weapon.draw-with-move",
                           f"{f.id}'s base attack bonus is below +1")
        if not (f.move_open and f.moved_any):
            return refuse("e133.weapon.draw-with-move", "no regular move this turn to "
                           "combine the draw with")
        plan = simple(s, f, p, "draw_weapon", "e133.weapon.draw-with-move", "free", False)
    else:
        plan = simple(s, f, p, "draw_weapon", "e133.weapon.draw", "move", False)
    if isinstance(plan, Plan) and p.weapons is not None:
        # the named weapons are in hand now (their reach threatens: reach.py)
        plan.set(f.id, weapons={name: {**w, "drawn": True} if name in p.weapons else w
                                for name, w in f.weapons.items()})
    return plan


def plan_draw_ammunition(s: E133State, f: Fighter, p: Provoking
                       ) -> Plan | Refusal:
    return simple(s, f, p, "draw_ammunition", "e133.weapon.draw", "free", False)


def plan_sheathe_weapon(s: E133State, f: Fighter, p: SheatheWeapon
                      ) -> Plan | Refusal:
    if p.weapon is not None and not weapon_of(f, p.weapon, "sheathe_weapon").get("drawn", True):
        return refuse("e133.weapon.sheathe", f"{p.weapon} is not drawn")
    plan = simple(s, f, p, "sheathe_weapon", "e133.weapon.sheathe", "move", True)
    if isinstance(plan, Plan) and p.weapon is not None:
        plan.set(f.id, weapons={name: {**w, "drawn": False} if name == p.weapon else w
                                for name, w in f.weapons.items()})
    return plan


def shield_ac(ac: int | None, shield: str, bonus: int) -> int | None:
    """The armour class with the shield's bonus while it is worn (e133.shield.ready-loose):
    ``ac`` is the AC without the shield; a carried (unstrapped) shield or none adds nothing,
    and a combatant without an AC has none to add to."""
    if ac is None or shield != "worn":
        return ac
    return ac + bonus


def plan_ready_shield(s: E133State, f: Fighter, p: Provoking) -> Plan | Refusal:
    if f.shield != "carried":
        return refuse("e133.shield.ready-loose", f"{f.id} has no carried shield to strap on")
    plan = simple(s, f, p, "ready_shield", "e133.shield.ready-loose", "move", False)
    if isinstance(plan, Plan):
        plan.set(f.id, shield="worn")
        if f.shield_bonus and f.ac is not None:
            # Strapped on, the shield gives its bonus to AC (e133.shield.ready-loose).
            plan.set(f.id, ac=shield_ac(f.ac, "worn", f.shield_bonus))
    return plan


def plan_loose_shield(s: E133State, f: Fighter, p: Provoking) -> Plan | Refusal:
    if f.shield != "worn":
        return refuse("e133.shield.ready-loose", f"{f.id} wears no shield")
    plan = simple(s, f, p, "loose_shield", "e133.shield.ready-loose", "move", False)
    if isinstance(plan, Plan):
        plan.set(f.id, shield="none")
        if f.shield_bonus and f.ac is not None:
            # Loosed and dropped, its bonus goes with it (e133.shield.ready-loose).
            plan.set(f.id, ac=f.ac - f.shield_bonus)
    return plan


def plan_drop_shield(s: E133State, f: Fighter, p: Provoking) -> Plan | Refusal:
    if f.shield != "carried":
        return refuse("e133.shield.drop", "only a carried (not worn) shield is dropped "
                       f"for free; {f.id}'s is {f.shield}")
    plan = simple(s, f, p, "drop_shield", "e133.shield.drop", "free", False)
    if isinstance(plan, Plan):
        plan.set(f.id, shield="none")
    return plan


def manipulation_planner(kind: str) -> Any:
    def planner(s: E133State, f: Fighter, p: Manipulation) -> Plan | Refusal:
        if kind == "retrieve_item" and s.settings.free_list_wins:
            # The free-action list names taking a potion from a backpack (setting).
            return simple(s, f, p, kind, "e133.item.manipulate", "free", False)
        return simple(s, f, p, kind, "e133.item.manipulate", "move", True)

    return planner


def plan_pick_up_item(s: E133State, f: Fighter, p: Provoking) -> Plan | Refusal:
    if s.settings.free_list_wins:
        return simple(s, f, p, "pick_up_item", "e133.item.pick-up", "free", False)
    return simple(s, f, p, "pick_up_item", "e133.item.pick-up", "move", True)
