// A migration that drops an index (portfolio's schema 5, issue 28): the stored SQL is still
// foretold from the migrations, so a migrated store keeps the fast schema check; and a
// schema that reads an older version as it is (`readsAsItIsFrom`) opens that file itself
// for reading, not a migrated copy in memory, changing nothing in it.

import MoneyKitPlatform
import MoneyKitStorage
@testable import MoneyKitSQLite
import Testing

@Suite("SQLite: a migration that drops an index")
struct SQLiteDroppedIndexTests {
    static let migrations = [
        """
        CREATE TABLE things (id INTEGER PRIMARY KEY, kind INTEGER NOT NULL, at INTEGER NOT NULL);
        CREATE INDEX things_by_kind ON things(kind, at);
        CREATE INDEX things_by_time ON things(at);
        """,
        "DROP INDEX things_by_time;",
    ]

    static func schema(readsAsItIsFrom: Int64? = nil, migrations: [String] = migrations) -> SQLiteSchema {
        SQLiteSchema(name: "a test store", applicationID: 0x4D4B_5458, migrations: migrations, readsAsItIsFrom: readsAsItIsFrom)
    }

    @Test func theStoredSQLLeavesTheDroppedIndexOutAndMatchesAMigratedStore() throws {
        let schema = Self.schema()
        let stored = try #require(schema.storedSQL(atVersion: 2))
        #expect(stored.count == 2)
        #expect(!stored.contains { $0.contains("things_by_time") })
        #expect(schema.storedSQL(atVersion: 1)?.count == 3)
        let scratch = try Scratch()
        let database = try SQLiteDatabase.open(scratch.path("d.db"), schema: schema, access: .write(createFolders: false))
        defer { database.close() }
        #expect(try database.storedSchemaMatches(schema, atVersion: 2))
    }

    @Test func aDropWhoseResultCannotBeForetoldTakesTheFullCheck() {
        // IF EXISTS (or any other form) is not read: nil sends a store to the full check.
        let schema = Self.schema(migrations: [Self.migrations[0], "DROP INDEX IF EXISTS things_by_time;"])
        #expect(schema.storedSQL(atVersion: 2) == nil)
        #expect(schema.storedSQL(atVersion: 1) != nil)
        let table = Self.schema(migrations: [Self.migrations[0], "DROP TABLE IF EXISTS things;"])
        #expect(table.storedSQL(atVersion: 2) == nil)
    }

    @Test func onlyVersionsBeforeTheOneReadAsItIsComeFromAMigratedCopy() {
        let asItIs = Self.schema(readsAsItIsFrom: 1)
        #expect(asItIs.readsFromMigratedCopy(at: 0))
        #expect(!asItIs.readsFromMigratedCopy(at: 1))
        #expect(!asItIs.readsFromMigratedCopy(at: 2))
        let copied = Self.schema()
        #expect(copied.readsFromMigratedCopy(at: 1))
        #expect(!copied.readsFromMigratedCopy(at: 2))
        // A version past the newest is never "as it is" by mistake.
        #expect(Self.schema(readsAsItIsFrom: 9).readsFromMigratedCopy(at: 1))
    }

    @Test func aVersionReadAsItIsOpensTheFileItselfAndChangesNothing() throws {
        let scratch = try Scratch()
        let path = scratch.path("old.db")
        let version1 = SQLiteSchema(name: "a test store", applicationID: 0x4D4B_5458, migrations: Array(Self.migrations.prefix(1)))
        let old = try SQLiteDatabase.open(path, schema: version1, access: .write(createFolders: false))
        try old.execute("INSERT INTO things (kind, at) VALUES (1, 10), (2, 20)")
        old.close()
        let bytes = scratch.bytes("old.db")
        for (schema, indexes) in [(Self.schema(readsAsItIsFrom: 1), Int64(1)), (Self.schema(), 0)] {
            let reader = try SQLiteDatabase.open(path, schema: schema, access: .read)
            // Read as it is: the file's own index is there; from a migrated copy it is gone.
            let found = try reader.scalarInteger("SELECT count(*) FROM sqlite_master WHERE name = 'things_by_time'")
            #expect(found == indexes, "\(schema.readsAsItIsFrom.map(String.init) ?? "no") as it is")
            #expect(try reader.scalarInteger("SELECT count(*) FROM things") == 2)
            reader.close()
            #expect(scratch.bytes("old.db") == bytes)
        }
    }
}
