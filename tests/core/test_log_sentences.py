"""Every ruleset writes its log as sentences (``describe_event``, issue 15).

Seeded random games of each ruleset's examples and scenario set-ups are walked; every event
type they emit must get a sentence from the ruleset's own writer (not the generic line), and
each writer table must cover every event type the ruleset's fold knows. Sentences are
written from what a seat was sent, so what ``visible_command`` hides stays hidden.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
import yaml

from turnkeeper.cli.readable import event_line
from turnkeeper.core.game import Game
from turnkeeper.core.model import Action, Event
from turnkeeper.core.ruleset import EventDescriber
from turnkeeper.rulesets import get_ruleset
from turnkeeper.rulesets.e133 import RULESET as E133
from turnkeeper.rulesets.e133 import describe as e133_describe
from turnkeeper.rulesets.ptcg import describe as ptcg_describe
from turnkeeper.rulesets.ptcg.state import APPLY
from turnkeeper.rulesets.pte import describe as pte_describe
from turnkeeper.rulesets.ptu import RULESET as PTU
from turnkeeper.rulesets.ptu import describe as ptu_describe
from turnkeeper.rulesets.ptu.folding import FOLDS

ROOT = Path(__file__).resolve().parents[2]
GAMES_PER_SETUP = 3
STEPS = 80


def setups(ruleset: str) -> list[dict[str, Any]]:
    found = []
    for folder in ("examples", "scenarios"):
        for path in sorted((ROOT / folder / ruleset).glob("*.yaml")):
            document = yaml.safe_load(path.read_text("utf-8"))
            if isinstance(document, dict) and isinstance(document.get("setup"), dict):
                found.append(document["setup"])
    return found


def seeded_events(ruleset: str) -> dict[str, tuple[Game[Any], Event]]:
    """One (game, event) per event type met in seeded random games of ``ruleset``."""
    rs = get_ruleset(ruleset)
    met: dict[str, tuple[Game[Any], Event]] = {}
    for config in setups(ruleset):
        for seed in range(GAMES_PER_SETUP):
            try:
                game = Game(rs, config, seed=seed)
            except Exception:  # a scenario set-up meant to be refused
                break
            chooser = random.Random(seed)
            for command in game.log:
                for event in command.events:
                    met.setdefault(event.type, (game, event))
            for _ in range(STEPS):
                if game.is_over():
                    break
                seats = rs.actors(game.state) if ruleset == "ptcg" else [None]
                offers = [a for who in seats for a in game.legal_actions(who)]
                if not offers:
                    break
                for event in game.play(chooser.choice(offers)):
                    met.setdefault(event.type, (game, event))
    return met


@pytest.mark.parametrize("ruleset", ["e133", "ptu", "pte", "ptcg"])
def test_every_event_type_of_seeded_games_reads_as_a_sentence(ruleset: str) -> None:
    rs = get_ruleset(ruleset)
    assert isinstance(rs, EventDescriber)
    met = seeded_events(ruleset)
    assert len(met) >= 10, sorted(met)
    for kind, (game, event) in met.items():
        sentence = rs.describe_event(game.state, event)
        assert sentence, f"{ruleset}: no sentence for {kind}"
        # a sentence, not the generic "type: actor — key value" line
        generic = event_line(event)
        assert sentence != generic and not sentence.startswith(kind.replace("_", " ") + ":")
        assert "None" not in sentence and "{" not in sentence, (kind, sentence)
        # the terminal prints the same sentence
        assert event_line(event, rs, game.state) == sentence


@pytest.mark.parametrize(
    ("writers", "folded"),
    [(ptu_describe.WRITERS, set(FOLDS)), (ptcg_describe.WRITERS, set(APPLY))],
    ids=["ptu", "ptcg"],
)
def test_the_writers_cover_every_event_the_fold_knows(
    writers: dict[str, Any], folded: set[str]
) -> None:
    assert set(writers) == folded


def test_e133_and_pte_writers_cover_their_folds() -> None:
    folds = (
        (e133_describe, ("e133/fold.py", "e133/roster.py")),
        (pte_describe, ("pte/fold.py",)),
    )
    for module, files in folds:
        text = "".join((ROOT / "src" / "turnkeeper" / "rulesets" / name).read_text("utf-8")
                       for name in files)
        for kind in module.WRITERS:
            assert f'"{kind}"' in text, (files, kind)


def test_an_e133_attack_reads_with_its_numbers() -> None:
    rs = E133
    game = Game(rs, {"combatants": [
        {"id": "aria", "name": "Aria", "initiative": 18, "max_hp": 20, "ac": 12,
         "attack_bonus": {"melee": 4}, "damage": {"melee": "1d8+3 slashing"}},
        {"id": "brute", "name": "Brute", "initiative": 9, "side": "foes", "max_hp": 30, "ac": 13},
    ]}, seed=3)
    from turnkeeper.dice.source import ForcedDice

    events = game.play(Action("attack", "aria", {"target": "brute", "mode": "melee"}),
                       dice=ForcedDice([12, 4]))
    lines = [rs.describe_event(game.state, e) for e in events]
    assert "Aria attacks Brute: 12 + 4 = 16 vs AC 13, hit" in lines
    assert "Brute takes 7 slashing damage from Aria (30 → 23 HP)" in lines


def test_a_seat_s_sentence_keeps_a_readied_action_secret() -> None:
    rs = E133
    game = Game(rs, {"combatants": [
        {"id": "aria", "initiative": 18, "controller": "alice"},
        {"id": "brute", "initiative": 9, "side": "foes", "controller": "bert"},
    ]}, seed=4)
    ready = Action("ready", "aria", {"trigger": "the vault opens", "action": "attack",
                                     "action_params": {"target": "brute"}})
    events = game.play(ready)
    _, shown = rs.visible_command(game.state, ready, events, "bert")
    for data in shown:
        sentence = rs.describe_event(game.state, Event.from_dict(data))
        assert "vault" not in sentence and "attack" not in sentence, sentence
    mine = [rs.describe_event(game.state, e) for e in events]
    assert any("vault" in line for line in mine), mine


def test_a_ptu_seat_does_not_read_another_seat_s_amounts() -> None:
    rs = PTU
    config = yaml.safe_load((ROOT / "examples" / "ptu" / "league.yaml").read_text("utf-8"))
    game = Game(rs, config["setup"], seed=1)
    target = next(c for c in game.state.combatants.values() if c.owner == "alice")
    damage = Action("damage", "gm", {"target": target.id, "amount": 7})
    events = game.play(damage)
    _, shown = rs.visible_command(game.state, damage, events, "bob")
    seen = [rs.describe_event(game.state, Event.from_dict(d)) for d in shown]
    assert seen == [f"The GM deals damage to {target.name}"]
    mine = [rs.describe_event(game.state, e) for e in events]
    assert mine == [f"The GM deals 7 damage to {target.name}"]
