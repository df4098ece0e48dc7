// One change of portfolio on every backend: what each write does and what it saves for
// undo first, written once over the backend's rows (PortfolioRows). An adapter's `write`
// makes one inside its transaction with `PortfolioRowChange.run`.

import MoneyKit

/// The writes of one change, each recorded in its undo step, over a backend's rows.
package final class PortfolioRowChange: PortfolioChange {
    private let rows: any PortfolioRows
    private let repository: any PortfolioRepository
    private let undo: PortfolioUndoRecorder

    private init(rows: any PortfolioRows, repository: any PortfolioRepository, undo: PortfolioUndoRecorder) {
        self.rows = rows
        self.repository = repository
        self.undo = undo
    }

    /// Runs `body` as the change `command` over `rows` (of `repository`, which reads inside
    /// the same transaction), with its undo step stamped `now()`. With `checksTotals`, the
    /// change is refused when it takes a currency beyond what the reports can add up
    /// (the outermost change of a store checks; a nested one is part of it).
    /// - Throws: what `body` throws; `PortfolioError.beyondTotalsBudget`; `StoreError`.
    package static func run<Result>(_ command: String, rows: any PortfolioRows, repository: any PortfolioRepository,
                                    checksTotals: Bool, now: @escaping () -> Int64,
                                    _ body: (any PortfolioChange) throws -> Result) throws -> Result {
        let undo = PortfolioUndoRecorder(rows: rows, command: command, now: now)
        let change = PortfolioRowChange(rows: rows, repository: repository, undo: undo)
        let result = checksTotals ? try repository.keepingTotalsInRange { try body(change) } : try body(change)
        try undo.finish()
        return result
    }

    // MARK: reading, inside the change's transaction

    package func accounts() throws -> [Account] { try repository.accounts() }
    package func latestUpdate(of account: Account, atOrBefore instant: Int64) throws -> Update? {
        try repository.latestUpdate(of: account, atOrBefore: instant)
    }
    package func latestUpdate(of account: Account, atOrAfter instant: Int64) throws -> Update? {
        try repository.latestUpdate(of: account, atOrAfter: instant)
    }
    package func updates(of account: Account) throws -> [Update] { try repository.updates(of: account) }
    package func updateCount(of account: Account) throws -> Int64 { try repository.updateCount(of: account) }
    package func firstInstant() throws -> Int64? { try repository.firstInstant() }
    package func forEachUpdate(_ body: (Update) throws -> Void) throws { try repository.forEachUpdate(body) }
    package func updateCount(accountID: Int64, at: Int64, value: Int64) throws -> Int64 {
        try repository.updateCount(accountID: accountID, at: at, value: value)
    }
    package func latestInstant(accountID: Int64) throws -> Int64? { try repository.latestInstant(accountID: accountID) }
    package func updatesInForce(of accounts: [Account], at instants: [Int64]) throws -> [[Update?]] {
        try repository.updatesInForce(of: accounts, at: instants)
    }
    package func contributions(of account: Account) throws -> [Contribution] { try repository.contributions(of: account) }
    package func forEachContribution(_ body: (Contribution) throws -> Void) throws { try repository.forEachContribution(body) }
    package func goals() throws -> [Goal] { try repository.goals() }

    // MARK: writing

    /// What undo will say it reverted.
    package var description: String {
        get { undo.description }
        set { undo.description = newValue }
    }

    /// - Throws: `PortfolioError.nameTaken` when the store holds the name already.
    package func createAccount(name: String, currency: Currency, at instant: Int64) throws -> Account {
        guard let id = try rows.insertAccount(name: name, currency: currency, createdAt: instant) else {
            throw PortfolioError.nameTaken(existing: name)
        }
        try undo.created(.accounts, ids: [id])
        return Account(id: id, name: name, currency: currency, createdAt: instant, closedAt: nil)
    }

    /// - Throws: `PortfolioError.accountGone` when the account was deleted meanwhile.
    package func addUpdate(to account: Account, at instant: Int64, value: Int64) throws -> Int64 {
        try undo.saveAccount(account.id)  // its update count changes
        guard let id = try rows.insertUpdate(accountID: account.id, at: instant, value: value) else {
            throw PortfolioError.accountGone(account.name)  // deleted meanwhile
        }
        try undo.created(.updates, ids: [id])
        try rows.recount(accountIDs: [account.id])
        return id
    }

    /// - Throws: `StoreError` when the store cannot be written.
    package func addUpdates(_ updates: [(account: Account, at: Int64, value: Int64)]) throws {
        try addUpdates(of: updates.map(\.account)) { body in
            for (index, update) in updates.enumerated() { try body(index, update.at, update.value) }
        }
    }

    /// Each account touched saved once (in id order), then the updates in one go.
    /// - Throws: `StoreError` when the store cannot be written.
    package func addUpdates(of accounts: [Account], _ forEach: ((Int, Int64, Int64) throws -> Void) throws -> Void) throws {
        var touched = [Bool](repeating: false, count: accounts.count)
        try forEach { account, _, _ in touched[account] = true }
        let ids = Array(Set(accounts.indices.filter { touched[$0] }.map { accounts[$0].id })).sorted()
        guard !ids.isEmpty else { return }
        for id in ids { try undo.saveAccount(id) }
        let accountIDs = accounts.map(\.id)
        try undo.created(.updates, runs: try rows.insertUpdates(accountIDs: accountIDs, forEach))
        try rows.recount(accountIDs: ids)
    }

    /// - Throws: `PortfolioError.accountGone` when the account was deleted meanwhile.
    package func setClosed(_ account: Account, at instant: Int64?) throws {
        try undo.saveAccount(account.id)
        if try rows.setClosed(accountID: account.id, at: instant) != .changed { throw PortfolioError.accountGone(account.name) }
    }

    /// - Throws: `PortfolioError.renameTaken`, `.accountGone`.
    package func rename(_ account: Account, to newName: String) throws {
        try undo.saveAccount(account.id)
        switch try rows.rename(accountID: account.id, to: newName) {
        case .changed: return
        case .taken: throw PortfolioError.renameTaken(existing: newName)
        case .missing: throw PortfolioError.accountGone(account.name)
        }
    }

    /// - Throws: `PortfolioError.accountGone` when the account was deleted meanwhile.
    package func delete(_ account: Account) throws {
        try undo.saveAccount(account.id)
        try undo.saveRows(ofAccount: account.id)  // its updates, contributions and goal go by cascade
        if try rows.deleteAccount(id: account.id) != .changed { throw PortfolioError.accountGone(account.name) }
    }

    /// - Throws: `PortfolioError.updateGone` when the account has no such update.
    package func deleteUpdate(id: Int64, of account: Account) throws {
        try undo.saveAccount(account.id)
        try undo.save(.updates, id: id)
        if try rows.deleteUpdate(id: id, accountID: account.id) != .changed { throw PortfolioError.updateGone(account: account.name, id: id) }
        try rows.recount(accountIDs: [account.id])
    }

    // MARK: money in and out, and goals

    /// - Throws: `PortfolioError.accountGone` when the account was deleted meanwhile.
    package func addContribution(to account: Account, at instant: Int64, amount: Int64) throws -> Int64 {
        try undo.touch(account: account.id)
        guard let id = try rows.insertContribution(accountID: account.id, at: instant, amount: amount) else {
            throw PortfolioError.accountGone(account.name)  // deleted meanwhile
        }
        try undo.created(.contributions, ids: [id])
        return id
    }

    /// - Throws: `StoreError` when the store cannot be written.
    package func addContributions(_ contributions: [(account: Account, at: Int64, amount: Int64)]) throws {
        for contribution in contributions { try undo.touch(account: contribution.account.id) }
        try undo.created(.contributions, ids: try rows.insertContributions(contributions.map { ($0.account.id, $0.at, $0.amount) }))
    }

    /// - Throws: `PortfolioError.contributionGone` when the account has no such contribution.
    package func deleteContribution(id: Int64, of account: Account) throws {
        try undo.touch(account: account.id)
        try undo.save(.contributions, id: id)
        if try rows.deleteContribution(id: id, accountID: account.id) != .changed {
            throw PortfolioError.contributionGone(account: account.name, id: id)
        }
    }

    /// The account was looked up in this transaction: it exists.
    /// - Throws: `StoreError` when the store cannot be written.
    package func setGoal(accountID: Int64?, currency: Currency, amount: Int64, by: Int64?) throws -> Int64 {
        if let accountID { try undo.touch(account: accountID) } else { try undo.touch(totalOf: currency.code) }
        var existingID: Int64?
        for goal in try repository.goals() where goal.accountID == accountID && (accountID != nil || goal.currency == currency) {
            existingID = goal.id
        }
        if let existingID {
            try undo.save(.goals, id: existingID)
            try rows.updateGoal(id: existingID, amount: amount, by: by)
            return existingID
        }
        let id = try rows.insertGoal(accountID: accountID, currency: currency, amount: amount, by: by)
        try undo.created(.goals, ids: [id])
        return id
    }

    /// - Throws: `StoreError` when the store cannot be written.
    package func removeGoal(id: Int64) throws {
        for goal in try repository.goals() where goal.id == id {
            if let accountID = goal.accountID { try undo.touch(account: accountID) } else { try undo.touch(totalOf: goal.currency.code) }
        }
        try undo.save(.goals, id: id)
        try rows.deleteGoal(id: id)
    }
}
