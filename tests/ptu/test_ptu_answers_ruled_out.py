"""The out-of-turn answers ask a trigger's rule as a yes or no before the full check
(``check.allows_answer``, ``check.answer_ruled_out``, ``economy.trigger_fault`` and
``economy.aoo_fault``): the same answer as ``check`` for every offer met in seeded games,
and the refusals built from a fault name the rule the fault stands for."""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

import yaml

from turnkeeper.core.game import Game
from turnkeeper.core.model import Action
from turnkeeper.rulesets.ptu import economy, legal
from turnkeeper.rulesets.ptu.check import allows_answer, answer_ruled_out, check, parsed
from turnkeeper.rulesets.ptu.ruleset import PtuRuleset
from turnkeeper.rulesets.ptu.state import PtuState

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))
from bench_ptu import duel_config  # noqa: E402


def example(name: str) -> dict[str, Any]:
    data = yaml.safe_load((ROOT / "examples" / "ptu" / f"{name}.yaml").read_text("utf-8"))
    setup: dict[str, Any] = data["setup"]
    return setup


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


def test_a_ruled_out_answer_is_one_check_refuses_and_the_rest_are_checked_alike() -> None:
    ruleset = PtuRuleset()
    ruled_out: dict[str, int] = {}
    allowed: dict[str, int] = {}
    refused_after_all: dict[str, int] = {}
    faults: set[tuple[str, int]] = set()
    for name, setup in (("duel", duel_config()), ("wild", example("wild")),
                        ("league", example("league"))):
        for seed in range(4):
            game: Game[PtuState] = Game(ruleset, setup, seed=seed, snapshots=False)
            rng = random.Random(f"{name}/{seed}")
            for _ in range(250):
                state = game.state
                if game.outcome() is not None:
                    break
                for c in list(state.combatants.values()):
                    for offer in legal.candidates(state, c):
                        if "trigger" not in offer.params:
                            continue
                        refusal = check(state, offer)
                        assert allows_answer(state, c, offer) == (refusal is None), offer
                        params: Any = parsed(offer)[1]  # the kind's model, read below
                        out = answer_ruled_out(state, c, offer.kind, params)
                        tally = ruled_out if out else (
                            allowed if refusal is None else refused_after_all)
                        tally[offer.kind] = tally.get(offer.kind, 0) + 1
                        if out:
                            assert refusal is not None, offer
                        if offer.kind == "intercept":
                            fault = economy.trigger_fault(state, c, params.trigger, None,
                                                          "intercept")
                            built = None if not fault else economy.trigger_refusal(
                                state, c, fault, params.trigger, None, "intercept")
                            assert economy.check_trigger(
                                state, c, params.trigger, None, "intercept") == built
                            rules = TRIGGER_RULES
                        elif offer.kind == "attack_of_opportunity":
                            fault = economy.aoo_fault(state, c, params.trigger,
                                                      params.target)
                            built = None if not fault else economy.aoo_refusal(
                                state, c, fault, params.trigger)
                            assert economy.check_aoo_timing(
                                state, c, params.trigger, params.target) == built
                            rules = AOO_RULES
                        else:
                            continue
                        assert out == (fault != 0), offer
                        if built is not None:
                            faults.add((offer.kind, fault))
                            assert built.rule == rules[fault], (offer, built)
                gm = ruleset.sim_gm_action(state)
                if gm is not None:
                    game.play(gm)
                    continue
                actor = game.whose_turn()
                options = [*ruleset.sim_out_of_turn(state)]
                if actor is not None:
                    options += ruleset.legal_list(state, actor)
                if not options:
                    break
                game.play(rng.choice(options))
    # both ways, for both kinds: ruled out (already answered), and let through to the check
    for kind in ("intercept", "attack_of_opportunity"):
        assert ruled_out.get(kind, 0) > 10 and allowed.get(kind, 0) > 10, (ruled_out, allowed)
    assert ("intercept", economy.TRIGGER_ANSWERED) in faults
    assert ("attack_of_opportunity", economy.AOO_ANSWERED) in faults


def test_with_no_window_open_there_is_nothing_to_answer() -> None:
    ruleset = PtuRuleset()
    game: Game[PtuState] = Game(ruleset, duel_config(), seed=3, snapshots=False)
    game.play(Action("begin_combat", "gm"))
    state = game.state
    assert not state.occurrences
    c = next(iter(state.combatants.values()))
    assert economy.trigger_fault(state, c, "t9", None, "intercept") == economy.TRIGGER_NOT_OPEN
    assert economy.aoo_fault(state, c, "t9", c.id) == economy.AOO_NOT_OPEN
    for offer in (Action("intercept", c.id, {"mode": "melee", "trigger": "t9"}),
                  Action("attack_of_opportunity", c.id, {"target": c.id, "trigger": "t9"})):
        params = parsed(offer)[1]
        assert answer_ruled_out(state, c, offer.kind, params)
        assert not allows_answer(state, c, offer)
        assert check(state, offer) is not None  # refused (by whichever step comes first)
