// The undo step of the one change being made, on every backend, in the undo journal every
// kit shares (UndoJournal): every write of a change records first what undo needs to
// revert it exactly (same ids, values and times). The journal keeps, per step:
//   "account" ID: the account as it was before the step first touched it (nothing: the
//     step made it), for every account the step changed or changed the rows of;
//   "update" / "contribution" / "goal" ID: a row as it was before the step deleted or
//     replaced it; "updates of account" ID: the updates of an account the step deleted,
//     as lines of text (one record however many);
//   "total" CODE: the step set the goal of the currency's total (for the conflict rule);
//   "new updates" FIRST...LAST (and "new accounts", "new contributions", "new goals"):
//     a run of ids the step created, which undo deletes (an import of a million updates
//     is one record, not a million).
// The step is begun at the first change it records (a command that ends up changing
// nothing leaves none), named by the command as its mark and by its description, known
// only at the end, as its label; the journal keeps the newest `PortfolioUndo.limit`.

import MoneyKitPlatform
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
    /// step created: undo deletes them) before the account goes with them. The updates,
    /// which may be millions, are one record of lines (`PortfolioUndoRecord.updatesOfAccount`).
    package func saveRows(ofAccount id: Int64) throws {
        guard !isCreated(.accounts, id: id) else { return }
        let journal = try step()
        let updates = try rows.images(.updates, ofAccount: id).filter { !isCreated(.updates, id: $0.id) }
        if !updates.isEmpty {
            try journal.touch(kind: PortfolioUndoRecord.updatesOfAccount, key: String(id)) { .string(PortfolioUndoRecord.lines(of: updates)) }
        }
        for table in [PortfolioUndoTable.contributions, .goals] {
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

    /// The updates of a deleted account, keyed by the account's id; before: a text of one
    /// line per update, "ID AT VALUE" (a million updates are one record of about 30 MB of
    /// text, not a million records).
    package static let updatesOfAccount = "updates of account"

    /// The lines of `updates` as `updatesOfAccount` keeps them.
    package static func lines(of updates: [PortfolioRowImage]) -> String {
        var text = ""
        for case .update(let update) in updates { text += "\(update.id) \(update.at) \(update.value)\n" }
        return text
    }

    /// The updates of the account `accountID` that `text` (`lines(of:)`) keeps, checked as
    /// rows of the store, each handed to `body`.
    /// - Throws: `StoreError.corrupt` naming `location` for a line that is not an update; what `body` throws.
    package static func forEachUpdate(in text: String, accountID: Int64, location: String, _ body: (PortfolioRowImage) throws -> Void) throws {
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ").map { Int64($0) }
            guard fields.count == 3, let id = fields[0], let at = fields[1], let value = fields[2] else {
                throw StoreError.corrupt(path: location, reason: "the undo record of the updates of account \(accountID) holds '\(line)'")
            }
            try body(try PortfolioRowImage(.updates, columns: [.integer(id), .integer(accountID), .integer(at), .integer(value)], in: location))
        }
    }

    /// "FIRST...LAST": the key of a run of ids created.
    package static func key(of run: ClosedRange<Int64>) -> String { "\(run.lowerBound)...\(run.upperBound)" }

    /// The run a key names, nil when it names none.
    package static func run(of key: String) -> ClosedRange<Int64>? {
        guard let dots = key.firstRange(of: "..."), let first = Int64(key[..<dots.lowerBound]), let last = Int64(key[dots.upperBound...]),
              first <= last else { return nil }
        return first...last
    }
}
