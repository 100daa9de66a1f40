"""Combat maneuvers resolved in full: accuracy, the opposed skill check, and the effect.

PTU 1.05 Core p. 240-243 (reference: ptu-combat.md, "Combat maneuvers"). Push, Trip, Disarm,
Grapple and Dirty Trick each roll a d20 (+ an Action Point's +1) against their AC (the fight
package's table, :data:`MANEUVER_AC`). On a hit both sides roll an opposed skill check on
rank dice (the pte pools: Pathetic 1d6 … Master 6d6); a tie keeps the status quo, so the
defender wins it (reference). On a win:

- **Push** (``ptu.maneuver.push``): the target moves 1 m straight away from the attacker (not
  into an occupied square). A pusher that may still move this turn (its Shift unspent, not
  moved yet, not Tripped) then follows the target into each square it leaves and pushes it
  again, one metre of its movement for each further metre, until the chosen distance
  (``metres``; default: as far as it can), its movement runs out or the way is blocked.
  Following is its moving Shift (``push_followed``). Reading: the one opposed check decides the
  whole push; the reference lists no further roll.
- **Trip**: the target is Tripped.
- **Disarm**: the target's held item drops (a Trainer without one drops its weapon).
- **Grapple**: both are Grappled and the winner has Dominance (an effect on the winner).
- **Dirty Trick** (once per scene per target and trick, ``ptu.maneuver.dirty-trick``):
  Hinder (Athletics): Slowed and -2 to skill checks; Blind (Stealth): Blinded; Low Blow
  (Acrobatics): Vulnerable and initiative 0 — each for one full round.

Skills (readings): Push and Grapple are opposed with Combat or Athletics, Trip with Combat or
Acrobatics, Disarm with Combat or Stealth; each side uses its better one. With the setting
``hit_damage: gm`` only the accuracy is rolled and the GM carries out the rest.
Rule ids: ``ptu.maneuver.opposed`` (the check and its effects).
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from functools import lru_cache
from typing import Any, Final

from turnkeeper.core.mechanics import Effect, Expiry
from turnkeeper.core.model import Event, OnFirstRead
from turnkeeper.dice.source import DiceSource
from turnkeeper.rulesets.pte import pools
from turnkeeper.rulesets.ptu.field import dist_to, open_trigger, provokers
from turnkeeper.rulesets.ptu.fight.attack import Attack, hits, p_hit
from turnkeeper.rulesets.ptu.fight.maneuvers import MANEUVERS, MANIPULATE_AC, pushed_to
from turnkeeper.rulesets.ptu.state import Combatant, PtuState

#: The action kinds that are maneuvers, by the fight package's names.
MANEUVER_NAMES = {"push": "Push", "trip": "Trip", "disarm": "Disarm", "grapple": "Grapple",
                  "dirty_trick": "Dirty Trick"}
#: The skill each Dirty Trick is opposed with, and what it inflicts for one full round
#: (statuses of the ruleset, and effects it names).
TRICKS: dict[str, tuple[str, tuple[str, ...], tuple[str, ...]]] = {
    "hinder": ("athletics", ("slowed",), ("-2 to skill checks",)),
    "blind": ("stealth", (), ("Blinded",)),
    "low_blow": ("acrobatics", ("vulnerable",), ("initiative 0",)),  # economy.INITIATIVE_ZERO
}


def skill_dice(c: Combatant, skill: str) -> int:
    """``c``'s dice in ``skill``: Combat from its Combat rank, others from ``skills``
    (case does not matter; unlisted skills are Untrained, 2d6)."""
    if skill == "combat":
        return c.combat_rank
    for name, dice in c.skills.items():
        if name.casefold() == skill:
            return dice
    return 2


def _rank_roll(count: int, dice: DiceSource) -> tuple[tuple[int, ...], int]:
    """The faces and total of ``count`` rank dice, as ``pools.roll`` of a plain pool rolls
    them (its own direct path: one d6 after another), without building the pool and its
    record in the interpreted pte module; any other count goes through ``pools.roll``."""
    if 0 < count <= 20:
        die, sides = dice.die, pools.SIDES  # read once (an interpreted module's attribute)
        faces = tuple([die(sides) for _ in range(count)])
        return faces, sum(faces)
    record = pools.roll(pools.Pool(dice=count), dice)
    return record.rank_faces, record.total


#: The skills each maneuver is opposed with (the fight package's table, casefolded), read
#: once: a maneuver and every maneuver offer's odds ask for them, and the table's entries
#: are interpreted Structs (issue 16).
_SKILLS: Final[dict[str, tuple[str, ...]]] = {
    kind: tuple(s.casefold() for s in MANEUVERS[name].skills)
    for kind, name in MANEUVER_NAMES.items()
}


#: Each maneuver action kind's AC, read once from the fight package's table (its entries
#: are interpreted Structs), and Manipulate's beside it: the one place the ruleset (the
#: resolution, the offers' odds, the table of action kinds) takes a maneuver's AC from.
MANEUVER_AC: Final[dict[str, int]] = {
    **{kind: MANEUVERS[name].ac for kind, name in MANEUVER_NAMES.items()},
    "manipulate": MANIPULATE_AC,
}


def skills_for(kind: str, trick: str | None) -> tuple[str, ...]:
    if kind == "dirty_trick":
        return (TRICKS[str(trick)][0],)
    return _SKILLS[kind]


def best_skill(c: Combatant, kind: str, trick: str | None) -> tuple[str, int]:
    """The allowed skill ``c`` is best at (ties: the first listed) and its dice."""
    skills = skills_for(kind, trick)
    best, most = skills[0], skill_dice(c, skills[0])
    for skill in skills[1:]:
        dice = skill_dice(c, skill)
        if dice > most:  # strictly more: a tie keeps the first listed
            best, most = skill, dice
    return best, most


def maneuver_events(
    state: PtuState, c: Combatant, target: Combatant, kind: str, trick: str | None,
    bonus: int, dice: DiceSource, push_metres: int | None = None,
) -> list[Event]:
    """The accuracy roll, then (on a hit) the opposed check and (on a win) the effect
    (``push_metres``: how far a Push goes at most; ``None``: as far as it can)."""
    ac = MANEUVER_AC[kind]
    natural = dice.die(20)
    hit = hits(natural, ac=ac, evasion=0, accuracy_modifier=bonus)
    rolled = Event("attack_rolled", {"actor": c.id, "target": target.id, "what": kind,
                                     "roll": natural, "bonus": bonus, "ac": ac, "hit": hit,
                                     "damage_base": None})
    if not hit or state.settings.hit_damage != "engine":
        return [rolled]
    own_skill, own_dice = best_skill(c, kind, trick)
    their_skill, their_dice = best_skill(target, kind, trick)
    attack_faces, attack_total = _rank_roll(own_dice, dice)
    defend_faces, defend_total = _rank_roll(their_dice, dice)
    won = attack_total > defend_total  # a tie keeps the status quo (reference)
    out = [rolled, Event("maneuver_resolved", {
        "actor": c.id, "target": target.id, "maneuver": kind, "trick": trick,
        "attacker_skill": own_skill, "attacker_faces": list(attack_faces),
        "attacker_total": attack_total, "defender_skill": their_skill,
        "defender_faces": list(defend_faces), "defender_total": defend_total,
        "success": won,
    })]
    if won:
        if kind == "push":
            out.extend(_push(state, c, target, push_metres))
        else:
            out.extend(_EFFECTS[kind](state, c, target, trick))
    return out


def push_follow_metres(c: Combatant) -> int:
    """How far ``c`` can follow the target of its Push: its movement this turn (+50% after a
    Sprint) while its Shift is unspent, it has not moved and is not Tripped; else 0
    (rule ``ptu.maneuver.push``)."""
    if c.moved or "tripped" in c.statuses or c.budget.left("shift") < 1:
        return 0
    return c.movement * 3 // 2 if c.sprinting else c.movement


def _push(state: PtuState, c: Combatant, target: Combatant, most: int | None) -> list[Event]:
    """The target pushed metre by metre straight away from ``c``, ``c`` following into each
    square it leaves while its movement lasts (rule ``ptu.maneuver.push``, p. 240-243)."""
    origin = (c.position[0], c.position[1])
    start = (target.position[0], target.position[1])
    if origin == start:
        return []
    reach = 1 + push_follow_metres(c)
    limit = reach if most is None else min(most, reach)
    taken = {(o.position[0], o.position[1]) for o in state.combatants.values()
             if o is not target and o is not c and o.on_field and not o.captured}
    metres = 0
    for step in range(1, limit + 1):
        if pushed_to(origin, start, step) in taken:
            break  # a push never moves the target into an occupied square
        metres = step
    if metres == 0:
        return []
    out = [Event("pushed", {"target": target.id, "by": c.id, "from": list(start),
                            "to": list(pushed_to(origin, start, metres)), "move": "Push",
                            "metres": metres})]
    if metres > 1:
        # c followed after every push but the last (metres - 1 of its movement), into the
        # square the target left with the push before the last.
        stand = list(pushed_to(origin, start, metres - 2))
        out.append(Event("push_followed", {"actor": c.id, "from": list(origin), "to": stand,
                                           "metres": metres - 1}))
        left = [o for o in provokers(state, c, exclude=target.id)
                if dist_to(stand, state.combatants[o]) > 1]
        if left:  # following is movement: leaving a foe's side provokes (p. 241)
            out.append(open_trigger(state, "shifted_away", c, left, provokes=left))
    return out


def _trip(state: PtuState, c: Combatant, target: Combatant, trick: str | None) -> list[Event]:
    if "tripped" in target.statuses:
        return []
    return [Event("status_set", {"target": target.id, "status": "tripped", "value": True})]


def _disarm(state: PtuState, c: Combatant, target: Combatant, trick: str | None) -> list[Event]:
    slot = "held_item" if target.held_item else "weapon" if target.weapon else None
    if slot is None:
        return []
    return [Event("disarmed", {"target": target.id, "by": c.id, "slot": slot,
                               "item": getattr(target, slot)})]


def _grapple(state: PtuState, c: Combatant, target: Combatant, trick: str | None) -> list[Event]:
    return [Event("grapple_started", {"actor": c.id, "target": target.id, "dominant": c.id})]


def _dirty_trick(state: PtuState, c: Combatant, target: Combatant,
                 trick: str | None) -> list[Event]:
    _, statuses, named = TRICKS[str(trick)]
    out = [Event("effect_added", {"target": target.id, "name": f"Dirty Trick: {status}",
                                  "rounds": 1, "status": status}) for status in statuses]
    out.extend(Event("effect_added", {"target": target.id, "name": f"Dirty Trick: {name}",
                                      "rounds": 1, "status": None}) for name in named)
    return out


_EFFECTS = {"trip": _trip, "disarm": _disarm, "grapple": _grapple,
            "dirty_trick": _dirty_trick}


def maneuver_odds(state: PtuState, c: Combatant, target: Combatant, kind: str,
                  trick: str | None, bonus: int) -> dict[str, str]:
    """P(hit) and ``success``: P(the maneuver takes effect: it hits and wins the opposed
    check), exact fractions as ``"n/d"`` (the same dict for the same question: offers only
    read it)."""
    engine = state.settings.hit_damage == "engine"
    own = best_skill(c, kind, trick)[1] if engine else 0
    theirs = best_skill(target, kind, trick)[1] if engine else 0
    return _odds(MANEUVER_AC[kind], bonus, engine, own, theirs)


def maneuver_odds_on_read(state: PtuState, c: Combatant, target: Combatant, kind: str,
                          trick: str | None, bonus: int) -> Mapping[str, str]:
    """:func:`maneuver_odds` as an offer carries them: the two sides' skill dice are taken
    now, the fractions are worked out when first read (the random agent reads none)."""
    engine = state.settings.hit_damage == "engine"
    own = best_skill(c, kind, trick)[1] if engine else 0
    theirs = best_skill(target, kind, trick)[1] if engine else 0
    return OnFirstRead(_odds, MANEUVER_AC[kind], bonus, engine, own, theirs)


@lru_cache(maxsize=512)
def _odds(ac: int, bonus: int, engine: bool, own: int, theirs: int) -> dict[str, str]:
    chance = p_hit(Attack("", "status", ac, None, accuracy_modifier=bonus))
    if not engine:
        return {"success": _frac(chance), "p_hit": _frac(chance)}
    win = _p_win(own, theirs)
    return {"success": _frac(chance * win), "p_hit": _frac(chance),
            "p_opposed_win": _frac(win)}


@lru_cache(maxsize=64)
def _p_win(own_dice: int, their_dice: int) -> Fraction:
    """P(own pool's total beats the other's; a tie goes to the defender)."""
    margin = pools.difference_distribution(pools.Pool(dice=own_dice), pools.Pool(dice=their_dice))
    return sum((p for m, p in margin.items() if m > 0), Fraction(0))


def _frac(value: Fraction) -> str:
    return f"{value.numerator}/{value.denominator}"


# --- folding ---------------------------------------------------------------------------


def on_maneuver_resolved(state: PtuState, d: Mapping[str, Any]) -> None:
    """The opposed check's rolls and result are in the event; its effect follows."""


def on_push_followed(state: PtuState, d: Mapping[str, Any]) -> None:
    """Following a Push is the pusher's moving Shift (rule ptu.maneuver.push)."""
    c = state.combatants[d["actor"]]
    c.budget.pay_exact("shift")
    c.moved = True
    c.position = list(d["to"])


def on_disarmed(state: PtuState, d: Mapping[str, Any]) -> None:
    setattr(state.combatants[d["target"]], d["slot"], None)


def record_dominance(state: PtuState, d: Mapping[str, Any]) -> None:
    """The winner of a Grapple has Dominance (p. 242): an effect on it naming the other."""
    if not d.get("dominant"):
        return
    other = d["target"] if d["dominant"] == d["actor"] else d["actor"]
    state.effect_count += 1
    state.effects.append(Effect(f"e{state.effect_count}", "Dominance", d["dominant"],
                                Expiry("manual"), {"dominance_over": other}))


FOLDS = {
    "maneuver_resolved": on_maneuver_resolved,
    "push_followed": on_push_followed,
    "disarmed": on_disarmed,
}
