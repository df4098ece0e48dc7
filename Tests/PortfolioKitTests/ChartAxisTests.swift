// The value axis every chart shares (ChartScale) and its compact labels (ChartLabels):
// round ticks, zero only when the data spans its distance from it, distinct labels for
// any values, Int64's ends included.

import MoneyKit
import Testing
@testable import PortfolioKit

@Suite struct ChartAxisTests {
    @Test func ticksAreRoundAndZeroJoinsOnlyAWideSpan() {
        let wide = ChartScale(min: 100_00, max: 1_200_00, currency: .gbp)
        #expect(wide.low == 0)
        #expect(wide.high >= 1_200_00)
        #expect(wide.ticks.count <= ChartScale.maxIntervals + 1)
        let narrow = ChartScale(min: 98_000_00, max: 105_000_00, currency: .gbp)
        #expect(narrow.low > 0 && narrow.low <= 98_000_00 && narrow.high >= 105_000_00)
        let flat = ChartScale(min: 1_000_00, max: 1_000_00, currency: .gbp)
        #expect(flat.low == 0)
        let zero = ChartScale(min: 0, max: 0, currency: .gbp)
        #expect(zero.low == 0 && zero.high == 100)
        let negative = ChartScale(min: -900_00, max: -100_00, currency: .gbp)
        #expect(negative.high == 0)
        #expect(ChartScale(values: [Int64](), currency: .gbp) == nil)
    }

    @Test func niceStepsAreOneTwoOrFiveTimesAPowerOfTen() {
        #expect(ChartScale.niceStep(atLeast: 0.5) == 1)
        #expect(ChartScale.niceStep(atLeast: 3) == 5)
        #expect(ChartScale.niceStep(atLeast: 11) == 20)
        #expect(ChartScale.niceStep(atLeast: 5_000) == 5_000)
        #expect(ChartScale.nextNiceStep(after: 1) == 2)
        #expect(ChartScale.nextNiceStep(after: 2) == 5)
        #expect(ChartScale.nextNiceStep(after: 5) == 10)
    }

    /// The cases the end-to-end chart tests draw, and the ends of Int64.
    static let cases: [(Int64, Int64)] = [
        (100_000, 100_000), (0, 0), (500, 500), (-90_000, -10_000), (-50_000, 150_000),
        (9_223_372_036_854_700_000, .max), (-Int64.max, .max), (90_000, 100_000), (99_999, 100_000),
        (1, 2), (1_000_000_00, 1_000_100_00),
    ]

    @Test(arguments: cases.indices)
    func labelsAreCompactAndDistinct(index: Int) {
        let (low, high) = Self.cases[index]
        for ascii in [false, true] {
            let scale = ChartScale(min: low, max: high, currency: .gbp)
            let labels = ChartLabels.labels(for: scale, currency: .gbp, ascii: ascii)
            #expect(labels.count == scale.ticks.count)
            #expect(Set(labels).count == labels.count, "\(low)...\(high): \(labels)")
            #expect(scale.low <= Double(low) && scale.high >= Double(high), "\(low)...\(high): \(scale.ticks)")
        }
    }

    @Test func asciiLabelsNameTheCurrencyByCode() {
        let scale = ChartScale(min: 0, max: 1_200_000_00, currency: .gbp)
        let labels = ChartLabels.labels(for: scale, currency: .gbp, ascii: true)
        #expect(labels.first == "GBP 0")
        #expect(labels.allSatisfy { $0.hasPrefix("GBP ") })
    }

    @Test func thinningKeepsTheFirstLowestHighestAndLastOfEachColumn() {
        let points = (0..<1_000).map { SeriesPoint(at: Int64($0), value: $0 == 500 ? 9_999 : $0 == 501 ? -9_999 : 10) }
        let thinned = ChartThinning.thinned(points) { Int($0.at / 100) }
        #expect(thinned.count <= 40)
        #expect(thinned.contains(SeriesPoint(at: 500, value: 9_999)))
        #expect(thinned.contains(SeriesPoint(at: 501, value: -9_999)))
        #expect(thinned.first == points.first && thinned.last == points.last)
    }
}
