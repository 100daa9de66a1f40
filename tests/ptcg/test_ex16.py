"""EX Power Keepers (ex16), Pokémon 1-70: the cards of effect_data_ex16.py and the vocabulary
of vocab_ex16.py, each shown both ways where it can go two ways."""

from __future__ import annotations

from typing import Any

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
from turnkeeper.core.model import IllegalActionError
from turnkeeper.rulesets.ptcg import registry as reg
from turnkeeper.rulesets.ptcg.by_hand import missing_effects
from turnkeeper.rulesets.ptcg.cards import bundled_cards
from turnkeeper.rulesets.ptcg.effect_data_ex16 import ABILITY_REPRINTS, POKEMON_REPRINTS

PHOEBE = {"card": "ex16-79", "owner": "p2"}  # Phoebe's Stadium
SIDNEY = {"card": "ex16-82", "owner": "p2"}  # Sidney's Stadium
GLACIA = {"card": "ex16-76", "owner": "p2"}  # Glacia's Stadium
DRAKE = {"card": "ex16-72", "owner": "p2"}  # Drake's Stadium
CHANSEY_EX = {"card": "ex1-96"}  # a Basic Pokémon-ex, 120 HP, Weakness Fighting
SKARMORY = {"card": "ex8-26"}  # 70 HP, resists Fighting (-30)

# (card, attack, coins, damage to Wailord, its Special Conditions); a Burn or Sleep coin
# between turns comes last (heads: no Burn damage; tails: it stays Asleep)
PLAIN = [
    ("ex16-50", "Surprise Attack", [HEADS], 30, []),
    ("ex16-50", "Surprise Attack", [TAILS], 0, []),
    ("ex16-31", "Hypnosis", [TAILS], 0, ["asleep"]),
    ("ex16-33", "Steady Punch", [HEADS], 30, []),
    ("ex16-33", "Steady Punch", [TAILS], 10, []),
    ("ex16-53", "Smash Punch", [HEADS], 20, []),
    ("ex16-53", "Smash Punch", [TAILS], 0, []),
    ("ex16-55", "Psyshock", [HEADS], 10, ["paralyzed"]),
    ("ex16-55", "Psyshock", [TAILS], 10, []),
    ("ex16-55", "Cross Chop", [HEADS], 20, []),
    ("ex16-55", "Cross Chop", [TAILS], 10, []),
    ("ex16-58", "Double Kick", [HEADS, HEADS], 20 + 10, []),  # Darkness Energy: +10
    ("ex16-58", "Double Kick", [HEADS, TAILS], 10 + 10, []),
    ("ex16-58", "Double Kick", [TAILS, TAILS], 0, []),
    ("ex16-67", "Super Singe", [HEADS, HEADS], 10, ["burned"]),
    ("ex16-67", "Super Singe", [TAILS], 10, []),
    ("ex16-25", "Sharp Claws", [HEADS], 30, []),
    ("ex16-25", "Sharp Claws", [TAILS], 10, []),
    ("ex16-6", "Bursting Inferno", [HEADS], 50, ["burned"]),
    ("ex16-7", "Poison Ring", None, 50 + 10, ["poisoned"]),  # the Poison counter
    ("ex16-11", "Cross Chop", [HEADS], 90, []),
    ("ex16-11", "Cross Chop", [TAILS], 60, []),
    ("ex16-23", "Toxic", None, 20, ["poisoned"]),  # 2 counters between turns
    ("ex16-26", "Fury Cutter", [HEADS, HEADS, HEADS], 60, []),
    ("ex16-26", "Fury Cutter", [HEADS, HEADS, TAILS], 40, []),
    ("ex16-26", "Fury Cutter", [TAILS, HEADS, TAILS], 20, []),
    ("ex16-26", "Fury Cutter", [TAILS, TAILS, TAILS], 10, []),
    ("ex16-27", "Pin Missile", [HEADS, HEADS, HEADS, HEADS], 80, []),
    ("ex16-27", "Pin Missile", [HEADS, TAILS, TAILS, TAILS], 20, []),
    ("ex16-30", "Powder Snow", [TAILS], 20, ["asleep"]),
    ("ex16-32", "Stomp", [HEADS], 50, []),
    ("ex16-32", "Stomp", [TAILS], 30, []),
    ("ex16-34", "Rolling Kick", [HEADS], 40 + 10, ["paralyzed"]),  # its own Vigorous Aura
    ("ex16-34", "Rolling Kick", [TAILS], 40 + 10, []),
    ("ex16-36", "Fake Out", [HEADS], 10, ["paralyzed"]),
    ("ex16-36", "Fake Out", [TAILS], 10, []),
    ("ex16-37", "Ice Beam", [HEADS], 20, ["paralyzed"]),
    ("ex16-37", "Ice Beam", [TAILS], 20, []),
    ("ex16-38", "Tight Jaw", [HEADS], 20 + 10, ["paralyzed"]),  # Darkness Energy
    ("ex16-38", "Tight Jaw", [TAILS], 20 + 10, []),
    ("ex16-40", "Dragonbreath", [HEADS], 60, ["paralyzed"]),
    ("ex16-40", "Dragonbreath", [TAILS], 0, []),
    ("ex16-41", "Ambush", [HEADS], 40, []),
    ("ex16-41", "Ambush", [TAILS], 20, []),
    ("ex16-44", "Psybeam", [HEADS], 10, ["confused"]),
    ("ex16-44", "Psybeam", [TAILS], 10, []),
    ("ex16-49", "Positive Ion", [HEADS], 40, []),  # Lightning: Weakness x2
    ("ex16-49", "Positive Ion", [TAILS], 20, []),
    ("ex16-51", "Double Scratch", [HEADS, HEADS], 40, []),
    ("ex16-51", "Double Scratch", [TAILS, HEADS], 20, []),
    ("ex16-57", "Slam", [HEADS, HEADS], 80, []),  # Lightning: Weakness x2
    ("ex16-57", "Slam", [TAILS, TAILS], 0, []),
    ("ex16-60", "Double Spin", [HEADS, HEADS], 40, []),
    ("ex16-60", "Double Spin", [HEADS, TAILS], 20, []),
    ("ex16-61", "Bad Dream", [HEADS, TAILS], 10, ["asleep"]),
    ("ex16-61", "Bad Dream", [TAILS], 10, ["confused"]),
    ("ex16-64", "Double Headbutt", [HEADS, HEADS], 40, []),
    ("ex16-64", "Double Headbutt", [TAILS, TAILS], 0, []),
    ("ex16-66", "Fury Attack", [HEADS, HEADS, TAILS], 20, []),
    ("ex16-66", "Fury Attack", [TAILS, TAILS, TAILS], 0, []),
    ("ex16-68", "Surprise Attack", [HEADS], 20, []),
    ("ex16-68", "Surprise Attack", [TAILS], 0, []),
    ("ex16-69", "Confuse Ray", [HEADS], 0, ["confused"]),
    ("ex16-69", "Confuse Ray", [TAILS], 0, []),
]


@pytest.mark.parametrize(("card", "name", "coins", "damage", "conditions"), PLAIN)
def test_attack_damage_and_conditions(
    card: str, name: str, coins: list[int] | None, damage: int, conditions: list[str]
) -> None:
    g = attack(card, name, coins)
    assert defending(g)["damage"] == damage
    assert sorted(defending(g)["conditions"]) == conditions


# (card, attack, damage counters on the attacker before, after the attack)
SELF_DAMAGE = [
    ("ex16-53", "Submission", 0, 10),
    ("ex16-30", "Double-edge", 0, 10),
    ("ex16-38", "Darkness Charge", 0, 10),
    ("ex16-60", "Nap", 30, 10),
    ("ex16-60", "Nap", 10, 0),
]


@pytest.mark.parametrize(("card", "name", "before", "after"), SELF_DAMAGE)
def test_attacks_that_hurt_or_heal_the_attacker(
    card: str, name: str, before: int, after: int
) -> None:
    g = attack(card, name, mon={"damage": before})
    assert players(g)["p1"]["active"]["damage"] == after


# (card, attack, damage with 2 counters on the attacker, without)
PER_OWN_COUNTERS = [
    ("ex16-43", "Retaliate", 20, 0),
    ("ex16-70", "Flail", 20, 0),
    ("ex16-39", "Rage", 30, 10),
]


@pytest.mark.parametrize(("card", "name", "hurt", "fresh"), PER_OWN_COUNTERS)
def test_attacks_counting_own_damage_counters(card: str, name: str, hurt: int, fresh: int) -> None:
    assert defending(attack(card, name, mon={"damage": 20}))["damage"] == hurt
    assert defending(attack(card, name))["damage"] == fresh


def _with_stadium(
    card: str, name: str, stadium: dict[str, Any] | None, coins: list[int] | None = None
) -> Any:
    top: dict[str, Any] = {"stadium": stadium} if stadium else {}
    g = game({"active": attacker(card, name)}, {"active": WAILORD}, settings=ALLOW, **top)
    act(g, "p1", "attack", attack=name, coins=coins)
    check_invariants(g.state)
    return g


def test_mysterious_light_confuses_only_with_phoebes_stadium() -> None:
    g = _with_stadium("ex16-14", "Mysterious Light", PHOEBE)
    assert (defending(g)["damage"], defending(g)["conditions"]) == (50, ["confused"])
    g = _with_stadium("ex16-14", "Mysterious Light", SIDNEY)
    assert (defending(g)["damage"], defending(g)["conditions"]) == (50, [])


def test_dark_burst_does_20_more_only_with_sidneys_stadium() -> None:
    # (its 2 Darkness Energy cards add 10 each)
    assert defending(_with_stadium("ex16-18", "Dark Burst", SIDNEY))["damage"] == 50 + 20 + 20
    assert defending(_with_stadium("ex16-18", "Dark Burst", PHOEBE))["damage"] == 50 + 20
    assert defending(_with_stadium("ex16-18", "Dark Burst", None))["damage"] == 50 + 20


def test_dark_mind_hits_the_active_and_one_benched_pokemon() -> None:
    bench = [{"card": "ex16-50"}, {"card": "ex16-59"}]
    g = attack("ex16-14", "Dark Mind", p2={"bench": bench}, target="bench2")
    assert defending(g)["damage"] == 20
    assert [m["damage"] for m in players(g)["p2"]["bench"]] == [0, 20]
    g = attack("ex16-14", "Dark Mind")  # no Bench: the Active only
    assert defending(g)["damage"] == 20


def test_dream_eater_does_nothing_unless_the_defending_pokemon_is_asleep() -> None:
    asleep = {**WAILORD, "conditions": ["asleep"]}
    assert defending(attack("ex16-31", "Dream Eater", [TAILS], defender=asleep))["damage"] == 50
    assert defending(attack("ex16-31", "Dream Eater"))["damage"] == 0


def test_teleportation_burst_switches_ralts_with_a_benched_pokemon() -> None:
    g = attack("ex16-59", "Teleportation Burst", p1={"bench": [{"card": "ex16-50"}]})
    assert defending(g)["damage"] == 20
    assert pending(g)["player"] == "p1"
    act(g, "p1", "choose", option=0)
    assert players(g)["p1"]["active"]["card"] == "Duskull"
    g = attack("ex16-59", "Teleportation Burst")  # no Bench: nothing to switch
    assert players(g)["p1"]["active"]["card"] == "Ralts"


def test_down_draw_draws_the_bottom_2_cards() -> None:
    deck = ["Potion", "Switch", "Fire Energy", "Grass Energy"]
    g = attack("ex16-22", "Down Draw", p1={"deck": deck, "hand": []})
    assert sorted(players(g)["p1"]["hand"]) == ["Fire Energy", "Grass Energy"]
    assert players(g)["p1"]["deck"] == ["Potion", "Switch"]


def test_feint_attack_hits_any_pokemon_without_weakness() -> None:
    bench = [{"card": "ex16-50"}]
    g = attack("ex16-22", "Feint Attack", p2={"bench": bench}, target="bench1")
    assert players(g)["p2"]["bench"][0]["damage"] == 20 and defending(g)["damage"] == 0
    g = attack("ex16-46", "Feint Attack", target="active")
    assert defending(g)["damage"] == 10


def test_amnesia_forbids_one_of_the_defending_pokemons_attacks() -> None:
    wailord = attacker("ex1-14", "Take Down")
    g = attack("ex16-63", "Amnesia", defender=wailord)
    assert pending(g)["options"] == ["Take Down", "Surf"]  # Wailord's attacks
    act(g, "p1", "choose", option=0)
    assert defending(g)["damage"] == 0
    with pytest.raises(IllegalActionError, match=r"ptcg\.attack"):
        act(g, "p2", "attack", attack="Take Down")
    g = attack("ex16-63", "Amnesia", defender=wailord)
    act(g, "p1", "choose", option=1)  # Surf forbidden: Take Down still goes
    act(g, "p2", "attack", attack="Take Down")
    check_invariants(g.state)


def test_scary_face_on_heads_stops_attack_and_retreat() -> None:
    wailord = {**attacker("ex1-14", "Take Down"), "energy": ["Water Energy"] * 4}
    p2 = {"bench": [{"card": "ex16-50"}]}
    g = attack("ex16-28", "Scary Face", [HEADS], defender=wailord, p2=p2)
    assert defending(g)["damage"] == 0
    with pytest.raises(IllegalActionError, match=r"ptcg\.attack"):
        act(g, "p2", "attack", attack="Take Down")
    with pytest.raises(IllegalActionError, match=r"ptcg\.retreat"):
        act(g, "p2", "retreat", target="bench1")
    g = attack("ex16-28", "Scary Face", [TAILS], defender=wailord, p2=p2)
    act(g, "p2", "retreat", target="bench1")
    check_invariants(g.state)


def test_tail_whip_on_heads_stops_the_defending_pokemons_attack() -> None:
    for coin, stopped in ((HEADS, True), (TAILS, False)):
        g = attack("ex16-62", "Tail Whip", [coin])
        wailord = g.state.sides[1].active
        assert wailord is not None and (wailord.no_attack == g.state.turn) == stopped


def test_smokescreen_makes_the_defending_pokemons_attack_need_heads() -> None:
    wailord = attacker("ex1-14", "Take Down")
    for coin, damage in ((TAILS, 0), (HEADS, 50)):
        g = game({"active": attacker("ex16-48", "Smokescreen")}, {"active": wailord})
        act(g, "p1", "attack", attack="Smokescreen")
        assert defending(g)["damage"] == 10
        act(g, "p2", "attack", attack="Take Down", coins=[coin])
        charmander = players(g)["p1"]["active"]
        assert (charmander["damage"] if charmander else 50) == damage


def test_call_for_family_benches_basic_pokemon_from_the_deck() -> None:
    deck = ["Duskull", "Ralts", "Kirlia", "Fire Energy"]
    g = attack("ex16-25", "Call for Family", p1={"deck": deck})
    assert pending(g)["options"][:2] == ["Duskull", "Ralts"]  # Kirlia is no Basic Pokémon
    act(g, "p1", "choose", option=0)
    act(g, "p1", "choose", option=0)
    assert sorted(m["card"] for m in players(g)["p1"]["bench"]) == ["Duskull", "Ralts"]
    g = attack("ex16-17", "Call for Family", p1={"deck": deck})
    act(g, "p1", "choose", option=0)
    assert [m["card"] for m in players(g)["p1"]["bench"]] == ["Duskull"]  # only 1 for Mawile


# (reprint, attack, coins, damage to Wailord): each plays as its original's (the shared
# handler), the attacker paying with basic Energy (Water for Colorless)
REPRINT_ATTACKS = [
    ("ex16-8", "Max Energy Source", None, 10),  # 1 Energy on the Active
    ("ex16-9", "Energy Burst", None, 10),  # 1 on Gardevoir, none on Wailord
    ("ex16-13", "Critical Move", None, 100),
    ("ex16-16", "Magnetic Force", None, 2 * 20),  # 2 Energy; Lightning: Weakness x2
    ("ex16-19", "Quick Attack", [HEADS], 40),
    ("ex16-19", "Quick Attack", [TAILS], 20),
    ("ex16-20", "Hydrocannon", None, 30),  # no Water beyond the cost
    ("ex16-24", "Flip Over", None, 50),
    ("ex16-29", "Lunge", [HEADS], 50),
    ("ex16-29", "Lunge", [TAILS], 0),
]


@pytest.mark.parametrize(("card", "name", "coins", "damage"), REPRINT_ATTACKS)
def test_reprinted_pokemon_attack_as_their_originals(
    card: str, name: str, coins: list[int] | None, damage: int
) -> None:
    original = POKEMON_REPRINTS[card]
    assert reg.ATTACKS[(card, name)] is reg.ATTACKS[(original, name)]
    assert defending(attack(card, name, coins))["damage"] == damage


@pytest.mark.parametrize("card", sorted(POKEMON_REPRINTS))
def test_every_effect_of_a_reprinted_pokemon_is_its_originals(card: str) -> None:
    original = POKEMON_REPRINTS[card]
    cards = bundled_cards()
    assert cards[card].name == cards[original].name
    for power in cards[card].powers:
        table = reg.POWERS if power.kind == "power" else reg.BODIES
        assert table[(card, power.name)] is table[(original, power.name)]
    for found in cards[card].attacks:
        if (original, found.name) in reg.ATTACKS:
            assert reg.ATTACKS[(card, found.name)] is reg.ATTACKS[(original, found.name)]
    assert missing_effects(cards[card]) == []


@pytest.mark.parametrize(("card", "name"), sorted(ABILITY_REPRINTS))
def test_reprinted_powers_and_bodies_share_the_originals_handler(card: str, name: str) -> None:
    original = ABILITY_REPRINTS[(card, name)]
    power = bundled_cards()[card].power(name)
    assert power is not None
    table = reg.POWERS if power.kind == "power" else reg.BODIES
    assert table[(card, name)] is table[(original, name)]


def test_wobbuffet_flip_over_hurts_itself() -> None:
    g = attack("ex16-24", "Flip Over")
    assert players(g)["p1"]["active"]["damage"] == 10


def test_slaking_lazy_stops_the_opponents_powers_while_active() -> None:
    slaking = {"card": "ex16-13", "under": ["Slakoth", "Vigoroth"]}
    delcatty = {"card": "ex16-8", "under": ["Skitty"]}
    p1 = {"active": WAILORD, "bench": [delcatty], "hand": ["Fire Energy"]}
    g = game(p1, {"active": slaking})
    with pytest.raises(IllegalActionError, match=r"ptcg\.power"):
        act(g, "p1", "use_power", power="Energy Draw", pokemon="bench1")
    g = game(p1, {"active": WAILORD, "bench": [slaking]})  # Slaking on the Bench
    act(g, "p1", "use_power", power="Energy Draw", pokemon="bench1")
    check_invariants(g.state)


def test_ninetales_safeguard_keeps_pokemon_ex_attacks_off() -> None:
    ninetales = {"card": "ex16-19", "under": ["Vulpix"]}
    g = attack("ex1-96", "Double-edge", defender=ninetales)  # Chansey ex: 80
    assert defending(g)["damage"] == 0
    g = attack("ex16-41", "Ambush", [HEADS], defender=ninetales)  # no Pokémon-ex
    assert defending(g)["damage"] == 40


# ---------------------------------------------------------------------------- reprints at work
def test_lanturn_reprint_grounds_energy_of_a_knocked_out_pokemon() -> None:
    manectric = {"card": "ex8-101", "under": ["ex8-59"], "energy": ["Lightning Energy"] * 2}
    mudkip = {"card": "Mudkip", "energy": ["Water Energy", "Fire Energy"]}
    lanturn = {"card": "ex16-15", "under": ["Chinchou"]}
    g = game({"active": manectric}, {"active": mudkip, "bench": [lanturn]})
    act(g, "p1", "attack", attack="Disconnect")
    asked = pending(g)
    assert asked["player"] == "p2" and asked["options"][-1] == "no"
    act(g, "p2", "choose", option=1)
    assert players(g)["p2"]["bench"][0]["energy"] == ["Fire Energy"]
    check_invariants(g.state)
    asleep = {**lanturn, "conditions": ["asleep"]}  # a Special Condition: no Power
    g = game({"active": manectric}, {"active": mudkip, "bench": [asleep]})
    act(g, "p1", "attack", attack="Disconnect")
    assert view(g)["phase"] == "promote"  # nothing asked


def test_firestarter_reprint_attaches_fire_from_the_discard_to_the_bench() -> None:
    blaziken = {"card": "ex16-5", "under": ["Torchic", "Combusken"]}
    p1 = {"active": blaziken, "bench": [{"card": "ex16-67"}], "discard": ["Fire Energy"]}
    g = game(p1, {"active": WAILORD})
    act(g, "p1", "use_power", power="Firestarter", pokemon="active")
    assert pending(g)["options"] == ["Fire Energy to Torchic (bench1)", "nothing"]
    act(g, "p1", "choose", option=0)
    assert players(g)["p1"]["bench"][0]["energy"] == ["Fire Energy"]
    g = game({**p1, "discard": []}, {"active": WAILORD})
    with pytest.raises(IllegalActionError, match=r"ptcg\.power"):
        act(g, "p1", "use_power", power="Firestarter", pokemon="active")


def test_fire_stream_discards_a_fire_energy_and_hits_the_bench() -> None:
    bench = [{"card": "ex16-50"}, {"card": "ex16-59"}]
    g = attack("ex16-5", "Fire Stream", p2={"bench": bench})
    assert defending(g)["damage"] == 50
    assert [m["damage"] for m in players(g)["p2"]["bench"]] == [10, 10]
    assert "Fire Energy" in players(g)["p1"]["discard"]
    assert "Fire Energy" not in players(g)["p1"]["active"]["energy"]


def test_overzealous_adds_30_only_against_an_opponent_with_a_pokemon_ex() -> None:
    # Brick Smash ignores Resistance (Skarmory resists Fighting) and effects on it
    g = attack("ex16-11", "Brick Smash", defender=SKARMORY)
    assert defending(g)["damage"] == 40
    g = attack("ex16-11", "Brick Smash", p2={"bench": [CHANSEY_EX]})
    assert defending(g)["damage"] == 40 + 30
    assert defending(attack("ex16-11", "Brick Smash"))["damage"] == 40


def test_vigorous_aura_adds_10_to_both_actives_attacks() -> None:
    medicham = {**attacker("ex16-34", "Punch"), "under": ["Meditite"]}
    g = game({"active": medicham}, {"active": attacker("ex1-14", "Take Down")}, settings=ALLOW)
    act(g, "p1", "attack", attack="Punch")
    assert defending(g)["damage"] == 30 + 10
    act(g, "p2", "attack", attack="Take Down")
    assert players(g)["p1"]["active"]["damage"] == 50 + 10
    g = attack("ex16-33", "Steady Punch", [TAILS], p1={"bench": [medicham]})
    assert defending(g)["damage"] == 10  # Medicham on the Bench: no Aura


# ---------------------------------------------------------------------------- new vocabulary
def test_rock_blast_discards_fighting_energy_for_20_each_without_weakness() -> None:
    armaldo = {**attacker("ex16-3", "Rock Blast"), "energy": ["Fighting Energy"] * 3}
    p2 = {"active": CHANSEY_EX, "bench": [{"card": "ex16-50"}]}  # Chansey ex: weak to Fighting
    g = game({"active": armaldo}, p2, settings=ALLOW)
    act(g, "p1", "attack", attack="Rock Blast")
    assert pending(g)["options"] == ["Chansey ex (active)", "Duskull (bench1)", "none"]
    act(g, "p1", "choose", option=0)
    act(g, "p1", "choose", option=0)  # the same Pokémon again
    act(g, "p1", "choose", option=1)
    assert defending(g)["damage"] == 40 and players(g)["p2"]["bench"][0]["damage"] == 20
    assert players(g)["p1"]["active"]["energy"] == []
    check_invariants(g.state)
    g = game({"active": armaldo}, p2, settings=ALLOW)
    act(g, "p1", "attack", attack="Rock Blast")
    act(g, "p1", "choose", option=1)
    act(g, "p1", "choose", option=2)  # stop: the other 2 Energy stay
    assert players(g)["p1"]["active"]["energy"] == ["Fighting Energy"] * 2
    assert defending(g)["damage"] == 0


def test_grudge_counts_the_prizes_the_opponent_has_taken() -> None:
    g = attack("ex16-4", "Grudge", p2={"prizes": ["Fire Energy"] * 4})
    assert defending(g)["damage"] == 20 + 20
    assert defending(attack("ex16-4", "Grudge"))["damage"] == 20


def test_bench_manipulation_does_40_per_tails_of_a_coin_per_opposing_benched() -> None:
    bench = [{"card": "ex16-50"}, {"card": "ex16-59"}]
    g = attack("ex16-4", "Bench Manipulation", [TAILS, TAILS], p2={"bench": bench})
    assert defending(g)["damage"] == 80
    g = attack("ex16-4", "Bench Manipulation", [HEADS, TAILS], p2={"bench": bench})
    assert defending(g)["damage"] == 40
    assert defending(attack("ex16-4", "Bench Manipulation", []))["damage"] == 0  # no Bench
    machop = {"card": "ex16-53"}  # weak to Psychic: no Weakness here
    g = attack("ex16-4", "Bench Manipulation", [TAILS], defender=machop, p2={"bench": bench[:1]})
    assert defending(g)["damage"] == 40


def test_magnetic_lines_moves_a_basic_energy_on_heads() -> None:
    wailord = {**WAILORD, "energy": ["Water Energy"]}
    p2 = {"active": wailord, "bench": [{"card": "ex16-50"}]}
    g = attack("ex16-45", "Magnetic Lines", [HEADS], p2=p2)
    while g.state.pending is not None:
        act(g, "p1", "choose", option=0)
    assert defending(g)["energy"] == [] and players(g)["p2"]["bench"][0]["energy"] == [
        "Water Energy"
    ]
    assert defending(g)["damage"] == 10
    g = attack("ex16-45", "Magnetic Lines", [TAILS], p2=p2)
    assert defending(g)["energy"] == ["Water Energy"]
    g = attack("ex16-45", "Magnetic Lines", [HEADS], p2={"active": wailord})  # no other Pokémon
    assert defending(g)["energy"] == ["Water Energy"]


def test_negative_ion_weakens_the_defending_pokemons_next_attack() -> None:
    wailord = attacker("ex1-14", "Take Down")
    chinchou = attacker("ex16-49", "Negative Ion")
    g = game({"active": chinchou}, {"active": wailord}, settings=ALLOW)
    act(g, "p1", "attack", attack="Negative Ion")
    act(g, "p2", "attack", attack="Take Down")
    assert players(g)["p1"]["active"]["damage"] == 50 - 10
    chinchou = {**chinchou, "energy": ["Lightning Energy"]}
    g = game({"active": chinchou}, {"active": wailord}, settings=ALLOW)
    act(g, "p1", "attack", attack="Positive Ion", coins=[TAILS])
    act(g, "p2", "attack", attack="Take Down")  # the full 50: Chinchou (50 HP) is Knocked Out
    assert players(g)["p1"]["active"] is None and "Chinchou" in players(g)["p1"]["discard"]


def test_terraforming_puts_the_top_5_back_in_any_order() -> None:
    aggron = {"card": "ex16-1", "under": ["Aron", "Lairon"]}
    deck = ["Potion", "Switch", "Fire Energy"]
    g = game({"active": aggron, "deck": deck}, {"active": WAILORD})
    act(g, "p1", "use_power", power="Terraforming", pokemon="active")
    assert pending(g)["options"] == ["Potion", "Switch", "Fire Energy"]
    act(g, "p1", "choose", option=2)
    act(g, "p1", "choose", option=0)
    assert players(g)["p1"]["deck"] == ["Fire Energy", "Potion", "Switch"]
    g = game({"active": aggron, "deck": []}, {"active": WAILORD})
    with pytest.raises(IllegalActionError, match=r"ptcg\.power"):
        act(g, "p1", "use_power", power="Terraforming", pokemon="active")


def test_poison_structure_needs_sidneys_stadium() -> None:
    cacturne = {"card": "ex16-27", "under": ["Cacnea"]}
    g = game({"active": cacturne}, {"active": WAILORD}, settings=ALLOW, stadium=SIDNEY)
    act(g, "p1", "use_power", power="Poison Structure", pokemon="active")
    assert defending(g)["conditions"] == ["poisoned"]
    g = game({"active": cacturne}, {"active": WAILORD}, settings=ALLOW, stadium=PHOEBE)
    with pytest.raises(IllegalActionError, match=r"ptcg\.power"):
        act(g, "p1", "use_power", power="Poison Structure", pokemon="active")


def test_evolutionary_call_only_in_the_turn_cradily_evolved() -> None:
    lileep = {"card": "ex16-52", "under": ["Root Fossil"]}
    deck = ["Duskull", "Kirlia", "Fire Energy", "Ralts"]
    g = game({"active": lileep, "hand": ["ex16-7"], "deck": deck}, {"active": WAILORD})
    act(g, "p1", "evolve", card="ex16-7", target="active")
    act(g, "p1", "use_power", power="Evolutionary Call", pokemon="active")
    assert pending(g)["options"][:3] == ["Duskull", "Kirlia", "Ralts"]  # no Energy
    for _ in range(3):
        act(g, "p1", "choose", option=0)
    assert sorted(players(g)["p1"]["hand"]) == ["Duskull", "Kirlia", "Ralts"]
    cradily = {"card": "ex16-7", "under": ["Root Fossil", "Lileep"]}
    g = game({"active": cradily, "deck": deck}, {"active": WAILORD})
    with pytest.raises(IllegalActionError, match=r"ptcg\.power"):
        act(g, "p1", "use_power", power="Evolutionary Call", pokemon="active")


def test_primal_stare_stops_evolving_the_active_and_baby_evolution_onto_it() -> None:
    kabutops = {"card": "ex16-10", "under": ["Mysterious Fossil", "Kabuto"]}
    p1 = {"active": {"card": "ex16-59"}, "bench": [{"card": "ex16-21"}]}
    p1["hand"] = ["ex16-31", "ex16-31", "Pikachu"]
    g = game(p1, {"active": kabutops})
    with pytest.raises(IllegalActionError, match=r"ptcg\.evolve"):
        act(g, "p1", "evolve", card="ex16-31", target="active")
    pichu_active = {**p1, "active": {"card": "ex16-21"}, "bench": [{"card": "ex16-59"}]}
    g = game(pichu_active, {"active": kabutops})
    with pytest.raises(IllegalActionError, match=r"ptcg\.power"):
        act(g, "p1", "use_power", power="Baby Evolution", pokemon="active")
    act(g, "p1", "evolve", card="ex16-31", target="bench1")  # the Bench may evolve
    g = game(p1, {"active": WAILORD, "bench": [kabutops]})  # Kabutops Benched: no Body
    act(g, "p1", "evolve", card="ex16-31", target="active")
    act(g, "p1", "use_power", power="Baby Evolution", pokemon="bench1")
    assert players(g)["p1"]["bench"][0]["card"] == "Pikachu"
    check_invariants(g.state)


# ---------------------------------------------------------------------------- reused steps
def test_mix_up_discards_the_top_card_of_the_opponents_deck() -> None:
    g = attack("ex16-1", "Mix-Up", p2={"deck": ["Potion", "Switch"], "hand": []})
    assert defending(g)["damage"] == 70
    assert players(g)["p2"]["discard"] == ["Potion"]
    assert players(g)["p2"]["hand"] == ["Switch"]  # drawn for their turn


def test_mach_claw_ignores_resistance() -> None:
    assert defending(attack("ex16-3", "Mach Claw", defender=SKARMORY))["damage"] == 60
    # (Fury Cutter of Anorith meets the same Resistance)
    g = attack("ex16-26", "Fury Cutter", [HEADS, HEADS, HEADS], defender=SKARMORY)
    assert defending(g)["damage"] == 60 - 30


def test_surprise_shuffles_a_card_of_the_opponents_hand_into_the_deck() -> None:
    for card, damage in (("ex16-2", 30), ("ex16-52", 20)):
        g = attack(card, "Surprise", p2={"hand": ["Potion"]})
        # the Potion went into the deck (7 cards), then the opponent drew 1 for their turn
        p2 = players(g)["p2"]
        assert defending(g)["damage"] == damage and (p2["hand_count"], p2["deck_count"]) == (1, 6)
        assert p2["discard"] == []
        g = attack(card, "Surprise", p2={"hand": []})  # nothing to take: the deck drawn from
        assert (players(g)["p2"]["hand_count"], players(g)["p2"]["deck_count"]) == (1, 5)


def test_luring_antenna_may_bring_a_benched_pokemon_in_first() -> None:
    p2 = {"bench": [{"card": "ex16-67"}]}
    g = attack("ex16-10", "Luring Antenna", p2=p2)
    assert pending(g)["options"] == ["Torchic (bench1)", "switch nothing"]
    act(g, "p1", "choose", option=0)  # (one Defending Pokémon: the opponent is not asked)
    assert defending(g)["card"] == "Torchic" and defending(g)["damage"] == 20
    g = attack("ex16-10", "Luring Antenna", p2=p2)
    act(g, "p1", "choose", option=len(pending(g)["options"]) - 1)
    assert defending(g)["card"] == "Wailord" and defending(g)["damage"] == 20


def test_plasma_and_charge_attach_lightning_from_the_discard() -> None:
    g = attack("ex16-12", "Plasma", p1={"discard": ["Lightning Energy"]})
    assert defending(g)["damage"] == 20  # Weakness x2
    assert players(g)["p1"]["active"]["energy"] == ["Water Energy", "Lightning Energy"]
    g = attack("ex16-57", "Charge", p1={"discard": ["Lightning Energy"]})
    assert players(g)["p1"]["active"]["energy"] == ["Lightning Energy"] * 2
    g = attack("ex16-57", "Charge", p1={"discard": ["Fire Energy"]})
    assert players(g)["p1"]["active"]["energy"] == ["Lightning Energy"]


def test_thunderbolt_discards_every_energy_of_raichu() -> None:
    g = attack("ex16-12", "Thunderbolt", defender=CHANSEY_EX)
    assert defending(g)["damage"] == 100
    assert players(g)["p1"]["active"]["energy"] == []


def test_pull_away_makes_a_hand_of_5_or_more_go_down_to_4() -> None:
    hand = ["Potion", "Switch", "Fire Energy", "Fire Energy", "Grass Energy", "Grass Energy"]
    g = attack("ex16-17", "Pull Away", p2={"hand": hand})
    while g.state.pending is not None:
        act(g, "p2", "choose", option=0)
    # 4 kept, then 1 drawn for their turn
    assert len(players(g)["p2"]["hand"]) == 5 and len(players(g)["p2"]["discard"]) == 2
    g = attack("ex16-17", "Pull Away", p2={"hand": hand[:4]})
    assert len(players(g)["p2"]["hand"]) == 5 and players(g)["p2"]["discard"] == []


def test_plunder_discards_the_defending_pokemons_tool_first() -> None:
    wailord = {**WAILORD, "tool": "ex8-92"}  # Strength Charm
    g = attack("ex16-18", "Plunder", defender=wailord)
    assert "Strength Charm" in players(g)["p2"]["discard"]
    assert defending(g)["damage"] == 30
    g = attack("ex16-18", "Plunder")
    assert defending(g)["damage"] == 30 and players(g)["p2"]["discard"] == []


def test_cry_for_help_finds_a_lightning_pokemon_not_ex() -> None:
    deck = ["Duskull", "Pikachu", "Raichu ex", "Chinchou"]
    g = attack("ex16-21", "Cry for Help", p1={"deck": deck})
    assert pending(g)["options"] == ["Pikachu", "Chinchou", "nothing"]
    act(g, "p1", "choose", option=1)
    assert players(g)["p1"]["hand"] == ["Chinchou"]


def test_poison_ring_and_acid_stop_the_retreat() -> None:
    for card, name in (("ex16-7", "Poison Ring"), ("ex16-52", "Acid")):
        wailord = {**WAILORD, "energy": ["Water Energy"] * 4}
        g = attack(card, name, defender=wailord, p2={"bench": [{"card": "ex16-50"}]})
        with pytest.raises(IllegalActionError, match=r"ptcg\.retreat"):
            act(g, "p2", "retreat", target="bench1")
    g = attack("ex16-53", "Submission", defender=wailord, p2={"bench": [{"card": "ex16-50"}]})
    act(g, "p2", "retreat", target="bench1")  # no such effect: it retreats


def test_granite_head_and_defense_curl_guard_the_attacker() -> None:
    wailord = attacker("ex1-14", "Take Down")
    # Lairon's Metal Energy card takes 10 off too (ex1-94)
    lairon = {**attacker("ex16-32", "Stomp"), "energy": ["Metal Energy"] + ["Water Energy"] * 2}
    for name, damage in (("Granite Head", 50 - 10 - 10), ("Stomp", 50 - 10)):
        g = game({"active": lairon}, {"active": wailord}, settings=ALLOW)
        act(g, "p1", "attack", attack=name, coins=[TAILS] if name == "Stomp" else None)
        act(g, "p2", "attack", attack="Take Down")
        assert players(g)["p1"]["active"]["damage"] == damage
    for coin, damage in ((HEADS, 0), (TAILS, 40)):
        spheal = attacker("ex16-65", "Defense Curl")
        g = game({"active": spheal}, {"active": wailord}, settings=ALLOW)
        act(g, "p1", "attack", attack="Defense Curl", coins=[coin])
        act(g, "p2", "attack", attack="Take Down")
        found = players(g)["p1"]["active"]
        assert (found["damage"] if found else 40) == damage


def test_extra_comet_punch_does_30_more_the_next_turn() -> None:
    g = attack("ex16-35", "Extra Comet Punch")
    assert defending(g)["damage"] == 30
    act(g, "p2", "end_turn")
    act(g, "p1", "attack", attack="Extra Comet Punch")  # the boosted one: 30 + 30
    assert defending(g)["damage"] == 30 + 60  # (the first one, not boosted: 30)


def test_dig_deep_and_fast_evolution_search() -> None:
    g = attack("ex16-42", "Dig Deep", p1={"discard": ["Fire Energy", "Potion"]})
    assert pending(g)["options"] == ["Fire Energy"]  # must take one
    act(g, "p1", "choose", option=0)
    assert players(g)["p1"]["hand"] == ["Fire Energy"]
    g = attack("ex16-51", "Fast Evolution", p1={"deck": ["Kabutops", "Duskull"]})
    assert pending(g)["options"] == ["Kabutops", "nothing"]
    act(g, "p1", "choose", option=0)
    assert players(g)["p1"]["hand"] == ["Kabutops"]


def test_spark_and_pebble_throw_hit_a_benched_pokemon() -> None:
    bench = [{"card": "ex16-50"}]
    g = attack("ex16-54", "Spark", p2={"bench": bench}, target="bench1")
    assert defending(g)["damage"] == 40 and players(g)["p2"]["bench"][0]["damage"] == 10
    g = attack("ex16-64", "Pebble Throw", p2={"bench": bench}, target="bench1")
    assert defending(g)["damage"] == 0 and players(g)["p2"]["bench"][0]["damage"] == 10
    with pytest.raises(IllegalActionError):
        attack("ex16-64", "Pebble Throw", p2={"bench": bench}, target="active")


def test_influence_benches_two_fossil_pokemon_as_basics() -> None:
    deck = ["Kabuto", "Lileep", "Duskull", "Anorith"]
    g = attack("ex16-56", "Influence", p1={"deck": deck})
    assert pending(g)["options"] == ["Kabuto", "Lileep", "Anorith", "nothing"]
    act(g, "p1", "choose", option=0)
    act(g, "p1", "choose", option=0)
    assert sorted(m["card"] for m in players(g)["p1"]["bench"]) == ["Kabuto", "Lileep"]


def test_ember_discards_a_fire_energy() -> None:
    g = attack("ex16-69", "Ember")
    assert defending(g)["damage"] == 30
    assert players(g)["p1"]["active"]["energy"] == ["Water Energy"]


# ---------------------------------------------------------------------------- Poké-Bodies
def _hit_by(card: str, name: str, defender: dict[str, Any], **top: Any) -> Any:
    g = game({"active": attacker(card, name)}, {"active": defender}, settings=ALLOW, **top)
    act(g, "p1", "attack", attack=name)
    check_invariants(g.state)
    return g


def test_sableye_synergy_prevents_damage_from_pokemon_ex_with_phoebes_stadium() -> None:
    sableye = {"card": "ex16-22"}
    g = _hit_by("ex1-96", "Double-edge", sableye, stadium=PHOEBE)
    assert defending(g)["damage"] == 0
    g = _hit_by("ex16-53", "Submission", sableye, stadium=PHOEBE)  # no Pokémon-ex: damage
    assert defending(g)["damage"] == 30
    g = _hit_by("ex1-96", "Double-edge", sableye, stadium=SIDNEY)
    assert defending(g)["damage"] == 80 - 30  # Sableye resists Colorless


def test_glalie_synergy_takes_30_off_with_glacias_stadium() -> None:
    glalie = {"card": "ex16-30", "under": ["Snorunt"]}
    assert defending(_hit_by("ex1-96", "Double-edge", glalie, stadium=GLACIA))["damage"] == 50
    assert defending(_hit_by("ex16-53", "Submission", glalie, stadium=GLACIA))["damage"] == 0
    assert defending(_hit_by("ex16-53", "Submission", glalie, stadium=PHOEBE))["damage"] == 30


def test_altaria_synergy_heals_1_counter_between_turns_with_drakes_stadium() -> None:
    altaria = {"card": "ex16-2", "under": ["Swablu"], "damage": 30}
    for stadium, damage in ((DRAKE, 20), (PHOEBE, 30)):
        g = game(
            {"active": attacker("ex16-53", "Submission"), "bench": [altaria]},
            {"active": WAILORD},
            settings=ALLOW,
            stadium=stadium,
        )
        act(g, "p1", "attack", attack="Submission")
        assert players(g)["p1"]["bench"][0]["damage"] == damage


def test_solid_shell_takes_10_off_after_weakness() -> None:
    anorith = {"card": "ex16-26", "under": ["ex13-91"]}  # on Claw Fossil; weak to Grass
    assert defending(_hit_by("ex16-53", "Submission", anorith))["damage"] == 30 - 10
    assert defending(_hit_by("ex16-23", "Sharp Fang", anorith))["damage"] == 10 * 2 - 10
    assert defending(_hit_by("ex16-53", "Submission", WAILORD))["damage"] == 30


def test_strikes_back_and_rough_skin_hurt_the_attacker() -> None:
    for defender in ({"card": "ex16-41", "under": ["Slakoth"]}, {"card": "ex16-47"}):
        g = attack("ex16-53", "Smash Punch", [HEADS], defender=defender)
        assert players(g)["p1"]["active"]["damage"] == 10
    g = attack("ex16-53", "Smash Punch", [TAILS], defender={"card": "ex16-47"})  # no damage
    assert players(g)["p1"]["active"]["damage"] == 0


def test_thick_skin_and_clear_body_keep_special_conditions_off() -> None:
    for defender in ({"card": "ex16-25"}, {"card": "ex16-35", "under": ["Beldum"]}):
        g = attack("ex16-23", "Toxic", defender=defender)
        assert defending(g)["conditions"] == []
    vigoroth = {"card": "ex16-41", "under": ["Slakoth"]}
    assert defending(attack("ex16-23", "Toxic", defender=vigoroth))["conditions"] == ["poisoned"]


def test_primal_vibes_reads_baby_evolution_the_same_way() -> None:
    cradily_ex = {"card": "ex4-90", "under": ["ex2-92", "ex2-42"]}  # Root Fossil, Lileep
    p1 = {"active": {"card": "ex16-70"}, "hand": ["ex16-24"]}  # Wynaut, Wobbuffet
    g = game(p1, {"active": cradily_ex})
    with pytest.raises(IllegalActionError, match=r"ptcg\.power\.body"):
        act(g, "p1", "use_power", power="Baby Evolution", pokemon="active")
    g = game(p1, {"active": WAILORD, "bench": [cradily_ex]})
    act(g, "p1", "use_power", power="Baby Evolution", pokemon="active")
    assert players(g)["p1"]["active"]["card"] == "Wobbuffet"
