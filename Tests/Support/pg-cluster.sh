#!/bin/sh
# A throwaway PostgreSQL 15 cluster for the tests: a data folder and a Unix socket in a
# new temporary folder, no TCP at all. It holds an empty database moneykit_template
# (IS_TEMPLATE) that each test copies into a database of its own (CREATE DATABASE …
# TEMPLATE moneykit_template).
#
#   pg-cluster.sh start   prints the folder (the socket is FOLDER/.s.PGSQL.5432; use it as
#                         host=FOLDER); the cluster's files are in FOLDER/data. With
#                         PG_CLUSTER_LIFELINE=3, file descriptor 3 is the read end of a
#                         pipe whose writer is the test process: a watchdog left behind
#                         stops the server and removes the folder when that pipe closes,
#                         that is when the test process ends, however it ends
#   pg-cluster.sh stop FOLDER
#                         stops the server and removes the folder
#   pg-cluster.sh halt FOLDER
#                         stops the server and keeps its files (for tests of a server
#                         that is down)
#   pg-cluster.sh resume FOLDER
#                         starts a halted server again, with the same settings
#
# PG_CLUSTER_OPTIONS adds server settings at start (e.g. "-c ssl=on -c ssl_cert_file=…").
#
# initdb and pg_ctl refuse to run as root: as root they run as the `postgres` user
# (PG_CLUSTER_USER to choose another). PG_BIN names the server programs' folder
# (default: the newest /usr/lib/postgresql/*/bin). A start that fails stops what it started and
# removes the folder, then exits non-zero with the log on stderr.
set -eu

# The newest PostgreSQL installed the Debian way, unless PG_BIN names one.
PG_BIN=${PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)}
PG_BIN=${PG_BIN:-/usr/lib/postgresql/15/bin}
RUN_AS=${PG_CLUSTER_USER:-postgres}

# Runs a command as the cluster's owner (as ourselves when we are not root).
as_owner() {
    if [ "$(id -u)" -eq 0 ]; then
        runuser -u "$RUN_AS" -- "$@"
    else
        "$@"
    fi
}

# Starts the server of FOLDER with the settings saved at its first start.
run_server() {
    as_owner "$PG_BIN/pg_ctl" -D "$1/data" -l "$1/data/server.log" -w -t 60 -o "$(cat "$1/options")" start
}

stop_cluster() {
    folder=$1
    # Only a folder this script made (it holds our marker) is ever removed.
    [ -f "$folder/.pg-cluster" ] || { echo "pg-cluster: $folder is not a cluster made by this script" >&2; return 1; }
    if [ -f "$folder/data/postmaster.pid" ]; then
        as_owner "$PG_BIN/pg_ctl" -D "$folder/data" -m immediate -w -t 30 stop >/dev/null 2>&1 || true
    fi
    rm -rf -- "$folder"
}

start_cluster() {
    [ -x "$PG_BIN/initdb" ] || { echo "pg-cluster: $PG_BIN/initdb not found (install postgresql-15)" >&2; exit 69; }
    folder=$(mktemp -d "${TMPDIR:-/tmp}/moneykit-pg.XXXXXX")
    : >"$folder/.pg-cluster"
    # From here on, a failure (or a signal) removes everything this run made.
    trap 'status=$?; [ -f "$folder/log" ] && cat "$folder/log" >&2; stop_cluster "$folder"; exit $(( status == 0 ? 1 : status ))' EXIT
    trap 'exit 1' HUP INT TERM
    if [ "$(id -u)" -eq 0 ]; then
        chown "$RUN_AS" "$folder"
        chmod 0755 "$folder"
    fi
    as_owner "$PG_BIN/initdb" -D "$folder/data" -U postgres -A trust --no-sync -E UTF8 --locale=C.UTF-8 >"$folder/log" 2>&1 \
        || as_owner "$PG_BIN/initdb" -D "$folder/data" -U postgres -A trust --no-sync -E UTF8 --locale=C >"$folder/log" 2>&1
    # listen_addresses='' : no TCP; the socket in the folder, open to every local user
    # (the tests run as root, the server as postgres).
    # The template every test's database is copied from, made in single-user mode
    # before the server listens (so it needs no connection settings).
    echo "CREATE DATABASE moneykit_template IS_TEMPLATE true" |
        as_owner "$PG_BIN/postgres" --single -D "$folder/data" -c fsync=off postgres >>"$folder/log" 2>&1
    # One cluster serves every suite of a test run at once: room for each suite's test
    # and the eight clients of the concurrency tests.
    printf '%s' "-c listen_addresses='' -c unix_socket_directories='$folder' -c unix_socket_permissions=0777 -c fsync=off -c max_connections=200 ${PG_CLUSTER_OPTIONS:-}" >"$folder/options"
    run_server "$folder" 3<&- >>"$folder/log" 2>&1 || { cat "$folder/data/server.log" >>"$folder/log" 2>/dev/null; exit 1; }
    trap - EXIT HUP INT TERM
    rm -f -- "$folder/log"
    if [ "${PG_CLUSTER_LIFELINE:-}" = 3 ]; then
        watch_lifeline "$folder" </dev/null >/dev/null 2>&1 &
    fi
    echo "$folder"
}

# Waits, deaf to signals (a Ctrl-C of the test run must not kill it first), until every
# writer of the pipe on descriptor 3 has gone, then stops the cluster of FOLDER (if a
# test has not stopped it already).
watch_lifeline() {
    trap '' HUP INT TERM QUIT
    cat <&3 >/dev/null 2>&1 || true
    [ -f "$1/.pg-cluster" ] && stop_cluster "$1"
}

case ${1:-} in
start) start_cluster ;;
stop)
    [ $# -eq 2 ] || { echo "usage: pg-cluster.sh stop FOLDER" >&2; exit 64; }
    stop_cluster "$2"
    ;;
halt)
    [ $# -eq 2 ] && [ -f "$2/.pg-cluster" ] || { echo "usage: pg-cluster.sh halt FOLDER" >&2; exit 64; }
    as_owner "$PG_BIN/pg_ctl" -D "$2/data" -m fast -w -t 30 stop >/dev/null
    ;;
resume)
    [ $# -eq 2 ] && [ -f "$2/.pg-cluster" ] || { echo "usage: pg-cluster.sh resume FOLDER" >&2; exit 64; }
    run_server "$2" >/dev/null
    ;;
*)
    echo "usage: pg-cluster.sh start | stop FOLDER | halt FOLDER | resume FOLDER" >&2
    exit 64
    ;;
esac
