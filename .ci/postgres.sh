#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for the tests (ADR 020), used by .ci/run and usable by hand:
#   .ci/postgres.sh start DIR [PORT]   creates DIR/data, starts the server on 127.0.0.1:PORT (a free
#                                      port when omitted) and prints the TEST_DATABASE_URL to use
#   .ci/postgres.sh stop DIR           stops that server and removes DIR
# The cluster runs as the calling user or, when that is root (PostgreSQL refuses to run as root), as
# the `postgres` user (created if missing). It is made for tests: no fsync, trust authentication on
# 127.0.0.1 and a socket inside DIR only. Logs go to DIR/postgres.log; messages go to stderr.
set -euo pipefail

bindir() {
  local dir
  dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
  [ -n "$dir" ] && [ -x "$dir/initdb" ] || { echo "no PostgreSQL server found under /usr/lib/postgresql (apt-get install postgresql)" >&2; exit 1; }
  echo "$dir"
}

# Runs a command as the cluster's owner.
as_owner() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

free_port() {
  node -e "const s = require('node:net').createServer(); s.listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); });"
}

start() {
  local dir=$1 port=${2:-} bin
  bin=$(bindir)
  [ -n "$port" ] || port=$(free_port)
  mkdir -p "$dir"
  if [ "$(id -u)" -eq 0 ]; then
    id postgres >/dev/null 2>&1 || useradd --system --no-create-home --shell /usr/sbin/nologin postgres
    chown postgres "$dir"
  fi
  as_owner "$bin/initdb" -D "$dir/data" -U postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 ||
    { cat "$dir/initdb.log" >&2; exit 1; }
  # Test settings: durability off (the cluster is thrown away), enough connections for parallel test files.
  as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/postgres.log" -w -t 60 start \
    -o "-h 127.0.0.1 -p $port -k $dir -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300" >&2 ||
    { cat "$dir/postgres.log" >&2; exit 1; }
  # The tests' role creates and drops a database per test file: CREATEDB, not a superuser.
  as_owner "$bin/psql" -X -q -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$port" -U postgres -d postgres \
    -c "create role academy login createdb" -c "create database academy owner academy" >&2
  echo "postgres://academy@127.0.0.1:$port/academy"
}

stop() {
  local dir=$1 bin
  bin=$(bindir)
  if [ -f "$dir/data/postmaster.pid" ]; then as_owner "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >&2 || true; fi
  rm -rf "$dir"
}

case "${1:-}" in
  start) start "${2:?DIR}" "${3:-}" ;;
  stop) stop "${2:?DIR}" ;;
  *) echo "usage: $0 start DIR [PORT] | stop DIR" >&2; exit 2 ;;
esac
