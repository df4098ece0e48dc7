// portfolio's undo journal in SQLite: every change records one undo step in the same
// write transaction as the change, so a kill at any instant leaves both the change and
// its step, or neither. A step keeps what the change needs to be reverted exactly (same
// ids, values and times):
//   undo_accounts, undo_updates: the rows as they were before the change (a deleted
//     account with every update it had, an account before a rename, close or recount,
//     a deleted update);
//   undo_contributions, undo_goals (schema version 3): deposits, withdrawals and goals as
//     they were before the change (deleted with their account, or a goal replaced);
//   undo_created: the ids the change created, as runs first_id...last_id per table (an
//     import of a million updates is one run, not a million rows).
// Undo deletes what the step created, then puts the saved rows back, in one transaction,
// and forgets the step (there is no redo, as in tally). The last `PortfolioUndo.limit`
// steps are kept; older ones are pruned in the transaction that records a new one.

import MoneyKit
import MoneyKitStorage
import MoneyKitPlatform
import MoneyKitSQLite

enum SQLiteUndoJournal {
    /// Schema version 2: the journal's tables, added to a version 1 store on its next write.
    static let migration = """
        CREATE TABLE undo_steps (
            id INTEGER PRIMARY KEY,
            command TEXT NOT NULL,
            description TEXT NOT NULL,
            at INTEGER NOT NULL
        );
        CREATE TABLE undo_accounts (
            step_id INTEGER NOT NULL REFERENCES undo_steps(id) ON DELETE CASCADE,
            id INTEGER NOT NULL,
            name TEXT NOT NULL,
            currency TEXT NOT NULL,
            created_at INTEGER NOT NULL,
            closed_at INTEGER,
            update_count INTEGER NOT NULL,
            PRIMARY KEY (step_id, id)
        ) WITHOUT ROWID;
        CREATE TABLE undo_updates (
            step_id INTEGER NOT NULL REFERENCES undo_steps(id) ON DELETE CASCADE,
            id INTEGER NOT NULL,
            account_id INTEGER NOT NULL,
            at INTEGER NOT NULL,
            value INTEGER NOT NULL,
            PRIMARY KEY (step_id, id)
        ) WITHOUT ROWID;
        CREATE TABLE undo_created (
            step_id INTEGER NOT NULL REFERENCES undo_steps(id) ON DELETE CASCADE,
            table_name TEXT NOT NULL CHECK (table_name IN ('accounts', 'updates')),
            first_id INTEGER NOT NULL,
            last_id INTEGER NOT NULL CHECK (last_id >= first_id),
            PRIMARY KEY (step_id, table_name, first_id)
        ) WITHOUT ROWID;
        """

    /// The tables a step can create rows in.
    enum Table: String, CaseIterable {
        case accounts, updates, contributions, goals

        /// Where the runs of ids created in this table are kept (schema version 3 added
        /// undo_created_money for its two tables, leaving undo_created as it was).
        var createdTable: String {
            switch self {
            case .accounts, .updates: return "undo_created"
            case .contributions, .goals: return "undo_created_money"
            }
        }
    }

    /// The newest step, nil when there is nothing to undo.
    static func latestStep(in database: SQLiteDatabase) throws -> UndoStep? {
        var found: UndoStep?
        try database.prepare("SELECT id, command, description, at, typeof(at) = 'integer' FROM undo_steps ORDER BY id DESC LIMIT 1").forEachRow { row in
            guard row.int64(4) == 1 else { throw StoreError.corrupt(path: database.path, reason: "undo step \(row.int64(0)) has a time of the wrong type") }
            found = UndoStep(id: row.int64(0), command: row.text(1), description: row.text(2), at: row.int64(3))
        }
        return found
    }

}

/// The undo step of the one change being made: the store's changing methods take it, so
/// no change can be made without recording how to revert it. The step's row is written
/// at the first change it records (a command that ends up changing nothing leaves none).
final class UndoRecorder {
    private let database: SQLiteDatabase
    private let command: String
    /// What undo will say it reverted ("rm 'Cash ISA'"); set by the command.
    var description: String
    private var stepID: Int64?
    /// The ids this step created, as runs, per table: kept in memory and written once at the end.
    private var created: [SQLiteUndoJournal.Table: [ClosedRange<Int64>]] = [:]

    init(database: SQLiteDatabase, command: String) {
        self.database = database
        self.command = command
        self.description = command
    }

    /// The step's row, made at the first change.
    private func step() throws -> Int64 {
        if let stepID { return stepID }
        try database.query("INSERT INTO undo_steps (command, description, at) VALUES (?, ?, ?)",
                           [.text(command), .text(description), .integer(Instant.now())])
        let id = database.lastInsertRowID
        stepID = id
        return id
    }

    /// A row this change created: undo deletes it.
    func created(_ table: SQLiteUndoJournal.Table, id: Int64) throws {
        _ = try step()
        var runs = created[table] ?? []
        if let last = runs.last, id > last.upperBound, id.subtractingReportingOverflow(last.upperBound) == (1, false) {
            runs[runs.count - 1] = last.lowerBound...id
        } else {
            runs.append(id...id)
        }
        created[table] = runs
    }

    /// Rows this change created with the ids `ids` (a bulk insert): one run.
    func created(_ table: SQLiteUndoJournal.Table, ids: ClosedRange<Int64>) throws {
        _ = try step()
        var runs = created[table] ?? []
        if let last = runs.last, ids.lowerBound > last.upperBound, ids.lowerBound.subtractingReportingOverflow(last.upperBound) == (1, false) {
            runs[runs.count - 1] = last.lowerBound...ids.upperBound
        } else {
            runs.append(ids)
        }
        created[table] = runs
    }

    private func isCreated(_ table: SQLiteUndoJournal.Table, id: Int64) -> Bool {
        created[table]?.contains { $0.contains(id) } ?? false
    }

    /// Saves the account as it is now, before this change alters or deletes it (once per
    /// step: the first image is the one from before the change).
    func saveAccount(_ id: Int64) throws {
        guard !isCreated(.accounts, id: id) else { return }
        try database.cached("""
            INSERT OR IGNORE INTO undo_accounts (step_id, id, name, currency, created_at, closed_at, update_count)
            SELECT ?, id, name, currency, created_at, closed_at, update_count FROM accounts WHERE id = ?
            """).run([.integer(try step()), .integer(id)])
    }

    /// Saves one update as it is now, before this change deletes it.
    func saveUpdate(_ id: Int64) throws {
        guard !isCreated(.updates, id: id) else { return }
        try database.cached("""
            INSERT OR IGNORE INTO undo_updates (step_id, id, account_id, at, value)
            SELECT ?, id, account_id, at, value FROM updates WHERE id = ?
            """).run([.integer(try step()), .integer(id)])
    }

    /// Saves every update of the account, before this change deletes them all.
    func saveUpdates(ofAccount id: Int64) throws {
        guard !isCreated(.accounts, id: id) else { return }
        // Updates this step created are not saved: undo deletes them.
        let runs = created[.updates] ?? []
        let exclusions = String(repeating: " AND id NOT BETWEEN ? AND ?", count: runs.count)
        let bounds = runs.flatMap { [SQLiteValue.integer($0.lowerBound), .integer($0.upperBound)] }
        try database.query("""
            INSERT OR IGNORE INTO undo_updates (step_id, id, account_id, at, value)
            SELECT ?, id, account_id, at, value FROM updates WHERE account_id = ?\(exclusions)
            """, [.integer(try step()), .integer(id)] + bounds)
    }

    /// Saves one deposit or withdrawal as it is now, before this change deletes it.
    func saveContribution(_ id: Int64) throws {
        guard !isCreated(.contributions, id: id) else { return }
        try database.cached("""
            INSERT OR IGNORE INTO undo_contributions (step_id, id, account_id, at, amount)
            SELECT ?, id, account_id, at, amount FROM contributions WHERE id = ?
            """).run([.integer(try step()), .integer(id)])
    }

    /// Saves one goal as it is now, before this change replaces or removes it.
    func saveGoal(_ id: Int64) throws {
        guard !isCreated(.goals, id: id) else { return }
        try database.cached("""
            INSERT OR IGNORE INTO undo_goals (step_id, id, account_id, currency, amount, by_at)
            SELECT ?, id, account_id, currency, amount, by_at FROM goals WHERE id = ?
            """).run([.integer(try step()), .integer(id)])
    }

    /// Saves the account's deposits, withdrawals and goal, before this change deletes the
    /// account (they go with it by cascade). Rows this step created are left out: undo deletes them.
    func saveMoneyRows(ofAccount id: Int64) throws {
        guard !isCreated(.accounts, id: id) else { return }
        let runs = created[.contributions] ?? []
        let exclusions = String(repeating: " AND id NOT BETWEEN ? AND ?", count: runs.count)
        let bounds = runs.flatMap { [SQLiteValue.integer($0.lowerBound), .integer($0.upperBound)] }
        try database.query("""
            INSERT OR IGNORE INTO undo_contributions (step_id, id, account_id, at, amount)
            SELECT ?, id, account_id, at, amount FROM contributions WHERE account_id = ?\(exclusions)
            """, [.integer(try step()), .integer(id)] + bounds)
        for goal in try database.query("SELECT id FROM goals WHERE account_id = ?", [.integer(id)]) {
            if case .integer(let goalID)? = goal.first { try saveGoal(goalID) }
        }
    }

    /// Writes what the step created and its description, and prunes the oldest steps
    /// beyond the limit: the last statements of the change's transaction.
    func finish() throws {
        guard let stepID else { return }
        for table in SQLiteUndoJournal.Table.allCases {
            // The journal table's name is one of two known ones, never text from the file.
            let insert = try database.cached("INSERT INTO \(table.createdTable) (step_id, table_name, first_id, last_id) VALUES (?, ?, ?, ?)")
            for run in created[table] ?? [] {
                try insert.run([.integer(stepID), .text(table.rawValue), .integer(run.lowerBound), .integer(run.upperBound)])
            }
        }
        try database.query("UPDATE undo_steps SET description = ? WHERE id = ?", [.text(description), .integer(stepID)])
        try database.query("DELETE FROM undo_steps WHERE id NOT IN (SELECT id FROM undo_steps ORDER BY id DESC LIMIT ?)",
                           [.integer(Int64(PortfolioUndo.limit))])
    }
}

extension SQLiteUndoJournal {
    /// Deletes what the step created, puts back what it saved and forgets the step, inside
    /// the caller's write transaction. A store that no longer matches the step (changed by
    /// another program) is refused, and the transaction rolls back.
    static func revert(_ step: UndoStep, in store: SQLitePortfolioRepository) throws -> UndoOutcome {
        let database = store.database
        let stepID = SQLiteValue.integer(step.id)
        var outcome = UndoOutcome(step: step)
        try checkSavedRows(of: step, in: store)

        // 1. What the change created: its updates, then its accounts (which must have no
        //    other updates left: those would go with them by cascade).
        var createdAccounts: [ClosedRange<Int64>] = []
        var mismatch = false
        try database.prepare("""
            SELECT table_name, first_id, last_id FROM undo_created WHERE step_id = ?1
            UNION ALL SELECT table_name, first_id, last_id FROM undo_created_money WHERE step_id = ?1
            ORDER BY table_name DESC, first_id
            """)
            .forEachRow([stepID]) { row in
                let run = row.int64(1)...max(row.int64(1), row.int64(2))
                guard let table = SQLiteUndoJournal.Table(rawValue: row.text(0)) else { mismatch = true; return }
                if table == .accounts { createdAccounts.append(run); return }
                // The table's name is one of the four known ones, never text from the file.
                try database.query("DELETE FROM \(table.rawValue) WHERE id BETWEEN ? AND ?", [.integer(run.lowerBound), .integer(run.upperBound)])
                let size = run.upperBound.subtractingReportingOverflow(run.lowerBound)
                if size.overflow || Int64(database.changes) - 1 != size.partialValue { mismatch = true }
                switch table {
                case .updates: outcome.updatesRemoved += Int64(database.changes)
                case .contributions: outcome.contributionsRemoved += Int64(database.changes)
                case .accounts, .goals: break
                }
            }
        for run in createdAccounts {
            let bounds: [SQLiteValue] = [.integer(run.lowerBound), .integer(run.upperBound)]
            if try database.scalarInteger("SELECT count(*) FROM updates WHERE account_id BETWEEN ? AND ?", bounds) != 0 { mismatch = true }
            if try database.scalarInteger("SELECT count(*) FROM contributions WHERE account_id BETWEEN ? AND ?", bounds) != 0 { mismatch = true }
            try database.query("DELETE FROM accounts WHERE id BETWEEN ? AND ?", bounds)
            let size = run.upperBound.subtractingReportingOverflow(run.lowerBound)
            if size.overflow || Int64(database.changes) - 1 != size.partialValue { mismatch = true }
            outcome.accountsRemoved += Int64(database.changes)
        }
        if mismatch {
            throw PortfolioError.undoMismatch(description: step.description)
        }

        // 2. The rows as they were: accounts first (updates refer to them), each put back
        //    with its id, or set back where it still exists.
        outcome.accountsRestored = try database.scalarInteger(
            "SELECT count(*) FROM undo_accounts WHERE step_id = ? AND id NOT IN (SELECT id FROM accounts)", [stepID]) ?? 0
        try database.query("""
            INSERT INTO accounts (id, name, currency, created_at, closed_at, update_count)
            SELECT id, name, currency, created_at, closed_at, update_count FROM undo_accounts WHERE step_id = ? ORDER BY id
            ON CONFLICT (id) DO UPDATE SET name = excluded.name, currency = excluded.currency, created_at = excluded.created_at,
                closed_at = excluded.closed_at, update_count = excluded.update_count
            """, [stepID])
        outcome.updatesRestored = try database.scalarInteger(
            "SELECT count(*) FROM undo_updates WHERE step_id = ? AND id NOT IN (SELECT id FROM updates)", [stepID]) ?? 0
        try database.query("""
            INSERT INTO updates (id, account_id, at, value)
            SELECT id, account_id, at, value FROM undo_updates WHERE step_id = ? ORDER BY id
            ON CONFLICT (id) DO UPDATE SET account_id = excluded.account_id, at = excluded.at, value = excluded.value
            """, [stepID])

        outcome.contributionsRestored = try database.scalarInteger(
            "SELECT count(*) FROM undo_contributions WHERE step_id = ? AND id NOT IN (SELECT id FROM contributions)", [stepID]) ?? 0
        try database.query("""
            INSERT INTO contributions (id, account_id, at, amount)
            SELECT id, account_id, at, amount FROM undo_contributions WHERE step_id = ? ORDER BY id
            ON CONFLICT (id) DO UPDATE SET account_id = excluded.account_id, at = excluded.at, amount = excluded.amount
            """, [stepID])
        try database.query("""
            INSERT INTO goals (id, account_id, currency, amount, by_at)
            SELECT id, account_id, currency, amount, by_at FROM undo_goals WHERE step_id = ? ORDER BY id
            ON CONFLICT (id) DO UPDATE SET account_id = excluded.account_id, currency = excluded.currency,
                amount = excluded.amount, by_at = excluded.by_at
            """, [stepID])

        // 3. The step itself (its rows go with it by cascade).
        try database.query("DELETE FROM undo_steps WHERE id = ?", [stepID])
        return outcome
    }

    /// The saved rows hold what the store's rows may hold (a store made before the CHECKs
    /// has none to refuse them on the way back): typed, in range, a known currency.
    private static func checkSavedRows(of step: UndoStep, in store: SQLitePortfolioRepository) throws {
        let instants = "BETWEEN \(PortfolioLimits.instants.lowerBound) AND \(PortfolioLimits.instants.upperBound)"
        let values = "BETWEEN \(PortfolioLimits.values.lowerBound) AND \(PortfolioLimits.values.upperBound)"
        let database = store.database
        try database.prepare("""
            SELECT id, name, currency, typeof(name) = 'text' AND length(name) > 0 AND typeof(currency) = 'text'
                AND typeof(created_at) = 'integer' AND created_at \(instants)
                AND (closed_at IS NULL OR (typeof(closed_at) = 'integer' AND closed_at \(instants)))
                AND typeof(update_count) = 'integer' AND update_count >= 0
            FROM undo_accounts WHERE step_id = ?
            """).forEachRow([.integer(step.id)]) { row in
                guard row.int64(3) == 1, Currency(code: row.text(2)) != nil else {
                    throw store.corrupt("the undo record of account \(row.int64(0)) ('\(row.text(1))') is not a valid account")
                }
            }
        let bad = try database.scalarInteger("""
            SELECT min(id) FROM undo_updates WHERE step_id = ? AND NOT (typeof(at) = 'integer' AND at \(instants)
                AND typeof(value) = 'integer' AND value \(values) AND typeof(account_id) = 'integer')
            """, [.integer(step.id)])
        if let bad { throw store.corrupt("the undo record of update \(bad) is not a valid update") }
        let badContribution = try database.scalarInteger("""
            SELECT min(id) FROM undo_contributions WHERE step_id = ? AND NOT (typeof(at) = 'integer' AND at \(instants)
                AND typeof(amount) = 'integer' AND amount <> 0 AND amount \(values) AND typeof(account_id) = 'integer')
            """, [.integer(step.id)])
        if let badContribution { throw store.corrupt("the undo record of contribution \(badContribution) is not a valid deposit or withdrawal") }
        try database.prepare("""
            SELECT id, currency, typeof(account_id) IN ('integer', 'null') AND typeof(currency) = 'text'
                AND typeof(amount) = 'integer' AND amount > 0 AND (by_at IS NULL OR (typeof(by_at) = 'integer' AND by_at \(instants)))
            FROM undo_goals WHERE step_id = ?
            """).forEachRow([.integer(step.id)]) { row in
                guard row.int64(2) == 1, Currency(code: row.text(1)) != nil else {
                    throw store.corrupt("the undo record of goal \(row.int64(0)) is not a valid goal")
                }
            }
    }
}
