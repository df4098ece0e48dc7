// Axis labels for the charts, compact as the app writes them: "£950", "£12k", "£1.2M",
// "£3B", "£4T". The symbol and its place come from the currency's own formatting (what
// the reports print: "£1,234.56", "1 234,56 kr"), so a label reads like the amounts
// beside it; --ascii names the currency by code instead ("GBP 1.2k").
//
// Precision is raised until every label says its tick's value (a round number: to within
// a tenth of the step), so adjacent labels always differ: £12k, £12k, £12k becomes
// £11.8k, £12.0k, £12.2k. Labels of one size (k, M, …) share their number of decimals.

import MoneyKit
import MoneyKitFormatting

struct ChartLabels {
    /// How the currency's amounts are written around the number.
    struct Style {
        let prefix: String
        let suffix: String
        let decimalSeparator: String

        /// The affixes of `currency` as the reports format it, learnt from a formatted
        /// sample (digits and separators in the middle; invisible format marks dropped).
        init(currency: Currency, ascii: Bool) {
            guard !ascii else {
                prefix = currency.code + " "
                suffix = ""
                decimalSeparator = "."
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
                return
            }
            prefix = Self.visible(text[..<first])
            suffix = Self.visible(text[(last + 1)...])
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

    private static let units: [(threshold: Double, letter: String)] = [
        (1e12, "T"), (1e9, "B"), (1e6, "M"), (1e3, "k"),
    ]

    /// One label per tick of `scale`, bottom to top.
    static func labels(for scale: ChartScale, currency: Currency, ascii: Bool) -> [String] {
        let style = Style(currency: currency, ascii: ascii)
        let perMajor = Double(currency.minorUnitsPerMajor)
        let tolerance = scale.step / 10
        // Each tick in major units and its size's letter and divisor.
        let parts = scale.ticks.map { tick -> (major: Double, letter: String, divisor: Double) in
            let major = tick / perMajor
            for unit in units where abs(major) >= unit.threshold { return (major, unit.letter, unit.threshold) }
            return (major, "", 1)
        }
        // The fewest decimals per size that say every tick of that size exactly.
        var decimals: [String: Int] = [:]
        for part in parts {
            var places = 0
            while places < 12 {
                let shown = rounded(part.major / part.divisor, places: places) * part.divisor * perMajor
                if abs(shown - part.major * perMajor) <= tolerance { break }
                places += 1
            }
            // Below a thousand, amounts with a fraction show the currency's decimals.
            if part.letter.isEmpty && places > 0 { places = max(places, currency.minorUnitExponent) }
            decimals[part.letter] = max(decimals[part.letter] ?? 0, places)
        }
        return parts.map { part in
            if part.major == 0 { return style.prefix + "0" + style.suffix }
            let body = number(abs(part.major) / part.divisor, places: decimals[part.letter] ?? 0, separator: style.decimalSeparator)
            return (part.major < 0 ? "-" : "") + style.prefix + body + part.letter + style.suffix
        }
    }

    private static func rounded(_ value: Double, places: Int) -> Double {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        return (value * scale).rounded() / scale
    }

    /// `value` (not negative) with `places` decimals: "12", "1.25". Digits beyond what an
    /// Int64 holds (a value of 10^19 and more) are written whole, never trapped on.
    static func number(_ value: Double, places: Int, separator: String) -> String {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let scaled = (value * scale).rounded()
        guard scaled.isFinite, scaled < 9.0e18 else {
            return value.isFinite && value < 9.0e18 ? String(Int64(value.rounded())) : "∞"
        }
        let whole = Int64(scaled)
        guard places > 0 else { return String(whole) }
        let divisor = Int64(scale)
        var fraction = String(whole % divisor)
        while fraction.count < places { fraction = "0" + fraction }
        return String(whole / divisor) + separator + fraction
    }
}
