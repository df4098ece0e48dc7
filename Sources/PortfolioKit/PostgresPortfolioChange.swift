// One change of the PostgreSQL store: each write saves what undo needs first (the same
// records as the SQLite store's, PostgresUndoJournal.swift), inside the change's
// transaction. Many rows go in as arrays bound to one statement (unnest), so an import of
// 100,000 updates is a few statements, not 100,000 round trips.

import MoneyKit
import MoneyKitPlatform
import MoneyKitPostgres

final class PostgresPortfolioChange: PortfolioChange {
    let repository: PostgresPortfolioRepository
    let connection: PostgresConnection
    let undo: PostgresUndoRecorder

    /// Rows per statement of a bulk insert: big enough to cost few round trips, small
    /// enough that one statement's arrays stay a few megabytes.
    static let batch = 50_000

    init(repository: PostgresPortfolioRepository, connection: PostgresConnection, undo: PostgresUndoRecorder) {
        self.repository = repository
        self.connection = connection
        self.undo = undo
    }

    var description: String {
        get { undo.description }
        set { undo.description = newValue }
    }

    /// Whether `error` is the server refusing a row for the constraint class `state` (23505 unique, 23503 foreign key).
    private func refused(_ error: any Error, _ state: String) -> Bool {
        if case .rejected? = error as? StoreError { return connection.lastSQLState == state }
        return false
    }

    func createAccount(name: String, currency: Currency, at instant: Int64) throws -> Account {
        let id: Int64?
        do {
            id = try connection.scalarInteger(
                "INSERT INTO portfolio.accounts (name, currency, created_at) VALUES ($1, $2, $3) RETURNING id",
                [.text(name), .text(currency.code), .integer(instant)])
        } catch let error where refused(error, "23505") {
            throw PortfolioError.nameTaken(existing: name)
        }
        guard let id else { throw repository.corrupt("a new account got no id") }
        try undo.created(.accounts, ids: [id])
        undo.touch(account: id)
        return Account(id: id, name: name, currency: currency, createdAt: instant, closedAt: nil)
    }

    func addUpdate(to account: Account, at instant: Int64, value: Int64) throws -> Int64 {
        try undo.saveAccount(account.id)  // its update_count changes
        let id: Int64?
        do {
            id = try connection.scalarInteger(
                "INSERT INTO portfolio.updates (account_id, at, value) VALUES ($1, $2, $3) RETURNING id",
                [.integer(account.id), .integer(instant), .integer(value)])
        } catch let error where refused(error, "23503") {
            throw PortfolioError.accountGone(account.name)  // deleted meanwhile
        }
        guard let id else { throw repository.corrupt("a new update got no id") }
        try undo.created(.updates, ids: [id])
        try recount([account.id])
        return id
    }

    func addUpdates(_ updates: [(account: Account, at: Int64, value: Int64)]) throws {
        let accounts = updates.map(\.account)
        try addUpdates(of: accounts) { body in
            for (index, update) in updates.enumerated() { try body(index, update.at, update.value) }
        }
    }

    /// In batches of `batch` rows, each one statement binding three arrays; the ids come
    /// back in file order (WITH ORDINALITY), so ties keep their entry order.
    func addUpdates(of accounts: [Account], _ forEach: ((Int, Int64, Int64) throws -> Void) throws -> Void) throws {
        var touched = [Bool](repeating: false, count: accounts.count)
        try forEach { account, _, _ in touched[account] = true }
        let ids = accounts.indices.filter { touched[$0] }.map { accounts[$0].id }.sorted()
        guard !ids.isEmpty else { return }
        for id in ids { try undo.saveAccount(id) }
        var batch = ColumnBatch(columns: 3)
        func flush() throws {
            guard !batch.isEmpty else { return }
            let rows = try connection.query("""
                INSERT INTO portfolio.updates (account_id, at, value)
                SELECT a, t, v FROM unnest($1::bigint[], $2::bigint[], $3::bigint[]) WITH ORDINALITY AS u (a, t, v, n) ORDER BY n
                RETURNING id
                """, batch.parameters)
            try undo.created(.updates, ids: rows.map { try repository.integer($0, 0, "a new update") })
            batch.removeAll()
        }
        try forEach { account, at, value in
            batch.append([accounts[account].id, at, value])
            if batch.count >= Self.batch { try flush() }
        }
        try flush()
        try recount(ids)
    }

    /// Sets update_count of `accounts` from the updates themselves (saved for undo first).
    private func recount(_ accounts: [Int64]) throws {
        try connection.execute("""
            UPDATE portfolio.accounts SET update_count = (SELECT count(*) FROM portfolio.updates WHERE account_id = accounts.id)
            WHERE id = ANY ($1::bigint[])
            """, [ColumnBatch.array(accounts)])
    }

    func setClosed(_ account: Account, at instant: Int64?) throws {
        try undo.saveAccount(account.id)
        let changed = try connection.execute("UPDATE portfolio.accounts SET closed_at = $1 WHERE id = $2",
                                             [instant.map(PostgresValue.integer) ?? .null, .integer(account.id)])
        if changed == 0 { throw PortfolioError.accountGone(account.name) }
    }

    func rename(_ account: Account, to newName: String) throws {
        try undo.saveAccount(account.id)
        let changed: Int
        do {
            changed = try connection.execute("UPDATE portfolio.accounts SET name = $1 WHERE id = $2", [.text(newName), .integer(account.id)])
        } catch let error where refused(error, "23505") {
            throw PortfolioError.renameTaken(existing: newName)
        }
        if changed == 0 { throw PortfolioError.accountGone(account.name) }
    }

    func delete(_ account: Account) throws {
        try undo.saveAccount(account.id)
        try undo.saveUpdates(ofAccount: account.id)
        try undo.saveMoneyRows(ofAccount: account.id)  // its contributions and goal go by cascade
        let changed = try connection.execute("DELETE FROM portfolio.accounts WHERE id = $1", [.integer(account.id)])
        if changed == 0 { throw PortfolioError.accountGone(account.name) }
    }

    func deleteUpdate(id: Int64, of account: Account) throws {
        try undo.saveAccount(account.id)
        try undo.saveUpdate(id)
        let changed = try connection.execute("DELETE FROM portfolio.updates WHERE id = $1 AND account_id = $2",
                                             [.integer(id), .integer(account.id)])
        if changed == 0 { throw PortfolioError.updateGone(account: account.name, id: id) }
        try recount([account.id])
    }

    // MARK: money in and out, and goals

    func addContribution(to account: Account, at instant: Int64, amount: Int64) throws -> Int64 {
        undo.touch(account: account.id)
        let id: Int64?
        do {
            id = try connection.scalarInteger(
                "INSERT INTO portfolio.contributions (account_id, at, amount) VALUES ($1, $2, $3) RETURNING id",
                [.integer(account.id), .integer(instant), .integer(amount)])
        } catch let error where refused(error, "23503") {
            throw PortfolioError.accountGone(account.name)  // deleted meanwhile
        }
        guard let id else { throw repository.corrupt("a new contribution got no id") }
        try undo.created(.contributions, ids: [id])
        return id
    }

    func addContributions(_ contributions: [(account: Account, at: Int64, amount: Int64)]) throws {
        for contribution in contributions { undo.touch(account: contribution.account.id) }
        var start = 0
        while start < contributions.count {
            let end = min(contributions.count, start + Self.batch)
            var batch = ColumnBatch(columns: 3)
            for contribution in contributions[start..<end] {
                batch.append([contribution.account.id, contribution.at, contribution.amount])
            }
            let rows = try connection.query("""
                INSERT INTO portfolio.contributions (account_id, at, amount)
                SELECT a, t, v FROM unnest($1::bigint[], $2::bigint[], $3::bigint[]) WITH ORDINALITY AS u (a, t, v, n) ORDER BY n
                RETURNING id
                """, batch.parameters)
            try undo.created(.contributions, ids: rows.map { try repository.integer($0, 0, "a new contribution") })
            start = end
        }
    }

    func deleteContribution(id: Int64, of account: Account) throws {
        undo.touch(account: account.id)
        try undo.saveContribution(id)
        let changed = try connection.execute("DELETE FROM portfolio.contributions WHERE id = $1 AND account_id = $2",
                                             [.integer(id), .integer(account.id)])
        if changed == 0 { throw PortfolioError.contributionGone(account: account.name, id: id) }
    }

    func setGoal(accountID: Int64?, currency: Currency, amount: Int64, by: Int64?) throws -> Int64 {
        if let accountID { undo.touch(account: accountID) } else { undo.touch(totalOf: currency.code) }
        // The account was looked up in this transaction: it exists.
        var existingID: Int64?
        for goal in try repository.goals() where goal.accountID == accountID && (accountID != nil || goal.currency == currency) {
            existingID = goal.id
        }
        let byValue = by.map(PostgresValue.integer) ?? .null
        if let existingID {
            try undo.saveGoal(existingID)
            try connection.execute("UPDATE portfolio.goals SET amount = $1, by_at = $2 WHERE id = $3",
                                   [.integer(amount), byValue, .integer(existingID)])
            return existingID
        }
        guard let id = try connection.scalarInteger(
            "INSERT INTO portfolio.goals (account_id, currency, amount, by_at) VALUES ($1, $2, $3, $4) RETURNING id",
            [accountID.map(PostgresValue.integer) ?? .null, .text(currency.code), .integer(amount), byValue])
        else { throw repository.corrupt("a new goal got no id") }
        try undo.created(.goals, ids: [id])
        return id
    }

    func removeGoal(id: Int64) throws {
        for goal in try repository.goals() where goal.id == id {
            if let accountID = goal.accountID { undo.touch(account: accountID) } else { undo.touch(totalOf: goal.currency.code) }
        }
        try undo.saveGoal(id)
        try connection.execute("DELETE FROM portfolio.goals WHERE id = $1", [.integer(id)])
    }
}

/// Columns of integers gathered for one statement, bound as PostgreSQL arrays ('{1,2,3}').
struct ColumnBatch {
    private var columns: [[Int64]]

    init(columns: Int) { self.columns = Array(repeating: [], count: columns) }

    var count: Int { columns.first?.count ?? 0 }
    var isEmpty: Bool { count == 0 }

    mutating func append(_ row: [Int64]) {
        for index in columns.indices { columns[index].append(row[index]) }
    }

    mutating func removeAll() {
        for index in columns.indices { columns[index].removeAll(keepingCapacity: true) }
    }

    /// Each column as one bound array.
    var parameters: [PostgresValue] { columns.map(Self.array) }

    /// `values` in PostgreSQL's array text form: digits and commas only, never text from a user.
    static func array(_ values: [Int64]) -> PostgresValue {
        .text("{" + values.map(String.init).joined(separator: ",") + "}")
    }
}
