// Undo of portfolio's newest step, on every backend, inside the caller's write
// transaction: refused when another actor changed one of its items after it (a shared
// store); what it created is deleted (updates, deposits and goals first, then accounts,
// which must have nothing of their own left: that would go with them by cascade); the
// images it saved are put back (accounts first: the rest refer to them), each with its
// id; the step is forgotten (there is no redo). A store that no longer matches the step
// (changed by another program) is refused, and the transaction rolls back.

/// Reverts one step through a backend's journal rows.
package enum PortfolioUndoReverter {
    /// Reverts `step`, this actor's newest.
    /// - Throws: `PortfolioError.undoConflict`, `.undoMismatch`; `StoreError` for a saved
    ///   image the store cannot hold, or when the store cannot be written.
    package static func revert(_ step: UndoStep, in rows: any PortfolioJournalRows) throws -> UndoOutcome {
        if let other = try rows.laterActor(over: step) {
            throw PortfolioError.undoConflict(description: step.description, actor: other)
        }
        try rows.checkImages(of: step)
        var outcome = UndoOutcome(step: step)
        var mismatch = false
        var createdAccounts: [ClosedRange<Int64>] = []
        for (table, run) in try rows.createdRuns(of: step) {
            guard let table else { mismatch = true; continue }
            if table == .accounts { createdAccounts.append(run); continue }
            let deleted = try rows.deleteRows(table, in: run)
            if !holds(run, exactly: deleted) { mismatch = true }
            switch table {
            case .updates: outcome.updatesRemoved += deleted
            case .contributions: outcome.contributionsRemoved += deleted
            case .accounts, .goals: break
            }
        }
        for run in createdAccounts {
            if try rows.rowsOwned(byAccountsIn: run) != 0 { mismatch = true }
            let deleted = try rows.deleteRows(.accounts, in: run)
            if !holds(run, exactly: deleted) { mismatch = true }
            outcome.accountsRemoved += deleted
        }
        if mismatch { throw PortfolioError.undoMismatch(description: step.description) }

        outcome.accountsRestored = try rows.restoreImages(.accounts, of: step)
        outcome.updatesRestored = try rows.restoreImages(.updates, of: step)
        outcome.contributionsRestored = try rows.restoreImages(.contributions, of: step)
        _ = try rows.restoreImages(.goals, of: step)
        try rows.forget(step)
        return outcome
    }

    /// Whether `count` rows are as many as `run` has ids.
    private static func holds(_ run: ClosedRange<Int64>, exactly count: Int64) -> Bool {
        let size = run.upperBound.subtractingReportingOverflow(run.lowerBound)
        return !size.overflow && count.subtractingReportingOverflow(1) == (size.partialValue, false)
    }
}
