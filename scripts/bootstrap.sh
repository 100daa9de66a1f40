#!/usr/bin/env bash
# Prepare a fresh machine for Turnkeeper: a virtual environment in .venv with the package and
# its development tools, plus the Debian packages the tests drive (Chromium for the browser
# tests, PostgreSQL for the store tests). Safe to run again: it only installs what is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

with_system_packages="${1:-}"

python_bin="${PYTHON:-python3}"
if ! "$python_bin" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else 1)'; then
    echo "Turnkeeper needs Python 3.11 or newer ($python_bin is older)" >&2
    exit 1
fi

if [ ! -x .venv/bin/python ]; then
    echo "== creating .venv"
    "$python_bin" -m venv .venv
fi
stamp=.venv/.turnkeeper-installed
if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ]; then
    echo "== installing turnkeeper and its tools into .venv"
    .venv/bin/python -m pip install --quiet --upgrade pip
    .venv/bin/python -m pip install --quiet -e '.[dev]'
    touch "$stamp"
fi

# The mypyc-compiled hot modules (src/turnkeeper/compiled.py, docs/speed.md), built by
# default where mypyc and a C compiler exist (about a minute of CPU), and rebuilt whenever the
# package's sources changed (a stale build is never used: the package falls back to pure
# Python). Without a compiler it says so and pure Python is used. TURNKEEPER_PURE=1 (or
# TURNKEEPER_COMPILE=0) skips the build.
if [ "${TURNKEEPER_COMPILE:-1}" != "0" ] && [ -z "${TURNKEEPER_PURE:-}" ]; then
    status=0
    .venv/bin/python scripts/build_compiled.py || status=$?
    if [ "$status" -eq 1 ]; then
        echo "the mypyc build failed (see above); TURNKEEPER_PURE=1 skips it" >&2
        exit 1
    fi
fi

if [ "$with_system_packages" = "--system" ]; then
    missing=()
    [ -x /usr/bin/chromium ] || missing+=(chromium)
    compgen -G '/usr/lib/postgresql/*/bin/initdb' > /dev/null || missing+=(postgresql)
    if [ ${#missing[@]} -gt 0 ]; then
        echo "== installing Debian packages: ${missing[*]}"
        sudo_cmd=()
        [ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
        "${sudo_cmd[@]}" apt-get update -qq
        DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq "${missing[@]}" > /dev/null
    fi
fi
