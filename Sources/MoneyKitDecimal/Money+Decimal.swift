// Foundation's Decimal at the edges: for apps and APIs that speak it. Inside, MoneyKit
// keeps Int64 minor units. A target of its own rather than part of MoneyKit, which imports
// no Foundation: a tool that never needs Decimal (every one of ours) links none of it
// (tally inc: 8.7 M instructions with it, 7.9 M without).

// Public: Decimal is part of this target's API.
#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
public import MoneyKit

extension Money {
    /// The amount as a Decimal in major units: 1234 minor units of USD → 12.34.
    public var decimalValue: Decimal {
        Decimal(sign: minorUnits < 0 ? .minus : .plus,
                exponent: -currency.minorUnitExponent,
                significand: Decimal(minorUnits.magnitude))
    }

    /// An exact amount from a Decimal in major units; never rounded.
    /// - Throws: `MoneyError.tooManyDecimals` when the value has more decimals than the
    ///   currency's minor unit; `MoneyError.invalidAmount` when it is NaN or has more than
    ///   18 decimals; `MoneyError.overflow` when it does not fit in Int64 minor units.
    public init(decimal: Decimal, currency: Currency) throws(MoneyError) {
        guard decimal.isFinite else { throw MoneyError.invalidAmount(input: "\(decimal)", reason: "not a number") }
        // Decimal writes itself out as plain digits; reading that strictly is exact.
        let text = "\(decimal)"
        let parsed = try DecimalText(parsing: text)
        guard let minor = try parsed.scaled(to: currency.minorUnitExponent, input: text) else {
            throw MoneyError.tooManyDecimals(input: text, currency: currency.code, allowed: currency.minorUnitExponent)
        }
        self.init(minorUnits: minor, currency: currency)
    }
}
