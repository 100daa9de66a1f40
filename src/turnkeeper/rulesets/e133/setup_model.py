"""The Element 133 set-up format, declared once: settings, combatants and their abilities.

``parse_setup(E133Setup, config)`` turns a set-up configuration into these models, naming
the path of anything wrong with a did-you-mean (``combatants[0].inittiative: unknown field;
did you mean initiative?``). A key that no model declares is never accepted.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

import msgspec

from turnkeeper.core.schema import Settings, meta

MoveMode = Literal["walk", "fly", "swim", "climb", "burrow", "jump"]
Armour = Literal["none", "light", "medium", "heavy"]
CoverDegree = Literal["none", "quarter", "half", "three_quarters", "total"]
Condition = Literal["prone", "blinded", "incapacitated", "down", "restricted", "stunned",
                    "unconscious", "paralyzed", "petrified"]
AbilityType = Literal["special", "spell_like", "supernatural", "extraordinary"]
ActionTime = Literal["standard", "move", "full_round", "free", "bonus", "reaction", "none"]
AttackMode = Literal["melee", "unarmed", "ranged", "spell", "technomancy", "improvised"]
ShieldState = Literal["none", "carried", "worn"]
# The 13 damage types of the d20 SRD (fight/attack.py DAMAGE_TYPES; reference/e133.md).
DamageType = Literal["acid", "bludgeoning", "cold", "fire", "force", "lightning", "necrotic",
                     "piercing", "poison", "psychic", "radiant", "slashing", "thunder"]
DropRule = Literal["death_saves", "down_means_out"]

# Ranges for numbers inside optional fields (msgspec puts a range on the number itself).
SmallInt = Annotated[int, msgspec.Meta(ge=-100, le=100)]
Count = Annotated[int, msgspec.Meta(ge=-100, le=1000)]
Feet = Annotated[int, msgspec.Meta(ge=0, le=10_000)]
Whole = Annotated[int, msgspec.Meta(ge=0)]


class E133Settings(Settings, kw_only=True):
    """The table's choices where the rule text leaves one (READINGS.md, e133)."""

    free_actions_per_turn: Annotated[
        Whole | None, meta("free actions allowed per turn; null: unlimited")
    ] = None
    double_move: Annotated[
        bool, meta("a move action may be taken in place of the standard action")
    ] = True
    restricted_bonus: Annotated[
        bool, meta("a combatant under restricted activity keeps its bonus action")
    ] = True
    free_list_wins: Annotated[
        bool, meta("taking an item out (potion from a pack, picking up) is a free action")
    ] = False
    diagonals: Annotated[
        Literal["5e", "d20"],
        meta("distance on the grid when combatants have positions: 5e (every square 5 ft) "
             "or d20 (every second diagonal 10 ft)"),
    ] = "5e"
    drop_rule: Annotated[
        DropRule,
        meta("what 0 HP means: death_saves (5e death saves, the default) or down_means_out "
             "(out of the fight at once)"),
    ] = "death_saves"
    hide_benefits: Annotated[
        bool,
        meta("a successful Hide gives 5e's unseen attacker and target: its attacks have "
             "advantage, attacks on it disadvantage, and its first attack ends it; false: "
             "hidden is only recorded, for the game master to rule on by hand"),
    ] = True

    def to_dict(self) -> dict[str, Any]:
        """Plain data (the state's JSON form and its hash see the settings as a mapping)."""
        data: dict[str, Any] = msgspec.to_builtins(self)
        return data


class AbilitySpec(msgspec.Struct, forbid_unknown_fields=True, frozen=True, kw_only=True):
    """One named ability of a combatant (Use Special Ability and the ability types)."""

    type: Annotated[AbilityType, meta("which kind of ability; decides provoking and disruption")
                    ] = "special"
    action: Annotated[
        ActionTime | None,
        meta("what using it takes; default none for extraordinary abilities, else standard"),
    ] = None
    uses: Annotated[Whole | None, meta("uses left in this encounter; null: unlimited")] = None
    no_step: Annotated[
        bool, meta("its description forbids the 5-foot step in the round it is used")
    ] = False
    provokes: Annotated[
        bool | None,
        meta("whether using it provokes; spell-like always, supernatural and extraordinary "
             "never, special only when its description says so"),
    ] = None


class WeaponSpec(msgspec.Struct, forbid_unknown_fields=True, frozen=True, kw_only=True):
    """One weapon a combatant carries (Draw or Sheathe a Weapon; Attacks of Opportunity)."""

    kind: Annotated[Literal["melee", "ranged"], meta("melee or ranged")] = "melee"
    reach: Annotated[int, meta("reach in feet: with positions, a drawn melee weapon threatens "
                               "and hits this far", ge=0, le=100)] = 5
    handling: Annotated[Literal["light", "one_handed", "two_handed"],
                        meta("light, one-handed or two-handed")] = "one_handed"
    drawn: Annotated[bool, meta("in hand at the start (draw_weapon / sheathe_weapon change it)")
                     ] = True
    attack_bonus: Annotated[SmallInt | None, meta("its attack bonus; default the combatant's "
                                                  "for the weapon's mode")] = None
    damage: Annotated[str | None, meta("its damage, e.g. '1d8+3 slashing'; default the "
                                       "combatant's for the weapon's mode")] = None


class Combatant(msgspec.Struct, forbid_unknown_fields=True, frozen=True, kw_only=True):
    """One combatant of the encounter."""

    id: Annotated[str, meta("unique id (not 'gm')", min_length=1)]
    name: Annotated[str | None, meta("display name; default the id")] = None
    side: Annotated[str | None, meta("the side it fights on; default party")] = None
    controller: Annotated[str | None, meta("the seat that controls it")] = None
    init_mod: Annotated[int, meta("initiative modifier", ge=-100, le=100)] = 0
    initiative: Annotated[
        Count | None, meta("a fixed initiative count instead of rolling")
    ] = None
    speeds: Annotated[
        Annotated[dict[MoveMode, Feet], msgspec.Meta(min_length=1)] | None,
        meta("speed per movement mode in feet"),
    ] = None
    speed: Annotated[
        Feet | None, meta("land speed in feet when speeds is not given; default 30")
    ] = None
    con: Annotated[int, meta("Constitution score (dash endurance)", ge=0, le=100)] = 10
    bab: Annotated[int, meta("base attack bonus", ge=-100, le=100)] = 0
    features: Annotated[list[str], meta("feature names (run, two_weapon_fighting, ...)")] = []
    armour: Annotated[Armour, meta("armour worn")] = "none"
    attacks: Annotated[int, meta("attacks per attack action (Extra Attack)", ge=1, le=20)] = 1
    abilities: Annotated[dict[str, AbilitySpec], meta("named abilities")] = {}
    concentration: Annotated[int, meta("concentration check modifier", ge=-100, le=100)] = 0
    stealth: Annotated[int, meta("Dexterity (Stealth) modifier", ge=-100, le=100)] = 0
    navigation: Annotated[int, meta("Navigation modifier", ge=-100, le=100)] = 0
    armour_check_penalty: Annotated[int, meta("armour check penalty", ge=0, le=100)] = 0
    conditions: Annotated[list[Condition], meta("conditions at the start")] = []
    surprised: Annotated[bool, meta("surprised: no turn in the surprise round")] = False
    cover: Annotated[CoverDegree, meta("cover at the start")] = "none"
    shield: Annotated[ShieldState, meta("shield carried in hand, worn (strapped on) or none")
                      ] = "none"
    shield_bonus: Annotated[
        int, meta("the shield's bonus to AC, added while it is worn (strapped on); 0: none "
                  "given. ac is the armour class without the shield", ge=0, le=20)
    ] = 0
    mounted: Annotated[bool, meta("riding a mount")] = False
    steed: Annotated[
        Annotated[str, msgspec.Meta(min_length=1)] | None,
        meta("the id of another combatant it rides as its steed: it may mount it while the "
             "steed stands (with mounted: riding it from the start)"),
    ] = None
    in_vehicle: Annotated[bool, meta("aboard a vehicle")] = False
    vehicle_speed: Annotated[int, meta("the vehicle's speed in feet", ge=0, le=100_000)] = 0
    attack_bonus: Annotated[
        SmallInt | dict[AttackMode, SmallInt] | None,
        meta("attack bonus, one for every mode or per attack mode (a mode left out has "
             "none, and its attacks carry no odds)"),
    ] = None
    dex_ac: Annotated[int, meta("Dexterity bonus to AC (lost while withdrawing)", ge=0, le=20)
                      ] = 0
    vehicle_concentration: Annotated[
        bool, meta("the vehicle it is in needs concentration to pilot")
    ] = False
    weapons: Annotated[dict[str, WeaponSpec], meta("weapons carried, by name")] = {}
    position: Annotated[
        Annotated[list[Annotated[int, msgspec.Meta(ge=-10_000, le=10_000)]],
                  msgspec.Meta(min_length=2, max_length=2)] | None,
        meta("its 5-foot square [x, y]; give every combatant one (the engine then works out "
             "reach and threat) or none"),
    ] = None
    ac: Annotated[Annotated[int, msgspec.Meta(ge=0, le=100)] | None, meta("armour class")] = None
    # -- the fight (docs/rulesets/e133-fight.md): all optional; without max_hp the combatant
    # has no hit points and hits change nothing (the action economy alone)
    max_hp: Annotated[
        Annotated[int, msgspec.Meta(ge=1, le=100_000)] | None,
        meta("maximum hit points; with it, hits deal damage and 0 HP drops the combatant"),
    ] = None
    hp: Annotated[
        Annotated[int, msgspec.Meta(ge=1, le=100_000)] | None,
        meta("current hit points at the start (1..max_hp); default max_hp"),
    ] = None
    temporary_hp: Annotated[int, meta("temporary hit points at the start", ge=0,
                                      le=100_000)] = 0
    damage: Annotated[
        str | dict[AttackMode, str] | None,
        meta("damage of a hit: dice, modifier and type, e.g. '1d8+3 slashing'; one for "
             "every attack mode or per mode (a mode left out deals none)"),
    ] = None
    resistances: Annotated[list[DamageType], meta("damage types halved (round down)")] = []
    vulnerabilities: Annotated[list[DamageType], meta("damage types doubled")] = []
    immunities: Annotated[list[DamageType], meta("damage types that deal nothing")] = []


class E133Setup(msgspec.Struct, forbid_unknown_fields=True, frozen=True, kw_only=True):
    """An Element 133 encounter: the table's settings and the combatants."""

    combatants: Annotated[list[Combatant], meta("everyone in the encounter", min_length=1)]
    settings: Annotated[E133Settings, meta("the table's settings")] = msgspec.field(
        default_factory=E133Settings
    )
