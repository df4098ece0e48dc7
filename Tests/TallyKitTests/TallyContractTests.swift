// The repository contract, the same bodies on every adapter (in memory, SQLite,
// PostgreSQL): each kind of change stores and undoes alike, a change that throws stores
// nothing, the undo depth and what leaves with it, an imported backup, a step begun by
// write(label), undo concerning one counter, a rename undone. tally's rules themselves
// are tested on the in-memory adapter by the other suites of this target.

import Foundation
import MoneyKitStorage
import PostgresTestSupport
import Testing
import TallyKit
import TallyPostgres
import TallySQLite

/// A backend the contract runs on.
enum TallyBackend: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case memory, sqlite, postgres

    var testDescription: String { rawValue }

    /// A new, empty store of this kind (a PostgreSQL store made as `actor`), and what keeps
    /// it alive (a temporary folder).
    func makeStore(actor: String = "ann@door-1", undoLimit: Int = SQLiteTallyRepository.undoLimit) throws -> (any TallyRepository, AnyObject?) {
        switch self {
        case .memory:
            return (InMemoryTallyRepository(undoLimit: undoLimit), nil)
        case .sqlite:
            let folder = try TemporaryFolder()
            return (SQLiteTallyRepository(paths: TallyStorePaths(path: folder.path + "/t.db", isDefault: false), actor: actor, undoLimit: undoLimit), folder)
        case .postgres:
            let database = try sharedCluster().newDatabase("tally")
            return (PostgresTallyRepository(connectionText: database, actor: actor, undoLimit: undoLimit), nil)
        }
    }
}

/// Everything a store shows through the protocol: counters, the log, the next serial
/// and the newest undo step.
struct TallyVisibleState: Equatable {
    var counters: [Counter]
    var events: [CounterEvent]
    var nextSerial: Int64
    var latest: TallyChangeGroup?

    init(_ repository: any TallyRepository) throws {
        (counters, events, nextSerial, latest) = try repository.read { store in
            (try store.allCounters(), try store.allEvents(), try store.nextFreeSerial(), try store.latestChange())
        }
    }

    /// The events without their ids (each store numbers its own).
    var eventsWithoutIDs: [CounterEvent] { events.map { var event = $0; event.id = 0; return event } }

    /// The events without ids and actors (only a shared store knows who made a change).
    var eventsWithoutIDsAndActors: [CounterEvent] { eventsWithoutIDs.map { var event = $0; event.actor = nil; return event } }
}

@Suite(.postgresCluster)
struct TallyContractTests {
    /// Every backend, PostgreSQL when a server can be started.
    static let backends: [TallyBackend] = PostgresTestCluster.shouldRun ? TallyBackend.allCases : [.memory, .sqlite]

    /// A sequence of every kind of change, run on each backend: the stores end equal.
    static func everyKindOfChange(_ tally: Tally) throws {
        _ = try tally.create(name: "coffee", start: 2, step: 3, settings: NewCounterSettings(goal: 20, minimum: 0, maximum: 100, tags: ["Work", "home"]))
        _ = try tally.create(name: nil, pinned: true)
        try tally.increment("coffee", times: 2)
        try tally.decrement("COFFEE")
        try tally.add(-1, to: "coffee")
        try tally.rename("New Counter 1", to: "tea")
        try tally.setStep("tea", to: -4)
        try tally.setPinned("tea", false)
        try tally.set("tea", to: 7)
        _ = try tally.create(name: "gone")
        try tally.remove(["gone"])
        _ = try tally.feed("tea", lines: 3, session: "feed tea 1")
        _ = try tally.feed("tea", lines: 2, session: "feed tea 1")
    }

    @Test(arguments: backends)
    func everyBackendKeepsTheSameStateAndUndoesAlike(backend: TallyBackend) throws {
        let (repository, keeper) = try backend.makeStore()
        defer { _ = keeper }
        let tally = Tally(repository: repository, now: { testNow })
        try Self.everyKindOfChange(tally)
        let (reference, _) = try TallyBackend.memory.makeStore()
        try Self.everyKindOfChange(Tally(repository: reference, now: { testNow }))
        let state = try TallyVisibleState(repository)
        let expected = try TallyVisibleState(reference)
        #expect(state.counters == expected.counters)
        #expect(state.eventsWithoutIDsAndActors == expected.eventsWithoutIDs)
        if backend == .postgres { #expect(state.events.allSatisfy { $0.actor == "ann@door-1" }) }
        #expect(state.nextSerial == expected.nextSerial)
        #expect(state.latest == TallyChangeGroup(action: "feed tea 1", names: ["tea"]))
        #expect(try tally.counter(named: "coffee").tags == ["home", "Work"])
        // Undo walks back alike: the feed whole, the removal (its log comes back), the rest.
        let undone = try (0..<11).map { _ in try tally.undo() }
        #expect(undone == [
            "feed tea 1", "rm gone", "new gone", "set tea", "unpin tea", "step tea", "rename New Counter 1 to tea",
            "add -1 to coffee", "dec coffee", "inc coffee", "new New Counter 1",
        ])
        let after = try TallyVisibleState(repository)
        #expect(after.counters.map(\.name) == ["coffee"])
        #expect(after.counters.first?.count == 2)
        #expect(after.events.map(\.kind) == [.new])
        #expect(tallyError { _ = try tally.undo() } == nil)
        #expect(tallyError { _ = try tally.undo() } == .nothingToUndo)
    }

    @Test(arguments: backends)
    func aChangeThatThrowsStoresNothing(backend: TallyBackend) throws {
        struct Refused: Error {}
        let (repository, keeper) = try backend.makeStore()
        defer { _ = keeper }
        let tally = Tally(repository: repository, now: { testNow })
        _ = try tally.create(name: "a", settings: NewCounterSettings(maximum: 1))
        let before = try TallyVisibleState(repository)
        #expect(throws: Refused.self) {
            try repository.write { store in
                let found = try store.requireCounter(named: "a")
                try store.begin("rm a", at: testNow)
                try store.delete(found)
                _ = try store.takeSerial()
                throw Refused()
            }
        }
        #expect(tallyError { try tally.increment("a", times: 2) } != nil)
        #expect(try TallyVisibleState(repository) == before)
    }

    /// The undo history keeps `undoLimit` changes; a deleted counter's log goes once its
    /// removal can no longer be undone, and not before.
    @Test(arguments: backends)
    func aDeletedCountersLogGoesWhenItsRemovalLeavesTheUndoHistory(backend: TallyBackend) throws {
        let (repository, keeper) = try backend.makeStore(undoLimit: 2)
        defer { _ = keeper }
        let tally = Tally(repository: repository, now: { testNow })
        _ = try tally.create(name: "x")
        _ = try tally.create(name: "y")
        try tally.remove(["x"])
        try tally.increment("y")
        #expect(try TallyVisibleState(repository).events.map(\.serial) == [1, 2, 1, 2])
        try tally.increment("y")
        #expect(try TallyVisibleState(repository).events.map(\.serial) == [2, 2, 2])
        #expect(try tally.undo() == "inc y")
        #expect(try tally.undo() == "inc y")
        #expect(tallyError { _ = try tally.undo() } == .nothingToUndo)
    }

    /// A backup restores exactly on every backend (issue 26, item 9): each stores the
    /// imported log, and its export is the backup's (a shared store records who imported
    /// events that name nobody: the actors aside).
    @Test(arguments: backends)
    func everyBackendStoresTheImportedLog(backend: TallyBackend) throws {
        let (source, _) = try ExportRoundTripTests.randomStore(seed: 11)
        let backup = try source.export()
        let (repository, keeper) = try backend.makeStore()
        defer { _ = keeper }
        let tally = Tally(repository: repository, now: { testNow })
        let text = backup.json.serialized(pretty: true)
        _ = try tally.importCounters(try CounterImport.read(text, source: "b", csv: TestCSV.reading, now: testNow), source: "b", onClash: .error)
        var restored = try tally.export()
        if backend == .postgres {
            #expect(restored.logs.values.allSatisfy { $0.allSatisfy { $0.actor == "ann@door-1" } })
            for serial in restored.logs.keys { restored.logs[serial] = restored.logs[serial]?.map { var event = $0; event.actor = nil; return event } }
        }
        #expect(restored.json.serialized(pretty: true) == text)
        #expect(try ExportRoundTripTests.views(tally) == ExportRoundTripTests.views(source))
        // One undo takes the whole import back, its log with it.
        #expect(try tally.undo().hasPrefix("import "))
        #expect(try tally.export().counters.isEmpty)
    }

    /// write(label) begins the change group before the body: one undo step, its label.
    @Test(arguments: backends)
    func aWriteWithALabelIsOneUndoStep(backend: TallyBackend) throws {
        let (repository, keeper) = try backend.makeStore()
        defer { _ = keeper }
        let tally = Tally(repository: repository, now: { testNow })
        _ = try tally.create(name: "a")
        _ = try tally.create(name: "b")
        try repository.write("bump both", at: testNow) { store in
            for name in ["a", "b"] {
                var counter = try store.requireCounter(named: name)
                counter.count = 5
                try store.update(counter)
            }
        }
        #expect(try repository.read { try $0.latestChange() } == TallyChangeGroup(action: "bump both", names: ["a", "b"]))
        #expect(try tally.undo() == "bump both")
        #expect(try tally.list().rows.map(\.count) == [0, 0])
        #expect(try tally.undo() == "new b")
    }

    /// Undo from a screen showing one counter reverts only a change to it, and a rename
    /// undone finds the counter by its old name again, in any letter case.
    @Test(arguments: backends)
    func undoConcerningACounterAndARenameUndone(backend: TallyBackend) throws {
        let (repository, keeper) = try backend.makeStore()
        defer { _ = keeper }
        let tally = Tally(repository: repository, now: { testNow })
        _ = try tally.create(name: "Coffee")
        _ = try tally.create(name: "tea")
        try tally.rename("Coffee", to: "Espresso")
        #expect(tallyError { _ = try tally.undo(concerning: "tea") } == .lastChangeConcernsAnotherCounter(action: "rename Coffee to Espresso"))
        #expect(try tally.undo(concerning: "Espresso") == "rename Coffee to Espresso")
        #expect(try tally.counter(named: "COFFEE").name == "Coffee")
        #expect(tallyError { _ = try tally.counter(named: "espresso") } == .notFound("espresso", known: ["Coffee", "tea"]))
        // Its log is back as it was: the rename's event went with the undo.
        let serial = try tally.counter(named: "Coffee").serial
        #expect(try repository.read { try $0.events(of: serial, from: nil, through: nil).map(\.kind) } == [.new])
    }

    /// The undo depth is the store's: the oldest steps leave, and undo stops there.
    @Test(arguments: backends)
    func undoReachesBackTheStepsKept(backend: TallyBackend) throws {
        let (repository, keeper) = try backend.makeStore(undoLimit: 3)
        defer { _ = keeper }
        let tally = Tally(repository: repository, now: { testNow })
        _ = try tally.create(name: "a")
        for value in 1...4 { try tally.set("a", to: Int64(value)) }
        for _ in 1...3 { _ = try tally.undo() }
        #expect(try tally.counter(named: "a").count == 1)
        #expect(tallyError { _ = try tally.undo() } == .nothingToUndo)
        // The log keeps the events of the steps that left the undo history.
        #expect(try repository.read { try $0.allEvents().map(\.kind) } == [.new, .set])
    }
}
