// The notations people type amounts, weights and percentages in, with what each must read
// as (issue 26, items 1, 2, 3 and 34). One table: the parsers' tests (MoneyKitTests) read
// it, and so do the screens' field tests (BillKitTests, EndToEndTests), so that a screen
// can never read a notation otherwise than the command line does.

import MoneyKit

/// What a written value must read as.
public enum NotationOutcome: Sendable, Equatable {
    /// The value, in minor units (amounts), milligrams (weights) or hundredths of a
    /// percent (percentages).
    case reads(Int64)
    /// Refused as ambiguous: the hint names both readings.
    case ambiguous
    /// Refused: more decimals than allowed, zeros included.
    case tooManyDecimals
    /// Refused: written in another currency, naming both.
    case otherCurrency
    /// Refused for another reason.
    case refused
}

/// One written value and what it must read as.
public struct NotationExample: Sendable, CustomStringConvertible {
    /// As typed.
    public let input: String
    /// The currency's code, for amounts; "g" for weights, "%" for percentages.
    public let code: String
    /// What it must read as.
    public let outcome: NotationOutcome

    /// `input` in `code` must come to `outcome`.
    public init(_ input: String, _ code: String, _ outcome: NotationOutcome) {
        self.input = input
        self.code = code
        self.outcome = outcome
    }

    /// `"1.500 €" EUR → ambiguous`, for test names.
    public var description: String { "\(input.debugDescription) \(code) → \(outcome)" }
}

/// The tables.
public enum NotationTable {
    /// Amounts, as `Money.parse` must read them, and every screen's amount field too.
    public static let amounts: [NotationExample] = [
        // A '.' before exactly three digits is as ambiguous as a ',' there (item 1).
        NotationExample("1.500 €", "EUR", .ambiguous),
        NotationExample("1.500", "EUR", .ambiguous),
        NotationExample("1,500", "EUR", .ambiguous),
        NotationExample("\u{2212}1.500", "EUR", .ambiguous),
        NotationExample("kr. 1.500", "DKK", .ambiguous),
        NotationExample("12.340", "USD", .ambiguous),
        NotationExample("12.345", "USD", .ambiguous),
        NotationExample("100,000", "EUR", .ambiguous),
        NotationExample("1,500", "KWD", .ambiguous),
        // What tells the separators apart reads.
        NotationExample("1.500,00", "EUR", .reads(150_000)),
        NotationExample("1.500,00 €", "EUR", .reads(150_000)),
        NotationExample("1,500.00", "USD", .reads(150_000)),
        NotationExample("1 500", "EUR", .reads(150_000)),
        NotationExample("1\u{00A0}500,50 kr", "NOK", .reads(150_050)),
        NotationExample("1’500.50", "CHF", .reads(150_050)),
        NotationExample("120,50", "EUR", .reads(12_050)),
        NotationExample("12,5", "EUR", .reads(1250)),
        NotationExample("1.5", "EUR", .reads(150)),
        NotationExample("-3,10", "EUR", .reads(-310)),
        NotationExample("1234.5", "USD", .reads(123_450)),
        // Without decimals a lone separator groups; where three fit, a '.' marks them.
        NotationExample("1.500", "JPY", .reads(1500)),
        NotationExample("¥1,500", "JPY", .reads(1500)),
        NotationExample("1.500 kr.", "ISK", .reads(1500)),
        NotationExample("1.500", "KWD", .reads(1500)),
        // Never more decimals than the currency has, zeros included.
        NotationExample("5.0", "JPY", .tooManyDecimals),
        NotationExample("0.500", "EUR", .tooManyDecimals),
        NotationExample("1234.500", "USD", .tooManyDecimals),
        NotationExample("1847,500", "NOK", .tooManyDecimals),
        NotationExample("12.000000", "USD", .tooManyDecimals),
        NotationExample("1.2345", "KWD", .tooManyDecimals),
        // Another currency's code or symbol (item 34); a symbol shared with ours is ours.
        NotationExample("£20", "EUR", .otherCurrency),
        NotationExample("€11700", "GBP", .otherCurrency),
        NotationExample("11.700,00 €", "GBP", .otherCurrency),
        NotationExample("12 USD", "EUR", .otherCurrency),
        NotationExample("$5", "EUR", .otherCurrency),
        NotationExample("kr 20", "EUR", .otherCurrency),
        NotationExample("US$5", "AUD", .otherCurrency),
        NotationExample("$5", "CAD", .reads(500)),
        NotationExample("kr 20", "SEK", .reads(2000)),
        NotationExample("£20", "GBP", .reads(2000)),
        // Not amounts.
        NotationExample("12abc", "USD", .refused),
        NotationExample("1,2,3", "EUR", .refused),
        NotationExample("", "EUR", .refused),
    ]

    /// Weights in grams, as `MassText.read` must read them (item 3), in milligrams.
    public static let grams: [NotationExample] = [
        NotationExample("5,000", "g", .ambiguous),
        NotationExample("1,500", "g", .ambiguous),
        NotationExample("5.000", "g", .reads(5000)),
        NotationExample("2.268", "g", .reads(2268)),
        NotationExample("310,5", "g", .reads(310_500)),
        NotationExample("310.5", "g", .reads(310_500)),
        NotationExample("1 500", "g", .reads(1_500_000)),
        NotationExample("1.500,5", "g", .reads(1_500_500)),
        NotationExample("1,500.5", "g", .reads(1_500_500)),
        NotationExample("5", "g", .reads(5000)),
        NotationExample("0.0010", "g", .tooManyDecimals),
        NotationExample("1.2345", "g", .tooManyDecimals),
        NotationExample("-5", "g", .refused),
        NotationExample("5g", "g", .refused),
        NotationExample("1,2,3", "g", .refused),
    ]

    /// Percentages (a tip, a tax rate), as `Percentage(parsing:)` must read them, in
    /// hundredths of a percent. A percentage has no thousands: one ',' is its decimal mark.
    public static let percentages: [NotationExample] = [
        NotationExample("12,5", "%", .reads(1250)),
        NotationExample("12.5", "%", .reads(1250)),
        NotationExample("12,5 %", "%", .reads(1250)),
        NotationExample("15", "%", .reads(1500)),
        NotationExample("12.25%", "%", .reads(1225)),
        NotationExample("12,5,0", "%", .refused),
        NotationExample("12a", "%", .refused),
    ]
}
