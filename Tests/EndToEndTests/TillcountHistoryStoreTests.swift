// tillcount's database (the history and, from the first change, the live counts) opened
// as portfolio's is: reads never create or change it, another program's database is
// refused (65), an explicit --db needs its folder.

import Foundation
import Testing

@Suite struct TillcountHistoryStoreTests {
    static func bytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }
    static func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

    /// A sandbox with a live count worth saving and no history database yet: the count is
    /// a live count file of an older tillcount, which the first change takes over into the
    /// database (a change made here would make the database).
    static func counted() throws -> TillcountSandbox {
        let till = try TillcountSandbox()
        try till.writeState(#"{"format": "tillcount-state", "version": 4, "content": {"currency": "GBP", "float": "0.00", "lines": [{"kind": "note", "value": "20.00", "quantity": 3}], "notes": [], "updated": null, "undo": [], "purge": []}}"# + "\n")
        #expect(!exists(till.dbPath))
        return till
    }

    @Test func readsOfAMissingHistoryCreateNothing() throws {
        let till = try Self.counted()
        // A history the user named (TILLCOUNT_DB) that is not there: 66, naming it (issue 26, item 36).
        for arguments in [["history"], ["history", "--format", "json"], ["history", "export"]] {
            let read = try till.run(arguments)
            #expect(read.status == 66, "\(arguments): \(read.stderr)")
            #expect(read.stderr.contains("\(till.dbPath): there is no such file"), "\(arguments): \(read.stderr)")
        }
        #expect(try till.run("history", "show", "1").status == 66)
        #expect(try till.run("history", "rm", "1", "--force").status == 66)
        #expect(try till.run("resume", "1", "--force").status == 66)
        #expect(!Self.exists(till.dbPath), "a read or a failed change made a database")
        // The first save creates it, marked as tillcount's.
        try till.ok("save")
        let header = try #require(Self.bytes(till.dbPath))
        #expect(Array(header[68..<72]) == [0x4D, 0x4B, 0x54, 0x43], "PRAGMA application_id in the header")
    }

    @Test(.enabled(if: SQLiteShell.available, "needs /usr/bin/sqlite3"))
    func anotherProgramsDatabaseIsRefusedAndLeftAlone() throws {
        let till = try Self.counted()
        _ = try SQLiteShell.query(till.dbPath, "CREATE TABLE photos (id INTEGER PRIMARY KEY, file TEXT); PRAGMA user_version = 1;")
        let before = try #require(Self.bytes(till.dbPath))
        for arguments in [["history"], ["history", "show", "1"], ["save"], ["history", "rm", "1", "--force"], ["resume", "1", "--force"]] {
            let result = try till.run(arguments)
            #expect(result.status == 65, "\(arguments): \(result.status) \(result.stderr)")
            #expect(result.stderr.contains("not a tillcount history"), "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains(till.dbPath))
        }
        #expect(Self.bytes(till.dbPath) == before)
        #expect(try till.sqlite("PRAGMA journal_mode") == "delete")
        #expect(!Self.exists(till.dbPath + "-wal"))
    }

    @Test(.enabled(if: SQLiteShell.available, "needs /usr/bin/sqlite3"))
    func anotherSchemaAtOurVersionIsNotATillcountHistory() throws {
        let till = try Self.counted()
        _ = try SQLiteShell.query(till.dbPath, "CREATE TABLE counts (id INTEGER PRIMARY KEY, what TEXT); PRAGMA user_version = 1;")
        let before = try #require(Self.bytes(till.dbPath))
        for arguments in [["history"], ["save"]] {
            let result = try till.run(arguments)
            #expect(result.status == 65, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("not a tillcount history"), "\(result.stderr)")
            #expect(!result.stderr.contains("no such column"))
        }
        #expect(Self.bytes(till.dbPath) == before)
    }

    @Test(.enabled(if: SQLiteShell.available, "needs /usr/bin/sqlite3"))
    func aReadLeavesAHistoryOfTheLastReleaseByteForByteAndASaveMarksIt() throws {
        let till = try Self.counted()
        _ = try SQLiteShell.query(till.dbPath, """
            CREATE TABLE counts (id INTEGER PRIMARY KEY AUTOINCREMENT, saved_at TEXT NOT NULL, label TEXT, currency TEXT NOT NULL,
                total INTEGER NOT NULL, float INTEGER NOT NULL, expected INTEGER, notes TEXT NOT NULL DEFAULT '');
            CREATE TABLE count_lines (count_id INTEGER NOT NULL REFERENCES counts(id) ON DELETE CASCADE,
                kind TEXT NOT NULL CHECK (kind IN ('note', 'coin', 'roll')), value INTEGER NOT NULL, quantity INTEGER NOT NULL CHECK (quantity > 0));
            CREATE INDEX count_lines_by_count ON count_lines(count_id);
            PRAGMA user_version = 1;
            """)
        let before = try #require(Self.bytes(till.dbPath))
        // Read as if migrated (in memory, should the tool's schema be newer), never migrated.
        let read = try till.run("history", "--format", "json")
        #expect(read.status == 0 && !read.killedBySignal, "\(read.stderr)")
        #expect(read.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "[]")
        #expect(Self.bytes(till.dbPath) == before, "a read changes nothing")
        #expect(try till.sqlite("PRAGMA application_id") == "0")
        try till.ok("save")
        #expect(try till.sqlite("PRAGMA application_id") == "1296782403")
    }

    @Test func aSaveToAnExplicitDatabaseInAMissingFolderIsAClearError() throws {
        let till = try Self.counted()
        let target = till.path("nowhere/h.sqlite")
        let result = try till.run("save", "--db", target)
        #expect(result.status == 73, "\(result.stderr)")
        #expect(result.stderr.contains("does not exist"), "\(result.stderr)")
        #expect(!Self.exists(till.path("nowhere")))
    }
}
