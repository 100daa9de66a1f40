"""What each ptcg seat sees of the log and of the table (``seats.py``): its own draws and
Prizes by name, the other's as counts; no deck order; face-down set-up Pokémon; the board's
card tiles with the facts of each card shown, images and texts only from a card database."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from turnkeeper.core.game import Game
from turnkeeper.core.model import Action, Event
from turnkeeper.rulesets.ptcg.ruleset import PtcgRuleset

RULESET = PtcgRuleset()


def seen(game: Game[Any], seat: str) -> list[tuple[dict[str, Any] | None, list[dict[str, Any]]]]:
    return [
        RULESET.visible_command(game.state, c.action, c.events, seat) for c in game.log
    ]


def sentences(game: Game[Any], events: list[dict[str, Any]]) -> list[str]:
    return [RULESET.describe_event(game.state, Event(e["type"], e["data"])) for e in events]


def dealt(seed: int = 3, actions: int = 12) -> Game[Any]:
    game: Game[Any] = Game(RULESET, {"decks": ["sapphire", "ruby"]}, seed=seed)
    pick = random.Random(seed)
    for _ in range(actions):
        if game.outcome() is not None:
            break
        game.play(pick.choice(list(game.legal_actions(game.whose_turn()))))
    return game


def test_each_seat_sees_its_own_opening_hand_and_only_the_size_of_the_other() -> None:
    game = dealt()
    setup_events = game.log[0].events
    draws = [e.data for e in setup_events if e.type == "draw"]
    # the log itself records which cards each draw took (the GM's log)
    assert all(len(d["cards"]) == d["n"] for d in draws)
    for seat, other in (("p1", "p2"), ("p2", "p1")):
        _, events = seen(game, seat)[0]
        mine = [e["data"] for e in events if e["type"] == "draw" and e["data"]["p"] == seat]
        theirs = [e["data"] for e in events if e["type"] == "draw" and e["data"]["p"] == other]
        assert mine and all("cards" in d for d in mine)
        assert theirs and all("cards" not in d for d in theirs)
        assert all("order" not in e["data"] for e in events if e["type"] == "shuffle")
        begin = next(e["data"] for e in events if e["type"] == "begin")
        assert isinstance(begin["decks"][seat], list) and begin["decks"][other] == 60
        text = " | ".join(sentences(game, events))
        assert f"{seat.upper()[0]}{seat[1:]} draws 7 cards: " in text
        assert "The game begins: p1 with 60 cards, p2 with 60 cards" in text


def test_face_down_set_up_pokemon_are_hidden_from_the_other_seat_until_revealed() -> None:
    game = dealt(actions=6)
    placed = [(c.action, c.events) for c in game.log if c.action is not None
              and c.action.kind == "place_active"]
    assert placed
    found, events = placed[0]
    assert found is not None
    action = found
    owner = action.actor
    assert owner is not None
    other = "p2" if owner == "p1" else "p1"
    shown_own, own_events = RULESET.visible_command(game.state, action, events, owner)
    shown_other, other_events = RULESET.visible_command(game.state, action, events, other)
    assert shown_own is not None and shown_own["params"] == action.params
    assert shown_other is not None and shown_other["params"] == {}
    assert "card" in own_events[0]["data"] and "card" not in other_events[0]["data"]
    assert sentences(game, other_events)[0].endswith("places a card face down as the Active "
                                                     "Pokémon")


POSITION: dict[str, Any] = {
    "position": {
        "turn": 3,
        "current": "p1",
        "p1": {"active": {"card": "Torchic", "energy": ["Fire Energy"], "damage": 10,
                          "conditions": ["poisoned"]},
               "bench": ["Mudkip"], "hand": ["Potion", "Fire Energy"],
               "deck": ["Fire Energy"] * 3, "prizes": ["Fire Energy"],
               "discard": ["Grass Energy"]},
        "p2": {"active": "Treecko", "hand": ["Lum Berry"], "deck": ["Grass Energy"] * 3,
               "prizes": ["Grass Energy"]},
    }
}


def test_the_board_shows_own_hand_as_cards_the_others_as_a_count_and_tiles_in_play() -> None:
    game: Game[Any] = Game(RULESET, POSITION, seed=1)
    p1 = RULESET.board(game.state, "p1")
    assert p1["seat"] == "p1" and p1["pending"] is None and p1["promote"] == []
    mine, theirs = p1["sides"]["p1"], p1["sides"]["p2"]
    assert [p1["cards"][c]["name"] for c in mine["hand"]] == ["Potion", "Fire Energy"]
    assert theirs["hand"] is None and theirs["hand_count"] == 1
    assert "Lum Berry" not in json.dumps(p1)
    active = mine["active"]
    assert active["slot"] == "active" and active["hp"] == 40 and active["counters"] == 1
    assert active["conditions"] == ["poisoned"]
    assert [p1["cards"][c]["name"] for c in active["energy"]] == ["Fire Energy"]
    assert mine["bench"][0]["slot"] == "bench1"
    assert [p1["cards"][c]["name"] for c in mine["discard"]] == ["Grass Energy"]
    assert mine["prize_count"] == 1 and mine["deck_count"] == 3
    torchic = p1["cards"][active["card"]]
    assert torchic["hp"] == 40 and torchic["types"] == ["Fire"]
    assert torchic["attacks"][0] == {"name": "Peck", "cost": ["Colorless"], "damage": "10"}
    assert "images" not in torchic and "texts" not in torchic  # the bundled data: facts only
    # the other seat, a spectator and the game master
    p2 = RULESET.board(game.state, "p2")
    assert p2["sides"]["p1"]["hand"] is None and "Potion" not in json.dumps(p2)
    spectator = RULESET.board(game.state, "*spectator*")
    assert spectator["seat"] is None
    assert all(side["hand"] is None for side in spectator["sides"].values())
    gm = RULESET.board(game.state, None)
    assert gm["sides"]["p2"]["hand"] is not None and "Lum Berry" in json.dumps(gm)


def test_a_card_database_adds_image_urls_and_printed_texts_at_run_time(tmp_path: Path) -> None:
    folder = tmp_path / "db" / "cards"
    folder.mkdir(parents=True)
    torchic = {
        "id": "ex1-73", "name": "Torchic", "supertype": "Pokémon", "subtypes": ["Basic"],
        "hp": "40", "types": ["Fire"], "number": "73",
        "attacks": [{"name": "Peck", "cost": ["Colorless"], "damage": "10", "text": ""},
                    {"name": "Fireworks", "cost": ["Fire", "Colorless"], "damage": "30",
                     "text": "TEXT-FROM-THE-DATABASE"}],
        "images": {"small": "https://images.example/ex1/73.png",
                   "large": "javascript:alert(1)"},
    }
    (folder / "ex1.json").write_text(json.dumps([torchic]), encoding="utf-8")
    config = {**POSITION, "card_db": str(tmp_path / "db")}
    game: Game[Any] = Game(RULESET, config, seed=1)
    facts = RULESET.board(game.state, "p1")["cards"]["ex1-73"]
    # only web addresses are passed on; the text is the database's, read when asked
    assert facts["images"] == {"small": "https://images.example/ex1/73.png"}
    assert facts["texts"] == {"Fireworks": "TEXT-FROM-THE-DATABASE"}


def test_a_card_searched_into_the_hand_is_named_to_its_owner_only() -> None:
    game: Game[Any] = Game(RULESET, POSITION, seed=1)
    deck_to_hand = Event("move", {"p": "p1", "card": 5, "src": "deck", "dst": "hand"})
    to_discard = Event("move", {"p": "p1", "card": 5, "src": "hand", "dst": "discard"})
    action = Action(kind="play_trainer", actor="p1", params={"card": "Potion"})
    for seat, named in (("p1", True), ("p2", False), ("*spectator*", False)):
        _, events = RULESET.visible_command(game.state, action, [deck_to_hand, to_discard], seat)
        assert ("card" in events[0]["data"]) == named
        assert events[1]["data"]["card"] == 5  # a discard is public


def test_a_hand_shown_to_the_player_who_looks_is_kept_from_spectators() -> None:
    game: Game[Any] = Game(RULESET, POSITION, seed=1)
    shown = Event("note", {"what": "hand", "p": "p2", "cards": [7]})
    action = Action(kind="play_trainer", actor="p1", params={"card": "Potion"})
    for seat, named in (("p1", True), ("p2", True), ("*spectator*", False)):
        _, events = RULESET.visible_command(game.state, action, [shown], seat)
        assert ("cards" in events[0]["data"]) == named
