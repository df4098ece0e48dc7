// portfolio's undo in PostgreSQL: the rows undo reads and puts back (PortfolioJournalRows;
// what a step records and how undo reverts it are PortfolioUndoRecorder and
// PortfolioUndoReverter), beside the undo journal every kit shares (portfolio.journal_steps,
// portfolio.journal_records: PostgresUndoJournalRows), in the change's own transaction. A
// shared store: each step is this actor's (user@host); undo reverts this actor's newest
// step, never another's, and refuses (PortfolioError.undoConflict, exit 65) when another
// actor's later step touched one of its accounts or a currency total's goal. Each actor
// keeps its last `PortfolioUndo.limit` steps.

import MoneyKit
import MoneyKitPlatform
import MoneyKitPostgres
import MoneyKitStorage
import PortfolioKit

extension PostgresPortfolioRepository: PortfolioJournalRows {
    package func journalRows() throws -> any UndoJournalRows {
        guard let connection = activeConnection else { throw StoreError.io(path: location, reason: "the undo journal read outside a transaction") }
        return PostgresUndoJournalRows(connection: connection, schema: "portfolio")
    }

    package var undoActor: String { store.actor }
    package var isSharedStore: Bool { true }

    /// The image of a row of `table` read with its columns in order.
    private func image(_ table: PortfolioUndoTable, _ row: PostgresRow) throws -> PortfolioRowImage {
        var columns: [PortfolioColumnValue] = []
        for (index, name) in table.columnNames.enumerated() {
            if let text = row.text(index) {
                columns.append(name == "name" || name == "currency" ? .text(text) : .integer(try integer(row, index, "\(table.rowKind)")))
            } else {
                columns.append(.null)
            }
        }
        return try PortfolioRowImage(table, columns: columns, in: location)
    }

    package func image(_ table: PortfolioUndoTable, id: Int64) throws -> PortfolioRowImage? {
        // The table's name is one of the four known ones, never text from the database.
        try changeConnection().query("SELECT \(table.columns) FROM portfolio.\(table.rawValue) WHERE id = $1", [.integer(id)])
            .first.map { try image(table, $0) }
    }

    package func images(_ table: PortfolioUndoTable, ofAccount accountID: Int64) throws -> [PortfolioRowImage] {
        try changeConnection().query("SELECT \(table.columns) FROM portfolio.\(table.rawValue) WHERE account_id = $1 ORDER BY id",
                                     [.integer(accountID)]).map { try image(table, $0) }
    }

    package func deleteRows(_ table: PortfolioUndoTable, in run: ClosedRange<Int64>) throws -> Int64 {
        Int64(try changeConnection().execute("DELETE FROM portfolio.\(table.rawValue) WHERE id BETWEEN $1 AND $2",
                                             [.integer(run.lowerBound), .integer(run.upperBound)]))
    }

    package func rowsOwned(byAccountsIn run: ClosedRange<Int64>) throws -> Int64 {
        try changeConnection().scalarInteger("""
            SELECT (SELECT count(*) FROM portfolio.updates WHERE account_id BETWEEN $1 AND $2)
                 + (SELECT count(*) FROM portfolio.contributions WHERE account_id BETWEEN $1 AND $2)
            """, [.integer(run.lowerBound), .integer(run.upperBound)]) ?? 0
    }

    package func restore(_ image: PortfolioRowImage) throws -> Bool {
        let connection = try changeConnection()
        let table = image.table
        let missing = try connection.query("SELECT NOT EXISTS (SELECT 1 FROM portfolio.\(table.rawValue) WHERE id = $1)", [.integer(image.id)])
            .first?.boolean(0) == true
        try connection.execute(table.restoreStatement(table: "portfolio.\(table.rawValue)") { "$\($0)" },
                               image.columns.map { $0.bound(integer: PostgresValue.integer, text: PostgresValue.text, null: .null) })
        return missing
    }
}
