"""EX Team Rocket Returns (ex7): the primitives of vocab_ex7.py, the Dark / Rocket's rules of
rockets.py, and the ex7 cards built from them (effect_data_ex7.py), each shown both ways:
doing its work, and doing nothing or refusing where it must."""

from __future__ import annotations

from typing import Any

import pytest

from tests.ptcg.board import HEADS, TAILS, act, check_invariants, game, view
from turnkeeper.core.model import IllegalActionError
from turnkeeper.core.ruleset import SetupError
from turnkeeper.rulesets.ptcg import RULESET, rockets
from turnkeeper.rulesets.ptcg.cards import bundled_cards
from turnkeeper.rulesets.ptcg.coverage import coverage

WAILORD = {"card": "ex1-14", "under": ["Wailmer"]}  # 120 HP, Weakness Lightning
SWAMPERT = {"card": "ex1-23", "under": ["Mudkip", "Marshtomp"]}  # a Stage 2, Weakness Grass
ALLOW = {"allow_unimplemented": True}
DARK_CROBAT = {"card": "ex7-3", "under": ["ex7-82", "ex7-34"]}
DARK_HOUNDOOM = {"card": "ex7-37", "under": ["ex7-59"]}


def players(g: Any) -> dict[str, Any]:
    found: dict[str, Any] = view(g)["players"]
    return found


def damage(g: Any, seat: str = "p2", where: str = "active") -> int:
    side = players(g)[seat]
    mon = side["active"] if where == "active" else side["bench"][int(where[-1]) - 1]
    found: int = mon["damage"]
    return found


# ---------------------------------------------------------------------------- rockets.py
def test_dark_and_rockets_names() -> None:
    assert rockets.is_dark("Dark Tyranitar") and not rockets.is_dark("Tyranitar")
    assert not rockets.is_dark("Darkrai")  # the word Dark, not the letters
    assert rockets.is_rockets("Rocket's Meowth") and not rockets.is_rockets("Meowth")
    cards = bundled_cards()
    dark = rockets.DarkCards()
    assert dark.matches(cards["ex7-19"]) and not dark.matches(cards["ex7-46"])
    assert rockets.DarkCards(rockets_too=True).matches(cards["ex7-46"])
    assert not dark.matches(cards["ex7-62"])  # Larvitar
    machine = rockets.ToolOrMachine()
    assert machine.matches(cards["ex7-84"]) and not machine.matches(cards["ex7-89"])


def test_rockets_secret_machines_are_their_own_trainer_kind() -> None:
    cards = bundled_cards()
    for card_id in ("ex7-84", "ex7-85", "ex7-91", "ex7-92", "ex7-93"):
        assert cards[card_id].trainer == "rsm" and rockets.is_secret_machine(cards[card_id])
    assert not rockets.is_secret_machine(cards["ex7-89"])  # an Item


def test_r_energy_adds_10_only_to_the_defending_pokemon() -> None:
    houndoom = {**DARK_HOUNDOOM, "energy": ["Fire Energy", "R Energy"]}
    g = game({"active": houndoom}, {"active": WAILORD})
    act(g, "p1", "attack", attack="Fire Payback")
    assert damage(g) == 50  # 40 + 10
    g = game({"active": {**DARK_HOUNDOOM, "energy": ["Fire Energy"] * 3}}, {"active": WAILORD})
    act(g, "p1", "attack", attack="Fire Payback")
    assert damage(g) == 40


# ---------------------------------------------------------------------------- vocab_ex7.py
def test_swallow_up_needs_the_defending_pokemon_to_have_less_hp_left() -> None:
    arbok = {"card": "ex7-29", "under": ["Ekans"], "energy": ["Grass Energy"]}
    g = game({"active": arbok}, {"active": WAILORD})
    act(g, "p1", "attack", attack="Swallow Up")
    assert damage(g) == 10  # 120 left against Dark Arbok's 90
    g = game({"active": arbok}, {"active": {**WAILORD, "damage": 50}})
    act(g, "p1", "attack", attack="Swallow Up")
    assert damage(g) == 50 + 40  # 70 left: +30


def test_fire_payback_needs_fewer_benched_pokemon() -> None:
    houndoom = {**DARK_HOUNDOOM, "energy": ["Fire Energy"] * 3}
    g = game({"active": houndoom}, {"active": WAILORD, "bench": ["Torchic", "Treecko"]})
    act(g, "p1", "attack", attack="Fire Payback")
    assert damage(g) == 60
    g = game({"active": houndoom, "bench": ["Mudkip"]}, {"active": WAILORD, "bench": ["Torchic"]})
    act(g, "p1", "attack", attack="Fire Payback")
    assert damage(g) == 40


def test_hyper_splash_adds_40_against_a_stage_2() -> None:
    suicune = {"card": "ex7-105", "energy": ["Water Energy"] * 3}
    g = game({"active": suicune}, {"active": SWAMPERT}, settings=ALLOW)
    act(g, "p1", "attack", attack="Hyper Splash")
    assert damage(g) == 90
    g = game({"active": suicune}, {"active": WAILORD}, settings=ALLOW)
    act(g, "p1", "attack", attack="Hyper Splash")
    assert damage(g) == 50


def test_thunder_slash_paralyzes_a_basic_only_and_is_barred_next_turn() -> None:
    flaaffy = {"card": "ex7-33", "under": ["Mareep"], "energy": ["Lightning Energy"] * 2}
    g = game({"active": flaaffy}, {"active": "Torchic"})
    act(g, "p1", "attack", attack="Thunder Slash")
    assert players(g)["p2"]["active"]["conditions"] == ["paralyzed"]
    act(g, "p2", "end_turn")
    with pytest.raises(IllegalActionError, match=r"ptcg\.attack\.effect"):
        act(g, "p1", "attack", attack="Thunder Slash")
    act(g, "p1", "attack", attack="Headbutt")  # its other attack is allowed
    g = game({"active": flaaffy}, {"active": WAILORD})
    act(g, "p1", "attack", attack="Thunder Slash")
    assert players(g)["p2"]["active"]["conditions"] == []  # an Evolved Pokémon: no Paralysis


def test_spring_back_needs_the_opponent_at_one_prize() -> None:
    treecko = {"card": "ex7-109", "energy": ["Grass Energy"] * 2}
    g = game({"active": treecko}, {"active": WAILORD, "prizes": ["Fire Energy"]})
    act(g, "p1", "attack", attack="Spring Back")
    # 70, and 10 more for Poison between turns (the attack ended the turn)
    assert damage(g) == 80 and players(g)["p2"]["active"]["conditions"] == ["poisoned"]
    g = game({"active": treecko}, {"active": WAILORD})
    act(g, "p1", "attack", attack="Spring Back")
    assert damage(g) == 20 and players(g)["p2"]["active"]["conditions"] == []


def test_get_even_counts_the_prize_lead_only() -> None:
    heracross = {"card": "ex7-43", "energy": ["Fighting Energy"] * 2}
    g = game(
        {"active": heracross, "prizes": ["Water Energy"] * 5},
        {"active": WAILORD, "prizes": ["Fire Energy"] * 2},
        settings=ALLOW,
    )
    act(g, "p1", "attack", attack="Get Even")
    assert damage(g) == 20 + 30
    g = game(
        {"active": heracross, "prizes": ["Water Energy"] * 2}, {"active": WAILORD}, settings=ALLOW
    )
    act(g, "p1", "attack", attack="Get Even")
    assert damage(g) == 20


def test_dark_ring_counts_the_players_darkness_pokemon() -> None:
    # (Dark Metal Energy: no Darkness Energy bonus to muddle the figures)
    sneasel = {"card": "ex7-103", "energy": ["Dark Metal Energy"] * 3}
    g = game({"active": sneasel, "bench": ["ex7-98", "Mudkip"]}, {"active": WAILORD})
    act(g, "p1", "attack", attack="Dark Ring")
    assert damage(g) == 30 + 20  # itself and Rocket's Hitmonchan ex, not Mudkip
    g = game({"active": sneasel, "bench": ["Mudkip"]}, {"active": WAILORD})
    act(g, "p1", "attack", attack="Dark Ring")
    assert damage(g) == 30 + 10


def test_energy_press_counts_basic_energy_cards_only() -> None:
    magcargo = {"card": "ex7-38", "under": ["ex7-77"]}
    g = game(
        {"active": {**magcargo, "energy": ["Fire Energy", "Fire Energy"]}}, {"active": WAILORD}
    )
    act(g, "p1", "attack", attack="Energy Press")
    assert damage(g) == 10 + 20
    energy = ["Fire Energy", "Dark Metal Energy"]
    g = game({"active": {**magcargo, "energy": energy}}, {"active": WAILORD})
    act(g, "p1", "attack", attack="Energy Press")
    assert damage(g) == 10 + 10


def test_water_punch_flips_a_coin_per_water_energy() -> None:
    azumarill = {"card": "ex7-1", "under": ["Marill"]}
    energy = ["Water Energy", "Water Energy", "Grass Energy"]
    g = game({"active": {**azumarill, "energy": energy}}, {"active": WAILORD}, settings=ALLOW)
    act(g, "p1", "attack", attack="Water Punch", coins=[HEADS, HEADS])  # two coins, not three
    assert damage(g) == 60
    g = game({"active": {**azumarill, "energy": energy}}, {"active": WAILORD}, settings=ALLOW)
    act(g, "p1", "attack", attack="Water Punch", coins=[TAILS, TAILS])
    assert damage(g) == 20


def test_dark_drain_hits_every_pokemon_and_heals_per_opposing_pokemon() -> None:
    crobat = {**DARK_CROBAT, "energy": ["Grass Energy"] * 2, "damage": 50}
    g = game({"active": crobat}, {"active": WAILORD, "bench": ["Torchic", "Treecko"]})
    act(g, "p1", "attack", attack="Dark Drain")
    assert damage(g) == 10 and damage(g, where="bench1") == 10 and damage(g, where="bench2") == 10
    assert damage(g, "p1") == 50 - 30
    g = game({"active": {**crobat, "damage": 0}}, {"active": WAILORD})
    act(g, "p1", "attack", attack="Dark Drain")
    assert damage(g, "p1") == 0 and damage(g) == 10


def test_miraculous_comeback_heads_hit_the_defending_tails_hit_itself() -> None:
    meowth = {"card": "ex7-46", "energy": ["Dark Metal Energy"] * 2}
    g = game(
        {"active": meowth, "bench": ["Mudkip"]},
        {"active": WAILORD, "bench": ["Torchic"]},
        settings=ALLOW,
    )
    act(g, "p1", "attack", attack="Miraculous Comeback", coins=[HEADS, HEADS, TAILS, HEADS])
    assert damage(g) == 30 and damage(g, "p1") == 10
    g = game({"active": meowth}, {"active": WAILORD}, settings=ALLOW)
    act(g, "p1", "attack", attack="Miraculous Comeback", coins=[TAILS, TAILS])
    assert damage(g) == 0 and damage(g, "p1") == 20
    check_invariants(g.state)


# ---------------------------------------------------------------------------- powers
def test_evolutionary_light_works_only_while_active() -> None:
    dragonair = {"card": "ex7-31", "under": ["ex7-52"]}
    deck = ["ex7-15", "Water Energy"]
    g = game({"active": dragonair, "deck": deck}, {"active": WAILORD})
    act(g, "p1", "use_power", pokemon="active", power="Evolutionary Light")
    act(g, "p1", "choose", option=0)
    assert players(g)["p1"]["hand"] == ["Dark Dragonite"]
    g = game({"active": "Mudkip", "bench": [dragonair], "deck": deck}, {"active": WAILORD})
    with pytest.raises(IllegalActionError, match=r"ptcg\.power\.requirement"):
        act(g, "p1", "use_power", pokemon="bench1", power="Evolutionary Light")


def test_black_beam_poisons_the_defending_pokemon_while_active() -> None:
    g = game({"active": DARK_CROBAT}, {"active": WAILORD})
    act(g, "p1", "use_power", pokemon="active", power="Black Beam")
    assert players(g)["p2"]["active"]["conditions"] == ["poisoned"]
    g = game({"active": "Mudkip", "bench": [DARK_CROBAT]}, {"active": WAILORD})
    with pytest.raises(IllegalActionError, match=r"ptcg\.power\.requirement"):
        act(g, "p1", "use_power", pokemon="bench1", power="Black Beam")


def test_every_ex7_card_is_implemented() -> None:
    found = coverage(c for c in bundled_cards().values() if c.set == "ex7")
    assert found.missing == []


def test_dark_trance_moves_darkness_energy_cards_as_often_as_liked_and_no_r_energy() -> None:
    dragonite = {"card": "ex7-15", "under": ["ex7-52", "ex7-31"]}
    energy = ["Darkness Energy", "Darkness Energy", "R Energy"]
    g = game({"active": {**dragonite, "energy": energy}, "bench": ["ex7-52"]}, {"active": WAILORD})
    for _ in range(2):
        act(g, "p1", "use_power", pokemon="active", power="Dark Trance")
        options = view(g)["pending"]["options"]
        assert all("R Energy" not in o for o in options)
        act(g, "p1", "choose", option=options.index(next(o for o in options if "bench1" in o)))
    assert players(g)["p1"]["bench"][0]["energy"] == ["Darkness Energy", "Darkness Energy"]
    assert players(g)["p1"]["active"]["energy"] == ["R Energy"]
    g = game(
        {"active": {**dragonite, "energy": ["R Energy"]}, "bench": ["ex7-52"]}, {"active": WAILORD}
    )
    with pytest.raises(IllegalActionError, match=r"ptcg\.power\.requirement"):
        act(g, "p1", "use_power", pokemon="active", power="Dark Trance")  # no Darkness Energy card


# ---------------------------------------------------------------------------- theme decks
def pending(g: Any) -> dict[str, Any]:
    found: dict[str, Any] = view(g)["pending"]
    return found


def test_magnetic_lines_moves_a_basic_energy_of_the_defending_pokemon() -> None:
    magneton = {"card": "ex7-39", "under": ["Magnemite"], "energy": ["Lightning Energy"] * 2}
    foe = {**WAILORD, "energy": ["Water Energy", "Darkness Energy"]}
    g = game({"active": magneton}, {"active": foe, "bench": ["Torchic"]})
    act(g, "p1", "attack", attack="Magnetic Lines")
    assert pending(g)["options"] == ["Water Energy to Torchic (bench1)"]  # basic only, must
    act(g, "p1", "choose", option=0)
    assert players(g)["p2"]["bench"][0]["energy"] == ["Water Energy"]
    assert players(g)["p2"]["active"]["energy"] == ["Darkness Energy"]
    g = game({"active": magneton}, {"active": foe})  # the opponent's only Pokémon: no move
    act(g, "p1", "attack", attack="Magnetic Lines")
    assert view(g).get("pending") is None and damage(g) == 40  # Weakness: 20 x 2
    check_invariants(g.state)


def test_snatch_and_run_switches_only_after_taking_a_card() -> None:
    meowth = {"card": "ex7-46", "energy": ["Water Energy"]}
    deck = ["ex7-84", "Water Energy"]
    g = game({"active": meowth, "bench": ["Mudkip"], "deck": deck}, {"active": WAILORD})
    act(g, "p1", "attack", attack="Snatch and Run")
    assert pending(g)["options"] == ["Pokémon Retriever", "nothing"]
    act(g, "p1", "choose", option=0)
    assert pending(g)["options"] == ["Mudkip (bench1)", "keep the Active Pokémon"]
    act(g, "p1", "choose", option=0)
    p1 = players(g)["p1"]
    assert p1["active"]["card"] == "Mudkip" and p1["hand"] == ["Pokémon Retriever"]
    g = game({"active": meowth, "bench": ["Mudkip"], "deck": deck}, {"active": WAILORD})
    act(g, "p1", "attack", attack="Snatch and Run")
    act(g, "p1", "choose", option=1)  # nothing taken: no switch is offered
    assert view(g).get("pending") is None
    assert players(g)["p1"]["active"]["card"] == "Rocket's Meowth"


def test_pokemon_retriever_takes_one_into_the_hand_or_three_into_the_deck() -> None:
    discard = ["Mudkip", "ex7-19", "Potion", "Torchic"]
    g = game({"active": "Mudkip", "hand": ["ex7-84"], "discard": discard}, {"active": WAILORD})
    act(g, "p1", "play_trainer", card="Pokémon Retriever")
    assert pending(g)["options"] == ["1 into the hand", "3 into the deck", "nothing"]
    act(g, "p1", "choose", option=1)
    for _ in range(3):
        act(g, "p1", "choose", option=0)
    p1 = players(g)["p1"]
    assert p1["discard"] == ["Potion", "Pokémon Retriever"] and p1["deck_count"] == 6 + 3 - 0
    g = game({"active": "Mudkip", "hand": ["ex7-84"], "discard": ["Mudkip"]}, {"active": WAILORD})
    act(g, "p1", "play_trainer", card="Pokémon Retriever")
    assert pending(g)["options"] == ["1 into the hand", "nothing"]  # no 3 to take
    act(g, "p1", "choose", option=0)
    act(g, "p1", "choose", option=0)
    assert players(g)["p1"]["hand"] == ["Mudkip"]
    g = game({"active": "Mudkip", "hand": ["ex7-84"], "discard": ["Potion"]}, {"active": WAILORD})
    with pytest.raises(IllegalActionError, match=r"ptcg\.trainer\.condition"):
        act(g, "p1", "play_trainer", card="Pokémon Retriever")


def test_dark_aid_takes_tools_and_secret_machines_only() -> None:
    wobbuffet = {"card": "ex7-47", "energy": ["Psychic Energy"]}
    g = game(
        {"active": wobbuffet, "discard": ["ex7-84", "Potion", "Lum Berry"]}, {"active": WAILORD}
    )
    act(g, "p1", "attack", attack="Dark Aid")
    assert pending(g)["options"] == ["1 into the hand", "nothing"]
    act(g, "p1", "choose", option=0)
    assert pending(g)["options"] == ["Pokémon Retriever", "Lum Berry"]
    act(g, "p1", "choose", option=1)
    assert players(g)["p1"]["hand"] == ["Lum Berry"]
    g = game({"active": wobbuffet, "discard": ["Potion"]}, {"active": WAILORD})
    act(g, "p1", "attack", attack="Dark Aid")  # nothing to take: nothing asked
    assert view(g).get("pending") is None


def test_rockets_mission_draws_4_after_a_dark_pokemon_and_3_otherwise() -> None:
    deck = ["Water Energy"] * 6
    for discarded, drawn in (("ex7-19", 4), ("Mudkip", 3)):
        hand = ["ex7-88", discarded]
        g = game({"active": "Mudkip", "hand": hand, "deck": deck}, {"active": WAILORD})
        act(g, "p1", "play_trainer", card="Rocket's Mission")
        act(g, "p1", "choose", option=0)
        assert players(g)["p1"]["hand_count"] == drawn
    g = game({"active": "Mudkip", "hand": ["ex7-88"], "deck": deck}, {"active": WAILORD})
    with pytest.raises(IllegalActionError, match=r"ptcg\.trainer\.condition"):
        act(g, "p1", "play_trainer", card="Rocket's Mission")


def test_hard_bone_needs_a_pokemon_card_discarded_from_the_hand() -> None:
    marowak = {"card": "ex7-7", "under": ["Cubone"], "energy": ["Fighting Energy"] * 3}
    g = game({"active": marowak, "hand": ["Mudkip", "Potion"]}, {"active": WAILORD})
    act(g, "p1", "attack", attack="Hard Bone")
    assert pending(g)["options"] == ["Mudkip", "discard nothing (no damage)"]
    act(g, "p1", "choose", option=0)
    assert damage(g) == 70 and players(g)["p1"]["discard"] == ["Mudkip"]
    g = game({"active": marowak, "hand": ["Mudkip"]}, {"active": WAILORD})
    act(g, "p1", "attack", attack="Hard Bone")
    act(g, "p1", "choose", option=1)
    assert damage(g) == 0
    g = game({"active": marowak, "hand": ["Potion"]}, {"active": WAILORD})
    act(g, "p1", "attack", attack="Hard Bone")  # no Pokémon card: nothing asked, no damage
    assert view(g).get("pending") is None and damage(g) == 0


def test_explosive_evolution_hits_on_heads_and_evolves_from_the_deck() -> None:
    pupitar = {"card": "ex7-40", "under": ["ex7-62"], "energy": ["Fighting Energy"]}
    deck = ["ex7-20", "Water Energy"]
    g = game({"active": pupitar, "deck": deck}, {"active": WAILORD, "bench": ["Torchic"]})
    act(g, "p1", "attack", attack="Explosive Evolution", coins=[HEADS])
    assert pending(g)["options"] == ["Dark Tyranitar", "nothing"]
    act(g, "p1", "choose", option=0)
    # Torchic: 10, and 10 more from the new Dark Tyranitar's Sand Damage between turns
    assert damage(g) == 10 and damage(g, where="bench1") == 20
    assert players(g)["p1"]["active"]["card"] == "Dark Tyranitar"
    g = game({"active": pupitar, "deck": deck}, {"active": WAILORD, "bench": ["Torchic"]})
    act(g, "p1", "attack", attack="Explosive Evolution", coins=[TAILS])
    act(g, "p1", "choose", option=1)
    assert damage(g) == 0 and players(g)["p1"]["active"]["card"] == "Dark Pupitar"
    check_invariants(g.state)


def test_friend_search_offers_the_pokemon_among_the_top_5_only() -> None:
    sentret = {"card": "ex7-75", "energy": ["Water Energy"]}
    deck = ["Water Energy", "Mudkip", "Potion", "Water Energy", "Water Energy", "Torchic"]
    g = game({"active": sentret, "deck": deck}, {"active": WAILORD})
    act(g, "p1", "attack", attack="Friend Search")
    assert pending(g)["options"] == ["Mudkip", "nothing"]  # Torchic is 6th
    act(g, "p1", "choose", option=0)
    assert players(g)["p1"]["hand"] == ["Mudkip"] and players(g)["p1"]["deck_count"] == 5
    check_invariants(g.state)


def test_buffer_leaves_10_hp_on_heads_and_is_knocked_out_on_tails() -> None:
    larvitar = {"card": "ex7-62", "energy": ["Fighting Energy"]}
    g = game({"active": larvitar}, {"active": {"card": "ex7-57", "damage": 10}})
    act(g, "p1", "attack", attack="Fury Attack", coins=[HEADS, HEADS, HEADS, HEADS])
    assert damage(g) == 20 and players(g)["p2"]["active"]["card"] == "Hoppip"  # 10 HP left
    g = game(
        {"active": larvitar}, {"active": {"card": "ex7-57", "damage": 10}, "bench": ["Torchic"]}
    )
    act(g, "p1", "attack", attack="Fury Attack", coins=[HEADS, HEADS, HEADS, TAILS])
    assert players(g)["p2"]["discard"][0] == "Hoppip"
    # not even flipped when the damage would not Knock it Out
    g = game({"active": larvitar}, {"active": "ex7-57"})
    act(g, "p1", "attack", attack="Fury Attack", coins=[HEADS, TAILS, TAILS])
    assert damage(g) == 10


def test_knockout_gas_confuses_and_poisons_the_attacker_on_a_knock_out_only() -> None:
    larvitar = {"card": "ex7-62", "energy": ["Fighting Energy"]}
    g = game(
        {"active": larvitar}, {"active": {"card": "ex7-61", "damage": 30}, "bench": ["Torchic"]}
    )
    act(g, "p1", "attack", attack="Fury Attack", coins=[HEADS, HEADS, TAILS])
    assert players(g)["p1"]["active"]["conditions"] == ["confused", "poisoned"]
    g = game({"active": larvitar}, {"active": {"card": "ex7-61"}, "bench": ["Torchic"]})
    act(g, "p1", "attack", attack="Fury Attack", coins=[HEADS, HEADS, TAILS])
    assert players(g)["p1"]["active"]["conditions"] == []


def test_dark_scale_puts_3_counters_on_the_attacker_on_a_knock_out() -> None:
    magnemite = {"card": "ex7-66", "energy": ["Lightning Energy"]}
    gyarados = {"card": "ex7-36", "under": ["Magikarp"], "damage": 70}
    g = game({"active": magnemite}, {"active": gyarados, "bench": ["Torchic"]})
    act(g, "p1", "attack", attack="Sonicboom")
    assert damage(g, "p1") == 30
    g = game({"active": magnemite}, {"active": {**gyarados, "damage": 0}, "bench": ["Torchic"]})
    act(g, "p1", "attack", attack="Sonicboom")
    assert damage(g, "p1") == 0 and damage(g) == 10


def test_sand_damage_hits_the_opponents_benched_basics_while_active() -> None:
    tyranitar = {"card": "ex7-20", "under": ["ex7-62", "ex7-40"]}
    bench = ["Torchic", {"card": "Marshtomp", "under": ["Mudkip"]}]
    g = game({"active": tyranitar}, {"active": WAILORD, "bench": bench})
    act(g, "p1", "end_turn")
    assert damage(g, where="bench1") == 10 and damage(g, where="bench2") == 0
    g = game({"active": "Mudkip", "bench": [tyranitar]}, {"active": WAILORD, "bench": bench})
    act(g, "p1", "end_turn")
    assert damage(g, where="bench1") == 0  # Benched: its Poké-Body does nothing


def test_methane_leak_adds_a_counter_to_poisoned_pokemon() -> None:
    weezing = {"card": "ex7-42", "under": ["ex7-61"]}
    g = game({"active": weezing}, {"active": {**WAILORD, "conditions": ["poisoned"]}})
    act(g, "p1", "end_turn")
    assert damage(g) == 20
    g = game(
        {"active": "ex7-61", "bench": [weezing]},
        {"active": {**WAILORD, "conditions": ["poisoned"]}},
    )
    act(g, "p1", "end_turn")
    assert damage(g) == 10


def test_dark_healer_needs_darkness_energy() -> None:
    for energy, left in ((["Darkness Energy"], 20), (["Water Energy"], 30)):
        snorlax = {"card": "ex7-104", "damage": 30, "energy": energy}
        g = game({"active": snorlax}, {"active": WAILORD})
        act(g, "p1", "end_turn")
        assert damage(g, "p1") == left


def test_saturation_cures_and_heals_on_a_water_energy_from_the_hand() -> None:
    quagsire = {"card": "ex7-26", "under": ["ex7-81"], "damage": 30, "conditions": ["asleep"]}
    g = game({"active": quagsire, "hand": ["Water Energy"]}, {"active": WAILORD})
    act(g, "p1", "attach", card="Water Energy", target="active")
    assert damage(g, "p1") == 10 and players(g)["p1"]["active"]["conditions"] == []
    g = game({"active": quagsire, "hand": ["Grass Energy"]}, {"active": WAILORD})
    act(g, "p1", "attach", card="Grass Energy", target="active")
    assert damage(g, "p1") == 30 and players(g)["p1"]["active"]["conditions"] == ["asleep"]


def test_froth_paralyzes_after_evolving_the_active_only() -> None:
    g = game({"active": "Marill", "hand": ["ex7-1"]}, {"active": WAILORD})
    act(g, "p1", "evolve", card="Azumarill", target="active")
    act(g, "p1", "use_power", pokemon="active", power="Froth")
    assert players(g)["p2"]["active"]["conditions"] == ["paralyzed"]
    g = game({"active": "Mudkip", "bench": ["Marill"], "hand": ["ex7-1"]}, {"active": WAILORD})
    act(g, "p1", "evolve", card="Azumarill", target="bench1")
    with pytest.raises(IllegalActionError, match=r"ptcg\.power\.requirement"):
        act(g, "p1", "use_power", pokemon="bench1", power="Froth")


# ---------------------------------------------------------------------------- batch 3
LARVITAR = {"card": "ex7-62", "energy": ["Fighting Energy"]}  # a Basic, Fury Attack 10x3
MAGNETON = {"card": "ex7-39", "under": ["Magnemite"], "energy": ["Lightning Energy"] * 2}


def test_crust_and_dense_take_damage_off_by_the_attackers_stage() -> None:
    heracross = {"card": "ex7-43"}
    g = game({"active": LARVITAR}, {"active": heracross})
    act(g, "p1", "attack", attack="Fury Attack", coins=[HEADS, HEADS, HEADS])
    assert damage(g) == 10  # 30 - 20 from a Basic
    g = game({"active": MAGNETON}, {"active": heracross})
    act(g, "p1", "attack", attack="Magnetic Lines")
    assert damage(g) == 20  # an Evolved attacker: all of it
    slowpoke = {"card": "ex7-76"}
    g = game({"active": MAGNETON}, {"active": slowpoke})
    act(g, "p1", "attack", attack="Magnetic Lines")
    assert damage(g) == 10  # 20 - 10 from an Evolved Pokémon
    g = game({"active": LARVITAR}, {"active": slowpoke})
    act(g, "p1", "attack", attack="Fury Attack", coins=[HEADS, TAILS, TAILS])
    assert damage(g) == 10


def test_powder_protection_and_holy_shield_by_the_attackers_name() -> None:
    ledian = {"card": "ex7-23", "under": ["Ledyba"]}
    hitmonchan = {"card": "ex7-98", "energy": ["Fighting Energy"] * 3}
    g = game({"active": hitmonchan}, {"active": ledian})
    act(g, "p1", "attack", attack="Magnum Punch")
    assert damage(g) == 20  # 60 - 40: Rocket's is an owner
    g = game({"active": LARVITAR}, {"active": ledian})
    act(g, "p1", "attack", attack="Fury Attack", coins=[HEADS, TAILS, TAILS])
    assert damage(g) == 10
    togetic = {"card": "ex7-14", "under": ["Togepi"]}
    houndoom = {**DARK_HOUNDOOM, "energy": ["Fire Energy"] * 3}
    g = game({"active": houndoom}, {"active": togetic}, settings=ALLOW)
    act(g, "p1", "attack", attack="Fire Payback")
    assert damage(g) == 0  # a Dark Pokémon: nothing at all
    marowak = {"card": "ex7-7", "under": ["Cubone"], "energy": ["Fighting Energy"] * 2}
    g = game({"active": marowak}, {"active": togetic}, settings=ALLOW)
    act(g, "p1", "attack", attack="Brick Smash")
    assert damage(g) == 30  # Brick Smash: not changed by Poké-Bodies
    magnemite = {"card": "ex7-66", "energy": ["Lightning Energy"]}
    g = game({"active": magnemite}, {"active": togetic}, settings=ALLOW)
    act(g, "p1", "attack", attack="Sonicboom")
    assert damage(g) == 10  # not a Dark Pokémon


def test_darkness_guard_needs_darkness_energy() -> None:
    for energy, taken in ((["Darkness Energy"], 0), (["Lightning Energy"], 10)):
        zapdos = {"card": "ex7-106", "energy": energy}
        g = game({"active": LARVITAR}, {"active": zapdos})
        act(g, "p1", "attack", attack="Fury Attack", coins=[HEADS, TAILS, TAILS])
        assert damage(g) == taken


def test_dark_lift_and_scramble_make_the_retreat_free() -> None:
    g = game({"active": {"card": "ex7-60", "energy": ["Darkness Energy"]}}, {"active": WAILORD})
    assert players(g)["p1"]["active"]["retreat"] == 0
    g = game({"active": {"card": "ex7-60", "energy": ["Fire Energy"]}}, {"active": WAILORD})
    assert players(g)["p1"]["active"]["retreat"] == 1
    g = game({"active": "ex7-71"}, {"active": "ex7-98"})
    assert players(g)["p1"]["active"]["retreat"] == 0  # the opponent's Active is ex
    g = game({"active": "ex7-71"}, {"active": WAILORD})
    assert players(g)["p1"]["active"]["retreat"] == 1


def test_dual_armor_adds_grass_with_grass_energy() -> None:
    for energy, taken in ((["Grass Energy"], 20), (["Water Energy"], 10)):
        scyther = {"card": "ex7-102", "energy": energy}
        g = game({"active": scyther}, {"active": "ex4-9"})  # Groudon: Weakness Grass
        act(g, "p1", "attack", attack="Bounce")
        if view(g).get("pending"):
            act(g, "p1", "choose", option=0)
        assert damage(g) == taken


def test_dark_fire_adds_20_for_a_fire_or_darkness_energy_discarded() -> None:
    houndoom = {"card": "ex7-5", "under": ["ex7-59"]}
    energy = ["Fire Energy", "Water Energy", "Water Energy"]
    g = game({"active": {**houndoom, "energy": energy}}, {"active": WAILORD})
    act(g, "p1", "attack", attack="Dark Fire", card="ex1-108")  # Fire Energy
    assert damage(g) == 60 and players(g)["p1"]["discard"] == ["Fire Energy"]
    g = game({"active": {**houndoom, "energy": energy}}, {"active": WAILORD})
    with pytest.raises(IllegalActionError, match=r"ptcg\.card\.wrong-kind"):
        act(g, "p1", "attack", attack="Dark Fire", card="ex1-106")  # Water Energy
    act(g, "p1", "attack", attack="Dark Fire")
    assert damage(g) == 40


def test_sheer_cold_stops_the_defending_pokemon_attacking_on_heads() -> None:
    piloswine = {"card": "ex7-13", "under": ["Swinub"], "energy": ["Fighting Energy"] * 2}
    foe = {"card": "ex7-62", "energy": ["Fighting Energy"]}
    g = game({"active": piloswine}, {"active": foe}, settings=ALLOW)  # (Tonnage: by hand)
    act(g, "p1", "attack", attack="Sheer Cold", coins=[HEADS])
    with pytest.raises(IllegalActionError, match=r"ptcg\.attack\.effect"):
        act(g, "p2", "attack", attack="Fury Attack")
    g = game({"active": piloswine}, {"active": foe}, settings=ALLOW)
    act(g, "p1", "attack", attack="Sheer Cold", coins=[TAILS])
    act(g, "p2", "attack", attack="Fury Attack", coins=[TAILS, TAILS, TAILS])


@pytest.mark.parametrize(
    ("coins", "left"),
    [
        ([HEADS, TAILS, TAILS], 30 + 40),
        ([HEADS, HEADS, TAILS], 30 - 10),
        ([HEADS, HEADS, HEADS], 30 + 100),
        ([TAILS, TAILS, TAILS], 0),
    ],
)
def test_souvenir_by_the_number_of_heads(coins: list[int], left: int) -> None:
    delibird = {"card": "ex7-21", "energy": ["Water Energy"] * 2}
    g = game({"active": delibird}, {"active": {**WAILORD, "damage": 30}, "bench": ["Torchic"]})
    act(g, "p1", "attack", attack="Souvenir", coins=coins)
    if left >= 120:
        assert players(g)["p2"]["discard"][0] == "Wailmer"  # Knocked Out
    else:
        assert damage(g) == left


def test_aqua_trick_moves_an_energy_to_the_bench_only() -> None:
    seadra = {"card": "ex7-48", "under": ["Horsea"], "energy": ["Water Energy"] * 3}
    foe = {**WAILORD, "energy": ["Darkness Energy"]}
    g = game({"active": seadra}, {"active": foe, "bench": ["Torchic"]})
    act(g, "p1", "attack", attack="Aqua Trick")
    assert pending(g)["options"] == ["Darkness Energy to Torchic (bench1)"]
    act(g, "p1", "choose", option=0)
    assert players(g)["p2"]["bench"][0]["energy"] == ["Darkness Energy"]
    g = game({"active": seadra}, {"active": foe})
    act(g, "p1", "attack", attack="Aqua Trick")
    assert view(g).get("pending") is None
    assert players(g)["p2"]["active"]["energy"] == ["Darkness Energy"]


def test_darkness_switch_swaps_damage_counters_after_a_discard() -> None:
    mewtwo = {"card": "ex7-99", "energy": ["Psychic Energy"], "damage": 60}
    g = game({"active": mewtwo}, {"active": {**WAILORD, "damage": 10}})
    act(g, "p1", "attack", attack="Darkness Switch")
    assert damage(g, "p1") == 10 and damage(g) == 60
    assert players(g)["p1"]["active"]["energy"] == []


def test_raging_thunder_hits_one_of_the_players_own_pokemon() -> None:
    zapdos = {"card": "ex7-106", "energy": ["Lightning Energy"] * 3}
    g = game({"active": zapdos, "bench": ["Mudkip"]}, {"active": WAILORD})
    act(g, "p1", "attack", attack="Raging Thunder")
    assert pending(g)["options"] == ["Rocket's Zapdos ex (active)", "Mudkip (bench1)"]
    act(g, "p1", "choose", option=1)
    assert damage(g) == 60 and damage(g, "p1", "bench1") == 30


def test_gift_exchange_and_dark_spell_work_while_active() -> None:
    delibird = {"card": "ex7-21"}
    g = game({"active": delibird, "hand": ["Potion"], "deck": ["Mudkip"]}, {"active": WAILORD})
    act(g, "p1", "use_power", pokemon="active", power="Gift Exchange")
    act(g, "p1", "choose", option=0)
    assert players(g)["p1"]["hand_count"] == 1 and players(g)["p1"]["deck_count"] == 1
    g = game({"active": "Mudkip", "bench": [delibird], "hand": ["Potion"]}, {"active": WAILORD})
    with pytest.raises(IllegalActionError, match=r"ptcg\.power\.requirement"):
        act(g, "p1", "use_power", pokemon="bench1", power="Gift Exchange")
    g = game({"active": "ex7-25"}, {"active": WAILORD, "bench": ["Torchic"]})
    act(g, "p1", "use_power", pokemon="active", power="Dark Spell", coins=[HEADS])
    act(g, "p1", "choose", option=1)
    assert damage(g, where="bench1") == 10
    g = game({"active": "ex7-25"}, {"active": WAILORD})
    act(g, "p1", "use_power", pokemon="active", power="Dark Spell", coins=[TAILS])
    assert view(g).get("pending") is None and damage(g) == 0


def test_ripples_heals_another_pokemon_not_itself() -> None:
    mantine = {"card": "ex7-45", "damage": 20}
    g = game({"active": mantine, "bench": [{"card": "Mudkip", "damage": 20}]}, {"active": WAILORD})
    act(g, "p1", "use_power", pokemon="active", power="Ripples")
    assert pending(g)["options"] == ["Mudkip (bench1)"]
    act(g, "p1", "choose", option=0)
    assert damage(g, "p1", "bench1") == 10 and damage(g, "p1") == 20
    g = game({"active": mantine, "bench": ["Mudkip"]}, {"active": WAILORD})
    with pytest.raises(IllegalActionError, match=r"ptcg\.power\.requirement"):
        act(g, "p1", "use_power", pokemon="active", power="Ripples")


def test_copycat_draws_as_many_as_the_opponent_holds() -> None:
    deck = ["Water Energy"] * 8
    g = game(
        {"active": "Mudkip", "hand": ["ex7-83", "Potion"], "deck": deck},
        {"active": WAILORD, "hand": ["Fire Energy"] * 5},
    )
    act(g, "p1", "play_trainer", card="Copycat")
    assert players(g)["p1"]["hand_count"] == 5 and players(g)["p1"]["deck_count"] == 8 + 1 - 5


def test_venture_bomb_hits_the_opponent_on_heads_and_the_player_on_tails() -> None:
    g = game({"active": "Mudkip", "hand": ["ex7-93"]}, {"active": WAILORD})
    act(g, "p1", "play_trainer", card="Venture Bomb", coins=[HEADS])
    act(g, "p1", "choose", option=0)
    assert damage(g) == 10 and damage(g, "p1") == 0
    g = game({"active": "Mudkip", "hand": ["ex7-93"]}, {"active": WAILORD})
    act(g, "p1", "play_trainer", card="Venture Bomb", coins=[TAILS])
    act(g, "p1", "choose", option=0)
    assert damage(g) == 0 and damage(g, "p1") == 10


# ---------------------------------------------------------------------------- batch 4
def test_hyper_whirlpool_discards_an_energy_per_heads() -> None:
    kingdra = {"card": "ex7-12", "under": ["Horsea", "ex7-48"], "energy": ["Water Energy"] * 2}
    foe = {**WAILORD, "energy": ["Water Energy", "Darkness Energy", "Water Energy"]}
    g = game({"active": kingdra}, {"active": foe})
    act(g, "p1", "attack", attack="Hyper Whirlpool", coins=[HEADS, HEADS, TAILS])
    act(g, "p1", "choose", option=1)  # Darkness Energy
    act(g, "p1", "choose", option=0)
    assert players(g)["p2"]["active"]["energy"] == ["Water Energy"]
    g = game({"active": kingdra}, {"active": foe})
    act(g, "p1", "attack", attack="Hyper Whirlpool", coins=[TAILS])
    assert view(g).get("pending") is None and len(players(g)["p2"]["active"]["energy"]) == 3


def test_dragon_veil_and_dark_condition_take_weakness_away() -> None:
    magneton = {"card": "ex7-39", "under": ["Magnemite"], "energy": ["Lightning Energy"] * 2}
    kingdra = {"card": "ex7-12", "under": ["Horsea", "ex7-48"]}
    g = game({"active": magneton}, {"active": WAILORD, "bench": [kingdra]})
    act(g, "p1", "attack", attack="Magnetic Lines")
    assert damage(g) == 20  # Dragon Veil: Wailord has no Weakness to Lightning now
    g = game({"active": magneton}, {"active": WAILORD, "bench": ["Torchic"]})
    act(g, "p1", "attack", attack="Magnetic Lines")
    assert damage(g) == 40
    seadra = {"card": "ex7-48", "under": ["Horsea"], "energy": ["Water Energy"] * 2}
    for energy, taken in ((["Darkness Energy"], 10), (["Fire Energy"], 20)):
        entei = {"card": "ex7-97", "energy": energy}  # Weakness Water
        g = game({"active": seadra}, {"active": entei})
        act(g, "p1", "attack", attack="Confuse Ray")
        assert damage(g) == taken


def test_tonnage_is_the_players_choice() -> None:
    piloswine = {"card": "ex7-13", "under": ["Swinub"], "energy": ["Fighting Energy"] * 4}
    g = game({"active": piloswine}, {"active": WAILORD})
    act(g, "p1", "attack", attack="Tonnage")
    act(g, "p1", "choose", option=1)
    assert damage(g) == 100 and damage(g, "p1") == 30
    g = game({"active": piloswine}, {"active": WAILORD})
    act(g, "p1", "attack", attack="Tonnage")
    act(g, "p1", "choose", option=0)
    assert damage(g) == 60 and damage(g, "p1") == 0


def test_dark_seed_blocks_retreat_and_puts_5_counters_at_the_end_of_the_next_turn() -> None:
    raticate = {"card": "ex7-17", "under": ["ex7-72"], "energy": ["Darkness Energy"]}
    g = game({"active": raticate}, {"active": WAILORD, "bench": ["Torchic"]})
    act(g, "p1", "attack", attack="Dark Seed")
    assert damage(g) == 0
    with pytest.raises(IllegalActionError, match=r"ptcg\.retreat\.blocked"):
        act(g, "p2", "retreat", target="bench1")
    act(g, "p2", "end_turn")
    assert damage(g) == 50
    g = game({"active": raticate}, {"active": WAILORD, "hand": ["ex1-14"], "bench": ["Torchic"]})
    act(g, "p1", "attack", attack="Dark Seed")
    act(g, "p2", "end_turn")
    assert damage(g) == 50  # (Wailord's own card could not evolve: the effect stayed)


def test_cold_crush_discards_the_defending_energy_only_after_its_own() -> None:
    golduck = {"card": "ex7-35", "under": ["Psyduck"], "energy": ["Water Energy"] * 3}
    foe = {**WAILORD, "energy": ["Water Energy"]}
    g = game({"active": golduck}, {"active": foe})
    act(g, "p1", "attack", attack="Cold Crush")
    act(g, "p1", "choose", option=0)
    act(g, "p1", "choose", option=0)
    assert players(g)["p2"]["active"]["energy"] == []
    assert len(players(g)["p1"]["active"]["energy"]) == 2
    g = game({"active": golduck}, {"active": foe})
    act(g, "p1", "attack", attack="Cold Crush")
    act(g, "p1", "choose", option=1)  # none
    assert players(g)["p2"]["active"]["energy"] == ["Water Energy"]


def test_dump_and_draw_draws_2_per_energy_discarded() -> None:
    magmar = {"card": "ex7-44", "energy": ["Fire Energy"]}
    hand = ["Fire Energy", "Water Energy", "Potion"]
    g = game({"active": magmar, "hand": hand, "deck": ["Potion"] * 6}, {"active": WAILORD})
    act(g, "p1", "attack", attack="Dump and Draw")
    act(g, "p1", "choose", option=0)
    act(g, "p1", "choose", option=0)
    assert players(g)["p1"]["hand_count"] == 1 + 4
    g = game({"active": magmar, "hand": ["Potion"]}, {"active": WAILORD})
    act(g, "p1", "attack", attack="Dump and Draw")  # no Energy in the hand: nothing asked
    assert view(g).get("pending") is None and players(g)["p1"]["hand_count"] == 1


def test_rotating_claws_swaps_an_energy_with_the_discard_pile() -> None:
    scizor = {"card": "ex7-101", "under": ["ex7-102"], "energy": ["Water Energy"] * 3}
    g = game({"active": scizor, "discard": ["Metal Energy"]}, {"active": WAILORD})
    act(g, "p1", "attack", attack="Rotating Claws")
    act(g, "p1", "choose", option=0)
    assert pending(g)["options"] == ["Metal Energy"]  # not the Water Energy just discarded
    act(g, "p1", "choose", option=0)
    assert sorted(players(g)["p1"]["active"]["energy"]) == [
        "Metal Energy",
        "Water Energy",
        "Water Energy",
    ]
    g = game({"active": scizor}, {"active": WAILORD})
    act(g, "p1", "attack", attack="Rotating Claws")
    act(g, "p1", "choose", option=0)  # discarded; nothing else in the discard pile
    assert view(g).get("pending") is None and len(players(g)["p1"]["active"]["energy"]) == 2


def test_darkness_veil_and_dark_and_clear_need_darkness_energy() -> None:
    weezing_smog = {"card": "ex7-42", "under": ["ex7-61"], "energy": ["Grass Energy"]}
    for energy, conditions in ((["Darkness Energy"], []), (["Water Energy"], ["poisoned"])):
        for card in ("ex7-96", "ex7-105"):
            g = game({"active": weezing_smog}, {"active": {"card": card, "energy": energy}})
            act(g, "p1", "attack", attack="Smog")
            assert players(g)["p2"]["active"]["conditions"] == conditions, card


def test_spiny_puts_a_counter_per_heads_on_the_attacker() -> None:
    larvitar = {"card": "ex7-62", "energy": ["Fighting Energy"]}
    g = game({"active": larvitar}, {"active": "ex7-27"})
    act(g, "p1", "attack", attack="Fury Attack", coins=[HEADS, TAILS, TAILS, HEADS, HEADS, TAILS])
    assert damage(g, "p1") == 20
    g = game({"active": larvitar}, {"active": "ex7-27"})
    act(g, "p1", "attack", attack="Fury Attack", coins=[TAILS, TAILS, TAILS])  # no damage
    assert damage(g, "p1") == 0


def test_sticky_goo_makes_the_opponents_active_retreat_for_2_more() -> None:
    muk = {"card": "ex7-16", "under": ["ex7-56"]}
    mudkip = {"card": "Mudkip", "energy": ["Water Energy"] * 2}
    g = game({"active": mudkip, "bench": ["Treecko"]}, {"active": muk})
    assert players(g)["p1"]["active"]["retreat"] == 3
    with pytest.raises(IllegalActionError, match=r"ptcg\.retreat\.cost"):
        act(g, "p1", "retreat", target="bench1")
    g = game({"active": mudkip, "bench": ["Treecko"]}, {"active": WAILORD, "bench": [muk]})
    act(g, "p1", "retreat", target="bench1")  # Benched Dark Muk: the usual 1


def test_darkest_impulse_hits_a_pokemon_evolved_from_the_hand() -> None:
    ampharos = {"card": "ex7-2", "under": ["ex7-67", "ex7-33"]}
    p2 = {"active": "Mudkip", "hand": ["Marshtomp"]}
    g = game({"active": WAILORD, "bench": [ampharos]}, p2, current="p2", turn=4)
    act(g, "p2", "evolve", card="Marshtomp", target="active")
    assert damage(g, "p2") == 20
    # the player's own Dark Ampharos does nothing to their own Pokémon
    g = game({"active": WAILORD}, {**p2, "bench": [ampharos]}, current="p2", turn=4)
    act(g, "p2", "evolve", card="Marshtomp", target="active")
    assert damage(g, "p2") == 0


def test_rockets_admin_lets_each_player_draw_up_to_their_prizes() -> None:
    g = game(
        {"active": "Mudkip", "hand": ["ex7-86", "Potion"], "prizes": ["Water Energy"] * 3},
        {"active": WAILORD, "hand": ["Fire Energy"] * 4, "prizes": ["Fire Energy"] * 2},
    )
    act(g, "p1", "play_trainer", card="Rocket's Admin.")
    assert pending(g)["player"] == "p1" and pending(g)["options"] == ["0", "1", "2", "3"]
    act(g, "p1", "choose", option=3)
    assert pending(g)["player"] == "p2"
    act(g, "p2", "choose", option=1)
    assert players(g)["p1"]["hand_count"] == 3 and players(g)["p2"]["hand_count"] == 1
    check_invariants(g.state)


# ---------------------------------------------------------------------------- batch 5
def test_litter_adds_30_per_tool_or_secret_machine_discarded() -> None:
    slowking = {"card": "ex7-9", "under": ["Slowpoke"], "energy": ["Psychic Energy"] * 2}
    hand = ["ex7-84", "Lum Berry", "ex7-84", "Potion"]
    g = game({"active": slowking, "hand": hand}, {"active": WAILORD})
    act(g, "p1", "attack", attack="Litter")
    assert pending(g)["options"] == ["Lum Berry", "Pokémon Retriever", "no more"]
    act(g, "p1", "choose", option=1)
    act(g, "p1", "choose", option=1)
    assert damage(g) == 20 + 60 and players(g)["p1"]["hand_count"] == 2
    g = game({"active": slowking, "hand": ["Potion"]}, {"active": WAILORD})
    act(g, "p1", "attack", attack="Litter")
    assert view(g).get("pending") is None and damage(g) == 20


def test_cunning_shows_the_top_card_and_may_shuffle() -> None:
    slowking = {"card": "ex7-9", "under": ["Slowpoke"]}
    deck = ["Potion", "Fire Energy", "Switch", "Grass Energy"]
    g = game({"active": slowking}, {"active": WAILORD, "deck": deck})
    act(g, "p1", "use_power", pokemon="active", power="Cunning")
    assert pending(g)["options"] == ["shuffle the deck (Potion on top)", "leave Potion on top"]
    events = act(g, "p1", "choose", option=0)
    assert any(e.type == "shuffle" and e.data["p"] == "p2" for e in events)
    g = game({"active": slowking}, {"active": WAILORD, "deck": deck})
    act(g, "p1", "use_power", pokemon="active", power="Cunning")
    events = act(g, "p1", "choose", option=1)
    assert not any(e.type == "shuffle" for e in events)
    g = game({"active": slowking}, {"active": WAILORD, "deck": []})
    with pytest.raises(IllegalActionError, match=r"ptcg\.power\.requirement"):
        act(g, "p1", "use_power", pokemon="active", power="Cunning")


def test_energy_bomb_moves_every_energy_to_the_bench_as_picked() -> None:
    electrode = {"card": "ex7-4", "under": ["ex7-80"], "energy": ["Lightning Energy"] * 2}
    g = game({"active": electrode, "bench": ["Mudkip", "Treecko"]}, {"active": WAILORD})
    act(g, "p1", "attack", attack="Energy Bomb")
    act(g, "p1", "choose", option=0)
    act(g, "p1", "choose", option=0)
    act(g, "p1", "choose", option=1)
    bench = players(g)["p1"]["bench"]
    assert bench[0]["energy"] == ["Lightning Energy"] == bench[1]["energy"]
    assert players(g)["p1"]["active"]["energy"] == []
    g = game({"active": electrode, "bench": ["Mudkip"]}, {"active": WAILORD})
    act(g, "p1", "attack", attack="Energy Bomb")
    act(g, "p1", "choose", option=1)  # keep them
    assert len(players(g)["p1"]["active"]["energy"]) == 2


def test_darkness_navigation_needs_no_energy_attached() -> None:
    electrode = {"card": "ex7-4", "under": ["ex7-80"]}
    deck = ["Dark Metal Energy", "Lightning Energy"]
    g = game({"active": electrode, "deck": deck}, {"active": WAILORD})
    act(g, "p1", "use_power", pokemon="active", power="Darkness Navigation")
    assert pending(g)["options"] == ["Dark Metal Energy", "nothing"]
    act(g, "p1", "choose", option=0)
    assert players(g)["p1"]["active"]["energy"] == ["Dark Metal Energy"]
    g = game(
        {"active": {**electrode, "energy": ["Lightning Energy"]}, "deck": deck}, {"active": WAILORD}
    )
    with pytest.raises(IllegalActionError, match=r"ptcg\.power\.requirement"):
        act(g, "p1", "use_power", pokemon="active", power="Darkness Navigation")


# ---------------------------------------------------------------------------- copied attacks
def test_dark_link_copies_another_dark_pokemons_attack_on_heads() -> None:
    hypno = {"card": "ex7-6", "under": ["Drowzee"], "energy": ["Psychic Energy"]}
    bench = [{"card": "ex7-37", "under": ["ex7-59"]}, "Mudkip"]
    g = game({"active": hypno, "bench": bench}, {"active": WAILORD})
    offers = [a.params for a in g.legal_actions("p1").list() if a.kind == "attack"]
    assert {"attack": "Dark Link", "copy": "ex7-37:Fire Payback"} in offers
    assert not any(str(o.get("copy", "")).startswith("ex1-") for o in offers)  # not Mudkip's
    act(g, "p1", "attack", attack="Dark Link", copy="ex7-37:Fire Payback", coins=[HEADS])
    assert damage(g) == 40  # no Energy cost paid, Fire Payback's own damage
    g = game({"active": hypno, "bench": bench}, {"active": WAILORD})
    act(g, "p1", "attack", attack="Dark Link", copy="ex7-37:Fire Payback", coins=[TAILS])
    assert damage(g) == 0
    g = game({"active": hypno, "bench": bench}, {"active": WAILORD})
    with pytest.raises(IllegalActionError, match=r"ptcg\.attack\.known"):
        act(g, "p1", "attack", attack="Dark Link", copy="ex1-14:Water Gun")


def test_mini_metronome_and_rainbow_moves_copy_the_opponents_attacks() -> None:
    togepi = {"card": "ex7-50", "energy": ["Water Energy"] * 2}
    larvitar = {"card": "ex7-62", "energy": ["Fighting Energy"]}
    g = game({"active": togepi}, {"active": larvitar})
    act(
        g,
        "p1",
        "attack",
        attack="Mini-Metronome",
        copy="ex7-62:Fury Attack",
        coins=[HEADS, HEADS, HEADS, TAILS],
    )
    assert damage(g) == 20
    togetic = {"card": "ex7-14", "under": ["ex7-50"], "energy": ["Water Energy"] * 3}
    g = game({"active": togetic}, {"active": WAILORD, "bench": [larvitar]})
    act(
        g,
        "p1",
        "attack",
        attack="Rainbow Moves",
        copy="ex7-62:Fury Attack",
        coins=[HEADS, TAILS, TAILS],
    )
    assert damage(g) == 10
    g = game({"active": togetic}, {"active": WAILORD})  # no Benched Pokémon: nothing to copy
    act(g, "p1", "attack", attack="Rainbow Moves")
    assert damage(g) == 0


# ---------------------------------------------------------------------------- batch 6
FURRET = {"card": "ex7-22", "under": ["ex7-75"], "energy": ["Water Energy"] * 2}


def test_quick_change_puts_cards_back_and_takes_as_many_from_the_deck() -> None:
    g = game(
        {"active": FURRET, "hand": ["Potion", "Switch"], "deck": ["Mudkip", "Torchic"]},
        {"active": WAILORD},
    )
    act(g, "p1", "attack", attack="Quick Change")
    act(g, "p1", "choose", option=0)  # Potion onto the deck
    act(g, "p1", "choose", option=1)  # done
    options = pending(g)["options"]
    act(g, "p1", "choose", option=options.index("Torchic"))
    p1 = players(g)["p1"]
    assert sorted(p1["hand"]) == ["Switch", "Torchic"] and p1["deck_count"] == 2
    check_invariants(g.state)
    g = game({"active": FURRET, "hand": [], "deck": ["Mudkip"]}, {"active": WAILORD})
    act(g, "p1", "attack", attack="Quick Change")  # an empty hand: nothing asked
    assert view(g).get("pending") is None and players(g)["p1"]["hand_count"] == 0


def test_quick_tail_smash_may_gamble_for_80() -> None:
    for option, coins, taken in ((0, [], 30), (1, [HEADS], 80), (1, [TAILS], 0)):
        g = game({"active": FURRET}, {"active": WAILORD})
        act(g, "p1", "attack", attack="Quick Tail Smash")
        act(g, "p1", "choose", option=option, coins=coins)
        assert damage(g) == taken


def test_pow_hand_extension_needs_more_prizes_and_does_either_effect() -> None:
    foe = {**WAILORD, "energy": ["Water Energy"]}
    p2 = {"active": foe, "bench": ["Torchic"], "prizes": ["Fire Energy"] * 2}
    g = game({"active": "Mudkip", "hand": ["ex7-85"]}, p2)
    act(g, "p1", "play_trainer", card="Pow! Hand Extension")
    act(g, "p1", "choose", option=1)  # move an Energy card
    act(g, "p1", "choose", option=0)
    assert players(g)["p2"]["bench"][0]["energy"] == ["Water Energy"]
    g = game({"active": "Mudkip", "hand": ["ex7-85"]}, p2)
    act(g, "p1", "play_trainer", card="Pow! Hand Extension")
    act(g, "p1", "choose", option=0)  # switch
    act(g, "p1", "choose", option=0)
    assert players(g)["p2"]["active"]["card"] == "Torchic"
    g = game({"active": "Mudkip", "hand": ["ex7-85"]}, {**p2, "prizes": ["Fire Energy"] * 6})
    with pytest.raises(IllegalActionError, match=r"ptcg\.trainer\.condition"):
        act(g, "p1", "play_trainer", card="Pow! Hand Extension")


def test_a_deck_holds_at_most_one_pokemon_star() -> None:
    from turnkeeper.core.game import Game
    from turnkeeper.rulesets.ptcg import RULESET

    base = ["ex7-62"] * 4 + ["ex1-105"] * 54  # Larvitar, Fighting Energy: 58 cards
    one_star = [*base, "ex7-107", "ex1-105"]
    with pytest.raises(SetupError, match="Pokémon ★"):
        Game(RULESET, {"decks": [[*base, "ex7-107", "ex7-108"], one_star]}, seed=0)
    Game(RULESET, {"decks": [one_star, one_star]}, seed=0)


# ---------------------------------------------------------------------------- Magby
MAGBY = {"card": "ex7-24", "energy": ["Fire Energy"]}


def test_detour_uses_the_effect_of_the_supporter_the_player_has_in_play() -> None:
    deck = ["Fire Energy", "Grass Energy", "Water Energy", "Lightning Energy"]
    g = game({"active": MAGBY, "hand": ["Lady Outing"], "deck": deck}, {"active": WAILORD})
    act(g, "p1", "play_trainer", card="Lady Outing")
    while view(g)["phase"] == "choice":  # Lady Outing: the first three types found
        act(g, "p1", "choose", option=0)
    assert len(players(g)["p1"]["hand"]) == 3
    act(g, "p1", "attack", attack="Detour")
    assert view(g)["pending"]["options"] == ["Lady Outing"]
    act(g, "p1", "choose", option=0)
    while view(g)["phase"] == "choice":  # the same search again, as the attack's effect
        act(g, "p1", "choose", option=0)
    assert view(g)["current"] == "p2"
    assert len(players(g)["p1"]["hand"]) == 4
    assert players(g)["p1"]["discard"] == ["Lady Outing"]  # discarded as the turn ended
    check_invariants(g.state)


def test_detour_without_a_supporter_in_play_does_nothing() -> None:
    g = game({"active": MAGBY, "hand": ["Lady Outing"]}, {"active": WAILORD})
    events = act(g, "p1", "attack", attack="Detour")
    assert "ask" not in [e.type for e in events] and view(g)["current"] == "p2"
    assert players(g)["p1"]["hand"] == ["Lady Outing"]


def test_magbys_baby_evolution_puts_magmar_on_it_and_heals_it() -> None:
    g = game({"active": {**MAGBY, "damage": 20}, "hand": ["ex7-44"]}, {"active": WAILORD})
    act(g, "p1", "use_power", power="Baby Evolution", pokemon="active")
    active = view(g)["players"]["p1"]["active"]
    assert (active["card"], active["damage"]) == ("Magmar", 0)
    g = game({"active": MAGBY, "hand": ["Lady Outing"]}, {"active": WAILORD})
    with pytest.raises(IllegalActionError, match="Magmar"):
        act(g, "p1", "use_power", power="Baby Evolution", pokemon="active")


# ---------------------------------------------------------------------------- Rocket's Tricky Gym
TRICKY_GYM = {"card": "ex7-90", "owner": "p2"}
MEOWTH = {"card": "ex7-46", "energy": ["Water Energy"]}  # Rocket's Meowth


def _attacks(g: Any, seat: str = "p1") -> set[str]:
    return {a.params["attack"] for a in RULESET.legal_actions(g.state, seat) if a.kind == "attack"}


def test_tricky_gym_lends_feint_attack_to_dark_and_rockets_pokemon_only() -> None:
    g = game({"active": MEOWTH}, {"active": WAILORD, "bench": ["Makuhita"]}, stadium=TRICKY_GYM)
    assert "Feint Attack" in _attacks(g)
    act(g, "p1", "attack", attack="Feint Attack", target="bench1")
    assert players(g)["p2"]["bench"][0]["damage"] == 20
    check_invariants(g.state)
    mudkip = {"card": "Mudkip", "energy": ["Water Energy"]}
    g = game({"active": mudkip}, {"active": WAILORD}, stadium=TRICKY_GYM)
    assert "Feint Attack" not in _attacks(g)
    with pytest.raises(IllegalActionError, match=r"ptcg\.attack\.known"):
        act(g, "p1", "attack", attack="Feint Attack", target="active")
    # without the Stadium, Rocket's Meowth has only its own attacks
    g = game({"active": MEOWTH}, {"active": WAILORD})
    assert "Feint Attack" not in _attacks(g)


def test_feint_attack_ignores_weakness_and_effects_on_the_target() -> None:
    # Misdreavus is weak to Darkness, Rocket's Meowth a Darkness Pokémon: still 20
    g = game({"active": MEOWTH}, {"active": "ex7-25"}, stadium=TRICKY_GYM)  # Misdreavus
    act(g, "p1", "attack", attack="Feint Attack", target="active")
    assert players(g)["p2"]["active"]["damage"] == 20


# ---------------------------------------------------------------- Rocket's Secret Machines
def test_swoop_teleporter_swaps_a_basic_for_one_of_the_deck_keeping_everything() -> None:
    mudkip = {"card": "Mudkip", "energy": ["Water Energy"], "damage": 20}
    deck = ["Treecko", "Rocket's Articuno ex", "Water Energy"]
    g = game({"active": mudkip, "hand": ["ex7-92"], "deck": deck}, {"active": WAILORD})
    act(g, "p1", "play_trainer", card="ex7-92")
    assert pending(g)["options"] == ["Mudkip (active)"]
    act(g, "p1", "choose", option=0)
    assert pending(g)["options"] == ["Treecko"]  # a Basic, not a Pokémon-ex
    events = act(g, "p1", "choose", option=0)
    active = players(g)["p1"]["active"]
    assert (active["card"], active["energy"], active["damage"]) == (
        "Treecko",
        ["Water Energy"],
        20,
    )
    assert "Mudkip" in players(g)["p1"]["discard"]
    assert any(e.type == "shuffle" for e in events)
    check_invariants(g.state)
    # only a Basic Pokémon (not ex) in play can be swapped out
    g = game({"active": SWAMPERT, "hand": ["ex7-92"], "deck": deck}, {"active": WAILORD})
    with pytest.raises(IllegalActionError, match=r"ptcg\.trainer\.condition"):
        act(g, "p1", "play_trainer", card="ex7-92")


def test_surprise_time_machine_devolves_then_evolves_from_the_deck() -> None:
    deck = ["ex1-23", "Water Energy"]  # another Swampert
    g = game({"active": SWAMPERT, "hand": ["ex7-91"], "deck": deck}, {"active": WAILORD})
    act(g, "p1", "play_trainer", card="ex7-91")
    act(g, "p1", "choose", option=0)  # Swampert devolves: the card goes into the deck
    assert players(g)["p1"]["active"]["card"] == "Marshtomp"
    assert pending(g)["options"] == ["Swampert", "nothing"]
    events = act(g, "p1", "choose", option=0)
    assert players(g)["p1"]["active"]["card"] == "Swampert"
    assert [e.type for e in events if e.type in ("evolve", "shuffle")] == ["evolve", "shuffle"]
    check_invariants(g.state)
    # declining the evolution leaves it devolved
    g = game({"active": SWAMPERT, "hand": ["ex7-91"], "deck": deck}, {"active": WAILORD})
    act(g, "p1", "play_trainer", card="ex7-91")
    act(g, "p1", "choose", option=0)
    act(g, "p1", "choose", option=1)
    assert players(g)["p1"]["active"]["card"] == "Marshtomp"
    # no Evolved Pokémon in play: refused
    g = game({"active": "Mudkip", "hand": ["ex7-91"], "deck": deck}, {"active": WAILORD})
    with pytest.raises(IllegalActionError, match=r"ptcg\.trainer\.condition"):
        act(g, "p1", "play_trainer", card="ex7-91")


def test_surprise_time_machine_does_not_evolve_a_pokemon_knocked_out_by_devolving() -> None:
    hurt = {**SWAMPERT, "damage": 90}  # Marshtomp has 80 HP
    deck = ["ex1-23"]
    g = game({"active": hurt, "hand": ["ex7-91"], "deck": deck, "bench": ["Mudkip"]},
             {"active": WAILORD})
    act(g, "p1", "play_trainer", card="ex7-91")
    act(g, "p1", "choose", option=0)
    assert view(g)["phase"] != "choice"  # no Evolution card asked for
    assert "Marshtomp" in players(g)["p1"]["discard"]  # Knocked Out


# ---------------------------------------------------------------- Here Comes Team Rocket!
def test_here_comes_team_rocket_turns_every_prize_card_face_up() -> None:
    g = game({"active": "Mudkip", "hand": ["ex7-111"]}, {"active": WAILORD})
    assert "prizes" not in RULESET.view(g.state, "p2")["players"]["p1"]
    act(g, "p1", "play_trainer", card="ex7-111")
    for seat in ("p1", "p2"):
        seen = RULESET.view(g.state, seat)["players"]
        assert seen["p1"]["prizes"] == ["Water Energy"] * 6
        assert seen["p2"]["prizes"] == ["Fire Energy"] * 6
    # a second one can do nothing more: refused
    again = game({"active": "Mudkip", "hand": ["ex7-111", "ex7-111"]}, {"active": WAILORD})
    act(again, "p1", "play_trainer", card="ex7-111")
    act(again, "p1", "end_turn")
    act(again, "p2", "end_turn")
    with pytest.raises(IllegalActionError, match=r"ptcg\.trainer\.condition"):
        act(again, "p1", "play_trainer", card="ex7-111")
