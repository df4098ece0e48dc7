// The undo stacks an older tillcount kept are taken into the shared undo journal by the
// migration that brings the store up to date (SQLite version 7, PostgreSQL version 4),
// and undo goes on through them exactly: a live count step brings the count back, a save
// step removes its count, an rm step shows its hidden count again, a till step brings the
// removed till back; the counts whose rm steps had already left a stack are purged; on a
// shared store each person keeps their own steps.

import Foundation
import MoneyKit
import MoneyKitPostgres
import MoneyKitSQLite
import MoneyKitStorage
import PostgresTestSupport
import Testing
import TillKit
import TillSQLite
@testable import TillPostgres

@Suite struct TillUndoTakeOverTests {
    static let saveKey = String(repeating: "a", count: 32)
    static let rmKey = String(repeating: "b", count: 32)
    static let purgedKey = String(repeating: "c", count: 32)

    /// The main till's stack, oldest first, as an older tillcount kept it: 20=1 added, a
    /// save (count 1), an rm (count 2), the till Back removed; count 3's rm step has left it.
    static func olderStack() -> (state: TillState, steps: [TillUndoStep]) {
        var state = TillState()
        state.currencyCode = "GBP"
        state.quantities[TillItem(kind: .note, minorUnits: 2000)] = 1
        var empty = TillState()
        empty.currencyCode = "GBP"
        var back = TillState()
        back.currencyCode = "EUR"
        back.isBlind = true
        let steps: [TillUndoStep] = [
            .count(empty, action: "add 20=1"),
            .history(HistoryStep(change: .save, id: nil, key: saveKey, at: "2026-01-01T10:00:00Z", action: "save")),
            .history(HistoryStep(change: .rm, id: 2, key: rmKey, at: "2026-01-01T10:01:00Z", action: "history rm 2")),
            .till(TillRemoval(name: TillName(stored: "Back"), state: back, action: "tills rm Back")),
        ]
        return (state, steps)
    }

    /// Undoes every step of `till`, newest first, checking each against the older stack.
    static func undoesTheOlderStack(_ till: Till, history: any TillHistoryRepository, tills: any TillDirectory) throws {
        guard case .till(let removal, restored: true) = try till.undo(skipped: { _, _ in }) else {
            Issue.record("the removed till did not come back")
            return
        }
        #expect(removal.name.display == "Back" && removal.action == "tills rm Back")
        let back = try tills.repository(for: TillName(stored: "back")).load()
        #expect(back.currencyCode == "EUR" && back.isBlind && back.tillName == "Back")
        #expect(try till.undo { _, _ in } == .history(
            HistoryStep(change: .rm, id: 2, key: rmKey, at: "2026-01-01T10:01:00Z", action: "history rm 2"), .restored(id: 2)))
        #expect(try history.savedCounts().map(\.id) == [1, 2])
        #expect(try till.undo { _, _ in } == .history(
            HistoryStep(change: .save, id: nil, key: saveKey, at: "2026-01-01T10:00:00Z", action: "save"), .removed(id: 1)))
        #expect(try history.savedCounts().map(\.id) == [2])
        #expect(try till.undo { _, _ in } == .liveCount(action: "add 20=1"))
        #expect(try till.liveCount().isEmpty)
        #expect(throws: TillError.nothingToUndo(limit: TillState.undoLimit)) { try till.undo { _, _ in } }
    }

    // MARK: SQLite (schema version 6 → 7)

    @Test func aVersion6StoresStacksAreTakenIntoTheJournal() throws {
        let folder = try Fixture.temporaryFolder()
        let path = folder + "/history.sqlite"
        let (state, steps) = Self.olderStack()
        var kept = state
        kept.undo = steps
        kept.purge = [Self.purgedKey]
        let envelope = JSONValue.object([
            ("format", .string(TillState.formatName)), ("version", .integer(Int64(TillState.formatVersion))), ("content", kept.storedContent),
        ])
        let version6 = SQLiteSchema(name: "a tillcount history", applicationID: 0x4D4B_5443, migrations: Array(SQLiteTillHistory.migrations.prefix(6)))
        let old = try SQLiteDatabase.open(path, schema: version6, access: .write(createFolders: false))
        try old.execute("""
            INSERT INTO counts (id, saved_at, currency, total, float, notes, saved_by, deleted_at, deleted_by, till, till_key, kind)
            VALUES (1, '2026-01-01T10:00:00Z', 'GBP', 0, 0, '', '\(Self.saveKey)', NULL, NULL, 'main', 'main', 'x'),
                   (2, '2026-01-01T09:00:00Z', 'GBP', 0, 0, '', 'dd', '2026-01-01T10:01:00Z', '\(Self.rmKey)', 'main', 'main', 'x'),
                   (3, '2026-01-01T08:00:00Z', 'GBP', 0, 0, '', 'ee', '2026-01-01T09:30:00Z', '\(Self.purgedKey)', 'main', 'main', 'x');
            INSERT INTO live_count_files (state_file, taken_over_at) VALUES ('\(folder)/count.json', '2026-01-01T00:00:00Z');
            """)
        try old.query("INSERT INTO tills (till_key, till, state) VALUES ('main', 'main', ?)", [.text(envelope.serialized())])
        old.close()
        let before = FileManager.default.contents(atPath: path)

        let store = SQLiteLiveCountTests.Store(folder: folder)
        let main = try store.till()
        // A read sees the steps (through a migrated copy) and changes nothing.
        #expect(try main.undoStepCount() == 4)
        #expect(FileManager.default.contents(atPath: path) == before)

        try Self.undoesTheOlderStack(main, history: store.history, tills: store.directory)
        let database = try SQLiteDatabase.open(path, schema: SQLiteTillHistory.schema, access: .read, mustExist: true)
        defer { database.close() }
        #expect(try database.scalarInteger("PRAGMA user_version") == 8)
        #expect(try database.query("SELECT id FROM counts ORDER BY id") == [[.integer(2)]], "count 3, whose step had left the stack, is purged")
        let text = try database.query("SELECT state FROM tills WHERE till_key = 'main'")
        guard case .text(let row)? = text.first?.first else {
            Issue.record("no row for main")
            return
        }
        #expect(!row.contains(Self.saveKey) && !row.contains(Self.purgedKey), "the stack left the row: \(row)")
    }

    /// A row holding a step the conversion cannot read (a history step without its key) is
    /// left as it is: that till is refused, as before; the other tills and the history work.
    @Test func aRowWithAStepItCannotReadIsLeftForItsReaderToRefuse() throws {
        let folder = try Fixture.temporaryFolder()
        let path = folder + "/history.sqlite"
        var main = TillState()
        main.currencyCode = "GBP"
        main.quantities[TillItem(kind: .note, minorUnits: 2000)] = 1
        main.undo = [.count(TillState(), action: "add 20=1")]
        var front = TillState()
        front.currencyCode = "GBP"
        front.tillName = "Front"
        front.undo = [.history(HistoryStep(change: .rm, id: 1, key: Self.rmKey, at: "2026-01-01T10:01:00Z", action: "history rm 1"))]
        func text(_ state: TillState) -> String {
            JSONValue.object([("format", .string(TillState.formatName)), ("version", .integer(Int64(TillState.formatVersion))), ("content", state.storedContent)]).serialized()
        }
        let version6 = SQLiteSchema(name: "a tillcount history", applicationID: 0x4D4B_5443, migrations: Array(SQLiteTillHistory.migrations.prefix(6)))
        let old = try SQLiteDatabase.open(path, schema: version6, access: .write(createFolders: false))
        try old.execute("INSERT INTO live_count_files (state_file, taken_over_at) VALUES ('\(folder)/count.json', '2026-01-01T00:00:00Z')")
        try old.query("INSERT INTO tills (till_key, till, state) VALUES ('main', 'main', ?)", [.text(text(main))])
        try old.query("INSERT INTO tills (till_key, till, state) VALUES ('front', 'Front', json_remove(?, '$.content.undo[0].key'))", [.text(text(front))])
        try old.query("INSERT INTO tills (till_key, till, state) VALUES ('bad', 'Bad', 'not json')")
        old.close()

        let store = SQLiteLiveCountTests.Store(folder: folder)
        let till = try store.till()
        #expect(try till.undoStepCount() == 1)
        #expect(throws: StoreError.self) { try store.directory.repository(for: TillName(stored: "Front")).load() }
        #expect(try till.undo { _, _ in } == .liveCount(action: "add 20=1"), "the migration ran; main's step is undone")
        #expect(try store.history.savedCounts().isEmpty)
        #expect(throws: StoreError.self) { try store.directory.repository(for: TillName(stored: "Front")).load() }
        #expect(throws: StoreError.self) { try store.directory.repository(for: TillName(stored: "Bad")).load() }
    }

    // MARK: PostgreSQL (version 3 → 4)

    @Test func aVersion3SharedStoresStepsAreTakenIntoTheJournalPersonByPerson() throws {
        let database = try sharedCluster().newDatabase()
        let version3 = PostgresSchemaLayout(schema: "tillcount", tool: "tillcount", migrations: Array(PostgresTillSchema.layout.migrations.prefix(3)))
        try PostgresStore(connectionText: database, layout: version3, actor: "tester@host").initialize()
        let (state, steps) = Self.olderStack()
        for statement in [
            "INSERT INTO tillcount.tills (till_key, till, currency, float, notes, count) VALUES ('main', 'main', 'GBP', 0, '', '\(state.snapshotJSON.serialized())')",
            """
            INSERT INTO tillcount.counts (id, saved_at, currency, total, float, saved_by, saved_actor, deleted_at, deleted_by, till, till_key)
            VALUES (1, '2026-01-01T10:00:00Z', 'GBP', 0, 0, '\(Self.saveKey)', 'ann@till-1', NULL, NULL, 'main', 'main'),
                   (2, '2026-01-01T09:00:00Z', 'GBP', 0, 0, 'dd', 'ann@till-1', '2026-01-01T10:01:00Z', '\(Self.rmKey)', 'main', 'main'),
                   (3, '2026-01-01T08:00:00Z', 'GBP', 0, 0, 'ee', 'ann@till-1', '2026-01-01T09:30:00Z', '\(Self.purgedKey)', 'main', 'main')
            """,
            "SELECT setval(pg_get_serial_sequence('tillcount.counts', 'id'), 3)",
            "INSERT INTO tillcount.pending_purges (key, till_key) VALUES ('\(Self.purgedKey)', 'main')",
        ] {
            _ = try sharedCluster().execute(statement, on: database)
        }
        // Ann's stack, after a step of Bob's: his, never hers to undo.
        let rows = [("bob@till-2", TillUndoStep.count(TillState(), action: "add 20=1 by Bob"))] + steps.map { ("ann@till-1", $0) }
        for (actor, step) in rows {
            let kind = switch step {
            case .count: "count"
            case .history: "history"
            case .till: "till"
            }
            let text = step.json.serialized().replacingOccurrences(of: "'", with: "''")
            try sharedCluster().execute(
                "INSERT INTO tillcount.undo_steps (till_key, actor, kind, step) VALUES ('main', '\(actor)', '\(kind)', '\(text)')", on: database)
        }

        let store = PostgresTillStore(connectionText: database, actor: "ann@till-1")
        let ann = Till(live: store.directory.repository(for: .main), history: store.history, denominations: InMemoryDenominations(),
                       tills: store.directory, store: store)
        #expect(try ann.undoStepCount() == 4)
        try Self.undoesTheOlderStack(ann, history: store.history, tills: store.directory)
        let bob = PostgresTillStore(connectionText: database, actor: "bob@till-2")
        let bobs = Till(live: bob.directory.repository(for: .main), history: bob.history, denominations: InMemoryDenominations(), store: bob)
        #expect(try bobs.undoStepCount() == 1)
        #expect(try sharedCluster().execute("SELECT id FROM tillcount.counts ORDER BY id", on: database).map(\.values) == [["2"]])
        let left = try sharedCluster().execute(
            "SELECT count(*) FROM pg_tables WHERE schemaname = 'tillcount' AND tablename IN ('undo_steps', 'pending_purges')", on: database)
        #expect(left.first?.text(0) == "0", "the old tables are dropped")
        // The journal's ids go on past the steps taken in.
        try Fixture.add(ann, "5=1", action: "add 5=1")
        #expect(try ann.undo { _, _ in } == .liveCount(action: "add 5=1"))
    }
}
