// A saved count never changes after it is saved (issue 12, item 1), a live count keeps
// the roll sizes it counts with, counts saved before roll sizes were kept are migrated
// from their saved totals, and the notes belong to one count (item 2).

import Foundation
import Testing

@Suite struct TillcountIntegrityTests {
    static func nokRolls(_ rolls: String) -> String {
        #"{"format": "tillcount-denominations", "version": 1, "content": {"NOK": {"rolls": [\#(rolls)]}}}"#
    }

    // MARK: saved counts

    @Test func aSavedCountNeverChangesWithTheDenominationsFile() throws {
        let till = try TillcountSandbox(currency: "NOK")
        try till.writeDenominations(Self.nokRolls(#"{"coin": "20", "count": 25}"#))
        try till.ok("add", "1000=6", "20=3", "1=2", "roll:20=2")
        #expect(try till.ok("save").stdout == "1\n")
        let textBefore = try till.ok("history", "show", "1").stdout
        #expect(textBefore.contains("20 kr roll of 25"))

        for definitions in [Self.nokRolls(#"{"coin": "20", "count": 50, "packaging": "bag"}"#), Self.nokRolls(""), #"{"format": "tillcount-denominations", "version": 1, "content": {}}"#] {
            try till.writeDenominations(definitions)
            let listed = try TillcountJSON.array(try till.ok("history", "--format", "json").stdout)
            #expect(listed.first?["total"] as? String == "7062.00")
            let shown = try TillcountJSON.object(try till.ok("history", "show", "1", "--format", "json").stdout)
            #expect(shown["total"] as? String == "7062.00", "history show agrees with history: \(definitions)")
            #expect(shown["rollTotal"] as? String == "1000.00")
            let roll = (shown["lines"] as? [[String: Any]])?.first { $0["token"] as? String == "roll:20" }
            #expect(roll?["value"] as? String == "1000.00")
            #expect(try till.ok("history", "show", "1").stdout == textBefore, "the text is the same too")
            #expect(try till.ok("history", "show", "1", "--format", "csv").stdout.contains("roll:20,roll,2,1000.00"))
        }

        // Resumed, it counts with the sizes it was saved with, and keeps them.
        try till.ok("resume", "1", "--force")
        #expect(try till.total() == "7062.00")
        try till.ok("add", "roll:20")
        #expect(try till.total() == "7562.00", "one more roll of 25 × 20 kr")
        #expect(try till.ok("save").stdout == "2\n")
        #expect(try TillcountJSON.object(try till.ok("history", "show", "2", "--format", "json").stdout)["total"] as? String == "7562.00")
    }

    @Test func aSavedCountKeepsItsTokensAndLabels() throws {
        let till = try TillcountSandbox(currency: "NOK")
        try till.writeDenominations(#"{"format": "tillcount-denominations", "version": 1, "content": {"NOK": {"add": [{"kind": "coin", "value": "0.50", "label": "50 øre"}]}}}"#)
        try till.ok("add", "0.50=4", "20=3")
        try till.ok("save")
        let text = try till.ok("history", "show", "1").stdout
        let csv = try till.ok("history", "show", "1", "--format", "csv").stdout
        #expect(text.contains("50 øre"))
        #expect(csv.contains("\n20,coin,3,60.00\n"))
        // A new label for the coin, and a 20 kr note beside the 20 kr coin (whose bare
        // token would now be the note's): the saved count reads as it did.
        try till.writeDenominations(#"{"format": "tillcount-denominations", "version": 1, "content": {"NOK": {"add": [{"kind": "coin", "value": "0.50", "label": "half krone"}, {"kind": "note", "value": "20", "label": "20 kr note"}]}}}"#)
        #expect(try till.ok("history", "show", "1").stdout == text)
        #expect(try till.ok("history", "show", "1", "--format", "csv").stdout == csv)
        try till.ok("resume", "1", "--force")
        #expect(try till.quantities() == ["0.50": 4, "coin:20": 3], "the live count reads with today's tokens")
    }

    @Test func anOverShortOutOfRangeIsAnErrorNotAWrongNumber() throws {
        let till = try TillcountSandbox(currency: "GBP")
        try till.ok("add", "0.01=9223372036854775000")
        for arguments in [["show", "--expected", "-1000"], ["show", "--expected", "-1000", "--check"], ["report", "--expected", "-1000"], ["save", "--expected", "-1000"]] {
            let result = try till.run(arguments)
            #expect(result.status == 65, "\(arguments): \(result.status) \(result.stdout) \(result.stderr)")
            #expect(result.stderr.contains("out of range"), "\(result.stderr)")
        }
        #expect(try till.savedIDs().isEmpty)
        try till.ok("show", "--expected", "-5")
    }

    @Test func theHistoryStoresEachLineAsCounted() throws {
        let till = try TillcountSandbox(currency: "NOK")
        try till.writeDenominations(Self.nokRolls(#"{"coin": "20", "count": 25, "packaging": "bag"}"#))
        try till.ok("add", "50=2", "roll:20=3")
        try till.ok("save")
        guard SQLiteShell.available else { return }
        #expect(try till.sqlite("PRAGMA user_version") == "8")
        #expect(try till.sqlite("SELECT kind, value, quantity, roll_size, packaging, line_value, roll_size_from FROM count_lines ORDER BY value DESC, kind")
            == "note|5000|2|1||10000|saved\nroll|2000|3|25|bag|150000|saved")
    }

    // MARK: the live count's rolls

    @Test func aLiveCountKeepsTheRollSizeItCountsWith() throws {
        let till = try TillcountSandbox(currency: "NOK")
        try till.writeDenominations(Self.nokRolls(#"{"coin": "20", "count": 25}"#))
        try till.ok("add", "roll:20=2")
        #expect(try till.total() == "1000.00")
        let lines = till.stateEnvelope()?.content["lines"] as? [[String: Any]]
        #expect(till.stateEnvelope()?.version == 4)
        #expect((lines?.first?["rollSize"] as? NSNumber)?.intValue == 25)

        try till.writeDenominations(Self.nokRolls(#"{"coin": "20", "count": 50}"#))
        #expect(try till.total() == "1000.00", "a changed definition does not change what was counted")
        try till.writeDenominations(Self.nokRolls(""))
        #expect(try till.total() == "1000.00", "a vanished definition does not make the rolls worth 0")
        #expect(try till.ok("show").stdout.contains("20 kr roll of 25"))
        try till.ok("add", "roll:20")
        #expect(try till.total() == "1500.00")

        // Once none are held, the size is forgotten: a roll with no definition is unknown.
        try till.ok("sub", "roll:20=3")
        let before = try #require(till.stateBytes())
        let refused = try till.run("add", "roll:20")
        #expect(refused.status == 66)
        #expect(refused.stderr.contains("no roll size is known for the 20 kr coin"), "\(refused.stderr)")
        #expect(till.stateBytes() == before)
    }

    static let version1RollState = #"{"format": "tillcount-state", "version": 1, "content": {"currency": "NOK", "float": "0.00", "lines": [{"kind": "roll", "value": "20.00", "quantity": 2}, {"kind": "note", "value": "100.00", "quantity": 1}], "notes": ["old"], "updated": null, "undo": []}}"#

    @Test(arguments: [["show"], ["report"], ["deposit"], ["save"], ["note", "more"], ["add", "100"]])
    func aVersion1CountWhoseRollVanishedIsRefusedNamingIt(arguments: [String]) throws {
        let till = try TillcountSandbox()
        try till.writeState(Self.version1RollState)
        let before = try #require(till.stateBytes())
        let result = try till.run(arguments)
        #expect(!result.killedBySignal)
        #expect(result.status == 65 || result.status == 66, "\(arguments): \(result.status) \(result.stderr)")
        #expect(result.stderr.contains("roll:20"), "\(arguments): \(result.stderr)")
        #expect(till.stateBytes() == before)
        #expect(try till.savedIDs().isEmpty)
    }

    @Test func aVersion1CountIsReadAndUpgradedOnItsNextChange() throws {
        let till = try TillcountSandbox()
        try till.writeState(Self.version1RollState)
        try till.writeDenominations(Self.nokRolls(#"{"coin": "20", "count": 25}"#))
        #expect(try till.total() == "1100.00")
        try till.ok("add", "100")
        let envelope = try #require(till.stateEnvelope())
        #expect(envelope.version == 4)
        let roll = (envelope.content["lines"] as? [[String: Any]])?.first { $0["kind"] as? String == "roll" }
        #expect((roll?["rollSize"] as? NSNumber)?.intValue == 25)
        #expect(envelope.content["notes"] as? [String] == ["old"])
        try till.writeDenominations(Self.nokRolls(""))
        #expect(try till.total() == "1200.00")
    }

    // MARK: counts saved before roll sizes were kept

    @Test func version1CountsAreMigratedFromTheirSavedTotals() throws {
        let till = try TillcountSandbox()
        // Count 1: one roll line, saved when roll:20 was 25 coins (6 × 1000 + 3 × 20 + 2 × 1 + 2 × 25 × 20 = 7062).
        // Count 2: two roll lines; of "all but one as defined (25 and 41)", only roll:10 = 50
        // adds up.
        // Count 3: two roll lines the total cannot tell apart: the definitions then current.
        guard try till.writeVersion1History("""
            INSERT INTO counts VALUES (1, '2026-01-01T10:00:00Z', 'old', 'NOK', 706200, 0, NULL, 'counted');
            INSERT INTO count_lines VALUES (1, 'note', 100000, 6), (1, 'note', 2000, 3), (1, 'coin', 100, 2), (1, 'roll', 2000, 2);
            INSERT INTO counts VALUES (2, '2026-01-02T10:00:00Z', NULL, 'NOK', 200000, 0, NULL, '');
            INSERT INTO count_lines VALUES (2, 'roll', 2000, 2), (2, 'roll', 1000, 2);
            INSERT INTO counts VALUES (3, '2026-01-03T10:00:00Z', NULL, 'NOK', 999900, 0, NULL, '');
            INSERT INTO count_lines VALUES (3, 'roll', 2000, 1), (3, 'roll', 1000, 1);
            """) else { return }
        try till.writeDenominations(Self.nokRolls(#"{"coin": "20", "count": 50}, {"coin": "10", "count": 40}"#))
        func shown(_ id: String) throws -> [String: Any] {
            try TillcountJSON.object(try till.ok("history", "show", id, "--format", "json").stdout)
        }
        func rollValues(_ object: [String: Any]) -> [String: String] {
            var values: [String: String] = [:]
            for line in object["lines"] as? [[String: Any]] ?? [] where line["kind"] as? String == "roll" {
                values[line["token"] as? String ?? ""] = line["value"] as? String
            }
            return values
        }
        #expect(try shown("1")["total"] as? String == "7062.00")
        #expect(rollValues(try shown("1")) == ["roll:20": "1000.00"], "25 coins a roll, from the saved total, not today's 50")
        try till.writeDenominations(Self.nokRolls(#"{"coin": "20", "count": 25}, {"coin": "10", "count": 41}"#))
        #expect(rollValues(try shown("2")) == ["roll:20": "1000.00", "roll:10": "1000.00"], "roll:10 of 50 is the one way to 2000")
        #expect(rollValues(try shown("3")) == ["roll:20": "500.00", "roll:10": "410.00"], "the definitions then current")
        #expect(try shown("3")["total"] as? String == "9999.00", "the saved total stands")

        // The first save records the sizes; later definitions change nothing.
        try till.ok("currency", "NOK")
        try till.ok("save")
        if SQLiteShell.available {
            #expect(try till.sqlite("PRAGMA user_version") == "8")
            #expect(try till.sqlite("SELECT count_id, value, roll_size, roll_size_from FROM count_lines WHERE kind = 'roll' ORDER BY count_id, value DESC")
                == "1|2000|25|total\n2|2000|25|total\n2|1000|50|total\n3|2000|25|definitions\n3|1000|41|definitions")
        }
        try till.writeDenominations(Self.nokRolls(#"{"coin": "20", "count": 5}, {"coin": "10", "count": 5}"#))
        #expect(rollValues(try shown("1")) == ["roll:20": "1000.00"])
        #expect(rollValues(try shown("2")) == ["roll:20": "1000.00", "roll:10": "1000.00"])
        #expect(rollValues(try shown("3")) == ["roll:20": "500.00", "roll:10": "410.00"])
        try till.ok("resume", "1", "--force")
        #expect(try till.total() == "7062.00")
    }

    @Test func aVersion1RollWithNoSizeToTellIsRefusedNamingIt() throws {
        let till = try TillcountSandbox()
        guard try till.writeVersion1History("""
            INSERT INTO counts VALUES (1, '2026-01-01T10:00:00Z', NULL, 'NOK', 999900, 0, NULL, '');
            INSERT INTO count_lines VALUES (1, 'roll', 2000, 1), (1, 'roll', 1000, 1);
            """) else { return }
        let result = try till.run("history", "show", "1")
        #expect(result.status == 65)
        #expect(result.stderr.contains("saved count 1"), "\(result.stderr)")
        #expect(result.stderr.contains("roll:"), "\(result.stderr)")
        // The rest of the history still works, and a save leaves that count to be told later.
        #expect(try till.ok("history", "--ids").stdout == "1\n")
        try till.ok("currency", "NOK")
        #expect(try till.ok("save").stdout == "2\n")
    }

    // MARK: notes

    @Test func theNotesBelongToOneCount() throws {
        // The README's "file the count and start afresh".
        let till = try TillcountSandbox(currency: "GBP")
        try till.ok("add", "10=2")
        try till.ok("note", "x")
        try till.ok("save", "--label", "Friday close")
        try till.ok("clear", "--force")
        #expect(try till.ok("note").stdout.isEmpty, "clear starts a new count: no notes")
        try till.ok("add", "20")
        try till.ok("save")
        func notes(_ id: String) throws -> [String]? {
            try TillcountJSON.object(try till.ok("history", "show", id, "--format", "json").stdout)["notes"] as? [String]
        }
        #expect(try notes("1") == ["x"])
        #expect(try notes("2") == [])
        #expect(!(try till.ok("history", "show", "2").stdout.contains("Notes:")))
        #expect(try till.ok("report", "--format", "json").stdout.contains("\"notes\" : [\n\n  ]") || (try TillcountJSON.object(try till.ok("report", "--format", "json").stdout)["notes"] as? [String]) == [])

        // Undo brings the notes back with the quantities; --keep-notes carries them over.
        try till.ok("undo")  // save (saved count 2 is removed again)
        try till.ok("undo")  // add 20
        try till.ok("undo")  // clear
        #expect(try till.ok("note").stdout == "x\n")
        #expect(try till.quantities() == ["10": 2])
        try till.ok("clear", "--force", "--keep-notes")
        #expect(try till.ok("note").stdout == "x\n")
        #expect(try till.quantities() == [:])
        try till.ok("clear", "--force", "--notes")  // the old flag still works
        #expect(try till.ok("note").stdout.isEmpty)
    }
}
