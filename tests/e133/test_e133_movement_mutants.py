"""Outcomes of e133's movement (rulesets/e133/movement.py) that only a mutation run showed
untested (issue 13, docs/mutation.md)."""

from __future__ import annotations

from turnkeeper.core.game import Game
from turnkeeper.core.model import Action
from turnkeeper.rulesets import get_ruleset

R = get_ruleset("e133")
PLACED = {
    "combatants": [
        {"id": "aria", "initiative": 18, "speed": 30, "position": [0, 0]},
        {"id": "brute", "initiative": 9, "side": "foes", "speed": 30, "position": [1, 0]},
    ]
}


def test_a_crawl_in_a_placed_encounter_goes_to_an_adjacent_square_only() -> None:
    # Crawling is 5 feet (Movement: crawling): the square is measured from where aria lies.
    game = Game(R, PLACED)
    refusal = game.check(Action("crawl", "aria", {"to": [0, 2]}))
    assert refusal is not None and refusal.rule == "e133.move.crawl"
    game.play(Action("crawl", "aria", {"to": [0, 1]}))
    aria = game.view(None)["combatants"]["aria"]
    assert aria["position"] == [0, 1] and aria["moved"] == 5
    # brute threatened every point of the crawl: it may answer.
    assert game.view(None)["window"]["responders"] == ["brute"]
