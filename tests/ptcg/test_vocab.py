"""The effect vocabulary (vocab.py): each primitive shown doing its work and not doing it,
on real cards of ex1-ex4 whose attacks are written as data (effect_data.py)."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from tests.ptcg.board import HEADS, TAILS, act, game, view
from turnkeeper.core.model import IllegalActionError
from turnkeeper.dice.source import ForcedDice
from turnkeeper.rulesets.ptcg import registry as reg
from turnkeeper.rulesets.ptcg.cards import find_card, pool
from turnkeeper.rulesets.ptcg.context import Ctx
from turnkeeper.rulesets.ptcg.effect_data import ATTACK_STEPS
from turnkeeper.rulesets.ptcg.vocab import (
    BenchDamage,
    DiscardEnergy,
    Hit,
    Run,
    TailsNothing,
    TimesHeads,
    extra_energy,
    program,
)

RAINBOW = "Rainbow Energy"  # pays any cost; one Energy each
WAILORD = {"card": "ex1-14", "under": ["Wailmer"]}  # 120 HP, Water, weak to Lightning


# The cards here are shown for one attack each; their other effects (a Poké-Body, another
# attack) may have no handler yet, which the setting lets the position hold.
ALLOW = {"allow_unimplemented": True}


def play(p1: dict[str, Any], p2: dict[str, Any]) -> Any:
    return game(p1, p2, settings=ALLOW)


def attacker(card: str, energy: list[str] | None = None, **more: Any) -> dict[str, Any]:
    return {"card": card, "energy": energy if energy is not None else [RAINBOW] * 5, **more}


def attack(
    me: dict[str, Any],
    name: str,
    coins: list[int] | None = None,
    them: dict[str, Any] | None = None,
    **params: Any,
) -> tuple[Any, dict[str, Any]]:
    g = play(me, them or {"active": WAILORD})
    act(g, "p1", "attack", coins=coins, attack=name, **params)
    return g, view(g)["players"]


def damage(players: dict[str, Any], seat: str = "p2") -> int:
    return int(players[seat]["active"]["damage"])


# ---------------------------------------------------------------------------- modifiers
def test_times_heads_counts_each_heads_and_all_tails_do_nothing() -> None:
    _, p = attack({"active": attacker("ex1-25")}, "Double Stab", [HEADS, HEADS])
    assert damage(p) == 40
    _, p = attack({"active": attacker("ex1-25")}, "Double Stab", [TAILS, TAILS])
    assert damage(p) == 0


def test_flip_until_tails() -> None:
    me = {"active": attacker("ex1-38", under=["Zigzagoon"])}
    _, p = attack(me, "Continuous Headbutt", [HEADS, HEADS, TAILS])
    assert damage(p) == 80
    _, p = attack(me, "Continuous Headbutt", [TAILS])
    assert damage(p) == 0


def test_plus_per_heads_and_plus_if_heads() -> None:
    lairon = {"active": attacker("ex1-37", under=["Aron"])}
    _, p = attack(lairon, "One-Two Strike", [HEADS, TAILS])
    assert damage(p) == 50
    _, p = attack(lairon, "One-Two Strike", [TAILS, TAILS])
    assert damage(p) == 30
    mightyena = {"active": attacker("ex1-42", under=["Poochyena"])}
    _, p = attack(mightyena, "Ambush", [HEADS])
    assert damage(p) == 60
    _, p = attack(mightyena, "Ambush", [TAILS])
    assert damage(p) == 30


def test_tails_the_attack_does_nothing() -> None:
    me = {"active": attacker("ex1-28", under=["Torchic"])}
    _, p = attack(me, "Lunge", [HEADS])
    assert damage(p) == 50
    _, p = attack(me, "Lunge", [TAILS])
    assert damage(p) == 0


def test_plus_per_damage_counter_on_itself() -> None:
    vigoroth = attacker("ex1-47", under=["Slakoth"])
    _, p = attack({"active": {**vigoroth, "damage": 30}}, "Rage")
    assert damage(p) == 50
    _, p = attack({"active": vigoroth}, "Rage")
    assert damage(p) == 20


def test_plus_per_energy_beyond_the_cost_is_capped() -> None:
    # Energy Ball costs one Water Energy: 3 more on Lapras ex would be +30, capped at +20
    lapras = "ex1-99"
    _, p = attack({"active": attacker(lapras, ["Water Energy"] * 4)}, "Energy Ball")
    assert damage(p) == 30
    _, p = attack({"active": attacker(lapras, ["Water Energy"])}, "Energy Ball")
    assert damage(p) == 10


def test_extra_energy_pays_the_other_symbols_with_other_energy_first() -> None:
    g = play(
        {"active": attacker("ex1-99", ["Water Energy", "Water Energy", "Fire Energy"])},
        {"active": WAILORD},
    )
    # cost Water + Colorless: Fire pays the Colorless, one Water spare
    assert extra_energy(g.state, 0, "Water", ("Water", "Colorless")) == 1
    # cost Water + Water: both Water Energy are needed, none spare
    assert extra_energy(g.state, 0, "Water", ("Water", "Water")) == 0


def test_minus_per_energy_on_the_defending_pokemon() -> None:
    shiftry = {"active": attacker("ex2-12", under=["Seedot", "Nuzleaf"])}
    _, p = attack(shiftry, "Light Touch Throw", them={"active": WAILORD})
    assert damage(p) == 80
    loaded = {**WAILORD, "energy": ["Water Energy"] * 3}
    _, p = attack(shiftry, "Light Touch Throw", them={"active": loaded})
    assert damage(p) == 50


def test_times_a_count_of_damage_counters() -> None:
    _, p = attack({"active": {**attacker("ex1-55"), "damage": 40}}, "Flail")
    assert damage(p) == 40
    _, p = attack({"active": attacker("ex1-55")}, "Flail")
    assert damage(p) == 0


def test_plus_if_the_defending_pokemon_is_a_pokemon_ex() -> None:
    hariyama = {"active": attacker("ex1-8", under=["Makuhita"])}
    _, p = attack(hariyama, "Mega Throw", them={"active": "ex1-99"})  # Lapras ex
    assert damage(p) == 80
    _, p = attack(hariyama, "Mega Throw")
    assert damage(p) == 40


def test_base_damage_changes_when_energy_amounts_differ() -> None:
    ralts = {"active": attacker("ex1-68", [RAINBOW, RAINBOW])}
    _, p = attack(ralts, "Link Blast", them={"active": {**WAILORD, "energy": ["Water Energy"]}})
    assert damage(p) == 10
    _, p = attack(ralts, "Link Blast", them={"active": {**WAILORD, "energy": ["Water Energy"] * 2}})
    assert damage(p) == 40


# ---------------------------------------------------------------------------- the hit
def test_an_attack_not_affected_by_resistance() -> None:
    swellow = {"active": {"card": "ex1-46", "under": ["Taillow"]}}  # resists Fighting
    _, p = attack({"active": attacker("ex1-98")}, "Sky Uppercut", them=swellow)
    assert damage(p) == 50
    # the same Pokémon's other attack meets the Resistance: 10 + 10 on heads - 30
    _, p = attack({"active": attacker("ex1-98")}, "Steady Punch", [HEADS], them=swellow)
    assert damage(p) == 0


def test_a_chosen_target_takes_the_damage_and_a_missing_one_is_refused() -> None:
    them = {"active": WAILORD, "bench": ["Mudkip"]}
    seaking = {"active": attacker("ex1-21", under=["Goldeen"])}
    _, p = attack(seaking, "Water Arrow", them=them, target="bench1")
    assert p["p2"]["bench"][0]["damage"] == 20 and damage(p) == 0
    g = play(seaking, them)
    with pytest.raises(IllegalActionError) as info:
        act(g, "p1", "attack", attack="Water Arrow", target="bench3")
    assert info.value.refusal.rule == "ptcg.target.in-play"


def test_a_bench_only_target_may_not_be_the_active() -> None:
    camerupt = {"active": attacker("ex1-4", under=["Numel"])}
    them = {"active": WAILORD, "bench": ["Mudkip"]}
    _, p = attack(camerupt, "Lava Burn", them=them, target="bench1")
    assert damage(p) == 20 and p["p2"]["bench"][0]["damage"] == 10
    g = play(camerupt, them)
    with pytest.raises(IllegalActionError) as info:
        act(g, "p1", "attack", attack="Lava Burn", target="active")
    assert info.value.refusal.rule == "ptcg.target.in-play"
    offered = [a.params for a in g.legal_actions("p1") if a.kind == "attack"]
    assert {"attack": "Lava Burn", "target": "bench1"} in offered


# ---------------------------------------------------------------------------- effects
def test_a_special_condition_on_heads_only() -> None:
    ralts = {"active": attacker("ex1-66")}
    _, p = attack(ralts, "Confuse Ray", [HEADS])
    assert p["p2"]["active"]["conditions"] == ["confused"]
    _, p = attack(ralts, "Confuse Ray", [TAILS])
    assert p["p2"]["active"]["conditions"] == []


def test_one_condition_on_heads_another_on_tails() -> None:
    illumise = {"active": attacker("ex2-38")}
    _, p = attack(illumise, "Chaotic Noise", [HEADS])
    assert p["p2"]["active"]["conditions"] == ["confused"]
    # asleep: one more coin between turns, where tails keeps it asleep
    _, p = attack(illumise, "Chaotic Noise", [TAILS, TAILS])
    assert p["p2"]["active"]["conditions"] == ["asleep"]


def test_an_effect_under_a_condition_of_the_board() -> None:
    lunatone = {"active": attacker("ex2-8"), "deck": ["Water Energy"] * 6}
    evolved = {"active": WAILORD}
    _, p = attack(lunatone, "Cosmic Draw", them=evolved)
    assert p["p1"]["hand_count"] == 3
    _, p = attack(lunatone, "Cosmic Draw", them={"active": "ex1-99"})
    assert p["p1"]["hand_count"] == 0


def test_damage_to_itself_on_tails() -> None:
    manectric = {"active": attacker("ex1-9", under=["Electrike"])}
    _, p = attack(manectric, "Thunder Jolt", [TAILS])
    assert damage(p, "p1") == 10 and damage(p) == 100  # weak to Lightning
    _, p = attack(manectric, "Thunder Jolt", [HEADS])
    assert damage(p, "p1") == 0


def test_bench_damage_to_both_sides_without_weakness() -> None:
    lairon = {"active": attacker("ex1-37", under=["Aron"]), "bench": ["Mudkip"]}
    them = {"active": WAILORD, "bench": ["Torchic"]}
    _, p = attack(lairon, "Magnitude", them=them)
    assert p["p1"]["bench"][0]["damage"] == 10 and p["p2"]["bench"][0]["damage"] == 10
    _, p = attack({"active": attacker("ex1-37", under=["Aron"])}, "Magnitude")
    assert p["p1"]["bench"] == [] and damage(p) == 20


def test_a_required_energy_discard_or_the_attack_does_nothing() -> None:
    two = ["Fire Energy", "Fire Energy", RAINBOW, RAINBOW]
    camerupt = {"active": attacker("ex1-4", two, under=["Numel"])}
    _, p = attack(camerupt, "Fire Spin")
    assert damage(p) == 100 and p["p1"]["active"]["energy"] == [RAINBOW, RAINBOW]
    one = ["Fire Energy", RAINBOW, RAINBOW, RAINBOW]
    _, p = attack({"active": attacker("ex1-4", one, under=["Numel"])}, "Fire Spin")
    # Rainbow Energy is special, not basic: only one basic to discard, so nothing happens
    assert damage(p) == 0 and len(p["p1"]["active"]["energy"]) == 4


def test_the_player_picks_which_energy_card_to_discard() -> None:
    flygon = {
        "active": attacker(
            "ex3-15", ["Grass Energy", "Lightning Energy", RAINBOW], under=["Trapinch", "Vibrava"]
        )
    }
    g = play(flygon, {"active": WAILORD})
    offered = [a.params for a in g.legal_actions("p1") if a.kind == "attack"]
    assert {"attack": "Air Slash", "card": "ex1-95"} in offered
    with pytest.raises(IllegalActionError) as info:
        act(g, "p1", "attack", attack="Air Slash")
    assert info.value.refusal.rule == "ptcg.card.wrong-kind"
    act(g, "p1", "attack", coins=[TAILS], attack="Air Slash", card="ex1-95")
    assert view(g)["players"]["p1"]["active"]["energy"] == ["Grass Energy", "Lightning Energy"]


def test_an_effect_that_follows_a_discard_happens_only_if_there_was_one() -> None:
    them = {"active": WAILORD, "bench": ["Mudkip"]}
    line = ["Torchic", "Combusken"]
    fire = {
        "active": attacker("ex1-3", ["Fire Energy", "Water Energy", "Water Energy"], under=line)
    }
    _, p = attack(fire, "Fire Stream", them=them)
    assert p["p2"]["bench"][0]["damage"] == 10
    assert p["p1"]["active"]["energy"] == ["Water Energy", "Water Energy"]
    # the other way, on the step itself: no Water Energy to discard, so no Bench damage
    for energy, bench_damage in ((["Fire Energy"], 0), (["Water Energy"], 10)):
        g = play({"active": attacker("ex1-3", energy, under=line)}, them)
        ctx = Ctx(copy.deepcopy(g.state), ForcedDice([]))
        DiscardEnergy(1, "Water", then=(BenchDamage(10),)).run(ctx, 0, Run(0))
        assert ctx.s.sides[1].bench[0].damage == bench_damage


def test_heal_itself_and_each_other_pokemon() -> None:
    _, p = attack({"active": {**attacker("ex2-67"), "damage": 30}}, "Blot")
    assert damage(p, "p1") == 20
    chansey = {
        "active": {**attacker("ex1-96"), "damage": 30},
        "bench": [{"card": "Mudkip", "damage": 30}],
    }
    _, p = attack(chansey, "Healing Egg")
    assert damage(p, "p1") == 30 and p["p1"]["bench"][0]["damage"] == 10


def test_the_defending_pokemon_cannot_retreat_next_turn() -> None:
    silcoon = {"active": attacker("ex1-43", under=["Wurmple"])}
    them = {"active": {**WAILORD, "energy": ["Water Energy"] * 3}, "bench": ["Mudkip"]}
    g, _ = attack(silcoon, "Gooey Thread", them=them)
    with pytest.raises(IllegalActionError) as info:
        act(g, "p2", "retreat", target="bench1")
    assert info.value.refusal.rule == "ptcg.retreat.blocked"


def test_a_guard_reduces_or_prevents_the_next_turns_damage() -> None:
    aron = {"active": attacker("ex1-49"), "bench": ["Mudkip"]}
    them = {"active": attacker("ex1-25", under=[])}
    g, _ = attack(aron, "Teary Eyes", them=them)
    act(g, "p2", "attack", attack="Rollout")
    assert damage(view(g)["players"], "p1") == 0  # 10 - 10
    scyther = {"active": attacker("ex1-102")}
    them = {"active": attacker("ex1-66")}
    g, _ = attack(scyther, "Agility", [HEADS], them=them)
    act(g, "p2", "attack", coins=[HEADS], attack="Confuse Ray")
    p = view(g)["players"]
    assert damage(p, "p1") == 0 and p["p1"]["active"]["conditions"] == []
    g, _ = attack(scyther, "Agility", [TAILS], them=them)
    act(g, "p2", "attack", coins=[HEADS], attack="Confuse Ray")
    p = view(g)["players"]
    assert damage(p, "p1") == 10 and p["p1"]["active"]["conditions"] == ["confused"]


def test_attach_from_the_discard_pile_or_the_hand() -> None:
    electrike = {
        "active": attacker("ex1-30", ["Lightning Energy"]),
        "discard": ["Lightning Energy"],
    }
    _, p = attack(electrike, "Charge")
    assert p["p1"]["active"]["energy"] == ["Lightning Energy", "Lightning Energy"]
    _, p = attack({"active": attacker("ex1-30", ["Lightning Energy"])}, "Charge")
    assert p["p1"]["active"]["energy"] == ["Lightning Energy"]
    shroomish = {"active": attacker("ex2-78", [RAINBOW]), "hand": ["Grass Energy", "Water Energy"]}
    _, p = attack(shroomish, "Growth Spurt")
    assert p["p1"]["active"]["energy"] == [RAINBOW, "Grass Energy"]
    assert p["p1"]["hand"] == ["Water Energy"]


def test_damage_counters_on_the_defending_pokemon_or_every_one() -> None:
    them = {"active": WAILORD, "bench": ["Mudkip"], "hand": ["Fire Energy"] * 3}
    xatu = {"active": attacker("ex2-55", under=["Natu"])}
    _, p = attack(xatu, "Psyimpact", them=them)
    assert damage(p) == 10 and p["p2"]["bench"][0]["damage"] == 10
    gardevoir = {"active": attacker("ex2-96", under=["Ralts", "Kirlia"])}
    _, p = attack(gardevoir, "Feedback", them=them)
    assert damage(p) == 30 and p["p2"]["bench"][0]["damage"] == 0


def test_a_random_card_from_the_opponents_hand_on_heads() -> None:
    them = {"active": WAILORD, "hand": ["Fire Energy", "Potion"]}
    poochyena = {"active": attacker("ex1-64")}
    _, p = attack(poochyena, "Knock Off", [HEADS, 2], them=them)
    # the opponent has drawn for their turn since: the Potion went, the Fire Energy stayed
    assert p["p2"]["discard"] == ["Potion"] and "Potion" not in p["p2"]["hand"]
    _, p = attack(poochyena, "Knock Off", [TAILS], them=them)
    assert p["p2"]["discard"] == [] and "Potion" in p["p2"]["hand"]


# ---------------------------------------------------------------------------- the table
def test_the_hit_goes_after_the_leading_modifiers_unless_placed() -> None:
    steps = (TailsNothing(), TimesHeads(2))
    assert program(steps, 20) == (TailsNothing(), TimesHeads(2), Hit())
    placed = (DiscardEnergy(1, required=True), Hit())
    assert program(placed, 100) == placed
    assert program((), 0) == ()


def test_every_data_attack_is_registered_with_a_summary() -> None:
    for key in ATTACK_STEPS:
        effect = reg.ATTACKS[key]
        assert effect.summary, key


# ---------------------------------------------------------------------------- Poké-Bodies
def test_a_body_reduces_damage_from_attacks_but_not_from_one_that_ignores_it() -> None:
    pineco = {"active": "ex3-71"}  # Exoskeleton: 10 less
    _, p = attack({"active": attacker("ex1-25")}, "Double Stab", [HEADS, HEADS], them=pineco)
    assert damage(p) == 30
    _, p = attack({"active": attacker("ex4-97")}, "Swift", them=pineco)  # ignores Bodies
    assert damage(p) == 20


def test_a_body_reduces_on_heads_only() -> None:
    cascoon = {"active": {"card": "ex1-26", "under": ["Wurmple"]}}  # Hard Cocoon
    aron = {"active": attacker("ex1-25")}
    _, p = attack(aron, "Double Stab", [HEADS, HEADS, HEADS], them=cascoon)
    assert damage(p) == 10
    _, p = attack(aron, "Double Stab", [HEADS, HEADS, TAILS], them=cascoon)
    assert damage(p) == 40


def test_a_body_reduces_only_with_basic_energy_attached() -> None:
    shelgon = {"card": "ex3-41", "under": ["Bagon"]}  # Energy Guard
    aron = {"active": attacker("ex1-25")}
    _, p = attack(
        aron,
        "Double Stab",
        [HEADS, HEADS],
        them={"active": {**shelgon, "energy": ["Water Energy"]}},
    )
    assert damage(p) == 30
    _, p = attack(
        aron, "Double Stab", [HEADS, HEADS], them={"active": {**shelgon, "energy": [RAINBOW]}}
    )
    assert damage(p) == 40


def test_a_benched_body_takes_no_damage_from_attacks() -> None:
    them = {"active": WAILORD, "bench": [{"card": "ex3-48", "under": ["Barboach"]}, "Mudkip"]}
    _, p = attack({"active": attacker("ex1-37", under=["Aron"])}, "Magnitude", them=them)
    assert p["p2"]["bench"][0]["damage"] == 0 and p["p2"]["bench"][1]["damage"] == 10


def test_a_body_shuts_out_pokemon_ex_and_only_them() -> None:
    wobbuffet = {"active": "ex2-26"}  # Safeguard
    _, p = attack({"active": attacker("ex1-99")}, "Confuse Ray", them=wobbuffet)
    assert damage(p) == 0 and p["p2"]["active"]["conditions"] == []
    _, p = attack({"active": attacker("ex1-66")}, "Confuse Ray", [HEADS], them=wobbuffet)
    assert damage(p) == 20 and p["p2"]["active"]["conditions"] == ["confused"]  # weak: ×2


def test_a_body_strikes_back_when_its_active_pokemon_is_damaged() -> None:
    aron = {"active": attacker("ex1-25")}
    _, p = attack(aron, "Double Stab", [HEADS, HEADS], them={"active": "ex1-51"})  # Rough Skin
    assert damage(p, "p1") == 10
    _, p = attack(aron, "Double Stab", [TAILS, TAILS], them={"active": "ex1-51"})
    assert damage(p, "p1") == 0  # no damage done, nothing back
    cacnea = {"active": "ex2-57"}  # Poison Payback
    _, p = attack(aron, "Double Stab", [HEADS, TAILS], them=cacnea)
    assert "poisoned" in p["p1"]["active"]["conditions"]
    camerupt = {"active": attacker("ex1-4", under=["Numel"])}
    _, p = attack(
        camerupt, "Lava Burn", them={"active": WAILORD, "bench": ["ex2-57"]}, target="bench1"
    )
    assert p["p1"]["active"]["conditions"] == []  # Benched: no payback


def test_attaching_the_right_energy_from_the_hand_cures() -> None:
    combusken = {"card": "ex1-28", "under": ["Torchic"], "conditions": ["poisoned"]}
    for energy, left in (("Fire Energy", []), ("Water Energy", ["poisoned"])):
        g = play({"active": combusken, "hand": [energy]}, {"active": WAILORD})
        act(g, "p1", "attach", card=energy, target="active")
        assert view(g)["players"]["p1"]["active"]["conditions"] == left


# ---------------------------------------------------------------------------- Trainers
def test_switch_swaps_with_a_benched_pokemon_and_needs_one() -> None:
    g = play({"active": "Mudkip", "bench": ["Treecko"], "hand": ["Switch"]}, {"active": WAILORD})
    act(g, "p1", "play_trainer", card="Switch", target="bench1")
    p = view(g)["players"]
    assert p["p1"]["active"]["card"] == "Treecko" and p["p1"]["bench"][0]["card"] == "Mudkip"
    g = play({"active": "Mudkip", "hand": ["Switch"]}, {"active": WAILORD})
    with pytest.raises(IllegalActionError) as info:
        act(g, "p1", "play_trainer", card="Switch", target="bench1")
    assert info.value.refusal.rule == "ptcg.trainer.condition"


def test_double_full_heal_cures_the_active_and_needs_a_condition() -> None:
    sick = {"card": "Mudkip", "conditions": ["poisoned", "confused"]}
    g = play({"active": sick, "hand": ["Double Full Heal"]}, {"active": WAILORD})
    act(g, "p1", "play_trainer", card="Double Full Heal")
    assert view(g)["players"]["p1"]["active"]["conditions"] == []
    g = play({"active": "Mudkip", "hand": ["Double Full Heal"]}, {"active": WAILORD})
    with pytest.raises(IllegalActionError) as info:
        act(g, "p1", "play_trainer", card="Double Full Heal")
    assert info.value.refusal.rule == "ptcg.trainer.condition"


def test_pokemon_reversal_on_heads_the_opponent_picks_the_new_active() -> None:
    them = {"active": WAILORD, "bench": ["Mudkip", "Torchic"]}
    g = play({"active": "Mudkip", "hand": ["Pokémon Reversal"]}, them)
    act(g, "p1", "play_trainer", coins=[HEADS], card="Pokémon Reversal")
    act(g, "p2", "choose", option=1)
    assert view(g)["players"]["p2"]["active"]["card"] == "Torchic"
    g = play({"active": "Mudkip", "hand": ["Pokémon Reversal"]}, them)
    act(g, "p1", "play_trainer", coins=[TAILS], card="Pokémon Reversal")
    assert view(g)["players"]["p2"]["active"]["card"] == "Wailord"


def test_tv_reporter_draws_three_then_discards_the_pick() -> None:
    me = {"active": "Mudkip", "hand": ["TV Reporter", "Potion"], "deck": ["Water Energy"] * 6}
    g = play(me, {"active": WAILORD})
    act(g, "p1", "play_trainer", card="TV Reporter")
    assert g.state.pending is not None and g.state.pending["options"] == ["Potion", "Water Energy"]
    act(g, "p1", "choose", option=0)
    p = view(g)["players"]["p1"]
    assert p["hand"] == ["Water Energy"] * 3 and "Potion" in p["discard"]
    g = play({"active": "Mudkip", "hand": ["TV Reporter"], "deck": []}, {"active": WAILORD})
    with pytest.raises(IllegalActionError):
        act(g, "p1", "play_trainer", card="TV Reporter")


def test_an_optional_discard_is_the_players_choice() -> None:
    fire = find_card(pool(), "Fire Energy")
    assert fire is not None
    quilava = {"active": attacker("ex2-51", ["Fire Energy"] * 3, under=["Cyndaquil"])}
    g = play(quilava, {"active": WAILORD})
    offered = [a.params for a in g.legal_actions("p1") if a.kind == "attack"]
    assert {"attack": "Burning Claw"} in offered
    assert {"attack": "Burning Claw", "card": fire.id} in offered
    act(g, "p1", "attack", attack="Burning Claw", card=fire.id)
    p = view(g)["players"]
    assert p["p2"]["active"]["conditions"] == ["burned"] and len(p["p1"]["active"]["energy"]) == 2
    _, p = attack(quilava, "Burning Claw")
    assert p["p2"]["active"]["conditions"] == [] and len(p["p1"]["active"]["energy"]) == 3
    g = play(quilava, {"active": WAILORD})
    with pytest.raises(IllegalActionError) as info:
        act(g, "p1", "attack", attack="Burning Claw", card="Water Energy")
    assert info.value.refusal.rule == "ptcg.card.wrong-kind"


def test_discard_an_energy_of_the_defending_pokemon_picked_by_the_attacker() -> None:
    water = find_card(pool(), "Water Energy")
    assert water is not None
    them = {"active": {**WAILORD, "energy": ["Water Energy", RAINBOW]}}
    kirlia = {"active": attacker("ex1-34", under=["Ralts"])}
    _, p = attack(kirlia, "Removal Beam", [HEADS], them=them, card=water.id)
    assert p["p2"]["active"]["energy"] == [RAINBOW]
    _, p = attack(kirlia, "Removal Beam", [TAILS], them=them, card=water.id)
    assert p["p2"]["active"]["energy"] == ["Water Energy", RAINBOW]


def test_discard_the_defending_pokemons_tool_before_the_damage() -> None:
    meowth = {"active": attacker("ex4-42")}
    _, p = attack(meowth, "Plunder", them={"active": {**WAILORD, "tool": "Lum Berry"}})
    assert p["p2"]["active"]["tool"] is None and "Lum Berry" in p["p2"]["discard"]
    _, p = attack(meowth, "Plunder")
    assert p["p2"]["discard"] == [] and damage(p) == 10


def test_only_the_damaged_or_energy_holding_benched_pokemon() -> None:
    them = {"active": WAILORD, "bench": [{"card": "Mudkip", "damage": 10}, "Torchic"]}
    claydol = {"active": attacker("ex4-33", under=["Team Magma's Baltoy"])}
    _, p = attack(claydol, "Clay Pulse", them=them)
    assert [b["damage"] for b in p["p2"]["bench"]] == [20, 0]
    baltoy = {"active": attacker("ex4-32")}
    _, p = attack(baltoy, "Pain Amplifier", them=them)
    assert [b["damage"] for b in p["p2"]["bench"]] == [20, 0] and damage(p) == 0


def test_heal_only_the_pokemon_holding_an_energy_type() -> None:
    sceptile = {
        "active": {
            **attacker("ex4-93", ["Grass Energy"] * 3, under=["Treecko", "Grovyle"]),
            "damage": 50,
        },
        "bench": [{"card": "Mudkip", "damage": 30}],
    }
    _, p = attack(sceptile, "Green Heal")
    assert damage(p, "p1") == 10 and p["p1"]["bench"][0]["damage"] == 30


def test_an_effect_for_a_team_in_the_defending_pokemons_name() -> None:
    rhydon = {"active": attacker("ex4-11", under=["Team Magma's Rhyhorn"])}
    _, p = attack(rhydon, "Shoot Down", them={"active": "ex4-3"})  # Team Aqua's Kyogre
    assert p["p2"]["active"]["conditions"] == ["confused"]
    _, p = attack(rhydon, "Shoot Down")
    assert p["p2"]["active"]["conditions"] == []


def test_one_attack_barred_next_turn_while_the_others_stay() -> None:
    sceptile = {"active": attacker("ex4-93", ["Grass Energy"] * 5, under=["Treecko", "Grovyle"])}
    g = play(sceptile, {"active": "ex1-96"})  # Chansey ex: 120 HP, survives 100
    act(g, "p1", "attack", attack="Slashing Strike")
    act(g, "p2", "end_turn")
    names = {a.params["attack"] for a in g.legal_actions("p1") if a.kind == "attack"}
    assert "Slashing Strike" not in names and "Poison Ring" in names
    with pytest.raises(IllegalActionError) as info:
        act(g, "p1", "attack", attack="Slashing Strike")
    assert info.value.refusal.rule == "ptcg.attack.effect"


def test_damage_counters_on_a_chosen_pokemon_and_more_on_a_pokemon_ex() -> None:
    them = {"active": WAILORD, "bench": ["Mudkip", "ex1-99"]}
    _, p = attack({"active": attacker("ex3-43")}, "Night Attack", them=them, target="bench1")
    assert p["p2"]["bench"][0]["damage"] == 10 and damage(p) == 0
    plusle = {"active": attacker("ex3-8")}
    _, p = attack(plusle, "Extra Circuit", them=them, target="bench2")
    assert p["p2"]["bench"][1]["damage"] == 40
    _, p = attack(plusle, "Extra Circuit", them=them, target="bench1")
    assert p["p2"]["bench"][0]["damage"] == 20


def test_a_chosen_target_behind_a_coin() -> None:
    swellow = {"active": attacker("ex3-45", under=["Taillow"])}
    them = {"active": WAILORD, "bench": ["ex1-99"]}  # Lapras ex, 110 HP
    _, p = attack(swellow, "Quick Dive", [HEADS], them=them, target="bench1")
    assert p["p2"]["bench"][0]["damage"] == 50
    _, p = attack(swellow, "Quick Dive", [TAILS], them=them, target="bench1")
    assert p["p2"]["bench"][0]["damage"] == 0


def test_rest_cures_heals_and_sleeps() -> None:
    jigglypuff = {"active": {**attacker("ex4-41"), "damage": 40, "conditions": ["poisoned"]}}
    g = play(jigglypuff, {"active": WAILORD})
    act(g, "p1", "attack", attack="Rest")
    mon = g.state.sides[0].active
    assert mon is not None and mon.damage == 10 and mon.conditions() == ["asleep"]


def test_plus_per_colorless_in_the_defending_pokemons_retreat_cost() -> None:
    muk = {"active": attacker("ex3-96", under=["Grimer"])}
    _, p = attack(muk, "Slimy Water")  # Wailord retreats for 4
    assert damage(p) == 80
    _, p = attack(muk, "Slimy Water", them={"active": "ex1-96"})
    assert damage(p) == 70  # Chansey ex retreats for 3


def test_a_body_that_acts_leaves_a_note_and_one_that_does_not_leaves_none() -> None:
    cascoon = {"active": {"card": "ex1-26", "under": ["Wurmple"]}}
    for coin, notes in ((HEADS, [{"what": "body", "p": "p2", "name": "Hard Cocoon"}]), (TAILS, [])):
        g = play({"active": attacker("ex1-25")}, cascoon)
        events = act(g, "p1", "attack", coins=[HEADS, HEADS, coin], attack="Double Stab")
        found = [
            {k: v for k, v in e.data.items() if k != "card"} for e in events if e.type == "note"
        ]
        assert found == notes


def test_a_condition_if_any_of_the_damage_coins_showed_heads() -> None:
    marill = {"active": attacker("ex2-68")}
    _, p = attack(marill, "Double Bubble", [TAILS, HEADS])
    assert damage(p) == 10 and p["p2"]["active"]["conditions"] == ["paralyzed"]
    _, p = attack(marill, "Double Bubble", [TAILS, TAILS])
    assert damage(p) == 0 and p["p2"]["active"]["conditions"] == []


def test_counters_until_ten_hp_are_left_on_heads() -> None:
    kirlia = {"active": attacker("ex1-35", under=["Ralts"])}
    _, p = attack(kirlia, "Life Drain", [HEADS])
    assert p["p2"]["active"]["hp_left"] == 10
    _, p = attack(kirlia, "Life Drain", [TAILS])
    assert damage(p) == 0


def test_knocked_out_only_if_every_coin_is_heads() -> None:
    dusclops = {"active": attacker("ex2-4", under=["Duskull"])}
    them = {"active": WAILORD, "bench": ["Mudkip"]}
    g = play(dusclops, them)
    events = act(g, "p1", "attack", coins=[HEADS, HEADS], attack="Judgement")
    assert "knockout" in [e.type for e in events]
    _, p = attack(dusclops, "Judgement", [HEADS, TAILS], them=them)
    assert damage(p) == 0 and p["p2"]["active"]["card"] == "Wailord"
