// How the live count stands against what the till should hold, as show, report and the
// counting screen present it: the expected cash (given for the command, or worked out from
// the movements), over/short, the tolerance and whether it is exceeded, and the blind rule:
// on a blind till (or with --blind) the expected cash, the cash sales and over/short are
// left out of the value altogether, so no renderer can show them; they appear once the
// count is saved ('save' prints them, 'history show' shows them).

import MoneyKit

/// What a command asks for when it sets the count against the expected cash.
public struct StandingRequest: Sendable {
    /// The expected cash given for this command (it stands for the movements).
    public var expected: Money?
    /// The cash sales given for this command (they stand for the recorded sales).
    public var sales: Money?
    /// The tolerance given for this command (it stands for the till's own).
    public var tolerance: Money?
    /// Blind for this command, whatever the till's setting.
    public var blind: Bool

    /// A request; everything left out is taken from the till.
    public init(expected: Money? = nil, sales: Money? = nil, tolerance: Money? = nil, blind: Bool = false) {
        self.expected = expected
        self.sales = sales
        self.tolerance = tolerance
        self.blind = blind
    }
}

/// The live count set against the expected cash (see the top of this file).
public struct CashStanding {
    /// The live count with its currency and set.
    public let count: Till.Count
    /// Its summary, with the expected cash and over/short unless they are hidden.
    public let summary: TillSummary
    /// The figures the expected cash is made of (nil when it was given, when nothing is
    /// recorded, or when blind).
    public let cash: ExpectedCash?
    /// The tolerance in force (given, else the till's), if any.
    public let tolerance: Tolerance?
    /// Whether the expected cash and over/short are hidden (a blind count).
    public let isBlind: Bool

    /// Whether over/short is beyond the tolerance; nil without both (or when blind).
    public var isBeyondTolerance: Bool? {
        guard let tolerance, let overShort = summary.overShort else { return nil }
        return tolerance.isExceeded(by: overShort)
    }

    /// The verdict of `show --check` (never asked of a blind count: it would tell).
    public var check: TillCheck { TillCheck.verdict(summary, tolerance: tolerance) }
}

extension Till {
    /// The live count set against the expected cash as `request` (read in the count's
    /// currency) asks.
    /// - Throws: `TillError.expectedOutOfRange`, `.negativeTolerance`, what `current`
    ///   and `request` throw, and `TillError` when the summary does not fit.
    public func standing(_ choice: CurrencyChoice, request: (Currency) throws -> StandingRequest) throws -> CashStanding {
        let count = try current(choice)
        let asked = try request(count.currency)
        let isBlind = asked.blind || count.state.isBlind
        let cash = asked.expected == nil ? try ExpectedCash.of(count.state, currency: count.currency, sales: asked.sales) : nil
        let tolerance = try asked.tolerance.map { money throws(TillError) in try Tolerance(money) } ?? count.state.tolerance(count.currency)
        let expected = isBlind ? nil : asked.expected ?? cash?.expected
        let summary = try TillSummary(state: count.state, set: count.set, currency: count.currency, expected: expected)
        return CashStanding(count: count, summary: summary, cash: isBlind ? nil : cash, tolerance: tolerance, isBlind: isBlind)
    }

    /// The saved count `saved` set against the expected cash it was saved with, as show
    /// sets the live count: the figures its movements make (when they make the expected
    /// cash it was filed with, not a figure given for the save), over/short and the
    /// tolerance verdict it was saved with. Never blind: saving shows what a blind till hid.
    /// - Throws: what `savedSummary` throws.
    public func savedStanding(_ saved: SavedCount) throws -> CashStanding {
        let summary = try savedSummary(saved)
        var state = TillState(saved: saved)
        state.movements = saved.movements
        state.toleranceMinorUnits = saved.tolerance?.minorUnits
        let cash = saved.expectedCash.flatMap { $0.expected == saved.expected ? $0 : nil }
        let tolerance = saved.tolerance.flatMap { try? Tolerance($0) }
        return CashStanding(count: Count(state: state, currency: saved.currency, set: summary.set), summary: summary, cash: cash,
                            tolerance: tolerance, isBlind: false)
    }

    /// The expected cash filed with a saved count: the figure given, else the one the
    /// movements make (with `sales` standing for the recorded sales), else none.
    /// - Throws: `TillError.expectedOutOfRange`.
    public func expectedToFile(_ state: TillState, currency: Currency, given: Money?, sales: Money?) throws -> Money? {
        if let given { return given }
        return try ExpectedCash.of(state, currency: currency, sales: sales)?.expected
    }
}
