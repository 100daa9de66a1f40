"""One combatant of an Element 133 encounter (:class:`Fighter`), in a module of its own.

Compiled with the rules (turnkeeper/compiled.py): ``Fighter`` is then a native class, whose
fields the compiled rules read as C struct members instead of looking them up by name (a
move and an end of turn read a combatant's fields dozens of times). Two things follow:
the class is ``@final`` (a compiled class that may have subclasses is called through a
vtable, which an object msgspec reads back from a snapshot does not have), and mypyc
rewrites the annotations it cannot express as one class (``str | None`` becomes ``type``,
``dict[str, AttackProfile]`` becomes ``dict``), which msgspec reads a state back by. The end
of this module puts those back (tests/e133/test_e133_compiled.py compares both builds).
The state itself (``state.py``) stays pure Python: the ruleset's caches hold it weakly,
which a native class does not allow.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final, final

from turnkeeper.core.mechanics import Budget
from turnkeeper.rulesets.e133.fight.attack import AttackProfile, Defences
from turnkeeper.rulesets.e133.fight.health import Health


@final
@dataclass
class Fighter:
    """One combatant: position-independent facts, then what this turn has used."""

    id: str
    name: str
    side: str
    controller: str | None
    init_mod: int
    count: int
    init_roll: int | None
    speeds: dict[str, int]
    con: int
    bab: int
    features: list[str]
    armour: str
    attacks: int
    abilities: dict[str, dict[str, Any]]
    concentration: int = 0
    stealth: int = 0
    navigation: int = 0
    armour_check_penalty: int = 0
    conditions: list[str] = field(default_factory=list)
    surprised: bool = False
    cover: str = "none"
    shield: str = "none"
    # the shield's bonus to AC (the set-up's shield_bonus): ``ac`` holds it while the shield
    # is worn (items.py, e133.shield.ready-loose)
    shield_bonus: int = 0
    mounted: bool = False
    # the combatant it rides (the set-up's steed), or None: mounting needs it standing
    # (vehicles.mount_part); a rider without one (a set-up older than the field) mounts freely
    steed: str | None = None
    in_vehicle: bool = False
    vehicle_speed: int = 0
    vehicle_running: bool = False
    # the set-up's attack bonus per attack mode (a mode not listed has none) and AC
    attack_bonus: dict[str, int] = field(default_factory=dict)
    ac: int | None = None
    dex_ac: int = 0
    vehicle_concentration: bool = False
    # piloting a vehicle that needs concentration this round: that is the one thing it
    # concentrates on until its next turn starts (Pilot Vehicle; Concentration)
    piloting: bool = False
    weapons: dict[str, dict[str, Any]] = field(default_factory=dict)
    # its 5-foot square [x, y] when the encounter is placed (reach.py), else None
    position: list[int] | None = None
    uses: dict[str, int] = field(default_factory=dict)
    # the action economy of the current (or last) turn
    budget: Budget = field(default_factory=Budget)
    restricted_turn: bool = False
    bonus_left: int = 1
    charged: bool = False  # an off-turn reaction is waiting to use up the coming turn's slot
    bonus_lost: bool = False  # this turn's slot was used up by an earlier off-turn reaction
    charged_by: str = ""  # the off-turn reaction that used up (or will use up) the slot
    step_forbidden: bool = False  # something this round forbids the 5-foot step
    free_used: int = 0
    moved: int = 0
    moved_any: bool = False
    move_open: bool = False
    move_used: int = 0
    move_modes: list[str] = field(default_factory=list)
    stepped: bool = False
    attacks_left: int = 0
    attack_action_used: bool = False
    disengaged: bool = False
    withdrawn: bool = False
    withdrew_this_turn: bool = False
    dashed_this_turn: bool = False
    dash_streak: int = 0
    dash_checks: int = 0
    rest_until: int = 0
    concentrating: dict[str, Any] | None = None
    ended: dict[str, str] = field(default_factory=dict)
    pending: dict[str, Any] | None = None
    readied: dict[str, Any] | None = None
    ready_expired: bool = False
    full_round: dict[str, Any] | None = None
    full_round_lost: str | None = None
    hidden: bool | None = None
    turns_taken: int = 0
    # the fight (fight/): hit points (None: the set-up gave none, hits change nothing), the
    # damage profile per attack mode (its bonus is the attack's), the defences
    health: Health | None = None
    damage: dict[str, str] = field(default_factory=dict)
    profiles: dict[str, AttackProfile] = field(default_factory=dict)
    resistances: list[str] = field(default_factory=list)
    vulnerabilities: list[str] = field(default_factory=list)
    immunities: list[str] = field(default_factory=list)
    defences: Defences = field(default_factory=Defences)
    # the rules that took it out of the fight (the blow, the drop, the death saves): a
    # refusal of its actions names them
    fallen_by: list[str] = field(default_factory=list)
    # it fled the encounter (e133.fight.flee): no turns, no actions, not standing for its side
    fled: bool = False

    @property
    def can_act(self) -> bool:
        """Only a combatant that is up and still in the encounter acts or reacts
        (e133.fight.drop.no-actions, e133.fight.flee)."""
        return not self.fled and (self.health is None or self.health.status == "up")


# The annotations mypyc rewrites, as the source writes them (see the docstring; in pure Python
# they are this very text already), put back before any msgspec encoder or decoder reads the
# class: msgspec keeps what it read on the class. The others are one class each (``int``,
# ``Budget``) or a container of plain values (``dict``, ``list``), read back alike.
_SOURCE_ANNOTATIONS: Final[dict[str, str]] = {
    "controller": "str | None",
    "steed": "str | None",
    "init_roll": "int | None",
    "ac": "int | None",
    "position": "list[int] | None",
    "concentrating": "dict[str, Any] | None",
    "pending": "dict[str, Any] | None",
    "readied": "dict[str, Any] | None",
    "full_round": "dict[str, Any] | None",
    "full_round_lost": "str | None",
    "hidden": "bool | None",
    "health": "Health | None",
    "profiles": "dict[str, AttackProfile]",
}
_ANNOTATIONS: dict[str, object] = vars(Fighter)["__annotations__"]
if not set(_SOURCE_ANNOTATIONS) <= set(_ANNOTATIONS):
    raise TypeError("Fighter: the annotations to put back name fields it does not have")
_ANNOTATIONS.update(_SOURCE_ANNOTATIONS)
