"""EX Delta Species (ex11) and the era's machinery it brings (δ Species, dual types, Holon's
Pokémon attached as Energy, Holon Energy, Pokémon ★): the bundled facts, the vocabulary of
vocab_ex11.py / holon.py, and the cards of effect_data_ex11.py, each shown both ways where it
can go two ways."""

from __future__ import annotations

import pytest

from tests.ptcg.board import act, check_invariants, game, view
from turnkeeper.core.game import Game
from turnkeeper.core.ruleset import SetupError
from turnkeeper.rulesets.ptcg import RULESET
from turnkeeper.rulesets.ptcg.cards import bundled_cards, bundled_decks


# ---------------------------------------------------------------------------- bundled facts
def test_the_delta_mark_is_a_fact_not_part_of_the_name() -> None:
    cards = bundled_cards()
    dragonair = cards["ex11-41"]
    assert (dragonair.name, dragonair.delta, dragonair.shown_name) == (
        "Dragonair",
        True,
        "Dragonair δ",
    )
    assert dragonair.evolves_from == "Dratini" and cards["ex11-65"].name == "Dratini"
    assert cards["ex11-1"].types == ("Grass", "Metal")  # dual type: both kept, in print order
    assert not cards["ex11-46"].delta  # Kakuna: a plain Pokémon
    # a δ Pokémon ★ keeps its ★ (the name ends with it: one per deck) and loses the δ
    gyarados = cards["ex13-102"]
    assert (gyarados.name, gyarados.delta, gyarados.is_star) == ("Gyarados ★", True, True)
    assert not cards["ex11-41"].is_star and cards["ex11-111"].is_star


def test_a_delta_pokemon_evolves_from_a_delta_one_of_the_name_it_names() -> None:
    g = game(
        {"active": {"card": "ex11-65"}, "hand": ["ex11-41"]},
        {"active": {"card": "ex1-14", "under": ["Wailmer"]}},
        settings={"allow_unimplemented": True},
    )
    act(g, "p1", "evolve", card="ex11-41", target="active")
    active = view(g)["players"]["p1"]["active"]
    assert (active["card"], active["id"]) == ("Dragonair", "ex11-41")
    assert active["evolved_from"] == ["Dratini"]
    check_invariants(g.state)


def test_the_four_copies_rule_counts_delta_and_plain_prints_together() -> None:
    deck = [{"card": "ex11-41", "count": 3}, {"card": "ex3-14", "count": 2}]
    deck += [{"card": "Psychic Energy", "count": 55}]
    with pytest.raises(SetupError, match=r"Dragonair"):
        Game(RULESET, {"decks": [deck, "ruby"], "settings": {"allow_unimplemented": True}}, seed=1)


def test_a_theme_deck_with_unimplemented_cards_is_refused_naming_them() -> None:
    assert bundled_decks()["breakthrough"]["id"] == "d-ex11-1"
    with pytest.raises(SetupError, match=r"decks\.p1: .*\(ex11-\d+: "):
        Game(RULESET, {"decks": ["breakthrough", "ruby"]}, seed=1)
