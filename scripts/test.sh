#!/usr/bin/env bash
# The whole test suite from a clean clone: set-up, lint, types, tests (scenario files included).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/bootstrap.sh --system

echo "== ruff"
.venv/bin/ruff check src tests bench
echo "== mypy --strict"
.venv/bin/mypy
echo "== pytest"
.venv/bin/pytest -n 2 -p no:cacheprovider "$@"
