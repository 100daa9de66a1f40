"""PTU's part of the encounter environment (``ptu_v0``): keys and features.

A Pokémon's or Trainer's choices are the key (move and target, item, the square to shift
to relative to where it stands, the Pokémon to recall or release); the count a ``hold``
names is the engine's (one hold is offered at a time). See docs/env.md.
"""

from __future__ import annotations

from typing import Any

import msgspec

from turnkeeper.env.encounter.codec import catalogue_of, literal_values
from turnkeeper.env.encounter.spec import EncounterSpec, Feature, Role
from turnkeeper.rulesets import get_ruleset


def _literal(kind: str, param: str) -> tuple[str, ...]:
    catalogue = catalogue_of(get_ruleset("ptu"))
    fields = {f.encode_name: f for f in msgspec.structs.fields(catalogue[kind].params)}
    return tuple(str(v) for v in literal_values(fields[param].type))


STATUSES = _literal("set_status", "status")
STAGES = ("attack", "defense", "special_attack", "special_defense", "speed", "accuracy",
          "evasion")
PHASES = ("setup", "declare", "turns", "over")

_TARGET: tuple[tuple[str, Role], ...] = (("target", "combatant"),)
_WHAT: tuple[tuple[str, Role], ...] = (("what", "name"),)
_SWAP: tuple[tuple[str, Role], ...] = (("recall", "combatant"), ("release", "combatant"))

KEYS: dict[str, tuple[tuple[str, Role], ...]] = {
    "trade_standard": (("for", "enum"),),
    "declare": (("actions", "nonempty"),),
    "use_move": (("move", "name"), ("target", "combatant"), ("trigger", "nonempty")),
    "struggle": _TARGET,
    "disarm": _TARGET,
    "push": _TARGET,
    "trip": _TARGET,
    "grapple": _TARGET,
    "dirty_trick": (("trick", "enum"), ("target", "combatant")),
    "manipulate": (("maneuver", "enum"), ("target", "combatant")),
    "coup_de_grace": _TARGET,
    "attack_of_opportunity": _TARGET,
    "intercept": (("mode", "enum"),),
    "use_item": (("item", "name"), ("target", "combatant")),
    "draw_weapon": (("weapon", "name"),),
    "pick_up_item": (("item", "name"),),
    "take_out_item": (("item", "name"),),
    "use_pokedex": _TARGET,
    "throw_pokeball": _TARGET,
    "shift": (("to", "delta"),),
    "disengage": (("to", "delta"),),
    "switch": _SWAP,
    "replace_fainted": _SWAP,
    "recall": (("pokemon", "combatant"),),
    "release": (("pokemon", "combatant"),),
    "standard_action": _WHAT,
    "shift_action": _WHAT,
    "swift_action": _WHAT,
    "free_action": _WHAT,
    "full_action": _WHAT,
    "extended_action": _WHAT,
    "order": (("what", "name"), ("target", "combatant")),
    "skill_check": (("skill", "name"),),
}

COMBATANT_FEATURES: tuple[Feature, ...] = (
    Feature(("hp",)),
    Feature(("max_hp",)),
    Feature(("injuries",)),
    Feature(("speed",)),
    Feature(("initiative",)),
    Feature(("ap",)),
    Feature(("position", "0")),
    Feature(("position", "1")),
    Feature(("budget", "standard")),
    Feature(("budget", "shift")),
    Feature(("budget", "swift")),
    Feature(("kind",), "equals", "pokemon"),
    Feature(("on_field",), "flag"),
    Feature(("fainted",), "flag"),
    Feature(("acted",), "flag"),
    Feature(("held",), "flag"),
    Feature(("forfeit_this",), "flag"),
    Feature(("grappling",), "flag"),
    *(Feature(("stages", stage)) for stage in STAGES),
    *(Feature(("statuses",), "member", status) for status in STATUSES),
)

GLOBAL_FEATURES: tuple[Feature, ...] = (
    Feature(("round",)),
    Feature(("turn_active",), "flag"),
    *(Feature(("phase",), "equals", phase) for phase in PHASES),
)


def position_of(state: Any, actor: str) -> tuple[int, int] | None:
    combatant = state.combatants.get(actor)
    if combatant is None:
        return None
    x, y = combatant.position
    return int(x), int(y)


SPEC = EncounterSpec(
    ruleset="ptu",
    env_name="ptu_v0",
    default_encounter="examples/ptu/league.yaml",
    keys=KEYS,
    combatant_features=COMBATANT_FEATURES,
    global_features=GLOBAL_FEATURES,
    # the `what` of the ruleset's generic offers (ptu/legal.py)
    phrases=("skill check", "activate a feature", "speak"),
    position_of=position_of,
)
