// What only a shared store (PostgreSQL) has: undo per actor (never someone else's change,
// refused when another actor changed the counters since), rows locked so that concurrent
// increments all count, reading that creates nothing, and db copy between backends
// without loss. The contract every backend holds is TallyContractTests'.

import Foundation
import MoneyKitStorage
import PostgresTestSupport
import Testing
import TallyKit
import TallyPostgres

@Suite(.postgresCluster, .enabled(if: PostgresTestCluster.shouldRun, PostgresTestCluster.skipReason))
struct TallyPostgresRepositoryTests {
    // MARK: only a shared store

    @Test func readingADatabaseWithoutTablesIsEmptyAndCreatesNothing() throws {
        let database = try sharedCluster().newDatabase("tally")
        let tally = Tally(repository: PostgresTallyRepository(connectionText: database, actor: "ann@door-1"))
        #expect(try tally.list().rows.isEmpty)
        #expect(tallyError { _ = try tally.counter(named: "x") } == .notFound("x", known: []))
        let schemas = try sharedCluster().execute("SELECT count(*) FROM pg_namespace WHERE nspname = 'tally'", on: database)
        #expect(schemas.first?.text(0) == "0")
    }

    /// Issue 26, item 28: a shared store whose match keys an older tally made (lower
    /// case) finds names by case folding as they are, and its first change recomputes them.
    @Test func keysMadeByTheOldRuleAreRecomputedByTheFirstChange() throws {
        let database = try sharedCluster().newDatabase("tally")
        let tally = Tally(repository: PostgresTallyRepository(connectionText: database, actor: "ann@door-1"), now: { testNow })
        _ = try tally.create(name: "Straße")
        #expect(tallyError { _ = try tally.create(name: "STRASSE") } != nil)
        _ = try sharedCluster().execute("UPDATE tally.counters SET match_key = 'straße'", on: database)
        _ = try sharedCluster().execute("DELETE FROM tally.meta WHERE key = 'match_key_rule'", on: database)
        #expect(try tally.counter(named: "STRASSE").name == "Straße")
        #expect(try sharedCluster().execute("SELECT count(*) FROM tally.meta WHERE key = 'match_key_rule'", on: database).first?.text(0) == "0")
        #expect(try tally.increment("strasse").counter.count == 1)
        #expect(try sharedCluster().execute("SELECT match_key FROM tally.counters", on: database).first?.text(0) == "strasse")
        #expect(try sharedCluster().execute("SELECT value FROM tally.meta WHERE key = 'match_key_rule'", on: database).first?.text(0) == "2")
    }

    @Test func undoRevertsOnlyThisActorsChanges() throws {
        let database = try sharedCluster().newDatabase("tally")
        let ann = Tally(repository: PostgresTallyRepository(connectionText: database, actor: "ann@door-1"), now: { testNow })
        let bob = Tally(repository: PostgresTallyRepository(connectionText: database, actor: "bob@door-2"), now: { testNow })
        _ = try ann.create(name: "north")
        _ = try bob.create(name: "south")
        try ann.increment("north")
        try bob.increment("south", times: 5)
        // Ann's undo reverts Ann's increment, not Bob's newer one.
        #expect(try ann.undo() == "inc north")
        #expect(try ann.counter(named: "north").count == 0)
        #expect(try bob.counter(named: "south").count == 5)
        #expect(try bob.repository.read { try $0.latestChange()?.action } == "inc south")
        #expect(try ann.repository.read { try $0.latestChange()?.action } == "new north")
    }

    @Test func undoIsRefusedWhenAnotherActorChangedTheCounterSince() throws {
        let database = try sharedCluster().newDatabase("tally")
        let ann = Tally(repository: PostgresTallyRepository(connectionText: database, actor: "ann@door-1"), now: { testNow })
        let bob = Tally(repository: PostgresTallyRepository(connectionText: database, actor: "bob@door-2"), now: { testNow })
        _ = try ann.create(name: "visitors")
        try ann.increment("visitors", times: 3)
        try bob.increment("visitors", times: 10)
        let before = try TallyVisibleState(ann.repository)
        #expect(tallyError { _ = try ann.undo() } == .undoConflict(action: "inc visitors", counters: ["visitors"], others: ["bob@door-2"]))
        #expect(try TallyVisibleState(ann.repository) == before, "a refused undo changed the store")
        // Once Bob has undone his change, Ann's is hers to undo again.
        #expect(try bob.undo() == "inc visitors")
        #expect(try ann.undo() == "inc visitors")
        #expect(try ann.counter(named: "visitors").count == 0)
        // A counter Ann removed and Bob then re-created by name: Ann's undo cannot bring hers back.
        try ann.remove(["visitors"])
        _ = try bob.create(name: "visitors")
        #expect(tallyError { _ = try ann.undo() } == .undoConflict(action: "rm visitors", counters: ["visitors"], others: ["bob@door-2"]))
        // Bob deleting a counter Ann created: her undo of the creation is refused too.
        _ = try ann.create(name: "east")
        try bob.remove(["east"])
        #expect(tallyError { _ = try ann.undo() } == .undoConflict(action: "new east", counters: ["east"], others: ["bob@door-2"]))
    }

    @Test func aFeedThatAnotherActorInterruptsStartsANewUndoStep() throws {
        let database = try sharedCluster().newDatabase("tally")
        let ann = Tally(repository: PostgresTallyRepository(connectionText: database, actor: "ann@door-1"), now: { testNow })
        let bob = Tally(repository: PostgresTallyRepository(connectionText: database, actor: "bob@door-2"), now: { testNow })
        _ = try ann.create(name: "lines")
        _ = try ann.feed("lines", lines: 4, session: "feed lines 7")
        try bob.increment("lines", times: 100)
        _ = try ann.feed("lines", lines: 2, session: "feed lines 7")
        // Ann's undo reverts her feed's part after Bob's change, and leaves Bob's change.
        #expect(try ann.undo() == "feed lines 7")
        #expect(try ann.counter(named: "lines").count == 104)
        #expect(tallyError { _ = try ann.undo() } == .undoConflict(action: "feed lines 7", counters: ["lines"], others: ["bob@door-2"]))
    }

    @Test func eachActorKeepsItsOwnUndoHistory() throws {
        let database = try sharedCluster().newDatabase("tally")
        let ann = Tally(repository: PostgresTallyRepository(connectionText: database, actor: "ann@door-1", undoLimit: 3), now: { testNow })
        let bob = Tally(repository: PostgresTallyRepository(connectionText: database, actor: "bob@door-2", undoLimit: 3), now: { testNow })
        _ = try bob.create(name: "b")
        _ = try ann.create(name: "a")
        for value in 1...5 { try ann.set("a", to: Int64(value)) }
        let actions = try sharedCluster().execute("SELECT actor, label FROM tally.journal_steps ORDER BY id", on: database).map { $0.values }
        #expect(actions == [["bob@door-2", "new b"], ["ann@door-1", "set a"], ["ann@door-1", "set a"], ["ann@door-1", "set a"]])
        for _ in 1...3 { _ = try ann.undo() }
        #expect(try ann.counter(named: "a").count == 2)
        #expect(tallyError { _ = try ann.undo() } == .nothingToUndo)
        #expect(try bob.undo() == "new b")
    }

    @Test func concurrentIncrementsOfOneCounterAllCount() async throws {
        let database = try sharedCluster().newDatabase("tally")
        _ = try Tally(repository: PostgresTallyRepository(connectionText: database, actor: "ann@door-1")).create(name: "door")
        try await withThrowingTaskGroup(of: Void.self) { group in
            for client in 0..<4 {
                group.addTask {
                    let tally = Tally(repository: PostgresTallyRepository(connectionText: database, actor: "client\(client)@door"))
                    for _ in 0..<50 { try tally.increment("door") }
                }
            }
            try await group.waitForAll()
        }
        let tally = Tally(repository: PostgresTallyRepository(connectionText: database, actor: "ann@door-1"))
        #expect(try tally.counter(named: "door").count == 200)
        let serial = try tally.counter(named: "door").serial
        let events = try tally.repository.read { try $0.events(of: serial, from: nil, through: nil) }
        #expect(events.count == 201)
        // Each increment's event starts where the one before ended: none saw a stale count.
        let increments = events.dropFirst().sorted { $0.countBefore < $1.countBefore }
        #expect(increments.map(\.countBefore) == Array(0..<200))
        #expect(increments.allSatisfy { $0.countAfter == $0.countBefore + 1 })
    }

    @Test func concurrentCreationsOfOneNameMakeOneCounter() async throws {
        let database = try sharedCluster().newDatabase("tally")
        _ = try Tally(repository: PostgresTallyRepository(connectionText: database, actor: "ann@door-1")).create(name: "seed")
        let made = try await withThrowingTaskGroup(of: Bool.self) { group in
            for client in 0..<4 {
                group.addTask {
                    let tally = Tally(repository: PostgresTallyRepository(connectionText: database, actor: "c\(client)@x"))
                    do {
                        _ = try tally.create(name: client % 2 == 0 ? "Shared" : "shared")
                        return true
                    } catch TallyError.nameTaken {
                        return false
                    }
                }
            }
            return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(made == 1)
        #expect(try Tally(repository: PostgresTallyRepository(connectionText: database, actor: "ann@door-1")).list().rows.count == 2)
    }

    // MARK: db copy

    /// Copies memory → PostgreSQL → SQLite → PostgreSQL: every counter field, the log and
    /// the next serial arrive; the undo history stays behind.
    @Test func aCopyMovesEverythingBetweenBackends() throws {
        let (memory, _) = try TallyBackend.memory.makeStore()
        let source = Tally(repository: memory, now: { testNow })
        try TallyContractTests.everyKindOfChange(source)
        let expected = try TallyVisibleState(memory)
        var current = source
        var keepers: [AnyObject?] = []
        for backend in [TallyBackend.postgres, .sqlite, .postgres] {
            let (target, keeper) = try backend.makeStore()
            keepers.append(keeper)
            let summary = try current.copy(to: target)
            // The removed counter's log stays behind with the undo history.
            #expect(summary == TallyCopySummary(counters: 2, events: expected.events.filter { $0.serial != 3 }.count), "\(backend)")
            let copied = try TallyVisibleState(target)
            #expect(copied.counters == expected.counters, "\(backend)")
            #expect(copied.eventsWithoutIDs == expected.eventsWithoutIDs.filter { $0.serial != 3 }, "\(backend)")
            #expect(copied.nextSerial == expected.nextSerial, "\(backend)")
            #expect(copied.latest == nil, "\(backend): the undo history came along")
            current = Tally(repository: target, now: { testNow })
        }
        // The copy works on: a new counter takes the next serial.
        _ = try current.create(name: "after")
        #expect(try current.counter(named: "after").serial == expected.nextSerial)
    }

    @Test(arguments: [TallyBackend.sqlite, .postgres])
    func aCopyIntoAStoreThatHoldsAnythingIsRefusedAndChangesNothing(backend: TallyBackend) throws {
        let (source, sourceKeeper) = try TallyBackend.postgres.makeStore()
        let (target, targetKeeper) = try backend.makeStore()
        defer { _ = (sourceKeeper, targetKeeper) }
        _ = try Tally(repository: source, now: { testNow }).create(name: "a")
        let targetTally = Tally(repository: target, now: { testNow })
        _ = try targetTally.create(name: "b")
        let before = try TallyVisibleState(target)
        #expect(tallyError { _ = try Tally(repository: source).copy(to: target) } == .copyTargetNotEmpty(counters: 1))
        #expect(try TallyVisibleState(target) == before)
        // Emptied by undo (no counter, no event, no change left), it takes the copy.
        _ = try targetTally.undo()
        #expect(try target.read { try $0.isEmpty() })
        #expect(try Tally(repository: source).copy(to: target) == TallyCopySummary(counters: 1, events: 1))
    }
}
