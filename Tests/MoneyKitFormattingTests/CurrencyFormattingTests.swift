// Currency formatting for people through ICU, in the locales the tools are used in.
// Expected strings are what ICU (CLDR) on this toolchain writes, spaces included:
// U+00A0 no-break space, U+202F narrow no-break space, U+2212 minus sign.

import Foundation
import MoneyKit
import MoneyKitFormatting
import Testing

@Suite struct CurrencyFormattingTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let code: String
        let minorUnits: Int64
        let locale: String
        let expected: String
        var testDescription: String { "\(code) \(minorUnits) in \(locale)" }
    }

    static let cases: [Case] = [
        Case(code: "USD", minorUnits: 123_456, locale: "en_US", expected: "$1,234.56"),
        Case(code: "USD", minorUnits: -5, locale: "en_US", expected: "-$0.05"),
        Case(code: "GBP", minorUnits: 123_456, locale: "en_GB", expected: "£1,234.56"),
        Case(code: "GBP", minorUnits: 7, locale: "en_GB", expected: "£0.07"),
        Case(code: "NOK", minorUnits: 3240, locale: "nb_NO", expected: "32,40\u{A0}kr"),
        Case(code: "NOK", minorUnits: 123_456_789, locale: "nb_NO", expected: "1\u{A0}234\u{A0}567,89\u{A0}kr"),
        Case(code: "NOK", minorUnits: -3240, locale: "nb_NO", expected: "\u{2212}32,40\u{A0}kr"),
        Case(code: "KES", minorUnits: 123_456, locale: "en_KE", expected: "Ksh\u{A0}1,234.56"),
        Case(code: "JPY", minorUnits: 1_234_567, locale: "ja_JP", expected: "¥1,234,567"),
        Case(code: "JPY", minorUnits: 500, locale: "en_US", expected: "¥500"),
        Case(code: "EUR", minorUnits: 123_456, locale: "de_DE", expected: "1.234,56\u{A0}€"),
        Case(code: "USD", minorUnits: 123_456, locale: "de_DE", expected: "1.234,56\u{A0}$"),
        Case(code: "KWD", minorUnits: 1_234, locale: "en_US", expected: "KWD\u{A0}1.234"),
        Case(code: "NOK", minorUnits: 3240, locale: "en_US", expected: "NOK\u{A0}32.40"),
    ]

    @Test(arguments: cases)
    func formatsInLocale(_ example: Case) throws {
        let currency = try #require(Currency(code: example.code))
        let money = Money(minorUnits: example.minorUnits, currency: currency)
        #expect(money.formatted(localeIdentifier: example.locale) == example.expected)
    }

    @Test func defaultsToTheCurrencysDisplayLocale() throws {
        let nok = Money(minorUnits: 3240, currency: .nok)
        #expect(nok.formatted() == nok.formatted(localeIdentifier: "nb_NO"))
        let kes = Money(minorUnits: 100, currency: .kes)
        #expect(kes.formatted() == "Ksh\u{A0}1.00")
        #expect(Money(minorUnits: 100, currency: .usd).formatted() == "$1.00")
    }

    @Test func alwaysShowsTheCurrencysMinorUnits() throws {
        // ICU would drop the decimals of some currencies in some locales; an exact
        // amount keeps them: ISO 4217 decides.
        let cases: [(String, Int64, String)] = [("USD", 100, "en_US"), ("KWD", 1, "en_US"), ("JPY", 1, "ja_JP")]
        for (code, minor, locale) in cases {
            let currency = try #require(Currency(code: code))
            let text = Money(minorUnits: minor, currency: currency).formatted(localeIdentifier: locale)
            let digitsAfterSeparator = text.reversed().prefix { $0.isNumber }.count
            let expected = currency.minorUnitExponent == 0 ? text.filter(\.isNumber).count : currency.minorUnitExponent
            #expect(digitsAfterSeparator == expected, "\(text)")
        }
    }

    @Test func extremeAmountsFormatExactly() {
        let largest = Money(minorUnits: .max, currency: .usd)
        #expect(largest.formatted(localeIdentifier: "en_US") == "$92,233,720,368,547,758.07")
        let smallest = Money(minorUnits: .min, currency: .usd)
        #expect(smallest.formatted(localeIdentifier: "en_US") == "-$92,233,720,368,547,758.08")
    }

    @Test func symbolsComeFromTheLocale() {
        let cache = CurrencyFormatterCache()
        #expect(cache.symbol(for: .usd, localeIdentifier: "en_US") == "$")
        #expect(cache.symbol(for: .gbp, localeIdentifier: "en_GB") == "£")
        #expect(cache.symbol(for: .nok, localeIdentifier: "nb_NO") == "kr")
        #expect(cache.symbol(for: .eur, localeIdentifier: "de_DE") == "€")
    }

    @Test func isSafeFromManyThreadsAtOnce() async {
        let cache = CurrencyFormatterCache()
        let currencies: [Currency] = [.usd, .nok, .jpy, .eur, .gbp, .kes]
        let expected = currencies.map { cache.string(for: Money(minorUnits: 123_456, currency: $0)) }
        await withTaskGroup(of: Bool.self) { group in
            for task in 0..<16 {
                group.addTask {
                    (0..<300).allSatisfy { round in
                        let index = (task + round) % currencies.count
                        return cache.string(for: Money(minorUnits: 123_456, currency: currencies[index])) == expected[index]
                    }
                }
            }
            for await allMatched in group { #expect(allMatched) }
        }
    }
}

// Issue 13, item 18: the currency's own locale is used with Latin digits; a locale the
// user asks for keeps its digits.
@Test func aCurrencysOwnLocaleShowsLatinDigits() throws {
    let amount = try Money.parse("10.005", currency: try Currency.named("BHD"))
    let shown = amount.formatted()
    #expect(shown.contains("10.005"), "\(shown)")
    #expect(!shown.unicodeScalars.contains { (0x0660...0x0669).contains($0.value) || (0x06F0...0x06F9).contains($0.value) })
    let asked = amount.formatted(localeIdentifier: "ar_EG")
    #expect(asked.unicodeScalars.contains { (0x0660...0x0669).contains($0.value) }, "\(asked)")
}
