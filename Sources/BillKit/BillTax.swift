// A tax on the bill, in one of its two forms: added on top (a US sales tax, `--tax`) or
// already inside the prices (VAT on a Norwegian or Kenyan menu, `--tax-included`: shown,
// never added). Each is rounded once, to the minor unit, half away from zero.

import MoneyKit

/// A tax rate and whether the bill already includes it.
public enum BillTax: Equatable, Sendable {
    /// Added to the bill: tax = bill × rate / 100.
    case added(Percentage)
    /// Already in the bill's prices: the part shown is bill × rate / (100 + rate).
    case included(Percentage)

    /// The rate, in percent.
    public var rate: Percentage {
        switch self {
        case .added(let rate), .included(let rate): return rate
        }
    }

    /// Which of the two forms, without the rate.
    public var kind: Kind {
        switch self {
        case .added: return .added
        case .included: return .included
        }
    }

    /// The two forms of a tax, for messages naming the option that gave it.
    public enum Kind: Equatable, Sendable {
        /// A tax added to the bill.
        case added
        /// A tax included in the bill.
        case included
    }

    /// The tax on `bill` (zero or more), rounded once, half away from zero: what is
    /// added (`.added`) or the part of the bill that is tax (`.included`).
    /// - Throws: `MoneyError.overflow` when it does not fit in 64-bit minor units.
    public func amount(on bill: Money) throws(MoneyError) -> Money {
        switch self {
        case .added(let rate): return try bill.percentage(rate, rounding: .halfUp)
        case .included(let rate): return try bill.includedTax(rate, rounding: .halfUp)
        }
    }
}
