"""The package metadata (pyproject.toml) names only what is true: classifiers from the
official list's shape, and no placeholder or invented project URLs."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]


def test_classifiers_are_well_formed_and_match_the_python_floor() -> None:
    classifiers = PROJECT["classifiers"]
    assert len(classifiers) == len(set(classifiers))
    for classifier in classifiers:
        assert re.fullmatch(r"[A-Z][\w /.-]*( :: [\w /.()+-]+)+", classifier), classifier
    floor = PROJECT["requires-python"].removeprefix(">=")
    assert f"Programming Language :: Python :: {floor}" in classifiers
    # the SPDX license expression (PEP 639) replaces any License :: classifier
    assert PROJECT["license"] == "MIT"
    assert not [c for c in classifiers if c.startswith("License ::")]


def test_no_placeholder_project_urls() -> None:
    urls = PROJECT.get("urls", {})
    for name, url in urls.items():
        assert url.startswith("https://"), (name, url)
        assert not re.search(r"example\.(com|org)|placeholder|TODO|your-?(name|org)", url,
                             re.IGNORECASE), (name, url)
