// The report page's builder (PortfolioReportHTML, issue 16 item 11) in-process, from a
// portfolio in memory: every figure on the page, hostile names escaped, nothing that
// reaches outside the page. (The builder lives in the executable, as tillcount's does:
// the kit computes the report, the executable renders it.)

import Foundation
import MoneyKit
import MoneyKitPlatform
import PortfolioKit
import Testing
@testable import portfolio

@Suite struct PortfolioReportHTMLTests {
    static func local(_ year: Int32, _ month: Int32, _ day: Int32, _ hour: Int32 = 0) -> Int64 {
        Instant.local(year: year, month: month, day: day, hour: hour, minute: 0, second: 0) ?? 0
    }

    /// Easy saver from last year, Fund new this month, a USD account; now 20 July 2025, noon.
    static func page(names: (String, String) = ("Easy saver", "Fund")) throws -> (page: String, report: PortfolioReport) {
        let portfolio = Portfolio(repository: MemoryPortfolioRepository())
        let (saver, fund) = names
        _ = try portfolio.addAccount(name: saver, currency: .gbp, at: local(2024, 6, 1), initial: try Money.parse("1000", currency: .gbp))
        _ = try portfolio.addUpdate(named: saver, at: local(2025, 3, 1)) { try Money.parse("1100", currency: $0) }
        _ = try portfolio.addUpdate(named: saver, at: local(2025, 7, 2)) { try Money.parse("1155", currency: $0) }
        _ = try portfolio.addAccount(name: fund, currency: .gbp, at: local(2025, 7, 10), initial: try Money.parse("500", currency: .gbp))
        _ = try portfolio.addAccount(name: "Brokerage", currency: .usd, at: local(2025, 1, 15), initial: try Money.parse("2000", currency: .usd))
        let report = try PortfolioReport(portfolio: portfolio, now: local(2025, 7, 20, 12))
        return (PortfolioReportHTML(report: report).page().joined(separator: "\n") + "\n", report)
    }

    @Test func everyFigureIsOnThePage() throws {
        let (page, report) = try Self.page()
        #expect(page.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"))
        PortfolioPage.expectBalanced(page)
        // Totals per currency: this month from £1,100 (Easy saver), this year from £1,000.
        #expect(HTMLPage.rows(page, table: "totals") == [
            ["Currency", "Total", "Change this month", "Change this year"],
            ["GBP", "£1,655.00", "+£555.00(+50.5%)", "+£655.00(+65.5%)"],
            ["USD", "$2,000.00", "$0.00(0.0%)", "+$2,000.00(new)"],
        ])
        // A change in value, not a return (issue 26, item 35): the note below the totals says so.
        #expect(page.contains("</table>\n</div>\n<p class=\"note\">Changes include money put in and taken out; &#39;portfolio returns&#39; nets it out.</p>"), "\(page)")
        let accounts = HTMLPage.rows(page, table: "accounts")
        #expect(accounts.first == ["Account", "Value", "Change this month", "Change this year", "Updated", "Trend"])
        #expect(accounts.dropFirst().map { Array($0.prefix(5)) } == [
            ["Brokerage", "$2,000.00", "$0.00(0.0%)", "+$2,000.00(new)", "15 Jan 2025, 00:00"],
            ["Easy saver", "£1,155.00", "+£55.00(+5.0%)", "+£155.00(+15.5%)", "2 Jul 2025, 00:00"],
            ["Fund", "£500.00", "+£500.00(new)", "+£500.00(new)", "10 Jul 2025, 00:00"],
        ])
        // A sparkline per account, and a chart per currency and per account, all inline SVG.
        #expect(page.components(separatedBy: "aria-label=\"trend\"").count - 1 == 3)
        #expect(page.components(separatedBy: "<figure class=\"chart portfolio\"><svg").count - 1 == 2)
        #expect(page.components(separatedBy: "<figure class=\"chart account\"><svg").count - 1 == 3)
        #expect(page.contains("Portfolio (GBP)") && page.contains("Portfolio (USD)"))
        // The monthly table: every month from the first update, each value with its change.
        let monthly = HTMLPage.rows(page, table: "monthly")
        #expect(monthly.first == ["Month", "BrokerageUSD", "Easy saverGBP", "FundGBP", "TotalGBP", "TotalUSD"])
        #expect(monthly.count == 1 + report.table.rows.count && report.table.rows.first?.label == "2024-06")
        #expect(monthly.last == ["2025-07", "$2,000.00$0.00", "£1,155.00+£55.00", "£500.00+£500.00", "£1,655.00+£555.00", "$2,000.00$0.00"])
        #expect(monthly[1] == ["2024-06", "", "£1,000.00+£1,000.00", "", "£1,000.00+£1,000.00", ""])
    }

    @Test func hostileNamesAreEscaped() throws {
        let hostile = "<script>alert('x')</script> & \"q\" \u{1B}[2J \u{202E}txet"
        let (page, _) = try Self.page(names: (hostile, "</td></tr><img src=x onerror=alert(1)>"))
        PortfolioPage.expectBalanced(page)
        #expect(!page.contains("<script") && !page.contains("<img"))
        for raw in ["\u{1B}", "\u{202E}"] { #expect(!page.contains(raw), "a raw control character on the page") }
        let escaped = "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;q&quot; \\x1B[2J \\u{202E}txet"
        #expect(page.contains("<th scope=\"row\" class=\"name\">\(escaped)</th>"))
        // In the charts' titles and the monthly table's header too.
        #expect(page.components(separatedBy: escaped).count - 1 >= 3)
        #expect(page.contains("&lt;/td&gt;&lt;/tr&gt;&lt;img src=x onerror=alert(1)&gt;"))
    }

    @Test func thePageIsSelfContained() throws {
        let (page, _) = try Self.page()
        for outside in ["http", "//", "src=", "href=", "<link", "<script", "<img", "@import", "url(", "@font-face", "xmlns"] {
            #expect(!page.contains(outside), "the page has \(outside)")
        }
    }

    @Test func anEmptyPortfolioSaysSo() throws {
        let report = try PortfolioReport(portfolio: Portfolio(repository: MemoryPortfolioRepository()), now: Self.local(2025, 7, 20))
        let page = PortfolioReportHTML(report: report).page().joined(separator: "\n")
        PortfolioPage.expectBalanced(page)
        #expect(page.contains("No accounts yet.") && !page.contains("<table"))
    }
}

enum PortfolioPage {
    /// HTMLPage.expectBalanced for a page with inline SVG: a self-closed SVG element
    /// (`<line …/>`) opens nothing.
    static func expectBalanced(_ page: String, sourceLocation: SourceLocation = #_sourceLocation) {
        HTMLPage.expectBalanced(page.replacingOccurrences(of: "<[a-z]+\\b[^>]*/>", with: "", options: .regularExpression), sourceLocation: sourceLocation)
    }
}
