"""The out-of-turn listing asks a window's own rule as a yes or no before it makes an
Intercept or an Attack of Opportunity (``economy.window_fault``, ``economy.aoo_window_fault``,
the halves of ``check_trigger`` and ``check_aoo_timing``): an answer is offered exactly when
that rule lets it through, what is left out is refused by ``check``, and the refusal built
from a fault names the rule the fault stands for."""

from __future__ import annotations

from tests.ptu.played import duel_config, played_states
from turnkeeper.core.game import Game
from turnkeeper.core.model import Action
from turnkeeper.rulesets.ptu import economy, legal
from turnkeeper.rulesets.ptu.check import check
from turnkeeper.rulesets.ptu.field import able
from turnkeeper.rulesets.ptu.ruleset import PtuRuleset
from turnkeeper.rulesets.ptu.state import PtuState

#: The rules a fault of each predicate is refused by (the refusal's first rule).
TRIGGER_RULES = {
    economy.TRIGGER_NOT_OPEN: "ptu.trigger.needs-trigger",
    economy.TRIGGER_NOT_RESPONDER: "ptu.trigger.needs-trigger",
    economy.TRIGGER_ANSWERED: "ptu.trigger.once-per-trigger",
}
AOO_RULES = {
    economy.AOO_NOT_OPEN: "ptu.trigger.needs-trigger",
    economy.AOO_WRONG_TARGET: "ptu.trigger.needs-trigger",
    economy.AOO_ANSWERED: "ptu.trigger.once-per-trigger",
    economy.AOO_USED: "ptu.aoo.once-per-round",
    economy.AOO_BLOCKED: "ptu.aoo.status",
}


def answers_asked(state: PtuState, tally: dict[tuple[str, int], int]) -> None:
    """Every Intercept and Attack of Opportunity the windows open now could be answered
    with, made by hand: offered by the listing exactly when its rule has no fault, and
    refused by ``check`` by that rule's refusal otherwise."""
    for c in state.combatants.values():
        offered = {(o.kind, o.params["trigger"]) for o in legal.candidates(state, c)
                   if o.kind in ("intercept", "attack_of_opportunity")}
        if not able(c) or economy.whose_turn(state) == c.id:
            assert not offered
            continue
        answerable: set[tuple[str, str]] = set()
        for occ in state.occurrences:
            if occ.trigger == "attacked" and c.id in occ.responders and (
                    occ.data["target"] != c.id):
                fault = economy.window_fault(state, c, occ, None, "intercept")
                assert fault == economy.trigger_fault(
                    state, c, occ.occurrence, None, "intercept")
                hand = Action("intercept", c.id, {"mode": "melee", "trigger": occ.occurrence})
                built = economy.check_trigger(state, c, occ.occurrence, None, "intercept")
                if fault:
                    assert built == economy.trigger_refusal(
                        state, c, fault, occ.occurrence, None, "intercept")
                    assert built is not None and built.rule == TRIGGER_RULES[fault]
                else:
                    assert built is None
            elif occ.trigger in economy.AOO_TRIGGERS and c.id in occ.data.get("provokes", ()):
                fault = economy.aoo_window_fault(state, c, occ, occ.data["by"])
                assert fault == economy.aoo_fault(state, c, occ.occurrence, occ.data["by"])
                hand = Action("attack_of_opportunity", c.id,
                              {"target": occ.data["by"], "trigger": occ.occurrence})
                built = economy.check_aoo_timing(state, c, occ.occurrence, occ.data["by"])
                if fault:
                    assert built == economy.aoo_refusal(state, c, fault, occ.occurrence)
                    assert built is not None and built.rule == AOO_RULES[fault]
                else:
                    assert built is None
            else:
                continue
            assert ((hand.kind, occ.occurrence) in offered) == (fault == 0), (hand, fault)
            if fault:
                assert check(state, hand) is not None, hand  # left out: check refuses it
            else:
                answerable.add((hand.kind, occ.occurrence))
            tally[(hand.kind, fault)] = tally.get((hand.kind, fault), 0) + 1
        assert offered == answerable


def test_an_answer_is_offered_exactly_when_its_windows_rule_lets_it() -> None:
    tally: dict[tuple[str, int], int] = {}
    for state in played_states(PtuRuleset()):
        answers_asked(state, tally)
    # both ways for both kinds: offered, and left out because that window was answered
    for kind in ("intercept", "attack_of_opportunity"):
        assert tally.get((kind, 0), 0) > 10, tally
    assert tally.get(("intercept", economy.TRIGGER_ANSWERED), 0) > 10, tally
    assert tally.get(("attack_of_opportunity", economy.AOO_ANSWERED), 0) > 10, tally


def test_with_no_window_open_there_is_nothing_to_answer() -> None:
    ruleset = PtuRuleset()
    game: Game[PtuState] = Game(ruleset, duel_config(), seed=3, snapshots=False)
    game.play(Action("begin_combat", "gm"))
    state = game.state
    assert not state.occurrences
    c = next(iter(state.combatants.values()))
    assert economy.trigger_fault(state, c, "t9", None, "intercept") == economy.TRIGGER_NOT_OPEN
    assert economy.aoo_fault(state, c, "t9", c.id) == economy.AOO_NOT_OPEN
    assert economy.trigger_refusal(
        state, c, economy.TRIGGER_NOT_OPEN, "t9", None, "intercept",
    ).rule == "ptu.trigger.needs-trigger"
    assert economy.aoo_refusal(
        state, c, economy.AOO_NOT_OPEN, "t9").rule == "ptu.trigger.needs-trigger"
    assert not [o for o in legal.candidates(state, c) if "trigger" in o.params]
