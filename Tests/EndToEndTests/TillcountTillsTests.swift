// Tills end to end: --till and TILLCOUNT_TILL select a till with its own live count,
// float, notes and undo; 'tills' lists them; the old single live count is the default
// till, used in place; bad names are refused with the shared rule's exit codes.

import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite struct TillcountTillsTests {
    var tillsFolder: (TillcountSandbox) -> String { { $0.path("till/count.tills") } }

    @Test func eachTillKeepsItsOwnCountFloatNotesAndUndo() throws {
        let till = try TillcountSandbox(currency: "GBP")
        try till.ok("add", "20=2")
        try till.ok("--till", "Front", "currency", "GBP")
        try till.ok("float", "50", "--till", "Front")
        try till.ok("add", "10=3", environment: ["TILLCOUNT_TILL": "front"])
        try till.ok("note", "front only", "--till", "FRONT")
        #expect(try till.quantities() == ["20": 2])
        let front = try TillcountJSON.object(try till.ok("show", "--format", "json", "--till", "Front").stdout)
        #expect(try TillcountJSON.quantities(front) == ["10": 3])
        #expect(front["float"] as? String == "50.00")
        #expect(try till.ok("note").stdout.isEmpty)
        #expect(try till.ok("note", "--till", "front").stdout == "front only\n")
        // Undo is per till: main's undo reverts main's add, not Front's note.
        let undone = try till.ok("undo")
        #expect(undone.stderr.contains("Undid: add 20=2"), "\(undone.stderr)")
        #expect(try till.ok("note", "--till", "front").stdout == "front only\n")
        // Each till is a row of the one database; no live count file is made.
        #expect(!FileManager.default.fileExists(atPath: tillsFolder(till)))
        if SQLiteShell.available { #expect(try till.sqlite("SELECT till FROM tills ORDER BY till_key") == "Front\nmain") }
    }

    /// A history step goes on the stack of the till the command ran in: an rm made in
    /// Front is undone in Front, whichever till saved the count.
    @Test func aHistoryStepIsUndoneInTheTillItWasMadeIn() throws {
        let till = try TillcountSandbox(currency: "GBP")
        try till.ok("add", "20")
        try till.ok("save")
        try till.ok("--till", "Front", "history", "rm", "1", "--force")
        #expect(try till.ok("history", "--ids").stdout.isEmpty)
        // main's newest step is the save, whose count Front deleted: skipped, and main's add undone.
        let mainUndo = try till.ok("undo")
        #expect(mainUndo.stderr.contains("skipped the undo step 'save'"), "\(mainUndo.stderr)")
        #expect(mainUndo.stderr.contains("Undid: add 20"), "\(mainUndo.stderr)")
        #expect(try till.ok("history", "--ids").stdout.isEmpty)
        let frontUndo = try till.ok("--till", "Front", "undo")
        #expect(frontUndo.stderr.contains("saved count 1 is back"), "\(frontUndo.stderr)")
        #expect(try till.ok("history", "--ids").stdout == "1\n")
    }

    @Test func tillsListsEveryTillWithTotalFloatAndStatusInEachFormat() throws {
        let till = try TillcountSandbox(currency: "GBP")
        try till.ok("--till", "Bar", "add", "20=3", "--currency", "GBP")
        try till.ok("--till", "Bar", "float", "10")
        let text = try till.ok("tills")
        let rows = text.stdout.split(separator: "\n").map(String.init)
        #expect(rows.count == 3 && rows[0].hasPrefix("TILL"), "\(text.stdout)")
        #expect(rows[1].hasPrefix("main") && rows[1].contains("empty"), "\(text.stdout)")
        #expect(rows[2].hasPrefix("Bar") && rows[2].contains("£60.00") && rows[2].contains("£10.00") && rows[2].contains("counting"), "\(text.stdout)")
        let json = try TillcountJSON.array(try till.ok("tills", "--format", "json").stdout)
        #expect(json.map { $0["name"] as? String } == ["main", "Bar"])
        #expect(json[1]["total"] as? String == "60.00" && json[1]["float"] as? String == "10.00" && json[1]["status"] as? String == "counting")
        #expect(json[1]["expected"] is NSNull)
        let csv = try till.ok("tills", "--format", "csv").stdout
        #expect(csv.hasPrefix("name,currency,total,float,expected,overShort,status,blind,updated\nmain,GBP,0.00,0.00,,,empty,false,"), "\(csv)")
        #expect(csv.contains("\nBar,GBP,60.00,10.00,,,counting,false,"))
        let tsv = try till.ok("tills", "--format", "tsv").stdout
        #expect(tsv.contains("Bar\tGBP\t60.00\t10.00\t\t\tcounting\tfalse\t"))
        #expect(try till.ok("tills", "--names").stdout == "main\nBar\n")
    }

    /// 'tills rm' end to end (issue 26, item 38): the destructive-command convention
    /// (--force off a terminal), its exit codes, the step in the till it ran from, undo;
    /// 'main' is listed only once used. The rules themselves: TillRemovalTests.
    @Test func tillsRmRemovesATillThatHoldsNothingAndUndoBringsItBack() throws {
        let till = try TillcountSandbox()
        try till.ok("--till", "Front", "add", "20=2", "--currency", "GBP")
        #expect(try till.ok("tills", "--names").stdout == "Front\n", "main, never used, is not listed")
        let full = try till.run("tills", "rm", "front", "--force")
        #expect(full.status == 65 && full.stderr.contains("the till 'Front' is not empty: it holds 1 denomination counted"), "\(full.stderr)")
        #expect(full.stderr.contains("hint: empty it first"), "\(full.stderr)")
        try till.ok("--till", "Front", "clear", "--force")
        let unforced = try till.run("tills", "rm", "Front")
        #expect(unforced.status == 64 && unforced.stderr.contains("without --force"), "\(unforced.stderr)")
        #expect(try till.run("--till", "Front", "tills", "rm", "Front", "--force").status == 65, "never from itself")
        #expect(try till.run("tills", "rm", "Bar", "--force").status == 66)
        let removed = try till.ok("tills", "rm", "Front", "--force")
        #expect(removed.stderr.contains("Removed the till 'Front'. Undo with: tillcount undo"), "\(removed.stderr)")
        #expect(!FileManager.default.fileExists(atPath: tillsFolder(till) + "/front.json"))
        // The step is main's, so main is used now.
        #expect(try till.ok("tills", "--names").stdout == "main\n")
        let undone = try till.ok("undo")
        #expect(undone.stderr.contains("Undid: tills rm Front (the till 'Front' is back)."), "\(undone.stderr)")
        let back = try TillcountJSON.object(try till.ok("--till", "Front", "show", "--format", "json").stdout)
        #expect(back["currency"] as? String == "GBP")
    }

    @Test func theOldLiveCountIsTheDefaultTillUsedInPlace() throws {
        let till = try TillcountSandbox()
        // A live count written before tills (format 3): the default till's, read as it is.
        try till.writeState(#"{"format": "tillcount-state", "version": 3, "content": {"currency": "GBP", "float": "5.00", "lines": [{"kind": "note", "value": "20.00", "quantity": 2}], "notes": ["old"], "updated": null, "undo": [], "purge": []}}"# + "\n")
        let before = try #require(till.stateBytes())
        #expect(try till.quantities(environment: ["TILLCOUNT_TILL": "Main"]) == ["20": 2])
        let listed = try TillcountJSON.array(try till.ok("tills", "--format", "json").stdout)
        try #require(listed.map { $0["name"] as? String } == ["main"])
        #expect(listed[0]["total"] as? String == "40.00")
        // Reading changed nothing and made no tills folder.
        #expect(till.stateBytes() == before)
        #expect(!FileManager.default.fileExists(atPath: tillsFolder(till)))
        try till.ok("--till", "main", "add", "20")
        #expect(try till.quantities() == ["20": 3])
        #expect(!FileManager.default.fileExists(atPath: tillsFolder(till)))
    }

    @Test(arguments: [
        (["--till", ""], Int32(64), "a till name cannot be empty"),
        (["--till", " Front"], Int32(64), "a till name cannot start or end with a space"),
        (["--till", "a\u{1B}[31mb"], Int32(65), "a till name cannot contain control characters"),
        (["--till", String(repeating: "x", count: 101)], Int32(65), "a till name can have at most 100 characters"),
    ])
    func aBadTillNameIsRefusedAndNothingIsStored(arguments: [String], status: Int32, message: String) throws {
        let till = try TillcountSandbox()
        let result = try till.run(arguments + ["add", "20", "--currency", "GBP"])
        #expect(result.status == status, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("tillcount: error: " + message), "\(result.stderr)")
        #expect(!till.stateExists)
        #expect(!FileManager.default.fileExists(atPath: tillsFolder(till)))
    }

    @Test func aBadTillcountTillIsAConfigurationError() throws {
        let till = try TillcountSandbox()
        let result = try till.run(["add", "20", "--currency", "GBP"], environment: ["TILLCOUNT_TILL": "a\tb"])
        #expect(result.status == 78, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("tillcount: error: TILLCOUNT_TILL: a till name cannot contain control characters"), "\(result.stderr)")
        #expect(!till.stateExists)
        // An empty variable is the default till.
        try till.ok("add", "20", "--currency", "GBP", environment: ["TILLCOUNT_TILL": ""])
        #expect(try till.quantities() == ["20": 1])
    }

    /// A till's file of an older tillcount that keeps another till is refused, by reads and
    /// by the first change (which would take it over), and left as it is.
    @Test func aTillFileKeepingAnotherTillIsRefusedUntouched() throws {
        let till = try TillcountSandbox()
        let folder = tillsFolder(till)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let planted = #"{"format": "tillcount-state", "version": 4, "content": {"till": "Front", "currency": "GBP", "float": "0.00", "lines": [{"kind": "note", "value": "20.00", "quantity": 1}], "notes": [], "updated": null, "undo": [], "purge": []}}"#
        try Data(planted.utf8).write(to: URL(fileURLWithPath: folder + "/back.json"))
        let before = try Data(contentsOf: URL(fileURLWithPath: folder + "/back.json"))
        for arguments in [["--till", "back", "show"], ["--till", "back", "add", "20", "--currency", "GBP"], ["add", "20", "--currency", "GBP"], ["tills"]] {
            let result = try till.run(arguments)
            #expect(result.status == 65, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("keeps") && result.stderr.contains("back.json"), "\(arguments): \(result.stderr)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/back.json")) == before)
        #expect(!FileManager.default.fileExists(atPath: folder + ".migrated"))
    }

    @Test func savedCountsRecordTheirTillAndHistoryFiltersByIt() throws {
        let till = try TillcountSandbox(currency: "GBP")
        try till.ok("add", "20")
        try till.ok("save")
        try till.ok("--till", "Front", "add", "10", "--currency", "GBP")
        try till.ok("--till", "Front", "save")
        let all = try TillcountJSON.array(try till.ok("history", "--format", "json").stdout)
        #expect(all.map { $0["till"] as? String } == ["Front", "main"])
        #expect(try till.ok("history", "--till", "FRONT", "--ids").stdout == "2\n")
        #expect(try till.ok("history", "list", "--till", "main", "--ids").stdout == "1\n")
        // The variable picks the till to work on; it does not filter the history.
        #expect(try till.ok("history", "--ids", environment: ["TILLCOUNT_TILL": "Front"]).stdout == "2\n1\n")
        // The text table names the till when the list holds more than the default till's.
        let both = try till.ok("history").stdout
        #expect(both.hasPrefix("ID  SAVED") && both.contains(" TILL ") && both.contains(" Front "), "\(both)")
        #expect(!(try till.ok("history", "--till", "main").stdout.contains("TILL")))
        let shown = try till.ok("history", "show", "2")
        #expect(shown.stdout.contains("Till Front, X count"), "\(shown.stdout)")
        let json = try TillcountJSON.object(try till.ok("history", "show", "2", "--format", "json").stdout)
        #expect(json["till"] as? String == "Front" && json["kind"] as? String == "x")
    }
}

extension TillcountSandbox {
    /// The counted lines of the live count with `environment` added.
    func quantities(environment: [String: String], sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Int] {
        let result = try run(["show", "--format", "json"], environment: environment)
        #expect(result.status == 0, "\(result.stderr)", sourceLocation: sourceLocation)
        return try TillcountJSON.quantities(try TillcountJSON.object(result.stdout), sourceLocation: sourceLocation)
    }
}

@Suite struct TillcountTillsMigrationTests {
    /// A history made by schema version 3 (before tills): read as the default till's X
    /// counts without being changed, and migrated by the first save, keeping every row.
    @Test(.enabled(if: SQLiteShell.available, "needs /usr/bin/sqlite3"))
    func aVersion3HistoryIsTheDefaultTillsXCounts() throws {
        // The live count in a file of that time: a change here would make the database.
        let till = try TillcountSandbox()
        try till.writeState(TillcountSandbox.emptyState(currency: "GBP"))
        let schema = TillcountSandbox.version1Tables + """
            ALTER TABLE count_lines ADD COLUMN roll_size INTEGER;
            ALTER TABLE count_lines ADD COLUMN packaging TEXT;
            ALTER TABLE count_lines ADD COLUMN line_value INTEGER;
            ALTER TABLE count_lines ADD COLUMN roll_size_from TEXT;
            ALTER TABLE count_lines ADD COLUMN token TEXT;
            ALTER TABLE count_lines ADD COLUMN label TEXT;
            ALTER TABLE counts ADD COLUMN saved_by TEXT;
            ALTER TABLE counts ADD COLUMN deleted_at TEXT;
            ALTER TABLE counts ADD COLUMN deleted_by TEXT;
            PRAGMA user_version = 3;
            PRAGMA application_id = 1296782403;
            INSERT INTO counts VALUES (1, '2026-01-02T03:04:05Z', 'Friday close', 'GBP', 6000, 1000, NULL, 'old', NULL, NULL, NULL);
            INSERT INTO count_lines VALUES (1, 'note', 2000, 3, 1, NULL, 6000, 'saved', '20', '£20');
            """
        #expect(try SQLiteShell.query(till.dbPath, schema) != nil)
        let before = till.historyBytes()
        let listed = try TillcountJSON.array(try till.ok("history", "--format", "json").stdout)
        try #require(listed.count == 1)
        #expect(listed[0]["till"] as? String == "main" && listed[0]["kind"] as? String == "x" && listed[0]["number"] is NSNull)
        #expect(try till.ok("history", "--till", "main", "--ids").stdout == "1\n")
        #expect(till.historyBytes() == before, "reading migrated the history")
        try till.ok("add", "20")
        #expect(try till.ok("save", "--kind", "z").stdout == "2\n")
        #expect(try till.sqlite("PRAGMA user_version") == "8")
        #expect(try till.sqlite("SELECT id, till, till_key, kind, z_number, label FROM counts ORDER BY id") == "1|main|main|x||Friday close\n2|main|main|z|1|")
        try till.ok("history", "label", "1", "relabelled")
        #expect(try till.sqlite("SELECT label FROM counts WHERE id = 1") == "Friday close", "the count's own row never changes")
    }
}

@Suite struct TillcountTillsLockTests {
    /// Each till has its own lock: while another process holds the default till's, a
    /// change to another till goes through at once.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/flock"), "needs flock(1)"), .timeLimit(.minutes(1)))
    func aTillIsChangedWhileAnotherTillIsLocked() throws {
        let till = try TillcountSandbox(currency: "GBP")
        try till.ok("--till", "Front", "currency", "GBP")
        // flock -o: the lock is the flock process's own, released when it is killed.
        let holder = try TillcountSpawn.spawn("/usr/bin/flock", ["-x", "-o", till.statePath, "/bin/sleep", "30"], environment: [:])
        defer {
            kill(holder, SIGKILL)
            _ = TillcountSpawn.wait(holder)
        }
        let deadline = Date().addingTimeInterval(10)
        var locked = false
        while !locked && Date() < deadline {
            let probe = try TillcountSpawn.spawn("/usr/bin/flock", ["-x", "-n", till.statePath, "/bin/true"], environment: [:])
            locked = TillcountSpawn.wait(probe) != .exited(0)
            if !locked { usleep(20_000) }
        }
        #expect(locked, "the default till's file was never locked")
        let started = Date()
        try till.ok("--till", "Front", "add", "20")
        #expect(Date().timeIntervalSince(started) < 5, "the change waited for another till's lock")
        #expect(try till.quantities(environment: ["TILLCOUNT_TILL": "Front"]) == ["20": 1])
    }
}

@Suite struct TillcountTillsStatusTests {
    static func status(_ till: TillcountSandbox, _ name: String) throws -> [String: Any] {
        let rows = try TillcountJSON.array(try till.ok("tills", "--format", "json").stdout)
        return try #require(rows.first { $0["name"] as? String == name }, "\(rows)")
    }

    /// With movements recorded, a till is balanced, over or short against its expected
    /// cash (within its tolerance counts as balanced); a blind till tells none of it.
    @Test func theStatusSetsEachTillAgainstItsExpectedCash() throws {
        let till = try TillcountSandbox(currency: "GBP")
        try till.ok("--till", "Bar", "currency", "GBP")
        try till.ok("--till", "Bar", "float", "10")
        try till.ok("--till", "Bar", "sales", "50")
        try till.ok("--till", "Bar", "add", "20=3")
        var bar = try Self.status(till, "Bar")
        #expect(bar["status"] as? String == "balanced" && bar["expected"] as? String == "60.00" && bar["overShort"] as? String == "0.00", "\(bar)")
        try till.ok("--till", "Bar", "add", "1")
        bar = try Self.status(till, "Bar")
        #expect(bar["status"] as? String == "over" && bar["overShort"] as? String == "1.00", "\(bar)")
        try till.ok("--till", "Bar", "tolerance", "1")
        #expect(try Self.status(till, "Bar")["status"] as? String == "balanced")
        try till.ok("--till", "Bar", "sub", "20")
        #expect(try Self.status(till, "Bar")["status"] as? String == "short")
        try till.ok("--till", "Bar", "blind", "on")
        bar = try Self.status(till, "Bar")
        #expect(bar["status"] as? String == "counting" && bar["expected"] is NSNull && bar["overShort"] is NSNull, "\(bar)")
        #expect(bar["blind"] as? Bool == true)
        let text = try till.ok("tills").stdout
        #expect(!text.contains("short"), "a blind till's standing shows: \(text)")
    }

    @Test func tillInANoteIsTheTillsName() throws {
        let till = try TillcountSandbox(currency: "GBP")
        try till.ok("--till", "Front Desk", "add", "20", "--currency", "GBP")
        #expect(try till.ok("--till", "front desk", "note", "closed {till}").stdout == "closed Front Desk\n")
        #expect(try till.ok("note", "{till} too").stdout == "main too\n")
    }
}

@Suite struct TillcountTillsReportTests {
    @Test func theReportNamesItsTill() throws {
        let till = try TillcountSandbox(currency: "GBP")
        try till.ok("--till", "Front Desk", "add", "20", "--currency", "GBP")
        let text = try till.ok("--till", "front desk", "report").stdout
        #expect(text.hasPrefix("Till count, Front Desk, "), "\(text)")
        #expect(try till.ok("report").stdout.range(of: #"^Till count, \d{4}-"#, options: .regularExpression) != nil, "the default till's title is as before")
        let json = try TillcountJSON.object(try till.ok("--till", "Front Desk", "report", "--format", "json").stdout)
        #expect(json["till"] as? String == "Front Desk")
        let html = try till.ok("--till", "Front Desk", "report", "--format", "html").stdout
        #expect(html.contains("<div><dt>Till</dt><dd>Front Desk</dd></div>"), "\(html.prefix(2000))")
    }
}

/// A till name typed wrong must not count into a new till unnoticed: the command that
/// starts a till says so once; show names every till but the default one.
@Suite struct TillcountNewTillNoticeTests {
    @Test func startingATillIsSaidOnceAndOnlyByTheCommandThatStartsIt() throws {
        let till = try TillcountSandbox(currency: "GBP")
        let first = try till.ok("--till", "Frnt", "add", "20=1", "--currency", "GBP")
        #expect(first.stderr.contains("Started the new till 'Frnt'"), "\(first.stderr)")
        let second = try till.ok("--till", "frnt", "add", "20=1")
        #expect(!second.stderr.contains("Started"), "\(second.stderr)")
        // Reading a till that does not exist starts nothing, and says nothing.
        let read = try till.ok("--till", "Bar", "show")
        #expect(!read.stderr.contains("Started"), "\(read.stderr)")
        #expect(try till.ok("tills", "--names").stdout == "main\nFrnt\n")
        // The default till is never "new".
        #expect(!(try till.ok("add", "20=1").stderr.contains("Started")))
    }

    @Test func showNamesTheTillButTheDefaultOne() throws {
        let till = try TillcountSandbox(currency: "GBP")
        try till.ok("--till", "Back bar", "add", "20=1", "--currency", "GBP")
        let bar = try till.ok("--till", "Back bar", "show")
        #expect(bar.stdout.hasPrefix("Till Back bar\n"), "\(bar.stdout)")
        let json = try TillcountJSON.object(try till.ok("--till", "Back bar", "show", "--format", "json").stdout)
        #expect(json["till"] as? String == "Back bar")
        try till.ok("add", "20=1")
        #expect(!(try till.ok("show").stdout.contains("Till")))
    }
}
