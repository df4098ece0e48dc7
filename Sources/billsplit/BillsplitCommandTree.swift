// billsplit's commands as one tree of values: the spec the parser, --help and the man
// page read is assembled from it, and each command's handler sits beside its spec.

import MoneyKitCLI

enum BillsplitCommandTree {
    static let tree = ToolCommand<BillsplitCommands>.group(BillsplitSpec.root, [
        .leaf(BillsplitSpec.prefs) { try $0.preferences() },
    ])

    /// The root's own handler: `billsplit AMOUNT` splits a bill. A ToolCommand group runs
    /// no handler of its own (so ToolRunner.main(command:context:) cannot run billsplit),
    /// so the root's is named here, beside the tree.
    static func root(_ commands: BillsplitCommands) throws -> ExitCode { try commands.split() }

    /// Runs the command the parser chose: the root itself, or a leaf of the tree.
    static func run(_ commands: BillsplitCommands, path: [String]) throws -> ExitCode {
        if path.isEmpty { return try root(commands) }
        return try tree.run(commands, path: path)
    }
}
