"""Audit of ptcg against the rule text (shared/rules/003) and the EX reference (ptcg-ex.md).

The scenario file scenarios/ptcg/rule_text.yaml holds the turn-step cases; these tests cover
what a scenario cannot say well: hidden information, the order of events between turns, the
order of Weakness and Resistance, set-up with a full Bench, retreat costs in Energy provided
and both players winning at once.
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any

from tests.ptcg.board import HEADS, TAILS, act, game, view
from turnkeeper.core.game import Game
from turnkeeper.core.model import Action
from turnkeeper.dice.source import ForcedDice
from turnkeeper.rulesets.ptcg import RULESET
from turnkeeper.rulesets.ptcg.engine import Ctx, check, hit, retreat_cost, retreat_rule, run
from turnkeeper.rulesets.ptcg.ruleset import PtcgRuleset
from turnkeeper.rulesets.ptcg.state import PtcgState

BASICS = [
    "Torchic", "Skitty", "Taillow", "Makuhita", "Poochyena", "Mudkip",
    "Wailmer", "Wingull", "Koffing", "Treecko", "Shroomish",
]  # fmt: skip


# ---------------------------------------------------------------- hidden information
def test_the_ruleset_keeps_hidden_information_on() -> None:
    # The web server filters views when the ruleset does not say it has no hidden cards.
    assert vars(PtcgRuleset).get("hidden_information", True) is not False
    assert getattr(RULESET, "hidden_information", True) is True


def _secret_game() -> Game[PtcgState]:
    # Each hidden zone holds a card name found nowhere else on the board.
    return game(
        {
            "hand": ["Potion"],
            "deck": ["PokéNav", "Water Energy"],
            "prizes": ["Energy Search"] * 6,
            "active": "Mudkip",
        },
        {
            "hand": ["Poké Ball", "Lum Berry"],
            "deck": ["Energy Removal 2", "Fire Energy", "Fire Energy"],
            "prizes": ["Professor Birch"] * 6,
            "active": "Torchic",
        },
    )


def test_a_players_view_shows_only_counts_of_the_hidden_zones() -> None:
    g = _secret_game()
    for seat, other in (("p1", "p2"), ("p2", "p1")):
        seen = RULESET.view(g.state, seat)
        text = json.dumps(seen, ensure_ascii=False)
        mine, theirs = seen["players"][seat], seen["players"][other]
        assert "hand" in mine and "hand" not in theirs
        for side in (mine, theirs):
            assert "deck" not in side and "prizes" not in side
        assert theirs["hand_count"] == len(g.state.sides[1 if other == "p2" else 0].hand)
        assert (mine["deck_count"], mine["prize_count"]) == (
            len(g.state.sides[0 if seat == "p1" else 1].deck),
            6,
        )
        hidden = ["PokéNav", "Energy Search", "Energy Removal 2", "Professor Birch"]
        hidden += ["Poké Ball", "Lum Berry"] if seat == "p1" else ["Potion"]
        for name in hidden:
            assert name not in text, f"{seat}'s view shows {name}"
    p1 = RULESET.view(g.state, "p1")["players"]
    assert p1["p1"]["hand"] == ["Potion"]
    assert p1["p2"]["hand_count"] == 2 and p1["p2"]["deck_count"] == 3
    assert p1["p2"]["prize_count"] == 6 and p1["p1"]["prize_count"] == 6


def test_the_game_masters_view_shows_everything() -> None:
    full = view(_secret_game())["players"]
    assert full["p2"]["hand"] == ["Poké Ball", "Lum Berry"]
    assert full["p1"]["deck"] == ["PokéNav", "Water Energy"]
    assert full["p2"]["prizes"] == ["Professor Birch"] * 6


def test_a_card_drawn_stays_hidden_from_the_opponent() -> None:
    g = _secret_game()
    act(g, "p1", "end_turn")  # p2 draws Energy Removal 2
    assert "Energy Removal 2" in RULESET.view(g.state, "p2")["players"]["p2"]["hand"]
    text = json.dumps(RULESET.view(g.state, "p1"), ensure_ascii=False)
    assert "Energy Removal 2" not in text
    assert RULESET.view(g.state, "p1")["players"]["p2"]["hand_count"] == 3


# ---------------------------------------------------------------- set-up
def _deal_with_six_basics() -> Game[PtcgState]:
    deck: list[Any] = [{"card": name, "count": 4} for name in BASICS]
    deck.append({"card": "Water Energy", "count": 16})
    for seed in range(60):
        g = Game(RULESET, {"decks": [deck, deck]}, seed=seed)
        winner = g.whose_turn()
        assert winner is not None
        hand = g.state.sides[0 if winner == "p1" else 1].hand
        if sum(1 for c in hand if g.state.card(c).is_basic_pokemon) >= 6:
            return g
    raise AssertionError("no seed in 0..59 dealt six Basics")


def test_setup_places_an_active_and_up_to_five_benched_basics() -> None:
    g = _deal_with_six_basics()
    p = g.whose_turn()
    assert p is not None
    g.play(Action("choose_first", p, {"first": p}))
    seat = 0 if p == "p1" else 1
    basics = [
        g.state.cards[c] for c in g.state.sides[seat].hand if g.state.card(c).is_basic_pokemon
    ]
    g.play(Action("place_active", p, {"card": basics[0]}))
    for card in basics[1:6]:
        g.play(Action("place_bench", p, {"card": card}))
    assert len(g.state.sides[seat].bench) == 5
    assert not any(a.kind == "place_bench" for a in g.legal_actions(p))
    refusal = g.check(Action("place_bench", p, {"card": "Water Energy"}))
    assert refusal is not None and refusal.rule == "ptcg.setup.basic-only"
    g.play(Action("ready", p, {}))
    assert g.whose_turn() != p


# ---------------------------------------------------------------- between turns
def test_between_turns_poison_then_burn_then_sleep() -> None:
    g = game(
        {"active": "Mudkip"},
        {"active": {"card": "Makuhita", "conditions": ["asleep", "poisoned", "burned"]}},
    )
    events = act(g, "p1", "end_turn", coins=[TAILS, HEADS])
    seq = [(e.type, e.data.get("n"), e.data.get("why")) for e in events]
    between = seq[seq.index(("end_turn", None, None)) + 1 : seq.index(("start_turn", None, None))]
    assert between == [
        ("damage", 10, None),  # Poisoned: 1 counter
        ("coin", None, "burn"),  # Burned: tails -> 2 counters
        ("damage", 20, None),
        ("coin", None, "sleep"),  # Asleep: heads -> wakes up
        ("cure", None, None),
    ]
    mon = view(g)["players"]["p2"]["active"]
    assert mon["damage"] == 30 and mon["conditions"] == ["poisoned", "burned"]


def test_paralysis_lasts_through_the_owners_next_turn_only() -> None:
    g = game(
        {"active": {"card": "Marshtomp", "under": ["Mudkip"], "energy": ["Water Energy"]}},
        {"active": {"card": "Makuhita", "energy": ["Fighting Energy"]}, "bench": ["Poochyena"]},
    )
    act(g, "p1", "attack", coins=[HEADS], attack="Bubble")
    assert view(g)["players"]["p2"]["active"]["conditions"] == ["paralyzed"]
    for kind, params in (("attack", {"attack": "Slap Push"}), ("retreat", {"target": "bench1"})):
        refusal = g.check(Action(kind, "p2", params))
        assert refusal is not None
        assert refusal.rule == f"ptcg.{kind}.condition"
    act(g, "p2", "end_turn")
    assert view(g)["players"]["p2"]["active"]["conditions"] == []
    act(g, "p1", "end_turn")
    assert g.check(Action("attack", "p2", {"attack": "Slap Push"})) is None


# ---------------------------------------------------------------- damage
def test_weakness_doubles_before_resistance_takes_thirty_off() -> None:
    g = game(
        {"active": {"card": "Marshtomp", "under": ["Mudkip"]}},
        {"active": "Makuhita", "bench": ["Makuhita"]},
    )
    s = g.state.clone()
    target = s.sides[1].active
    assert target is not None
    # A Makuhita both weak and resistant to Water: 40 -> x2 = 80 -> -30 = 50.
    s.defs = list(s.defs)
    s.defs[target.top] = dataclasses.replace(
        s.defs[target.top], weakness=("Water",), resistance=("Water",)
    )
    bench = s.sides[1].mon(1)
    assert bench is not None
    s.defs[bench.top] = s.defs[target.top]
    ctx = Ctx(s, ForcedDice([]))
    assert hit(ctx, 0, 40) == 50
    assert hit(ctx, 0, 40, slot=1) == 40  # the Bench: neither Weakness nor Resistance
    assert [e.data["n"] for e in ctx.events] == [50, 40]


def test_the_starting_player_may_attack_on_turn_one_and_both_draw_later() -> None:
    g = game(
        {"active": {"card": "Mudkip", "energy": ["Water Energy"]}, "hand": []},
        {"active": "Makuhita", "hand": []},
        turn=1,
    )
    assert g.check(Action("attack", "p1", {"attack": "Pound"})) is None
    act(g, "p1", "attack", attack="Pound")
    assert view(g)["players"]["p2"]["hand_count"] == 1  # the second player draws
    act(g, "p2", "end_turn")
    assert view(g)["players"]["p1"]["hand_count"] == 1  # and so does the first, on turn 3


def test_the_second_player_may_play_a_supporter_on_their_first_turn() -> None:
    g = game(
        {"active": "Mudkip"},
        {"active": "Makuhita", "hand": ["Professor Birch"]},
        turn=2,
        current="p2",
    )
    assert g.check(Action("play_trainer", "p2", {"card": "Professor Birch"})) is None
    act(g, "p2", "play_trainer", card="Professor Birch")
    assert view(g)["players"]["p2"]["supporter"] == "Professor Birch"


# ---------------------------------------------------------------- retreat in Energy provided
def test_a_retreat_cost_is_paid_in_energy_provided() -> None:
    # READINGS ptcg: a card providing 2 Energy pays 2. No bundled card does, so this test
    # gives the Active's first Energy card the facts of a double Colorless Energy.
    g = game(
        {
            "active": {"card": "Wailmer", "energy": ["Fire Energy", "Water Energy"]},
            "bench": ["Treecko"],
        },
        {"active": "Makuhita"},
    )
    s = g.state.clone()
    active = s.sides[0].active
    assert active is not None and retreat_cost(s, active) == 3
    double, single = active.energy
    s.defs = list(s.defs)
    s.defs[double] = dataclasses.replace(s.defs[double], provides=("Colorless", "Colorless"))
    assert retreat_rule(s, active) is None  # 2 + 1 Energy pay a cost of 3
    retreat = Action("retreat", "p1", {"target": "bench1"})
    assert check(s, retreat) is None
    # Naming only the double card (2 of 3) is refused by the cost rule, not malformed.
    short = check(s, Action("retreat", "p1", {"target": "bench1", "discard": ["Fire Energy"]}))
    assert short is not None and short.rule == "ptcg.retreat.cost"
    events = run(s.clone(), retreat, ForcedDice([]))
    assert events[0].type == "discard_energy" and sorted(events[0].data["cards"]) == sorted(
        [double, single]
    )
    # Without the double card the two cards provide 2: not enough.
    s.defs[double] = g.state.defs[double]
    assert retreat_rule(s, active) == "ptcg.retreat.cost"
    refusal = check(s, retreat)
    assert refusal is not None and refusal.rule == "ptcg.retreat.cost"


# ---------------------------------------------------------------- winning
def test_both_players_winning_at_once_is_a_draw() -> None:
    # Koffing's Double-edge knocks out both Actives; neither player has a Bench.
    g = game(
        {"active": {"card": "Koffing", "energy": ["Grass Energy"] * 2, "damage": 40}},
        {"active": {"card": "Makuhita", "damage": 20}},
    )
    events = act(g, "p1", "attack", attack="Double-edge")
    assert [e.type for e in events].count("knockout") == 2
    outcome = g.outcome()
    assert outcome is not None and outcome.winners == ()
    assert "draw" in outcome.reason
    refusal = g.check(Action("end_turn", "p2", {}))
    assert refusal is not None and refusal.rule == "ptcg.win.no-pokemon"
