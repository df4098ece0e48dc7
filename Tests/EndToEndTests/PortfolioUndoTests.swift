// portfolio undo: every command that changes the store is one undo step, reverted
// exactly (the accounts and updates tables dump byte for byte as before the change,
// ids included), several levels deep, down to "nothing to undo" (66, as tally); the
// journal is written in the change's own transaction (a killed import leaves both or
// neither), keeps the last 100 steps, and arrives in a version 1 store on its first write.

import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite(.enabled(if: SQLiteShell.available, "needs /usr/bin/sqlite3 to dump the tables"))
struct PortfolioUndoTests {
    struct UndoCase: Sendable, CustomTestStringConvertible {
        let arguments: [String]
        var stdin: String? = nil
        /// What `portfolio undo` says it undid.
        let undid: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    /// Alpha: three updates; Closed: closed; Spare: no updates, in EUR.
    static func seed(_ box: PortfolioBox) throws {
        try box.ok("add", "Alpha", "100", "--date", "2024-01-01T09:00:00Z")
        try box.ok("update", "Alpha", "150.25", "--date", "2024-02-01T09:00:00Z")
        try box.ok("update", "Alpha", "175", "--date", "2024-03-01T09:00:00Z")
        try box.ok("add", "Closed", "50", "--date", "2024-01-05T09:00:00Z")
        try box.ok("close", "Closed", "--date", "2024-06-01T00:00:00Z", "--withdraw")
        try box.ok("add", "Spare", "--date", "2024-01-07T09:00:00Z", "--currency", "EUR")
    }

    /// The accounts and updates tables as sqlite3 dumps them: every row, ids and all.
    static func dump(_ box: PortfolioBox) throws -> String {
        try #require(try SQLiteShell.query(box.database, ".dump accounts updates"))
    }

    static func steps(_ box: PortfolioBox) throws -> Int {
        let text = try box.sqlite("SELECT count(*) FROM journal_steps")
        return try #require(text.flatMap { Int($0) }, "journal_steps: \(text ?? "no sqlite3")")
    }

    /// One case per kind of change through the processes; every change (a bare add, an
    /// earlier update, reopen, a second rename, deleting an empty account too) is undone
    /// exactly against the SQLite adapter in-process (PortfolioKitTests: SQLiteRepositoryTests).
    @Test(arguments: [
        UndoCase(arguments: ["add", "New", "5", "--date", "2024-04-01T00:00:00Z"], undid: "add 'New' (1 account and 1 update removed)."),
        UndoCase(arguments: ["update", "Alpha", "200", "--date", "2024-04-01T00:00:00Z"], undid: "update 'Alpha' to £200.00 on 1 Apr 2024, 00:00 [update 5] (1 update removed)."),
        UndoCase(arguments: ["updates", "rm", "--force", "Alpha", "2"], undid: "updates rm 'Alpha' 2 (1 update restored)."),
        UndoCase(arguments: ["close", "Alpha", "--date", "2024-05-01T00:00:00Z", "--withdraw"], undid: "close 'Alpha' on 1 May 2024, 00:00, withdrawing £175.00 (1 deposit or withdrawal removed)."),
        UndoCase(arguments: ["rename", "Alpha", "Beta"], undid: "rename 'Alpha' to 'Beta'."),
        UndoCase(arguments: ["rm", "--force", "Alpha"], undid: "rm 'Alpha' and its 3 updates (1 account and 3 updates restored)."),
        UndoCase(arguments: ["import", "-"],
                 stdin: "date,account,value,currency\n2024-04-01T00:00:00Z,Alpha,180,GBP\n2024-04-02T00:00:00Z,Fresh,1,GBP\n"
                     + "2024-04-03T00:00:00Z,Fresh,2,GBP\n2024-04-04T00:00:00Z,Spare,closed,EUR\n2024-01-01T09:00:00Z,Alpha,100,GBP\n",
                 undid: "import from standard input: 3 updates, 1 new account, 1 close (1 account and 3 updates removed)."),
    ])
    func undoRevertsAChangeExactly(_ test: UndoCase) throws {
        let box = try PortfolioBox()
        try Self.seed(box)
        let before = try Self.dump(box)
        let listed = try box.ok("list", "--all", "--format", "json").stdout
        let steps = try Self.steps(box)

        let change = try box.run(test.arguments, stdin: test.stdin)
        #expect(change.status == 0, "\(change.stderr)")
        #expect(try Self.dump(box) != before, "the change changed nothing, so the test proves nothing")
        #expect(try Self.steps(box) == steps + 1, "one step per command")

        let dryRun = try box.ok("undo", "--dry-run")
        #expect(dryRun.stderr.hasPrefix("Would undo: "), "\(dryRun.stderr)")
        #expect(try Self.steps(box) == steps + 1)

        let undo = try box.run("undo")
        #expect(undo.status == 0, "\(undo.stderr)")
        #expect(undo.stdout == "")
        #expect(undo.stderr == "Undid: \(test.undid)\n")
        // Whole again: every row of both tables, with its id, value, times and update count.
        #expect(try Self.dump(box) == before)
        #expect(try box.ok("list", "--all", "--format", "json").stdout == listed)
        #expect(try Self.steps(box) == steps)
        #expect(try box.sqlite("PRAGMA integrity_check") == "ok")
        #expect(try box.sqlite("PRAGMA foreign_key_check") == "")
    }

    @Test func demoIsUndoneWhole() throws {
        let box = try PortfolioBox()
        try box.ok("add", "Keep", "1", "--date", "2024-01-01")
        try box.ok("rm", "--force", "Keep")
        let before = try Self.dump(box)
        try box.ok("demo", "--set", "1")
        #expect(try box.list().accounts.count == 7)
        let undo = try box.ok("undo")
        #expect(undo.stderr == "Undid: demo set 1 (7 accounts and 42 updates removed).\n")
        #expect(try Self.dump(box) == before)
        // The step before it is still there.
        #expect(try box.ok("undo").stderr.contains("Undid: rm 'Keep'"))
        #expect(try box.list().names == ["Keep"])
    }

    @Test func aDeletedAccountComesBackWithItsIdsAndTakesUpdatesAgain() throws {
        let box = try PortfolioBox()
        try Self.seed(box)
        let ids = try box.sqlite("SELECT group_concat(id) FROM updates WHERE account_id = 1")
        try box.ok("rm", "--force", "Alpha")
        try box.fails(66, "show", "Alpha")
        try box.ok("undo")
        #expect(try box.sqlite("SELECT group_concat(id) FROM updates WHERE account_id = 1") == ids)
        #expect(try box.list().account("Alpha")?.value == "175.00")
        #expect(try box.list().account("Alpha")?.updates == 3)
        try box.ok("update", "Alpha", "180", "--date", "2024-04-01T00:00:00Z")
        #expect(try box.list().account("Alpha")?.updates == 4)
    }

    @Test func severalLevelsUndoInReverseOrderDownToNothing() throws {
        let box = try PortfolioBox()
        var states: [String?] = [nil]  // no database yet
        let changes: [[String]] = [
            ["add", "A", "1", "--date", "2024-01-01T00:00:00Z"], ["update", "A", "2", "--date", "2024-02-01T00:00:00Z"],
            ["add", "B", "--date", "2024-01-02T00:00:00Z"], ["rename", "A", "C"], ["close", "C", "--date", "2024-03-01T00:00:00Z", "--withdraw"],
            ["updates", "rm", "--force", "C", "1"], ["reopen", "C"], ["rm", "--force", "B"],
            ["import", "-"], ["update", "C", "3", "--date", "2024-05-01T00:00:00Z"], ["rm", "--force", "C"],
        ]
        for change in changes {
            let result = try box.run(change, stdin: "2024-04-01T00:00:00Z,D,9,USD\n2024-04-02T00:00:00Z,C,4\n")
            #expect(result.status == 0, "\(change): \(result.stderr)")
            states.append(try Self.dump(box))
        }
        for (level, change) in changes.enumerated().reversed() {
            let undo = try box.run("undo")
            #expect(undo.status == 0, "\(undo.stderr)")
            let command = change[0] == "updates" ? "updates rm" : change[0]
            #expect(undo.stderr.hasPrefix("Undid: \(command) "), "undoing \(change) said: \(undo.stderr)")
            if let state = states[level] { #expect(try Self.dump(box) == state, "after undoing \(change)") }
        }
        #expect(try box.list(all: true).accounts.isEmpty)
        #expect(try box.sqlite("SELECT (SELECT count(*) FROM accounts) + (SELECT count(*) FROM updates)") == "0")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: box.database))
        let empty = try box.fails(66, "undo")
        #expect(empty.stderr.contains("nothing to undo"), "\(empty.stderr)")
        try box.fails(66, "undo", "--dry-run")
        #expect(try Data(contentsOf: URL(fileURLWithPath: box.database)) == bytes)
    }

    @Test func undoWithAnEmptyJournalIs66AndCreatesNothing() throws {
        let box = try PortfolioBox()
        for arguments in [["undo"], ["undo", "-n"]] {
            let result = try box.run(arguments)
            #expect(result.status == 66, "\(arguments): \(result.stderr)")
            // Undo finds nothing to undo; its dry run, a read, finds no store (issue 26, item 36).
            #expect(result.stderr.contains(arguments.count == 1 ? "portfolio: error: nothing to undo" : "no such file"), "\(result.stderr)")
            #expect(result.stdout == "")
        }
        #expect(!FileManager.default.fileExists(atPath: box.database), "an undo of nothing created a database")
    }

    @Test func aDryRunChangesNothing() throws {
        let box = try PortfolioBox()
        try Self.seed(box)
        try box.ok("rm", "--force", "Alpha")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: box.database))
        let result = try box.ok("undo", "-n")
        #expect(result.stderr.hasPrefix("Would undo: rm 'Alpha' and its 3 updates (made "), "\(result.stderr)")
        #expect(result.stderr.hasSuffix("). Nothing was changed (--dry-run).\n"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: box.database)) == bytes)
        try box.fails(66, "show", "Alpha")
    }

    @Test func failedChangesLeaveNoStep() throws {
        let box = try PortfolioBox()
        try Self.seed(box)
        let steps = try Self.steps(box)
        try box.fails(65, "close", "Alpha", "--date", "2024-02-15T00:00:00Z")  // before its last update
        try box.fails(65, "update", "Closed", "1", "--date", "2024-07-01T00:00:00Z")  // closed then
        try box.fails(65, "add", "alpha", "1")  // the name exists
        try box.fails(65, "rename", "Spare", "ALPHA")
        try box.fails(66, "updates", "rm", "--force", "Alpha", "99")
        try box.fails(66, "rm", "--force", "Nobody")
        try box.fails(65, "import", "-", stdin: "2024-09-01,Alpha,1\n2024-09-02,Alpha,x\n")
        try box.ok("import", "-", stdin: "2024-01-01T09:00:00Z,Alpha,100\n")  // all already there: no change
        try box.fails(64, "rm", "Alpha")  // not on a terminal, no --force
        #expect(try Self.steps(box) == steps)
        #expect(try box.ok("undo").stderr == "Undid: add 'Spare' (1 account removed).\n")
    }

    /// The journal keeps the last 100 steps: the 101st change drops the oldest, in its own transaction.
    @Test func theLastHundredChangesAreKept() throws {
        let box = try PortfolioBox()
        try box.ok("add", "A", "1", "--date", "2024-01-01T00:00:00Z")
        var seed = "BEGIN;"
        for index in 0..<99 { seed += "INSERT INTO journal_steps (label, at, actor, mark) VALUES ('seeded \(index)', 0, '', 'test');" }
        _ = try SQLiteShell.query(box.database, seed + "COMMIT;")
        #expect(try Self.steps(box) == 100)
        try box.ok("update", "A", "2", "--date", "2024-02-01T00:00:00Z")
        #expect(try Self.steps(box) == 100)
        #expect(try box.sqlite("SELECT count(*) FROM journal_steps WHERE mark = 'add'") == "0", "the oldest step is pruned")
        #expect(try box.sqlite("SELECT count(*) FROM journal_records WHERE kind = 'new accounts'") == "0", "with its records")
        #expect(try box.sqlite("SELECT min(label) FROM journal_steps WHERE mark = 'test'") == "seeded 0")
        #expect(try box.ok("undo").stderr.hasPrefix("Undid: update 'A'"))
        #expect(try box.ok("undo").stderr == "Undid: seeded 98.\n")
    }

    /// An import is one step however large: its new ids are kept as runs, not one row each.
    @Test func aLargeImportIsOneStepOfRuns() throws {
        let box = try PortfolioBox()
        try Self.seed(box)
        let before = try Self.dump(box)
        var csv = "date,account,value,currency\n"
        for row in 0..<3_000 { csv += "2025-01-01T00:00:00Z,Account \(row % 3),\(row).00,GBP\n" }
        try box.ok("import", "-", stdin: csv)
        let last = "step_id = (SELECT max(id) FROM journal_steps)"
        #expect(try box.sqlite("SELECT group_concat(kind || ' ' || key, ',') FROM journal_records WHERE \(last) AND kind LIKE 'new %'")
                == "new accounts 4...6,new updates 5...3004")
        #expect(try box.sqlite("SELECT count(*) FROM journal_records WHERE \(last) AND kind = 'update'") == "0")
        let undo = try box.ok("undo")
        #expect(undo.stderr.hasSuffix("(3 accounts and 3000 updates removed).\n"), "\(undo.stderr)")
        #expect(try Self.dump(box) == before)
    }

    /// A store changed behind portfolio's back (here: an update the last step added is gone)
    /// no longer matches the step: undo refuses (65) and changes nothing.
    @Test func aStoreThatNoLongerMatchesTheStepIsRefused() throws {
        let box = try PortfolioBox()
        try Self.seed(box)
        try box.ok("update", "Alpha", "1", "--date", "2024-05-01T00:00:00Z")
        _ = try SQLiteShell.query(box.database, "DELETE FROM updates WHERE id = 5")
        let dump = try Self.dump(box)
        let result = try box.fails(65, "undo")
        #expect(result.stderr.contains("no longer matches"), "\(result.stderr)")
        #expect(result.stderr.contains("nothing was undone"))
        #expect(try Self.dump(box) == dump)
        #expect(try Self.steps(box) == 7)
    }

    // MARK: the schema

    /// What the code before undo made: schema version 1 with CHECKs, marked as portfolio's.
    static let versionOneSchema = """
        CREATE TABLE accounts (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL UNIQUE COLLATE NOCASE CHECK (typeof(name) = 'text' AND length(name) > 0),
            currency TEXT NOT NULL CHECK (typeof(currency) = 'text' AND length(currency) = 3),
            created_at INTEGER NOT NULL CHECK (typeof(created_at) = 'integer' AND created_at BETWEEN -62135596800 AND 253402300799),
            closed_at INTEGER CHECK (closed_at IS NULL OR (typeof(closed_at) = 'integer' AND closed_at BETWEEN -62135596800 AND 253402300799)),
            update_count INTEGER NOT NULL DEFAULT 0 CHECK (update_count >= 0)
        );
        CREATE TABLE updates (
            id INTEGER PRIMARY KEY,
            account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
            at INTEGER NOT NULL CHECK (typeof(at) = 'integer' AND at BETWEEN -62135596800 AND 253402300799),
            value INTEGER NOT NULL CHECK (typeof(value) = 'integer' AND value BETWEEN -9223372036854775807 AND 9223372036854775807)
        );
        CREATE INDEX updates_by_account_time ON updates(account_id, at, id, value);
        CREATE INDEX updates_by_time ON updates(at, id);
        PRAGMA user_version = 1;
        PRAGMA application_id = 1296781382;
        INSERT INTO accounts (id, name, currency, created_at, closed_at, update_count) VALUES
            (3, 'Old ISA', 'GBP', 1704067200, NULL, 2), (8, 'Gone', 'EUR', 1704153600, 1717200000, 1);
        INSERT INTO updates (id, account_id, at, value) VALUES (11, 3, 1704067200, 120000), (12, 8, 1704153600, 500), (17, 3, 1706745600, 125050);
        """

    @Test func aVersionOneStoreIsReadUnchangedAndGainsTheJournalOnItsFirstWrite() throws {
        let box = try PortfolioBox()
        _ = try SQLiteShell.query(box.database, Self.versionOneSchema)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: box.database))
        let dump = try Self.dump(box)
        // Reads, undo --dry-run among them, leave it byte for byte at version 1.
        #expect(try box.list(all: true).account("Old ISA")?.value == "1250.50")
        for arguments in [["export"], ["table"], ["chart", "--format", "csv", "--currency", "GBP"], ["updates", "Old ISA"]] {
            #expect(try box.run(arguments).status == 0, "\(arguments)")
        }
        try box.fails(66, "undo", "--dry-run")
        #expect(try Data(contentsOf: URL(fileURLWithPath: box.database)) == bytes)
        #expect(try box.sqlite("PRAGMA user_version") == "1")

        // The first change migrates it (nothing lost) and is undoable.
        try box.ok("rm", "--force", "Old ISA")
        #expect(try box.sqlite("PRAGMA user_version") == "5")
        #expect(try box.sqlite("SELECT count(*) FROM sqlite_master WHERE name LIKE 'undo~_%' ESCAPE '~' AND type = 'table'") == "0")
        #expect(try box.sqlite("SELECT count(*) FROM sqlite_master WHERE name LIKE 'journal~_%' ESCAPE '~' AND type = 'table'") == "2")
        #expect(try box.ok("undo").stderr == "Undid: rm 'Old ISA' and its 2 updates (1 account and 2 updates restored).\n")
        #expect(try Self.dump(box) == dump)
        try box.fails(66, "undo")
    }

    @Test func anUndoOfNothingOnAVersionOneStoreKeepsItsData() throws {
        let box = try PortfolioBox()
        _ = try SQLiteShell.query(box.database, Self.versionOneSchema)
        let dump = try Self.dump(box)
        try box.fails(66, "undo")
        #expect(try Self.dump(box) == dump)
        #expect(try box.list(all: true).names == ["Gone", "Old ISA"])
    }

    @Test func aNewerStoreIsRefusedUntouchedByUndo() throws {
        let box = try PortfolioBox()
        try box.ok("add", "A", "1", "--date", "2024-01-01")
        _ = try SQLiteShell.query(box.database, "PRAGMA user_version = 6")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: box.database))
        for arguments in [["undo"], ["undo", "--dry-run"], ["list"]] {
            let result = try box.run(arguments)
            #expect(result.status == 65, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("newer"), "\(result.stderr)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: box.database)) == bytes)
    }

    // MARK: crash safety

    /// The step is written in the change's transaction: killed at any instant, an import
    /// leaves its updates and its step, or neither; an undo leaves the import and its
    /// step, or neither.
    @Test(.timeLimit(.minutes(2)), ReliabilityLoops.trait)
    func killedImportsAndUndosLeaveTheChangeAndItsStepTogether() throws {
        let box = try PortfolioBox()
        let portfolio = ToolProcess.path(of: "portfolio")
        try box.ok("add", "B", "1", "--date", "1990-01-01T00:00:00Z")
        _ = try SQLiteShell.query(box.database, "DELETE FROM journal_records; DELETE FROM journal_steps")  // B stays: undo only takes imports back
        let rows = 5_000
        let file = box.sandbox.path("rows.csv")
        var killed = 0
        for iteration in 1...40 {
            var csv = "date,account,value,currency\n"
            for row in 0..<rows { csv += "2001-01-01T00:00:00Z,B,\(iteration * 10_000 + row).00,GBP\n" }
            try Data(csv.utf8).write(to: URL(fileURLWithPath: file))
            let arguments = iteration % 2 == 0 ? ["--db", box.database, "undo"] : ["--db", box.database, "import", file]
            let pid = try TillcountSpawn.spawn(portfolio, arguments, environment: box.environment)
            usleep(UInt32.random(in: 0...60_000))
            kill(pid, SIGKILL)
            if TillcountSpawn.wait(pid) == .signaled(SIGKILL) { killed += 1 }
            let count = try box.sqlite("SELECT count(*) FROM updates")
            let updates = try #require(count.flatMap { Int($0) })
            let steps = try Self.steps(box)
            // B's first update, then per import that landed: one step and 5000 updates.
            #expect(updates - 1 == steps * rows, "iteration \(iteration): \(updates) updates, \(steps) steps")
        }
        #expect(killed > 0)
        #expect(try box.sqlite("PRAGMA integrity_check") == "ok")
    }
}
