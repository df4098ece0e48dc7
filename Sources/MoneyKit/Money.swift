// An exact amount of money: a whole number of the currency's minor units.
// Int64 inside (about 1000× faster than Foundation's Decimal on Linux); Decimal only at
// the edges (see Money+Decimal.swift).

/// An exact amount in one currency, held as an integer count of minor units
/// (cents for USD, yen for JPY, fils for KWD).
public struct Money: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The amount in minor units: USD 12.34 is 1234.
    public let minorUnits: Int64
    /// The currency the minor units count in.
    public let currency: Currency

    /// `minorUnits` of `currency`, exactly; every Int64 value is a valid amount.
    public init(minorUnits: Int64, currency: Currency) {
        self.minorUnits = minorUnits
        self.currency = currency
    }

    /// Nothing, in `currency`: the start of a total.
    public static func zero(_ currency: Currency) -> Money { Money(minorUnits: 0, currency: currency) }

    /// Whether the amount is exactly zero.
    public var isZero: Bool { minorUnits == 0 }
    /// Whether the amount is below zero (a refund, a debt).
    public var isNegative: Bool { minorUnits < 0 }

    /// Plain machine text with exactly the currency's decimals and no grouping:
    /// `1234.56`, `-0.05`, `500` for JPY. This is what JSON, CSV and TSV carry.
    public var plainString: String {
        Money.plainString(minorUnits: minorUnits, exponent: currency.minorUnitExponent)
    }

    /// `1234.56 USD`: the plain amount and the code.
    public var description: String { "\(plainString) \(currency.code)" }

    /// Amounts of different currencies order by currency code first, so sorting is total.
    public static func < (lhs: Money, rhs: Money) -> Bool {
        if lhs.currency != rhs.currency { return lhs.currency < rhs.currency }
        return lhs.minorUnits < rhs.minorUnits
    }

    /// Plain decimal text for a count of `10^-exponent` units.
    public static func plainString(minorUnits: Int64, exponent: Int) -> String {
        // Every amount of every JSON, CSV and TSV line comes through here: the digits are
        // written straight into the string's bytes (a tenth of the cost of String(Int)
        // and concatenation, measured on a million `billsplit - --format csv` lines).
        let negative = minorUnits < 0
        // magnitude avoids the trap that negating Int64.min would be.
        var magnitude = minorUnits.magnitude
        let decimals = max(0, exponent)
        var digitCount = 1
        var rest = magnitude / 10
        while rest > 0 {
            digitCount += 1
            rest /= 10
        }
        digitCount = max(digitCount, decimals + 1)
        let length = (negative ? 1 : 0) + digitCount + (decimals > 0 ? 1 : 0)
        return String(unsafeUninitializedCapacity: length) { bytes in
            var position = length
            for written in 0..<digitCount {
                if decimals > 0, written == decimals {
                    position -= 1
                    bytes[position] = UInt8(ascii: ".")
                }
                position -= 1
                bytes[position] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: magnitude % 10)
                magnitude /= 10
            }
            if negative { bytes[0] = UInt8(ascii: "-") }
            return length
        }
    }
}
