"""Fired readied actions do what the same action does on its own turn; the ready offers; the
no-action and reaction times of use_feature and use_skill under one rule; the log's words for
advantage and disadvantage. Each case both ways, through the public API (Game, check,
legal_actions, view, describe_event). Rule text: rules/002 (Element 133, Action Economy):
Ready; Table: Standard Actions; Table: Move Actions; Use Skill; Use Feature; Hide; Dodge."""

from __future__ import annotations

from typing import Any

import pytest

from tests.e133.played import act, end_turn, refused_rule
from turnkeeper.core.game import Game
from turnkeeper.core.model import Action, BadActionError, Event
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








# ---------------------------------------------------------------------------------------------
# Ready: a fired readied action does what it does on its own turn


def side_by_side(**aria: Any) -> Game[Any]:
    """A placed encounter: aria at [0, 0] (count 18), the brute beside her at [1, 0] (9)."""
    return game_of({"id": "aria", "initiative": 18, "position": [0, 0], "ac": 14, **aria},
                   {"id": "brute", "initiative": 9, "side": "foes", "position": [1, 0]})


def ready(game: Game[Any], readied: str, /, **action_params: Any) -> None:
    params: dict[str, Any] = {"trigger": "the brute moves", "action": readied}
    if action_params:
        params["action_params"] = action_params
    act(game, "ready", **params)


def me(game: Game[Any], who: str = "aria") -> dict[str, Any]:
    combatant: dict[str, Any] = game.view()["combatants"][who]
    return combatant


def fired_window(game: Game[Any], actor: str = "aria") -> dict[str, Any] | None:
    events = act(game, "fire_readied", actor)
    acted = events[-1].data
    assert acted["kind"] == "fire_readied"
    window: dict[str, Any] | None = acted.get("window")
    return window


@pytest.mark.parametrize(("kind", "params", "provokes"), [
    ("drink_potion", {}, True),
    ("standard_action", {"provokes": True, "what": "pull the lever"}, True),
    ("standard_action", {"what": "pull the lever"}, False),
    ("move_action", {"provokes": True}, True),
    ("activate_item", {"item": "wand"}, False),
    ("reload", {}, False),
    ("pick_up_item", {}, True),
    ("retrieve_item", {}, True),
    ("draw_ammunition", {}, False),
])
def test_a_fired_readied_action_provokes_as_its_row_says(kind: str, params: dict[str, Any],
                                                         provokes: bool) -> None:
    """Ready; Tables: a readied potion, a generic action with ``provokes: true``, an item
    picked up or retrieved, fired beside the brute, open a window it may answer; a readied
    item activation, reload or ammunition drawn (rows that do not provoke) gives it none."""
    game = side_by_side()
    ready(game, kind, **params)
    end_turn(game, "aria")
    window = fired_window(game)
    assert window is not None and window["provoker"] == "aria"
    assert (window["responders"] == ["brute"]) is provokes
    answer = game.check(Action("aoo", "brute", {"target": "aria"}))
    assert (answer is None) is provokes, answer


def test_a_fired_readied_potion_names_who_threatens_where_nobody_is_placed() -> None:
    """Unplaced, the enemies named in fire_readied's ``threatened_by`` may answer a fired
    readied potion; without them nobody is threatened and no window opens."""
    game = trio()
    ready(game, "drink_potion")
    end_turn(game, "aria")
    act(game, "fire_readied", threatened_by=["brute"])
    assert game.check(Action("aoo", "brute", {"target": "aria"})) is None
    game = trio()
    ready(game, "drink_potion")
    end_turn(game, "aria")
    assert fired_window(game) is None
    assert game.check(Action("aoo", "brute", {"target": "aria"})) is not None


@pytest.mark.parametrize(("kind", "params"), [
    ("reload", {}), ("dodge", {}), ("attack", {"target": "brute", "mode": "melee"}),
    ("drink_potion", {})])
def test_a_fired_readied_action_provoking_nobody_keeps_the_triggers_window(
        kind: str, params: dict[str, Any]) -> None:
    """Ready; Attacks of Opportunity: fired while the trigger's window still awaits an
    answer (the brute's ranged attack, threatened by aria), a readied action that lets
    nobody answer it leaves that window standing, so aria's attack of opportunity is not
    lost; one that provokes (a potion) replaces it with its own (the state holds one
    window)."""
    game = trio()
    end_turn(game, "aria")
    end_turn(game, "brute")
    act(game, "ready", "bard", trigger="the brute shoots", action=kind,
        action_params=params or None)
    end_turn(game, "bard")
    end_turn(game, "aria")
    act(game, "attack", "brute", target="bard", mode="ranged", threatened_by=["aria"])
    act(game, "fire_readied", "bard", threatened_by=["brute"])
    window = game.state.window
    assert window is not None
    if kind == "drink_potion":
        assert window["provoker"] == "bard"
        assert game.check(Action("aoo", "brute", {"target": "bard"})) is None
    else:
        assert window["provoker"] == "brute"
        assert game.check(Action("aoo", "aria", {"target": "brute"})) is None


def test_a_fired_readied_stand_up_clears_prone_and_provokes_but_opens_no_move() -> None:
    """Stand Up: fired, a readied stand-up clears prone and provokes as standing does; it is
    the reaction, not a move action, so no move of the turn is left open to continue for
    free (standing up on its own turn leaves the rest of that move action)."""
    game = side_by_side(conditions=["prone"])
    ready(game, "stand_up")
    fired = act(game, "fire_readied")[-1].data  # the trigger comes on aria's own turn
    assert "prone" not in me(game)["conditions"]
    assert fired["window"]["responders"] == ["brute"]
    move = act(game, "move", to=[0, 1])[-1].data
    assert move["pay"] == ["move"], move  # a move action of its own
    own = side_by_side(conditions=["prone"])
    act(own, "stand_up")
    move = act(own, "move", to=[0, 1])[-1].data
    assert move["pay"] == [], move  # the rest of the stand-up's move action


def test_a_fired_readied_stand_up_is_refused_once_standing() -> None:
    """The stand-up's own guard applies when it fires: not prone any more, it is refused
    (and not offered); prone, it is offered and allowed."""
    game = side_by_side(conditions=["prone"])
    ready(game, "stand_up")
    end_turn(game, "aria")
    assert any(a.kind == "fire_readied" for a in game.legal_actions("aria").list())
    act(game, "set_condition", "gm", target="aria", condition="prone", value=False)
    assert refused_rule(game, "fire_readied") == "e133.move.stand-up"
    assert not any(a.kind == "fire_readied" for a in game.legal_actions("aria").list())


def test_a_fired_readied_shield_is_strapped_on_and_loosed_with_its_bonus() -> None:
    """Ready or Loose a Shield: a readied ready_shield straps the carried shield on (AC with
    its bonus); a readied loose_shield takes it off (AC without); neither provokes; with no
    carried shield the readied strap-on is refused when it fires."""
    game = side_by_side(shield="carried", shield_bonus=2)
    ready(game, "ready_shield")
    end_turn(game, "aria")
    window = fired_window(game)
    assert me(game)["shield"] == "worn" and me(game)["ac"] == 16
    assert window is not None and window["responders"] == []
    end_turn(game, "brute")
    ready(game, "loose_shield")
    end_turn(game, "aria")
    fired_window(game)
    assert me(game)["shield"] == "none" and me(game)["ac"] == 14
    end_turn(game, "brute")
    ready(game, "ready_shield")
    end_turn(game, "aria")
    assert refused_rule(game, "fire_readied") == "e133.shield.ready-loose"


def test_a_fired_readied_disengage_protects_the_rest_of_the_turn() -> None:
    """Disengage: fired on the readier's own turn, its movement out of the brute's reach
    provokes nothing; without it the same move provokes."""
    game = side_by_side()
    ready(game, "disengage")
    act(game, "fire_readied")
    assert me(game)["disengaged"] is True
    act(game, "move", to=[-1, 0])
    assert game.check(Action("aoo", "brute", {"target": "aria"})) is not None
    plain = side_by_side()
    ready(plain, "dodge")
    act(plain, "move", to=[-1, 0])
    assert plain.check(Action("aoo", "brute", {"target": "aria"})) is None


def test_a_fired_readied_draw_and_sheathe_change_what_is_in_hand() -> None:
    """Draw or Sheathe a Weapon: a readied draw puts the named weapon in hand (not
    provoking); a readied sheathe puts it away and provokes; a draw combined with a regular
    move cannot be a reaction (refused when it fires)."""
    game = side_by_side(weapons={"axe": {"drawn": False}})
    ready(game, "draw_weapon", weapons=["axe"])
    end_turn(game, "aria")
    window = fired_window(game)
    assert me(game)["drawn"] == ["axe"] and window is not None and window["responders"] == []
    end_turn(game, "brute")
    ready(game, "sheathe_weapon", weapon="axe")
    end_turn(game, "aria")
    window = fired_window(game)
    assert me(game)["drawn"] == [] and window is not None and window["responders"] == ["brute"]
    end_turn(game, "brute")
    ready(game, "draw_weapon", with_move=True)
    end_turn(game, "aria")
    assert refused_rule(game, "fire_readied") == "e133.weapon.draw-with-move"


def test_a_fired_readied_hide_rolls_and_a_failure_still_uses_it() -> None:
    """Hide: a readied hide with a DC rolls its Stealth check when it fires; a success
    hides, a failure does not, and either way the readied action is spent."""
    for natural, hidden in ((15, True), (2, False)):
        game = trio(stealth=3)
        ready(game, "hide", dc=12)
        end_turn(game, "aria")
        act(game, "fire_readied", dice=[natural])
        assert me(game)["hidden"] is hidden
        assert me(game)["readied"] is None
        assert refused_rule(game, "fire_readied") == "e133.ready.fire"


def test_a_fired_readied_feature_and_full_round_start_are_taken() -> None:
    """Use Feature; Start/Complete Full-Round Action: a readied feature is used (refused
    when the readier lacks it, at the ready); a readied start of a full-round action puts it
    under way (complete it next round)."""
    game = trio(features=["lucky"])
    ready(game, "use_feature", feature="lucky", provokes=True)
    end_turn(game, "aria")
    act(game, "fire_readied", threatened_by=["brute"])
    assert game.check(Action("aoo", "brute", {"target": "aria"})) is None
    end_turn(game, "brute")
    end_turn(game, "bard")
    with pytest.raises(BadActionError, match="feature"):
        game.check(Action("ready", "aria", {"trigger": "t", "action": "use_feature"}))
    game = trio()
    ready(game, "start_full_round", action="ritual")
    end_turn(game, "aria")
    act(game, "fire_readied")
    assert me(game)["full_round"] == "ritual"
    end_turn(game, "brute")
    end_turn(game, "bard")
    assert act(game, "complete_full_round")[-1].data["note"] == "ritual"


def test_fired_readied_mounts_and_vehicles_change_what_one_rides() -> None:
    """Mount/Dismount; Enter/Exit Vehicle: a readied mount puts the readier in the saddle
    (no provocation); a readied control of a frightened mount provokes; a readied dismount is
    refused when it fires on someone not mounted; a readied exit leaves the vehicle, a fast
    one (a free action while a move could still be taken) is refused as a reaction."""
    game = side_by_side()
    ready(game, "mount")
    end_turn(game, "aria")
    window = fired_window(game)
    assert me(game)["mounted"] is True and window is not None and window["responders"] == []
    end_turn(game, "brute")
    ready(game, "control_mount")
    end_turn(game, "aria")
    window = fired_window(game)
    assert window is not None and window["responders"] == ["brute"]
    other = side_by_side()
    ready(other, "dismount")
    end_turn(other, "aria")
    assert refused_rule(other, "fire_readied") == "e133.mount.mount-dismount"
    aboard = side_by_side(in_vehicle=True)
    ready(aboard, "exit_vehicle", fast=True)
    end_turn(aboard, "aria")
    assert refused_rule(aboard, "fire_readied") == "e133.vehicle.fast"
    aboard = side_by_side(in_vehicle=True)
    ready(aboard, "exit_vehicle")
    end_turn(aboard, "aria")
    fired_window(aboard)
    assert me(aboard)["in_vehicle"] is False


def test_a_readied_actions_malformed_params_are_named_when_readied() -> None:
    """Ready: what the readied params get wrong whatever happens before the trigger (a
    hotwire without its DC, drawing a weapon the readier does not carry) is malformed when
    readied, not when it fires; a guard the state may still satisfy (a shield not carried
    yet) is judged when it fires, so readying is allowed."""
    game = side_by_side(in_vehicle=True)
    with pytest.raises(BadActionError, match="dc"):
        game.check(Action("ready", "aria", {"trigger": "t", "action": "start_vehicle",
                                            "action_params": {"hotwire": True}}))
    with pytest.raises(BadActionError, match="sword"):
        game.check(Action("ready", "aria", {"trigger": "t", "action": "draw_weapon",
                                            "action_params": {"weapons": ["sword"]}}))
    act(game, "ready", trigger="t", action="start_vehicle",
        action_params={"hotwire": True, "dc": 12})
    other = side_by_side()
    act(other, "ready", trigger="t", action="ready_shield")


@pytest.mark.parametrize(("kind", "field"), [("cast", "spell"), ("use_ability", "ability"),
                                             ("dismiss", "ability")])
def test_a_readied_action_without_its_required_field_is_malformed(kind: str, field: str
                                                                 ) -> None:
    """Ready: a cast without its spell, an ability or a dismissal without its name would do
    nothing when fired: malformed when readied, naming the field; an attack readied without
    its target is still allowed (the firing names the target: test_e133_ready_target.py)."""
    game = trio()
    with pytest.raises(BadActionError, match=field):
        game.check(Action("ready", "aria", {"trigger": "t", "action": kind}))
    act(game, "ready", trigger="t", action="attack")


@pytest.mark.parametrize("kind", ["crawl", "five_foot_step", "pilot_vehicle"])
def test_movement_to_a_square_is_refused_when_readied_a_move_is_not(kind: str) -> None:
    """Ready: a crawl, a 5-foot step or piloting moves to a square the firing would have to
    name: refused when readied, named; movement up to the speed is readied as a move."""
    game = side_by_side(conditions=["prone"], in_vehicle=True)
    rule = refused_rule(game, "ready", trigger="t", action=kind)
    assert rule == "e133.ready"
    refusal = game.check(Action("ready", "aria", {"trigger": "t", "action": kind}))
    assert refusal is not None and kind in refusal.reason
    act(game, "ready", trigger="t", action="move", distance=10)


def test_a_game_master_command_is_no_readied_action() -> None:
    """A game master's command (here adding a combatant) is malformed as a readied action."""
    game = trio()
    with pytest.raises(BadActionError, match="can be readied"):
        game.check(Action("ready", "aria", {"trigger": "t", "action": "add_combatant"}))
    act(game, "ready", trigger="t", action="reload")


def fire_offers(game: Game[Any], actor: str = "aria") -> list[Action]:
    return [a for a in game.legal_actions(actor).list() if a.kind == "fire_readied"]


@pytest.mark.parametrize("own_turn", [False, True])
def test_a_readied_move_in_a_placed_encounter_is_offered_with_its_square(own_turn: bool) -> None:
    """Ready (move up to the speed); positions: firing a readied move needs the square it
    ends on, so the listing offers it with ``to`` (away from the nearest enemy as far as the
    readied distance goes, one square away, toward it), each allowed by check; never without
    ``to``, which check would refuse as incomplete."""
    game = side_by_side()
    act(game, "ready", trigger="the brute raises its club", action="move", distance=10)
    if not own_turn:
        end_turn(game, "aria")
    offers = fire_offers(game)
    squares = sorted(tuple(a.params["to"]) for a in offers)
    assert squares == [(-2, 0), (-1, 0)]  # beside the brute already: nothing toward it
    for offer in offers:
        assert game.check(Action("fire_readied", "aria", dict(offer.params))) is None
    with pytest.raises(BadActionError, match="to"):
        game.check(Action("fire_readied", "aria", {}))
    act(game, "fire_readied", to=[-2, 0])
    assert me(game)["position"] == [-2, 0]
    assert fire_offers(game) == []


def test_a_readied_move_without_positions_is_offered_as_it_is() -> None:
    """Without positions a readied move fires with its readied distance: offered without
    params, and allowed."""
    game = trio()
    act(game, "ready", trigger="t", action="move", distance=10)
    end_turn(game, "aria")
    offers = fire_offers(game)
    assert [a.params for a in offers] == [{}]
    assert game.check(offers[0]) is None


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
