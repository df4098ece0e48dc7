// tally tap's frame in-process at 30, 40 and 80 columns by 10 and 24 rows (issue 26,
// item 31): the count is never cut and nothing is drawn over it (large digits where they
// fit, else plain digits), the progress line below it, every row within the width.

@testable import tally
import MoneyKitCLI
import TallyKit
import Testing

@Suite struct TallyTapFrameTests {
    static let sizes = [(30, 10), (30, 24), (40, 10), (40, 24), (80, 10), (80, 24)]

    static func counter(_ count: Int64, goal: Int64?, name: String = "cups") -> Counter {
        Counter(name: name, count: count, start: 0, step: 1, pinned: false, created: "2026-11-01T10:00:00Z", serial: 1, goal: goal)
    }

    /// Where the count is in `rows`: the index of its first row and whether in large digits.
    static func countRows(_ rows: [String], _ count: Int64) -> (first: Int, big: Bool)? {
        let text = String(count)
        if let big = BlockDigits.render(text), let first = rows.firstIndex(where: { $0.contains("█") }) {
            let shown = rows[first...].prefix(big.count).map(stripped)
            return shown == big.map(stripped) ? (first, true) : nil
        }
        return rows.firstIndex { stripped($0) == text }.map { ($0, false) }
    }

    @Test(arguments: [Int64(7), 12345, 123_456, -9_223_372_036_854_775_807])
    func theCountIsWholeAndNothingIsDrawnOverIt(count: Int64) throws {
        for (width, height) in Self.sizes {
            for message in ["", "Goal reached! and a message long enough to need two lines on a narrow screen"] {
                let goal: Int64 = 20_000
                let rows = TapScreen.frame(Self.counter(count, goal: goal), message: message, styler: Styler(enabled: false), width: width, height: height)
                let context = "\(count) at \(width)×\(height), message \(!message.isEmpty):\n" + rows.joined(separator: "\n")
                #expect(rows.count <= height, "\(context)")
                #expect(rows.allSatisfy { DisplayWidth.of($0) <= width }, "\(context)")
                let found = try #require(Self.countRows(rows, count), "the count is not whole: \(context)")
                // Large digits wherever they fit in width and five rows.
                if BlockDigits.width(of: String(count)) > width { #expect(!found.big, "\(context)") }
                if width == 80 && height == 24 && String(count).count <= 6 { #expect(found.big, "\(context)") }
                // The progress line is whole, on a row of its own below the count.
                let progress = try #require(rows.firstIndex { $0.contains("\(count)/\(goal)") }, "\(context)")
                #expect(progress >= found.first + (found.big ? BlockDigits.height : 1), "\(context)")
                #expect(!rows[progress].contains("█"))
            }
        }
    }

    @Test func thirtyByTenKeepsLargeDigitsAndPutsTheBarBelow() {
        let rows = TapScreen.frame(Self.counter(12345, goal: 20_000), message: "", styler: Styler(enabled: false), width: 30, height: 10)
        let digits = rows.indices.filter { rows[$0].contains("█") }
        #expect(digits.count == BlockDigits.height, "\(rows)")
        let bar = rows.firstIndex { $0.contains("[") && $0.contains("]") }
        #expect(bar.map { $0 > (digits.last ?? 0) } == true, "\(rows)")
        // The name and the key help are there.
        #expect(rows.first?.contains("cups") == true)
        #expect(rows.contains { $0.contains("q quit") || $0.contains("…") })
    }

    @Test func aShortScreenDropsTheDateAndHelpBeforeTheCount() {
        let rows = TapScreen.frame(Self.counter(42, goal: 50), message: "", styler: Styler(enabled: false), width: 30, height: 4)
        #expect(rows.count <= 4, "\(rows)")
        #expect(rows.contains { stripped($0) == "42" }, "\(rows)")
        #expect(rows.contains { $0.contains("42/50") }, "\(rows)")
        #expect(!rows.contains { $0.contains("Created") }, "\(rows)")
    }
}

/// `text` without the spaces around it.
private func stripped(_ text: String) -> String {
    String(text.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
}
