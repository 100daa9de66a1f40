"""Issue 12 for e133, the parts a scenario cannot state: the odds shown before rolling."""

from __future__ import annotations

from typing import Any

from turnkeeper.core.game import Game
from turnkeeper.core.model import Action
from turnkeeper.rulesets.e133 import RULESET


def encounter() -> dict[str, Any]:
    return {"combatants": [
        {"id": "aria", "initiative": 20, "attack_bonus": 5, "ac": 14, "dex_ac": 3},
        {"id": "brute", "initiative": 10, "side": "foes", "attack_bonus": 4, "ac": 15},
    ]}


def attack_odds(game: Game[Any], actor: str, **params: Any) -> dict[str, str] | None:
    return RULESET.odds(game.state, Action("attack", actor, params))


def test_advantage_and_disadvantage_are_in_the_odds_and_cancel() -> None:
    game = Game(RULESET, encounter())
    plain = attack_odds(game, "aria", target="brute")
    assert plain == {"hit": "11/20", "check": "d20+5 vs AC 15"}
    advantage = attack_odds(game, "aria", target="brute", advantage=True)
    assert advantage == {"hit": "319/400", "check": "d20+5 vs AC 15 with advantage"}
    worse = attack_odds(game, "aria", target="brute", disadvantage=True)
    assert worse == {"hit": "121/400", "check": "d20+5 vs AC 15 with disadvantage"}
    both = attack_odds(game, "aria", target="brute", advantage=True, disadvantage=True)
    assert both == plain


def test_a_dodgers_disadvantage_cancels_with_the_attackers_advantage() -> None:
    game = Game(RULESET, encounter())
    game.play(Action("end_turn", "aria"))
    game.play(Action("dodge", "brute"))
    game.play(Action("end_turn", "brute"))
    dodged = attack_odds(game, "aria", target="brute")
    assert dodged is not None and dodged["check"].endswith("with disadvantage")
    assert attack_odds(game, "aria", target="brute", advantage=True) == {
        "hit": "11/20", "check": "d20+5 vs AC 15"}


def test_the_offered_attack_on_a_withdrawing_target_has_the_odds_of_the_lower_ac() -> None:
    game = Game(RULESET, encounter())
    game.play(Action("withdraw", "aria", {"distance": 60}))
    game.play(Action("end_turn", "aria"))
    offers = [a for a in game.legal_actions("brute") if a.kind == "attack"
              and a.params.get("mode") == "melee"]
    assert offers and offers[0].odds == {"hit": "7/10", "check": "d20+4 vs AC 11"}
    # the offer rolls what it shows
    assert RULESET.odds(game.state, offers[0]) == offers[0].odds
