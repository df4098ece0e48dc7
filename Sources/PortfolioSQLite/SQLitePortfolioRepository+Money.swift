// The SQLite store's deposits, withdrawals and goals (schema version 3,
// SQLiteMoneySchema.swift): read and checked like updates (written in
// SQLitePortfolioRepository+Rows.swift).

import MoneyKit
import MoneyKitPlatform
import MoneyKitSQLite
import MoneyKitStorage
import PortfolioKit

extension SQLitePortfolioRepository {
    /// A contribution read from the store, checked against what the code relies on.
    func checkedContribution(id: Int64, accountID: Int64, at: Int64, amount: Int64, typed: Bool) throws(StoreError) -> Contribution {
        guard typed else { throw corrupt("contribution \(id) has a value of the wrong type") }
        return try PortfolioRowCheck.contribution(id: id, accountID: accountID, at: at, amount: amount, in: location)
    }

    /// The deposits and withdrawals of `account`, oldest first.
    /// - Throws: `StoreError` when the store cannot be read or holds a row the code cannot use.
    public func contributions(of account: Account) throws -> [Contribution] {
        var result: [Contribution] = []
        try database.cached("""
            SELECT id, at, amount, typeof(at) = 'integer' AND typeof(amount) = 'integer'
            FROM contributions WHERE account_id = ? ORDER BY at, id
            """).forEachRow([.integer(account.id)]) { row in
            result.append(try checkedContribution(id: row.int64(0), accountID: account.id, at: row.int64(1), amount: row.int64(2), typed: row.int64(3) == 1))
        }
        return result
    }

    /// Every deposit and withdrawal in time order.
    /// - Throws: `StoreError` when the store cannot be read or holds a row the code cannot use.
    public func forEachContribution(_ body: (Contribution) throws -> Void) throws {
        try database.prepare("""
            SELECT id, account_id, at, amount, typeof(at) = 'integer' AND typeof(amount) = 'integer'
            FROM contributions ORDER BY at, id
            """).forEachRow { row in
            try body(try checkedContribution(id: row.int64(0), accountID: row.int64(1), at: row.int64(2), amount: row.int64(3), typed: row.int64(4) == 1))
        }
    }

    /// Every goal, checked.
    /// - Throws: `StoreError` when the store cannot be read or holds a row the code cannot use.
    public func goals() throws -> [Goal] {
        var result: [Goal] = []
        try database.prepare("""
            SELECT id, account_id, currency, amount, by_at,
                typeof(account_id) IN ('integer', 'null') AND typeof(currency) = 'text' AND typeof(amount) = 'integer'
                AND typeof(by_at) IN ('integer', 'null')
            FROM goals ORDER BY id
            """).forEachRow { row in
            let id = row.int64(0)
            guard row.int64(5) == 1 else { throw corrupt("goal \(id) has a value of the wrong type") }
            result.append(try PortfolioRowCheck.goal(id: id, accountID: row.optionalInt64(1), currencyCode: row.text(2), amount: row.int64(3),
                                                     by: row.optionalInt64(4), in: location))
        }
        return result
    }
}
