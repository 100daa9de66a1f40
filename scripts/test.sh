#!/usr/bin/env bash
# The whole test suite from a clean clone: set-up, lint, types, tests (scenario files included).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/bootstrap.sh --system

echo "== ruff"
.venv/bin/ruff check src tests bench
echo "== mypy --strict"
.venv/bin/mypy
# The suite runs against the compiled build when there is a current one (bootstrap above
# builds it where a C compiler exists); tests/ptcg/test_compiled.py then requires it and
# compares it with pure Python game by game.
if [ -z "${TURNKEEPER_PURE:-}" ] && .venv/bin/python scripts/build_compiled.py --check; then
    export TURNKEEPER_EXPECT_COMPILED=1
fi
echo "== pytest"
.venv/bin/pytest -n 2 -p no:cacheprovider "$@"
