// tillcount sales, paid-in, paid-out, drop and movements: what the till should hold, in
// show, report (every format) and the saved count; refusals store nothing; undo and clear.

import Foundation
import Testing

@Suite struct TillcountExpectedTests {
    /// A GBP till: float £100, £215 counted, sales £312.40, paid out £12.50 (milk), paid in
    /// £20 (change), dropped £200: expected £219.90, short by £4.90.
    static func shift() throws -> TillcountSandbox {
        let till = try TillcountSandbox(currency: "GBP")
        try till.ok("float", "100")
        try till.ok("add", "20=10", "5=3")
        let sale = try till.ok("sales", "312.40")
        #expect(sale.stderr == "Cash sales £312.40: movement 1. Undo with: tillcount undo\n")
        try till.ok("paid-out", "12.50", "--reason", "milk")
        try till.ok("paid-in", "20", "--reason", "change")
        try till.ok("drop", "200")
        return till
    }

    @Test func showSetsTheCountAgainstTheExpectedCash() throws {
        let till = try Self.shift()
        let text = try till.ok("show").stdout
        for pattern in [#"(?m)^Cash sales\s+£312\.40$"#, #"(?m)^Paid in\s+£20\.00$"#, #"(?m)^Paid out\s+£12\.50$"#,
                        #"(?m)^Drops\s+£200\.00$"#, #"(?m)^Expected\s+£219\.90\s+short by £4\.90$"#, #"(?m)^Deposit\s+£115\.00$"#] {
            #expect(text.range(of: pattern, options: .regularExpression) != nil, "\(pattern) in\n\(text)")
        }
        let json = try till.showJSON()
        #expect(json["expected"] as? String == "219.90")
        #expect(json["overShort"] as? String == "-4.90")
        #expect(json["sales"] as? String == "312.40")
        #expect(json["paidIn"] as? String == "20.00")
        #expect(json["paidOut"] as? String == "12.50")
        #expect(json["drops"] as? String == "200.00")
        #expect(json["beyondTolerance"] == nil && json["blind"] == nil)
        // --sales stands for the recorded sales, --expected for the whole figure; not both.
        #expect(try till.showJSON("--sales", "300")["expected"] as? String == "207.50")
        #expect(try till.showJSON("--expected", "215")["overShort"] as? String == "0.00")
        let both = try till.run("show", "--sales", "1", "--expected", "2")
        #expect(both.status == 64)
        #expect(both.stderr.contains("--expected and --sales cannot be given together"))
        let negative = try till.run("show", "--sales", "-1")
        #expect(negative.status == 65)
        #expect(negative.stderr.contains("--sales cannot be negative"))
    }

    @Test func withoutMovementsShowIsAsBefore() throws {
        let till = try TillcountSandbox(currency: "GBP")
        try till.ok("float", "100")
        try till.ok("add", "20=10")
        #expect(!(try till.ok("show").stdout.contains("Expected")))
        #expect(Set(try till.showJSON().keys) == ["currency", "total", "float", "difference", "looseTotal", "rollTotal", "lines"])
        let state = try #require(till.stateBytes())
        let text = String(decoding: state, as: UTF8.self)
        #expect(!text.contains("movements") && !text.contains("\"blind\"") && !text.contains("tolerance"))
        // Sales of 0 say there were none: the expected cash is the float.
        try till.ok("sales", "0")
        #expect(try till.showJSON()["expected"] as? String == "100.00")
        #expect(try till.ok("sales").stdout == "0.00\n")
    }

    @Test func reportCarriesTheExpectedCashInEveryFormat() throws {
        let till = try Self.shift()
        let text = try till.ok("report").stdout
        #expect(text.range(of: #"(?m)^Expected\s+£219\.90\s+short by £4\.90$"#, options: .regularExpression) != nil, "\(text)")
        let json = try TillcountJSON.object(try till.ok("report", "--format", "json").stdout)
        #expect(json["expected"] as? String == "219.90")
        #expect(json["overShort"] as? String == "-4.90")
        #expect(json["sales"] as? String == "312.40")
        let csv = try till.ok("report", "--format", "csv").stdout.split(separator: "\n").map(String.init)
        for row in ["sales,,,312.40", "paid-in,,,20.00", "paid-out,,,12.50", "drops,,,200.00", "expected,,,219.90", "over-short,,,-4.90"] {
            #expect(csv.contains(row), "\(row) in \(csv)")
        }
        let html = try till.ok("report", "--format", "html").stdout
        #expect(html.contains("219.90") && html.contains("4.90"), "the printable page has the expected cash and over/short")
        let markdown = try till.ok("report", "--format", "markdown").stdout
        #expect(markdown.contains("- Cash sales: £312.40\n- Paid in: £20.00\n- Paid out: £12.50\n- Drops: £200.00\n- Expected £219.90: short by £4.90\n"), "\(markdown)")
        #expect(try till.ok("report", "--format", "markdown", "--tolerance", "1").stdout.contains("- Expected £219.90: short by £4.90, ! beyond tolerance (£1.00)\n"))
    }

    @Test func saveFilesTheExpectedCashAndSaysOverOrShort() throws {
        let till = try Self.shift()
        let saved = try till.ok("save")
        #expect(saved.stdout == "1\n")
        #expect(saved.stderr == "Saved count 1. Expected £219.90: short by £4.90\n")
        let shown = try TillcountJSON.object(try till.ok("history", "show", "1", "--format", "json").stdout)
        #expect(shown["expected"] as? String == "219.90")
        #expect(shown["overShort"] as? String == "-4.90")
        let list = try TillcountJSON.array(try till.ok("history", "--format", "json").stdout)
        #expect(list.first?["expected"] as? String == "219.90")
        #expect(try till.ok("history", "show", "1").stdout.range(of: #"(?m)^Expected\s+£219\.90\s+short by £4\.90$"#, options: .regularExpression) != nil)
        // --sales for the save alone; --expected stands for it all.
        #expect(try till.ok("save", "--sales", "300").stderr.contains("Expected £207.50: over by £7.50"))
        #expect(try till.ok("save", "--expected", "215").stderr.contains("Expected £215.00: exact"))
        #expect(try till.run("save", "--expected", "1", "--sales", "1").status == 64)
        #expect(try till.ok("history", "--ids").stdout == "3\n2\n1\n")
    }

    @Test func movementsAreListedWithReasonsEscapedAndCorrected() throws {
        let till = try Self.shift()
        try till.ok("paid-out", "1", "--reason", "evil \u{1B}[31mred")
        let text = try till.ok("movements").stdout
        #expect(!text.contains("\u{1B}"), "reasons are escaped for people")
        #expect(text.lowercased().contains("evil \\x1b[31mred"), "\(text)")
        #expect(text.range(of: #"(?m)^2\s+paid-out\s+£12\.50\s+milk"#, options: .regularExpression) != nil, "\(text)")
        #expect(text.contains("Expected: £218.90"))
        let json = try TillcountJSON.object(try till.ok("movements", "--format", "json").stdout)
        let entries = try #require(json["movements"] as? [[String: Any]])
        #expect(entries.count == 5)
        #expect(entries.last?["reason"] as? String == "evil \u{1B}[31mred", "JSON keeps the exact bytes")
        #expect(entries.first?["kind"] as? String == "sale")
        #expect(entries.first?["amount"] as? String == "312.40")
        #expect(json["expected"] as? String == "218.90")
        let csv = try till.ok("movements", "--format", "csv").stdout.split(separator: "\n").map(String.init)
        #expect(csv.first == "number,kind,amount,reason,at")
        #expect(csv.dropFirst().first?.hasPrefix("1,sale,312.40,,") == true)
        // rm removes one; undo brings it back; a wrong number is refused (66).
        let removed = try till.ok("movements", "rm", "5")
        #expect(removed.stderr == "Removed movement 5: paid-out £1.00. Undo with: tillcount undo\n")
        #expect(try till.showJSON()["expected"] as? String == "219.90")
        let before = till.stateBytes()
        let wrong = try till.run("movements", "rm", "9")
        #expect(wrong.status == 66)
        #expect(wrong.stderr.contains("no movement 9: the live count holds 4 (1 to 4)"))
        #expect(till.stateBytes() == before)
        #expect(try till.ok("undo").stderr.hasPrefix("Undid: movements rm 5."))
        #expect(try till.showJSON()["expected"] as? String == "218.90")
        // sales --set replaces the recorded sales with one figure.
        try till.ok("sales", "--set", "100")
        #expect(try till.ok("sales").stdout == "100.00\n")
        #expect(try till.run("sales", "--set").status == 64)
    }

    @Test func badMovementsAreRefusedAndNothingIsStored() throws {
        let till = try Self.shift()
        let before = try #require(till.stateBytes())
        let cases: [([String], Int32, String)] = [
            (["paid-out", "12.50"], 64, "a paid-out needs a reason"),
            (["paid-in", "5", "--reason", ""], 64, "a paid-in needs a reason"),
            (["paid-in", "5", "--reason", " \t "], 64, "a paid-in needs a reason"),
            (["paid-out", "0", "--reason", "x"], 65, "a paid-out must be above 0"),
            (["drop", "-5"], 65, "a drop cannot be negative"),
            (["sales", "-1"], 65, "a sale cannot be negative"),
            (["drop", "1.234"], 65, "the amount"),
            (["drop", "abc"], 65, "the amount"),
            (["drop"], 64, "AMOUNT"),
            (["paid-out", "1", "--reason", String(repeating: "x", count: 501)], 65, "longer than 500"),
            (["sales", "92233720368547758.07"], 65, "out of range"),
        ]
        for (arguments, status, message) in cases {
            let result = try till.run(arguments)
            #expect(result.status == status, "\(arguments): \(result.status) \(result.stderr)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
            #expect(result.stdout.isEmpty)
            #expect(till.stateBytes() == before, "\(arguments) stored something")
        }
    }

    @Test func movementsAreUndoneAndClearedWithTheCount() throws {
        let till = try Self.shift()
        #expect(try till.ok("undo").stderr.hasPrefix("Undid: drop 200."))
        #expect(try till.showJSON()["drops"] as? String == "0.00")
        #expect(try till.ok("undo").stderr.hasPrefix("Undid: paid-in 20 --reason change."))
        try till.ok("clear", "--force")
        let cleared = try till.showJSON()
        #expect(cleared["expected"] == nil, "clear empties the movements")
        #expect(try till.ok("movements", "--format", "json").stdout.contains("\"movements\": []"))
        try till.ok("undo")
        #expect(try till.showJSON()["sales"] as? String == "312.40")
        // The file keeps them for the next process, with their reasons.
        let content = try #require(till.stateBytes().flatMap(TillcountJSON.stateContent))
        let movements = try #require(content["movements"] as? [[String: Any]])
        #expect(movements.map { $0["kind"] as? String } == ["sale", "paid-out"])
        #expect(movements.last?["reason"] as? String == "milk")
    }

    @Test func tillsListsEachTillAgainstItsExpectedCash() throws {
        let till = try Self.shift()
        try till.ok("--till", "bar", "currency", "GBP")
        try till.ok("--till", "bar", "add", "20=1")
        try till.ok("--till", "bar", "sales", "20")
        let rows = try TillcountJSON.array(try till.ok("tills", "--format", "json").stdout)
        #expect(rows.map { $0["status"] as? String } == ["short", "balanced"], "\(rows)")
        // A blind till's status would tell: it reads as counting.
        try till.ok("blind", "on")
        let blind = try TillcountJSON.array(try till.ok("tills", "--format", "json").stdout)
        #expect(blind.first?["status"] as? String == "counting")
        TillcountBlindTests.assertHidden(try till.ok("tills").stdout, "tills")
    }

    @Test func aFileWithBadMovementsIsRefusedUntouched() throws {
        let till = try TillcountSandbox()
        let text = #"{"format": "tillcount-state", "version": 3, "content": {"currency": "GBP", "float": "0", "lines": [], "notes": [], "movements": [{"kind": "paid-out", "amount": "1", "at": "t"}]}}"#
        try till.writeState(text)
        for arguments in [["show"], ["movements"], ["sales", "1"]] {
            let result = try till.run(arguments)
            #expect(result.status == 65, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("without a reason"), "\(result.stderr)")
        }
        #expect(till.stateBytes() == Data(text.utf8))
    }
}
