"""A Knock Out that would end the game and the Powers that answer it (Gengar's Shadow Curse
ex12-5, Magneton's Reactive Recharge ex12-22).

Reading (docs/rulesets/ptcg.md, Knock Out Powers): their cards act when their Pokémon
"would be Knocked Out" by the damage of an opponent's attack, so they act as the attack
ends, before the Knock Out is settled; the game's end is checked as the Knock Outs are
settled and their Prize cards taken, all at once (ptcg-ex.md, Winning: a player wins on
taking their last Prize card or when the opponent has no Pokémon left; both at once is the
rulebook's sudden death, a draw here: turn.settle). So a Knock Out that takes the attacker's
last Prize card still lets Shadow Curse answer, and if its counters Knock Out the attacker in
turn and that gives its player their last Prize card, both players win at once."""

from __future__ import annotations

from typing import Any

from tests.ptcg.board import act, check_invariants, game, view
from tests.ptcg.set_cards import attacker, pending, players

GENGAR = {"card": "ex12-5", "under": ["Gastly", "Haunter"], "damage": 90}  # 100 HP
MAGNETON = {"card": "ex12-22", "under": ["Magnemite"], "damage": 20}  # 70 HP
SPINDA = {"card": "ex12-26"}
PINSIR = {"card": "ex12-24"}


def _last_prize_game(defender: dict[str, Any], golem_damage: int = 90) -> Any:
    """p1's Golem (120 HP; Rock Tumble: 70) has one Prize card left, and so has p2; Rock
    Tumble Knocks Out p2's Active ``defender``, which takes p1's last Prize card."""
    golem = attacker("ex12-6", "Rock Tumble", damage=golem_damage)
    return game(
        {"active": golem, "bench": [SPINDA], "prizes": ["Potion"]},
        {"active": defender, "bench": [PINSIR], "prizes": ["Potion"]},
    )


def _over(g: Any) -> tuple[str, list[str]]:
    found = view(g)
    return found["phase"], found.get("winners", [])


def test_shadow_curse_answers_a_knock_out_that_takes_the_last_prize_card() -> None:
    g = _last_prize_game(GENGAR)
    act(g, "p1", "attack", attack="Rock Tumble")
    assert _over(g)[0] != "over"  # the Power answers first
    assert pending(g)["player"] == "p2"
    assert pending(g)["options"] == ["Golem (active)", "Spinda (bench1)", "no"]
    # 3 counters Knock Out Golem too: each player takes their last Prize card at once
    act(g, "p2", "choose", option=0)
    assert _over(g) == ("over", [])  # both won at once: a draw (sudden death not played)
    assert view(g)["end"]["reason"].startswith("both players won at once")
    assert "Gengar" in players(g)["p2"]["discard"] and "Golem" in players(g)["p1"]["discard"]
    check_invariants(g.state)


def test_the_attacker_wins_when_shadow_curse_knocks_nothing_out() -> None:
    for option in (1, 2):  # Spinda (60 HP) takes 3 counters; or "no"
        g = _last_prize_game(GENGAR)
        act(g, "p1", "attack", attack="Rock Tumble")
        act(g, "p2", "choose", option=option)
        assert _over(g) == ("over", ["p1"])
        assert view(g)["end"]["rule"] == "ptcg.win.prizes"


def test_a_gengar_whose_powers_are_stopped_lets_the_game_end_at_once() -> None:
    g = _last_prize_game({**GENGAR, "conditions": ["asleep"]})
    act(g, "p1", "attack", attack="Rock Tumble")
    assert _over(g) == ("over", ["p1"]) and view(g).get("pending") is None


def test_reactive_recharge_answers_before_the_game_ends_and_changes_no_winner() -> None:
    magneton = {**MAGNETON, "energy": ["ex12-82", "Lightning Energy"]}  # React Energy
    g = _last_prize_game(magneton)
    act(g, "p1", "attack", attack="Rock Tumble")
    assert _over(g)[0] != "over"
    assert pending(g)["options"] == ["React Energy onto Pinsir (bench1)", "no more"]
    act(g, "p2", "choose", option=0)
    assert players(g)["p2"]["bench"][0]["energy"] == ["React Energy"]
    assert _over(g) == ("over", ["p1"])
    check_invariants(g.state)
