"""An attack or maneuver offer's exact odds are worked out when first read (issue 16: the
random agent reads none). An offer nobody read has worked out nothing; reading it gives the
very keys, order and fraction strings the eager odds (``RULESET.odds``) give. Run by the
compiled build and by pure Python (``TURNKEEPER_PURE=1``) alike."""

from __future__ import annotations

from typing import Any

from turnkeeper.core.game import Game
from turnkeeper.core.model import Action, OnFirstRead
from turnkeeper.rulesets.ptu import RULESET, legal
from turnkeeper.rulesets.ptu.maneuvering import MANEUVER_NAMES

STATS = {"hp": 5, "attack": 6, "defense": 5, "special_attack": 8, "special_defense": 5}
SETUP: dict[str, Any] = {
    "context": "full_contact",
    "players": [{
        "name": "ash",
        "trainer": {"id": "ash", "speed": 5, "level": 10, "stats": {"hp": 10},
                    "position": [0, 0]},
        "pokemon": [{"id": "charmander", "level": 10, "types": ["Fire"], "speed": 20,
                     "stats": STATS, "moves": ["Ember", "Scratch"], "active": True,
                     "position": [1, 0]}],
    }],
    "wild": [{"id": "oddish", "level": 10, "types": ["Grass", "Poison"], "speed": 10,
              "stats": {"hp": 5, "attack": 4, "defense": 6, "special_attack": 7,
                        "special_defense": 9},
              "moves": ["Tackle"], "position": [2, 0], "hp": 17}],
}


def started(oddish_hp: int = 17) -> Game[Any]:
    setup = {**SETUP, "wild": [{**SETUP["wild"][0], "hp": oddish_hp}]}
    game = Game(RULESET, setup, seed=1)
    game.play(Action("begin_combat", "gm"))
    return game


def fresh_offers() -> tuple[Game[Any], list[Action]]:
    """charmander's attack and maneuver offers on the adjacent oddish, built anew (the
    listing keeps offers across states and games: its caches are emptied first)."""
    game = started()
    legal._ATTACKS.clear()
    legal._LAST_BASIS.clear()  # each pair's latest bases, in front of _ATTACKS
    legal._MANEUVERS.clear()
    offers = [a for a in game.legal_actions("charmander")
              if a.kind in ("use_move", "struggle") or a.kind in MANEUVER_NAMES]
    return game, offers


def test_an_offer_nobody_read_has_worked_out_no_odds() -> None:
    _, offers = fresh_offers()
    kinds = {a.kind for a in offers}
    assert {"use_move", "struggle", "push", "trip", "dirty_trick"} <= kinds
    for offer in offers:
        assert isinstance(offer.odds, OnFirstRead), offer
        assert not offer.odds.worked_out, offer
    # The key and equality of an offer take no odds.
    assert len({a.key() for a in offers}) == len(offers) and offers[0] == offers[0]
    assert not any(isinstance(a.odds, OnFirstRead) and a.odds.worked_out for a in offers)


def test_reading_an_offers_odds_gives_the_eager_odds_exactly() -> None:
    game, offers = fresh_offers()
    for offer in offers:
        odds = offer.odds
        assert isinstance(odds, OnFirstRead)
        eager = RULESET.odds(game.state, offer)
        assert eager is not None and type(eager) is dict
        assert list(odds.items()) == list(eager.items()), offer  # keys, order and strings
        assert odds.worked_out
        eager_offer = Action.offer(offer.kind, offer.actor, offer.params, offer.cost, eager,
                                   offer.cost_detail)
        assert offer.to_dict() == eager_offer.to_dict()
        assert repr(offer) == repr(eager_offer)
        assert RULESET.score(game.state, offer) == RULESET.score(game.state, eager_offer)
    ember = next(a for a in offers if a.params.get("move") == "Ember")
    assert ember.odds is not None and "p_faint" in ember.odds and "damage=13" in ember.odds


def test_a_listing_asked_again_hands_out_the_odds_already_read() -> None:
    game, offers = fresh_offers()
    ember = next(a for a in offers if a.params.get("move") == "Ember")
    assert ember.odds is not None and ember.odds["p_hit"] == "17/20"
    again = next(a for a in game.legal_actions("charmander")
                 if a.kind == "use_move" and a.params.get("move") == "Ember")
    assert isinstance(again.odds, OnFirstRead) and again.odds.worked_out
    # Another target HP is another question: a new offer, its odds not yet worked out.
    hurt = next(a for a in started(oddish_hp=9).legal_actions("charmander")
                if a.kind == "use_move" and a.params.get("move") == "Ember")
    assert isinstance(hurt.odds, OnFirstRead) and not hurt.odds.worked_out
    assert hurt.odds["p_faint"] != ember.odds["p_faint"]
