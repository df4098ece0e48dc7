// Currency formatting for people, through Foundation's ICU-backed currency format style.
// This target is separate from MoneyKit so that a tool that never shows money to
// people (tally) does not link ICU: a static binary with it is ~52 MB, without ~14 MB.

import Foundation
import MoneyKit

/// One currency format per (currency, locale), made once and reused. Safe from any
/// thread: the formats are values (Sendable) and the table is guarded by a lock.
///
/// `Decimal.FormatStyle.Currency` is used rather than NumberFormatter because on Linux
/// NumberFormatter goes through Double and loses digits beyond about 15 significant ones
/// ($92,233,720,368,547,758.07 came out as …760.00); the format style is exact.
public final class CurrencyFormatterCache: @unchecked Sendable {
    public static let shared = CurrencyFormatterCache()

    private let lock = NSLock()
    private var styles: [Key: Decimal.FormatStyle.Currency] = [:]
    private var symbols: [Key: String] = [:]

    private struct Key: Hashable {
        let currencyCode: String
        let localeIdentifier: String
    }

    public init() {}

    /// `money` as people of `localeIdentifier` write it: `$1,234.56` (en_US),
    /// `1 234,56 kr` (nb_NO), `1.234,56 €` (de_DE), `¥1,235` (ja_JP). Without a locale,
    /// the currency's own display locale. Always the currency's ISO 4217 decimals.
    public func string(for money: Money, localeIdentifier: String? = nil) -> String {
        let key = Key(
            currencyCode: money.currency.code,
            localeIdentifier: localeIdentifier ?? money.currency.displayLocaleIdentifier)
        return style(for: key, exponent: money.currency.minorUnitExponent).format(money.decimalValue)
    }

    /// The symbol people of the locale use for the currency: `$`, `kr`, `€`, `Ksh`.
    public func symbol(for currency: Currency, localeIdentifier: String? = nil) -> String {
        let key = Key(currencyCode: currency.code, localeIdentifier: localeIdentifier ?? currency.displayLocaleIdentifier)
        lock.lock()
        defer { lock.unlock() }
        if let known = symbols[key] { return known }
        let formatter = NumberFormatter()
        formatter.locale = Locale(identifier: key.localeIdentifier)
        formatter.numberStyle = .currency
        formatter.currencyCode = key.currencyCode
        let symbol = formatter.currencySymbol ?? currency.code
        symbols[key] = symbol
        return symbol
    }

    private func style(for key: Key, exponent: Int) -> Decimal.FormatStyle.Currency {
        lock.lock()
        defer { lock.unlock() }
        if let known = styles[key] { return known }
        // ISO 4217 decides the decimals, not the locale's habits: an exact amount shows
        // all its minor units.
        let style = Decimal.FormatStyle.Currency(code: key.currencyCode, locale: Locale(identifier: key.localeIdentifier))
            .precision(.fractionLength(exponent))
        styles[key] = style
        return style
    }
}

extension Money {
    /// This amount for people, in `localeIdentifier` or the currency's display locale.
    public func formatted(localeIdentifier: String? = nil) -> String {
        CurrencyFormatterCache.shared.string(for: self, localeIdentifier: localeIdentifier)
    }
}
