"""The Breakthrough theme deck (ex11) plays whole seeded games, every card implemented, with
random and with greedy agents (every state checked)."""

from __future__ import annotations

import pytest

from tests.ptcg.board import check_invariants
from turnkeeper.rulesets.ptcg.by_hand import missing_effects
from turnkeeper.rulesets.ptcg.cards import bundled_cards, deck_list
from turnkeeper.rulesets.ptcg.sim import play_game


def test_every_card_of_breakthrough_is_implemented() -> None:
    cards = bundled_cards()
    ids = deck_list("breakthrough", cards, "deck")
    assert len(ids) == 60
    assert [cid for cid in set(ids) if missing_effects(cards[cid])] == []


@pytest.mark.parametrize("agents", [["random", "random"], ["greedy", "random"]])
def test_breakthrough_plays_a_full_seeded_game(agents: list[str]) -> None:
    for index in range(3):
        result = play_game(
            ["breakthrough", "breakthrough"], agents, "ex11b", index, check_state=check_invariants
        )
        assert result.reason.startswith("ptcg.win."), result
