// An ISO 4217 currency: its code, the exponent of its minor unit, and the facts
// a money tool needs to show and count it.

/// An ISO 4217 currency.
///
/// Every current code is known (see `Currency.all`), and so are the codes ISO has
/// withdrawn recently enough that amounts may be stored in them (see `withdrawal`).
/// `Currency(code:)` finds either, for reading what was stored; `Currency.named(_:)`,
/// for a currency chosen for new amounts, refuses a withdrawn one. Both accept any
/// letter case.
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
    /// When ISO 4217 withdrew the code (moved it to its list three) and what replaced it;
    /// nil for a current code.
    public let withdrawal: Withdrawal?

    /// A code's withdrawal, as ISO 4217's list three and its amendments record it.
    public struct Withdrawal: Hashable, Sendable {
        /// `2026-01-01`, or `2021-06` where ISO gives only the month.
        public let date: String
        /// The current code that took its place, if one did.
        public let replacement: String?

        /// A withdrawal on `date` (`YYYY-MM-DD` or `YYYY-MM`), replaced by the code `replacement`.
        public init(date: String, replacement: String?) {
            self.date = date
            self.replacement = replacement
        }
    }

    /// A currency with these facts, as CurrencyTable lists them; to look one up by code,
    /// use `init(code:)` or `named(_:)`.
    public init(
        code: String, numericCode: Int, minorUnitExponent: Int, name: String,
        displayLocaleIdentifier: String, cashRoundingMinorUnits: Int64? = nil, withdrawal: Withdrawal? = nil
    ) {
        self.code = code
        self.numericCode = numericCode
        self.minorUnitExponent = minorUnitExponent
        self.name = name
        self.displayLocaleIdentifier = displayLocaleIdentifier
        self.cashRoundingMinorUnits = cashRoundingMinorUnits
        self.withdrawal = withdrawal
    }

    /// The currency with this code (any letter case), current or withdrawn, or nil when
    /// MoneyKit knows no such ISO 4217 code. For reading stored amounts: a store that
    /// holds a withdrawn currency stays readable.
    public init?(code: String) {
        guard let found = Currency.entry(coded: code.uppercased()) else { return nil }
        self = found
    }

    /// Whether ISO 4217 lists this code as current.
    public var isCurrent: Bool { withdrawal == nil }

    /// The current currency with this code, for new amounts: an error names an unknown
    /// code (suggesting a close one) or a withdrawn one (with its date and replacement).
    /// Surrounding whitespace and letter case do not matter.
    /// - Throws: `MoneyError.withdrawnCurrency` (with date and replacement) for a code ISO 4217
    ///   has withdrawn; `MoneyError.unknownCurrency` for any other code MoneyKit does not know,
    ///   with a suggestion when swapping two neighbouring letters gives a real one (UDS → USD).
    public static func named(_ code: String) throws(MoneyError) -> Currency {
        let trimmed = code.trimmingWhitespace()
        if let found = Currency(code: trimmed) {
            guard let withdrawal = found.withdrawal else { return found }
            throw MoneyError.withdrawnCurrency(found.code, date: withdrawal.date, replacement: withdrawal.replacement)
        }
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

    /// The code, `USD`: what text output and stores show.
    public var description: String { code }

    /// Alphabetical by code, so lists of currencies sort predictably.
    public static func < (lhs: Currency, rhs: Currency) -> Bool { lhs.code < rhs.code }

    /// Equal when the codes are: the code alone identifies an ISO 4217 currency.
    public static func == (lhs: Currency, rhs: Currency) -> Bool { lhs.code == rhs.code }
    /// Hashes the code only, consistent with `==`.
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }

    /// Every current ISO 4217 currency, ordered by code.
    public static let all: [Currency] = CurrencyTable.entries.sorted()

    /// The withdrawn codes MoneyKit still reads, ordered by code.
    public static let withdrawn: [Currency] = CurrencyTable.withdrawnEntries.sorted()

    /// Every currency MoneyKit reads, current and withdrawn, ordered by code: looked up by
    /// halving (a dictionary of them cost a fifth of a million instructions at every start).
    private static let everyCodeSorted: [Currency] = (CurrencyTable.entries + CurrencyTable.withdrawnEntries).sorted()

    /// The currency with exactly this (upper-case) code, current or withdrawn.
    fileprivate static func entry(coded code: String) -> Currency? {
        let index = everyCodeSorted.partitionPoint(where: { $0.code >= code })
        return index < everyCodeSorted.endIndex && everyCodeSorted[index].code == code ? everyCodeSorted[index] : nil
    }
}

extension Currency {
    /// A currency CurrencyTable lists, for the named constants below: no force unwrap,
    /// and a test holds each constant equal to the table's entry.
    private static func listed(_ code: String) -> Currency {
        entry(coded: code) ?? Currency(code: code, numericCode: 0, minorUnitExponent: 2, name: code, displayLocaleIdentifier: "en")
    }

    /// US dollar (USD).
    public static let usd = listed("USD")
    /// Euro (EUR).
    public static let eur = listed("EUR")
    /// Pound sterling (GBP).
    public static let gbp = listed("GBP")
    /// Norwegian krone (NOK), cash-rounded to whole kroner.
    public static let nok = listed("NOK")
    /// Japanese yen (JPY), without minor units.
    public static let jpy = listed("JPY")
    /// Kenyan shilling (KES).
    public static let kes = listed("KES")
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
