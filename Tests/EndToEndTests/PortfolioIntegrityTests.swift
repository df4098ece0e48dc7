// portfolio's store kept whole: imports that skip what is already stored, say what they
// would do and report every bad line; closes that never cut off an update; lookups and
// writes in one transaction; reads that never create or adopt a database; names without
// control characters; reads on a full disk; stored rows checked before they are used.

import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite struct PortfolioIntegrityTests {
    /// The schema the release before application ids made (no CHECKs, no mark).
    static let releaseOneSchema = """
        CREATE TABLE accounts (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE COLLATE NOCASE, currency TEXT NOT NULL,
            created_at INTEGER NOT NULL, closed_at INTEGER, update_count INTEGER NOT NULL DEFAULT 0);
        CREATE TABLE updates (id INTEGER PRIMARY KEY, account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
            at INTEGER NOT NULL, value INTEGER NOT NULL);
        CREATE INDEX updates_by_account_time ON updates(account_id, at, id, value);
        CREATE INDEX updates_by_time ON updates(at, id);
        PRAGMA user_version = 1;
        """

    static func bytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }
    static func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

    /// The files in `folder`, sorted.
    static func files(_ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    // MARK: 5. imports

    @Test func importingTheSameBackupTwiceChangesNothingTheSecondTime() throws {
        let box = try PortfolioBox()
        try box.ok("add", "Alpha", "90", "--date", "2024-12-01")
        try box.ok("update", "Alpha", "95", "--date", "2025-01-01")
        try box.ok("add", "Spare", "--date", "2024-12-02", "--currency", "EUR")
        try box.ok("add", "Gone", "5", "--date", "2024-12-03")
        try box.ok("close", "Gone", "--date", "2025-02-01", "--withdraw")
        let backup = try box.ok("export").stdout
        let copy = box.sandbox.path("copy.sqlite")
        let first = try box.run(["--db", copy, "import", "-"], stdin: backup)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr.contains("Imported 3 updates, 3 new accounts, 1 close, 1 deposit or withdrawal."), "\(first.stderr)")
        let exportAfterFirst = try box.run(["--db", copy, "export"]).stdout
        let second = try box.run(["--db", copy, "import", "-"], stdin: backup)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stderr.contains("Imported 0 updates."), "\(second.stderr)")
        #expect(second.stderr.contains("Skipped 6 rows already in the store."), "\(second.stderr)")
        #expect(try box.run(["--db", copy, "export"]).stdout == exportAfterFirst)
        #expect(exportAfterFirst == backup)
        if let count = try SQLiteShell.query(copy, "SELECT count(*) FROM updates") { #expect(count == "3") }
    }

    /// Identical rows are counted, not merged: a backup that lists an update twice (two
    /// identical updates were stored) reads back as written, and importing it again adds
    /// nothing.
    @Test func aRowRepeatedInOneFileIsKeptAsOftenAsItIsWrittenAndOnlyOnce() throws {
        let box = try PortfolioBox()
        let input = "2025-01-01,A,1\n2025-01-01,a,1.00\n2025-01-02,A,1\n"
        let first = try box.ok("import", "-", stdin: input)
        #expect(first.stderr.contains("Imported 3 updates, 1 new account."), "\(first.stderr)")
        #expect(try box.list().account("A")?.updates == 3)
        let exported = try box.ok("export").stdout
        let again = try box.ok("import", "-", stdin: exported)
        #expect(again.stderr.contains("Imported 0 updates. Skipped 3 rows already in the store."), "\(again.stderr)")
        #expect(try box.list().account("A")?.updates == 3)
        let copy = try PortfolioBox()
        try copy.ok("import", "-", stdin: exported)
        #expect(try copy.ok("export").stdout == exported)
    }

    @Test func importDryRunSaysWhatWouldChangeAndChangesNothing() throws {
        let box = try PortfolioBox()
        try box.ok("add", "Alpha", "90", "--date", "2024-12-01")
        let before = try #require(Self.bytes(box.database))
        let filesBefore = Self.files(box.sandbox.path(""))
        let input = "2024-12-01,Alpha,90\n2025-01-01,Alpha,100\n2025-01-02,Beta,5,EUR\n2025-02-01,Beta,closed\n"
        let result = try box.ok("import", "--dry-run", "-", stdin: input)
        #expect(result.stderr.contains("Would import 2 updates, 1 new account, 1 close. Would skip 1 row already in the store."), "\(result.stderr)")
        #expect(result.stderr.contains("Nothing was changed"))
        #expect(Self.bytes(box.database) == before)
        #expect(Self.files(box.sandbox.path("")) == filesBefore)
        #expect(try box.list().names == ["Alpha"])

        // On a database that does not exist: nothing is created.
        let missing = box.sandbox.path("new.sqlite")
        let dry = try box.run(["--db", missing, "import", "-n", "-"], stdin: input)
        #expect(dry.status == 0, "\(dry.stderr)")
        #expect(dry.stderr.contains("Would import 3 updates, 2 new accounts, 1 close."), "\(dry.stderr)")
        #expect(!Self.exists(missing))
        // And a dry run still reports the bad lines, with 65.
        let bad = try box.run(["import", "--dry-run", "-"], stdin: "2025-01-01,Alpha,oops\n")
        #expect(bad.status == 65)
        #expect(bad.stderr.contains("line 1"))
    }

    @Test func aFailedImportReportsEveryBadLineAndCreatesNoDatabase() throws {
        let box = try PortfolioBox()
        let input = "date,account,value\n2025-01-01,A,1\n2025-02-30,A,2\n2025-01-03,A,x\n2025-01-04,B,1,XYZ\n2025-01-05,A,5\n2025-01-06,,5\n"
        let result = try box.fails(65, "import", "-", stdin: input)
        for (line, message) in [(3, "invalid date '2025-02-30'"), (4, "not a number"), (5, "unknown currency 'XYZ'"), (7, "name is empty")] {
            let reported = result.stderr.split(separator: "\n").first { $0.contains("standard input: line \(line): ") }
            #expect(reported?.contains(message) == true, "line \(line): \(result.stderr)")
        }
        #expect(result.stderr.contains("4 lines have errors; nothing was imported"))
        #expect(!result.stderr.contains("line 2:") && !result.stderr.contains("line 6:"))
        #expect(!Self.exists(box.database), "no new empty database after a failed import")
        #expect(Self.files(box.sandbox.path("")).allSatisfy { !$0.hasPrefix("portfolio.sqlite") })
    }

    @Test func manyBadLinesAreReportedUpToTwentyThenCounted() throws {
        let box = try PortfolioBox()
        let input = (1...25).map { "2025-01-\(String(format: "%02d", $0)),A,bad\($0)\n" }.joined()
        let result = try box.fails(65, "import", "-", stdin: input)
        #expect(result.stderr.contains("25 lines have errors"))
        #expect(result.stderr.contains("line 20: "))
        #expect(!result.stderr.contains("line 21: "))
        #expect(result.stderr.contains("and 5 more"))
        #expect(!Self.exists(box.database))
    }

    // MARK: 6. closes and the updates after them

    @Test func aCloseBeforeALaterUpdateIsRefusedNamingIt() throws {
        let box = try PortfolioBox()
        try box.ok("add", "A", "100", "--date", "2025-01-01")
        try box.ok("update", "A", "150", "--date", "2025-06-01")
        let result = try box.fails(65, "close", "A", "--date", "2025-03-01")
        #expect(result.stderr.contains("1 Jun 2025"), "\(result.stderr)")
        #expect(result.stderr.contains("update 2"), "\(result.stderr)")
        #expect(try box.show("A")["closed"] is NSNull)
        #expect(try box.list(all: true).account("A")?.active == true)
        // At the instant of the update itself: refused too (it would not count).
        try box.fails(65, "close", "A", "--date", "2025-06-01")
        try box.ok("close", "A", "--date", "2025-06-02", "--withdraw")
    }

    @Test func aCloseKeepsTheMoneyRulesAndAReopenKeepsTheClose() throws {
        // Issue 26, item 12: no money moved after a close; what the account holds is
        // withdrawn at the close (--withdraw) or the close refused with a hint.
        let box = try PortfolioBox()
        try box.ok("add", "Fund", "6000", "--date", "2025-01-01")
        try box.ok("deposit", "Fund", "6000", "--date", "2025-01-01")
        try box.ok("update", "Fund", "6268.54", "--date", "2025-01-20")
        try box.ok("withdraw", "Fund", "100", "--date", "2025-03-01")
        let early = try box.fails(65, "close", "Fund", "--date", "2025-02-01", "--withdraw")
        #expect(early.stderr.contains("1 Mar 2025") && early.stderr.contains("portfolio flows rm"), "\(early.stderr)")
        let holding = try box.fails(65, "close", "Fund", "--date", "2025-03-02")
        #expect(holding.stderr.contains("still holds £6,168.54"), "\(holding.stderr)")
        #expect(holding.stderr.contains("portfolio close NAME --withdraw"), "\(holding.stderr)")
        #expect(try box.show("Fund")["closed"] is NSNull)
        let closed = try box.ok("close", "Fund", "--date", "2025-03-02", "--withdraw")
        #expect(closed.stderr.contains("withdrawing the £6,168.54 it held"), "\(closed.stderr)")
        // Reopened, the closed weeks keep showing nothing.
        try box.ok("reopen", "Fund")
        let table = try box.ok("table", "--period", "month", "--from", "2025-01-01", "--to", "2025-04-30", "--format", "csv").stdout
        #expect(table.split(separator: "\n").last?.hasSuffix(",0.00") == true, "\(table)")
        #expect(try box.ok("export").stdout.contains("2025-03-02T00:00:00+00:00,Fund,0.00,GBP"))
    }

    @Test func anUpdateAtOrAfterTheCloseIsRefused() throws {
        let box = try PortfolioBox()
        try box.ok("add", "A", "100", "--date", "2025-01-01")
        try box.ok("close", "A", "--date", "2025-03-01", "--withdraw")
        #expect(try box.fails(65, "update", "A", "5", "--date", "2025-03-01").stderr.contains("was closed"))
        #expect(try box.fails(65, "update", "A", "5", "--date", "2025-04-01").stderr.contains("was closed"))
        #expect(try box.list(all: true).account("A")?.updates == 1)
    }

    @Test func anImportedCloseBeforeALaterUpdateIsRefused() throws {
        let box = try PortfolioBox()
        try box.ok("add", "A", "100", "--date", "2025-01-01")
        try box.ok("update", "A", "150", "--date", "2025-06-01")
        let stored = try box.fails(65, "import", "-", stdin: "2025-03-01,A,closed\n")
        #expect(stored.stderr.contains("line 1"), "\(stored.stderr)")
        #expect(stored.stderr.contains("1 Jun 2025"), "\(stored.stderr)")
        // Within the file, in either order.
        let inFile = try box.fails(65, "import", "-", stdin: "2025-05-01,B,1\n2025-07-01,B,2\n2025-06-01,B,closed\n")
        #expect(inFile.stderr.contains("line 3"), "\(inFile.stderr)")
        #expect(try box.show("A")["closed"] is NSNull)
        #expect(try box.list(all: true).names == ["A"])
    }

    // MARK: 8. races

    /// Runs `sqlite3 FILE` on `script` in the background; returns once it has written
    /// `marker` (from inside its transaction), with the process to wait for. The scripts
    /// hold the lock 0.3 s after the marker: the command, run in-process at once, meets it.
    static func holdingTheWriteLock(_ file: String, _ script: String, marker: String) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: SQLiteShell.path)
        process.arguments = [file]
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        ProcessCount.record(process)
        try process.run()
        input.fileHandleForWriting.write(Data(script.utf8))
        try input.fileHandleForWriting.close()
        let deadline = Date().addingTimeInterval(10)
        while !exists(marker) && Date() < deadline { usleep(10_000) }
        return process
    }

    @Test(.enabled(if: SQLiteShell.available, "needs /usr/bin/sqlite3"))
    func anUpdateRacingADeleteIsAnUnknownAccount() throws {
        let box = try PortfolioBox()
        try box.ok("add", "A", "100", "--date", "2025-01-01")
        let marker = box.sandbox.path("locked")
        let holder = try Self.holdingTheWriteLock(box.database, """
            PRAGMA foreign_keys = ON;
            BEGIN IMMEDIATE;
            DELETE FROM accounts WHERE name = 'A';
            .shell touch '\(marker)'
            .shell sleep 0.3
            COMMIT;
            """, marker: marker)
        let result = try box.run("update", "A", "5", "--date", "2025-02-01")
        holder.waitUntilExit()
        #expect(result.status == 66, "\(result.stderr)")
        #expect(result.stderr.contains("no account named 'A'"), "\(result.stderr)")
        #expect(!result.stderr.contains("FOREIGN KEY"))
        #expect(try box.sqlite("SELECT count(*) FROM updates") == "0")
    }

    @Test(.enabled(if: SQLiteShell.available, "needs /usr/bin/sqlite3"))
    func anImportUsesAnAccountAnotherProcessAddedMeanwhile() throws {
        let box = try PortfolioBox()
        try box.ok("add", "A", "100", "--date", "2025-01-01")
        let marker = box.sandbox.path("locked")
        let holder = try Self.holdingTheWriteLock(box.database, """
            BEGIN IMMEDIATE;
            INSERT INTO accounts (name, currency, created_at) VALUES ('B', 'GBP', 1735689600);
            .shell touch '\(marker)'
            .shell sleep 0.3
            COMMIT;
            """, marker: marker)
        let result = try box.run(["import", "-"], stdin: "2025-02-01,B,7\n")
        holder.waitUntilExit()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("Imported 1 update."), "\(result.stderr)")
        #expect(try box.sqlite("SELECT count(*) FROM accounts WHERE name = 'B'") == "1")
        #expect(try box.list().account("B")?.value == "7.00")
    }

    // MARK: 9. reads never write; other programs' databases are refused

    static let readCommands: [[String]] = [["list"], [], ["show", "X"], ["export"], ["table"], ["chart", "--format", "csv"], ["updates", "X"]]

    @Test(.enabled(if: SQLiteShell.available, "needs /usr/bin/sqlite3"))
    func anotherProgramsDatabaseIsRefusedAndLeftByteForByte() throws {
        let box = try PortfolioBox()
        _ = try SQLiteShell.query(box.database, "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT); INSERT INTO notes (body) VALUES ('mine'); PRAGMA user_version = 1;")
        let before = try #require(Self.bytes(box.database))
        for arguments in Self.readCommands + [["add", "B", "1"], ["import", "-"], ["demo"]] {
            let result = try box.run(arguments, stdin: "2025-01-01,B,1\n")
            #expect(result.status == 65, "\(arguments): \(result.status) \(result.stderr)")
            #expect(result.stderr.contains("not a portfolio database"), "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains(box.database))
        }
        #expect(Self.bytes(box.database) == before)
        #expect(try box.sqlite("PRAGMA journal_mode") == "delete")
        #expect(try box.sqlite("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name") == "notes")
        #expect(!Self.exists(box.database + "-wal"))
    }

    @Test(.enabled(if: SQLiteShell.available, "needs /usr/bin/sqlite3"))
    func anotherSchemaAtOurVersionIsNotAPortfolioDatabase() throws {
        let box = try PortfolioBox()
        _ = try SQLiteShell.query(box.database, """
            CREATE TABLE accounts (id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE updates (id INTEGER PRIMARY KEY, note TEXT);
            PRAGMA user_version = 1;
            """)
        let before = try #require(Self.bytes(box.database))
        for arguments in [["list"], ["update", "A", "1"], ["add", "A", "1"]] {
            let result = try box.run(arguments)
            #expect(result.status == 65, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("not a portfolio database"), "\(result.stderr)")
            #expect(!result.stderr.contains("no such column"))
        }
        #expect(Self.bytes(box.database) == before)
    }

    @Test(.enabled(if: SQLiteShell.available, "needs /usr/bin/sqlite3"))
    func ourTablesUnderAnotherApplicationIdAreRefused() throws {
        let box = try PortfolioBox()
        _ = try SQLiteShell.query(box.database, Self.releaseOneSchema + "PRAGMA application_id = 1234;")
        let result = try box.fails(65, "list")
        #expect(result.stderr.contains("not a portfolio database"))
        #expect(result.stderr.contains("another program"))
    }

    @Test(.enabled(if: SQLiteShell.available, "needs /usr/bin/sqlite3"))
    func aDatabaseOfTheLastReleaseIsReadUnchangedAndMarkedOnItsNextWrite() throws {
        let box = try PortfolioBox()
        _ = try SQLiteShell.query(box.database, Self.releaseOneSchema + """
            INSERT INTO accounts (name, currency, created_at, update_count) VALUES ('Old', 'GBP', 1735689600, 1);
            INSERT INTO updates (account_id, at, value) VALUES (1, 1735689600, 1234);
            """)
        let before = try #require(Self.bytes(box.database))
        #expect(try box.list().account("Old")?.value == "12.34")
        try box.ok("export")
        #expect(Self.bytes(box.database) == before, "a read leaves it byte for byte")
        #expect(try box.sqlite("PRAGMA journal_mode") == "delete")
        #expect(try box.sqlite("PRAGMA application_id") == "0")
        try box.ok("update", "Old", "20", "--date", "2025-02-01")
        #expect(try box.sqlite("PRAGMA application_id") == "1296781382")
        #expect(try box.list().account("Old")?.value == "20.00")
    }

    @Test func ourNewDatabasesAreMarked() throws {
        let box = try PortfolioBox()
        try box.ok("add", "A", "1", "--date", "2025-01-01")
        let data = try #require(Self.bytes(box.database))
        #expect(Array(data[68..<72]) == [0x4D, 0x4B, 0x50, 0x46], "PRAGMA application_id in the header")
    }

    @Test func aReadOfAMissingDatabaseCreatesNothing() throws {
        let box = try PortfolioBox()
        let missing = box.sandbox.path("typo/folder/p.sqlite")
        let before = Self.files(box.sandbox.path(""))
        // A store the user named that is not there is 66 for a read, naming it (issue 26, item 36).
        for arguments in Self.readCommands {
            let result = try box.run(["--db", missing] + arguments)
            #expect(result.status == 66, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("\(missing): there is no such file"), "\(arguments): \(result.stderr)")
            #expect(!result.killedBySignal)
        }
        #expect(!Self.exists(box.sandbox.path("typo")), "no folder made by a read")
        #expect(Self.files(box.sandbox.path("")) == before)
        // The default store not made yet reads as empty (a fresh user), and a read there
        // creates nothing either.
        let sandbox = try Sandbox()
        #expect(try sandbox.run("portfolio", "list", "--format", "json").stdout.contains("\"accounts\""))
        #expect(!Self.exists(sandbox.path("data/portfolio")))
    }

    @Test func changesThatFindNothingCreateNothing() throws {
        let box = try PortfolioBox()
        for arguments in [["update", "A", "1"], ["close", "A"], ["reopen", "A"], ["rename", "A", "B"], ["rm", "A", "--force"], ["updates", "rm", "A", "1", "--force"]] {
            let result = try box.run(arguments)
            #expect(result.status == 66, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("no account named 'A'"))
        }
        // add with a bad value or date fails before anything is made.
        try box.fails(65, "add", "A", "1.234")
        try box.fails(65, "add", "A", "1", "--date", "2025-02-30")
        #expect(!Self.exists(box.database))
    }

    @Test func aWriteToAnExplicitDatabaseInAMissingFolderIsAClearError() throws {
        let box = try PortfolioBox()
        let target = box.sandbox.path("nowhere/p.sqlite")
        for arguments in [["add", "A", "1"], ["import", "-"], ["demo"]] {
            let result = try box.run(["--db", target] + arguments, stdin: "2025-01-01,A,1\n")
            #expect(result.status == 73, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("nowhere"), "\(result.stderr)")
            #expect(result.stderr.contains("does not exist"), "\(result.stderr)")
        }
        #expect(!Self.exists(box.sandbox.path("nowhere")))
    }

    // MARK: 10. names

    @Test func aNULInAnImportedNameIsRefusedNotCut() throws {
        let box = try PortfolioBox()
        let result = try box.fails(65, "import", "-", stdin: "2025-01-01,A\u{0}B,1\n2025-01-01,A\u{0}C,2\n")
        #expect(result.stderr.contains("control characters"), "\(result.stderr)")
        #expect(result.stderr.contains("line 1") && result.stderr.contains("line 2"))
        #expect(!result.stderr.contains("UNIQUE"))
        #expect(!Self.exists(box.database))
    }

    @Test(arguments: ["Esc\u{1B}[31m", "Bell\u{7}", "Del\u{7F}", "C1\u{85}x", "Bidi\u{202E}x", "Two\nlines", "CR\rhere"])
    func aControlCharacterInANameIsRefusedEverywhere(name: String) throws {
        let box = try PortfolioBox()
        #expect(try box.fails(65, "add", "--", name, "1").stderr.contains("control characters"))
        try box.ok("add", "Plain", "1", "--date", "2025-01-01")
        #expect(try box.fails(65, "rename", "Plain", name).stderr.contains("control characters"))
        let csv = "2025-01-01,\"\(name)\",1\n"
        #expect(try box.fails(65, "import", "-", stdin: csv).stderr.contains("control characters"))
        #expect(try box.list().names == ["Plain"])
    }

    @Test(.enabled(if: SQLiteShell.available, "needs /usr/bin/sqlite3"))
    func aStoredNameWithANULIsReadWhole() throws {
        let box = try PortfolioBox()
        _ = try SQLiteShell.query(box.database, Self.releaseOneSchema + """
            INSERT INTO accounts (name, currency, created_at) VALUES (CAST(X'41004243' AS TEXT), 'GBP', 1735689600);
            """)
        // Read whole (not cut at the NUL), shown escaped to people, exact to scripts.
        #expect(try box.ok("list").stdout.contains("A\\x00BC"))
        #expect(try box.list().names == ["A\u{0}BC"])
    }

    // MARK: 12. a full disk

    /// Whether a tmpfs can be mounted here (root in a machine that allows it).
    static let canMountTmpfs: Bool = {
        let probe = NSTemporaryDirectory() + "mk-tmpfs-probe-\(getpid())"
        guard (try? FileManager.default.createDirectory(atPath: probe, withIntermediateDirectories: true)) != nil else { return false }
        defer { rmdir(probe) }
        guard run("/bin/mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", probe]) == 0 else { return false }
        _ = run("/bin/umount", [probe])
        return true
    }()

    @discardableResult
    static func run(_ executable: String, _ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        ProcessCount.record(process)
        guard (try? process.run()) != nil else { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }

    @Test(.enabled(if: canMountTmpfs, "needs to mount a small tmpfs (root, a machine that permits mount)"))
    func readsStillWorkOnAFullDisk() throws {
        let box = try PortfolioBox()
        let disk = box.sandbox.path("disk")
        try FileManager.default.createDirectory(atPath: disk, withIntermediateDirectories: true)
        #expect(Self.run("/bin/mount", ["-t", "tmpfs", "-o", "size=512k", "tmpfs", disk]) == 0)
        defer { Self.run("/bin/umount", ["-l", disk]) }
        let database = disk + "/p.sqlite"
        try box.ok("--db", database, "add", "A", "10", "--date", "2025-01-01")
        try box.ok("--db", database, "update", "A", "12.50", "--date", "2025-02-01")
        let expected = try box.ok("--db", database, "export").stdout
        // Fill the disk.
        let filler = FileHandle(forWritingAtPath: disk + "/fill") ?? {
            FileManager.default.createFile(atPath: disk + "/fill", contents: nil)
            return FileHandle(forWritingAtPath: disk + "/fill")
        }()
        let block = Data(repeating: 0, count: 4096)
        while (try? filler?.write(contentsOf: block)) != nil {}
        try? filler?.close()
        let export = try box.run("--db", database, "export")
        #expect(export.status == 0, "\(export.stderr)")
        #expect(export.stdout == expected)
        let list = try box.run("--db", database, "list", "--format", "json")
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.contains("\"12.50\""))
    }

    // MARK: 15. stored rows the code cannot use

    /// A store of the last release (no CHECKs) holding `sql`'s rows.
    static func releaseOneStore(_ box: PortfolioBox, _ sql: String) throws {
        _ = try SQLiteShell.query(box.database, releaseOneSchema + """
            INSERT INTO accounts (id, name, currency, created_at, update_count) VALUES (1, 'A', 'GBP', 1735689600, 1);
            """ + sql)
    }

    /// One row refused when the store opens, one when it is read, one account: every such
    /// row is refused by every report in-process (PortfolioKitTests: SQLiteRepositoryTests).
    @Test(.enabled(if: SQLiteShell.available, "needs /usr/bin/sqlite3"), arguments: [
        ("INSERT INTO updates (id, account_id, at, value) VALUES (7, 1, 9223372036854775807, 5);", "update 7"),
        ("INSERT INTO updates (id, account_id, at, value) VALUES (7, 1, 1735689600, 'lots');", "update 7"),
        ("UPDATE accounts SET currency = 'XYZ';", "unknown currency"),
    ])
    func aStoreWithARowTheCodeCannotUseIsRefusedNotACrash(sql: String, fault: String) throws {
        let box = try PortfolioBox()
        try Self.releaseOneStore(box, sql)
        let before = try #require(Self.bytes(box.database))
        for arguments in [[], ["list"], ["show", "A"], ["export"], ["chart", "--format", "csv"], ["table"]] {
            let result = try box.run(arguments)
            #expect(!result.killedBySignal, "\(arguments) crashed")
            #expect(result.status == 65, "\(arguments): \(result.status) \(result.stderr)")
            #expect(result.stderr.contains(box.database), "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains(fault), "\(arguments): \(result.stderr)")
        }
        #expect(Self.bytes(box.database) == before)
    }

    @Test(.enabled(if: SQLiteShell.available, "needs /usr/bin/sqlite3"))
    func aNewStoreRefusesSuchRowsItself() throws {
        let box = try PortfolioBox()
        try box.ok("add", "A", "1", "--date", "2025-01-01")
        for sql in ["INSERT INTO updates (account_id, at, value) VALUES (1, 1735689600, -9223372036854775808)",
                    "INSERT INTO updates (account_id, at, value) VALUES (1, 900000000000000, 5)",
                    "INSERT INTO updates (account_id, at, value) VALUES (1, 1735689600, 'lots')",
                    "UPDATE accounts SET created_at = 'x'"] {
            _ = try SQLiteShell.query(box.database, sql)
        }
        #expect(try box.sqlite("SELECT count(*) FROM updates") == "1", "the CHECKs refused every row")
        #expect(try box.list().account("A")?.value == "1.00")
    }

    @Test func valuesAndDatesBeyondTheStoreAreRefusedOnInput() throws {
        let box = try PortfolioBox()
        try box.ok("add", "A", "1", "--date", "2025-01-01")
        let lowest = "-92233720368547758.08"  // Int64.min pence
        #expect(try box.fails(65, "update", "A", "--", lowest).stderr.contains("beyond"))
        #expect(try box.fails(65, "add", "B", "--", lowest).stderr.contains("beyond"))
        #expect(try box.fails(65, "import", "-", stdin: "2025-01-02,A,\(lowest)\n").stderr.contains("beyond"))
        try box.ok("update", "A", "92233720368547758.07", "--date", "2025-01-03")
        #expect(try box.list().account("A")?.updates == 2)
    }
}
