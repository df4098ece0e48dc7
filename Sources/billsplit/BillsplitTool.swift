// billsplit as something to call: main.swift runs it as the process; tests (and an app)
// run it in-process with `BillsplitTool.run(arguments:io:)`.

import BillKit
import MoneyKitCLI

enum BillsplitTool: ToolEntry {
    static var spec: CommandSpec { BillsplitCommandTree.tree.spec }

    static func command(_ invocation: Invocation) throws -> ExitCode {
        do {
            return try BillsplitCommandTree.tree.run(BillsplitCommands(invocation: invocation), path: invocation.arguments.commandPath)
        } catch let error as BillError {
            // Commands word their own errors; this keeps any that slip through worded alike.
            throw error.cliError(commandPath: invocation.arguments.commandPath)
        }
    }
}
