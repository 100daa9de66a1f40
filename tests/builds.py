"""Running a piece of code in a fresh process on either build, for the tests that compare the
compiled (mypyc) build of a package with pure Python (turnkeeper/compiled.py)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from typing import Any

from turnkeeper import compiled


def run_on_build(code: str, *args: str, pure: bool) -> dict[str, Any]:
    """What ``code`` prints (one JSON object), run by this Python in a fresh process with
    ``args``: on pure Python when ``pure`` (``TURNKEEPER_PURE=1``), else on whatever build is
    current (the compiled one where it is)."""
    env = {k: v for k, v in os.environ.items() if k != compiled.PURE_ENV}
    if pure:
        env[compiled.PURE_ENV] = "1"
    done = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True,
                          env=env)
    assert done.returncode == 0, done.stderr
    answer: dict[str, Any] = json.loads(done.stdout)
    return answer


def assert_build_known(package: str) -> None:
    """``package`` says which build it runs; where the suite expects the compiled build
    (``scripts/test.sh`` sets ``TURNKEEPER_EXPECT_COMPILED=1`` after building it), that one."""
    status = compiled.STATUS[package]
    assert status == "compiled" or status.startswith("pure: "), status
    if os.environ.get("TURNKEEPER_EXPECT_COMPILED"):
        assert status == "compiled", status


def assert_same_on_both_builds(code: str, *args: str, module: str) -> tuple[dict[str, Any],
                                                                           dict[str, Any]]:
    """Run ``code`` on pure Python and on the current build; each prints its ``status``, the
    file of one compiled module (under the key ``module``) and a ``digest`` of what it played.
    The pure run must be pure, the other compiled where the suite expects it, each module
    from its build, and the digests equal. Returns both answers (pure, built)."""
    pure = run_on_build(code, *args, pure=True)
    assert pure["status"] == f"pure: {compiled.PURE_ENV} is set"
    assert pure[module].endswith(".py"), pure[module]
    built = run_on_build(code, *args, pure=False)
    if os.environ.get("TURNKEEPER_EXPECT_COMPILED"):
        assert built["status"] == "compiled", built["status"]
    if built["status"] == "compiled":
        assert "__mypyc__" in built[module] and not built[module].endswith(".py"), built[module]
    assert built["digest"] == pure["digest"]
    return pure, built
