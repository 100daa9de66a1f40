"""The HP numbers of a hit (``damage_dealt``) and of an HP loss (``hp_lost``) reach only the
seat that owns the combatant: another seat and a spectator get them as null, as the view
hides that combatant's HP (``views.HIDDEN_HP_FIELDS``)."""

from __future__ import annotations

from typing import Any

from turnkeeper.core.game import Game
from turnkeeper.core.model import Action, Event
from turnkeeper.dice.source import ForcedDice
from turnkeeper.rulesets.ptu import RULESET
from turnkeeper.rulesets.ptu.views import HIDDEN_HP_FIELDS

STATS = {"hp": 5, "attack": 6, "defense": 5, "special_attack": 8, "special_defense": 5}
SETUP: dict[str, Any] = {
    "context": "full_contact",
    "players": [
        {"name": "ash", "side": "heroes",
         "trainer": {"id": "ash", "speed": 5, "level": 10, "position": [0, 0]},
         "pokemon": [{"id": "charmander", "level": 10, "types": ["Fire"], "speed": 20,
                      "stats": STATS, "moves": ["Scratch"], "active": True,
                      "position": [1, 0]}]},
        {"name": "misty", "side": "rivals",
         "trainer": {"id": "misty", "speed": 4, "level": 10, "position": [3, 0]},
         "pokemon": [{"id": "staryu", "level": 10, "types": ["Water"], "speed": 12,
                      "stats": STATS, "moves": ["Tackle"], "active": True,
                      "position": [2, 0]}]},
    ],
}
SEATS_OF = {"charmander": "ash", "staryu": "misty"}


def started() -> Game[Any]:
    game = Game(RULESET, SETUP, seed=1)
    game.play(Action("begin_combat", "gm"))
    return game


def shown_data(game: Game[Any], action: Action, events: list[Event], seat: str,
               event_type: str) -> dict[str, Any]:
    _, shown = RULESET.visible_command(game.state, action, events, seat)
    return next(e["data"] for e in shown if e["type"] == event_type)


def assert_only_the_owner_sees(game: Game[Any], action: Action, events: list[Event],
                               event_type: str, target: str) -> None:
    raw = next(e.data for e in events if e.type == event_type)
    hidden = HIDDEN_HP_FIELDS[event_type]
    # The numbers are there to hide (a real loss, not nulls already).
    assert raw["target"] == target and raw["hp_before"] > raw["hp_after"]
    assert all(raw[key] is not None for key in hidden if key != "massive")
    owner = SEATS_OF[target]
    assert shown_data(game, action, events, owner, event_type) == dict(raw)
    for seat in ({"ash", "misty"} - {owner}) | {"*spectator*"}:
        seen = shown_data(game, action, events, seat, event_type)
        assert {key: seen[key] for key in hidden} == dict.fromkeys(hidden, None), seat
        assert seen["fainted"] == raw["fainted"]  # fainting stays public
        assert seen["injuries_gained"] == raw["injuries_gained"]
        sentence = RULESET.describe_event(game.state, Event(event_type, seen))
        for number in (raw["hp_before"], raw["hp_after"]):
            assert str(number) not in sentence, (seat, sentence)


def test_a_hits_damage_faces_and_hp_reach_only_the_targets_owner() -> None:
    game = started()
    game.play(Action("use_move", "charmander", {"move": "Scratch", "target": "staryu"}),
              dice=ForcedDice([15]))
    # Misty might interrupt the pending hit; ending the turn settles it (damage rolled now).
    end = Action("end_turn", "charmander", {})
    events = game.play(end, dice=ForcedDice([6]))
    dealt = next(e.data for e in events if e.type == "damage_dealt")
    assert dealt["faces"] and dealt["roll_total"] is not None and dealt["damage"] > 0
    assert_only_the_owner_sees(game, end, events, "damage_dealt", "staryu")
    # The attacker's own seat learns no more than anyone else of the other seat's HP.
    seen = shown_data(game, end, events, "ash", "damage_dealt")
    assert seen["faces"] is None and seen["roll_total"] is None and seen["damage"] is None


def test_an_hp_loss_reaches_only_the_losers_owner() -> None:
    game = started()
    game.play(Action("set_status", "gm", {"target": "charmander", "status": "poisoned"}))
    scratch = Action("use_move", "charmander", {"move": "Scratch", "target": "staryu"})
    events = game.play(scratch, dice=ForcedDice([15, 6]))
    lost = next(e.data for e in events if e.type == "hp_lost")
    assert lost["amount"] > 0
    assert_only_the_owner_sees(game, scratch, events, "hp_lost", "charmander")
    sentence = RULESET.describe_event(
        game.state, Event("hp_lost", shown_data(game, scratch, events, "misty", "hp_lost")))
    assert str(lost["amount"]) not in sentence and "loses" in sentence


def test_an_attack_offers_faint_odds_reach_only_the_seat_that_sees_the_targets_hp() -> None:
    """``visible_offer``: P(this attack faints the target) is worked out from the target's HP
    left, which only its owner's seat (and the GM) see; the other odds stay for everyone."""
    game = started()
    offer = next(a for a in game.legal_actions("charmander")
                 if a.kind == "use_move" and a.params["target"] == "staryu")
    assert offer.odds is not None and "p_faint" in offer.odds
    rest = {k: v for k, v in offer.odds.items() if k != "p_faint"}
    assert "p_hit" in rest and any(k.startswith("damage=") for k in rest)
    for seat, sees in (("misty", True), ("ash", False), ("*spectator*", False)):
        shown = RULESET.visible_offer(game.state, offer, seat)
        assert shown.odds is not None
        assert ("p_faint" in shown.odds) is sees, seat
        assert {k: v for k, v in shown.odds.items() if k != "p_faint"} == rest
        assert shown == offer and shown.cost_detail == offer.cost_detail
    assert offer.odds is not None and "p_faint" in offer.odds  # the listing's offer unchanged
