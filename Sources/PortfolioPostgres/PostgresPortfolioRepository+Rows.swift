// The rows a change of portfolio writes in the PostgreSQL store (PortfolioRowWriter), on
// the change's connection: one statement each, many rows bound as arrays (unnest). What a
// change does and what it saves for undo is the kit's (PortfolioRowChange).

import MoneyKit
import MoneyKitPlatform
import MoneyKitPostgres
import MoneyKitStorage
import PortfolioKit

extension PostgresPortfolioRepository: PortfolioRowWriter {
    /// Rows per statement of a bulk insert: big enough to cost few round trips, small
    /// enough that one statement's arrays stay a few megabytes.
    static let batch = 50_000

    /// Whether `error` is the server refusing a row for the constraint class `state` (23505 unique, 23503 foreign key).
    private func refused(_ error: any Error, _ state: String, on connection: PostgresConnection) -> Bool {
        if case .rejected? = error as? StoreError { return connection.lastSQLState == state }
        return false
    }

    /// The id a statement returned.
    private func newID(_ id: Int64?, _ what: String) throws -> Int64 {
        guard let id else { throw corrupt("a new \(what) got no id") }
        return id
    }

    /// Inserts one row (`sql` ends RETURNING id); its id, nil when the server refuses it
    /// for the constraint class `refusal` (23505 unique, 23503 foreign key).
    private func insert(_ what: String, _ sql: String, _ parameters: [PostgresValue], nilWhen refusal: String) throws -> Int64? {
        let connection = try changeConnection()
        do {
            return try newID(try connection.scalarInteger(sql, parameters), what)
        } catch let error where refused(error, refusal, on: connection) {
            return nil
        }
    }

    package func insertAccount(name: String, currency: Currency, createdAt: Int64) throws -> Int64? {
        try insert("account", "INSERT INTO portfolio.accounts (name, currency, created_at) VALUES ($1, $2, $3) RETURNING id",
                   [.text(name), .text(currency.code), .integer(createdAt)], nilWhen: "23505")
    }

    package func insertUpdate(accountID: Int64, at: Int64, value: Int64) throws -> Int64? {
        try insert("update", "INSERT INTO portfolio.updates (account_id, at, value) VALUES ($1, $2, $3) RETURNING id",
                   [.integer(accountID), .integer(at), .integer(value)], nilWhen: "23503")
    }

    /// In batches of `batch` rows, each one statement binding three arrays; the ids come
    /// back in file order (WITH ORDINALITY), so ties keep their entry order.
    package func insertUpdates(accountIDs: [Int64], _ forEach: ((Int, Int64, Int64) throws -> Void) throws -> Void) throws -> [ClosedRange<Int64>] {
        let connection = try changeConnection()
        var ids: [Int64] = []
        var batch = ColumnBatch(columns: 3)
        func flush() throws {
            guard !batch.isEmpty else { return }
            let rows = try connection.query("""
                INSERT INTO portfolio.updates (account_id, at, value)
                SELECT a, t, v FROM unnest($1::bigint[], $2::bigint[], $3::bigint[]) WITH ORDINALITY AS u (a, t, v, n) ORDER BY n
                RETURNING id
                """, batch.parameters)
            ids += try rows.map { try integer($0, 0, "a new update") }
            batch.removeAll()
        }
        try forEach { account, at, value in
            batch.append([accountIDs[account], at, value])
            if batch.count >= Self.batch { try flush() }
        }
        try flush()
        return ids.sorted().map { $0...$0 }
    }

    package func recount(accountIDs: [Int64]) throws {
        try changeConnection().execute("""
            UPDATE portfolio.accounts SET update_count = (SELECT count(*) FROM portfolio.updates WHERE account_id = accounts.id)
            WHERE id = ANY ($1::bigint[])
            """, [ColumnBatch.array(accountIDs)])
    }

    private func outcome(_ changed: Int) -> PortfolioRowOutcome { changed == 0 ? .missing : .changed }

    package func setClosed(accountID: Int64, at: Int64?) throws -> PortfolioRowOutcome {
        outcome(try changeConnection().execute("UPDATE portfolio.accounts SET closed_at = $1 WHERE id = $2",
                                               [at.map(PostgresValue.integer) ?? .null, .integer(accountID)]))
    }

    package func rename(accountID: Int64, to name: String) throws -> PortfolioRowOutcome {
        let connection = try changeConnection()
        do {
            return outcome(try connection.execute("UPDATE portfolio.accounts SET name = $1 WHERE id = $2", [.text(name), .integer(accountID)]))
        } catch let error where refused(error, "23505", on: connection) {
            return .taken
        }
    }

    package func deleteAccount(id: Int64) throws -> PortfolioRowOutcome {
        outcome(try changeConnection().execute("DELETE FROM portfolio.accounts WHERE id = $1", [.integer(id)]))
    }

    package func deleteUpdate(id: Int64, accountID: Int64) throws -> PortfolioRowOutcome {
        outcome(try changeConnection().execute("DELETE FROM portfolio.updates WHERE id = $1 AND account_id = $2", [.integer(id), .integer(accountID)]))
    }

    package func insertContribution(accountID: Int64, at: Int64, amount: Int64) throws -> Int64? {
        try insert("contribution", "INSERT INTO portfolio.contributions (account_id, at, amount) VALUES ($1, $2, $3) RETURNING id",
                   [.integer(accountID), .integer(at), .integer(amount)], nilWhen: "23503")
    }

    package func insertContributions(_ rows: [(accountID: Int64, at: Int64, amount: Int64)]) throws -> [Int64] {
        let connection = try changeConnection()
        var ids: [Int64] = []
        var start = 0
        while start < rows.count {
            let end = min(rows.count, start + Self.batch)
            var batch = ColumnBatch(columns: 3)
            for row in rows[start..<end] { batch.append([row.accountID, row.at, row.amount]) }
            ids += try connection.query("""
                INSERT INTO portfolio.contributions (account_id, at, amount)
                SELECT a, t, v FROM unnest($1::bigint[], $2::bigint[], $3::bigint[]) WITH ORDINALITY AS u (a, t, v, n) ORDER BY n
                RETURNING id
                """, batch.parameters).map { try integer($0, 0, "a new contribution") }
            start = end
        }
        return ids
    }

    package func deleteContribution(id: Int64, accountID: Int64) throws -> PortfolioRowOutcome {
        outcome(try changeConnection().execute("DELETE FROM portfolio.contributions WHERE id = $1 AND account_id = $2",
                                               [.integer(id), .integer(accountID)]))
    }

    package func insertGoal(accountID: Int64?, currency: Currency, amount: Int64, by: Int64?) throws -> Int64 {
        try newID(try changeConnection().scalarInteger(
            "INSERT INTO portfolio.goals (account_id, currency, amount, by_at) VALUES ($1, $2, $3, $4) RETURNING id",
            [accountID.map(PostgresValue.integer) ?? .null, .text(currency.code), .integer(amount), by.map(PostgresValue.integer) ?? .null]), "goal")
    }

    package func updateGoal(id: Int64, amount: Int64, by: Int64?) throws {
        try changeConnection().execute("UPDATE portfolio.goals SET amount = $1, by_at = $2 WHERE id = $3",
                                       [.integer(amount), by.map(PostgresValue.integer) ?? .null, .integer(id)])
    }

    package func deleteGoal(id: Int64) throws {
        try changeConnection().execute("DELETE FROM portfolio.goals WHERE id = $1", [.integer(id)])
    }
}
