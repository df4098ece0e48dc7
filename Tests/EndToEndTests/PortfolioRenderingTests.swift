// portfolio's renderers in-process (the executable's TextChart and SVGChart over
// PortfolioKit's reports, from an in-memory portfolio): every value set of the extremes
// tests draws a whole chart in text, ASCII and SVG, and the series keeps every value
// exactly. PortfolioExtremesTests keeps representative sets through the processes.

import MoneyKit
import MoneyKitCLI
import MoneyKitPlatform
import PortfolioKit
import Testing
@testable import portfolio

@Suite struct PortfolioRenderingTests {
    @Test(arguments: PortfolioExtremesTests.valueSets)
    func chartsTablesAndSeriesOfExtremeValuesNeverTrap(values: [String]) throws {
        let portfolio = Portfolio(repository: MemoryPortfolioRepository())
        let usd = Currency.usd
        var accepted: [Money] = []
        for (index, text) in values.enumerated() {
            let at = try #require(Instant.local(year: 2024, month: Int32(index % 9 + 1), day: 15))
            let money = try Money.parse(text, currency: usd)
            // Int64.min itself is refused as input; everything else is a value.
            do {
                try PortfolioLimits.checkStorable(money)
            } catch {
                #expect(text == PortfolioExtremesTests.smallest, "\(text)")
                if index == 0 { return }
                continue
            }
            if index == 0 {
                _ = try portfolio.addAccount(name: "X", currency: usd, at: at, initial: money)
            } else {
                _ = try portfolio.addUpdate(named: "X", at: at) { _ in money }
            }
            accepted.append(money)
        }
        let now = Instant.now()
        let height = 5
        for (name, ascii) in [("X", false), ("X", true), (nil, false)] as [(String?, Bool)] {
            let chart = try ChartReport(portfolio: portfolio, accountName: name, currency: nil, from: nil, to: now)
            let text = TextChart(width: 40, height: height, ascii: ascii, styler: Styler(enabled: false))
            for panel in chart.panels {
                // The rows, the axis and the dates: nothing lost, nothing extra.
                let lines = text.render(panel.points, from: chart.from, to: max(chart.to, chart.from + 1), currency: panel.currency)
                #expect(lines.count == height + 2, "\(values) \(name ?? "portfolio"): \(lines)")
            }
            let svg = SVGChart(width: name == nil ? 200 : 800, panelHeight: name == nil ? 100 : 300, from: chart.from, to: max(chart.to, chart.from + 1))
            PortfolioExtremesTests.expectSaneSVG(svg.render(chart.panels), "\(values) \(name ?? "portfolio") svg")
        }
        _ = try Dashboard(portfolio: portfolio, now: now, maxColumns: 69)
        _ = try PeriodTable(repository: portfolio.repository, period: .month, currency: nil, from: nil, to: now, now: now)
        _ = try portfolio.detail(named: "X", now: now)
        // The series keeps every value exactly (one account: its total is its value).
        let last = try #require(accepted.last)
        #expect(try Portfolio.totals(portfolio.accountRows(includeClosed: false, now: now)) == [CurrencyTotal(currency: usd, value: last.minorUnits)])
        let series = try ChartReport(portfolio: portfolio, accountName: nil, currency: nil, from: nil, to: now).panels.first?.points.map(\.value) ?? []
        #expect(series.last == last.minorUnits)
        #expect(Set(series).isSubset(of: Set(accepted.map(\.minorUnits))))
    }
}
