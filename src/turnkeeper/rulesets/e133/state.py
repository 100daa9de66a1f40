"""The state of an Element 133 encounter: plain dataclasses, deep-copyable and JSON-able.

Only :meth:`E133Ruleset.apply` changes these. Per-turn fields are reset when the owner's turn
starts; the ``version`` counter changes with every event so that per-state caches know when
they are stale.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from turnkeeper.core.mechanics import Budget, Clock, Effect
from turnkeeper.rulesets.e133.fight.attack import AttackProfile, Defences
from turnkeeper.rulesets.e133.fight.health import Health
from turnkeeper.rulesets.e133.setup_model import E133Settings

MOVE_MODES = ("walk", "fly", "swim", "climb", "burrow", "jump")
ARMOURS = ("none", "light", "medium", "heavy")
COVERS = {"none": 0, "quarter": 1, "half": 2, "three_quarters": 3, "total": 0}
CONDITIONS = ("prone", "blinded", "incapacitated", "down", "restricted", "stunned", "unconscious",
              "paralyzed", "petrified")
# The conditions that leave a combatant incapacitated, so unable to concentrate (ref, d20 / 5e
# conditions): incapacitated itself and those that include it.
INCAPACITATING = ("incapacitated", "stunned", "unconscious", "paralyzed", "petrified")
ABILITY_TYPES = ("special", "spell_like", "supernatural", "extraordinary")
ACTION_TIMES = ("standard", "move", "full_round", "free", "bonus", "reaction", "none")
# The attack modes of the attack action; a set-up attack bonus may be given per mode.
ATTACK_MODES = ("melee", "unarmed", "ranged", "spell", "technomancy", "improvised")


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
    mounted: bool = False
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


@dataclass(eq=False)
class E133State:
    """The whole encounter. ``eq=False`` keeps it hashable by identity for caches."""

    fighters: dict[str, Fighter] = field(default_factory=dict)
    clock: Clock = field(default_factory=Clock)
    effects: list[Effect] = field(default_factory=list)
    settings: E133Settings = field(default_factory=E133Settings)
    surprise: bool = False
    started: bool = False
    window: dict[str, Any] | None = None
    next_effect: int = 1
    version: int = 0
    last: str = ""
    # the latest check rolled (who, what, total, DC, success): scenarios and tables read it
    last_check: dict[str, Any] | None = None
    # every combatant has a position: threat is worked out from positions and reach
    placed: bool = False
    # changes with every event that changes who stands, where, behind what cover, under which
    # effects or with how many hit points: the outcome and the attack offers are cached on it
    roster_version: int = 0
