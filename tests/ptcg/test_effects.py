"""Every card handler of the two theme decks, each shown doing what its card says."""

from __future__ import annotations

from typing import Any

import pytest

from tests.ptcg.board import HEADS, TAILS, act, game, view
from turnkeeper.core.game import Game
from turnkeeper.core.model import Action
from turnkeeper.dice.source import ForcedDice
from turnkeeper.rulesets.ptcg.engine import Ctx, hit
from turnkeeper.rulesets.ptcg.state import PtcgState

SWAMPERT = {"card": "Swampert", "under": ["Mudkip", "Marshtomp"]}


def active(g: Game[PtcgState], seat: str = "p2") -> dict[str, Any]:
    found: dict[str, Any] = view(g)["players"][seat]["active"]
    return found


# ---------------------------------------------------------------- Ruby
@pytest.mark.parametrize(("coin", "fire_left"), [(HEADS, 2), (TAILS, 1)])
def test_torchic_fireworks_discards_fire_on_tails(coin: int, fire_left: int) -> None:
    g = game(
        {"active": {"card": "Torchic", "energy": ["Fire Energy", "Fire Energy"]}},
        {"active": SWAMPERT},
    )
    act(g, "p1", "attack", [coin, TAILS], attack="Fireworks")
    assert active(g)["damage"] == 30
    assert active(g, "p1")["energy"].count("Fire Energy") == fire_left


@pytest.mark.parametrize(
    ("coins", "damage"), [([HEADS, HEADS], 80), ([HEADS, TAILS], 40), ([TAILS, TAILS], 0)]
)
def test_combusken_double_kick_40_per_heads(coins: list[int], damage: int) -> None:
    g = game(
        {"active": {"card": "Combusken", "under": ["Torchic"], "energy": ["Fire Energy"] * 3}},
        {"active": SWAMPERT},
    )
    act(g, "p1", "attack", coins, attack="Double Kick")
    assert active(g)["damage"] == damage


def test_blaziken_flamethrower_discards_a_fire_energy_card() -> None:
    g = game(
        {
            "active": {
                "card": "Blaziken",
                "under": ["Torchic", "Combusken"],
                "energy": ["Rainbow Energy", "Fire Energy", "Fighting Energy", "Fire Energy"],
            }
        },
        {"active": SWAMPERT},
    )
    act(g, "p1", "attack", attack="Flamethrower")
    assert active(g)["damage"] == 80
    # A Fire Energy *card* goes; the Rainbow Energy (which only provides Fire) stays.
    assert active(g, "p1")["energy"] == ["Rainbow Energy", "Fighting Energy", "Fire Energy"]
    assert view(g)["players"]["p1"]["discard"] == ["Fire Energy"]


def test_delcatty_energy_call_takes_energy_from_the_discard() -> None:
    g = game(
        {
            "active": {"card": "Delcatty", "under": ["Skitty"], "energy": ["Fire Energy"]},
            "discard": ["Fighting Energy"],
        },
        {"active": SWAMPERT},
    )
    actions = [a for a in g.legal_actions("p1") if a.kind == "attack"]
    assert Action("attack", "p1", {"attack": "Energy Call", "card": "ex1-105"}) in actions
    act(g, "p1", "attack", attack="Energy Call", card="Fighting Energy")
    assert active(g, "p1")["energy"] == ["Fire Energy", "Fighting Energy"]
    assert view(g)["players"]["p1"]["discard"] == []
    assert active(g)["damage"] == 10


def test_delcatty_cannonball_counts_spare_energy() -> None:
    g = game(
        {"active": {"card": "Delcatty", "under": ["Skitty"], "energy": ["Fire Energy"] * 4}},
        {"active": SWAMPERT},
    )
    act(g, "p1", "attack", attack="Cannonball")
    assert active(g)["damage"] == 50


@pytest.mark.parametrize(("coin", "conditions"), [(HEADS, ["paralyzed"]), (TAILS, [])])
def test_hariyama_shove_paralyzes_on_heads(coin: int, conditions: list[str]) -> None:
    g = game(
        {"active": {"card": "Hariyama", "under": ["Makuhita"], "energy": ["Fighting Energy"] * 2}},
        {"active": SWAMPERT},
    )
    act(g, "p1", "attack", [coin], attack="Shove")
    assert active(g)["damage"] == 20
    assert active(g)["conditions"] == conditions


def test_hariyama_slap_down_adds_10_per_heads() -> None:
    g = game(
        {"active": {"card": "Hariyama", "under": ["Makuhita"], "energy": ["Fighting Energy"] * 3}},
        {"active": SWAMPERT},
    )
    act(g, "p1", "attack", [HEADS, TAILS], attack="Slap Down")
    assert active(g)["damage"] == 50


def test_blaziken_clutch_blocks_retreat_only_for_the_next_turn() -> None:
    g = game(
        {
            "active": {
                "card": "Blaziken",
                "under": ["Torchic", "Combusken"],
                "energy": ["Fire Energy"] * 2,
            }
        },
        {"active": {"card": "Mudkip", "energy": ["Water Energy"]}, "bench": ["Wingull"]},
    )
    act(g, "p1", "attack", attack="Clutch")
    refusal = g.check(Action("retreat", "p2", {"target": "bench1"}))
    assert refusal is not None and refusal.rule == "ptcg.retreat.blocked"
    act(g, "p2", "end_turn")
    act(g, "p1", "end_turn")
    assert g.check(Action("retreat", "p2", {"target": "bench1"})) is None


# ---------------------------------------------------------------- Sapphire
@pytest.mark.parametrize(("coin", "conditions"), [(HEADS, ["paralyzed"]), (TAILS, [])])
def test_marshtomp_bubble(coin: int, conditions: list[str]) -> None:
    g = game(
        {"active": {"card": "Marshtomp", "under": ["Mudkip"], "energy": ["Water Energy"]}},
        {"active": "Makuhita"},
    )
    act(g, "p1", "attack", [coin], attack="Bubble")
    assert active(g)["damage"] == 10 and active(g)["conditions"] == conditions


def test_wailmer_rest_heals_clears_and_sleeps() -> None:
    g = game(
        {
            "active": {
                "card": "Wailmer",
                "energy": ["Water Energy"] * 2,
                "damage": 50,
                "conditions": ["poisoned", "confused"],
            }
        },
        {"active": "Makuhita"},
    )
    # Rest is not the attack that could fail: the Confused flip comes first (heads: attacks).
    act(g, "p1", "attack", [HEADS, TAILS], attack="Rest")
    me = active(g, "p1")
    assert me["damage"] == 10
    assert me["conditions"] == ["asleep"]  # tails between turns: still asleep, no poison


@pytest.mark.parametrize(
    ("energy", "damage"),
    [
        (["Water Energy", "Water Energy"], 20),
        (["Water Energy", "Grass Energy", "Water Energy"], 30),
        (["Water Energy"] * 4, 40),
        (["Water Energy"] * 5, 40),  # at most +20
    ],
)
def test_wailmer_water_gun_counts_spare_water(energy: list[str], damage: int) -> None:
    g = game({"active": {"card": "Wailmer", "energy": energy}}, {"active": SWAMPERT})
    act(g, "p1", "attack", attack="Water Gun")
    assert active(g)["damage"] == damage


@pytest.mark.parametrize(("coin", "damage"), [(HEADS, 20), (TAILS, 0)])
def test_wingull_surprise_attack(coin: int, damage: int) -> None:
    g = game({"active": {"card": "Wingull", "energy": ["Water Energy"]}}, {"active": "Makuhita"})
    act(g, "p1", "attack", [coin], attack="Surprise Attack")
    assert active(g)["damage"] == damage


def test_pelipper_stockpile_boosts_the_next_turn_only() -> None:
    g = game(
        {
            "active": {
                "card": "Pelipper",
                "under": ["Wingull"],
                "energy": ["Water Energy"] * 3,
                "damage": 50,
            }
        },
        {"active": SWAMPERT, "bench": ["Wailmer"]},
    )
    act(g, "p1", "attack", attack="Stockpile")
    act(g, "p2", "end_turn")
    act(g, "p1", "attack", attack="Swallow")
    assert active(g)["damage"] == 60
    assert active(g, "p1")["damage"] == 0  # healed 6 counters, had 5
    act(g, "p2", "end_turn")
    act(g, "p1", "attack", attack="Spit Up")
    assert active(g)["damage"] == 90  # back to 30


def test_pelipper_spit_up_after_stockpile_does_70() -> None:
    g = game(
        {"active": {"card": "Pelipper", "under": ["Wingull"], "energy": ["Water Energy"] * 2}},
        {"active": SWAMPERT},
    )
    act(g, "p1", "attack", attack="Stockpile")
    act(g, "p2", "end_turn")
    act(g, "p1", "attack", attack="Spit Up")
    assert active(g)["damage"] == 70


def test_koffing_double_edge_hurts_itself() -> None:
    g = game({"active": {"card": "Koffing", "energy": ["Grass Energy"] * 2}}, {"active": SWAMPERT})
    act(g, "p1", "attack", attack="Double-edge")
    assert active(g)["damage"] == 30 and active(g, "p1")["damage"] == 10


def test_weezing_confusion_gas_confuses() -> None:
    g = game(
        {"active": {"card": "Weezing", "under": ["Koffing"], "energy": ["Grass Energy"]}},
        {"active": SWAMPERT},
    )
    act(g, "p1", "attack", attack="Confusion Gas")
    assert active(g)["conditions"] == ["confused"] and active(g)["damage"] == 10


@pytest.mark.parametrize(
    ("coin", "conditions", "damage"), [(HEADS, ["poisoned"], 10), (TAILS, [], 0)]
)
def test_treecko_poison_breath(coin: int, conditions: list[str], damage: int) -> None:
    g = game({"active": {"card": "Treecko", "energy": ["Grass Energy"]}}, {"active": SWAMPERT})
    act(g, "p1", "attack", [coin], attack="Poison Breath")
    assert active(g)["conditions"] == conditions
    assert active(g)["damage"] == damage  # the poison counter between turns


def test_grovyle_poison_breath_and_swift() -> None:
    g = game(
        {"active": {"card": "Grovyle", "under": ["Treecko"], "energy": ["Grass Energy"] * 3}},
        {"active": SWAMPERT},
    )
    act(g, "p1", "attack", attack="Poison Breath")
    assert active(g)["conditions"] == ["poisoned"]
    act(g, "p2", "end_turn")
    act(g, "p1", "attack", attack="Swift")
    assert active(g)["damage"] == 3 * 10 + 30  # poison after each of 3 turns, plus Swift


def test_swift_damage_is_not_changed_by_resistance() -> None:
    # No card in the two decks is weak or resistant to Grass, so the damage helper Swift
    # uses is shown on a Water attacker against Treecko (Resistance: Water, -30).
    g = game({"active": "Mudkip"}, {"active": "Treecko"})
    ctx = Ctx(g.state.clone(), ForcedDice([]))
    assert hit(ctx, 0, 30) == 0
    assert hit(ctx, 0, 30, wr=False) == 30


def test_shroomish_sleep_powder() -> None:
    g = game({"active": {"card": "Shroomish", "energy": ["Grass Energy"]}}, {"active": SWAMPERT})
    act(g, "p1", "attack", [TAILS], attack="Sleep Powder")
    assert active(g)["conditions"] == ["asleep"] and active(g)["damage"] == 10


def test_swampert_hypno_splash() -> None:
    g = game(
        {
            "active": {
                "card": "ex1-13",
                "under": ["Mudkip", "Marshtomp"],
                "energy": ["Water Energy"] * 4,
            }
        },
        {"active": "Wailmer"},
    )
    act(g, "p1", "attack", [TAILS], attack="Hypno Splash")
    assert active(g)["conditions"] == ["asleep"] and active(g)["damage"] == 50


def test_natural_remedy_only_for_a_water_energy_card() -> None:
    g = game(
        {
            "active": {"card": "Swampert", "under": ["Mudkip", "Marshtomp"], "damage": 30},
            "hand": ["Rainbow Energy", "Water Energy"],
        },
        {"active": "Makuhita"},
    )
    act(g, "p1", "attach", card="Rainbow Energy", target="active")
    assert active(g, "p1")["damage"] == 40  # Rainbow's counter, no healing
    act(g, "p1", "end_turn")
    act(g, "p2", "end_turn")
    act(g, "p1", "attach", card="Water Energy", target="active")
    assert active(g, "p1")["damage"] == 30  # a Water Energy card heals one counter


# ---------------------------------------------------------------- Trainers
def test_energy_removal_2_heads_discards_the_chosen_energy() -> None:
    g = game(
        {"hand": ["Energy Removal 2"], "active": "Mudkip"},
        {
            "active": {"card": "Torchic", "energy": ["Fire Energy"]},
            "bench": [{"card": "Makuhita", "energy": ["Fighting Energy"]}],
        },
    )
    act(g, "p1", "play_trainer", [HEADS], card="Energy Removal 2")
    options = [a.cost for a in g.legal_actions("p1")]
    assert options == ["Fire Energy on Torchic (active)", "Fighting Energy on Makuhita (bench1)"]
    act(g, "p1", "choose", option=1)
    assert view(g)["players"]["p2"]["bench"][0]["energy"] == []
    assert view(g)["players"]["p2"]["discard"] == ["Fighting Energy"]
    assert view(g)["players"]["p1"]["discard"] == ["Energy Removal 2"]


def test_energy_removal_2_tails_does_nothing() -> None:
    g = game(
        {"hand": ["Energy Removal 2"], "active": "Mudkip"},
        {"active": {"card": "Torchic", "energy": ["Fire Energy"]}},
    )
    act(g, "p1", "play_trainer", [TAILS], card="Energy Removal 2")
    assert view(g)["phase"] == "main"
    assert active(g)["energy"] == ["Fire Energy"]


def test_pokenav_takes_one_and_orders_the_rest() -> None:
    g = game(
        {
            "hand": ["PokéNav"],
            "active": "Mudkip",
            "deck": ["Potion", "Treecko", "Professor Birch", "Grass Energy"],
        },
        {"active": "Torchic"},
    )
    act(g, "p1", "play_trainer", card="PokéNav")
    labels = [a.cost for a in g.legal_actions("p1")]
    assert labels == [
        "take Treecko; put back Potion, Professor Birch",
        "take Treecko; put back Professor Birch, Potion",
    ]
    act(g, "p1", "choose", option=1)
    p1 = view(g)["players"]["p1"]
    assert p1["hand"] == ["Treecko"]
    assert p1["deck"] == ["Professor Birch", "Potion", "Grass Energy"]


def test_poke_ball_heads_searches_and_shuffles() -> None:
    g = game(
        {
            "hand": ["Poké Ball"],
            "active": "Mudkip",
            "deck": ["Water Energy", "Treecko", "Water Energy", "Marshtomp"],
        },
        {"active": "Torchic"},
    )
    events = act(g, "p1", "play_trainer", [HEADS], card="Poké Ball")
    assert [e.type for e in events][-1] == "ask"
    assert [a.cost for a in g.legal_actions("p1")] == ["Treecko", "Marshtomp", "nothing"]
    events = act(g, "p1", "choose", [1, 1, 1], option=1)
    shuffle = [e for e in events if e.type == "shuffle"]
    assert len(shuffle) == 1 and len(shuffle[0].data["order"]) == 3
    assert view(g)["players"]["p1"]["hand"] == ["Marshtomp"]


def test_poke_ball_tails_finds_nothing() -> None:
    g = game({"hand": ["Poké Ball"], "active": "Mudkip"}, {"active": "Torchic"})
    act(g, "p1", "play_trainer", [TAILS], card="Poké Ball")
    assert view(g)["players"]["p1"]["hand"] == [] and view(g)["phase"] == "main"


def test_energy_search_and_its_ruby_stand_in() -> None:
    for card in ("ex1-90", "ecard1-153"):
        g = game(
            {
                "hand": [card],
                "active": "Mudkip",
                "deck": ["Treecko", "Grass Energy", "Rainbow Energy"],
            },
            {"active": "Torchic"},
        )
        act(g, "p1", "play_trainer", card=card)
        # Only basic Energy cards qualify: Rainbow Energy is special.
        assert [a.cost for a in g.legal_actions("p1")] == ["Grass Energy", "nothing"]
        act(g, "p1", "choose", [1, 1], option=0)
        assert view(g)["players"]["p1"]["hand"] == ["Grass Energy"]
        assert view(g)["players"]["p1"]["deck_count"] == 2


def test_confused_attacker_heads_attacks_normally() -> None:
    g = game(
        {"active": {"card": "Mudkip", "energy": ["Water Energy"], "conditions": ["confused"]}},
        {"active": "Makuhita"},
    )
    act(g, "p1", "attack", [HEADS], attack="Pound")
    assert active(g)["damage"] == 10 and active(g, "p1")["damage"] == 0


def test_water_call_onto_an_active_swampert_triggers_natural_remedy() -> None:
    g = game(
        {
            "active": {**SWAMPERT, "damage": 30},
            "hand": ["Water Energy"],
            "bench": [{"card": "ex1-13", "under": ["Mudkip", "Marshtomp"]}],
        },
        {"active": "Makuhita"},
    )
    act(g, "p1", "use_power", pokemon="bench1", power="Water Call")
    assert active(g, "p1")["damage"] == 20
    assert view(g)["this_turn"]["energy_played"] is False
