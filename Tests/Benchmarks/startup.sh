#!/usr/bin/env bash
# Startup cost of three everyday commands, in instructions (valgrind --tool=callgrind:
# exact and repeatable on a noisy machine, where wall-clock medians of a few ms are not).
#
#   Tests/Benchmarks/startup.sh [BIN_DIR]   default: .build/release (build it first)
#
# Prints one line per command: its instruction total (and tally inc's ratio, large
# store to small). Compare two builds (before and
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
# tally inc must not grow with the store: 1 counter against 1,000 counters and 100,000
# logged events (the target: at most 1.2 times the instructions).
"$(dirname "$0")/tally-stores.sh" "$bin/tally" "$work"
one=$(measure "tally inc (1 counter)" "$bin/tally" --file "$work/one.db" inc c | tee /dev/stderr | awk '{print $NF}')
many=$(measure "tally inc (1,000 counters, 100k events)" "$bin/tally" --file "$work/k.db" inc counter500 | tee /dev/stderr | awk '{print $NF}')
printf '%-40s %s\n' "ratio (1,000 + 100k events / 1)" "$(python3 -c "print('%.3f' % ($many / $one))")"
measure "billsplit 84.50 --tip 15 --people 3" "$bin/billsplit" 84.50 --tip 15 --people 3
measure "portfolio list" "$bin/portfolio" list
