// An account's trend on the report page: a small inline SVG line of its values at the
// dashboard's samples, from the lowest to the highest (a flat one across the middle), a
// gap where it had no value. Positions are worked out in Double: drawing only, never money.

import MoneyKitCLI

struct SparklineSVG {
    static let width = 120.0
    static let height = 28.0

    /// The sparkline of `samples` (nil: no value then) as one `<svg>` element.
    static func svg(_ samples: [Int64?]) -> String {
        let values = samples.compactMap { $0 }
        let header = "<svg width=\"\(Int(width))\" height=\"\(Int(height))\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" role=\"img\" aria-label=\"trend\">"
        guard let low = values.min(), let high = values.max(), samples.count > 1 else { return header + "</svg>" }
        let span = Double(high) - Double(low)
        func x(_ index: Int) -> Double { 1 + Double(index) / Double(samples.count - 1) * (width - 2) }
        func y(_ value: Int64) -> Double { span > 0 ? 2 + (1 - (Double(value) - Double(low)) / span) * (height - 4) : height / 2 }
        // One polyline per run of samples with a value; a run of one sample is a dot.
        var runs: [[(x: Double, y: Double)]] = [[]]
        for (index, sample) in samples.enumerated() {
            if let sample {
                runs[runs.count - 1].append((x(index), y(sample)))
            } else if !(runs.last?.isEmpty ?? true) {
                runs.append([])
            }
        }
        let f = SVGMetrics.coordinate
        let lines = runs.compactMap { points -> String? in
            guard let first = points.first else { return nil }
            guard points.count > 1 else { return "<circle cx=\"\(f(first.x))\" cy=\"\(f(first.y))\" r=\"1.5\" fill=\"#1f6fd1\"/>" }
            return "<polyline points=\"\(points.map { "\(f($0.x)),\(f($0.y))" }.joined(separator: " "))\" fill=\"none\" stroke=\"#1f6fd1\" stroke-width=\"1.5\"/>"
        }
        return header + lines.joined() + "</svg>"
    }
}
