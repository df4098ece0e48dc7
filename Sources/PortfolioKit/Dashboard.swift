// portfolio dashboard as a value: the totals per currency, each active account with its
// value, last update and trend, and the portfolio line per currency, all sampled at one
// set of instants from the first update to now.

import MoneyKit
import MoneyKitPlatform

/// portfolio dashboard as a value: totals, the active accounts with their trends, the portfolio lines.
public struct Dashboard: Sendable {
    /// The portfolio line of one currency: the exact total at each sample where it changes.
    public struct Chart: Sendable {
        /// The currency of the line.
        public let currency: Currency
        /// The total at each sample where it changes.
        public let points: [SeriesPoint]
    }

    /// The instant the dashboard shows.
    public let now: Int64
    /// The active accounts with their values now.
    public let rows: [AccountRow]
    /// The totals per currency of the active accounts, in code order.
    public let totals: [CurrencyTotal]
    /// Where the samples start: the first update (clamped to the years 0001–9999).
    public let first: Int64
    /// How many samples: one per chart column.
    public let columns: Int
    /// Each account's value at each sample (nil: none yet, or closed), by account id.
    public let samples: [Int64: [Int64?]]
    /// The portfolio line per currency, in code order.
    public let charts: [Chart]
    /// Each account's and each currency total's change this month and this year (PeriodChange).
    public let changes: CurrentChanges

    /// Samples of each account's trend in the table.
    public static let sparkWidth = 16

    /// The dashboard at `now`, sampled at up to `maxColumns` instants (fewer with many
    /// accounts: about 4,000 lookups in all, so a hundred accounts stay instant).
    /// - Throws: `PortfolioError.totalOutOfRange` (worked out before anything is shown).
    public init(portfolio: Portfolio, now: Int64, maxColumns: Int) throws {
        let repository = portfolio.repository
        let rows = try portfolio.accountRows(includeClosed: false, now: now)
        self.now = now
        self.rows = rows
        // This month's and this year's change: two index lookups per account, no scan.
        var valuesNow: [Int64: Int64] = [:]
        for row in rows { if let current = row.current { valuesNow[row.account.id] = current.value } }
        changes = try CurrentChanges(repository: repository, accounts: rows.isEmpty ? [] : try repository.accounts(), now: now, valuesNow: valuesNow)
        guard !rows.isEmpty else {
            totals = []
            first = now
            columns = 0
            samples = [:]
            charts = []
            return
        }
        totals = try Portfolio.totals(rows)
        let series = ValueSeries(repository: repository, accounts: try repository.accounts())
        // Stored instants are clamped to years 0001–9999 for the range: no span overflows.
        let first = Instant.clamped(try repository.firstInstant() ?? now)
        // One set of samples serves the chart and the sparklines: an index lookup per
        // account and sample, no scan of the history.
        let columns = max(16, min(maxColumns, 4_000 / max(1, series.accounts.count)))
        let instants = (0..<columns).map { Instant.interpolate(from: first, to: now, step: $0, of: columns - 1) }
        let sampled = series.accounts.filter { $0.isActive(at: now) || $0.closedAt ?? now > first }
        // Asked all at once: one query on a server, a lookup each elsewhere.
        let values = try series.values(of: sampled, at: instants)
        var samples: [Int64: [Int64?]] = [:]
        for (index, account) in sampled.enumerated() { samples[account.id] = values[index] }
        // The portfolio line per currency: the exact total at each sample.
        var charts: [Chart] = []
        for currency in series.currencies {
            var points: [SeriesPoint] = []
            for (column, instant) in instants.enumerated() {
                let values = series.accounts.filter { $0.currency == currency }.compactMap { samples[$0.id]?[column] ?? nil }
                guard !values.isEmpty else { continue }
                let total = try PortfolioTotal.of(values, currency: currency)
                if points.last?.value != total { points.append(SeriesPoint(at: instant, value: total)) }
            }
            charts.append(Chart(currency: currency, points: points))
        }
        self.first = first
        self.columns = columns
        self.samples = samples
        self.charts = charts
    }

    /// The trend of `account`: its values at `sparkWidth` samples spread over the range.
    public func trend(of account: Account) -> [Int64?] {
        guard columns > 0 else { return [] }
        return (0..<Self.sparkWidth).map { samples[account.id]?[$0 * (columns - 1) / (Self.sparkWidth - 1)] ?? nil }
    }
}
