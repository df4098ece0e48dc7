// portfolio's in-memory adapter: the same repository as the SQLite store, held in a
// value, for apps (a preview, a scratch portfolio) and for the kit's tests. Ids are
// given as SQLite gives them (one past the largest) and a change is all or nothing (the
// value before it is put back when it fails). Like every adapter it maps rows and nothing
// else: the changes' rules and the undo are the kit's (PortfolioRowChange,
// PortfolioUndoRecorder, PortfolioUndoReverter), over the rows of
// MemoryPortfolioRepository+Rows.swift and the shared journal's InMemoryUndoJournalRows.

import MoneyKit
import MoneyKitPlatform
import MoneyKitStorage

/// A portfolio held in memory: the repository for apps and tests.
public final class MemoryPortfolioRepository: PortfolioRepository {
    struct State: Equatable {
        var accounts: [Int64: Account] = [:]
        /// By id (entry order).
        var updates: [Int64: Update] = [:]
        /// Deposits and withdrawals by id.
        var contributions: [Int64: Contribution] = [:]
        /// Goals by id.
        var goals: [Int64: Goal] = [:]
    }

    var state = State() {
        didSet { sorted = [:] }
    }
    /// The undo journal's rows (UndoJournal), kept beside the tables and put back with
    /// them when a change fails.
    let journal = InMemoryUndoJournalRows()
    /// Updates in time order per account (nil: all), worked out once per state: a
    /// dashboard asks thousands of times between two changes.
    private var sorted: [Int64?: [Update]] = [:]
    private var isChanging = false
    /// Whether a change is refused when it takes a currency beyond what the reports can add
    /// up (`PortfolioTotalsBudget`), as every store's is; off only to stand for a store
    /// written before that rule, whose reports must still fail cleanly.
    var checksTotalsBudget = true
    /// The clock that stamps undo steps.
    let now: () -> Int64

    /// A repository whose undo steps are stamped with `now()`.
    public init(now: @escaping () -> Int64) {
        self.now = now
    }

    /// A repository whose undo steps are stamped with the time they are made.
    public convenience init() {
        self.init(now: { Instant.now() })
    }

    /// Whether the store exists.
    public var exists: Bool { true }
    /// Where the store is, for messages.
    public var location: String { ":memory:" }

    /// Every account, by name (letter case ignored), then id.
    /// - Throws: `StoreError` when the store cannot be read or holds a row the code cannot use.
    public func accounts() throws -> [Account] {
        state.accounts.values.sorted { left, right in
            let order = Self.nocaseOrder(left.name, right.name)
            return order == 0 ? left.id < right.id : order < 0
        }
    }

    /// SQLite's NOCASE: ASCII letters folded, compared byte by byte.
    static func nocaseOrder(_ left: String, _ right: String) -> Int {
        func folded(_ byte: UInt8) -> UInt8 { (65...90).contains(byte) ? byte + 32 : byte }
        var a = left.utf8.makeIterator(), b = right.utf8.makeIterator()
        while true {
            switch (a.next(), b.next()) {
            case (nil, nil): return 0
            case (nil, _): return -1
            case (_, nil): return 1
            case let (x?, y?):
                if folded(x) != folded(y) { return folded(x) < folded(y) ? -1 : 1 }
            }
        }
    }

    /// Updates of one account in time order, ties in entry order.
    private func sortedUpdates(_ accountID: Int64?) -> [Update] {
        if let known = sorted[accountID] { return known }
        let updates = state.updates.values.filter { accountID == nil || $0.accountID == accountID }
            .sorted { $0.at == $1.at ? $0.id < $1.id : $0.at < $1.at }
        sorted[accountID] = updates
        return updates
    }

    /// The update in force at `instant`.
    /// - Throws: `StoreError` when the store cannot be read or holds a row the code cannot use.
    public func latestUpdate(of account: Account, atOrBefore instant: Int64) throws -> Update? {
        sortedUpdates(account.id).last { $0.at <= instant }
    }

    /// The latest update at or after `instant`.
    /// - Throws: `StoreError` when the store cannot be read or holds a row the code cannot use.
    public func latestUpdate(of account: Account, atOrAfter instant: Int64) throws -> Update? {
        sortedUpdates(account.id).last { $0.at >= instant }
    }

    /// Every update of `account`, oldest first.
    /// - Throws: `StoreError` when the store cannot be read or holds a row the code cannot use.
    public func updates(of account: Account) throws -> [Update] { sortedUpdates(account.id) }

    /// How many updates `account` has.
    /// - Throws: `StoreError` when the store cannot be read or holds a row the code cannot use.
    public func updateCount(of account: Account) throws -> Int64 {
        Int64(state.updates.values.filter { $0.accountID == account.id }.count)
    }

    /// The instant of the earliest update.
    /// - Throws: `StoreError` when the store cannot be read or holds a row the code cannot use.
    public func firstInstant() throws -> Int64? { state.updates.values.map(\.at).min() }

    /// Every update in time order.
    /// - Throws: `StoreError` when the store cannot be read or holds a row the code cannot use.
    public func forEachUpdate(_ body: (Update) throws -> Void) throws {
        for update in sortedUpdates(nil) { try body(update) }
    }

    /// How many updates of the account are at `at` with `value`.
    /// - Throws: `StoreError` when the store cannot be read or holds a row the code cannot use.
    public func updateCount(accountID: Int64, at: Int64, value: Int64) throws -> Int64 {
        Int64(state.updates.values.filter { $0.accountID == accountID && $0.at == at && $0.value == value }.count)
    }

    /// The instant of the account's latest update.
    /// - Throws: `StoreError` when the store cannot be read or holds a row the code cannot use.
    public func latestInstant(accountID: Int64) throws -> Int64? {
        state.updates.values.filter { $0.accountID == accountID }.map(\.at).max()
    }

    /// Runs `body` on one consistent snapshot.
    /// - Throws: What `body` throws; `StoreError` when the store cannot be read.
    public func read<Result>(_ body: (any PortfolioSession) throws -> Result) throws -> Result { try body(self) }

    /// Runs `body` as one change, with its undo step (the body runs once here).
    /// - Throws: What `body` throws (nothing is then changed); `StoreError` when the store cannot be written.
    public func write<Result>(_ command: String, _ body: (any PortfolioChange) throws -> Result) throws -> Result {
        // A change inside a change is part of its transaction (a step of its own, as in the SQL stores).
        if isChanging { return try PortfolioRowChange.run(command, rows: self, repository: self, checksTotals: false, now: now, body) }
        let before = (state, journal.tables)
        isChanging = true
        defer { isChanging = false }
        do {
            return try PortfolioRowChange.run(command, rows: self, repository: self, checksTotals: checksTotalsBudget, now: now, body)
        } catch {
            (state, journal.tables) = before
            throw error
        }
    }

    /// The newest undo step.
    /// - Throws: `StoreError` when the store cannot be read or holds a row the code cannot use.
    public func latestUndoStep() throws -> UndoStep? { try PortfolioUndoReverter.latestStep(in: self) }

    /// Reverts the newest step (PortfolioUndoReverter).
    /// - Throws: `PortfolioError.nothingToUndo`, `.undoMismatch`.
    public func undoLatest() throws -> UndoOutcome {
        let before = (state, journal.tables)
        do {
            return try PortfolioUndoReverter.revertLatest(in: self)
        } catch {
            (state, journal.tables) = before
            throw error
        }
    }

    // MARK: money in and out, and goals

    /// The deposits and withdrawals of `account`, oldest first.
    /// - Throws: `StoreError` when the store cannot be read or holds a row the code cannot use.
    public func contributions(of account: Account) throws -> [Contribution] {
        state.contributions.values.filter { $0.accountID == account.id }.sorted { $0.at == $1.at ? $0.id < $1.id : $0.at < $1.at }
    }

    /// Every deposit and withdrawal in time order.
    /// - Throws: `StoreError` when the store cannot be read or holds a row the code cannot use.
    public func forEachContribution(_ body: (Contribution) throws -> Void) throws {
        for contribution in state.contributions.values.sorted(by: { $0.at == $1.at ? $0.id < $1.id : $0.at < $1.at }) { try body(contribution) }
    }

    /// Every goal, by id.
    /// - Throws: `StoreError` when the store cannot be read or holds a row the code cannot use.
    public func goals() throws -> [Goal] { state.goals.values.sorted { $0.id < $1.id } }
}
