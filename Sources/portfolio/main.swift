// portfolio: accounts valued by timestamped updates, totals and charts over time.

import MoneyKitCLI

ToolRunner.main(spec: PortfolioSpec.root) { invocation in
    try PortfolioCommands(invocation: invocation).run()
}
