"""Tests of turnkeeper.dice (project issue 2)."""
