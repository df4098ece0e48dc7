// portfolio: accounts valued by timestamped updates, totals and charts over time.

import MoneyKitCLI

ToolRunner.main(PortfolioTool.self)
