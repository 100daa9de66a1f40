"""Knock Outs and Prize cards in ptcg's turn order (rulesets/ptcg/turn.py), for mutation
testing (issue 13, docs/mutation.md): a Knock Out when a player has no Prize card left to take
wins nothing for either side (a game set up with fewer Prizes, or none), and the game goes on
to the promotion."""

from __future__ import annotations

from typing import Any

import pytest

from tests.ptcg.board import HEADS, act, game
from turnkeeper.core.game import Game, state_hash
from turnkeeper.core.model import Action, BadActionError, Event
from turnkeeper.dice.source import ForcedDice
from turnkeeper.rulesets.ptcg.engine import run
from turnkeeper.rulesets.ptcg.state import PtcgState


def side(**extra: Any) -> dict[str, Any]:
    return {"deck": ["Water Energy"] * 5, "prizes": ["Water Energy"] * 6, **extra}


def test_a_knock_out_with_no_prize_to_take_wins_nothing_and_asks_for_a_promotion() -> None:
    for taker, loser in (("p1", "p2"), ("p2", "p1")):
        sides = {
            taker: side(active={"card": "Mudkip", "energy": ["Water Energy"]}, prizes=[]),
            loser: side(active={"card": "Torchic", "damage": 30}, bench=["Makuhita"]),
        }
        g = game(sides["p1"], sides["p2"], current=taker)
        act(g, taker, "attack", attack="Pound")
        # Torchic (40 HP) is Knocked Out; the taker has no Prize card, so none is taken.
        assert g.outcome() is None, taker
        assert g.state.phase == "promote" and g.whose_turn() == loser, taker


def test_the_last_prize_and_the_last_pokemon_at_once_is_a_win_by_prizes() -> None:
    # The Knock Out takes the taker's last Prize card and leaves the loser no Pokémon: both
    # ways of winning hold for the same player; the Prize card, found first, is the one named.
    for taker, loser in (("p1", "p2"), ("p2", "p1")):
        sides = {
            taker: side(active={"card": "Mudkip", "energy": ["Water Energy"]},
                        prizes=["Water Energy"]),
            loser: side(active={"card": "Torchic", "damage": 30}, bench=[]),
        }
        g = game(sides["p1"], sides["p2"], current=taker)
        events = act(g, taker, "attack", attack="Pound")
        [over] = [e for e in events if e.type == "game_over"]
        assert (over.data["winners"], over.data["rule"]) == ([taker], "ptcg.win.prizes"), taker


def test_a_choice_is_one_of_its_options_and_the_log_records_who_chose_what() -> None:
    g: Game[PtcgState] = game(
        {"hand": ["Energy Removal 2"], "active": "Mudkip"},
        {"active": {"card": "Torchic", "energy": ["Fire Energy"]},
         "bench": [{"card": "Makuhita", "energy": ["Fighting Energy"]}]},
    )
    act(g, "p1", "play_trainer", [HEADS], card="Energy Removal 2")
    # Two options (0 and 1): 2 is one past the last, bad input naming the range.
    with pytest.raises(BadActionError, match="from 0 to 1"):
        g.check(Action("choose", "p1", {"option": 2}))
    events = act(g, "p1", "choose", option=1)
    [answer] = [e for e in events if e.type == "answer"]
    assert answer.data == {"p": "p1", "option": 1,
                           "label": "Fighting Energy on Makuhita (bench1)"}


CROBAT = {"card": "ex8-96", "under": ["ex8-83", "ex8-31"]}  # Distortion: 1 counter, picked


def settled(events: list[Event]) -> list[tuple[str, dict[str, Any]]]:
    """The Knock Outs, Prizes and promotions asked for (without which Prize cards were taken:
    the Prizes are face down, the count is what matters here)."""
    return [
        (e.type, {k: v for k, v in e.data.items() if k != "cards"})
        for e in events
        if e.type in ("knockout", "prize", "need_promote")
    ]


def test_a_choice_that_knocks_out_the_active_settles_it_and_asks_for_a_promotion() -> None:
    # A Poké-Power's answered question (Distortion's pick) puts the last damage counter on
    # the opponent's Active in the middle of a turn: the Knock Out is settled at once (Prize
    # taken), and the promotion asked for goes back to the turn ("main") when done.
    g = game({"active": CROBAT}, side(active={"card": "Torchic", "damage": 30},
                                      bench=["Makuhita"]))
    act(g, "p1", "use_power", power="Distortion", pokemon="active")
    events = act(g, "p1", "choose", option=0)  # Torchic (active), 40 HP
    assert settled(events) == [
        ("knockout", {"p": "p2", "slot": 0}),
        ("prize", {"p": "p1", "n": 1}),
        ("need_promote", {"players": ["p2"], "then": "main"}),
    ]
    assert g.state.phase == "promote" and g.whose_turn() == "p2"
    act(g, "p2", "promote", target="bench1")
    # back to p1's turn, which goes on (not a new turn)
    assert g.state.phase == "main" and g.whose_turn() == "p1" and g.state.turn == 3
    assert len(g.state.sides[0].prizes) == 5


def test_a_choice_that_knocks_out_nothing_leaves_the_turn_as_it_was() -> None:
    # The same pick on a Pokémon it does not Knock Out: no Knock Out, no promotion.
    g = game({"active": CROBAT}, side(active={"card": "Torchic", "damage": 20},
                                      bench=["Makuhita"]))
    act(g, "p1", "use_power", power="Distortion", pokemon="active")
    events = act(g, "p1", "choose", option=0)
    assert settled(events) == []
    assert g.state.phase == "main" and g.whose_turn() == "p1"
    assert g.state.sides[1].active is not None and g.state.sides[1].active.damage == 30


def test_a_choice_that_knocks_out_a_benched_pokemon_needs_no_promotion() -> None:
    g = game({"active": CROBAT}, side(active="Torchic",
                                      bench=[{"card": "Makuhita", "damage": 40}]))
    act(g, "p1", "use_power", power="Distortion", pokemon="active")
    events = act(g, "p1", "choose", option=1)  # Makuhita (bench1), 50 HP
    assert settled(events) == [
        ("knockout", {"p": "p2", "slot": 1}),
        ("prize", {"p": "p1", "n": 1}),
    ]
    assert g.state.phase == "main" and g.whose_turn() == "p1" and not g.state.sides[1].bench


# ---------------------------------------------------------------- between turns (checkup)
def test_a_tool_at_card_index_0_still_acts_between_turns() -> None:
    # The first card of the game (p1's first hand card) has index 0: a Tool made of it is a
    # Tool all the same (no Tool is -1). Lum Berry cures the Poison before it hurts.
    g = game({"hand": ["Lum Berry"], "active": {"card": "Mudkip", "conditions": ["poisoned"]}},
             {"active": "Torchic"})
    assert g.state.cards[0] == "ex1-84"
    act(g, "p1", "play_trainer", card="Lum Berry", target="active")
    act(g, "p1", "end_turn")
    mon = g.state.sides[0].active
    assert mon is not None and not mon.poisoned and mon.damage == 0 and mon.tool < 0
    # Team Aqua Belt at index 0 on a Pokémon with no Special Condition asks its question.
    g = game({"hand": ["Team Aqua Belt"], "active": "ex4-25", "deck": ["ex4-5", "Water Energy"]},
             {"active": "Torchic"})
    act(g, "p1", "play_trainer", card="Team Aqua Belt", target="active")
    act(g, "p1", "end_turn")
    assert g.state.phase == "choice" and g.whose_turn() == "p1"


def test_no_tool_means_no_tool_acts_even_when_the_last_card_is_one() -> None:
    # The last card of the game is p2's Lum Berry (index -1 from the end, as "no Tool" is
    # -1): p1's Poisoned Active, with no Tool, is still hurt by the Poison.
    g = game({"active": {"card": "Mudkip", "conditions": ["poisoned"]}},
             {"active": {"card": "Torchic", "tool": "Lum Berry"}})
    assert g.state.cards[-1] == "ex1-84"
    act(g, "p1", "end_turn")
    mon = g.state.sides[0].active
    assert mon is not None and mon.poisoned and mon.damage == 10


def test_a_belt_that_finds_nothing_goes_and_the_poison_still_hurts() -> None:
    # The Belt asks nothing (nothing in the deck evolves from Sharpedo) and is discarded; the
    # Active's Poison then acts as usual.
    g = game({"active": {"card": "ex4-5", "under": ["ex4-25"], "tool": "Team Aqua Belt",
                         "conditions": ["poisoned"]}},
             {"active": "Torchic"})
    act(g, "p1", "end_turn")
    mon = g.state.sides[0].active
    assert mon is not None and mon.tool < 0 and mon.damage == 10


def test_the_belt_of_the_player_whose_turn_ended_asks_first_for_either_seat() -> None:
    # p2's turn ends: p2's Belt asks, then (the checkup going on after the answer) p1's.
    g = game(
        {"deck": ["ex4-5", "Water Energy"], "active": {"card": "ex4-25", "tool": "Team Aqua Belt"}},
        {"deck": ["Team Magma's Houndoom", "Fire Energy"],
         "active": {"card": "ex4-35", "tool": "Team Magma Belt"}},
        current="p2",
    )
    act(g, "p2", "end_turn")
    assert g.state.phase == "choice" and g.whose_turn() == "p2"
    act(g, "p2", "choose", option=0)
    assert g.state.phase == "choice" and g.whose_turn() == "p1"
    act(g, "p1", "choose", option=0)
    assert g.state.phase == "main" and g.whose_turn() == "p1" and g.state.turn == 4


def test_plain_poison_with_another_lasting_effect_is_one_counter() -> None:
    # Smokescreen leaves a lasting effect on the Poisoned Defending Pokémon: its Poison is
    # still the plain one (1 counter), not Toxic's 2.
    g = game({"active": {"card": "ex7-59", "energy": ["Fire Energy", "Water Energy"]}},
             {"active": {"card": "ex1-14", "under": ["Wailmer"], "conditions": ["poisoned"]}})
    act(g, "p1", "attack", attack="Smokescreen")
    mon = g.state.sides[1].active
    assert mon is not None and mon.later and mon.damage == 20 + 10


# ---------------------------------------------------------------- Empty Shell (no Prize)
def test_empty_shell_gives_no_prize_in_a_special_game_unless_toxic_gas_is_active() -> None:
    shedinja = {"card": "ex8-14", "under": ["Nincada"], "damage": 40}
    muk = {"card": "ex3-96", "under": ["Grimer"], "energy": ["Grass Energy"]}
    # Muk ex on the Bench (its Toxic Gas works only while Active): Empty Shell holds.
    g = game({"active": {"card": "Mudkip", "energy": ["Water Energy"]}, "bench": [muk]},
             side(active=shedinja, bench=["Makuhita"]))
    assert g.state.special
    card = g.state.sides[1].active.stack[-1] if g.state.sides[1].active else -1
    events = act(g, "p1", "attack", attack="Pound")
    notes = [e.data for e in events if e.type == "note"]
    assert {"what": "body", "p": "p2", "card": card, "name": "Empty Shell"} in notes
    assert len(g.state.sides[0].prizes) == 6
    # Muk ex Active: every other Poké-Body is off, Shedinja gives its Prize.
    g = game({"active": muk}, side(active=shedinja, bench=["Makuhita"]))
    events = act(g, "p1", "attack", attack="Poison Breath")
    assert not [e for e in events if e.type == "note" and e.data.get("what") == "body"]
    assert len(g.state.sides[0].prizes) == 5


# ---------------------------------------------------------------- the no-log end of turn
def end_turn_both_ways(g: Game[PtcgState], coins: list[int]) -> PtcgState:
    """End the turn on a copy without a log (the simulator's path, which takes a shortcut
    when nothing happens between turns) and through the game with its log; the same state
    either way. The copy is returned."""
    quiet = g.state.clone()
    run(quiet, Action("end_turn", str(g.whose_turn()), {}), ForcedDice(list(coins)),
        record=False)
    act(g, str(g.whose_turn()), "end_turn", coins=list(coins))
    assert state_hash(quiet) == state_hash(g.state)
    return quiet


@pytest.mark.parametrize("burned", ["p1", "p2"])
def test_a_burn_between_turns_hurts_without_a_log_too(burned: str) -> None:
    mon = {"card": "Mudkip", "conditions": ["burned"]}
    g = game({"active": mon if burned == "p1" else "Mudkip"},
             {"active": {**mon, "card": "Torchic"} if burned == "p2" else "Torchic"})
    quiet = end_turn_both_ways(g, [2])  # tails: the Burn hurts
    seat = 0 if burned == "p1" else 1
    active = quiet.sides[seat].active
    assert active is not None and active.damage == 20


def test_a_belt_at_card_index_0_asks_without_a_log_too() -> None:
    g = game({"hand": ["Team Aqua Belt"], "active": "ex4-25", "deck": ["ex4-5", "Water Energy"]},
             {"active": "Torchic"})
    act(g, "p1", "play_trainer", card="Team Aqua Belt", target="active")
    quiet = end_turn_both_ways(g, [])
    assert quiet.phase == "choice" and quiet.pending is not None


def test_lasting_effects_end_with_the_turn_without_a_log_too() -> None:
    # A game holding a special card (Muk ex, benched) looks at lasting effects as a turn
    # ends: Smokescreen on p2's Active ends with p2's turn, with or without a log.
    muk = {"card": "ex3-96", "under": ["Grimer"]}
    g = game({"active": {"card": "ex7-59", "energy": ["Fire Energy", "Water Energy"]},
              "bench": [muk]},
             {"active": {"card": "ex1-14", "under": ["Wailmer"]}})
    assert g.state.special
    act(g, "p1", "attack", attack="Smokescreen")
    mon = g.state.sides[1].active
    assert mon is not None and mon.later
    quiet = end_turn_both_ways(g, [])
    mon = quiet.sides[1].active
    assert mon is not None and not mon.later


def test_a_belt_made_of_card_0_brought_in_by_the_opponent_asks_as_their_turn_ends() -> None:
    # p1's Belt (card 0) waits on a Benched Pokémon; p2's Gesture brings that Pokémon in:
    # as p2's turn ends, the Belt on p1's new Active asks p1.
    g = game({"hand": ["Team Aqua Belt"], "active": "Mudkip", "bench": ["ex4-25"],
              "deck": ["ex4-5", "Water Energy"]},
             {"active": {"card": "ex6-59", "energy": ["Fire Energy"]}})
    act(g, "p1", "play_trainer", card="Team Aqua Belt", target="bench1")
    act(g, "p1", "end_turn")
    assert g.state.phase == "main" and g.whose_turn() == "p2"
    act(g, "p2", "attack", attack="Gesture")
    while g.state.phase == "choice" and g.whose_turn() == "p2":
        act(g, "p2", "choose", option=0)  # the only Benched Pokémon
    active = g.state.sides[0].active
    assert active is not None and g.state.cards[active.stack[-1]] == "ex4-25"
    assert g.state.phase == "choice" and g.whose_turn() == "p1"


@pytest.mark.parametrize(("option", "slot"), [(0, 0), (1, 1)])
def test_damage_exactly_at_the_hp_knocks_out_while_a_stadium_is_in_play(
    option: int, slot: int
) -> None:
    # With a Stadium in play the quick check before settling asks each Pokémon's HP (a
    # Stadium may change it): damage equal to the HP is a Knock Out, Active or Benched.
    g = game({"active": CROBAT},
             side(active={"card": "Torchic", "damage": 30},
                  bench=[{"card": "Makuhita", "damage": 40}]),
             stadium={"card": "ex3-85", "owner": "p1"})
    act(g, "p1", "use_power", power="Distortion", pokemon="active")
    events = act(g, "p1", "choose", option=option)
    assert ("knockout", {"p": "p2", "slot": slot}) in settled(events)
    assert len(g.state.sides[0].prizes) == 5


def test_p2s_choice_that_knocks_out_a_benched_pokemon_of_p1_is_settled() -> None:
    # The quick check looks at both sides' Benches (p1's first): p2's pick Knocks Out p1's
    # Benched Pokémon, its damage exactly its HP.
    g = game(side(active="Torchic", bench=[{"card": "Makuhita", "damage": 40}]),
             {"active": CROBAT}, current="p2")
    act(g, "p2", "use_power", power="Distortion", pokemon="active")
    events = act(g, "p2", "choose", option=1)  # Makuhita (bench1), 50 HP
    assert settled(events) == [
        ("knockout", {"p": "p1", "slot": 1}),
        ("prize", {"p": "p2", "n": 1}),
    ]
    assert g.state.phase == "main" and g.whose_turn() == "p2" and not g.state.sides[0].bench


@pytest.mark.parametrize("stadium", [None, {"card": "ex3-85", "owner": "p2"}])
def test_an_active_returned_to_the_hand_asks_for_a_promotion_with_or_without_a_stadium(
    stadium: dict[str, Any] | None,
) -> None:
    # Mr. Briney's Compassion takes the Active back to the hand: no Knock Out, no Prize, but
    # the player has no Active and promotes one. The quick check before settling has a path
    # of its own when a Stadium is in play (it asks each Pokémon's HP): a missing Active is
    # something to settle on that path too.
    top: dict[str, Any] = {"stadium": stadium} if stadium else {}
    g = game({"hand": ["Mr. Briney's Compassion"],
              "active": {"card": "Marshtomp", "under": ["Mudkip"]}, "bench": ["Torchic"]},
             {"active": "Makuhita"}, **top)
    events = act(g, "p1", "play_trainer", card="Mr. Briney's Compassion", target="active")
    assert settled(events) == [("need_promote", {"players": ["p1"], "then": "main"})]
    assert g.state.phase == "promote" and g.whose_turn() == "p1"
    assert g.state.sides[0].active is None and len(g.state.sides[1].prizes) == 6
    act(g, "p1", "promote", target="bench1")
    assert g.state.phase == "main" and g.whose_turn() == "p1"
