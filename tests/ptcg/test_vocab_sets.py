"""The primitives of vocab_sets.py and the ex6 (FireRed & LeafGreen) cards built from them
(effect_data_ex6.py), each shown both ways: doing its work, and doing nothing or refusing
where it must."""

from __future__ import annotations

from typing import Any

import pytest

from tests.ptcg.board import HEADS, TAILS, act, check_invariants, game, view
from turnkeeper.core.model import IllegalActionError
from turnkeeper.rulesets.ptcg import registry as reg
from turnkeeper.rulesets.ptcg.cards import bundled_cards
from turnkeeper.rulesets.ptcg.coverage import coverage
from turnkeeper.rulesets.ptcg.effect_data_ex6 import ATTACK_STEPS, POWER_STEPS, REPRINTS
from turnkeeper.rulesets.ptcg.search import Cards
from turnkeeper.rulesets.ptcg.set_data import SetEffects, register_set
from turnkeeper.rulesets.ptcg.vocab import Draw
from turnkeeper.rulesets.ptcg.vocab_sets import CardsNotEx, TrainerOf

WAILORD = {"card": "ex1-14", "under": ["Wailmer"]}  # 120 HP, no Weakness to Grass or Fire
BEEDRILL = {"card": "ex6-1", "under": ["ex6-86", "ex6-36"]}
ALLOW = {"allow_unimplemented": True}


def players(g: Any) -> dict[str, Any]:
    found: dict[str, Any] = view(g)["players"]
    return found


def pending(g: Any) -> dict[str, Any]:
    found: dict[str, Any] = view(g)["pending"]
    return found


def damage_to_p2(g: Any) -> int:
    found: int = players(g)["p2"]["active"]["damage"]
    return found


# ---------------------------------------------------------------------------- PlusPerCard
def test_link_needle_counts_the_other_beedrill_in_play_not_itself() -> None:
    energy = ["Grass Energy"] * 3
    g = game(
        {"active": {**BEEDRILL, "energy": energy}, "bench": [BEEDRILL, BEEDRILL]},
        {"active": WAILORD},
    )
    act(g, "p1", "attack", attack="Link Needle")
    assert damage_to_p2(g) == 50 + 2 * 30
    # alone (a Beedrill only in the discard pile does not count): the printed 50
    g = game({"active": {**BEEDRILL, "energy": energy}, "discard": ["ex6-1"]}, {"active": WAILORD})
    act(g, "p1", "attack", attack="Link Needle")
    assert damage_to_p2(g) == 50


def test_vengeance_counts_pokemon_in_the_discard_pile_up_to_its_cap() -> None:
    marowak = {"card": "ex6-7", "under": ["ex6-60"], "energy": ["Fighting Energy"] * 3}
    g = game({"active": marowak, "discard": ["ex6-1", "ex6-86", "Potion"]}, {"active": WAILORD})
    act(g, "p1", "attack", attack="Vengeance")
    assert damage_to_p2(g) == 30 + 20  # 2 Pokémon cards; the Trainer does not count
    g = game({"active": marowak, "discard": ["ex6-86"] * 8}, {"active": WAILORD})
    act(g, "p1", "attack", attack="Vengeance")
    assert damage_to_p2(g) == 30 + 60  # 8 cards, at most +60


def test_poltergeist_counts_the_trainers_in_the_opponents_hand() -> None:
    gengar = {"card": "ex6-108", "under": ["ex6-63", "ex6-34"], "energy": ["Psychic Energy"] * 2}
    hand = ["Potion", "Switch", "Potion", "Water Energy"]
    g = game({"active": gengar}, {"active": WAILORD, "hand": hand}, settings=ALLOW)
    act(g, "p1", "attack", attack="Poltergeist")
    assert damage_to_p2(g) == 40 + 30
    g = game({"active": gengar}, {"active": WAILORD, "hand": ["Water Energy"]}, settings=ALLOW)
    act(g, "p1", "attack", attack="Poltergeist")
    assert damage_to_p2(g) == 40


# ---------------------------------------------------------------------------- deck and hand
def test_mischief_shuffles_the_opponents_deck_only() -> None:
    mankey = {"card": "ex6-38", "energy": ["Fighting Energy"]}
    p2_deck = ["Potion", "Switch", "Water Energy", "Fire Energy", "Grass Energy", "Potion"]
    p1_deck = ["Grass Energy", "Potion", "Switch", "Fire Energy"]
    g = game({"active": mankey, "deck": p1_deck}, {"active": WAILORD, "deck": p2_deck})
    before = list(g.state.sides[1].deck), list(g.state.sides[0].deck)
    events = act(g, "p1", "attack", attack="Mischief")
    assert any(e.type == "shuffle" and e.data["p"] == "p2" for e in events)
    assert not any(e.type == "shuffle" and e.data["p"] == "p1" for e in events)
    # the same cards (less the one p2 drew to start their turn), in the shuffled order
    assert len(g.state.sides[1].deck) == 5 and set(g.state.sides[1].deck) <= set(before[0])
    assert g.state.sides[0].deck == before[1]
    check_invariants(g.state)


def test_prof_oaks_research_shuffles_the_hand_in_and_draws_5() -> None:
    deck = ["Grass Energy"] * 10
    g = game(
        {"active": "ex6-58", "hand": ["ex6-98", "Potion", "Switch"], "deck": deck},
        {"active": WAILORD},
    )
    act(g, "p1", "play_trainer", card="Prof. Oak's Research")
    p1 = players(g)["p1"]
    assert p1["hand_count"] == 5 and p1["deck_count"] == 10 + 2 - 5
    check_invariants(g.state)


def test_data_retrieval_draws_to_4_and_nothing_with_4_in_hand() -> None:
    porygon = {"card": "ex6-47", "energy": ["Water Energy"]}
    g = game({"active": porygon, "hand": ["Potion"]}, {"active": WAILORD})
    act(g, "p1", "attack", attack="Data Retrieval")
    assert players(g)["p1"]["hand_count"] == 4
    g = game({"active": porygon, "hand": ["Potion"] * 5}, {"active": WAILORD})
    events = act(g, "p1", "attack", attack="Data Retrieval")
    assert players(g)["p1"]["hand_count"] == 5 and not any(
        e.type == "draw" and e.data["p"] == "p1" for e in events
    )


# ---------------------------------------------------------------------------- Life Herb
def test_life_herb_heals_6_and_cures_a_pokemon_not_ex_on_heads() -> None:
    hurt = {"card": "ex6-58", "damage": 40, "conditions": ["poisoned"]}
    ex = {"card": "ex6-110", "damage": 50}
    g = game(
        {"active": hurt, "bench": [ex], "hand": ["ex6-93"]}, {"active": WAILORD}, settings=ALLOW
    )
    act(g, "p1", "play_trainer", card="Life Herb", coins=[HEADS])
    assert pending(g)["options"] == ["Charmander (active)"]  # Mr. Mime ex is not offered
    act(g, "p1", "choose", option=0)
    active = players(g)["p1"]["active"]
    assert active["damage"] == 0 and active["conditions"] == []
    # tails: nothing happens
    g = game({"active": hurt, "hand": ["ex6-93"]}, {"active": WAILORD})
    act(g, "p1", "play_trainer", card="Life Herb", coins=[TAILS])
    assert players(g)["p1"]["active"]["damage"] == 40


def test_life_herb_is_refused_with_nothing_to_heal_but_a_pokemon_ex() -> None:
    g = game(
        {"active": "ex6-58", "bench": [{"card": "ex6-110", "damage": 50}], "hand": ["ex6-93"]},
        {"active": WAILORD},
        settings=ALLOW,
    )
    with pytest.raises(IllegalActionError, match=r"ptcg\.trainer\.condition"):
        act(g, "p1", "play_trainer", card="Life Herb")


# ---------------------------------------------------------------------------- search filters
def test_card_filters_leave_out_pokemon_ex_and_other_trainers() -> None:
    cards = bundled_cards()
    not_ex = CardsNotEx(stage="basic")
    assert not_ex.matches(cards["ex6-58"]) and not not_ex.matches(cards["ex6-110"])
    supporter = TrainerOf(trainer="supporter")
    assert supporter.matches(cards["ex6-98"]) and not supporter.matches(cards["ex6-101"])
    assert not supporter.matches(cards["ex6-58"])


def test_great_ball_offers_basics_but_not_pokemon_ex() -> None:
    deck = ["ex6-110", "ex6-58", "Potion"]
    g = game(
        {"active": "ex6-58", "hand": ["ex6-92"], "deck": deck}, {"active": WAILORD}, settings=ALLOW
    )
    act(g, "p1", "play_trainer", card="Great Ball")
    assert pending(g)["options"][0] == "Charmander" and "Mr. Mime ex" not in pending(g)["options"]


def test_vs_seeker_needs_a_supporter_in_the_discard_pile() -> None:
    g = game(
        {"active": "ex6-58", "hand": ["ex6-100"], "discard": ["ex6-98", "Potion"]},
        {"active": WAILORD},
    )
    act(g, "p1", "play_trainer", card="VS Seeker")
    assert pending(g)["options"] == ["Prof. Oak's Research"]  # not the Potion
    act(g, "p1", "choose", option=0)
    assert "Prof. Oak's Research" in players(g)["p1"]["hand"]
    g = game({"active": "ex6-58", "hand": ["ex6-100"], "discard": ["Potion"]}, {"active": WAILORD})
    with pytest.raises(IllegalActionError, match=r"ptcg\.trainer\.condition"):
        act(g, "p1", "play_trainer", card="VS Seeker")


# ---------------------------------------------------------------------------- Quick Search
def test_quick_search_once_a_turn_for_all_pidgeot() -> None:
    pidgeot = {"card": "ex6-10", "under": ["ex6-73", "ex6-45"]}
    g = game(
        {"active": pidgeot, "bench": [pidgeot], "deck": ["Potion", "Switch"]}, {"active": WAILORD}
    )
    act(g, "p1", "use_power", power="Quick Search", pokemon="active")
    act(g, "p1", "choose", option=0)
    with pytest.raises(IllegalActionError, match=r"ptcg\.power\.requirement"):
        act(g, "p1", "use_power", power="Quick Search", pokemon="bench1")


# ------------------------------------------------------------------- reprints, registration
def test_reprints_share_the_handler_of_the_ex1_card() -> None:
    for card_id, same_as in REPRINTS.items():
        assert reg.TRAINERS[card_id] is reg.TRAINERS[same_as]
    g = game({"active": {"card": "ex6-58", "damage": 30}, "hand": ["ex6-101"]}, {"active": WAILORD})
    act(g, "p1", "play_trainer", card="Potion", target="active")
    assert players(g)["p1"]["active"]["damage"] == 10


def test_registering_an_unknown_or_handled_effect_is_an_error() -> None:
    with pytest.raises(ValueError, match="ex6-1 has no attack 'Sting'"):
        register_set(SetEffects("test", attacks={("ex6-1", "Sting"): (Draw(1),)}))
    with pytest.raises(ValueError, match="already has a handler"):
        register_set(SetEffects("test", attacks={("ex6-1", "Poison Sting"): (Draw(1),)}))
    with pytest.raises(ValueError, match="ex6-58 cannot be a reprint"):
        register_set(SetEffects("test", reprints={"ex6-58": "ex1-91"}))
    assert ("ex6-10", "Quick Search") in POWER_STEPS and len(ATTACK_STEPS) > 90
    assert Cards(kind="pokemon").matches(bundled_cards()["ex6-1"])


def test_every_ex6_card_is_implemented() -> None:
    found = coverage(c for c in bundled_cards().values() if c.set == "ex6")
    assert found.missing == []


# ---------------------------------------------------------------------------- RevealUntil
def test_look_for_friends_takes_the_first_basic_and_shuffles_the_rest_back() -> None:
    nidoran = {"card": "ex6-70", "energy": ["Grass Energy"]}
    deck = ["Potion", "Switch", "ex6-58", "ex6-77", "Potion"]
    g = game({"active": nidoran, "deck": deck}, {"active": WAILORD})
    events = act(g, "p1", "attack", attack="Look for Friends")
    assert players(g)["p1"]["hand"] == ["Charmander"]  # the first Basic, not Rattata
    assert any(e.type == "shuffle" and e.data["p"] == "p1" for e in events)
    assert players(g)["p1"]["deck_count"] == 4
    # no Basic Pokémon in the deck: nothing is taken, the deck is shuffled back
    g = game({"active": nidoran, "deck": ["Potion", "Switch"]}, {"active": WAILORD})
    act(g, "p1", "attack", attack="Look for Friends")
    assert players(g)["p1"]["hand"] == [] and players(g)["p1"]["deck_count"] == 2


# ---------------------------------------------------------------------------- Prizes, order, cure
def test_vine_tease_swaps_the_picked_prize_with_the_top_card() -> None:
    tangela = {"card": "ex6-30", "energy": ["Grass Energy"]}
    prizes = ["Potion", "Switch", "Grass Energy"]
    g = game(
        {"active": tangela, "deck": ["ex6-58", "Potion"], "prizes": prizes}, {"active": WAILORD}
    )
    act(g, "p1", "attack", attack="Vine Tease")
    assert pending(g)["options"] == ["Potion", "Switch", "Grass Energy"]
    act(g, "p1", "choose", option=1)
    side = g.state.sides[0]
    assert [g.state.card(c).name for c in side.deck][:1] == ["Switch"]
    assert sorted(g.state.card(c).name for c in side.prizes) == [
        "Charmander",
        "Grass Energy",
        "Potion",
    ]
    check_invariants(g.state)
    # an empty deck: nothing is asked, the Prizes stay
    g = game({"active": tangela, "deck": [], "prizes": prizes}, {"active": WAILORD})
    act(g, "p1", "attack", attack="Vine Tease")
    assert "pending" not in view(g) and len(g.state.sides[0].prizes) == 3


def test_pokedex_puts_the_top_cards_back_in_the_picked_order() -> None:
    deck = ["Potion", "Switch", "Grass Energy"]
    g = game({"active": "ex6-58", "hand": ["ex6-96"], "deck": deck}, {"active": WAILORD})
    act(g, "p1", "play_trainer", card="PokéDex HANDY909")
    first = pending(g)["options"]
    assert sorted(first) == ["Grass Energy", "Potion", "Switch"]
    act(g, "p1", "choose", option=first.index("Switch"))
    second = pending(g)["options"]
    assert sorted(second) == ["Grass Energy", "Potion"]
    act(g, "p1", "choose", option=second.index("Potion"))
    names = [g.state.card(c).name for c in g.state.sides[0].deck]
    assert names == ["Switch", "Potion", "Grass Energy"]
    g = game({"active": "ex6-58", "hand": ["ex6-96"], "deck": []}, {"active": WAILORD})
    with pytest.raises(IllegalActionError, match=r"ptcg\.trainer\.condition"):
        act(g, "p1", "play_trainer", card="PokéDex HANDY909")


def test_assistance_removes_the_picked_condition_only_from_the_bench() -> None:
    wigglytuff = {"card": "ex6-52", "under": ["ex6-65"]}
    sick = {"card": "ex6-58", "conditions": ["poisoned", "confused"]}
    g = game({"active": sick, "bench": [wigglytuff]}, {"active": WAILORD}, settings=ALLOW)
    act(g, "p1", "use_power", power="Assistance", pokemon="bench1")
    options = pending(g)["options"]
    assert sorted(options) == ["confused", "poisoned"]
    act(g, "p1", "choose", option=options.index("poisoned"))
    assert players(g)["p1"]["active"]["conditions"] == ["confused"]
    # while Active, or with nothing to cure, it is refused
    g = game(
        {"active": {**wigglytuff, "conditions": []}, "bench": ["ex6-58"]},
        {"active": WAILORD},
        settings=ALLOW,
    )
    with pytest.raises(IllegalActionError, match=r"ptcg\.power\.requirement"):
        act(g, "p1", "use_power", power="Assistance", pokemon="active")
