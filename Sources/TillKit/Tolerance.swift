// How far over or short a till may be before it is flagged: a tolerance of £1.00 lets a
// till be 99p short (or over) and flags £1.01. Set for the till (kept with the live count)
// or given for one command; 0 flags any difference.

import MoneyKit

/// A tolerance on over/short (see the top of this file).
public struct Tolerance: Equatable, Sendable {
    /// The largest difference, either way, that is not flagged (0 or more).
    public let amount: Money

    /// A tolerance of `amount`.
    /// - Throws: `TillError.negativeTolerance` when `amount` is below 0.
    public init(_ amount: Money) throws(TillError) {
        guard !amount.isNegative else { throw .negativeTolerance }
        self.amount = amount
    }

    /// Whether `overShort` (counted − expected) is beyond the tolerance, over or short.
    /// Compared without negating, so no amount can overflow here.
    public func isExceeded(by overShort: Money) -> Bool {
        if overShort.isNegative {
            // −overShort > amount  ⇔  overShort < −amount (amount ≥ 0, so −amount fits).
            return overShort.minorUnits < -amount.minorUnits
        }
        return overShort.minorUnits > amount.minorUnits
    }
}

/// What `show --check` decides.
public enum TillCheck: Equatable, Sendable {
    /// Within what was asked: exit 0.
    case passed
    /// Beyond the tolerance, or short: exit 1.
    case failed

    /// The verdict on `summary` (built with the expected cash, when known): with an
    /// expected figure and a tolerance, whether over/short is beyond it; with an expected
    /// figure alone, whether the till is short of it; with neither, whether it is short of
    /// the float.
    public static func verdict(_ summary: TillSummary, tolerance: Tolerance?) -> TillCheck {
        if let overShort = summary.overShort {
            if let tolerance { return tolerance.isExceeded(by: overShort) ? .failed : .passed }
            return overShort.isNegative ? .failed : .passed
        }
        return summary.difference.isNegative ? .failed : .passed
    }
}
