"""The Silvery Ocean theme deck (d-ex10-2) plays whole seeded games, every card implemented,
with random and with greedy agents (every state checked)."""

from __future__ import annotations

import pytest

from tests.ptcg.board import check_invariants
from turnkeeper.rulesets.ptcg.by_hand import missing_effects
from turnkeeper.rulesets.ptcg.cards import bundled_cards, deck_list
from turnkeeper.rulesets.ptcg.sim import play_game


def test_every_card_of_silvery_ocean_is_implemented() -> None:
    cards = bundled_cards()
    ids = deck_list("silvery-ocean", cards, "deck")
    assert len(ids) == 60
    assert [cid for cid in set(ids) if missing_effects(cards[cid])] == []


@pytest.mark.parametrize("agents", [["random", "random"], ["greedy", "random"]])
def test_silvery_ocean_plays_a_full_seeded_game(agents: list[str]) -> None:
    for index in range(3):
        result = play_game(
            ["silvery-ocean", "silvery-ocean"], agents, "ex10c", index, check_state=check_invariants
        )
        assert result.reason.startswith("ptcg.win."), result
