// tally: named counters with a step, for people at a terminal and for scripts.

import MoneyKitCLI
import MoneyKitPostgres

ToolRunner.main(spec: TallyCommandTree.tree.spec) { invocation in
    // The arguments are read: a password typed in a connection string leaves the process list.
    PostgresConnectionText.scrubPasswordsFromProcessArguments()
    do {
        return try TallyCommandTree.tree.run(try TallyCommands(invocation: invocation), path: invocation.arguments.commandPath)
    } catch {
        throw CLIError.tally(error)
    }
}
