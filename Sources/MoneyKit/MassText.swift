// Weights as people write them, read and written exactly: "310", "310.5", "3,56" grams
// (read by the amounts' notation rule) are whole milligrams, never a Double (0.1 has no exact binary value, and a count by
// weight must not drift by a coin on a rounding).

/// Grams as text, read into and written from whole milligrams.
public enum MassText {
    /// The heaviest weight read: a tonne, far above any scale a till has, so that every
    /// count and product of counts stays well inside Int64.
    public static let largestMilligrams: Int64 = 1_000_000_000

    /// `text` in grams as whole milligrams with the precision it was written to: "310" is
    /// 310 g to the gram, so `resolution` is 1000 mg; "310.5" to a tenth, 100 mg. Nil when
    /// `read(_:)` refuses it.
    public static func milligrams(_ text: String) -> (milligrams: Int64, resolution: Int64)? {
        try? read(text)
    }

    /// Reads grams as amounts are read (AmountNotation, the one reading rule): "310",
    /// "310.5", "0.25", "3,56" (a decimal comma), "1 500" or "1.500,5" (grouped), "2.268"
    /// (a '.' before three digits marks decimals, as milligrams fit there, the way a
    /// three-decimal currency reads). A ',' before exactly three digits after a short whole
    /// part ("5,000") could be 5000 g or 5 g and is refused naming both; so are more than
    /// three decimals, zeros included ("0.0010"), a sign, letters, and more than
    /// `largestMilligrams`.
    /// - Throws: `MoneyError.ambiguousSeparator` (its hint names both readings),
    ///   `MoneyError.tooManyDecimals` (currency "g"), or `MoneyError.invalidAmount` with
    ///   the reason.
    public static func read(_ text: String) throws(MoneyError) -> (milligrams: Int64, resolution: Int64) {
        let exponent = 3
        guard AmountNotation.isDigitsAndSeparators(text[...]) else {
            throw MoneyError.invalidAmount(input: text, reason: "a weight is digits and separators only")
        }
        let plain = try AmountNotation.plain(text[...], minorUnitExponent: exponent, input: text)
        let parts = plain.split(separator: ".", omittingEmptySubsequences: false)
        let whole = parts[0]
        let fraction = parts.count > 1 ? parts[1] : ""
        // "5." and ".5" are not written by scales; "5" or "0.5" are.
        guard !whole.isEmpty else { throw MoneyError.invalidAmount(input: text, reason: "a weight starts with a digit, as in 0.5") }
        guard fraction.count <= exponent else { throw MoneyError.tooManyDecimals(input: text, currency: "g", allowed: exponent) }
        let tooHeavy = MoneyError.invalidAmount(input: text, reason: "more than \(grams(largestMilligrams)) g")
        guard whole.count <= 7 else { throw tooHeavy }
        var value: Int64 = 0
        for digit in whole.utf8 { value = value * 10 + Int64(digit - UInt8(ascii: "0")) }
        var resolution: Int64 = 1000
        let fractionDigits = Array(fraction.utf8)
        for index in 0..<exponent {
            value *= 10
            if index < fractionDigits.count {
                value += Int64(fractionDigits[index] - UInt8(ascii: "0"))
                resolution /= 10
            }
        }
        guard value <= largestMilligrams else { throw tooHeavy }
        return (value, resolution)
    }

    /// `milligrams` as grams, without trailing zeros: 5000 → "5", 3560 → "3.56",
    /// 2268 → "2.268", 310500 → "310.5".
    public static func grams(_ milligrams: Int64) -> String {
        let negative = milligrams < 0
        let magnitude = milligrams.magnitude
        var text = String(magnitude / 1000)
        var fraction = String(magnitude % 1000)
        fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        if !fraction.isEmpty { text += "." + fraction }
        return negative ? "-" + text : text
    }
}
