// The storage seam of portfolio: what its rules and reports need from a store, in the
// shape of GRDB's DatabaseReader/DatabaseWriter. `read { session in … }` runs on one
// snapshot; `write(label) { session in … }` is one transaction holding the change and its
// undo step, so `undoLatest` reverts it exactly (the same ids, values and times). The
// rules of a change and its undo are the kit's (PortfolioRowChange, PortfolioUndoRecorder,
// PortfolioUndoReverter); the adapters (MemoryPortfolioRepository here, PortfolioSQLite,
// PortfolioPostgres) map rows and nothing else. No SQL and no file in this target.

import MoneyKit
import MoneyKitStorage

/// What portfolio's rules and reports read from a store. Outside `read` and `write`,
/// each lookup runs on its own snapshot.
public protocol PortfolioSession: AnyObject {
    /// Every account, by name (letter case ignored), then id.
    /// - Throws: `StoreError` when the store cannot be read or holds a row the code cannot use.
    func accounts() throws -> [Account]
    /// The update in force at `instant`: the latest at or before it, later entered first.
    /// - Throws: `StoreError` when the store cannot be read or holds a row the code cannot use.
    func latestUpdate(of account: Account, atOrBefore instant: Int64) throws -> Update?
    /// The latest update at or after `instant` (one a close there would cut off).
    /// - Throws: `StoreError` when the store cannot be read or holds a row the code cannot use.
    func latestUpdate(of account: Account, atOrAfter instant: Int64) throws -> Update?
    /// Every update of `account`, oldest first (ties: entry order).
    /// - Throws: `StoreError` when the store cannot be read or holds a row the code cannot use.
    func updates(of account: Account) throws -> [Update]
    /// How many updates `account` has.
    /// - Throws: `StoreError` when the store cannot be read or holds a row the code cannot use.
    func updateCount(of account: Account) throws -> Int64
    /// The instant of the earliest update of any account, nil when there is none.
    /// - Throws: `StoreError` when the store cannot be read or holds a row the code cannot use.
    func firstInstant() throws -> Int64?
    /// Every update of every account in time order (ties: entry order), streamed.
    /// - Throws: `StoreError` when the store cannot be read or holds a row the code cannot use.
    func forEachUpdate(_ body: (Update) throws -> Void) throws
    /// How many updates of the account with `accountID` are at `at` with `value` (import's duplicates).
    /// - Throws: `StoreError` when the store cannot be read or holds a row the code cannot use.
    func updateCount(accountID: Int64, at: Int64, value: Int64) throws -> Int64
    /// The instant of the latest update of the account with `accountID`.
    /// - Throws: `StoreError` when the store cannot be read or holds a row the code cannot use.
    func latestInstant(accountID: Int64) throws -> Int64?
    /// The update in force at each of `instants` (ascending) for each of `accounts`: one
    /// list per account, in order, an entry per instant (nil: none yet). What a table and
    /// a list ask: a server answers it in one query (UpdatesInForce.swift).
    /// - Throws: `StoreError` when the store cannot be read or holds a row the code cannot use.
    func updatesInForce(of accounts: [Account], at instants: [Int64]) throws -> [[Update?]]

    // Money in and out, and goals (issue 16).
    /// The deposits and withdrawals of `account`, oldest first (ties: entry order).
    /// - Throws: `StoreError` when the store cannot be read or holds a row the code cannot use.
    func contributions(of account: Account) throws -> [Contribution]
    /// Every deposit and withdrawal of every account in time order (ties: entry order).
    /// - Throws: `StoreError` when the store cannot be read or holds a row the code cannot use.
    func forEachContribution(_ body: (Contribution) throws -> Void) throws
    /// Every goal (one per account at most, one per currency's total at most).
    /// - Throws: `StoreError` when the store cannot be read or holds a row the code cannot use.
    func goals() throws -> [Goal]
}

/// A store of portfolio: its reads, one snapshot (`read`), one change with its undo step
/// (`write`), and undo.
public protocol PortfolioRepository: PortfolioSession {
    /// Whether the store exists (a missing one reads as empty and takes no writes).
    var exists: Bool { get }
    /// Where the store is (a path), for messages.
    var location: String { get }

    /// Runs `body` on one consistent snapshot (a report's reads).
    /// - Throws: What `body` throws; `StoreError` when the store cannot be read.
    func read<Result>(_ body: (any PortfolioSession) throws -> Result) throws -> Result
    /// Runs `body` as one change named `label` that `undoLatest` can revert, in one write
    /// transaction holding the change and its undo step: all of it or nothing. The body
    /// may run more than once (PostgreSQL reruns a transaction that failed to serialize),
    /// so it must have no effect outside its session: no output, no counter kept outside,
    /// nothing but reads and writes through the session and a result.
    /// - Throws: What `body` throws (nothing is then changed); `StoreError` when the store cannot be written.
    func write<Result>(_ label: String, _ body: (any PortfolioChange) throws -> Result) throws -> Result
    /// The newest undo step, nil when there is nothing to undo.
    /// - Throws: `StoreError` when the store cannot be read or holds a row the code cannot use.
    func latestUndoStep() throws -> UndoStep?
    /// Reverts the newest step and forgets it.
    /// - Throws: `PortfolioError.nothingToUndo`, `.undoMismatch` (the store no longer matches it).
    func undoLatest() throws -> UndoOutcome

    /// What the reports may have to add up, by currency code: each account's largest value
    /// in magnitude, every deposit's and withdrawal's amount in magnitude, every goal's
    /// amount (see `PortfolioTotalsBudget`). One query, run by each change before and after.
    /// - Throws: `StoreError` when the store cannot be read.
    func magnitudes() throws -> [(currency: String, magnitude: Int64)]
}

/// The session of one `write`: its reads see its writes, and each write is recorded in
/// its undo step.
public protocol PortfolioChange: PortfolioSession {
    /// What undo will say it reverted ("rm 'Cash ISA'").
    var description: String { get set }
    /// - Throws: `PortfolioError.nameTaken` when the store holds the name already.
    func createAccount(name: String, currency: Currency, at instant: Int64) throws -> Account
    /// - Throws: `PortfolioError.accountGone` when the account was deleted meanwhile.
    func addUpdate(to account: Account, at instant: Int64, value: Int64) throws -> Int64
    /// Many updates at once (an import): `accounts` are each update's account.
    /// - Throws: `StoreError` when the store cannot be written.
    func addUpdates(_ updates: [(account: Account, at: Int64, value: Int64)]) throws
    /// Many updates at once, streamed (a million-row import, without an array of them):
    /// `forEach` calls its body with each update in order (an index into `accounts`, the
    /// instant, the value); it may be called more than once and gives the same each time.
    /// - Throws: `StoreError` when the store cannot be written.
    func addUpdates(of accounts: [Account], _ forEach: ((Int, Int64, Int64) throws -> Void) throws -> Void) throws
    /// Closes the account at `instant`, or reopens it (nil).
    /// - Throws: `PortfolioError.accountGone` when the account was deleted meanwhile.
    func setClosed(_ account: Account, at instant: Int64?) throws
    /// - Throws: `PortfolioError.renameTaken` when another account holds the name.
    func rename(_ account: Account, to newName: String) throws
    /// Deletes the account and all its updates.
    /// - Throws: `PortfolioError.accountGone` when the account was deleted meanwhile.
    func delete(_ account: Account) throws
    /// - Throws: `PortfolioError.updateGone` when the account has no such update.
    func deleteUpdate(id: Int64, of account: Account) throws

    // Money in and out, and goals (issue 16).
    /// Records `amount` (positive in, negative out) for `account` at `instant`; returns its id.
    /// - Throws: `PortfolioError.accountGone` when the account was deleted meanwhile.
    func addContribution(to account: Account, at instant: Int64, amount: Int64) throws -> Int64
    /// Many deposits and withdrawals at once (an import).
    /// - Throws: `StoreError` when the store cannot be written.
    func addContributions(_ contributions: [(account: Account, at: Int64, amount: Int64)]) throws
    /// - Throws: `PortfolioError.contributionGone` when the account has no such contribution.
    func deleteContribution(id: Int64, of account: Account) throws
    /// Sets the goal of the account `accountID` (nil: of `currency`'s total), replacing
    /// the one there is; returns its id.
    /// - Throws: `PortfolioError.accountGone` when the account was deleted meanwhile.
    func setGoal(accountID: Int64?, currency: Currency, amount: Int64, by: Int64?) throws -> Int64
    /// Removes the goal with `id`.
    /// - Throws: `StoreError` when the store cannot be written.
    func removeGoal(id: Int64) throws
}

extension PortfolioChange {
    /// Collects the updates and adds them with `addUpdates(_:)`.
    /// - Throws: `StoreError` when the store cannot be written.
    public func addUpdates(of accounts: [Account], _ forEach: ((Int, Int64, Int64) throws -> Void) throws -> Void) throws {
        var updates: [(account: Account, at: Int64, value: Int64)] = []
        try forEach { account, at, value in updates.append((accounts[account], at, value)) }
        try addUpdates(updates)
    }
}

/// A change as remembered for undo.
public struct UndoStep: Equatable, Sendable {
    /// The step's id, increasing.
    public let id: Int64
    /// The command that made the change ("rm").
    public let command: String
    /// What undo says it reverts ("rm 'Cash ISA' and its 3 updates").
    public let description: String
    /// When the change was made.
    public let at: Int64

    /// A step as stored.
    public init(id: Int64, command: String, description: String, at: Int64) {
        self.id = id
        self.command = command
        self.description = description
        self.at = at
    }
}

/// What reverting a step did, for the message.
public struct UndoOutcome: Equatable, Sendable {
    /// The step reverted.
    public var step: UndoStep
    /// Accounts put back.
    public var accountsRestored: Int64 = 0
    /// Updates put back.
    public var updatesRestored: Int64 = 0
    /// Accounts the step had created, removed.
    public var accountsRemoved: Int64 = 0
    /// Updates the step had created, removed.
    public var updatesRemoved: Int64 = 0
    /// Deposits and withdrawals put back.
    public var contributionsRestored: Int64 = 0
    /// Deposits and withdrawals the step had created, removed.
    public var contributionsRemoved: Int64 = 0

    /// Nothing done yet to revert `step`.
    public init(step: UndoStep) { self.step = step }

    /// "1 account and 24 updates restored", "2 updates removed"; nil when only values changed back.
    public var effect: String? {
        func counted(_ accounts: Int64, _ updates: Int64, _ contributions: Int64, _ verb: String) -> String? {
            var parts: [String] = []
            if accounts > 0 { parts.append("\(accounts) account\(accounts == 1 ? "" : "s")") }
            if updates > 0 { parts.append("\(updates) update\(updates == 1 ? "" : "s")") }
            if contributions > 0 { parts.append("\(contributions) deposit\(contributions == 1 ? "" : "s") or withdrawal\(contributions == 1 ? "" : "s")") }
            return parts.isEmpty ? nil : parts.joined(separator: " and ") + " " + verb
        }
        let parts = [counted(accountsRestored, updatesRestored, contributionsRestored, "restored"),
                     counted(accountsRemoved, updatesRemoved, contributionsRemoved, "removed")].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }
}

/// How many changes undo can go back: the shared convention.
public enum PortfolioUndo {
    /// How many changes are remembered.
    public static let limit = UndoHistory.stepsKept
}
