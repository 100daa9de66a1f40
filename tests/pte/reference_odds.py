"""Figures from the project's reference odds (shared/reference/odds.md), kept once for the
pte tests that check the engine against them."""

from __future__ import annotations

# The number of ways 4d6 makes each total from 4 to 24 (out of 6**4 = 1296).
WAYS_4D6: tuple[int, ...] = (
    1, 4, 10, 20, 35, 56, 80, 104, 125, 140, 146, 140, 125, 104, 80, 56, 35, 20, 10, 4, 1,
)  # fmt: skip
