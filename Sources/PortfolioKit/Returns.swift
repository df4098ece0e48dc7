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
// its first update and from its close on) plus the money moved after that update, up to
// and including the instant: an update is taken to include the money moved at its own
// instant, and money moved since is in the account until the next update says otherwise.
// That is how the journal exports book it (a balance assignment, then the postings after
// it) and how hledger's roi counts it. So the value just before money moves is the last
// update plus the money moved since, and the value just after is the same with this flow
// (an update at that very instant replaces both). No valuation at a flow's date: the last
// earlier one is carried forward, so the growth since it is counted in the piece before
// the flow.
//
// A row depends only on its own view's accounts: without --from, each view's rows start
// at its own first value or flow, never at another currency's.
//
// Without any deposit or withdrawal recorded for an account in the view, growth cannot be
// told apart from saving: the row gives the change in value only (no gain, no rate) and
// says so. So does a value that appears before any money was put in.
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
    /// The value just after each flow: the update in force then plus the money moved
    /// since it, this flow included (nil: beyond the range of amounts). One pass, so a
    /// lookup is a binary search however many flows follow an update.
    private let afterFlows: [Int64?]

    /// A member with `points` and `flows`, each in time order.
    public init(points: [SeriesPoint], flows: [SeriesPoint]) {
        self.points = points
        self.flows = flows
        var afterFlows: [Int64?] = []
        afterFlows.reserveCapacity(flows.count)
        var pointIndex = 0
        var running: CheckedSum?
        var lastPointAt: Int64?
        for flow in flows {
            // An update at or before the flow resets the running value; one at the flow's
            // own instant includes it.
            while pointIndex < points.count, points[pointIndex].at <= flow.at {
                running = CheckedSum([points[pointIndex].value])
                lastPointAt = points[pointIndex].at
                pointIndex += 1
            }
            if lastPointAt == flow.at {
                afterFlows.append(running?.value)
                continue
            }
            var sum = running ?? CheckedSum()
            sum.add(flow.value)
            running = sum
            afterFlows.append(sum.value)
        }
        self.afterFlows = afterFlows
    }

    /// The value at `instant`: the update in force then (0 before the first) plus the
    /// money moved after it, up to and including `instant`; nil beyond the range of amounts.
    func holding(at instant: Int64) -> Int64? {
        let pointIndex = points.firstIndex(after: instant)
        let flowIndex = flows.firstIndex(after: instant)
        let point = pointIndex > 0 ? points[pointIndex - 1] : nil
        // No flow since the update (or at its instant): the update's value.
        guard flowIndex > 0, point.map({ $0.at < flows[flowIndex - 1].at }) ?? true else { return point?.value ?? 0 }
        return afterFlows[flowIndex - 1]
    }

    /// The first instant with a value or a flow (nil: none).
    var firstRecorded: Int64? { [points.first?.at, flows.first?.at].compactMap { $0 }.min() }
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
        /// The change less the money put in, plus the money taken out: what grew; nil when
        /// the money put in is not known (`.noContributions`, `.valueWithoutDeposit`): a
        /// value with no deposit recorded would count as growth.
        public let gain: Int64?
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

    /// The rows of `views` from `from` (nil: each view from its own first value or flow)
    /// to `to`, per `period` (nil: one row for the whole range).
    /// - Throws: `PortfolioError.fromAfterTo`, `.tooManyPeriods`, `.totalOutOfRange`.
    public init(views: [ReturnsView], period: Period?, from: Int64?, to: Int64) throws {
        if let from, from > to { throw PortfolioError.fromAfterTo }
        var rows: [Row] = []
        for view in views {
            // A view's own start: another currency's first record never moves it.
            let firstRecorded = view.members.compactMap(\.firstRecorded).min()
            // Clamped to the years 0001–9999: no period arithmetic below can overflow.
            let start = Instant.clamped(from ?? min(firstRecorded ?? to, to))
            guard start <= to else { throw PortfolioError.fromAfterTo }
            for range in try Self.ranges(period: period, from: start, to: to) {
                rows.append(try Self.row(view, label: range.label, from: range.from, to: range.to))
            }
        }
        self.rows = rows
        self.period = period
    }

    /// The periods from `from` to `to`: each clipped to the range, labelled; one "all" without a period.
    /// - Throws: `PortfolioError.tooManyPeriods`.
    static func ranges(period: Period?, from: Int64, to: Int64) throws(PortfolioError) -> [(label: String, from: Int64, to: Int64)] {
        guard let period else { return [("all", from, to)] }
        var ranges: [(label: String, from: Int64, to: Int64)] = []
        var start = period.start(containing: from)
        while let current = start, current <= to {
            let next = period.nextStart(after: current)
            ranges.append((period.label(start: current), max(current, from), next.map { min(to, $0 - 1) } ?? to))
            if ranges.count > PeriodTable.maximumPeriods { throw .tooManyPeriods }
            start = next
        }
        return ranges
    }

    /// One view over [from, to].
    static func row(_ view: ReturnsView, label: String, from: Int64, to: Int64) throws(PortfolioError) -> Row {
        let currency = view.currency
        func total(_ values: [Int64]) throws(PortfolioError) -> Int64 { try PortfolioTotal.of(values, currency: currency) }
        // The view's value at an instant: each member's update in force plus the money moved since.
        func value(at instant: Int64) throws(PortfolioError) -> Int64 {
            var sum = CheckedSum()
            for member in view.members {
                guard let holding = member.holding(at: instant) else { throw .totalOutOfRange(currency) }
                sum.add(holding)
            }
            return try PortfolioTotal.require(sum, currency: currency)
        }
        let before = from - 1  // from is at least year 0001: no overflow
        let startValue = try value(at: before)
        let endValue = try value(at: to)
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
        func made(_ moneyWeighted: ReturnRate?, _ timeWeighted: ReturnRate?, _ notes: [ReturnsNote], gainKnown: Bool = true) -> Row {
            Row(accountName: view.accountName, currency: currency, label: label, from: from, to: to, startValue: startValue, endValue: endValue,
                deposits: deposits, withdrawals: withdrawals, change: changeValue, gain: gainKnown ? gainValue : nil,
                moneyWeighted: moneyWeighted, timeWeighted: timeWeighted, notes: notes)
        }
        if view.membersWithoutFlows > 0 {
            return made(nil, nil, [.noContributions(count: view.membersWithoutFlows)], gainKnown: false)
        }
        if startValue == 0 && endValue == 0 && flows.isEmpty { return made(nil, nil, [.nothingInvested]) }

        var notes: [ReturnsNote] = []
        // Money moved after the last value recorded in the period: the end value is the
        // last value plus that money, with no growth since it known.
        for member in view.members {
            guard let lastFlow = member.flows.last(where: { $0.at >= from && $0.at <= to }) else { continue }
            let lastPoint = member.points.last { $0.at <= to }
            if lastPoint.map({ $0.at < lastFlow.at }) ?? true { notes.append(.flowAfterLastValue(at: lastFlow.at)) }
        }
        let years = (Double(to) - Double(before)) / ReturnMath.yearSeconds

        // Time-weighted: pieces between the instants money moves. The value just before
        // money moves at an instant is the value the second before; just after, at it.
        var instants = Array(Set(flows.map(\.at))).sorted()
        instants.append(to)  // the last piece ends at `to`
        var factor = 1.0
        var valueAfter = Double(startValue)
        var timeFault: ReturnsNote?
        for (index, instant) in instants.enumerated() {
            let isEnd = index == instants.count - 1
            let valueBefore = isEnd ? Double(endValue) : Double(try value(at: instant - 1))
            if valueAfter > 0 {
                factor *= valueBefore / valueAfter
            } else if !(valueAfter == 0 && valueBefore == 0) {
                timeFault = valueAfter == 0 ? .valueWithoutDeposit : .nonPositiveValue
                break
            }
            if isEnd { break }
            valueAfter = Double(try value(at: instant))
        }
        if timeFault == .valueWithoutDeposit { return made(nil, nil, notes + [.valueWithoutDeposit], gainKnown: false) }
        var timeWeighted: ReturnRate?
        if let timeFault {
            notes.append(timeFault)
        } else if factor.isFinite, let annual = ReturnMath.annualised(factor - 1, years: years) {
            timeWeighted = ReturnRate(period: factor - 1, annualised: annual)
        } else {
            notes.append(.notFinite)
        }

        // Money-weighted: the start value, every flow and the end value as cash flows,
        // solved for the yearly log growth so that any loss short of everything has a rate.
        var cashFlows: [(years: Double, amount: Double)] = [(0, -Double(startValue))]
        for flow in flows { cashFlows.append(((Double(flow.at) - Double(before)) / ReturnMath.yearSeconds, -Double(flow.value))) }
        cashFlows.append((years, Double(endValue)))
        var moneyWeighted: ReturnRate?
        if let growth = ReturnMath.xirrGrowth(cashFlows) {
            let annual = RealMath.expm1(growth)
            if annual.isFinite, let period = ReturnMath.overPeriod(growth: growth, years: years) {
                moneyWeighted = ReturnRate(period: period, annualised: annual)
            } else {
                notes.append(.notFinite)
            }
        } else {
            notes.append(.noMoneyWeightedSolution)
        }
        return made(moneyWeighted, timeWeighted, notes)
    }
}
