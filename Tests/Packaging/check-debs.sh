#!/usr/bin/env bash
# Checks the .deb files that `swift package package-deb` wrote (default .build/debian):
# lintian finds no error or warning; the installed size is within its goal; the program
# is built as Debian wants it; and each package, installed alone with dpkg -i, runs
# (--version, a real command that stores data, run as nobody; man -w; its bash
# completion) and leaves nothing behind after dpkg -r. Needs root (dpkg -i); a tool
# already installed on the machine is refused rather than replaced.
set -euo pipefail
folder=$(realpath "${1:-$(dirname "$0")/../../.build/debian}")

fail() { echo "check-debs: $*" >&2; exit 1; }

# Whatever happens (a failed check, Ctrl-C), the package under test is removed and the
# scratch files go, so the next run starts clean.
installed="" scratch=$(mktemp -d)
chmod 755 "$scratch" # nobody runs the tools in a home below it
cleanup() {
    [[ -n $installed ]] && dpkg -r "$installed" >/dev/null 2>&1
    rm -rf "$scratch"
}
trap cleanup EXIT

# Installed-size goals in KiB: tally has no ICU; the others carry ICU's 34 MB of data.
# tally's goal catches ICU pulled in by mistake (it would add 34 MB) and runaway growth:
# issue 26's code (name folding, store checks, the shared store's trust check, screens
# fitted to any size) took its stripped binary from 15.54 MB to 15.81 MB, past 15 MiB.
declare -A goal_kib=([tally]=$((16 * 1024)) [billsplit]=$((55 * 1024)) [portfolio]=$((55 * 1024)) [tillcount]=$((55 * 1024)))

# One everyday command per tool, and what it prints. Run as nobody with an empty HOME.
declare -A command=(
    [tally]='tally new cups >/dev/null && tally inc cups'
    [billsplit]='billsplit 100 --currency USD --tip 0 --people 3 --no-save --format csv | tail -n 1'
    [tillcount]='tillcount add 20=4 10=3 --currency GBP >/dev/null 2>&1 && tillcount save >/dev/null &&
        tillcount history --format csv | tail -n 1 | cut -d, -f4,5'
    [portfolio]='portfolio add Saver 1200 --currency GBP --date 2025-01-01 >/dev/null 2>&1 &&
        portfolio list --format csv | tail -n 1 | cut -d, -f1-3'
)
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
    download_kib=$((($(stat -c %s "$deb") + 1023) / 1024))
    echo "== $tool $version: $download_kib KiB download, $installed_kib KiB installed"
    echo "   Depends: $(dpkg-deb --field "$deb" Depends)"
    echo "   Recommends: $(dpkg-deb --field "$deb" Recommends)"
    [[ -n ${expected[$tool]:-} ]] || fail "$deb: unknown package $tool"

    # lintian: errors and warnings fail; every other tag, pedantic and informational
    # ones included, is shown.
    lintian_status=0
    report=$(lintian --pedantic --display-info --fail-on error,warning "$deb" 2>&1) || lintian_status=$?
    report=$(grep -v '^running with root privileges' <<<"$report" || true)
    [[ -n $report ]] && echo "$report"
    ((lintian_status == 0)) || fail "$tool: lintian reports errors or warnings"

    ((installed_kib <= ${goal_kib[$tool]})) || fail "$tool: $installed_kib KiB installed, over the goal of ${goal_kib[$tool]} KiB"

    # The program: stripped, position independent, bound at load (-z now), no search path,
    # and no Swift runtime library left to find at run time (-static-stdlib).
    program=$scratch/$tool
    dpkg-deb --fsys-tarfile "$deb" | tar -xO "./usr/bin/$tool" >"$program"
    dynamic=$(readelf -d "$program")
    [[ $dynamic == *"Flags: NOW PIE"* ]] || fail "$tool: not a PIE bound at load"
    [[ $dynamic == *RPATH* || $dynamic == *RUNPATH* ]] && fail "$tool: has a library search path"
    [[ $dynamic == *libswift* ]] && fail "$tool: needs a Swift runtime library"
    [[ $(file -b "$program") == *", stripped"* ]] || fail "$tool: not stripped"

    # The shared store: tally, tillcount and portfolio load libpq with dlopen at their first
    # PostgreSQL connection, so none links it and none depends on it; they recommend libpq5
    # (only a shared store needs it: without it a file store works, and a PostgreSQL store
    # is exit 69 naming libpq5). billsplit's preferences stay local: it does neither.
    # tally links no ICU.
    depends=$(dpkg-deb --field "$deb" Depends)
    recommends=$(dpkg-deb --field "$deb" Recommends)
    [[ $dynamic != *libpq* && $depends != *libpq* ]] || fail "$tool: links or depends on libpq ($depends)"
    if [[ $tool == billsplit ]]; then
        [[ -z $recommends ]] || fail "billsplit: recommends $recommends"
    else
        [[ $recommends == libpq5 ]] || fail "$tool: recommends '$recommends', not libpq5"
    fi
    if [[ $tool == tally ]]; then
        # (ICU linked statically would show in the size goal above: its data is 34 MB.)
        [[ $dynamic != *libicu* && $depends != *libicu* ]] || fail "tally: links ICU"
    fi

    status=$(dpkg-query -W -f='${Status}' "$tool" 2>/dev/null || true)
    [[ $status == "install ok installed" ]] && fail "$tool is already installed on this machine; remove it first"
    [[ -e /usr/bin/$tool ]] && fail "/usr/bin/$tool exists already; refusing to overwrite it"

    dpkg -i "$deb" >/dev/null
    installed=$tool
    files=$(dpkg -L "$tool")
    [[ $(command -v "$tool") == /usr/bin/$tool ]] || fail "$tool: not on PATH as /usr/bin/$tool"
    # Started, the installed program maps no libpq (nor anything it would bring).
    [[ $(ldd "/usr/bin/$tool") != *libpq* ]] || fail "$tool: ldd shows libpq"
    printed=$("$tool" --version)
    [[ $printed == "$tool $version" ]] || fail "$tool --version printed '$printed'"

    home=$scratch/home-$tool
    mkdir "$home" && chown nobody "$home"
    got=$(runuser -u nobody -- env -i PATH=/usr/bin:/bin HOME="$home" bash -c "${command[$tool]}") ||
        fail "$tool: the everyday command failed"
    [[ $got == "${expected[$tool]}" ]] || fail "$tool: printed '$got', expected '${expected[$tool]}'"
    [[ -z $(find "$home" -type f -perm /077) ]] || fail "$tool: a stored file is readable by others"

    page=$(man -w "$tool" 2>&1) || true
    [[ $page == /usr/share/man/man1/$tool.1.gz ]] || fail "man -w $tool: $page"
    rendered=$(man -P cat "$tool" 2>/dev/null)
    [[ $rendered == *"EXIT STATUS"* ]] || fail "man $tool: the page does not render"
    bash -c "source /usr/share/bash-completion/completions/$tool && complete -p $tool" >/dev/null ||
        fail "$tool: the bash completion does not load"
    echo "   installed alone: --version, '${expected[$tool]}' (as nobody), man -w, bash completion: ok"

    dpkg -r "$tool" >/dev/null
    installed=""
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
