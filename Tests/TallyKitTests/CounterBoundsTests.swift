// Goals and bounds: a change beyond a bound is refused with nothing stored (every way a
// count changes), a goal is reached once when the count gets to it from the start (either
// direction), and goal and bounds can be set and cleared only in a way that fits.
// Only the Tally API is used, so the tests hold for any repository.

import Testing
import TallyKit

@Suite struct CounterBoundsTests {
    /// "b": count 5, start 0, step 2, bounds 0...10.
    func bounded(goal: Int64? = nil) throws -> Tally {
        let tally = makeTally()
        try tally.create(name: "b", step: 2, settings: NewCounterSettings(goal: goal, minimum: 0, maximum: 10))
        try tally.set("b", to: 5)
        return tally
    }

    static let beyond: [(String, @Sendable (Tally) throws -> Void, CounterBound, Int64, Int64)] = [
        ("inc ×3", { try $0.increment("b", times: 3) }, .maximum, 10, 11),
        ("dec ×3", { try $0.decrement("b", times: 3) }, .minimum, 0, -1),
        ("add 6", { try $0.add(6, to: "b") }, .maximum, 10, 11),
        ("add -6", { try $0.add(-6, to: "b") }, .minimum, 0, -1),
        ("set 11", { try $0.set("b", to: 11) }, .maximum, 10, 11),
        ("set -1", { try $0.set("b", to: -1) }, .minimum, 0, -1),
        ("feed 3", { _ = try $0.feed("b", lines: 3, session: "feed b (pid 1)") }, .maximum, 10, 11),
    ]

    @Test(arguments: 0..<beyond.count)
    func aChangeBeyondABoundIsRefusedAndNothingStored(index: Int) throws {
        let (what, change, bound, limit, reached) = Self.beyond[index]
        let tally = try bounded()
        let before = try tally.list()
        let error = tallyError { try change(tally) }
        #expect(error == .beyondBound(counter: "b", bound: bound, limit: limit, count: reached), "\(what)")
        #expect(try tally.list() == before, "\(what)")
        // The newest undo step is still the set before it.
        #expect(try tally.undo() == "set b")
    }

    @Test func aChangeUpToABoundIsAllowed() throws {
        let tally = try bounded()
        #expect(try tally.set("b", to: 10).count == 10)
        #expect(try tally.set("b", to: 0).count == 0)
        #expect(try tally.reset("b").count == 0)
    }

    @Test func theGoalIsReachedOnceGoingUp() throws {
        let tally = try bounded(goal: 8)
        #expect(try tally.increment("b").reachedGoal == false)  // 7
        #expect(try tally.increment("b").reachedGoal == true)  // 9: past the goal
        #expect(try tally.decrement("b", times: 0 + 1).reachedGoal == false)  // 7
        #expect(try tally.set("b", to: 8).reachedGoal == true)  // exactly
        #expect(try tally.add(1, to: "b").reachedGoal == false)  // already there
        #expect(try tally.reset("b").reachedGoal == false)
    }

    @Test func aGoalBelowTheStartIsACountdown() throws {
        let tally = makeTally()
        try tally.create(name: "down", start: 10, step: -1, settings: NewCounterSettings(goal: 7))
        #expect(try tally.increment("down", times: 2).reachedGoal == false)  // 8
        #expect(try tally.increment("down").reachedGoal == true)  // 7
        #expect(try tally.counter(named: "down").reachesGoal(7))
        #expect(!(try tally.counter(named: "down").reachesGoal(8)))
    }

    @Test func progressRunsFromTheStartToTheGoal() throws {
        let tally = makeTally()
        try tally.create(name: "p", start: 10, settings: NewCounterSettings(goal: 50))
        #expect(GoalProgress(try tally.counter(named: "p"))?.percent == 0)
        try tally.set("p", to: 20)
        #expect(GoalProgress(try tally.counter(named: "p"))?.percent == 25)
        #expect(GoalProgress(try tally.counter(named: "p"))?.summary == "50 (25%)")
        try tally.set("p", to: 0)  // moving away: 0%, never negative
        #expect(GoalProgress(try tally.counter(named: "p"))?.fraction == 0)
        try tally.set("p", to: 49)
        #expect(GoalProgress(try tally.counter(named: "p"))?.percent == 97)
        try tally.set("p", to: 60)
        #expect(GoalProgress(try tally.counter(named: "p"))?.summary == "50 (reached)")
        try tally.create(name: "none")
        #expect(GoalProgress(try tally.counter(named: "none")) == nil)
    }

    @Test func progressAcrossTheWholeRangeDoesNotTrap() throws {
        let tally = makeTally()
        try tally.create(name: "wide", start: .min, settings: NewCounterSettings(goal: .max))
        try tally.set("wide", to: 0)
        let progress = try #require(GoalProgress(try tally.counter(named: "wide")))
        #expect(progress.percent == 49 || progress.percent == 50)
    }

    static let misfits: [(String, NewCounterSettings, BoundsFault)] = [
        ("min above max", NewCounterSettings(minimum: 5, maximum: 4), .minimumAboveMaximum(minimum: 5, maximum: 4)),
        ("start below min", NewCounterSettings(minimum: 1), .outside(what: "start", value: 0, bound: .minimum, limit: 1)),
        ("start above max", NewCounterSettings(maximum: -1), .outside(what: "start", value: 0, bound: .maximum, limit: -1)),
        ("goal above max", NewCounterSettings(goal: 20, maximum: 10), .outside(what: "goal", value: 20, bound: .maximum, limit: 10)),
    ]

    @Test(arguments: 0..<misfits.count)
    func aNewCounterWhoseBoundsDoNotFitIsNotCreated(index: Int) throws {
        let (what, settings, fault) = Self.misfits[index]
        let tally = makeTally()
        #expect(tallyError { try tally.create(name: "n", settings: settings) } == .badBounds(counter: "n", fault), "\(what)")
        #expect(try tally.list().rows.isEmpty)
    }

    @Test func goalAndBoundsAreSetAndClearedAsOneUndoStepEach() throws {
        let tally = try bounded()
        try tally.setGoalAndBounds("B", goal: .value(9))
        #expect(try tally.counter(named: "b").goal == 9)
        try tally.setGoalAndBounds("b", minimum: .clear, maximum: .value(20))
        let changed = try tally.counter(named: "b")
        #expect(changed.minimum == nil && changed.maximum == 20 && changed.goal == 9)
        #expect(try tally.set("b", to: -100).count == -100)  // no minimum any more
        _ = try tally.undo()
        #expect(try tally.undo() == "bounds b")
        #expect(try tally.counter(named: "b").minimum == 0)
        #expect(try tally.undo() == "goal b")
        #expect(try tally.counter(named: "b").goal == nil)
    }

    @Test func boundsThatExcludeTheCountAreRefused() throws {
        let tally = try bounded(goal: 8)
        let before = try tally.list()
        #expect(tallyError { try tally.setGoalAndBounds("b", maximum: .value(4)) }
            == .badBounds(counter: "b", .outside(what: "count", value: 5, bound: .maximum, limit: 4)))
        #expect(tallyError { try tally.setGoalAndBounds("b", goal: .value(11)) }
            == .badBounds(counter: "b", .outside(what: "goal", value: 11, bound: .maximum, limit: 10)))
        #expect(tallyError { try tally.setGoalAndBounds("b", minimum: .value(6)) }
            == .badBounds(counter: "b", .outside(what: "start", value: 0, bound: .minimum, limit: 6)))
        #expect(try tally.list() == before)
    }

    @Test func settingWhatIsAlreadySetRecordsNothing() throws {
        let tally = try bounded()
        try tally.setGoalAndBounds("b", minimum: .value(0))
        #expect(try tally.undo() == "set b")
    }

    @Test func undoRestoresACountAndItsBoundsExactly() throws {
        let tally = try bounded()
        try tally.setGoalAndBounds("b", maximum: .clear)
        try tally.set("b", to: 50)
        _ = try tally.undo()
        _ = try tally.undo()
        let back = try tally.counter(named: "b")
        #expect(back.count == 5 && back.maximum == 10)
    }
}
