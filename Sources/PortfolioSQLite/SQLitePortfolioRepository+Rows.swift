// The rows a change of portfolio writes in the SQLite store (PortfolioRowWriter): one
// statement each, in the change's transaction. What a change does and what it saves for
// undo is the kit's (PortfolioRowChange).

import MoneyKit
import MoneyKitPlatform
import MoneyKitSQLite
import MoneyKitStorage
import PortfolioKit

extension SQLitePortfolioRepository: PortfolioRowWriter {
    /// Whether `error` is SQLite refusing a row for `constraint` ("UNIQUE", "FOREIGN KEY").
    private func refused(_ error: any Error, _ constraint: String) -> Bool {
        if case .rejected(_, let reason)? = error as? StoreError { return reason.contains(constraint) }
        return false
    }

    package func insertAccount(name: String, currency: Currency, createdAt: Int64) throws -> Int64? {
        do {
            try database.query("INSERT INTO accounts (name, currency, created_at) VALUES (?, ?, ?)", [.text(name), .text(currency.code), .integer(createdAt)])
        } catch let error where refused(error, "UNIQUE") {
            return nil
        }
        return database.lastInsertRowID
    }

    package func insertUpdate(accountID: Int64, at: Int64, value: Int64) throws -> Int64? {
        do {
            try database.query("INSERT INTO updates (account_id, at, value) VALUES (?, ?, ?)", [.integer(accountID), .integer(at), .integer(value)])
        } catch let error where refused(error, "FOREIGN KEY") {
            return nil
        }
        return database.lastInsertRowID
    }

    /// Each update's id given (the next after the highest, as SQLite would give it), so the
    /// ids are one run. `rowsPerInsert` rows per INSERT: a statement of several rows keeps a
    /// statement journal of the pages it changes that existed before it. While rows came
    /// in file order, each touched a page of the index somewhere in the middle, and that
    /// journal cost more than the statements saved (64 rows a statement 6.1 s, one row
    /// 5.5 s, a million rows). Now they come account by account in index order
    /// (ImportPlan.storageOrder), every B-tree is appended to, and a statement changes few
    /// pages that existed before it.
    /// How many rows one INSERT of `insertUpdates` writes.
    static let rowsPerInsert = 32

    package func insertUpdates(accountIDs: [Int64], _ forEach: ((Int, Int64, Int64) throws -> Void) throws -> Void) throws -> [ClosedRange<Int64>] {
        var total: Int64 = 0
        try forEach { _, _, _ in total = total.addingReportingOverflow(1).partialValue }
        guard total > 0 else { return [] }
        let highest = try database.scalarInteger("SELECT max(id) FROM updates") ?? 0
        let (last, overflow) = highest.addingReportingOverflow(total)
        guard highest >= 0, !overflow else {
            // Ids near the top of the range: SQLite picks them, one insert at a time.
            let insert = try database.prepare("INSERT INTO updates (account_id, at, value) VALUES (?, ?, ?)")
            var ids: [ClosedRange<Int64>] = []
            try forEach { account, at, value in
                try insert.run([.integer(accountIDs[account]), .integer(at), .integer(value)])
                ids.append(database.lastInsertRowID...database.lastInsertRowID)
            }
            return ids.sorted { $0.lowerBound < $1.lowerBound }
        }
        let insert = try database.prepare("INSERT INTO updates (id, account_id, at, value) VALUES (?, ?, ?, ?)")
        let batch = try database.prepare("INSERT INTO updates (id, account_id, at, value) VALUES "
            + Array(repeating: "(?, ?, ?, ?)", count: Self.rowsPerInsert).joined(separator: ", "))
        // The rows not written yet: account id, instant and value each.
        var pending: [Int64] = []
        pending.reserveCapacity(3 * Self.rowsPerInsert)
        var id = highest  // the id of the last row written; at most `last`: no overflow (checked above)
        try forEach { account, at, value in
            pending.append(accountIDs[account])
            pending.append(at)
            pending.append(value)
            guard pending.count == 3 * Self.rowsPerInsert else { return }
            for row in 0..<Self.rowsPerInsert {
                let base = Int32(4 * row)
                id += 1
                try batch.bindInteger(base + 1, id)
                for column in 0..<3 { try batch.bindInteger(base + 2 + Int32(column), pending[3 * row + column]) }
            }
            try batch.step()
            pending.removeAll(keepingCapacity: true)
        }
        // The rows short of a whole statement, one by one.
        for row in 0..<(pending.count / 3) {
            id += 1
            try insert.bindInteger(1, id)
            for column in 0..<3 { try insert.bindInteger(2 + Int32(column), pending[3 * row + column]) }
            try insert.step()
        }
        return [(highest + 1)...last]
    }

    /// update_count kept from the updates themselves: counting a million rows per listing
    /// would cost more than the listing.
    package func recount(accountIDs: [Int64]) throws {
        let statement = try database.cached("UPDATE accounts SET update_count = (SELECT count(*) FROM updates WHERE account_id = ?1) WHERE id = ?1")
        for id in accountIDs { try statement.run([.integer(id)]) }
    }

    package func setClosed(accountID: Int64, at: Int64?) throws -> PortfolioRowOutcome {
        try database.query("UPDATE accounts SET closed_at = ? WHERE id = ?", [at.map(SQLiteValue.integer) ?? .null, .integer(accountID)])
        return database.changes == 0 ? .missing : .changed
    }

    package func rename(accountID: Int64, to name: String) throws -> PortfolioRowOutcome {
        do {
            try database.query("UPDATE accounts SET name = ? WHERE id = ?", [.text(name), .integer(accountID)])
        } catch let error where refused(error, "UNIQUE") {
            return .taken
        }
        return database.changes == 0 ? .missing : .changed
    }

    package func deleteAccount(id: Int64) throws -> PortfolioRowOutcome {
        try database.query("DELETE FROM accounts WHERE id = ?", [.integer(id)])
        return database.changes == 0 ? .missing : .changed
    }

    package func deleteUpdate(id: Int64, accountID: Int64) throws -> PortfolioRowOutcome {
        try database.query("DELETE FROM updates WHERE id = ? AND account_id = ?", [.integer(id), .integer(accountID)])
        return database.changes == 0 ? .missing : .changed
    }

    package func insertContribution(accountID: Int64, at: Int64, amount: Int64) throws -> Int64? {
        do {
            try database.query("INSERT INTO contributions (account_id, at, amount) VALUES (?, ?, ?)",
                               [.integer(accountID), .integer(at), .integer(amount)])
        } catch let error where refused(error, "FOREIGN KEY") {
            return nil
        }
        return database.lastInsertRowID
    }

    package func insertContributions(_ rows: [(accountID: Int64, at: Int64, amount: Int64)]) throws -> [Int64] {
        let insert = try database.prepare("INSERT INTO contributions (account_id, at, amount) VALUES (?, ?, ?)")
        var ids: [Int64] = []
        for row in rows {
            try insert.run([.integer(row.accountID), .integer(row.at), .integer(row.amount)])
            ids.append(database.lastInsertRowID)
        }
        return ids
    }

    package func deleteContribution(id: Int64, accountID: Int64) throws -> PortfolioRowOutcome {
        try database.query("DELETE FROM contributions WHERE id = ? AND account_id = ?", [.integer(id), .integer(accountID)])
        return database.changes == 0 ? .missing : .changed
    }

    package func insertGoal(accountID: Int64?, currency: Currency, amount: Int64, by: Int64?) throws -> Int64 {
        try database.query("INSERT INTO goals (account_id, currency, amount, by_at) VALUES (?, ?, ?, ?)",
                           [accountID.map(SQLiteValue.integer) ?? .null, .text(currency.code), .integer(amount), by.map(SQLiteValue.integer) ?? .null])
        return database.lastInsertRowID
    }

    package func updateGoal(id: Int64, amount: Int64, by: Int64?) throws {
        try database.query("UPDATE goals SET amount = ?, by_at = ? WHERE id = ?", [.integer(amount), by.map(SQLiteValue.integer) ?? .null, .integer(id)])
    }

    package func deleteGoal(id: Int64) throws {
        try database.query("DELETE FROM goals WHERE id = ?", [.integer(id)])
    }
}
