// The undo step of the one change being made, on every backend, in the undo journal every
// kit shares (UndoJournal): every write of a change records first what undo needs to
// revert it exactly (same ids, values and times). The journal keeps, per step:
//   "account" ID: the account as it was before the step first touched it (nothing: the
//     step made it), for every account the step changed or changed the rows of;
//   "update" / "contribution" / "goal" ID: a row as it was before the step deleted or
//     replaced it;
//   "total" CODE: the step set the goal of the currency's total (for the conflict rule);
//   "new updates" FIRST...LAST (and "new accounts", "new contributions", "new goals"):
//     a run of ids the step created, which undo deletes (an import of a million updates
//     is one record, not a million).
// The step is begun at the first change it records (a command that ends up changing
// nothing leaves none), named by the command as its mark and by its description, known
// only at the end, as its label; the journal keeps the newest `PortfolioUndo.limit`.

import MoneyKitStorage

/// Records one change's undo step through a backend's rows and the shared undo journal.
package final class PortfolioUndoRecorder {
    private let rows: any PortfolioJournalRows
    private let command: String
    private let now: () -> Int64
    /// What undo will say it reverted ("rm 'Cash ISA'"); set by the command.
    package var description: String
    /// The journal, once the step is begun.
    private var journal: UndoJournal?
    /// The ids this step created, as runs, per table: kept in memory and recorded once at the end.
    private var created: [PortfolioUndoTable: [ClosedRange<Int64>]] = [:]

    /// The step of a change named `command`, stamped with `now()` when it first records.
    package init(rows: any PortfolioJournalRows, command: String, now: @escaping () -> Int64) {
        self.rows = rows
        self.command = command
        self.now = now
        self.description = command
    }

    /// The journal with the step begun, at the first change.
    private func step() throws -> UndoJournal {
        if let journal { return journal }
        let begun = UndoJournal(rows: try rows.journalRows(), actor: rows.undoActor, isShared: rows.isSharedStore,
                                stepsKept: PortfolioUndo.limit, storeName: rows.location)
        // The forgotten steps' records need nothing dropped: nothing of the store names a step.
        try begun.begin(command, at: Double(now()), mark: command)
        journal = begun
        return begun
    }

    /// The account with `id` is changed by this step (or its updates, deposits or goal):
    /// kept as it is now, the first time.
    package func touch(account id: Int64) throws {
        try step().touch(kind: PortfolioUndoTable.accounts.rowKind, key: String(id)) {
            isCreated(.accounts, id: id) ? nil : try rows.image(.accounts, id: id)?.json
        }
    }

    /// The goal of the `code` total is changed by this step.
    package func touch(totalOf code: String) throws {
        try step().touch(kind: PortfolioUndoRecord.total, key: code) { nil }
    }

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
        // A new account is the step's for the conflict rule too (nothing before it).
        if table == .accounts { for run in new { for id in run { try touch(account: id) } } }
    }

    private func isCreated(_ table: PortfolioUndoTable, id: Int64) -> Bool {
        created[table]?.contains { $0.contains(id) } ?? false
    }

    /// Saves the account as it is now, before this change alters or deletes it.
    package func saveAccount(_ id: Int64) throws {
        try touch(account: id)
    }

    /// Saves one row of `table` (an update, a contribution, a goal) before this change
    /// deletes or replaces it.
    package func save(_ table: PortfolioUndoTable, id: Int64) throws {
        guard !isCreated(table, id: id) else { return }
        try step().touch(kind: table.rowKind, key: String(id)) { try rows.image(table, id: id)?.json }
    }

    /// Saves every update, deposit, withdrawal and goal of the account (but those this
    /// step created: undo deletes them) before the account goes with them.
    package func saveRows(ofAccount id: Int64) throws {
        guard !isCreated(.accounts, id: id) else { return }
        let journal = try step()
        for table in [PortfolioUndoTable.updates, .contributions, .goals] {
            for image in try rows.images(table, ofAccount: id) where !isCreated(table, id: image.id) {
                try journal.touch(kind: table.rowKind, key: String(image.id)) { image.json }
            }
        }
    }

    /// Records what the step created and names it by its description: the last
    /// statements of the change's transaction.
    package func finish() throws {
        guard let journal else { return }
        for table in PortfolioUndoTable.allCases {
            for run in created[table] ?? [] {
                try journal.touch(kind: table.createdKind, key: PortfolioUndoRecord.key(of: run)) { nil }
            }
        }
        try journal.relabelCurrent(description)
    }
}

/// The record kinds and keys of portfolio's undo steps beside the tables' own.
package enum PortfolioUndoRecord {
    /// The goal of a currency's total, keyed by the code; nothing before.
    package static let total = "total"

    /// "FIRST...LAST": the key of a run of ids created.
    package static func key(of run: ClosedRange<Int64>) -> String { "\(run.lowerBound)...\(run.upperBound)" }

    /// The run a key names, nil when it names none.
    package static func run(of key: String) -> ClosedRange<Int64>? {
        guard let dots = key.firstRange(of: "..."), let first = Int64(key[..<dots.lowerBound]), let last = Int64(key[dots.upperBound...]),
              first <= last else { return nil }
        return first...last
    }
}
