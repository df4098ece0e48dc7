// portfolio report as a value (issue 16, item 11): what the report page shows, worked out
// before anything is written: the dashboard (totals per currency, each active account
// with its value, this month's and this year's change and its trend), the portfolio
// chart per currency and each active account's chart over the whole history, and the
// monthly table with each month's change.

import MoneyKit
import MoneyKitPlatform

/// portfolio report as a value: the dashboard, the charts and the monthly table.
public struct PortfolioReport: Sendable {
    /// Totals, the active accounts with their values, changes and trends.
    public let dashboard: Dashboard
    /// The portfolio per currency, from the first update to now.
    public let portfolioChart: ChartReport
    /// Each active account's own chart over the same range, in the dashboard's order.
    public let accountCharts: [ChartReport.Panel]
    /// The value of every account and each total at the end of each month.
    public let table: PeriodTable
    /// Each month's change beside its value.
    public let tableChanges: PeriodTableChanges

    /// Samples of each account's sparkline.
    public static let sparkColumns = 48

    /// The report at `now`.
    /// - Throws: `PortfolioError.totalOutOfRange`, `.changeOutOfRange`, `.tooManyPeriods`; lookups.
    public init(portfolio: Portfolio, now: Int64) throws {
        let repository = portfolio.repository
        dashboard = try Dashboard(portfolio: portfolio, now: now, maxColumns: Self.sparkColumns)
        portfolioChart = try ChartReport(portfolio: portfolio, accountName: nil, currency: nil, from: nil, to: now)
        let series = ValueSeries(repository: repository, accounts: dashboard.rows.map(\.account))
        let from = portfolioChart.from
        accountCharts = try dashboard.rows.map { row in
            // As ChartReport draws an account: the value in force at `from` first.
            let points = try series.accountSeries(row.account, to: now)
            var shown = points.filter { $0.at > from }
            if let start = points.value(at: from) { shown.insert(SeriesPoint(at: from, value: start), at: 0) }
            return ChartReport.Panel(title: row.account.name, currency: row.account.currency, points: shown, isPortfolio: false)
        }
        table = try PeriodTable(repository: repository, period: .month, currency: nil, from: nil, to: now, now: now)
        tableChanges = try PeriodTableChanges(table: table, repository: repository)
    }

    /// The trend of `account` at every sample of the dashboard (nil: no value then).
    public func sparkline(of account: Account) -> [Int64?] {
        dashboard.samples[account.id] ?? []
    }
}
