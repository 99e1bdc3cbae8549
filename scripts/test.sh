#!/usr/bin/env bash
# Install what the tests need (Debian's chromium-headless-shell, .venv with the project and its test extras) and run
# every test that CI runs: the real-browser, packaging and PostgreSQL tests included. Extra arguments go to pytest
# (e.g. -k home, tests/i18n/test_i18n.py).
#
# Options, before pytest's arguments:
#   --fast         the fast suite for everyday work: FAST below (no browser, no PostgreSQL, no soak), no chromium
#                  installed and no PostgreSQL started. The one definition of the fast suite; docs point here.
#   --no-postgres  everything but the PostgreSQL tests (they skip, saying why) and no server started.
#   --dry-run      print the command that would run, install nothing, run nothing.
# By default the store's tests run against a throwaway PostgreSQL server as well, as in CI
# (scripts/with_postgres.sh; MUS_TEST_POSTGRES, if set, names a server to use instead).
# With CI=true, browser and PostgreSQL tests fail instead of skipping when chromium or the server is missing.
# The tests run in MUS_TEST_WORKERS parallel processes (pytest-xdist; default 4: the browser tests mostly wait on
# chromium and on the pages' pacing, so more processes than the 2 cores pay; 0 runs them in this one process).
# Browser screenshots are taken only with MUS_SCREENSHOTS=1 (into artifacts/screenshots/).
set -euo pipefail
cd "$(dirname "$0")/.."
FAST="not browser and not postgres and not slow"
with_postgres=true
browsers=true
fast=()
dry_run=false
while [ "$#" -gt 0 ]; do
    case "$1" in
        --fast) fast=(-m "$FAST"); with_postgres=false; browsers=false ;;
        --no-postgres) with_postgres=false ;;
        --postgres) with_postgres=true ;;  # the default since PostgreSQL runs with every test; kept for old notes
        --dry-run) dry_run=true ;;
        *) break ;;
    esac
    shift
done
postgres=()
if [ "$with_postgres" = "true" ]; then
    postgres=(bash scripts/with_postgres.sh)
fi
command=("${postgres[@]}" .venv/bin/python -m pytest -ra --durations=15 -n "${MUS_TEST_WORKERS:-4}" --dist worksteal
         --screenshot only-on-failure --output artifacts/test-results "${fast[@]}" "$@")
if [ "$dry_run" = "true" ]; then
    printf '%q ' "${command[@]}"
    printf '\n'
    exit 0
fi
source scripts/_venv.sh
need=()
# Chromium's headless shell (the same Blink as chromium, without the browser's window code): half of chromium's CPU
# in the browser tests, which is most of a run's CPU. CHROMIUM_PATH names another binary instead.
if [ "$browsers" = "true" ] && [ -z "${CHROMIUM_PATH:-}" ] && ! command -v chromium-headless-shell >/dev/null 2>&1
then
    need+=(chromium-headless-shell)
fi
ensure_venv test "${need[@]}"
mkdir -p artifacts
exec "${command[@]}"
