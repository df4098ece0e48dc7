// Derived counters (issue 29, item 1): the formula as typed, stored and shown; the value
// worked out from the sources on every store; thresholds reported, never refused; a
// derived counter never changed by itself; a source never left behind; the log worked
// back; export and import.

import Foundation
import MoneyKitStorage
import PostgresTestSupport
import Testing
import TallyKit
import TallyPostgres

/// A count several threads add to.
final class PlainCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func add() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}

struct CounterFormulaTests {
    static let typed: [(String, [CounterFormula.TypedTerm])] = [
        ("in - out", [.init(name: "in", subtracted: false), .init(name: "out", subtracted: true)]),
        ("  - out + in ", [.init(name: "out", subtracted: true), .init(name: "in", subtracted: false)]),
        ("front door + back door - staff", [
            .init(name: "front door", subtracted: false), .init(name: "back door", subtracted: false), .init(name: "staff", subtracted: true),
        ]),
        ("door-a - door-b", [.init(name: "door-a", subtracted: false), .init(name: "door-b", subtracted: true)]),
        ("in -out", [.init(name: "in -out", subtracted: false)]),
        (#""A - B" + "say ""hi""""#, [.init(name: "A - B", subtracted: false), .init(name: #"say "hi""#, subtracted: false)]),
        ("x", [.init(name: "x", subtracted: false)]),
    ]

    @Test(arguments: typed)
    func aTypedFormulaNamesItsTerms(text: String, terms: [CounterFormula.TypedTerm]) throws {
        #expect(try CounterFormula.parse(text) == terms)
    }

    static let malformed: [(String, String)] = [
        ("", "a name is missing at the end"),
        ("   ", "a name is missing at the end"),
        ("in -", "a name is missing at the end"),
        ("in + - out", "two operators in a row"),
        ("- + in", "two operators in a row"),
        (#""in"out"#, "expected + or - after 'in'"),
        (#""in - out"#, "a quoted name is never closed"),
        (#"in + """#, "an empty quoted name"),
    ]

    @Test(arguments: malformed)
    func aMalformedFormulaSaysWhy(text: String, reason: String) {
        #expect(tallyError { _ = try CounterFormula.parse(text) } == .badFormula(text, reason: reason))
    }

    @Test func theStoredFormIsSignedSerials() {
        let formula = CounterFormula(terms: [.init(serial: 3, subtracted: false), .init(serial: 14, subtracted: true)])
        #expect(formula.storedText == "+3 -14")
        #expect(CounterFormula(storedText: "+3 -14") == formula)
        for bad in ["", "3", "+3  -4", "+x", "+0", "+-3", "+3 ", "+٣", "+99999999999999999999"] {
            #expect(CounterFormula(storedText: bad) == nil, "\(bad)")
        }
    }

    /// What a formula shows reads back as the same names, whatever they hold.
    @Test func theShownFormulaReadsBackToTheSameNames() throws {
        let names = ["in", "A - B", "+", "-", #""quoted"#, "x + y", "plain name", "tail -"]
        let formula = CounterFormula(terms: names.indices.map { .init(serial: Int64($0 + 1), subtracted: $0 % 2 == 1) })
        let text = formula.text { names[Int($0) - 1] }
        let read = try CounterFormula.parse(text)
        #expect(read.map(\.name) == names)
        #expect(read.map(\.subtracted) == names.indices.map { $0 % 2 == 1 })
        #expect(CounterFormula(terms: [.init(serial: 9, subtracted: true)]).text { _ in nil } == "- #9")
    }

    @Test func aValueIsExactOrOverflows() throws {
        let formula = CounterFormula(terms: [.init(serial: 1, subtracted: false), .init(serial: 2, subtracted: false), .init(serial: 3, subtracted: true)])
        let counts: [Int64: Int64] = [1: .max, 2: 1, 3: 1]
        #expect(try formula.value(of: "x") { counts[$0] } == .max)
        #expect(tallyError { _ = try formula.value(of: "x") { [1: .max, 2: 1, 3: -1][$0] } } == .derivedOverflow(counter: "x"))
        let minus = CounterFormula(terms: [.init(serial: 1, subtracted: true)])
        #expect(tallyError { _ = try minus.value(of: "m") { _ in .min } } == .derivedOverflow(counter: "m"))
        #expect(try minus.value(of: "m") { _ in .max } == -.max)
        #expect(try formula.value(of: "x") { [1: 1, 2: 1][$0] } == nil)
    }
}

@Suite(.postgresCluster)
struct DerivedCounterTests {
    static let backends = TallyContractTests.backends

    /// in, out and inside = in - out with a maximum of 2 and a goal of 2.
    static func door(_ tally: Tally) throws {
        _ = try tally.create(name: "in")
        _ = try tally.create(name: "out")
        _ = try tally.createDerived(name: "inside", formula: "in - out", settings: NewCounterSettings(goal: 2, maximum: 2, tags: ["door"]))
    }

    @Test(arguments: backends)
    func aDerivedCounterFollowsItsSources(backend: TallyBackend) throws {
        let (repository, keep) = try backend.makeStore()
        defer { withExtendedLifetime(keep) {} }
        let tally = Tally(repository: repository, now: { testNow })
        try Self.door(tally)
        try tally.increment("in", times: 3)
        try tally.increment("out")
        let inside = try tally.counter(named: "INSIDE")
        #expect(inside.count == 2 && inside.isDerived && inside.formulaText == "in - out" && inside.tags == ["door"])
        #expect(try tally.list().rows.map { "\($0.name)=\($0.count)" } == ["inside=2", "out=1", "in=3"])
        try tally.rename("in", to: "entries")
        #expect(try tally.counter(named: "inside").formulaText == "entries - out")
        // Stored as 0, 0 and 1 whatever it is worth: nothing of it depends on its sources.
        let raw = try repository.read { try $0.counter(exactly: "inside") }
        #expect(raw?.count == 0 && raw?.start == 0 && raw?.step == 1)
        #expect(try tally.sum().total == 4)
    }

    @Test(arguments: backends)
    func aSourceChangeReportsWhatItMoved(backend: TallyBackend) throws {
        let (repository, keep) = try backend.makeStore()
        defer { withExtendedLifetime(keep) {} }
        let tally = Tally(repository: repository, now: { testNow })
        try Self.door(tally)
        let first = try tally.increment("in")
        #expect(first.derived.map(\.before) == [0] && first.derived.map(\.count) == [1])
        #expect(first.derived.first?.formula == "in - out" && first.derived.first?.boundBeyond == nil)
        let second = try tally.increment("in")
        #expect(second.derived.first?.reachedGoal == true)
        // Past the maximum: kept, and reported.
        let third = try tally.increment("in")
        #expect(third.count == 3)
        #expect(third.derived.first.map { $0.boundBeyond?.bound == .maximum && $0.boundBeyond?.limit == 2 } == true)
        #expect(try tally.counter(named: "inside").count == 3)
        let undone = try tally.undoMovingDerived()
        #expect(undone.action == "inc in" && undone.derived.map(\.count) == [2] && undone.derived.map(\.before) == [3])
        // A counter no formula names moves nothing.
        _ = try tally.create(name: "other")
        #expect(try tally.increment("other").derived.isEmpty)
    }

    @Test(arguments: backends)
    func aDerivedCounterIsNotChangedByItself(backend: TallyBackend) throws {
        let (repository, keep) = try backend.makeStore()
        defer { withExtendedLifetime(keep) {} }
        let tally = Tally(repository: repository, now: { testNow })
        try Self.door(tally)
        let before = try TallyVisibleState(repository)
        let refused = TallyError.derivedNotChangeable(counter: "inside", formula: "in - out")
        #expect(tallyError { try tally.increment("inside") } == refused)
        #expect(tallyError { try tally.set("inside", to: 5) } == refused)
        #expect(tallyError { try tally.reset("inside") } == refused)
        #expect(tallyError { try tally.setStep("inside", to: 2) } == refused)
        #expect(tallyError { _ = try tally.feed("inside", lines: 1, session: "feed inside 1") } == refused)
        #expect(try TallyVisibleState(repository) == before)
        // Its settings are its own.
        try tally.setGoalAndBounds("inside", goal: .value(10), minimum: .value(-5), maximum: .value(50))
        try tally.setPinned("inside", true)
        let inside = try tally.counter(named: "inside")
        #expect(inside.goal == 10 && inside.minimum == -5 && inside.maximum == 50 && inside.pinned)
        #expect(try tally.resetAll().isEmpty)
    }

    @Test(arguments: backends)
    func aSourceGoesOnlyWithTheCountersDerivedFromIt(backend: TallyBackend) throws {
        let (repository, keep) = try backend.makeStore()
        defer { withExtendedLifetime(keep) {} }
        let tally = Tally(repository: repository, now: { testNow })
        try Self.door(tally)
        #expect(tallyError { try tally.remove(["in"]) } == .sourceOfDerived(counters: ["in"], derived: ["inside"]))
        #expect(tallyError { try tally.remove(["in", "out"]) } == .sourceOfDerived(counters: ["in", "out"], derived: ["inside"]))
        #expect(try tally.remove(["in", "inside"]) == ["in", "inside"])
        #expect(try tally.undo() == "rm in, inside")
        #expect(try tally.counter(named: "inside").formulaText == "in - out")
        // A derived counter's sources keep their counts.
        #expect(tallyError { _ = try tally.createDerived(name: "twice", formula: "inside + in") } == .derivedSource(source: "inside"))
        #expect(tallyError { _ = try tally.createDerived(name: "x", formula: "in - nobody") } == .notFound("nobody", known: ["in", "out", "inside"]))
        #expect(tallyError { _ = try tally.createDerived(name: "IN", formula: "out") } == .nameTaken("IN", existing: "in"))
    }

    @Test(arguments: backends)
    func aChangeThatWouldTakeADerivedCounterPastSixtyFourBitsIsRefused(backend: TallyBackend) throws {
        let (repository, keep) = try backend.makeStore()
        defer { withExtendedLifetime(keep) {} }
        let tally = Tally(repository: repository, now: { testNow })
        try Self.door(tally)
        try tally.set("in", to: .max)
        let before = try TallyVisibleState(repository)
        #expect(tallyError { try tally.set("out", to: -1) } == .derivedOverflow(counter: "inside"))
        #expect(try TallyVisibleState(repository) == before)
    }

    /// On a shared store, an undo that would take away the source of someone else's
    /// derived counter is refused.
    @Test func anUndoThatWouldLeaveADerivedCounterWithoutItsSourceIsRefused() throws {
        guard PostgresTestCluster.shouldRun else { return }
        let database = try sharedCluster().newDatabase("tally")
        let ann = Tally(repository: PostgresTallyRepository(connectionText: database, actor: "ann@door-1"), now: { testNow })
        let bob = Tally(repository: PostgresTallyRepository(connectionText: database, actor: "bob@door-2"), now: { testNow })
        _ = try ann.create(name: "in")
        _ = try bob.create(name: "out")
        _ = try bob.createDerived(name: "inside", formula: "in - out")
        #expect(tallyError { _ = try ann.undo() } == .derivedSourceGone(derived: ["inside"]))
        #expect(try ann.counter(named: "in").name == "in")
    }

    /// Ann removed a derived counter, Bob then deleted its source (nothing named it any
    /// more): Ann's undo would bring back a counter derived from nothing, and is refused.
    @Test func anUndoThatWouldBringBackADerivedCounterWithoutItsSourceIsRefused() throws {
        guard PostgresTestCluster.shouldRun else { return }
        let database = try sharedCluster().newDatabase("tally")
        let ann = Tally(repository: PostgresTallyRepository(connectionText: database, actor: "ann@door-1"), now: { testNow })
        let bob = Tally(repository: PostgresTallyRepository(connectionText: database, actor: "bob@door-2"), now: { testNow })
        try Self.door(ann)
        try ann.remove(["inside"])
        try bob.remove(["in"])
        #expect(tallyError { _ = try ann.undo() } == .derivedSourceGone(derived: ["inside"]))
        #expect(try ann.list().rows.map(\.name) == ["out"])
    }

    /// Two doors counting into one derived counter at once on the shared store: every
    /// count kept, and no deadlock (the derived counter's row is locked first by each).
    @Test func twoSourcesOfOneDerivedCounterCountAtOnceWithoutADeadlock() throws {
        guard PostgresTestCluster.shouldRun else { return }
        let database = try sharedCluster().newDatabase("tally")
        try Self.door(Tally(repository: PostgresTallyRepository(connectionText: database, actor: "setup@here"), now: { testNow }))
        func deadlocks() throws -> Int {
            let rows = try sharedCluster().execute("SELECT deadlocks FROM pg_stat_database WHERE datname = current_database()", on: database)
            return Int(rows.first?.values.first.flatMap { $0 } ?? "") ?? -1
        }
        let before = try deadlocks()
        let failures = PlainCounter()
        DispatchQueue.concurrentPerform(iterations: 2) { door in
            let tally = Tally(repository: PostgresTallyRepository(connectionText: database, actor: "door\(door)@here"), now: { testNow })
            for _ in 0..<25 {
                do { try tally.increment(door == 0 ? "in" : "out") } catch { failures.add() }
            }
        }
        let tally = Tally(repository: PostgresTallyRepository(connectionText: database, actor: "reader@here"), now: { testNow })
        #expect(failures.value == 0)
        #expect(try tally.counter(named: "in").count == 25)
        #expect(try tally.counter(named: "out").count == 25)
        #expect(try tally.counter(named: "inside").count == 0)
        #expect(try deadlocks() == before)
    }

    @Test func theLogOfADerivedCounterIsWorkedBackFromItsValue() throws {
        var clock = testNow
        let repository = InMemoryTallyRepository()
        let tally = Tally(repository: repository, now: { clock })
        try Self.door(tally)
        _ = try tally.createDerived(name: "twice in", formula: "in + in")
        try tally.set("in", to: 5)
        clock += 3600
        try tally.increment("out", times: 2)
        clock += 3600
        try tally.decrement("in")
        let log = try tally.log(of: "inside")
        let moves = log.events.filter { $0.kind != .new }
        #expect(moves.map(\.countBefore) == [0, 5, 3])
        #expect(moves.map(\.countAfter) == [5, 3, 2])
        #expect(moves.map(\.newValue) == ["in", "out", "in"])
        #expect(try tally.log(of: "twice in").events.filter { $0.kind != .new }.map(\.countAfter) == [10, 8])
        let stats = try tally.stats(of: "inside", by: .hour)
        #expect(stats.rows.map(\.change) == [5, -2, -1])
        let (_, figures) = try tally.figures(of: "inside")
        #expect(figures.allTime == 2)
    }

    @Test func anExportWithDerivedCountersImportsBackTheSame() throws {
        let tally = makeTally()
        try Self.door(tally)
        try tally.increment("in", times: 4)
        let export = try tally.export()
        #expect(export.counters.map(\.formulaText) == [nil, nil, "in - out"])
        let csv = CSVReading(records: { text, _ in text.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) } }, restoredField: { $0 })
        let copy = makeTally()
        _ = try copy.importCounters(
            try CounterImport.read(export.json.serialized(pretty: true), source: "backup", csv: csv, now: testNow), source: "backup", onClash: .error)
        #expect(try copy.export().json.serialized(pretty: true) == export.json.serialized(pretty: true))
        #expect(try copy.counter(named: "inside").count == 4)
    }

    @Test func anImportFindsADerivedCountersSourcesInTheFileFirstThenInTheStore() throws {
        let tally = makeTally()
        _ = try tally.create(name: "staff")
        try tally.increment("staff", times: 2)
        let imported = [
            ImportedCounter(name: "gate", count: 10, start: 0, step: 1, pinned: false, created: "2026-11-01T00:00:00Z"),
            ImportedCounter(name: "crowd", count: 0, start: 0, step: 1, pinned: false, created: "2026-11-01T00:00:00Z", formula: "gate - staff"),
        ]
        _ = try tally.importCounters(imported, source: "in.json", onClash: .error)
        #expect(try tally.counter(named: "crowd").count == 8)
        let orphan = [ImportedCounter(name: "lost", count: 0, start: 0, step: 1, pinned: false, created: "2026-11-01T00:00:00Z", formula: "nowhere")]
        #expect(tallyError { _ = try tally.importCounters(orphan, source: "in.json", onClash: .error) } == .importBadEntry(message: """
            in.json: 'lost' is derived from 'nowhere', which is neither in in.json nor in the store; nothing was imported
            """))
        // A replaced source: the store's derived counter follows the counter of its name.
        let replacing = [ImportedCounter(name: "staff", count: 1, start: 0, step: 1, pinned: false, created: "2026-11-01T00:00:00Z")]
        _ = try tally.importCounters(replacing, source: "in.json", onClash: .replace)
        #expect(try tally.counter(named: "crowd").count == 9)
        #expect(try tally.undo() == "import 1 counter")
        #expect(try tally.counter(named: "crowd").count == 8)
    }
}
