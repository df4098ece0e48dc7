// tillcount's tables fitted to the terminal (issue 13, items 15 and 16): dates and
// amounts are never cut, free text gives way, a stored newline never breaks a row; and
// every denomination has a label of its own, with the symbol amounts are written with.

import Foundation
import Testing

@Suite struct TillcountColumnsTests {
    static let savedPattern = #"\d{4}-\d\d-\d\d \d\d:\d\d"#

    @Test func historyAtEightyColumnsKeepsTheSavedDateAndAmountsWhole() throws {
        let till = try TillcountSandbox(currency: "GBP")
        // £100,000,000.00 totals: with the date, the table is 81 columns wide.
        try till.ok("add", "50=2000000")
        try till.ok("save", "--label", "Friday")
        try till.ok("save", "--label", "a label long enough that something has to give way here")
        let text = try till.ok("history", environment: ["COLUMNS": "80"]).stdout
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(text)")
        for line in lines {
            #expect(line.count <= 80, "wider than 80: \(line)")
        }
        for line in lines.dropFirst() {
            #expect(line.range(of: Self.savedPattern, options: .regularExpression) != nil, "SAVED cut: \(line)")
            #expect(line.components(separatedBy: "£100,000,000.00").count == 3, "TOTAL and DEPOSIT whole: \(line)")
            #expect(line.contains("£0.00"))
        }
        #expect(lines[1].contains("a label"), "the label shrinks, it is not dropped: \(lines[1])")
        #expect(lines[1].contains("…"))
        #expect(lines[2].contains("Friday"))
    }

    @Test func aLabelWithANewlineStaysOneRow() throws {
        let till = try TillcountSandbox(currency: "GBP")
        try till.ok("add", "20=3")
        try till.ok("save", "--label", "Morning\nshift\r\u{1B}[2J")
        let text = try till.ok("history", environment: ["COLUMNS": "120"]).stdout
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.count == 3 && lines[2].isEmpty, "a header and one row: \(text)")
        #expect(lines[1].contains(#"Morning\nshift\r\x1B[2J"#))
        #expect(!text.contains("\u{1B}"))
        // Escaped text is what is measured: the TOTAL column lines up under its title.
        let titleEnd = try #require(lines[0].range(of: "TOTAL")).upperBound
        let valueEnd = try #require(lines[1].range(of: "£60.00")).upperBound
        #expect(lines[0].distance(from: lines[0].startIndex, to: titleEnd) == lines[1].distance(from: lines[1].startIndex, to: valueEnd))
        // The JSON keeps the bytes.
        let listed = try TillcountJSON.array(try till.ok("history", "--format", "json").stdout)
        #expect(listed.first?["label"] as? String == "Morning\nshift\r\u{1B}[2J")
    }

    @Test func aDenominationsFileLabelWithANewlineStaysOneRow() throws {
        let till = try TillcountSandbox(currency: "NOK")
        try till.writeDenominations(#"{"format": "tillcount-denominations", "version": 1, "content": {"NOK": {"add": [{"kind": "coin", "value": "0.50", "label": "half\nkrone"}]}}}"#)
        try till.ok("add", "0.50=3", "20=1")
        for arguments in [["show"], ["denominations"]] {
            let result = try till.run(arguments, environment: ["COLUMNS": "60"])
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            let text = result.stdout
            #expect(text.contains(#"half\nkrone"#), "\(arguments): \(text)")
            #expect(!text.split(separator: "\n").contains { $0.hasPrefix("krone") }, "\(arguments): \(text)")
        }
    }

    @Test func aNarrowShowCutsLabelsButNeverAmounts() throws {
        let till = try TillcountSandbox(currency: "USD")
        try till.writeDenominations(#"{"format": "tillcount-denominations", "version": 1, "content": {"USD": {"add": [{"kind": "note", "value": "250", "label": "a commemorative two hundred and fifty dollar note"}]}}}"#)
        try till.ok("add", "250=4000000", "note:1=2")
        let text = try till.ok("show", environment: ["COLUMNS": "50"]).stdout
        let lines = text.split(separator: "\n").map(String.init)
        #expect(text.contains("$1,000,000,000.00"), "the amount is whole: \(text)")
        #expect(lines.contains { $0.contains("a comm") && $0.contains("…") && $0.contains("4000000") })
        #expect(lines.allSatisfy { $0.count <= 50 }, "\(text)")
    }

    // MARK: item 16

    @Test func theUSDollarNoteAndCoinHaveLabelsOfTheirOwn() throws {
        let till = try TillcountSandbox(currency: "USD")
        try till.ok("add", "note:1=2", "coin:1=3", "roll:1=1")
        let text = try till.ok("show").stdout
        #expect(text.contains("  $1 note "), "\(text)")
        #expect(text.contains("  $1 coin "), "\(text)")
        #expect(text.contains("  $1 coin roll of 25"), "\(text)")
        let listed = try TillcountJSON.object(try till.ok("denominations", "--format", "json").stdout)
        let labels = try #require(listed["denominations"] as? [[String: Any]]).compactMap { $0["label"] as? String }
        #expect(Set(labels).count == labels.count, "\(labels)")
        // A saved count keeps the labels it was counted with.
        try till.ok("save")
        #expect(try till.ok("history", "show", "1").stdout.contains("  $1 coin "))
    }

    @Test(arguments: ["KES", "CHF", "DKK", "EUR", "SEK", "NOK", "JPY", "GBP", "USD", "CAD", "AUD", "NZD"])
    func labelsUseTheSameSymbolAsAmounts(code: String) throws {
        let till = try TillcountSandbox(currency: code)
        let listed = try TillcountJSON.object(try till.ok("denominations", "--format", "json").stdout)
        let entries = try #require(listed["denominations"] as? [[String: Any]])
        // The highest note, counted four times: its label and its value side by side.
        let top = try #require(entries.first { $0["kind"] as? String == "note" })
        let token = try #require(top["token"] as? String)
        try till.ok("add", "\(token)=4")
        let row = try #require(try till.ok("show").stdout.split(separator: "\n").first { $0.hasPrefix("  ") && !$0.contains("Subtotal") })
        let cells = row.split(separator: "  ", omittingEmptySubsequences: true).map { $0.trimmingCharacters(in: .whitespaces) }
        let label = try #require(cells.first), value = try #require(cells.last)
        func symbol(_ text: String) -> String {
            String(text.replacingOccurrences(of: " note", with: "").filter { !$0.isNumber && !$0.isWhitespace && !".,'’".contains($0) })
        }
        #expect(symbol(label) == symbol(value), "\(code): label \(label), value \(value)")
        #expect(!symbol(label).isEmpty)
    }
}
