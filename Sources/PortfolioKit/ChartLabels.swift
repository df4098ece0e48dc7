// Axis labels for the charts, compact as the app writes them: "£950", "£12k", "£1.2M",
// "£3B", "£4T". The symbol and its place come from the currency's own formatting (what
// the reports print: "£1,234.56", "1 234,56 kr"), so a label reads like the amounts
// beside it; --ascii names the currency by code instead ("GBP 1.2k").
//
// Precision is raised until every label says its tick's value exactly (ticks are round
// numbers, worked out in whole minor units), so adjacent labels always differ: £12k, £12k,
// £12k becomes £12.00k, £12.10k, £12.25k. Labels of one size (k, M, …) share their number
// of decimals; a size that would need three or more gives way to the next smaller one
// (¥1,001, not ¥1.001k).

import MoneyKit
import MoneyKitFormatting

/// Compact axis labels ("£950", "£12k", "£1.2M") for a ChartScale's ticks.
public enum ChartLabels {
    /// How the currency's amounts are written around the number.
    public struct Style {
        /// What comes before the number ("£", or "GBP " in ASCII).
        public let prefix: String
        /// What comes after the number (" kr").
        public let suffix: String
        /// The separator of the decimals ("." or ",").
        public let decimalSeparator: String
        /// The separator of thousands (",", a space, or none).
        public let groupingSeparator: String

        /// The affixes of `currency` as the reports format it, learnt from a formatted
        /// sample (digits and separators in the middle; invisible format marks dropped).
        public init(currency: Currency, ascii: Bool) {
            guard !ascii else {
                prefix = currency.code + " "
                suffix = ""
                decimalSeparator = "."
                groupingSeparator = ","
                return
            }
            let exponent = currency.minorUnitExponent
            // 1234 major units and, where the currency has them, 56… minor units.
            var minor: Int64 = 1_234
            for _ in 0..<exponent { minor = minor * 10 + 5 }
            let text = Array(Money(minorUnits: minor, currency: currency).formatted())
            let digits = text.indices.filter { text[$0].isASCII && text[$0].isNumber }
            guard let first = digits.first, let last = digits.last else {
                prefix = CurrencyFormatterCache.shared.symbol(for: currency)
                suffix = ""
                decimalSeparator = "."
                groupingSeparator = ","
                return
            }
            prefix = Self.visible(text[..<first])
            suffix = Self.visible(text[(last + 1)...])
            // The grouping separator: what stands between "1" and "234" (none in some locales).
            groupingSeparator = digits.count > 1 ? String(text[(first + 1)..<digits[1]]) : ""
            // The separator: what stands before the last `exponent` digits.
            if exponent > 0, digits.count > exponent {
                let fractionStart = digits[digits.count - exponent]
                let integerEnd = digits[digits.count - exponent - 1]
                let separator = Self.visible(text[(integerEnd + 1)..<fractionStart])
                decimalSeparator = separator.isEmpty ? "." : separator
            } else {
                decimalSeparator = "."
            }
        }

        private static func visible(_ characters: ArraySlice<Character>) -> String {
            String(String(characters).unicodeScalars.filter { $0.properties.generalCategory != .format })
        }
    }

    /// The sizes a label may use, largest first: the letter and its size in major units.
    private static let units: [(letter: String, digits: Int)] = [("T", 12), ("B", 9), ("M", 6), ("k", 3), ("", 0)]

    /// One label per tick of `scale`, bottom to top.
    public static func labels(for scale: ChartScale, currency: Currency, ascii: Bool) -> [String] {
        let style = Style(currency: currency, ascii: ascii)
        let exponent = currency.minorUnitExponent
        let ticks = scale.exactTicks.map { (negative: $0.negative, minor: $0.magnitude) }
        // Each tick's size: the largest that it reaches.
        var unitOf = ticks.map { tick in
            units.firstIndex { tick.minor >= power(of: $0.digits + exponent) } ?? units.count - 1
        }
        // The decimals each size needs to say all its ticks exactly; a size needing three
        // or more gives way to the next smaller one (£1,001, not £1.001k).
        var decimals: [Int] = []
        while true {
            decimals = Array(repeating: 0, count: units.count)
            for (tick, unit) in zip(ticks, unitOf) {
                decimals[unit] = max(decimals[unit], places(tick.minor, digits: units[unit].digits + exponent))
            }
            guard let crowded = decimals.indices.first(where: { $0 < units.count - 1 && decimals[$0] >= 3 }) else { break }
            unitOf = unitOf.map { $0 == crowded ? $0 + 1 : $0 }
        }
        // Whole amounts without decimals; amounts with a fraction show all of the
        // currency's decimals (£0.50, not £0.5).
        if decimals[units.count - 1] > 0 { decimals[units.count - 1] = exponent }
        return zip(ticks, unitOf).map { tick, unit in
            if tick.minor == 0 { return style.prefix + "0" + style.suffix }
            let body = number(tick.minor, digits: units[unit].digits + exponent, places: decimals[unit], style: style)
            return (tick.negative ? "-" : "") + style.prefix + body + units[unit].letter + style.suffix
        }
    }

    /// 10^digits (digits at most 19).
    private static func power(of digits: Int) -> UInt64 {
        var result: UInt64 = 1
        for _ in 0..<min(digits, 19) { result *= 10 }
        return result
    }

    /// How many decimals `minor` needs when divided by 10^digits.
    private static func places(_ minor: UInt64, digits: Int) -> Int {
        var remainder = minor % power(of: digits), needed = digits
        guard remainder != 0 else { return 0 }
        while remainder % 10 == 0 { remainder /= 10; needed -= 1 }
        return needed
    }

    /// `minor` divided by 10^digits with `places` decimals (dropping only zeros, or
    /// digits beyond places), the whole part grouped: "12", "1,234.5".
    public static func number(_ minor: UInt64, digits: Int, places: Int, style: Style) -> String {
        let divisor = power(of: digits)
        var whole = String(minor / divisor)
        var grouped = ""
        while whole.count > 3 {
            grouped = style.groupingSeparator + String(whole.suffix(3)) + grouped
            whole.removeLast(3)
        }
        grouped = whole + grouped
        guard places > 0, digits > 0 else { return grouped }
        var fraction = String(minor % divisor)
        while fraction.count < digits { fraction = "0" + fraction }
        return grouped + style.decimalSeparator + String(fraction.prefix(places))
    }
}
