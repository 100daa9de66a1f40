"""Random PTU encounters played to their end with invariants checked after every action.

``random_encounter(rng)`` builds a Full Contact or League set-up with random levels, stats,
types, moves and positions; ``fuzz_one(seed)`` plays it with random agents (as
``turnkeeper sim`` does: uniform over action kinds, and answering out of turn) and raises
``AssertionError`` naming the seed and the step when an invariant breaks: HP never above max
HP, no action by a fainted combatant, budgets never negative, no two standing combatants on
one square, and a live encounter always has a legal action for whoever must act. Trainers
sometimes carry Poké Balls, and some encounters are ambushes. The suite runs a few dozen
(``test_ptu_fuzz.py``); ``bench/bench_ptu.py --fuzz 10000`` runs the big batch.
"""

from __future__ import annotations

import random
from typing import Any

from turnkeeper.core.game import Game
from turnkeeper.rulesets.ptu import RULESET
from turnkeeper.rulesets.ptu.fight.data import type_chart
from turnkeeper.rulesets.ptu.moves import starter_moves
from turnkeeper.sim import answer_out_of_turn, random_agent, seats_of

MAX_ACTIONS = 3000


def _combatant(rng: random.Random, cid: str, kind: str, moves: list[str],
               x: int, y: int) -> dict[str, Any]:
    types = list(type_chart().rows)
    names = ("hp", "attack", "defense", "special_attack", "special_defense")
    entry: dict[str, Any] = {
        "id": cid, "level": rng.randint(1, 30), "speed": rng.randint(1, 30),
        "stats": {name: rng.randint(1, 12) for name in names},
        "position": [x, y],
    }
    if kind == "pokemon":
        entry["types"] = rng.sample(types, rng.randint(1, 2))
        entry["moves"] = rng.sample(moves, rng.randint(1, 4))
        entry["loyalty"] = rng.randint(0, 6)
    if rng.random() < 0.3:
        entry["items"] = {"potion": rng.randint(1, 2)}
    if kind == "trainer" and rng.random() < 0.5:  # Poké Balls to throw at wild Pokémon
        entry["items"] = {**entry.get("items", {}), "pokeball": rng.randint(1, 3)}
    return entry


def random_encounter(rng: random.Random) -> dict[str, Any]:
    moves = sorted(m["name"] for m in starter_moves().values())
    players = []
    for p in range(2):
        y = 0 if p == 0 else rng.randint(3, 8)  # every combatant on a square of its own
        pokemon = []
        for j in range(rng.randint(1, 3)):
            mon = _combatant(rng, f"p{p}m{j}", "pokemon", moves, j, y + (1 if p == 0 else -1))
            mon["active"] = j == 0 or rng.random() < 0.5
            pokemon.append(mon)
        players.append({"name": f"player{p}", "trainer": _combatant(
            rng, f"t{p}", "trainer", moves, 0, y), "pokemon": pokemon})
    setup: dict[str, Any] = {
        "context": rng.choice(["full_contact", "league"]),
        "pokemon_turns": rng.choice(["one_per_player", "every_pokemon"]),
        "players": players,
        "settings": {"damage_mode": rng.choice(["rolled", "rolled", "min", "average", "max"])},
    }
    if rng.random() < 0.2:  # no set-up step: round 1 begins with the set-up
        setup["ambush"] = True
    if setup["context"] == "full_contact" and rng.random() < 0.5:
        setup["wild"] = [_combatant(rng, "wild0", "pokemon", moves, 4, 4) | {"active": True}]
    return setup


def check_invariants(game: Game[Any], where: str) -> None:
    squares: dict[tuple[int, ...], str] = {}
    for cid, c in game.state.combatants.items():
        assert c.hp <= c.max_hp, f"{where}: {cid} has {c.hp} HP, above its max {c.max_hp}"
        for slot, left in c.budget.remaining.items():
            assert left >= 0, f"{where}: {cid}'s {slot} budget is {left}"
        if c.on_field and not c.captured and not c.fainted:
            # Moves, pushes and releases never put two standing combatants on one square.
            other = squares.setdefault(tuple(c.position), cid)
            assert other == cid, f"{where}: {cid} and {other} both stand at {c.position}"
    if game.outcome() is None:
        actor = game.whose_turn()
        if actor is None:
            assert RULESET.sim_gm_action(game.state) is not None or any(
                a.actor != "gm" for a in game.legal_actions(None)
            ), f"{where}: nobody's turn and nothing to do"
        else:
            assert not game.state.combatants[actor].fainted, f"{where}: {actor} is fainted"
            assert any(True for _ in game.legal_actions(actor)), \
                f"{where}: {actor} must act and has no legal action"


def fuzz_one(seed: int, max_actions: int = MAX_ACTIONS) -> tuple[int, bool]:
    """Play one random encounter; (actions played, whether it reached a winner)."""
    rng = random.Random(f"fuzz/{seed}")
    game: Game[Any] = Game(RULESET, random_encounter(rng), seed=seed, snapshots=False)
    agents = {seat: random_agent for seat in seats_of(game)}
    played = 0
    while game.outcome() is None and played < max_actions:
        where = f"seed {seed}, action {played}"
        check_invariants(game, where)
        actor = game.whose_turn()
        action = RULESET.sim_gm_action(game.state) if actor is None else None
        if action is None:
            options = list(game.legal_actions(actor)) if actor is not None else [
                a for a in game.legal_actions(None) if a.actor != "gm"]
            action = random_agent(game, options, rng)
        mover = game.state.combatants.get(str(action.actor))
        assert mover is None or not mover.fainted, f"{where}: fainted {mover.id} acts"
        game.play(action)
        played += 1
        # Those whose turn it is not answer the windows (Protect, Intercept, AoO) as
        # turnkeeper sim's random agents do.
        played += answer_out_of_turn(game, agents, rng, max_actions - played)
    check_invariants(game, f"seed {seed}, end")
    return played, game.outcome() is not None
