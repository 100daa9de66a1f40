"""The card importer on the whole shared EX-era database, the bundled data, and card_db."""

from __future__ import annotations

import dataclasses
import json
import os
from pathlib import Path

import pytest

from tests.ptcg.board import act, game, view
from turnkeeper.core.ruleset import SetupError
from turnkeeper.rulesets.ptcg.cards import (
    DATA_DIR,
    CardDataError,
    bundled_cards,
    bundled_decks,
    card_files,
    import_card,
    import_cards,
)
from turnkeeper.rulesets.ptcg.registry import ATTACKS, ENERGIES, POWERS, TOOLS, TRAINERS

REPO = Path(__file__).resolve().parents[2]


def shared_data() -> Path:
    """The shared reference data: beside the clone in CI (../shared), required here. A git
    worktree elsewhere names the shared folder in TURNKEEPER_SHARED."""
    shared = Path(os.environ.get("TURNKEEPER_SHARED") or REPO / ".." / "shared")
    path = shared / "reference" / "ptcg-data"
    if not (path / "cards").is_dir():
        pytest.fail(
            f"the shared card database is missing: expected {path.resolve()}/cards/*.json "
            "(a copy of shared/ must sit beside the repository)"
        )
    return path


def test_importer_maps_all_1722_cards() -> None:
    cards, report = import_cards(card_files(shared_data()))
    assert report.problems == []
    assert report.cards == len(cards) == 1722
    assert dict(report.by_kind) == {"pokemon": 1458, "trainer": 194, "energy": 70}
    assert dict(report.by_stage) == {"basic": 811, "stage1": 489, "stage2": 158}
    assert dict(report.by_trainer) == {
        "item": 78,
        "supporter": 51,
        "tool": 25,
        "stadium": 30,
        "tm": 5,
        "rsm": 5,  # Rocket's Secret Machines (ex7): played as Items are (rockets.py)
    }
    assert report.ex_cards == 139
    assert report.attacks == report.plain_attacks + report.effect_attacks == 2453
    assert report.basic_energy + report.special_energy == 70
    assert report.poke_powers > 0 and report.poke_bodies > 0
    torchic = cards["ex1-73"]
    assert (torchic.name, torchic.hp, torchic.types, torchic.weakness, torchic.retreat) == (
        "Torchic",
        40,
        ("Fire",),
        ("Water",),
        1,
    )
    assert [a.name for a in torchic.attacks] == ["Peck", "Fireworks"]
    assert not torchic.attacks[0].effect and torchic.attacks[1].effect
    assert cards["ex1-102"].ex and cards["ex1-102"].is_basic_pokemon
    assert cards["ex1-15"].evolves_from == "Combusken" and cards["ex1-15"].stage == "stage2"
    assert cards["ex1-46"].retreat == 0  # no retreatCost field: free
    assert cards["ex1-95"].kind == "energy" and not cards["ex1-95"].basic_energy


# Rainbow, Darkness, Metal, Multi, Aqua, Magma and Double Rainbow Energy: the types they
# provide (one entry per Energy: Aqua and Magma give 2, each of either type; Double Rainbow 2
# of every type), stated by the project (the card database gives a special Energy none)
PROVIDED = {
    "ex1-95": ("Any",),
    "ex1-93": ("Darkness",),
    "ex1-94": ("Metal",),
    "ex2-93": ("Any",),
    "ex4-86": ("Water", "Darkness"),
    "ex4-87": ("Fighting", "Darkness"),
    "ex4-88": ("Any", "Any"),
    "ex7-95": ("Darkness", "Darkness"),  # R Energy (scripts/bundle_ptcg_set.py PROVIDES)
    # ex9 Darkness, Double Rainbow, Metal and Multi Energy (scripts/bundle_ptcg_set.py PROVIDES)
    "ex9-86": ("Darkness",),
    "ex9-87": ("Any", "Any"),
    "ex9-88": ("Metal",),
    "ex9-89": ("Any",),
    # ex10 Darkness and Metal Energy (scripts/bundle_ptcg_set.py PROVIDES)
    "ex10-96": ("Darkness",),
    "ex10-97": ("Metal",),
    # ex11-ex16 reprints of Darkness, Metal, Rainbow, Multi and Double Rainbow Energy: as their
    # earlier prints (scripts/bundle_ptcg_set.py PROVIDES; Dark Metal Energy ex13-97: its
    # handler's units, as ex7-94)
    "ex11-103": ("Darkness",),
    "ex11-107": ("Metal",),
    "ex12-81": ("Any",),
    "ex13-94": ("Darkness",),
    "ex13-95": ("Metal",),
    "ex13-96": ("Any",),
    "ex14-88": ("Any", "Any"),
    "ex16-87": ("Darkness",),
    "ex16-88": ("Metal",),
    "ex16-89": ("Any",),
}
# cards whose stage the card database states wrongly (scripts/bundle_ptcg_set.py STAGES):
# Clefable ex is printed as a Stage 1 evolving from Clefairy
STAGES = {"ex6-106": "stage1"}

# Pokémon whose printed "evolves from" the project states over the database's
# (scripts/bundle_ptcg_set.py EVOLVES_FROM: Blissey ex, Scizor ex)
EVOLVES_FROM = {"ex10-101": "Chansey", "ex10-108": "Scyther"}


def test_bundled_facts_match_the_database() -> None:
    imported, _ = import_cards(card_files(shared_data()))
    for card_id, card in bundled_cards().items():
        if card_id == "ecard1-153":  # the stand-in plays as ex1-90 Energy Search
            source = dataclasses.replace(imported["ex1-90"], id=card_id, set="ecard1", number="153")
        elif card_id in PROVIDED:  # special Energy: the project states what it provides
            source = dataclasses.replace(imported[card_id], provides=PROVIDED[card_id])
        elif card_id in STAGES:  # a stage the database states wrongly (Clefable ex)
            source = dataclasses.replace(imported[card_id], stage=STAGES[card_id])
        elif card_id in EVOLVES_FROM:  # the printed card's Basic, not the database's
            source = dataclasses.replace(imported[card_id], evolves_from=EVOLVES_FROM[card_id])
        else:
            source = imported[card_id]
        assert card == source, card_id


def test_bundled_data_holds_facts_not_card_text() -> None:
    for name in ("cards.json", "decks.json"):
        raw = json.loads((DATA_DIR / name).read_text(encoding="utf-8"))
        text = json.dumps(raw["cards"] if "cards" in raw else raw["decks"])
        assert '"text"' not in text and '"rules"' not in text
        assert "Flip a coin" not in text and "Defending" not in text


def test_every_card_of_both_theme_decks_is_implemented() -> None:
    cards = bundled_cards()
    for key in ("sapphire", "ruby"):
        deck = bundled_decks()[key]
        assert sum(c["count"] for c in deck["cards"]) == 60
        for entry in deck["cards"]:
            card = cards[entry["id"]]
            for attack in card.attacks:
                assert not attack.effect or (card.id, attack.name) in ATTACKS, (key, card.name)
            for power in card.powers:
                if power.kind == "power":
                    assert (card.id, power.name) in POWERS, (key, card.name)
            if card.kind == "trainer":
                assert card.id in TRAINERS or card.id in TOOLS, (key, card.name)
            if card.kind == "energy" and not card.basic_energy:
                assert card.id in ENERGIES, (key, card.name)


@pytest.mark.parametrize(
    "raw",
    [
        [],
        {"id": 3, "name": "x"},
        {"id": "x-1", "name": "X", "supertype": "Spell"},
        {"id": "x-1", "name": "X", "supertype": "Pokémon", "hp": "lots"},
        {
            "id": "x-1",
            "name": "X",
            "supertype": "Pokémon",
            "hp": "50",
            "attacks": [{"name": "Hit", "cost": [], "damage": "a lot"}],
        },
    ],
)
def test_importer_rejects_bad_cards_with_their_id(raw: object) -> None:
    with pytest.raises(CardDataError):
        import_card(raw)  # type: ignore[arg-type]


def test_a_users_card_database_adds_cards_and_pokemon_ex_give_two_prizes() -> None:
    db = str(shared_data())
    g = game(
        {"active": {"card": "Mudkip", "energy": ["Water Energy"]}},
        {"active": {"card": "ex1-102", "damage": 70}, "bench": ["Makuhita"]},
        settings={"allow_unimplemented": True},  # Scyther ex's Agility has no handler
        card_db=db,
    )
    assert view(g)["players"]["p2"]["active"]["card"] == "Scyther ex"
    act(g, "p1", "attack", attack="Pound")
    assert view(g)["players"]["p1"]["prize_count"] == 4


def test_imported_attacks_with_text_are_refused_at_set_up_or_played_by_hand(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Wynaut ex16-70 stands for a card with no handler: the ones it has by now
    # (effect_data_ex16) are taken out here
    if ("ex16-70", "Flail") in ATTACKS:
        monkeypatch.delitem(ATTACKS, ("ex16-70", "Flail"))
    if ("ex16-70", "Baby Evolution") in POWERS:
        monkeypatch.delitem(POWERS, ("ex16-70", "Baby Evolution"))
    board = (
        {"active": {"card": "ex16-70", "energy": ["Grass Energy"] * 3}},
        {"active": {"card": "Wailmer"}},
    )
    refused = r"Wynaut \(ex16-70: attack Flail"
    with pytest.raises(SetupError, match=refused):
        game(*board, card_db=str(shared_data()))
    g = game(*board, settings={"allow_unimplemented": True}, card_db=str(shared_data()))
    events = act(g, "p1", "attack", attack="Flail")
    by_hand = [e for e in events if e.type == "by_hand"]
    assert [e.data["effect"] for e in by_hand] == ["attack Flail"]
    # the effect's text comes from the card database at run time (never stored here)
    raw = json.loads((shared_data() / "cards" / "ex16.json").read_text(encoding="utf-8"))
    wynaut = next(card for card in raw if card["id"] == "ex16-70")
    assert by_hand[0].data["text"] == wynaut["attacks"][0]["text"] != ""
    assert view(g)["players"]["p2"]["active"]["damage"] == 0  # nothing done for it
