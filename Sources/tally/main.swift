// tally: named counters with a step, for people at a terminal and for scripts.

import MoneyKitCLI

ToolRunner.main(TallyTool.self)
