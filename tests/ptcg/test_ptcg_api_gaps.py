"""Attack and Poké-Power names ignore case, as card names do (docs/rulesets/ptcg.md, Seats).

Found by a black-box audit: ``attack="pound"`` was refused with ``ptcg.attack.known`` while
``card="mudkip"`` was taken. Each name is shown taken in another case (the game then goes
exactly as with the printed name: same events, same state hash) and refused when no name
matches; two names differing only by case are an error naming both.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from turnkeeper.core.game import Game
from turnkeeper.core.model import Action, BadActionError, Event, IllegalActionError
from turnkeeper.dice.source import ForcedDice
from turnkeeper.rulesets import get_ruleset
from turnkeeper.rulesets.ptcg.cards import Attack, bundled_cards, named_index

HEADS = 1  # docs/rulesets/ptcg.md, Dice: a coin is a d2, 1 = heads
WAILORD = {"card": "ex1-14", "under": ["Wailmer"]}  # 120 HP: nothing here knocks it out


def new_game(p1: dict[str, Any], p2: dict[str, Any]) -> Game[Any]:
    config = {
        "position": {
            "turn": 3,
            "current": "p1",
            "p1": {"deck": ["Water Energy"] * 8, "prizes": ["Water Energy"] * 6, **p1},
            "p2": {"deck": ["Fire Energy"] * 8, "prizes": ["Fire Energy"] * 6, **p2},
        }
    }
    return Game(get_ruleset("ptcg"), config, seed=0)


def play(g: Game[Any], kind: str, coins: list[int] | None = None, **params: Any) -> list[Event]:
    dice = ForcedDice(coins) if coins is not None else None
    return g.play(Action(kind, "p1", params), dice=dice)


def refused_as(g: Game[Any], kind: str, **params: Any) -> str:
    """The rule refusing the action, checked to leave the game untouched when played."""
    before = (g.state_hash(), len(g.log))
    with pytest.raises(IllegalActionError) as info:
        play(g, kind, **params)
    assert (g.state_hash(), len(g.log)) == before
    return info.value.refusal.rule


def the_same_as_printed(
    p1: dict[str, Any], kind: str, field: str, printed: str, written: str, **params: Any
) -> list[Event]:
    """Play ``kind`` once with the printed name and once as written: same events and state."""
    exact = new_game(p1, {"active": WAILORD})
    other = new_game(p1, {"active": WAILORD})
    coins = [HEADS] * 4
    events = play(exact, kind, list(coins), **{field: printed, **params})
    assert play(other, kind, list(coins), **{field: written, **params}) == events
    assert other.state_hash() == exact.state_hash()
    return events


# ---------------------------------------------------------------- attacks
MUDKIP = {"active": {"card": "ex1-60", "energy": ["Water Energy"]}}  # Pound, Fury Swipes


@pytest.mark.parametrize("written", ["pound", "POUND", "pOuNd"])
def test_an_attack_named_in_another_case_is_the_printed_attack(written: str) -> None:
    events = the_same_as_printed(MUDKIP, "attack", "attack", "Pound", written)
    assert {"type": "attack", "name": "Pound"} in [
        {"type": e.type, "name": e.data.get("name")} for e in events
    ]  # the log names it as printed


def test_an_attack_no_name_matches_in_any_case_is_still_refused() -> None:
    g = new_game(MUDKIP, {"active": WAILORD})
    assert refused_as(g, "attack", attack="poundd") == "ptcg.attack.known"
    assert refused_as(g, "attack", attack="Bubble") == "ptcg.attack.known"  # another Mudkip's


def test_the_attack_check_after_the_name_still_applies() -> None:
    # Fury Swipes costs two Energy: found in any case, then refused for its cost
    g = new_game(MUDKIP, {"active": WAILORD})
    assert refused_as(g, "attack", attack="fury swipes") == "ptcg.attack.energy"


def test_the_attack_to_copy_ignores_case_too() -> None:
    # Dark Link (ex7-6) uses another Dark Pokémon's attack, named 'card id:attack name'
    hypno = {"card": "ex7-6", "under": ["Drowzee"], "energy": ["Psychic Energy"]}
    p1 = {"active": hypno, "bench": [{"card": "ex7-37", "under": ["ex7-59"]}]}
    the_same_as_printed(p1, "attack", "copy", "ex7-37:Fire Payback", "EX7-37:fire payback",
                        attack="dark link")  # fmt: skip
    g = new_game(p1, {"active": WAILORD})
    assert refused_as(g, "attack", attack="Dark Link", copy="ex7-37:fire paybac") == (
        "ptcg.attack.known"
    )


# ---------------------------------------------------------------- Poké-Powers
WATER_CALL = {  # Swampert ex1-13 on the Bench: Water Call
    "hand": ["Water Energy"],
    "active": "Mudkip",
    "bench": [{"card": "ex1-13", "under": ["Mudkip", "Marshtomp"]}],
}


@pytest.mark.parametrize("written", ["water call", "WATER CALL"])
def test_a_power_named_in_another_case_is_the_printed_power(written: str) -> None:
    events = the_same_as_printed(WATER_CALL, "use_power", "power", "Water Call", written,
                                 pokemon="bench1")  # fmt: skip
    assert events[0].type == "power" and events[0].data["name"] == "Water Call"


def test_a_power_no_name_matches_is_still_refused() -> None:
    g = new_game(WATER_CALL, {"active": WAILORD})
    assert refused_as(g, "use_power", pokemon="bench1", power="water calls") == (
        "ptcg.power.known"
    )


# ---------------------------------------------------------------- the one lookup
def test_named_index_prefers_the_exact_name_then_any_case() -> None:
    names = ["Pound", "Fury Swipes"]
    assert named_index(names, "Fury Swipes", "x") == 1
    assert named_index(names, "fury swipes", "x") == 1
    assert named_index(names, "Fury Swipe", "x") == -1
    assert named_index(["Pound", "POUND"], "POUND", "x") == 1  # exact wins over the other case


def test_two_names_differing_only_by_case_are_an_error_naming_both() -> None:
    with pytest.raises(BadActionError, match=r"'Pound' or 'POUND' \(Mudkip's attacks\)"):
        named_index(["Pound", "POUND"], "pound", "Mudkip's attacks")
    mudkip = bundled_cards()["ex1-60"]
    shouted: Attack = dataclasses.replace(mudkip.attacks[0], name="POUND")
    twin = dataclasses.replace(mudkip, attacks=(*mudkip.attacks, shouted))
    assert twin.attack_named("POUND") is twin.attacks[-1]
    assert twin.attack_named("Pound") is twin.attacks[0]
    with pytest.raises(BadActionError, match=r"'Pound' or 'POUND'"):
        twin.attack_named("pound")
    assert mudkip.attack_named("pound") is mudkip.attacks[0]  # a single match is no question
