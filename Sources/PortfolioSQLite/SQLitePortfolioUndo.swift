// portfolio's undo journal in SQLite: the rows of the kit's journal (PortfolioJournalRows;
// what a step records and how undo reverts it are PortfolioUndoRecorder and
// PortfolioUndoReverter), in the same write transaction as the change, so a kill at any
// instant leaves both the change and its step, or neither:
//   undo_steps(id, command, description, at);
//   undo_accounts, undo_updates: the rows as they were before the change;
//   undo_contributions, undo_goals (schema version 3, SQLiteMoneySchema.swift): deposits,
//     withdrawals and goals as they were before the change;
//   undo_created (accounts, updates) and undo_created_money (contributions, goals): the
//     ids the step created, as runs first_id...last_id per table.
// A store of one person: no actor and no touches are kept; the last `PortfolioUndo.limit`
// steps are kept.

import MoneyKit
import MoneyKitStorage
import MoneyKitPlatform
import MoneyKitSQLite
import PortfolioKit

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
}

extension PortfolioUndoTable {
    /// Where the SQLite journal keeps the runs of ids created in this table (schema
    /// version 3 added undo_created_money for its two tables, leaving undo_created as it was).
    var createdTable: String {
        switch self {
        case .accounts, .updates: return "undo_created"
        case .contributions, .goals: return "undo_created_money"
        }
    }
}

extension SQLitePortfolioRepository: PortfolioJournalRows {
    package func insertStep(command: String, description: String, at: Int64) throws -> Int64 {
        try database.query("INSERT INTO undo_steps (command, description, at) VALUES (?, ?, ?)",
                           [.text(command), .text(description), .integer(at)])
        return database.lastInsertRowID
    }

    package func saveImage(_ table: PortfolioUndoTable, id: Int64, step: Int64) throws {
        try database.cached("""
            INSERT OR IGNORE INTO undo_\(table.rawValue) (step_id, \(table.columns))
            SELECT ?, \(table.columns) FROM \(table.rawValue) WHERE id = ?
            """).run([.integer(step), .integer(id)])
    }

    package func saveImages(_ table: PortfolioUndoTable, ofAccount accountID: Int64, excluding: [ClosedRange<Int64>], step: Int64) throws {
        let exclusions = String(repeating: " AND id NOT BETWEEN ? AND ?", count: excluding.count)
        let bounds = excluding.flatMap { [SQLiteValue.integer($0.lowerBound), .integer($0.upperBound)] }
        try database.query("""
            INSERT OR IGNORE INTO undo_\(table.rawValue) (step_id, \(table.columns))
            SELECT ?, \(table.columns) FROM \(table.rawValue) WHERE account_id = ?\(exclusions)
            """, [.integer(step), .integer(accountID)] + bounds)
    }

    package func goalIDs(ofAccount accountID: Int64) throws -> [Int64] {
        try database.query("SELECT id FROM goals WHERE account_id = ?", [.integer(accountID)]).compactMap { row in
            if case .integer(let id)? = row.first { return id }
            return nil
        }
    }

    package func recordCreated(_ runs: [(table: PortfolioUndoTable, run: ClosedRange<Int64>)], step: Int64) throws {
        for (table, run) in runs {
            // The journal table's name is one of two known ones, never text from the file.
            try database.cached("INSERT INTO \(table.createdTable) (step_id, table_name, first_id, last_id) VALUES (?, ?, ?, ?)")
                .run([.integer(step), .text(table.rawValue), .integer(run.lowerBound), .integer(run.upperBound)])
        }
    }

    /// A store of one person: undo has no one else's change to refuse over.
    package func recordTouches(_ items: [String], step: Int64) throws {}

    package func setDescription(_ description: String, step: Int64) throws {
        try database.query("UPDATE undo_steps SET description = ? WHERE id = ?", [.text(description), .integer(step)])
    }

    package func pruneSteps(keeping kept: Int) throws {
        try database.query("DELETE FROM undo_steps WHERE id NOT IN (SELECT id FROM undo_steps ORDER BY id DESC LIMIT ?)", [.integer(Int64(kept))])
    }

    package func newestStep() throws -> UndoStep? {
        var found: UndoStep?
        try database.prepare("SELECT id, command, description, at, typeof(at) = 'integer' FROM undo_steps ORDER BY id DESC LIMIT 1").forEachRow { row in
            guard row.int64(4) == 1 else { throw corrupt("undo step \(row.int64(0)) has a time of the wrong type") }
            found = UndoStep(id: row.int64(0), command: row.text(1), description: row.text(2), at: row.int64(3))
        }
        return found
    }

    package func laterActor(over step: UndoStep) throws -> String? { nil }

    package func createdRuns(of step: UndoStep) throws -> [(table: PortfolioUndoTable?, run: ClosedRange<Int64>)] {
        var runs: [(table: PortfolioUndoTable?, run: ClosedRange<Int64>)] = []
        try database.prepare("""
            SELECT table_name, first_id, last_id FROM undo_created WHERE step_id = ?1
            UNION ALL SELECT table_name, first_id, last_id FROM undo_created_money WHERE step_id = ?1
            ORDER BY table_name DESC, first_id
            """).forEachRow([.integer(step.id)]) { row in
            runs.append((PortfolioUndoTable(rawValue: row.text(0)), row.int64(1)...max(row.int64(1), row.int64(2))))
        }
        return runs
    }

    package func deleteRows(_ table: PortfolioUndoTable, in run: ClosedRange<Int64>) throws -> Int64 {
        // The table's name is one of the four known ones, never text from the file.
        try database.query("DELETE FROM \(table.rawValue) WHERE id BETWEEN ? AND ?", [.integer(run.lowerBound), .integer(run.upperBound)])
        return Int64(database.changes)
    }

    package func rowsOwned(byAccountsIn run: ClosedRange<Int64>) throws -> Int64 {
        let bounds: [SQLiteValue] = [.integer(run.lowerBound), .integer(run.upperBound)]
        let updates = try database.scalarInteger("SELECT count(*) FROM updates WHERE account_id BETWEEN ? AND ?", bounds) ?? 0
        let contributions = try database.scalarInteger("SELECT count(*) FROM contributions WHERE account_id BETWEEN ? AND ?", bounds) ?? 0
        return updates.addingReportingOverflow(contributions).overflow ? .max : updates + contributions
    }

    package func restoreImages(_ table: PortfolioUndoTable, of step: UndoStep) throws -> Int64 {
        let stepID = SQLiteValue.integer(step.id)
        let missing = try database.scalarInteger(
            "SELECT count(*) FROM undo_\(table.rawValue) WHERE step_id = ? AND id NOT IN (SELECT id FROM \(table.rawValue))", [stepID]) ?? 0
        try database.query("""
            INSERT INTO \(table.rawValue) (\(table.columns))
            SELECT \(table.columns) FROM undo_\(table.rawValue) WHERE step_id = ? ORDER BY id
            ON CONFLICT (id) DO UPDATE SET \(table.upsert)
            """, [stepID])
        return missing
    }

    package func forget(_ step: UndoStep) throws {
        // Its rows go with it by cascade.
        try database.query("DELETE FROM undo_steps WHERE id = ?", [.integer(step.id)])
    }

    /// The saved rows hold what the store's rows may hold (a store made before the CHECKs
    /// has none to refuse them on the way back): typed, in range, a known currency.
    package func checkImages(of step: UndoStep) throws {
        let instants = "BETWEEN \(PortfolioLimits.instants.lowerBound) AND \(PortfolioLimits.instants.upperBound)"
        let values = "BETWEEN \(PortfolioLimits.values.lowerBound) AND \(PortfolioLimits.values.upperBound)"
        try database.prepare("""
            SELECT id, name, currency, typeof(name) = 'text' AND length(name) > 0 AND typeof(currency) = 'text'
                AND typeof(created_at) = 'integer' AND created_at \(instants)
                AND (closed_at IS NULL OR (typeof(closed_at) = 'integer' AND closed_at \(instants)))
                AND typeof(update_count) = 'integer' AND update_count >= 0
            FROM undo_accounts WHERE step_id = ?
            """).forEachRow([.integer(step.id)]) { row in
                guard row.int64(3) == 1, Currency(code: row.text(2)) != nil else {
                    throw corrupt("the undo record of account \(row.int64(0)) ('\(row.text(1))') is not a valid account")
                }
            }
        let bad = try database.scalarInteger("""
            SELECT min(id) FROM undo_updates WHERE step_id = ? AND NOT (typeof(at) = 'integer' AND at \(instants)
                AND typeof(value) = 'integer' AND value \(values) AND typeof(account_id) = 'integer')
            """, [.integer(step.id)])
        if let bad { throw corrupt("the undo record of update \(bad) is not a valid update") }
        let badContribution = try database.scalarInteger("""
            SELECT min(id) FROM undo_contributions WHERE step_id = ? AND NOT (typeof(at) = 'integer' AND at \(instants)
                AND typeof(amount) = 'integer' AND amount <> 0 AND amount \(values) AND typeof(account_id) = 'integer')
            """, [.integer(step.id)])
        if let badContribution { throw corrupt("the undo record of contribution \(badContribution) is not a valid deposit or withdrawal") }
        try database.prepare("""
            SELECT id, currency, typeof(account_id) IN ('integer', 'null') AND typeof(currency) = 'text'
                AND typeof(amount) = 'integer' AND amount > 0 AND (by_at IS NULL OR (typeof(by_at) = 'integer' AND by_at \(instants)))
            FROM undo_goals WHERE step_id = ?
            """).forEachRow([.integer(step.id)]) { row in
                guard row.int64(2) == 1, Currency(code: row.text(1)) != nil else {
                    throw corrupt("the undo record of goal \(row.int64(0)) is not a valid goal")
                }
            }
    }
}
