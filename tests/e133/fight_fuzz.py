"""Random e133 encounters with hit points, played to their end with invariants checked.

Each encounter (``random_encounter(seed)``: 1-4 combatants a side, random hit points,
temporary HP, damage profiles, defences, the drop rule and table settings; a tenth of them
on the grid with positions, reach weapons and bows, ``place``) is played through
the public ``Game`` API with seeded random choices among every legal action (reactions
included) until the encounter is over. After every action the invariants hold:

- hit points are never above the maximum (nor below 0; temporary HP never negative);
- no combatant acts while not up except to end its own turn (no actions, no reactions);
- budgets are never negative (standard, move, bonus/reaction, attacks left);
- a live encounter always has a legal action; the dead stay dead;
- the encounter ends (within ``MAX_ACTIONS``).

``tests/e133/test_e133_fight_fuzz.py`` runs a few in the suite; the full run is
``PYTHONPATH=src .venv/bin/python tests/e133/fight_fuzz.py 10000``.
"""

from __future__ import annotations

import random
import sys
import time
from typing import Any

from turnkeeper.core.game import Game
from turnkeeper.rulesets import get_ruleset

RULESET = get_ruleset("e133")
MAX_ACTIONS = 20_000
MELEE = ["1d4 piercing", "1d6+1 slashing", "1d8+2 slashing", "2d6 bludgeoning", "1d10 piercing"]
RANGED = ["1d6 piercing", "1d8 fire", "2d4+1 fire", "1d4-1 cold"]


def random_encounter(seed: int, per_side: tuple[int, int] = (1, 4)) -> dict[str, Any]:
    rng = random.Random(f"e133-fight/{seed}")
    combatants: list[dict[str, Any]] = []
    for side in ("party", "foes"):
        for i in range(rng.randint(*per_side)):
            max_hp = rng.randint(1, 24)
            c: dict[str, Any] = {
                "id": f"{side}{i}", "side": side, "init_mod": rng.randint(-1, 4),
                "speeds": rng.choice([{"walk": 30}, {"walk": 25, "fly": 40}, {"walk": 5}]),
                "attacks": rng.choice([1, 1, 2]),
                "attack_bonus": rng.choice([rng.randint(-1, 8),
                                            {"melee": rng.randint(0, 7), "ranged": 3}]),
                "ac": rng.randint(8, 20),
                "max_hp": max_hp, "hp": rng.randint(1, max_hp),
                "temporary_hp": rng.choice([0, 0, 0, 4]),
                # melee never deals a type anyone is immune to: every fight can end
                "damage": {"melee": rng.choice(MELEE), "ranged": rng.choice(RANGED)},
                "resistances": rng.sample(["slashing", "fire"], rng.randint(0, 1)),
                "vulnerabilities": rng.sample(["piercing", "cold"], rng.randint(0, 1)),
                "immunities": rng.sample(["fire", "cold"], rng.randint(0, 1)),
                "surprised": rng.random() < 0.15,
            }
            combatants.append(c)
    place(combatants, random.Random(f"e133-fight/{seed}/placed"))
    settings = {
        "drop_rule": rng.choice(["death_saves", "death_saves", "down_means_out"]),
        "double_move": rng.random() < 0.8,
        "free_actions_per_turn": rng.choice([None, 1, 3]),
    }
    return {"settings": settings, "combatants": combatants}


#: The share of encounters played on the grid (positions, reach, weapons): their own random
#: stream decides, so the unplaced encounters stay exactly as they were.
PLACED_SHARE = 0.1


def place(combatants: list[dict[str, Any]], rng: random.Random) -> None:
    """Maybe (``PLACED_SHARE``) put the encounter on the grid: each side in a row, the rows a
    few squares apart, and each combatant with melee weapons of reach 5 or 10 (a light one
    and a reach one together, or one) and maybe a bow, drawn or not."""
    if rng.random() >= PLACED_SHARE:
        return
    gap, spacing = rng.randint(1, 4), rng.randint(1, 2)
    for c in combatants:
        row = 0 if c["side"] == "party" else gap
        c["position"] = [int(c["id"][len(c["side"]):]) * spacing, row]
        weapons: dict[str, Any] = {}
        if rng.random() < 0.8:
            weapons["dagger"] = {"kind": "melee", "handling": "light"}
        if rng.random() < 0.5:
            weapons["whip"] = {"kind": "melee", "reach": 10, "damage": "1d4 slashing",
                               "drawn": rng.random() < 0.8}
        if rng.random() < 0.4:
            weapons["bow"] = {"kind": "ranged", "handling": "two_handed", "drawn": False}
        if weapons:
            c["weapons"] = weapons


def _check(game: Game[Any], where: str) -> list[str]:
    problems: list[str] = []
    for f in game.state.fighters.values():
        h = f.health
        if h is not None and not (0 <= h.hp <= h.max_hp and h.temporary_hp >= 0):
            problems.append(f"{where}: {f.id} has {h.hp}/{h.max_hp} HP, {h.temporary_hp} temp")
        budget = [f.budget.left("standard"), f.budget.left("move"), f.bonus_left,
                  f.attacks_left, f.free_used]
        if min(budget) < 0:
            problems.append(f"{where}: {f.id} has a negative budget {budget}")
    return problems


def play_checked(setup: dict[str, Any], seed: int) -> tuple[int, list[str], str | None]:
    """(actions played, invariant failures, the winning side) of one encounter."""
    game = Game(RULESET, setup, seed=seed)
    chooser = random.Random(seed)
    problems = _check(game, "set-up")
    dead: set[str] = set()
    for n in range(MAX_ACTIONS):
        if game.is_over():
            outcome = game.outcome()
            winner = outcome.winners[0] if outcome and outcome.winners else None
            return n, problems, winner
        offers = game.legal_actions().list()
        if not offers:
            return n, [*problems, f"action {n}: a live encounter with no legal action"], None
        action = chooser.choice(offers)
        f = game.state.fighters.get(action.actor or "")
        if f is not None and not f.can_act and action.kind != "end_turn":
            problems.append(f"action {n}: {f.id} is {f.health and f.health.status} and was "
                            f"offered {action.kind}")
        game.play(action)
        problems += _check(game, f"after action {n} ({action.kind})")
        for g in game.state.fighters.values():
            status = g.health.status if g.health is not None else "up"
            if g.id in dead and status != "dead":
                problems.append(f"action {n}: {g.id} came back from the dead")
            if status == "dead":
                dead.add(g.id)
        if problems:
            return n + 1, problems, None
    return MAX_ACTIONS, [*problems, f"not over after {MAX_ACTIONS} actions"], None


def fuzz(count: int, start: int = 0, progress: int = 0) -> tuple[int, list[str], int, float]:
    """(encounters, failures, actions, seconds) over ``count`` seeded encounters; with
    ``progress``, a line every that many encounters (a long run stopped early still says how
    far it got)."""
    failures: list[str] = []
    actions = 0
    t0 = time.perf_counter()
    for done, seed in enumerate(range(start, start + count), 1):
        n, problems, _ = play_checked(random_encounter(seed), seed)
        actions += n
        failures += [f"seed {seed}: {p}" for p in problems]
        if progress and done % progress == 0:
            print(f"  {done} encounters (seeds {start}..{seed}), {actions} actions, "
                  f"{len(failures)} failures, {time.perf_counter() - t0:.0f} s", flush=True)
    return count, failures, actions, time.perf_counter() - t0


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    start = int(sys.argv[2]) if len(sys.argv) > 2 else 0
    played, failures, actions, seconds = fuzz(count, start, progress=50)
    print(f"e133 fight fuzz: {played} encounters (seeds {start}..{start + count - 1}), "
          f"{actions} actions, {seconds:.1f} s, {len(failures)} failures")
    for failure in failures[:20]:
        print("  " + failure)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
