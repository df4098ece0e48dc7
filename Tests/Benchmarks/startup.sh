#!/usr/bin/env bash
# Start-up cost of everyday commands, in instructions (valgrind --tool=callgrind: exact and
# repeatable on a noisy machine, where wall-clock medians of a few ms are not), each beside
# its floor (issue 28):
#   - tally inc: Tests/Benchmarks/floor/tally-inc-floor.swift, a minimal Swift program
#     (static runtime, the system's libsqlite3) making the same durable update to the same
#     database; the target is at most 1.1x;
#   - tillcount add, tillcount show, portfolio list: Tests/Benchmarks/floor/icu-hello.swift,
#     a static program that formats one amount through ICU; the target is at most 1.5x
#     (the dashboard, portfolio with no command: 2x);
#   - a static hello world, for scale.
#
#   Tests/Benchmarks/startup.sh [BIN_DIR]   default: .build/release (build it first, as
#                                           packaged: swift build -c release -Xswiftc
#                                           -static-stdlib -Xlinker -z -Xlinker now)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
bin=$(cd "${1:-$root/.build/release}" && pwd)
work=$(mktemp -d /tmp/moneykit-startup.XXXXXX)
trap 'rm -rf "$work"' EXIT
export HOME=$work XDG_DATA_HOME=$work/data XDG_CONFIG_HOME=$work/config XDG_STATE_HOME=$work/state LANG=C.UTF-8 TZ=UTC

# The floors, built as the tools are packaged (static Swift runtime, optimised, every
# symbol bound at start: -z now).
floor_flags=(-O -static-stdlib -Xlinker -z -Xlinker now)
echo 'print("hello")' >"$work/hello.swift"
(cd "$work" && swiftc "${floor_flags[@]}" hello.swift -o hello) 2>/dev/null
(cd "$work" && swiftc "${floor_flags[@]}" -I "$root/Sources/CSQLite" "$root/Tests/Benchmarks/floor/tally-inc-floor.swift" -o tally-inc-floor) 2>/dev/null
(cd "$work" && swiftc "${floor_flags[@]}" "$root/Tests/Benchmarks/floor/icu-hello.swift" -o icu-hello) 2>/dev/null

"$bin/tally" new visitors >/dev/null
"$bin/tillcount" add 20=3 >/dev/null 2>&1
"$bin/portfolio" add Savings 1000 --currency GBP >/dev/null 2>&1
"$bin/portfolio" add Pension 25000 --currency GBP >/dev/null 2>&1

# instructions COMMAND…: the instructions callgrind counts for one run.
instructions() {
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null | grep -m1 -o 'refs: *[0-9,]*' | tr -dc '0-9'
}
# row LABEL OURS FLOOR-LABEL FLOOR TARGET
row() {
    python3 -c "import sys; o, f = int(sys.argv[2]), int(sys.argv[4]); print('%-42s %6.2f M   %-18s %5.2f M   %5.2fx (target %s)' % (sys.argv[1], o / 1e6, sys.argv[3], f / 1e6, o / f, sys.argv[5]))" "$@"
}

hello=$(instructions "$work/hello")
icu=$(instructions "$work/icu-hello")
printf '%-42s %6.2f M\n' "static hello world" "$(python3 -c "print($hello / 1e6)")"

# tally inc and its floor, on copies of one database (the floor changes the same row).
"$(dirname "$0")/tally-stores.sh" "$bin/tally" "$work"
cp "$work/one.db" "$work/floor.db"
ours=$(instructions "$bin/tally" --file "$work/one.db" inc c)
floor=$(instructions "$work/tally-inc-floor" "$work/floor.db" c)
row "tally inc (1 counter)" "$ours" "sqlite3 floor" "$floor" "1.1x"
many=$(instructions "$bin/tally" --file "$work/k.db" inc counter500)
row "tally inc (1,000 counters, 100k events)" "$many" "tally inc (1)" "$ours" "1.05x"

row "tillcount add 20=1" "$(instructions "$bin/tillcount" add 20=1)" "ICU hello" "$icu" "1.5x"
row "tillcount show" "$(instructions "$bin/tillcount" show)" "ICU hello" "$icu" "1.5x"
row "portfolio list" "$(instructions "$bin/portfolio" list)" "ICU hello" "$icu" "1.5x"
row "portfolio (the dashboard)" "$(instructions "$bin/portfolio")" "ICU hello" "$icu" "2x"
row "billsplit 84.50 --tip 15 --people 3" "$(instructions "$bin/billsplit" 84.50 --tip 15 --people 3 --no-save)" "ICU hello" "$icu" "-"
