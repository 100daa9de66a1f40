"""Black-box audit of ptcg against the rule text (shared/rules/003, EX rulebook turn steps 2-8).

Written from outside: only the rule text, the EX reference (shared/reference/ptcg-ex.md),
READINGS.md and docs/rulesets/ptcg.md were read to write these cases, and they drive the
engine only through its public API (``Game``, ``Action``, ``ForcedDice``, named positions, the
views and the refusals). Every case uses real cards of the EX-era sets as a player with a real
deck would. Each rule of the text is shown both ways: where it lets the player act and where
it refuses, with the refusal's rule id and the source it cites.
"""

from __future__ import annotations

from typing import Any

import pytest

from turnkeeper.core.game import Game
from turnkeeper.core.model import Action, Event, IllegalActionError, Refusal
from turnkeeper.dice.source import ForcedDice
from turnkeeper.rulesets import get_ruleset

HEADS = 1  # docs/rulesets/ptcg.md, Dice: a coin is a d2, 1 = heads
TAILS = 2

# The text's turn steps as the engine's refusals cite them.
STEP = "PTCG EX rulebook (NL), turn step"
REFERENCE = "PTCG EX reference (ptcg-ex.md)"


def _side(side: dict[str, Any], filler: str) -> dict[str, Any]:
    # A small deck so the next draws do not lose the game; six Prizes unless the case says.
    return {"deck": [filler] * 8, "prizes": [filler] * 6, **side}


def new_game(
    p1: dict[str, Any],
    p2: dict[str, Any],
    settings: dict[str, Any] | None = None,
    **top: Any,
) -> Game[Any]:
    config: dict[str, Any] = {
        "position": {
            "turn": 3,
            "current": "p1",
            **top,
            "p1": _side(p1, "Water Energy"),
            "p2": _side(p2, "Fire Energy"),
        }
    }
    if settings is not None:
        config["settings"] = settings
    return Game(get_ruleset("ptcg"), config, seed=0)


def play(
    g: Game[Any], actor: str, kind: str, coins: list[int] | None = None, **params: Any
) -> list[Event]:
    dice = ForcedDice(coins) if coins is not None else None
    return g.play(Action(kind, actor, params), dice=dice)


def refusal(g: Game[Any], actor: str, kind: str, **params: Any) -> Refusal:
    """The refusal of an action; it must also leave the game untouched when played."""
    action = Action(kind, actor, params)
    why = g.check(action)
    assert why is not None, f"{kind} {params} was allowed"
    before = g.state_hash()
    with pytest.raises(IllegalActionError):
        g.play(action)
    assert g.state_hash() == before
    return why


def assert_refused(
    g: Game[Any], actor: str, kind: str, rule: str, source: str, **params: Any
) -> Refusal:
    why = refusal(g, actor, kind, **params)
    assert why.rule == rule, (why.rule, why.reason)
    assert source in why.source, why.source
    assert why.reason
    return why


def gm(g: Game[Any]) -> dict[str, Any]:
    return g.view(None)


def me(g: Game[Any], seat: str = "p1") -> dict[str, Any]:
    side: dict[str, Any] = gm(g)["players"][seat]
    return side


def kinds(events: list[Event]) -> list[str]:
    return [e.type for e in events]


# ====================================================================== steps 2-7: any order
def test_steps_come_in_any_order_and_the_attack_comes_last() -> None:
    """Steps 2-7 in any order the player likes: here energy, trainer, retreat, evolve, bench."""
    g = new_game(
        {
            "hand": ["Water Energy", "Potion", "Marshtomp", "Wingull"],
            "active": {"card": "Treecko", "damage": 20},
            "bench": ["Mudkip"],
        },
        {"active": "Torchic"},
    )
    play(g, "p1", "attach", card="Water Energy", target="active")
    play(g, "p1", "play_trainer", card="Potion", target="active")
    play(g, "p1", "retreat", target="bench1")
    play(g, "p1", "evolve", card="Marshtomp", target="active")
    play(g, "p1", "bench", card="Wingull")
    side = me(g)
    assert side["active"]["card"] == "Marshtomp"
    assert [b["card"] for b in side["bench"]] == ["Treecko", "Wingull"]
    assert side["bench"][0]["damage"] == 0 and side["bench"][0]["energy"] == []
    assert side["hand"] == []


def test_no_step_is_compulsory_the_turn_may_be_passed_at_once() -> None:
    """None of the steps has to be done: passing straight away hands the turn over."""
    g = new_game({"hand": ["Water Energy", "Wingull"], "active": "Mudkip"}, {"active": "Torchic"})
    events = play(g, "p1", "end_turn")
    assert "end_turn" in kinds(events)
    assert g.whose_turn() == "p2"
    assert gm(g)["turn"] == 4
    assert me(g)["hand"] == ["Water Energy", "Wingull"]
    # ...and after the pass the player may do none of the steps any more.
    assert_refused(g, "p1", "bench", "ptcg.attack.ends-turn", STEP, card="Wingull")


# ====================================================================== step 2: the Bench
def test_a_basic_goes_from_the_hand_face_up_onto_the_bench() -> None:
    """Step 2: a Basic Pokémon card from the hand goes onto the Bench, face up for both."""
    g = new_game({"hand": ["Wingull"], "active": "Mudkip"}, {"active": "Torchic"})
    events = play(g, "p1", "bench", card="Wingull")
    assert "bench" in kinds(events)
    assert [b["card"] for b in me(g)["bench"]] == ["Wingull"]
    assert me(g)["hand"] == []
    # Face up: the opponent sees the card itself, not a face-down count.
    theirs = g.view("p2")["players"]["p1"]
    assert theirs["bench"][0]["card"] == "Wingull"


@pytest.mark.parametrize("card", ["Marshtomp", "Water Energy", "Potion"])
def test_only_a_basic_pokemon_goes_onto_the_bench(card: str) -> None:
    """Step 2 names Basic Pokémon only: an Evolution, an Energy or a Trainer card is refused."""
    g = new_game({"hand": [card], "active": "Mudkip"}, {"active": "Torchic"})
    assert_refused(g, "p1", "bench", "ptcg.bench.basic-only", f"{STEP} 2", card=card)


def test_the_bench_card_must_be_in_the_hand() -> None:
    """Step 2: the Basic comes out of the hand; one that is not there is refused."""
    g = new_game(
        {"hand": ["Wingull"], "deck": ["Treecko"], "active": "Mudkip"}, {"active": "Torchic"}
    )
    assert_refused(g, "p1", "bench", "ptcg.card.in-hand", STEP, card="Treecko")
    play(g, "p1", "bench", card="Wingull")


def test_any_number_of_basics_in_one_turn_up_to_five() -> None:
    """Step 2: as many Basics a turn as the player likes, until five are on the Bench."""
    basics = ["Mudkip", "Wingull", "Treecko", "Koffing", "Shroomish", "Wailmer"]
    g = new_game({"hand": basics, "active": "Mudkip"}, {"active": "Torchic"})
    for card in basics[:5]:
        play(g, "p1", "bench", card=card)
    assert me(g)["bench_count"] == 5
    assert_refused(g, "p1", "bench", "ptcg.bench.max-five", f"{STEP} 2", card="Wailmer")
    assert me(g)["hand"] == ["Wailmer"]


def test_the_fifth_benched_pokemon_is_allowed_and_the_sixth_refused_across_turns() -> None:
    """Step 2's five counts the whole Bench, not the Basics benched this turn."""
    g = new_game(
        {"hand": ["Wingull", "Treecko"], "active": "Mudkip",
         "bench": ["Mudkip", "Koffing", "Shroomish", "Wailmer"]},
        {"active": "Torchic"},
    )  # fmt: skip
    play(g, "p1", "bench", card="Wingull")  # the fifth: at the limit
    assert me(g)["bench_count"] == 5
    assert_refused(g, "p1", "bench", "ptcg.bench.max-five", f"{STEP} 2", card="Treecko")


def test_a_benched_pokemon_takes_over_at_once_when_the_active_is_knocked_out() -> None:
    """Step 2: a Knocked Out Active is replaced from the Bench at once, before anything else."""
    g = new_game(
        {"active": {"card": "Mudkip", "energy": ["Water Energy"]}},
        {"hand": ["Fire Energy"], "active": {"card": "Torchic", "damage": 30}, "bench": ["Skitty"]},
    )
    events = play(g, "p1", "attack", attack="Pound")
    assert "knockout" in kinds(events)
    assert gm(g)["phase"] == "promote" and gm(g)["promote"] == ["p2"]
    assert g.whose_turn() == "p2"
    # Nothing else before the promotion: not even the turn's Energy.
    assert_refused(
        g, "p2", "attach", "ptcg.turn.phase", REFERENCE, card="Fire Energy", target="active"
    )
    play(g, "p2", "promote", target="bench1")
    assert me(g, "p2")["active"]["card"] == "Skitty"
    assert gm(g)["phase"] == "main" and g.whose_turn() == "p2"


def test_the_new_active_comes_from_the_bench_not_the_hand() -> None:
    """Step 2: the replacement is a Benched Pokémon; a Basic in the hand cannot be promoted."""
    g = new_game(
        {"active": {"card": "Mudkip", "energy": ["Water Energy"]}},
        {"hand": ["Torchic"], "active": {"card": "Skitty", "damage": 30}, "bench": ["Taillow"]},
    )
    play(g, "p1", "attack", attack="Pound")
    assert_refused(g, "p2", "promote", "ptcg.turn.promote-from-bench", REFERENCE, target="hand")


def test_with_nobody_on_the_bench_the_knocked_out_player_loses() -> None:
    """Step 2: with no Benched Pokémon to take the Active's place, that player loses."""
    g = new_game(
        {"active": {"card": "Mudkip", "energy": ["Water Energy"]}},
        {"hand": ["Torchic"], "active": {"card": "Skitty", "damage": 30}},
    )
    play(g, "p1", "attack", attack="Pound")
    result = g.outcome()
    assert result is not None and list(result.winners) == ["p1"]
    assert gm(g)["end"]["rule"] == "ptcg.win.no-pokemon"
