// Undo: every change is one step, reverted whole (a delete, a rename, an import
// included); the newest 100 are kept; a screen's undo touches only its own counter.

import MoneyKitStorage
import Testing
import TallyKit

@Suite struct UndoTests {
    func tallyWithThree() throws -> Tally {
        makeTally(try store([
            counter("x", count: 10, start: 10, step: 3, serial: 1),
            counter("p", count: 1, pinned: true, serial: 2),
            counter("o", count: 2, serial: 3),
        ]))
    }

    @Test(arguments: [
        ("inc", "inc x"), ("dec", "dec x"), ("add", "add -5 to x"), ("set", "set x"), ("reset", "reset x"),
        ("rename", "rename x to renamed"), ("step", "step x"), ("pin", "pin x"), ("unpin", "unpin p"),
        ("rm", "rm x"), ("rm several", "rm x, p, o"), ("new", "new fresh"), ("new unnamed", "new New Counter 1"),
    ])
    func oneUndoRevertsOneChangeExactly(change: String, action: String) throws {
        let tally = try tallyWithThree()
        let before = try tally.repository.load()
        switch change {
        case "inc": try tally.increment("x", times: 4)
        case "dec": try tally.decrement("x", times: 2)
        case "add": try tally.add(-5, to: "x")
        case "set": try tally.set("x", to: 99)
        case "reset": try tally.reset("x")
        case "rename": try tally.rename("x", to: "renamed")
        case "step": try tally.setStep("x", to: -7)
        case "pin": try tally.setPinned("x", true)
        case "unpin": try tally.setPinned("p", false)
        case "rm": try tally.remove(["x"])
        case "rm several": try tally.remove(["x", "P", "o", "x"])
        case "new": _ = try tally.create(name: "fresh", pinned: true)
        default: _ = try tally.create(name: nil)
        }
        #expect((try tally.repository.load()) != before)
        #expect(try tally.undo() == action)
        let after = try tally.repository.load()
        // Everything is back; a created counter's serial stays used.
        #expect(Set(after.counters.map(\.name)) == Set(before.counters.map(\.name)))
        for stored in before.counters { #expect(try tally.counter(named: stored.name) == stored) }
        #expect(after.undo.isEmpty)
    }

    @Test func severalLevelsUndoInReverseOrderDownToNothing() throws {
        let tally = makeTally()
        _ = try tally.create(name: "x")
        try tally.increment("x")
        try tally.rename("x", to: "y")
        try tally.remove(["y"])
        #expect(try tally.undo() == "rm y")
        #expect(try tally.undo() == "rename x to y")
        #expect(try tally.counter(named: "x").count == 1)
        #expect(try tally.undo() == "inc x")
        #expect(try tally.undo() == "new x")
        #expect((try tally.repository.load()).counters.isEmpty)
        #expect(tallyError { _ = try tally.undo() } == .nothingToUndo)
    }

    @Test func failedChangesLeaveNothingToUndo() throws {
        let tally = try tallyWithThree()
        try tally.set("x", to: 0)
        _ = tallyError { _ = try tally.create(name: "x") }
        _ = tallyError { try tally.setStep("x", to: 0) }
        _ = tallyError { try tally.increment("nope") }
        _ = tallyError { try tally.remove(["o", "nope"]) }
        #expect((try tally.repository.load()).undo.map(\.action) == ["set x"])
        #expect(try tally.counter(named: "o").count == 2)
    }

    @Test func theNewestHundredChangesAreKept() throws {
        let tally = makeTally()
        _ = try tally.create(name: "x")
        for value in 1...100 { try tally.set("x", to: Int64(value)) }
        let undo = try tally.repository.load().undo
        #expect(undo.count == UndoHistory.stepsKept)
        #expect(UndoHistory.stepsKept == 100)
        #expect(try tally.repository.load().events.count == 101)  // the log keeps every change, "new x" included
        #expect(undo.first?.action == "set x")
        for _ in 1...100 { _ = try tally.undo() }
        #expect(try tally.counter(named: "x").count == 0)
        #expect(tallyError { _ = try tally.undo() } == .nothingToUndo)
    }

    @Test func aScreensUndoTouchesOnlyItsCounter() throws {
        let tally = try tallyWithThree()
        try tally.increment("x")
        try tally.increment("o")
        #expect(tallyError { _ = try tally.undo(concerning: "x") } == .lastChangeConcernsAnotherCounter(action: "inc o"))
        #expect(try tally.counter(named: "o").count == 3)
        #expect(try tally.undo(concerning: "o") == "inc o")
        #expect(try tally.undo(concerning: "x") == "inc x")
        #expect(try tally.counter(named: "x").count == 10)
        #expect(tallyError { _ = try tally.undo(concerning: "x") } == .nothingToUndo)
    }

    @Test func aDeletedCounterComesBackWholeAndWorks() throws {
        let tally = try tallyWithThree()
        let before = try tally.counter(named: "p")
        try tally.remove(["p"])
        #expect(try tally.undo() == "rm p")
        #expect(try tally.counter(named: "p") == before)
        #expect(try tally.increment("p").count == 2)
    }
}
