"""Pokémon Tabletop United 1.05 combat (``ptu``): the ruleset object the kernel drives.

Read the package top to bottom: ``setup.py`` (the set-up format) and ``settings.py``;
``state.py``; ``shared.py`` (the table's row type, shared field types and models, cost
shapes); ``actions.py`` (the table of action kinds); ``economy.py`` (turns, timing and
costs); the action families ``turn_control.py``, ``attacks.py``, ``items.py``,
``movement.py``, ``switching.py``, ``general.py`` and ``gm.py``; ``check.py`` and
``resolve.py`` (the steps every action goes through); ``folding.py`` and ``turn_order.py``
(how events change the state); ``legal.py`` (the legal-action listing); ``per_version.py``
(what is worked out once per state version: the listings, the outcome, the out-of-turn
answers); ``views.py``. Rule ids live in ``rules.py``, move data in
``moves.py``/``moves.json``.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from fractions import Fraction
from typing import Any, ClassVar, final

from turnkeeper.core.model import (
    Action,
    Event,
    Outcome,
    Refusal,
    RuleCatalogue,
)
from turnkeeper.core.schema import ActionCatalogue
from turnkeeper.dice.source import DiceSource
from turnkeeper.rulesets.ptu import describe, folding, per_version, views, window
from turnkeeper.rulesets.ptu import resolve as resolving
from turnkeeper.rulesets.ptu import sim as simulation
from turnkeeper.rulesets.ptu.actions import ACTIONS, KINDS
from turnkeeper.rulesets.ptu.afflicted import with_turn_start
from turnkeeper.rulesets.ptu.attacks import struggle_move
from turnkeeper.rulesets.ptu.damage import attack_offer_odds
from turnkeeper.rulesets.ptu.economy import initiative_roll_off, whose_turn
from turnkeeper.rulesets.ptu.field import hit_odds, move_of, skill_odds
from turnkeeper.rulesets.ptu.maneuvering import MANEUVER_NAMES, TRICKS, maneuver_odds
from turnkeeper.rulesets.ptu.moves import starter_moves
from turnkeeper.rulesets.ptu.rules import RULES
from turnkeeper.rulesets.ptu.setup import PtuSetup, parse_config
from turnkeeper.rulesets.ptu.state import PtuState

# Kept importable from here (tests and tools import them from this module).
__all__ = ["KINDS", "PtuRuleset", "hit_odds", "skill_odds"]


@final
class PtuRuleset:
    # The protocol's two members (instance attributes of the kernel's Ruleset protocol);
    # the rest are class attributes (ClassVar), read from the class itself too: mypyc, which
    # compiles this module (turnkeeper/compiled.py), makes other annotated names slots.
    name: str = "ptu"
    rules: RuleCatalogue = RULES
    # every action kind and its parameter model (actions.py)
    actions: ClassVar[ActionCatalogue] = ACTIONS
    setup_model: ClassVar[type[PtuSetup]] = PtuSetup  # the set-up format (setup.py)
    # Seats see other players' hit points and items as null in their views, and the events
    # carry exactly that data (the set-up event lists every combatant's hp and items; damage,
    # heal and item events name amounts and items). visible_command takes those out of what
    # other seats are sent; everything else, dice and accuracy rolls included, is public.
    hidden_information: ClassVar[bool] = True
    # turnkeeper.sim: wild Pokémon (no player controls them) win as "wild" in outcome().
    gm_seat_name: ClassVar[str] = "wild"
    # turnkeeper.sim's random agent leaves these aside while anything else is offered: the
    # generic actions (speaking, "activate a feature"), holding and trading the Standard
    # spend the budget but change nothing a simulation can see.
    sim_idle_kinds: ClassVar[frozenset[str]] = frozenset({
        "free_action", "swift_action", "shift_action", "standard_action", "full_action", "hold",
        "trade_standard"})

    # ------------------------------------------------------------------ set-up
    def initial_state(self) -> PtuState:
        return PtuState()

    def setup(self, config: Mapping[str, Any], dice: DiceSource) -> list[Event]:
        data = parse_config(config, starter_moves())
        events = [Event("encounter_set_up", data)]
        if data["ambush"]:
            # No free set-up step in an ambush (p. 227): round 1 starts at once, so the Speed
            # ties are rolled off now.
            events.extend(initiative_roll_off(
                [(c["id"], c["speed"], c["kind"]) for c in data["combatants"]],
                data["context"], dice,
            ))
            events.append(Event("combat_began", {}))
            # The first turn begins with the set-up: its start-of-turn saves are rolled now
            # (rules ptu.fight.affliction.paralyzed, .confused, .infatuated; p. 246-247).
            return with_turn_start(self.initial_state(), events, dice)
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
        """Who won, once one side is left (asked after every action: cached per version)."""
        return per_version.outcome(state)

    # ------------------------------------------------------------------ simulation
    def sim_gm_action(self, state: PtuState) -> Action | None:
        """The GM's one step in a simulated encounter: start the combat (turnkeeper.sim)."""
        return Action("begin_combat", "gm") if state.phase == "setup" else None

    def sim_out_of_turn(self, state: PtuState) -> list[Action]:
        """Answers to the windows open now by combatants whose turn it is not (Protect and
        the other Interrupts, Intercept, Attacks of Opportunity), for turnkeeper.sim."""
        return per_version.out_of_turn_answers(state)

    def round_number(self, state: PtuState) -> int:
        return state.clock.round

    def score(self, state: PtuState, action: Action) -> float:
        """What the ``greedy`` agent maximises: the expected share of the target's HP an
        attack takes (P(hit) x mean damage on a hit / HP left), with a fainting bonus;
        0 for anything else."""
        if "trigger" in action.params:
            return self._answer_score(state, action)
        odds = action.odds
        target = state.combatants.get(str(action.params.get("target", "")))
        if not odds or target is None or "p_faint" not in odds:
            return 0.0
        p_hit = float(Fraction(odds["p_hit"]))
        mean = sum(int(k[7:]) * float(Fraction(v)) for k, v in odds.items()
                   if k.startswith("damage="))
        return float(Fraction(odds["p_faint"])) + p_hit * mean / max(1, target.hp)

    def _answer_score(self, state: PtuState, action: Action) -> float:
        """An out-of-turn answer's worth to the ``greedy`` agent: Protect on a hit waiting
        for its user 1; an Intercept taking a waiting hit for an ally with fewer HP 0.5; an
        Attack of Opportunity as the attack it is; anything else 0 (not worth answering)."""
        me = state.combatants.get(str(action.actor))
        if me is None:
            return 0.0
        waiting = [hit["target"] for hit in state.pending_hits]
        if action.kind == "use_move":
            move = move_of(state, str(action.params.get("move", "")))
            return 1.0 if move is not None and move.get("protects") and me.id in waiting else 0.0
        if action.kind == "intercept":
            occ = next((o for o in state.occurrences
                        if o.occurrence == action.params.get("trigger")), None)
            ally = state.combatants.get(str(occ.data.get("target"))) if occ else None
            return 0.5 if ally is not None and ally.id in waiting and ally.hp < me.hp else 0.0
        if action.kind == "attack_of_opportunity":
            odds = self.odds(state, action)
            if odds:
                return self.score(state, Action(action.kind, action.actor,
                                                {"target": action.params["target"]},
                                                odds=odds))
        return 0.0

    # ------------------------------------------------------------------ rules
    def check(self, state: PtuState, action: Action) -> Refusal | None:
        return per_version.check(state, action)

    def resolve(self, state: PtuState, action: Action, dice: DiceSource) -> list[Event]:
        return resolving.resolve(state, action, dice)

    def apply(self, state: PtuState, event: Event) -> None:
        folding.apply(state, event)

    def legal_actions(self, state: PtuState, actor: str | None = None) -> Iterator[Action]:
        """The legal actions, computed once per state version and actor (then cached)."""
        return iter(self.legal_list(state, actor))

    def legal_list(self, state: PtuState, actor: str | None) -> list[Action]:
        """:meth:`legal_actions` as the cached list itself (the simulator's loop, ptu/sim.py,
        reads it as it is: no iterator and no copy per action; never change it)."""
        return per_version.legal_list(state, actor)

    def sim_play_game(
        self, config: Mapping[str, Any], game_seed: str, agents: Sequence[str],
        max_actions: int,
    ) -> tuple[tuple[str, ...] | None, str, int, int | None] | None:
        """turnkeeper.sim's fast path: game ``game_seed`` played on one live state, exactly
        as the reference loop plays it (``ptu/sim.py``); ``None`` for agents it does not
        know."""
        return simulation.play_game(self, config, game_seed, agents, max_actions)

    def odds(self, state: PtuState, action: Action) -> dict[str, Any] | None:
        kind = KINDS.get(action.kind)
        if kind is None:
            return None
        bonus = 1 if action.params.get("ap") else 0
        if action.kind in ("use_move", "struggle", "attack_of_opportunity"):
            user = state.combatants.get(str(action.actor))
            target = state.combatants.get(str(action.params.get("target", "")))
            if user is None or target is None:
                return None
            if action.kind == "use_move":
                move = move_of(state, str(action.params.get("move", "")))
                if move is None or move["range"] == "self":
                    return None
                return attack_offer_odds(state, user, target, move, bonus)
            return attack_offer_odds(state, user, target, struggle_move(user), bonus,
                                     stab=False)
        if action.kind == "skill_check":
            c = state.combatants.get(str(action.actor))
            skill, dc = action.params.get("skill"), action.params.get("dc")
            if c is None or not isinstance(skill, str) or not isinstance(dc, int):
                return None
            return {"success": skill_odds(c.skills.get(skill, 2), bonus, dc)}
        if action.kind in MANEUVER_NAMES:
            user = state.combatants.get(str(action.actor))
            target = state.combatants.get(str(action.params.get("target", "")))
            trick = action.params.get("trick")
            if user is None or target is None or (
                    action.kind == "dirty_trick" and trick not in TRICKS):
                return None
            return maneuver_odds(state, user, target, action.kind,
                                 None if trick is None else str(trick), bonus)
        if kind.ac is not None:
            return {"success": hit_odds(kind.ac, bonus)}
        return None

    # ------------------------------------------------------------------ views
    def describe_event(self, state: PtuState, event: Event) -> str:
        """One event as a sentence for the log (describe.py)."""
        return describe.describe_event(state, event)

    def view(self, state: PtuState, seat: str | None = None) -> dict[str, Any]:
        return {**views.view(state, seat), "window": window.open_window(state, self.legal_actions)}

    def visible_command(
        self, state: PtuState, action: Action | None, events: Sequence[Event], seat: str
    ) -> tuple[dict[str, Any] | None, list[dict[str, Any]]]:
        return views.visible_command(state, action, events, seat)

    def visible_offer(self, state: PtuState, action: Action, seat: str) -> Action:
        return views.visible_offer(state, action, seat)

    def status_lines(self, state: PtuState) -> list[str]:
        return views.status_lines(state)

    def tracker(self, state: PtuState) -> dict[str, Any]:
        return views.tracker(state)
