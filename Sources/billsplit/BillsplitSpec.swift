// The command spec of billsplit: the single source of its parsing, help, man page and completions.

import MoneyKitCLI

enum BillsplitSpec {
    static let root = CommandSpec(
        name: "billsplit",
        abstract: "tip and split a bill so the shares add up exactly",
        options: [StandardOptions.color],
        environment: StandardOptions.environment,
        exitStatus: [ExitStatusSpec(.ok), ExitStatusSpec(.usage)]
    )
}
