// Splitting an amount into shares that add up to it exactly (largest remainder method).
//
// The rule for the extra minor units, stable and documented for users:
//   each share first gets the whole minor units of its exact part (rounded toward zero);
//   the units left over go one each to the shares whose exact part lost the most,
//   and among shares that lost the same, to the earliest (lowest index).
// So an equal split gives the extra units to the first shares:
//   100.00 / 3 → 33.34, 33.33, 33.33;  JPY 500 / 3 → 167, 167, 166.
// A negative amount is split as its magnitude and every share negated.

extension Money {
    /// `count` shares as equal as possible: they differ by at most one minor unit, add up
    /// exactly to this amount, and the first shares carry the extra units.
    /// - Throws: `MoneyError.invalidArgument` when `count` is below 1.
    public func split(into count: Int) throws(MoneyError) -> [Money] {
        guard count > 0 else { throw MoneyError.invalidArgument("cannot split into \(count) shares: need at least 1") }
        return try allocate(weights: Array(repeating: 1, count: count))
    }

    /// Shares in proportion to non-negative integer `weights` (2, 1, 1 gives the first
    /// share half), adding up exactly to this amount; extra units by largest remainder,
    /// ties to the earliest share. A zero weight gets nothing.
    /// - Throws: `MoneyError.invalidArgument` when `weights` is empty, has a negative weight or
    ///   is all zeros; `MoneyError.overflow` when the weights add up beyond Int64.
    public func allocate(weights: [Int64]) throws(MoneyError) -> [Money] {
        guard !weights.isEmpty else { throw MoneyError.invalidArgument("cannot split among no weights") }
        var totalWeight: Int64 = 0
        for weight in weights {
            guard weight >= 0 else { throw MoneyError.invalidArgument("weights cannot be negative, got \(weight)") }
            let (sum, overflow) = totalWeight.addingReportingOverflow(weight)
            if overflow { throw MoneyError.overflow(operation: "adding the weights") }
            totalWeight = sum
        }
        guard totalWeight > 0 else { throw MoneyError.invalidArgument("weights must not all be zero") }

        let magnitude = minorUnits.magnitude
        let divisor = UInt64(totalWeight)
        var parts: [UInt64] = []
        var remainders: [UInt64] = []
        parts.reserveCapacity(weights.count)
        remainders.reserveCapacity(weights.count)
        var assigned: UInt64 = 0
        for weight in weights {
            // magnitude × weight / totalWeight ≤ magnitude, so the quotient always fits.
            let product = magnitude.multipliedFullWidth(by: UInt64(weight))
            let (quotient, remainder) = divisor.dividingFullWidth(product)
            parts.append(quotient)
            remainders.append(remainder)
            assigned += quotient
        }
        var leftover = magnitude - assigned  // fewer than weights.count units
        let order = remainders.indices.sorted { a, b in
            remainders[a] != remainders[b] ? remainders[a] > remainders[b] : a < b
        }
        for index in order where leftover > 0 && weights[index] > 0 {
            parts[index] += 1
            leftover -= 1
        }
        let negative = minorUnits < 0
        return parts.map { part in
            // part ≤ magnitude, so it fits back into Int64 with the original sign.
            let signed = negative ? (part == UInt64(Int64.max) + 1 ? Int64.min : -Int64(part)) : Int64(part)
            return Money(minorUnits: signed, currency: currency)
        }
    }
}
