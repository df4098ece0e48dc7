// The rows of the in-memory adapter (PortfolioRows): the tables and the undo journal as
// dictionaries, answering each call as the SQLite store's statements do (ids one past the
// largest, a deleted account taking its rows with it, the first image of a row in a step kept).

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
    /// The row `id` of `table` as it is now.
    private func row(_ table: PortfolioUndoTable, _ id: Int64) -> Row? {
        switch table {
        case .accounts: return state.accounts[id].map(Row.account)
        case .updates: return state.updates[id].map(Row.update)
        case .contributions: return state.contributions[id].map(Row.contribution)
        case .goals: return state.goals[id].map(Row.goal)
        }
    }

    private func stepIndex(_ id: Int64) -> Int? { state.steps.lastIndex { $0.step.id == id } }

    package func insertStep(command: String, description: String, at: Int64) throws -> Int64 {
        let id = (state.steps.last?.step.id ?? 0) + 1
        state.steps.append(JournalStep(step: UndoStep(id: id, command: command, description: description, at: at)))
        return id
    }

    package func saveImage(_ table: PortfolioUndoTable, id: Int64, step: Int64) throws {
        guard let index = stepIndex(step), state.steps[index].images[table]?[id] == nil, let row = row(table, id) else { return }
        state.steps[index].images[table, default: [:]][id] = row
    }

    package func saveImages(_ table: PortfolioUndoTable, ofAccount accountID: Int64, excluding: [ClosedRange<Int64>], step: Int64) throws {
        let ids: [Int64]
        switch table {
        case .updates: ids = state.updates.values.filter { $0.accountID == accountID }.map(\.id)
        case .contributions: ids = state.contributions.values.filter { $0.accountID == accountID }.map(\.id)
        case .goals: ids = try goalIDs(ofAccount: accountID)
        case .accounts: ids = [accountID]
        }
        for id in ids where !excluding.contains(where: { $0.contains(id) }) { try saveImage(table, id: id, step: step) }
    }

    package func goalIDs(ofAccount accountID: Int64) throws -> [Int64] {
        state.goals.values.filter { $0.accountID == accountID }.map(\.id).sorted()
    }

    package func recordCreated(_ runs: [(table: PortfolioUndoTable, run: ClosedRange<Int64>)], step: Int64) throws {
        guard let index = stepIndex(step) else { return }
        state.steps[index].created += runs.map { CreatedRun(table: $0.table, run: $0.run) }
    }

    /// A store of one person: undo has no one else's change to refuse over.
    package func recordTouches(_ items: [String], step: Int64) throws {}

    package func setDescription(_ description: String, step: Int64) throws {
        guard let index = stepIndex(step) else { return }
        let old = state.steps[index].step
        state.steps[index].step = UndoStep(id: old.id, command: old.command, description: description, at: old.at)
    }

    package func pruneSteps(keeping kept: Int) throws {
        if state.steps.count > kept { state.steps.removeFirst(state.steps.count - kept) }
    }

    package func newestStep() throws -> UndoStep? { state.steps.last?.step }

    package func laterActor(over step: UndoStep) throws -> String? { nil }

    /// Images are typed values: whatever they hold, the tables can.
    package func checkImages(of step: UndoStep) throws {}

    /// Updates, goals, contributions, then accounts (by table name, last first, as the SQL stores order them).
    package func createdRuns(of step: UndoStep) throws -> [(table: PortfolioUndoTable?, run: ClosedRange<Int64>)] {
        guard let index = stepIndex(step.id) else { return [] }
        return state.steps[index].created
            .sorted { $0.table.rawValue == $1.table.rawValue ? $0.run.lowerBound < $1.run.lowerBound : $0.table.rawValue > $1.table.rawValue }
            .map { ($0.table, $0.run) }
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

    package func restoreImages(_ table: PortfolioUndoTable, of step: UndoStep) throws -> Int64 {
        guard let index = stepIndex(step.id) else { return 0 }
        var missing: Int64 = 0
        for (id, image) in (state.steps[index].images[table] ?? [:]).sorted(by: { $0.key < $1.key }) {
            if row(table, id) == nil { missing += 1 }
            switch image {
            case .account(let account): state.accounts[id] = account
            case .update(let update): state.updates[id] = update
            case .contribution(let contribution): state.contributions[id] = contribution
            case .goal(let goal): state.goals[id] = goal
            }
        }
        return missing
    }

    package func forget(_ step: UndoStep) throws {
        state.steps.removeAll { $0.step.id == step.id }
    }
}
