// tally's commands as one tree: each leaf is its spec (TallySpec) with the handler that
// runs it, so the spec the parser, --help and the man page read is assembled from the
// same values that dispatch. The order is the order --help lists them.

import MoneyKitCLI

enum TallyCommandTree {
    static let tree = ToolCommand<TallyCommands>.group(TallySpec.root, [
        .leaf(TallySpec.list) { try $0.list() },
        .leaf(TallySpec.new) { try $0.create() },
        .leaf(TallySpec.get) { try $0.get() },
        .leaf(TallySpec.inc) { try $0.increment() },
        .leaf(TallySpec.dec) { try $0.decrement() },
        .leaf(TallySpec.add) { try $0.add() },
        .leaf(TallySpec.set) { try $0.setCount() },
        .leaf(TallySpec.reset) { try $0.reset() },
        .leaf(TallySpec.rename) { try $0.rename() },
        .leaf(TallySpec.stepCommand) { try $0.changeStep() },
        .leaf(TallySpec.pinCommand) { try $0.setPinned(true) },
        .leaf(TallySpec.unpin) { try $0.setPinned(false) },
        .leaf(TallySpec.rm) { try $0.remove() },
        .leaf(TallySpec.undo) { try $0.undo() },
        .leaf(TallySpec.show) { try $0.show() },
        .leaf(TallySpec.log) { try $0.log() },
        .leaf(TallySpec.stats) { try $0.stats() },
        .leaf(TallySpec.dayStartsCommand) { try $0.dayStarts() },
        .leaf(TallySpec.export) { try $0.export() },
        .leaf(TallySpec.importCounters) { try $0.importCounters() },
        .leaf(TallySpec.tap) { try TapScreen(commands: $0).run() },
        .leaf(TallySpec.board) { try BoardScreen(commands: $0).run() },
        .leaf(TallySpec.feed) { try FeedCommand(commands: $0).run() },
        // goals, bounds, tags and totals (CounterSettingsCommands.swift)
        .leaf(TallySpec.goal) { try $0.changeGoal() },
        .leaf(TallySpec.bounds) { try $0.changeBounds() },
        .leaf(TallySpec.tagCommand) { try $0.addTags() },
        .leaf(TallySpec.untag) { try $0.removeTags() },
        .leaf(TallySpec.retag) { try $0.replaceTags() },
        .leaf(TallySpec.sum) { try $0.sum() },
        // the store itself (DatabaseCommands.swift)
        .group(TallySpec.db, [
            .leaf(TallySpec.dbInit) { try $0.initializeStore() },
            .leaf(TallySpec.dbCopy) { try $0.copyStore() },
        ]),
    ])
}
