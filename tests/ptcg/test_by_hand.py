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
from turnkeeper.rulesets.ptcg import registry as reg
from turnkeeper.rulesets.ptcg.by_hand import NO_TEXT, missing_effects, resolve_by_hand
from turnkeeper.rulesets.ptcg.cards import pool
from turnkeeper.rulesets.ptcg.context import Ctx

# EX Crystal Guardians and Power Keepers cards with no handlers yet (read here from the shared
# card database). Wynaut ex16-70 (a Poké-Power and an attack), Pichu ex16-21 (a Poké-Power and
# an attack), Energy Recycle System ex16-73 (an Item); Lotad ex14-55 (a Poké-Body, a plain
# attack) with its Body's handler taken away by the test.
DB = str(shared_data())
DECK: list[Any] = [
    {"card": "Treecko", "count": 4},
    {"card": "Grovyle", "count": 4},
    {"card": "ex16-70", "count": 4},
    {"card": "ex16-73", "count": 4},
    {"card": "ex16-21", "count": 4},
    {"card": "Grass Energy", "count": 40},
]


def test_a_deck_with_unresolvable_effects_is_refused_at_set_up_naming_the_cards() -> None:
    with pytest.raises(SetupError) as info:
        Game(RULESET, {"decks": [DECK, "ruby"], "card_db": DB}, seed=1)
    message = str(info.value)
    assert message.startswith("decks.p1: ")
    assert "Wynaut (ex16-70: attack Flail, Poké-Power Baby Evolution)" in message
    assert "Pichu (ex16-21: attack Cry for Help, Poké-Power Baby Evolution)" in message
    assert "Energy Recycle System (ex16-73: item effect)" in message
    assert "allow_unimplemented" in message
    # the theme decks have a handler for every effect
    Game(RULESET, {"decks": ["sapphire", "ruby"]}, seed=1)


def test_a_position_with_one_is_refused_too() -> None:
    with pytest.raises(SetupError, match=r"position: .*Energy Recycle System \(ex16-73"):
        game({"hand": ["ex16-73"], "active": "Mudkip"}, {"active": "Torchic"}, card_db=DB)


def test_a_poke_body_without_a_handler_is_named_too(monkeypatch: pytest.MonkeyPatch) -> None:
    # Aqua Lift's handler taken away: every bundled card gets its handlers in time
    monkeypatch.delitem(reg.BODIES, ("ex14-55", "Aqua Lift"))
    db = str(shared_data())
    lotad = pool(db)["ex14-55"]  # EX Crystal Guardians: its Poké-Body has no handler
    assert "Poké-Body Aqua Lift" in missing_effects(lotad)
    board = ({"active": {"card": "ex14-55"}}, {"active": "Mudkip"})
    with pytest.raises(SetupError, match=r"Lotad \(ex14-55: .*Poké-Body Aqua Lift\)"):
        game(*board, card_db=db)
    g = game(*board, settings={"allow_unimplemented": True}, card_db=db)
    raw = json.loads((shared_data() / "cards" / "ex14.json").read_text(encoding="utf-8"))
    text = next(c for c in raw if c["id"] == "ex14-55")["abilities"][0]["text"]
    # never used on purpose: shown beside its Pokémon for the players to apply
    assert view(g)["players"]["p1"]["active"]["by_hand"] == [
        {"effect": "Poké-Body Aqua Lift", "text": text}
    ]
    assert "by_hand" not in view(g)["players"]["p2"]["active"]


def test_with_the_setting_each_use_is_recorded_as_resolved_by_hand() -> None:
    g = game(
        {"hand": ["ex16-73"], "active": {"card": "ex16-70", "energy": ["Grass Energy"] * 3}},
        {"active": {"card": "ex1-14", "under": ["Wailmer"]}},  # Wailord: 120 HP
        settings={"allow_unimplemented": True},
        card_db=DB,
    )
    offered = {a.kind for a in g.legal_actions("p1")}
    assert {"play_trainer", "use_power", "attack"} <= offered
    events = act(g, "p1", "play_trainer", card="ex16-73")
    assert [e.type for e in events] == ["trainer", "by_hand"]
    raw = json.loads((shared_data() / "cards" / "ex16.json").read_text(encoding="utf-8"))
    ball = next(c for c in raw if c["id"] == "ex16-73")
    assert events[1].data == {
        "p": "p1",
        "card": "Energy Recycle System",
        "id": "ex16-73",
        "effect": "item effect",
        "text": " ".join(ball["rules"]),
    }
    events = act(g, "p1", "use_power", power="Baby Evolution")
    assert [e.type for e in events] == ["power", "by_hand"]
    events = act(g, "p1", "attack", attack="Flail")
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


def test_a_technical_machine_without_a_handler_is_attached_and_resolved_by_hand(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Before the fix such a TM went down the Items' branch: its event lacked the place it goes
    # to, and the game crashed (KeyError). ex5-84's handler is taken out for this test only.
    from turnkeeper.rulesets.ptcg import registry as reg

    board = ({"hand": ["ex5-84"], "active": "Mudkip"}, {"active": "Torchic"})
    monkeypatch.delitem(reg.TMS, "ex5-84")
    g = game(*board, settings={"allow_unimplemented": True})
    events = act(g, "p1", "play_trainer", card="ex5-84", target="active")
    assert [e.type for e in events] == ["trainer", "by_hand"]
    assert events[0].data["slot"] == 0 and events[1].data["effect"] == "tm effect"
    assert view(g)["players"]["p1"]["hand_count"] == 0
