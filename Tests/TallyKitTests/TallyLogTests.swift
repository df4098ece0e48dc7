// The log: every change records one event per counter with its instant, undo removes the
// events of the change it reverts, and the reports (log, stats per period, show's
// figures) sum them in local time, a daylight-saving day included. Against the in-memory
// store; the SQLite store follows the same contract (TallyStoreTests).

import Testing
import MoneyKitPlatform
import TallyKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// London's rule, with no zone file needed: BST from the last Sunday of March 01:00 UTC
/// to the last Sunday of October. The process is in it while these tests run (the zone
/// is shared with tests running the tools in-process: see LocalZoneSharing).
struct InLondon: SuiteTrait, TestTrait, TestScoping {
    static let rule = "GMT0BST,M3.5.0/1,M10.5.0"
    var isRecursive: Bool { true }

    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        LocalZoneSharing.enter(Self.rule, apply: { setenv("TZ", $0, 1); tzset() })
        defer { LocalZoneSharing.leave() }
        try await function()
    }
}

/// A tally whose clock the test moves.
final class Clock: @unchecked Sendable {
    var seconds: Double
    init(_ seconds: Double) { self.seconds = seconds }
}

func clockedTally(_ clock: Clock, _ repository: InMemoryTallyRepository = InMemoryTallyRepository()) -> Tally {
    Tally(repository: repository, now: { clock.seconds })
}

@Suite(.serialized, InLondon()) struct TallyLogTests {

    /// 2026-03-29 is the day BST starts (23 hours); 2026-03-28 00:00 GMT.
    static let dayBefore: Double = 1_774_656_000

    @Test func everyChangeRecordsOneEventWithItsInstantAndCountAfter() throws {
        let clock = Clock(testNow)
        let tally = clockedTally(clock)
        _ = try tally.create(name: "x", start: 5, step: 2)
        clock.seconds += 1
        try tally.increment("x", times: 3)
        clock.seconds += 1
        try tally.decrement("x")
        try tally.add(-10, to: "x")
        try tally.set("x", to: 40)
        try tally.reset("x")
        try tally.rename("x", to: "y")
        try tally.setStep("y", to: -4)
        try tally.setPinned("y", true)
        try tally.setPinned("y", true)  // already pinned: no change, no event
        try tally.setPinned("y", false)
        _ = try tally.feed("y", lines: 2, session: "feed y (pid 1)")
        let log = try tally.log(of: "y")
        #expect(log.events.map(\.kind) == [.new, .inc, .dec, .add, .set, .reset, .rename, .step, .pin, .unpin, .feed])
        #expect(log.events.map(\.countAfter) == [5, 11, 9, -1, 40, 5, 5, 5, 5, 5, -3])
        #expect(log.events.map(\.change) == [0, 6, -2, -10, 41, -35, 0, 0, 0, 0, -8])
        #expect(log.events.map(\.at) == [testNow, testNow + 1] + Array(repeating: testNow + 2, count: 9))
        #expect(log.events[6].oldValue == "x" && log.events[6].newValue == "y")
        #expect(log.events[7].oldValue == "2" && log.events[7].newValue == "-4")
    }

    @Test func undoRemovesExactlyTheEventsOfTheChangeItReverts() throws {
        let clock = Clock(testNow)
        let repository = InMemoryTallyRepository()
        let tally = clockedTally(clock, repository)
        _ = try tally.create(name: "a")
        _ = try tally.create(name: "b")
        try tally.increment("a")
        let before = repository.load()
        try tally.increment("a", times: 2)
        #expect(repository.load().events.count == before.events.count + 1)
        #expect(try tally.undo() == "inc a")
        #expect(repository.load() == before)
        // A removal of two counters is one change: undo brings both back with their logs.
        try tally.remove(["a", "b"])
        #expect(tallyError { _ = try tally.log(of: "a") } == .notFound("a", known: []))
        #expect(try tally.undo() == "rm a, b")
        #expect(repository.load() == before)
        #expect(try tally.log(of: "a").events.map(\.kind) == [.new, .inc])
        // An import is one change too; its undo removes every imported counter's event.
        let incoming = [
            ImportedCounter(name: "c", count: 3, start: 0, step: 1, pinned: false, created: "2026-01-01T00:00:00Z"),
            ImportedCounter(name: "d", count: 4, start: 0, step: 1, pinned: false, created: "2026-01-01T00:00:00Z"),
        ]
        _ = try tally.importCounters(incoming, source: "-", onClash: .error)
        #expect(repository.load().events.count == before.events.count + 2)
        #expect(try tally.undo() == "import 2 counters")
        // Serials are never reused: only the next serial stays moved on.
        var after = repository.load()
        #expect(after.nextSerial == before.nextSerial + 2)
        after.nextSerial = before.nextSerial
        #expect(after == before)
    }

    @Test func aFeedSessionIsOneChangeAndOneUndoRemovesAllItsEvents() throws {
        let repository = try store([counter("x", serial: 1)])
        let tally = makeTally(repository)
        let before = repository.load()
        for _ in 1...3 { _ = try tally.feed("x", lines: 2, session: "feed x (pid 9)") }
        #expect(repository.load().events.count == 3)
        #expect(repository.load().undo.map(\.action) == ["feed x (pid 9)"])
        #expect(try tally.undo() == "feed x (pid 9)")
        #expect(repository.load() == before)
    }

    @Test func aDeletedCountersLogGoesOnceItsRemovalCanNoLongerBeUndone() throws {
        let repository = InMemoryTallyRepository(undoLimit: 3)
        let tally = makeTally(repository)
        _ = try tally.create(name: "gone")
        _ = try tally.create(name: "kept")
        try tally.remove(["gone"])
        #expect(repository.load().events.contains { $0.serial == 1 })
        for _ in 1...3 { try tally.increment("kept") }
        // "rm gone" has left the undo history: its log is gone; kept's is whole.
        #expect(!repository.load().events.contains { $0.serial == 1 })
        #expect(try tally.log(of: "kept").events.count == 4)
        #expect(repository.load().undo.count == 3)
    }

    @Test func theLogIsFilteredByInstantInclusive() throws {
        let clock = Clock(1000)
        let tally = clockedTally(clock)
        _ = try tally.create(name: "x")
        for second in [2000.0, 3000, 4000] {
            clock.seconds = second
            try tally.increment("x")
        }
        #expect(try tally.log(of: "x", from: 2000, through: 3000).events.map(\.at) == [2000, 3000])
        #expect(try tally.log(of: "x", from: 3001).events.map(\.at) == [4000])
        #expect(tallyError { _ = try tally.log(of: "x", from: 3000, through: 2000) } == .rangeEndsBeforeStart(from: 3000, through: 2000))
    }

    @Test func statsByDayListsEveryDayWithZerosAndSumsInLocalTime() throws {
        let clock = Clock(Self.dayBefore + 3600)  // 28 March 01:00 GMT
        let tally = clockedTally(clock)
        _ = try tally.create(name: "x")
        try tally.increment("x")
        // 29 March (BST from 01:00 UTC): 00:30 local is 00:30 UTC, 23:30 local is 22:30 UTC.
        clock.seconds = Self.dayBefore + 86_400 + 1800
        try tally.add(5, to: "x")
        clock.seconds = Self.dayBefore + 2 * 86_400 - 1800 - 3600
        try tally.decrement("x")
        // 31 March 12:00 BST.
        clock.seconds = Self.dayBefore + 3 * 86_400 + 11 * 3600
        try tally.set("x", to: 100)
        let stats = try tally.stats(of: "x", by: .day)
        #expect(stats.rows.map(\.label) == ["2026-03-28", "2026-03-29", "2026-03-30", "2026-03-31"])
        #expect(stats.rows.map(\.change) == [1, 4, 0, 95])
        #expect(stats.rows.map(\.events) == [2, 2, 0, 1])
        // The DST day is 23 hours long: the next day starts at 23:00 UTC.
        #expect(stats.rows[2].start - stats.rows[1].start == 23 * 3600)
        let hours = try tally.stats(of: "x", by: .hour, from: Int64(Self.dayBefore) + 86_400, through: Int64(Self.dayBefore) + 2 * 86_400 - 3601)
        #expect(hours.rows.count == 23)
        #expect(hours.rows.map(\.label).contains("2026-03-29 00:00"))
        #expect(!hours.rows.map(\.label).contains("2026-03-29 01:00"))  // the hour the clock skips
        #expect(hours.rows.first?.change == 5 && hours.rows.last?.change == -1)
    }

    @Test func statsByWeekStartOnMondayAndByMonthOnTheFirst() throws {
        let clock = Clock(Self.dayBefore)  // Saturday 28 March 2026
        let tally = clockedTally(clock)
        _ = try tally.create(name: "x")
        try tally.increment("x")
        clock.seconds = Self.dayBefore + 2 * 86_400  // Monday 30 March
        try tally.increment("x", times: 2)
        clock.seconds = Self.dayBefore + 5 * 86_400  // Thursday 2 April
        try tally.increment("x", times: 4)
        let weeks = try tally.stats(of: "x", by: .week)
        #expect(weeks.rows.map(\.label) == ["2026-03-23", "2026-03-30"])
        #expect(weeks.rows.map(\.change) == [1, 6])
        let months = try tally.stats(of: "x", by: .month)
        #expect(months.rows.map(\.label) == ["2026-03", "2026-04"])
        #expect(months.rows.map(\.change) == [3, 4])
    }

    @Test func showsFiguresSumTodayThisWeekAndAllTime() throws {
        let clock = Clock(Self.dayBefore - 86_400 * 5)  // Monday 23 March
        let tally = clockedTally(clock)
        _ = try tally.create(name: "x")
        try tally.add(10, to: "x")
        clock.seconds = Self.dayBefore + 2 * 86_400 + 7200  // Monday 30 March 03:00 BST
        try tally.add(3, to: "x")
        clock.seconds += 86_400  // Tuesday
        try tally.add(-1, to: "x")
        try tally.add(4, to: "x")
        let (counter, figures) = try tally.figures(of: "x", days: 14)
        #expect(counter.count == 16)
        #expect(figures.today == 3)
        #expect(figures.thisWeek == 6)
        #expect(figures.allTime == 16)
        #expect(figures.events == 5)
        #expect(figures.lastDays.count == 14)
        #expect(figures.lastDays.suffix(2) == [3, 3])
        #expect(figures.lastDays[figures.lastDays.count - 9] == 10)
    }

    @Test func aNetChangeBeyondTheRangeIsAnErrorNotAWrap() throws {
        let tally = makeTally()
        _ = try tally.create(name: "x", start: .min)
        try tally.set("x", to: .max)  // one change of 2^64 - 1
        #expect(tallyError { _ = try tally.figures(of: "x") } == .netChangeOverflow(counter: "x"))
        #expect(tallyError { _ = try tally.stats(of: "x", by: .day) } == .netChangeOverflow(counter: "x"))
        #expect(try tally.log(of: "x").events.last?.change == nil)
    }
}

/// The JSON store's undo history comes over as change groups: each undo after the move
/// reverts exactly what the JSON store's undo would have.
@Suite struct LegacyUndoTests {
    @Test func everyKindOfStepRevertsAsBefore() throws {
        // Built by the rules on a store, then written as the JSON store held it.
        let a = counter("a", count: 5, serial: 1)
        let renamed = counter("b", count: 5, serial: 1)
        let created = counter("c", count: 0, serial: 2)
        let document = TallyDocument(
            counters: [renamed, created], nextSerial: 3,
            undo: [
                UndoStep(action: "inc a", before: [counter("a", count: 4, serial: 1)], after: ["a"]),
                UndoStep(action: "rename a to b", before: [a], after: ["b"]),
                UndoStep(action: "new c", before: [], after: ["c"]),
            ])
        #expect(document.changeGroups().map(\.action) == ["inc a", "rename a to b", "new c"])
        let tally = makeTally(try InMemoryTallyRepository(document))
        #expect(try tally.undo() == "new c")
        #expect(try tally.list().rows.map(\.name) == ["b"])
        #expect(try tally.undo() == "rename a to b")
        #expect(try tally.counter(named: "a") == a)
        #expect(try tally.undo() == "inc a")
        #expect(try tally.counter(named: "a").count == 4)
        #expect(tallyError { _ = try tally.undo() } == .nothingToUndo)
    }
}
