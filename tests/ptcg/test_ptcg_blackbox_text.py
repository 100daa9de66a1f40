"""Black-box audit of ptcg against the rule text (shared/rules/003, EX rulebook turn steps 2-8).

Written from outside: only the rule text, the EX reference (shared/reference/ptcg-ex.md),
READINGS.md and docs/rulesets/ptcg.md were read to write these cases, and they drive the
engine only through its public API (``Game``, ``Action``, ``ForcedDice``, named positions, the
views and the refusals). Every case uses real cards of the EX-era sets as a player with a real
deck would. Each rule of the text is shown both ways: where it lets the player act and where
it refuses, with the refusal's rule id and the source it cites.
"""

from __future__ import annotations

from typing import Any, cast

import pytest

from turnkeeper.core.game import Game
from turnkeeper.core.model import Action, Event, IllegalActionError, Refusal
from turnkeeper.core.ruleset import CommandFilter
from turnkeeper.dice.source import ForcedDice, SeededDice
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
        g, "p2", "attach", "ptcg.turn.phase", f"{STEP} 2", card="Fire Energy", target="active"
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
    # The text's step 2 says where the replacement comes from: the refusal cites it.
    why = assert_refused(
        g, "p2", "promote", "ptcg.turn.promote-from-bench", f"{STEP} 2", target="hand"
    )
    assert REFERENCE in why.source


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


# ====================================================================== step 3: one Energy
@pytest.mark.parametrize("target", ["active", "bench1"])
def test_the_energy_card_goes_onto_any_own_pokemon_in_play(target: str) -> None:
    """Step 3: one Energy card from the hand onto one of the player's Pokémon, Active or Bench."""
    g = new_game(
        {"hand": ["Water Energy"], "active": "Mudkip", "bench": ["Wingull"]}, {"active": "Torchic"}
    )
    events = play(g, "p1", "attach", card="Water Energy", target=target)
    assert "attach" in kinds(events)
    place = me(g)["active"] if target == "active" else me(g)["bench"][0]
    assert place["energy"] == ["Water Energy"]
    assert me(g)["hand"] == [] and gm(g)["this_turn"]["energy_played"] is True


def test_a_second_energy_card_in_the_same_turn_is_refused() -> None:
    """Step 3: one Energy card a turn; the second is refused, onto the same or another Pokémon."""
    g = new_game(
        {"hand": ["Water Energy", "Grass Energy"], "active": "Mudkip", "bench": ["Treecko"]},
        {"active": "Torchic"},
    )
    play(g, "p1", "attach", card="Water Energy", target="active")
    for target in ("active", "bench1"):
        assert_refused(
            g, "p1", "attach", "ptcg.energy.one-per-turn", f"{STEP} 3",
            card="Grass Energy", target=target,
        )  # fmt: skip
    assert me(g)["hand"] == ["Grass Energy"]


def test_the_energy_limit_is_fresh_in_the_players_next_turn() -> None:
    """Step 3 counts per turn: after both players' turns the player attaches again."""
    g = new_game(
        {"hand": ["Water Energy", "Water Energy"], "active": "Mudkip"}, {"active": "Torchic"}
    )
    play(g, "p1", "attach", card="Water Energy", target="active")
    play(g, "p1", "end_turn")
    play(g, "p2", "end_turn")
    play(g, "p1", "attach", card="Water Energy", target="active")
    assert me(g)["active"]["energy"] == ["Water Energy", "Water Energy"]


def test_the_opponents_energy_does_not_count_against_the_players_limit() -> None:
    """Step 3's limit is per player and turn: p2 attaching in their turn leaves p1's turn free."""
    g = new_game(
        {"hand": ["Water Energy"], "active": "Mudkip"},
        {"hand": ["Fire Energy"], "active": "Torchic"},
        turn=4, current="p2",
    )  # fmt: skip
    play(g, "p2", "attach", card="Fire Energy", target="active")
    play(g, "p2", "end_turn")
    play(g, "p1", "attach", card="Water Energy", target="active")


def test_a_special_energy_card_is_the_turns_one_energy_card_too() -> None:
    """Step 3 says Energy card, not basic Energy: Rainbow Energy after a Fire Energy is refused."""
    g = new_game(
        {"hand": ["Fire Energy", "Rainbow Energy"], "active": "Torchic"}, {"active": "Mudkip"}
    )
    play(g, "p1", "attach", card="Fire Energy", target="active")
    assert_refused(
        g, "p1", "attach", "ptcg.energy.one-per-turn", f"{STEP} 3",
        card="Rainbow Energy", target="active",
    )  # fmt: skip
    other = new_game(
        {"hand": ["Fire Energy", "Rainbow Energy"], "active": "Torchic"}, {"active": "Mudkip"}
    )
    play(other, "p1", "attach", card="Rainbow Energy", target="active")
    assert_refused(
        other, "p1", "attach", "ptcg.energy.one-per-turn", f"{STEP} 3",
        card="Fire Energy", target="active",
    )  # fmt: skip


def test_only_an_energy_card_is_attached() -> None:
    """Step 3 attaches an Energy card: a Trainer or a Pokémon card is the wrong kind."""
    g = new_game({"hand": ["Potion", "Wingull"], "active": "Mudkip"}, {"active": "Torchic"})
    for card in ("Potion", "Wingull"):
        assert_refused(
            g, "p1", "attach", "ptcg.card.wrong-kind", STEP, card=card, target="active"
        )


def test_the_energy_goes_onto_a_pokemon_that_is_in_play() -> None:
    """Step 3: onto a Pokémon in play; an empty Bench place is refused."""
    g = new_game({"hand": ["Water Energy"], "active": "Mudkip"}, {"active": "Torchic"})
    assert_refused(
        g, "p1", "attach", "ptcg.target.in-play", STEP, card="Water Energy", target="bench1"
    )
    assert gm(g)["this_turn"]["energy_played"] is False


def test_energy_attached_by_a_poke_power_leaves_the_turns_attachment_free() -> None:
    """READINGS ptcg: Energy put on by a card's effect (Water Call, ex1-13) is not step 3's one."""
    g = new_game(
        {"hand": ["Water Energy", "Water Energy"], "active": "Mudkip",
         "bench": [{"card": "ex1-13", "under": ["Mudkip", "Marshtomp"]}]},
        {"active": "Torchic"},
    )  # fmt: skip
    play(g, "p1", "use_power", pokemon="bench1", power="Water Call")
    assert gm(g)["this_turn"]["energy_played"] is False
    play(g, "p1", "attach", card="Water Energy", target="active")
    assert me(g)["active"]["energy"] == ["Water Energy", "Water Energy"]


def test_the_power_still_works_after_the_turns_energy_card() -> None:
    """READINGS ptcg, the other order: the hand attachment does not stop Water Call (ex1-13)."""
    g = new_game(
        {"hand": ["Water Energy", "Water Energy"], "active": "Mudkip",
         "bench": [{"card": "ex1-13", "under": ["Mudkip", "Marshtomp"]}]},
        {"active": "Torchic"},
    )  # fmt: skip
    play(g, "p1", "attach", card="Water Energy", target="bench1")
    play(g, "p1", "use_power", pokemon="bench1", power="Water Call")
    assert me(g)["active"]["energy"] == ["Water Energy"]
    assert me(g)["bench"][0]["energy"] == ["Water Energy"]


# ====================================================================== step 4: evolution
@pytest.mark.parametrize("target", ["active", "bench1"])
def test_an_evolution_card_goes_on_the_pokemon_it_evolves_from(target: str) -> None:
    """Step 4: Marshtomp (evolves from Mudkip) goes on a Mudkip in play, Active or Benched."""
    g = new_game(
        {"hand": ["Marshtomp"], "active": "Mudkip", "bench": ["Mudkip"]}, {"active": "Torchic"}
    )
    events = play(g, "p1", "evolve", card="Marshtomp", target=target)
    assert "evolve" in kinds(events)
    place = me(g)["active"] if target == "active" else me(g)["bench"][0]
    assert place["card"] == "Marshtomp" and place["evolved_from"] == ["Mudkip"]
    assert place["stage"] == "stage1"


def test_an_evolution_card_on_another_pokemon_is_refused() -> None:
    """Step 4: the card's 'evolves from' name must be the Pokémon's: Combusken not on Mudkip."""
    g = new_game(
        {"hand": ["Combusken"], "active": "Mudkip", "bench": ["Torchic"]}, {"active": "Torchic"}
    )
    assert_refused(
        g, "p1", "evolve", "ptcg.evolve.matches", f"{STEP} 4", card="Combusken", target="active"
    )
    play(g, "p1", "evolve", card="Combusken", target="bench1")


def test_a_stage_2_does_not_go_straight_onto_a_basic() -> None:
    """Step 4: Basic to Stage 1, Stage 1 to Stage 2; Swampert onto Mudkip is refused."""
    g = new_game(
        {"hand": ["Swampert"], "active": "Mudkip",
         "bench": [{"card": "Marshtomp", "under": ["Mudkip"]}]},
        {"active": "Torchic"},
    )  # fmt: skip
    assert_refused(
        g, "p1", "evolve", "ptcg.evolve.matches", f"{STEP} 4", card="Swampert", target="active"
    )
    play(g, "p1", "evolve", card="Swampert", target="bench1")
    assert me(g)["bench"][0]["evolved_from"] == ["Mudkip", "Marshtomp"]


def test_an_evolving_pokemon_keeps_its_cards_and_damage_counters() -> None:
    """Step 4: Energy, the cards below and the damage counters stay with the evolved Pokémon."""
    g = new_game(
        {"hand": ["Swampert"],
         "active": {"card": "Marshtomp", "under": ["Mudkip"], "damage": 40,
                    "energy": ["Water Energy", "Grass Energy"]}},
        {"active": "Torchic"},
    )  # fmt: skip
    play(g, "p1", "evolve", card="Swampert", target="active")
    active = me(g)["active"]
    assert active["card"] == "Swampert"
    assert active["evolved_from"] == ["Mudkip", "Marshtomp"]
    assert active["energy"] == ["Water Energy", "Grass Energy"]
    assert active["damage"] == 40 and active["hp"] == 100 and active["hp_left"] == 60


def test_an_evolved_pokemon_loses_the_attacks_of_the_card_below() -> None:
    """Step 4: Mudkip's Pound is gone once it is Marshtomp; Marshtomp's own attack works."""
    g = new_game(
        {"hand": ["Marshtomp"], "active": {"card": "Mudkip", "energy": ["Water Energy"]}},
        {"active": "Torchic"},
    )
    play(g, "p1", "attack", attack="Pound")  # before: Mudkip has it (ends this turn)
    g = new_game(
        {"hand": ["Marshtomp"], "active": {"card": "Mudkip", "energy": ["Water Energy"]}},
        {"active": "Torchic"},
    )
    play(g, "p1", "evolve", card="Marshtomp", target="active")
    assert_refused(g, "p1", "attack", "ptcg.attack.known", f"{STEP} 8", attack="Pound")
    play(g, "p1", "attack", coins=[TAILS], attack="Bubble")


def test_an_evolved_pokemon_loses_the_poke_power_of_the_card_below() -> None:
    """Step 4: Beldum's Magnetic Call (ex5-29) is gone once it evolves into Metang (ex5-21)."""
    g = new_game({"hand": ["ex5-21"], "active": "ex5-29"}, {"active": "Torchic"})
    play(g, "p1", "use_power", coins=[TAILS], pokemon="active", power="Magnetic Call")
    g = new_game({"hand": ["ex5-21"], "active": "ex5-29"}, {"active": "Torchic"})
    play(g, "p1", "evolve", card="ex5-21", target="active")
    assert_refused(
        g, "p1", "use_power", "ptcg.power.known", f"{STEP} 7",
        pokemon="active", power="Magnetic Call",
    )  # fmt: skip


def test_evolving_removes_special_conditions() -> None:
    """EX reference, A turn: evolving ends the Special Conditions of the Pokémon."""
    g = new_game(
        {"hand": ["Marshtomp"], "active": {"card": "Mudkip", "conditions": ["asleep", "poisoned"]}},
        {"active": "Torchic"},
    )
    play(g, "p1", "evolve", card="Marshtomp", target="active")
    assert me(g)["active"]["conditions"] == []


def test_several_pokemon_may_evolve_in_one_turn() -> None:
    """Step 4: any number of evolutions a turn, each on a different Pokémon."""
    g = new_game(
        {"hand": ["Marshtomp", "Grovyle", "Marshtomp"], "active": "Mudkip",
         "bench": ["Treecko", "Mudkip"]},
        {"active": "Torchic"},
    )  # fmt: skip
    play(g, "p1", "evolve", card="Marshtomp", target="active")
    play(g, "p1", "evolve", card="Grovyle", target="bench1")
    play(g, "p1", "evolve", card="Marshtomp", target="bench2")
    side = me(g)
    assert [side["active"]["card"]] + [b["card"] for b in side["bench"]] == [
        "Marshtomp", "Grovyle", "Marshtomp",
    ]  # fmt: skip


def test_a_pokemon_evolves_only_once_a_turn() -> None:
    """Step 4, first limit: not twice the same turn; the Stage 2 goes on in the next turn."""
    g = new_game({"hand": ["Marshtomp", "Swampert"], "active": "Mudkip"}, {"active": "Torchic"})
    play(g, "p1", "evolve", card="Marshtomp", target="active")
    assert_refused(
        g, "p1", "evolve", "ptcg.evolve.once-per-turn", f"{STEP} 4",
        card="Swampert", target="active",
    )  # fmt: skip
    play(g, "p1", "end_turn")
    play(g, "p2", "end_turn")
    play(g, "p1", "evolve", card="Swampert", target="active")


def test_a_pokemon_evolves_not_in_the_turn_it_was_played() -> None:
    """Step 4, second limit: a Mudkip benched this turn waits for the player's next turn."""
    g = new_game(
        {"hand": ["Mudkip", "Marshtomp"], "active": "Wingull"}, {"active": "Torchic"}
    )
    play(g, "p1", "bench", card="Mudkip")
    assert_refused(
        g, "p1", "evolve", "ptcg.evolve.not-new", f"{STEP} 4", card="Marshtomp", target="bench1"
    )
    play(g, "p1", "end_turn")
    play(g, "p2", "end_turn")
    play(g, "p1", "evolve", card="Marshtomp", target="bench1")


def test_a_pokemon_named_new_in_a_position_cannot_evolve() -> None:
    """Step 4, second limit through a named position's `new: true` (docs, Config)."""
    g = new_game(
        {"hand": ["Marshtomp"], "active": {"card": "Mudkip", "new": True}, "bench": ["Mudkip"]},
        {"active": "Torchic"},
    )
    assert_refused(
        g, "p1", "evolve", "ptcg.evolve.not-new", f"{STEP} 4", card="Marshtomp", target="active"
    )
    play(g, "p1", "evolve", card="Marshtomp", target="bench1")


@pytest.mark.parametrize(("turn", "current"), [(1, "p1"), (2, "p2")])
def test_no_player_evolves_on_their_first_turn(turn: int, current: str) -> None:
    """Step 4, third limit: turn 1 is the starter's first turn, turn 2 the other player's."""
    side = {"hand": ["Marshtomp"], "active": "Mudkip"}
    g = new_game(side, dict(side), turn=turn, current=current, first="p1")
    assert_refused(
        g, current, "evolve", "ptcg.evolve.not-first-turn", f"{STEP} 4",
        card="Marshtomp", target="active",
    )  # fmt: skip


def test_evolving_is_allowed_from_each_players_second_turn() -> None:
    """Step 4, third limit, the edge: turns 3 and 4 are each player's second turn."""
    side = {"hand": ["Marshtomp"], "active": "Mudkip"}
    g = new_game(side, dict(side), turn=3, current="p1", first="p1")
    play(g, "p1", "evolve", card="Marshtomp", target="active")
    play(g, "p1", "end_turn")
    play(g, "p2", "evolve", card="Marshtomp", target="active")


# ====================================================================== step 5: Trainer cards
def test_a_trainer_does_what_it_says_and_goes_face_up_to_the_discard_pile() -> None:
    """Step 5: Potion (ex1-91) takes two damage counters off, then lies in the discard pile."""
    g = new_game(
        {"hand": ["Potion"], "active": {"card": "Mudkip", "damage": 30}}, {"active": "Torchic"}
    )
    events = play(g, "p1", "play_trainer", card="Potion", target="active")
    assert "trainer" in kinds(events)
    assert me(g)["active"]["damage"] == 10
    assert me(g)["discard"] == ["Potion"] and me(g)["hand"] == []
    # Face up: the opponent's view of the discard pile shows the card.
    assert g.view("p2")["players"]["p1"]["discard"] == ["Potion"]


def test_potion_removes_only_the_one_counter_there_is() -> None:
    """Step 5 (the card decides): Potion on a Pokémon with one counter removes just that one."""
    g = new_game(
        {"hand": ["Potion"], "active": "Mudkip", "bench": [{"card": "Wingull", "damage": 10}]},
        {"active": "Torchic"},
    )
    play(g, "p1", "play_trainer", card="Potion", target="bench1")
    assert me(g)["bench"][0]["damage"] == 0


def test_a_trainer_that_cannot_do_what_it_says_is_refused() -> None:
    """Step 5: the card must be able to do what it says; Potion with no damage is refused."""
    g = new_game({"hand": ["Potion"], "active": "Mudkip"}, {"active": "Torchic"})
    assert_refused(
        g, "p1", "play_trainer", "ptcg.trainer.condition", f"{STEP} 5",
        card="Potion", target="active",
    )  # fmt: skip
    assert me(g)["hand"] == ["Potion"]


def test_any_number_of_trainer_cards_in_a_turn() -> None:
    """Step 5: as many Trainer cards a turn as the player likes (three Items, then a Supporter)."""
    g = new_game(
        {"hand": ["Potion", "Potion", "Switch", "Professor Birch"],
         "active": {"card": "Mudkip", "damage": 40}, "bench": ["Wingull"]},
        {"active": "Torchic"},
    )  # fmt: skip
    play(g, "p1", "play_trainer", card="Potion", target="active")
    play(g, "p1", "play_trainer", card="Potion", target="active")
    play(g, "p1", "play_trainer", card="Switch", target="bench1")
    play(g, "p1", "play_trainer", card="Professor Birch")
    side = me(g)
    assert side["bench"][0]["damage"] == 0 and side["active"]["card"] == "Wingull"
    assert side["discard"] == ["Potion", "Potion", "Switch"]
    assert side["supporter"] == "Professor Birch" and len(side["hand"]) == 6


def test_one_supporter_a_turn_beside_the_active_until_the_turn_ends() -> None:
    """EX reference and READINGS: a second Supporter is refused; the first is discarded at the
    end of the turn, and the next turn allows one again."""
    g = new_game(
        {"hand": ["Professor Birch", "Lady Outing"], "active": "Mudkip"},
        {"active": "Torchic"},
    )
    play(g, "p1", "play_trainer", card="Professor Birch")
    assert me(g)["supporter"] == "Professor Birch"
    assert "Professor Birch" not in me(g)["discard"]
    assert_refused(
        g, "p1", "play_trainer", "ptcg.trainer.supporter-once", REFERENCE, card="Lady Outing"
    )
    play(g, "p1", "end_turn")
    assert me(g)["supporter"] in (None, "")
    assert me(g)["discard"] == ["Professor Birch"]
    play(g, "p2", "end_turn")
    play(g, "p1", "play_trainer", card="Lady Outing")


def test_the_starting_player_plays_no_supporter_on_turn_one() -> None:
    """EX reference (from 30 July 2004): no Supporter in the first turn of the game."""
    g = new_game(
        {"hand": ["Professor Birch"], "active": "Mudkip"}, {"active": "Torchic"},
        turn=1, current="p1", first="p1",
    )  # fmt: skip
    assert_refused(
        g, "p1", "play_trainer", "ptcg.trainer.first-turn-supporter", REFERENCE,
        card="Professor Birch",
    )  # fmt: skip
    # Items are fine on that turn.
    other = new_game(
        {"hand": ["Potion"], "active": {"card": "Mudkip", "damage": 10}}, {"active": "Torchic"},
        turn=1, current="p1", first="p1",
    )  # fmt: skip
    play(other, "p1", "play_trainer", card="Potion", target="active")


def test_the_second_player_may_play_a_supporter_on_their_first_turn() -> None:
    """EX reference: the ban is the starting player's first turn only; turn 2 allows it."""
    g = new_game(
        {"active": "Mudkip"}, {"hand": ["Professor Birch"], "active": "Torchic"},
        turn=2, current="p2", first="p1",
    )  # fmt: skip
    play(g, "p2", "play_trainer", card="Professor Birch")


def test_before_the_2004_rule_turn_one_allows_a_supporter() -> None:
    """EX reference: the older rule, as the setting first_turn_supporter: true."""
    g = new_game(
        {"hand": ["Professor Birch"], "active": "Mudkip"}, {"active": "Torchic"},
        settings={"first_turn_supporter": True}, turn=1, current="p1", first="p1",
    )  # fmt: skip
    play(g, "p1", "play_trainer", card="Professor Birch")


def test_a_stadium_stays_in_play_and_only_one_a_turn() -> None:
    """EX reference and READINGS: a Stadium stays in play; a second one the same turn is refused."""
    g = new_game(
        {"hand": ["High Pressure System", "Low Pressure System"], "active": "Mudkip"},
        {"active": "Torchic"},
    )
    play(g, "p1", "play_trainer", card="High Pressure System")
    assert gm(g)["stadium"] == "High Pressure System"
    assert me(g)["discard"] == []
    assert_refused(
        g, "p1", "play_trainer", "ptcg.trainer.stadium-once", REFERENCE,
        card="Low Pressure System",
    )  # fmt: skip


def test_a_new_stadium_sends_the_old_one_to_its_owners_discard_pile() -> None:
    """EX reference: the opponent's Stadium replaces it; the old one goes to p1's discard pile."""
    g = new_game(
        {"hand": ["High Pressure System"], "active": "Mudkip"},
        {"hand": ["Low Pressure System"], "active": "Torchic"},
    )
    play(g, "p1", "play_trainer", card="High Pressure System")
    play(g, "p1", "end_turn")
    play(g, "p2", "play_trainer", card="Low Pressure System")
    assert gm(g)["stadium"] == "Low Pressure System"
    assert me(g, "p1")["discard"] == ["High Pressure System"]
    assert me(g, "p2")["discard"] == []


def test_a_stadium_does_not_replace_one_of_the_same_name_by_default() -> None:
    """EX reference: the same-name replacement is a setting, refused by default."""
    config = ({"active": "Mudkip"}, {"hand": ["High Pressure System"], "active": "Torchic"})
    stadium = {"card": "High Pressure System", "owner": "p1"}
    g = new_game(*config, turn=4, current="p2", stadium=stadium)
    assert_refused(
        g, "p2", "play_trainer", "ptcg.trainer.stadium-same-name", REFERENCE,
        card="High Pressure System",
    )  # fmt: skip
    allowed = new_game(
        *config, settings={"stadium_same_name": True}, turn=4, current="p2", stadium=stadium
    )
    play(allowed, "p2", "play_trainer", card="High Pressure System")
    assert me(allowed, "p1")["discard"] == ["High Pressure System"]


# ====================================================================== step 6: retreat
def test_retreat_discards_energy_for_the_cost_and_swaps_keeping_everything_else() -> None:
    """Step 6: Marshtomp (cost 1) pays one Energy; damage, Evolution cards and the other Energy
    stay with both Pokémon as they swap."""
    g = new_game(
        {"active": {"card": "Marshtomp", "under": ["Mudkip"], "damage": 30,
                    "energy": ["Water Energy", "Grass Energy"]},
         "bench": [{"card": "Grovyle", "under": ["Treecko"], "damage": 10,
                    "energy": ["Grass Energy"]}]},
        {"active": "Torchic"},
    )  # fmt: skip
    events = play(g, "p1", "retreat", target="bench1", discard=["Water Energy"])
    assert "switch" in kinds(events)
    side = me(g)
    new, old = side["active"], side["bench"][0]
    assert (new["card"], new["evolved_from"], new["damage"], new["energy"]) == (
        "Grovyle", ["Treecko"], 10, ["Grass Energy"],
    )  # fmt: skip
    assert (old["card"], old["evolved_from"], old["damage"], old["energy"]) == (
        "Marshtomp", ["Mudkip"], 30, ["Grass Energy"],
    )  # fmt: skip
    assert side["discard"] == ["Water Energy"]
    assert gm(g)["this_turn"]["retreated"] is True


@pytest.mark.parametrize(("attached", "left"), [(3, 0), (4, 1)])
def test_the_retreat_cost_is_paid_exactly(attached: int, left: int) -> None:
    """Step 6: one Energy per symbol; Wailmer (cost 3) discards three, and only three."""
    g = new_game(
        {"active": {"card": "Wailmer", "energy": ["Water Energy"] * attached},
         "bench": ["Wingull"]},
        {"active": "Torchic"},
    )  # fmt: skip
    play(g, "p1", "retreat", target="bench1")
    assert me(g)["bench"][0]["energy"] == ["Water Energy"] * left
    assert me(g)["discard"] == ["Water Energy"] * 3


def test_too_little_energy_for_the_retreat_cost_is_refused() -> None:
    """Step 6: with two Energy, Wailmer's three-symbol cost cannot be paid."""
    g = new_game(
        {"active": {"card": "Wailmer", "energy": ["Water Energy"] * 2}, "bench": ["Wingull"]},
        {"active": "Torchic"},
    )
    assert_refused(g, "p1", "retreat", "ptcg.retreat.cost", f"{STEP} 6", target="bench1")


def test_naming_less_energy_than_the_cost_is_refused() -> None:
    """Step 6: the discarded cards must pay every symbol; naming one for Wailmer is refused."""
    g = new_game(
        {"active": {"card": "Wailmer", "energy": ["Water Energy"] * 3}, "bench": ["Wingull"]},
        {"active": "Torchic"},
    )
    assert_refused(
        g, "p1", "retreat", "ptcg.retreat.cost", f"{STEP} 6",
        target="bench1", discard=["Water Energy"],
    )  # fmt: skip


def test_a_pokemon_without_a_retreat_cost_retreats_for_nothing() -> None:
    """Step 6: Swellow (ex1-46) has no retreat symbol, so nothing is discarded."""
    g = new_game(
        {"active": {"card": "Swellow", "under": ["Taillow"], "energy": ["Water Energy"]},
         "bench": ["Wingull"]},
        {"active": "Torchic"},
    )  # fmt: skip
    play(g, "p1", "retreat", target="bench1")
    assert me(g)["bench"][0]["energy"] == ["Water Energy"] and me(g)["discard"] == []


def test_retreat_needs_a_benched_pokemon_to_swap_with() -> None:
    """Step 6: the swap is with a Benched Pokémon; with an empty Bench there is none."""
    g = new_game(
        {"active": {"card": "Mudkip", "energy": ["Water Energy"]}}, {"active": "Torchic"}
    )
    why = refusal(g, "p1", "retreat", target="bench1")
    assert why.rule == "ptcg.target.in-play", why.rule
    assert_refused(g, "p1", "retreat", "ptcg.retreat.to-bench", f"{STEP} 6", target="active")


def test_the_new_active_may_still_attack_after_a_retreat() -> None:
    """Step 6: after retreating, the new Active attacks in the same turn."""
    g = new_game(
        {"active": {"card": "Wingull", "energy": ["Water Energy"]},
         "bench": [{"card": "Mudkip", "energy": ["Water Energy"]}]},
        {"active": "Torchic"},
    )  # fmt: skip
    play(g, "p1", "retreat", target="bench1")
    events = play(g, "p1", "attack", attack="Pound")
    assert "attack" in kinds(events)
    assert me(g, "p2")["active"]["damage"] == 20  # Pound's 10, doubled by Torchic's Weakness


def test_only_one_retreat_a_turn() -> None:
    """Step 6: a second retreat in the same turn is refused, however much Energy is left."""
    g = new_game(
        {"active": {"card": "Mudkip", "energy": ["Water Energy"] * 2},
         "bench": [{"card": "Wingull", "energy": ["Water Energy"] * 2}]},
        {"active": "Torchic"},
    )  # fmt: skip
    play(g, "p1", "retreat", target="bench1")
    assert_refused(
        g, "p1", "retreat", "ptcg.retreat.once-per-turn", f"{STEP} 6", target="bench1"
    )
    play(g, "p1", "end_turn")
    play(g, "p2", "end_turn")
    play(g, "p1", "retreat", target="bench1")


def test_a_switch_card_is_not_the_turns_retreat() -> None:
    """Step 6 limits retreating; Switch (ex1-92) is a Trainer, so a retreat may follow it."""
    g = new_game(
        {"hand": ["Switch"], "active": {"card": "Mudkip", "energy": ["Water Energy"]},
         "bench": [{"card": "Wingull", "energy": ["Water Energy"]}]},
        {"active": "Torchic"},
    )  # fmt: skip
    play(g, "p1", "play_trainer", card="Switch", target="bench1")
    assert gm(g)["this_turn"]["retreated"] is False
    play(g, "p1", "retreat", target="bench1")
    assert me(g)["active"]["card"] == "Mudkip"


@pytest.mark.parametrize("condition", ["asleep", "paralyzed"])
def test_an_asleep_or_paralyzed_pokemon_cannot_retreat(condition: str) -> None:
    """EX reference, Special Conditions: Asleep and Paralyzed Pokémon do not retreat."""
    g = new_game(
        {"active": {"card": "Mudkip", "energy": ["Water Energy"], "conditions": [condition]},
         "bench": ["Wingull"]},
        {"active": "Torchic"},
    )  # fmt: skip
    assert_refused(g, "p1", "retreat", "ptcg.retreat.condition", REFERENCE, target="bench1")


def test_a_confused_pokemon_retreats_and_the_bench_clears_its_conditions() -> None:
    """EX reference: Confused may retreat; going to the Bench removes Special Conditions."""
    g = new_game(
        {"active": {"card": "Mudkip", "energy": ["Water Energy"],
                    "conditions": ["confused", "poisoned", "burned"]},
         "bench": ["Wingull"]},
        {"active": "Torchic"},
    )  # fmt: skip
    play(g, "p1", "retreat", target="bench1")
    assert me(g)["bench"][0]["card"] == "Mudkip"
    assert me(g)["bench"][0]["conditions"] == []


def test_a_retreat_cost_is_counted_in_energy_provided() -> None:
    """READINGS ptcg: a card providing two Energy pays two symbols (Double Rainbow Energy,
    ex4-88, on Lairon ex1-36 with a cost of 2)."""
    g = new_game(
        {"hand": ["ex4-88"], "active": {"card": "ex1-36", "under": ["ex1-25"]},
         "bench": ["Wingull"]},
        {"active": "Torchic"},
    )  # fmt: skip
    assert refusal(g, "p1", "retreat", target="bench1").rule == "ptcg.retreat.cost"
    play(g, "p1", "attach", card="ex4-88", target="active")
    play(g, "p1", "retreat", target="bench1")
    assert me(g)["bench"][0]["energy"] == []


# ====================================================================== step 7: Poké-Powers
SWAMPERT_WATER_CALL = {"card": "ex1-13", "under": ["Mudkip", "Marshtomp"]}


@pytest.mark.parametrize("place", ["active", "bench1"])
def test_a_poke_power_works_from_the_active_spot_and_from_the_bench(place: str) -> None:
    """Step 7: Benched Pokémon are in play too, so Water Call (ex1-13) works from either."""
    swampert, other = dict(SWAMPERT_WATER_CALL), {"card": "Wingull"}
    active, bench = (swampert, other) if place == "active" else (other, swampert)
    g = new_game({"hand": ["Water Energy"], "active": active, "bench": [bench]},
                 {"active": "Torchic"})  # fmt: skip
    events = play(g, "p1", "use_power", pokemon=place, power="Water Call")
    assert "power" in kinds(events)
    assert me(g)["active"]["energy"] == ["Water Energy"]


def test_a_pokemon_in_the_hand_uses_no_poke_power() -> None:
    """Step 7: only Pokémon in play use their Poké-Powers; the hand is not in play."""
    g = new_game({"hand": ["ex1-13", "Water Energy"], "active": "Mudkip"}, {"active": "Torchic"})
    assert_refused(
        g, "p1", "use_power", "ptcg.power.in-play", f"{STEP} 7", pokemon="hand", power="Water Call"
    )


def test_any_number_of_poke_powers_a_turn() -> None:
    """Step 7: as many Poké-Powers a turn as the player likes: two Swampert each use theirs."""
    g = new_game(
        {"hand": ["Water Energy", "Water Energy"], "active": "Mudkip",
         "bench": [dict(SWAMPERT_WATER_CALL), dict(SWAMPERT_WATER_CALL)]},
        {"active": "Torchic"},
    )  # fmt: skip
    play(g, "p1", "use_power", pokemon="bench1", power="Water Call")
    play(g, "p1", "use_power", pokemon="bench2", power="Water Call")
    assert me(g)["active"]["energy"] == ["Water Energy", "Water Energy"]


def test_a_once_a_turn_power_is_used_once_by_that_pokemon() -> None:
    """Step 7 ("read how each Power works"): Water Call says once a turn; the second is refused,
    and the next turn allows it again."""
    g = new_game(
        {"hand": ["Water Energy"] * 3, "active": "Mudkip", "bench": [dict(SWAMPERT_WATER_CALL)]},
        {"active": "Torchic"},
    )
    play(g, "p1", "use_power", pokemon="bench1", power="Water Call")
    assert_refused(
        g, "p1", "use_power", "ptcg.power.once-per-turn", REFERENCE,
        pokemon="bench1", power="Water Call",
    )  # fmt: skip
    play(g, "p1", "end_turn")
    play(g, "p2", "end_turn")
    play(g, "p1", "use_power", pokemon="bench1", power="Water Call")


def test_each_power_works_as_its_card_says() -> None:
    """Step 7: every Power is different: Swellow's Drive Off (ex1-46) works only as the Active."""
    swellow = {"card": "Swellow", "under": ["Taillow"]}
    g = new_game({"active": "Mudkip", "bench": [swellow]},
                 {"active": "Torchic", "bench": ["Skitty"]})  # fmt: skip
    assert_refused(
        g, "p1", "use_power", "ptcg.power.requirement", f"{STEP} 7",
        pokemon="bench1", power="Drive Off",
    )  # fmt: skip
    g = new_game({"active": swellow, "bench": ["Mudkip"]},
                 {"active": "Torchic", "bench": ["Skitty"]})  # fmt: skip
    play(g, "p1", "use_power", pokemon="active", power="Drive Off")
    if gm(g)["phase"] == "choice":  # the opponent picks the Benched Pokémon
        play(g, "p2", "choose", option=0)
    assert me(g, "p2")["active"]["card"] == "Skitty"


def test_a_poke_power_is_one_the_pokemon_has() -> None:
    """Step 7: a Power another card has is refused, not taken as malformed."""
    g = new_game(
        {"hand": ["Water Energy"], "active": "Mudkip", "bench": [dict(SWAMPERT_WATER_CALL)]},
        {"active": "Torchic"},
    )
    assert_refused(
        g, "p1", "use_power", "ptcg.power.known", f"{STEP} 7", pokemon="active", power="Water Call"
    )


def test_no_poke_power_under_a_special_condition() -> None:
    """EX reference, Poké-Power: a Pokémon with a Special Condition uses no Poké-Power."""
    g = new_game(
        {"hand": ["Water Energy"],
         "active": {**SWAMPERT_WATER_CALL, "conditions": ["confused"]}, "bench": ["Wingull"]},
        {"active": "Torchic"},
    )  # fmt: skip
    assert_refused(
        g, "p1", "use_power", "ptcg.power.condition", REFERENCE,
        pokemon="active", power="Water Call",
    )  # fmt: skip


def test_a_poke_body_is_never_used_on_purpose() -> None:
    """EX reference, Poké-Body: a Body works by itself; using Natural Remedy (ex1-23) is refused."""
    g = new_game(
        {"hand": ["Water Energy"],
         "active": {"card": "ex1-23", "under": ["Mudkip", "Marshtomp"], "damage": 20}},
        {"active": "Torchic"},
    )  # fmt: skip
    assert_refused(
        g, "p1", "use_power", "ptcg.power.body-always-on", REFERENCE,
        pokemon="active", power="Natural Remedy",
    )  # fmt: skip
    # It works by itself as the Water Energy is attached from the hand.
    play(g, "p1", "attach", card="Water Energy", target="active")
    assert me(g)["active"]["damage"] == 10


def test_a_pokemon_that_evolved_this_turn_uses_its_new_power() -> None:
    """Step 7 and 4: the evolved card's Power is the Pokémon's at once."""
    g = new_game(
        {"hand": ["ex1-13", "Water Energy"], "active": "Mudkip",
         "bench": [{"card": "Marshtomp", "under": ["Mudkip"]}]},
        {"active": "Torchic"},
    )  # fmt: skip
    play(g, "p1", "evolve", card="ex1-13", target="bench1")
    play(g, "p1", "use_power", pokemon="bench1", power="Water Call")
    assert me(g)["active"]["energy"] == ["Water Energy"]


def test_poke_powers_are_used_in_the_owners_own_turn() -> None:
    """Step 7 is a step of the player's own turn: in the opponent's turn it is refused."""
    g = new_game(
        {"hand": ["Water Energy"], "active": "Mudkip", "bench": [dict(SWAMPERT_WATER_CALL)]},
        {"active": "Torchic"}, turn=4, current="p2",
    )  # fmt: skip
    assert_refused(
        g, "p1", "use_power", "ptcg.turn.order", REFERENCE, pokemon="bench1", power="Water Call"
    )
    play(g, "p2", "end_turn")
    play(g, "p1", "use_power", pokemon="bench1", power="Water Call")


# ====================================================================== step 8: the attack
def test_the_attack_ends_the_turn_and_the_opponent_draws() -> None:
    """Step 8: attacking is the last thing of the turn; the opponent's turn starts with a draw."""
    g = new_game(
        {"active": {"card": "Mudkip", "energy": ["Water Energy"]}},
        {"hand": ["Potion"], "active": "Wingull"},
    )
    events = play(g, "p1", "attack", attack="Pound")
    assert "attack" in kinds(events) and "end_turn" in kinds(events)
    assert g.whose_turn() == "p2" and gm(g)["turn"] == 4
    assert me(g, "p2")["hand_count"] == 2 and me(g, "p2")["deck_count"] == 7
    assert me(g, "p2")["active"]["damage"] == 10  # Wingull: no Weakness to Colorless


@pytest.mark.parametrize(
    ("kind", "params"),
    [
        ("bench", {"card": "Wingull"}),
        ("attach", {"card": "Water Energy", "target": "active"}),
        ("play_trainer", {"card": "Potion", "target": "active"}),
        ("retreat", {"target": "bench1"}),
        ("use_power", {"pokemon": "bench1", "power": "Water Call"}),
        ("attack", {"attack": "Pound"}),
    ],
)
def test_after_the_attack_nothing_more_that_turn(kind: str, params: dict[str, Any]) -> None:
    """Step 8: after the attack no step is left, a second attack included (one a turn)."""
    g = new_game(
        {"hand": ["Wingull", "Water Energy", "Potion"],
         "active": {"card": "Mudkip", "energy": ["Water Energy"], "damage": 10},
         "bench": [dict(SWAMPERT_WATER_CALL)]},
        {"active": "Skitty", "bench": ["Taillow"]},
    )  # fmt: skip
    assert g.check(Action(kind, "p1", params)) is None  # allowed before the attack
    play(g, "p1", "attack", attack="Pound")
    why = assert_refused(g, "p1", kind, "ptcg.attack.ends-turn", f"{STEP} 8", **params)
    assert "ptcg.turn.order" in why.also


def test_one_attack_a_turn_also_while_the_opponent_promotes() -> None:
    """Step 8: the attack's Knock Out makes the opponent promote; no second attack meanwhile."""
    g = new_game(
        {"active": {"card": "Mudkip", "energy": ["Water Energy"]}},
        {"active": {"card": "Skitty", "damage": 30}, "bench": ["Taillow"]},
    )
    play(g, "p1", "attack", attack="Pound")
    assert gm(g)["phase"] == "promote"
    assert_refused(g, "p1", "attack", "ptcg.attack.ends-turn", f"{STEP} 8", attack="Pound")


def test_an_attack_needs_its_energy_cost() -> None:
    """EX reference, step 8: the Active needs the Energy of the cost; one short is refused."""
    g = new_game(
        {"active": {"card": "Mudkip", "energy": ["Water Energy"]}}, {"active": "Wingull"}
    )
    assert_refused(g, "p1", "attack", "ptcg.attack.energy", REFERENCE, attack="Fury Swipes")
    exact = new_game(
        {"active": {"card": "Mudkip", "energy": ["Water Energy", "Grass Energy"]}},
        {"active": "Wingull"},
    )
    play(exact, "p1", "attack", coins=[HEADS, TAILS, TAILS], attack="Fury Swipes")
    assert me(exact, "p2")["active"]["damage"] == 10  # one heads of three flips: 10


def test_a_coloured_symbol_needs_energy_of_that_type() -> None:
    """EX reference, step 8: Bubble costs one Water; a Grass Energy does not pay it, but it pays
    the Colorless symbol of Slash's cost."""
    g = new_game(
        {"active": {"card": "Marshtomp", "under": ["Mudkip"], "energy": ["Grass Energy"]}},
        {"active": "Wingull"},
    )
    assert_refused(g, "p1", "attack", "ptcg.attack.energy", REFERENCE, attack="Bubble")
    g = new_game(
        {"active": {"card": "Marshtomp", "under": ["Mudkip"], "energy": ["Water Energy"]}},
        {"active": "Wingull"},
    )
    play(g, "p1", "attack", coins=[TAILS], attack="Bubble")


def test_a_pokemon_that_cannot_attack_passes_and_the_turn_ends() -> None:
    """Step 8 and READINGS: no Energy for any attack, so the player passes; that ends the turn."""
    g = new_game({"active": "Mudkip"}, {"active": "Wingull"})
    assert_refused(g, "p1", "attack", "ptcg.attack.energy", REFERENCE, attack="Pound")
    play(g, "p1", "end_turn")
    assert g.whose_turn() == "p2"


@pytest.mark.parametrize("condition", ["asleep", "paralyzed"])
def test_an_asleep_or_paralyzed_pokemon_cannot_attack_but_may_pass(condition: str) -> None:
    """EX reference, Special Conditions: no attack while Asleep or Paralyzed; passing is fine."""
    g = new_game(
        {"active": {"card": "Mudkip", "energy": ["Water Energy"], "conditions": [condition]}},
        {"active": "Wingull"},
    )
    assert_refused(g, "p1", "attack", "ptcg.attack.condition", REFERENCE, attack="Pound")
    play(g, "p1", "end_turn", coins=[TAILS])
    assert g.whose_turn() == "p2"


def test_the_starting_player_may_attack_on_turn_one() -> None:
    """EX reference: in the EX era the first player attacks on turn 1 (the ban came in 2013)."""
    side = {"active": {"card": "Mudkip", "energy": ["Water Energy"]}}
    g = new_game(side, {"active": "Wingull"}, turn=1, current="p1", first="p1")
    play(g, "p1", "attack", attack="Pound")
    later = new_game(
        side, {"active": "Wingull"}, settings={"first_turn_attack": False},
        turn=1, current="p1", first="p1",
    )  # fmt: skip
    assert_refused(later, "p1", "attack", "ptcg.attack.first-turn", REFERENCE, attack="Pound")


# ====================================================================== around the text: set-up
# The rule text relies on the game around the turn steps (EX reference, Setup).
FEW_BASICS = [{"card": "Mudkip", "count": 4}, {"card": "Water Energy", "count": 56}]
ONLY_BASICS = [
    {"card": name, "count": 4}
    for name in (
        "Mudkip", "Wingull", "Treecko", "Koffing", "Shroomish", "Wailmer", "Torchic", "Skitty",
        "Taillow", "Makuhita", "Poochyena", "Ralts", "Zigzagoon", "Numel", "Phanpy",
    )
]  # fmt: skip


def dealt(p1: Any, p2: Any, seed: int, coin: int | None = None, **settings: Any) -> Game[Any]:
    config: dict[str, Any] = {"decks": {"p1": p1, "p2": p2}}
    if settings:
        config["settings"] = settings
    setup_dice = None if coin is None else ForcedDice([coin], fallback=SeededDice(f"deal{seed}"))
    return Game(get_ruleset("ptcg"), config, seed=seed, setup_dice=setup_dice)


@pytest.mark.parametrize(("coin", "winner"), [(HEADS, "p1"), (TAILS, "p2")])
def test_the_coin_winner_chooses_who_goes_first(coin: int, winner: str) -> None:
    """EX reference, Setup 1: a coin is flipped; its winner (only) chooses who starts."""
    g = dealt("sapphire", "ruby", seed=3, coin=coin)
    loser = "p2" if winner == "p1" else "p1"
    assert gm(g)["phase"] == "first" and g.whose_turn() == winner
    assert_refused(g, loser, "choose_first", "ptcg.turn.order", REFERENCE, first=loser)
    play(g, winner, "choose_first", first=loser)  # the winner may let the other start
    assert gm(g)["first"] == loser and gm(g)["phase"] == "setup"
    assert g.whose_turn() == loser  # the starting player places first


def test_the_deal_gives_seven_cards_and_six_prizes_from_sixty() -> None:
    """EX reference, Setup 2 and 5: 60-card decks, seven cards in hand, six Prize cards."""
    g = dealt("sapphire", "ruby", seed=4)
    for seat in ("p1", "p2"):
        side = me(g, seat)
        assert side["mulligans"] == 0
        assert side["hand_count"] == 7 and side["prize_count"] == 6
        assert side["deck_count"] == 60 - 7 - 6


def test_a_hand_without_a_basic_is_shown_and_redrawn_and_the_opponent_draws_extra() -> None:
    """EX reference, Setup 3: no Basic, the hand is shown, shuffled back, 7 new cards, as often
    as needed; the opponent may draw one more card per mulligan (two before EX: a setting)."""
    for seed in range(40):
        g = dealt(FEW_BASICS, "sapphire", seed=seed)
        taken = me(g, "p1")["mulligans"]
        if taken >= 1 and me(g, "p2")["mulligans"] == 0:
            break
    else:
        raise AssertionError("no seed gave p1 a mulligan")
    assert me(g, "p1")["hand_count"] == 7
    assert me(g, "p2")["hand_count"] == 7 + taken
    assert me(g, "p2")["deck_count"] == 60 - 7 - taken - 6
    assert any(c in ("Mudkip",) for c in me(g, "p1")["hand"])
    # The opponent is shown each mulligan hand (none of them holds a Basic).
    # The hook docs/architecture.md describes for rulesets with hidden information.
    ruleset = cast("CommandFilter[Any]", get_ruleset("ptcg"))
    _, shown = ruleset.visible_command(g.state, None, list(g.events), "p2")
    mulligans = [e for e in shown if e["type"] == "mulligan"]
    assert len(mulligans) == taken
    assert all("ex1-60" not in e["data"]["shown"] for e in mulligans)
    older = dealt(FEW_BASICS, "sapphire", seed=seed, mulligan_draw=2)
    assert me(older, "p1")["mulligans"] == taken
    assert me(older, "p2")["hand_count"] == 7 + 2 * taken


def _to_setup(g: Game[Any]) -> str:
    chooser = g.whose_turn()
    assert chooser is not None
    play(g, chooser, "choose_first", first="p1")
    return "p1"


def test_set_up_places_one_active_and_up_to_five_benched_basics_face_down() -> None:
    """EX reference, Setup 4 and 6: one Basic Active, up to five more on the Bench, face down
    until both are ready; a sixth is refused."""
    g = dealt(ONLY_BASICS, ONLY_BASICS, seed=5)
    _to_setup(g)
    hand = list(me(g, "p1")["hand"])
    play(g, "p1", "place_active", card=hand[0])
    for card in hand[1:6]:
        play(g, "p1", "place_bench", card=card)
    assert_refused(g, "p1", "place_bench", "ptcg.bench.max-five", STEP, card=hand[6])
    # Face down: p2 sees only how many.
    hidden = g.view("p2")["players"]["p1"]
    assert hidden["active"] is None and hidden["bench"] == [] and hidden["face_down"] == 6
    play(g, "p1", "ready")
    other = list(me(g, "p2")["hand"])
    play(g, "p2", "place_active", card=other[0])
    play(g, "p2", "ready")
    assert gm(g)["phase"] == "main" and gm(g)["turn"] == 1 and g.whose_turn() == "p1"
    seen = g.view("p2")["players"]["p1"]
    assert seen["active"]["card"] == hand[0] and seen["bench_count"] == 5


def test_set_up_takes_basics_only_and_needs_an_active() -> None:
    """EX reference, Setup 4: only Basics are placed; no one is ready without an Active."""
    for seed in range(40):
        g = dealt("sapphire", "ruby", seed=seed)
        _to_setup(g)
        hand = me(g, "p1")["hand"]
        if "Marshtomp" in hand or "Grovyle" in hand:
            break
    else:
        raise AssertionError("no seed dealt p1 an Evolution card")
    evolution = "Marshtomp" if "Marshtomp" in hand else "Grovyle"
    assert_refused(g, "p1", "place_active", "ptcg.setup.basic-only", REFERENCE, card=evolution)
    assert_refused(g, "p1", "ready", "ptcg.setup.need-active", REFERENCE)
    basic = next(c for c in hand if c in ("Mudkip", "Wingull", "Treecko", "Koffing",
                                           "Shroomish", "Wailmer"))  # fmt: skip
    play(g, "p1", "place_active", card=basic)
    play(g, "p1", "ready")


def test_the_starting_player_skips_the_first_draw_and_the_other_draws() -> None:
    """EX reference, A turn 1: no draw on the starter's first turn; the second player draws."""
    g = dealt(ONLY_BASICS, ONLY_BASICS, seed=6)
    _to_setup(g)
    for seat in ("p1", "p2"):
        play(g, seat, "place_active", card=me(g, seat)["hand"][0])
        play(g, seat, "ready")
    assert me(g, "p1")["hand_count"] == 6 and me(g, "p1")["deck_count"] == 47
    play(g, "p1", "end_turn")
    assert me(g, "p2")["hand_count"] == 7 and me(g, "p2")["deck_count"] == 46
    older = dealt(ONLY_BASICS, ONLY_BASICS, seed=6, first_turn_draw=True)
    _to_setup(older)
    for seat in ("p1", "p2"):
        play(older, seat, "place_active", card=me(older, seat)["hand"][0])
        play(older, seat, "ready")
    assert me(older, "p1")["hand_count"] == 7


# ====================================================================== around the text: damage
def test_weakness_doubles_the_damage_to_the_active() -> None:
    """EX reference, Damage: Weakness x2 (Mudkip's Water Pound on Torchic, weak to Water)."""
    g = new_game({"active": {"card": "Mudkip", "energy": ["Water Energy"]}}, {"active": "Torchic"})
    play(g, "p1", "attack", attack="Pound")
    assert me(g, "p2")["active"]["damage"] == 20


def test_resistance_takes_thirty_off() -> None:
    """EX reference, Damage: Resistance -30 (Marshtomp's 40 Slash on Treecko, resisting Water)."""
    g = new_game(
        {"active": {"card": "Marshtomp", "under": ["Mudkip"], "energy": ["Water Energy"] * 3}},
        {"active": "Treecko"},
    )
    play(g, "p1", "attack", attack="Slash")
    assert me(g, "p2")["active"]["damage"] == 10


def test_damage_to_the_bench_ignores_weakness() -> None:
    """EX reference, Damage: Weakness is for the Active only; Water Arrow (ex1-23) on a Benched
    Numel (50 HP, weak to Water) does its 20, on the Active Numel 40."""
    swampert = {"card": "ex1-23", "under": ["Mudkip", "Marshtomp"], "energy": ["Water Energy"]}
    g = new_game({"active": swampert}, {"active": "Numel", "bench": ["Numel"]})
    play(g, "p1", "attack", attack="Water Arrow", target="bench1")
    assert me(g, "p2")["bench"][0]["damage"] == 20 and me(g, "p2")["active"]["damage"] == 0
    g = new_game({"active": swampert}, {"active": "Numel", "bench": ["Numel"]})
    play(g, "p1", "attack", attack="Water Arrow", target="active")
    assert me(g, "p2")["active"]["damage"] == 40


@pytest.mark.parametrize(("damage", "knocked_out"), [(20, False), (30, True)])
def test_a_pokemon_is_knocked_out_when_its_damage_reaches_its_hp(
    damage: int, knocked_out: bool
) -> None:
    """EX reference, Damage: damage at least its HP Knocks it Out (Skitty 40 HP, Pound 10)."""
    g = new_game(
        {"active": {"card": "Mudkip", "energy": ["Water Energy"]}},
        {"active": {"card": "Skitty", "damage": damage}, "bench": ["Taillow"]},
    )
    events = play(g, "p1", "attack", attack="Pound")
    assert ("knockout" in kinds(events)) is knocked_out
    if knocked_out:
        assert me(g, "p2")["discard"] == ["Skitty"]
        assert me(g, "p1")["prize_count"] == 5 and me(g, "p1")["hand_count"] == 1
    else:
        assert me(g, "p2")["active"]["damage"] == damage + 10
        assert me(g, "p1")["prize_count"] == 6


def test_a_knocked_out_pokemon_goes_to_the_discard_pile_with_all_its_cards() -> None:
    """EX reference, Damage: the Pokémon, the cards below it and its Energy are discarded."""
    g = new_game(
        {"active": {"card": "Marshtomp", "under": ["Mudkip"], "energy": ["Water Energy"] * 3}},
        {"active": {"card": "Combusken", "under": ["Torchic"], "damage": 30,
                    "energy": ["Fire Energy"]},
         "bench": ["Taillow"]},
    )  # fmt: skip
    play(g, "p1", "attack", attack="Slash")  # 40, doubled: 80 on 70 HP
    assert me(g, "p2")["discard"] == ["Torchic", "Combusken", "Fire Energy"]


def test_a_pokemon_ex_gives_two_prize_cards() -> None:
    """EX reference, Damage: 1 Prize for a Knock Out, 2 for a Pokémon-ex (Chansey ex ex1-96)."""
    g = new_game(
        {"active": {"card": "Makuhita", "energy": ["Fighting Energy"]}},
        {"active": {"card": "ex1-96", "damage": 100}, "bench": ["Taillow"]},
    )
    play(g, "p1", "attack", attack="Slap Push")  # 10, doubled by Weakness: 120 on 120 HP
    assert me(g, "p1")["prize_count"] == 4 and me(g, "p1")["hand_count"] == 2


# ====================================================================== around the text: conditions
def test_poison_puts_one_counter_between_turns() -> None:
    """EX reference, Special Conditions: Poisoned, 1 damage counter between turns."""
    g = new_game(
        {"active": {"card": "Mudkip", "conditions": ["poisoned"]}}, {"active": "Torchic"}
    )
    play(g, "p1", "end_turn")
    assert me(g)["active"]["damage"] == 10 and me(g)["active"]["conditions"] == ["poisoned"]


@pytest.mark.parametrize(("coin", "damage"), [(HEADS, 0), (TAILS, 20)])
def test_burn_flips_between_turns_and_tails_puts_two_counters(coin: int, damage: int) -> None:
    """EX reference, Special Conditions: Burned flips; tails 2 counters; it stays Burned."""
    g = new_game({"active": {"card": "Mudkip", "conditions": ["burned"]}}, {"active": "Torchic"})
    play(g, "p1", "end_turn", coins=[coin])
    assert me(g)["active"]["damage"] == damage and me(g)["active"]["conditions"] == ["burned"]


@pytest.mark.parametrize(("coin", "still"), [(HEADS, []), (TAILS, ["asleep"])])
def test_asleep_flips_between_turns_and_heads_wakes_up(coin: int, still: list[str]) -> None:
    """EX reference, Special Conditions: Asleep flips between turns; heads wakes it."""
    g = new_game({"active": {"card": "Mudkip", "conditions": ["asleep"]}}, {"active": "Torchic"})
    play(g, "p1", "end_turn", coins=[coin])
    assert me(g)["active"]["conditions"] == still


def test_paralysis_lasts_until_the_end_of_its_owners_next_turn() -> None:
    """EX reference, Special Conditions: Bubble (heads) paralyzes Wingull; it cannot attack or
    retreat in p2's turn, and is free once that turn ends."""
    g = new_game(
        {"active": {"card": "Marshtomp", "under": ["Mudkip"], "energy": ["Water Energy"]}},
        {"active": {"card": "Wingull", "energy": ["Water Energy"]}, "bench": ["Skitty"]},
    )
    play(g, "p1", "attack", coins=[HEADS], attack="Bubble")
    assert me(g, "p2")["active"]["conditions"] == ["paralyzed"]
    assert_refused(g, "p2", "attack", "ptcg.attack.condition", REFERENCE, attack="Surprise Attack")
    assert_refused(g, "p2", "retreat", "ptcg.retreat.condition", REFERENCE, target="bench1")
    play(g, "p2", "end_turn")
    assert me(g, "p2")["active"]["conditions"] == []


def test_paralysis_does_not_end_at_the_attackers_end_of_turn() -> None:
    """EX reference: a Paralyzed Pokémon recovers after its own player's turn, not earlier; a
    Paralyzed Active at the start of its player's turn stays so through that turn."""
    g = new_game(
        {"active": {"card": "Mudkip", "conditions": ["paralyzed"], "energy": ["Water Energy"]}},
        {"active": "Torchic"},
    )
    assert_refused(g, "p1", "attack", "ptcg.attack.condition", REFERENCE, attack="Pound")
    play(g, "p1", "end_turn")
    assert me(g)["active"]["conditions"] == []


@pytest.mark.parametrize(("coin", "attacker", "defender"), [(HEADS, 0, 20), (TAILS, 30, 0)])
def test_a_confused_attacker_flips_and_tails_hurts_itself(
    coin: int, attacker: int, defender: int
) -> None:
    """EX reference, Confused: tails, the attack fails and 3 counters go on the attacker."""
    g = new_game(
        {"active": {"card": "Mudkip", "energy": ["Water Energy"], "conditions": ["confused"]}},
        {"active": "Torchic"},
    )
    play(g, "p1", "attack", coins=[coin], attack="Pound")
    assert me(g)["active"]["damage"] == attacker
    assert me(g, "p2")["active"]["damage"] == defender


def test_a_new_asleep_replaces_confused_and_poison_stays() -> None:
    """EX reference: Asleep, Confused and Paralyzed replace one another; Poisoned stays beside
    them (Skitty's Lullaby, ex1-44, on a Confused and Poisoned Wingull)."""
    g = new_game(
        {"active": {"card": "ex1-44", "energy": ["Water Energy"]}},
        {"active": {"card": "Wingull", "conditions": ["confused", "poisoned"]}},
    )
    play(g, "p1", "attack", attack="Lullaby")
    assert me(g, "p2")["active"]["conditions"] == ["asleep", "poisoned"]


# ====================================================================== around the text: winning
@pytest.mark.parametrize(("prizes", "over"), [(1, True), (2, False)])
def test_taking_the_last_prize_card_wins(prizes: int, over: bool) -> None:
    """EX reference, Winning: the player who takes their last Prize card wins."""
    g = new_game(
        {"active": {"card": "Mudkip", "energy": ["Water Energy"]},
         "prizes": ["Water Energy"] * prizes},
        {"active": {"card": "Skitty", "damage": 30}, "bench": ["Taillow"]},
    )  # fmt: skip
    play(g, "p1", "attack", attack="Pound")
    assert g.is_over() is over
    if over:
        result = g.outcome()
        assert result is not None and list(result.winners) == ["p1"]
        assert gm(g)["end"]["rule"] == "ptcg.win.prizes"
        assert_refused(g, "p2", "promote", "ptcg.win.prizes", REFERENCE, target="bench1")


@pytest.mark.parametrize(("deck", "over"), [(0, True), (1, False)])
def test_a_player_who_cannot_draw_at_the_start_of_the_turn_loses(deck: int, over: bool) -> None:
    """EX reference, Winning: an empty deck at the draw loses; one card left is drawn."""
    g = new_game({"active": "Mudkip"}, {"active": "Torchic", "deck": ["Fire Energy"] * deck})
    play(g, "p1", "end_turn")
    assert g.is_over() is over
    if over:
        result = g.outcome()
        assert result is not None and list(result.winners) == ["p1"]
        assert gm(g)["end"]["rule"] == "ptcg.win.deck-out"
    else:
        assert me(g, "p2")["hand_count"] == 1 and me(g, "p2")["deck_count"] == 0


# ====================================================================== edges found from the text
def test_the_evolution_matches_by_name_not_by_card() -> None:
    """Step 4 reads the 'evolves from' name: Combusken ex1-28 goes on the other Torchic, ex1-74."""
    g = new_game({"hand": ["ex1-28"], "active": "ex1-74"}, {"active": "Mudkip"})
    play(g, "p1", "evolve", card="ex1-28", target="active")
    assert me(g)["active"]["id"] == "ex1-28"


@pytest.mark.parametrize(("turn", "current", "allowed"), [(1, "p2", False), (2, "p1", False),
                                                          (3, "p2", True), (4, "p1", True)])
def test_first_turns_follow_who_started(turn: int, current: str, allowed: bool) -> None:
    """Step 4, third limit, with p2 starting: turn 1 is p2's first turn, turn 2 p1's."""
    side = {"hand": ["Marshtomp"], "active": "Mudkip"}
    g = new_game(side, dict(side), turn=turn, current=current, first="p2")
    action = Action("evolve", current, {"card": "Marshtomp", "target": "active"})
    why = g.check(action)
    if allowed:
        assert why is None, why
    else:
        assert why is not None and why.rule == "ptcg.evolve.not-first-turn", why


def test_a_promoted_pokemon_evolves_in_the_turn_it_moved_up() -> None:
    """Step 4's 'played this turn' is about coming into play: a Benched Pokémon promoted after a
    Knock Out between turns has been in play and evolves."""
    g = new_game(
        {"hand": ["Marshtomp"], "active": {"card": "Wingull", "damage": 30,
                                            "conditions": ["poisoned"]},
         "bench": ["Mudkip"]},
        {"active": "Torchic"}, turn=4, current="p2",
    )  # fmt: skip
    play(g, "p2", "end_turn")  # poison: 40 on Wingull's 40 HP
    assert gm(g)["phase"] == "promote" and gm(g)["promote"] == ["p1"]
    play(g, "p1", "promote", target="bench1")
    assert g.whose_turn() == "p1" and gm(g)["phase"] == "main"
    play(g, "p1", "evolve", card="Marshtomp", target="active")
    assert me(g, "p2")["prize_count"] == 5


def test_a_pokemon_put_onto_the_bench_by_a_power_is_new_this_turn() -> None:
    """Step 4, second limit, for a Pokémon put into play by a card: the Beldum Magnetic Call
    (ex5-29, heads) benches cannot evolve this turn; the Beldum in play since earlier can."""
    g = new_game(
        {"hand": ["ex5-21"], "active": "ex5-29", "deck": ["ex5-29", "Water Energy"]},
        {"active": "Torchic"},
    )
    play(g, "p1", "use_power", coins=[HEADS], pokemon="active", power="Magnetic Call")
    assert gm(g)["pending"]["options"][0] == "Beldum"
    play(g, "p1", "choose", option=0)  # the deck is shuffled afterwards by the seeded dice
    assert me(g)["bench"][0]["card"] == "Beldum"
    assert_refused(
        g, "p1", "evolve", "ptcg.evolve.not-new", f"{STEP} 4", card="ex5-21", target="bench1"
    )
    play(g, "p1", "evolve", card="ex5-21", target="active")


def test_an_evolved_pokemon_does_not_evolve_again_after_moving() -> None:
    """Step 4, first limit: it is the same Pokémon after a retreat, so still not twice a turn."""
    g = new_game(
        {"hand": ["Marshtomp", "Swampert"], "active": {"card": "Mudkip",
                                                     "energy": ["Water Energy"]},
         "bench": ["Wingull"]},
        {"active": "Torchic"},
    )  # fmt: skip
    play(g, "p1", "evolve", card="Marshtomp", target="active")
    play(g, "p1", "retreat", target="bench1")
    assert_refused(
        g, "p1", "evolve", "ptcg.evolve.once-per-turn", f"{STEP} 4",
        card="Swampert", target="bench1",
    )  # fmt: skip


def test_a_knock_out_in_the_players_own_turn_is_replaced_and_the_turn_goes_on() -> None:
    """Step 2 (replace at once) with Rainbow Energy's counter (ex1-95) Knocking Out the
    player's own Active: the player promotes, the opponent takes a Prize, the turn goes on."""
    g = new_game(
        {"hand": ["Rainbow Energy", "Wingull"], "active": {"card": "Torchic", "damage": 30},
         "bench": [{"card": "Mudkip", "energy": ["Water Energy"]}]},
        {"active": "Skitty"},
    )  # fmt: skip
    events = play(g, "p1", "attach", card="Rainbow Energy", target="active")
    assert "knockout" in kinds(events)
    assert gm(g)["phase"] == "promote" and gm(g)["promote"] == ["p1"]
    assert_refused(g, "p1", "bench", "ptcg.turn.phase", f"{STEP} 2", card="Wingull")
    play(g, "p1", "promote", target="bench1")
    assert me(g, "p2")["prize_count"] == 5
    assert g.whose_turn() == "p1" and gm(g)["turn"] == 3
    play(g, "p1", "bench", card="Wingull")
    play(g, "p1", "attack", attack="Pound")


def test_a_confused_attacker_knocking_itself_out_gives_the_opponent_a_prize() -> None:
    """EX reference, Confused and Damage: the 3 counters can Knock Out the attacker; its owner
    promotes and the opponent takes the Prize."""
    g = new_game(
        {"active": {"card": "Mudkip", "damage": 20, "energy": ["Water Energy"],
                    "conditions": ["confused"]},
         "bench": ["Wingull"]},
        {"active": "Torchic"},
    )  # fmt: skip
    play(g, "p1", "attack", coins=[TAILS], attack="Pound")
    assert me(g, "p2")["active"]["damage"] == 0
    assert gm(g)["promote"] == ["p1"]
    play(g, "p1", "promote", target="bench1")
    assert me(g, "p2")["prize_count"] == 5
    assert g.whose_turn() == "p2"


def test_a_benched_pokemon_uses_its_power_while_the_active_is_asleep() -> None:
    """Step 7 and the reference: the Special Condition stops only its own Pokémon's Power."""
    g = new_game(
        {"hand": ["Water Energy"], "active": {"card": "Mudkip", "conditions": ["asleep"]},
         "bench": [dict(SWAMPERT_WATER_CALL)]},
        {"active": "Torchic"},
    )  # fmt: skip
    play(g, "p1", "use_power", pokemon="bench1", power="Water Call")
    assert me(g)["active"]["energy"] == ["Water Energy"]


def test_a_poke_body_works_under_a_special_condition() -> None:
    """EX reference, Poké-Body: Natural Remedy (ex1-23) works while Swampert is Asleep."""
    g = new_game(
        {"hand": ["Water Energy"],
         "active": {"card": "ex1-23", "under": ["Mudkip", "Marshtomp"], "damage": 20,
                    "conditions": ["asleep"]}},
        {"active": "Torchic"},
    )  # fmt: skip
    play(g, "p1", "attach", card="Water Energy", target="active")
    assert me(g)["active"]["damage"] == 10


def test_switch_to_the_bench_clears_special_conditions() -> None:
    """EX reference: moving to the Bench by Switch (ex1-92) removes Special Conditions, and an
    Asleep Active may be switched though it may not retreat."""
    g = new_game(
        {"hand": ["Switch"], "active": {"card": "Mudkip", "conditions": ["asleep", "burned"]},
         "bench": ["Wingull"]},
        {"active": "Torchic"},
    )  # fmt: skip
    play(g, "p1", "play_trainer", card="Switch", target="bench1")
    assert me(g)["bench"][0]["card"] == "Mudkip" and me(g)["bench"][0]["conditions"] == []


def test_the_player_names_which_energy_pays_the_retreat() -> None:
    """Step 6: the player chooses the discarded Energy; a card not attached is refused."""
    energy = ["Water Energy", "Grass Energy"]
    g = new_game({"active": {"card": "Mudkip", "energy": energy}, "bench": ["Wingull"]},
                 {"active": "Torchic"})  # fmt: skip
    assert_refused(
        g, "p1", "retreat", "ptcg.retreat.cost", f"{STEP} 6",
        target="bench1", discard=["Fire Energy"],
    )  # fmt: skip
    assert_refused(
        g, "p1", "retreat", "ptcg.retreat.cost", f"{STEP} 6",
        target="bench1", discard=energy,
    )  # fmt: skip
    play(g, "p1", "retreat", target="bench1", discard=["Water Energy"])
    assert me(g)["bench"][0]["energy"] == ["Grass Energy"]
    assert me(g)["discard"] == ["Water Energy"]


def test_a_tool_stays_on_and_only_one_per_pokemon() -> None:
    """Step 5 with a Pokémon Tool (Lum Berry ex1-84): it stays attached instead of going to the
    discard pile; a second Tool on the same Pokémon is refused, on another one it is fine."""
    g = new_game(
        {"hand": ["Lum Berry", "Oran Berry"], "active": "Mudkip", "bench": ["Wingull"]},
        {"active": "Torchic"},
    )
    play(g, "p1", "play_trainer", card="Lum Berry", target="active")
    assert me(g)["active"]["tool"] == "Lum Berry" and me(g)["discard"] == []
    assert_refused(
        g, "p1", "play_trainer", "ptcg.trainer.one-tool", "Pokémon Tool",
        card="Oran Berry", target="active",
    )  # fmt: skip
    play(g, "p1", "play_trainer", card="Oran Berry", target="bench1")


def test_a_deck_is_sixty_cards_at_most_four_of_a_name_with_a_basic() -> None:
    """EX reference, Setup 2 and the deck rules the set-up needs: 60 cards, four of a name
    (basic Energy excepted), at least one Basic; each breach is a set-up error."""
    from turnkeeper.core.ruleset import SetupError

    good = [{"card": "Mudkip", "count": 4}, {"card": "Water Energy", "count": 56}]
    dealt(good, good, seed=1)
    bad = {
        "59 cards": [{"card": "Mudkip", "count": 4}, {"card": "Water Energy", "count": 55}],
        "five Mudkip": [{"card": "Mudkip", "count": 5}, {"card": "Water Energy", "count": 55}],
        "no Basic": [{"card": "Potion", "count": 4}, {"card": "Water Energy", "count": 56}],
    }
    for what, deck in bad.items():
        with pytest.raises(SetupError) as error:
            dealt(deck, good, seed=1)
        assert "p1" in str(error.value), (what, str(error.value))


@pytest.mark.parametrize(("turn", "current", "allowed"), [(1, "p2", False), (2, "p1", True)])
def test_the_first_turn_supporter_ban_follows_who_started(
    turn: int, current: str, allowed: bool
) -> None:
    """EX reference (2004): with p2 starting, turn 1 is p2's and the ban is theirs."""
    side = {"hand": ["Professor Birch"], "active": "Mudkip"}
    g = new_game(side, dict(side), turn=turn, current=current, first="p2")
    why = g.check(Action("play_trainer", current, {"card": "Professor Birch"}))
    if allowed:
        assert why is None, why
    else:
        assert why is not None and why.rule == "ptcg.trainer.first-turn-supporter", why


def test_the_supporter_is_discarded_when_the_attack_ends_the_turn() -> None:
    """EX reference: the Supporter goes to the discard pile at the end of the turn, also when
    the attack is what ends it."""
    g = new_game(
        {"hand": ["Professor Birch"], "active": {"card": "Mudkip", "energy": ["Water Energy"]}},
        {"active": "Wingull"},
    )
    play(g, "p1", "play_trainer", card="Professor Birch")
    play(g, "p1", "attack", attack="Pound")
    assert me(g)["supporter"] is None and me(g)["discard"] == ["Professor Birch"]


@pytest.mark.parametrize(("coin", "asleep"), [(HEADS, False), (TAILS, True)])
def test_the_defending_pokemon_put_asleep_flips_in_the_checkup_after_the_attack(
    coin: int, asleep: bool
) -> None:
    """EX reference, Special Conditions: the checkup between turns covers both Actives, so the
    Wingull put to sleep by Lullaby (ex1-44) flips before its player's turn."""
    g = new_game(
        {"active": {"card": "ex1-44", "energy": ["Water Energy"]}},
        {"active": {"card": "Wingull", "energy": ["Water Energy"]}},
    )
    play(g, "p1", "attack", coins=[coin], attack="Lullaby")
    assert (me(g, "p2")["active"]["conditions"] == ["asleep"]) is asleep
    why = g.check(Action("attack", "p2", {"attack": "Surprise Attack"}))
    assert (why is not None and why.rule == "ptcg.attack.condition") is asleep


def test_poison_from_an_attack_hurts_in_the_checkup_right_after_it() -> None:
    """EX reference, Special Conditions: Poison Smog (Weezing ex1-24) poisons; the counter comes
    between that turn and the next."""
    g = new_game(
        {"active": {"card": "Weezing", "under": ["Koffing"],
                    "energy": ["Grass Energy", "Water Energy"]}},
        {"active": "Makuhita"},
    )  # fmt: skip
    play(g, "p1", "attack", attack="Poison Smog")
    assert me(g, "p2")["active"]["conditions"] == ["poisoned"]
    assert me(g, "p2")["active"]["damage"] == 10


@pytest.mark.parametrize(("top", "cured"), [("ex1-41", True), ("ex1-13", False)])
def test_an_evolved_pokemon_loses_the_poke_body_of_the_card_below(top: str, cured: bool) -> None:
    """Step 4: Marshtomp ex1-41's Natural Cure (a Water Energy from the hand cures it) is gone
    once the Pokémon is Swampert ex1-13 above it."""
    under = ["Mudkip"] if top == "ex1-41" else ["Mudkip", "ex1-41"]
    g = new_game(
        {"hand": ["Water Energy"],
         "active": {"card": top, "under": under, "conditions": ["asleep"]}},
        {"active": "Torchic"},
    )  # fmt: skip
    play(g, "p1", "attach", card="Water Energy", target="active")
    assert me(g)["active"]["conditions"] == ([] if cured else ["asleep"])


def test_a_new_paralysis_replaces_sleep() -> None:
    """EX reference: the newest of Asleep, Confused and Paralyzed replaces the old one
    (Marshtomp's Bubble, heads, on an Asleep Wingull)."""
    g = new_game(
        {"active": {"card": "Marshtomp", "under": ["Mudkip"], "energy": ["Water Energy"]}},
        {"active": {"card": "Wingull", "conditions": ["asleep", "burned"]}},
    )
    play(g, "p1", "attack", coins=[HEADS, HEADS], attack="Bubble")  # Bubble, then Burned's coin
    assert me(g, "p2")["active"]["conditions"][0] == "paralyzed"
    assert "asleep" not in me(g, "p2")["active"]["conditions"]
    assert "burned" in me(g, "p2")["active"]["conditions"]


def test_confusion_damage_to_itself_ignores_weakness() -> None:
    """EX reference, Confused: the 3 counters ignore Weakness (Ralts ex1-68 is weak to its own
    Psychic type and takes 30, not 60)."""
    g = new_game(
        {"active": {"card": "ex1-68", "energy": ["Psychic Energy"], "conditions": ["confused"]},
         "bench": ["Wingull"]},
        {"active": "Torchic"},
    )  # fmt: skip
    play(g, "p1", "attack", coins=[TAILS], attack="Pound")
    assert me(g)["active"]["damage"] == 30


def test_a_knocked_out_pokemons_tool_goes_to_the_discard_pile_too() -> None:
    """EX reference, Damage: all attached cards go with it, its Pokémon Tool included."""
    g = new_game(
        {"active": {"card": "Mudkip", "energy": ["Water Energy"]}},
        {"active": {"card": "Skitty", "damage": 30, "tool": "Oran Berry"},
         "bench": ["Taillow"]},
    )  # fmt: skip
    play(g, "p1", "attack", attack="Pound")
    assert me(g, "p2")["discard"] == ["Skitty", "Oran Berry"]


def test_the_offered_actions_follow_the_turns_limits() -> None:
    """Steps 3, 5, 6 and 8 as an outsider sees them in legal_actions: a spent limit is no
    longer offered, and after the attack nothing is offered to the attacker."""
    g = new_game(
        {"hand": ["Water Energy", "Water Energy", "Professor Birch", "Lady Outing"],
         "active": {"card": "Mudkip", "energy": ["Water Energy", "Water Energy"]},
         "bench": ["Wingull"]},
        {"active": "Wingull"},
    )  # fmt: skip

    def offered() -> set[str]:
        return {a.kind for a in g.legal_actions("p1").list()}

    assert {"attach", "play_trainer", "retreat", "attack", "end_turn"} <= offered()
    play(g, "p1", "attach", card="Water Energy", target="active")
    assert "attach" not in offered()
    play(g, "p1", "play_trainer", card="Professor Birch")
    assert "Lady Outing" in me(g)["hand"]  # the other Supporter is held but not offered
    assert "play_trainer" not in offered()
    play(g, "p1", "retreat", target="bench1")
    assert "retreat" not in offered()
    play(g, "p1", "end_turn")
    assert offered() == set()


# ====================================================================== the API as an outsider
def test_a_card_named_in_any_case_is_the_card_in_the_hand() -> None:
    """docs/rulesets/ptcg.md: card names ignore case. Found by this audit: the hand lookup used
    to compare names exactly, so 'wingull' was refused as not in the hand."""
    g = new_game(
        {"hand": ["Wingull", "Water Energy", "Marshtomp", "Potion"],
         "active": {"card": "Mudkip", "damage": 10}},
        {"active": "Torchic"},
    )  # fmt: skip
    play(g, "p1", "bench", card="wingull")
    play(g, "p1", "attach", card="WATER ENERGY", target="bench1")
    play(g, "p1", "evolve", card="marshtomp", target="active")
    play(g, "p1", "play_trainer", card="potion", target="active")
    side = me(g)
    assert side["bench"][0]["card"] == "Wingull" and side["bench"][0]["energy"] == ["Water Energy"]
    assert side["active"]["card"] == "Marshtomp" and side["discard"] == ["Potion"]
    # A card that is not there is still refused with its rule.
    assert_refused(g, "p1", "bench", "ptcg.card.in-hand", STEP, card="mudkip")


def test_the_retreat_energy_named_in_any_case_is_the_attached_card() -> None:
    """docs/rulesets/ptcg.md and step 6: the named Energy to discard is found whatever its
    case (found by this audit: it was refused as not attached)."""
    g = new_game(
        {"active": {"card": "Mudkip", "energy": ["Water Energy", "Grass Energy"]},
         "bench": ["Wingull"]},
        {"active": "Torchic"},
    )  # fmt: skip
    assert_refused(
        g, "p1", "retreat", "ptcg.retreat.cost", f"{STEP} 6",
        target="bench1", discard=["fire energy"],
    )  # fmt: skip
    play(g, "p1", "retreat", target="bench1", discard=["grass energy"])
    assert me(g)["bench"][0]["energy"] == ["Water Energy"]
    assert me(g)["discard"] == ["Grass Energy"]


def test_an_unknown_card_or_place_is_malformed_not_refused() -> None:
    """docs/rulesets/ptcg.md, Driving the engine: an unknown card name or a place outside
    active/bench1..bench5 is a BadActionError naming it; the game is unchanged."""
    from turnkeeper.core.model import BadActionError

    g = new_game({"hand": ["Water Energy"], "active": "Mudkip"}, {"active": "Torchic"})
    before = g.state_hash()
    with pytest.raises(BadActionError, match="Pikachu Plush"):
        g.play(Action("bench", "p1", {"card": "Pikachu Plush"}))
    with pytest.raises(BadActionError, match="bench6"):
        g.play(Action("attach", "p1", {"card": "Water Energy", "target": "bench6"}))
    assert g.state_hash() == before


@pytest.mark.parametrize(("coin", "found"), [(HEADS, True), (TAILS, False)])
def test_a_trainer_whose_coin_fails_is_still_played_and_discarded(coin: int, found: bool) -> None:
    """Step 5: the card does what it says, a coin included: Poké Ball (ex1-86) on tails finds
    nothing and still goes to the discard pile; on heads it searches the deck."""
    g = new_game(
        {"hand": ["Poké Ball"], "active": "Mudkip", "deck": ["Marshtomp", "Water Energy"]},
        {"active": "Torchic"},
    )
    play(g, "p1", "play_trainer", coins=[coin], card="Poké Ball")
    assert me(g)["discard"] == ["Poké Ball"]
    assert (gm(g)["phase"] == "choice") is found
    if found:
        assert "Marshtomp" in gm(g)["pending"]["options"]
        option = gm(g)["pending"]["options"].index("Marshtomp")
        play(g, "p1", "choose", option=option)
        assert me(g)["hand"] == ["Marshtomp"]


def test_an_evolving_pokemon_keeps_its_tool() -> None:
    """Step 4: every card attached stays with the evolved Pokémon, a Pokémon Tool too."""
    g = new_game(
        {"hand": ["Marshtomp"], "active": {"card": "Mudkip", "tool": "Oran Berry"}},
        {"active": "Torchic"},
    )
    play(g, "p1", "evolve", card="Marshtomp", target="active")
    assert me(g)["active"]["tool"] == "Oran Berry"


def test_the_turn_steps_wait_for_the_set_up_and_set_up_actions_for_nothing_in_a_turn() -> None:
    """EX reference, Setup, and steps 2-8: the turn's actions (benching, attaching, attacking,
    passing) are refused while the players set up, and placing face down once the turn runs;
    the reason says which part of the game it is."""
    g = dealt(ONLY_BASICS, ONLY_BASICS, seed=5)
    _to_setup(g)
    card = me(g)["hand"][0]
    for kind, params in (("bench", {"card": card}), ("attach", {"card": card, "target": "active"}),
                         ("attack", {"attack": "Pound"}), ("end_turn", {})):  # fmt: skip
        why = assert_refused(g, "p1", kind, "ptcg.turn.phase", REFERENCE, **params)
        assert "setting up" in why.reason and "place_active" in why.reason, why.reason
    g = new_game({"hand": ["Wingull"], "active": "Mudkip"}, {"active": "Torchic"})
    why = assert_refused(g, "p1", "place_bench", "ptcg.turn.phase", REFERENCE, card="Wingull")
    assert "a turn is being played" in why.reason and "bench" in why.reason, why.reason
    assert_refused(g, "p1", "ready", "ptcg.turn.phase", REFERENCE)


def test_damage_to_the_bench_ignores_resistance() -> None:
    """EX reference, Damage: Resistance is for the Active only too; Water Arrow (ex1-23) does
    its 20 to a Benched Treecko (resisting Water) and nothing to the Active one (20 - 30)."""
    swampert = {"card": "ex1-23", "under": ["Mudkip", "Marshtomp"], "energy": ["Water Energy"]}
    g = new_game({"active": swampert}, {"active": "Treecko", "bench": ["Treecko"]})
    play(g, "p1", "attack", attack="Water Arrow", target="bench1")
    assert me(g, "p2")["bench"][0]["damage"] == 20
    g = new_game({"active": swampert}, {"active": "Treecko", "bench": ["Treecko"]})
    play(g, "p1", "attack", attack="Water Arrow", target="active")
    assert me(g, "p2")["active"]["damage"] == 0


def test_a_supporter_a_stadium_and_items_all_in_one_turn() -> None:
    """READINGS ptcg: the one-Supporter and one-Stadium limits sit on top of step 5's 'any
    number of Trainer cards'; each kind ends where it belongs."""
    g = new_game(
        {"hand": ["Professor Birch", "High Pressure System", "Potion", "Potion"],
         "active": {"card": "Mudkip", "damage": 30}},
        {"active": "Torchic"},
    )  # fmt: skip
    play(g, "p1", "play_trainer", card="Potion", target="active")
    play(g, "p1", "play_trainer", card="High Pressure System")
    play(g, "p1", "play_trainer", card="Potion", target="active")
    play(g, "p1", "play_trainer", card="Professor Birch")
    side = me(g)
    assert side["discard"] == ["Potion", "Potion"]
    assert side["supporter"] == "Professor Birch" and gm(g)["stadium"] == "High Pressure System"
    assert side["active"]["damage"] == 0


@pytest.mark.parametrize(
    ("flag", "kind", "params", "rule"),
    [
        ("energy_played", "attach", {"card": "Water Energy", "target": "active"},
         "ptcg.energy.one-per-turn"),
        ("retreated", "retreat", {"target": "bench1"}, "ptcg.retreat.once-per-turn"),
        ("supporter_played", "play_trainer", {"card": "Professor Birch"},
         "ptcg.trainer.supporter-once"),
        ("stadium_played", "play_trainer", {"card": "High Pressure System"},
         "ptcg.trainer.stadium-once"),
    ],
)  # fmt: skip
def test_a_named_positions_this_turn_flags_spend_the_turns_limits(
    flag: str, kind: str, params: dict[str, Any], rule: str
) -> None:
    """docs/rulesets/ptcg.md, Config: `this_turn` says what was already done; each flag spends
    its own limit of steps 3, 5 and 6, and without it the action is allowed."""
    side = {
        "hand": ["Water Energy", "Professor Birch", "High Pressure System"],
        "active": {"card": "Mudkip", "energy": ["Water Energy"]},
        "bench": ["Wingull"],
    }
    g = new_game(side, {"active": "Torchic"}, this_turn={flag: True})
    assert refusal(g, "p1", kind, **params).rule == rule
    play(new_game(side, {"active": "Torchic"}), "p1", kind, **params)


def test_a_pokemon_marked_evolved_this_turn_does_not_evolve_again() -> None:
    """docs/rulesets/ptcg.md, Config: `evolved: true` is step 4's first limit spent."""
    g = new_game(
        {"hand": ["Swampert"],
         "active": {"card": "Marshtomp", "under": ["Mudkip"], "evolved": True},
         "bench": [{"card": "Marshtomp", "under": ["Mudkip"]}]},
        {"active": "Torchic"},
    )  # fmt: skip
    assert_refused(
        g, "p1", "evolve", "ptcg.evolve.once-per-turn", f"{STEP} 4",
        card="Swampert", target="active",
    )  # fmt: skip
    play(g, "p1", "evolve", card="Swampert", target="bench1")


def test_a_benched_pokemon_knocked_out_gives_a_prize_and_needs_no_promotion() -> None:
    """EX reference, Damage: a Knock Out on the Bench is a Knock Out too (a Prize), but the
    Active stays, so nobody promotes (Water Arrow, ex1-23, on a Benched Wingull)."""
    swampert = {"card": "ex1-23", "under": ["Mudkip", "Marshtomp"], "energy": ["Water Energy"]}
    g = new_game(
        {"active": swampert},
        {"active": "Torchic", "bench": [{"card": "Wingull", "damage": 20}, "Skitty"]},
    )
    events = play(g, "p1", "attack", attack="Water Arrow", target="bench1")
    assert "knockout" in kinds(events)
    assert me(g, "p1")["prize_count"] == 5
    assert gm(g)["phase"] == "main" and g.whose_turn() == "p2"
    assert [b["card"] for b in me(g, "p2")["bench"]] == ["Skitty"]
    assert me(g, "p2")["discard"] == ["Wingull"]


@pytest.mark.parametrize(("active", "free"), [("Mudkip", True), ("Treecko", False)])
def test_a_stadium_can_lower_the_retreat_cost(active: str, free: bool) -> None:
    """Step 6's cost is the one the Pokémon has now: High Pressure System (ex3-85) takes one
    Colorless off for Water (and Fire) Pokémon, so Mudkip retreats for nothing; Treecko (Grass)
    still pays its one."""
    g = new_game(
        {"active": active, "bench": ["Wingull"]}, {"active": "Torchic"},
        stadium={"card": "High Pressure System", "owner": "p2"},
    )  # fmt: skip
    assert me(g)["active"]["retreat"] == (0 if free else 1)
    if free:
        play(g, "p1", "retreat", target="bench1")
    else:
        assert_refused(g, "p1", "retreat", "ptcg.retreat.cost", f"{STEP} 6", target="bench1")


def test_both_actives_knocked_out_between_turns_both_promote() -> None:
    """Step 2 for both players at once: poison Knocks Out both Actives between turns; each
    takes a Prize, each promotes (the view lists both, in order), then the next turn starts."""
    g = new_game(
        {"active": {"card": "Mudkip", "damage": 40, "conditions": ["poisoned"]},
         "bench": ["Wingull"]},
        {"active": {"card": "Torchic", "damage": 30, "conditions": ["poisoned"]},
         "bench": ["Skitty"]},
    )  # fmt: skip
    play(g, "p1", "end_turn")
    order = gm(g)["promote"]
    assert sorted(order) == ["p1", "p2"] and g.whose_turn() == order[0]
    assert me(g, "p1")["prize_count"] == 5 and me(g, "p2")["prize_count"] == 5
    play(g, order[0], "promote", target="bench1")
    assert gm(g)["promote"] == [order[1]]
    play(g, order[1], "promote", target="bench1")
    assert "promote" not in gm(g) and gm(g)["phase"] == "main" and g.whose_turn() == "p2"


def test_a_dealt_game_evolves_the_set_up_active_on_the_players_second_turn() -> None:
    """Step 4's limits in a dealt game: the Active put down at set-up cannot evolve on turn 1
    (the first turn) but can on turn 3; a Basic benched on turn 1 also can on turn 3."""
    deck = [{"card": "Mudkip", "count": 4}, {"card": "Marshtomp", "count": 4},
            {"card": "Water Energy", "count": 52}]  # fmt: skip
    for seed in range(200):
        g = dealt(deck, "ruby", seed=seed)
        hand = me(g, "p1")["hand"]
        if hand.count("Mudkip") >= 2 and hand.count("Marshtomp") >= 2:
            break
    else:
        raise AssertionError("no seed dealt two Mudkip and two Marshtomp")
    _to_setup(g)
    play(g, "p1", "place_active", card="Mudkip")
    play(g, "p1", "ready")
    basic = next(c for c in me(g, "p2")["hand"]
                 if c in ("Torchic", "Skitty", "Taillow", "Makuhita", "Poochyena"))  # fmt: skip
    play(g, "p2", "place_active", card=basic)
    play(g, "p2", "ready")
    assert gm(g)["turn"] == 1 and g.whose_turn() == "p1"
    play(g, "p1", "bench", card="Mudkip")
    assert_refused(
        g, "p1", "evolve", "ptcg.evolve.not-first-turn", f"{STEP} 4",
        card="Marshtomp", target="active",
    )  # fmt: skip
    play(g, "p1", "end_turn")
    play(g, "p2", "end_turn")
    assert gm(g)["turn"] == 3
    play(g, "p1", "evolve", card="Marshtomp", target="active")
    play(g, "p1", "evolve", card="Marshtomp", target="bench1")


def test_the_2013_attack_ban_is_only_the_starters_first_turn() -> None:
    """EX reference: with the later rule (first_turn_attack: false) only turn 1 is barred; the
    second player attacks on their first turn, turn 2."""
    side = {"active": {"card": "Mudkip", "energy": ["Water Energy"]}}
    g = new_game(
        side, dict(side), settings={"first_turn_attack": False}, turn=2, current="p2", first="p1"
    )
    play(g, "p2", "attack", attack="Pound")
