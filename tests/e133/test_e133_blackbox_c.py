"""Black-box cases for rules/002 (Element 133, Action Economy), third pass: Hide's benefit
(5e's unseen attackers and targets), a shield's bonus to AC while strapped on, and the
other times of Use Skill (a reaction, no action at all). Written from the rule text (Hide;
Ready or Loose a Shield; Use Skill), reference/e133.md and READINGS.md (e133), through the
public API (Game, check, odds, legal_actions, view); each case is shown both ways."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from tests.e133.played import act, end_turn, refused_rule
from turnkeeper.core.game import Game
from turnkeeper.core.model import Action
from turnkeeper.core.ruleset import SetupError
from turnkeeper.core.schema import ruleset_schema
from turnkeeper.rulesets.e133 import RULESET as R


def new_game(settings: dict[str, Any] | None = None, brute: dict[str, Any] | None = None,
             bard: bool = False, **aria: Any) -> Game[Any]:
    """Aria (party, count 18, +5 to hit, AC 15) acts first; the brute (foes, count 9, +4 to
    hit, AC 14) next; bard (party, count 5) when asked for."""
    combatants: list[dict[str, Any]] = [
        {"id": "aria", "initiative": 18, "attack_bonus": 5, "ac": 15, "stealth": 5, **aria},
        {"id": "brute", "initiative": 9, "side": "foes", "attack_bonus": 4, "ac": 14,
         **(brute or {})},
    ]
    if bard:
        combatants.append({"id": "bard", "initiative": 5})
    config: dict[str, Any] = {"combatants": combatants}
    if settings:
        config["settings"] = settings
    return Game(R, config)








def me(game: Game[Any], who: str = "aria") -> dict[str, Any]:
    combatant: dict[str, Any] = game.view()["combatants"][who]
    return combatant


def offered_attack(game: Game[Any], actor: str, target: str, mode: str = "melee"
                   ) -> Action:
    """The attack ``legal_actions`` offers ``actor`` on ``target`` in ``mode``."""
    found = [a for a in game.legal_actions(actor).list()
             if a.kind == "attack" and a.params.get("target") == target
             and a.params.get("mode") == mode and "threatened_by" not in a.params]
    assert len(found) == 1, found
    return found[0]


def check_odds(game: Game[Any], actor: str, target: str, mode: str = "melee",
               **params: Any) -> dict[str, Any]:
    odds = R.odds(game.state, Action("attack", actor, {"target": target, "mode": mode,
                                                        **params}))
    assert odds is not None
    return dict(odds)


def d20_hit(bonus: int, ac: int, how: str = "normal") -> str:
    """P(d20 + bonus >= ac), a natural 1 missing and a natural 20 hitting, worked out here
    independently of the engine: one d20, the higher of two or the lower of two."""
    single = Fraction(min(19, max(1, 21 - (ac - bonus))), 20)
    if how == "advantage":
        chance = 1 - (1 - single) ** 2
    elif how == "disadvantage":
        chance = single ** 2
    else:
        chance = single
    return f"{chance.numerator}/{chance.denominator}"


def hide(game: Game[Any], actor: str = "aria", succeed: bool = True) -> None:
    # stealth +5 against DC 15: 10 succeeds, 9 fails
    act(game, "hide", actor, dice=[10 if succeed else 9], dc=15)
    assert me(game, actor)["hidden"] is succeed


# --- Hide: a hidden attacker has advantage ----------------------------------------------


def test_a_hidden_attacker_attacks_with_advantage_in_the_offer_and_the_check() -> None:
    """Hide: a successful hider's attack rolls have advantage (5e, Unseen Attackers)."""
    game = new_game()
    plain = offered_attack(game, "aria", "brute")
    assert plain.odds == {"hit": d20_hit(5, 14), "check": "d20+5 vs AC 14"}
    hide(game)
    offer = offered_attack(game, "aria", "brute")
    assert offer.odds == {"hit": d20_hit(5, 14, "advantage"),
                          "check": "d20+5 vs AC 14 with advantage"}
    assert check_odds(game, "aria", "brute") == offer.odds
    # two d20s, the higher kept: 3 and 18 hit AC 14
    events = act(game, "attack", dice=[3, 18], target="brute", mode="melee")
    rolled = next(e.data for e in events if e.type == "check_rolled")
    assert rolled["natural"] == 18 and rolled["success"] is True
    acted = next(e.data for e in events if e.type == "acted")
    assert acted["attack"]["unseen_attacker"] is True


def test_a_failed_hide_gives_no_advantage() -> None:
    """Hide: only a successful check hides; a failed one gives nothing."""
    game = new_game()
    hide(game, succeed=False)
    assert offered_attack(game, "aria", "brute").odds == {"hit": d20_hit(5, 14),
                                                          "check": "d20+5 vs AC 14"}
    events = act(game, "attack", dice=[3], target="brute", mode="melee")
    assert [e.data["success"] for e in events if e.type == "check_rolled"] == [False]


def test_attacking_ends_hidden_hit_or_miss() -> None:
    """Hide (5e): an attack gives the hider's place away whether it hits or misses, so its
    next attack (Extra Attack) has no advantage."""
    for faces, hit in (([2, 3], False), ([3, 18], True)):
        game = new_game(attacks=2)
        hide(game)
        events = act(game, "attack", dice=faces, target="brute", mode="melee")
        assert [e.data["success"] for e in events if e.type == "check_rolled"] == [hit]
        assert me(game)["hidden"] is False
        follow_up = [a for a in game.legal_actions("aria").list()
                     if a.kind == "attack" and a.params.get("mode") == "melee"
                     and "threatened_by" not in a.params]
        assert follow_up and all(a.odds is not None and a.odds["hit"] == d20_hit(5, 14)
                                 for a in follow_up)
        assert check_odds(game, "aria", "brute")["check"] == "d20+5 vs AC 14"


def test_without_an_attack_hidden_lasts() -> None:
    """Hide: what ends it is the attack; another action (a move) leaves it standing."""
    game = new_game()
    hide(game)
    act(game, "move", distance=10)
    assert me(game)["hidden"] is True
    assert check_odds(game, "aria", "brute")["check"].endswith("with advantage")


# --- Hide: attacks on a hidden target have disadvantage ------------------------------------


def test_attacks_on_a_hidden_target_have_disadvantage() -> None:
    """Hide (5e, Unseen Attackers and Targets): an attack roll against a hidden target has
    disadvantage; against one who is not hidden, a plain roll."""
    game = new_game()
    end_turn(game, "aria")
    assert offered_attack(game, "brute", "aria").odds == {"hit": d20_hit(4, 15),
                                                          "check": "d20+4 vs AC 15"}
    game = new_game()
    hide(game)
    end_turn(game, "aria")
    offer = offered_attack(game, "brute", "aria")
    assert offer.odds == {"hit": d20_hit(4, 15, "disadvantage"),
                          "check": "d20+4 vs AC 15 with disadvantage"}
    assert check_odds(game, "brute", "aria") == offer.odds
    # the lower of two kept: 18 and 3 miss AC 15
    events = act(game, "attack", "brute", dice=[18, 3], target="aria", mode="melee")
    assert [e.data["success"] for e in events if e.type == "check_rolled"] == [False]
    # being attacked does not end the target's hiding; only its own attack does
    assert me(game)["hidden"] is True


def test_a_hidden_attackers_attack_of_opportunity_has_advantage_and_ends_hiding() -> None:
    """Hide and Attacks of Opportunity: the hidden attacker's reaction attack is an attack
    roll like any other (advantage), and gives its place away."""
    game = new_game()
    hide(game)
    end_turn(game, "aria")
    act(game, "attack", "brute", dice=[18, 3], target="aria", mode="ranged",
        threatened_by=["aria"])
    aoo = [a for a in game.legal_actions("aria").list() if a.kind == "aoo"]
    assert len(aoo) == 1
    assert aoo[0].odds == {"hit": d20_hit(5, 14, "advantage"),
                           "check": "d20+5 vs AC 14 with advantage"}
    assert R.odds(game.state, Action("aoo", "aria", {"target": "brute"})) == aoo[0].odds
    act(game, "aoo", dice=[2, 19], target="brute")
    assert me(game)["hidden"] is False


# --- Hide: combined with the other sources, as 5e -------------------------------------------


def test_a_hidden_attacker_with_disadvantage_rolls_plainly() -> None:
    """5e: any advantage together with any disadvantage cancels to one plain d20."""
    game = new_game()
    hide(game)
    odds = check_odds(game, "aria", "brute", disadvantage=True)
    assert odds == {"hit": d20_hit(5, 14), "check": "d20+5 vs AC 14"}
    # advantage from two sources is still advantage (no double advantage)
    assert check_odds(game, "aria", "brute", advantage=True) == {
        "hit": d20_hit(5, 14, "advantage"), "check": "d20+5 vs AC 14 with advantage"}
    events = act(game, "attack", dice=[17], target="brute", mode="melee", disadvantage=True)
    assert [e.data["natural"] for e in events if e.type == "check_rolled"] == [17]


def test_a_dodger_cannot_see_a_hidden_attacker() -> None:
    """Dodge gives disadvantage only against an attacker the dodger can see; a hidden one is
    seen by nobody, so its attack keeps its advantage. A seen attacker has disadvantage."""
    game = new_game(bard=True)
    end_turn(game, "aria")
    act(game, "dodge", "brute")
    end_turn(game, "brute")
    act(game, "hide", "bard", dice=[10], dc=10)
    # bard has no set-up bonus: ask the check with explicit numbers
    hidden = R.odds(game.state, Action("attack", "bard", {"target": "brute", "mode": "melee",
                                                           "attack_bonus": 2, "ac": 14}))
    assert hidden == {"hit": d20_hit(2, 14, "advantage"),
                      "check": "d20+2 vs AC 14 with advantage"}
    game2 = new_game(bard=True)
    end_turn(game2, "aria")
    act(game2, "dodge", "brute")
    end_turn(game2, "brute")
    seen = R.odds(game2.state, Action("attack", "bard", {"target": "brute", "mode": "melee",
                                                          "attack_bonus": 2, "ac": 14}))
    assert seen == {"hit": d20_hit(2, 14, "disadvantage"),
                    "check": "d20+2 vs AC 14 with disadvantage"}


def test_hidden_on_both_sides_cancels_in_the_offer_too() -> None:
    """A hidden attacker on a hidden target: advantage and disadvantage, a plain roll; the
    offer and the check agree."""
    game = new_game(brute={"stealth": 5}, attacks=1)
    end_turn(game, "aria")
    act(game, "hide", "brute", dice=[10], dc=15)
    end_turn(game, "brute")
    hide(game)
    offer = offered_attack(game, "aria", "brute")
    assert offer.odds == {"hit": d20_hit(5, 14), "check": "d20+5 vs AC 14"}
    assert check_odds(game, "aria", "brute") == offer.odds


def test_the_fight_odds_follow_the_advantage() -> None:
    """With hit points and damage the offer's P(drop) is worked out with the advantage, the
    same as the check's."""
    game = new_game(damage="1d8+3 slashing", brute={"max_hp": 8})
    before = offered_attack(game, "aria", "brute")
    hide(game)
    offer = offered_attack(game, "aria", "brute")
    assert offer.odds is not None and before.odds is not None
    assert offer.odds == check_odds(game, "aria", "brute")
    assert Fraction(offer.odds["drop"]) > Fraction(before.odds["drop"])
    assert offer.odds["hit"] == d20_hit(5, 14, "advantage")


def test_the_setting_off_leaves_hidden_a_record() -> None:
    """Setting hide_benefits: false (tables that rule on it by hand): hidden is recorded,
    the attack rolls plainly and does not end it."""
    game = new_game(settings={"hide_benefits": False})
    hide(game)
    offer = offered_attack(game, "aria", "brute")
    assert offer.odds == {"hit": d20_hit(5, 14), "check": "d20+5 vs AC 14"}
    assert check_odds(game, "aria", "brute") == offer.odds
    act(game, "attack", dice=[17], target="brute", mode="melee")
    assert me(game)["hidden"] is True
    with pytest.raises(SetupError, match="hide_benefit"):
        new_game(settings={"hide_benefit": False})


# --- A shield's bonus to AC ------------------------------------------------------------------


def test_strapping_on_a_shield_adds_its_bonus_and_loosing_it_takes_it_away() -> None:
    """Ready or Loose a Shield: strapped on, the shield gives its bonus to AC; loosed and
    dropped, it gives nothing. The attack odds against the wearer follow."""
    game = new_game(shield="carried", shield_bonus=2, ac=14)
    assert me(game)["ac"] == 14  # carried, not strapped: no bonus
    act(game, "ready_shield")
    assert me(game)["ac"] == 16 and me(game)["shield"] == "worn"
    end_turn(game, "aria")
    offer = offered_attack(game, "brute", "aria")
    assert offer.params["ac"] == 16
    assert offer.odds == {"hit": d20_hit(4, 16), "check": "d20+4 vs AC 16"}
    assert check_odds(game, "brute", "aria") == offer.odds
    # 11 + 4 = 15 would hit AC 14; it misses AC 16
    events = act(game, "attack", "brute", dice=[11], target="aria", mode="melee")
    assert [e.data["success"] for e in events if e.type == "check_rolled"] == [False]
    end_turn(game, "brute")
    act(game, "loose_shield")
    assert me(game)["ac"] == 14 and me(game)["shield"] == "none"
    end_turn(game, "aria")
    assert offered_attack(game, "brute", "aria").odds == {"hit": d20_hit(4, 14),
                                                          "check": "d20+4 vs AC 14"}
    events = act(game, "attack", "brute", dice=[11], target="aria", mode="melee")
    assert [e.data["success"] for e in events if e.type == "check_rolled"] == [True]


def test_a_shield_worn_from_the_start_has_its_bonus() -> None:
    game = new_game(shield="worn", shield_bonus=3, ac=14)
    assert me(game)["ac"] == 17
    end_turn(game, "aria")
    assert offered_attack(game, "brute", "aria").odds == {"hit": d20_hit(4, 17),
                                                          "check": "d20+4 vs AC 17"}


def test_dropping_a_carried_shield_changes_no_ac() -> None:
    game = new_game(shield="carried", shield_bonus=2, ac=14)
    act(game, "drop_shield")
    assert me(game)["ac"] == 14
    assert refused_rule(game, "ready_shield") == "e133.shield.ready-loose"


def test_a_shield_without_a_bonus_changes_nothing() -> None:
    """No shield_bonus given (default 0): strapping it on keeps the AC, as before."""
    game = new_game(shield="carried", ac=14)
    act(game, "ready_shield")
    assert me(game)["ac"] == 14
    game = new_game(shield="worn", ac=14)
    assert me(game)["ac"] == 14


@pytest.mark.parametrize(("aria", "message"), [
    ({"shield_bonus": 2}, r"combatants\[0\] \(aria\)\.shield_bonus: .*shield is none"),
    ({"shield": "carried", "shield_bonus": 2, "ac": None},
     r"combatants\[0\] \(aria\)\.shield_bonus: .*without ac"),
    ({"shield": "carried", "shield_bonus": -1}, r"shield_bonus"),
    ({"shield": "carried", "shield_bonsu": 2}, r"shield_bonsu: unknown.*shield_bonus"),
])
def test_a_wrong_shield_bonus_is_a_setup_error_naming_it(aria: dict[str, Any],
                                                         message: str) -> None:
    if aria.get("ac", 0) is None:
        aria = {k: v for k, v in aria.items() if k != "ac"}
        combatants = [{"id": "aria", **aria}, {"id": "brute", "side": "foes"}]
    else:
        combatants = [{"id": "aria", "ac": 14, **aria}, {"id": "brute", "side": "foes"}]
    with pytest.raises(SetupError, match=message):
        Game(R, {"combatants": combatants})


def test_the_schema_declares_the_new_keys() -> None:
    document = ruleset_schema(R)
    defs = document["setup"]["$defs"]
    shield_bonus = defs["Combatant"]["properties"]["shield_bonus"]
    assert shield_bonus["minimum"] == 0 and shield_bonus["default"] == 0
    assert defs["E133Settings"]["properties"]["hide_benefits"]["default"] is True
    skill = ruleset_schema(R, "use_skill")
    params = skill["$defs"][skill["actions"]["use_skill"]["params"]["$ref"].rsplit("/", 1)[-1]]
    assert {"reaction", "none"} <= set(params["properties"]["action"]["enum"])


# --- Use Skill: as a reaction, or taking no action ---------------------------------------------


def test_a_skill_as_an_off_turn_reaction_is_charged_to_the_coming_turn() -> None:
    """Use Skill ('something else entirely') with the times Use Feature has: a reaction
    off one's turn is allowed and charged to the coming turn's slot; a second one is not."""
    game = new_game()
    end_turn(game, "aria")
    events = act(game, "use_skill", skill="perception", action="reaction", dc=12, modifier=2,
                 dice=[10])
    assert [e.data["success"] for e in events if e.type == "check_rolled"] == [True]
    assert me(game)["reaction_charged"] is True
    assert refused_rule(game, "use_skill", skill="perception", action="reaction"
                        ) == "e133.reaction.charges-next-turn"


def test_a_skill_taking_an_action_is_refused_off_ones_turn() -> None:
    game = new_game()
    end_turn(game, "aria")
    for time in ("standard", "move", "free", "bonus", "full_round"):
        assert refused_rule(game, "use_skill", skill="athletics", action=time
                            ) == "e133.round.own-turn"
    # no action at all: allowed off the turn, and it uses up nothing
    act(game, "use_skill", skill="insight", action="none")
    assert me(game)["reaction_charged"] is False and me(game)["bonus"] == 1


def test_a_skill_reaction_on_ones_own_turn_is_the_bonus_action() -> None:
    game = new_game()
    act(game, "use_skill", skill="perception", action="reaction")
    assert me(game)["bonus"] == 0
    assert refused_rule(game, "hide", dc=10) == "e133.bonus.one-per-round"


def test_an_off_turn_skill_keeps_an_open_provocation_window() -> None:
    """Reactions: a skill used off one's turn (a reaction, or no action) while another's
    provoking action waits for answers leaves that window open."""
    for time in ("reaction", "none"):
        game = new_game(bard=True)
        end_turn(game, "aria")
        act(game, "attack", "brute", dice=[2], target="aria", mode="ranged",
            threatened_by=["aria", "bard"])
        act(game, "use_skill", "bard", skill="insight", action=time)
        window = game.state.window
        assert window is not None and window["provoker"] == "brute"
        assert game.check(Action("aoo", "aria", {"target": "brute"})) is None


def test_skill_uses_without_an_action_do_not_provoke_those_with_one_do() -> None:
    """READINGS: a skill taking an action usually provokes; a reaction or a use taking no
    action takes no action, so it does not, unless the skill says so on one's own turn."""
    game = new_game()
    act(game, "use_skill", skill="medicine", threatened_by=["brute"])
    assert game.state.window is not None and game.state.window["responders"] == ["brute"]
    game = new_game()
    act(game, "use_skill", skill="insight", action="none", threatened_by=["brute"])
    window = game.state.window
    assert window is None or window["responders"] == []
    game = new_game()
    act(game, "use_skill", skill="insight", action="none", provokes=True,
        threatened_by=["brute"])
    assert game.state.window is not None and game.state.window["responders"] == ["brute"]
    game = new_game()
    act(game, "use_skill", skill="perception", action="reaction", threatened_by=["brute"])
    window = game.state.window
    assert window is None or window["responders"] == []
    assert refused_rule(game, "use_skill", skill="perception", action="reaction",
                        provokes=True, threatened_by=["brute"]) == "e133.skill.other-times"
    fresh = new_game()
    assert refused_rule(fresh, "use_skill", skill="perception", action="reaction",
                        provokes=True) == "e133.skill.other-times"


def test_a_surprised_combatant_uses_no_skill_off_its_turn() -> None:
    game = new_game(brute={"surprised": True})
    assert refused_rule(game, "use_skill", "brute", skill="insight", action="none"
                        ) == "e133.round.surprised"
    assert refused_rule(game, "use_skill", "brute", skill="insight", action="reaction"
                        ) == "e133.reaction.not-surprised"
    game = new_game()
    end_turn(game, "aria")
    end_turn(game, "brute")
    act(game, "use_skill", "brute", skill="insight", action="none")


# --- every offer against the slow reference, in the new states -------------------------------


def _same_as_planned(name: str, game: Game[Any]) -> None:
    from tests.e133.test_e133_legal_fast import fast, reference

    for actor in (None, "aria", "brute"):
        assert fast(game.state, actor) == reference(game.state, actor), (name, actor)


@pytest.mark.parametrize("settings", [None, {"hide_benefits": False}])
def test_every_offer_matches_planning_it_in_the_new_states(
        settings: dict[str, Any] | None) -> None:
    """legal_actions' fast path (prebuilt menus, cached attack offers) gives exactly what
    planning every candidate with check and odds gives, costs and odds (P(drop) included),
    in states random play does not reach (its hide has no DC): hidden attackers and targets,
    with and without Dodge, a window open for a hidden responder, a worn shield."""
    fight: dict[str, Any] = {"damage": "1d8+3 slashing", "max_hp": 9}
    game = new_game(settings, brute={**fight, "stealth": 5, "shield": "carried",
                                     "shield_bonus": 2}, attacks=2, **fight)
    _same_as_planned("nobody hidden", game)
    hide(game)
    _same_as_planned("aria hidden", game)
    end_turn(game, "aria")
    act(game, "ready_shield", "brute")
    _same_as_planned("aria hidden, brute's shield worn", game)
    act(game, "attack", "brute", dice=[2, 2], target="aria", mode="ranged",
        threatened_by=["aria"])
    _same_as_planned("a window open for hidden aria", game)
    act(game, "hide", "brute", dice=[10], dc=15)
    _same_as_planned("both hidden, a window open", game)
    end_turn(game, "brute")
    _same_as_planned("both hidden", game)
    act(game, "attack", dice=[2, 2], target="brute", mode="melee")
    _same_as_planned("aria seen again, brute hidden", game)
    end_turn(game, "aria")
    act(game, "dodge", "brute")
    end_turn(game, "brute")
    _same_as_planned("brute hidden and dodging", game)
    hide(game)
    _same_as_planned("aria hidden, brute hidden and dodging", game)


def test_an_off_turn_feature_taking_no_action_keeps_the_open_window_too() -> None:
    """Use Feature's no-action use off one's turn leaves another's open window standing (it
    used to replace it, so the threatening enemy lost its attack of opportunity); on one's
    own turn it is an action of that turn like any other."""
    game = Game(R, {"combatants": [
        {"id": "aria", "initiative": 18}, {"id": "brute", "initiative": 9, "side": "foes"},
        {"id": "bard", "initiative": 5, "features": ["lucky"]}]})
    end_turn(game, "aria")
    act(game, "attack", "brute", target="aria", mode="ranged", threatened_by=["aria", "bard"])
    act(game, "use_feature", "bard", feature="lucky", action="none")
    window = game.state.window
    assert window is not None and window["provoker"] == "brute"
    assert game.check(Action("aoo", "aria", {"target": "brute"})) is None
    end_turn(game, "brute")
    act(game, "use_feature", "bard", feature="lucky", action="none")
    window = game.state.window
    assert window is not None and window["provoker"] == "bard"


def test_a_placed_encounter_offers_the_hidden_attackers_advantage() -> None:
    """With positions the offers are planned one by one: the same advantage, and the same
    disadvantage against a hidden target."""
    game = new_game(position=[0, 0], brute={"position": [1, 0]})
    assert offered_attack(game, "aria", "brute").odds == {"hit": d20_hit(5, 14),
                                                          "check": "d20+5 vs AC 14"}
    hide(game)
    assert offered_attack(game, "aria", "brute").odds == {
        "hit": d20_hit(5, 14, "advantage"), "check": "d20+5 vs AC 14 with advantage"}
    end_turn(game, "aria")
    assert offered_attack(game, "brute", "aria").odds == {
        "hit": d20_hit(4, 15, "disadvantage"), "check": "d20+4 vs AC 15 with disadvantage"}
