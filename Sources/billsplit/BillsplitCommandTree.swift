// billsplit's commands as one tree of values: the spec the parser, --help and the man
// page read is assembled from it, and each command's handler sits beside its spec.

import MoneyKitCLI

enum BillsplitCommandTree {
    /// `billsplit AMOUNT` splits a bill (the root's own handler); `billsplit prefs` shows
    /// or resets the remembered choices; `billsplit items` splits an itemised bill.
    static let tree = ToolCommand<BillsplitCommands>.group(BillsplitSpec.root, run: { try $0.split() }, [
        .leaf(BillsplitSpec.prefs) { try $0.preferences() },
        .leaf(BillsplitSpec.items) { try $0.items() },
    ])
}
