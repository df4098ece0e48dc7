// The rows of the in-memory adapter (PortfolioRows): the tables as dictionaries, answering
// each call as the SQLite store's statements do (ids one past the largest, a deleted
// account taking its rows with it); the undo journal's rows are InMemoryUndoJournalRows.

import MoneyKit
import MoneyKitPlatform
import MoneyKitStorage

extension MemoryPortfolioRepository: PortfolioRowWriter {
    private func nextID<Value>(_ table: [Int64: Value]) -> Int64 { (table.keys.max() ?? 0) + 1 }

    private func isNameTaken(_ name: String, except id: Int64?) -> Bool {
        let key = ItemName.matchKey(name)
        return state.accounts.values.contains { $0.id != id && ItemName.matchKey($0.name) == key }
    }

    package func insertAccount(name: String, currency: Currency, createdAt: Int64) throws -> Int64? {
        guard !isNameTaken(name, except: nil) else { return nil }
        let id = nextID(state.accounts)
        state.accounts[id] = Account(id: id, name: name, currency: currency, createdAt: createdAt)
        return id
    }

    package func insertUpdate(accountID: Int64, at: Int64, value: Int64) throws -> Int64? {
        guard state.accounts[accountID] != nil else { return nil }
        let id = nextID(state.updates)
        state.updates[id] = Update(id: id, accountID: accountID, at: at, value: value)
        return id
    }

    package func insertUpdates(accountIDs: [Int64], _ forEach: ((Int, Int64, Int64) throws -> Void) throws -> Void) throws -> [ClosedRange<Int64>] {
        var runs: [ClosedRange<Int64>] = []
        try forEach { account, at, value in
            guard let id = try insertUpdate(accountID: accountIDs[account], at: at, value: value) else {
                throw StoreError.rejected(path: location, reason: "FOREIGN KEY constraint failed")
            }
            runs.append(id...id)
        }
        return runs
    }

    /// Counts are worked out from the updates when asked.
    package func recount(accountIDs: [Int64]) throws {}

    private func modify(_ id: Int64, _ body: (inout Account) -> Void) -> PortfolioRowOutcome {
        guard var account = state.accounts[id] else { return .missing }
        body(&account)
        state.accounts[id] = account
        return .changed
    }

    package func setClosed(accountID: Int64, at: Int64?) throws -> PortfolioRowOutcome {
        modify(accountID) { $0.closedAt = at }
    }

    package func rename(accountID: Int64, to name: String) throws -> PortfolioRowOutcome {
        if isNameTaken(name, except: accountID) { return .taken }
        return modify(accountID) { $0.name = name }
    }

    package func deleteAccount(id: Int64) throws -> PortfolioRowOutcome {
        guard state.accounts.removeValue(forKey: id) != nil else { return .missing }
        state.updates = state.updates.filter { $0.value.accountID != id }
        state.contributions = state.contributions.filter { $0.value.accountID != id }
        state.goals = state.goals.filter { $0.value.accountID != id }
        return .changed
    }

    package func deleteUpdate(id: Int64, accountID: Int64) throws -> PortfolioRowOutcome {
        guard state.updates[id]?.accountID == accountID else { return .missing }
        state.updates[id] = nil
        return .changed
    }

    package func insertContribution(accountID: Int64, at: Int64, amount: Int64) throws -> Int64? {
        guard state.accounts[accountID] != nil else { return nil }
        let id = nextID(state.contributions)
        state.contributions[id] = Contribution(id: id, accountID: accountID, at: at, amount: amount)
        return id
    }

    package func insertContributions(_ rows: [(accountID: Int64, at: Int64, amount: Int64)]) throws -> [Int64] {
        try rows.map { row in
            guard let id = try insertContribution(accountID: row.accountID, at: row.at, amount: row.amount) else {
                throw StoreError.rejected(path: location, reason: "FOREIGN KEY constraint failed")
            }
            return id
        }
    }

    package func deleteContribution(id: Int64, accountID: Int64) throws -> PortfolioRowOutcome {
        guard state.contributions[id]?.accountID == accountID else { return .missing }
        state.contributions[id] = nil
        return .changed
    }

    package func insertGoal(accountID: Int64?, currency: Currency, amount: Int64, by: Int64?) throws -> Int64 {
        if let accountID, state.accounts[accountID] == nil { throw PortfolioError.accountGone("account \(accountID)") }
        let id = nextID(state.goals)
        state.goals[id] = Goal(id: id, accountID: accountID, currency: currency, amount: amount, by: by)
        return id
    }

    package func updateGoal(id: Int64, amount: Int64, by: Int64?) throws {
        guard let goal = state.goals[id] else { return }
        state.goals[id] = Goal(id: id, accountID: goal.accountID, currency: goal.currency, amount: amount, by: by)
    }

    package func deleteGoal(id: Int64) throws { state.goals[id] = nil }
}

extension MemoryPortfolioRepository: PortfolioJournalRows {
    package func journalRows() -> any UndoJournalRows { journal }
    /// A store of one person: no actor is told apart.
    package var undoActor: String { "" }
    package var isSharedStore: Bool { false }

    package func image(_ table: PortfolioUndoTable, id: Int64) throws -> PortfolioRowImage? {
        switch table {
        case .accounts:
            return state.accounts[id].map { .account($0, updateCount: Int64(state.updates.values.filter { $0.accountID == id }.count)) }
        case .updates: return state.updates[id].map(PortfolioRowImage.update)
        case .contributions: return state.contributions[id].map(PortfolioRowImage.contribution)
        case .goals: return state.goals[id].map(PortfolioRowImage.goal)
        }
    }

    package func images(_ table: PortfolioUndoTable, ofAccount accountID: Int64) throws -> [PortfolioRowImage] {
        switch table {
        case .accounts: return try image(.accounts, id: accountID).map { [$0] } ?? []
        case .updates: return state.updates.values.filter { $0.accountID == accountID }.sorted { $0.id < $1.id }.map(PortfolioRowImage.update)
        case .contributions:
            return state.contributions.values.filter { $0.accountID == accountID }.sorted { $0.id < $1.id }.map(PortfolioRowImage.contribution)
        case .goals: return state.goals.values.filter { $0.accountID == accountID }.sorted { $0.id < $1.id }.map(PortfolioRowImage.goal)
        }
    }

    package func deleteRows(_ table: PortfolioUndoTable, in run: ClosedRange<Int64>) throws -> Int64 {
        func removed<Value>(_ rows: inout [Int64: Value]) -> Int64 {
            let before = rows.count
            rows = rows.filter { !run.contains($0.key) }
            return Int64(before - rows.count)
        }
        switch table {
        case .accounts:
            let ids = state.accounts.keys.filter { run.contains($0) }
            for id in ids { _ = try deleteAccount(id: id) }
            return Int64(ids.count)
        case .updates: return removed(&state.updates)
        case .contributions: return removed(&state.contributions)
        case .goals: return removed(&state.goals)
        }
    }

    package func rowsOwned(byAccountsIn run: ClosedRange<Int64>) throws -> Int64 {
        Int64(state.updates.values.filter { run.contains($0.accountID) }.count
              + state.contributions.values.filter { run.contains($0.accountID) }.count)
    }

    /// The update count is worked out from the updates when asked.
    package func restore(_ image: PortfolioRowImage) throws -> Bool {
        let missing = try self.image(image.table, id: image.id) == nil
        switch image {
        case .account(let account, _): state.accounts[account.id] = account
        case .update(let update): state.updates[update.id] = update
        case .contribution(let contribution): state.contributions[contribution.id] = contribution
        case .goal(let goal): state.goals[goal.id] = goal
        }
        return missing
    }
}
