// The default name rule ("New Counter N", N the smallest free from 1 up) and the name
// rule where names enter (new, rename): the cases the end-to-end naming table checked
// through processes, now checked in-process.

import Testing
import MoneyKitStorage
import TallyKit

@Suite struct CounterNamingTests {
    @Test(arguments: [
        ([], "New Counter 1"),
        (["New Counter 1", "New Counter 2", "New Counter 3"], "New Counter 4"),
        (["New Counter 1", "New Counter 3"], "New Counter 2"),
        (["New Counter 2"], "New Counter 1"),
        (["New Counter 2", "New Counter 4"], "New Counter 1"),
        (["New Counter 1"], "New Counter 2"),
        (["coffee", "New Counter 2"], "New Counter 1"),
        (["New Counter 3"], "New Counter 1"),
        (["New Counter 01"], "New Counter 1"),
        (["New Counter"], "New Counter 1"),
        (["New Counter  2"], "New Counter 1"),
        (["new counter 1"], "New Counter 2"),
        (["NEW COUNTER 1", "New Counter 2"], "New Counter 3"),
        (["nEw CoUnTeR 1"], "New Counter 2"),
        (["New Counter 1a", "New Counter 1 x", "New Counter 1.0"], "New Counter 1"),
        (["New Counter -1", "New Counter +1"], "New Counter 1"),
        (["New Counter  1"], "New Counter 1"),
        (["New Counter ١"], "New Counter 1"),
        (["My New Counter 1"], "New Counter 1"),
        (["New Counter 999999999999999999999999"], "New Counter 1"),
        (["New Counter 999999999999999999"], "New Counter 1"),
    ] as [([String], String)])
    func theNextDefaultName(existing: [String], next: String) {
        #expect(CounterNaming.nextDefaultName(existing: existing) == next)
    }

    @Test func numbersAreReadOnlyFromThePlainForm() {
        #expect(CounterNaming.number(in: "New Counter 7") == 7)
        #expect(CounterNaming.number(in: "new counter 12") == 12)
        #expect(CounterNaming.number(in: "New Counter 0") == nil)
        #expect(CounterNaming.number(in: "New Counter 07") == nil)
        #expect(CounterNaming.number(in: "New Counter ") == nil)
        #expect(CounterNaming.number(in: "New Counter 1234567890123456789") == nil)
    }

    /// `create` without a name takes the next default name, and a freed number is taken
    /// again before new ones.
    @Test func unnamedCountersFillTheSmallestFreeNumber() throws {
        let tally = makeTally()
        for number in 1...5 { #expect(try tally.create(name: nil) == "New Counter \(number)") }
        try tally.remove(["New Counter 4", "New Counter 2"])
        #expect(try tally.create(name: nil) == "New Counter 2")
        #expect(try tally.create(name: nil) == "New Counter 4")
        #expect(try tally.create(name: nil) == "New Counter 6")
        try tally.rename("New Counter 1", to: "first")
        #expect(try tally.create(name: nil, pinned: true) == "New Counter 1")
        #expect(try tally.counter(named: "New Counter 1").pinned)
    }

    @Test func aNewNameIsStoredInNFCAndCheckedByTheNameRule() throws {
        let tally = makeTally()
        let decomposed = "Cafe\u{301}"
        #expect(try tally.create(name: decomposed) == "Caf\u{E9}")
        #expect((try tally.repository.load()).counters.map(\.name) == ["Caf\u{E9}"])
        #expect(tallyError { _ = try tally.create(name: "") } == .invalidName("", .empty))
        #expect(tallyError { _ = try tally.create(name: " x") } == .invalidName(" x", .edgeSpace))
        #expect(tallyError { _ = try tally.create(name: "a\tb") } == .invalidName("a\tb", .control("\t")))
        let long = String(repeating: "x", count: ItemName.maximumCharacters + 1)
        #expect(tallyError { _ = try tally.create(name: long) } == .invalidName(long, .tooLong))
        #expect(tallyError { try tally.rename("Café", to: "\u{1B}[31m") } == .invalidName("\u{1B}[31m", .control("\u{1B}")))
        #expect((try tally.repository.load()).counters.count == 1)
    }

    @Test func aNameIsTakenInAnyLetterCase() throws {
        let tally = makeTally(try store([counter("Coffee", serial: 1), counter("tea", serial: 2)]))
        #expect(tallyError { _ = try tally.create(name: "Coffee") } == .nameTaken("Coffee", existing: "Coffee"))
        #expect(tallyError { _ = try tally.create(name: "COFFEE") } == .nameTaken("COFFEE", existing: "Coffee"))
        #expect(tallyError { try tally.rename("tea", to: "coffee") } == .nameTaken("coffee", existing: "Coffee"))
        // A counter may take its own name in another case.
        try tally.rename("Coffee", to: "coffee")
        #expect(try tally.counter(named: "coffee").name == "coffee")
        #expect((try tally.repository.load()).undo.last?.action == "rename Coffee to coffee")
    }

    @Test func renamingToTheSameNameChangesNothing() throws {
        let repository = try store([counter("x", serial: 1)])
        let before = repository.load()
        try makeTally(repository).rename("x", to: "x")
        #expect(repository.load() == before)
    }

    @Test func lookupIsExactFirstThenAnyCaseAndRefusesAmbiguity() throws {
        // Stored before the name rule: two names differing only in case.
        let tally = makeTally(try store([counter("a", count: 1, serial: 1), counter("A", count: 2, serial: 2), counter("Bee", count: 3, serial: 3)]))
        #expect(try tally.counter(named: "A").count == 2)
        #expect(try tally.counter(named: "a").count == 1)
        #expect(try tally.counter(named: "bee").count == 3)
        #expect(tallyError { _ = try tally.counter(named: "bEE ") } == .notFound("bEE ", known: ["a", "A", "Bee"]))
        let three = makeTally(try store([counter("ab", serial: 1), counter("AB", serial: 2)]))
        #expect(tallyError { _ = try three.counter(named: "Ab") } == .ambiguousName("Ab", matches: ["ab", "AB"]))
        #expect(tallyError { try three.increment("Ab") } == .ambiguousName("Ab", matches: ["ab", "AB"]))
    }

    @Test func anEmptyStoreKnowsNoNames() {
        #expect(tallyError { _ = try makeTally().counter(named: "coffee") } == .notFound("coffee", known: []))
    }
}
