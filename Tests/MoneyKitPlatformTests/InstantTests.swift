// The one time type: reading, writing and moving instants on the local calendar. Runs
// in UTC and in a zone with daylight saving (TZ is read by the C library per call).

import Testing
@testable import MoneyKitPlatform

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs `body` with TZ set to `zone`, restoring it after.
/// The process's zone is shared with tests running the tools in-process: see
/// LocalZoneSharing.
private func inZone<T>(_ zone: String, _ body: () throws -> T) rethrows -> T {
    try LocalZoneSharing.within(zone, apply: { setenv("TZ", $0, 1); tzset() }, body)
}

@Suite("Instant", .serialized)
struct InstantTests {
    @Test func parsesDatesTimesAndZonesInUTC() {
        inZone("UTC") {
            #expect(Instant.parse("1970-01-02") == 86_400)
            #expect(Instant.parse("1970-01-01 00:01") == 60)
            #expect(Instant.parse("1970-01-01T00:00:01") == 1)
            #expect(Instant.parse("1970-01-01T01:00:00+01:00") == 0)
            #expect(Instant.parse(" 1970-01-01T00:00:00Z ") == 0)
            #expect(Instant.parse("2023-02-29") == nil)
            #expect(Instant.parse("10000-01-01") == nil)
            #expect(Instant.parse("yesterday") != nil)
        }
    }

    @Test func iso8601RoundTripsWithTheLocalOffset() {
        inZone("Europe/London") {
            let summer = Instant.parse("2025-07-27 14:30")
            #expect(summer.map(Instant.iso8601) == "2025-07-27T14:30:00+01:00")
            #expect(summer.flatMap { Instant.parse(Instant.iso8601($0)) } == summer)
        }
    }

    @Test func utcStampsHaveFourDigitYearsAndReadBack() {
        #expect(Instant.iso8601UTC(0) == "1970-01-01T00:00:00Z")
        #expect(Instant.iso8601UTC(1.9) == "1970-01-01T00:00:01Z")
        let stamp = Instant.iso8601UTC(-30_610_224_000)  // 1000-01-01
        #expect(stamp == "1000-01-01T00:00:00Z")
        #expect(Instant.parseISO8601(stamp) == -30_610_224_000)
        #expect(Instant.parseISO8601("2026-11-21T10:55:28.250Z") == 1_795_258_528.25)
        #expect(Instant.parseISO8601("2026-11-21") == nil)
    }

    @Test func calendarPartsNameTheLocalDay() {
        inZone("America/New_York") {
            // 2024-03-10 is a Sunday and the day clocks go forward (23 hours long).
            let noon = Instant.local(year: 2024, month: 3, day: 10, hour: 12)
            let parts = noon.flatMap(Instant.localCalendar)
            #expect(parts?.year == 2024 && parts?.month == 3 && parts?.day == 10 && parts?.hour == 12)
            #expect(parts?.weekday == 0)
            #expect(parts?.utcOffset == -4 * 3600)
            guard let noon, let start = Instant.startOfDay(containing: noon), let next = Instant.startOfNextDay(after: noon) else {
                Issue.record("the day has no start or end")
                return
            }
            #expect(next - start == Int64(23 * 3600))
            #expect(Instant.addDays(1, to: start) == next)
        }
    }

    @Test func monthsMoveAsTheCLibraryNormalises() {
        inZone("UTC") {
            let january31 = Instant.local(year: 2023, month: 1, day: 31)
            #expect(january31.flatMap { Instant.addMonths(1, to: $0) } == Instant.local(year: 2023, month: 3, day: 3))
            let first = Instant.local(year: 2023, month: 11, day: 1)
            #expect(first.flatMap { Instant.addMonths(3, to: $0) } == Instant.local(year: 2024, month: 2, day: 1))
            #expect(first.flatMap { Instant.addMonths(12, to: $0) } == Instant.local(year: 2024, month: 11, day: 1))
        }
    }

    @Test func aWholeDayRangeEndsAtItsLastSecond() {
        inZone("UTC") {
            #expect(Instant.rangeEnd("2016-12-31") == Instant.parse("2016-12-31T23:59:59Z"))
            #expect(Instant.rangeEnd("2016-12-31 18:00") == Instant.parse("2016-12-31 18:00"))
            #expect(Instant.rangeEnd("9999-12-31") == 253_402_300_799)
            #expect(Instant.rangeStart("2016-12-31") == Instant.parse("2016-12-31"))
        }
    }

    /// `--from 2025` and `--from 2025-09` start a range at the year's or month's first local
    /// midnight; as an end, they reach to its last second (leap February and DST included).
    @Test func aYearOrAMonthIsARange() {
        inZone("Europe/London") {
            #expect(Instant.rangeStart("2025") == Instant.parse("2025-01-01"))
            #expect(Instant.rangeEnd("2025") == Instant.parse("2025-12-31T23:59:59Z"))
            #expect(Instant.rangeStart("2025-09") == Instant.parse("2025-09-01"))
            #expect(Instant.rangeEnd("2025-09") == Instant.parse("2025-09-30T22:59:59Z"))
            #expect(Instant.rangeEnd("2024-02") == Instant.parse("2024-02-29T23:59:59Z"))
            #expect(Instant.rangeEnd(" 2025-03 ") == Instant.parse("2025-03-31T22:59:59Z"))
            #expect(Instant.rangeEnd("9999") == 253_402_300_799)
            #expect(Instant.rangeBound("2025-09")?.span == .month)
            #expect(Instant.rangeBound("today")?.span == .day)
            #expect(Instant.rangeBound("now")?.span == .instant)
        }
        for refused in ["2025-13", "2025-00", "0000", "202", "20255", "2025-9", "2025-", "-2025", "２０２５", "2025/09", "10000"] {
            #expect(Instant.rangeStart(refused) == nil, "\(refused)")
            #expect(Instant.rangeEnd(refused) == nil, "\(refused)")
        }
    }

    @Test func writableYearsAndClamping() {
        #expect(Instant.isWritable(0))
        #expect(!Instant.isWritable(Int64.max))
        #expect(Instant.clamped(Int64.min) == -62_135_596_800)
        #expect(Instant.interpolate(from: Int64.min, to: Int64.max, step: 1, of: 2) == -1)
    }
}
