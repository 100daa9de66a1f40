"""Games per second for each theme deck of ex1-ex16, all 33 (a script, never a timed test).

    PYTHONPATH=src .venv/bin/python bench/bench_ptcg_decks.py [--games 300] [--data DIR]
        [--sets ex8]

Each deck whose every card is implemented plays ``--games`` random-vs-random games against
itself through ``sim.play_game`` (one core, CPU time), then as many greedy-vs-random games
(the greedy player's win rate, a sanity check that the deck plays). A deck holding a card
without a handler is listed with those cards instead. Ruby vs Sapphire is the figure the
speed goal is stated for (issue 16: 1,000 random games/s of CPU time per core).
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from turnkeeper.rulesets.ptcg.by_hand import missing_effects
from turnkeeper.rulesets.ptcg.cards import pool
from turnkeeper.rulesets.ptcg.sim import play_game

GOAL = 1000  # random games/s of CPU time per core for Ruby vs Sapphire (issue 16)
# the sets whose theme decks are measured
SETS = (
    "ex1", "ex2", "ex3", "ex4", "ex5", "ex6", "ex7", "ex8", "ex9", "ex10",
    "ex11", "ex12", "ex13", "ex14", "ex15", "ex16",
)
DATA = Path(__file__).resolve().parents[2] / "shared" / "reference" / "ptcg-data" / "decks"


def deck_lists(
    data: Path, sets: tuple[str, ...] = SETS
) -> list[tuple[str, str, list[str], list[str]]]:
    """(id, name, the 60 card ids, the cards not implemented) of each theme deck of ``sets``."""
    cards = pool()
    found = []
    for set_id in sets:
        for deck in json.loads((data / f"{set_id}.json").read_text(encoding="utf-8")):
            ids = [e["id"] for e in deck["cards"] for _ in range(e["count"])]
            missing = sorted(
                {
                    f"{cid} {cards[cid].name}" if cid in cards else cid
                    for cid in ids
                    if cid not in cards or missing_effects(cards[cid])
                }
            )
            found.append((deck["id"], deck["name"], ids, missing))
    return found


def rate(decks: list[list[str]], agents: list[str], games: int, seed: str) -> tuple[float, int]:
    """Games/s of CPU time and the first seat's wins."""
    wins = 0
    start = time.process_time()
    for i in range(games):
        result = play_game(decks, agents, seed, i)
        wins += result.winner == "p1"
    return games / max(1e-9, time.process_time() - start), wins


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--data", default=str(DATA))
    parser.add_argument("--sets", default=",".join(SETS), help="the sets, comma separated")
    args = parser.parse_args()
    decks = deck_lists(Path(args.data), tuple(args.sets.split(",")))
    by_id = {d[0]: d for d in deck_lists(Path(args.data), ("ex1",))}
    print(f"goal: Ruby vs Sapphire >= {GOAL} random games/s of CPU time per core (quiet box)")
    ruby, sapphire = by_id["d-ex1-1"][2], by_id["d-ex1-2"][2]
    # Ruby's ecard1-153 Energy Search is the bundled stand-in (docs/rulesets/ptcg.md)
    speed, _ = rate([sapphire, ruby], ["random", "random"], args.games, "decks/rs")
    print(f"Sapphire vs Ruby: {speed:,.0f} random games/s (goal {GOAL})")
    for deck_id, name, ids, missing in decks:
        if missing:
            print(f"{deck_id} {name}: not playable yet, no handler for {', '.join(missing)}")
            continue
        speed, _ = rate([ids, ids], ["random", "random"], args.games, f"decks/{deck_id}")
        _, greedy_wins = rate([ids, ids], ["greedy", "random"], args.games, f"decks/g/{deck_id}")
        print(
            f"{deck_id} {name}: {speed:,.0f} random games/s (mirror); greedy beats random in "
            f"{greedy_wins}/{args.games}"
        )


if __name__ == "__main__":
    main()
