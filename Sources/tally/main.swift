// tally: named counters with a step, for people at a terminal and for scripts.

import MoneyKitCLI

ToolRunner.main(spec: TallyCommandTree.tree.spec) { invocation in
    do {
        return try TallyCommandTree.tree.run(try TallyCommands(invocation: invocation), path: invocation.arguments.commandPath)
    } catch {
        throw CLIError.tally(error)
    }
}
