"""Knock Outs and Prize cards in ptcg's turn order (rulesets/ptcg/turn.py), for mutation
testing (issue 13, docs/mutation.md): a Knock Out when a player has no Prize card left to take
wins nothing for either side (a game set up with fewer Prizes, or none), and the game goes on
to the promotion."""

from __future__ import annotations

from typing import Any

import pytest

from tests.ptcg.board import HEADS, act, game
from turnkeeper.core.game import Game
from turnkeeper.core.model import Action, BadActionError, Event
from turnkeeper.rulesets.ptcg.state import PtcgState


def side(**extra: Any) -> dict[str, Any]:
    return {"deck": ["Water Energy"] * 5, "prizes": ["Water Energy"] * 6, **extra}


def test_a_knock_out_with_no_prize_to_take_wins_nothing_and_asks_for_a_promotion() -> None:
    for taker, loser in (("p1", "p2"), ("p2", "p1")):
        sides = {
            taker: side(active={"card": "Mudkip", "energy": ["Water Energy"]}, prizes=[]),
            loser: side(active={"card": "Torchic", "damage": 30}, bench=["Makuhita"]),
        }
        g = game(sides["p1"], sides["p2"], current=taker)
        act(g, taker, "attack", attack="Pound")
        # Torchic (40 HP) is Knocked Out; the taker has no Prize card, so none is taken.
        assert g.outcome() is None, taker
        assert g.state.phase == "promote" and g.whose_turn() == loser, taker


def test_the_last_prize_and_the_last_pokemon_at_once_is_a_win_by_prizes() -> None:
    # The Knock Out takes the taker's last Prize card and leaves the loser no Pokémon: both
    # ways of winning hold for the same player; the Prize card, found first, is the one named.
    for taker, loser in (("p1", "p2"), ("p2", "p1")):
        sides = {
            taker: side(active={"card": "Mudkip", "energy": ["Water Energy"]},
                        prizes=["Water Energy"]),
            loser: side(active={"card": "Torchic", "damage": 30}, bench=[]),
        }
        g = game(sides["p1"], sides["p2"], current=taker)
        events = act(g, taker, "attack", attack="Pound")
        [over] = [e for e in events if e.type == "game_over"]
        assert (over.data["winners"], over.data["rule"]) == ([taker], "ptcg.win.prizes"), taker


def test_a_choice_is_one_of_its_options_and_the_log_records_who_chose_what() -> None:
    g: Game[PtcgState] = game(
        {"hand": ["Energy Removal 2"], "active": "Mudkip"},
        {"active": {"card": "Torchic", "energy": ["Fire Energy"]},
         "bench": [{"card": "Makuhita", "energy": ["Fighting Energy"]}]},
    )
    act(g, "p1", "play_trainer", [HEADS], card="Energy Removal 2")
    # Two options (0 and 1): 2 is one past the last, bad input naming the range.
    with pytest.raises(BadActionError, match="from 0 to 1"):
        g.check(Action("choose", "p1", {"option": 2}))
    events = act(g, "p1", "choose", option=1)
    [answer] = [e for e in events if e.type == "answer"]
    assert answer.data == {"p": "p1", "option": 1,
                           "label": "Fighting Energy on Makuhita (bench1)"}


CROBAT = {"card": "ex8-96", "under": ["ex8-83", "ex8-31"]}  # Distortion: 1 counter, picked


def settled(events: list[Event]) -> list[tuple[str, dict[str, Any]]]:
    """The Knock Outs, Prizes and promotions asked for (without which Prize cards were taken:
    the Prizes are face down, the count is what matters here)."""
    return [
        (e.type, {k: v for k, v in e.data.items() if k != "cards"})
        for e in events
        if e.type in ("knockout", "prize", "need_promote")
    ]


def test_a_choice_that_knocks_out_the_active_settles_it_and_asks_for_a_promotion() -> None:
    # A Poké-Power's answered question (Distortion's pick) puts the last damage counter on
    # the opponent's Active in the middle of a turn: the Knock Out is settled at once (Prize
    # taken), and the promotion asked for goes back to the turn ("main") when done.
    g = game({"active": CROBAT}, side(active={"card": "Torchic", "damage": 30},
                                      bench=["Makuhita"]))
    act(g, "p1", "use_power", power="Distortion", pokemon="active")
    events = act(g, "p1", "choose", option=0)  # Torchic (active), 40 HP
    assert settled(events) == [
        ("knockout", {"p": "p2", "slot": 0}),
        ("prize", {"p": "p1", "n": 1}),
        ("need_promote", {"players": ["p2"], "then": "main"}),
    ]
    assert g.state.phase == "promote" and g.whose_turn() == "p2"
    act(g, "p2", "promote", target="bench1")
    # back to p1's turn, which goes on (not a new turn)
    assert g.state.phase == "main" and g.whose_turn() == "p1" and g.state.turn == 3
    assert len(g.state.sides[0].prizes) == 5


def test_a_choice_that_knocks_out_nothing_leaves_the_turn_as_it_was() -> None:
    # The same pick on a Pokémon it does not Knock Out: no Knock Out, no promotion.
    g = game({"active": CROBAT}, side(active={"card": "Torchic", "damage": 20},
                                      bench=["Makuhita"]))
    act(g, "p1", "use_power", power="Distortion", pokemon="active")
    events = act(g, "p1", "choose", option=0)
    assert settled(events) == []
    assert g.state.phase == "main" and g.whose_turn() == "p1"
    assert g.state.sides[1].active is not None and g.state.sides[1].active.damage == 30


def test_a_choice_that_knocks_out_a_benched_pokemon_needs_no_promotion() -> None:
    g = game({"active": CROBAT}, side(active="Torchic",
                                      bench=[{"card": "Makuhita", "damage": 40}]))
    act(g, "p1", "use_power", power="Distortion", pokemon="active")
    events = act(g, "p1", "choose", option=1)  # Makuhita (bench1), 50 HP
    assert settled(events) == [
        ("knockout", {"p": "p2", "slot": 1}),
        ("prize", {"p": "p1", "n": 1}),
    ]
    assert g.state.phase == "main" and g.whose_turn() == "p1" and not g.state.sides[1].bench
