"""Questions of the effect vocabulary (search.py): searches of the deck and the discard pile,
switches picked by the opponent or the player, Energy picked for discarding; each shown
doing its work and refusing or stopping where it must, on real cards of ex1-ex4
(effect_questions.py)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.ptcg.board import HEADS, TAILS, act, check_invariants, game, view
from turnkeeper.core.game import Game
from turnkeeper.core.model import IllegalActionError
from turnkeeper.rulesets.ptcg import RULESET
from turnkeeper.rulesets.ptcg import registry as reg
from turnkeeper.rulesets.ptcg.cards import bundled_cards
from turnkeeper.rulesets.ptcg.effect_questions import ATTACK_STEPS, POWER_STEPS
from turnkeeper.rulesets.ptcg.search import Cards, DiscardOwn, Search
from turnkeeper.rulesets.ptcg.vocab import PROGRAMS, Flip, If, Question, register_program

RAINBOW = "Rainbow Energy"
WAILORD = {"card": "ex1-14", "under": ["Wailmer"]}  # 120 HP: no attack here knocks it out
ALLOW = {"allow_unimplemented": True}


def play(p1: dict[str, Any], p2: dict[str, Any], **top: Any) -> Any:
    return game(p1, p2, settings=ALLOW, **top)


def mon(card: str, **more: Any) -> dict[str, Any]:
    return {"card": card, "energy": [RAINBOW] * 4, **more}


def pending(g: Any) -> dict[str, Any]:
    found: dict[str, Any] = view(g)["pending"]
    return found


def players(g: Any) -> dict[str, Any]:
    found: dict[str, Any] = view(g)["players"]
    return found


# ---------------------------------------------------------------------------- switches
def test_the_opponent_picks_the_new_active_and_the_answer_ends_the_turn() -> None:
    g = play({"active": mon("ex3-59")}, {"active": "Mudkip", "bench": ["Treecko", "Wingull"]})
    act(g, "p1", "attack", attack="Roar")
    assert view(g)["phase"] == "choice" and g.whose_turn() == "p2"
    assert pending(g)["options"] == ["Treecko (bench1)", "Wingull (bench2)"]
    # the question is the opponent's: the attacker cannot answer it
    with pytest.raises(IllegalActionError):
        act(g, "p1", "choose", option=0)
    act(g, "p2", "choose", option=1)
    v = view(g)
    assert v["players"]["p2"]["active"]["card"] == "Wingull"
    assert v["players"]["p2"]["bench"][1]["card"] == "Mudkip"
    assert v["current"] == "p2" and v["turn"] == 4  # the attack's turn is over
    check_invariants(g.state)


def test_no_bench_or_a_knocked_out_defender_asks_nothing() -> None:
    g = play({"active": mon("ex3-59")}, {"active": "Mudkip"})
    act(g, "p1", "attack", attack="Roar")
    assert view(g)["current"] == "p2" and "pending" not in view(g)
    # Kick Away's 10 damage knocks out a 10-HP-left Defending Pokémon: its owner promotes
    g = play(
        {"active": mon("ex4-63")},
        {"active": {"card": "Mudkip", "damage": 40}, "bench": ["Treecko"]},
    )
    act(g, "p1", "attack", attack="Kick Away")
    assert view(g)["phase"] == "promote"


def test_the_player_may_switch_after_the_attack_or_stay() -> None:
    board = ({"active": mon("ex3-73"), "bench": ["Treecko"]}, {"active": "Mudkip"})
    g = play(*board)
    act(g, "p1", "attack", attack="Bounce")
    assert pending(g)["options"] == ["Treecko (bench1)", "keep the Active Pokémon"]
    assert players(g)["p2"]["active"]["damage"] == 10  # the damage came first
    act(g, "p1", "choose", option=0)
    assert players(g)["p1"]["active"]["card"] == "Treecko"
    g = play(*board)
    act(g, "p1", "attack", attack="Bounce")
    act(g, "p1", "choose", option=1)
    assert players(g)["p1"]["active"]["card"] == "Spoink"
    assert view(g)["current"] == "p2"


def test_two_questions_in_order_opponent_first_then_a_forced_switch() -> None:
    g = play(
        {"active": mon("ex2-32"), "bench": ["Treecko"]},
        {"active": "Mudkip", "bench": ["Wingull"]},
    )
    act(g, "p1", "attack", attack="Rapid Spin")
    assert g.whose_turn() == "p2"
    act(g, "p2", "choose", option=0)
    assert g.whose_turn() == "p1" and pending(g)["options"] == ["Treecko (bench1)"]  # no "stay"
    act(g, "p1", "choose", option=0)
    p = players(g)
    assert (p["p1"]["active"]["card"], p["p2"]["active"]["card"]) == ("Treecko", "Wingull")
    assert p["p2"]["bench"][0]["damage"] == 10  # Mudkip took the hit before it left


# ---------------------------------------------------------------------------- searches
def test_a_search_onto_the_bench_takes_any_number_then_shuffles() -> None:
    deck = ["Magikarp", "Water Energy", "Magikarp", "Potion"]
    g = play({"active": mon("ex3-60"), "deck": deck}, {"active": "Mudkip"})
    act(g, "p1", "attack", attack="Call for Family")
    assert pending(g)["options"] == ["Magikarp", "nothing"]  # copies alike: one option
    act(g, "p1", "choose", option=0)
    assert pending(g)["options"] == ["Magikarp", "nothing more"]
    act(g, "p1", "choose", option=0)
    p = players(g)
    assert [m["card"] for m in p["p1"]["bench"]] == ["Magikarp", "Magikarp"]
    assert p["p1"]["deck_count"] == 2 and view(g)["current"] == "p2"
    assert any(e.type == "shuffle" and e.data["p"] == "p1" for e in g.events)
    check_invariants(g.state)


def test_a_search_may_find_nothing_and_stops_at_a_full_bench() -> None:
    deck = ["Magikarp", "Magikarp"]
    g = play({"active": mon("ex3-60"), "deck": deck}, {"active": "Mudkip"})
    act(g, "p1", "attack", attack="Call for Family")
    act(g, "p1", "choose", option=1)  # nothing
    assert players(g)["p1"]["bench_count"] == 0 and view(g)["current"] == "p2"
    full = ["Treecko", "Wingull", "Skitty", "Zigzagoon"]
    g = play({"active": mon("ex3-60"), "deck": deck, "bench": full}, {"active": "Mudkip"})
    act(g, "p1", "attack", attack="Call for Family")
    act(g, "p1", "choose", option=0)  # the fifth place: no more questions
    assert players(g)["p1"]["bench_count"] == 5 and view(g)["current"] == "p2"


def test_filters_name_type_team_and_stage() -> None:
    deck = ["Omanyte", "Kabuto", "Mudkip", "Marshtomp", "Water Energy"]
    g = play({"active": "Torchic", "deck": deck}, {"active": "Torchic"})
    # Team Assembly: Omanyte and Kabuto (Stage 1 here) by name, or any Basic; never another
    # Evolution (Omanyte and Kabuto themselves cannot be in play yet: see FROM_FOSSILS)
    search = ATTACK_STEPS[("ex2-70", "Team Assembly")][0]
    assert isinstance(search, Search)
    s = g.state
    assert [s.card(c).name for c in search.found(s, 0)] == ["Omanyte", "Kabuto", "Mudkip"]
    deck = ["Seviper", "Treecko", "Team Aqua's Carvanha", "Team Magma's Numel", "Mudkip"]
    g = play({"active": mon("ex4-17"), "deck": deck}, {"active": "Torchic"})
    act(g, "p1", "attack", attack="Call for Family")
    assert pending(g)["options"] == ["Seviper", "Treecko", "Team Aqua's Carvanha", "nothing"]
    act(g, "p1", "choose", option=2)
    assert view(g)["current"] == "p2"  # one card only


def test_up_to_n_into_the_hand_and_different_types() -> None:
    deck = ["Team Aqua's Carvanha", "Team Aqua's Sharpedo", "Mudkip", "Team Aqua's Spheal"]
    g = play(
        {"active": mon("ex4-30", under=["Team Aqua's Poochyena"]), "deck": deck},
        {"active": "Torchic"},
    )
    act(g, "p1", "attack", attack="Aqua Call")
    for _ in range(3):
        act(g, "p1", "choose", option=0)
    assert sorted(players(g)["p1"]["hand"]) == sorted(
        ["Team Aqua's Carvanha", "Team Aqua's Sharpedo", "Team Aqua's Spheal"]
    )
    deck = ["Water Energy", "Water Energy", "Fire Energy", "Grass Energy"]
    g = play({"active": mon("ex3-22", under=["Trapinch"]), "deck": deck}, {"active": "Torchic"})
    act(g, "p1", "attack", attack="Quick Charge")
    act(g, "p1", "choose", option=0)  # Water
    assert pending(g)["options"] == ["Fire Energy", "Grass Energy", "nothing more"]


def test_attach_to_a_pokemon_the_player_picks_is_not_the_turns_attachment() -> None:
    deck = ["Lightning Energy", "Water Energy"]
    g = play(
        {"active": mon("ex1-9", under=["Electrike"]), "deck": deck, "bench": ["Treecko"]},
        {"active": "Torchic"},
    )
    act(g, "p1", "attack", attack="Attract Current")
    assert pending(g)["options"] == [
        "Lightning Energy to Manectric (active)",
        "Lightning Energy to Treecko (bench1)",
        "nothing",
    ]
    act(g, "p1", "choose", option=1)
    assert players(g)["p1"]["bench"][0]["energy"] == ["Lightning Energy"]


def test_the_discard_pile_must_give_a_card_when_the_attack_says_so() -> None:
    g = play({"active": mon("ex2-79"), "discard": ["Potion", "Fire Energy"]}, {"active": "Torchic"})
    act(g, "p1", "attack", attack="Energy Catch")
    assert pending(g)["options"] == ["Fire Energy"]  # no "nothing", no Potion
    act(g, "p1", "choose", option=0)
    assert players(g)["p1"]["hand"] == ["Fire Energy"]
    # an empty discard pile: the attack is used and asks nothing
    g = play({"active": mon("ex2-79")}, {"active": "Torchic"})
    act(g, "p1", "attack", attack="Energy Catch")
    assert view(g)["current"] == "p2"


def test_energy_from_the_discard_pile_to_the_attacker() -> None:
    g = play(
        {
            "active": mon("ex3-27", under=["Mareep"], energy=["Lightning Energy"]),
            "discard": ["Fire Energy", "Water Energy", "Potion"],
        },
        {"active": "Torchic"},
    )
    act(g, "p1", "attack", attack="Energy Recall")
    act(g, "p1", "choose", option=1)  # Water
    act(g, "p1", "choose", option=0)  # Fire
    assert players(g)["p1"]["active"]["energy"] == [
        "Lightning Energy",
        "Water Energy",
        "Fire Energy",
    ]


# ---------------------------------------------------------------------------- Trainers
def test_dual_ball_searches_once_per_heads_and_not_at_all_on_two_tails() -> None:
    deck = ["Mudkip", "Treecko", "Marshtomp"]
    g = play({"active": "Torchic", "hand": ["Dual Ball"], "deck": deck}, {"active": "Mudkip"})
    act(g, "p1", "play_trainer", coins=[TAILS, TAILS], card="Dual Ball")
    assert view(g)["phase"] == "main" and players(g)["p1"]["deck_count"] == 3
    assert not any(e.type == "shuffle" for e in g.events[-3:])
    g = play({"active": "Torchic", "hand": ["Dual Ball"], "deck": deck}, {"active": "Mudkip"})
    act(g, "p1", "play_trainer", coins=[HEADS, HEADS], card="Dual Ball")
    assert pending(g)["options"] == ["Mudkip", "Treecko", "nothing"]
    act(g, "p1", "choose", option=0)
    act(g, "p1", "choose", option=0)
    assert sorted(players(g)["p1"]["hand"]) == ["Mudkip", "Treecko"]
    assert view(g)["current"] == "p1" and view(g)["phase"] == "main"  # the turn goes on


def test_a_search_trainer_is_refused_with_nothing_to_search() -> None:
    g = play({"active": "Torchic", "hand": ["Dual Ball"], "deck": []}, {"active": "Mudkip"})
    with pytest.raises(IllegalActionError) as info:
        act(g, "p1", "play_trainer", card="Dual Ball")
    assert info.value.refusal.rule == "ptcg.trainer.condition"
    g = play({"active": "Torchic", "hand": ["Maxie"]}, {"active": "Mudkip"})
    with pytest.raises(IllegalActionError):
        act(g, "p1", "play_trainer", card="Maxie")


def test_team_ball_heads_any_team_pokemon_tails_a_basic_one() -> None:
    deck = ["Team Aqua's Sharpedo", "Team Aqua's Carvanha", "Mudkip"]
    side = {"active": "Torchic", "hand": ["Team Aqua Ball"], "deck": deck}
    g = play(side, {"active": "Mudkip"})
    act(g, "p1", "play_trainer", coins=[HEADS], card="Team Aqua Ball")
    assert pending(g)["options"] == ["Team Aqua's Sharpedo", "Team Aqua's Carvanha", "nothing"]
    g = play(side, {"active": "Mudkip"})
    act(g, "p1", "play_trainer", coins=[TAILS], card="Team Aqua Ball")
    assert pending(g)["options"] == ["Team Aqua's Carvanha", "nothing"]


def test_archie_benches_a_stage_2_as_a_basic_with_two_counters() -> None:
    deck = ["Team Aqua's Walrein", "Team Aqua's Spheal"]
    g = play({"active": "Torchic", "hand": ["Archie"], "deck": deck}, {"active": "Mudkip"})
    act(g, "p1", "play_trainer", card="Archie")
    act(g, "p1", "choose", option=0)
    bench = players(g)["p1"]["bench"]
    assert (bench[0]["card"], bench[0]["damage"]) == ("Team Aqua's Walrein", 20)
    g = play({"active": "Torchic", "hand": ["Archie"], "deck": deck}, {"active": "Mudkip"})
    act(g, "p1", "play_trainer", card="Archie")
    act(g, "p1", "choose", option=1)
    assert players(g)["p1"]["bench"][0]["damage"] == 0  # a Basic takes none


def test_maxie_takes_from_the_hand_or_the_discard_pile() -> None:
    g = play(
        {
            "active": "Torchic",
            "hand": ["Maxie", "Team Magma's Numel"],
            "discard": ["Team Magma's Groudon"],
        },
        {"active": "Mudkip"},
    )
    act(g, "p1", "play_trainer", card="Maxie")
    assert pending(g)["options"] == [
        "Team Magma's Numel (from the hand)",
        "Team Magma's Groudon (from the discard pile)",
        "nothing",
    ]
    act(g, "p1", "choose", option=1)
    assert players(g)["p1"]["bench"][0]["card"] == "Team Magma's Groudon"
    assert players(g)["p1"]["discard"] == []


def test_lanettes_net_search_skips_baby_pokemon_and_repeated_types() -> None:
    deck = ["Pichu", "Mudkip", "Wingull", "Treecko"]
    g = play(
        {"active": "Torchic", "hand": ["Lanette's Net Search"], "deck": deck}, {"active": "Mudkip"}
    )
    act(g, "p1", "play_trainer", card="Lanette's Net Search")
    assert pending(g)["options"] == ["Mudkip", "Wingull", "Treecko", "nothing"]
    act(g, "p1", "choose", option=0)  # Water: Wingull (Water too) is no longer offered
    assert pending(g)["options"] == ["Treecko", "nothing more"]


# ---------------------------------------------------------------------------- discards, deck
def test_discard_energy_the_player_picks_when_they_differ() -> None:
    energy = ["Fire Energy", "Water Energy", "Grass Energy", "Lightning Energy"]
    g = play({"active": {"card": "ex3-94", "energy": energy}}, {"active": WAILORD})
    act(g, "p1", "attack", attack="Luster Purge")
    assert players(g)["p2"]["active"]["damage"] == 100
    act(g, "p1", "choose", option=0)
    act(g, "p1", "choose", option=0)
    act(g, "p1", "choose", option=1)  # Fire, then Water, then Lightning of what is left
    assert players(g)["p1"]["active"]["energy"] == ["Grass Energy"]
    # alike cards: nothing to ask
    g = play({"active": {"card": "ex4-91", "energy": ["Fire Energy"] * 3}}, {"active": WAILORD})
    act(g, "p1", "attack", attack="Bright Flame")
    assert players(g)["p1"]["active"]["energy"] == ["Fire Energy"]
    assert view(g)["current"] == "p2"


def test_the_top_of_the_deck_is_discarded_and_counted() -> None:
    deck = ["Fire Energy", "Potion", "Fighting Energy", "Water Energy", "Fire Energy", "Mudkip"]
    g = play(
        {"active": mon("ex4-10", under=["Team Magma's Houndour"]), "deck": deck},
        {"active": {"card": "ex1-14", "under": ["Wailmer"]}},
    )
    act(g, "p1", "attack", attack="Magma Spurt")
    assert players(g)["p2"]["active"]["damage"] == 90  # 30 x 3 (Fire, Fighting, Fire)
    assert len(players(g)["p1"]["discard"]) == 5
    g = play({"active": mon("ex4-12")}, {"active": "Mudkip", "deck": ["Potion", "Mudkip"]})
    act(g, "p1", "attack", coins=[HEADS], attack="Magma Burn")
    assert players(g)["p2"]["discard"] == ["Potion"]


# ---------------------------------------------------------------------------- every card
def _answer_all(g: Game[Any]) -> None:
    while view(g)["phase"] == "choice":
        act(g, str(g.whose_turn()), "choose", option=0)


def _under(card_id: str) -> list[str]:
    """The names below an Evolution card, Basic first."""
    cards = bundled_cards()
    below: list[str] = []
    name = cards[card_id].evolves_from
    while name:
        below.insert(0, name)
        name = next(c.evolves_from for c in cards.values() if c.name == name)
    return below


# Anorith, Kabuto and Omanyte evolve from Fossil Trainers that are not implemented yet, so no
# position can hold them in play; their searches are the primitives shown above.
FROM_FOSSILS = {"ex2-27", "ex2-39", "ex2-43", "ex2-70"}


@pytest.mark.parametrize(
    "key",
    sorted(k for k in ATTACK_STEPS if k[0] not in FROM_FOSSILS),
    ids=lambda k: f"{k[0]}-{k[1]}",
)
def test_every_question_attack_plays_and_the_log_replays(key: tuple[str, str]) -> None:
    card_id, name = key
    deck = [
        "Magikarp",
        "Team Aqua's Carvanha",
        "Team Magma's Numel",
        "Water Energy",
        "Lightning Energy",
        "Kabuto",
        "Flareon",
        "Seviper",
        "Treecko",
        "Fire Energy",
        "Potion",
    ]
    active = {"card": card_id, "energy": [RAINBOW] * 5, "under": _under(card_id)}
    g = play(
        {
            "active": active,
            "deck": deck,
            "bench": [{"card": "Wingull", "damage": 20}],
            "discard": ["Grass Energy", "Potion"],
            "hand": ["Water Energy", "Fire Energy", "Grass Energy"],
        },
        {
            "active": WAILORD,
            "bench": ["Team Magma's Numel", "Treecko"],
            "deck": ["Potion"],
            "hand": ["Potion"] * 6 + ["Professor Birch"],
        },
    )
    start = len(g.events)
    act(g, "p1", "attack", coins=[HEADS] * 6 + [TAILS] * 4, attack=name)
    _answer_all(g)
    if view(g)["phase"] == "promote":  # the attack knocked Wailord out
        act(g, "p2", "promote", target="bench1")
    assert view(g)["current"] == "p2"  # the attack ended the turn after its questions
    assert reg.ATTACKS[key].summary
    done = {e.type for e in g.events[start:]}
    changes = {"move", "bench", "attach", "switch", "discard_energy", "move_energy", "damage"}
    # Synchronized Search needs equal Energy (not here: its own test shows it)
    assert done & {*changes, "flag", "condition"} or name == "Synchronized Search", done
    check_invariants(g.state)
    again = Game.from_log(RULESET, g.config, g.seed, g.log)
    assert again.state_hash() == g.state_hash()


def test_a_question_must_end_its_branch() -> None:
    search = Search((Cards(),))
    with pytest.raises(ValueError, match="end its branch"):
        register_program("test:bad", "attack", "bad", (Flip(heads=(search, DiscardOwn(1))),))
    with pytest.raises(ValueError, match="twice"):
        register_program("ex3-59:Roar", "attack", "Roar", (search,))
    register_program("test:good", "attack", "good", (If("always", (search,)),))
    questions = PROGRAMS.pop("test:good").questions
    assert len(questions) == 1 and isinstance(questions[0], Question)


# ---------------------------------------------------------------------------- Poké-Powers
def power(g: Any, name: str, pokemon: str = "active", coins: list[int] | None = None) -> None:
    act(g, "p1", "use_power", coins=coins, pokemon=pokemon, power=name)


def test_a_power_that_searches_attaches_where_the_player_picks_with_counters() -> None:
    g = play(
        {
            "active": {"card": "ex1-7", "under": ["Ralts", "Kirlia"]},
            "bench": ["Treecko"],
            "deck": ["Psychic Energy", "Water Energy"],
        },
        {"active": "Mudkip"},
    )
    power(g, "Psy Shadow")
    assert pending(g)["options"][:2] == [
        "Psychic Energy to Gardevoir (active)",
        "Psychic Energy to Treecko (bench1)",
    ]
    act(g, "p1", "choose", option=1)
    treecko = players(g)["p1"]["bench"][0]
    assert (treecko["energy"], treecko["damage"]) == (["Psychic Energy"], 20)
    assert view(g)["phase"] == "main" and view(g)["current"] == "p1"  # the turn goes on
    with pytest.raises(IllegalActionError) as info:
        power(g, "Psy Shadow")
    assert info.value.refusal.rule == "ptcg.power.once-per-turn"


def test_a_power_works_for_its_own_pokemon_on_the_bench() -> None:
    g = play(
        {
            "active": "Mudkip",
            "bench": [{"card": "ex4-28", "under": ["Team Aqua's Chinchou"]}],
            "hand": ["Lightning Energy", "Potion"],
        },
        {"active": "Torchic"},
    )
    power(g, "Auxiliary Light", pokemon="bench1")
    act(g, "p1", "choose", option=0)
    lanturn = players(g)["p1"]["bench"][0]
    assert (lanturn["energy"], lanturn["damage"]) == (["Lightning Energy"], 20)
    assert not view(g)["this_turn"]["energy_played"]  # not the turn's attachment


def test_power_requirements_are_refused_with_the_requirement_rule() -> None:
    g = play(
        {"active": "Mudkip", "bench": [{"card": "ex4-37", "under": ["Team Magma's Poochyena"]}]},
        {"active": "Torchic"},
    )
    with pytest.raises(IllegalActionError) as info:
        power(g, "Call for Help", pokemon="bench1")  # only while Active
    assert info.value.refusal.rule == "ptcg.power.requirement"
    g = play(
        {"active": {"card": "ex4-28", "under": ["Team Aqua's Chinchou"]}, "hand": []},
        {"active": "Torchic"},
    )
    with pytest.raises(IllegalActionError) as info:
        power(g, "Auxiliary Light")  # no basic Energy in the hand
    assert info.value.refusal.rule == "ptcg.power.requirement"
    g = play(
        {
            "active": {
                "card": "ex4-28",
                "under": ["Team Aqua's Chinchou"],
                "conditions": ["asleep"],
            },
            "hand": ["Water Energy"],
        },
        {"active": "Torchic"},
    )
    with pytest.raises(IllegalActionError) as info:
        power(g, "Auxiliary Light")
    assert info.value.refusal.rule == "ptcg.power.condition"


def test_baby_evolution_evolves_from_the_hand_and_heals() -> None:
    g = play(
        {"active": {"card": "ex2-31", "damage": 20}, "hand": ["Marill"]}, {"active": "Torchic"}
    )
    power(g, "Baby Evolution")
    active = players(g)["p1"]["active"]
    assert (active["card"], active["damage"], active["evolved_from"]) == ("Marill", 0, ["Azurill"])
    g = play({"active": "ex2-31", "hand": []}, {"active": "Torchic"})
    with pytest.raises(IllegalActionError) as info:
        power(g, "Baby Evolution")
    assert info.value.refusal.rule == "ptcg.power.requirement"


def test_discard_then_draw_up_to_the_number_the_player_picks() -> None:
    g = play(
        {
            "active": {"card": "ex1-5", "under": ["Skitty"]},
            "hand": ["Fire Energy", "Potion"],
            "deck": ["Potion", "Potion", "Mudkip", "Treecko"],
        },
        {"active": "Torchic"},
    )
    power(g, "Energy Draw")
    assert pending(g)["options"] == ["Fire Energy"]  # only an Energy card, and no "nothing"
    act(g, "p1", "choose", option=0)
    assert pending(g)["options"] == ["draw 0", "draw 1", "draw 2", "draw 3"]
    act(g, "p1", "choose", option=2)
    p = players(g)["p1"]
    assert p["discard"] == ["Fire Energy"] and p["hand_count"] == 3 and p["deck_count"] == 2


def test_magnetic_field_cannot_take_back_the_card_it_discarded() -> None:
    g = play(
        {
            "active": {"card": "ex3-17", "under": ["Magnemite"]},
            "hand": ["Water Energy"],
            "discard": ["Fire Energy"],
        },
        {"active": "Torchic"},
    )
    power(g, "Magnetic Field")
    act(g, "p1", "choose", option=0)  # discard the Water Energy
    assert pending(g)["options"] == ["Fire Energy", "nothing"]  # not the Water Energy


def test_moving_energy_between_the_players_pokemon() -> None:
    g = play(
        {
            "active": {"card": "ex4-8", "under": ["Team Magma's Baltoy"]},
            "bench": [{"card": "Team Magma's Numel", "energy": ["Fire Energy"]}, "Mudkip"],
        },
        {"active": "Torchic"},
    )
    power(g, "Magma Switch")
    options = pending(g)["options"]
    assert options == [
        "Fire Energy from Team Magma's Numel (bench1) to Team Magma's Claydol (active)",
        "Fire Energy from Team Magma's Numel (bench1) to Mudkip (bench2)",
    ]  # only from a Team Magma Pokémon; no "nothing" (it moves one)
    act(g, "p1", "choose", option=1)
    assert players(g)["p1"]["bench"][1]["energy"] == ["Fire Energy"]
    g = play(
        {"active": {"card": "ex4-8", "under": ["Team Magma's Baltoy"]}, "bench": ["Mudkip"]},
        {"active": "Torchic"},
    )
    with pytest.raises(IllegalActionError) as info:
        power(g, "Magma Switch")  # no Energy to move
    assert info.value.refusal.rule == "ptcg.power.requirement"


def test_energy_switch_moves_a_basic_energy_and_is_refused_without_one() -> None:
    side = {
        "active": {"card": "Mudkip", "energy": ["Water Energy"]},
        "bench": ["Treecko"],
        "hand": ["Energy Switch"],
    }
    g = play(side, {"active": "Torchic"})
    act(g, "p1", "play_trainer", card="Energy Switch")
    act(g, "p1", "choose", option=0)
    assert players(g)["p1"]["bench"][0]["energy"] == ["Water Energy"]
    g = play({**side, "active": "Mudkip"}, {"active": "Torchic"})
    with pytest.raises(IllegalActionError) as info:
        act(g, "p1", "play_trainer", card="Energy Switch")
    assert info.value.refusal.rule == "ptcg.trainer.condition"


def test_the_player_brings_in_a_new_defending_pokemon_then_the_rest_follows() -> None:
    g = play({"active": mon("ex3-72")}, {"active": "Mudkip", "bench": ["Treecko", "Wingull"]})
    act(g, "p1", "attack", attack="Luring Flame")
    assert g.whose_turn() == "p1"  # the attacker picks
    act(g, "p1", "choose", option=1)
    p2 = players(g)["p2"]
    assert p2["active"]["card"] == "Wingull" and p2["active"]["conditions"] == ["burned"]
    # Aqua Reverse: only a Team Magma Pokémon may be brought in, and the damage follows
    g = play(
        {"active": mon("ex4-2", under=["Team Aqua's Corphish"])},
        {"active": WAILORD, "bench": ["Treecko", "Team Magma's Numel"]},
    )
    act(g, "p1", "attack", attack="Aqua Reverse")
    assert pending(g)["options"] == ["Team Magma's Numel (bench2)", "switch nothing"]
    act(g, "p1", "choose", option=1)
    assert players(g)["p2"]["active"]["damage"] == 20  # Wailord stayed and took it


def test_an_energy_card_of_the_defending_pokemon_the_player_picks() -> None:
    g = play(
        {"active": {"card": "ex3-70", "energy": ["Fire Energy"]}},
        {
            "active": {
                "card": WAILORD["card"],
                "under": WAILORD["under"],
                "energy": ["Water Energy", "Grass Energy"],
            }
        },
    )
    act(g, "p1", "attack", attack="Kindle")
    act(g, "p1", "choose", option=1)
    p = players(g)
    assert p["p2"]["active"]["energy"] == ["Water Energy"] and p["p1"]["active"]["energy"] == []
    g = play(
        {"active": {"card": "ex2-12", "under": ["Seedot", "Nuzleaf"]}},
        {"active": {"card": "Torchic", "energy": ["Fire Energy"]}},
    )
    power(g, "Fan Away", coins=[HEADS])
    act(g, "p1", "choose", option=0)
    assert players(g)["p2"]["hand"] == ["Fire Energy"]
    g = play(
        {"active": {"card": "ex2-12", "under": ["Seedot", "Nuzleaf"]}},
        {"active": {"card": "Torchic", "energy": ["Fire Energy"]}},
    )
    power(g, "Fan Away", coins=[TAILS])
    assert "pending" not in view(g) and players(g)["p2"]["active"]["energy"] == ["Fire Energy"]


@pytest.mark.parametrize("key", sorted(POWER_STEPS), ids=lambda k: f"{k[0]}-{k[1]}")
def test_every_question_power_has_a_summary_and_a_program(key: tuple[str, str]) -> None:
    assert reg.POWERS[key].summary and f"{key[0]}:{key[1]}" in PROGRAMS


# ---------------------------------------------------------------------------- batch 3
def test_two_different_benched_pokemon_or_the_only_one() -> None:
    g = play(
        {"active": mon("ex1-39", under=["Electrike"])},
        {"active": WAILORD, "bench": ["Treecko", "Wingull", "Mudkip"]},
    )
    act(g, "p1", "attack", attack="Gigashock")
    act(g, "p1", "choose", option=2)  # Mudkip
    assert pending(g)["options"] == ["Treecko (bench1)", "Wingull (bench2)"]  # not twice
    act(g, "p1", "choose", option=0)
    bench = players(g)["p2"]["bench"]
    assert [m["damage"] for m in bench] == [10, 0, 10]
    g = play(
        {"active": mon("ex1-39", under=["Electrike"])}, {"active": WAILORD, "bench": ["Treecko"]}
    )
    act(g, "p1", "attack", attack="Gigashock")
    act(g, "p1", "choose", option=0)
    assert view(g)["current"] == "p2"


def test_a_pick_paid_with_energy_may_be_declined() -> None:
    side = {
        "active": {
            "card": "ex3-100",
            "under": ["Charmander", "Charmeleon"],
            "energy": ["Fire Energy"] * 4,
        }
    }
    g = play(side, {"active": WAILORD, "bench": ["Treecko"]})
    act(g, "p1", "attack", attack="Flame Pillar")
    assert pending(g)["options"] == ["Treecko (bench1)", "none"]
    act(g, "p1", "choose", option=0)
    assert players(g)["p2"]["bench"][0]["damage"] == 30
    assert len(players(g)["p1"]["active"]["energy"]) == 3
    g = play(side, {"active": WAILORD, "bench": ["Treecko"]})
    act(g, "p1", "attack", attack="Flame Pillar")
    act(g, "p1", "choose", option=1)
    assert len(players(g)["p1"]["active"]["energy"]) == 4


def test_counters_per_heads_anywhere_and_the_same_pokemon_twice() -> None:
    them = {"active": WAILORD, "bench": ["Treecko"]}
    g = play({"active": mon("ex4-32")}, them)
    act(g, "p1", "attack", coins=[HEADS, HEADS], attack="Psymist")
    act(g, "p1", "choose", option=1)
    assert pending(g)["options"] == ["Wailord (active)", "Treecko (bench1)"]  # again allowed
    act(g, "p1", "choose", option=1)
    assert players(g)["p2"]["bench"][0]["damage"] == 20
    g = play({"active": mon("ex4-32")}, them)
    act(g, "p1", "attack", coins=[TAILS, TAILS], attack="Psymist")
    assert view(g)["current"] == "p2" and "pending" not in view(g)


def test_a_forbidden_attack_is_refused_next_turn_and_the_other_allowed() -> None:
    g = play(
        {"active": mon("ex4-45")}, {"active": {"card": "Mudkip", "energy": ["Water Energy"] * 2}}
    )
    act(g, "p1", "attack", attack="Amnesia")
    assert pending(g)["options"] == ["Pound", "Fury Swipes"]
    act(g, "p1", "choose", option=0)
    with pytest.raises(IllegalActionError) as info:
        act(g, "p2", "attack", attack="Pound")
    assert info.value.refusal.rule == "ptcg.attack.effect"
    act(g, "p2", "attack", coins=[TAILS, TAILS, TAILS], attack="Fury Swipes")


def test_the_opponents_hand_shuffled_back_and_cut_down_to_five() -> None:
    g = play({"active": mon("ex2-47")}, {"active": WAILORD, "hand": ["Potion", "Mudkip"]})
    act(g, "p1", "attack", attack="Surprise")
    p2 = players(g)["p2"]
    assert p2["hand_count"] == 2 and p2["deck_count"] == 6  # drew 1, 1 back to the deck
    hand = ["Potion"] * 7
    g = play({"active": mon("ex3-1")}, {"active": WAILORD, "hand": hand})
    act(g, "p1", "attack", attack="Bad News")
    assert len(players(g)["p2"]["discard"]) == 2
    g = play({"active": mon("ex3-1")}, {"active": WAILORD, "hand": hand[:5]})
    act(g, "p1", "attack", attack="Bad News")
    assert players(g)["p2"]["discard"] == []


def test_the_stadium_may_be_knocked_over() -> None:
    side = {"active": mon("ex4-68")}
    g = play(side, {"active": WAILORD}, stadium={"card": "ex3-85", "owner": "p2"})
    act(g, "p1", "attack", attack="Knock Over")
    act(g, "p1", "choose", option=0)
    assert view(g)["stadium"] is None and len(players(g)["p2"]["discard"]) == 1
    g = play(side, {"active": WAILORD}, stadium={"card": "ex3-85", "owner": "p2"})
    act(g, "p1", "attack", attack="Knock Over")
    act(g, "p1", "choose", option=1)
    assert view(g)["stadium"] is not None


def test_the_opponent_picks_the_energy_of_the_pokemon_hit() -> None:
    g = play(
        {
            "active": {
                "card": "ex4-95",
                "under": ["Mudkip", "Marshtomp"],
                "energy": ["Water Energy"] * 3,
            }
        },
        {
            "active": WAILORD,
            "bench": [{"card": "Wailmer", "energy": ["Grass Energy", "Fire Energy"]}],
        },
    )
    act(g, "p1", "attack", coins=[HEADS], attack="Crushing Wave", target="bench1")
    assert g.whose_turn() == "p2" and pending(g)["options"] == ["Grass Energy", "Fire Energy"]
    act(g, "p2", "choose", option=1)
    wailmer = players(g)["p2"]["bench"][0]
    assert (wailmer["damage"], wailmer["energy"]) == (40, ["Grass Energy"])


def test_switch_for_an_energy_card_or_stay() -> None:
    side = {
        "active": {
            "card": "ex3-28",
            "under": ["Pineco"],
            "energy": ["Metal Energy", "Water Energy", "Water Energy"],
        },
        "bench": ["Treecko"],
    }
    g = play(side, {"active": WAILORD})
    act(g, "p1", "attack", attack="Backspin")
    assert pending(g)["options"] == [
        "discard Metal Energy, switch with Treecko",
        "discard Water Energy, switch with Treecko",
        "stay",
    ]
    act(g, "p1", "choose", option=1)
    p1 = players(g)["p1"]
    assert p1["active"]["card"] == "Treecko" and p1["bench"][0]["energy"] == [
        "Metal Energy",
        "Water Energy",
    ]
    g = play(side, {"active": WAILORD})
    act(g, "p1", "attack", attack="Backspin")
    act(g, "p1", "choose", option=2)
    assert players(g)["p1"]["active"]["card"] == "Forretress"


def test_super_deep_dive_does_nothing_without_a_bench() -> None:
    wailord = {"card": "ex2-100", "under": ["Wailmer"], "energy": [RAINBOW], "damage": 50}
    g = play({"active": wailord}, {"active": "Mudkip"})
    act(g, "p1", "attack", attack="Super Deep Dive")
    assert players(g)["p1"]["active"]["damage"] == 50
    g = play({"active": wailord, "bench": ["Treecko"]}, {"active": "Mudkip"})
    act(g, "p1", "attack", attack="Super Deep Dive")
    act(g, "p1", "choose", option=0)
    assert players(g)["p1"]["bench"][0]["damage"] == 20  # healed 3, then switched


def test_focus_energy_boosts_slash_only_next_turn() -> None:
    vigoroth = {"card": "ex2-52", "under": ["Slakoth"], "energy": [RAINBOW] * 3}
    g = play({"active": vigoroth}, {"active": WAILORD, "deck": ["Potion"] * 3})
    act(g, "p1", "attack", attack="Focus Energy")
    act(g, "p2", "end_turn")
    act(g, "p1", "attack", attack="Slash")
    assert players(g)["p2"]["active"]["damage"] == 90
    g = play({"active": vigoroth}, {"active": WAILORD})
    act(g, "p1", "attack", attack="Slash")
    assert players(g)["p2"]["active"]["damage"] == 40


def test_fury_cutter_all_heads_and_lizard_poison_by_energy() -> None:
    grovyle = {"active": mon("ex3-31", under=["Treecko"])}
    g = play(grovyle, {"active": WAILORD})
    act(g, "p1", "attack", coins=[HEADS] * 4, attack="Fury Cutter")
    assert players(g)["p2"]["active"]["damage"] == 70
    g = play(grovyle, {"active": WAILORD})
    act(g, "p1", "attack", coins=[HEADS, HEADS, HEADS, TAILS], attack="Fury Cutter")
    assert players(g)["p2"]["active"]["damage"] == 40
    for energy, conditions in (
        (1, ["asleep"]),
        (2, ["poisoned"]),
        (5, ["asleep", "poisoned", "burned"]),
    ):
        g = play(
            {
                "active": {
                    "card": "ex1-11",
                    "under": ["Treecko", "Grovyle"],
                    "energy": [RAINBOW] * energy,
                }
            },
            {"active": WAILORD},
        )
        act(g, "p1", "attack", attack="Lizard Poison")
        assert players(g)["p2"]["active"]["conditions"] == conditions


def test_leech_life_heals_the_damage_done_and_dragon_dew_heals_a_pick() -> None:
    g = play(
        {"active": {"card": "ex3-68", "energy": ["Grass Energy"], "damage": 30}},
        {"active": WAILORD},
    )
    act(g, "p1", "attack", attack="Leech Life")
    assert players(g)["p1"]["active"]["damage"] == 20
    g = play(
        {
            "active": {"card": "ex3-26", "energy": ["Water Energy"]},
            "bench": [{"card": "Treecko", "damage": 30}],
        },
        {"active": WAILORD},
    )
    act(g, "p1", "attack", attack="Dragon Dew")
    assert pending(g)["options"] == ["Treecko (bench1)"]  # only the damaged
    act(g, "p1", "choose", option=0)
    assert players(g)["p1"]["bench"][0]["damage"] == 10


def test_counts_basic_energy_beyond_the_cost_types_and_retreat() -> None:
    swampert = {
        "card": "ex4-95",
        "under": ["Mudkip", "Marshtomp"],
        "energy": [RAINBOW, "Water Energy", "Water Energy"],
    }
    g = play({"active": swampert}, {"active": WAILORD})
    act(g, "p1", "attack", attack="Hyper Pump")
    # the Rainbow pays the cost: 2 basic Energy beyond it, +40
    assert players(g)["p2"]["active"]["damage"] == 60
    flygon = {
        "card": "ex3-4",
        "under": ["Trapinch", "Vibrava"],
        "energy": ["Fire Energy", "Fire Energy", "Water Energy"],
    }
    g = play({"active": flygon}, {"active": WAILORD})
    act(g, "p1", "attack", attack="Rainbow Burn")
    assert players(g)["p2"]["active"]["damage"] == 50  # 2 types
    g = play({"active": mon("ex3-16")}, {"active": WAILORD, "bench": ["Treecko"]})
    act(g, "p1", "attack", attack="Breaking Impact", target="active")
    assert players(g)["p2"]["active"]["damage"] == 10 * 4  # Wailord: 4 retreat


def test_attach_from_the_hand_as_many_as_liked() -> None:
    g = play(
        {
            "active": mon("ex2-30", under=["Marill"]),
            "hand": ["Water Energy", "Water Energy", "Fire Energy"],
        },
        {"active": WAILORD},
    )
    act(g, "p1", "attack", coins=[TAILS] * 8, attack="Drizzle")
    act(g, "p1", "choose", option=0)
    act(g, "p1", "choose", option=0)
    assert players(g)["p1"]["hand"] == ["Fire Energy"] and view(g)["current"] == "p2"


def test_wallys_training_evolves_the_active_from_the_deck() -> None:
    side = {
        "active": "Mudkip",
        "hand": ["Wally's Training"],
        "deck": ["Marshtomp", "Grovyle", "Swampert"],
    }
    g = play(side, {"active": WAILORD})
    act(g, "p1", "play_trainer", card="Wally's Training")
    assert pending(g)["options"] == ["Marshtomp", "nothing"]
    act(g, "p1", "choose", option=0)
    assert players(g)["p1"]["active"]["card"] == "Marshtomp"
    g = play(side, {"active": WAILORD}, turn=2, current="p1")
    with pytest.raises(IllegalActionError) as info:
        act(g, "p1", "play_trainer", card="Wally's Training")
    assert info.value.refusal.rule == "ptcg.trainer.condition"


def test_schemer_draws_four_after_a_team_pokemon_and_warp_point_switches_both() -> None:
    deck = ["Potion"] * 5
    for discard, drawn in (("Team Aqua's Carvanha", 4), ("Mudkip", 3)):
        g = play(
            {"active": "Torchic", "hand": ["Team Aqua Schemer", discard], "deck": deck},
            {"active": WAILORD},
        )
        act(g, "p1", "play_trainer", card="Team Aqua Schemer")
        act(g, "p1", "choose", option=0)
        assert players(g)["p1"]["hand_count"] == drawn
    g = play(
        {"active": "Torchic", "bench": ["Mudkip"], "hand": ["Warp Point"]},
        {"active": WAILORD, "bench": ["Treecko"]},
    )
    act(g, "p1", "play_trainer", card="Warp Point")
    act(g, "p2", "choose", option=0)
    act(g, "p1", "choose", option=0)
    p = players(g)
    assert (p["p1"]["active"]["card"], p["p2"]["active"]["card"]) == ("Mudkip", "Treecko")


# ---------------------------------------------------------------------------- damage changes
def _hit(me: dict[str, Any], them: dict[str, Any], name: str, **params: Any) -> dict[str, Any]:
    g = play(me, them)
    act(g, "p1", "attack", attack=name, **params)
    return players(g)


def test_darkness_energy_adds_ten_for_a_darkness_attacker_only() -> None:
    dark = ["Darkness Energy"]
    p = _hit({"active": {"card": "Poochyena", "energy": dark}}, {"active": WAILORD}, "Bite")
    assert p["p2"]["active"]["damage"] == 20
    p = _hit({"active": {"card": "Mudkip", "energy": dark}}, {"active": WAILORD}, "Pound")
    assert p["p2"]["active"]["damage"] == 10
    # it provides Darkness: it pays a Darkness symbol
    g = play(
        {
            "active": {
                "card": "ex1-10",
                "under": ["Poochyena"],
                "energy": ["Darkness Energy", "Water Energy", "Water Energy"],
            }
        },
        {"active": WAILORD},
    )
    assert any(a.kind == "attack" for a in g.legal_actions("p1"))


def test_metal_energy_takes_ten_off_after_weakness_for_a_metal_pokemon_only() -> None:
    metal = ["Metal Energy"]
    p = _hit(
        {"active": {"card": "Mudkip", "energy": ["Water Energy"]}},
        {"active": {"card": "Aron", "energy": metal}},
        "Pound",
    )
    assert p["p2"]["active"]["damage"] == 0  # 10 - 10
    p = _hit(
        {"active": {"card": "Poochyena", "energy": ["Water Energy"]}},
        {"active": {"card": "Mudkip", "energy": metal}},
        "Bite",
    )
    assert p["p2"]["active"]["damage"] == 10


def test_strength_charm_adds_ten_once_then_is_discarded() -> None:
    p = _hit(
        {"active": {"card": "Mudkip", "energy": ["Water Energy"], "tool": "Strength Charm"}},
        {"active": WAILORD},
        "Pound",
    )
    assert p["p2"]["active"]["damage"] == 20
    assert p["p1"]["active"]["tool"] is None and p["p1"]["discard"] == ["Strength Charm"]


def test_intimidating_fang_before_weakness_and_power_pinchers() -> None:
    mightyena = {"card": "ex1-10", "under": ["Poochyena"]}
    # Makuhita (Fighting) against Mightyena (weak to Fighting): (20 - 10) x 2
    p = _hit(
        {"active": {"card": "Makuhita", "energy": [RAINBOW] * 2}},
        {"active": mightyena},
        "Lunge Out",
    )
    assert p["p2"]["active"]["damage"] == 20
    p = _hit(
        {"active": {"card": "Makuhita", "energy": [RAINBOW] * 2}},
        {"active": WAILORD, "bench": [mightyena]},
        "Lunge Out",
    )
    assert p["p2"]["active"]["damage"] == 20  # only while Mightyena is the Active
    crawdaunt = {"card": "ex3-3", "under": ["Corphish"], "energy": [RAINBOW] * 3}
    p = _hit({"active": crawdaunt}, {"active": WAILORD}, "Guillotine")
    assert p["p2"]["active"]["damage"] == 60


# ---------------------------------------------------------------------------- Rare Candy, ...
def test_rare_candy_skips_the_stage_1_under_the_evolution_timing() -> None:
    side = {"active": "Mudkip", "bench": ["Treecko"], "hand": ["Rare Candy", "Swampert"]}
    g = play(side, {"active": WAILORD})
    act(g, "p1", "play_trainer", card="Rare Candy")
    assert pending(g)["options"] == ["Swampert on Mudkip (active)"]  # not on Treecko
    act(g, "p1", "choose", option=0)
    active = players(g)["p1"]["active"]
    assert (active["card"], active["evolved_from"]) == ("Swampert", ["Mudkip"])
    for refused in (
        play(side, {"active": WAILORD}, turn=2),  # a first turn
        play({**side, "active": {"card": "Mudkip", "new": True}}, {"active": WAILORD}),
        play({**side, "hand": ["Rare Candy", "Grovyle"], "bench": []}, {"active": WAILORD}),
    ):
        with pytest.raises(IllegalActionError) as info:
            act(refused, "p1", "play_trainer", card="Rare Candy")
        assert info.value.refusal.rule == "ptcg.trainer.condition"


def test_the_hideouts_change_retreat_and_benching() -> None:
    aqua = {"card": "ex4-78", "owner": "p1"}
    g = play(
        {"active": {"card": "Mudkip", "energy": ["Water Energy"]}, "bench": ["Treecko"]},
        {"active": WAILORD},
        stadium=aqua,
    )
    with pytest.raises(IllegalActionError) as info:
        act(g, "p1", "retreat", target="bench1")  # Mudkip now retreats for 2
    assert info.value.refusal.rule == "ptcg.retreat.cost"
    g = play(
        {
            "active": {"card": "Team Aqua's Carvanha", "energy": ["Water Energy"]},
            "bench": ["Treecko"],
        },
        {"active": WAILORD},
        stadium=aqua,
    )
    act(g, "p1", "retreat", target="bench1")
    magma = {"card": "ex4-83", "owner": "p2"}
    g = play(
        {"active": "Mudkip", "hand": ["Treecko", "Team Magma's Numel"]},
        {"active": WAILORD},
        stadium=magma,
    )
    act(g, "p1", "bench", card="Treecko")
    act(g, "p1", "bench", card="Team Magma's Numel")
    assert [m["damage"] for m in players(g)["p1"]["bench"]] == [10, 0]


def test_a_body_keeps_special_conditions_off() -> None:
    g = play(
        {"active": {"card": "ex1-26", "under": ["Wurmple"], "energy": ["Grass Energy"]}},
        {"active": "ex2-14"},
    )
    act(g, "p1", "attack", attack="Poison Thread")
    assert players(g)["p2"]["active"]["conditions"] == []  # Zangoose cannot be Poisoned
    g = play({"active": {"card": "ex3-9", "energy": ["Grass Energy"]}}, {"active": "ex2-14"})
    act(g, "p1", "attack", attack="Sleep Powder")
    assert players(g)["p2"]["active"]["conditions"] == ["asleep"]  # but can be Asleep
    g = play(
        {"active": {"card": "ex1-26", "under": ["Wurmple"], "energy": ["Grass Energy"]}},
        {"active": "ex3-9"},
    )
    act(g, "p1", "attack", attack="Poison Thread")
    assert players(g)["p2"]["active"]["conditions"] == []  # Roselia: none at all


# ---------------------------------------------------------------------------- before the damage
def test_energy_discarded_before_the_damage_adds_to_it() -> None:
    aggron = {
        "card": "ex4-7",
        "under": ["Team Magma's Aron", "Team Magma's Lairon"],
        "energy": ["Fighting Energy"] * 3 + [RAINBOW],
    }
    g = play({"active": aggron}, {"active": WAILORD})
    act(g, "p1", "attack", attack="Land Stream")
    assert players(g)["p2"]["active"]["damage"] == 0  # nothing done before the answers
    assert pending(g)["options"] == ["Fighting Energy from Team Magma's Aggron (active)", "done"]
    act(g, "p1", "choose", option=0)
    act(g, "p1", "choose", option=0)
    act(g, "p1", "choose", option=1)  # done
    assert players(g)["p2"]["active"]["damage"] == 90  # 50 + 2 x 20
    assert players(g)["p1"]["active"]["energy"] == ["Fighting Energy", RAINBOW]
    g = play({"active": aggron}, {"active": WAILORD})
    act(g, "p1", "attack", attack="Land Stream")
    act(g, "p1", "choose", option=1)
    assert players(g)["p2"]["active"]["damage"] == 50


def test_water_energy_from_any_pokemon_back_to_the_hand() -> None:
    walrein = {
        "card": "ex4-6",
        "under": ["Team Aqua's Spheal", "Team Aqua's Sealeo"],
        "energy": ["Water Energy"] * 4,
    }
    g = play(
        {"active": walrein, "bench": [{"card": "Mudkip", "energy": ["Water Energy"]}]},
        {"active": WAILORD},
    )
    act(g, "p1", "attack", attack="Hydro Reverse")
    act(g, "p1", "choose", option=1)  # the one on Mudkip
    act(g, "p1", "choose", option=1)  # done
    p1 = players(g)["p1"]
    assert p1["hand"] == ["Water Energy"] and p1["bench"][0]["energy"] == []
    assert players(g)["p2"]["active"]["damage"] == 60


def test_all_or_none_and_all_of_one_type() -> None:
    jolteon = {"card": "ex2-6", "under": ["Eevee"], "energy": ["Lightning Energy"] * 3}
    for option, damage, left in ((0, 70, 0), (1, 40, 3)):
        g = play({"active": jolteon}, {"active": "ex1-96"})
        act(g, "p1", "attack", attack="Lightning Strike")
        act(g, "p1", "choose", option=option)
        assert players(g)["p2"]["active"]["damage"] == damage
        assert len(players(g)["p1"]["active"]["energy"]) == left
    rayquaza = {"card": "ex3-97", "energy": ["Fire Energy", "Lightning Energy", "Lightning Energy"]}
    g = play({"active": rayquaza}, {"active": WAILORD})
    act(g, "p1", "attack", attack="Dragon Burst")
    assert pending(g)["options"] == ["all Fire (1)", "all Lightning (2)"]
    act(g, "p1", "choose", option=1)
    assert players(g)["p2"]["active"]["damage"] == 80


def test_until_tails_from_the_discard_pile_and_the_top_card() -> None:
    g = play(
        {
            "active": {"card": "ex3-97", "energy": ["Fire Energy"]},
            "discard": ["Fire Energy", "Water Energy"],
        },
        {"active": WAILORD},
    )
    act(g, "p1", "attack", coins=[HEADS, TAILS], attack="Spiral Growth")
    act(g, "p1", "choose", option=1)
    assert players(g)["p1"]["active"]["energy"] == ["Fire Energy", "Water Energy"]
    assert view(g)["current"] == "p2"  # one heads: one card
    magcargo = {"card": "ex3-95", "under": ["Slugma"], "energy": ["Fire Energy"]}
    g = play({"active": magcargo, "deck": ["Fire Energy", "Potion"]}, {"active": WAILORD})
    act(g, "p1", "attack", attack="Melting Mountain")
    assert players(g)["p1"]["active"]["energy"] == ["Fire Energy", "Fire Energy"]
    g = play({"active": magcargo, "deck": ["Potion", "Fire Energy"]}, {"active": WAILORD})
    act(g, "p1", "attack", attack="Melting Mountain")
    assert players(g)["p1"]["discard"] == ["Potion"]


def test_energy_recycle_system_one_to_the_hand_or_three_to_the_deck() -> None:
    discard = ["Fire Energy", "Water Energy", "Fire Energy"]
    g = play(
        {"active": "Mudkip", "hand": ["Energy Recycle System"], "discard": discard},
        {"active": WAILORD},
    )
    act(g, "p1", "play_trainer", card="Energy Recycle System")
    assert pending(g)["options"] == ["1 into the hand", "3 into the deck"]
    act(g, "p1", "choose", option=1)
    for _ in range(3):
        act(g, "p1", "choose", option=0)
    p1 = players(g)["p1"]
    assert p1["discard"] == ["Energy Recycle System"] and p1["deck_count"] == 9
    g = play(
        {"active": "Mudkip", "hand": ["Energy Recycle System"], "discard": discard[:1]},
        {"active": WAILORD},
    )
    act(g, "p1", "play_trainer", card="Energy Recycle System")
    assert pending(g)["options"] == ["1 into the hand"]  # fewer than 3: one way only
    g = play({"active": "Mudkip", "hand": ["Energy Recycle System"]}, {"active": WAILORD})
    with pytest.raises(IllegalActionError):
        act(g, "p1", "play_trainer", card="Energy Recycle System")


def test_balloon_berry_pays_the_retreat_instead_of_energy() -> None:
    side = {
        "active": {"card": "Wailmer", "energy": ["Water Energy"], "tool": "Balloon Berry"},
        "bench": ["Treecko"],
    }
    g = play(side, {"active": "Torchic"})
    with pytest.raises(IllegalActionError) as info:
        act(g, "p1", "retreat", target="bench1", discard=["Water Energy"])
    assert info.value.refusal.rule == "ptcg.retreat.cost"
    assert any(a.kind == "retreat" for a in g.legal_actions("p1"))
    act(g, "p1", "retreat", target="bench1")
    p1 = players(g)["p1"]
    wailmer = p1["bench"][0]
    assert (wailmer["energy"], wailmer["tool"]) == (["Water Energy"], None)
    assert p1["discard"] == ["Balloon Berry"]
    g = play(
        {**side, "active": {"card": "Wailmer", "energy": ["Water Energy"]}}, {"active": "Torchic"}
    )
    with pytest.raises(IllegalActionError) as info:
        act(g, "p1", "retreat", target="bench1")  # Wailmer's cost is more than 1
    assert info.value.refusal.rule == "ptcg.retreat.cost"


def test_mist_ball_picks_a_fire_and_a_water_and_scam_takes_a_supporter_back() -> None:
    latias = {"card": "ex3-93", "energy": [RAINBOW, "Fire Energy", "Water Energy"]}
    g = play({"active": latias}, {"active": WAILORD})
    act(g, "p1", "attack", attack="Mist Ball")
    assert pending(g)["options"] == ["Rainbow Energy", "Fire Energy"]
    act(g, "p1", "choose", option=1)  # the Fire; then the Water (Rainbow or Water: asked)
    act(g, "p1", "choose", option=1)
    assert players(g)["p1"]["active"]["energy"] == [RAINBOW]
    mawile = {"active": mon("ex2-9")}
    g = play(mawile, {"active": WAILORD, "hand": ["Potion", "Professor Birch"]})
    act(g, "p1", "attack", attack="Scam")
    assert pending(g)["options"] == ["Professor Birch", "none"]
    act(g, "p1", "choose", option=0)
    p2 = players(g)["p2"]
    assert p2["hand_count"] == 3 and p2["deck_count"] == 5  # 6 + 1 back - 1 drawn - the turn's
    g = play(mawile, {"active": WAILORD, "hand": ["Potion"]})
    act(g, "p1", "attack", attack="Scam")
    assert "pending" not in view(g)  # no Supporter: nothing to pick


def test_metal_hook_may_bring_in_a_benched_pokemon_before_the_damage() -> None:
    g = play({"active": mon("ex2-9")}, {"active": WAILORD, "bench": ["Treecko"]})
    act(g, "p1", "attack", attack="Metal Hook")
    act(g, "p1", "choose", option=0)
    p2 = players(g)["p2"]
    assert p2["active"]["card"] == "Treecko" and p2["active"]["damage"] == 20
