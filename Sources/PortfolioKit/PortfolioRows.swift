// What a backend of portfolio maps, and nothing more: the rows a change writes
// (`PortfolioRowWriter`) and what undo reads and puts back (`PortfolioJournalRows`, beside
// the shared undo journal's rows). The rules (what a change does, what it keeps for undo,
// how undo reverts a step and when it refuses) are written once against these, in
// PortfolioRowChange, PortfolioUndoRecorder and PortfolioUndoReverter; an adapter answers
// each call with one or two statements. Every call runs inside the change's transaction.

import MoneyKit
import MoneyKitStorage

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

/// What portfolio's undo needs of a backend beside the shared undo journal's rows, in the
/// change's transaction: the rows as undo keeps them, and the writes that put them back.
package protocol PortfolioJournalRows: AnyObject {
    /// The shared undo journal's rows (UndoJournal), in the transaction or snapshot under way.
    /// - Throws: the store's errors.
    func journalRows() throws -> any UndoJournalRows
    /// Who makes this store's undo steps ("user@host" on a shared store, "" elsewhere).
    var undoActor: String { get }
    /// Whether several actors share the store: undo per actor, refused over another's later change.
    var isSharedStore: Bool { get }
    /// Where the store is, for messages.
    var location: String { get }
    /// The row `id` of `table` as it is now, nil when it is not there.
    /// - Throws: the store's errors.
    func image(_ table: PortfolioUndoTable, id: Int64) throws -> PortfolioRowImage?
    /// Every row of `table` (updates, contributions or goals) of the account, by id.
    /// - Throws: the store's errors.
    func images(_ table: PortfolioUndoTable, ofAccount accountID: Int64) throws -> [PortfolioRowImage]
    /// Deletes the rows of `table` with ids in `run`; how many there were.
    /// - Throws: the store's errors.
    func deleteRows(_ table: PortfolioUndoTable, in run: ClosedRange<Int64>) throws -> Int64
    /// How many updates and contributions belong to accounts with ids in `run`.
    /// - Throws: the store's errors.
    func rowsOwned(byAccountsIn run: ClosedRange<Int64>) throws -> Int64
    /// Puts the row back with its id (inserted, or set where the row exists); whether it was not there.
    /// - Throws: the store's errors.
    func restore(_ image: PortfolioRowImage) throws -> Bool
}

/// Everything a backend maps for portfolio's changes and their undo.
package typealias PortfolioRows = PortfolioRowWriter & PortfolioJournalRows
