"""Encounter environments (ptu, e133): one generic AEC environment and each ruleset's spec."""
