// Schema 1 to 2 (the shared undo journal) on both SQL backends: a store an older tally
// wrote, with counters, tags, a log and three undo steps, reads as before (a read
// migrates nothing), and its first change carries every undo step over: undo then walks
// back exactly what the older tally would have, and no counter or event is lost.

import Foundation
import MoneyKitPostgres
import MoneyKitSQLite
import PostgresTestSupport
import Testing
import TallyKit
@testable import TallyPostgres
@testable import TallySQLite

@Suite(.postgresCluster)
struct TallyMigrationTests {
    /// A schema-1 SQLite store: a (count 1, tags x, y), b removed by the newest step.
    static func makeSQLiteVersion1(_ path: String) throws {
        let version1 = SQLiteSchema(name: "a tally database", applicationID: 0x4D4B_5441, migrations: [SQLiteTallySchema.migrations[0]])
        let database = try SQLiteDatabase.open(path, schema: version1, access: .write(createFolders: false))
        defer { database.close() }
        try database.execute("""
            BEGIN;
            INSERT INTO meta VALUES ('next_serial', 3), ('match_key_rule', 2);
            INSERT INTO counters VALUES (1, 'a', 'a', 1, 0, 1, 0, '2026-11-01T10:00:00Z', '2026-11-02T10:00:00Z', NULL, NULL, NULL);
            INSERT INTO counter_tags VALUES (1, 0, 'x'), (1, 1, 'y');
            INSERT INTO changes VALUES (4, 'new a', 100, 3, NULL), (5, 'inc a', 200, 4, NULL), (6, 'rm b', 300, 5, NULL);
            INSERT INTO undo_rows (change_id, serial, existed) VALUES (4, 1, 0);
            INSERT INTO undo_rows VALUES (5, 1, 1, 'a', 0, 0, 1, 0, '2026-11-01T10:00:00Z', NULL, NULL, NULL, NULL, 'x' || char(10) || 'y');
            INSERT INTO undo_rows VALUES (6, 2, 1, 'b', 7, 0, 2, 1, '2026-10-01T10:00:00Z', '2026-10-02T10:00:00Z', 10, 0, 50, 'p' || char(10) || 'q');
            INSERT INTO events (id, change_id, serial, at, kind, count_before, count_after) VALUES
                (1, 2, 2, 1000, 'new', 0, 0), (2, 3, 2, 2000, 'inc', 0, 7), (3, 4, 1, 100000, 'new', 0, 0),
                (4, 5, 1, 200000, 'inc', 0, 1), (5, 6, 2, 300000, 'rm', 7, 7);
            COMMIT;
            """)
    }

    /// The same store in a schema-1 PostgreSQL database, the steps Ann's.
    static func makePostgresVersion1(_ database: String) throws {
        let version1 = PostgresSchemaLayout(schema: "tally", tool: "tally", migrations: [PostgresTallySchema.migrations[0]])
        try PostgresStore(connectionText: database, layout: version1, actor: "ann@door-1").initialize()
        for statement in [
            "UPDATE tally.meta SET value = 3 WHERE key = 'next_serial'",
            "INSERT INTO tally.meta VALUES ('match_key_rule', 2)",
            "INSERT INTO tally.counters VALUES (1, 'a', 'a', 1, 0, 1, false, '2026-11-01T10:00:00Z', '2026-11-02T10:00:00Z', NULL, NULL, NULL, '{x,y}', 5)",
            "INSERT INTO tally.changes VALUES (4, 'new a', 100, 'ann@door-1'), (5, 'inc a', 200, 'ann@door-1'), (6, 'rm b', 300, 'ann@door-1')",
            "INSERT INTO tally.undo_rows (change_id, serial, existed) VALUES (4, 1, false)",
            "INSERT INTO tally.undo_rows VALUES (5, 1, true, false, 'a', 0, 0, 1, false, '2026-11-01T10:00:00Z', NULL, NULL, NULL, NULL, '{x,y}', 4)",
            "INSERT INTO tally.undo_rows VALUES (6, 2, true, true, 'b', 7, 0, 2, true, '2026-10-01T10:00:00Z', '2026-10-02T10:00:00Z', 10, 0, 50, '{p,q}', 3)",
            """
            INSERT INTO tally.events (id, change_id, serial, at, kind, count_before, count_after, actor) VALUES
                (1, 2, 2, 1000, 'new', 0, 0, 'ann@door-1'), (2, 3, 2, 2000, 'inc', 0, 7, 'ann@door-1'),
                (3, 4, 1, 100000, 'new', 0, 0, 'ann@door-1'), (4, 5, 1, 200000, 'inc', 0, 1, 'ann@door-1'),
                (5, 6, 2, 300000, 'rm', 7, 7, 'ann@door-1')
            """,
            "SELECT setval(pg_get_serial_sequence('tally.events', 'id'), 5)",
        ] {
            _ = try sharedCluster().execute(statement, on: database)
        }
    }

    @Test(arguments: [TallyBackend.sqlite, .postgres])
    func aVersion1StoreKeepsItsDataAndItsUndoHistory(backend: TallyBackend) throws {
        guard backend == .sqlite || PostgresTestCluster.shouldRun else { return }
        let folder = try TemporaryFolder()
        let repository: any TallyRepository
        if backend == .sqlite {
            try Self.makeSQLiteVersion1(folder.path + "/t.db")
            repository = SQLiteTallyRepository(paths: TallyStorePaths(path: folder.path + "/t.db", isDefault: false), actor: "ann@door-1")
        } else {
            let database = try sharedCluster().newDatabase("tally")
            try Self.makePostgresVersion1(database)
            repository = PostgresTallyRepository(connectionText: database, actor: "ann@door-1")
        }
        let tally = Tally(repository: repository, now: { testNow })
        // Read as before.
        let a = try tally.counter(named: "a")
        #expect(a.count == 1 && a.tags == ["x", "y"] && a.serial == 1)
        #expect(try repository.read { try $0.latestChange() } == TallyChangeGroup(action: "rm b", names: ["b"]))
        #expect(try repository.read { try $0.allEvents().map(\.id) } == [1, 2, 3, 4, 5])
        // The undo history carried over: b comes back whole, with its log.
        #expect(try tally.undo() == "rm b")
        let b = try tally.counter(named: "b")
        #expect(b.count == 7 && b.step == 2 && b.pinned && b.goal == 10 && b.minimum == 0 && b.maximum == 50)
        #expect(b.tags == ["p", "q"] && b.created == "2026-10-01T10:00:00Z" && b.updated == "2026-10-02T10:00:00Z")
        #expect(try repository.read { try $0.events(of: 2, from: nil, through: nil).map(\.kind) } == [.new, .inc])
        // A change after the move takes a step of its own (its id above every older one).
        try tally.increment("a")
        #expect(try tally.undo() == "inc a")
        #expect(try tally.counter(named: "a").count == 1)
        #expect(try tally.undo() == "inc a")
        #expect(try tally.counter(named: "a").count == 0 && tally.counter(named: "a").tags == ["x", "y"])
        #expect(try tally.undo() == "new a")
        #expect(tallyError { _ = try tally.counter(named: "a") } == .notFound("a", known: ["b"]))
        #expect(tallyError { _ = try tally.undo() } == .nothingToUndo)
        // Counters and events of steps that were not undone are all there.
        #expect(try repository.read { try $0.allEvents().map(\.id) } == [1, 2])
        #expect(try repository.read { try $0.nextFreeSerial() } == 3)
    }

    /// A role given the everyday rights before the move keeps them on the journal.
    @Test func aRoleGrantedBeforeTheMoveMayUseTheJournal() throws {
        guard PostgresTestCluster.shouldRun else { return }
        let database = try sharedCluster().newDatabase("tally")
        try Self.makePostgresVersion1(database)
        let role = "clerk_\(UInt32.random(in: 0...UInt32.max))"
        let reader = "reader_\(UInt32.random(in: 0...UInt32.max))"
        _ = try sharedCluster().execute("CREATE ROLE \(role)", on: database)
        _ = try sharedCluster().execute("CREATE ROLE \(reader)", on: database)
        let version1 = PostgresSchemaLayout(schema: "tally", tool: "tally", migrations: [PostgresTallySchema.migrations[0]])
        let store = PostgresStore(connectionText: database, layout: version1, actor: "ann@door-1")
        _ = try store.initializeReporting(granting: .role(role), readOnly: false)
        _ = try store.initializeReporting(granting: .role(reader), readOnly: true)
        _ = try PostgresTallyRepository(connectionText: database, actor: "ann@door-1").initialize()
        let rights = try sharedCluster().execute("""
            SELECT has_table_privilege('\(role)', 'tally.journal_steps', 'INSERT'), has_table_privilege('\(role)', 'tally.journal_records', 'DELETE'),
                has_sequence_privilege('\(role)', pg_get_serial_sequence('tally.journal_steps', 'id'), 'USAGE'),
                has_table_privilege('\(reader)', 'tally.journal_records', 'SELECT'), has_table_privilege('\(reader)', 'tally.journal_steps', 'INSERT')
            """, on: database)
        #expect(rights.first?.values == ["t", "t", "t", "t", "f"])
    }
}
