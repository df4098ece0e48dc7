// The saved counts summed per till and period (tillcount summary, issue 29 item 7): exact
// sums of counted, expected and over/short, counts without an expected cash counted
// apart, a row per currency, periods in local time, a count whose time cannot be read
// left out, a sum beyond an amount refused.

import MoneyKit
@testable import MoneyKitPlatform
import Testing
import TillKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a test in UTC (the zone is shared with tests running tools in-process: see LocalZoneSharing).
struct InUTC: TestTrait, TestScoping {
    func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        LocalZoneSharing.enter("UTC", apply: { setenv("TZ", $0, 1); tzset() })
        defer { LocalZoneSharing.leave() }
        try await function()
    }
}

@Suite struct CountSummaryTests {
    static func count(
        _ till: String, _ at: String, total: String, expected: String?, currency: Currency = Fixture.gbp, id: Int64 = 1
    ) throws -> SavedCount {
        SavedCount(
            id: id, savedAt: at, label: nil, currency: currency, total: try Money.parse(total, currency: currency),
            float: Money.zero(currency), expected: try expected.map { try Money.parse($0, currency: currency) }, notes: [], lines: [], till: till)
    }

    @Test(InUTC()) func countsAreSummedPerTillAndDay() throws {
        let counts = [
            try Self.count("main", "2026-12-07T09:00:00Z", total: "100", expected: "90"),
            try Self.count("main", "2026-12-07T21:00:00Z", total: "50.25", expected: "51"),
            try Self.count("main", "2026-12-08T21:00:00Z", total: "80", expected: nil),
            try Self.count("Front", "2026-12-07T20:00:00Z", total: "30", expected: "35"),
            try Self.count("Front", "2026-12-07T20:30:00Z", total: "12", expected: "12", currency: Currency(code: "EUR")!),
            try Self.count("main", "not a time", total: "5", expected: "5"),
        ]
        let summary = try CountSummary(counts, by: .day)
        let text = summary.rows.map { "\($0.till) \($0.period) \($0.currency.code) \($0.counts) \($0.counted.plainString) \($0.expected?.plainString ?? "-") \($0.overShort?.plainString ?? "-") \($0.withoutExpected)" }
        #expect(text == [
            "Front 2026-12-07 EUR 1 12.00 12.00 0.00 0",
            "Front 2026-12-07 GBP 1 30.00 35.00 -5.00 0",
            "main 2026-12-07 GBP 2 150.25 141.00 9.25 0",
            "main 2026-12-08 GBP 1 80.00 - - 1",
        ])
        #expect(summary.tills == ["Front", "main"])
        let weeks = try CountSummary(counts, by: .week)
        #expect(weeks.rows.map(\.period) == ["2026-12-07", "2026-12-07", "2026-12-07"])
        #expect(weeks.rows.last?.counted.plainString == "230.25" && weeks.rows.last?.overShort?.plainString == "9.25")
        #expect(try CountSummary([], by: .month).rows.isEmpty)
    }

    /// A day with a closing count sums it alone (the X reading of the same shift would count
    /// the same shortage twice); one till, however its name was typed.
    @Test(InUTC()) func aClosingCountStandsForItsDayAndATillIsOneTill() throws {
        var x = try Self.count("main", "2026-12-07T14:00:00Z", total: "95", expected: "100")
        x.kind = .x
        var z = try Self.count("Main", "2026-12-07T22:00:00Z", total: "195", expected: "200", id: 2)
        z.kind = .z
        let other = try Self.count("main", "2026-12-08T14:00:00Z", total: "50", expected: "50", id: 3)
        let rows = try CountSummary([x, z, other], by: .day).rows
        #expect(rows.map { "\($0.till) \($0.period) \($0.counts) \($0.closingOnly) \($0.overShort?.plainString ?? "-")" } == [
            "Main 2026-12-07 1 true -5.00", "main 2026-12-08 1 false 0.00",
        ])
    }

    @Test func aSumBeyondAnAmountIsRefused() throws {
        let huge = Money(minorUnits: .max, currency: Fixture.gbp)
        let counts = [
            SavedCount(id: 1, savedAt: "2026-12-07T09:00:00Z", label: nil, currency: Fixture.gbp, total: huge, float: Money.zero(Fixture.gbp), expected: nil, notes: [], lines: []),
            SavedCount(id: 2, savedAt: "2026-12-07T10:00:00Z", label: nil, currency: Fixture.gbp, total: huge, float: Money.zero(Fixture.gbp), expected: nil, notes: [], lines: []),
        ]
        #expect(throws: TillError.summaryTooLarge(till: "main", period: "2026-12-07")) { _ = try CountSummary(counts, by: .day) }
    }
}
