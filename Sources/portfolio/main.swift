// portfolio: accounts valued by timestamped updates, totals and charts over time.

import MoneyKitCLI

ToolRunner.main(spec: PortfolioSpec.root) { invocation in
    // The commands arrive with the portfolio issue; until then the tool describes itself.
    invocation.out.write(HelpRenderer(root: PortfolioSpec.root, width: invocation.terminal.width).help([]))
    return .ok
}
