#!/usr/bin/env bash
# Install what the tests need (Debian's chromium, .venv with the project and its test extras) and run every test,
# the real-browser and packaging tests included. Extra arguments go to pytest (e.g. -m "not browser", -k home).
# With CI set, browser tests fail instead of skipping when chromium is missing.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/_venv.sh
need=()
if [ ! -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] && ! command -v chromium >/dev/null 2>&1; then
    need+=(chromium)
fi
ensure_venv test "${need[@]}"
mkdir -p artifacts
exec .venv/bin/python -m pytest -ra --durations=15 \
    --screenshot only-on-failure --output artifacts/test-results "$@"
