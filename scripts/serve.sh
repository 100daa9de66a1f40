#!/usr/bin/env bash
# The main job: set up (first time only) and run the Turnkeeper game server with its web tracker.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/bootstrap.sh
# --new-host-link: host keys are stored hashed, so a later start cannot show the first one
# again; each start prints a fresh host link (the games page) instead.
exec .venv/bin/turnkeeper serve --new-host-link "$@"
