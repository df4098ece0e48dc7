// The arithmetic of returns, in Double (a rate, never money): the money-weighted return
// (XIRR) and the annualising of a rate. Amounts are converted to Double only here, for
// the rate; every amount shown stays exact in minor units.
//
// XIRR: the annual rate r at which the cash flows' net present value is 0,
//   Σ amountᵢ · (1 + r)^(−yearsᵢ) = 0,
// from the investor's side: the value at the start is paid in (negative), a deposit is
// paid in (negative), a withdrawal is received (positive), the value at the end is
// received (positive). Years are 365 days of 86,400 seconds, as hledger's roi counts
// days / 365.
//
// Solved for the yearly log growth g = ln(1 + r), over all reals, so that every rate in
// (−100 %, +∞) is reachable: a loss of 80 % in a month is r = −99.999999 % a year, beyond
// any fixed grid of rates and below what 1 + r can hold in a Double, yet g ≈ −19.6 is an
// ordinary number, and the rate over the period, e^(g·years) − 1, is exact again. The net
// present value is evaluated as Σ aᵢ·e^(−g·(tᵢ − t₀)), with t₀ the latest year for g < 0
// and the earliest for g > 0: a positive multiple of it (the same sign), whose exponents
// are never positive, so no term overflows however large |g| is. A bracket is found by
// expanding outwards from g = 0 (±0.0001, ×1.5 each step, up to ±10⁹: a doubling in a
// second is about 2·10⁷), taking the sign change nearest to 0 (the rate closest to no
// growth, when the cash flows have several); then bisection to the last bit of a Double.
// Any sign change the expanding steps see is solved; a pair of roots closer together
// than one step can be missed (the net present value then touches 0 without crossing
// it at the steps), which only cash flows with withdrawals in the middle can give.

import MoneyKitPlatform

/// The arithmetic of returns: XIRR and annualising.
public enum ReturnMath {
    /// Seconds in a year of 365 days.
    public static let yearSeconds: Double = 365 * 86_400

    /// The largest yearly log growth searched (e^(10⁹) a year).
    static let maximumGrowth = 1e9

    /// The annual rate (0.05 is 5 %) at which `flows` (years from the start, amount) have
    /// a net present value of 0; nil when there is none (all flows of one sign, or none found).
    /// A loss so fast that 1 + rate rounds to 0 in a Double gives −1, a gain too fast for
    /// a Double nil: use `xirrGrowth` for the rate over a period.
    public static func xirr(_ flows: [(years: Double, amount: Double)]) -> Double? {
        guard let growth = xirrGrowth(flows) else { return nil }
        let rate = RealMath.expm1(growth)
        return rate.isFinite ? rate : nil
    }

    /// The yearly log growth g = ln(1 + r) of the XIRR of `flows`: the net present value
    /// Σ amount · e^(−g·years) is 0. Nil when the flows are all of one sign, not finite,
    /// or no sign change is found.
    public static func xirrGrowth(_ flows: [(years: Double, amount: Double)]) -> Double? {
        guard flows.contains(where: { $0.amount > 0 }), flows.contains(where: { $0.amount < 0 }) else { return nil }
        guard flows.allSatisfy({ $0.years.isFinite && $0.amount.isFinite }) else { return nil }
        let scale = flows.reduce(0) { $0 + abs($1.amount) }
        guard scale.isFinite, scale > 0 else { return nil }
        // Amounts of about 1: the sum of the terms cannot overflow.
        let terms = flows.map { (years: $0.years, amount: $0.amount / scale) }
        let earliest = terms.map(\.years).min() ?? 0, latest = terms.map(\.years).max() ?? 0

        /// The sign of the net present value at growth `g` (−1, 0, +1); nil when not finite.
        func sign(_ growth: Double) -> Int? {
            let reference = growth < 0 ? latest : earliest
            var value = 0.0
            for term in terms { value += term.amount * RealMath.exp(-growth * (term.years - reference)) }
            guard value.isFinite else { return nil }
            return value > 0 ? 1 : value < 0 ? -1 : 0
        }
        guard let atZero = sign(0) else { return nil }
        if atZero == 0 { return 0 }

        // Expand outwards from 0, both ways, until the sign changes.
        var step = 1e-4
        var inner = (up: (growth: 0.0, sign: atZero), down: (growth: 0.0, sign: atZero))
        while step <= maximumGrowth {
            for upwards in [true, false] {
                let growth = upwards ? step : -step
                guard let outer = sign(growth) else { continue }
                if outer == 0 { return growth }
                let previous = upwards ? inner.up : inner.down
                if outer != previous.sign { return bisect(between: previous.growth, and: growth, signAtFirst: previous.sign, sign: sign) }
                if upwards { inner.up = (growth, outer) } else { inner.down = (growth, outer) }
            }
            step *= 1.5
        }
        return nil
    }

    /// The root of a sign change between `first` (where the sign is `signAtFirst`) and `second`.
    private static func bisect(between first: Double, and second: Double, signAtFirst: Int, sign: (Double) -> Int?) -> Double? {
        var low = first, high = second
        // About 60 halvings reach the last bit; the bound only guards against a loop.
        for _ in 0..<2_000 {
            let middle = low + (high - low) / 2
            guard middle != low, middle != high else { break }
            guard let value = sign(middle) else { return nil }
            if value == 0 { return middle }
            if value == signAtFirst { low = middle } else { high = middle }
        }
        return low + (high - low) / 2
    }

    /// `rate` over `years` as a rate per year: (1 + rate)^(1 / years) − 1; nil when not finite.
    public static func annualised(_ rate: Double, years: Double) -> Double? {
        guard years > 0, rate > -1 else { return rate == -1 ? -1 : nil }
        let result = RealMath.expm1(RealMath.log1p(rate) / years)
        return result.isFinite ? result : nil
    }

    /// An annual `rate` over `years`: (1 + rate)^years − 1; nil when not finite.
    public static func overPeriod(_ rate: Double, years: Double) -> Double? {
        guard rate > -1 else { return rate == -1 ? -1 : nil }
        return overPeriod(growth: RealMath.log1p(rate), years: years)
    }

    /// A yearly log growth `growth` over `years` as a rate: e^(growth·years) − 1; nil when not finite.
    public static func overPeriod(growth: Double, years: Double) -> Double? {
        let result = RealMath.expm1(growth * years)
        return result.isFinite ? result : nil
    }
}
