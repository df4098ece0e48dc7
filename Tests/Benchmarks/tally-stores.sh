#!/usr/bin/env bash
# The tally stores the benchmarks measure, made in FOLDER with the tally binary given:
#   one.db  one counter, c;
#   k.db    1,000 counters (counter0…counter999) and 100,000 logged events, 100 per
#           counter: written straight into the log table (100,000 runs of tally inc
#           would take minutes), rows as tally inc writes them.
#   Tests/Benchmarks/tally-stores.sh TALLY FOLDER
set -euo pipefail
tally=$1
work=$2
rm -f "$work"/one.db* "$work"/k.db*
"$tally" --file "$work/one.db" new c >/dev/null
python3 - "$work/k.csv" <<'PY'
import sys
with open(sys.argv[1], "w") as f:
    f.write("name,count,start,step,pinned,created\n")
    for i in range(1000):
        f.write(f"counter{i},100,0,1,false,2026-01-01T00:00:00Z\n")
PY
"$tally" --file "$work/k.db" import "$work/k.csv" 2>/dev/null
sqlite3 "$work/k.db" "
WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 99999)
INSERT INTO events (change_id, serial, at, kind, count_before, count_after)
SELECT 1, i % 1000 + 1, 1767225600000 + i * 60000, 'inc', i / 1000, i / 1000 + 1 FROM n;"
