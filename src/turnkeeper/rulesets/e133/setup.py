"""Set-up: the configuration parsed against its model (setup_model.py), each combatant turned
into its ``combatant_joined`` record."""

from __future__ import annotations

import copy
import re
from collections.abc import Collection, Mapping
from typing import Any

import msgspec

from turnkeeper.core.ruleset import SetupError
from turnkeeper.core.schema import did_you_mean, parse_setup
from turnkeeper.rulesets.e133.fight.attack import AttackProfile, ProfileError
from turnkeeper.rulesets.e133.items import shield_ac
from turnkeeper.rulesets.e133.setup_model import AttackMode, Combatant, E133Setup
from turnkeeper.rulesets.e133.state import ATTACK_MODES, MOVE_MODES


def parse_e133_setup(config: Any) -> E133Setup:
    """The set-up as its model, or :class:`SetupError` naming the path and the fix.

    The kernel's message for a mapping key outside its enum (a movement mode, an attack
    mode) names no key; it is said again here with the key and a did-you-mean.
    """
    if not isinstance(config, Mapping):
        raise SetupError("the set-up must be a mapping with a 'combatants' list")
    try:
        return parse_setup(E133Setup, config)
    except SetupError as exc:
        if "[...]" in str(exc):
            raise SetupError(_name_the_key(config, str(exc))) from None
        bad_key = _BAD_KEY.match(str(exc))
        if bad_key is None:
            raise
        key, at = bad_key.group("key"), bad_key.group("at")
        choices = _KEYED.get(at.rsplit(".", 1)[-1], ())
        raise SetupError(f"{at}.{key}: unknown key{did_you_mean(key, choices)} (allowed: "
                         f"{', '.join(choices)})") from None


def _name_the_key(config: Mapping[str, Any], message: str) -> str:
    """``message`` with msgspec's ``[...]`` (some key of a mapping) replaced by the key: the
    first key whose entry alone gives the same error."""
    head = message.partition("[...]")[0]
    holder: Any = config
    for name, index in re.findall(r"([^.\[\]]+)|\[(\d+)\]", head):
        try:
            holder = holder[int(index)] if index else holder[name]
        except (KeyError, IndexError, TypeError):
            return message
    if not isinstance(holder, Mapping):
        return message
    for key, value in holder.items():
        holder_copy = {key: value}
        trial = copy.deepcopy(dict(config))
        inner: Any = trial
        steps = re.findall(r"([^.\[\]]+)|\[(\d+)\]", head)
        for name, index in steps[:-1]:
            inner = inner[int(index)] if index else inner[name]
        last_name, last_index = steps[-1]
        inner[int(last_index) if last_index else last_name] = holder_copy
        try:
            parse_setup(E133Setup, trial)
        except SetupError as exc:
            if "[...]" in str(exc):
                return str(exc).replace("[...]", f".{key}", 1)
    return message


# msgspec's wording for a mapping key outside its enum, and the enums of the keyed mappings
_BAD_KEY = re.compile(r"^Invalid enum value '(?P<key>.*)' - at key in \$\.(?P<at>.*)$")

_KEYED: dict[str, tuple[str, ...]] = {"speeds": MOVE_MODES, "attack_bonus": ATTACK_MODES,
                                      "damage": ATTACK_MODES}


def fight_record(where: str, c: Combatant) -> dict[str, Any]:
    """The combatant's hit points, damage per attack mode and defences (only those given),
    each damage text read now so that a bad one is named with the combatant and mode."""
    out: dict[str, Any] = {}
    if c.max_hp is None:
        for name in ("hp", "temporary_hp", "damage", "resistances", "vulnerabilities",
                     "immunities"):
            if getattr(c, name) not in (None, 0, []) and name != "damage":
                raise SetupError(f"{where}.{name}: needs max_hp (a combatant without hit "
                                 "points takes no damage)")
    else:
        hp = c.max_hp if c.hp is None else c.hp
        if hp > c.max_hp:
            raise SetupError(f"{where}.hp: {hp} is above max_hp {c.max_hp}")
        out["health"] = {"max_hp": c.max_hp, "hp": hp, "temporary_hp": c.temporary_hp}
    if c.damage is not None:
        raw = c.damage if isinstance(c.damage, Mapping) else dict.fromkeys(ATTACK_MODES,
                                                                            c.damage)
        if not raw:
            raise SetupError(f"{where}.damage: an empty mapping; give at least one attack "
                             f"mode ({', '.join(ATTACK_MODES)})")
        for mode, text in raw.items():
            try:
                AttackProfile.parse(text)
            except ProfileError as exc:
                at = f"{where}.damage" + (f".{mode}" if isinstance(c.damage, Mapping) else "")
                raise SetupError(f"{at}: {exc}") from None
        out["damage"] = {str(mode): text for mode, text in raw.items()}
    for name in ("resistances", "vulnerabilities", "immunities"):
        if getattr(c, name):
            out[name] = sorted(set(getattr(c, name)))
    return out


def attack_bonus_of(where: str, raw: int | Mapping[AttackMode, int] | None) -> dict[str, int]:
    """``attack_bonus``: one whole number for every attack mode, or a mapping of attack
    mode to bonus (a mode left out has no bonus: its attacks carry no odds)."""
    if raw is None:
        return {}
    if isinstance(raw, Mapping):
        if not raw:
            raise SetupError(f"{where}.attack_bonus: an empty mapping; give at least one "
                             f"attack mode ({', '.join(ATTACK_MODES)})")
        return {str(mode): bonus for mode, bonus in raw.items()}
    return dict.fromkeys(ATTACK_MODES, raw)


def combatant_record(i: int, c: Combatant) -> dict[str, Any]:
    """The ``combatant_joined`` event data of one parsed combatant (defaults filled in,
    the checks that tie one field to another made)."""
    where = f"combatants[{i}] ({c.id})"
    speeds: dict[str, int] = {str(mode): feet for mode, feet in c.speeds.items()
                              } if c.speeds is not None else {
        "walk": 30 if c.speed is None else c.speed}
    abilities: dict[str, dict[str, Any]] = {}
    for name, spec in c.abilities.items():
        atype = spec.type
        default_time = "none" if atype == "extraordinary" else "standard"
        provokes = spec.provokes if spec.provokes is not None else atype == "spell_like"
        if atype in ("supernatural", "extraordinary") and provokes:
            raise SetupError(f"{where}.abilities.{name}.provokes: a {atype} ability never "
                             "provokes")
        if atype == "spell_like" and not provokes:
            raise SetupError(f"{where}.abilities.{name}.provokes: a spell-like ability "
                             "always provokes")
        abilities[name] = {"type": atype, "action": spec.action or default_time,
                           "uses": spec.uses, "provokes": provokes}
        if spec.no_step:
            abilities[name]["no_step"] = True
    fighter: dict[str, Any] = {
        "id": c.id,
        "name": c.name or c.id,
        "side": c.side or "party",
        "controller": c.controller,
        "init_mod": c.init_mod,
        "count": c.initiative,
        "init_roll": None,
        "speeds": speeds,
        "con": c.con,
        "bab": c.bab,
        "features": list(c.features),
        "armour": c.armour,
        "attacks": c.attacks,
        "abilities": abilities,
        "concentration": c.concentration,
        "stealth": c.stealth,
        "navigation": c.navigation,
        "armour_check_penalty": c.armour_check_penalty,
        "conditions": list(c.conditions),
        "surprised": c.surprised,
        "cover": c.cover,
        "shield": c.shield,
        "mounted": c.mounted,
        "in_vehicle": c.in_vehicle,
        "vehicle_speed": c.vehicle_speed,
        "uses": {k: v["uses"] for k, v in abilities.items() if v["uses"] is not None},
        "tiebreak": [],
    }
    # Only when given, so that the set-up events of encounters without them are unchanged.
    attack_bonus = attack_bonus_of(where, c.attack_bonus)
    if attack_bonus:
        fighter["attack_bonus"] = attack_bonus
    if c.ac is not None:
        # a shield worn from the start gives its bonus at once (e133.shield.ready-loose)
        fighter["ac"] = shield_ac(c.ac, c.shield, c.shield_bonus)
    if c.shield_bonus:
        if c.shield == "none":
            raise SetupError(f"{where}.shield_bonus: {c.shield_bonus} given, but shield is "
                             "none; give shield: carried or worn")
        if c.ac is None:
            raise SetupError(f"{where}.shield_bonus: {c.shield_bonus} given without ac, the "
                             "armour class it adds to; give ac (without the shield)")
        fighter["shield_bonus"] = c.shield_bonus
    if c.steed is not None:
        # only when given, as the rest: the set-up events of encounters without it stay
        if c.steed == c.id:
            raise SetupError(f"{where}.steed: {c.id} cannot be its own steed; name another "
                             "combatant")
        fighter["steed"] = c.steed
    # Likewise only when given (issue 12: Dex bonus lost while withdrawing, a vehicle that
    # needs concentration, weapons).
    if c.dex_ac:
        fighter["dex_ac"] = c.dex_ac
    if c.vehicle_concentration:
        fighter["vehicle_concentration"] = True
    if c.weapons:
        fighter["weapons"] = {}
        for name, weapon in c.weapons.items():
            record = msgspec.to_builtins(weapon)
            # only when given, so that earlier set-ups record their weapons as before
            for key in ("attack_bonus", "damage"):
                if record[key] is None:
                    del record[key]
            if weapon.damage is not None:
                try:
                    AttackProfile.parse(weapon.damage)
                except ProfileError as exc:
                    raise SetupError(f"{where}.weapons.{name}.damage: {exc}") from None
            fighter["weapons"][name] = record
    if c.position is not None:
        fighter["position"] = list(c.position)
    # The fight (hit points, damage, defences): only when given, likewise.
    fighter.update(fight_record(where, c))
    return fighter


def steed_error(where: str, steed: str, known: Collection[str]) -> str | None:
    """Why ``steed`` (a set-up combatant's steed) names no combatant of ``known``, or
    ``None``: a misspelled or unknown id is a set-up error, named with a did-you-mean."""
    if steed in known:
        return None
    return (f"{where}.steed: no combatant {steed!r}{did_you_mean(steed, known)} "
            f"(combatants: {', '.join(known)})")
