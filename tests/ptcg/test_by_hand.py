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
from turnkeeper.dice.source import ForcedDice
from turnkeeper.rulesets.ptcg import RULESET
from turnkeeper.rulesets.ptcg.by_hand import NO_TEXT, missing_effects, resolve_by_hand
from turnkeeper.rulesets.ptcg.cards import pool
from turnkeeper.rulesets.ptcg.context import Ctx

# EX Hidden Legends cards (from the shared card database): no handlers yet. Castform ex5-30
# (a Poké-Power and two attacks), Beldum ex5-29 (a Poké-Power and an attack), Life Herb
# ex5-90 (an Item).
DB = str(shared_data())
DECK: list[Any] = [
    {"card": "Treecko", "count": 4},
    {"card": "Grovyle", "count": 4},
    {"card": "ex5-30", "count": 4},
    {"card": "ex5-90", "count": 4},
    {"card": "ex5-29", "count": 4},
    {"card": "Grass Energy", "count": 40},
]


def test_a_deck_with_unresolvable_effects_is_refused_at_set_up_naming_the_cards() -> None:
    with pytest.raises(SetupError) as info:
        Game(RULESET, {"decks": [DECK, "ruby"], "card_db": DB}, seed=1)
    message = str(info.value)
    assert message.startswith("decks.p1: ")
    assert (
        "Castform (ex5-30: attack Forecast, attack Extra Ball, Poké-Power Temperamental "
        "Weather)" in message
    )
    assert "Beldum (ex5-29: attack Metal Charge, Poké-Power Magnetic Call)" in message
    assert "Life Herb (ex5-90: item effect)" in message
    assert "allow_unimplemented" in message
    # the theme decks have a handler for every effect
    Game(RULESET, {"decks": ["sapphire", "ruby"]}, seed=1)


def test_a_position_with_one_is_refused_too() -> None:
    with pytest.raises(SetupError, match=r"position: .*Life Herb \(ex5-90"):
        game({"hand": ["ex5-90"], "active": "Mudkip"}, {"active": "Torchic"}, card_db=DB)


def test_a_poke_body_without_a_handler_is_named_too() -> None:
    db = str(shared_data())
    beldum = pool(db)["ex5-28"]  # EX Hidden Legends: its Poké-Body has no handler yet
    assert "Poké-Body Levitate" in missing_effects(beldum)
    board = ({"active": {"card": "ex5-28"}}, {"active": "Mudkip"})
    with pytest.raises(SetupError, match=r"Beldum \(ex5-28: .*Poké-Body Levitate\)"):
        game(*board, card_db=db)
    g = game(*board, settings={"allow_unimplemented": True}, card_db=db)
    raw = json.loads((shared_data() / "cards" / "ex5.json").read_text(encoding="utf-8"))
    text = next(c for c in raw if c["id"] == "ex5-28")["abilities"][0]["text"]
    # never used on purpose: shown beside its Pokémon for the players to apply
    assert view(g)["players"]["p1"]["active"]["by_hand"] == [
        {"effect": "Poké-Body Levitate", "text": text}
    ]
    assert "by_hand" not in view(g)["players"]["p2"]["active"]


def test_with_the_setting_each_use_is_recorded_as_resolved_by_hand() -> None:
    g = game(
        {"hand": ["ex5-90"], "active": {"card": "ex5-30", "energy": ["Grass Energy"] * 2}},
        {"active": {"card": "ex1-14", "under": ["Wailmer"]}},  # Wailord: 120 HP
        settings={"allow_unimplemented": True},
        card_db=DB,
    )
    offered = {a.kind for a in g.legal_actions("p1")}
    assert {"play_trainer", "use_power", "attack"} <= offered
    events = act(g, "p1", "play_trainer", card="ex5-90")
    assert [e.type for e in events] == ["trainer", "by_hand"]
    raw = json.loads((shared_data() / "cards" / "ex5.json").read_text(encoding="utf-8"))
    herb = next(c for c in raw if c["id"] == "ex5-90")
    assert events[1].data == {
        "p": "p1",
        "card": "Life Herb",
        "id": "ex5-90",
        "effect": "item effect",
        "text": " ".join(herb["rules"]),
    }
    events = act(g, "p1", "use_power", power="Temperamental Weather")
    assert [e.type for e in events] == ["power", "by_hand"]
    events = act(g, "p1", "attack", attack="Extra Ball")
    assert [e.type for e in events][:2] == ["attack", "by_hand"]
    assert view(g)["players"]["p2"]["active"]["damage"] == 0  # nothing done for it


def test_without_a_card_database_the_event_says_to_read_the_printed_card() -> None:
    # the bundled data keeps no card text: the event says so instead of inventing one
    g = game({"active": "Mudkip"}, {"active": "Torchic"})
    ctx = Ctx(g.state.clone(), ForcedDice([]), record=True)
    mudkip = g.state.sides[0].active
    assert mudkip is not None
    resolve_by_hand(ctx, 0, mudkip.stack[-1], "attack Pound", "Pound")
    assert [e.data for e in ctx.events] == [
        {"p": "p1", "card": "Mudkip", "id": "ex1-60", "effect": "attack Pound", "text": NO_TEXT}
    ]


def test_the_fast_and_slow_paths_agree_on_cards_played_by_hand() -> None:
    kinds: set[str] = set()
    for i in range(4):
        steps, offered = _side_by_side(
            [DECK, "ruby"], "random", f"by-hand/{i}", {"allow_unimplemented": True}, DB
        )
        assert steps > 10
        kinds |= offered
    assert {"use_power", "play_trainer", "attack", "evolve"} <= kinds
