// The command spec of tally: the single source of its parsing, help, man page and completions.

import MoneyKitCLI

enum TallySpec {
    static let root = CommandSpec(
        name: "tally",
        abstract: "named counters with a step, for people at a terminal and for scripts",
        options: [StandardOptions.color],
        environment: StandardOptions.environment,
        exitStatus: [ExitStatusSpec(.ok), ExitStatusSpec(.usage)]
    )
}
