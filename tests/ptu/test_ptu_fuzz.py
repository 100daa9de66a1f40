"""A small batch of random encounters played to their end with invariants (tests/ptu/fuzz.py);
``bench/bench_ptu.py --fuzz 10000`` runs the big batch."""

from __future__ import annotations

from tests.ptu.fuzz import fuzz_one


def test_random_encounters_keep_the_invariants_and_mostly_end() -> None:
    ended = 0
    for seed in range(25):
        _, finished = fuzz_one(seed)
        ended += finished
    # Uniform random agents dither (shifts, holds, free actions), so some games reach the
    # action cap: those are counted, and every step of every game kept the invariants.
    assert ended >= 10
