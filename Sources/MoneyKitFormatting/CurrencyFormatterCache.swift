// Currency formatting for people, through Foundation's ICU-backed currency format style.
// This target is separate from MoneyKit so that a tool that never shows money to
// people (tally) does not link ICU: a static binary with it is ~52 MB, without ~14 MB.

// FoundationInternationalization, not the whole of Foundation, and imported internally:
// a statically linked tool that sees Foundation's String extensions (contains,
// replacingOccurrences) links NSString and CoreFoundation with them. With this, NSLock
// and NumberFormatter gone, the stripped billsplit went from 58.6 MB to 53.2 MB.
#if canImport(FoundationInternationalization)
internal import FoundationEssentials
internal import FoundationInternationalization
#else
internal import Foundation
#endif
import MoneyKit
import MoneyKitPlatform

/// One currency format per (currency, locale), made once and reused. Safe from any
/// thread: the formats and the tables are guarded by a lock.
///
/// `Decimal.FormatStyle.Currency` is used rather than NumberFormatter because on Linux
/// NumberFormatter goes through Double and loses digits beyond about 15 significant ones
/// ($92,233,720,368,547,758.07 came out as …760.00); the format style is exact. Each
/// format learns its layouts from ICU (see `LearnedCurrencyFormat`), so that a batch of
/// a million amounts does not make a million ICU calls; the output is ICU's, byte for byte.
public final class CurrencyFormatterCache: @unchecked Sendable {
    /// The cache the tools share, so each format is made once per process.
    public static let shared = CurrencyFormatterCache()

    private let lock = PlainLock()
    private var formats: [Key: LearnedCurrencyFormat] = [:]
    private var symbols: [Key: String] = [:]
    /// The format of the last request, as asked (currency code, locale or nil): a tool
    /// formats most of its amounts in one currency and locale, and comparing two short
    /// strings is cheaper than building and hashing a key.
    private var lastRequest: (code: String, localeIdentifier: String?, format: LearnedCurrencyFormat)?

    private struct Key: Hashable {
        let currencyCode: String
        let localeIdentifier: String
    }

    /// How many amounts each format writes through ICU before it learns its layouts.
    private let amountsBeforeLearning: Int

    /// An empty cache of its own (tests; most callers want `shared`).
    public init() {
        amountsBeforeLearning = LearnedCurrencyFormat.amountsBeforeLearning
    }

    /// An empty cache whose formats learn their layouts after `amountsBeforeLearning`
    /// amounts (0: from the first, as the tests of the learning want).
    package init(amountsBeforeLearning: Int) {
        self.amountsBeforeLearning = amountsBeforeLearning
    }

    /// `money` as people of `localeIdentifier` write it: `$1,234.56` (en_US),
    /// `1 234,56 kr` (nb_NO), `1.234,56 €` (de_DE), `¥1,235` (ja_JP). Without a locale,
    /// the currency's own display locale. Always the currency's ISO 4217 decimals.
    public func string(for money: Money, localeIdentifier: String? = nil) -> String {
        lock.withLock { format(for: money.currency, localeIdentifier: localeIdentifier).string(money.minorUnits) }
    }

    /// What `string(for:localeIdentifier:)` gives, asked of ICU directly each time, with
    /// a format made for the call: the reference the learnt layouts are tested against.
    package func icuString(for money: Money, localeIdentifier: String? = nil) -> String {
        let key = Self.key(money.currency, localeIdentifier)
        return LearnedCurrencyFormat(style: Self.style(for: key, exponent: money.currency.minorUnitExponent), exponent: money.currency.minorUnitExponent)
            .icuString(money.minorUnits)
    }

    /// The cached format; call under the lock.
    private func format(for currency: Currency, localeIdentifier: String?) -> LearnedCurrencyFormat {
        if let last = lastRequest, last.code == currency.code, last.localeIdentifier == localeIdentifier {
            return last.format
        }
        let key = Self.key(currency, localeIdentifier)
        let format = formats[key] ?? LearnedCurrencyFormat(
            style: Self.style(for: key, exponent: currency.minorUnitExponent), exponent: currency.minorUnitExponent,
            amountsBeforeLearning: amountsBeforeLearning)
        formats[key] = format
        lastRequest = (currency.code, localeIdentifier, format)
        return format
    }

    private static func key(_ currency: Currency, _ localeIdentifier: String?) -> Key {
        Key(currencyCode: currency.code, localeIdentifier: localeIdentifier ?? latinDigits(currency.displayLocaleIdentifier))
    }

    /// The symbol people of the locale use for the currency: `$`, `kr`, `€`, `Ksh`.
    public func symbol(for currency: Currency, localeIdentifier: String? = nil) -> String {
        let key = Key(currencyCode: currency.code, localeIdentifier: localeIdentifier ?? currency.displayLocaleIdentifier)
        return lock.withLock {
            if let known = symbols[key] { return known }
            // The locale with the currency set as its own: ICU's symbol for it there.
            // Not NumberFormatter, which gives the same answers (checked for 14 pairs)
            // but, linked statically, brings CoreFoundation's formatters along.
            let separator = key.localeIdentifier.contains("@") ? ";" : "@"
            let locale = Locale(identifier: key.localeIdentifier + separator + "currency=" + key.currencyCode)
            let symbol = locale.currencySymbol ?? currency.code
            symbols[key] = symbol
            return symbol
        }
    }

    /// The currency's own locale, but with Latin digits: nobody asked for that locale,
    /// so a BHD amount in an English or C locale must not come out in Arabic-Indic
    /// digits. A locale the user gives keeps its own digits.
    static func latinDigits(_ identifier: String) -> String {
        identifier + (identifier.contains("@") ? ";" : "@") + "numbers=latn"
    }

    /// ISO 4217 decides the decimals, not the locale's habits: an exact amount shows all
    /// its minor units.
    private static func style(for key: Key, exponent: Int) -> Decimal.FormatStyle.Currency {
        Decimal.FormatStyle.Currency(code: key.currencyCode, locale: Locale(identifier: key.localeIdentifier))
            .precision(.fractionLength(exponent))
    }
}

extension Money {
    /// This amount for people, in `localeIdentifier` or the currency's display locale.
    public func formatted(localeIdentifier: String? = nil) -> String {
        CurrencyFormatterCache.shared.string(for: self, localeIdentifier: localeIdentifier)
    }
}
