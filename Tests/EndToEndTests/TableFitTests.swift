// Text tables of portfolio and tally fitted to the terminal (issue 13, item 15): values
// and dates whole, names giving way, low-value columns (trends, counts of updates) left
// out before names shrink below a useful minimum.

import Foundation
import Testing

@Suite struct TableFitTests {
    /// Demo set 1's accounts and their values as plain numbers ("12201.34").
    static func demo() throws -> (PortfolioBox, [(name: String, value: String)]) {
        let box = try PortfolioBox()
        try box.ok("demo", "--set", "1")
        let listed = try #require(try JSONSerialization.jsonObject(with: Data(try box.ok("list", "--format", "json").stdout.utf8)) as? [String: Any])
        let accounts = try #require(listed["accounts"] as? [[String: Any]])
        return (box, accounts.compactMap { account in
            guard let name = account["name"] as? String, let value = account["value"] as? String else { return nil }
            return (name, value)
        })
    }

    /// The rows of a table (after its header) that hold `plainValue` when commas and the
    /// currency sign are left out.
    static func row(in lines: [String], holding plainValue: String) -> String? {
        lines.first { $0.replacingOccurrences(of: ",", with: "").contains("£" + plainValue) }
    }

    @Test func aFortyColumnDashboardKeepsValuesAndDatesWholeAndLeavesOutTheTrend() throws {
        let (box, accounts) = try Self.demo()
        let text = try box.ok("dashboard", environment: ["COLUMNS": "40"]).stdout
        let lines = text.split(separator: "\n").map(String.init)
        let header = try #require(lines.firstIndex { $0.hasPrefix("ACCOUNT") })
        #expect(!lines[header].contains("TREND"), "the trend goes first: \(lines[header])")
        for account in accounts {
            let row = try #require(Self.row(in: lines, holding: account.value), "\(account.value) not whole:\n\(text)")
            #expect(row.count <= 40, "\(row)")
            #expect(row.range(of: #"\d{1,2} [A-Z][a-z]{2} \d{4}, \d\d:\d\d"#, options: .regularExpression) != nil, "date cut: \(row)")
            // The name is whole or a prefix of it with an ellipsis, never dropped.
            let shown = row.components(separatedBy: "  ")[0].trimmingCharacters(in: .whitespaces)
            #expect(shown == account.name || (shown.hasSuffix("…") && shown.count > 1 && account.name.hasPrefix(String(shown.dropLast()))), "\(account.name): \(row)")
        }
        // Every line within the 40 columns, the totals' line included (its changes below it).
        #expect(lines.allSatisfy { $0.count <= 40 }, "\(text)")
        #expect(lines.contains { $0.hasPrefix("Total GBP  £") } && lines.contains { $0.hasPrefix("  month's change ") }, "\(text)")
        // "Cash ISA" fits whole in what is left once the trend is out.
        #expect(lines.contains { $0.hasPrefix("Cash ISA ") })
        // Wide, nothing is cut and the trend is there.
        let wide = try box.ok("dashboard", environment: ["COLUMNS": "120"]).stdout
        #expect(wide.contains("TREND"))
        for account in accounts { #expect(wide.contains(account.name)) }
    }

    @Test func aNarrowListAndTableNeverCutAValue() throws {
        let (box, accounts) = try Self.demo()
        let list = try box.ok("list", environment: ["COLUMNS": "50"]).stdout.split(separator: "\n").map(String.init)
        #expect(!list[0].contains("UPDATES"), "the count of updates is left out before names shrink further: \(list[0])")
        for account in accounts {
            let row = try #require(Self.row(in: list, holding: account.value), "\(account.value) cut:\n\(list.joined(separator: "\n"))")
            #expect(row.count <= 50, "\(row)")
        }
        let table = try box.ok("table", environment: ["COLUMNS": "60"]).stdout
        #expect(table.contains("£45,002.60"), "\(table)")
        #expect(!table.contains("£45,0…"))
    }

    /// `table --change` at 40 columns was 150 and more wide: its changes now give way (named
    /// under the table), the values never; wide enough, each +/- stands beside its value
    /// (issue 26, item 31).
    @Test func aNarrowTableWithChangesLeavesOutChangesNotValues() throws {
        let (box, accounts) = try Self.demo()
        let plain = try box.ok("table", environment: ["COLUMNS": "40"]).stdout.split(separator: "\n").map(String.init)
        let text = try box.ok("table", "--change", environment: ["COLUMNS": "40"]).stdout
        let lines = text.split(separator: "\n").map(String.init)
        // No wider than the values alone: the table without --change at that width.
        let valuesWidth = plain.map(\.count).max() ?? 0
        #expect(lines.allSatisfy { $0.count <= valuesWidth }, "\(text)")
        #expect(lines.first == plain.first, "\(text)")
        for account in accounts { #expect(text.contains("£" + Self.grouped(account.value)), "\(account.value) cut:\n\(text)") }
        let note = lines.drop { !$0.hasPrefix("(not shown to fit:") }.joined(separator: " ")
        #expect(note.contains("+/- of Cash ISA") && note.contains("+/- of TOTAL GBP"), "\(text)")
        // Wide: the total's change is the last to go, beside its value.
        let wide = try box.ok("table", "--change", environment: ["COLUMNS": "160"]).stdout.split(separator: "\n").map(String.init)
        #expect(wide.allSatisfy { $0.count <= 160 }, "\(wide)")
        #expect(wide.first?.hasSuffix("TOTAL GBP          +/-") == true, "\(wide)")
        #expect(wide.contains { $0.hasPrefix("2025-06") && $0.hasSuffix("£101,224.29   +£2,420.44") }, "\(wide)")
    }

    /// "12201.34" as the table shows it: "12,201.34".
    static func grouped(_ plain: String) -> String {
        let parts = plain.split(separator: ".")
        var digits = String(parts[0])
        var groups: [String] = []
        while digits.count > 3 { groups.insert(String(digits.suffix(3)), at: 0); digits.removeLast(3) }
        groups.insert(digits, at: 0)
        return groups.joined(separator: ",") + (parts.count > 1 ? "." + parts[1] : "")
    }

    @Test func aNarrowTallyListCutsNamesNotCounts() throws {
        let box = try TallyBox()
        try box.ok("new", "a counter with a rather long name for a narrow terminal", "--start", "1234567890")
        try box.ok("new", "short")
        let result = try box.run(arguments: ["list"], extraEnvironment: ["COLUMNS": "30"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines.allSatisfy { $0.count <= 30 }, "\(lines)")
        #expect(lines.contains { $0.contains("a counter") && $0.contains("…") && $0.contains("1234567890") }, "\(lines)")
    }

    @Test func billsplitsCardLeavesOutItsNoteRatherThanCutAnAmount() throws {
        let sandbox = try Sandbox()
        let arguments = ["100", "--round-up", "5", "-c", "USD", "-p", "3"]
        let wide = try BillsplitE2E.run(sandbox, arguments, environment: ["COLUMNS": "80"])
        #expect(wide.status == 0)
        #expect(wide.stdout.contains("to multiples of $5.00"), "\(wide.stdout)")
        let narrow = try BillsplitE2E.run(sandbox, arguments, environment: ["COLUMNS": "30"])
        #expect(narrow.status == 0)
        let lines = narrow.stdout.split(separator: "\n").map(String.init)
        #expect(lines.allSatisfy { $0.count <= 30 }, "\(narrow.stdout)")
        #expect(!narrow.stdout.contains("…"), "nothing cut: \(narrow.stdout)")
        #expect(lines.contains { $0.hasPrefix("Rounding up") && $0.hasSuffix("$5.00") })
        #expect(lines.contains { $0.hasPrefix("Total") && $0.hasSuffix("$120.00") })
    }
}
