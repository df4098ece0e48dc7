// portfolio's in-memory adapter: the same repository as the SQLite store, held in a
// value, for apps (a preview, a scratch portfolio) and for the kit's tests. Ids are
// given as SQLite gives them (one past the largest), a change is all or nothing, and
// each change keeps the state before it, so undo restores exactly what was.

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

    private var state = State() {
        didSet { sorted = [:] }
    }
    /// Updates in time order per account (nil: all), worked out once per state: a
    /// dashboard asks thousands of times between two changes.
    private var sorted: [Int64?: [Update]] = [:]
    private var steps: [(step: UndoStep, before: State)] = []
    private var isChanging = false
    /// Whether a change is refused when it takes a currency beyond what the reports can add
    /// up (`PortfolioTotalsBudget`), as every store's is; off only to stand for a store
    /// written before that rule, whose reports must still fail cleanly.
    var checksTotalsBudget = true
    /// The clock that stamps undo steps.
    private let now: () -> Int64

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
    public func reading<Result>(_ body: () throws -> Result) throws -> Result { try body() }

    /// Runs `body` as one change, with its undo step.
    /// - Throws: What `body` throws (nothing is then changed); `StoreError` when the store cannot be written.
    public func change<Result>(_ command: String, _ body: (any PortfolioChange) throws -> Result) throws -> Result {
        // A change inside a change is part of it (as a nested SQLite transaction is).
        if isChanging { return try body(MemoryChange(repository: self, command: command)) }
        let before = state
        isChanging = true
        defer { isChanging = false }
        let change = MemoryChange(repository: self, command: command)
        do {
            let result = checksTotalsBudget ? try keepingTotalsInRange { try body(change) } : try body(change)
            if state != before {
                let id = (steps.last?.step.id ?? 0) + 1
                steps.append((UndoStep(id: id, command: command, description: change.description, at: now()), before))
                if steps.count > PortfolioUndo.limit { steps.removeFirst(steps.count - PortfolioUndo.limit) }
            }
            return result
        } catch {
            state = before
            throw error
        }
    }

    /// The newest undo step.
    /// - Throws: `StoreError` when the store cannot be read or holds a row the code cannot use.
    public func latestUndoStep() throws -> UndoStep? { steps.last?.step }

    /// Reverts the newest step.
    /// - Throws: `StoreError` when the store cannot be read or holds a row the code cannot use.
    public func undoLatest() throws -> UndoOutcome {
        guard let last = steps.popLast() else { throw PortfolioError.nothingToUndo }
        let (step, before) = (last.step, last.before)
        var outcome = UndoOutcome(step: step)
        outcome.accountsRestored = Int64(before.accounts.keys.filter { state.accounts[$0] == nil }.count)
        outcome.accountsRemoved = Int64(state.accounts.keys.filter { before.accounts[$0] == nil }.count)
        outcome.updatesRestored = Int64(before.updates.keys.filter { state.updates[$0] == nil }.count)
        outcome.updatesRemoved = Int64(state.updates.keys.filter { before.updates[$0] == nil }.count)
        outcome.contributionsRestored = Int64(before.contributions.keys.filter { state.contributions[$0] == nil }.count)
        outcome.contributionsRemoved = Int64(state.contributions.keys.filter { before.contributions[$0] == nil }.count)
        state = before
        return outcome
    }

    // MARK: the writes, for MemoryChange

    fileprivate func nextID<Value>(_ table: [Int64: Value]) -> Int64 { (table.keys.max() ?? 0) + 1 }

    fileprivate func insert(_ account: Account) throws -> Account {
        let key = ItemName.matchKey(account.name)
        if state.accounts.values.contains(where: { ItemName.matchKey($0.name) == key }) { throw PortfolioError.nameTaken(existing: account.name) }
        let stored = Account(id: nextID(state.accounts), name: account.name, currency: account.currency, createdAt: account.createdAt)
        state.accounts[stored.id] = stored
        return stored
    }

    fileprivate func insertUpdate(accountID: Int64, name: String, at: Int64, value: Int64) throws -> Int64 {
        guard state.accounts[accountID] != nil else { throw PortfolioError.accountGone(name) }
        let id = nextID(state.updates)
        state.updates[id] = Update(id: id, accountID: accountID, at: at, value: value)
        return id
    }

    fileprivate func modify(_ account: Account, _ body: (inout Account) throws -> Void) throws {
        guard var stored = state.accounts[account.id] else { throw PortfolioError.accountGone(account.name) }
        try body(&stored)
        state.accounts[account.id] = stored
    }

    fileprivate func remove(_ account: Account) throws {
        guard state.accounts.removeValue(forKey: account.id) != nil else { throw PortfolioError.accountGone(account.name) }
        state.updates = state.updates.filter { $0.value.accountID != account.id }
        state.contributions = state.contributions.filter { $0.value.accountID != account.id }
        state.goals = state.goals.filter { $0.value.accountID != account.id }
    }

    fileprivate func removeUpdate(id: Int64, of account: Account) throws {
        guard state.updates[id]?.accountID == account.id else { throw PortfolioError.updateGone(account: account.name, id: id) }
        state.updates[id] = nil
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

    fileprivate func insertContribution(accountID: Int64, name: String, at: Int64, amount: Int64) throws -> Int64 {
        guard state.accounts[accountID] != nil else { throw PortfolioError.accountGone(name) }
        let id = nextID(state.contributions)
        state.contributions[id] = Contribution(id: id, accountID: accountID, at: at, amount: amount)
        return id
    }

    fileprivate func removeContribution(id: Int64, of account: Account) throws {
        guard state.contributions[id]?.accountID == account.id else { throw PortfolioError.contributionGone(account: account.name, id: id) }
        state.contributions[id] = nil
    }

    fileprivate func storeGoal(accountID: Int64?, currency: Currency, amount: Int64, by: Int64?) throws -> Int64 {
        if let accountID, state.accounts[accountID] == nil { throw PortfolioError.accountGone("account \(accountID)") }
        let existing = state.goals.values.first { $0.accountID == accountID && (accountID != nil || $0.currency == currency) }
        let id = existing?.id ?? nextID(state.goals)
        state.goals[id] = Goal(id: id, accountID: accountID, currency: currency, amount: amount, by: by)
        return id
    }

    fileprivate func dropGoal(id: Int64) { state.goals[id] = nil }

    fileprivate func isNameTaken(_ name: String, except id: Int64) -> Bool {
        let key = ItemName.matchKey(name)
        return state.accounts.values.contains { $0.id != id && ItemName.matchKey($0.name) == key }
    }
}

private final class MemoryChange: PortfolioChange {
    let repository: MemoryPortfolioRepository
    var description: String

    init(repository: MemoryPortfolioRepository, command: String) {
        self.repository = repository
        self.description = command
    }

    func createAccount(name: String, currency: Currency, at instant: Int64) throws -> Account {
        try repository.insert(Account(id: 0, name: name, currency: currency, createdAt: instant))
    }

    func addUpdate(to account: Account, at instant: Int64, value: Int64) throws -> Int64 {
        try repository.insertUpdate(accountID: account.id, name: account.name, at: instant, value: value)
    }

    func addUpdates(_ updates: [(account: Account, at: Int64, value: Int64)]) throws {
        for update in updates { _ = try addUpdate(to: update.account, at: update.at, value: update.value) }
    }

    func setClosed(_ account: Account, at instant: Int64?) throws {
        try repository.modify(account) { $0.closedAt = instant }
    }

    func rename(_ account: Account, to newName: String) throws {
        if repository.isNameTaken(newName, except: account.id) { throw PortfolioError.renameTaken(existing: newName) }
        try repository.modify(account) { $0.name = newName }
    }

    func delete(_ account: Account) throws { try repository.remove(account) }

    func deleteUpdate(id: Int64, of account: Account) throws { try repository.removeUpdate(id: id, of: account) }

    func addContribution(to account: Account, at instant: Int64, amount: Int64) throws -> Int64 {
        try repository.insertContribution(accountID: account.id, name: account.name, at: instant, amount: amount)
    }

    func addContributions(_ contributions: [(account: Account, at: Int64, amount: Int64)]) throws {
        for item in contributions { _ = try addContribution(to: item.account, at: item.at, amount: item.amount) }
    }

    func deleteContribution(id: Int64, of account: Account) throws { try repository.removeContribution(id: id, of: account) }

    func setGoal(accountID: Int64?, currency: Currency, amount: Int64, by: Int64?) throws -> Int64 {
        try repository.storeGoal(accountID: accountID, currency: currency, amount: amount, by: by)
    }

    func removeGoal(id: Int64) throws { repository.dropGoal(id: id) }
}
