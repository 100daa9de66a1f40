"""A tiny ruleset for exercising the server: two seats race a counter to a target.

Players (each controlled by a seat) take turns in initiative order (rolled at set-up). On its
turn a player has one standard action: ``add`` (1-3 to its score), ``roll`` (a d6 to its
score) or ``play`` (a card from its hidden hand, dealt by dice at set-up); then ``end_turn``.
Nobody but the owner's seat (and the GM) may see a hand.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from turnkeeper.core import (
    Action,
    BadActionError,
    Budget,
    Clock,
    Event,
    Outcome,
    Refusal,
    Rule,
    RuleCatalogue,
    SetupError,
)
from turnkeeper.dice.source import DiceSource

RULES = RuleCatalogue(
    "counter",
    [
        Rule("counter.turn.own-turn", "Only the player whose turn it is may act.", "Counter §1"),
        Rule("counter.standard.once", "One standard action per turn.", "Counter §2"),
        Rule("counter.add.range", "Add between 1 and 3.", "Counter §3"),
        Rule("counter.play.in-hand", "Only a card still in hand may be played.", "Counter §4"),
        Rule("counter.game.over", "Nothing more happens once someone has won.", "Counter §5"),
    ],
)

KINDS = ("add", "roll", "play", "end_turn")


@dataclass
class Player:
    name: str
    seat: str
    score: int = 0
    hand: list[int] = field(default_factory=list)


@dataclass
class CounterState:
    players: dict[str, Player] = field(default_factory=dict)
    clock: Clock = field(default_factory=Clock)
    budget: Budget = field(default_factory=Budget)
    target: int = 20


class CounterRuleset:
    name = "counter"
    rules = RULES
    hidden_information = True

    def initial_state(self) -> CounterState:
        return CounterState()

    def setup(self, config: Mapping[str, Any], dice: DiceSource) -> list[Event]:
        players = config.get("players")
        if not isinstance(players, list) or len(players) < 2:
            raise SetupError("setup.players must list at least two players")
        target = config.get("target", 20)
        if not isinstance(target, int) or target < 1:
            raise SetupError("setup.target must be a positive integer")
        events = [Event("target", {"target": target})]
        for i, p in enumerate(players):
            if not isinstance(p, Mapping) or not all(
                isinstance(p.get(k), str) for k in ("id", "seat")
            ):
                raise SetupError(f"setup.players[{i}] needs 'id' and 'seat' strings")
            hand = [dice.die(6) for _ in range(3)]
            events.append(
                Event(
                    "joined",
                    {
                        "id": p["id"],
                        "name": str(p.get("name", p["id"])),
                        "seat": p["seat"],
                        "initiative": dice.die(20),
                        "hand": hand,
                    },
                )
            )
        events.append(Event("round", {}))
        return events

    def apply(self, state: CounterState, event: Event) -> None:
        d = event.data
        if event.type == "target":
            state.target = d["target"]
        elif event.type == "joined":
            state.players[d["id"]] = Player(d["name"], d["seat"], 0, list(d["hand"]))
            state.clock.add(d["id"], d["initiative"])
        elif event.type == "round":
            state.clock.start_round()
            state.budget.reset({"standard": 1})
        elif event.type == "scored":
            state.players[d["id"]].score += d["amount"]
            state.budget.pay_exact("standard")
        elif event.type == "card_played":
            state.players[d["id"]].hand.remove(d["card"])
        elif event.type == "turn_ended":
            state.clock.advance()
            state.budget.reset({"standard": 1})

    def check(self, state: CounterState, action: Action) -> Refusal | None:
        if action.kind not in KINDS:
            raise BadActionError(f"unknown action kind {action.kind!r}")
        if action.actor not in state.players:
            raise BadActionError(f"unknown player {action.actor!r}")
        if action.kind == "add":
            amount = action.params.get("amount")
            if not isinstance(amount, int) or isinstance(amount, bool):
                raise BadActionError("add needs an integer 'amount'")
        if action.kind == "play" and not isinstance(action.params.get("card"), int):
            raise BadActionError("play needs an integer 'card'")
        if self.outcome(state) is not None:
            return RULES.refuse("counter.game.over")
        if state.clock.current() != action.actor:
            return RULES.refuse("counter.turn.own-turn")
        if action.kind == "end_turn":
            return None
        if state.budget.left("standard") < 1:
            return RULES.refuse("counter.standard.once")
        if action.kind == "add" and not 1 <= action.params["amount"] <= 3:
            return RULES.refuse("counter.add.range", f"cannot add {action.params['amount']}")
        if action.kind == "play" and action.params["card"] not in state.players[action.actor].hand:
            return RULES.refuse("counter.play.in-hand")
        return None

    def resolve(self, state: CounterState, action: Action, dice: DiceSource) -> list[Event]:
        who = action.actor
        if action.kind == "add":
            return [Event("scored", {"id": who, "amount": action.params["amount"]})]
        if action.kind == "roll":
            return [Event("scored", {"id": who, "amount": dice.die(6)})]
        if action.kind == "play":
            card = action.params["card"]
            return [
                Event("card_played", {"id": who, "card": card}),
                Event("scored", {"id": who, "amount": card}),
            ]
        return [Event("turn_ended", {"id": who})]

    def legal_actions(self, state: CounterState, actor: str | None = None) -> Iterator[Action]:
        for who in state.players if actor is None else [actor]:
            if who not in state.players:
                continue
            candidates = [Action("add", who, {"amount": n}, cost="standard") for n in (1, 2, 3)]
            candidates.append(
                Action("roll", who, {}, cost="standard", odds={str(n): "1/6" for n in range(1, 7)})
            )
            candidates += [
                Action("play", who, {"card": c}, cost="standard")
                for c in sorted(set(state.players[who].hand))
            ]
            candidates.append(Action("end_turn", who, {}, cost="free"))
            for action in candidates:
                if self.check(state, action) is None:
                    yield action

    def whose_turn(self, state: CounterState) -> str | None:
        return None if self.outcome(state) else state.clock.current()

    def actors(self, state: CounterState) -> list[str]:
        return list(state.players)

    def controller(self, state: CounterState, actor: str) -> str | None:
        player = state.players.get(actor)
        return None if player is None else player.seat

    def outcome(self, state: CounterState) -> Outcome | None:
        for pid, player in state.players.items():
            if player.score >= state.target:
                return Outcome((pid,), f"reached {state.target}")
        return None

    def view(self, state: CounterState, seat: str | None = None) -> dict[str, Any]:
        return {
            "target": state.target,
            "players": {
                pid: {
                    "name": p.name,
                    "seat": p.seat,
                    "score": p.score,
                    # The hand is the hidden information: its owner (and the GM) see the
                    # cards, everyone else only how many there are.
                    "hand": list(p.hand) if seat is None or seat == p.seat else len(p.hand),
                }
                for pid, p in state.players.items()
            },
        }

    def tracker(self, state: CounterState) -> dict[str, Any]:
        current = state.clock.current()
        return {
            "round": state.clock.round,
            "turn": current,
            "order": [
                {
                    "id": pid,
                    "name": state.players[pid].name,
                    "controller": state.players[pid].seat,
                    "current": pid == current,
                    "pips": {
                        "standard": [state.budget.left("standard") if pid == current else 1, 1]
                    },
                }
                for pid in state.clock.sequence
            ],
        }


RULESET = CounterRuleset()

SETUP: dict[str, Any] = {
    "players": [
        {"id": "ann", "name": "Ann", "seat": "north"},
        {"id": "bob", "name": "Bob", "seat": "south"},
    ],
    "target": 1_000_000,
}

# What ``turnkeeper serve`` uses for the demo game of an empty database.
EXAMPLE_SETUP = SETUP
