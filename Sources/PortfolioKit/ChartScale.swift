// The value axis every portfolio chart shares: chart (text and SVG), show's chart and the
// dashboard's small chart. One rule, so the same data gets the same axis in every picture.
//
// The rule (also in chart's help and man page):
// - The axis spans the data's lowest to highest value, widened outwards to round ticks:
//   steps of 1, 2 or 5 times a power of ten ("nice numbers"), at most five intervals.
// - Zero is included only when the data's span is at least its distance from zero: a
//   series from £100 to £1,200 is drawn from £0, one between £98k and £105k fills the
//   height with that range. Negative values mirror this.
// - A flat series is drawn from zero (its bars then show its size); an all-zero series
//   spans zero to one unit of the currency.
// Worked out in Double: no span of Int64 values overflows, and a step is never finer than
// one minor unit nor than Double can tell apart at the data's size.

import MoneyKit

/// The value axis of every chart: round ticks from below the lowest to above the highest value.
public struct ChartScale {
    /// Most intervals between ticks (so at most six ticks).
    public static let maxIntervals = 5

    /// The axis bottom and top, in minor units (both are ticks).
    public let low: Double
    /// The axis top, in minor units (a tick).
    public let high: Double
    /// The distance between ticks, in minor units (1, 2 or 5 times a power of ten).
    public let step: Double
    /// The tick values from bottom to top, in minor units: `low`, `low + step`, … `high`.
    public let ticks: [Double]
    /// The same ticks exactly, in whole minor units, as a sign and a magnitude: Double
    /// cannot hold every Int64, and a tick may lie a step beyond the range of amounts.
    public let exactTicks: [(negative: Bool, magnitude: UInt64)]

    /// The axis for `values`; nil when there are none.
    public init?(values: some Sequence<Int64>, currency: Currency) {
        var smallest: Int64?, largest: Int64?
        for value in values {
            if smallest.map({ value < $0 }) ?? true { smallest = value }
            if largest.map({ value > $0 }) ?? true { largest = value }
        }
        guard let smallest, let largest else { return nil }
        self.init(min: smallest, max: largest, currency: currency)
    }

    /// The axis for values from `dataMin` to `dataMax` in `currency`.
    public init(min dataMin: Int64, max dataMax: Int64, currency: Currency) {
        var bottom = Double(Swift.min(dataMin, dataMax)), top = Double(Swift.max(dataMin, dataMax))
        let span = top - bottom
        // Zero joins the axis when the data spans at least its distance from zero.
        if bottom > 0, span == 0 || bottom <= span { bottom = 0 }
        if top < 0, span == 0 || -top <= span { top = 0 }
        if bottom == top { top = bottom + Double(currency.minorUnitsPerMajor) }

        // Ticks must be whole minor units and distinct Doubles at the data's size.
        let finest = Swift.max(1, Swift.max(abs(bottom), abs(top)).ulp * 16)
        var step = Self.niceStep(atLeast: Swift.max(finest, (top - bottom) / Double(Self.maxIntervals)))
        while Self.intervals(bottom, top, step) > Double(Self.maxIntervals) { step = Self.nextNiceStep(after: step) }
        let first = (bottom / step).rounded(.down), last = (top / step).rounded(.up)
        let count = Int(Swift.max(1, Swift.min(Double(Self.maxIntervals), last - first)))
        self.step = step
        ticks = (0...count).map { (first + Double($0)) * step }
        // A nice step is an exact Double (5^k fits in 53 bits up to 10^22), and `first`
        // a whole number of at most 2^63 / step: both convert exactly, and every tick's
        // magnitude (under 2^63 plus six steps of at most 5 × 10^18) fits in UInt64.
        let wholeStep = Self.uint64(step), wholeFirst = Self.int64(first)
        exactTicks = (0...Int64(count)).map { index in
            let multiple = wholeFirst.addingReportingOverflow(index).partialValue
            let product = multiple.magnitude.multipliedReportingOverflow(by: wholeStep)
            return (multiple < 0, product.overflow ? UInt64.max : product.partialValue)
        }
        low = ticks.first ?? bottom
        high = ticks.last ?? top
    }

    /// Where `value` lies from the axis bottom (0) to its top (1), clamped.
    public func position(_ value: Double) -> Double {
        let range = high - low
        guard range > 0, range.isFinite else { return 0 }
        let fraction = (value - low) / range
        guard fraction.isFinite else { return 0 }
        return Swift.min(1, Swift.max(0, fraction))
    }

    /// Which ticks get a label when tick `i` is drawn at `coordinate(i)` (rows or pixels,
    /// increasing upwards or downwards alike): the bottom and top always, the others
    /// when at least `minimumGap` from every labelled neighbour. Indices in tick order.
    public func labelledTicks(minimumGap: Double, coordinate: (Int) -> Double) -> [Int] {
        guard let lastIndex = ticks.indices.last, lastIndex > 0 else { return Array(ticks.indices) }
        var chosen = [0]
        let top = coordinate(lastIndex)
        for index in 1..<lastIndex {
            let here = coordinate(index)
            guard let previous = chosen.last else { continue }
            if abs(here - coordinate(previous)) >= minimumGap && abs(top - here) >= minimumGap { chosen.append(index) }
        }
        chosen.append(lastIndex)
        return chosen
    }

    /// A whole number as Int64, clamped (the callers' numbers are in range).
    private static func int64(_ number: Double) -> Int64 {
        guard number.isFinite else { return 0 }
        if number >= 9_223_372_036_854_775_807.0 { return .max }
        if number <= -9_223_372_036_854_775_808.0 { return .min }
        return Int64(number)
    }

    /// A positive whole number as UInt64, clamped.
    private static func uint64(_ number: Double) -> UInt64 {
        guard number.isFinite, number >= 1 else { return 1 }
        return number >= 18_446_744_073_709_551_615.0 ? .max : UInt64(number)
    }

    private static func intervals(_ bottom: Double, _ top: Double, _ step: Double) -> Double {
        (top / step).rounded(.up) - (bottom / step).rounded(.down)
    }

    /// The smallest of 1, 2, 5 × 10^k that is at least `minimum` (itself at least 1).
    public static func niceStep(atLeast minimum: Double) -> Double {
        guard minimum.isFinite, minimum > 1 else { return 1 }
        var power = 1.0
        while power * 10 <= minimum { power *= 10 }
        for multiple in [1.0, 2, 5, 10] where multiple * power >= minimum { return multiple * power }
        return 10 * power
    }

    /// The next of 1, 2, 5 × 10^k after `step`.
    public static func nextNiceStep(after step: Double) -> Double {
        var power = 1.0
        while power * 10 <= step { power *= 10 }
        let multiple = step / power
        return multiple < 1.5 ? 2 * power : multiple < 3.5 ? 5 * power : 10 * power
    }
}
