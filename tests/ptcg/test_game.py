"""The ptcg ruleset as a whole: set-up, hidden information, bad input, undo and replay."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.properties import assert_same_log, random_play
from tests.ptcg.board import act, check_invariants, game, view
from turnkeeper.core.game import Game, state_hash
from turnkeeper.core.model import Action, BadActionError, IllegalActionError
from turnkeeper.core.ruleset import SetupError
from turnkeeper.rulesets.ptcg import RULESET
from turnkeeper.rulesets.ptcg.state import PtcgState

DECKS: dict[str, Any] = {"decks": ["sapphire", "ruby"]}


def dealt(seed: int = 1) -> Game[PtcgState]:
    return Game(RULESET, DECKS, seed=seed)


def test_deal_gives_seven_cards_six_prizes_and_keeps_sixty_each() -> None:
    g = dealt()
    v = view(g)
    for seat in ("p1", "p2"):
        p = v["players"][seat]
        assert p["prize_count"] == 6
        assert p["hand_count"] >= 7
        assert p["hand_count"] + p["deck_count"] + p["prize_count"] == 60
    assert v["phase"] == "first"
    check_invariants(g.state)


def test_setup_is_a_pure_function_of_the_seed() -> None:
    assert dealt(5).state_hash() == dealt(5).state_hash()
    assert dealt(5).state_hash() != dealt(6).state_hash()


def test_mulligan_gives_the_opponent_extra_cards_as_a_setting() -> None:
    config = {
        "decks": {
            "p1": [{"card": "Mudkip", "count": 4}, {"card": "Water Energy", "count": 56}],
            "p2": "ruby",
        }
    }
    for seed in range(30):
        g = Game(RULESET, config, seed=seed)
        mulligans = g.state.sides[0].mulligans
        if mulligans:
            assert len(g.state.sides[1].hand) == 7 + mulligans
            off = Game(RULESET, {**config, "settings": {"mulligan_draw": 0}}, seed=seed)
            assert len(off.state.sides[1].hand) == 7
            return
    pytest.fail("no seed in 0..29 dealt a mulligan")


def test_player_view_hides_the_other_hand_decks_and_prizes() -> None:
    g = dealt()
    mine = RULESET.view(g.state, "p1")
    full = RULESET.view(g.state, None)
    assert "hand" in mine["players"]["p1"] and "hand" not in mine["players"]["p2"]
    for seat in ("p1", "p2"):
        assert "deck" not in mine["players"][seat] and "prizes" not in mine["players"][seat]
        assert mine["players"][seat]["deck_count"] == full["players"][seat]["deck_count"]
    assert len(full["players"]["p2"]["prizes"]) == 6


def test_setup_placements_stay_face_down_until_the_reveal() -> None:
    g = dealt()
    winner = g.whose_turn()
    assert winner is not None
    g.play(Action("choose_first", winner, {"first": winner}))
    basics = [a for a in g.legal_actions(winner) if a.kind == "place_active"]
    g.play(basics[0])
    other = "p2" if winner == "p1" else "p1"
    seen = RULESET.view(g.state, other)["players"][winner]
    assert seen["active"] is None and seen["face_down"] == 1
    assert RULESET.view(g.state, winner)["players"][winner]["active"] is not None


def test_pending_choice_options_are_only_shown_to_the_chooser() -> None:
    g = game(
        {"hand": ["PokéNav"], "active": "Mudkip", "deck": ["Treecko", "Potion", "Potion"]},
        {"active": "Torchic"},
    )
    act(g, "p1", "play_trainer", card="PokéNav")
    assert "options" in RULESET.view(g.state, "p1")["pending"]
    assert "options" not in RULESET.view(g.state, "p2")["pending"]


@pytest.mark.parametrize(
    ("config", "field"),
    [
        ({"decks": ["sapphire"]}, "decks"),
        ({"decks": ["sapphire", "emerald"]}, "decks.p2"),
        ({"decks": ["sapphire", [{"card": "Mudkip", "count": 60}]]}, "decks.p2"),
        ({"decks": ["sapphire", [{"card": "Water Energy", "count": 60}]]}, "no Basic"),
        ({"decks": ["sapphire", "ruby"], "settings": {"first_turn_draw": 1}}, "first_turn_draw"),
        ({"decks": ["sapphire", "ruby"], "settings": {"era": "ex"}}, "settings.era"),
        ({"decks": ["sapphire", "ruby"], "colour": "red"}, "colour"),
        ({"decks": ["sapphire", "ruby"], "card_db": "/nonexistent/cards"}, "card_db"),
        (
            {"position": {"p1": {"active": "Marshtomp"}, "p2": {"active": "Mudkip"}}},
            "position.p1.active",
        ),
        (
            {
                "position": {
                    "p1": {"active": "Mudkip", "hand": ["Pikachu Plush"]},
                    "p2": {"active": "Mudkip"},
                }
            },
            "position.p1.hand[0]",
        ),
    ],
)
def test_bad_config_names_the_field(config: dict[str, Any], field: str) -> None:
    with pytest.raises(SetupError, match=field.replace("[", r"\[")):
        Game(RULESET, config)


def test_refused_and_malformed_actions_change_nothing() -> None:
    g = game({"hand": ["Water Energy"], "active": "Mudkip"}, {"active": "Torchic"})
    before = g.state_hash()
    with pytest.raises(IllegalActionError) as info:
        g.play(Action("attach", "p2", {"card": "Fire Energy", "target": "active"}))
    assert info.value.refusal.rule == "ptcg.turn.order"
    for params in ({}, {"card": 3, "target": "active"}, {"card": "Water Energy", "target": 0}):
        with pytest.raises(BadActionError):
            g.play(Action("attach", "p1", params))
    with pytest.raises(BadActionError):
        g.play(Action("teleport", "p1", {}))
    assert g.state_hash() == before


def test_resolve_does_not_change_the_state() -> None:
    g = game(
        {"hand": ["Water Energy"], "active": {"card": "Mudkip", "energy": ["Water Energy"]}},
        {"active": "Torchic"},
    )
    before = state_hash(g.state)
    from turnkeeper.dice.source import SeededDice

    RULESET.resolve(g.state, Action("attack", "p1", {"attack": "Pound"}), SeededDice(1))
    assert state_hash(g.state) == before


def test_legal_actions_all_pass_check_in_many_positions() -> None:
    rng = random.Random(7)
    for seed in range(8):
        g = dealt(seed)
        for _ in range(120):
            if g.outcome() is not None:
                break
            actions = list(g.legal_actions())
            assert actions, "a live game always offers something"
            for action in actions:
                assert g.check(action) is None, action
            g.play(rng.choice(actions))


@pytest.mark.parametrize("seed", range(4))
def test_random_play_undo_replay_and_save_load_are_exact(seed: int) -> None:
    def invariant(g: Game[Any]) -> None:
        check_invariants(g.state)

    g = random_play(
        lambda: dealt(seed), random.Random(seed), 400, invariant=invariant, check_undo_every=5
    )
    assert g.outcome() is not None


def _candidates(s: PtcgState, seat: str) -> list[Action]:
    """A superset of the turn's actions: every hand card in every way, every target."""
    i = 0 if seat == "p1" else 1
    side = s.sides[i]
    targets = ["active"] + [f"bench{n}" for n in range(1, 6)]
    found = [Action("end_turn", seat, {})]
    for cid in sorted({s.cards[c] for c in side.hand}):
        found.append(Action("bench", seat, {"card": cid}))
        found.append(Action("play_trainer", seat, {"card": cid}))
        for t in targets:
            for kind in ("attach", "evolve", "play_trainer"):
                found.append(Action(kind, seat, {"card": cid, "target": t}))
    for t in targets[1:]:
        found.append(Action("retreat", seat, {"target": t}))
    for slot, mon in side.in_play():
        for power in s.top(mon).powers:
            name = "active" if slot == 0 else f"bench{slot}"
            found.append(Action("use_power", seat, {"pokemon": name, "power": power.name}))
    return found


def test_legal_actions_are_exactly_the_allowed_ones() -> None:
    """legal_actions and check agree both ways on every turn action of many positions."""
    rng = random.Random(11)
    compared = 0
    for seed in range(6):
        g = dealt(seed)
        while g.outcome() is None:
            seat = g.whose_turn()
            assert seat is not None
            legal = list(g.legal_actions())
            if g.state.phase == "main":
                allowed = set()
                for action in _candidates(g.state, seat):
                    try:
                        if g.check(action) is None:
                            allowed.add(action)
                    except BadActionError:
                        continue
                offered = {a for a in legal if a.kind not in ("attack",)}
                # A Trainer without a target is offered when it needs none; the candidate
                # list tries both forms, and check accepts extra keys it does not read.
                offered_keys = {
                    (a.kind, a.params.get("card"), a.params.get("target"), a.params.get("pokemon"))
                    for a in offered
                }
                allowed_keys = {
                    (a.kind, a.params.get("card"), a.params.get("target"), a.params.get("pokemon"))
                    for a in allowed
                }
                trainers_without_target = {
                    k
                    for k in allowed_keys
                    if k[0] == "play_trainer"
                    and k[2] is not None
                    and (k[0], k[1], None, None) in offered_keys
                }
                assert offered_keys <= allowed_keys
                assert allowed_keys - trainers_without_target <= offered_keys
                compared += 1
            g.play(rng.choice(legal))
    assert compared > 100


def test_random_garbage_actions_never_crash_or_corrupt() -> None:
    """Malformed or odd actions are refused or rejected cleanly; allowed ones play."""
    from turnkeeper.rulesets.ptcg.engine import ALL_KINDS

    rng = random.Random(3)
    values: list[Any] = [
        None,
        0,
        -1,
        7,
        True,
        "",
        "active",
        "bench1",
        "bench5",
        "bench9",
        "Mudkip",
        "Water Energy",
        "ex1-91",
        "Potion",
        "Pound",
        "Water Call",
        [],
        ["Water Energy"],
        {"x": 1},
        "p1",
        "p2",
        2,
    ]
    keys = ["card", "target", "attack", "power", "pokemon", "option", "first", "discard"]
    for seed in range(3):
        g = dealt(seed)
        for step in range(150):
            if g.outcome() is not None:
                break
            if step % 3 == 0:
                g.play(rng.choice(list(g.legal_actions())))
                continue
            params = {k: rng.choice(values) for k in rng.sample(keys, rng.randint(0, 3))}
            action = Action(rng.choice(sorted(ALL_KINDS)), rng.choice(["p1", "p2", "p3"]), params)
            before = g.state_hash()
            try:
                refusal = g.check(action)
            except BadActionError:
                assert g.state_hash() == before
                continue
            if refusal is not None:
                assert refusal.rule in RULESET.rules
                assert g.state_hash() == before
            else:
                g.play(action)


def test_a_position_game_with_a_pending_choice_saves_loads_and_undoes() -> None:
    g = game(
        {
            "hand": ["PokéNav", "Water Energy"],
            "active": "Mudkip",
            "deck": ["Treecko", "Potion", "Grass Energy", "Water Energy"],
        },
        {"active": "Torchic"},
    )
    act(g, "p1", "attach", card="Water Energy", target="active")
    act(g, "p1", "play_trainer", card="PokéNav")
    loaded = Game.from_dict(g.to_dict(), RULESET)
    assert_same_log(loaded, g)  # every command's action and events, not only the hash
    assert loaded.whose_turn() == "p1" and view(loaded)["phase"] == "choice"
    before = g.state_hash()
    act(g, "p1", "choose", option=0)
    g.undo()
    assert g.state_hash() == before
    g.undo()
    assert view(g)["players"]["p1"]["hand"] == ["PokéNav"]
