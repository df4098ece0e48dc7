// billsplit: tip and split a bill so the shares add up exactly.

import MoneyKitCLI

ToolRunner.main(BillsplitTool.self)
