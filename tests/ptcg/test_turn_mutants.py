"""Knock Outs and Prize cards in ptcg's turn order (rulesets/ptcg/turn.py), for mutation
testing (issue 13, docs/mutation.md): a Knock Out when a player has no Prize card left to take
wins nothing for either side (a game set up with fewer Prizes, or none), and the game goes on
to the promotion."""

from __future__ import annotations

from typing import Any

from tests.ptcg.board import act, game


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
