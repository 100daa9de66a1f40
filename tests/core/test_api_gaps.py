"""Wrong arguments to the public Game methods: a clear error naming the argument and what it
accepts, raised before anything changes (never an AttributeError from deep inside).

Found by a black-box audit: ``game.play(action, dice=[4])`` failed at the first roll with
``'list' object has no attribute 'die'``. Shown on the toy ruleset and on each shipped
ruleset's example game.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.core.toy import TOY, ToyState
from turnkeeper.core import Action, BadActionError, Game
from turnkeeper.dice.source import ForcedDice
from turnkeeper.rulesets import get_ruleset

EXAMPLES = Path(__file__).resolve().parents[2] / "src" / "turnkeeper" / "examples"
EXAMPLE_GAMES = {
    "ptcg": EXAMPLES / "ptcg" / "knock-out.yaml",
    "pte": EXAMPLES / "pte" / "expedition.yaml",
    "ptu": EXAMPLES / "ptu" / "wild.yaml",
    "e133": EXAMPLES / "e133" / "ambush.yaml",
}


def toy_game() -> Game[ToyState]:
    return Game(TOY, {"players": ["ann", "bob"]}, seed=1)


def example_game(name: str) -> Game[Any]:
    data = yaml.safe_load(EXAMPLE_GAMES[name].read_text(encoding="utf-8"))
    return Game(get_ruleset(name), data["setup"], seed=data.get("seed", 0))


def standing(game: Game[Any]) -> tuple[str, int]:
    return game.state_hash(), len(game.log)


# ---------------------------------------------------------------- play's dice
def test_a_plain_list_of_dice_is_refused_by_name_and_nothing_changes() -> None:
    game = toy_game()
    before = standing(game)
    with pytest.raises(TypeError, match=r"dice must be a DiceSource") as info:
        game.play(Action("add", "ann"), dice=[4])  # type: ignore[arg-type]
    assert "ForcedDice([4])" in str(info.value)  # says how to force those faces
    assert standing(game) == before
    assert not game.dice_forced  # the refused call forced nothing


@pytest.mark.parametrize("dice", [4, "4", {"d6": 4}, object()])
def test_any_other_wrong_dice_is_refused_by_name(dice: object) -> None:
    game = toy_game()
    before = standing(game)
    with pytest.raises(TypeError, match=r"^dice must be a DiceSource .* not "):
        game.play(Action("add", "ann"), dice=dice)  # type: ignore[arg-type]
    assert standing(game) == before


def test_forced_dice_still_play() -> None:
    game = toy_game()
    events = game.play(Action("add", "ann"), dice=ForcedDice([5]))
    assert events[0].data == {"player": "ann", "roll": 5}
    assert len(game.log) == 2 and game.dice_forced


def test_wrong_dice_for_a_new_game_are_refused_by_name() -> None:
    with pytest.raises(TypeError, match=r"^dice must be a DiceSource"):
        Game(TOY, {"players": ["ann", "bob"]}, dice=[1, 2])  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^setup_dice must be a DiceSource"):
        Game(TOY, {"players": ["ann", "bob"]}, setup_dice=(1,))  # type: ignore[arg-type]
    game = Game(TOY, {"players": ["ann", "bob"]}, setup_dice=ForcedDice([]))
    assert game.whose_turn() == "ann"


# ---------------------------------------------------------------- the new game's arguments
def test_a_ruleset_name_in_place_of_the_ruleset_says_how_to_get_it() -> None:
    with pytest.raises(TypeError, match=r"get_ruleset\('ptcg'\)"):
        Game("ptcg", {})  # type: ignore[arg-type]


def test_loading_a_save_with_a_ruleset_name_says_how_to_get_it() -> None:
    saved = toy_game().to_dict()
    with pytest.raises(TypeError, match=r"get_ruleset\('toy'\)"):
        Game.from_dict(saved, "toy")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^ruleset must be a Ruleset, not NoneType"):
        Game.from_log(None, {}, 0, [])  # type: ignore[arg-type]
    assert Game.from_dict(saved, TOY).state_hash() == toy_game().state_hash()


def test_config_and_seed_of_the_wrong_type_are_named() -> None:
    with pytest.raises(TypeError, match=r"^config must be a mapping"):
        Game(TOY, [["players", ["ann", "bob"]]])  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^seed must be an integer or a string, not float"):
        Game(TOY, {"players": ["ann", "bob"]}, seed=1.5)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^seed must be .* not bool"):
        Game(TOY, {"players": ["ann", "bob"]}, seed=True)
    assert Game(TOY, {"players": ["ann", "bob"]}, seed="a").seed == "a"


# ---------------------------------------------------------------- the action argument
@pytest.mark.parametrize(
    ("thing", "hint"),
    [
        ("add", "take one from legal_actions"),
        ({"kind": "add", "actor": "ann"}, "Action.from_dict"),
        (None, "not NoneType"),
    ],
)
def test_something_that_is_no_action_is_a_type_error_naming_action(thing: Any, hint: str) -> None:
    game = toy_game()
    before = standing(game)
    for call in (game.play, game.check, game.is_legal, game.validate):
        with pytest.raises(TypeError, match=r"^action must be an Action") as info:
            call(thing)
        assert hint in str(info.value)
    assert standing(game) == before
    # ``in`` answers the question it asks: no such thing is among the legal actions
    assert thing not in game.legal_actions()


@pytest.mark.parametrize("name", sorted(EXAMPLE_GAMES))
def test_an_action_with_fields_of_the_wrong_type_is_a_bad_action(name: str) -> None:
    game = example_game(name)
    offer = game.legal_actions().list()[0]
    before = standing(game)
    wrong = {
        "kind": Action(3, offer.actor, dict(offer.params)),  # type: ignore[arg-type]
        "actor": Action(offer.kind, 3, dict(offer.params)),  # type: ignore[arg-type]
        "params": Action(offer.kind, offer.actor, [1]),  # type: ignore[arg-type]
    }
    for field_name, action in wrong.items():
        with pytest.raises(BadActionError, match=field_name):
            game.play(action)
        assert not game.is_legal(action)
    assert standing(game) == before
    # the same action written out right is allowed
    assert game.check(Action(offer.kind, offer.actor, dict(offer.params))) is None


# ---------------------------------------------------------------- actors and seats
@pytest.mark.parametrize("name", sorted(EXAMPLE_GAMES))
def test_legal_actions_names_a_wrong_actor(name: str) -> None:
    game = example_game(name)
    actors = game.actors()
    assert actors and all(isinstance(a, str) for a in actors)
    for actor in actors:  # every actor may be asked, even one with nothing to do now
        assert game.legal_actions(actor).count() >= 0
    with pytest.raises(TypeError, match=r"^actor must be a name \(a string\) or None, not int"):
        game.legal_actions(3)  # type: ignore[arg-type]
    with pytest.raises(BadActionError, match=r"unknown actor 'zed'.*actors now: ") as info:
        game.legal_actions("zed")
    assert actors[0] in str(info.value)


def test_a_seat_asked_as_an_actor_is_told_its_actors() -> None:
    game = example_game("e133")  # seats (players) control combatants there
    state = game.state
    actors = game.actors()
    seats = {game.ruleset.controller(state, actor) for actor in actors} - set(actors)
    seat = sorted(s for s in seats if s is not None)[0]
    mine = [a for a in actors if game.ruleset.controller(state, a) == seat]
    with pytest.raises(BadActionError, match=f"{seat!r} is a seat, not an actor") as info:
        game.legal_actions(seat)
    assert all(actor in str(info.value) for actor in mine)


@pytest.mark.parametrize("name", sorted(EXAMPLE_GAMES))
def test_view_takes_a_name_or_none(name: str) -> None:
    game = example_game(name)
    with pytest.raises(TypeError, match=r"^seat must be a name \(a string\) or None, not int"):
        game.view(3)  # type: ignore[arg-type]
    # a name no player holds is a spectator, who gets a view
    assert isinstance(game.view("someone watching"), dict)
    assert isinstance(game.view(None), dict)
