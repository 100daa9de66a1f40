"""Each ruleset's turn order as a Hypothesis state machine (issue 13).

The machine plays a real game: any action the ruleset offers (attacks that drop combatants,
switches that bring Pokémon in and out, holds, Priority and Interrupts, readied actions,
listed-round actions) or the current combatant's ``end_turn``. It watches the kernel clock the
ruleset keeps and checks, against a small model of the turns it saw start:

- in a round each combatant's turn starts once (a combatant that held resumes once more);
- turns go in the round's order: the clock only moves forward, and the count each turn starts
  at never rises within a round (a holder acts at the count it held to);
- when a new round starts, every combatant of the last round's order either had its turn or
  may not take one (the ruleset's own eligibility: down, fainted, its turn used up early).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

import yaml
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from turnkeeper.core.game import Game
from turnkeeper.core.mechanics import Clock
from turnkeeper.core.model import Action
from turnkeeper.rulesets import get_ruleset
from turnkeeper.rulesets.ptu.economy import eligible as ptu_eligible

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"

E133_SETUP: dict[str, Any] = {
    # Two at the same count (a tie the clock breaks), hit points low enough that attacks
    # drop combatants (a dropped one keeps its turns for death saves; a dead one has none).
    "combatants": [
        {
            "id": "aria",
            "initiative": 18,
            "speed": 30,
            "attack_bonus": 5,
            "ac": 12,
            "max_hp": 9,
            "damage": "1d8+3 slashing",
        },
        {
            "id": "brute",
            "initiative": 12,
            "side": "foes",
            "speed": 30,
            "attack_bonus": 4,
            "ac": 11,
            "max_hp": 7,
            "damage": "1d6+1 bludgeoning",
        },
        {
            "id": "cleric",
            "initiative": 12,
            "speed": 25,
            "attack_bonus": 3,
            "ac": 13,
            "max_hp": 8,
            "damage": "1d6 bludgeoning",
        },
        {
            "id": "dire",
            "initiative": 5,
            "side": "foes",
            "speed": 40,
            "attack_bonus": 4,
            "ac": 10,
            "max_hp": 6,
            "damage": "1d4+2 piercing",
        },
    ]
}


def _file_setup(path: str) -> dict[str, Any]:
    data = yaml.safe_load((SCENARIOS / path).read_text("utf-8"))
    setup: dict[str, Any] = data["setup"]
    return setup


def _clock(ruleset: str, state: Any) -> Clock | None:
    if ruleset == "pte":
        pte_clock: Clock | None = None if state.combat is None else state.combat.clock
        return pte_clock
    clock: Clock = state.clock
    return clock


def _e133_may_act(game: Game[Any], who: str, rnd: int) -> bool:
    ruleset: Any = game.ruleset  # the e133 ruleset's own test of who takes a turn
    return bool(ruleset._eligible(game.state, who, rnd))


def _ptu_may_act(game: Game[Any], who: str, rnd: int) -> bool:
    return ptu_eligible(game.state, who)


def _pte_may_act(game: Game[Any], who: str, rnd: int) -> bool:
    return who in game.state.characters


class TurnOrderMachine(RuleBasedStateMachine):
    """Subclassed per ruleset with its name, set-up and eligibility."""

    ruleset_name = ""
    setup: ClassVar[dict[str, Any]] = {}
    may_act: Callable[[Game[Any], str, int], bool] = staticmethod(_pte_may_act)
    opening: tuple[Action, ...] = ()

    def __init__(self) -> None:
        super().__init__()
        self.start()

    def start(self) -> None:
        self.game: Game[Any] = Game(get_ruleset(self.ruleset_name), self.setup, seed=3)
        for action in self.opening:
            self.game.play(action)
        self.turns: dict[int, list[str]] = {}  # round -> who started a turn, in order
        self.counts: dict[int, list[float]] = {}  # round -> the count each turn started at
        self.seen: tuple[int, int, str] | None = None
        self.previous: tuple[int, list[str]] | None = None  # the last round and its order
        self.eligible: tuple[int, set[str]] = (0, set())
        self.observe()

    # ---------------------------------------------------------------- driving the game
    @precondition(lambda self: self.game.outcome() is None)
    @rule(data=st.data())
    def take_an_offered_action(self, data: st.DataObject) -> None:
        offers = list(self.game.legal_actions(None))
        if offers:
            self.play(data.draw(st.sampled_from(offers), label="action"))

    @precondition(lambda self: self.game.outcome() is None)
    @rule()
    def end_the_turn(self) -> None:
        who = self.game.whose_turn()
        if who is None:
            return
        ending = Action("end_turn", who, {})
        if self.game.is_legal(ending):
            self.play(ending)

    @precondition(lambda self: self.game.outcome() is not None)
    @rule()
    def next_encounter(self) -> None:
        """One side is left: the machine goes on with a fresh encounter (and model)."""
        self.start()

    def play(self, action: Action) -> None:
        assert self.game.check(action) is None, f"offered but refused: {action}"
        # Who may still act, judged before the action that may end the round (a new round
        # resets what a ruleset remembers of the last one).
        clock = _clock(self.ruleset_name, self.game.state)
        if clock is not None and clock.round > 0:
            self.eligible = (
                clock.round,
                {who for who in clock.sequence if self.may_act(self.game, who, clock.round)},
            )
        self.game.play(action)
        self.observe()

    # ---------------------------------------------------------------- the model
    def observe(self) -> None:
        clock = _clock(self.ruleset_name, self.game.state)
        if clock is None or clock.round == 0:
            # Out of combat (pte): the next combat starts a new count of rounds.
            self.turns, self.counts, self.seen, self.previous = {}, {}, None, None
            return
        if self.previous is not None and clock.round > self.previous[0]:
            self.round_ended(*self.previous)
        self.previous = (clock.round, list(clock.sequence))
        if not 0 <= clock.index < len(clock.sequence):
            return
        who = clock.sequence[clock.index]
        # A turn is the same while the same combatant is current in the same round: a
        # combatant joining or leaving earlier in the order shifts the index, not the turn.
        here = (clock.round, clock.index, who)
        if self.seen is not None and (here == self.seen or here[::2] == self.seen[::2]):
            self.seen = here
            return
        self.seen = here
        count = (
            clock.held.get(who, clock.counts[who])
            if clock.held_round == clock.round
            else (clock.counts[who])
        )
        started = self.turns.setdefault(clock.round, [])
        counts = self.counts.setdefault(clock.round, [])
        # Once a round, or twice for a combatant that held its action to a lower count.
        allowed = 2 if who in clock.held and clock.held_round == clock.round else 1
        assert started.count(who) < allowed, (
            f"{who} starts a turn again in round {clock.round} (turns: {started})"
        )
        if counts:
            assert count <= counts[-1], (
                f"round {clock.round}: {who} acts at count {count} after count {counts[-1]}"
            )
        started.append(who)
        counts.append(count)

    def round_ended(self, rnd: int, order: list[str]) -> None:
        had = set(self.turns.get(rnd, []))
        judged, may = self.eligible
        assert judged == rnd, "the round ended without an action in it"
        for who in order:
            if who not in had:
                assert who not in may, (
                    f"round {rnd} ended without a turn for {who} (turns: {self.turns.get(rnd)})"
                )

    @invariant()
    def whose_turn_is_the_clock_s(self) -> None:
        clock = _clock(self.ruleset_name, self.game.state)
        if clock is None or not 0 <= clock.index < len(clock.sequence):
            return
        if self.ruleset_name == "ptu" and (
            self.game.state.phase != "turns" or self.game.state.interjections
        ):
            # League declarations go slowest first, outside the clock's turns; a Priority
            # or Interrupt user acts in the middle of the current turn.
            return
        assert self.game.whose_turn() == clock.sequence[clock.index]


SETTINGS = settings(
    max_examples=25,
    stateful_step_count=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)


class E133TurnOrder(TurnOrderMachine):
    ruleset_name = "e133"
    setup = E133_SETUP
    may_act = staticmethod(_e133_may_act)


class PtuTurnOrder(TurnOrderMachine):
    ruleset_name = "ptu"
    setup = _file_setup("ptu/turns_and_priority.yaml")
    may_act = staticmethod(_ptu_may_act)
    opening = (Action("begin_combat", "gm", {}),)


class PteTurnOrder(TurnOrderMachine):
    ruleset_name = "pte"
    setup = _file_setup("pte/combat.yaml")
    may_act = staticmethod(_pte_may_act)
    opening = (Action("start_combat", "gm", {"order": ["ash", "brock", "misty"]}),)


TestE133TurnOrder = E133TurnOrder.TestCase
TestE133TurnOrder.settings = SETTINGS
TestPtuTurnOrder = PtuTurnOrder.TestCase
TestPtuTurnOrder.settings = SETTINGS
TestPteTurnOrder = PteTurnOrder.TestCase
TestPteTurnOrder.settings = SETTINGS
