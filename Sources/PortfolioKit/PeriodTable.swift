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
        var values: [[Int64?]] = []
        for account in accounts {
            values.append(try Self.values(of: account, at: ends, series: series))
        }
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

    /// How many of an account's updates one index lookup is worth: with fewer updates
    /// than this many per period, reading them all once is cheaper than a lookup per period.
    static let updatesPerLookup: Int64 = 8

    /// The value of `account` in force at each of `ends` (ascending): a lookup per end for
    /// a long history and few periods, else one pass over its updates (a day table of a
    /// year is 365 periods: a lookup each costs more than reading a few thousand updates).
    static func values(of account: Account, at ends: [Int64], series: ValueSeries) throws -> [Int64?] {
        let count = try series.repository.updateCount(of: account)
        let (limit, overflow) = Int64(ends.count).multipliedReportingOverflow(by: updatesPerLookup)
        guard overflow || count <= limit else {
            return try ends.map { try series.value(of: account, at: $0) }
        }
        let updates = try series.repository.updates(of: account)  // oldest first, ties in entry order
        var result: [Int64?] = []
        result.reserveCapacity(ends.count)
        var next = 0
        var current: Int64?
        for end in ends {
            // The latest update at or before `end`: the later entered wins a tie.
            while next < updates.count, updates[next].at <= end {
                current = updates[next].value
                next += 1
            }
            // From its close instant on, a closed account no longer counts.
            if let closed = account.closedAt, end >= closed { result.append(nil) } else { result.append(current) }
        }
        return result
    }
}
