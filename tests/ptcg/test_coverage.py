"""Honest coverage (coverage.py, ``turnkeeper ptcg coverage``): a card counts only when every
effect it has is resolved; every other card is listed with what it lacks."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tests.ptcg.test_cards import shared_data
from tests.ptcg.test_cli import make_app
from turnkeeper.rulesets.ptcg import registry as reg
from turnkeeper.rulesets.ptcg.by_hand import missing_effects
from turnkeeper.rulesets.ptcg.cards import pool
from turnkeeper.rulesets.ptcg.coverage import coverage, kind_of, set_cards

# Lotad ex14-55's Poké-Body, its handler taken away for a test of a card still missing one
# (every bundled card gets its handlers in time: a real gap cannot be counted on)
AQUA_LIFT = ("ex14-55", "Aqua Lift")


def test_a_card_counts_only_with_every_effect_implemented(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delitem(reg.BODIES, AQUA_LIFT)
    cards = pool(str(shared_data()))
    # Lotad ex14-55: Rolling Tackle needs no handler, its Poké-Body Aqua Lift has none
    found = coverage([cards["ex14-55"], cards["ex1-27"]])
    assert found.counts == {"ex14": {"pokemon": [0, 1]}, "ex1": {"pokemon": [1, 1]}}
    assert found.missing == [("ex14-55", "Lotad", "pokemon", ["Poké-Body Aqua Lift"])]


def test_coverage_agrees_with_the_set_up_refusal_for_every_bundled_card() -> None:
    cards = set_cards()
    found = coverage(cards)
    listed = {cid for cid, *_ in found.missing}
    assert listed == {c.id for c in cards if missing_effects(c)}
    done, total = found.totals()
    # ex1-ex4 with ecard1-153 (cards.json), then every set file of data/sets/ (ex6 ...)
    later = sum(c.set not in ("ecard1", "ex1", "ex2", "ex3", "ex4") for c in cards)
    assert total == len(cards) == 407 + later and later >= 116
    assert done == total - len(listed)
    assert {kind_of(c) for c in cards} <= {
        "pokemon",
        "item",
        "supporter",
        "stadium",
        "tool",
        "tm",
        "rsm",
        "basic energy",
        "special energy",
    }


def test_the_cli_reports_a_set_a_deck_and_names_a_wrong_set() -> None:
    runner = CliRunner()
    app = make_app()
    result = runner.invoke(app, ["ptcg", "coverage", "--set", "ex1", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert list(data["by_set"]) == ["ex1"] and data["total"] == 109
    assert all(entry["missing"] for entry in data["missing"])
    result = runner.invoke(app, ["ptcg", "coverage", "--deck", "ruby", "--json"])
    data = json.loads(result.output)
    assert data["implemented"] == data["total"] and data["missing"] == []
    result = runner.invoke(app, ["ptcg", "coverage", "--set", "ex99"])
    assert result.exit_code == 2
    assert "sets known: ecard1, ex1, ex2, ex3, ex4, ex5, ex6" in result.output


def test_sets_by_range_and_list_and_ex1_to_ex4_complete() -> None:
    runner = CliRunner()
    app = make_app()
    result = runner.invoke(app, ["ptcg", "coverage", "--set", "ex1..ex4", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert list(data["by_set"]) == ["ex1", "ex2", "ex3", "ex4"]
    assert data["total"] == 406 and data["implemented"] == 406 and data["missing"] == []
    result = runner.invoke(app, ["ptcg", "coverage", "--set", "ex3, ex1", "--json"])
    assert list(json.loads(result.output)["by_set"]) == ["ex1", "ex3"]
    # a range reaching a set that is not bundled names it (the EX era ends with ex16)
    result = runner.invoke(app, ["ptcg", "coverage", "--set", "ex15..ex17"])
    assert result.exit_code == 2 and "no card of set 'ex17'" in result.output
    result = runner.invoke(app, ["ptcg", "coverage", "--deck", "ruby", "--set", "ex1..ex2"])
    assert result.exit_code == 0, result.output


def test_the_cli_reads_a_deck_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delitem(reg.BODIES, AQUA_LIFT)
    deck = tmp_path / "deck.json"
    deck.write_text(json.dumps({"cards": [{"id": "ex14-55", "count": 4}, "Water Energy"]}))
    db = str(shared_data())
    result = CliRunner().invoke(
        make_app(), ["ptcg", "coverage", "--deck", str(deck), "--card-db", db]
    )
    assert result.exit_code == 0, result.output
    assert "ex14-55 Lotad (pokemon): Poké-Body Aqua Lift" in result.output
    bad = tmp_path / "bad.json"
    bad.write_text('[{"id": "ex1-999"}]')
    result = CliRunner().invoke(make_app(), ["ptcg", "coverage", "--deck", str(bad)])
    assert result.exit_code == 2 and "unknown card 'ex1-999'" in result.output
