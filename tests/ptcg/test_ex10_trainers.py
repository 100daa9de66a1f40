"""EX Unseen Forces (ex10) Items and Tools of effect_data_ex10_trainers.py: the reprinted
Items played once each, and each Tool both ways (where it may go and where it is refused;
acting and not acting; discarded once its Pokémon stops qualifying)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.ptcg.board import HEADS, TAILS, act, check_invariants, game
from tests.ptcg.set_cards import WAILORD, attacker, defending, pending, players
from turnkeeper.core.game import Game
from turnkeeper.core.model import IllegalActionError
from turnkeeper.rulesets.ptcg.state import PtcgState

HITMONCHAN = attacker("ex10-24", "Speedy Uppercut")  # 50, no Weakness or Resistance
PIKACHU = {"card": "ex9-60"}
RAICHU_EX = "ex2-98"  # evolves from Pikachu


def _discard(g: Game[PtcgState], seat: int = 0) -> list[str]:
    return sorted(g.state.card(c).name for c in g.state.sides[seat].discard)


def _tool(g: Game[PtcgState], seat: int = 0, slot: int = 0) -> str:
    mon = g.state.sides[seat].mon(slot)
    assert mon is not None
    return g.state.card(mon.tool).name if mon.tool >= 0 else ""


# ---------------------------------------------------------------- reprinted Items


def test_energy_recycle_system_puts_a_basic_energy_into_the_hand() -> None:
    g = game(
        {"active": WAILORD, "hand": ["ex10-81"], "discard": ["Fire Energy"]},
        {"active": WAILORD},
    )
    act(g, "p1", "play_trainer", card="ex10-81")
    assert pending(g)["options"] == ["1 into the hand"]
    act(g, "p1", "choose", option=0)
    act(g, "p1", "choose", option=0)
    assert [g.state.card(c).name for c in g.state.sides[0].hand] == ["Fire Energy"]


def test_poke_ball_takes_a_pokemon_on_heads_only() -> None:
    p1 = {"active": WAILORD, "hand": ["ex10-87"], "deck": ["ex10-53", "Water Energy"]}
    g = game(p1, {"active": WAILORD})
    act(g, "p1", "play_trainer", coins=[HEADS], card="ex10-87")
    act(g, "p1", "choose", option=0)
    assert [g.state.cards[c] for c in g.state.sides[0].hand] == ["ex10-53"]
    g = game(p1, {"active": WAILORD})
    act(g, "p1", "play_trainer", coins=[TAILS], card="ex10-87")
    assert g.state.sides[0].hand == [] and g.state.phase == "main"


def test_pokemon_reversal_on_heads_switches_in_the_benched_pokemon_the_player_picks() -> None:
    p2 = {"active": WAILORD, "bench": ["ex10-67", "ex10-53"]}
    g = game({"active": WAILORD, "hand": ["ex10-88"]}, p2)
    act(g, "p1", "play_trainer", coins=[HEADS], card="ex10-88")
    act(g, "p1", "choose", option=1)
    assert defending(g)["id"] == "ex10-53"
    g = game({"active": WAILORD, "hand": ["ex10-88"]}, p2)
    act(g, "p1", "play_trainer", coins=[TAILS], card="ex10-88")
    assert defending(g)["id"] == "ex1-14"
    g = game({"active": WAILORD, "hand": ["ex10-88"]}, {"active": WAILORD})
    with pytest.raises(IllegalActionError, match=r"ptcg\.trainer\.condition"):
        act(g, "p1", "play_trainer", card="ex10-88")


def test_warp_point_switches_both_actives_the_opponent_first() -> None:
    g = game(
        {"active": WAILORD, "bench": ["ex10-67"], "hand": ["ex10-93"]},
        {"active": WAILORD, "bench": ["ex10-53"]},
    )
    act(g, "p1", "play_trainer", card="ex10-93")
    act(g, "p2", "choose", option=0)  # the opponent picks their new Active
    act(g, "p1", "choose", option=0)
    assert defending(g)["id"] == "ex10-53"
    assert players(g)["p1"]["active"]["id"] == "ex10-67"
    check_invariants(g.state)


# ---------------------------------------------------------------- where the Tools go

# (Tool, a Pokémon it may go onto, one it may not)
WHERE: list[tuple[str, dict[str, Any], dict[str, Any]]] = [
    ("ex10-80", WAILORD, PIKACHU),  # Curse Powder: Evolved only
    ("ex10-80", WAILORD, {"card": RAICHU_EX, "under": ["ex9-60"]}),  # ... not a Pokémon-ex
    ("ex10-92", WAILORD, PIKACHU),  # Solid Rage: Evolved only
    ("ex10-91", PIKACHU, {"card": "ex1-96"}),  # Sitrus Berry: not onto a Pokémon-ex
    ("ex10-91", PIKACHU, {"card": "ex5-4"}),  # ... nor a Dark Pokémon (Dark Celebi)
    ("ex10-91", PIKACHU, {"card": "ex4-60"}),  # ... nor an owner's Pokémon
]


@pytest.mark.parametrize(("tool", "fits", "unfit"), WHERE)
def test_each_tool_goes_only_onto_the_pokemon_it_names(
    tool: str, fits: dict[str, Any], unfit: dict[str, Any]
) -> None:
    g = game({"active": fits, "hand": [tool]}, {"active": WAILORD})
    act(g, "p1", "play_trainer", card=tool, target="active")
    assert g.state.cards[g.state.sides[0].active.tool] == tool  # type: ignore[union-attr]
    g = game({"active": unfit, "hand": [tool]}, {"active": WAILORD})
    offered = [a for a in g.legal_actions("p1").list() if a.kind == "play_trainer"]
    assert offered == []
    with pytest.raises(IllegalActionError, match=r"ptcg\.trainer\.condition"):
        act(g, "p1", "play_trainer", card=tool, target="active")


def test_sitrus_berry_is_discarded_when_its_pokemon_evolves_into_a_pokemon_ex() -> None:
    g = game({"active": {**PIKACHU, "tool": "ex10-91"}, "hand": [RAICHU_EX]}, {"active": WAILORD})
    act(g, "p1", "evolve", card=RAICHU_EX, target="active")
    assert _tool(g) == "" and "Sitrus Berry" in _discard(g)


def test_curse_powder_is_discarded_when_its_pokemon_devolves_to_a_basic() -> None:
    omastar = attacker("ex2-19", "Pull Down")
    g = game({"active": omastar}, {"active": {**WAILORD, "tool": "ex10-80"}})
    act(g, "p1", "attack", attack="Pull Down")
    assert defending(g)["id"] == "ex1-48"  # Wailmer, a Basic Pokémon now
    assert _tool(g, 1) == "" and "Curse Powder" in _discard(g, 1)


# ---------------------------------------------------------------- what the Tools do


def test_curse_powder_puts_3_counters_on_the_attacker_that_knocks_its_pokemon_out() -> None:
    p2 = {"active": {**WAILORD, "tool": "ex10-80", "damage": 80}, "bench": ["ex10-53"]}
    g = game({"active": HITMONCHAN}, p2)
    act(g, "p1", "attack", attack="Speedy Uppercut")
    assert players(g)["p1"]["active"]["damage"] == 30
    p2 = {"active": {**WAILORD, "tool": "ex10-80"}, "bench": ["ex10-53"]}
    g = game({"active": HITMONCHAN}, p2)  # not Knocked Out: nothing
    act(g, "p1", "attack", attack="Speedy Uppercut")
    assert players(g)["p1"]["active"]["damage"] == 0
    check_invariants(g.state)


def test_sitrus_berry_heals_3_counters_between_turns_from_3_on() -> None:
    g = game({"active": {**PIKACHU, "tool": "ex10-91", "damage": 30}}, {"active": WAILORD})
    act(g, "p1", "end_turn")
    assert players(g)["p1"]["active"]["damage"] == 0
    assert "Sitrus Berry" in _discard(g)
    g = game({"active": {**PIKACHU, "tool": "ex10-91", "damage": 20}}, {"active": WAILORD})
    act(g, "p1", "end_turn")
    assert players(g)["p1"]["active"]["damage"] == 20 and _tool(g) == "Sitrus Berry"


def test_solid_rage_adds_20_to_the_active_while_behind_on_prizes() -> None:
    wailord = {**WAILORD, "tool": "ex10-92", "energy": ["Water Energy"] * 3}
    behind = {"prizes": ["Fire Energy"] * 3}  # p2 has 3 Prize cards left, p1 has 6
    g = game({"active": wailord}, {"active": WAILORD, **behind})
    act(g, "p1", "attack", attack="Take Down")
    assert defending(g)["damage"] == 70
    g = game({"active": wailord}, {"active": WAILORD})  # 6 and 6: no more damage
    act(g, "p1", "attack", attack="Take Down")
    assert defending(g)["damage"] == 50
