// portfolio's commands as one tree: each leaf is its spec (PortfolioSpec and the area
// specs beside it) with the handler that runs it, so the spec the parser, --help and the
// man page read is assembled from the same values that dispatch. The order is the order
// --help lists them.

import MoneyKitCLI

enum PortfolioCommandTree {
    /// Every command with its handler; the root spec the parser reads is assembled from it.
    static let tree = ToolCommand<PortfolioCommands>.group(PortfolioSpec.root, [
        .leaf(PortfolioSpec.dashboardCommand) { try $0.dashboard() },
        .leaf(PortfolioSpec.addCommand) { try $0.addAccount() },
        .leaf(PortfolioSpec.updateCommand) { try $0.addUpdate() },
        .leaf(PortfolioSpec.listCommand) { try $0.list() },
        .leaf(PortfolioSpec.showCommand) { try $0.show() },
        .leaf(PortfolioSpec.chartCommand) { try $0.chart() },
        .leaf(PortfolioSpec.tableCommand) { try $0.table() },
        .leaf(PortfolioSpec.reportCommand) { try $0.reportPage() },
        .leaf(PortfolioSpec.closeCommand) { try $0.close() },
        .leaf(PortfolioSpec.reopenCommand) { try $0.reopen() },
        .leaf(PortfolioSpec.renameCommand) { try $0.rename() },
        .leaf(PortfolioSpec.rmCommand) { try $0.remove() },
        .group(PortfolioSpec.updatesCommand, [
            .leaf(PortfolioSpec.updatesListCommand) { try $0.listUpdates() },
            .leaf(PortfolioSpec.updatesRmCommand) { try $0.removeUpdate() },
        ]),
        .leaf(PortfolioSpec.importCommand) { try $0.importCSV() },
        .leaf(PortfolioSpec.exportCommand) { try $0.export() },
        .leaf(PortfolioSpec.undoCommand) { try $0.undo() },
        .leaf(PortfolioSpec.demoCommand) { try $0.demo() },
        // Money in and out, returns and goals (PortfolioMoneySpec.swift).
        .leaf(PortfolioSpec.depositCommand) { try $0.contribution(withdrawal: false) },
        .leaf(PortfolioSpec.withdrawCommand) { try $0.contribution(withdrawal: true) },
        .group(PortfolioSpec.flowsCommand, [
            .leaf(PortfolioSpec.flowsListCommand) { try $0.listContributions() },
            .leaf(PortfolioSpec.flowsRmCommand) { try $0.removeContribution() },
        ]),
        .leaf(PortfolioSpec.returnsCommand) { try $0.returns() },
        .leaf(PortfolioSpec.goalCommand) { try $0.goal() },
        // The store itself (PortfolioStoreSpec.swift).
        .group(PortfolioSpec.dbCommand, [
            .leaf(PortfolioSpec.dbInitCommand) { try $0.databaseInit() },
            .leaf(PortfolioSpec.dbCopyCommand) { try $0.databaseCopy() },
        ]),
    ])
}
