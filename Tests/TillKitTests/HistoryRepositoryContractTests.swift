// The history seam's contract, run against every adapter: the in-memory one the rules are
// tested with and the SQLite one the tool uses (and, in TillPostgresStoreTests, the
// PostgreSQL one, which runs these same checks). Hidden counts are left out of every read,
// undo of a save or an rm is exact, and a purge deletes only what its keys hid.

import Foundation
import MoneyKit
import Testing
import TillKit
import TillSQLite

@Suite struct HistoryRepositoryContractTests {
    enum Adapter: String, CaseIterable, Sendable { case memory, sqlite }

    static func history(_ adapter: Adapter) throws -> any TillHistoryRepository {
        switch adapter {
        case .memory: return InMemoryTillHistory()
        case .sqlite: return SQLiteTillHistory(path: try Fixture.temporaryFolder() + "/history.sqlite", createsFolders: false)
        }
    }

    static func count(_ total: String, label: String? = nil) -> SavedCount {
        let item = TillItem(kind: .note, minorUnits: 2000)
        let money = Fixture.money(total)
        return SavedCount(
            id: 0, savedAt: "", label: label, currency: Fixture.gbp, total: money, float: Fixture.money("10"), expected: nil,
            notes: ["a", "b"], lines: [SavedLine(item: item, quantity: money.minorUnits / 2000, rollSize: 1, packaging: .roll,
                                                  valueMinorUnits: money.minorUnits, sizeSource: .saved, token: "20", label: "£20")])
    }

    static func step(_ change: HistoryStep.Change, id: Int64? = nil, at: String) -> HistoryStep {
        HistoryStep(change: change, id: id, key: HistoryStep.randomKey(), at: at, action: change.rawValue)
    }

    static func definitions(_ currency: Currency) -> DenominationSet { DenominationSet.tillDefault(for: currency) }

    @Test(arguments: Adapter.allCases)
    func anEmptyHistoryReadsAsEmpty(adapter: Adapter) throws {
        try Self.anEmptyHistoryReadsAsEmpty(try Self.history(adapter))
    }

    /// The check itself, on any adapter (the PostgreSQL suite runs it too).
    static func anEmptyHistoryReadsAsEmpty(_ history: any TillHistoryRepository) throws {
        #expect(try history.savedCounts().isEmpty)
        #expect(throws: TillError.noSavedCount(id: 1)) { try history.header(1) }
        #expect(throws: TillError.noSavedCount(id: 1)) { try history.count(1, definitions: Self.definitions) }
        #expect(try history.purge(["ab"]) == 0)
        let step = Self.step(.rm, id: 1, at: "2026-01-01T00:00:00Z")
        #expect(try history.revert(step).foundNothing)
    }

    @Test(arguments: Adapter.allCases)
    func savedCountsAreListedNewestFirstWithTheirLines(adapter: Adapter) throws {
        try Self.savedCountsAreListedNewestFirstWithTheirLines(try Self.history(adapter))
    }

    /// The check itself, on any adapter (the PostgreSQL suite runs it too).
    static func savedCountsAreListedNewestFirstWithTheirLines(_ history: any TillHistoryRepository) throws {
        try history.prepareToSave()
        let first = try history.save(Self.count("40", label: "one"), step: Self.step(.save, at: "2026-01-01T10:00:00Z"), definitions: Self.definitions)
        let second = try history.save(Self.count("60"), step: Self.step(.save, at: "2026-01-02T10:00:00Z"), definitions: Self.definitions)
        let third = try history.save(Self.count("20"), step: Self.step(.save, at: "2026-01-02T10:00:00Z"), definitions: Self.definitions)
        #expect([first, second, third] == [1, 2, 3])
        #expect(try history.savedCounts().map(\.id) == [3, 2, 1], "newest first; the same time by id")
        #expect(try history.savedCounts().allSatisfy { $0.lines.isEmpty })
        let one = try history.count(1, definitions: Self.definitions)
        #expect(one.label == "one")
        #expect(one.savedAt == "2026-01-01T10:00:00Z")
        #expect(one.notes == ["a", "b"])
        #expect(one.difference == Fixture.money("30"))
        #expect(one.lines == Self.count("40").lines)
        #expect(try history.header(2).total == Fixture.money("60"))
    }

    @Test(arguments: Adapter.allCases)
    func rmHidesAndUndoRestoresAndPurgeDeletes(adapter: Adapter) throws {
        try Self.rmHidesAndUndoRestoresAndPurgeDeletes(try Self.history(adapter))
    }

    /// The check itself, on any adapter (the PostgreSQL suite runs it too).
    static func rmHidesAndUndoRestoresAndPurgeDeletes(_ history: any TillHistoryRepository) throws {
        try history.prepareToSave()
        let save = Self.step(.save, at: "2026-01-01T10:00:00Z")
        let id = try history.save(Self.count("40"), step: save, definitions: Self.definitions)
        let before = try history.count(id, definitions: Self.definitions)
        _ = try history.countToDelete(id)
        let rm = Self.step(.rm, id: id, at: "2026-01-01T11:00:00Z")
        try history.delete(id, step: rm, definitions: Self.definitions)
        #expect(try history.savedCounts().isEmpty)
        #expect(throws: TillError.noSavedCount(id: id)) { try history.header(id) }
        #expect(throws: TillError.noSavedCount(id: id)) { try history.delete(id, step: rm, definitions: Self.definitions) }
        // Undo of the save finds its count deleted already.
        #expect(try history.revert(save) == .deletedAlready(id: id))
        #expect(try history.revert(rm) == .restored(id: id))
        #expect(try history.count(id, definitions: Self.definitions) == before)
        #expect(try history.revert(rm).foundNothing, "reverted once only")
        // A purge deletes only counts hidden by its keys.
        try history.delete(id, step: rm, definitions: Self.definitions)
        #expect(try history.purge(["0123"]) == 0)
        #expect(try history.purge([rm.key]) == 1)
        #expect(try history.revert(rm).foundNothing)
        #expect(try history.savedCounts().isEmpty)
    }

    @Test(arguments: Adapter.allCases)
    func undoOfASaveDeletesItsCount(adapter: Adapter) throws {
        try Self.undoOfASaveDeletesItsCount(try Self.history(adapter))
    }

    /// The check itself, on any adapter (the PostgreSQL suite runs it too).
    static func undoOfASaveDeletesItsCount(_ history: any TillHistoryRepository) throws {
        try history.prepareToSave()
        let save = Self.step(.save, at: "2026-01-01T10:00:00Z")
        let id = try history.save(Self.count("40"), step: save, definitions: Self.definitions)
        #expect(try history.revert(save) == .removed(id: id))
        #expect(try history.revert(save).foundNothing)
        #expect(try history.savedCounts().isEmpty)
    }

    /// The whole till on the SQLite history and JSON live count: the same rules as in memory.
    @Test func theRulesHoldOnTheFileAdapters() throws {
        let folder = try Fixture.temporaryFolder()
        let till = Till(
            live: JSONTillRepository(store: .init(path: folder + "/count.json", createsMissingFolders: false)),
            history: SQLiteTillHistory(path: folder + "/history.sqlite", createsFolders: false),
            denominations: FileDenominationSource(file: .init(path: folder + "/denominations.json", createsMissingFolders: false)))
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
        let outcome = try till.undo { _, _ in }
        guard case .history(let step, .removed(id: id)) = outcome else {
            Issue.record("\(outcome)")
            return
        }
        #expect(step.change == .save)
        #expect(try till.historyList().isEmpty)
        #expect(try till.undo { _, _ in } == .liveCount(action: "add"))
        #expect(try till.live.load().isEmpty)
    }
}
