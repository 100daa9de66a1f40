"""The README's library example runs as written, and the base install imports no extra."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def readme_python_blocks() -> list[str]:
    text = (REPO / "README.md").read_text(encoding="utf-8")
    blocks = []
    for part in text.split("```python\n")[1:]:
        blocks.append(part.split("```", 1)[0])
    return blocks


def run_python(code: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(REPO / "src"))
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
        check=False, env=env, cwd=REPO,
    )


def test_the_library_example_runs_as_written() -> None:
    (example,) = readme_python_blocks()
    result = run_python(example)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "aria"
    assert any("attack target=brute" in line and "13/20" in line for line in lines)
    # Allowed before moving, refused after, naming the rule.
    assert lines[-2] == "None"
    assert "e133.five-foot-step.no-other-movement" in lines[-1]


#: What the extras bring; the engine, dice, rulesets, scenarios and CLI must not import them.
EXTRA_MODULES = (
    "fastapi", "starlette", "uvicorn", "websockets", "uvloop", "httptools", "segno",
    "psycopg", "ray", "pettingzoo", "gymnasium", "numpy",
)


def test_the_base_install_imports_no_extra() -> None:
    code = textwrap.dedent(
        f"""
        import sys
        import turnkeeper.core, turnkeeper.dice, turnkeeper.scenario
        import turnkeeper.cli.app
        from turnkeeper import rulesets
        for name in rulesets.available():
            rulesets.get_ruleset(name)
        from turnkeeper.cli.app import app
        from typer.testing import CliRunner
        for command in (["--help"], ["rules", "e133"], ["roll", "d6", "--seed", "1"]):
            assert CliRunner().invoke(app, command).exit_code == 0, command
        loaded = sorted({{m.split(".")[0] for m in sys.modules}} & set({EXTRA_MODULES!r}))
        print(",".join(loaded) or "none")
        """
    )
    result = run_python(code)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "none"
