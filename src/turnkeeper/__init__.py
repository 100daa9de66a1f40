"""Turnkeeper: a rules engine for turn-based tabletop games."""

__version__ = "0.1.0"
