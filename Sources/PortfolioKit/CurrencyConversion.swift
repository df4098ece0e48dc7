// Converting an amount to another currency at an exact rate: money × rate, worked out in
// 128 bits (the product of two Int64s) and rounded once, half away from zero, to the
// target currency's minor unit. A result beyond the range of amounts is an error, never
// a wrapped number.

import MoneyKit

/// Exact conversion of an amount at a decimal rate.
public enum CurrencyConversion {
    /// `minorUnits` of `source` in `target` at `rate` (1 unit of `source` = `rate` units of
    /// `target`), rounded once, half away from zero, to `target`'s minor unit.
    /// - Throws: `PortfolioError.conversionOutOfRange` when the result does not fit the range of amounts.
    public static func convert(_ minorUnits: Int64, from source: Currency, to target: Currency, rate: DecimalText) throws(PortfolioError) -> Int64 {
        if source == target { return minorUnits }
        // target minor units = minorUnits × significand × 10^(targetExp − sourceExp − scale).
        let shift = source.minorUnitExponent + rate.scale - target.minorUnitExponent
        let negative = (minorUnits < 0) != (rate.significand < 0)
        let product = minorUnits.magnitude.multipliedFullWidth(by: rate.significand.magnitude)
        var magnitude: UInt64
        if shift <= 0 {
            // Only more digits: exact, or out of range.
            guard product.high == 0 else { throw .conversionOutOfRange(from: source, to: target) }
            let (scaled, overflow) = product.low.multipliedReportingOverflow(by: powerOfTen(-shift))
            guard !overflow else { throw .conversionOutOfRange(from: source, to: target) }
            magnitude = scaled
        } else {
            // Drop all but one of the extra digits, then round on the last: half away from
            // zero looks only at the first digit dropped.
            var value = (high: product.high, low: product.low)
            var remaining = shift - 1
            while remaining > 0 {
                let step = min(remaining, 18)
                value = divide(value, by: powerOfTen(step)).quotient
                remaining -= step
            }
            let (tens, lastDigit) = divide(value, by: 10)
            guard tens.high == 0 else { throw .conversionOutOfRange(from: source, to: target) }
            magnitude = tens.low
            if lastDigit >= 5 {
                let (rounded, overflow) = magnitude.addingReportingOverflow(1)
                guard !overflow else { throw .conversionOutOfRange(from: source, to: target) }
                magnitude = rounded
            }
        }
        guard magnitude <= UInt64(Int64.max) else { throw .conversionOutOfRange(from: source, to: target) }
        return negative ? -Int64(magnitude) : Int64(magnitude)
    }

    /// ⌊value / divisor⌋ of a 128-bit value (high, low), and the remainder; `divisor` positive.
    private static func divide(_ value: (high: UInt64, low: UInt64), by divisor: UInt64) -> (quotient: (high: UInt64, low: UInt64), remainder: UInt64) {
        let high = value.high / divisor
        let carried = value.high % divisor
        // carried < divisor, so the quotient fits 64 bits.
        let (low, remainder) = divisor.dividingFullWidth((carried, value.low))
        return ((high, low), remainder)
    }

    private static func powerOfTen(_ exponent: Int) -> UInt64 {
        var result: UInt64 = 1
        for _ in 0..<exponent { result *= 10 }
        return result
    }
}
