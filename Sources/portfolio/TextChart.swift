// Charts for a terminal: a column chart of a step series drawn with block characters
// (eighths of a cell, so small changes show), or plain ASCII with --ascii; and the
// one-line sparklines of the dashboard. Braille is avoided: it breaks in many fonts.

import MoneyKit
import MoneyKitCLI
import MoneyKitFormatting

struct TextChart {
    let width: Int
    let height: Int
    let ascii: Bool
    let styler: Styler

    static let eighths: [Character] = [" ", "▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
    static let sparks: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    /// The chart of `points` between `from` and `to`, with value labels on the left and
    /// dates below. Empty columns are before the series starts. Total for any Int64
    /// values and instants: spans are worked out in Double or full width, never wrapped.
    func render(_ points: [SeriesPoint], from: Int64, to: Int64, currency: Currency) -> [String] {
        let labelWidth = 9
        // At most 1,000 columns (chart --width's limit), whatever COLUMNS claims.
        let columns = max(10, min(width, 1_000) - labelWidth - 2)
        let samples: [Int64?] = (0..<columns).map { column in
            points.value(at: Instant.interpolate(from: from, to: to, step: column, of: columns - 1))
        }
        let present = samples.compactMap { $0 }
        guard let top = present.max(), let bottom = present.min() else {
            return ["(no values in this range)"]
        }
        // The axis starts at 0 unless every value is far from it (then the range is what
        // shows); a flat series is drawn from 0 so that it shows as full bars.
        let low = Double(top == bottom ? min(0, bottom) : (bottom >= 0 && bottom < top / 2 ? 0 : bottom))
        let high = Double(top) == low ? low + 1 : Double(top)
        let rows = max(3, height)
        var lines: [String] = []
        for row in stride(from: rows - 1, through: 0, by: -1) {
            var line = ""
            for sample in samples {
                guard let sample else { line.append(" "); continue }
                // Eighths of a row filled at this height.
                let scaled = Self.position(Double(sample), low: low, high: high) * Double(rows * 8)
                let filled = Int(scaled.rounded()) - row * 8
                if ascii {
                    line.append(filled >= 8 ? "#" : filled >= 4 ? "." : " ")
                } else {
                    line.append(Self.eighths[min(8, max(0, filled))])
                }
            }
            let label: String
            switch row {
            case rows - 1: label = Self.compact(high, currency: currency, ascii: ascii)
            case 0: label = Self.compact(low, currency: currency, ascii: ascii)
            case rows / 2: label = Self.compact(low + (high - low) / 2, currency: currency, ascii: ascii)
            default: label = ""
            }
            let axis = ascii ? "|" : "│"
            lines.append(DisplayWidth.pad(label, to: labelWidth, alignRight: true) + " " + axis + styler.color(line, .blue))
        }
        let corner = ascii ? "+" : "└"
        let rule = ascii ? "-" : "─"
        lines.append(String(repeating: " ", count: labelWidth + 1) + corner + String(repeating: rule, count: columns))
        // Dates at the start, middle and end.
        let first = Instant.date(from), middle = Instant.date(Instant.interpolate(from: from, to: to, step: 1, of: 2))
        let last = Instant.date(max(from, to))
        var dates = first
        let middleColumn = columns / 2 - middle.count / 2
        if middleColumn > dates.count + 1 { dates += String(repeating: " ", count: middleColumn - dates.count) + middle }
        let lastColumn = columns - last.count
        if lastColumn > dates.count + 1 { dates += String(repeating: " ", count: lastColumn - dates.count) + last }
        lines.append(String(repeating: " ", count: labelWidth + 2) + dates)
        return lines
    }

    /// A sparkline of `values` (nil: no value yet), one character each.
    static func sparkline(_ values: [Int64?], ascii: Bool) -> String {
        let present = values.compactMap { $0 }
        guard let top = present.max(), let bottom = present.min() else { return String(repeating: " ", count: values.count) }
        let marks: [Character] = ascii ? ["_", ".", "-", "~", "^"] : sparks
        let flat: Character = ascii ? "-" : sparks[3]
        return String(values.map { value -> Character in
            guard let value else { return " " }
            guard top != bottom else { return flat }
            let fraction = position(Double(value), low: Double(bottom), high: Double(top))
            return marks[Int(fraction * Double(marks.count - 1))]
        })
    }

    /// Where `value` lies from `low` (0) to `high` (1). In Double, so no span of Int64
    /// values overflows; clamped and finite, so it always indexes safely (0 when the
    /// range is empty, or too narrow for Double to tell its ends apart).
    static func position(_ value: Double, low: Double, high: Double) -> Double {
        let range = high - low
        guard range > 0, range.isFinite else { return 0 }
        let fraction = (value - low) / range
        guard fraction.isFinite else { return 0 }
        return min(1, max(0, fraction))
    }

    /// Axis labels: "£950", "£12k", "£1.2M" (the app's large-value style), up to "£92234T".
    static func compact(_ minorUnits: Double, currency: Currency, ascii: Bool = false) -> String {
        // ASCII output names the currency by code: "GBP 1.2k".
        let symbol = ascii ? currency.code + " " : CurrencyFormatterCache.shared.symbol(for: currency)
        let major = minorUnits / Double(currency.minorUnitsPerMajor)
        let sign = major < 0 ? "-" : ""
        let size = abs(major)
        func trimmed(_ value: Double) -> String {
            let text = value >= 10 ? String(Int(value.rounded())) : String(Double(Int((value * 10).rounded())) / 10)
            return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
        }
        let body: String
        switch size {
        case 1_000_000_000_000...: body = trimmed(size / 1_000_000_000_000) + "T"
        case 1_000_000_000...: body = trimmed(size / 1_000_000_000) + "B"
        case 1_000_000...: body = trimmed(size / 1_000_000) + "M"
        case 1_000...: body = trimmed(size / 1_000) + "k"
        default: body = String(Int(size.rounded()))
        }
        return sign + symbol + body
    }
}
