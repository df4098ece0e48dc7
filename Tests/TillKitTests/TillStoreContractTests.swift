// The live counts' contract, the same bodies run against every adapter: in memory and
// SQLite here, PostgreSQL in TillPostgresStoreTests. Each till keeps its own count and
// undo, the tills are listed the default one first, a till removed comes back with undo,
// and where the store has transactions (SQLite, PostgreSQL) a save that fails part way
// keeps nothing of it.

import Foundation
import MoneyKit
import MoneyKitStorage
import Testing
import TillKit
import TillSQLite

/// What a contract body needs of a store: its directory of tills, its history, and what
/// joins their changes (nil in memory).
struct TillStoreUnderTest {
    let tills: any TillDirectory
    let history: any TillHistoryRepository
    let transactions: (any TillTransactions)?

    func till(_ name: String) throws -> Till {
        let tillName = try TillName(checking: name)
        return Till(
            live: tills.repository(for: tillName), history: history, denominations: InMemoryDenominations(), name: tillName,
            tills: tills, transactions: transactions)
    }
}

@Suite struct TillStoreContractTests {
    enum Adapter: String, CaseIterable, Sendable { case memory, sqlite }

    static func store(_ adapter: Adapter) throws -> TillStoreUnderTest {
        switch adapter {
        case .memory:
            return TillStoreUnderTest(tills: InMemoryTillDirectory(), history: InMemoryTillHistory(), transactions: nil)
        case .sqlite:
            let folder = try Fixture.temporaryFolder()
            let database = SQLiteTillDatabase(path: folder + "/history.sqlite", createsFolders: false)
            let tills = SQLiteTillDirectory(
                database: database, files: JSONTillDirectory(stateFile: StoreLocation(path: folder + "/count.json", isDefault: false)))
            return TillStoreUnderTest(tills: tills, history: SQLiteTillHistory(database: database), transactions: database)
        }
    }

    @Test(arguments: Adapter.allCases)
    func eachTillKeepsItsOwnCountAndUndo(adapter: Adapter) throws {
        try Self.eachTillKeepsItsOwnCountAndUndo(try Self.store(adapter))
    }

    /// The check itself, on any adapter (the PostgreSQL suite runs it too).
    static func eachTillKeepsItsOwnCountAndUndo(_ store: TillStoreUnderTest) throws {
        let main = try store.till("main")
        let front = try store.till("Front")
        try Fixture.add(main, "20=2", action: "add 20=2")
        try Fixture.add(front, "10=1", action: "add 10=1")
        try Fixture.add(try store.till("FRONT"), "10=2", action: "add 10=2")
        #expect(try Fixture.quantities(main) == ["20": 2])
        #expect(try Fixture.quantities(front) == ["10": 3])
        #expect(try store.tills.tills().map(\.name.display) == ["main", "Front"])
        #expect(store.tills.keeps(try TillName(checking: "front")))
        #expect(!store.tills.keeps(try TillName(checking: "Back")))
        #expect(try front.undo { _, _ in } == .liveCount(action: "add 10=2"))
        #expect(try Fixture.quantities(main) == ["20": 2])
        #expect(try main.undo { _, _ in } == .liveCount(action: "add 20=2"))
        #expect(try Fixture.quantities(front) == ["10": 1])
    }

    @Test(arguments: Adapter.allCases)
    func aRemovedTillComesBackWithUndo(adapter: Adapter) throws {
        try Self.aRemovedTillComesBackWithUndo(try Self.store(adapter))
    }

    /// The check itself, on any adapter (the PostgreSQL suite runs it too).
    static func aRemovedTillComesBackWithUndo(_ store: TillStoreUnderTest) throws {
        let main = try store.till("main")
        let back = try store.till("Back")
        _ = try back.setCurrency(Fixture.gbp, force: false, action: "currency GBP")
        #expect(store.tills.keeps(back.name))
        let removal = try main.removeTill(back.name, fallback: Fixture.gbp, action: "tills rm Back")
        #expect(!store.tills.keeps(back.name))
        #expect(try main.undo { _, _ in } == .till(removal, restored: true))
        #expect(store.tills.keeps(back.name))
        #expect(try back.live.load().currencyCode == "GBP")
    }

    @Test func aFailedSaveKeepsNothingWhereTheStoreHasTransactions() throws {
        try Self.aFailedSaveKeepsNothing(try Self.store(.sqlite))
    }

    /// The check itself, on a store with transactions (the PostgreSQL suite runs it too).
    static func aFailedSaveKeepsNothing(_ store: TillStoreUnderTest) throws {
        let till = try store.till("main")
        try Fixture.add(till, "20=2")
        let before = try till.live.load()
        struct Killed: Error {}
        #expect(throws: Killed.self) {
            try till.atomically {
                let (_, summary) = try till.summary(Fixture.choice())
                _ = try till.save(summary, notes: [], label: nil, expected: nil, action: "save")
                throw Killed()
            }
        }
        #expect(try store.history.savedCounts().isEmpty)
        #expect(try till.live.load().undo == before.undo)
        #expect(try Fixture.quantities(till) == ["20": 2])
    }
}
