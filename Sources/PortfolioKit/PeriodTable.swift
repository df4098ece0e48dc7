// portfolio table as a value: each account's value and the total per currency at the end
// of each period, like hledger balance --historical --monthly. The value in force at a
// period's end is the one at the last instant before the next period starts (or at `to`
// for the last period).

import MoneyKit
import MoneyKitPlatform

/// portfolio table as a value: the values and totals at the end of each period.
public struct PeriodTable: Sendable {
    /// One period: its label ("2025-07") and the instant its values are taken at.
    public struct Row: Sendable {
        /// "2025-07", "2025-Q3" …
        public let label: String
        /// The instant the values are taken at: the period's last second, or `to`.
        public let end: Int64
        /// Each account's value at `end`, in `accounts` order (nil: no value then).
        public let values: [Int64?]
        /// The total per currency, in `currencies` order (nil: no account had a value).
        public let totals: [Int64?]
    }

    /// The period of the rows.
    public let period: Period
    /// The accounts of the columns, by name.
    public let accounts: [Account]
    /// The currencies of `accounts`, in code order.
    public let currencies: [Currency]
    /// One row per period, oldest first.
    public let rows: [Row]

    /// Most periods a table has: a longer table asks for a longer period.
    public static let maximumPeriods = 100_000

    /// The table of `accounts` (nil: all; `currency` keeps one currency's) from `from`
    /// (nil: the first update) to `to`, per `period`.
    /// - Throws: `PortfolioError.fromAfterTo`, `.tooManyPeriods`, `.totalOutOfRange`.
    public init(repository: any PortfolioRepository, period: Period, currency: Currency?, from: Int64?, to: Int64, now: Int64) throws {
        var accounts = try repository.accounts()
        if let currency { accounts = accounts.filter { $0.currency == currency } }
        // A stored instant is clamped to years 0001–9999 (what --from accepts): no period
        // arithmetic below can overflow.
        let from = try from ?? Instant.clamped(repository.firstInstant() ?? now)
        guard from <= to else { throw PortfolioError.fromAfterTo }
        // Period starts from the one holding `from` to the one holding `to`.
        var starts: [Int64] = []
        var start = period.start(containing: from)
        while let current = start, current <= to {
            starts.append(current)
            if starts.count > Self.maximumPeriods { throw PortfolioError.tooManyPeriods }
            start = period.nextStart(after: current)
        }
        // The value in force at each period's end: the last instant before the next starts
        // (or `to` for the current period).
        let ends: [Int64] = starts.map { start in
            guard let next = period.nextStart(after: start) else { return to }
            return min(to, next - 1)
        }
        let series = ValueSeries(repository: repository, accounts: accounts)
        let values = try series.values(of: accounts, at: ends)
        let currencies = series.currencies
        // Exact totals (PortfolioTotal): one out of range is an error, never a wrapped number.
        var totals: [[Int64?]] = []
        for currency in currencies {
            totals.append(try ends.indices.map { column throws(PortfolioError) in
                let present = accounts.indices.filter { accounts[$0].currency == currency }.compactMap { values[$0][column] }
                return present.isEmpty ? nil : try PortfolioTotal.of(present, currency: currency)
            })
        }
        self.period = period
        self.accounts = accounts
        self.currencies = currencies
        self.rows = starts.indices.map { column in
            Row(label: period.label(start: starts[column]), end: ends[column],
                values: values.map { $0[column] }, totals: totals.map { $0[column] })
        }
    }
}
