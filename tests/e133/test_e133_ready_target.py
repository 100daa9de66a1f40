"""An attack readied without its target is made on the target the firing names.

Ready (rules/002, Element 133, Action Economy) lets the trigger say whom a readied attack is
meant for; when it fires, ``fire_readied``'s ``target`` names that combatant and the attack is
rolled like ``attack`` (reach, cover, odds, damage). Without it the firing is malformed,
named (nothing the engine cannot resolve is recorded in its place). The listing offers one
``fire_readied`` per target the attack can be made on, with its odds. Each case both ways,
through the public API (Game, check, play, legal_actions).
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.e133.played import act, refused_rule
from turnkeeper.core.game import Game
from turnkeeper.core.model import Action, BadActionError
from turnkeeper.rulesets.e133 import RULESET as R


def game_of(*combatants: dict[str, Any]) -> Game[Any]:
    return Game(R, {"combatants": list(combatants)})






def hp(game: Game[Any], who: str) -> int:
    value: int = game.view()["combatants"][who]["hp"]
    return value


def striker(**extra: Any) -> Game[Any]:
    """aria (+5, 1d6+1 slashing, count 18) readied an attack naming no target; the brute
    (AC 12, 10 HP, count 9) and the ogre (AC 18, 10 HP, count 7) are foes, the bard (count 5)
    her ally; it is the brute's turn."""
    game = game_of({"id": "aria", "initiative": 18, "attack_bonus": 5,
                    "damage": "1d6+1 slashing", "max_hp": 10, **extra},
                   {"id": "brute", "initiative": 9, "side": "foes", "ac": 12, "max_hp": 10},
                   {"id": "ogre", "initiative": 7, "side": "foes", "ac": 18, "max_hp": 10},
                   {"id": "bard", "initiative": 5})
    act(game, "ready", trigger="the first foe to move", action="attack")
    act(game, "end_turn")
    return game


def fire_offers(game: Game[Any], actor: str = "aria") -> dict[str, dict[str, Any] | None]:
    """The ``fire_readied`` offers of ``actor``, by their target, with their odds."""
    return {a.params.get("target", ""): (None if a.odds is None else dict(a.odds))
            for a in game.legal_actions(actor) if a.kind == "fire_readied"}


@pytest.mark.parametrize(("faces", "brute_hp"), [([15, 4], 5), ([6], 10)])
def test_the_firing_names_the_target_and_the_attack_is_made(faces: list[int],
                                                            brute_hp: int) -> None:
    """Ready: fired on the brute, the attack is rolled as one (+5 against AC 12: 15 hits for
    1d6+1 = 5, 6 misses); the ogre is not touched."""
    game = striker()
    act(game, "fire_readied", "aria", dice=faces, target="brute")
    assert game.view()["last_check"]["total"] == faces[0] + 5
    assert hp(game, "brute") == brute_hp
    assert hp(game, "ogre") == 10
    assert game.view()["combatants"]["aria"]["readied"] is None


def test_firing_without_the_target_is_malformed_naming_it() -> None:
    """Ready: an attack readied without its target cannot be made on nobody: the firing
    without ``target`` is malformed, naming the param (not recorded in its place); with it,
    it is allowed."""
    game = striker()
    with pytest.raises(BadActionError, match=r"params\.target: required"):
        game.check(Action("fire_readied", "aria", {}))
    assert game.check(Action("fire_readied", "aria", {"target": "ogre"})) is None


def test_the_fired_target_must_be_a_known_combatant_other_than_the_attacker() -> None:
    """The target the firing names is checked as an attack's: an unknown id or the attacker
    itself is malformed; a known other combatant is allowed."""
    game = striker()
    with pytest.raises(BadActionError, match="no combatant 'brut'"):
        game.check(Action("fire_readied", "aria", {"target": "brut"}))
    with pytest.raises(BadActionError, match="cannot attack itself"):
        game.check(Action("fire_readied", "aria", {"target": "aria"}))
    assert game.check(Action("fire_readied", "aria", {"target": "brute"})) is None


def test_the_fired_target_follows_the_attack_rules() -> None:
    """Hide (cover): a target behind total cover cannot be attacked when the readied attack
    fires, and it is not offered; out of cover again, it is."""
    game = striker()
    act(game, "set_cover", "gm", target="brute", cover="total")
    assert refused_rule(game, "fire_readied", target="brute") == "e133.cover"
    assert set(fire_offers(game)) == {"ogre"}
    act(game, "set_cover", "gm", target="brute", cover="none")
    assert set(fire_offers(game)) == {"brute", "ogre"}


def test_a_fired_melee_attack_reaches_only_a_target_in_reach() -> None:
    """Attacks of Opportunity (reach) with positions: the readied melee attack fires on the
    adjacent brute, not on the ogre 15 ft away; the listing offers only the brute."""
    placed = game_of({"id": "aria", "initiative": 18, "position": [0, 0]},
                     {"id": "brute", "initiative": 9, "side": "foes", "position": [1, 0]},
                     {"id": "ogre", "initiative": 7, "side": "foes", "position": [3, 0]})
    act(placed, "ready", trigger="t", action="attack", action_params={"mode": "melee"})
    act(placed, "end_turn")
    assert refused_rule(placed, "fire_readied", target="ogre") == "e133.attack.reach"
    assert set(fire_offers(placed)) == {"brute"}
    act(placed, "fire_readied", dice=[15, 3], target="brute")


def test_a_target_is_refused_when_the_readied_action_names_it_or_takes_none() -> None:
    """``target`` is only for an attack readied without one: naming another for an attack
    readied on the brute, or one for a readied dodge, is malformed; the readied attack on the
    brute fires without it."""
    game = game_of({"id": "aria", "initiative": 18},
                   {"id": "brute", "initiative": 9, "side": "foes"},
                   {"id": "bard", "initiative": 5})
    act(game, "ready", trigger="t", action="attack", action_params={"target": "brute"})
    act(game, "end_turn")
    with pytest.raises(BadActionError, match=r"names its target \(brute\) already"):
        game.check(Action("fire_readied", "aria", {"target": "brute"}))
    assert game.check(Action("fire_readied", "aria", {})) is None
    dodger = game_of({"id": "aria", "initiative": 18},
                     {"id": "brute", "initiative": 9, "side": "foes"})
    act(dodger, "ready", trigger="t", action="dodge")
    act(dodger, "end_turn")
    with pytest.raises(BadActionError, match="not a readied dodge"):
        dodger.check(Action("fire_readied", "aria", {"target": "brute"}))
    assert dodger.check(Action("fire_readied", "aria", {})) is None


def test_the_listing_offers_one_firing_per_standing_foe_with_its_odds() -> None:
    """The listing offers the readied attack once per foe still standing, with the attack's
    chance (+5 against AC 12: 7/10; against AC 18: 2/5), never without a target; a foe that
    is down is offered no more."""
    game = striker()
    offers = fire_offers(game)
    assert set(offers) == {"brute", "ogre"}
    brute, ogre = offers["brute"], offers["ogre"]
    assert brute is not None and brute["hit"] == "7/10"
    assert ogre is not None and ogre["hit"] == "2/5"
    act(game, "set_condition", "gm", target="ogre", condition="down")
    assert set(fire_offers(game)) == {"brute"}


def test_the_listing_keeps_a_single_firing_for_a_readied_attack_on_a_named_target() -> None:
    """A readied attack that names its target is offered once, without ``target``."""
    game = game_of({"id": "aria", "initiative": 18},
                   {"id": "brute", "initiative": 9, "side": "foes"},
                   {"id": "ogre", "initiative": 7, "side": "foes"})
    act(game, "ready", trigger="t", action="attack", action_params={"target": "ogre"})
    act(game, "end_turn")
    assert set(fire_offers(game)) == {""}
