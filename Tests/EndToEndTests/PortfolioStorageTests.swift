// portfolio's SQLite file: where it is created and how, the schema version, and what
// happens with a corrupt database or one from a newer version.

import Foundation
import Testing

@Suite struct PortfolioStorageTests {
    /// The bytes of a file.
    static func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    /// Writes a big-endian 32-bit number into a file at `offset` (SQLite header fields).
    static func patch(_ path: String, offset: Int, _ values: [UInt8]) throws {
        var data = try bytes(path)
        for (index, value) in values.enumerated() { data[offset + index] = value }
        try data.write(to: URL(fileURLWithPath: path))
    }

    @Test func theDatabaseIsCreatedUnderXDGDataHome() throws {
        let sandbox = try Sandbox()
        let result = try sandbox.run("portfolio", "add", "Saver", "1", "--date", "2025-01-01")
        #expect(result.status == 0)
        let file = sandbox.path("data/portfolio/portfolio.sqlite")
        #expect(FileManager.default.fileExists(atPath: file))
        let data = try Self.bytes(file)
        #expect(data.prefix(16) == Data("SQLite format 3\0".utf8))
        #expect(Array(data[60..<64]) == [0, 0, 0, 5], "PRAGMA user_version 5 in the header")
        let attributes = try FileManager.default.attributesOfItem(atPath: file)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let folder = try FileManager.default.attributesOfItem(atPath: sandbox.path("data/portfolio"))
        #expect((folder[.posixPermissions] as? Int) == 0o700)
        #expect(try sandbox.run("portfolio", "list", "--names").stdout == "Saver\n")
    }

    @Test(.enabled(if: SQLiteShell.available, "needs /usr/bin/sqlite3"))
    func theSchemaIsVersionFiveWithAccountsUpdatesContributionsGoalsAndTheUndoJournal() throws {
        let box = try PortfolioBox()
        try box.ok("add", "Saver", "12.34", "--date", "2025-07-27T14:30:00+02:00")
        #expect(try box.sqlite("PRAGMA user_version") == "5")
        #expect(try box.sqlite("SELECT group_concat(name) FROM (SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name)")
                == "accounts,contributions,goals,journal_records,journal_steps,sqlite_sequence,updates")
        #expect(try box.sqlite("SELECT name || '|' || currency || '|' || created_at || '|' || ifnull(closed_at, 'open') FROM accounts")
                == "Saver|GBP|1753619400|open")
        #expect(try box.sqlite("SELECT at || '|' || value FROM updates") == "1753619400|1234")
        #expect(try box.sqlite("PRAGMA journal_mode") == "wal")
    }

    @Test func dbOptionWinsOverTheEnvironment() throws {
        let box = try PortfolioBox()
        let other = box.sandbox.path("elsewhere/other.sqlite")
        // An explicit --db is created only in a folder that exists.
        try FileManager.default.createDirectory(atPath: box.sandbox.path("elsewhere"), withIntermediateDirectories: true)
        try box.ok("add", "In env", "1", "--date", "2025-01-01")
        #expect(try box.run(["--db", other, "add", "In option", "2", "--date", "2025-01-01"]).status == 0)
        #expect(try box.ok("list", "--names").stdout == "In env\n")
        #expect(try box.run(["list", "--names", "--db", other]).stdout == "In option\n")
        #expect(FileManager.default.fileExists(atPath: other))
        #expect(!FileManager.default.fileExists(atPath: box.sandbox.path("data/portfolio/portfolio.sqlite")))
    }

    @Test(arguments: [["list"], [], ["add", "X", "1"], ["import", "-"], ["demo"], ["export"], ["chart", "--format", "csv"]])
    func aCorruptDatabaseIsReportedAndLeftAsItWas(arguments: [String]) throws {
        let box = try PortfolioBox()
        var garbage = Data()
        var seed: UInt64 = 0x1234_5678
        for _ in 0..<4096 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            garbage.append(UInt8(truncatingIfNeeded: seed >> 56))
        }
        try garbage.write(to: URL(fileURLWithPath: box.database))
        let result = try box.run(arguments, stdin: "2025-01-01,A,1\n")
        #expect(result.status == 65)
        #expect(!result.killedBySignal)
        #expect(result.stderr.contains(box.database))
        #expect(result.stderr.contains("not a valid"))
        #expect(try Self.bytes(box.database) == garbage)
    }

    @Test func aTextFileIsNotADatabase() throws {
        let box = try PortfolioBox()
        let text = Data(String(repeating: "date,account,value\n2025-01-01,A,1\n", count: 40).utf8)
        try text.write(to: URL(fileURLWithPath: box.database))
        let result = try box.fails(65, "list")
        #expect(result.stderr.contains(box.database))
        #expect(try Self.bytes(box.database) == text)
    }

    @Test func aDatabaseFromANewerVersionIsRefused() throws {
        let box = try PortfolioBox()
        try box.ok("add", "Saver", "1", "--date", "2025-01-01")
        try Self.patch(box.database, offset: 60, [0, 0, 0, 99])  // PRAGMA user_version = 99
        let before = try Self.bytes(box.database)
        for arguments in [["list"], ["add", "Other", "2"], ["demo"]] {
            let result = try box.run(arguments)
            #expect(result.status == 65, "\(arguments)")
            #expect(result.stderr.contains("newer"))
            #expect(result.stderr.contains(box.database))
        }
        #expect(try Self.bytes(box.database) == before)
        if let version = try box.sqlite("PRAGMA user_version") { #expect(version == "99") }
    }

    @Test func aNewerDatabaseInRollbackJournalModeIsLeftUntouched() throws {
        let box = try PortfolioBox()
        try box.ok("add", "Saver", "1", "--date", "2025-01-01")
        try Self.patch(box.database, offset: 18, [1, 1])  // rollback journal, as another SQLite tool may leave it
        try Self.patch(box.database, offset: 60, [0, 0, 0, 99])
        let before = try Self.bytes(box.database)
        let result = try box.fails(65, "list")
        #expect(result.stderr.contains("left untouched"))
        let after = try Self.bytes(box.database)
        #expect(after == before)
    }

    @Test func anEmptyFileBecomesANewStore() throws {
        let box = try PortfolioBox()
        #expect(FileManager.default.createFile(atPath: box.database, contents: Data()))
        try box.ok("add", "Saver", "1", "--date", "2025-01-01")
        #expect(try box.list().names == ["Saver"])
    }
}
