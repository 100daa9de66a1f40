#!/usr/bin/env bash
# The main job: set up (first time only) and run the Turnkeeper game server with its web tracker.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/bootstrap.sh
exec .venv/bin/turnkeeper serve "$@"
