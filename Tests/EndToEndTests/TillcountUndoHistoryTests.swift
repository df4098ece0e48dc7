// tillcount undo across the live count and the history (issue 13 item 24): save and
// history rm are undo steps in the one stack, reverted exactly and in the true order of
// the commands; a deleted count is hidden until its step leaves the last 100, then
// purged; a store of the previous schema and format migrates without loss.
//
// Crash safety is by construction (see Sources/TillKit/Till.swift): save and rm
// write their undo step to the live count file before the history changes, and undo
// reverts the history before it takes the step off the stack. So a kill between the two
// writes leaves a step that names nothing to revert, never a deleted count without its
// step; undo drops such a step with a warning and undoes the one before it. The tests
// below build exactly those in-between files (TillcountUndoCrashTests kills rm at random
// instants).

import MoneyKitStorage
import Foundation
import Testing

@Suite struct TillcountUndoHistoryTests {
    /// A GBP count with a float, notes, loose notes and a bag, saved as 1 with a label and
    /// an expected amount, then changed and saved as 2.
    static func twoSaved() throws -> TillcountSandbox {
        let till = try TillcountSandbox(currency: "GBP")
        try till.ok("float", "100")
        try till.ok("add", "20=3", "roll:1=1", "0.50=3")
        try till.ok("note", "counted by Sam")
        try till.ok("note", "second line")
        #expect(try till.ok("save", "--label", "Friday close", "--expected", "200").stdout == "1\n")
        try till.ok("add", "10=2")
        #expect(try till.ok("save").stdout == "2\n")
        return till
    }

    /// The saved rows of count `id`, as sqlite3 prints them: every column of counts, then
    /// every column of its lines with their rowids.
    static func rows(_ till: TillcountSandbox, _ id: Int) throws -> String? {
        guard let count = try till.sqlite("SELECT * FROM counts WHERE id = \(id)"),
            let lines = try till.sqlite("SELECT rowid, * FROM count_lines WHERE count_id = \(id) ORDER BY rowid")
        else { return nil }
        return count + "\n--\n" + lines
    }

    /// The default till's undo steps, oldest first (TillcountSandbox.undoSteps).
    static func steps(_ till: TillcountSandbox) throws -> [[String: Any]] {
        try till.undoSteps()
    }

    // MARK: rm and save undone

    @Test func rmThenUndoBringsTheSavedCountBackExactly() throws {
        let till = try Self.twoSaved()
        let shown = try till.ok("history", "show", "1", "--format", "json").stdout
        let shownText = try till.ok("history", "show", "1").stdout
        let listed = try till.ok("history", "--format", "json").stdout
        let rows = try Self.rows(till, 1)
        let live = try till.ok("show", "--format", "json").stdout

        let deleted = try till.ok("history", "rm", "1", "--force")
        #expect(deleted.stderr == "Deleted saved count 1. Undo with: tillcount undo\n")
        #expect(try till.ok("history", "--ids").stdout == "2\n")
        #expect(try till.run("history", "show", "1").status == 66)
        let step = try #require(try Self.steps(till).last)
        #expect(step["kind"] as? String == "history")
        #expect(step["change"] as? String == "rm")
        #expect((step["id"] as? NSNumber)?.intValue == 1)
        #expect(step["action"] as? String == "history rm 1")

        let undone = try till.ok("undo")
        #expect(undone.stderr == "Undid: history rm 1 (saved count 1 is back in the history).\n")
        #expect(try till.ok("history", "show", "1", "--format", "json").stdout == shown, "same id, lines, label, notes, time and expected")
        #expect(try till.ok("history", "show", "1").stdout == shownText)
        #expect(try till.ok("history", "--format", "json").stdout == listed)
        #expect(try till.ok("show", "--format", "json").stdout == live, "neither rm nor its undo touch the live count")
        if let rows {
            #expect(try Self.rows(till, 1) == rows, "the stored rows are byte for byte what they were")
        }
        #expect(try till.sqlite("PRAGMA integrity_check") ?? "ok" == "ok")
    }

    @Test func saveThenUndoRemovesTheSavedCountAndLeavesTheLiveCount() throws {
        let till = try TillcountSandbox(currency: "GBP")
        try till.ok("add", "20=2", "roll:1=1")
        try till.ok("note", "till 1")
        let live = try till.ok("show", "--format", "json").stdout
        let notes = try till.ok("note").stdout
        #expect(try till.ok("save", "--label", "Close").stdout == "1\n")
        #expect(try till.ok("show", "--format", "json").stdout == live, "save does not change the live count")

        let undone = try till.ok("undo")
        #expect(undone.stderr == "Undid: save --label Close (saved count 1 is removed from the history; the live count is unchanged).\n")
        #expect(try till.ok("history", "--ids").stdout.isEmpty)
        #expect(try till.run("history", "show", "1").status == 66)
        #expect(try till.ok("show", "--format", "json").stdout == live)
        #expect(try till.ok("note").stdout == notes)
        if SQLiteShell.available {
            #expect(try till.sqlite("SELECT count(*) FROM counts") == "0", "undo of a save deletes the row, not hides it")
            #expect(try till.sqlite("SELECT count(*) FROM count_lines") == "0")
        }
        // The next save never reuses the id.
        #expect(try till.ok("save").stdout == "2\n")
        // And the undo before the save is the add's.
        try till.ok("undo")
        #expect(try till.ok("undo").stderr == "Undid: note till 1. Total £60.00\n")
        #expect(try till.ok("undo").stderr == "Undid: add 20=2 roll:1=1. Total £0.00\n")
    }

    @Test func undoFollowsTheTrueOrderOfLiveAndHistoryChanges() throws {
        let till = try TillcountSandbox(currency: "GBP")
        try till.ok("add", "20=1")
        #expect(try till.ok("save").stdout == "1\n")
        try till.ok("add", "10=1")
        try till.ok("history", "rm", "1", "-f")
        #expect(try till.quantities() == ["20": 1, "10": 1])
        #expect(try till.ok("history", "--ids").stdout.isEmpty)

        #expect(try till.ok("undo").stderr == "Undid: history rm 1 (saved count 1 is back in the history).\n")
        #expect(try till.ok("history", "--ids").stdout == "1\n")
        #expect(try till.quantities() == ["20": 1, "10": 1], "the rm's undo leaves the live count")

        #expect(try till.ok("undo").stderr == "Undid: add 10=1. Total £20.00\n")
        #expect(try till.quantities() == ["20": 1])
        #expect(try till.ok("history", "--ids").stdout == "1\n", "the add's undo leaves the history")

        #expect(try till.ok("undo").stderr.hasPrefix("Undid: save (saved count 1 is removed"))
        #expect(try till.ok("history", "--ids").stdout.isEmpty)
        #expect(try till.quantities() == ["20": 1])

        #expect(try till.ok("undo").stderr == "Undid: add 20=1. Total £0.00\n")
        #expect(try till.ok("undo").stderr.hasPrefix("Undid: currency GBP. Total "))
        let before = try #require(till.stateBytes())
        let nothing = try till.run("undo")
        #expect(nothing.status == 66)
        #expect(nothing.stderr.hasPrefix("tillcount: error: nothing to undo\n"))
        #expect(till.stateBytes() == before, "nothing to undo changes nothing")
    }

    /// The save's undo step and its count are one transaction: a save the history refuses
    /// part way (here the till's Z numbers are used up) leaves no step behind.
    @Test(.enabled(if: SQLiteShell.available, "needs /usr/bin/sqlite3"))
    func aSaveTheHistoryRefusesLeavesNoUndoStep() throws {
        let till = try TillcountSandbox(currency: "GBP")
        try till.ok("add", "20=2")
        _ = try till.sqlite(
            "INSERT INTO counts (saved_at, currency, total, float, notes, till, till_key, kind, z_number) VALUES ('2026-01-01T00:00:00Z', 'GBP', 0, 0, '', 'main', 'main', 'z', 9223372036854775807)")
        let before = try #require(till.stateBytes())
        let refused = try till.run("save", "--kind", "z")
        #expect(refused.status == 65, "\(refused.stderr)")
        #expect(refused.stderr.contains("used up"), "\(refused.stderr)")
        #expect(till.stateBytes() == before, "no step for a save that never happened")
        #expect(try till.ok("undo").stderr == "Undid: add 20=2. Total £0.00\n")
    }

    @Test func nothingToUndoIsExit66() throws {
        let till = try TillcountSandbox()
        let fresh = try till.run("undo")
        #expect(fresh.status == 66)
        #expect(fresh.stderr.contains("nothing to undo"))
        #expect(!till.stateExists, "undo creates no file")
        #expect(!FileManager.default.fileExists(atPath: till.dbPath))
    }

    // MARK: hidden everywhere

    @Test func aDeletedCountIsInvisibleEverywhere() throws {
        let till = try Self.twoSaved()
        try till.ok("history", "rm", "1", "--force")
        #expect(try till.ok("history", "--ids").stdout == "2\n")
        #expect(try till.ok("history", "list", "--ids").stdout == "2\n")
        let json = try TillcountJSON.array(try till.ok("history", "--format", "json").stdout)
        #expect(json.map { ($0["id"] as? NSNumber)?.intValue } == [2])
        for format in ["csv", "tsv"] {
            let lines = try till.ok("history", "--format", format).stdout.split(separator: "\n")
            #expect(lines.count == 2, "\(format): header and count 2 only")
            #expect(!lines.contains { $0.hasPrefix("1,") || $0.hasPrefix("1\t") })
        }
        let text = try till.run(["history"], environment: ["COLUMNS": "160"]).stdout
        #expect(!text.contains("Friday close"))
        for arguments in [["history", "show", "1"], ["history", "show", "1", "--format", "json"], ["resume", "1", "--force"], ["history", "rm", "1", "--force"]] {
            let result = try till.run(arguments)
            #expect(result.status == 66, "\(arguments)")
            #expect(result.stderr.contains("no saved count with id 1"), "\(arguments): \(result.stderr)")
        }
        let completion = try till.ok("--complete", "--", "history", "show", "")
        #expect(completion.stdout.contains("2"))
        #expect(!completion.stdout.split(separator: "\n").contains("1"), "\(completion.stdout)")
        // Still in the database, hidden, until its undo step is gone.
        if SQLiteShell.available {
            #expect(try till.sqlite("SELECT count(*) FROM counts WHERE id = 1 AND deleted_at IS NOT NULL AND deleted_by IS NOT NULL") == "1")
        }
    }

    // MARK: purge

    @Test(.timeLimit(.minutes(3)))
    func aDeletedCountIsPurgedOnceItsStepLeavesTheLast100() throws {
        let till = try TillcountSandbox(currency: "GBP")
        try till.ok("add", "20=2", "roll:1=1")
        #expect(try till.ok("save").stdout == "1\n")
        try till.ok("history", "rm", "1", "-f")
        // 99 more steps after it, written into the journal as 99 changes would leave it
        // (TillKitTests' TillRulesTests makes them one by one): the rm's is the oldest of
        // the last 100, still undoable.
        _ = try till.sqlite("""
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 99)
            INSERT INTO journal_steps (label, at, actor) SELECT 'set 10=' || i, 0, 'main' || char(9) FROM n;
            INSERT INTO journal_records (step_id, position, kind, key, before)
            SELECT id, 0, 'live', 'main', '{"currency": "GBP", "float": "0.00", "lines": [], "notes": []}' FROM journal_steps WHERE label LIKE 'set 10=%';
            """)
        #expect(try Self.steps(till).count == 103)
        #expect(try Self.steps(till)[3]["change"] as? String == "rm")
        if SQLiteShell.available {
            #expect(try till.sqlite("SELECT count(*) FROM counts WHERE id = 1") == "1", "not purged while its step is kept")
        }
        // The 100th step after it pushes it out: the count is purged, lines and all.
        try till.ok("set", "10=100")
        let steps = try Self.steps(till)
        #expect(steps.count == 100)
        #expect(!steps.contains { $0["kind"] as? String == "history" })
        if SQLiteShell.available {
            #expect(try till.sqlite("SELECT count(*) FROM counts") == "0")
            #expect(try till.sqlite("SELECT count(*) FROM count_lines") == "0")
        }
        // Undoing never brings it back (all 100 steps: TillRulesTests).
        try till.ok("undo")
        #expect(try till.quantities() == ["20": 2, "roll:1": 1])
        try till.ok("undo")
        #expect(try till.ok("history", "--ids").stdout.isEmpty)
    }

    // MARK: crash safety

    /// A history step whose change is undone already outside tillcount (count 1 shown again
    /// by hand): undo drops it with a warning and undoes the step before it.
    @Test(.enabled(if: SQLiteShell.available, "needs /usr/bin/sqlite3"))
    func aStepWhoseHistoryChangeIsGoneIsSkipped() throws {
        let till = try Self.twoSaved()
        let rows = try Self.rows(till, 1)
        try till.ok("history", "rm", "1", "-f")
        _ = try till.sqlite("UPDATE counts SET deleted_at = NULL, deleted_by = NULL WHERE id = 1")
        let skipped = try till.ok("undo")
        #expect(skipped.stderr.contains("tillcount: warning: skipped the undo step 'history rm 1': saved count 1 is not deleted"), "\(skipped.stderr)")
        #expect(skipped.stderr.hasSuffix("Undid: save (saved count 2 is removed from the history; the live count is unchanged).\n"), "then the step before it")
        #expect(try till.ok("history", "--ids").stdout == "1\n")
        #expect(try Self.rows(till, 1) == rows, "count 1 untouched")
    }

    // MARK: the stored formats

    /// A history made by schema version 2 and a live count file of format 2 (what
    /// tillcount wrote before undo covered the history): read as they are, untouched, and
    /// migrated by the first change without losing a thing.
    @Test(.enabled(if: SQLiteShell.available, "needs /usr/bin/sqlite3"))
    func aVersion2HistoryAndFormat2CountMigrateWithoutLoss() throws {
        let till = try TillcountSandbox()
        let schema = TillcountSandbox.version1Tables + """
            ALTER TABLE count_lines ADD COLUMN roll_size INTEGER;
            ALTER TABLE count_lines ADD COLUMN packaging TEXT;
            ALTER TABLE count_lines ADD COLUMN line_value INTEGER;
            ALTER TABLE count_lines ADD COLUMN roll_size_from TEXT;
            ALTER TABLE count_lines ADD COLUMN token TEXT;
            ALTER TABLE count_lines ADD COLUMN label TEXT;
            PRAGMA user_version = 2;
            PRAGMA application_id = 1296782403;
            INSERT INTO counts VALUES (1, '2026-01-02T03:04:05Z', 'Friday close', 'GBP', 8150, 10000, 20000, 'counted by Sam' || char(10) || 'second');
            INSERT INTO count_lines VALUES (1, 'note', 2000, 3, 1, NULL, 6000, 'saved', '20', '£20');
            INSERT INTO count_lines VALUES (1, 'roll', 100, 1, 20, 'bag', 2000, 'saved', 'roll:1', '£1 bag of 20');
            INSERT INTO count_lines VALUES (1, 'coin', 50, 3, 1, NULL, 150, 'saved', '0.50', '50p');
            INSERT INTO counts VALUES (2, '2026-01-03T10:00:00Z', NULL, 'EUR', 15000, 2000, NULL, '');
            INSERT INTO count_lines VALUES (2, 'note', 5000, 2, 1, NULL, 10000, 'saved', '50', '€50');
            INSERT INTO count_lines VALUES (2, 'roll', 200, 1, 25, 'roll', 5000, 'saved', 'roll:2', '€2 roll of 25');
            """
        #expect(try SQLiteShell.query(till.dbPath, schema) != nil)
        let snapshot = { (quantity: Int, notes: String) in
            #"{"currency": "GBP", "float": "100.00", "lines": [{"kind": "note", "value": "20.00", "quantity": \#(quantity)}], "notes": [\#(notes)], "updated": null}"#
        }
        try till.writeState(#"{"format": "tillcount-state", "version": 2, "content": {"currency": "GBP", "float": "100.00", "lines": [{"kind": "note", "value": "20.00", "quantity": 3}], "notes": ["kept"], "updated": "2026-01-02T03:04:05Z", "undo": [\#(snapshot(1, "")), \#(snapshot(2, #""kept""#))]}}"#)

        // Reading: everything is there, and neither file changes.
        let dbBefore = till.historyBytes()
        let stateBefore = try #require(till.stateBytes())
        let shown = [1, 2].map { try? till.ok("history", "show", String($0), "--format", "json").stdout }
        let listed = try till.ok("history", "--format", "json").stdout
        #expect(try TillcountJSON.array(listed).map { ($0["id"] as? NSNumber)?.intValue } == [2, 1])
        #expect(try TillcountJSON.quantities(try TillcountJSON.object(try #require(shown[0]))) == ["20": 3, "roll:1": 1, "0.50": 3])
        #expect(try TillcountJSON.object(try #require(shown[1]))["total"] as? String == "150.00")
        #expect(try till.quantities() == ["20": 3])
        #expect(till.historyBytes() == dbBefore, "reading migrates nothing")
        #expect(till.stateBytes() == stateBefore)
        #expect(try till.sqlite("PRAGMA user_version") == "2")

        // The first change migrates both; nothing is lost.
        try till.ok("history", "rm", "1", "--force")
        #expect(try till.sqlite("PRAGMA user_version") == "8")
        #expect(till.stateEnvelope()?.version == 4)
        let steps = try Self.steps(till)
        #expect(steps.count == 3)
        #expect(steps.prefix(2).allSatisfy { $0["kind"] as? String == "count" && $0["action"] is NSNull })
        #expect(try till.ok("history", "show", "2", "--format", "json").stdout == shown[1])
        #expect(try till.ok("undo").stderr == "Undid: history rm 1 (saved count 1 is back in the history).\n")
        #expect(try till.ok("history", "show", "1", "--format", "json").stdout == shown[0])
        #expect(try till.ok("history", "--format", "json").stdout == listed)
        // The format 2 snapshots undo as before, notes included.
        #expect(try till.ok("undo").stderr == "Undid: the last change to the live count. Total £40.00\n")
        #expect(try till.ok("note").stdout == "kept\n")
        #expect(try till.ok("undo").stderr == "Undid: the last change to the live count. Total £20.00\n")
        #expect(try till.ok("note").stdout == "")
        #expect(try till.run("undo").status == 66)
        #expect(try till.sqlite("PRAGMA integrity_check") == "ok")
        #expect(try till.sqlite("SELECT count(*) FROM counts WHERE saved_by IS NULL") == "2", "old counts keep no save key")
    }

    @Test func aFormat2CountIsWrittenAsFormat3ByItsNextChange() throws {
        let till = try TillcountSandbox()
        try till.writeState(#"{"format": "tillcount-state", "version": 2, "content": {"currency": "GBP", "float": "0.00", "lines": [{"kind": "note", "value": "20.00", "quantity": 1}], "notes": [], "updated": null, "undo": [{"currency": "GBP", "float": "0.00", "lines": [], "notes": [], "updated": null}]}}"#)
        try till.ok("add", "10")
        let envelope = try #require(till.stateEnvelope())
        #expect(envelope.version == 4)
        let steps = try Self.steps(till)
        #expect(steps.map { $0["kind"] as? String } == ["count", "count"])
        #expect(steps.last?["action"] as? String == "add 10")
        #expect((steps.first?["count"] as? [String: Any])?["lines"] as? [Any] != nil)
        #expect(envelope.content["undo"] == nil && envelope.content["purge"] == nil, "the steps are the journal's")
        #expect(try till.ok("undo").stderr == "Undid: add 10. Total £20.00\n")
        #expect(try till.ok("undo").stderr == "Undid: the last change to the live count. Total £0.00\n")
    }

    @Test(arguments: [
        ("a step of unknown kind", #"[{"kind": "other"}]"#),
        ("an rm step without an id", #"[{"kind": "history", "change": "rm", "id": null, "key": "ab", "at": "x", "action": "history rm 1"}]"#),
        ("a step with an unknown change", #"[{"kind": "history", "change": "edit", "id": 1, "key": "ab", "at": "x", "action": "a"}]"#),
        ("a key that is not hex", #"[{"kind": "history", "change": "rm", "id": 1, "key": "AB'; DROP", "at": "x", "action": "a"}]"#),
        ("two steps with one key", #"[{"kind": "history", "change": "rm", "id": 1, "key": "ab", "at": "x", "action": "a"}, {"kind": "history", "change": "save", "id": null, "key": "ab", "at": "x", "action": "save"}]"#),
        ("a count step with a bad snapshot", #"[{"kind": "count", "action": "add", "count": {"currency": "GBP", "float": "-1.00", "lines": [], "notes": []}}]"#),
    ])
    func aFormat3FileWithABadStepIsRefusedUntouched(what: String, undo: String) throws {
        let till = try TillcountSandbox()
        try till.writeState(#"{"format": "tillcount-state", "version": 3, "content": {"currency": "GBP", "float": "0.00", "lines": [], "notes": [], "updated": null, "undo": \#(undo), "purge": []}}"#)
        let before = try #require(till.stateBytes())
        for arguments in [["show"], ["undo"], ["add", "20"]] {
            let result = try till.run(arguments)
            #expect(result.status == 65, "\(what), \(arguments): \(result.status) \(result.stderr)")
            #expect(till.stateBytes() == before, "\(what)")
        }
    }

    @Test func aPurgeKeyStillOnTheStackIsRefused() throws {
        let till = try TillcountSandbox()
        try till.writeState(#"{"format": "tillcount-state", "version": 3, "content": {"currency": "GBP", "float": "0.00", "lines": [], "notes": [], "updated": null, "undo": [{"kind": "history", "change": "rm", "id": 1, "key": "ab", "at": "x", "action": "a"}], "purge": ["ab"]}}"#)
        let before = try #require(till.stateBytes())
        let result = try till.run("undo")
        #expect(result.status == 65)
        #expect(result.stderr.contains("still on the undo stack"), "\(result.stderr)")
        #expect(till.stateBytes() == before)
    }
}
