// Stores we did not make (issue 26 items 18 and 20): a trigger, a view or an index added to
// a store of ours is refused, for reading and writing, and the file left byte-identical;
// a connection fires no trigger whatever is in the file; another program's WAL database is
// refused without its -wal being folded in or removed.

import Foundation
import MoneyKitPlatform
import MoneyKitStorage
@testable import MoneyKitSQLite
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("SQLite: objects we did not make")
struct SQLiteForeignStoreTests {
    static let additions = [
        "CREATE TRIGGER plus_thousand AFTER UPDATE OF value ON counters BEGIN UPDATE counters SET value = value + 1000 WHERE name = new.name; END",
        "CREATE TRIGGER on_insert AFTER INSERT ON counters BEGIN SELECT 1; END",
        "CREATE VIEW everything AS SELECT * FROM counters",
        "CREATE INDEX extra ON counters(name, value)",
        "CREATE UNIQUE INDEX counters_unique_value ON counters(value)",
    ]

    @Test("an object added to a store of ours is refused untouched", arguments: additions)
    func anAddedObjectIsRefused(addition: String) throws {
        let scratch = try Scratch()
        let path = scratch.path("c.db")
        try makeStore(path, thenRaw: addition)
        let before = scratch.bytes("c.db")
        for access in [SQLiteAccess.read, .change, .write(createFolders: false)] {
            let error = storeError { try openAndClose(path, access) }
            guard case .corrupt(_, let reason)? = error else {
                Issue.record("\(access): expected corrupt, got \(String(describing: error))")
                continue
            }
            #expect(reason.contains("not ours"), "\(reason)")
        }
        #expect(scratch.bytes("c.db") == before)
        #expect(scratch.names() == ["c.db"], "no -wal or -shm left beside it")
    }

    @Test func theSameObjectsInAnUnmarkedFileMakeItAnotherProgramsFile() throws {
        let scratch = try Scratch()
        let path = scratch.path("c.db")
        try makeStore(path)
        let raw = try RawSQLite(path)
        try raw.execute("PRAGMA application_id = 0")
        try raw.execute(Self.additions[0])
        raw.close()
        let before = scratch.bytes("c.db")
        let error = storeError { try openAndClose(path, .write(createFolders: false)) }
        guard case .foreign(_, _, let reason)? = error else {
            Issue.record("expected foreign, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("trigger 'plus_thousand'"), "\(reason)")
        #expect(scratch.bytes("c.db") == before)
    }

    @Test func noTriggerFiresOnOurConnections() throws {
        // Defence in depth: were a trigger ever to get past the checks, it would not run.
        let scratch = try Scratch()
        let path = scratch.path("c.db")
        try makeStore(path)
        let database = try SQLiteDatabase.open(path, schema: testSchema, access: .write(createFolders: false))
        defer { database.close() }
        try database.execute(Self.additions[0])
        try database.execute("UPDATE counters SET value = 1 WHERE name = 'c0'")
        #expect(try database.scalarInteger("SELECT value FROM counters WHERE name = 'c0'") == 1)
        // And the schema is not writable through a pragma.
        #expect(throws: StoreError.self) {
            try database.execute("PRAGMA writable_schema = ON; UPDATE sqlite_master SET sql = 'x' WHERE name = 'counters'")
        }
    }

    @Test func ourStoresStillOpenAndUnmarkedOnesOfOursAreAdopted() throws {
        let scratch = try Scratch()
        let path = scratch.path("c.db")
        try makeStore(path)
        try openAndClose(path, .read)
        try openAndClose(path, .write(createFolders: false))
        // A store of a release before the mark: our tables, no id; marked on its first write.
        let raw = try RawSQLite(path)
        try raw.execute("PRAGMA application_id = 0")
        raw.close()
        try openAndClose(path, .read)
        #expect(try RawSQLite(path).integer("PRAGMA application_id") == 0, "a read marks nothing")
        try openAndClose(path, .write(createFolders: false))
        #expect(try RawSQLite(path).integer("PRAGMA application_id") == Int64(testSchema.applicationID))
    }

    /// Another program's WAL database, left with its last changes in its -wal (as a
    /// program that exits without a checkpoint, or keeps its WAL, leaves it).
    static func foreignWALDatabase(_ path: String, applicationID: Int32) throws {
        let raw = try RawSQLite(path)
        try raw.execute("PRAGMA journal_mode = WAL; PRAGMA wal_autocheckpoint = 0; PRAGMA application_id = \(applicationID)")
        try raw.execute("CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('first')")
        try raw.execute("INSERT INTO notes VALUES ('second')")
        raw.keepWriteAheadLogOnClose()
        raw.close()
    }

    @Test("another program's WAL database is refused with its -wal and -shm as they were", arguments: [Int32(0), 0x1234_5678])
    func anotherProgramsWriteAheadLogIsLeftAlone(applicationID: Int32) throws {
        let scratch = try Scratch()
        let path = scratch.path("other.db")
        try Self.foreignWALDatabase(path, applicationID: applicationID)
        let before = ["other.db", "other.db-wal"].map { scratch.bytes($0) }
        // Whatever its modes: here readable by all, which a store of ours would not keep.
        for name in ["other.db", "other.db-wal", "other.db-shm"] { #expect(chmod(scratch.path(name), 0o644) == 0) }
        #expect(before[1]?.count ?? 0 > 32, "the -wal holds the changes")
        #expect(scratch.exists("other.db-shm"))
        for access in [SQLiteAccess.read, .change, .write(createFolders: false)] {
            let error = storeError { try openAndClose(path, access) }
            guard case .foreign(_, _, let reason)? = error else {
                Issue.record("\(access): expected foreign, got \(String(describing: error))")
                continue
            }
            #expect(applicationID == 0 ? reason.contains("notes") : reason.contains("another program"), "\(reason)")
            #expect(["other.db", "other.db-wal"].map { scratch.bytes($0) } == before, "\(access): checkpointed or changed")
            #expect(scratch.exists("other.db-shm"), "\(access): its -shm was removed")
            for name in ["other.db", "other.db-wal", "other.db-shm"] {
                #expect(try PosixFile.facts(of: scratch.path(name))?.permissions == 0o644, "\(access): \(name)'s mode changed")
            }
        }
    }
}
