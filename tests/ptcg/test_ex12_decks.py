"""The EX Legend Maker theme decks (data/sets/ex12.decks.json) whose every card is
implemented play whole seeded games with random and with greedy agents (every state checked)."""

from __future__ import annotations

import pytest

from tests.ptcg.board import check_invariants
from turnkeeper.rulesets.ptcg.by_hand import missing_effects
from turnkeeper.rulesets.ptcg.cards import bundled_cards, deck_list
from turnkeeper.rulesets.ptcg.sim import play_game

DECKS = ["groundbreaker", "shadowquake"]


@pytest.mark.parametrize("deck", DECKS)
def test_every_card_of_the_deck_is_implemented(deck: str) -> None:
    cards = bundled_cards()
    ids = deck_list(deck, cards, "deck")
    assert len(ids) == 60
    assert [cid for cid in set(ids) if missing_effects(cards[cid])] == []


@pytest.mark.parametrize("deck", DECKS)
@pytest.mark.parametrize("agents", [["random", "random"], ["greedy", "random"]])
def test_the_deck_plays_a_full_seeded_game(deck: str, agents: list[str]) -> None:
    for index in range(3):
        result = play_game([deck, deck], agents, "ex12", index, check_state=check_invariants)
        assert result.reason.startswith("ptcg.win."), result
