// Amounts written as the tools print them (issue 13, item 17): a decimal comma where it
// cannot be a thousands separator, digits grouped by spaces, no-break spaces, the other
// separator or apostrophes, the currency's code or symbol before or after, U+2212 minus;
// and the refusals: a comma that could be either (`1,500`), mixed or misplaced separators.

import Testing
import MoneyKit

@Suite struct AmountNotationTests {
    static let accepted: [GoodAmount] = [
        // A decimal comma where it cannot group thousands.
        GoodAmount("1847,50", "NOK", 184_750),
        GoodAmount("12,5", "NOK", 1250),
        GoodAmount("0,05", "NOK", 5),
        GoodAmount(",5", "NOK", 50),
        GoodAmount("-12,5", "NOK", -1250),
        // Grouping and a decimal separator: each tells which the other is.
        GoodAmount("1.847,50", "NOK", 184_750),
        GoodAmount("1,847.50", "USD", 184_750),
        GoodAmount("1 847,50", "NOK", 184_750),
        GoodAmount("1\u{00A0}847,50", "NOK", 184_750),
        GoodAmount("1\u{202F}847,50", "NOK", 184_750),
        GoodAmount("1 234 567,89", "NOK", 123_456_789),
        GoodAmount("1’847.50", "CHF", 184_750),
        GoodAmount("1'847.50", "CHF", 184_750),
        GoodAmount("1.234.567,89", "EUR", 123_456_789),
        GoodAmount("1,234,567.89", "USD", 123_456_789),
        GoodAmount("1,234,567", "USD", 123_456_700),
        GoodAmount("1.234.567", "EUR", 123_456_700),
        GoodAmount("18,47,500.00", "INR", 184_750_000),
        GoodAmount("1 500", "NOK", 150_000),
        // Without decimals in the currency, a lone separator before three digits groups.
        GoodAmount("1,500", "JPY", 1500),
        GoodAmount("¥1,500", "JPY", 1500),
        GoodAmount("1.500", "ISK", 1500),
        GoodAmount("12.500", "CLP", 12500),
        // A lone '.' before three digits marks decimals where three fit.
        GoodAmount("1.500", "KWD", 1500),
        // The code or symbol, before or after, with the spaces ICU puts between.
        GoodAmount("1 847,50 kr", "NOK", 184_750),
        GoodAmount("1\u{00A0}847,50\u{00A0}kr", "NOK", 184_750),
        GoodAmount("kr 1 847,50", "NOK", 184_750),
        GoodAmount("1 847,50 NOK", "NOK", 184_750),
        GoodAmount("NOK 1 847,50", "NOK", 184_750),
        GoodAmount("1.847,50 €", "EUR", 184_750),
        GoodAmount("€1,847.50", "EUR", 184_750),
        GoodAmount("$1,847.50", "USD", 184_750),
        GoodAmount("Ksh\u{00A0}1,234.56", "KES", 123_456),
        // Negative forms as ICU writes them.
        GoodAmount("\u{2212}32,40\u{00A0}kr", "NOK", -3240),
        GoodAmount("-1 847,50 kr", "NOK", -184_750),
        GoodAmount("-$0.05", "USD", -5),
        GoodAmount("$-0.05", "USD", -5),
        GoodAmount("CHF-1’847.50", "CHF", -184_750),
        // The escudo's cifrão as its decimal mark, and pt_CV's zero-width space.
        GoodAmount("1 847$50\u{200B}", "CVE", 184_750),
        // Direction marks around the number (right-to-left locales) are invisible.
        GoodAmount("\u{200F}1,234.500", "KWD", 1_234_500),
    ]

    @Test("reads an amount written with a decimal comma, grouping or a trailing symbol", arguments: accepted)
    func reads(_ good: GoodAmount) throws {
        let money = try Money.parse(good.input, currency: currency(good.code))
        #expect(money.minorUnits == good.minorUnits)
    }

    struct Refused: Sendable, CustomTestStringConvertible {
        let input: String
        let code: String
        /// Words the reason must contain.
        let says: [String]
        init(_ input: String, _ code: String, says: [String]) {
            self.input = input
            self.code = code
            self.says = says
        }
        var testDescription: String { "\"\(input)\" \(code)" }
    }

    static let refused: [Refused] = [
        // A comma before exactly three digits, nothing else to tell: both readings named.
        Refused("1,500", "NOK", says: [
            "invalid amount '1,500': the ',' could separate thousands or decimals / "
                + "write 1500 or 1 500 if you mean thousands, 1.5 if you mean decimals",
        ]),
        Refused("12,345", "USD", says: ["12345 or 12 345", "12.345 would have more decimals than the 2 allowed"]),
        Refused("100,000", "EUR", says: ["100000 or 100 000", "100.0"]),
        Refused("-1,500", "NOK", says: ["could separate"]),
        Refused("1,500 kr", "NOK", says: ["could separate"]),
        Refused("1,500", "KWD", says: ["could separate"]),
        // A '.' there is as ambiguous as a ',' (issue 26, item 1), with or without a symbol.
        Refused("1.500", "NOK", says: ["the '.' could separate", "1500 or 1 500", "1.5 if you mean decimals"]),
        Refused("1.500 €", "EUR", says: ["the '.' could separate"]),
        Refused("kr. 1.500", "DKK", says: ["the '.' could separate"]),
        Refused("\u{2212}1.500", "EUR", says: ["the '.' could separate"]),
        // Misplaced and mixed separators.
        Refused("5,", "NOK", says: ["no digits after the decimal point"]),
        Refused("1,2,3", "NOK", says: ["groups of three digits"]),
        Refused("1.2,3.4", "NOK", says: ["mixes '.' and ','"]),
        Refused("1,2.3,4", "USD", says: ["mixes '.' and ','"]),
        Refused("1.234,567.89", "USD", says: ["mixes '.' and ','"]),
        Refused("1 234.567,89", "EUR", says: ["mixes separators"]),
        Refused("12 34", "NOK", says: ["groups of three digits"]),
        Refused("1,50 000", "NOK", says: ["grouped after the decimal separator"]),
        Refused("1,,5", "NOK", says: ["two separators in a row"]),
        Refused(",", "NOK", says: []),
        Refused("1,5,", "NOK", says: []),
        Refused("'5", "CHF", says: ["starts with"]),
        Refused("1 000 kr kr", "NOK", says: []),
        Refused("12 EUR", "USD", says: ["it is in EUR"]),
        // An invisible mark between digits is not ignored.
        Refused("1\u{200F}2", "USD", says: []),
    ]

    @Test("refuses an unclear or malformed amount, quoting it", arguments: refused)
    func refuses(_ bad: Refused) throws {
        let error = try #require(throws: MoneyError.self) { try Money.parse(bad.input, currency: currency(bad.code)) }
        #expect(error.errorCase == .invalidAmount, "\(error)")
        #expect(error.description.hasPrefix("invalid amount '\(bad.input)': "), "\(error)")
        let said = error.description + " / " + (error.hint ?? "")
        for words in bad.says { #expect(said.contains(words), "\(said)") }
    }

    @Test("too many decimals for the currency keeps its own message, with a decimal comma too")
    func tooManyDecimals() {
        #expect(throws: MoneyError.tooManyDecimals(input: "12,3", currency: "JPY", allowed: 0)) {
            try Money.parse("12,3", currency: currency("JPY"))
        }
        #expect(throws: MoneyError.tooManyDecimals(input: "1 847,505 kr", currency: "NOK", allowed: 2)) {
            try Money.parse("1 847,505 kr", currency: currency("NOK"))
        }
        // Zeros included: 0,500 and 1847,500 are not NOK amounts.
        #expect(throws: MoneyError.tooManyDecimals(input: "0,500", currency: "NOK", allowed: 2)) {
            try Money.parse("0,500", currency: currency("NOK"))
        }
        #expect(throws: MoneyError.tooManyDecimals(input: "1847,500", currency: "NOK", allowed: 2)) {
            try Money.parse("1847,500", currency: currency("NOK"))
        }
    }
}
