// The chart as SVG, drawn as the app drew it: an account is a blue line over a
// light-blue area; the portfolio a thicker blue line with points. Up to four date marks
// along the bottom, compact currency labels at round ticks up the side (ChartScale, the
// axis the text chart uses too). One panel per currency. Every label lies inside the
// picture: the left margin is set from the widest label's estimated width.

import MoneyKit
import MoneyKitPlatform
import MoneyKitCLI
import MoneyKitFormatting
import PortfolioKit

struct SVGChart {
    typealias Panel = ChartReport.Panel

    let width: Int
    let panelHeight: Int
    let from: Int64
    let to: Int64
    /// Inside an HTML page (portfolio report): no XML namespace, which HTML does not need.
    var inline = false

    func render(_ panels: [Panel]) -> String {
        let height = panelHeight * max(1, panels.count)
        var svg = """
            <svg\(inline ? "" : " xmlns=\"http://www.w3.org/2000/svg\"") width="\(width)" height="\(height)" viewBox="0 0 \(width) \(height)" font-family="sans-serif" font-size="12">
            <rect width="100%" height="100%" fill="white"/>

            """
        for (index, panel) in panels.enumerated() {
            svg += drawPanel(panel, top: index * panelHeight)
        }
        return svg + "</svg>\n"
    }

    private func text(_ content: String, x: Double, y: Double, anchor: String = "start", extra: String = "") -> String {
        "<text x=\"\(SVGMetrics.coordinate(x))\" y=\"\(SVGMetrics.coordinate(y))\" font-size=\"\(SVGMetrics.coordinate(SVGMetrics.fontSize))\" text-anchor=\"\(anchor)\"\(extra)>\(MarkupText.shown(content))</text>\n"
    }

    private func drawPanel(_ panel: Panel, top: Int) -> String {
        let scale = ChartScale(values: panel.points.map(\.value), currency: panel.currency)
        let labels = scale.map { ChartLabels.labels(for: $0, currency: panel.currency, ascii: false) } ?? []
        // The plot starts right of the widest value label: no label is cut at the left edge.
        let labelWidth = labels.map { SVGMetrics.textWidth($0) }.max() ?? 0
        let left = max(40, (labelWidth + 12).rounded(.up)), right = max(left + 10, Double(width) - 20)
        let plotTop = Double(top) + 30, plotBottom = Double(top + panelHeight) - 40
        // Spans in Double: no pair of Int64 instants or values can overflow them.
        let span = max(1, Double(to) - Double(from))
        func x(_ instant: Int64) -> Double { left + TextChart.position(Double(instant), low: Double(from), high: Double(from) + span) * (right - left) }
        func y(_ value: Double) -> Double { plotBottom - (scale?.position(value) ?? 0) * (plotBottom - plotTop) }

        // A name is shown as text people read: control characters escaped (XML cannot hold
        // them). Above the plot, or from the left edge and cut to fit when that is too narrow.
        var out = "<g>\n"
        let title = panel.title.terminalSafe
        if left + SVGMetrics.textWidth(title, bold: true) <= Double(width) - 8 {
            out += text(title, x: left, y: Double(top) + 18, extra: " font-weight=\"bold\"")
        } else {
            let room = Int((Double(width) - 16) / (SVGMetrics.glyphWidth * SVGMetrics.fontSize * 1.1))
            out += text(DisplayWidth.truncate(title, to: max(1, room)), x: 8, y: Double(top) + 18, extra: " font-weight=\"bold\"")
        }
        // The value axis: a grid line at every tick, a label where there is room for one.
        if let scale {
            let labelled = Set(scale.labelledTicks(minimumGap: SVGMetrics.fontSize + 2) { y(scale.ticks[$0]) })
            for (index, tick) in scale.ticks.enumerated() {
                out += "<line x1=\"\(SVGMetrics.coordinate(left))\" y1=\"\(SVGMetrics.coordinate(y(tick)))\" x2=\"\(SVGMetrics.coordinate(right))\" y2=\"\(SVGMetrics.coordinate(y(tick)))\" stroke=\"#e5e5e5\"/>\n"
                if labelled.contains(index) {
                    out += text(labels[index], x: left - 6, y: y(tick) + 4, anchor: "end", extra: " fill=\"#555\"")
                }
            }
        }
        // Date marks: four, or as many as fit side by side (at least the first).
        let dateY = plotBottom + 18
        var placed = false
        for count in stride(from: 4, through: 2, by: -1) {
            let instants = (0..<count).map { Instant.interpolate(from: from, to: max(from, to), step: $0, of: count - 1) }
            let dates = instants.map(Instant.date)
            let widest = dates.map { SVGMetrics.textWidth($0) }.max() ?? 0
            guard (right - left) / Double(count - 1) >= 1.5 * widest + 8 else { continue }
            for (index, (instant, date)) in zip(instants, dates).enumerated() {
                let anchor = index == 0 ? "start" : index == count - 1 ? "end" : "middle"
                out += text(date, x: x(instant), y: dateY, anchor: anchor, extra: " fill=\"#555\"")
            }
            placed = true
            break
        }
        if !placed {
            let date = Instant.date(from)
            let fits = left + SVGMetrics.textWidth(date) <= Double(width) - 4
            out += text(date, x: fits ? left : Double(width) - 4, y: dateY, anchor: fits ? "start" : "end", extra: " fill=\"#555\"")
        }
        guard !panel.points.isEmpty else { return out + "</g>\n" }
        // The step line: flat until the next point, then up or down; on to the end. Thinned
        // to the first, lowest, highest and last point per pixel column: the same picture.
        let drawn = ChartThinning.thinned(panel.points) { Int(x($0.at).rounded(.down)) }
        var path: [(Double, Double)] = []
        for (index, point) in drawn.enumerated() {
            if index > 0 { path.append((x(point.at), y(Double(drawn[index - 1].value)))) }
            path.append((x(point.at), y(Double(point.value))))
        }
        if let last = drawn.last { path.append((x(to), y(Double(last.value)))) }
        let line = path.map { "\(SVGMetrics.coordinate($0.0)),\(SVGMetrics.coordinate($0.1))" }.joined(separator: " ")
        if !panel.isPortfolio {
            let area = "\(SVGMetrics.coordinate(path[0].0)),\(SVGMetrics.coordinate(plotBottom)) " + line + " \(SVGMetrics.coordinate(path[path.count - 1].0)),\(SVGMetrics.coordinate(plotBottom))"
            out += "<polygon points=\"\(area)\" fill=\"#add8e6\" fill-opacity=\"0.6\"/>\n"
        }
        out += "<polyline points=\"\(line)\" fill=\"none\" stroke=\"#1f6fd1\" stroke-width=\"\(panel.isPortfolio ? 3 : 2)\"/>\n"
        if panel.isPortfolio && panel.points.count <= 400 {
            for point in panel.points {
                out += "<circle cx=\"\(SVGMetrics.coordinate(x(point.at)))\" cy=\"\(SVGMetrics.coordinate(y(Double(point.value))))\" r=\"3.5\" fill=\"#1f6fd1\"/>\n"
            }
        }
        return out + "</g>\n"
    }
}
