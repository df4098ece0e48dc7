// tally's SQLite store as a process sees it: the JSON store of an older tally taken over
// on the first change and kept byte for byte as a backup, read commands that create
// nothing, databases that are not tally's (or are newer) refused untouched, a busy store
// answered with 75, and kill -9 in the middle of writes leaving every count and its log
// together.

import Foundation
import Testing

@Suite struct TallyStoreTests {
    static let seeded = [
        TallyCounter("first", count: 7, start: 2, step: 3, pinned: false, created: "2024-01-01T00:00:00Z"),
        TallyCounter("pinned", count: -4, start: 0, step: -1, pinned: true, created: "2023-06-01T12:00:00Z"),
        TallyCounter("same second", count: 0, start: 0, step: 1, pinned: false, created: "2024-01-01T00:00:00Z"),
    ]

    @Test func theJSONStoreIsTakenOverOnTheFirstChangeAndKeptAsItWas() throws {
        let box = try TallyBox()
        try box.seedStored(Self.seeded, legacy: true)
        let json = try #require(FileManager.default.contents(atPath: box.storePath))
        // Reading reads it as it is, and creates nothing.
        let listed = try box.listed()
        #expect(listed.map(\.name) == ["pinned", "same second", "first"])
        #expect(try box.ok("get", "first") == "7")
        #expect(try box.ok("log", "first", "--format", "csv") == "at,kind,change,count,old,new")
        #expect(!FileManager.default.fileExists(atPath: box.databasePath), "a read created the database")
        // The first change imports it, says so once, and leaves it byte for byte.
        let first = try box.run("inc", "first")
        #expect(first.status == 0)
        #expect(first.stdout == "10\n")
        #expect(first.stderr == "tally: moved 3 counters from \(box.storePath) into \(box.databasePath); the JSON file is kept as it was, as a backup\n")
        #expect(FileManager.default.contents(atPath: box.storePath) == json)
        let second = try box.run("inc", "first")
        #expect(second.status == 0 && second.stderr.isEmpty, "\(second.stderr)")
        #expect(FileManager.default.contents(atPath: box.storePath) == json)
        // Counters, steps, pins, creation times and order came over.
        var expected = Self.seeded
        expected[0].count = 13
        #expect(try box.exported().counters == expected)
        #expect(try box.listed().map(\.name) == listed.map(\.name))
        #expect(try box.stored().map(\.serial) == [1, 2, 3])
        #expect(try box.ok("new") == "New Counter 1")
        #expect(try box.stored("New Counter 1").serial == 4)
        // The log starts with the move.
        #expect(try box.events().map(\.kind) == ["inc", "inc", "new"])
        try box.ok("undo")
        try box.ok("undo")
        try box.ok("undo")
        #expect(try box.count("first") == 7)
        #expect(try box.storeFile().content.nextSerial == 5)
        #expect(try box.events().isEmpty)
        // The JSON store had no undo history (TallyUndoTests has one that comes over).
        #expect(try box.run("undo").status == 66)
    }

    /// Goals, bounds and tags are kept in the database and put back exactly by undo;
    /// reset --all is one change: one undo reverts every counter and removes its events.
    @Test func settingsAndResetAllAreUndoneExactlyWithTheirEvents() throws {
        let box = try TallyBox()
        try box.ok("new", "a", "--tag", "lab", "--tag", "x")
        try box.ok("new", "b", "--tag", "lab")
        try box.ok("goal", "a", "50")
        try box.ok("add", "a", "7")
        try box.ok("add", "b", "3")
        let before = try box.ok("export")
        try box.ok("retag", "a", "other")
        try box.ok("undo")
        #expect(try box.ok("export") == before)
        try box.ok("reset", "--all", "--tag", "lab", "--force")
        #expect(try box.ok("get", "a") == "0" && box.ok("get", "b") == "0")
        #expect(try box.events().filter { $0.kind == "reset" }.count == 2)
        try box.ok("undo")
        #expect(try box.ok("export") == before)
        #expect(try box.events().map(\.kind) == ["new", "new", "goal", "add", "add"])
        #expect(try box.query("SELECT tag FROM counter_tags WHERE serial = 1 ORDER BY position", as: [String: String].self).map { $0["tag"] } == ["lab", "x"])
    }

    @Test func aBrokenJSONStoreIsRefusedAndNothingIsCreated() throws {
        let box = try TallyBox()
        let broken = #"{"format": "tally", "version": 1, "content": {"counters": [{"name": "a", "count": 1, "start": 0, "step": 1, "pinned": false, "created": "2024-01-01T00:00:00Z", "serial": 1}, {"name": "a", "count": 2, "start": 0, "step": 1, "pinned": false, "created": "2024-01-01T00:00:00Z", "serial": 2}], "nextSerial": 3, "undo": []}}"#
        try box.writeStore(broken)
        for arguments in [["list"], ["inc", "a"], ["new", "b"], ["undo"], ["import", "-"]] {
            let result = try box.run(arguments: arguments, stdin: "[]")
            #expect(result.status == 65, "\(arguments): \(result.status) \(result.stderr)")
            #expect(result.stderr.contains(box.storePath) && result.stderr.contains("more than once"), "\(result.stderr)")
        }
        #expect(FileManager.default.contents(atPath: box.storePath) == Data(broken.utf8))
        #expect(!FileManager.default.fileExists(atPath: box.databasePath))
    }

    @Test func aJSONStoreUnderAnotherNameGetsItsDatabaseBesideIt() throws {
        let box = try TallyBox()
        try box.seedStored([TallyCounter("a", count: 5)], legacy: true)
        let other = box.sandbox.path("store/mine")
        try FileManager.default.moveItem(atPath: box.storePath, toPath: other)
        let result = try box.run(arguments: ["--file", other, "inc", "a"])
        #expect(result.status == 0 && result.stdout == "6\n", "\(result.stderr)")
        #expect(result.stderr.contains("into \(other).db"))
        #expect(FileManager.default.fileExists(atPath: other + ".db"))
        // A path that is not JSON is the database itself.
        let plain = box.sandbox.path("store/plain")
        #expect(try box.run(arguments: ["--file", plain, "new", "z"]).status == 0)
        #expect(try SQLiteShell.query(plain, "SELECT name FROM counters") ?? "z" == "z")
    }

    @Test func readCommandsNeverCreateTheStore() throws {
        let box = try TallyBox()
        for arguments in [["list"], ["list", "--format", "json"], ["get", "x"], ["show", "x"], ["log", "x"], ["stats", "x"], ["export"], ["inc", "x"], ["undo"], ["rm", "--force", "x"]] {
            _ = try box.run(arguments: arguments)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: box.sandbox.path("store")).isEmpty)
    }

    @Test func aDatabaseThatIsNotTallysIsRefusedUntouched() throws {
        guard SQLiteShell.available else { return }
        let box = try TallyBox()
        _ = try SQLiteShell.query(box.databasePath, "CREATE TABLE accounts (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO accounts VALUES (1, 'x');")
        let before = try #require(FileManager.default.contents(atPath: box.databasePath))
        for arguments in [["list"], ["new", "a"], ["inc", "x"], ["undo"]] {
            let result = try box.run(arguments: arguments)
            #expect(result.status == 65, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("not a tally database") || result.stderr.contains("tally database"), "\(result.stderr)")
        }
        #expect(FileManager.default.contents(atPath: box.databasePath) == before)
    }

    @Test func aNewerDatabaseIsRefusedUntouched() throws {
        guard SQLiteShell.available else { return }
        let box = try TallyBox()
        try box.ok("new", "a")
        _ = try SQLiteShell.query(box.databasePath, "PRAGMA journal_mode = DELETE; PRAGMA user_version = 4;")
        let before = try #require(FileManager.default.contents(atPath: box.databasePath))
        for arguments in [["list"], ["get", "a"], ["inc", "a"], ["new", "b"], ["undo"], ["log", "a"]] {
            let result = try box.run(arguments: arguments)
            #expect(result.status == 65, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("version 4"), "\(result.stderr)")
        }
        #expect(FileManager.default.contents(atPath: box.databasePath) == before)
        #expect(!FileManager.default.fileExists(atPath: box.databasePath + "-wal"))
    }

    /// A writer holding the database: tally waits its busy timeout (10 s), then exits 75
    /// and stores nothing.
    /// A writer waits out the busy timeout (10 s, not settable from outside) before exit 75:
    /// a wall-clock wait, so it runs in Tests/Reliability/run.sh. The mapping of a busy
    /// store to 75 is tested in-process (CLIErrorTests).
    @Test(.timeLimit(.minutes(1)), ReliabilityLoops.trait) func aBusyStoreIsExit75AndNothingIsStored() throws {
        guard SQLiteShell.available else { return }
        let box = try TallyBox()
        try box.ok("new", "a")
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: SQLiteShell.path)
        holder.arguments = [box.databasePath]
        let input = Pipe()
        holder.standardInput = input
        holder.standardOutput = FileHandle.nullDevice
        holder.standardError = FileHandle.nullDevice
        try ToolProcess.start(holder)
        input.fileHandleForWriting.write(Data("BEGIN IMMEDIATE;\nUPDATE counters SET count = count;\nSELECT 1;\n".utf8))
        Thread.sleep(forTimeInterval: 0.5)
        let result = try box.run("inc", "a")
        #expect(result.status == 75, "\(result.stderr)")
        try input.fileHandleForWriting.close()
        TallyWait.exit(of: holder, timeout: 10)
        #expect(try box.ok("get", "a") == "0")
        #expect(try box.events().count == 1)
    }
}

/// kill -9 in the middle of increments: the store opens, every count equals the log's
/// last count after, and each inc's undo step, event and count are all there or all gone.
@Suite(ReliabilityLoops.trait) struct TallyStoreCrashTests {
    @Test(.timeLimit(.minutes(3))) func killedIncrementsLeaveCountAndLogTogether() throws {
        let box = try TallyBox()
        try box.ok("new", "c")
        var environment = box.environment
        environment["TALLY"] = box.tallyPath
        for round in 0..<20 {
            let shells = (0..<3).map { _ -> Process in
                let process = Process()
                process.executableURL = URL(fileURLWithPath: "/bin/sh")
                process.arguments = ["-c", #"while :; do "$TALLY" inc c >/dev/null 2>&1; "$TALLY" undo >/dev/null 2>&1; "$TALLY" inc c >/dev/null 2>&1; done"#]
                process.environment = environment
                return process
            }
            for shell in shells { try ToolProcess.start(shell) }
            Thread.sleep(forTimeInterval: 0.1 + Double(round % 5) * 0.05)
            // Kill the shells' children (tally) first, mid-write, then the shells.
            _ = try? ToolProcess.run("/usr/bin/pkill", ["-9", "-P", shells.map { String($0.processIdentifier) }.joined(separator: ",")], environment: [:])
            for shell in shells { kill(shell.processIdentifier, SIGKILL) }
            for shell in shells { TallyWait.exit(of: shell, timeout: 10) }
            let check = try SQLiteShell.query(box.databasePath, "PRAGMA integrity_check") ?? "ok"
            #expect(check == "ok", "round \(round): \(check)")
            let count = try box.count("c")
            let events = try box.events()
            #expect(events.last?.count_after == count, "round \(round): count \(count), log \(String(describing: events.last))")
            #expect(Int64(events.filter { $0.kind == "inc" }.count) == count, "round \(round)")
            // Each kept change group made one event (undos leave fewer groups than events).
            #expect(try box.storeFile().content.undo.count <= min(100, events.count), "round \(round)")
        }
    }
}
