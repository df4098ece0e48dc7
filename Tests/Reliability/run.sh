#!/usr/bin/env bash
# The reliability loops that `swift test` skips (see Tests/EndToEndTests/ReliabilityLoops.swift):
# concurrent writers on every store, kill -9 during writes, the loader fuzzing through the
# binaries, the table of 200+ bad command lines per tool. One at a time, like the README's test command. `.ci/run` runs this after it;
# pass --skip-build when the tests are already built.
# The tests after the suites run small in the README's test command and at full size here
# (ReliabilityLoops.size(quick:full:)): many writers at once, kill rounds; and a test that
# waits out a busy timeout (ReliabilityLoops.trait on the test).
set -euo pipefail
cd "$(dirname "$0")/../.."
suites='ReliabilityConcurrencyTests|ReliabilityCrashTests|TillcountConcurrencyTests|TallyConcurrencyTests|TallyStoreCrashTests|TillcountCrashTests|TillcountUndoCrashTests|TillcountHistoryEditCrashTests|TillcountLoaderFuzzTests|BadInputTableTests|PortfolioUndoTests/killedImportsAndUndosLeaveTheChangeAndItsStepTogether'
suites+='|TallyPostgresEndToEndTests/(processesIncrementingOneSharedCounterLoseNoIncrement|aClientKilledDuringAnImportLeavesNothingPartial)'
suites+='|PortfolioPostgresTests/(writersUpdatingOneAccountAtOnceLoseNoUpdate|killingAnImportLeavesAllOrNothing)|PortfolioMigrationKillTests'
suites+='|TallyStoreTests/aBusyStoreIsExit75AndNothingIsStored'
suites+='|TillcountPostgresTests/(threeTillsCountingAndSavingAtOnceKeepEveryCountAttributed|processesAddingToOneTillAtOnceLoseNothing|killingASaveLeavesNothingPartial)'
suites+='|FileStoreProcessTests/fourProcessesHammeringOneFileLoseNothing|FileStoreSafetyTests/writersLoseNothingWhileLockFilesAreDeleted'
# Outside EndToEndTests (ReliabilityScale.size in MoneyKitTests): the 2,000 random amounts
# per currency of the plain/full reading check, 1,000 random allocations per seed; and
# thirty random portfolios (not ten) whose reports of one currency stand alone.
others='MoneyKitTests\.(plainDecimalsReadAsTheFullReadingDoes|AllocationTests/randomWeights)'
others+='|PortfolioKitTests\.ReportIndependenceTests/aRowOfACurrencyIsTheSameFilteredUnfilteredAndAlone'
MONEYKIT_RELIABILITY=1 swift test --no-parallel "$@" --filter "EndToEndTests\.($suites)" --filter "$others"
