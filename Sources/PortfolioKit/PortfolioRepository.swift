// The storage seam of portfolio: what its rules and reports need from a store. The SQLite
// adapter (SQLitePortfolioRepository) is the tool's store; the in-memory adapter
// (MemoryPortfolioRepository) serves apps and tests. No SQL and no file outside them.
//
// Every change is one `change`: one transaction holding the change and its undo step, so
// `undoLatest` reverts it exactly (the same ids, values and times).

import MoneyKit
import MoneyKitStorage

public protocol PortfolioRepository: AnyObject {
    /// Whether the store exists (a missing one reads as empty and takes no writes).
    var exists: Bool { get }
    /// Where the store is (a path), for messages.
    var location: String { get }

    /// Every account, by name (letter case ignored), then id.
    func accounts() throws -> [Account]
    /// The update in force at `instant`: the latest at or before it, later entered first.
    func latestUpdate(of account: Account, atOrBefore instant: Int64) throws -> Update?
    /// The latest update at or after `instant` (one a close there would cut off).
    func latestUpdate(of account: Account, atOrAfter instant: Int64) throws -> Update?
    /// Every update of `account`, oldest first (ties: entry order).
    func updates(of account: Account) throws -> [Update]
    /// How many updates `account` has.
    func updateCount(of account: Account) throws -> Int64
    /// The instant of the earliest update of any account, nil when there is none.
    func firstInstant() throws -> Int64?
    /// Every update of every account in time order (ties: entry order), streamed.
    func forEachUpdate(_ body: (Update) throws -> Void) throws
    /// How many updates of the account with `accountID` are at `at` with `value` (import's duplicates).
    func updateCount(accountID: Int64, at: Int64, value: Int64) throws -> Int64
    /// The instant of the latest update of the account with `accountID`.
    func latestInstant(accountID: Int64) throws -> Int64?

    /// Runs `body` on one consistent snapshot (a report's reads).
    func reading<Result>(_ body: () throws -> Result) throws -> Result
    /// Runs `body` as one change that `undoLatest` can revert, in one write transaction:
    /// all of it or nothing.
    func change<Result>(_ command: String, _ body: (any PortfolioChange) throws -> Result) throws -> Result
    /// The newest undo step, nil when there is nothing to undo.
    func latestUndoStep() throws -> UndoStep?
    /// Reverts the newest step and forgets it.
    /// - Throws: `PortfolioError.nothingToUndo`, `.undoMismatch` (the store no longer matches it).
    func undoLatest() throws -> UndoOutcome
}

/// The writes of one change, each recorded in its undo step. Only inside `change`.
public protocol PortfolioChange: AnyObject {
    /// What undo will say it reverted ("rm 'Cash ISA'").
    var description: String { get set }
    /// - Throws: `PortfolioError.nameTaken` when the store holds the name already.
    func createAccount(name: String, currency: Currency, at instant: Int64) throws -> Account
    /// - Throws: `PortfolioError.accountGone` when the account was deleted meanwhile.
    func addUpdate(to account: Account, at instant: Int64, value: Int64) throws -> Int64
    /// Many updates at once (an import): `accounts` are each update's account.
    func addUpdates(_ updates: [(account: Account, at: Int64, value: Int64)]) throws
    func setClosed(_ account: Account, at instant: Int64?) throws
    /// - Throws: `PortfolioError.renameTaken` when another account holds the name.
    func rename(_ account: Account, to newName: String) throws
    /// Deletes the account and all its updates.
    func delete(_ account: Account) throws
    /// - Throws: `PortfolioError.updateGone` when the account has no such update.
    func deleteUpdate(id: Int64, of account: Account) throws
}

/// A change as remembered for undo.
public struct UndoStep: Equatable, Sendable {
    public let id: Int64
    public let command: String
    public let description: String
    public let at: Int64

    public init(id: Int64, command: String, description: String, at: Int64) {
        self.id = id
        self.command = command
        self.description = description
        self.at = at
    }
}

/// What reverting a step did, for the message.
public struct UndoOutcome: Equatable, Sendable {
    public var step: UndoStep
    public var accountsRestored: Int64 = 0
    public var updatesRestored: Int64 = 0
    public var accountsRemoved: Int64 = 0
    public var updatesRemoved: Int64 = 0

    public init(step: UndoStep) { self.step = step }

    /// "1 account and 24 updates restored", "2 updates removed"; nil when only values changed back.
    public var effect: String? {
        func counted(_ accounts: Int64, _ updates: Int64, _ verb: String) -> String? {
            var parts: [String] = []
            if accounts > 0 { parts.append("\(accounts) account\(accounts == 1 ? "" : "s")") }
            if updates > 0 { parts.append("\(updates) update\(updates == 1 ? "" : "s")") }
            return parts.isEmpty ? nil : parts.joined(separator: " and ") + " " + verb
        }
        let parts = [counted(accountsRestored, updatesRestored, "restored"), counted(accountsRemoved, updatesRemoved, "removed")].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }
}

/// How many changes undo can go back: the shared convention.
public enum PortfolioUndo {
    public static let limit = UndoHistory.stepsKept
}
