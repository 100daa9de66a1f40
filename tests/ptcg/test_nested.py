"""Nested questions and questions between turns (questions_nested.py; scenarios/ptcg/nested.yaml
shows each case step by step): every implemented Supporter's effect through Sableye's
Supernatural, and the Belts between turns, with the log replayed."""

from __future__ import annotations

from typing import Any

import pytest

from tests.ptcg.board import act, check_invariants, game, view
from turnkeeper.core.game import Game
from turnkeeper.rulesets.ptcg import RULESET
from turnkeeper.rulesets.ptcg import registry as reg
from turnkeeper.rulesets.ptcg.cards import bundled_cards

SUPPORTERS = sorted(
    c.id for c in bundled_cards().values() if c.trainer == "supporter" and c.id in reg.TRAINERS
)
# Supporters whose effect reaches the opponent's hand as well (Rocket's Admin: each player
# shuffles their hand into the deck and draws by Prizes left)
OPPONENT_HAND_SUPPORTERS = {"ex7-86"}
# Supporters that let the opponent draw (asked; the first option draws): how many cards
# (Fieldworker ex12-73)
OPPONENT_DRAW_SUPPORTERS = {"ex12-73": 1}
SABLEYE = {"card": "Sableye", "energy": ["Water Energy"]}


def _answer_all(g: Game[Any]) -> list[str]:
    """Answer every question with its first option; the prompts asked, in order."""
    asked = []
    while view(g)["phase"] == "choice":
        asked.append(view(g)["pending"]["prompt"])
        act(g, str(g.whose_turn()), "choose", option=0)
    return asked


def _supernatural_game(supporter: str) -> Game[Any]:
    """Sableye attacks with the Supporter in the opponent's hand, in a position where most
    Supporters' effects have something to do."""
    return game(
        {
            "active": SABLEYE,
            "bench": [{"card": "Mudkip", "damage": 10}, "Team Aqua's Carvanha"],
            "hand": ["Team Aqua's Spheal", "Water Energy", "Potion"],
            "deck": [
                "Water Energy",
                "Mudkip",
                "Marshtomp",
                "Team Aqua's Sealeo",
                "Grass Energy",
                "Potion",
                "Fire Energy",
                "Team Aqua's Carvanha",
                "Team Magma's Numel",
            ],
            "discard": ["Team Magma's Numel", "Water Energy"],
        },
        {"active": "Torchic", "hand": [supporter, "Potion"]},
    )


def _offered(g: Game[Any], supporter: str) -> bool:
    pending = view(g).get("pending")
    return pending is not None and bundled_cards()[supporter].name in pending["options"]


@pytest.mark.parametrize("supporter", SUPPORTERS)
def test_supernatural_uses_each_supporter_and_the_turn_ends_after_its_questions(
    supporter: str,
) -> None:
    g = _supernatural_game(supporter)
    start = len(g.events)
    act(g, "p1", "attack", attack="Supernatural")
    offered = _offered(g, supporter)
    asked = _answer_all(g)
    if view(g)["phase"] == "promote":  # Mr. Briney's Compassion took the Active back
        act(g, "p1", "promote", target="bench1")
    assert view(g)["current"] == "p2", asked  # the attack ended the turn after all of it
    types = [e.type for e in g.events[start:]]
    assert types.count("end_turn") == 1
    if offered:
        assert len(asked) >= 1 and ("ask_then" in types or "end_turn" in types)
    if supporter in OPPONENT_HAND_SUPPORTERS:  # the effect shuffled p2's hand away too
        assert any(
            e.type == "shuffle" and e.data.get("p") == "p2" for e in g.events[start:]
        ), types
    else:
        # the Supporter stayed (+ the draw, + what the effect let p2 draw)
        drawn = OPPONENT_DRAW_SUPPORTERS.get(supporter, 0)
        assert view(g)["players"]["p2"]["hand_count"] == 3 + drawn
    check_invariants(g.state)
    again = Game.from_log(RULESET, g.config, g.seed, g.log)
    assert again.state_hash() == g.state_hash()


def test_most_supporters_are_usable_in_that_position() -> None:
    """The parametrized test above is not empty: every Supporter is offered there."""
    offered = []
    for supporter in SUPPORTERS:
        g = _supernatural_game(supporter)
        act(g, "p1", "attack", attack="Supernatural")
        if _offered(g, supporter):
            offered.append(supporter)
    assert offered == SUPPORTERS


def test_both_actives_with_belts_ask_one_after_the_other_and_the_log_replays() -> None:
    g = game(
        {
            "hand": [],
            "deck": ["ex4-5", "Water Energy"],
            "active": {"card": "ex4-25", "tool": "Team Aqua Belt", "conditions": ["burned"]},
        },
        {
            "deck": ["Team Magma's Houndoom", "Fire Energy"],
            "active": {"card": "ex4-35", "tool": "Team Magma Belt", "conditions": ["asleep"]},
        },
    )
    act(g, "p1", "end_turn")
    assert view(g)["pending"]["player"] == "p1"  # the player whose turn ended first
    act(g, "p1", "choose", option=0)
    assert view(g)["pending"]["player"] == "p2"  # then the other player's Active
    act(g, "p2", "choose", option=0)
    players = view(g)["players"]
    assert players["p1"]["active"]["card"] == "Team Aqua's Sharpedo"
    assert players["p2"]["active"]["card"] == "Team Magma's Houndoom"
    # evolving cleared the conditions before they acted: no burn coin, no sleep coin
    assert players["p1"]["active"]["conditions"] == [] and players["p2"]["active"]["damage"] == 0
    assert view(g)["phase"] == "main" and view(g)["current"] == "p2"
    assert players["p1"]["discard"] == ["Team Aqua Belt"]
    check_invariants(g.state)
    again = Game.from_log(RULESET, g.config, g.seed, g.log)
    assert again.state_hash() == g.state_hash()


def test_a_belt_on_a_pokemon_that_cannot_evolve_further_only_shuffles_and_goes() -> None:
    g = game(
        {"active": {"card": "ex4-5", "under": ["ex4-25"], "tool": "Team Aqua Belt"}},
        {"active": "Torchic"},
    )
    events = act(g, "p1", "end_turn")
    assert [e.type for e in events][:3] == ["end_turn", "shuffle", "discard_tool"]
    assert view(g)["phase"] == "main" and view(g)["current"] == "p2"


def test_the_belt_is_not_offered_for_a_pokemon_of_another_team() -> None:
    g = game(
        {"hand": ["Team Magma Belt"], "active": "ex4-25", "bench": ["ex4-35"]},
        {"active": "Torchic"},
    )
    targets = [a.params["target"] for a in g.legal_actions("p1").list() if a.kind == "play_trainer"]
    assert targets == ["bench1"]
