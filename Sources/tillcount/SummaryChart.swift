// The summary's over/short as an SVG bar chart: one panel per currency, the periods along
// the bottom, a bar per till in each period (a colour per till, named in the legend),
// over above the zero line and short below it, the largest amount at the top and bottom
// of the scale. A period without an expected cash has no bar. Every label lies inside the
// picture; every name is escaped. Elements are closed with end tags, never "/>", so the
// same text is SVG and HTML (inline in the page).

import MoneyKit
import MoneyKitCLI
import TillKit

struct SummaryChart {
    let summary: CountSummary
    let rendering: TillRendering
    /// Inside an HTML page: no XML namespace, which HTML does not need.
    var inline = false

    /// At least this wide; wider when the periods' bars need it (3 px a bar at least).
    static let minimumWidth = 720
    static let panelHeight = 300
    static let colours = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f"]

    /// The picture's width: room for every period's bars, each at least 3 px (with 80 px
    /// for the scale's labels).
    var width: Int {
        let periods = Set(summary.rows.map(\.start)).count
        return max(Self.minimumWidth, 90 + periods * (summary.tills.count * 3 + 6))
    }

    func svg() -> String {
        let currencies = summary.rows.reduce(into: [String]()) { if !$0.contains($1.currency.code) { $0.append($1.currency.code) } }
        let tills = summary.tills
        let width = self.width
        let legendHeight = 20 * ((tills.count + 3) / 4)
        let height = max(1, currencies.count) * Self.panelHeight + legendHeight + 10
        var svg = """
            <svg\(inline ? "" : " xmlns=\"http://www.w3.org/2000/svg\"") width="\(width)" height="\(height)" viewBox="0 0 \(width) \(height)" font-family="sans-serif" font-size="12">
            <rect width="100%" height="100%" fill="white"></rect>

            """
        if currencies.isEmpty {
            svg += text("No saved counts in this range.", x: Double(width) / 2, y: Double(Self.panelHeight) / 2, anchor: "middle")
        }
        for (index, code) in currencies.enumerated() {
            svg += panel(summary.rows.filter { $0.currency.code == code }, tills: tills, top: index * Self.panelHeight)
        }
        let legendTop = max(1, currencies.count) * Self.panelHeight
        for (index, till) in tills.enumerated() {
            let x = 70 + Double(index % 4) * 160
            let y = Double(legendTop + 14 + 20 * (index / 4))
            svg += "<rect x=\"\(SVGMetrics.coordinate(x))\" y=\"\(SVGMetrics.coordinate(y - 10))\" width=\"12\" height=\"12\" fill=\"\(colour(index))\"></rect>\n"
            svg += text(DisplayWidth.truncate(till, to: 20), x: x + 16, y: y)
        }
        return svg + "</svg>\n"
    }

    /// A till's colour: the palette's, then hues spread round the wheel (golden angle).
    private func colour(_ index: Int) -> String {
        index < Self.colours.count ? Self.colours[index] : "hsl(\((index * 137) % 360), 60%, 42%)"
    }

    private func panel(_ rows: [CountSummary.Row], tills: [String], top: Int) -> String {
        guard let currency = rows.first?.currency else { return "" }
        var periods: [(start: Int64, label: String)] = []
        for row in rows where !periods.contains(where: { $0.start == row.start }) { periods.append((row.start, row.period)) }
        periods.sort { $0.start < $1.start }
        // The scale: the largest over or short, at least one minor unit.
        let largest = max(1, rows.compactMap { $0.overShort?.minorUnits.magnitude }.max() ?? 1)
        let scaleLabel = rendering.money(Money(minorUnits: Int64(clamping: largest), currency: currency))
        let left = 12 + SVGMetrics.textWidth("-" + scaleLabel)
        let right = Double(width) - 10
        let plotTop = Double(top) + 30, plotBottom = Double(top + Self.panelHeight) - 40
        let zero = (plotTop + plotBottom) / 2
        let half = (plotBottom - plotTop) / 2
        var svg = text("Over/short, \(currency.code), by \(summary.period.rawValue)", x: left, y: Double(top) + 16, bold: true)
        svg += line(x1: left, y1: zero, x2: right, y2: zero, stroke: "#000")
        svg += text(scaleLabel, x: left - 6, y: plotTop + 4, anchor: "end")
        svg += text("0", x: left - 6, y: zero + 4, anchor: "end")
        svg += text("-" + scaleLabel, x: left - 6, y: plotBottom + 4, anchor: "end")
        svg += line(x1: left, y1: plotTop, x2: right, y2: plotTop, stroke: "#ddd")
        svg += line(x1: left, y1: plotBottom, x2: right, y2: plotBottom, stroke: "#ddd")
        let band = (right - left) / Double(max(1, periods.count))
        // Bars at most 40 wide (the picture is wide enough for 3 each), the group centred.
        let barWidth = min(40, max(1, (band * 0.8) / Double(max(1, tills.count))))
        let groupOffset = (band - barWidth * Double(tills.count)) / 2
        // At most about 8 period labels, evenly spread.
        let every = max(1, (periods.count + 7) / 8)
        for (index, (start, label)) in periods.enumerated() {
            let x = left + band * Double(index)
            if index % every == 0 { svg += text(label, x: x + band / 2, y: plotBottom + 18, anchor: "middle") }
            for (tillIndex, till) in tills.enumerated() {
                guard let amount = rows.first(where: { $0.start == start && $0.till == till })?.overShort?.minorUnits, amount != 0 else { continue }
                let height = half * Double(amount.magnitude) / Double(largest)
                let barX = x + groupOffset + barWidth * Double(tillIndex)
                let y = amount > 0 ? zero - height : zero
                svg += "<rect x=\"\(SVGMetrics.coordinate(barX))\" y=\"\(SVGMetrics.coordinate(y))\" width=\"\(SVGMetrics.coordinate(barWidth))\" height=\"\(SVGMetrics.coordinate(height))\" fill=\"\(colour(tillIndex))\"><title>\(MarkupText.shown("\(till), \(label): \(rendering.overShortText(Money(minorUnits: amount, currency: currency)))"))</title></rect>\n"
            }
        }
        return svg
    }

    private func text(_ content: String, x: Double, y: Double, anchor: String = "start", bold: Bool = false) -> String {
        "<text x=\"\(SVGMetrics.coordinate(x))\" y=\"\(SVGMetrics.coordinate(y))\" text-anchor=\"\(anchor)\"\(bold ? " font-weight=\"bold\"" : "")>\(MarkupText.shown(content))</text>\n"
    }

    private func line(x1: Double, y1: Double, x2: Double, y2: Double, stroke: String) -> String {
        "<line x1=\"\(SVGMetrics.coordinate(x1))\" y1=\"\(SVGMetrics.coordinate(y1))\" x2=\"\(SVGMetrics.coordinate(x2))\" y2=\"\(SVGMetrics.coordinate(y2))\" stroke=\"\(stroke)\"></line>\n"
    }
}
