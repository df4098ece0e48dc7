// The chart as SVG, drawn as the app drew it: an account is a blue line over a
// light-blue area; the portfolio a thicker blue line with points. Four date marks along
// the bottom, currency labels up the side. One panel per currency.

import MoneyKit
import MoneyKitCLI
import MoneyKitFormatting

struct SVGChart {
    struct Panel {
        let title: String
        let currency: Currency
        let points: [SeriesPoint]
        let isPortfolio: Bool
    }

    let width: Int
    let panelHeight: Int
    let from: Int64
    let to: Int64

    func render(_ panels: [Panel]) -> String {
        let height = panelHeight * max(1, panels.count)
        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" viewBox="0 0 \(width) \(height)" font-family="sans-serif" font-size="12">
            <rect width="100%" height="100%" fill="white"/>

            """
        for (index, panel) in panels.enumerated() {
            svg += drawPanel(panel, top: index * panelHeight)
        }
        return svg + "</svg>\n"
    }

    private func drawPanel(_ panel: Panel, top: Int) -> String {
        let left = 80.0, right = Double(width) - 20, plotTop = Double(top) + 30, plotBottom = Double(top + panelHeight) - 40
        // Spans in Double: no pair of Int64 instants or values can overflow them.
        let span = max(1, Double(to) - Double(from))
        let values = panel.points.map(\.value)
        let high = Double(max(values.max() ?? 1, 1))
        let low = Double(min(values.min() ?? 0, 0))
        func x(_ instant: Int64) -> Double { left + TextChart.position(Double(instant), low: Double(from), high: Double(from) + span) * (right - left) }
        func y(_ value: Int64) -> Double { plotBottom - TextChart.position(Double(value), low: low, high: high) * (plotBottom - plotTop) }
        func f(_ number: Double) -> String { String(Double(Int(number.isFinite ? min(max(number, -1e9), 1e9) * 10 : 0)) / 10) }

        // A name is shown as text people read: control characters escaped (XML cannot hold them).
        var out = "<g>\n<text x=\"\(f(left))\" y=\"\(top + 18)\" font-weight=\"bold\">\(Self.escape(panel.title.terminalSafe))</text>\n"
        // Axis labels: three values, formatted in the currency.
        for step in 0...2 {
            let value = Self.int64(clamping: low + (high - low) * Double(step) / 2)
            let label = Money(minorUnits: value, currency: panel.currency).formatted()
            out += "<text x=\"\(f(left - 6))\" y=\"\(f(y(value) + 4))\" text-anchor=\"end\" fill=\"#555\">\(Self.escape(label))</text>\n"
            out += "<line x1=\"\(f(left))\" y1=\"\(f(y(value)))\" x2=\"\(f(right))\" y2=\"\(f(y(value)))\" stroke=\"#e5e5e5\"/>\n"
        }
        // Four date marks.
        for step in 0..<4 {
            let instant = Instant.interpolate(from: from, to: max(from, to), step: step, of: 3)
            let anchor = step == 0 ? "start" : step == 3 ? "end" : "middle"
            out += "<text x=\"\(f(x(instant)))\" y=\"\(f(plotBottom + 18))\" text-anchor=\"\(anchor)\" fill=\"#555\">\(Self.escape(Instant.date(instant)))</text>\n"
        }
        guard !panel.points.isEmpty else { return out + "</g>\n" }
        // The step line: flat until the next point, then up or down; on to the end.
        var path: [(Double, Double)] = []
        for (index, point) in panel.points.enumerated() {
            if index > 0 { path.append((x(point.at), y(panel.points[index - 1].value))) }
            path.append((x(point.at), y(point.value)))
        }
        if let last = panel.points.last { path.append((x(to), y(last.value))) }
        let line = path.map { "\(f($0.0)),\(f($0.1))" }.joined(separator: " ")
        if !panel.isPortfolio {
            let area = "\(f(path[0].0)),\(f(plotBottom)) " + line + " \(f(path[path.count - 1].0)),\(f(plotBottom))"
            out += "<polygon points=\"\(area)\" fill=\"#add8e6\" fill-opacity=\"0.6\"/>\n"
        }
        out += "<polyline points=\"\(line)\" fill=\"none\" stroke=\"#1f6fd1\" stroke-width=\"\(panel.isPortfolio ? 3 : 2)\"/>\n"
        if panel.isPortfolio && panel.points.count <= 400 {
            for point in panel.points {
                out += "<circle cx=\"\(f(x(point.at)))\" cy=\"\(f(y(point.value)))\" r=\"3.5\" fill=\"#1f6fd1\"/>\n"
            }
        }
        return out + "</g>\n"
    }

    /// The Int64 nearest `number` (an axis label's value): Double(Int64.max) is 2^63,
    /// which Int64(_:) would trap on.
    static func int64(clamping number: Double) -> Int64 {
        guard number.isFinite else { return 0 }
        if number >= 9_223_372_036_854_775_807.0 { return .max }
        if number <= -9_223_372_036_854_775_808.0 { return .min }
        return Int64(number)
    }

    static func escape(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            default: result.append(character)
            }
        }
        return result
    }
}
