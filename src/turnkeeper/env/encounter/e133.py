"""Element 133's part of the encounter environment (``e133_v0``): keys and features.

The key parameters are the choices a player makes (target, movement mode, distance, spell,
ability...); the other parameters of an offer are facts the engine fills in (attack bonus,
AC, who threatens the mover) and do not make another action. See docs/env.md.
"""

from __future__ import annotations

import msgspec

from turnkeeper.env.encounter.codec import catalogue_of, literal_values, strings_in
from turnkeeper.env.encounter.spec import EncounterSpec, Feature, Role
from turnkeeper.rulesets import get_ruleset
from turnkeeper.rulesets.e133.fight.health import Status
from turnkeeper.rulesets.e133.offers import FIXED_CANDIDATES


def _literal(kind: str, param: str) -> tuple[str, ...]:
    catalogue = catalogue_of(get_ruleset("e133"))
    fields = {f.encode_name: f for f in msgspec.structs.fields(catalogue[kind].params)}
    return tuple(str(v) for v in literal_values(fields[param].type))


CONDITIONS = _literal("set_condition", "condition")
STATUSES = tuple(str(v) for v in literal_values(Status))

_WHAT: tuple[tuple[str, Role], ...] = (("what", "name"),)
_MOVE: tuple[tuple[str, Role], ...] = (("mode", "enum"), ("distance", "distance"))

KEYS: dict[str, tuple[tuple[str, Role], ...]] = {
    "standard_action": _WHAT,
    "move_action": _WHAT,
    "full_round_action": _WHAT,
    "free_action": _WHAT,
    "bonus_action": _WHAT,
    "reaction": _WHAT,
    "attack": (("target", "combatant"), ("mode", "enum"), ("weapon", "name"),
               ("threatened_by", "nonempty")),
    "full_attack": (("target", "combatant"), ("mode", "enum")),
    "charge": (("target", "combatant"), ("distance", "distance")),
    "aoo": (("target", "combatant"), ("weapon", "name")),
    "cast": (("spell", "name"), ("target", "combatant")),
    "concentrate": (("ability", "name"),),
    "dismiss": (("ability", "name"),),
    "activate_item": (("item", "name"), ("time", "enum")),
    "use_ability": (("ability", "name"),),
    "use_skill": (("skill", "name"), ("action", "enum")),
    "use_feature": (("feature", "name"), ("action", "enum")),
    "sunder": (("object", "enum"),),
    "reload": (("time", "enum"),),
    "ready": (("action", "name"),),
    # an attack readied without its target is fired on one the firing names
    "fire_readied": (("distance", "distance"), ("target", "combatant")),
    "start_full_round": (("action", "name"),),
    "hide": (("cover", "enum"),),
    "trigger_device": (("device", "name"),),
    "enter_vehicle": (("fast", "bool"), ("time", "enum")),
    "exit_vehicle": (("fast", "bool"), ("time", "enum")),
    "pilot_vehicle": (("distance", "distance"), ("full_round", "bool")),
    # the listing offers each named weapon drawn (a one-name list) and sheathed
    "draw_weapon": (("weapons", "name"), ("with_move", "bool"), ("stored", "bool")),
    "sheathe_weapon": (("weapon", "name"),),
    "move": (*_MOVE, ("leaves_threatened_by", "nonempty")),
    "crawl": (("distance", "distance"),),
    "difficult_step": (("mode", "enum"),),
    "five_foot_step": (("mode", "enum"),),
    "withdraw": _MOVE,
    "flee": _MOVE,
    "dash": _MOVE,
}

COMBATANT_FEATURES: tuple[Feature, ...] = (
    Feature(("hp",)),
    Feature(("max_hp",)),
    Feature(("temporary_hp",)),
    Feature(("ac",)),
    Feature(("initiative",)),
    Feature(("standard",)),
    Feature(("move",)),
    Feature(("bonus",)),
    Feature(("moved",)),
    Feature(("attacks_left",)),
    Feature(("successes",)),
    Feature(("failures",)),
    Feature(("reaction_charged",), "flag"),
    Feature(("stepped",), "flag"),
    Feature(("surprised",), "flag"),
    Feature(("withdrawn",), "flag"),
    Feature(("disengaged",), "flag"),
    Feature(("hidden",), "flag"),
    Feature(("concentrating",), "flag"),
    Feature(("readied",), "flag"),
    Feature(("full_round",), "flag"),
    *(Feature(("status",), "equals", status) for status in STATUSES),
    *(Feature(("conditions",), "member", condition) for condition in CONDITIONS),
)

GLOBAL_FEATURES: tuple[Feature, ...] = (
    Feature(("round",)),
    Feature(("surprise_round",), "flag"),
)

SPEC = EncounterSpec(
    ruleset="e133",
    env_name="e133_v0",
    default_encounter="examples/e133/ambush.yaml",
    keys=KEYS,
    combatant_features=COMBATANT_FEATURES,
    global_features=GLOBAL_FEATURES,
    # the names the ruleset's fixed offers carry (a stock spell, `what`, `action`...)
    phrases=tuple(sorted(set(strings_in([params for _, _, params in FIXED_CANDIDATES])))),
)
