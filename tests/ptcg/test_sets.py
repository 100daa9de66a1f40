"""The per-set bundled files (data/sets/exN.json, exN.decks.json): written by
scripts/bundle_ptcg_set.py from the shared card database, facts only, read by the pool."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType

import pytest

from tests.ptcg.test_cards import shared_data
from turnkeeper.rulesets.ptcg.cards import (
    SETS_DIR,
    CardDataError,
    bundled_card_files,
    bundled_cards,
    bundled_decks,
    deck_list,
    pool,
)

REPO = Path(__file__).resolve().parents[2]
SET_IDS = sorted(p.name.split(".")[0] for p in SETS_DIR.glob("*.json") if ".decks." not in p.name)


def script() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "bundle_ptcg_set", REPO / "scripts" / "bundle_ptcg_set.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_ex6_is_bundled_beside_ex1_to_ex4() -> None:
    assert "ex6" in SET_IDS
    names = [p.name for p in bundled_card_files()]
    assert names[0] == "cards.json" and "ex6.json" in names
    cards = bundled_cards()
    assert sum(c.set == "ex6" for c in cards.values()) == 116
    charizard = cards["ex6-105"]
    assert charizard.name == "Charizard ex" and charizard.ex and charizard.stage == "stage2"
    assert cards["ex1-73"].name == "Torchic"  # cards.json still read


@pytest.mark.parametrize("set_id", SET_IDS)
def test_the_set_files_are_what_the_script_writes(set_id: str) -> None:
    bundle = script()
    cards_doc, decks_doc = bundle.build(set_id, shared_data())
    assert (SETS_DIR / f"{set_id}.json").read_text(encoding="utf-8") == bundle.dump(cards_doc)
    assert (SETS_DIR / f"{set_id}.decks.json").read_text(encoding="utf-8") == bundle.dump(decks_doc)


@pytest.mark.parametrize("set_id", SET_IDS)
def test_the_set_files_hold_facts_not_card_text(set_id: str) -> None:
    for name in (f"{set_id}.json", f"{set_id}.decks.json"):
        text = (SETS_DIR / name).read_text(encoding="utf-8")
        assert '"text"' not in text and '"rules"' not in text
        assert "Flip a coin" not in text and "Defending" not in text and "Discard" not in text


def test_the_theme_decks_of_ex6_resolve_to_60_bundled_cards() -> None:
    decks = bundled_decks()
    for key, deck_id in (("firered", "d-ex6-1"), ("leafgreen", "d-ex6-2")):
        assert decks[key]["id"] == deck_id
        ids = deck_list(key, pool(), "deck")
        assert len(ids) == 60 and all(card_id in bundled_cards() for card_id in ids)
    assert len(deck_list("FireRed", pool(), "deck")) == 60  # by name too


def test_a_card_bundled_twice_is_an_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from turnkeeper.rulesets.ptcg import cards as cards_module

    sets = tmp_path / "sets"
    sets.mkdir()
    twice = {
        "format": "turnkeeper-ptcg-cards/1",
        "cards": [{"id": "ex1-73", "name": "Torchic", "kind": "pokemon"}],
    }
    (sets / "ex99.json").write_text(json.dumps(twice), encoding="utf-8")
    monkeypatch.setattr(cards_module, "SETS_DIR", sets)
    cards_module.bundled_cards.cache_clear()
    try:
        with pytest.raises(CardDataError, match=r"ex99\.json: card ex1-73 is bundled twice"):
            cards_module.bundled_cards()
    finally:
        monkeypatch.undo()
        cards_module.bundled_cards.cache_clear()
    assert "ex6-105" in cards_module.bundled_cards()
