"""What an allowed action would do (``Plan``), and the helpers every family's rules share.

A planner (one per action kind, in the family modules) either refuses or returns a ``Plan``
saying exactly what would happen; ``check`` asks only for the refusal, ``resolve`` turns the
plan into events (rolling any dice). So each rule is written once."""

from __future__ import annotations

import copy
import functools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction
from types import MappingProxyType
from typing import Any, final

from turnkeeper import dice as tkdice
from turnkeeper.core.mechanics import Effect, Expiry, Window
from turnkeeper.core.model import (
    BadActionError,
    Refusal,
)
from turnkeeper.core.schema import Params
from turnkeeper.dice import D20Check
from turnkeeper.rulesets.e133.actions import (
    Leaving,
    Provoking,
)
from turnkeeper.rulesets.e133.fight.attack import AttackProfile, Defences, hits, p_hit
from turnkeeper.rulesets.e133.fight.attack import attack_odds as fight_attack_odds
from turnkeeper.rulesets.e133.fight.health import Health
from turnkeeper.rulesets.e133.reach import enemies_threatening, feet_between, line
from turnkeeper.rulesets.e133.rules import CATALOGUE
from turnkeeper.rulesets.e133.state import INCAPACITATING, E133State, Fighter

GM = "gm"

# A start/complete full-round action may not be used for these (Start/Complete Full-Round).
NOT_STARTABLE = ("full_attack", "charge", "dash", "withdraw")

# Bookkeeping kinds that are not actions one could ready.
NOT_READIABLE = ("end_turn", "aoo", "ready", "fire_readied", "concentration_check",
                 "dexterity_save", "set_condition", "set_speed", "set_cover", "add_effect",
                 "apply_damage", "heal", "grant_temporary_hp")

COST_LABEL = {
    "standard": "standard action",
    "move": "move action",
    "full": "full-round action",
    "free": "free action",
    "bonus": "bonus action",
    "reaction": "reaction",
    "none": "no action",
}

# Each cost as data (Action.cost_detail): the budget slot it uses; shared and read-only.
COST_DETAIL: dict[str, Mapping[str, int]] = {
    "standard": MappingProxyType({"standard": 1}),
    "move": MappingProxyType({"move": 1}),
    "full": MappingProxyType({"full_round": 1}),
    "free": MappingProxyType({"free": 1}),
    "bonus": MappingProxyType({"bonus": 1}),
    "reaction": MappingProxyType({"reaction": 1}),
    "none": MappingProxyType({}),
}

# The die a d20 roll uses in each mode (advantage and disadvantage cancel, as in 5e).
D20_DIE = {"advantage": "d20adv", "disadvantage": "d20dis", "normal": "d20"}


def refuse(rule: str, detail: str = "", also: tuple[str, ...] = ()) -> Refusal:
    """A refusal citing ``rule`` first (and ``also`` further rules that apply)."""
    return CATALOGUE.refuse(rule, detail, also)


# The parameters arrive typed (actions.py declares them; the catalogue parses them). What only
# the state can judge - is an id a combatant, is it an enemy - is checked here.
def enemies_in(state: E133State, f: Fighter, ids: list[str] | None, key: str, kind: str
             ) -> list[str]:
    """``ids`` (the param ``key``) checked against the state: every one an enemy of ``f``."""
    if not ids:
        return []
    for other in ids:
        g = state.fighters.get(other)
        if g is None:
            raise BadActionError(f"{kind}: params.{key}: no combatant {other!r}")
        if g.side == f.side:
            raise BadActionError(f"{kind}: params.{key}: {other} is not an enemy of {f.id}")
    return list(dict.fromkeys(ids))


#: The enemies threatening a provoker, each with the feet from it to the nearest square where
#: the provoker provoked it (``None`` in an encounter without positions, where the action
#: names who threatens and nobody measures reach).
Threats = dict[str, int | None]


def threatening(state: E133State, f: Fighter, p: Params, kind: str) -> Threats:
    """The enemies threatening ``f`` where it stands: worked out from positions and reach in
    a placed encounter (reach.py), else those named in ``threatened_by`` (none for an action
    that declares no such param)."""
    if not isinstance(p, Provoking):
        return {}
    if state.placed:
        declared(state, p, "threatened_by", kind)
        assert f.position is not None
        return dict(enemies_threatening(state, f, [f.position]))
    return dict.fromkeys(enemies_in(state, f, p.threatened_by, "threatened_by", kind))


def threateners(state: E133State, f: Fighter, p: Params, kind: str, *, leaving: bool = True
                 ) -> Threats:
    """The enemies threatening the squares being left: in a placed encounter, every square of
    the move to ``to`` but the last (all of them when not ``leaving``: a crawl provokes from
    anyone threatening any point of it); else those in ``leaves_threatened_by`` (when
    ``leaving``) and in ``threatened_by``, who both threaten the square being left."""
    if state.placed:
        if isinstance(p, Leaving):
            declared(state, p, "leaves_threatened_by", kind)
        declared(state, p, "threatened_by", kind)
        squares = route_squares(f, p)
        return dict(enemies_threatening(state, f, squares if not leaving or len(squares) == 1
                                        else squares[:-1]))
    enemies: Threats = {}
    if leaving and isinstance(p, Leaving):
        enemies = dict.fromkeys(
            enemies_in(state, f, p.leaves_threatened_by, "leaves_threatened_by", kind))
    for e in threatening(state, f, p, kind):
        enemies.setdefault(e, None)
    return enemies


def declared(state: E133State, p: Params, name: str, kind: str) -> None:
    """A list of threatening enemies declared in a placed encounter is a malformed action:
    the positions say who threatens (nothing unknown is accepted silently)."""
    if getattr(p, name, None) is not None:
        raise BadActionError(f"{kind}: params.{name}: this encounter's combatants have "
                             "positions, so the engine works out who threatens whom; leave "
                             f"{name} out")


def route_squares(f: Fighter, p: Params) -> list[tuple[int, int]]:
    """The squares of ``f``'s move to ``p.to`` (just its own square without one)."""
    assert f.position is not None
    to = getattr(p, "to", None)
    return line(f.position, to) if to is not None else [(f.position[0], f.position[1])]


def travel(state: E133State, f: Fighter, p: Params, kind: str,
           distance: int | None) -> tuple[int, list[int] | None]:
    """(feet moved, the square it ends on or None) of a movement with ``distance`` and
    ``to`` (either may be left out; a placed encounter needs ``to``, an unplaced one refuses
    it). With both, the distance is at least the straight-line distance to the square."""
    to = getattr(p, "to", None)
    if not state.placed:
        if to is not None:
            raise BadActionError(f"{kind}: params.to: this encounter's combatants have no "
                                 "positions (set-up position); give the distance only")
        if distance is None:
            raise BadActionError(f"{kind}: params.distance: required (feet moved)")
        return distance, None
    if to is None:
        raise BadActionError(f"{kind}: params.to: required: this encounter's combatants have "
                             "positions; give the square [x, y] the move ends on")
    assert f.position is not None
    straight = feet_between(f.position, to, state.settings.diagonals)
    if distance is None:
        distance = straight
    elif distance < straight:
        raise BadActionError(f"{kind}: params.distance: {distance} ft is less than the "
                             f"{straight} ft from {f.position} to {list(to)}")
    if distance < 1:
        raise BadActionError(f"{kind}: params.to: {list(to)} is where {f.id} stands already")
    for g in state.fighters.values():
        if g is not f and g.position == list(to) and g.can_act:
            raise BadActionError(f"{kind}: params.to: {g.id} stands on {list(to)}")
    return distance, list(to)


def target_of(state: E133State, tid: str, kind: str) -> Fighter:
    g = state.fighters.get(tid)
    if g is None:
        raise BadActionError(f"{kind}: params.target: no combatant {tid!r}")
    return g


@final
@dataclass
class Roll:
    """A d20 check the action needs: what, modifier, DC, advantage / disadvantage."""

    what: str
    modifier: int
    dc: int
    advantage: bool = False
    disadvantage: bool = False
    attack: bool = False  # an attack roll: its odds say "hit" and the DC is an AC

    def check(self) -> D20Check:
        return D20Check(self.modifier, self.dc, self.advantage, self.disadvantage)


@final
@dataclass(slots=True, init=False)
class Plan:
    """What an allowed action would do. ``fail_*`` replace the changes if the roll fails.

    The ``__init__`` is written out (below) rather than generated: compiled
    (turnkeeper/compiled.py), a dataclass's generated ``__init__`` still runs as Python, and
    made every move's plan cost about 9k instructions, a tenth of its check. A plan is made
    from its kind, rule and cost (and two flags); the rules fill in the rest."""

    kind: str
    rule: str
    cost: str
    pay: list[str] = field(default_factory=list)
    free: bool = False
    bonus: bool = False
    reaction: str | None = None  # "own" or "off"
    sets: dict[str, dict[str, Any]] = field(default_factory=dict)
    effects_add: list[dict[str, Any]] = field(default_factory=list)
    effects_remove: list[str] = field(default_factory=list)
    window: Window | None = None
    keep_window: bool = False
    answer: bool = False
    roll: Roll | None = None
    fail_sets: dict[str, dict[str, Any]] | None = None
    fail_pay: list[str] | None = None
    fail_free: bool | None = None
    fail_effects_remove: list[str] | None = None
    note: str = ""
    attack: dict[str, Any] | None = None
    # a d20 + modifier with no DC: (what, modifier, die: d20 / d20adv / d20dis)
    plain_roll: tuple[str, int, str] | None = None
    # an attack's damage: (attack mode, target) - rolled on a hit when the attacker has a
    # damage profile for the mode and the target hit points (fight.py)
    strike: tuple[str, str] | None = None
    # events a game master's hit-point override records (deterministic: no dice)
    fight_events: list[tuple[str, dict[str, Any]]] = field(default_factory=list)

    def __init__(self, kind: str, rule: str, cost: str, *, keep_window: bool = False,
                 answer: bool = False) -> None:
        # every field, in the order above, with its default
        self.kind = kind
        self.rule = rule
        self.cost = cost
        self.pay = []
        self.free = False
        self.bonus = False
        self.reaction = None
        self.sets = {}
        self.effects_add = []
        self.effects_remove = []
        self.window = None
        self.keep_window = keep_window
        self.answer = answer
        self.roll = None
        self.fail_sets = None
        self.fail_pay = None
        self.fail_free = None
        self.fail_effects_remove = None
        self.note = ""
        self.attack = None
        self.plain_roll = None
        self.strike = None
        self.fight_events = []

    def set(self, fid: str, **values: Any) -> None:
        self.sets.setdefault(fid, {}).update(values)


#: The ready action's params that make up the plan another seat must not see.
READY_SECRETS = ("trigger", "action", "action_params", "distance")


def without_plan(params: Mapping[str, Any]) -> dict[str, Any]:
    """A ready action's params without its trigger and the readied action."""
    return {k: copy.deepcopy(v) for k, v in params.items() if k not in READY_SECRETS}


def odds_text(roll: Roll, fight: FightOdds | None = None) -> dict[str, Any]:
    if roll.attack:
        odds = attack_odds(roll.modifier, roll.dc, roll.advantage, roll.disadvantage)
        if fight is None:
            return odds
        return {**odds, **damage_odds(roll.modifier, roll.dc, roll.advantage,
                                      roll.disadvantage, *fight)}
    return odds_of(roll.modifier, roll.dc, roll.advantage, roll.disadvantage)


#: What the damage odds of an attack need beyond the d20: the attacker's profile for the
#: mode, the target's defences and its health.
FightOdds = tuple[AttackProfile, Defences, Health]


@functools.lru_cache(maxsize=4096)
def attack_odds(bonus: int, ac: int, advantage: bool, disadvantage: bool) -> dict[str, str]:
    """The exact chance that an attack of d20 + ``bonus`` hits ``ac`` (cover already added),
    worked out once per (bonus, AC, adv, dis). A natural 1 always misses and a natural 20
    always hits (rule ``e133.fight.attack.naturals``), so the chance is
    never below 1/20 nor above 19/20 (+5 against AC 26 is 1/20).

    The dict is shared by every action offered with these odds: never change it.
    """
    mode = "normal" if advantage == disadvantage else (
        "advantage" if advantage else "disadvantage")
    frac = sum((chance for natural, chance in tkdice.distribution(D20_DIE[mode])
                .probabilities().items() if hits(natural, bonus, ac)), Fraction(0))
    how = {"advantage": " with advantage", "disadvantage": " with disadvantage",
           "normal": ""}[mode]
    return {
        "hit": f"{frac.numerator}/{frac.denominator}",
        "check": f"d20{bonus:+d} vs AC {ac}{how}",
    }


def damage_odds(bonus: int, ac: int, advantage: bool, disadvantage: bool,
                profile: AttackProfile, defences: Defences, target: Health) -> dict[str, Any]:
    """The fight's odds of one attack (fight.attack_odds): P(critical), the damage on a hit
    (crits in their share, the target's defences applied) and P(the target drops), exact.

    The dict is shared by every action offered with these odds: never change it.
    """
    return drop_odds(bonus, ac, advantage, disadvantage, profile, defences,
                      drop_threshold(bonus, ac, advantage, disadvantage, profile, defences,
                                     target))


def drop_threshold(bonus: int, ac: int, advantage: bool, disadvantage: bool,
                   profile: AttackProfile, defences: Defences, target: Health) -> int:
    """What of the target's health the odds of this attack depend on: the damage that drops
    it (HP + temporary HP; 0 for a target already down), where every amount beyond the most
    a hit can deal counts as one (P(drop) 0). So the odds against a sturdy target stay the
    same, and stay cached, while a hit takes its hit points down (issue 16)."""
    return clamped_threshold(target, most_damage(bonus, ac, advantage, disadvantage, profile,
                                                 defences))


def most_damage(bonus: int, ac: int, advantage: bool, disadvantage: bool,
                profile: AttackProfile, defences: Defences) -> int:
    """The most damage one hit of this attack can deal (a critical one), after defences."""
    return _on_hit(bonus, ac, advantage, disadvantage, profile, defences)[2]


def clamped_threshold(target: Health, most: int) -> int:
    """``drop_threshold`` for an attack that deals at most ``most`` damage."""
    if target.status != "up":
        return 0
    return min(target.hp + target.temporary_hp, most + 1)


@functools.lru_cache(maxsize=4096)
def _on_hit(bonus: int, ac: int, advantage: bool, disadvantage: bool,
            profile: AttackProfile, defences: Defences
            ) -> tuple[Fraction, dict[str, Any], int]:
    """(P(hit), the odds that do not depend on the target's hit points, the most damage a
    hit can deal), worked out once."""
    aimed = replace(profile, attack_bonus=bonus)
    flags = {"advantage": advantage, "disadvantage": disadvantage}
    full = fight_attack_odds(aimed, ac, Health(1, 1), defences=defences, **flags)
    most = max((int(d) for d in full["damage_on_hit"]), default=0)
    return p_hit(aimed, ac, **flags), {
        "critical": full["critical"],
        "damage_on_hit": full["damage_on_hit"],
        "damage": aimed.damage_expression(critical=False) + " " + aimed.damage_type,
    }, most


@functools.lru_cache(maxsize=16384)
def drop_odds(bonus: int, ac: int, advantage: bool, disadvantage: bool,
               profile: AttackProfile, defences: Defences, threshold: int) -> dict[str, Any]:
    """The odds with P(drop): P(hit) x P(damage on a hit >= ``threshold``, the target's HP
    + temporary HP, drop_threshold); 0 for a target already down (``threshold`` 0)."""
    chance, odds, _most = _on_hit(bonus, ac, advantage, disadvantage, profile, defences)
    drop = Fraction(0)
    if threshold > 0:
        drop = chance * sum((Fraction(p) for d, p in odds["damage_on_hit"].items()
                             if int(d) >= threshold), Fraction(0))
    return {"critical": odds["critical"], "drop": f"{drop.numerator}/{drop.denominator}",
            "damage_on_hit": odds["damage_on_hit"], "damage": odds["damage"]}


@functools.lru_cache(maxsize=4096)
def odds_of(modifier: int, dc: int, advantage: bool, disadvantage: bool) -> dict[str, str]:
    """The exact odds of one d20 check, worked out once per (modifier, DC, adv, dis).

    The dict is shared by every action offered with these odds: never change it.
    """
    check = D20Check(modifier, dc, advantage, disadvantage)
    frac = Fraction(check.odds().p_success)
    # name the mode as attack odds do (a dodger's Dexterity save rolls with advantage)
    how = {"advantage": " with advantage", "disadvantage": " with disadvantage",
           "normal": ""}[check.mode]
    return {
        "success": f"{frac.numerator}/{frac.denominator}",
        "check": f"d20{modifier:+d} vs DC {dc}{how}",
    }


#: The effect a withdraw leaves on the withdrawer until its next turn (Withdraw; READINGS).
NO_DEX_TO_AC = "no Dexterity bonus to AC"


def dex_lost(state: E133State, g: Fighter) -> int:
    """What ``g``'s AC loses now: its Dexterity bonus to AC while withdrawing, else 0."""
    if g.dex_ac and has_effect(state, g.id, NO_DEX_TO_AC) is not None:
        return g.dex_ac
    return 0


def weapon_of(f: Fighter, name: str, kind: str) -> dict[str, Any]:
    """``f``'s set-up weapon ``name``, or a malformed action naming the ones it has."""
    weapon = f.weapons.get(name)
    if weapon is None:
        raise BadActionError(f"{kind}: params.weapon: {f.id} has no weapon {name!r}; it has: "
                             f"{', '.join(f.weapons) or 'none'}")
    return weapon


def incapacitated(f: Fighter) -> bool:
    """Incapacitated, or in a condition that includes it: no concentration, no Dodge (ref)."""
    return any(condition in INCAPACITATING for condition in f.conditions)


def is_current(state: E133State, fid: str) -> bool:
    return state.clock.current() == fid


def walk_speed(f: Fighter) -> int:
    return f.speeds.get("walk", 0)


def restricted(f: Fighter) -> bool:
    return f.restricted_turn


def move_payer(f: Fighter) -> str | None:
    """The slot that would pay for a move action now, or ``None``.

    Restricted activity allows a single move action whatever the double-move setting
    (Restricted Activity): the one standard action pays for it.
    """
    payer = f.budget.payer("move")
    if payer is None and f.restricted_turn and f.budget.left("standard") > 0:
        return "standard"
    return payer


def mode_speed(f: Fighter, mode: str) -> int | None:
    """The speed a mode uses: its own, or the land speed for climbing, swimming, jumping."""
    if mode in f.speeds:
        return f.speeds[mode]
    if mode in ("climb", "swim", "jump") and walk_speed(f) > 0:
        return walk_speed(f)
    return None


def effect_record(name: str, holder: str, expiry: Expiry, **data: Any) -> dict[str, Any]:
    return {
        "name": name,
        "holder": holder,
        "expiry": {
            "kind": expiry.kind,
            "round": expiry.round,
            "count": expiry.count,
            "combatant": expiry.combatant,
        },
        "data": data,
    }


def next_turn_start(state: E133State, f: Fighter) -> Expiry:
    return Expiry("turn_start", round=state.clock.round + 1, combatant=f.id)


def has_effect(state: E133State, holder: str, name: str) -> Effect | None:
    for e in state.effects:
        if e.holder == holder and e.name == name:
            return e
    return None


# ---------------------------------------------------------------------------- provocation windows
def provocation(provoker: str, kind: str, why_not: str, responders: Iterable[str] = (),
                blocked: Mapping[str, str] | None = None) -> Window:
    """The window of attacks of opportunity an action opens (the kernel's ``Window``).

    ``responders`` may answer it; ``blocked`` maps an enemy that threatens the provoker but
    may not answer to the rule that stops it; ``why_not`` is the rule cited when nobody may;
    ``feet`` (filled in by ``answerable``) maps a responder to how far from it the provoker
    provoked, in a placed encounter.
    """
    return Window(occurrence=kind, trigger=provoker, responders=list(responders),
                  data={"blocked": dict(blocked or {}), "why_not": why_not, "answered": [],
                        "feet": {}})


def answerable(window: Window, threats: Threats) -> None:
    """Make every enemy of ``threats`` a responder of ``window``, noting how far away it
    provoked (the nearest square, when the same action provoked it twice)."""
    feet: dict[str, int] = window.data["feet"]
    for e, away in threats.items():
        if e not in window.responders:
            window.responders.append(e)
        if away is not None and (e not in feet or away < feet[e]):
            feet[e] = away


def window_record(window: Window) -> dict[str, Any]:
    """The window as the ``acted`` event records it and the state keeps it (the log format).

    ``feet`` is there only when a responder's distance is known (a placed encounter): an
    attack of opportunity must reach that far with the weapon it uses (issue 12)."""
    record = {"provoker": window.trigger, "kind": window.occurrence,
              "responders": list(window.responders), "blocked": dict(window.data["blocked"]),
              "why_not": window.data["why_not"], "answered": list(window.data["answered"])}
    feet = window.data["feet"]
    if feet:
        record["feet"] = {e: feet[e] for e in window.responders if e in feet}
    return record
