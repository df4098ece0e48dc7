// Undo of portfolio's newest step, on every backend, inside the caller's write
// transaction, through the shared undo journal (UndoJournal): refused when another actor
// changed one of its rows after it (a shared store); what it created is deleted (updates,
// deposits and goals first, then accounts, which must have nothing of their own left:
// that would go with them by cascade); the rows it kept are put back (accounts first: the
// rest refer to them, so the journal's own newest-first order would break the foreign
// keys), each with its id; the step is forgotten (there is no redo). A store that no
// longer matches the step (changed by another program) is refused, and the transaction
// rolls back.

import MoneyKitPlatform
import MoneyKitStorage

/// Reads and reverts portfolio's newest step through a backend's rows.
package enum PortfolioUndoReverter {
    /// The journal of `rows` for this store's actor.
    private static func journal(_ rows: any PortfolioJournalRows) throws -> UndoJournal {
        UndoJournal(rows: try rows.journalRows(), actor: rows.undoActor, isShared: rows.isSharedStore,
                    stepsKept: PortfolioUndo.limit, storeName: rows.location)
    }

    /// The newest step undo would revert, nil when there is none.
    /// - Throws: `StoreError` when the store cannot be read or holds a step the code cannot use.
    package static func latestStep(in rows: any PortfolioJournalRows) throws -> UndoStep? {
        try journal(rows).newestStep().map { try undoStep($0, in: rows.location) }
    }

    /// Reverts this actor's newest step.
    /// - Throws: `PortfolioError.nothingToUndo`, `.undoConflict`, `.undoMismatch`;
    ///   `StoreError` for a kept row the store cannot hold, or when the store cannot be written.
    package static func revertLatest(in rows: any PortfolioJournalRows) throws -> UndoOutcome {
        var outcome: UndoOutcome?
        do {
            _ = try journal(rows).undoNewest(reverting: { step, records in
                outcome = try revert(try undoStep(step, in: rows.location), records, in: rows)
            }, restore: { _ in })  // every row is put back by `revert`, in the order the foreign keys need
        } catch let conflict as UndoConflict {
            throw PortfolioError.undoConflict(description: conflict.step.label, actor: conflict.actors.first ?? "")
        }
        guard let outcome else { throw PortfolioError.nothingToUndo }
        return outcome
    }

    /// portfolio's view of a journal step: the command is its mark, the description its label.
    private static func undoStep(_ step: UndoJournalStep, in location: String) throws -> UndoStep {
        guard step.at.isFinite, let at = Int64(exactly: step.at.rounded(.down)) else {
            throw StoreError.corrupt(path: location, reason: "undo step \(step.id) has no valid time")
        }
        return UndoStep(id: step.id, command: step.mark ?? step.label, description: step.label, at: at)
    }

    /// Reverts `step` from its `records`.
    private static func revert(_ step: UndoStep, _ records: [UndoJournalRecord], in rows: any PortfolioJournalRows) throws -> UndoOutcome {
        var created: [(table: PortfolioUndoTable, run: ClosedRange<Int64>)] = []
        var images: [PortfolioRowImage] = []
        var accountUpdates: [(accountID: Int64, lines: String)] = []
        for record in records {
            if record.kind == PortfolioUndoRecord.total { continue }  // the conflict rule's only
            if record.kind == PortfolioUndoRecord.updatesOfAccount {
                guard let accountID = Int64(record.key), let lines = record.before?.stringValue else {
                    throw StoreError.corrupt(path: rows.location, reason: "the undo record of the updates of account '\(record.key)' is unreadable")
                }
                accountUpdates.append((accountID, lines))
                continue
            }
            if let table = PortfolioUndoTable.allCases.first(where: { $0.createdKind == record.kind }) {
                guard let run = PortfolioUndoRecord.run(of: record.key) else {
                    throw StoreError.corrupt(path: rows.location, reason: "an undo record names the ids '\(record.key)'")
                }
                created.append((table, run))
            } else if let table = PortfolioUndoTable.allCases.first(where: { $0.rowKind == record.kind }) {
                // Nothing before: an account the step made (its "new accounts" run removes it).
                guard let before = record.before else { continue }
                let image = try PortfolioRowImage(table, json: before, in: rows.location)
                guard String(image.id) == record.key else {
                    throw StoreError.corrupt(path: rows.location, reason: "the undo record of \(record.kind) \(record.key) holds \(image.id)")
                }
                images.append(image)
            } else {
                throw StoreError.corrupt(path: rows.location, reason: "an undo record of an unknown kind '\(record.kind)'")
            }
        }

        var outcome = UndoOutcome(step: step)
        var mismatch = false
        // Updates, goals and contributions first, then the accounts they belonged to.
        let order: [PortfolioUndoTable] = [.updates, .goals, .contributions, .accounts]
        func deletion(_ table: PortfolioUndoTable) -> Int { order.firstIndex(of: table) ?? 0 }
        created.sort { (deletion($0.table), $0.run.lowerBound) < (deletion($1.table), $1.run.lowerBound) }
        for (table, run) in created {
            if table == .accounts, try rows.rowsOwned(byAccountsIn: run) != 0 { mismatch = true }
            let deleted = try rows.deleteRows(table, in: run)
            if !holds(run, exactly: deleted) { mismatch = true }
            switch table {
            case .accounts: outcome.accountsRemoved += deleted
            case .updates: outcome.updatesRemoved += deleted
            case .contributions: outcome.contributionsRemoved += deleted
            case .goals: break
            }
        }
        if mismatch { throw PortfolioError.undoMismatch(description: step.description) }

        // Accounts first: the rest refer to them.
        func restoring(_ table: PortfolioUndoTable) -> Int { PortfolioUndoTable.allCases.firstIndex(of: table) ?? 0 }
        images.sort { (restoring($0.table), $0.id) < (restoring($1.table), $1.id) }
        func restore(_ image: PortfolioRowImage) throws {
            guard try rows.restore(image) else { return }
            switch image.table {
            case .accounts: outcome.accountsRestored += 1
            case .updates: outcome.updatesRestored += 1
            case .contributions: outcome.contributionsRestored += 1
            case .goals: break
            }
        }
        let accounts = images.prefix { $0.table == .accounts }
        for image in accounts { try restore(image) }
        // A deleted account's updates, read line by line (never all held as rows).
        for (accountID, lines) in accountUpdates {
            try PortfolioUndoRecord.forEachUpdate(in: lines, accountID: accountID, location: rows.location, restore)
        }
        for image in images.dropFirst(accounts.count) { try restore(image) }
        return outcome
    }

    /// Whether `count` rows are as many as `run` has ids.
    private static func holds(_ run: ClosedRange<Int64>, exactly count: Int64) -> Bool {
        let size = run.upperBound.subtractingReportingOverflow(run.lowerBound)
        return !size.overflow && count.subtractingReportingOverflow(1) == (size.partialValue, false)
    }
}
