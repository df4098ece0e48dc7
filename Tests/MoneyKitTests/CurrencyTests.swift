// The ISO 4217 table: lookup, minor-unit exponents, display locales, cash rounding.

import Testing
import MoneyKit

@Suite("Currency")
struct CurrencyTests {
    @Test("every currency is found by its code in any letter case", arguments: Currency.all.map(\.code))
    func lookupAnyCase(code: String) throws {
        let expected = try #require(Currency(code: code))
        #expect(expected.code == code)
        #expect(Currency(code: code.lowercased()) == expected)
        let mixed = String(code.enumerated().map { $0.offset.isMultiple(of: 2) ? Character($0.element.lowercased()) : $0.element })
        #expect(Currency(code: mixed) == expected)
        #expect(try Currency.named(" \(code.lowercased())\n") == expected)
    }

    @Test("an unknown code is an error naming it", arguments: ["XYZ", "US", "USDD", "EURO", "", "123", "HRK"])
    func unknownCode(_ code: String) {
        #expect(Currency(code: code) == nil)
        #expect(throws: MoneyError.unknownCurrency(code)) { try Currency.named(code) }
        #expect(MoneyError.unknownCurrency(code).description.contains("'\(code)'"))
    }

    @Test("minor-unit exponents", arguments: [
        ("USD", 2, 100), ("EUR", 2, 100), ("JPY", 0, 1), ("ISK", 0, 1), ("KWD", 3, 1000),
        ("BHD", 3, 1000), ("CLF", 4, 10000), ("UYW", 4, 10000),
    ] as [(String, Int, Int64)])
    func exponents(code: String, exponent: Int, perMajor: Int64) {
        #expect(currency(code).minorUnitExponent == exponent)
        #expect(currency(code).minorUnitsPerMajor == perMajor)
    }

    @Test("display locales", arguments: [
        ("NOK", "nb_NO"), ("USD", "en_US"), ("KES", "en_KE"), ("JPY", "ja_JP"), ("GBP", "en_GB"),
    ])
    func displayLocales(code: String, locale: String) {
        #expect(currency(code).displayLocaleIdentifier == locale)
    }

    @Test("cash rounding units", arguments: [
        ("NOK", 100), ("CHF", 5), ("CAD", 5), ("USD", nil), ("EUR", nil), ("JPY", nil), ("GBP", nil),
        // Issue 13, item 20: CLDR 47's whole-unit cash rounding.
        ("AMD", 100), ("COP", 100), ("CRC", 100), ("GYD", 100), ("IDR", 100),
        ("MNT", 100), ("MUR", 100), ("PKR", 100), ("TZS", 100), ("UZS", 100),
    ] as [(String, Int64?)])
    func cashRounding(code: String, unit: Int64?) {
        #expect(currency(code).cashRoundingMinorUnits == unit)
    }

    @Test func allIsSortedWithUniqueWellFormedCodes() {
        let codes = Currency.all.map(\.code)
        #expect(!codes.isEmpty)
        #expect(zip(codes, codes.dropFirst()).allSatisfy { $0 < $1 }, "sorted, each code once")
        #expect(Set(codes).count == codes.count)
        for currency in Currency.all {
            #expect(currency.code.count == 3 && currency.code.allSatisfy { $0.isASCII && $0.isUppercase }, "\(currency.code)")
            #expect((0...4).contains(currency.minorUnitExponent), "\(currency.code)")
            #expect((1...999).contains(currency.numericCode), "\(currency.code)")
            #expect(!currency.name.isEmpty, "\(currency.code)")
            #expect(currency.displayLocaleIdentifier.contains("_"), "\(currency.code)")
            if let unit = currency.cashRoundingMinorUnits {
                #expect(unit > 1, "\(currency.code): a cash unit of \(unit) minor units")
            }
        }
    }

    @Test func shortcutsAndIdentity() {
        #expect([Currency.usd, .eur, .gbp, .nok, .jpy, .kes].map(\.code) == ["USD", "EUR", "GBP", "NOK", "JPY", "KES"])
        #expect(Currency.usd.description == "USD")
        #expect(Currency.usd.numericCode == 840)
        // Each shortcut is the table's entry, every fact of it.
        for shortcut in [Currency.usd, .eur, .gbp, .nok, .jpy, .kes] {
            let listed = Currency(code: shortcut.code)
            #expect(listed?.numericCode == shortcut.numericCode && listed?.numericCode != 0)
            #expect(listed?.minorUnitExponent == shortcut.minorUnitExponent && listed?.name == shortcut.name)
            #expect(listed?.cashRoundingMinorUnits == shortcut.cashRoundingMinorUnits)
        }
        #expect(Currency.jpy.minorUnitExponent == 0 && Currency.nok.cashRoundingMinorUnits == 100)
        #expect(Currency.eur < Currency.usd)
        // Equality and hashing go by code.
        let homemade = Currency(code: "USD", numericCode: 0, minorUnitExponent: 2, name: "x", displayLocaleIdentifier: "en_US")
        #expect(homemade == .usd)
        #expect(Set([homemade, .usd]).count == 1)
    }
}

// Issue 13, item 21: ISO codes without a minor unit are named as such, not as unknown.
@Test(arguments: ["XAU", "XXX", "XTS", "xdr"])
func aCodeWithoutAMinorUnitIsNotCalledUnknown(code: String) {
    #expect(throws: MoneyError.self) { try Currency.named(code) }
    let message = MoneyError.unknownCurrency(code).description
    #expect(message.contains("without a minor unit"))
    #expect(!message.contains("not an ISO 4217 code"))
}

/// ISO 4217 as of 2026-01-01 (issue 13, item 19): BGN, ANG and CUC are withdrawn (list
/// three), readable for stored amounts but refused for new ones.
@Suite struct WithdrawnCurrencyTests {
    struct Withdrawn: Sendable, CustomTestStringConvertible {
        let code: String
        let message: String
        var testDescription: String { code }
    }

    static let withdrawn: [Withdrawn] = [
        Withdrawn(code: "BGN", message: "currency 'BGN' was withdrawn on 2026-01-01; it was replaced by EUR"),
        Withdrawn(code: "ANG", message: "currency 'ANG' was withdrawn on 2025-03-31; it was replaced by XCG"),
        Withdrawn(code: "CUC", message: "currency 'CUC' was withdrawn in 2021-06; it was replaced by CUP"),
    ]

    @Test("a withdrawn code is refused for new amounts, saying when and what replaced it", arguments: withdrawn)
    func refusedForNewAmounts(_ entry: Withdrawn) throws {
        let error = try #require(throws: MoneyError.self) { try Currency.named(entry.code.lowercased()) }
        #expect(error.description == entry.message)
        #expect(!Currency.all.map(\.code).contains(entry.code))
    }

    @Test("a withdrawn code still reads, for amounts already stored in it", arguments: withdrawn)
    func readableForStores(_ entry: Withdrawn) throws {
        let currency = try #require(Currency(code: entry.code))
        #expect(!currency.isCurrent)
        #expect(currency.minorUnitExponent == 2)
        #expect(try Money.parse("12.34", currency: currency).minorUnits == 1234)
        let replacement = try #require(currency.withdrawal?.replacement)
        #expect(try Currency.named(replacement).isCurrent)
    }

    @Test("numeric codes are unique among current codes (ANG and XCG share 532, one of them withdrawn)")
    func numericCodesUniqueAmongCurrent() {
        var seen: [Int: String] = [:]
        for currency in Currency.all {
            #expect(seen[currency.numericCode] == nil, "\(currency.code) and \(seen[currency.numericCode] ?? "") share \(currency.numericCode)")
            seen[currency.numericCode] = currency.code
            #expect(currency.isCurrent)
            #expect((1...999).contains(currency.numericCode))
        }
        #expect(seen[532] == "XCG")
        #expect(seen[975] == nil)
    }

    @Test("the withdrawn codes are the ones list three holds, each with a date")
    func withdrawnList() {
        #expect(Currency.withdrawn.map(\.code) == ["ANG", "BGN", "CUC"])
        for currency in Currency.withdrawn {
            let date = currency.withdrawal?.date ?? ""
            #expect(date.count == 7 || date.count == 10)
        }
    }

    @Test("a locale's region gives a current currency: BG EUR, CW and SX XCG, CU CUP")
    func regionsGiveCurrentCodes() {
        #expect(Currency.forRegion("BG")?.code == "EUR")
        #expect(Currency.forRegion("CW")?.code == "XCG")
        #expect(Currency.forRegion("sx")?.code == "XCG")
        #expect(Currency.forRegion("CU")?.code == "CUP")
    }
}
