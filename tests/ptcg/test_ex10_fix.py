"""Evolution bookkeeping (every way of evolving goes through ``lasting.evolve_onto``), the
printed Basic Pokémon of Blissey ex and Scizor ex, and the per-Pokémon switches of Poké-Powers
and Poké-Bodies (Energy Root ex10-83, Overpowering Fang of Feraligatr ex ex10-103)."""

from __future__ import annotations

from typing import Any

from tests.ptcg.board import act, check_invariants, game, view
from tests.ptcg.set_cards import ALLOW, WAILORD, attacker, players
from tests.ptcg.test_ex9 import BODY_OFF_AWARE, body_table
from turnkeeper.core.model import Action
from turnkeeper.rulesets.ptcg import registry as reg
from turnkeeper.rulesets.ptcg.cards import bundled_cards

AMPHAROS = {"card": "ex7-2", "under": ["ex7-67", "ex7-33"]}  # Dark Ampharos: Darkest Impulse


def _answer_all(g: Any, seat: str) -> None:
    while "pending" in view(g):
        act(g, seat, "choose", option=0)


# ---------------------------------------------------------------------------- evolution bookkeeping
def test_darkest_impulse_hits_a_pokemon_evolved_by_rare_candy() -> None:
    p2 = {"active": "Mudkip", "hand": ["Rare Candy", "Swampert"]}
    g = game({"active": WAILORD, "bench": [AMPHAROS]}, p2, current="p2", turn=4)
    act(g, "p2", "play_trainer", card="Rare Candy")
    _answer_all(g, "p2")
    active = players(g)["p2"]["active"]
    assert active["card"] == "Swampert" and active["damage"] == 20
    # the player's own Dark Ampharos leaves their own evolution alone
    g = game({"active": WAILORD}, {**p2, "bench": [AMPHAROS]}, current="p2", turn=4)
    act(g, "p2", "play_trainer", card="Rare Candy")
    _answer_all(g, "p2")
    active = players(g)["p2"]["active"]
    assert active["card"] == "Swampert" and active["damage"] == 0
    check_invariants(g.state)


def test_darkest_impulse_spares_an_evolution_from_the_deck() -> None:
    # Wally's Training puts the card from the deck: no Evolution card played from the hand
    p2 = {"active": "Mudkip", "hand": ["Wally's Training"], "deck": ["Marshtomp"]}
    g = game({"active": WAILORD, "bench": [AMPHAROS]}, p2, current="p2", turn=4)
    act(g, "p2", "play_trainer", card="Wally's Training")
    _answer_all(g, "p2")
    active = players(g)["p2"]["active"]
    assert active["card"] == "Marshtomp" and active["damage"] == 0
    # the same evolution from the hand is hit
    p2 = {"active": "Mudkip", "hand": ["Marshtomp"]}
    g = game({"active": WAILORD, "bench": [AMPHAROS]}, p2, current="p2", turn=4)
    act(g, "p2", "evolve", card="Marshtomp", target="active")
    assert players(g)["p2"]["active"]["damage"] == 20


def test_wallys_training_into_a_pokemon_ex_discards_scramble_energy() -> None:
    golbat = {"card": "ex8-31", "under": ["Zubat"], "energy": ["ex8-95"]}
    side = {"active": golbat, "hand": ["Wally's Training"], "deck": ["ex8-96"]}
    g = game(side, {"active": WAILORD})
    act(g, "p1", "play_trainer", card="Wally's Training")
    _answer_all(g, "p1")
    active = players(g)["p1"]["active"]
    assert active["card"] == "Crobat ex" and active["energy"] == []
    assert "Scramble Energy" in players(g)["p1"]["discard"]
    check_invariants(g.state)
    # into a Pokémon that is no Pokémon-ex, Scramble Energy stays
    zubat = {"card": "Zubat", "energy": ["ex8-95"]}
    g = game({**side, "active": zubat, "deck": ["ex8-31"]}, {"active": WAILORD})
    act(g, "p1", "play_trainer", card="Wally's Training")
    _answer_all(g, "p1")
    active = players(g)["p1"]["active"]
    assert active["card"] == "Golbat" and active["energy"] == ["Scramble Energy"]


def test_baby_evolution_sets_off_darkest_impulse_before_its_counters_go() -> None:
    # Baby Evolution puts the card from the hand: Darkest Impulse acts (its note), then the
    # power's own last step removes every damage counter, those 2 included
    cleffa = {"card": "ex10-21", "damage": 10}
    g = game(
        {"active": WAILORD, "bench": [cleffa], "hand": ["ex10-53"]},
        {"active": WAILORD, "bench": [AMPHAROS]},
    )
    events = act(g, "p1", "use_power", power="Baby Evolution", pokemon="bench1")
    _answer_all(g, "p1")
    assert players(g)["p1"]["bench"][0]["damage"] == 0
    assert any(e.data.get("name") == "Darkest Impulse" for e in events)
    g = game(
        {"active": WAILORD, "bench": [cleffa], "hand": ["ex10-53"]},
        {"active": WAILORD},
    )
    events = act(g, "p1", "use_power", power="Baby Evolution", pokemon="bench1")
    assert not any(e.data.get("name") == "Darkest Impulse" for e in events)


# ---------------------------------------------------------------------------- printed Basics
def test_blissey_ex_and_scizor_ex_evolve_from_the_plain_pokemon() -> None:
    pairs = (("ex10-20", "ex1-96", "ex10-101"), ("ex10-46", "ex1-102", "ex10-108"))
    for plain, basic_ex, into in pairs:
        g = game({"active": plain, "hand": [into]}, {"active": WAILORD})
        name = g.state.card(g.state.sides[0].hand[0]).name
        act(g, "p1", "evolve", card=name, target="active")
        assert players(g)["p1"]["active"]["card"] == name
        # the Basic Pokémon-ex of the same name is not what it evolves from
        g = game({"active": basic_ex, "hand": [into]}, {"active": WAILORD})
        refusal = g.check(Action("evolve", "p1", {"card": name, "target": "active"}))
        assert refusal is not None and refusal.rule == "ptcg.evolve.matches"


# ---------------------------------------------------------------------------- Energy Root
ROOT = "ex10-83"
DELCATTY = {"card": "ex1-5", "under": ["Skitty"]}  # Poké-Power Energy Draw
QUAGSIRE = {"card": "ex10-44", "under": ["ex10-79"]}  # Poké-Body Dense (-20 from Evolved)
FERALIGATR = {"card": "ex10-103", "under": ["Totodile", "Croconaw"]}
ENERGY_DRAW = Action("use_power", "p1", {"power": "Energy Draw", "pokemon": "active"})


def test_energy_root_gives_20_hp_more() -> None:
    g = game({"active": {**QUAGSIRE, "tool": ROOT}}, {"active": WAILORD})
    assert players(g)["p1"]["active"]["hp"] == 100
    g = game({"active": QUAGSIRE}, {"active": WAILORD})
    assert players(g)["p1"]["active"]["hp"] == 80


def test_energy_root_keeps_a_pokemon_standing_that_its_printed_hp_would_not() -> None:
    # Quilava's Smokescreen: 20, Dense off under Energy Root; 70 counters before: 90 of 100
    hurt = {**QUAGSIRE, "tool": ROOT, "damage": 70}
    g = game({"active": attacker("ex10-45", "Smokescreen")}, {"active": hurt, "bench": ["Wooper"]})
    act(g, "p1", "attack", attack="Smokescreen")
    assert players(g)["p2"]["active"]["card"] == "Quagsire"
    assert players(g)["p2"]["active"]["damage"] == 90
    check_invariants(g.state)


def test_energy_root_turns_its_pokemons_poke_body_off() -> None:
    rooted = {**QUAGSIRE, "tool": ROOT}
    g = game({"active": attacker("ex10-45", "Smokescreen")}, {"active": rooted})
    act(g, "p1", "attack", attack="Smokescreen")
    assert players(g)["p2"]["active"]["damage"] == 20  # Dense off: the full 20
    g = game({"active": attacker("ex10-45", "Smokescreen")}, {"active": QUAGSIRE})
    act(g, "p1", "attack", attack="Smokescreen")
    assert players(g)["p2"]["active"]["damage"] == 0  # Dense: 20 less


def test_energy_root_turns_the_power_off_until_the_tool_goes() -> None:
    delcatty = {**DELCATTY, "tool": ROOT}
    side = {"active": delcatty, "hand": ["Water Energy"], "deck": ["Potion"] * 5}
    g = game(side, {"active": WAILORD})
    refusal = g.check(ENERGY_DRAW)
    assert refusal is not None and refusal.rule == "ptcg.power.tool"
    assert "Energy Root" in str(refusal)
    assert not any(a.kind == "use_power" for a in g.legal_actions())
    # the opponent's Murkrow plunders the Tool: on its player's next turn the Power is back
    murkrow = attacker("ex10-30", "Plunder")
    g = game({**side, "bench": ["Skitty"]}, {"active": murkrow}, current="p2", turn=3)
    act(g, "p2", "attack", attack="Plunder")
    assert players(g)["p1"]["active"]["tool"] is None
    assert view(g)["current"] == "p1"
    assert g.check(ENERGY_DRAW) is None
    act(g, "p1", "use_power", power="Energy Draw", pokemon="active")
    _answer_all(g, "p1")
    assert "Water Energy" in players(g)["p1"]["discard"]


def test_energy_root_is_refused_on_ex_dark_and_owners_pokemon_and_leaves_an_ex() -> None:
    g = game({"active": "ex1-96", "bench": ["Skitty"], "hand": [ROOT]}, {"active": WAILORD})
    offered = {a.params.get("target") for a in g.legal_actions() if a.kind == "play_trainer"}
    assert offered == {"bench1"}  # not Chansey ex
    act(g, "p1", "play_trainer", card="Energy Root", target="bench1")
    assert players(g)["p1"]["bench"][0]["tool"] == "Energy Root"
    # evolving into a Pokémon-ex discards it
    g = game({"active": {"card": "ex8-31", "under": ["Zubat"], "tool": ROOT}, "hand": ["ex8-96"]},
             {"active": WAILORD})
    act(g, "p1", "evolve", card="Crobat ex", target="active")
    assert players(g)["p1"]["active"]["tool"] is None
    assert "Energy Root" in players(g)["p1"]["discard"]


# ---------------------------------------------------------------------------- Overpowering Fang
def test_overpowering_fang_stops_every_non_ex_power_while_feraligatr_ex_is_active() -> None:
    side = {"active": FERALIGATR, "bench": [DELCATTY], "hand": ["Water Energy"]}
    bench_draw = Action("use_power", "p1", {"power": "Energy Draw", "pokemon": "bench1"})
    g = game({**side, "deck": ["Potion"] * 5}, {"active": WAILORD})
    refusal = g.check(bench_draw)
    assert refusal is not None and refusal.rule == "ptcg.power.body"
    assert "Overpowering Fang" in str(refusal)
    # Feraligatr ex on the Bench: the Power works
    g = game({**side, "active": DELCATTY, "bench": [FERALIGATR], "deck": ["Potion"] * 5},
             {"active": WAILORD})
    assert g.check(ENERGY_DRAW) is None
    # the opponent's Feraligatr ex reaches the player's Pokémon too
    g = game({"active": DELCATTY, "hand": ["Water Energy"], "deck": ["Potion"] * 5},
             {"active": FERALIGATR})
    refusal = g.check(ENERGY_DRAW)
    assert refusal is not None and refusal.rule == "ptcg.power.body"


def test_overpowering_fang_lets_go_once_feraligatr_ex_retreats() -> None:
    ferali = {**FERALIGATR, "energy": ["Water Energy"] * 3}
    side = {"active": ferali, "bench": [DELCATTY], "hand": ["Water Energy"], "deck": ["Potion"] * 5}
    g = game(side, {"active": WAILORD})
    assert not any(a.kind == "use_power" for a in g.legal_actions())
    act(g, "p1", "retreat", target="bench1")
    assert players(g)["p1"]["active"]["card"] == "Delcatty"
    assert g.check(ENERGY_DRAW) is None


def test_overpowering_fang_turns_non_ex_bodies_off_and_spares_pokemon_ex() -> None:
    # Tsunami (30) on Quagsire: Dense would take 20 off an Evolved attacker; Fang turns it off
    g = game({"active": attacker("ex10-103", "Tsunami")}, {"active": QUAGSIRE})
    act(g, "p1", "attack", attack="Tsunami")
    assert players(g)["p2"]["active"]["damage"] == 30
    # a Pokémon-ex keeps its Body: Altaria ex's Mist still takes 30 off a Stage 2
    altaria = {"card": "ex9-90", "under": ["Swablu"]}
    g = game({"active": attacker("ex10-103", "Tsunami")}, {"active": altaria})
    act(g, "p1", "attack", attack="Tsunami")
    assert players(g)["p2"]["active"]["damage"] == 0


def test_overpowering_fang_turns_power_saver_off() -> None:
    # Team Aqua's Kyogre attacks only with 4 Team Aqua's Pokémon in play (its Poké-Body);
    # under the opponent's Feraligatr ex that Body is off and it may attack
    kyogre = attacker("ex4-3", "Aqua Trip")
    smash = Action("attack", "p1", {"attack": "Aqua Trip"})
    g = game({"active": kyogre}, {"active": FERALIGATR}, settings=ALLOW)
    assert g.check(smash) is None
    g = game({"active": kyogre}, {"active": WAILORD, "bench": [FERALIGATR]}, settings=ALLOW)
    refusal = g.check(smash)
    assert refusal is not None and refusal.rule == "ptcg.attack.body"


# the Poké-Bodies that never apply in a game of one Active each (effect_rules.py) and those
# asking board.body_off outside a table (Power Saver: effect_questions._saver_holds; Delta
# Guard, read by its own Lightning Storm: vocab_ex11.UnlessDeltaGuard; Reactive Booster, read
# by React Energy's units: vocab_ex12.reactive_booster_units)
NOT_IN_A_TABLE = {"ex3-7", "ex3-8", "ex4-3", "ex4-9", "ex11-13", "ex12-17"}


def test_every_body_energy_root_or_overpowering_fang_can_reach_asks_body_off() -> None:
    """Energy Root and Overpowering Fang reach any Pokémon but Pokémon-ex: each implemented
    Poké-Body of such a card works through a table whose lookup asks ``board.body_off``
    (tests/ptcg/test_ex9.py BODY_OFF_AWARE); a Body working another way must ask it too."""
    tables = [body_table(name) for name in BODY_OFF_AWARE]
    unaware = []
    for card in bundled_cards().values():
        if card.kind != "pokemon" or card.ex or card.id in NOT_IN_A_TABLE:
            continue
        for power in card.powers:
            body = reg.BODIES.get((card.id, power.name))
            if power.kind != "body" or body is None or body.on_attach is not None:
                continue
            if not any(card.id in t or (card.id, power.name) in t for t in tables):
                unaware.append(f"{card.id} {power.name}")
    assert unaware == []


def test_make_a_wish_from_the_deck_does_the_evolution_bookkeeping() -> None:
    # Jirachi's Make a Wish (ex5-8) evolves a Benched Golbat from the deck: into Crobat ex,
    # the Scramble Energy on it goes (lasting.evolve_onto); into a Pokémon that is not ex
    # (Golbat from a Zubat), it stays
    jirachi = {"card": "ex5-8", "energy": ["Psychic Energy"]}
    golbat = {"card": "ex8-31", "under": ["Zubat"], "energy": ["ex8-95"]}
    g = game({"active": jirachi, "bench": [golbat], "deck": ["ex8-96"]}, {"active": WAILORD})
    act(g, "p1", "attack", attack="Make a Wish")
    act(g, "p1", "choose", option=0)
    bench = players(g)["p1"]["bench"][0]
    assert bench["card"] == "Crobat ex" and bench["energy"] == []
    assert "Scramble Energy" in players(g)["p1"]["discard"]
    check_invariants(g.state)
    zubat = {"card": "Zubat", "energy": ["ex8-95"]}
    g = game({"active": jirachi, "bench": [zubat], "deck": ["ex8-31"]}, {"active": WAILORD})
    act(g, "p1", "attack", attack="Make a Wish")
    act(g, "p1", "choose", option=0)
    bench = players(g)["p1"]["bench"][0]
    assert bench["card"] == "Golbat" and bench["energy"] == ["Scramble Energy"]


def test_delta_guard_is_off_under_space_center() -> None:
    # Rayquaza δ (ex11-13, a Basic Pokémon) with a Holon Energy: its Delta Guard keeps
    # Lightning Storm's 7 counters off it, unless a Stadium turns its Poké-Bodies off
    energy = ["Lightning Energy", "Metal Energy", "Water Energy", "ex11-104"]  # Holon Energy FF
    rayquaza = {"card": "ex11-13", "energy": energy}
    for stadium, counters in ((None, 0), ("ex8-91", 70)):
        top = {"stadium": stadium} if stadium else {}
        g = game({"active": rayquaza}, {"active": {"card": "ex1-96"}}, settings=ALLOW, **top)
        act(g, "p1", "attack", attack="Lightning Storm")
        assert players(g)["p1"]["active"]["damage"] == counters


def test_delta_aura_is_off_under_space_center() -> None:
    # Latias (ex11-8, a Basic Pokémon) with Latios in play: Delta Aura lowers Extra Crush to
    # Lightning, Metal and Colorless; under Space Center the Body is off and the printed five
    # Energy are needed
    latias = {"card": "ex11-8", "energy": ["Lightning Energy", "Metal Energy", "Water Energy"]}
    extra_crush = Action("attack", "p1", {"attack": "Extra Crush"})
    g = game({"active": latias, "bench": ["ex11-9"]}, {"active": {"card": "ex1-96"}})
    assert g.check(extra_crush) is None
    g = game(
        {"active": latias, "bench": ["ex11-9"]}, {"active": {"card": "ex1-96"}}, stadium="ex8-91"
    )
    assert "ptcg.attack.energy" in str(g.check(extra_crush))


def test_reactive_booster_is_off_with_energy_root_on_its_gorebyss() -> None:
    # Huntail's React Energy gives 2 Energy of every type while Gorebyss's Reactive Booster
    # (ex12-17) works; Energy Root on that Gorebyss turns its Poké-Bodies off: one Colorless
    from turnkeeper.rulesets.ptcg.board import energy_units

    huntail = {"card": "ex12-18", "under": ["Clamperl"], "energy": ["ex12-82"]}
    for tool, units in ((None, [("Any",), ("Any",)]), (ROOT, [("Colorless",)])):
        gorebyss = {"card": "ex12-17", "under": ["Clamperl"], **({"tool": tool} if tool else {})}
        g = game({"active": huntail, "bench": [gorebyss]}, {"active": WAILORD}, settings=ALLOW)
        mon = g.state.sides[0].active
        assert mon is not None and energy_units(g.state, mon) == units
