// The scale of a random sweep: small in the README's test command, full under
// MONEYKIT_RELIABILITY=1 (Tests/Reliability/run.sh). The same switch as
// ReliabilityLoops.size in EndToEndTests, which this target cannot see.

import Foundation

enum ReliabilityScale {
    static let isFull = ProcessInfo.processInfo.environment["MONEYKIT_RELIABILITY"] == "1"

    /// `full` under MONEYKIT_RELIABILITY=1, `quick` otherwise.
    static func size<Scale>(quick: Scale, full: Scale) -> Scale {
        isFull ? full : quick
    }
}
