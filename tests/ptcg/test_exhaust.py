"""The exhaustive runner and the fuzzer (exhaust.py): games over decks of implemented cards,
the invariants checked after every action, what was never reached reported."""

from __future__ import annotations

import argparse
import random

import pytest

from turnkeeper.rulesets.ptcg import exhaust
from turnkeeper.rulesets.ptcg import registry as reg
from turnkeeper.rulesets.ptcg.cards import pool
from turnkeeper.rulesets.ptcg.sim import InvariantError


def test_random_decks_are_legal_and_made_of_implemented_cards() -> None:
    cards = exhaust.implemented()
    ids = {c.id for c in cards}
    rng = random.Random(3)
    for _ in range(20):
        deck = exhaust.build_deck(rng, cards, [rng.choice(cards)])
        assert len(deck) == 60 and set(deck) <= ids
        names: dict[str, int] = {}
        for cid in deck:
            if not pool()[cid].basic_energy:
                names[pool()[cid].name] = names.get(pool()[cid].name, 0) + 1
        assert max(names.values()) <= 4
        assert any(pool()[cid].is_basic_pokemon for cid in deck)


def test_fuzzed_games_keep_the_invariants() -> None:
    report = exhaust.fuzz(12, seed=5)
    assert report.games == 12 and report.actions > 12 * 20
    assert report.failures == []


def test_a_broken_invariant_is_reported_with_its_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(state: object) -> None:
        raise InvariantError("a card is missing or in two places")

    monkeypatch.setattr(exhaust, "check_invariants", broken)
    report = exhaust.fuzz(2, seed=5)
    assert len(report.failures) == 2
    assert report.failures[0].startswith("fuzz/5/0: InvariantError: a card is missing")


def test_the_exhaustive_runner_reports_what_it_reached_and_what_it_did_not() -> None:
    report = exhaust.exhaust(sets=("ex1",), seed=1, max_games=25)
    assert report.failures == []
    assert report.games == 25
    assert report.played & report.wanted_cards and report.effects & report.wanted_effects
    data = report.to_dict()
    assert set(data["unreached_cards"]) == report.wanted_cards - report.played
    assert set(data["unreached_effects"]) == report.wanted_effects - report.effects
    # every Pokémon of ex1 has an implemented line down to a Basic (Fossils count as Basics)
    assert data["blocked"] == {}


def test_a_pokemon_without_an_implemented_line_is_reported_blocked(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # without Wurmple's Signs of Evolution, Cascoon ex1-26 can never be played in a legal deck
    # of implemented cards
    monkeypatch.delitem(reg.ATTACKS, ("ex1-78", "Signs of Evolution"))
    data = exhaust.exhaust(sets=("ex1",), seed=1, max_games=3).to_dict()
    assert data["blocked"]["ex1-26"] == "Wurmple" and "ex1-26" in data["unreached_cards"]


def test_the_command_line_fuzzes_the_whole_pool_and_names_an_unknown_set(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert exhaust.parse_sets("all")[:2] == ("ex1", "ex2")
    assert "ex16" in exhaust.parse_sets("all")
    assert exhaust.parse_sets("ex11, ex15") == ("ex11", "ex15")
    with pytest.raises(argparse.ArgumentTypeError, match="unknown set ex99"):
        exhaust.parse_sets("ex1,ex99")
    with pytest.raises(SystemExit):
        exhaust.main(["--fuzz", "2", "--sets", "ex99"])
    assert "unknown set ex99" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        exhaust.main(["--fuzz", "-1"])
    assert exhaust.main(["--fuzz", "3", "--seed", "4", "--sets", "all", "--progress", "1"]) == 0
    out, err = capsys.readouterr()
    assert out.startswith("fuzz: 3 games (seed 4) over ") and ", 0 failures, " in out
    assert err.count("  fuzz: ") == 2  # after games 1 and 2; the last line is the summary
