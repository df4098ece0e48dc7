// portfolio's chart axis, read back from the output: every value draws a mark in the text
// chart (the lowest too, a short dip or peak too); text, SVG and the dashboard share one
// value axis with round ticks and compact, distinct labels; every SVG label lies inside
// the picture (its extent worked out from x, text-anchor, font-size and length); a large
// series is thinned for SVG without losing its peak or dip.

import Foundation
import Testing
#if canImport(FoundationXML)
import FoundationXML
#endif

@Suite struct PortfolioChartAxisTests {
    // MARK: every value draws a mark (text)

    @Test(arguments: [false, true])
    func theLowestValueDrawsAMark(ascii: Bool) throws {
        // The issue's commands: February (the lowest value) was left blank.
        let box = try PortfolioBox()
        try box.ok("add", "G", "1000", "--date", "2025-01-01")
        try box.ok("update", "G", "900", "--date", "2025-02-01")
        try box.ok("update", "G", "1000", "--date", "2025-03-01")
        for arguments in [["chart", "G", "--height", "6"], ["chart", "G", "--height", "6", "--to", "2025-04-01", "--width", "60"]] {
            let output = try box.succeeds(arguments + (ascii ? ["--ascii"] : [])).stdout
            let chart = try #require(TextChartReading(output), "\(output)")
            #expect(chart.rows == 6)
            #expect(chart.heights.allSatisfy { $0 > 0 }, "every column has a mark:\n\(output)")
            let lowest = try #require(chart.heights.min()), highest = try #require(chart.heights.max())
            #expect(lowest < highest, "the dip shows:\n\(output)")
        }
    }

    /// Neighbours: flat, all zero, one point, negative values, values near the ends of
    /// Int64, a dip or a peak of one day in two years, the smallest height.
    static let markCases: [(name: String, values: [(date: String, value: String)], height: String)] = [
        ("flat", [("2025-01-01", "1000"), ("2025-02-01", "1000.00")], "6"),
        ("zero", [("2025-01-01", "0")], "6"),
        ("one point", [("2025-01-01", "5")], "3"),
        ("negative", [("2025-01-01", "-500"), ("2025-02-01", "-900"), ("2025-03-01", "-100")], "6"),
        ("negative to positive", [("2025-01-01", "-500"), ("2025-02-01", "1500")], "4"),
        ("near Int64.max", [("2025-01-01", "92233720368547758.07"), ("2025-02-01", "92233720368547000"), ("2025-03-01", "92233720368547758.07")], "6"),
        ("across Int64", [("2025-01-01", "-92233720368547758.07"), ("2025-02-01", "92233720368547758.07")], "5"),
        ("one-day dip", [("2023-04-01", "1000"), ("2024-06-10", "900"), ("2024-06-11", "1000")], "8"),
        ("one-day peak", [("2023-04-01", "1000"), ("2024-06-10", "1100"), ("2024-06-11", "1000")], "8"),
        ("height 3", [("2025-01-01", "1000"), ("2025-02-01", "999.99"), ("2025-03-01", "1000")], "3"),
    ]

    /// Three of the cases through the processes; PortfolioRenderingTests draws all of
    /// them in-process with the same checks.
    @Test(arguments: [0, 5, 7])
    func everyValueDrawsAMark(index: Int) throws {
        let testCase = Self.markCases[index]
        let box = try PortfolioBox()
        for (position, entry) in testCase.values.enumerated() {
            try box.succeeds([position == 0 ? "add" : "update", "--date", entry.date, "A", "--", entry.value])
        }
        let distinct = Set(testCase.values.map { Double($0.value) ?? 0 }).count > 1
        for ascii in [false, true] {
            let output = try box.succeeds(["chart", "A", "--width", "60", "--height", testCase.height, "--to", "2025-04-01"] + (ascii ? ["--ascii"] : [])).stdout
            let chart = try #require(TextChartReading(output), "\(testCase.name): \(output)")
            #expect(chart.heights.allSatisfy { $0 > 0 }, "\(testCase.name): every column has a mark:\n\(output)")
            if distinct {
                #expect(chart.heights.min() != chart.heights.max(), "\(testCase.name): the change shows:\n\(output)")
            }
            let labels = chart.labels.filter { !$0.isEmpty }
            #expect(labels.count >= 2 && Set(labels).count == labels.count, "\(testCase.name): distinct labels \(labels)")
        }
    }

    // MARK: one axis: round ticks, compact distinct labels

    @Test func svgAxisHasRoundTicksAndCompactDistinctLabels() throws {
        let demo = try PortfolioBox()
        try demo.ok("demo", "--set", "1")
        let big = try PortfolioBox()
        try big.ok("add", "W", "1475692.23", "--date", "2025-01-01")
        try big.ok("update", "W", "105106.14", "--date", "2025-02-01")
        for (box, arguments) in [(demo, ["chart"]), (demo, ["chart", "Cash ISA"]), (big, ["chart", "W", "--to", "2025-03-01"])] {
            let svg = SVGReading(try box.succeeds(arguments + ["--format", "svg"]).stdout)
            let labels = svg.valueLabels
            #expect(labels.count >= 3, "\(arguments): \(labels)")
            #expect(Set(labels).count == labels.count, "\(arguments): distinct \(labels)")
            let values = labels.compactMap(Self.compactValue)
            #expect(values.count == labels.count, "\(arguments): compact labels \(labels)")
            #expect(Self.isNiceProgression(values), "\(arguments): round ticks \(labels)")
        }
    }

    @Test func showLabelsTheCashISAAxisDistinctly() throws {
        let box = try PortfolioBox()
        try box.ok("demo", "--set", "1")
        for ascii in [false, true] {
            let output = try box.succeeds(["show", "Cash ISA"] + (ascii ? ["--ascii"] : [])).stdout
            let chart = try #require(TextChartReading(output), "\(output)")
            let labels = chart.labels.filter { !$0.isEmpty }
            #expect(labels.count >= 2 && Set(labels).count == labels.count, "distinct: \(labels)")
            if !ascii {
                let values = labels.compactMap(Self.compactValue)
                #expect(values.count == labels.count, "compact: \(labels)")
                #expect(values == values.sorted(by: >), "top to bottom: \(labels)")
            }
        }
    }

    /// The data, and whether the axis must start at zero.
    static let axisCases: [(values: [(date: String, value: String)], fromZero: Bool)] = [
        ([("2025-01-01", "98550"), ("2025-02-01", "101000"), ("2025-03-01", "105106.14")], false),
        ([("2025-01-01", "100"), ("2025-02-01", "1200")], true),
        ([("2025-01-01", "1000"), ("2025-02-01", "900"), ("2025-03-01", "1000")], false),
        ([("2025-01-01", "-500"), ("2025-02-01", "-900"), ("2025-03-01", "-100")], true),
        ([("2025-01-01", "1475692.23"), ("2025-02-01", "105106.14")], true),
        ([("2025-01-01", "1000")], true),
    ]

    @Test(arguments: axisCases.indices)
    func textAndSVGShareOneAxis(index: Int) throws {
        let testCase = Self.axisCases[index]
        let box = try PortfolioBox()
        for (position, entry) in testCase.values.enumerated() {
            try box.succeeds([position == 0 ? "add" : "update", "--date", entry.date, "A", "--", entry.value])
        }
        let range = ["--to", "2025-04-01"]
        let svg = SVGReading(try box.succeeds(["chart", "A", "--format", "svg"] + range).stdout)
        let text = try #require(TextChartReading(try box.succeeds(["chart", "A", "--height", "10"] + range).stdout))
        let svgLabels = svg.valueLabels
        let textLabels = text.labels.filter { !$0.isEmpty }
        #expect(textLabels.first == svgLabels.last, "the same top: text \(textLabels), svg \(svgLabels)")
        #expect(textLabels.last == svgLabels.first, "the same bottom: text \(textLabels), svg \(svgLabels)")
        let ends = [svgLabels.first, svgLabels.last].compactMap { $0 }.compactMap(Self.compactValue)
        #expect(ends.contains(0) == testCase.fromZero, "zero on the axis: \(svgLabels)")
        // The axis spans the data: its ends enclose every value, within one step.
        let values = testCase.values.compactMap { Double($0.value) }
        let all = svgLabels.compactMap(Self.compactValue)
        if let low = all.first, let high = all.last, let smallest = values.min(), let largest = values.max(), all.count > 1 {
            let step = all[1] - all[0]
            #expect(low <= smallest && high >= largest, "\(svgLabels) encloses \(values)")
            if !testCase.fromZero { #expect(smallest - low < step && high - largest < step, "\(svgLabels) hugs \(values)") }
        }
    }

    @Test func dashboardChartSpansTheDataRangeOnTheSharedAxis() throws {
        let box = try PortfolioBox()
        try box.ok("demo", "--set", "1")
        let dashboard = try box.ok("dashboard", environment: ["COLUMNS": "80", "LINES": "40"]).stdout
        let chart = try #require(TextChartReading(dashboard), "\(dashboard)")
        let labels = chart.labels.filter { !$0.isEmpty }
        let svg = SVGReading(try box.ok("chart", "--format", "svg").stdout).valueLabels
        #expect(labels.first == svg.last && labels.last == svg.first, "dashboard \(labels), svg \(svg)")
        #expect(!labels.contains("£0"), "98k to 105k is drawn over its range: \(labels)")
        #expect(chart.heights.allSatisfy { $0 > 0 })
        #expect(chart.heights.min() != chart.heights.max(), "the rise shows")
    }

    // MARK: SVG labels inside the picture

    @Test(arguments: [(200, 100), (320, 160), (800, 300), (2_000, 600)])
    func svgLabelsLieInsideThePicture(width: Int, height: Int) throws {
        let box = try PortfolioBox()
        try box.ok("add", "Total", "1475692.23", "--date", "2025-01-01")
        try box.ok("update", "Total", "105106.14", "--date", "2025-02-01")
        try box.ok("add", "Edge", "92233720368547758.07", "--date", "2025-01-01", "--currency", "USD")
        try box.ok("update", "Edge", "-92233720368547758.07", "--date", "2025-03-01")
        let longName = String(repeating: "A very long account name ", count: 4).trimmingCharacters(in: .whitespaces)
        try box.ok("add", longName, "105106.14", "--date", "2025-01-01", "--currency", "NOK")
        let size = ["--width", "\(width)", "--height", "\(height)", "--to", "2025-04-01"]
        for arguments in [["chart", "Total"], ["chart", "Edge"], ["chart", longName], ["chart"], ["chart", "--currency", "GBP"]] {
            let output = try box.succeeds(arguments + ["--format", "svg"] + size).stdout
            let svg = SVGReading(output)
            #expect(svg.wellFormed)
            let (viewWidth, viewHeight) = try #require(svg.viewBox)
            #expect(!svg.texts.isEmpty)
            for text in svg.texts {
                let extent = try #require(svg.extent(of: text), "\(text)")
                #expect(extent.left >= 0 && extent.right <= viewWidth && extent.top >= 0 && extent.bottom <= viewHeight,
                        "\(arguments) \(width)×\(height): '\(text.content)' spans \(extent) outside 0…\(viewWidth) × 0…\(viewHeight)")
            }
        }
    }

    // MARK: thinning

    @Test func largeSeriesIsThinnedForSVGWithoutLosingItsPeakOrDip() throws {
        let box = try PortfolioBox()
        // 100,000 hourly updates between £1,000 and £1,001, one peak at £5,000 and one dip to £0.
        var csv = "date,account,value\n"
        let start = Date(timeIntervalSince1970: 1_262_304_000)  // 2010-01-01
        let formatter = ISO8601DateFormatter()
        for hour in 0..<100_000 {
            let value = hour == 40_000 ? "5000" : hour == 70_000 ? "0" : hour % 2 == 0 ? "1000" : "1001"
            csv += "\(formatter.string(from: start.addingTimeInterval(Double(hour) * 3_600))),Big,\(value)\n"
        }
        try box.ok("import", "-", stdin: csv)
        for arguments in [["chart"], ["chart", "Big"]] {
            let output = try box.succeeds(arguments + ["--format", "svg", "--to", "2022-01-01"]).stdout
            // Unthinned this was 2,299,211 bytes (the portfolio) and 4,597,439 (the account).
            #expect(output.utf8.count < 150_000, "\(arguments): \(output.utf8.count) bytes")
            let svg = SVGReading(output)
            #expect(svg.wellFormed)
            let line = try #require(svg.polylinePoints.first)
            #expect(line.count <= 4 * 800 * 2 + 2, "at most four points per pixel column (two per step)")
            // The grid's top line is £5,000 and its bottom £0: the line reaches both.
            let gridY = svg.gridLineYs
            let lineY = line.map(\.y)
            #expect(lineY.min() == gridY.min() && lineY.max() == gridY.max(), "peak and dip kept: line \(lineY.min() ?? 0)…\(lineY.max() ?? 0), grid \(gridY)")
            #expect(svg.valueLabels.first == "£0" && svg.valueLabels.last == "£5k", "\(svg.valueLabels)")
        }
    }

    // MARK: reading the output

    /// A compact label's value in major units: "£1.2M" → 1,200,000; "-£950" → -950.
    static func compactValue(_ label: String) -> Double? {
        var text = label
        let negative = text.hasPrefix("-")
        if negative { text.removeFirst() }
        guard text.hasPrefix("£") else { return nil }
        text.removeFirst()
        var factor = 1.0
        if let last = text.last, let scale = ["k": 1e3, "M": 1e6, "B": 1e9, "T": 1e12][String(last)] {
            factor = scale
            text.removeLast()
        }
        // Digits grouped by commas in threes, an optional fraction.
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let whole = parts.first else { return nil }
        let groups = whole.split(separator: ",", omittingEmptySubsequences: false)
        guard let head = groups.first, (1...3).contains(head.count),
              groups.dropFirst().allSatisfy({ $0.count == 3 }),
              groups.allSatisfy({ $0.allSatisfy(\.isNumber) }),
              parts.count == 1 || (parts[1].count > 0 && parts[1].allSatisfy(\.isNumber)),
              let number = Double(text.replacingOccurrences(of: ",", with: "")) else { return nil }
        return (negative ? -1 : 1) * number * factor
    }

    /// Evenly spaced by a step of 1, 2 or 5 times a power of ten.
    static func isNiceProgression(_ values: some Collection<Double>) -> Bool {
        let values = Array(values)
        guard values.count >= 2 else { return false }
        let step = values[1] - values[0]
        guard step > 0 else { return false }
        for index in 1..<values.count where abs(values[index] - values[index - 1] - step) > step * 1e-9 { return false }
        var mantissa = step
        while mantissa >= 10 { mantissa /= 10 }
        while mantissa < 1 { mantissa *= 10 }
        return [1.0, 2, 5, 10].contains { abs(mantissa - $0) < 1e-9 }
    }
}

extension PortfolioBox {
    /// Runs `portfolio arguments` and expects exit 0.
    @discardableResult
    func succeeds(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> ToolResult {
        let result = try run(arguments)
        #expect(result.status == 0 && !result.killedBySignal,
                "portfolio \(arguments.joined(separator: " ")) → \(result.status): \(result.stderr)", sourceLocation: sourceLocation)
        return result
    }
}

/// A text chart read back from the output (the first one in it): each row's label, top
/// to bottom, and each column's height in marks (eighths with blocks, halves in ASCII).
struct TextChartReading {
    let labels: [String]
    let heights: [Int]
    var rows: Int { labels.count }

    init?(_ output: String) {
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0) }
        guard let axis = lines.firstIndex(where: { line in
            let trimmed = line.drop { $0 == " " }
            return trimmed.first == "└" || (trimmed.first == "+" && trimmed.dropFirst().first == "-")
        }), let corner = lines[axis].firstIndex(where: { $0 != " " }) else { return nil }
        var rows: [[Character]] = []
        var index = axis - 1
        while index >= 0, lines[index].count > corner, lines[index][corner] == "│" || lines[index][corner] == "|" {
            rows.insert(lines[index], at: 0)
            index -= 1
        }
        guard !rows.isEmpty else { return nil }
        labels = rows.map { String($0[..<corner]).trimmingCharacters(in: .whitespaces) }
        let marks: [Character: Int] = ["▁": 1, "▂": 2, "▃": 3, "▄": 4, "▅": 5, "▆": 6, "▇": 7, "█": 8, "#": 2, ".": 1]
        let width = rows.map { $0.count - corner - 1 }.max() ?? 0
        heights = (0..<width).map { column in
            rows.reduce(0) { sum, row in
                let position = corner + 1 + column
                return sum + (position < row.count ? marks[row[position]] ?? 0 : 0)
            }
        }
    }
}

/// An SVG picture read back: its size, text elements with their content, grid lines and
/// the line's points.
final class SVGReading: NSObject, XMLParserDelegate {
    struct Text {
        let attributes: [String: String]
        var content: String
    }

    private(set) var wellFormed = false
    private(set) var root: [String: String] = [:]
    private(set) var texts: [Text] = []
    private(set) var lines: [[String: String]] = []
    private(set) var polylines: [[String: String]] = []
    private var inText = false

    init(_ svg: String) {
        super.init()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = self
        wellFormed = parser.parse()
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        switch name {
        case "svg": root = attributes
        case "text": texts.append(Text(attributes: attributes, content: "")); inText = true
        case "line": lines.append(attributes)
        case "polyline": polylines.append(attributes)
        default: break
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if inText, !texts.isEmpty { texts[texts.count - 1].content += string }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if name == "text" { inText = false }
    }

    var viewBox: (Double, Double)? {
        let parts = (root["viewBox"] ?? "").split(separator: " ").compactMap { Double($0) }
        return parts.count == 4 ? (parts[2], parts[3]) : nil
    }

    /// The value labels (right-aligned, left of the plot), bottom to top.
    var valueLabels: [String] {
        // The last date mark is right-aligned too, at the right of the plot.
        let rightAligned = texts.filter { $0.attributes["text-anchor"] == "end" && $0.attributes["font-weight"] == nil }
        let leftmost = rightAligned.compactMap { Double($0.attributes["x"] ?? "") }.min()
        return rightAligned.filter { Double($0.attributes["x"] ?? "") == leftmost }
            .sorted { (Double($0.attributes["y"] ?? "") ?? 0) > (Double($1.attributes["y"] ?? "") ?? 0) }
            .map(\.content)
    }

    var gridLineYs: [Double] { lines.compactMap { $0["y1"].flatMap(Double.init) } }

    var polylinePoints: [[(x: Double, y: Double)]] {
        polylines.map { attributes in
            (attributes["points"] ?? "").split(separator: " ").compactMap { pair in
                let numbers = pair.split(separator: ",").compactMap { Double($0) }
                return numbers.count == 2 ? (numbers[0], numbers[1]) : nil
            }
        }
    }

    /// Where a text is drawn, estimated conservatively: 0.6em per character (two for a
    /// wide one) of its font size, placed by its anchor; from an em above the baseline to
    /// a third of one below.
    func extent(of text: Text) -> (left: Double, right: Double, top: Double, bottom: Double)? {
        guard let x = text.attributes["x"].flatMap(Double.init), let y = text.attributes["y"].flatMap(Double.init),
              let fontSize = (text.attributes["font-size"] ?? root["font-size"]).flatMap(Double.init) else { return nil }
        let columns = text.content.unicodeScalars.reduce(0) { sum, scalar in
            sum + (scalar.properties.generalCategory == .nonspacingMark ? 0 : scalar.properties.isEmojiPresentation || (0x1100...0x9FFF).contains(scalar.value) ? 2 : 1)
        }
        let width = Double(columns) * 0.6 * fontSize
        let left: Double
        switch text.attributes["text-anchor"] ?? "start" {
        case "end": left = x - width
        case "middle": left = x - width / 2
        default: left = x
        }
        return (left, left + width, y - fontSize, y + fontSize / 3)
    }
}
