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

    /// Every value draws a mark in the text chart, blocks and ASCII: the chart axis tests'
    /// value sets, drawn here in-process (PortfolioChartAxisTests keeps some through the processes).
    @Test(arguments: PortfolioChartAxisTests.markCases.indices)
    func everyValueDrawsAMark(index: Int) throws {
        let testCase = PortfolioChartAxisTests.markCases[index]
        let portfolio = Portfolio(repository: MemoryPortfolioRepository())
        for (position, entry) in testCase.values.enumerated() {
            let at = try #require(Instant.parse(entry.date))
            let money = try Money.parse(entry.value, currency: .gbp)
            if position == 0 {
                _ = try portfolio.addAccount(name: "A", currency: .gbp, at: at, initial: money)
            } else {
                _ = try portfolio.addUpdate(named: "A", at: at) { _ in money }
            }
        }
        let to = try #require(Instant.rangeEnd("2025-04-01"))
        let chart = try ChartReport(portfolio: portfolio, accountName: "A", currency: nil, from: nil, to: to)
        let panel = try #require(chart.panels.first)
        let distinct = Set(testCase.values.map { Double($0.value) ?? 0 }).count > 1
        for ascii in [false, true] {
            let text = TextChart(width: 60, height: Int(testCase.height) ?? 0, ascii: ascii, styler: Styler(enabled: false))
            let output = text.render(panel.points, from: chart.from, to: max(chart.to, chart.from + 1), currency: panel.currency).joined(separator: "\n")
            let reading = try #require(TextChartReading(output), "\(testCase.name): \(output)")
            #expect(reading.heights.allSatisfy { $0 > 0 }, "\(testCase.name): every column has a mark:\n\(output)")
            if distinct {
                #expect(reading.heights.min() != reading.heights.max(), "\(testCase.name): the change shows:\n\(output)")
            }
            let labels = reading.labels.filter { !$0.isEmpty }
            #expect(labels.count >= 2 && Set(labels).count == labels.count, "\(testCase.name): distinct labels \(labels)")
        }
    }
}
