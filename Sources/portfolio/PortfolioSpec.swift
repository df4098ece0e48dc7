// The command spec of portfolio: the single source of its parsing, help, man page and completions.

import MoneyKitCLI

enum PortfolioSpec {
    static let root = CommandSpec(
        name: "portfolio",
        abstract: "accounts valued by timestamped updates, totals and charts over time",
        options: [StandardOptions.color],
        environment: StandardOptions.environment,
        exitStatus: [ExitStatusSpec(.ok), ExitStatusSpec(.usage)]
    )
}
