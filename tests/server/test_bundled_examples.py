"""The bundled examples are package data, so an installed server's games page lists them.

``turnkeeper/examples/<ruleset>`` links each ruleset's folder of the checkout's ``examples/``
into the package; setuptools copies the linked files into the wheel (``**/*.yaml`` package
data), so the games page and the environments' default encounters work outside a checkout.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import turnkeeper
from turnkeeper.env.encounter.e133 import SPEC as E133_SPEC
from turnkeeper.env.encounter.env import PACKAGE, load_encounter
from turnkeeper.env.encounter.ptu import SPEC as PTU_SPEC
from turnkeeper.server.table import EXAMPLES_DIR, list_examples

PACKAGE_DIR = Path(turnkeeper.__file__).parent
CHECKOUT = PACKAGE_DIR.parents[1]


def test_the_examples_folder_is_inside_the_package() -> None:
    assert EXAMPLES_DIR.parent == PACKAGE_DIR.resolve()
    assert PACKAGE_DIR.resolve() == PACKAGE
    package_data = tomllib.loads((CHECKOUT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "**/*.yaml" in package_data["tool"]["setuptools"]["package-data"]["turnkeeper"]


def test_every_example_of_the_checkout_is_listed_from_the_package() -> None:
    in_checkout = sorted(
        f"{path.parent.name}/{path.stem}" for path in (CHECKOUT / "examples").glob("*/*.yaml")
    )
    listed = sorted(example["name"] for example in list_examples(EXAMPLES_DIR))
    assert listed == in_checkout
    assert {"e133", "ptu", "pte", "ptcg"} <= {name.split("/")[0] for name in listed}


def test_the_environments_default_encounters_are_found_in_the_package() -> None:
    for spec in (E133_SPEC, PTU_SPEC):
        setup, _ = load_encounter(spec, None)
        assert setup  # a real set-up, read from the package's examples
        assert (PACKAGE / spec.default_encounter).is_file()
