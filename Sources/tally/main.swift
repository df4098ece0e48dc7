// tally: named counters with a step, for people at a terminal and for scripts.

import MoneyKitCLI

let tree = TallyCommandTree.make()
ToolRunner.main(spec: tree.spec) { invocation in
    do {
        return try tree.run(try TallyCommands(invocation: invocation), path: invocation.arguments.commandPath)
    } catch {
        throw CLIError.tally(error)
    }
}
