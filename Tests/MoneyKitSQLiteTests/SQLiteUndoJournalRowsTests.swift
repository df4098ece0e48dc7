// The undo journal's contract on the SQLite rows: the bodies MoneyKitStorageTests runs on
// the in-memory rows, each in one transaction of a new database holding the tables.

import MoneyKitSQLite
import Testing
import UndoJournalContract

struct SQLiteUndoJournalRowsTests {
    static let schema = SQLiteSchema(name: "a journal test database", applicationID: 0x4D4B_4A54, migrations: [SQLiteUndoJournalRows.tables])

    @Test(arguments: UndoJournalContract.names)
    func contractOnTheSQLiteRows(check: String) throws {
        let scratch = try Scratch()
        let database = try SQLiteDatabase.open(scratch.path("journal.db"), schema: Self.schema, access: .write(createFolders: false))
        defer { database.close() }
        let failures = try database.transaction { database in
            try UndoJournalContract.run(check, on: SQLiteUndoJournalRows(database: database))
        }
        #expect(failures == [])
    }
}
