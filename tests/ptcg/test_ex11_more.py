"""EX Delta Species (ex11), the cards of effect_data_ex11_more.py: Jolteon δ, Vaporeon δ and
Holon Ruins (a Stadium its players use); each effect shown both ways."""

from __future__ import annotations

from typing import Any

import pytest

from tests.ptcg.board import act, check_invariants, game, view
from tests.ptcg.set_cards import WAILORD, attack, defending, pending, players
from turnkeeper.core.model import IllegalActionError
from turnkeeper.rulesets.ptcg import RULESET

HOLON_FF = "ex11-104"
JOLTEON = {"card": "ex11-7", "under": ["Eevee"]}
HOLON_RUINS = "ex11-96"
GEODUDE = {"card": "ex12-53"}
CHANSEY_EX = {"card": "ex1-96"}  # 120 HP, weak to Fighting only


@pytest.mark.parametrize("card", ["ex11-7", "ex11-18"])
def test_delta_search_attaches_a_holon_energy_as_flareons(card: str) -> None:
    g = attack(card, "Delta Search", p1={"deck": [HOLON_FF, "Potion"]}, defender=CHANSEY_EX)
    assert pending(g)["options"] == ["Holon Energy FF", "nothing"]
    act(g, "p1", "choose", option=0)
    assert players(g)["p1"]["active"]["energy"][-1] == "Holon Energy FF"
    assert defending(g)["damage"] == 10


def test_return_spark_hits_a_benched_pokemon_only_if_an_energy_goes_back() -> None:
    p2 = {"bench": [GEODUDE, {"card": "ex12-42"}]}
    g = attack("ex11-7", "Return Spark", p2=p2, defender=CHANSEY_EX)
    assert defending(g)["damage"] == 50
    assert pending(g)["options"] == ["Lightning Energy", "Metal Energy", "Water Energy", "none"]
    act(g, "p1", "choose", option=1)
    assert players(g)["p1"]["hand"] == ["Metal Energy"]
    assert pending(g)["options"] == ["Geodude (bench1)", "Roselia (bench2)"]
    act(g, "p1", "choose", option=1)
    assert [m["damage"] for m in players(g)["p2"]["bench"]] == [0, 20]  # no Weakness there
    check_invariants(g.state)
    g = attack("ex11-7", "Return Spark", p2=p2, defender=CHANSEY_EX)
    act(g, "p1", "choose", option=3)  # none
    assert [m["damage"] for m in players(g)["p2"]["bench"]] == [0, 0]
    assert players(g)["p1"]["hand"] == [] and view(g).get("pending") is None
    # no Benched Pokémon: the Energy may still go back, nothing more happens
    g = attack("ex11-7", "Return Spark", defender=CHANSEY_EX)
    act(g, "p1", "choose", option=0)
    assert players(g)["p1"]["hand"] == ["Lightning Energy"] and view(g).get("pending") is None


def test_return_wave_sends_a_defending_energy_back_only_if_one_of_its_own_goes() -> None:
    defender = {**WAILORD, "energy": ["Fire Energy", "Grass Energy"]}
    g = attack("ex11-18", "Return Wave", defender=defender)
    act(g, "p1", "choose", option=0)  # Water Energy back
    assert pending(g)["options"] == ["Fire Energy", "Grass Energy"]
    act(g, "p1", "choose", option=1)
    p2 = players(g)["p2"]
    assert p2["active"]["energy"] == ["Fire Energy"] and "Grass Energy" in p2["hand"]
    check_invariants(g.state)
    g = attack("ex11-18", "Return Wave", defender=defender)
    assert pending(g)["options"] == ["Water Energy", "Metal Energy", "none"]
    act(g, "p1", "choose", option=2)
    assert defending(g)["energy"] == ["Fire Energy", "Grass Energy"]


def _ruins(p1: dict[str, Any]) -> Any:
    return game(
        {"active": WAILORD, **p1}, {"active": WAILORD}, stadium={"card": HOLON_RUINS, "owner": "p2"}
    )


def test_holon_ruins_draws_then_discards_once_a_turn_with_a_delta_pokemon() -> None:
    g = _ruins({"bench": [JOLTEON], "hand": ["Potion"], "deck": ["Grass Energy"] * 3})
    act(g, "p1", "use_stadium")
    assert sorted(pending(g)["options"]) == ["Grass Energy", "Potion"]  # must discard one
    act(g, "p1", "choose", option=pending(g)["options"].index("Potion"))
    p1 = players(g)["p1"]
    assert p1["hand"] == ["Grass Energy"] and p1["discard"] == ["Potion"]
    check_invariants(g.state)
    with pytest.raises(IllegalActionError) as raised:
        act(g, "p1", "use_stadium")
    assert raised.value.refusal.rule == "ptcg.stadium.once-per-turn"


def test_holon_ruins_is_refused_without_a_delta_pokemon_or_a_deck() -> None:
    g = _ruins({"bench": [GEODUDE]})
    with pytest.raises(IllegalActionError, match="no Pokémon with δ in play"):
        act(g, "p1", "use_stadium")
    g = _ruins({"bench": [JOLTEON], "deck": []})
    with pytest.raises(IllegalActionError, match="the deck is empty") as raised:
        act(g, "p1", "use_stadium")
    assert raised.value.refusal.rule == "ptcg.stadium.requirement"


# ---------------------------------------------------------------------------- Holon Energy WP
WP_PRINTS = ["ex11-106", "ex15-86"]  # ex15-86 reprints it (one handler)


@pytest.mark.parametrize("wp", WP_PRINTS)
def test_holon_energy_wp_with_basic_water_keeps_effects_but_not_damage_off(wp: str) -> None:
    shielded = {**WAILORD, "energy": [wp, "Water Energy"]}
    g = attack("ex12-56", "Confuse Ray", defender=shielded)  # Lileep: 20 and Confused
    assert defending(g)["damage"] == 20 and defending(g)["conditions"] == []
    g = attack("ex12-52", "Smog", defender=shielded)  # Poisoned only: nothing at all
    assert defending(g)["damage"] == 0 and defending(g)["conditions"] == []
    g = attack("ex12-35", "Haunt", defender=shielded)  # damage counters: an effect
    assert defending(g)["damage"] == 0
    # without the basic Water Energy card, or on a Pokémon-ex: no protection
    g = attack("ex12-52", "Smog", defender={**WAILORD, "energy": [wp, "Fire Energy"]})
    assert defending(g)["conditions"] == ["poisoned"]
    g = attack("ex12-52", "Smog", defender={**CHANSEY_EX, "energy": [wp, "Water Energy"]})
    assert defending(g)["conditions"] == ["poisoned"]


@pytest.mark.parametrize("wp", WP_PRINTS)
def test_holon_energy_wp_with_basic_psychic_makes_the_retreat_free(wp: str) -> None:
    bench = [GEODUDE]
    g = game(
        {"active": {**WAILORD, "energy": [wp, "Psychic Energy"]}, "bench": bench},
        {"active": WAILORD},
    )
    retreat = [a for a in g.legal_actions("p1") if a.kind == "retreat"]
    assert retreat and dict(retreat[0].cost_detail or {})["discard_energy"] == 0
    act(g, "p1", "retreat", target="bench1")
    assert players(g)["p1"]["bench"][0]["energy"] == ["Holon Energy WP", "Psychic Energy"]
    g = game(
        {"active": {**WAILORD, "energy": [wp, "Water Energy"]}, "bench": bench},
        {"active": WAILORD},
    )
    assert not [a for a in g.legal_actions("p1") if a.kind == "retreat"]  # Wailord's 4


# ---------------------------------------------------------------------------- Hypno
HYPNO = {"card": "ex11-23", "under": ["Drowzee"]}


def test_binding_aura_stops_evolving_the_active_and_energy_onto_the_asleep() -> None:
    mine = {"active": {"card": "ex12-49"}, "bench": [{"card": "ex12-49"}], "hand": ["ex12-47"]}
    g = game(mine, {"active": WAILORD, "bench": [HYPNO]})  # Hypno on the Bench works too
    with pytest.raises(IllegalActionError, match="Binding Aura"):
        act(g, "p1", "evolve", card="ex12-47", target="active")
    act(g, "p1", "evolve", card="ex12-47", target="bench1")  # a Benched one may evolve
    asleep = {"active": {"card": "ex12-49", "conditions": ["asleep"]}, "hand": ["Grass Energy"]}
    g = game(asleep, {"active": HYPNO})
    with pytest.raises(IllegalActionError, match="Binding Aura") as raised:
        act(g, "p1", "attach", card="Grass Energy", target="active")
    assert raised.value.refusal.rule == "ptcg.energy.condition"
    g = game({**asleep, "active": {"card": "ex12-49"}}, {"active": HYPNO})
    act(g, "p1", "attach", card="Grass Energy", target="active")  # not Asleep: allowed
    g = game(mine, {"active": WAILORD})
    act(g, "p1", "evolve", card="ex12-47", target="active")  # no Hypno: allowed


def test_sleep_inducer_switches_in_a_pokemon_that_falls_asleep() -> None:
    g = attack("ex11-23", "Sleep Inducer", mon={"under": ["Drowzee"]}, p2={"bench": [GEODUDE]})
    act(g, "p2", "choose", option=0)
    p2 = players(g)["p2"]
    assert p2["active"]["card"] == "Geodude" and p2["active"]["conditions"] == ["asleep"]
    g = attack("ex11-23", "Sleep Inducer", mon={"under": ["Drowzee"]})
    assert defending(g)["conditions"] == []


# ---------------------------------------------------------------------------- Mewtwo δ
MEWTWO = "ex11-12"


def test_delta_switch_moves_basic_energy_between_the_other_pokemon() -> None:
    mine = {
        "active": {**WAILORD, "energy": ["Water Energy", "Water Energy", HOLON_FF]},
        "bench": [GEODUDE],
        "hand": [MEWTWO],
    }
    g = game(mine, {"active": WAILORD})
    act(g, "p1", "bench", card=MEWTWO)
    assert pending(g)["options"] == ["Water Energy from Wailord (active)", "done"]  # basic only
    act(g, "p1", "choose", option=0)
    assert pending(g)["options"] == ["Geodude (bench1)"]  # never onto Mewtwo δ
    act(g, "p1", "choose", option=0)
    act(g, "p1", "choose", option=0)  # the second Water Energy card
    act(g, "p1", "choose", option=0)
    p1 = players(g)["p1"]
    assert p1["bench"][0]["energy"] == ["Water Energy", "Water Energy"]
    assert p1["active"]["energy"] == ["Holon Energy FF"] and view(g).get("pending") is None
    check_invariants(g.state)
    g = game(mine, {"active": WAILORD})
    act(g, "p1", "bench", card=MEWTWO)
    act(g, "p1", "choose", option=1)  # done at once: nothing moves
    assert players(g)["p1"]["active"]["energy"][:2] == ["Water Energy", "Water Energy"]
    # with only one other Pokémon there is nowhere to move to: nothing is asked
    g = game({**mine, "bench": []}, {"active": WAILORD})
    act(g, "p1", "bench", card=MEWTWO)
    assert view(g).get("pending") is None
    with pytest.raises(IllegalActionError, match="only as the Pokémon is put onto the Bench"):
        act(g, "p1", "use_power", pokemon="bench1", power="Delta Switch")


def test_energy_burst_counts_the_energy_on_both_pokemon() -> None:
    g = attack(MEWTWO, "Energy Burst", defender={**CHANSEY_EX, "energy": ["Fire Energy"]})
    assert defending(g)["damage"] == 30  # Mewtwo's 2 and Chansey's 1
    g = attack(MEWTWO, "Energy Burst", defender=CHANSEY_EX)
    assert defending(g)["damage"] == 20


# ---------------------------------------------------------------------------- Research Tower
TOWER = {"card": "ex11-94", "owner": "p2"}


def _can_attack(g: Any, name: str) -> bool:
    return any(a.params.get("attack") == name for a in g.legal_actions("p1"))


def test_holon_research_tower_lets_basic_energy_on_a_delta_pokemon_pay_metal() -> None:
    # Jolteon δ's Return Spark costs Lightning, Metal and Colorless
    jolteon = {**JOLTEON, "energy": ["Lightning Energy"] * 3}
    g = game({"active": jolteon}, {"active": CHANSEY_EX}, stadium=TOWER)
    assert _can_attack(g, "Return Spark")
    g = game({"active": jolteon}, {"active": CHANSEY_EX})
    assert not _can_attack(g, "Return Spark")
    # one Energy at a time: two Lightning Energy cards are still two Energy
    g = game({"active": {**JOLTEON, "energy": ["Lightning Energy"] * 2}}, {"active": CHANSEY_EX},
             stadium=TOWER)
    assert not _can_attack(g, "Return Spark")
    # not on a Pokémon without δ: Registeel ★'s Barrier Attack needs a Metal Energy
    registeel = {"card": "ex12-92", "energy": ["Water Energy"]}
    g = game({"active": registeel}, {"active": CHANSEY_EX}, stadium=TOWER)
    assert not _can_attack(g, "Barrier Attack")


# ---------------------------------------------------------------------------- Slowking
SLOWKING = {"card": "ex11-28", "under": ["Slowpoke"]}


def _use_prize_shift(g: Any) -> None:
    act(g, "p1", "use_power", power="Prize Shift", pokemon="active")


def _shift(mon: dict[str, Any] | None = None, **p1: Any) -> Any:
    side = {"active": {**SLOWKING, **(mon or {})}, "hand": ["Switch", "Potion"], **p1}
    side.setdefault("prizes", ["Fire Energy", "ex11-104", "Grass Energy"])
    return game(side, {"active": WAILORD})


def test_prize_shift_puts_a_hand_card_face_up_and_takes_an_unseen_prize() -> None:
    g = _shift()
    _use_prize_shift(g)
    assert pending(g)["options"] == ["Switch", "Potion"]
    act(g, "p1", "choose", option=1)  # Potion down as a face-up Prize card
    # the three face-down ones, by position only: the names stay unseen
    assert pending(g)["options"] == [f"face-down Prize card {i}" for i in (1, 2, 3)]
    act(g, "p1", "choose", option=1)  # the second: Holon Energy FF
    p1 = players(g)["p1"]
    assert sorted(p1["hand"]) == ["Holon Energy FF", "Switch"]
    assert len(g.state.sides[0].prizes) == 3 and len(p1["hand"]) == 2  # the counts stay
    assert sorted(g.state.card(c).name for c in g.state.sides[0].prizes) == [
        "Fire Energy",
        "Grass Energy",
        "Potion",
    ]
    for seat in ("p1", "p2"):  # the face-up Prize card is seen by both players
        seen = RULESET.view(g.state, seat)["players"]["p1"]
        assert seen["prizes_face_up"] == ["Potion"]
    assert "prizes" not in RULESET.view(g.state, "p2")["players"]["p1"]
    check_invariants(g.state)
    # once a turn
    with pytest.raises(IllegalActionError) as raised:
        _use_prize_shift(g)
    assert raised.value.refusal.rule == "ptcg.power.once-per-turn"


@pytest.mark.parametrize("condition", ["asleep", "confused", "paralyzed", "poisoned", "burned"])
def test_prize_shift_is_refused_while_slowking_has_a_special_condition(condition: str) -> None:
    g = _shift({"conditions": [condition]})
    with pytest.raises(IllegalActionError) as raised:
        _use_prize_shift(g)
    assert raised.value.refusal.rule == "ptcg.power.condition"
    assert players(g)["p1"]["hand"] == ["Switch", "Potion"]


def test_prize_shift_is_refused_once_every_prize_card_is_face_up() -> None:
    # Here Comes Team Rocket! turns them all up
    g = _shift(hand=["ex7-111", "Potion"])
    act(g, "p1", "play_trainer", card="ex7-111")
    with pytest.raises(IllegalActionError) as raised:
        _use_prize_shift(g)
    assert raised.value.refusal.rule == "ptcg.power.requirement"
    assert "face up" in str(raised.value)
    # one face-up card (an earlier Prize Shift) leaves the rest face down: allowed again
    g = _shift(prizes=["Fire Energy"], hand=["Potion", "Switch"])
    _use_prize_shift(g)
    act(g, "p1", "choose", option=0)  # Potion up
    act(g, "p1", "choose", option=0)  # Fire Energy to the hand
    assert players(g)["p1"]["hand"] == ["Switch", "Fire Energy"]
    act(g, "p1", "end_turn")
    act(g, "p2", "end_turn")
    # the only Prize card (Potion) is face up now: refused
    with pytest.raises(IllegalActionError) as raised:
        _use_prize_shift(g)
    assert raised.value.refusal.rule == "ptcg.power.requirement"


def test_prize_shift_is_refused_with_an_empty_hand_and_after_the_attack() -> None:
    g = _shift(hand=[])
    with pytest.raises(IllegalActionError) as raised:
        _use_prize_shift(g)
    assert raised.value.refusal.rule == "ptcg.power.requirement"
    # the attack ends the turn: no Prize Shift after it
    g = _shift({"energy": ["Water Energy", "Water Energy"]})
    act(g, "p1", "attack", attack="Psychic Option")
    with pytest.raises(IllegalActionError) as raised:
        _use_prize_shift(g)
    assert raised.value.refusal.rule == "ptcg.attack.ends-turn"
    assert players(g)["p1"]["hand"] == ["Switch", "Potion"]


def test_psychic_option_adds_20_with_water_energy_only() -> None:
    g = attack("ex11-28", "Psychic Option", mon={"energy": ["Water Energy", "Metal Energy"]})
    assert defending(g)["damage"] == 40
    g = attack("ex11-28", "Psychic Option", mon={"energy": ["Metal Energy", "Metal Energy"]})
    assert defending(g)["damage"] == 20


def test_psychic_option_discards_a_special_energy_with_psychic_energy_only() -> None:
    defender = {**WAILORD, "energy": ["Fire Energy", HOLON_FF, "ex11-105"]}
    mon = {"energy": ["Psychic Energy", "Metal Energy"]}
    g = attack("ex11-28", "Psychic Option", mon=mon, defender=defender)
    assert pending(g)["options"] == ["Holon Energy FF", "Holon Energy GL"]
    act(g, "p1", "choose", option=1)
    assert defending(g)["energy"] == ["Fire Energy", "Holon Energy FF"]
    assert defending(g)["damage"] == 20
    check_invariants(g.state)
    # no Psychic Energy: nothing asked, nothing discarded
    g = attack("ex11-28", "Psychic Option", mon={"energy": ["Water Energy"] * 2}, defender=defender)
    assert view(g).get("pending") is None
    assert len(defending(g)["energy"]) == 3
    # Psychic Energy, but only basic Energy on the Defending Pokémon: nothing asked
    plain = {**WAILORD, "energy": ["Fire Energy"]}
    g = attack("ex11-28", "Psychic Option", mon=mon, defender=plain)
    assert view(g).get("pending") is None and defending(g)["energy"] == ["Fire Energy"]
