"""A Prize card turned face up (Island Hermit ex15-76, Prize Shift ex11-28) is face up where
it lies among the Prizes: once it leaves them (Vine Tease ex6-30 swaps it onto the deck, a
Prize taken) that ends, so a card that comes back to the Prizes later comes back face down.
The face-up cards that stay among the Prizes stay face up."""

from __future__ import annotations

from typing import Any

from tests.ptcg.board import act, check_invariants, game
from tests.ptcg.set_cards import WAILORD
from turnkeeper.rulesets.ptcg import RULESET
from turnkeeper.rulesets.ptcg.state import APPLY, PRIZE_UP

TANGELA = {"card": "ex6-30", "energy": ["Grass Energy"]}  # Vine Tease for one Colorless
ISLAND_HERMIT = "ex15-76"


def _hermit_then_vine_tease(prize_to_swap: int) -> Any:
    """p1 turns the first of its Prize cards (Fire Energy) face up with Island Hermit, then
    Vine Tease swaps the Prize card at ``prize_to_swap`` with the deck's top card."""
    p1 = {
        "active": TANGELA,
        "hand": [ISLAND_HERMIT],
        "deck": ["Potion", "Potion", "ex6-58", "Switch"],  # 2 drawn by Island Hermit
        "prizes": ["Fire Energy", "Grass Energy"],
    }
    g = game(p1, {"active": WAILORD})
    act(g, "p1", "play_trainer", card="Island Hermit")
    act(g, "p1", "choose", option=0)  # the first face-down Prize card: Fire Energy
    act(g, "p1", "choose", option=1)  # no more
    assert _seen_by_p2(g) == ["Fire Energy"]
    act(g, "p1", "attack", attack="Vine Tease")
    act(g, "p1", "choose", option=prize_to_swap)
    check_invariants(g.state)
    return g


def _seen_by_p2(g: Any) -> list[str]:
    found: list[str] = RULESET.view(g.state, "p2")["players"]["p1"].get("prizes_face_up", [])
    return found


def _face_up_marks(g: Any) -> list[str]:
    return [what for what, _ in g.state.sides[0].later if what.startswith(PRIZE_UP)]


def test_a_face_up_prize_that_leaves_the_prizes_comes_back_face_down() -> None:
    g = _hermit_then_vine_tease(0)  # Fire Energy goes onto the deck
    side = g.state.sides[0]
    fire = side.deck[0]
    assert g.state.card(fire).name == "Fire Energy"
    assert _face_up_marks(g) == [] and _seen_by_p2(g) == []
    # it comes back among the Prizes (the change of Vine Tease's own move from the deck):
    # face down, unseen by the opponent
    APPLY["move"](g.state, {"p": "p1", "card": fire, "src": "deck", "dst": "prizes"})
    assert fire in side.prizes and _seen_by_p2(g) == []


def test_a_face_up_prize_that_stays_among_the_prizes_stays_face_up() -> None:
    g = _hermit_then_vine_tease(1)  # Grass Energy goes onto the deck: Fire Energy stays
    assert _seen_by_p2(g) == ["Fire Energy"] and len(_face_up_marks(g)) == 1


def test_a_face_up_prize_taken_into_the_hand_is_no_longer_face_up() -> None:
    g = _hermit_then_vine_tease(1)
    side = g.state.sides[0]
    names = [g.state.card(c).name for c in side.prizes]
    assert names == ["Fire Energy", "Charmander"]  # the face-up card first
    # the "prize" event takes the first Prize card: the face-up one, its mark with it
    APPLY["prize"](g.state, {"p": "p1", "n": 1})
    assert _face_up_marks(g) == [] and _seen_by_p2(g) == []
    assert [g.state.card(c).name for c in side.hand][-1] == "Fire Energy"
