// tillcount save, history (list, show, rm) and resume, against the SQLite history.

import MoneyKitStorage
import Foundation
import Testing

@Suite struct TillcountHistoryTests {
    /// Two saved counts: 1 "Friday close" (£80 against a £100 float, £200 expected, a
    /// note) and 2 unlabelled (£100 against £100).
    static func twoSaved() throws -> TillcountSandbox {
        let till = try TillcountSandbox(currency: "GBP")
        try till.ok("float", "100")
        try till.ok("add", "20=3", "roll:1=1")
        try till.ok("note", "counted by Sam")
        let first = try till.ok("save", "--label", "Friday close", "--expected", "200")
        #expect(first.stdout == "1\n")
        try till.ok("add", "10=2")
        let second = try till.ok("save")
        #expect(second.stdout == "2\n")
        return till
    }

    @Test func savePrintsTheNewIdAndKeepsTheLiveCount() throws {
        let till = try Self.twoSaved()
        #expect(try till.quantities() == ["20": 3, "10": 2, "roll:1": 1], "saving does not clear the live count")
        let third = try till.ok("save", "--label", "")
        #expect(third.stdout == "3\n")
        #expect(third.stderr.isEmpty)
    }

    @Test func historyListsNewestFirstInEveryFormat() throws {
        let till = try Self.twoSaved()
        let json = try TillcountJSON.array(try till.ok("history", "--format", "json").stdout)
        #expect(json.count == 2)
        #expect(json.map { ($0["id"] as? NSNumber)?.intValue } == [2, 1])
        let friday = try #require(json.last)
        #expect(friday["label"] as? String == "Friday close")
        #expect(friday["currency"] as? String == "GBP")
        #expect(friday["total"] as? String == "80.00")
        #expect(friday["float"] as? String == "100.00")
        #expect(friday["difference"] as? String == "-20.00")
        #expect(friday["expected"] as? String == "200.00")
        #expect(friday["overShort"] as? String == "-120.00")
        #expect((friday["saved"] as? String)?.range(of: #"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$"#, options: .regularExpression) != nil)
        let plain = try #require(json.first)
        #expect(plain["label"] is NSNull)
        #expect(plain["expected"] is NSNull)
        #expect(plain["difference"] as? String == "0.00")

        let csv = try till.ok("history", "--format", "csv").stdout.split(separator: "\n").map(String.init)
        #expect(csv.first == "id,saved,label,currency,total,float,difference,expected,overShort,till,kind,number")
        #expect(csv.count == 3)
        #expect(csv.dropFirst().first?.hasPrefix("2,") == true)
        #expect(csv.last?.hasPrefix("1,") == true)
        #expect(csv.last?.hasSuffix(",Friday close,GBP,80.00,100.00,-20.00,200.00,-120.00,main,x,") == true, "\(csv)")
        let tsv = try till.ok("history", "list", "--format", "tsv").stdout
        #expect(tsv.hasPrefix("id\tsaved\tlabel\tcurrency\ttotal\tfloat\tdifference\texpected\toverShort\ttill\tkind\tnumber\n"))

        let text = try till.run(["history"], environment: ["COLUMNS": "160"]).stdout
        #expect(text.contains("Friday close"))
        #expect(text.contains("short £20.00"))
        #expect(text.contains("short by £120.00"))
        let rows = text.split(separator: "\n")
        #expect(rows.count == 3)
        #expect(rows.dropFirst().first?.trimmingCharacters(in: .whitespaces).hasPrefix("2 ") == true)

        #expect(try till.ok("history", "--ids").stdout == "2\n1\n")
        #expect(try till.ok("history", "ls", "--ids").stdout == "2\n1\n")
    }

    @Test func anEmptyHistory() throws {
        let till = try TillcountSandbox()
        // Made empty: a history the user named must be there to be read (issue 26, item 36).
        try till.ok("db", "init")
        let text = try till.ok("history")
        #expect(text.stdout.isEmpty)
        #expect(text.stderr.contains("No saved counts yet"))
        #expect(try till.ok("history", "--format", "json").stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "[]")
        #expect(try till.ok("history", "--ids").stdout.isEmpty)
    }

    @Test func historyShowInEveryFormat() throws {
        let till = try Self.twoSaved()
        let text = try till.ok("history", "show", "1").stdout
        #expect(text.range(of: #"^Saved count 1, \d{4}-\d\d-\d\d \d\d:\d\d: Friday close\n"#, options: .regularExpression) != nil, "\(text)")
        #expect(text.contains("Loose notes and coins"))
        #expect(text.contains("£1 bag of 20"))
        #expect(text.range(of: #"(?m)^Total\s+£80\.00$"#, options: .regularExpression) != nil)
        #expect(text.range(of: #"(?m)^Short by\s+£20\.00$"#, options: .regularExpression) != nil)
        #expect(text.range(of: #"(?m)^Expected\s+£200\.00\s+short by £120\.00$"#, options: .regularExpression) != nil)
        #expect(text.hasSuffix("Notes:\n  counted by Sam\n"))

        let json = try TillcountJSON.object(try till.ok("history", "show", "1", "--format", "json").stdout)
        #expect((json["id"] as? NSNumber)?.intValue == 1)
        #expect(json["label"] as? String == "Friday close")
        #expect(json["total"] as? String == "80.00")
        #expect(json["notes"] as? [String] == ["counted by Sam"])
        #expect(try TillcountJSON.quantities(json) == ["20": 3, "roll:1": 1])

        let csv = try till.ok("history", "show", "2", "--format", "csv").stdout
        #expect(csv == "token,kind,quantity,value\n20,note,3,60.00\n10,note,2,20.00\nroll:1,roll,1,20.00\n")
    }

    @Test(arguments: [["history", "show", "3"], ["history", "show", "99"], ["history", "rm", "42", "--force"], ["resume", "7", "--force"]])
    func anUnknownIdIsExit66(arguments: [String]) throws {
        let till = try Self.twoSaved()
        let before = try #require(till.stateBytes())
        let result = try till.run(arguments)
        #expect(result.status == 66)
        let id = arguments.first { Int($0) != nil } ?? "?"
        #expect(result.stderr.contains("no saved count with id \(id)"), "\(result.stderr)")
        #expect(result.stderr.contains("hint: 'tillcount history' lists the saved counts"))
        #expect(till.stateBytes() == before)
        #expect(try till.ok("history", "--ids").stdout == "2\n1\n")
    }

    @Test func rmNeedsForceOffATerminal() throws {
        let till = try Self.twoSaved()
        let refused = try till.run("history", "rm", "2")
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("without --force"))
        #expect(try till.ok("history", "--ids").stdout == "2\n1\n")
        let deleted = try till.ok("history", "rm", "2", "--force")
        #expect(deleted.stderr.contains("Deleted saved count 2"))
        #expect(try till.ok("history", "--ids").stdout == "1\n")
        let again = try till.run("history", "delete", "2", "--force")
        #expect(again.status == 66)
        if let hidden = try till.sqlite("SELECT count(*) FROM count_lines WHERE count_id = 2 AND count_id IN (SELECT id FROM counts WHERE deleted_at IS NOT NULL)") {
            #expect(hidden == "3", "the deleted count is hidden with its lines until its undo step is gone (TillcountUndoHistoryTests)")
        }
    }

    @Test func resumeCopiesASavedCountAndNeverChangesIt() throws {
        let till = try Self.twoSaved()
        let savedBefore = try till.ok("history", "show", "1", "--format", "json").stdout
        let savedTextBefore = try till.ok("history", "show", "1").stdout

        // A non-empty live count needs --force off a terminal.
        let liveBefore = try #require(till.stateBytes())
        let refused = try till.run("resume", "1")
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("the live count is not empty"))
        #expect(till.stateBytes() == liveBefore)

        let resumed = try till.ok("resume", "1", "--force")
        #expect(resumed.stderr.contains("Resumed saved count 1"))
        let live = try till.showJSON()
        #expect(try TillcountJSON.quantities(live) == ["20": 3, "roll:1": 1])
        #expect(live["float"] as? String == "100.00")
        #expect(live["total"] as? String == "80.00")
        #expect(try till.ok("note").stdout == "counted by Sam\n")

        // Changing the live count leaves the saved one as it was.
        try till.ok("add", "50=2")
        try till.ok("float", "10")
        try till.ok("note", "after resume")
        try till.ok("clear", "--force", "--notes")
        #expect(try till.ok("history", "show", "1", "--format", "json").stdout == savedBefore)
        #expect(try till.ok("history", "show", "1").stdout == savedTextBefore)

        // Undo brings back what the resume replaced.
        try till.ok("undo")  // clear
        try till.ok("undo")  // note
        try till.ok("undo")  // float
        try till.ok("undo")  // add 50
        try till.ok("undo")  // resume
        #expect(try till.quantities() == ["20": 3, "10": 2, "roll:1": 1])

        // An empty live count takes a resume without --force.
        try till.ok("clear", "--force")
        try till.ok("resume", "2")
        #expect(try till.quantities() == ["20": 3, "10": 2, "roll:1": 1])
    }

    @Test func resumeBringsBackTheSavedCurrency() throws {
        let till = try TillcountSandbox(currency: "EUR")
        try till.ok("add", "50=2", "roll:2=1")
        try till.ok("float", "20")
        #expect(try till.ok("save").stdout == "1\n")
        try till.ok("clear", "--force")
        try till.ok("currency", "USD")
        try till.ok("resume", "1")
        let live = try till.showJSON()
        #expect(live["currency"] as? String == "EUR")
        #expect(try TillcountJSON.quantities(live) == ["50": 2, "roll:2": 1])
        #expect(live["total"] as? String == "150.00")
        #expect(live["float"] as? String == "20.00")
    }

    @Test func theHistoryIsSQLiteWithSchemaVersion3() throws {
        let till = try Self.twoSaved()
        let header = try #require(FileManager.default.contents(atPath: till.dbPath))
        #expect(header.prefix(16) == Data("SQLite format 3\0".utf8))
        guard SQLiteShell.available else { return }  // the sqlite3 CLI is optional
        #expect(try till.sqlite("PRAGMA user_version") == "8")
        #expect(try till.sqlite("SELECT id, label, currency, total, float, expected, notes FROM counts ORDER BY id")
            == "1|Friday close|GBP|8000|10000|20000|counted by Sam\n2||GBP|10000|10000||counted by Sam")
        #expect(try till.sqlite("SELECT kind, value, quantity FROM count_lines WHERE count_id = 1 ORDER BY value DESC")
            == "note|2000|3\nroll|100|1")
        #expect(try till.sqlite("PRAGMA integrity_check") == "ok")
    }

    @Test func aCorruptHistoryIsReportedNotReplaced() throws {
        let till = try TillcountSandbox(currency: "GBP")
        try FileManager.default.createDirectory(atPath: till.path("till"), withIntermediateDirectories: true)
        let garbage = Data(String(repeating: "this is not a database\n", count: 200).utf8)
        try garbage.write(to: URL(fileURLWithPath: till.dbPath))
        let result = try till.run("history")
        #expect(result.status != 0)
        #expect(!result.killedBySignal)
        #expect(result.stderr.contains(till.dbPath), "\(result.stderr)")
        #expect(FileManager.default.contents(atPath: till.dbPath) == garbage)
    }
}
