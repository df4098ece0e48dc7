// tillcount summary (issue 29, item 7), in-process on an injected clock (UTC): counts saved
// over three days in two tills, summed per day and week in every format; the SVG chart is
// well-formed with a bar per till and day that had an expected cash; the HTML page has the
// report's look, the table and the chart; names are escaped everywhere.

import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import MoneyKit
import MoneyKitCLI
import Testing
import TillKit
@testable import tillcount

@Suite struct TillcountSummaryTests {
    /// 2023-11-14 09:00 UTC, a Tuesday.
    static let tuesday: Double = 1_699_952_400

    static func run(_ arguments: [String], _ environment: [String: String], at instant: Double = tuesday + 3 * 86_400) -> (code: ExitCode, out: String, err: String) {
        InjectedClockTests.run(TillcountTool.self, arguments, environment, at: instant)
    }

    /// main: Tue £100 counted against £90 expected, Wed £50 against £55; Front <b>: Tue £30 with no expected cash.
    static func shop() throws -> [String: String] {
        var environment = try InjectedClockTests.environment()
        environment["TILLCOUNT_STATE"] = environment["HOME"]! + "/till.json"
        func at(_ day: Double, _ arguments: String...) {
            let result = run(arguments, environment, at: tuesday + day * 86_400)
            #expect(result.code == .ok, "\(arguments): \(result.err)")
        }
        at(0, "--currency", "GBP", "add", "20=5")
        at(0, "save", "--expected", "90", "--kind", "z")
        at(0, "--till", "Front <b>", "--currency", "GBP", "add", "10=3")
        at(0, "--till", "Front <b>", "save")
        at(1, "clear", "--force")
        at(1, "add", "10=5")
        at(1, "save", "--expected", "55", "--kind", "z")
        return environment
    }

    @Test func countsAreSummedPerTillAndPeriodInEveryFormat() throws {
        let environment = try Self.shop()
        let text = Self.run(["summary"], environment)
        #expect(text.code == .ok)
        #expect(text.out == """
            TILL       PERIOD      COUNTS  COUNTED  EXPECTED      OVER/SHORT
            Front <b>  2023-11-14       1   £30.00                          
            main       2023-11-14       1  £100.00    £90.00  over by £10.00
            main       2023-11-15       1   £50.00    £55.00  short by £5.00

            """.replacingOccurrences(of: "                          \n", with: "\n"), "\(text.out)")
        let csv = Self.run(["summary", "--by", "week", "--format", "csv"], environment).out
        #expect(csv == """
            till,period,start,currency,counts,closingOnly,counted,expected,overShort,withoutExpected
            Front <b>,2023-11-13,2023-11-13T00:00:00+00:00,GBP,1,false,30.00,,,1
            main,2023-11-13,2023-11-13T00:00:00+00:00,GBP,2,false,150.00,145.00,5.00,0

            """, "\(csv)")
        let zOnly = Self.run(["summary", "--kind", "z", "--format", "json", "--from", "2023-11-15"], environment).out
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(zOnly.utf8)) as? [[String: Any]])
        #expect(rows.count == 1 && rows.first?["overShort"] as? String == "-5.00" && rows.first?["till"] as? String == "main")
        #expect(Self.run(["summary", "--till", "nowhere"], environment).err == "No saved counts in this range.\n")
        #expect(Self.run(["summary", "--from", "2023-11-16", "--to", "2023-11-15"], environment).code == .usage)
        #expect(Self.run(["summary", "--by", "hour"], environment).code == .usage)
    }

    /// A till name stored before the name rule, with a control character: shown visible,
    /// never raw (an SVG printed to a terminal; XML allows no C0 control).
    @Test func aControlCharacterInANameIsShownVisible() throws {
        let gbp = try #require(Currency(code: "GBP") as Currency?)
        let count = SavedCount(
            id: 1, savedAt: "2023-11-14T09:00:00Z", label: nil, currency: gbp, total: Money(minorUnits: 100, currency: gbp),
            float: Money(minorUnits: 0, currency: gbp), expected: Money(minorUnits: 90, currency: gbp), notes: [], lines: [], till: "evil\u{1B}[2J")
        let svg = SummaryChart(summary: try CountSummary([count], by: .day), rendering: TillRendering(styler: Styler(enabled: false), width: 80)).svg()
        #expect(!svg.contains("\u{1B}") && svg.contains("evil"), "\(svg)")
    }

    @Test func theChartAndThePage() throws {
        let environment = try Self.shop()
        let svg = Self.run(["summary", "--format", "svg"], environment).out
        let parser = XMLParser(data: Data(svg.utf8))
        #expect(parser.parse(), "the SVG is well-formed XML")
        #expect(svg.components(separatedBy: "<rect x=").count - 1 == 2 + 2, "two bars and two legend keys: \(svg)")
        #expect(svg.contains("Front &lt;b&gt;") && !svg.contains("Front <b>"))
        let page = Self.run(["summary", "--format", "html", "--by", "week"], environment).out
        HTMLPage.expectBalanced(page)
        #expect(page.contains("<h1>Till counts by week</h1>") && page.contains("<svg width=") && !page.contains("<b>"))
        #expect(HTMLPage.rows(page, table: "summary").count == 3)
    }
}
