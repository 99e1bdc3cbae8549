#!/usr/bin/env bash
# Install what the tests need (Debian's chromium-headless-shell, .venv with the project and its test extras) and run
# every test, the real-browser and packaging tests included. Extra arguments go to pytest (e.g. -m "not browser",
# -k home).
# With CI set, browser tests fail instead of skipping when chromium is missing.
# --postgres first (or CI=true): the store's tests run against a throwaway PostgreSQL server as well
# (scripts/with_postgres.sh; MUS_TEST_POSTGRES, if set, names a server to use instead).
# The tests run in MUS_TEST_WORKERS parallel processes (pytest-xdist; default 4: the browser tests mostly wait on
# chromium and on the pages' pacing, so more processes than the 2 cores pay; 0 runs them in this one process).
set -euo pipefail
cd "$(dirname "$0")/.."
with_postgres=${CI:-}
if [ "${1:-}" = "--postgres" ]; then
    shift
    with_postgres=true
fi
postgres=()
if [ "$with_postgres" = "true" ]; then
    postgres=(bash scripts/with_postgres.sh)
fi
source scripts/_venv.sh
need=()
# Chromium's headless shell (the same Blink as chromium, without the browser's window code): half of chromium's CPU
# in the browser tests, which is most of a run's CPU. CHROMIUM_PATH names another binary instead.
if [ -z "${CHROMIUM_PATH:-}" ] && ! command -v chromium-headless-shell >/dev/null 2>&1; then
    need+=(chromium-headless-shell)
fi
ensure_venv test "${need[@]}"
mkdir -p artifacts
exec "${postgres[@]}" .venv/bin/python -m pytest -ra --durations=15 -n "${MUS_TEST_WORKERS:-4}" --dist worksteal \
    --screenshot only-on-failure --output artifacts/test-results "$@"
