// X and Z counts: a Z count is numbered in sequence per till (gap-free, in the save), is
// final (no rm, no relabel, no undo of its save), and records its till; on both adapters.

import Foundation
import MoneyKit
import Testing
import TillKit

@Suite struct ZCountTests {
    typealias Adapter = HistoryRepositoryContractTests.Adapter

    /// Two tills sharing one history.
    static func tills(_ adapter: Adapter) throws -> (main: Till, front: Till, history: any TillHistoryRepository) {
        let history = try HistoryRepositoryContractTests.history(adapter)
        let directory = InMemoryTillDirectory()
        func till(_ name: TillName) -> Till {
            Till(live: directory.repository(for: name), history: history, denominations: InMemoryDenominations(), name: name)
        }
        return (till(.main), till(try TillName(checking: "Front")), history)
    }

    @discardableResult
    static func save(_ till: Till, _ kind: SavedCount.Kind, label: String? = nil) throws -> Int64 {
        try Fixture.add(till, "20=1")
        let (count, summary) = try till.summary(Fixture.choice())
        return try till.save(summary, notes: count.state.notes, label: label, expected: nil, action: "save --kind \(kind.rawValue)", kind: kind)
    }

    @Test(arguments: Adapter.allCases)
    func zCountsAreNumberedPerTillWithoutGaps(adapter: Adapter) throws {
        let (main, front, history) = try Self.tills(adapter)
        let z1 = try Self.save(main, .z)
        let x = try Self.save(main, .x)
        let frontZ1 = try Self.save(front, .z)
        let z2 = try Self.save(main, .z)
        #expect(try history.header(z1).zNumber == 1)
        #expect(try history.header(x).zNumber == nil)
        #expect(try history.header(x).kindText == "X")
        #expect(try history.header(frontZ1).zNumber == 1)
        #expect(try history.header(frontZ1).till == "Front")
        #expect(try history.header(z2).kindText == "Z2")
        #expect(try history.header(z1).till == "main")
    }

    @Test(arguments: Adapter.allCases)
    func aZCountCannotBeDeletedOrRelabelled(adapter: Adapter) throws {
        let (main, _, history) = try Self.tills(adapter)
        let id = try Self.save(main, .z, label: "close")
        let before = try main.live.load()
        #expect(throws: TillError.zCountIsFinal(id: id, number: 1, refused: .rm)) { try main.countToDelete(id) }
        #expect(throws: TillError.zCountIsFinal(id: id, number: 1, refused: .rm)) { try main.delete(id, action: "history rm") }
        #expect(throws: TillError.zCountIsFinal(id: id, number: 1, refused: .label)) { try main.relabel(id, label: "x", action: "history label") }
        // The repository refuses too, whoever calls it.
        #expect(throws: TillError.zCountIsFinal(id: id, number: 1, refused: .label)) {
            try history.relabel(id, label: "x", step: HistoryStep(change: .label, id: id, action: "label"))
        }
        #expect(try history.header(id).label == "close")
        // Nothing was left on the undo stack by the refusals.
        #expect(try main.live.load().undo == before.undo)
    }

    @Test(arguments: Adapter.allCases)
    func undoNeverRemovesAZCountAndItsNumberIsNotReused(adapter: Adapter) throws {
        let (main, _, history) = try Self.tills(adapter)
        let z1 = try Self.save(main, .z)
        // The Z save pushed no step: undo reverts the add before it.
        #expect(try main.undo { _, _ in } == .liveCount(action: "add"))
        #expect(try history.header(z1).zNumber == 1)
        let z2 = try Self.save(main, .z)
        #expect(try history.header(z2).zNumber == 2)
    }

    @Test(arguments: Adapter.allCases)
    func anXSaveIsStillUndoneAndDeleted(adapter: Adapter) throws {
        let (main, _, history) = try Self.tills(adapter)
        let x = try Self.save(main, .x)
        guard case .history(_, .removed(let removed)) = try main.undo(skipped: { _, _ in }) else {
            Issue.record("the X save was not undone")
            return
        }
        #expect(removed == x)
        #expect(try history.savedCounts().isEmpty)
    }
}
