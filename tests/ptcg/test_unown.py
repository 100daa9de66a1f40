"""The 28 Unown of EX Unseen Forces (effect_data_unown.py): the Poké-Power Shuffle each of
them carries, and each letter's Hidden Power, shown both ways where it can go two ways."""

from __future__ import annotations

from typing import Any

import pytest

from tests.ptcg.board import HEADS, TAILS, act, check_invariants, game, view
from tests.ptcg.set_cards import ALLOW, WAILORD, attacker, defending, pending, players
from turnkeeper.core.game import Game
from turnkeeper.core.model import IllegalActionError
from turnkeeper.rulesets.ptcg import registry as reg
from turnkeeper.rulesets.ptcg.effect_data_unown import UNOWN
from turnkeeper.rulesets.ptcg.seats import visible_command
from turnkeeper.rulesets.ptcg.state import PtcgState

CYNDAQUIL = "ex10-54"  # a Basic Pokémon without Poké-Power or Poké-Body
QUILAVA = "ex10-45"  # evolves from Cyndaquil
QUAGSIRE = {"card": "ex10-44", "under": ["ex10-79"]}  # Poké-Body Dense


def hidden_power(
    letter: str,
    coins: list[int] | None = None,
    p1: dict[str, Any] | None = None,
    p2: dict[str, Any] | None = None,
    mon: dict[str, Any] | None = None,
    **params: Any,
) -> Game[PtcgState]:
    """Unown of ``letter`` (Active, its cost paid) uses Hidden Power against Wailord."""
    g = game(
        {"active": attacker(f"ex10-{letter}", "Hidden Power", **(mon or {})), **(p1 or {})},
        {"active": WAILORD, **(p2 or {})},
        settings=ALLOW,
    )
    act(g, "p1", "attack", coins=coins, attack="Hidden Power", **params)
    check_invariants(g.state)
    return g


def choose(g: Game[PtcgState], option: int, actor: str = "p1", **more: Any) -> None:
    act(g, actor, "choose", option=option, **more)
    check_invariants(g.state)


def test_every_unown_has_hidden_power_and_shuffle() -> None:
    assert len(UNOWN) == 28
    for card_id in UNOWN:
        assert (card_id, "Hidden Power") in reg.ATTACKS
        assert (card_id, "Shuffle") in reg.POWERS


# ---------------------------------------------------------------------------- Shuffle
def test_shuffle_swaps_in_another_unown_with_everything_on_it_once_a_turn() -> None:
    unown = {"card": "ex10-A", "energy": ["Psychic Energy"], "damage": 20}
    g = game({"active": unown, "deck": ["ex10-B", "ex10-Z", "Potion"]}, {"active": WAILORD})
    act(g, "p1", "use_power", power="Shuffle", pokemon="active")
    assert pending(g)["options"][-1] == "nothing" and len(pending(g)["options"]) == 3
    choose(g, 1)
    active = players(g)["p1"]["active"]
    assert active["id"] == "ex10-Z" and active["damage"] == 20
    assert active["energy"] == ["Psychic Energy"]
    assert "ex10-A" in [g.state.cards[c] for c in g.state.sides[0].deck]
    # one Shuffle a turn for the player: not from the new Unown, nor from another one
    with pytest.raises(IllegalActionError, match=r"ptcg\.power\.requirement"):
        act(g, "p1", "use_power", power="Shuffle", pokemon="active")


def test_shuffle_needs_another_unown_in_the_deck() -> None:
    g = game({"active": "ex10-A", "deck": ["Potion", "ex8-16"]}, {"active": WAILORD})
    with pytest.raises(IllegalActionError, match=r"no other Unown in the deck"):
        act(g, "p1", "use_power", power="Shuffle", pokemon="active")
    g = game({"active": "ex8-71", "bench": ["ex10-C"], "deck": ["ex10-C"]}, {"active": WAILORD})
    act(g, "p1", "use_power", power="Shuffle", pokemon="bench1")  # the same letter is another
    choose(g, 1)  # nothing: the deck is shuffled all the same
    assert players(g)["p1"]["bench"][0]["id"] == "ex10-C"


# ---------------------------------------------------------------------------- A .. Z, !, ?
def test_a_takes_up_to_2_supporters_from_the_deck() -> None:
    deck = ["ex10-86", "Potion", "ex10-89", "ex10-86"]
    g = hidden_power("A", p1={"deck": deck})
    assert pending(g)["options"] == ["Mary's Request", "Professor Elm's Training Method", "nothing"]
    choose(g, 0)
    choose(g, pending(g)["options"].index("Professor Elm's Training Method"))
    assert sorted(players(g)["p1"]["hand"]) == ["Mary's Request", "Professor Elm's Training Method"]
    assert "pending" not in view(g)  # 2 taken: the search ends
    g = hidden_power("A", p1={"deck": ["Potion"]})  # no Supporter: nothing to take
    assert "pending" not in view(g) and players(g)["p1"]["hand"] == []


def test_b_puts_a_counter_per_card_in_the_opponents_hand() -> None:
    assert defending(hidden_power("B", p2={"hand": ["Potion"] * 3}))["damage"] == 30
    assert defending(hidden_power("B", p2={"hand": []}))["damage"] == 0


def test_c_uses_the_effect_of_a_supporter_in_the_opponents_discard_pile() -> None:
    deck = ["Potion"] * 5
    g = hidden_power("C", p1={"deck": deck}, p2={"discard": ["ex10-86", "Potion"]})
    assert pending(g)["options"] == ["Mary's Request", "none"]
    choose(g, 0)  # Mary's Request for p1: draw 1, 2 more without a Stage 2
    assert len(players(g)["p1"]["hand"]) == 3
    assert players(g)["p2"]["discard"] == ["Mary's Request", "Potion"]  # it stays there
    g = hidden_power("C", p1={"deck": deck}, p2={"hand": ["ex10-86"]})  # in the hand: no
    assert "pending" not in view(g) and players(g)["p1"]["hand"] == []


def test_d_on_heads_devolves_an_evolved_pokemon_of_either_player() -> None:
    bench = [{"card": QUILAVA, "under": [CYNDAQUIL]}]
    g = hidden_power("D", [HEADS], p1={"bench": bench})
    assert pending(g)["options"] == [
        "Quilava (bench1, yours)",
        "Wailord (active, the opponent's)",
    ]
    choose(g, 1)
    assert defending(g)["card"] == "Wailmer" and "Wailord" in players(g)["p2"]["hand"]
    g = hidden_power("D", [HEADS], p1={"bench": bench})
    choose(g, 0)
    assert players(g)["p1"]["bench"][0]["card"] == "Cyndaquil"
    assert players(g)["p1"]["hand"] == ["Quilava"]
    g = hidden_power("D", [TAILS], p1={"bench": bench})
    assert "pending" not in view(g) and defending(g)["card"] == "Wailord"


def test_e_benches_a_basic_from_the_opponents_hand_and_switches_it_in() -> None:
    g = hidden_power("E", p2={"hand": [CYNDAQUIL, "Potion", QUILAVA]})
    assert pending(g)["options"] == ["Cyndaquil"]  # Quilava is no Basic Pokémon
    choose(g, 0)
    assert defending(g)["card"] == "Cyndaquil"
    assert [m["card"] for m in players(g)["p2"]["bench"]] == ["Wailord"]
    full = [CYNDAQUIL] * 5
    g = hidden_power("E", p2={"hand": [CYNDAQUIL], "bench": full})  # a full Bench: nothing
    assert "pending" not in view(g) and defending(g)["card"] == "Wailord"


@pytest.mark.parametrize(
    ("coins", "conditions"),
    [
        ([HEADS, TAILS, TAILS, TAILS], ["asleep"]),  # the last coin: Sleep between turns
        ([HEADS, HEADS, TAILS], ["confused"]),
        ([HEADS, HEADS, HEADS], ["paralyzed"]),
        ([TAILS, TAILS, TAILS], []),
    ],
)
def test_f_gives_a_special_condition_by_the_number_of_heads(
    coins: list[int], conditions: list[str]
) -> None:
    g = hidden_power("F", coins)
    assert defending(g)["damage"] == 10 and defending(g)["conditions"] == conditions


def test_g_puts_a_counter_per_damaged_pokemon_of_the_player() -> None:
    bench = [{"card": CYNDAQUIL, "damage": 10}, CYNDAQUIL]
    g = hidden_power("G", p1={"bench": bench}, mon={"damage": 20})
    assert defending(g)["damage"] == 20
    assert defending(hidden_power("G", p1={"bench": [CYNDAQUIL]}))["damage"] == 0


def test_h_attaches_up_to_2_tools_from_the_deck() -> None:
    deck = ["Lum Berry", "Oran Berry", "Potion"]
    g = hidden_power("H", p1={"deck": deck, "bench": [CYNDAQUIL]})
    options = pending(g)["options"]
    choose(g, options.index("Oran Berry to Cyndaquil (bench1)"))
    choose(g, pending(g)["options"].index("Lum Berry to Unown (active)"))
    assert players(g)["p1"]["active"]["tool"] == "Lum Berry"
    assert players(g)["p1"]["bench"][0]["tool"] == "Oran Berry"
    g = hidden_power("H", p1={"deck": ["Potion"]})  # no Tool: nothing
    assert "pending" not in view(g)


def test_i_switches_in_a_benched_pokemon_burned_and_confused() -> None:
    g = hidden_power("I", p2={"bench": [CYNDAQUIL]})
    choose(g, 0, coins=[HEADS])  # the Burn coin between turns: heads, no counters
    assert defending(g)["card"] == "Cyndaquil"
    assert sorted(defending(g)["conditions"]) == ["burned", "confused"]
    assert players(g)["p2"]["bench"][0]["conditions"] == []
    g = hidden_power("I")  # no Bench: no new Defending Pokémon, nothing happens
    assert defending(g)["conditions"] == []


def test_j_on_heads_swaps_the_damage_counters_with_the_defending_pokemon() -> None:
    p2 = {"active": {**WAILORD, "damage": 10}}
    g = hidden_power("J", [HEADS], p2=p2, mon={"damage": 30})
    assert defending(g)["damage"] == 30 and players(g)["p1"]["active"]["damage"] == 10
    g = hidden_power("J", [TAILS], p2=p2, mon={"damage": 30})
    assert defending(g)["damage"] == 10 and players(g)["p1"]["active"]["damage"] == 30


def test_k_may_discard_the_stadium_in_play() -> None:
    stadium = {"card": "ex3-85", "owner": "p2"}
    g = game(
        {"active": attacker("ex10-K", "Hidden Power")},
        {"active": WAILORD},
        stadium=stadium,
    )
    act(g, "p1", "attack", attack="Hidden Power")
    assert pending(g)["options"] == ["discard High Pressure System", "keep it"]
    choose(g, 0)
    assert defending(g)["damage"] == 20 and view(g).get("stadium") is None
    g = game({"active": attacker("ex10-K", "Hidden Power")}, {"active": WAILORD}, stadium=stadium)
    act(g, "p1", "attack", attack="Hidden Power")
    choose(g, 1)
    assert view(g).get("stadium") is not None
    g = hidden_power("K")  # no Stadium: the damage only
    assert "pending" not in view(g) and defending(g)["damage"] == 20


def test_l_on_heads_leaves_the_defending_pokemon_10_hp() -> None:
    assert defending(hidden_power("L", [HEADS]))["damage"] == 110  # Wailord: 120 HP
    assert defending(hidden_power("L", [TAILS]))["damage"] == 0


def test_m_evolves_one_of_the_players_pokemon_from_the_deck_and_hurts_unown() -> None:
    g = hidden_power("M", p1={"bench": [CYNDAQUIL], "deck": [QUILAVA, "Potion"]})
    assert pending(g)["options"] == ["Quilava on Cyndaquil (bench1)", "nothing"]
    choose(g, 0)
    assert players(g)["p1"]["bench"][0]["card"] == "Quilava"
    assert players(g)["p1"]["active"]["damage"] == 10
    g = hidden_power("M", p1={"bench": [CYNDAQUIL], "deck": [QUILAVA]})
    choose(g, 1)  # nothing put: no damage counter on Unown
    assert players(g)["p1"]["active"]["damage"] == 0


def test_n_removes_5_damage_counters_from_unown() -> None:
    # Unown has 60 HP: 50 is the most damage it can have, and all of it comes off
    assert players(hidden_power("N", mon={"damage": 50}))["p1"]["active"]["damage"] == 0
    assert players(hidden_power("N", mon={"damage": 20}))["p1"]["active"]["damage"] == 0
    assert players(hidden_power("N"))["p1"]["active"]["damage"] == 0


def test_o_returns_unown_and_its_energy_to_the_hand() -> None:
    g = hidden_power("O", p1={"bench": [CYNDAQUIL]}, mon={"tool": "Lum Berry"})
    assert defending(g)["damage"] == 20
    hand = sorted(players(g)["p1"]["hand"])
    assert hand == ["Psychic Energy", "Unown", "Water Energy"]
    assert players(g)["p1"]["discard"] == ["Lum Berry"]
    assert view(g)["promote"] == ["p1"]  # a new Active from the Bench


def test_o_with_no_bench_leaves_the_player_without_pokemon() -> None:
    g = hidden_power("O")
    assert view(g)["winners"] == ["p2"]


def test_p_puts_a_counter_on_each_damaged_pokemon_of_the_opponent() -> None:
    bench = [{"card": CYNDAQUIL, "damage": 10}, CYNDAQUIL]
    g = hidden_power("P", p2={"bench": bench})
    assert [m["damage"] for m in players(g)["p2"]["bench"]] == [20, 0]
    assert defending(g)["damage"] == 0


def test_q_takes_basic_energy_of_3_different_types() -> None:
    deck = ["Fire Energy", "Fire Energy", "Grass Energy", "Water Energy", "Potion"]
    g = hidden_power("Q", p1={"deck": deck})
    assert pending(g)["options"] == ["Fire Energy", "Grass Energy", "Water Energy", "nothing"]
    choose(g, 0)
    assert pending(g)["options"] == ["Grass Energy", "Water Energy", "nothing more"]
    choose(g, 0)
    choose(g, 0)
    assert sorted(players(g)["p1"]["hand"]) == ["Fire Energy", "Grass Energy", "Water Energy"]


def test_r_on_heads_returns_the_defending_pokemon_to_the_opponents_hand() -> None:
    g = hidden_power("R", [HEADS], p2={"bench": [CYNDAQUIL]})
    assert sorted(players(g)["p2"]["hand"]) == ["Wailmer", "Wailord"]
    g = hidden_power("R", [TAILS], p2={"bench": [CYNDAQUIL]})
    assert defending(g)["card"] == "Wailord"
    g = hidden_power("R", [], p2={"bench": []})  # no Bench: nothing, not even a coin
    assert defending(g)["card"] == "Wailord"


def test_s_moves_basic_energy_to_a_defending_pokemon_with_a_poke_body() -> None:
    bench = [{"card": CYNDAQUIL, "energy": ["Fire Energy", "Fire Energy"]}]
    g = hidden_power("S", p2={"active": QUAGSIRE, "bench": bench})
    choose(g, 0)  # from Cyndaquil
    choose(g, 0)
    choose(g, 0)
    assert defending(g)["energy"] == ["Fire Energy", "Fire Energy"]
    assert players(g)["p2"]["bench"][0]["energy"] == []
    g = hidden_power("S", p2={"bench": bench})  # Wailord has no Poké-Power or Poké-Body
    assert "pending" not in view(g) and defending(g)["energy"] == []


def test_t_does_20_to_the_picked_pokemon_without_weakness() -> None:
    g = hidden_power("T", p2={"bench": [CYNDAQUIL]}, target="bench1")
    assert players(g)["p2"]["bench"][0]["damage"] == 20 and defending(g)["damage"] == 0
    assert defending(hidden_power("T", target="active"))["damage"] == 20


def test_u_forbids_the_picked_attack_next_turn() -> None:
    cyndaquil = attacker(CYNDAQUIL, "Fireworks")
    g = hidden_power("U", p2={"active": cyndaquil})
    assert pending(g)["options"] == ["Paralyzing Gaze", "Fireworks"]
    choose(g, 1)
    assert defending(g)["damage"] == 10
    with pytest.raises(IllegalActionError, match=r"ptcg\.attack\.effect"):
        act(g, "p2", "attack", coins=[HEADS], attack="Fireworks")
    act(g, "p2", "attack", coins=[TAILS], attack="Paralyzing Gaze")  # the other one: allowed


def test_v_adds_10_per_pokemon_card_in_the_discard_pile_at_most_60() -> None:
    discard = [CYNDAQUIL, QUILAVA, "Potion", "Fire Energy"]
    assert defending(hidden_power("V", p1={"discard": discard}))["damage"] == 40
    many = [CYNDAQUIL] * 8
    assert defending(hidden_power("V", p1={"discard": many}))["damage"] == 80


def test_w_on_heads_puts_a_card_of_the_discard_pile_on_top_of_the_deck() -> None:
    g = hidden_power("W", [HEADS], p1={"discard": ["Potion", "Fire Energy"]})
    assert pending(g)["options"] == ["Potion", "Fire Energy"]
    choose(g, 1)
    assert g.state.card(g.state.sides[0].deck[0]).name == "Fire Energy"
    assert players(g)["p1"]["discard"] == ["Potion"] and defending(g)["damage"] == 20
    g = hidden_power("W", [TAILS], p1={"discard": ["Potion"]})
    assert "pending" not in view(g) and players(g)["p1"]["discard"] == ["Potion"]


def test_x_does_20_per_heads_until_tails() -> None:
    assert defending(hidden_power("X", [HEADS, HEADS, TAILS]))["damage"] == 40
    assert defending(hidden_power("X", [TAILS]))["damage"] == 0


def test_y_does_10_and_the_defending_pokemon_is_asleep() -> None:
    g = hidden_power("Y", [TAILS])  # the Sleep coin between turns: still Asleep
    assert defending(g)["damage"] == 10 and defending(g)["conditions"] == ["asleep"]


def test_z_hits_every_pokemon_with_a_poke_power_or_poke_body_both_sides() -> None:
    p1 = {"bench": ["ex10-B", CYNDAQUIL]}
    p2 = {"active": QUAGSIRE, "bench": ["ex10-C", CYNDAQUIL]}
    g = hidden_power("Z", p1=p1, p2=p2)
    assert [m["damage"] for m in players(g)["p1"]["bench"]] == [20, 0]
    assert [m["damage"] for m in players(g)["p2"]["bench"]] == [20, 0]
    assert players(g)["p1"]["active"]["damage"] == 20  # Unown has Shuffle: itself too
    # Quagsire's Dense takes 20 off damage from Evolved attackers only: Unown is Basic
    assert defending(g)["damage"] == 20
    g = hidden_power("Z")  # Wailord has neither
    assert defending(g)["damage"] == 0


def test_exclamation_puts_2_counters_on_an_opponents_pokemon_or_an_own_one() -> None:
    g = hidden_power("!", [HEADS], p2={"bench": [CYNDAQUIL]})
    assert pending(g)["options"] == ["Wailord (active)", "Cyndaquil (bench1)"]
    choose(g, 1)
    assert players(g)["p2"]["bench"][0]["damage"] == 20
    g = hidden_power("!", [TAILS], p1={"bench": [CYNDAQUIL]})
    assert pending(g)["player"] == "p1" and len(pending(g)["options"]) == 2
    choose(g, 1)
    assert players(g)["p1"]["bench"][0]["damage"] == 20 and defending(g)["damage"] == 0


def test_question_mark_draws_2_when_the_opponent_guesses_wrong() -> None:
    p1 = {"hand": ["Potion", "Fire Energy"], "deck": ["Potion"] * 4}
    g = hidden_power("?", p1=p1)
    assert pending(g)["options"] == ["Potion", "Fire Energy"]
    choose(g, 0)  # Potion, face down
    assert pending(g)["player"] == "p2"
    assert pending(g)["options"] == ["Pokémon", "Trainer", "Energy"]
    choose(g, 0, actor="p2")  # a wrong guess
    assert len(players(g)["p1"]["hand"]) == 4
    g = hidden_power("?", p1=p1)
    choose(g, 0)
    choose(g, 1, actor="p2")  # right: no card drawn
    assert len(players(g)["p1"]["hand"]) == 2
    g = hidden_power("?", p1={"hand": []})  # an empty hand: nothing asked
    assert "pending" not in view(g)


def test_question_mark_keeps_the_face_down_card_out_of_the_guessers_view() -> None:
    g = hidden_power("?", p1={"hand": ["Potion", "Fire Energy"], "deck": ["Potion"] * 4})
    choose(g, 1)  # Fire Energy, face down
    energy = g.state.sides[0].hand[1]  # the instance of the Fire Energy card
    asked = next(e for e in reversed(g.log[-1].events) if e.type == "ask")
    assert asked.data["data"]["st"]["card"] == energy  # the log itself keeps it
    _, seen = visible_command(g.state, g.log[-1].action, g.log[-1].events, "p2")
    shown = next(e for e in seen if e["type"] == "ask")
    assert "data" not in shown["data"] and shown["data"]["options"] == [
        "Pokémon",
        "Trainer",
        "Energy",
    ]
    choose(g, 2, actor="p2")  # Energy: right, no card drawn
    assert len(players(g)["p1"]["hand"]) == 2
