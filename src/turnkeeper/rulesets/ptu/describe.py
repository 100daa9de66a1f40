"""The ptu log as sentences: one writer per event type ``folding.py`` folds.

"Hoppip uses Quick Attack on Slowpoke: 19 vs AC 2 + evasion 1, hit" then "Slowpoke takes 7
damage from Quick Attack (42 → 35 HP)". The server calls :func:`describe_event` on what a seat
was sent (``views.visible_command`` takes out other seats' items and amounts), so writers read
with ``.get`` and say less when a field is missing: an item taken out shows as "an item".
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from turnkeeper.core.model import Event
from turnkeeper.core.sentences import Writer, describe_with, listing, plural, words
from turnkeeper.rulesets.ptu import roster
from turnkeeper.rulesets.ptu.state import PtuState


def name(state: PtuState, cid: object) -> str:
    c = state.combatants.get(cid) if isinstance(cid, str) else None
    return c.name if c is not None else str(cid)


def actor(state: PtuState, d: Mapping[str, Any]) -> str:
    return name(state, d.get("actor"))


def item(d: Mapping[str, Any]) -> str:
    """The item's name, or "an item" when the seat may not see which (views.py)."""
    found = d.get("item")
    return words(found) if found else "an item"


def simple(verb: str) -> Writer[PtuState]:
    """A writer for "<actor> <verb>"."""

    def write(state: PtuState, d: Mapping[str, Any]) -> str:
        return f"{actor(state, d)} {verb}"

    return write


def encounter_set_up(state: PtuState, d: Mapping[str, Any]) -> str:
    combatants = d.get("combatants") or []
    names = [c.get("name", c.get("id")) for c in combatants if isinstance(c, Mapping)]
    context = words(d.get("context", "encounter"))
    text = f"A {context} encounter is set up with {listing(names)}"
    return text + (" (an ambush)" if d.get("ambush") else "")


def initiative_rolled(state: PtuState, d: Mapping[str, Any]) -> str:
    rolls = d.get("rolls") or {}
    parts = [f"{name(state, cid)} {'/'.join(str(r) for r in faces)}"
             for cid, faces in rolls.items()]
    return "Speed ties rolled off: " + ", ".join(parts)


def declared(state: PtuState, d: Mapping[str, Any]) -> str:
    actions = d.get("actions") or []
    return f"{actor(state, d)} declares {listing((words(a) for a in actions), 'then')}"


def priority_declared(state: PtuState, d: Mapping[str, Any]) -> str:
    text = f"{actor(state, d)} acts with {words(d.get('variant', 'priority'))}"
    if d.get("why"):
        text += f" ({d['why']})"
    return text + (", borrowing next round's turn" if d.get("borrowed") else "")


def turn_given_up(state: PtuState, d: Mapping[str, Any]) -> str:
    when = "next round's" if d.get("round") == "next" else "this round's"
    text = f"{actor(state, d)} gives up {when} turn"
    return text + (f" for {d['why']}" if d.get("why") else "")


def action_taken(state: PtuState, d: Mapping[str, Any]) -> str:
    slots = d.get("slots") or []
    text = f"{actor(state, d)}: {words(d.get('kind', 'action'))}"
    if slots:
        text += f" (spends {listing(words(s) for s in slots)})"
    if d.get("own_turn") is False:
        text += " out of turn"
    return text


def trigger_answered(state: PtuState, d: Mapping[str, Any]) -> str:
    return f"{actor(state, d)} answers with {words(d.get('response', 'a reaction'))}"


def trigger_opened(state: PtuState, d: Mapping[str, Any]) -> str:
    by = name(state, d.get("by"))
    kind = d.get("kind", "an action")
    what = d.get("move") or words({"attacked": "attack", "move_used": "move"}.get(kind, kind))
    responders = [name(state, r) for r in d.get("responders") or []]
    if not responders:
        return f"{by}'s {what}: nobody may interrupt"
    return f"{by}'s {what}: {listing(responders, 'or')} may interrupt"


def damage_dealt(state: PtuState, d: Mapping[str, Any]) -> str:
    target = name(state, d.get("target"))
    if d.get("immune"):
        return f"{target} is immune to {d.get('what', 'the attack')}"
    # another seat's Pokémon: the amount is not sent (views.visible_command)
    text = f"{target} takes {d['damage']} damage" if "damage" in d else f"{target} is hit"
    if d.get("what"):
        text += f" from {d['what']}"
    if "damage" in d and d.get("roll_total") is not None:
        text += f" (rolled {d['roll_total']})"
    if d.get("critical"):
        text += ", critical"
    steps = d.get("type_steps")
    if isinstance(steps, int) and steps:
        text += ", super effective" if steps > 0 else ", not very effective"
    if "hp_before" in d and "hp_after" in d:
        text += f", {d['hp_before']} → {d['hp_after']} HP"
    if d.get("injuries_gained"):
        text += f", {plural(d['injuries_gained'], 'injury').replace('injurys', 'injuries')}"
    if d.get("fainted"):
        text += "; faints"
    return text


def hit_pending(state: PtuState, d: Mapping[str, Any]) -> str:
    return (f"{name(state, d.get('attacker'))}'s {d.get('what', 'attack')} will hit "
            f"{name(state, d.get('target'))} unless someone interrupts")


def hp_lost(state: PtuState, d: Mapping[str, Any]) -> str:
    causes = d.get("causes") or []
    text = f"{name(state, d.get('target'))} loses {d.get('amount', '?')} HP"
    if causes:
        text += f" to {listing(causes)}"
    if "hp_after" in d:
        text += f" (now {d['hp_after']})"
    return text + ("; faints" if d.get("fainted") else "")


def affliction_cured(state: PtuState, d: Mapping[str, Any]) -> str:
    cause = {"damage": "by the hit", "save": "by a save", "turn_over": "as the turn ends"}
    how = cause.get(str(d.get("cause")), "")
    return f"{name(state, d.get('target'))} is no longer {d.get('status', '?')} {how}".rstrip()


def affliction_applied(state: PtuState, d: Mapping[str, Any]) -> str:
    return (f"{name(state, d.get('source'))}'s {d.get('move', 'move')} leaves "
            f"{name(state, d.get('target'))} {words(d.get('status', '?'))}")


def affliction_refused(state: PtuState, d: Mapping[str, Any]) -> str:
    return (f"{name(state, d.get('target'))} cannot become {words(d.get('status', '?'))} "
            f"from {d.get('move', 'the move')} ({d.get('because', 'immune')})")


def stages_changed(state: PtuState, d: Mapping[str, Any]) -> str:
    before, after = int(d.get("before", 0)), int(d.get("after", 0))
    way = "rises" if after > before else "falls"
    return (f"{name(state, d.get('target'))}'s {words(d.get('stat', '?'))} {way} from "
            f"{before:+d} to {after:+d} ({d.get('by', 'a move')})")


def maneuver_resolved(state: PtuState, d: Mapping[str, Any]) -> str:
    what = words(d.get("trick") or d.get("maneuver", "maneuver"))
    verdict = "succeeds" if d.get("success") else "fails"
    return (f"{name(state, d.get('actor'))}'s {what} against {name(state, d.get('target'))} "
            f"{verdict}: {words(d.get('attacker_skill', '?'))} {d.get('attacker_total', '?')} "
            f"vs {words(d.get('defender_skill', '?'))} {d.get('defender_total', '?')}")


def disarmed(state: PtuState, d: Mapping[str, Any]) -> str:
    return (f"{name(state, d.get('by'))} disarms {name(state, d.get('target'))}: "
            f"{words(d.get('item') or 'its item')} drops")


def pushed(state: PtuState, d: Mapping[str, Any]) -> str:
    return (f"{name(state, d.get('by'))}'s {d.get('move', 'move')} pushes "
            f"{name(state, d.get('target'))} from {d.get('from')} to {d.get('to')}")


def push_followed(state: PtuState, d: Mapping[str, Any]) -> str:
    return (f"{actor(state, d)} follows the push {d.get('metres', '?')} m "
            f"to {d.get('to')}")


def save_rolled(state: PtuState, d: Mapping[str, Any]) -> str:
    return (f"{name(state, d.get('target'))} rolls a save against {d.get('status', '?')}: "
            f"{d.get('natural', '?')}, {words(d.get('result', '?'))}")


def hit_negated(state: PtuState, d: Mapping[str, Any]) -> str:
    return (f"{d.get('by', 'A move')} stops {name(state, d.get('attacker'))}'s hit on "
            f"{name(state, d.get('target'))}")


def hit_redirected(state: PtuState, d: Mapping[str, Any]) -> str:
    return (f"{name(state, d.get('to'))} takes {name(state, d.get('attacker'))}'s hit in "
            f"{name(state, d.get('from'))}'s place")


def hits_settled(state: PtuState, d: Mapping[str, Any]) -> str:
    count = d.get("count", 0)
    return f"{plural(count, 'waiting hit')} land" + ("s" if count == 1 else "")


def action_lost(state: PtuState, d: Mapping[str, Any]) -> str:
    return f"{actor(state, d)} fainted first: the {words(d.get('kind', 'action'))} comes to nothing"


def ap_spent(state: PtuState, d: Mapping[str, Any]) -> str:
    return f"{actor(state, d)} spends {d.get('amount', 1)} AP"


def move_used(state: PtuState, d: Mapping[str, Any]) -> str:
    text = f"{actor(state, d)} uses {d.get('move', 'a move')}"
    return text + (f" on {name(state, d['target'])}" if d.get("target") else "")


def attack_rolled(state: PtuState, d: Mapping[str, Any]) -> str:
    text = f"{actor(state, d)}'s {d.get('what', 'attack')}"
    if d.get("target"):
        text += f" at {name(state, d['target'])}"
    roll = d.get("roll")
    if roll is None:
        return text + ": hits without a roll"
    text += f": {roll}"
    bonus = d.get("bonus")
    if isinstance(bonus, int) and bonus:
        text += f" + {bonus} = {roll + bonus}" if bonus > 0 else f" - {-bonus} = {roll + bonus}"
    if d.get("ac") is not None:
        text += f" vs AC {d['ac']}"
        if d.get("evasion"):
            text += f" + evasion {d['evasion']}"
    text += ", hit" if d.get("hit") else ", miss"
    return text + (" (critical)" if d.get("critical") else "")


def capture_rolled(state: PtuState, d: Mapping[str, Any]) -> str:
    verdict = "caught" if d.get("captured") else "breaks free"
    return (f"{actor(state, d)} throws a Poké Ball at {name(state, d.get('target'))}: "
            f"{d.get('roll', '?')} against capture rate {d.get('capture_rate', '?')}, {verdict}")


def forced_out(state: PtuState, d: Mapping[str, Any]) -> str:
    return f"{name(state, d.get('target'))} is forced out"


def dirty_trick_used(state: PtuState, d: Mapping[str, Any]) -> str:
    return (f"{actor(state, d)} plays the dirty trick {words(d.get('trick', '?'))} on "
            f"{name(state, d.get('target'))}")


def grapple_started(state: PtuState, d: Mapping[str, Any]) -> str:
    return f"{actor(state, d)} grapples {name(state, d.get('target'))}"


def grapple_contested(state: PtuState, d: Mapping[str, Any]) -> str:
    return f"{actor(state, d)} contests the grapple with {name(state, d.get('with'))}"


def item_used(state: PtuState, d: Mapping[str, Any]) -> str:
    text = f"{actor(state, d)} uses {item(d)}"
    return text + (f" on {name(state, d['target'])}" if d.get("target") else "")


def item_handed(state: PtuState, d: Mapping[str, Any]) -> str:
    return f"{actor(state, d)} hands {item(d)} to {name(state, d.get('to'))}"


def weapon_drawn(state: PtuState, d: Mapping[str, Any]) -> str:
    return f"{actor(state, d)} draws {words(d.get('weapon', 'a weapon'))}"


def item_picked_up(state: PtuState, d: Mapping[str, Any]) -> str:
    return f"{actor(state, d)} picks up {item(d)}"


def item_dropped(state: PtuState, d: Mapping[str, Any]) -> str:
    return f"{actor(state, d)} drops {item(d)}"


def item_taken_out(state: PtuState, d: Mapping[str, Any]) -> str:
    return f"{actor(state, d)} takes {item(d)} out of the pack"


def moved(state: PtuState, d: Mapping[str, Any]) -> str:
    to = d.get("to")
    where = f" to {to[0]}, {to[1]}" if isinstance(to, list) and len(to) == 2 else ""
    return f"{actor(state, d)} shifts{where}"


def coup_de_grace(state: PtuState, d: Mapping[str, Any]) -> str:
    return f"{actor(state, d)} delivers a coup de grâce to {name(state, d.get('target'))}"


def intercepted(state: PtuState, d: Mapping[str, Any]) -> str:
    return f"{actor(state, d)} intercepts ({words(d.get('mode', ''))})".replace(" ()", "")


def skill_checked(state: PtuState, d: Mapping[str, Any]) -> str:
    verdict = "success" if d.get("success") else "failure"
    return (f"{actor(state, d)} rolls {words(d.get('skill', 'a skill'))}: {d.get('total', '?')} "
            f"vs DC {d.get('dc', '?')}, {verdict}")


def generic_action(state: PtuState, d: Mapping[str, Any]) -> str:
    return f"{actor(state, d)}: {words(d.get('kind', 'action'))} — {d.get('what', '')}".rstrip(" —")


def extended_action(state: PtuState, d: Mapping[str, Any]) -> str:
    text = f"{actor(state, d)} spends {d.get('minutes', '?')} minutes"
    return text + (f": {d['what']}" if d.get("what") else "")


def action_held(state: PtuState, d: Mapping[str, Any]) -> str:
    return f"{actor(state, d)} holds the action until initiative {d.get('count', '?')}"


def pokemon_recalled(state: PtuState, d: Mapping[str, Any]) -> str:
    return f"{name(state, d.get('pokemon'))} is recalled"


def pokemon_released(state: PtuState, d: Mapping[str, Any]) -> str:
    text = f"{name(state, d.get('by'))} releases {name(state, d.get('pokemon'))}"
    return text + (", which acts now" if d.get("acts_now") else "")


def damaged(state: PtuState, d: Mapping[str, Any]) -> str:
    amount = f"{d['amount']} damage" if "amount" in d else "damage"
    return f"The GM deals {amount} to {name(state, d.get('target'))}"


def heal(state: PtuState, d: Mapping[str, Any]) -> str:
    amount = f" by {d['amount']} HP" if "amount" in d else ""
    return f"The GM heals {name(state, d.get('target'))}{amount}"


def status_set(state: PtuState, d: Mapping[str, Any]) -> str:
    verb = "is now" if d.get("value", True) else "is no longer"
    return f"{name(state, d.get('target'))} {verb} {words(d.get('status', '?'))}"


def effect_added(state: PtuState, d: Mapping[str, Any]) -> str:
    rounds = d.get("rounds", 1)
    return (f"{name(state, d.get('target'))} gains the effect {d.get('name', '?')} for "
            f"{plural(rounds, 'round')}")


def speed_set(state: PtuState, d: Mapping[str, Any]) -> str:
    return f"{name(state, d.get('target'))}'s Speed is set to {d.get('speed', '?')}"


def standard_traded(state: PtuState, d: Mapping[str, Any]) -> str:
    return f"{actor(state, d)} trades the Standard action for a {words(d.get('for', '?'))} action"


def combat_began(state: PtuState, d: Mapping[str, Any]) -> str:
    return "Round 1 begins"


def combat_ended(state: PtuState, d: Mapping[str, Any]) -> str:
    return "The encounter ends"


WRITERS: dict[str, Writer[PtuState]] = {
    "affliction_applied": affliction_applied,
    "affliction_refused": affliction_refused,
    "stages_changed": stages_changed,
    "pushed": pushed,
    "maneuver_resolved": maneuver_resolved,
    "disarmed": disarmed,
    "encounter_set_up": encounter_set_up,
    "initiative_rolled": initiative_rolled,
    "combat_began": combat_began,
    "combat_ended": combat_ended,
    "declared": declared,
    "priority_declared": priority_declared,
    "turn_given_up": turn_given_up,
    "action_taken": action_taken,
    "trigger_answered": trigger_answered,
    "trigger_opened": trigger_opened,
    "damage_dealt": damage_dealt,
    "hit_pending": hit_pending,
    "hp_lost": hp_lost,
    "affliction_cured": affliction_cured,
    "save_rolled": save_rolled,
    "hit_negated": hit_negated,
    "hit_redirected": hit_redirected,
    "hits_settled": hits_settled,
    "action_lost": action_lost,
    "ap_spent": ap_spent,
    "move_used": move_used,
    "attack_rolled": attack_rolled,
    "capture_rolled": capture_rolled,
    "push_followed": push_followed,
    "forced_out": forced_out,
    "aoo_used": simple("takes an attack of opportunity"),
    "dirty_trick_used": dirty_trick_used,
    "grapple_started": grapple_started,
    "grapple_contested": grapple_contested,
    "item_used": item_used,
    "item_handed": item_handed,
    "weapon_drawn": weapon_drawn,
    "item_picked_up": item_picked_up,
    "item_dropped": item_dropped,
    "sprinting": simple("sprints"),
    "moved": moved,
    "stood_up": simple("stands up"),
    "breather_taken": simple("takes a breather"),
    "coup_de_grace": coup_de_grace,
    "intercepted": intercepted,
    "skill_checked": skill_checked,
    "generic_action": generic_action,
    "extended_action": extended_action,
    "action_held": action_held,
    "turn_ended": simple("ends the turn"),
    "pokemon_recalled": pokemon_recalled,
    "pokemon_released": pokemon_released,
    "damaged": damaged,
    "heal": heal,
    "status_set": status_set,
    "effect_added": effect_added,
    "speed_set": speed_set,
    "standard_traded": standard_traded,
    "item_taken_out": item_taken_out,
    **roster.WRITERS,  # combatant_joined, combatant_removed (roster.py)
}


def describe_event(state: PtuState, event: Event) -> str:
    """One ptu event as a sentence for the log (``""`` for a type without a writer)."""
    return describe_with(WRITERS, state, event)
