// What a backend of portfolio maps, and nothing more: the rows a change writes
// (`PortfolioRowWriter`) and the rows of the undo journal (`PortfolioJournalRows`). The
// rules (what a change does, what it saves for undo, how undo reverts a step and when it
// refuses) are written once against these, in PortfolioRowChange, PortfolioUndoRecorder
// and PortfolioUndoReverter; an adapter answers each call with one or two statements.
// Every call runs inside the change's transaction.

import MoneyKit

/// What a row write found: done, no such row, or a name another row holds.
package enum PortfolioRowOutcome: Equatable, Sendable {
    /// The row was written.
    case changed
    /// The row is not there (deleted meanwhile).
    case missing
    /// Another row holds the unique name.
    case taken
}

/// The rows a change of portfolio writes, in the change's transaction.
package protocol PortfolioRowWriter: AnyObject {
    /// Inserts an account with no updates; its id, nil when the name is taken (letter case ignored).
    func insertAccount(name: String, currency: Currency, createdAt: Int64) throws -> Int64?
    /// Inserts one update; its id, nil when the account is not there.
    func insertUpdate(accountID: Int64, at: Int64, value: Int64) throws -> Int64?
    /// Inserts the updates `forEach` gives (an index into `accountIDs`, the instant, the
    /// value; it may be called more than once and gives the same each time), in that order;
    /// the ids made, as runs in increasing order.
    func insertUpdates(accountIDs: [Int64], _ forEach: ((Int, Int64, Int64) throws -> Void) throws -> Void) throws -> [ClosedRange<Int64>]
    /// Sets each account's update count from its updates.
    func recount(accountIDs: [Int64]) throws
    /// Sets the account's close (nil: open).
    func setClosed(accountID: Int64, at: Int64?) throws -> PortfolioRowOutcome
    /// Renames the account.
    func rename(accountID: Int64, to name: String) throws -> PortfolioRowOutcome
    /// Deletes the account; its updates, contributions and goal go with it.
    func deleteAccount(id: Int64) throws -> PortfolioRowOutcome
    /// Deletes the update `id` of the account.
    func deleteUpdate(id: Int64, accountID: Int64) throws -> PortfolioRowOutcome
    /// Inserts one deposit or withdrawal; its id, nil when the account is not there.
    func insertContribution(accountID: Int64, at: Int64, amount: Int64) throws -> Int64?
    /// Inserts deposits and withdrawals in order; their ids in that order.
    func insertContributions(_ rows: [(accountID: Int64, at: Int64, amount: Int64)]) throws -> [Int64]
    /// Deletes the deposit or withdrawal `id` of the account.
    func deleteContribution(id: Int64, accountID: Int64) throws -> PortfolioRowOutcome
    /// Inserts a goal; its id.
    func insertGoal(accountID: Int64?, currency: Currency, amount: Int64, by: Int64?) throws -> Int64
    /// Sets the amount and date of the goal `id`.
    func updateGoal(id: Int64, amount: Int64, by: Int64?) throws
    /// Deletes the goal `id`.
    func deleteGoal(id: Int64) throws
}

/// The rows of portfolio's undo journal, in the change's transaction. An image is a row as
/// it was before the step first touched it; the first image of a row in a step is kept.
package protocol PortfolioJournalRows: AnyObject {
    /// Inserts a step (of this store's actor, where it has one); its id.
    func insertStep(command: String, description: String, at: Int64) throws -> Int64
    /// Saves the image of the row `id` of `table` in `step` (nothing when it is not there).
    func saveImage(_ table: PortfolioUndoTable, id: Int64, step: Int64) throws
    /// Saves the images of every row of `table` (updates or contributions) of the account,
    /// but those with ids in `excluding`.
    func saveImages(_ table: PortfolioUndoTable, ofAccount accountID: Int64, excluding: [ClosedRange<Int64>], step: Int64) throws
    /// The ids of the goals of the account.
    func goalIDs(ofAccount accountID: Int64) throws -> [Int64]
    /// Records the ids the step created, as runs per table.
    func recordCreated(_ runs: [(table: PortfolioUndoTable, run: ClosedRange<Int64>)], step: Int64) throws
    /// Records the items the step changed ('a<ID>' an account, 't<CODE>' a currency's
    /// total goal), for the conflict rule of a shared store; a store of one actor keeps none.
    func recordTouches(_ items: [String], step: Int64) throws
    /// Sets the step's description (known only at the end of the change).
    func setDescription(_ description: String, step: Int64) throws
    /// Forgets this actor's oldest steps beyond the newest `kept`.
    func pruneSteps(keeping kept: Int) throws

    /// This actor's newest step, nil when there is none.
    func newestStep() throws -> UndoStep?
    /// Another actor that changed one of the step's items after it, nil when none (always
    /// nil in a store of one actor).
    func laterActor(over step: UndoStep) throws -> String?
    /// Refuses saved images the store's rows could not hold (typed, in range, a known currency).
    func checkImages(of step: UndoStep) throws
    /// The runs of ids the step created; nil for a table the journal does not know.
    func createdRuns(of step: UndoStep) throws -> [(table: PortfolioUndoTable?, run: ClosedRange<Int64>)]
    /// Deletes the rows of `table` with ids in `run`; how many there were.
    func deleteRows(_ table: PortfolioUndoTable, in run: ClosedRange<Int64>) throws -> Int64
    /// How many updates and contributions belong to accounts with ids in `run`.
    func rowsOwned(byAccountsIn run: ClosedRange<Int64>) throws -> Int64
    /// Puts the step's images of `table` back (inserted, or set where the row exists);
    /// how many were not there.
    func restoreImages(_ table: PortfolioUndoTable, of step: UndoStep) throws -> Int64
    /// Forgets the step (and, in a shared store, what it said about its items).
    func forget(_ step: UndoStep) throws
}

/// Everything a backend maps for portfolio's changes and their undo.
package typealias PortfolioRows = PortfolioRowWriter & PortfolioJournalRows
