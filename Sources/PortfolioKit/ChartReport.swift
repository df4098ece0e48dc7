// portfolio chart as a value: an account's series, or the portfolio total per currency,
// over a range that reaches `to` (now unless given). Points before `from` collapse into
// one at `from`, so a line starts at the value in force then.

import MoneyKit
import MoneyKitPlatform

/// portfolio chart as a value: the series to draw and their range.
public struct ChartReport: Sendable {
    /// One chart: an account's series, or the portfolio total in one currency.
    public struct Panel: Sendable {
        /// The account's name, or "Portfolio (GBP)".
        public let title: String
        /// The currency of the values.
        public let currency: Currency
        /// The values in time order, the first at `from` when one was in force then.
        public let points: [SeriesPoint]
        /// A portfolio total rather than one account.
        public let isPortfolio: Bool
    }

    /// The start of the range drawn.
    public let from: Int64
    /// The end of the range drawn.
    public let to: Int64
    /// One panel per account or currency drawn.
    public let panels: [Panel]

    /// The chart of the account called `accountName`, else of the portfolio per currency
    /// (only `currency` when given; `checkCurrencies` sees the currencies drawn before any
    /// total is worked out, and may refuse them).
    /// - Throws: `PortfolioError.fromAfterTo`, `.totalOutOfRange` (a total shown), lookups.
    public init(portfolio: Portfolio, accountName: String?, currency: Currency?, from fromOption: Int64?, to: Int64,
                checkCurrencies: ([Currency]) throws -> Void = { _ in }) throws {
        let repository = portfolio.repository
        let series = ValueSeries(repository: repository, accounts: try repository.accounts())
        var panels: [Panel] = []
        if let accountName {
            let account = try portfolio.account(named: accountName)
            panels.append(Panel(title: account.name, currency: account.currency, points: try series.accountSeries(account, to: to), isPortfolio: false))
        } else {
            var currencies = series.currencies
            if let currency { currencies = currencies.filter { $0 == currency } }
            try checkCurrencies(currencies)
            for currency in currencies {
                // Totals before --from are never shown, so never checked.
                panels.append(Panel(title: "Portfolio (\(currency.code))", currency: currency,
                                    points: try series.portfolioSeries(currency: currency, from: fromOption ?? .min, to: to), isPortfolio: true))
            }
        }
        // A stored instant is clamped to years 0001–9999 (what --from accepts), so from + 1
        // and every span stay far inside Int64.
        let firstPoint = panels.compactMap { $0.points.first?.at }.min().map(Instant.clamped)
        let from = fromOption ?? firstPoint ?? to
        guard from <= to else { throw PortfolioError.fromAfterTo }
        self.from = from
        self.to = to
        self.panels = panels.map { panel in
            var points = panel.points.filter { $0.at > from }
            if let start = panel.points.value(at: from) { points.insert(SeriesPoint(at: from, value: start), at: 0) }
            return Panel(title: panel.title, currency: panel.currency, points: points, isPortfolio: panel.isPortfolio)
        }
    }
}
