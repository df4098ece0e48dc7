// The learnt currency layouts (LearnedCurrencyFormat) write exactly what ICU writes: the
// cached path against ICU asked afresh for every amount, over thousands of seeded random
// amounts of every length and sign, in currencies with 0, 2, 3 and 4 decimals and in
// locales with other grouping (Indian, Spanish minimum grouping, Swiss), other digits
// (Arabic-Indic, Persian, Bengali, Chinese), bidi marks, and signs before or after the
// symbol.

import MoneyKit
@testable import MoneyKitFormatting
import Testing

@Suite struct LearnedCurrencyFormatTests {
    static let currencyCodes = ["JPY", "USD", "EUR", "NOK", "INR", "KWD", "BHD", "CLF"]
    /// nil: the currency's own display locale (with Latin digits).
    static let localeIdentifiers: [String?] = [
        nil, "en_US", "nb_NO", "de_DE", "de_CH", "fr_FR", "es_ES", "hi_IN", "en_IN", "ar_EG", "fa_IR", "he_IL",
        "bn_BD", "ja_JP", "pt_PT", "nl_NL", "zh_CN@numbers=hanidec", "sv_SE",
    ]

    /// An amount of random length (1 to 19 digits) and sign, and the extremes.
    static func amounts(count: Int, seed: UInt64) -> [Int64] {
        var random = SeededRandom(seed: seed)
        var amounts: [Int64] = [0, 1, -1, 9, -10, 999, 1000, -1000, 99_999, 100_000, .max, .min, .max - 1, .min + 1]
        while amounts.count < count {
            let digits = Int(random.next() % 19) + 1
            var magnitude: Int64 = 0
            for position in 0..<digits {
                // No leading zero, so the length is what was drawn; 19 digits stay below Int64.max.
                let digit = Int64(random.next() % 10)
                let capped = position == 0 ? max(1, digits == 19 ? min(digit, 8) : digit) : digit
                magnitude = magnitude * 10 + capped
            }
            amounts.append(random.next() % 2 == 0 ? magnitude : -magnitude)
        }
        return amounts
    }

    @Test(arguments: currencyCodes)
    func theCachedPathWritesWhatICUWrites(_ code: String) throws {
        let currency = try #require(Currency(code: code))
        let amounts = Self.amounts(count: 300, seed: UInt64(currency.numericCode))
        for localeIdentifier in Self.localeIdentifiers {
            // A fresh cache per locale, so the layouts are learnt from these amounts in this order.
            let cache = CurrencyFormatterCache(amountsBeforeLearning: 0)
            var mismatches: [String] = []
            for minorUnits in amounts {
                let money = Money(minorUnits: minorUnits, currency: currency)
                let cached = cache.string(for: money, localeIdentifier: localeIdentifier)
                let fresh = cache.icuString(for: money, localeIdentifier: localeIdentifier)
                if cached != fresh { mismatches.append("\(minorUnits): \(cached.debugDescription) ≠ ICU \(fresh.debugDescription)") }
            }
            #expect(mismatches.isEmpty, "\(code) in \(localeIdentifier ?? "its own locale"): \(mismatches.prefix(5))")
        }
    }

    @Test func switchingBetweenCurrenciesAndLocalesKeepsEachFormat() throws {
        // The last-request shortcut must never hand one currency's format to another.
        let cache = CurrencyFormatterCache(amountsBeforeLearning: 0)
        let currencies = try Self.currencyCodes.map { try #require(Currency(code: $0)) }
        var random = SeededRandom(seed: 16)
        for minorUnits in Self.amounts(count: 2000, seed: 5) {
            let currency = currencies[Int(random.next() % UInt64(currencies.count))]
            let localeIdentifier = Self.localeIdentifiers[Int(random.next() % UInt64(Self.localeIdentifiers.count))]
            let money = Money(minorUnits: minorUnits, currency: currency)
            let cached = cache.string(for: money, localeIdentifier: localeIdentifier)
            let fresh = cache.icuString(for: money, localeIdentifier: localeIdentifier)
            #expect(cached == fresh, "\(currency.code) \(minorUnits) in \(localeIdentifier ?? "its own locale")")
        }
    }

    @Test func theFirstAmountsGoToICUAndTheRestToTheLearntLayouts() throws {
        // Whether learning starts at once or after the first amounts, every amount is ICU's.
        for before in [0, 1, LearnedCurrencyFormat.amountsBeforeLearning, 1000] {
            let cache = CurrencyFormatterCache(amountsBeforeLearning: before)
            for minorUnits in Self.amounts(count: 200, seed: UInt64(before) + 7) {
                let money = Money(minorUnits: minorUnits, currency: .eur)
                #expect(cache.string(for: money, localeIdentifier: "de_DE") == cache.icuString(for: money, localeIdentifier: "de_DE"),
                        "\(minorUnits) after \(before) direct amounts")
            }
        }
    }

    @Test func digitsOfOtherScriptsAreKept() throws {
        let money = Money(minorUnits: 123_456_789, currency: .usd)
        let arabic = money.formatted(localeIdentifier: "ar_EG")
        #expect(arabic.unicodeScalars.contains { (0x0660...0x0669).contains($0.value) }, "\(arabic)")
        #expect(arabic == CurrencyFormatterCache().icuString(for: money, localeIdentifier: "ar_EG"))
        let indian = money.formatted(localeIdentifier: "en_IN")
        #expect(indian == "$12,34,567.89")
    }
}

/// SplitMix64: seeded, so a failing amount can be replayed.
struct SeededRandom: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
