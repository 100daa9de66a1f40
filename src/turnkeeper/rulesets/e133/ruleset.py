"""The Element 133 ruleset: the object the kernel drives, and the table of planners.

Read the folder in this order: ``setup_model.py`` and ``setup.py`` (the set-up), ``actions.py``
(every action kind and its parameters), ``plan.py`` (what a plan is, shared helpers),
``economy.py`` (paying costs, provoking, the generic actions), then one module per family
(``attacks``, ``abilities``, ``standard``, ``ready``, ``items``, ``vehicles``, ``movement``,
``gm``), ``fold.py`` (events and how the state folds them), ``offers.py`` (legal actions) and
``views.py``. This module holds the turn order and the check / resolve loop.
"""

from __future__ import annotations

import copy
import weakref
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, ClassVar, final

from turnkeeper.core.model import (
    Action,
    BadActionError,
    Event,
    IllegalActionError,
    Outcome,
    Refusal,
    RuleCatalogue,
)
from turnkeeper.core.ruleset import SetupError
from turnkeeper.core.schema import ActionCatalogue, Params
from turnkeeper.dice import roll_value
from turnkeeper.dice.source import DiceSource
from turnkeeper.rulesets.e133 import (
    abilities,
    attacks,
    describe,
    economy,
    fold,
    gm,
    hit_points,
    items,
    movement,
    ready,
    roster,
    standard,
    vehicles,
    views,
)
from turnkeeper.rulesets.e133.actions import (
    ACTION_KINDS,
    ACTIONS,
    GM_KINDS,
    MANIPULATE,
    TABLE_ROWS,
    memo_catalogue,
)
from turnkeeper.rulesets.e133.changes import hit_points_only
from turnkeeper.rulesets.e133.fight.attack import hits, is_critical
from turnkeeper.rulesets.e133.offers import MOVE_COSTS, Candidate, Offers
from turnkeeper.rulesets.e133.plan import (
    COST_LABEL,
    GM,
    FightOdds,
    Plan,
    odds_text,
    refuse,
    window_record,
)
from turnkeeper.rulesets.e133.rules import CATALOGUE
from turnkeeper.rulesets.e133.setup import combatant_record, parse_e133_setup, steed_error
from turnkeeper.rulesets.e133.setup_model import E133Setup
from turnkeeper.rulesets.e133.state import E133State, Fighter

__all__ = ["ACTION_KINDS", "COST_LABEL", "MOVE_COSTS", "PLANNERS", "E133Ruleset", "Planner"]

#: A planner: (state, actor or None for the game master, typed params) -> a plan or a refusal.
Planner = Callable[..., Plan | Refusal]

#: The one table of action kinds and the functions that hold their rules.
PLANNERS: dict[str, Planner] = {
    # economy.py
    "end_turn": economy.plan_end_turn,
    "standard_action": economy.plan_standard_action,
    "move_action": economy.plan_move_action,
    "full_round_action": economy.plan_full_round_action,
    "free_action": economy.plan_free_action,
    "bonus_action": economy.plan_bonus_action,
    "reaction": economy.plan_reaction,
    # attacks.py
    "attack": attacks.plan_attack,
    "full_attack": attacks.plan_full_attack,
    "charge": attacks.plan_charge,
    "aoo": attacks.plan_aoo,
    # abilities.py
    "cast": abilities.plan_cast,
    "concentrate": abilities.plan_concentrate,
    "dismiss": abilities.plan_dismiss,
    "concentration_check": abilities.plan_concentration_check,
    "use_ability": abilities.plan_use_ability,
    "use_skill": abilities.plan_use_skill,
    "use_feature": abilities.plan_use_feature,
    # standard.py
    "aid_another": standard.plan_aid_another,
    "sunder": standard.plan_sunder,
    "disengage": standard.plan_disengage,
    "dodge": standard.plan_dodge,
    "dexterity_save": standard.plan_dexterity_save,
    "hide": standard.plan_hide,
    # ready.py
    "ready": ready.plan_ready,
    "fire_readied": ready.plan_fire_readied,
    "start_full_round": ready.plan_start_full_round,
    "complete_full_round": ready.plan_complete_full_round,
    # items.py
    "activate_item": items.plan_activate_item,
    "drink_potion": items.plan_drink_potion,
    "reload": items.plan_reload,
    "draw_weapon": items.plan_draw_weapon,
    "draw_ammunition": items.plan_draw_ammunition,
    "sheathe_weapon": items.plan_sheathe_weapon,
    "ready_shield": items.plan_ready_shield,
    "loose_shield": items.plan_loose_shield,
    "drop_shield": items.plan_drop_shield,
    "pick_up_item": items.plan_pick_up_item,
    # vehicles.py
    "trigger_device": vehicles.plan_trigger_device,
    "start_vehicle": vehicles.plan_start_vehicle,
    "park_vehicle": vehicles.plan_park_vehicle,
    "enter_vehicle": vehicles.plan_enter_vehicle,
    "exit_vehicle": vehicles.plan_exit_vehicle,
    "pilot_vehicle": vehicles.plan_pilot_vehicle,
    "mount": vehicles.plan_mount,
    "dismount": vehicles.plan_dismount,
    "control_mount": vehicles.plan_control_mount,
    # movement.py
    "move": movement.plan_move,
    "crawl": movement.plan_crawl,
    "stand_up": movement.plan_stand_up,
    "difficult_step": movement.plan_difficult_step,
    "five_foot_step": movement.plan_five_foot_step,
    "withdraw": movement.plan_withdraw,
    "dash": movement.plan_dash,
    "flee": movement.plan_flee,
    # gm.py
    "set_condition": gm.plan_set_condition,
    "set_speed": gm.plan_set_speed,
    "add_effect": gm.plan_add_effect,
    "set_cover": gm.plan_set_cover,
    # hit_points.py: the game master's hit-point overrides
    "apply_damage": hit_points.plan_apply_damage,
    "heal": hit_points.plan_heal,
    "grant_temporary_hp": hit_points.plan_grant_temporary_hp,
    **roster.PLANNERS,  # roster.py: the game master's roster commands mid-fight
    # standard.py: the plain rows of Table: Standard Actions; items.py: manipulating items
    **{kind: standard.row_planner(kind) for kind in TABLE_ROWS},
    **{kind: items.manipulation_planner(kind) for kind in MANIPULATE},
}


def copy_sets(sets: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """A deep copy of a plan's changes for its event (the plan may be reused): plain values
    as they are, containers copied (``fold.copied``: a faster ``copy.deepcopy`` for them)."""
    return {fid: {key: fold.copied(value) for key, value in values.items()}
            for fid, values in sets.items()}


@final
class E133Ruleset:
    """Element 133 (d20 SRD / 5e-derived) action economy. See docs/rulesets/e133.md."""

    # The protocol's two members (instance attributes of the kernel's Ruleset protocol);
    # the rest are class attributes (ClassVar), read from the class itself too: mypyc, which
    # compiles this module (turnkeeper/compiled.py), makes other annotated names slots.
    name: str = "e133"
    rules: RuleCatalogue = CATALOGUE
    #: every action kind's typed parameters (actions.py); the kernel validates with it
    actions: ClassVar[ActionCatalogue] = memo_catalogue(ACTIONS)
    #: the set-up format (setup_model.py)
    setup_model: ClassVar[type[E133Setup]] = E133Setup
    # The only secret is a readied action (its trigger, the action, its parameters), which
    # view(seat) hides from other seats; the ready action's params and the event that records
    # it carry it, so visible_command takes it out of what other seats are sent. Everything
    # else, dice included, is public (docs/server.md).
    hidden_information: ClassVar[bool] = True

    def __init__(self) -> None:
        self._outcomes: weakref.WeakKeyDictionary[E133State, tuple[int, Outcome | None]]
        self._outcomes = weakref.WeakKeyDictionary()
        self._offers = Offers(self.outcome, self._plan, self._fight_odds)
        self._last_plan: tuple[weakref.ref[E133State], int, Action, Plan] | None = None

    def initial_state(self) -> E133State:
        return E133State()

    def setup(self, config: Mapping[str, Any], dice: DiceSource) -> list[Event]:
        # The whole set-up is parsed against its model first (setup_model.py): a key no
        # model declares, a wrong type or a value out of range is named with its path.
        parsed = parse_e133_setup(config)
        settings = parsed.settings.to_dict()
        fighters = [combatant_record(i, c) for i, c in enumerate(parsed.combatants)]
        ids = [f["id"] for f in fighters]
        if len(set(ids)) != len(ids):
            raise SetupError("combatants: ids must be unique")
        if GM in ids:
            raise SetupError(f"combatants: the id {GM!r} is reserved for the game master")
        for i, f in enumerate(fighters):
            steed = f.get("steed")
            unknown = None if steed is None else steed_error(
                f"combatants[{i}] ({f['id']})", steed, ids)
            if unknown is not None:
                raise SetupError(unknown)
        placed = [f["id"] for f in fighters if "position" in f]
        if placed and len(placed) != len(fighters):
            missing = next(i for i, f in enumerate(fighters) if "position" not in f)
            raise SetupError(f"combatants[{missing}] ({fighters[missing]['id']}).position: "
                             "missing; give every combatant a position or none (placed: "
                             f"{', '.join(placed)})")
        # Initiative: d20 + modifier rolled now (or a fixed count), ties to the higher
        # modifier, then a roll-off (reference/e133.md, Initiative).
        for f in fighters:
            if f["count"] is None:
                f["init_roll"] = dice.die(20)
                f["count"] = f["init_roll"] + f["init_mod"]
        groups: dict[tuple[int, int], list[dict[str, Any]]] = {}
        for f in fighters:
            groups.setdefault((f["count"], f["init_mod"]), []).append(f)
        for group in groups.values():
            rolls: dict[str, int] = {}
            if len(group) > 1:
                for _ in range(20):
                    rolls = {g["id"]: dice.die(20) for g in group}
                    if len(set(rolls.values())) == len(rolls):
                        break
            for g in group:
                g["tiebreak"] = [g["init_mod"], rolls.get(g["id"], 0)]
        surprise = any(f["surprised"] for f in fighters)
        events = [Event("settings", {"settings": settings, "surprise": surprise})]
        events += [Event("combatant_joined", f) for f in fighters]
        state = self.initial_state()
        for e in events:
            self.apply(state, e)
        events.extend(self._advance_events(state, dice))
        return events

    def _eligible(self, state: E133State, fid: str, rnd: int) -> bool:
        f = state.fighters[fid]
        if "down" in f.conditions:
            return False
        # A dropped combatant still has its turns (its death save opens each, and it may
        # only end them); a stable, dead, out or fled one has none (e133.fight.drop.no-actions).
        if f.health is not None and f.health.status not in ("up", "dropped"):
            return False
        if f.fled:
            # it left the encounter (e133.fight.flee)
            return False
        # Surprised combatants take no turn in the surprise round (reference/e133.md).
        return not (state.surprise and rnd == 1 and f.surprised)

    def _advance_events(self, state: E133State, dice: DiceSource) -> list[Event]:
        """The events that end the current turn (if any) and start the next (pure but for
        the death save a dropped combatant rolls as its turn starts)."""
        clock = state.clock
        events: list[Event] = []
        who = clock.current()
        if who is not None:
            f = state.fighters[who]
            data: dict[str, Any] = {"actor": who, "round": clock.round}
            c = f.concentrating
            if c is not None and not c.get("maintained"):
                data["lapsed"] = c["ability"]
            if f.full_round is not None and f.full_round["round"] < clock.round:
                data["full_round_lost"] = f.full_round["action"]
            data["end_effects"] = [
                e.id for e in state.effects
                if e.expiry.kind == "turn_end" and e.expiry.combatant == who
                and clock.round >= e.expiry.round
            ]
            events.append(Event("turn_ended", data))
        rnd, idx, seq = clock.round, clock.index, clock.sequence
        # The next eligible combatant within three rounds (none: no turn starts). Without
        # holds (e133 has none) the next round's order is this round's sequence (a newcomer
        # is inserted in it at its place); before the first round there is none yet.
        for _ in range(3 * (len(state.fighters) + 1)):
            idx += 1
            if idx >= len(seq):
                rnd += 1
                seq = clock.order() if clock.held or len(seq) != len(clock.counts) else seq
                idx = 0
            if seq and self._eligible(state, seq[idx], rnd):
                break
        else:
            return events
        nxt = seq[idx]
        count = clock.counts[nxt]
        events.append(Event("turn_started", {"actor": nxt, "round": rnd, "index": idx}))
        for e in state.effects:
            exp = e.expiry
            due = (exp.kind == "before_count" and (
                rnd > exp.round or (rnd == exp.round and count <= exp.count)
            )) or (exp.kind == "turn_start" and exp.combatant == nxt and rnd >= exp.round)
            if due:
                rule = "e133.round.duration" if exp.kind == "before_count" else "expiry"
                events.append(Event("effect_ended", {"id": e.id, "rule": rule}))
        # Death saves: at the start of each of a dropped combatant's turns (ref. HP).
        save = hit_points.death_save_event(state.fighters[nxt], dice)
        if save is not None:
            events.append(save)
        return events

    def whose_turn(self, state: E133State) -> str | None:
        return state.clock.current()

    def actors(self, state: E133State) -> list[str]:
        return [*state.fighters, GM]

    def controller(self, state: E133State, actor: str) -> str | None:
        f = state.fighters.get(actor)
        return None if f is None else f.controller

    def outcome(self, state: E133State) -> Outcome | None:
        # the outcome changes only with who stands (state.roster_version); a change of hit
        # points that left everyone's status as it was changes nothing (changes.py)
        cached = self._outcomes.get(state)
        if cached is not None and (cached[0] == state.roster_version
                                   or hit_points_only(state, cached[0]) is not None):
            if cached[0] != state.roster_version:
                self._outcomes[state] = (state.roster_version, cached[1])
            return cached[1]
        result = self._outcome(state)
        self._outcomes[state] = (state.roster_version, result)
        return result

    def round_number(self, state: E133State) -> int:
        """The round the encounter is in (the simulator reports the mean at the end)."""
        return state.clock.round

    def sides(self, state: E133State) -> tuple[str, ...]:
        """The sides of the encounter, in set-up order: what outcomes name as winners."""
        return tuple(dict.fromkeys(f.side for f in state.fighters.values()))

    def _outcome(self, state: E133State) -> Outcome | None:
        # Over when every side but one is down, dropped, dead, out or fled
        # (e133.fight.outcome.one-side-left, e133.fight.flee); "down" is the game master's
        # condition. Two sides still standing settle it at once (the usual case).
        up: set[str] = set()
        for f in state.fighters.values():
            if f.side not in up and "down" not in f.conditions and f.can_act:
                up.add(f.side)
                if len(up) > 1:
                    return None
        sides = {f.side for f in state.fighters.values()}
        if len(sides) < 2:
            return None
        standing = sorted(up)
        if len(standing) == 1:
            return Outcome((standing[0],), f"only the {standing[0]} side is still standing "
                           "(e133.fight.outcome.one-side-left)")
        if not standing:
            return Outcome((), "every combatant is down (e133.fight.outcome.one-side-left)")
        return None

    def check(self, state: E133State, action: Action) -> Refusal | None:
        result = self._plan(state, action)
        if isinstance(result, Refusal):
            return result
        # Game.play checks, then resolves the same action on the same state: keep the plan.
        self._last_plan = (weakref.ref(state), state.version, action, result)
        return None

    def odds(self, state: E133State, action: Action) -> dict[str, str] | None:
        result = self._plan(state, action)
        if isinstance(result, Plan) and result.roll is not None:
            return odds_text(result.roll, self._fight_odds(state, action, result))
        return None

    @staticmethod
    def _fight_odds(state: E133State, action: Action, plan: Plan) -> FightOdds | None:
        if plan.strike is None:
            return None
        mode, target = plan.strike
        return hit_points.fight_odds(state.fighters[action.actor or GM], state.fighters[target],
                                     mode)

    def _plan(self, state: E133State, action: Action) -> Plan | Refusal:
        kind = action.kind
        # The typed params (a malformed action is a BadActionError naming the field).
        params = self.actions.parse(action)
        planner = PLANNERS[kind]
        if kind in GM_KINDS:
            if action.actor != GM:
                raise BadActionError(f"{kind}: only the game master (actor 'gm') may do this")
            gm_result: Plan | Refusal = planner(state, None, params)
            return gm_result
        f = state.fighters.get(action.actor or "")
        if f is None:
            raise BadActionError(
                f"{kind}: actor {action.actor!r} is not a combatant; "
                f"known: {', '.join(state.fighters)}"
            )
        if self.outcome(state) is not None:
            return refuse("e133.fight.outcome.one-side-left", "the encounter is over: "
                          f"{self.outcome(state)}")
        return self._plan_for(state, f, kind, params, planner)

    def _plan_for(self, state: E133State, f: Fighter, kind: str, params: Params,
                  planner: Any) -> Plan | Refusal:
        if "down" in f.conditions and kind != "end_turn":
            return refuse("e133.round.turn-order", f"{f.id} is down and takes no actions")
        if f.fled and kind != "end_turn":
            return refuse("e133.fight.flee", f"{f.id} has fled the encounter and takes no "
                          "actions")
        if not f.can_act and kind != "end_turn":
            # Dropped: its turn opens with its death save and it may only end it; no
            # reactions either (reference/e133.md, Hit points and damage).
            return refuse("e133.fight.drop.no-actions", f"{f.id} is "
                          f"{f.health and f.health.status} and takes no actions (a dropped "
                          "combatant only ends its turn)", also=tuple(f.fallen_by))
        spec = ACTION_KINDS[kind]
        if not spec[1] and state.clock.current() != f.id:
            if state.surprise and state.clock.round == 1 and f.surprised:
                # Its turn is not merely elsewhere: the surprise round has none for it.
                return refuse("e133.round.surprised", f"{f.id} is surprised: the surprise "
                              "round has no turn for it; it acts from round 2")
            rule = {"end_turn": "e133.round.turn-order"}.get(kind, "e133.round.own-turn")
            if spec[0] == "free":
                rule = "e133.free.own-turn"
            return refuse(rule, f"it is {state.clock.current()}'s turn, not {f.id}'s")
        result: Plan | Refusal = planner(state, f, params)
        return result

    def resolve(self, state: E133State, action: Action, dice: DiceSource) -> list[Event]:
        last = self._last_plan
        if (last is not None and last[2] is action and last[1] == state.version
                and last[0]() is state):
            plan: Plan | Refusal = last[3]
        else:
            plan = self._plan(state, action)
        if isinstance(plan, Refusal):
            raise IllegalActionError(plan)
        if plan.kind in roster.KIND_NAMES:
            return roster.resolve(state, action, self.actions.parse(action), dice)
        actor = action.actor or GM
        if plan.kind == "end_turn":
            return self._advance_events(state, dice)
        events: list[Event] = []
        success = True
        critical = False
        if plan.roll is not None:
            record = plan.roll.check().roll(dice)
            success = record.success
            checked: dict[str, Any] = {
                "actor": actor, "what": plan.roll.what, "record": record.to_dict(),
                "total": record.total, "dc": record.dc, "success": success,
            }
            if plan.roll.attack:
                # A natural 1 always misses, a natural 20 always hits and is a critical hit
                # (e133.fight.attack.naturals, e133.fight.attack.crit).
                natural = record.total - plan.roll.modifier
                success = hits(natural, plan.roll.modifier, record.dc)
                critical = success and is_critical(natural)
                checked.update(success=success, natural=natural, critical=critical)
            events.append(Event("check_rolled", checked))
        if plan.plain_roll is not None:
            what, modifier, die = plan.plain_roll
            rolled = roll_value(f"{die}{modifier:+d}" if modifier else die, dice)
            events.append(Event("check_rolled", {
                "actor": actor, "what": what, "record": rolled.to_dict(),
                "total": rolled.total, "dc": None, "success": None,
            }))
        sets = plan.sets
        pay, free, removes = plan.pay, plan.free, plan.effects_remove
        adds = plan.effects_add
        if not success:
            if plan.fail_sets is not None:
                sets = plan.fail_sets
            if plan.fail_pay is not None:
                pay = plan.fail_pay
            if plan.fail_free is not None:
                free = plan.fail_free
            if plan.fail_effects_remove is not None:
                removes = plan.fail_effects_remove
            adds = []
        data: dict[str, Any] = {
            "actor": actor, "kind": plan.kind, "rule": plan.rule, "pay": list(pay),
            "free": free, "bonus": plan.bonus, "reaction": plan.reaction,
            "sets": copy_sets(sets), "effects_add": copy.deepcopy(adds) if adds else [],
            "effects_remove": list(removes), "success": success, "params": dict(action.params),
        }
        if plan.note:
            data["note"] = plan.note
        if plan.attack is not None:
            data["attack"] = {**plan.attack, "hit": success if plan.roll else None}
        if not plan.keep_window:
            # A failed climb or an interrupted dash covers no ground: it leaves no square.
            moved = success or plan.kind not in ("move", "dash")
            data["window"] = (window_record(plan.window)
                                  if moved and plan.window is not None else None)
        if plan.answer:
            data["answer"] = True
        events.append(Event("acted", data))
        # The fight: a hit deals its damage; a game master's override records its change.
        if plan.strike is not None and plan.roll is not None and success:
            mode, target = plan.strike
            events += hit_points.strike_events(state, state.fighters[actor],
                                               state.fighters[target], mode, critical, dice)
        events += [Event(t, d) for t, d in plan.fight_events]
        return events

    # ------------------------------------------------------------------ fold, offers, views
    def describe_event(self, state: E133State, event: Event) -> str:
        """One event as a sentence for the log (describe.py)."""
        return describe.describe_event(state, event)

    def apply(self, state: E133State, event: Event) -> None:
        fold.apply_event(state, event)

    def legal_actions(self, state: E133State, actor: str | None = None) -> Iterator[Action]:
        return self._offers.legal_actions(state, actor)

    def candidates(self, state: E133State, fid: str) -> list[Candidate]:
        """Every candidate ``legal_actions`` considers for ``fid`` now, legal or not."""
        return self._offers.candidates(state, fid)

    def view(self, state: E133State, seat: str | None = None) -> dict[str, Any]:
        return views.view(state, seat)

    def visible_command(self, state: E133State, action: Action | None, events: Sequence[Event],
                        seat: str) -> tuple[dict[str, Any] | None, list[dict[str, Any]]]:
        return views.visible_command(state, action, events, seat)

    def status_lines(self, state: E133State) -> list[str]:
        return views.status_lines(state)

    def tracker(self, state: E133State) -> dict[str, Any]:
        return views.tracker(state)
