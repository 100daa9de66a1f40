"""Items, weapons, the Pokédex and Poké Balls (p. 214, 227-229).

Parameter models, the rules each kind checks after the action economy, and their events.
"""

from __future__ import annotations

from typing import Annotated, Final

from turnkeeper.core.model import Action, Event, Refusal
from turnkeeper.core.schema import Params, meta
from turnkeeper.dice.source import DiceSource
from turnkeeper.rulesets.ptu.attacks import roll
from turnkeeper.rulesets.ptu.field import present
from turnkeeper.rulesets.ptu.rules import RULES
from turnkeeper.rulesets.ptu.shared import (
    CombatantId,
    Move,
    NoParams,
    TargetOnlyParams,
    TargetParams,
    undescribed,
)
from turnkeeper.rulesets.ptu.state import Combatant, PtuState

#: A thrown Poké Ball's accuracy check: an AC 6 roll (p. 214); the throw's resolution and the
#: table of action kinds (its offers' odds) both read it here.
POKE_BALL_AC: Final = 6

# ---------------------------------------------------------------------------- parameters
# The models' field types, named at module level and quoted in the models: this module is
# compiled with mypyc, which keeps a msgspec model's annotation only as a quoted name
# (ptcg/params.py says why); msgspec looks the name up here.
ItemName = Annotated[str, meta("the item's name", min_length=1)]
WeaponName = Annotated[str, meta("the weapon's name", min_length=1)]


@undescribed
class ItemOnTargetParams(Params):
    item: "ItemName"  # noqa: UP037  (quoted: compiled, see above)
    target: "CombatantId"  # noqa: UP037


@undescribed
class WeaponParams(Params):
    weapon: "WeaponName"  # noqa: UP037


@undescribed
class ItemParams(Params):
    item: "ItemName"  # noqa: UP037  (quoted: compiled, see above)


# ---------------------------------------------------------------------------- rules
def is_poke_ball(item: str) -> bool:
    """Whether the item name is a Poké Ball however it is written (``pokeball``,
    ``Poké Ball``, ``poke_ball``)."""
    plain = item.casefold().replace("é", "e")
    return "".join(ch for ch in plain if ch.isalnum()) == "pokeball"


def poke_ball_of(c: Combatant) -> tuple[str, str] | None:
    """The Poké Ball ``c`` would throw, as (item name, ``hand`` or ``pack``): one on hand
    first, else one from the pack; ``None`` when it carries none."""
    # Two plain loops rather than one over a tuple of (place, dict) pairs built per call:
    # the listing asks this of every Trainer at every listing (issue 16).
    for item, count in c.in_hand.items():
        if count > 0 and is_poke_ball(item):
            return item, "hand"
    for item, count in c.items.items():
        if count > 0 and is_poke_ball(item):
            return item, "pack"
    return None


def check_throw_pokeball(
    state: PtuState, c: Combatant, p: TargetParams, move: Move | None, action: Action,
) -> Refusal | None:
    target = state.combatants.get(p.target)
    if target is None or not present(target) or target.kind != "pokemon" or (
        target.owner is not None
    ):
        return RULES.refuse("ptu.capture.wild-only", f"{p.target} is not a wild Pokémon")
    if poke_ball_of(c) is None:
        carried_names = sorted({*c.in_hand, *c.items})
        return RULES.refuse(
            "ptu.capture.has-ball",
            f"{c.id} carries no Poké Ball (items: {', '.join(carried_names) or 'none'})",
        )
    return None


def check_use_item(
    state: PtuState, c: Combatant, p: ItemOnTargetParams | TargetOnlyParams, move: Move | None,
    action: Action,
) -> Refusal | None:
    """Using an item or the Pokédex on someone on the field (the item must be carried)."""
    kind_name = action.kind
    target = state.combatants.get(p.target)
    if target is None or not present(target):
        return RULES.refuse("ptu.attack.target", f"{p.target} is not on the field")
    if kind_name == "use_pokedex" and target.kind != "pokemon":
        return RULES.refuse(
            "ptu.pokedex.pokemon", f"{target.id} is a Trainer, not a Pokémon"
        )
    if isinstance(p, ItemOnTargetParams) and carried(c, p.item) < 1:
        return RULES.refuse("ptu.item.have", f"{c.id} has no {p.item!r}")
    if isinstance(p, ItemOnTargetParams) and is_poke_ball(p.item):
        # A ball is thrown at a wild Pokémon (throw_pokeball), not used like a Potion.
        return RULES.refuse("ptu.capture.wild-only",
                            f"a Poké Ball is thrown at a wild Pokémon (throw_pokeball), "
                            f"not used on {p.target}")
    return None


def carried(c: Combatant, item: str) -> int:
    """How many of ``item`` the Trainer has, on hand and in the pack."""
    return c.in_hand.get(item, 0) + c.items.get(item, 0)


def check_take_out_item(
    state: PtuState, c: Combatant, p: ItemParams, move: Move | None, action: Action,
) -> Refusal | None:
    """Taking an item out of the pack is a Standard action, like retrieving one to use it."""
    if c.items.get(p.item, 0) < 1:
        return RULES.refuse("ptu.item.have", f"{c.id} has no {p.item!r} in the pack")
    return None


def check_drop_item(
    state: PtuState, c: Combatant, p: NoParams, move: Move | None, action: Action,
) -> Refusal | None:
    if c.held_item is None:
        return RULES.refuse("ptu.item.have", f"{c.id} holds no item")
    return None


# ---------------------------------------------------------------------------- resolution
def effects_throw_pokeball(
    state: PtuState, c: Combatant, k: str, p: TargetParams, move: Move | None,
    dice: DiceSource,
) -> list[Event]:
    target = state.combatants[p.target]
    bonus = 1 if p.ap else 0
    thrown = roll(c, target, POKE_BALL_AC, bonus, "Poké Ball", dice)
    ball = poke_ball_of(c)
    assert ball is not None  # check_throw_pokeball refuses a throw without one
    # The ball thrown is used up, whether it hits or not (rule ptu.capture.has-ball).
    out = [thrown, Event("item_used", {"actor": c.id, "item": ball[0], "target": target.id,
                                       "from": ball[1]})]
    if thrown.data["hit"]:
        # Capture roll: 1d100 minus the Trainer's level against the capture rate
        # (p. 214); a natural 100 always captures.
        face = dice.die(100)
        caught = face == 100 or face - c.level <= target.capture_rate
        out.append(Event("capture_rolled", {"actor": c.id, "target": target.id,
                                            "roll": face, "level": c.level,
                                            "capture_rate": target.capture_rate,
                                            "captured": caught}))
    return out


def effects_use_item(
    state: PtuState, c: Combatant, k: str, p: ItemOnTargetParams, move: Move | None,
    dice: DiceSource,
) -> list[Event]:
    # An item on hand is used first; otherwise one is retrieved from the pack (p. 227).
    source = "hand" if c.in_hand.get(p.item, 0) > 0 else "pack"
    return [Event("item_used", {"actor": c.id, "item": p.item, "target": p.target,
                                "from": source})]


def effects_take_out_item(
    state: PtuState, c: Combatant, k: str, p: ItemParams, move: Move | None, dice: DiceSource,
) -> list[Event]:
    return [Event("item_taken_out", {"actor": c.id, "item": p.item})]


def effects_draw_weapon(
    state: PtuState, c: Combatant, k: str, p: WeaponParams, move: Move | None,
    dice: DiceSource,
) -> list[Event]:
    return [Event("weapon_drawn", {"actor": c.id, "weapon": p.weapon, "free": False})]


def effects_pick_up_item(
    state: PtuState, c: Combatant, k: str, p: ItemParams, move: Move | None, dice: DiceSource,
) -> list[Event]:
    return [Event("item_picked_up", {"actor": c.id, "item": p.item})]


def effects_drop_item(
    state: PtuState, c: Combatant, k: str, p: NoParams, move: Move | None, dice: DiceSource,
) -> list[Event]:
    return [Event("item_dropped", {"actor": c.id})]
