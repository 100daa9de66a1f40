"""Pokémon Tabletop United 1.05 combat: the action economy of an encounter.

Reads top to bottom: action kinds and their parameters, timing (whose turn, Priority,
Interrupts, triggers), costs, ``check``, ``resolve``, ``apply`` (the only code that changes
state, including turn and round advancement), then the views. Rule ids live in ``rules.py``.
"""

from __future__ import annotations

import copy
import weakref
from collections.abc import Iterator, Mapping, Sequence
from functools import cache
from typing import Any

import msgspec

from turnkeeper.core.mechanics import Effect, Expiry
from turnkeeper.core.model import Action, BadActionError, Event, Outcome, Refusal
from turnkeeper.dice import odds
from turnkeeper.dice.source import DiceSource
from turnkeeper.rulesets.ptu.actions import (
    ACTIONS,
    COST_AOO,
    COST_FREE,
    COST_FULL,
    COST_NONE,
    COST_SHIFT,
    COST_STANDARD,
    COST_SWIFT,
    COST_TURN,
    KINDS,
    MOVE_COST,
    PtuKind,
    parse,
)
from turnkeeper.rulesets.ptu.moves import key_of, starter_moves, uses_per_scene
from turnkeeper.rulesets.ptu.rules import RULES
from turnkeeper.rulesets.ptu.settings import PtuSettings
from turnkeeper.rulesets.ptu.setup import PtuSetup, parse_config
from turnkeeper.rulesets.ptu.state import (
    ALLOWANCE,
    LEAGUE_TRAINER_OFFSET,
    VOLATILE,
    Combatant,
    Interjection,
    PtuState,
    combatant_from_dict,
    new_budget,
)

# Kinds a League Trainer may take without declaring them (they spend no action of the turn).
UNDECLARED_OK = {"end_turn", "hold", "free_action", "declare"}
SETUP_FREE = {"release", "draw_weapon"}
# What the terminal offers a League Trainer to declare in one go (any list may be declared).
DECLARABLE = ("switch", "recall", "release", "replace_fainted", "use_item", "throw_pokeball",
              "shift", "standard_action", "shift_action", "swift_action")
MANEUVER_AC = {"disarm": 6, "push": 4, "trip": 6, "grapple": 4, "dirty_trick": 2, "manipulate": 2}
AOO_TRIGGERS = ("shifted_away", "stood_up", "ranged_attack", "maneuver")
AOO_BLOCKING = ("asleep", "flinched", "paralyzed")  # p. 241
INTERCEPT_BLOCKING = ("asleep", "confused", "enraged", "frozen", "stuck", "paralyzed")  # p. 242
RECALL_RANGE = 8  # metres, outside League Battles (p. 229)
MANIPULATE_RANGE = 6


def _bad(action: Action, message: str) -> BadActionError:
    return BadActionError(f"{action.kind} by {action.actor}: {message}")


# ---------------------------------------------------------------------------- small helpers
def distance(a: Combatant, b: Combatant) -> int:
    """Metres between two combatants on the 1 m grid (diagonals count as 1)."""
    return max(abs(a.position[0] - b.position[0]), abs(a.position[1] - b.position[1]))


def _dist_to(pos: list[int], b: Combatant) -> int:
    return max(abs(pos[0] - b.position[0]), abs(pos[1] - b.position[1]))


def present(c: Combatant) -> bool:
    return c.on_field and not c.captured


def able(c: Combatant) -> bool:
    return present(c) and not c.fainted


def clock_key(state: PtuState, c: Combatant) -> int:
    """The combatant's place on the clock: its Speed, Trainers lifted above Pokémon in League."""
    if state.context == "league" and c.kind == "trainer":
        return c.speed + LEAGUE_TRAINER_OFFSET
    return c.speed


def whose_turn(state: PtuState) -> str | None:
    if state.phase == "declare":
        return state.declare_queue[0] if state.declare_queue else None
    if state.phase != "turns":
        return None
    if state.interjections:
        return state.interjections[-1].actor
    return state.clock.current()


def mid_turn(state: PtuState) -> bool:
    return state.phase == "turns" and (state.turn_active or bool(state.interjections))


def has_trainer(state: PtuState, owner: str | None) -> bool:
    return owner is not None and owner in state.players


def pokemon_turn_taken_by_other(state: PtuState, c: Combatant) -> bool:
    """Whether the player's one Pokémon turn this round went to another of their Pokémon."""
    return (
        state.pokemon_turns == "one_per_player"
        and c.kind == "pokemon"
        and has_trainer(state, c.owner)
        and state.pokemon_turn_used.get(str(c.owner), c.id) != c.id
    )


def _use_pokemon_turn(state: PtuState, c: Combatant) -> None:
    """Record that ``c`` takes its player's Pokémon turn this round."""
    if c.kind == "pokemon" and c.owner is not None:
        state.pokemon_turn_used.setdefault(c.owner, c.id)


def turn_gone(state: PtuState, c: Combatant) -> bool:
    """Whether ``c`` has no turn left this round (taken, given up, or barred)."""
    return (
        c.id in state.clock.acted
        or c.forfeit_this
        or c.uncommandable
        or pokemon_turn_taken_by_other(state, c)
    )


def eligible(state: PtuState, cid: str) -> bool:
    """Whether ``cid`` takes a turn when the clock reaches it."""
    c = state.combatants.get(cid)
    if c is None or not able(c):
        return False
    return not turn_gone(state, c)


def move_of(state: PtuState, name: str) -> dict[str, Any] | None:
    key = key_of(name)
    move = state.custom_moves.get(key)
    return move if move is not None else starter_moves().get(key)


@cache
def skill_odds(dice_count: int, bonus: int, dc: int) -> str:
    """Exact chance that ``dice_count``d6 + ``bonus`` meets ``dc`` (turnkeeper.dice)."""
    chance = odds(f"{dice_count}d6+{bonus} >= {dc}").p_success
    return f"{chance.numerator}/{chance.denominator}"


@cache
def hit_odds(ac: int, bonus: int) -> str:
    """Chance of meeting ``ac`` on a d20 (+bonus); a natural 1 misses, a 20 hits (p. 236)."""
    hits = sum(1 for f in range(1, 21) if f == 20 or (f != 1 and f + bonus >= ac))
    return f"{hits}/20"


# ---------------------------------------------------------------------------- the ruleset
class PtuRuleset:
    name = "ptu"
    rules = RULES
    actions = ACTIONS  # every action kind and its parameter model (actions.py)
    setup_model = PtuSetup  # the set-up format (setup.py)
    # Seats see other players' hit points and items as null in their views, and the events
    # carry exactly that data (the set-up event lists every combatant's hp and items; damage,
    # heal and item events name amounts and items). visible_command takes those out of what
    # other seats are sent; everything else, dice and accuracy rolls included, is public.
    hidden_information = True

    def __init__(self) -> None:
        # Per state object (weakly held): (version, {actor: [actions]}).
        self._legal_cache: weakref.WeakKeyDictionary[
            PtuState, tuple[int, dict[str | None, list[Action]]]
        ] = weakref.WeakKeyDictionary()

    # ------------------------------------------------------------------ set-up
    def initial_state(self) -> PtuState:
        return PtuState()

    def setup(self, config: Mapping[str, Any], dice: DiceSource) -> list[Event]:
        data = parse_config(config, starter_moves())
        events = [Event("encounter_set_up", data)]
        if data["ambush"]:
            # No free set-up step in an ambush (p. 227): round 1 starts at once, so the Speed
            # ties are rolled off now.
            events.extend(_initiative_roll_off(
                [(c["id"], c["speed"], c["kind"]) for c in data["combatants"]],
                data["context"], dice,
            ))
            events.append(Event("combat_began", {}))
        return events

    # ------------------------------------------------------------------ queries
    def whose_turn(self, state: PtuState) -> str | None:
        return whose_turn(state)

    def actors(self, state: PtuState) -> list[str]:
        return ["gm", *state.combatants]

    def controller(self, state: PtuState, actor: str) -> str | None:
        c = state.combatants.get(actor)
        return None if c is None else c.owner

    def outcome(self, state: PtuState) -> Outcome | None:
        if state.phase == "setup":
            return None
        standing: dict[str, bool] = {}
        for c in state.combatants.values():
            counts = c.kind == "pokemon" or state.context != "league"
            if counts and not c.fainted and not c.captured:
                standing[c.side] = True
            standing.setdefault(c.side, False)
        sides = [s for s, up in standing.items() if up]
        if len(sides) == 1 or state.phase == "over":
            winners = tuple(
                sorted({c.owner or "wild" for c in state.combatants.values() if c.side in sides})
            ) if len(sides) == 1 else ()
            reason = (
                "the GM ended the combat" if state.phase == "over"
                else f"only side {sides[0]!r} can still fight"
            )
            return Outcome(winners, reason)
        if not sides:
            return Outcome((), "no side can fight on")
        return None

    # ------------------------------------------------------------------ check
    def check(self, state: PtuState, action: Action) -> Refusal | None:
        kind, params = parse(action)
        if kind.who == "gm":
            if action.actor != "gm":
                return RULES.refuse("ptu.gm.only", f"{action.kind} is for the GM seat ('gm')")
            return self._check_gm(state, action.kind, params, action)
        actor = action.actor
        c = state.combatants.get(actor) if actor is not None else None
        if c is None:
            raise _bad(action, f"unknown actor {actor!r}; combatants: {sorted(state.combatants)}")
        return self._check_combatant(state, c, action.kind, kind, params, action)

    def _check_gm(
        self, state: PtuState, kind: str, p: dict[str, Any], action: Action
    ) -> Refusal | None:
        if kind == "begin_combat":
            if state.phase != "setup":
                return RULES.refuse("ptu.setup.free-start", "combat has already begun")
            return None
        if kind == "end_combat":
            if state.phase in ("setup", "over"):
                return RULES.refuse("ptu.gm.only", "there is no combat going on to end")
            return None
        if "target" in p and p["target"] not in state.combatants:
            raise _bad(action, f"unknown target {p['target']!r}")
        if kind == "add_effect" and state.phase not in ("turns", "declare"):
            return RULES.refuse("ptu.gm.only", "timed effects need a running round")
        if kind == "forced_switch":
            out = state.combatants.get(p["recall"])
            new = state.combatants.get(p["release"])
            if out is None or new is None:
                raise _bad(action, "recall and release must be combatant ids")
            if state.phase in ("setup", "over"):
                return RULES.refuse("ptu.gm.only", "a forced switch happens during combat")
            return self._check_swap(state, None, out, new, action)
        return None

    def _check_combatant(
        self,
        state: PtuState,
        c: Combatant,
        kind_name: str,
        kind: PtuKind,
        p: dict[str, Any],
        action: Action,
    ) -> Refusal | None:
        move = None
        if kind_name == "use_move":
            move = move_of(state, p["move"])
            if move is None:
                raise _bad(action, f"unknown move {p['move']!r}")
        for key in ("target", "recall", "release"):
            if key in p and p[key] not in state.combatants:
                raise _bad(action, f"unknown {key} {p[key]!r}")
        # Extended actions: never during combat (p. 228).
        if kind_name == "extended_action" or (move is not None and move["action"] == "extended"):
            if state.phase != "over":
                return RULES.refuse("ptu.action.extended-not-in-combat")
            return None
        if state.phase == "over":
            return RULES.refuse("ptu.initiative.order", "the encounter is over")
        if not able(c):
            why = "fainted" if c.fainted else "captured" if c.captured else "not on the field"
            return RULES.refuse("ptu.combatant.able", f"{c.id} is {why} and cannot act")
        if kind.who == "trainer" and c.kind != "trainer":
            return RULES.refuse("ptu.action.who", f"{kind_name} is for Trainers only")
        if kind.who == "pokemon" and c.kind != "pokemon":
            return RULES.refuse("ptu.action.who", f"{kind_name} is for Pokémon only")
        if kind_name == "manipulate" and c.kind != "trainer":
            return RULES.refuse("ptu.action.who", "Manipulate is for Trainers only")
        if state.phase == "setup":
            return self._check_setup(state, c, kind_name, p, action)
        if kind_name == "declare":
            if state.phase != "declare" or whose_turn(state) != c.id:
                return RULES.refuse(
                    "ptu.league.declare-order",
                    "declarations are made by League Trainers, slowest first, before the "
                    f"round's turns; now waiting on {whose_turn(state)}",
                )
            return None
        if state.phase == "declare":
            return RULES.refuse(
                "ptu.league.declare-order",
                f"the Trainers are declaring (waiting on {whose_turn(state)}); nothing "
                "resolves until every declaration is in",
            )
        timing = self._timing(state, c, kind_name, p, move)
        if timing == "turn":
            refusal = self._check_own_turn(state, c, kind_name, kind, p)
        elif timing.startswith("priority"):
            refusal = self._check_priority(state, c, timing, move)
        elif timing == "interrupt":
            refusal = self._check_interrupt(state, c, kind_name, p, move)
        elif timing == "aoo":
            refusal = self._check_aoo(state, c, p)
        else:  # triggered free action
            refusal = self._check_trigger(state, c, p, _response(kind_name, p, move))
        if refusal is not None:
            return refusal
        if timing == "turn" and move is not None and move["trigger"] is not None:
            refusal = self._check_trigger(state, c, p, _response(kind_name, p, move))
            if refusal is not None:
                return refusal
        if timing in ("turn", "priority", "priority_limited", "priority_advanced"):
            refusal = self._check_cost(state, c, kind_name, kind, p, move, timing)
            if refusal is not None:
                return refusal
        if p.get("ap"):
            refusal = self._check_ap(c, p["ap"])
            if refusal is not None:
                return refusal
        return self._check_specific(state, c, kind_name, kind, p, move, action)

    # ------------------------------------------------------------------ timing
    def _timing(
        self,
        state: PtuState,
        c: Combatant,
        kind_name: str,
        p: Mapping[str, Any],
        move: Mapping[str, Any] | None,
    ) -> str:
        own = whose_turn(state) == c.id
        if kind_name == "attack_of_opportunity":
            return "aoo"
        if kind_name == "intercept":
            return "interrupt"
        if kind_name == "free_action" and "trigger" in p:
            return "triggered"
        if kind_name == "order" and not own:
            return "priority_limited"
        if move is None:
            return "turn"
        keywords = move["keywords"]
        # An Interrupt belongs in someone else's turn (p. 228), even when it is one's own turn.
        if "Interrupt" in keywords or "Reaction" in keywords:
            return "interrupt"
        if own:
            return "turn"
        if "Priority" in keywords:
            return "priority"
        if "Priority (Limited)" in keywords:
            return "priority_limited"
        if "Priority (Advanced)" in keywords:
            return "priority_advanced"
        if "Trigger" in keywords:
            return "triggered" if move["action"] == "free" else "interrupt"
        return "turn"

    def _check_own_turn(
        self, state: PtuState, c: Combatant, kind_name: str, kind: PtuKind, p: Mapping[str, Any]
    ) -> Refusal | None:
        if kind_name == "free_action" and state.settings.free_actions == "any_time":
            return None
        if whose_turn(state) != c.id:
            if c.limited_used and not turn_gone(state, c):
                return RULES.refuse(
                    "ptu.priority.limited",
                    f"{c.id} took its Priority (Limited) action early; the rest of its turn "
                    "comes at its own initiative count",
                )
            if c.uncommandable:
                return RULES.refuse("ptu.switch.league-no-command")
            if pokemon_turn_taken_by_other(state, c):
                return RULES.refuse(
                    "ptu.turn.one-pokemon-turn",
                    f"{c.owner}'s Pokémon turn this round has been taken by another Pokémon",
                )
            if kind.cost == ("swift",):
                return RULES.refuse("ptu.swift.own-turn-only")
            if kind_name == "free_action":
                return RULES.refuse("ptu.free.own-turn")
            return RULES.refuse(
                "ptu.initiative.order",
                f"it is {whose_turn(state) or 'nobody'}'s turn, not {c.id}'s",
            )
        if (
            state.context == "league"
            and c.kind == "trainer"
            and not state.interjections
            and kind_name not in UNDECLARED_OK
            and kind_name not in state.declared.get(c.id, [])
        ):
            return RULES.refuse(
                "ptu.league.declared-only",
                f"{c.id} declared {state.declared.get(c.id, [])}, not {kind_name}",
            )
        if kind_name == "hold":
            if c.held:
                return RULES.refuse("ptu.hold.once-per-round")
            if state.interjections:
                return RULES.refuse(
                    "ptu.hold.lower-count", "a turn taken out of order cannot be held"
                )
            if state.turn_active and not state.settings.hold_after_acting:
                return RULES.refuse(
                    "ptu.hold.lower-count", "an action can only be held before acting"
                )
            count = p["count"]
            if count >= c.speed:
                return RULES.refuse(
                    "ptu.hold.lower-count",
                    f"the held count {count} must be lower than {c.id}'s count {c.speed}",
                )
        return None

    def _check_priority(
        self, state: PtuState, c: Combatant, timing: str, move: Mapping[str, Any] | None
    ) -> Refusal | None:
        if mid_turn(state):
            return RULES.refuse(
                "ptu.priority.between-turns",
                f"{whose_turn(state)} is in the middle of a turn; declare Priority between turns",
            )
        if c.uncommandable:
            return RULES.refuse("ptu.switch.league-no-command")
        if pokemon_turn_taken_by_other(state, c):
            return RULES.refuse("ptu.turn.one-pokemon-turn")
        acted = turn_gone(state, c)
        if acted and timing != "priority_advanced":
            return RULES.refuse("ptu.priority.not-acted", f"{c.id} has already acted this round")
        if acted and c.forfeit_next:
            return RULES.refuse(
                "ptu.priority.advanced", f"{c.id} has already given up next round's turn"
            )
        return None

    def _check_interrupt(
        self,
        state: PtuState,
        c: Combatant,
        kind_name: str,
        p: Mapping[str, Any],
        move: Mapping[str, Any] | None,
    ) -> Refusal | None:
        if not mid_turn(state) or whose_turn(state) == c.id:
            return RULES.refuse("ptu.interrupt.during-turn")
        if kind_name == "intercept" or (move is not None and move["trigger"] is not None):
            refusal = self._check_trigger(state, c, p, _response(kind_name, p, move))
            if refusal is not None:
                return refusal
        next_only = state.settings.interrupt_turn == "next"
        if (turn_gone(state, c) or next_only) and c.forfeit_next:
            return RULES.refuse(
                "ptu.interrupt.turn-cost", f"{c.id} has no turn left to pay for an Interrupt"
            )
        return None

    def _occurrence(self, state: PtuState, occ_id: Any) -> dict[str, Any] | None:
        for occ in state.occurrences:
            if occ["id"] == occ_id:
                return occ
        return None

    def _check_trigger(
        self, state: PtuState, c: Combatant, p: Mapping[str, Any], response: str
    ) -> Refusal | None:
        occ = self._occurrence(state, p.get("trigger"))
        wanted = None
        if "move" in p:
            move = move_of(state, p["move"])
            wanted = None if move is None else move["trigger"]
        elif response == "intercept":
            wanted = "attacked"
        if occ is None or (wanted is not None and occ["kind"] != wanted):
            return RULES.refuse(
                "ptu.trigger.needs-trigger",
                f"no open trigger {p.get('trigger')!r}"
                + (f" of kind {wanted!r}" if wanted else "")
                + f"; open now: {[o['id'] + ':' + o['kind'] for o in state.occurrences]}",
            )
        if c.id not in occ["responders"]:
            return RULES.refuse(
                "ptu.trigger.needs-trigger",
                f"{occ['id']} ({occ['kind']}) is not {c.id}'s to answer",
            )
        if state.ledger.has_answered(occ["id"], c.id, response):
            return RULES.refuse(
                "ptu.trigger.once-per-trigger",
                f"{c.id} already answered {occ['id']} with {response}",
            )
        return None

    def _check_aoo(self, state: PtuState, c: Combatant, p: Mapping[str, Any]) -> Refusal | None:
        occ = self._occurrence(state, p["trigger"])
        if occ is None or occ["kind"] not in AOO_TRIGGERS or c.id not in occ["provokes"]:
            return RULES.refuse(
                "ptu.trigger.needs-trigger",
                f"{p['trigger']!r} is not an open Attack of Opportunity trigger for {c.id}",
            )
        if p["target"] != occ["by"]:
            return RULES.refuse(
                "ptu.trigger.needs-trigger", f"the attack must target {occ['by']}, who provoked it"
            )
        if state.ledger.has_answered(occ["id"], c.id, "attack_of_opportunity"):
            return RULES.refuse("ptu.trigger.once-per-trigger")
        if c.aoo_used:
            return RULES.refuse("ptu.aoo.once-per-round")
        blocked = [s for s in AOO_BLOCKING if s in c.statuses]
        if blocked:
            return RULES.refuse("ptu.aoo.status", f"{c.id} is {', '.join(blocked)}")
        return None

    def _check_setup(
        self, state: PtuState, c: Combatant, kind_name: str, p: Mapping[str, Any], action: Action
    ) -> Refusal | None:
        if kind_name not in SETUP_FREE:
            return RULES.refuse(
                "ptu.setup.free-start",
                "before round 1 only the free weapon draw and first send-out happen; the GM "
                "then begins combat",
            )
        if kind_name == "draw_weapon":
            if c.setup_draw_done:
                return RULES.refuse("ptu.setup.free-start", "the free weapon draw is used up")
            return None
        if c.setup_release_done or len(p["pokemon"]) != 1:
            return RULES.refuse(
                "ptu.setup.free-start", "only the first Pokémon is sent out for free"
            )
        return self._check_release_target(state, c, state.combatants.get(p["pokemon"][0]), action)

    # ------------------------------------------------------------------ costs
    def _slots(
        self, state: PtuState, c: Combatant, kind_name: str, kind: PtuKind, p: Mapping[str, Any],
        move: Mapping[str, Any] | None,
    ) -> tuple[str, ...]:
        if move is not None:
            return {
                "standard": ("standard",),
                "shift": ("shift",),
                "swift": ("swift",),
                "full": ("standard", "shift"),
            }.get(move["action"], ())
        if kind_name in ("recall", "release"):
            return ("standard",) if len(p["pokemon"]) > 1 else ("shift",)
        if kind_name == "switch" and c.kind == "trainer":
            out = state.combatants.get(p["recall"])
            if out is not None and out.fainted:
                return ("shift",)  # switching out a fainted Pokémon is a Shift (p. 229)
        return kind.cost

    def _check_cost(
        self,
        state: PtuState,
        c: Combatant,
        kind_name: str,
        kind: PtuKind,
        p: Mapping[str, Any],
        move: Mapping[str, Any] | None,
        timing: str,
    ) -> Refusal | None:
        if timing == "priority_advanced" and turn_gone(state, c):
            return None  # a fresh turn is borrowed from next round
        slots = self._slots(state, c, kind_name, kind, p, move)
        if move is not None and move["action"] == "swift" and whose_turn(state) != c.id:
            return RULES.refuse("ptu.swift.own-turn-only")
        if not slots or c.budget.can_pay(slots):
            return None
        if len(slots) == 2:
            return RULES.refuse(
                "ptu.action.full", "a Full action needs both the Standard and the Shift action"
            )
        slot = slots[0]
        left = ", ".join(f"{k} {v}" for k, v in c.budget.remaining.items())
        return RULES.refuse(f"ptu.action.{slot}", f"no {slot} action left this turn ({left})")

    def _check_ap(self, c: Combatant, amount: int) -> Refusal | None:
        if c.kind != "trainer":
            return RULES.refuse("ptu.ap.spend", "only Trainers have Action Points")
        if amount > 1:
            return RULES.refuse("ptu.ap.spend", "at most 1 Action Point per roll")
        if c.ap < 1:
            return RULES.refuse("ptu.ap.spend", f"{c.id} has no Action Points left")
        return None

    # ------------------------------------------------------------------ kind by kind
    def _check_specific(
        self,
        state: PtuState,
        c: Combatant,
        kind_name: str,
        kind: PtuKind,
        p: Mapping[str, Any],
        move: Mapping[str, Any] | None,
        action: Action,
    ) -> Refusal | None:
        cs = state.combatants
        target = cs.get(p["target"]) if "target" in p else None
        if move is not None:
            return self._check_move(state, c, move, target)
        if kind_name in MANEUVER_AC or kind_name in ("struggle", "attack_of_opportunity"):
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
            if kind_name == "dirty_trick" and [p["trick"], target.id] in c.dirty_tricks:
                return RULES.refuse(
                    "ptu.maneuver.dirty-trick",
                    f"{c.id} already used {p['trick']} on {target.id} this Scene",
                )
            return None
        if kind_name == "throw_pokeball":
            if target is None or not present(target) or target.kind != "pokemon" or (
                target.owner is not None
            ):
                return RULES.refuse("ptu.capture.wild-only", f"{p['target']} is not a wild Pokémon")
            return None
        if kind_name in ("use_item", "use_pokedex"):
            if target is None or not present(target):
                return RULES.refuse("ptu.attack.target", f"{p['target']} is not on the field")
            if kind_name == "use_pokedex" and target.kind != "pokemon":
                return RULES.refuse(
                    "ptu.pokedex.pokemon", f"{target.id} is a Trainer, not a Pokémon"
                )
            if kind_name == "use_item" and c.items.get(p["item"], 0) < 1:
                return RULES.refuse("ptu.item.have", f"{c.id} has no {p['item']!r}")
            return None
        if kind_name == "drop_item" and c.held_item is None:
            return RULES.refuse("ptu.item.have", f"{c.id} holds no item")
        if kind_name in ("shift", "disengage"):
            return self._check_shift(state, c, kind_name, p, action)
        if kind_name == "stand_up" and "tripped" not in c.statuses:
            return RULES.refuse("ptu.shift.stand-up", f"{c.id} is not Tripped")
        if kind_name == "coup_de_grace":
            if target is None or target is c or not present(target):
                return RULES.refuse("ptu.attack.target")
            if not (target.fainted or "bound" in target.statuses):
                return RULES.refuse("ptu.coup.target", f"{target.id} is neither fainted nor bound")
            return None
        if kind_name == "grapple_contest" and c.grappling is None:
            return RULES.refuse("ptu.grapple.contest", f"{c.id} is not in a grapple")
        if kind_name == "intercept":
            return self._check_intercept(state, c, p, action)
        if kind_name == "switch":
            out, new = cs[p["recall"]], cs[p["release"]]
            if c.kind == "pokemon" and out is not c:
                return RULES.refuse("ptu.switch.own", "a Pokémon can only switch itself out")
            return self._check_swap(state, c, out, new, action)
        if kind_name == "replace_fainted":
            out, new = cs[p["recall"]], cs[p["release"]]
            if not out.fainted:
                return RULES.refuse("ptu.switch.fainted", f"{out.id} has not fainted")
            return self._check_swap(state, c, out, new, action)
        if kind_name == "recall":
            return self._check_recalls(state, c, p["pokemon"], action)
        if kind_name == "release":
            if len(p["pokemon"]) > 2:
                return RULES.refuse("ptu.switch.two-at-once")
            for pid in p["pokemon"]:
                refusal = self._check_release_target(state, c, cs.get(pid), action)
                if refusal is not None:
                    return refusal
            return None
        return None

    def _check_move(
        self, state: PtuState, c: Combatant, move: Mapping[str, Any], target: Combatant | None
    ) -> Refusal | None:
        if move["name"] not in c.moves:
            return RULES.refuse("ptu.move.known", f"{c.id} does not know {move['name']}")
        limit = uses_per_scene(move["frequency"])
        if limit is not None and c.scene_uses.get(move["name"], 0) >= limit:
            return RULES.refuse(
                "ptu.move.frequency", f"{move['name']} ({move['frequency']}) is used up"
            )
        if move["frequency"] == "EOT":
            last = c.last_used_round.get(move["name"])
            if last is not None and last >= state.clock.round - 1:
                return RULES.refuse(
                    "ptu.move.frequency",
                    f"{move['name']} is EOT and was used in round {last}",
                )
        if move["range"] == "self":
            return None
        if target is None or target is c or not able(target):
            return RULES.refuse(
                "ptu.attack.target", f"{move['name']} needs another combatant as its target"
            )
        reach = 1 if move["range"] == "melee" else int(move["range"])
        if distance(c, target) > reach:
            return RULES.refuse(
                "ptu.attack.range", f"{target.id} is {distance(c, target)} m away; "
                f"{move['name']} reaches {reach} m",
            )
        return None

    def _check_shift(
        self, state: PtuState, c: Combatant, kind_name: str, p: Mapping[str, Any], action: Action
    ) -> Refusal | None:
        to = p.get("to")
        give = p.get("give")
        if to is None and give is None:
            raise _bad(action, "a shift needs 'to' (where to move) and/or 'give' (an item)")
        if to is not None:
            if "tripped" in c.statuses:
                return RULES.refuse("ptu.shift.stand-up", f"{c.id} must stand up before moving")
            if c.moved:
                return RULES.refuse("ptu.shift.one-movement")
            limit = 1 if kind_name == "disengage" else (
                c.movement * 3 // 2 if c.sprinting else c.movement
            )
            far = _dist_to(to, c)
            if far > limit:
                return RULES.refuse(
                    "ptu.shift.movement", f"{far} m is more than {c.id}'s {limit} m"
                )
            for other in state.combatants.values():
                if other is not c and present(other) and other.position == list(to):
                    return RULES.refuse("ptu.shift.movement", f"{other.id} stands at {to}")
        if give is not None:
            if c.kind != "trainer":
                return RULES.refuse("ptu.action.who", "only Trainers hand items over")
            ally = state.combatants.get(give["to"])
            if ally is None:
                raise _bad(action, f"unknown recipient {give['to']!r}")
            if ally is c or ally.kind != "trainer" or ally.side != c.side or not able(ally):
                return RULES.refuse("ptu.shift.hand-item", f"{ally.id} is not an allied Trainer")
            if c.items.get(give["item"], 0) < 1:
                return RULES.refuse("ptu.item.have", f"{c.id} has no {give['item']!r}")
            end = list(to) if to is not None else c.position
            if distance(c, ally) > 1 and _dist_to(end, ally) > 1:
                return RULES.refuse(
                    "ptu.shift.hand-item",
                    f"{ally.id} is adjacent neither at the start nor at the end of the shift",
                )
        return None

    def _check_release_target(
        self, state: PtuState, trainer: Combatant, new: Combatant | None, action: Action
    ) -> Refusal | None:
        if new is None:
            raise _bad(action, "unknown Pokémon to release")
        if new.kind != "pokemon" or new.owner != trainer.owner:
            return RULES.refuse("ptu.switch.own", f"{new.id} is not {trainer.id}'s Pokémon")
        if new.on_field or new.captured or new.fainted:
            return RULES.refuse(
                "ptu.switch.has-pokemon", f"{new.id} is not a healthy Pokémon in its Poké Ball"
            )
        if new.recalled_round == state.clock.round and state.phase != "setup":
            return RULES.refuse(
                "ptu.switch.not-same-round", f"{new.id} was recalled this round"
            )
        return None

    def _check_recalls(
        self, state: PtuState, trainer: Combatant, ids: list[str], action: Action
    ) -> Refusal | None:
        if len(ids) > 2:
            return RULES.refuse("ptu.switch.two-at-once")
        for pid in ids:
            out = state.combatants.get(pid)
            if out is None:
                raise _bad(action, f"unknown Pokémon {pid!r}")
            if out.kind != "pokemon" or out.owner != trainer.owner:
                return RULES.refuse("ptu.switch.own", f"{pid} is not {trainer.id}'s Pokémon")
            if not present(out):
                return RULES.refuse("ptu.switch.has-pokemon", f"{pid} is not on the field")
            if state.context != "league" and distance(trainer, out) > RECALL_RANGE:
                return RULES.refuse(
                    "ptu.switch.recall-range",
                    f"{pid} is {distance(trainer, out)} m from {trainer.id}; the beam reaches 8 m",
                )
        return None

    def _check_swap(
        self,
        state: PtuState,
        c: Combatant | None,
        out: Combatant,
        new: Combatant,
        action: Action,
    ) -> Refusal | None:
        trainer = c
        if c is None or c.kind == "pokemon":
            trainer = next(
                (t for t in state.combatants.values()
                 if t.kind == "trainer" and t.owner == out.owner and out.owner is not None),
                None,
            )
            if trainer is None:
                return RULES.refuse("ptu.switch.own", f"{out.id} has no Trainer to switch it")
        assert trainer is not None
        if c is None:
            if not present(out) or out.kind != "pokemon":
                return RULES.refuse("ptu.switch.has-pokemon", f"{out.id} is not on the field")
        elif c.kind == "pokemon":
            # A Pokémon recalling itself: the range still matters outside League Battles.
            if state.context != "league" and distance(trainer, out) > RECALL_RANGE:
                return RULES.refuse("ptu.switch.recall-range")
        else:
            refusal = self._check_recalls(state, trainer, [out.id], action)
            if refusal is not None:
                return refusal
        if new.owner != out.owner:
            return RULES.refuse("ptu.switch.own", f"{new.id} belongs to another Trainer")
        return self._check_release_target(state, trainer, new, action)

    def _check_intercept(
        self, state: PtuState, c: Combatant, p: Mapping[str, Any], action: Action
    ) -> Refusal | None:
        occ = self._occurrence(state, p["trigger"])
        assert occ is not None  # the trigger check ran first
        if occ["target"] == c.id:
            return RULES.refuse("ptu.trigger.needs-trigger", "an Intercept protects someone else")
        if not occ.get("can_miss", True):
            return RULES.refuse("ptu.intercept.cannot-miss")
        blocked = [s for s in INTERCEPT_BLOCKING if s in c.statuses]
        if blocked:
            return RULES.refuse("ptu.intercept.status", f"{c.id} is {', '.join(blocked)}")
        if c.kind == "pokemon":
            protected = state.combatants[occ["target"]]
            own_trainer = protected.kind == "trainer" and protected.owner == c.owner
            need = 3 if own_trainer else 6
            if c.loyalty < need:
                return RULES.refuse(
                    "ptu.intercept.loyalty",
                    f"{c.id} has Loyalty {c.loyalty}; protecting {protected.id} needs {need}",
                )
        return None

    # ------------------------------------------------------------------ resolve
    def resolve(self, state: PtuState, action: Action, dice: DiceSource) -> list[Event]:
        kind, p = parse(action)
        k = action.kind
        if kind.who == "gm":
            return self._resolve_gm(state, k, p, dice)
        c = state.combatants[str(action.actor)]
        move = move_of(state, p["move"]) if k == "use_move" else None
        events: list[Event] = []
        if k == "extended_action":
            minutes = p.get("minutes", state.settings.extended_minutes)
            return [Event("extended_action", {"actor": c.id, "what": p["what"],
                                              "minutes": minutes})]
        if state.phase == "setup":
            if k == "draw_weapon":
                return [Event("weapon_drawn", {"actor": c.id, "weapon": p["weapon"], "free": True})]
            return self._release_events(state, c, p["pokemon"], dice, free=True, swap=False,
                                        at=p.get("at"))
        if k == "declare":
            return [Event("declared", {"actor": c.id, "actions": p["actions"]})]
        timing = self._timing(state, c, k, p, move)
        slots: tuple[str, ...] = ()
        if timing in ("turn", "priority", "priority_limited", "priority_advanced"):
            slots = self._slots(state, c, k, kind, p, move)
        if timing.startswith("priority"):
            variant = timing
            acted = turn_gone(state, c)
            events.append(Event("priority_declared", {
                "actor": c.id, "variant": variant, "borrowed": acted,
            }))
        elif timing == "interrupt":
            next_only = state.settings.interrupt_turn == "next"
            events.append(Event("turn_given_up", {
                "actor": c.id, "round": "next" if next_only or turn_gone(state, c) else "this",
                "why": k if move is None else move["name"],
            }))
        if slots or k not in ("end_turn", "hold"):
            moving = k in ("shift", "disengage") and p.get("to") is not None
            events.append(Event("action_taken", {
                "actor": c.id, "kind": k, "slots": list(slots), "moving": moving,
                "own_turn": timing == "turn",
            }))
        if "trigger" in p:
            events.append(Event("trigger_answered", {
                "trigger": p["trigger"], "actor": c.id, "response": _response(k, p, move),
            }))
        if p.get("ap"):
            events.append(Event("ap_spent", {"actor": c.id, "amount": 1}))
        events.extend(self._effects_of(state, c, k, p, move, dice))
        if k == "end_turn":
            events.append(Event("turn_ended", {"actor": c.id}))
        if k == "hold":
            events.append(Event("action_held", {"actor": c.id, "count": p["count"]}))
        return events

    def _roll(self, c: Combatant, target: Combatant | None, ac: int | None, bonus: int,
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

    def _open(self, state: PtuState, kind: str, by: Combatant, responders: list[str],
              **data: Any) -> Event:
        return Event("trigger_opened", {"kind": kind, "by": by.id, "responders": responders,
                                        **data})

    def _provokers(self, state: PtuState, c: Combatant, at: list[int] | None = None,
                   exclude: str | None = None) -> list[str]:
        pos = c.position if at is None else at
        return [
            o.id for o in state.combatants.values()
            if o.side != c.side and able(o) and o.id != exclude and _dist_to(pos, o) <= 1
        ]

    def _effects_of(
        self, state: PtuState, c: Combatant, k: str, p: Mapping[str, Any],
        move: Mapping[str, Any] | None, dice: DiceSource,
    ) -> list[Event]:
        cs = state.combatants
        target = cs.get(p["target"]) if "target" in p else None
        bonus = 1 if p.get("ap") else 0
        out: list[Event] = []
        if move is not None:
            out.append(Event("move_used", {"actor": c.id, "move": move["name"],
                                           "target": None if target is None else target.id}))
            others = [o.id for o in cs.values() if o is not c and able(o)]
            out.append(self._open(state, "move_used", c, others, move=move["name"]))
            if target is not None and move["range"] != "self":
                attack = self._attack(state, c, target, move["ac"], bonus, move["name"],
                                      move["range"] != "melee", dice,
                                      damage_base=move.get("damage_base"))
                out.extend(attack)
                if move["forces_switch"] and attack[0].data["hit"]:
                    out.append(Event("forced_out", {"target": target.id}))
            return out
        if k in ("struggle", "attack_of_opportunity"):
            # Struggle: AC 4 and Damage Base 4; AC 3 and DB 5 with Expert Combat or better
            # (p. 240). An Attack of Opportunity is a Struggle attack (p. 241).
            expert = c.combat_rank >= 5
            ac, db = (3, 5) if expert else (4, 4)
            assert target is not None
            what = "Struggle" if k == "struggle" else "Attack of Opportunity"
            if k == "attack_of_opportunity":
                out.append(Event("aoo_used", {"actor": c.id}))
                out.append(self._roll(c, target, ac, bonus, what, dice, damage_base=db))
                return out
            return self._attack(state, c, target, ac, bonus, what, False, dice, damage_base=db)
        if k in MANEUVER_AC:
            assert target is not None
            out.extend(self._attack(state, c, target, MANEUVER_AC[k], bonus, k,
                                    k == "manipulate", dice))
            if k != "manipulate":
                provokes = self._provokers(state, c, exclude=target.id)
                if provokes:
                    out.append(self._open(state, "maneuver", c, provokes, provokes=provokes,
                                          maneuver=k))
            if k == "dirty_trick":
                out.append(Event("dirty_trick_used", {"actor": c.id, "trick": p["trick"],
                                                      "target": target.id}))
            if k == "grapple" and out[0].data.get("hit"):
                out.append(Event("grapple_started", {"actor": c.id, "target": target.id}))
            return out
        if k == "throw_pokeball":
            assert target is not None
            roll = self._roll(c, target, 6, bonus, "Poké Ball", dice)
            out.append(roll)
            if roll.data["hit"]:
                # Capture roll: 1d100 minus the Trainer's level against the capture rate
                # (p. 214); a natural 100 always captures.
                face = dice.die(100)
                caught = face == 100 or face - c.level <= target.capture_rate
                out.append(Event("capture_rolled", {"actor": c.id, "target": target.id,
                                                    "roll": face, "level": c.level,
                                                    "capture_rate": target.capture_rate,
                                                    "captured": caught}))
            return out
        if k == "use_item":
            return [Event("item_used", {"actor": c.id, "item": p["item"], "target": p["target"]})]
        if k == "draw_weapon":
            return [Event("weapon_drawn", {"actor": c.id, "weapon": p["weapon"], "free": False})]
        if k == "pick_up_item":
            return [Event("item_picked_up", {"actor": c.id, "item": p["item"]})]
        if k == "drop_item":
            return [Event("item_dropped", {"actor": c.id})]
        if k == "sprint":
            return [Event("sprinting", {"actor": c.id})]
        if k in ("shift", "disengage"):
            if p.get("to") is not None:
                out.append(Event("moved", {"actor": c.id, "from": list(c.position),
                                           "to": list(p["to"])}))
                if k == "shift":
                    left = [
                        o for o in self._provokers(state, c) if _dist_to(p["to"], cs[o]) > 1
                    ]
                    if left:
                        out.append(self._open(state, "shifted_away", c, left, provokes=left))
            if p.get("give") is not None:
                out.append(Event("item_handed", {"actor": c.id, **p["give"]}))
            return out
        if k == "stand_up":
            out.append(Event("stood_up", {"actor": c.id}))
            provokes = self._provokers(state, c)
            if provokes:
                out.append(self._open(state, "stood_up", c, provokes, provokes=provokes))
            return out
        if k == "take_a_breather":
            return [Event("breather_taken", {"actor": c.id})]
        if k == "coup_de_grace":
            assert target is not None
            return [Event("coup_de_grace", {"actor": c.id, "target": target.id,
                                            "critical": True, "extra_damage": 5})]
        if k == "grapple_contest":
            return [Event("grapple_contested", {"actor": c.id, "with": c.grappling})]
        if k == "intercept":
            return [Event("intercepted", {"actor": c.id, "mode": p["mode"],
                                          "trigger": p["trigger"]})]
        if k == "switch":
            fainted = cs[p["recall"]].fainted
            out.extend(self._recall_events(state, [p["recall"]]))
            owner_trainer = c if c.kind == "trainer" else self._trainer_of(state, c)
            out.extend(self._release_events(state, owner_trainer, [p["release"]], dice,
                                            free=fainted, swap=True, replacing_fainted=fainted,
                                            at=list(cs[p["recall"]].position)))
            if c.kind == "pokemon":
                out.append(Event("turn_ended", {"actor": c.id}))
            return out
        if k == "replace_fainted":
            out.extend(self._recall_events(state, [p["recall"]]))
            out.extend(self._release_events(state, c, [p["release"]], dice, free=True, swap=True,
                                            replacing_fainted=True,
                                            at=list(cs[p["recall"]].position)))
            return out
        if k == "recall":
            return self._recall_events(state, p["pokemon"])
        if k == "release":
            swap = any(o.recalled_round == state.clock.round and o.owner == c.owner
                       and not o.fainted for o in cs.values())
            return self._release_events(state, c, p["pokemon"], dice, free=False, swap=swap,
                                        at=p.get("at"))
        if k == "skill_check":
            # Rank in d6 (Pathetic 1 ... Master 6, untrained 2), +1 for an Action Point.
            dice_count = c.skills.get(p["skill"], 2)
            faces = [dice.die(6) for _ in range(dice_count)]
            total = sum(faces) + bonus
            return [Event("skill_checked", {"actor": c.id, "skill": p["skill"], "faces": faces,
                                            "bonus": bonus, "total": total, "dc": p["dc"],
                                            "success": total >= p["dc"]})]
        if k in ("standard_action", "shift_action", "swift_action", "free_action", "full_action",
                 "order"):
            return [Event("generic_action", {"actor": c.id, "kind": k, "what": p["what"]})]
        return out

    def _attack(self, state: PtuState, c: Combatant, target: Combatant, ac: int | None,
                bonus: int, what: str, ranged: bool, dice: DiceSource,
                damage_base: int | None = None) -> list[Event]:
        out = [self._roll(c, target, ac, bonus, what, dice, damage_base)]
        allies = [o.id for o in state.combatants.values()
                  if o.side == target.side and able(o) and o is not c]
        out.append(self._open(state, "attacked", c, allies, target=target.id,
                              can_miss=ac is not None))
        if ranged:
            provokes = self._provokers(state, c, exclude=target.id)
            if provokes and distance(c, target) > 1:
                out.append(self._open(state, "ranged_attack", c, provokes, provokes=provokes))
        return out

    def _trainer_of(self, state: PtuState, c: Combatant) -> Combatant:
        for t in state.combatants.values():
            if t.kind == "trainer" and t.owner == c.owner:
                return t
        return c

    def _recall_events(self, state: PtuState, ids: list[str]) -> list[Event]:
        # A Pokémon recalling itself: the caller also ends its turn.
        return [Event("pokemon_recalled", {"pokemon": pid}) for pid in ids]

    def _release_events(
        self, state: PtuState, trainer: Combatant, ids: list[str], dice: DiceSource, *,
        free: bool, swap: bool, replacing_fainted: bool = False, forced: bool = False,
        at: list[int] | None = None,
    ) -> list[Event]:
        out = []
        for pid in ids:
            new = state.combatants[pid]
            key = clock_key(state, new)
            tied = [o for o in state.clock.counts if state.clock.counts[o] == key and o != pid]
            rolls: dict[str, list[int]] = {}
            if tied and state.phase != "setup" and any(
                not state.clock.tiebreak.get(o) for o in [pid, *tied]
            ):
                rolls = _roll_off([pid, *tied], dice)
            barred = (
                state.context == "league" and swap and not forced and not replacing_fainted
                and state.phase != "setup"
            )
            acts_now = False
            current = whose_turn(state)
            cur = state.combatants.get(current) if current else None
            if state.phase == "turns" and not barred and cur is not None:
                breaks: dict[str, list[float]] = dict(state.clock.tiebreak)
                breaks.update({k: [float(v) for v in vs] for k, vs in rolls.items()})
                cur_key = clock_key(state, cur)
                passed = key > cur_key or (
                    key == cur_key and breaks.get(pid, []) > breaks.get(cur.id, [])
                )
                one_turn_free = not (
                    state.pokemon_turns == "one_per_player" and has_trainer(state, new.owner)
                    and new.owner in state.pokemon_turn_used
                )
                acts_now = passed and one_turn_free
            out.append(Event("pokemon_released", {
                "pokemon": pid, "by": trainer.id, "position": at or list(trainer.position),
                "free": free, "barred": barred, "acts_now": acts_now, "tiebreak": rolls,
            }))
        return out

    def _resolve_gm(
        self, state: PtuState, k: str, p: Mapping[str, Any], dice: DiceSource
    ) -> list[Event]:
        if k == "begin_combat":
            # Ties in Speed are rolled off as round 1 begins (p. 227), so the dice of this
            # step decide them (Pokémon still in their balls included).
            return [*_initiative_roll_off(
                [(c.id, c.speed, c.kind) for c in state.combatants.values()],
                state.context, dice,
            ), Event("combat_began", {})]
        if k == "end_combat":
            return [Event("combat_ended", {})]
        if k in ("damage", "heal"):
            return [Event(k if k == "heal" else "damaged",
                          {"target": p["target"], "amount": p["amount"]})]
        if k == "set_status":
            return [Event("status_set", {"target": p["target"], "status": p["status"],
                                         "value": p.get("value", True)})]
        if k == "add_effect":
            return [Event("effect_added", {"target": p["target"], "name": p["name"],
                                           "rounds": p.get("rounds", 1),
                                           "status": p.get("status")})]
        if k == "set_speed":
            return [Event("speed_set", {"target": p["target"], "speed": p["speed"]})]
        # forced_switch: the released Pokémon may act (p. 229)
        out = self._recall_events(state, [p["recall"]])
        trainer = self._trainer_of(state, state.combatants[p["recall"]])
        out.extend(self._release_events(
            state, trainer, [p["release"]], dice, free=True, swap=True, forced=True,
            at=list(state.combatants[p["recall"]].position),
        ))
        if whose_turn(state) == p["recall"]:
            out.append(Event("turn_ended", {"actor": p["recall"]}))
        return out

    # ------------------------------------------------------------------ apply
    def apply(self, state: PtuState, event: Event) -> None:
        handler = getattr(self, "_on_" + event.type, None)
        if handler is None:
            raise ValueError(f"unknown ptu event type {event.type!r}")
        state.version += 1  # legal_actions' cache is keyed on it
        handler(state, event.data)

    def _on_encounter_set_up(self, state: PtuState, d: Mapping[str, Any]) -> None:
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

    def _on_initiative_rolled(self, state: PtuState, d: Mapping[str, Any]) -> None:
        for cid, rolls in d["rolls"].items():
            state.clock.tiebreak[cid] = [float(r) for r in rolls]

    def _on_combat_began(self, state: PtuState, d: Mapping[str, Any]) -> None:
        self._new_round(state)

    def _on_combat_ended(self, state: PtuState, d: Mapping[str, Any]) -> None:
        state.phase = "over"
        state.interjections = []
        state.occurrences = []
        for c in state.combatants.values():
            c.ap = c.ap_max  # Action Points refresh at the end of a Scene (p. 221)

    def _start_round(self, state: PtuState) -> None:
        clock = state.clock
        clock.round += 1
        clock.sequence = clock.order()
        clock.index = -1
        clock.acted = []
        state.pokemon_turn_used = {}
        state.interjections = []
        state.occurrences = []
        state.turn_active = False
        state.declared = {}
        for c in state.combatants.values():
            c.budget = new_budget(state.settings.swift_trade)
            c.moved = c.sprinting = c.held = c.aoo_used = c.limited_used = False
            c.uncommandable = False
            c.forfeit_this, c.forfeit_next = c.forfeit_next, False
            if c.forfeit_this:
                c.budget.reset({k: 0 for k in ALLOWANCE})
        queue: list[str] = []
        if state.context == "league":
            trainers = [
                cid for cid in clock.sequence
                if state.combatants[cid].kind == "trainer" and able(state.combatants[cid])
            ]
            queue = list(reversed(trainers))  # declared from the slowest (p. 227)
        state.declare_queue = queue
        state.phase = "declare" if queue else "turns"

    def _scan(self, state: PtuState) -> bool:
        """Give the turn to the next combatant in this round's order who may take one."""
        clock = state.clock
        i = clock.index + 1
        while i < len(clock.sequence):
            if eligible(state, clock.sequence[i]):
                clock.index = i
                self._begin_turn(state, clock.sequence[i])
                return True
            i += 1
        clock.index = len(clock.sequence)
        return False

    def _new_round(self, state: PtuState) -> None:
        # A round where nobody may act (every turn given up) passes; forfeits last one round.
        for _ in range(3):
            self._start_round(state)
            if state.phase == "declare" or self._scan(state):
                return

    def _advance(self, state: PtuState) -> None:
        """After a turn: the next combatant this round, or a new round."""
        if not self._scan(state):
            self._new_round(state)

    def _begin_turn(self, state: PtuState, cid: str) -> None:
        state.turn_active = False
        state.occurrences = []
        c = state.combatants[cid]
        count = clock_key(state, c)
        for e in list(state.effects):
            exp = e.expiry
            due = exp.kind == "before_count" and (
                state.clock.round > exp.round or (state.clock.round == exp.round
                                                  and count <= exp.count)
            )
            due = due or (exp.kind == "turn_start" and exp.combatant == cid
                          and state.clock.round >= exp.round)
            if due:
                self._end_effect(state, e)

    def _end_effect(self, state: PtuState, e: Effect) -> None:
        state.effects.remove(e)
        status = e.data.get("status")
        holder = state.combatants.get(e.holder)
        if status and holder is not None and status in holder.statuses:
            still = any(o.holder == e.holder and o.data.get("status") == status
                        for o in state.effects)
            if not still:
                holder.statuses.remove(status)

    def _on_declared(self, state: PtuState, d: Mapping[str, Any]) -> None:
        state.declared[d["actor"]] = list(d["actions"])
        state.declare_queue.pop(0)
        if not state.declare_queue:
            state.phase = "turns"
            self._advance(state)

    def _on_priority_declared(self, state: PtuState, d: Mapping[str, Any]) -> None:
        c = state.combatants[d["actor"]]
        if d["variant"] == "priority_limited":
            c.limited_used = True
            return
        if d["borrowed"]:
            # Priority (Advanced) after acting: a fresh turn now, next round's given up.
            c.forfeit_next = True
            c.budget = new_budget(state.settings.swift_trade)
            c.moved = c.sprinting = False
        state.interjections.append(Interjection(c.id, state.turn_active))
        if c.id not in state.clock.acted:
            state.clock.acted.append(c.id)
        _use_pokemon_turn(state, c)
        state.turn_active = True

    def _on_turn_given_up(self, state: PtuState, d: Mapping[str, Any]) -> None:
        c = state.combatants[d["actor"]]
        if d["round"] == "next":
            c.forfeit_next = True
            return
        if c.id not in state.clock.acted:
            state.clock.acted.append(c.id)
        c.budget.reset({k: 0 for k in ALLOWANCE})
        _use_pokemon_turn(state, c)

    def _on_action_taken(self, state: PtuState, d: Mapping[str, Any]) -> None:
        c = state.combatants[d["actor"]]
        slots = d["slots"]
        if slots:
            c.budget.pay(slots)
        if d["moving"]:
            c.moved = True
        if d["own_turn"] and whose_turn(state) == c.id:
            state.turn_active = True
            # The player's Pokémon turn is taken once the Pokémon does something with it.
            _use_pokemon_turn(state, c)

    def _on_trigger_answered(self, state: PtuState, d: Mapping[str, Any]) -> None:
        state.ledger.record(d["trigger"], d["actor"], d["response"])

    def _on_trigger_opened(self, state: PtuState, d: Mapping[str, Any]) -> None:
        state.occurrence_count += 1
        state.occurrences.append(
            {"id": f"t{state.occurrence_count}", **{k: _copy(v) for k, v in d.items()}}
        )

    def _on_ap_spent(self, state: PtuState, d: Mapping[str, Any]) -> None:
        state.combatants[d["actor"]].ap -= d["amount"]

    def _on_move_used(self, state: PtuState, d: Mapping[str, Any]) -> None:
        c = state.combatants[d["actor"]]
        name = d["move"]
        c.scene_uses[name] = c.scene_uses.get(name, 0) + 1
        c.last_used_round[name] = state.clock.round

    def _on_attack_rolled(self, state: PtuState, d: Mapping[str, Any]) -> None:
        """Accuracy only: damage is the GM's to apply."""

    def _on_capture_rolled(self, state: PtuState, d: Mapping[str, Any]) -> None:
        if d["captured"]:
            target = state.combatants[d["target"]]
            target.captured = True
            target.on_field = False
            self._leave_clock(state, target.id)

    def _on_forced_out(self, state: PtuState, d: Mapping[str, Any]) -> None:
        """Roar and the like: the GM carries out the forced switch (forced_switch)."""

    def _on_aoo_used(self, state: PtuState, d: Mapping[str, Any]) -> None:
        state.combatants[d["actor"]].aoo_used = True

    def _on_dirty_trick_used(self, state: PtuState, d: Mapping[str, Any]) -> None:
        state.combatants[d["actor"]].dirty_tricks.append([d["trick"], d["target"]])

    def _on_grapple_started(self, state: PtuState, d: Mapping[str, Any]) -> None:
        state.combatants[d["actor"]].grappling = d["target"]
        state.combatants[d["target"]].grappling = d["actor"]

    def _on_grapple_contested(self, state: PtuState, d: Mapping[str, Any]) -> None:
        """The contest's roll is the GM's; the action economy is what is recorded."""

    def _on_item_used(self, state: PtuState, d: Mapping[str, Any]) -> None:
        c = state.combatants[d["actor"]]
        c.items[d["item"]] -= 1

    def _on_item_handed(self, state: PtuState, d: Mapping[str, Any]) -> None:
        c = state.combatants[d["actor"]]
        c.items[d["item"]] -= 1
        ally = state.combatants[d["to"]]
        ally.items[d["item"]] = ally.items.get(d["item"], 0) + 1

    def _on_weapon_drawn(self, state: PtuState, d: Mapping[str, Any]) -> None:
        c = state.combatants[d["actor"]]
        c.weapon = d["weapon"]
        if d["free"]:
            c.setup_draw_done = True

    def _on_item_picked_up(self, state: PtuState, d: Mapping[str, Any]) -> None:
        state.combatants[d["actor"]].held_item = d["item"]

    def _on_item_dropped(self, state: PtuState, d: Mapping[str, Any]) -> None:
        state.combatants[d["actor"]].held_item = None

    def _on_sprinting(self, state: PtuState, d: Mapping[str, Any]) -> None:
        state.combatants[d["actor"]].sprinting = True

    def _on_moved(self, state: PtuState, d: Mapping[str, Any]) -> None:
        state.combatants[d["actor"]].position = list(d["to"])

    def _on_stood_up(self, state: PtuState, d: Mapping[str, Any]) -> None:
        c = state.combatants[d["actor"]]
        if "tripped" in c.statuses:
            c.statuses.remove("tripped")
        state.effects = [e for e in state.effects
                         if not (e.holder == c.id and e.data.get("status") == "tripped")]

    def _on_breather_taken(self, state: PtuState, d: Mapping[str, Any]) -> None:
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
            self._add_effect(state, c.id, f"Take a Breather: {status}",
                             Expiry("turn_end", round=state.clock.round + 1, combatant=c.id),
                             status)

    def _add_effect(self, state: PtuState, holder: str, name: str, expiry: Expiry,
                    status: str | None) -> None:
        state.effect_count += 1
        state.effects.append(Effect(f"e{state.effect_count}", name, holder, expiry,
                                    {"status": status} if status else {}))

    def _on_coup_de_grace(self, state: PtuState, d: Mapping[str, Any]) -> None:
        """Damage is the GM's to apply; the automatic critical hit is in the event."""

    def _on_intercepted(self, state: PtuState, d: Mapping[str, Any]) -> None:
        """The Intercept's shift and hit are the GM's to carry out."""

    def _on_skill_checked(self, state: PtuState, d: Mapping[str, Any]) -> None:
        """The roll is in the event; what success means is the GM's."""

    def _on_generic_action(self, state: PtuState, d: Mapping[str, Any]) -> None:
        """Nothing beyond the action spent."""

    def _on_extended_action(self, state: PtuState, d: Mapping[str, Any]) -> None:
        state.minutes_elapsed += d["minutes"]

    def _on_action_held(self, state: PtuState, d: Mapping[str, Any]) -> None:
        c = state.combatants[d["actor"]]
        c.held = True
        target = d["count"] + (clock_key(state, c) - c.speed)
        state.clock.hold(c.id, target)
        self._advance(state)

    def _on_turn_ended(self, state: PtuState, d: Mapping[str, Any]) -> None:
        self._finish_turn(state, d["actor"])

    def _finish_turn(self, state: PtuState, actor: str) -> None:
        self._expire_turn_end(state, actor)
        state.occurrences = []
        if state.interjections and state.interjections[-1].actor == actor:
            ij = state.interjections.pop()
            state.turn_active = ij.resume_active
            return
        if actor not in state.clock.acted:
            state.clock.acted.append(actor)
        c = state.combatants.get(actor)
        if c is not None and able(c):
            _use_pokemon_turn(state, c)
        self._advance(state)

    def _expire_turn_end(self, state: PtuState, actor: str) -> None:
        for e in list(state.effects):
            exp = e.expiry
            if exp.kind == "turn_end" and exp.combatant == actor and state.clock.round >= exp.round:
                self._end_effect(state, e)

    def _leave_clock(self, state: PtuState, cid: str) -> None:
        clock = state.clock
        if cid in clock.sequence:
            pos = clock.sequence.index(cid)
            clock.sequence.pop(pos)
            if pos <= clock.index:
                clock.index -= 1
        clock.counts.pop(cid, None)

    def _on_pokemon_recalled(self, state: PtuState, d: Mapping[str, Any]) -> None:
        c = state.combatants[d["pokemon"]]
        c.on_field = False
        c.recalled_round = state.clock.round
        c.grappling = None
        self._leave_clock(state, c.id)

    def _on_pokemon_released(self, state: PtuState, d: Mapping[str, Any]) -> None:
        c = state.combatants[d["pokemon"]]
        c.on_field = True
        c.position = list(d["position"])
        c.budget = new_budget(state.settings.swift_trade)
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
            _use_pokemon_turn(state, c)
            state.turn_active = True
            state.occurrences = []

    def _on_damaged(self, state: PtuState, d: Mapping[str, Any]) -> None:
        c = state.combatants[d["target"]]
        c.hp = max(0, c.hp - d["amount"])
        if c.hp == 0 and not c.fainted:
            c.fainted = True
            c.grappling = None
            # A combatant that faints on its own turn can do nothing more: the turn ends.
            if state.phase == "turns" and whose_turn(state) == c.id:
                self._finish_turn(state, c.id)
            elif state.phase == "declare" and c.id in state.declare_queue:
                state.declare_queue.remove(c.id)
                if not state.declare_queue:
                    state.phase = "turns"
                    self._advance(state)

    def _on_heal(self, state: PtuState, d: Mapping[str, Any]) -> None:
        c = state.combatants[d["target"]]
        c.hp = min(c.max_hp, c.hp + d["amount"])
        if c.hp > 0:
            c.fainted = False

    def _on_status_set(self, state: PtuState, d: Mapping[str, Any]) -> None:
        c = state.combatants[d["target"]]
        if d["value"] and d["status"] not in c.statuses:
            c.statuses.append(d["status"])
        elif not d["value"] and d["status"] in c.statuses:
            c.statuses.remove(d["status"])

    def _on_effect_added(self, state: PtuState, d: Mapping[str, Any]) -> None:
        # "One full round" ends just before the same initiative count comes round again.
        current = whose_turn(state)
        cur = state.combatants.get(current) if current else None
        count = clock_key(state, cur) if cur is not None else LEAGUE_TRAINER_OFFSET * 2
        status = d["status"]
        if status:
            c = state.combatants[d["target"]]
            if status not in c.statuses:
                c.statuses.append(status)
        self._add_effect(state, d["target"], d["name"],
                         Expiry("before_count", round=state.clock.round + d["rounds"],
                                count=count), status)

    def _on_speed_set(self, state: PtuState, d: Mapping[str, Any]) -> None:
        # Initiative follows Speed; the new value orders the next round.
        c = state.combatants[d["target"]]
        c.speed = d["speed"]
        if c.id in state.clock.counts:
            state.clock.counts[c.id] = clock_key(state, c)

    # ------------------------------------------------------------------ legal actions
    def legal_actions(self, state: PtuState, actor: str | None = None) -> Iterator[Action]:
        """The legal actions, computed once per state version and actor (then cached)."""
        cached = self._legal_cache.get(state)
        if cached is not None and cached[0] == state.version and actor in cached[1]:
            return iter(cached[1][actor])
        actions = list(self._legal_actions(state, actor))
        if cached is None or cached[0] != state.version:
            cached = (state.version, {})
            self._legal_cache[state] = cached
        cached[1][actor] = actions
        return iter(actions)

    def _legal_actions(self, state: PtuState, actor: str | None) -> Iterator[Action]:
        if actor == "gm":
            yield from self._gm_actions(state, everything=True)
            return
        # The acting combatant first, then those who may act out of turn, then the GM.
        turn = whose_turn(state)
        ids = [actor] if actor is not None else (
            ([turn] if turn in state.combatants else [])
            + [cid for cid in state.combatants if cid != turn]
        )
        for cid in ids:
            c = state.combatants.get(cid)
            if c is None:
                continue
            if state.phase == "turns" and whose_turn(state) == cid and able(c):
                # Built legal by construction (the property tests check every one of them).
                yield from self._own_turn_actions(state, c)
                continue
            for cand in self._candidates(state, c):
                try:
                    if self.check(state, cand) is None:
                        yield cand
                except BadActionError:
                    continue
        if actor is None:
            yield from self._gm_actions(state, everything=False)

    def _gm_actions(self, state: PtuState, everything: bool) -> Iterator[Action]:
        """The GM's actions; asked for everyone, only the common ones (a hit of 5 damage)."""
        if state.phase == "setup":
            yield Action("begin_combat", "gm", {}, cost="the GM starts round 1",
                         cost_detail=COST_NONE)
            return
        if state.phase == "over":
            return
        if everything:
            yield Action("end_combat", "gm", {}, cost="ends the encounter", cost_detail=COST_NONE)
        for c in state.combatants.values():
            if able(c) and c.on_field:
                amount = c.hp if everything else min(5, c.hp)
                yield Action("damage", "gm", {"target": c.id, "amount": amount},
                             cost="GM: damage", cost_detail=COST_NONE)

    def _own_turn_actions(self, state: PtuState, c: Combatant) -> Iterator[Action]:
        """The acting combatant's actions, gated here as ``check`` would gate them."""
        cid = c.id
        cs = state.combatants
        allowed: set[str] | None = None
        if state.context == "league" and c.kind == "trainer" and not state.interjections:
            allowed = UNDECLARED_OK | set(state.declared.get(cid, ()))
        b = c.budget.remaining
        std = b.get("standard", 0) > 0
        shift = b.get("shift", 0) > 0 or std
        swift = b.get("swift", 0) > 0 or (std and state.settings.swift_trade)
        trainer = c.kind == "trainer"

        def ok(kind: str) -> bool:
            return allowed is None or kind in allowed

        yield _offer("end_turn", cid, {}, cost="ends the turn", cost_detail=COST_NONE)
        x, y = c.position
        side = c.side
        foes = [  # able(o), inlined: this is the hot path of legal_actions
            (o, max(abs(x - o.position[0]), abs(y - o.position[1])))
            for o in cs.values()
            if o.side != side and o.on_field and not o.captured and not o.fainted
        ]
        if std:
            if ok("struggle"):
                odds = {"success": hit_odds(3 if c.combat_rank >= 5 else 4, 0)}
                for o, far in foes:
                    if far <= 1:
                        yield _offer("struggle", cid, {"target": o.id}, cost="Standard",
                                     cost_detail=COST_STANDARD,
                                     odds=odds)
            if ok("standard_action"):
                yield _offer("standard_action", cid, {"what": "skill check"}, cost="Standard",
                             cost_detail=COST_STANDARD)
            if trainer and ok("switch"):
                mine = [o for o in cs.values() if o.owner == c.owner and o.kind == "pokemon"
                        and o.owner is not None and not o.captured]
                ready = [n for n in mine if not n.on_field and not n.fainted
                         and n.recalled_round != state.clock.round]
                for o in mine:
                    if o.on_field and not o.fainted and (state.context == "league"
                                       or distance(c, o) <= RECALL_RANGE):
                        for n in ready:
                            yield _offer("switch", cid, {"recall": o.id, "release": n.id},
                                         cost="Standard", cost_detail=COST_STANDARD)
            if trainer and ok("throw_pokeball"):
                for o, _ in foes:
                    if o.owner is None and o.kind == "pokemon":
                        yield _offer("throw_pokeball", cid, {"target": o.id},
                                     cost="Standard",
                                     cost_detail=COST_STANDARD, odds={"success": hit_odds(6, 0)})
            if trainer and ok("use_item") and c.items:
                # Offered on the Trainer's own Pokémon on the field; any combatant on the
                # field is a valid target for ``check``.
                team = [o.id for o in cs.values() if o.owner == c.owner and present(o)
                        and o.kind == "pokemon"]
                for item, count in c.items.items():
                    if count > 0:
                        for oid in team:
                            yield _offer("use_item", cid, {"item": item, "target": oid},
                                         cost="Standard", cost_detail=COST_STANDARD)
        if ok("use_move"):
            for name in c.moves:
                move = move_of(state, name)
                if move is None or move["trigger"] is not None or move["action"] == "extended":
                    continue
                act = move["action"]
                if (act == "standard" and not std) or (act == "shift" and not shift) or (
                    act == "swift" and not swift) or (
                    act == "full" and not (std and b.get("shift", 0) > 0)
                ):
                    continue
                limit = uses_per_scene(move["frequency"])
                if limit is not None and c.scene_uses.get(name, 0) >= limit:
                    continue
                last = c.last_used_round.get(name)
                if move["frequency"] == "EOT" and last is not None and (
                    last >= state.clock.round - 1
                ):
                    continue
                cost = _cost_text(move)
                detail = MOVE_COST[act]
                if move["range"] == "self":
                    yield _offer("use_move", cid, {"move": name}, cost=cost, cost_detail=detail)
                    continue
                reach = 1 if move["range"] == "melee" else int(move["range"])
                move_odds = None if move["ac"] is None else {"success": hit_odds(move["ac"], 0)}
                for o, far in foes:
                    if far <= reach:
                        yield _offer("use_move", cid, {"move": name, "target": o.id},
                                     cost=cost, odds=move_odds, cost_detail=detail)
        if shift:
            tripped = "tripped" in c.statuses
            if ok("shift") and not c.moved and c.movement > 0 and not tripped:
                taken = {(o.position[0], o.position[1]) for o in cs.values()
                         if o is not c and o.on_field and not o.captured}
                for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                    if (x + dx, y + dy) not in taken:
                        yield _offer("shift", cid, {"to": [x + dx, y + dy]}, cost="Shift",
                                     cost_detail=COST_SHIFT)
            if ok("shift_action"):
                yield _offer("shift_action", cid, {"what": "activate a feature"}, cost="Shift",
                             cost_detail=COST_SHIFT)
            if tripped and ok("stand_up"):
                yield _offer("stand_up", cid, {}, cost="Shift", cost_detail=COST_SHIFT)
            if trainer and ok("replace_fainted"):
                for o in cs.values():
                    if (o.owner == c.owner and o.owner is not None and o.kind == "pokemon"
                            and o.fainted and present(o) and (
                                state.context == "league" or distance(c, o) <= RECALL_RANGE)):
                        for n in cs.values():
                            if (n.owner == c.owner and n.kind == "pokemon" and not n.on_field
                                    and not n.fainted and not n.captured
                                    and n.recalled_round != state.clock.round):
                                yield _offer("replace_fainted", cid,
                                             {"recall": o.id, "release": n.id},
                                             cost="Shift (release free)", cost_detail=COST_SHIFT)
        if swift and ok("swift_action"):
            yield _offer("swift_action", cid, {"what": "activate a feature"}, cost="Swift",
                         cost_detail=COST_SWIFT)
        if std and b.get("shift", 0) > 0 and ok("take_a_breather"):
            yield _offer("take_a_breather", cid, {}, cost="Full (Standard + Shift)",
                         cost_detail=COST_FULL)
        if (not c.held and not state.interjections and c.speed > 0 and (
                not state.turn_active or state.settings.hold_after_acting)):
            yield _offer("hold", cid, {"count": c.speed - 1}, cost="holds the turn",
                         cost_detail=COST_NONE)
        yield _offer("free_action", cid, {"what": "speak"}, cost="Free", cost_detail=COST_FREE)

    def _candidates(self, state: PtuState, c: Combatant) -> Iterator[Action]:
        if not able(c) or state.phase == "over":
            return
        cid = c.id
        if state.phase == "setup":
            if c.kind == "trainer" and not c.setup_release_done:
                for o in state.combatants.values():
                    if o.owner == c.owner and o.kind == "pokemon" and not o.on_field:
                        yield Action("release", cid, {"pokemon": o.id}, cost="free (set-up)",
                                     cost_detail=COST_NONE)
            return
        turn = whose_turn(state)
        if state.phase == "declare":
            if turn == cid:
                yield Action("declare", cid, {"actions": list(DECLARABLE)}, cost="declaration",
                             cost_detail=COST_NONE)
                yield Action("declare", cid, {"actions": []}, cost="declaration",
                             cost_detail=COST_NONE)
            return
        cs = state.combatants
        if turn == cid:
            return  # handled by _own_turn_actions
        # Out of turn: Priority between turns, Interrupts and triggers in the middle of one.
        if state.phase != "turns":
            return
        for name in c.moves:
            move = move_of(state, name)
            if move is None or not move["keywords"]:
                continue
            if mid_turn(state) and move["trigger"] is not None:
                for occ in state.occurrences:
                    if occ["kind"] == move["trigger"] and cid in occ["responders"]:
                        params: dict[str, Any] = {"move": name, "trigger": occ["id"]}
                        if move["range"] != "self":
                            params["target"] = occ["by"]
                        yield Action("use_move", cid, params, cost=_cost_text(move),
                                     cost_detail=_out_of_turn_cost(move))
            elif not mid_turn(state) and any(k.startswith("Priority") for k in move["keywords"]):
                if move["range"] == "self":
                    yield Action("use_move", cid, {"move": name}, cost=_cost_text(move),
                                 cost_detail=MOVE_COST[move["action"]])
                    continue
                reach = 1 if move["range"] == "melee" else int(move["range"])
                for o in cs.values():
                    if o.side != c.side and able(o) and distance(c, o) <= reach:
                        yield Action("use_move", cid, {"move": name, "target": o.id},
                                     cost=_cost_text(move),
                                     cost_detail=MOVE_COST[move["action"]])
        for occ in state.occurrences:
            if occ["kind"] == "attacked" and cid in occ["responders"] and occ["target"] != cid:
                yield Action("intercept", cid, {"mode": "melee", "trigger": occ["id"]},
                             cost="Full action, Interrupt", cost_detail=COST_TURN)
            if occ["kind"] in AOO_TRIGGERS and cid in occ.get("provokes", ()):
                yield Action("attack_of_opportunity", cid,
                             {"target": occ["by"], "trigger": occ["id"]},
                             cost="Free, Interrupt (once a round)", cost_detail=COST_AOO,
                             odds={"success": hit_odds(3 if c.combat_rank >= 5 else 4, 0)})

    # ------------------------------------------------------------------ views
    def view(self, state: PtuState, seat: str | None = None) -> dict[str, Any]:
        combatants = {}
        for c in state.combatants.values():
            mine = seat is None or c.owner == seat
            combatants[c.id] = {
                "name": c.name,
                "kind": c.kind,
                "owner": c.owner,
                "side": c.side,
                "speed": c.speed,
                "initiative": c.speed,
                "hp": c.hp if mine else None,
                "max_hp": c.max_hp if mine else None,
                "position": list(c.position),
                "on_field": c.on_field,
                "fainted": c.fainted,
                "captured": c.captured,
                "statuses": list(c.statuses),
                "moves": list(c.moves),
                "items": dict(c.items) if mine else None,
                "weapon": c.weapon,
                "held_item": c.held_item,
                "ap": c.ap,
                "ap_max": c.ap_max,
                "budget": dict(c.budget.remaining),
                "moved": c.moved,
                "sprinting": c.sprinting,
                "acted": c.id in state.clock.acted or c.forfeit_this,
                "forfeit_next": c.forfeit_next,
                "forfeit_this": c.forfeit_this,
                "uncommandable": c.uncommandable,
                "held": c.held,
                "aoo_used": c.aoo_used,
                "scene_uses": dict(c.scene_uses),
                "grappling": c.grappling,
            }
        return {
            "context": state.context,
            "phase": state.phase,
            "round": state.clock.round,
            "whose_turn": whose_turn(state),
            "turn_active": mid_turn(state),
            "order": list(state.clock.sequence),
            "declare_queue": list(state.declare_queue),
            "declared": {k: list(v) for k, v in state.declared.items()},
            "interjections": [i.actor for i in state.interjections],
            "pokemon_turn_used": dict(state.pokemon_turn_used),
            "triggers": [dict(o) for o in state.occurrences],
            "effects": [
                {"id": e.id, "name": e.name, "holder": e.holder, "ends": e.expiry.kind,
                 "round": e.expiry.round}
                for e in state.effects
            ],
            "minutes_elapsed": state.minutes_elapsed,
            "combatants": combatants,
        }

    def visible_command(
        self, state: PtuState, action: Action | None, events: Sequence[Event], seat: str
    ) -> tuple[dict[str, Any] | None, list[dict[str, Any]]]:
        """What ``seat`` may see of one command: what :meth:`view` hides is nulled out.

        For combatants the seat does not own (wild ones are the GM's): the set-up's
        ``hp``, ``max_hp``, ``temp_hp`` and ``items``, a damage or heal ``amount``, and the
        item a trainer uses or hands over (unless the seat owns the receiver). Accuracy,
        capture, skill and initiative rolls and everything else stay public.
        """

        def theirs(cid: Any) -> bool:
            c = state.combatants.get(cid) if isinstance(cid, str) else None
            return c is None or c.owner != seat

        shown_action = None if action is None else copy.deepcopy(action.to_dict())
        if shown_action is not None:
            params = shown_action["params"]
            if action is not None and action.kind in ("damage", "heal"):
                if theirs(params.get("target")) and "amount" in params:
                    params["amount"] = None
            elif theirs(shown_action["actor"]):
                if "item" in params and shown_action["kind"] == "use_item":
                    params["item"] = None
                give = params.get("give")
                if isinstance(give, dict) and theirs(give.get("to")):
                    give["item"] = None
        shown: list[dict[str, Any]] = []
        for event in events:
            data = copy.deepcopy(dict(event.data))
            if event.type == "encounter_set_up":
                for raw in data.get("combatants") or []:
                    if raw.get("owner") != seat:
                        raw.update(PRIVATE_COMBATANT_FIELDS)
            elif event.type in ("damaged", "heal") and theirs(data.get("target")):
                data["amount"] = None
            elif event.type in ("item_used", "item_handed") and theirs(data.get("actor")) \
                    and theirs(data.get("to")):  # item_used has no "to": theirs(None)
                data["item"] = None
            shown.append({"type": event.type, "data": data})
        return shown_action, shown

    def status_lines(self, state: PtuState) -> list[str]:
        turn = whose_turn(state)
        lines = [
            f"PTU {state.context.replace('_', ' ')} - round {state.clock.round}, "
            f"phase {state.phase}, turn: {turn or '-'}"
            + (" (mid-turn)" if mid_turn(state) else "")
        ]
        if state.phase == "declare":
            lines.append("declaring (slowest first): " + ", ".join(state.declare_queue))
        for cid in _display_order(state):
            c = state.combatants[cid]
            mark = ">" if cid == turn else " "
            b = c.budget.remaining
            flags = [s for s in (
                "fainted" if c.fainted else "",
                "acted" if cid in state.clock.acted else "",
                "no command" if c.uncommandable else "",
                "loses next turn" if c.forfeit_next else "",
            ) if s]
            lines.append(
                f"{mark} {c.speed:>3} {cid:<12} {c.kind:<7} hp {c.hp}/{c.max_hp} "
                f"std {b.get('standard', 0)} shift {b.get('shift', 0)} swift "
                f"{b.get('swift', 0)}" + (f" ap {c.ap}" if c.kind == "trainer" else "")
                + (f" [{', '.join(flags + c.statuses)}]" if flags or c.statuses else "")
            )
        if state.occurrences:
            lines.append("open triggers: " + ", ".join(
                f"{o['id']} {o['kind']} by {o['by']}" for o in state.occurrences))
        return lines

    def tracker(self, state: PtuState) -> dict[str, Any]:
        turn = whose_turn(state)
        order = []
        for cid in _display_order(state):
            c = state.combatants[cid]
            b = c.budget.remaining
            order.append({
                "id": cid,
                "name": c.name,
                "controller": c.owner,
                "current": cid == turn,
                "pips": {k: [b.get(k, 0), v] for k, v in ALLOWANCE.items()},
            })
        return {"round": state.clock.round, "turn": turn, "order": order}

    def odds(self, state: PtuState, action: Action) -> dict[str, Any] | None:
        kind = KINDS.get(action.kind)
        if kind is None:
            return None
        bonus = 1 if action.params.get("ap") else 0
        if action.kind == "use_move":
            move = move_of(state, str(action.params.get("move", "")))
            if move is None or move["ac"] is None or move["range"] == "self":
                return None
            return {"success": hit_odds(move["ac"], bonus)}
        if action.kind in ("struggle", "attack_of_opportunity"):
            c = state.combatants.get(str(action.actor))
            rank = c.combat_rank if c is not None else 2
            return {"success": hit_odds(3 if rank >= 5 else 4, bonus)}
        if action.kind == "skill_check":
            c = state.combatants.get(str(action.actor))
            skill, dc = action.params.get("skill"), action.params.get("dc")
            if c is None or not isinstance(skill, str) or not isinstance(dc, int):
                return None
            return {"success": skill_odds(c.skills.get(skill, 2), bonus, dc)}
        if kind.ac is not None:
            return {"success": hit_odds(kind.ac, bonus)}
        return None


_offer = Action.offer

#: What another seat sees of a combatant's private set-up fields (view(seat) shows them null).
PRIVATE_COMBATANT_FIELDS: dict[str, Any] = {
    "hp": None, "max_hp": None, "temp_hp": None, "items": None,
}


def _display_order(state: PtuState) -> list[str]:
    """This round's order; before round 1, the order round 1 will have."""
    return list(state.clock.sequence) if state.clock.round else state.clock.order()


def _copy(value: Any) -> Any:
    return list(value) if isinstance(value, list) else value


def _response(kind: str, p: Mapping[str, Any], move: Mapping[str, Any] | None) -> str:
    """The name under which a triggered response is recorded (once per trigger each)."""
    if move is not None:
        return str(move["name"])
    if kind == "free_action":
        return f"free:{p['what']}"
    return kind


def _cost_text(move: Mapping[str, Any]) -> str:
    cost = {"standard": "Standard", "shift": "Shift", "swift": "Swift", "free": "Free",
            "full": "Full (Standard + Shift)", "extended": "Extended"}[move["action"]]
    if move["keywords"]:
        cost += ", " + ", ".join(move["keywords"])
    return cost


def _out_of_turn_cost(move: Mapping[str, Any]) -> Mapping[str, Any]:
    """A triggered move's cost: an Interrupt is paid with a turn (p. 228), a Free one is free."""
    keywords = move["keywords"]
    if "Interrupt" in keywords or "Reaction" in keywords or move["action"] != "free":
        return COST_TURN
    return COST_FREE


def _initiative_roll_off(
    combatants: list[tuple[str, int, str]], context: str, dice: DiceSource
) -> list[Event]:
    """The d20 roll-off of every Speed tie (p. 227): [] or one ``initiative_rolled`` event.

    ``combatants`` are (id, speed, kind); League Trainers are ordered apart from Pokémon.
    """
    groups: dict[int, list[str]] = {}
    for cid, speed, kind in combatants:
        key = speed + (LEAGUE_TRAINER_OFFSET if context == "league" and kind == "trainer" else 0)
        groups.setdefault(key, []).append(cid)
    rolls: dict[str, list[int]] = {}
    for ids in groups.values():
        if len(ids) > 1:
            rolls.update(_roll_off(ids, dice))
    return [Event("initiative_rolled", {"rolls": rolls})] if rolls else []


def _roll_off(ids: list[str], dice: DiceSource) -> dict[str, list[int]]:
    """A d20 roll-off among tied combatants; those still tied roll again (p. 227)."""
    rolls: dict[str, list[int]] = {cid: [] for cid in ids}
    pending = list(ids)
    for _ in range(50):
        for cid in pending:
            rolls[cid].append(dice.die(20))
        by_total: dict[tuple[int, ...], list[str]] = {}
        for cid in ids:
            by_total.setdefault(tuple(rolls[cid]), []).append(cid)
        pending = [cid for group in by_total.values() if len(group) > 1 for cid in group]
        if not pending:
            break
    return rolls
