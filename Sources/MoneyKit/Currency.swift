// An ISO 4217 currency: its code, the exponent of its minor unit, and the facts
// a money tool needs to show and count it.

/// An ISO 4217 currency.
///
/// Every current code is known (see `Currency.all`); look one up with
/// `Currency(code:)` or `Currency.named(_:)`, which accept any letter case.
public struct Currency: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The three-letter alphabetic code, upper case: `USD`.
    public let code: String
    /// The three-digit numeric code: 840 for USD.
    public let numericCode: Int
    /// The minor-unit exponent: USD 2, JPY 0, KWD 3.
    public let minorUnitExponent: Int
    /// The English name ISO 4217 gives it.
    public let name: String
    /// The locale whose conventions show this currency best (`nb_NO` for NOK).
    public let displayLocaleIdentifier: String
    /// The smallest amount cash is rounded to, in minor units, where cash is rounded
    /// more coarsely than the minor unit (NOK 100 = 1.00, CHF 5 = 0.05); nil otherwise.
    public let cashRoundingMinorUnits: Int64?

    public init(
        code: String, numericCode: Int, minorUnitExponent: Int, name: String,
        displayLocaleIdentifier: String, cashRoundingMinorUnits: Int64? = nil
    ) {
        self.code = code
        self.numericCode = numericCode
        self.minorUnitExponent = minorUnitExponent
        self.name = name
        self.displayLocaleIdentifier = displayLocaleIdentifier
        self.cashRoundingMinorUnits = cashRoundingMinorUnits
    }

    /// The currency with this code (any letter case), or nil when ISO 4217 has none.
    public init?(code: String) {
        guard let found = Currency.byCode[code.uppercased()] else { return nil }
        self = found
    }

    /// The currency with this code, or an error that names the code and, when one is
    /// close, suggests it.
    public static func named(_ code: String) throws(MoneyError) -> Currency {
        let trimmed = code.trimmingWhitespace()
        if let found = Currency(code: trimmed) { return found }
        // Two neighbouring letters swapped is the typo worth naming (UDS for USD);
        // one wrong letter is not, since most such codes are a real currency.
        let letters = Array(trimmed.uppercased())
        if letters.count == 3 {
            for i in 0..<2 {
                var swapped = letters
                swapped.swapAt(i, i + 1)
                if let close = Currency(code: String(swapped)) {
                    throw MoneyError.unknownCurrency(trimmed, suggestion: close.code)
                }
            }
        }
        throw MoneyError.unknownCurrency(trimmed)
    }

    /// How many minor units make one major unit: 100 for USD, 1 for JPY, 1000 for KWD.
    public var minorUnitsPerMajor: Int64 { Int64.powerOfTen(minorUnitExponent) }

    public var description: String { code }

    public static func < (lhs: Currency, rhs: Currency) -> Bool { lhs.code < rhs.code }

    public static func == (lhs: Currency, rhs: Currency) -> Bool { lhs.code == rhs.code }
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }

    /// Every current ISO 4217 currency, ordered by code.
    public static let all: [Currency] = CurrencyTable.entries.sorted()

    private static let byCode: [String: Currency] = Dictionary(
        uniqueKeysWithValues: CurrencyTable.entries.map { ($0.code, $0) })
}

extension Currency {
    public static var usd: Currency { Currency(code: "USD")! }
    public static var eur: Currency { Currency(code: "EUR")! }
    public static var gbp: Currency { Currency(code: "GBP")! }
    public static var nok: Currency { Currency(code: "NOK")! }
    public static var jpy: Currency { Currency(code: "JPY")! }
    public static var kes: Currency { Currency(code: "KES")! }
}

extension Int64 {
    /// 10^exponent for the small exponents currencies and decimal inputs use (0...18).
    static func powerOfTen(_ exponent: Int) -> Int64 {
        precondition((0...18).contains(exponent), "power of ten out of range")
        var result: Int64 = 1
        for _ in 0..<exponent { result *= 10 }  // at most 10^18: fits
        return result
    }
}

extension String {
    func trimmingWhitespace() -> String {
        var view = Substring(self)
        while let first = view.first, first.isWhitespace { view.removeFirst() }
        while let last = view.last, last.isWhitespace { view.removeLast() }
        return String(view)
    }
}
