"""Move effect hooks: what a move's ``effects`` entries do once its accuracy roll is known.

A move (``moves.json`` or a user's file) lists effects as data, each naming a hook (the
fight package's :class:`~turnkeeper.rulesets.ptu.fight.moves.Effect`); this module runs them
and returns the events. Each hook is one small function in :data:`HOOKS`:

- ``afflict``: the target (or the user) gains an affliction, unless its type is immune
  (``ptu.fight.affliction.type-immune``), it is a Grass type and the move is a Powder move
  (``ptu.fight.affliction.powder``), or it already has it.
- ``flinch``: the target is Flinched (it cannot act on its next turn).
- ``stages``: combat stages of the user or the target change, held inside -6..+6.
- ``push``: the target is pushed ``metres`` straight away from the user, stopping before an
  occupied square.
- ``recoil``: the user loses ``fraction`` of the damage the move dealt (HP loss, not a hit).
- ``heal``: the user regains ``fraction`` of its max HP.
- ``protect``: nothing here; the move negates a waiting hit (``resolve.py``, ``protects``).

When an effect happens: on a hit (a move that cannot miss always
hits); ``on_roll: N`` only when the accuracy d20 showed N or more (for a move without an
accuracy roll a d20 is rolled for the effect); on a target that did not faint from the hit
and is not immune to the move's type.
Self-targeted moves (``range: self``) run their effects at once. With the setting
``hit_damage: gm`` the GM carries out what a hit does, effects included. Pages: PTU 1.05 Core
p. 236 and p. 246-248; the moves' effects are in their entries (docs/rulesets/ptu.md).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Any, final

from turnkeeper.core.model import Event
from turnkeeper.dice.source import DiceSource
from turnkeeper.rulesets.ptu.affliction_marks import record_infatuation
from turnkeeper.rulesets.ptu.fight.afflictions import ignores_powder, immunity_to
from turnkeeper.rulesets.ptu.fight.health import Health, lose_hp
from turnkeeper.rulesets.ptu.fight.maneuvers import pushed_to
from turnkeeper.rulesets.ptu.fight.stats import injured_max_hp, shift_stage
from turnkeeper.rulesets.ptu.state import STATUS_OF, Combatant, PtuState


@final
class Hit:
    """What the hook functions read about the hit: the accuracy d20 and the damage dealt."""

    __slots__ = ("damage", "natural")

    def __init__(self, natural: int | None, damage: int) -> None:
        self.natural = natural
        self.damage = damage


Hook = Callable[[PtuState, Combatant, Combatant, Mapping[str, Any], Mapping[str, Any], Hit],
                list[Event]]


def effect_events(
    state: PtuState, user: Combatant, target: Combatant | None, move: Mapping[str, Any],
    natural: int | None, hit: bool, landed: Sequence[Event], dice: DiceSource,
) -> list[Event]:
    """The events of ``move``'s effects after its accuracy roll (``natural``; ``None`` for a
    move that cannot miss) and the damage events ``landed`` (rule ``ptu.move.effect``)."""
    effects = move.get("effects") or ()
    if not effects or not hit or state.settings.hit_damage != "engine":
        return []
    dealt = sum(e.data["damage"] for e in landed if e.type == "damage_dealt")
    # A target that fainted from the hit, or whose type the move has no effect on, gets
    # none of its effects.
    spared = {e.data["target"] for e in landed
              if e.type == "damage_dealt" and (e.data["fainted"] or e.data["immune"])}
    out: list[Event] = []
    effect_roll = natural
    for effect in effects:
        if effect["hook"] == "protect":
            continue
        on_self = effect.get("target") == "self" or target is None
        who = user if on_self else target
        if who is None or who.id in spared:
            continue
        on_roll = effect.get("on_roll")
        if on_roll is not None:
            if effect_roll is None:  # no accuracy roll: one d20 for the move's effects
                effect_roll = dice.die(20)
            if effect_roll < on_roll:
                continue
        out.extend(HOOKS[effect["hook"]](state, user, who, move, effect,
                                         Hit(effect_roll, dealt)))
    return out


def _afflict(state: PtuState, user: Combatant, who: Combatant, move: Mapping[str, Any],
             effect: Mapping[str, Any], hit: Hit) -> list[Event]:
    name = str(effect["affliction"])
    status = STATUS_OF[name]
    base = {"target": who.id, "status": status, "source": user.id, "move": move["name"]}
    immune = immunity_to(name, who.types)
    if immune is not None:
        return [Event("affliction_refused", {**base, "rule": "ptu.fight.affliction.type-immune",
                                             "because": immune})]
    if "Powder" in move.get("keywords", ()) and ignores_powder(who.types):
        return [Event("affliction_refused", {**base, "rule": "ptu.fight.affliction.powder",
                                             "because": "Grass"})]
    if status in who.statuses:
        return []
    return [Event("affliction_applied", base)]


def _flinch(state: PtuState, user: Combatant, who: Combatant, move: Mapping[str, Any],
            effect: Mapping[str, Any], hit: Hit) -> list[Event]:
    return _afflict(state, user, who, move, {"affliction": "Flinched"}, hit)


def _stages(state: PtuState, user: Combatant, who: Combatant, move: Mapping[str, Any],
            effect: Mapping[str, Any], hit: Hit) -> list[Event]:
    stat = str(effect["stat"])
    before = who.stages.get(stat, 0)
    after = shift_stage(before, int(effect["stages"]))
    if after == before:
        return []
    return [Event("stages_changed", {"target": who.id, "stat": stat, "before": before,
                                     "after": after, "by": move["name"]})]


def _push(state: PtuState, user: Combatant, who: Combatant, move: Mapping[str, Any],
          effect: Mapping[str, Any], hit: Hit) -> list[Event]:
    if who is user:
        return []
    taken = {(o.position[0], o.position[1]) for o in state.combatants.values()
             if o is not who and o.on_field and not o.captured}
    origin = (user.position[0], user.position[1])
    start = (who.position[0], who.position[1])
    if start == origin:
        return []
    here = start
    # One metre at a time, straight away from the user, stopping before an occupied square.
    for metres in range(1, int(effect["metres"]) + 1):
        step = pushed_to(origin, start, metres)
        if step in taken:
            break
        here = step
    if here == start:
        return []
    return [Event("pushed", {"target": who.id, "by": user.id, "from": list(start),
                             "to": list(here), "move": move["name"]})]


def _recoil(state: PtuState, user: Combatant, who: Combatant, move: Mapping[str, Any],
            effect: Mapping[str, Any], hit: Hit) -> list[Event]:
    amount = int(hit.damage * Fraction(str(effect["fraction"])))
    if amount <= 0 or user.fainted:
        return []
    loss = lose_hp(Health(user.max_hp, user.hp, user.injuries), amount, from_hit=False,
                   basis=state.settings.injury_basis)
    return [Event("hp_lost", {
        "target": user.id, "causes": ["Recoil"], "amount": amount, "hp_before": user.hp,
        "hp_after": loss.after.hp, "markers": list(loss.markers),
        "injuries_gained": loss.new_injuries, "fainted": loss.fainted_now,
        "badly_poisoned": False,
    })]


def _heal(state: PtuState, user: Combatant, who: Combatant, move: Mapping[str, Any],
          effect: Mapping[str, Any], hit: Hit) -> list[Event]:
    amount = int(user.max_hp * Fraction(str(effect["fraction"])))
    cap = injured_max_hp(user.max_hp, user.injuries)
    if amount <= 0 or user.hp >= cap:
        return []
    return [Event("heal", {"target": user.id, "amount": amount})]


#: Every hook a move's effect may name (``protect`` is the ``protects`` flag's, resolve.py).
HOOKS: dict[str, Hook] = {
    "afflict": _afflict,
    "flinch": _flinch,
    "stages": _stages,
    "push": _push,
    "recoil": _recoil,
    "heal": _heal,
}


# --- folding ---------------------------------------------------------------------------


def on_affliction_applied(state: PtuState, d: Mapping[str, Any]) -> None:

    c = state.combatants[d["target"]]
    if d["status"] not in c.statuses:
        c.statuses.append(d["status"])
    if d["status"] == "infatuated":
        record_infatuation(state, c.id, d["source"])


def on_affliction_refused(state: PtuState, d: Mapping[str, Any]) -> None:
    """The target's type kept the affliction off: nothing changes."""


def on_stages_changed(state: PtuState, d: Mapping[str, Any]) -> None:
    state.combatants[d["target"]].stages[d["stat"]] = d["after"]


def on_pushed(state: PtuState, d: Mapping[str, Any]) -> None:
    state.combatants[d["target"]].position = list(d["to"])


FOLDS = {
    "affliction_applied": on_affliction_applied,
    "affliction_refused": on_affliction_refused,
    "stages_changed": on_stages_changed,
    "pushed": on_pushed,
}
