// tally as something to call: main.swift runs it as the process; tests (and an app) run
// it in-process with `TallyTool.run(arguments:io:)`.

import MoneyKitCLI
import MoneyKitPostgres

enum TallyTool: ToolEntry {
    static var spec: CommandSpec { TallyCommandTree.tree.spec }

    static func command(_ invocation: Invocation) throws -> ExitCode {
        do {
            return try TallyCommandTree.tree.run(try TallyCommands(invocation: invocation), path: invocation.arguments.commandPath)
        } catch {
            throw CLIError.tally(error)
        }
    }

    static func prepareProcess() {
        // The arguments are read: a password typed in a connection string leaves the process list.
        PostgresConnectionText.scrubPasswordsFromProcessArguments()
    }
}
