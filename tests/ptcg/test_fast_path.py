"""The simulator's fast path (live state, ``legal_list``, ``run`` without a log) against the
slow path (``Game`` + ``legal_actions`` + ``check``): the same offers in the same order, the
same choices from the same agent draws, the same final state."""

from __future__ import annotations

import dataclasses
import itertools
import pickle
import random
from collections.abc import Sequence
from copy import deepcopy
from typing import Any

import pytest

from tests.ptcg.board import act, game, view
from turnkeeper.core.game import Game, state_hash
from turnkeeper.core.model import Action
from turnkeeper.core.ruleset import SetupError
from turnkeeper.dice.source import SeededDice
from turnkeeper.rulesets.ptcg import RULESET
from turnkeeper.rulesets.ptcg.agents import AGENTS
from turnkeeper.rulesets.ptcg.cards import bundled_decks
from turnkeeper.rulesets.ptcg.engine import (
    Ctx,
    check,
    legal,
    legal_list,
    main_list,
    run,
    settle,
    whose_turn,
)
from turnkeeper.rulesets.ptcg.sim import MAX_ACTIONS, play_game
from turnkeeper.rulesets.ptcg.state import SEATS, PtcgState, apply_event
from turnkeeper.rulesets.ptcg.turn import nothing_to_settle


def _keys(actions: Sequence[Action]) -> list[str]:
    return [a.key() for a in actions]


def _side_by_side(
    decks: list[Any],
    agent: str,
    seed: str,
    settings: dict[str, Any] | None = None,
    card_db: str = "",
) -> tuple[int, set[str]]:
    """Play one game both ways; return its length and the kinds of action offered.

    The slow side applies the events ``run`` records; the fast side's ``run`` keeps no log
    and makes the common events' changes directly: the states must agree after every step.
    """
    choose = AGENTS[agent]
    dice_slow, dice_fast = SeededDice(seed), SeededDice(seed)
    rng_slow, rng_fast = random.Random(seed), random.Random(seed)
    config: dict[str, Any] = {"decks": decks}
    if settings:
        config["settings"] = settings
    if card_db:
        config["card_db"] = card_db
    slow = Game(RULESET, config, dice=dice_slow)
    live = RULESET.initial_state()
    for event in RULESET.setup(config, dice_fast):
        apply_event(live, event)
    assert state_hash(slow.state) == state_hash(live)
    steps = 0
    kinds: set[str] = set()
    while slow.outcome() is None:
        assert steps < MAX_ACTIONS
        offered = list(slow.legal_actions())
        fast = legal_list(live, whose_turn(live))
        assert _keys(fast) == _keys(offered), f"step {steps}: the offers differ"
        # play_game runs an inline random pick for the seat it listed: every offer is theirs
        assert all(a.actor == SEATS[whose_turn(live)] for a in fast)
        for action in fast:
            assert check(live, action) is None, f"step {steps}: {action} is offered but refused"
            kinds.add(action.kind)
        picked_slow = choose(slow.state, offered, rng_slow)
        picked_fast = choose(live, fast, rng_fast)
        assert picked_fast.key() == picked_slow.key()
        slow.play(picked_slow)
        assert run(live, picked_fast, dice_fast, record=False) == []  # no log kept
        steps += 1
        assert state_hash(slow.state) == state_hash(live), f"step {steps}"
    assert live.phase == "over"
    assert state_hash(slow.state) == state_hash(live)
    assert legal_list(live, 0) == [] and legal_list(live, 1) == []
    return steps, kinds


@pytest.mark.parametrize(
    ("decks", "agent", "seed"),
    [
        (["sapphire", "ruby"], "random", "side/0"),
        (["ruby", "sapphire"], "random", "side/1"),
        (["sapphire", "ruby"], "random", "side/2"),
        (["ruby", "sapphire"], "random", "side/3"),
        (["sapphire", "ruby"], "greedy", "side/4"),
        (["ruby", "sapphire"], "greedy", "side/5"),
    ],
)
def test_fast_and_slow_paths_play_the_same_game(decks: list[str], agent: str, seed: str) -> None:
    steps, kinds = _side_by_side(decks, agent, seed)
    assert steps > 10  # played to the end (checked inside), through setup and turns
    assert {"attach", "end_turn", "place_active", "ready"} <= kinds


@pytest.mark.parametrize(
    "settings",
    [
        {"first_turn_attack": False, "first_turn_supporter": True},
        {"first_turn_draw": True, "stadium_same_name": True},
    ],
)
def test_the_paths_agree_under_other_settings(settings: dict[str, Any]) -> None:
    """The fast list tests the turn-1 settings itself (inline ``attack_rule`` and
    ``trainer_rule``): games under other settings stay the same both ways."""
    for i in range(3):
        steps, kinds = _side_by_side(["sapphire", "ruby"], "random", f"settings/{i}", settings)
        assert steps > 10 and "attack" in kinds


def test_the_random_agent_is_randrange_over_the_offers() -> None:
    """The random agent draws its index as ``rng.randrange(len(offers))`` does (it inlines
    ``Random._randbelow``): the same picks from the same generator, for every list length."""
    rng_agent, rng_plain = random.Random("agent"), random.Random("agent")
    for n in [*range(1, 70), *range(1, 70)]:
        offers = [Action("end_turn", "p1", {"i": i}) for i in range(n)]
        picked = AGENTS["random"](PtcgState(), offers, rng_agent)
        assert picked is offers[rng_plain.randrange(n)]
    assert rng_agent.random() == rng_plain.random()  # the generators are in step
    with pytest.raises(ValueError):
        AGENTS["random"](PtcgState(), [], rng_agent)


class _PlainDice:
    """A dice source that is not a ``SeededDice`` (so ``Ctx.shuffle`` asks ``die``)."""

    def __init__(self, seed: str) -> None:
        self.inner = SeededDice(seed)

    def die(self, sides: int) -> int:
        return self.inner.die(sides)


def test_the_inline_shuffle_draws_what_die_draws() -> None:
    """``Ctx.shuffle`` draws from a ``SeededDice``'s generator directly: the same order as
    asking ``die`` for every swap, and the dice left in the same state."""
    for i, size in enumerate([0, 1, 2, 7, 33, 53, 60]):
        orders = []
        for dice in (SeededDice(f"shuffle/{i}"), _PlainDice(f"shuffle/{i}")):
            state = PtcgState()
            state.sides[0].deck = list(range(size))
            ctx = Ctx(state, dice)
            ctx.shuffle(0)
            orders.append((state.sides[0].deck, dice.die(1000)))
        assert orders[0] == orders[1]
        assert sorted(orders[0][0]) == list(range(size))


def test_no_attack_is_offered_to_an_asleep_or_paralyzed_active() -> None:
    for condition in ("asleep", "paralyzed", "confused"):
        g = game(
            {
                "active": {
                    "card": "Mudkip",
                    "energy": ["Water Energy", "Water Energy"],
                    "conditions": [condition],
                },
                "bench": [{"card": "Wingull"}],
            },
            {"active": {"card": "Torchic"}},
        )
        fast = legal_list(_state(g), 0)
        assert _keys(fast) == _keys(list(g.legal_actions()))
        attacks = [a for a in fast if a.kind == "attack"]
        assert (attacks != []) == (condition == "confused")


def test_the_side_by_side_games_offer_every_kind_of_turn_action() -> None:
    offered: set[str] = set()
    for i in range(4):
        offered |= _side_by_side(["sapphire", "ruby"], "random", f"kinds/{i}")[1]
    assert {
        "bench",
        "attach",
        "evolve",
        "play_trainer",
        "retreat",
        "attack",
        "end_turn",
        "promote",
        "choose",
        "choose_first",
    } <= offered


def _reference_game(decks: list[str], seed: str, index: int) -> tuple[str | None, int, int, str]:
    """The simulator's loop written the plain way: the legal-action generator, every step."""
    key = f"ptcg-sim/{seed}/{index}"
    dice = SeededDice(key)
    rng = random.Random(key + "/agents")
    state = RULESET.initial_state()
    for event in RULESET.setup({"decks": decks}, dice):
        apply_event(state, event)
    actions = 0
    while state.phase != "over":
        options = list(legal(state, whose_turn(state), describe=False))
        run(state, AGENTS["random"](state, options, rng), dice)
        actions += 1
    winner = SEATS[state.winners[0]] if len(state.winners) == 1 else None
    return winner, state.turn, actions, state.end_rule


@pytest.mark.parametrize("index", range(6))
def test_play_game_is_the_plain_loop_made_fast(index: int) -> None:
    decks = ["sapphire", "ruby"] if index % 2 else ["ruby", "sapphire"]
    result = play_game(decks, ["random", "random"], "plain", index)
    assert (result.winner, result.turns, result.actions, result.reason) == _reference_game(
        decks, "plain", index
    )


def _state(g: Game[PtcgState]) -> PtcgState:
    return g.state


def test_the_fast_list_matches_in_set_positions() -> None:
    """Full Bench, an Evolution waiting, Energy played, a Tool, conditions: offers agree."""
    g = game(
        {
            "active": {"card": "Mudkip", "energy": ["Water Energy"], "conditions": ["confused"]},
            "bench": [
                {"card": "Mudkip"},
                {"card": "Wingull"},
                {"card": "Wailmer", "damage": 30},
                {"card": "Koffing"},
                {"card": "Treecko"},
            ],
            "hand": ["Marshtomp", "Marshtomp", "Potion", "Water Energy", "Lum Berry", "Mudkip"],
        },
        {"active": {"card": "Torchic"}},
    )
    s = _state(g)
    assert _keys(legal_list(s, 0)) == _keys(list(g.legal_actions()))
    assert legal_list(s, 1) == []
    act(g, "p1", "attach", card="Water Energy", target="bench2")
    s = _state(g)
    fast = legal_list(s, 0)
    assert _keys(fast) == _keys(list(g.legal_actions()))
    assert not any(a.kind == "attach" for a in fast)  # one Energy a turn
    assert sum(a.kind == "bench" for a in fast) == 0  # the Bench is full
    evolve = [dict(a.params) for a in fast if a.kind == "evolve"]
    assert evolve == [
        {"card": evolve[0]["card"], "target": "active"},
        {"card": evolve[0]["card"], "target": "bench1"},
    ]
    assert all(check(s, a) is None for a in fast)


def test_a_knock_out_by_poison_between_turns_is_still_settled() -> None:
    """Between turns, checkup settles again only when something happened; poison did."""
    g = game(
        {"active": {"card": "Mudkip"}, "bench": [{"card": "Wingull"}]},
        {
            "active": {"card": "Torchic", "damage": 30, "conditions": ["poisoned"]},
            "bench": [{"card": "Skitty"}],
        },
    )
    act(g, "p1", "end_turn")
    s = _state(g)
    assert s.phase == "promote" and whose_turn(s) == 1
    assert _keys(legal_list(s, 1)) == _keys(list(g.legal_actions()))
    assert view(g)["players"]["p1"]["prize_count"] == 5


def test_a_quiet_turn_change_goes_straight_to_the_next_turn() -> None:
    g = game(
        {"active": {"card": "Mudkip", "damage": 30}},
        {"active": {"card": "Torchic", "damage": 10}},
    )
    act(g, "p1", "end_turn")
    s = _state(g)
    assert (s.phase, s.current, s.turn) == ("main", 1, 4)
    assert [m.damage for m in (s.sides[0].active, s.sides[1].active) if m is not None] == [30, 10]
    assert _keys(legal_list(s, 1)) == _keys(list(g.legal_actions()))


def test_the_quick_settle_check_agrees_with_settle() -> None:
    """``nothing_to_settle`` (the shortcut ``after`` takes) holds exactly when ``settle``
    finds nothing to do, in every state of a few random games."""
    quick = slow_path = 0
    for index in range(4):
        key = f"settle/{index}"
        dice = SeededDice(key)
        rng = random.Random(key)
        state = RULESET.initial_state()
        for event in RULESET.setup({"decks": ["sapphire", "ruby"]}, dice):
            apply_event(state, event)
        while state.phase != "over":
            if state.phase in ("main", "promote", "choice"):
                ctx = Ctx(state.clone(), SeededDice(0))
                over = settle(ctx)
                if nothing_to_settle(state):
                    quick += 1
                    assert not over and ctx.events == []
                else:
                    slow_path += 1
            options = legal_list(state, whose_turn(state))
            run(state, options[rng.randrange(len(options))], dice, record=False)
    assert quick > 100 and slow_path > 0


def test_the_hand_summaries_follow_the_card_facts() -> None:
    """``main_list`` keeps per-instance card summaries in ``s.fast``, built from ``s.defs``:
    a state given new card facts (a new ``defs`` list, every copy of a card sharing its
    facts as ``link_cards`` makes them) is listed from the new facts, and states sharing
    the facts (clones) share the summaries."""
    g = game(
        {
            "active": {"card": "Mudkip", "energy": ["Water Energy"]},
            "bench": [{"card": "Wingull"}],
            "hand": ["Marshtomp", "Potion", "Water Energy", "Treecko", "Treecko"],
        },
        {"active": {"card": "Torchic"}},
    )
    s = _state(g).clone()
    before = legal_list(s, 0)
    assert _keys(before) == _keys(list(g.legal_actions()))
    assert s.fast is not None and s.clone().fast is s.fast
    assert sum(a.kind == "bench" for a in before) == 1  # two Treecko, one offer
    copies = [i for i in s.sides[0].hand if s.defs[i].name == "Treecko"]
    assert len(copies) == 2
    changed = dataclasses.replace(s.defs[copies[0]], stage="stage1", evolves_from="Mudkip")
    s.defs = list(s.defs)
    for i in copies:
        s.defs[i] = changed  # no longer a Basic: an Evolution of Mudkip
    after = legal_list(s, 0)
    assert _keys(after) == _keys(list(legal(s, 0, describe=False)))
    assert not any(a.kind == "bench" for a in after)
    assert getattr(s.fast, "defs", None) is s.defs


@pytest.mark.parametrize(
    "config",
    [
        {"decks": ["sapphire", "ruby"]},
        {"decks": ["ruby", "ruby"], "settings": {"first_turn_draw": True}},
    ],
)
def test_setup_state_is_the_state_setup_events_lead_to(config: dict[str, Any]) -> None:
    """``play_game`` starts from ``setup_state`` (built without a log): the same state as
    applying ``setup``'s events, and the dice left in the same place."""
    for i in range(5):
        dice_events, dice_state = SeededDice(f"deal/{i}"), SeededDice(f"deal/{i}")
        applied = RULESET.initial_state()
        for event in RULESET.setup(config, dice_events):
            apply_event(applied, event)
        built = RULESET.setup_state(config, dice_state)
        assert state_hash(built) == state_hash(applied)
        assert built.phase == "first" and len(built.sides[0].hand) >= 7
        assert dice_events.die(1000) == dice_state.die(1000)


def test_setup_state_of_a_position_applies_its_event() -> None:
    g = game({"active": "Mudkip", "hand": ["Potion"]}, {"active": "Torchic"})
    position = g.config["position"]
    built = RULESET.setup_state({"position": position}, SeededDice(0))
    assert state_hash(built) == state_hash(g.state)


def test_copies_and_pickles_leave_the_list_cache_out() -> None:
    """Game snapshots (deep copies) and stored snapshots (pickles) do not carry ``fast``;
    the copy lists the same offers, rebuilding its own summaries."""
    g = game({"active": "Mudkip", "hand": ["Potion", "Treecko"]}, {"active": "Torchic"})
    s = _state(g).clone()
    offers = _keys(legal_list(s, 0))
    assert s.fast is not None
    for copy in (deepcopy(s), pickle.loads(pickle.dumps(s))):
        assert copy.fast is None and state_hash(copy) == state_hash(s)
        assert _keys(legal_list(copy, 0)) == offers


def _main_positions(decks: list[str], seed: str, index: int) -> list[tuple[PtcgState, int]]:
    """Every main-phase position (a copy, and the seat to list) of one random game."""
    key = f"{seed}/{index}"
    dice = SeededDice(key)
    rng = random.Random(key)
    state = RULESET.setup_state({"decks": decks}, dice)
    found: list[tuple[PtcgState, int]] = []
    while state.phase != "over" and len(found) < MAX_ACTIONS:
        seat = whose_turn(state)
        if state.phase == "main" and state.sides[seat].active is not None:
            found.append((state.clone(), seat))
        options = legal_list(state, seat)
        run(state, options[rng.randrange(len(options))], dice, record=False)
    return found


def _playable(deck: str) -> bool:
    """Whether a game with this deck can be set up (a deck of a set whose card effects are
    still being written is refused: its missing effects are named)."""
    try:
        RULESET.setup_state({"decks": [deck, deck]}, SeededDice(0))
    except SetupError:
        return False
    return True


def test_the_fast_listing_is_the_rules_listing_for_every_deck() -> None:
    """``main_list`` (its summaries, inline predicates and shared offers) against
    ``legal(describe=False)`` (every rule asked) in thousands of positions of random games
    between every pair of bundled decks that can be played (Poké-Powers, Poké-Bodies,
    special Energy, Stadiums and Tools included): the same offers in the same order. Each
    deck meets itself and the next two decks in key order (every pair of the 33 decks would
    be over a thousand games)."""
    decks = [deck for deck in sorted(bundled_decks()) if _playable(deck)]
    assert len(decks) >= 4
    positions = quick = 0
    kinds: set[str] = set()
    pairs = [
        (deck, decks[(i + step) % len(decks)]) for i, deck in enumerate(decks) for step in range(3)
    ]
    for (deck, other), index in itertools.product(pairs, range(2)):
        for s, seat in _main_positions([deck, other], "listing", index):
            listed = main_list(s, seat)
            assert _keys(listed) == _keys(list(legal(s, seat, describe=False))), (
                f"{deck} vs {other}, turn {s.turn}"
            )
            positions += 1
            quick += not s.special
            kinds.update(a.kind for a in listed)
    assert positions > 3000 and quick > 1000
    assert {"attach", "bench", "evolve", "play_trainer", "retreat", "attack"} <= kinds
    assert "use_power" in kinds
