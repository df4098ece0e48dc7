// portfolio's own undo tables to the undo journal every kit shares, on both SQL backends
// (SQLite schema 3 to 4, PostgreSQL 1 to 2): a store an older portfolio wrote, with five
// undo steps that kept rows of every table and created ids in every table, reads as before
// (a read migrates nothing) and its first change carries every step over with its label,
// time, actor and what undoing it restores: undo then walks back exactly what the older
// portfolio would have, on PostgreSQL with its per-actor rule and conflict refusal.

import Foundation
import MoneyKit
import MoneyKitPostgres
import MoneyKitSQLite
import PostgresTestSupport
import Testing
@testable import PortfolioKit
@testable import PortfolioPostgres
@testable import PortfolioSQLite

@Suite(.postgresCluster)
struct PortfolioMigrationTests {
    /// The rows both old stores hold: 'ISA' (id 1, two updates, a deposit), 'Gone' (id 2)
    /// deleted with its update, deposit and goal by step 4, and the GBP total's goal.
    static let rows = [
        "INSERT INTO accounts (id, name, currency, created_at, closed_at, update_count) VALUES (1, 'ISA', 'GBP', 1000, NULL, 2)",
        "INSERT INTO updates (id, account_id, at, value) VALUES (1, 1, 1000, 100000), (2, 1, 2000, 150000)",
        "INSERT INTO contributions (id, account_id, at, amount) VALUES (1, 1, 3000, 500)",
        "INSERT INTO goals (id, account_id, currency, amount, by_at) VALUES (1, NULL, 'GBP', 9000000, NULL)",
    ]

    /// The steps, oldest first, as the old journal kept them (`PREFIX` the PostgreSQL schema).
    static func steps(_ prefix: String) -> [String] {
        [
            """
            INSERT INTO \(prefix)undo_accounts (step_id, id, name, currency, created_at, closed_at, update_count) VALUES
                (2, 1, 'ISA', 'GBP', 1000, NULL, 1), (4, 2, 'Gone', 'GBP', 500, NULL, 1)
            """,
            "INSERT INTO \(prefix)undo_updates (step_id, id, account_id, at, value) VALUES (4, 3, 2, 500, 20000)",
            "INSERT INTO \(prefix)undo_contributions (step_id, id, account_id, at, amount) VALUES (4, 2, 2, 600, -100)",
            "INSERT INTO \(prefix)undo_goals (step_id, id, account_id, currency, amount, by_at) VALUES (4, 2, 2, 'GBP', 500000, 4000)",
        ]
    }

    static let labels = [
        (1, "add", "add 'ISA'"), (2, "update", "update 'ISA' to £1,500.00"), (3, "deposit", "deposit £5.00 into 'ISA'"),
        (4, "rm", "rm 'Gone' and its 1 update"), (5, "goal", "goal for the GBP total £90,000.00"),
    ]

    /// A schema-3 SQLite store holding the rows and steps.
    static func makeSQLiteVersion3(_ path: String) throws {
        let version3 = SQLiteSchema(name: "a portfolio database", applicationID: 0x4D4B_5046,
                                    migrations: Array(SQLitePortfolioRepository.migrations.prefix(3)))
        let database = try SQLiteDatabase.open(path, schema: version3, access: .write(createFolders: false))
        defer { database.close() }
        var script = "BEGIN;\n"
        for (id, command, description) in labels {
            script += "INSERT INTO undo_steps (id, command, description, at) VALUES (\(id), '\(command)', '\(description.replacingOccurrences(of: "'", with: "''"))', \(id * 100));\n"
        }
        script += (rows + steps("")).map { $0 + ";\n" }.joined()
        script += """
            INSERT INTO undo_created (step_id, table_name, first_id, last_id) VALUES (1, 'accounts', 1, 1), (1, 'updates', 1, 1), (2, 'updates', 2, 2);
            INSERT INTO undo_created_money (step_id, table_name, first_id, last_id) VALUES (3, 'contributions', 1, 1), (5, 'goals', 1, 1);
            COMMIT;
            """
        try database.execute(script)
    }

    /// The same store in a schema-1 PostgreSQL database, the steps Ann's, and a later
    /// update of 'ISA' by Bob (step 6).
    static func makePostgresVersion1(_ database: String) throws {
        let version1 = PostgresSchemaLayout(schema: "portfolio", tool: "portfolio", migrations: [PostgresPortfolioSchema.version1])
        _ = try PostgresStore(connectionText: database, layout: version1, actor: "ann@host-a").initialize()
        var statements = labels.map { id, command, description in
            "INSERT INTO portfolio.undo_steps (id, actor, command, description, at) VALUES (\(id), 'ann@host-a', '\(command)', '\(description.replacingOccurrences(of: "'", with: "''"))', \(id * 100))"
        }
        statements += rows.map { $0.replacingOccurrences(of: "INSERT INTO ", with: "INSERT INTO portfolio.") } + steps("portfolio.")
        statements += [
            "INSERT INTO portfolio.undo_steps (id, actor, command, description, at) VALUES (6, 'bob@host-b', 'update', 'update ''ISA'' to £1,600.00', 600)",
            "INSERT INTO portfolio.updates (id, account_id, at, value) VALUES (4, 1, 5000, 160000)",
            "UPDATE portfolio.accounts SET update_count = 3 WHERE id = 1",
            "INSERT INTO portfolio.undo_accounts (step_id, id, name, currency, created_at, closed_at, update_count) VALUES (6, 1, 'ISA', 'GBP', 1000, NULL, 2)",
            """
            INSERT INTO portfolio.undo_created (step_id, table_name, first_id, last_id) VALUES
                (1, 'accounts', 1, 1), (1, 'updates', 1, 1), (2, 'updates', 2, 2), (3, 'contributions', 1, 1), (5, 'goals', 1, 1), (6, 'updates', 4, 4)
            """,
            "INSERT INTO portfolio.undo_touches (step_id, item) VALUES (1, 'a1'), (2, 'a1'), (3, 'a1'), (4, 'a2'), (5, 'tGBP'), (6, 'a1')",
            """
            INSERT INTO portfolio.last_changes (item, actor, step_id) VALUES
                ('a1', 'ann@host-a', 3), ('a2', 'ann@host-a', 4), ('tGBP', 'ann@host-a', 5), ('a1', 'bob@host-b', 6)
            """,
            "SELECT setval(pg_get_serial_sequence('portfolio.accounts', 'id'), 2)",
            "SELECT setval(pg_get_serial_sequence('portfolio.updates', 'id'), 4)",
            "SELECT setval(pg_get_serial_sequence('portfolio.contributions', 'id'), 2)",
            "SELECT setval(pg_get_serial_sequence('portfolio.goals', 'id'), 2)",
            "SELECT setval(pg_get_serial_sequence('portfolio.undo_steps', 'id'), 6)",
        ]
        for statement in statements { _ = try sharedCluster().execute(statement, on: database) }
    }

    /// What the store holds once every step is undone: 'Gone' as it was before step 4.
    static let emptied = "Gone 2 GBP 500 open count 1 | update 3 500 20000 | contribution 2 600 -100 | goal 2 of 2 GBP 500000 by 4000"

    /// Every row the store holds, in one line.
    static func remains(_ repository: any PortfolioRepository) throws -> String {
        var parts: [String] = []
        for account in try repository.accounts() {
            parts.append("\(account.name) \(account.id) \(account.currency.code) \(account.createdAt) \(account.closedAt.map(String.init) ?? "open")"
                         + " count \(try repository.updateCount(of: account))")
            parts += try repository.updates(of: account).map { "update \($0.id) \($0.at) \($0.value)" }
            parts += try repository.contributions(of: account).map { "contribution \($0.id) \($0.at) \($0.amount)" }
        }
        parts += try repository.goals().map {
            "goal \($0.id) of \($0.accountID.map(String.init) ?? "total") \($0.currency.code) \($0.amount) by \($0.by.map(String.init) ?? "-")"
        }
        return parts.joined(separator: " | ")
    }

    /// Undoes Ann's steps from 5 down to `through`, checking what each said it did.
    static func undo(_ portfolio: Portfolio, from first: Int, through last: Int) throws {
        let effects = [1: "1 account and 1 update removed", 2: "1 update removed", 3: "1 deposit or withdrawal removed",
                       4: "1 account and 1 update and 1 deposit or withdrawal restored"]
        for id in stride(from: first, through: last, by: -1) {
            let outcome = try portfolio.undo()
            let (_, command, description) = labels[id - 1]
            #expect(outcome.step == UndoStep(id: Int64(id), command: command, description: description, at: Int64(id * 100)), "step \(id)")
            #expect(outcome.effect == effects[id], "step \(id): \(String(describing: outcome.effect))")
        }
    }

    @Test func aVersion3SQLiteStoreKeepsItsUndoHistory() throws {
        let folder = NSTemporaryDirectory() + "portfolio-migration-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/p.sqlite"
        try Self.makeSQLiteVersion3(path)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))

        // Read as before, migrated only in memory.
        let reader = try SQLitePortfolioRepository(path: path, access: .read, mustExist: true)
        #expect(try reader.latestUndoStep() == UndoStep(id: 5, command: "goal", description: "goal for the GBP total £90,000.00", at: 500))
        reader.close()
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)

        let store = try SQLitePortfolioRepository(path: path, access: .write(createFolders: false))
        defer { store.close() }
        try Self.undo(Portfolio(repository: store), from: 5, through: 1)
        #expect(throws: PortfolioError.nothingToUndo) { try store.undoLatest() }
        #expect(try Self.remains(store) == Self.emptied)
        #expect(try store.database.scalarInteger("PRAGMA user_version") == 5)
        #expect(try store.database.scalarInteger("SELECT count(*) FROM sqlite_master WHERE name LIKE 'undo%'") == 0)
        #expect(try store.database.storedSchemaMatches(SQLitePortfolioRepository.schema, atVersion: 5), "a migrated store takes the fast check")
    }

    @Test(.enabled(if: PostgresTestCluster.shouldRun, PostgresTestCluster.skipReason))
    func aVersion1PostgresStoreKeepsItsUndoHistoryPerActor() throws {
        let database = try sharedCluster().newDatabase("portfolio")
        try Self.makePostgresVersion1(database)
        // A role given reading and writing by `db init --grant` before the move keeps them on the journal.
        let clerk = "clerk_\(UInt32.random(in: 0...UInt32.max))"
        for statement in ["CREATE ROLE \(clerk) LOGIN", "GRANT USAGE ON SCHEMA portfolio TO \(clerk)",
                          "GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA portfolio TO \(clerk)",
                          "GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA portfolio TO \(clerk)"] {
            _ = try sharedCluster().execute(statement, on: database)
        }
        let ann = Portfolio(repository: PostgresPortfolioRepository(connectionText: database, actor: "ann@host-a"))
        let bob = Portfolio(repository: PostgresPortfolioRepository(connectionText: database, actor: "bob@host-b"))
        #expect(try ann.undoPreview() == UndoStep(id: 5, command: "goal", description: "goal for the GBP total £90,000.00", at: 500))
        #expect(try bob.undoPreview().description == "update 'ISA' to £1,600.00")

        try Self.undo(ann, from: 5, through: 4)
        // Bob's later change of 'ISA' was carried over as a touch of it: Ann's deposit stays.
        #expect(throws: PortfolioError.undoConflict(description: "deposit £5.00 into 'ISA'", actor: "bob@host-b")) { try ann.undo() }
        #expect(try bob.undo().effect == "1 update removed")
        #expect(throws: PortfolioError.nothingToUndo) { try bob.undo() }
        try Self.undo(ann, from: 3, through: 1)
        #expect(throws: PortfolioError.nothingToUndo) { try ann.undo() }
        #expect(try Self.remains(ann.repository) == Self.emptied)
        #expect(try sharedCluster().execute(
            "SELECT count(*) FROM pg_tables WHERE schemaname = 'portfolio' AND (tablename LIKE 'undo%' OR tablename = 'last_changes')",
            on: database).first?.integer(0) == 0)
        // New steps take ids after the old ones.
        try ann.add("New", "1", at: 7000)
        #expect(try ann.undoPreview().id > 6)
        #expect(database.contains("user=postgres"))
        let carol = Portfolio(repository: PostgresPortfolioRepository(
            connectionText: database.replacingOccurrences(of: "user=postgres", with: "user=\(clerk)"), actor: "carol@host-c"))
        try carol.add("Carol's", "2", at: 8000)
        #expect(try carol.undo().step.description == "add 'Carol's'")
    }
}
