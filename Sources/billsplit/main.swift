// billsplit: tip and split a bill so the shares add up exactly.

import MoneyKitCLI

ToolRunner.main(spec: BillsplitSpec.root) { invocation in
    try BillsplitCommands(invocation: invocation).run()
}
