// billsplit: tip and split a bill so the shares add up exactly.

import MoneyKitCLI

ToolRunner.main(spec: BillsplitSpec.root) { invocation in
    // The commands arrive with the billsplit issue; until then the tool describes itself.
    invocation.out.write(HelpRenderer(root: BillsplitSpec.root, width: invocation.terminal.width).help([]))
    return .ok
}
