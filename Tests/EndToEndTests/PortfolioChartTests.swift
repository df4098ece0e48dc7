// portfolio chart and table: text charts with block characters or plain ASCII, SVG that
// parses as XML, CSV with one row per change, JSON; tables per day, week, month, quarter
// and year in every format.

import Foundation
import Testing

@Suite struct PortfolioChartTests {
    /// Two GBP accounts with changes on four dates, and one in USD.
    static func sampleBox() throws -> PortfolioBox {
        let box = try PortfolioBox()
        try box.ok("add", "Stocks & Shares <ISA>", "1000", "--date", "2025-01-01")
        try box.ok("update", "Stocks & Shares <ISA>", "1500", "--date", "2025-02-01")
        try box.ok("add", "Cash", "500", "--date", "2025-01-15")
        try box.ok("update", "Cash", "250", "--date", "2025-03-01")
        try box.ok("add", "Dollars", "100", "--date", "2025-01-01", "--currency", "USD")
        return box
    }

    // MARK: CSV and JSON

    @Test func csvHasOneRowPerChangeOfThePortfolio() throws {
        let box = try Self.sampleBox()
        let result = try box.ok("chart", "--format", "csv", "--currency", "GBP")
        #expect(result.stdout.hasPrefix("date,value\n"))
        #expect(try box.csv("chart", "--format", "csv", "--currency", "GBP", header: "date,value") == [
            ["2025-01-01T00:00:00+00:00", "1000.00"],
            ["2025-01-15T00:00:00+00:00", "1500.00"],
            ["2025-02-01T00:00:00+00:00", "2000.00"],
            ["2025-03-01T00:00:00+00:00", "1750.00"],
        ])
        #expect(try box.csv("chart", "cash", "--format", "csv", header: "date,value") == [
            ["2025-01-15T00:00:00+00:00", "500.00"], ["2025-03-01T00:00:00+00:00", "250.00"],
        ])
    }

    @Test func csvOfAnAccountHasNoRowWhereTheValueDoesNotChange() throws {
        let box = try PortfolioBox()
        try box.ok("add", "Bonds", "1000", "--date", "2025-01-01")
        try box.ok("update", "Bonds", "1000", "--date", "2025-02-01")
        try box.ok("update", "Bonds", "1025", "--date", "2025-03-01")
        let expected = [["2025-01-01T00:00:00+00:00", "1000.00"], ["2025-03-01T00:00:00+00:00", "1025.00"]]
        #expect(try box.csv("chart", "--format", "csv") == expected)  // the portfolio: right
        let account = try box.csv("chart", "Bonds", "--format", "csv")
        #expect(account == expected)
    }

    @Test func fromAndToClipTheChart() throws {
        let box = try Self.sampleBox()
        // Before --from the value in force becomes the first point, at --from.
        #expect(try box.csv("chart", "--format", "csv", "-c", "GBP", "--from", "2025-01-20", "--to", "2025-02-15") == [
            ["2025-01-20T00:00:00+00:00", "1500.00"],
            ["2025-02-01T00:00:00+00:00", "2000.00"],
        ])
        let json = try #require(try box.json("chart", "Cash", "--format", "json", "--from", "2025-02-01", "--to", "2025-03-31") as? [[String: Any]])
        #expect(json.count == 1)
        let panel = try #require(json.first)
        #expect(panel["title"] as? String == "Cash")
        #expect(panel["currency"] as? String == "GBP")
        #expect(panel["from"] as? String == "2025-02-01T00:00:00+00:00")
        #expect(panel["to"] as? String == "2025-03-31T23:59:59+00:00")
        let points = try #require(panel["points"] as? [[String: String]])
        #expect(points == [["date": "2025-02-01T00:00:00+00:00", "value": "500.00"], ["date": "2025-03-01T00:00:00+00:00", "value": "250.00"]])

        let backwards = try box.fails(64, "chart", "--from", "2025-03-01", "--to", "2025-02-01")
        #expect(backwards.stderr.contains("--from is after --to"))
        try box.fails(64, "chart", "--format", "png")
        try box.fails(64, "chart", "--width", "5")
        try box.fails(64, "chart", "--currency", "XYZ")
        try box.fails(66, "chart", "Nothing")
    }

    // MARK: SVG

    @Test func svgOfAnAccountIsWellFormedWithALineOverAnArea() throws {
        let box = try Self.sampleBox()
        let result = try box.ok("chart", "stocks & shares <isa>", "--format", "svg", "--width", "640", "--height", "240")
        let svg = PortfolioSVG(result.stdout)
        #expect(svg.wellFormed, "\(String(describing: svg.error))")
        #expect(svg.root?.name == "svg")
        #expect(svg.root?.attributes["width"] == "640")
        #expect(svg.root?.attributes["height"] == "240")
        #expect(svg.count("polyline") == 1)
        #expect(svg.count("polygon") == 1)
        #expect(svg.count("circle") == 0)
        let line = try #require(svg.all("polyline").first?["points"])
        #expect(line.split(separator: " ").count >= 3, "a step line: two points and the run to the end")
        #expect(result.stdout.contains("Stocks &amp; Shares &lt;ISA&gt;"))
    }

    @Test func svgOfThePortfolioHasCirclesOnEachPointAndAPanelPerCurrency() throws {
        let box = try Self.sampleBox()
        let gbp = PortfolioSVG(try box.ok("chart", "--format", "svg", "--currency", "GBP").stdout)
        #expect(gbp.wellFormed, "\(String(describing: gbp.error))")
        #expect(gbp.root?.attributes["width"] == "800")
        #expect(gbp.count("polyline") == 1)
        #expect(gbp.count("polygon") == 0)
        #expect(gbp.count("circle") == 4, "one per point of the GBP series")

        let both = PortfolioSVG(try box.ok("chart", "--format", "svg", "--height", "200").stdout)
        #expect(both.wellFormed)
        #expect(both.count("polyline") == 2)
        #expect(both.count("circle") == 5)
        #expect(both.root?.attributes["height"] == "400", "two panels of 200")
    }

    // MARK: text

    @Test func textChartUsesBlockCharactersAndAsciiOnlyASCII() throws {
        let box = try PortfolioBox()
        try box.ok("add", "Dollars", "100", "--date", "2025-01-01", "--currency", "USD")
        try box.ok("update", "Dollars", "400", "--date", "2025-02-01")
        try box.ok("update", "Dollars", "250", "--date", "2025-03-01")

        let blocks = try box.ok("chart", "--width", "50", "--height", "6", "--to", "2025-04-01").stdout
        let lines = blocks.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        #expect(lines.count == 1 + 6 + 2, "title, 6 rows, axis, dates")
        #expect(lines.first == "Portfolio (USD)")
        #expect(blocks.portfolioHasBlocks)
        #expect(blocks.contains("└"))
        #expect(blocks.contains("1 Jan 2025") && blocks.contains("1 Apr 2025"))
        #expect(lines.allSatisfy { $0.count <= 50 })

        let ascii = try box.ok("chart", "--width", "50", "--height", "6", "--to", "2025-04-01", "--ascii").stdout
        #expect(ascii.portfolioIsASCII)
        #expect(ascii.contains("#"))
        #expect(ascii.split(separator: "\n").count == lines.count)

        let account = try box.ok("chart", "Dollars", "--ascii", "--width", "40", "--to", "2025-04-01").stdout
        #expect(account.portfolioIsASCII)
        #expect(account.hasPrefix("Dollars\n"))
    }

    @Test func asciiChartInPoundsIsASCIIApartFromThePoundSign() throws {
        let box = try PortfolioBox()
        try box.ok("add", "Saver", "100", "--date", "2025-01-01")
        try box.ok("update", "Saver", "300", "--date", "2025-02-01")
        let ascii = try box.ok("chart", "--ascii", "--width", "40", "--to", "2025-03-01").stdout
        #expect(ascii.replacingOccurrences(of: "£", with: "").portfolioIsASCII)
        #expect(ascii.contains("#"))
        #expect(!ascii.portfolioHasBlocks)
    }

    @Test func aFlatChartStillShowsItsValue() throws {
        let box = try PortfolioBox()
        try box.ok("add", "Steady", "1000", "--date", "2025-01-01")
        let blocks = try box.ok("chart", "--width", "40", "--height", "4", "--to", "2025-03-01").stdout
        let ascii = try box.ok("chart", "--width", "40", "--height", "4", "--to", "2025-03-01", "--ascii").stdout
        #expect(blocks.contains("█"))
        #expect(ascii.contains("#"))
    }

    @Test func chartOfAnEmptyStoreOrAccountWithoutValues() throws {
        let box = try PortfolioBox()
        try box.ok("db", "init")
        let empty = try box.ok("chart")
        #expect(empty.stderr.contains("No accounts yet"))
        #expect(try box.ok("chart", "--format", "csv").stdout == "date,value\n")
        try box.ok("add", "Nothing yet", "--date", "2025-01-01")
        #expect(try box.ok("chart", "Nothing yet").stdout.contains("(no values in this range)"))
        let svg = PortfolioSVG(try box.ok("chart", "Nothing yet", "--format", "svg").stdout)
        #expect(svg.wellFormed)
        #expect(svg.count("polyline") == 0)
    }

    // MARK: table

    @Test(arguments: [
        ("day", 365, "2025-01-01", "2025-12-31", "2025-01-01T23:59:59+00:00"),
        ("week", 53, "2024-12-30 wk", "2025-12-29 wk", "2025-01-05T23:59:59+00:00"),
        ("month", 12, "2025-01", "2025-12", "2025-01-31T23:59:59+00:00"),
        ("quarter", 4, "2025-Q1", "2025-Q4", "2025-03-31T23:59:59+00:00"),
        ("year", 1, "2025", "2025", "2025-12-31T23:59:59+00:00"),
    ])
    func tablePeriods(period: String, count: Int, first: String, last: String, firstEnd: String) throws {
        let box = try PortfolioBox()
        try box.ok("add", "Saver", "100", "--date", "2025-01-01")
        try box.ok("update", "Saver", "200", "--date", "2025-12-31 12:00")
        let rows = try box.csv("table", "--period", period, "--from", "2025-01-01", "--to", "2025-12-31 23:59:59", "--format", "csv",
                               header: "period,end,Saver (GBP),total GBP")
        #expect(rows.count == count)
        #expect(rows.first?.first == first)
        #expect(rows.last?.first == last)
        #expect(rows.last?[1] == "2025-12-31T23:59:59+00:00")
        #expect(rows.last?[2] == "200.00")
        #expect(rows.first?[1] == firstEnd)
        #expect(rows.first?[2] == (count == 1 ? "200.00" : "100.00"))
    }

    @Test func tableInEveryFormat() throws {
        let box = try Self.sampleBox()
        let range = ["--from", "2025-01-01", "--to", "2025-03-31 23:59:59", "--currency", "GBP"]
        let csv = try box.run(["table"] + range + ["--format", "csv"])
        #expect(csv.status == 0)
        #expect(csv.stdout == """
            period,end,Cash (GBP),Stocks & Shares <ISA> (GBP),total GBP
            2025-01,2025-01-31T23:59:59+00:00,500.00,1000.00,1500.00
            2025-02,2025-02-28T23:59:59+00:00,500.00,1500.00,2000.00
            2025-03,2025-03-31T23:59:59+00:00,250.00,1500.00,1750.00

            """)
        let tsv = try box.run(["table"] + range + ["--format", "tsv"]).stdout
        #expect(tsv.split(separator: "\n").last == "2025-03\t2025-03-31T23:59:59+00:00\t250.00\t1500.00\t1750.00")

        let text = try box.run(["table"] + range).stdout.split(separator: "\n").map(String.init)
        #expect(text.count == 4)
        #expect(text[0].hasPrefix("PERIOD") && text[0].contains("TOTAL GBP"))
        #expect(text[3].hasPrefix("2025-03") && text[3].hasSuffix("£1,750.00"))

        let jsonText = try box.run(["table"] + range + ["--format", "json", "--period", "quarter"]).stdout
        let json = try #require(try JSONSerialization.jsonObject(with: Data(jsonText.utf8)) as? [String: Any])
        #expect(json["period"] as? String == "quarter")
        #expect((json["periods"] as? [[String: String]]) == [["label": "2025-Q1", "end": "2025-03-31T23:59:59+00:00"]])
        #expect((json["totals"] as? [String: [String]]) == ["GBP": ["1750.00"]])

        try box.fails(64, "table", "--period", "fortnight")
        try box.fails(64, "table", "--from", "2025-03-01", "--to", "2025-01-01")
        try box.fails(65, "table", "--to", "2025-02-30")
    }
}
