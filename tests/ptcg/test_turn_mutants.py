"""Knock Outs and Prize cards in ptcg's turn order (rulesets/ptcg/turn.py), for mutation
testing (issue 13, docs/mutation.md): a Knock Out when a player has no Prize card left to take
wins nothing for either side (a game set up with fewer Prizes, or none), and the game goes on
to the promotion."""

from __future__ import annotations

from typing import Any

import pytest

from tests.ptcg.board import HEADS, act, game
from turnkeeper.core.game import Game
from turnkeeper.core.model import Action, BadActionError
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
