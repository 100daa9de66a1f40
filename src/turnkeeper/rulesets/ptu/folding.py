"""Events and how the state folds them: the only code that changes a PTU state.

:data:`FOLDS` names, for every event type, the function that applies it; ``apply`` bumps the
state's version (the legal-action cache is keyed on it) and calls it. Turn and round changes
are in ``turn_order.py``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final

import msgspec

from turnkeeper.core.mechanics import Effect, Expiry, Window
from turnkeeper.core.model import Event
from turnkeeper.rulesets.ptu import roster
from turnkeeper.rulesets.ptu.affliction_marks import bar_turn, record_infatuation
from turnkeeper.rulesets.ptu.economy import clock_key, league_offset, use_pokemon_turn, whose_turn
from turnkeeper.rulesets.ptu.field import copy_value
from turnkeeper.rulesets.ptu.fight.stats import injured_max_hp
from turnkeeper.rulesets.ptu.maneuvering import FOLDS as MANEUVER_FOLDS
from turnkeeper.rulesets.ptu.maneuvering import record_dominance
from turnkeeper.rulesets.ptu.move_effects import FOLDS as MOVE_EFFECT_FOLDS
from turnkeeper.rulesets.ptu.settings import PtuSettings
from turnkeeper.rulesets.ptu.state import (
    ALLOWANCE,
    LEAGUE_TRAINER_OFFSET,
    VOLATILE,
    Interjection,
    PtuState,
    combatant_from_dict,
    new_budget,
)
from turnkeeper.rulesets.ptu.turn_order import (
    add_effect,
    advance,
    finish_turn,
    leave_clock,
    new_round,
)


def on_encounter_set_up(state: PtuState, d: Mapping[str, Any]) -> None:
    state.context = d["context"]
    state.ambush = d["ambush"]
    state.pokemon_turns = d["pokemon_turns"]
    state.settings = msgspec.convert(d["settings"], PtuSettings)
    state.players = list(d["players"])
    state.custom_moves = {k: dict(v) for k, v in d["custom_moves"].items()}
    for raw in d["combatants"]:
        c = combatant_from_dict(raw)
        state.combatants[c.id] = c
        if c.on_field:
            state.clock.add(c.id, clock_key(state, c))
    for c in state.combatants.values():
        if c.kind == "pokemon" and c.on_field and c.owner is not None:
            # Sent out by the configuration: that was the player's free first send-out.
            for t in state.combatants.values():
                if t.kind == "trainer" and t.owner == c.owner:
                    t.setup_release_done = True
    state.phase = "setup"


def on_initiative_rolled(state: PtuState, d: Mapping[str, Any]) -> None:
    for cid, rolls in d["rolls"].items():
        state.clock.tiebreak[cid] = [float(r) for r in rolls]


def on_combat_began(state: PtuState, d: Mapping[str, Any]) -> None:
    new_round(state)


def on_combat_ended(state: PtuState, d: Mapping[str, Any]) -> None:
    state.phase = "over"
    state.interjections = []
    state.occurrences = []
    for c in state.combatants.values():
        c.ap = c.ap_max  # Action Points refresh at the end of a Scene (p. 221)
        # The end of the encounter cures Volatile afflictions (ptu.fight.affliction.cure).
        c.statuses = [s for s in c.statuses if s not in VOLATILE]


def on_declared(state: PtuState, d: Mapping[str, Any]) -> None:
    state.declared[d["actor"]] = list(d["actions"])
    state.declare_queue.pop(0)
    if not state.declare_queue:
        state.phase = "turns"
        advance(state)


def on_priority_declared(state: PtuState, d: Mapping[str, Any]) -> None:
    c = state.combatants[d["actor"]]
    if d["variant"] == "priority_limited":
        c.limited_used = True
        return
    if d["borrowed"]:
        # Priority (Advanced) after acting: a fresh turn now, next round's given up.
        c.forfeit_next = True
        c.forfeit_next_cause = {"rule": "ptu.priority.advanced", "by": d.get("why"),
                                "round": state.clock.round}
        c.budget = new_budget()
        c.traded = {}
        c.moved = c.sprinting = False
    state.interjections.append(Interjection(c.id, state.turn_active))
    if c.id not in state.clock.acted:
        state.clock.acted.append(c.id)
    use_pokemon_turn(state, c)
    state.turn_active = True


def on_turn_given_up(state: PtuState, d: Mapping[str, Any]) -> None:
    c = state.combatants[d["actor"]]
    if d["round"] == "next":
        c.forfeit_next = True
        c.forfeit_next_cause = {"rule": "ptu.interrupt.turn-cost", "by": d.get("why"),
                                "round": state.clock.round}
        return
    # "this": logs written before the Interrupt accounting of READINGS (an Interrupt before
    # acting then used up this round's whole turn); kept so that such logs still replay.
    if c.id not in state.clock.acted:
        state.clock.acted.append(c.id)
    c.budget.reset({k: 0 for k in ALLOWANCE})
    use_pokemon_turn(state, c)


def on_action_taken(state: PtuState, d: Mapping[str, Any]) -> None:
    c = state.combatants[d["actor"]]
    slots = d["slots"]
    if slots:
        if len(slots) == 1 and not c.budget.substitutes:
            c.budget.pay_exact(slots[0])  # what pay() does then, without building a plan
        else:
            c.budget.pay(slots)
    if d["moving"]:
        c.moved = True
    if d["own_turn"] and whose_turn(state) == c.id:
        state.turn_active = True
        # The player's Pokémon turn is taken once the Pokémon does something with it.
        use_pokemon_turn(state, c)


def on_trigger_answered(state: PtuState, d: Mapping[str, Any]) -> None:
    state.ledger.record(d["trigger"], d["actor"], d["response"])


def on_trigger_opened(state: PtuState, d: Mapping[str, Any]) -> None:
    # One window per occurrence: its id, its kind, who may answer, and what happened
    # (``by`` always; ``target``, ``can_miss``, ``provokes``, ``move``... by kind).
    state.occurrence_count += 1
    details = {k: copy_value(v) for k, v in d.items() if k not in ("kind", "responders")}
    state.occurrences.append(Window(f"t{state.occurrence_count}", d["kind"],
                                    list(d["responders"]), details))


def on_ap_spent(state: PtuState, d: Mapping[str, Any]) -> None:
    state.combatants[d["actor"]].ap -= d["amount"]


def on_move_used(state: PtuState, d: Mapping[str, Any]) -> None:
    c = state.combatants[d["actor"]]
    name = d["move"]
    c.scene_uses[name] = c.scene_uses.get(name, 0) + 1
    c.last_used_round[name] = state.clock.round


def on_attack_rolled(state: PtuState, d: Mapping[str, Any]) -> None:
    """Accuracy only: damage is the GM's to apply."""


def on_capture_rolled(state: PtuState, d: Mapping[str, Any]) -> None:
    if d["captured"]:
        target = state.combatants[d["target"]]
        target.captured = True
        target.on_field = False
        leave_clock(state, target.id)


def on_forced_out(state: PtuState, d: Mapping[str, Any]) -> None:
    """Roar and the like: the GM carries out the forced switch (forced_switch)."""


def on_aoo_used(state: PtuState, d: Mapping[str, Any]) -> None:
    state.combatants[d["actor"]].aoo_used = True


def on_dirty_trick_used(state: PtuState, d: Mapping[str, Any]) -> None:
    state.combatants[d["actor"]].dirty_tricks.append([d["trick"], d["target"]])


def on_grapple_started(state: PtuState, d: Mapping[str, Any]) -> None:
    state.combatants[d["actor"]].grappling = d["target"]
    state.combatants[d["target"]].grappling = d["actor"]
    record_dominance(state, d)  # the winner of the opposed check (maneuvering.py)


def on_grapple_contested(state: PtuState, d: Mapping[str, Any]) -> None:
    """The contest's roll is the GM's; the action economy is what is recorded."""


def on_item_used(state: PtuState, d: Mapping[str, Any]) -> None:
    c = state.combatants[d["actor"]]
    if d.get("from") == "hand":
        c.in_hand[d["item"]] -= 1
    else:
        c.items[d["item"]] -= 1


def on_item_handed(state: PtuState, d: Mapping[str, Any]) -> None:
    # From hand to hand: only an item on hand is handed over (p. 227).
    c = state.combatants[d["actor"]]
    c.in_hand[d["item"]] -= 1
    ally = state.combatants[d["to"]]
    ally.in_hand[d["item"]] = ally.in_hand.get(d["item"], 0) + 1


def on_weapon_drawn(state: PtuState, d: Mapping[str, Any]) -> None:
    c = state.combatants[d["actor"]]
    c.weapon = d["weapon"]
    if d["free"]:
        c.setup_draw_done = True


def on_item_picked_up(state: PtuState, d: Mapping[str, Any]) -> None:
    state.combatants[d["actor"]].held_item = d["item"]


def on_item_dropped(state: PtuState, d: Mapping[str, Any]) -> None:
    state.combatants[d["actor"]].held_item = None


def on_sprinting(state: PtuState, d: Mapping[str, Any]) -> None:
    state.combatants[d["actor"]].sprinting = True


def on_moved(state: PtuState, d: Mapping[str, Any]) -> None:
    state.combatants[d["actor"]].position = list(d["to"])


def on_stood_up(state: PtuState, d: Mapping[str, Any]) -> None:
    c = state.combatants[d["actor"]]
    if "tripped" in c.statuses:
        c.statuses.remove("tripped")
    state.effects = [e for e in state.effects
                     if not (e.holder == c.id and e.data.get("status") == "tripped")]


def on_breather_taken(state: PtuState, d: Mapping[str, Any]) -> None:
    # Take a Breather (p. 245): combat stages reset, temporary HP gone, volatile
    # statuses, Slow and Stuck cured; then Tripped and Vulnerable until the end of the
    # user's next turn.
    c = state.combatants[d["actor"]]
    c.stages = {}
    c.temp_hp = 0
    c.statuses = [s for s in c.statuses if s not in VOLATILE and s not in ("slowed", "stuck")]
    for status in ("tripped", "vulnerable"):
        if status not in c.statuses:
            c.statuses.append(status)
        # Expiry(kind, round, count, combatant) passed by position: a call by keywords of
        # the kernel's class parses them one by one (2k instructions a construction).
        add_effect(state, c.id, f"Take a Breather: {status}",
                   Expiry("turn_end", state.clock.round + 1, 0.0, c.id), status)


def on_coup_de_grace(state: PtuState, d: Mapping[str, Any]) -> None:
    """Damage is the GM's to apply; the automatic critical hit is in the event."""


def on_intercepted(state: PtuState, d: Mapping[str, Any]) -> None:
    """The Intercept's shift and hit are the GM's to carry out."""


def on_skill_checked(state: PtuState, d: Mapping[str, Any]) -> None:
    """The roll is in the event; what success means is the GM's."""


def on_generic_action(state: PtuState, d: Mapping[str, Any]) -> None:
    """Nothing beyond the action spent."""


def on_extended_action(state: PtuState, d: Mapping[str, Any]) -> None:
    state.minutes_elapsed += d["minutes"]


def on_action_held(state: PtuState, d: Mapping[str, Any]) -> None:
    c = state.combatants[d["actor"]]
    c.held = True
    target = d["count"] + league_offset(state, c)
    state.clock.hold(c.id, target)
    advance(state)


def on_turn_ended(state: PtuState, d: Mapping[str, Any]) -> None:
    finish_turn(state, d["actor"])


def on_pokemon_recalled(state: PtuState, d: Mapping[str, Any]) -> None:
    c = state.combatants[d["pokemon"]]
    c.on_field = False
    c.recalled_round = state.clock.round
    # Switching out cures Volatile afflictions (rule ptu.fight.affliction.cure, p. 246-248)
    # and what marks they left (who it was infatuated with, a failed save's bar).
    c.statuses = [s for s in c.statuses if s not in VOLATILE]
    # Combat stages last only while the combatant stays in: switching out resets them
    # (rule ptu.fight.stages.switch-out; p. 235, reading: the reference names only Take a
    # Breather). Persistent afflictions stay, and so do their stage changes, which are
    # worked out from the afflictions themselves (damage.staged).
    c.stages = {}
    # A grapple ends for both sides when one of them leaves the field.
    partner = state.combatants.get(c.grappling) if c.grappling else None
    if partner is not None and partner.grappling == c.id:
        partner.grappling = None
    c.grappling = None
    if state.effects:
        state.effects = [e for e in state.effects if not _left_with(e, c.id)]
    leave_clock(state, c.id)


def _left_with(effect: Effect, cid: str) -> bool:
    """Whether ``effect`` ends when ``cid`` is switched out: its infatuation or a failed
    save's bar on it, or a Dominance over it or by it."""
    data = effect.data
    if effect.holder == cid:
        return any(k in data for k in ("infatuated_by", "cannot_target", "cannot_act",
                                       "dominance_over"))
    return data.get("dominance_over") == cid


def on_pokemon_released(state: PtuState, d: Mapping[str, Any]) -> None:
    c = state.combatants[d["pokemon"]]
    c.on_field = True
    c.position = list(d["position"])
    c.budget = new_budget()
    c.moved = c.sprinting = c.held = False
    for cid, rolls in d["tiebreak"].items():
        state.clock.tiebreak[cid] = [float(r) for r in rolls]
    if state.phase == "setup":
        trainer = state.combatants[d["by"]]
        trainer.setup_release_done = True
        state.clock.counts[c.id] = clock_key(state, c)
        return
    c.uncommandable = d["barred"]
    state.clock.add(c.id, clock_key(state, c), state.clock.tiebreak.get(c.id, []))
    if c.id in state.clock.acted:
        state.clock.acted.remove(c.id)
    if d["acts_now"]:
        # Its count has passed this round: it acts at once (p. 229), then play goes back.
        state.interjections.append(Interjection(c.id, state.turn_active))
        state.clock.acted.append(c.id)
        use_pokemon_turn(state, c)
        state.turn_active = True
        state.occurrences = []


def on_damaged(state: PtuState, d: Mapping[str, Any]) -> None:
    c = state.combatants[d["target"]]
    c.hp = max(0, c.hp - d["amount"])
    if c.hp == 0 and not c.fainted:
        faint(state, c.id)


def on_damage_dealt(state: PtuState, d: Mapping[str, Any]) -> None:
    # A hit's HP loss (ptu.fight.*): HP may go below 0 (the markers below 0 still count).
    c = state.combatants[d["target"]]
    c.hp = d["hp_after"]
    c.injuries += d["injuries_gained"]
    if c.hp <= 0 and not c.fainted:
        faint(state, c.id)


def on_hp_lost(state: PtuState, d: Mapping[str, Any]) -> None:
    # A Standard action's HP loss to an affliction (ptu.fight.affliction.standard-action-loss).
    c = state.combatants[d["target"]]
    c.hp = d["hp_after"]
    c.injuries += d["injuries_gained"]
    if d["badly_poisoned"]:
        c.badly_poisoned_losses += 1
    if c.hp <= 0 and not c.fainted:
        faint(state, c.id)


def on_affliction_cured(state: PtuState, d: Mapping[str, Any]) -> None:
    c = state.combatants[d["target"]]
    if d["status"] in c.statuses:
        c.statuses.remove(d["status"])


def on_save_rolled(state: PtuState, d: Mapping[str, Any]) -> None:
    """The roll and its result are in the event; a cure follows as affliction_cured. A
    failed Infatuation save bars its source as a target for the turn (afflicted.py)."""
    bar_turn(state, d)


def on_hit_pending(state: PtuState, d: Mapping[str, Any]) -> None:
    state.pending_hits.append({k: copy_value(v) if k != "move" else dict(v)
                               for k, v in d.items()})


def on_hit_negated(state: PtuState, d: Mapping[str, Any]) -> None:
    state.pending_hits = [h for h in state.pending_hits if h["target"] != d["target"]]


def on_hit_redirected(state: PtuState, d: Mapping[str, Any]) -> None:
    for hit in state.pending_hits:
        if hit["target"] == d["from"]:
            hit["target"] = d["to"]


def on_hits_settled(state: PtuState, d: Mapping[str, Any]) -> None:
    state.pending_hits = []


def on_action_lost(state: PtuState, d: Mapping[str, Any]) -> None:
    """The actor fainted from a hit that landed first: its action came to nothing."""


def faint(state: PtuState, cid: str) -> None:
    """At 0 HP or less a combatant faints and can take no actions (ptu.fight.hp.faint)."""
    c = state.combatants[cid]
    c.fainted = True
    c.grappling = None
    # A combatant that faints on its own turn can do nothing more: the turn ends.
    if state.phase == "turns" and whose_turn(state) == c.id:
        finish_turn(state, c.id)
    elif state.phase == "declare" and c.id in state.declare_queue:
        state.declare_queue.remove(c.id)
        if not state.declare_queue:
            state.phase = "turns"
            advance(state)


def on_heal(state: PtuState, d: Mapping[str, Any]) -> None:
    c = state.combatants[d["target"]]
    # Healing stops at the max HP left after injuries (ptu.fight.hp.heal-cap).
    c.hp = max(c.hp, min(injured_max_hp(c.max_hp, c.injuries), c.hp + d["amount"]))
    if c.hp > 0:
        c.fainted = False


def on_status_set(state: PtuState, d: Mapping[str, Any]) -> None:
    c = state.combatants[d["target"]]
    if d["value"] and d["status"] not in c.statuses:
        c.statuses.append(d["status"])
    if d["value"] and d["status"] == "infatuated" and d.get("source"):
        record_infatuation(state, c.id, d["source"])
    elif not d["value"] and d["status"] in c.statuses:
        c.statuses.remove(d["status"])


def on_effect_added(state: PtuState, d: Mapping[str, Any]) -> None:
    # "One full round" ends just before the same initiative count comes round again.
    current = whose_turn(state)
    cur = state.combatants.get(current) if current else None
    count = clock_key(state, cur) if cur is not None else LEAGUE_TRAINER_OFFSET * 2
    status = d["status"]
    if status:
        c = state.combatants[d["target"]]
        if status not in c.statuses:
            c.statuses.append(status)
    add_effect(state, d["target"], d["name"],
               Expiry("before_count", state.clock.round + d["rounds"], count), status)


def on_speed_set(state: PtuState, d: Mapping[str, Any]) -> None:
    # Initiative follows Speed; the new value orders the next round.
    c = state.combatants[d["target"]]
    c.speed = d["speed"]
    if c.id in state.clock.counts:
        state.clock.counts[c.id] = clock_key(state, c)


def on_standard_traded(state: PtuState, d: Mapping[str, Any]) -> None:
    """The Standard (already paid by ``action_taken``) buys a second Shift or Swift."""
    c = state.combatants[d["actor"]]
    slot = d["for"]
    c.budget.grant(slot)
    c.traded[slot] = c.traded.get(slot, 0) + 1


def on_item_taken_out(state: PtuState, d: Mapping[str, Any]) -> None:
    c = state.combatants[d["actor"]]
    c.items[d["item"]] -= 1
    c.in_hand[d["item"]] = c.in_hand.get(d["item"], 0) + 1


Fold = Callable[[PtuState, Mapping[str, Any]], None]
#: Every event type and the function that applies it (``Final``: read by ``apply`` for
#: every event, from a C variable in the compiled build).
FOLDS: Final[dict[str, Fold]] = {
    "encounter_set_up": on_encounter_set_up,
    "initiative_rolled": on_initiative_rolled,
    "combat_began": on_combat_began,
    "combat_ended": on_combat_ended,
    "declared": on_declared,
    "priority_declared": on_priority_declared,
    "turn_given_up": on_turn_given_up,
    "action_taken": on_action_taken,
    "trigger_answered": on_trigger_answered,
    "trigger_opened": on_trigger_opened,
    "damage_dealt": on_damage_dealt,
    "hit_pending": on_hit_pending,
    "hp_lost": on_hp_lost,
    "affliction_cured": on_affliction_cured,
    "save_rolled": on_save_rolled,
    "hit_negated": on_hit_negated,
    "hit_redirected": on_hit_redirected,
    "hits_settled": on_hits_settled,
    "action_lost": on_action_lost,
    "ap_spent": on_ap_spent,
    "move_used": on_move_used,
    "attack_rolled": on_attack_rolled,
    "capture_rolled": on_capture_rolled,
    "forced_out": on_forced_out,
    "aoo_used": on_aoo_used,
    "dirty_trick_used": on_dirty_trick_used,
    "grapple_started": on_grapple_started,
    "grapple_contested": on_grapple_contested,
    "item_used": on_item_used,
    "item_handed": on_item_handed,
    "weapon_drawn": on_weapon_drawn,
    "item_picked_up": on_item_picked_up,
    "item_dropped": on_item_dropped,
    "sprinting": on_sprinting,
    "moved": on_moved,
    "stood_up": on_stood_up,
    "breather_taken": on_breather_taken,
    "coup_de_grace": on_coup_de_grace,
    "intercepted": on_intercepted,
    "skill_checked": on_skill_checked,
    "generic_action": on_generic_action,
    "extended_action": on_extended_action,
    "action_held": on_action_held,
    "turn_ended": on_turn_ended,
    "pokemon_recalled": on_pokemon_recalled,
    "pokemon_released": on_pokemon_released,
    "damaged": on_damaged,
    "heal": on_heal,
    "status_set": on_status_set,
    "effect_added": on_effect_added,
    "speed_set": on_speed_set,
    "standard_traded": on_standard_traded,
    "item_taken_out": on_item_taken_out,
    **MOVE_EFFECT_FOLDS,  # affliction_applied, affliction_refused, stages_changed, pushed
    **MANEUVER_FOLDS,  # maneuver_resolved, disarmed
    **roster.FOLDS,  # combatant_joined, combatant_removed (roster.py)
}


def apply(state: PtuState, event: Event) -> None:
    fold = FOLDS.get(event.type)
    if fold is None:
        raise ValueError(f"unknown ptu event type {event.type!r}")
    state.version += 1  # legal_actions' cache is keyed on it
    fold(state, event.data)
