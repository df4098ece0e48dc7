#!/usr/bin/env bash
# The libraries an app links (MoneyKit, MoneyKitFormatting, MoneyKitPlatform, MoneyKitStorage,
# MoneyKitCodable, MoneyKitDecimal and the four kits) use no process, signal or terminal API, no storage adapter or C
# library, and nothing newer than the platforms Package.swift declares (issue 27, item 3).
# No Apple SDK is here and this toolchain accepts all of that silently, so
# .ci/app-facing-forbidden.txt lists it; this script fails naming FILE:LINE for each use in
# those targets' code (comments removed), for each import of a target that is not
# app-facing, and for each dependency Package.swift gives them on one.
#
#   .ci/check-app-facing.sh                the package this script is in
#   .ci/check-app-facing.sh --root DIR     the package at DIR (what the self-test runs)
#   .ci/check-app-facing.sh --self-test    each entry of the list, written into a fixture,
#                                          is caught, and not in a comment; the clean fixture
#                                          passes; a dependency on an adapter is caught
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
list=$here/app-facing-forbidden.txt
root=$(cd "$here/.." && pwd)
mode=check
while (($#)); do
    case $1 in
        --root) root=$(cd "$2" && pwd); shift 2 ;;
        --self-test) mode=self-test; shift ;;
        *) echo "usage: $0 [--root DIR | --self-test]" >&2; exit 64 ;;
    esac
done

# The list: app-facing targets, and the entries (pattern, example, why).
targets=() patterns=() examples=() whys=()
while IFS=$'\t' read -r kind first second third; do
    case $kind in
        '' | '#'*) ;;
        target) targets+=("$first") ;;
        use) patterns+=("$first") examples+=("$second") whys+=("$third") ;;
        *) echo "$list: unknown line kind '$kind'" >&2; exit 2 ;;
    esac
done <"$list"

# Code with comments removed, line for line (so line numbers stay): // to the end of the
# line and /* */ (nested, as Swift allows) go; what is inside a string literal ("…",
# """…""", #"…"#) is code. A line holding `app-facing: allowed` is skipped whole.
strip_comments() {
    awk '
    FNR == 1 { if (NR > 1) close(target); target = outroot "/" FILENAME; depth = 0; quote = 0 }
    {
        line = $0; out = ""; n = length(line); i = 1
        allowed = index(line, "app-facing: allowed") > 0
        while (i <= n) {
            c = substr(line, i, 1); two = substr(line, i, 2)
            if (depth > 0) {
                if (two == "*/") { depth--; i += 2 } else if (two == "/*") { depth++; i += 2 } else i++
                continue
            }
            if (quote > 0) {
                # The closing delimiter: the quotes it opened with, then as many #.
                closing = (quote == 3 ? "\"\"\"" : "\"") hashes
                if (hashes == "" && c == "\\") { out = out two; i += 2; continue }
                if (substr(line, i, length(closing)) == closing) {
                    out = out closing; i += length(closing); quote = 0; continue
                }
                out = out c; i++; continue
            }
            if (two == "//") break
            if (two == "/*") { depth = 1; i += 2; continue }
            if (c == "#" || c == "\"") {
                # A string opens here: #…#" (raw) or ", three quotes for a multi-line one.
                j = i; hashes = ""
                while (substr(line, j, 1) == "#") { hashes = hashes "#"; j++ }
                if (substr(line, j, 1) == "\"") {
                    quote = (substr(line, j, 3) == "\"\"\"") ? 3 : 1
                    opening = hashes (quote == 3 ? "\"\"\"" : "\"")
                    out = out opening; i = j + (quote == 3 ? 3 : 1); continue
                }
            }
            out = out c; i++
        }
        # A one-line string cannot run past its line (an unterminated one ends here).
        if (quote == 1) quote = 0
        print (allowed ? "" : out) > target
    }' outroot="$1" "${@:2}"
}

# Package.swift as SwiftPM reads it: "target NAME PATH" and "dependency NAME ON" lines.
# SwiftPM's scratch folder is a temporary one (not .build, which a build may hold locked),
# or the self-test's, which keeps the compiled manifests between its runs.
package_facts() {
    local scratch=${CHECK_APP_FACING_SCRATCH:-}
    [[ -n $scratch ]] || scratch=$(mktemp -d)
    if ! swift package --package-path "$1" --scratch-path "$scratch" dump-package >"$scratch/package.json"; then
        echo "check-app-facing: SwiftPM cannot read $1/Package.swift" >&2
        return 1
    fi
    python3 - "$scratch/package.json" <<'EOF'
import json, sys
package = json.load(open(sys.argv[1]))
for target in package["targets"]:
    name = target["name"]
    folder = "Tests" if target["type"] == "test" else "Sources"
    print("target", name, target.get("path") or f"{folder}/{name}")
    for dependency in target.get("dependencies", []):
        kind, value = next(iter(dependency.items()))
        on = value[0] if kind in ("byName", "target") else "product:" + value[0]
        print("dependency", name, on)
EOF
    [[ -n ${CHECK_APP_FACING_SCRATCH:-} ]] || rm -rf "$scratch"
}

# The line of Package.swift that declares target NAME (for the message).
declaration_line() {
    grep -nE "name: *\"$2\"" "$1/Package.swift" | grep -vE '\.(library|executable)\(' | head -1 | cut -d: -f1
}

# grep's FILE:LINE:CODE as FILE:LINE: WHAT: CODE (the code trimmed).
explain() {
    WHY=$1 awk '{
        match($0, /^[^:]+:[0-9]+:/)
        code = substr($0, RLENGTH + 1); sub(/^[ \t]+/, "", code); sub(/[ \t]+$/, "", code)
        print substr($0, 1, RLENGTH) " " ENVIRON["WHY"] ": " code
    }'
}

check() {
    local root=$1 facts work failures=0 files=0
    facts=$(package_facts "$root") || return 2
    declare -A appFacing=() path=() known=()
    local name
    for name in "${targets[@]}"; do appFacing[$name]=1; done
    while read -r kind a b; do
        if [[ $kind == target ]]; then path[$a]=$b; known[$a]=1; fi
    done <<<"$facts"

    # Package.swift: an app-facing target depends only on app-facing targets.
    for name in "${targets[@]}"; do
        if [[ -z ${known[$name]:-} ]]; then
            echo "Package.swift: the app-facing target $name is not declared (update .ci/$(basename "$list"))"
            failures=$((failures + 1))
        fi
    done
    while read -r kind a b; do
        [[ $kind == dependency && -n ${appFacing[$a]:-} && -z ${appFacing[$b]:-} ]] || continue
        echo "Package.swift:$(declaration_line "$root" "$a"): $a depends on $b, which is not app-facing (an adapter, a C library, the command line or the process): the executables wire it"
        failures=$((failures + 1))
    done <<<"$facts"

    # The sources, comments removed, into a mirror tree with the same paths and lines.
    work=$(mktemp -d)
    local folders=() folder
    for name in "${targets[@]}"; do
        folder=${path[$name]:-}
        [[ -n $folder && -d $root/$folder ]] && folders+=("$folder")
    done
    local swiftFiles=()
    if ((${#folders[@]})); then
        mapfile -t swiftFiles < <(cd "$root" && find "${folders[@]}" -name '*.swift' -type f | sort)
    fi
    files=${#swiftFiles[@]}
    if ((files)); then
        (cd "$root" && find "${folders[@]}" -type d -print0 | (cd "$work" && xargs -0 mkdir -p))
        (cd "$root" && strip_comments "$work" "${swiftFiles[@]}")
    fi

    # Imports of targets that are not app-facing, by name, beyond those the list names.
    local others=()
    for name in "${!known[@]}"; do
        [[ -n ${appFacing[$name]:-} ]] || others+=("$name")
    done
    local findings=""
    if ((files)); then
        local index
        for index in "${!patterns[@]}"; do
            findings+=$(cd "$work" && grep -HnE -- "${patterns[$index]}" "${swiftFiles[@]}" | explain "forbidden here (${whys[$index]})" || true)
            findings+=$'\n'
        done
        if ((${#others[@]})); then
            local alternatives
            alternatives=$(IFS='|'; echo "${others[*]}")
            findings+=$(cd "$work" && grep -HnE -- "\bimport +(\w+ +)?($alternatives)\b" "${swiftFiles[@]}" \
                | explain "imports a target that is not app-facing" || true)
        fi
    fi
    rm -rf "$work"
    # One finding per line of code: the first entry that names it.
    findings=$(grep -v '^$' <<<"$findings" | awk '{ place = $1; if (!seen[place]++) print }' | sort -t: -k1,1 -k2,2n || true)
    if [[ -n $findings ]]; then
        echo "$findings"
        failures=$((failures + $(wc -l <<<"$findings")))
    fi
    if ((failures)); then
        echo "app-facing: $failures use(s) of what an app-facing target may not use (see .ci/$(basename "$list"))"
        return 1
    fi
    echo "app-facing: ${#targets[@]} targets, $files files, ${#patterns[@]} entries: nothing forbidden"
}

if [[ $mode == check ]]; then
    cd "$root"
    check "$root"
    exit
fi

# --self-test: a fixture package with the app-facing targets (one clean file each, with
# every entry's example in comments and one allowed line) and the others an app may not
# reach (the process, the command line, an adapter, a C library).
fixture=$(mktemp -d)
export CHECK_APP_FACING_SCRATCH
CHECK_APP_FACING_SCRATCH=$(mktemp -d)
trap 'rm -rf "$fixture" "$CHECK_APP_FACING_SCRATCH"' EXIT
write_manifest() { # $1: extra dependency of TallyKit, if any
    local extra=${1:+, \"$1\"}
    cat >"$fixture/Package.swift" <<EOF
// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "AppFacingFixture",
    targets: [
        .target(name: "MoneyKit"),
        .target(name: "MoneyKitPlatform"),
        .target(name: "MoneyKitFormatting", dependencies: ["MoneyKit", "MoneyKitPlatform"]),
        .target(name: "MoneyKitDecimal", dependencies: ["MoneyKit"]),
        .target(name: "MoneyKitStorage", dependencies: ["MoneyKit", "MoneyKitPlatform"]),
        .target(name: "MoneyKitCodable", dependencies: ["MoneyKitStorage"]),
        .target(name: "TallyKit", dependencies: ["MoneyKit", "MoneyKitStorage"$extra]),
        .target(name: "TillKit", dependencies: ["MoneyKit", "MoneyKitFormatting", "MoneyKitStorage"]),
        .target(name: "BillKit", dependencies: ["MoneyKit", "MoneyKitStorage"]),
        .target(name: "PortfolioKit", dependencies: ["MoneyKit", "MoneyKitFormatting", "MoneyKitStorage"]),
        .target(name: "MoneyKitProcess", dependencies: ["MoneyKitPlatform"]),
        .target(name: "MoneyKitCLI", dependencies: ["MoneyKit", "MoneyKitProcess"]),
        .systemLibrary(name: "CSQLite"),
        .target(name: "MoneyKitSQLite", dependencies: ["CSQLite"]),
        .target(name: "TallySQLite", dependencies: ["TallyKit", "MoneyKitSQLite"]),
    ]
)
EOF
}
write_manifest ""
for name in "${targets[@]}" MoneyKitProcess MoneyKitCLI CSQLite MoneyKitSQLite TallySQLite; do
    mkdir -p "$fixture/Sources/$name"
    {
        echo "// The clean file of $name: every entry in a comment, none in code."
        for example in "${examples[@]}"; do
            echo "// $example"
            echo "/// $example"
            echo "/* $example */ let kept = 1"
        done
        echo "/* a block comment"
        echo "   /* nested */ ${examples[0]}"
        echo "*/"
        echo "let url = \"https://example.com\" // ${examples[0]}"
        echo "let text = \"\"\""
        echo "    // a line of a string, not a comment"
        echo "    \"\"\""
        echo "let checked = String(validating: bytes, as: UTF8.self) // app-facing: allowed (behind #available)"
    } >"$fixture/Sources/$name/Clean.swift"
done
: >"$fixture/Sources/CSQLite/module.modulemap"

failures=0
fail() { echo "self-test: $*"; failures=$((failures + 1)); }

output=$("$0" --root "$fixture" 2>&1) || fail "the clean fixture fails:"$'\n'"$output"

# Each entry's example, in a file of its own (spread over the app-facing targets), is
# caught on its line with that entry's reason (a line is reported once, by the first entry
# that names it, so an entry that caught another's example would show here too). One run
# for all: SwiftPM reads the manifest in about a second.
probes=()
for index in "${!patterns[@]}"; do
    probe=Sources/${targets[$((index % ${#targets[@]}))]}/Probe$index.swift
    printf 'let before = 0\n%s\n' "${examples[$index]}" >"$fixture/$probe"
    probes+=("$probe")
done
# An import of a target that is not app-facing, one the list does not name.
printf 'import TallySQLite\n' >"$fixture/Sources/TillKit/ProbeImport.swift"
output=$("$0" --root "$fixture" 2>&1) && fail "the fixture with every entry's example passes"
for index in "${!patterns[@]}"; do
    expected="${probes[$index]}:2: forbidden here (${whys[$index]})"
    grep -qF -- "$expected" <<<"$output" \
        || fail "entry '${patterns[$index]}' misses its example '${examples[$index]}' (no '$expected')"
done
grep -qF "Sources/TillKit/ProbeImport.swift:1: imports a target that is not app-facing" <<<"$output" \
    || fail "an import of TallySQLite is not caught"
reported=$(grep -c '^Sources/' <<<"$output" || true)
((reported == ${#patterns[@]} + 1)) || fail "$reported lines reported, expected $((${#patterns[@]} + 1)):"$'\n'"$output"
rm "$fixture"/Sources/*/Probe*.swift

# A dependency in Package.swift on each target that is not app-facing.
for dependency in MoneyKitProcess MoneyKitCLI CSQLite MoneyKitSQLite TallySQLite; do
    write_manifest "$dependency"
    output=$("$0" --root "$fixture" 2>&1) && fail "TallyKit depending on $dependency passes"
    line=$(grep -n 'name: "TallyKit"' "$fixture/Package.swift" | cut -d: -f1)
    grep -qF "Package.swift:$line: TallyKit depends on $dependency, which is not app-facing" <<<"$output" \
        || fail "TallyKit depending on $dependency: got"$'\n'"$output"
done
write_manifest ""
output=$("$0" --root "$fixture" 2>&1) || fail "the fixture, restored, fails:"$'\n'"$output"

if ((failures)); then
    echo "check-app-facing self-test: $failures failure(s)"
    exit 1
fi
echo "check-app-facing self-test: ${#patterns[@]} entries each caught, none in a comment; dependencies on 5 kinds of target caught; the clean fixture passes"
