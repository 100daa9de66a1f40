"""What afflictions do to a combatant's turn: the start-of-turn saves, Enraged and Infatuated.

- **Start of the turn** (PTU 1.05 Core p. 246-247): when a Paralyzed, Confused or Infatuated
  combatant's turn begins, its save checks are rolled before it does anything. Paralyzed
  (DC 5) fails: it cannot act that turn (its turn can only end). Confused 1-8: it hits itself
  with a typeless physical Struggle and its turn can only end; 16+ cures it. Infatuated 1-10:
  it cannot target the one it is infatuated with this turn; 19+ cures it. What a failed save
  bars is a timed effect ending with the turn (``{"cannot_act": status}`` or
  ``{"cannot_target": source}``). The saves are
  rolled automatically by whatever action makes the turn begin (the previous combatant's
  ``end_turn``, the GM's ``begin_combat``, the set-up of an ambush, which begins round 1
  itself): :func:`with_turn_start` folds that action's
  events into a scratch copy to see whose turn begins, so the log holds the save's
  ``save_rolled`` right after the events that started the turn.
- **Enraged** (p. 247): its Standard action must be a damaging attack (a damaging move or a
  Struggle). Reading: it may still end its turn without spending the Standard action (when no
  foe is in reach an enraged combatant would otherwise be stuck).
- **Infatuated**: the one it is infatuated with is recorded when the affliction is given (a
  move's ``afflict`` hook, or the GM's ``set_status`` with ``source``) as a manual effect
  ``{"infatuated_by": source}``; a failed save adds an effect barring that target until the
  end of the turn (``{"cannot_target": source}``).

Rule ids: ``ptu.fight.affliction.paralyzed``, ``.confused``, ``.infatuated``, ``.enraged``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from turnkeeper.core.model import Action, Event, Refusal
from turnkeeper.dice.source import DiceSource
from turnkeeper.rulesets.ptu.damage import afflictions_of, damage_events, staged
from turnkeeper.rulesets.ptu.economy import whose_turn
from turnkeeper.rulesets.ptu.fight.afflictions import roll_save, saves_due
from turnkeeper.rulesets.ptu.fight.attack import confused_self_hit
from turnkeeper.rulesets.ptu.rules import RULES
from turnkeeper.rulesets.ptu.state import Combatant, PtuState, scratch_copy

#: The statuses whose save is rolled at the start of the turn (p. 246-247), in the order
#: they are rolled: a Paralyzed combatant that cannot act needs no Confusion roll.
#: (``Final``: read before every action, from a C variable in the compiled build)
START_OF_TURN: Final = ("paralyzed", "confused", "infatuated")
_ORDER: Final = {"Paralyzed": 0, "Confused": 1, "Infatuated": 2}


def saves_watched(state: PtuState) -> bool:
    """Whether any combatant has a start-of-turn save (cheap: most states have none)."""
    # Plain loops, not ``any`` over a generator: asked before every action, and a compiled
    # generator is an object made and stepped through per call.
    for c in state.combatants.values():
        if c.statuses:
            for s in c.statuses:
                if s in START_OF_TURN:
                    return True
    return False


def set_up_afflicted(events: list[Event]) -> bool:
    """Whether ``events`` set up an encounter with a start-of-turn save due: in an ambush
    the set-up itself begins round 1 (ruleset.setup), before any state holds them."""
    return events[0].type == "encounter_set_up" and any(
        s in START_OF_TURN for c in events[0].data["combatants"] for s in c["statuses"])


def turn_marker(state: PtuState) -> tuple[Any, ...]:
    """Where the fight stands: phase, round, place in the round and whose turn it is."""
    return (state.phase, state.clock.round, state.clock.index, whose_turn(state))


def with_turn_start(state: PtuState, events: list[Event], dice: DiceSource) -> list[Event]:
    """``events`` followed by the start-of-turn saves of every turn they make begin.

    A turn lost to a save ends at once, so the next turn may begin with saves too (bounded
    by the number of combatants). Rules ``ptu.fight.affliction.paralyzed``, ``.confused``,
    ``.infatuated`` (p. 246-247).
    """
    if not events or not (saves_watched(state) or set_up_afflicted(events)):
        return events
    from turnkeeper.rulesets.ptu.folding import apply

    after = scratch_copy(state)
    before = turn_marker(after)
    for event in events:
        apply(after, event)
    return [*events, *turn_start_saves(after, before, dice)]


def turn_start_saves(after: PtuState, before: tuple[Any, ...], dice: DiceSource) -> list[Event]:
    """The start-of-turn saves of the turns begun since :func:`turn_marker` said ``before``,
    each folded into ``after`` (the state the events that began them were folded into) as
    it is made (see :func:`with_turn_start`)."""
    from turnkeeper.rulesets.ptu.folding import apply

    out: list[Event] = []
    for _ in range(2 * len(after.combatants) + 2):
        marker = turn_marker(after)
        actor = marker[3]
        if (marker == before or actor is None or after.phase != "turns"
                or after.turn_active or after.interjections):
            break
        saves = start_of_turn_saves(after, after.combatants[actor], dice)
        if not saves:
            break
        for event in saves:
            apply(after, event)
        out.extend(saves)
        before = marker
    return out


def start_of_turn_saves(state: PtuState, c: Combatant, dice: DiceSource) -> list[Event]:
    """The saves rolled as ``c``'s turn begins, and what they do (see the module)."""
    due = sorted(saves_due(afflictions_of(c), "start_of_turn"), key=lambda n: _ORDER.get(n, 9))
    out: list[Event] = []
    for name in due:
        status = name.lower()
        # the save of ptu.fight.affliction.paralyzed, ptu.fight.affliction.confused or
        # ptu.fight.affliction.infatuated, whichever is due (p. 246-247)
        natural, result = roll_save(name, dice, own_types=c.types)
        rolled: dict[str, Any] = {"target": c.id, "status": status, "moment": "start_of_turn",
                                  "natural": natural, "result": result}
        if result == "cannot_target_source":
            rolled["source"] = infatuated_by(state, c)
        out.append(Event("save_rolled", rolled))
        if result == "cured":
            out.append(Event("affliction_cured", {"target": c.id, "status": status,
                                                  "cause": "save"}))
        elif result == "cannot_act":
            # Paralyzed: no action this turn; it can only end (ptu.fight.affliction.paralyzed).
            return out
        elif result == "hits_self":
            # Confused 1-8: a typeless physical Struggle at itself, then its turn can only
            # end (ptu.fight.affliction.confused; the hit: .confused-self-hit).
            attack = confused_self_hit(staged(c, "attack"), staged(c, "defense"),
                                       state.settings.damage_mode)
            out.extend(damage_events(state, c, c, attack, False, "Confused", dice))
            return out
    return out


def infatuated_by(state: PtuState, c: Combatant) -> str | None:
    """Who ``c`` is infatuated with, if the affliction was given with a source."""
    for effect in reversed(state.effects):
        if effect.holder == c.id and "infatuated_by" in effect.data:
            return str(effect.data["infatuated_by"])
    return None


def _turn_bar(state: PtuState, c: Combatant, key: str) -> str | None:
    for effect in state.effects:
        if effect.holder == c.id and key in effect.data:
            return str(effect.data[key])
    return None


def barred_target(state: PtuState, c: Combatant) -> str | None:
    """The combatant ``c`` may not target this turn (a failed Infatuation save)."""
    return _turn_bar(state, c, "cannot_target")


def cannot_act(state: PtuState, c: Combatant) -> str | None:
    """The status whose failed save left ``c`` unable to act this turn (Paralyzed, or
    Confused after hitting itself), else ``None``."""
    return _turn_bar(state, c, "cannot_act")


def limits_turn(state: PtuState, c: Combatant) -> bool:
    """Whether Enraged or a failed save limits ``c``'s actions now (cheap test)."""
    if "enraged" in c.statuses:
        return True
    # A plain loop, not ``any`` over a generator: asked for every listing and check.
    for e in state.effects:
        if e.holder == c.id:
            data = e.data
            if "cannot_target" in data or "cannot_act" in data:
                return True
    return False


def is_damaging_attack(kind_name: str, move: Mapping[str, Any] | None) -> bool:
    if kind_name == "struggle":
        return True
    return (kind_name == "use_move" and move is not None
            and move.get("damage_base") is not None and move.get("range") != "self")


def affliction_refusal(
    state: PtuState, c: Combatant, action: Action, move: Mapping[str, Any] | None,
    slots: tuple[str, ...],
) -> Refusal | None:
    """Enraged's and Infatuated's limits on an action ``c`` takes (``slots``: what it
    spends). Rules ``ptu.fight.affliction.paralyzed``, ``.confused``, ``.enraged`` and
    ``.infatuated``."""
    stopped = cannot_act(state, c) if state.effects else None
    if stopped is not None and action.kind != "end_turn":
        what = ("failed its Paralysis save" if stopped == "paralyzed"
                else "hit itself in its Confusion")
        return RULES.refuse(f"ptu.fight.affliction.{stopped}",
                            f"{c.id} {what} this turn: the turn can only end")
    if ("enraged" in c.statuses and "standard" in slots
            and not is_damaging_attack(action.kind, move)):
        return RULES.refuse("ptu.fight.affliction.enraged",
                            f"{c.id} is Enraged: its Standard action must be a damaging attack")
    barred = barred_target(state, c) if state.effects else None
    if barred is not None and action.params.get("target") == barred:
        return RULES.refuse("ptu.fight.affliction.infatuated",
                            f"{c.id} is Infatuated with {barred} and cannot target it this turn")
    return None


def offer_refusal(state: PtuState, c: Combatant, offer: Action) -> Refusal | None:
    """:func:`affliction_refusal` for an own-turn offer of the legal-action listing."""
    from turnkeeper.rulesets.ptu.field import move_of

    move = move_of(state, str(offer.params["move"])) if offer.kind == "use_move" else None
    detail = offer.cost_detail or {}
    slots = tuple(s for s in ("standard", "shift", "swift") if detail.get(s))
    return affliction_refusal(state, c, offer, move, slots)


# --- folding ---------------------------------------------------------------------------


