// Saved counts after saving: relabel and notes (undoable on X counts, the lines never
// changed), and the filters and export of the history; on both adapters.

import Foundation
import MoneyKit
import Testing
import TillKit

@Suite struct HistoryEditTests {
    typealias Adapter = HistoryRepositoryContractTests.Adapter

    @Test(arguments: Adapter.allCases)
    func aRelabelIsUndoneBackToTheLabelBefore(adapter: Adapter) throws {
        let (main, _, history) = try ZCountTests.tills(adapter)
        let id = try ZCountTests.save(main, .x, label: "first")
        let lines = try main.savedCount(id).lines
        try main.relabel(id, label: "second", action: "history label 1 second")
        try main.relabel(id, label: "", action: "history label 1")
        #expect(try history.header(id).label == nil)
        #expect(try history.savedCounts().first?.label == nil)
        guard case .history(let step, .labelRestored(let relabelled)) = try main.undo(skipped: { _, _ in }) else {
            Issue.record("the relabel was not undone")
            return
        }
        #expect(step.change == .label && relabelled == id)
        #expect(try history.header(id).label == "second")
        _ = try main.undo { _, _ in }
        #expect(try history.header(id).label == "first")
        #expect(try main.savedCount(id).lines == lines)
    }

    @Test(arguments: Adapter.allCases)
    func aNoteIsAddedBesideTheFiledNotesAndUndone(adapter: Adapter) throws {
        let (main, _, history) = try ZCountTests.tills(adapter)
        try main.addNote("filed", action: "note", currency: Fixture.choice(), time: "10:00")
        let id = try ZCountTests.save(main, .x)
        try main.addSavedNote(id, text: "checked by Sam", action: "history note 1 checked by Sam")
        let saved = try main.savedCount(id)
        #expect(saved.notes == ["filed"])
        #expect(saved.addedNotes.map(\.text) == ["checked by Sam"])
        #expect(saved.allNotes == ["filed", "checked by Sam"])
        guard case .history(let step, .noteRemoved(let noted)) = try main.undo(skipped: { _, _ in }) else {
            Issue.record("the note was not undone")
            return
        }
        #expect(step.change == .note && noted == id)
        #expect(try history.header(id).addedNotes.isEmpty)
        #expect(try history.header(id).notes == ["filed"])
    }

    @Test(arguments: Adapter.allCases)
    func aNoteOnAZCountIsFinal(adapter: Adapter) throws {
        let (main, _, history) = try ZCountTests.tills(adapter)
        let id = try ZCountTests.save(main, .z)
        let steps = try main.undoStepCount()
        try main.addSavedNote(id, text: "bank confirmed", action: "history note")
        #expect(try history.header(id).addedNotes.map(\.text) == ["bank confirmed"])
        #expect(try main.undoStepCount() == steps, "no step")
    }

    @Test(arguments: Adapter.allCases)
    func editsOfAMissingCountChangeNothing(adapter: Adapter) throws {
        let (main, _, _) = try ZCountTests.tills(adapter)
        try Fixture.add(main, "20=1")
        let steps = try main.undoStepCount()
        #expect(throws: TillError.noSavedCount(id: 9)) { try main.relabel(9, label: "x", action: "label") }
        #expect(throws: TillError.noSavedCount(id: 9)) { try main.addSavedNote(9, text: "x", action: "note") }
        #expect(try main.undoStepCount() == steps)
    }

    @Test(arguments: Adapter.allCases)
    func aHiddenCountTakesNoEditsAndItsPurgeTakesThemAway(adapter: Adapter) throws {
        let (main, _, history) = try ZCountTests.tills(adapter)
        let id = try ZCountTests.save(main, .x)
        try main.addSavedNote(id, text: "n", action: "note")
        try main.delete(id, action: "rm")
        #expect(throws: TillError.noSavedCount(id: id)) { try main.addSavedNote(id, text: "again", action: "note") }
        // Purged, with its added note, once its step leaves the last 100.
        for quantity in 1...TillState.undoLimit {
            _ = try main.adjust(.set, action: "set", currency: Fixture.choice(), requests: Fixture.requests(["10=\(quantity)"]))
        }
        #expect(throws: TillError.noSavedCount(id: id)) { try history.header(id) }
        #expect(try history.savedCounts().isEmpty)
    }

    @Test(arguments: Adapter.allCases)
    func filtersKeepCountsMatchingEveryCondition(adapter: Adapter) throws {
        let (main, front, _) = try ZCountTests.tills(adapter)
        let lunch = try ZCountTests.save(main, .x, label: "Lunch check")
        let close = try ZCountTests.save(main, .z, label: "close")
        let frontLunch = try ZCountTests.save(front, .x, label: "lunch")
        func ids(_ filter: HistoryFilter) throws -> [Int64] { try main.historyList(filter).map(\.id).sorted() }
        #expect(try ids(HistoryFilter()) == [lunch, close, frontLunch])
        #expect(try ids(HistoryFilter(label: "LUNCH")) == [lunch, frontLunch])
        #expect(try ids(HistoryFilter(till: try TillName(checking: "FRONT"))) == [frontLunch])
        #expect(try ids(HistoryFilter(till: .main, kind: .x)) == [lunch])
        #expect(try ids(HistoryFilter(kind: .z)) == [close])
        let now = Int64(Date().timeIntervalSince1970)
        #expect(try ids(HistoryFilter(since: now - 3600, until: now + 3600)) == [lunch, close, frontLunch])
        #expect(try ids(HistoryFilter(since: now + 3600)).isEmpty)
        #expect(try ids(HistoryFilter(until: now - 3600)).isEmpty)
    }

    @Test(arguments: Adapter.allCases)
    func theExportIsOldestFirstWithLines(adapter: Adapter) throws {
        let (main, front, _) = try ZCountTests.tills(adapter)
        let first = try ZCountTests.save(main, .x)
        let second = try ZCountTests.save(front, .z)
        let exported = try main.historyExport(HistoryFilter())
        #expect(exported.map(\.id) == [first, second])
        #expect(exported.allSatisfy { !$0.lines.isEmpty })
        // Read at once, each count is what reading it alone gives.
        #expect(exported == [try main.savedCount(first), try main.savedCount(second)])
        #expect(exported[1].till == "Front" && exported[1].kindText == "Z1")
    }
}
