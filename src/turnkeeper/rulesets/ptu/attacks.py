"""Attacks: moves, Struggle, the combat maneuvers, Attacks of Opportunity and Intercepts.

Parameter models, the rules each kind checks after the action economy, and the events each
resolves to. Accuracy is rolled against AC + evasion and a hit's damage taken off (damage.py,
p. 236-237); maneuvers roll their AC. Pages are PTU 1.05 Core.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Annotated, Any, Literal, get_args

import msgspec

from turnkeeper.core.model import Action, Event, Refusal
from turnkeeper.core.schema import Params, meta
from turnkeeper.dice.source import DiceSource
from turnkeeper.rulesets.ptu.damage import (
    INTERCEPT_BLOCKING,
    accuracy_event,
    attack_numbers,
    damage_events,
    hit_waits,
    intercept_loyalty_needed,
    pending_hit_event,
)
from turnkeeper.rulesets.ptu.economy import interrupt_pays_next
from turnkeeper.rulesets.ptu.field import (
    MANIPULATE_RANGE,
    able,
    distance,
    move_used_up,
    open_trigger,
    present,
    provokers,
    reach_of,
)
from turnkeeper.rulesets.ptu.maneuvering import (
    MANEUVER_AC,
    maneuver_events,
    push_follow_metres,
)
from turnkeeper.rulesets.ptu.move_effects import effect_events
from turnkeeper.rulesets.ptu.moves import starter_moves
from turnkeeper.rulesets.ptu.rules import RULES
from turnkeeper.rulesets.ptu.shared import (
    COST_FREE,
    COST_FULL,
    COST_TURN,
    MOVE_COST,
    ActionPoints,
    CombatantId,
    Move,
    NoParams,
    TargetOnlyParams,
    TargetParams,
    TriggerId,
    undescribed,
)
from turnkeeper.rulesets.ptu.state import Combatant, PtuState

# The enums, spelt out as Literals (a compiled module runs no ``if TYPE_CHECKING`` else-branch).
Trick = Literal["hinder", "blind", "low_blow"]
Manipulation = Literal["bon_mot", "flirt", "terrorize"]
TRICKS: tuple[str, ...] = get_args(Trick)  # Dirty Trick (p. 241)
MANIPULATIONS: tuple[str, ...] = get_args(Manipulation)  # Manipulate (p. 241)
_ = msgspec  # the models below are msgspec Structs (Params)

# The models' field types, named at module level and quoted in the models: this module is
# compiled with mypyc, which keeps a msgspec model's annotation only as a quoted name
# (ptcg/params.py says why); msgspec looks the name up here.
MoveName = Annotated[str, meta("the move's name (case does not matter)", min_length=1)]
MaybeTarget = CombatantId | None
MaybeTrigger = TriggerId | None
MaybeActionPoints = ActionPoints | None
TrickName = Annotated[Trick, meta("which Dirty Trick (each once per target a Scene)")]
PushMetres = Annotated[
    Annotated[int, msgspec.Meta(ge=1, le=1000)] | None,
    meta("how far to push at most (default: as far as the pusher can follow; 1 m "
         "without following)", open_value=True),
]
ManipulationName = Annotated[Manipulation, meta("which Manipulation")]
Provoker = Annotated[str, meta("who provoked the attack", min_length=1)]
InterceptMode = Annotated[Literal["melee", "ranged"], meta("Intercept Melee or Intercept Ranged")]


# ---------------------------------------------------------------------------- parameters
@undescribed
class UseMoveParams(Params):
    move: "MoveName"  # noqa: UP037  (quoted: compiled, see above)
    target: "MaybeTarget" = None  # noqa: UP037
    trigger: "MaybeTrigger" = None  # noqa: UP037
    ap: "MaybeActionPoints" = None  # noqa: UP037


@undescribed
class DirtyTrickParams(Params):
    trick: "TrickName"  # noqa: UP037
    target: "CombatantId"  # noqa: UP037
    ap: "MaybeActionPoints" = None  # noqa: UP037


@undescribed
class PushParams(Params):
    target: "CombatantId"  # noqa: UP037
    metres: "PushMetres" = None  # noqa: UP037
    ap: "MaybeActionPoints" = None  # noqa: UP037


@undescribed
class ManipulateParams(Params):
    maneuver: "ManipulationName"  # noqa: UP037
    target: "CombatantId"  # noqa: UP037
    ap: "MaybeActionPoints" = None  # noqa: UP037


@undescribed
class AttackOfOpportunityParams(Params):
    target: "Provoker"  # noqa: UP037
    trigger: "TriggerId"  # noqa: UP037
    ap: "MaybeActionPoints" = None  # noqa: UP037


@undescribed
class InterceptParams(Params):
    mode: "InterceptMode"  # noqa: UP037
    trigger: "TriggerId"  # noqa: UP037


#: The models of the attacks that name a target in reach (``check_attack``).
Attacking = (TargetParams | PushParams | DirtyTrickParams | ManipulateParams
             | AttackOfOpportunityParams)


# ---------------------------------------------------------------------------- rules
def check_use_move(
    state: PtuState, c: Combatant, p: UseMoveParams, move: Move | None, action: Action,
) -> Refusal | None:
    assert move is not None  # looked up (or refused as malformed) before
    target = state.combatants.get(p.target) if p.target is not None else None
    return check_move(state, c, move, target)


def check_move(
    state: PtuState, c: Combatant, move: Mapping[str, Any], target: Combatant | None
) -> Refusal | None:
    if move["name"] not in c.moves:
        return RULES.refuse("ptu.move.known", f"{c.id} does not know {move['name']}")
    if move_used_up(state, c, dict(move)):
        if move["frequency"] == "Static":
            detail = f"{move['name']} is Static: always in effect, never used as an action"
        elif move["frequency"] == "EOT":
            detail = (f"{move['name']} is EOT and was used in round "
                      f"{c.last_used_round.get(move['name'])}")
        else:
            detail = f"{move['name']} ({move['frequency']}) is used up"
        return RULES.refuse("ptu.move.frequency", detail)
    if move["range"] == "self":
        return None
    if target is None or target is c or not able(target):
        return RULES.refuse(
            "ptu.attack.target", f"{move['name']} needs another combatant as its target"
        )
    reach = reach_of(dict(move))
    if distance(c, target) > reach:
        return RULES.refuse(
            "ptu.attack.range", f"{target.id} is {distance(c, target)} m away; "
            f"{move['name']} reaches {reach} m",
        )
    return None


def check_attack(
    state: PtuState, c: Combatant, p: Attacking, move: Move | None, action: Action,
) -> Refusal | None:
    """Struggle, the maneuvers and Attacks of Opportunity: a target in reach (p. 240-241)."""
    kind_name = action.kind
    target = state.combatants.get(p.target)
    if target is None or target is c or not able(target):
        return RULES.refuse("ptu.attack.target", "the target must be another combatant "
                            "on the field who has not fainted")
    reach = MANIPULATE_RANGE if kind_name == "manipulate" else 1
    # An Attack of Opportunity interrupts the provoking act: its occurrence already
    # names who was adjacent then (a foe shifting away is no longer adjacent now).
    if kind_name != "attack_of_opportunity" and distance(c, target) > reach:
        return RULES.refuse(
            "ptu.attack.range",
            f"{target.id} is {distance(c, target)} m away; reach is {reach} m",
        )
    if isinstance(p, DirtyTrickParams) and [p.trick, target.id] in c.dirty_tricks:
        return RULES.refuse(
            "ptu.maneuver.dirty-trick",
            f"{c.id} already used {p.trick} on {target.id} this Scene",
        )
    return None


def check_push(
    state: PtuState, c: Combatant, p: PushParams, move: Move | None, action: Action,
) -> Refusal | None:
    """A Push at an adjacent target; pushing further than 1 m needs movement to follow it
    (rule ptu.maneuver.push, p. 240-243)."""
    refusal = check_attack(state, c, p, move, action)
    if refusal is not None or p.metres is None or p.metres == 1:
        return refusal
    follow = push_follow_metres(c)
    if p.metres - 1 > follow:
        why = (f"{c.id} can follow only {follow} m" if follow else
               f"{c.id} cannot follow its target (moved, Tripped or no Shift left)")
        return RULES.refuse("ptu.maneuver.push",
                            f"{why}: a push goes 1 m plus a metre per metre followed, "
                            f"at most {1 + follow} m, not {p.metres} m")
    return None


def check_coup_de_grace(
    state: PtuState, c: Combatant, p: TargetOnlyParams, move: Move | None, action: Action,
) -> Refusal | None:
    target = state.combatants.get(p.target)
    if target is None or target is c or not present(target):
        return RULES.refuse("ptu.attack.target")
    if not (target.fainted or "bound" in target.statuses):
        return RULES.refuse("ptu.coup.target", f"{target.id} is neither fainted nor bound")
    return None


def check_grapple_contest(
    state: PtuState, c: Combatant, p: NoParams, move: Move | None, action: Action,
) -> Refusal | None:
    if c.grappling is None:
        return RULES.refuse("ptu.grapple.contest", f"{c.id} is not in a grapple")
    return None


def check_intercept(
    state: PtuState, c: Combatant, p: InterceptParams, move: Move | None, action: Action,
) -> Refusal | None:
    trigger = p.trigger  # read once, not per occurrence (a Struct's field is read by name)
    occ = next(o for o in state.occurrences if o.occurrence == trigger)  # checked before
    if occ.data["target"] == c.id:
        return RULES.refuse("ptu.trigger.needs-trigger", "an Intercept protects someone else")
    if not occ.data.get("can_miss", True):
        return RULES.refuse("ptu.intercept.cannot-miss")
    # (no statuses, none blocks: the out-of-turn answers ask this for every open window)
    blocked = [s for s in INTERCEPT_BLOCKING if s in c.statuses] if c.statuses else []
    if blocked:
        return RULES.refuse("ptu.intercept.status", f"{c.id} is {', '.join(blocked)}")
    if c.kind == "pokemon":
        protected = state.combatants[occ.data["target"]]
        need = intercept_loyalty_needed(c, protected)
        if c.loyalty < need:
            return RULES.refuse(
                "ptu.intercept.loyalty",
                f"{c.id} has Loyalty {c.loyalty}; protecting {protected.id} needs {need}",
            )
    return None


# ---------------------------------------------------------------------------- resolution
def roll(c: Combatant, target: Combatant | None, ac: int | None, bonus: int,
          what: str, dice: DiceSource, damage_base: int | None = None) -> Event:
    if ac is None:
        return Event("attack_rolled", {"actor": c.id,
                                       "target": None if target is None else target.id,
                                       "what": what, "roll": None, "ac": None, "hit": True,
                                       "damage_base": damage_base})
    face = dice.die(20)
    hit = face == 20 or (face != 1 and face + bonus >= ac)
    return Event("attack_rolled", {
        "actor": c.id, "target": None if target is None else target.id, "what": what,
        "roll": face, "bonus": bonus, "ac": ac, "hit": hit, "damage_base": damage_base,
    })


def attack(state: PtuState, c: Combatant, target: Combatant, ac: int | None,
            bonus: int, what: str, ranged: bool, dice: DiceSource,
            damage_base: int | None = None) -> list[Event]:
    out = [roll(c, target, ac, bonus, what, dice, damage_base)]
    allies = [o.id for o in state.combatants.values()
              if o.side == target.side and able(o) and o is not c]
    out.append(open_trigger(state, "attacked", c, allies, target=target.id,
                          can_miss=ac is not None))
    if ranged:
        provokes = provokers(state, c, exclude=target.id)
        if provokes and distance(c, target) > 1:
            out.append(open_trigger(state, "ranged_attack", c, provokes, provokes=provokes))
    return out


def strike(state: PtuState, c: Combatant, target: Combatant, move: Mapping[str, Any],
           bonus: int, what: str, ranged: bool, dice: DiceSource, *, stab: bool = True,
           opens_trigger: bool = True) -> list[Event]:
    """An attack with a move's numbers: accuracy against AC + evasion, then on a hit the
    damage and what it did (damage.py), after the triggers the attack opens."""
    numbers = attack_numbers(state, c, target, move, bonus, stab=stab)
    rolled = accuracy_event(c, target, numbers, what, dice, bonus)
    out = [rolled]
    if opens_trigger:
        allies = [o.id for o in state.combatants.values()
                  if o.side == target.side and able(o) and o is not c]
        out.append(open_trigger(state, "attacked", c, allies, target=target.id,
                                can_miss=numbers.ac is not None))
        if ranged:
            provokes = provokers(state, c, exclude=target.id)
            if provokes and distance(c, target) > 1:
                out.append(open_trigger(state, "ranged_attack", c, provokes, provokes=provokes))
    if rolled.data["hit"] and numbers.damage_base is not None:
        if opens_trigger and hit_waits(state, c, target, numbers.ac is not None):
            # Protect or an Intercept may still answer: the damage waits (damage.py), and
            # so do the move's effects.
            out.append(pending_hit_event(c, target, move, bonus, stab,
                                         rolled.data["critical"], what, rolled.data["roll"]))
            return out
        landed = damage_events(state, c, target, numbers, rolled.data["critical"], what, dice)
        out.extend(landed)
    else:
        landed = []
    out.extend(effect_events(state, c, target, move, rolled.data["roll"], rolled.data["hit"],
                             landed, dice))
    return out


def struggle_move(c: Combatant) -> Mapping[str, Any]:
    """Struggle: Normal, physical, AC 4 and DB 4, or AC 3 and DB 5 with Expert Combat or
    better; no STAB (p. 240). The numbers are the moves file's ``Struggle`` and
    ``Expert Struggle`` entries."""
    return starter_moves()["expert struggle" if c.combat_rank >= 5 else "struggle"]


def effects_use_move(
    state: PtuState, c: Combatant, k: str, p: UseMoveParams, move: Move | None,
    dice: DiceSource,
) -> list[Event]:
    assert move is not None
    cs = state.combatants
    target = cs.get(p.target) if p.target is not None else None
    bonus = 1 if p.ap else 0
    out: list[Event] = []
    out.append(Event("move_used", {"actor": c.id, "move": move["name"],
                                   "target": None if target is None else target.id}))
    if move.get("protects") and p.trigger is not None:
        # Protect and its kin negate the waiting hits on their user (PTU 1.05 Core p. 339
        # Interrupt; the move's own effect).
        for waiting in state.pending_hits:
            if waiting["target"] == c.id:
                out.append(Event("hit_negated", {"attacker": waiting["attacker"],
                                                 "target": c.id, "by": move["name"]}))
    others = [o.id for o in cs.values() if o is not c and able(o)]
    out.append(open_trigger(state, "move_used", c, others, move=move["name"]))
    if move["range"] == "self" and move.get("effects"):
        out.extend(effect_events(state, c, None, move, None, True, [], dice))
    if target is not None and move["range"] != "self":
        hit = strike(state, c, target, move, bonus, move["name"], move["range"] != "melee",
                     dice)
        out.extend(hit)
        if move["forces_switch"] and hit[0].data["hit"]:
            out.append(Event("forced_out", {"target": target.id}))
    return out


def effects_struggle(
    state: PtuState, c: Combatant, k: str, p: TargetParams | AttackOfOpportunityParams,
    move: Move | None, dice: DiceSource,
) -> list[Event]:
    # Struggle: AC 4 and Damage Base 4; AC 3 and DB 5 with Expert Combat or better
    # (p. 240). An Attack of Opportunity is a Struggle attack (p. 241).
    target = state.combatants[p.target]
    bonus = 1 if p.ap else 0
    struggle = struggle_move(c)
    what = "Struggle" if k == "struggle" else "Attack of Opportunity"
    if k == "attack_of_opportunity":
        return [Event("aoo_used", {"actor": c.id}),
                *strike(state, c, target, struggle, bonus, what, False, dice, stab=False,
                        opens_trigger=False)]
    return strike(state, c, target, struggle, bonus, what, False, dice, stab=False)


def effects_maneuver(
    state: PtuState, c: Combatant, k: str,
    p: TargetParams | PushParams | DirtyTrickParams | ManipulateParams,
    move: Move | None, dice: DiceSource,
) -> list[Event]:
    target = state.combatants[p.target]
    bonus = 1 if p.ap else 0
    if k == "manipulate":
        out = attack(state, c, target, MANEUVER_AC[k], bonus, k, True, dice)
    else:
        # Accuracy, the opposed skill check and the effect (maneuvering.py); the windows the
        # attack opens follow its accuracy roll.
        # (typed reads: compiled, getattr with a default raises and catches for a model
        # without the field)
        trick = p.trick if isinstance(p, DirtyTrickParams) else None
        resolved = maneuver_events(state, c, target, k, trick, bonus, dice,
                                   p.metres if isinstance(p, PushParams) else None)
        allies = [o.id for o in state.combatants.values()
                  if o.side == target.side and able(o) and o is not c]
        out = [resolved[0], open_trigger(state, "attacked", c, allies, target=target.id,
                                         can_miss=True)]
    if k != "manipulate":
        provokes = provokers(state, c, exclude=target.id)
        if provokes:
            out.append(open_trigger(state, "maneuver", c, provokes, provokes=provokes,
                                    maneuver=k))
    if isinstance(p, DirtyTrickParams):
        out.append(Event("dirty_trick_used", {"actor": c.id, "trick": p.trick,
                                              "target": target.id}))
    if k == "manipulate":
        return out
    if state.settings.hit_damage != "engine" and k == "grapple" and out[0].data.get("hit"):
        out.append(Event("grapple_started", {"actor": c.id, "target": target.id}))
    return [*out, *resolved[1:]]


def effects_coup_de_grace(
    state: PtuState, c: Combatant, k: str, p: TargetOnlyParams, move: Move | None,
    dice: DiceSource,
) -> list[Event]:
    return [Event("coup_de_grace", {"actor": c.id, "target": p.target,
                                    "critical": True, "extra_damage": 5})]


def effects_grapple_contest(
    state: PtuState, c: Combatant, k: str, p: NoParams, move: Move | None, dice: DiceSource,
) -> list[Event]:
    return [Event("grapple_contested", {"actor": c.id, "with": c.grappling})]


def effects_intercept(
    state: PtuState, c: Combatant, k: str, p: InterceptParams, move: Move | None,
    dice: DiceSource,
) -> list[Event]:
    trigger = p.trigger  # read once (check_intercept says why)
    out = [Event("intercepted", {"actor": c.id, "mode": p.mode, "trigger": trigger})]
    occ = next(o for o in state.occurrences if o.occurrence == trigger)
    # The interceptor takes the waiting hit in the protected one's place (p. 242).
    for hit in state.pending_hits:
        if hit["target"] == occ.data["target"]:
            out.append(Event("hit_redirected", {"attacker": hit["attacker"],
                                                "from": hit["target"], "to": c.id}))
    return out


# ---------------------------------------------------------------------------- labels
def cost_text(move: Mapping[str, Any]) -> str:
    """The cost label of a move's offer: its action type and keywords."""
    return _cost_text(move["action"], tuple(move["keywords"]))


@lru_cache(maxsize=1024)
def _cost_text(action: str, keywords: tuple[str, ...]) -> str:
    cost = {"standard": "Standard", "shift": "Shift", "swift": "Swift", "free": "Free",
            "full": "Full (Standard + Shift)", "extended": "Extended"}[action]
    if keywords:
        cost += ", " + ", ".join(keywords)
    return cost


def out_of_turn_cost(
    state: PtuState, c: Combatant, move: Mapping[str, Any] | None
) -> Mapping[str, Any]:
    """An Interrupt's cost (``move`` None: Intercept): this round's slots, or next turn.

    Before the user acts this round an Interrupt is paid from this round's budget; after,
    with a turn (READINGS ptu). A Free triggered move is free.
    """
    if move is not None:
        keywords = move["keywords"]
        if not ("Interrupt" in keywords or "Reaction" in keywords or move["action"] != "free"):
            return COST_FREE
    if interrupt_pays_next(state, c):
        return COST_TURN
    return COST_FULL if move is None else MOVE_COST[move["action"]]
