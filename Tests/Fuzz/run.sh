#!/usr/bin/env bash
# Runs the libFuzzer harnesses in Tests/Fuzz for a fixed number of runs each.
#
#   Tests/Fuzz/run.sh                 # every harness, 200000 runs each
#   Tests/Fuzz/run.sh --runs 10000    # fewer runs
#   Tests/Fuzz/run.sh --only CSV      # only harnesses whose name contains CSV
#   Tests/Fuzz/run.sh --keep DIR      # build and corpora in DIR (kept), not a fresh temp dir
#   SWIFTC=/path/to/swiftc Tests/Fuzz/run.sh
#
# Harnesses: FuzzMoneyParser (MoneyKit), FuzzArgumentParser and FuzzCSV (MoneyKitCLI and
# what it imports: MoneyKit, MoneyKitStorage, MoneyKitPlatform, MoneyKitProcess). Straight
# with swiftc (no `swift build`, the package's .build is not touched): each target a
# harness needs is compiled, in the order they import one another, into a static library
# and a module in the work dir,
#   swiftc -sanitize=fuzzer,address -parse-as-library -O -package-name MoneyKit \
#       -module-name T -emit-module -emit-library -static Sources/T/*.swift
# then the harness against them, and run with -runs=N -max_len=512, the corpus in the
# work dir. Needs a Linux toolchain that ships libFuzzer (swift.org toolchains do). Exit
# status: 0 if no harness crashed, 1 if any did (the crashing input's path is printed; a
# harness log is beside it), 2 on a build or usage error. A crash input reproduces with:
# BINARY CRASH_FILE
set -uo pipefail

runs=200000
only=""
work=""
while [ $# -gt 0 ]; do
    case "$1" in
        --runs) runs="${2:?--runs needs a number}"; shift 2 ;;
        --runs=*) runs="${1#--runs=}"; shift ;;
        --only) only="${2:?--only needs a name}"; shift 2 ;;
        --keep) work="${2:?--keep needs a directory}"; shift 2 ;;
        -h|--help) sed -n '2,22p' "$0"; exit 0 ;;
        *) echo "run.sh: unknown argument '$1' (try --help)" >&2; exit 2 ;;
    esac
done
case "$runs" in ''|*[!0-9]*) echo "run.sh: --runs needs a number, not '$runs'" >&2; exit 2 ;; esac

here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
swiftc="${SWIFTC:-$(command -v swiftc || echo /opt/swift/usr/bin/swiftc)}"
if [ -z "$work" ]; then work="$(mktemp -d "${TMPDIR:-/tmp}/moneykit-fuzz.XXXXXX")"; fi
mkdir -p "$work"
echo "run.sh: work dir $work, $runs runs per harness, swiftc $swiftc"

# name : the targets it links, each after the ones it imports
harnesses=(
    "FuzzMoneyParser:MoneyKit"
    "FuzzArgumentParser:MoneyKitPlatform MoneyKit MoneyKitStorage MoneyKitProcess MoneyKitCLI"
    "FuzzCSV:MoneyKitPlatform MoneyKit MoneyKitStorage MoneyKitProcess MoneyKitCLI"
)

# Compiles target $1 of Sources into $modules (once per run.sh), instrumented as the harnesses are.
modules="$work/modules"
mkdir -p "$modules"
built=" "
build_target() {
    case "$built" in *" $1 "*) return 0 ;; esac
    echo "== $1: building"
    if ! "$swiftc" -sanitize=fuzzer,address -parse-as-library -O -package-name MoneyKit -module-name "$1" \
        -emit-module -emit-module-path "$modules/$1.swiftmodule" -I "$modules" \
        -emit-library -static -o "$modules/lib$1.a" "$root/Sources/$1/"*.swift > "$modules/$1.log" 2>&1; then
        grep -v "Cannot export local symbol" "$modules/$1.log" >&2
        echo "run.sh: $1 did not build (log: $modules/$1.log)" >&2
        exit 2
    fi
    built="$built$1 "
}

failed=0
summary=()
for entry in "${harnesses[@]}"; do
    name="${entry%%:*}"
    dirs="${entry#*:}"
    if [ -n "$only" ] && [[ "$name" != *"$only"* ]]; then continue; fi

    corpus="$work/$name/corpus"
    crashes="$work/$name/crashes"
    rm -rf "$crashes"
    mkdir -p "$corpus" "$crashes"
    links=()
    for target in $dirs; do
        build_target "$target"
        links=("-l$target" "${links[@]}")  # a library before the ones it uses
    done
    sources=("$here/$name.swift")
    # The argument parser is fuzzed against the unit tests' sample spec, not a copy of it.
    if [ "$name" = FuzzArgumentParser ]; then sources+=("$root/Tests/MoneyKitCLITests/SampleSpec.swift"); fi

    # A few seeds in a new corpus, so that the runs start from valid inputs.
    if [ -z "$(ls -A "$corpus")" ]; then
        i=0
        case "$name" in
            FuzzMoneyParser) seeds=('\x00USD 12.34' '\x01-$5' '\x02¥-1000' '\x03+0.1234' '\x04kr. 7.5'
                '\x00-92233720368547758.08' '\x0215%' '\x03 0.000000000000000001 ') ;;
            FuzzArgumentParser) seeds=('new\ncoffee\n--step\n2' 'list\n--format=json\n-a' 'inc\n-t\nx\n--times\n-3'
                'help\nconfig\nget' 'rm\n-fa\n--\n-x' 'set\n-n5\na=1\nb=2' '--file\n/tmp/x\nshow\n--fo' '--help' '--version') ;;
            FuzzCSV) seeds=('a,b,c\n1,2,3\n' '"x ""y""",z\r\n' '"multi\nline",=1+2\n' 'a\r\r\n,\n' '"open') ;;
            *) seeds=() ;;
        esac
        for seed in "${seeds[@]}"; do printf %b "$seed" > "$corpus/seed$i"; i=$((i + 1)); done
    fi

    binary="$work/$name/$name"
    echo "== $name: building"
    # ld.gold warns about every ASan helper symbol; keep those out of the way.
    if ! "$swiftc" -sanitize=fuzzer,address -parse-as-library -O -package-name MoneyKit -module-name "$name" \
        -I "$modules" -L "$modules" "${sources[@]}" "${links[@]}" -o "$binary" > "$work/$name/build.log" 2>&1; then
        grep -v "Cannot export local symbol" "$work/$name/build.log" >&2
        echo "run.sh: $name did not build (log: $work/$name/build.log)" >&2
        exit 2
    fi

    echo "== $name: $runs runs"
    log="$work/$name/fuzz.log"
    start=$(date +%s)
    (cd "$crashes" && "$binary" -runs="$runs" -max_len=512 -print_final_stats=1 \
        -artifact_prefix="$crashes/" "$corpus") > "$log" 2>&1
    status=$?
    seconds=$(( $(date +%s) - start ))
    execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -1)
    rate=$(grep -o 'stat::average_exec_per_sec: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -1)
    cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1)
    inputs=$(ls "$crashes" 2>/dev/null | sed "s|^|$crashes/|")
    if [ $status -ne 0 ] || [ -n "$inputs" ]; then
        failed=1
        echo "!! $name CRASHED (exit $status) after ${seconds}s; log: $log" >&2
        grep -m1 -E 'Fatal error|ERROR: (AddressSanitizer|libFuzzer)|SUMMARY' "$log" >&2
        for input in $inputs; do
            echo "   crashing input: $input" >&2
            echo "   hex: $(od -An -tx1 -v "$input" | tr -d ' \n')" >&2
        done
        summary+=("$name: CRASH after ${seconds}s, ${execs:-?} runs, ${rate:-?} exec/s")
    else
        summary+=("$name: ok, ${seconds}s, ${execs:-?} runs, ${rate:-?} exec/s, $cov, corpus $(ls "$corpus" | wc -l) files")
    fi
done

echo "== summary (work dir $work)"
printf '  %s\n' "${summary[@]}"
exit $failed
