// `billsplit items FILE|-`, the real binary: who pays what in text, JSON, CSV and TSV;
// every bad line named (65), an empty bill (65), a missing file (66), --people as a
// number (64); the preferences never changed.

import Foundation
import Testing

@Suite struct BillsplitItemsTests {
    static let bill = """
        item,amount,who
        Burger,12.00,Alice
        Salad,9.00,bob
        Pizza,20.00,everyone
        "Wine, red",10.00,Alice;Bob

        """
    static let options = ["items", "-", "--currency", "USD", "--tip", "10", "--people", "Alice,Bob,Cara"]

    @Test func jsonGivesEachPersonTheirPartsAndTotal() throws {
        let result = try BillsplitE2E.run(try Sandbox(), Self.options + ["--format", "json"], stdin: Self.bill)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        let json = try BillsplitE2E.jsonObject(result.stdout)
        #expect(json["currency"] as? String == "USD")
        #expect(json["bill"] as? String == "51.00")
        #expect(json["tip"] as? String == "5.10")
        #expect(json["total"] as? String == "56.10")
        let people = try #require(json["people"] as? [[String: Any]])
        #expect(people.map { $0["name"] as? String } == ["Alice", "Bob", "Cara"])
        #expect(people.map { $0["items"] as? String } == ["12.00", "9.00", "0.00"])
        #expect(people.map { $0["shared"] as? String } == ["11.67", "11.67", "6.66"])
        #expect(people.map { $0["tax"] as? String } == ["0.00", "0.00", "0.00"])
        #expect(people.map { $0["tip"] as? String } == ["2.37", "2.07", "0.66"])
        #expect(people.map { $0["total"] as? String } == ["26.04", "22.74", "7.32"])
    }

    @Test(arguments: ["csv", "tsv"])
    func delimitedOutputHasOneRowPerPerson(format: String) throws {
        let result = try BillsplitE2E.run(try Sandbox(), Self.options + ["--format", format], stdin: Self.bill)
        #expect(result.status == 0, "\(result.stderr)")
        let separator = format == "csv" ? "," : "\t"
        let rows = result.stdout.split(separator: "\n").map { $0.components(separatedBy: separator) }
        #expect(rows == [
            ["name", "items", "shared", "tax", "tip", "total", "currency"],
            ["Alice", "12.00", "11.67", "0.00", "2.37", "26.04", "USD"],
            ["Bob", "9.00", "11.67", "0.00", "2.07", "22.74", "USD"],
            ["Cara", "0.00", "6.66", "0.00", "0.66", "7.32", "USD"],
        ])
    }

    @Test func textShowsTheBillThePeopleAndTheirOwnItems() throws {
        let result = try BillsplitE2E.run(try Sandbox(), Self.options, stdin: Self.bill)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = BillsplitE2E.squeezedLines(result.stdout)
        #expect(lines.contains("Items (4) $51.00"))
        #expect(lines.contains("Tip (10%) $5.10"))
        #expect(lines.contains("Total $56.10"))
        #expect(lines.contains("person items shared tip pays"))
        #expect(lines.contains("Alice $12.00 $11.67 $2.37 $26.04"))
        #expect(lines.contains("Bob $9.00 $11.67 $2.07 $22.74"))
        #expect(lines.contains("Cara $0.00 $6.66 $0.66 $7.32"))
        #expect(lines.contains("Alice Burger $12.00"))
        #expect(lines.contains("Bob Salad $9.00"))
    }

    @Test func peopleComeInTheOrderTheyFirstAppearWithoutPeopleOption() throws {
        let input = "Tea,3,Zoe\nCake,4,Adam;zoe\n"
        let result = try BillsplitE2E.run(try Sandbox(), ["items", "-", "--currency", "EUR", "--tip", "0", "--format", "csv"], stdin: input)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.split(separator: "\n").map(String.init) == [
            "name,items,shared,tax,tip,total,currency", "Zoe,3.00,2.00,0.00,0.00,5.00,EUR", "Adam,0.00,2.00,0.00,0.00,2.00,EUR",
        ])
    }

    @Test func aFileIsReadAndAMissingOneIsExit66() throws {
        let sandbox = try Sandbox()
        let path = sandbox.path("lunch.csv")
        try Data("Soup,5,Ann\n".utf8).write(to: URL(fileURLWithPath: path))
        let read = try BillsplitE2E.run(sandbox, ["items", path, "--currency", "USD", "--tip", "20", "--format", "csv"])
        #expect(read.status == 0, "\(read.stderr)")
        #expect(read.stdout.contains("Ann,5.00,0.00,0.00,1.00,6.00,USD"))

        let missing = try BillsplitE2E.run(sandbox, ["items", sandbox.path("nope.csv"), "--currency", "USD"])
        #expect(missing.status == 66)
        #expect(missing.stderr.hasPrefix("billsplit: error: cannot read \(sandbox.path("nope.csv"))"))
        #expect(missing.stdout.isEmpty)
    }

    @Test func everyBadLineIsNamedAndNothingPrinted() throws {
        let input = "item,amount,who\nSoup,5,Ann\nTea,abc,Ann\nCake,4\nWater,1,\nBread,-2,Bo\nPie,3,everyone;Ann\n"
        let sandbox = try Sandbox()
        let result = try BillsplitE2E.run(sandbox, ["items", "-", "--currency", "USD", "--format", "json"], stdin: input)
        #expect(result.status == 65)
        #expect(result.stdout.isEmpty)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.first == "billsplit: error: standard input: 5 lines cannot be read")
        #expect(lines.contains("  standard input: line 3: invalid amount 'abc': not a number"))
        #expect(lines.contains("  standard input: line 4: expected 3 fields (item,amount,who), found 2"))
        #expect(lines.contains("  standard input: line 5: the item is shared by nobody (the who field is blank)"))
        #expect(lines.contains("  standard input: line 6: invalid amount '-2': an item cannot cost less than 0"))
        #expect(lines.contains("  standard input: line 7: 'everyone' cannot be mixed with names"))
        #expect(lines.last?.hasPrefix("hint: ") == true)
        // A bill never touches the preferences.
        #expect(BillsplitE2E.bytes(BillsplitE2E.preferencesPath(sandbox)) == nil)
    }

    /// The options of `billsplit AMOUNT` that make sense here are taken (--no-save,
    /// --config, --color); a spreadsheet's ';'-separated lines are named as such.
    @Test func takesBillsplitsStandardOptionsAndNamesASemicolonSeparator() throws {
        let sandbox = try Sandbox()
        let result = try BillsplitE2E.run(
            sandbox, ["items", "-", "--currency", "EUR", "--no-save", "--color", "never", "--config", sandbox.path("prefs.json")],
            stdin: "Pizza;24;everyone\n")
        #expect(result.status == 65)
        #expect(result.stderr.contains("line 1: expected 3 fields (item,amount,who), found 1 (it seems to use ';' between fields; CSV here takes ',')"))
        #expect(BillsplitE2E.bytes(sandbox.path("prefs.json")) == nil)
    }

    @Test func oneBadLineIsTheMessageItself() throws {
        let result = try BillsplitE2E.run(try Sandbox(), ["items", "-", "--currency", "JPY"], stdin: "Sushi,12.5,Ann\n")
        #expect(result.status == 65)
        #expect(result.stderr.hasPrefix("billsplit: error: standard input: line 1: invalid amount '12.5': JPY amounts have no decimals\n"))
    }

    @Test func everyoneWithNoOneNamedAndAnEmptyBillAreBadData() throws {
        let nobody = try BillsplitE2E.run(try Sandbox(), ["items", "-", "--currency", "USD"], stdin: "Pizza,20,everyone\n")
        #expect(nobody.status == 65)
        #expect(nobody.stderr.contains("line 1: 'everyone' shares the item, but no one is named"))
        let empty = try BillsplitE2E.run(try Sandbox(), ["items", "-", "--currency", "USD"], stdin: "item,amount,who\n\n# nothing\n")
        #expect(empty.status == 65)
        #expect(empty.stderr.hasPrefix("billsplit: error: standard input has no items\n"))
    }

    @Test func peopleAsANumberIsAUsageError() throws {
        let result = try BillsplitE2E.run(try Sandbox(), ["items", "-", "--currency", "USD", "--people", "3"], stdin: "Tea,1,Ann\n")
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("billsplit: error: --people 3: an itemised bill needs names, not a number\n"))
        #expect(result.stderr.contains("Usage: billsplit items"))
    }

    @Test func namesAreEscapedForPeopleAndExactForScripts() throws {
        let input = "Tea,1,\"Ann\u{1B}[31m\"\n"
        let text = try BillsplitE2E.run(try Sandbox(), ["items", "-", "--currency", "USD", "--tip", "0"], stdin: input)
        // A control character cannot name a person: the line is refused, escaped in the message.
        #expect(text.status == 65)
        #expect(!text.stderr.contains("\u{1B}"))
        #expect(text.stderr.contains("line 1: a person's name cannot contain control characters"))

        let emoji = "Tea,1,\"Zoë 🍵\"\n"
        let json = try BillsplitE2E.run(try Sandbox(), ["items", "-", "--currency", "USD", "--tip", "0", "--format", "json"], stdin: emoji)
        #expect(json.status == 0, "\(json.stderr)")
        let people = try #require(try BillsplitE2E.jsonObject(json.stdout)["people"] as? [[String: Any]])
        #expect(people.first?["name"] as? String == "Zoë 🍵")
    }

    @Test func anItemNameIsShownEscapedInText() throws {
        let input = "\"Te\u{1B}[2Ja\",4,Ann\n"
        let result = try BillsplitE2E.run(try Sandbox(), ["items", "-", "--currency", "USD", "--tip", "0"], stdin: input)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stdout.contains("\u{1B}"))
        #expect(BillsplitE2E.squeezedLines(result.stdout).contains("Ann Te\\x1B[2Ja $4.00"))
    }

    static func people(_ json: [String: Any], _ key: String) -> [String?] {
        ((json["people"] as? [[String: Any]]) ?? []).map { $0[key] as? String }
    }

    /// A tax in the prices is shared like the tip but shown, not added.
    @Test func anIncludedTaxIsSharedButNotAdded() throws {
        let result = try BillsplitE2E.run(try Sandbox(), Self.options + ["--tax-included", "25", "--format", "json"], stdin: Self.bill)
        #expect(result.status == 0, "\(result.stderr)")
        let json = try BillsplitE2E.jsonObject(result.stdout)
        #expect(json["tax"] as? String == "10.20")
        #expect(json["taxIncluded"] as? Bool == true)
        #expect(json["total"] as? String == "56.10")
        #expect(Self.people(json, "tax") == ["4.74", "4.13", "1.33"])
        #expect(Self.people(json, "total") == ["26.04", "22.74", "7.32"])
        let text = try BillsplitE2E.run(try Sandbox(), Self.options + ["--tax-included", "25"], stdin: Self.bill)
        let lines = BillsplitE2E.squeezedLines(text.stdout)
        #expect(lines.contains("Tax included (25%) $10.20 in the bill, not added"))
        #expect(lines.contains("person items shared incl. tax tip pays"))
    }

    @Test func aFixedTipIsSharedInProportion() throws {
        let options = ["items", "-", "--currency", "USD", "--tip-amount", "6", "--people", "Alice,Bob,Cara", "--format", "json"]
        let result = try BillsplitE2E.run(try Sandbox(), options, stdin: Self.bill)
        #expect(result.status == 0, "\(result.stderr)")
        let json = try BillsplitE2E.jsonObject(result.stdout)
        #expect(json["tip"] as? String == "6.00")
        #expect(Self.people(json, "tip") == ["2.79", "2.43", "0.78"])
        #expect(Self.people(json, "total") == ["26.46", "23.10", "7.44"])
        #expect(json["total"] as? String == "57.00")
    }

    /// The rounded total's change goes to the tip, shared like it.
    @Test func aRoundedTotalChangesEachTip() throws {
        let result = try BillsplitE2E.run(try Sandbox(), Self.options + ["--round-total", "1", "--format", "json"], stdin: Self.bill)
        #expect(result.status == 0, "\(result.stderr)")
        let json = try BillsplitE2E.jsonObject(result.stdout)
        #expect(json["total"] as? String == "56.00")
        #expect(json["extraTip"] as? String == "-0.10")
        #expect(Self.people(json, "tip") == ["2.32", "2.03", "0.65"])
        #expect(Self.people(json, "total") == ["25.99", "22.70", "7.31"])
    }

    @Test func theTotalsAddUpForARandomBillThroughTheBinary() throws {
        var random = BillsplitRandom(seed: 0x1735_0016)
        let names = (1...7).map { "N\($0)" }
        var lines: [String] = []
        var itemsTotal: Int64 = 0
        for index in 0..<60 {
            let amount = Int64(random.int(0...99_999))
            itemsTotal += amount
            let who = random.int(0...4) == 0 ? "everyone" : Set((0..<random.int(1...5)).map { _ in random.pick(names) }).sorted().joined(separator: ";")
            lines.append("item \(index),\(BillsplitE2E.plain(amount, exponent: 3)),\(who)")
        }
        let result = try BillsplitE2E.run(
            try Sandbox(), ["items", "-", "--currency", "KWD", "--tip", "12.5", "--people", names.joined(separator: ","), "--format", "json"],
            stdin: lines.joined(separator: "\n"))
        #expect(result.status == 0, "\(result.stderr)")
        let json = try BillsplitE2E.jsonObject(result.stdout)
        let totalText = try #require(json["total"] as? String)
        let tipText = try #require(json["tip"] as? String)
        let total = try #require(BillsplitE2E.minorUnits(totalText, exponent: 3))
        let tip = try #require(BillsplitE2E.minorUnits(tipText, exponent: 3))
        #expect(total == itemsTotal + tip)
        let people = try #require(json["people"] as? [[String: Any]])
        let totals = people.compactMap { ($0["total"] as? String).flatMap { BillsplitE2E.minorUnits($0, exponent: 3) } }
        #expect(totals.count == names.count)
        #expect(totals.reduce(0, +) == total)
    }
}
