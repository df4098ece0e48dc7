#!/usr/bin/env bash
# No wrapping arithmetic operator (&+ &- &* and their assignment forms) in the code: money
# and counts are added with MoneyKit's checked arithmetic, so an overflow is an error with a
# message, never a wrong number (issue 12, item 3). The one honest use, pseudo-random
# number mixing, says so on its line with a `// wrapping:` comment giving the reason.
set -euo pipefail
cd "$(dirname "$0")/.."

pattern='&[-+*]'
# The check must be able to fail: it has to see each operator in a sample.
for sample in 'total &+= value' 'a &- b' 'q &* p' 'x = y&+z'; do
    grep -qE "$pattern" <<<"$sample" || { echo "check-arithmetic: pattern misses '$sample'"; exit 2; }
done

offenders=$(grep -rnE "$pattern" --include='*.swift' Sources Plugins Tests/Support \
    | grep -vE '^[^:]+:[0-9]+:[[:space:]]*//' \
    | grep -vE '//[[:space:]]*wrapping: [^[:space:]]' || true)
if [[ -n $offenders ]]; then
    echo "Wrapping arithmetic outside MoneyKit's checked primitives (use checked arithmetic,"
    echo "or mark an honest use with '// wrapping: REASON'):"
    echo "$offenders"
    exit 1
fi
echo "arithmetic: no wrapping operator on amounts or counts"
