"""Every bundled theme deck of the EX era (ex1-ex16, 33 decks) is made of implemented cards
only and plays a whole seeded game as a mirror match, with random and with greedy agents,
every state checked (issue 20: all 33 theme decks simulate)."""

from __future__ import annotations

import pytest

from tests.ptcg.board import check_invariants
from turnkeeper.rulesets.ptcg.by_hand import missing_effects
from turnkeeper.rulesets.ptcg.cards import bundled_cards, bundled_decks, deck_list
from turnkeeper.rulesets.ptcg.sim import play_game

DECKS = sorted(bundled_decks())


def test_the_era_has_33_theme_decks_in_16_sets() -> None:
    decks = bundled_decks()
    assert len(decks) == 33
    sets = {deck["id"].split("-")[1] for deck in decks.values()}
    assert sets == {f"ex{n}" for n in range(1, 17)}


@pytest.mark.parametrize("key", DECKS)
def test_every_card_of_the_deck_is_implemented(key: str) -> None:
    cards = bundled_cards()
    ids = deck_list(key, cards, "deck")
    assert len(ids) == 60
    assert sorted(cid for cid in set(ids) if missing_effects(cards[cid])) == []


@pytest.mark.parametrize("agents", [["random", "random"], ["greedy", "random"]])
@pytest.mark.parametrize("key", DECKS)
def test_the_deck_plays_a_whole_seeded_game(key: str, agents: list[str]) -> None:
    result = play_game([key, key], agents, "theme-decks", 0, check_state=check_invariants)
    assert result.reason.startswith("ptcg.win."), result
    assert result.winner in ("p1", "p2")
