#!/usr/bin/env bash
# The long crash test (the quick one, ≥50 kills per store, runs in swift test): kill -9
# each tool at random instants while it writes, KILLS times per store (default 500), and
# check after every kill that the store opens and holds the old state or the new one.
#
#   Tests/Reliability/crash-loop.sh [KILLS]
#
# Stores: tally's JSON document, tillcount's JSON live count and SQLite history,
# billsplit's JSON preferences, portfolio's SQLite database. Exit 1 on the first torn
# or unreadable store, naming it.
set -uo pipefail
cd "$(dirname "$0")/../.."
kills=${1:-500}
swift build -c release >/dev/null || exit 2
bin=$PWD/.build/release
work=$(mktemp -d /tmp/moneykit-crash.XXXXXX)
trap 'rm -rf "$work"' EXIT
export HOME=$work XDG_DATA_HOME=$work/data XDG_STATE_HOME=$work/state XDG_CONFIG_HOME=$work/config TZ=UTC LANG=C.UTF-8

# kill_at_random COMMAND…: start it, SIGKILL it after 0–15 ms (it may have finished).
kill_at_random() {
    "$@" >/dev/null 2>&1 &
    local pid=$!
    sleep "0.00$((RANDOM % 16))"
    kill -9 "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
    return 0
}

fail() { echo "FAILED after kill $1: $2" >&2; exit 1; }

export TALLY_FILE=$work/tally.json
for i in $(seq 50); do "$bin/tally" new "filler $i" >/dev/null; done
"$bin/tally" new c >/dev/null
for i in $(seq "$kills"); do
    before=$("$bin/tally" get c)
    kill_at_random "$bin/tally" inc c
    after=$("$bin/tally" get c) || fail "$i" "tally store unreadable"
    [[ $after == "$before" || $after == $((before + 1)) ]] || fail "$i" "tally count $before became $after"
done
echo "tally: $kills kills, the store always old or new"

export TILLCOUNT_STATE=$work/till.json TILLCOUNT_DB=$work/till.sqlite
"$bin/tillcount" currency GBP >/dev/null 2>&1
for i in $(seq "$kills"); do
    before=$("$bin/tillcount" show --format json | grep -c '"token"')
    if ((i % 2)); then kill_at_random "$bin/tillcount" add 20 10 5 0.50
    else kill_at_random "$bin/tillcount" save; fi
    "$bin/tillcount" show --format json >/dev/null || fail "$i" "tillcount live count unreadable"
    "$bin/tillcount" history --format json >/dev/null || fail "$i" "tillcount history unreadable"
done
echo "tillcount: $kills kills, the live count and the history always readable"

export BILLSPLIT_CONFIG=$work/prefs.json
for i in $(seq "$kills"); do
    kill_at_random "$bin/billsplit" 10 --people $((i % 20 + 1)) --currency USD
    "$bin/billsplit" prefs --format json >/dev/null || fail "$i" "billsplit preferences unreadable"
done
echo "billsplit: $kills kills, the preferences always readable"

export PORTFOLIO_DB=$work/portfolio.sqlite
"$bin/portfolio" add A 1 --date 2020-01-01 --currency GBP >/dev/null 2>&1
for i in $(seq "$kills"); do
    before=$("$bin/portfolio" list --format json | grep -o '"updates": [0-9]*' | grep -o '[0-9]*$')
    kill_at_random "$bin/portfolio" update A "$i" --date "2021-01-01T00:00:00Z"
    after=$("$bin/portfolio" list --format json | grep -o '"updates": [0-9]*' | grep -o '[0-9]*$') || fail "$i" "portfolio unreadable"
    [[ $after == "$before" || $after == $((before + 1)) ]] || fail "$i" "portfolio updates $before became $after"
done
echo "portfolio: $kills kills, the database always old or new"
echo "crash loop: $((kills * 4)) kills, no torn store"
