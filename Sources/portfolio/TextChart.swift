// Charts for a terminal: a column chart of a step series drawn with block characters
// (eighths of a cell, so small changes show), or plain ASCII with --ascii; and the
// one-line sparklines of the dashboard. Braille is avoided: it breaks in many fonts.

import MoneyKit
import MoneyKitPlatform
import MoneyKitCLI
import MoneyKitFormatting
import PortfolioKit

struct TextChart {
    let width: Int
    let height: Int
    let ascii: Bool
    let styler: Styler

    static let eighths: [Character] = [" ", "▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
    static let sparks: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    /// The chart of `points` between `from` and `to`, with value labels on the left and
    /// dates below. Empty columns are before the series starts. Each column shows the
    /// value in force at its instant, except that a column in whose time the series
    /// reaches its highest (else lowest) value and leaves it again shows that value: the
    /// highest and lowest values are never lost between columns. Every value draws at least one mark, the lowest too. The value axis is
    /// ChartScale's, shared with the SVG chart. Total for any Int64 values and instants:
    /// spans are worked out in Double or full width, never wrapped.
    func render(_ points: [SeriesPoint], from: Int64, to: Int64, currency: Currency) -> [String] {
        // The values drawn: the one in force at `from` and every change after it up to `to`.
        let start = points.value(at: from)
        let firstAfter = points.firstIndex(after: from)
        let shown = (start.map { [$0] } ?? []) + points[firstAfter..<points.firstIndex(after: to)].map(\.value)
        guard let scale = ChartScale(values: shown, currency: currency),
              let top = shown.max(), let bottom = shown.min() else {
            return ["(no values in this range)"]
        }
        let rows = max(3, height)
        let labels = ChartLabels.labels(for: scale, currency: currency, ascii: ascii)
        // A tick's row: 0 at the bottom, rows - 1 at the top.
        func tickRow(_ index: Int) -> Double { scale.position(scale.ticks[index]) * Double(rows - 1) }
        var rowLabels: [Int: String] = [:]
        for index in scale.labelledTicks(minimumGap: 2, coordinate: tickRow) {
            rowLabels[Int(tickRow(index).rounded())] = labels[index]
        }
        let labelWidth = max(1, rowLabels.values.map(DisplayWidth.of).max() ?? 1)
        // At most 1,000 columns (chart --width's limit), whatever COLUMNS claims.
        let columns = max(10, min(width, 1_000) - labelWidth - 2)
        let instants = (0..<columns).map { Instant.interpolate(from: from, to: to, step: $0, of: columns - 1) }
        var samples: [Int64?] = []
        var next = firstAfter
        for (column, instant) in instants.enumerated() {
            // The changes since the previous column's instant belong to this column.
            let end = column == 0 ? next : points.firstIndex(after: instant)
            let changes = points[min(next, end)..<end].map(\.value)
            next = max(next, end)
            // The value in force at the column's instant, unless the series peaks or dips
            // to its extreme in the column's time and is back by then.
            let value = points.value(at: instant)
            samples.append(value != top && changes.contains(top) ? top : value != bottom && changes.contains(bottom) ? bottom : value)
        }
        // Marks per cell: eighths with blocks, halves ("." and "#") in ASCII.
        let marksPerRow = ascii ? 2 : 8
        var lines: [String] = []
        for row in stride(from: rows - 1, through: 0, by: -1) {
            var line = ""
            for sample in samples {
                guard let sample else { line.append(" "); continue }
                // At least one mark: the lowest value still shows.
                let marks = max(1, Int((scale.position(Double(sample)) * Double(rows * marksPerRow)).rounded()))
                let filled = marks - row * marksPerRow
                if ascii {
                    line.append(filled >= 2 ? "#" : filled == 1 ? "." : " ")
                } else {
                    line.append(Self.eighths[min(8, max(0, filled))])
                }
            }
            let axis = ascii ? "|" : "│"
            lines.append(DisplayWidth.pad(rowLabels[row] ?? "", to: labelWidth, alignRight: true) + " " + axis + styler.color(line, .blue))
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
}
