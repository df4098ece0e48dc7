// tillcount's commands as one tree: each leaf is its spec (TillcountSpec and the area
// specs beside it) with the handler that runs it, so the spec the parser, --help and the
// man page read is assembled from the same values that dispatch. The order is the order
// --help lists them.

import MoneyKitCLI

enum TillcountCommandTree {
    /// Every command with its handler; the root spec the parser, help, man page and
    /// completions read is `tree.spec`.
    static let tree: ToolCommand<TillContext> = .group(TillcountSpec.root, [
        .leaf(TillcountSpec.showSpec) { try LiveCountCommands(context: $0).show() },
        .leaf(TillcountSpec.setSpec) { try LiveCountCommands(context: $0).change(.set) },
        .leaf(TillcountSpec.addSpec) { try LiveCountCommands(context: $0).change(.add) },
        .leaf(TillcountSpec.subSpec) { try LiveCountCommands(context: $0).change(.subtract) },
        .leaf(TillcountSpec.floatSpec) { try LiveCountCommands(context: $0).setFloat() },
        .leaf(TillcountSpec.currencySpec) { try LiveCountCommands(context: $0).setCurrency() },
        .leaf(TillcountSpec.clearSpec) { try LiveCountCommands(context: $0).clear() },
        .leaf(TillcountSpec.undoSpec) { try LiveCountCommands(context: $0).undo() },
        .leaf(TillcountSpec.noteSpec) { try NoteCommand(context: $0).run() },
        .leaf(TillcountSpec.saveSpec) { try HistoryCommands(context: $0).save() },
        .leaf(TillcountSpec.summarySpec) { try SummaryCommand(context: $0).run() },
        .leaf(TillcountSpec.auditSpec) { try AuditCommand(context: $0).run() },
        .group(TillcountSpec.historySpec, [
            .leaf(TillcountSpec.historyListSpec) { try HistoryCommands(context: $0).list() },
            .leaf(TillcountSpec.historyShowSpec) { try HistoryCommands(context: $0).showSaved() },
            .leaf(TillcountSpec.historyRmSpec) { try HistoryCommands(context: $0).remove() },
            .leaf(TillcountSpec.historyLabelSpec) { try HistoryCommands(context: $0).relabel() },
            .leaf(TillcountSpec.historyNoteSpec) { try HistoryCommands(context: $0).addNote() },
            .leaf(TillcountSpec.historyExportSpec) { try HistoryExportCommand(context: $0).run() },
        ]),
        .group(TillcountSpec.tillsSpec, [
            .leaf(TillcountSpec.tillsListSpec) { try TillsCommand(context: $0).run() },
            .leaf(TillcountSpec.tillsRmSpec) { try TillsCommand(context: $0).remove() },
        ]),
        .group(TillcountSpec.dbSpec, [
            .leaf(TillcountSpec.dbInitSpec) { try DatabaseCommands(context: $0).initialize() },
            .leaf(TillcountSpec.dbCopySpec) { try DatabaseCommands(context: $0).copy() },
        ]),
        .leaf(TillcountSpec.resumeSpec) { try HistoryCommands(context: $0).resume() },
        .leaf(TillcountSpec.reportSpec) { try ReportCommand(context: $0).run() },
        .leaf(TillcountSpec.depositSpec) { try DepositCommand(context: $0).run() },
        .leaf(TillcountSpec.totalSpec) { try TotalCommand(context: $0).run() },
        .leaf(TillcountSpec.denominationsSpec) { try LiveCountCommands(context: $0).listDenominations() },
        .leaf(TillcountSpec.countSpec) { try CountScreen(context: $0).run() },
        .leaf(TillcountSpec.salesSpec) { try MovementCommands(context: $0).sales() },
        .leaf(TillcountSpec.paidInSpec) { try MovementCommands(context: $0).record(.paidIn) },
        .leaf(TillcountSpec.paidOutSpec) { try MovementCommands(context: $0).record(.paidOut) },
        .leaf(TillcountSpec.refundSpec) { try MovementCommands(context: $0).record(.refund) },
        .leaf(TillcountSpec.dropSpec) { try MovementCommands(context: $0).record(.drop) },
        .group(TillcountSpec.movementsSpec, [
            .leaf(TillcountSpec.movementsListSpec) { try MovementCommands(context: $0).list() },
            .leaf(TillcountSpec.movementsRmSpec) { try MovementCommands(context: $0).remove() },
        ]),
        .leaf(TillcountSpec.blindSpec) { try MovementCommands(context: $0).blind() },
        .leaf(TillcountSpec.toleranceSpec) { try MovementCommands(context: $0).tolerance() },
    ])
}
