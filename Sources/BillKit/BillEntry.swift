// What the app's single screen lets people type: the bill, digit by digit, within the
// currency's decimals, and a custom tip within the tip rules. Rules only: the screen (in
// the tool, or an app) keeps the field and words the refusals.

import MoneyKit

/// The rules of the screen's two fields, as pure functions.
public enum BillEntry {
    /// The longest bill field, in characters.
    public static let longestAmount = 15

    /// Why a typed character was not taken.
    public enum Refusal: Error, Equatable, Sendable {
        /// A decimal point in a currency without decimals.
        case noDecimals(Currency)
        /// A second decimal point.
        case secondDecimalPoint
        /// One decimal more than the currency has.
        case tooManyDecimals(Currency)
        /// Longer than `longestAmount`.
        case tooLong
        /// The custom tip would not be a tip (0 to 50 with at most two decimals).
        case invalidTip
    }

    /// Whether `character` marks decimals: people type '.' or ',' as their habit has it.
    public static func isDecimalPoint(_ character: Character) -> Bool {
        character == "." || character == ","
    }

    /// The bill field after typing `character` (a digit, '.' or ','), or why not.
    public static func amount(_ field: String, typing character: Character, currency: Currency) -> Result<String, Refusal> {
        let candidate = field + String(character)
        let exponent = currency.minorUnitExponent
        if isDecimalPoint(character), exponent == 0 || field.contains(where: isDecimalPoint) {
            return .failure(exponent == 0 ? .noDecimals(currency) : .secondDecimalPoint)
        }
        if let point = candidate.firstIndex(where: isDecimalPoint), candidate[candidate.index(after: point)...].count > exponent {
            return .failure(.tooManyDecimals(currency))
        }
        guard candidate.count <= longestAmount else { return .failure(.tooLong) }
        return .success(candidate)
    }

    /// The custom tip field after typing `character`, or why not: it must stay a valid
    /// tip, or be one on its way to a decimal ("12.").
    public static func customTip(_ field: String, typing character: Character) -> Result<String, Refusal> {
        let candidate = field + String(character)
        if BillRules.tipIfValid(candidate) != nil || candidate.hasSuffix(".") && !field.contains(".") {
            return .success(candidate)
        }
        return .failure(.invalidTip)
    }

    /// The bill the field holds, or nil (empty, or not yet an amount: "12."). The screen
    /// groups no digits, so a typed ',' is always the decimal mark (12,500 KWD is 12.500).
    public static func bill(_ field: String, currency: Currency) -> Money? {
        guard !field.isEmpty else { return nil }
        return try? Money.parse(String(field.map { $0 == "," ? "." : $0 }), currency: currency)
    }
}
