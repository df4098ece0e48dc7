// A saved count through the binary (issue 26): it keeps its movements and tolerance
// verdict in history show (text, JSON, the printable HTML page) and history export, and
// a history of schema version 4 stays readable (item 10); the file store refuses to undo
// a save the back office has labelled and noted (item 11); a change that would leave a
// count no command can read is refused, naming no hidden figure (items 16, 17). The
// rules themselves are tested in TillKitTests; these check what only the tool shows.

import Foundation
import Testing

@Suite struct TillcountSavedCashTests {
    /// £142 counted against a £100 float; sales £120, £12.50 paid out for milk, £20 paid in,
    /// a £50 drop (expected £177.50: short by £35.50), tolerance £1; saved, then cleared.
    static func savedTill() throws -> TillcountSandbox {
        let till = try TillcountSandbox(currency: "GBP")
        try till.ok("float", "100")
        try till.ok("add", "20=6", "10=2", "2=1")
        try till.ok("sales", "120")
        try till.ok("paid-out", "12.50", "--reason", "milk & <eggs>")
        try till.ok("paid-in", "20", "--reason", "change")
        try till.ok("drop", "50")
        try till.ok("tolerance", "1")
        #expect(try till.ok("save", "--label", "Friday").stdout == "1\n")
        try till.ok("clear", "--force")
        try till.ok("tolerance", "100")
        return till
    }

    @Test func historyShowAndExportKeepTheMovementsAndTheVerdict() throws {
        let till = try Self.savedTill()
        let text = try till.ok("history", "show", "1").stdout
        for shown in ["Cash sales", "£120.00", "Paid out", "£12.50", "milk & <eggs>", "Drops", "£50.00", "short by £35.50", "beyond tolerance (£1.00)"] {
            #expect(text.contains(shown), "history show lacks \(shown):\n\(text)")
        }
        let json = try TillcountJSON.object(try till.ok("history", "show", "1", "--format", "json").stdout)
        #expect(json["sales"] as? String == "120.00" && json["paidOut"] as? String == "12.50" && json["drops"] as? String == "50.00")
        #expect(json["expected"] as? String == "177.50" && json["overShort"] as? String == "-35.50")
        #expect(json["tolerance"] as? String == "1.00" && json["beyondTolerance"] as? Bool == true)
        let movements = try #require(json["movements"] as? [[String: Any]])
        #expect(movements.map { $0["kind"] as? String } == ["sale", "paid-out", "paid-in", "drop"])
        #expect(movements[1]["reason"] as? String == "milk & <eggs>")

        let page = try till.ok("history", "show", "1", "--format", "html").stdout
        HTMLPage.expectBalanced(page)
        #expect(page.contains("<h1>Saved count 1</h1>") && page.contains("<dd>Friday</dd>"))
        #expect(HTMLPage.rows(page, table: "totals") == [
            ["Total", "£142.00"], ["Float", "£100.00"], ["Deposit", "£42.00"],
            ["Cash sales", "£120.00"], ["Paid in", "£20.00"], ["Paid out", "£12.50"], ["Drops", "£50.00"],
            ["Expected", "£177.50"], ["Over/short", "short by £35.50"], ["Tolerance", "beyond tolerance (£1.00)"],
        ])
        #expect(HTMLPage.rows(page, table: "movements").dropFirst().map { Array($0.dropFirst()) } == [
            ["paid out", "£12.50", "milk & <eggs>"], ["paid in", "£20.00", "change"], ["drop", "£50.00", ""],
        ])

        let export = try TillcountJSON.array(try till.ok("history", "export", "--format", "json").stdout)
        #expect(export.first?["sales"] as? String == "120.00" && export.first?["beyondTolerance"] as? Bool == true)
        #expect((export.first?["movements"] as? [[String: Any]])?.map { $0["reason"] as? String } == [nil, "milk & <eggs>", "change", nil])
        let csv = try till.ok("history", "export").stdout.split(separator: "\n").map(String.init)
        #expect(csv.first?.hasSuffix(",value,sales,paidIn,paidOut,drops,tolerance,beyondTolerance,refunds,movements") == true)
        #expect(csv.dropFirst().allSatisfy { $0.hasSuffix(",120.00,20.00,12.50,50.00,1.00,true,0.00,sale 120.00; paid-out 12.50 milk & <eggs>; paid-in 20.00 change; drop 50.00") }, "\(csv)")
    }

    /// A history left by schema version 4 (no movements kept): read untouched, its counts
    /// shown as before; the next save migrates it and keeps both.
    @Test(.enabled(if: SQLiteShell.available, "needs /usr/bin/sqlite3"))
    func aVersion4HistoryStaysReadable() throws {
        // The live count in a file of that time: a change here would make the database.
        let till = try TillcountSandbox()
        try till.writeState(TillcountSandbox.emptyState(currency: "GBP"))
        let schema = TillcountSandbox.version1Tables + """
            ALTER TABLE count_lines ADD COLUMN roll_size INTEGER; ALTER TABLE count_lines ADD COLUMN packaging TEXT;
            ALTER TABLE count_lines ADD COLUMN line_value INTEGER; ALTER TABLE count_lines ADD COLUMN roll_size_from TEXT;
            ALTER TABLE count_lines ADD COLUMN token TEXT; ALTER TABLE count_lines ADD COLUMN label TEXT;
            ALTER TABLE counts ADD COLUMN saved_by TEXT; ALTER TABLE counts ADD COLUMN deleted_at TEXT; ALTER TABLE counts ADD COLUMN deleted_by TEXT;
            ALTER TABLE counts ADD COLUMN till TEXT NOT NULL DEFAULT 'main';
            ALTER TABLE counts ADD COLUMN till_key TEXT NOT NULL DEFAULT 'main';
            ALTER TABLE counts ADD COLUMN kind TEXT NOT NULL DEFAULT 'x' CHECK (kind IN ('x', 'z'));
            ALTER TABLE counts ADD COLUMN z_number INTEGER CHECK (z_number IS NULL OR z_number > 0);
            CREATE UNIQUE INDEX counts_z_number ON counts(till_key, z_number) WHERE z_number IS NOT NULL;
            CREATE TABLE count_labels (count_id INTEGER NOT NULL REFERENCES counts(id) ON DELETE CASCADE, label TEXT, at TEXT NOT NULL, set_by TEXT NOT NULL);
            CREATE INDEX count_labels_by_count ON count_labels(count_id);
            CREATE TABLE count_notes (count_id INTEGER NOT NULL REFERENCES counts(id) ON DELETE CASCADE, note TEXT NOT NULL, at TEXT NOT NULL, added_by TEXT NOT NULL);
            CREATE INDEX count_notes_by_count ON count_notes(count_id);
            PRAGMA user_version = 4;
            PRAGMA application_id = 1296782403;
            INSERT INTO counts VALUES (1, '2026-01-02T03:04:05Z', 'old', 'GBP', 6000, 1000, 5000, '', NULL, NULL, NULL, 'main', 'main', 'x', NULL);
            INSERT INTO count_lines VALUES (1, 'note', 2000, 3, 1, NULL, 6000, 'saved', '20', '£20');
            """
        #expect(try SQLiteShell.query(till.dbPath, schema) != nil)
        let before = till.historyBytes()
        let old = try TillcountJSON.object(try till.ok("history", "show", "1", "--format", "json").stdout)
        #expect(old["expected"] as? String == "50.00" && old["overShort"] as? String == "10.00")
        #expect((old["movements"] as? [Any])?.isEmpty == true && old["tolerance"] == nil)
        #expect(try till.run("history", "show", "1", "--format", "html").status == 0)
        #expect(till.historyBytes() == before, "reading migrated the history")
        try till.ok("add", "20")
        try till.ok("sales", "15")
        #expect(try till.ok("save").stdout == "2\n")
        #expect(try till.sqlite("PRAGMA user_version") == "8")
        #expect(try TillcountJSON.object(try till.ok("history", "show", "1", "--format", "json").stdout)["overShort"] as? String == "10.00")
        #expect((try TillcountJSON.object(try till.ok("history", "show", "2", "--format", "json").stdout)["movements"] as? [Any])?.count == 1)
    }

    /// The file store: the front till saves, the back office labels and notes the count
    /// from till back; the front till's undo is refused (65), as on the shared store, and
    /// the count keeps both.
    @Test func undoOfASaveTheBackOfficeEditedIsRefused() throws {
        let till = try TillcountSandbox(currency: "GBP")
        try till.ok("--till", "front", "add", "20=2", "--currency", "GBP")
        #expect(try till.ok("--till", "front", "save").stdout == "1\n")
        try till.ok("--till", "back", "history", "label", "1", "banked")
        try till.ok("--till", "back", "history", "note", "1", "checked by the office")
        let refused = try till.run("--till", "front", "undo")
        #expect(refused.status == 65, "\(refused.stderr)")
        #expect(refused.stderr.contains("saved count 1 has been labelled or noted since from another till"), "\(refused.stderr)")
        let kept = try TillcountJSON.object(try till.ok("history", "show", "1", "--format", "json").stdout)
        #expect(kept["label"] as? String == "banked" && (kept["addedNotes"] as? [Any])?.count == 1)
    }

    /// A float that would make the expected cash overflow with a sale recorded is refused
    /// (65) and nothing stored; on a blind till no message names the hidden figures.
    @Test func aChangeThatWouldBreakTheCountIsRefusedNamingNoHiddenFigure() throws {
        let till = try TillcountSandbox(currency: "GBP")
        try till.ok("float", "100")
        try till.ok("sales", "312.40")
        let before = till.stateBytes()
        let float = try till.run("float", "92233720368547758.07")
        #expect(float.status == 65, "\(float.stderr)")
        #expect(till.stateBytes() == before, "nothing stored")
        try till.ok("show")
        try till.ok("tills")
        try till.ok("blind", "on")
        for arguments in [["paid-in", "92233720368547758.07", "--reason", "x"], ["sales", "92233720368547758.07"], ["float", "92233720368547758.07"]] {
            let refused = try till.run(arguments)
            #expect(refused.status == 65, "\(arguments): \(refused.stderr)")
            for hidden in ["312.40", "412.40", "412", "31240"] {
                #expect(!refused.stderr.contains(hidden), "\(arguments) shows \(hidden): \(refused.stderr)")
            }
        }
    }
}
