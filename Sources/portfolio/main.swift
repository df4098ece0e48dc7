// portfolio: accounts valued by timestamped updates, totals and charts over time.

import MoneyKitCLI
import MoneyKitPostgres

let tree = PortfolioSpec.tree
ToolRunner.main(spec: tree.spec) { invocation in
    // The arguments are read: a password typed in a connection string leaves the process list.
    PostgresConnectionText.scrubPasswordsFromProcessArguments()
    let path = invocation.arguments.commandPath
    return try PortfolioErrorMessages.mapping(commandPath: path) {
        try tree.run(PortfolioCommands(invocation: invocation), path: path)
    }
}
