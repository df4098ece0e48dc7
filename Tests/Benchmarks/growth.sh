#!/usr/bin/env bash
# How portfolio's costs grow with the size of the history, beside ledger and hledger doing
# the same work on the same data (issue 28, item 5): 1k, 10k, 100k and 1M updates of 100
# accounts (generate.py), four operations, each measured on every side in turn so that the
# machine's moods hit all sides alike. Writes Tests/Benchmarks/growth.svg (drawn by
# growth-svg.py) and prints the table of medians and ratios that goes under it in the README.
#
#   Tests/Benchmarks/growth.sh                 1k to 1M (hledger needs ~9 GB and minutes at 1M)
#   GROWTH_SIZES="1000 10000" Tests/Benchmarks/growth.sh
#   GROWTH_SKIP_BUILD=1 …                       measure the release build already in .build
#
# The operations and their peers:
#   import        portfolio import FILE.csv      ledger balance, hledger balance (each reads
#                                                the whole journal, as any of their commands must)
#   export        portfolio export               ledger print, hledger print
#   list          portfolio list                 ledger balance, hledger balance
#   month table   portfolio table --period month ledger register --monthly, hledger balance -H -M
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
sizes=(${GROWTH_SIZES:-1000 10000 100000 1000000})

need=()
for tool in ledger hledger chrpath; do command -v "$tool" >/dev/null || need+=("$tool"); done
if ((${#need[@]})); then
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq && apt-get install -y -qq "${need[@]}" >/dev/null
fi

work=$(mktemp -d /tmp/moneykit-growth.XXXXXX)
trap 'rm -rf "$work"' EXIT
# The tool as the Debian package ships it (see run.sh).
if [[ -z ${GROWTH_SKIP_BUILD:-} ]]; then
    echo "building portfolio in release (static Swift runtime, as packaged)…" >&2
    swift build -c release -Xswiftc -static-stdlib -Xlinker -z -Xlinker now --product portfolio >/dev/null
fi
strip --remove-section=.comment --remove-section=.note -o "$work/portfolio" "$root/.build/release/portfolio"
chrpath --delete "$work/portfolio" >/dev/null
export HOME=$work/home TZ=UTC LANG=C.UTF-8
mkdir -p "$HOME"
results=$work/results.tsv
printf 'size\toperation\ttool\tcommand\tms\n' > "$results"

# runs SIZE: how many times each command runs at that size (one at 1M: hledger takes a
# minute a run there).
runs() { if (($1 >= 1000000)); then echo 1; elif (($1 >= 100000)); then echo 3; else echo 7; fi; }

# elapsed COMMAND: its wall clock in milliseconds (its output thrown away).
elapsed() {
    local start end
    start=$(date +%s%N)
    bash -c "$1" >/dev/null 2>&1
    end=$(date +%s%N)
    echo $(((end - start) / 1000))
}

for size in "${sizes[@]}"; do
    echo "$size updates…" >&2
    python3 "$root/Tests/Benchmarks/generate.py" "$size" "$work" >/dev/null
    csv=$work/updates-$size.csv journal=$work/updates-$size.journal db=$work/p-$size.sqlite
    "$work/portfolio" --db "$db" import "$csv" >/dev/null 2>&1
    # operation|tool|command, measured in turn within each run.
    commands=(
        "import|portfolio|rm -f $work/i.sqlite*; $work/portfolio --db $work/i.sqlite import $csv"
        "import|ledger|ledger -f $journal balance"
        "import|hledger|hledger -f $journal balance"
        "export|portfolio|$work/portfolio --db $db export"
        "export|ledger|ledger -f $journal print"
        "export|hledger|hledger -f $journal print"
        "list|portfolio|$work/portfolio --db $db list"
        "list|ledger|ledger -f $journal balance"
        "list|hledger|hledger -f $journal balance"
        "month table|portfolio|$work/portfolio --db $db table --period month"
        "month table|ledger|ledger -f $journal register --monthly ^Assets"
        "month table|hledger|hledger -f $journal balance --historical --monthly"
    )
    declare -A times=()
    for ((run = 1; run <= $(runs "$size"); run++)); do
        for entry in "${commands[@]}"; do
            IFS='|' read -r operation tool command <<<"$entry"
            times[$operation|$tool]+="$(elapsed "$command") "
        done
    done
    for entry in "${commands[@]}"; do
        IFS='|' read -r operation tool command <<<"$entry"
        median=$(printf '%s\n' ${times[$operation|$tool]} | sort -n | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)] / 1000}')
        printf '%s\t%s\t%s\t%s\t%s\n' "$size" "$operation" "$tool" "${command//$work\//}" "$median" >> "$results"
    done
    unset times
    rm -f "$csv" "$journal" "$db"* "$work"/i.sqlite*
done

python3 "$root/Tests/Benchmarks/growth-svg.py" "$results" "$root/Tests/Benchmarks/growth.svg" \
    "$(uname -m), $(nproc) cores, $(date -u +%Y-%m-%d)"
