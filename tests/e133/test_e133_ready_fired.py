"""Fired readied actions do what the same action does on its own turn; the ready offers; the
no-action and reaction times of use_feature and use_skill under one rule; the log's words for
advantage and disadvantage. Each case both ways, through the public API (Game, check,
legal_actions, view, describe_event). Rule text: rules/002 (Element 133, Action Economy):
Ready; Table: Standard Actions; Table: Move Actions; Use Skill; Use Feature; Hide; Dodge."""

from __future__ import annotations

from typing import Any

import pytest

from turnkeeper.core.game import Game
from turnkeeper.core.model import Action, Event
from turnkeeper.dice.source import ForcedDice
from turnkeeper.rulesets.e133 import RULESET as R


def game_of(*combatants: dict[str, Any], **settings: Any) -> Game[Any]:
    config: dict[str, Any] = {"combatants": list(combatants)}
    if settings:
        config["settings"] = settings
    return Game(R, config)


def trio(bard: dict[str, Any] | None = None, **aria: Any) -> Game[Any]:
    """Aria (party, count 18), the brute (foes, count 9), the bard (party, count 5)."""
    return game_of({"id": "aria", "initiative": 18, **aria},
                   {"id": "brute", "initiative": 9, "side": "foes"},
                   {"id": "bard", "initiative": 5, **(bard or {})})


def act(game: Game[Any], kind: str, actor: str = "aria", dice: list[int] | None = None,
        **params: Any) -> list[Event]:
    action = Action(kind, actor, params)
    refusal = game.check(action)
    assert refusal is None, f"{kind} {params} refused: {refusal}"
    return game.play(action, dice=ForcedDice(dice) if dice is not None else None)


def refused_rule(game: Game[Any], kind: str, actor: str = "aria", **params: Any) -> str:
    before = game.state_hash()
    refusal = game.check(Action(kind, actor, params))
    assert refusal is not None, f"{kind} {params} was allowed"
    assert game.state_hash() == before
    return refusal.rule


def end_turn(game: Game[Any], actor: str) -> None:
    act(game, "end_turn", actor)


# ---------------------------------------------------------------------------------------------
# Use Feature / Use Skill: the reaction and no-action times under one rule


def brute_provoked() -> Game[Any]:
    """The brute's ranged attack, threatened by aria and the bard, leaves a window open."""
    game = trio(bard={"features": ["lucky"]})
    end_turn(game, "aria")
    act(game, "attack", "brute", target="aria", mode="ranged", threatened_by=["aria", "bard"])
    return game


@pytest.mark.parametrize("kind", ["use_feature", "use_skill"])
def test_a_provoking_use_without_action_off_its_turn_is_refused_and_keeps_the_window(
        kind: str) -> None:
    """A no-action use off one's turn that says it provokes would replace the open window
    (the brute's pending attacks of opportunity lost): refused, named; the same use without
    provoking leaves the window standing."""
    what: dict[str, Any] = ({"feature": "lucky"} if kind == "use_feature"
                            else {"skill": "insight"})
    game = brute_provoked()
    rule = refused_rule(game, kind, "bard", action="none", provokes=True,
                        threatened_by=["brute"], **what)
    assert rule == ("e133.feature" if kind == "use_feature" else "e133.skill.other-times")
    act(game, kind, "bard", action="none", **what)
    window = game.state.window
    assert window is not None and window["provoker"] == "brute"
    assert game.check(Action("aoo", "aria", {"target": "brute"})) is None


@pytest.mark.parametrize("kind", ["use_feature", "use_skill"])
def test_a_provoking_reaction_use_is_refused_not_ignored(kind: str) -> None:
    """As a reaction (here on the bard's own turn) a skill or feature takes no action and
    cannot provoke: ``provokes: true`` is refused; a no-action use on its own turn may."""
    what: dict[str, Any] = ({"feature": "lucky"} if kind == "use_feature"
                            else {"skill": "insight"})
    game = trio(bard={"features": ["lucky"]})
    end_turn(game, "aria")
    end_turn(game, "brute")
    assert refused_rule(game, kind, "bard", action="reaction", provokes=True,
                        threatened_by=["brute"], **what) == (
        "e133.feature" if kind == "use_feature" else "e133.skill.other-times")
    events = act(game, kind, "bard", action="none", provokes=True, threatened_by=["brute"],
                 **what)
    window = events[-1].data["window"]
    assert window["provoker"] == "bard" and window["responders"] == ["brute"]


@pytest.mark.parametrize("kind", ["use_feature", "use_skill"])
def test_a_surprised_combatant_takes_no_no_action_use_before_its_first_turn(kind: str) -> None:
    """Surprise: a surprised combatant acts from its first turn; a use taking no action is
    refused before it (for a feature as for a skill), and allowed once its turn has come."""
    what: dict[str, Any] = ({"feature": "lucky"} if kind == "use_feature"
                            else {"skill": "insight"})
    game = game_of({"id": "aria", "initiative": 18},
                   {"id": "bard", "initiative": 5, "side": "foes", "surprised": True,
                    "features": ["lucky"]})
    assert refused_rule(game, kind, "bard", action="none", **what) == "e133.round.surprised"
    end_turn(game, "aria")  # the surprise round ends; round 2 starts with aria
    end_turn(game, "aria")  # the bard's first turn
    act(game, kind, "bard", action="none", **what)
    end_turn(game, "bard")
    act(game, kind, "bard", action="none", **what)  # off its turn now, no longer surprised


# ---------------------------------------------------------------------------------------------
# The log: advantage and disadvantage on attacks in plain words


def sentences(game: Game[Any], events: list[Event]) -> list[str]:
    return [R.describe_event(game.state, e) for e in events]


def duel(**brute: Any) -> Game[Any]:
    return game_of({"id": "aria", "name": "Aria", "initiative": 18, "attack_bonus": 5,
                    "stealth": 5, "ac": 15},
                   {"id": "brute", "name": "Brute", "initiative": 9, "side": "foes",
                    "attack_bonus": 4, "ac": 14, "stealth": 0, **brute})


def test_an_unseen_attackers_attack_reads_with_its_advantage() -> None:
    """Hide: the hidden attacker's attack is unseen, with advantage; the log says so and shows
    both dice and the one kept. Without hiding, the same attack says nothing of advantage."""
    game = duel()
    act(game, "hide", dice=[15], dc=10)
    lines = sentences(game, act(game, "attack", dice=[15, 3], target="brute", mode="melee"))
    assert "Aria attacks Brute: 15 + 5 = 20 vs AC 14, hit (advantage: 15 and 3, the higher " \
           "kept)" in lines
    assert "Aria: attack on Brute (mode melee), unseen, with advantage" in lines
    plain = duel()
    lines = sentences(plain, act(plain, "attack", dice=[15], target="brute", mode="melee"))
    assert "Aria attacks Brute: 15 + 5 = 20 vs AC 14, hit" in lines
    assert "Aria: attack on Brute (mode melee)" in lines
    assert not any("advantage" in line for line in lines)


def test_an_attack_on_an_unseen_or_dodging_target_reads_with_its_disadvantage() -> None:
    """Hide / Dodge: an attack on a hidden target, or on a dodger who sees the attacker, has
    disadvantage, said in words; with the attacker unseen too they cancel, said so."""
    game = duel()
    end_turn(game, "aria")
    act(game, "hide", "brute", dice=[15], dc=10)
    end_turn(game, "brute")
    lines = sentences(game, act(game, "attack", dice=[15, 3], target="brute", mode="melee"))
    assert "Aria: attack on Brute (mode melee), at an unseen target, with disadvantage" in lines
    assert any(line.endswith("(disadvantage: 15 and 3, the lower kept)") for line in lines)
    end_turn(game, "aria")
    act(game, "dodge", "brute")
    end_turn(game, "brute")
    act(game, "hide", dice=[15], dc=10)
    lines = sentences(game, act(game, "attack", dice=[15], target="brute", mode="melee"))
    assert ("Aria: attack on Brute (mode melee), unseen (advantage) and at an unseen target "
            "(disadvantage): they cancel, a plain roll") in lines


def test_the_advantage_words_are_what_every_seat_is_sent() -> None:
    """The log sentence another seat reads is written from what it was sent: the attack's
    advantage is public (a hidden combatant's attack gives it away), a readied action's
    trigger stays secret."""
    game = game_of({"id": "aria", "name": "Aria", "initiative": 18, "attack_bonus": 5,
                    "stealth": 5, "controller": "alice"},
                   {"id": "brute", "name": "Brute", "initiative": 9, "side": "foes",
                    "ac": 14, "controller": "bert"})
    act(game, "hide", dice=[15], dc=10)
    attack = Action("attack", "aria", {"target": "brute", "mode": "melee"})
    events = game.play(attack, dice=ForcedDice([15, 3]))
    _, shown = R.visible_command(game.state, attack, events, "bert")
    lines = [R.describe_event(game.state, Event.from_dict(data)) for data in shown]
    assert "Aria: attack on Brute (mode melee), unseen, with advantage" in lines
    end_turn(game, "aria")
    end_turn(game, "brute")
    ready = Action("ready", "aria", {"trigger": "the vault opens", "action": "attack",
                                     "action_params": {"target": "brute"}})
    events = game.play(ready)
    _, shown = R.visible_command(game.state, ready, events, "bert")
    lines = [R.describe_event(game.state, Event.from_dict(data)) for data in shown]
    assert lines and not any("vault" in line or "advantage" in line for line in lines)
