#!/usr/bin/env bash
# Startup cost of three everyday commands, in instructions (valgrind --tool=callgrind:
# exact and repeatable on a noisy machine, where wall-clock medians of a few ms are not).
#
#   Tests/Benchmarks/startup.sh [BIN_DIR]   default: .build/release (build it first)
#
# Prints one line per command: its instruction total. Compare two builds (before and
# after a change) by running this on each.
set -euo pipefail
bin=$(cd "${1:-.build/release}" && pwd)
work=$(mktemp -d /tmp/moneykit-startup.XXXXXX)
trap 'rm -rf "$work"' EXIT
export HOME=$work XDG_DATA_HOME=$work/data XDG_CONFIG_HOME=$work/config XDG_STATE_HOME=$work/state LANG=C.UTF-8 TZ=UTC
"$bin/tally" new visitors >/dev/null
"$bin/portfolio" add Savings 1000 --currency GBP >/dev/null 2>&1
"$bin/portfolio" add Pension 25000 --currency GBP >/dev/null 2>&1
measure() {
    local label=$1
    shift
    local out=$work/callgrind.out
    valgrind --tool=callgrind --callgrind-out-file="$out" "$@" >/dev/null 2>"$work/valgrind.log"
    printf '%-40s %s\n' "$label" "$(grep -m1 -o 'refs: *[0-9,]*' "$work/valgrind.log" | tr -dc '0-9')"
}
measure "tally inc visitors" "$bin/tally" inc visitors
measure "billsplit 84.50 --tip 15 --people 3" "$bin/billsplit" 84.50 --tip 15 --people 3
measure "portfolio list" "$bin/portfolio" list
