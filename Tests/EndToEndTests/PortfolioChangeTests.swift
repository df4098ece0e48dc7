// Change over time (issue 16, item 6) through the real binary: the dashboard's change this
// month and this year beside each total and in its table, and table --change in text,
// JSON, CSV and TSV. The dashboard's periods are the real now's (in UTC, the box's TZ).

import Foundation
import Testing

@Suite struct PortfolioChangeTests {
    /// Today's year and month in UTC, and dates relative to them.
    struct Today {
        let year: Int
        let month: Int

        init() {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
            let parts = calendar.dateComponents([.year, .month], from: Date())
            year = parts.year ?? 2026
            month = parts.month ?? 1
        }

        var monthStart: String { String(format: "%04d-%02d-01", year, month) }
        var yearStart: String { String(format: "%04d-01-01", year) }
        var lastYear: String { String(format: "%04d-06-15", year - 1) }
    }

    /// Savings: £1,000 last June, £1,100 on 1 January (when that is before this month),
    /// £1,155 on the 1st of this month; New ISA: £500 from the 1st of this month.
    static func box() throws -> (PortfolioBox, Today) {
        let box = try PortfolioBox()
        let today = Today()
        try box.ok("add", "Savings", "1000", "--date", today.lastYear)
        if today.month > 1 { try box.ok("update", "Savings", "1100", "--date", today.yearStart) }
        try box.ok("update", "Savings", "1155", "--date", today.monthStart)
        try box.ok("add", "New ISA", "500", "--date", today.monthStart)
        return (box, today)
    }

    @Test func theDashboardShowsTheChangeThisMonthAndThisYear() throws {
        let (box, today) = try Self.box()
        // Wide enough for each total's changes beside it (narrower, they go below it).
        let out = try box.ok(environment: ["COLUMNS": "120"]).stdout
        // The month's start is £1,100 (£1,000 in January); the year's £1,000.
        let month = today.month > 1 ? "+£555.00 (+50.5%)" : "+£655.00 (+65.5%)"
        #expect(out.contains("Total GBP  £1,655.00  month's change \(month)  year's change +£655.00 (+65.5%)"), "\(out)")
        let lines = out.split(separator: "\n").map(String.init)
        let header = try #require(lines.first { $0.hasPrefix("ACCOUNT") })
        #expect(header.contains("MONTH'S CHANGE") && header.contains("YEAR'S CHANGE"), "\(header)")
        // A change in value, not a return: the legend says so and where the return is.
        #expect(out.contains("Changes include money put in and taken out; 'portfolio returns' nets it out."), "\(out)")
        let savings = try #require(lines.first { $0.hasPrefix("Savings") })
        #expect(savings.contains(today.month > 1 ? "+£55.00 (+5.0%)" : "+£155.00 (+15.5%)") && savings.contains("+£155.00 (+15.5%)"), "\(savings)")
        let isa = try #require(lines.first { $0.hasPrefix("New ISA") })
        #expect(isa.contains("+£500.00 (new)"), "\(isa)")
        // Narrow: the trend goes first, then the year's change, then the month's.
        let narrow = try box.ok(environment: ["COLUMNS": "50"]).stdout
        let narrowHeader = try #require(narrow.split(separator: "\n").first { $0.hasPrefix("ACCOUNT") })
        #expect(!narrowHeader.contains("YEAR") && !narrowHeader.contains("TREND"), "\(narrowHeader)")
        // Every line within the width, the totals' too: their changes go on lines below them, whole.
        for line in narrow.split(separator: "\n") { #expect(line.count <= 50, "\(line)") }
        #expect(narrow.contains("Total GBP  £1,655.00\n  month's change \(month)\n  year's change +£655.00 (+65.5%)\n"), "\(narrow)")
    }

    @Test func aFallIsNegativeAndAZeroStartHasNoPercentage() throws {
        let box = try PortfolioBox()
        let today = Today()
        try box.ok("add", "Fund", "0", "--date", today.lastYear)
        try box.ok("update", "Fund", "200", "--date", today.monthStart)
        try box.ok("add", "Loan", "--date", today.lastYear, "--currency", "USD", "--", "-100")
        try box.ok("update", "Loan", "--date", today.monthStart, "--", "-150")
        let out = try box.ok(environment: ["COLUMNS": "120"]).stdout
        #expect(out.contains("Total GBP  £200.00  month's change +£200.00  year's change +£200.00"), "\(out)")
        #expect(out.contains("Total USD  -$150.00  month's change -$50.00 (-50.0%)  year's change -$50.00 (-50.0%)"), "\(out)")
    }

    /// A from 15 Dec 2024 (£100), £110 on 10 Jan, £99 on 5 Mar; B from 10 Feb (£50).
    static func history() throws -> PortfolioBox {
        let box = try PortfolioBox()
        try box.ok("add", "A", "100", "--date", "2024-12-15")
        try box.ok("update", "A", "110", "--date", "2025-01-10")
        try box.ok("update", "A", "99", "--date", "2025-03-05")
        try box.ok("add", "B", "50", "--date", "2025-02-10")
        return box
    }

    @Test func tableChangeInCSVAndTSV() throws {
        let box = try Self.history()
        let header = "period,end,A (GBP),A (GBP) change,A (GBP) change %,B (GBP),B (GBP) change,B (GBP) change %,total GBP,total GBP change,total GBP change %"
        let rows = try box.csv("table", "--from", "2025-01-01", "--to", "2025-03-31", "--change", "--format", "csv", header: header)
        #expect(rows == [
            // January: from December's £100. February: B is new (no %); the total +50/110.
            ["2025-01", "2025-01-31T23:59:59+00:00", "110.00", "10.00", "10.0", "", "", "", "110.00", "10.00", "10.0"],
            ["2025-02", "2025-02-28T23:59:59+00:00", "110.00", "0.00", "0.0", "50.00", "50.00", "", "160.00", "50.00", "45.5"],
            ["2025-03", "2025-03-31T23:59:59+00:00", "99.00", "-11.00", "-10.0", "50.00", "0.00", "0.0", "149.00", "-11.00", "-6.9"],
        ])
        let tsv = try box.ok("table", "--from", "2025-01-01", "--to", "2025-03-31", "--change", "--format", "tsv").stdout
        #expect(tsv.split(separator: "\n").first == Substring(header.replacingOccurrences(of: ",", with: "\t")))
        // Without --change the table is as before: no change column.
        let plain = try box.csv("table", "--from", "2025-01-01", "--to", "2025-03-31", "--format", "csv", header: "period,end,A (GBP),B (GBP),total GBP")
        #expect(plain.count == 3)
    }

    @Test func tableChangeInJSONAndText() throws {
        let box = try Self.history()
        let object = try #require(try box.json("table", "--from", "2025-01-01", "--to", "2025-03-31", "--change", "--format", "json") as? [String: Any])
        let accounts = try #require(object["accounts"] as? [[String: Any]])
        #expect(accounts.first?["changes"] as? [String] == ["10.00", "0.00", "-11.00"])
        #expect((accounts.first?["changePercents"] as? [Double]) == [10.0, 0.0, -10.0])
        let b = try #require(accounts.last)
        #expect((b["changes"] as? [Any])?.count == 3 && (b["changes"] as? [Any])?.first is NSNull)
        #expect((b["changePercents"] as? [Any]).map { $0.map { $0 is NSNull } } == [true, true, false])
        let totals = try #require(object["totalChanges"] as? [String: [String: Any]])
        #expect(totals["GBP"]?["changes"] as? [String] == ["10.00", "50.00", "-11.00"])
        #expect((totals["GBP"]?["changePercents"] as? [Double]) == [10.0, 45.5, -6.9])
        // The table's own keys stay as they were.
        #expect((object["totals"] as? [String: [String]])?["GBP"] == ["110.00", "160.00", "149.00"])
        let plain = try #require(try box.json("table", "--from", "2025-01-01", "--to", "2025-03-31", "--format", "json") as? [String: Any])
        #expect(plain["totalChanges"] == nil && (plain["accounts"] as? [[String: Any]])?.first?["changes"] == nil)

        let text = try box.ok("table", "--from", "2025-01-01", "--to", "2025-03-31", "--change", environment: ["COLUMNS": "160"]).stdout
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.first?.contains("+/-") == true, "\(text)")
        let march = try #require(lines.first { $0.hasPrefix("2025-03") })
        #expect(march.contains("£99.00") && march.contains("-£11.00") && march.contains("£149.00"), "\(march)")
        let february = try #require(lines.first { $0.hasPrefix("2025-02") })
        #expect(february.contains("+£50.00"), "\(february)")
    }

    @Test func aChangeBeyondTheRangeOfAmountsIsRefused() throws {
        let box = try PortfolioBox()
        try box.ok("add", "Big", "--date", "2025-01-10", "--", "-92233720368547758.07")
        try box.ok("update", "Big", "92233720368547758.07", "--date", "2025-02-10")
        let refused = try box.fails(65, "table", "--from", "2025-01-01", "--to", "2025-02-28", "--change")
        #expect(refused.stdout.isEmpty)
        #expect(refused.stderr.contains("portfolio: error: a change of a GBP value over a period is out of range"), "\(refused.stderr)")
        // Without --change the values themselves still show.
        try box.ok("table", "--from", "2025-01-01", "--to", "2025-02-28")
    }
}
