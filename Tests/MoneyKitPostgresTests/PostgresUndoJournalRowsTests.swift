// The undo journal's contract on the PostgreSQL rows: the bodies MoneyKitStorageTests runs
// on the in-memory rows, each in one transaction of a new database holding the tables.

import MoneyKitPostgres
import PostgresTestSupport
import Testing
import UndoJournalContract

@Suite(.postgresCluster, .enabled(if: PostgresTestCluster.shouldRun, PostgresTestCluster.skipReason))
struct PostgresUndoJournalRowsTests {
    @Test(arguments: UndoJournalContract.names)
    func contractOnThePostgresRows(check: String) throws {
        let database = try sharedCluster().newDatabase("journal")
        let connection = try PostgresConnection.open(database)
        defer { connection.close() }
        try connection.execute("CREATE SCHEMA journal")
        for statement in PostgresUndoJournalRows.tables(in: "journal") { try connection.execute(statement) }
        let failures = try connection.transaction { connection in
            try UndoJournalContract.run(check, on: PostgresUndoJournalRows(connection: connection, schema: "journal"))
        }
        #expect(failures == [])
    }
}
