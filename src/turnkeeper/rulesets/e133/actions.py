"""Every Element 133 action kind, declared once: its parameters (typed models) and its row.

``ACTIONS`` is the one table of action kinds (``RULESET.actions``): the kernel validates every
action from outside against it before the ruleset sees it, and ``turnkeeper schema e133``
prints it as JSON Schema. The planners read the typed parameters these models give; what
can only be judged with the state (is the target a combatant, is it an enemy) they still
refuse as a malformed action (``BadActionError``).

Families (the rule areas, in the order docs/rulesets/e133.md explains them): ``round`` (turn
order), ``economy`` (the generic standard / move / full-round / free / bonus actions),
``attacks``, ``abilities`` (casting, abilities, concentration, skills, features),
``standard`` (the other rows of Table: Standard Actions), ``ready`` (ready and start /
complete full-round), ``movement``, ``items`` (weapons, shields, items), ``vehicles``
(vehicles and mounts), ``reactions`` and ``gm`` (the game master's bookkeeping).
"""

from __future__ import annotations

from typing import Annotated, Any, Final, Literal

import msgspec

from turnkeeper.core.model import Action
from turnkeeper.core.schema import ActionCatalogue, ActionKind, Params, meta
from turnkeeper.rulesets.e133.roster_kinds import KIND_NAMES as ROSTER_KIND_NAMES
from turnkeeper.rulesets.e133.roster_kinds import KINDS as ROSTER_KINDS
from turnkeeper.rulesets.e133.setup_model import (
    AttackMode,
    Condition,
    CoverDegree,
    DamageType,
    MoveMode,
)

# ---------------------------------------------------------------------------- field types
Name = Annotated[str, meta("a name", min_length=1)]
CombatantId = Annotated[str, meta("a combatant's id", min_length=1)]
Enemies = Annotated[list[str] | None, meta("ids of enemies (each must be on another side)")]
Dc = Annotated[int, msgspec.Meta(ge=0, le=1000)]
OptionalDc = Annotated[Dc | None, meta("the check's DC; without it no check is rolled")]
Modifier = Annotated[int, meta("the check's modifier", ge=-100, le=100)]
Bound = Annotated[int, msgspec.Meta(ge=-1000, le=1000)]
Feet = Annotated[int, msgspec.Meta(ge=1, le=100_000)]
Distance = Annotated[
    Annotated[int, msgspec.Meta(ge=1, le=100_000)] | None,
    meta("feet moved; required unless 'to' gives the square it ends on (then at least the "
         "distance there)", open_value=True),
]
Provokes = Annotated[bool, meta("whether this use provokes attacks of opportunity")]
What = Annotated[str | None, meta("what the action is, for the record", open_value=True)]
Advantage = Annotated[
    bool, meta("advantage from any source (a feature, a spell, the GM's ruling); with "
               "disadvantage too they cancel, as in 5e")
]
Disadvantage = Annotated[
    bool, meta("disadvantage from any source; with advantage too they cancel, as in 5e")
]
# the times an action with a variable cost may take
Time = Literal["standard", "move", "full_round", "free", "bonus"]
FeatureTime = Literal["standard", "move", "full_round", "free", "bonus", "reaction", "none"]


class Provoking(Params, kw_only=True):
    """An action that may provoke: the enemies who threaten the actor while it acts."""

    threatened_by: Annotated[
        Enemies, meta("enemies threatening the actor now (they may answer what provokes)")
    ] = None


Square = Annotated[
    list[Annotated[int, msgspec.Meta(ge=-10_000, le=10_000)]],
    msgspec.Meta(min_length=2, max_length=2),
]
To = Annotated[
    Square | None,
    meta("where the move ends, a 5-foot square [x, y]: required when the encounter's "
         "combatants have positions (the engine then works out the distance and who "
         "threatens the squares left), refused when they have none"),
]


class Leaving(Provoking, kw_only=True):
    """Movement: the enemies threatening the squares it leaves."""

    leaves_threatened_by: Annotated[
        Enemies, meta("enemies threatening a square the mover leaves")
    ] = None
    to: To = None


class NoParams(Params, kw_only=True):
    """No parameters."""


# ---------------------------------------------------------------------------- round, economy
class EndTurn(NoParams, kw_only=True):
    """End one's turn."""


class GenericAction(Provoking, kw_only=True):
    """A generic action of one cost; what it is goes in ``what``."""

    provokes: Provokes = False
    what: What = None


class FullRoundAction(GenericAction, kw_only=True):
    no_step: Annotated[bool, meta("its description forbids the 5-foot step this round")] = False
    as_standard: Annotated[
        bool, meta("taken as a standard action when limited to one (only if its own "
                   "description allows it)")
    ] = False


class BonusAction(Provoking, kw_only=True):
    what: What = None


class Reaction(Params, kw_only=True):
    what: What = None


# ---------------------------------------------------------------------------- attacks
AttackBonus = Annotated[Bound | None, meta("the attack bonus; default the set-up's")]
TargetAc = Annotated[Bound | None, meta("the target's AC; default the set-up's")]
TargetSees = Annotated[
    bool, meta("the target can see the attacker (a dodger's disadvantage needs it)")
]


class Attack(Provoking, kw_only=True):
    """One attack roll (left out: the set-up's attack bonus and AC)."""

    target: CombatantId
    mode: Annotated[AttackMode | None,
                    meta("the attack mode (melee attacks do not provoke); default melee, or "
                         "the weapon's")] = None
    weapon: Annotated[str | None, meta("one of the attacker's drawn set-up weapons: its kind "
                                       "(melee / ranged), reach, attack bonus and damage")
                      ] = None
    attack_bonus: AttackBonus = None
    ac: TargetAc = None
    target_sees_attacker: TargetSees = True
    advantage: Advantage = False
    disadvantage: Disadvantage = False


class FullAttack(Provoking, kw_only=True):
    """A full attack: a full-round action whose first attack is rolled with it; the rest of
    the attack action's attacks follow as further ``attack`` actions. Without a target it
    only pays the round (the attacks are then declared one by one)."""

    target: Annotated[CombatantId | None, meta("the first attack's target")] = None
    mode: Annotated[AttackMode, meta("the attack mode (melee attacks do not provoke)")] = "melee"
    attack_bonus: AttackBonus = None
    ac: TargetAc = None
    target_sees_attacker: TargetSees = True
    advantage: Advantage = False
    disadvantage: Disadvantage = False


class Charge(Leaving, kw_only=True):
    """A charge: a full-round action that moves (up to twice the land speed) and ends with
    one melee attack on the target. Without a target it only pays the round and moves."""

    target: Annotated[CombatantId | None, meta("the charged enemy (one melee attack)")] = None
    distance: Annotated[
        Annotated[int, msgspec.Meta(ge=1, le=100_000)] | None,
        meta("feet moved (at most twice the land speed)", open_value=True),
    ] = None
    attack_bonus: AttackBonus = None
    ac: TargetAc = None
    target_sees_attacker: TargetSees = True
    advantage: Advantage = False
    disadvantage: Disadvantage = False


class Aoo(Params, kw_only=True):
    """An attack of opportunity: a melee attack on the provoker."""

    target: CombatantId
    weapon: Annotated[str | None, meta("one of the attacker's set-up weapons (a ranged one "
                                       "makes no attack of opportunity)")] = None
    attack_bonus: AttackBonus = None
    ac: TargetAc = None
    target_sees_attacker: TargetSees = True
    advantage: Advantage = False
    disadvantage: Disadvantage = False


# ---------------------------------------------------------------------------- abilities
class Cast(Provoking, kw_only=True):
    spell: Annotated[Name, meta("the spell or program cast", open_value=True)]
    casting_time: Annotated[Time, meta("its casting time")] = "standard"
    concentration: Annotated[bool, meta("it needs concentration")] = False
    duration_rounds: Annotated[
        Annotated[int, msgspec.Meta(ge=1, le=100_000)] | None,
        meta("its duration in rounds; ends just before its starting count"),
    ] = None
    target: Annotated[CombatantId | None, meta("who bears the effect; default the caster")] = None


class Concentrate(Provoking, kw_only=True):
    ability: Annotated[Name | None, meta("the ability concentrated on; default the current")
                       ] = None


class Dismiss(Provoking, kw_only=True):
    ability: Annotated[Name, meta("the active ability to dismiss")]


class ConcentrationCheck(Params, kw_only=True):
    dc: Annotated[Dc, meta("the DC of the concentration check")]
    advantage: Advantage = False
    disadvantage: Disadvantage = False


class ActivateItem(Provoking, kw_only=True):
    item: Annotated[Name, meta("the item", open_value=True)] = "item"
    time: Annotated[Time, meta("what activating it takes (its description says)")] = "standard"


class UseAbility(Provoking, kw_only=True):
    ability: Annotated[Name, meta("one of the actor's set-up abilities")]


class UseSkill(Provoking, kw_only=True):
    skill: Annotated[Name, meta("the skill", open_value=True)]
    action: Annotated[
        FeatureTime, meta("what using it takes, as the skill says: an action, a reaction (also "
                          "off one's turn) or none at all")
    ] = "standard"
    provokes: Annotated[
        bool | None,
        meta("whether this use provokes; default: a use taking an action does (usually, "
             "unless the skill says not), a reaction or a use taking no action does not"),
    ] = None
    dc: OptionalDc = None
    modifier: Modifier = 0
    advantage: Advantage = False
    disadvantage: Disadvantage = False


class UseFeature(Provoking, kw_only=True):
    feature: Annotated[Name, meta("one of the actor's features")]
    action: Annotated[FeatureTime, meta("what using it takes")] = "standard"
    provokes: Provokes = False


# ---------------------------------------------------------------------------- standard actions
class AidAnother(Provoking, kw_only=True):
    aided_provokes: Annotated[bool, meta("the aided action provokes (so aid does)")] = False


class Sunder(Provoking, kw_only=True):
    object: Annotated[Literal["weapon", "object"], meta("sunder a weapon or an object")
                      ] = "weapon"
    held: Annotated[bool | None, meta("the object is held, carried or worn; default: a weapon "
                                      "is held")] = None


class Reload(Provoking, kw_only=True):
    time: Annotated[Time, meta("what reloading this weapon takes")] = "standard"


class DexteritySave(Params, kw_only=True):
    dc: Annotated[Dc, meta("the save's DC")]
    modifier: Modifier = 0
    advantage: Advantage = False
    disadvantage: Disadvantage = False


# ---------------------------------------------------------------------------- ready, full-round
class Ready(Provoking, kw_only=True):
    trigger: Annotated[Name, meta("the trigger", open_value=True)]
    action: Annotated[Name, meta("the readied action kind, or move / movement")]
    distance: Annotated[
        Annotated[int, msgspec.Meta(ge=0, le=100_000)] | None,
        meta("a readied movement's distance; default the speed", open_value=True),
    ] = None
    action_params: Annotated[
        dict[str, Any] | None, meta("the readied action's parameters", open_value=True)
    ] = None


class FireReadied(Leaving, kw_only=True):
    distance: Annotated[
        Annotated[int, msgspec.Meta(ge=0, le=100_000)] | None,
        meta("a readied movement's distance; default the readied one", open_value=True),
    ] = None
    target: Annotated[
        CombatantId | None,
        meta("the combatant an attack readied without its target is made on (required "
             "then; refused for any other readied action)"),
    ] = None


class StartFullRound(Provoking, kw_only=True):
    action: Annotated[Name, meta("the full-round action started", open_value=True)]
    provokes: Provokes = False


class CompleteFullRound(Provoking, kw_only=True):
    provokes: Provokes = False


# ---------------------------------------------------------------------------- bonus actions
class Hide(Provoking, kw_only=True):
    cover: Annotated[CoverDegree, meta("the cover hidden behind")] = "none"
    dc: OptionalDc = None
    advantage: Advantage = False
    disadvantage: Disadvantage = False


# ---------------------------------------------------------------------------- vehicles, mounts
class StartVehicle(Provoking, kw_only=True):
    hotwire: Annotated[bool, meta("start it without a key: a standard action and a check")
                       ] = False
    modifier: Modifier = 0
    dc: OptionalDc = None
    advantage: Advantage = False
    disadvantage: Disadvantage = False


class ParkVehicle(Provoking, kw_only=True):
    difficult: Annotated[bool, meta("a difficult stop: a standard action and a check")] = False
    modifier: Modifier = 0
    dc: OptionalDc = None
    advantage: Advantage = False
    disadvantage: Disadvantage = False


class ExitVehicle(Provoking, kw_only=True):
    fast: Annotated[bool, meta("fast (a Navigation check, DC 18) as a free action")] = False
    time: Annotated[Literal["move", "free", "bonus", "standard"],
                    meta("what it takes for this vehicle")] = "move"
    advantage: Advantage = False
    disadvantage: Disadvantage = False


class EnterVehicle(ExitVehicle, kw_only=True):
    vehicle_speed: Annotated[
        Annotated[int, msgspec.Meta(ge=0, le=100_000)] | None,
        meta("the vehicle's speed in feet; default the set-up's"),
    ] = None


class PilotVehicle(Leaving, kw_only=True):
    distance: Distance = None
    full_round: Annotated[bool, meta("this vehicle takes a full-round action to move")] = False
    dc: OptionalDc = None
    advantage: Advantage = False
    disadvantage: Disadvantage = False


# ---------------------------------------------------------------------------- items
class DrawWeapon(Provoking, kw_only=True):
    stored: Annotated[bool, meta("retrieve a stored weapon (a move action that provokes)")
                      ] = False
    with_move: Annotated[bool, meta("draw as part of a regular move (base attack +1)")] = False
    count: Annotated[int, meta("weapons drawn (2 needs two-weapon fighting)", ge=1, le=2)] = 1
    weapons: Annotated[
        list[str] | None,
        meta("which set-up weapons are drawn (1 or 2; sets the count); two drawn together must "
             "both be light or one-handed"),
    ] = None


class SheatheWeapon(Provoking, kw_only=True):
    weapon: Annotated[str | None, meta("which drawn set-up weapon is put away")] = None


# ---------------------------------------------------------------------------- movement
class Move(Leaving, kw_only=True):
    distance: Distance = None
    mode: Annotated[MoveMode, meta("the movement mode")] = "walk"
    difficult_terrain: Annotated[bool, meta("through difficult terrain (double cost)")] = False
    accelerated: Annotated[bool, meta("accelerated climbing or swimming (check at -5)")] = False
    new_move: Annotated[bool, meta("start a new move action instead of continuing")] = False
    dc: OptionalDc = None
    modifier: Modifier = 0
    advantage: Advantage = False
    disadvantage: Disadvantage = False


class Crawl(Provoking, kw_only=True):
    distance: Annotated[int, meta("feet crawled (exactly 5)", ge=1, le=100_000)] = 5
    to: To = None


class DifficultStep(Leaving, kw_only=True):
    mode: Annotated[MoveMode, meta("the movement mode")] = "walk"
    hampered: Annotated[bool, meta("something else keeps it from moving 5 feet normally")
                        ] = False


class FiveFootStep(Leaving, kw_only=True):
    mode: Annotated[MoveMode, meta("the movement mode")] = "walk"
    difficult_terrain: Annotated[bool, meta("into or through difficult terrain")] = False
    dark: Annotated[bool, meta("in darkness")] = False


class Withdraw(Leaving, kw_only=True):
    distance: Distance = None
    mode: Annotated[MoveMode, meta("the movement mode")] = "walk"
    blinded: Annotated[bool, meta("the withdrawer cannot see")] = False
    straight: Annotated[bool, meta("the path leads straight away")] = True
    unseen_threatened_by: Annotated[
        Enemies, meta("enemies threatening the start square that the withdrawer cannot see")
    ] = None
    passes_threatened_by: Annotated[
        Enemies, meta("enemies threatening squares passed after the first")
    ] = None


class Dash(Leaving, kw_only=True):
    distance: Distance = None
    mode: Annotated[MoveMode, meta("the movement mode")] = "walk"
    difficult_terrain: Annotated[bool, meta("through difficult terrain")] = False
    can_see: Annotated[bool, meta("the runner can see where it goes")] = True
    advantage: Advantage = False
    disadvantage: Disadvantage = False


# ---------------------------------------------------------------------------- game master
class SetCondition(Params, kw_only=True):
    target: CombatantId
    condition: Annotated[Condition, meta("the condition")]
    value: Annotated[bool, meta("true sets it, false clears it")] = True


class SetSpeed(Params, kw_only=True):
    target: CombatantId
    mode: Annotated[MoveMode, meta("the movement mode")] = "walk"
    feet: Annotated[int, meta("the new speed in feet", ge=0, le=100_000)]


class AddEffect(Params, kw_only=True):
    target: CombatantId
    name: Annotated[Name, meta("the effect's name", open_value=True)]
    rounds: Annotated[int, meta("its duration in rounds", ge=1, le=100_000)]


class SetCover(Params, kw_only=True):
    target: CombatantId
    cover: Annotated[CoverDegree, meta("the cover the target now has")]


HitPoints = Annotated[int, meta("hit points", ge=0, le=100_000)]


class ApplyDamage(Params, kw_only=True):
    """The game master deals damage outside an attack (a trap, a fall, a ruling)."""

    target: CombatantId
    amount: HitPoints
    damage_type: Annotated[DamageType | None, meta("its damage type (the target's defences "
                                                   "apply); null: untyped, none apply")] = None
    critical: Annotated[bool, meta("a critical hit (two death-save failures at 0 HP)")] = False


class Heal(Params, kw_only=True):
    """The game master (or an ability the table resolves) heals a combatant."""

    target: CombatantId
    amount: HitPoints


class GrantTemporaryHp(Params, kw_only=True):
    """Temporary hit points granted (they replace the pool only when higher)."""

    target: CombatantId
    amount: HitPoints


# ---------------------------------------------------------------------------- the table
# kind -> (its row, the usual cost, may be taken outside one's own turn)
def _k(kind: str, params: type[Params], family: str, summary: str, *, gm: bool = False
       ) -> ActionKind:
    return ActionKind(kind, params, summary, family, gm)


# The rows of Table: Standard Actions that need no rule of their own (kind -> its rule id,
# whether it provokes).
TABLE_ROWS: dict[str, tuple[str, bool]] = {
    "bull_rush": ("e133.action.bull-rush", True),
    "overrun": ("e133.action.overrun", False),
    "feint": ("e133.action.feint", False),
    "escape_grapple": ("e133.action.escape-grapple", False),
    "light_torch": ("e133.action.light-torch", True),
    "stabilize": ("e133.action.stabilize", True),
    "read_document": ("e133.action.read-document", True),
    "total_defense": ("e133.action.total-defense", False),
    "draw_hidden_weapon": ("e133.action.draw-hidden-weapon", False),
}
# The item manipulations of Table: Move Actions (a move action that provokes).
MANIPULATE = ("retrieve_item", "put_away_item", "move_heavy_object", "load_heavy_ammunition")


class TriggerDevice(Provoking, kw_only=True):
    device: Annotated[str | None, meta("the device (a bomb, a trap)", open_value=True)] = None


class TableRow(Provoking, kw_only=True):
    """A row of Table: Standard Actions: a standard action, provoking as the table says."""


class Manipulation(Provoking, kw_only=True):
    """Handling an item (Table: Move Actions): a move action that provokes."""


ACTIONS = ActionCatalogue("e133", [
    _k("end_turn", EndTurn, "round", "end one's turn"),
    _k("standard_action", GenericAction, "economy", "any other standard action"),
    _k("move_action", GenericAction, "economy", "any other move action"),
    _k("full_round_action", FullRoundAction, "economy", "any other full-round action"),
    _k("free_action", GenericAction, "economy", "any other free action (on one's own turn)"),
    _k("bonus_action", BonusAction, "economy", "any bonus action (one per round, shared with "
       "reactions)"),
    _k("reaction", Reaction, "reactions", "any reaction (uses the round's bonus slot)"),
    _k("attack", Attack, "attacks", "one attack (a standard action; Extra Attack adds more)"),
    _k("full_attack", FullAttack, "attacks", "a full attack (a full-round action; its first "
       "attack is rolled with it, the others follow as attacks)"),
    _k("charge", Charge, "attacks", "a charge (a full-round action that moves and ends with a "
       "melee attack)"),
    _k("aoo", Aoo, "reactions", "an attack of opportunity on the combatant who provoked it"),
    _k("cast", Cast, "abilities", "cast a spell or program"),
    _k("concentrate", Concentrate, "abilities", "maintain concentration (a standard action)"),
    _k("dismiss", Dismiss, "abilities", "dismiss an active ability (a free action)"),
    _k("concentration_check", ConcentrationCheck, "abilities",
       "a concentration check against disruption (off turn too)"),
    _k("activate_item", ActivateItem, "items", "activate a magic or tech item"),
    _k("drink_potion", Provoking, "items", "drink a potion (a standard action that provokes)"),
    _k("use_ability", UseAbility, "abilities", "use one of the actor's set-up abilities"),
    _k("use_skill", UseSkill, "abilities", "use a skill"),
    _k("use_feature", UseFeature, "abilities", "use one of the actor's features"),
    *[_k(kind, TableRow, "standard", f"Table: Standard Actions: {kind.replace('_', ' ')}")
      for kind in TABLE_ROWS],
    _k("aid_another", AidAnother, "standard", "aid another (provokes when the aided action "
       "would)"),
    _k("sunder", Sunder, "standard", "sunder a weapon or object"),
    _k("reload", Reload, "items", "reload a weapon"),
    _k("disengage", Provoking, "standard", "disengage: leaving squares provokes no attack"),
    _k("dodge", Provoking, "standard", "dodge: attackers have disadvantage until one's next "
       "turn"),
    _k("dexterity_save", DexteritySave, "standard", "a Dexterity save (advantage while "
       "dodging)"),
    _k("ready", Ready, "ready", "ready an action of a standard action or less"),
    _k("fire_readied", FireReadied, "reactions", "take the readied action when it triggers"),
    _k("start_full_round", StartFullRound, "ready", "start a full-round action with a "
       "standard action"),
    _k("complete_full_round", CompleteFullRound, "ready", "complete it the following round"),
    _k("hide", Hide, "standard", "hide (a bonus action; a Stealth check)"),
    _k("trigger_device", TriggerDevice, "vehicles", "trigger a device (a bonus action)"),
    _k("start_vehicle", StartVehicle, "vehicles", "start a vehicle"),
    _k("park_vehicle", ParkVehicle, "vehicles", "park a vehicle"),
    _k("enter_vehicle", EnterVehicle, "vehicles", "get into a vehicle"),
    _k("exit_vehicle", ExitVehicle, "vehicles", "get out of a vehicle"),
    _k("pilot_vehicle", PilotVehicle, "vehicles", "move the vehicle one pilots"),
    _k("mount", Provoking, "vehicles", "mount a steed (a move action)"),
    _k("dismount", Provoking, "vehicles", "dismount (a move action)"),
    _k("control_mount", Provoking, "vehicles", "control a frightened mount (a move action)"),
    _k("draw_weapon", DrawWeapon, "items", "draw a weapon"),
    _k("draw_ammunition", Provoking, "items", "draw ammunition (a free action)"),
    _k("sheathe_weapon", SheatheWeapon, "items", "sheathe a weapon (a move action that provokes)"),
    _k("ready_shield", Provoking, "items", "strap on a carried shield"),
    _k("loose_shield", Provoking, "items", "loose a worn shield"),
    _k("drop_shield", Provoking, "items", "drop a carried shield (a free action)"),
    *[_k(kind, Manipulation, "items", f"Table: Move Actions: {kind.replace('_', ' ')}")
      for kind in MANIPULATE],
    _k("pick_up_item", Provoking, "items", "pick up an item"),
    _k("move", Move, "movement", "move up to one's speed in a mode"),
    _k("crawl", Crawl, "movement", "crawl 5 feet while prone"),
    _k("stand_up", Provoking, "movement", "stand up from prone"),
    _k("difficult_step", DifficultStep, "movement",
       "move 5 feet through difficult terrain as a full-round action"),
    _k("five_foot_step", FiveFootStep, "movement", "a 5-foot step (provokes no attack)"),
    _k("withdraw", Withdraw, "movement", "withdraw: the start square provokes no attack"),
    _k("dash", Dash, "movement", "dash: up to twice the speed as a full-round action"),
    _k("flee", Withdraw, "movement", "flee: withdraw out of the encounter (no longer counts for "
       "its side)"),
    _k("set_condition", SetCondition, "gm", "set or clear a condition", gm=True),
    _k("set_speed", SetSpeed, "gm", "set a combatant's speed in a mode", gm=True),
    _k("set_cover", SetCover, "gm", "set a combatant's cover", gm=True),
    _k("add_effect", AddEffect, "gm", "add a timed effect", gm=True),
    _k("apply_damage", ApplyDamage, "gm", "deal damage to a combatant", gm=True),
    _k("heal", Heal, "gm", "heal a combatant (a dropped one comes back)", gm=True),
    _k("grant_temporary_hp", GrantTemporaryHp, "gm", "grant temporary hit points", gm=True),
    *ROSTER_KINDS,  # roster.py: add / remove combatants, set / re-roll initiative
])


# kind -> (usual cost, may be taken outside one's own turn)
ACTION_KINDS: dict[str, tuple[str, bool]] = {
    "end_turn": ("none", False),
    "standard_action": ("standard", False),
    "move_action": ("move", False),
    "full_round_action": ("full", False),
    "free_action": ("free", False),
    "bonus_action": ("bonus", False),
    "reaction": ("reaction", True),
    "attack": ("standard", False),
    "full_attack": ("full", False),
    "charge": ("full", False),
    "aoo": ("reaction", True),
    "cast": ("standard", False),
    "concentrate": ("standard", False),
    "dismiss": ("free", False),
    "concentration_check": ("none", True),
    "activate_item": ("standard", False),
    "drink_potion": ("standard", False),
    "use_ability": ("standard", True),
    "use_skill": ("standard", True),
    "use_feature": ("standard", True),
    "aid_another": ("standard", False),
    "sunder": ("standard", False),
    "reload": ("standard", False),
    "disengage": ("standard", False),
    "dodge": ("standard", False),
    "dexterity_save": ("none", True),
    "ready": ("standard", False),
    "fire_readied": ("reaction", True),
    "start_full_round": ("standard", False),
    "complete_full_round": ("standard", False),
    "hide": ("bonus", False),
    "trigger_device": ("bonus", False),
    "start_vehicle": ("bonus", False),
    "park_vehicle": ("bonus", False),
    "enter_vehicle": ("move", False),
    "exit_vehicle": ("move", False),
    "pilot_vehicle": ("move", False),
    "mount": ("move", False),
    "dismount": ("move", False),
    "control_mount": ("move", False),
    "draw_weapon": ("move", False),
    "draw_ammunition": ("free", False),
    "sheathe_weapon": ("move", False),
    "ready_shield": ("move", False),
    "loose_shield": ("move", False),
    "drop_shield": ("free", False),
    "pick_up_item": ("move", False),
    "move": ("move", False),
    "crawl": ("move", False),
    "stand_up": ("move", False),
    "difficult_step": ("full", False),
    "five_foot_step": ("none", False),
    "withdraw": ("full", False),
    "dash": ("full", False),
    "flee": ("full", False),
    "set_condition": ("none", True),
    "set_speed": ("none", True),
    "set_cover": ("none", True),
    "add_effect": ("none", True),
    "apply_damage": ("none", True),
    "heal": ("none", True),
    "grant_temporary_hp": ("none", True),
    **dict.fromkeys(ROSTER_KIND_NAMES, ("none", True)),
}
for _kind in TABLE_ROWS:
    ACTION_KINDS[_kind] = ("standard", False)
for _kind in MANIPULATE:
    ACTION_KINDS[_kind] = ("move", False)
GM_KINDS = ("set_condition", "set_speed", "set_cover", "add_effect", "apply_damage", "heal",
            "grant_temporary_hp", *ROSTER_KIND_NAMES)


#: The key that holds the parsed parameters at the end of a path in the memo's tree (an
#: object, so that no parameter name equals it).
_PARSED: Final = object()
#: How many parameter sets the memo holds before it starts again.
_MEMO_SIZE: Final = 4096


class _MemoCatalogue(ActionCatalogue):
    """The catalogue, remembering the actions it parsed.

    ``Game.play`` validates an action (parsing it) and the ruleset's ``check`` then plans the
    same action object: the second parse reuses the first. Equal parameters of one kind parse
    to equal typed parameters (they are frozen), so one parse serves every equal action.
    """

    _last: tuple[Action, Any, Params] | None = None
    #: The parameters seen, as a tree: kind, then for each parameter in order its name, its
    #: value and the value's type (1, True and 1.0 are equal but parse apart), then
    #: ``_PARSED``: the typed parameters. Walking it is a few dict look-ups, less than
    #: building a key tuple of the items and their types cost (about a third of a move's
    #: validation); a value that cannot be a key (a list, a mapping) is parsed every time.
    _seen: dict[Any, Any] | None = None
    _seen_count: int = 0

    def parse(self, action: Action) -> Params:
        last = self._last
        raw = action.params
        if last is not None and last[0] is action and last[1] is raw:
            return last[2]
        seen = self._seen
        if seen is None:
            seen = self._seen = {}
        node = seen.get(action.kind)
        params: Params | None = None
        if node is not None:
            if not raw:  # no parameters (end_turn): no walk
                params = node.get(_PARSED)
            else:
                try:
                    for name, value in raw.items():
                        node = node[name][value][type(value)]
                    params = node.get(_PARSED)
                except (KeyError, TypeError):  # not seen yet, or a value that cannot be a key
                    params = None
        if params is None:
            params = super().parse(action)
            self._remember(seen, action.kind, raw, params)
        self._last = (action, raw, params)
        return params

    def _remember(self, seen: dict[Any, Any], kind: str, raw: Any, params: Params) -> None:
        if self._seen_count >= _MEMO_SIZE:
            seen.clear()
            self._seen_count = 0
        node = seen.setdefault(kind, {})
        try:
            for name, value in raw.items():
                node = node.setdefault(name, {}).setdefault(value, {}).setdefault(type(value), {})
        except TypeError:  # a value that cannot be a key: not remembered
            return
        node[_PARSED] = params
        self._seen_count += 1


def memo_catalogue(catalogue: ActionCatalogue) -> ActionCatalogue:
    memo = _MemoCatalogue(catalogue.ruleset, catalogue.values())
    return memo
