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
    /// dates below. Empty columns are before the series starts.
    func render(_ points: [SeriesPoint], from: Int64, to: Int64, currency: Currency) -> [String] {
        let labelWidth = 9
        let columns = max(10, width - labelWidth - 2)
        let span = max(1, to - from)
        let samples: [Int64?] = (0..<columns).map { column in
            points.value(at: from + span * Int64(column) / Int64(max(1, columns - 1)))
        }
        let present = samples.compactMap { $0 }
        guard let top = present.max(), let bottom = present.min() else {
            return ["(no values in this range)"]
        }
        // The axis starts at 0 unless every value is far from it (then the range is what
        // shows); a flat series is drawn from 0 so that it shows as full bars.
        let low = top == bottom ? min(0, bottom) : (bottom >= 0 && bottom < top / 2 ? 0 : bottom)
        let high = top == low ? low + 1 : top
        let rows = max(3, height)
        var lines: [String] = []
        for row in stride(from: rows - 1, through: 0, by: -1) {
            var line = ""
            for sample in samples {
                guard let sample else { line.append(" "); continue }
                // Eighths of a row filled at this height.
                let scaled = Double(sample - low) / Double(high - low) * Double(rows * 8)
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
        let first = Instant.date(from), middle = Instant.date(from + span / 2), last = Instant.date(to)
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
        if ascii {
            let marks: [Character] = ["_", ".", "-", "~", "^"]
            return String(values.map { value -> Character in
                guard let value else { return " " }
                return top == bottom ? "-" : marks[Int(Double(value - bottom) / Double(top - bottom) * 4)]
            })
        }
        return String(values.map { value -> Character in
            guard let value else { return " " }
            return top == bottom ? sparks[3] : sparks[Int(Double(value - bottom) / Double(top - bottom) * 7)]
        })
    }

    /// Axis labels: "£950", "£12k", "£1.2M" (the app's large-value style).
    static func compact(_ minorUnits: Int64, currency: Currency, ascii: Bool = false) -> String {
        // ASCII output names the currency by code: "GBP 1.2k".
        let symbol = ascii ? currency.code + " " : CurrencyFormatterCache.shared.symbol(for: currency)
        let major = Double(minorUnits) / Double(currency.minorUnitsPerMajor)
        let sign = major < 0 ? "-" : ""
        let size = abs(major)
        func trimmed(_ value: Double) -> String {
            let text = value >= 10 ? String(Int(value.rounded())) : String(Double(Int((value * 10).rounded())) / 10)
            return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
        }
        let body: String
        switch size {
        case 1_000_000_000...: body = trimmed(size / 1_000_000_000) + "B"
        case 1_000_000...: body = trimmed(size / 1_000_000) + "M"
        case 1_000...: body = trimmed(size / 1_000) + "k"
        default: body = String(Int(size.rounded()))
        }
        return sign + symbol + body
    }
}
