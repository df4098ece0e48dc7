// The process-heavy reliability loops (concurrent writers, kill -9 during writes, loader
// fuzzing through the binaries, the table of 200+ bad command lines per tool) take most
// of the end-to-end time, so `swift test` leaves them to Tests/Reliability/run.sh, which
// `.ci/run` runs after the README's test command.
// Set MONEYKIT_RELIABILITY=1 to run them with any `swift test`.
//
// A few multi-writer and kill tests run in both: small in the README's test command (the
// property is checked, in a few seconds) and at full size under Tests/Reliability/run.sh,
// through `ReliabilityLoops.size(quick:full:)`. One body, two scales.

import Foundation
import Testing

enum ReliabilityLoops {
    static let isRequested = ProcessInfo.processInfo.environment["MONEYKIT_RELIABILITY"] == "1"

    /// The trait of every such suite: on with MONEYKIT_RELIABILITY=1, else skipped with
    /// a message saying how to run it.
    static let trait = Testing.ConditionTrait.enabled(
        if: isRequested, "a reliability loop: run Tests/Reliability/run.sh (or set MONEYKIT_RELIABILITY=1)")

    /// The scale of a loop that runs in both: `full` under MONEYKIT_RELIABILITY=1
    /// (Tests/Reliability/run.sh), `quick` in the README's test command.
    static func size<Scale>(quick: Scale, full: Scale) -> Scale {
        isRequested ? full : quick
    }
}
