"""A declared steed: the set-up's ``steed`` names the combatant a rider mounts.

Mount/Dismount a Steed (rules/002, Element 133, Action Economy, Table: Move Actions) takes a
move action; the set-up says which combatant is one's steed, the listing offers ``mount``
while that steed stands, and a misspelled or unknown steed is a set-up error. Each case both
ways, through the public API (Game, check, play, legal_actions).
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.e133.test_e133_legal_fast import fast, reference
from turnkeeper.core.game import Game
from turnkeeper.core.model import Action, BadActionError
from turnkeeper.core.ruleset import SetupError
from turnkeeper.rulesets.e133 import RULESET as R


def riders(**aria: Any) -> Game[Any]:
    """aria (count 18) whose steed is the horse (count 10, her side); the brute (count 9)."""
    return Game(R, {"combatants": [{"id": "aria", "initiative": 18, "steed": "horse", **aria},
                                   {"id": "horse", "initiative": 10},
                                   {"id": "brute", "initiative": 9, "side": "foes"}]})


def kinds(game: Game[Any], actor: str = "aria") -> dict[str, Action]:
    return {a.kind: a for a in game.legal_actions(actor)}


def play(game: Game[Any], kind: str, actor: str = "aria", **params: Any) -> None:
    action = Action(kind, actor, params)
    refusal = game.check(action)
    assert refusal is None, f"{kind} {params} refused: {refusal}"
    game.play(action)


def refused_rule(game: Game[Any], kind: str, actor: str = "aria", **params: Any) -> str:
    refusal = game.check(Action(kind, actor, params))
    assert refusal is not None, f"{kind} {params} was allowed"
    return refusal.rule


def test_a_misspelled_steed_is_a_set_up_error_naming_it() -> None:
    """The steed must be a combatant of the set-up: a misspelled id is refused, named, with
    the id it was probably meant to be; the right id is accepted."""
    with pytest.raises(SetupError, match=r"combatants\[0\] \(aria\)\.steed: no combatant "
                                         r"'hors'; did you mean horse\?"):
        riders(steed="hors")
    assert riders().view()["combatants"]["aria"]["mounted"] is False


def test_a_combatant_is_not_its_own_steed() -> None:
    with pytest.raises(SetupError, match=r"aria cannot be its own steed"):
        riders(steed="aria")
    with pytest.raises(SetupError, match=r"steed"):
        riders(steed="")


def test_a_declared_steed_is_offered_to_mount_with_a_move_action() -> None:
    """Table: Move Actions: with a declared steed the listing offers ``mount`` (a move
    action); mounted, it offers ``dismount`` and no ``mount``; without a steed no ``mount``
    is offered."""
    game = riders()
    offers = kinds(game)
    assert "mount" in offers and "dismount" not in offers
    assert offers["mount"].cost == "move action"
    play(game, "mount")
    assert game.view()["combatants"]["aria"]["mounted"] is True
    after = kinds(game)
    assert "dismount" in after and "mount" not in after
    plain = Game(R, {"combatants": [{"id": "aria", "initiative": 18},
                                    {"id": "brute", "initiative": 9, "side": "foes"}]})
    assert "mount" not in kinds(plain)


def test_a_steed_that_is_down_or_gone_carries_nobody() -> None:
    """A ruling (READINGS): a steed that is down, or has left the encounter, cannot be
    mounted, and mounting is not offered; standing again, it can."""
    game = riders()
    play(game, "set_condition", "gm", target="horse", condition="down")
    assert refused_rule(game, "mount") == "e133.mount.mount-dismount"
    assert "mount" not in kinds(game)
    play(game, "set_condition", "gm", target="horse", condition="down", value=False)
    assert "mount" in kinds(game)
    gone = riders(initiative=8)  # the horse acts first, so it can be removed on aria's turn
    play(gone, "end_turn", "horse")
    play(gone, "end_turn", "brute")
    play(gone, "remove_combatant", "gm", target="horse")
    refusal = gone.check(Action("mount", "aria", {}))
    assert refusal is not None and "no longer in the encounter" in refusal.reason
    assert "mount" not in kinds(gone)


def test_a_rider_mounted_from_the_start_dismounts_then_mounts_again() -> None:
    """mounted with a steed: riding it from the start; dismounted, it is offered to mount
    again on the next turn."""
    game = riders(mounted=True)
    assert "dismount" in kinds(game) and "mount" not in kinds(game)
    play(game, "dismount")
    play(game, "end_turn")
    play(game, "end_turn", "horse")
    play(game, "end_turn", "brute")
    assert "mount" in kinds(game)


def test_a_joining_combatant_names_a_steed_already_in_the_encounter() -> None:
    """add_combatant: the newcomer's steed must be a combatant already there (or be
    refused as malformed, named)."""
    game = riders()
    with pytest.raises(BadActionError, match=r"steed: no combatant 'hors'"):
        game.check(Action("add_combatant", "gm", {"combatant": {
            "id": "knight", "initiative": 3, "steed": "hors"}}))
    play(game, "add_combatant", "gm", combatant={"id": "knight", "initiative": 3,
                                                 "steed": "horse"})


def test_the_fast_listing_matches_planning_every_candidate_with_a_steed() -> None:
    """The listing's mount offer is what planning the candidates with check gives, with the
    steed standing, down, and the rider mounted."""
    game = riders()
    assert fast(game.state, "aria") == reference(game.state, "aria")
    play(game, "set_condition", "gm", target="horse", condition="down")
    assert fast(game.state, "aria") == reference(game.state, "aria")
    play(game, "set_condition", "gm", target="horse", condition="down", value=False)
    play(game, "mount")
    assert fast(game.state, "aria") == reference(game.state, "aria")


def test_a_steed_comes_back_from_the_snapshot_and_the_log() -> None:
    """The rider's steed is kept in its state copies and replayed from the log alike."""
    game = riders()
    play(game, "mount")
    restored = game._restored(game._copy_state())
    assert restored.fighters == game.state.fighters
    assert restored.fighters["aria"].steed == "horse"
    assert game.state_hash() == Game.from_log(R, game.config, game.seed,
                                              list(game.log)).state_hash()
