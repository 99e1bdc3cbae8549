#!/usr/bin/env bash
# Run a command with a throwaway PostgreSQL server and MUS_TEST_POSTGRES pointing at its database, e.g.
#   bash scripts/with_postgres.sh .venv/bin/python -m pytest -m postgres
# Installs Debian's postgresql when no pg_ctl is found. The cluster lives in a temporary folder, on a free port of
# 127.0.0.1 with its socket in that folder, fsync off (test data only), and is stopped and removed on exit,
# whatever the command's result (which is this script's). With MUS_TEST_POSTGRES already set, that server is used.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -n "${MUS_TEST_POSTGRES:-}" ]; then
    exec "$@"
fi
source scripts/_venv.sh

pg_bin() {
    ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1
}
if [ -z "$(pg_bin)" ] || [ ! -x "$(pg_bin)/pg_ctl" ]; then
    apt_install postgresql
fi
PG=$(pg_bin)
folder=$(mktemp -d)
# PostgreSQL refuses to run as root: as root the cluster belongs to the postgres user.
as_owner() {
    if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
if [ "$(id -u)" -eq 0 ]; then chown postgres "$folder"; fi
stop() {
    as_owner "$PG/pg_ctl" -D "$folder/data" -m fast -w stop >/dev/null 2>&1 || true
    rm -rf "$folder"
}
trap stop EXIT
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
as_owner "$PG/initdb" -D "$folder/data" -A trust -U mus --no-sync >"$folder/initdb.log" 2>&1 \
    || { cat "$folder/initdb.log" >&2; exit 1; }
as_owner "$PG/pg_ctl" -D "$folder/data" -l "$folder/log" -w start \
    -o "-p $port -k $folder -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" >/dev/null \
    || { cat "$folder/log" >&2; exit 1; }
"$PG/psql" -q -h 127.0.0.1 -p "$port" -U mus -d postgres -c "create database mus_test"
export MUS_TEST_POSTGRES="postgresql://mus@127.0.0.1:$port/mus_test"
echo "PostgreSQL ($PG) for the tests: $MUS_TEST_POSTGRES" >&2
status=0
"$@" || status=$?
exit "$status"
