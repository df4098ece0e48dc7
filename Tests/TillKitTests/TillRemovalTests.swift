// 'tillcount tills rm NAME' (issue 26, item 38): a till that holds nothing is removed as
// one undo step of the till the command runs in, and undo there brings it back with its
// settings; a till that holds anything is refused, saying what; on memory and on the
// file store's database (PostgreSQL: TillPostgresStoreTests).

import Foundation
import MoneyKit
import MoneyKitStorage
import Testing
import TillKit
import TillSQLite
import MoneyKitSQLite

@Suite struct TillRemovalTests {
    static let front = TillName(stored: "Front")

    /// A store without a server (memory, or the file store's SQLite database), and a till
    /// of it by name.
    struct Store {
        let store: any TillStore
        let directory: any TillDirectory
        let history: any TillHistoryRepository
        /// Every saved count the history holds, hidden ones too.
        let storedIDs: () throws -> [Int64]
        /// The files' folder, nil in memory.
        let folder: String?

        func till(_ name: TillName) -> Till {
            Till(live: directory.repository(for: name), history: history, denominations: InMemoryDenominations(), name: name,
                 tills: directory, store: store)
        }

        func listed() throws -> [String] { try TillsReport.listed(directory, history: history).map(\.name.display) }
    }

    static func stores() throws -> [Store] {
        let memory = InMemoryTillStore()
        let folder = try Fixture.temporaryFolder()
        let database = SQLiteTillDatabase(path: folder + "/history.sqlite", createsFolders: false)
        let directory = SQLiteTillDirectory(database: database, files: JSONTillDirectory(stateFile: StoreLocation(path: folder + "/count.json", isDefault: false)))
        let history = SQLiteTillHistory(database: database)
        return [
            Store(store: memory, directory: memory.memoryTills, history: memory.memoryHistory, storedIDs: { memory.memoryHistory.storedIDs }, folder: nil),
            Store(store: SQLiteTillStore(directory: directory, history: history), directory: directory, history: history, storedIDs: {
                let db = try SQLiteDatabase.open(folder + "/history.sqlite", schema: SQLiteTillHistory.schema, access: .read, mustExist: true)
                return try db.query("SELECT id FROM counts ORDER BY id").compactMap { row in
                    if case .integer(let id)? = row.first { return id }
                    return nil
                }
            }, folder: folder),
        ]
    }

    @Test func aTillWithNothingInItIsRemovedAndUndoBringsItBackWithItsSettings() throws {
        for store in try Self.stores() {
            let main = store.till(.main)
            try Fixture.add(main, "5=1")
            let front = store.till(Self.front)
            try front.setCurrency(Fixture.usd, force: false, action: "currency USD")
            _ = try front.setBlind(true, action: "blind on")
            try Fixture.add(front, "20=2")
            try front.clear(keepNotes: false, action: "clear")
            #expect(try store.listed() == ["main", "Front"])
            let removal = try main.removeTill(TillName(stored: "FRONT"), fallback: Fixture.gbp, action: "tills rm Front")
            #expect(removal.name.display == "Front", "named as first given")
            #expect(try store.listed() == ["main"])
            #expect(!store.directory.keeps(Self.front))
            // One step of main's: main's own count is untouched.
            #expect(try main.undoStepCount() == 2)
            #expect(try Fixture.quantities(main) == ["5": 1])
            #expect(try main.undo { _, _ in } == .till(removal, restored: true))
            #expect(try store.listed() == ["main", "Front"])
            let back = try front.live.load()
            #expect(back.currencyCode == "USD" && back.isBlind && back.isEmpty)
            // Its old steps went with it: it comes back with nothing to undo.
            #expect(try front.undoStepCount() == 0)
            #expect(try Fixture.quantities(main) == ["5": 1])
            #expect(try main.undo { _, _ in } == .liveCount(action: "add"))
        }
    }

    @Test func aTillThatHoldsAnythingIsRefusedSayingWhat() throws {
        for store in try Self.stores() {
            let main = store.till(.main)
            let front = store.till(Self.front)
            try Fixture.add(front, "20=2", "10=1")
            _ = try front.setFloat(action: "float", currency: Fixture.choice()) { _ in Fixture.money("50") }
            _ = try TillExpectedCashTests.record(front, .sale, "12")
            _ = try front.addNote("opened", action: "note", currency: Fixture.choice(), time: "09:00")
            #expect(throws: TillError.tillNotEmpty(name: "Front", holds: [.counted(lines: 2), .float(Fixture.money("50")), .movements(1), .notes(1)])) {
                try main.removeTill(Self.front, fallback: Fixture.gbp, action: "tills rm Front")
            }
            // Each alone is enough to keep it.
            try front.clear(keepNotes: true, action: "clear")
            #expect(throws: TillError.tillNotEmpty(name: "Front", holds: [.float(Fixture.money("50")), .notes(1)])) {
                try main.removeTill(Self.front, fallback: Fixture.gbp, action: "tills rm Front")
            }
            try front.replaceNotes([], action: "note --clear")
            #expect(throws: TillError.tillNotEmpty(name: "Front", holds: [.float(Fixture.money("50"))])) {
                try main.removeTill(Self.front, fallback: Fixture.gbp, action: "tills rm Front")
            }
            // Nothing changed in main: no step pushed for a refusal.
            #expect(try main.undoStepCount() == 0)
            #expect(store.directory.keeps(Self.front))
        }
    }

    @Test func aTillIsNeverRemovedFromItselfNorOneThatIsNotKept() throws {
        for store in try Self.stores() {
            let front = store.till(Self.front)
            try front.setCurrency(Fixture.gbp, force: false, action: "currency GBP")
            #expect(throws: TillError.tillRemovesItself(name: "front")) {
                try front.removeTill(TillName(stored: "front"), fallback: Fixture.gbp, action: "tills rm front")
            }
            #expect(throws: TillError.noTill(name: "Bar")) {
                try front.removeTill(TillName(stored: "Bar"), fallback: Fixture.gbp, action: "tills rm Bar")
            }
            // The default till, never used, has no live count to remove.
            #expect(throws: TillError.noTill(name: "main")) {
                try front.removeTill(.main, fallback: Fixture.gbp, action: "tills rm main")
            }
            #expect(try front.undoStepCount() == 1, "a refused removal leaves no step")
        }
    }

    @Test func savedCountsStayAndHiddenOnesGoWithTheTillsSteps() throws {
        for store in try Self.stores() {
            let main = store.till(.main)
            let front = store.till(Self.front)
            try Fixture.add(front, "20=1")
            let (_, summary) = try front.summary(Fixture.choice())
            let kept = try front.save(summary, notes: [], label: "kept", expected: nil, action: "save")
            let hidden = try front.save(summary, notes: [], label: "hidden", expected: nil, action: "save")
            try front.delete(hidden, action: "history rm")
            try front.clear(keepNotes: false, action: "clear")
            try main.removeTill(Self.front, fallback: Fixture.gbp, action: "tills rm Front")
            // The saved count stays, under the till's name; the one Front's steps could
            // have brought back is purged with those steps.
            #expect(try store.history.savedCounts().map(\.id) == [kept])
            #expect(try store.history.header(kept).till == "Front")
            #expect(try store.storedIDs() == [kept], "purged at once")
            #expect(try front.undoStepCount() == 0)
        }
    }

    @Test func undoLeavesATillStartedSinceAsItIs() throws {
        for store in try Self.stores() {
            let main = store.till(.main)
            let front = store.till(Self.front)
            try front.setCurrency(Fixture.gbp, force: false, action: "currency GBP")
            let removal = try main.removeTill(Self.front, fallback: Fixture.gbp, action: "tills rm Front")
            try Fixture.add(front, "10=3")
            #expect(try main.undo { _, _ in } == .till(removal, restored: false))
            #expect(try Fixture.quantities(front) == ["10": 3])
            #expect(throws: TillError.nothingToUndo(limit: TillState.undoLimit)) { try main.undo { _, _ in } }
        }
    }

    /// A till removed, started again and removed from another till: each removal's undo
    /// brings it back where none is kept, whoever removed it since (no conflict between them).
    @Test func aTillRemovedTwiceFromTwoTillsComesBackFromEither() throws {
        for store in try Self.stores() {
            let main = store.till(.main)
            let bar = store.till(TillName(stored: "Bar"))
            let front = store.till(Self.front)
            try front.setCurrency(Fixture.gbp, force: false, action: "currency GBP")
            try main.removeTill(Self.front, fallback: Fixture.gbp, action: "tills rm Front")
            try front.setCurrency(Fixture.usd, force: false, action: "currency USD")
            try bar.removeTill(Self.front, fallback: Fixture.gbp, action: "tills rm Front")
            guard case .till(_, restored: true) = try main.undo(skipped: { _, _ in }) else {
                Issue.record("main's removal did not come back")
                return
            }
            #expect(try front.liveCount().currencyCode == "GBP")
            guard case .till(_, restored: false) = try bar.undo(skipped: { _, _ in }) else {
                Issue.record("bar's undo did not leave the till kept since as it is")
                return
            }
            #expect(try front.liveCount().currencyCode == "GBP")
        }
    }

    /// The step as the state file keeps it: read back whole; a malformed one refused.
    @Test func theStepReadsBackAndAMalformedOneIsRefused() throws {
        var state = TillState()
        state.currencyCode = "GBP"
        state.isBlind = true
        let removal = TillRemoval(name: Self.front, state: state, action: "tills rm Front")
        let step = TillUndoStep.till(removal)
        #expect(try TillUndoStep(json: step.json, place: "undo[0]", version: TillState.formatVersion) == step)
        for bad in [
            #"{"kind": "till", "change": "add", "till": "Front", "action": "a", "count": {"float": "0", "lines": [], "notes": []}}"#,
            #"{"kind": "till", "change": "rm", "till": "", "action": "a", "count": {"float": "0", "lines": [], "notes": []}}"#,
            #"{"kind": "till", "change": "rm", "till": "Front", "action": "a"}"#,
        ] {
            #expect(throws: StoredContentError.self, "\(bad)") {
                try TillUndoStep(json: try JSONValue.parse(Array(bad.utf8)), place: "undo[0]", version: TillState.formatVersion)
            }
        }
    }
}
