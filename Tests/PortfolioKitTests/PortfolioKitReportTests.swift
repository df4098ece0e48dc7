// portfolio's reports as values: the period table, the value series, the chart and the
// dashboard, computed from the in-memory repository.

import MoneyKit
import Testing
@testable import PortfolioKit

@Suite struct PortfolioKitReportTests {
    /// A closes on 20 March; B starts in February.
    func closedAndLater() throws -> Portfolio {
        let portfolio = memoryPortfolio()
        try portfolio.add("A", "100", at: local(2025, 1, 10))
        try portfolio.add("B", "50", at: local(2025, 2, 10))
        try portfolio.set("A", "150", at: local(2025, 3, 5))
        _ = try portfolio.close(named: "A", at: local(2025, 3, 20))
        try portfolio.set("B", "70", at: local(2025, 4, 10))
        return portfolio
    }

    @Test func theTableTakesTheValueAtEachPeriodsEnd() throws {
        let portfolio = try closedAndLater()
        let table = try PeriodTable(repository: portfolio.repository, period: .month, currency: nil, from: nil, to: local(2025, 5, 31, 23, 59, 59), now: local(2025, 6, 1))
        #expect(table.rows.map(\.label) == ["2025-01", "2025-02", "2025-03", "2025-04", "2025-05"])
        #expect(table.rows.map(\.end) == [local(2025, 2, 1) - 1, local(2025, 3, 1) - 1, local(2025, 4, 1) - 1, local(2025, 5, 1) - 1, local(2025, 5, 31, 23, 59, 59)])
        #expect(table.rows.map(\.values) == [[100_00, nil], [100_00, 50_00], [nil, 50_00], [nil, 70_00], [nil, 70_00]])
        #expect(table.rows.map(\.totals) == [[100_00], [150_00], [50_00], [70_00], [70_00]])
        #expect(table.currencies == [.gbp])
    }

    @Test func periodsFollowTheLocalCalendar() throws {
        let wednesday = local(2025, 7, 30, 15)
        #expect(Period.day.start(containing: wednesday) == local(2025, 7, 30))
        #expect(Period.week.start(containing: wednesday) == local(2025, 7, 28))
        #expect(Period.month.start(containing: wednesday) == local(2025, 7, 1))
        #expect(Period.quarter.start(containing: wednesday) == local(2025, 7, 1))
        #expect(Period.year.start(containing: wednesday) == local(2025, 1, 1))
        #expect(Period.day.nextStart(after: local(2025, 12, 31)) == local(2026, 1, 1))
        #expect(Period.week.nextStart(after: local(2025, 12, 29)) == local(2026, 1, 5))
        #expect(Period.month.nextStart(after: local(2025, 12, 1)) == local(2026, 1, 1))
        #expect(Period.quarter.nextStart(after: local(2025, 10, 1)) == local(2026, 1, 1))
        #expect(Period.year.nextStart(after: local(2025, 1, 1)) == local(2026, 1, 1))
        #expect(Period.year.nextStart(after: local(9999, 1, 1)).map { $0 > local(9999, 12, 31, 23, 59, 59) } == true)
        #expect(Period.month.label(start: local(999, 7, 1)) == "0999-07")
        #expect(Period.quarter.label(start: local(2025, 7, 1)) == "2025-Q3")
        #expect(Period.week.label(start: local(2025, 7, 28)) == "2025-07-28 wk")
        #expect(Period.day.label(start: local(2025, 7, 28)) == "2025-07-28")
        #expect(Period.year.label(start: local(2025, 1, 1)) == "2025")
    }

    @Test func aTableRefusesABackwardRangeAndTooManyPeriods() throws {
        let portfolio = try closedAndLater()
        #expect(throws: PortfolioError.fromAfterTo) {
            try PeriodTable(repository: portfolio.repository, period: .month, currency: nil, from: local(2025, 3, 1), to: local(2025, 2, 1), now: local(2025, 6, 1))
        }
        #expect(throws: PortfolioError.tooManyPeriods) {
            try PeriodTable(repository: portfolio.repository, period: .day, currency: nil, from: local(1, 1, 2), to: local(9999, 12, 30), now: local(2025, 6, 1))
        }
        let dollars = try PeriodTable(repository: portfolio.repository, period: .year, currency: .usd, from: nil, to: local(2025, 6, 1), now: local(2025, 6, 1))
        #expect(dollars.accounts.isEmpty)
        #expect(dollars.rows.map(\.label) == ["2025"])
    }

    @Test func thePortfolioSeriesCountsClosesAndStartsAtFrom() throws {
        let portfolio = try closedAndLater()
        let series = ValueSeries(repository: portfolio.repository, accounts: try portfolio.repository.accounts())
        let points = try series.portfolioSeries(currency: .gbp, to: local(2025, 6, 1))
        #expect(points == [
            SeriesPoint(at: local(2025, 1, 10), value: 100_00), SeriesPoint(at: local(2025, 2, 10), value: 150_00),
            SeriesPoint(at: local(2025, 3, 5), value: 200_00), SeriesPoint(at: local(2025, 3, 20), value: 50_00),
            SeriesPoint(at: local(2025, 4, 10), value: 70_00),
        ])
        // From 1 March: the total in force then, and every change after.
        let fromMarch = try series.portfolioSeries(currency: .gbp, from: local(2025, 3, 1), to: local(2025, 6, 1))
        #expect(fromMarch.first == SeriesPoint(at: local(2025, 2, 10), value: 150_00))
        #expect(fromMarch.count == 4)
        #expect(try series.value(of: portfolio.account(named: "A"), at: local(2025, 3, 20)) == nil)
        #expect(try series.value(of: portfolio.account(named: "A"), at: local(2025, 3, 19)) == 150_00)
        #expect(try series.value(of: portfolio.account(named: "B"), at: local(2025, 2, 9)) == nil)
    }

    @Test func aChartCollapsesThePointsBeforeFrom() throws {
        let portfolio = try closedAndLater()
        let chart = try ChartReport(portfolio: portfolio, accountName: nil, currency: nil, from: local(2025, 3, 1), to: local(2025, 6, 1))
        #expect(chart.from == local(2025, 3, 1))
        #expect(chart.panels.map(\.title) == ["Portfolio (GBP)"])
        #expect(chart.panels.first?.points.first == SeriesPoint(at: local(2025, 3, 1), value: 150_00))
        let account = try ChartReport(portfolio: portfolio, accountName: "b", currency: nil, from: nil, to: local(2025, 6, 1))
        #expect(account.from == local(2025, 2, 10))
        #expect(account.panels.map(\.isPortfolio) == [false])
        #expect(throws: PortfolioError.fromAfterTo) {
            try ChartReport(portfolio: portfolio, accountName: nil, currency: nil, from: local(2025, 7, 1), to: local(2025, 6, 1))
        }
        var seen: [Currency] = []
        _ = try ChartReport(portfolio: portfolio, accountName: nil, currency: nil, from: nil, to: local(2025, 6, 1)) { seen = $0 }
        #expect(seen == [.gbp])
    }

    @Test func theDashboardSamplesEveryActiveAccount() throws {
        let portfolio = memoryPortfolio()
        _ = try portfolio.fillDemo(.three, now: local(2025, 9, 20))
        let dashboard = try Dashboard(portfolio: portfolio, now: local(2025, 9, 20), maxColumns: 69)
        #expect(dashboard.rows.map(\.account.name) == ["Account 1", "Account 2"])
        #expect(dashboard.totals == [CurrencyTotal(currency: .gbp, value: 1_200_00)])
        #expect(dashboard.columns == 69)
        #expect(dashboard.first == local(2025, 3, 1, 8))
        #expect(dashboard.charts.first?.points.last?.value == 1_200_00)
        #expect(dashboard.trend(of: dashboard.rows[0].account).last == 600_00)
        let empty = try Dashboard(portfolio: memoryPortfolio(), now: local(2025, 9, 20), maxColumns: 69)
        #expect(empty.rows.isEmpty)
    }
}
