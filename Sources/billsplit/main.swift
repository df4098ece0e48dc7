// billsplit: tip and split a bill so the shares add up exactly.

import BillKit
import MoneyKitCLI

ToolRunner.main(spec: BillsplitCommandTree.tree.spec) { invocation in
    do {
        return try BillsplitCommandTree.tree.run(BillsplitCommands(invocation: invocation), path: invocation.arguments.commandPath)
    } catch let error as BillError {
        // Commands word their own errors; this keeps any that slip through worded alike.
        throw error.cliError(commandPath: invocation.arguments.commandPath)
    }
}
