// Denomination labels for people, derived from the same currency format as amounts: a
// till that says "Ksh 4,000.00" names its note "Ksh 1,000", never "KSh 1,000", and a
// CHF note reads "CHF 100" beside "CHF 400.00". One source, so labels and amounts
// cannot drift apart.

import MoneyKit

extension DenominationSet {
    /// How people name `denomination` beside amounts formatted in `localeIdentifier` (nil:
    /// the currency's display locale): the face value as amounts are written, without
    /// the decimals when it is whole ("$20", "1.000 kr.", "Ksh 1,000"); a coin below one
    /// major unit keeps its own name ("50p", "25¢", "50 øre"); where a note and a coin
    /// share the value, "note" or "coin" is added ("$1 note", "$1 coin"). A label the
    /// user gave in a denominations file is kept as given.
    public func displayLabel(for denomination: Denomination, currency: Currency, localeIdentifier: String? = nil) -> String {
        let plain = Money.plainString(minorUnits: denomination.minorUnits, exponent: currency.minorUnitExponent)
        let builtIn = DenominationSet.builtIn(for: currency)?.denominations.contains(denomination) ?? false
        guard builtIn || denomination.label == plain else { return denomination.label }
        let unit = Self.minorUnitsPerMajor(currency)
        let isSubunitCoin = denomination.minorUnits < unit
        var label: String
        if isSubunitCoin && builtIn {
            label = denomination.label
        } else {
            // A label is a name to find and type: plain spaces, where the amount format
            // has no-break ones ("1 000 kr", "Ksh 1,000"), and no invisible direction marks
            // (right-to-left formats have them: "\u{200F}1,000 د.إ.\u{200F}").
            let formatted = Self.faceValue(Money(minorUnits: denomination.minorUnits, currency: currency), localeIdentifier: localeIdentifier)
            label = String(String.UnicodeScalarView(formatted.unicodeScalars.compactMap { scalar -> Unicode.Scalar? in
                switch scalar.value {
                case 0xA0, 0x202F: return " "
                case 0x200E, 0x200F, 0x061C: return nil
                default: return scalar
                }
            }))
        }
        if hasNoteAndCoin(of: denomination.minorUnits) {
            label += denomination.kind == .note ? " note" : " coin"
        }
        return label
    }

    /// `money` as amounts are formatted, its decimals left out when they are all zero:
    /// the formatter always writes the currency's decimals last, so a whole amount ends
    /// in a decimal separator and zeros.
    static func faceValue(_ money: Money, localeIdentifier: String?) -> String {
        let formatted = money.formatted(localeIdentifier: localeIdentifier)
        let exponent = money.currency.minorUnitExponent
        guard exponent > 0, money.minorUnits % minorUnitsPerMajor(money.currency) == 0 else { return formatted }
        var characters = Array(formatted)
        guard let lastDigit = characters.lastIndex(where: { $0.isASCII && $0.isNumber }) else { return formatted }
        let firstFraction = lastDigit - exponent + 1
        guard firstFraction >= 1, characters[firstFraction...lastDigit].allSatisfy({ $0 == "0" }),
            !(characters[firstFraction - 1].isASCII && characters[firstFraction - 1].isNumber)
        else { return formatted }
        characters.removeSubrange((firstFraction - 1)...lastDigit)
        return String(characters)
    }

    private static func minorUnitsPerMajor(_ currency: Currency) -> Int64 {
        var unit: Int64 = 1
        // ISO 4217 exponents are 0–4; 10^18 still fits an Int64.
        for _ in 0..<min(18, max(0, currency.minorUnitExponent)) { unit *= 10 }
        return unit
    }
}
