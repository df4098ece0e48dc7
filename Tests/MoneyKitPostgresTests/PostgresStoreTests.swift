// The shared store layer against a real server: the schema made once however many
// clients start at once, newer and foreign schemas refused untouched, a role without DDL
// rights told to run `TOOL db init`, and each change carrying its id.

import MoneyKitPlatform
import MoneyKitStorage
import PostgresTestSupport
import Testing
@testable import MoneyKitPostgres

@Suite(.postgresCluster, .enabled(if: PostgresTestCluster.shouldRun, PostgresTestCluster.skipReason))
struct PostgresStoreTests {
    let layout = PostgresSchemaLayout(
        schema: "demo", tool: "demo",
        migrations: [["CREATE TABLE demo.items (name text PRIMARY KEY, amount bigint NOT NULL)"]])

    @Test func aFirstChangeMakesTheTablesAndRecordsItsId() throws {
        let database = try sharedCluster().newDatabase()
        let store = PostgresStore(connectionText: database, layout: layout, actor: "ann@till-1")
        let empty = try store.read { _, hasTables in hasTables }
        #expect(empty == false)
        let id = try store.change { connection, change in
            try connection.execute("INSERT INTO demo.items VALUES ('a', 5)")
            return change.id.text
        }
        let rows = try sharedCluster().execute("SELECT id, actor FROM demo.applied_changes", on: database)
        #expect(rows.map { $0.values } == [[id, "ann@till-1"]])
        #expect(try store.read { connection, hasTables in hasTables ? try connection.scalarInteger("SELECT amount FROM demo.items") : nil } == 5)
    }

    @Test func readingCreatesNothing() throws {
        let database = try sharedCluster().newDatabase()
        _ = try PostgresStore(connectionText: database, layout: layout, actor: "ann@till-1").read { _, _ in 0 }
        let schemas = try sharedCluster().execute("SELECT count(*) FROM pg_namespace WHERE nspname = 'demo'", on: database)
        #expect(schemas.first?.text(0) == "0")
    }

    @Test func clientsStartingAtOnceMigrateOnce() async throws {
        let database = try sharedCluster().newDatabase()
        let layout = self.layout
        try await withThrowingTaskGroup(of: Int?.self) { group in
            for _ in 0..<6 {
                group.addTask { try PostgresStore(connectionText: database, layout: layout, actor: "ann@till-1").initialize().before }
            }
            var befores: [Int?] = []
            for try await before in group { befores.append(before) }
            // Exactly one client found no tables; the others waited for its lock.
            #expect(befores.filter { $0 == nil }.count == 1)
            #expect(befores.filter { $0 == 1 }.count == 5)
        }
    }

    @Test func aNewerSchemaIsRefusedUntouched() throws {
        let database = try sharedCluster().newDatabase()
        try PostgresStore(connectionText: database, layout: layout, actor: "ann@till-1").initialize()
        try sharedCluster().execute("UPDATE demo.schema_version SET version = 7", on: database)
        #expect(throws: StoreError.self) { try PostgresStore(connectionText: database, layout: layout, actor: "ann@till-1").change { _, _ in } }
        do {
            try PostgresStore(connectionText: database, layout: layout, actor: "ann@till-1").change { _, _ in }
        } catch let error as StoreError {
            guard case .newerVersion(_, 7, 1) = error else { Issue.record("expected newerVersion, got \(error)"); return }
        }
        let version = try sharedCluster().execute("SELECT version FROM demo.schema_version", on: database)
        #expect(version.first?.text(0) == "7")
    }

    @Test func aSchemaOfAnotherProgramIsForeign() throws {
        let database = try sharedCluster().newDatabase()
        try sharedCluster().execute("CREATE SCHEMA demo", on: database)
        try sharedCluster().execute("CREATE TABLE demo.theirs (x int)", on: database)
        do {
            try PostgresStore(connectionText: database, layout: layout, actor: "ann@till-1").change { _, _ in }
            Issue.record("a foreign schema was adopted")
        } catch let error as StoreError {
            guard case .foreign = error else { Issue.record("expected foreign, got \(error)"); return }
        }
        let tables = try sharedCluster().execute(
            "SELECT count(*) FROM pg_tables WHERE schemaname = 'demo'", on: database)
        #expect(tables.first?.text(0) == "1")
    }

    @Test func aRoleWithoutDDLRightsIsToldToRunDbInit() throws {
        let cluster = try sharedCluster()
        let database = try cluster.newDatabase()
        // Roles are the cluster's, which every suite of the test run shares: names of this test's own.
        let clerkRole = "clerk_\(UInt32.random(in: 0...UInt32.max))"
        let auditorRole = "auditor_\(UInt32.random(in: 0...UInt32.max))"
        try cluster.execute("CREATE ROLE \(clerkRole) LOGIN", on: database)
        try cluster.execute("REVOKE CREATE ON SCHEMA public FROM PUBLIC", on: database)
        let clerk = database.replacingOccurrences(of: "user=postgres", with: "user=\(clerkRole)")
        do {
            try PostgresStore(connectionText: clerk, layout: layout, actor: "ann@till-1").change { _, _ in }
            Issue.record("the clerk made tables")
        } catch let error as StoreError {
            guard case .cannotCreate(_, let reason) = error else { Issue.record("expected cannotCreate, got \(error)"); return }
            #expect(reason.contains("demo db init"))
        }
        // The owner initialises and grants; the clerk's everyday change then works.
        let owner = PostgresStore(connectionText: database, layout: layout, actor: "ann@till-1")
        try owner.initialize()
        try owner.grant(to: .role(clerkRole), readOnly: false)
        try PostgresStore(connectionText: clerk, layout: layout, actor: "ann@till-1").change { connection, _ in
            try connection.execute("INSERT INTO demo.items VALUES ('b', 1)")
        }
        // A reader may read but not change.
        try cluster.execute("CREATE ROLE \(auditorRole) LOGIN", on: database)
        try owner.grant(to: .role(auditorRole), readOnly: true)
        let auditor = database.replacingOccurrences(of: "user=postgres", with: "user=\(auditorRole)")
        #expect(try PostgresStore(connectionText: auditor, layout: layout, actor: "ann@till-1").read { c, _ in try c.scalarInteger("SELECT count(*) FROM demo.items") } == 1)
        #expect(throws: StoreError.self) {
            try PostgresStore(connectionText: auditor, layout: layout, actor: "ann@till-1").change { _, _ in }
        }
    }

    @Test func storeTextsThatNamePostgres() {
        for text in ["postgresql://h/db", "POSTGRES://h", "host=/tmp dbname=x", " dbname = shop", "service=shop"] {
            #expect(PostgresConnectionText.isConnection(text), "\(text)")
        }
        for text in ["counters.db", "./host=x", "/tmp/host=x", "hostess=1", "my till", "", "=x", "host"] {
            #expect(!PostgresConnectionText.isConnection(text), "\(text)")
        }
    }

    @Test func changeIdsAreRandomHex() {
        let ids = Set((0..<100).map { _ in PostgresChangeID().text })
        #expect(ids.count == 100)
        #expect(ids.allSatisfy { $0.count == 32 && $0.allSatisfy { $0.isHexDigit && !$0.isUppercase } })
    }
}

/// A setting with a value libpq does not know is a bad connection string (78), found
/// before any connection is tried: no server is needed.
struct PostgresSettingValueTests {
    @Test(arguments: [
        ("host=/nonexistent sslmode=verify_full password=hunter2", "sslmode is 'verify_full'"),
        ("postgresql://ann:hunter2@db.invalid/shop?sslmode=strict", "sslmode is 'strict'"),
        ("host=/nonexistent target_session_attrs=writable", "target_session_attrs is 'writable'"),
    ])
    func anUnknownValueIsABadConnectionString(text: String, named: String) {
        do {
            let connection = try PostgresConnection.open(text)
            connection.close()
            Issue.record("opened \(text)")
        } catch {
            guard case .badConnection(let shown, let reason) = error else {
                Issue.record("expected badConnection, got \(error)")
                return
            }
            #expect(reason.hasPrefix(named), "\(reason)")
            #expect(reason.contains("verify-full") || reason.contains("read-write"), "\(reason)")
            #expect(!shown.contains("hunter2") && !reason.contains("hunter2"))
        }
    }

    @Test func knownValuesPassTheCheck() {
        // Reaches the connection attempt (nothing listens there): unavailable, not bad.
        do {
            let connection = try PostgresConnection.open("host=/nonexistent-moneykit sslmode=disable target_session_attrs=any connect_timeout=1")
            connection.close()
        } catch {
            guard case .unavailable = error else { Issue.record("expected unavailable, got \(error)"); return }
        }
    }
}
