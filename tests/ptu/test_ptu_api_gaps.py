"""A Trainer's Order out of turn is offered when the rules allow it (docs/rulesets/ptu.md:
an Order is a Priority (Limited) action), and only then.

Found by a black-box audit: ``legal_actions`` never offered an ``order`` out of turn, though
``check`` allowed one. Each case asks ``check`` too, so the listing and the rules agree.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from turnkeeper.core import Action, Game
from turnkeeper.rulesets import get_ruleset

WILD = Path(__file__).resolve().parents[2] / "src" / "turnkeeper" / "examples" / "ptu" / "wild.yaml"


def wild_fight() -> Game[Any]:
    """The wild example, round 1 begun: pikachu acts first, ash (its Trainer) last."""
    data = yaml.safe_load(WILD.read_text(encoding="utf-8"))
    game = Game(get_ruleset("ptu"), data["setup"], seed=data.get("seed", 0))
    game.play(Action("begin_combat", "gm"))
    assert game.whose_turn() == "pikachu"
    return game


def orders(game: Game[Any], actor: str | None = None) -> list[Action]:
    return [offer for offer in game.legal_actions(actor) if offer.kind == "order"]


def test_an_order_is_offered_out_of_turn_between_turns() -> None:
    game = wild_fight()
    offered = orders(game, "ash")
    assert [(o.actor, dict(o.params)) for o in offered] == [
        ("ash", {"what": "an Order", "target": "pikachu"})  # ash's Pokémon on the field
    ]
    assert offered[0].cost == "Standard, Priority (Limited)"
    assert dict(offered[0].cost_detail or {}) == {"standard": 1}
    assert orders(game) == offered  # everyone's listing has it too
    assert game.check(offered[0]) is None
    game.play(offered[0])
    # Priority (Limited): only the Order now; pikachu's turn goes on, ash's Standard is spent
    assert game.whose_turn() == "pikachu"
    assert game.view()["combatants"]["ash"]["budget"]["standard"] == 0


def test_no_order_once_its_standard_action_is_spent() -> None:
    game = wild_fight()
    game.play(orders(game, "ash")[0])
    assert orders(game, "ash") == []
    refusal = game.check(Action("order", "ash", {"what": "another", "target": "pikachu"}))
    assert refusal is not None and refusal.rule == "ptu.action.standard"


def test_no_order_in_the_middle_of_someone_elses_turn() -> None:
    game = wild_fight()
    shift = next(a for a in game.legal_actions("pikachu") if a.kind == "shift")
    game.play(shift)  # pikachu's turn is under way
    assert orders(game, "ash") == []
    refusal = game.check(Action("order", "ash", {"what": "an Order", "target": "pikachu"}))
    assert refusal is not None and refusal.rule == "ptu.priority.between-turns"


def test_no_order_after_the_trainer_has_acted_this_round() -> None:
    game = wild_fight()
    game.play(Action("set_speed", "gm", {"target": "ash", "speed": 99}))  # first next round
    for who in ("pikachu", "raticate", "fearow", "ash"):
        game.play(Action("end_turn", who))
    assert game.whose_turn() == "ash"
    assert orders(game, "ash") == []  # its own turn: the Order is no Priority action then
    game.play(Action("end_turn", "ash"))
    assert game.whose_turn() == "pikachu"
    assert orders(game, "ash") == []
    refusal = game.check(Action("order", "ash", {"what": "an Order", "target": "pikachu"}))
    assert refusal is not None and refusal.rule == "ptu.priority.not-acted"


def test_the_acting_combatants_listing_is_unchanged() -> None:
    game = wild_fight()
    # orders are out-of-turn candidates: the acting Pokémon's own listing has none
    assert all(offer.kind != "order" for offer in game.legal_actions("pikachu"))
