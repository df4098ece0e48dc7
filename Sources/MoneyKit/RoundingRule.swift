// How a result that falls between two minor units is rounded, and exact integer
// division that applies it (128-bit intermediates, so nothing overflows silently).

/// How to round a value that is not a whole number of minor units.
public enum RoundingRule: String, Sendable, CaseIterable, Codable {
    /// To the nearest; a tie goes away from zero (2.5 → 3, −2.5 → −3). The usual
    /// commercial rule, and MoneyKit's default.
    case halfUp
    /// To the nearest; a tie goes to the even neighbour (2.5 → 2, 3.5 → 4): banker's rounding.
    case halfEven
    /// Toward zero (truncate).
    case down
    /// Away from zero (2.1 → 3, −2.1 → −3).
    case up
    /// Toward positive infinity (2.1 → 3, −2.1 → −2).
    case ceiling
    /// Toward negative infinity (2.1 → 2, −2.1 → −3).
    case floor
}

enum ExactDivision {
    /// `value × multiplier / divisor`, rounded by `rule`, computed without intermediate
    /// overflow. `divisor` must be positive. Returns nil when the result does not fit Int64.
    static func multiplyDivide(_ value: Int64, _ multiplier: Int64, _ divisor: Int64, rule: RoundingRule) -> Int64? {
        precondition(divisor > 0, "divisor must be positive")
        let negative = (value < 0) != (multiplier < 0)
        let product = value.magnitude.multipliedFullWidth(by: multiplier.magnitude)
        let unsignedDivisor = UInt64(divisor)
        // The quotient fits in 64 bits only when the high word is below the divisor.
        guard product.high < unsignedDivisor else { return nil }
        let (quotient, remainder) = unsignedDivisor.dividingFullWidth(product)
        let roundedMagnitude: UInt64
        if remainder == 0 {
            roundedMagnitude = quotient
        } else {
            let awayFromZero: Bool
            // Compare 2·remainder with the divisor without overflowing.
            let half = remainder >= unsignedDivisor - remainder ? (remainder == unsignedDivisor - remainder ? 0 : 1) : -1
            switch rule {
            case .halfUp: awayFromZero = half >= 0
            case .halfEven: awayFromZero = half > 0 || (half == 0 && quotient % 2 == 1)
            case .down: awayFromZero = false
            case .up: awayFromZero = true
            case .ceiling: awayFromZero = !negative
            case .floor: awayFromZero = negative
            }
            guard !awayFromZero || quotient < UInt64.max else { return nil }
            roundedMagnitude = awayFromZero ? quotient + 1 : quotient
        }
        if negative {
            guard roundedMagnitude <= UInt64(Int64.max) + 1 else { return nil }
            return roundedMagnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(roundedMagnitude)
        }
        guard roundedMagnitude <= UInt64(Int64.max) else { return nil }
        return Int64(roundedMagnitude)
    }
}
