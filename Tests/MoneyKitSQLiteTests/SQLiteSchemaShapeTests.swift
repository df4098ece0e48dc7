// The pinned shape (issue 28, start-up): a store of ours at the newest version whose
// sqlite_master matches the pin opens without the schema being rebuilt; anything added to
// it changes the fingerprint, so the slower checks still see it and refuse it; a pin that
// does not match never refuses a store by itself.

import MoneyKitPlatform
import MoneyKitStorage
@testable import MoneyKitSQLite
import Testing

@Suite("SQLite: the pinned schema shape")
struct SQLiteSchemaShapeTests {
    /// `testSchema` with its shape pinned.
    static func pinned() throws -> SQLiteSchema {
        SQLiteSchema(name: testSchema.name, applicationID: testSchema.applicationID, migrations: testSchema.migrations,
                     shape: try SQLiteSchemaShape.built(testSchema))
    }

    @Test func aStoreOfOursHasTheShapeItsMigrationsBuild() throws {
        let scratch = try Scratch()
        let path = scratch.path("c.db")
        try makeStore(path, rows: 5)
        let database = try SQLiteDatabase.open(path, schema: try Self.pinned(), access: .read)
        defer { database.close() }
        let shape = try SQLiteSchemaShape.of(database)
        #expect(shape == (try SQLiteSchemaShape.built(testSchema)), "rows do not change the shape")
        #expect(shape.version == 1 && shape.objects == 2, "\(shape)")
    }

    @Test("an object added changes the shape, and the store is still refused", arguments: SQLiteForeignStoreTests.additions)
    func anAddedObjectChangesTheShape(addition: String) throws {
        let scratch = try Scratch()
        let path = scratch.path("c.db")
        try makeStore(path, thenRaw: addition)
        let schema = try Self.pinned()
        for access in [SQLiteAccess.read, .write(createFolders: false)] {
            let error = storeError { _ = try SQLiteDatabase.open(path, schema: schema, access: access).close() }
            guard case .corrupt(_, let reason)? = error else {
                Issue.record("\(access): expected corrupt, got \(String(describing: error))")
                continue
            }
            #expect(reason.contains("not ours"), "\(reason)")
        }
    }

    @Test func aTableWrittenOtherwiseHasAnotherShape() throws {
        let other = SQLiteSchema(name: "t", applicationID: 1, migrations: [
            "CREATE TABLE counters (name TEXT PRIMARY KEY, value INTEGER NOT NULL );\nCREATE INDEX counters_by_value ON counters(value);",
        ])
        #expect(try SQLiteSchemaShape.built(other) != (try SQLiteSchemaShape.built(testSchema)), "one space more in a table's text")
    }

    @Test func aPinThatDiffersRefusesNothing() throws {
        let scratch = try Scratch()
        let path = scratch.path("c.db")
        try makeStore(path)
        let built = try SQLiteSchemaShape.built(testSchema)
        let wrong = SQLiteSchema(name: testSchema.name, applicationID: testSchema.applicationID, migrations: testSchema.migrations,
                                 shape: SQLiteSchemaShape(version: built.version, objects: built.objects, hash: built.hash ^ 1))
        let database = try SQLiteDatabase.open(path, schema: wrong, access: .write(createFolders: false))
        defer { database.close() }
        #expect(try database.scalarInteger("SELECT count(*) FROM counters") == 3)
    }

    @Test func aStoreWithThePinnedShapeIsTakenWithoutRebuildingTheMigrations() throws {
        // A schema whose migrations build another table than the store's, but whose pin is
        // the store's shape: the pin is what decides, so the migrations are never run.
        let scratch = try Scratch()
        let path = scratch.path("c.db")
        try makeStore(path)
        let changed = ["CREATE TABLE counters (name TEXT PRIMARY KEY, value INTEGER NOT NULL, extra TEXT);"]
        let unpinned = SQLiteSchema(name: testSchema.name, applicationID: testSchema.applicationID, migrations: changed)
        let refused = storeError { _ = try SQLiteDatabase.open(path, schema: unpinned, access: .read).close() }
        guard case .corrupt? = refused else {
            Issue.record("without the pin the long check refuses it, got \(String(describing: refused))")
            return
        }
        let pinned = SQLiteSchema(name: testSchema.name, applicationID: testSchema.applicationID, migrations: changed,
                                  shape: try SQLiteSchemaShape.built(testSchema))
        let database = try SQLiteDatabase.open(path, schema: pinned, access: .read)
        defer { database.close() }
        #expect(try database.scalarInteger("SELECT count(*) FROM counters") == 3)
    }

    @Test func aShapeReadsAsTheSourceThatPinsIt() {
        let shape = SQLiteSchemaShape(version: 6, objects: 9, hash: 0xAB)
        #expect(shape.description == "SQLiteSchemaShape(version: 6, objects: 9, hash: 0x00000000000000ab)")
    }
}
