// A store's days beginning after midnight (issue 29, item 2): stats per day, week and
// month, show's today and sparkline count a night past midnight as the day it began, a
// daylight-saving night included; the setting is kept per store, undone like any change,
// and a command may give its own.

import Testing
import MoneyKitPlatform
import PostgresTestSupport
import TallyKit

@Suite(.serialized, InLondon(), .postgresCluster) struct DayStartTests {
    /// 2026-03-28 00:00 GMT, a Saturday: BST begins at 01:00 GMT on Sunday the 29th.
    static let saturday: Int64 = 1_774_656_000
    static let hour: Int64 = 3600

    @Test func aDayBeginsAtItsTimeAndLastsUntilTheNextOnesAcrossDaylightSaving() {
        let six = 6 * 60
        // Saturday 02:00 belongs to Friday's day; Saturday 06:00 begins Saturday's.
        #expect(Instant.startOfDay(containing: Self.saturday + 2 * Self.hour, beginningAt: six) == Self.saturday - 18 * Self.hour)
        #expect(Instant.startOfDay(containing: Self.saturday + 6 * Self.hour, beginningAt: six) == Self.saturday + 6 * Self.hour)
        // Saturday's day runs to Sunday 06:00 BST, 05:00 GMT: 23 hours.
        let sunday = Instant.startOfNextDay(after: Self.saturday + 6 * Self.hour, beginningAt: six)
        #expect(sunday == Self.saturday + 29 * Self.hour)
        #expect(Instant.startOfDay(containing: Self.saturday + 28 * Self.hour, beginningAt: six) == Self.saturday + 6 * Self.hour)
        #expect(Instant.startOfDay(containing: Self.saturday + 2 * Self.hour, beginningAt: 0) == Self.saturday)
        #expect(CounterPeriod.week.start(containing: Self.saturday + 28 * Self.hour, dayStart: six) == Self.saturday - 5 * 24 * Self.hour + 6 * Self.hour)
        #expect(CounterPeriod.month.start(containing: Self.saturday, dayStart: six) == Instant.local(year: 2026, month: 3, day: 1, hour: 6))
        // The 1st before 06:00 is still the month before.
        let april = Instant.local(year: 2026, month: 4, day: 1, hour: 3)!
        #expect(CounterPeriod.month.start(containing: april, dayStart: six) == Instant.local(year: 2026, month: 3, day: 1, hour: 6))
        #expect(CounterPeriod.month.next(after: Instant.local(year: 2026, month: 3, day: 1, hour: 6)!, dayStart: six) == Instant.local(year: 2026, month: 4, day: 1, hour: 6))
    }

    /// 01:30 does not exist on 2026-03-29 in London (01:00 GMT becomes 02:00 BST): a day
    /// beginning at 01:30 begins that day when the clock passes it, at 02:00 BST.
    @Test func aDayStartTheClockSkipsBeginsWhenTheClockPassesIt() {
        let sunday = Self.saturday + 24 * Self.hour
        #expect(Instant.startOfDay(containing: sunday + 3 * Self.hour, beginningAt: 90) == sunday + Self.hour)
        #expect(Instant.startOfDay(containing: sunday + Self.hour - 1, beginningAt: 90) == Self.saturday + 90 * 60)
        #expect(Instant.startOfNextDay(after: Self.saturday + 90 * 60, beginningAt: 90) == sunday + Self.hour)
    }

    @Test(arguments: [("06:00", 360, "06:00"), ("6:00", 360, "06:00"), (" 23:59 ", 1439, "23:59"), ("00:00", 0, "00:00")])
    func aTimeOfDayIsRead(text: String, minutes: Int, shown: String) {
        #expect(Instant.parseTimeOfDay(text) == minutes)
        #expect(Instant.timeOfDayText(minutes) == shown)
    }

    @Test(arguments: ["24:00", "6", "06:60", "6:0", "106:00", "", "06:00pm", "-1:00", "０6:00"])
    func anythingElseIsNoTimeOfDay(text: String) {
        #expect(Instant.parseTimeOfDay(text) == nil)
    }

    /// A night at a venue: Saturday 22:00 to Sunday 03:00, counted as Saturday.
    @Test func aNightPastMidnightIsOneDay() throws {
        let clock = Clock(Double(Self.saturday + 22 * Self.hour))
        let tally = clockedTally(clock)
        _ = try tally.create(name: "in")
        try tally.increment("in", times: 5)
        clock.seconds = Double(Self.saturday + 26 * Self.hour)  // Sunday 03:00 BST
        try tally.increment("in", times: 2)
        // Show, at Sunday 05:00 BST: today is still Saturday's night.
        clock.seconds = Double(Self.saturday + 28 * Self.hour)
        #expect(try tally.figures(of: "in", days: 3).1.lastDays == [0, 5, 2])
        #expect(try tally.figures(of: "in", days: 3, dayStart: 360).1.lastDays == [0, 0, 7])
        clock.seconds = Double(Self.saturday + 34 * Self.hour)  // Sunday 11:00 BST
        try tally.increment("in")
        let midnight = try tally.stats(of: "in", by: .day)
        #expect(midnight.rows.map(\.label) == ["2026-03-28", "2026-03-29"] && midnight.rows.map(\.change) == [5, 3])
        try tally.setDayStart(6 * 60)
        let night = try tally.stats(of: "in", by: .day)
        #expect(night.rows.map(\.label) == ["2026-03-28", "2026-03-29"] && night.rows.map(\.change) == [7, 1])
        #expect(try tally.stats(of: "in", by: .day, dayStart: 0).rows.map(\.change) == [5, 3])
        let (_, figures) = try tally.figures(of: "in", days: 3)
        #expect(figures.today == 1 && figures.lastDays == [0, 7, 1])
    }

    @Test func theDayStartIsKeptAndUndone() throws {
        let tally = makeTally()
        #expect(try tally.dayStart() == 0)
        try tally.setDayStart(360)
        try tally.setDayStart(360)
        #expect(try tally.dayStart() == 360)
        #expect(try tally.undo() == "day-starts 06:00")
        #expect(try tally.dayStart() == 0)
        #expect(tallyError { try tally.undo() } == .nothingToUndo)
        #expect(tallyError { try tally.setDayStart(1440) } == .badDayStart(minutes: 1440))
    }

    @Test func aCopyKeepsTheDayStart() throws {
        let tally = makeTally()
        #expect(try tally.setDayStart(360))
        #expect(try !tally.setDayStart(360))
        let target = InMemoryTallyRepository()
        _ = try tally.copy(to: target)
        #expect(try makeTally(target).dayStart() == 360)
        #expect(tallyError { _ = try makeTally(target).undo() } == .nothingToUndo)
    }

    @Test(arguments: TallyContractTests.backends)
    func everyStoreKeepsItsDayStart(backend: TallyBackend) throws {
        let (repository, keep) = try backend.makeStore()
        defer { withExtendedLifetime(keep) {} }
        let tally = Tally(repository: repository, now: { testNow })
        try tally.setDayStart(5 * 60 + 30)
        #expect(try tally.dayStart() == 330)
        try tally.setDayStart(0)
        #expect(try tally.dayStart() == 0)
        #expect(try tally.undo() == "day-starts 00:00")
        #expect(try tally.dayStart() == 330)
    }
}
