// TillKit's PostgreSQL adapters against a real server: the history contract (the same
// checks as the in-memory and SQLite adapters), the till's rules on the shared store, undo
// per person (never reverting another person's change), tills listed from the database,
// concurrent counting into one till, and db copy both ways without loss.

import Foundation
import MoneyKit
import MoneyKitPlatform
import MoneyKitPostgres
import MoneyKitStorage
import PostgresTestSupport
import Testing
@testable import TillKit
@testable import TillPostgres
import TillSQLite

@Suite(.postgresCluster, .enabled(if: PostgresTestCluster.shouldRun, PostgresTestCluster.skipReason))
struct TillPostgresStoreTests {
    static func definitions(_ currency: Currency) -> DenominationSet { DenominationSet.tillDefault(for: currency) }

    /// A till of the store at `database`, worked by `actor`.
    static func till(_ database: String, _ name: TillName = .main, actor: String = "ann@till-1") -> Till {
        let store = PostgresTillStore(connectionText: database, actor: actor)
        return Till(live: store.directory.repository(for: name), history: store.history, denominations: InMemoryDenominations(overrides: [:]), name: name,
                    store: store)
    }

    // MARK: the history contract

    @Test func theHistoryContractHolds() throws {
        for check in [
            HistoryRepositoryContractTests.anEmptyHistoryReadsAsEmpty, HistoryRepositoryContractTests.savedCountsAreListedNewestFirstWithTheirLines,
            HistoryRepositoryContractTests.rmHidesAndUndoRestoresAndPurgeDeletes, HistoryRepositoryContractTests.undoOfASaveDeletesItsCount,
            HistoryRepositoryContractTests.aSavedCountKeepsItsMovementsAndTolerance,
        ] {
            let database = try sharedCluster().newDatabase()
            try check(PostgresTillStore(connectionText: database, actor: "tester@host").history)
        }
    }

    /// The live counts' contract (the same bodies as in memory and SQLite), each on a
    /// database of its own, with the store's transactions.
    @Test func theLiveCountContractHolds() throws {
        for check in [
            TillStoreContractTests.eachTillKeepsItsOwnCountAndUndo, TillStoreContractTests.aRemovedTillComesBackWithUndo,
            TillStoreContractTests.aFailedSaveKeepsNothing, TillStoreContractTests.theDirectoryRulesHold,
            TillStoreContractTests.theAuditTrailKeepsWhoDidWhatAndIsNeverUndone,
        ] {
            let store = PostgresTillStore(connectionText: try sharedCluster().newDatabase(), actor: "tester@host")
            try check(TillStoreUnderTest(tills: store.directory, history: store.history, store: store))
        }
    }

    /// Tables of version 1, before saved counts kept their movements and tolerance (issue
    /// 26, item 10): a count saved then reads with none once the tables are brought up to
    /// date, and counts saved since keep theirs.
    @Test func countsSavedBeforeMovementsWereKeptStayReadable() throws {
        let database = try sharedCluster().newDatabase()
        let old = PostgresSchemaLayout(schema: "tillcount", tool: "tillcount", migrations: Array(PostgresTillSchema.layout.migrations.prefix(1)))
        try PostgresStore(connectionText: database, layout: old, actor: "tester@host").initialize()
        try sharedCluster().execute(
            "INSERT INTO tillcount.counts (saved_at, currency, total, float, till, till_key) VALUES ('2026-01-01T00:00:00Z', 'GBP', 0, 1000, 'main', 'main')",
            on: database)
        let store = PostgresTillStore(connectionText: database, actor: "tester@host")
        let counts = try store.history.savedCounts()
        #expect(counts.count == 1 && counts.first?.movements == [] && counts.first?.tolerance == nil)
        let version = try sharedCluster().execute("SELECT version FROM tillcount.schema_version WHERE tool = 'tillcount'", on: database)
        #expect(version.first?.text(0) == String(PostgresTillSchema.layout.version))
        try HistoryRepositoryContractTests.aSavedCountKeepsItsMovementsAndTolerance(store.history)
        #expect(try store.history.savedCounts().count == 3)
    }

    /// A change the loader would refuse is refused before it is stored (issue 26, item
    /// 16): the till, and `tills` for the whole shop, stay readable.
    @Test func aChangeThatWouldBreakTheCountIsNotStored() throws {
        let database = try sharedCluster().newDatabase()
        let till = Self.till(database, TillName(stored: "Front"))
        _ = try TillExpectedCashTests.record(till, .sale, "412.40")
        let before = try till.live.load()
        #expect(throws: TillError.expectedOutOfRange(reason: ExpectedCash.outOfRangeReason)) {
            _ = try till.setFloat(action: "float", currency: Fixture.choice()) { currency in try Money.parse(RecordsKeptWholeTests.huge, currency: currency) }
        }
        #expect(throws: TillError.changeWouldBreakStore(reason: "the float in the content is negative")) {
            try till.live.change { state in state.floatMinorUnits = -1 }
        }
        #expect(try till.live.load() == before)
        #expect(try PostgresTillStore(connectionText: database, actor: "tester@host").directory.tills().count == 1)
    }

    @Test func readingAnEmptyDatabaseCreatesNothing() throws {
        let database = try sharedCluster().newDatabase()
        let store = PostgresTillStore(connectionText: database, actor: "tester@host")
        #expect(try store.directory.tills().isEmpty)
        #expect(try store.directory.repository(for: .main).load() == TillState())
        #expect(try store.history.savedCounts().isEmpty)
        #expect(!store.directory.keeps(TillName(stored: "Front")))
        let schemas = try sharedCluster().execute("SELECT count(*) FROM pg_namespace WHERE nspname = 'tillcount'", on: database)
        #expect(schemas.first?.text(0) == "0")
    }

    // MARK: the rules on the shared store

    @Test func theRulesHoldOnThePostgresAdapters() throws {
        let database = try sharedCluster().newDatabase()
        let till = Self.till(database)
        try Fixture.add(till, "20=2", "roll:1=1")
        let (_, summary) = try till.summary(Fixture.choice())
        let id = try till.save(summary, notes: [], label: nil, expected: nil, action: "save")
        try till.delete(id, action: "history rm 1")
        #expect(try till.historyList().isEmpty)
        guard case .history(_, .restored(id: id))? = try? till.undo(skipped: { _, _ in }) else {
            Issue.record("undo did not bring the count back")
            return
        }
        #expect(try till.savedCount(id).total == Fixture.money("60"))
        guard case .history(let step, .removed(id: id)) = try till.undo(skipped: { _, _ in }) else {
            Issue.record("undo did not remove the saved count")
            return
        }
        #expect(step.change == .save)
        #expect(try till.undo { _, _ in } == .liveCount(action: "add"))
        #expect(try till.live.load().isEmpty)
        #expect(throws: TillError.nothingToUndo(limit: TillState.undoLimit)) { try till.undo { _, _ in } }
    }

    @Test func tillsAreKeptUnderTheirNamesAndSavedCountsRecordThem() throws {
        let database = try sharedCluster().newDatabase()
        let front = Self.till(database, TillName(stored: "Front"))
        let bar = Self.till(database, TillName(stored: "Bar"), actor: "bob@till-2")
        try Fixture.add(front, "20=3")
        try Fixture.add(bar, "10=1")
        _ = try front.setFloat(action: "float 50", currency: Fixture.choice()) { _ in Fixture.money("50") }
        _ = try front.addNote("opened by Ann", action: "note", currency: Fixture.choice(), time: "09:00")
        let (_, summary) = try bar.summary(Fixture.choice())
        let id = try bar.save(summary, notes: [], label: "noon", expected: nil, action: "save", kind: .z)
        let store = PostgresTillStore(connectionText: database, actor: "tester@host")
        let kept = try store.directory.tills()
        #expect(kept.map(\.name.display) == ["Bar", "Front"], "main, never used, is not listed")
        #expect(kept[1].state.floatMinorUnits == 5000)
        #expect(kept[1].state.notes == ["opened by Ann"])
        #expect(kept[1].state.quantities[TillItem(kind: .note, minorUnits: 2000)] == 3)
        #expect(store.directory.keeps(TillName(stored: "front")), "letter case does not tell tills apart")
        let saved = try store.history.header(id)
        #expect(saved.till == "Bar")
        #expect(saved.kind == .z && saved.zNumber == 1)
        // The columns for SQL readers agree with the count.
        let rows = try sharedCluster().execute("SELECT till, float, notes FROM tillcount.tills WHERE till_key = 'front'", on: database)
        #expect(rows.first?.values == ["Front", "5000", "opened by Ann"])
    }

    @Test func aRowWhoseColumnsDisagreeWithItsCountIsRefused() throws {
        let database = try sharedCluster().newDatabase()
        let till = Self.till(database)
        try Fixture.add(till, "20=1")
        try sharedCluster().execute("UPDATE tillcount.tills SET float = 999", on: database)
        #expect(throws: StoreError.self) { try till.live.load() }
        #expect(throws: StoreError.self) { try Fixture.add(till, "20=1") }
        let rows = try sharedCluster().execute("SELECT float FROM tillcount.tills", on: database)
        #expect(rows.first?.text(0) == "999", "left untouched")
    }

    // MARK: undo per person

    @Test func undoRevertsOnlyThisPersonsStepsAndNeverAnothersChange() throws {
        let database = try sharedCluster().newDatabase()
        let ann = Self.till(database, actor: "ann@till-1")
        let bob = Self.till(database, actor: "bob@till-2")
        try Fixture.add(ann, "20=1", action: "add 20=1")
        try Fixture.add(bob, "10=2", action: "add 10=2")
        // Ann's newest step is older than Bob's change: undoing it would revert his too.
        #expect(throws: TillError.undoRevertsOthers(action: "add 20=1", other: "bob@till-2")) { try ann.undo { _, _ in } }
        #expect(try Fixture.quantities(ann) == ["20": 1, "10": 2], "nothing changed")
        // Bob undoes his own; then Ann's step is hers alone to undo.
        #expect(try bob.undo { _, _ in } == .liveCount(action: "add 10=2"))
        #expect(try Fixture.quantities(ann) == ["20": 1])
        #expect(throws: TillError.nothingToUndo(limit: TillState.undoLimit)) { try bob.undo { _, _ in } }
        #expect(try ann.undo { _, _ in } == .liveCount(action: "add 20=1"))
        #expect(try ann.live.load().isEmpty)
    }

    /// Another person's change still committing when an undo starts is waited for, then
    /// seen: the undo is refused rather than writing its count over theirs.
    @Test func anUndoWaitsForAChangeInFlightAndSeesIt() throws {
        let database = try sharedCluster().newDatabase()
        let ann = Self.till(database, actor: "ann@till-1")
        try Fixture.add(ann, "20=1", action: "add 20=1")
        // Bob's change, as his tillcount makes it, held open: the row locked and written,
        // his step recorded, not committed yet.
        let bob = try PostgresConnection.open(database)
        defer { bob.close() }
        _ = try bob.execute("BEGIN")
        _ = try bob.query("SELECT till_key FROM tillcount.tills WHERE till_key = 'main' FOR UPDATE")
        let step = try #require(try bob.query(
            "INSERT INTO tillcount.journal_steps (label, at, actor) VALUES ('add 10=1', 0, 'main' || E'\\t' || 'bob@till-2') RETURNING id").first?.integer(0))
        _ = try bob.execute(
            "INSERT INTO tillcount.journal_records (step_id, position, kind, key, before) SELECT $1, 0, 'live', 'main', count FROM tillcount.tills WHERE till_key = 'main'",
            [.integer(step)])
        var withTen = try ann.liveCount()
        withTen.quantities[TillItem(kind: .note, minorUnits: 1000)] = 1
        _ = try bob.execute("UPDATE tillcount.tills SET count = $1 WHERE till_key = 'main'", [.text(withTen.snapshotJSON.serialized())])
        let undone = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var outcome: Result<Till.UndoOutcome, any Error>?
        Thread.detachNewThread {
            // Ann's undo, from a session of its own (a Till is used by one thread).
            outcome = Result { try Self.till(database, actor: "ann@till-1").undo { _, _ in } }
            undone.signal()
        }
        Thread.sleep(forTimeInterval: 0.5)
        _ = try bob.execute("COMMIT")
        undone.wait()
        #expect(throws: TillError.undoRevertsOthers(action: "add 20=1", other: "bob@till-2")) { try outcome?.get() }
        #expect(try Fixture.quantities(ann) == ["20": 1, "10": 1], "Bob's change stands")
    }

    @Test func undoOfASaveAnotherPersonNotedIsRefused() throws {
        let database = try sharedCluster().newDatabase()
        let ann = Self.till(database, actor: "ann@till-1")
        let bob = Self.till(database, actor: "bob@till-2")
        try Fixture.add(ann, "20=1")
        let (_, summary) = try ann.summary(Fixture.choice())
        let id = try ann.save(summary, notes: [], label: nil, expected: nil, action: "save")
        try bob.addSavedNote(id, text: "checked by Bob", action: "history note")
        #expect(throws: TillError.undoSaveEditedSince(action: "save", id: id, editor: "bob@till-2")) { try ann.undo { _, _ in } }
        #expect(try ann.savedCount(id).addedNotes.map(\.text) == ["checked by Bob"], "the count and Bob's note stay")
    }

    // MARK: concurrency

    @Test func concurrentAddsToOneTillAllLand() async throws {
        let database = try sharedCluster().newDatabase()
        _ = try PostgresTillStore(connectionText: database, actor: "tester@host").initialize()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for worker in 0..<4 {
                group.addTask {
                    let till = Self.till(database, actor: "worker\(worker)@test")
                    for _ in 0..<25 { try Fixture.add(till, "1=1") }
                }
            }
            try await group.waitForAll()
        }
        #expect(try Fixture.quantities(Self.till(database)) == ["1": 100])
        let steps = try sharedCluster().execute("SELECT count(*) FROM tillcount.journal_steps", on: database)
        #expect(steps.first?.text(0) == String(4 * min(25, TillState.undoLimit)), "every worker keeps its own steps")
    }

    // MARK: db copy

    /// A store with two tills, saved X and Z counts, a relabel, an added note and a hidden count.
    static func fill(_ tills: any TillDirectory, _ history: any TillHistoryRepository) throws {
        let main = Till(live: tills.repository(for: .main), history: history, denominations: InMemoryDenominations(overrides: [:]))
        let front = Till(live: tills.repository(for: TillName(stored: "Front")), history: history,
                         denominations: InMemoryDenominations(overrides: [:]), name: TillName(stored: "Front"))
        try Fixture.add(main, "20=2", "roll:1=1", "0.50=3")
        _ = try main.setFloat(action: "float", currency: Fixture.choice()) { _ in Fixture.money("25") }
        let (_, first) = try main.summary(Fixture.choice())
        let id = try main.save(first, notes: ["end of day"], label: "Friday", expected: Fixture.money("70"), action: "save")
        try main.relabel(id, label: "Friday close", action: "history label")
        try main.addSavedNote(id, text: "banked", action: "history note")
        try Fixture.add(front, "5=7")
        _ = try front.addNote("front desk", action: "note", currency: Fixture.choice(), time: "10:00")
        let (_, second) = try front.summary(Fixture.choice())
        _ = try front.save(second, notes: [], label: nil, expected: nil, action: "save", kind: .z)
        let hidden = try front.save(second, notes: [], label: "oops", expected: nil, action: "save")
        try front.delete(hidden, action: "history rm")
    }

    /// What a store holds, as the copy must keep it: tills without their undo stacks, and
    /// every visible saved count with its lines.
    static func contents(_ tills: any TillDirectory, _ history: any TillHistoryRepository) throws -> ([String], [TillState], [SavedCount]) {
        let kept = try tills.tills()
        let states = kept.map { till -> TillState in
            var state = till.state
            state.undo = []
            state.purge = []
            return state
        }
        return (kept.map(\.name.display), states, try history.countsWithLines(definitions: definitions))
    }

    @Test func aStoreCopiesFromFilesToPostgresAndBackWithoutLoss() throws {
        let folder = try Fixture.temporaryFolder()
        let files = (JSONTillDirectory(stateFile: .init(path: folder + "/count.json", isDefault: false)),
                     SQLiteTillHistory(path: folder + "/history.sqlite", createsFolders: false))
        try Self.fill(files.0, files.1)
        let original = try Self.contents(files.0, files.1)
        #expect(original.2.count == 2, "the hidden count is not among them")

        let database = try sharedCluster().newDatabase()
        let shared = PostgresTillStore(connectionText: database, actor: "tester@host")
        let toPostgres = try TillStoreCopy.copy(from: (files.0, files.1), to: (shared.directory, shared.history), targetName: "db", definitions: Self.definitions)
        #expect(toPostgres == TillStoreCopy.Outcome(tills: 2, savedCounts: 2))
        let inPostgres = try Self.contents(shared.directory, shared.history)
        #expect(inPostgres.0 == original.0)
        #expect(inPostgres.1 == original.1)
        #expect(inPostgres.2 == original.2)

        let back = try Fixture.temporaryFolder()
        let copies = (JSONTillDirectory(stateFile: .init(path: back + "/count.json", isDefault: false)),
                      SQLiteTillHistory(path: back + "/history.sqlite", createsFolders: false))
        _ = try TillStoreCopy.copy(from: (shared.directory, shared.history), to: (copies.0, copies.1), targetName: back, definitions: Self.definitions)
        let inFiles = try Self.contents(copies.0, copies.1)
        #expect(inFiles.0 == original.0)
        #expect(inFiles.1 == original.1)
        #expect(inFiles.2 == original.2)

        // A new save in the copy takes the next id, after the copied ones.
        let till = Self.till(database)
        let (_, summary) = try till.summary(Fixture.choice())
        #expect(try till.save(summary, notes: [], label: nil, expected: nil, action: "save") > original.2.map(\.id).max() ?? 0)
    }

    @Test func aStoreCopiesFromPostgresToPostgresWithoutLoss() throws {
        let source = PostgresTillStore(connectionText: try sharedCluster().newDatabase(), actor: "tester@host")
        try Self.fill(source.directory, source.history)
        let original = try Self.contents(source.directory, source.history)
        let target = PostgresTillStore(connectionText: try sharedCluster().newDatabase(), actor: "tester@host")
        let outcome = try TillStoreCopy.copy(from: (source.directory, source.history), to: (target.directory, target.history), targetName: "target", definitions: Self.definitions)
        #expect(outcome == TillStoreCopy.Outcome(tills: 2, savedCounts: 2))
        let copied = try Self.contents(target.directory, target.history)
        #expect(copied.0 == original.0)
        #expect(copied.1 == original.1)
        #expect(copied.2 == original.2)
        #expect(copied.2.first?.addedNotes.map(\.text) == ["banked"])
        #expect(copied.2.first?.label == "Friday close")
        #expect(copied.2.last?.zNumber == 1)
    }

    @Test func aCopyNeverMergesIntoAStoreThatHoldsAnything() throws {
        let source = try sharedCluster().newDatabase()
        let target = try sharedCluster().newDatabase()
        try Fixture.add(Self.till(source), "20=1")
        try Fixture.add(Self.till(target, TillName(stored: "Bar")), "10=1")
        let from = PostgresTillStore(connectionText: source, actor: "tester@host")
        let into = PostgresTillStore(connectionText: target, actor: "tester@host")
        #expect(throws: TillError.copyTargetNotEmpty(target: "target", what: "1 till(s)")) {
            try TillStoreCopy.copy(from: (from.directory, from.history), to: (into.directory, into.history), targetName: "target", definitions: Self.definitions)
        }
        #expect(try into.directory.tills().map(\.name.display) == ["Bar"], "untouched")
        #expect(try Fixture.quantities(Self.till(target)) == [:])
    }

    // MARK: issue 26, item 38

    /// A till of the store at `database` that can remove others ('tills rm').
    static func tillOfShop(_ database: String, _ name: TillName, actor: String = "ann@till-1") -> Till {
        let store = PostgresTillStore(connectionText: database, actor: actor)
        return Till(live: store.directory.repository(for: name), history: store.history, denominations: InMemoryDenominations(overrides: [:]),
                    name: name, tills: store.directory, store: store)
    }

    /// 'tills rm' on the shared store: a till that holds nothing goes, with every person's
    /// steps in it, as a step of the till it is removed from; undo there brings it back.
    /// The default till is listed once used.
    @Test func aTillThatHoldsNothingIsRemovedAndUndoBringsItBack() throws {
        let database = try sharedCluster().newDatabase()
        let directory = PostgresTillStore(connectionText: database, actor: "tester@host").directory
        let front = TillName(stored: "Front")
        try Fixture.add(Self.tillOfShop(database, front), "20=1")
        try Self.tillOfShop(database, front, actor: "bob@till-2").clear(keepNotes: false, action: "clear")
        _ = try Self.tillOfShop(database, front).setFloat(action: "float 5", currency: Fixture.choice()) { _ in Fixture.money("5") }
        let bar = Self.tillOfShop(database, TillName(stored: "Bar"))
        #expect(throws: TillError.tillNotEmpty(name: "Front", holds: [.float(Fixture.money("5"))])) {
            try bar.removeTill(front, fallback: Fixture.gbp, action: "tills rm Front")
        }
        #expect(try directory.tills().map(\.name.display) == ["Front"], "main, never used, is not listed; Bar holds no refused step")
        _ = try Self.tillOfShop(database, front).setFloat(action: "float 0", currency: Fixture.choice()) { _ in Fixture.money("0") }
        let removal = try bar.removeTill(TillName(stored: "front"), fallback: Fixture.gbp, action: "tills rm Front")
        #expect(try directory.tills().map(\.name.display) == ["Bar"])
        let frontSteps = "SELECT count(*) FROM tillcount.journal_steps WHERE starts_with(actor, 'front' || E'\\t')"
        #expect(try sharedCluster().execute(frontSteps, on: database).first?.text(0) == "0", "every person's steps in it went with it")
        #expect(try bar.undo { _, _ in } == .till(removal, restored: true))
        #expect(try directory.tills().map(\.name.display) == ["Bar", "Front"])
        #expect(try sharedCluster().execute(frontSteps, on: database).first?.text(0) == "0", "it comes back with nothing to undo")
        #expect(try Self.tillOfShop(database, front).live.load().currencyCode == "GBP")
        // Used once, the default till is listed.
        try Fixture.add(Self.tillOfShop(database, .main), "5=1")
        #expect(try directory.tills().map(\.name.display) == ["main", "Bar", "Front"])
    }

    /// A field edited on the counting screen is one step of its person; another person's
    /// change in between starts a new one, so undo never reverts theirs.
    @Test func aFieldEditIsOneStepUntilAnotherPersonChangesTheTill() throws {
        let database = try sharedCluster().newDatabase()
        let ann = Self.till(database)
        let bob = Self.till(database, actor: "bob@till-2")
        let twenty = TillItem(kind: .note, minorUnits: 2000)
        func type(_ quantity: Int64, continuing edit: Till.FieldEdit?) throws -> Till.FieldEdit {
            try ann.setQuantity(twenty, action: { _, quantity in "count: set 20=\(quantity)" }, currency: Fixture.choice(), continuing: edit) { _ in quantity }
        }
        let edit = try type(12, continuing: try type(1, continuing: nil))
        #expect(try ann.undoStepCount() == 1)
        try Fixture.add(bob, "5=1")
        _ = try type(123, continuing: edit)
        #expect(try ann.undoStepCount() == 2)
        #expect(try ann.undo { _, _ in } == .liveCount(action: "count: set 20=123"))
        #expect(try Fixture.quantities(ann) == ["20": 12, "5": 1])
    }
}
