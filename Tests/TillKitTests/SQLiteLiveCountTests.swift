// The file store in one database: every till's live count is a row of the history's
// SQLite database, so a save (the count filed and its undo step) is one transaction; the
// live count files of an older tillcount are read as they are until the first change,
// which takes them over and keeps them as backups beside (count.json.migrated,
// count.tills.migrated).

import Foundation
import MoneyKit
import MoneyKitStorage
import MoneyKitPlatform
import Testing
import TillKit
import TillSQLite

@Suite struct SQLiteLiveCountTests {
    struct Store {
        let folder: String
        let database: SQLiteTillDatabase
        let directory: SQLiteTillDirectory
        let history: SQLiteTillHistory

        init(folder: String) {
            self.folder = folder
            database = SQLiteTillDatabase(path: folder + "/history.sqlite", createsFolders: false)
            directory = SQLiteTillDirectory(
                database: database, files: JSONTillDirectory(stateFile: StoreLocation(path: folder + "/count.json", isDefault: false)))
            history = SQLiteTillHistory(database: database)
        }

        func till(_ name: String = "main") throws -> Till {
            let tillName = try TillName(checking: name)
            return Till(
                live: directory.repository(for: tillName), history: history, denominations: InMemoryDenominations(), name: tillName,
                tills: directory, store: SQLiteTillStore(directory: directory, history: history))
        }

        func exists(_ relative: String) -> Bool { FileManager.default.fileExists(atPath: folder + "/" + relative) }
        func bytes(_ relative: String) -> Data? { FileManager.default.contents(atPath: folder + "/" + relative) }
    }

    /// Live counts as an older tillcount kept them: count.json (the default till) and
    /// count.tills/front.json, each with an undo step.
    static func plantFiles(in folder: String) throws {
        let files = JSONTillDirectory(stateFile: StoreLocation(path: folder + "/count.json", isDefault: false))
        for (name, words) in [("main", "20=2"), ("Front", "5=3")] {
            let tillName = try TillName(checking: name)
            let till = Till(live: files.repository(for: tillName), history: InMemoryTillHistory(), denominations: InMemoryDenominations(), name: tillName)
            try Fixture.add(till, words, action: "add \(words)")
            // Its undo step as that tillcount kept it, in the file: the count before.
            try files.repository(for: tillName).change { $0.undo = [.count(TillState(), action: "add \(words)")] }
        }
    }

    @Test func liveCountsAreRowsOfTheHistoryDatabase() throws {
        let store = Store(folder: try Fixture.temporaryFolder())
        let main = try store.till()
        let front = try store.till("Front")
        try Fixture.add(main, "20=2", action: "add 20=2")
        try Fixture.add(front, "10=1")
        #expect(store.exists("history.sqlite"))
        #expect(!store.exists("count.json") && !store.exists("count.tills"), "no live count file is made")
        #expect(try Fixture.quantities(main) == ["20": 2])
        #expect(try Fixture.quantities(front) == ["10": 1])
        #expect(try store.directory.tills().map(\.name.display) == ["main", "Front"])
        #expect(try front.live.load().tillName == "Front")
        #expect(store.directory.keeps(try TillName(checking: "front")))
        #expect(!store.directory.keeps(try TillName(checking: "Back")))
        #expect(try main.undo { _, _ in } == .liveCount(action: "add 20=2"))
        #expect(try Fixture.quantities(main) == [:])
        #expect(try Fixture.quantities(front) == ["10": 1])
    }

    @Test func aSaveAndItsUndoStepAreOneTransaction() throws {
        let store = Store(folder: try Fixture.temporaryFolder())
        let till = try store.till()
        try Fixture.add(till, "20=2")
        let before = try till.live.load()
        struct Killed: Error {}
        // Whatever fails after the count is filed takes the filing and its step back with it.
        #expect(throws: Killed.self) {
            try till.write("save") {
                let (_, summary) = try till.summary(Fixture.choice())
                _ = try till.save(summary, notes: [], label: nil, expected: nil, action: "save")
                #expect(try store.history.savedCounts().count == 1, "seen inside the transaction")
                throw Killed()
            }
        }
        #expect(try store.history.savedCounts().isEmpty)
        #expect(try till.live.load() == before)
        // Done whole, save and undo agree: undo deletes the count the save filed.
        let (_, summary) = try till.summary(Fixture.choice())
        let id = try till.save(summary, notes: [], label: nil, expected: nil, action: "save")
        try till.delete(id, action: "history rm \(id)")
        #expect(try store.history.savedCounts().isEmpty)
        guard case .history(_, .restored(id: id)) = try till.undo(skipped: { _, _ in }) else {
            Issue.record("undo did not bring the count back")
            return
        }
        guard case .history(_, .removed(id: id)) = try till.undo(skipped: { _, _ in }) else {
            Issue.record("undo did not delete the saved count")
            return
        }
        #expect(try store.history.savedCounts().isEmpty)
    }

    @Test func readsUseTheFilesAndChangeNothingUntilTheFirstChange() throws {
        let folder = try Fixture.temporaryFolder()
        try Self.plantFiles(in: folder)
        let store = Store(folder: folder)
        let main = try #require(store.bytes("count.json"))
        let front = try #require(store.bytes("count.tills/front.json"))
        #expect(try Fixture.quantities(try store.till()) == ["20": 2])
        #expect(try Fixture.quantities(try store.till("front")) == ["5": 3])
        #expect(try store.directory.tills().map(\.name.display) == ["main", "Front"])
        #expect(store.directory.keeps(try TillName(checking: "FRONT")))
        #expect(try store.history.savedCounts().isEmpty)
        #expect(store.bytes("count.json") == main && store.bytes("count.tills/front.json") == front)
        #expect(!store.exists("history.sqlite"), "a read makes no database")
    }

    @Test func theFirstChangeTakesTheFilesOverAndKeepsThemAsBackups() throws {
        let folder = try Fixture.temporaryFolder()
        try Self.plantFiles(in: folder)
        let store = Store(folder: folder)
        let main = try #require(store.bytes("count.json"))
        let front = try #require(store.bytes("count.tills/front.json"))
        let till = try store.till()
        try Fixture.add(till, "10=1", action: "add 10=1")
        #expect(!store.exists("count.json") && !store.exists("count.tills"))
        #expect(store.bytes("count.json.migrated") == main, "kept as it was")
        #expect(store.bytes("count.tills.migrated/front.json") == front)
        #expect(try Fixture.quantities(till) == ["20": 2, "10": 1])
        let other = try store.till("Front")
        #expect(try Fixture.quantities(other) == ["5": 3])
        #expect(try other.live.load().tillName == "Front")
        #expect(try store.directory.tills().map(\.name.display) == ["main", "Front"])
        // The undo stacks came over: the steps made in the files undo here.
        #expect(try till.undo { _, _ in } == .liveCount(action: "add 10=1"))
        #expect(try till.undo { _, _ in } == .liveCount(action: "add 20=2"))
        #expect(try other.undo { _, _ in } == .liveCount(action: "add 5=3"))
        // Files planted later are not the store's: never read, never taken over again.
        try Data(#"{"format": "tillcount-state", "version": 4, "content": {"currency": "GBP", "float": "0.00", "lines": [{"kind": "note", "value": "50.00", "quantity": 1}], "notes": [], "updated": null, "undo": [], "purge": []}}"#.utf8)
            .write(to: URL(fileURLWithPath: folder + "/count.json"))
        #expect(try Fixture.quantities(till) == [:])
        try Fixture.add(till, "20=1")
        #expect(try Fixture.quantities(till) == ["20": 1])
        #expect(store.exists("count.json"))
    }

    @Test func aFileThatCannotBeReadIsNeverTakenOver() throws {
        let folder = try Fixture.temporaryFolder()
        try Self.plantFiles(in: folder)
        try Data("not json\n".utf8).write(to: URL(fileURLWithPath: folder + "/count.tills/front.json"))
        let store = Store(folder: folder)
        let main = try #require(store.bytes("count.json"))
        #expect(throws: StoreError.self) { try Fixture.add(try store.till(), "10=1") }
        #expect(store.bytes("count.json") == main)
        #expect(store.bytes("count.tills/front.json") == Data("not json\n".utf8))
        #expect(!store.exists("count.json.migrated"))
        // Nothing was imported: the reads still read the files.
        #expect(try Fixture.quantities(try store.till()) == ["20": 2])
    }

    @Test func tillsRmAndItsUndoOnTheDatabase() throws {
        let store = Store(folder: try Fixture.temporaryFolder())
        let main = try store.till()
        let back = try store.till("Back")
        _ = try back.setFloat(action: "float 0", currency: Fixture.choice()) { _ in Fixture.money("0") }
        #expect(store.directory.keeps(back.name))
        let removal = try main.removeTill(back.name, fallback: Fixture.gbp, action: "tills rm Back")
        #expect(removal.name.display == "Back")
        #expect(!store.directory.keeps(back.name))
        #expect(try main.undo { _, _ in } == .till(removal, restored: true))
        #expect(store.directory.keeps(back.name))
        #expect(try back.live.load().tillName == "Back")
    }
}
