// portfolio as something to call: main.swift runs it as the process; tests (and an app)
// run it in-process with `PortfolioTool.run(arguments:io:)`.

import MoneyKitCLI
import MoneyKitPostgres

enum PortfolioTool: ToolEntry {
    static var spec: CommandSpec { PortfolioCommandTree.tree.spec }

    static func command(_ invocation: Invocation) throws -> ExitCode {
        let path = invocation.arguments.commandPath
        return try PortfolioErrorMessages.mapping(commandPath: path) {
            try PortfolioCommandTree.tree.run(PortfolioCommands(invocation: invocation), path: path)
        }
    }

    static func prepareProcess() {
        // The arguments are read: a password typed in a connection string leaves the process list.
        PostgresConnectionText.scrubPasswordsFromProcessArguments()
    }
}
