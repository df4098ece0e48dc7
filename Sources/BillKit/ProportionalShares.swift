// Parts of an amount in proportion to what each person spent: how an itemised bill's tip
// and tax reach each person (and any other charge on the whole bill). One function, so
// every charge is shared by the same rule.
//
// The rule: each part is the amount × subtotal / bill, to the minor unit by largest
// remainder (MoneyKit's `allocate(weights:)`): the parts add up to the amount exactly, and
// an extra minor unit whose remainders tie goes to the earlier person. When no one spent
// anything (every subtotal zero), the amount is split equally, the first people carrying
// the extra units.

import MoneyKit

/// Splits a charge on a whole bill in proportion to each person's part of the bill.
public enum ProportionalShares {
    /// `amount` in proportion to `subtotals` (one per person, zero or more, in people
    /// order): the parts add up to `amount` exactly.
    /// - Throws: `MoneyError.invalidArgument` when `subtotals` is empty or holds a
    ///   negative amount; `.overflow` when the subtotals add up beyond 64-bit minor units.
    public static func allocate(_ amount: Money, bySubtotals subtotals: [Money]) throws(MoneyError) -> [Money] {
        guard !subtotals.isEmpty else { throw MoneyError.invalidArgument("cannot share a charge among no one") }
        if subtotals.allSatisfy({ $0.minorUnits == 0 }) {
            return try amount.split(into: subtotals.count)
        }
        return try amount.allocate(weights: subtotals.map(\.minorUnits))
    }
}
