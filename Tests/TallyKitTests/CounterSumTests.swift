// tally sum and reset --all: the total of the counts (all, or those with every tag given)
// with checked arithmetic, and every (matching) counter back to its start as one undo step.

import Testing
import TallyKit

@Suite struct CounterSumTests {
    func tally() throws -> Tally {
        let tally = makeTally()
        try tally.create(name: "a", start: 2, settings: NewCounterSettings(tags: ["x"]))
        try tally.create(name: "b", settings: NewCounterSettings(tags: ["x", "y"]))
        try tally.create(name: "c", start: -1)
        try tally.set("a", to: 10)
        try tally.set("b", to: 7)
        try tally.set("c", to: 4)
        return tally
    }

    @Test func sumsAllOrTheTagged() throws {
        let tally = try tally()
        #expect(try tally.sum() == CounterSum(total: 21, counters: 3, tags: []))
        #expect(try tally.sum(tags: ["X"]) == CounterSum(total: 17, counters: 2, tags: ["X"]))
        #expect(try tally.sum(tags: ["x", "y"]).total == 7)
        #expect(try tally.sum(tags: ["none"]) == CounterSum(total: 0, counters: 0, tags: ["none"]))
    }

    @Test func anOverflowingSumIsAnErrorNotATrap() throws {
        let tally = makeTally()
        try tally.create(name: "a", start: .max)
        try tally.create(name: "b", start: 1)
        #expect(tallyError { _ = try tally.sum() } == .sumOverflow(counters: 2))
        try tally.create(name: "c", start: -1)  // the total fits again, whatever the order of adding
        #expect(try tally.sum().total == .max)
        #expect(try CounterSum.of([counter("a", count: .max, serial: 1), counter("b", count: 1, serial: 2), counter("c", count: -1, serial: 3)], tags: []).total == .max)
        #expect(try CounterSum.of([counter("a", count: .min, serial: 1), counter("b", count: -1, serial: 2), counter("c", count: 1, serial: 3)], tags: []).total == .min)
        #expect(tallyError { _ = try CounterSum.of([counter("a", count: .max, serial: 1), counter("b", count: .max, serial: 2), counter("c", count: .max, serial: 3)], tags: []) } == .sumOverflow(counters: 3))
        let low = makeTally()
        try low.create(name: "a", start: .min)
        try low.create(name: "b", start: -1)
        #expect(tallyError { _ = try low.sum() } == .sumOverflow(counters: 2))
    }

    @Test func resetAllIsOneUndoStep() throws {
        let tally = try tally()
        let reset = try tally.resetAll()
        #expect(Set(reset.map(\.name)) == ["a", "b", "c"])
        #expect(try tally.list().rows.map(\.count) == [-1, 0, 2])
        #expect(try tally.undo() == "reset 3 counters")
        #expect(try tally.list().rows.map(\.count) == [4, 7, 10])
    }

    @Test func resetAllWithTagsLeavesTheOthers() throws {
        let tally = try tally()
        #expect(try tally.countersToReset(tags: ["y"]).map(\.name) == ["b"])
        try tally.resetAll(tags: ["y"])
        #expect(try tally.list().rows.map(\.count) == [4, 0, 10])
        #expect(try tally.undo() == "reset 1 counter tagged y")
    }

    @Test func countersAtTheirStartAreLeftAloneAndNothingToDoStoresNothing() throws {
        let tally = try tally()
        try tally.reset("c")
        #expect(try tally.countersToReset(tags: []).map(\.name).sorted() == ["a", "b"])
        try tally.resetAll()
        #expect(try tally.undo() == "reset 2 counters")
        try tally.resetAll()
        #expect(try tally.resetAll().isEmpty)
        #expect(try tally.undo() == "reset 2 counters")
        #expect(try tally.undo() == "reset c")
    }
}
