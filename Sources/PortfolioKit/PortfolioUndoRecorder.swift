// The undo step of the one change being made, on every backend: every write of a change
// records first what undo needs to revert it exactly (same ids, values and times). A step
// keeps the images of the rows the change altered or deleted (the first image of a row
// wins), the ids it created as runs per table (an import of a million updates is one run,
// not a million rows), and the items it touched (for a shared store's conflict rule).
// The step's row is written at the first change it records (a command that ends up
// changing nothing leaves none); the runs, the touches and the description at the end,
// then the oldest steps beyond `PortfolioUndo.limit` are pruned, in the same transaction.

/// Records one change's undo step through a backend's journal rows.
package final class PortfolioUndoRecorder {
    private let rows: any PortfolioJournalRows
    private let command: String
    private let now: () -> Int64
    /// What undo will say it reverted ("rm 'Cash ISA'"); set by the command.
    package var description: String
    private var stepID: Int64?
    /// The ids this step created, as runs, per table: kept in memory and written once at the end.
    private var created: [PortfolioUndoTable: [ClosedRange<Int64>]] = [:]
    private var touched: Set<String> = []

    /// The step of a change named `command`, stamped with `now()` when it first records.
    package init(rows: any PortfolioJournalRows, command: String, now: @escaping () -> Int64) {
        self.rows = rows
        self.command = command
        self.now = now
        self.description = command
    }

    /// The step's row, made at the first change.
    private func step() throws -> Int64 {
        if let stepID { return stepID }
        let id = try rows.insertStep(command: command, description: description, at: now())
        stepID = id
        return id
    }

    /// The account with `id` is changed by this step.
    package func touch(account id: Int64) { touched.insert("a\(id)") }
    /// The goal of the `code` total is changed by this step.
    package func touch(totalOf code: String) { touched.insert("t\(code)") }

    /// Rows this change created (undo deletes them).
    package func created(_ table: PortfolioUndoTable, ids: [Int64]) throws {
        try created(table, runs: ids.sorted().map { $0...$0 })
    }

    /// Rows this change created, as runs of ids in increasing order.
    package func created(_ table: PortfolioUndoTable, runs new: [ClosedRange<Int64>]) throws {
        guard !new.isEmpty else { return }
        _ = try step()
        var runs = created[table] ?? []
        for run in new {
            if let last = runs.last, run.lowerBound > last.upperBound, run.lowerBound.subtractingReportingOverflow(last.upperBound) == (1, false) {
                runs[runs.count - 1] = last.lowerBound...run.upperBound
            } else if runs.last?.contains(run.lowerBound) != true {
                runs.append(run)
            }
        }
        created[table] = runs
    }

    private func isCreated(_ table: PortfolioUndoTable, id: Int64) -> Bool {
        created[table]?.contains { $0.contains(id) } ?? false
    }

    /// Saves the account as it is now, before this change alters or deletes it.
    package func saveAccount(_ id: Int64) throws {
        touch(account: id)
        guard !isCreated(.accounts, id: id) else { return }
        try rows.saveImage(.accounts, id: id, step: try step())
    }

    /// Saves one row of `table` (an update, a contribution, a goal) before this change
    /// deletes or replaces it.
    package func save(_ table: PortfolioUndoTable, id: Int64) throws {
        guard !isCreated(table, id: id) else { return }
        try rows.saveImage(table, id: id, step: try step())
    }

    /// Saves every update, deposit, withdrawal and goal of the account (but those this
    /// step created: undo deletes them) before the account goes with them.
    package func saveRows(ofAccount id: Int64) throws {
        guard !isCreated(.accounts, id: id) else { return }
        let step = try step()
        try rows.saveImages(.updates, ofAccount: id, excluding: created[.updates] ?? [], step: step)
        try rows.saveImages(.contributions, ofAccount: id, excluding: created[.contributions] ?? [], step: step)
        for goal in try rows.goalIDs(ofAccount: id) { try save(.goals, id: goal) }
    }

    /// Writes what the step created, what it touched and its description, and prunes the
    /// oldest steps beyond the limit: the last statements of the change's transaction.
    package func finish() throws {
        guard let stepID else { return }
        var runs: [(table: PortfolioUndoTable, run: ClosedRange<Int64>)] = []
        for table in PortfolioUndoTable.allCases {
            for run in created[table] ?? [] { runs.append((table, run)) }
        }
        if !runs.isEmpty { try rows.recordCreated(runs, step: stepID) }
        if !touched.isEmpty { try rows.recordTouches(touched.sorted(), step: stepID) }
        try rows.setDescription(description, step: stepID)
        try rows.pruneSteps(keeping: PortfolioUndo.limit)
    }
}
