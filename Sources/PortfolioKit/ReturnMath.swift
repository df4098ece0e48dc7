// The arithmetic of returns, in Double (a rate, never money): the money-weighted return
// (XIRR) and the annualising of a rate. Amounts are converted to Double only here, for
// the rate; every amount shown stays exact in minor units.
//
// XIRR: the annual rate r at which the cash flows' net present value is 0,
//   Σ amountᵢ · (1 + r)^(−yearsᵢ) = 0,
// from the investor's side: the value at the start is paid in (negative), a deposit is
// paid in (negative), a withdrawal is received (positive), the value at the end is
// received (positive). Years are 365 days of 86,400 seconds, as hledger's roi counts
// days / 365. Newton's method from 10 %; when it leaves the domain (r ≤ −100 %), stops
// improving or does not settle in 100 steps, bisection over the first sign change among
// fixed rates from −99.99999 % to 1,000,000 %. A rate counts as found when the net present
// value is within 1e-9 of the flows' total size; rates are shown to 0.01 percentage
// point (text) or 4 decimals of a percent (JSON, CSV, TSV), well within that precision.

import MoneyKitPlatform

/// The arithmetic of returns: XIRR and annualising.
public enum ReturnMath {
    /// Seconds in a year of 365 days.
    public static let yearSeconds: Double = 365 * 86_400

    /// The annual rate (0.05 is 5 %) at which `flows` (years from the start, amount) have
    /// a net present value of 0; nil when there is none (all flows of one sign, or none found).
    public static func xirr(_ flows: [(years: Double, amount: Double)]) -> Double? {
        guard flows.contains(where: { $0.amount > 0 }), flows.contains(where: { $0.amount < 0 }) else { return nil }
        let scale = flows.reduce(0) { $0 + abs($1.amount) }
        guard scale.isFinite, scale > 0 else { return nil }
        let tolerance = 1e-9 * scale

        func npv(_ rate: Double) -> (value: Double, slope: Double) {
            let growth = RealMath.log1p(rate)
            var value = 0.0, slope = 0.0
            for flow in flows {
                let discount = RealMath.exp(-flow.years * growth)
                value += flow.amount * discount
                slope -= flow.years * flow.amount * discount / (1 + rate)
            }
            return (value, slope)
        }
        func isRoot(_ rate: Double) -> Bool {
            let value = npv(rate).value
            return rate > -1 && rate.isFinite && value.isFinite && abs(value) <= tolerance
        }

        // Newton's method.
        var rate = 0.1
        for _ in 0..<100 {
            let (value, slope) = npv(rate)
            guard value.isFinite, slope.isFinite, slope != 0 else { break }
            let next = rate - value / slope
            guard next.isFinite, next > -1 else { break }
            if abs(next - rate) <= 1e-12 * max(1, abs(rate)) {
                if isRoot(next) { return next }
                break
            }
            rate = next
        }
        if isRoot(rate) { return rate }

        // Bisection over the first sign change.
        let grid: [Double] = [-0.9999999, -0.999, -0.99, -0.9, -0.5, -0.2, 0, 0.1, 0.2, 0.5, 1, 2, 5, 10, 100, 1_000, 10_000]
        for index in grid.indices.dropLast() {
            var low = grid[index], high = grid[index + 1]
            var lowValue = npv(low).value
            let highValue = npv(high).value
            guard lowValue.isFinite, highValue.isFinite, (lowValue < 0) != (highValue < 0) else { continue }
            for _ in 0..<200 {
                let middle = (low + high) / 2
                let value = npv(middle).value
                if (value < 0) == (lowValue < 0) { low = middle; lowValue = value } else { high = middle }
            }
            let found = (low + high) / 2
            return isRoot(found) ? found : nil
        }
        return nil
    }

    /// `rate` over `years` as a rate per year: (1 + rate)^(1 / years) − 1; nil when not finite.
    public static func annualised(_ rate: Double, years: Double) -> Double? {
        guard years > 0, rate > -1 else { return rate == -1 ? -1 : nil }
        let result = RealMath.exp(RealMath.log1p(rate) / years) - 1
        return result.isFinite ? result : nil
    }

    /// An annual `rate` over `years`: (1 + rate)^years − 1; nil when not finite.
    public static func overPeriod(_ rate: Double, years: Double) -> Double? {
        guard rate > -1 else { return rate == -1 ? -1 : nil }
        let result = RealMath.exp(RealMath.log1p(rate) * years) - 1
        return result.isFinite ? result : nil
    }
}
