#!/usr/bin/env bash
# Checks the .deb files that `swift package package-deb` wrote (default .build/debian):
# lintian finds no error or warning; the installed size is within its goal; and each
# package, installed alone with dpkg -i, runs (--version, a real command that stores
# data, man -w) and leaves nothing behind after dpkg -r. Needs root (dpkg -i); a tool
# already installed on the machine is refused rather than replaced.
set -euo pipefail
cd "$(dirname "$0")/../.."
folder=${1:-.build/debian}

fail() { echo "check-debs: $*" >&2; exit 1; }

# Installed-size goals in KiB: tally has no ICU; the others carry ICU's 34 MB of data.
declare -A goal_kib=([tally]=$((15 * 1024)) [billsplit]=$((55 * 1024)) [portfolio]=$((55 * 1024)) [tillcount]=$((55 * 1024)))

# One everyday command per tool, run as a user with an empty HOME, and what it prints.
real_command() {
    case $1 in
    tally) tally new cups >/dev/null && tally inc cups ;;
    billsplit) billsplit 100 --currency USD --tip 0 --people 3 --no-save --format csv | tail -n 1 ;;
    tillcount) tillcount add 20=4 10=3 --currency GBP >/dev/null 2>&1 && tillcount save >/dev/null &&
        tillcount history --format csv | tail -n 1 | cut -d, -f4,5 ;;
    portfolio) portfolio add Saver 1200 --currency GBP --date 2025-01-01 >/dev/null 2>&1 &&
        portfolio list --format csv | tail -n 1 | cut -d, -f1-3 ;;
    esac
}
declare -A expected=(
    [tally]=1
    [billsplit]="USD,100.00,0,0.00,0.00,100.00,3,33.34;33.33;33.33"
    [tillcount]="GBP,110.00"
    [portfolio]="Saver,GBP,1200.00"
)

shopt -s nullglob
debs=("$folder"/*.deb)
((${#debs[@]})) || fail "no .deb files in $folder"

for deb in "${debs[@]}"; do
    tool=$(dpkg-deb --field "$deb" Package)
    version=$(dpkg-deb --field "$deb" Version)
    installed_kib=$(dpkg-deb --field "$deb" Installed-Size)
    download_kib=$(( ($(stat -c %s "$deb") + 1023) / 1024 ))
    echo "== $tool $version: $download_kib KiB download, $installed_kib KiB installed"
    echo "   Depends: $(dpkg-deb --field "$deb" Depends)"

    # lintian: errors and warnings fail; informational tags are shown.
    lintian --fail-on error,warning --display-info "$deb" 2>&1 | grep -v '^running with root privileges' || true
    lintian --fail-on error,warning "$deb" >/dev/null 2>&1 || fail "$tool: lintian reports errors or warnings"

    ((installed_kib <= ${goal_kib[$tool]})) || fail "$tool: $installed_kib KiB installed, over the goal of ${goal_kib[$tool]} KiB"

    # The program: stripped, position independent, bound at load (-z now), no search path,
    # and no Swift runtime library left to find at run time (-static-stdlib).
    program=$(mktemp)
    dpkg-deb --fsys-tarfile "$deb" | tar -xO "./usr/bin/$tool" >"$program"
    dynamic=$(readelf -d "$program")
    grep -q 'Flags: NOW PIE' <<<"$dynamic" || fail "$tool: not a PIE bound at load (readelf: $(grep FLAGS <<<"$dynamic"))"
    grep -qE 'RPATH|RUNPATH' <<<"$dynamic" && fail "$tool: has a library search path"
    grep -q 'libswift' <<<"$dynamic" && fail "$tool: needs a Swift runtime library"
    [[ $(file -b "$program") == *", stripped"* ]] || fail "$tool: not stripped"
    rm -f "$program"

    dpkg-query -W -f='${Status}' "$tool" 2>/dev/null | grep -q "install ok installed" &&
        fail "$tool is already installed on this machine; remove it first"
    [[ -e /usr/bin/$tool ]] && fail "/usr/bin/$tool exists already; refusing to overwrite it"

    dpkg -i "$deb" >/dev/null
    files=$(dpkg -L "$tool")
    home=$(mktemp -d)
    (
        export HOME=$home
        unset XDG_DATA_HOME XDG_STATE_HOME XDG_CONFIG_HOME TALLY_FILE
        [[ $(command -v "$tool") == /usr/bin/$tool ]] || fail "$tool: not on PATH as /usr/bin/$tool"
        [[ $("$tool" --version) == "$tool $version" ]] || fail "$tool --version printed '$("$tool" --version)'"
        got=$(real_command "$tool") || fail "$tool: the everyday command failed"
        [[ $got == "${expected[$tool]}" ]] || fail "$tool: printed '$got', expected '${expected[$tool]}'"
        [[ $(man -w "$tool") == /usr/share/man/man1/$tool.1.gz ]] || fail "man -w $tool: $(man -w "$tool" 2>&1)"
        man -P cat "$tool" 2>/dev/null | grep -q "EXIT STATUS" || fail "man $tool: the page does not render"
        bash -c "source /usr/share/bash-completion/completions/$tool && complete -p $tool" >/dev/null ||
            fail "$tool: the bash completion does not load"
    ) || { dpkg -r "$tool" >/dev/null; rm -rf "$home"; exit 1; }
    rm -rf "$home"
    echo "   installed alone: --version, '${expected[$tool]}', man -w, bash completion: ok"

    dpkg -r "$tool" >/dev/null
    status=$(dpkg-query -W -f='${Status}' "$tool" 2>/dev/null || true)
    [[ -z $status || $status == "unknown ok not-installed" ]] || fail "$tool: dpkg -r left it as '$status'"
    while IFS= read -r path; do
        [[ -z $path || -d $path ]] && continue
        [[ -e $path ]] && fail "$tool: dpkg -r left $path behind"
    done <<<"$files"
    [[ -e /usr/share/doc/$tool ]] && fail "$tool: dpkg -r left /usr/share/doc/$tool behind"
    echo "   removed: nothing left"
done
echo "check-debs: ${#debs[@]} packages lintian-clean, installed, run and removed"
