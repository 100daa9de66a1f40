"""The action economy of pte (rulesets/pte/economy.py), for mutation testing (issue 13,
docs/mutation.md): what each offer costs, as words and as data, for every kind of cost."""

from __future__ import annotations

from typing import Any

import pytest

from turnkeeper.core.game import Game
from turnkeeper.core.model import Action, BadActionError, Event
from turnkeeper.dice.source import ForcedDice
from turnkeeper.rulesets.pte import RULESET

CONFIG: dict[str, Any] = {
    "characters": {
        "ash": {"skills": {"athletics": "adept"}},
        "brock": {"skills": {"athletics": "novice"}},
    },
    # a user power taking a Full action and an Interrupt (PTE ch. 5, Action Types)
    "powers": [{"name": "Leap", "skill": "athletics", "action_type": "full_interrupt", "dc": 9}],
}


def offers(g: Game[Any], seat: str | None = None) -> dict[tuple[str, str], tuple[str, Any]]:
    """(actor, kind or power) -> (cost words, cost data) of the offers."""
    found: dict[tuple[str, str], tuple[str, Any]] = {}
    for a in g.legal_actions(seat):
        key = (str(a.actor), str(a.params.get("power", a.kind)))
        found.setdefault(key, (a.cost or "", a.cost_detail))
    return found


def test_every_kind_of_cost_is_named_and_counted() -> None:
    g = Game(RULESET, CONFIG, seed=3)
    listed = offers(g)
    # The GM's own actions take no time; opening a task takes none either.
    assert listed[("gm", "start_combat")] == ("no time (GM)", {})
    assert listed[("ash", "start_task")] == ("no time (opens the task)", {})
    assert listed[("ash", "check")] == ("Standard action, 3 s", {"standard": 1, "seconds": 3})
    # A Full action + Interrupt uses both slots.
    assert listed[("ash", "Leap")] == (
        "Full action + Interrupt, 10 s", {"full": 1, "interrupt": 1, "seconds": 10}
    )
    g.play(Action("start_combat", "gm", {"order": ["ash", "brock"]}))
    listed = offers(g)
    assert listed[("ash", "end_turn")] == ("ends the turn", {})
    assert listed[("gm", "end_turn")] == ("ends the turn", {})
    # A player's own seat asks the GM for a check: that takes no time by itself.
    assert offers(g, "brock")[("brock", "request_check")] == ("no time (asks the GM)", {})


PLAYERS: dict[str, Any] = {
    "characters": {
        "ash": {"skills": {"athletics": "adept", "charm": "novice"}},
        "brock": {"skills": {"athletics": "novice", "charm": "novice"}},
    }
}


def play(g: Game[Any], actor: str, kind: str, faces: list[int] | None = None,
         **params: Any) -> list[Event]:
    return g.play(Action(kind, actor, params), dice=None if faces is None else ForcedDice(faces))


def spent(events: list[Event]) -> dict[str, Any]:
    [event] = [e for e in events if e.type == "time_spent"]
    return dict(event.data)


def refused(g: Game[Any], actor: str, kind: str, **params: Any) -> str | None:
    refusal = g.check(Action(kind, actor, params))
    return None if refusal is None else refusal.rule


# ---------------------------------------------------------------- aid (pte.time.aid-scales)
def test_aid_joins_the_aided_action_at_its_start_until_it_ends() -> None:
    g = Game(RULESET, PLAYERS, seed=3)
    play(g, "ash", "check", skill="charm", dc=5, action_type="extended_s")  # 0 s to 900 s
    play(g, "brock", "check", skill="athletics", dc=5)  # brock is busy until 3 s
    data = spent(play(g, "brock", "check", skill="charm", dc=5, action_type="extended_s",
                      aiding="ash"))
    # The aid takes the aided action's start and length, not brock's own next free moment.
    assert (data["aiding"], data["start"], data["end"], data["seconds"]) == ("ash", 0, 900, 900)
    # Once the aided action has ended (at 900 s exactly), there is nothing left to aid.
    g = Game(RULESET, PLAYERS, seed=3)
    play(g, "ash", "check", skill="charm", dc=5, action_type="extended_s")
    play(g, "gm", "advance_time", minutes=14)
    assert refused(g, "brock", "check", skill="charm", dc=5, action_type="extended_s",
                   aiding="ash") is None
    play(g, "gm", "advance_time", minutes=1)
    assert refused(g, "brock", "check", skill="charm", dc=5, action_type="extended_s",
                   aiding="ash") == "pte.time.aid-scales"


# ---------------------------------------------------------------- Downtime packing
def test_downtime_actions_pack_into_quarters_halves_and_whole_slots() -> None:
    g = Game(RULESET, PLAYERS, seed=3)
    play(g, "gm", "start_downtime", actions=3)
    # An (S) takes the first quarter; an (L) the next aligned half of the same slot.
    assert spent(play(g, "ash", "check", skill="charm", dc=5, action_type="extended_s"))[
        "slot"] == [0, 0]
    assert spent(play(g, "ash", "check", skill="charm", dc=5, action_type="extended_l"))[
        "slot"] == [0, 2]
    # A Downtime action takes a whole slot: the next one.
    data = spent(play(g, "ash", "check", skill="charm", dc=5, action_type="downtime"))
    assert (data["units"], data["slot"]) == (4, [1, 0])
    # Half a slot left is no room for a Downtime action.
    g = Game(RULESET, PLAYERS, seed=3)
    play(g, "gm", "start_downtime", actions=2)
    play(g, "brock", "check", skill="charm", dc=5, action_type="extended_s")
    assert spent(play(g, "brock", "check", skill="charm", dc=5, action_type="downtime"))[
        "slot"] == [1, 0]


def test_a_stretched_downtime_action_takes_only_the_whole_slots_it_needs() -> None:
    g = Game(RULESET, PLAYERS, seed=3)
    play(g, "gm", "start_downtime", actions=3)
    # 4 hours taken twice over (Take X time): 8 hours, two whole slots, the first two.
    data = spent(play(g, "ash", "check", skill="charm", dc=5, action_type="downtime",
                      hours=4, time_factor=2))
    assert (data["units"], data["slot"]) == (8, [0, -2])
    # The third slot is still free.
    assert spent(play(g, "ash", "check", skill="charm", dc=5, action_type="extended_s"))[
        "slot"] == [2, 0]
    assert refused(g, "ash", "check", skill="charm", dc=5,
                   action_type="downtime") == "pte.time.packing"


# ---------------------------------------------------------------- listed rounds
@pytest.mark.parametrize("rounds", [1, 100, "10d20", "1d1", "1d20"])
def test_listed_rounds_at_their_bounds_are_allowed(rounds: int | str) -> None:
    g = Game(RULESET, PLAYERS, seed=3)
    play(g, "gm", "start_combat", order=["ash", "brock"])
    assert refused(g, "ash", "check", skill="athletics", dc=5, action_type="rounds",
                   rounds=rounds) is None


@pytest.mark.parametrize("rounds", [0, 101, "11d4", "0d4", "1d0", "1d21"])
def test_listed_rounds_past_their_bounds_are_bad_input(rounds: int | str) -> None:
    g = Game(RULESET, PLAYERS, seed=3)
    play(g, "gm", "start_combat", order=["ash", "brock"])
    with pytest.raises(BadActionError, match=r"params\.rounds"):
        g.check(Action("check", "ash", {"skill": "athletics", "dc": 5, "action_type": "rounds",
                                        "rounds": rounds}))


def test_rolled_rounds_are_logged_with_their_dice_and_never_fewer_than_one() -> None:
    g = Game(RULESET, PLAYERS, seed=3)
    play(g, "gm", "start_combat", order=["ash", "brock"])
    events = play(g, "ash", "check", [1, 1, 1, 1, 1], skill="athletics", dc=5,
                  action_type="rounds", rounds="1D4")
    [rolled] = [e for e in events if e.type == "rounds_rolled"]
    assert rolled.data == {"expression": "1d4", "faces": [1], "rounds": 1}
    data = spent(events)
    assert (data["rounds"], data["seconds"]) == (1, 10)
    # One round: no turn of ash's is taken beyond this one.
    assert g.view()["combat"]["busy"] == {}


def test_an_action_of_two_rounds_takes_the_next_turn_and_is_skipped_past() -> None:
    g = Game(RULESET, PLAYERS, seed=3)
    play(g, "gm", "start_combat", order=["ash", "brock"])
    play(g, "ash", "check", skill="athletics", dc=5, action_type="rounds", rounds=3)
    assert g.view()["combat"]["busy"] == {"ash": 2}
    events = play(g, "ash", "end_turn")
    assert [(e.type, e.data) for e in events] == [
        ("turn_ended", {"actor": "ash"}),
        ("turn_started", {"actor": "brock", "round": 1}),
    ]
    events = play(g, "brock", "end_turn")
    assert [(e.type, e.data) for e in events] == [
        ("turn_ended", {"actor": "brock"}),
        ("turn_skipped", {"actor": "ash", "round": 2, "reason": "busy"}),
        ("turn_started", {"actor": "brock", "round": 2}),
    ]
    # One busy turn left: even an Interrupt is refused until it has passed.
    assert g.view()["combat"]["busy"] == {"ash": 1}
    assert refused(g, "ash", "check", skill="athletics", dc=5,
                   action_type="interrupt") == "pte.time.listed-duration"
    play(g, "brock", "end_turn")
    assert g.view()["combat"]["busy"] == {}
    play(g, "brock", "end_turn")
    assert g.whose_turn() == "ash"


def test_a_turn_taken_early_by_a_full_interrupt_is_skipped_by_name() -> None:
    g = Game(RULESET, PLAYERS, seed=3)
    play(g, "gm", "start_combat", order=["ash", "brock"])
    play(g, "brock", "check", skill="athletics", dc=5, action_type="full_interrupt")
    events = play(g, "ash", "end_turn")
    assert [(e.type, e.data) for e in events] == [
        ("turn_ended", {"actor": "ash"}),
        ("turn_skipped", {"actor": "brock", "round": 1, "reason": "full_interrupt"}),
        ("turn_started", {"actor": "ash", "round": 2}),
    ]


def test_two_busy_combatants_are_skipped_round_after_round_until_free() -> None:
    # Both combatants are busy with actions of listed rounds: one end of turn skips past both,
    # counting down each one's own busy turns, until one of them is free.
    g = Game(RULESET, PLAYERS, seed=3)
    play(g, "gm", "start_combat", order=["ash", "brock"])
    play(g, "ash", "check", skill="athletics", dc=5, action_type="rounds", rounds=3)
    play(g, "ash", "end_turn")
    play(g, "brock", "check", skill="athletics", dc=5, action_type="rounds", rounds=2)
    events = play(g, "brock", "end_turn")
    assert [(e.type, e.data) for e in events] == [
        ("turn_ended", {"actor": "brock"}),
        ("turn_skipped", {"actor": "ash", "round": 2, "reason": "busy"}),
        ("turn_skipped", {"actor": "brock", "round": 2, "reason": "busy"}),
        ("turn_skipped", {"actor": "ash", "round": 3, "reason": "busy"}),
        ("turn_started", {"actor": "brock", "round": 3}),
    ]
    assert g.view()["combat"]["busy"] == {}
