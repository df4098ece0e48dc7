// Counting: inc, dec, add, set, reset and feed; steps and counts are 64-bit and an
// overflow is refused with nothing stored; every change is one undo step named after the
// stored name.

import Testing
import TallyKit

@Suite struct CountingTests {
    /// x counts from 10 by 3, start 10.
    func tallyWithX() throws -> Tally {
        makeTally(try store([counter("x", count: 10, start: 10, step: 3, serial: 1)]))
    }

    @Test func eachChangeReturnsTheCounterAsStored() throws {
        let tally = try tallyWithX()
        #expect(try tally.increment("x").count == 13)
        #expect(try tally.increment("x", times: 4).count == 25)
        #expect(try tally.decrement("x").count == 22)
        #expect(try tally.decrement("x", times: 10).count == -8)
        #expect(try tally.add(5, to: "x").count == -3)
        #expect(try tally.add(-5, to: "x").count == -8)
        #expect(try tally.set("x", to: 42).count == 42)
        #expect(try tally.reset("x").count == 10)
        #expect(try tally.counter(named: "x").count == 10)
    }

    @Test func aNegativeStepCountsDown() throws {
        let tally = makeTally()
        _ = try tally.create(name: "down", start: 5, step: -2)
        #expect(try tally.increment("down").count == 3)
        #expect(try tally.decrement("down", times: 3).count == 9)
    }

    @Test func theActionNamesTheStoredName() throws {
        let tally = try tallyWithX()
        try tally.increment("X")
        try tally.add(-5, to: "X")
        try tally.set("x", to: 1)
        try tally.setStep("X", to: -7)
        try tally.setPinned("X", true)
        #expect((try tally.repository.load()).undo.map(\.action) == ["inc x", "add -5 to x", "set x", "step x", "pin x"])
    }

    @Test(arguments: [
        (Int64.max - 1, Int64(1), "inc", Int64(2)),
        (Int64.max, Int64(1), "add", Int64(1)),
        (Int64.min + 1, Int64(1), "dec", Int64(2)),
        (Int64.min, Int64(1), "add", Int64(-1)),
    ])
    func anOverflowIsRefusedAndNothingStored(count: Int64, step: Int64, operation: String, operand: Int64) throws {
        let repository = try store([counter("edge", count: count, step: step, serial: 1)])
        let before = repository.load()
        let tally = makeTally(repository)
        let error = tallyError {
            switch operation {
            case "inc": try tally.increment("edge", times: operand)
            case "dec": try tally.decrement("edge", times: operand)
            default: try tally.add(operand, to: "edge")
            }
        }
        let delta = operation == "dec" ? -operand * step : operand * step
        #expect(error == .countOverflow(counter: "edge", count: count, delta: delta))
        #expect(repository.load() == before)
    }

    @Test func tooManyStepsOverflowBeforeTheCountIsTouched() throws {
        let repository = try store([counter("big step", step: Int64.max / 2 + 1, serial: 1)])
        let tally = makeTally(repository)
        #expect(tallyError { try tally.increment("big step", times: 2) } == .stepsOverflow(times: 2, step: Int64.max / 2 + 1))
        #expect(tallyError { try tally.decrement("big step", times: 3) } == .stepsOverflow(times: -3, step: Int64.max / 2 + 1))
        #expect(tallyError { try tally.decrement("big step", times: .max) } == .stepsOverflow(times: -.max, step: Int64.max / 2 + 1))
        #expect(repository.load().undo.isEmpty)
    }

    @Test func theEdgesThemselvesAreReachable() throws {
        let tally = makeTally(try store([counter("top", count: Int64.max - 1, serial: 1), counter("bottom", count: Int64.min + 1, serial: 2)]))
        #expect(try tally.increment("top").count == .max)
        #expect(try tally.decrement("bottom").count == .min)
        #expect(try tally.set("top", to: .min).count == .min)
    }

    @Test func fewerThanOneStepIsRefused() throws {
        let tally = try tallyWithX()
        #expect(tallyError { try tally.increment("x", times: 0) } == .timesBelowOne(0))
        #expect(tallyError { try tally.decrement("x", times: .min) } == .timesBelowOne(.min))
    }

    @Test func aStepOfZeroIsRefused() throws {
        let tally = try tallyWithX()
        #expect(tallyError { _ = try tally.create(name: "z", step: 0) } == .zeroStep)
        #expect(tallyError { try tally.setStep("x", to: 0) } == .zeroStep)
        #expect(try tally.counter(named: "x").step == 3)
        #expect((try tally.repository.load()).counters.count == 1)
    }

    @Test func createRecordsEverythingGiven() throws {
        let tally = makeTally()
        #expect(try tally.create(name: "push-ups", start: 5, step: 10, pinned: true) == "push-ups")
        let stored = try tally.counter(named: "push-ups")
        #expect(stored == Counter(name: "push-ups", count: 5, start: 5, step: 10, pinned: true, created: "2026-11-21T10:55:28Z", serial: 1))
        #expect((try tally.repository.load()).nextSerial == 2)
    }

    @Test func pinningAPinnedCounterIsNoChange() throws {
        let tally = makeTally(try store([counter("p", pinned: true, serial: 1)]))
        try tally.setPinned("p", true)
        #expect((try tally.repository.load()).undo.isEmpty)
        try tally.setPinned("p", false)
        #expect((try tally.repository.load()).undo.map(\.action) == ["unpin p"])
    }

    @Test func theLastSerialIsUsableAndThenAClearError() throws {
        let tally = makeTally(try store([counter("a", serial: 1)], nextSerial: Int64.max - 2))
        #expect(try tally.create(name: "b") == "b")
        #expect(tallyError { _ = try tally.create(name: "c") } == .noSerialLeft(nextSerial: Int64.max - 1))
        #expect((try tally.repository.load()).counters.map(\.name) == ["a", "b"])
    }

    @Test func aFeedSessionIsOneUndoStep() throws {
        let tally = try tallyWithX()
        let session = UndoStep.feedAction(counter: "x", processID: 4242)
        #expect(session == "feed x (pid 4242)")
        #expect(try tally.feed("x", lines: 2, session: session) == 16)
        #expect(try tally.feed("x", lines: 1, session: session) == 19)
        #expect((try tally.repository.load()).undo.map(\.action) == [session])
        // Another session is another step.
        #expect(try tally.feed("x", lines: 1, session: UndoStep.feedAction(counter: "x", processID: 7)) == 22)
        #expect((try tally.repository.load()).undo.count == 2)
        #expect(try tally.undo() == "feed x (pid 7)")
        #expect(try tally.undo() == session)
        #expect(try tally.counter(named: "x").count == 10)
    }

    @Test func aFeedThatOverflowsStoresNothing() throws {
        let repository = try store([counter("top", count: .max, serial: 1)])
        #expect(tallyError { _ = try makeTally(repository).feed("top", lines: 2, session: "feed top (pid 1)") }
            == .countOverflow(counter: "top", count: .max, delta: 2))
        #expect(repository.load().undo.isEmpty)
    }
}
