// Rounding the total (bill + tax + tip) to a multiple of a cash unit, as Round & Split
// does: of the two neighbouring multiples, the one whose tip comes closest to the tip
// asked for (the exact percentage of the tip's base, before any rounding; or the fixed
// tip amount). The tip absorbs the difference. A tie goes up (in the server's favour).
// A multiple that would make the tip negative is never chosen; rounding up never lowers
// the tip, so there is always one to choose. Compared exactly, in 128 bits.

import MoneyKit

/// The tip a rounded total should come closest to.
public enum TipTarget: Equatable, Sendable {
    /// `percent` of `base`, exactly (not rounded to the minor unit).
    case percent(Percentage, of: Money)
    /// A fixed amount.
    case amount(Money)
}

/// Rounds a bill's total to a multiple of a unit, the tip taking the difference.
public enum TotalRounding {
    /// `total` rounded down or up to a multiple of `unit` (positive): the direction whose
    /// tip (`tip` plus the change) is closest to `target`; a tie rounds up; never a tip
    /// below zero. A total already a multiple is kept.
    /// - Throws: `MoneyError.invalidArgument` when `unit` is not positive;
    ///   `MoneyError.overflow` when a neighbouring multiple does not fit in 64-bit minor units.
    public static func rounded(total: Money, tip: Money, unit: Money, target: TipTarget) throws(MoneyError) -> Money {
        let down = try total.rounded(toMultipleOf: unit.minorUnits, rule: .floor)
        if down == total { return total }
        let up = try total.rounded(toMultipleOf: unit.minorUnits, rule: .ceiling)
        let tipDown = try tip - (try total - down)
        let tipUp = try tip + (try up - total)
        if tipDown.isNegative { return up }
        return isCloserToLower(tipDown.minorUnits, tipUp.minorUnits, target) ? down : up
    }

    /// Whether the target lies strictly nearer `lower` than `upper` (both ≥ 0), i.e.
    /// 2 × target < lower + upper, with the target as the fraction N / D.
    static func isCloserToLower(_ lower: Int64, _ upper: Int64, _ target: TipTarget) -> Bool {
        let numerator: Wide, denominator: UInt64
        switch target {
        case let .percent(percent, base):
            // percent × base / 100 = (significand × base) / (100 × 10^scale).
            guard percent.value.significand >= 0, base.minorUnits >= 0, percent.value.scale <= 16 else { return true }
            numerator = Wide(UInt64(base.minorUnits), UInt64(percent.value.significand))
            denominator = (0..<percent.value.scale).reduce(UInt64(100)) { power, _ in power * 10 }
        case let .amount(amount):
            guard amount.minorUnits >= 0 else { return true }
            numerator = Wide(UInt64(amount.minorUnits), 1)
            denominator = 1
        }
        // Both below 2^63, so the sum fits 64 bits; each product fits 128.
        let sum = UInt64(lower) + UInt64(upper)
        return numerator.doubled < Wide(sum, denominator)
    }
}

/// An unsigned 128-bit product, compared as a number (Swift's UInt128 needs newer Apple OSes).
struct Wide: Comparable {
    let high: UInt64
    let low: UInt64

    /// `a × b`, exactly.
    init(_ a: UInt64, _ b: UInt64) {
        let product = a.multipliedFullWidth(by: b)
        high = product.high
        low = product.low
    }

    private init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// Twice this value; callers keep it below 2^127 (factors below 2^63).
    var doubled: Wide { Wide(high: high << 1 | low >> 63, low: low << 1) }

    static func < (lhs: Wide, rhs: Wide) -> Bool {
        lhs.high != rhs.high ? lhs.high < rhs.high : lhs.low < rhs.low
    }
}
