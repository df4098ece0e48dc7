// portfolio's undo in SQLite: the rows undo reads and puts back (PortfolioJournalRows; what
// a step records and how undo reverts it are PortfolioUndoRecorder and
// PortfolioUndoReverter), beside the undo journal every kit shares (journal_steps,
// journal_records: SQLiteUndoJournalRows), in the same write transaction as the change, so
// a kill at any instant leaves both the change and its step, or neither. A store of one
// person: no actor is told apart; the last `PortfolioUndo.limit` steps are kept.
//
// Schema history of the undo tables:
//   version 2 made portfolio's own journal: undo_steps(id, command, description, at);
//     undo_accounts, undo_updates (the rows as they were before the change); undo_created
//     (the ids a step created in accounts and updates, as runs first_id...last_id);
//   version 3 added undo_contributions, undo_goals and undo_created_money (SQLiteMoneySchema);
//   version 4 moves every step into the shared journal (same id; label the description,
//     mark the command, actor ''), each row kept as its record ('account', 'update',
//     'contribution', 'goal', keyed by the id, the row as JSON) and each run as one
//     ('new accounts' … keyed 'FIRST...LAST'), then drops the old tables.

import MoneyKit
import MoneyKitStorage
import MoneyKitPlatform
import MoneyKitSQLite
import PortfolioKit

enum SQLitePortfolioUndo {
    /// Schema version 2: portfolio's own undo tables, added to a version 1 store on its next
    /// write (shipped: never edited; version 4 moves them into the shared journal).
    static let version2 = """
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

    /// Schema version 4: the shared undo journal, every step of the old tables carried over.
    static let version4 = SQLiteUndoJournalRows.tables + """

        INSERT INTO journal_steps (id, label, at, actor, mark) SELECT id, description, at, '', command FROM undo_steps;
        INSERT INTO journal_records (step_id, position, kind, key, before)
            SELECT step_id, row_number() OVER (PARTITION BY step_id ORDER BY rank, first) - 1, kind, key, before FROM (
                SELECT step_id, 0 AS rank, id AS first, 'account' AS kind, CAST(id AS TEXT) AS key, json_object('id', id, 'name', name,
                    'currency', currency, 'created_at', created_at, 'closed_at', closed_at, 'update_count', update_count) AS before
                FROM undo_accounts
                UNION ALL SELECT step_id, 1, id, 'update', CAST(id AS TEXT), json_object('id', id, 'account_id', account_id, 'at', at,
                    'value', value) FROM undo_updates
                UNION ALL SELECT step_id, 2, id, 'contribution', CAST(id AS TEXT), json_object('id', id, 'account_id', account_id, 'at', at,
                    'amount', amount) FROM undo_contributions
                UNION ALL SELECT step_id, 3, id, 'goal', CAST(id AS TEXT), json_object('id', id, 'account_id', account_id,
                    'currency', currency, 'amount', amount, 'by_at', by_at) FROM undo_goals
                UNION ALL SELECT step_id, 4, first_id, 'new ' || table_name, first_id || '...' || last_id, NULL FROM undo_created
                UNION ALL SELECT step_id, 4, first_id, 'new ' || table_name, first_id || '...' || last_id, NULL FROM undo_created_money
            ) WHERE step_id IN (SELECT id FROM undo_steps);
        DROP TABLE undo_created_money;
        DROP TABLE undo_created;
        DROP TABLE undo_goals;
        DROP TABLE undo_contributions;
        DROP TABLE undo_updates;
        DROP TABLE undo_accounts;
        DROP TABLE undo_steps;
        """
}

extension SQLitePortfolioRepository: PortfolioJournalRows {
    package func journalRows() -> any UndoJournalRows { SQLiteUndoJournalRows(database: database) }
    /// A store of one person: no actor is told apart.
    package var undoActor: String { "" }
    package var isSharedStore: Bool { false }

    /// The image of a row of `table` read with its columns in order.
    private func image(_ table: PortfolioUndoTable, _ row: SQLiteRow) throws -> PortfolioRowImage {
        let columns = try row.values.map { value -> PortfolioColumnValue in
            switch value {
            case .integer(let number): return .integer(number)
            case .text(let text): return .text(text)
            case .null: return .null
            case .real: throw corrupt("\(table.rowKind) \(row.int64(0)) has a value of the wrong type")
            }
        }
        return try PortfolioRowImage(table, columns: columns, in: location)
    }

    package func image(_ table: PortfolioUndoTable, id: Int64) throws -> PortfolioRowImage? {
        var found: PortfolioRowImage?
        // The table's name is one of the four known ones, never text from the file.
        try database.cached("SELECT \(table.columns) FROM \(table.rawValue) WHERE id = ?").forEachRow([.integer(id)]) {
            found = try image(table, $0)
        }
        return found
    }

    package func images(_ table: PortfolioUndoTable, ofAccount accountID: Int64) throws -> [PortfolioRowImage] {
        var found: [PortfolioRowImage] = []
        try database.cached("SELECT \(table.columns) FROM \(table.rawValue) WHERE account_id = ? ORDER BY id").forEachRow([.integer(accountID)]) {
            found.append(try image(table, $0))
        }
        return found
    }

    package func deleteRows(_ table: PortfolioUndoTable, in run: ClosedRange<Int64>) throws -> Int64 {
        try database.query("DELETE FROM \(table.rawValue) WHERE id BETWEEN ? AND ?", [.integer(run.lowerBound), .integer(run.upperBound)])
        return Int64(database.changes)
    }

    package func rowsOwned(byAccountsIn run: ClosedRange<Int64>) throws -> Int64 {
        let bounds: [SQLiteValue] = [.integer(run.lowerBound), .integer(run.upperBound)]
        let updates = try database.scalarInteger("SELECT count(*) FROM updates WHERE account_id BETWEEN ? AND ?", bounds) ?? 0
        let contributions = try database.scalarInteger("SELECT count(*) FROM contributions WHERE account_id BETWEEN ? AND ?", bounds) ?? 0
        return updates.addingReportingOverflow(contributions).overflow ? .max : updates + contributions
    }

    package func restore(_ image: PortfolioRowImage) throws -> Bool {
        let table = image.table
        let missing = try database.scalarInteger("SELECT NOT EXISTS (SELECT 1 FROM \(table.rawValue) WHERE id = ?)", [.integer(image.id)]) == 1
        try database.cached(table.restoreStatement(table: table.rawValue) { "?\($0)" })
            .run(image.columns.map { $0.bound(integer: SQLiteValue.integer, text: SQLiteValue.text, null: .null) })
        return missing
    }
}
