// portfolio: accounts valued by timestamped updates, totals and charts over time.

import MoneyKitCLI

let tree = PortfolioSpec.tree
ToolRunner.main(spec: tree.spec) { invocation in
    let path = invocation.arguments.commandPath
    return try PortfolioErrorMessages.mapping(commandPath: path) {
        try tree.run(PortfolioCommands(invocation: invocation), path: path)
    }
}
