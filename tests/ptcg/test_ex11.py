"""EX Delta Species (ex11) and the era's machinery it brings (δ Species, dual types, Holon's
Pokémon attached as Energy, Holon Energy, Pokémon ★): the bundled facts, the vocabulary of
vocab_ex11.py / holon.py, and the cards of effect_data_ex11.py, each shown both ways where it
can go two ways."""

from __future__ import annotations

import pytest

from tests.ptcg.board import HEADS, TAILS, act, check_invariants, game, view
from tests.ptcg.set_cards import (
    ALLOW,
    WAILORD,
    attack,
    attacker,
    defending,
    pending,
    players,
)
from turnkeeper.core.game import Game
from turnkeeper.core.model import Action, IllegalActionError
from turnkeeper.core.ruleset import SetupError
from turnkeeper.rulesets.ptcg import RULESET
from turnkeeper.rulesets.ptcg import registry as reg
from turnkeeper.rulesets.ptcg.board import can_pay, energy_units, retreat_cost
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
    # the view shows the printed names, δ mark included
    assert (active["card"], active["id"]) == ("Dragonair δ", "ex11-41")
    assert active["evolved_from"] == ["Dratini δ"]
    check_invariants(g.state)


def test_the_four_copies_rule_counts_delta_and_plain_prints_together() -> None:
    deck = [{"card": "ex11-41", "count": 3}, {"card": "ex3-14", "count": 2}]
    deck += [{"card": "Psychic Energy", "count": 55}]
    with pytest.raises(SetupError, match=r"Dragonair"):
        Game(RULESET, {"decks": [deck, "ruby"], "settings": {"allow_unimplemented": True}}, seed=1)


def test_a_deck_with_unimplemented_cards_is_refused_naming_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # both theme decks of ex11 are complete (Breakthrough d-ex11-1 since Crobat δ), and so is
    # every card of ex11 since Slowking (effect_data_ex11_more): its Prize Shift handler is
    # taken out here, and a deck holding it is then refused naming the card
    monkeypatch.delitem(reg.POWERS, ("ex11-28", "Prize Shift"))
    assert bundled_decks()["breakthrough"]["id"] == "d-ex11-1"
    deck = [{"card": "ex11-28", "count": 1}, {"card": "Bagon", "count": 4}]
    deck += [{"card": "Psychic Energy", "count": 55}]
    with pytest.raises(SetupError, match=r"decks\.p1: .*\(ex11-28: "):
        Game(RULESET, {"decks": [deck, "ruby"]}, seed=1)
    Game(RULESET, {"decks": ["breakthrough", "ruby"]}, seed=1)  # accepted


# ---------------------------------------------------------------------------- dual types
def test_a_dual_type_attacker_meets_weakness_and_resistance_each_once() -> None:
    # Sandslash δ (Fighting and Metal) Slashes for 50: Ampharos ex is weak to Fighting and
    # resists Metal, so both apply (50 x 2 - 30); then Sandslash's Delta Storm puts a counter
    # on the Pokémon-ex between turns
    g = attack("ex11-27", "Slash", defender={"card": "ex3-89", "under": ["Mareep", "Flaaffy"]})
    assert defending(g)["damage"] == 70 + 10
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


def test_a_holons_pokemon_without_the_rule_implemented_is_no_energy(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # every Holon's Pokémon of ex11-ex16 has its rule now: Holon's Castform (ex13-44) is
    # made one without it here (its handler taken away) to show what the engine does then:
    # it is refused at set-up, and with allow_unimplemented it cannot be attached as Energy
    monkeypatch.delitem(reg.ENERGIES, "ex13-44")
    castform = bundled_cards()["ex13-44"]
    assert "attached as Energy (Holon's Pokémon)" in missing_effects(castform)
    with pytest.raises(SetupError, match=r"Holon's Castform \(ex13-44: .*attached as Energy"):
        game({"active": "ex11-78", "hand": ["ex13-44"]}, {"active": WAILORD})
    g = _holon_board(active={"card": "ex11-78", "energy": ["Fire Energy"]}, hand=["ex13-44"])
    with pytest.raises(IllegalActionError, match=r"ptcg\.card\.wrong-kind"):
        act(g, "p1", "attach", card="ex13-44", target="active")


# ---------------------------------------------------------------------------- Pokémon ★
def test_a_deck_holds_one_pokemon_star_delta_or_not() -> None:
    energy = {"card": "Fighting Energy", "count": 50}
    base = [{"card": "ex11-78", "count": 4}, {"card": "ex11-80", "count": 4}, energy]
    one = [*base, {"card": "ex11-111", "count": 1}, {"card": "ex11-84", "count": 1}]
    Game(RULESET, {"decks": [one, one], "settings": ALLOW}, seed=1)  # one is fine
    two = [*base, {"card": "ex11-111", "count": 1}, {"card": "ex13-102", "count": 1}]
    with pytest.raises(SetupError, match=r"2 Pokémon ★ \(Groudon ★, Gyarados ★\)"):
        Game(RULESET, {"decks": [two, one], "settings": ALLOW}, seed=1)


# ---------------------------------------------------------------------------- ex11 cards
# (card, attack, coins, damage to Wailord — 120 HP, Water, Weakness Lightning —, its Special
# Conditions afterwards); a Poisoned or Burned one takes its counters between turns (tails:
# Burned does 20)
PLAIN: list[tuple[str, str, list[int] | None, int, list[str]]] = [
    ("ex11-19", "Bubblebeam", [HEADS], 20, ["paralyzed"]),
    ("ex11-19", "Bubblebeam", [TAILS], 20, []),
    ("ex11-24", "Delta Fang", None, 20 + 10, []),  # not ex; + its Darkness Energy's 10
    ("ex11-30", "Swift", None, 50, []),
    ("ex11-41", "Slam", [HEADS, TAILS], 20 * 2, []),  # Lightning: Weakness x2
    ("ex11-41", "Slam", [TAILS, TAILS], 0, []),
    ("ex11-43", "Super Poison Breath", None, 10, ["poisoned"]),
    ("ex11-47", "Psychic Boom", None, 20, []),  # no Energy on Wailord
    ("ex11-48", "Supersonic", [HEADS], 40, ["confused"]),
    ("ex11-48", "Supersonic", [TAILS], 40, []),
    ("ex11-49", "Sharp Claws", [HEADS], 60, []),
    ("ex11-49", "Sharp Claws", [TAILS], 40, []),
    ("ex11-51", "Paralyzing Gaze", [HEADS], 0, ["paralyzed"]),
    ("ex11-51", "Paralyzing Gaze", [TAILS], 0, []),
    ("ex11-52", "Super Singe", [TAILS], 20, ["burned"]),
    ("ex11-52", "Stomp", [HEADS], 40, []),
    ("ex11-52", "Stomp", [TAILS], 30, []),
    ("ex11-53", "Tight Jaw", [HEADS], 10, ["paralyzed"]),
    ("ex11-53", "Tight Jaw", [TAILS], 10, []),
    ("ex11-60", "Rage", None, 10, []),  # no damage counters on Cubone
    ("ex11-66", "Thunder Wave", [HEADS], 20, ["paralyzed"]),
    ("ex11-66", "Thunder Wave", [TAILS], 20, []),
    ("ex11-71", "Thundershock", [HEADS], 20, ["paralyzed"]),
    ("ex11-71", "Thundershock", [TAILS], 20, []),
    ("ex11-72", "Confusion Gas", None, 0, ["confused"]),
    ("ex11-73", "Rising Lunge", [HEADS], 30, []),
    ("ex11-73", "Rising Lunge", [TAILS], 20, []),
    ("ex11-75", "Sand Attack", None, 10, []),
    ("ex11-76", "Jump On", [HEADS], 30, []),
    ("ex11-76", "Jump On", [TAILS], 10, []),
    ("ex11-79", "Ambush", [HEADS], 30 + 10, []),  # + its Darkness Energy's 10
    ("ex11-79", "Ambush", [TAILS], 10 + 10, []),
    ("ex11-81", "Quick Blow", [HEADS], 30, []),
    ("ex11-81", "Quick Blow", [TAILS], 10, []),
    ("ex11-83", "Yawn", [TAILS], 0, ["asleep"]),  # the Sleep coin between turns: tails
    ("ex11-85", "Surprise Attack", [HEADS], 20, []),
    ("ex11-85", "Surprise Attack", [TAILS], 0, []),
    ("ex11-87", "String Shot", [HEADS], 10, ["paralyzed"]),
    ("ex11-87", "String Shot", [TAILS], 10, []),
    ("ex11-88", "Poison Fang", [HEADS], 10 + 10, ["poisoned"]),
    ("ex11-88", "Poison Fang", [TAILS], 10, []),
    ("ex11-112", "Sheer Cold", [TAILS], 60, []),
    ("ex11-113", "Hyper Beam", [TAILS], 50, []),
    ("ex11-114", "Bubblebeam", [HEADS], 40, ["paralyzed"]),
    ("ex11-114", "Bubblebeam", [TAILS], 40, []),
    ("ex11-82", "Dig Under", None, 10, []),  # the Active picked by default
    ("ex11-86", "Skill Dive", None, 10, []),
    ("ex11-70", "Linear Attack", None, 10, []),
    # the Dittos' attacks
    ("ex11-36", "Toxic", None, 20, ["poisoned"]),  # 2 counters between turns
    ("ex11-37", "Rage", None, 10, []),
    ("ex11-61", "Fireworks", [HEADS], 30, []),
    ("ex11-62", "Linear Attack", None, 20, []),
    ("ex11-63", "Thundershock", [HEADS], 40, ["paralyzed"]),
    ("ex11-63", "Thundershock", [TAILS], 40, []),
]


@pytest.mark.parametrize(("card", "name", "coins", "damage", "conditions"), PLAIN)
def test_attack_damage_and_conditions(
    card: str, name: str, coins: list[int] | None, damage: int, conditions: list[str]
) -> None:
    g = attack(card, name, coins)
    assert defending(g)["damage"] == damage
    assert sorted(defending(g)["conditions"]) == conditions


def test_attacks_that_cost_the_attacker_energy_or_counters() -> None:
    g = attack("ex11-51", "Double-edge")
    assert (defending(g)["damage"], players(g)["p1"]["active"]["damage"]) == (40, 10)
    for coins, self_damage in (([HEADS], 0), ([TAILS], 10)):
        g = attack("ex11-65", "Thunder Jolt", coins)
        assert (defending(g)["damage"], players(g)["p1"]["active"]["damage"]) == (60, self_damage)
    g = attack("ex11-58", "Ember")  # Fire and Water Energy: the Fire one goes
    assert (defending(g)["damage"], players(g)["p1"]["active"]["energy"]) == (30, ["Water Energy"])
    g = attack("ex11-111", "Ground Slash")
    assert defending(g)["damage"] == 80
    assert sorted(players(g)["p1"]["active"]["energy"]).count("Fighting Energy") == 2
    assert players(g)["p1"]["discard"] == ["Fighting Energy"]
    # Recover: a Water Energy goes and 4 counters come off (all of them when fewer)
    g = attack("ex11-85", "Recover", mon={"damage": 40})
    p1 = players(g)["p1"]
    assert (p1["active"]["damage"], p1["active"]["energy"], p1["discard"]) == (
        0,
        [],
        ["Water Energy"],
    )


def test_calm_mind_removes_3_counters() -> None:
    g = attack("ex11-47", "Calm Mind", mon={"damage": 40})
    assert players(g)["p1"]["active"]["damage"] == 10
    g = attack("ex11-47", "Calm Mind", mon={"damage": 20})
    assert players(g)["p1"]["active"]["damage"] == 0


def test_rage_and_psychic_boom_count() -> None:
    assert defending(attack("ex11-60", "Rage", mon={"damage": 30}))["damage"] == 40
    wailord = {**WAILORD, "energy": ["Water Energy", "Water Energy"]}
    assert defending(attack("ex11-47", "Psychic Boom", defender=wailord))["damage"] == 40


def test_gang_up_counts_darkness_and_metal_pokemon_once_each() -> None:
    # Mightyena δ (Darkness and Metal, counted once), Skarmory (Metal), Poochyena (Darkness);
    # Ponyta (Fire) does not count
    bench = ["ex11-55", "ex11-79", "ex11-78"]
    assert defending(attack("ex11-24", "Gang Up", p1={"bench": bench}))["damage"] == 30
    assert defending(attack("ex11-24", "Gang Up"))["damage"] == 10


def test_delta_fang_and_sheer_cold_keep_the_defending_pokemon_from_attacking() -> None:
    chansey = attacker("ex1-96", "Double-edge")  # a Pokémon-ex
    g = attack("ex11-24", "Delta Fang", defender=chansey)
    with pytest.raises(IllegalActionError, match=r"ptcg\.attack"):
        act(g, "p2", "attack", attack="Double-edge")
    wailord = attacker("ex1-14", "Take Down")  # not a Pokémon-ex: it attacks
    g = attack("ex11-24", "Delta Fang", defender=wailord)
    act(g, "p2", "attack", attack="Take Down")
    assert players(g)["p1"]["active"]["damage"] > 0
    g = attack("ex11-112", "Sheer Cold", [HEADS], defender=wailord)
    with pytest.raises(IllegalActionError, match=r"ptcg\.attack"):
        act(g, "p2", "attack", attack="Take Down")
    g = attack("ex11-112", "Sheer Cold", [TAILS], defender=wailord)
    act(g, "p2", "attack", attack="Take Down")
    assert players(g)["p1"]["active"]["damage"] > 0


def test_sand_attack_makes_the_next_attack_need_heads() -> None:
    wailord = attacker("ex1-14", "Take Down")
    g = attack("ex11-75", "Sand Attack", defender=wailord)
    act(g, "p2", "attack", coins=[TAILS], attack="Take Down")
    assert players(g)["p1"]["active"]["damage"] == 0
    g = attack("ex11-75", "Sand Attack", defender=wailord)
    act(g, "p2", "attack", coins=[HEADS], attack="Take Down")
    assert "Makuhita" in players(g)["p1"]["discard"]  # Knocked Out


def test_hyper_beam_on_heads_discards_an_energy_of_the_defending_pokemon() -> None:
    wailord = {**WAILORD, "energy": ["Water Energy"]}
    g = attack("ex11-113", "Hyper Beam", [HEADS], defender=wailord)
    assert defending(g)["energy"] == [] and players(g)["p2"]["discard"] == ["Water Energy"]
    g = attack("ex11-113", "Hyper Beam", [TAILS], defender=wailord)
    assert defending(g)["energy"] == ["Water Energy"]


def test_critical_collection_attaches_one_energy_per_prize_the_opponent_took() -> None:
    discard = ["Fighting Energy"] * 3 + ["Water Energy"]
    # the opponent (p2) has taken 2 of their 6 Prize cards
    p2 = {"prizes": ["Fire Energy"] * 4}
    g = attack("ex11-111", "Critical Collection", p1={"discard": discard}, p2=p2)
    p1 = players(g)["p1"]
    assert sorted(p1["active"]["energy"]) == ["Fighting Energy"] * 3
    assert sorted(p1["discard"]) == ["Fighting Energy", "Water Energy"]
    assert defending(g)["damage"] == 10
    # none taken: nothing attached
    g = attack("ex11-111", "Critical Collection", p1={"discard": discard})
    assert players(g)["p1"]["active"]["energy"] == ["Fighting Energy"]
    # Metagross ★ takes Metal Energy cards (special in this era) only
    g = attack(
        "ex11-113",
        "Critical Collection",
        p1={"discard": ["Metal Energy", "Water Energy"]},
        p2=p2,
    )
    assert players(g)["p1"]["active"]["energy"].count("Metal Energy") == 2


def test_searches_of_deck_and_discard() -> None:
    g = attack("ex11-69", "Call for Family", p1={"deck": ["Potion", "ex11-78", "ex11-47"]})
    assert pending(g)["options"] == ["Ponyta", "nothing"]
    act(g, "p1", "choose", option=0)
    assert [m["card"] for m in players(g)["p1"]["bench"]] == ["Ponyta"]
    g = attack("ex11-46", "Fast Evolution", p1={"deck": ["Potion", "ex11-78", "ex11-47"]})
    assert pending(g)["options"][0] == "Kirlia" and "Ponyta" not in pending(g)["options"]
    act(g, "p1", "choose", option=0)
    assert players(g)["p1"]["hand"] == ["Kirlia"]
    g = attack("ex11-77", "Pickup Power", p1={"discard": ["Potion", "Fire Energy"]})
    assert pending(g)["options"][0] == "Fire Energy"
    act(g, "p1", "choose", option=0)
    assert players(g)["p1"]["hand"] == ["Fire Energy"]
    g = attack("ex11-77", "Pickup Power", p1={"discard": ["Potion"]})
    assert players(g)["p1"]["hand"] == [] and view(g).get("pending") is None  # no question
    g = attack("ex11-68", "Metal Scoop", p1={"discard": ["Metal Energy", "Fire Energy"]})
    assert sorted(players(g)["p1"]["active"]["energy"]) == ["Metal Energy", "Water Energy"]
    g = attack("ex11-68", "Metal Scoop", p1={"discard": ["Fire Energy"]})
    assert players(g)["p1"]["active"]["energy"] == ["Water Energy"]


def test_exoskeleton_and_thick_fat() -> None:
    # Shelgon δ is weak to Colorless: 30 x 2, then 10 less with Exoskeleton; the other
    # Shelgon δ (ex11-53) has no such Body
    shelgon = {"card": "ex11-54", "under": ["Bagon"]}
    assert defending(attack("ex11-80", "Sharpen", defender=shelgon))["damage"] == 50
    shelgon = {"card": "ex11-53", "under": ["Bagon"]}
    assert defending(attack("ex11-80", "Sharpen", defender=shelgon))["damage"] == 60
    azumarill = {"card": "ex11-114", "under": ["Marill"]}
    # Azumarill δ is Water and Metal: a Water attacker, so 30 less
    assert defending(attack("ex11-19", "Rolling Tackle", defender=azumarill))["damage"] == 20
    # Porygon is Colorless: the full 30
    assert defending(attack("ex11-80", "Sharpen", defender=azumarill))["damage"] == 30


def test_the_reprinted_trainers_share_their_handlers() -> None:
    g = game(
        {"active": {"card": "ex11-78", "damage": 30}, "hand": ["ex11-101"]},
        {"active": WAILORD},
        settings=ALLOW,
    )
    act(g, "p1", "play_trainer", card="ex11-101", target="active")
    assert players(g)["p1"]["active"]["damage"] == 10


def test_twister_discards_an_energy_per_heads_and_does_nothing_on_two_tails() -> None:
    wailord = {**WAILORD, "energy": ["Water Energy", "Fire Energy"]}
    g = attack("ex11-42", "Twister", [HEADS, TAILS], defender=wailord)
    assert pending(g)["options"] == ["Water Energy", "Fire Energy"]
    act(g, "p1", "choose", option=1)
    assert defending(g)["damage"] == 40 and defending(g)["energy"] == ["Water Energy"]
    g = attack("ex11-42", "Twister", [TAILS, TAILS], defender=wailord)
    assert defending(g)["damage"] == 0 and len(defending(g)["energy"]) == 2


def test_sonic_signal_hits_two_of_the_opponents_pokemon_for_10() -> None:
    g = attack("ex11-43", "Sonic Signal", p2={"bench": ["Mudkip"]})
    assert pending(g)["options"] == ["Wailord (active)", "Mudkip (bench1)"]
    act(g, "p1", "choose", option=1)
    assert pending(g)["options"] == ["Wailord (active)"]  # a different one
    act(g, "p1", "choose", option=0)
    assert defending(g)["damage"] == 10 and players(g)["p2"]["bench"][0]["damage"] == 10


def test_disable_forbids_the_chosen_attack_next_turn_only() -> None:
    wailord = attacker("ex1-14", "Take Down")
    g = attack("ex11-67", "Disable", defender=wailord)
    assert pending(g)["options"] == ["Take Down", "Surf"]
    act(g, "p1", "choose", option=0)
    with pytest.raises(IllegalActionError, match=r"ptcg\.attack"):
        act(g, "p2", "attack", attack="Take Down")
    g = attack("ex11-67", "Disable", defender=wailord)
    act(g, "p1", "choose", option=1)  # Surf forbidden: Take Down still goes
    act(g, "p2", "attack", attack="Take Down")
    assert players(g)["p1"]["active"] is None or players(g)["p1"]["active"]["damage"] > 0


def test_roar_makes_the_opponent_switch_when_they_can() -> None:
    g = attack("ex11-79", "Roar", p2={"bench": ["Mudkip"]})
    assert pending(g)["player"] == "p2"
    act(g, "p2", "choose", option=0)
    assert defending(g)["card"] == "Mudkip"
    g = attack("ex11-79", "Roar")  # no Bench: nothing happens
    assert defending(g)["card"] == "Wailord" and view(g).get("pending") is None


# ---------------------------------------------------------------------------- the Dittos
def test_ditto_attacks_on_energy_and_counters() -> None:
    g = attack("ex11-39", "Thunderbolt")  # Lightning: 40 x 2; every Energy discarded
    assert defending(g)["damage"] == 80 and players(g)["p1"]["active"]["energy"] == []
    g = attack("ex11-61", "Fireworks", [TAILS])
    assert players(g)["p1"]["active"]["energy"] == ["Water Energy"]
    g = attack("ex11-61", "Fireworks", [HEADS])
    assert sorted(players(g)["p1"]["active"]["energy"]) == ["Fire Energy", "Water Energy"]
    g = attack("ex11-64", "Spiral Drain", mon={"damage": 40})
    assert (defending(g)["damage"], players(g)["p1"]["active"]["damage"]) == (20, 10)
    assert defending(attack("ex11-37", "Rage", mon={"damage": 20}))["damage"] == 30
    g = attack("ex11-35", "Energy Link", p1={"discard": ["Fire Energy"]})
    assert pending(g)["options"] == ["Fire Energy"]
    act(g, "p1", "choose", option=0)
    assert sorted(players(g)["p1"]["active"]["energy"]) == ["Fire Energy", "Water Energy"]
    g = attack("ex11-40", "Smash Turn", p1={"bench": ["Mudkip"]})
    assert defending(g)["damage"] == 20
    act(g, "p1", "choose", option=0)
    assert players(g)["p1"]["active"]["card"] == "Mudkip"


def test_duplicate_swaps_ditto_for_another_once_a_turn() -> None:
    g = game(
        {
            "active": {"card": "ex11-35", "energy": ["Water Energy"], "damage": 20},
            "bench": ["ex11-36"],
            "deck": ["ex11-61", "Potion"],
        },
        {"active": WAILORD},
        settings=ALLOW,
    )
    act(g, "p1", "use_power", pokemon="active", power="Duplicate")
    assert pending(g)["options"] == ["Ditto", "nothing"]
    act(g, "p1", "choose", option=0)
    active = players(g)["p1"]["active"]
    assert (active["id"], active["damage"], active["energy"]) == (
        "ex11-61",
        20,
        ["Water Energy"],
    )
    assert sorted(players(g)["p1"]["deck"]) == ["Ditto", "Potion"]  # the old one, shuffled in
    with pytest.raises(IllegalActionError, match=r"ptcg\.power\.requirement"):
        act(g, "p1", "use_power", pokemon="bench1", power="Duplicate")


# ---------------------------------------------------------------------------- the Castforms
def test_temperamental_weather_shares_the_ex5_handler() -> None:
    g = game(
        {
            "active": {"card": "ex11-26", "energy": ["Water Energy"], "damage": 20},
            "deck": ["ex11-31", "ex11-34", "Potion"],
        },
        {"active": WAILORD},
        settings=ALLOW,
    )
    act(g, "p1", "use_power", pokemon="active", power="Temperamental Weather")
    assert pending(g)["options"] == ["Sunny Castform", "Castform", "nothing"]
    act(g, "p1", "choose", option=0)
    active = players(g)["p1"]["active"]
    assert (active["id"], active["damage"]) == ("ex11-31", 20)


HOLON_FF, HOLON_GL, HOLON_WP = "ex11-104", "ex11-105", "ex11-106"


def test_the_castforms_holon_attacks_ask_for_holon_energy_attached() -> None:
    energy = ["Water Energy"] * 3 + [HOLON_FF, HOLON_WP]
    g = attack("ex11-26", "Holon Splash", mon={"energy": energy})
    assert defending(g)["damage"] == 30 + 2 * 10
    assert defending(attack("ex11-26", "Holon Splash"))["damage"] == 30
    bench = {"bench": ["Mudkip"]}
    g = attack("ex11-29", "Holon Blizzard", mon={"energy": ["Water Energy", HOLON_GL]}, p2=bench)
    assert (defending(g)["damage"], players(g)["p2"]["bench"][0]["damage"]) == (20, 10)
    g = attack("ex11-29", "Holon Blizzard", p2=bench)
    assert (defending(g)["damage"], players(g)["p2"]["bench"][0]["damage"]) == (20, 0)
    g = attack("ex11-34", "Holon Draw", mon={"energy": [HOLON_GL]})
    assert len(players(g)["p1"]["hand"]) == 3
    assert len(players(attack("ex11-34", "Holon Draw"))["p1"]["hand"]) == 1


def test_holon_search_attaches_a_holon_energy_from_the_deck_to_a_pokemon() -> None:
    deck = [HOLON_FF, "Water Energy", "Potion"]
    g = attack("ex11-31", "Holon Search", p1={"deck": deck, "bench": ["Mudkip"]})
    assert pending(g)["options"] == [
        "Holon Energy FF to Sunny Castform (active)",
        "Holon Energy FF to Mudkip (bench1)",
        "nothing",
    ]
    act(g, "p1", "choose", option=1)
    assert players(g)["p1"]["bench"][0]["energy"] == ["Holon Energy FF"]
    g = attack("ex11-31", "Holon Search", p1={"deck": ["Water Energy"]})
    assert view(g).get("pending") is None  # no Holon Energy: nothing to take


# ---------------------------------------------------------------------------- Steeplechase
def test_steep_dive_guards_on_heads_and_boosts_glide_on_tails() -> None:
    energy = {"energy": ["Water Energy"] * 3}
    take_down = attacker("ex1-14", "Take Down")
    g = attack("ex11-32", "Steep Dive", [HEADS], mon=energy, defender=take_down)
    act(g, "p2", "attack", attack="Take Down")
    assert players(g)["p1"]["active"]["damage"] == 0  # prevented
    for coins, glide in (([TAILS], 100), ([HEADS], 40)):
        g = attack("ex11-32", "Steep Dive", coins, mon=energy)
        act(g, "p2", "end_turn")
        act(g, "p1", "attack", attack="Glide")
        assert defending(g)["damage"] == glide
    g = attack("ex11-32", "Steep Dive", [TAILS], mon=energy, defender=take_down)
    act(g, "p2", "attack", attack="Take Down")
    assert players(g)["p1"]["active"]["damage"] == 50  # tails: nothing kept off


def test_porygon2_backup_and_machine_burst() -> None:
    g = game(
        {"active": {"card": "ex11-25", "under": ["Porygon"]}, "hand": ["Potion"]},
        {"active": WAILORD},
        settings=ALLOW,
    )
    act(g, "p1", "use_power", pokemon="active", power="Backup")
    assert len(players(g)["p1"]["hand"]) == 6
    g = game(
        {"active": {"card": "ex11-25", "under": ["Porygon"]}, "hand": ["Potion"] * 6},
        {"active": WAILORD},
        settings=ALLOW,
    )
    with pytest.raises(IllegalActionError, match=r"ptcg\.power\.requirement"):
        act(g, "p1", "use_power", pokemon="active", power="Backup")
    g = attack("ex11-25", "Machine Burst")  # no Technical Machine: only the damage
    assert (defending(g)["damage"], defending(g)["conditions"]) == (30, [])
    porygon2 = {"card": "ex11-25", "under": ["Porygon"], "energy": ["Water Energy"] * 2}
    g = game({"active": porygon2, "hand": ["ex5-84"]}, {"active": WAILORD}, settings=ALLOW)
    act(g, "p1", "play_trainer", card="ex5-84", target="active")
    act(g, "p1", "attack", attack="Machine Burst", coins=[TAILS, TAILS])
    assert sorted(defending(g)["conditions"]) == ["asleep", "burned"]
    assert defending(g)["damage"] == 30 + 20  # the Burn coin between turns: tails


def test_salamence_fire_dance_and_delta_blast() -> None:
    g = attack("ex11-14", "Delta Blast", mon={"energy": ["Metal Energy", "Fire Energy"] * 2})
    assert defending(g)["damage"] == 100
    assert sorted(players(g)["p1"]["active"]["energy"]) == [
        "Fire Energy",
        "Fire Energy",
        "Metal Energy",
    ]
    g = attack("ex11-14", "Fire Dance", p1={"discard": ["Fire Energy"], "bench": ["Mudkip"]})
    act(g, "p1", "choose", option=1)
    assert players(g)["p1"]["bench"][0]["energy"] == ["Fire Energy"]
    g = attack("ex11-14", "Fire Dance", p1={"discard": ["Water Energy"]})
    assert defending(g)["damage"] == 30 and view(g).get("pending") is None


# ---------------------------------------------------------------------------- Holon Trainers
def _supporter(card: str, hand: list[str], **p1: object) -> Game[PtcgState]:
    return game({"active": "ex11-78", "hand": [card, *hand], **p1}, {"active": WAILORD})


@pytest.mark.parametrize("card", ["ex11-91", "ex11-92", "ex11-93", "ex11-95", "ex11-97"])
def test_a_holon_supporter_needs_another_card_to_discard(card: str) -> None:
    g = _supporter(card, [])
    with pytest.raises(IllegalActionError, match=r"ptcg\.trainer\.condition"):
        act(g, "p1", "play_trainer", card=card)
    g = _supporter(card, ["Potion"])
    act(g, "p1", "play_trainer", card=card)
    assert pending(g)["options"] == ["Potion"]  # the discard comes first
    act(g, "p1", "choose", option=0)
    assert "Potion" in players(g)["p1"]["discard"]


def test_holon_researcher_takes_a_metal_energy_or_a_delta_pokemon() -> None:
    deck = ["ex11-107", "ex11-41", "ex11-46", "Water Energy"]
    g = _supporter("ex11-95", ["Potion"], deck=deck)
    act(g, "p1", "play_trainer", card="ex11-95")
    act(g, "p1", "choose", option=0)
    assert pending(g)["options"] == ["Metal Energy", "Dragonair", "nothing"]  # not Kakuna
    act(g, "p1", "choose", option=1)
    assert players(g)["p1"]["hand"] == ["Dragonair δ"]


def test_holon_lass_takes_energy_among_the_top_cards_one_per_prize_left() -> None:
    # 1 + 4 Prize cards left: the top 5 are seen; the Grass Energy deeper down is not
    deck = ["Fire Energy", "Potion", "Water Energy", "Potion", "Potion", "Grass Energy"]
    g = game(
        {"active": "ex11-78", "hand": ["ex11-92", "Potion"], "deck": deck, "prizes": ["Potion"]},
        {"active": WAILORD, "prizes": ["Potion"] * 4},
    )
    act(g, "p1", "play_trainer", card="ex11-92")
    act(g, "p1", "choose", option=0)
    assert pending(g)["options"] == ["Fire Energy", "Water Energy", "nothing more"]
    act(g, "p1", "choose", option=0)
    assert pending(g)["options"] == ["Water Energy", "nothing more"]  # no new card in view
    act(g, "p1", "choose", option=1)
    assert players(g)["p1"]["hand"] == ["Fire Energy"]
    assert len(players(g)["p1"]["deck"]) == 5


def test_holon_mentor_takes_up_to_3_basics_of_100_hp_or_less() -> None:
    deck = ["ex11-78", "ex11-111", "ex1-96", "ex11-46", "ex11-80"]  # Chansey ex: 120 HP
    g = _supporter("ex11-93", ["Potion"], deck=deck)
    act(g, "p1", "play_trainer", card="ex11-93")
    act(g, "p1", "choose", option=0)
    assert pending(g)["options"] == ["Ponyta", "Groudon ★", "Porygon", "nothing"]
    for _ in range(3):
        act(g, "p1", "choose", option=0)
    assert sorted(players(g)["p1"]["hand"]) == ["Groudon ★", "Ponyta", "Porygon"]


def test_holon_scientist_draws_up_to_the_opponents_hand_size() -> None:
    g = game(
        {"active": "ex11-78", "hand": ["ex11-97", "Potion"]},
        {"active": WAILORD, "hand": ["Potion"] * 4},
    )
    act(g, "p1", "play_trainer", card="ex11-97")
    act(g, "p1", "choose", option=0)
    assert len(players(g)["p1"]["hand"]) == 4
    g = game(
        {"active": "ex11-78", "hand": ["ex11-97", "Potion", "Potion"]},
        {"active": WAILORD, "hand": ["Potion"]},
    )
    act(g, "p1", "play_trainer", card="ex11-97")
    act(g, "p1", "choose", option=0)
    assert len(players(g)["p1"]["hand"]) == 1  # more than the opponent: no draw


def test_holon_farmer_shuffles_basic_energy_and_pokemon_back() -> None:
    discard = ["Fire Energy"] * 4 + ["ex11-78", "Potion"]
    g = _supporter("ex11-91", ["ex11-80"], discard=discard, deck=[])
    act(g, "p1", "play_trainer", card="ex11-91")
    act(g, "p1", "choose", option=0)  # Porygon discarded: not one to take back
    assert pending(g)["options"] == ["Fire Energy", "nothing"]
    for _ in range(3):
        act(g, "p1", "choose", option=0)
    assert pending(g)["options"] == ["Ponyta", "nothing"]
    act(g, "p1", "choose", option=0)
    p1 = players(g)["p1"]
    assert sorted(p1["deck"]) == ["Fire Energy"] * 3 + ["Ponyta"]
    assert sorted(p1["discard"]) == ["Fire Energy", "Porygon", "Potion"]


def test_holon_transceiver_takes_a_holon_supporter_from_deck_or_discard() -> None:
    g = _supporter("ex11-98", [], deck=["ex11-95", "Potion"], discard=["ex11-97"])
    act(g, "p1", "play_trainer", card="ex11-98")
    assert pending(g)["options"] == [
        "Holon Researcher (from the deck)",
        "Holon Scientist (from the discard pile)",
        "nothing",
    ]
    act(g, "p1", "choose", option=1)
    assert players(g)["p1"]["hand"] == ["Holon Scientist"]
    g = _supporter("ex11-98", [], deck=[], discard=["Potion"])
    with pytest.raises(IllegalActionError, match=r"ptcg\.trainer\.condition"):
        act(g, "p1", "play_trainer", card="ex11-98")


# ---------------------------------------------------------------------------- Holon Energy
def test_holon_energy_ff_with_basic_fire_takes_weakness_away() -> None:
    # Dratini δ's Thunder Jolt (30, Lightning) on Wailord (weak to Lightning)
    for energy, damage in (
        ([HOLON_FF, "Fire Energy"], 30),  # Fire beside it: no Weakness
        ([HOLON_FF, "Water Energy"], 60),  # no basic Fire Energy: Weakness stays
        (["Fire Energy"], 60),  # no Holon Energy FF
    ):
        g = attack("ex11-65", "Thunder Jolt", [HEADS], defender={**WAILORD, "energy": energy})
        assert defending(g)["damage"] == damage, energy
    # on a Pokémon-ex it does nothing: Chansey ex is weak to Fighting (Sandshrew's Scratch)
    chansey = {"card": "ex1-96", "energy": [HOLON_FF, "Fire Energy"]}
    assert defending(attack("ex11-82", "Scratch", defender=chansey))["damage"] == 40


def test_holon_energy_ff_with_basic_fighting_ignores_resistance() -> None:
    # Sandslash δ's Slash on Ampharos ex (weak to Fighting, resists Metal)
    ampharos = {"card": "ex3-89", "under": ["Mareep", "Flaaffy"]}
    for energy, damage in (
        ([HOLON_FF, "Fighting Energy", "Metal Energy"], 100),  # 50 x 2, no Resistance
        ([HOLON_FF, "Fire Energy", "Metal Energy"], 70),  # no basic Fighting: - 30
    ):
        g = attack("ex11-27", "Slash", mon={"energy": energy}, defender=ampharos)
        # (+ the counter Sandslash δ's Delta Storm puts on a Pokémon-ex between turns)
        assert defending(g)["damage"] == damage + 10, energy
    # it provides one Colorless Energy
    g = attack("ex11-27", "Slash", mon={"energy": [HOLON_FF, "Fire Energy", "Metal Energy"]})
    sandslash = g.state.sides[0].active
    assert sandslash is not None
    assert energy_units(g.state, sandslash) == [("Colorless",), ("Fire",), ("Metal",)]


def test_holon_magneton_goes_only_onto_energy_and_sends_one_back() -> None:
    g = _holon_board(
        active={"card": "ex11-78", "energy": ["Fire Energy"]}, hand=["ex11-22", "ex11-21"]
    )
    offers = [(o.kind, o.params) for o in g.legal_actions("p1") if o.kind == "attach"]
    # Magnemite on the Bench has no Energy: only the Active may take it
    assert ("attach", {"card": "ex11-22", "target": "active"}) in offers
    assert ("attach", {"card": "ex11-22", "target": "bench1"}) not in offers
    with pytest.raises(IllegalActionError, match=r"ptcg\.energy\.condition"):
        act(g, "p1", "attach", card="ex11-22", target="bench1")
    act(g, "p1", "attach", card="ex11-22", target="active")  # one Energy: it goes back, no ask
    p1 = players(g)["p1"]
    assert p1["active"]["energy"] == ["Holon's Magneton"]
    assert sorted(p1["hand"]) == ["Fire Energy", "Holon's Electrode"]
    ponyta = g.state.sides[0].active
    assert ponyta is not None
    assert energy_units(g.state, ponyta) == [("Any",), ("Any",)]  # 2 of every type
    assert can_pay(g.state, ponyta, ("Fire", "Lightning"))
    check_invariants(g.state)


def test_holon_electrode_asks_which_energy_goes_back_when_they_differ() -> None:
    energy = ["Fire Energy", "Water Energy", "Fire Energy"]
    g = _holon_board(active={"card": "ex11-78", "energy": energy}, hand=["ex11-21"])
    act(g, "p1", "attach", card="ex11-21", target="active")
    assert pending(g)["options"] == ["Fire Energy", "Water Energy"]
    act(g, "p1", "choose", option=1)
    p1 = players(g)["p1"]
    assert sorted(p1["active"]["energy"]) == ["Fire Energy", "Fire Energy", "Holon's Electrode"]
    assert p1["hand"] == ["Water Energy"]
    assert [e.type for e in g.events[-2:]] == ["answer", "energy_to_hand"]
    check_invariants(g.state)


def test_dazzle_blast_and_extra_ball() -> None:
    g = attack("ex11-21", "Dazzle Blast")  # Lightning: 30 x 2, Confused without a coin
    assert (defending(g)["damage"], defending(g)["conditions"]) == (60, ["confused"])
    assert defending(attack("ex11-22", "Extra Ball"))["damage"] == 30
    chansey = {"card": "ex1-96"}  # a Pokémon-ex
    assert defending(attack("ex11-22", "Extra Ball", defender=chansey))["damage"] == 50


# ---------------------------------------------------------------------------- Powers, Bodies
DRAGONITE = {"card": "ex11-3", "under": ["Dratini", "Dragonair"]}


def test_delta_charge_attaches_a_lightning_energy_from_the_discard_to_the_bench() -> None:
    discard = ["Lightning Energy", "Water Energy"]
    g = game({"active": DRAGONITE, "bench": ["Mudkip"], "discard": discard}, {"active": WAILORD})
    act(g, "p1", "use_power", pokemon="active", power="Delta Charge")
    assert pending(g)["options"] == ["Lightning Energy to Mudkip (bench1)"]
    act(g, "p1", "choose", option=0)
    assert players(g)["p1"]["bench"][0]["energy"] == ["Lightning Energy"]
    for p1 in (
        {"active": DRAGONITE, "discard": ["Lightning Energy"]},  # no Bench
        {"active": DRAGONITE, "bench": ["Mudkip"], "discard": ["Water Energy"]},  # no Lightning
    ):
        g = game(p1, {"active": WAILORD})
        with pytest.raises(IllegalActionError, match=r"ptcg\.power\.requirement"):
            act(g, "p1", "use_power", pokemon="active", power="Delta Charge")


def test_dragonite_agility_keeps_the_next_attack_off_on_heads() -> None:
    take_down = attacker("ex1-14", "Take Down")
    for coins, hurt in (([HEADS], False), ([TAILS], True)):
        g = attack("ex11-3", "Agility", coins, defender=take_down)
        assert defending(g)["damage"] == 60  # 30, Lightning: Weakness x2
        act(g, "p2", "attack", attack="Take Down")
        assert (players(g)["p1"]["active"]["damage"] > 0) == hurt


def test_delta_heal_heals_each_delta_pokemon_once_a_turn() -> None:
    espeon = {"card": "ex11-4", "under": ["Eevee"], "damage": 20}
    bench = [{"card": "ex11-65", "damage": 10}, {"card": "ex11-78", "damage": 10}]
    g = game({"active": espeon, "bench": bench}, {"active": WAILORD})
    act(g, "p1", "use_power", pokemon="active", power="Delta Heal")
    p1 = players(g)["p1"]
    # Espeon δ and Dratini δ healed; Ponyta (not δ) not
    assert [m["damage"] for m in [p1["active"], *p1["bench"]]] == [10, 0, 10]
    with pytest.raises(IllegalActionError, match=r"ptcg\.power"):
        act(g, "p1", "use_power", pokemon="active", power="Delta Heal")
    g = game({"active": {**espeon, "damage": 0}, "bench": bench[1:]}, {"active": WAILORD})
    with pytest.raises(IllegalActionError, match=r"ptcg\.power\.requirement"):
        act(g, "p1", "use_power", pokemon="active", power="Delta Heal")  # no damaged δ


def test_return_burn_burns_only_if_an_energy_goes_back() -> None:
    g = attack("ex11-5", "Return Burn")
    assert pending(g)["options"] == ["Fire Energy", "Metal Energy", "Water Energy", "none"]
    act(g, "p1", "choose", option=0)
    assert defending(g)["conditions"] == ["burned"]
    assert players(g)["p1"]["hand"] == ["Fire Energy"]
    g = attack("ex11-5", "Return Burn")
    act(g, "p1", "choose", option=3)
    assert defending(g)["conditions"] == [] and players(g)["p1"]["hand"] == []
    assert defending(g)["damage"] == 50


def test_delta_search_attaches_a_holon_energy_to_flareon() -> None:
    g = attack("ex11-5", "Delta Search", p1={"deck": [HOLON_FF, "Potion"]})
    assert pending(g)["options"] == ["Holon Energy FF", "nothing"]
    act(g, "p1", "choose", option=0)
    assert players(g)["p1"]["active"]["energy"] == ["Water Energy", "Holon Energy FF"]
    assert defending(g)["damage"] == 10


def test_lightning_storm_puts_7_counters_on_rayquaza_unless_delta_guard() -> None:
    chansey = {"card": "ex1-96"}
    g = attack("ex11-13", "Lightning Storm", defender=chansey)
    assert (defending(g)["damage"], players(g)["p1"]["active"]["damage"]) == (70, 70)
    energy = ["Lightning Energy", "Metal Energy", "Water Energy", HOLON_FF]
    g = attack("ex11-13", "Lightning Storm", defender=chansey, mon={"energy": energy})
    assert (defending(g)["damage"], players(g)["p1"]["active"]["damage"]) == (70, 0)
    g = attack("ex11-13", "Power Blow", defender=chansey, mon={"energy": ["Lightning Energy"] * 3})
    assert defending(g)["damage"] == 30


def test_starmie_metal_navigation_collect_and_energy_loop() -> None:
    g = attack("ex11-15", "Energy Loop")  # one kind of Energy: it goes back, no question
    p1 = players(g)["p1"]
    assert p1["hand"] == ["Metal Energy"] and p1["active"]["energy"] == []
    assert defending(g)["damage"] == 30
    g = attack("ex11-15", "Energy Loop", mon={"energy": ["Metal Energy", "Water Energy"]})
    assert pending(g)["options"] == ["Metal Energy", "Water Energy"]  # no "none": it must
    assert len(players(attack("ex11-15", "Collect"))["p1"]["hand"]) == 3
    starmie = {"card": "ex11-15", "under": ["Staryu"]}
    g = game({"active": starmie, "deck": ["ex11-107", "Potion"]}, {"active": WAILORD})
    act(g, "p1", "use_power", pokemon="active", power="Metal Navigation")
    act(g, "p1", "choose", option=0)
    assert players(g)["p1"]["active"]["energy"] == ["Metal Energy"]
    g = game({"active": starmie, "deck": []}, {"active": WAILORD})
    with pytest.raises(IllegalActionError, match=r"ptcg\.power\.requirement"):
        act(g, "p1", "use_power", pokemon="active", power="Metal Navigation")


def test_delta_storm_and_rend() -> None:
    chansey = {"card": "ex1-96"}  # a Pokémon-ex weak to Fighting
    # 20 x 2, then Delta Storm's counter between turns (Sandslash δ Active)
    assert defending(attack("ex11-27", "Rend", defender=chansey))["damage"] == 40 + 10
    damaged = {**chansey, "damage": 10}
    assert defending(attack("ex11-27", "Rend", defender=damaged))["damage"] == 10 + 80 + 10
    # a Benched Pokémon-ex gets the counter too; Wailord (not ex) does not
    g = attack("ex11-27", "Rend", p2={"bench": ["ex1-97"]})
    assert (defending(g)["damage"], players(g)["p2"]["bench"][0]["damage"]) == (20, 10)


def test_mist_attack_and_body_odor() -> None:
    azumarill = {"card": "ex11-114", "under": ["Marill"]}  # Thick Fat: a Poké-Body
    g = attack("ex11-33", "Mist Attack", p2={"bench": ["Mudkip", azumarill]})
    bench = [m["damage"] for m in players(g)["p2"]["bench"]]
    # 10 each; Body Odor adds a counter between turns to the one with a Poké-Body
    assert (defending(g)["damage"], bench) == (10, [10, 20])


def test_copy_uses_a_defending_attack_only_with_the_energy_for_it() -> None:
    ditto = {"card": "ex11-38", "energy": ["Water Energy"] * 3}
    g = game({"active": ditto}, {"active": WAILORD})
    offers = [o.params for o in g.legal_actions("p1") if o.kind == "attack"]
    assert {"attack": "Copy", "copy": "ex1-14:Take Down"} in offers
    act(g, "p1", "attack", attack="Copy", copy="ex1-14:Take Down")  # 3 Energy: Take Down's cost
    # Take Down's 50, and its 20 to the user (Ditto)
    assert (defending(g)["damage"], players(g)["p1"]["active"]["damage"]) == (50, 20)
    g = game({"active": ditto}, {"active": WAILORD})
    act(g, "p1", "attack", attack="Copy", copy="ex1-14:Surf")  # Surf costs 5: nothing
    assert (defending(g)["damage"], players(g)["p1"]["active"]["damage"]) == (0, 0)


def test_energy_bone_hits_up_to_one_pokemon_per_energy_and_may_stop() -> None:
    g = attack("ex11-10", "Energy Bone", p2={"bench": ["Mudkip", "Torchic"]})  # 2 Energy
    assert pending(g)["options"] == [
        "Wailord (active)",
        "Mudkip (bench1)",
        "Torchic (bench2)",
        "no more",
    ]
    act(g, "p1", "choose", option=1)
    assert pending(g)["options"] == ["Wailord (active)", "Torchic (bench2)", "no more"]
    act(g, "p1", "choose", option=2)  # stops after one
    bench = [m["damage"] for m in players(g)["p2"]["bench"]]
    assert (defending(g)["damage"], bench) == (0, [20, 0])


def test_metal_crusher_is_90_on_a_metal_pokemon_dual_types_included() -> None:
    assert defending(attack("ex11-10", "Metal Crusher"))["damage"] == 50  # Wailord: Water
    # Rayquaza δ is Lightning and Metal (and resists Fighting, Marowak δ's first type): 90 - 30
    g = attack("ex11-10", "Metal Crusher", defender={"card": "ex11-13"})
    assert defending(g)["damage"] == 60


def test_powers_used_when_played_from_the_hand_to_evolve() -> None:
    g = game(
        {"active": {"card": "ex11-77"}, "hand": ["ex11-50"], "deck": ["Potion", "ex11-84"]},
        {"active": WAILORD},
    )
    act(g, "p1", "evolve", card="ex11-50", target="active")
    act(g, "p1", "use_power", pokemon="active", power="Prowl")
    assert pending(g)["options"] == ["Potion", "Staryu", "nothing"]  # any card
    act(g, "p1", "choose", option=1)
    assert players(g)["p1"]["hand"] == ["Staryu"]
    persian = {"card": "ex11-50", "under": ["Meowth"]}
    g = game({"active": persian, "deck": ["Potion"]}, {"active": WAILORD})
    with pytest.raises(IllegalActionError, match=r"ptcg\.power\.requirement"):
        act(g, "p1", "use_power", pokemon="active", power="Prowl")  # not evolved this turn
    g = game({"active": {"card": "ex11-69"}, "hand": ["ex11-108"]}, {"active": WAILORD})
    act(g, "p1", "evolve", card="ex11-108", target="active")
    act(g, "p1", "use_power", pokemon="active", power="Evolutionary Flame")
    assert sorted(defending(g)["conditions"]) == ["burned", "confused"]
    g = game(
        {"active": {"card": "ex11-69"}, "hand": ["ex11-109"]},
        {"active": WAILORD, "bench": ["Mudkip"]},
    )
    act(g, "p1", "evolve", card="ex11-109", target="active")
    act(g, "p1", "use_power", pokemon="active", power="Evolutionary Thunder")
    assert (defending(g)["damage"], players(g)["p2"]["bench"][0]["damage"]) == (10, 10)


def test_eeveelution_ex_and_persian_attacks() -> None:
    take_down = attacker("ex1-14", "Take Down")
    g = attack("ex11-108", "Flame Screen", defender=take_down)
    assert defending(g)["damage"] == 30
    act(g, "p2", "attack", attack="Take Down")  # 50 x 2 (weak to Water) - 20
    assert players(g)["p1"]["active"]["damage"] == 80
    g = attack("ex11-108", "Heat Tackle")
    assert (defending(g)["damage"], players(g)["p1"]["active"]["damage"]) == (70, 10)
    chansey = {"card": "ex1-96", "damage": 30}
    assert defending(attack("ex11-109", "Second Bite", defender=chansey))["damage"] == 30 + 50
    g = attack("ex11-109", "Thunder Blast", defender={"card": "ex1-96"})
    energy = players(g)["p1"]["active"]["energy"]
    assert (defending(g)["damage"], energy) == (70, ["Water Energy"] * 2)  # the Lightning goes
    assert defending(attack("ex11-50", "Snap Tail"))["damage"] == 30


def test_evolutionary_swirl_lets_the_opponent_redraw_up_to_4() -> None:
    g = game(
        {"active": {"card": "ex11-69"}, "hand": ["ex11-110"]},
        {"active": WAILORD, "hand": ["Potion"] * 6, "deck": ["Water Energy"] * 3},
    )
    act(g, "p1", "evolve", card="ex11-110", target="active")
    act(g, "p1", "use_power", pokemon="active", power="Evolutionary Swirl")
    # the hand went into the deck; the opponent is asked how many to draw
    assert pending(g)["player"] == "p2" and pending(g)["options"][-1] == "draw 4"
    assert players(g)["p2"]["hand_count"] == 0 and players(g)["p2"]["deck_count"] == 9
    act(g, "p2", "choose", option=2)
    assert players(g)["p2"]["hand_count"] == 2 and players(g)["p2"]["deck_count"] == 7
    vaporeon = {"card": "ex11-110", "under": ["Eevee"]}
    g = game({"active": vaporeon}, {"active": WAILORD})
    with pytest.raises(IllegalActionError, match=r"ptcg\.power\.requirement"):
        act(g, "p1", "use_power", pokemon="active", power="Evolutionary Swirl")


def test_fastwave_ignores_resistance() -> None:
    rayquaza = {"card": "ex3-97"}  # Rayquaza ex resists Water
    assert defending(attack("ex11-110", "Fastwave", defender=rayquaza))["damage"] == 40
    assert defending(attack("ex11-19", "Rolling Tackle", defender=rayquaza))["damage"] == 20


def test_holon_energy_gl_with_basic_grass_keeps_special_conditions_off() -> None:
    for energy, conditions in (
        ([HOLON_GL, "Grass Energy"], []),
        ([HOLON_GL, "Water Energy"], ["paralyzed"]),  # no basic Grass Energy beside it
    ):
        g = attack("ex11-71", "Thundershock", [HEADS], defender={**WAILORD, "energy": energy})
        assert defending(g)["conditions"] == conditions, energy
    chansey = {"card": "ex1-96", "energy": [HOLON_GL, "Grass Energy"]}  # a Pokémon-ex
    assert defending(attack("ex11-71", "Thundershock", [HEADS], defender=chansey))[
        "conditions"
    ] == ["paralyzed"]


def test_holon_energy_gl_with_basic_lightning_takes_10_off_a_pokemon_ex() -> None:
    for energy, from_ex, from_other in (
        ([HOLON_GL, "Lightning Energy"], 70, 30),  # only the Pokémon-ex's damage is less
        ([HOLON_GL, "Water Energy"], 80, 30),
    ):
        wailord = {**WAILORD, "energy": energy}
        g = game({"active": attacker("ex1-96", "Double-edge")}, {"active": wailord})
        act(g, "p1", "attack", attack="Double-edge")  # Chansey ex: 80
        assert defending(g)["damage"] == from_ex, energy
        assert defending(attack("ex11-80", "Sharpen", defender=wailord))["damage"] == from_other


def test_delta_moon_punishes_special_energy_attached_from_the_hand() -> None:
    umbreon = {"card": "ex11-17", "under": ["Eevee"]}
    # Metal Energy and a Holon's Pokémon attached as Energy are special Energy cards; a basic
    # Water Energy is not
    for card, damage in (("ex11-107", 10), ("ex11-70", 10), ("Water Energy", 0)):
        g = game({"active": "ex11-78", "hand": [card]}, {"active": umbreon})
        act(g, "p1", "attach", card=card, target="active")
        assert players(g)["p1"]["active"]["damage"] == damage, card


def test_feint_attack_ignores_weakness() -> None:
    gengar = {"card": "ex6-108", "under": ["Gastly", "Haunter"]}  # weak to Darkness
    # 30, + 10 from its Darkness Energy (the attacker's own effect), no Weakness
    assert defending(attack("ex11-17", "Feint Attack", defender=gengar))["damage"] == 40


def test_illumise_and_volbeat_protect_each_other() -> None:
    dark_celebi = attacker("ex5-4", "Leaf Poison")  # a Dark Pokémon
    for bench, damage, conditions in ((["ex11-56"], 0, []), (["Mudkip"], 40, ["poisoned"])):
        g = game({"active": dark_celebi}, {"active": {"card": "ex11-45"}, "bench": bench})
        act(g, "p1", "attack", attack="Leaf Poison")
        # without Volbeat: 20, + 10 (its Darkness Energy), + the Poison counter
        assert (defending(g)["damage"], defending(g)["conditions"]) == (damage, conditions)
    chansey = attacker("ex1-96", "Double-edge")  # a Pokémon-ex: 80
    g = game({"active": chansey}, {"active": {"card": "ex11-56"}, "bench": ["ex11-45"]})
    act(g, "p1", "attack", attack="Double-edge")
    assert defending(g)["damage"] == 0
    g = game({"active": chansey}, {"active": {"card": "ex11-56"}, "bench": ["Mudkip"]})
    act(g, "p1", "attack", attack="Double-edge")
    assert "Volbeat" in players(g)["p2"]["discard"]  # Knocked Out: no Illumise, no shield


def test_strange_rasping_confuses_only_an_evolved_pokemon() -> None:
    assert defending(attack("ex11-45", "Strange Rasping"))["conditions"] == ["confused"]
    g = attack("ex11-45", "Strange Rasping", defender={"card": "ex1-96"})  # a Basic
    assert (defending(g)["damage"], defending(g)["conditions"]) == (20, [])
    g = attack("ex11-45", "Call for Family", p1={"deck": ["ex11-78"]})
    act(g, "p1", "choose", option=0)
    assert [m["card"] for m in players(g)["p1"]["bench"]] == ["Ponyta"]
    # Solrock is weak to Grass: Swift's 30 ignores it (Strange Rasping's 20 does not)
    solrock = {"card": "ex2-13"}
    assert defending(attack("ex11-56", "Swift", defender=solrock))["damage"] == 30
    assert defending(attack("ex11-45", "Strange Rasping", defender=solrock))["damage"] == 40


GARDEVOIR = {
    "card": "ex11-6",
    "under": ["Ralts", "Kirlia"],
    "energy": ["Fire Energy", "Water Energy"],
}


def test_energy_jump_moves_an_energy_card_between_own_pokemon() -> None:
    g = game({"active": GARDEVOIR, "bench": ["Mudkip"]}, {"active": WAILORD})
    act(g, "p1", "use_power", pokemon="active", power="Energy Jump")
    assert pending(g)["options"] == [
        "Fire Energy from Gardevoir (active)",
        "Water Energy from Gardevoir (active)",
    ]
    act(g, "p1", "choose", option=1)
    assert pending(g)["options"] == ["Mudkip (bench1)"]
    act(g, "p1", "choose", option=0)
    p1 = players(g)["p1"]
    assert p1["active"]["energy"] == ["Fire Energy"]
    assert p1["bench"][0]["energy"] == ["Water Energy"]
    g = game({"active": GARDEVOIR}, {"active": WAILORD})  # no other Pokémon
    with pytest.raises(IllegalActionError, match=r"ptcg\.power\.requirement"):
        act(g, "p1", "use_power", pokemon="active", power="Energy Jump")


def test_psychic_rage_and_black_magic() -> None:
    gardevoir = {**GARDEVOIR, "energy": ["Metal Energy", "Water Energy"], "damage": 30}
    g = game({"active": gardevoir}, {"active": WAILORD, "bench": ["Mudkip"]})
    act(g, "p1", "attack", attack="Psychic Rage", target="bench1")  # 3 counters: 30
    assert (players(g)["p2"]["bench"][0]["damage"], defending(g)["damage"]) == (30, 0)
    g = game({"active": {**gardevoir, "damage": 0}}, {"active": WAILORD})
    act(g, "p1", "attack", attack="Psychic Rage", target="active")  # no counters: nothing
    assert defending(g)["damage"] == 0
    g = attack("ex11-6", "Black Magic", p2={"bench": ["Mudkip", "Torchic"]})
    assert defending(g)["damage"] == 10 + 2 * 20
    assert defending(attack("ex11-6", "Black Magic"))["damage"] == 10


THREE = ["Lightning Energy", "Metal Energy", "Water Energy"]
CHANSEY = {"card": "ex1-96"}  # a Basic Pokémon-ex


def test_delta_aura_lowers_the_cost_while_the_partner_is_in_play() -> None:
    chansey = {"card": "ex1-96"}  # a Pokémon-ex: Extra Crush does something
    latias = {"card": "ex11-8", "energy": THREE}
    g = game({"active": latias, "bench": ["ex11-9"]}, {"active": chansey})
    act(g, "p1", "attack", attack="Extra Crush")  # Lightning, Metal, Colorless with Latios
    assert defending(g)["damage"] == 80
    g = game({"active": latias, "bench": ["Mudkip"]}, {"active": chansey})
    with pytest.raises(IllegalActionError, match=r"ptcg\.attack\.energy"):
        act(g, "p1", "attack", attack="Extra Crush")  # the printed 5 without Latios


def test_extra_crush_and_psychic_force_need_their_kind_of_opponent() -> None:
    latias = {"card": "ex11-8", "energy": THREE}
    g = game({"active": latias, "bench": ["ex11-9"]}, {"active": WAILORD})
    act(g, "p1", "attack", attack="Extra Crush")  # no Pokémon-ex: nothing
    assert defending(g)["damage"] == 0
    latios = {"card": "ex11-9", "energy": THREE}
    g = game({"active": latios, "bench": ["ex11-8"]}, {"active": WAILORD})
    act(g, "p1", "attack", attack="Psychic Force")  # Wailord is a Stage 1: nothing
    assert defending(g)["damage"] == 0
    gardevoir = {"card": "ex11-6", "under": ["Ralts", "Kirlia"]}  # a Stage 2 on the Bench
    g = game({"active": latios, "bench": ["ex11-8"]}, {"active": CHANSEY, "bench": [gardevoir]})
    act(g, "p1", "attack", attack="Psychic Force")
    assert defending(g)["damage"] == 80
    g = attack("ex11-8", "Spiral Drain", mon={"damage": 30})
    assert (players(g)["p1"]["active"]["damage"], defending(g)["damage"]) == (10, 40)


def test_shining_horn_keeps_basics_off_while_skarmory_is_alone() -> None:
    skarmory = {"card": "ex11-55"}
    dratini = attacker("ex11-65", "Hook")  # a Basic Pokémon
    g = game({"active": dratini}, {"active": skarmory})
    offers = [o.params.get("attack") for o in g.legal_actions("p1") if o.kind == "attack"]
    assert "Hook" not in offers
    with pytest.raises(IllegalActionError, match=r"ptcg\.attack\.body"):
        act(g, "p1", "attack", attack="Hook")
    g = game({"active": dratini}, {"active": skarmory, "bench": ["Mudkip"]})  # not alone
    act(g, "p1", "attack", attack="Hook")
    assert defending(g)["damage"] == 10
    g = game({"active": attacker("ex1-14", "Take Down")}, {"active": skarmory})  # Evolved
    act(g, "p1", "attack", attack="Take Down")
    assert defending(g)["damage"] == 50


def test_skarmory_cry_for_help_and_steel_wing() -> None:
    g = attack("ex11-55", "Cry for Help", p1={"deck": ["ex11-70", "ex11-113", "ex11-78"]})
    assert pending(g)["options"] == ["Holon's Magnemite", "Metagross ★", "nothing"]
    take_down = attacker("ex1-14", "Take Down")
    g = attack("ex11-55", "Steel Wing", defender=take_down)
    act(g, "p2", "attack", attack="Take Down")
    # 50, - 20 (Steel Wing), - 10 (its Metal Energy, Skarmory being Metal)
    assert players(g)["p1"]["active"]["damage"] == 20


# ---------------------------------------------------------------------------- Crobat δ (ex11-2)
def _refused_rule(g: Game[PtcgState], card: str) -> str | None:
    refusal = g.check(Action("play_trainer", "p2", {"card": card}))
    return None if refusal is None else refusal.rule


def test_radar_jam_locks_the_opponents_items_but_not_supporters_for_one_turn() -> None:
    g = attack("ex11-2", "Radar Jam", p2={"hand": ["Energy Search", "Professor Birch"]})
    assert defending(g)["damage"] == 30
    assert view(g)["current"] == "p2"
    assert _refused_rule(g, "Energy Search") == "ptcg.trainer.locked"
    assert _refused_rule(g, "Professor Birch") is None  # a Supporter is still allowed
    act(g, "p2", "end_turn")
    act(g, "p1", "end_turn")
    assert _refused_rule(g, "Energy Search") is None  # the opponent's next turn is over


def test_target_attack_does_more_to_a_pokemon_that_already_has_damage_counters() -> None:
    bench = [{**WAILORD, "damage": 10}, WAILORD]
    g = attack("ex11-2", "Target Attack", p2={"bench": bench}, target="bench1")
    assert players(g)["p2"]["bench"][0]["damage"] == 10 + 60  # no W/R on the Bench
    g = attack("ex11-2", "Target Attack", p2={"bench": bench}, target="bench2")
    assert players(g)["p2"]["bench"][1]["damage"] == 40
    assert defending(g)["damage"] == 0


# ---------------------------------------------------------------------------- Tyranitar δ (ex11-16)
def test_delta_crush_does_20_more_only_when_an_energy_is_discarded() -> None:
    tyranitar = attacker("ex11-16", "Delta Crush")
    g = game({"active": tyranitar}, {"active": WAILORD}, settings=ALLOW)
    s, mon = g.state, g.state.sides[0].active
    assert mon is not None
    fire = next(s.cards[c] for c in mon.energy if s.card(c).name == "Fire Energy")
    act(g, "p1", "attack", attack="Delta Crush", card=fire)
    assert defending(g)["damage"] == 70
    assert len(players(g)["p1"]["active"]["energy"]) == 2
    g = attack("ex11-16", "Delta Crush")
    assert defending(g)["damage"] == 50
    assert len(players(g)["p1"]["active"]["energy"]) == 3


def test_crush_draw_attaches_a_revealed_basic_energy_and_leaves_anything_else() -> None:
    tyranitar = {"card": "ex11-16", "under": ["Larvitar", "Pupitar"]}
    g = game(
        {"active": tyranitar, "bench": ["Larvitar"], "deck": ["Fire Energy", "Potion"]},
        {"active": WAILORD},
        settings=ALLOW,
    )
    act(g, "p1", "use_power", pokemon="active", power="Crush Draw")
    act(g, "p1", "choose", option=1)
    assert players(g)["p1"]["bench"][0]["energy"] == ["Fire Energy"]
    deck = ["Potion", "Fire Energy"]
    g = game({"active": tyranitar, "deck": deck}, {"active": WAILORD}, settings=ALLOW)
    events = act(g, "p1", "use_power", pokemon="active", power="Crush Draw")
    assert not any(e.type == "ask" for e in events)
    assert players(g)["p1"]["deck_count"] == 2 and players(g)["p1"]["hand_count"] == 0


def test_crush_draw_is_refused_while_tyranitar_has_a_special_condition() -> None:
    tyranitar = {"card": "ex11-16", "under": ["Larvitar", "Pupitar"], "conditions": ["asleep"]}
    g = game({"active": tyranitar, "deck": ["Fire Energy"]}, {"active": WAILORD}, settings=ALLOW)
    with pytest.raises(IllegalActionError, match=r"ptcg\.power\.condition"):
        act(g, "p1", "use_power", pokemon="active", power="Crush Draw")


# ---------------------------------------------------------------------------- Metagross δ (ex11-11)
CHANSEY_EX = {"card": "ex1-96"}  # 120 HP, Colorless, weak to Fighting: no W/R on Metagross δ


@pytest.mark.parametrize(("discards", "damage"), [(0, 30), (1, 50), (2, 70)])
def test_crush_and_burn_does_20_more_per_energy_discarded_from_any_own_pokemon(
    discards: int, damage: int
) -> None:
    metagross = attacker("ex11-11", "Crush and Burn")
    bench = [{"card": "Beldum", "energy": ["Metal Energy"]}]
    g = game({"active": metagross, "bench": bench}, {"active": CHANSEY_EX}, settings=ALLOW)
    act(g, "p1", "attack", attack="Crush and Burn")
    for _ in range(discards):
        act(g, "p1", "choose", option=0)
    if view(g)["phase"] == "choice":
        act(g, "p1", "choose", option=len(pending(g)["options"]) - 1)  # done
    assert defending(g)["damage"] == damage
    p1 = players(g)["p1"]
    assert len(p1["active"]["energy"]) + len(p1["bench"][0]["energy"]) == 3 - discards


def _metagross_game(**more: object) -> Game[PtcgState]:
    metagross = {"card": "ex11-11", "under": ["Beldum", "Metang"], **more}
    deck = ["Potion", "Switch", "Energy Search", "Fire Energy", "Water Energy"]
    return game({"active": metagross, "deck": deck}, {"active": WAILORD}, settings=ALLOW)


def test_delta_control_keeps_one_of_the_top_4_and_puts_the_rest_on_the_bottom_in_order() -> None:
    g = _metagross_game()
    act(g, "p1", "use_power", pokemon="active", power="Delta Control")
    assert pending(g)["options"] == ["Potion", "Switch", "Energy Search", "Fire Energy"]
    act(g, "p1", "choose", option=2)  # Energy Search into the hand
    assert pending(g)["options"] == ["Potion", "Switch", "Fire Energy"]
    act(g, "p1", "choose", option=2)  # Fire Energy goes to the bottom first
    act(g, "p1", "choose", option=1)  # then Switch under it; Potion last, at the very bottom
    s = g.state
    assert [s.card(c).name for c in s.sides[0].hand] == ["Energy Search"]
    assert [s.card(c).name for c in s.sides[0].deck] == [
        "Water Energy",
        "Fire Energy",
        "Switch",
        "Potion",
    ]
    check_invariants(s)


def test_delta_control_is_refused_with_an_empty_deck_or_a_special_condition() -> None:
    g = game(
        {"active": {"card": "ex11-11", "under": ["Beldum", "Metang"]}, "deck": []},
        {"active": WAILORD},
        settings=ALLOW,
    )
    with pytest.raises(IllegalActionError, match=r"ptcg\.power\.requirement"):
        act(g, "p1", "use_power", pokemon="active", power="Delta Control")
    g = _metagross_game(conditions=["confused"])
    with pytest.raises(IllegalActionError, match=r"ptcg\.power\.condition"):
        act(g, "p1", "use_power", pokemon="active", power="Delta Control")


# ---------------------------------------------------------------------------- Azurill (ex11-20)
def test_azurills_baby_evolution_puts_marill_on_and_removes_the_counters() -> None:
    g = game(
        {"active": {"card": "ex11-20", "damage": 20}, "hand": ["ex11-76", "Water Energy"]},
        {"active": WAILORD},
        settings=ALLOW,
    )
    act(g, "p1", "use_power", power="Baby Evolution", pokemon="active")
    active = players(g)["p1"]["active"]
    assert active["id"] == "ex11-76" and active["damage"] == 0
    g = game({"active": "ex11-20", "hand": ["Pikachu"]}, {"active": WAILORD}, settings=ALLOW)
    with pytest.raises(IllegalActionError, match=r"no .*Marill.*ptcg\.power\.requirement"):
        act(g, "p1", "use_power", power="Baby Evolution", pokemon="active")


def _type_match(hand: list[str]) -> Game[PtcgState]:
    deck = ["Pikachu", "Mudkip", "Torchic", "Marshtomp", "Potion"]
    azurill = attacker("ex11-20", "Type Match")
    g = game({"active": azurill, "hand": hand, "deck": deck}, {"active": WAILORD}, settings=ALLOW)
    act(g, "p1", "attack", attack="Type Match")
    return g


def test_type_match_shows_an_energy_and_takes_a_pokemon_of_its_type() -> None:
    g = _type_match(["Fire Energy", "Water Energy", "Fire Energy"])
    assert pending(g)["options"] == ["Fire Energy", "Water Energy"]
    act(g, "p1", "choose", option=1)
    # Water: a Basic (Mudkip) or an Evolution card (Marshtomp), not Pikachu or Torchic
    assert pending(g)["options"] == ["Mudkip", "Marshtomp", "nothing"]
    act(g, "p1", "choose", option=1)
    s = g.state
    assert sorted(s.card(c).name for c in s.sides[0].hand) == [
        "Fire Energy",
        "Fire Energy",
        "Marshtomp",
        "Water Energy",
    ]
    assert len(s.sides[0].deck) == 4
    assert view(g)["current"] == "p2"
    check_invariants(s)


def test_type_match_does_nothing_without_a_basic_energy_card_in_the_hand() -> None:
    g = _type_match(["Potion"])
    assert view(g)["current"] == "p2"  # nothing asked, the turn is over
    assert len(g.state.sides[0].deck) == 5


# ---------------------------------------------------------------------------- Beedrill δ (ex11-1)
def test_super_slash_does_30_more_to_an_evolved_pokemon_only() -> None:
    assert defending(attack("ex11-1", "Super Slash"))["damage"] == 80  # Wailord: evolved
    g = attack("ex11-1", "Super Slash", defender=CHANSEY_EX)
    assert defending(g)["damage"] == 50


BEEDRILL = {"card": "ex11-1", "under": ["Weedle", "Kakuna"]}


def test_final_sting_knocks_beedrill_out_and_leaves_the_defending_paralyzed_and_toxic() -> None:
    g = game({"active": "Mudkip", "bench": [BEEDRILL]}, {"active": WAILORD}, settings=ALLOW)
    act(g, "p1", "use_power", pokemon="bench1", power="Final Sting")
    seen = players(g)
    assert seen["p2"]["prize_count"] == 5 and seen["p1"]["bench"] == []
    assert "Beedrill δ" in seen["p1"]["discard"]
    assert sorted(defending(g)["conditions"]) == ["paralyzed", "poisoned"]
    act(g, "p1", "end_turn")
    assert defending(g)["damage"] == 20  # 2 damage counters between turns, not 1
    check_invariants(g.state)


def test_final_sting_is_refused_while_beedrill_has_a_special_condition() -> None:
    asleep = {**BEEDRILL, "conditions": ["asleep"]}
    g = game({"active": asleep}, {"active": WAILORD}, settings=ALLOW)
    with pytest.raises(IllegalActionError, match=r"ptcg\.power\.condition"):
        act(g, "p1", "use_power", pokemon="active", power="Final Sting")


# ---------------------------------------------------------------------------- Hariyama (ex11-44)
HARIYAMA = {"card": "ex11-44", "under": ["Makuhita"]}
FIVE_PRIZES = {"prizes": ["Water Energy"] * 5}


@pytest.mark.parametrize(
    ("name", "p2", "damage"),
    [
        ("Slap Push", {}, 30),  # as many Prize cards left: no Reversal Aura
        ("Slap Push", FIVE_PRIZES, 50),  # more left than the opponent: 20 more
        ("Brick Smash", {}, 50),
        ("Brick Smash", FIVE_PRIZES, 70),
    ],
)
def test_reversal_aura_adds_20_to_hariyamas_attacks_only_when_behind(
    name: str, p2: dict[str, object], damage: int
) -> None:
    g = attack("ex11-44", name, p2=p2)
    assert defending(g)["damage"] == damage


@pytest.mark.parametrize(("p1", "damage"), [({}, 30), (FIVE_PRIZES, 10)])
def test_reversal_aura_takes_20_off_the_actives_attacks_on_hariyama_only_when_behind(
    p1: dict[str, object], damage: int
) -> None:
    g = attack("ex11-2", "Radar Jam", p1=p1, defender=HARIYAMA)
    assert defending(g)["damage"] == damage


# ---------------------------------------------------------------------------- Beldum δ (ex11-59)
def _beldum_cost(bench: list[str], where: str = "active", stadium: str = "") -> int:
    beldum = {"card": "ex11-59"}
    p1 = (
        {"active": beldum, "bench": bench}
        if where == "active"
        else {"active": "ex5-54", "bench": [beldum, *bench]}
    )
    top = {"stadium": stadium} if stadium else {}
    g = game(p1, {"active": WAILORD}, settings=ALLOW, **top)
    side = g.state.sides[0]
    mon = side.active if where == "active" else side.bench[0]
    assert mon is not None and g.state.card(mon.stack[-1]).id == "ex11-59"
    return retreat_cost(g.state, mon)


def test_conductive_body_lowers_beldums_retreat_cost_per_benched_beldum_while_active() -> None:
    assert _beldum_cost(["ex5-54"]) == 0  # 1 less for the Benched Beldum: 0
    assert _beldum_cost(["Mudkip"]) == 1  # no Beldum on the Bench: the printed 1
    assert _beldum_cost(["ex5-54"], where="bench") == 1  # only while it is the Active
    assert _beldum_cost(["ex5-54"], stadium="ex8-91") == 1  # Space Center turns it off


def test_beldums_take_down_does_10_damage_to_itself() -> None:
    g = attack("ex11-59", "Take Down")
    assert defending(g)["damage"] == 60  # Lightning: Wailord's Weakness x2
    assert players(g)["p1"]["active"]["damage"] == 10
