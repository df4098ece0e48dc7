// The command spec of tillcount: the single source of its parsing, help, man page and completions.

import MoneyKitCLI

enum TillcountSpec {
    static let root = CommandSpec(
        name: "tillcount",
        abstract: "count a cash till by denomination, loose and rolled, against a float",
        options: [StandardOptions.color],
        environment: StandardOptions.environment,
        exitStatus: [ExitStatusSpec(.ok), ExitStatusSpec(.usage)]
    )
}
