"""Cards whose effects have no handler (issue 12, ptcg; READINGS, all rulesets): refused at
set-up naming them, or, with ``allow_unimplemented``, played with each use recorded as
resolved by hand and the effect's text shown from the card data at run time."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.ptcg.board import act, game, view
from tests.ptcg.test_cards import shared_data
from tests.ptcg.test_fast_path import _side_by_side
from turnkeeper.core.game import Game
from turnkeeper.core.ruleset import SetupError
from turnkeeper.rulesets.ptcg import RULESET
from turnkeeper.rulesets.ptcg.by_hand import NO_TEXT, missing_effects
from turnkeeper.rulesets.ptcg.cards import pool

# Sceptile ex1-20 (a Poké-Power) and Mysterious Fossil ex2-91 (an Item) are
# bundled without handlers on purpose.
DECK: list[Any] = [
    {"card": "Treecko", "count": 4},
    {"card": "Grovyle", "count": 4},
    {"card": "ex1-20", "count": 4},
    {"card": "Mysterious Fossil", "count": 4},
    {"card": "ex1-18", "count": 4},  # Nosepass: two attacks without handlers
    {"card": "Grass Energy", "count": 40},
]


def test_a_deck_with_unresolvable_effects_is_refused_at_set_up_naming_the_cards() -> None:
    with pytest.raises(SetupError) as info:
        Game(RULESET, {"decks": [DECK, "ruby"]}, seed=1)
    message = str(info.value)
    assert message.startswith("decks.p1: ")
    assert "Sceptile (ex1-20: Poké-Power Energy Trans)" in message
    assert "Nosepass (ex1-18: attack Invisible Hand, attack Repulsion)" in message
    assert "Mysterious Fossil (ex2-91: item effect)" in message
    assert "allow_unimplemented" in message
    # the theme decks have a handler for every effect
    Game(RULESET, {"decks": ["sapphire", "ruby"]}, seed=1)


def test_a_position_with_one_is_refused_too() -> None:
    with pytest.raises(SetupError, match=r"position: .*Mysterious Fossil \(ex2-91"):
        game({"hand": ["Mysterious Fossil"], "active": "Mudkip"}, {"active": "Torchic"})


def test_a_poke_body_without_a_handler_is_named_too() -> None:
    db = str(shared_data())
    slaking = pool(db)["ex1-12"]
    assert "Poké-Body Lazy" in missing_effects(slaking)
    board = ({"active": {"card": "ex1-12", "under": ["Slakoth", "Vigoroth"]}}, {"active": "Mudkip"})
    with pytest.raises(SetupError, match=r"Slaking \(ex1-12: .*Poké-Body Lazy\)"):
        game(*board, card_db=db)
    g = game(*board, settings={"allow_unimplemented": True}, card_db=db)
    raw = json.loads((shared_data() / "cards" / "ex1.json").read_text(encoding="utf-8"))
    text = next(c for c in raw if c["id"] == "ex1-12")["abilities"][0]["text"]
    # never used on purpose: shown beside its Pokémon for the players to apply
    assert view(g)["players"]["p1"]["active"]["by_hand"] == [
        {"effect": "Poké-Body Lazy", "text": text}
    ]
    assert "by_hand" not in view(g)["players"]["p2"]["active"]


def test_with_the_setting_each_use_is_recorded_as_resolved_by_hand() -> None:
    g = game(
        {
            "hand": ["Mysterious Fossil"],
            "active": {
                "card": "ex1-20",
                "under": ["Treecko", "Grovyle"],
                "energy": ["Grass Energy"] * 3,
            },
        },
        {"active": {"card": "ex1-14", "under": ["Wailmer"]}},  # Wailord: 120 HP
        settings={"allow_unimplemented": True},
    )
    offered = {a.kind for a in g.legal_actions("p1")}
    assert {"play_trainer", "use_power", "attack"} <= offered
    events = act(g, "p1", "play_trainer", card="Mysterious Fossil")
    assert [e.type for e in events] == ["trainer", "by_hand"]
    # the bundled data keeps no card text: the event says so instead of inventing one
    assert events[1].data == {
        "p": "p1",
        "card": "Mysterious Fossil",
        "id": "ex2-91",
        "effect": "item effect",
        "text": NO_TEXT,
    }
    events = act(g, "p1", "use_power", power="Energy Trans")
    assert [e.type for e in events] == ["power", "by_hand"]
    # Tail Rap has a handler (effect vocabulary): 50 per heads of 2 coins
    events = act(g, "p1", "attack", coins=[1, 2], attack="Tail Rap")
    assert [e.type for e in events][:4] == ["attack", "coin", "coin", "damage"]
    assert view(g)["players"]["p2"]["active"]["damage"] == 50


def test_the_fast_and_slow_paths_agree_on_cards_played_by_hand() -> None:
    kinds: set[str] = set()
    for i in range(4):
        steps, offered = _side_by_side(
            [DECK, "ruby"], "random", f"by-hand/{i}", {"allow_unimplemented": True}
        )
        assert steps > 10
        kinds |= offered
    assert {"use_power", "play_trainer", "attack", "evolve"} <= kinds
