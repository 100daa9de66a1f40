"""EX Delta Species (ex11) and the era's machinery it brings (δ Species, dual types, Holon's
Pokémon attached as Energy, Holon Energy, Pokémon ★): the bundled facts, the vocabulary of
vocab_ex11.py / holon.py, and the cards of effect_data_ex11.py, each shown both ways where it
can go two ways."""

from __future__ import annotations

import pytest

from tests.ptcg.board import act, check_invariants, game, view
from tests.ptcg.set_cards import ALLOW, WAILORD, attack, defending, players
from turnkeeper.core.game import Game
from turnkeeper.core.model import IllegalActionError
from turnkeeper.core.ruleset import SetupError
from turnkeeper.rulesets.ptcg import RULESET
from turnkeeper.rulesets.ptcg.board import can_pay, energy_units
from turnkeeper.rulesets.ptcg.by_hand import missing_effects
from turnkeeper.rulesets.ptcg.cards import bundled_cards, bundled_decks
from turnkeeper.rulesets.ptcg.holon import delta_in_play, is_delta
from turnkeeper.rulesets.ptcg.search import Cards
from turnkeeper.rulesets.ptcg.state import PtcgState


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


# ---------------------------------------------------------------------------- dual types
def test_a_dual_type_attacker_meets_weakness_and_resistance_each_once() -> None:
    # Sandslash δ (Fighting and Metal) Slashes for 50: Ampharos ex is weak to Fighting and
    # resists Metal, so both apply (50 x 2 - 30)
    g = attack("ex11-27", "Slash", defender={"card": "ex3-89", "under": ["Mareep", "Flaaffy"]})
    assert defending(g)["damage"] == 70
    # Team Aqua's Walrein is weak to both its types: Weakness still doubles once (not x4)
    walrein = {"card": "ex4-6", "under": ["Team Aqua's Spheal", "Team Aqua's Sealeo"]}
    assert defending(attack("ex11-27", "Slash", defender=walrein))["damage"] == 100
    # Wailord is weak to Lightning, resists nothing: neither type matches
    assert defending(attack("ex11-27", "Slash"))["damage"] == 50


def test_a_dual_type_pokemon_is_of_each_type_for_metal_energy_and_high_pressure() -> None:
    # Metal Energy (ex11-107) takes 10 off the damage to a Metal Pokémon: Flareon δ is Fire
    # and Metal; Ponyta (Fire only) gets nothing from it
    for defender, damage in (("ex11-5", 10), ("ex11-78", 20)):
        mon = {"card": defender, "energy": ["ex11-107"]}
        if defender == "ex11-5":
            mon["under"] = ["Eevee"]
        g = attack("ex11-9", "Dragon Claw", defender=mon)
        assert defending(g)["damage"] == damage, defender
    # High Pressure System: Fire and Water Pokémon retreat for one Colorless less; Flareon δ
    # (Fire and Metal) does, Jolteon δ (Lightning and Metal) does not
    g = game(
        {
            "active": {"card": "ex11-5", "under": ["Eevee"]},
            "bench": [{"card": "ex11-7", "under": ["Eevee"]}],
        },
        {"active": WAILORD},
        settings=ALLOW,
        stadium={"card": "ex3-85", "owner": "p1"},
    )
    p1 = players(g)["p1"]
    assert p1["active"]["retreat"] == 0 and p1["bench"][0]["retreat"] == 1


def test_a_search_for_a_type_takes_a_dual_type_pokemon_for_either() -> None:
    flareon = bundled_cards()["ex11-5"]
    assert Cards(type="Metal").matches(flareon) and Cards(type="Fire").matches(flareon)
    assert not Cards(type="Water").matches(flareon)


# ---------------------------------------------------------------------------- δ Species
def test_delta_species_is_a_queryable_fact() -> None:
    cards = bundled_cards()
    assert Cards(delta=True).matches(cards["ex11-5"]) and is_delta(cards["ex11-5"])
    assert not Cards(delta=True).matches(cards["ex11-69"]) and not is_delta(cards["ex11-69"])
    assert Cards(kind="pokemon", delta=True).describe() == "δ Pokémon card"
    g = game(
        {"active": {"card": "ex11-5", "under": ["Eevee"]}, "bench": ["ex11-69", "ex11-65"]},
        {"active": WAILORD},
        settings=ALLOW,
    )
    assert [g.state.top(m).id for m in delta_in_play(g.state, 0)] == ["ex11-5", "ex11-65"]
    assert delta_in_play(g.state, 1) == []


# ---------------------------------------------------------------------------- Holon's Pokémon
def _holon_board(**p1: object) -> Game[PtcgState]:
    return game(
        {"active": {"card": "ex11-78"}, "bench": ["ex11-74"], **p1},
        {"active": WAILORD},
        settings=ALLOW,
    )


def test_a_holons_pokemon_is_attached_from_the_hand_as_the_turns_energy() -> None:
    g = _holon_board(hand=["ex11-70", "ex11-71", "Fire Energy"])
    offers = [(o.kind, o.params.get("card")) for o in g.legal_actions("p1")]
    assert ("attach", "ex11-70") in offers and ("bench", "ex11-70") in offers
    act(g, "p1", "attach", card="ex11-70", target="active")
    p1 = players(g)["p1"]
    assert p1["active"]["energy"] == ["Holon's Magnemite"]
    assert g.state.energy_played
    # it was the turn's attachment: neither another Holon's Pokémon nor an Energy card follows
    for card in ("ex11-71", "Fire Energy"):
        with pytest.raises(IllegalActionError, match=r"ptcg\.energy\.one-per-turn"):
            act(g, "p1", "attach", card=card, target="active")
    # and it may still be benched as the Pokémon it is
    act(g, "p1", "bench", card="ex11-71")
    check_invariants(g.state)


def test_a_holons_pokemon_attached_provides_colorless_and_is_a_pokemon_in_the_discard() -> None:
    # Ponyta's Flare costs one Fire: Holon's Voltorb gives Colorless only, so it cannot pay
    g = _holon_board(hand=["ex11-71"])
    act(g, "p1", "attach", card="ex11-71", target="bench1")
    magnemite = g.state.sides[0].bench[0]
    assert energy_units(g.state, magnemite) == [("Colorless",)]
    assert can_pay(g.state, magnemite, ("Colorless",))
    assert not can_pay(g.state, magnemite, ("Lightning",))
    # Magnemite's Magnetic Blast costs Lightning: refused, its Energy is Colorless
    g = _holon_board(active={"card": "ex11-74", "energy": ["ex11-71"]}, bench=[])
    with pytest.raises(IllegalActionError, match=r"ptcg\.attack\.energy"):
        act(g, "p1", "attack", attack="Magnetic Blast")
    # Knocked Out, its Energy go to the discard pile: there Holon's Voltorb is a Pokémon card
    g = game(
        {"active": {"card": "ex11-84", "energy": ["Water Energy"]}},
        {"active": {"card": "ex11-78", "energy": ["ex11-71"], "damage": 40}, "bench": ["Mudkip"]},
        settings=ALLOW,
    )
    act(g, "p1", "attack", attack="Tackle")
    discard = players(g)["p2"]["discard"]
    assert "Holon's Voltorb" in discard
    voltorb = next(c for c in g.state.sides[1].discard if g.state.cards[c] == "ex11-71")
    assert g.state.card(voltorb).kind == "pokemon"


def test_a_holons_pokemon_without_the_rule_implemented_is_no_energy() -> None:
    # Holon's Magneton (ex11-22) is not done: it is refused at set-up, and with
    # allow_unimplemented it cannot be attached as Energy (the rule is resolved by hand)
    assert "attached as Energy (Holon's Pokémon)" in missing_effects(bundled_cards()["ex11-22"])
    with pytest.raises(SetupError, match=r"Holon's Magneton \(ex11-22: .*attached as Energy"):
        game({"active": "ex11-78", "hand": ["ex11-22"]}, {"active": WAILORD})
    g = _holon_board(hand=["ex11-22"])
    with pytest.raises(IllegalActionError, match=r"ptcg\.card\.wrong-kind"):
        act(g, "p1", "attach", card="ex11-22", target="active")


# ---------------------------------------------------------------------------- Pokémon ★
def test_a_deck_holds_one_pokemon_star_delta_or_not() -> None:
    energy = {"card": "Fighting Energy", "count": 50}
    base = [{"card": "ex11-78", "count": 4}, {"card": "ex11-80", "count": 4}, energy]
    one = [*base, {"card": "ex11-111", "count": 1}, {"card": "ex11-84", "count": 1}]
    Game(RULESET, {"decks": [one, one], "settings": ALLOW}, seed=1)  # one is fine
    two = [*base, {"card": "ex11-111", "count": 1}, {"card": "ex13-102", "count": 1}]
    with pytest.raises(SetupError, match=r"2 Pokémon ★ \(Groudon ★, Gyarados ★\)"):
        Game(RULESET, {"decks": [two, one], "settings": ALLOW}, seed=1)
