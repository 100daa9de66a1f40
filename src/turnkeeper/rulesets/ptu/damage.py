"""Where the ruleset calls the fight package: an attack's numbers, its damage, its odds.

:func:`attack_numbers` builds the fight package's :class:`~turnkeeper.rulesets.ptu.fight.Attack`
from the state (stats after combat stages, the target's best fitting evasion, types, the
damage setting); :func:`accuracy_event` rolls the d20 against AC + evasion;
:func:`damage_events` rolls the damage of a hit and says what the HP loss did (injuries,
fainting). :func:`attack_offer_odds` gives the exact odds an attack offer carries. Facts:
PTU 1.05 Core p. 236-237 and ch. 7 (see docs/rulesets/ptu-fight.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any, Final

from turnkeeper.core.model import Event, OnFirstRead
from turnkeeper.dice.source import DiceSource
from turnkeeper.rulesets.ptu.field import move_of, move_used_up
from turnkeeper.rulesets.ptu.fight.afflictions import (
    cured,
    roll_save,
    saves_due,
    stage_changes,
    standard_action_loss,
)
from turnkeeper.rulesets.ptu.fight.attack import (
    Attack,
    DamageMode,
    attack_odds,
    final_damage,
    hits,
    is_critical,
    p_faint,
    roll_damage,
)
from turnkeeper.rulesets.ptu.fight.health import Health, lose_hp
from turnkeeper.rulesets.ptu.fight.stats import (
    MAX_STAGE,
    MIN_STAGE,
    Evasions,
    MoveClass,
    injured_max_hp,
    staged_value,
)
from turnkeeper.rulesets.ptu.move_effects import effect_events
from turnkeeper.rulesets.ptu.state import AFFLICTIONS, STATUS_OF, Combatant, PtuState

#: The fight package's affliction names back to the ruleset's status names.

#: The crit range of the ruleset's attacks: a natural 20 (p. 236).
CRIT_FROM = 20

#: Afflictions that leave a target without evasion (p. 246-248).
NO_EVASION: Final = ("frozen", "asleep", "bad_sleep")


def afflictions_of(c: Combatant) -> list[str]:
    """``c``'s statuses that are afflictions, by the fight package's names."""
    return [AFFLICTIONS[s] for s in c.statuses if s in AFFLICTIONS]


def _stage(c: Combatant, stat: str) -> int:
    """The combat stage of ``stat``: its own plus what afflictions bring (Burned -2 Def,
    Poisoned -2 Sp. Def, Paralyzed -4 Speed; rule ptu.fight.affliction.stages)."""
    stage = c.stages.get(stat, 0)
    if c.statuses:  # without statuses there is no affliction to add stages (the hot path)
        for name in afflictions_of(c):
            stage += _affliction_stages(name).get(stat, 0)
    return max(MIN_STAGE, min(MAX_STAGE, stage))


#: :func:`stage_changes` of each affliction, kept once read: the fight package's table is
#: interpreted and never changes, and an attack on an afflicted combatant asks it for each
#: of several stats (issue 16).
_STAGE_CHANGES: Final[dict[str, dict[str, int]]] = {}


def _affliction_stages(name: str) -> dict[str, int]:
    changes = _STAGE_CHANGES.get(name)
    if changes is None:
        changes = {str(stat): value for stat, value in stage_changes(name).items()}
        _STAGE_CHANGES[name] = changes
    return changes


def _stat_value(c: Combatant, stat: str) -> int:
    """``c``'s own value of ``stat``: the fields attack offers and hits ask for are read
    directly (compiled, ``getattr`` by a name is CPython's generic look-up, issue 16)."""
    if stat == "speed":
        return c.speed
    if stat == "defense":
        return c.defense
    if stat == "special_defense":
        return c.special_defense
    if stat == "attack":
        return c.attack
    if stat == "special_attack":
        return c.special_attack
    return int(getattr(c, stat))


def staged(c: Combatant, stat: str) -> int:
    """One of ``c``'s stats after its combat stage (rule ``ptu.fight.stages.multiplier``)."""
    value = _stat_value(c, stat)
    stage = _stage(c, stat)
    # Stage 0 leaves a stat as it is (staged_value's own result), without the call: the
    # legal-action listing asks this for every attack offer.
    return value if stage == 0 else staged_value(value, stage)


@lru_cache(maxsize=4096)
def _evasions(defense: int, special_defense: int, speed: int) -> Evasions:
    """The evasions of these staged stats (one immutable value per triple, computed once)."""
    return Evasions.from_stats(defense, special_defense, speed)


def evasion_of(target: Combatant, move_class: MoveClass) -> int:
    """The target's best evasion that fits the move (p. 236); none while Frozen or Asleep."""
    if target.statuses and any(s in target.statuses for s in NO_EVASION):
        return 0
    evasions = _evasions(
        staged(target, "defense"), staged(target, "special_defense"), staged(target, "speed")
    )
    return evasions.best_against(move_class)


def attack_numbers(
    state: PtuState, user: Combatant, target: Combatant, move: Mapping[str, Any], bonus: int,
    *, stab: bool = True,
) -> Attack:
    """The fight package's :class:`Attack` for ``user`` using ``move`` on ``target`` now."""
    return _attack_of(attack_fields(state, user, target, move, bonus, stab))


@lru_cache(maxsize=4096)
def _attack_of(fields: AttackFields) -> Attack:
    # One Attack for the same fields, shared (it is frozen): building one runs the frozen
    # dataclass's __init__, interpreted even in the compiled build (about 22k instructions,
    # issue 16), and a fight resolves the same few attacks over and over. An invalid set of
    # fields raises each time (lru_cache keeps no exception).
    return Attack(*fields)


#: The values of an :class:`Attack`, in the order of its fields.
AttackFields = tuple[str, MoveClass, int | None, int | None, int, int, tuple[str, ...],
                     tuple[str, ...], int, int, int, bool, DamageMode]


def attack_fields(
    state: PtuState, user: Combatant, target: Combatant, move: Mapping[str, Any], bonus: int,
    stab: bool,
) -> AttackFields:
    """Everything :func:`attack_numbers` builds its :class:`Attack` from (its fields, in
    order): stats after combat stages, the best fitting evasion, types, the damage setting."""
    # Moves are dicts (the moves file, a user's file, a waiting hit's copy): read as one,
    # compiled, each ``get`` is a direct dict read instead of a method call by name
    # (issue 16); any other mapping is read through a copy.
    entry = move if isinstance(move, dict) else dict(move)
    move_class: MoveClass = entry.get("move_class", "physical")
    special = move_class == "special"
    damage_base = entry.get("damage_base") if move_class != "status" else None
    # Without combat stages or statuses a stat is its own value and accuracy has no stage
    # (what staged() and evasion_of() give then), read directly: the legal-action listing
    # asks this for every attack offer.
    if not user.stages and not user.statuses:
        attack_stat = user.special_attack if special else user.attack
        accuracy = bonus
    else:
        attack_stat = staged(user, "special_attack" if special else "attack")
        accuracy = _stage(user, "accuracy") + bonus
    if not target.stages and not target.statuses:
        defense_stat = target.special_defense if special else target.defense
        evasion = _evasions(target.defense, target.special_defense, target.speed).best_against(
            move_class)
    else:
        defense_stat = staged(target, "special_defense" if special else "defense")
        evasion = evasion_of(target, move_class)
    return (
        entry.get("type", "Normal"), move_class, entry.get("ac"), damage_base,
        attack_stat, defense_stat, tuple(user.types), tuple(target.types),
        accuracy, evasion, entry.get("crit_from", CRIT_FROM), stab and entry.get("stab", True),
        state.settings.damage_mode,
    )


def accuracy_event(
    user: Combatant, target: Combatant, attack: Attack, what: str, dice: DiceSource,
    bonus: int,
) -> Event:
    """The accuracy roll (p. 236): d20 + modifiers against AC + the target's evasion; a
    natural 1 misses, a 20 hits; a hit at the move's crit range is critical."""
    # Each event's data is one dict display in its final key order (not a shared base
    # copied into it: issue 16, the copy cost as much as the rest).
    ac = attack.ac
    if ac is None:
        return Event("attack_rolled", {"actor": user.id, "target": target.id, "what": what,
                                       "damage_base": attack.damage_base, "roll": None,
                                       "ac": None, "hit": True, "critical": False})
    natural = dice.die(20)
    hit = hits(natural, ac=ac, evasion=attack.evasion,
               accuracy_modifier=attack.accuracy_modifier)
    return Event("attack_rolled", {
        "actor": user.id, "target": target.id, "what": what,
        "damage_base": attack.damage_base, "roll": natural, "bonus": bonus, "ac": ac,
        "evasion": attack.evasion, "hit": hit,
        "critical": is_critical(natural, hit=hit, crit_from=attack.crit_from),
    })


def damage_events(
    state: PtuState, user: Combatant, target: Combatant, attack: Attack, critical: bool,
    what: str, dice: DiceSource, health: Health | None = None,
) -> list[Event]:
    """The damage of a hit and what the HP loss did (injuries, fainting), as one event.

    Rules ``ptu.fight.damage.*``, ``ptu.fight.types.*``, ``ptu.fight.injury.*``,
    ``ptu.fight.hp.faint``.
    """
    if attack.damage_base is None or state.settings.hit_damage != "engine":
        return []
    faces, total = roll_damage(attack, critical=critical, dice=dice)
    steps = attack.steps
    dealt = final_damage(total, attack.attack_stat, attack.defense_stat, steps)
    if health is None:
        health = Health(max_hp=target.max_hp, hp=target.hp, injuries=target.injuries)
    loss = lose_hp(health, dealt, basis=state.settings.injury_basis)
    out = [Event("damage_dealt", {
        "target": target.id, "source": user.id, "what": what, "faces": list(faces),
        "roll_total": total, "critical": critical, "type_steps": steps,
        "immune": steps is None, "damage": dealt, "hp_before": health.hp,
        "hp_after": loss.after.hp, "markers": list(loss.markers), "massive": loss.massive,
        "injuries_gained": loss.new_injuries, "fainted": loss.fainted_now,
    })]
    held = afflictions_of(target) if dealt > 0 else []
    if held:  # nothing held, nothing cured (without the interpreted table's two calls)
        # Damage wakes the Asleep; a damaging Fire, Fighting, Rock or Steel hit thaws the
        # Frozen (rule ptu.fight.affliction.cure).
        ended = {*cured(held, "took_damage"),
                 *cured(held, "damaging_hit", damaging_type=attack.move_type)}
        out.extend(Event("affliction_cured", {"target": target.id, "status": STATUS_OF[n],
                                              "cause": "damage"})
                   for n in sorted(ended))
    return out


def standard_action_loss_events(state: PtuState, c: Combatant) -> list[Event]:
    """HP lost for taking a Standard action while Burned, Poisoned, Badly Poisoned or Cursed
    (rule ptu.fight.affliction.standard-action-loss); ticks cross HP markers but are never
    Massive Damage."""
    held = afflictions_of(c)
    if not held or state.settings.hit_damage != "engine" or c.fainted:
        return []
    base = injured_max_hp(c.max_hp, c.injuries) if state.settings.injury_basis == "injured" \
        else c.max_hp
    amount = standard_action_loss(held, max(1, base), c.badly_poisoned_losses)
    if amount == 0:
        return []
    loss = lose_hp(Health(c.max_hp, c.hp, c.injuries), amount, from_hit=False,
                   basis=state.settings.injury_basis)
    return [Event("hp_lost", {
        "target": c.id, "causes": sorted(held), "amount": amount, "hp_before": c.hp,
        "hp_after": loss.after.hp, "markers": list(loss.markers),
        "injuries_gained": loss.new_injuries, "fainted": loss.fainted_now,
        "badly_poisoned": "Badly Poisoned" in held,
    })]


def end_of_turn_saves(c: Combatant, dice: DiceSource) -> list[Event]:
    """The save checks due at the end of ``c``'s turn (Frozen, Asleep, Enraged: rules
    ptu.fight.affliction.save-timing and .save), and Flinched running out (.flinch-ends)."""
    out: list[Event] = []
    held = afflictions_of(c)
    # (no affliction, no save: the interpreted saves_due is not asked for nothing)
    for name in saves_due(held, "end_of_turn") if held else ():
        natural, result = roll_save(name, dice, own_types=c.types)
        out.append(Event("save_rolled", {"target": c.id, "status": STATUS_OF[name],
                                         "moment": "end_of_turn", "natural": natural,
                                         "result": result}))
        if result == "cured":
            out.append(Event("affliction_cured", {"target": c.id, "status": STATUS_OF[name],
                                                  "cause": "save"}))
    if "flinched" in c.statuses:
        out.append(Event("affliction_cured", {"target": c.id, "status": "flinched",
                                              "cause": "turn_over"}))
    return out


def attack_offer_odds(
    state: PtuState, user: Combatant, target: Combatant, move: Mapping[str, Any], bonus: int,
    *, stab: bool = True,
) -> dict[str, Any]:
    """Exact odds of an attack offer: P(hit) (as ``success`` too), P(crit), P(this attack
    faints the target) and the damage distribution on a hit (``damage=N`` entries).

    The same dict for the same question (cached on the attack's fields, so a listing builds
    no :class:`Attack` for a question already answered): offers only read it.
    """
    return _offer_odds(attack_fields(state, user, target, move, bonus, stab), target.hp,
                       state.settings.hit_damage == "engine")


def offer_odds_on_read(
    state: PtuState, fields: AttackFields, target_hp: int,
) -> Mapping[str, Any]:
    """:func:`attack_offer_odds` as an offer carries them, from the attack's fields
    (:func:`attack_fields`) and the target's HP now: worked out when first read (the random
    agent reads none; they were most of an attack offer's cost, issue 16)."""
    return OnFirstRead(_offer_odds, fields, target_hp, state.settings.hit_damage == "engine")


@lru_cache(maxsize=8192)
def _offer_odds(fields: AttackFields, target_hp: int, damages: bool) -> dict[str, Any]:
    attack, p_hit, p_critical, on_hit = _hit_odds(fields)
    odds: dict[str, Any] = {"success": p_hit, "p_hit": p_hit, "p_critical": p_critical}
    if attack.damage_base is not None and damages:
        chance = p_faint(attack, max(0, target_hp))
        odds["p_faint"] = f"{chance.numerator}/{chance.denominator}"
        odds.update(on_hit)
    return odds


@lru_cache(maxsize=2048)
def _hit_odds(fields: AttackFields) -> tuple[Attack, str, str, dict[str, str]]:
    """What an attack's odds are whatever the target's HP: the attack, P(hit), P(crit) and
    the damage distribution on a hit as ``"damage=N"`` entries (every odds entry is one exact
    fraction: the distribution is flattened, P(damage = N | hit)). Worked out once, so an
    attack asked again at another HP only adds P(faint)."""
    attack = Attack(*fields)
    exact = attack_odds(attack, 0).to_dict()
    on_hit = {f"damage={d}": p for d, p in exact["damage_on_hit"].items()}
    return attack, exact["p_hit"], exact["p_critical"], on_hit


# --- the reaction window before damage (Protect, Intercept) -----------------------------

#: Statuses that bar an Intercept (p. 242; rule id ``ptu.intercept.status``): the one list,
#: read by the Intercept's check (attacks.check_intercept) and by whether a hit waits for an
#: ally's Intercept (:func:`hit_waits`).
INTERCEPT_BLOCKING: Final = ("asleep", "confused", "enraged", "frozen", "stuck", "paralyzed")


def intercept_loyalty_needed(ally: Combatant, protected: Combatant) -> int:
    """The Loyalty a Pokémon needs to Intercept for ``protected`` (p. 242; rule id
    ``ptu.intercept.loyalty``): 3 for its own Trainer, 6 for anyone else. Read by the
    Intercept's check and by :func:`hit_waits`."""
    own_trainer = protected.kind == "trainer" and protected.owner == ally.owner
    return 3 if own_trainer else 6


def _can_protect_itself(state: PtuState, target: Combatant) -> bool:
    for name in target.moves:
        move = move_of(state, name)
        if move is not None and move.get("protects") and not move_used_up(state, target, move):
            return True
    return False


def _can_intercept(state: PtuState, ally: Combatant, target: Combatant) -> bool:
    if any(s in ally.statuses for s in INTERCEPT_BLOCKING):
        return False
    if ally.kind == "pokemon":
        return ally.loyalty >= intercept_loyalty_needed(ally, target)
    return True


def hit_waits(state: PtuState, attacker: Combatant, target: Combatant, can_miss: bool) -> bool:
    """Whether a hit's damage waits for the "attacked" window: the target knows a move that
    protects (and may still use it), or an ally may Intercept for it (p. 242). Everything
    else lands at once; a waiting hit lands when the next action is not such an answer."""
    if state.settings.hit_damage != "engine":
        return False
    if target.on_field and not target.fainted and _can_protect_itself(state, target):
        return True
    if not can_miss:
        return False  # attacks that cannot miss cannot be Intercepted (p. 242)
    return any(
        o.side == target.side and o is not target and o is not attacker and o.on_field
        and not o.fainted and not o.captured and _can_intercept(state, o, target)
        for o in state.combatants.values()
    )


#: What a waiting hit keeps of its move (what its damage and effects read on landing).
PENDING_MOVE_FIELDS: Final = ("name", "type", "move_class", "ac", "damage_base", "crit_from",
                              "stab", "keywords", "effects")


def pending_hit_event(
    attacker: Combatant, target: Combatant, move: Mapping[str, Any], bonus: int, stab: bool,
    critical: bool, what: str, natural: int | None = None,
) -> Event:
    entry = move if isinstance(move, dict) else dict(move)  # read as a dict: attack_fields
    data = {
        "attacker": attacker.id, "target": target.id, "what": what, "critical": critical,
        "bonus": bonus, "stab": stab,
        "move": {k: entry[k] for k in PENDING_MOVE_FIELDS if k in entry},
    }
    if entry.get("effects"):
        data["natural"] = natural  # the move's effects (move_effects.py) read it on landing
    return Event("hit_pending", data)


def settle_pending_hits(state: PtuState, dice: DiceSource) -> list[Event]:
    """The damage of every waiting hit, on its (possibly redirected) target, then
    ``hits_settled``. Numbers are worked out now, against whoever takes the hit."""
    if not state.pending_hits:
        return []
    out: list[Event] = []
    running: dict[str, Health] = {}
    for hit in state.pending_hits:
        attacker = state.combatants[hit["attacker"]]
        target = state.combatants[hit["target"]]
        numbers = attack_numbers(state, attacker, target, hit["move"], hit["bonus"],
                                 stab=hit["stab"])
        health = running.get(target.id, Health(target.max_hp, target.hp, target.injuries))
        events = damage_events(state, attacker, target, numbers, hit["critical"], hit["what"],
                               dice, health)
        for e in events:
            if e.type == "damage_dealt":
                running[target.id] = Health(target.max_hp, e.data["hp_after"],
                                            health.injuries + e.data["injuries_gained"])
        out.extend(events)
        if hit["move"].get("effects"):
            out.extend(effect_events(state, attacker, target, hit["move"],
                                     hit.get("natural"), True, events, dice))
    out.append(Event("hits_settled", {"count": len(state.pending_hits)}))
    return out
