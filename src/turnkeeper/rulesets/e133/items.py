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
from turnkeeper.rulesets.e133.economy import Part, Provocation, table_part, taken
from turnkeeper.rulesets.e133.plan import (
    Plan,
    refuse,
    weapon_of,
)
from turnkeeper.rulesets.e133.state import E133State, Fighter

# -- items and abilities ---------------------------------------------------------------
# Each kind's part (economy.Part: guards, changes, provocation) is shared by its planner and
# a readied one that fires (ready.py).
#: Activating an item other than a potion does not provoke (Table: Standard Actions).
activate_part = table_part(False, "e133.item.activate")
#: Drinking a potion provokes (Table: Standard Actions).
potion_part = table_part(True)
#: Reloading changes nothing the engine keeps, and does not provoke.
reload_part = table_part(False)
#: Drawing ammunition is a free action that does not provoke.
ammunition_part = table_part(False)


def plan_activate_item(s: E133State, f: Fighter, p: ActivateItem
                     ) -> Plan | Refusal:
    # A standard action unless the item says otherwise (Activate Item).
    return taken(s, f, p, Plan("activate_item", "e133.item.activate",
                               {"full_round": "full"}.get(p.time, p.time)), activate_part)


def plan_drink_potion(s: E133State, f: Fighter, p: Provoking) -> Plan | Refusal:
    return taken(s, f, p, Plan("drink_potion", "e133.item.potion", "standard"), potion_part)


def plan_reload(s: E133State, f: Fighter, p: Reload) -> Plan | Refusal:
    return taken(s, f, p, Plan("reload", "e133.reload",
                               {"full_round": "full"}.get(p.time, p.time)), reload_part)


# -- weapons, shields, items -------------------------------------------------------
def plan_draw_weapon(s: E133State, f: Fighter, p: DrawWeapon) -> Plan | Refusal:
    if p.stored:
        plan = Plan("draw_weapon", "e133.weapon.stored", "move")
    elif p.with_move:
        plan = Plan("draw_weapon", "e133.weapon.draw-with-move", "free")
    else:
        plan = Plan("draw_weapon", "e133.weapon.draw", "move")
    return taken(s, f, p, plan, draw_part)


def draw_part(s: E133State, f: Fighter, p: DrawWeapon, plan: Plan) -> Provocation | Refusal:
    """Drawing: one weapon, or two light or one-handed ones with Two-Weapon fighting; a
    stored one is retrieved (it provokes); drawn with a regular move, it needs base attack
    +1 and that move this turn. The named weapons are in hand afterwards."""
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
    if p.stored and p.with_move:
        return refuse("e133.weapon.stored", "a stored weapon is retrieved, not drawn during a "
                      "move")
    if p.with_move:
        if f.bab < 1:
            return refuse("e133.weapon.draw-with-move",
                           f"{f.id}'s base attack bonus is below +1")
        if plan.cost == "reaction" or not (f.move_open and f.moved_any):
            # fired as a readied action it is a reaction, not part of a move
            return refuse("e133.weapon.draw-with-move", "no regular move this turn to "
                           "combine the draw with")
    if p.weapons is not None:
        # the named weapons are in hand now (their reach threatens: reach.py)
        plan.set(f.id, weapons={name: {**w, "drawn": True} if name in p.weapons else w
                                for name, w in f.weapons.items()})
    return p.stored, "e133.aoo.table"


def plan_draw_ammunition(s: E133State, f: Fighter, p: Provoking
                       ) -> Plan | Refusal:
    return taken(s, f, p, Plan("draw_ammunition", "e133.weapon.draw", "free"), ammunition_part)


def plan_sheathe_weapon(s: E133State, f: Fighter, p: SheatheWeapon
                      ) -> Plan | Refusal:
    return taken(s, f, p, Plan("sheathe_weapon", "e133.weapon.sheathe", "move"), sheathe_part)


def sheathe_part(s: E133State, f: Fighter, p: SheatheWeapon, plan: Plan
                 ) -> Provocation | Refusal:
    """Sheathing a drawn weapon (it is put away) provokes (Table: Move Actions)."""
    if p.weapon is not None and not weapon_of(f, p.weapon, "sheathe_weapon").get("drawn", True):
        return refuse("e133.weapon.sheathe", f"{p.weapon} is not drawn")
    if p.weapon is not None:
        plan.set(f.id, weapons={name: {**w, "drawn": False} if name == p.weapon else w
                                for name, w in f.weapons.items()})
    return True, "e133.aoo.table"


def shield_ac(ac: int | None, shield: str, bonus: int) -> int | None:
    """The armour class with the shield's bonus while it is worn (e133.shield.ready-loose):
    ``ac`` is the AC without the shield; a carried (unstrapped) shield or none adds nothing,
    and a combatant without an AC has none to add to."""
    if ac is None or shield != "worn":
        return ac
    return ac + bonus


def plan_ready_shield(s: E133State, f: Fighter, p: Provoking) -> Plan | Refusal:
    return taken(s, f, p, Plan("ready_shield", "e133.shield.ready-loose", "move"),
                 ready_shield_part)


def ready_shield_part(s: E133State, f: Fighter, p: Provoking, plan: Plan
                      ) -> Provocation | Refusal:
    """Strapping on a carried shield: worn, with its bonus to AC; it does not provoke."""
    if f.shield != "carried":
        return refuse("e133.shield.ready-loose", f"{f.id} has no carried shield to strap on")
    plan.set(f.id, shield="worn")
    if f.shield_bonus and f.ac is not None:
        # Strapped on, the shield gives its bonus to AC (e133.shield.ready-loose).
        plan.set(f.id, ac=shield_ac(f.ac, "worn", f.shield_bonus))
    return False, "e133.aoo.table"


def plan_loose_shield(s: E133State, f: Fighter, p: Provoking) -> Plan | Refusal:
    return taken(s, f, p, Plan("loose_shield", "e133.shield.ready-loose", "move"),
                 loose_shield_part)


def loose_shield_part(s: E133State, f: Fighter, p: Provoking, plan: Plan
                      ) -> Provocation | Refusal:
    """Unstrapping and dropping a worn shield: its bonus goes with it; no provocation."""
    if f.shield != "worn":
        return refuse("e133.shield.ready-loose", f"{f.id} wears no shield")
    plan.set(f.id, shield="none")
    if f.shield_bonus and f.ac is not None:
        # Loosed and dropped, its bonus goes with it (e133.shield.ready-loose).
        plan.set(f.id, ac=f.ac - f.shield_bonus)
    return False, "e133.aoo.table"


def plan_drop_shield(s: E133State, f: Fighter, p: Provoking) -> Plan | Refusal:
    return taken(s, f, p, Plan("drop_shield", "e133.shield.drop", "free"), drop_shield_part)


def drop_shield_part(s: E133State, f: Fighter, p: Provoking, plan: Plan
                     ) -> Provocation | Refusal:
    """Dropping a carried (not worn) shield; no provocation."""
    if f.shield != "carried":
        return refuse("e133.shield.drop", "only a carried (not worn) shield is dropped "
                       f"for free; {f.id}'s is {f.shield}")
    plan.set(f.id, shield="none")
    return False, "e133.aoo.table"


def item_free(s: E133State, kind: str) -> bool:
    """Whether handling this item is a free action that does not provoke: retrieving a
    stored item or picking one up when the free-action list wins (setting), else a move
    action that provokes (Table: Move Actions)."""
    return kind in ("retrieve_item", "pick_up_item") and s.settings.free_list_wins


def item_part(kind: str) -> Part:
    """The part of an item manipulation or a pick-up: it provokes unless it is free."""

    def part(s: E133State, f: Fighter, p: Provoking, plan: Plan) -> Provocation | Refusal:
        return not item_free(s, kind), "e133.aoo.table"

    return part


def manipulation_planner(kind: str) -> Any:
    part = item_part(kind)

    def planner(s: E133State, f: Fighter, p: Manipulation) -> Plan | Refusal:
        # The free-action list names taking a potion from a backpack (setting).
        return taken(s, f, p, Plan(kind, "e133.item.manipulate",
                                   "free" if item_free(s, kind) else "move"), part)

    return planner


pick_up_part = item_part("pick_up_item")


def plan_pick_up_item(s: E133State, f: Fighter, p: Provoking) -> Plan | Refusal:
    return taken(s, f, p, Plan("pick_up_item", "e133.item.pick-up",
                               "free" if item_free(s, "pick_up_item") else "move"),
                 pick_up_part)
