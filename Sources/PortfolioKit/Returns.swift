// portfolio returns as a value: for each period, the value at its start and end, the
// money put in and taken out, the gain, and two rates, as hledger's roi and Portfolio
// Performance give them:
//   money-weighted (XIRR, ReturnMath): the one annual rate at which the start value and
//     every deposit, grown to the end, less the withdrawals, give the end value; shown
//     per year (annualised) and over the period;
//   time-weighted: the period cut at every instant money moves, each piece's growth
//     (value just before the next flow ÷ value just after the last one) chained, so that
//     the timing of deposits does not count; shown over the period and per year.
// A period runs from its first second to its last, both included: the value at its start
// is the one in force just before (the previous period's end), and money moved at any
// instant inside it is its cash flow, so `deposit --date 2025-01-01` counts in 2025.
//
// The value of an account at an instant is its latest update at or before it (0 before
// its first update and from its close on). The value just before money moves is the one
// in force the second before; the value just after is an update at that very instant if
// the account has one (it is taken to include the deposit), else the value before plus
// the money moved. No valuation at a flow's date: the last earlier one is carried forward,
// so the growth since it is counted in the piece before the flow.
//
// Without any deposit or withdrawal recorded for an account in the view, growth cannot be
// told apart from saving: the row gives the change in value only and says so.
//
// Seam for conversion (--convert-to): a view is made of members, each a value series and
// its flows already in the view's currency; ReturnsReport takes the members per currency
// from the store here, a converting caller may build them itself.

import MoneyKit
import MoneyKitPlatform

/// One account's values and flows, in the currency of the view it is in.
public struct ReturnsMember: Sendable {
    /// The account's values: an update, and a close as the value 0, in time order.
    public let points: [SeriesPoint]
    /// The account's deposits (+) and withdrawals (−), in time order.
    public let flows: [SeriesPoint]

    /// A member with `points` and `flows`, each in time order.
    public init(points: [SeriesPoint], flows: [SeriesPoint]) {
        self.points = points
        self.flows = flows
    }

    /// The value in force at `instant` (0 before the first).
    func value(at instant: Int64) -> Int64 { points.value(at: instant) ?? 0 }

    /// Whether an update is at exactly `instant`.
    func hasPoint(at instant: Int64) -> Bool {
        let index = points.firstIndex(after: instant)
        return index > 0 && points[index - 1].at == instant
    }
}

/// What one view (an account, or a currency's accounts) of returns is made of.
public struct ReturnsView: Sendable {
    /// The account's name; nil for the total of a currency's accounts.
    public let accountName: String?
    /// The currency of every amount.
    public let currency: Currency
    /// The accounts' values and flows.
    public let members: [ReturnsMember]
    /// How many members have values but no deposit or withdrawal recorded at all.
    public let membersWithoutFlows: Int

    /// A view of `members`, in `currency`.
    public init(accountName: String?, currency: Currency, members: [ReturnsMember]) {
        self.accountName = accountName
        self.currency = currency
        self.members = members
        membersWithoutFlows = members.filter { $0.flows.isEmpty && !$0.points.isEmpty }.count
    }
}

/// A rate, both ways: over the period and per year (0.05 is 5 %).
public struct ReturnRate: Equatable, Sendable {
    /// Over the period itself.
    public let period: Double
    /// Per year of 365 days.
    public let annualised: Double
}

/// Why a row's rates are missing or partial.
public enum ReturnsNote: Equatable, Sendable {
    /// No deposit or withdrawal is recorded for `count` of the accounts: only the change in value is known.
    case noContributions(count: Int)
    /// No value and no money moved in the period.
    case nothingInvested
    /// A value appears with no money put in before it (the opening deposit is missing).
    case valueWithoutDeposit
    /// A value at or below 0 where growth would be divided by it.
    case nonPositiveValue
    /// The money-weighted rate has no solution (or none was found).
    case noMoneyWeightedSolution
    /// A rate too large to show (a very short period annualised).
    case notFinite
    /// Money moved after the last recorded value in the period (on `at`): the end value
    /// does not show it yet.
    case flowAfterLastValue(at: Int64)
}

/// portfolio returns as a value: one row per view and period.
public struct ReturnsReport: Sendable {
    /// One view over one period.
    public struct Row: Sendable {
        /// The account's name; nil for a currency's total.
        public let accountName: String?
        /// The currency of every amount of the row.
        public let currency: Currency
        /// "2025", "2025-Q1", "2025-07", or "all" without --period.
        public let label: String
        /// The first and the last second of the period (both included).
        public let from: Int64, to: Int64
        /// The value in force just before `from`, and at `to`.
        public let startValue: Int64, endValue: Int64
        /// Money put in and taken out (both 0 or more).
        public let deposits: Int64, withdrawals: Int64
        /// endValue − startValue.
        public let change: Int64
        /// The change less the money put in, plus the money taken out: what grew.
        public let gain: Int64
        /// XIRR; nil when not known (see `notes`).
        public let moneyWeighted: ReturnRate?
        /// The chained sub-period growth; nil when not known (see `notes`).
        public let timeWeighted: ReturnRate?
        /// Why a rate is missing, or a caution.
        public let notes: [ReturnsNote]
    }

    /// Every row: per view, its periods oldest first.
    public let rows: [Row]
    /// The period of the rows; nil for one row over the whole range.
    public let period: Period?

    /// The views of the store: the account called `name`, or (nil) each currency's
    /// accounts (only `currency`'s when given), closed ones included.
    /// - Throws: `PortfolioError.noAccount`, `.ambiguousName`; `StoreError`.
    public static func views(of portfolio: Portfolio, name: String?, currency: Currency?, to: Int64) throws -> [ReturnsView] {
        let repository = portfolio.repository
        func member(_ account: Account) throws -> ReturnsMember {
            var points = ValueSeries.accountSeries(account, updates: try repository.updates(of: account), to: to)
            if let closed = account.closedAt, closed <= to { points.append(SeriesPoint(at: closed, value: 0)) }
            let flows = try repository.contributions(of: account).map { SeriesPoint(at: $0.at, value: $0.amount) }
            return ReturnsMember(points: points, flows: flows)
        }
        if let name {
            let account = try portfolio.account(named: name)
            return [ReturnsView(accountName: account.name, currency: account.currency, members: [try member(account)])]
        }
        let accounts = try repository.accounts().filter { currency == nil || $0.currency == currency }
        return try Set(accounts.map(\.currency)).sorted().map { code in
            ReturnsView(accountName: nil, currency: code, members: try accounts.filter { $0.currency == code }.map(member))
        }
    }

    /// The rows of `views` from `from` (nil: the first value or flow of any view) to `to`,
    /// per `period` (nil: one row for the whole range).
    /// - Throws: `PortfolioError.fromAfterTo`, `.tooManyPeriods`, `.totalOutOfRange`.
    public init(views: [ReturnsView], period: Period?, from: Int64?, to: Int64) throws {
        let firstRecorded = views.flatMap { $0.members.flatMap { [$0.points.first?.at, $0.flows.first?.at].compactMap { $0 } } }.min()
        // Clamped to the years 0001–9999: no period arithmetic below can overflow.
        let from = Instant.clamped(from ?? firstRecorded ?? to)
        guard from <= to else { throw PortfolioError.fromAfterTo }
        var ranges: [(label: String, from: Int64, to: Int64)] = []
        if let period {
            var start = period.start(containing: from)
            while let current = start, current <= to {
                let next = period.nextStart(after: current)
                ranges.append((period.label(start: current), max(current, from), next.map { min(to, $0 - 1) } ?? to))
                if ranges.count > PeriodTable.maximumPeriods { throw PortfolioError.tooManyPeriods }
                start = next
            }
        } else {
            ranges = [("all", from, to)]
        }
        var rows: [Row] = []
        for view in views {
            for range in ranges { rows.append(try Self.row(view, label: range.label, from: range.from, to: range.to)) }
        }
        self.rows = rows
        self.period = period
    }

    /// One view over [from, to].
    static func row(_ view: ReturnsView, label: String, from: Int64, to: Int64) throws(PortfolioError) -> Row {
        let currency = view.currency
        func total(_ values: [Int64]) throws(PortfolioError) -> Int64 { try PortfolioTotal.of(values, currency: currency) }
        let before = from - 1  // from is at least year 0001: no overflow
        let startValue = try total(view.members.map { $0.value(at: before) })
        let endValue = try total(view.members.map { $0.value(at: to) })
        let flows = view.members.flatMap { member in member.flows.filter { $0.at >= from && $0.at <= to } }
        let deposits = try total(flows.map(\.value).filter { $0 > 0 })
        // Stored amounts exclude Int64.min: each negates without a trap.
        let withdrawals = try total(flows.map(\.value).filter { $0 < 0 }.map { -$0 })
        var change = CheckedSum([endValue])
        change.subtract(startValue)
        var gain = change
        gain.subtract(deposits)
        gain.add(withdrawals)
        let changeValue = try PortfolioTotal.require(change, currency: currency)
        let gainValue = try PortfolioTotal.require(gain, currency: currency)
        func made(_ moneyWeighted: ReturnRate?, _ timeWeighted: ReturnRate?, _ notes: [ReturnsNote]) -> Row {
            Row(accountName: view.accountName, currency: currency, label: label, from: from, to: to, startValue: startValue, endValue: endValue,
                deposits: deposits, withdrawals: withdrawals, change: changeValue, gain: gainValue,
                moneyWeighted: moneyWeighted, timeWeighted: timeWeighted, notes: notes)
        }
        if view.membersWithoutFlows > 0 { return made(nil, nil, [.noContributions(count: view.membersWithoutFlows)]) }
        if startValue == 0 && endValue == 0 && flows.isEmpty { return made(nil, nil, [.nothingInvested]) }

        var notes: [ReturnsNote] = []
        // Money moved after the last value recorded in the period: the end value misses it.
        for member in view.members {
            guard let lastFlow = member.flows.last(where: { $0.at >= from && $0.at <= to }) else { continue }
            let lastPoint = member.points.last { $0.at <= to }
            if lastPoint.map({ $0.at < lastFlow.at }) ?? true { notes.append(.flowAfterLastValue(at: lastFlow.at)) }
        }
        let years = (Double(to) - Double(before)) / ReturnMath.yearSeconds

        // Time-weighted: pieces between the instants money moves.
        var instants = Array(Set(flows.map(\.at))).sorted()
        instants.append(to)  // the last piece ends at `to`
        var factor = 1.0
        var valueAfter = Double(startValue)
        var timeFault: ReturnsNote?
        for (index, instant) in instants.enumerated() {
            let isEnd = index == instants.count - 1
            let valueBefore = isEnd ? Double(endValue) : view.members.reduce(0.0) { $0 + Double($1.value(at: instant - 1)) }
            if valueAfter > 0 {
                factor *= valueBefore / valueAfter
            } else if !(valueAfter == 0 && valueBefore == 0) {
                timeFault = valueAfter == 0 ? .valueWithoutDeposit : .nonPositiveValue
                break
            }
            if isEnd { break }
            valueAfter = view.members.reduce(0.0) { sum, member in
                let moved = member.flows.filter { $0.at == instant }.reduce(0.0) { $0 + Double($1.value) }
                return sum + (member.hasPoint(at: instant) ? Double(member.value(at: instant)) : Double(member.value(at: instant - 1)) + moved)
            }
        }
        if timeFault == .valueWithoutDeposit { return made(nil, nil, notes + [.valueWithoutDeposit]) }
        var timeWeighted: ReturnRate?
        if let timeFault {
            notes.append(timeFault)
        } else if factor.isFinite, let annual = ReturnMath.annualised(factor - 1, years: years) {
            timeWeighted = ReturnRate(period: factor - 1, annualised: annual)
        } else {
            notes.append(.notFinite)
        }

        // Money-weighted: the start value, every flow and the end value as cash flows.
        var cashFlows: [(years: Double, amount: Double)] = [(0, -Double(startValue))]
        for flow in flows { cashFlows.append(((Double(flow.at) - Double(before)) / ReturnMath.yearSeconds, -Double(flow.value))) }
        cashFlows.append((years, Double(endValue)))
        var moneyWeighted: ReturnRate?
        if let rate = ReturnMath.xirr(cashFlows) {
            if let period = ReturnMath.overPeriod(rate, years: years) {
                moneyWeighted = ReturnRate(period: period, annualised: rate)
            } else {
                notes.append(.notFinite)
            }
        } else {
            notes.append(.noMoneyWeightedSolution)
        }
        return made(moneyWeighted, timeWeighted, notes)
    }
}
