// How a value changed over a period (issue 16, item 6): from the value in force just before
// the period started (the end of the period before: an update at the period's first
// second is this period's change) to the value at its end. The one rule for the
// dashboard's "this month" and "this year" and for table --change:
//
// - the amount is exact (end − start, checked); one beyond the range of amounts is an
//   error naming the currency, never a wrapped number;
// - the percentage is of the start value (of its magnitude, for a negative value), in
//   tenths of a percent rounded half away from zero; a start of zero gives none (never a
//   division by zero);
// - an account with no value at the start (created, or first valued, during the period)
//   is "new": its whole value is its change, and it has no percentage. So an account's
//   change always adds up with the others' to the total's change; the total's change
//   counts what was saved as well as what was earned (contributions are not told apart);
// - an account closed during the period ends with no value: its change is minus its
//   start value (−100 %), as the total loses it.

import MoneyKit

/// How a value changed over a period: from `start` (nil: none yet) to `end` (nil: none, or closed).
public struct ValueChange: Equatable, Sendable {
    /// The value in force just before the period started (nil: none then).
    public let start: Int64?
    /// The value at the period's end (nil: none, or closed by then).
    public let end: Int64?
    /// `end − start`, a missing value counting as nothing, in minor units.
    public let amount: Int64
    /// The amount in tenths of a percent of the start value's magnitude, rounded half away
    /// from zero; nil when there is no start value, it is zero, or the ratio is beyond Int64.
    public let tenthsOfPercent: Int64?

    /// Whether the value is new in the period (none at its start): no percentage then.
    public var isNew: Bool { start == nil }

    /// The change from `start` to `end` in `currency`; nil when neither has a value.
    /// - Throws: `PortfolioError.changeOutOfRange` when the difference is beyond the range of amounts.
    public init?(start: Int64?, end: Int64?, currency: Currency) throws(PortfolioError) {
        guard start != nil || end != nil else { return nil }
        var sum = CheckedSum()
        sum.add(end ?? 0)
        sum.subtract(start ?? 0)
        guard let amount = sum.value, PortfolioLimits.values.contains(amount) else { throw .changeOutOfRange(currency) }
        self.start = start
        self.end = end
        self.amount = amount
        self.tenthsOfPercent = start.flatMap { Self.tenthsOfPercent(amount, of: $0) }
    }

    /// `amount` as tenths of a percent of `base`'s magnitude, rounded half away from zero;
    /// nil for a base of zero or a ratio beyond Int64. Exact: a 128-bit product, no Double.
    public static func tenthsOfPercent(_ amount: Int64, of base: Int64) -> Int64? {
        let divisor = base.magnitude
        guard divisor != 0 else { return nil }
        let product = amount.magnitude.multipliedFullWidth(by: 1_000)
        // The quotient must fit in 64 bits: dividingFullWidth traps otherwise.
        guard product.high < divisor else { return nil }
        var (quotient, remainder) = divisor.dividingFullWidth(product)
        if remainder >= divisor - remainder {
            let (rounded, overflow) = quotient.addingReportingOverflow(1)
            guard !overflow else { return nil }
            quotient = rounded
        }
        guard quotient <= UInt64(Int64.max) else { return nil }
        let magnitude = Int64(quotient)
        return amount < 0 ? -magnitude : magnitude
    }

    /// The percentage as plain text with one decimal ("4.2", "-0.5", "0.0"); nil when there is none.
    public var percentText: String? {
        guard let tenths = tenthsOfPercent else { return nil }
        let magnitude = tenths.magnitude
        return (tenths < 0 ? "-" : "") + "\(magnitude / 10).\(magnitude % 10)"
    }
}

/// This month's and this year's change of one value (nil: no value in either period).
public struct PeriodChanges: Equatable, Sendable {
    /// The change since the month started.
    public let month: ValueChange?
    /// The change since the year started.
    public let year: ValueChange?

    /// The two changes.
    public init(month: ValueChange?, year: ValueChange?) {
        self.month = month
        self.year = year
    }
}

/// Each account's and each currency total's change this month and this year, at `now`
/// (local calendar, as PeriodCalendar's periods). Two index lookups per account
/// (`latestUpdate(of:atOrBefore:)` at each period's start) and one for now: no scan of
/// the history, whatever its size.
public struct CurrentChanges: Sendable {
    /// The instant the changes are measured to.
    public let now: Int64
    /// The first instant of the month holding `now` (local time; nil beyond the calendar).
    public let monthStart: Int64?
    /// The first instant of the year holding `now`.
    public let yearStart: Int64?
    /// Each account's changes, by account id.
    public let accounts: [Int64: PeriodChanges]
    /// Each currency total's changes; the totals at the starts count every account that
    /// had a value then (one closed since included), the totals now the active ones.
    public let totals: [Currency: PeriodChanges]

    /// The changes of `accounts` (all of them, closed ones included, for the totals) at
    /// `now`. `valuesNow`, when given, holds the value at `now` of every account that has
    /// one (a report that has them already saves a lookup per account).
    /// - Throws: `PortfolioError.changeOutOfRange`, `.totalOutOfRange`; `StoreError` on a lookup.
    public init(repository: any PortfolioRepository, accounts: [Account], now: Int64, valuesNow: [Int64: Int64]? = nil) throws {
        let series = ValueSeries(repository: repository, accounts: accounts)
        let monthStart = Period.month.start(containing: now), yearStart = Period.year.start(containing: now)
        // The value in force just before a period starts: the previous period's end value.
        func before(_ start: Int64?, _ account: Account) throws -> Int64? {
            guard let start, start > PortfolioLimits.instants.lowerBound else { return nil }
            return try series.value(of: account, at: start - 1)
        }
        var changes: [Int64: PeriodChanges] = [:]
        var sums: [Currency: (month: CheckedSum, year: CheckedSum, now: CheckedSum, any: (month: Bool, year: Bool, now: Bool))] = [:]
        for account in accounts {
            let current = try valuesNow.map { $0[account.id] } ?? series.value(of: account, at: now)
            let atMonth = try before(monthStart, account), atYear = try before(yearStart, account)
            let currency = account.currency
            changes[account.id] = PeriodChanges(
                month: monthStart == nil ? nil : try ValueChange(start: atMonth, end: current, currency: currency),
                year: yearStart == nil ? nil : try ValueChange(start: atYear, end: current, currency: currency))
            var sum = sums[currency] ?? (CheckedSum(), CheckedSum(), CheckedSum(), (false, false, false))
            if let atMonth { sum.month.add(atMonth); sum.any.month = true }
            if let atYear { sum.year.add(atYear); sum.any.year = true }
            if let current { sum.now.add(current); sum.any.now = true }
            sums[currency] = sum
        }
        var totals: [Currency: PeriodChanges] = [:]
        for (currency, sum) in sums {
            // Totals as every report adds them (PortfolioTotal): exact, or an error.
            func total(_ checked: CheckedSum, _ present: Bool) throws(PortfolioError) -> Int64? {
                present ? try PortfolioTotal.require(checked, currency: currency) : nil
            }
            let current = try total(sum.now, sum.any.now)
            totals[currency] = PeriodChanges(
                month: monthStart == nil ? nil : try ValueChange(start: try total(sum.month, sum.any.month), end: current, currency: currency),
                year: yearStart == nil ? nil : try ValueChange(start: try total(sum.year, sum.any.year), end: current, currency: currency))
        }
        self.now = now
        self.monthStart = monthStart
        self.yearStart = yearStart
        self.accounts = changes
        self.totals = totals
    }
}
