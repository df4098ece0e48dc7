// tillcount as something to call: main.swift runs it as the process; tests (and an app)
// run it in-process with `TillcountTool.run(arguments:io:)`.

import MoneyKitCLI
import MoneyKitPostgres

enum TillcountTool: ToolEntry {
    static var spec: CommandSpec { TillcountCommandTree.tree.spec }

    static func command(_ invocation: Invocation) throws -> ExitCode {
        try TillErrorMessages.mapping {
            let context = try TillContext(invocation: invocation)
            return try context.announcingNewTill { try TillcountCommandTree.tree.run(context, path: invocation.arguments.commandPath) }
        }
    }

    static func prepareProcess() {
        // The arguments are read: a password typed in a connection string leaves the process list.
        PostgresConnectionText.scrubPasswordsFromProcessArguments()
    }
}
