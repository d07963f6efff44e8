#!/usr/bin/env bash
# The one test command: sets up .venv on first use (pinned tools, see requirements-dev.txt),
# then runs lint, the type check against the MicroPython stubs, and the whole test suite
# (CPython and the MicroPython VM, mpy-cross on every firmware file).
# Extra arguments go to pytest, e.g. ./test.sh -k ledger
set -euo pipefail
cd "$(dirname "$0")"
python3 -m tools.setup_env
. .venv/bin/activate
ruff check firmware boards ports tools host_tests manifest.py
basedpyright --project pyrightconfig.json
# Both cores: a test file to a worker, so that a file's module fixtures (an evening played
# once, its tests reading it) stay in one process.
python -m pytest -n 2 --dist loadfile "$@"
