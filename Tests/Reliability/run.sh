#!/usr/bin/env bash
# The reliability loops that `swift test` skips (see Tests/EndToEndTests/ReliabilityLoops.swift):
# concurrent writers on every store, kill -9 during writes, the loader fuzzing through the
# binaries, the table of 200+ bad command lines per tool. One at a time, like the README's test command. `.ci/run` runs this after it;
# pass --skip-build when the tests are already built.
set -euo pipefail
cd "$(dirname "$0")/../.."
suites='ReliabilityConcurrencyTests|ReliabilityCrashTests|TillcountConcurrencyTests|TallyConcurrencyTests|TallyStoreCrashTests|TillcountCrashTests|TillcountUndoCrashTests|TillcountHistoryEditCrashTests|TillcountLoaderFuzzTests|BadInputTableTests|PortfolioUndoTests/killedImportsAndUndosLeaveTheChangeAndItsStepTogether'
MONEYKIT_RELIABILITY=1 swift test --no-parallel "$@" --filter "EndToEndTests\.($suites)"
