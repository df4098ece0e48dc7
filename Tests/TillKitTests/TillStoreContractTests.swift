// The live counts' contract, the same bodies run against every adapter: in memory and
// SQLite here, PostgreSQL in TillPostgresStoreTests. Each till keeps its own count and
// undo, the tills are listed the default one first, a till removed comes back with undo,
// and a save that fails part way inside one write keeps nothing of it (every adapter: a
// write is one transaction, in memory too).

import Foundation
import MoneyKit
import MoneyKitPlatform
import MoneyKitStorage
import Testing
import TillKit
import TillSQLite

/// What a contract body needs of a store: its directory of tills, its history, and the
/// store whose write joins their changes.
struct TillStoreUnderTest {
    let tills: any TillDirectory
    let history: any TillHistoryRepository
    let store: any TillStore

    func till(_ name: String) throws -> Till {
        let tillName = try TillName(checking: name)
        return Till(
            live: tills.repository(for: tillName), history: history, denominations: InMemoryDenominations(), name: tillName,
            tills: tills, store: store)
    }
}

@Suite struct TillStoreContractTests {
    enum Adapter: String, CaseIterable, Sendable { case memory, sqlite }

    static func store(_ adapter: Adapter) throws -> TillStoreUnderTest {
        switch adapter {
        case .memory:
            let store = InMemoryTillStore()
            return TillStoreUnderTest(tills: store.tills, history: store.history, store: store)
        case .sqlite:
            let folder = try Fixture.temporaryFolder()
            let database = SQLiteTillDatabase(path: folder + "/history.sqlite", createsFolders: false)
            let tills = SQLiteTillDirectory(
                database: database, files: JSONTillDirectory(stateFile: StoreLocation(path: folder + "/count.json", isDefault: false)))
            let history = SQLiteTillHistory(database: database)
            return TillStoreUnderTest(tills: tills, history: history, store: SQLiteTillStore(directory: tills, history: history))
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
    func theAuditTrailKeepsWhoDidWhatAndIsNeverUndone(adapter: Adapter) throws {
        try Self.theAuditTrailKeepsWhoDidWhatAndIsNeverUndone(try Self.store(adapter))
    }

    /// The audit trail (issue 29, item 6), on any adapter (the PostgreSQL suite runs it
    /// too): blind on, the blind count saved (revealed), blind off, an undo, each with who
    /// and the till; undo removes none of it; a write that fails keeps none of its entry.
    static func theAuditTrailKeepsWhoDidWhatAndIsNeverUndone(_ store: TillStoreUnderTest) throws {
        var main = try store.till("main")
        main.auditor = { "ann@till-1" }
        var front = try store.till("Front")
        front.auditor = { "bob@till-2" }
        #expect(try main.auditTrail().isEmpty)
        try Fixture.add(main, "20=2", action: "add 20=2")
        #expect(try main.setBlind(true, action: "blind on"))
        let (_, summary) = try main.summary(Fixture.choice())
        // A blind till saved without an expected cash shows nothing: no reveal.
        _ = try main.save(summary, notes: [], label: nil, expected: nil, action: "save")
        let id = try main.save(summary, notes: [], label: nil, expected: Fixture.money("40"), action: "save")
        #expect(try front.setBlind(true, action: "blind on"))
        #expect(try front.setBlind(false, action: "blind off"))
        _ = try front.undo { _, _ in }
        let trail = try main.auditTrail()
        #expect(trail.map { "\($0.till) \($0.who) \($0.action.rawValue) \($0.detail)" } == [
            "main ann@till-1 blind-on ",
            "main ann@till-1 reveal saved count \(id)",
            "Front bob@till-2 blind-on ",
            "Front bob@till-2 blind-off ",
            "Front bob@till-2 undo blind off",
        ])
        #expect(try main.auditTrail(till: front.name).count == 3)
        #expect(try main.auditTrail(since: Int64(Date().timeIntervalSince1970) + 3600).isEmpty)
        // The undo of blind on takes back the blind mode, not its entry.
        _ = try front.undo { _, _ in }
        #expect(try main.auditTrail().count == 6)
        #expect(trail.allSatisfy { Instant.parseISO8601($0.at) != nil })
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

    @Test(arguments: Adapter.allCases)
    func theDirectoryRulesHold(adapter: Adapter) throws {
        try Self.theDirectoryRulesHold(try Self.store(adapter))
    }

    /// The rules of TillDirectoryRules, on any adapter (the PostgreSQL suite runs it too):
    /// the default till listed first once used, the others by name as first given; a till
    /// is started by its first change; a change the loader would refuse, a removal its
    /// check refuses and a restore over a kept till change nothing; a missing till is not
    /// removed.
    static func theDirectoryRulesHold(_ store: TillStoreUnderTest) throws {
        let zed = try store.till("zed")
        let alpha = try store.till("Alpha")
        #expect(try store.tills.tills().isEmpty)
        #expect(store.tills.keeps(.main))
        #expect(!store.tills.keeps(alpha.name))
        try Fixture.add(zed, "10=1")
        try Fixture.add(alpha, "20=1")
        try Fixture.add(try store.till("main"), "5=1")
        try Fixture.add(try store.till("ALPHA"), "20=1")
        #expect(try store.tills.tills().map(\.name.display) == ["main", "Alpha", "zed"])
        #expect(try alpha.live.load().tillName == "Alpha")
        // What the loader would refuse is not kept.
        let before = try alpha.live.load()
        #expect(throws: TillError.self) { try alpha.live.change { $0.floatMinorUnits = -5 } }
        #expect(try alpha.live.load() == before)
        // A removal its check refuses keeps the till; a missing till is not removed.
        struct Refused: Error {}
        #expect(throws: Refused.self) { try store.tills.remove(zed.name) { _ in throw Refused() } }
        #expect(store.tills.keeps(zed.name))
        #expect(try store.tills.remove(try TillName(checking: "nowhere")) { _ in } == nil)
        // Removed, then restored once: a second restore finds it kept and changes nothing.
        let removed = try #require(try store.tills.remove(zed.name) { _ in })
        #expect(removed.quantities.values.reduce(0, +) == 1)
        #expect(!store.tills.keeps(zed.name))
        #expect(try store.tills.tills().map(\.name.display) == ["main", "Alpha"])
        var empty = TillState()
        empty.currencyCode = "GBP"
        #expect(try store.tills.restore(zed.name, state: empty))
        #expect(!(try store.tills.restore(zed.name, state: removed)))
        #expect(try zed.live.load().currencyCode == "GBP")
        #expect(try zed.live.load().quantities.isEmpty)
        #expect(try store.tills.tills().map(\.name.display) == ["main", "Alpha", "zed"])
    }

    @Test(arguments: Adapter.allCases)
    func aFailedWriteKeepsNothing(adapter: Adapter) throws {
        try Self.aFailedSaveKeepsNothing(try Self.store(adapter))
    }

    /// The check itself, on any adapter: a write is one transaction (in memory too: its
    /// copy is put back) (the PostgreSQL suite runs it too).
    static func aFailedSaveKeepsNothing(_ store: TillStoreUnderTest) throws {
        let till = try store.till("main")
        try Fixture.add(till, "20=2")
        let before = try till.live.load()
        struct Killed: Error {}
        #expect(throws: Killed.self) {
            try till.write("save") {
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
